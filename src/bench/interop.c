/*
 * Interoperability matrices (interop.h).  Every sample's inputs are fresh
 * from the system generator; nothing is seeded, so a cell's counts vary
 * from run to run only where an implementation fails on some inputs.
 */
#include "cryptobench/interop.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/der.h"
#include "core/util.h"
#include "cryptobench/cipher.h"
#include "cryptobench/kem.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "cryptobench/sm2.h"
#include "hybrid/hy_ecc.h"

#define MAX CB_INTEROP_MAX_IMPLS
/* Encoded keys (an RSA-4096 PKCS#8 key is about 2.4 KB). */
#define KEY_CAP 8192
/* Longest random message of the public-key schemes (also within every limit they state). */
#define MSG_MAX 512 /* a raw RSA-4096 block */
/* Longest random message and associated data of the ciphers. */
#define CIPHER_MSG_MAX 300
#define AAD_MAX 32
#define SS_CAP 256

const char *const cb_interop_default_algs[] = {
	"sm2-sign", "sm2-enc-c1c3c2", "sm2-enc-c1c2c3", "sm2-enc-der",
	"rsa2048-oaep-sha256", "rsa2048-pkcs1", "rsa2048-pkcs1-sha256", "rsa2048-pss-sha256",
	"ecdsa-p256", "ed25519", "x25519", "mldsa65",
	"sm4-gcm", "aes-256-gcm", "chacha20-poly1305",
	"mlkem768", "x25519mlkem768", "secp256r1mlkem768", "xwing", "sm2mlkem768",
	NULL};

/*
 * What was observed with the libraries of Debian 12 and the pinned
 * anchors.  tests/test_interop.c checks that the `always` ones still
 * happen and that nothing else fails, so a library update that changes
 * them is noticed.
 */
const cb_interop_known cb_interop_known_list[] = {
	{"sm2-enc-*", -1, "gcrypt", CB_IOP_PRODUCER, CB_IOP_DIAG_SM2_C3_WRONG, 0,
	 "libgcrypt 1.10 computes a wrong C3 when x2 or y2 starts with a zero byte (about 1 in 128 "
	 "ciphertexts; C2 is right), so a standard decryptor rejects the ciphertext"},
	{"sm2-enc-*", -1, "gcrypt", CB_IOP_CONSUMER, CB_IOP_DIAG_SM2_C3_LEADING_ZERO, 0,
	 "libgcrypt 1.10 rejects a standard ciphertext whose x2 or y2 starts with a zero byte (about 1 in "
	 "128)"},
	{"sm2-enc-*", -1, "botan", CB_IOP_PRODUCER, CB_IOP_DIAG_SM2_T_ZERO, 0,
	 "Botan 2.19 does not draw a new k when the KDF output t is all zero (GM/T 0003.4 A5): for a "
	 "1-byte message about 1 ciphertext in 256 has C2 = M, which OpenSSL and GmSSL refuse"},
	{"sm2-enc-*", -1, "gcrypt", CB_IOP_PRODUCER, CB_IOP_DIAG_SM2_T_ZERO, 0,
	 "libgcrypt 1.10 does not draw a new k when the KDF output t is all zero (GM/T 0003.4 A5): for a "
	 "1-byte message about 1 ciphertext in 256 has C2 = M, which OpenSSL and GmSSL refuse"},
	{"sm2-sign", 2, "botan", CB_IOP_PRODUCER | CB_IOP_CONSUMER, CB_IOP_DIAG_SM2_ID_UNSUPPORTED, 1,
	 "Botan 2 takes the SM2 user ID inside its parameter string \"<ID>,SM3\", so it cannot take an ID "
	 "with a comma"},
	{NULL, 0, NULL, 0, CB_IOP_DIAG_NONE, 0, NULL}};

int cb_interop_kind_supported(cb_kind kind)
{
	return kind == CB_KIND_SIG || kind == CB_KIND_PKE || kind == CB_KIND_KEX || kind == CB_KIND_CIPHER ||
	       kind == CB_KIND_KEM;
}

size_t cb_interop_variants(const char *alg)
{
	return alg && !strcmp(alg, "sm2-sign") ? 3 : 1;
}

const char *cb_interop_sm2_id(int variant)
{
	return variant == 1 ? CB_INTEROP_SM2_CUSTOM_ID : variant == 2 ? CB_INTEROP_SM2_COMMA_ID : NULL;
}

static const cb_interop_known *find_known(const cb_interop_matrix *m, const char *backend, int side,
					  cb_interop_diag diag)
{
	if (diag == CB_IOP_DIAG_NONE)
		return NULL;
	for (const cb_interop_known *k = cb_interop_known_list; k->alg; k++)
		if (k->diag == diag && (k->role & side) && !strcmp(k->backend, backend) &&
		    (k->custom_id < 0 || k->custom_id == m->custom_id) && cb_name_match(k->alg, m->alg))
			return k;
	return NULL;
}

static void cell_ok(cb_interop_matrix *m, size_t p, size_t c)
{
	m->cell[p][c].total++;
	m->cell[p][c].ok++;
}

/*
 * A failed sample of cell (p, c).  side says which implementation the
 * diagnosis blames (CB_IOP_PRODUCER: p, CB_IOP_CONSUMER: c).
 */
__attribute__((format(printf, 6, 7))) static void cell_fail(cb_interop_matrix *m, size_t p, size_t c,
							     int side, cb_interop_diag diag,
							     const char *fmt, ...)
{
	cb_interop_cell *cell = &m->cell[p][c];
	const char *blamed = (side == CB_IOP_PRODUCER ? m->impl[p] : m->impl[c])->backend;
	const cb_interop_known *k = find_known(m, blamed, side, diag);
	char *dst = NULL;
	size_t cap = 0;
	va_list ap;

	cell->total++;
	if (k) {
		cell->known++;
		if (!cell->which) {
			cell->which = k;
			dst = cell->known_example;
			cap = sizeof(cell->known_example);
		}
	} else {
		cell->unexpected++;
		if (!cell->detail[0]) {
			dst = cell->detail;
			cap = sizeof(cell->detail);
		}
	}
	if (dst) {
		va_start(ap, fmt);
		vsnprintf(dst, cap, fmt, ap);
		va_end(ap);
	}
}

/* The same failure for every consumer of producer p. */
#define FAIL_ROW(m, p, side, diag, ...)                                  \
	do {                                                             \
		for (size_t c_ = 0; c_ < (m)->n; c_++)                   \
			cell_fail((m), (p), c_, (side), (diag), __VA_ARGS__); \
	} while (0)

static const char *be(const cb_interop_matrix *m, size_t i)
{
	return m->impl[i]->backend;
}

/* A random number in [0, bound) (bound > 0); modulo bias does not matter here. */
static int rand_below(size_t bound, size_t *out)
{
	uint32_t r;
	int err = cb_random_bytes(&r, sizeof(r));
	if (err)
		return err;
	*out = (size_t)(r % (uint32_t)bound);
	return 0;
}

/* ---- SM2 ciphertexts: why one was rejected ---- */

static cb_sm2_ct_format sm2_format(const char *alg)
{
	if (!strcmp(alg, "sm2-enc-c1c2c3"))
		return CB_SM2_C1C2C3;
	if (!strcmp(alg, "sm2-enc-der"))
		return CB_SM2_DER;
	return CB_SM2_C1C3C2;
}

/* (x2, y2) = d C1; then C3 against SM3(x2 || M || y2) and C2 against M xor KDF(x2 || y2). */
cb_interop_diag cb_interop_sm2_diagnose(const char *alg, const uint8_t *sk, size_t sklen, const uint8_t *msg,
					size_t mlen, const uint8_t *ct, size_t clen)
{
	const uint8_t *d, *parts[3];
	size_t dlen, lens[3], rawlen = clen + CB_SM2_RAW_OVERHEAD;
	uint8_t x2[32], y2[32], c3[32], *raw, *t = NULL;
	cb_interop_diag diag = CB_IOP_DIAG_NONE;
	unsigned diff = 0;

	if (cb_key_raw(sk, sklen, 1, &d, &dlen) != 0 || dlen != 32)
		return diag;
	raw = malloc(rawlen);
	if (!raw)
		return diag;
	if (cb_sm2_ct_convert(sm2_format(alg), ct, clen, CB_SM2_C1C3C2, raw, &rawlen) != 0 ||
	    rawlen != mlen + CB_SM2_RAW_OVERHEAD || cb_hy_ec_dh(CB_HY_SM2, x2, y2, d, raw) != 0 ||
	    !(t = malloc(mlen ? mlen : 1)))
		goto out;
	/* t = KDF(x2 || y2): all zero, with C2 = M, is the encryptor's fault (A5) */
	parts[0] = x2;
	parts[1] = y2;
	lens[0] = lens[1] = 32;
	if (mlen && cb_hy_sm3_kdf(t, mlen, parts, lens, 2) == 0) {
		unsigned tz = 0, c2m = 0;
		for (size_t i = 0; i < mlen; i++) {
			tz |= t[i];
			c2m |= (unsigned)(raw[CB_SM2_RAW_OVERHEAD + i] ^ msg[i]);
		}
		if (!tz && !c2m) {
			diag = CB_IOP_DIAG_SM2_T_ZERO;
			goto out;
		}
	}
	if (x2[0] != 0 && y2[0] != 0)
		goto out;
	parts[0] = x2;
	parts[1] = msg;
	parts[2] = y2;
	lens[0] = 32;
	lens[1] = mlen;
	lens[2] = 32;
	if (cb_hy_sm3(c3, parts, lens, 3) != 0)
		goto out;
	if (!memcmp(raw + 65, c3, 32)) {
		diag = CB_IOP_DIAG_SM2_C3_LEADING_ZERO;
		goto out;
	}
	parts[1] = y2;
	lens[1] = 32;
	if (cb_hy_sm3_kdf(t, mlen, parts, lens, 2) != 0)
		goto out;
	for (size_t i = 0; i < mlen; i++)
		diff |= (unsigned)(t[i] ^ raw[CB_SM2_RAW_OVERHEAD + i] ^ msg[i]);
	if (!diff)
		diag = CB_IOP_DIAG_SM2_C3_WRONG;
out:
	cb_wipe(x2, sizeof(x2));
	cb_wipe(y2, sizeof(y2));
	if (t)
		cb_wipe(t, mlen);
	free(t);
	cb_wipe(raw, clen + CB_SM2_RAW_OVERHEAD);
	free(raw);
	return diag;
}

/* ---- sig and pke: one key pair per sample, imported by everyone ---- */

/* The parts of the sig and pke classes the key handling needs. */
/* A sig or pke class seen through the methods the two kinds share. */
struct pk_ops {
	const cb_sig_class *s;
	const cb_pke_class *e;
	void (*key_free)(void *key);
	int (*export_public)(const void *key, uint8_t *out, size_t *outlen);
	int (*export_secret)(const void *key, uint8_t *out, size_t *outlen);
	int has_import_public, has_import_secret;
};

static struct pk_ops pk_ops_of(const cb_alg_info *a)
{
	struct pk_ops o;
	const cb_sig_class *s = cb_as_sig(a);
	const cb_pke_class *e = cb_as_pke(a);
	memset(&o, 0, sizeof(o));
	o.s = s;
	o.e = e;
	if (s) {
		o.key_free = s->key_free;
		o.export_public = s->export_public;
		o.export_secret = s->export_secret;
		o.has_import_public = s->import_public != NULL;
		o.has_import_secret = s->import_secret != NULL;
	} else if (e) {
		o.key_free = e->key_free;
		o.export_public = e->export_public;
		o.export_secret = e->export_secret;
		o.has_import_public = e->import_public != NULL;
		o.has_import_secret = e->import_secret != NULL;
	}
	return o;
}

static int pk_keygen(const struct pk_ops *o, const cb_opts *opts, void **key)
{
	return o->s ? cb_sig_keygen(o->s, opts, key) : cb_pke_keygen(o->e, opts, key);
}

/* import_secret (secret != 0) or import_public, which the caller knows the class has. */
static int pk_import(const struct pk_ops *o, int secret, const uint8_t *in, size_t len, const cb_opts *opts,
		     void **key)
{
	if (o->s)
		return secret ? cb_sig_import_secret(o->s, in, len, opts, key) : cb_sig_import_public(o->s, in, len, opts, key);
	return secret ? cb_pke_import_secret(o->e, in, len, opts, key) : cb_pke_import_public(o->e, in, len, opts, key);
}

struct sample_keys {
	size_t gen;       /* which implementation made the key pair */
	uint8_t sk[KEY_CAP], pk[KEY_CAP];
	size_t sklen, pklen;
	void *sec[MAX], *pub[MAX]; /* pub NULL: no import_public, sec verifies / encrypts */
	int secerr[MAX], puberr[MAX];
	/* An import that failed with the custom ID and succeeds with the default one. */
	int secid[MAX], pubid[MAX];
};

/* A custom ID refused: the limitation the known list can name. */
static cb_interop_diag id_diag(int refused)
{
	return refused ? CB_IOP_DIAG_SM2_ID_UNSUPPORTED : CB_IOP_DIAG_NONE;
}

/*
 * Whether a failed import with a custom ID succeeds with the default ID:
 * then the ID, not the key, is what the implementation refused.
 */
static int id_refused(const struct pk_ops *o, int secret, const uint8_t *in, size_t len, const cb_opts *opts)
{
	void *key = NULL;
	if (!opts || !opts->sm2_id || pk_import(o, secret, in, len, NULL, &key) != 0)
		return 0;
	o->key_free(key);
	return 1;
}

static void keys_free(const cb_interop_matrix *m, struct sample_keys *k)
{
	for (size_t b = 0; b < m->n; b++) {
		struct pk_ops o = pk_ops_of(m->impl[b]);
		if (k->sec[b])
			o.key_free(k->sec[b]);
		if (k->pub[b])
			o.key_free(k->pub[b]);
		k->sec[b] = k->pub[b] = NULL;
	}
	cb_wipe(k->sk, sizeof(k->sk));
}

/*
 * The exported pair in the canonical DER of src/core/der.c, the form every
 * class's import takes (an export may carry optional parts, such as
 * OpenSSL's public key inside an ECPrivateKey), as the CLI's key files
 * are normalised (keyfile.c).
 */
static int canonical(struct sample_keys *k)
{
	cb_key_type t;
	uint8_t *out;
	size_t len;
	int err = cb_key_private_pkcs8(k->sk, k->sklen, &t, &out, &len);

	if (err)
		return err;
	if (len <= sizeof(k->sk)) {
		cb_wipe(k->sk, sizeof(k->sk));
		memcpy(k->sk, out, len);
		k->sklen = len;
	} else {
		err = CB_ERR_LENGTH;
	}
	cb_wipe(out, len);
	free(out);
	if (err || (err = cb_key_public_spki(k->pk, k->pklen, &t, &out, &len)) != 0)
		return err;
	if (len <= sizeof(k->pk)) {
		memcpy(k->pk, out, len);
		k->pklen = len;
	} else {
		err = CB_ERR_LENGTH;
	}
	free(out);
	return err;
}

/*
 * Sample i's key pair: made by implementation i mod n (or the next one
 * that can make and export it), then imported by every other one.
 * Returns 0, or the last key generation error when none could.
 */
static int keys_make(const cb_interop_matrix *m, size_t i, const cb_opts *opts, struct sample_keys *k)
{
	int err = CB_ERR_UNSUPPORTED;
	void *key = NULL;

	memset(k->sec, 0, sizeof(k->sec));
	memset(k->pub, 0, sizeof(k->pub));
	for (size_t t = 0; t < m->n; t++) {
		size_t g = (i + t) % m->n;
		struct pk_ops o = pk_ops_of(m->impl[g]);
		k->sklen = sizeof(k->sk);
		k->pklen = sizeof(k->pk);
		if ((err = pk_keygen(&o, opts, &key)) != 0) {
			key = NULL;
			continue;
		}
		if ((err = o.export_secret(key, k->sk, &k->sklen)) == 0 &&
		    (err = o.export_public(key, k->pk, &k->pklen)) == 0 && (err = canonical(k)) == 0) {
			k->gen = g;
			k->sec[g] = key;
			break;
		}
		o.key_free(key);
		key = NULL;
	}
	if (!key)
		return err;
	for (size_t b = 0; b < m->n; b++) {
		struct pk_ops o = pk_ops_of(m->impl[b]);
		k->secerr[b] = k->puberr[b] = k->secid[b] = k->pubid[b] = 0;
		if (b != k->gen)
			k->secerr[b] = o.has_import_secret ? pk_import(&o, 1, k->sk, k->sklen, opts, &k->sec[b])
							   : CB_ERR_UNSUPPORTED;
		if (k->secerr[b]) {
			k->sec[b] = NULL;
			k->secid[b] = o.has_import_secret && id_refused(&o, 1, k->sk, k->sklen, opts);
		}
		if (o.has_import_public && (k->puberr[b] = pk_import(&o, 0, k->pk, k->pklen, opts, &k->pub[b])) != 0) {
			k->pub[b] = NULL;
			k->pubid[b] = id_refused(&o, 0, k->pk, k->pklen, opts);
		}
	}
	return 0;
}

/* The handle that verifies or encrypts for b: the imported public key, else the secret one. */
static void *public_handle(const struct sample_keys *k, size_t b, int *err, int *refused)
{
	if (k->pub[b])
		return k->pub[b];
	*err = k->puberr[b] ? k->puberr[b] : k->secerr[b];
	*refused = k->puberr[b] ? k->pubid[b] : k->secid[b];
	return k->sec[b];
}

/* The post-quantum signatures (FIPS 204 / 205): a context string, long messages, flipped bits. */
static int pq_sig(const char *alg)
{
	return !strncmp(alg, "mldsa", 5) || !strncmp(alg, "slh-dsa-", 8);
}

/* The longest message a post-quantum signature sample takes (sample 1). */
#define PQ_MSG_MAX (1u << 20)

/*
 * Sample i of a post-quantum signature: its context string (FIPS 204 / 205:
 * empty, a short one, the longest, 255 bytes, in turn; every class of the
 * matrix signs and verifies under it) and its message length (sample 0
 * the empty message, sample 1 one MiB, then random up to MSG_MAX).
 */
static int pq_sample(size_t i, uint8_t ctx[255], cb_opts *o, size_t *mlen)
{
	size_t clen = i % 3 == 0 ? 0 : i % 3 == 1 ? 16 : 255;
	int err = clen ? cb_random_bytes(ctx, clen) : 0;

	memset(o, 0, sizeof(*o));
	o->sig_ctx = clen ? ctx : NULL;
	o->sig_ctx_len = clen;
	if (err)
		return err;
	if (i == 0)
		*mlen = 0;
	else if (i == 1)
		*mlen = PQ_MSG_MAX;
	else
		return rand_below(MSG_MAX + 1, mlen);
	return 0;
}

/*
 * A signature that verified, with one bit flipped in the signature and then
 * in the message (when it has one): both must be refused, through the
 * layer as every caller verifies (and as the signature itself was).  0
 * when they are; else what was accepted.
 */
static const char *flipped_accepted(const cb_sig_class *sc, void *h, uint8_t *msg, size_t mlen, uint8_t *sig,
				    size_t siglen, int *err)
{
	size_t bit;
	int r;

	if ((*err = rand_below(siglen * 8, &bit)) != 0)
		return NULL;
	sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
	r = cb_sig_verify(sc, h, msg, mlen, sig, siglen);
	sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
	if (r == 0)
		return "a signature with a flipped bit";
	if (!mlen)
		return NULL;
	if ((*err = rand_below(mlen * 8, &bit)) != 0)
		return NULL;
	msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
	r = cb_sig_verify(sc, h, msg, mlen, sig, siglen);
	msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
	return r == 0 ? "a message with a flipped bit" : NULL;
}

static int run_sig(cb_interop_matrix *m, size_t count, const cb_opts *opts)
{
	struct sample_keys *k = calloc(1, sizeof(*k));
	int pq = pq_sig(m->alg);
	uint8_t *msg = malloc(pq ? PQ_MSG_MAX : MSG_MAX), ctx[255];
	cb_opts pqopts;
	size_t pqmlen = 0;
	int err = 0;

	if (!k || !msg) {
		free(k);
		free(msg);
		return CB_ERR_NOMEM;
	}
	for (size_t i = 0; i < count && !err; i++) {
		int r;

		if (pq) {
			if ((err = pq_sample(i, ctx, &pqopts, &pqmlen)) != 0)
				break;
			opts = &pqopts;
		}
		r = keys_make(m, i, opts, k);
		if (r) {
			for (size_t p = 0; p < m->n; p++)
				FAIL_ROW(m, p, CB_IOP_PRODUCER, CB_IOP_DIAG_NONE, "no implementation made a key pair: %s",
					 cb_strerror(r));
			continue;
		}
		for (size_t p = 0; p < m->n && !err; p++) {
			const cb_sig_class *sp = cb_as_sig(m->impl[p]);
			size_t mlen, siglen;
			uint8_t *sig;
			if (!k->sec[p]) {
				FAIL_ROW(m, p, CB_IOP_PRODUCER, id_diag(k->secid[p]),
					 "%s cannot import the PKCS#8 key made by %s%s: %s", be(m, p), be(m, k->gen),
					 k->secid[p] ? " with this ID (it can with the default ID)" : "",
					 cb_strerror(k->secerr[p]));
				continue;
			}
			if (pq)
				mlen = pqmlen;
			else if ((err = rand_below(MSG_MAX + 1, &mlen)) != 0)
				break;
			if ((err = cb_random_bytes(msg, mlen)) != 0)
				break;
			siglen = sp->max_signature(k->sec[p]);
			if (!(sig = malloc(siglen ? siglen : 1))) {
				err = CB_ERR_NOMEM;
				break;
			}
			if ((r = cb_sig_sign(sp, k->sec[p], msg, mlen, sig, &siglen)) != 0) {
				FAIL_ROW(m, p, CB_IOP_PRODUCER, CB_IOP_DIAG_NONE,
					 "%s failed to sign a %zu-byte message with the key made by %s: %s", be(m, p),
					 mlen, be(m, k->gen), cb_strerror(r));
				free(sig);
				continue;
			}
			for (size_t c = 0; c < m->n; c++) {
				const cb_sig_class *sc = cb_as_sig(m->impl[c]);
				int ierr = 0, refused = 0;
				void *h = public_handle(k, c, &ierr, &refused);
				if (!h) {
					cell_fail(m, p, c, CB_IOP_CONSUMER, id_diag(refused),
						  "%s cannot import the public key made by %s%s: %s", be(m, c),
						  be(m, k->gen), refused ? " with this ID (it can with the default ID)" : "",
						  cb_strerror(ierr));
				} else if ((r = cb_sig_verify(sc, h, msg, mlen, sig, siglen)) != 0) {
					cell_fail(m, p, c, CB_IOP_CONSUMER, CB_IOP_DIAG_NONE,
						  "%s rejected a %zu-byte signature by %s of a %zu-byte message "
						  "(key made by %s%s): %s",
						  be(m, c), siglen, be(m, p), mlen, be(m, k->gen),
						  pq && pqopts.sig_ctx_len ? ", a context string" : "", cb_strerror(r));
				} else {
					const char *bad = pq ? flipped_accepted(sc, h, msg, mlen, sig, siglen, &err) : NULL;

					if (err)
						break;
					if (bad)
						cell_fail(m, p, c, CB_IOP_CONSUMER, CB_IOP_DIAG_NONE,
							  "%s accepted %s (signed by %s, %zu-byte message)", be(m, c), bad,
							  be(m, p), mlen);
					else
						cell_ok(m, p, c);
				}
			}
			free(sig);
		}
		keys_free(m, k);
	}
	keys_free(m, k);
	free(k);
	cb_wipe(msg, pq ? PQ_MSG_MAX : MSG_MAX);
	free(msg);
	return err;
}

static int run_pke(cb_interop_matrix *m, size_t count)
{
	struct sample_keys *k = calloc(1, sizeof(*k));
	int is_sm2 = !strncmp(m->alg, "sm2-enc-", 8);
	uint8_t msg[MSG_MAX];
	int err = 0;

	if (!k)
		return CB_ERR_NOMEM;
	for (size_t i = 0; i < count && !err; i++) {
		size_t limit = sizeof(msg);
		int r = keys_make(m, i, NULL, k);
		if (r) {
			for (size_t p = 0; p < m->n; p++)
				FAIL_ROW(m, p, CB_IOP_PRODUCER, CB_IOP_DIAG_NONE, "no implementation made a key pair: %s",
					 cb_strerror(r));
			continue;
		}
		/* The message fits every implementation's limit for this key. */
		for (size_t b = 0; b < m->n; b++) {
			const cb_pke_class *pb = cb_as_pke(m->impl[b]);
			if (k->sec[b] && pb->max_plaintext(k->sec[b]) < limit)
				limit = pb->max_plaintext(k->sec[b]);
			if (k->pub[b] && pb->max_plaintext(k->pub[b]) < limit)
				limit = pb->max_plaintext(k->pub[b]);
		}
		for (size_t p = 0; p < m->n && !err; p++) {
			const cb_pke_class *pp = cb_as_pke(m->impl[p]);
			int ierr = 0, refused = 0;
			void *h = public_handle(k, p, &ierr, &refused);
			size_t mlen, clen;
			uint8_t *ct, *back;
			if (!h) {
				FAIL_ROW(m, p, CB_IOP_PRODUCER, CB_IOP_DIAG_NONE,
					 "%s cannot import the public key made by %s: %s", be(m, p), be(m, k->gen),
					 cb_strerror(ierr));
				continue;
			}
			if (limit == 0) {
				FAIL_ROW(m, p, CB_IOP_PRODUCER, CB_IOP_DIAG_NONE,
					 "an implementation takes no message under this key");
				continue;
			}
			/* Raw RSA takes exactly one modulus-sized block below n: a zero first byte. */
			int raw = limit != SIZE_MAX && limit == pp->max_ciphertext(h, limit);
			if (raw && limit <= MSG_MAX) {
				mlen = limit;
				if ((err = cb_random_bytes(msg, mlen)) != 0)
					break;
				msg[0] = 0;
			} else if (i % 4 == 3) {
				/* every fourth sample the shortest message: t = KDF(...) is then one byte */
				mlen = 1;
				if ((err = cb_random_bytes(msg, mlen)) != 0)
					break;
			} else if ((err = rand_below(limit, &mlen)) != 0 || (err = cb_random_bytes(msg, ++mlen)) != 0) {
				break;
			}
			clen = pp->max_ciphertext(h, mlen);
			ct = malloc(clen ? clen : 1);
			back = malloc(clen + MSG_MAX);
			if (!ct || !back) {
				free(ct);
				free(back);
				err = CB_ERR_NOMEM;
				break;
			}
			if ((r = cb_pke_encrypt(pp, h, msg, mlen, ct, &clen)) != 0) {
				FAIL_ROW(m, p, CB_IOP_PRODUCER, CB_IOP_DIAG_NONE,
					 "%s failed to encrypt a %zu-byte message to the key made by %s: %s",
					 be(m, p), mlen, be(m, k->gen), cb_strerror(r));
				free(ct);
				free(back);
				continue;
			}
			for (size_t c = 0; c < m->n; c++) {
				const cb_pke_class *pc = cb_as_pke(m->impl[c]);
				size_t blen = clen + MSG_MAX;
				if (!k->sec[c]) {
					cell_fail(m, p, c, CB_IOP_CONSUMER, CB_IOP_DIAG_NONE,
						  "%s cannot import the PKCS#8 key made by %s: %s", be(m, c),
						  be(m, k->gen), cb_strerror(k->secerr[c]));
				} else if ((r = cb_pke_decrypt(pc, k->sec[c], ct, clen, back, &blen)) != 0 || blen != mlen ||
					   memcmp(back, msg, mlen)) {
					cb_interop_diag d =
						is_sm2 ? cb_interop_sm2_diagnose(m->alg, k->sk, k->sklen, msg, mlen, ct, clen)
						       : CB_IOP_DIAG_NONE;
					int side = d == CB_IOP_DIAG_SM2_C3_WRONG || d == CB_IOP_DIAG_SM2_T_ZERO
							   ? CB_IOP_PRODUCER
							   : CB_IOP_CONSUMER;
					if (r)
						cell_fail(m, p, c, side, d,
							  "%s rejected a %zu-byte ciphertext by %s of a %zu-byte "
							  "message (key made by %s): %s%s",
							  be(m, c), clen, be(m, p), mlen, be(m, k->gen), cb_strerror(r),
							  d == CB_IOP_DIAG_SM2_C3_WRONG
								  ? "; its C2 is right, its C3 is not SM3(x2 || M || y2), and x2 or y2 starts with a zero byte"
							  : d == CB_IOP_DIAG_SM2_C3_LEADING_ZERO
								  ? "; its C3 is standard, x2 or y2 starts with a zero byte"
							  : d == CB_IOP_DIAG_SM2_T_ZERO
								  ? "; its KDF output t is all zero (C2 = M), which GM/T 0003.4 A5 forbids"
								  : "");
					else
						cell_fail(m, p, c, side, d,
							  "%s decrypted a ciphertext by %s of a %zu-byte message to "
							  "another %zu-byte message (key made by %s)",
							  be(m, c), be(m, p), mlen, blen, be(m, k->gen));
				} else {
					cell_ok(m, p, c);
				}
				cb_wipe(back, clen + MSG_MAX);
			}
			free(ct);
			free(back);
		}
		keys_free(m, k);
	}
	keys_free(m, k);
	free(k);
	return err;
}

/* ---- kex: each side its own key pair, derive from the other's public value ---- */

struct kex_side {
	void *key;
	uint8_t pub[KEY_CAP];
	size_t publen;
	int err;
};

static int kex_make(const cb_kex_class *x, struct kex_side *s)
{
	s->key = NULL;
	s->publen = sizeof(s->pub);
	if ((s->err = cb_kex_keygen(x, NULL, &s->key)) != 0) {
		s->key = NULL;
		return s->err;
	}
	if ((s->err = x->export_public(s->key, s->pub, &s->publen)) != 0) {
		x->key_free(s->key);
		s->key = NULL;
	}
	return s->err;
}

static int run_kex(cb_interop_matrix *m, size_t count)
{
	struct kex_side *a = calloc(MAX, sizeof(*a)), *b = calloc(MAX, sizeof(*b));
	uint8_t s1[SS_CAP], s2[SS_CAP];

	if (!a || !b) {
		free(a);
		free(b);
		return CB_ERR_NOMEM;
	}
	for (size_t i = 0; i < count; i++) {
		for (size_t j = 0; j < m->n; j++) {
			const cb_kex_class *x = cb_as_kex(m->impl[j]);
			(void)kex_make(x, &a[j]);
			(void)kex_make(x, &b[j]);
		}
		for (size_t p = 0; p < m->n; p++) {
			const cb_kex_class *xp = cb_as_kex(m->impl[p]);
			if (!a[p].key) {
				FAIL_ROW(m, p, CB_IOP_PRODUCER, CB_IOP_DIAG_NONE, "%s failed to make a key pair: %s",
					 be(m, p), cb_strerror(a[p].err));
				continue;
			}
			for (size_t c = 0; c < m->n; c++) {
				const cb_kex_class *xc = cb_as_kex(m->impl[c]);
				size_t l1 = sizeof(s1), l2 = sizeof(s2);
				int r1, r2;
				if (!b[c].key) {
					cell_fail(m, p, c, CB_IOP_CONSUMER, CB_IOP_DIAG_NONE,
						  "%s failed to make a key pair: %s", be(m, c), cb_strerror(b[c].err));
					continue;
				}
				r1 = cb_kex_derive(xp, a[p].key, b[c].pub, b[c].publen, s1, &l1);
				r2 = cb_kex_derive(xc, b[c].key, a[p].pub, a[p].publen, s2, &l2);
				if (r1)
					cell_fail(m, p, c, CB_IOP_PRODUCER, CB_IOP_DIAG_NONE,
						  "%s cannot derive from the %zu-byte public value of %s: %s", be(m, p),
						  b[c].publen, be(m, c), cb_strerror(r1));
				else if (r2)
					cell_fail(m, p, c, CB_IOP_CONSUMER, CB_IOP_DIAG_NONE,
						  "%s cannot derive from the %zu-byte public value of %s: %s", be(m, c),
						  a[p].publen, be(m, p), cb_strerror(r2));
				else if (l1 != l2 || memcmp(s1, s2, l1))
					cell_fail(m, p, c, CB_IOP_CONSUMER, CB_IOP_DIAG_NONE,
						  "%s and %s derived different secrets (%zu and %zu bytes)", be(m, p),
						  be(m, c), l1, l2);
				else
					cell_ok(m, p, c);
				cb_wipe(s1, sizeof(s1));
				cb_wipe(s2, sizeof(s2));
			}
		}
		for (size_t j = 0; j < m->n; j++) {
			const cb_kex_class *x = cb_as_kex(m->impl[j]);
			if (a[j].key)
				x->key_free(a[j].key);
			if (b[j].key)
				x->key_free(b[j].key);
			a[j].key = b[j].key = NULL;
		}
	}
	free(a);
	free(b);
	return 0;
}

/* ---- cipher: one random key, IV, AAD and message per sample ---- */

static int run_cipher(cb_interop_matrix *m, size_t count)
{
	const cb_cipher_class *c0 = cb_as_cipher(m->impl[0]);
	size_t keylen = c0->key_bytes, ivlen = c0->iv_bytes, cap = CIPHER_MSG_MAX + 64;
	uint8_t key[64], iv[64], aad[AAD_MAX], msg[CIPHER_MSG_MAX];
	uint8_t *ct = malloc(cap), *back = malloc(cap);
	void *ctx[MAX];
	int cerr[MAX], err = 0;

	if (!ct || !back || keylen > sizeof(key) || ivlen > sizeof(iv)) {
		free(ct);
		free(back);
		return ct && back ? CB_ERR_ARG : CB_ERR_NOMEM;
	}
	for (size_t i = 0; i < count && !err; i++) {
		size_t mlen, alen = 0;
		if ((err = cb_random_bytes(key, keylen)) != 0 || (err = cb_random_bytes(iv, ivlen)) != 0)
			break;
		for (size_t j = 0; j < m->n; j++) {
			const cb_cipher_class *x = cb_as_cipher(m->impl[j]);
			ctx[j] = NULL;
			cerr[j] = cb_cipher_init(x, &ctx[j], key, keylen);
			if (cerr[j])
				ctx[j] = NULL;
		}
		for (size_t p = 0; p < m->n && !err; p++) {
			const cb_cipher_class *xp = cb_as_cipher(m->impl[p]);
			size_t clen = cap;
			int r;
			if (!ctx[p]) {
				FAIL_ROW(m, p, CB_IOP_PRODUCER, CB_IOP_DIAG_NONE,
					 "%s cannot take a %zu-byte key and %zu-byte IV: %s", be(m, p), keylen, ivlen,
					 cb_strerror(cerr[p]));
				continue;
			}
			if ((err = rand_below(sizeof(msg) + 1, &mlen)) != 0)
				break;
			if (xp->block_bytes > 1 && !xp->padded)
				mlen -= mlen % xp->block_bytes;
			if (xp->tag_bytes && (err = rand_below(sizeof(aad) + 1, &alen)) != 0)
				break;
			if ((err = cb_random_bytes(msg, mlen)) != 0 || (err = cb_random_bytes(aad, alen)) != 0)
				break;
			if ((r = cb_cipher_encrypt(xp, ctx[p], iv, ivlen, aad, alen, msg, mlen, ct, &clen)) != 0) {
				FAIL_ROW(m, p, CB_IOP_PRODUCER, CB_IOP_DIAG_NONE,
					 "%s failed to encrypt a %zu-byte message: %s", be(m, p), mlen, cb_strerror(r));
				continue;
			}
			for (size_t c = 0; c < m->n; c++) {
				const cb_cipher_class *xc = cb_as_cipher(m->impl[c]);
				size_t blen = cap;
				if (!ctx[c])
					cell_fail(m, p, c, CB_IOP_CONSUMER, CB_IOP_DIAG_NONE,
						  "%s cannot take a %zu-byte key and %zu-byte IV: %s", be(m, c), keylen,
						  ivlen, cb_strerror(cerr[c]));
				else if ((r = cb_cipher_decrypt(xc, ctx[c], iv, ivlen, aad, alen, ct, clen, back, &blen)) != 0)
					cell_fail(m, p, c, CB_IOP_CONSUMER, CB_IOP_DIAG_NONE,
						  "%s rejected a %zu-byte ciphertext by %s (%zu-byte message, %zu-byte "
						  "associated data): %s",
						  be(m, c), clen, be(m, p), mlen, alen, cb_strerror(r));
				else if (blen != mlen || memcmp(back, msg, mlen))
					cell_fail(m, p, c, CB_IOP_CONSUMER, CB_IOP_DIAG_NONE,
						  "%s decrypted a ciphertext by %s of a %zu-byte message to another "
						  "%zu-byte message",
						  be(m, c), be(m, p), mlen, blen);
				else
					cell_ok(m, p, c);
			}
		}
		for (size_t j = 0; j < m->n; j++)
			if (ctx[j])
				cb_as_cipher(m->impl[j])->free(ctx[j]);
	}
	cb_wipe(key, sizeof(key));
	cb_wipe(msg, sizeof(msg));
	cb_wipe(back, cap);
	free(ct);
	free(back);
	return err;
}

/* ---- kem: the consumer's key pair, the producer encapsulates ---- */

static int run_kem(cb_interop_matrix *m, size_t count)
{
	size_t pkmax = 0, skmax = 0, ctmax = 0, ssmax = 0;
	uint8_t *pk, *sk, *ct, *ss1, *ss2;
	int err = 0;

	for (size_t j = 0; j < m->n; j++) {
		const cb_kem_class *x = cb_as_kem(m->impl[j]);
#define GROW(v, s) ((v) = (s) > (v) ? (s) : (v))
		GROW(pkmax, x->public_key_bytes);
		GROW(skmax, x->secret_key_bytes);
		GROW(ctmax, x->ciphertext_bytes);
		GROW(ssmax, x->shared_secret_bytes);
#undef GROW
	}
	pk = malloc(pkmax);
	sk = malloc(skmax);
	ct = malloc(ctmax);
	ss1 = malloc(ssmax);
	ss2 = malloc(ssmax);
	if (!pk || !sk || !ct || !ss1 || !ss2) {
		err = CB_ERR_NOMEM;
		goto out;
	}
	for (size_t i = 0; i < count; i++) {
		for (size_t c = 0; c < m->n; c++) {
			const cb_kem_class *xc = cb_as_kem(m->impl[c]);
			int r = xc->keypair(xc, pk, sk);
			if (r) {
				for (size_t p = 0; p < m->n; p++)
					cell_fail(m, p, c, CB_IOP_CONSUMER, CB_IOP_DIAG_NONE,
						  "%s failed to make a key pair: %s", be(m, c), cb_strerror(r));
				continue;
			}
			for (size_t p = 0; p < m->n; p++) {
				const cb_kem_class *xp = cb_as_kem(m->impl[p]);
				if (xp->public_key_bytes != xc->public_key_bytes ||
				    xp->ciphertext_bytes != xc->ciphertext_bytes ||
				    xp->shared_secret_bytes != xc->shared_secret_bytes) {
					cell_fail(m, p, c, CB_IOP_CONSUMER, CB_IOP_DIAG_NONE,
						  "sizes differ: %s has %zu/%zu/%zu-byte public keys/ciphertexts/secrets, "
						  "%s %zu/%zu/%zu",
						  be(m, p), xp->public_key_bytes, xp->ciphertext_bytes,
						  xp->shared_secret_bytes, be(m, c), xc->public_key_bytes,
						  xc->ciphertext_bytes, xc->shared_secret_bytes);
				} else if ((r = xp->encaps(xp, ct, ss1, pk)) != 0) {
					cell_fail(m, p, c, CB_IOP_PRODUCER, CB_IOP_DIAG_NONE,
						  "%s cannot encapsulate to the public key made by %s: %s", be(m, p),
						  be(m, c), cb_strerror(r));
				} else if ((r = xc->decaps(xc, ss2, ct, sk)) != 0) {
					cell_fail(m, p, c, CB_IOP_CONSUMER, CB_IOP_DIAG_NONE,
						  "%s cannot decapsulate the ciphertext by %s: %s", be(m, c), be(m, p),
						  cb_strerror(r));
				} else if (memcmp(ss1, ss2, xc->shared_secret_bytes)) {
					cell_fail(m, p, c, CB_IOP_CONSUMER, CB_IOP_DIAG_NONE,
						  "%s decapsulated another secret than %s encapsulated", be(m, c),
						  be(m, p));
				} else {
					cell_ok(m, p, c);
				}
			}
			cb_wipe(sk, skmax);
		}
	}
	cb_wipe(ss1, ssmax);
	cb_wipe(ss2, ssmax);
out:
	free(pk);
	free(sk);
	free(ct);
	free(ss1);
	free(ss2);
	return err;
}

static const char *crosses(cb_kind kind)
{
	switch (kind) {
	case CB_KIND_SIG: return "signatures";
	case CB_KIND_PKE: return "ciphertexts";
	case CB_KIND_KEX: return "shared secrets";
	case CB_KIND_CIPHER: return "ciphertexts";
	case CB_KIND_KEM: return "encapsulations";
	default: return "?";
	}
}

int cb_interop_run(const cb_alg_info *const *impls, size_t n, int variant, size_t count,
		   cb_interop_matrix *m)
{
	const char *id;
	cb_opts opts;
	int err;

	if (!impls || !m || n == 0 || n > MAX || variant < 0 ||
	    (size_t)variant >= cb_interop_variants(impls[0]->name) || !cb_interop_kind_supported(impls[0]->kind))
		return CB_ERR_ARG;
	for (size_t i = 1; i < n; i++)
		if (impls[i]->kind != impls[0]->kind || strcmp(impls[i]->name, impls[0]->name))
			return CB_ERR_ARG;
	memset(m, 0, sizeof(*m));
	m->alg = impls[0]->name;
	m->custom_id = variant;
	m->sm2_id = cb_interop_sm2_id(variant);
	m->variants = cb_interop_variants(impls[0]->name);
	id = cb_interop_sm2_id(variant);
	m->crosses = crosses(impls[0]->kind);
	m->n = n;
	for (size_t i = 0; i < n; i++)
		m->impl[i] = impls[i];
	memset(&opts, 0, sizeof(opts));
	if (id) {
		opts.sm2_id = (const uint8_t *)id;
		opts.sm2_id_len = strlen(id);
	}
	switch (impls[0]->kind) {
	case CB_KIND_SIG: err = run_sig(m, count, m->custom_id ? &opts : NULL); break;
	case CB_KIND_PKE: err = run_pke(m, count); break;
	case CB_KIND_KEX: err = run_kex(m, count); break;
	case CB_KIND_CIPHER: err = run_cipher(m, count); break;
	default: err = run_kem(m, count); break;
	}
	for (size_t p = 0; p < n; p++)
		for (size_t c = 0; c < n; c++) {
			cb_interop_cell *cell = &m->cell[p][c];
			m->ok += cell->ok;
			m->known += cell->known;
			m->unexpected += cell->unexpected;
		}
	return err;
}
