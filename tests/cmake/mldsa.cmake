# ML-DSA (src/mldsa): the constant-time check under valgrind (docs/MLDSA.md).

find_program(VALGRIND valgrind)
find_path(VALGRIND_INCLUDE_DIR valgrind/memcheck.h)
if(VALGRIND AND VALGRIND_INCLUDE_DIR)
  # Built from the ML-DSA sources directly, with the declassification
  # points of src/core/ct.h turned on.
  file(GLOB CB_CT_MLDSA_SOURCES ${PROJECT_SOURCE_DIR}/src/mldsa/*.c ${PROJECT_SOURCE_DIR}/src/mldsa/x86_64/*.c
       ${PROJECT_SOURCE_DIR}/src/sha3/*.c)
  # the native path needs the four-way Keccak of the native ML-KEM path
  set(cb_ct_mldsa_keccak4x)
  if(CB_MLKEM_NATIVE_SOURCES)
    file(GLOB cb_ct_mldsa_keccak4x ${PROJECT_SOURCE_DIR}/src/mlkem/x86_64/keccak4x_*.c)
  endif()
  add_executable(ct_mldsa ${PROJECT_SOURCE_DIR}/tests/ct/ct_mldsa.c ${CB_CT_MLDSA_SOURCES}
                 ${cb_ct_mldsa_keccak4x} ${PROJECT_SOURCE_DIR}/src/core/util.c)
  target_include_directories(ct_mldsa PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/include
                             ${VALGRIND_INCLUDE_DIR})
  target_compile_definitions(ct_mldsa PRIVATE CB_CT_TESTING)
  # valgrind 3.19 cannot read the DWARF 5 that recent clang emits
  target_compile_options(ct_mldsa PRIVATE -gdwarf-4)
  target_link_libraries(ct_mldsa PRIVATE Threads::Threads)
  add_test(NAME ct_mldsa_valgrind
           COMMAND ${VALGRIND} --error-exitcode=1 --track-origins=yes $<TARGET_FILE:ct_mldsa>)
  set_tests_properties(ct_mldsa_valgrind PROPERTIES LABELS "valgrind;novalgrind-san" TIMEOUT 600)
endif()

add_test(NAME cli_mldsa COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_mldsa.sh $<TARGET_FILE:cryptobench-cli>)
set_tests_properties(cli_mldsa PROPERTIES TIMEOUT 300)
