/*
 * libgcrypt classes for X25519, ECDH P-256, ECDSA P-256 and Ed25519, with
 * the encodings of the OpenSSL classes of the same names:
 *
 *   kex  x25519      public and secret: raw 32 bytes (RFC 7748)
 *   kex  ecdh-p256   public: uncompressed X9.62 point (65 bytes); secret:
 *                    PKCS#8 DER; shared secret: the 32-byte x-coordinate
 *   sig  ecdsa-p256  SHA-256, DER Ecdsa-Sig-Value; SPKI / PKCS#8 DER keys
 *   sig  ed25519     pure Ed25519 (RFC 8032), 64-byte signatures; SPKI /
 *                    PKCS#8 DER keys
 *   kex  sm2-dh      plain ECDH on the SM2 curve, as ecdh-p256 (PKCS#8 DER
 *                    secret with the SM2 curve OID)
 *
 * libgcrypt has no SPKI / PKCS#8 codec: the key files are core/der.h's
 * (the ECDH and ECDSA handles: backends/ec_handle.h; X25519 and Ed25519:
 * core/rawkey.h).  The P-256 and SM2 keys' making is here for the SM2
 * adapter too (cb_gcry_ec_*).
 *
 * Prepared state: the key s-expressions (and, for ECDH, the curve context,
 * the secret scalar and the last peer's point) are built once, so a timed
 * call is the library's operation plus building the small data
 * s-expression its API takes.  X25519 uses gcry_ecc_mul_point directly.
 */
#include <stdlib.h>
#include <string.h>

#include "backends/ec_handle.h"
#include "backends/gcrypt/gcrypt_common.h"
#include "core/rawkey.h"
#include "core/util.h"

#define P256_CURVE "NIST P-256"

/* ---- the keys of P-256 and the SM2 curve (gcrypt_common.h) --------------- */

int cb_gcry_ec_generate(cb_gcry_pk *g, const char *spec, uint8_t q[65], uint8_t d[32])
{
	int err = cb_gcry_genkey(spec, &g->priv, &g->pub);

	if (!err)
		err = cb_gcry_sexp_atom(g->pub, "q", 1, q, 65);
	return err ? err : cb_gcry_sexp_atom(g->priv, "d", 0, d, 32);
}

int cb_gcry_ec_sexps(cb_gcry_pk *g, const char *curve, const uint8_t q[65], const uint8_t *d)
{
	gcry_error_t e = 0;

	if (d)
		e = gcry_sexp_build(&g->priv, NULL, "(private-key (ecc (curve %s)(q %b)(d %b)))", curve, 65, q, 32, d);
	if (!e)
		e = gcry_sexp_build(&g->pub, NULL, "(public-key (ecc (curve %s)(q %b)))", curve, 65, q);
	return e ? cb_gcry_err(e) : CB_OK;
}

int cb_gcry_ec_scalar(const char *curve, const uint8_t d[32], unsigned sub, gcry_ctx_t *ec, gcry_mpi_t *dm,
		      uint8_t *q)
{
	gcry_mpi_t n = NULL, x = NULL, y = NULL;
	gcry_mpi_point_t g = NULL, p = NULL;
	int err = CB_ERR_BACKEND;

	if (gcry_mpi_ec_new(ec, NULL, curve) || gcry_mpi_scan(dm, GCRYMPI_FMT_USG, d, 32, NULL))
		return CB_ERR_BACKEND;
	gcry_mpi_set_flag(*dm, GCRYMPI_FLAG_SECURE);
	n = gcry_mpi_ec_get_mpi("n", *ec, 1);
	g = gcry_mpi_ec_get_point("g", *ec, 1);
	if (!n || !g)
		goto done;
	gcry_mpi_sub_ui(n, n, sub);
	err = gcry_mpi_cmp_ui(*dm, 0) == 0 || gcry_mpi_cmp(*dm, n) >= 0 ? CB_ERR_INVALID_KEY : CB_OK;
	if (err || !q)
		goto done;
	p = gcry_mpi_point_new(0);
	x = gcry_mpi_new(0);
	y = gcry_mpi_new(0);
	gcry_mpi_ec_mul(p, *dm, g, *ec);
	q[0] = 0x04;
	if (gcry_mpi_ec_get_affine(x, y, p, *ec) || cb_gcry_mpi_fixed(x, q + 1, 32) || cb_gcry_mpi_fixed(y, q + 33, 32))
		err = CB_ERR_BACKEND;
done:
	gcry_mpi_release(n);
	gcry_mpi_release(x);
	gcry_mpi_release(y);
	gcry_mpi_point_release(g);
	gcry_mpi_point_release(p);
	return err;
}

/* ---- X25519 ----------------------------------------------------------- */

static int x25519_base(uint8_t pk[32], const uint8_t sk[32])
{
	static const uint8_t nine[32] = {9};
	gcry_error_t e = gcry_ecc_mul_point(GCRY_ECC_CURVE25519, pk, sk, nine);

	return e ? cb_gcry_err(e) : CB_OK;
}

static int gcry_rand(void *buf, size_t len)
{
	gcry_randomize(buf, len, GCRY_STRONG_RANDOM);
	return CB_OK;
}

static const cb_rawkey_lib gcry_rawkey = {cb_gcry_init, gcry_rand, x25519_base, NULL};

/* The layer checks the peer's length and the room for the secret, and refuses an all-zero one (RFC 7748 6.1). */
static int x25519_derive(void *p, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	gcry_error_t e = gcry_ecc_mul_point(GCRY_ECC_CURVE25519, ss, ((const cb_x25519_raw *)p)->sk, peer);

	*sslen = 32;
	return e ? cb_gcry_err(e) : CB_OK;
}

/* ---- ECDH and ECDSA (ec_handle.h) ------------------------------------ */

/* A class's cb_ec_lib and its curve (the lib first: the handle's base.lib points at it). */
struct gec_lib {
	cb_ec_lib lib;
	const char *curve;  /* libgcrypt's curve name */
	const char *genkey; /* gcry_pk_genkey spec */
	int sig;            /* ECDSA: the key's s-expressions; else ECDH's prepared scalar */
};

/*
 * One handle for both kinds: ECDSA uses the key's s-expressions and a
 * SHA-256 context; ECDH the curve context, the secret scalar, the last
 * peer's point and the product's point and x.
 */
struct gec_key {
	cb_ec_handle base; /* first */
	cb_gcry_pk g;      /* the key's s-expressions (an imported ECDH key has none) and SHA-256 */
	gcry_ctx_t ec;
	gcry_mpi_t d, x;
	gcry_mpi_point_t peer, res;
	uint8_t d32[32];
};

static const struct gec_lib *gec_of(const struct gec_key *k)
{
	return (const struct gec_lib *)k->base.lib;
}

static void gec_free(void *p)
{
	struct gec_key *k = p;

	cb_gcry_pk_close(&k->g);
	gcry_mpi_release(k->d);
	gcry_mpi_release(k->x);
	gcry_mpi_point_release(k->peer);
	gcry_mpi_point_release(k->res);
	gcry_ctx_release(k->ec);
	cb_wipe(k, sizeof(*k));
	free(k);
}

static int gec_new(void **key)
{
	struct gec_key *k = calloc(1, sizeof(*k));

	if (k && cb_gcry_pk_open(&k->g, GCRY_MD_SHA256) != 0) {
		gec_free(k);
		return CB_ERR_NOMEM;
	}
	*key = k;
	return k ? CB_OK : CB_ERR_NOMEM;
}

/* ECDH's scalar of d32 prepared (cb_gcry_ec_scalar; Q = dG into base.pub when mulg), with the product's point and x. */
static int gec_scalar(struct gec_key *k, int mulg)
{
	k->res = gcry_mpi_point_new(0);
	k->x = gcry_mpi_new(0);
	return cb_gcry_ec_scalar(gec_of(k)->curve, k->d32, 0, &k->ec, &k->d, mulg ? k->base.pub : NULL);
}

/* gcry_pk_genkey, its s-expressions kept; ECDH prepares d. */
static int gec_generate(void *key)
{
	struct gec_key *k = key;
	int err = cb_gcry_ec_generate(&k->g, gec_of(k)->genkey, k->base.pub, k->d32);

	return err || gec_of(k)->sig ? err : gec_scalar(k, 0);
}

/* d: checked and Q = dG computed as ECDH prepares it. */
static int gec_set_secret(void *key, const uint8_t d[32])
{
	struct gec_key *k = key;
	int err;

	memcpy(k->d32, d, 32);
	err = gec_scalar(k, 1);
	return err || !gec_of(k)->sig ? err : cb_gcry_ec_sexps(&k->g, gec_of(k)->curve, k->base.pub, d);
}

/* A point of the curve (gcry_mpi_ec_curve_point): ECDSA's public key, or ECDH's peer kept for derive. */
static int gec_set_point(void *key, int peer, const uint8_t pt[65])
{
	struct gec_key *k = key;
	gcry_mpi_t x = NULL, y = NULL;
	gcry_mpi_point_t p;

	if (pt[0] != 0x04)
		return CB_ERR_INVALID_KEY;
	if (!k->ec && gcry_mpi_ec_new(&k->ec, NULL, gec_of(k)->curve))
		return CB_ERR_BACKEND;
	if (gcry_mpi_scan(&x, GCRYMPI_FMT_USG, pt + 1, 32, NULL) ||
	    gcry_mpi_scan(&y, GCRYMPI_FMT_USG, pt + 33, 32, NULL)) {
		gcry_mpi_release(x);
		return CB_ERR_BACKEND;
	}
	p = gcry_mpi_point_snatch_set(NULL, x, y, gcry_mpi_set_ui(NULL, 1));
	if (!gcry_mpi_ec_curve_point(p, k->ec)) {
		gcry_mpi_point_release(p);
		return CB_ERR_INVALID_KEY;
	}
	if (peer) {
		gcry_mpi_point_release(k->peer);
		k->peer = p;
		return CB_OK;
	}
	gcry_mpi_point_release(p);
	return cb_gcry_ec_sexps(&k->g, gec_of(k)->curve, pt, NULL);
}

static int gec_get_secret(const void *key, uint8_t d[32])
{
	const struct gec_key *k = key;

	memcpy(d, k->d32, 32);
	return CB_OK;
}

static int gec_shared(void *key, uint8_t x[32])
{
	struct gec_key *k = key;

	gcry_mpi_ec_mul(k->res, k->d, k->peer, k->ec);
	if (gcry_mpi_ec_get_affine(k->x, NULL, k->res, k->ec))
		return CB_ERR_INVALID_KEY; /* the point at infinity */
	return cb_gcry_mpi_fixed(k->x, x, 32);
}

/* transient-key: the CSPRNG, as OpenSSL's DRBG; no-keytest: no pairwise test, as OpenSSL. */
#define GEC_LIB(curve_, sig_)                                                                                 \
	{{gec_new, gec_free, gec_generate, gec_set_secret, gec_set_point, gec_get_secret, gec_shared}, curve_,   \
	 "(genkey (ecc (curve \"" curve_ "\")(flags transient-key no-keytest)))", (sig_)}

static const struct gec_lib gec_ecdh_p256 = GEC_LIB(P256_CURVE, 0), gec_ecdsa_p256 = GEC_LIB(P256_CURVE, 1),
			    gec_sm2_dh = GEC_LIB("sm2p256v1", 0);

/* The data s-expression of ECDSA: m's SHA-256. */
static int ecdsa_data(struct gec_key *k, const uint8_t *m, size_t mlen, gcry_sexp_t *data)
{
	gcry_error_t e = gcry_sexp_build(data, NULL, "(data (flags raw)(value %b))", 32,
					 cb_gcry_md_digest(k->g.md, NULL, 0, m, mlen));

	return e ? cb_gcry_err(e) : CB_OK;
}

static int ecdsa_sign(void *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct gec_key *k = p;
	gcry_sexp_t data = NULL;

	if (!k->g.priv)
		return CB_ERR_UNSUPPORTED;
	return cb_gcry_sign(k->g.priv, ecdsa_data(k, m, mlen, &data), &data, CB_GCRY_SIG_DER, sig, siglen);
}

static int ecdsa_verify(void *p, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct gec_key *k = p;
	gcry_sexp_t data = NULL, s = NULL;
	int err = cb_gcry_ec_sigval(0, sig, siglen, &s);

	return err ? err : cb_gcry_verify(s, ecdsa_data(k, m, mlen, &data), &data, k->g.pub);
}

/* ---- Ed25519: the seed and public key kept by rawkey.h, beside the key's s-expressions ---- */

struct ed_key {
	cb_ed25519_obj base; /* first (rawkey.h) */
	cb_gcry_pk g;        /* priv NULL on a verify-only handle; no digest */
};

/* gcry_pk_genkey (transient-key: the CSPRNG, as OpenSSL's DRBG), its seed and public key kept. */
static int ed_generate(void *p)
{
	struct ed_key *k = p;
	int err = cb_gcry_genkey("(genkey (ecc (curve Ed25519)(flags eddsa transient-key)))", &k->g.priv, &k->g.pub);

	if (!err)
		err = cb_gcry_sexp_atom(k->g.pub, "q", 1, CB_ED25519_PK(&k->base.raw), 32);
	return err ? err : cb_gcry_sexp_atom(k->g.priv, "d", 1, k->base.raw.sk, 32);
}

/* The key's s-expressions of its public key and, on a secret key, its seed. */
static int ed_load(void *p)
{
	struct ed_key *k = p;
	const uint8_t *pk = CB_ED25519_PK(&k->base.raw);
	gcry_error_t e = 0;

	if (k->base.raw.has_secret)
		e = gcry_sexp_build(&k->g.priv, NULL, "(private-key (ecc (curve Ed25519)(flags eddsa)(q %b)(d %b)))",
				    32, pk, 32, k->base.raw.sk);
	if (!e)
		e = gcry_sexp_build(&k->g.pub, NULL, "(public-key (ecc (curve Ed25519)(flags eddsa)(q %b)))", 32, pk);
	return e ? cb_gcry_err(e) : CB_OK;
}

static void ed_unload(void *p)
{
	struct ed_key *k = p;

	cb_gcry_pk_close(&k->g);
}

/* The public key of the seed sk[0..32) into sk[32..64): libgcrypt's "q@eddsa" of a key of d alone. */
static int ed_pub(uint8_t sk[64])
{
	gcry_sexp_t s = NULL;
	gcry_ctx_t ctx = NULL;
	gcry_mpi_t q = NULL;
	const uint8_t *qb = NULL;
	unsigned int nbits = 0;
	gcry_error_t e = gcry_sexp_build(&s, NULL, "(private-key (ecc (curve Ed25519)(flags eddsa)(d %b)))", 32, sk);
	int err;

	if (!e)
		e = gcry_mpi_ec_new(&ctx, s, NULL);
	if (!e && !(q = gcry_mpi_ec_get_mpi("q@eddsa", ctx, 1)))
		e = gpg_error(GPG_ERR_BAD_SECKEY);
	if (!e)
		qb = gcry_mpi_get_opaque(q, &nbits);
	err = e ? cb_gcry_err(e) : !qb || nbits != 256 ? CB_ERR_BACKEND : CB_OK;
	if (!err)
		memcpy(sk + 32, qb, 32);
	gcry_mpi_release(q);
	gcry_ctx_release(ctx);
	gcry_sexp_release(s);
	return err;
}

/* The data s-expression of m (never NULL from the layer: %b refuses a NULL buffer). */
static int ed_data(const uint8_t *m, size_t mlen, gcry_sexp_t *data)
{
	gcry_error_t e = gcry_sexp_build(data, NULL, "(data (flags eddsa)(hash-algo sha512)(value %b))", (int)mlen, m);

	return e ? cb_gcry_err(e) : CB_OK;
}

static int ed_sign(void *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct ed_key *k = p;
	gcry_sexp_t data = NULL;

	if (!k->g.priv)
		return CB_ERR_UNSUPPORTED;
	return cb_gcry_sign(k->g.priv, ed_data(m, mlen, &data), &data, CB_GCRY_SIG_RAW, sig, siglen);
}

/* The layer checks the length (64) and S < L (libgcrypt 1.10.1 does not: Wycheproof tcIds 63-66, 85). */
static int ed_verify(void *p, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct ed_key *k = p;
	gcry_sexp_t data = NULL, s = NULL;
	gcry_error_t e = gcry_sexp_build(&s, NULL, "(sig-val (eddsa (r %b)(s %b)))", 32, sig, 32, sig + 32);

	return e ? cb_gcry_err(e) : cb_gcry_verify(s, ed_data(m, mlen, &data), &data, k->g.pub);
}

/* Ed25519's seed and public key beside its s-expressions (rawkey.h). */
static const cb_ed25519_objlib gcry_ed25519 = {
	{cb_gcry_init, gcry_rand, NULL, ed_pub}, sizeof(struct ed_key), ed_load, ed_generate, ed_unload};

/* ---- classes ---------------------------------------------------------- */

#define GEC_INFO(kind_, name_, variant_)                                                                      \
	{.kind = (kind_), .name = (name_), .backend = "gcrypt", .unavailable = cb_gcry_unavailable,            \
	 .implementation = cb_gcrypt_implementation, .variant = (variant_)}

const cb_kex_class cb_gcry_x25519 = {.info = GEC_INFO(CB_KIND_KEX, "x25519", &gcry_rawkey), CB_X25519_RAW_METHODS,
				     .derive = x25519_derive, .import_secret = cb_x25519_raw_class_import};

const cb_kex_class cb_gcry_ecdh_p256 = {.info = GEC_INFO(CB_KIND_KEX, "ecdh-p256", &gec_ecdh_p256.lib),
				       CB_EC_KEX_METHODS};
/* Plain ECDH on the SM2 curve, as the OpenSSL class (not the GM/T 0003.3 protocol). */
const cb_kex_class cb_gcry_sm2_dh = {.info = GEC_INFO(CB_KIND_KEX, "sm2-dh", &gec_sm2_dh.lib), CB_EC_KEX_METHODS};

const cb_sig_class cb_gcry_ecdsa_p256 = {
	.info = GEC_INFO(CB_KIND_SIG, "ecdsa-p256", &gec_ecdsa_p256.lib),
	CB_EC_SIG_METHODS,
	.sign = ecdsa_sign,
	.verify = ecdsa_verify,
};

const cb_sig_class cb_gcry_ed25519 = {.info = GEC_INFO(CB_KIND_SIG, "ed25519", &gcry_ed25519), CB_ED25519_OBJ_METHODS,
				      .sign = ed_sign, .verify = ed_verify};
