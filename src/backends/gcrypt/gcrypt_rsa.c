/*
 * libgcrypt RSA classes with the names and key encodings of the OpenSSL
 * ones: PKCS#1 v1.5, OAEP (SHA-256 or SHA-1, MGF1 with the same hash, empty
 * label) and raw encryption; PKCS#1 v1.5 and PSS (32-byte salt) signatures
 * over SHA-256.  Public keys are DER SubjectPublicKeyInfo and secret keys
 * DER PKCS#8, encoded here from libgcrypt's key parameters (RFC 8017
 * Appendix A.1; libgcrypt keeps p < q and u = p^-1 mod q, so PKCS#1's
 * prime1 is libgcrypt's q and coefficient is u).  The OAEP variants with a
 * different MGF1 hash are not provided: libgcrypt ties MGF1 to the OAEP hash.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/class_tables.h"
#include "backends/gcrypt/gcrypt_ec.h"
#include "core/util.h"
#include "cryptobench/pke.h"

/* AlgorithmIdentifier { rsaEncryption, NULL } */
static const uint8_t algid_rsa[] = {0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7,
				    0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};

enum rsa_pad { RSA_PKCS1, RSA_OAEP, RSA_RAW, RSA_PSS };

struct rsa_variant {
	unsigned nbits;
	enum rsa_pad pad;
	const char *hash; /* OAEP hash name for libgcrypt */
	size_t overhead;
};

struct rsa_key {
	cb_gcry_pk base; /* first: priv (NULL on a verify-only handle), pub, md */
	const struct rsa_variant *v;
	size_t k;        /* modulus bytes */
	uint8_t n[512];  /* the modulus, k bytes big-endian */
};

static void rsa_free(void *p)
{
	cb_gcry_pk_free(p, sizeof(struct rsa_key));
}

/* md: SHA-256, for the signatures. */
static struct rsa_key *rsa_new(const struct rsa_variant *v)
{
	struct rsa_key *k = cb_gcry_pk_new(sizeof(*k), GCRY_MD_SHA256);

	if (k) {
		k->v = v;
		k->k = v->nbits / 8;
	}
	return k;
}

static int rsa_keep_n(struct rsa_key *k);

static int rsa_keygen(const struct rsa_variant *v, const cb_opts *opts, void **out)
{
	struct rsa_key *k;
	char spec[80];
	int err;

	*out = NULL;
	k = rsa_new(v);
	if (!k)
		return CB_ERR_NOMEM;
	/* transient-key: primes from the CSPRNG, as OpenSSL's from its DRBG; e = 65537. */
	snprintf(spec, sizeof(spec), "(genkey (rsa (nbits %u:%u)(flags transient-key)))",
		 v->nbits >= 1000 ? 4u : 3u, v->nbits);
	err = cb_gcry_genkey(spec, &k->base.priv, &k->base.pub);
	if (!err && gcry_pk_get_nbits(k->base.pub) != v->nbits)
		err = CB_ERR_BACKEND;
	if (!err)
		err = rsa_keep_n(k);
	if (err) {
		rsa_free(k);
		return err;
	}
	*out = k;
	return CB_OK;
}

/* ---- DER encoding ------------------------------------------------------ */

/* Writes tag + length (out may be NULL to measure); returns the header size. */
static size_t der_hdr(uint8_t *out, uint8_t tag, size_t len)
{
	size_t n = len < 0x80 ? 2 : len < 0x100 ? 3 : 4;

	if (out) {
		out[0] = tag;
		if (n == 2) {
			out[1] = (uint8_t)len;
		} else if (n == 3) {
			out[1] = 0x81;
			out[2] = (uint8_t)len;
		} else {
			out[1] = 0x82;
			out[2] = (uint8_t)(len >> 8);
			out[3] = (uint8_t)len;
		}
	}
	return n;
}

/* Appends INTEGER(param) of key s (DER content = libgcrypt's STD format). */
static int der_mpi(gcry_mpi_t m, uint8_t *out, size_t cap, size_t *pos)
{
	size_t len = 0, h;

	if (gcry_mpi_print(GCRYMPI_FMT_STD, NULL, 0, &len, m))
		return CB_ERR_BACKEND;
	if (len == 0)
		len = 1; /* zero: one 0x00 byte */
	h = der_hdr(NULL, 0x02, len);
	if (*pos + h + len > cap)
		return CB_ERR_LENGTH;
	der_hdr(out + *pos, 0x02, len);
	out[*pos + h] = 0;
	if (gcry_mpi_cmp_ui(m, 0) != 0 && gcry_mpi_print(GCRYMPI_FMT_STD, out + *pos + h, len, NULL, m))
		return CB_ERR_BACKEND;
	*pos += h + len;
	return CB_OK;
}

static gcry_mpi_t param(gcry_sexp_t s, const char *name)
{
	gcry_sexp_t t = gcry_sexp_find_token(s, name, 0);
	gcry_mpi_t m = t ? gcry_sexp_nth_mpi(t, 1, GCRYMPI_FMT_USG) : NULL;

	gcry_sexp_release(t);
	return m;
}

/* Keeps n as k bytes: RSAVP1 / RSADP inputs must be below it (RFC 8017 5.2.2, 5.1.2). */
static int rsa_keep_n(struct rsa_key *k)
{
	gcry_mpi_t n = param(k->base.pub, "n");
	int err = n ? cb_gcry_mpi_fixed(n, k->n, k->k) : CB_ERR_BACKEND;

	gcry_mpi_release(n);
	return err;
}

/* Wraps out[body..body+len) (already written at offset hdrroom) as tag; returns the total. */
static size_t der_wrap(uint8_t *out, size_t hdrroom, uint8_t tag, size_t len)
{
	size_t h = der_hdr(NULL, tag, len);

	memmove(out + h, out + hdrroom, len);
	der_hdr(out, tag, len);
	return h + len;
}

/* RSAPublicKey or RSAPrivateKey (RFC 8017 A.1) into out; *len = bytes. */
static int rsa_der_key(const struct rsa_key *k, int private, uint8_t *out, size_t cap, size_t *len)
{
	const char *names_pub[] = {"n", "e"};
	gcry_mpi_t m[9] = {0};
	size_t pos = 4, count = private ? 9 : 2; /* 4: room for the SEQUENCE header */
	int err = CB_ERR_BACKEND;

	if (!private) {
		for (size_t i = 0; i < 2; i++)
			if (!(m[i] = param(k->base.pub, names_pub[i])))
				goto done;
	} else {
		gcry_mpi_t p, q, d, t;

		m[0] = gcry_mpi_set_ui(NULL, 0);
		m[1] = param(k->base.priv, "n");
		m[2] = param(k->base.priv, "e");
		m[3] = d = param(k->base.priv, "d");
		m[4] = q = param(k->base.priv, "q"); /* prime1 */
		m[5] = p = param(k->base.priv, "p"); /* prime2 */
		m[8] = param(k->base.priv, "u");     /* p^-1 mod q = prime2^-1 mod prime1 */
		if (!m[1] || !m[2] || !d || !p || !q || !m[8])
			goto done;
		t = gcry_mpi_new(0);
		m[6] = gcry_mpi_new(0);
		m[7] = gcry_mpi_new(0);
		gcry_mpi_sub_ui(t, q, 1);
		gcry_mpi_mod(m[6], d, t); /* d mod (prime1 - 1) */
		gcry_mpi_sub_ui(t, p, 1);
		gcry_mpi_mod(m[7], d, t); /* d mod (prime2 - 1) */
		gcry_mpi_release(t);
	}
	for (size_t i = 0; i < count; i++)
		if ((err = der_mpi(m[i], out, cap, &pos)) != 0)
			goto done;
	*len = der_wrap(out, 4, 0x30, pos - 4);
	err = CB_OK;
done:
	for (size_t i = 0; i < 9; i++)
		gcry_mpi_release(m[i]);
	return err;
}

static int rsa_export_public(const void *p, uint8_t *out, size_t *outlen)
{
	const struct rsa_key *k = p;
	uint8_t buf[1200];
	size_t len, pos, total;
	int err;

	if (!out) /* the layer's; kept for GCC's -Warray-bounds (der_hdr takes NULL) */
		return CB_ERR_ARG;
	err = rsa_der_key(k, 0, buf, sizeof(buf), &len);
	if (err)
		return err;
	/* SEQUENCE { algid, BIT STRING { 0 unused bits, RSAPublicKey } } */
	pos = sizeof(algid_rsa) + der_hdr(NULL, 0x03, len + 1) + 1 + len;
	total = der_hdr(NULL, 0x30, pos) + pos;
	if (*outlen < total)
		return CB_ERR_LENGTH;
	pos = der_hdr(out, 0x30, pos);
	memcpy(out + pos, algid_rsa, sizeof(algid_rsa));
	pos += sizeof(algid_rsa);
	pos += der_hdr(out + pos, 0x03, len + 1);
	out[pos++] = 0;
	memcpy(out + pos, buf, len);
	*outlen = total;
	return CB_OK;
}

static int rsa_export_secret(const void *p, uint8_t *out, size_t *outlen)
{
	const struct rsa_key *k = p;
	uint8_t *buf;
	size_t len, pos, total, cap = 4096;
	int err;

	if (!k->base.priv)
		return CB_ERR_UNSUPPORTED;
	buf = malloc(cap);
	if (!buf)
		return CB_ERR_NOMEM;
	err = rsa_der_key(k, 1, buf, cap, &len);
	if (!err) {
		/* SEQUENCE { INTEGER 0, algid, OCTET STRING { RSAPrivateKey } } */
		pos = 3 + sizeof(algid_rsa) + der_hdr(NULL, 0x04, len) + len;
		total = der_hdr(NULL, 0x30, pos) + pos;
		if (*outlen < total) {
			err = CB_ERR_LENGTH;
		} else {
			pos = der_hdr(out, 0x30, pos);
			memcpy(out + pos, "\x02\x01\x00", 3);
			pos += 3;
			memcpy(out + pos, algid_rsa, sizeof(algid_rsa));
			pos += sizeof(algid_rsa);
			pos += der_hdr(out + pos, 0x04, len);
			memcpy(out + pos, buf, len);
			*outlen = total;
		}
	}
	cb_wipe(buf, cap);
	free(buf);
	return err;
}

/*
 * A key that decrypts and signs from DER PKCS#8 { 0, rsaEncryption NULL,
 * RSAPrivateKey { 0, n, e, d, p, q, dp, dq, qinv } } with nothing after it
 * (RFC 5208, RFC 8017 A.1.2).  libgcrypt wants p < q and u = p^-1 mod q:
 * the primes are swapped when needed and u computed.
 */
static int rsa_import_secret(const struct rsa_variant *v, const uint8_t *in, size_t len, const cb_opts *opts,
			     void **out)
{
	const uint8_t *end = in + len, *b, *next, *ib;
	size_t n, il;
	gcry_mpi_t m[8] = {NULL}, u = NULL;
	struct rsa_key *k = NULL;
	gcry_error_t e;
	int err = CB_ERR_FORMAT;

	*out = NULL;
	if (cb_der_get(in, end, 0x30, &b, &n, &next) || next != end)
		return CB_ERR_FORMAT;
	end = b + n;
	if (cb_der_get(b, end, 0x02, &ib, &il, &next) || il != 1 || ib[0] != 0)
		return CB_ERR_FORMAT;
	if ((size_t)(end - next) < sizeof(algid_rsa) || memcmp(next, algid_rsa, sizeof(algid_rsa)))
		return CB_ERR_INVALID_KEY;
	if (cb_der_get(next + sizeof(algid_rsa), end, 0x04, &b, &n, &next) || next != end)
		return CB_ERR_FORMAT;
	end = b + n;
	if (cb_der_get(b, end, 0x30, &b, &n, &next) || next != end)
		return CB_ERR_FORMAT;
	end = b + n;
	if (cb_der_get(b, end, 0x02, &ib, &il, &next) || il != 1 || ib[0] != 0)
		return CB_ERR_FORMAT; /* two-prime keys only */
	for (int i = 0; i < 8; i++) { /* n e d p q dp dq qinv */
		if (cb_der_get(next, end, 0x02, &ib, &il, &next) || il == 0 || (ib[0] & 0x80))
			goto done;
		if (gcry_mpi_scan(&m[i], GCRYMPI_FMT_USG, ib, il, NULL)) {
			err = CB_ERR_BACKEND;
			goto done;
		}
	}
	if (next != end)
		goto done;
	err = CB_ERR_INVALID_KEY;
	if (gcry_mpi_get_nbits(m[0]) != v->nbits)
		goto done;
	if (gcry_mpi_cmp(m[3], m[4]) > 0)
		gcry_mpi_swap(m[3], m[4]);
	u = gcry_mpi_snew(0);
	if (!gcry_mpi_invm(u, m[3], m[4]))
		goto done;
	k = rsa_new(v);
	if (!k) {
		err = CB_ERR_NOMEM;
		goto done;
	}
	e = gcry_sexp_build(&k->base.priv, NULL, "(private-key (rsa (n %m)(e %m)(d %m)(p %m)(q %m)(u %m)))", m[0], m[1],
			    m[2], m[3], m[4], u);
	if (!e)
		e = gcry_sexp_build(&k->base.pub, NULL, "(public-key (rsa (n %m)(e %m)))", m[0], m[1]);
	if (e) {
		err = cb_gcry_err(e);
		goto done;
	}
	if (gcry_pk_testkey(k->base.priv))
		goto done;
	err = rsa_keep_n(k);
done:
	for (int i = 0; i < 8; i++)
		gcry_mpi_release(m[i]);
	gcry_mpi_release(u);
	if (err) {
		rsa_free(k);
		return err;
	}
	*out = k;
	return CB_OK;
}

/* A verify-only key from DER SubjectPublicKeyInfo with nothing after it. */
static int rsa_import_public(const struct rsa_variant *v, const uint8_t *in, size_t len, const cb_opts *opts,
			     void **out)
{
	const uint8_t *end = in + len, *b, *next, *nb, *eb;
	size_t n, nl, el;
	gcry_mpi_t nm = NULL, em = NULL;
	struct rsa_key *k;
	gcry_error_t e;

	*out = NULL;
	if (cb_der_get(in, end, 0x30, &b, &n, &next) || next != end)
		return CB_ERR_FORMAT;
	end = b + n;
	if ((size_t)(end - b) < sizeof(algid_rsa) || memcmp(b, algid_rsa, sizeof(algid_rsa)))
		return CB_ERR_INVALID_KEY;
	if (cb_der_get(b + sizeof(algid_rsa), end, 0x03, &b, &n, &next) || next != end || n < 1 || b[0] != 0)
		return CB_ERR_FORMAT;
	end = b + n;
	if (cb_der_get(b + 1, end, 0x30, &b, &n, &next) || next != end)
		return CB_ERR_FORMAT;
	end = b + n;
	if (cb_der_get(b, end, 0x02, &nb, &nl, &next) || cb_der_get(next, end, 0x02, &eb, &el, &next) ||
	    next != end || nl == 0 || el == 0 || (nb[0] & 0x80) || (eb[0] & 0x80))
		return CB_ERR_FORMAT;
	if (gcry_mpi_scan(&nm, GCRYMPI_FMT_USG, nb, nl, NULL) || gcry_mpi_scan(&em, GCRYMPI_FMT_USG, eb, el, NULL)) {
		gcry_mpi_release(nm);
		return CB_ERR_BACKEND;
	}
	if (gcry_mpi_get_nbits(nm) != v->nbits || gcry_mpi_cmp_ui(em, 3) < 0 || !gcry_mpi_test_bit(em, 0)) {
		gcry_mpi_release(nm);
		gcry_mpi_release(em);
		return CB_ERR_INVALID_KEY;
	}
	k = rsa_new(v);
	if (!k) {
		gcry_mpi_release(nm);
		gcry_mpi_release(em);
		return CB_ERR_NOMEM;
	}
	e = gcry_sexp_build(&k->base.pub, NULL, "(public-key (rsa (n %m)(e %m)))", nm, em);
	gcry_mpi_release(nm);
	gcry_mpi_release(em);
	if (e || rsa_keep_n(k)) {
		rsa_free(k);
		return e ? cb_gcry_err(e) : CB_ERR_BACKEND;
	}
	*out = k;
	return CB_OK;
}

/* The atom after `name` in s as a k-byte big-endian value (the output of RSA). */
static int atom_k(gcry_sexp_t s, const char *name, uint8_t *out, size_t k)
{
	return cb_gcry_sexp_fixed(s, name, out, k);
}

/* ---- encryption ---------------------------------------------------------- */

static size_t rsa_max_plaintext(const void *p)
{
	const struct rsa_key *k = p;
	return k ? k->k - k->v->overhead : 0;
}

static size_t rsa_max_ciphertext(const void *p, size_t mlen)
{
	const struct rsa_key *k = p;
	(void)mlen;
	return k ? k->k : 0;
}

static int rsa_encrypt(void *p, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	struct rsa_key *k = p;
	gcry_sexp_t data = NULL, ct = NULL;
	gcry_error_t e;
	int err;

	if (*clen < k->k)
		return CB_ERR_LENGTH;
	if (k->v->pad == RSA_RAW ? mlen != k->k : mlen > k->k - k->v->overhead)
		return CB_ERR_LENGTH;
	if (k->v->pad == RSA_PKCS1)
		e = gcry_sexp_build(&data, NULL, "(data (flags pkcs1)(value %b))", (int)mlen, m);
	else if (k->v->pad == RSA_OAEP)
		e = gcry_sexp_build(&data, NULL, "(data (flags oaep)(hash-algo %s)(value %b))", k->v->hash,
				    (int)mlen, mlen ? (const void *)m : (const void *)"");
	else
		e = gcry_sexp_build(&data, NULL, "(data (flags raw)(value %b))", (int)mlen, m);
	if (!e)
		e = gcry_pk_encrypt(&ct, data, k->base.pub);
	gcry_sexp_release(data);
	if (e)
		return gcry_err_code(e) == GPG_ERR_TOO_LARGE ? CB_ERR_LENGTH : cb_gcry_err(e);
	err = atom_k(ct, "a", c, k->k);
	gcry_sexp_release(ct);
	if (err)
		return err;
	*clen = k->k;
	return CB_OK;
}

static int rsa_decrypt(void *p, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	struct rsa_key *k = p;
	gcry_sexp_t ct = NULL, pt = NULL, tv = NULL;
	const char *v;
	size_t vlen = 0;
	gcry_error_t e;
	int err;

	if (!k->base.priv)
		return CB_ERR_UNSUPPORTED;
	if (clen != k->k || memcmp(c, k->n, k->k) >= 0)
		return CB_ERR_DECRYPT;
	if (k->v->pad == RSA_PKCS1)
		e = gcry_sexp_build(&ct, NULL, "(enc-val (flags pkcs1)(rsa (a %b)))", (int)clen, c);
	else if (k->v->pad == RSA_OAEP)
		e = gcry_sexp_build(&ct, NULL, "(enc-val (flags oaep)(hash-algo %s)(rsa (a %b)))", k->v->hash,
				    (int)clen, c);
	else
		e = gcry_sexp_build(&ct, NULL, "(enc-val (flags raw)(rsa (a %b)))", (int)clen, c);
	if ((err = cb_gcry_decrypt(e, ct, k->base.priv, &pt)) != 0)
		return err;
	if (k->v->pad == RSA_RAW) {
		/* An integer: back to k bytes. */
		err = *mlen < k->k ? CB_ERR_LENGTH : atom_k(pt, "value", m, k->k);
		if (!err)
			*mlen = k->k;
		gcry_sexp_release(pt);
		return err;
	}
	tv = gcry_sexp_find_token(pt, "value", 0);
	v = tv ? gcry_sexp_nth_data(tv, 1, &vlen) : NULL;
	if (!tv) {
		/* Old-style result: the bare value. */
		v = gcry_sexp_nth_data(pt, 0, &vlen);
	}
	if (!v)
		err = CB_ERR_DECRYPT;
	else if (*mlen < vlen)
		err = CB_ERR_LENGTH;
	else {
		memcpy(m, v, vlen);
		*mlen = vlen;
		err = CB_OK;
	}
	gcry_sexp_release(tv);
	gcry_sexp_release(pt);
	return err;
}

/* ---- signatures ---------------------------------------------------------- */

static size_t rsa_max_signature(const void *p)
{
	const struct rsa_key *k = p;
	return k ? k->k : 0;
}

static int rsa_sig_data(struct rsa_key *k, const uint8_t *m, size_t mlen, gcry_sexp_t *data)
{
	gcry_error_t e;
	const unsigned char *dg;

	dg = cb_gcry_md_digest(k->base.md, NULL, 0, m, mlen);
	if (k->v->pad == RSA_PSS)
		e = gcry_sexp_build(data, NULL, "(data (flags pss)(salt-length %u)(hash sha256 %b))",
				    (unsigned)k->v->overhead, 32, dg);
	else
		e = gcry_sexp_build(data, NULL, "(data (flags pkcs1)(hash sha256 %b))", 32, dg);
	return e ? cb_gcry_err(e) : CB_OK;
}

static int rsa_sign(void *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct rsa_key *k = p;
	gcry_sexp_t data = NULL, s = NULL;
	gcry_error_t e;
	int err;

	if (!k->base.priv)
		return CB_ERR_UNSUPPORTED;
	if (*siglen < k->k)
		return CB_ERR_LENGTH;
	err = rsa_sig_data(k, m, mlen, &data);
	if (err)
		return err;
	e = gcry_pk_sign(&s, data, k->base.priv);
	gcry_sexp_release(data);
	if (e)
		return cb_gcry_err(e);
	err = atom_k(s, "s", sig, k->k);
	gcry_sexp_release(s);
	if (!err)
		*siglen = k->k;
	return err;
}

static int rsa_verify(void *p, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct rsa_key *k = p;
	gcry_sexp_t data = NULL, s = NULL;
	gcry_error_t e;
	int err;

	/* libgcrypt 1.10.1 reduces an s >= n (Wycheproof tcId 244): refuse it here, as OpenSSL does. */
	if (siglen != k->k || memcmp(sig, k->n, k->k) >= 0)
		return CB_ERR_VERIFY;
	e = gcry_sexp_build(&s, NULL, "(sig-val (rsa (s %b)))", (int)siglen, sig);
	if (e)
		return cb_gcry_err(e);
	err = rsa_sig_data(k, m, mlen, &data);
	return cb_gcry_verify(s, data, err, k->base.pub);
}

/* ---- classes ------------------------------------------------------------- */

/* The class methods: the class's variant says which RSA (class_tables.h). */
CB_KIND_ENTRIES(rsa, pke)
CB_KIND_ENTRIES(rsa, sig)

#define RSA_INFO(kind_, nm, id)                                                                    \
	{.kind = (kind_), .name = (nm), .backend = "gcrypt", .unavailable = cb_gcry_unavailable,   \
	 .implementation = cb_gcrypt_implementation, .variant = &id##_v}

#define RSA_PKE(id, nm, nbits, pad, hash, ovh)                                                     \
	static const struct rsa_variant id##_v = {nbits, pad, hash, ovh};                          \
	const cb_pke_class cb_gcry_##id = {.info = RSA_INFO(CB_KIND_PKE, nm, id), CB_HANDLE_PKE_METHODS(rsa)}

#define RSA_SIG(id, nm, nbits, pad, salt)                                                          \
	static const struct rsa_variant id##_v = {nbits, pad, NULL, salt};                         \
	const cb_sig_class cb_gcry_##id = {.info = RSA_INFO(CB_KIND_SIG, nm, id), CB_HANDLE_SIG_METHODS(rsa)}

#define OV_PKCS1 11
#define OV_OAEP256 (2 * 32 + 2)
#define OV_OAEP1 (2 * 20 + 2)

RSA_PKE(rsa2048_pkcs1, "rsa2048-pkcs1", 2048, RSA_PKCS1, NULL, OV_PKCS1);
RSA_PKE(rsa2048_oaep256, "rsa2048-oaep-sha256", 2048, RSA_OAEP, "sha256", OV_OAEP256);
RSA_PKE(rsa2048_oaep1, "rsa2048-oaep-sha1", 2048, RSA_OAEP, "sha1", OV_OAEP1);
RSA_PKE(rsa2048_raw, "rsa2048-raw", 2048, RSA_RAW, NULL, 0);
RSA_PKE(rsa3072_pkcs1, "rsa3072-pkcs1", 3072, RSA_PKCS1, NULL, OV_PKCS1);
RSA_PKE(rsa3072_oaep256, "rsa3072-oaep-sha256", 3072, RSA_OAEP, "sha256", OV_OAEP256);
RSA_PKE(rsa3072_oaep1, "rsa3072-oaep-sha1", 3072, RSA_OAEP, "sha1", OV_OAEP1);
RSA_PKE(rsa3072_raw, "rsa3072-raw", 3072, RSA_RAW, NULL, 0);
RSA_PKE(rsa4096_pkcs1, "rsa4096-pkcs1", 4096, RSA_PKCS1, NULL, OV_PKCS1);
RSA_PKE(rsa4096_oaep256, "rsa4096-oaep-sha256", 4096, RSA_OAEP, "sha256", OV_OAEP256);
RSA_PKE(rsa4096_oaep1, "rsa4096-oaep-sha1", 4096, RSA_OAEP, "sha1", OV_OAEP1);
RSA_PKE(rsa4096_raw, "rsa4096-raw", 4096, RSA_RAW, NULL, 0);

/* The RSA signature rows of class_tables.h; PSS salts are 32 bytes. */
#define RSA_SIG_ROW(id, nm, bits, pss) RSA_SIG(id, nm, bits, (pss) ? RSA_PSS : RSA_PKCS1, (pss) ? 32 : 0);
CB_RSA_SIG_ROWS(RSA_SIG_ROW)
