/*
 * The AVX2 kernels of the native x86-64 path.  Each has the signature,
 * preconditions and results of its portable twin in poly.h / sampling.h
 * (the same values coefficient for coefficient, so every encoding is
 * byte-identical); tests/test_mlkem_native.c compares each pair on random
 * and extreme inputs.  The kernels are compiled with -mavx2 and are called
 * only after the dispatcher (dispatch.c) saw AVX2 in CPUID.  Every kernel
 * indcpa.inc / kem.inc call through MLKEM_P() has a native version; the
 * native gen_matrix / getnoise_eta in indcpa.inc call the x4 samplers.
 */
#ifndef CB_MLKEM_X86_64_NATIVE_H
#define CB_MLKEM_X86_64_NATIVE_H

#include <stdint.h>

#include "mlkem/poly.h"
#include "mlkem/sampling.h"

/* poly_avx2.c */
void cb_mlkem_avx2_poly_ntt(cb_mlkem_poly *r);
void cb_mlkem_avx2_poly_invntt_tomont(cb_mlkem_poly *r);
void cb_mlkem_avx2_poly_mulcache_compute(cb_mlkem_mulcache *x, const cb_mlkem_poly *b);
void cb_mlkem_avx2_poly_basemul_acc(cb_mlkem_poly *r, const cb_mlkem_poly *a, const cb_mlkem_poly *b,
				    const cb_mlkem_mulcache *bc, unsigned k);
void cb_mlkem_avx2_poly_reduce(cb_mlkem_poly *r);
void cb_mlkem_avx2_poly_tomont(cb_mlkem_poly *r);
void cb_mlkem_avx2_poly_add(cb_mlkem_poly *r, const cb_mlkem_poly *b);
void cb_mlkem_avx2_poly_sub(cb_mlkem_poly *r, const cb_mlkem_poly *b);

/*
 * sampling_avx2.c: four SampleNTT (r[j] from rho || x[j] || y[j]); four
 * SamplePolyCBD_eta[j](PRF_eta[j](s, nonce[j])), eta[j] in {2, 3}, public.
 */
void cb_mlkem_avx2_sample_ntt_x4(cb_mlkem_poly *const r[4], const uint8_t rho[MLKEM_SYMBYTES],
				 const uint8_t x[4], const uint8_t y[4]);
void cb_mlkem_avx2_poly_getnoise_x4(cb_mlkem_poly *const r[4], const uint8_t s[MLKEM_SYMBYTES],
				    const uint8_t nonce[4], const unsigned eta[4]);

/*
 * Decapsulation's first pass: one block of H(ek) (SHA3-256) into h and of
 * J(z || c) (SHAKE256) into kbar, on two lanes of the four-way Keccak (it
 * is faster than the two-way one); eklen / 136 must equal zclen / 136.
 */
void cb_mlkem_avx2_hash_h_j(uint8_t h[136], uint8_t kbar[136], const uint8_t *ek, size_t eklen,
			    const uint8_t *zc, size_t zclen);

/* sampling_avx2.c: the twins of cb_mlkem_rej_uniform, cb_mlkem_cbd2, cb_mlkem_cbd3 */
unsigned cb_mlkem_avx2_rej_uniform(int16_t *r, unsigned ctr, const uint8_t *buf, size_t len);
void cb_mlkem_avx2_cbd2(cb_mlkem_poly *r, const uint8_t buf[128]);
void cb_mlkem_avx2_cbd3(cb_mlkem_poly *r, const uint8_t buf[192]);

/* encode_avx2.c */
void cb_mlkem_avx2_poly_tobytes(uint8_t r[MLKEM_POLYBYTES], const cb_mlkem_poly *a);
void cb_mlkem_avx2_poly_frombytes(cb_mlkem_poly *r, const uint8_t a[MLKEM_POLYBYTES]);
int cb_mlkem_avx2_poly_check_reduced(const uint8_t a[MLKEM_POLYBYTES]);
/* d = 4, 5, 10, 11 in AVX2, other d portable */
void cb_mlkem_avx2_poly_compress(uint8_t *r, const cb_mlkem_poly *a, unsigned d);
void cb_mlkem_avx2_poly_decompress(cb_mlkem_poly *r, const uint8_t *a, unsigned d);
void cb_mlkem_avx2_poly_frommsg(cb_mlkem_poly *r, const uint8_t m[MLKEM_SYMBYTES]);
void cb_mlkem_avx2_poly_tomsg(uint8_t m[MLKEM_SYMBYTES], const cb_mlkem_poly *a);

#endif
