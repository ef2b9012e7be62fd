/*
 * The pq-crystals adapters (pqcrystals-ref, pqcrystals-avx2): their classes
 * from the anchor's pqcrystals_kyber<bits>_<impl>_* functions.  Included by
 * pqc_ref.c and pqc_avx2.c with PQC_IMPL (ref, avx2), PQC_BACKEND,
 * PQC_LABEL and PQC_UNAVAILABLE defined.
 *
 * This code performs neither FIPS 203 input check: encapsulation takes any
 * ek without the modulus check (7.2), decapsulation any dk without the
 * H(ek) check (7.3).  The classes say so (notes, skipped_checks), and the
 * tests count those vectors as known skipped checks.  Their functions
 * always return 0.
 */
#include "backends/anchors.h"

#define PQC_NOTES                                                                                  \
	"pq-crystals code: no FIPS 203 input checks (neither the encapsulation key's modulus "    \
	"check, 7.2, nor the decapsulation key's hash check, 7.3)"

#if defined(CB_ANCHOR_BUILT)
#define PQC_FN3(bits, impl, op) pqcrystals_kyber##bits##_##impl##_##op
#define PQC_FN(bits, impl, op) PQC_FN3(bits, impl, op)
#define PQC_LEVEL(bits)                                                                            \
	int PQC_FN(bits, PQC_IMPL, keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *coins); \
	int PQC_FN(bits, PQC_IMPL, enc_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *pk,         \
					       const uint8_t *coins);                               \
	int PQC_FN(bits, PQC_IMPL, dec)(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);         \
	static int pqc##bits##_keypair_derand(uint8_t *pk, uint8_t *sk, const uint8_t *coins)       \
	{                                                                                           \
		return PQC_FN(bits, PQC_IMPL, keypair_derand)(pk, sk, coins) ? CB_ERR_BACKEND : CB_OK; \
	}                                                                                           \
	static int pqc##bits##_encaps_derand(uint8_t *ct, uint8_t *ss, const uint8_t *pk,           \
					     const uint8_t *m)                                      \
	{                                                                                           \
		return PQC_FN(bits, PQC_IMPL, enc_derand)(ct, ss, pk, m) ? CB_ERR_BACKEND : CB_OK;  \
	}                                                                                           \
	static int pqc##bits##_decaps(uint8_t *ss, const uint8_t *ct, const uint8_t *sk)            \
	{                                                                                           \
		return PQC_FN(bits, PQC_IMPL, dec)(ss, ct, sk) ? CB_ERR_BACKEND : CB_OK;            \
	}
#define PQC_OP(bits, op) pqc##bits##_##op
#else
#define PQC_LEVEL(bits)
#define PQC_OP(bits, op) PQC_STUB_##op
#define PQC_STUB_keypair_derand cb_anchor_stub_keypair
#define PQC_STUB_encaps_derand cb_anchor_stub_encaps
#define PQC_STUB_decaps cb_anchor_stub_decaps
#endif

#ifndef CB_ANCHOR_COMMIT /* the pinned commit, from scripts/anchors.list (backend.cmake) */
#define CB_ANCHOR_COMMIT "unknown"
#endif

static const char *pqc_implementation(void)
{
	return "pq-crystals kyber " CB_ANCHOR_COMMIT " " PQC_LABEL;
}

static const char *pqc_version(void)
{
	return CB_ANCHOR_COMMIT;
}

#define PQC_CLASS(bits)                                                                            \
	PQC_LEVEL(bits)                                                                            \
	CB_ANCHOR_MLKEM_CLASS(mlkem##bits, bits, PQC_BACKEND, PQC_NOTES, PQC_UNAVAILABLE,           \
			      pqc_implementation, CB_KEM_SKIPS_EK_CHECK | CB_KEM_SKIPS_DK_CHECK,    \
			      PQC_OP(bits, keypair_derand), PQC_OP(bits, encaps_derand),            \
			      PQC_OP(bits, decaps))

PQC_CLASS(512);
PQC_CLASS(768);
PQC_CLASS(1024);

static const cb_alg_info *const pqc_algs[] = {&mlkem512.info, &mlkem768.info, &mlkem1024.info, NULL};
static const cb_alg_info *const *const pqc_classes[] = {pqc_algs, NULL};
