#include "core/der.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

const uint8_t cb_spki_p256_prefix[26] = {0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48,
					 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48,
					 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00};
const uint8_t cb_spki_sm2_prefix[26] = {0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48,
					0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x81, 0x1c,
					0xcf, 0x55, 0x01, 0x82, 0x2d, 0x03, 0x42, 0x00};
const uint8_t cb_spki_ed25519_prefix[12] = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03,
					    0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};

int cb_der_get(const uint8_t *p, const uint8_t *end, uint8_t tag, const uint8_t **body, size_t *len,
	       const uint8_t **next)
{
	size_t n;

	if (end - p < 2 || p[0] != tag)
		return CB_ERR_FORMAT;
	n = p[1];
	p += 2;
	if (n == 0x81) {
		if (end - p < 1 || p[0] < 0x80)
			return CB_ERR_FORMAT;
		n = p[0];
		p += 1;
	} else if (n == 0x82) {
		if (end - p < 2 || p[0] == 0)
			return CB_ERR_FORMAT;
		n = ((size_t)p[0] << 8) | p[1];
		p += 2;
		if (n < 0x100)
			return CB_ERR_FORMAT;
	} else if (n > 0x7f) {
		return CB_ERR_FORMAT;
	}
	if ((size_t)(end - p) < n)
		return CB_ERR_FORMAT;
	*body = p;
	*len = n;
	*next = p + n;
	return CB_OK;
}

int cb_der_uint(const uint8_t *p, const uint8_t *end, const uint8_t **v, size_t *vlen, const uint8_t **next)
{
	const uint8_t *b;
	size_t n;

	if (cb_der_get(p, end, 0x02, &b, &n, next) || n == 0)
		return CB_ERR_FORMAT;
	if (b[0] & 0x80)
		return CB_ERR_FORMAT; /* negative */
	if (n > 1 && b[0] == 0 && !(b[1] & 0x80))
		return CB_ERR_FORMAT; /* not minimal */
	if (b[0] == 0 && n > 1)
		b++, n--;
	if (n > 32)
		return CB_ERR_FORMAT;
	*v = b;
	*vlen = n;
	return CB_OK;
}

/* INTEGER of a 32-byte big-endian unsigned value; returns the bytes written (at most 35). */
static size_t der_int(const uint8_t *v, uint8_t *out)
{
	size_t i = 0, n;

	while (i < 31 && v[i] == 0)
		i++;
	n = 32 - i;
	out[0] = 0x02;
	if (v[i] & 0x80) {
		out[1] = (uint8_t)(n + 1);
		out[2] = 0;
		memcpy(out + 3, v + i, n);
		return n + 3;
	}
	out[1] = (uint8_t)n;
	memcpy(out + 2, v + i, n);
	return n + 2;
}

int cb_der_sig_encode(const uint8_t r[32], const uint8_t s[32], uint8_t *out, size_t *outlen)
{
	uint8_t buf[72];
	size_t n = der_int(r, buf + 2);

	n += der_int(s, buf + 2 + n);
	buf[0] = 0x30;
	buf[1] = (uint8_t)n;
	if (*outlen < n + 2)
		return CB_ERR_LENGTH;
	memcpy(out, buf, n + 2);
	*outlen = n + 2;
	return CB_OK;
}

int cb_der_sig_decode(const uint8_t *in, size_t len, uint8_t r[32], uint8_t s[32])
{
	const uint8_t *end = in + len, *b, *next, *rv, *sv;
	size_t n, rl, sl;

	if (cb_der_get(in, end, 0x30, &b, &n, &next) || next != end || cb_der_uint(b, b + n, &rv, &rl, &next) ||
	    cb_der_uint(next, b + n, &sv, &sl, &next) || next != b + n)
		return CB_ERR_FORMAT;
	memset(r, 0, 32);
	memset(s, 0, 32);
	memcpy(r + 32 - rl, rv, rl);
	memcpy(s + 32 - sl, sv, sl);
	return CB_OK;
}

/* ---- key files ---------------------------------------------------------- */

const uint8_t cb_pkcs8_p256_prefix[35] = {0x30, 0x41, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48,
					  0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03,
					  0x01, 0x07, 0x04, 0x27, 0x30, 0x25, 0x02, 0x01, 0x01, 0x04, 0x20};
const uint8_t cb_pkcs8_sm2_prefix[35] = {0x30, 0x41, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48,
					 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x81, 0x1c, 0xcf, 0x55, 0x01,
					 0x82, 0x2d, 0x04, 0x27, 0x30, 0x25, 0x02, 0x01, 0x01, 0x04, 0x20};
const uint8_t cb_pkcs8_ed25519_prefix[16] = {0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06,
					     0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20};
const uint8_t cb_pkcs8_x25519_prefix[16] = {0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06,
					    0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20};
const uint8_t cb_spki_x25519_prefix[12] = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03,
					   0x2b, 0x65, 0x6e, 0x03, 0x21, 0x00};

static const uint8_t oid_rsa[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01};
static const uint8_t oid_ec[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};
static const uint8_t oid_p256[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07};
static const uint8_t oid_sm2[] = {0x2a, 0x81, 0x1c, 0xcf, 0x55, 0x01, 0x82, 0x2d};
static const uint8_t oid_x25519[] = {0x2b, 0x65, 0x6e};
static const uint8_t oid_ed25519[] = {0x2b, 0x65, 0x70};
/*
 * The NIST post-quantum signature keys: sigAlgs (2.16.840.1.101.3.4.3) arc
 * and raw sizes.  ML-DSA: RFC 9881 section 2 and FIPS 204 table 2;
 * SLH-DSA: RFC 9909 section 3 and FIPS 205 table 2 (n = 16: 2n, 4n).
 */
static const struct pq_key {
	cb_key_type type;
	const char *name;
	uint8_t arc;
	int mldsa;
	size_t pk, sk;
} pq_keys[] = {
	{CB_KEY_MLDSA44, "ML-DSA-44", 17, 1, 1312, 2560},
	{CB_KEY_MLDSA65, "ML-DSA-65", 18, 1, 1952, 4032},
	{CB_KEY_MLDSA87, "ML-DSA-87", 19, 1, 2592, 4896},
	{CB_KEY_SLHDSA_SHA2_128S, "SLH-DSA-SHA2-128s", 20, 0, 32, 64},
	{CB_KEY_SLHDSA_SHA2_128F, "SLH-DSA-SHA2-128f", 21, 0, 32, 64},
	{CB_KEY_SLHDSA_SHAKE_128S, "SLH-DSA-SHAKE-128s", 26, 0, 32, 64},
	{CB_KEY_SLHDSA_SHAKE_128F, "SLH-DSA-SHAKE-128f", 27, 0, 32, 64},
};
/* id-ml-dsa-* / id-slh-dsa-* without the last arc */
static const uint8_t oid_nist_sig[] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03};

static const struct pq_key *pq_key(cb_key_type t)
{
	for (size_t i = 0; i < sizeof(pq_keys) / sizeof(pq_keys[0]); i++)
		if (pq_keys[i].type == t)
			return &pq_keys[i];
	return NULL;
}

int cb_key_is_pq(cb_key_type t)
{
	const struct pq_key *k = pq_key(t);

	return !k ? 0 : k->mldsa ? 1 : 2;
}

int cb_key_pq_sizes(cb_key_type t, size_t *pklen, size_t *sklen)
{
	const struct pq_key *k = pq_key(t);

	if (!k)
		return CB_ERR_ARG;
	if (pklen)
		*pklen = k->pk;
	if (sklen)
		*sklen = k->sk;
	return CB_OK;
}

/* AlgorithmIdentifier { rsaEncryption, NULL } */
static const uint8_t algid_rsa[] = {0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
				    0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};

const char *cb_key_type_name(cb_key_type t)
{
	switch (t) {
	case CB_KEY_RSA: return "RSA";
	case CB_KEY_P256: return "P-256";
	case CB_KEY_SM2: return "SM2";
	case CB_KEY_X25519: return "X25519";
	case CB_KEY_ED25519: return "Ed25519";
	case CB_KEY_EC_OTHER: return "EC (another curve)";
	default: return pq_key(t) ? pq_key(t)->name : "unknown";
	}
}

static int oid_is(const uint8_t *b, size_t n, const uint8_t *oid, size_t olen)
{
	return n == olen && memcmp(b, oid, olen) == 0;
}

static cb_key_type curve_type(const uint8_t *b, size_t n)
{
	if (oid_is(b, n, oid_p256, sizeof(oid_p256)))
		return CB_KEY_P256;
	if (oid_is(b, n, oid_sm2, sizeof(oid_sm2)))
		return CB_KEY_SM2;
	return CB_KEY_EC_OTHER;
}

/* AlgorithmIdentifier body [p, end): the key type (CB_KEY_UNKNOWN for an OID not listed), or -1 if malformed. */
static int algid_type(const uint8_t *p, const uint8_t *end)
{
	const uint8_t *b, *next, *pb;
	size_t n, pn;

	if (cb_der_get(p, end, 0x06, &b, &n, &next))
		return -1;
	if (oid_is(b, n, oid_rsa, sizeof(oid_rsa)))
		return CB_KEY_RSA;
	if (oid_is(b, n, oid_x25519, sizeof(oid_x25519)))
		return next == end ? CB_KEY_X25519 : -1;
	if (oid_is(b, n, oid_ed25519, sizeof(oid_ed25519)))
		return next == end ? CB_KEY_ED25519 : -1;
	if (oid_is(b, n, oid_sm2, sizeof(oid_sm2)))
		return CB_KEY_SM2; /* SM2 named as the algorithm (older writers) */
	if (n == sizeof(oid_nist_sig) + 1 && !memcmp(b, oid_nist_sig, sizeof(oid_nist_sig))) {
		for (size_t i = 0; i < sizeof(pq_keys) / sizeof(pq_keys[0]); i++)
			if (b[n - 1] == pq_keys[i].arc)
				return next == end ? (int)pq_keys[i].type : -1; /* parameters absent */
		return CB_KEY_UNKNOWN;
	}
	if (oid_is(b, n, oid_ec, sizeof(oid_ec))) {
		if (cb_der_get(next, end, 0x06, &pb, &pn, &next) || next != end)
			return next == end ? CB_KEY_EC_OTHER : -1; /* explicit parameters */
		return curve_type(pb, pn);
	}
	return CB_KEY_UNKNOWN;
}

static size_t hdr_len(size_t n)
{
	return n < 0x80 ? 2 : n < 0x100 ? 3 : n < 0x10000 ? 4 : 5;
}

static uint8_t *put_hdr(uint8_t *p, uint8_t tag, size_t n)
{
	*p++ = tag;
	if (n < 0x80) {
		*p++ = (uint8_t)n;
	} else if (n < 0x100) {
		*p++ = 0x81;
		*p++ = (uint8_t)n;
	} else if (n < 0x10000) {
		*p++ = 0x82;
		*p++ = (uint8_t)(n >> 8);
		*p++ = (uint8_t)n;
	} else {
		*p++ = 0x83;
		*p++ = (uint8_t)(n >> 16);
		*p++ = (uint8_t)(n >> 8);
		*p++ = (uint8_t)n;
	}
	return p;
}

static int dup_out(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen, uint8_t **out, size_t *outlen)
{
	uint8_t *o = malloc(alen + blen);

	if (!o)
		return CB_ERR_NOMEM;
	memcpy(o, a, alen);
	memcpy(o + alen, b, blen);
	*out = o;
	*outlen = alen + blen;
	return CB_OK;
}

/* PKCS#8 { 0, rsaEncryption, OCTET STRING { RSAPrivateKey } } around rsa[0..n). */
static int wrap_rsa_private(const uint8_t *rsa, size_t n, uint8_t **out, size_t *outlen)
{
	size_t body = 3 + sizeof(algid_rsa) + hdr_len(n) + n, total = hdr_len(body) + body;
	uint8_t *o = malloc(total), *p;

	if (!o)
		return CB_ERR_NOMEM;
	p = put_hdr(o, 0x30, body);
	*p++ = 0x02, *p++ = 0x01, *p++ = 0x00;
	memcpy(p, algid_rsa, sizeof(algid_rsa));
	p = put_hdr(p + sizeof(algid_rsa), 0x04, n);
	memcpy(p, rsa, n);
	*out = o;
	*outlen = total;
	return CB_OK;
}

/* SPKI { rsaEncryption, BIT STRING { RSAPublicKey } } around rsa[0..n). */
static int wrap_rsa_public(const uint8_t *rsa, size_t n, uint8_t **out, size_t *outlen)
{
	size_t body = sizeof(algid_rsa) + hdr_len(n + 1) + n + 1, total = hdr_len(body) + body;
	uint8_t *o = malloc(total), *p;

	if (!o)
		return CB_ERR_NOMEM;
	p = put_hdr(o, 0x30, body);
	memcpy(p, algid_rsa, sizeof(algid_rsa));
	p = put_hdr(p + sizeof(algid_rsa), 0x03, n + 1);
	*p++ = 0;
	memcpy(p, rsa, n);
	*out = o;
	*outlen = total;
	return CB_OK;
}

/* RSAPrivateKey { 0, n, e, d, p, q, dp, dq, qinv } or RSAPublicKey { n, e }: the INTEGERs are there, nothing after. */
static int rsa_shape(const uint8_t *in, size_t len, int ints)
{
	const uint8_t *end = in + len, *b, *next, *v;
	size_t n, vl;

	if (cb_der_get(in, end, 0x30, &b, &n, &next) || next != end)
		return CB_ERR_FORMAT;
	for (int i = 0; i < ints; i++) {
		if (cb_der_get(b, end, 0x02, &v, &vl, &next) || vl == 0)
			return CB_ERR_FORMAT;
		b = next;
	}
	return b == end ? CB_OK : CB_ERR_FORMAT;
}

/* ECPrivateKey { 1, d, [0] curve, [1] public } at [p, end): d left-padded into d32; *curve the [0] type or CB_KEY_UNKNOWN. */
static int ec_private(const uint8_t *p, const uint8_t *end, uint8_t d32[32], cb_key_type *curve)
{
	const uint8_t *b, *next, *e2, *db, *cb;
	size_t n, dn, cn;

	if (cb_der_get(p, end, 0x30, &b, &n, &next) || next != end)
		return CB_ERR_FORMAT;
	e2 = b + n;
	if (cb_der_get(b, e2, 0x02, &b, &n, &next) || n != 1 || b[0] != 1)
		return CB_ERR_FORMAT;
	if (cb_der_get(next, e2, 0x04, &db, &dn, &next) || dn == 0 || dn > 32)
		return CB_ERR_FORMAT;
	*curve = CB_KEY_UNKNOWN;
	if (next < e2 && next[0] == 0xa0) {
		if (cb_der_get(next, e2, 0xa0, &b, &n, &next) || cb_der_get(b, b + n, 0x06, &cb, &cn, &b) ||
		    b != next)
			return CB_ERR_FORMAT;
		*curve = curve_type(cb, cn);
	}
	if (next < e2 && next[0] == 0xa1 && cb_der_get(next, e2, 0xa1, &b, &n, &next))
		return CB_ERR_FORMAT;
	if (next != e2)
		return CB_ERR_FORMAT;
	memset(d32, 0, 32);
	memcpy(d32 + 32 - dn, db, dn);
	return CB_OK;
}

/* AlgorithmIdentifier { id-ml-dsa-* / id-slh-dsa-* } (parameters absent): 13 bytes. */
static uint8_t *put_pq_algid(uint8_t *p, const struct pq_key *k)
{
	*p++ = 0x30, *p++ = 0x0b, *p++ = 0x06, *p++ = 0x09;
	memcpy(p, oid_nist_sig, sizeof(oid_nist_sig));
	p += sizeof(oid_nist_sig);
	*p++ = k->arc;
	return p;
}

/* SPKI { algid, BIT STRING { 0 unused bits, pk } } */
static int wrap_pq_public(const struct pq_key *k, const uint8_t *pk, uint8_t **out, size_t *outlen)
{
	size_t body = 13 + hdr_len(k->pk + 1) + k->pk + 1, total = hdr_len(body) + body;
	uint8_t *o = malloc(total), *p;

	if (!o)
		return CB_ERR_NOMEM;
	p = put_hdr(o, 0x30, body);
	p = put_pq_algid(p, k);
	p = put_hdr(p, 0x03, k->pk + 1);
	*p++ = 0;
	memcpy(p, pk, k->pk);
	*out = o;
	*outlen = total;
	return CB_OK;
}

/*
 * PKCS#8 { 0, algid, OCTET STRING { inner } } where inner is the SLH-DSA
 * key itself, or one of ML-DSA's CHOICE forms built from seed / expanded.
 */
static int wrap_pq_private(const struct pq_key *k, const uint8_t *seed, const uint8_t *sk, uint8_t **out,
			   size_t *outlen)
{
	size_t inner, body, total;
	uint8_t *o, *p;

	if (!k->mldsa)
		inner = k->sk;
	else if (seed && sk)
		inner = hdr_len(34 + hdr_len(k->sk) + k->sk) + 34 + hdr_len(k->sk) + k->sk;
	else if (seed)
		inner = 34;
	else
		inner = hdr_len(k->sk) + k->sk;
	body = 3 + 13 + hdr_len(inner) + inner;
	total = hdr_len(body) + body;
	if (!(o = malloc(total)))
		return CB_ERR_NOMEM;
	p = put_hdr(o, 0x30, body);
	*p++ = 0x02, *p++ = 0x01, *p++ = 0x00;
	p = put_pq_algid(p, k);
	p = put_hdr(p, 0x04, inner);
	if (!k->mldsa) {
		memcpy(p, sk, k->sk);
	} else if (seed && sk) {
		p = put_hdr(p, 0x30, 34 + hdr_len(k->sk) + k->sk);
		p = put_hdr(p, 0x04, 32);
		memcpy(p, seed, 32);
		p = put_hdr(p + 32, 0x04, k->sk);
		memcpy(p, sk, k->sk);
	} else if (seed) {
		p = put_hdr(p, 0x80, 32);
		memcpy(p, seed, 32);
	} else {
		p = put_hdr(p, 0x04, k->sk);
		memcpy(p, sk, k->sk);
	}
	*out = o;
	*outlen = total;
	return CB_OK;
}

int cb_mldsa_private_encode(cb_key_type t, const uint8_t *seed, const uint8_t *expanded, uint8_t **out,
			    size_t *outlen)
{
	const struct pq_key *k = pq_key(t);

	if (!k || !k->mldsa || (!seed && !expanded))
		return CB_ERR_ARG;
	return wrap_pq_private(k, seed, expanded, out, outlen);
}

/*
 * The privateKey contents [p, end) of a PQ key k: SLH-DSA's 4n bytes, or
 * ML-DSA's CHOICE (*seed / *sk NULL when the form lacks it).  Strict DER.
 */
static int pq_private_parts(const struct pq_key *k, const uint8_t *p, const uint8_t *end, const uint8_t **seed,
			    const uint8_t **sk)
{
	const uint8_t *b, *next, *sb, *kb;
	size_t n, sn, kn;

	*seed = *sk = NULL;
	if (!k->mldsa) {
		if ((size_t)(end - p) != k->sk)
			return CB_ERR_FORMAT;
		*sk = p;
		return CB_OK;
	}
	if (p < end && p[0] == 0x80) { /* seed [0] */
		if (cb_der_get(p, end, 0x80, &sb, &sn, &next) || next != end || sn != 32)
			return CB_ERR_FORMAT;
		*seed = sb;
		return CB_OK;
	}
	if (p < end && p[0] == 0x04) { /* expandedKey */
		if (cb_der_get(p, end, 0x04, &kb, &kn, &next) || next != end || kn != k->sk)
			return CB_ERR_FORMAT;
		*sk = kb;
		return CB_OK;
	}
	/* both */
	if (cb_der_get(p, end, 0x30, &b, &n, &next) || next != end || cb_der_get(b, b + n, 0x04, &sb, &sn, &next) ||
	    sn != 32 || cb_der_get(next, b + n, 0x04, &kb, &kn, &next) || next != b + n || kn != k->sk)
		return CB_ERR_FORMAT;
	*seed = sb;
	*sk = kb;
	return CB_OK;
}

int cb_mldsa_private_decode(const uint8_t *in, size_t len, cb_key_type *t, const uint8_t **seed,
			    const uint8_t **expanded)
{
	const uint8_t *end = in + len, *b, *e, *next, *vb, *ab, *kb;
	size_t n, vn, an, kn;
	const struct pq_key *k;
	int ty;

	if (!in || cb_der_get(in, end, 0x30, &b, &n, &next) || next != end)
		return CB_ERR_FORMAT;
	e = b + n;
	if (cb_der_get(b, e, 0x02, &vb, &vn, &next) || vn != 1 || vb[0] != 0 ||
	    cb_der_get(next, e, 0x30, &ab, &an, &next) || (ty = algid_type(ab, ab + an)) < 0 ||
	    !(k = pq_key((cb_key_type)ty)) || !k->mldsa || cb_der_get(next, e, 0x04, &kb, &kn, &next) || next != e)
		return CB_ERR_FORMAT;
	*t = (cb_key_type)ty;
	return pq_private_parts(k, kb, kb + kn, seed, expanded);
}

/* A classical key type's fixed prefix and raw length (public EC: the 65-byte point); NULL for another type. */
static const uint8_t *classic_prefix(cb_key_type type, int secret, size_t *plen, size_t *rawlen)
{
	const uint8_t *prefix;

	*rawlen = 32;
	switch (type) {
	case CB_KEY_P256:
		prefix = secret ? cb_pkcs8_p256_prefix : cb_spki_p256_prefix;
		*plen = secret ? sizeof(cb_pkcs8_p256_prefix) : sizeof(cb_spki_p256_prefix);
		*rawlen = secret ? 32 : 65;
		return prefix;
	case CB_KEY_SM2:
		prefix = secret ? cb_pkcs8_sm2_prefix : cb_spki_sm2_prefix;
		*plen = secret ? sizeof(cb_pkcs8_sm2_prefix) : sizeof(cb_spki_sm2_prefix);
		*rawlen = secret ? 32 : 65;
		return prefix;
	case CB_KEY_X25519:
		*plen = secret ? sizeof(cb_pkcs8_x25519_prefix) : sizeof(cb_spki_x25519_prefix);
		return secret ? cb_pkcs8_x25519_prefix : cb_spki_x25519_prefix;
	case CB_KEY_ED25519:
		*plen = secret ? sizeof(cb_pkcs8_ed25519_prefix) : sizeof(cb_spki_ed25519_prefix);
		return secret ? cb_pkcs8_ed25519_prefix : cb_spki_ed25519_prefix;
	default:
		return NULL;
	}
}

int cb_key_put(cb_key_type type, int secret, const uint8_t *raw, uint8_t *out, size_t *outlen)
{
	size_t plen, want;
	const uint8_t *prefix = classic_prefix(type, secret, &plen, &want);

	if (!prefix || !raw)
		return CB_ERR_ARG;
	if (*outlen < plen + want)
		return CB_ERR_LENGTH;
	memcpy(out, prefix, plen);
	memcpy(out + plen, raw, want);
	*outlen = plen + want;
	return CB_OK;
}

int cb_key_get(cb_key_type type, int secret, const uint8_t *in, size_t len, const uint8_t **raw)
{
	size_t plen, want;
	const uint8_t *prefix = classic_prefix(type, secret, &plen, &want);

	if (!prefix || !in || len != plen + want || memcmp(in, prefix, plen) != 0)
		return CB_ERR_FORMAT;
	*raw = in + plen;
	return CB_OK;
}

int cb_key_wrap_raw(cb_key_type type, int secret, const uint8_t *raw, size_t rawlen, uint8_t **out, size_t *outlen)
{
	size_t plen, want;
	const uint8_t *prefix = classic_prefix(type, secret, &plen, &want);

	if (!prefix) {
		if (!pq_key(type) || !raw)
			return CB_ERR_ARG;
		if (!secret)
			return rawlen == pq_key(type)->pk ? wrap_pq_public(pq_key(type), raw, out, outlen) : CB_ERR_ARG;
		if (pq_key(type)->mldsa && rawlen == 32)
			return wrap_pq_private(pq_key(type), raw, NULL, out, outlen);
		return rawlen == pq_key(type)->sk ? wrap_pq_private(pq_key(type), NULL, raw, out, outlen) : CB_ERR_ARG;
	}
	if (!raw || rawlen != want || (want == 65 && raw[0] != 0x04))
		return CB_ERR_ARG;
	return dup_out(prefix, plen, raw, rawlen, out, outlen);
}

int cb_key_private_pkcs8(const uint8_t *in, size_t len, cb_key_type *type, uint8_t **out, size_t *outlen)
{
	const uint8_t *end = in + len, *b, *e, *next, *vb, *ab, *kb;
	size_t n, vn, an, kn;
	uint8_t d32[32];
	cb_key_type curve;
	int t, r;

	*type = CB_KEY_UNKNOWN;
	if (!in || cb_der_get(in, end, 0x30, &b, &n, &next) || next != end)
		return CB_ERR_FORMAT;
	e = b + n;
	if (cb_der_get(b, e, 0x02, &vb, &vn, &next) || vn != 1 || vb[0] > 1)
		return CB_ERR_FORMAT;
	if (next < e && next[0] == 0x02 && vb[0] == 0) { /* PKCS#1 RSAPrivateKey */
		if (rsa_shape(in, len, 9))
			return CB_ERR_FORMAT;
		*type = CB_KEY_RSA;
		return wrap_rsa_private(in, len, out, outlen);
	}
	if (next < e && next[0] == 0x04 && vb[0] == 1) { /* SEC1 ECPrivateKey */
		r = ec_private(in, end, d32, &curve);
		if (!r && curve == CB_KEY_UNKNOWN)
			r = CB_ERR_FORMAT; /* no curve named: cannot tell */
		if (!r && curve == CB_KEY_EC_OTHER)
			*type = curve, r = CB_ERR_UNSUPPORTED;
		if (!r) {
			*type = curve;
			r = cb_key_wrap_raw(curve, 1, d32, 32, out, outlen);
		}
		cb_wipe(d32, sizeof(d32));
		return r;
	}
	/* PKCS#8 PrivateKeyInfo / OneAsymmetricKey (RFC 5958) */
	if (cb_der_get(next, e, 0x30, &ab, &an, &next) || (t = algid_type(ab, ab + an)) < 0 ||
	    cb_der_get(next, e, 0x04, &kb, &kn, &next))
		return CB_ERR_FORMAT;
	/* optional [0] attributes and [1] public key */
	if (next < e && next[0] == 0xa0 && cb_der_get(next, e, 0xa0, &b, &n, &next))
		return CB_ERR_FORMAT;
	if (next < e && next[0] == 0x81 && cb_der_get(next, e, 0x81, &b, &n, &next))
		return CB_ERR_FORMAT;
	if (next != e)
		return CB_ERR_FORMAT;
	*type = (cb_key_type)t;
	switch (t) {
	case CB_KEY_RSA:
		if (rsa_shape(kb, kn, 9))
			return CB_ERR_FORMAT;
		return wrap_rsa_private(kb, kn, out, outlen);
	case CB_KEY_P256:
	case CB_KEY_SM2:
		r = ec_private(kb, kb + kn, d32, &curve);
		if (!r && curve != CB_KEY_UNKNOWN && curve != (cb_key_type)t)
			r = CB_ERR_FORMAT; /* [0] names another curve */
		if (!r)
			r = cb_key_wrap_raw((cb_key_type)t, 1, d32, 32, out, outlen);
		cb_wipe(d32, sizeof(d32));
		return r;
	case CB_KEY_X25519:
	case CB_KEY_ED25519:
		if (cb_der_get(kb, kb + kn, 0x04, &b, &n, &next) || next != kb + kn || n != 32)
			return CB_ERR_FORMAT;
		return cb_key_wrap_raw((cb_key_type)t, 1, b, 32, out, outlen);
	default:
		if (pq_key((cb_key_type)t)) {
			const uint8_t *seed, *sk;

			if (pq_private_parts(pq_key((cb_key_type)t), kb, kb + kn, &seed, &sk))
				return CB_ERR_FORMAT;
			return wrap_pq_private(pq_key((cb_key_type)t), seed, sk, out, outlen);
		}
		return CB_ERR_UNSUPPORTED;
	}
}

int cb_key_public_spki(const uint8_t *in, size_t len, cb_key_type *type, uint8_t **out, size_t *outlen)
{
	const uint8_t *end = in + len, *b, *e, *next, *ab, *kb;
	size_t n, an, kn;
	int t;

	*type = CB_KEY_UNKNOWN;
	if (!in || cb_der_get(in, end, 0x30, &b, &n, &next) || next != end)
		return CB_ERR_FORMAT;
	e = b + n;
	if (b < e && b[0] == 0x02) { /* PKCS#1 RSAPublicKey */
		if (rsa_shape(in, len, 2))
			return CB_ERR_FORMAT;
		*type = CB_KEY_RSA;
		return wrap_rsa_public(in, len, out, outlen);
	}
	if (cb_der_get(b, e, 0x30, &ab, &an, &next) || (t = algid_type(ab, ab + an)) < 0 ||
	    cb_der_get(next, e, 0x03, &kb, &kn, &next) || next != e || kn < 1 || kb[0] != 0)
		return CB_ERR_FORMAT;
	kb++, kn--;
	*type = (cb_key_type)t;
	switch (t) {
	case CB_KEY_RSA:
		if (rsa_shape(kb, kn, 2))
			return CB_ERR_FORMAT;
		return wrap_rsa_public(kb, kn, out, outlen);
	case CB_KEY_P256:
	case CB_KEY_SM2:
	case CB_KEY_X25519:
	case CB_KEY_ED25519:
		t = cb_key_wrap_raw((cb_key_type)t, 0, kb, kn, out, outlen);
		return t == CB_ERR_ARG ? CB_ERR_FORMAT : t;
	default:
		if (pq_key((cb_key_type)t))
			return kn == pq_key((cb_key_type)t)->pk ? wrap_pq_public(pq_key((cb_key_type)t), kb, out, outlen)
								 : CB_ERR_FORMAT;
		return CB_ERR_UNSUPPORTED;
	}
}

/* A canonical PQ PKCS#8's key bytes (cb_key_raw). */
static int pq_raw_secret(const uint8_t *in, size_t len, const uint8_t **raw, size_t *rawlen)
{
	const uint8_t *end = in + len, *b, *e, *next, *vb, *ab, *kb, *seed, *sk;
	size_t n, vn, an, kn;
	const struct pq_key *k;
	int t;

	if (cb_der_get(in, end, 0x30, &b, &n, &next) || next != end)
		return CB_ERR_FORMAT;
	e = b + n;
	if (cb_der_get(b, e, 0x02, &vb, &vn, &next) || vn != 1 || vb[0] != 0 ||
	    cb_der_get(next, e, 0x30, &ab, &an, &next) || (t = algid_type(ab, ab + an)) < 0 ||
	    !(k = pq_key((cb_key_type)t)) || cb_der_get(next, e, 0x04, &kb, &kn, &next) || next != e ||
	    pq_private_parts(k, kb, kb + kn, &seed, &sk))
		return CB_ERR_FORMAT;
	*raw = seed ? seed : sk;
	*rawlen = seed ? 32 : k->sk;
	return CB_OK;
}

int cb_key_raw(const uint8_t *in, size_t len, int secret, const uint8_t **raw, size_t *rawlen)
{
	const uint8_t *end = in + len, *b, *next, *kb;
	size_t n, kn;

	if (!in)
		return CB_ERR_FORMAT;
	if (secret) {
		if ((len == 67 && (!memcmp(in, cb_pkcs8_p256_prefix, 35) || !memcmp(in, cb_pkcs8_sm2_prefix, 35))) ||
		    (len == 48 && (!memcmp(in, cb_pkcs8_x25519_prefix, 16) || !memcmp(in, cb_pkcs8_ed25519_prefix, 16)))) {
			*raw = in + len - 32;
			*rawlen = 32;
			return CB_OK;
		}
		return pq_raw_secret(in, len, raw, rawlen);
	}
	if (cb_der_get(in, end, 0x30, &b, &n, &next) || next != end || cb_der_get(b, end, 0x30, &kb, &kn, &next) ||
	    cb_der_get(next, end, 0x03, &kb, &kn, &next) || next != end || kn < 2 || kb[0] != 0)
		return CB_ERR_FORMAT;
	*raw = kb + 1;
	*rawlen = kn - 1;
	return CB_OK;
}

/* INTEGER 0 (the PKCS#8 and two-prime RSAPrivateKey version) at *p: skipped, 1; else 0. */
static int version0(const uint8_t **p, const uint8_t *end)
{
	if (end - *p < 3 || memcmp(*p, "\x02\x01\x00", 3) != 0)
		return 0;
	*p += 3;
	return 1;
}

int cb_rsa_key_decode(const uint8_t *in, size_t len, int secret, cb_rsa_ints *x)
{
	const uint8_t *end = in + len, *p, *next, *v;
	size_t n, vl;

	/* SPKI { algid, BIT STRING { 0, RSAPublicKey } } or PKCS#8 { 0, algid, OCTET STRING { RSAPrivateKey } } */
	if (!in || cb_der_get(in, end, 0x30, &p, &n, &next) || next != end || (secret && !version0(&p, p + n)))
		return CB_ERR_FORMAT;
	end = next;
	if ((size_t)(end - p) < sizeof(algid_rsa) || memcmp(p, algid_rsa, sizeof(algid_rsa)) != 0 ||
	    cb_der_get(p + sizeof(algid_rsa), end, secret ? 0x04 : 0x03, &v, &vl, &next) || next != end)
		return CB_ERR_FORMAT;
	if (!secret && (vl < 1 || *v++ != 0))
		return CB_ERR_FORMAT;
	vl -= !secret;
	/* SEQUENCE { [0,] n, e[, d, p, q, dP, dQ, qInv] } filling the BIT / OCTET STRING */
	if (cb_der_get(v, v + vl, 0x30, &p, &n, &next) || next != v + vl || (secret && !version0(&p, p + n)))
		return CB_ERR_FORMAT;
	end = next;
	for (int i = 0; i < (secret ? CB_RSA_INTS : 2); i++) {
		if (cb_der_get(p, end, 0x02, &v, &vl, &p))
			return CB_ERR_FORMAT;
		if (vl == 0 || (v[0] & 0x80)) /* an RSA key, but no such integer */
			return CB_ERR_INVALID_KEY;
		while (vl > 1 && v[0] == 0)
			v++, vl--;
		x->v[i] = v;
		x->len[i] = vl;
	}
	return p == end ? CB_OK : CB_ERR_FORMAT;
}

int cb_rsa_key_encode(int secret, const cb_rsa_ints *x, uint8_t *out, size_t *outlen)
{
	const uint8_t *v[CB_RSA_INTS];
	size_t vl[CB_RSA_INTS], count = secret ? CB_RSA_INTS : 2, inner = secret ? 3 : 0, wrapped, body, total;
	uint8_t *p;

	for (size_t i = 0; i < count; i++) { /* minimal INTEGERs: leading zero bytes dropped, a sign byte added */
		if (!x->v[i] || !x->len[i])
			return CB_ERR_ARG;
		for (v[i] = x->v[i], vl[i] = x->len[i]; vl[i] > 1 && v[i][0] == 0;)
			v[i]++, vl[i]--;
		inner += hdr_len(vl[i] + (v[i][0] >> 7)) + vl[i] + (v[i][0] >> 7);
	}
	wrapped = hdr_len(inner) + inner + !secret; /* the BIT STRING's unused-bits byte */
	body = (secret ? 3 : 0) + sizeof(algid_rsa) + hdr_len(wrapped) + wrapped;
	total = hdr_len(body) + body;
	if (*outlen < total)
		return CB_ERR_LENGTH;
	p = put_hdr(out, 0x30, body);
	if (secret)
		*p++ = 0x02, *p++ = 0x01, *p++ = 0x00;
	memcpy(p, algid_rsa, sizeof(algid_rsa));
	p = put_hdr(p + sizeof(algid_rsa), secret ? 0x04 : 0x03, wrapped);
	if (!secret)
		*p++ = 0;
	p = put_hdr(p, 0x30, inner);
	if (secret)
		*p++ = 0x02, *p++ = 0x01, *p++ = 0x00;
	for (size_t i = 0; i < count; i++) {
		p = put_hdr(p, 0x02, vl[i] + (v[i][0] >> 7));
		if (v[i][0] & 0x80)
			*p++ = 0;
		memcpy(p, v[i], vl[i]);
		p += vl[i];
	}
	*outlen = total;
	return CB_OK;
}

/* Significant bits of a DER INTEGER's contents (an RSA modulus), or -1. */
static long int_bits(const uint8_t *v, size_t n)
{
	while (n > 0 && v[0] == 0)
		v++, n--;
	if (n == 0)
		return -1;
	long bits = (long)(n - 1) * 8;
	for (unsigned top = v[0]; top; top >>= 1)
		bits++;
	return bits;
}

/* The modulus bits of a canonical RSA SubjectPublicKeyInfo, or -1. */
static long rsa_spki_bits(const uint8_t *in, size_t len)
{
	const uint8_t *end = in + len, *b, *next, *kb, *rb, *nb;
	size_t n, kn, rn, nn;
	if (cb_der_get(in, end, 0x30, &b, &n, &next) || cb_der_get(b, b + n, 0x30, &kb, &kn, &next) ||
	    cb_der_get(next, b + n, 0x03, &kb, &kn, &next) || kn < 1 || kb[0] != 0 ||
	    cb_der_get(kb + 1, kb + kn, 0x30, &rb, &rn, &next) || cb_der_get(rb, rb + rn, 0x02, &nb, &nn, &next))
		return -1;
	return int_bits(nb, nn);
}

int cb_key_measure(const uint8_t *in, size_t len, int secret, const char **encoding, size_t *counted, long *bits)
{
	uint8_t *canon = NULL;
	size_t clen = 0;
	cb_key_type type;
	int r;

	*encoding = "raw";
	*counted = len;
	*bits = -1;
	r = secret ? cb_key_private_pkcs8(in, len, &type, &canon, &clen) : cb_key_public_spki(in, len, &type, &canon, &clen);
	if (r == CB_ERR_NOMEM)
		return r;
	if (r == CB_OK) {
		*encoding = secret ? "PKCS#8" : "SPKI";
		*counted = clen;
		if (secret && cb_key_is_pq(type) == 1) {
			const uint8_t *seed, *sk;
			cb_key_type t2;

			if (cb_mldsa_private_decode(canon, clen, &t2, &seed, &sk) == CB_OK)
				*encoding = seed && sk ? "PKCS#8 both" : seed ? "PKCS#8 seed" : "PKCS#8 expanded";
		}
		if (!secret && type == CB_KEY_RSA) {
			*bits = rsa_spki_bits(canon, clen);
		} else if (!secret && (type == CB_KEY_P256 || type == CB_KEY_SM2)) {
			const uint8_t *raw;
			size_t rawlen;
			if (cb_key_raw(canon, clen, 0, &raw, &rawlen) == CB_OK && rawlen > 1)
				*bits = (long)(rawlen - 1) / 2 * 8;
		}
		cb_wipe(canon, clen);
		free(canon);
	} else if (!secret && len >= 33 && len % 2 == 1 && in[0] == 0x04) {
		*encoding = "X9.62";
		*bits = (long)(len - 1) / 2 * 8;
	}
	return CB_OK;
}

/* ---- PEM ------------------------------------------------------------------ */

/* The value of a base64 digit, or -1; no branch or table index on c (after Steve Thomas's decoder). */
static int b64_value(unsigned char uc)
{
	int c = uc, v = -1;

	v += (((0x40 - c) & (c - 0x5b)) >> 8) & (c - 64);
	v += (((0x60 - c) & (c - 0x7b)) >> 8) & (c - 70);
	v += (((0x2f - c) & (c - 0x3a)) >> 8) & (c + 5);
	v += (((0x2a - c) & (c - 0x2c)) >> 8) & 63;
	v += (((0x2e - c) & (c - 0x30)) >> 8) & 64;
	return v;
}

static const uint8_t *find(const uint8_t *p, const uint8_t *end, const char *s)
{
	size_t n = strlen(s);

	for (; (size_t)(end - p) >= n; p++)
		if (!memcmp(p, s, n))
			return p;
	return NULL;
}

int cb_pem_decode(const uint8_t *in, size_t len, char *label, size_t labelcap, uint8_t **der, size_t *derlen)
{
	const uint8_t *end = in + len, *p = in, *l, *le, *body, *stop;
	char endline[128];
	uint8_t *o;
	size_t ll, n = 0;
	unsigned acc = 0;
	int bits = 0, pad = 0, bad = 0;

	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
		p++;
	if ((size_t)(end - p) < 11 || memcmp(p, "-----BEGIN ", 11) != 0)
		return 1;
	l = p + 11;
	le = find(l, end, "-----");
	if (!le)
		return CB_ERR_FORMAT;
	ll = (size_t)(le - l);
	if (ll == 0 || ll + 1 > labelcap || ll + 15 > sizeof(endline) || memchr(l, '\n', ll))
		return CB_ERR_FORMAT;
	memcpy(label, l, ll);
	label[ll] = 0;
	snprintf(endline, sizeof(endline), "-----END %s-----", label);
	body = le + 5;
	stop = find(body, end, endline);
	if (!stop || memchr(body, ':', (size_t)(stop - body)))
		return CB_ERR_FORMAT; /* no end line, or headers (an encrypted key) */
	o = malloc((size_t)(stop - body) / 4 * 3 + 3);
	if (!o)
		return CB_ERR_NOMEM;
	for (p = body; p < stop; p++) {
		int v;

		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			continue;
		if (*p == '=') {
			pad++;
			continue;
		}
		v = b64_value(*p);
		bad |= v < 0 || pad;
		acc = (acc << 6) | ((unsigned)v & 63);
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			o[n++] = (uint8_t)(acc >> bits);
		}
	}
	bad |= (acc & ((1u << bits) - 1)) != 0;
	acc = 0;
	/* the trailer: as many '=' as the last group lacks, and the spare bits zero */
	if (bad || pad > 2 || bits / 2 != pad || n == 0) {
		cb_wipe(o, (size_t)(stop - body) / 4 * 3 + 3);
		free(o);
		return CB_ERR_FORMAT;
	}
	*der = o;
	*derlen = n;
	return CB_OK;
}

int cb_pem_encode(const char *label, const uint8_t *der, size_t len, char **pem, size_t *pemlen)
{
	size_t groups = (len + 2) / 3, chars = groups * 4, cap = chars + chars / 64 + 2 + 2 * strlen(label) + 40;
	char *o = malloc(cap), *p;
	size_t col = 0;

	if (!o)
		return CB_ERR_NOMEM;
	p = o + sprintf(o, "-----BEGIN %s-----\n", label);
	for (size_t i = 0; i < len; i += 3) {
		uint32_t v = (uint32_t)der[i] << 16;
		size_t left = len - i;
		unsigned char q[4];

		if (left > 1)
			v |= (uint32_t)der[i + 1] << 8;
		if (left > 2)
			v |= der[i + 2];
		/* digit selection by arithmetic, not a table index on secret bits */
		for (int k = 0; k < 4; k++) {
			int c = (int)((v >> (18 - 6 * k)) & 63), ch = c + 'A';
			ch += ((25 - c) >> 8) & 6;
			ch -= ((51 - c) >> 8) & 75;
			ch -= ((61 - c) >> 8) & 15;
			ch += ((62 - c) >> 8) & 3;
			q[k] = (unsigned char)ch;
		}
		if (left < 3)
			q[3] = '=';
		if (left < 2)
			q[2] = '=';
		memcpy(p, q, 4);
		p += 4;
		col += 4;
		if (col == 64) {
			*p++ = '\n';
			col = 0;
		}
	}
	if (col)
		*p++ = '\n';
	p += sprintf(p, "-----END %s-----\n", label);
	*pem = o;
	*pemlen = (size_t)(p - o);
	return CB_OK;
}
