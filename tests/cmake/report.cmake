# The HTML report in headless Chromium (tests/report_browser.sh): no console
# errors, the charts' bars and lines counted against the fixture run, and a
# screenshot kept in build/artifacts/report.png.  Skipped (77) without Chromium.
add_test(NAME report_browser COMMAND sh ${PROJECT_SOURCE_DIR}/tests/report_browser.sh
         $<TARGET_FILE:cryptobench-cli> ${PROJECT_SOURCE_DIR}/tests/golden/report_charts.json
         ${PROJECT_BINARY_DIR}/artifacts)
set_tests_properties(report_browser PROPERTIES TIMEOUT 90 SKIP_RETURN_CODE 77)
