#!/bin/sh
# cryptobench interop from the command line: usage errors are one line on
# standard error with status 2; a small matrix prints its counts (table and
# JSON) with status 0.
# Usage: cli_interop.sh PATH/TO/cryptobench
# Prints "N passed, N failed" and exits non-zero on any failure.
set -u
CB=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# expect STATUS PATTERN-IN-STDERR -- command...: the status, the pattern,
# exactly one line on standard error and nothing on standard output.
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
	if [ "$(wc -l <"$T/err")" -ne 1 ] || [ -s "$T/out" ]; then
		bad "'$*': not one line on stderr and nothing on stdout: $(head -c 300 "$T/err")"
		return
	fi
	ok
}

expect 2 "unknown algorithm 'nosuchalg'" "$CB" interop nosuchalg
expect 2 "did you mean: x25519" "$CB" interop x2519
expect 2 "bad value '0' for --count" "$CB" interop --count 0 x25519
expect 2 "bad value 'abc' for --count" "$CB" interop --count abc x25519
expect 2 "bad value '1.5' for --count" "$CB" interop --count 1.5 x25519
expect 2 "bad value '100001' for --count" "$CB" interop --count 100001 x25519
expect 2 "option '--count' needs a value" "$CB" interop x25519 --count
expect 2 "unknown format 'xml'" "$CB" interop --format xml x25519
expect 2 "unknown option '--bogus'" "$CB" interop --bogus
expect 2 "not hashes" "$CB" interop sm3
expect 2 "is not provided by the selected backends" "$CB" interop ed25519 --backend mbedtls

# --help tells what the command does and its exit statuses.
"$CB" interop --help >"$T/help" 2>&1 && grep -q "usage: cryptobench interop" "$T/help" &&
	grep -q "3 an unexpected incompatibility" "$T/help" && ok || bad "interop --help"
"$CB" --help | grep -q "^  interop " && ok || bad "interop is not in the command list"

# A matrix: every implementation of x25519 here, 2 samples a cell, all agree.
if "$CB" interop --count 2 x25519 >"$T/out" 2>"$T/err"; then
	ok
else
	bad "interop --count 2 x25519 exited $?: $(head -c 300 "$T/err")"
fi
grep -q "^x25519: shared secrets, producer (row) x consumer (column), ok/total over 2 samples" "$T/out" && ok ||
	bad "no x25519 matrix header: $(head -c 300 "$T/out")"
grep -q "^  openssl  *2/2 " "$T/out" && ok || bad "no openssl row of 2/2: $(head -c 600 "$T/out")"
grep -q "failed unexpectedly" "$T/out" && ! grep -q "!" "$T/out" && ok || bad "x25519 matrix has failures"

# JSON: one document with a cell per (producer, consumer) pair.
if "$CB" interop --count 1 --format json x25519 chacha20-poly1305 --backend openssl,sodium >"$T/json" 2>"$T/err"; then
	ok
else
	bad "interop --format json exited $?: $(head -c 300 "$T/err")"
fi
if command -v python3 >/dev/null 2>&1; then
	python3 - "$T/json" <<'PY' && ok || bad "interop JSON: $(head -c 600 "$T/json")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["count"] == 1 and d["unexpected"] == 0, d
ms = d["matrices"]
assert [m["algorithm"] for m in ms] == ["x25519", "chacha20-poly1305"], ms
for m in ms:
    names = [i["backend"] for i in m["implementations"]]
    assert names == ["openssl", "sodium"], names
    pairs = {(c["producer"], c["consumer"]) for c in m["cells"]}
    assert pairs == {(p, c) for p in names for c in names}, pairs
    assert all(c["ok"] == c["total"] == 1 for c in m["cells"]), m["cells"]
PY
fi

# Standard output that cannot be written is an operational failure.
if [ -w /dev/full ]; then
	"$CB" interop --count 1 x25519 --backend openssl >/dev/full 2>"$T/err"
	st=$?
	[ "$st" -eq 1 ] && grep -q "cannot write to standard output" "$T/err" && ok ||
		bad "interop > /dev/full exited $st: $(head -c 300 "$T/err")"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
