/*
 * wolfSSL backend (wolfCrypt 5.x): the descriptor, the library's version
 * and its one-time initialisation.  Debian's build (wolfssl/options.h) has
 * no AES-NI / Intel assembly (no WOLFSSL_AESNI, no USE_INTEL_SPEEDUP), so
 * AES and GCM (4-bit tables) are portable C; the public-key code is the
 * single-precision (WOLFSSL_SP_MATH_ALL) math with ECC_TIMING_RESISTANT and
 * WC_RSA_BLINDING.
 */
#include <wolfssl/options.h>
#include <wolfssl/ssl.h>
#include <wolfssl/version.h>
#include <wolfssl/wolfcrypt/wc_port.h>
#include <pthread.h>

#include "backends/class_tables.h"
#include "backends/wolfssl/wolfssl_common.h"
#include "cryptobench/registry.h"

static pthread_once_t wolf_once = PTHREAD_ONCE_INIT;
static int wolf_ok;

static void wolf_do_init(void)
{
	wolf_ok = wolfCrypt_Init() == 0;
}

int cb_wolfssl_ready(void)
{
	pthread_once(&wolf_once, wolf_do_init);
	return wolf_ok ? CB_OK : CB_ERR_BACKEND;
}

const char *cb_wolfssl_unavailable(void)
{
	return cb_wolfssl_ready() == CB_OK ? NULL : "wolfCrypt_Init() failed";
}

/* The headers' version (the run-time one is in the context record). */
const char *cb_wolfssl_implementation(void)
{
	return "wolfssl-" LIBWOLFSSL_VERSION_STRING;
}

static const char *wolfssl_version(void)
{
	const char *v = wolfSSL_lib_version();
	return v ? v : "unknown";
}

/* Listed in the order of class_tables.h's RSA signature rows. */
#define WOLFSSL_RSA_SIG_INFO(id, nm, bits, pss) &cb_wolfssl_##id.info,

static const cb_alg_info *const wolfssl_algs[] = {
	&cb_wolfssl_sha256.info,
	&cb_wolfssl_sha3_256.info,
	&cb_wolfssl_aes128_ecb.info,
	&cb_wolfssl_aes128_ecb_p.info,
	&cb_wolfssl_aes128_cbc.info,
	&cb_wolfssl_aes128_cbc_p.info,
	&cb_wolfssl_aes128_ctr.info,
	&cb_wolfssl_aes128_gcm.info,
	&cb_wolfssl_aes256_ecb.info,
	&cb_wolfssl_aes256_ecb_p.info,
	&cb_wolfssl_aes256_cbc.info,
	&cb_wolfssl_aes256_cbc_p.info,
	&cb_wolfssl_aes256_ctr.info,
	&cb_wolfssl_aes256_gcm.info,
	&cb_wolfssl_chacha20_poly1305.info,
	&cb_wolfssl_x25519.info,
	&cb_wolfssl_ecdh_p256.info,
	&cb_wolfssl_ecdsa_p256.info,
	&cb_wolfssl_ed25519.info,
	CB_RSA_SIG_ROWS(WOLFSSL_RSA_SIG_INFO)
	NULL,
};

static const cb_alg_info *const *const wolfssl_classes[] = {wolfssl_algs, NULL};

const cb_backend cb_backend_wolfssl = {"wolfssl", "wolfssl", wolfssl_version, wolfssl_classes};
