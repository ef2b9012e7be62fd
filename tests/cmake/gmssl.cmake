# The gmssl backend's symbol isolation: GmSSL exports unprefixed names
# (sm3_init, sha256_init, aes_encrypt, rand_bytes, x509_*...), so none may
# stay global in the program (src/backends/gmssl/backend.cmake).  Only when
# GmSSL was built from the anchor (make anchors).
if(CB_GMSSL_BUILT)
  add_test(NAME gmssl_symbols
           COMMAND sh ${PROJECT_SOURCE_DIR}/tests/gmssl_symbols.sh $<TARGET_FILE:cryptobench-cli>
                   ${CB_GMSSL_LIB} ${CB_GMSSL_BIN}/cb_gmssl.o ${CB_GMSSL_BIN}/cb_gmssl_linked.o)
  set_tests_properties(gmssl_symbols PROPERTIES TIMEOUT 60)
endif()
