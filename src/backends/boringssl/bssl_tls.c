/*
 * TLS 1.3 handshakes through BoringSSL's libssl: the hooks of
 * src/backends/libssl_tls.inc (the contexts, chain and connection calls,
 * shared with OpenSSL's, under src/tls/driver.h's loops) and the classes, among them the groups and
 * certificates OpenSSL 3.0 lacks: X25519MLKEM768 (Chromium's default) and
 * MLKEM1024 key shares, ML-DSA certificate chains (docs/TLS.md).
 *
 * BoringSSL has no TLS 1.3 cipher-suite setting: it takes
 * TLS_AES_128_GCM_SHA256 first where the CPU has AES instructions, as
 * OpenSSL is told to here; the negotiated suite is in each case's
 * parameters.
 */
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/boringssl/bssl_common.h"
#include "cryptobench/tls.h"
#include "backends/tls_unoffered.h"

#ifdef CB_BSSL_BUILT

#include "backends/libssl_tls.inc"

/* BoringSSL's key shares and signing are its own C++ code, not reachable from here: no share or sign op. */
static int tls_parts_init(cb_tls *t)
{
	(void)t;
	return 0;
}

static EVP_PKEY *tls_new_key(const char *type)
{
	if (!strcmp(type, "EC"))
		return EVP_PKEY_generate_from_alg(EVP_pkey_ec_p256());
	if (!strcmp(type, "RSA"))
		return EVP_PKEY_generate_from_alg(EVP_pkey_rsa()); /* RSA-2048, e = 65537 */
	if (!strcmp(type, "ED25519"))
		return EVP_PKEY_generate_from_alg(EVP_pkey_ed25519());
	if (!strcmp(type, "ML-DSA-44"))
		return EVP_PKEY_generate_from_alg(EVP_pkey_ml_dsa_44());
	if (!strcmp(type, "ML-DSA-65"))
		return EVP_PKEY_generate_from_alg(EVP_pkey_ml_dsa_65());
	if (!strcmp(type, "ML-DSA-87"))
		return EVP_PKEY_generate_from_alg(EVP_pkey_ml_dsa_87());
	return NULL;
}

/* Ed25519 and ML-DSA sign without a separate digest */
static const EVP_MD *tls_cert_md(EVP_PKEY *issuer_key)
{
	switch (EVP_PKEY_id(issuer_key)) {
	case EVP_PKEY_ED25519:
	case EVP_PKEY_ML_DSA_44:
	case EVP_PKEY_ML_DSA_65:
	case EVP_PKEY_ML_DSA_87: return NULL;
	default: return EVP_sha256();
	}
}

static int tls_set_suites(SSL_CTX *ctx)
{
	(void)ctx;
	return 1;
}

/* IANA's names, as OpenSSL gives them (BoringSSL says "P-256" and "X25519"), keep the stacks' names alike. */
static void tls_group_name(SSL *s, char *buf, size_t len)
{
	uint16_t id = SSL_get_group_id(s);
	const char *gn = id == SSL_GROUP_SECP256R1 ? "secp256r1" : id == SSL_GROUP_X25519 ? "x25519" : SSL_get_group_name(id);
	snprintf(buf, len, "%s", gn ? gn : "?");
}

/*
 * The scheme of the server's CertificateVerify: the client reads it from
 * the handshake (with the curve: ecdsa_secp256r1_sha256, as TLS 1.3 names it); the server (own) may sign with one scheme only, the
 * variant's (SSL_CTX_set1_sigalgs_list), and BoringSSL does not report
 * its own.
 */
static void tls_signature_name(SSL *c, int own, const tls_variant *v, char *buf, size_t len)
{
	const char *n = own ? v->sigalgs : SSL_get_signature_algorithm_name(SSL_get_peer_signature_algorithm(c), 1);
	snprintf(buf, len, "%s", n ? n : "?");
}

#define TLS_CLASS(sym, nm, var)                                                                             \
	static const cb_tls_class sym = {                                                                   \
		BSSL_INFO(CB_KIND_TLS, nm,                                                                  \
			  "BoringSSL's libssl, a BIO pair in one thread, no tickets; a chain of three "    \
			  "certificates made at start (BoringSSL's own TLS 1.3 suite order: "               \
			  "TLS_AES_128_GCM_SHA256 first with AES instructions)",                            \
			  &var),                                                                            \
		tls_init, cb_tls_drive_handshake, cb_tls_drive_server, tls_free, cb_tls_drive_serve,                \
		cb_tls_drive_root_pem, NULL, NULL}

static const tls_variant hybrid_ecdsa = {"X25519MLKEM768", "EC", "ecdsa_secp256r1_sha256"};
static const tls_variant hybrid_mldsa65 = {"X25519MLKEM768", "ML-DSA-65", "mldsa65"};
static const tls_variant mlkem1024_mldsa87 = {"MLKEM1024", "ML-DSA-87", "mldsa87"};

TLS_CLASS(tls_x25519_ecdsa, "tls13-x25519-ecdsa-p256", x25519_ecdsa);
TLS_CLASS(tls_p256_ecdsa, "tls13-p256-ecdsa-p256", p256_ecdsa);
TLS_CLASS(tls_x25519_rsa, "tls13-x25519-rsa2048", x25519_rsa);
TLS_CLASS(tls_x25519_ed25519, "tls13-x25519-ed25519", x25519_ed25519);
TLS_CLASS(tls_hybrid_ecdsa, "tls13-x25519mlkem768-ecdsa-p256", hybrid_ecdsa);
TLS_CLASS(tls_hybrid_mldsa65, "tls13-x25519mlkem768-mldsa65", hybrid_mldsa65);
TLS_CLASS(tls_mlkem1024_mldsa87, "tls13-mlkem1024-mldsa87", mlkem1024_mldsa87);

CB_TLS_UNOFFERED(no_sm2_sm2, "tls13-sm2-sm2", "boringssl", cb_bssl_implementation,
		 "BoringSSL has no SM2, SM3 or SM4: no curveSM2, sm2sig_sm3 or TLS_SM4_GCM_SM3 (RFC 8998)");

const cb_alg_info *const cb_bssl_tls_algs[] = {
	&tls_x25519_ecdsa.info,	  &tls_p256_ecdsa.info,	    &tls_x25519_rsa.info,
	&tls_x25519_ed25519.info, &tls_hybrid_ecdsa.info,   &tls_hybrid_mldsa65.info,
	&tls_mlkem1024_mldsa87.info, &no_sm2_sm2.info, NULL,
};

#endif
