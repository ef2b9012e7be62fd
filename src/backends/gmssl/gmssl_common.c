/*
 * GmSSL backend: the descriptor, the version and the implementation label.
 *
 * Built from the anchor (CB_GMSSL_BUILT), the descriptor lists the classes of
 * gmssl_sm2.c, gmssl_sm2kx.c, gmssl_sym.c and gmssl_tls.c.  Without it, it lists the same names as
 * classes whose unavailable() says why, so `list` and `run --backend gmssl`
 * tell the user what to do.
 */
#include <stdio.h>

#include "backends/gmssl/gmssl_common.h"
#include "backends/quiet_stdio.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "cryptobench/tls.h"

#ifdef CB_GMSSL_BUILT

#include <gmssl/version.h>
#include <pthread.h>
#include <string.h>

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

/*
 * sm2_z256_point_from_octets goes on to its curve check even when
 * sm2_z256_point_from_bytes has refused a coordinate of p or more, on a
 * point it left half written: zeroed first, such a point is (p, 0, 0) or
 * (x, p, 0), at infinity either way, and refused (valgrind saw the
 * uninitialised Z of a point on the stack; sm2-dh's cached peer point
 * would otherwise lend the previous peer's half).
 */
int cb_gmssl_point_in(const uint8_t in[65], SM2_Z256_POINT *p)
{
	memset(p, 0, sizeof(*p));
	if (in[0] != 0x04 || sm2_z256_point_from_octets(p, in, 65) != 1 || sm2_z256_point_is_at_infinity(p))
		return CB_ERR_INVALID_KEY;
	return CB_OK;
}

static const cb_alg_info *const *const gmssl_classes[] = {cb_gmssl_sm2_algs, cb_gmssl_sm2kx_algs, cb_gmssl_sym_algs,
							   cb_gmssl_tls_algs, NULL};

/*
 * GmSSL's calls of the stdio output functions land here (backend.cmake
 * renames them in its copy of libgmssl.a): the library never prints.  Each
 * pretends to succeed, as GmSSL ignores what they return.
 */
CB_QUIET_STDIO(cb_gmssl_quiet)

#else /* not built: the names, unavailable */

#include "backends/notbuilt.h"

CB_NB_IDENTITY(cb_gmssl_implementation, gmssl_version, "GmSSL")

#define CB_NB_BACKEND "gmssl"
#define CB_NB_IMPL cb_gmssl_implementation

CB_NB_SIG(nb_sm2_sign, "sm2-sign");
CB_NB_PKE(nb_sm2_enc_c1c3c2, "sm2-enc-c1c3c2");
CB_NB_PKE(nb_sm2_enc_c1c2c3, "sm2-enc-c1c2c3");
CB_NB_PKE(nb_sm2_enc_der, "sm2-enc-der");
CB_NB_KEX(nb_sm2_dh, "sm2-dh");
CB_NB_KEX(nb_sm2_kx, "sm2-kx");
CB_NB_HASH(nb_sm3, "sm3", 32, 64);
CB_NB_CIPHER(nb_sm4_ecb, "sm4-ecb", 16, 0, 16, 0, 0);
CB_NB_CIPHER(nb_sm4_ecb_p, "sm4-ecb-pkcs7", 16, 0, 16, 0, 1);
CB_NB_CIPHER(nb_sm4_cbc, "sm4-cbc", 16, 16, 16, 0, 0);
CB_NB_CIPHER(nb_sm4_cbc_p, "sm4-cbc-pkcs7", 16, 16, 16, 0, 1);
CB_NB_CIPHER(nb_sm4_ctr, "sm4-ctr", 16, 16, 1, 0, 0);
CB_NB_CIPHER(nb_sm4_gcm, "sm4-gcm", 16, 12, 1, 16, 0);

CB_NB_TLS(nb_tls_sm2_sm2, "tls13-sm2-sm2");
CB_NB_TLS(nb_tls_p256_ecdsa, "tls13-p256-ecdsa-p256");
CB_NB_TLS(nb_tls_tlcp_ecc, "tlcp-ecc-sm2");

static const cb_alg_info *const nb_algs[] = {
	&nb_sm2_sign.info, &nb_sm2_enc_c1c3c2.info, &nb_sm2_enc_c1c2c3.info, &nb_sm2_enc_der.info,
	&nb_sm2_dh.info,   &nb_sm2_kx.info,         &nb_sm3.info,            &nb_sm4_ecb.info,
	&nb_sm4_ecb_p.info, &nb_sm4_cbc.info,       &nb_sm4_cbc_p.info,      &nb_sm4_ctr.info,
	&nb_sm4_gcm.info,  &nb_tls_sm2_sm2.info, &nb_tls_p256_ecdsa.info, &nb_tls_tlcp_ecc.info, NULL,
};

static const cb_alg_info *const *const gmssl_classes[] = {nb_algs, NULL};

#endif

const cb_backend cb_backend_gmssl = {"gmssl", "GmSSL", gmssl_version, gmssl_classes};
