#!/bin/sh
# cryptobench verify --vectors (issue 8): the matrix over the shared vectors,
# its JSON, and the negative cases: a corrupted copy of one vector file is
# caught by SHA256SUMS (exit 3), and with its sum updated the matrix reports
# the wrong case (exit 3); a missing file, a missing folder, bad options.
# Usage: cli_verify.sh PATH/TO/cryptobench
# Skips (77) without the vectors ($CRYPTOBENCH_VECTORS, else
# $CB_SOURCE_DIR/../shared/vectors).
set -u
CB=$1
V=${CRYPTOBENCH_VECTORS:-${CB_SOURCE_DIR:-.}/../shared/vectors}
X=wycheproof/testvectors_v1/x25519_test.json
if [ ! -f "$V/SHA256SUMS" ] || [ ! -f "$V/$X" ]; then
	echo "SKIP: vectors not found in '$V' (set CRYPTOBENCH_VECTORS or run scripts/fetch-vectors.sh)"
	exit 77
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# status WANT command...: run it, stdout in $T/out, stderr in $T/err
status() {
	want=$1
	shift
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	if [ "$got" -eq "$want" ]; then ok; else bad "'$*' exited $got, expected $want: $(head -c 300 "$T/err")"; fi
}
has() { if grep -q -- "$1" "$2"; then ok; else bad "$2 lacks '$1': $(head -c 400 "$2")"; fi; }
one_line() { if [ "$(wc -l <"$T/err")" -eq 1 ]; then ok; else bad "stderr is not one line: $(cat "$T/err")"; fi; }

# the shared vectors, two backends (nettle: one known gap), every set they have
status 0 env CRYPTOBENCH_VECTORS="$V" "$CB" verify --vectors --backend nettle,builtin
has 'x25519 x25519_test.json' "$T/out"
has 'mlkem768 ML-KEM-encapDecap-FIPS203' "$T/out"
has 'known ecdsa-p256/nettle' "$T/out"
has ' 0 FAILED, 0 not applicable, 0 missing' "$T/out"

# JSON: every row passed, no failure, the counts are numbers
status 0 "$CB" verify --vectors="$V" --format json --backend nettle x25519 ecdsa-p256
python3 - "$T/out" <<'PY' && ok || bad "JSON of verify --vectors"
import json, sys
d = json.load(open(sys.argv[1]))
rows = d["results"]
assert d["summary"]["fail"] == 0 and d["summary"]["pass"] == len(rows) == 3, d["summary"]
for r in rows:
    assert r["status"] == "pass" and r["failed"] == 0 and r["passed"] > 0, r
    assert r["backend"] == "nettle" and r["source"] == "Wycheproof", r
assert sum(r["known"] for r in rows) == 2
PY

# a corrupted copy: SHA256SUMS catches it
mkdir -p "$T/v/wycheproof/testvectors_v1"
cp "$V/SHA256SUMS" "$T/v/"
sed '0,/"shared" *: *"[0-9a-f]*"/s//"shared": "00000000000000000000000000000000000000000000000000000000000000ff"/' \
	"$V/$X" >"$T/v/$X"
if cmp -s "$V/$X" "$T/v/$X"; then bad "the copy was not changed"; else ok; fi
status 3 "$CB" verify --vectors="$T/v" --backend nettle x25519
has 'FAIL sum' "$T/out"
has 'does not match SHA256SUMS' "$T/out"
has ' 1 FAILED' "$T/out"

# the same file with its sum updated: the wrong case is reported
sum=$(sha256sum "$T/v/$X" | cut -d' ' -f1)
sed "s|^[0-9a-f]*  $X\$|$sum  $X|" "$V/SHA256SUMS" >"$T/v/SHA256SUMS"
status 3 "$CB" verify --vectors="$T/v" --backend nettle x25519
has 'FAIL 1/' "$T/out"
has 'FAIL  x25519/nettle x25519_test.json: 1 unexpected, first: x25519_test.json tcId 1 (valid)' "$T/out"

# a file absent from the folder: said, not a failure
status 0 "$CB" verify --vectors="$T/v" --backend nettle ed25519
has 'missing' "$T/out"
has 'cannot read' "$T/out"

# no folder, bad options: one line, documented status
status 1 "$CB" verify --vectors="$T/none"
one_line
has 'fetch-vectors.sh' "$T/err"
status 2 "$CB" verify --format json
one_line
status 2 "$CB" verify --vectors="$V" --format xml
one_line
status 2 "$CB" verify --vectors="$V" --vectors="$V"
one_line

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
