/*
 * The canonical-input checks of the generic layer (keycheck.h).  RSA keys
 * are read from their canonical DER (src/core/der.c's forms) and checked
 * with OpenSSL's BIGNUM (libcrypto is always linked), as RSA_check_key
 * does minus the primality tests; EC scalars are compared with the group
 * order without a branch on their value; points are decoded by OpenSSL's
 * EC_POINT, which refuses a point off the curve.
 */
#include "core/keycheck.h"

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

cb_key_type cb_alg_key_type(const char *alg)
{
	size_t n = strlen(alg);

	if (!strncmp(alg, "rsa", 3))
		return CB_KEY_RSA;
	if (!strncmp(alg, "sm2", 3))
		return CB_KEY_SM2;
	if (n >= 5 && !strcmp(alg + n - 5, "-p256"))
		return CB_KEY_P256;
	if (!strcmp(alg, "x25519"))
		return CB_KEY_X25519;
	if (!strcmp(alg, "ed25519"))
		return CB_KEY_ED25519;
	if (!strcmp(alg, "mldsa44"))
		return CB_KEY_MLDSA44;
	if (!strcmp(alg, "mldsa65"))
		return CB_KEY_MLDSA65;
	if (!strcmp(alg, "mldsa87"))
		return CB_KEY_MLDSA87;
	if (!strcmp(alg, "slh-dsa-sha2-128s"))
		return CB_KEY_SLHDSA_SHA2_128S;
	if (!strcmp(alg, "slh-dsa-sha2-128f"))
		return CB_KEY_SLHDSA_SHA2_128F;
	if (!strcmp(alg, "slh-dsa-shake-128s"))
		return CB_KEY_SLHDSA_SHAKE_128S;
	if (!strcmp(alg, "slh-dsa-shake-128f"))
		return CB_KEY_SLHDSA_SHAKE_128F;
	return CB_KEY_UNKNOWN;
}

int cb_is_zero(const uint8_t *p, size_t n)
{
	uint8_t acc = 0;

	for (size_t i = 0; i < n; i++)
		acc |= p[i];
	return (int)(1 & ((acc - 1u) >> 8));
}

/* ---- EC ---- */

static const uint8_t p256_n[32] = {0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff,
				   0xff, 0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17,
				   0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51};
static const uint8_t sm2_n[32] = {0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				  0xff, 0xff, 0xff, 0xff, 0xff, 0x72, 0x03, 0xdf, 0x6b, 0x21, 0xc6,
				  0x05, 0x2b, 0x53, 0xbb, 0xf4, 0x09, 0x39, 0xd5, 0x41, 0x23};

/* 1 when 1 <= x < n - sub (big-endian, 32 bytes), without a branch on x. */
static int scalar_in_range(const uint8_t x[32], const uint8_t n[32], unsigned sub)
{
	uint8_t m[32];
	unsigned b = sub, d;

	for (int i = 31; i >= 0; i--) { /* m = n - sub (public) */
		d = (unsigned)n[i] - b;
		m[i] = (uint8_t)d;
		b = (d >> 8) & 1;
	}
	b = 0;
	for (int i = 31; i >= 0; i--) { /* the borrow of x - m: x < m */
		d = (unsigned)x[i] - m[i] - b;
		b = (d >> 8) & 1;
	}
	return (int)(b & (1u ^ (unsigned)cb_is_zero(x, 32)));
}

static const uint8_t *curve_order(cb_key_type t)
{
	return t == CB_KEY_P256 ? p256_n : t == CB_KEY_SM2 ? sm2_n : NULL;
}

static int point_check(cb_key_type t, const uint8_t *pt, size_t len)
{
	EC_GROUP *g = EC_GROUP_new_by_curve_name(t == CB_KEY_P256 ? NID_X9_62_prime256v1 : NID_sm2);
	EC_POINT *p = g ? EC_POINT_new(g) : NULL;
	int r = CB_OK;

	if (!g) /* a libcrypto without the curve: the backend decides */
		return CB_OK;
	if (!p)
		r = CB_ERR_NOMEM;
	else if (len != 65 || pt[0] != 0x04 || EC_POINT_oct2point(g, p, pt, len, NULL) != 1 ||
		 EC_POINT_is_on_curve(g, p, NULL) != 1 || EC_POINT_is_at_infinity(g, p))
		r = CB_ERR_INVALID_KEY;
	EC_POINT_free(p);
	EC_GROUP_free(g);
	return r;
}

static int ec_check(cb_key_type t, int secret, int sm2kx, const uint8_t *in, size_t len)
{
	const uint8_t *n = curve_order(t), *raw;
	size_t rawlen;

	if (sm2kx) /* d || r, each in [1, n-2] (kex.h) */
		return len == 64 && scalar_in_range(in, n, 1) & scalar_in_range(in + 32, n, 1) ? CB_OK
											     : CB_ERR_INVALID_KEY;
	if (cb_key_raw(in, len, secret, &raw, &rawlen))
		return CB_OK; /* not the canonical form: the backend's import says so */
	if (secret)
		return rawlen == 32 && scalar_in_range(raw, n, 0) ? CB_OK : CB_ERR_INVALID_KEY;
	return point_check(t, raw, rawlen);
}

int cb_ed25519_sig_check(const uint8_t *sig, size_t len)
{
	/* L = 2^252 + 27742317777372353535851937790883648493, little-endian */
	static const uint8_t l[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
				      0xa2, 0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
				      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

	if (len != 64)
		return CB_ERR_VERIFY;
	for (int i = 31; i >= 0; i--) /* a public value: a plain comparison */
		if (sig[32 + i] != l[i])
			return sig[32 + i] < l[i] ? CB_OK : CB_ERR_VERIFY;
	return CB_ERR_VERIFY;
}

int cb_ec_sig_check(cb_key_type t, const uint8_t *sig, size_t len)
{
	const uint8_t *n = curve_order(t);
	uint8_t r[32], s[32];

	if (!n)
		return CB_OK;
	if (cb_der_sig_decode(sig, len, r, s) || !scalar_in_range(r, n, 0) || !scalar_in_range(s, n, 0))
		return CB_ERR_VERIFY;
	return CB_OK;
}

/* ---- RSA ---- */

/* Integer i of the key as a BIGNUM (NULL when out of memory); secret ones constant-time flagged. */
static BIGNUM *get_int(const cb_rsa_ints *x, int i, int secret)
{
	BIGNUM *bn = secret ? BN_secure_new() : BN_new();

	if (bn && secret)
		BN_set_flags(bn, BN_FLG_CONSTTIME);
	if (bn && !BN_bin2bn(x->v[i], (int)x->len[i], bn)) {
		BN_clear_free(bn);
		bn = NULL;
	}
	return bn;
}

unsigned cb_rsa_key_bits(const uint8_t *in, size_t len, int secret)
{
	cb_rsa_ints x;
	unsigned bits;

	if (!in || cb_rsa_key_decode(in, len, secret, &x))
		return 0;
	bits = 8 * (unsigned)(x.len[CB_RSA_N] - 1); /* n has no leading zero byte, but may be 0 */
	for (unsigned top = x.v[CB_RSA_N][0]; top; top >>= 1)
		bits++;
	return bits;
}

/* der.h's order of the integers (cb_rsa_ints), in short. */
enum {
	RN = CB_RSA_N, RE = CB_RSA_E, RD = CB_RSA_D, RP = CB_RSA_P, RQ = CB_RSA_Q, RDP = CB_RSA_DP, RDQ = CB_RSA_DQ,
	RQI = CB_RSA_QINV, RCOUNT = CB_RSA_INTS
};

static int rsa_private_ok(BIGNUM *const *k, BN_CTX *ctx)
{
	BIGNUM *t = BN_CTX_get(ctx), *p1 = BN_CTX_get(ctx), *q1 = BN_CTX_get(ctx), *g = BN_CTX_get(ctx),
	       *l = BN_CTX_get(ctx), *u = BN_CTX_get(ctx);

	if (!u || BN_cmp(k[RD], BN_value_one()) <= 0 || BN_cmp(k[RD], k[RN]) >= 0 ||
	    BN_cmp(k[RP], BN_value_one()) <= 0 || BN_cmp(k[RQ], BN_value_one()) <= 0)
		return 0;
	/* p*q = n */
	if (!BN_mul(t, k[RP], k[RQ], ctx) || BN_cmp(t, k[RN]))
		return 0;
	/* d*e = 1 mod lcm(p-1, q-1) */
	BN_set_flags(p1, BN_FLG_CONSTTIME);
	BN_set_flags(q1, BN_FLG_CONSTTIME);
	if (!BN_sub(p1, k[RP], BN_value_one()) || !BN_sub(q1, k[RQ], BN_value_one()) || !BN_gcd(g, p1, q1, ctx) ||
	    !BN_mul(t, p1, q1, ctx) || !BN_div(l, NULL, t, g, ctx) || !BN_mod_mul(u, k[RD], k[RE], l, ctx) ||
	    !BN_is_one(u))
		return 0;
	/* dP = d mod (p-1), dQ = d mod (q-1), qInv*q = 1 mod p */
	if (!BN_mod(u, k[RD], p1, ctx) || BN_cmp(u, k[RDP]) || !BN_mod(u, k[RD], q1, ctx) || BN_cmp(u, k[RDQ]))
		return 0;
	if (BN_cmp(k[RQI], k[RP]) >= 0 || !BN_mod_mul(u, k[RQI], k[RQ], k[RP], ctx) || !BN_is_one(u))
		return 0;
	return 1;
}

static int rsa_check(unsigned key_bits, int secret, const uint8_t *in, size_t len)
{
	cb_rsa_ints x;
	BIGNUM *k[RCOUNT] = {0};
	BN_CTX *ctx = NULL;
	int r, i, count = secret ? RCOUNT : 2;

	if ((r = cb_rsa_key_decode(in, len, secret, &x)) != 0)
		return r == CB_ERR_FORMAT ? CB_OK : r; /* not the canonical form: the backend's import says so */
	r = CB_ERR_INVALID_KEY;
	for (i = 0; i < count; i++)
		if (!(k[i] = get_int(&x, i, secret && i >= RD))) {
			r = CB_ERR_NOMEM;
			goto out;
		}
	/* n odd, of the class's size; 3 <= e < n, e odd */
	if (!BN_is_odd(k[RN]) || (key_bits && (unsigned)BN_num_bits(k[RN]) != key_bits) || !BN_is_odd(k[RE]) ||
	    BN_cmp(k[RE], BN_value_one()) <= 0 || BN_cmp(k[RE], k[RN]) >= 0)
		goto out;
	if (secret) {
		if (!(ctx = BN_CTX_secure_new())) {
			r = CB_ERR_NOMEM;
			goto out;
		}
		BN_CTX_start(ctx);
		if (!rsa_private_ok(k, ctx))
			goto out;
	}
	r = CB_OK;
out:
	if (ctx) {
		BN_CTX_end(ctx);
		BN_CTX_free(ctx);
	}
	for (i = 0; i < RCOUNT; i++)
		BN_clear_free(k[i]);
	return r;
}

int cb_key_check(cb_key_type t, unsigned key_bits, int secret, int sm2kx, const uint8_t *in, size_t len)
{
	if (!in)
		return CB_ERR_ARG;
	switch (t) {
	case CB_KEY_RSA: return rsa_check(key_bits, secret, in, len);
	case CB_KEY_P256:
	case CB_KEY_SM2: return ec_check(t, secret, sm2kx, in, len);
	default: return CB_OK;
	}
}
