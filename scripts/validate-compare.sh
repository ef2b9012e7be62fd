#!/bin/sh
# Does compare survive a busy machine? (issue 25, docs/VALIDATION.md)
#
# The same build, run pairs in three conditions: quiet; a CPU-bound job on
# the other core started between the two runs; the job running through both.
# compare must call nothing faster or slower in any pair of the same code,
# and say "inconclusive" where the machine changed; a real regression (the
# portable ML-KEM, about twice the time) must be called slower in every
# condition, a 10% one (the test knob CRYPTOBENCH_TEST_SLOWDOWN) on a quiet
# machine, and `ab` must find the 10% one with the job running.
#
# Usage: scripts/validate-compare.sh [PATH/TO/cryptobench] [PAIRS]
# Needs two CPUs (the runs on CPU 0, the job on CPU 1), taskset, xz.
# Prints a Markdown table; exits 1 when a check fails.  Takes about 10 minutes.
set -u
CB=${1:-build/cryptobench}
PAIRS=${2:-3}
T=$(mktemp -d)
JOB=
cleanup() {
	[ -n "$JOB" ] && kill "$JOB" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT INT TERM

WORK=${CB_VALIDATE_WORK:-"mlkem768 x25519 ecdsa-p256 ed25519 aes-256-gcm chacha20-poly1305 sm2-sign rsa2048-pkcs1-sha256
 --backend openssl,builtin,sodium --ops encaps,derive,sign --sizes 16K --time 0.4 --no-progress"}
failures=0

run() { # OUT [ENV=VALUE]
	out=$1
	shift
	# shellcheck disable=SC2086 # WORK is a list of words
	env "$@" taskset -c 0 "$CB" run $WORK -o "$out" >/dev/null 2>"$T/run.err" || {
		echo "run failed: $(cat "$T/run.err")" >&2
		exit 1
	}
}

job_start() {
	taskset -c 1 sh -c 'while :; do head -c 20000000 /dev/urandom | xz -6 >/dev/null; done' &
	JOB=$!
	sleep 2
}

job_stop() {
	kill "$JOB" 2>/dev/null
	wait "$JOB" 2>/dev/null
	pkill -P "$JOB" 2>/dev/null
	JOB=
	sleep 2
}

# verdict counts of compare OLD NEW: "faster slower inconclusive same status machine"
judge() {
	"$CB" compare --fail-on-slower --format json "$1" "$2" >"$T/cmp.json" 2>/dev/null
	st=$?
	python3 - "$T/cmp.json" "$st" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
v = [c["verdict"] for c in d["changes"]]
why = d.get("machine_changed_why") or "-"
print(v.count("faster"), v.count("slower"), v.count("inconclusive"), v.count("~"), sys.argv[2], why.replace("|", "/"))
PY
}

# the verdict of one case: ALG BACKEND OP
verdict_of() {
	python3 - "$T/cmp.json" "$1" "$2" "$3" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["changes"]:
    if (c["algorithm"], c["backend"], c["operation"]) == tuple(sys.argv[2:5]):
        r = c["ratio"]
        print(c["verdict"], "%+.1f%%" % (100 * (r - 1)) if r else "-")
        break
else:
    print("missing -")
PY
}

echo "CPU: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs; $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "| condition | pair | faster | slower | inconclusive | ~ | status | machine changed |"
echo "|---|---|---|---|---|---|---|---|"
for cond in quiet started-between through-both; do
	for p in $(seq 1 "$PAIRS"); do
		[ "$cond" = through-both ] && job_start
		run "$T/a.json"
		[ "$cond" = started-between ] && job_start
		run "$T/b.json"
		[ -n "$JOB" ] && job_stop
		set -- $(judge "$T/a.json" "$T/b.json")
		why=$(echo "$*" | cut -d' ' -f6-)
		echo "| $cond | $p | $1 | $2 | $3 | $4 | $5 | $why |"
		if [ "$1" != 0 ] || [ "$2" != 0 ]; then
			failures=$((failures + 1))
		fi
	done
done

echo
echo "Injected regressions (mlkem768 builtin encaps in the new run):"
echo
echo "| condition | new run | verdict | change | status |"
echo "|---|---|---|---|---|"
for cond in quiet started-between through-both; do
	[ "$cond" = through-both ] && job_start
	run "$T/a.json"
	[ "$cond" = started-between ] && job_start
	run "$T/b.json" CRYPTOBENCH_MLKEM_IMPL=portable
	[ -n "$JOB" ] && job_stop
	set -- $(judge "$T/a.json" "$T/b.json")
	st=$5
	set -- $(verdict_of mlkem768 builtin encaps)
	echo "| $cond | portable ML-KEM | $1 | $2 | $st |"
	[ "$1" = slower ] || failures=$((failures + 1))
done
run "$T/a.json"
run "$T/b.json" CRYPTOBENCH_TEST_SLOWDOWN=mlkem768@builtin:encaps=10
set -- $(judge "$T/a.json" "$T/b.json")
st=$5
set -- $(verdict_of mlkem768 builtin encaps)
echo "| quiet | 10% slower (test knob) | $1 | $2 | $st |"
[ "$1" = slower ] || failures=$((failures + 1))

# ab: the 10% one with the job running through, both sides in lockstep
job_start
# shellcheck disable=SC2086
taskset -c 0 "$CB" ab --new-env CRYPTOBENCH_TEST_SLOWDOWN=mlkem768@builtin:encaps=10 --format json \
	"$CB" "$CB" -- $WORK >"$T/cmp.json" 2>/dev/null
st=$?
job_stop
set -- $(verdict_of mlkem768 builtin encaps)
echo "| through-both, ab (lockstep) | 10% slower (test knob) | $1 | $2 | $st |"
[ "$1" = slower ] || failures=$((failures + 1))
python3 - "$T/cmp.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
v = [c["verdict"] for c in d["changes"] if (c["algorithm"], c["backend"], c["operation"]) != ("mlkem768", "builtin", "encaps")]
print()
print("ab, the other %d cases (same code on both sides): %d faster, %d slower, %d ~" % (len(v), v.count("faster"), v.count("slower"), v.count("~")))
PY

echo
echo "checks failed: $failures"
[ "$failures" -eq 0 ]
