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

# A bad option: one line pointing to --help, never the whole usage text.
for c in list verify run plan report compare; do
	expect 2 "unknown option '--frobnicate' (see 'cryptobench $c --help')" "$CB" $c --frobnicate
done
for c in verify run plan report compare; do
	opt=--format
	[ $c = verify ] && opt=--backend
	[ $c = plan ] && opt=--rate
	expect 2 "option '$opt' needs a value (see 'cryptobench $c --help')" "$CB" $c $opt
done
expect 2 "see 'cryptobench kem --help'" "$CB" kem frobnicate
expect 2 "see 'cryptobench kem keygen --help'" "$CB" kem keygen --alg

# Standard output that cannot be written: one line and status 1, for every
# command that prints (/dev/full: every write fails with ENOSPC).
G=$(dirname "$0")/golden/run.json
if [ -w /dev/full ]; then
	for c in list "list --names" --help --version "list --help" "run --help" "verify --help" "plan --help" \
		"report --help" "compare --help" "kem --help" "plan --rate 1000 $G" "report $G" \
		"report --format html $G" "compare $G $G"; do
		$CB $c >/dev/full 2>"$T/err"
		got=$?
		[ $got -eq 1 ] && [ "$(wc -l <"$T/err")" -eq 1 ] &&
			grep -q 'cannot write to standard output: no space left on device' "$T/err" &&
			ok || bad "'$c' >/dev/full exited $got: $(cat "$T/err")"
	done
fi

# plan: an operation the run does not have is refused, saying which it has.
expect 2 "no operation 'nosuch' in '$G' (it has: " "$CB" plan --rate 1000 --ops nosuch "$G"
expect 2 "no operation 'nosuch'" "$CB" plan --rate 1000 --ops sign,nosuch "$G"

# Results files: where the JSON is broken, or which member is wrong.
printf '{"tool": "cryptobench",\n  "results": [1,]\n}\n' >"$T/syntax.json"
expect 1 "'$T/syntax.json' is not valid JSON: line 2, column 17: " "$CB" report "$T/syntax.json"
printf '{"schema_version": 2, "tool": "cryptobench", "context": {}, "results": [{"algorithm": "x", "operation": "sign", "status": "ok", "threads": "two"}]}' >"$T/member.json"
expect 1 "result 1: member 'threads' has the wrong type or value" "$CB" compare "$T/member.json" "$G"
# a truncated file: where it stops; an empty one; not a results document; a schema from the future
head -c 3000 "$G" >"$T/trunc.json"
expect 1 "'$T/trunc.json' is not valid JSON: line [0-9]*, column [0-9]*: truncated: the document stops at byte 3000" \
	"$CB" report "$T/trunc.json"
expect 1 "is not valid JSON: line [0-9]*, column [0-9]*: truncated" "$CB" compare "$G" "$T/trunc.json"
: >"$T/empty.json"
expect 1 "'$T/empty.json' is not valid JSON: line 1, column 0: the file is empty" "$CB" report "$T/empty.json"
printf '[1, 2]' >"$T/array.json"
expect 1 "'$T/array.json' is not a cryptobench run (JSON, schema version [0-9]*): the document is an array, not an object" \
	"$CB" report "$T/array.json"
printf '{"name": "something else"}' >"$T/other.json"
expect 1 "'$T/other.json' is not a cryptobench run .*: member 'tool' is missing: not a results document" \
	"$CB" compare "$T/other.json" "$G"
sed 's/"schema_version": [0-9]*/"schema_version": 99/' "$G" >"$T/v99.json"
expect 1 "'$T/v99.json' is not a cryptobench run .*: member 'schema_version' is 99, not a version this reader knows" \
	"$CB" report "$T/v99.json"
# nothing the user named as output is touched when an input is bad
echo keep >"$T/keep.html"
"$CB" report "$T/trunc.json" -o "$T/keep.html" 2>/dev/null
[ "$(cat "$T/keep.html")" = keep ] && [ "$(ls "$T" | grep -c '^keep')" = 1 ] && ok || bad "a bad input changed the output"
printf '{"schema_version": 2, "tool": "cryptobench", "results": []}' >"$T/noctx.json"
expect 1 "member 'context' is missing or not an object" "$CB" plan --rate 1 "$T/noctx.json"

# A name longer than the record holds is cut at a UTF-8 character, so the
# run still writes as JSON (it failed with "cannot write: Success").
long=$(i=0; while [ $i -lt 60 ]; do printf '\303\251'; i=$((i + 1)); done)
printf '{"schema_version": 2, "tool": "cryptobench", "context": {"hostname": "a%s"}, "results": [{"algorithm": "a%s", "operation": "sign", "status": "ok", "ops_per_sec": 1000}]}' \
	"$long" "$long" >"$T/utf8.json"
"$CB" report "$T/utf8.json" -o "$T/utf8-out.json" 2>"$T/err" && ok || bad "a long UTF-8 name: $(cat "$T/err")"
"$CB" report --format json "$T/utf8-out.json" >/dev/null 2>"$T/err" && ok || bad "the cut name reads back: $(cat "$T/err")"

# An SM2 ID too long for Z_A: a usage error before anything runs (was 3).
expect 2 "--sm2-id is 8192 bytes; an SM2 ID has at most 8191" "$CB" run --quick sm2-sign --sm2-id "$(printf '%8192s' '' | tr ' ' a)"

# SM2 cannot encrypt an empty message: reported as unsupported (a line under the table), not ERROR (exit 0).
"$CB" run --quick sm2-enc-c1c3c2 --backend openssl --ops encrypt --sizes 0 --no-progress >"$T/out" 2>"$T/err" &&
	grep -q '^left out: sm2-enc-c1c3c2 (openssl): this scheme cannot encrypt a 0-byte message' "$T/out" &&
	! grep -q ERROR "$T/out" &&
	ok || bad "sm2-enc --sizes 0: $(cat "$T/out" "$T/err")"

# Terminal control characters from a results file are not printed raw by
# the text table (report, run's format), plan and compare.
printf '{"schema_version": 2, "tool": "cryptobench", "context": {"hostname": "h\\u001b]0;t\\u0007", "cpu_model": "c\\u009b2J"}, "results": [{"algorithm": "x\\u001b[2J", "backend": "b\\r", "operation": "sign", "status": "ok", "ops_per_sec": 10, "noisy": true, "noise": "n\\u001b[31m"}, {"algorithm": "y", "operation": "sign", "status": "error", "error": "e\\u001b[1m"}]}' >"$T/ctl.json"
for c in "report $T/ctl.json" "report -v $T/ctl.json" "plan --rate 100 $T/ctl.json" "compare $T/ctl.json $T/ctl.json"; do
	$CB $c >"$T/out" 2>"$T/err"
	if [ -s "$T/out" ] && ! LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$T/out" &&
		! LC_ALL=C grep -q "$(printf '\302[\200-\237]')" "$T/out"; then
		ok
	else
		bad "'$c' printed control characters: $(od -c "$T/out" | head -5) $(cat "$T/err")"
	fi
done
grep -q 'x?\[2J' "$T/out" && ok || bad "compare shows the name with '?': $(cat "$T/out")"

# Outputs honour the umask (a temporary file from mkstemp is 0600 whatever it is).
(umask 077 && "$CB" report "$G" -o "$T/u077.json") && [ "$(stat -c %a "$T/u077.json")" = 600 ] && ok ||
	bad "umask 077: $(stat -c %a "$T/u077.json")"
(umask 022 && "$CB" report "$G" -o "$T/u022.json") && [ "$(stat -c %a "$T/u022.json")" = 644 ] && ok ||
	bad "umask 022: $(stat -c %a "$T/u022.json")"
(umask 027 && "$CB" kem keygen --alg mlkem512 --ek "$T/ek" --dk "$T/dk") &&
	[ "$(stat -c %a "$T/ek")" = 640 ] && [ "$(stat -c %a "$T/dk")" = 600 ] && ok ||
	bad "umask 027: ek $(stat -c %a "$T/ek") dk $(stat -c %a "$T/dk")"

# compare warns, in one line, when the runs come from different machines.
sed 's/bench-host/other-host/' "$G" >"$T/host.json"
sed 's/AMD EPYC 7B13/Intel Xeon/' "$G" >"$T/cpu.json"
expect 0 "warning: the runs are from different hosts ('bench-host', 'other-host')" "$CB" compare "$G" "$T/host.json"
expect 0 "warning: the runs are from different CPUs ('AMD EPYC 7B13', 'Intel Xeon')" "$CB" compare "$G" "$T/cpu.json"
"$CB" compare "$G" "$G" >/dev/null 2>"$T/err" && [ ! -s "$T/err" ] && ok || bad "compare of one machine warns: $(cat "$T/err")"
# ... and when the library versions or the build differ, naming them.
sed 's/"version": "3.0.19"/"version": "3.0.20"/' "$G" >"$T/lib.json"
expect 0 "warning: the runs differ in versions or build (old / new: openssl 3.0.19 / 3.0.20)" "$CB" compare "$G" "$T/lib.json"
# The table has the Mann-Whitney p of each case measured in both.
"$CB" compare "$G" "$G" >"$T/out" 2>&1 && grep -q '^algorithm .* p  verdict$' "$T/out" && ok ||
	bad "compare table lacks the p column: $(head -5 "$T/out")"
"$CB" compare --format json "$G" "$G" >"$T/out" 2>&1 && grep -q '"mann_whitney_p": ' "$T/out" && ok ||
	bad "compare JSON lacks mann_whitney_p: $(head -c 300 "$T/out")"

# plan: one line per case, at its first entry, from the entry with the most threads.
r() { printf '{"algorithm": "%s", "backend": "o", "operation": "sign", "status": "%s", "threads": %s, "ops_per_sec": %s}' "$@"; }
printf '{"schema_version": 2, "tool": "cryptobench", "context": {}, "results": [%s, %s, %s, %s, %s, %s]}' \
	"$(r a ok 1 100)" "$(r b ok 1 50)" "$(r a ok 4 800)" "$(r a ok 2 300)" "$(r c error 8 9)" "$(r c ok 1 10)" >"$T/group.json"
"$CB" plan --rate 1000 "$T/group.json" >"$T/out" 2>"$T/err"
tail -n +3 "$T/out" | awk '{print $1, $6}' | tr '\n' ' ' >"$T/lines"
[ "$(cat "$T/lines")" = "a 4 b 1 c 1 " ] && ok || bad "plan grouping: $(cat "$T/out" "$T/err")"

# plan --handshakes: bad N, a run without the operations, options that go with the other mode.
expect 2 "bad value '0' for --handshakes" "$CB" plan --handshakes 0 "$G"
expect 2 "bad value 'many' for --handshakes" "$CB" plan --handshakes many "$G"
expect 2 "not both" "$CB" plan --handshakes 10 --rate 10 "$G"
expect 2 "goes with --handshakes" "$CB" plan --rate 10 --backend openssl "$G"
expect 2 "plan --format takes table, json or md" "$CB" plan --handshakes 10 --format csv "$G"
expect 2 "no handshake combination's operations are all in '$T/group.json' (x25519+ecdsa-p256: x25519 is not in the run" \
	"$CB" plan --handshakes 10 "$T/group.json"
hs() { printf '{"algorithm": "%s", "kind": "%s", "backend": "o", "operation": "%s", "status": "ok", "threads": 1, "ops_per_sec": %s, "sizes": {"public_key": 32, "ciphertext": null, "signature": 64}}' "$@"; }
printf '{"schema_version": 2, "tool": "cryptobench", "context": {}, "results": [%s, %s, %s, %s]}' \
	"$(hs x25519 kex keygen 1000)" "$(hs x25519 kex derive 1000)" "$(hs ed25519 sig sign 1000)" "$(hs ed25519 sig verify 1000)" >"$T/hs.json"
expect 2 "--against 'nope' is not a combination" "$CB" plan --handshakes 10 --against nope "$T/hs.json"
# server: keygen + derive + sign = 3 ms, 333.3 handshakes/s per core; 1000/s at no headroom: 3 cores; 32 + 32 + 64 bytes
"$CB" plan --handshakes 1000 --headroom 0 "$T/hs.json" >"$T/out" 2>"$T/err" && ok || bad "plan --handshakes: $(cat "$T/err")"
grep -q '^x25519+ed25519 .* 333\.3  *3  *128 ' "$T/out" && ok || bad "plan --handshakes figures: $(cat "$T/out")"
grep -q '^skipped x25519+ecdsa-p256: ecdsa-p256 is not in the run' "$T/out" && ok || bad "plan --handshakes skipped: $(cat "$T/out")"
"$CB" plan --handshakes 1000 --format json "$T/hs.json" >"$T/out" 2>"$T/err" &&
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); c=d["combinations"][0]; assert c["name"]=="x25519+ed25519" and c["wire_bytes"]==128 and abs(c["server_ns"]-3e6)<1e-3, c' "$T/out" &&
	ok || bad "plan --handshakes --format json: $(cat "$T/out" "$T/err")"

# Several runs read as one: the key exchange from one, the signature from another.
printf '{"schema_version": 2, "tool": "cryptobench", "context": {}, "results": [%s, %s]}' \
	"$(hs x25519 kex keygen 1000)" "$(hs x25519 kex derive 1000)" >"$T/kx.json"
printf '{"schema_version": 2, "tool": "cryptobench", "context": {}, "results": [%s, %s]}' \
	"$(hs ed25519 sig sign 1000)" "$(hs ed25519 sig verify 1000)" >"$T/sg.json"
"$CB" plan --handshakes 1000 --headroom 0 "$T/kx.json" "$T/sg.json" >"$T/out" 2>"$T/err" && ok || bad "plan of two runs: $(cat "$T/err")"
grep -q '^x25519+ed25519 .* 333\.3  *3  *128 ' "$T/out" && ok || bad "plan of two runs: $(cat "$T/out")"
expect 2 "plan takes one run file" "$CB" plan --rate 10 "$T/kx.json" "$T/sg.json"

# run --scenario: a bad line says what is wrong.
expect 2 "--scenario 'x: sign > 5 ops/s among a': expected '>=' (a rate) or '<=' (a latency)" \
	"$CB" run --quick sha256 --scenario "x: sign > 5 ops/s among a"

# Extreme figures in a results file (the bounds the reader takes; beyond
# them it refuses the file, tests/cli_defects.sh): no "inf" cores, no nan
# coordinates.
printf '{"schema_version": 2, "tool": "cryptobench", "context": {}, "results": [%s, %s, %s, %s, %s, %s, %s]}' \
	'{"algorithm": "a", "operation": "sign", "status": "ok", "ops_per_sec": 1e-6, "estimate": {"ns_per_op": 1e15, "ci95_low": 1e-300, "ci95_high": 1e15}}' \
	'{"algorithm": "b", "operation": "sign", "status": "ok", "ops_per_sec": 1e-6}' \
	'{"algorithm": "c", "operation": "sign", "status": "ok", "ops_per_sec": 1e13}' \
	'{"algorithm": "d", "operation": "enc", "status": "ok", "message_bytes": 16, "ops_per_sec": 1e-6}' \
	'{"algorithm": "d", "operation": "enc", "status": "ok", "message_bytes": 4096, "ops_per_sec": 1e13}' \
	'{"algorithm": "d", "operation": "enc", "status": "ok", "message_bytes": 4096, "threads": 2, "ops_per_sec": 1e-6}' \
	'{"algorithm": "e", "kind": "kem", "operation": "encaps", "status": "ok", "ops_per_sec": 1, "sizes": {"public_key": 999999999, "ciphertext": 0}}' \
	>"$T/absurd.json"
"$CB" plan --rate 1e15 "$T/absurd.json" >"$T/out" 2>"$T/err" && ok || bad "plan of absurd figures: $(cat "$T/err")"
grep -qi 'inf\|nan' "$T/out" && bad "plan printed inf or nan: $(cat "$T/out")" || ok
grep -q '> 1e15' "$T/out" && ok || bad "plan says the cores are beyond reckoning: $(cat "$T/out")"
"$CB" report --format html "$T/absurd.json" >"$T/out" 2>"$T/err" && ok || bad "report of absurd figures: $(cat "$T/err")"
grep -q 'nan"\|inf"' "$T/out" && bad "the SVG has nan or inf coordinates" || ok
grep -q 'data-chart="sweep"' "$T/out" && grep -q 'data-chart="threads"' "$T/out" && grep -q 'data-chart="wire"' "$T/out" &&
	ok || bad "the absurd run lost its sweep, scaling or wire chart"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
