/*
 * The comparison ML-KEM backends built from the anchors (`make anchors`):
 * oqs, mlkem-native-c, mlkem-native-avx2, pqcrystals-ref, pqcrystals-avx2.
 *
 * Always: each is registered with mlkem512 / mlkem768 / mlkem1024 and,
 * when its anchor was not built, each class says "not built (make
 * anchors)"; an AVX2 class that was built is unavailable exactly when the
 * CPU lacks AVX2.  When built: byte-for-byte agreement with the builtin on
 * the same seeds (keypair_derand: ek, dk; encaps_derand: ct, ss), cross
 * decapsulation both ways with the randomised functions, the same implicit
 * rejection secret for a modified ciphertext, and the FIPS 203 input checks
 * each class performs or declares skipped.  Skips (77) when no anchor was
 * built.
 */
#include <stdio.h>
#include <string.h>

#include "cryptobench/kem.h"
#include "cryptobench/registry.h"
#include "test_mlkem_common.h"
#include "testutil.h"

static const char *const anchor_backends[] = {"oqs", "mlkem-native-c", "mlkem-native-avx2", "pqcrystals-ref",
					      "pqcrystals-avx2"};
static const char *const sets[] = {"mlkem512", "mlkem768", "mlkem1024"};

#define SEEDS 20

static int cpu_avx2(void)
{
#if defined(__x86_64__)
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
#else
	return 0;
#endif
}

/* ek with its first coefficient set to q = 3329 (not reduced, FIPS 203 7.2). */
static void unreduce(uint8_t *ek)
{
	ek[0] = 3329 & 0xff;
	ek[1] = (uint8_t)((ek[1] & 0xf0) | (3329 >> 8));
}

static void agree(const cb_kem_class *k, const cb_kem_class *ref)
{
	uint8_t coins[64], m[32];
	uint8_t ek[MAX_EK], dk[MAX_DK], ct[MAX_CT], ss[32];
	uint8_t ek2[MAX_EK], dk2[MAX_DK], ct2[MAX_CT], ss2[32], ss3[32];
	size_t ekl = ref->public_key_bytes, dkl = ref->secret_key_bytes, ctl = ref->ciphertext_bytes;

	CHECK_EQ_INT(k->public_key_bytes, ekl);
	CHECK_EQ_INT(k->secret_key_bytes, dkl);
	CHECK_EQ_INT(k->ciphertext_bytes, ctl);
	CHECK_EQ_INT(k->shared_secret_bytes, 32);
	if (k->public_key_bytes != ekl || k->secret_key_bytes != dkl || k->ciphertext_bytes != ctl)
		return;
	for (uint64_t s = 0; s < SEEDS; s++) {
		tu_note("%s/%s seed %llu", k->info.name, k->info.backend, (unsigned long long)s);
		tu_fill(coins, sizeof(coins), 0x5eed0000 + s);
		tu_fill(m, sizeof(m), 0x3e550000 + s);
		/* the same seeds give the same bytes */
		CHECK(k->keypair_derand(k, ek, dk, coins) == CB_OK);
		CHECK(ref->keypair_derand(ref, ek2, dk2, coins) == CB_OK);
		CHECK_MEM(ek, ek2, ekl);
		CHECK_MEM(dk, dk2, dkl);
		CHECK(k->encaps_derand(k, ct, ss, ek, m) == CB_OK);
		CHECK(ref->encaps_derand(ref, ct2, ss2, ek2, m) == CB_OK);
		CHECK_MEM(ct, ct2, ctl);
		CHECK_MEM(ss, ss2, 32);
		CHECK(k->decaps(k, ss3, ct, dk) == CB_OK);
		CHECK_MEM(ss3, ss, 32);
		/* a modified ciphertext: the same implicit-rejection secret J(z || c), not K */
		ct[s % ctl] ^= (uint8_t)(1u << (s % 8));
		CHECK(k->decaps(k, ss3, ct, dk) == CB_OK);
		CHECK(ref->decaps(ref, ss2, ct, dk2) == CB_OK);
		CHECK_MEM(ss3, ss2, 32);
		CHECK(memcmp(ss3, ss, 32) != 0);

		/* cross decapsulation with fresh randomness, both ways */
		CHECK(k->keypair(k, ek, dk) == CB_OK);
		CHECK(ref->encaps(ref, ct, ss, ek) == CB_OK);
		CHECK(k->decaps(k, ss2, ct, dk) == CB_OK);
		CHECK_MEM(ss2, ss, 32);
		CHECK(ref->keypair(ref, ek2, dk2) == CB_OK);
		CHECK(k->encaps(k, ct2, ss, ek2) == CB_OK);
		CHECK(ref->decaps(ref, ss2, ct2, dk2) == CB_OK);
		CHECK_MEM(ss2, ss, 32);
		CHECK(k->decaps(k, ss3, ct2, dk2) == CB_OK);
		CHECK_MEM(ss3, ss, 32);
	}

	/* the input checks: performed, or declared skipped (then the key is taken) */
	tu_note("%s/%s input checks", k->info.name, k->info.backend);
	tu_fill(coins, sizeof(coins), 0xc4ec);
	CHECK(k->keypair_derand(k, ek, dk, coins) == CB_OK);
	memcpy(ek2, ek, ekl);
	unreduce(ek2);
	CHECK(ref->encaps_derand(ref, ct, ss, ek2, m) == CB_ERR_INVALID_KEY);
	if (k->skipped_checks & CB_KEM_SKIPS_EK_CHECK)
		CHECK(k->encaps_derand(k, ct, ss, ek2, m) == CB_OK);
	else
		CHECK(k->encaps_derand(k, ct, ss, ek2, m) == CB_ERR_INVALID_KEY);
	CHECK(k->encaps_derand(k, ct, ss, ek, m) == CB_OK);
	memcpy(dk2, dk, dkl);
	dk2[dkl - 64] ^= 1; /* the stored H(ek) */
	CHECK(ref->decaps(ref, ss2, ct, dk2) == CB_ERR_INVALID_KEY);
	if (k->skipped_checks & CB_KEM_SKIPS_DK_CHECK)
		CHECK(k->decaps(k, ss2, ct, dk2) == CB_OK);
	else
		CHECK(k->decaps(k, ss2, ct, dk2) == CB_ERR_INVALID_KEY);
}

int main(void)
{
	size_t built = 0;
	int avx2 = cpu_avx2();

	for (size_t b = 0; b < sizeof(anchor_backends) / sizeof(anchor_backends[0]); b++) {
		const char *be = anchor_backends[b];
		const int is_avx2 = strstr(be, "avx2") != NULL;

		tu_note("backend %s", be);
		CHECK(cb_backend_find(be) != NULL);
		for (size_t s = 0; s < 3; s++) {
			const cb_alg_info *a = cb_registry_find(sets[s], be);
			const cb_alg_info *r = cb_registry_find(sets[s], "builtin");
			const char *why, *impl;

			tu_note("%s/%s", sets[s], be);
			CHECK(a != NULL && cb_as_kem(a) != NULL && r != NULL);
			if (!a || !r || !cb_as_kem(a))
				continue;
			why = cb_alg_unavailable(a);
			impl = cb_alg_implementation(a);
			CHECK(impl && *impl);
			if (why && !strcmp(why, "not built (make anchors)"))
				continue;
			/* built: an AVX2 class is usable exactly where the CPU has AVX2; every other always */
			CHECK_EQ_INT(why == NULL, !is_avx2 || avx2);
			CHECK(strstr(impl, !strncmp(be, "oqs", 3) ? "liboqs" : !strncmp(be, "mlkem", 5) ? "mlkem-native" : "pq-crystals"));
			built++;
			if (why) {
				printf("%s/%s: unavailable: %s\n", sets[s], be, why);
				continue;
			}
			printf("%s/%s: %s\n", sets[s], be, impl);
			agree(cb_as_kem(a), cb_as_kem(r));
		}
	}
	if (built == 0) {
		/* the registration checks above still count; the test itself did not run */
		int r = tu_finish();

		fprintf(stderr, "SKIP: anchors not built (make anchors): the comparison backends are listed as not built\n");
		return r ? r : 77;
	}
	return tu_finish();
}
