/*
 * Keccak-f[1600], SHA3-256, SHA3-512, SHAKE128 and SHAKE256 (FIPS 202) with
 * an incremental interface: absorb any number of times, finalize once, then
 * squeeze any number of times (each squeeze continues the output stream).
 *
 * Absorbing after finalize, or finalizing twice, is not supported.
 *
 * Portable C; no allocation.  The state holds whatever was absorbed; wipe it
 * with cb_keccak_wipe() when the input was secret.
 */
#ifndef CB_SHA3_H
#define CB_SHA3_H

#include <stddef.h>
#include <stdint.h>

#define CB_SHAKE128_RATE 168
#define CB_SHAKE256_RATE 136
#define CB_SHA3_256_RATE 136
#define CB_SHA3_512_RATE 72

/* Domain-separation bytes (FIPS 202, section 6 with pad10*1). */
#define CB_KECCAK_DS_SHA3 0x06
#define CB_KECCAK_DS_SHAKE 0x1f

typedef struct cb_keccak_state {
	uint64_t s[25];
	unsigned pos;  /* absorbing: bytes in the current block; squeezing: bytes used */
	unsigned rate; /* bytes */
} cb_keccak_state;

/* The permutation Keccak-f[1600] (FIPS 202, Algorithm 7), 24 rounds. */
void cb_keccak_f1600(uint64_t s[25]);

/* Generic sponge: rate in bytes (< 200, multiple of 8). */
void cb_keccak_init(cb_keccak_state *st, unsigned rate);
void cb_keccak_absorb(cb_keccak_state *st, const uint8_t *in, size_t len);
/* Pad with the domain byte ds and switch to squeezing. */
void cb_keccak_finalize(cb_keccak_state *st, uint8_t ds);
void cb_keccak_squeeze(cb_keccak_state *st, uint8_t *out, size_t len);
/*
 * Squeeze nblocks whole blocks (nblocks * rate bytes).  Same stream as
 * cb_keccak_squeeze(); fastest when called right after finalize or after
 * whole blocks.
 */
void cb_keccak_squeezeblocks(cb_keccak_state *st, uint8_t *out, size_t nblocks);
void cb_keccak_wipe(cb_keccak_state *st);

/*
 * Two sponges of the same rate run side by side on interleaved lanes, for
 * independent inputs (ML-KEM's matrix and noise sampling, H(ek) with
 * J(z || c)).  absorb_once resets the state, absorbs len0 bytes of in0 and
 * len1 of in1 and pads them with ds0 / ds1 (CB_KECCAK_DS_SHAKE, _SHA3);
 * inputs with the same number of whole blocks (len / rate) share every
 * permutation, otherwise the shorter one waits (correct, but no gain);
 * squeezeblocks then gives nblocks whole blocks of each output stream, and
 * repeated calls continue the streams.  Wipe with cb_keccak_x2_wipe() when
 * the inputs were secret.
 */
typedef struct cb_keccak_x2_state {
	uint64_t s[25][2];
} cb_keccak_x2_state;

void cb_keccak_f1600_x2(uint64_t s[25][2]);
void cb_keccak_x2_absorb_once(cb_keccak_x2_state *st, unsigned rate, const uint8_t *in0, size_t len0,
			      uint8_t ds0, const uint8_t *in1, size_t len1, uint8_t ds1);
void cb_keccak_x2_squeezeblocks(cb_keccak_x2_state *st, unsigned rate, uint8_t *out0, uint8_t *out1,
				size_t nblocks);
/*
 * The same output as 64-bit words (rate / 8 per block and lane): word i is
 * bytes 8i .. 8i + 7 of the stream read as a little-endian integer, on any
 * host; saves the conversion to bytes when the consumer wants words.
 */
void cb_keccak_x2_squeezewords(cb_keccak_x2_state *st, unsigned rate, uint64_t *out0, uint64_t *out1,
			       size_t nblocks);
void cb_keccak_x2_wipe(cb_keccak_x2_state *st);

/* SHAKE128 / SHAKE256 (XOFs). */
static inline void cb_shake128_init(cb_keccak_state *st) { cb_keccak_init(st, CB_SHAKE128_RATE); }
static inline void cb_shake256_init(cb_keccak_state *st) { cb_keccak_init(st, CB_SHAKE256_RATE); }
static inline void cb_shake_absorb(cb_keccak_state *st, const uint8_t *in, size_t len)
{
	cb_keccak_absorb(st, in, len);
}
static inline void cb_shake_finalize(cb_keccak_state *st) { cb_keccak_finalize(st, CB_KECCAK_DS_SHAKE); }
static inline void cb_shake_squeeze(cb_keccak_state *st, uint8_t *out, size_t len)
{
	cb_keccak_squeeze(st, out, len);
}

/* SHA3-256 / SHA3-512 incremental: init, absorb (cb_keccak_absorb), final. */
static inline void cb_sha3_256_init(cb_keccak_state *st) { cb_keccak_init(st, CB_SHA3_256_RATE); }
static inline void cb_sha3_512_init(cb_keccak_state *st) { cb_keccak_init(st, CB_SHA3_512_RATE); }
void cb_sha3_256_final(cb_keccak_state *st, uint8_t out[32]);
void cb_sha3_512_final(cb_keccak_state *st, uint8_t out[64]);

/* One-shot forms. */
void cb_sha3_256(uint8_t out[32], const uint8_t *in, size_t len);
void cb_sha3_512(uint8_t out[64], const uint8_t *in, size_t len);
void cb_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void cb_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);

#endif
