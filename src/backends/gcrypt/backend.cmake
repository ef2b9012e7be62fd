pkg_check_modules(GCRYPT IMPORTED_TARGET libgcrypt>=1.9)
cb_backend_found("${GCRYPT_FOUND}" PkgConfig::GCRYPT)
