#!/bin/sh
# CLI error messages for bad input (issue 7): each is one clear line on
# standard error with the documented exit status, and says what is wrong.
# Usage: cli_errors.sh PATH/TO/cryptobench
# Prints "N passed, N failed" and exits non-zero on any failure.
set -u
CB=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# expect STATUS PATTERN-IN-STDERR -- command...: the status, the pattern,
# and exactly one line on standard error.
expect() {
	want=$1 pat=$2
	shift 2
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		bad "'$*' exited $got, expected $want; stderr: $(head -c 300 "$T/err")"
		return
	fi
	if ! grep -q -- "$pat" "$T/err"; then
		bad "'$*': stderr lacks '$pat': $(head -c 300 "$T/err")"
		return
	fi
	if [ "$(wc -l <"$T/err")" -ne 1 ]; then
		bad "'$*': stderr is not one line: $(head -c 300 "$T/err")"
		return
	fi
	ok
}

# Duplicates in a list are refused, not measured twice.
expect 2 "message size 16 bytes is given twice in '16,16'" "$CB" run --quick sha256 --sizes 16,16
expect 2 "message size 1024 bytes is given twice" "$CB" run --quick sha256 --sizes 1K,1024
expect 2 "message size 32 bytes is given twice" "$CB" run --quick rsa2048-oaep-sha256 --pke-sizes 32,32
expect 2 "thread count 1 is given twice in '1,2,1'" "$CB" run --quick sha256 --threads 1,2,1

# --pin: CPUs this process may not use are refused, with those it may.
expect 2 'is not available (this process may use ' "$CB" run --quick sha256 --pin 0-1023
expect 2 'bad CPU list' "$CB" run --quick sha256 --pin 99999
expect 2 'bad CPU list' "$CB" run --quick sha256 --pin 1-
expect 2 'bad CPU list' "$CB" run --quick sha256 --pin -1

# Numbers: inf and nan are not numbers here.
for v in inf -inf nan NAN infinity 1e999; do
	expect 2 "bad value '$v' for --time" "$CB" run --quick sha256 --time "$v"
done
expect 2 "bad value 'nan' for --threshold" "$CB" compare --threshold nan a.json b.json
expect 2 "bad value 'inf' for --rate" "$CB" plan --rate inf a.json

# Terminal control characters in a name are shown escaped, on one line.
esc=$(printf 'red\033[31m\nx')
expect 2 "unknown algorithm 'red\\\\e\[31m\\\\nx'" "$CB" run --quick "$esc"
if grep -q "$(printf '\033')" "$T/err"; then bad "an escape character reached the terminal"; else ok; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
