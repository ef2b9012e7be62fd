/*
 * The SM2 KEMs' curve arithmetic and SM3 through OpenSSL 3 (hy_ecc.h).
 */
#include "hybrid/hy_ecc.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/params.h>
#include <pthread.h>
#include <string.h>

#include "core/util.h"

int cb_hy_is_zero(const uint8_t *p, size_t n)
{
	unsigned acc = 0;
	for (size_t i = 0; i < n; i++)
		acc |= p[i];
	return (int)(((acc | (0u - acc)) >> 31) ^ 1u) & 1;
}

static int fail(int err)
{
	ERR_clear_error();
	return err;
}

/* ---- P-256 and the SM2 curve ------------------------------------------ */

static EC_GROUP *groups[2];
static pthread_once_t groups_once = PTHREAD_ONCE_INIT;

static void groups_init(void)
{
	groups[CB_HY_P256] = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
	groups[CB_HY_SM2] = EC_GROUP_new_by_curve_name(NID_sm2);
	ERR_clear_error();
}

static const EC_GROUP *group(int curve)
{
	pthread_once(&groups_once, groups_init);
	if (curve != CB_HY_P256 && curve != CB_HY_SM2)
		return NULL;
	return groups[curve];
}

static const EVP_MD *sm3_md;
static pthread_once_t sm3_once = PTHREAD_ONCE_INIT;

static void sm3_init(void)
{
	sm3_md = EVP_MD_fetch(NULL, "SM3", NULL);
	ERR_clear_error();
}

const char *cb_hy_sm_unavailable(void)
{
	pthread_once(&sm3_once, sm3_init);
	if (!group(CB_HY_SM2))
		return "OpenSSL here has no SM2 curve";
	if (!sm3_md)
		return "OpenSSL here has no SM3";
	return NULL;
}

/* d as a constant-time secure BIGNUM in [1, n-1]; NULL (and *err) otherwise. */
static BIGNUM *scalar(const EC_GROUP *g, const uint8_t d[32], int *err)
{
	BIGNUM *bn = BN_secure_new();

	if (!bn || !BN_bin2bn(d, 32, bn)) {
		BN_clear_free(bn);
		*err = fail(CB_ERR_NOMEM);
		return NULL;
	}
	BN_set_flags(bn, BN_FLG_CONSTTIME);
	/* a range check only: reveals whether d is in range, nothing more */
	if (BN_is_zero(bn) || BN_cmp(bn, EC_GROUP_get0_order(g)) >= 0) {
		BN_clear_free(bn);
		*err = CB_ERR_ARG;
		return NULL;
	}
	return bn;
}

/* Uncompressed encoding of a finite point. */
static int point_out(const EC_GROUP *g, const EC_POINT *p, uint8_t out[65], BN_CTX *ctx)
{
	if (EC_POINT_is_at_infinity(g, p))
		return CB_ERR_INVALID_KEY;
	if (EC_POINT_point2oct(g, p, POINT_CONVERSION_UNCOMPRESSED, out, 65, ctx) != 65)
		return fail(CB_ERR_BACKEND);
	return CB_OK;
}

int cb_hy_ec_public(int curve, uint8_t pub[65], const uint8_t d[32])
{
	const EC_GROUP *g = group(curve);
	BN_CTX *ctx = NULL;
	EC_POINT *p = NULL;
	BIGNUM *k;
	int r = CB_OK;

	if (!g)
		return CB_ERR_UNSUPPORTED;
	k = scalar(g, d, &r);
	if (!k)
		return r;
	ctx = BN_CTX_secure_new();
	p = EC_POINT_new(g);
	if (!ctx || !p || !EC_POINT_mul(g, p, k, NULL, NULL, ctx))
		r = fail(CB_ERR_BACKEND);
	else
		r = point_out(g, p, pub, ctx);
	EC_POINT_clear_free(p);
	BN_CTX_free(ctx);
	BN_clear_free(k);
	return r;
}

/* The peer point, validated; NULL and *err otherwise. */
static EC_POINT *point_in(const EC_GROUP *g, const uint8_t in[65], BN_CTX *ctx, int *err)
{
	EC_POINT *p;

	*err = CB_ERR_INVALID_KEY;
	if (in[0] != 0x04) /* RFC 8446 4.2.8.2: uncompressed only */
		return NULL;
	p = EC_POINT_new(g);
	if (!p) {
		*err = fail(CB_ERR_NOMEM);
		return NULL;
	}
	/* oct2point refuses a point off the curve; both are checked again */
	if (!EC_POINT_oct2point(g, p, in, 65, ctx) || EC_POINT_is_at_infinity(g, p) ||
	    EC_POINT_is_on_curve(g, p, ctx) != 1) {
		EC_POINT_free(p);
		ERR_clear_error();
		return NULL;
	}
	*err = CB_OK;
	return p;
}

int cb_hy_ec_point_valid(int curve, const uint8_t peer[65])
{
	const EC_GROUP *g = group(curve);
	BN_CTX *ctx;
	EC_POINT *p;
	int err;

	if (!g || !(ctx = BN_CTX_new()))
		return 0;
	p = point_in(g, peer, ctx, &err);
	EC_POINT_free(p);
	BN_CTX_free(ctx);
	return p != NULL;
}

int cb_hy_ec_dh(int curve, uint8_t x[32], uint8_t *y, const uint8_t d[32], const uint8_t peer[65])
{
	const EC_GROUP *g = group(curve);
	BN_CTX *ctx = NULL;
	EC_POINT *q = NULL, *s = NULL;
	BIGNUM *k = NULL, *bx = NULL, *by = NULL;
	int r = CB_OK;

	if (!g)
		return CB_ERR_UNSUPPORTED;
	ctx = BN_CTX_secure_new();
	if (!ctx)
		return fail(CB_ERR_NOMEM);
	q = point_in(g, peer, ctx, &r);
	if (!q)
		goto out;
	k = scalar(g, d, &r);
	if (!k)
		goto out;
	s = EC_POINT_new(g);
	bx = BN_secure_new();
	by = BN_secure_new();
	/* one point, one scalar: OpenSSL's constant-time ladder / nistz256 path */
	if (!s || !bx || !by || !EC_POINT_mul(g, s, NULL, q, k, ctx)) {
		r = fail(CB_ERR_BACKEND);
		goto out;
	}
	if (EC_POINT_is_at_infinity(g, s)) {
		r = CB_ERR_INVALID_KEY;
		goto out;
	}
	if (!EC_POINT_get_affine_coordinates(g, s, bx, by, ctx) || BN_bn2binpad(bx, x, 32) != 32 ||
	    (y && BN_bn2binpad(by, y, 32) != 32)) {
		r = fail(CB_ERR_BACKEND);
		goto out;
	}
out:
	if (r) {
		cb_wipe(x, 32);
		if (y)
			cb_wipe(y, 32);
	}
	EC_POINT_clear_free(s);
	EC_POINT_free(q);
	BN_clear_free(k);
	BN_clear_free(bx);
	BN_clear_free(by);
	BN_CTX_free(ctx);
	return r;
}

/* ---- SM3 --------------------------------------------------------------- */

static int sm3_parts(uint8_t out[32], const uint8_t *const *parts, const size_t *lens, size_t n,
		     const uint8_t *tail, size_t taillen)
{
	EVP_MD_CTX *c;
	unsigned len = 0;
	int ok;

	pthread_once(&sm3_once, sm3_init);
	if (!sm3_md)
		return CB_ERR_UNSUPPORTED;
	c = EVP_MD_CTX_new();
	ok = c && EVP_DigestInit_ex(c, sm3_md, NULL) > 0;
	for (size_t i = 0; ok && i < n; i++)
		ok = EVP_DigestUpdate(c, parts[i], lens[i]) > 0;
	if (ok && taillen)
		ok = EVP_DigestUpdate(c, tail, taillen) > 0;
	ok = ok && EVP_DigestFinal_ex(c, out, &len) > 0 && len == 32;
	EVP_MD_CTX_free(c); /* cleanses the state */
	return ok ? CB_OK : fail(CB_ERR_BACKEND);
}

int cb_hy_sm3(uint8_t out[32], const uint8_t *const *parts, const size_t *lens, size_t n)
{
	return sm3_parts(out, parts, lens, n, NULL, 0);
}

int cb_hy_sm3_kdf(uint8_t *out, size_t klen, const uint8_t *const *parts, const size_t *lens, size_t n)
{
	uint8_t block[32];
	uint32_t ct = 1;
	int r = CB_OK;

	for (size_t done = 0; done < klen; done += 32, ct++) {
		uint8_t be[4] = {(uint8_t)(ct >> 24), (uint8_t)(ct >> 16), (uint8_t)(ct >> 8), (uint8_t)ct};
		size_t take = klen - done < 32 ? klen - done : 32;
		r = sm3_parts(block, parts, lens, n, be, 4);
		if (r)
			break;
		memcpy(out + done, block, take);
	}
	cb_wipe(block, sizeof(block));
	if (r)
		cb_wipe(out, klen);
	return r;
}
