#!/bin/sh
# Do cryptobench's figures reproduce?  Run the same comparison RUNS times
# back to back and print, for each of five ratios, every run's paired ratio
# with its 95% interval, the spread across the runs, and how often one run's
# interval held another run's value; then `cryptobench compare` of every
# pair of runs, which should find no change (docs/VALIDATION.md).
#
#   scripts/repro-ratios.sh [SECONDS [RUNS]]   (default: 1 s per case, 3 runs)
#   CB_RUN_ARGS=--no-interleave scripts/repro-ratios.sh   (the old order, to compare)
#
# Ratios are of time per operation (above 1: the first is slower).
# Needs python3.
set -eu
S=${1:-1}
N=${2:-3}
case "$N" in *[!0-9]* | "" | 0 | 1) echo "error: RUNS must be a whole number of at least 2" >&2; exit 2 ;; esac
CB=${CB:-build/cryptobench}
[ -x "$CB" ] || { echo "error: '$CB' not found: run 'make build' first" >&2; exit 1; }
command -v python3 >/dev/null || { echo "error: python3 is needed to read the results" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

RATIOS="mlkem768@builtin:encaps/x25519@openssl:derive
ecdsa-p256@openssl:sign/ed25519@openssl:sign
aes-256-gcm@openssl:encrypt:16K/chacha20-poly1305@openssl:encrypt:16K
sm2-sign@openssl:sign/rsa2048-pkcs1-sha256@openssl:sign
x25519@openssl:derive/x25519@sodium:derive"

lscpu | sed -n 's/^Model name: *//p' | sed 's/^/cpu: /'
i=1
while [ "$i" -le "$N" ]; do
	echo "run $i of $N ..." >&2
	"$CB" run --no-progress --time "$S" --backend openssl,builtin,sodium \
		x25519 mlkem768 ecdsa-p256 ed25519 aes-256-gcm chacha20-poly1305 sm2-sign rsa2048-pkcs1-sha256 \
		--ops derive,encaps,sign,encrypt --sizes 16K --sig-sizes 32 ${CB_RUN_ARGS:-} -o "$T/run$i.json"
	for r in $RATIOS; do
		"$CB" report "$T/run$i.json" --ratio "$r"
	done >"$T/ratios$i.txt"
	i=$((i + 1))
done
i=1
while [ "$i" -le "$N" ]; do
	j=$((i + 1))
	while [ "$j" -le "$N" ]; do
		"$CB" compare --format json "$T/run$i.json" "$T/run$j.json" >"$T/cmp$i-$j.json"
		j=$((j + 1))
	done
	i=$((i + 1))
done

python3 - "$T" "$N" <<'PY'
import glob, json, re, sys
d, n = sys.argv[1], int(sys.argv[2])
pat = re.compile(r"^(\S+) = (\S+) \[(\S+), (\S+)\]")
runs = []
for i in range(1, n + 1):
    vals = {}
    for line in open(f"{d}/ratios{i}.txt"):
        m = pat.match(line)
        if m:
            vals[m.group(1)] = tuple(float(m.group(k)) for k in (2, 3, 4))
    runs.append(vals)
inside = total = 0
print(f"\n{'ratio (time A / time B)':70} " + "  ".join(f"{'run ' + str(i + 1):>24}" for i in range(n)) + f"  {'spread':>7}  {'held':>5}")
for name in runs[0]:
    got = [r.get(name) for r in runs]
    if any(g is None for g in got):
        print(f"{name:70} missing in a run")
        continue
    vs = [g[0] for g in got]
    spread = max(vs) / min(vs) - 1
    held = sum(1 for a in range(n) for b in range(n) if a != b and got[a][1] <= got[b][0] <= got[a][2])
    inside += held
    total += n * (n - 1)
    cells = "  ".join(f"{g[0]:7.4f} [{g[1]:.4f},{g[2]:.4f}]" for g in got)
    print(f"{name:70} {cells}  {100 * spread:6.1f}%  {held}/{n * (n - 1)}")
print(f"\nintervals holding another run's value: {inside}/{total}")
flagged = []
for path in sorted(glob.glob(f"{d}/cmp*.json")):
    c = json.load(open(path))
    for ch in c["changes"]:
        if ch["verdict"] in ("faster", "slower"):
            flagged.append(f"{path.split('/')[-1][3:-5]}: {ch['algorithm']} {ch['backend']} {ch['operation']} {ch['verdict']} ({100 * (ch['ratio'] - 1):+.1f}%)")
ncmp = len(glob.glob(f"{d}/cmp*.json"))
print(f"compare of {ncmp} pairs of runs: {len(flagged)} case(s) called faster or slower")
for f in flagged:
    print("  " + f)
PY
