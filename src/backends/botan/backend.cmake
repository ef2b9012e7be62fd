pkg_check_modules(BOTAN IMPORTED_TARGET botan-2>=2.19)
cb_backend_found("${BOTAN_FOUND}" PkgConfig::BOTAN)
