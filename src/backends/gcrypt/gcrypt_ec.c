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
 * core/rawkey.h), and the SM2 adapter's PKCS#8 reader is here.
 *
 * Prepared state: the key s-expressions (and, for ECDH, the curve context,
 * the secret scalar and the last peer's point) are built once, so a timed
 * call is the library's operation plus building the small data
 * s-expression its API takes.  X25519 uses gcry_ecc_mul_point directly.
 */
#include <stdlib.h>
#include <string.h>

#include "backends/ec_handle.h"
#include "backends/gcrypt/gcrypt_ec.h"
#include "core/der.h"
#include "core/keycheck.h"
#include "core/rawkey.h"
#include "core/util.h"

#define P256_CURVE "NIST P-256"

/* ---- small helpers ---------------------------------------------------- */

/*
 * The atom after `name` in s into n bytes: raw, exactly n bytes (an
 * Ed25519 point's 0x40 "native" prefix dropped); else a big-endian
 * unsigned number, left-padded.
 */
static int sexp_atom(gcry_sexp_t s, const char *name, int raw, uint8_t *out, size_t n)
{
	gcry_sexp_t tok = gcry_sexp_find_token(s, name, 0);
	const char *d;
	size_t len = 0;
	int err = CB_OK;

	if (!tok)
		return CB_ERR_BACKEND;
	d = gcry_sexp_nth_data(tok, 1, &len);
	if (raw && d && len == n + 1 && (uint8_t)d[0] == 0x40)
		d++, len--;
	while (!raw && d && len > n && *d == 0)
		d++, len--;
	if (!d || len > n || (raw && len != n)) {
		err = CB_ERR_BACKEND;
	} else {
		memset(out, 0, n - len);
		memcpy(out + n - len, d, len);
	}
	gcry_sexp_release(tok);
	return err;
}

int cb_gcry_sexp_fixed(gcry_sexp_t s, const char *name, uint8_t *out, size_t n)
{
	return sexp_atom(s, name, 0, out, n);
}

int cb_gcry_sexp_raw(gcry_sexp_t s, const char *name, uint8_t *out, size_t n)
{
	return sexp_atom(s, name, 1, out, n);
}

int cb_gcry_sign_rs(gcry_sexp_t priv, gcry_sexp_t data, int err, int raw, uint8_t *sig, size_t *siglen)
{
	gcry_sexp_t sv = NULL;
	uint8_t r[32], s[32];
	gcry_error_t e;

	if (err)
		return err;
	e = gcry_pk_sign(&sv, data, priv);
	gcry_sexp_release(data);
	if (e)
		return cb_gcry_err(e);
	err = sexp_atom(sv, "r", raw, r, 32);
	if (!err)
		err = sexp_atom(sv, "s", raw, s, 32);
	gcry_sexp_release(sv);
	if (err || !raw)
		return err ? err : cb_der_sig_encode(r, s, sig, siglen);
	if (*siglen < 64)
		return CB_ERR_LENGTH;
	memcpy(sig, r, 32);
	memcpy(sig + 32, s, 32);
	*siglen = 64;
	return CB_OK;
}

/*
 * A key pair from gcry_pk_genkey: both halves as separate s-expressions.
 * The specs ask for "transient-key": the secret then comes from libgcrypt's
 * CSPRNG (GCRY_STRONG_RANDOM), as OpenSSL's keys come from its DRBG, not
 * from fresh system entropy per key (GCRY_VERY_STRONG_RANDOM).
 */
int cb_gcry_genkey(const char *spec, gcry_sexp_t *priv, gcry_sexp_t *pub)
{
	gcry_sexp_t params = NULL, kp = NULL;
	gcry_error_t e;

	*priv = *pub = NULL;
	e = gcry_sexp_new(&params, spec, 0, 1);
	if (!e)
		e = gcry_pk_genkey(&kp, params);
	gcry_sexp_release(params);
	if (e)
		return cb_gcry_err(e);
	*priv = gcry_sexp_find_token(kp, "private-key", 0);
	*pub = gcry_sexp_find_token(kp, "public-key", 0);
	gcry_sexp_release(kp);
	if (!*priv || !*pub) {
		gcry_sexp_release(*priv);
		gcry_sexp_release(*pub);
		*priv = *pub = NULL;
		return CB_ERR_BACKEND;
	}
	return CB_OK;
}

int cb_gcry_point_ok(const char *curve, const uint8_t *q, size_t len)
{
	gcry_sexp_t s = NULL;
	gcry_ctx_t ctx = NULL;
	gcry_mpi_point_t pt = NULL;
	int ok = 0;

	if (len != 65 || q[0] != 0x04)
		return 0;
	if (gcry_sexp_build(&s, NULL, "(public-key (ecc (curve %s)(q %b)))", curve, (int)len, q))
		return 0;
	if (!gcry_mpi_ec_new(&ctx, s, NULL)) {
		pt = gcry_mpi_ec_get_point("q", ctx, 0);
		ok = pt && gcry_mpi_ec_curve_point(pt, ctx);
	}
	gcry_mpi_point_release(pt);
	gcry_ctx_release(ctx);
	gcry_sexp_release(s);
	return ok;
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

static int x25519_import(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **out)
{
	*out = NULL;
	return len == 32 ? cb_x25519_raw_class_import(cls, in, len, opts, out) : CB_ERR_INVALID_KEY;
}

static int x25519_derive(void *p, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	cb_x25519_raw *k = p;
	gcry_error_t e;

	if (peerlen != 32)
		return CB_ERR_INVALID_KEY;
	if (*sslen < 32)
		return CB_ERR_LENGTH;
	if ((e = gcry_ecc_mul_point(GCRY_ECC_CURVE25519, ss, k->sk, peer)) != 0)
		return cb_gcry_err(e);
	/* A low-order peer gives the all-zero secret (RFC 7748 6.1): refuse it as OpenSSL does. */
	if (cb_is_zero(ss, 32))
		return CB_ERR_INVALID_KEY;
	*sslen = 32;
	return CB_OK;
}

int cb_gcry_mpi_fixed(gcry_mpi_t m, uint8_t *out, size_t n)
{
	size_t len = 0;

	if (gcry_mpi_print(GCRYMPI_FMT_USG, NULL, 0, &len, m) || len > n)
		return CB_ERR_BACKEND;
	memset(out, 0, n - len);
	if (len && gcry_mpi_print(GCRYMPI_FMT_USG, out + n - len, len, NULL, m))
		return CB_ERR_BACKEND;
	return CB_OK;
}

/* d of a key of the curve algid names (ec_handle.h's reader). */
int cb_gcry_parse_pkcs8_ec(const uint8_t *in, size_t len, const uint8_t *algid, uint8_t *d)
{
	int sm2 = !memcmp(algid, cb_spki_sm2_prefix + 2, CB_GCRY_ALGID_LEN);

	return cb_ec_key_raw(sm2 ? CB_KEY_SM2 : CB_KEY_P256, 1, in, len, d);
}

/* ---- ECDH and ECDSA (ec_handle.h) ------------------------------------ */

/* A class's cb_ec_lib and its curve (the lib first: the handle's base.lib points at it). */
struct gec_lib {
	cb_ec_lib lib;
	const char *curve;  /* libgcrypt's curve name */
	const char *genkey; /* gcry_pk_genkey spec */
	int sig;            /* ECDSA: the key's s-expressions and SHA-256; else ECDH's prepared scalar */
};

/*
 * One handle for both kinds: ECDSA keeps the key's s-expressions and a
 * SHA-256 context; ECDH the curve context, the secret scalar, the last
 * peer's point and the product's point and x.
 */
struct gec_key {
	cb_ec_handle base; /* first */
	cb_gcry_pk g;      /* ECDSA's key s-expressions and SHA-256 */
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
	if (cb_gcry_init())
		return CB_ERR_BACKEND;
	*key = calloc(1, sizeof(struct gec_key));
	return *key ? CB_OK : CB_ERR_NOMEM;
}

/* ECDSA's key s-expressions (priv when d is known) of base.pub and d32, and its SHA-256. */
static int gec_sexps(struct gec_key *k, int secret)
{
	const char *c = gec_of(k)->curve;
	gcry_error_t e = 0;

	if (secret)
		e = gcry_sexp_build(&k->g.priv, NULL, "(private-key (ecc (curve %s)(q %b)(d %b)))", c, 65, k->base.pub,
				    32, k->d32);
	if (!e)
		e = gcry_sexp_build(&k->g.pub, NULL, "(public-key (ecc (curve %s)(q %b)))", c, 65, k->base.pub);
	if (!e)
		e = gcry_md_open(&k->g.md, GCRY_MD_SHA256, 0);
	return e ? cb_gcry_err(e) : CB_OK;
}

/*
 * The scalar d32 prepared for ECDH: checks 0 < d < n and, when mulg,
 * computes Q = dG into base.pub.
 */
static int gec_scalar(struct gec_key *k, int mulg)
{
	gcry_mpi_t n = NULL, x = NULL, y = NULL;
	gcry_mpi_point_t g = NULL, q = NULL;
	int err = CB_ERR_BACKEND;

	if (gcry_mpi_ec_new(&k->ec, NULL, gec_of(k)->curve) || gcry_mpi_scan(&k->d, GCRYMPI_FMT_USG, k->d32, 32, NULL))
		return CB_ERR_BACKEND;
	/* Secret scalars take libgcrypt's constant-time multiplication path. */
	gcry_mpi_set_flag(k->d, GCRYMPI_FLAG_SECURE);
	n = gcry_mpi_ec_get_mpi("n", k->ec, 1);
	g = gcry_mpi_ec_get_point("g", k->ec, 1);
	if (!n || !g)
		goto done;
	if (gcry_mpi_cmp_ui(k->d, 0) == 0 || gcry_mpi_cmp(k->d, n) >= 0) {
		err = CB_ERR_INVALID_KEY;
		goto done;
	}
	k->res = gcry_mpi_point_new(0);
	k->x = gcry_mpi_new(0);
	if (!mulg) {
		err = CB_OK;
		goto done;
	}
	q = gcry_mpi_point_new(0);
	x = gcry_mpi_new(0);
	y = gcry_mpi_new(0);
	gcry_mpi_ec_mul(q, k->d, g, k->ec);
	if (gcry_mpi_ec_get_affine(x, y, q, k->ec))
		goto done;
	k->base.pub[0] = 0x04;
	if (!cb_gcry_mpi_fixed(x, k->base.pub + 1, 32) && !cb_gcry_mpi_fixed(y, k->base.pub + 33, 32))
		err = CB_OK;
done:
	gcry_mpi_release(n);
	gcry_mpi_release(x);
	gcry_mpi_release(y);
	gcry_mpi_point_release(g);
	gcry_mpi_point_release(q);
	return err;
}

/*
 * gcry_pk_genkey: ECDSA keeps the key's s-expressions, ECDH prepares d.
 * transient-key: the CSPRNG, as OpenSSL's DRBG; no-keytest: no pairwise
 * test, as OpenSSL.
 */
static int gec_generate(void *key)
{
	struct gec_key *k = key;
	gcry_sexp_t priv, pub;
	int err = cb_gcry_genkey(gec_of(k)->genkey, &priv, &pub);

	if (err)
		return err;
	err = cb_gcry_sexp_fixed(priv, "d", k->d32, 32);
	if (!err)
		err = cb_gcry_sexp_raw(pub, "q", k->base.pub, 65);
	if (gec_of(k)->sig) {
		k->g.priv = priv;
		k->g.pub = pub;
		if (!err && gcry_md_open(&k->g.md, GCRY_MD_SHA256, 0))
			err = CB_ERR_BACKEND;
		return err;
	}
	gcry_sexp_release(priv);
	gcry_sexp_release(pub);
	return err ? err : gec_scalar(k, 0);
}

/* d: checked and Q = dG computed as ECDH prepares it. */
static int gec_set_secret(void *key, const uint8_t d[32])
{
	struct gec_key *k = key;
	int err;

	memcpy(k->d32, d, 32);
	err = gec_scalar(k, 1);
	return err || !gec_of(k)->sig ? err : gec_sexps(k, 1);
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
	memcpy(k->base.pub, pt, 65);
	return gec_sexps(k, 0);
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
	return cb_gcry_sign_rs(k->g.priv, data, ecdsa_data(k, m, mlen, &data), 0, sig, siglen);
}

static int ecdsa_verify(void *p, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct gec_key *k = p;
	gcry_sexp_t data = NULL, s = NULL;
	int err;

	if ((err = cb_gcry_ec_sigval(0, sig, siglen, &s)) != 0)
		return err;
	err = ecdsa_data(k, m, mlen, &data);
	return cb_gcry_verify(s, data, err, k->g.pub);
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
		err = cb_gcry_sexp_raw(k->g.pub, "q", CB_ED25519_PK(&k->base.raw), 32);
	if (!err)
		err = cb_gcry_sexp_raw(k->g.priv, "d", k->base.raw.sk, 32);
	return err;
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

	return k->g.priv ? cb_gcry_sign_rs(k->g.priv, data, ed_data(m, mlen, &data), 1, sig, siglen) : CB_ERR_UNSUPPORTED;
}

/* S < L is the layer's (libgcrypt 1.10.1 does not check it: Wycheproof tcIds 63-66, 85). */
static int ed_verify(void *p, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct ed_key *k = p;
	gcry_sexp_t data = NULL, s = NULL;
	gcry_error_t e;

	if (siglen != 64)
		return CB_ERR_VERIFY;
	if ((e = gcry_sexp_build(&s, NULL, "(sig-val (eddsa (r %b)(s %b)))", 32, sig, 32, sig + 32)) != 0)
		return cb_gcry_err(e);
	return cb_gcry_verify(s, data, ed_data(m, mlen, &data), k->g.pub);
}

/* Ed25519's seed and public key beside its s-expressions (rawkey.h). */
static const cb_ed25519_objlib gcry_ed25519 = {
	{cb_gcry_init, gcry_rand, NULL, ed_pub}, sizeof(struct ed_key), ed_load, ed_generate, ed_unload};

/* ---- classes ---------------------------------------------------------- */

#define GEC_INFO(kind_, name_, variant_)                                                                      \
	{.kind = (kind_), .name = (name_), .backend = "gcrypt", .unavailable = cb_gcry_unavailable,            \
	 .implementation = cb_gcrypt_implementation, .variant = (variant_)}

const cb_kex_class cb_gcry_x25519 = {
	.info = GEC_INFO(CB_KIND_KEX, "x25519", &gcry_rawkey),
	CB_X25519_RAW_METHODS,
	.derive = x25519_derive,
	.import_secret = x25519_import, /* a key of another length: CB_ERR_INVALID_KEY */
};

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
