# The pq-crystals Kyber reference code (ML-KEM since its FIPS 203 update).
# Always listed; compiled from ${CB_ANCHORS_DIR}/kyber/ref when `make
# anchors` unpacked it there: Keccak once (its FIPS202_NAMESPACE does not
# depend on the level), the rest once per level with KYBER_K, whose
# params.h then names every symbol pqcrystals_kyber<bits>_ref_*.  Their
# randombytes() is renamed to ours (pqc_ref.c).
include(${PROJECT_SOURCE_DIR}/src/backends/pqcrystals-ref/kyber.cmake)
set(cb_here ${PROJECT_SOURCE_DIR}/src/backends/pqcrystals-ref)
cb_kyber_anchor(${cb_here}/pqc_ref.c)
set(cb_pqc_ref_libs)
if(cb_kyber_dir)
  set(d ${cb_kyber_dir}/ref)
  add_library(cb_pqcrystals_ref_fips202 STATIC ${d}/fips202.c)
  target_compile_options(cb_pqcrystals_ref_fips202 PRIVATE ${CB_ANCHOR_CFLAGS})
  cb_kyber_levels(cb_pqcrystals_ref cb_pqc_ref_libs KECCAK cb_pqcrystals_ref_fips202
    OPTIONS ${CB_ANCHOR_CFLAGS}
    SOURCES ${d}/cbd.c ${d}/indcpa.c ${d}/kem.c ${d}/ntt.c ${d}/poly.c ${d}/polyvec.c
      ${d}/reduce.c ${d}/symmetric-shake.c ${d}/verify.c)
  set_property(SOURCE ${cb_here}/pqc_ref.c APPEND PROPERTY COMPILE_DEFINITIONS CB_ANCHOR_BUILT=1)
  message(STATUS "cryptobench: pqcrystals-ref built from ${d}")
endif()
cb_backend_found(TRUE ${cb_pqc_ref_libs})
