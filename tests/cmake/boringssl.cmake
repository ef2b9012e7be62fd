# The boringssl backend's symbol isolation: BoringSSL defines the OpenSSL
# API's names (prefixed cb_bssl_ in this build), the same as Debian's
# OpenSSL 3.0 in the same program, so none may stay global in the program
# (src/backends/boringssl/backend.cmake).  Only when BoringSSL was built
# from the anchor (make anchors).
if(CB_BSSL_BUILT)
  add_test(NAME boringssl_symbols
           COMMAND sh ${PROJECT_SOURCE_DIR}/tests/boringssl_symbols.sh $<TARGET_FILE:cryptobench-cli>
                   ${CB_BSSL_CRYPTO_LIB} ${CB_BSSL_BIN}/cb_boringssl.o ${CB_BSSL_BIN}/cb_boringssl_linked.o)
  set_tests_properties(boringssl_symbols PROPERTIES TIMEOUT 120)
endif()
