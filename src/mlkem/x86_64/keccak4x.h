/*
 * Four Keccak-f[1600] sponges side by side in AVX2 registers: lane word i
 * of the four states is one 256-bit register (4 x 64 bits), so one pass of
 * the round function advances all four (the "parallel" implementation of
 * the Keccak team's implementation overview, section on SIMD).  Used by
 * the native ML-KEM path for SampleNTT (SHAKE128) and PRF (SHAKE256) of
 * four independent inputs.  Compiled with -mavx2 (keccak4x_avx2.c).
 */
#ifndef CB_MLKEM_X86_64_KECCAK4X_H
#define CB_MLKEM_X86_64_KECCAK4X_H

#include <stddef.h>
#include <stdint.h>

typedef struct cb_keccak4x_state {
	_Alignas(32) uint64_t s[25][4]; /* s[i][j]: lane word i of state j */
} cb_keccak4x_state;

/* Keccak-f[1600] on all four states. */
void cb_keccak4x_f1600(cb_keccak4x_state *st);
/*
 * Reset, absorb len bytes of each in[j] (all four of the same length) and
 * pad with ds (CB_KECCAK_DS_SHAKE or _SHA3); rate in bytes, a multiple of 8.
 */
void cb_keccak4x_absorb_once(cb_keccak4x_state *st, unsigned rate, const uint8_t *const in[4],
			     size_t len, uint8_t ds);
/* nblocks whole blocks of each output stream into out[j]; repeated calls continue the streams. */
void cb_keccak4x_squeezeblocks(cb_keccak4x_state *st, unsigned rate, uint8_t *const out[4],
			       size_t nblocks);
void cb_keccak4x_wipe(cb_keccak4x_state *st);

#endif
