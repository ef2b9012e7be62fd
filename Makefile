# The two commands of the quick start:
#   make bench   install what is missing, build, run the three studies (quick)
#   make test    install what is missing, build, run the test suite
# Other targets: build, anchors, test-sanitize, test-fuzz, deps, clean.

MAKEFLAGS += --no-print-directory
BUILD ?= build
BUILD_SAN ?= build-san
BUILD_FUZZ ?= build-fuzz
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
BENCH_ARGS ?=

.PHONY: all build anchors bench test test-sanitize test-fuzz deps clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/CMakeCache.txt:
	@scripts/install-deps.sh
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The pinned public implementations (scripts/anchors.list) unpacked into the
# build tree; the next build compiles the comparison backends from them.
anchors: $(BUILD)/CMakeCache.txt
	scripts/fetch-anchors.sh $(BUILD)/anchors
	cmake -S . -B $(BUILD) -DCB_ANCHORS_DIR=$(abspath $(BUILD))/anchors
	cmake --build $(BUILD) -j $(JOBS)

# The three studies (suites/study-*.suite, ../shared/docs/STUDIES.md) in
# quick mode: each study's tables on the terminal (the decision guide
# included), the handshake plan of Study C's migration, its JSON in
# $(BUILD)/bench/, and one HTML report of the three.  BENCH_ARGS are added
# to each run (e.g. BENCH_ARGS="--time 1" for figures worth quoting).
STUDIES = study-a study-b study-c
bench: build
	@mkdir -p $(BUILD)/bench
	@for s in $(STUDIES); do \
		$(BUILD)/cryptobench run --suite $$s --quick --format table -o $(BUILD)/bench/$$s.json $(BENCH_ARGS) || exit $$?; \
		echo; \
	done
	@echo "Study C's migration at 3,000 handshakes/s, its key exchanges and signatures (with Study A's SM2 signatures; docs/PLAN.md):"
	@$(BUILD)/cryptobench plan $(BUILD)/bench/study-a.json $(BUILD)/bench/study-c.json --handshakes 3000 || true
	@echo
	$(BUILD)/cryptobench report $(foreach s,$(STUDIES),$(BUILD)/bench/$(s).json) -o $(BUILD)/bench/report.html
	@echo "results: $(foreach s,$(STUDIES),$(BUILD)/bench/$(s).json); report: $(BUILD)/bench/report.html"

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-sanitize:
	@scripts/install-deps.sh
	cmake -S . -B $(BUILD_SAN) -DCMAKE_BUILD_TYPE=Debug -DCB_SANITIZE=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD_SAN) -j $(JOBS)
	cd $(BUILD_SAN) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		ctest --output-on-failure -j $(JOBS) -LE novalgrind-san

# libFuzzer targets (clang), each run briefly.
test-fuzz:
	@scripts/install-deps.sh
	CC=clang cmake -S . -B $(BUILD_FUZZ) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCB_FUZZ=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD_FUZZ) -j $(JOBS)
	cd $(BUILD_FUZZ) && ctest --output-on-failure -L fuzz

clean:
	rm -rf $(BUILD) $(BUILD_SAN) $(BUILD_FUZZ)
