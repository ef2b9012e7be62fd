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
#include <openssl/err.h>
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "sha3/sha3.h"
#ifdef CB_HAVE_GCRYPT
#include "backends/gcrypt/gcrypt_common.h"
#endif

#define MAGIC "CBSEAL\0\1"
#define FIXED 18 /* magic 8, aead 1, chunk_log2 1, prefix 7, n 1 */
#define KEYLEN 32
#define TAG 16
#define WRAPPED (KEYLEN + TAG)
#define MAX_CT 8192
#define LABEL_WRAP "CBSEAL-v1 wrap"
#define LABEL_PAYLOAD "CBSEAL-v1 payload"

int cb_env_aead_parse(const char *name)
{
	if (!name)
		return 0;
	if (!strcmp(name, "aes-256-gcm"))
		return CB_ENV_AES256GCM;
	if (!strcmp(name, "chacha20-poly1305"))
		return CB_ENV_CHACHA20POLY1305;
	if (!strcmp(name, "sm4-gcm") && cb_env_aead_name(CB_ENV_SM4GCM))
		return CB_ENV_SM4GCM;
	return 0;
}

const char *cb_env_aead_name(int aead)
{
	switch (aead) {
	case CB_ENV_AES256GCM:
		return "aes-256-gcm";
	case CB_ENV_CHACHA20POLY1305:
		return "chacha20-poly1305";
#ifdef CB_HAVE_GCRYPT
	case CB_ENV_SM4GCM:
		return cb_gcry_unavailable() ? NULL : "sm4-gcm";
#endif
	default:
		return NULL;
	}
}

/*
 * ---- AEAD: OpenSSL (one context, the key set once), or libgcrypt for
 * SM4-GCM (one handle, the key set once) -------------------------------- */

struct aead {
	EVP_CIPHER_CTX *ctx;
#ifdef CB_HAVE_GCRYPT
	gcry_cipher_hd_t gh;
	int enc;
#endif
};

static int aead_init(struct aead *a, int id, const uint8_t key[32], int enc)
{
	const EVP_CIPHER *c = id == CB_ENV_AES256GCM ? EVP_aes_256_gcm() : id == CB_ENV_CHACHA20POLY1305 ? EVP_chacha20_poly1305() : NULL;
#ifdef CB_HAVE_GCRYPT
	a->gh = NULL;
	a->enc = enc;
	if (id == CB_ENV_SM4GCM) {
		a->ctx = NULL;
		if (!cb_env_aead_name(id) || cb_gcry_init())
			return CB_ERR_UNSUPPORTED;
		if (gcry_cipher_open(&a->gh, GCRY_CIPHER_SM4, GCRY_CIPHER_MODE_GCM, 0) ||
		    gcry_cipher_setkey(a->gh, key, 16)) {
			gcry_cipher_close(a->gh);
			a->gh = NULL;
			return CB_ERR_BACKEND;
		}
		return CB_OK;
	}
#endif
	if (!c)
		return CB_ERR_FORMAT;
	a->ctx = EVP_CIPHER_CTX_new();
	if (!a->ctx || EVP_CipherInit_ex(a->ctx, c, NULL, key, NULL, enc) <= 0) {
		EVP_CIPHER_CTX_free(a->ctx);
		a->ctx = NULL;
		ERR_clear_error();
		return CB_ERR_BACKEND;
	}
	return CB_OK;
}

static void aead_free(struct aead *a)
{
	EVP_CIPHER_CTX_free(a->ctx); /* cleanses the key schedule */
	a->ctx = NULL;
#ifdef CB_HAVE_GCRYPT
	if (a->gh)
		gcry_cipher_close(a->gh); /* wipes the key */
	a->gh = NULL;
#endif
}

#ifdef CB_HAVE_GCRYPT
/* SM4-GCM, the same contract as aead_seal / aead_open. */
static int gcry_aead(struct aead *a, int enc, const uint8_t nonce[12], const uint8_t *aad, size_t aadlen,
		     const uint8_t *in, size_t len, uint8_t *out)
{
	gcry_error_t e = gcry_cipher_reset(a->gh);
	if (!e)
		e = gcry_cipher_setiv(a->gh, nonce, 12);
	if (!e && aadlen)
		e = gcry_cipher_authenticate(a->gh, aad, aadlen);
	if (!e)
		e = gcry_cipher_final(a->gh);
	if (!e && len)
		e = enc ? gcry_cipher_encrypt(a->gh, out, len, in, len) : gcry_cipher_decrypt(a->gh, out, len, in, len);
	if (e)
		return CB_ERR_BACKEND;
	if (enc)
		return gcry_cipher_gettag(a->gh, out + len, 16) ? CB_ERR_BACKEND : CB_OK;
	if (gcry_cipher_checktag(a->gh, in + len, 16)) {
		cb_wipe(out, len);
		return CB_ERR_VERIFY;
	}
	return CB_OK;
}
#endif

/* Seal len bytes of in into out || tag. */
static int aead_seal(struct aead *a, const uint8_t nonce[12], const uint8_t *aad, size_t aadlen,
		     const uint8_t *in, size_t len, uint8_t *out)
{
	int n = 0, ok;
#ifdef CB_HAVE_GCRYPT
	if (a->gh)
		return gcry_aead(a, 1, nonce, aad, aadlen, in, len, out);
#endif
	ok = EVP_CipherInit_ex(a->ctx, NULL, NULL, NULL, nonce, 1) > 0 &&
	     (!aadlen || EVP_CipherUpdate(a->ctx, NULL, &n, aad, (int)aadlen) > 0) &&
	     (!len || EVP_CipherUpdate(a->ctx, out, &n, in, (int)len) > 0) &&
	     EVP_CipherFinal_ex(a->ctx, out + len, &n) > 0 &&
	     EVP_CIPHER_CTX_ctrl(a->ctx, EVP_CTRL_AEAD_GET_TAG, TAG, out + len) > 0;
	if (!ok)
		ERR_clear_error();
	return ok ? CB_OK : CB_ERR_BACKEND;
}

/* Open len bytes of in (data || tag) into out (len - TAG bytes); CB_ERR_VERIFY on a bad tag. */
static int aead_open(struct aead *a, const uint8_t nonce[12], const uint8_t *aad, size_t aadlen,
		     const uint8_t *in, size_t len, uint8_t *out)
{
	uint8_t tag[TAG];
	int n = 0, ok;
	if (len < TAG)
		return CB_ERR_VERIFY;
	len -= TAG;
#ifdef CB_HAVE_GCRYPT
	if (a->gh)
		return gcry_aead(a, 0, nonce, aad, aadlen, in, len, out);
#endif
	memcpy(tag, in + len, TAG);
	ok = EVP_CipherInit_ex(a->ctx, NULL, NULL, NULL, nonce, 0) > 0 &&
	     EVP_CIPHER_CTX_ctrl(a->ctx, EVP_CTRL_AEAD_SET_TAG, TAG, tag) > 0 &&
	     (!aadlen || EVP_CipherUpdate(a->ctx, NULL, &n, aad, (int)aadlen) > 0) &&
	     (!len || EVP_CipherUpdate(a->ctx, out, &n, in, (int)len) > 0);
	if (ok && EVP_CipherFinal_ex(a->ctx, out + len, &n) > 0)
		return CB_OK;
	ERR_clear_error();
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

/* ---- seal --------------------------------------------------------------- */

int cb_envelope_seal(FILE *in, FILE *out, const cb_env_recipient *r, size_t nr, int aead, unsigned chunk_log2)
{
	uint8_t fk[KEYLEN], pk[KEYLEN], wk[KEYLEN], nonce[12], zero[12] = {0};
	uint8_t *hdr = NULL, *buf = NULL, *ss = NULL;
	size_t hlen = FIXED, cap = FIXED, chunk;
	struct aead a = {NULL};
	uint32_t index = 0;
	int rc;

	if (!in || !out || !r || nr == 0 || nr > CB_ENV_MAX_RECIPIENTS || !cb_env_aead_name(aead) ||
	    chunk_log2 < CB_ENV_CHUNK_LOG2_MIN || chunk_log2 > CB_ENV_CHUNK_LOG2_MAX)
		return CB_ERR_ARG;
	for (size_t i = 0; i < nr; i++) {
		if (!r[i].kem || !r[i].pk || strlen(r[i].kem->info.name) > 32 || r[i].kem->ciphertext_bytes > MAX_CT ||
		    r[i].kem->shared_secret_bytes > 64)
			return CB_ERR_ARG;
		cap += 1 + strlen(r[i].kem->info.name) + 2 + r[i].kem->ciphertext_bytes + WRAPPED;
	}
	chunk = (size_t)1 << chunk_log2;
	hdr = malloc(cap);
	buf = malloc(2 * (chunk + TAG));
	ss = malloc(64);
	if (!hdr || !buf || !ss) {
		rc = CB_ERR_NOMEM;
		goto out;
	}
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
		const cb_kem_class *k = r[i].kem;
		size_t nl = strlen(k->info.name), ctl = k->ciphertext_bytes;
		uint8_t *b = hdr + hlen;
		b[0] = (uint8_t)nl;
		memcpy(b + 1, k->info.name, nl);
		b[1 + nl] = (uint8_t)(ctl >> 8);
		b[2 + nl] = (uint8_t)ctl;
		rc = k->encaps(b + 3 + nl, ss, r[i].pk);
		if (rc)
			goto out;
		wrap_key(wk, k->info.name, b + 3 + nl, ctl, ss, k->shared_secret_bytes);
		rc = aead_init(&a, aead, wk, 1);
		if (!rc)
			rc = aead_seal(&a, zero, hdr, FIXED, fk, KEYLEN, b + 3 + nl + ctl);
		aead_free(&a);
		if (rc)
			goto out;
		hlen += 3 + nl + ctl + WRAPPED;
	}
	if (fwrite(hdr, 1, hlen, out) != hlen) {
		rc = io_error(out);
		goto out;
	}
	payload_key(pk, fk, hdr, hlen);
	rc = aead_init(&a, aead, pk, 1);
	if (rc)
		goto out;
	for (;;) {
		size_t n = read_full(in, buf, chunk);
		int final;
		if (ferror(in)) {
			rc = io_error(in);
			goto out;
		}
		final = n < chunk || !more(in);
		if (ferror(in)) {
			rc = io_error(in);
			goto out;
		}
		chunk_nonce(nonce, hdr + 10, index, final);
		rc = aead_seal(&a, nonce, NULL, 0, buf, n, buf + chunk + TAG);
		if (rc)
			goto out;
		if (fwrite(buf + chunk + TAG, 1, n + TAG, out) != n + TAG) {
			rc = io_error(out);
			goto out;
		}
		if (final)
			break;
		if (index == UINT32_MAX) {
			rc = CB_ERR_LENGTH; /* 2^32 chunks */
			goto out;
		}
		index++;
	}
	rc = fflush(out) ? io_error(out) : CB_OK;
out:
	aead_free(&a);
	cb_wipe(fk, sizeof(fk));
	cb_wipe(pk, sizeof(pk));
	cb_wipe(wk, sizeof(wk));
	if (ss)
		cb_wipe(ss, 64);
	if (buf)
		cb_wipe(buf, 2 * (chunk + TAG));
	free(ss);
	free(buf);
	free(hdr);
	return rc;
}

/* ---- open --------------------------------------------------------------- */

/* Append len bytes of the input to the header buffer; CB_ERR_VERIFY at a short read (truncated). */
static int hdr_read(FILE *in, uint8_t **hdr, size_t *hlen, size_t *cap, size_t len)
{
	if (*hlen + len > *cap) {
		size_t ncap = (*hlen + len) * 2;
		uint8_t *p = realloc(*hdr, ncap);
		if (!p)
			return CB_ERR_NOMEM;
		*hdr = p;
		*cap = ncap;
	}
	if (read_full(in, *hdr + *hlen, len) != len)
		return ferror(in) ? io_error(in) : CB_ERR_VERIFY;
	*hlen += len;
	return CB_OK;
}

int cb_envelope_open(FILE *in, FILE *out, const cb_kem_class *kem, const uint8_t *sk)
{
	uint8_t fk[KEYLEN], pk[KEYLEN], wk[KEYLEN], nonce[12], zero[12] = {0}, ss[64];
	uint8_t *hdr = NULL, *buf = NULL;
	size_t hlen = 0, cap = 0, chunk = 0;
	struct aead a = {NULL};
	uint32_t index = 0;
	int rc, found = 0, named = 0;
	unsigned nr;

	if (!in || !out || !kem || !sk || kem->shared_secret_bytes > sizeof(ss))
		return CB_ERR_ARG;
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
	chunk = (size_t)1 << hdr[9];
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
		if (found || nl != strlen(kem->info.name) || memcmp(hdr + off, kem->info.name, nl) != 0 ||
		    ctl != kem->ciphertext_bytes)
			continue;
		named = 1;
		/*
		 * Try the block: a hybrid refuses a malformed classical share
		 * (CB_ERR_INVALID_KEY), ML-KEM gives its rejection secret; either
		 * way the wrapped key does not open and the next block is tried.
		 */
		rc = kem->decaps(ss, hdr + off + nl + 2, sk);
		if (rc == CB_ERR_INVALID_KEY || rc == CB_ERR_DECRYPT)
			continue;
		if (rc)
			goto out;
		wrap_key(wk, kem->info.name, hdr + off + nl + 2, ctl, ss, kem->shared_secret_bytes);
		rc = aead_init(&a, hdr[8], wk, 0);
		if (rc)
			goto out;
		found = aead_open(&a, zero, hdr, FIXED, hdr + off + nl + 2 + ctl, WRAPPED, fk) == CB_OK;
		aead_free(&a);
	}
	if (!found) {
		rc = named ? CB_ERR_VERIFY : CB_ERR_UNSUPPORTED;
		goto out;
	}
	payload_key(pk, fk, hdr, hlen);
	rc = aead_init(&a, hdr[8], pk, 0);
	if (rc)
		goto out;
	buf = malloc(2 * (chunk + TAG));
	if (!buf) {
		rc = CB_ERR_NOMEM;
		goto out;
	}
	for (;;) {
		size_t n = read_full(in, buf, chunk + TAG);
		int final;
		if (ferror(in)) {
			rc = io_error(in);
			goto out;
		}
		final = n < chunk + TAG || !more(in);
		if (ferror(in)) {
			rc = io_error(in);
			goto out;
		}
		chunk_nonce(nonce, hdr + 10, index, final);
		/* a short non-final chunk, or a final one without its tag, fails here */
		rc = aead_open(&a, nonce, NULL, 0, buf, n, buf + chunk + TAG);
		if (rc)
			goto out;
		if (n > TAG && fwrite(buf + chunk + TAG, 1, n - TAG, out) != n - TAG) {
			rc = io_error(out);
			goto out;
		}
		if (final)
			break;
		if (index == UINT32_MAX) {
			rc = CB_ERR_VERIFY;
			goto out;
		}
		index++;
	}
	rc = fflush(out) ? io_error(out) : CB_OK;
out:
	aead_free(&a);
	cb_wipe(fk, sizeof(fk));
	cb_wipe(pk, sizeof(pk));
	cb_wipe(wk, sizeof(wk));
	cb_wipe(ss, sizeof(ss));
	if (buf)
		cb_wipe(buf, 2 * (chunk + TAG));
	free(buf);
	free(hdr);
	return rc;
}
