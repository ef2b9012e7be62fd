/*
 * The cipher class's length contract (include/cryptobench/cipher.h),
 * checked in one place for every backend, with the sizes of the class's
 * catalog row (catalog.h): the arguments, whole blocks
 * without padding, the padded and tagged output size, a ciphertext's tag
 * and padding shape.  `limit` is the largest input the library takes in
 * one call (OpenSSL: an int).
 */
#ifndef CB_CORE_CIPHER_CHECK_H
#define CB_CORE_CIPHER_CHECK_H

#include "cryptobench/cipher.h"

/*
 * Encryption of inlen bytes into out (capacity *outlen): CB_ERR_ARG for a
 * NULL buffer, CB_ERR_LENGTH for an input above limit, not whole blocks
 * without padding, or too small an output; else *need = the ciphertext
 * size (padding and tag included).
 */
int cb_cipher_encrypt_size(const cb_cipher_class *cls, const uint8_t *in, size_t inlen, const uint8_t *out,
			   const size_t *outlen, size_t limit, size_t *need) CB_WARN_UNUSED;

/*
 * Decryption of inlen bytes: as above, plus CB_ERR_LENGTH for an input
 * shorter than the tag, CB_ERR_DECRYPT for a padded ciphertext that is
 * empty or not whole blocks (CB_ERR_LENGTH when unpadded); else *body =
 * the bytes before the tag.
 */
int cb_cipher_decrypt_size(const cb_cipher_class *cls, const uint8_t *in, size_t inlen, const uint8_t *out,
			   const size_t *outlen, size_t limit, size_t *body) CB_WARN_UNUSED;

/*
 * The ECB and CBC modes of a library's block function: blocks(ctx, enc,
 * iv, len, out, in) encrypts (enc 1) or decrypts len whole blocks, CBC
 * chaining through iv (NULL or unused for ECB); 0 or a CB_ERR_* code.
 */
typedef int (*cb_cipher_blocks_fn)(void *ctx, int enc, uint8_t *iv, size_t len, uint8_t *out, const uint8_t *in);

/*
 * Encryption of inlen bytes: the whole blocks, then, when the class pads,
 * the last partial block with its PKCS#7 padding (RFC 5652 6.3); out
 * holds the padded size (cb_cipher_encrypt_size).  0 or blocks()'s error.
 */
int cb_cipher_blocks_encrypt(const cb_cipher_class *cls, cb_cipher_blocks_fn blocks, void *ctx, uint8_t *iv,
			     const uint8_t *in, size_t inlen, uint8_t *out) CB_WARN_UNUSED;

/*
 * Decryption of body bytes (whole blocks), then, when the class pads, the
 * PKCS#7 check (cb_pkcs7_check); *outlen the plaintext's length.
 * blocks()'s error or CB_ERR_DECRYPT (a bad padding), out[0..body) wiped
 * then; else 0.
 */
int cb_cipher_blocks_decrypt(const cb_cipher_class *cls, cb_cipher_blocks_fn blocks, void *ctx, uint8_t *iv,
			     const uint8_t *in, size_t body, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;

/* CTR over a library's stream function: len bytes of in into out, the counter block ctr updated; 0 or CB_ERR_*. */
typedef int (*cb_cipher_ctr_fn)(void *ctx, uint8_t *ctr, size_t len, uint8_t *out, const uint8_t *in);

/*
 * A non-AEAD class's encrypt (enc 1) or decrypt of inlen bytes (after
 * cb_cipher_encrypt_size / cb_cipher_decrypt_size): the IV of the row's
 * length copied (the library's CBC and CTR update their copy), then CTR
 * (a block of 1) through ctr, or ECB / CBC through blocks with PKCS#7 as
 * the class says (cb_cipher_blocks_encrypt / _decrypt).  *outlen the
 * output's length.  CB_ERR_LENGTH (an IV of another length), else 0 or
 * the library's error.
 */
int cb_cipher_modes(const cb_cipher_class *cls, int enc, cb_cipher_blocks_fn blocks, cb_cipher_ctr_fn ctr, void *ctx,
		    const uint8_t *iv, size_t ivlen, const uint8_t *in, size_t inlen, uint8_t *out,
		    size_t *outlen) CB_WARN_UNUSED;

/*
 * An AEAD's one message through a library: encrypt (enc 1) len bytes of in
 * into out and the tag (the class's tag_bytes) after them at out + len, or
 * decrypt len bytes and check the tag that follows them at in + len
 * (CB_ERR_VERIFY when it does not match).  The library checks the IV's
 * length; iv is not NULL, nor aad (empty when aadlen is 0).  0 or a
 * CB_ERR_* code.
 */
typedef int (*cb_cipher_aead_fn)(void *ctx, int enc, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
				 size_t aadlen, const uint8_t *in, size_t len, uint8_t *out);

/*
 * What a library gives its cipher classes (the adapter's one instance):
 * the largest input of one encryption and of one decryption (the limit of
 * cb_cipher_encrypt_size / _decrypt_size), its AEAD call, its ECB / CBC
 * block function and CTR function, and start (NULL when it needs none), a
 * non-AEAD message's beginning in the library (its IV set) before
 * cb_cipher_modes.
 */
typedef struct cb_cipher_lib {
	size_t enc_limit, dec_limit;
	cb_cipher_aead_fn aead;
	cb_cipher_blocks_fn blocks;
	cb_cipher_ctr_fn ctr;
	int (*start)(void *ctx, int enc, const uint8_t *iv, size_t ivlen);
} cb_cipher_lib;

/*
 * A cipher class's encrypt (enc 1) or decrypt over lib: the sizes
 * (cb_cipher_encrypt_size / _decrypt_size); an AEAD's arguments
 * (CB_ERR_ARG for a NULL IV, or NULL aad with aadlen) and lib->aead, out
 * wiped when a decryption fails; the other modes by cb_cipher_modes.
 * *outlen the output's length.
 */
int cb_cipher_crypt(const cb_cipher_lib *lib, const cb_cipher_class *cls, void *ctx, int enc, const uint8_t *iv,
		    size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in, size_t inlen, uint8_t *out,
		    size_t *outlen) CB_WARN_UNUSED;

/*
 * The first member of an adapter's cipher handle whose class's encrypt and
 * decrypt are cb_cipher_handle_encrypt / _decrypt: its class and its
 * library; those methods are cb_cipher_crypt over them.
 */
typedef struct cb_cipher_handle {
	const cb_cipher_class *cls;
	const cb_cipher_lib *lib;
} cb_cipher_handle;

/* A zeroed handle of size bytes (a cb_cipher_handle first) for cls over lib: NULL without memory. */
void *cb_cipher_handle_new(size_t size, const cb_cipher_class *cls, const cb_cipher_lib *lib);

int cb_cipher_handle_encrypt(void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
			     const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_cipher_handle_decrypt(void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
			     const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;

/*
 * A cipher class table's sizes and methods, after its .info, for an
 * adapter whose handles begin with a cb_cipher_handle: made by p_init,
 * freed by p_free, encrypt and decrypt cb_cipher_handle's.
 */
#define CB_CIPHER_HANDLE_METHODS(p, kb, ivb, bb, tb, pad)                                                      \
	.key_bytes = (kb), .iv_bytes = (ivb), .block_bytes = (bb), .tag_bytes = (tb), .padded = (pad),         \
	.init = p##_init, .free = p##_free, .encrypt = cb_cipher_handle_encrypt, .decrypt = cb_cipher_handle_decrypt

/* A cipher class's mode: the adapters' class variant points at one. */
enum cb_cipher_mode { CB_MODE_ECB, CB_MODE_CBC, CB_MODE_CTR, CB_MODE_GCM, CB_MODE_CHAPOLY };

/* Longest GCM IV the adapters accept (as the OpenSSL classes; 12 is the usual). */
#define CB_GCM_MAX_IV 128

/*
 * The twelve AES classes the cipher adapters offer, with their sizes
 * stated once.  A row is X(id, name, mode, key_bytes, iv_bytes,
 * block_bytes, tag_bytes, padded), mode an enum cb_cipher_mode.
 */
#define CB_AES_CIPHER_ROWS(X)                                                                                          \
	X(aes128_ecb, "aes-128-ecb", CB_MODE_ECB, 16, 0, 16, 0, 0)                                                     \
	X(aes128_ecb_p, "aes-128-ecb-pkcs7", CB_MODE_ECB, 16, 0, 16, 0, 1)                                             \
	X(aes128_cbc, "aes-128-cbc", CB_MODE_CBC, 16, 16, 16, 0, 0)                                                    \
	X(aes128_cbc_p, "aes-128-cbc-pkcs7", CB_MODE_CBC, 16, 16, 16, 0, 1)                                            \
	X(aes128_ctr, "aes-128-ctr", CB_MODE_CTR, 16, 16, 1, 0, 0)                                                     \
	X(aes128_gcm, "aes-128-gcm", CB_MODE_GCM, 16, 12, 1, 16, 0)                                                    \
	X(aes256_ecb, "aes-256-ecb", CB_MODE_ECB, 32, 0, 16, 0, 0)                                                     \
	X(aes256_ecb_p, "aes-256-ecb-pkcs7", CB_MODE_ECB, 32, 0, 16, 0, 1)                                             \
	X(aes256_cbc, "aes-256-cbc", CB_MODE_CBC, 32, 16, 16, 0, 0)                                                    \
	X(aes256_cbc_p, "aes-256-cbc-pkcs7", CB_MODE_CBC, 32, 16, 16, 0, 1)                                            \
	X(aes256_ctr, "aes-256-ctr", CB_MODE_CTR, 32, 16, 1, 0, 0)                                                     \
	X(aes256_gcm, "aes-256-gcm", CB_MODE_GCM, 32, 12, 1, 16, 0)

#endif
