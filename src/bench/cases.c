#include "bench/cases.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>

#include "bench/timer.h"
#include "core/der.h"
#include "core/util.h"
#include "envelope/envelope.h"
#include "cryptobench/catalog.h"
#include "cryptobench/cipher.h"
#include "cryptobench/envelope.h"
#include "cryptobench/hash.h"
#include "cryptobench/kem.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"
#include "cryptobench/tls.h"

#define EXPORT_MAX 16384

struct cb_case {
	const cb_alg_info *alg;
	int (*fn)(cb_case *c);
	const cb_opts *opts;
	void *key;  /* pke/sig/kex key handle, or cipher/hash context */
	void *peer; /* kex: the peer's key handle */
	void (*key_free)(void *key); /* pke/sig/kex: the class's, so generic code need not switch */
	uint8_t *m; /* message */
	size_t mlen;
	uint8_t *in; /* prepared input of the timed op (ciphertext, signature, peer public value) */
	size_t inlen;
	uint8_t *out; /* output buffer of the timed op */
	size_t outcap;
	uint8_t *pk, *sk; /* kem keys */
	size_t sklen;
	uint8_t iv[16];
	size_t ivlen;
	/*
	 * Cold operations (Study A: a naive server): the key in its standard
	 * encoding (PKCS#8 for sign/decrypt, SubjectPublicKeyInfo for
	 * verify/encrypt), parsed and given a fresh context on every call.
	 */
	uint8_t *enc;
	size_t enclen;
	int enc_secret;
	int (*warm)(cb_case *c);
	/* envelope: the recipient, the opening key and how (aead, chunks, workers) */
	cb_env_recipient er;
	cb_env_key ek;
	cb_env_opts eo;
	/* tls: the class's prepared contexts */
	cb_tls *tls;
};

static const char *const ops_kem[] = {"keygen", "encaps", "decaps", NULL};
/* The "-cold" operations run only when --ops names them (cb_op_is_default). */
static const char *const ops_pke[] = {"keygen", "encrypt", "decrypt", "encrypt-cold", "decrypt-cold", NULL};
static const char *const ops_sig[] = {"keygen", "sign", "verify", "sign-cold", "verify-cold", NULL};
/*
 * keygen-cold / derive-cold: the key made from its secret's encoding on
 * every call (import_secret), then its public value exported / the
 * secret derived, the handle freed: what a hybrid KEM does with its key
 * agreement part (docs/HYBRID.md), which is where `run` times them.
 */
static const char *const ops_kex[] = {"keygen", "derive", "keygen-cold", "derive-cold", NULL};
static const char *const ops_cipher[] = {"encrypt", "decrypt", NULL};
static const char *const ops_hash[] = {"digest", NULL};
static const char *const ops_envelope[] = {"seal", "open", NULL};
/*
 * sign-cold, share-cold: the server's CertificateVerify, its key share,
 * alone, as the stack makes them (tls.h)
 */
static const char *const ops_tls[] = {"handshake", "server", "sign-cold", "share-cold", NULL};

typedef int (*tls_part_fn)(cb_tls *t);

/* A TLS class's method for sign-cold or share-cold (NULL: the stack's adapter does not time it, or another op). */
static tls_part_fn tls_part(const cb_tls_class *k, const char *op)
{
	return !strcmp(op, "sign-cold") ? k->sign : !strcmp(op, "share-cold") ? k->share : NULL;
}

const char *const *cb_kind_ops(cb_kind kind)
{
	switch (kind) {
	case CB_KIND_KEM: return ops_kem;
	case CB_KIND_PKE: return ops_pke;
	case CB_KIND_SIG: return ops_sig;
	case CB_KIND_KEX: return ops_kex;
	case CB_KIND_CIPHER: return ops_cipher;
	case CB_KIND_HASH: return ops_hash;
	case CB_KIND_ENVELOPE: return ops_envelope;
	case CB_KIND_TLS: return ops_tls;
	default: return NULL;
	}
}

int cb_op_is_default(const cb_alg_info *alg, const char *op)
{
	size_t n = strlen(op);
	if (alg->kind == CB_KIND_TLS && n > 5 && !strcmp(op + n - 5, "-cold"))
		return tls_part(cb_as_tls(alg), op) != NULL;
	return !(n > 5 && !strcmp(op + n - 5, "-cold"));
}

int cb_op_takes_message(cb_kind kind, const char *op)
{
	switch (kind) {
	case CB_KIND_CIPHER:
	case CB_KIND_HASH:
	case CB_KIND_ENVELOPE: return 1;
	case CB_KIND_PKE: return strcmp(op, "keygen") != 0;
	case CB_KIND_SIG: return strcmp(op, "keygen") != 0;
	default: return 0;
	}
}

size_t cb_default_message(cb_kind kind)
{
	return (kind == CB_KIND_CIPHER || kind == CB_KIND_HASH || kind == CB_KIND_ENVELOPE) ? 16384 : 32;
}

int cb_case_threads_inside(cb_kind kind)
{
	return kind == CB_KIND_ENVELOPE;
}

static int fail(char *err, size_t errlen, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return code;
}

/*
 * Case buffers.  A large one (a 1 GiB envelope, a 1 GiB message) is
 * aligned to 2 MiB and asked for transparent huge pages, so a pass over it
 * is not a page-table walk every 4 KiB and its first touch is 512 times
 * fewer faults; it is still freed with free().  Small ones are plain.
 */
#define CASE_HUGE_MIN ((size_t)4 << 20)
#define CASE_HUGE_ALIGN ((size_t)2 << 20)

static void *xmalloc(size_t n)
{
	void *p = NULL;

	if (n < CASE_HUGE_MIN)
		return malloc(n ? n : 1);
	if (posix_memalign(&p, CASE_HUGE_ALIGN, n) != 0)
		return NULL;
#ifdef MADV_HUGEPAGE
	(void)madvise(p, n, MADV_HUGEPAGE); /* advice only: 4 KiB pages if refused */
#endif
	return p;
}

/*
 * A message to time on: random bytes.  Past 1 MiB the first MiB is
 * repeated (the timed code does not depend on the data; drawing 1 GiB from
 * the kernel's generator took 4.5 s of a case's preparation).
 */
#define CASE_FRESH_MAX ((size_t)1 << 20)

static int fill_message(uint8_t *m, size_t n)
{
	size_t done = n < CASE_FRESH_MAX ? n : CASE_FRESH_MAX;
	int r = cb_random_bytes(m, done);

	while (r == 0 && done < n) {
		size_t k = n - done < done ? n - done : done;
		memcpy(m + done, m, k);
		done += k;
	}
	return r;
}

/* ---- the timed operations ---- */

static int op_kem_keygen(cb_case *c)
{
	const cb_kem_class *k = cb_as_kem(c->alg);
	return k->keypair(k, c->pk, c->sk);
}

static int op_kem_encaps(cb_case *c)
{
	const cb_kem_class *k = cb_as_kem(c->alg);
	return k->encaps(k, c->in, c->out, c->pk);
}

static int op_kem_decaps(cb_case *c)
{
	const cb_kem_class *k = cb_as_kem(c->alg);
	return k->decaps(k, c->out, c->in, c->sk);
}

/* A key handle of a pke, sig or kex class, made by its keygen. */
static int key_make(const cb_alg_info *a, const cb_opts *opts, void **key)
{
	const cb_pke_class *p = cb_as_pke(a);
	const cb_sig_class *s = cb_as_sig(a);
	const cb_kex_class *x = cb_as_kex(a);
	return p ? cb_pke_keygen(p, opts, key) : s ? cb_sig_keygen(s, opts, key) : cb_kex_keygen(x, opts, key);
}

/* Its import_secret (secret != 0) or import_public; NULL when the class has none. */
typedef int (*key_import_fn)(const cb_alg_info *a, const uint8_t *in, size_t len, const cb_opts *opts, void **key);

static int import_secret(const cb_alg_info *a, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	const cb_pke_class *p = cb_as_pke(a);
	const cb_sig_class *s = cb_as_sig(a);
	return p ? cb_pke_import_secret(p, in, len, opts, key)
		 : s ? cb_sig_import_secret(s, in, len, opts, key) : cb_kex_import_secret(cb_as_kex(a), in, len, opts, key);
}

static int import_public(const cb_alg_info *a, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	const cb_pke_class *p = cb_as_pke(a);
	const cb_sig_class *s = cb_as_sig(a);
	return p ? cb_pke_import_public(p, in, len, opts, key) : cb_sig_import_public(s, in, len, opts, key);
}

static key_import_fn key_import(const cb_alg_info *a, int secret)
{
	const cb_pke_class *p = cb_as_pke(a);
	const cb_sig_class *s = cb_as_sig(a);
	const cb_kex_class *x = cb_as_kex(a);
	if (secret)
		return (p && p->import_secret) || (s && s->import_secret) || (x && x->import_secret) ? import_secret
												: NULL;
	return (p && p->import_public) || (s && s->import_public) ? import_public : NULL;
}

/* Key generation for the classes with key handles: make one, free it. */
static int op_keygen(cb_case *c)
{
	void *key = NULL;
	int r = key_make(c->alg, c->opts, &key);
	if (r == 0)
		c->key_free(key);
	return r;
}

static int op_pke_encrypt(cb_case *c)
{
	size_t n = c->outcap;
	return cb_pke_encrypt(cb_as_pke(c->alg), c->key, c->m, c->mlen, c->out, &n);
}

static int op_pke_decrypt(cb_case *c)
{
	size_t n = c->outcap;
	return cb_pke_decrypt(cb_as_pke(c->alg), c->key, c->in, c->inlen, c->out, &n);
}

static int op_sig_sign(cb_case *c)
{
	size_t n = c->outcap;
	return cb_sig_sign(cb_as_sig(c->alg), c->key, c->m, c->mlen, c->out, &n);
}

static int op_sig_verify(cb_case *c)
{
	return cb_sig_verify(cb_as_sig(c->alg), c->key, c->m, c->mlen, c->in, c->inlen);
}

/*
 * A cold call: the key parsed from its encoding into a fresh handle (and
 * so a fresh context), the warm operation on it, the handle freed.
 */
static int op_cold(cb_case *c)
{
	void *warm_key = c->key, *key = NULL;
	int r = (c->enc_secret ? import_secret : import_public)(c->alg, c->enc, c->enclen, c->opts, &key);
	if (r)
		return r;
	c->key = key;
	r = c->warm(c);
	c->key = warm_key;
	c->key_free(key);
	return r;
}

static int op_kex_derive(cb_case *c)
{
	size_t n = c->outcap;
	return cb_kex_derive(cb_as_kex(c->alg), c->key, c->in, c->inlen, c->out, &n);
}

/* keygen-cold: the key from its secret's encoding, its public value exported, freed. */
static int op_kex_keygen_cold(cb_case *c)
{
	const cb_kex_class *x = cb_as_kex(c->alg);
	size_t n = c->outcap;
	void *key = NULL;
	int r = x->import_secret(x, c->enc, c->enclen, c->opts, &key);
	if (r)
		return r;
	r = x->export_public(key, c->out, &n);
	x->key_free(key);
	return r;
}

static int op_cipher_encrypt(cb_case *c)
{
	size_t n = c->outcap;
	return cb_cipher_encrypt(cb_as_cipher(c->alg), c->key, c->iv, c->ivlen, NULL, 0, c->m, c->mlen, c->out, &n);
}

static int op_cipher_decrypt(cb_case *c)
{
	size_t n = c->outcap;
	return cb_cipher_decrypt(cb_as_cipher(c->alg), c->key, c->iv, c->ivlen, NULL, 0, c->in, c->inlen, c->out, &n);
}

static int op_hash_digest(cb_case *c)
{
	return cb_hash_digest(cb_as_hash(c->alg), c->key, c->m, c->mlen, c->out);
}

static int op_env_seal(cb_case *c)
{
	size_t n = c->outcap;
	return cb_envelope_seal_mem(c->m, c->mlen, c->out, &n, &c->er, 1, &c->eo);
}

static int op_env_open(cb_case *c)
{
	size_t n = c->outcap;
	return cb_envelope_open_mem(c->in, c->inlen, c->out, &n, &c->ek, &c->eo);
}

int cb_case_run(void *p)
{
	cb_case *c = p;
	int r = c->fn(c);
	cb_do_not_optimize(c->out);
	return r;
}

/* ---- preparation and self-checks ---- */

/*
 * A key's size in the encoding the sizes table counts (cb_sizes in
 * result.h), whatever the backend exports; the encoding's name and the
 * modulus or coordinate bits of a public key go into sz.
 */
static int measure_key(int (*fn)(const void *, uint8_t *, size_t *), const void *key, int secret, cb_sizes *sz)
{
	const char *enc;
	uint8_t *buf;
	size_t n = EXPORT_MAX, counted;
	long bits;
	int r;
	if (!fn)
		return 0;
	buf = xmalloc(n);
	if (!buf)
		return CB_ERR_NOMEM;
	r = fn(key, buf, &n);
	if (r == 0)
		r = cb_key_measure(buf, n, secret, &enc, &counted, &bits);
	if (r == 0 && secret) {
		sz->secret_key = sz->secret_key_max = (long)counted;
		sz->keys = 1;
		snprintf(sz->secret_encoding, sizeof(sz->secret_encoding), "%s", enc);
	} else if (r == 0) {
		sz->public_key = (long)counted;
		sz->key_bits = bits;
		snprintf(sz->public_encoding, sizeof(sz->public_encoding), "%s", enc);
	}
	cb_wipe(buf, EXPORT_MAX);
	free(buf);
	return r;
}

/*
 * An ML-DSA key exported in the seed form (RFC 9881): the same key's
 * expanded and both forms, encoded from its real expanded key (export_raw)
 * and seed, into sz.  Nothing for other keys or classes without export_raw.
 */
static int measure_mldsa_forms(const cb_sig_class *s, const void *key, cb_sizes *sz)
{
	uint8_t *pk8, *sk, *o;
	size_t n = EXPORT_MAX, skn = EXPORT_MAX, ol;
	const uint8_t *seed, *ex;
	cb_key_type t;
	int r;

	if (!s->export_raw || !s->export_secret)
		return 0;
	pk8 = xmalloc(n);
	sk = xmalloc(skn);
	if (!pk8 || !sk) {
		free(pk8);
		free(sk);
		return CB_ERR_NOMEM;
	}
	r = s->export_secret(key, pk8, &n);
	if (r == 0 && cb_mldsa_private_decode(pk8, n, &t, &seed, &ex) == 0 && seed &&
	    s->export_raw(key, 1, sk, &skn) == 0) {
		if ((r = cb_mldsa_private_encode(t, NULL, sk, &o, &ol)) == 0) {
			sz->secret_key_expanded = (long)ol;
			cb_wipe(o, ol);
			free(o);
		}
		if (r == 0 && (r = cb_mldsa_private_encode(t, seed, sk, &o, &ol)) == 0) {
			sz->secret_key_both = (long)ol;
			cb_wipe(o, ol);
			free(o);
		}
	}
	cb_wipe(pk8, EXPORT_MAX);
	cb_wipe(sk, EXPORT_MAX);
	free(pk8);
	free(sk);
	return r == CB_ERR_NOMEM ? r : 0;
}

/* DER signatures and ciphertexts vary in length: the range over this many outputs, or this long. */
#define SIZE_SAMPLES 16
#define SIZE_SAMPLE_NS 5000000ull

/* Widen [*lo, *hi] by n. */
static void widen(long *lo, long *hi, size_t n)
{
	if (*lo < 0 || (long)n < *lo)
		*lo = (long)n;
	if (*hi < 0 || (long)n > *hi)
		*hi = (long)n;
}

/* More signatures of the case's message under its key, for the signature's size range. */
static int sample_signatures(cb_case *c, const cb_sig_class *s, cb_sizes *sz)
{
	uint64_t t0 = cb_now_ns();
	long n = 1;
	sz->signature = sz->signature_max = (long)c->inlen;
	for (; n < SIZE_SAMPLES && cb_now_ns() - t0 < SIZE_SAMPLE_NS; n++) {
		size_t len = c->outcap;
		int r = cb_sig_sign(s, c->key, c->m, c->mlen, c->out, &len);
		if (r)
			return r;
		widen(&sz->signature, &sz->signature_max, len);
	}
	sz->samples = n;
	return 0;
}

/* More encryptions of the case's message, for the ciphertext's size range. */
static int sample_ciphertexts(cb_case *c, const cb_pke_class *p, cb_sizes *sz)
{
	uint64_t t0 = cb_now_ns();
	long n = 1;
	sz->ciphertext = sz->ciphertext_max = (long)c->inlen;
	for (; n < SIZE_SAMPLES && cb_now_ns() - t0 < SIZE_SAMPLE_NS; n++) {
		size_t len = c->outcap;
		int r = cb_pke_encrypt(p, c->key, c->m, c->mlen, c->out, &len);
		if (r)
			return r;
		widen(&sz->ciphertext, &sz->ciphertext_max, len);
	}
	sz->samples = n;
	return 0;
}

/*
 * Set a case up for its cold variant: keep the key's encoding, and check
 * that a handle imported from it works with the generated one (check()
 * gets the imported handle; c->key is the generated key).
 */
static int prepare_cold(cb_case *c, int secret, int (*export_fn)(const void *, uint8_t *, size_t *),
			int (*check)(cb_case *c, void *imported), char *err, size_t errlen)
{
	void *key = NULL;
	size_t n = EXPORT_MAX;
	int r;

	if (!key_import(c->alg, secret) || !export_fn)
		return fail(err, errlen, CB_ERR_UNSUPPORTED, "this backend cannot import %s keys of %s, so it has no cold figure",
			    secret ? "secret" : "public", c->alg->name);
	c->enc_secret = secret;
	if (!(c->enc = xmalloc(n)))
		return fail(err, errlen, CB_ERR_NOMEM, "out of memory");
	if ((r = export_fn(c->key, c->enc, &n)) != 0)
		return fail(err, errlen, r, "key export failed: %s", cb_strerror(r));
	c->enclen = n;
	r = key_import(c->alg, secret)(c->alg, c->enc, n, c->opts, &key);
	if (r)
		return fail(err, errlen, r, "the key does not import from its own encoding: %s", cb_strerror(r));
	r = check(c, key);
	c->key_free(key);
	if (r)
		return fail(err, errlen, CB_ERR_SELFCHECK, "a key imported from its encoding does not work with the generated one");
	return 0;
}

static int same_message(const cb_case *c, size_t n)
{
	return n == c->mlen && memcmp(c->out, c->m, n) == 0;
}

static int check_pke_decrypt(cb_case *c, void *imported)
{
	size_t n = c->outcap;
	int r = cb_pke_decrypt(cb_as_pke(c->alg), imported, c->in, c->inlen, c->out, &n);
	return r ? r : !same_message(c, n);
}

static int check_pke_encrypt(cb_case *c, void *imported)
{
	const cb_pke_class *p = cb_as_pke(c->alg);
	uint8_t *ct = xmalloc(c->outcap);
	size_t n = c->outcap, m = c->outcap;
	int r = ct ? cb_pke_encrypt(p, imported, c->m, c->mlen, ct, &n) : CB_ERR_NOMEM;
	if (!r)
		r = cb_pke_decrypt(p, c->key, ct, n, c->out, &m);
	free(ct);
	return r ? r : !same_message(c, m);
}

static int check_sig_verify(cb_case *c, void *imported)
{
	return cb_sig_verify(cb_as_sig(c->alg), imported, c->m, c->mlen, c->in, c->inlen);
}

static int check_sig_sign(cb_case *c, void *imported)
{
	const cb_sig_class *s = cb_as_sig(c->alg);
	size_t n = c->outcap;
	int r = cb_sig_sign(s, imported, c->m, c->mlen, c->out, &n);
	return r ? r : cb_sig_verify(s, c->key, c->m, c->mlen, c->out, n);
}

/*
 * One RSA key per modulus size for the cases of a run: RSA key generation
 * takes up to seconds (4096 bits), and every case (each padding, backend,
 * operation, size and worker) would otherwise make its own.  The first
 * case generates the key and keeps its PKCS#8 encoding; the others import
 * a fresh handle from it, so each still has its own contexts, and every
 * backend and padding is timed on the same key.  A backend that cannot
 * import it generates its own.  Wiped by cb_case_cache_clear().  Other
 * algorithms generate their keys per case (it costs little).
 */
typedef struct key_cache {
	char modulus[16]; /* "rsa2048" */
	uint8_t *der;
	size_t len;
} key_cache;
static key_cache *cache;
static size_t ncache;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

void cb_case_cache_clear(void)
{
	pthread_mutex_lock(&cache_lock);
	for (size_t i = 0; i < ncache; i++) {
		cb_wipe(cache[i].der, cache[i].len);
		free(cache[i].der);
	}
	free(cache);
	cache = NULL;
	ncache = 0;
	pthread_mutex_unlock(&cache_lock);
}

static int case_keygen(const cb_alg_info *alg, int (*export_secret)(const void *, uint8_t *, size_t *),
		       const cb_opts *opts, void **key)
{
	key_import_fn import = key_import(alg, 1);
	uint8_t *der = NULL;
	char modulus[16];
	size_t n = EXPORT_MAX, ml = strcspn(alg->name, "-");
	int r;
	if (strncmp(alg->name, "rsa", 3) != 0 || ml >= sizeof(modulus) || !export_secret || !import)
		return key_make(alg, opts, key);
	memcpy(modulus, alg->name, ml);
	modulus[ml] = 0;
	pthread_mutex_lock(&cache_lock);
	for (size_t i = 0; i < ncache; i++)
		if (!strcmp(cache[i].modulus, modulus) && import(alg, cache[i].der, cache[i].len, opts, key) == 0) {
			pthread_mutex_unlock(&cache_lock);
			return 0;
		}
	r = key_make(alg, opts, key);
	if (r == 0 && (der = malloc(n)) != NULL && export_secret(*key, der, &n) == 0) {
		key_cache *v = realloc(cache, (ncache + 1) * sizeof(*v));
		if (v) {
			cache = v;
			cache[ncache] = (key_cache){"", der, n};
			memcpy(cache[ncache++].modulus, modulus, ml + 1);
			der = NULL;
		}
	}
	if (der) {
		cb_wipe(der, EXPORT_MAX);
		free(der);
	}
	pthread_mutex_unlock(&cache_lock);
	return r;
}

static int prepare_kem(cb_case *c, const char *op, cb_sizes *sz, char *err, size_t errlen)
{
	const cb_kem_class *k = cb_as_kem(c->alg);
	uint8_t *ss2;
	int r;

	c->pk = xmalloc(k->public_key_bytes);
	c->sk = xmalloc(k->secret_key_bytes);
	c->sklen = k->secret_key_bytes;
	c->in = xmalloc(k->ciphertext_bytes);
	c->inlen = k->ciphertext_bytes;
	c->out = xmalloc(k->shared_secret_bytes);
	c->outcap = k->shared_secret_bytes;
	ss2 = xmalloc(k->shared_secret_bytes);
	if (!c->pk || !c->sk || !c->in || !c->out || !ss2) {
		free(ss2);
		return fail(err, errlen, CB_ERR_NOMEM, "out of memory");
	}
	if ((r = k->keypair(k, c->pk, c->sk)) != 0 || (r = k->encaps(k, c->in, c->out, c->pk)) != 0 ||
	    (r = k->decaps(k, ss2, c->in, c->sk)) != 0) {
		cb_wipe(ss2, k->shared_secret_bytes);
		free(ss2);
		return fail(err, errlen, r, "key generation, encapsulation or decapsulation failed: %s", cb_strerror(r));
	}
	r = memcmp(ss2, c->out, k->shared_secret_bytes) != 0;
	cb_wipe(ss2, k->shared_secret_bytes);
	free(ss2);
	if (r)
		return fail(err, errlen, CB_ERR_SELFCHECK, "decaps(encaps(pk)) gave a different shared secret");

	sz->public_key = (long)k->public_key_bytes;
	sz->secret_key = sz->secret_key_max = (long)k->secret_key_bytes;
	sz->keys = 1;
	memcpy(sz->public_encoding, "raw", 4);
	memcpy(sz->secret_encoding, "raw", 4);
	sz->ciphertext = sz->ciphertext_max = (long)k->ciphertext_bytes;
	sz->shared_secret = (long)k->shared_secret_bytes;
	c->fn = !strcmp(op, "keygen") ? op_kem_keygen : !strcmp(op, "encaps") ? op_kem_encaps : op_kem_decaps;
	return 0;
}

static int prepare_pke(cb_case *c, const char *op, size_t *msg, cb_sizes *sz, char *err, size_t errlen)
{
	const cb_pke_class *p = cb_as_pke(c->alg);
	size_t maxpt, n;
	int r, raw;

	c->key_free = p->key_free;
	if ((r = case_keygen(c->alg, p->export_secret, c->opts, &c->key)) != 0)
		return fail(err, errlen, r, "key generation failed: %s", cb_strerror(r));
	maxpt = p->max_plaintext(c->key);
	/* A padding-free scheme (raw RSA) takes exactly a modulus-sized block. */
	raw = maxpt != SIZE_MAX && maxpt == p->max_ciphertext(c->key, maxpt);
	if (raw)
		*msg = maxpt;
	if (*msg > maxpt)
		return fail(err, errlen, CB_ERR_UNSUPPORTED, "a %zu-byte message is longer than this key can encrypt (%zu bytes)",
			    *msg, maxpt);
	c->mlen = *msg;
	c->m = xmalloc(c->mlen);
	c->outcap = p->max_ciphertext(c->key, c->mlen) + c->mlen + 64;
	c->in = xmalloc(c->outcap);
	c->out = xmalloc(c->outcap);
	if (!c->m || !c->in || !c->out)
		return fail(err, errlen, CB_ERR_NOMEM, "out of memory");
	if ((r = fill_message(c->m, c->mlen)) != 0)
		return fail(err, errlen, r, "%s", cb_strerror(r));
	if (raw && c->mlen)
		c->m[0] = 0; /* below the modulus */

	c->inlen = c->outcap;
	if ((r = cb_pke_encrypt(p, c->key, c->m, c->mlen, c->in, &c->inlen)) == CB_ERR_UNSUPPORTED)
		return fail(err, errlen, r, "this scheme cannot encrypt a %zu-byte message", c->mlen);
	if (r != 0)
		return fail(err, errlen, r, "encryption failed: %s", cb_strerror(r));
	n = c->outcap;
	if ((r = cb_pke_decrypt(p, c->key, c->in, c->inlen, c->out, &n)) != 0)
		return fail(err, errlen, CB_ERR_SELFCHECK, "decrypt(encrypt(m)) failed: %s", cb_strerror(r));
	if (n != c->mlen || memcmp(c->out, c->m, n) != 0)
		return fail(err, errlen, CB_ERR_SELFCHECK, "decrypt(encrypt(m)) != m");

	if ((r = measure_key(p->export_public, c->key, 0, sz)) != 0 ||
	    (r = measure_key(p->export_secret, c->key, 1, sz)) != 0)
		return fail(err, errlen, r, "key export failed: %s", cb_strerror(r));
	if ((r = sample_ciphertexts(c, p, sz)) != 0)
		return fail(err, errlen, r, "encryption failed: %s", cb_strerror(r));
	/*
	 * A ciphertext of the key's size whatever the message (RSA): its
	 * longest message says more than an overhead that shrinks as the
	 * message grows.
	 */
	if (maxpt != SIZE_MAX && p->max_ciphertext(c->key, 0) == p->max_ciphertext(c->key, maxpt))
		sz->max_message = (long)maxpt;
	else
		sz->overhead = sz->ciphertext - (long)c->mlen;
	if (!strcmp(op, "keygen"))
		c->fn = op_keygen;
	else if (!strncmp(op, "encrypt", 7))
		c->fn = op_pke_encrypt;
	else
		c->fn = op_pke_decrypt;
	if (!cb_op_is_default(c->alg, op)) {
		c->warm = c->fn;
		c->fn = op_cold;
		if (c->warm == op_pke_encrypt)
			return prepare_cold(c, 0, p->export_public, check_pke_encrypt, err, errlen);
		return prepare_cold(c, 1, p->export_secret, check_pke_decrypt, err, errlen);
	}
	return 0;
}

static int prepare_sig(cb_case *c, const char *op, size_t msg, cb_sizes *sz, char *err, size_t errlen)
{
	const cb_sig_class *s = cb_as_sig(c->alg);
	int r;

	c->key_free = s->key_free;
	if ((r = case_keygen(c->alg, s->export_secret, c->opts, &c->key)) != 0)
		return fail(err, errlen, r, "key generation failed: %s", cb_strerror(r));
	c->mlen = msg;
	c->m = xmalloc(msg);
	c->outcap = s->max_signature(c->key);
	c->in = xmalloc(c->outcap);
	c->out = xmalloc(c->outcap);
	if (!c->m || !c->in || !c->out)
		return fail(err, errlen, CB_ERR_NOMEM, "out of memory");
	if ((r = fill_message(c->m, msg)) != 0)
		return fail(err, errlen, r, "%s", cb_strerror(r));
	c->inlen = c->outcap;
	if ((r = cb_sig_sign(s, c->key, c->m, c->mlen, c->in, &c->inlen)) != 0)
		return fail(err, errlen, r, "signing failed: %s", cb_strerror(r));
	if ((r = cb_sig_verify(s, c->key, c->m, c->mlen, c->in, c->inlen)) != 0)
		return fail(err, errlen, CB_ERR_SELFCHECK, "verify(sign(m)) failed: %s", cb_strerror(r));
	if (c->mlen > 0) {
		c->m[0] ^= 1;
		r = cb_sig_verify(s, c->key, c->m, c->mlen, c->in, c->inlen);
		c->m[0] ^= 1;
		if (r != CB_ERR_VERIFY)
			return fail(err, errlen, CB_ERR_SELFCHECK, "a signature verified for a modified message");
	}

	if ((r = measure_key(s->export_public, c->key, 0, sz)) != 0 ||
	    (r = measure_key(s->export_secret, c->key, 1, sz)) != 0 || (r = measure_mldsa_forms(s, c->key, sz)) != 0)
		return fail(err, errlen, r, "key export failed: %s", cb_strerror(r));
	if ((r = sample_signatures(c, s, sz)) != 0)
		return fail(err, errlen, r, "signing failed: %s", cb_strerror(r));
	if (!strcmp(op, "keygen"))
		c->fn = op_keygen;
	else if (!strncmp(op, "sign", 4))
		c->fn = op_sig_sign;
	else
		c->fn = op_sig_verify;
	if (!cb_op_is_default(c->alg, op)) {
		c->warm = c->fn;
		c->fn = op_cold;
		if (c->warm == op_sig_sign)
			return prepare_cold(c, 1, s->export_secret, check_sig_sign, err, errlen);
		return prepare_cold(c, 0, s->export_public, check_sig_verify, err, errlen);
	}
	return 0;
}

static int check_kex_derive(cb_case *c, void *imported)
{
	uint8_t ss[512];
	size_t n = sizeof(ss), want = c->outcap;
	const cb_kex_class *x = cb_as_kex(c->alg);
	int r = x->derive(c->key, c->in, c->inlen, c->out, &want) || x->derive(imported, c->in, c->inlen, ss, &n) ||
		n != want || memcmp(ss, c->out, n) != 0;
	cb_wipe(ss, sizeof(ss));
	return r;
}

static int check_kex_public(cb_case *c, void *imported)
{
	uint8_t pub[EXPORT_MAX];
	size_t n = sizeof(pub), want = c->outcap;
	const cb_kex_class *x = cb_as_kex(c->alg);
	return x->export_public(c->key, c->out, &want) || x->export_public(imported, pub, &n) || n != want ||
	       memcmp(pub, c->out, n) != 0;
}

/*
 * The cold key agreement cases: the secret in the canonical encoding a
 * hybrid gives its part (PKCS#8 without the public key, src/core/der.c;
 * X25519 raw), whatever longer form the class's own export has.
 */
static int prepare_kex_cold(cb_case *c, const char *op, char *err, size_t errlen)
{
	const cb_kex_class *x = cb_as_kex(c->alg);
	int keygen = !strcmp(op, "keygen-cold"), r;
	cb_key_type type;
	uint8_t *der = NULL;
	size_t derlen = 0;

	c->warm = op_kex_derive;
	c->fn = keygen ? op_kex_keygen_cold : op_cold;
	r = prepare_cold(c, 1, x->export_secret, keygen ? check_kex_public : check_kex_derive, err, errlen);
	if (r)
		return r;
	if (cb_key_private_pkcs8(c->enc, c->enclen, &type, &der, &derlen) == CB_OK) {
		if (derlen <= EXPORT_MAX) {
			cb_wipe(c->enc, c->enclen);
			memcpy(c->enc, der, derlen);
			c->enclen = derlen;
		}
		cb_wipe(der, derlen);
		free(der);
	}
	return 0;
}

static int prepare_kex(cb_case *c, const char *op, cb_sizes *sz, char *err, size_t errlen)
{
	const cb_kex_class *x = cb_as_kex(c->alg);
	uint8_t mine[EXPORT_MAX], ss2[512];
	size_t minelen = sizeof(mine), n1, n2 = sizeof(ss2);
	int r;

	c->key_free = x->key_free;
	if ((r = cb_kex_keygen(x, c->opts, &c->key)) != 0 || (r = cb_kex_keygen(x, c->opts, &c->peer)) != 0)
		return fail(err, errlen, r, "key generation failed: %s", cb_strerror(r));
	c->inlen = EXPORT_MAX;
	c->outcap = sizeof(ss2);
	c->in = xmalloc(c->inlen);
	c->out = xmalloc(c->outcap);
	if (!c->in || !c->out)
		return fail(err, errlen, CB_ERR_NOMEM, "out of memory");
	if ((r = x->export_public(c->peer, c->in, &c->inlen)) != 0 || (r = x->export_public(c->key, mine, &minelen)) != 0)
		return fail(err, errlen, r, "public key export failed: %s", cb_strerror(r));
	n1 = c->outcap;
	if ((r = cb_kex_derive(x, c->key, c->in, c->inlen, c->out, &n1)) != 0 ||
	    (r = cb_kex_derive(x, c->peer, mine, minelen, ss2, &n2)) != 0)
		return fail(err, errlen, r, "derive failed: %s", cb_strerror(r));
	r = n1 != n2 || memcmp(c->out, ss2, n1) != 0;
	cb_wipe(ss2, sizeof(ss2));
	if (r)
		return fail(err, errlen, CB_ERR_SELFCHECK, "the two sides derived different secrets");

	if ((r = measure_key(x->export_public, c->key, 0, sz)) != 0 ||
	    (r = measure_key(x->export_secret, c->key, 1, sz)) != 0)
		return fail(err, errlen, r, "key export failed: %s", cb_strerror(r));
	sz->shared_secret = (long)n1;
	c->fn = !strcmp(op, "keygen") ? op_keygen : op_kex_derive;
	if (!strcmp(op, "keygen-cold") || !strcmp(op, "derive-cold"))
		return prepare_kex_cold(c, op, err, errlen);
	return 0;
}

static int prepare_cipher(cb_case *c, const char *op, size_t msg, cb_sizes *sz, char *err, size_t errlen)
{
	const cb_cipher_class *k = cb_as_cipher(c->alg);
	const cb_catalog_entry *z = cb_alg_catalog(c->alg); /* the sizes */
	uint8_t key[64];
	size_t n;
	int r;

	if (!z->padded && z->block_bytes > 1 && msg % z->block_bytes)
		return fail(err, errlen, CB_ERR_UNSUPPORTED, "without padding the message must be whole %u-byte blocks",
			    z->block_bytes);
	if (z->key_bytes > sizeof(key) || z->iv_bytes > sizeof(c->iv))
		return fail(err, errlen, CB_ERR_UNSUPPORTED, "key or IV longer than the harness supports");
	if ((r = cb_random_bytes(key, z->key_bytes)) != 0 || (r = cb_random_bytes(c->iv, z->iv_bytes)) != 0)
		return fail(err, errlen, r, "%s", cb_strerror(r));
	c->ivlen = z->iv_bytes;
	r = cb_cipher_init(k, &c->key, key, z->key_bytes);
	cb_wipe(key, sizeof(key));
	if (r)
		return fail(err, errlen, r, "cipher set-up failed: %s", cb_strerror(r));

	c->mlen = msg;
	c->outcap = msg + z->block_bytes + z->tag_bytes;
	c->m = xmalloc(msg);
	c->in = xmalloc(c->outcap);
	c->out = xmalloc(c->outcap);
	if (!c->m || !c->in || !c->out)
		return fail(err, errlen, CB_ERR_NOMEM, "out of memory");
	if ((r = fill_message(c->m, msg)) != 0)
		return fail(err, errlen, r, "%s", cb_strerror(r));
	c->inlen = c->outcap;
	if ((r = cb_cipher_encrypt(k, c->key, c->iv, c->ivlen, NULL, 0, c->m, msg, c->in, &c->inlen)) != 0)
		return fail(err, errlen, r, "encryption failed: %s", cb_strerror(r));
	n = c->outcap;
	if ((r = cb_cipher_decrypt(k, c->key, c->iv, c->ivlen, NULL, 0, c->in, c->inlen, c->out, &n)) != 0)
		return fail(err, errlen, CB_ERR_SELFCHECK, "decrypt(encrypt(m)) failed: %s", cb_strerror(r));
	if (n != msg || memcmp(c->out, c->m, msg) != 0)
		return fail(err, errlen, CB_ERR_SELFCHECK, "decrypt(encrypt(m)) != m");
	if (msg >= 16 && memcmp(c->in, c->m, msg) == 0)
		return fail(err, errlen, CB_ERR_SELFCHECK, "the ciphertext equals the plaintext");
	if (z->tag_bytes) {
		c->in[0] ^= 1;
		n = c->outcap;
		r = cb_cipher_decrypt(k, c->key, c->iv, c->ivlen, NULL, 0, c->in, c->inlen, c->out, &n);
		c->in[0] ^= 1;
		if (r != CB_ERR_VERIFY)
			return fail(err, errlen, CB_ERR_SELFCHECK, "a modified ciphertext was accepted");
	}
	sz->ciphertext = sz->ciphertext_max = (long)c->inlen;
	sz->overhead = (long)c->inlen - (long)msg;
	c->fn = !strcmp(op, "encrypt") ? op_cipher_encrypt : op_cipher_decrypt;
	return 0;
}

static int prepare_hash(cb_case *c, size_t msg, char *err, size_t errlen)
{
	const cb_hash_class *h = cb_as_hash(c->alg);
	uint8_t d2[128];
	int r;

	if (h->digest_bytes > sizeof(d2))
		return fail(err, errlen, CB_ERR_UNSUPPORTED, "digest longer than the harness supports");
	if ((r = cb_hash_init(h, &c->key)) != 0)
		return fail(err, errlen, r, "hash set-up failed: %s", cb_strerror(r));
	c->mlen = msg;
	c->m = xmalloc(msg);
	c->out = xmalloc(h->digest_bytes);
	c->outcap = h->digest_bytes;
	if (!c->m || !c->out)
		return fail(err, errlen, CB_ERR_NOMEM, "out of memory");
	if ((r = fill_message(c->m, msg)) != 0)
		return fail(err, errlen, r, "%s", cb_strerror(r));
	if ((r = cb_hash_digest(h, c->key, c->m, msg, c->out)) != 0 || (r = cb_hash_digest(h, c->key, c->m, msg, d2)) != 0)
		return fail(err, errlen, r, "digest failed: %s", cb_strerror(r));
	if (memcmp(c->out, d2, h->digest_bytes) != 0)
		return fail(err, errlen, CB_ERR_SELFCHECK, "two digests of the same message differ");
	c->fn = op_hash_digest;
	return 0;
}

/*
 * An envelope: one recipient key, one message sealed to it; the self-check
 * opens it again and checks that a changed last byte (the final chunk's
 * tag) is refused.  The seal case keeps the message and an output buffer,
 * the open case the envelope and an output buffer (a 1 GiB case holds two
 * 1 GiB buffers, not three).
 */
static int prepare_envelope(cb_case *c, const char *op, size_t msg, unsigned threads, cb_sizes *sz, char *err,
			    size_t errlen)
{
	const cb_envelope_class *e = cb_as_envelope(c->alg);
	const cb_alg_info *ra = cb_env_recipient_class(e->recipient, NULL);
	size_t cap, n;
	int r, seal = !strcmp(op, "seal");

	if (!ra)
		return fail(err, errlen, CB_ERR_UNSUPPORTED, "no backend here provides %s", e->recipient);
	if (ra->kind == CB_KIND_KEM) {
		const cb_kem_class *k = cb_as_kem(ra);
		c->pk = xmalloc(k->public_key_bytes);
		c->sk = xmalloc(k->secret_key_bytes);
		c->sklen = k->secret_key_bytes;
		if (!c->pk || !c->sk)
			return fail(err, errlen, CB_ERR_NOMEM, "out of memory");
		if ((r = k->keypair(k, c->pk, c->sk)) != 0)
			return fail(err, errlen, r, "key generation failed: %s", cb_strerror(r));
		c->er = (cb_env_recipient){k, c->pk, NULL, NULL};
		c->ek = (cb_env_key){k, c->sk, NULL, NULL};
		sz->public_key = (long)k->public_key_bytes;
		sz->secret_key = sz->secret_key_max = (long)k->secret_key_bytes;
		sz->keys = 1;
		memcpy(sz->public_encoding, "raw", 4);
		memcpy(sz->secret_encoding, "raw", 4);
	} else {
		const cb_pke_class *p = cb_as_pke(ra);
		c->key_free = p->key_free;
		if ((r = case_keygen(ra, p->export_secret, c->opts, &c->key)) != 0)
			return fail(err, errlen, r, "key generation failed: %s", cb_strerror(r));
		c->er = (cb_env_recipient){NULL, NULL, p, c->key};
		c->ek = (cb_env_key){NULL, NULL, p, c->key};
		if ((r = measure_key(p->export_public, c->key, 0, sz)) != 0 ||
		    (r = measure_key(p->export_secret, c->key, 1, sz)) != 0)
			return fail(err, errlen, r, "key export failed: %s", cb_strerror(r));
	}
	c->eo = (cb_env_opts){e->aead, CB_ENV_CHUNK_LOG2_DEFAULT, threads, NULL};
	cap = cb_envelope_sealed_max(&c->er, 1, CB_ENV_CHUNK_LOG2_DEFAULT, msg);
	if (!cap)
		return fail(err, errlen, CB_ERR_UNSUPPORTED, "a %zu-byte message is too long to seal here", msg);
	c->mlen = msg;
	c->m = xmalloc(msg);
	c->in = xmalloc(cap);
	c->out = xmalloc(cap);
	c->outcap = cap;
	if (!c->m || !c->in || !c->out)
		return fail(err, errlen, CB_ERR_NOMEM, "out of memory (%zu-byte buffers)", cap);
	if ((r = fill_message(c->m, msg)) != 0)
		return fail(err, errlen, r, "%s", cb_strerror(r));
	c->inlen = cap;
	if ((r = cb_envelope_seal_mem(c->m, msg, c->in, &c->inlen, &c->er, 1, &c->eo)) != 0)
		return fail(err, errlen, r, "sealing failed: %s", cb_strerror(r));
	n = c->outcap;
	if ((r = cb_envelope_open_mem(c->in, c->inlen, c->out, &n, &c->ek, &c->eo)) != 0)
		return fail(err, errlen, CB_ERR_SELFCHECK, "open(seal(m)) failed: %s", cb_strerror(r));
	if (n != msg || memcmp(c->out, c->m, msg) != 0)
		return fail(err, errlen, CB_ERR_SELFCHECK, "open(seal(m)) != m");
	c->in[c->inlen - 1] ^= 1;
	n = c->outcap;
	r = cb_envelope_open_mem(c->in, c->inlen, c->out, &n, &c->ek, &c->eo);
	c->in[c->inlen - 1] ^= 1;
	if (r != CB_ERR_VERIFY)
		return fail(err, errlen, CB_ERR_SELFCHECK, "an envelope with a modified tag was opened");
	sz->ciphertext = sz->ciphertext_max = (long)c->inlen;
	sz->overhead = (long)c->inlen - (long)msg;
	if (seal) {
		cb_wipe(c->in, c->inlen);
		free(c->in);
		c->in = NULL;
		c->inlen = 0;
		c->fn = op_env_seal;
	} else {
		cb_wipe(c->m, msg);
		free(c->m);
		c->m = NULL;
		c->fn = op_env_open;
	}
	return 0;
}

/*
 * The longest message a public-key encryption class takes, from a real key
 * (RSA: the run's shared key, so asking costs no key generation); SIZE_MAX
 * for a padding-free scheme (its message is the modulus size whatever is
 * asked).  The last answer is kept: the planner asks once per size.
 */
static size_t pke_max_message(const cb_alg_info *alg, const cb_opts *opts, int *err)
{
	static const cb_alg_info *last;
	static size_t last_max;
	const cb_pke_class *p = cb_as_pke(alg);
	void *key = NULL;
	size_t maxpt;

	*err = 0;
	pthread_mutex_lock(&cache_lock);
	if (last == alg) {
		maxpt = last_max;
		pthread_mutex_unlock(&cache_lock);
		return maxpt;
	}
	pthread_mutex_unlock(&cache_lock);
	if ((*err = case_keygen(alg, p->export_secret, opts, &key)) != 0)
		return SIZE_MAX; /* preparing the case will say why */
	maxpt = p->max_plaintext(key);
	if (maxpt != SIZE_MAX && maxpt == p->max_ciphertext(key, maxpt))
		maxpt = SIZE_MAX;
	p->key_free(key);
	pthread_mutex_lock(&cache_lock);
	last = alg;
	last_max = maxpt;
	pthread_mutex_unlock(&cache_lock);
	return maxpt;
}

int cb_case_possible(const cb_alg_info *alg, const char *op, size_t msg, const cb_opts *opts, char *why, size_t len)
{
	const char *const *ops = cb_kind_ops(alg->kind);
	size_t oplen = strlen(op);
	int known = 0, cold = oplen > 5 && !strcmp(op + oplen - 5, "-cold"), e;

	for (size_t i = 0; ops && ops[i]; i++)
		known |= !strcmp(ops[i], op);
	if (!known) {
		fail(why, len, 0, "has no operation '%s'", op);
		return 0;
	}
	if (alg->kind == CB_KIND_TLS && !strcmp(op, "server") && !cb_as_tls(alg)->server) {
		fail(why, len, 0, "its server cannot answer a recorded client (the second flight needs the client's "
				  "secret, encrypted for the server's random): handshake only");
		return 0;
	}
	if (alg->kind == CB_KIND_TLS && cold && !tls_part(cb_as_tls(alg), op)) {
		fail(why, len, 0, "the adapter of this stack does not time its %s alone",
		     strcmp(op, "sign-cold") ? "key share" : "CertificateVerify signature");
		return 0;
	}
	if (cold && alg->kind == CB_KIND_KEX) {
		/* keygen-cold and derive-cold make the key from its secret's encoding: a hybrid's part (docs/HYBRID.md) */
		const cb_kex_class *x = cb_as_kex(alg);
		if (!x->import_secret || !x->export_public) {
			fail(why, len, 0, "cannot %s secret keys in this backend, so it has no cold figure",
			     x->import_secret ? "export the public value of" : "import");
			return 0;
		}
	} else if (cold && alg->kind != CB_KIND_TLS) {
		/* sign and decrypt parse the secret key, verify and encrypt the public one */
		int secret = !strncmp(op, "sign", 4) || !strncmp(op, "decrypt", 7);
		const cb_pke_class *p = cb_as_pke(alg);
		const cb_sig_class *s = cb_as_sig(alg);
		int exports = secret ? (p ? p->export_secret != NULL : s && s->export_secret != NULL)
				     : (p ? p->export_public != NULL : s && s->export_public != NULL);
		if (!key_import(alg, secret) || !exports) {
			fail(why, len, 0, "cannot %s %s keys in this backend, so it has no cold figure",
			     exports ? "import" : "export", secret ? "secret" : "public");
			return 0;
		}
	}
	if (alg->kind == CB_KIND_PKE && cb_op_takes_message(alg->kind, op)) {
		size_t maxpt = pke_max_message(alg, opts, &e);
		if (msg > maxpt) {
			fail(why, len, 0, "encrypts at most %zu bytes", maxpt);
			return 0;
		}
	}
	if (alg->kind == CB_KIND_CIPHER) {
		const cb_cipher_class *k = cb_as_cipher(alg);
		if (!k->padded && k->block_bytes > 1 && msg % k->block_bytes) {
			fail(why, len, 0, "takes whole %zu-byte blocks only (no padding)", k->block_bytes);
			return 0;
		}
	}
	return 1;
}

int cb_case_prepare(const cb_alg_info *alg, const char *op, size_t *msg_bytes, const cb_opts *opts, cb_case **out,
		    cb_sizes *sizes, char *err, size_t errlen)
{
	return cb_case_prepare_mt(alg, op, msg_bytes, opts, 1, out, sizes, err, errlen);
}

/*
 * The group and the server's signature scheme a TLS class's name promises
 * (tls13-GROUP-CERT), as the stacks name them when negotiated.
 */
static const struct {
	const char *token, *negotiated;
} tls_groups[] = {
	{"x25519", "x25519"}, {"p256", "secp256r1"}, {"x25519mlkem768", "X25519MLKEM768"}, {"mlkem1024", "MLKEM1024"},
	{"sm2", "curveSM2"},
}, tls_certs[] = {
	{"ecdsa-p256", "ecdsa_secp256r1_sha256"}, {"rsa2048", "rsa_pss_rsae_sha256"}, {"ed25519", "ed25519"},
	{"mldsa44", "mldsa44"}, {"mldsa65", "mldsa65"}, {"mldsa87", "mldsa87"}, {"sm2", "sm2sig_sm3"},
};

/* 1 when what was negotiated is what the name tls13-GROUP-CERT (or tlcp-ecc-sm2) says. */
static int tls_as_named(const char *name, const cb_tls_params *p, char *why, size_t len)
{
	const char *rest = name + 6; /* after "tls13-" */
	if (!strcmp(name, "tlcp-ecc-sm2")) {
		/* TLCP's ECC suites: SM2 key transport ("ECC"), an SM2-signed key exchange */
		if (strcmp(p->version, "TLCP") || strcmp(p->group, "ECC") || strcmp(p->signature, "sm2sig_sm3")) {
			snprintf(why, len, "negotiated %s, key exchange %s, signature %s instead of TLCP, ECC, sm2sig_sm3",
				 p->version, p->group, p->signature);
			return 0;
		}
		return 1;
	}
	if (strncmp(name, "tls13-", 6)) {
		snprintf(why, len, "the name does not say a known protocol");
		return 0;
	}
	for (size_t g = 0; g < CB_ARRAY_LEN(tls_groups); g++) {
		size_t n = strlen(tls_groups[g].token);
		if (strncmp(rest, tls_groups[g].token, n) || rest[n] != '-')
			continue;
		for (size_t k = 0; k < CB_ARRAY_LEN(tls_certs); k++)
			if (!strcmp(rest + n + 1, tls_certs[k].token)) {
				if (strcmp(p->version, "TLSv1.3") || strcasecmp(p->group, tls_groups[g].negotiated) ||
				    strcasecmp(p->signature, tls_certs[k].negotiated)) {
					snprintf(why, len, "negotiated %s, group %s, signature %s instead of TLSv1.3, %s, %s",
						 p->version, p->group, p->signature, tls_groups[g].negotiated,
						 tls_certs[k].negotiated);
					return 0;
				}
				return 1;
			}
	}
	snprintf(why, len, "the name does not say a known group and certificate");
	return 0;
}

static int op_tls_handshake(cb_case *c)
{
	return cb_as_tls(c->alg)->handshake(c->tls, NULL, NULL);
}

static int op_tls_server(cb_case *c)
{
	return cb_as_tls(c->alg)->server(c->tls);
}

static int op_tls_sign(cb_case *c)
{
	return cb_as_tls(c->alg)->sign(c->tls);
}

static int op_tls_share(cb_case *c)
{
	return cb_as_tls(c->alg)->share(c->tls);
}

/*
 * A TLS handshake class: its contexts (a fresh certificate chain), then
 * one handshake whose negotiated version, group and signature must be the
 * ones the name says (the known-answer gate of this class), the server op
 * once, and the bytes each side sent.
 */
static int prepare_tls(cb_case *c, const char *op, cb_sizes *sz, char *err, size_t errlen)
{
	const cb_tls_class *k = cb_as_tls(c->alg);
	cb_tls_wire w;
	cb_tls_params p;
	char why[200];
	int r;
	if (!k)
		return fail(err, errlen, CB_ERR_ARG, "not a TLS class");
	if ((r = k->init(k, &c->tls)) != 0)
		return fail(err, errlen, r, r == CB_ERR_UNSUPPORTED ? "this build of the stack lacks the group or the signature"
								     : "cannot prepare the TLS contexts: %s", cb_strerror(r));
	memset(&p, 0, sizeof(p));
	if ((r = k->handshake(c->tls, &w, &p)) != 0)
		return fail(err, errlen, CB_ERR_SELFCHECK, "the handshake failed");
	if (!tls_as_named(c->alg->name, &p, why, sizeof(why)))
		return fail(err, errlen, CB_ERR_SELFCHECK, "%s", why);
	if (k->server && (r = k->server(c->tls)) != 0)
		return fail(err, errlen, CB_ERR_SELFCHECK, "the server did not answer a recorded ClientHello");
	if (k->sign && (r = k->sign(c->tls)) != 0)
		return fail(err, errlen, CB_ERR_SELFCHECK, "the stack's CertificateVerify signature failed");
	if (k->share && (r = k->share(c->tls)) != 0)
		return fail(err, errlen, CB_ERR_SELFCHECK, "the stack's key share failed");
	sz->handshake_client = w.client_bytes;
	sz->handshake_server = w.server_bytes;
	sz->client_hello = w.client_hello;
	c->fn = !strcmp(op, "server")	   ? op_tls_server
		: !strcmp(op, "sign-cold")  ? op_tls_sign
		: !strcmp(op, "share-cold") ? op_tls_share
					    : op_tls_handshake;
	return 0;
}

int cb_case_prepare_mt(const cb_alg_info *alg, const char *op, size_t *msg_bytes, const cb_opts *opts,
		       unsigned threads, cb_case **out, cb_sizes *sizes, char *err, size_t errlen)
{
	const char *const *ops = cb_kind_ops(alg->kind);
	cb_case *c;
	int r, known = 0;

	*out = NULL;
	err[0] = 0;
	cb_sizes_init(sizes);
	for (size_t i = 0; ops && ops[i]; i++)
		known |= !strcmp(ops[i], op);
	if (!known)
		return fail(err, errlen, CB_ERR_UNSUPPORTED, "'%s' has no operation '%s'", alg->name, op);
	c = calloc(1, sizeof(*c));
	if (!c)
		return fail(err, errlen, CB_ERR_NOMEM, "out of memory");
	c->alg = alg;
	c->opts = opts;
	/* Operations without a message still self-check with a typical one. */
	if (!cb_op_takes_message(alg->kind, op))
		*msg_bytes = cb_default_message(alg->kind);
	switch (alg->kind) {
	case CB_KIND_KEM: r = prepare_kem(c, op, sizes, err, errlen); break;
	case CB_KIND_PKE: r = prepare_pke(c, op, msg_bytes, sizes, err, errlen); break;
	case CB_KIND_SIG: r = prepare_sig(c, op, *msg_bytes, sizes, err, errlen); break;
	case CB_KIND_KEX: r = prepare_kex(c, op, sizes, err, errlen); break;
	case CB_KIND_CIPHER: r = prepare_cipher(c, op, *msg_bytes, sizes, err, errlen); break;
	case CB_KIND_HASH: r = prepare_hash(c, *msg_bytes, err, errlen); break;
	case CB_KIND_ENVELOPE: r = prepare_envelope(c, op, *msg_bytes, threads, sizes, err, errlen); break;
	case CB_KIND_TLS: r = prepare_tls(c, op, sizes, err, errlen); break;
	default: r = fail(err, errlen, CB_ERR_ARG, "unknown algorithm class");
	}
	if (r) {
		cb_case_free(c);
		return r;
	}
	if (!cb_op_takes_message(alg->kind, op))
		*msg_bytes = 0;
	*out = c;
	return 0;
}

void cb_case_free(cb_case *c)
{
	if (!c)
		return;
	if (c->key_free) {
		if (c->key)
			c->key_free(c->key);
		if (c->peer)
			c->key_free(c->peer);
	} else if (c->key && c->alg->kind == CB_KIND_CIPHER) {
		cb_as_cipher(c->alg)->free(c->key);
	} else if (c->key && c->alg->kind == CB_KIND_HASH) {
		cb_as_hash(c->alg)->free(c->key);
	}
	if (c->tls)
		cb_as_tls(c->alg)->free(c->tls);
	if (c->sk)
		cb_wipe(c->sk, c->sklen);
	if (c->out)
		cb_wipe(c->out, c->outcap);
	free(c->m);
	free(c->in);
	free(c->out);
	free(c->pk);
	free(c->sk);
	if (c->enc) {
		cb_wipe(c->enc, EXPORT_MAX);
		free(c->enc);
	}
	cb_wipe(c->iv, sizeof(c->iv));
	free(c);
}
