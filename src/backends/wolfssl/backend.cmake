pkg_check_modules(WOLFSSL IMPORTED_TARGET wolfssl>=5.0)
cb_backend_found("${WOLFSSL_FOUND}" PkgConfig::WOLFSSL)
