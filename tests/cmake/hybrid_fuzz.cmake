# libFuzzer targets for the hybrid KEMs' decapsulation and the envelope
# reader (clang with CB_FUZZ=ON), each run briefly.  They link the
# instrumented copy of the whole library (cryptobench_fuzz, fuzz.cmake):
# the composed hybrids find their parts, and the envelope its AEAD, in the
# registry.  OpenSSL and the other libraries are linked as they are.
if(CB_FUZZ AND CMAKE_C_COMPILER_ID MATCHES "Clang")
  foreach(f fuzz_hybrid_decaps fuzz_envelope)
    add_executable(${f} ${PROJECT_SOURCE_DIR}/tests/fuzz/${f}.c)
    target_compile_options(${f} PRIVATE -fsanitize=fuzzer)
    target_link_options(${f} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_libraries(${f} PRIVATE cryptobench_fuzz)
    add_test(NAME ${f} COMMAND ${f} -max_total_time=10)
    set_tests_properties(${f} PROPERTIES LABELS "fuzz" TIMEOUT 120)
  endforeach()
endif()
