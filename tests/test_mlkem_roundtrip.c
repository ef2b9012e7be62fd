/*
 * Random round trips for each parameter set through the public (getrandom)
 * functions and the registry's builtin class; a modified ciphertext yields
 * the implicit-rejection secret J(z || c), not the real one.
 */
#include "cryptobench/kem.h"
#include "cryptobench/registry.h"
#include "sha3/sha3.h"
#include "test_mlkem_common.h"
#include "testutil.h"

#define ROUNDS 20

static void rejection_key(uint8_t out[32], const struct mlkem_set *p, const uint8_t *dk,
			  const uint8_t *ct)
{
	cb_keccak_state st;

	cb_shake256_init(&st);
	cb_keccak_absorb(&st, dk + p->dk_bytes - 32, 32);
	cb_keccak_absorb(&st, ct, p->ct_bytes);
	cb_shake_finalize(&st);
	cb_keccak_squeeze(&st, out, 32);
}

static void roundtrip(const struct mlkem_set *p, uint64_t seed)
{
	uint8_t ek[MAX_EK], dk[MAX_DK], ct[MAX_CT], ss1[32], ss2[32], rej[32];

	CHECK(p->keypair(ek, dk) == CB_OK);
	CHECK(p->check_ek(ek) == CB_OK);
	CHECK(p->check_dk(dk) == CB_OK);
	CHECK(p->encaps(ct, ss1, ek) == CB_OK);
	CHECK(p->decaps(ss2, ct, dk) == CB_OK);
	CHECK_MEM(ss1, ss2, 32);

	/* flip one pseudo-random bit of the ciphertext */
	uint8_t r[4];
	tu_fill(r, sizeof(r), seed);
	size_t bit = ((size_t)r[0] | (size_t)r[1] << 8 | (size_t)r[2] << 16) % (p->ct_bytes * 8);
	ct[bit / 8] ^= (uint8_t)(1u << (bit % 8));
	CHECK(p->decaps(ss2, ct, dk) == CB_OK);
	CHECK(memcmp(ss1, ss2, 32) != 0);
	rejection_key(rej, p, dk, ct);
	CHECK_MEM(ss2, rej, 32);
}

/* Deterministic functions agree with the randomised ones' outputs on the same inputs. */
static void derand_consistency(const struct mlkem_set *p, uint64_t seed)
{
	uint8_t d[32], z[32], m[32], ek[MAX_EK], dk[MAX_DK], ek2[MAX_EK], dk2[MAX_DK];
	uint8_t ct[MAX_CT], ct2[MAX_CT], ss[32], ss2[32];

	tu_fill(d, 32, seed);
	tu_fill(z, 32, seed + 1);
	tu_fill(m, 32, seed + 2);
	CHECK(p->keypair_derand(ek, dk, d, z) == CB_OK);
	CHECK(p->keypair_derand(ek2, dk2, d, z) == CB_OK);
	CHECK_MEM(ek, ek2, p->ek_bytes);
	CHECK_MEM(dk, dk2, p->dk_bytes);
	CHECK(p->encaps_derand(ct, ss, ek, m) == CB_OK);
	CHECK(p->encaps_derand(ct2, ss2, ek, m) == CB_OK);
	CHECK_MEM(ct, ct2, p->ct_bytes);
	CHECK_MEM(ss, ss2, 32);
	CHECK(p->decaps(ss2, ct, dk) == CB_OK);
	CHECK_MEM(ss, ss2, 32);

	/* an ek with one coefficient set to q fails the modulus check (FIPS 203 7.2) */
	ek[0] = MLKEM_Q & 0xff;
	ek[1] = (uint8_t)((ek[1] & 0xf0) | (MLKEM_Q >> 8));
	CHECK(p->check_ek(ek) == CB_ERR_INVALID_KEY);
	CHECK(p->encaps(ct, ss, ek) == CB_ERR_INVALID_KEY);
	/* a dk whose H(ek) does not match fails the hash check (FIPS 203 7.3) */
	dk[p->dk_bytes - 64] ^= 1;
	CHECK(p->check_dk(dk) == CB_ERR_INVALID_KEY);
	CHECK(p->decaps(ss2, ct2, dk) == CB_ERR_INVALID_KEY);
}

static void via_registry(const struct mlkem_set *p)
{
	char name[16];
	snprintf(name, sizeof(name), "mlkem%d", p->bits);
	const cb_kem_class *k = cb_as_kem(cb_registry_find(name, "builtin"));
	uint8_t ek[MAX_EK], dk[MAX_DK], ct[MAX_CT], ss1[32], ss2[32];

	CHECK(k != NULL);
	if (!k)
		return;
	CHECK(k->public_key_bytes == p->ek_bytes && k->secret_key_bytes == p->dk_bytes &&
	      k->ciphertext_bytes == p->ct_bytes && k->shared_secret_bytes == 32);
	CHECK(cb_alg_unavailable(&k->info) == NULL);
	CHECK(!strcmp(cb_alg_implementation(&k->info), cb_mlkem_impl_string()));
	CHECK(!strncmp(cb_alg_implementation(&k->info),
		       cb_mlkem_impl() == CB_MLKEM_IMPL_AVX2 ? "builtin-avx2" : "builtin-c", 11));
	CHECK(k->keypair(k, ek, dk) == CB_OK);
	CHECK(k->encaps(k, ct, ss1, ek) == CB_OK);
	CHECK(k->decaps(k, ss2, ct, dk) == CB_OK);
	CHECK_MEM(ss1, ss2, 32);
}

int main(void)
{
	for (size_t i = 0; i < 3; i++) {
		tu_note("%s", mlkem_sets[i].acvp_name);
		for (int r = 0; r < ROUNDS; r++) {
			roundtrip(&mlkem_sets[i], 1000 * i + r);
			derand_consistency(&mlkem_sets[i], 7000 * i + 3 * r);
		}
		via_registry(&mlkem_sets[i]);
	}
	return tu_finish();
}
