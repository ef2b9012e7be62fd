#!/bin/sh
# Measure the same operations with `openssl speed` and with `cryptobench run`,
# on the same library, alternating the two tools for ROUNDS rounds so that a
# slow minute on a shared machine hits both, and print the median of each
# figure over the rounds with their ratio.  Differences between the two are
# harness error or a difference in what each times (docs/VALIDATION.md).
#
#   scripts/vs-openssl-speed.sh [SECONDS [ROUNDS]]   (default: 2 s, 3 rounds)
#
# Needs openssl (the command) and python3.
set -eu
S=${1:-2}
R=${2:-3}
case "$S$R" in *[!0-9]* | "") echo "error: SECONDS and ROUNDS must be whole numbers (openssl speed takes whole seconds)" >&2; exit 2 ;; esac
CB=${CB:-build/cryptobench}
[ -x "$CB" ] || { echo "error: '$CB' not found: run 'make build' first" >&2; exit 1; }
command -v python3 >/dev/null || { echo "error: python3 is needed to read the results" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

i=1
while [ "$i" -le "$R" ]; do
	# openssl speed: sign/s verify/s are the last two fields; ECDH op/s the
	# last one; -evp throughput is in thousands of bytes per second.
	{
		openssl speed -seconds "$S" rsa2048 2>/dev/null | awk '/^rsa 2048 bits/ {print "rsa2048-pkcs1-sha256 sign", $(NF-1); print "rsa2048-pkcs1-sha256 verify", $NF}'
		openssl speed -seconds "$S" ecdsap256 2>/dev/null | awk '/ecdsa \(nistp256\)/ {print "ecdsa-p256 sign", $(NF-1); print "ecdsa-p256 verify", $NF}'
		openssl speed -seconds "$S" ecdhx25519 2>/dev/null | awk '/ecdh \(X25519\)/ {print "x25519 derive", $NF}'
		openssl speed -seconds "$S" sm2 2>/dev/null | awk '/SM2 \(CurveSM2\)/ {print "sm2-sign sign", $(NF-1); print "sm2-sign verify", $NF}'
		openssl speed -seconds "$S" -evp aes-256-gcm -bytes 16384 2>/dev/null | awk 'tolower($1) == "aes-256-gcm" {v = $NF; sub(/k$/, "", v); print "aes-256-gcm encrypt", v * 1000 / 16384}'
	} >"$T/ossl.$i"
	# cryptobench samples for the same fixed time (--min-time = --time).
	run() { "$CB" run --no-progress --backend openssl --min-time "$S" --time "$S" "$@"; }
	run -o "$T/cb.$i.1.json" rsa2048-pkcs1-sha256 ecdsa-p256 --ops sign,verify --sig-sizes 32
	run -o "$T/cb.$i.2.json" x25519 --ops derive
	run -o "$T/cb.$i.3.json" sm2-sign --ops sign,verify --sig-sizes 20
	run -o "$T/cb.$i.4.json" aes-256-gcm --ops encrypt --sizes 16K
	i=$((i + 1))
done

python3 - "$T" "$R" <<'PY'
import glob, json, statistics, sys
d, rounds = sys.argv[1], int(sys.argv[2])
ossl, med, mean = {}, {}, {}
for i in range(1, rounds + 1):
    for line in open(f"{d}/ossl.{i}"):
        alg, op, v = line.split()
        ossl.setdefault((alg, op), []).append(float(v))
    for path in sorted(glob.glob(f"{d}/cb.{i}.*.json")):
        for r in json.load(open(path))["results"]:
            if r["status"] != "ok":
                continue
            k = (r["algorithm"], r["operation"])
            med.setdefault(k, []).append(r["ops_per_sec"])
            mean.setdefault(k, []).append(1e9 / r["ns_per_op"]["mean"])
print(f"median over {rounds} alternating rounds; cb median = 1e9 / median ns per op,")
print("cb mean = operations over time spent (what openssl speed counts)")
print(f"{'algorithm':22} {'op':8} {'openssl speed':>14} {'cb median':>12} {'cb mean':>12} {'med/os':>7} {'mean/os':>7}")
for k in ossl:
    if k not in med:
        continue
    o, m, a = (statistics.median(x[k]) for x in (ossl, med, mean))
    print(f"{k[0]:22} {k[1]:8} {o:14.1f} {m:12.1f} {a:12.1f} {m / o:7.3f} {a / o:7.3f}")
PY
