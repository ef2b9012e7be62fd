pkg_check_modules(NETTLE IMPORTED_TARGET nettle>=3.6 hogweed>=3.6)
cb_backend_found("${NETTLE_FOUND}" PkgConfig::NETTLE)
