# The measurement tools under tools/ (built with the rest, run by hand):
# layer-cost times the generic layer against the class methods
# (docs/ARCHITECTURE.md, "What the layer costs").  The test runs it with
# three pairs and checks its rows, never its figures.
add_executable(layer-cost ${PROJECT_SOURCE_DIR}/tools/layer_cost.c)
target_link_libraries(layer-cost PRIVATE cryptobench)
add_test(NAME tools_layer_cost COMMAND sh -c
  "out=$($<TARGET_FILE:layer-cost> 3) || exit 1; echo \"$out\"; \
   test $(echo \"$out\" | grep -c ' ns .*\\[') -eq 4 && \
   ! $<TARGET_FILE:layer-cost> 0 2>/dev/null")
