# ML-KEM special tests: constant-time check under valgrind, the kem CLI
# script, and libFuzzer targets (clang with CB_FUZZ=ON).

find_program(VALGRIND valgrind)
find_path(VALGRIND_INCLUDE_DIR valgrind/memcheck.h)
if(VALGRIND AND VALGRIND_INCLUDE_DIR)
  # Built from the ML-KEM sources directly, with the declassification
  # points of src/mlkem/ct.h turned on.
  file(GLOB CB_CT_SOURCES ${PROJECT_SOURCE_DIR}/src/mlkem/*.c ${PROJECT_SOURCE_DIR}/src/sha3/*.c)
  add_executable(ct_mlkem ${PROJECT_SOURCE_DIR}/tests/ct/ct_mlkem.c ${CB_CT_SOURCES} ${CB_MLKEM_NATIVE_SOURCES}
                 ${PROJECT_SOURCE_DIR}/src/core/util.c)
  target_include_directories(ct_mlkem PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/include
                             ${VALGRIND_INCLUDE_DIR})
  target_compile_definitions(ct_mlkem PRIVATE CB_CT_TESTING)
  # valgrind 3.19 cannot read the DWARF 5 that recent clang emits
  target_compile_options(ct_mlkem PRIVATE -gdwarf-4)
  add_test(NAME ct_mlkem_valgrind
           COMMAND ${VALGRIND} --error-exitcode=1 --track-origins=yes $<TARGET_FILE:ct_mlkem>)
  set_tests_properties(ct_mlkem_valgrind PROPERTIES LABELS "valgrind;novalgrind-san" TIMEOUT 300)
endif()

add_test(NAME cli_kem COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_kem.sh $<TARGET_FILE:cryptobench-cli>)
set_tests_properties(cli_kem PROPERTIES TIMEOUT 120)

if(CB_FUZZ AND CMAKE_C_COMPILER_ID MATCHES "Clang")
  # The fuzz targets link their own copy of the ML-KEM and SHA-3 code built
  # with coverage instrumentation (-fsanitize=fuzzer-no-link) and ASan/UBSan;
  # the main library and the other programs stay uninstrumented.
  file(GLOB CB_FUZZ_LIB_SOURCES ${PROJECT_SOURCE_DIR}/src/mlkem/*.c ${PROJECT_SOURCE_DIR}/src/sha3/*.c)
  add_library(cbmlkem_fuzz STATIC ${CB_FUZZ_LIB_SOURCES} ${CB_MLKEM_NATIVE_SOURCES}
              ${PROJECT_SOURCE_DIR}/src/core/util.c)
  target_include_directories(cbmlkem_fuzz PUBLIC ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/include)
  target_compile_options(cbmlkem_fuzz PUBLIC -fsanitize=fuzzer-no-link,address,undefined)
  foreach(f fuzz_decaps fuzz_ek)
    add_executable(${f} ${PROJECT_SOURCE_DIR}/tests/fuzz/${f}.c)
    target_compile_options(${f} PRIVATE -fsanitize=fuzzer)
    target_link_options(${f} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_libraries(${f} PRIVATE cbmlkem_fuzz)
    add_test(NAME ${f} COMMAND ${f} -max_total_time=10)
    set_tests_properties(${f} PROPERTIES LABELS "fuzz" TIMEOUT 120)
  endforeach()
endif()
