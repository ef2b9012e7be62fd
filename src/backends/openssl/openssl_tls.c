/*
 * TLS 1.3 handshakes through OpenSSL's libssl: the hooks of
 * src/backends/libssl_tls.inc (the handshake, server and serve code, shared
 * with BoringSSL's) and the classes (include/cryptobench/tls.h,
 * docs/TLS.md).
 */
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backends/openssl/openssl_common.h"
#include "cryptobench/tls.h"
#include "backends/tls_unoffered.h"

#include "backends/libssl_tls.inc"

static EVP_PKEY *tls_new_key(const char *type)
{
	if (!strcmp(type, "EC"))
		return EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	if (!strcmp(type, "RSA"))
		return EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	return EVP_PKEY_Q_keygen(NULL, NULL, type);
}

/* Ed25519 signs without a separate digest */
static const EVP_MD *tls_cert_md(EVP_PKEY *issuer_key)
{
	return EVP_PKEY_get_id(issuer_key) == EVP_PKEY_ED25519 ? NULL : EVP_sha256();
}

static int tls_set_suites(SSL_CTX *ctx)
{
	return SSL_CTX_set_ciphersuites(ctx, "TLS_AES_128_GCM_SHA256");
}

static void tls_group_name(SSL *s, char *buf, size_t len)
{
	const char *gn = SSL_group_to_name(s, SSL_get_negotiated_group(s));
	snprintf(buf, len, "%s", gn ? gn : "?");
}

/* The scheme of the server's CertificateVerify, seen from the client (own 0) or the server (own 1). */
static void tls_signature_name(SSL *c, int own, const tls_variant *v, char *buf, size_t len)
{
	int type = NID_undef, md = NID_undef;
	(void)v;
	if (own) {
		SSL_get_signature_type_nid(c, &type);
		SSL_get_signature_nid(c, &md);
	} else {
		SSL_get_peer_signature_type_nid(c, &type);
		SSL_get_peer_signature_nid(c, &md);
	}
	if (type == EVP_PKEY_ED25519)
		snprintf(buf, len, "ed25519");
	else if (type == EVP_PKEY_EC && md == NID_sha256)
		snprintf(buf, len, "ecdsa_secp256r1_sha256");
	else if (type == EVP_PKEY_RSA_PSS && md == NID_sha256)
		snprintf(buf, len, "rsa_pss_rsae_sha256");
	else
		snprintf(buf, len, "%s+%s", OBJ_nid2sn(type), OBJ_nid2sn(md));
}

#define TLS_CLASS(sym, nm, var)                                                                           \
	static const cb_tls_class sym = {                                                                 \
		{.kind = CB_KIND_TLS, .name = nm, .backend = "openssl",                                    \
		 .notes = "libssl, TLS_AES_128_GCM_SHA256, a BIO pair in one thread, no tickets; a chain of " \
			  "three certificates made at start",                                             \
		 .implementation = cb_openssl_implementation, .variant = &var},                            \
		tls_init, tls_handshake, tls_server, tls_free, tls_serve_conn, tls_root_pem, NULL}

static const tls_variant x25519_ecdsa = {"X25519", "EC", "ecdsa_secp256r1_sha256"};
static const tls_variant p256_ecdsa = {"P-256", "EC", "ecdsa_secp256r1_sha256"};
static const tls_variant x25519_rsa = {"X25519", "RSA", "rsa_pss_rsae_sha256"};
static const tls_variant x25519_ed25519 = {"X25519", "ED25519", "ed25519"};

TLS_CLASS(tls_x25519_ecdsa, "tls13-x25519-ecdsa-p256", x25519_ecdsa);
TLS_CLASS(tls_p256_ecdsa, "tls13-p256-ecdsa-p256", p256_ecdsa);
TLS_CLASS(tls_x25519_rsa, "tls13-x25519-rsa2048", x25519_rsa);
TLS_CLASS(tls_x25519_ed25519, "tls13-x25519-ed25519", x25519_ed25519);

#define NO_MLKEM "OpenSSL 3.0's libssl has no ML-KEM groups and no ML-DSA (OpenSSL 3.5 has)"
CB_TLS_UNOFFERED(no_hybrid_ecdsa, "tls13-x25519mlkem768-ecdsa-p256", "openssl", cb_openssl_implementation, NO_MLKEM);
CB_TLS_UNOFFERED(no_hybrid_mldsa65, "tls13-x25519mlkem768-mldsa65", "openssl", cb_openssl_implementation, NO_MLKEM);
CB_TLS_UNOFFERED(no_mlkem1024_mldsa87, "tls13-mlkem1024-mldsa87", "openssl", cb_openssl_implementation, NO_MLKEM);
CB_TLS_UNOFFERED(no_sm2_sm2, "tls13-sm2-sm2", "openssl", cb_openssl_implementation,
		 "OpenSSL's TLS 1.3 has no curveSM2, no sm2sig_sm3 and no TLS_SM4_GCM_SM3 (RFC 8998)");

const cb_alg_info *const cb_openssl_tls_algs[] = {
	&tls_x25519_ecdsa.info,	   &tls_p256_ecdsa.info,       &tls_x25519_rsa.info,
	&tls_x25519_ed25519.info,  &no_hybrid_ecdsa.info,      &no_hybrid_mldsa65.info,
	&no_mlkem1024_mldsa87.info, &no_sm2_sm2.info,           NULL,
};
