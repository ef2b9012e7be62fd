# mlkem-native, AVX2 (x86-64).  Always listed; compiled from
# ${CB_ANCHORS_DIR}/mlkem-native when `make anchors` unpacked it there
# (mlkn_avx2_impl.c includes its monolithic build; backends/anchors.h).
include(${PROJECT_SOURCE_DIR}/src/backends/anchors.cmake)
cb_anchor_dir(mlkem-native cb_mlkn_dir)
cb_anchor_commit(mlkem-native cb_mlkn_commit)
set(cb_here ${PROJECT_SOURCE_DIR}/src/backends/mlkem-native-avx2)
set_property(SOURCE ${cb_here}/mlkn_avx2.c APPEND PROPERTY COMPILE_DEFINITIONS CB_ANCHOR_COMMIT="${cb_mlkn_commit}")
# AVX2 code is x86-64 only; elsewhere the classes stay "not built".
if(cb_mlkn_dir AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set_property(SOURCE ${cb_here}/mlkn_avx2.c ${cb_here}/mlkn_avx2_impl.c APPEND PROPERTY COMPILE_DEFINITIONS CB_ANCHOR_BUILT=1)
  set_property(SOURCE ${cb_here}/mlkn_avx2_impl.c APPEND PROPERTY INCLUDE_DIRECTORIES ${cb_mlkn_dir}/mlkem)
  set_property(SOURCE ${cb_here}/mlkn_avx2_impl.c APPEND PROPERTY COMPILE_OPTIONS ${CB_ANCHOR_CFLAGS})
  # The whole translation unit may use AVX2, so only it gets the flags;
  # the classes (mlkn_avx2.c) stay baseline x86-64 to answer unavailable().
  set_property(SOURCE ${cb_here}/mlkn_avx2_impl.c ${cb_here}/mlkn_avx2_asm.S APPEND PROPERTY COMPILE_OPTIONS -mavx2 -mbmi2 -mpopcnt)
  enable_language(ASM)
  set_property(SOURCE ${cb_here}/mlkn_avx2_asm.S APPEND PROPERTY INCLUDE_DIRECTORIES ${cb_mlkn_dir}/mlkem ${PROJECT_SOURCE_DIR}/src)
  list(APPEND CB_LIB_SOURCES ${cb_here}/mlkn_avx2_asm.S)
  message(STATUS "cryptobench: mlkem-native-avx2 built from ${cb_mlkn_dir}")
endif()
cb_backend_found(TRUE)
