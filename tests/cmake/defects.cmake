# Issue 26: files, descriptors, signals, full disks and limits on the command line.
add_test(NAME cli_defects COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli_defects.sh $<TARGET_FILE:cryptobench-cli>)
set_tests_properties(cli_defects PROPERTIES TIMEOUT 300)
