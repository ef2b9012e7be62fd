/*
 * BoringSSL backend: the descriptor, the version and the implementation label.
 *
 * Built from the anchor (CB_BSSL_BUILT), the descriptor lists the classes of
 * bssl_rsa.c, bssl_ec.c, bssl_sym.c, bssl_kem.c, bssl_sig.c and bssl_tls.c.  Without it, it lists the
 * same names as classes whose unavailable() says why, so `list` and `run
 * --backend boringssl` tell the user what to do.
 */
#include <stdio.h>
#include <string.h>

#include "backends/boringssl/bssl_common.h"
#include "backends/quiet_stdio.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kem.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "cryptobench/tls.h"

#ifdef CB_BSSL_BUILT

#include <openssl/bytestring.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/mem.h>

/* BoringSSL has no version number; the pinned commit is its version. */
static const char *bssl_version(void)
{
	return CB_BSSL_COMMIT;
}

const char *cb_bssl_implementation(void)
{
	return "BoringSSL " CB_BSSL_COMMIT;
}

int cb_bssl_fail(int err)
{
	ERR_clear_error();
	return err;
}

int cb_bssl_parse_key(const uint8_t *in, size_t len, int secret, int type, void **handle, EVP_PKEY **pkey)
{
	CBS cbs;

	if (!handle || !in)
		return CB_ERR_ARG;
	*handle = NULL;
	CBS_init(&cbs, in, len);
	*pkey = secret ? EVP_parse_private_key(&cbs) : EVP_parse_public_key(&cbs);
	if (!*pkey || CBS_len(&cbs) != 0 || EVP_PKEY_id(*pkey) != type) {
		EVP_PKEY_free(*pkey);
		*pkey = NULL;
		return cb_bssl_fail(CB_ERR_FORMAT);
	}
	return CB_OK;
}

int cb_bssl_export_key(EVP_PKEY *pkey, int secret, uint8_t *out, size_t *outlen)
{
	CBB cbb;
	uint8_t *buf;
	size_t len;

	if (!CBB_init(&cbb, 0))
		return CB_ERR_NOMEM;
	if (!(secret ? EVP_marshal_private_key(&cbb, pkey) : EVP_marshal_public_key(&cbb, pkey)) ||
	    !CBB_finish(&cbb, &buf, &len)) {
		CBB_cleanup(&cbb);
		return cb_bssl_fail(CB_ERR_BACKEND);
	}
	return cb_bssl_copy_der(buf, len, out, outlen);
}

int cb_bssl_copy_der(uint8_t *buf, size_t len, uint8_t *out, size_t *outlen)
{
	int r = CB_OK;
	if (len > *outlen) {
		r = CB_ERR_LENGTH;
	} else {
		memcpy(out, buf, len);
		*outlen = len;
	}
	OPENSSL_cleanse(buf, len);
	OPENSSL_free(buf);
	return r;
}

static const cb_alg_info *const *const bssl_classes[] = {cb_bssl_rsa_algs, cb_bssl_ec_algs, cb_bssl_sym_algs,
							   cb_bssl_kem_algs, cb_bssl_sig_algs, cb_bssl_tls_algs, NULL};

/*
 * BoringSSL's calls of the stdio output functions land here (backend.cmake
 * renames them in its copies of the archives): the library never prints.
 * Each pretends to succeed.
 */
CB_QUIET_STDIO(cb_bssl_quiet)

#else /* not built: the names, unavailable */

#include "backends/notbuilt.h"

CB_NB_IDENTITY(cb_bssl_implementation, bssl_version, "BoringSSL")

#define CB_NB_BACKEND "boringssl"
#define CB_NB_IMPL cb_bssl_implementation

/* The built classes' names: per modulus size, libcrypto_rsa.inc's RSA_CLASSES; per key size, six AES modes. */
#define NB_RSA(b)                                                                                                  \
	CB_NB_PKE(nb_rsa##b##_pkcs1, "rsa" #b "-pkcs1");                                                           \
	CB_NB_PKE(nb_rsa##b##_oaep256, "rsa" #b "-oaep-sha256");                                                   \
	CB_NB_PKE(nb_rsa##b##_oaep1, "rsa" #b "-oaep-sha1");                                                       \
	CB_NB_PKE(nb_rsa##b##_raw, "rsa" #b "-raw");                                                               \
	CB_NB_SIG(nb_rsa##b##_pkcs1_sha256, "rsa" #b "-pkcs1-sha256");                                             \
	CB_NB_SIG(nb_rsa##b##_pss_sha256, "rsa" #b "-pss-sha256")
#define NB_RSA_PKE(b) &nb_rsa##b##_pkcs1.info, &nb_rsa##b##_oaep256.info, &nb_rsa##b##_oaep1.info, &nb_rsa##b##_raw.info
#define NB_RSA_SIG(b) &nb_rsa##b##_pkcs1_sha256.info, &nb_rsa##b##_pss_sha256.info
#define NB_AES(b, kb)                                                                                              \
	CB_NB_CIPHER(nb_aes##b##_ecb, "aes-" #b "-ecb", kb, 0, 16, 0, 0);                                          \
	CB_NB_CIPHER(nb_aes##b##_ecb_p, "aes-" #b "-ecb-pkcs7", kb, 0, 16, 0, 1);                                  \
	CB_NB_CIPHER(nb_aes##b##_cbc, "aes-" #b "-cbc", kb, 16, 16, 0, 0);                                         \
	CB_NB_CIPHER(nb_aes##b##_cbc_p, "aes-" #b "-cbc-pkcs7", kb, 16, 16, 0, 1);                                 \
	CB_NB_CIPHER(nb_aes##b##_ctr, "aes-" #b "-ctr", kb, 16, 1, 0, 0);                                          \
	CB_NB_CIPHER(nb_aes##b##_gcm, "aes-" #b "-gcm", kb, 12, 1, 16, 0)
#define NB_AES_INFO(b)                                                                                             \
	&nb_aes##b##_ecb.info, &nb_aes##b##_ecb_p.info, &nb_aes##b##_cbc.info, &nb_aes##b##_cbc_p.info,            \
		&nb_aes##b##_ctr.info, &nb_aes##b##_gcm.info

NB_RSA(2048);
NB_RSA(3072);
NB_RSA(4096);
CB_NB_SIG(nb_ecdsa_p256, "ecdsa-p256");
CB_NB_SIG(nb_ed25519, "ed25519");
CB_NB_KEX(nb_ecdh_p256, "ecdh-p256");
CB_NB_KEX(nb_x25519, "x25519");
NB_AES(128, 16);
NB_AES(256, 32);
CB_NB_CIPHER(nb_chacha20_poly1305, "chacha20-poly1305", 32, 12, 1, 16, 0);
CB_NB_HASH(nb_sha256, "sha256", 32, 64);
CB_NB_HASH(nb_sha512, "sha512", 64, 128);
CB_NB_KEM(nb_mlkem768, "mlkem768", 1184, 2400, 1088);
CB_NB_KEM(nb_mlkem1024, "mlkem1024", 1568, 3168, 1568);
CB_NB_KEM(nb_xwing, "xwing", 1216, 32, 1120);
CB_NB_SIG(nb_mldsa44, "mldsa44");
CB_NB_SIG(nb_mldsa65, "mldsa65");
CB_NB_SIG(nb_mldsa87, "mldsa87");
CB_NB_SIG(nb_slh_sha2_128s, "slh-dsa-sha2-128s");
CB_NB_TLS(nb_tls_x25519_ecdsa, "tls13-x25519-ecdsa-p256");
CB_NB_TLS(nb_tls_p256_ecdsa, "tls13-p256-ecdsa-p256");
CB_NB_TLS(nb_tls_x25519_rsa, "tls13-x25519-rsa2048");
CB_NB_TLS(nb_tls_x25519_ed25519, "tls13-x25519-ed25519");
CB_NB_TLS(nb_tls_hybrid_ecdsa, "tls13-x25519mlkem768-ecdsa-p256");
CB_NB_TLS(nb_tls_hybrid_mldsa65, "tls13-x25519mlkem768-mldsa65");
CB_NB_TLS(nb_tls_mlkem1024_mldsa87, "tls13-mlkem1024-mldsa87");

static const cb_alg_info *const nb_algs[] = {
	NB_RSA_PKE(2048),	       NB_RSA_PKE(3072),	      NB_RSA_PKE(4096),
	NB_RSA_SIG(2048),	       NB_RSA_SIG(3072),	      NB_RSA_SIG(4096),
	&nb_ecdsa_p256.info,	       &nb_ed25519.info,	      &nb_ecdh_p256.info,
	&nb_x25519.info,	       NB_AES_INFO(128),	      NB_AES_INFO(256),
	&nb_chacha20_poly1305.info,    &nb_sha256.info,		      &nb_mlkem768.info,
	&nb_mlkem1024.info,	       &nb_xwing.info,		      &nb_sha512.info,
	&nb_mldsa44.info,	       &nb_mldsa65.info,	      &nb_mldsa87.info,
	&nb_slh_sha2_128s.info,	       &nb_tls_x25519_ecdsa.info,     &nb_tls_p256_ecdsa.info,
	&nb_tls_x25519_rsa.info,       &nb_tls_x25519_ed25519.info,   &nb_tls_hybrid_ecdsa.info,
	&nb_tls_hybrid_mldsa65.info,   &nb_tls_mlkem1024_mldsa87.info, NULL,
};

static const cb_alg_info *const *const bssl_classes[] = {nb_algs, NULL};

#endif

const cb_backend cb_backend_boringssl = {"boringssl", "BoringSSL", bssl_version, bssl_classes};
