# GmSSL, built from the pinned source that `make anchors` unpacks into
# ${CB_ANCHORS_DIR}/gmssl (scripts/anchors.list).  GmSSL is not in Debian.
#
# The backend is always listed.  Without the anchor its adapters compile
# without CB_GMSSL_BUILT and every class says "not built (make anchors)".
# With it:
#   1. ExternalProject builds libgmssl.a only (static, -DDEBUG=0 so that its
#      error_print() calls stay silent, with the x86-64 SM2 assembly and the
#      SM3 SSE / SM4 AVX2 code where this machine has them), with its TLS
#      1.3 / TLCP stack (gmssl_tls.c) but without the QUIC, token and
#      post-quantum parts it has no use for here;
#   2. the adapters are compiled with CB_GMSSL_BUILT into an object library;
#   3. `ld -r` links them with the members of libgmssl.a they need into one
#      object (gmssl_tls.c defines the six tls_socket_* functions GmSSL's
#      TLS code calls, and the copy's own are weak: an in-memory transport)
#      object (GmSSL's stdio output calls renamed to silent ones first), and
#      objcopy keeps cb_backend_gmssl its only global symbol.
#      GmSSL's names are unprefixed (sm3_init, sha256_init, aes_encrypt,
#      rand_bytes, x509_*...): left global in the program they could clash
#      with or interpose on other libraries' symbols.  tests/cmake/gmssl.cmake
#      checks the program with nm.
# That object is the backend's one source (cb_backend_sources).
set(CB_GMSSL_SRC ${CB_ANCHORS_DIR}/gmssl)
set(CB_GMSSL_BIN ${PROJECT_BINARY_DIR}/gmssl)
set(CB_GMSSL_BUILT FALSE)

if(EXISTS ${CB_GMSSL_SRC}/CMakeLists.txt AND EXISTS ${CB_GMSSL_SRC}/include/gmssl/sm2.h)
  include(ExternalProject)
  include(${PROJECT_SOURCE_DIR}/src/backends/binutils.cmake)
  cb_need_binutils(gmssl)

  # The accelerated code GmSSL's CMakeLists offers, chosen the way it does
  # (its own checks compile with -march=native), so the label can say so.
  set(cb_gmssl_opts)
  set(cb_gmssl_accel)
  set(cb_gmssl_defs)
  string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" cb_gmssl_cpu)
  if(cb_gmssl_cpu MATCHES "^(x86_64|amd64)$")
    include(CheckCSourceCompiles)
    set(cb_save_flags "${CMAKE_REQUIRED_FLAGS}")
    set(CMAKE_REQUIRED_FLAGS "-march=native")
    check_c_source_compiles("#include <immintrin.h>
      int main(void) { __m128i x = _mm_setzero_si128(); x = _mm_shuffle_epi8(x, x); return _mm_cvtsi128_si32(x); }"
      CB_GMSSL_NATIVE_SSSE3)
    check_c_source_compiles("#include <immintrin.h>
      int main(void) { __m256i x = _mm256_setzero_si256(); x = _mm256_shuffle_epi8(x, x); return _mm256_extract_epi32(x, 0); }"
      CB_GMSSL_NATIVE_AVX2)
    set(CMAKE_REQUIRED_FLAGS "${cb_save_flags}")
    list(APPEND cb_gmssl_opts -DENABLE_SM2_AMD64=ON)
    list(APPEND cb_gmssl_accel "SM2 x86-64 assembly (sm2_z256_amd64.S)")
    list(APPEND cb_gmssl_defs CB_GMSSL_SM2_ASM=1)
    if(CB_GMSSL_NATIVE_SSSE3)
      list(APPEND cb_gmssl_opts -DENABLE_SM3_SSE=ON)
      list(APPEND cb_gmssl_accel "SM3 SSE")
      list(APPEND cb_gmssl_defs CB_GMSSL_SM3_SSE=1)
    else()
      list(APPEND cb_gmssl_opts -DENABLE_SM3_SSE=OFF)
    endif()
    if(CB_GMSSL_NATIVE_AVX2)
      list(APPEND cb_gmssl_opts -DENABLE_SM4_AVX2=ON -DENABLE_SM4_AESNI=OFF)
      list(APPEND cb_gmssl_accel "SM4 AVX2 (8 blocks at a time)")
      list(APPEND cb_gmssl_defs CB_GMSSL_SM4_AVX2=1)
    endif()
  elseif(cb_gmssl_cpu MATCHES "^(aarch64|arm64)$")
    list(APPEND cb_gmssl_opts -DENABLE_SM2_ARM64=ON -DENABLE_SM3_ARM64=ON -DENABLE_SM4_ARM64=ON)
    list(APPEND cb_gmssl_accel "SM2/SM3/SM4 AArch64 code")
    list(APPEND cb_gmssl_defs CB_GMSSL_SM2_ASM=1)
  endif()
  if(NOT cb_gmssl_accel)
    set(cb_gmssl_accel "portable C")
  endif()
  string(REPLACE ";" ", " cb_gmssl_accel "${cb_gmssl_accel}")

  set(CB_GMSSL_LIB ${CB_GMSSL_BIN}/build/bin/libgmssl.a)
  cb_external_build(cb_gmssl_build gmssl)
  ExternalProject_Add(cb_gmssl_lib
    SOURCE_DIR ${CB_GMSSL_SRC}
    BINARY_DIR ${CB_GMSSL_BIN}/build
    PREFIX ${CB_GMSSL_BIN}
    CMAKE_ARGS
      -DCMAKE_BUILD_TYPE=Release
      -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}
      "-DCMAKE_C_FLAGS=-DDEBUG=0 -fPIC"
      -DCMAKE_POSITION_INDEPENDENT_CODE=ON
      -DBUILD_SHARED_LIBS=OFF
      -DENABLE_TLS=ON -DENABLE_QUIC=OFF -DENABLE_SKF=OFF -DENABLE_SDF=OFF
      -DENABLE_SM9=OFF -DENABLE_CMS=OFF -DENABLE_LMS=OFF -DENABLE_XMSS=OFF
      -DENABLE_SPHINCS=OFF -DENABLE_KYBER=OFF -DENABLE_SECP384R1=OFF -DENABLE_ZUC=OFF
      -DENABLE_SM4_ECB=ON
      ${cb_gmssl_opts}
    BUILD_COMMAND ${cb_gmssl_build}
    INSTALL_COMMAND ""
    TEST_COMMAND ""
    BUILD_BYPRODUCTS ${CB_GMSSL_LIB}
    LOG_CONFIGURE ON
    LOG_OUTPUT_ON_FAILURE ON)

  # The adapters with the real code.
  file(GLOB cb_gmssl_adapters CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/backends/gmssl/*.c)
  add_library(cb_gmssl_adapters OBJECT ${cb_gmssl_adapters})
  add_dependencies(cb_gmssl_adapters cb_gmssl_lib)
  target_include_directories(cb_gmssl_adapters PRIVATE ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src
                             ${CB_GMSSL_SRC}/include)
  target_compile_definitions(cb_gmssl_adapters PRIVATE CB_GMSSL_BUILT=1 DEBUG=0 ENABLE_SM4_ECB ${cb_gmssl_defs})
  # gmssl_tls.c puts GmSSL's TLS_CTX, TLS_CONNECT and X509_KEY on its side:
  # their layout follows the ENABLE_* switches the library was built with
  # (the CMAKE_ARGS above and GmSSL's defaults), so it is compiled with the
  # same ones that change a structure.
  set_source_files_properties(${PROJECT_SOURCE_DIR}/src/backends/gmssl/gmssl_tls.c PROPERTIES COMPILE_DEFINITIONS
    "ENABLE_TLS;ENABLE_SECP256R1;ENABLE_SHA1;ENABLE_SHA2;ENABLE_AES;ENABLE_AES_CCM;ENABLE_SM4_OFB;ENABLE_SM4_CFB;ENABLE_SM4_CCM;ENABLE_SM4_XTS;ENABLE_SM4_FF1;ENABLE_SM4_CBC_MAC;ENABLE_GHASH")

  # One object: adapters + the libgmssl.a members they pull in, one global.
  # GmSSL prints to stderr on some errors even with DEBUG=0 (asn1.c's
  # asn1_length_le): in a copy of the archive its calls of the stdio output
  # functions are renamed to the silent ones of gmssl_common.c, so that the
  # library never prints.
  # The socket calls of GmSSL's TLS code: weak in the copy, so that
  # gmssl_tls.c's definitions (memory pipes, real sockets otherwise) win
  # when socket.o is pulled in for the calls of its other users (http.c).
  set(cb_gmssl_weak)
  foreach(f send recv get_error get_error_type is_valid wait)
    list(APPEND cb_gmssl_weak --weaken-symbol=tls_socket_${f})
  endforeach()
  cb_link_one_object(gmssl cb_gmssl_adapters ${CB_GMSSL_BIN} cb_gmssl_quiet ARCHIVES ${CB_GMSSL_LIB} EXTRA ${cb_gmssl_weak})
  set(CB_GMSSL_BUILT TRUE)
  message(STATUS "cryptobench: GmSSL from ${CB_GMSSL_SRC} (${cb_gmssl_accel})")
else()
  message(STATUS "cryptobench: GmSSL not built: no ${CB_GMSSL_SRC} (make anchors)")
endif()
cb_backend_found(TRUE)
