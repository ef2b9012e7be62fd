# mbedTLS 2.28 (libmbedcrypto only).  Debian 12 ships no pkg-config file, so
# the header and library are found directly and wrapped in an imported
# target.  The 3.x API differs (no RSA mode arguments, pk_parse_key takes an
# RNG), so only 2.28 <= version < 3 is accepted.
find_path(CB_MBEDTLS_INCLUDE_DIR mbedtls/version.h)
find_library(CB_MBEDCRYPTO_LIBRARY mbedcrypto)
set(CB_MBEDTLS_FOUND FALSE)
if(CB_MBEDTLS_INCLUDE_DIR AND CB_MBEDCRYPTO_LIBRARY)
  file(STRINGS ${CB_MBEDTLS_INCLUDE_DIR}/mbedtls/version.h cb_mbedtls_vline
       REGEX "^#define MBEDTLS_VERSION_STRING[ \t]+\"[0-9.]+\"")
  string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" cb_mbedtls_version "${cb_mbedtls_vline}")
  if(cb_mbedtls_version VERSION_GREATER_EQUAL 2.28 AND cb_mbedtls_version VERSION_LESS 3)
    set(CB_MBEDTLS_FOUND TRUE)
    if(NOT TARGET CbMbedTLS::mbedcrypto)
      add_library(CbMbedTLS::mbedcrypto UNKNOWN IMPORTED)
      set_target_properties(CbMbedTLS::mbedcrypto PROPERTIES
        IMPORTED_LOCATION ${CB_MBEDCRYPTO_LIBRARY}
        INTERFACE_INCLUDE_DIRECTORIES ${CB_MBEDTLS_INCLUDE_DIR})
    endif()
    message(STATUS "cryptobench: mbedTLS ${cb_mbedtls_version}: ${CB_MBEDCRYPTO_LIBRARY}")
  else()
    message(STATUS "cryptobench: mbedTLS ${cb_mbedtls_version} found; the backend needs 2.28.x")
  endif()
endif()
cb_backend_found("${CB_MBEDTLS_FOUND}" CbMbedTLS::mbedcrypto)
