/*
 * The project's own ML-DSA (src/mldsa, FIPS 204) as sig classes mldsa44,
 * mldsa65, mldsa87 of backend builtin (the dispatching path) and, through
 * the same library calls, of backend builtin-c (the portable path); the
 * handle, the key files and the arguments are src/core/pqsig.c's.
 */
#include "backends/backends.h"
#include "backends/builtin/builtin_mldsa.h"

_Static_assert(CB_MLDSA87_PK_BYTES == CB_PQSIG_PK_MAX && CB_MLDSA87_SK_BYTES == CB_PQSIG_SK_MAX,
	       "FIPS 204's sizes, as CB_PQSIG_MLDSA87");

static const cb_mldsa_ops *ops_of(const cb_pqsig_key *k)
{
	return k->set->impl;
}

static int from_seed(cb_pqsig_key *k, const uint8_t seed[32])
{
	return ops_of(k)->keypair(k->pk, k->sk, seed);
}

/* The public key computed from skEncode, with the consistency checks (pk_from_sk). */
static int from_expanded(cb_pqsig_key *k, int derive)
{
	int rc = derive ? ops_of(k)->pk_from_sk(k->pk, k->sk) : CB_OK;

	k->has_pk = derive && rc == CB_OK;
	return rc;
}

static int sign(const cb_pqsig_key *k, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *rnd,
		uint8_t *sig)
{
	switch (p->iface) {
	case CB_SIG_IFACE_PURE:
		return ops_of(k)->sign(sig, m, mlen, p->ctx, p->ctx_len, rnd, k->sk);
	case CB_SIG_IFACE_INTERNAL:
		return ops_of(k)->sign_internal(sig, m, mlen, rnd, k->sk);
	default:
		return ops_of(k)->sign_mu(sig, m, rnd, k->sk);
	}
}

static int verify(const cb_pqsig_key *k, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *sig)
{
	size_t siglen = k->set->sig;

	switch (p->iface) {
	case CB_SIG_IFACE_PURE:
		return ops_of(k)->verify(sig, siglen, m, mlen, p->ctx, p->ctx_len, k->pk);
	case CB_SIG_IFACE_INTERNAL:
		return ops_of(k)->verify_internal(sig, siglen, m, mlen, k->pk);
	default:
		return ops_of(k)->verify_mu(sig, siglen, m, k->pk);
	}
}

const cb_pqsig_lib cb_builtin_mldsa_lib = {
	.from_seed = from_seed,
	.from_expanded = from_expanded,
	.sign = sign,
	.verify = verify,
};

static const char *builtin_mldsa_implementation(void)
{
	return cb_mldsa_impl_string();
}

#define BUILTIN_NOTES_MLDSA "own FIPS 204 code (src/mldsa)"
CB_BUILTIN_MLDSA_CLASSES("builtin", BUILTIN_NOTES_MLDSA, builtin_mldsa_implementation, )

const cb_alg_info *const cb_builtin_mldsa_algs[] = CB_BUILTIN_MLDSA_LIST;
