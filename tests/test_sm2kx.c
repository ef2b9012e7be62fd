/*
 * sm2-kx, the GM/T 0003.3 SM2 key exchange (kex.h):
 *
 *   - the worked example of GB/T 32918.3-2016 / GM/T 0003.3-2012 Annex A
 *     (A.2, the 256-bit prime-field example curve, IDs ALICE123@YAHOO.COM
 *     and BILL456@YAHOO.COM), byte for byte, through the OpenSSL
 *     implementation's internal entry point (openssl_sm2kx.h) on that curve:
 *     P_A, P_B, R_A, R_B, Z_A, Z_B, the shared point (V = U) and K for both
 *     roles.  The values as published in the standard and restated in
 *     GmSSL 2's test/sm2test.c (test_sm2_kap: keys, IDs, Z_A, Z_B, r_A, r_B,
 *     K, S_B, S_A) and Bouncy Castle's SM2KeyExchangeTest.java (keys, r_A,
 *     r_B, K); R_A, R_B and V as restated in several public test files of
 *     the standard's example (the same digits everywhere);
 *   - every pair of implementations (openssl, gmssl when built) over many
 *     random key pairs, each side on each implementation, both roles: the
 *     same 16-byte key on both sides; secrets exported by one imported by
 *     the other give the same public value and key; a custom ID agrees
 *     across implementations and differs from the default;
 *   - malformed or hostile peers refused with CB_ERR_INVALID_KEY by every
 *     implementation: wrong lengths, a modified point (off the curve), the
 *     0x04 || 0^64 encoding, a compressed prefix, the party's own public
 *     value, and a peer with P' = -[x̄']R' (so U = O); out-of-range secrets.
 */
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <string.h>

#include "backends/openssl/openssl_sm2kx.h"
#include "cryptobench/kex.h"
#include "cryptobench/registry.h"
#include "testutil.h"

/* GB/T 32918.3-2016 Annex A.1: the Fp-256 example curve. */
#define EX_P "8542D69E4C044F18E8B92435BF6FF7DE457283915C45517D722EDB8B08F1DFC3"
#define EX_A "787968B4FA32C3FD2417842E73BBFEFF2F3C848B6831D7E0EC65228B3937E498"
#define EX_B "63E4C6D3B23B0C849CF84241484BFE48F61D59A5B16BA06E6E12D1DA27C5249A"
#define EX_GX "421DEBD61B62EAB6746434EBC3CC315E32220B3BADD50BDC4C4E6C147FEDD43D"
#define EX_GY "0680512BCBB42C07D47349D2153B70C4E5D7FDFCBFA36EA1A85841B9E46E09A2"
#define EX_N "8542D69E4C044F18E8B92435BF6FF7DD297720630485628D5AE74EE7C32E79B7"
/* A.2: the users, their keys, the ephemeral keys, Z values, the shared point and key (klen = 128). */
#define EX_IDA "ALICE123@YAHOO.COM"
#define EX_DA "6FCBA2EF9AE0AB902BC3BDE3FF915D44BA4CC78F88E2F8E7F8996D3B8CCEEDEE"
#define EX_PA                                                                                      \
	"04"                                                                                       \
	"3099093BF3C137D8FCBBCDF4A2AE50F3B0F216C3122D79425FE03A45DBFE1655"                         \
	"3DF79E8DAC1CF0ECBAA2F2B49D51A4B387F2EFAF482339086A27A8E05BAED98B"
#define EX_IDB "BILL456@YAHOO.COM"
#define EX_DB "5E35D7D3F3C54DBAC72E61819E730B019A84208CA3A35E4C2E353DFCCB2A3B53"
#define EX_PB                                                                                      \
	"04"                                                                                       \
	"245493D446C38D8CC0F118374690E7DF633A8A4BFB3329B5ECE604B2B4F37F43"                         \
	"53C0869F4B9E17773DE68FEC45E14904E0DEA45BF6CECF9918C85EA047C60A4C"
#define EX_ZA "E4D1D0C3CA4C7F11BC8FF8CB3F4C02A78F108FA098E51A668487240F75E20F31"
#define EX_ZB "6B4B6D0E276691BD4A11BF72F4FB501AE309FDACB72FA6CC336E6656119ABD67"
#define EX_RA_D "83A2C9C8B96E5AF70BD480B472409A9A327257F1EBB73F5B073354B248668563"
#define EX_RA                                                                                      \
	"04"                                                                                       \
	"6CB5633816F4DD560B1DEC458310CBCC6856C09505324A6D23150C408F162BF0"                         \
	"0D6FCF62F1036C0A1B6DACCF57399223A65F7D7BF2D9637E5BBBEB857961BF1A"
#define EX_RB_D "33FE21940342161C55619C4A0C060293D543C80AF19748CE176D83477DE71C80"
#define EX_RB                                                                                      \
	"04"                                                                                       \
	"1799B2A2C778295300D9A2325C686129B8F2B5337B3DCF4514E8BBC19D900EE5"                         \
	"54C9288C82733EFDF7808AE7F27D0E732F7C73A7D9AC98B7D8740A91D0DB3CF4"
#define EX_V                                                                                       \
	"47C826534DC2F6F1FBF28728DD658F21E174F48179ACEF2900F8B7F566E40905"                         \
	"2AF86EFE732CF12AD0E09A1F2556CC650D9CCCE3E249866BBB5C6846A4C4A295"
#define EX_K "55B0AC62A6B927BA23703832C853DED4"

#define PUB CB_SM2KX_PUBLIC_BYTES
#define SEC CB_SM2KX_SECRET_BYTES

static void unhex(const char *hex, uint8_t *out, size_t n)
{
	CHECK_EQ_INT(tu_unhex_buf(hex, out, n), (long)n);
}

static EC_GROUP *example_curve(void)
{
	BIGNUM *p = NULL, *a = NULL, *b = NULL, *x = NULL, *y = NULL, *n = NULL;
	EC_GROUP *g = NULL;
	EC_POINT *gen = NULL;
	int ok = BN_hex2bn(&p, EX_P) && BN_hex2bn(&a, EX_A) && BN_hex2bn(&b, EX_B) && BN_hex2bn(&x, EX_GX) &&
		 BN_hex2bn(&y, EX_GY) && BN_hex2bn(&n, EX_N);

	if (ok)
		g = EC_GROUP_new_curve_GFp(p, a, b, NULL);
	if (g)
		gen = EC_POINT_new(g);
	if (!gen || !EC_POINT_set_affine_coordinates(g, gen, x, y, NULL) ||
	    !EC_GROUP_set_generator(g, gen, n, BN_value_one())) {
		EC_GROUP_free(g);
		g = NULL;
	}
	EC_POINT_free(gen);
	BN_free(p);
	BN_free(a);
	BN_free(b);
	BN_free(x);
	BN_free(y);
	BN_free(n);
	return g;
}

static void annex_a(void)
{
	EC_GROUP *g = example_curve();
	uint8_t sa[SEC], sb[SEC], pa[PUB], pb[PUB], pt[65], z[32], want[64], k[16], u[64];

	tu_note("GB/T 32918.3 Annex A.2 (example curve)");
	CHECK(g != NULL);
	if (!g)
		return;
	unhex(EX_DA EX_RA_D, sa, SEC);
	unhex(EX_DB EX_RB_D, sb, SEC);
	unhex(EX_PA EX_RA, pa, PUB);
	unhex(EX_PB EX_RB, pb, PUB);
	/* the public points from the secrets */
	CHECK_EQ_INT(cb_ossl_sm2kx_public(g, sa, pt), 0);
	CHECK_MEM(pt, pa, 65);
	CHECK_EQ_INT(cb_ossl_sm2kx_public(g, sa + 32, pt), 0);
	CHECK_MEM(pt, pa + 65, 65);
	CHECK_EQ_INT(cb_ossl_sm2kx_public(g, sb, pt), 0);
	CHECK_MEM(pt, pb, 65);
	CHECK_EQ_INT(cb_ossl_sm2kx_public(g, sb + 32, pt), 0);
	CHECK_MEM(pt, pb + 65, 65);
	/* Z_A, Z_B */
	unhex(EX_ZA, want, 32);
	CHECK_EQ_INT(cb_ossl_sm2kx_z(g, (const uint8_t *)EX_IDA, strlen(EX_IDA), pa, z), 0);
	CHECK_MEM(z, want, 32);
	unhex(EX_ZB, want, 32);
	CHECK_EQ_INT(cb_ossl_sm2kx_z(g, (const uint8_t *)EX_IDB, strlen(EX_IDB), pb, z), 0);
	CHECK_MEM(z, want, 32);
	/* A (initiator): U and K; B (responder): V = U and K */
	unhex(EX_V, want, 64);
	CHECK_EQ_INT(cb_ossl_sm2kx_compute(g, sa, (const uint8_t *)EX_IDA, strlen(EX_IDA), pb,
					   (const uint8_t *)EX_IDB, strlen(EX_IDB), 1, k, sizeof(k), u),
		     0);
	CHECK_MEM(u, want, 64);
	unhex(EX_K, want, 16);
	CHECK_MEM(k, want, 16);
	unhex(EX_V, want, 64);
	CHECK_EQ_INT(cb_ossl_sm2kx_compute(g, sb, (const uint8_t *)EX_IDB, strlen(EX_IDB), pa,
					   (const uint8_t *)EX_IDA, strlen(EX_IDA), 0, k, sizeof(k), u),
		     0);
	CHECK_MEM(u, want, 64);
	unhex(EX_K, want, 16);
	CHECK_MEM(k, want, 16);
	/* the roles matter: B computing as initiator gets another key */
	CHECK_EQ_INT(cb_ossl_sm2kx_compute(g, sb, (const uint8_t *)EX_IDB, strlen(EX_IDB), pa,
					   (const uint8_t *)EX_IDA, strlen(EX_IDA), 1, k, sizeof(k), NULL),
		     0);
	CHECK(memcmp(k, want, 16) != 0);
	/* a modified R_A is refused (off the curve) */
	pa[PUB - 1] ^= 1;
	CHECK_EQ_INT(cb_ossl_sm2kx_compute(g, sb, (const uint8_t *)EX_IDB, strlen(EX_IDB), pa,
					   (const uint8_t *)EX_IDA, strlen(EX_IDA), 0, k, sizeof(k), NULL),
		     CB_ERR_INVALID_KEY);
	EC_GROUP_free(g);
}

/* ---- the classes ----------------------------------------------------------- */

static const cb_kex_class *impl[4];
static size_t nimpl;

static void find_impls(void)
{
	for (size_t i = 0; i < cb_registry_count(); i++) {
		const cb_alg_info *a = cb_registry_get(i);
		if (strcmp(a->name, "sm2-kx") != 0)
			continue;
		CHECK(a->kind == CB_KIND_KEX);
		if (cb_alg_unavailable(a)) {
			printf("note: sm2-kx/%s unavailable: %s\n", a->backend, cb_alg_unavailable(a));
			continue;
		}
		if (nimpl < 4)
			impl[nimpl++] = cb_as_kex(a);
	}
}

/* One exchange: a on class x, b on class y; both derive, the keys must agree. */
static void exchange(const cb_kex_class *x, const cb_kex_class *y, const cb_opts *ox, const cb_opts *oy,
		     int *a_initiator)
{
	void *a = NULL, *b = NULL;
	uint8_t pa[PUB + 8], pb[PUB + 8], ka[64], kb[64];
	size_t la = sizeof(pa), lb = sizeof(pb), lka = sizeof(ka), lkb = sizeof(kb);

	if (x->keygen(x, ox, &a) || y->keygen(y, oy, &b)) {
		CHECK(!"keygen");
		goto out;
	}
	CHECK_EQ_INT(x->export_public(a, pa, &la), 0);
	CHECK_EQ_INT(y->export_public(b, pb, &lb), 0);
	CHECK_EQ_INT(la, PUB);
	CHECK_EQ_INT(lb, PUB);
	CHECK(pa[0] == 0x04 && pa[65] == 0x04);
	CHECK_EQ_INT(x->derive(a, pb, lb, ka, &lka), 0);
	CHECK_EQ_INT(y->derive(b, pa, la, kb, &lkb), 0);
	CHECK_EQ_INT(lka, CB_SM2KX_KEY_BYTES);
	CHECK_EQ_INT(lkb, CB_SM2KX_KEY_BYTES);
	CHECK_MEM(ka, kb, CB_SM2KX_KEY_BYTES);
	if (a_initiator)
		*a_initiator = memcmp(pa, pb, PUB) < 0;
out:
	if (a)
		x->key_free(a);
	if (b)
		y->key_free(b);
}

static void cross(void)
{
	for (size_t i = 0; i < nimpl; i++)
		for (size_t j = 0; j < nimpl; j++) {
			int roles[2] = {0, 0}, init;
			tu_note("sm2-kx: A on %s, B on %s", impl[i]->info.backend, impl[j]->info.backend);
			for (int t = 0; t < 40; t++) {
				init = 0;
				exchange(impl[i], impl[j], NULL, NULL, &init);
				roles[init]++;
			}
			/* 40 random exchanges: each side was the initiator at least once (fails with p = 2^-39) */
			CHECK(roles[0] > 0 && roles[1] > 0);
		}
}

/* A custom ID on both sides agrees across implementations; it changes the key. */
static void custom_id(void)
{
	static const char id[] = "alice@example.com";
	cb_opts o = {.sm2_id = (const uint8_t *)id, .sm2_id_len = sizeof(id) - 1};
	cb_opts empty = {.sm2_id = (const uint8_t *)"", .sm2_id_len = 0};

	for (size_t i = 0; i < nimpl; i++)
		for (size_t j = 0; j < nimpl; j++) {
			tu_note("sm2-kx custom ID: %s with %s", impl[i]->info.backend, impl[j]->info.backend);
			for (int t = 0; t < 4; t++) {
				exchange(impl[i], impl[j], &o, &o, NULL);
				exchange(impl[i], impl[j], &empty, &empty, NULL);
			}
		}
	/* the same keys under the default ID and the custom one: different keys */
	for (size_t i = 0; i < nimpl; i++) {
		const cb_kex_class *x = impl[i];
		void *a = NULL, *b = NULL, *a2 = NULL, *b2 = NULL;
		uint8_t sa[SEC], sb[SEC], pa[PUB], pb[PUB], k1[32], k2[32];
		size_t l;

		tu_note("sm2-kx/%s: the ID enters the key", x->info.backend);
		if (x->keygen(x, NULL, &a) || x->keygen(x, NULL, &b)) {
			CHECK(0);
			continue;
		}
		l = SEC;
		CHECK_EQ_INT(x->export_secret(a, sa, &l), 0);
		l = SEC;
		CHECK_EQ_INT(x->export_secret(b, sb, &l), 0);
		CHECK_EQ_INT(x->import_secret(x, sa, SEC, &o, &a2), 0);
		CHECK_EQ_INT(x->import_secret(x, sb, SEC, &o, &b2), 0);
		if (a2 && b2) {
			l = PUB;
			CHECK_EQ_INT(x->export_public(b, pb, &l), 0);
			l = sizeof(k1);
			CHECK_EQ_INT(x->derive(a, pb, PUB, k1, &l), 0);
			l = sizeof(k2);
			CHECK_EQ_INT(x->derive(a2, pb, PUB, k2, &l), 0);
			CHECK(memcmp(k1, k2, 16) != 0);
			l = PUB;
			CHECK_EQ_INT(x->export_public(a2, pa, &l), 0);
			l = sizeof(k1);
			CHECK_EQ_INT(x->derive(b2, pa, PUB, k1, &l), 0);
			CHECK_MEM(k1, k2, 16);
		}
		x->key_free(a);
		x->key_free(b);
		if (a2)
			x->key_free(a2);
		if (b2)
			x->key_free(b2);
	}
}

/* A secret exported by one implementation is imported by every other: same public value, same key. */
static void secrets(void)
{
	for (size_t i = 0; i < nimpl; i++)
		for (size_t j = 0; j < nimpl; j++) {
			const cb_kex_class *x = impl[i], *y = impl[j];
			void *a = NULL, *a2 = NULL, *b = NULL;
			uint8_t s[SEC + 4], p1[PUB], p2[PUB], pb[PUB], k1[32], k2[32];
			size_t ls = sizeof(s), l1 = PUB, l2 = PUB, lb = PUB, lk1 = sizeof(k1), lk2 = sizeof(k2);

			tu_note("sm2-kx: secret from %s into %s", x->info.backend, y->info.backend);
			if (x->keygen(x, NULL, &a) || y->keygen(y, NULL, &b)) {
				CHECK(0);
				continue;
			}
			CHECK_EQ_INT(x->export_secret(a, s, &ls), 0);
			CHECK_EQ_INT(ls, SEC);
			CHECK_EQ_INT(y->import_secret(y, s, ls, NULL, &a2), 0);
			if (a2) {
				CHECK_EQ_INT(x->export_public(a, p1, &l1), 0);
				CHECK_EQ_INT(y->export_public(a2, p2, &l2), 0);
				CHECK_MEM(p1, p2, PUB);
				CHECK_EQ_INT(y->export_public(b, pb, &lb), 0);
				CHECK_EQ_INT(x->derive(a, pb, lb, k1, &lk1), 0);
				CHECK_EQ_INT(y->derive(a2, pb, lb, k2, &lk2), 0);
				CHECK_MEM(k1, k2, 16);
				y->key_free(a2);
			}
			x->key_free(a);
			y->key_free(b);
		}
}

/* n of the SM2 curve (GM/T 0003.5). */
#define SM2_N "FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123"

/*
 * A peer value whose P' + [x̄']R' is the point at infinity: R' = [r']G for
 * a random r', P' = [-x̄' r' mod n]G, so every U = [t]O = O.
 */
static int infinity_peer(uint8_t out[PUB])
{
	EC_GROUP *g = EC_GROUP_new_by_curve_name(NID_sm2);
	BN_CTX *ctx = BN_CTX_new();
	BIGNUM *n = NULL, *r = BN_new(), *xb = BN_new(), *e = BN_new();
	EC_POINT *pt = g ? EC_POINT_new(g) : NULL;
	uint8_t low[16];
	int ok = g && ctx && r && xb && e && pt && BN_hex2bn(&n, SM2_N) && BN_rand_range(r, n) && !BN_is_zero(r) &&
		 EC_POINT_mul(g, pt, r, NULL, NULL, ctx) &&
		 EC_POINT_point2oct(g, pt, POINT_CONVERSION_UNCOMPRESSED, out + 65, 65, ctx) == 65;

	if (ok) {
		memcpy(low, out + 65 + 17, 16); /* the low 128 bits of x_R' */
		low[0] |= 0x80;
		ok = BN_bin2bn(low, 16, xb) && BN_mod_mul(e, xb, r, n, ctx) && BN_sub(e, n, e) &&
		     EC_POINT_mul(g, pt, e, NULL, NULL, ctx) &&
		     EC_POINT_point2oct(g, pt, POINT_CONVERSION_UNCOMPRESSED, out, 65, ctx) == 65;
	}
	EC_POINT_free(pt);
	BN_free(n);
	BN_free(r);
	BN_free(xb);
	BN_free(e);
	BN_CTX_free(ctx);
	EC_GROUP_free(g);
	return ok;
}

static void bad_peers(void)
{
	static const uint8_t p[32] = {0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				      0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00,
				      0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
	uint8_t inf[PUB];
	int have_inf = infinity_peer(inf);

	CHECK(have_inf);
	for (size_t i = 0; i < nimpl; i++) {
		const cb_kex_class *x = impl[i];
		void *a = NULL, *b = NULL;
		uint8_t pa[PUB], pb[PUB], bad[PUB + 1], ss[32], good[32];
		size_t l = PUB, lg = sizeof(good);

		tu_note("sm2-kx/%s: bad peers", x->info.backend);
		if (x->keygen(x, NULL, &a) || x->keygen(x, NULL, &b)) {
			CHECK(0);
			continue;
		}
		CHECK_EQ_INT(x->export_public(a, pa, &l), 0);
		l = PUB;
		CHECK_EQ_INT(x->export_public(b, pb, &l), 0);
		CHECK_EQ_INT(x->derive(a, pb, PUB, good, &lg), 0);
#define REFUSED(buf, len)                                                                           \
	do {                                                                                        \
		size_t l_ = sizeof(ss);                                                             \
		CHECK_EQ_INT(x->derive(a, (buf), (len), ss, &l_), CB_ERR_INVALID_KEY);              \
	} while (0)
		/* lengths */
		REFUSED(pb, PUB - 1);
		REFUSED(pb, 65);
		memcpy(bad, pb, PUB);
		bad[PUB] = 0;
		REFUSED(bad, PUB + 1);
		/* each bit flip of a coordinate: off the curve */
		for (size_t at = 1; at < PUB; at += 13) {
			if (at == 65)
				continue;
			memcpy(bad, pb, PUB);
			bad[at] ^= 0x10;
			REFUSED(bad, PUB);
		}
		/* 0x04 || 0^64 (GmSSL's reading of infinity), for P' and for R' */
		memcpy(bad, pb, PUB);
		memset(bad + 1, 0, 64);
		REFUSED(bad, PUB);
		memcpy(bad, pb, PUB);
		memset(bad + 66, 0, 64);
		REFUSED(bad, PUB);
		/* x = p (0 mod p) with the point's y */
		memcpy(bad, pb, PUB);
		memcpy(bad + 66, p, 32);
		REFUSED(bad, PUB);
		/* compressed and hybrid prefixes */
		memcpy(bad, pb, PUB);
		bad[0] = 0x02;
		REFUSED(bad, PUB);
		memcpy(bad, pb, PUB);
		bad[65] = 0x06;
		REFUSED(bad, PUB);
		/* the party's own public value (no role for either side) */
		REFUSED(pa, PUB);
		/* U = O */
		if (have_inf)
			REFUSED(inf, PUB);
#undef REFUSED
		/* the real peer still works, with the same key */
		l = sizeof(ss);
		CHECK_EQ_INT(x->derive(a, pb, PUB, ss, &l), 0);
		CHECK_MEM(ss, good, 16);
		/* too small an output */
		l = 15;
		CHECK_EQ_INT(x->derive(a, pb, PUB, ss, &l), CB_ERR_LENGTH);
		x->key_free(a);
		x->key_free(b);
	}
}

/* Secrets out of [1, n-2] and of the wrong length are refused at import. */
static void bad_secrets(void)
{
	uint8_t s[SEC + 1], n[32];

	unhex(SM2_N, n, 32);
	for (size_t i = 0; i < nimpl; i++) {
		const cb_kex_class *x = impl[i];
		void *k = NULL;

		tu_note("sm2-kx/%s: bad secrets", x->info.backend);
		tu_fill(s, sizeof(s), 7);
		s[0] = s[32] = 0x11; /* both below n */
		CHECK_EQ_INT(x->import_secret(x, s, SEC, NULL, &k), 0);
		if (k)
			x->key_free(k);
		k = NULL;
		CHECK_EQ_INT(x->import_secret(x, s, SEC - 1, NULL, &k), CB_ERR_FORMAT);
		CHECK_EQ_INT(x->import_secret(x, s, SEC + 1, NULL, &k), CB_ERR_FORMAT);
		memset(s, 0, 32); /* d = 0 */
		CHECK_EQ_INT(x->import_secret(x, s, SEC, NULL, &k), CB_ERR_INVALID_KEY);
		memcpy(s, n, 32);
		s[31] -= 1; /* d = n - 1 */
		CHECK_EQ_INT(x->import_secret(x, s, SEC, NULL, &k), CB_ERR_INVALID_KEY);
		s[31] -= 1; /* d = n - 2: the largest private key */
		CHECK_EQ_INT(x->import_secret(x, s, SEC, NULL, &k), 0);
		if (k)
			x->key_free(k);
		k = NULL;
		memcpy(s + 32, n, 32); /* r = n */
		CHECK_EQ_INT(x->import_secret(x, s, SEC, NULL, &k), CB_ERR_INVALID_KEY);
		CHECK(k == NULL);
	}
}

int main(void)
{
	annex_a();
	find_impls();
	CHECK(nimpl >= 1); /* the OpenSSL class at least */
	if (nimpl < 2)
		printf("note: sm2-kx crosses only %zu implementation (gmssl not built: make anchors)\n", nimpl);
	cross();
	custom_id();
	secrets();
	bad_peers();
	bad_secrets();
	return tu_finish();
}
