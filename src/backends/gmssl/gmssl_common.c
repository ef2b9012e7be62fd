/*
 * GmSSL backend: the descriptor, the version and the implementation label.
 *
 * Built from the anchor (CB_GMSSL_BUILT), the descriptor lists the classes of
 * gmssl_sm2.c, gmssl_sm2kx.c, gmssl_sym.c and gmssl_tls.c.  Without it, it lists the same names as
 * classes whose unavailable() says why, so `list` and `run --backend gmssl`
 * tell the user what to do.
 */
#include <stdarg.h>
#include <stdio.h>

#include "backends/gmssl/gmssl_common.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "cryptobench/tls.h"
#include "backends/tls_unoffered.h"

#ifdef CB_GMSSL_BUILT

#include <gmssl/version.h>
#include <pthread.h>

static pthread_once_t label_once = PTHREAD_ONCE_INIT;
static char label[96];
static char version[48];

static void make_label(void)
{
	const char *v = gmssl_version_str(); /* "GmSSL 3.3.0-dev.1183" */

	if (v[0] == 'G' && v[1] == 'm' && v[2] == 'S' && v[3] == 'S' && v[4] == 'L' && v[5] == ' ')
		snprintf(version, sizeof(version), "%s", v + 6);
	else
		snprintf(version, sizeof(version), "%s", v);
	snprintf(label, sizeof(label), "GmSSL %s (commit %s)", version, CB_GMSSL_COMMIT);
}

const char *cb_gmssl_implementation(void)
{
	pthread_once(&label_once, make_label);
	return label;
}

static const char *gmssl_version(void)
{
	pthread_once(&label_once, make_label);
	return version;
}

static const cb_alg_info *const *const gmssl_classes[] = {cb_gmssl_sm2_algs, cb_gmssl_sm2kx_algs, cb_gmssl_sym_algs,
							   cb_gmssl_tls_algs, NULL};

/*
 * GmSSL's calls of the stdio output functions land here (backend.cmake
 * renames them in its copy of libgmssl.a): the library never prints.  Each
 * pretends to succeed, as GmSSL ignores what they return.
 */
int cb_gmssl_quiet_fprintf(FILE *fp, const char *fmt, ...);
int cb_gmssl_quiet_vfprintf(FILE *fp, const char *fmt, va_list ap);
int cb_gmssl_quiet_printf(const char *fmt, ...);
int cb_gmssl_quiet_putchar(int c);
int cb_gmssl_quiet_puts(const char *s);
int cb_gmssl_quiet_fputc(int c, FILE *fp);
int cb_gmssl_quiet_fputs(const char *s, FILE *fp);
size_t cb_gmssl_quiet_fwrite(const void *p, size_t size, size_t n, FILE *fp);

int cb_gmssl_quiet_fprintf(FILE *fp, const char *fmt, ...)
{
	return 0;
}

int cb_gmssl_quiet_vfprintf(FILE *fp, const char *fmt, va_list ap)
{
	return 0;
}

int cb_gmssl_quiet_printf(const char *fmt, ...)
{
	return 0;
}

int cb_gmssl_quiet_putchar(int c)
{
	return (unsigned char)c;
}

int cb_gmssl_quiet_puts(const char *s)
{
	return 0;
}

int cb_gmssl_quiet_fputc(int c, FILE *fp)
{
	return (unsigned char)c;
}

int cb_gmssl_quiet_fputs(const char *s, FILE *fp)
{
	return 0;
}

size_t cb_gmssl_quiet_fwrite(const void *p, size_t size, size_t n, FILE *fp)
{
	return n;
}

#else /* not built: the names, unavailable */

const char *cb_gmssl_implementation(void)
{
	return "GmSSL (not built)";
}

static const char *gmssl_version(void)
{
	return "not built";
}

static const char *not_built(void)
{
	return "not built (make anchors)";
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

#define NB_INFO(kind_, name_) \
	{.kind = (kind_), .name = (name_), .backend = "gmssl", .unavailable = not_built, \
	 .implementation = cb_gmssl_implementation}

static const cb_sig_class nb_sm2_sign = {
	.info = NB_INFO(CB_KIND_SIG, "sm2-sign"), .keygen = no_sig_keygen, .key_free = no_free,
	.export_public = no_export, .export_secret = no_export, .max_signature = no_size,
	.sign = no_op, .verify = no_verify};

#define NB_PKE(var_, name_)                                                                         \
	static const cb_pke_class var_ = {.info = NB_INFO(CB_KIND_PKE, name_), .keygen = no_pke_keygen,   \
					  .key_free = no_free, .export_public = no_export,            \
					  .export_secret = no_export, .max_plaintext = no_size,       \
					  .max_ciphertext = no_size2, .encrypt = no_op, .decrypt = no_op}
NB_PKE(nb_sm2_enc_c1c3c2, "sm2-enc-c1c3c2");
NB_PKE(nb_sm2_enc_c1c2c3, "sm2-enc-c1c2c3");
NB_PKE(nb_sm2_enc_der, "sm2-enc-der");

static const cb_kex_class nb_sm2_dh = {
	.info = NB_INFO(CB_KIND_KEX, "sm2-dh"), .keygen = no_kex_keygen, .key_free = no_free,
	.export_public = no_export, .export_secret = no_export, .derive = no_op};

static const cb_kex_class nb_sm2_kx = {
	.info = NB_INFO(CB_KIND_KEX, "sm2-kx"), .keygen = no_kex_keygen, .key_free = no_free,
	.export_public = no_export, .export_secret = no_export, .derive = no_op};

static const cb_hash_class nb_sm3 = {.info = NB_INFO(CB_KIND_HASH, "sm3"), .digest_bytes = 32, .block_bytes = 64,
				     .init = no_hash_init, .free = no_free, .digest = no_digest};

#define NB_CIPHER(var_, name_, iv_, block_, tag_, padded_)                                            \
	static const cb_cipher_class var_ = {.info = NB_INFO(CB_KIND_CIPHER, name_), .key_bytes = 16,   \
					     .iv_bytes = (iv_), .block_bytes = (block_),                \
					     .tag_bytes = (tag_), .padded = (padded_), .init = no_init, \
					     .free = no_free, .encrypt = no_crypt, .decrypt = no_crypt}
NB_CIPHER(nb_sm4_ecb, "sm4-ecb", 0, 16, 0, 0);
NB_CIPHER(nb_sm4_ecb_p, "sm4-ecb-pkcs7", 0, 16, 0, 1);
NB_CIPHER(nb_sm4_cbc, "sm4-cbc", 16, 16, 0, 0);
NB_CIPHER(nb_sm4_cbc_p, "sm4-cbc-pkcs7", 16, 16, 0, 1);
NB_CIPHER(nb_sm4_ctr, "sm4-ctr", 16, 1, 0, 0);
NB_CIPHER(nb_sm4_gcm, "sm4-gcm", 12, 1, 16, 0);

#define NB_TLS(var_, name_)                                                                                 \
	static const cb_tls_class var_ = {.info = NB_INFO(CB_KIND_TLS, name_), .init = cb_tls_unoffered_init, \
					  .handshake = cb_tls_unoffered_handshake,                            \
					  .server = cb_tls_unoffered_server, .free = cb_tls_unoffered_free}
NB_TLS(nb_tls_sm2_sm2, "tls13-sm2-sm2");
NB_TLS(nb_tls_p256_ecdsa, "tls13-p256-ecdsa-p256");
NB_TLS(nb_tls_tlcp_ecc, "tlcp-ecc-sm2");

static const cb_alg_info *const nb_algs[] = {
	&nb_sm2_sign.info, &nb_sm2_enc_c1c3c2.info, &nb_sm2_enc_c1c2c3.info, &nb_sm2_enc_der.info,
	&nb_sm2_dh.info,   &nb_sm2_kx.info,         &nb_sm3.info,            &nb_sm4_ecb.info,
	&nb_sm4_ecb_p.info, &nb_sm4_cbc.info,       &nb_sm4_cbc_p.info,      &nb_sm4_ctr.info,
	&nb_sm4_gcm.info,  &nb_tls_sm2_sm2.info, &nb_tls_p256_ecdsa.info, &nb_tls_tlcp_ecc.info, NULL,
};

static const cb_alg_info *const *const gmssl_classes[] = {nb_algs, NULL};

#endif

const cb_backend cb_backend_gmssl = {"gmssl", "GmSSL", gmssl_version, gmssl_classes};
