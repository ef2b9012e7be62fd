# cryptobench interop from the command line (usage errors, a small matrix, JSON).
add_test(NAME cli_interop COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_interop.sh $<TARGET_FILE:cryptobench-cli>)
set_tests_properties(cli_interop PROPERTIES TIMEOUT 300)
