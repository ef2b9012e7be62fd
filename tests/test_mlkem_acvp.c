/*
 * NIST ACVP vectors for ML-KEM (FIPS 203): keyGen (KeyGen_internal), and
 * encapDecap (Encaps_internal, Decaps, and the 7.2 / 7.3 key checks).
 */
#include <stdio.h>
#include <stdlib.h>

#include "test_mlkem_common.h"
#include "testutil.h"

static const struct mlkem_set *group_set(const json_t *g)
{
	const struct mlkem_set *p = mlkem_set_by_name(tu_json_str(g, "parameterSet"));

	CHECK(p != NULL);
	return p;
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
			uint8_t *d = NULL, *z = NULL, *ek = NULL, *dk = NULL;
			size_t dl = 0, zl = 0, ekl = 0, dkl = 0;
			uint8_t ek2[MAX_EK], dk2[MAX_DK];

			tu_note("keyGen tcId %lld", (long long)json_integer_value(json_object_get(t, "tcId")));
			CHECK(!tu_json_hex(t, "d", &d, &dl) && !tu_json_hex(t, "z", &z, &zl) &&
			      !tu_json_hex(t, "ek", &ek, &ekl) && !tu_json_hex(t, "dk", &dk, &dkl));
			CHECK(dl == 32 && zl == 32 && ekl == p->ek_bytes && dkl == p->dk_bytes);
			if (dl == 32 && zl == 32 && ekl == p->ek_bytes && dkl == p->dk_bytes) {
				CHECK(p->keypair_derand(ek2, dk2, d, z) == CB_OK);
				CHECK_MEM(ek2, ek, ekl);
				CHECK_MEM(dk2, dk, dkl);
			}
			free(d), free(z), free(ek), free(dk);
			n++;
		}
	}
	json_decref(root);
	return n;
}

static void encap_test(const struct mlkem_set *p, const json_t *t)
{
	uint8_t *ek = NULL, *m = NULL, *c = NULL, *k = NULL;
	size_t ekl = 0, ml = 0, cl = 0, kl = 0;
	uint8_t ct[MAX_CT], ss[32];

	CHECK(!tu_json_hex(t, "ek", &ek, &ekl) && !tu_json_hex(t, "m", &m, &ml) &&
	      !tu_json_hex(t, "c", &c, &cl) && !tu_json_hex(t, "k", &k, &kl));
	if (ekl == p->ek_bytes && ml == 32 && cl == p->ct_bytes && kl == 32) {
		CHECK(p->encaps_derand(ct, ss, ek, m) == CB_OK);
		CHECK_MEM(ct, c, cl);
		CHECK_MEM(ss, k, 32);
	} else {
		CHECK(!"unexpected sizes");
	}
	free(ek), free(m), free(c), free(k);
}

static void decap_test(const struct mlkem_set *p, const json_t *t)
{
	uint8_t *dk = NULL, *c = NULL, *k = NULL;
	size_t dkl = 0, cl = 0, kl = 0;
	uint8_t ss[32];

	CHECK(!tu_json_hex(t, "dk", &dk, &dkl) && !tu_json_hex(t, "c", &c, &cl) &&
	      !tu_json_hex(t, "k", &k, &kl));
	if (dkl == p->dk_bytes && cl == p->ct_bytes && kl == 32) {
		/* valid and modified ciphertexts alike succeed; k is the rejection key for the latter */
		CHECK(p->decaps(ss, c, dk) == CB_OK);
		CHECK_MEM(ss, k, 32);
	} else {
		CHECK(!"unexpected sizes");
	}
	free(dk), free(c), free(k);
}

static void keycheck_test(const struct mlkem_set *p, const json_t *t, int is_ek)
{
	const char *field = is_ek ? "ek" : "dk";
	int expect = json_is_true(json_object_get(t, "testPassed"));
	uint8_t *key = NULL;
	size_t len = 0;
	int ok;

	CHECK(!tu_json_hex(t, field, &key, &len));
	if (len == (is_ek ? p->ek_bytes : p->dk_bytes)) {
		ok = (is_ek ? p->check_ek(key) : p->check_dk(key)) == CB_OK;
		CHECK_EQ_INT(ok, expect);
		if (is_ek && !expect) {
			/* encapsulation itself must refuse the key */
			uint8_t ct[MAX_CT], ss[32], m[32] = {0};

			CHECK(p->encaps_derand(ct, ss, key, m) == CB_ERR_INVALID_KEY);
			CHECK(p->encaps(ct, ss, key) == CB_ERR_INVALID_KEY);
		}
		if (!is_ek && !expect) {
			uint8_t ct[MAX_CT] = {0}, ss[32];

			CHECK(p->decaps(ss, ct, key) == CB_ERR_INVALID_KEY);
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
			tu_note("encapDecap %s tcId %lld", fn,
				(long long)json_integer_value(json_object_get(t, "tcId")));
			if (!strcmp(fn, "encapsulation"))
				encap_test(p, t);
			else if (!strcmp(fn, "decapsulation"))
				decap_test(p, t);
			else if (!strcmp(fn, "encapsulationKeyCheck"))
				keycheck_test(p, t, 1);
			else if (!strcmp(fn, "decapsulationKeyCheck"))
				keycheck_test(p, t, 0);
			else
				CHECK(!"unknown function");
			n++;
		}
	}
	json_decref(root);
	return n;
}

/* Every vector through each implementation this CPU runs (portable C, AVX2). */
int main(void)
{
	static const int impls[] = {CB_MLKEM_IMPL_C, CB_MLKEM_IMPL_AVX2};

	for (size_t i = 0; i < sizeof(impls) / sizeof(impls[0]); i++) {
		unsigned long nk, ne;

		if (!cb_mlkem_impl_available(impls[i])) {
			printf("ML-KEM implementation %s not available here: skipped\n",
			       cb_mlkem_impl_name(impls[i]));
			continue;
		}
		CHECK(cb_mlkem_set_impl(impls[i]) == CB_OK);
		CHECK_EQ_INT(cb_mlkem_impl(), impls[i]);
		tu_note("implementation %s", cb_mlkem_impl_name(impls[i]));
		nk = run_keygen();
		ne = run_encapdecap();
		/* every case in the files is run: 75 keyGen and 165 encapDecap */
		if (nk)
			CHECK_EQ_INT(nk, 75);
		if (ne)
			CHECK_EQ_INT(ne, 165);
		printf("ML-KEM implementation %s: %lu keyGen, %lu encapDecap vectors\n",
		       cb_mlkem_impl_name(impls[i]), nk, ne);
	}
	return tu_finish();
}
