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
 * libgcrypt has no SPKI / PKCS#8 codec, so the fixed DER wrappers of these
 * curves are written and parsed here (RFC 5480, RFC 5915, RFC 8410).
 *
 * Prepared state: the key s-expressions (and, for P-256 ECDH, the curve
 * context, the secret scalar and the last peer's point) are built once, so
 * a timed call is the library's operation plus building the small data
 * s-expression its API takes.  X25519 uses gcry_ecc_mul_point directly.
 */
#include <stdlib.h>
#include <string.h>

#include "core/der.h"
#include "backends/gcrypt/gcrypt_ec.h"
#include "core/util.h"
#include "core/rawkey.h"

/* AlgorithmIdentifier { id-ecPublicKey, prime256v1 } */
static const uint8_t algid_p256[] = {0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
				     0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07};

#define P256_CURVE "NIST P-256"

/* The same for the SM2 curve (GM/T 0006 OID 1.2.156.10197.1.301), for sm2-dh. */
static const uint8_t algid_sm2[] = {0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
				    0x06, 0x08, 0x2a, 0x81, 0x1c, 0xcf, 0x55, 0x01, 0x82, 0x2d};

/* A short-Weierstrass curve for the ECDH classes: their info.variant. */
struct ec_curve {
	const char *name;     /* libgcrypt's curve name */
	const char *genkey;   /* gcry_pk_genkey spec */
	const uint8_t *algid; /* AlgorithmIdentifier, CB_GCRY_ALGID_LEN bytes */
	cb_key_type type;     /* its key files (der.h) */
};

/* transient-key: the CSPRNG, as OpenSSL's DRBG; no-keytest: no pairwise test, as OpenSSL. */
static const struct ec_curve curve_p256 = {
	P256_CURVE, "(genkey (ecc (curve \"" P256_CURVE "\")(flags transient-key no-keytest)))", algid_p256,
	CB_KEY_P256};
static const struct ec_curve curve_sm2 = {
	"sm2p256v1", "(genkey (ecc (curve sm2p256v1)(flags transient-key no-keytest)))", algid_sm2, CB_KEY_SM2};

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

int cb_gcry_put(const uint8_t *src, size_t n, uint8_t *out, size_t *outlen)
{
	if (!out || !outlen)
		return CB_ERR_ARG;
	if (*outlen < n)
		return CB_ERR_LENGTH;
	memcpy(out, src, n);
	*outlen = n;
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
	if (len != 32)
		return CB_ERR_INVALID_KEY;
	if (cb_gcry_init())
		return CB_ERR_BACKEND;
	return cb_x25519_raw_import(in, len, x25519_base, out);
}

static int x25519_derive(void *p, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	cb_x25519_raw *k = p;
	gcry_error_t e;
	uint8_t acc = 0;

	if (peerlen != 32)
		return CB_ERR_INVALID_KEY;
	if (*sslen < 32)
		return CB_ERR_LENGTH;
	e = gcry_ecc_mul_point(GCRY_ECC_CURVE25519, ss, k->sk, peer);
	if (e)
		return cb_gcry_err(e);
	/* A low-order peer gives the all-zero secret (RFC 7748 6.1): refuse it as OpenSSL does. */
	for (size_t i = 0; i < 32; i++)
		acc |= ss[i];
	if (!acc)
		return CB_ERR_INVALID_KEY;
	*sslen = 32;
	return CB_OK;
}

/* ---- ECDH P-256 ------------------------------------------------------- */

struct p256_kex {
	const struct ec_curve *c;
	gcry_ctx_t ec;
	gcry_mpi_t d;
	uint8_t dbytes[32];
	uint8_t q[65];
	/* The last peer, decoded and checked. */
	uint8_t peer[65];
	gcry_mpi_point_t peer_pt;
	gcry_mpi_point_t res;
	gcry_mpi_t x;
};

static void p256_kex_free(void *p)
{
	struct p256_kex *k = p;

	if (!k)
		return;
	gcry_mpi_release(k->d);
	gcry_mpi_release(k->x);
	gcry_mpi_point_release(k->peer_pt);
	gcry_mpi_point_release(k->res);
	gcry_ctx_release(k->ec);
	cb_wipe(k, sizeof(*k));
	free(k);
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

/*
 * A key from the 32-byte big-endian scalar: checks 0 < d < n and computes
 * Q = dG, unless q (from gcry_pk_genkey) is given.
 */
static int p256_kex_from_d(const struct ec_curve *c, const uint8_t *d, const uint8_t *qin, void **out)
{
	struct p256_kex *k;
	gcry_mpi_t n = NULL, x = NULL, y = NULL;
	gcry_mpi_point_t g = NULL, q = NULL;
	int err = CB_ERR_BACKEND;

	if (cb_gcry_init())
		return CB_ERR_BACKEND;
	k = calloc(1, sizeof(*k));
	if (!k)
		return CB_ERR_NOMEM;
	k->c = c;
	memcpy(k->dbytes, d, 32);
	if (gcry_mpi_ec_new(&k->ec, NULL, c->name) || gcry_mpi_scan(&k->d, GCRYMPI_FMT_USG, d, 32, NULL))
		goto done;
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
	if (qin) {
		memcpy(k->q, qin, 65);
		err = CB_OK;
		goto done;
	}
	q = gcry_mpi_point_new(0);
	x = gcry_mpi_new(0);
	y = gcry_mpi_new(0);
	gcry_mpi_ec_mul(q, k->d, g, k->ec);
	if (gcry_mpi_ec_get_affine(x, y, q, k->ec))
		goto done;
	k->q[0] = 0x04;
	if (cb_gcry_mpi_fixed(x, k->q + 1, 32) || cb_gcry_mpi_fixed(y, k->q + 33, 32))
		goto done;
	err = CB_OK;
done:
	gcry_mpi_release(n);
	gcry_mpi_release(x);
	gcry_mpi_release(y);
	gcry_mpi_point_release(g);
	gcry_mpi_point_release(q);
	if (err) {
		p256_kex_free(k);
		return err;
	}
	*out = k;
	return CB_OK;
}

static int ec_kex_keygen(const cb_kex_class *cls, const cb_opts *opts, void **out)
{
	const struct ec_curve *c = cls->info.variant;
	gcry_sexp_t priv, pub;
	uint8_t d[32], q[65];
	int err;

	(void)opts;
	*out = NULL;
	if (cb_gcry_init())
		return CB_ERR_BACKEND;
	err = cb_gcry_genkey(c->genkey, &priv, &pub);
	if (err)
		return err;
	err = cb_gcry_sexp_fixed(priv, "d", d, 32);
	if (!err)
		err = cb_gcry_sexp_raw(pub, "q", q, 65);
	gcry_sexp_release(priv);
	gcry_sexp_release(pub);
	if (!err)
		err = p256_kex_from_d(c, d, q, out);
	cb_wipe(d, sizeof(d));
	return err;
}

/*
 * d from DER PKCS#8 PrivateKeyInfo { 0, P-256, ECPrivateKey { 1, d [0] params
 * [1] public } } with nothing after it (RFC 5208, RFC 5915).
 */
int cb_gcry_parse_pkcs8_ec(const uint8_t *in, size_t len, const uint8_t *algid, uint8_t *d)
{
	const uint8_t *end = in + len, *b, *next, *e2, *b2;
	size_t n, n2;

	if (cb_der_get(in, end, 0x30, &b, &n, &next) || next != end)
		return CB_ERR_FORMAT;
	end = b + n;
	if (cb_der_get(b, end, 0x02, &b2, &n2, &next) || n2 != 1 || b2[0] != 0)
		return CB_ERR_FORMAT;
	if ((size_t)(end - next) < CB_GCRY_ALGID_LEN || memcmp(next, algid, CB_GCRY_ALGID_LEN))
		return CB_ERR_INVALID_KEY;
	next += CB_GCRY_ALGID_LEN;
	if (cb_der_get(next, end, 0x04, &b, &n, &next) || next != end)
		return CB_ERR_FORMAT;
	/* ECPrivateKey */
	if (cb_der_get(b, b + n, 0x30, &b2, &n2, &next) || next != b + n)
		return CB_ERR_FORMAT;
	e2 = b2 + n2;
	if (cb_der_get(b2, e2, 0x02, &b, &n, &next) || n != 1 || b[0] != 1)
		return CB_ERR_FORMAT;
	if (cb_der_get(next, e2, 0x04, &b, &n, &next) || n != 32)
		return CB_ERR_FORMAT;
	memcpy(d, b, 32);
	/* Optional [0] parameters (must name P-256) and [1] public key (recomputed, not trusted). */
	if (next < e2 && next[0] == 0xa0) {
		if (cb_der_get(next, e2, 0xa0, &b, &n, &next) || n != 10 || memcmp(b, algid + 11, 10))
			return CB_ERR_INVALID_KEY;
	}
	if (next < e2 && next[0] == 0xa1) {
		if (cb_der_get(next, e2, 0xa1, &b, &n, &next))
			return CB_ERR_FORMAT;
	}
	return next == e2 ? CB_OK : CB_ERR_FORMAT;
}

static int ec_kex_import(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **out)
{
	const struct ec_curve *c = cls->info.variant;
	uint8_t d[32];
	int err;

	(void)opts;
	*out = NULL;
	if (cb_gcry_init())
		return CB_ERR_BACKEND;
	err = cb_gcry_parse_pkcs8_ec(in, len, c->algid, d);
	if (!err)
		err = p256_kex_from_d(c, d, NULL, out);
	cb_wipe(d, sizeof(d));
	return err;
}

static int p256_kex_export_public(const void *p, uint8_t *out, size_t *outlen)
{
	const struct p256_kex *k = p;
	return k ? cb_gcry_put(k->q, 65, out, outlen) : CB_ERR_ARG;
}

static int p256_kex_export_secret(const void *p, uint8_t *out, size_t *outlen)
{
	const struct p256_kex *k = p;
	return k ? cb_key_put(k->c->type, 1, k->dbytes, out, outlen) : CB_ERR_ARG;
}

/* Decodes and checks a peer point, kept for the next calls with the same peer. */
static int p256_set_peer(struct p256_kex *k, const uint8_t *peer)
{
	gcry_mpi_t x = NULL, y = NULL;
	gcry_mpi_point_t pt;
	int ok;

	if (k->peer_pt && memcmp(k->peer, peer, 65) == 0)
		return CB_OK;
	gcry_mpi_point_release(k->peer_pt);
	k->peer_pt = NULL;
	if (peer[0] != 0x04)
		return CB_ERR_INVALID_KEY;
	if (gcry_mpi_scan(&x, GCRYMPI_FMT_USG, peer + 1, 32, NULL) ||
	    gcry_mpi_scan(&y, GCRYMPI_FMT_USG, peer + 33, 32, NULL)) {
		gcry_mpi_release(x);
		return CB_ERR_BACKEND;
	}
	pt = gcry_mpi_point_snatch_set(NULL, x, y, gcry_mpi_set_ui(NULL, 1));
	ok = gcry_mpi_ec_curve_point(pt, k->ec);
	if (!ok) {
		gcry_mpi_point_release(pt);
		return CB_ERR_INVALID_KEY;
	}
	k->peer_pt = pt;
	memcpy(k->peer, peer, 65);
	return CB_OK;
}

static int p256_kex_derive(void *p, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	struct p256_kex *k = p;
	int err;

	if (peerlen != 65)
		return CB_ERR_INVALID_KEY;
	if (*sslen < 32)
		return CB_ERR_LENGTH;
	err = p256_set_peer(k, peer);
	if (err)
		return err;
	gcry_mpi_ec_mul(k->res, k->d, k->peer_pt, k->ec);
	if (gcry_mpi_ec_get_affine(k->x, NULL, k->res, k->ec))
		return CB_ERR_INVALID_KEY; /* the point at infinity */
	err = cb_gcry_mpi_fixed(k->x, ss, 32);
	if (err)
		return err;
	*sslen = 32;
	return CB_OK;
}

/* ---- signatures (ECDSA P-256, Ed25519) ------------------------------- */

/* A signature class's info.variant: 1 for Ed25519, 0 for ECDSA P-256. */
static const int v_ecdsa = 0, v_ed25519 = 1;

static int eddsa_of(const cb_sig_class *cls)
{
	return *(const int *)cls->info.variant;
}

struct gsig_key {
	cb_gcry_pk base; /* first: priv (NULL on a verify-only handle), pub, md */
	int eddsa;
	uint8_t pk[65];  /* 65-byte point, or the 32-byte Ed25519 key */
	uint8_t sk[32];  /* d, or the Ed25519 seed */
};

static void gsig_free(void *p)
{
	cb_gcry_pk_free(p, sizeof(struct gsig_key));
}

/* md: ECDSA's SHA-256, reset per message (none for Ed25519). */
static struct gsig_key *gsig_new(int eddsa)
{
	struct gsig_key *k = cb_gcry_pk_new(sizeof(*k), eddsa ? 0 : GCRY_MD_SHA256);

	if (k)
		k->eddsa = eddsa;
	return k;
}

static int gsig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **out)
{
	int eddsa = eddsa_of(cls);
	struct gsig_key *k;
	int err;

	(void)opts;
	*out = NULL;
	k = gsig_new(eddsa);
	if (!k)
		return CB_ERR_NOMEM;
	if (eddsa) {
		err = cb_gcry_genkey("(genkey (ecc (curve Ed25519)(flags eddsa transient-key)))", &k->base.priv, &k->base.pub);
		if (!err)
			err = cb_gcry_sexp_raw(k->base.pub, "q", k->pk, 32);
		if (!err)
			err = cb_gcry_sexp_raw(k->base.priv, "d", k->sk, 32);
	} else {
		err = cb_gcry_genkey("(genkey (ecc (curve \"" P256_CURVE "\")(flags transient-key no-keytest)))", &k->base.priv, &k->base.pub);
		if (!err)
			err = cb_gcry_sexp_raw(k->base.pub, "q", k->pk, 65);
		if (!err)
			err = cb_gcry_sexp_fixed(k->base.priv, "d", k->sk, 32);
	}
	if (err) {
		gsig_free(k);
		return err;
	}
	*out = k;
	return CB_OK;
}

static int gsig_import(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **out)
{
	int eddsa = eddsa_of(cls);
	size_t klen = eddsa ? 32 : 65;
	const uint8_t *raw;
	struct gsig_key *k;
	gcry_error_t e;

	*out = NULL;
	if (cb_key_get(eddsa ? CB_KEY_ED25519 : CB_KEY_P256, 0, in, len, &raw) != 0)
		return CB_ERR_FORMAT;
	if (!eddsa && !cb_gcry_point_ok(P256_CURVE, raw, klen))
		return CB_ERR_INVALID_KEY;
	k = gsig_new(eddsa);
	if (!k)
		return CB_ERR_NOMEM;
	memcpy(k->pk, raw, klen);
	if (eddsa)
		e = gcry_sexp_build(&k->base.pub, NULL, "(public-key (ecc (curve Ed25519)(flags eddsa)(q %b)))",
				    (int)klen, k->pk);
	else
		e = gcry_sexp_build(&k->base.pub, NULL, "(public-key (ecc (curve \"" P256_CURVE "\")(q %b)))", (int)klen,
				    k->pk);
	if (e) {
		gsig_free(k);
		return cb_gcry_err(e);
	}
	*out = k;
	return CB_OK;
}

/*
 * import_secret: ecdsa-p256 from PKCS#8 (d; Q = dG computed as the ECDH
 * class does), ed25519 from RFC 8410 PKCS#8 (the seed; the public key from
 * libgcrypt's "q@eddsa").
 */
static int gsig_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			      void **out)
{
	int eddsa = eddsa_of(cls);
	struct gsig_key *k;
	gcry_error_t e = 0;
	int err;

	*out = NULL;
	k = gsig_new(eddsa);
	if (!k)
		return CB_ERR_NOMEM;
	if (eddsa) {
		gcry_ctx_t ctx = NULL;
		gcry_mpi_t q = NULL;
		const uint8_t *seed;

		err = cb_key_get(CB_KEY_ED25519, 1, in, len, &seed) ? CB_ERR_FORMAT : CB_OK;
		if (!err) {
			memcpy(k->sk, seed, 32);
			e = gcry_sexp_build(&k->base.priv, NULL, "(private-key (ecc (curve Ed25519)(flags eddsa)(d %b)))", 32, k->sk);
			if (!e)
				e = gcry_mpi_ec_new(&ctx, k->base.priv, NULL);
			if (!e && !(q = gcry_mpi_ec_get_mpi("q@eddsa", ctx, 1)))
				e = gpg_error(GPG_ERR_BAD_SECKEY);
			if (!e) {
				unsigned int nbits = 0;
				const uint8_t *qb = gcry_mpi_get_opaque(q, &nbits);

				if (!qb || nbits != 256)
					err = CB_ERR_BACKEND;
				else
					memcpy(k->pk, qb, 32);
			}
			gcry_mpi_release(q);
			gcry_ctx_release(ctx);
			if (!e && !err) {
				gcry_sexp_release(k->base.priv);
				k->base.priv = NULL;
				e = gcry_sexp_build(&k->base.priv, NULL, "(private-key (ecc (curve Ed25519)(flags eddsa)(q %b)(d %b)))",
						    32, k->pk, 32, k->sk);
			}
			if (!e && !err)
				e = gcry_sexp_build(&k->base.pub, NULL, "(public-key (ecc (curve Ed25519)(flags eddsa)(q %b)))", 32, k->pk);
		}
	} else {
		void *t = NULL;

		err = cb_gcry_parse_pkcs8_ec(in, len, algid_p256, k->sk);
		if (!err)
			err = p256_kex_from_d(&curve_p256, k->sk, NULL, &t);
		if (!err) {
			memcpy(k->pk, ((struct p256_kex *)t)->q, 65);
			p256_kex_free(t);
			e = gcry_sexp_build(&k->base.priv, NULL, "(private-key (ecc (curve \"" P256_CURVE "\")(q %b)(d %b)))", 65,
					    k->pk, 32, k->sk);
			if (!e)
				e = gcry_sexp_build(&k->base.pub, NULL, "(public-key (ecc (curve \"" P256_CURVE "\")(q %b)))", 65, k->pk);
		}
	}
	if (!err && e)
		err = cb_gcry_err(e);
	if (err) {
		gsig_free(k);
		return err;
	}
	*out = k;
	return CB_OK;
}

static int gsig_export_public(const void *p, uint8_t *out, size_t *outlen)
{
	const struct gsig_key *k = p;

	return cb_key_put(k->eddsa ? CB_KEY_ED25519 : CB_KEY_P256, 0, k->pk, out, outlen);
}

static int gsig_export_secret(const void *p, uint8_t *out, size_t *outlen)
{
	const struct gsig_key *k = p;

	if (!k->base.priv)
		return CB_ERR_UNSUPPORTED;
	return cb_key_put(k->eddsa ? CB_KEY_ED25519 : CB_KEY_P256, 1, k->sk, out, outlen);
}

static size_t gsig_max_signature(const void *p)
{
	const struct gsig_key *k = p;
	return k && k->eddsa ? 64 : 72;
}

/* The data s-expression for m: Ed25519 signs m itself, ECDSA its SHA-256. */
static int gsig_data(struct gsig_key *k, const uint8_t *m, size_t mlen, gcry_sexp_t *data)
{
	gcry_error_t e;

	if (k->eddsa) {
		/* %b with a NULL buffer is not allowed: an empty message needs a valid pointer. */
		e = gcry_sexp_build(data, NULL, "(data (flags eddsa)(hash-algo sha512)(value %b))", (int)mlen,
				    mlen ? (const void *)m : (const void *)"");
	} else {
		e = gcry_sexp_build(data, NULL, "(data (flags raw)(value %b))", 32,
				    cb_gcry_md_digest(k->base.md, NULL, 0, m, mlen));
	}
	return e ? cb_gcry_err(e) : CB_OK;
}

static int gsig_sign(void *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct gsig_key *k = p;
	gcry_sexp_t data = NULL;
	int err;

	if (!k->base.priv)
		return CB_ERR_UNSUPPORTED;
	if (*siglen < (k->eddsa ? 64u : 8u))
		return CB_ERR_LENGTH;
	err = gsig_data(k, m, mlen, &data);
	return cb_gcry_sign_rs(k->base.priv, data, err, k->eddsa, sig, siglen);
}

static int gsig_verify(void *p, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct gsig_key *k = p;
	gcry_sexp_t data = NULL, s = NULL;
	gcry_error_t e;
	int err;

	if (k->eddsa) { /* S < L is the layer's (libgcrypt 1.10.1 does not check it: Wycheproof tcIds 63-66, 85) */
		if (siglen != 64)
			return CB_ERR_VERIFY;
		e = gcry_sexp_build(&s, NULL, "(sig-val (eddsa (r %b)(s %b)))", 32, sig, 32, sig + 32);
		if (e)
			return cb_gcry_err(e);
	} else if ((err = cb_gcry_ec_sigval(0, sig, siglen, &s)) != 0) {
		return err;
	}
	err = gsig_data(k, m, mlen, &data);
	return cb_gcry_verify(s, data, err, k->base.pub);
}

/* ---- classes ---------------------------------------------------------- */

#define GEC_INFO(kind_, name_, variant_) \
	{.kind = (kind_), .name = (name_), .backend = "gcrypt", .unavailable = cb_gcry_unavailable, .implementation = cb_gcrypt_implementation, .variant = (variant_)}

const cb_kex_class cb_gcry_x25519 = {
	.info = GEC_INFO(CB_KIND_KEX, "x25519", &gcry_rawkey),
	CB_X25519_RAW_METHODS,
	.derive = x25519_derive,
	.import_secret = x25519_import, /* a key of another length: CB_ERR_INVALID_KEY */
};

/* The ECDH classes differ only by their curve, the signature classes by their variant. */
#define GEC_KEX(var_, name_, curve_)                                                                          \
	const cb_kex_class var_ = {.info = GEC_INFO(CB_KIND_KEX, name_, curve_), .keygen = ec_kex_keygen,     \
				   .key_free = p256_kex_free, .export_public = p256_kex_export_public,       \
				   .export_secret = p256_kex_export_secret, .derive = p256_kex_derive,       \
				   .import_secret = ec_kex_import}
#define GEC_SIG(var_, name_, variant_)                                                                        \
	const cb_sig_class var_ = {.info = GEC_INFO(CB_KIND_SIG, name_, variant_), .keygen = gsig_keygen,     \
				   .key_free = gsig_free, .export_public = gsig_export_public,               \
				   .export_secret = gsig_export_secret, .max_signature = gsig_max_signature, \
				   .sign = gsig_sign, .verify = gsig_verify, .import_public = gsig_import,   \
				   .import_secret = gsig_import_secret}

GEC_KEX(cb_gcry_ecdh_p256, "ecdh-p256", &curve_p256);
/* Plain ECDH on the SM2 curve, as the OpenSSL class (not the GM/T 0003.3 protocol). */
GEC_KEX(cb_gcry_sm2_dh, "sm2-dh", &curve_sm2);
GEC_SIG(cb_gcry_ecdsa_p256, "ecdsa-p256", &v_ecdsa);
GEC_SIG(cb_gcry_ed25519, "ed25519", &v_ed25519);
