#!/bin/sh
# The example program against the installed library: `cmake --install` into
# a temporary prefix, examples/bench_two_cases.c compiled with the installed
# headers and libcryptobench.a (and the backend libraries the installed
# cryptobench.pc lists), then run: a two-case benchmark through bench.h.
# Usage: example_install.sh BUILD_DIR SOURCE_DIR CC
set -u
B=$1 S=$2 CC=$3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; echo "0 passed, 1 failed"; exit 1; }

cmake --install "$B" --prefix "$T/prefix" >"$T/install.log" 2>&1 || fail "cmake --install: $(tail -5 "$T/install.log")"
[ -f "$T/prefix/include/cryptobench/bench.h" ] || fail "bench.h is not installed"
lib=$(find "$T/prefix" -name libcryptobench.a | head -1)
[ -n "$lib" ] || fail "libcryptobench.a is not installed"
pc=$(find "$T/prefix" -name cryptobench.pc | head -1)
[ -n "$pc" ] || fail "cryptobench.pc is not installed"
flags=$(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --cflags --libs --static cryptobench) || fail "pkg-config cryptobench"
case "$flags" in *"$T/prefix"*) ;; *) fail "the flags do not point into the prefix: $flags" ;; esac
# Only the installed headers: the example is compiled from a copy outside the repository.
cp "$S/examples/bench_two_cases.c" "$T/"
# shellcheck disable=SC2086
"$CC" -std=c11 -Wall -Wextra -Werror -o "$T/bench_two_cases" "$T/bench_two_cases.c" $flags 2>"$T/cc.log" ||
	fail "the example does not build against the installed library: $(head -c 600 "$T/cc.log")"
"$T/bench_two_cases" >"$T/out" 2>"$T/err" || fail "the example failed: $(cat "$T/err")"
for alg in sha256 sm3; do
	grep -q "^$alg .*openssl" "$T/out" || fail "no $alg row: $(cat "$T/out")"
done
echo "1 passed, 0 failed"
