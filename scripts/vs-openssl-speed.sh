#!/bin/sh
# Measure the same operations with `openssl speed` and with `cryptobench run`,
# one right after the other on the same library, and print both with their
# ratio.  Differences between the two are harness error (or a difference in
# what each times: see docs/VALIDATION.md).
#
#   scripts/vs-openssl-speed.sh [SECONDS]    (default 3 s per measurement)
set -eu
S=${1:-3}
case "$S" in *[!0-9]* | "") echo "error: SECONDS must be a whole number (openssl speed takes whole seconds)" >&2; exit 2 ;; esac
CB=${CB:-build/cryptobench}
[ -x "$CB" ] || { echo "error: '$CB' not found: run 'make build' first" >&2; exit 1; }
T=$(mktemp -d)
[ -n "${KEEP:-}" ] && echo "keeping $T" >&2
[ -n "${KEEP:-}" ] || trap 'rm -rf "$T"' EXIT

# openssl speed: sign/s verify/s are the last two fields; ECDH op/s the last one;
# -evp throughput in thousands of bytes per second (suffix k).
openssl speed -seconds "$S" rsa2048 2>/dev/null | awk '/^rsa 2048 bits/ {print "rsa2048-pkcs1-sha256 sign", $(NF-1); print "rsa2048-pkcs1-sha256 verify", $NF}' >"$T/ossl"
openssl speed -seconds "$S" ecdsap256 2>/dev/null | awk '/ecdsa \(nistp256\)/ {print "ecdsa-p256 sign", $(NF-1); print "ecdsa-p256 verify", $NF}' >>"$T/ossl"
openssl speed -seconds "$S" ecdhx25519 2>/dev/null | awk '/ecdh \(X25519\)/ {print "x25519 derive", $NF}' >>"$T/ossl"
openssl speed -seconds "$S" sm2 2>/dev/null | awk '/SM2 \(CurveSM2\)/ {print "sm2-sign sign", $(NF-1); print "sm2-sign verify", $NF}' >>"$T/ossl"
openssl speed -seconds "$S" -evp aes-256-gcm -bytes 16384 2>/dev/null | awk 'tolower($1) == "aes-256-gcm" {v = $NF; sub(/k$/, "", v); print "aes-256-gcm encrypt", v * 1000 / 16384}' >>"$T/ossl"

"$CB" run --no-progress --time "$S" -o "$T/cb1.json" rsa2048-pkcs1-sha256 ecdsa-p256 --ops sign,verify --sig-sizes 32
"$CB" run --no-progress --time "$S" -o "$T/cb2.json" x25519 --ops derive
"$CB" run --no-progress --time "$S" -o "$T/cb3.json" sm2-sign --ops sign,verify --sig-sizes 20
"$CB" run --no-progress --time "$S" -o "$T/cb4.json" aes-256-gcm --ops encrypt --sizes 16K

# ops/s from the median (cryptobench's figure) and from the mean (what a
# count-over-time tool like openssl speed reports).
python3 - "$T"/cb*.json >"$T/cb" <<'PY'
import json, sys
for path in sys.argv[1:]:
    for r in json.load(open(path))["results"]:
        if r["status"] == "ok":
            print(r["algorithm"], r["operation"], r["ops_per_sec"], 1e9 / r["ns_per_op"]["mean"])
PY

printf '%-22s %-8s %14s %14s %14s %8s %8s\n' algorithm op "openssl speed" "cb median" "cb mean" "med/os" "mean/os"
awk 'NR == FNR { os[$1 " " $2] = $3; next }
	($1 " " $2) in os {
		o = os[$1 " " $2]
		printf "%-22s %-8s %14.1f %14.1f %14.1f %8.3f %8.3f\n", $1, $2, o, $3, $4, $3 / o, $4 / o
	}' "$T/ossl" "$T/cb"
