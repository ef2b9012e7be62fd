/*
 * BoringSSL backend: the descriptor, the version and the implementation label.
 *
 * Built from the anchor (CB_BSSL_BUILT), the descriptor lists the classes of
 * bssl_rsa.c, bssl_ec.c, bssl_sym.c, bssl_kem.c, bssl_sig.c and bssl_tls.c.  Without it, it lists the
 * same names as classes whose unavailable() says why, so `list` and `run
 * --backend boringssl` tell the user what to do.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "backends/boringssl/bssl_common.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kem.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "cryptobench/tls.h"

#ifdef CB_BSSL_BUILT

#include <openssl/err.h>
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
int cb_bssl_quiet_fprintf(FILE *fp, const char *fmt, ...);
int cb_bssl_quiet_vfprintf(FILE *fp, const char *fmt, va_list ap);
int cb_bssl_quiet_printf(const char *fmt, ...);
int cb_bssl_quiet_putchar(int c);
int cb_bssl_quiet_puts(const char *s);
int cb_bssl_quiet_fputc(int c, FILE *fp);
int cb_bssl_quiet_fputs(const char *s, FILE *fp);
size_t cb_bssl_quiet_fwrite(const void *p, size_t size, size_t n, FILE *fp);
void cb_bssl_quiet_perror(const char *s);

int cb_bssl_quiet_fprintf(FILE *fp, const char *fmt, ...)
{
	return 0;
}

int cb_bssl_quiet_vfprintf(FILE *fp, const char *fmt, va_list ap)
{
	return 0;
}

int cb_bssl_quiet_printf(const char *fmt, ...)
{
	return 0;
}

int cb_bssl_quiet_putchar(int c)
{
	return (unsigned char)c;
}

int cb_bssl_quiet_puts(const char *s)
{
	return 0;
}

int cb_bssl_quiet_fputc(int c, FILE *fp)
{
	return (unsigned char)c;
}

int cb_bssl_quiet_fputs(const char *s, FILE *fp)
{
	return 0;
}

size_t cb_bssl_quiet_fwrite(const void *p, size_t size, size_t n, FILE *fp)
{
	return n;
}

void cb_bssl_quiet_perror(const char *s)
{
	(void)s;
}

#else /* not built: the names, unavailable */

const char *cb_bssl_implementation(void)
{
	return "BoringSSL (not built)";
}

static const char *bssl_version(void)
{
	return "not built";
}

static const char *not_built(void)
{
	return CB_UNAVAILABLE_NOT_BUILT;
}

/* One per kind: the class argument's type differs. */
static int no_sig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	if (key)
		*key = NULL;
	return CB_ERR_UNSUPPORTED;
}

static int no_pke_keygen(const cb_pke_class *cls, const cb_opts *opts, void **key)
{
	if (key)
		*key = NULL;
	return CB_ERR_UNSUPPORTED;
}

static int no_kex_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key)
{
	if (key)
		*key = NULL;
	return CB_ERR_UNSUPPORTED;
}

static void no_free(void *p)
{
	(void)p;
}

static int no_export(const void *key, uint8_t *out, size_t *outlen)
{
	return CB_ERR_UNSUPPORTED;
}

static size_t no_size(const void *key)
{
	return 0;
}

static size_t no_size2(const void *key, size_t n)
{
	return 0;
}

static int no_op(void *key, const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	return CB_ERR_UNSUPPORTED;
}

static int no_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	return CB_ERR_UNSUPPORTED;
}

static int no_init(const cb_cipher_class *cls, void **ctx, const uint8_t *key)
{
	if (ctx)
		*ctx = NULL;
	return CB_ERR_UNSUPPORTED;
}

static int no_hash_init(const cb_hash_class *cls, void **ctx)
{
	if (ctx)
		*ctx = NULL;
	return CB_ERR_UNSUPPORTED;
}

static int no_digest(void *ctx, const uint8_t *in, size_t inlen, uint8_t *out)
{
	return CB_ERR_UNSUPPORTED;
}

static int no_crypt(void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
		    const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	return CB_ERR_UNSUPPORTED;
}

static int no_keypair(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk)
{
	return CB_ERR_UNSUPPORTED;
}

static int no_encaps(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk)
{
	return CB_ERR_UNSUPPORTED;
}

static int no_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	return CB_ERR_UNSUPPORTED;
}

static int no_tls_init(const cb_tls_class *cls, cb_tls **out)
{
	if (out)
		*out = NULL;
	return CB_ERR_UNSUPPORTED;
}

static int no_tls_handshake(cb_tls *t, cb_tls_wire *wire, cb_tls_params *params)
{
	return CB_ERR_UNSUPPORTED;
}

static int no_tls_server(cb_tls *t)
{
	return CB_ERR_UNSUPPORTED;
}

static void no_tls_free(cb_tls *t)
{
	(void)t;
}

#define NB_INFO(kind_, name_)                                                                                     \
	{.kind = (kind_), .name = (name_), .backend = "boringssl", .unavailable = not_built,                      \
	 .implementation = cb_bssl_implementation}

#define NB_SIG(var_, name_)                                                                                       \
	static const cb_sig_class var_ = {.info = NB_INFO(CB_KIND_SIG, name_), .keygen = no_sig_keygen,           \
					  .key_free = no_free, .export_public = no_export,                        \
					  .export_secret = no_export, .max_signature = no_size, .sign = no_op,    \
					  .verify = no_verify}
#define NB_PKE(var_, name_)                                                                                       \
	static const cb_pke_class var_ = {.info = NB_INFO(CB_KIND_PKE, name_), .keygen = no_pke_keygen,           \
					  .key_free = no_free, .export_public = no_export,                        \
					  .export_secret = no_export, .max_plaintext = no_size,                   \
					  .max_ciphertext = no_size2, .encrypt = no_op, .decrypt = no_op}
#define NB_KEX(var_, name_)                                                                                       \
	static const cb_kex_class var_ = {.info = NB_INFO(CB_KIND_KEX, name_), .keygen = no_kex_keygen,           \
					  .key_free = no_free, .export_public = no_export,                        \
					  .export_secret = no_export, .derive = no_op}
#define NB_CIPHER(var_, name_, kb_, iv_, block_, tag_, padded_)                                                   \
	static const cb_cipher_class var_ = {.info = NB_INFO(CB_KIND_CIPHER, name_), .key_bytes = (kb_),          \
					     .iv_bytes = (iv_), .block_bytes = (block_), .tag_bytes = (tag_),     \
					     .padded = (padded_), .init = no_init, .free = no_free,               \
					     .encrypt = no_crypt, .decrypt = no_crypt}
#define NB_KEM(var_, name_, pk_, sk_, ct_)                                                                        \
	static const cb_kem_class var_ = {.info = NB_INFO(CB_KIND_KEM, name_), .public_key_bytes = (pk_),        \
					  .secret_key_bytes = (sk_), .ciphertext_bytes = (ct_),                 \
					  .shared_secret_bytes = 32, .keypair = no_keypair, .encaps = no_encaps,  \
					  .decaps = no_decaps}

NB_PKE(nb_rsa2048_pkcs1, "rsa2048-pkcs1");
NB_PKE(nb_rsa2048_oaep256, "rsa2048-oaep-sha256");
NB_PKE(nb_rsa2048_oaep1, "rsa2048-oaep-sha1");
NB_PKE(nb_rsa2048_raw, "rsa2048-raw");
NB_PKE(nb_rsa3072_pkcs1, "rsa3072-pkcs1");
NB_PKE(nb_rsa3072_oaep256, "rsa3072-oaep-sha256");
NB_PKE(nb_rsa3072_oaep1, "rsa3072-oaep-sha1");
NB_PKE(nb_rsa3072_raw, "rsa3072-raw");
NB_PKE(nb_rsa4096_pkcs1, "rsa4096-pkcs1");
NB_PKE(nb_rsa4096_oaep256, "rsa4096-oaep-sha256");
NB_PKE(nb_rsa4096_oaep1, "rsa4096-oaep-sha1");
NB_PKE(nb_rsa4096_raw, "rsa4096-raw");
NB_SIG(nb_rsa2048_pkcs1_sha256, "rsa2048-pkcs1-sha256");
NB_SIG(nb_rsa2048_pss_sha256, "rsa2048-pss-sha256");
NB_SIG(nb_rsa3072_pkcs1_sha256, "rsa3072-pkcs1-sha256");
NB_SIG(nb_rsa3072_pss_sha256, "rsa3072-pss-sha256");
NB_SIG(nb_rsa4096_pkcs1_sha256, "rsa4096-pkcs1-sha256");
NB_SIG(nb_rsa4096_pss_sha256, "rsa4096-pss-sha256");
NB_SIG(nb_ecdsa_p256, "ecdsa-p256");
NB_SIG(nb_ed25519, "ed25519");
NB_KEX(nb_ecdh_p256, "ecdh-p256");
NB_KEX(nb_x25519, "x25519");
NB_CIPHER(nb_aes128_ecb, "aes-128-ecb", 16, 0, 16, 0, 0);
NB_CIPHER(nb_aes128_ecb_p, "aes-128-ecb-pkcs7", 16, 0, 16, 0, 1);
NB_CIPHER(nb_aes128_cbc, "aes-128-cbc", 16, 16, 16, 0, 0);
NB_CIPHER(nb_aes128_cbc_p, "aes-128-cbc-pkcs7", 16, 16, 16, 0, 1);
NB_CIPHER(nb_aes128_ctr, "aes-128-ctr", 16, 16, 1, 0, 0);
NB_CIPHER(nb_aes128_gcm, "aes-128-gcm", 16, 12, 1, 16, 0);
NB_CIPHER(nb_aes256_ecb, "aes-256-ecb", 32, 0, 16, 0, 0);
NB_CIPHER(nb_aes256_ecb_p, "aes-256-ecb-pkcs7", 32, 0, 16, 0, 1);
NB_CIPHER(nb_aes256_cbc, "aes-256-cbc", 32, 16, 16, 0, 0);
NB_CIPHER(nb_aes256_cbc_p, "aes-256-cbc-pkcs7", 32, 16, 16, 0, 1);
NB_CIPHER(nb_aes256_ctr, "aes-256-ctr", 32, 16, 1, 0, 0);
NB_CIPHER(nb_aes256_gcm, "aes-256-gcm", 32, 12, 1, 16, 0);
NB_CIPHER(nb_chacha20_poly1305, "chacha20-poly1305", 32, 12, 1, 16, 0);
static const cb_hash_class nb_sha256 = {.info = NB_INFO(CB_KIND_HASH, "sha256"), .digest_bytes = 32,
					.block_bytes = 64, .init = no_hash_init, .free = no_free,
					.digest = no_digest};
static const cb_hash_class nb_sha512 = {.info = NB_INFO(CB_KIND_HASH, "sha512"), .digest_bytes = 64,
					.block_bytes = 128, .init = no_hash_init, .free = no_free,
					.digest = no_digest};
NB_KEM(nb_mlkem768, "mlkem768", 1184, 2400, 1088);
NB_KEM(nb_mlkem1024, "mlkem1024", 1568, 3168, 1568);
NB_KEM(nb_xwing, "xwing", 1216, 32, 1120);
#define NB_TLS(var_, name_)                                                                                       \
	static const cb_tls_class var_ = {.info = NB_INFO(CB_KIND_TLS, name_), .init = no_tls_init,              \
					  .handshake = no_tls_handshake, .server = no_tls_server, .free = no_tls_free}
NB_SIG(nb_mldsa44, "mldsa44");
NB_SIG(nb_mldsa65, "mldsa65");
NB_SIG(nb_mldsa87, "mldsa87");
NB_SIG(nb_slh_sha2_128s, "slh-dsa-sha2-128s");
NB_TLS(nb_tls_x25519_ecdsa, "tls13-x25519-ecdsa-p256");
NB_TLS(nb_tls_p256_ecdsa, "tls13-p256-ecdsa-p256");
NB_TLS(nb_tls_x25519_rsa, "tls13-x25519-rsa2048");
NB_TLS(nb_tls_x25519_ed25519, "tls13-x25519-ed25519");
NB_TLS(nb_tls_hybrid_ecdsa, "tls13-x25519mlkem768-ecdsa-p256");
NB_TLS(nb_tls_hybrid_mldsa65, "tls13-x25519mlkem768-mldsa65");
NB_TLS(nb_tls_mlkem1024_mldsa87, "tls13-mlkem1024-mldsa87");

static const cb_alg_info *const nb_algs[] = {
	&nb_rsa2048_pkcs1.info,	       &nb_rsa2048_oaep256.info,      &nb_rsa2048_oaep1.info,
	&nb_rsa2048_raw.info,	       &nb_rsa3072_pkcs1.info,	      &nb_rsa3072_oaep256.info,
	&nb_rsa3072_oaep1.info,	       &nb_rsa3072_raw.info,	      &nb_rsa4096_pkcs1.info,
	&nb_rsa4096_oaep256.info,      &nb_rsa4096_oaep1.info,	      &nb_rsa4096_raw.info,
	&nb_rsa2048_pkcs1_sha256.info, &nb_rsa2048_pss_sha256.info,   &nb_rsa3072_pkcs1_sha256.info,
	&nb_rsa3072_pss_sha256.info,   &nb_rsa4096_pkcs1_sha256.info, &nb_rsa4096_pss_sha256.info,
	&nb_ecdsa_p256.info,	       &nb_ed25519.info,	      &nb_ecdh_p256.info,
	&nb_x25519.info,	       &nb_aes128_ecb.info,	      &nb_aes128_ecb_p.info,
	&nb_aes128_cbc.info,	       &nb_aes128_cbc_p.info,	      &nb_aes128_ctr.info,
	&nb_aes128_gcm.info,	       &nb_aes256_ecb.info,	      &nb_aes256_ecb_p.info,
	&nb_aes256_cbc.info,	       &nb_aes256_cbc_p.info,	      &nb_aes256_ctr.info,
	&nb_aes256_gcm.info,	       &nb_chacha20_poly1305.info,    &nb_sha256.info,
	&nb_mlkem768.info,	       &nb_mlkem1024.info,	      &nb_xwing.info,
	&nb_sha512.info,	       &nb_mldsa44.info,	       &nb_mldsa65.info,	      &nb_mldsa87.info,
	&nb_slh_sha2_128s.info,	       &nb_tls_x25519_ecdsa.info,     &nb_tls_p256_ecdsa.info,
	&nb_tls_x25519_rsa.info,       &nb_tls_x25519_ed25519.info,   &nb_tls_hybrid_ecdsa.info,
	&nb_tls_hybrid_mldsa65.info,   &nb_tls_mlkem1024_mldsa87.info, NULL,
};

static const cb_alg_info *const *const bssl_classes[] = {nb_algs, NULL};

#endif

const cb_backend cb_backend_boringssl = {"boringssl", "BoringSSL", bssl_version, bssl_classes};
