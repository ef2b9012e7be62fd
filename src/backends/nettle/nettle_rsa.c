/*
 * nettle/hogweed RSA (RFC 8017) under the OpenSSL classes' names:
 *
 *   pke  rsaN-pkcs1          PKCS#1 v1.5 encryption (rsa_encrypt /
 *                            rsa_decrypt_tr: the message length is not
 *                            known in advance, so not rsa_sec_decrypt)
 *   sig  rsaN-pkcs1-sha256   PKCS#1 v1.5 signature (rsa_sha256_sign_tr)
 *   sig  rsaN-pss-sha256     PSS, MGF1-SHA-256, 32-byte salt
 *
 * Keys: public SPKI DER, secret PKCS#8 DER (written here from hogweed's
 * numbers; read with rsa_keypair_from_der inside the outer wrapper).
 * nettle 3.8 has no OAEP: no oaep classes.  GMP numbers are made only by
 * hogweed (rsa_*_key_init, dsa_signature_init): the build links hogweed
 * but not GMP.
 */
#include <nettle/bignum.h>
#include <nettle/dsa.h>
#include <nettle/rsa.h>
#include <nettle/sha2.h>
#include <stdlib.h>
#include <string.h>

#include "backends/class_tables.h"
#include "backends/nettle/nettle_common.h"
#include "core/util.h"

enum nrsa_scheme { NRSA_PKCS1_ENC, NRSA_PKCS1_SIG, NRSA_PSS };

/* A class's info.variant: its modulus size and scheme. */
struct nrsa_variant {
	int bits;
	enum nrsa_scheme scheme;
};

#define PSS_SALT 32
#define DER_MAX 4096 /* a 4096-bit private key is about 2.4 KB of DER */

struct nrsa_key {
	int bits;
	enum nrsa_scheme scheme;
	int has_secret;
	size_t k; /* modulus bytes */
	struct rsa_public_key pub;
	struct rsa_private_key priv;
	struct sha256_ctx sha;
	struct dsa_signature t; /* r: the big number of the operation; s: spare */
	uint8_t nbytes[512];    /* the modulus, k bytes big-endian */
};

/* AlgorithmIdentifier { rsaEncryption, NULL } */
static const uint8_t rsa_algid[] = {0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7,
				    0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};

static void mpz_wipe(mpz_t x)
{
	cb_wipe(x->_mp_d, (size_t)x->_mp_alloc * sizeof(mp_limb_t));
}

static void nrsa_free(void *p)
{
	struct nrsa_key *k = p;
	if (!k)
		return;
	mpz_wipe(k->priv.d);
	mpz_wipe(k->priv.p);
	mpz_wipe(k->priv.q);
	mpz_wipe(k->priv.a);
	mpz_wipe(k->priv.b);
	mpz_wipe(k->priv.c);
	mpz_wipe(k->t.r);
	rsa_private_key_clear(&k->priv);
	rsa_public_key_clear(&k->pub);
	dsa_signature_clear(&k->t);
	cb_wipe(k, sizeof(*k));
	free(k);
}

static struct nrsa_key *nrsa_new(const struct nrsa_variant *v)
{
	struct nrsa_key *k = calloc(1, sizeof(*k));
	if (!k)
		return NULL;
	k->bits = v->bits;
	k->scheme = v->scheme;
	rsa_public_key_init(&k->pub);
	rsa_private_key_init(&k->priv);
	dsa_signature_init(&k->t);
	return k;
}

/* After pub is set: sizes and the modulus bytes; CB_ERR_INVALID_KEY for another size. */
static int nrsa_finish(struct nrsa_key *k)
{
	if (nettle_mpz_sizeinbase_256_u(k->pub.n) * 8 != (size_t)k->bits || k->pub.size * 8 != (size_t)k->bits)
		return CB_ERR_INVALID_KEY;
	k->k = k->pub.size;
	nettle_mpz_get_str_256(k->k, k->nbytes, k->pub.n);
	return CB_OK;
}

static int nrsa_keygen(const cb_alg_info *info, void **key)
{
	static const uint8_t e65537[] = {0x01, 0x00, 0x01};
	const struct nrsa_variant *v = info->variant;
	struct nrsa_key *k;
	struct cb_nettle_rand rnd = {0};
	int r;

	*key = NULL;
	k = nrsa_new(v);
	if (!k)
		return CB_ERR_NOMEM;
	nettle_mpz_set_str_256_u(k->pub.e, sizeof(e65537), e65537);
	if (!rsa_generate_keypair(&k->pub, &k->priv, &rnd, cb_nettle_random, NULL, NULL, (unsigned)v->bits, 0) ||
	    rnd.failed) {
		nrsa_free(k);
		return rnd.failed ? CB_ERR_RANDOM : CB_ERR_BACKEND;
	}
	if ((r = nrsa_finish(k)) != 0) {
		nrsa_free(k);
		return r == CB_ERR_INVALID_KEY ? CB_ERR_BACKEND : r;
	}
	k->has_secret = 1;
	*key = k;
	return CB_OK;
}

/* ---- DER writing and reading (the wrappers only; integers via hogweed) */

static size_t der_hdr(uint8_t *out, uint8_t tag, size_t len)
{
	out[0] = tag;
	if (len < 0x80) {
		out[1] = (uint8_t)len;
		return 2;
	}
	if (len < 0x100) {
		out[1] = 0x81;
		out[2] = (uint8_t)len;
		return 3;
	}
	out[1] = 0x82;
	out[2] = (uint8_t)(len >> 8);
	out[3] = (uint8_t)len;
	return 4;
}

/* INTEGER of a non-negative number; returns the bytes written. */
static size_t der_mpz(uint8_t *out, const mpz_t x)
{
	uint8_t tmp[520];
	size_t n = nettle_mpz_sizeinbase_256_u(x), lead, h;

	if (n == 0)
		n = 1;
	nettle_mpz_get_str_256(n, tmp, x);
	lead = (tmp[0] & 0x80) ? 1 : 0;
	h = der_hdr(out, 0x02, n + lead);
	if (lead)
		out[h] = 0;
	memcpy(out + h + lead, tmp, n);
	cb_wipe(tmp, n);
	return h + lead + n;
}

/* Wraps out[4..4+body) as tag/length/body at out[0..); returns the total. */
static size_t der_wrap(uint8_t *out, uint8_t tag, size_t body)
{
	uint8_t h[4];
	size_t hl = der_hdr(h, tag, body);
	memmove(out + hl, out + 4, body);
	memcpy(out, h, hl);
	return hl + body;
}

/* SEQUENCE { [INTEGER 0,] INTEGER x... } */
static size_t der_ints(uint8_t *out, int version, const mpz_srcptr *xs, size_t nx)
{
	size_t off = 4;

	if (version) {
		out[off++] = 0x02;
		out[off++] = 0x01;
		out[off++] = 0x00;
	}
	for (size_t i = 0; i < nx; i++)
		off += der_mpz(out + off, xs[i]);
	return der_wrap(out, 0x30, off - 4);
}

/* Reads a tag and a length (short, 0x81 or 0x82 form); *p moves past them. */
static int der_get(const uint8_t **p, const uint8_t *end, uint8_t tag, size_t *len)
{
	const uint8_t *q = *p;
	size_t n;

	if (end - q < 2 || q[0] != tag)
		return CB_ERR_FORMAT;
	n = q[1];
	q += 2;
	if (n == 0x81 || n == 0x82) {
		size_t nb = n - 0x80;
		if ((size_t)(end - q) < nb)
			return CB_ERR_FORMAT;
		n = nb == 1 ? q[0] : ((size_t)q[0] << 8 | q[1]);
		q += nb;
	} else if (n > 0x7f) {
		return CB_ERR_FORMAT;
	}
	if ((size_t)(end - q) < n)
		return CB_ERR_FORMAT;
	*p = q;
	*len = n;
	return CB_OK;
}

static int nrsa_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const struct nrsa_key *k = key;
	uint8_t buf[DER_MAX];
	mpz_srcptr xs[2];
	size_t n, off;

	xs[0] = k->pub.n;
	xs[1] = k->pub.e;
	/* SEQUENCE { algid, BIT STRING { 0 unused bits, RSAPublicKey } } */
	off = 4 + sizeof(rsa_algid);
	n = der_ints(buf + off + 4 + 1, 0, xs, 2);
	buf[off + 4] = 0x00;
	off += der_wrap(buf + off, 0x03, n + 1);
	memcpy(buf + 4, rsa_algid, sizeof(rsa_algid));
	n = der_wrap(buf, 0x30, off - 4);
	if (*outlen < n)
		return CB_ERR_LENGTH;
	memcpy(out, buf, n);
	*outlen = n;
	return CB_OK;
}

static int nrsa_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const struct nrsa_key *k = key;
	uint8_t buf[DER_MAX];
	mpz_srcptr xs[8];
	size_t n, off;
	int r = CB_OK;

	if (!k || !out || !outlen || !k->has_secret)
		return CB_ERR_ARG;
	xs[0] = k->pub.n;
	xs[1] = k->pub.e;
	xs[2] = k->priv.d;
	xs[3] = k->priv.p;
	xs[4] = k->priv.q;
	xs[5] = k->priv.a; /* d mod (p - 1) */
	xs[6] = k->priv.b; /* d mod (q - 1) */
	xs[7] = k->priv.c; /* q^-1 mod p */
	/* SEQUENCE { INTEGER 0, algid, OCTET STRING { RSAPrivateKey } } */
	off = 4;
	buf[off++] = 0x02;
	buf[off++] = 0x01;
	buf[off++] = 0x00;
	memcpy(buf + off, rsa_algid, sizeof(rsa_algid));
	off += sizeof(rsa_algid);
	n = der_ints(buf + off + 4, 1, xs, 8);
	off += der_wrap(buf + off, 0x04, n);
	n = der_wrap(buf, 0x30, off - 4);
	if (*outlen < n)
		r = CB_ERR_LENGTH;
	else {
		memcpy(out, buf, n);
		*outlen = n;
	}
	cb_wipe(buf, sizeof(buf));
	return r;
}

/* A handle from SPKI DER (sig import_public) or PKCS#8 DER (pke import_secret). */
static int nrsa_import(const cb_alg_info *info, int secret, const uint8_t *in, size_t len, void **key)
{
	const uint8_t *p = in, *end = in + len;
	struct nrsa_key *k;
	size_t n;
	int r;

	*key = NULL;
	if (der_get(&p, end, 0x30, &n) != 0 || p + n != end)
		return CB_ERR_FORMAT;
	if (secret) {
		if (end - p < 3 || memcmp(p, "\x02\x01\x00", 3) != 0)
			return CB_ERR_FORMAT;
		p += 3;
	}
	if ((size_t)(end - p) < sizeof(rsa_algid) || memcmp(p, rsa_algid, sizeof(rsa_algid)) != 0)
		return CB_ERR_FORMAT;
	p += sizeof(rsa_algid);
	if (der_get(&p, end, secret ? 0x04 : 0x03, &n) != 0 || p + n != end)
		return CB_ERR_FORMAT;
	if (!secret) {
		if (n < 1 || p[0] != 0)
			return CB_ERR_FORMAT;
		p++;
		n--;
	}
	k = nrsa_new(info->variant);
	if (!k)
		return CB_ERR_NOMEM;
	if (!rsa_keypair_from_der(&k->pub, secret ? &k->priv : NULL, 0, n, p)) {
		nrsa_free(k);
		return CB_ERR_FORMAT;
	}
	if ((r = nrsa_finish(k)) != 0) {
		nrsa_free(k);
		return r;
	}
	k->has_secret = secret;
	*key = k;
	return CB_OK;
}

/* 0 when the k-byte big-endian value in is below the modulus. */
static int below_n(const struct nrsa_key *k, const uint8_t *in)
{
	return memcmp(in, k->nbytes, k->k) < 0 ? CB_OK : CB_ERR_ARG;
}

/* ---- encryption */

static size_t nrsa_max_plaintext(const void *key)
{
	const struct nrsa_key *k = key;
	return k && k->k > 11 ? k->k - 11 : 0;
}

static size_t nrsa_max_ciphertext(const void *key, size_t mlen)
{
	const struct nrsa_key *k = key;
	(void)mlen;
	return k ? k->k : 0;
}

static int nrsa_encrypt(void *key, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	struct nrsa_key *k = key;
	struct cb_nettle_rand rnd = {0};

	if (mlen > k->k - 11 || *clen < k->k)
		return CB_ERR_LENGTH;
	if (!rsa_encrypt(&k->pub, &rnd, cb_nettle_random, mlen, m, k->t.r))
		return CB_ERR_BACKEND;
	if (rnd.failed)
		return CB_ERR_RANDOM;
	nettle_mpz_get_str_256(k->k, c, k->t.r);
	*clen = k->k;
	return CB_OK;
}

static int nrsa_decrypt(void *key, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	struct nrsa_key *k = key;
	struct cb_nettle_rand rnd = {0};
	size_t n;

	if (!k || !c || !m || !mlen || !k->has_secret)
		return CB_ERR_ARG;
	if (clen != k->k || below_n(k, c) != 0)
		return CB_ERR_DECRYPT;
	nettle_mpz_set_str_256_u(k->t.r, clen, c);
	n = *mlen;
	if (!rsa_decrypt_tr(&k->pub, &k->priv, &rnd, cb_nettle_random, &n, m, k->t.r))
		return rnd.failed ? CB_ERR_RANDOM : CB_ERR_DECRYPT;
	if (rnd.failed) {
		cb_wipe(m, n);
		return CB_ERR_RANDOM;
	}
	*mlen = n;
	return CB_OK;
}

/* ---- signatures */

static size_t nrsa_max_signature(const void *key)
{
	const struct nrsa_key *k = key;
	return k ? k->k : 0;
}

static int nrsa_sign(void *key, const uint8_t *msg, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct nrsa_key *k = key;
	struct cb_nettle_rand rnd = {0};
	uint8_t dig[SHA256_DIGEST_SIZE], salt[PSS_SALT];
	int ok;

	if (!k || !sig || !siglen || (!msg && mlen) || !k->has_secret)
		return CB_ERR_ARG;
	if (*siglen < k->k)
		return CB_ERR_LENGTH;
	sha256_init(&k->sha);
	if (mlen)
		sha256_update(&k->sha, mlen, msg);
	if (k->scheme == NRSA_PSS) {
		sha256_digest(&k->sha, sizeof(dig), dig);
		if (cb_random_bytes(salt, sizeof(salt)) != 0)
			return CB_ERR_RANDOM;
		ok = rsa_pss_sha256_sign_digest_tr(&k->pub, &k->priv, &rnd, cb_nettle_random, sizeof(salt), salt, dig,
						   k->t.r);
	} else {
		ok = rsa_sha256_sign_tr(&k->pub, &k->priv, &rnd, cb_nettle_random, &k->sha, k->t.r);
	}
	if (rnd.failed)
		return CB_ERR_RANDOM;
	if (!ok)
		return CB_ERR_BACKEND;
	nettle_mpz_get_str_256(k->k, sig, k->t.r);
	*siglen = k->k;
	return CB_OK;
}

static int nrsa_verify(void *key, const uint8_t *msg, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct nrsa_key *k = key;
	uint8_t dig[SHA256_DIGEST_SIZE];
	int ok;

	if (siglen != k->k || below_n(k, sig) != 0)
		return CB_ERR_VERIFY;
	nettle_mpz_set_str_256_u(k->t.r, siglen, sig);
	sha256_init(&k->sha);
	if (mlen)
		sha256_update(&k->sha, mlen, msg);
	if (k->scheme == NRSA_PSS) {
		sha256_digest(&k->sha, sizeof(dig), dig);
		ok = rsa_pss_sha256_verify_digest(&k->pub, PSS_SALT, dig, k->t.r);
	} else {
		ok = rsa_sha256_verify(&k->pub, &k->sha, k->t.r);
	}
	return ok ? CB_OK : CB_ERR_VERIFY;
}

/* The class methods: the class's variant says which RSA (each kind has its own class type). */
static int nrsa_pke_keygen(const cb_pke_class *cls, const cb_opts *opts, void **key)
{
	return nrsa_keygen(&cls->info, key);
}

static int nrsa_sig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	return nrsa_keygen(&cls->info, key);
}

static int nrsa_pke_import_secret(const cb_pke_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				  void **key)
{
	return nrsa_import(&cls->info, 1, in, len, key);
}

static int nrsa_pke_import_public(const cb_pke_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				  void **key)
{
	return nrsa_import(&cls->info, 0, in, len, key);
}

static int nrsa_sig_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				  void **key)
{
	return nrsa_import(&cls->info, 1, in, len, key);
}

static int nrsa_sig_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				  void **key)
{
	return nrsa_import(&cls->info, 0, in, len, key);
}

#define NRSA_INFO(kind_, name_, id)                                                                                 \
	{.kind = (kind_), .name = (name_), .backend = "nettle", .implementation = cb_nettle_implementation,         \
	 .variant = &id##_v}

#define NRSA_PKE(id, nm, nbits)                                                                                     \
	static const struct nrsa_variant id##_v = {nbits, NRSA_PKCS1_ENC};                                          \
	const cb_pke_class cb_nettle_##id = {                                                                       \
		.info = NRSA_INFO(CB_KIND_PKE, nm, id),                                                             \
		.keygen = nrsa_pke_keygen,                                                                          \
		.key_free = nrsa_free,                                                                              \
		.export_public = nrsa_export_public,                                                                \
		.export_secret = nrsa_export_secret,                                                                \
		.max_plaintext = nrsa_max_plaintext,                                                                \
		.max_ciphertext = nrsa_max_ciphertext,                                                              \
		.encrypt = nrsa_encrypt,                                                                            \
		.decrypt = nrsa_decrypt,                                                                            \
		.import_secret = nrsa_pke_import_secret,                                                            \
		.import_public = nrsa_pke_import_public,                                                            \
	}

#define NRSA_SIG(id, nm, nbits, scheme)                                                                             \
	static const struct nrsa_variant id##_v = {nbits, scheme};                                                  \
	const cb_sig_class cb_nettle_##id = {                                                                       \
		.info = NRSA_INFO(CB_KIND_SIG, nm, id),                                                             \
		.keygen = nrsa_sig_keygen,                                                                          \
		.key_free = nrsa_free,                                                                              \
		.export_public = nrsa_export_public,                                                                \
		.export_secret = nrsa_export_secret,                                                                \
		.max_signature = nrsa_max_signature,                                                                \
		.sign = nrsa_sign,                                                                                  \
		.verify = nrsa_verify,                                                                              \
		.import_public = nrsa_sig_import_public,                                                            \
		.import_secret = nrsa_sig_import_secret,                                                            \
	}

NRSA_PKE(rsa2048_pkcs1, "rsa2048-pkcs1", 2048);
NRSA_PKE(rsa3072_pkcs1, "rsa3072-pkcs1", 3072);
NRSA_PKE(rsa4096_pkcs1, "rsa4096-pkcs1", 4096);
/* The RSA signature rows of class_tables.h. */
#define NRSA_SIG_ROW(id, nm, bits, pss) NRSA_SIG(id, nm, bits, (pss) ? NRSA_PSS : NRSA_PKCS1_SIG);
CB_RSA_SIG_ROWS(NRSA_SIG_ROW)
