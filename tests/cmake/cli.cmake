# CLI behaviour tests (shell scripts over the built program).
add_test(NAME cli_run COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_run.sh $<TARGET_FILE:cryptobench-cli>)
set_tests_properties(cli_run PROPERTIES TIMEOUT 300)
add_test(NAME cli_errors COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_errors.sh $<TARGET_FILE:cryptobench-cli>)
set_tests_properties(cli_errors PROPERTIES TIMEOUT 300)
# keygen / sig / pke / kex / cipher / hash against the OpenSSL command line (issue 9)
add_test(NAME cli_keys COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_keys.sh $<TARGET_FILE:cryptobench-cli>)
set_tests_properties(cli_keys PROPERTIES TIMEOUT 600 SKIP_RETURN_CODE 77)
# the generic layer's key checks: crafted keys (tests/bad_keys.py) through every backend (issue 26)
add_test(NAME cli_keychecks COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_keychecks.sh $<TARGET_FILE:cryptobench-cli>
  ${PROJECT_SOURCE_DIR}/tests)
set_tests_properties(cli_keychecks PROPERTIES TIMEOUT 300 SKIP_RETURN_CODE 77)
# verify --vectors over the shared vectors, and a corrupted copy (issue 8)
add_test(NAME cli_verify COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_verify.sh $<TARGET_FILE:cryptobench-cli>)
set_tests_properties(cli_verify PROPERTIES TIMEOUT 300 SKIP_RETURN_CODE 77
  ENVIRONMENT "CB_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
# One option table per command serves parsing and --help (src/cli/opts.h).
add_test(NAME cli_options COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_options.sh $<TARGET_FILE:cryptobench-cli>)
set_tests_properties(cli_options PROPERTIES TIMEOUT 120)
# compare when the machine changed, and ab (two sides in lockstep; issue 25)
add_test(NAME cli_compare COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_compare.sh $<TARGET_FILE:cryptobench-cli>)
set_tests_properties(cli_compare PROPERTIES TIMEOUT 300 SKIP_RETURN_CODE 77)
# Suites are data and a suite file is an input; unknown backends named (issue 26, items 7 and 19).
add_test(NAME cli_suite COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_suite.sh $<TARGET_FILE:cryptobench-cli>)
set_tests_properties(cli_suite PROPERTIES TIMEOUT 120)
# The example program built against what `cmake --install` puts in a temporary prefix (bench.h).
add_test(NAME example_install COMMAND sh ${PROJECT_SOURCE_DIR}/tests/example_install.sh ${PROJECT_BINARY_DIR}
  ${PROJECT_SOURCE_DIR} ${CMAKE_C_COMPILER})
set_tests_properties(example_install PROPERTIES TIMEOUT 300)
# cryptobench serve against openssl s_client, curl and hostile clients;
# and against headless Chromium (issue 23).  Skipped (77) without openssl / Chromium.
add_test(NAME cli_serve COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_serve.sh $<TARGET_FILE:cryptobench-cli>)
set_tests_properties(cli_serve PROPERTIES TIMEOUT 120 SKIP_RETURN_CODE 77)
add_test(NAME cli_serve_browser COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_serve.sh $<TARGET_FILE:cryptobench-cli> browser)
set_tests_properties(cli_serve_browser PROPERTIES TIMEOUT 120 SKIP_RETURN_CODE 77)
