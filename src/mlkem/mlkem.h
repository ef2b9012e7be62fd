/*
 * ML-KEM-512, ML-KEM-768 and ML-KEM-1024 (FIPS 203, August 2024), portable
 * C11.  No heap allocation; secrets on the stack are wiped before return;
 * no branch or memory index depends on secret data (docs/MLKEM.md).
 *
 * Byte strings, for each parameter set (k = 2, 3, 4):
 *   ek  encapsulation key     CB_MLKEMxxx_EK_BYTES
 *   dk  decapsulation key     CB_MLKEMxxx_DK_BYTES (expanded: dk_pke||ek||H(ek)||z)
 *   ct  ciphertext            CB_MLKEMxxx_CT_BYTES
 *   ss  shared secret         CB_MLKEM_SS_BYTES
 *
 * Functions return CB_OK, CB_ERR_INVALID_KEY (input check of FIPS 203 7.2 /
 * 7.3 failed; outputs untouched) or CB_ERR_RANDOM.  Lengths are the
 * caller's responsibility (the type checks of 7.2/7.3 are length checks).
 *
 *   keypair_derand(ek, dk, d, z)  ML-KEM.KeyGen_internal (Algorithm 16)
 *   keypair(ek, dk)               ML-KEM.KeyGen (Algorithm 19), d, z from getrandom
 *   encaps_derand(ct, ss, ek, m)  7.2 modulus check, then Encaps_internal (Algorithm 17)
 *   encaps(ct, ss, ek)            ML-KEM.Encaps (Algorithm 20), m from getrandom
 *   decaps(ss, ct, dk)            7.3 hash check, then Decaps_internal (Algorithm 18);
 *                                 a modified ct yields the implicit-rejection key, CB_OK
 *   check_ek(ek)                  7.2 modulus check alone
 *   check_dk(dk)                  7.3 hash check alone
 */
#ifndef CB_MLKEM_H
#define CB_MLKEM_H

#include <stdint.h>

#include "cryptobench/common.h"
#include "mlkem/params.h"

#define CB_MLKEM_SS_BYTES 32
#define CB_MLKEM_SEED_BYTES 32

#define CB_MLKEM512_EK_BYTES MLKEM_EK_BYTES(2)
#define CB_MLKEM512_DK_BYTES MLKEM_DK_BYTES(2)
#define CB_MLKEM512_CT_BYTES MLKEM_CT_BYTES(2)
#define CB_MLKEM768_EK_BYTES MLKEM_EK_BYTES(3)
#define CB_MLKEM768_DK_BYTES MLKEM_DK_BYTES(3)
#define CB_MLKEM768_CT_BYTES MLKEM_CT_BYTES(3)
#define CB_MLKEM1024_EK_BYTES MLKEM_EK_BYTES(4)
#define CB_MLKEM1024_DK_BYTES MLKEM_DK_BYTES(4)
#define CB_MLKEM1024_CT_BYTES MLKEM_CT_BYTES(4)

int cb_mlkem512_keypair_derand(uint8_t *ek, uint8_t *dk, const uint8_t d[32], const uint8_t z[32]) CB_WARN_UNUSED;
int cb_mlkem512_keypair(uint8_t *ek, uint8_t *dk) CB_WARN_UNUSED;
int cb_mlkem512_encaps_derand(uint8_t *ct, uint8_t *ss, const uint8_t *ek, const uint8_t m[32]) CB_WARN_UNUSED;
int cb_mlkem512_encaps(uint8_t *ct, uint8_t *ss, const uint8_t *ek) CB_WARN_UNUSED;
int cb_mlkem512_decaps(uint8_t *ss, const uint8_t *ct, const uint8_t *dk) CB_WARN_UNUSED;
int cb_mlkem512_check_ek(const uint8_t *ek) CB_WARN_UNUSED;
int cb_mlkem512_check_dk(const uint8_t *dk) CB_WARN_UNUSED;

int cb_mlkem768_keypair_derand(uint8_t *ek, uint8_t *dk, const uint8_t d[32], const uint8_t z[32]) CB_WARN_UNUSED;
int cb_mlkem768_keypair(uint8_t *ek, uint8_t *dk) CB_WARN_UNUSED;
int cb_mlkem768_encaps_derand(uint8_t *ct, uint8_t *ss, const uint8_t *ek, const uint8_t m[32]) CB_WARN_UNUSED;
int cb_mlkem768_encaps(uint8_t *ct, uint8_t *ss, const uint8_t *ek) CB_WARN_UNUSED;
int cb_mlkem768_decaps(uint8_t *ss, const uint8_t *ct, const uint8_t *dk) CB_WARN_UNUSED;
int cb_mlkem768_check_ek(const uint8_t *ek) CB_WARN_UNUSED;
int cb_mlkem768_check_dk(const uint8_t *dk) CB_WARN_UNUSED;

int cb_mlkem1024_keypair_derand(uint8_t *ek, uint8_t *dk, const uint8_t d[32], const uint8_t z[32]) CB_WARN_UNUSED;
int cb_mlkem1024_keypair(uint8_t *ek, uint8_t *dk) CB_WARN_UNUSED;
int cb_mlkem1024_encaps_derand(uint8_t *ct, uint8_t *ss, const uint8_t *ek, const uint8_t m[32]) CB_WARN_UNUSED;
int cb_mlkem1024_encaps(uint8_t *ct, uint8_t *ss, const uint8_t *ek) CB_WARN_UNUSED;
int cb_mlkem1024_decaps(uint8_t *ss, const uint8_t *ct, const uint8_t *dk) CB_WARN_UNUSED;
int cb_mlkem1024_check_ek(const uint8_t *ek) CB_WARN_UNUSED;
int cb_mlkem1024_check_dk(const uint8_t *dk) CB_WARN_UNUSED;

/*
 * Implementations.  Every function above dispatches at run time to one of
 * two implementations with the same results, byte for byte:
 *   CB_MLKEM_IMPL_C     portable C11 (cb_mlkemN_c_*), built everywhere
 *   CB_MLKEM_IMPL_AVX2  x86-64 AVX2 kernels (cb_mlkemN_avx2_*), built on
 *                       x86-64 (CB_MLKEM_HAVE_AVX2), used only when CPUID
 *                       reports AVX2
 * The first call chooses: the environment variable CRYPTOBENCH_MLKEM_IMPL
 * ("portable" or "c"; "avx2" or "native"), else AVX2 when the CPU has it.
 * An AVX2 request on a CPU without AVX2 falls back to portable C.
 */
enum { CB_MLKEM_IMPL_C = 0, CB_MLKEM_IMPL_AVX2 = 1 };

/* 1 if impl is built and this CPU can run it. */
int cb_mlkem_impl_available(int impl);
/* The implementation the dispatching functions use now. */
int cb_mlkem_impl(void);
/* Select impl for every later call (tests); CB_ERR_UNSUPPORTED if not available. */
int cb_mlkem_set_impl(int impl) CB_WARN_UNUSED;
/*
 * What the dispatching functions run, for results: "builtin-c",
 * "builtin-avx2", or "builtin-avx2+avx512vl" (the four-way Keccak uses
 * AVX-512VL: CPUID has AVX512F and AVX512VL and CRYPTOBENCH_MLKEM_AVX512
 * is not "0").
 */
const char *cb_mlkem_impl_string(void);
/* "c" or "avx2". */
const char *cb_mlkem_impl_name(int impl);

#define CB_MLKEM_DECLARE(pfx)                                                                      \
	int pfx##_keypair_derand(uint8_t *ek, uint8_t *dk, const uint8_t d[32],                     \
				 const uint8_t z[32]) CB_WARN_UNUSED;                                 \
	int pfx##_keypair(uint8_t *ek, uint8_t *dk) CB_WARN_UNUSED;                                \
	int pfx##_encaps_derand(uint8_t *ct, uint8_t *ss, const uint8_t *ek,                       \
				const uint8_t m[32]) CB_WARN_UNUSED;                                  \
	int pfx##_encaps(uint8_t *ct, uint8_t *ss, const uint8_t *ek) CB_WARN_UNUSED;              \
	int pfx##_decaps(uint8_t *ss, const uint8_t *ct, const uint8_t *dk) CB_WARN_UNUSED;        \
	int pfx##_check_ek(const uint8_t *ek) CB_WARN_UNUSED;                                      \
	int pfx##_check_dk(const uint8_t *dk) CB_WARN_UNUSED;

CB_MLKEM_DECLARE(cb_mlkem512_c)
CB_MLKEM_DECLARE(cb_mlkem768_c)
CB_MLKEM_DECLARE(cb_mlkem1024_c)
#ifdef CB_MLKEM_HAVE_AVX2
CB_MLKEM_DECLARE(cb_mlkem512_avx2)
CB_MLKEM_DECLARE(cb_mlkem768_avx2)
CB_MLKEM_DECLARE(cb_mlkem1024_avx2)
#endif

#endif
