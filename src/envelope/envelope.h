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
 * Payload AEADs: AES-256-GCM and ChaCha20-Poly1305 (OpenSSL), SM4-GCM
 * (libgcrypt).
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

#include <stdio.h>

#include "cryptobench/kem.h"

/*
 * SM4-GCM (libgcrypt; OpenSSL 3.0 has none) exists only when the
 * libgcrypt backend is built: cb_env_aead_name() is NULL for it otherwise.
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
/* Opening with either kind of key. */
int cb_envelope_open_key(FILE *in, FILE *out, const cb_env_key *key, unsigned threads) CB_WARN_UNUSED;

#endif
