# libFuzzer targets for the hybrid KEMs' decapsulation and the envelope
# reader (clang with CB_FUZZ=ON), each run briefly.  As for ML-KEM
# (mlkem.cmake), the code under test is compiled again with coverage
# instrumentation and ASan/UBSan; OpenSSL is linked as it is.
if(CB_FUZZ AND CMAKE_C_COMPILER_ID MATCHES "Clang")
  file(GLOB CB_HYFUZZ_SOURCES ${PROJECT_SOURCE_DIR}/src/hybrid/*.c ${PROJECT_SOURCE_DIR}/src/envelope/*.c
       ${PROJECT_SOURCE_DIR}/src/mlkem/*.c ${PROJECT_SOURCE_DIR}/src/sha3/*.c)
  # env_classes.c looks classes up in the registry (every backend): the
  # fuzz targets get a stand-in without backends (the built-in AEAD only)
  list(FILTER CB_HYFUZZ_SOURCES EXCLUDE REGEX "env_classes\\.c$")
  add_library(cbhybrid_fuzz STATIC ${CB_HYFUZZ_SOURCES} ${CB_MLKEM_NATIVE_SOURCES} ${PROJECT_SOURCE_DIR}/src/core/util.c
              ${PROJECT_SOURCE_DIR}/tests/fuzz/env_no_backends.c)
  target_include_directories(cbhybrid_fuzz PUBLIC ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/include)
  target_compile_options(cbhybrid_fuzz PUBLIC -fsanitize=fuzzer-no-link,address,undefined)
  target_link_libraries(cbhybrid_fuzz PUBLIC PkgConfig::OPENSSL Threads::Threads)
  foreach(f fuzz_hybrid_decaps fuzz_envelope)
    add_executable(${f} ${PROJECT_SOURCE_DIR}/tests/fuzz/${f}.c)
    target_compile_options(${f} PRIVATE -fsanitize=fuzzer)
    target_link_options(${f} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_libraries(${f} PRIVATE cbhybrid_fuzz)
    add_test(NAME ${f} COMMAND ${f} -max_total_time=10)
    set_tests_properties(${f} PROPERTIES LABELS "fuzz" TIMEOUT 120)
  endforeach()
endif()
