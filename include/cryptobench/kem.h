/*
 * Key-encapsulation mechanisms (FIPS 203 style): byte-string keys and
 * ciphertexts of fixed sizes.
 */
#ifndef CRYPTOBENCH_KEM_H
#define CRYPTOBENCH_KEM_H

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_kem_class cb_kem_class;
struct cb_kem_class {
	cb_alg_info info; /* info.kind == CB_KIND_KEM */
	size_t public_key_bytes;
	size_t secret_key_bytes;
	size_t ciphertext_bytes;
	size_t shared_secret_bytes;
	/*
	 * Every method receives its class first, cls->encaps(cls, ct, ss, pk)
	 * (a KEM has no handle), so that one function can serve every
	 * parameter set of an implementation through cls->info.variant.
	 */
	/* Fresh key pair from the system random generator. */
	int (*keypair)(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk);
	/*
	 * Encapsulate to pk.  Returns CB_ERR_INVALID_KEY when pk fails the
	 * scheme's input check (FIPS 203 section 7.2).
	 */
	int (*encaps)(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk);
	/*
	 * Decapsulate.  A modified ciphertext is not an error for an
	 * implicitly-rejecting KEM: ss receives the rejection secret and 0 is
	 * returned.  CB_ERR_INVALID_KEY when sk fails its check (FIPS 203 7.3).
	 */
	int (*decaps)(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk);

	/*
	 * Optional (NULL / 0 when not provided): deterministic variants for
	 * known-answer tests (kat.h).  keypair_derand takes
	 * keypair_coins_bytes bytes of coins (ML-KEM: d || z, 64 bytes,
	 * FIPS 203 Algorithm 16); encaps_derand takes encaps_coins_bytes
	 * (ML-KEM: m, 32 bytes, FIPS 203 Algorithm 17).  Errors as keypair
	 * and encaps.
	 */
	size_t keypair_coins_bytes;
	int (*keypair_derand)(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins);
	size_t encaps_coins_bytes;
	int (*encaps_derand)(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk,
			     const uint8_t *coins);

	/*
	 * Input checks of the standard this implementation leaves out (0: it
	 * does them all), so that tests and `verify` can tell a known
	 * omission from a fault.  CB_KEM_SKIPS_EK_CHECK: encaps accepts an
	 * encapsulation key that fails FIPS 203 7.2 (a coefficient >= q);
	 * CB_KEM_SKIPS_DK_CHECK: decaps accepts a decapsulation key whose
	 * stored H(ek) is wrong (7.3).
	 */
	unsigned skipped_checks;
};

#define CB_KEM_SKIPS_EK_CHECK 1u
#define CB_KEM_SKIPS_DK_CHECK 2u

static inline const cb_kem_class *cb_as_kem(const cb_alg_info *a)
{
	return (a && a->kind == CB_KIND_KEM) ? (const cb_kem_class *)(const void *)a : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
