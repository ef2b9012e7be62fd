/*
 * The public cb_mldsaN_* functions.  So far only the portable C path
 * exists; they are its functions under the dispatching names, so that the
 * backends and tests already call what a native path will later choose.
 */
#include "mldsa/mldsa.h"

const char *cb_mldsa_impl_string(void)
{
	return "builtin-c";
}

#define FORWARD(N)                                                                                             \
	int cb_mldsa##N##_keypair(uint8_t *pk, uint8_t *sk, const uint8_t seed[32])                            \
	{                                                                                                      \
		return cb_mldsa##N##_c_keypair(pk, sk, seed);                                                  \
	}                                                                                                      \
	int cb_mldsa##N##_sign(uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *ctx, size_t ctxlen, \
			       const uint8_t rnd[32], const uint8_t *sk)                                       \
	{                                                                                                      \
		return cb_mldsa##N##_c_sign(sig, m, mlen, ctx, ctxlen, rnd, sk);                               \
	}                                                                                                      \
	int cb_mldsa##N##_sign_internal(uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t rnd[32],    \
					const uint8_t *sk)                                                     \
	{                                                                                                      \
		return cb_mldsa##N##_c_sign_internal(sig, m, mlen, rnd, sk);                                   \
	}                                                                                                      \
	int cb_mldsa##N##_sign_mu(uint8_t *sig, const uint8_t mu[64], const uint8_t rnd[32], const uint8_t *sk) \
	{                                                                                                      \
		return cb_mldsa##N##_c_sign_mu(sig, mu, rnd, sk);                                              \
	}                                                                                                      \
	int cb_mldsa##N##_verify(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,             \
				 const uint8_t *ctx, size_t ctxlen, const uint8_t *pk)                         \
	{                                                                                                      \
		return cb_mldsa##N##_c_verify(sig, siglen, m, mlen, ctx, ctxlen, pk);                          \
	}                                                                                                      \
	int cb_mldsa##N##_verify_internal(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,    \
					  const uint8_t *pk)                                                   \
	{                                                                                                      \
		return cb_mldsa##N##_c_verify_internal(sig, siglen, m, mlen, pk);                              \
	}                                                                                                      \
	int cb_mldsa##N##_verify_mu(const uint8_t *sig, size_t siglen, const uint8_t mu[64], const uint8_t *pk) \
	{                                                                                                      \
		return cb_mldsa##N##_c_verify_mu(sig, siglen, mu, pk);                                         \
	}                                                                                                      \
	int cb_mldsa##N##_pk_from_sk(uint8_t *pk, const uint8_t *sk)                                           \
	{                                                                                                      \
		return cb_mldsa##N##_c_pk_from_sk(pk, sk);                                                     \
	}                                                                                                      \
	const cb_mldsa_ops cb_mldsa##N##_ops = {                                                               \
		MLDSA_K_OF_##N,                                                                                \
		MLDSA_PK_BYTES(MLDSA_K_OF_##N),                                                                \
		MLDSA_SK_BYTES(MLDSA_K_OF_##N),                                                                \
		MLDSA_SIG_BYTES(MLDSA_K_OF_##N),                                                               \
		cb_mldsa##N##_keypair,                                                                         \
		cb_mldsa##N##_sign,                                                                            \
		cb_mldsa##N##_sign_internal,                                                                   \
		cb_mldsa##N##_sign_mu,                                                                         \
		cb_mldsa##N##_verify,                                                                          \
		cb_mldsa##N##_verify_internal,                                                                 \
		cb_mldsa##N##_verify_mu,                                                                       \
		cb_mldsa##N##_pk_from_sk,                                                                      \
	};

#define MLDSA_K_OF_44 4
#define MLDSA_K_OF_65 6
#define MLDSA_K_OF_87 8

FORWARD(44)
FORWARD(65)
FORWARD(87)
