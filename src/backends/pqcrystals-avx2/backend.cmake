# The pq-crystals Kyber AVX2 code.  Always listed; compiled from
# ${CB_ANCHORS_DIR}/kyber/avx2 when `make anchors` unpacked it there, as the
# reference code is (pqcrystals-ref/backend.cmake): Keccak and four-way
# Keccak once, the rest once per level, symbols pqcrystals_kyber<bits>_avx2_*.
# Built for AVX2, BMI2 and POPCNT (their Makefile's flags without
# -march=native, so the library runs on any x86-64 CPU that has those);
# the classes are unavailable elsewhere (CPUID at run time).
include(${PROJECT_SOURCE_DIR}/src/backends/pqcrystals-ref/kyber.cmake)
set(cb_here ${PROJECT_SOURCE_DIR}/src/backends/pqcrystals-avx2)
cb_kyber_anchor(${cb_here}/pqc_avx2.c)
set(cb_pqc_avx2_libs)
if(cb_kyber_dir AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  enable_language(ASM)
  set(d ${cb_kyber_dir}/avx2)
  set(cb_pqc_avx2_flags ${CB_ANCHOR_CFLAGS} -mavx2 -mbmi2 -mpopcnt)
  add_library(cb_pqcrystals_avx2_keccak STATIC ${d}/fips202.c ${d}/fips202x4.c
    ${d}/keccak4x/KeccakP-1600-times4-SIMD256.c)
  target_compile_options(cb_pqcrystals_avx2_keccak PRIVATE ${cb_pqc_avx2_flags})
  # Their .S files pull their macros in with the assembler's .include, and
  # declare no stack section (their Makefile links with -z noexecstack).
  cb_kyber_levels(cb_pqcrystals_avx2 cb_pqc_avx2_libs KECCAK cb_pqcrystals_avx2_keccak
    OPTIONS ${cb_pqc_avx2_flags} $<$<COMPILE_LANGUAGE:ASM>:-Wa,-I${d} -Wa,--noexecstack>
    SOURCES ${d}/kem.c ${d}/indcpa.c ${d}/polyvec.c ${d}/poly.c ${d}/consts.c ${d}/rejsample.c
      ${d}/cbd.c ${d}/verify.c ${d}/symmetric-shake.c
      ${d}/fq.S ${d}/shuffle.S ${d}/ntt.S ${d}/invntt.S ${d}/basemul.S)
  set_property(SOURCE ${cb_here}/pqc_avx2.c APPEND PROPERTY COMPILE_DEFINITIONS CB_ANCHOR_BUILT=1)
  message(STATUS "cryptobench: pqcrystals-avx2 built from ${d}")
endif()
cb_backend_found(TRUE ${cb_pqc_avx2_libs})
