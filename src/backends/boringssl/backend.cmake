# BoringSSL, built from the pinned source that `make anchors` unpacks into
# ${CB_ANCHORS_DIR}/boringssl (scripts/anchors.list).  BoringSSL is not in
# Debian and has no stable release: the commit is the version.
#
# The backend is always listed.  Without the anchor its adapters compile
# without CB_BSSL_BUILT and every class says "not built (make anchors)".
# With it:
#   1. ExternalProject builds libcrypto.a and libssl.a only (Release, static,
#      PIC, BUILD_TESTING=OFF, its assembly on), with -DBORINGSSL_PREFIX=cb_bssl:
#      this snapshot carries the generated include/openssl/prefix_symbols*.h,
#      so no symbol list is needed; every C symbol becomes cb_bssl_<name> and
#      the C++ ones move into the inline namespace bssl::cb_bssl;
#   2. the adapters (C, plus one C++17 file for the internal entry points
#      BoringSSL keeps behind a C++ interface: the derandomised and
#      NIST-format ML-KEM functions) are compiled against the same prefixed
#      headers, with CB_BSSL_BUILT, into an object library;
#   3. `ld -r` links them with the archive members they need into one
#      object (the library's stdio output calls renamed to silent ones
#      first), and objcopy keeps cb_backend_boringssl its only global symbol,
#      so nothing of it can collide with Debian's OpenSSL 3.0 (the same
#      OpenSSL API names) in the same program.  tests/cmake/boringssl.cmake
#      checks the program with nm.
# That object is the backend's one source (cb_backend_sources); the program
# then links libstdc++ (BoringSSL is C++ inside).
#
# libssl.a serves the TLS-handshake classes (bssl_tls.c); an archive member
# is linked only when an adapter uses it.
include(${PROJECT_SOURCE_DIR}/src/backends/anchors.cmake)
cb_anchor_dir(boringssl CB_BSSL_SRC)
set(CB_BSSL_BIN ${PROJECT_BINARY_DIR}/boringssl)
set(CB_BSSL_BUILT FALSE)
set(cb_bssl_libs)

if(CB_BSSL_SRC AND EXISTS ${CB_BSSL_SRC}/include/openssl/prefix_symbols.h)
  include(ExternalProject)
  enable_language(CXX)
  include(${PROJECT_SOURCE_DIR}/src/backends/binutils.cmake)
  cb_need_binutils(boringssl)

  set(CB_BSSL_PREFIX cb_bssl)
  set(CB_BSSL_CRYPTO_LIB ${CB_BSSL_BIN}/build/libcrypto.a)
  set(CB_BSSL_SSL_LIB ${CB_BSSL_BIN}/build/libssl.a)
  set(cb_bssl_args
    -DCMAKE_BUILD_TYPE=Release
    -DBUILD_TESTING=OFF
    -DBUILD_SHARED_LIBS=OFF
    -DCMAKE_POSITION_INDEPENDENT_CODE=ON
    -DBORINGSSL_PREFIX=${CB_BSSL_PREFIX}
    -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}
    -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER})
  # ccache, when the project is configured with it, serves the anchor too.
  if(CMAKE_C_COMPILER_LAUNCHER)
    list(APPEND cb_bssl_args -DCMAKE_C_COMPILER_LAUNCHER=${CMAKE_C_COMPILER_LAUNCHER}
                             -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_C_COMPILER_LAUNCHER})
  endif()
  cb_external_build(cb_bssl_build crypto ssl)
  ExternalProject_Add(cb_bssl_lib
    SOURCE_DIR ${CB_BSSL_SRC}
    BINARY_DIR ${CB_BSSL_BIN}/build
    PREFIX ${CB_BSSL_BIN}
    CMAKE_ARGS ${cb_bssl_args}
    BUILD_COMMAND ${cb_bssl_build}
    INSTALL_COMMAND ""
    TEST_COMMAND ""
    BUILD_BYPRODUCTS ${CB_BSSL_CRYPTO_LIB} ${CB_BSSL_SSL_LIB}
    LOG_CONFIGURE ON
    LOG_OUTPUT_ON_FAILURE ON)

  cb_anchor_commit(boringssl cb_bssl_commit)
  file(GLOB cb_bssl_adapters CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/backends/boringssl/*.c
                                               ${PROJECT_SOURCE_DIR}/src/backends/boringssl/*.cc)
  add_library(cb_bssl_adapters OBJECT ${cb_bssl_adapters})
  add_dependencies(cb_bssl_adapters cb_bssl_lib)
  # The project's warning options are C ones: keep them off the C++ file.
  get_target_property(cb_bssl_opts cb_bssl_adapters COMPILE_OPTIONS)
  if(cb_bssl_opts)
    set_property(TARGET cb_bssl_adapters PROPERTY COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:C>:${cb_bssl_opts}>")
  endif()
  set_target_properties(cb_bssl_adapters PROPERTIES POSITION_INDEPENDENT_CODE ON
                        CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
  target_include_directories(cb_bssl_adapters PRIVATE ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src
                             ${CB_BSSL_SRC}/include)
  # The C++ file also reads BoringSSL's internal headers (crypto/...).
  set_source_files_properties(${PROJECT_SOURCE_DIR}/src/backends/boringssl/bssl_internal.cc PROPERTIES
                              INCLUDE_DIRECTORIES ${CB_BSSL_SRC} COMPILE_OPTIONS "-w;-fno-exceptions;-fno-rtti")
  target_compile_definitions(cb_bssl_adapters PRIVATE CB_BSSL_BUILT=1 BORINGSSL_PREFIX=${CB_BSSL_PREFIX}
                             CB_BSSL_COMMIT="${cb_bssl_commit}")

  # One object: adapters + the archive members they pull in, one global.
  # BoringSSL reports some internal failures on stderr before it aborts
  # (e.g. when the OS random generator fails); in copies of the archives
  # its calls of the stdio output functions are renamed to the silent ones
  # of bssl_common.c, so that the library never prints.
  # Its optional allocator hooks are unprefixed weak references that any
  # program symbol of that name would capture: prefixed too (none defines them).
  set(cb_bssl_hooks)
  foreach(f OPENSSL_memory_alloc OPENSSL_memory_free OPENSSL_memory_get_size)
    list(APPEND cb_bssl_hooks --redefine-sym ${f}=${CB_BSSL_PREFIX}_${f})
  endforeach()
  cb_link_one_object(boringssl cb_bssl_adapters ${CB_BSSL_BIN} cb_bssl_quiet
                     ARCHIVES ${CB_BSSL_SSL_LIB} ${CB_BSSL_CRYPTO_LIB} EXTRA ${cb_bssl_hooks})
  set(cb_bssl_libs stdc++)
  set(CB_BSSL_BUILT TRUE)
  message(STATUS "cryptobench: BoringSSL from ${CB_BSSL_SRC} (commit ${cb_bssl_commit}, prefix ${CB_BSSL_PREFIX})")
else()
  message(STATUS "cryptobench: BoringSSL not built: no ${CB_ANCHORS_DIR}/boringssl (make anchors)")
endif()
cb_backend_found(TRUE ${cb_bssl_libs})
