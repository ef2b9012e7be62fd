# libFuzzer targets for every parser of outside input (clang, CB_FUZZ=ON):
# each links a copy of the whole library, and of the CLI's list parsers,
# built with coverage instrumentation and ASan/UBSan.  ctest runs each for a
# few seconds from its seed corpus (tests/fuzz/corpus/<target>/, label
# "fuzz"); longer runs are in docs/VALIDATION.md.

if(CB_FUZZ AND CMAKE_C_COMPILER_ID MATCHES "Clang")
  add_library(cryptobench_fuzz STATIC ${CB_LIB_SOURCES}
              ${PROJECT_SOURCE_DIR}/src/cli/select.c ${PROJECT_SOURCE_DIR}/src/cli/cli.c)
  target_include_directories(cryptobench_fuzz PUBLIC ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src
    PRIVATE ${PROJECT_BINARY_DIR}/generated)
  target_link_libraries(cryptobench_fuzz PUBLIC PkgConfig::OPENSSL PkgConfig::JANSSON Threads::Threads m
                        ${CB_OPTIONAL_LIBS})
  target_compile_definitions(cryptobench_fuzz PUBLIC ${CB_OPTIONAL_DEFS} PRIVATE
    CB_VERSION="${PROJECT_VERSION}" CB_COMPILER="fuzz" CB_CFLAGS="" CB_BUILD_TYPE="fuzz")
  target_compile_options(cryptobench_fuzz PUBLIC -fsanitize=fuzzer-no-link,address,undefined)
  foreach(f fuzz_read_json fuzz_suite fuzz_sm2_ct fuzz_der fuzz_pkcs7 fuzz_hex fuzz_cli_lists fuzz_key_import fuzz_key_file)
    add_executable(${f} ${PROJECT_SOURCE_DIR}/tests/fuzz/${f}.c)
    target_compile_options(${f} PRIVATE -fsanitize=fuzzer)
    target_link_options(${f} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_libraries(${f} PRIVATE cryptobench_fuzz)
    # The corpus is copied so that what a run adds stays out of the source tree.
    add_test(NAME ${f} COMMAND sh -c "rm -rf corpus-${f} && cp -r ${PROJECT_SOURCE_DIR}/tests/fuzz/corpus/${f} corpus-${f} && $<TARGET_FILE:${f}> -max_total_time=4 -timeout=10 -rss_limit_mb=2048 corpus-${f}")
    set_tests_properties(${f} PROPERTIES LABELS "fuzz" TIMEOUT 120)
  endforeach()
endif()
