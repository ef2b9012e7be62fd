/*
 * Backend "pqcrystals-ref": the pq-crystals Kyber reference C (ML-KEM,
 * pinned in scripts/anchors.list), built when `make anchors` unpacked it
 * (backend.cmake); otherwise listed as not built.
 */
#include <string.h>

#define PQC_IMPL ref
#define PQC_BACKEND "pqcrystals-ref"
#define PQC_LABEL "ref"
#if defined(CB_ANCHOR_BUILT)
#define PQC_UNAVAILABLE NULL
#else
#define PQC_UNAVAILABLE cb_anchor_not_built
#endif
#include "backends/pqcrystals-ref/pqc_classes.inc"

#if defined(CB_ANCHOR_BUILT)
void cb_pqcrystals_randombytes(uint8_t *out, size_t len);

/*
 * Their randombytes() (renamed by backend.cmake, for ref and AVX2 alike).
 * Only their randomised crypto_kem_keypair / _enc call it, and the classes
 * never do (they draw coins with cb_random_bytes and call the _derand
 * functions); the hook returns void, so a generator failure leaves zeros,
 * which no path of cryptobench can reach.
 */
void cb_pqcrystals_randombytes(uint8_t *out, size_t len)
{
	if (cb_random_bytes(out, len) != CB_OK)
		memset(out, 0, len);
}
#endif

const cb_backend cb_backend_pqcrystals_ref = {"pqcrystals-ref", "pq-crystals kyber", cb_anchor_commit, pqc_classes};
