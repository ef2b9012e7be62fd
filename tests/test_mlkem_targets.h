/*
 * The ML-KEM classes the vector tests run over: every usable kem class
 * named mlkem512 / mlkem768 / mlkem1024 on every backend of this build (the
 * builtin, and the comparison backends when `make anchors` built them).
 *
 * A class may leave out a FIPS 203 input check (cb_kem_class
 * skipped_checks: the pq-crystals code does neither 7.2 nor 7.3).  When it
 * accepts a key a vector says must be refused, that is counted as a known
 * skipped check, not a failure, only if the class declares that omission
 * and the builtin's own check confirms the key fails exactly that check;
 * every other mismatch fails.
 */
#ifndef TEST_MLKEM_TARGETS_H
#define TEST_MLKEM_TARGETS_H

#include <stdio.h>

#include "cryptobench/kem.h"
#include "cryptobench/registry.h"
#include "test_mlkem_common.h"
#include "testutil.h"

struct mlkem_target {
	const cb_kem_class *k;
	const struct mlkem_set *p; /* its parameter set; builtin's check_ek / check_dk */
	int builtin;               /* the builtin also has check_ek / check_dk to test directly */
	unsigned long known_skips;
};

#define MAX_TARGETS 32

/* Fills t[] with the classes above, in registry order; returns how many. */
static inline size_t mlkem_targets(struct mlkem_target *t, size_t cap)
{
	const cb_alg_info *a;
	size_t n = 0;

	for (size_t i = 0; (a = cb_registry_get(i)) != NULL && n < cap; i++) {
		const cb_kem_class *k = cb_as_kem(a);
		const struct mlkem_set *p = NULL;

		for (size_t s = 0; k && s < 3; s++) {
			char name[16];

			snprintf(name, sizeof(name), "mlkem%d", mlkem_sets[s].bits);
			if (!strcmp(a->name, name))
				p = &mlkem_sets[s];
		}
		if (!p || cb_alg_unavailable(a))
			continue;
		CHECK(k->keypair_derand && k->encaps_derand && k->keypair_coins_bytes == 64 &&
		      k->encaps_coins_bytes == 32 && k->public_key_bytes == p->ek_bytes &&
		      k->secret_key_bytes == p->dk_bytes && k->ciphertext_bytes == p->ct_bytes);
		t[n].k = k;
		t[n].p = p;
		t[n].builtin = !strcmp(a->backend, "builtin");
		t[n].known_skips = 0;
		n++;
	}
	return n;
}

/* keypair_derand with d and z apart, as the vectors give them. */
static inline int mlkem_target_keypair(const struct mlkem_target *t, uint8_t *ek, uint8_t *dk, const uint8_t *d,
				       const uint8_t *z)
{
	uint8_t coins[64];

	memcpy(coins, d, 32);
	memcpy(coins + 32, z, 32);
	return t->k->keypair_derand(t->k, ek, dk, coins);
}

/*
 * Class t accepted `key` (an ek when is_ek, else a dk) that the vector says
 * must be refused: 1 when that is a known skipped check (counted), 0 when
 * it is a failure.
 */
static inline int mlkem_known_skip(struct mlkem_target *t, int is_ek, const uint8_t *key)
{
	unsigned flag = is_ek ? CB_KEM_SKIPS_EK_CHECK : CB_KEM_SKIPS_DK_CHECK;
	int fails = is_ek ? t->p->check_ek(key) != CB_OK : t->p->check_dk(key) != CB_OK;

	if ((t->k->skipped_checks & flag) && fails) {
		t->known_skips++;
		return 1;
	}
	return 0;
}

static inline void mlkem_targets_report(const struct mlkem_target *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		printf("%s/%s (%s): %lu known skipped check%s\n", t[i].k->info.name, t[i].k->info.backend,
		       cb_alg_implementation(&t[i].k->info), t[i].known_skips, t[i].known_skips == 1 ? "" : "s");
}

#endif
