/*
 * The post-quantum key encodings of src/core/der.c: ML-DSA (RFC 9881) and
 * SLH-DSA (RFC 9909) keys in SubjectPublicKeyInfo and PKCS#8, read from
 * the RFCs' own examples (pq_key_examples.h), canonicalised, taken apart
 * and put together again byte for byte; and the malformed variants
 * refused.
 */
#include <stdlib.h>
#include <string.h>

#include "core/der.h"
#include "pq_key_examples.h"
#include "testutil.h"

static const cb_key_type mldsa_types[] = {CB_KEY_MLDSA44, CB_KEY_MLDSA65, CB_KEY_MLDSA87};
static const size_t mldsa_pk[] = {1312, 1952, 2592}, mldsa_sk[] = {2560, 4032, 4896};

/* in is already canonical: the canonical form is in itself, of type want. */
static void check_canonical(const uint8_t *in, size_t len, int secret, cb_key_type want)
{
	uint8_t *c = NULL;
	size_t cl = 0;
	cb_key_type t;

	CHECK_EQ_INT(secret ? cb_key_private_pkcs8(in, len, &t, &c, &cl) : cb_key_public_spki(in, len, &t, &c, &cl), 0);
	CHECK_EQ_INT(t, want);
	CHECK_EQ_INT(cl, len);
	if (c && cl == len)
		CHECK_MEM(c, in, len);
	free(c);
	/* one byte short, one byte more: refused */
	c = NULL;
	CHECK_EQ_INT(secret ? cb_key_private_pkcs8(in, len - 1, &t, &c, &cl) : cb_key_public_spki(in, len - 1, &t, &c, &cl),
		     CB_ERR_FORMAT);
	{
		uint8_t *longer = malloc(len + 1);

		memcpy(longer, in, len);
		longer[len] = 0;
		CHECK_EQ_INT(secret ? cb_key_private_pkcs8(longer, len + 1, &t, &c, &cl)
				    : cb_key_public_spki(longer, len + 1, &t, &c, &cl),
			     CB_ERR_FORMAT);
		free(longer);
	}
}

static void check_same(uint8_t *got, size_t gotlen, const uint8_t *want, size_t wantlen)
{
	CHECK_EQ_INT(gotlen, wantlen);
	if (got && gotlen == wantlen)
		CHECK_MEM(got, want, wantlen);
	free(got);
}

static void test_mldsa_examples(void)
{
	static const uint8_t xi[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
				       16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

	for (size_t i = 0; i < 3; i++) {
		const struct mldsa_key_example *e = &mldsa_key_examples[i];
		uint8_t *spki, *seedf, *expf, *bothf, *o;
		size_t spl, sel, exl, bol, ol, pk, sk, counted;
		const uint8_t *raw, *seed, *ex, *ex2;
		const char *enc;
		long bits;
		cb_key_type t = mldsa_types[i];

		tu_note("%s", e->alg);
		CHECK_EQ_INT(tu_unhex(e->spki, &spki, &spl), 0);
		CHECK_EQ_INT(tu_unhex(e->seed, &seedf, &sel), 0);
		CHECK_EQ_INT(tu_unhex(e->expanded, &expf, &exl), 0);
		CHECK_EQ_INT(tu_unhex(e->both, &bothf, &bol), 0);
		CHECK_EQ_INT(cb_key_is_pq(t), 1);
		CHECK_EQ_INT(cb_key_pq_sizes(t, &pk, &sk), 0);
		CHECK_EQ_INT(pk, mldsa_pk[i]);
		CHECK_EQ_INT(sk, mldsa_sk[i]);

		/* public key: canonical as published, raw bytes, and back */
		check_canonical(spki, spl, 0, t);
		CHECK_EQ_INT(cb_key_raw(spki, spl, 0, &raw, &pk), 0);
		CHECK_EQ_INT(pk, mldsa_pk[i]);
		CHECK_EQ_INT(cb_key_wrap_raw(t, 0, raw, pk, &o, &ol), 0);
		check_same(o, ol, spki, spl);
		CHECK_EQ_INT(cb_key_wrap_raw(t, 0, raw, pk - 1, &o, &ol), CB_ERR_ARG);

		/* the three private forms: each canonical as it is */
		check_canonical(seedf, sel, 1, t);
		check_canonical(expf, exl, 1, t);
		check_canonical(bothf, bol, 1, t);
		CHECK_EQ_INT(sel, 54);

		CHECK_EQ_INT(cb_mldsa_private_decode(seedf, sel, &t, &seed, &ex), 0);
		CHECK_EQ_INT(t, mldsa_types[i]);
		CHECK(seed && !ex);
		if (seed)
			CHECK_MEM(seed, xi, 32);
		CHECK_EQ_INT(cb_mldsa_private_decode(expf, exl, &t, &seed, &ex), 0);
		CHECK(!seed && ex);
		/* rho opens both the public key and the expanded secret key (FIPS 204 Algorithms 22, 24) */
		if (ex)
			CHECK_MEM(ex, raw, 32);
		CHECK_EQ_INT(cb_mldsa_private_decode(bothf, bol, &t, &seed, &ex2), 0);
		CHECK(seed && ex2);
		if (seed)
			CHECK_MEM(seed, xi, 32);
		if (ex && ex2)
			CHECK_MEM(ex2, ex, mldsa_sk[i]);

		/* and made again from the parts */
		CHECK_EQ_INT(cb_mldsa_private_encode(mldsa_types[i], xi, NULL, &o, &ol), 0);
		check_same(o, ol, seedf, sel);
		CHECK_EQ_INT(cb_key_wrap_raw(mldsa_types[i], 1, xi, 32, &o, &ol), 0);
		check_same(o, ol, seedf, sel);
		if (ex) {
			CHECK_EQ_INT(cb_mldsa_private_encode(mldsa_types[i], NULL, ex, &o, &ol), 0);
			check_same(o, ol, expf, exl);
			CHECK_EQ_INT(cb_key_wrap_raw(mldsa_types[i], 1, ex, mldsa_sk[i], &o, &ol), 0);
			check_same(o, ol, expf, exl);
			CHECK_EQ_INT(cb_mldsa_private_encode(mldsa_types[i], xi, ex, &o, &ol), 0);
			check_same(o, ol, bothf, bol);
		}
		CHECK_EQ_INT(cb_mldsa_private_encode(mldsa_types[i], NULL, NULL, &o, &ol), CB_ERR_ARG);
		CHECK_EQ_INT(cb_key_wrap_raw(mldsa_types[i], 1, xi, 31, &o, &ol), CB_ERR_ARG);

		/* cb_key_raw: the seed where there is one */
		CHECK_EQ_INT(cb_key_raw(seedf, sel, 1, &raw, &pk), 0);
		CHECK_EQ_INT(pk, 32);
		CHECK_EQ_INT(cb_key_raw(bothf, bol, 1, &raw, &pk), 0);
		CHECK_EQ_INT(pk, 32);
		CHECK_EQ_INT(cb_key_raw(expf, exl, 1, &raw, &pk), 0);
		CHECK_EQ_INT(pk, mldsa_sk[i]);

		/* sizes: each form named */
		CHECK_EQ_INT(cb_key_measure(seedf, sel, 1, &enc, &counted, &bits), 0);
		CHECK(!strcmp(enc, "PKCS#8 seed"));
		CHECK_EQ_INT(counted, sel);
		CHECK_EQ_INT(cb_key_measure(expf, exl, 1, &enc, &counted, &bits), 0);
		CHECK(!strcmp(enc, "PKCS#8 expanded"));
		CHECK_EQ_INT(counted, exl);
		CHECK_EQ_INT(cb_key_measure(bothf, bol, 1, &enc, &counted, &bits), 0);
		CHECK(!strcmp(enc, "PKCS#8 both"));
		CHECK_EQ_INT(cb_key_measure(spki, spl, 0, &enc, &counted, &bits), 0);
		CHECK(!strcmp(enc, "SPKI"));
		CHECK_EQ_INT(counted, spl);
		CHECK_EQ_INT(bits, -1);

		/* a key of another set under this OID: the length is wrong */
		if (i > 0) {
			uint8_t *other;
			size_t otl;

			CHECK_EQ_INT(tu_unhex(mldsa_key_examples[i - 1].spki, &other, &otl), 0);
			other[16] = seedf[17]; /* the OID's last arc */
			CHECK_EQ_INT(cb_key_public_spki(other, otl, &t, &o, &ol), CB_ERR_FORMAT);
			free(other);
		}
		free(spki);
		free(seedf);
		free(expf);
		free(bothf);
	}
	tu_note("%s", "");
}

/* Hand-made variants of the ML-DSA-44 seed form. */
static void test_mldsa_variants(void)
{
	uint8_t *seedf, *o, buf[128];
	size_t sel, ol;
	cb_key_type t;
	const uint8_t *s, *e;

	CHECK_EQ_INT(tu_unhex(mldsa_key_examples[0].seed, &seedf, &sel), 0);
	/* OneAsymmetricKey v2 with a [1] publicKey: canonical drops it and says version 0 */
	{
		uint8_t pub[1 + 4 + 2];
		size_t n = sel + sizeof(pub);

		memcpy(buf, seedf, sel);
		buf[1] = (uint8_t)(n - 2);
		buf[4] = 1;
		pub[0] = 0x81, pub[1] = 5, pub[2] = 0, pub[3] = 1, pub[4] = 2, pub[5] = 3, pub[6] = 4;
		memcpy(buf + sel, pub, sizeof(pub));
		tu_note("%s", "with publicKey");
		CHECK_EQ_INT(cb_key_private_pkcs8(buf, n, &t, &o, &ol), 0);
		CHECK_EQ_INT(t, CB_KEY_MLDSA44);
		check_same(o, ol, seedf, sel);
	}
	/* parameters present (NULL): refused, RFC 9881 section 2 */
	{
		static const uint8_t with_null[] = {0x30, 0x36, 0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86,
						    0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x11, 0x05, 0x00, 0x04, 0x22,
						    0x80, 0x20};
		memcpy(buf, with_null, sizeof(with_null));
		memcpy(buf + sizeof(with_null), seedf + 22, 32);
		tu_note("%s", "NULL parameters");
		CHECK_EQ_INT(cb_key_private_pkcs8(buf, sizeof(with_null) + 32, &t, &o, &ol), CB_ERR_FORMAT);
	}
	/* the seed as an explicit [0] (constructed, 0xa0) or a plain OCTET STRING of 32: not the seed form */
	memcpy(buf, seedf, sel);
	buf[20] = 0xa0;
	tu_note("%s", "constructed [0]");
	CHECK_EQ_INT(cb_key_private_pkcs8(buf, sel, &t, &o, &ol), CB_ERR_FORMAT);
	buf[20] = 0x04;
	tu_note("%s", "32-byte expandedKey");
	CHECK_EQ_INT(cb_key_private_pkcs8(buf, sel, &t, &o, &ol), CB_ERR_FORMAT);
	CHECK_EQ_INT(cb_mldsa_private_decode(buf, sel, &t, &s, &e), CB_ERR_FORMAT);
	/* a seed of 31 bytes */
	memcpy(buf, seedf, sel);
	buf[1] = 0x33, buf[19] = 0x21, buf[21] = 0x1f;
	tu_note("%s", "short seed");
	CHECK_EQ_INT(cb_key_private_pkcs8(buf, sel - 1, &t, &o, &ol), CB_ERR_FORMAT);
	/* a NIST signature OID this build does not know (id-slh-dsa-sha2-192s, arc 22): unsupported */
	memcpy(buf, seedf, sel);
	buf[17] = 22;
	tu_note("%s", "unknown arc");
	CHECK_EQ_INT(cb_key_private_pkcs8(buf, sel, &t, &o, &ol), CB_ERR_UNSUPPORTED);
	CHECK_EQ_INT(t, CB_KEY_UNKNOWN);
	/* an ML-DSA key is not an SLH-DSA one: seed form under id-slh-dsa-sha2-128s */
	buf[17] = 20;
	tu_note("%s", "seed under slh-dsa");
	CHECK_EQ_INT(cb_key_private_pkcs8(buf, sel, &t, &o, &ol), CB_ERR_FORMAT);
	CHECK(!strcmp(cb_key_type_name(CB_KEY_MLDSA65), "ML-DSA-65"));
	CHECK(!strcmp(cb_key_type_name(CB_KEY_SLHDSA_SHAKE_128F), "SLH-DSA-SHAKE-128f"));
	CHECK_EQ_INT(cb_key_is_pq(CB_KEY_P256), 0);
	free(seedf);
	tu_note("%s", "");
}

static void test_slhdsa_example(void)
{
	static const cb_key_type types[] = {CB_KEY_SLHDSA_SHA2_128S, CB_KEY_SLHDSA_SHA2_128F, CB_KEY_SLHDSA_SHAKE_128S,
					    CB_KEY_SLHDSA_SHAKE_128F};
	static const uint8_t arcs[] = {20, 21, 26, 27};
	uint8_t *spki, *sk, *o;
	size_t spl, skl, ol, n, pkn, skn, counted;
	const uint8_t *raw, *rsk;
	const char *enc;
	long bits;

	tu_note("%s", "slh-dsa-sha2-128s");
	CHECK_EQ_INT(tu_unhex(slhdsa_example_spki, &spki, &spl), 0);
	CHECK_EQ_INT(tu_unhex(slhdsa_example_pkcs8, &sk, &skl), 0);
	check_canonical(spki, spl, 0, CB_KEY_SLHDSA_SHA2_128S);
	check_canonical(sk, skl, 1, CB_KEY_SLHDSA_SHA2_128S);
	CHECK_EQ_INT(cb_key_raw(spki, spl, 0, &raw, &n), 0);
	CHECK_EQ_INT(n, 32);
	CHECK_EQ_INT(cb_key_raw(sk, skl, 1, &rsk, &n), 0);
	CHECK_EQ_INT(n, 64);
	/* SK.seed || SK.prf || PK.seed || PK.root: the public key closes the secret one (FIPS 205 9.1) */
	CHECK_MEM(rsk + 32, raw, 32);
	CHECK_EQ_INT(cb_key_wrap_raw(CB_KEY_SLHDSA_SHA2_128S, 1, rsk, 64, &o, &ol), 0);
	check_same(o, ol, sk, skl);
	CHECK_EQ_INT(cb_key_wrap_raw(CB_KEY_SLHDSA_SHA2_128S, 1, rsk, 32, &o, &ol), CB_ERR_ARG);
	CHECK_EQ_INT(cb_key_measure(sk, skl, 1, &enc, &counted, &bits), 0);
	CHECK(!strcmp(enc, "PKCS#8"));
	CHECK_EQ_INT(counted, 84);
	/* every set of the build under its own OID arc */
	for (size_t i = 0; i < 4; i++) {
		cb_key_type t;

		tu_note("slh-dsa arc %u", arcs[i]);
		CHECK_EQ_INT(cb_key_is_pq(types[i]), 2);
		CHECK_EQ_INT(cb_key_pq_sizes(types[i], &pkn, &skn), 0);
		CHECK_EQ_INT(pkn, 32);
		CHECK_EQ_INT(skn, 64);
		CHECK_EQ_INT(cb_key_wrap_raw(types[i], 0, raw, 32, &o, &ol), 0);
		CHECK_EQ_INT(ol, spl);
		if (ol == spl) {
			CHECK_EQ_INT(o[14], arcs[i]);
			CHECK_MEM(o + 15, spki + 15, spl - 15);
			free(o);
			spki[14] = arcs[i];
			CHECK_EQ_INT(cb_key_public_spki(spki, spl, &t, &o, &ol), 0);
			CHECK_EQ_INT(t, types[i]);
		}
		free(o);
	}
	free(spki);
	free(sk);
	tu_note("%s", "");
}

int main(void)
{
	test_mldsa_examples();
	test_mldsa_variants();
	test_slhdsa_example();
	return tu_finish();
}
