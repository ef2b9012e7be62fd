/*
 * BoringSSL post-quantum signatures: ML-DSA-44/65/87 (FIPS 204, through
 * the internal entry points of bssl_internal.cc) and SLH-DSA-SHA2-128s
 * (FIPS 205, openssl/slhdsa.h, its public API; the only SLH-DSA set of
 * this snapshot besides SHAKE-256f, which the catalog does not have).
 *
 * The handle, the key files and the arguments are src/core/pqsig.c's;
 * here only BoringSSL's calls.  ML-DSA: the sets' hooks are
 * bssl_internal.cc's; a handle keeps BoringSSL's parsed key and the
 * 32-byte seed when it came from one, so that its PKCS#8 is RFC 9881's
 * seed form; the expanded form is imported through BoringSSL's parser.
 * rnd is drawn from cb_random_bytes, as for every anchor (the same
 * generator at the same cost as builtin and oqs).
 *
 * SLH-DSA: key generation from 48 bytes of cb_random_bytes
 * (SLHDSA_SHA2_128S_generate_key_from_seed); SLHDSA_SHA2_128S_sign draws
 * its hedging randomness from BoringSSL's own generator, as liboqs' does
 * from its own; it has the pure, hedged interface only here.
 */
#include "backends/boringssl/bssl_common.h"
#include "core/pqsig.h"
#include "core/util.h"
#include "cryptobench/sig.h"

#ifdef CB_BSSL_BUILT

#include <openssl/slhdsa.h>

/* SLH-DSA-SHA2-128s: the key pair from 48 bytes of cb_random_bytes. */
static int slh_keypair(cb_pqsig_key *k)
{
	uint8_t seed[SLHDSA_SHA2_128S_SEED_BYTES];
	int r = cb_random_bytes(seed, sizeof(seed));

	if (r == CB_OK)
		SLHDSA_SHA2_128S_generate_key_from_seed(k->pk, k->sk, seed);
	cb_wipe(seed, sizeof(seed));
	return r;
}

static int slh_sign(const cb_pqsig_key *k, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *rnd,
		    uint8_t *sig)
{
	return SLHDSA_SHA2_128S_sign(sig, k->sk, m, mlen, p->ctx, p->ctx_len) ? CB_OK : cb_bssl_fail(CB_ERR_BACKEND);
}

static int slh_verify(const cb_pqsig_key *k, const cb_sig_params *p, const uint8_t *m, size_t mlen,
		      const uint8_t *sig)
{
	return SLHDSA_SHA2_128S_verify(sig, k->set->sig, k->pk, m, mlen, p->ctx, p->ctx_len)
		       ? CB_OK
		       : cb_bssl_fail(CB_ERR_VERIFY);
}

_Static_assert(SLHDSA_SHA2_128S_PUBLIC_KEY_BYTES == 32 && SLHDSA_SHA2_128S_PRIVATE_KEY_BYTES == 64 &&
		       SLHDSA_SHA2_128S_SIGNATURE_BYTES == 7856,
	       "FIPS 205's sizes, as CB_PQSIG_SLH_SHA2_128S");

static const cb_pqsig_lib bssl_slh = {.keypair = slh_keypair, .sign = slh_sign, .verify = slh_verify};

#define MLDSA_NOTES                                                                                              \
	"BoringSSL's ML-DSA (C++, portable: no vector code) through its internal FIPS 204 entry points "          \
	"(BCM_mldsa*_sign_internal / verify_internal: rnd from cb_random_bytes, the seed kept for RFC 9881's seed " \
	"form); a handle keeps the key parsed (s1, s2, t0 in NTT form), as a BoringSSL caller does; A is expanded " \
	"on every signature and verification"
#define SLH_NOTES                                                                                               \
	"BoringSSL's SLH-DSA-SHA2-128s (openssl/slhdsa.h; its SHA-256 is the library's, with SHA-NI where the CPU " \
	"has it); signing hedged by BoringSSL's own generator"

#define BSSL_MLDSA(k)                                                                                       \
	static const cb_pqsig_set set_mldsa##k = {CB_PQSIG_MLDSA##k, &cb_bssl_mldsa##k, NULL};                    \
	static const cb_sig_class bssl_mldsa##k = {                                                         \
		.info = BSSL_INFO(CB_KIND_SIG, "mldsa" #k, MLDSA_NOTES, &set_mldsa##k), CB_PQSIG_MLDSA_METHODS};

BSSL_MLDSA(44)
BSSL_MLDSA(65)
BSSL_MLDSA(87)

static const cb_pqsig_set set_slh_sha2_128s = {CB_PQSIG_SLH_SHA2_128S, &bssl_slh, NULL};
static const cb_sig_class bssl_slh_sha2_128s = {
	.info = BSSL_INFO(CB_KIND_SIG, "slh-dsa-sha2-128s", SLH_NOTES, &set_slh_sha2_128s),
	CB_PQSIG_SLH_METHODS,
};

const cb_alg_info *const cb_bssl_sig_algs[] = {
	&bssl_mldsa44.info,
	&bssl_mldsa65.info,
	&bssl_mldsa87.info,
	&bssl_slh_sha2_128s.info,
	NULL,
};

#endif
