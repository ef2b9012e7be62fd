pkg_check_modules(SODIUM IMPORTED_TARGET libsodium>=1.0.16)
cb_backend_found("${SODIUM_FOUND}" PkgConfig::SODIUM)
