/*
 * Envelope encryption (envelope.h; the byte layout is docs/ENVELOPE.md).
 *
 *   header   "CBSEAL" 00 01 | aead (1) | chunk_log2 (1) | nonce prefix (7) |
 *            recipients n (1) | n x { name_len (1) | name | ct_len (2, BE) |
 *            ct | wrapped file key (32 + 16) }
 *   chunks   AEAD(payload key, prefix || index (4, BE) || final (1), "", data)
 *            data: 2^chunk_log2 bytes, the final chunk 0 .. 2^chunk_log2
 *
 *   wrap key     WK = SHA3-256("CBSEAL-v1 wrap" || name_len || name || ct || ss)
 *   wrapped key  AEAD(WK, 0^12, header[0..18), file key)
 *   payload key  PK = SHA3-256("CBSEAL-v1 payload" || file key || SHA3-256(header))
 */
#include "envelope/envelope.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "cryptobench/cipher.h"
#include "sha3/sha3.h"

#define MAGIC "CBSEAL\0\1"
#define FIXED 18 /* magic 8, aead 1, chunk_log2 1, prefix 7, n 1 */
#define KEYLEN 32
#define TAG 16
#define WRAPPED (KEYLEN + TAG)
#define MAX_CT 8192
#define LABEL_WRAP "CBSEAL-v1 wrap"
#define LABEL_PAYLOAD "CBSEAL-v1 payload"

/*
 * ---- AEAD: always a cipher class of the registry (env_classes.c): the
 * one of the backend named, else the default one; its context keyed once.
 */

struct aead {
	const cb_cipher_class *cc;
	void *cctx;
};

/* The AEAD `id` keyed with key (SM4: its first 16 bytes). */
static int aead_init(struct aead *a, int id, const uint8_t key[32], int enc, const char *backend)
{
	const cb_cipher_class *cc = cb_env_backend_cipher(id, backend);

	(void)enc; /* a cipher context both seals and opens */
	a->cc = NULL;
	a->cctx = NULL;
	if (!cc)
		return backend ? CB_ERR_BACKEND : id == CB_ENV_SM4GCM ? CB_ERR_UNSUPPORTED : CB_ERR_FORMAT;
	if (cc->init(cc, &a->cctx, key) != 0) {
		a->cctx = NULL;
		return CB_ERR_BACKEND;
	}
	a->cc = cc;
	return CB_OK;
}

static void aead_free(struct aead *a)
{
	if (a->cc && a->cctx)
		a->cc->free(a->cctx); /* the backend wipes its key */
	a->cc = NULL;
	a->cctx = NULL;
}

/* Seal len bytes of in into out || tag. */
static int aead_seal(struct aead *a, const uint8_t nonce[12], const uint8_t *aad, size_t aadlen,
		     const uint8_t *in, size_t len, uint8_t *out)
{
	size_t cap = len + TAG;
	if (!a->cc)
		return CB_ERR_BACKEND;
	return a->cc->encrypt(a->cctx, nonce, 12, aad, aadlen, in, len, out, &cap) || cap != len + TAG ? CB_ERR_BACKEND
												       : CB_OK;
}

/* Open len bytes of in (data || tag) into out (len - TAG bytes); CB_ERR_VERIFY on a bad tag. */
static int aead_open(struct aead *a, const uint8_t nonce[12], const uint8_t *aad, size_t aadlen,
		     const uint8_t *in, size_t len, uint8_t *out)
{
	size_t cap;
	if (len < TAG)
		return CB_ERR_VERIFY;
	len -= TAG;
	cap = len;
	if (a->cc && a->cc->decrypt(a->cctx, nonce, 12, aad, aadlen, in, len + TAG, out, &cap) == 0 && cap == len)
		return CB_OK;
	cb_wipe(out, len);
	return CB_ERR_VERIFY;
}

/* ---- key derivation ---------------------------------------------------- */

static void wrap_key(uint8_t wk[32], const char *name, const uint8_t *ct, size_t ctlen, const uint8_t *ss,
		     size_t sslen)
{
	cb_keccak_state st;
	uint8_t nl = (uint8_t)strlen(name);
	cb_sha3_256_init(&st);
	cb_keccak_absorb(&st, (const uint8_t *)LABEL_WRAP, sizeof(LABEL_WRAP) - 1);
	cb_keccak_absorb(&st, &nl, 1);
	cb_keccak_absorb(&st, (const uint8_t *)name, nl);
	cb_keccak_absorb(&st, ct, ctlen);
	cb_keccak_absorb(&st, ss, sslen);
	cb_sha3_256_final(&st, wk);
	cb_keccak_wipe(&st);
}

static void payload_key(uint8_t pk[32], const uint8_t fk[32], const uint8_t *hdr, size_t hlen)
{
	cb_keccak_state st;
	uint8_t h[32];
	cb_sha3_256(h, hdr, hlen);
	cb_sha3_256_init(&st);
	cb_keccak_absorb(&st, (const uint8_t *)LABEL_PAYLOAD, sizeof(LABEL_PAYLOAD) - 1);
	cb_keccak_absorb(&st, fk, 32);
	cb_keccak_absorb(&st, h, 32);
	cb_sha3_256_final(&st, pk);
	cb_keccak_wipe(&st);
}

static void chunk_nonce(uint8_t n[12], const uint8_t prefix[7], uint32_t i, int final)
{
	memcpy(n, prefix, 7);
	n[7] = (uint8_t)(i >> 24);
	n[8] = (uint8_t)(i >> 16);
	n[9] = (uint8_t)(i >> 8);
	n[10] = (uint8_t)i;
	n[11] = (uint8_t)(final ? 1 : 0);
}

/* Read up to len bytes; the count, short only at the end of the input. */
static size_t read_full(FILE *in, uint8_t *buf, size_t len)
{
	size_t got = 0;
	while (got < len) {
		size_t n = fread(buf + got, 1, len - got, in);
		if (n == 0)
			break;
		got += n;
	}
	return got;
}

/* 1 when another byte follows (pushed back), 0 at the end. */
static int more(FILE *in)
{
	int c = fgetc(in);
	if (c == EOF)
		return 0;
	ungetc(c, in);
	return 1;
}

static int io_error(FILE *f)
{
	if (!errno)
		errno = EIO;
	(void)f;
	return CB_ERR_IO;
}


/* ---- the chunk stream, in batches processed by up to `threads` workers ---- */

#define MAX_THREADS 64
#define BATCH_BYTES ((size_t)4 << 20) /* per worker and batch */

struct batch {
	size_t n, cap;     /* chunks in the batch, its capacity */
	size_t inlen;      /* bytes a full chunk reads */
	uint8_t **in, **out;
	size_t *len;       /* bytes read for each chunk */
	uint32_t *index;
	int *final;
};

struct worker {
	pthread_t tid;
	struct aead a;
	struct batch *b;
	const uint8_t *prefix;
	unsigned id, count;
	int enc, rc;
};

static void *work(void *arg)
{
	struct worker *w = arg;
	uint8_t nonce[12];
	w->rc = CB_OK;
	for (size_t i = w->id; i < w->b->n && !w->rc; i += w->count) {
		chunk_nonce(nonce, w->prefix, w->b->index[i], w->b->final[i]);
		/* opening: a short non-final chunk, or a final one without its tag, fails here */
		w->rc = w->enc ? aead_seal(&w->a, nonce, NULL, 0, w->b->in[i], w->b->len[i], w->b->out[i])
			       : aead_open(&w->a, nonce, NULL, 0, w->b->in[i], w->b->len[i], w->b->out[i]);
	}
	return NULL;
}

static int stream(FILE *in, FILE *out, int aead, const char *backend, const uint8_t key[32], const uint8_t prefix[7],
		  size_t chunk, int enc, unsigned threads)
{
	struct worker w[MAX_THREADS];
	struct batch b = {0};
	size_t per = BATCH_BYTES / chunk;
	uint32_t index = 0;
	int rc = CB_OK, done = 0;
	unsigned t;

	if (threads < 1)
		threads = 1;
	if (threads > MAX_THREADS)
		threads = MAX_THREADS;
	if (per < 1)
		per = 1;
	if (threads == 1)
		per = 1; /* one chunk at a time: nothing to share */
	b.cap = per * threads;
	b.inlen = enc ? chunk : chunk + TAG;
	b.in = calloc(b.cap, sizeof(*b.in));
	b.out = calloc(b.cap, sizeof(*b.out));
	b.len = calloc(b.cap, sizeof(*b.len));
	b.index = calloc(b.cap, sizeof(*b.index));
	b.final = calloc(b.cap, sizeof(*b.final));
	memset(w, 0, sizeof(w));
	if (!b.in || !b.out || !b.len || !b.index || !b.final) {
		rc = CB_ERR_NOMEM;
		goto out;
	}
	for (size_t i = 0; i < b.cap; i++) {
		b.in[i] = malloc(chunk + TAG);
		b.out[i] = malloc(chunk + TAG);
		if (!b.in[i] || !b.out[i]) {
			rc = CB_ERR_NOMEM;
			goto out;
		}
	}
	for (t = 0; t < threads; t++) {
		rc = aead_init(&w[t].a, aead, key, enc, backend);
		if (rc)
			goto out;
		w[t].b = &b;
		w[t].prefix = prefix;
		w[t].id = t;
		w[t].count = threads;
		w[t].enc = enc;
	}
	while (!done) {
		/* read a batch; a chunk is final when it is short or nothing follows it */
		for (b.n = 0; b.n < b.cap && !done; b.n++) {
			size_t n = read_full(in, b.in[b.n], b.inlen);
			if (ferror(in)) {
				rc = io_error(in);
				goto out;
			}
			b.len[b.n] = n;
			b.final[b.n] = done = n < b.inlen || !more(in);
			if (ferror(in)) {
				rc = io_error(in);
				goto out;
			}
			b.index[b.n] = index;
			if (!done && index == UINT32_MAX) {
				rc = enc ? CB_ERR_LENGTH : CB_ERR_VERIFY; /* 2^32 chunks */
				goto out;
			}
			index++;
		}
		/* seal or open it: the calling thread is worker 0; a worker that
		 * cannot be started has its share done here afterwards */
		{
			unsigned nw = threads < b.n ? threads : (unsigned)b.n;
			int live[MAX_THREADS] = {0};
			for (t = 0; t < nw; t++)
				w[t].count = nw;
			for (t = 1; t < nw; t++)
				live[t] = pthread_create(&w[t].tid, NULL, work, &w[t]) == 0;
			work(&w[0]);
			for (t = 1; t < nw; t++) {
				if (live[t])
					pthread_join(w[t].tid, NULL);
				else
					work(&w[t]);
			}
			for (t = 0; t < nw; t++)
				if (w[t].rc && !rc)
					rc = w[t].rc;
		}
		if (rc)
			goto out;
		/* write it in order (opening: only when the whole batch authenticated) */
		for (size_t i = 0; i < b.n; i++) {
			size_t len = enc ? b.len[i] + TAG : b.len[i] - TAG;
			if (len && fwrite(b.out[i], 1, len, out) != len) {
				rc = io_error(out);
				goto out;
			}
		}
	}
	rc = fflush(out) ? io_error(out) : CB_OK;
out:
	for (t = 0; t < threads; t++)
		aead_free(&w[t].a);
	for (size_t i = 0; b.in && b.out && i < b.cap; i++) {
		if (b.in[i])
			cb_wipe(b.in[i], chunk + TAG);
		if (b.out[i])
			cb_wipe(b.out[i], chunk + TAG);
		free(b.in[i]);
		free(b.out[i]);
	}
	free(b.in);
	free(b.out);
	free(b.len);
	free(b.index);
	free(b.final);
	return rc;
}

/* ---- recipients: a KEM, or a PKE encrypting a fresh secret --------------- */

#define PKE_SECRET 32

int cb_env_pke_ok(const cb_pke_class *p)
{
	const char *n = p ? p->info.name : "";
	return p && p->encrypt && p->decrypt && (strstr(n, "-oaep-") || !strncmp(n, "sm2-enc-", 8));
}

static const char *rcpt_name(const cb_env_recipient *r)
{
	return r->kem ? r->kem->info.name : r->pke->info.name;
}

static size_t rcpt_max_ct(const cb_env_recipient *r)
{
	return r->kem ? r->kem->ciphertext_bytes : r->pke->max_ciphertext(r->pke_key, PKE_SECRET);
}

/* ct (capacity MAX_CT) and ss (64) for r: *ctl and *sslen set. */
static int rcpt_encaps(const cb_env_recipient *r, uint8_t *ct, size_t *ctl, uint8_t *ss, size_t *sslen)
{
	int rc;
	if (r->kem) {
		*ctl = r->kem->ciphertext_bytes;
		*sslen = r->kem->shared_secret_bytes;
		return r->kem->encaps(r->kem, ct, ss, r->pk);
	}
	*sslen = PKE_SECRET;
	*ctl = MAX_CT;
	if ((rc = cb_random_bytes(ss, PKE_SECRET)) != 0)
		return rc;
	return r->pke->encrypt(r->pke_key, ss, PKE_SECRET, ct, ctl);
}

/* ss from a block's ct; CB_ERR_DECRYPT / CB_ERR_INVALID_KEY when it is not this key's. */
static int key_decaps(const cb_env_key *k, const uint8_t *ct, size_t ctl, uint8_t *ss, size_t *sslen)
{
	size_t n = 64;
	int rc;
	if (k->kem) {
		*sslen = k->kem->shared_secret_bytes;
		return ctl == k->kem->ciphertext_bytes ? k->kem->decaps(k->kem, ss, ct, k->sk) : CB_ERR_DECRYPT;
	}
	rc = k->pke->decrypt(k->pke_key, ct, ctl, ss, &n);
	if (rc == 0 && n != PKE_SECRET)
		rc = CB_ERR_DECRYPT;
	*sslen = PKE_SECRET;
	return rc;
}

/* ---- seal --------------------------------------------------------------- */

/*
 * The header for these recipients (*hdr allocated, *hlen its length) and
 * the payload key.  CB_ERR_ARG for a bad recipient, AEAD or chunk size.
 */
static int seal_header(const cb_env_recipient *r, size_t nr, int aead, unsigned chunk_log2, const char *backend,
		       uint8_t **hdrp, size_t *hlenp, uint8_t pk[KEYLEN])
{
	uint8_t fk[KEYLEN], wk[KEYLEN], zero[12] = {0}, ss[64];
	uint8_t *hdr = NULL;
	size_t hlen = FIXED, cap = FIXED;
	struct aead a = {NULL};
	int rc;

	*hdrp = NULL;
	if (!r || nr == 0 || nr > CB_ENV_MAX_RECIPIENTS || !cb_env_aead_name(aead) ||
	    chunk_log2 < CB_ENV_CHUNK_LOG2_MIN || chunk_log2 > CB_ENV_CHUNK_LOG2_MAX)
		return CB_ERR_ARG;
	for (size_t i = 0; i < nr; i++) {
		if (r[i].kem ? (!r[i].pk || r[i].kem->ciphertext_bytes > MAX_CT || r[i].kem->shared_secret_bytes > 64)
			     : (!cb_env_pke_ok(r[i].pke) || !r[i].pke_key || rcpt_max_ct(&r[i]) > MAX_CT))
			return CB_ERR_ARG;
		if (strlen(rcpt_name(&r[i])) > 32)
			return CB_ERR_ARG;
		cap += 1 + strlen(rcpt_name(&r[i])) + 2 + MAX_CT + WRAPPED;
	}
	hdr = malloc(cap);
	if (!hdr)
		return CB_ERR_NOMEM;
	memcpy(hdr, MAGIC, 8);
	hdr[8] = (uint8_t)aead;
	hdr[9] = (uint8_t)chunk_log2;
	rc = cb_random_bytes(hdr + 10, 7);
	if (!rc)
		rc = cb_random_bytes(fk, KEYLEN);
	if (rc)
		goto out;
	hdr[17] = (uint8_t)nr;
	for (size_t i = 0; i < nr; i++) {
		const char *name = rcpt_name(&r[i]);
		size_t nl = strlen(name), ctl, sslen;
		uint8_t *b = hdr + hlen;
		b[0] = (uint8_t)nl;
		memcpy(b + 1, name, nl);
		rc = rcpt_encaps(&r[i], b + 3 + nl, &ctl, ss, &sslen);
		if (rc)
			goto out;
		b[1 + nl] = (uint8_t)(ctl >> 8);
		b[2 + nl] = (uint8_t)ctl;
		wrap_key(wk, name, b + 3 + nl, ctl, ss, sslen);
		rc = aead_init(&a, aead, wk, 1, backend);
		if (!rc)
			rc = aead_seal(&a, zero, hdr, FIXED, fk, KEYLEN, b + 3 + nl + ctl);
		aead_free(&a);
		if (rc)
			goto out;
		hlen += 3 + nl + ctl + WRAPPED;
	}
	payload_key(pk, fk, hdr, hlen);
out:
	aead_free(&a);
	cb_wipe(fk, sizeof(fk));
	cb_wipe(wk, sizeof(wk));
	cb_wipe(ss, sizeof(ss));
	if (rc)
		free(hdr);
	else
		*hdrp = hdr, *hlenp = hlen;
	return rc;
}

static const cb_env_opts defaults = {CB_ENV_AES256GCM, CB_ENV_CHUNK_LOG2_DEFAULT, 1, NULL};

int cb_envelope_seal_ex(FILE *in, FILE *out, const cb_env_recipient *r, size_t nr, const cb_env_opts *o)
{
	uint8_t pk[KEYLEN], *hdr = NULL;
	size_t hlen = 0;
	int rc;

	if (!o)
		o = &defaults;
	if (!in || !out)
		return CB_ERR_ARG;
	rc = seal_header(r, nr, o->aead, o->chunk_log2, o->aead_backend, &hdr, &hlen, pk);
	if (rc)
		return rc;
	if (fwrite(hdr, 1, hlen, out) != hlen)
		rc = io_error(out);
	else
		rc = stream(in, out, o->aead, o->aead_backend, pk, hdr + 10, (size_t)1 << o->chunk_log2, 1, o->threads);
	cb_wipe(pk, sizeof(pk));
	free(hdr);
	return rc;
}

/* ---- buffers: the chunks shared out in contiguous runs, one per worker ---- */

struct mjob {
	pthread_t tid;
	struct aead a;
	const uint8_t *in, *prefix;
	uint8_t *out;
	size_t inlen;        /* the whole chunk area of the input */
	size_t inc, outc;    /* a full chunk's bytes in the input and in the output */
	size_t first, last;  /* this worker's chunks [first, last) */
	size_t nchunks;
	int enc, rc;
};

static void *mwork(void *arg)
{
	struct mjob *j = arg;
	uint8_t nonce[12];
	j->rc = CB_OK;
	for (size_t i = j->first; i < j->last && !j->rc; i++) {
		size_t off = i * j->inc, len = j->inlen - off < j->inc ? j->inlen - off : j->inc;
		chunk_nonce(nonce, j->prefix, (uint32_t)i, i + 1 == j->nchunks);
		j->rc = j->enc ? aead_seal(&j->a, nonce, NULL, 0, j->in + off, len, j->out + i * j->outc)
			       : aead_open(&j->a, nonce, NULL, 0, j->in + off, len, j->out + i * j->outc);
	}
	return NULL;
}

/* Seal or open the chunk area in[0..inlen) into out with up to `threads` workers. */
static int mstream(const uint8_t *in, size_t inlen, uint8_t *out, int aead, const char *backend,
		   const uint8_t key[32], const uint8_t prefix[7], size_t chunk, int enc, unsigned threads)
{
	struct mjob j[MAX_THREADS];
	size_t inc = enc ? chunk : chunk + TAG, n = inlen ? (inlen + inc - 1) / inc : 1, per;
	int live[MAX_THREADS] = {0}, rc = CB_OK;
	unsigned t, nw;

	if (n - 1 > UINT32_MAX)
		return enc ? CB_ERR_LENGTH : CB_ERR_VERIFY; /* 2^32 chunks */
	if (threads < 1)
		threads = 1;
	if (threads > MAX_THREADS)
		threads = MAX_THREADS;
	nw = n < threads ? (unsigned)n : threads;
	per = (n + nw - 1) / nw;
	memset(j, 0, sizeof(j));
	for (t = 0; t < nw; t++) {
		j[t] = (struct mjob){.in = in, .prefix = prefix, .out = out, .inlen = inlen, .inc = inc,
				     .outc = enc ? chunk + TAG : chunk, .first = t * per, .nchunks = n, .enc = enc};
		j[t].last = j[t].first + per < n ? j[t].first + per : n;
		rc = aead_init(&j[t].a, aead, key, enc, backend);
		if (rc) {
			nw = t;
			goto out;
		}
	}
	/* the calling thread is worker 0; a worker that cannot be started has its share done here */
	for (t = 1; t < nw; t++)
		live[t] = pthread_create(&j[t].tid, NULL, mwork, &j[t]) == 0;
	mwork(&j[0]);
	for (t = 1; t < nw; t++) {
		if (live[t])
			pthread_join(j[t].tid, NULL);
		else
			mwork(&j[t]);
	}
	for (t = 0; t < nw; t++)
		if (j[t].rc && !rc)
			rc = j[t].rc;
out:
	for (t = 0; t < nw; t++)
		aead_free(&j[t].a);
	return rc;
}

size_t cb_envelope_sealed_max(const cb_env_recipient *r, size_t nr, unsigned chunk_log2, size_t inlen)
{
	size_t n = FIXED, chunk, nchunks;
	if (!r || chunk_log2 < CB_ENV_CHUNK_LOG2_MIN || chunk_log2 > CB_ENV_CHUNK_LOG2_MAX)
		return 0;
	for (size_t i = 0; i < nr; i++)
		n += 1 + strlen(rcpt_name(&r[i])) + 2 + rcpt_max_ct(&r[i]) + WRAPPED;
	chunk = (size_t)1 << chunk_log2;
	nchunks = inlen ? (inlen + chunk - 1) / chunk : 1;
	if (inlen > SIZE_MAX - n - nchunks * TAG)
		return 0;
	return n + inlen + nchunks * TAG;
}

int cb_envelope_seal_mem(const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen, const cb_env_recipient *r,
			 size_t nr, const cb_env_opts *o)
{
	uint8_t pk[KEYLEN], *hdr = NULL;
	size_t hlen = 0, chunk, nchunks;
	int rc;

	if (!o)
		o = &defaults;
	if ((!in && inlen) || !out || !outlen)
		return CB_ERR_ARG;
	rc = seal_header(r, nr, o->aead, o->chunk_log2, o->aead_backend, &hdr, &hlen, pk);
	if (rc)
		return rc;
	chunk = (size_t)1 << o->chunk_log2;
	nchunks = inlen ? (inlen + chunk - 1) / chunk : 1;
	if (*outlen < hlen || *outlen - hlen < inlen || *outlen - hlen - inlen < nchunks * TAG) {
		rc = CB_ERR_LENGTH;
	} else {
		memcpy(out, hdr, hlen);
		rc = mstream(in, inlen, out + hlen, o->aead, o->aead_backend, pk, hdr + 10, chunk, 1, o->threads);
		if (!rc)
			*outlen = hlen + inlen + nchunks * TAG;
	}
	cb_wipe(pk, sizeof(pk));
	free(hdr);
	return rc;
}

/* ---- open --------------------------------------------------------------- */

/* Where a header is read from: a stream, or a buffer (pos: bytes taken). */
struct src {
	FILE *f;
	const uint8_t *p;
	size_t len, pos;
};

static size_t src_read(struct src *s, uint8_t *buf, size_t len)
{
	size_t n;
	if (s->f)
		return read_full(s->f, buf, len);
	n = len < s->len - s->pos ? len : s->len - s->pos;
	memcpy(buf, s->p + s->pos, n);
	s->pos += n;
	return n;
}

/* Append len bytes of the input to the header buffer; CB_ERR_VERIFY at a short read (truncated). */
static int hdr_read(struct src *in, uint8_t **hdr, size_t *hlen, size_t *cap, size_t len)
{
	if (*hlen + len > *cap) {
		size_t ncap = (*hlen + len) * 2;
		uint8_t *p = realloc(*hdr, ncap);
		if (!p)
			return CB_ERR_NOMEM;
		*hdr = p;
		*cap = ncap;
	}
	if (src_read(in, *hdr + *hlen, len) != len)
		return in->f && ferror(in->f) ? io_error(in->f) : CB_ERR_VERIFY;
	*hlen += len;
	return CB_OK;
}

/*
 * Read and check the header from `in`, find the key's block and derive the
 * payload key; *hdrp (allocated: its bytes 8, 9 and 10..16 give the AEAD,
 * chunk size and prefix) and *hlenp set on success.
 */
static int open_header(struct src *in, const cb_env_key *key, const char *backend, uint8_t **hdrp, size_t *hlenp,
		       uint8_t pk[KEYLEN])
{
	const char *kname;
	uint8_t fk[KEYLEN], wk[KEYLEN], zero[12] = {0}, ss[64];
	uint8_t *hdr = NULL;
	size_t hlen = 0, cap = 0;
	struct aead a = {NULL};
	int rc, found = 0, named = 0;
	unsigned nr;

	*hdrp = NULL;
	if (!key || (key->kem ? !key->sk || key->kem->shared_secret_bytes > sizeof(ss)
			      : !cb_env_pke_ok(key->pke) || !key->pke_key))
		return CB_ERR_ARG;
	kname = key->kem ? key->kem->info.name : key->pke->info.name;
	rc = hdr_read(in, &hdr, &hlen, &cap, FIXED);
	if (rc == CB_ERR_VERIFY)
		rc = CB_ERR_FORMAT; /* shorter than a header: not an envelope */
	if (rc)
		goto out;
	if (memcmp(hdr, MAGIC, 6) != 0) {
		rc = CB_ERR_FORMAT;
		goto out;
	}
	/*
	 * The version, AEAD, chunk size and recipient count are authenticated
	 * (the header hash); an unknown value is refused before anything else.
	 */
	if (memcmp(hdr, MAGIC, 8) != 0 || !cb_env_aead_name(hdr[8]) || hdr[9] < CB_ENV_CHUNK_LOG2_MIN ||
	    hdr[9] > CB_ENV_CHUNK_LOG2_MAX || hdr[17] == 0 || hdr[17] > CB_ENV_MAX_RECIPIENTS) {
		rc = CB_ERR_FORMAT;
		goto out;
	}
	if (!cb_env_aead_backend_ok(hdr[8], backend)) {
		rc = CB_ERR_BACKEND; /* the named backend has no usable class of this AEAD */
		goto out;
	}
	nr = hdr[17];
	for (unsigned i = 0; i < nr; i++) {
		size_t off, nl, ctl;
		rc = hdr_read(in, &hdr, &hlen, &cap, 1);
		if (rc)
			goto out;
		nl = hdr[hlen - 1];
		if (nl == 0 || nl > 32) {
			rc = CB_ERR_FORMAT;
			goto out;
		}
		rc = hdr_read(in, &hdr, &hlen, &cap, nl + 2);
		if (rc)
			goto out;
		ctl = (size_t)hdr[hlen - 2] << 8 | hdr[hlen - 1];
		if (ctl == 0 || ctl > MAX_CT) {
			rc = CB_ERR_FORMAT;
			goto out;
		}
		off = hlen - nl - 2;
		rc = hdr_read(in, &hdr, &hlen, &cap, ctl + WRAPPED);
		if (rc)
			goto out;
		if (found || nl != strlen(kname) || memcmp(hdr + off, kname, nl) != 0)
			continue;
		named = 1;
		/*
		 * Try the block: a hybrid refuses a malformed classical share
		 * (CB_ERR_INVALID_KEY), ML-KEM gives its rejection secret, RSA-OAEP
		 * and SM2 fail to decrypt another key's block; in every case the
		 * wrapped key does not open and the next block is tried.
		 */
		{
			size_t sslen;
			rc = key_decaps(key, hdr + off + nl + 2, ctl, ss, &sslen);
			if (rc == CB_ERR_INVALID_KEY || rc == CB_ERR_DECRYPT)
				continue;
			if (rc)
				goto out;
			wrap_key(wk, kname, hdr + off + nl + 2, ctl, ss, sslen);
		}
		rc = aead_init(&a, hdr[8], wk, 0, backend);
		if (rc)
			goto out;
		found = aead_open(&a, zero, hdr, FIXED, hdr + off + nl + 2 + ctl, WRAPPED, fk) == CB_OK;
		aead_free(&a);
	}
	rc = CB_OK;
	if (!found) {
		rc = named ? CB_ERR_VERIFY : CB_ERR_UNSUPPORTED;
		goto out;
	}
	payload_key(pk, fk, hdr, hlen);
out:
	aead_free(&a);
	cb_wipe(fk, sizeof(fk));
	cb_wipe(wk, sizeof(wk));
	cb_wipe(ss, sizeof(ss));
	if (rc)
		free(hdr);
	else
		*hdrp = hdr, *hlenp = hlen;
	return rc;
}

int cb_envelope_open_ex(FILE *in, FILE *out, const cb_env_key *key, const cb_env_opts *o)
{
	struct src s = {in, NULL, 0, 0};
	uint8_t pk[KEYLEN], *hdr = NULL;
	size_t hlen = 0;
	int rc;

	if (!o)
		o = &defaults;
	if (!in || !out)
		return CB_ERR_ARG;
	rc = open_header(&s, key, o->aead_backend, &hdr, &hlen, pk);
	if (rc)
		return rc;
	rc = stream(in, out, hdr[8], o->aead_backend, pk, hdr + 10, (size_t)1 << hdr[9], 0, o->threads);
	cb_wipe(pk, sizeof(pk));
	free(hdr);
	return rc;
}

int cb_envelope_open_mem(const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen, const cb_env_key *key,
			 const cb_env_opts *o)
{
	struct src s = {NULL, in, inlen, 0};
	uint8_t pk[KEYLEN], *hdr = NULL;
	size_t hlen = 0, body, chunk, nchunks, n;
	int rc;

	if (!o)
		o = &defaults;
	if (!in || !out || !outlen)
		return CB_ERR_ARG;
	rc = open_header(&s, key, o->aead_backend, &hdr, &hlen, pk);
	if (rc)
		return rc;
	chunk = (size_t)1 << hdr[9];
	body = inlen - hlen;
	nchunks = body ? (body + chunk + TAG - 1) / (chunk + TAG) : 1;
	/* every chunk has its tag; a cut inside the last one's tag fails its check */
	n = body >= nchunks * TAG ? body - nchunks * TAG : 0;
	if (*outlen < n) {
		rc = CB_ERR_LENGTH;
	} else {
		rc = mstream(in + hlen, body, out, hdr[8], o->aead_backend, pk, hdr + 10, chunk, 0, o->threads);
		if (rc)
			cb_wipe(out, n); /* nothing of a failed opening is left */
		else
			*outlen = n;
	}
	cb_wipe(pk, sizeof(pk));
	free(hdr);
	return rc;
}

int cb_envelope_seal_mt(FILE *in, FILE *out, const cb_env_recipient *r, size_t nr, int aead, unsigned chunk_log2,
			unsigned threads)
{
	cb_env_opts o = {aead, chunk_log2, threads, NULL};
	return cb_envelope_seal_ex(in, out, r, nr, &o);
}

int cb_envelope_seal(FILE *in, FILE *out, const cb_env_recipient *r, size_t nr, int aead, unsigned chunk_log2)
{
	return cb_envelope_seal_mt(in, out, r, nr, aead, chunk_log2, 1);
}

int cb_envelope_open_key(FILE *in, FILE *out, const cb_env_key *key, unsigned threads)
{
	cb_env_opts o = {0, 0, threads, NULL};
	return cb_envelope_open_ex(in, out, key, &o);
}

int cb_envelope_open_mt(FILE *in, FILE *out, const cb_kem_class *kem, const uint8_t *sk, unsigned threads)
{
	cb_env_key k = {kem, sk, NULL, NULL};
	return kem ? cb_envelope_open_key(in, out, &k, threads) : CB_ERR_ARG;
}

int cb_envelope_open(FILE *in, FILE *out, const cb_kem_class *kem, const uint8_t *sk)
{
	return cb_envelope_open_mt(in, out, kem, sk, 1);
}
