/*
 * ML-DSA-44, ML-DSA-65 and ML-DSA-87 (FIPS 204, August 2024), portable
 * C11, written from the standard.  No heap allocation; secrets on the
 * stack are wiped before return; no branch or memory index depends on
 * secret data except what FIPS 204 makes public by design: whether an
 * iteration of the signing loop is rejected (and so the number of
 * iterations), the challenge c~ of each iteration, and which nibbles of
 * the ExpandS stream are rejected (docs/MLDSA.md, "Constant time").
 *
 * Byte strings, for each parameter set N = 44, 65, 87:
 *   pk   public key               CB_MLDSAN_PK_BYTES   (pkEncode, Algorithm 22)
 *   sk   secret key, expanded     CB_MLDSAN_SK_BYTES   (skEncode, Algorithm 24)
 *   sig  signature                CB_MLDSAN_SIG_BYTES  (sigEncode, Algorithm 26)
 *   seed the 32-byte xi of ML-DSA.KeyGen
 *
 * Functions return CB_OK or a negative CB_ERR_*:
 *   keypair(pk, sk, seed)          ML-DSA.KeyGen_internal (Algorithm 6) from xi
 *   sign(sig, m, mlen, ctx, ctxlen, rnd, sk)
 *                                  ML-DSA.Sign (Algorithm 2) with the caller's
 *                                  rnd (32 random bytes: hedged; 32 zero
 *                                  bytes: deterministic); CB_ERR_ARG when
 *                                  ctxlen > 255, CB_ERR_INVALID_KEY when sk
 *                                  has a coefficient of s1 / s2 outside
 *                                  [-eta, eta] (sig untouched)
 *   sign_internal(sig, m, mlen, rnd, sk)
 *                                  ML-DSA.Sign_internal (Algorithm 7) on M' = m
 *   sign_mu(sig, mu, rnd, sk)      Sign_internal from an external mu (64 bytes)
 *   verify(sig, siglen, m, mlen, ctx, ctxlen, pk)
 *                                  ML-DSA.Verify (Algorithm 3): CB_OK or
 *                                  CB_ERR_VERIFY (also for a wrong signature
 *                                  length or a malformed hint); CB_ERR_ARG
 *                                  when ctxlen > 255
 *   verify_internal / verify_mu    Verify_internal (Algorithm 8) on M' = m / mu
 *   pk_from_sk(pk, sk)             the public key of an expanded secret key;
 *                                  CB_ERR_INVALID_KEY when s1 / s2 are out of
 *                                  range or t0 / tr disagree with it
 *
 * Lengths of pk and sk are the caller's responsibility.
 */
#ifndef CB_MLDSA_H
#define CB_MLDSA_H

#include <stddef.h>
#include <stdint.h>

#include "cryptobench/common.h"
#include "mldsa/params.h"

#define CB_MLDSA_SEED_BYTES 32
#define CB_MLDSA_RND_BYTES 32
#define CB_MLDSA_MU_BYTES 64
#define CB_MLDSA_CTX_MAX 255

#define CB_MLDSA44_PK_BYTES MLDSA_PK_BYTES(4)
#define CB_MLDSA44_SK_BYTES MLDSA_SK_BYTES(4)
#define CB_MLDSA44_SIG_BYTES MLDSA_SIG_BYTES(4)
#define CB_MLDSA65_PK_BYTES MLDSA_PK_BYTES(6)
#define CB_MLDSA65_SK_BYTES MLDSA_SK_BYTES(6)
#define CB_MLDSA65_SIG_BYTES MLDSA_SIG_BYTES(6)
#define CB_MLDSA87_PK_BYTES MLDSA_PK_BYTES(8)
#define CB_MLDSA87_SK_BYTES MLDSA_SK_BYTES(8)
#define CB_MLDSA87_SIG_BYTES MLDSA_SIG_BYTES(8)

#define CB_MLDSA_DECLARE(pre)                                                                                  \
	int pre##_keypair(uint8_t *pk, uint8_t *sk, const uint8_t seed[32]) CB_WARN_UNUSED;                    \
	int pre##_sign(uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *ctx, size_t ctxlen,        \
		       const uint8_t rnd[32], const uint8_t *sk) CB_WARN_UNUSED;                              \
	int pre##_sign_internal(uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t rnd[32],           \
				const uint8_t *sk) CB_WARN_UNUSED;                                             \
	int pre##_sign_mu(uint8_t *sig, const uint8_t mu[64], const uint8_t rnd[32], const uint8_t *sk)       \
		CB_WARN_UNUSED;                                                                                \
	int pre##_verify(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *ctx, \
			 size_t ctxlen, const uint8_t *pk) CB_WARN_UNUSED;                                     \
	int pre##_verify_internal(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,           \
				  const uint8_t *pk) CB_WARN_UNUSED;                                           \
	int pre##_verify_mu(const uint8_t *sig, size_t siglen, const uint8_t mu[64], const uint8_t *pk)       \
		CB_WARN_UNUSED;                                                                                \
	int pre##_pk_from_sk(uint8_t *pk, const uint8_t *sk) CB_WARN_UNUSED;

/* The dispatching functions ("Implementations" below). */
CB_MLDSA_DECLARE(cb_mldsa44)
CB_MLDSA_DECLARE(cb_mldsa65)
CB_MLDSA_DECLARE(cb_mldsa87)
/* The portable C path, always. */
CB_MLDSA_DECLARE(cb_mldsa44_c)
CB_MLDSA_DECLARE(cb_mldsa65_c)
CB_MLDSA_DECLARE(cb_mldsa87_c)
/* The native x86-64 path (built with CB_MLKEM_HAVE_AVX2; call only when CPUID has AVX2). */
CB_MLDSA_DECLARE(cb_mldsa44_native)
CB_MLDSA_DECLARE(cb_mldsa65_native)
CB_MLDSA_DECLARE(cb_mldsa87_native)

/*
 * The functions of one parameter set as a table (the backends' classes
 * point at one of these through info.variant).
 */
typedef struct cb_mldsa_ops {
	int k; /* 4, 6, 8 */
	size_t pk_bytes, sk_bytes, sig_bytes;
	int (*keypair)(uint8_t *pk, uint8_t *sk, const uint8_t seed[32]);
	int (*sign)(uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *ctx, size_t ctxlen,
		    const uint8_t rnd[32], const uint8_t *sk);
	int (*sign_internal)(uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t rnd[32], const uint8_t *sk);
	int (*sign_mu)(uint8_t *sig, const uint8_t mu[64], const uint8_t rnd[32], const uint8_t *sk);
	int (*verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *ctx,
		      size_t ctxlen, const uint8_t *pk);
	int (*verify_internal)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *pk);
	int (*verify_mu)(const uint8_t *sig, size_t siglen, const uint8_t mu[64], const uint8_t *pk);
	int (*pk_from_sk)(uint8_t *pk, const uint8_t *sk);
} cb_mldsa_ops;

extern const cb_mldsa_ops cb_mldsa44_ops, cb_mldsa65_ops, cb_mldsa87_ops;       /* dispatching */
extern const cb_mldsa_ops cb_mldsa44_c_ops, cb_mldsa65_c_ops, cb_mldsa87_c_ops; /* portable */

/*
 * Implementations.  The dispatching functions run one of two paths with
 * the same results, byte for byte:
 *   CB_MLDSA_IMPL_C       portable C11 (cb_mldsaN_c_*), built everywhere
 *   CB_MLDSA_IMPL_NATIVE  x86-64: the same code with ExpandA / ExpandS /
 *                         ExpandMask four at a time on the four-way AVX2
 *                         (AVX-512VL where present) Keccak of the native
 *                         ML-KEM path, and AVX2 kernels for the NTTs,
 *                         the rejection steps and the coefficient-wise
 *                         steps (the x86_64 *_avx2.c files); used only when CPUID
 *                         reports AVX2
 * The first call chooses: CRYPTOBENCH_MLDSA_IMPL ("portable" or "c";
 * "native" or "avx2"), else native when the CPU has AVX2.
 * cb_mldsa_set_impl switches (CB_ERR_UNSUPPORTED when not available here).
 */
enum { CB_MLDSA_IMPL_C = 0, CB_MLDSA_IMPL_NATIVE = 1 };
int cb_mldsa_impl(void);
int cb_mldsa_impl_available(int impl);
int cb_mldsa_set_impl(int impl);
/* "builtin-c", "builtin-avx2" or "builtin-avx2+avx512vl": what the dispatching functions run. */
const char *cb_mldsa_impl_string(void);

#endif
