# What the two pq-crystals Kyber backends (pqcrystals-ref, pqcrystals-avx2)
# build the same way; each backend.cmake includes this file.

# The anchor `kyber`: its directory in cb_kyber_dir (empty when `make
# anchors` did not unpack it) and its commit compiled into <source>, the
# adapter, as CB_ANCHOR_COMMIT.
macro(cb_kyber_anchor source)
  include(${PROJECT_SOURCE_DIR}/src/backends/anchors.cmake)
  cb_anchor_dir(kyber cb_kyber_dir)
  cb_anchor_commit(kyber cb_kyber_commit)
  set_property(SOURCE ${source} APPEND PROPERTY COMPILE_DEFINITIONS CB_ANCHOR_COMMIT="${cb_kyber_commit}")
endmacro()

# One static library <prefix>_k<K> per level (K = 2, 3, 4) from SOURCES,
# compiled with KYBER_K=K (their params.h then names every symbol by the
# level) and OPTIONS, their randombytes() renamed to ours; each links
# KECCAK, the level-independent Keccak library.  The libraries' names are
# appended to the list <out>.
function(cb_kyber_levels prefix out)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "KECCAK" "OPTIONS;SOURCES")
  set(libs ${${out}})
  foreach(k 2 3 4)
    add_library(${prefix}_k${k} STATIC ${arg_SOURCES})
    target_compile_definitions(${prefix}_k${k} PRIVATE KYBER_K=${k} randombytes=cb_pqcrystals_randombytes)
    target_compile_options(${prefix}_k${k} PRIVATE ${arg_OPTIONS})
    target_link_libraries(${prefix}_k${k} PUBLIC ${arg_KECCAK})
    list(APPEND libs ${prefix}_k${k})
  endforeach()
  set(${out} ${libs} PARENT_SCOPE)
endfunction()
