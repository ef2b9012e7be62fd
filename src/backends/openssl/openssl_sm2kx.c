/*
 * sm2-kx on OpenSSL: the GM/T 0003.3-2012 SM2 key exchange (GB/T
 * 32918.3-2016 section 6.1), written here from the standard with OpenSSL's
 * EC_POINT / BIGNUM arithmetic and SM3 through EVP (openssl_sm2kx.h; the
 * class's conventions are in kex.h).
 *
 * With w = ceil(ceil(log2 n) / 2) - 1 = 127 for a 256-bit n, one party
 * (self: d, P = [d]G, r, R = [r]G; peer: P', R') computes
 *
 *   x̄  = 2^w + (x_R  & (2^w - 1)),   t = (d + x̄ r) mod n,
 *   x̄' = 2^w + (x_R' & (2^w - 1)),   U = [h t](P' + [x̄'] R'),
 *   K  = KDF(x_U || y_U || Z_A || Z_B, klen)
 *
 * (A's U is B's V).  Secrets: d, r and t are BN_FLG_CONSTTIME BIGNUMs from
 * the secure heap; x̄ r is a Montgomery product modulo n and the sum
 * BN_mod_add_quick, both fixed-length; [d]G, [r]G and [t]Q are single-scalar
 * EC_POINT_mul calls, which OpenSSL 3 runs on its constant-time Montgomery
 * ladder (ec_scalar_mul_ladder) for a curve without a dedicated method such
 * as this one.  [x̄']R' (wNAF, variable time) and the point checks only see
 * public values.  U,
 * t, the KDF input and every temporary are wiped before returning.
 */
#include "backends/openssl/openssl_sm2kx.h"

#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "backends/class_tables.h"
#include "backends/openssl/openssl_common.h"
#include "core/sm2key.h"
#include "core/util.h"
#include "cryptobench/kex.h"

#define NB CB_SM2KX_BYTES
#define PT (1 + 2 * NB) /* an uncompressed point */

static int fail(int err)
{
	ERR_clear_error();
	return err;
}

static EVP_MD *sm3;
static pthread_once_t sm3_once = PTHREAD_ONCE_INIT;

static void sm3_fetch(void)
{
	sm3 = EVP_MD_fetch(NULL, "SM3", NULL);
	ERR_clear_error();
}

static const EVP_MD *sm3_md(void)
{
	pthread_once(&sm3_once, sm3_fetch);
	return sm3;
}

/*
 * What a curve contributes: the group, n - 2 (the top of the private-key
 * range, GM/T 0003.1 6.1) and a || b || x_G || y_G, the curve part of Z.
 */
struct kx_curve {
	const EC_GROUP *g;
	BIGNUM *nm2;
	uint8_t abg[4 * NB];
};

/*
 * Starts a frame of ctx and takes n BIGNUMs from it into *v[0..n-1]: 0
 * when ctx ran out (BN_CTX_get then fails for every later call, so the
 * last one tells).  The caller ends the frame either way.
 */
static int ctx_frame(BN_CTX *ctx, BIGNUM **const v[], size_t n)
{
	BN_CTX_start(ctx);
	for (size_t i = 0; i < n; i++)
		*v[i] = BN_CTX_get(ctx);
	return *v[n - 1] != NULL;
}

static void curve_clear(struct kx_curve *c)
{
	BN_free(c->nm2);
	c->nm2 = NULL;
}

static int curve_init(struct kx_curve *c, const EC_GROUP *g)
{
	BN_CTX *ctx = BN_CTX_new();
	BIGNUM *p, *a, *b, *x, *y;
	BIGNUM **const bn[] = {&p, &a, &b, &x, &y};
	int r = CB_ERR_BACKEND;

	memset(c, 0, sizeof(*c));
	c->g = g;
	if (!ctx)
		return fail(CB_ERR_NOMEM);
	if (!ctx_frame(ctx, bn, sizeof(bn) / sizeof(bn[0])) || !(c->nm2 = BN_new()))
		goto out;
	/* 256-bit prime field, 256-bit order, cofactor 1: what this code is written for */
	if (EC_GROUP_get_field_type(g) != NID_X9_62_prime_field || EC_GROUP_get_degree(g) != 8 * NB ||
	    BN_num_bits(EC_GROUP_get0_order(g)) != 8 * NB || !EC_GROUP_get0_cofactor(g) ||
	    !BN_is_one(EC_GROUP_get0_cofactor(g)) || !EC_GROUP_get_mont_data(g) || !EC_GROUP_get0_generator(g)) {
		r = CB_ERR_UNSUPPORTED;
		goto out;
	}
	if (!EC_GROUP_get_curve(g, p, a, b, ctx) ||
	    !EC_POINT_get_affine_coordinates(g, EC_GROUP_get0_generator(g), x, y, ctx) ||
	    BN_bn2binpad(a, c->abg, NB) != NB || BN_bn2binpad(b, c->abg + NB, NB) != NB ||
	    BN_bn2binpad(x, c->abg + 2 * NB, NB) != NB || BN_bn2binpad(y, c->abg + 3 * NB, NB) != NB ||
	    !BN_copy(c->nm2, EC_GROUP_get0_order(g)) || !BN_sub_word(c->nm2, 2))
		goto out;
	r = CB_OK;
out:
	BN_CTX_end(ctx);
	BN_CTX_free(ctx);
	if (r)
		curve_clear(c);
	return r ? fail(r) : CB_OK;
}

/* sm2p256v1, made once. */
static struct kx_curve sm2_curve;
static EC_GROUP *sm2_group;
static int sm2_curve_err = CB_ERR_UNSUPPORTED;
static pthread_once_t sm2_once = PTHREAD_ONCE_INIT;

static void sm2_curve_make(void)
{
	sm2_group = EC_GROUP_new_by_curve_name(NID_sm2);
	if (sm2_group)
		sm2_curve_err = curve_init(&sm2_curve, sm2_group);
	ERR_clear_error();
}

static const struct kx_curve *sm2(void)
{
	pthread_once(&sm2_once, sm2_curve_make);
	return sm2_curve_err ? NULL : &sm2_curve;
}

/* SM3 over the n parts into out[32]. */
static int sm3_parts(EVP_MD_CTX *md, uint8_t out[NB], const uint8_t *const *p, const size_t *len, size_t n)
{
	unsigned int outlen = 0;
	int ok = sm3_md() && EVP_DigestInit_ex(md, sm3_md(), NULL) > 0;

	for (size_t i = 0; ok && i < n; i++)
		ok = len[i] == 0 || EVP_DigestUpdate(md, p[i], len[i]) > 0;
	ok = ok && EVP_DigestFinal_ex(md, out, &outlen) > 0 && outlen == NB;
	return ok ? CB_OK : fail(CB_ERR_BACKEND);
}

/* Z = SM3(ENTL || ID || a || b || x_G || y_G || x || y), ENTL the ID's length in bits (16 bits). */
static int z_of(const struct kx_curve *c, EVP_MD_CTX *md, const uint8_t *id, size_t idlen, const uint8_t pub[PT],
		uint8_t z[NB])
{
	uint8_t entl[2] = {(uint8_t)(idlen >> 5), (uint8_t)(idlen << 3)};
	const uint8_t *p[4] = {entl, id, c->abg, pub + 1};
	const size_t len[4] = {2, idlen, sizeof(c->abg), 2 * NB};

	if (idlen > CB_SM2_ID_MAX || (!id && idlen))
		return CB_ERR_ARG;
	return sm3_parts(md, z, p, len, 4);
}

/* x̄ = 2^127 + (x mod 2^127): the low 16 bytes of x with their top bit set (w = 127). */
static int x_bar(BIGNUM *out, const uint8_t point[PT])
{
	uint8_t low[NB / 2];

	memcpy(low, point + 1 + NB / 2, sizeof(low));
	low[0] |= 0x80;
	return BN_bin2bn(low, sizeof(low), out) ? CB_OK : fail(CB_ERR_NOMEM);
}

/* s in [1, n-2] as a constant-time BIGNUM (the range check alone is branched on). */
static int scalar_in(const struct kx_curve *c, const uint8_t in[NB], BIGNUM *s)
{
	if (!BN_bin2bn(in, NB, s))
		return fail(CB_ERR_NOMEM);
	BN_set_flags(s, BN_FLG_CONSTTIME);
	return BN_is_zero(s) || BN_cmp(s, c->nm2) > 0 ? CB_ERR_ARG : CB_OK;
}

/* A peer's point: uncompressed, on the curve, not infinity. */
static int point_in(const EC_GROUP *g, const uint8_t in[PT], EC_POINT *p, BN_CTX *ctx)
{
	if (in[0] != 0x04 || !EC_POINT_oct2point(g, p, in, PT, ctx) || EC_POINT_is_at_infinity(g, p) ||
	    EC_POINT_is_on_curve(g, p, ctx) != 1)
		return fail(CB_ERR_INVALID_KEY);
	return CB_OK;
}

/* ---- one party's state ------------------------------------------------- */

struct kx_state {
	cb_sm2kx_handle h; /* first: P || R, the ID */
	const struct kx_curve *c;
	BN_CTX *ctx;    /* secure */
	EVP_MD_CTX *md; /* SM3 for Z and the KDF */
	BIGNUM *d, *r;  /* secure, constant-time */
	uint8_t z[NB];  /* own Z */
};

/* The state's parts, on sm2p256v1 (the internal entry points set their curve). */
static int state_init(void *key)
{
	struct kx_state *s = key;

	s->c = sm2();
	s->ctx = BN_CTX_secure_new();
	s->md = EVP_MD_CTX_new();
	s->d = BN_secure_new();
	s->r = BN_secure_new();
	return s->ctx && s->md && s->d && s->r ? CB_OK : fail(CB_ERR_NOMEM);
}

static void state_clear(void *key)
{
	struct kx_state *s = key;

	BN_clear_free(s->d);
	BN_clear_free(s->r);
	BN_CTX_free(s->ctx);
	EVP_MD_CTX_free(s->md);
}

/* [k]G into out as an uncompressed point (k secret: the generator ladder). */
static int base_mul(const struct kx_state *s, const BIGNUM *k, uint8_t out[PT])
{
	EC_POINT *p = EC_POINT_new(s->c->g);
	int r = CB_OK;

	if (!p || !EC_POINT_mul(s->c->g, p, k, NULL, NULL, s->ctx) ||
	    EC_POINT_point2oct(s->c->g, p, POINT_CONVERSION_UNCOMPRESSED, out, PT, s->ctx) != PT)
		r = fail(CB_ERR_BACKEND);
	EC_POINT_clear_free(p);
	return r;
}

/* d, r from 64 bytes (each in [1, n-2]), then P, R and Z. */
static int state_set(struct kx_state *s, const uint8_t secret[CB_SM2KX_SECRET_BYTES])
{
	int r;

	if ((r = scalar_in(s->c, secret, s->d)) != 0 || (r = scalar_in(s->c, secret + NB, s->r)) != 0)
		return r;
	if ((r = base_mul(s, s->d, s->h.pub)) != 0 || (r = base_mul(s, s->r, s->h.pub + PT)) != 0)
		return r;
	return z_of(s->c, s->md, s->h.id, s->h.idlen, s->h.pub, s->z);
}

/* Fresh d and r: uniform in [1, n-2] by rejection (n > 2^255: a draw fails with probability < 2^-32). */
static int state_generate(struct kx_state *s)
{
	uint8_t sk[CB_SM2KX_SECRET_BYTES];
	int r = CB_ERR_RANDOM;

	for (int tries = 0; tries < 64; tries++) {
		if (cb_random_bytes(sk, sizeof(sk)) != 0) {
			r = CB_ERR_RANDOM;
			break;
		}
		r = state_set(s, sk);
		if (r != CB_ERR_ARG)
			break;
		r = CB_ERR_RANDOM;
	}
	cb_wipe(sk, sizeof(sk));
	return r;
}

/*
 * The protocol from the peer's P' || R': see the file comment.  k gets
 * klen bytes; u, when not NULL, x_U || y_U.
 */
static int state_derive(struct kx_state *s, const uint8_t peer[CB_SM2KX_PUBLIC_BYTES], const uint8_t *peer_id,
			size_t peer_idlen, int initiator, uint8_t *k, size_t klen, uint8_t *u)
{
	const EC_GROUP *g = s->c->g;
	BN_CTX *ctx = s->ctx;
	EC_POINT *pp = NULL, *rp = NULL, *q = NULL, *up = NULL;
	BIGNUM *xs, *xp, *t, *x, *y;
	BIGNUM **const bn[] = {&xs, &xp, &t, &x, &y};
	uint8_t xy[2 * NB], zp[NB], block[NB], ctr[4];
	const uint8_t *parts[4];
	size_t lens[4] = {sizeof(xy), NB, NB, sizeof(ctr)};
	int r = CB_OK;

	if (klen == 0 || klen > 32 * NB)
		return CB_ERR_ARG;
	pp = EC_POINT_new(g);
	rp = EC_POINT_new(g);
	q = EC_POINT_new(g);
	up = EC_POINT_new(g);
	if (!ctx_frame(ctx, bn, sizeof(bn) / sizeof(bn[0])) || !pp || !rp || !q || !up) {
		r = fail(CB_ERR_NOMEM);
		goto out;
	}
	BN_set_flags(t, BN_FLG_CONSTTIME);
	/* B1 / A6: the peer's P' and R' are points of the curve (cofactor 1: of order n) */
	if ((r = point_in(g, peer, pp, ctx)) != 0 || (r = point_in(g, peer + PT, rp, ctx)) != 0)
		goto out;
	/* A4-A5 / B2-B3: t = (d + x̄ r) mod n; x̄ r as a Montgomery product (x̄ in Montgomery form) */
	if ((r = x_bar(xs, s->h.pub + PT)) != 0 || (r = x_bar(xp, peer + PT)) != 0)
		goto out;
	if (!BN_to_montgomery(xs, xs, EC_GROUP_get_mont_data(g), ctx) ||
	    !BN_mod_mul_montgomery(t, xs, s->r, EC_GROUP_get_mont_data(g), ctx) ||
	    !BN_mod_add_quick(t, t, s->d, EC_GROUP_get0_order(g))) {
		r = fail(CB_ERR_BACKEND);
		goto out;
	}
	/*
	 * A7 / B5: U = [h t](P' + [x̄'] R'), h = 1; O means an invalid peer.
	 * x̄' and R' are public: the explicit zero generator scalar sends
	 * [0]G + [x̄']R' down OpenSSL's variable-time wNAF path (the ladder is
	 * only taken for a lone point or a lone generator scalar), about three
	 * times faster than the ladder for this 128-bit scalar.
	 */
	BN_zero(x);
	if (!EC_POINT_mul(g, q, x, rp, xp, ctx) || !EC_POINT_add(g, q, q, pp, ctx)) {
		r = fail(CB_ERR_BACKEND);
		goto out;
	}
	if (EC_POINT_is_at_infinity(g, q)) {
		r = CB_ERR_INVALID_KEY;
		goto out;
	}
	if (!EC_POINT_mul(g, up, NULL, q, t, ctx)) {
		r = fail(CB_ERR_BACKEND);
		goto out;
	}
	if (EC_POINT_is_at_infinity(g, up)) {
		r = CB_ERR_INVALID_KEY;
		goto out;
	}
	if (!EC_POINT_get_affine_coordinates(g, up, x, y, ctx) || BN_bn2binpad(x, xy, NB) != NB ||
	    BN_bn2binpad(y, xy + NB, NB) != NB) {
		r = fail(CB_ERR_BACKEND);
		goto out;
	}
	/* A8 / B6: K = KDF(x_U || y_U || Z_A || Z_B, klen), ct = 1, 2, ... */
	if ((r = z_of(s->c, s->md, peer_id, peer_idlen, peer, zp)) != 0)
		goto out;
	parts[0] = xy;
	parts[1] = initiator ? s->z : zp;
	parts[2] = initiator ? zp : s->z;
	parts[3] = ctr;
	for (uint32_t i = 1, done = 0; done < klen; i++, done += NB) {
		size_t take = klen - done < NB ? klen - done : NB;
		ctr[0] = (uint8_t)(i >> 24);
		ctr[1] = (uint8_t)(i >> 16);
		ctr[2] = (uint8_t)(i >> 8);
		ctr[3] = (uint8_t)i;
		if ((r = sm3_parts(s->md, block, parts, lens, 4)) != 0)
			goto out;
		memcpy(k + done, block, take);
	}
	if (u)
		memcpy(u, xy, sizeof(xy));
out:
	if (r) {
		cb_wipe(k, klen);
		if (u)
			cb_wipe(u, sizeof(xy));
	}
	cb_wipe(xy, sizeof(xy));
	cb_wipe(block, sizeof(block));
	BN_clear(t); /* BN_clear(NULL) does nothing */
	BN_clear(x);
	BN_clear(y);
	EC_POINT_clear_free(up);
	EC_POINT_clear_free(q);
	EC_POINT_free(pp);
	EC_POINT_free(rp);
	BN_CTX_end(ctx);
	return r;
}

/* ---- the class's part of the shared handle (core/sm2key.h) ---------------- */

/* d and r from the secret, or new ones, then P, R and Z. */
static int kx_set(void *key, const uint8_t *secret)
{
	struct kx_state *s = key;
	int r;

	if (!s->c || !sm3_md())
		return CB_ERR_UNSUPPORTED;
	r = secret ? state_set(s, secret) : state_generate(s);
	return r == CB_ERR_ARG && secret ? CB_ERR_INVALID_KEY : r;
}

static int kx_get(const void *key, uint8_t secret[CB_SM2KX_SECRET_BYTES])
{
	const struct kx_state *s = key;

	if (BN_bn2binpad(s->d, secret, NB) != NB || BN_bn2binpad(s->r, secret + NB, NB) != NB)
		return fail(CB_ERR_BACKEND);
	return CB_OK;
}

static int kx_compute(void *key, const uint8_t *peer, int initiator, uint8_t k[CB_SM2KX_KEY_BYTES])
{
	struct kx_state *s = key;

	return state_derive(s, peer, s->h.id, s->h.idlen, initiator, k, CB_SM2KX_KEY_BYTES, NULL);
}

static const cb_sm2kx_lib kx_lib = {sizeof(struct kx_state), state_init, state_clear, kx_set, kx_get, kx_compute};

/* ---- the internal entry points (openssl_sm2kx.h) ----------------------- */

/* A state on curve c with the ID. */
static struct kx_state *state_new(const struct kx_curve *c, const uint8_t *id, size_t idlen, int *err)
{
	const cb_opts o = {.sm2_id = idlen ? id : (const uint8_t *)"", .sm2_id_len = idlen};
	void *s = NULL;

	if (!id && idlen)
		*err = CB_ERR_UNSUPPORTED;
	else if ((*err = cb_sm2kx_new(&kx_lib, &o, &s)) == 0)
		((struct kx_state *)s)->c = c;
	return s;
}

int cb_ossl_sm2kx_compute(const EC_GROUP *g, const uint8_t secret[CB_SM2KX_SECRET_BYTES], const uint8_t *id,
			  size_t idlen, const uint8_t peer[CB_SM2KX_PUBLIC_BYTES], const uint8_t *peer_id,
			  size_t peer_idlen, int initiator, uint8_t *k, size_t klen, uint8_t *u)
{
	struct kx_curve c;
	struct kx_state *s;
	int r;

	if (!g || !secret || !peer || !k || (!peer_id && peer_idlen) || peer_idlen > CB_SM2_ID_MAX)
		return CB_ERR_ARG;
	if ((r = curve_init(&c, g)) != 0)
		return r;
	s = state_new(&c, id, idlen, &r);
	if (s) {
		r = state_set(s, secret);
		if (!r)
			r = state_derive(s, peer, peer_id, peer_idlen, initiator, k, klen, u);
		cb_sm2kx_key_free(s);
	}
	curve_clear(&c);
	if (r) {
		cb_wipe(k, klen);
		if (u)
			cb_wipe(u, 2 * NB);
	}
	return r;
}

int cb_ossl_sm2kx_z(const EC_GROUP *g, const uint8_t *id, size_t idlen, const uint8_t pub[65], uint8_t z[CB_SM2KX_BYTES])
{
	struct kx_curve c;
	EVP_MD_CTX *md;
	int r;

	if (!g || !pub || !z)
		return CB_ERR_ARG;
	if ((r = curve_init(&c, g)) != 0)
		return r;
	md = EVP_MD_CTX_new();
	r = md ? z_of(&c, md, id, idlen, pub, z) : fail(CB_ERR_NOMEM);
	EVP_MD_CTX_free(md);
	curve_clear(&c);
	return r;
}

int cb_ossl_sm2kx_public(const EC_GROUP *g, const uint8_t d[CB_SM2KX_BYTES], uint8_t pub[65])
{
	struct kx_curve c;
	struct kx_state *s;
	int r;

	if (!g || !d || !pub)
		return CB_ERR_ARG;
	if ((r = curve_init(&c, g)) != 0)
		return r;
	s = state_new(&c, NULL, 0, &r);
	if (s) {
		r = scalar_in(&c, d, s->d);
		if (!r)
			r = base_mul(s, s->d, pub);
		cb_sm2kx_key_free(s);
	}
	curve_clear(&c);
	return r;
}

/* ---- the class ----------------------------------------------------------- */

static const char *kx_unavailable(void)
{
	if (!sm2())
		return "this OpenSSL has no SM2 curve for EC_POINT arithmetic";
	if (!sm3_md())
		return "this OpenSSL cannot fetch SM3";
	return NULL;
}

static const cb_kex_class sm2_kx = {
	.info = {.kind = CB_KIND_KEX,
		 .name = "sm2-kx",
		 .backend = "openssl",
		 .notes = "the protocol steps written in cryptobench from GM/T 0003.3 on OpenSSL's EC_POINT / "
			  "BIGNUM arithmetic (constant-time ladder for d, r and t) and EVP SM3; own Z computed "
			  "at keygen, the peer's Z and the peer-point checks in every derive. Timing: keygen = "
			  "the static and the ephemeral pair; derive = one party's protocol computation (steps "
			  "A4-A8 / B2-B7), without the ephemeral [r]G of a new exchange",
		 .unavailable = kx_unavailable,
		 .implementation = cb_openssl_implementation,
		 .variant = &kx_lib},
	CB_KEX_METHODS(cb_sm2kx),
};

const cb_alg_info *const cb_openssl_sm2kx_algs[] = {&sm2_kx.info, NULL};
