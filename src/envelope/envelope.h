/*
 * Envelope encryption of a stream to KEM recipients (docs/ENVELOPE.md):
 * a fresh 32-byte file key is wrapped for each recipient under a key
 * derived from a KEM encapsulation to that recipient's public key, and the
 * data is sealed in chunks with an AEAD in the STREAM construction of
 * Hoang, Reyhanitabar, Rogaway and Vizár: each chunk's nonce holds the
 * chunk's index and a final-chunk flag, and the payload key is derived
 * from the file key and a hash of the whole header, so that truncation,
 * reordering, duplication and any change to the header, a recipient block,
 * a chunk or a tag make opening fail.
 *
 * Recipients are any KEM class (ML-KEM-768/1024, x25519mlkem768, xwing,
 * sm2mlkem768, ...), keys as `cryptobench kem keygen` writes them, or a
 * public-key encryption class that is safe against a decryption oracle
 * (RSA-OAEP, SM2 encryption: cb_env_pke_ok), which encrypts a fresh
 * 32-byte secret that then plays the KEM shared secret's part (Study A's
 * and Study B's hybrid encryptor).
 * Payload AEADs: AES-256-GCM, ChaCha20-Poly1305 and SM4-GCM, always a
 * cipher class of the registry (OpenSSL's by default, the first backend's
 * that has one for SM4-GCM; cb_env_opts.aead_backend names another).
 *
 * cb_envelope_open writes each chunk's plaintext to out only after that
 * chunk authenticated; a failure later (a missing final chunk) is reported
 * by the return value, so the caller must discard out unless it got CB_OK
 * (the CLI writes to a temporary file renamed only on success).
 *
 * Errors: CB_ERR_VERIFY (authentication failed: wrong key, or anything
 * modified, truncated, reordered, duplicated), CB_ERR_FORMAT (not an
 * envelope, or an unsupported version, AEAD or limit), CB_ERR_UNSUPPORTED
 * (no recipient block for the key's algorithm), CB_ERR_IO (errno kept),
 * CB_ERR_ARG, CB_ERR_NOMEM, CB_ERR_RANDOM, CB_ERR_BACKEND, and a KEM's
 * own errors on encapsulation (CB_ERR_INVALID_KEY).
 */
#ifndef CB_ENVELOPE_H
#define CB_ENVELOPE_H

#include <stdint.h>
#include <stdio.h>

#include "cryptobench/common.h"
#include "cryptobench/kem.h"

/*
 * SM4-GCM (OpenSSL 3.0 has none) exists only when some backend here has a
 * usable sm4-gcm cipher class: cb_env_aead_name() is NULL for it otherwise.
 * Its 128-bit keys are the first 16 bytes of the derived 32-byte keys.
 */
enum cb_env_aead { CB_ENV_AES256GCM = 1, CB_ENV_CHACHA20POLY1305 = 2, CB_ENV_SM4GCM = 3 };

#define CB_ENV_MAX_RECIPIENTS 32
#define CB_ENV_CHUNK_LOG2_DEFAULT 16 /* 64 KiB */
#define CB_ENV_CHUNK_LOG2_MIN 10
#define CB_ENV_CHUNK_LOG2_MAX 24

#include "cryptobench/pke.h"

/* A recipient: a KEM and its raw public key, or a PKE class and a public-key handle. */
typedef struct cb_env_recipient {
	const cb_kem_class *kem;
	const uint8_t *pk; /* kem->public_key_bytes */
	const cb_pke_class *pke; /* instead of kem */
	void *pke_key;           /* from pke->import_public (or keygen) */
} cb_env_recipient;

/* The opening side: a KEM and its raw secret key, or a PKE class and a secret-key handle. */
typedef struct cb_env_key {
	const cb_kem_class *kem;
	const uint8_t *sk;
	const cb_pke_class *pke;
	void *pke_key;
} cb_env_key;

/*
 * 1 for the PKE classes the envelope takes as recipients: RSA-OAEP and SM2
 * encryption.  RSA PKCS#1 v1.5 (Bleichenbacher's oracle) and raw RSA are
 * refused.
 */
int cb_env_pke_ok(const cb_pke_class *p);

/*
 * The usable class called `name` (a KEM or PKE) for a recipient: the one
 * of `backend` when one is named, else builtin's, else the first in
 * registry order; NULL if none (env_classes.c).
 */
const cb_alg_info *cb_env_recipient_class(const char *name, const char *backend);

/* The envelope classes `run` measures, NULL-terminated (the builtin backend lists them). */
extern const cb_alg_info *const cb_envelope_algs[];

/* "aes-256-gcm" / "chacha20-poly1305" / "sm4-gcm" to the id (0: unknown or not built), and back. */
int cb_env_aead_parse(const char *name);
const char *cb_env_aead_name(int aead);

int cb_envelope_seal(FILE *in, FILE *out, const cb_env_recipient *r, size_t nr, int aead,
		     unsigned chunk_log2) CB_WARN_UNUSED;
int cb_envelope_open(FILE *in, FILE *out, const cb_kem_class *kem, const uint8_t *sk) CB_WARN_UNUSED;
/*
 * The same with the chunks sealed / opened by `threads` workers (1 to 64;
 * the calling thread is one of them): the input is read in batches of up
 * to 4 MiB per worker, the batch's chunks are shared out, and the results
 * written in order (opening: a batch is written only when all its chunks
 * authenticated).  The output is byte for byte the same for any count.
 */
int cb_envelope_seal_mt(FILE *in, FILE *out, const cb_env_recipient *r, size_t nr, int aead, unsigned chunk_log2,
			unsigned threads) CB_WARN_UNUSED;
int cb_envelope_open_mt(FILE *in, FILE *out, const cb_kem_class *kem, const uint8_t *sk,
			unsigned threads) CB_WARN_UNUSED;
/*
 * How to seal (aead, chunk_log2: ignored when opening, the envelope says)
 * and with how many chunk workers (threads, 1 to 64).  aead_backend: a
 * backend's name ("gcrypt", "nettle", ...) whose cipher class of the
 * AEAD's name does the chunks and the key wraps (CB_ERR_BACKEND when
 * it has none usable here; opening: CB_ERR_BACKEND once the header names
 * an AEAD it lacks), or NULL for the default class (OpenSSL's, else the
 * first backend's in registry order that has one usable here).  The bytes
 * are the same either way.  A NULL cb_env_opts: AES-256-GCM, 64 KiB
 * chunks, one thread, the default class.
 */
/*
 * 1 when `backend` (NULL: the default) has a usable class of this AEAD;
 * cb_env_backend_cipher gives that class (NULL: none).  Both in
 * env_classes.c, beside the registry look-ups.
 */
int cb_env_aead_backend_ok(int aead, const char *backend);
struct cb_cipher_class;
const struct cb_cipher_class *cb_env_backend_cipher(int aead, const char *backend);

typedef struct cb_env_opts {
	int aead;
	unsigned chunk_log2;
	unsigned threads;
	const char *aead_backend;
} cb_env_opts;

int cb_envelope_seal_ex(FILE *in, FILE *out, const cb_env_recipient *r, size_t nr, const cb_env_opts *o) CB_WARN_UNUSED;
int cb_envelope_open_ex(FILE *in, FILE *out, const cb_env_key *key, const cb_env_opts *o) CB_WARN_UNUSED;

/* Opening with either kind of key. */
int cb_envelope_open_key(FILE *in, FILE *out, const cb_env_key *key, unsigned threads) CB_WARN_UNUSED;

/*
 * From and to memory (what `run` times, and a program holding its data in
 * memory): the same envelope as the streams make, byte for byte.  The
 * chunks are shared out in contiguous runs over `threads` workers (1 to
 * 64; the calling thread is one), each sealing or opening its run straight
 * from the input buffer into the output, without copies or batches.
 *
 * cb_envelope_sealed_max: the most bytes sealing inlen bytes to these
 * recipients takes (0 for bad arguments); a KEM's is exact, an RSA or SM2
 * recipient's the most its ciphertext can take.
 * *outlen: in = the capacity of out, out = the bytes written (CB_ERR_LENGTH
 * when too small).  Opening needs at most inlen bytes; on any failure out
 * holds nothing of the plaintext (wiped).
 */
size_t cb_envelope_sealed_max(const cb_env_recipient *r, size_t nr, unsigned chunk_log2, size_t inlen);
int cb_envelope_seal_mem(const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen, const cb_env_recipient *r,
			 size_t nr, const cb_env_opts *o) CB_WARN_UNUSED;
int cb_envelope_open_mem(const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen, const cb_env_key *key,
			 const cb_env_opts *o) CB_WARN_UNUSED;

#endif
