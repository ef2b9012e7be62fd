/*
 * TLS 1.3 handshakes through OpenSSL's libssl: the hooks of
 * src/backends/libssl_tls.inc (the contexts, chain and connection calls,
 * shared with BoringSSL's, under src/tls/driver.h's loops) and the classes (include/cryptobench/tls.h,
 * docs/TLS.md).
 */
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The group of a variant as libssl 3.0 makes its keys: the algorithm and the group's name. */
static int share_group(const tls_variant *v, const char **alg, const char **group)
{
	if (!strcmp(v->groups, "X25519")) {
		*alg = "X25519";
		*group = "x25519";
	} else if (!strcmp(v->groups, "P-256")) {
		*alg = "EC";
		*group = "prime256v1";
	} else {
		return -1;
	}
	return 0;
}

/* An empty key of the group, as libssl's ssl_generate_param_group makes it (NULL on failure). */
static EVP_PKEY *share_params(const tls_variant *v)
{
	const char *alg, *group;
	EVP_PKEY_CTX *pctx;
	EVP_PKEY *pkey = NULL;
	if (share_group(v, &alg, &group) || !(pctx = EVP_PKEY_CTX_new_from_name(NULL, alg, NULL)))
		return NULL;
	if (EVP_PKEY_paramgen_init(pctx) <= 0 || EVP_PKEY_CTX_set_group_name(pctx, group) <= 0 ||
	    EVP_PKEY_paramgen(pctx, &pkey) <= 0) {
		EVP_PKEY_free(pkey);
		pkey = NULL;
	}
	EVP_PKEY_CTX_free(pctx);
	return pkey;
}

/* A fresh key from the group's parameters, as libssl's ssl_generate_pkey makes it. */
static EVP_PKEY *share_keygen(EVP_PKEY *params)
{
	EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_pkey(NULL, params, NULL);
	EVP_PKEY *pkey = NULL;
	if (pctx && (EVP_PKEY_keygen_init(pctx) <= 0 || EVP_PKEY_keygen(pctx, &pkey) <= 0)) {
		EVP_PKEY_free(pkey);
		pkey = NULL;
	}
	EVP_PKEY_CTX_free(pctx);
	return pkey;
}

/*
 * The server's key share alone, through the EVP calls libssl 3.0 makes
 * for it in a TLS 1.3 handshake (extensions_srvr.c and s3_lib.c: the
 * client's share set into an empty key of the group, a fresh key from
 * that key's parameters, its encoding for the ServerHello, the secret
 * derived through a fresh derive context, its length asked first),
 * without the key schedule.  The `share-cold` op of OpenSSL's classes:
 * plan --handshakes --backend openssl takes the server's key agreement
 * from it (docs/TLS.md).  0, or CB_ERR_BACKEND.
 */
static int tls_share(cb_tls *t)
{
	EVP_PKEY *peer = share_params(t->v), *key = NULL;
	EVP_PKEY_CTX *dctx = NULL;
	unsigned char *enc = NULL, *ss = NULL;
	size_t sslen = 0;
	int rc = CB_ERR_BACKEND;
	if (!peer || EVP_PKEY_set1_encoded_public_key(peer, t->share, t->share_len) <= 0 ||
	    !(key = share_keygen(peer)) || !EVP_PKEY_get1_encoded_public_key(key, &enc) ||
	    !(dctx = EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL)) || EVP_PKEY_derive_init(dctx) <= 0 ||
	    EVP_PKEY_derive_set_peer(dctx, peer) <= 0 || EVP_PKEY_derive(dctx, NULL, &sslen) <= 0 ||
	    !(ss = OPENSSL_malloc(sslen)) || EVP_PKEY_derive(dctx, ss, &sslen) <= 0)
		goto out;
	rc = 0;
out:
	OPENSSL_clear_free(ss, sslen);
	OPENSSL_free(enc);
	EVP_PKEY_CTX_free(dctx);
	EVP_PKEY_free(key);
	EVP_PKEY_free(peer);
	if (rc)
		ERR_clear_error();
	return rc;
}

/* RFC 8446's content a server's CertificateVerify signs: 64 spaces, the context string, the transcript hash. */
static const char cv_context[] = "TLS 1.3, server CertificateVerify";
#define CV_TBS (64 + sizeof(cv_context) + 32)

static void cv_tbs(const cb_tls *t, unsigned char tbs[CV_TBS])
{
	memset(tbs, 0x20, 64);
	memcpy(tbs + 64, cv_context, sizeof(cv_context));
	memcpy(tbs + 64 + sizeof(cv_context), t->transcript, 32);
}

/*
 * A digest context for the server key's CertificateVerify, set up as
 * libssl 3.0 sets it up for every one (statem_lib.c,
 * tls_construct_cert_verify / tls_process_cert_verify): the digest by
 * name (none for Ed25519), PSS with a digest-long salt for RSA.  NULL on
 * failure.
 */
static EVP_MD_CTX *cv_ctx(EVP_PKEY *pkey, int verify)
{
	EVP_MD_CTX *mctx = EVP_MD_CTX_new();
	EVP_PKEY_CTX *pctx = NULL;
	const char *md = EVP_PKEY_is_a(pkey, "ED25519") ? NULL : "SHA256";
	int r = mctx ? (verify ? EVP_DigestVerifyInit_ex(mctx, &pctx, md, NULL, NULL, pkey, NULL)
			       : EVP_DigestSignInit_ex(mctx, &pctx, md, NULL, NULL, pkey, NULL))
		     : 0;
	if (r > 0 && EVP_PKEY_is_a(pkey, "RSA"))
		r = EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PSS_PADDING) > 0 &&
		    EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, RSA_PSS_SALTLEN_DIGEST) > 0;
	if (r <= 0) {
		EVP_MD_CTX_free(mctx);
		return NULL;
	}
	return mctx;
}

/* One CertificateVerify signature into *sig (OPENSSL_malloc'd, *siglen bytes): 0, or -1. */
static int cv_sign(const cb_tls *t, unsigned char **sig, size_t *siglen)
{
	unsigned char tbs[CV_TBS];
	EVP_PKEY *pkey = SSL_CTX_get0_privatekey(t->server);
	EVP_MD_CTX *mctx = pkey ? cv_ctx(pkey, 0) : NULL;
	int rc = -1;
	*sig = NULL;
	cv_tbs(t, tbs);
	if (mctx && EVP_DigestSign(mctx, NULL, siglen, tbs, sizeof(tbs)) > 0 && (*sig = OPENSSL_malloc(*siglen)) &&
	    EVP_DigestSign(mctx, *sig, siglen, tbs, sizeof(tbs)) > 0)
		rc = 0;
	EVP_MD_CTX_free(mctx);
	return rc;
}

/*
 * The server's CertificateVerify alone, through the EVP calls libssl 3.0
 * makes for it (a fresh context from the key, the length asked, the
 * signature): the `sign-cold` op of OpenSSL's classes.  libssl does not
 * keep the prepared context the ecdsa-p256 / ed25519 / rsa classes sign
 * with.  0, or CB_ERR_BACKEND.
 */
static int tls_sign(cb_tls *t)
{
	unsigned char *sig;
	size_t siglen;
	int rc = cv_sign(t, &sig, &siglen) ? CB_ERR_BACKEND : 0;
	OPENSSL_free(sig);
	if (rc)
		ERR_clear_error();
	return rc;
}

/*
 * The sign op's transcript hash (of the recorded ClientHello), a client's
 * key share for the share op, and one signature of the sign op checked as
 * libssl's client checks it.
 */
static int tls_parts_init(cb_tls *t)
{
	unsigned char tbs[CV_TBS], *sig = NULL, *enc = NULL;
	EVP_PKEY *params = share_params(t->v), *key = params ? share_keygen(params) : NULL, *pkey;
	EVP_MD_CTX *vctx = NULL;
	size_t siglen = 0, n = key ? EVP_PKEY_get1_encoded_public_key(key, &enc) : 0;
	int rc = -1;
	if (n && n <= sizeof(t->share)) {
		memcpy(t->share, enc, n);
		t->share_len = n;
	}
	pkey = SSL_CTX_get0_privatekey(t->server);
	if (t->share_len && pkey && EVP_Digest(t->base.hello, t->base.hello_len, t->transcript, NULL, EVP_sha256(), NULL) &&
	    !cv_sign(t, &sig, &siglen) && (vctx = cv_ctx(pkey, 1))) {
		cv_tbs(t, tbs);
		rc = EVP_DigestVerify(vctx, sig, siglen, tbs, sizeof(tbs)) == 1 ? 0 : -1;
	}
	EVP_MD_CTX_free(vctx);
	OPENSSL_free(sig);
	OPENSSL_free(enc);
	EVP_PKEY_free(key);
	EVP_PKEY_free(params);
	return rc;
}

#define TLS_CLASS(sym, nm, var)                                                                           \
	static const cb_tls_class sym = {                                                                 \
		{.kind = CB_KIND_TLS, .name = nm, .backend = "openssl",                                    \
		 .notes = "libssl, TLS_AES_128_GCM_SHA256, a BIO pair in one thread, no tickets; a chain of " \
			  "three certificates made at start",                                             \
		 .implementation = cb_openssl_implementation, .variant = &var},                            \
		tls_init, cb_tls_drive_handshake, cb_tls_drive_server, tls_free, cb_tls_drive_serve,                \
		cb_tls_drive_root_pem, tls_sign, tls_share}


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
