# Envelope encryption CLI (seal / open) over the built program.
add_test(NAME cli_envelope COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_envelope.sh $<TARGET_FILE:cryptobench-cli>)
set_tests_properties(cli_envelope PROPERTIES TIMEOUT 120)
