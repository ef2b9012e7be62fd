/*
 * NIST ACVP vectors for ML-KEM (FIPS 203): keyGen (KeyGen_internal), and
 * encapDecap (Encaps_internal, Decaps, and the 7.2 / 7.3 key checks), for
 * every ML-KEM class of this build (test_mlkem_targets.h): the builtin
 * (also its check_ek / check_dk directly) and each comparison backend
 * built by `make anchors`.
 */
#include <stdio.h>
#include <stdlib.h>

#include "test_mlkem_targets.h"

static struct mlkem_target targets[MAX_TARGETS];
static size_t ntargets;

static const struct mlkem_set *group_set(const json_t *g)
{
	const struct mlkem_set *p = mlkem_set_by_name(tu_json_str(g, "parameterSet"));

	CHECK(p != NULL);
	return p;
}

static void keygen_test(struct mlkem_target *tg, const json_t *t)
{
	const struct mlkem_set *p = tg->p;
	uint8_t *d = NULL, *z = NULL, *ek = NULL, *dk = NULL;
	size_t dl = 0, zl = 0, ekl = 0, dkl = 0;
	uint8_t ek2[MAX_EK], dk2[MAX_DK];

	CHECK(!tu_json_hex(t, "d", &d, &dl) && !tu_json_hex(t, "z", &z, &zl) && !tu_json_hex(t, "ek", &ek, &ekl) &&
	      !tu_json_hex(t, "dk", &dk, &dkl));
	CHECK(dl == 32 && zl == 32 && ekl == p->ek_bytes && dkl == p->dk_bytes);
	if (dl == 32 && zl == 32 && ekl == p->ek_bytes && dkl == p->dk_bytes) {
		CHECK(mlkem_target_keypair(tg, ek2, dk2, d, z) == CB_OK);
		CHECK_MEM(ek2, ek, ekl);
		CHECK_MEM(dk2, dk, dkl);
	}
	free(d), free(z), free(ek), free(dk);
}

static unsigned long run_keygen(void)
{
	json_t *root = tu_load_json("acvp/ML-KEM-keyGen-FIPS203/internalProjection.json");
	unsigned long n = 0;
	size_t gi, ti;
	json_t *g, *t;

	if (!root)
		return 0;
	json_array_foreach(json_object_get(root, "testGroups"), gi, g) {
		const struct mlkem_set *p = group_set(g);

		if (!p)
			continue;
		json_array_foreach(json_object_get(g, "tests"), ti, t) {
			for (size_t i = 0; i < ntargets; i++) {
				if (targets[i].p != p)
					continue;
				tu_note("%s/%s keyGen tcId %lld", targets[i].k->info.name, targets[i].k->info.backend,
					(long long)json_integer_value(json_object_get(t, "tcId")));
				keygen_test(&targets[i], t);
			}
			n++;
		}
	}
	json_decref(root);
	return n;
}

static void encap_test(struct mlkem_target *tg, const json_t *t)
{
	const struct mlkem_set *p = tg->p;
	uint8_t *ek = NULL, *m = NULL, *c = NULL, *k = NULL;
	size_t ekl = 0, ml = 0, cl = 0, kl = 0;
	uint8_t ct[MAX_CT], ss[32];

	CHECK(!tu_json_hex(t, "ek", &ek, &ekl) && !tu_json_hex(t, "m", &m, &ml) && !tu_json_hex(t, "c", &c, &cl) &&
	      !tu_json_hex(t, "k", &k, &kl));
	if (ekl == p->ek_bytes && ml == 32 && cl == p->ct_bytes && kl == 32) {
		CHECK(tg->k->encaps_derand(tg->k, ct, ss, ek, m) == CB_OK);
		CHECK_MEM(ct, c, cl);
		CHECK_MEM(ss, k, 32);
	} else {
		CHECK(!"unexpected sizes");
	}
	free(ek), free(m), free(c), free(k);
}

static void decap_test(struct mlkem_target *tg, const json_t *t)
{
	const struct mlkem_set *p = tg->p;
	uint8_t *dk = NULL, *c = NULL, *k = NULL;
	size_t dkl = 0, cl = 0, kl = 0;
	uint8_t ss[32];

	CHECK(!tu_json_hex(t, "dk", &dk, &dkl) && !tu_json_hex(t, "c", &c, &cl) && !tu_json_hex(t, "k", &k, &kl));
	if (dkl == p->dk_bytes && cl == p->ct_bytes && kl == 32) {
		/* valid and modified ciphertexts alike succeed; k is the rejection key for the latter */
		CHECK(tg->k->decaps(tg->k, ss, c, dk) == CB_OK);
		CHECK_MEM(ss, k, 32);
	} else {
		CHECK(!"unexpected sizes");
	}
	free(dk), free(c), free(k);
}

static void keycheck_test(struct mlkem_target *tg, const json_t *t, int is_ek)
{
	const struct mlkem_set *p = tg->p;
	const char *field = is_ek ? "ek" : "dk";
	int expect = json_is_true(json_object_get(t, "testPassed"));
	uint8_t *key = NULL;
	size_t len = 0;

	CHECK(!tu_json_hex(t, field, &key, &len));
	if (len == (is_ek ? p->ek_bytes : p->dk_bytes)) {
		int ok;

		if (tg->builtin) {
			ok = (is_ek ? p->check_ek(key) : p->check_dk(key)) == CB_OK;
			CHECK_EQ_INT(ok, expect);
		}
		if (is_ek) {
			/* encapsulation itself must refuse the key, or take it when valid */
			uint8_t ct[MAX_CT], ss[32], m[32] = {0};
			int r = tg->k->encaps_derand(tg->k, ct, ss, key, m);

			if (expect)
				CHECK_EQ_INT(r, CB_OK);
			else if (r != CB_ERR_INVALID_KEY)
				CHECK(r == CB_OK && mlkem_known_skip(tg, 1, key));
			if (!expect && tg->builtin)
				CHECK(tg->k->encaps(tg->k, ct, ss, key) == CB_ERR_INVALID_KEY);
		} else {
			uint8_t ct[MAX_CT] = {0}, ss[32];
			int r = tg->k->decaps(tg->k, ss, ct, key);

			if (expect)
				CHECK_EQ_INT(r, CB_OK);
			else if (r != CB_ERR_INVALID_KEY)
				CHECK(r == CB_OK && mlkem_known_skip(tg, 0, key));
		}
	} else {
		/* a wrong length fails the type check: that is the expected "false" */
		CHECK(!expect);
	}
	free(key);
}

static unsigned long run_encapdecap(void)
{
	json_t *root = tu_load_json("acvp/ML-KEM-encapDecap-FIPS203/internalProjection.json");
	unsigned long n = 0;
	size_t gi, ti;
	json_t *g, *t;

	if (!root)
		return 0;
	json_array_foreach(json_object_get(root, "testGroups"), gi, g) {
		const struct mlkem_set *p = group_set(g);
		const char *fn = tu_json_str(g, "function");

		if (!p)
			continue;
		json_array_foreach(json_object_get(g, "tests"), ti, t) {
			for (size_t i = 0; i < ntargets; i++) {
				struct mlkem_target *tg = &targets[i];

				if (tg->p != p)
					continue;
				tu_note("%s/%s encapDecap %s tcId %lld", tg->k->info.name, tg->k->info.backend, fn,
					(long long)json_integer_value(json_object_get(t, "tcId")));
				if (!strcmp(fn, "encapsulation"))
					encap_test(tg, t);
				else if (!strcmp(fn, "decapsulation"))
					decap_test(tg, t);
				else if (!strcmp(fn, "encapsulationKeyCheck"))
					keycheck_test(tg, t, 1);
				else if (!strcmp(fn, "decapsulationKeyCheck"))
					keycheck_test(tg, t, 0);
				else
					CHECK(!"unknown function");
			}
			n++;
		}
	}
	json_decref(root);
	return n;
}

/* Every vector through every ML-KEM class: builtin (native where it can), builtin-c, the comparison backends. */
int main(void)
{
	unsigned long nk, ne;

	ntargets = mlkem_targets(targets, MAX_TARGETS);
	/* the builtin's three classes at least */
	CHECK(ntargets >= 3);
	nk = run_keygen();
	ne = run_encapdecap();
	/* every case in the files is run: 75 keyGen and 165 encapDecap */
	if (nk)
		CHECK_EQ_INT(nk, 75);
	if (ne)
		CHECK_EQ_INT(ne, 165);
	if (nk || ne)
		mlkem_targets_report(targets, ntargets);
	return tu_finish();
}
