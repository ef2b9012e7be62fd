/*
 * All twelve Wycheproof ML-KEM files: decapsulation after key generation
 * from a seed, encapsulation with invalid keys, key generation from seeds,
 * and decapsulation-key validation.  "valid" must succeed with the given
 * output, "invalid" must be rejected; wrong lengths are rejected by the type
 * checks (FIPS 203 7.2 / 7.3), which here are length comparisons.  Run for
 * every ML-KEM class of this build (test_mlkem_targets.h): the builtin
 * (also its check_ek / check_dk directly) and each comparison backend built
 * by `make anchors`; an implementation that declares a skipped input check
 * has those cases counted as known skipped checks.
 */
#include <stdio.h>
#include <stdlib.h>

#include "test_mlkem_targets.h"

static struct mlkem_target targets[MAX_TARGETS];
static size_t ntargets;

enum { VALID, INVALID, ACCEPTABLE };

static int result_of(const json_t *t)
{
	const char *r = tu_json_str(t, "result");

	if (!strcmp(r, "valid"))
		return VALID;
	if (!strcmp(r, "invalid"))
		return INVALID;
	CHECK(!strcmp(r, "acceptable"));
	return ACCEPTABLE;
}

/* MLKEMTest: KeyGen_internal(seed) then Decaps(c). */
static void mlkem_test(struct mlkem_target *tg, const json_t *t, int expect)
{
	const struct mlkem_set *p = tg->p;
	uint8_t *seed = NULL, *ek = NULL, *c = NULL, *k = NULL;
	size_t sl = 0, ekl = 0, cl = 0, kl = 0;
	uint8_t ek2[MAX_EK], dk[MAX_DK], ss[32];
	int ok = 1;

	CHECK(!tu_json_hex(t, "seed", &seed, &sl) && !tu_json_hex(t, "c", &c, &cl) &&
	      !tu_json_hex(t, "K", &k, &kl));
	if (json_object_get(t, "ek"))
		CHECK(!tu_json_hex(t, "ek", &ek, &ekl));
	if (sl != 64 || cl != p->ct_bytes) {
		ok = 0;
	} else {
		CHECK(tg->k->keypair_derand(tg->k, ek2, dk, seed) == CB_OK);
		if (ek)
			CHECK(ekl == p->ek_bytes && !memcmp(ek, ek2, p->ek_bytes));
		ok = tg->k->decaps(tg->k, ss, c, dk) == CB_OK;
		if (ok && expect == VALID) {
			CHECK(kl == 32);
			CHECK_MEM(ss, k, 32);
		}
	}
	if (expect != ACCEPTABLE)
		CHECK_EQ_INT(ok, expect == VALID);
	free(seed), free(ek), free(c), free(k);
}

/* MLKEMEncapsTest: Encaps_internal(ek, m), with the 7.2 checks. */
static void encaps_test(struct mlkem_target *tg, const json_t *t, int expect)
{
	const struct mlkem_set *p = tg->p;
	uint8_t *ek = NULL, *m = NULL, *c = NULL, *k = NULL;
	size_t ekl = 0, ml = 0, cl = 0, kl = 0;
	uint8_t ct[MAX_CT], ss[32];
	int ok;

	CHECK(!tu_json_hex(t, "ek", &ek, &ekl) && !tu_json_hex(t, "m", &m, &ml) &&
	      !tu_json_hex(t, "c", &c, &cl) && !tu_json_hex(t, "K", &k, &kl));
	if (ekl != p->ek_bytes || ml != 32) {
		ok = 0;
	} else {
		ok = tg->k->encaps_derand(tg->k, ct, ss, ek, m) == CB_OK;
		if (tg->builtin)
			CHECK_EQ_INT(p->check_ek(ek) == CB_OK, ok);
		if (ok && expect == INVALID && mlkem_known_skip(tg, 1, ek))
			ok = 0; /* refused by the check the class leaves out */
		if (ok && expect == VALID) {
			CHECK(cl == p->ct_bytes && kl == 32);
			if (cl == p->ct_bytes && kl == 32) {
				CHECK_MEM(ct, c, cl);
				CHECK_MEM(ss, k, 32);
			}
		}
	}
	if (expect != ACCEPTABLE)
		CHECK_EQ_INT(ok, expect == VALID);
	free(ek), free(m), free(c), free(k);
}

/* MLKEMKeyGen: KeyGen_internal(d, z) from seed = d || z. */
static void keygen_test(struct mlkem_target *tg, const json_t *t, int expect)
{
	const struct mlkem_set *p = tg->p;
	uint8_t *seed = NULL, *ek = NULL, *dk = NULL;
	size_t sl = 0, ekl = 0, dkl = 0;
	uint8_t ek2[MAX_EK], dk2[MAX_DK];
	int ok = 0;

	CHECK(!tu_json_hex(t, "seed", &seed, &sl) && !tu_json_hex(t, "ek", &ek, &ekl) &&
	      !tu_json_hex(t, "dk", &dk, &dkl));
	if (sl == 64) {
		ok = tg->k->keypair_derand(tg->k, ek2, dk2, seed) == CB_OK;
		if (ok && expect == VALID) {
			CHECK(ekl == p->ek_bytes && dkl == p->dk_bytes);
			if (ekl == p->ek_bytes && dkl == p->dk_bytes) {
				CHECK_MEM(ek2, ek, ekl);
				CHECK_MEM(dk2, dk, dkl);
			}
		}
	}
	if (expect != ACCEPTABLE)
		CHECK_EQ_INT(ok, expect == VALID);
	free(seed), free(ek), free(dk);
}

/* MLKEMDecapsValidationTest: Decaps(dk, c) with the 7.3 checks. */
static void decaps_validation_test(struct mlkem_target *tg, const json_t *t, int expect)
{
	const struct mlkem_set *p = tg->p;
	uint8_t *dk = NULL, *c = NULL, *k = NULL;
	size_t dkl = 0, cl = 0, kl = 0;
	uint8_t ss[32];
	int ok;

	CHECK(!tu_json_hex(t, "dk", &dk, &dkl) && !tu_json_hex(t, "c", &c, &cl));
	if (json_object_get(t, "K"))
		CHECK(!tu_json_hex(t, "K", &k, &kl));
	if (dkl != p->dk_bytes || cl != p->ct_bytes) {
		ok = 0;
	} else {
		ok = tg->k->decaps(tg->k, ss, c, dk) == CB_OK;
		if (tg->builtin)
			CHECK_EQ_INT(p->check_dk(dk) == CB_OK, ok);
		if (ok && expect == INVALID && mlkem_known_skip(tg, 0, dk))
			ok = 0; /* refused by the check the class leaves out */
		if (ok && expect == VALID) {
			CHECK(kl == 32);
			if (kl == 32)
				CHECK_MEM(ss, k, 32);
		}
	}
	if (expect != ACCEPTABLE)
		CHECK_EQ_INT(ok, expect == VALID);
	free(dk), free(c), free(k);
}

static unsigned long run_file(const char *file, int bits)
{
	char path[256];
	json_t *root, *g, *t;
	unsigned long n = 0;
	size_t gi, ti;

	snprintf(path, sizeof(path), "wycheproof/testvectors_v1/%s", file);
	root = tu_load_json(path);
	if (!root)
		return 0;
	json_array_foreach(json_object_get(root, "testGroups"), gi, g) {
		const struct mlkem_set *p = mlkem_set_by_name(tu_json_str(g, "parameterSet"));
		const char *type = tu_json_str(g, "type");

		CHECK(p != NULL && p->bits == bits);
		if (!p)
			continue;
		json_array_foreach(json_object_get(g, "tests"), ti, t) {
			int expect = result_of(t);

			for (size_t i = 0; i < ntargets; i++) {
				struct mlkem_target *tg = &targets[i];

				if (tg->p != p)
					continue;
				tu_note("%s/%s %s tcId %lld", tg->k->info.name, tg->k->info.backend, file,
					(long long)json_integer_value(json_object_get(t, "tcId")));
				if (!strcmp(type, "MLKEMTest"))
					mlkem_test(tg, t, expect);
				else if (!strcmp(type, "MLKEMEncapsTest"))
					encaps_test(tg, t, expect);
				else if (!strcmp(type, "MLKEMKeyGen"))
					keygen_test(tg, t, expect);
				else if (!strcmp(type, "MLKEMDecapsValidationTest"))
					decaps_validation_test(tg, t, expect);
				else
					CHECK(!"unknown test type");
			}
			n++;
		}
	}
	CHECK_EQ_INT(n, json_integer_value(json_object_get(root, "numberOfTests")));
	json_decref(root);
	return n;
}

/*
 * Every file through every ML-KEM class of this build: the builtin (its
 * native path where the CPU has one), builtin-c (the portable path) and
 * the comparison backends when built.
 */
int main(void)
{
	static const char *const kinds[] = {"test", "encaps_test", "keygen_seed_test",
					    "semi_expanded_decaps_test"};
	static const int bits[] = {512, 768, 1024};
	unsigned long n = 0;

	ntargets = mlkem_targets(targets, MAX_TARGETS);
	CHECK(ntargets >= 3); /* the builtin's three classes at least */
	for (size_t b = 0; b < 3; b++)
		for (size_t i = 0; i < 4; i++) {
			char file[96];

			snprintf(file, sizeof(file), "mlkem_%d_%s.json", bits[b], kinds[i]);
			n += run_file(file, bits[b]);
		}
	if (n)
		mlkem_targets_report(targets, ntargets);
	return tu_finish();
}
