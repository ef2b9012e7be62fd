# mlkem-native, portable C.  Always listed; compiled from
# ${CB_ANCHORS_DIR}/mlkem-native when `make anchors` unpacked it there
# (mlkn_c_impl.c includes its monolithic build; backends/anchors.h).
include(${PROJECT_SOURCE_DIR}/src/backends/anchors.cmake)
cb_anchor_dir(mlkem-native cb_mlkn_dir)
cb_anchor_commit(mlkem-native cb_mlkn_commit)
set(cb_here ${PROJECT_SOURCE_DIR}/src/backends/mlkem-native-c)
set_property(SOURCE ${cb_here}/mlkn_c.c APPEND PROPERTY COMPILE_DEFINITIONS CB_ANCHOR_COMMIT="${cb_mlkn_commit}")
if(cb_mlkn_dir)
  set_property(SOURCE ${cb_here}/mlkn_c.c ${cb_here}/mlkn_c_impl.c APPEND PROPERTY COMPILE_DEFINITIONS CB_ANCHOR_BUILT=1)
  set_property(SOURCE ${cb_here}/mlkn_c_impl.c APPEND PROPERTY INCLUDE_DIRECTORIES ${cb_mlkn_dir}/mlkem)
  set_property(SOURCE ${cb_here}/mlkn_c_impl.c APPEND PROPERTY COMPILE_OPTIONS ${CB_ANCHOR_CFLAGS})
  message(STATUS "cryptobench: mlkem-native-c built from ${cb_mlkn_dir}")
endif()
cb_backend_found(TRUE)
