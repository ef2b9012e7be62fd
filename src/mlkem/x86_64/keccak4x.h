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

/*
 * Keccak-f[1600] on all four states: the AVX-512VL version (vprolq,
 * vpternlogq on 256-bit registers) where CPUID reports AVX512F and
 * AVX512VL and CRYPTOBENCH_MLKEM_AVX512 is not "0", else the AVX2 one.
 * cb_keccak4x_avx512vl() says which (1: AVX-512VL).
 */
void cb_keccak4x_f1600(cb_keccak4x_state *st);
void cb_keccak4x_f1600_avx2(cb_keccak4x_state *st);
void cb_keccak4x_f1600_avx512vl(cb_keccak4x_state *st);
int cb_keccak4x_avx512vl(void);
/*
 * Reset, absorb len bytes of each in[j] (all four of the same length) and
 * pad with ds (CB_KECCAK_DS_SHAKE or _SHA3); rate in bytes, a multiple of 8.
 */
void cb_keccak4x_absorb_once(cb_keccak4x_state *st, unsigned rate, const uint8_t *const in[4],
			     size_t len, uint8_t ds);
/*
 * The same with lengths len[j] and domain bytes ds[j] per lane; every
 * len[j] / rate must be equal (the lanes share each permutation).
 */
void cb_keccak4x_absorb_once_each(cb_keccak4x_state *st, unsigned rate, const uint8_t *const in[4],
				  const size_t len[4], const uint8_t ds[4]);
/* nblocks whole blocks of each output stream into out[j]; repeated calls continue the streams. */
void cb_keccak4x_squeezeblocks(cb_keccak4x_state *st, unsigned rate, uint8_t *const out[4],
			       size_t nblocks);
void cb_keccak4x_wipe(cb_keccak4x_state *st);

#endif
