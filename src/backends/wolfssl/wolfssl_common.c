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

static const cb_alg_info *const *const wolfssl_classes[] = {cb_wolfssl_sym_algs, cb_wolfssl_ec_algs, cb_wolfssl_rsa_algs,
							   NULL};

const cb_backend cb_backend_wolfssl = {"wolfssl", "wolfssl", wolfssl_version, wolfssl_classes};
