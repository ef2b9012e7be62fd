# The comparison backends built from the anchors (make anchors): no global
# symbol defined twice across our library and theirs (docs/MLKEM.md,
# "Symbols").  Registered only when some anchor's library was built.
set(cb_anchor_archives)
foreach(t cb_pqcrystals_ref_fips202 cb_pqcrystals_ref_k2 cb_pqcrystals_ref_k3 cb_pqcrystals_ref_k4
          cb_pqcrystals_avx2_keccak cb_pqcrystals_avx2_k2 cb_pqcrystals_avx2_k3 cb_pqcrystals_avx2_k4)
  if(TARGET ${t})
    list(APPEND cb_anchor_archives $<TARGET_FILE:${t}>)
  endif()
endforeach()
if(TARGET cb_oqs)
  list(APPEND cb_anchor_archives ${cb_oqs_lib})
endif()
if(cb_anchor_archives)
  add_test(NAME anchors_symbols COMMAND sh ${PROJECT_SOURCE_DIR}/tests/anchors_symbols.sh
           $<TARGET_FILE:cryptobench> ${cb_anchor_archives})
  set_tests_properties(anchors_symbols PROPERTIES SKIP_RETURN_CODE 77)
endif()
