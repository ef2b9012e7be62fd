/*
 * Backend "pqcrystals-avx2": the pq-crystals Kyber AVX2 code (ML-KEM,
 * pinned in scripts/anchors.list), built when `make anchors` unpacked it
 * (backend.cmake); otherwise listed as not built.  Unavailable on CPUs
 * without AVX2, BMI2 and POPCNT.  Its randombytes() is pqcrystals-ref's.
 */
#define PQC_IMPL avx2
#define PQC_BACKEND "pqcrystals-avx2"
#define PQC_LABEL "avx2"
#if defined(CB_ANCHOR_BUILT)
#define PQC_UNAVAILABLE cb_anchor_avx2_unavailable
#else
#define PQC_UNAVAILABLE cb_anchor_not_built
#endif
#include "backends/pqcrystals-ref/pqc_classes.inc"

const cb_backend cb_backend_pqcrystals_avx2 = {"pqcrystals-avx2", "pq-crystals kyber", cb_anchor_commit, pqc_classes};
