# liboqs (Open Quantum Safe): ML-KEM, ML-DSA and four SLH-DSA sets.  Always
# listed; built from ${CB_ANCHORS_DIR}/liboqs when `make anchors` unpacked
# it there, as an external project into the build tree (its own CMake, its
# own flags, a static liboqs.a installed under anchors-build/liboqs), so
# none of its options or warnings reach ours.  Only what the classes need
# (OQS_MINIMAL_BUILD): the three ML-KEM and the three ML-DSA parameter sets
# (oqs.c, oqs_sig.c) and SLH-DSA-{SHA2,SHAKE}-128{s,f} (pure), no OpenSSL
# (its own SHA-2 / SHA-3), no tests or programs.  Its default OQS_DIST_BUILD keeps the
# portable and the AVX2 code with its run-time choice, which oqs.c reports.
include(${PROJECT_SOURCE_DIR}/src/backends/anchors.cmake)
cb_anchor_dir(liboqs cb_oqs_dir)
cb_anchor_commit(liboqs cb_oqs_commit)
set(cb_here ${PROJECT_SOURCE_DIR}/src/backends/oqs)
set_property(SOURCE ${cb_here}/oqs.c ${cb_here}/oqs_sig.c APPEND PROPERTY COMPILE_DEFINITIONS CB_ANCHOR_COMMIT="${cb_oqs_commit}")
set(cb_oqs_libs)
if(cb_oqs_dir)
  include(ExternalProject)
  set(cb_oqs_prefix ${PROJECT_BINARY_DIR}/anchors-build/liboqs)
  set(cb_oqs_lib ${cb_oqs_prefix}/lib/${CMAKE_STATIC_LIBRARY_PREFIX}oqs${CMAKE_STATIC_LIBRARY_SUFFIX})
  ExternalProject_Add(cb_liboqs_build
    SOURCE_DIR ${cb_oqs_dir}
    LIST_SEPARATOR |
    BINARY_DIR ${cb_oqs_prefix}/build
    INSTALL_DIR ${cb_oqs_prefix}
    CMAKE_ARGS
      -DCMAKE_BUILD_TYPE=Release
      -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}
      -DCMAKE_INSTALL_PREFIX=<INSTALL_DIR>
      -DCMAKE_INSTALL_LIBDIR=lib
      -DBUILD_SHARED_LIBS=OFF
      -DOQS_MINIMAL_BUILD=KEM_ml_kem_512|KEM_ml_kem_768|KEM_ml_kem_1024|SIG_ml_dsa_44|SIG_ml_dsa_65|SIG_ml_dsa_87|SIG_slh_dsa_pure_sha2_128s|SIG_slh_dsa_pure_sha2_128f|SIG_slh_dsa_pure_shake_128s|SIG_slh_dsa_pure_shake_128f
      -DOQS_USE_OPENSSL=OFF
      -DOQS_BUILD_ONLY_LIB=ON
    BUILD_BYPRODUCTS ${cb_oqs_lib}
    UPDATE_COMMAND ""
    USES_TERMINAL_BUILD OFF)
  # The include folder must exist when CMake generates, before the build fills it.
  file(MAKE_DIRECTORY ${cb_oqs_prefix}/include)
  add_library(cb_oqs INTERFACE)
  target_link_libraries(cb_oqs INTERFACE ${cb_oqs_lib})
  target_include_directories(cb_oqs INTERFACE ${cb_oqs_prefix}/include)
  add_dependencies(cb_oqs cb_liboqs_build)
  set_property(SOURCE ${cb_here}/oqs.c ${cb_here}/oqs_sig.c APPEND PROPERTY COMPILE_DEFINITIONS CB_ANCHOR_BUILT=1)
  list(APPEND cb_oqs_libs cb_oqs)
  message(STATUS "cryptobench: oqs built from ${cb_oqs_dir}")
endif()
cb_backend_found(TRUE ${cb_oqs_libs})
