#!/bin/sh
# compare when the machine changed between two runs (issue 25), and `ab`,
# two sides measured in one run.  Verdicts are checked on crafted run
# files (no timing is asserted); `ab` is checked for its protocol, files
# and errors.  Usage: cli_compare.sh PATH/TO/cryptobench
set -u
CB=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# expect STATUS PATTERN-IN-STDERR(or '') -- command...
expect() {
	want=$1 pat=$2
	shift 2
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		bad "'$*' exited $got, expected $want; stderr: $(head -c 300 "$T/err")"
		return
	fi
	if [ -n "$pat" ] && ! grep -q -- "$pat" "$T/err"; then
		bad "'$*': stderr lacks '$pat': $(head -c 300 "$T/err")"
		return
	fi
	ok
}

if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: python3 is needed to craft the run files" >&2
	exit 77
fi

expect 0 '' "$CB" run --quick --no-progress sha256 sm3 --backend openssl --sizes 64 -o "$T/old.json"

# craft NEW from OLD: the reference and every case times F (per case: ALG=F), others' CPU per round
craft() {
	python3 - "$T/old.json" "$@" <<'PY'
import json, sys
src, dst, ref, others = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
scale = dict(a.split("=") for a in sys.argv[5:])
d = json.load(open(src))
c = d["context"]
# a quiet reference (rounds within +-1% of the median), whatever the machine did while
# the test's own run was measured: the verdicts below depend on the crafted step only
med = c["reference"]["median_ns"]
c["reference"]["spread"] = 0.02
c["reference"]["median_ns"] = med * ref
c["reference"]["rounds"] = [None if v is None else med * ref * (1 + 0.005 * ((i % 5) - 2))
                            for i, v in enumerate(c["reference"]["rounds"])]
n = len(c["reference"]["rounds"])
c["load"] = {"others_cpu": [others] * n, "steal_cpu": [0.0] * n, "runnable": [1] * n}
for r in d["results"]:
    f = float(scale.get(r["algorithm"], "1"))
    for k in ("median", "mean", "ci95_low", "ci95_high"):
        r["ns_per_op"][k] *= f
    for k in ("ns_per_op", "ci95_low", "ci95_high"):
        r["estimate"][k] *= f
    r["rounds"] = [None if v is None else v * f for v in r["rounds"]]
    r["ops_per_sec"] /= f
json.dump(d, open(dst, "w"))
PY
}
craft "$T/base.json" 1 0.0
# the same machine and code: no change, exit 0 even with --fail-on-slower
expect 0 '' "$CB" compare --fail-on-slower "$T/base.json" "$T/base.json"
grep -q 'inconclusive' "$T/out" && bad "the same run is called inconclusive: $(cat "$T/out")" || ok

# the machine stepped (reference +30%, each case +25%): no verdict, inconclusive, exit 5
craft "$T/step.json" 1.3 0.0 sha256=1.25 sm3=1.25
expect 0 '' "$CB" compare "$T/base.json" "$T/step.json"
grep -q '^! the machine changed between the runs (the reference workload took +30' "$T/out" && ok ||
	bad "compare says first that the machine changed: $(head -5 "$T/out")"
grep -qE 'faster|slower$' "$T/out" && bad "a verdict from a machine step: $(cat "$T/out")" || ok
[ "$(grep -c 'inconclusive$' "$T/out")" -eq 2 ] && ok || bad "both cases inconclusive: $(cat "$T/out")"
expect 5 '' "$CB" compare --fail-on-slower "$T/base.json" "$T/step.json"
expect 0 '' "$CB" compare --format json "$T/base.json" "$T/step.json"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["machine_changed"] is True and d["lockstep"] is False, d
assert "reference workload" in d["machine_changed_why"] and d["inconclusive_within"] > 0.6, d
assert all(c["verdict"] == "inconclusive" for c in d["changes"]), d["changes"]
' "$T/out" && ok || bad "compare --format json of a machine step"

# another job ran through the new run only (the reference did not see it) and sha256 became three
# times slower: the machine changed, sm3 is inconclusive, sha256 is still called slower (exit 3)
craft "$T/load.json" 1 1.0 sha256=3
expect 0 '' "$CB" compare "$T/base.json" "$T/load.json"
grep -q 'other processes used 0.00 of a CPU' "$T/out" && ok || bad "the load change is named: $(head -3 "$T/out")"
grep -q '^sha256 .*slower$' "$T/out" && grep -q '^sm3 .*inconclusive$' "$T/out" && ok ||
	bad "a threefold slowdown beside a load change: $(cat "$T/out")"
expect 3 '' "$CB" compare --fail-on-slower "$T/base.json" "$T/load.json"

# the load line under the run's table
python3 - "$T/load.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["context"]["load"]["others_cpu"][0] == 1.0
PY
expect 0 '' "$CB" report "$T/load.json"
grep -q '^! other processes used 1.0 of a CPU during 100% of the rounds' "$T/out" && ok ||
	bad "report names the interference: $(tail -4 "$T/out")"
# a run's own JSON has one reading and one flag per round
python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["context"]
l, n = c["load"], c["schedule"]["rounds"]
assert len(l["others_cpu"]) == len(l["busy"]) == len(l["runnable"]) == n, (l, n)
assert all(isinstance(b, bool) for b in l["busy"]) and all(v is None or v >= 0 for v in l["others_cpu"])
' "$T/old.json" && ok || bad "the run records its load per round"

# ab: two sides in lockstep
expect 0 '' "$CB" ab --old-json "$T/a.json" --new-json "$T/b.json" "$CB" "$CB" -- sha256 --backend openssl \
	--sizes 64 --quick
grep -q '^lockstep: the runs took turns round by round' "$T/out" && grep -q '^sha256 ' "$T/out" && ok ||
	bad "ab compares the two sides: $(cat "$T/out")"
python3 -c '
import json, sys
a, b = (json.load(open(p))["context"]["schedule"] for p in sys.argv[1:3])
ia, sa = a["lockstep"].split("/")
ib, sb = b["lockstep"].split("/")
assert ia == ib and len(ia) == 16 and (sa, sb) == ("old", "new"), (a, b)
' "$T/a.json" "$T/b.json" && ok || bad "ab's two runs carry the pair's id"
# both sides on one CPU, the last ab may use, unless the run's arguments place them
last=$(python3 -c 'import os; print(max(os.sched_getaffinity(0)))')
python3 -c '
import json, sys
p = [json.load(open(f))["context"]["pinning"] for f in sys.argv[1:3]]
assert p == [sys.argv[3]] * 2, p
' "$T/a.json" "$T/b.json" "$last" && grep -q "in turns on CPU $last" "$T/err" && ok ||
	bad "ab pins both sides to CPU $last: $(cat "$T/err")"
expect 0 '' "$CB" ab --old-json "$T/a.json" --new-json "$T/b.json" "$CB" "$CB" -- sha256 --backend openssl \
	--sizes 64 --quick --pin 0
python3 -c '
import json, sys
assert [json.load(open(f))["context"]["pinning"] for f in sys.argv[1:3]] == ["0", "0"]
' "$T/a.json" "$T/b.json" && ! grep -q "on CPU" "$T/err" && ok || bad "ab keeps the run's own --pin"
# compare of the two files is the same lockstep comparison
expect 0 '' "$CB" compare "$T/a.json" "$T/b.json"
grep -q '^lockstep:' "$T/out" && ok || bad "compare pairs lockstep runs"
# errors: one line, status 2 (usage) or 1 (a side failed); nothing left behind
expect 2 "after '--'" "$CB" ab "$CB" "$CB" sha256
expect 2 "cannot be among the run's arguments" "$CB" ab "$CB" "$CB" -- sha256 -o "$T/x.json"
expect 2 "cannot be among the run's arguments" "$CB" ab "$CB" "$CB" -- --suite all
expect 2 "cannot run '$T/nosuch'" "$CB" ab "$T/nosuch" "$CB" -- sha256
expect 2 'VAR=VALUE' "$CB" ab --new-env NOEQUALS "$CB" "$CB" -- sha256
expect 1 'the old side' "$CB" ab "$CB" "$CB" -- no-such-algorithm --quick
[ ! -e "$T/x.json" ] && ok || bad "a refused ab wrote an output"
expect 2 '' "$CB" run --lockstep 1,2,x sha256 --quick

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
