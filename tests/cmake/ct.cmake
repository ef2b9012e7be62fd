# Constant-time checks under valgrind beyond ML-KEM (mlkem.cmake has that
# one): PKCS#7, the hex codec, the SM2 ciphertext conversion and SHA-3, and
# the negative check that the harness reports a branch on a secret.

find_program(VALGRIND valgrind)
find_path(VALGRIND_INCLUDE_DIR valgrind/memcheck.h)
if(VALGRIND AND VALGRIND_INCLUDE_DIR)
  # Built from the sources directly, with the declassification points of
  # src/core/ct.h turned on.
  file(GLOB CB_CT_CORE_SOURCES ${PROJECT_SOURCE_DIR}/src/sha3/*.c)
  add_executable(ct_core ${PROJECT_SOURCE_DIR}/tests/ct/ct_core.c ${CB_CT_CORE_SOURCES}
                 ${PROJECT_SOURCE_DIR}/src/core/util.c ${PROJECT_SOURCE_DIR}/src/core/sm2_ciphertext.c)
  add_executable(ct_negative ${PROJECT_SOURCE_DIR}/tests/ct/ct_negative.c)
  foreach(t ct_core ct_negative)
    target_include_directories(${t} PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/include
                               ${VALGRIND_INCLUDE_DIR})
    target_compile_definitions(${t} PRIVATE CB_CT_TESTING)
    # valgrind 3.19 cannot read the DWARF 5 that recent clang emits
    target_compile_options(${t} PRIVATE -gdwarf-4)
  endforeach()
  target_link_libraries(ct_core PRIVATE Threads::Threads)
  add_test(NAME ct_core_valgrind
           COMMAND ${VALGRIND} --error-exitcode=1 --track-origins=yes $<TARGET_FILE:ct_core>)
  # Passes only when valgrind exits with its error status and names the
  # branch: a harness that reports nothing fails here.
  add_test(NAME ct_negative_valgrind
           COMMAND sh -c "out=$(${VALGRIND} --error-exitcode=99 $<TARGET_FILE:ct_negative> 2>&1); rc=$?; printf '%s\\n' \"$out\"; [ $rc -eq 99 ] && printf '%s' \"$out\" | grep -q 'Conditional jump or move depends on uninitialised value' && printf '%s' \"$out\" | grep -q 'leaky_compare'")
  set_tests_properties(ct_core_valgrind ct_negative_valgrind PROPERTIES LABELS "valgrind;novalgrind-san" TIMEOUT 300)
endif()
