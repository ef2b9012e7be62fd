/*
 * libgcrypt RSA classes with the names and key encodings of the OpenSSL
 * ones: PKCS#1 v1.5, OAEP (SHA-256 or SHA-1, MGF1 with the same hash, empty
 * label) and raw encryption; PKCS#1 v1.5 and PSS (32-byte salt) signatures
 * over SHA-256.  The handle and its key files are rsa_handle.h's, over
 * libgcrypt's key parameters (RFC 8017 Appendix A.1; libgcrypt keeps
 * p < q and u = p^-1 mod q, so PKCS#1's prime1 is libgcrypt's q and
 * coefficient is u).  The OAEP variants with a different MGF1 hash are not
 * provided: libgcrypt ties MGF1 to the OAEP hash.
 */
#include <stdio.h>
#include <string.h>

#include "backends/class_tables.h"
#include "backends/gcrypt/gcrypt_common.h"
#include "backends/rsa_handle.h"
#include "core/util.h"

struct rsa_key {
	cb_rsa_handle h; /* first (rsa_handle.h) */
	cb_gcry_pk g;    /* priv (NULL on a verify-only handle), pub, md: SHA-256, for the signatures */
};

#define OAEP_HASH(k) ((k)->h.scheme == CB_RSA_OAEP1 ? "sha1" : "sha256")

static int rsa_init(void *p)
{
	struct rsa_key *k = p;

	return cb_gcry_pk_open(&k->g, GCRY_MD_SHA256);
}

static void rsa_clear(void *p)
{
	struct rsa_key *k = p;

	cb_gcry_pk_close(&k->g);
}

static int rsa_generate(void *p)
{
	struct rsa_key *k = p;
	unsigned bits = k->h.v->bits;
	char spec[80];

	/* transient-key: primes from the CSPRNG, as OpenSSL's from its DRBG; e = 65537. */
	snprintf(spec, sizeof(spec), "(genkey (rsa (nbits %u:%u)(flags transient-key)))", bits >= 1000 ? 4u : 3u,
		 bits);
	return cb_gcry_genkey(spec, &k->g.priv, &k->g.pub);
}

/* The key of n, e and (secret) d, p, q: libgcrypt wants p < q and u = p^-1 mod q, so the primes may swap. */
static int rsa_set(void *p, int secret, const cb_rsa_ints *x)
{
	struct rsa_key *k = p;
	gcry_mpi_t m[CB_RSA_DP] = {NULL}, u = NULL;
	gcry_error_t e = 0;
	int r;

	for (int i = 0; i < (secret ? CB_RSA_DP : 2) && !e; i++)
		e = gcry_mpi_scan(&m[i], GCRYMPI_FMT_USG, x->v[i], x->len[i], NULL);
	if (!e)
		e = gcry_sexp_build(&k->g.pub, NULL, "(public-key (rsa (n %m)(e %m)))", m[CB_RSA_N], m[CB_RSA_E]);
	r = e ? cb_gcry_err(e) : CB_OK;
	if (r == 0 && secret) {
		if (gcry_mpi_cmp(m[CB_RSA_P], m[CB_RSA_Q]) > 0)
			gcry_mpi_swap(m[CB_RSA_P], m[CB_RSA_Q]);
		u = gcry_mpi_snew(0);
		if (!gcry_mpi_invm(u, m[CB_RSA_P], m[CB_RSA_Q]))
			r = CB_ERR_INVALID_KEY;
		else if ((e = gcry_sexp_build(&k->g.priv, NULL,
					      "(private-key (rsa (n %m)(e %m)(d %m)(p %m)(q %m)(u %m)))", m[CB_RSA_N],
					      m[CB_RSA_E], m[CB_RSA_D], m[CB_RSA_P], m[CB_RSA_Q], u)))
			r = cb_gcry_err(e);
	}
	for (int i = 0; i < CB_RSA_DP; i++)
		gcry_mpi_release(m[i]);
	gcry_mpi_release(u);
	return r;
}

static gcry_mpi_t param(gcry_sexp_t s, const char *name)
{
	gcry_sexp_t t = gcry_sexp_find_token(s, name, 0);
	gcry_mpi_t m = t ? gcry_sexp_nth_mpi(t, 1, GCRYMPI_FMT_USG) : NULL;

	gcry_sexp_release(t);
	return m;
}

/* PKCS#1's n, e, d, prime1 (q), prime2 (p), d mod (q - 1), d mod (p - 1), coefficient (u = p^-1 mod q). */
static int rsa_get(const void *p, int count, uint8_t *out)
{
	static const char *const names[CB_RSA_INTS] = {"n", "e", "d", "q", "p", NULL, NULL, "u"};
	const struct rsa_key *k = p;
	gcry_mpi_t m[CB_RSA_INTS] = {NULL}, t;
	int r = CB_OK;

	for (int i = 0; i < count; i++)
		if (names[i] && !(m[i] = param(count > 2 ? k->g.priv : k->g.pub, names[i])))
			r = CB_ERR_BACKEND;
	if (r == 0 && count > 2) {
		t = gcry_mpi_snew(0);
		for (int i = CB_RSA_DP; i <= CB_RSA_DQ; i++) { /* d mod (prime - 1) */
			gcry_mpi_sub_ui(t, m[i - 2], 1);
			m[i] = gcry_mpi_snew(0);
			gcry_mpi_mod(m[i], m[CB_RSA_D], t);
		}
		gcry_mpi_release(t);
	}
	for (int i = 0; i < count && r == 0; i++)
		r = cb_gcry_mpi_fixed(m[i], out + i * k->h.k, k->h.k);
	for (int i = 0; i < CB_RSA_INTS; i++)
		gcry_mpi_release(m[i]);
	return r;
}

/* ---- encryption ---------------------------------------------------------- */

static int rsa_encrypt(void *p, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	struct rsa_key *k = p;
	gcry_sexp_t data = NULL, ct = NULL;
	gcry_error_t e;
	int err;

	if (k->h.scheme == CB_RSA_RAW && mlen != k->h.k) /* the layer checked mlen <= cb_rsa_payload */
		return CB_ERR_LENGTH;
	if (k->h.scheme == CB_RSA_PKCS1)
		e = gcry_sexp_build(&data, NULL, "(data (flags pkcs1)(value %b))", (int)mlen, m);
	else if (k->h.scheme == CB_RSA_OAEP256 || k->h.scheme == CB_RSA_OAEP1)
		e = gcry_sexp_build(&data, NULL, "(data (flags oaep)(hash-algo %s)(value %b))", OAEP_HASH(k),
				    (int)mlen, mlen ? (const void *)m : (const void *)"");
	else
		e = gcry_sexp_build(&data, NULL, "(data (flags raw)(value %b))", (int)mlen, m);
	if (!e)
		e = gcry_pk_encrypt(&ct, data, k->g.pub);
	gcry_sexp_release(data);
	if (e)
		return gcry_err_code(e) == GPG_ERR_TOO_LARGE ? CB_ERR_LENGTH : cb_gcry_err(e);
	err = cb_gcry_sexp_atom(ct, "a", 0, c, k->h.k);
	gcry_sexp_release(ct);
	if (err)
		return err;
	*clen = k->h.k;
	return CB_OK;
}

static int rsa_decrypt(void *p, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	struct rsa_key *k = p;
	gcry_sexp_t ct = NULL, pt = NULL, tv = NULL;
	const char *v;
	size_t vlen;
	gcry_error_t e;
	int err;

	if (!k->g.priv)
		return CB_ERR_UNSUPPORTED;
	if (clen != k->h.k || memcmp(c, k->h.n, k->h.k) >= 0)
		return CB_ERR_DECRYPT;
	if (k->h.scheme == CB_RSA_PKCS1)
		e = gcry_sexp_build(&ct, NULL, "(enc-val (flags pkcs1)(rsa (a %b)))", (int)clen, c);
	else if (k->h.scheme == CB_RSA_OAEP256 || k->h.scheme == CB_RSA_OAEP1)
		e = gcry_sexp_build(&ct, NULL, "(enc-val (flags oaep)(hash-algo %s)(rsa (a %b)))", OAEP_HASH(k),
				    (int)clen, c);
	else
		e = gcry_sexp_build(&ct, NULL, "(enc-val (flags raw)(rsa (a %b)))", (int)clen, c);
	if ((err = cb_gcry_decrypt(e, ct, k->g.priv, &pt)) != 0)
		return err;
	if (k->h.scheme == CB_RSA_RAW) {
		/* An integer: back to k bytes. */
		err = *mlen < k->h.k ? CB_ERR_LENGTH : cb_gcry_sexp_atom(pt, "value", 0, m, k->h.k);
		if (!err)
			*mlen = k->h.k;
		gcry_sexp_release(pt);
		return err;
	}
	v = cb_gcry_atom(pt, "value", &tv, &vlen);
	if (!tv) /* Old-style result: the bare value. */
		v = gcry_sexp_nth_data(pt, 0, &vlen);
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

static int rsa_sig_data(struct rsa_key *k, const uint8_t *m, size_t mlen, gcry_sexp_t *data)
{
	gcry_error_t e;
	const unsigned char *dg;

	dg = cb_gcry_md_digest(k->g.md, NULL, 0, m, mlen);
	if (k->h.scheme == CB_RSA_PSS)
		e = gcry_sexp_build(data, NULL, "(data (flags pss)(salt-length %u)(hash sha256 %b))", 32u, 32, dg);
	else
		e = gcry_sexp_build(data, NULL, "(data (flags pkcs1)(hash sha256 %b))", 32, dg);
	return e ? cb_gcry_err(e) : CB_OK;
}

static int rsa_sign(void *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct rsa_key *k = p;
	gcry_sexp_t data = NULL;

	if (!k->g.priv)
		return CB_ERR_UNSUPPORTED;
	return cb_gcry_sign(k->g.priv, rsa_sig_data(k, m, mlen, &data), &data, (int)k->h.k, sig, siglen);
}

static int rsa_verify(void *p, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct rsa_key *k = p;
	gcry_sexp_t data = NULL, s = NULL;
	gcry_error_t e;

	/* libgcrypt 1.10.1 reduces an s >= n (Wycheproof tcId 244): refuse it here, as OpenSSL does. */
	if (siglen != k->h.k || memcmp(sig, k->h.n, k->h.k) >= 0)
		return CB_ERR_VERIFY;
	if ((e = gcry_sexp_build(&s, NULL, "(sig-val (rsa (s %b)))", (int)siglen, sig)) != 0)
		return cb_gcry_err(e);
	return cb_gcry_verify(s, rsa_sig_data(k, m, mlen, &data), &data, k->g.pub);
}

/* ---- classes ------------------------------------------------------------- */

static const cb_rsa_lib gcrypt_rsa = {sizeof(struct rsa_key), rsa_init, rsa_clear, rsa_generate, rsa_set, rsa_get};

#define RSA_INFO(kind_, nm, id)                                                                    \
	{.kind = (kind_), .name = (nm), .backend = "gcrypt", .unavailable = cb_gcry_unavailable,   \
	 .implementation = cb_gcrypt_implementation, .variant = &id##_v}

/* The RSA rows of class_tables.h. */
#define RSA_PKE_ROW(id, nm, bits, scheme)                                                                           \
	static const cb_rsa_variant id##_v = {&gcrypt_rsa, bits, CB_RSA_##scheme};                                  \
	static const cb_pke_class id = {.info = RSA_INFO(CB_KIND_PKE, nm, id), CB_RSA_PKE_METHODS(rsa)};
#define RSA_SIG_ROW(id, nm, bits, pss)                                                                              \
	static const cb_rsa_variant id##_v = {&gcrypt_rsa, bits, (pss) ? CB_RSA_PSS : CB_RSA_SIG_PKCS1};            \
	static const cb_sig_class id = {.info = RSA_INFO(CB_KIND_SIG, nm, id), CB_RSA_SIG_METHODS(rsa)};
CB_RSA_PKE_ROWS(RSA_PKE_ROW)
CB_RSA_SIG_ROWS(RSA_SIG_ROW)

/* The encryption classes by size, then the signature rows. */
#define RSA_PKE_LIST(b) &rsa##b##_pkcs1.info, &rsa##b##_oaep256.info, &rsa##b##_oaep1.info, &rsa##b##_raw.info,
#define RSA_SIG_LIST(id, nm, bits, pss) &id.info,

const cb_alg_info *const cb_gcry_rsa_algs[] = {RSA_PKE_LIST(2048) RSA_PKE_LIST(3072) RSA_PKE_LIST(4096)
						       CB_RSA_SIG_ROWS(RSA_SIG_LIST) NULL};
