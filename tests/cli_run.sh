#!/bin/sh
# CLI behaviour of `cryptobench list` and `cryptobench run`: exit statuses,
# error messages, outputs.  Usage: cli_run.sh PATH/TO/cryptobench
# Prints "N passed, N failed" and exits non-zero on any failure.
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

expect 0 '' "$CB" --help
grep -q 'usage: cryptobench' "$T/out" && ok || bad "--help prints usage"
grep -q 'exit status' "$T/out" && ok || bad "--help documents exit statuses"
expect 2 'unknown command' "$CB" frobnicate
expect 2 '' "$CB"
# A hybrid's composition, named by its parts' backends (docs/HYBRID.md):
# timed beside its parts, with the cold key agreement the hybrid performs.
expect 0 '' "$CB" run --quick --no-progress x25519mlkem768 --backend builtin+sodium -o "$T/comp.json" -o "$T/comp.csv"
grep -q '^x25519mlkem768,kem,hybrid,builtin+sodium,' "$T/comp.csv" && ok || bad "CSV names the composition: $(head -3 "$T/comp.csv")"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$T/comp.json" <<'PY' && ok || bad "a composition runs beside its parts"
import json, sys
rs = json.load(open(sys.argv[1]))["results"]
have = {(r["algorithm"], r["backend"], r["operation"]) for r in rs if r["status"] == "ok"}
for op in ("keygen", "encaps", "decaps"):
    assert ("x25519mlkem768", "builtin+sodium", op) in have, op
    assert ("mlkem768", "builtin", op) in have, op
for op in ("keygen", "derive", "keygen-cold", "derive-cold"):
    assert ("x25519", "sodium", op) in have, op
h = [r for r in rs if r["algorithm"] == "x25519mlkem768" and r["operation"] == "decaps"][0]["hybrid"]
assert [(p["algorithm"], p["backend"], p["operation"]) for p in h["parts"]] == \
    [("mlkem768", "builtin", "decaps"), ("x25519", "sodium", "derive-cold")], h
PY
fi
expect 2 'cannot compose x25519mlkem768@openssl+openssl' "$CB" run --quick x25519mlkem768 --backend openssl+openssl
# curveSM2MLKEM768 composed over libgcrypt's SM2 ECDH agrees on the wire
# with the default (OpenSSL's EC_POINT); OpenSSL's sm2-dh cannot be a part.
expect 0 '' "$CB" interop curvesm2mlkem768
grep -q 'builtin+gcrypt  *32/32' "$T/out" && grep -q ' 0 failed unexpectedly' "$T/out" && ok ||
	bad "interop curvesm2mlkem768 crosses its compositions: $(cat "$T/out")"
expect 2 'cannot import' "$CB" run --quick curvesm2mlkem768 --backend builtin+openssl
# A plain backend without the hybrid stands for its own parts, left out when
# it lacks one (libsodium has no ML-KEM).
expect 2 "'x25519mlkem768' is not provided by the selected backends ('sodium')" "$CB" run --quick x25519mlkem768 --backend sodium
# Only where BoringSSL is built: a backend named but not built gives an
# "unavailable" row and exit 0.
if "$CB" run --quick --no-progress mlkem768 --backend boringssl --ops encaps -o "$T/bssl.csv" >/dev/null 2>&1 &&
	grep -q '^mlkem768,kem,pq,boringssl,.*,ok,' "$T/bssl.csv"; then
	expect 0 '' "$CB" run --quick --no-progress x25519mlkem768 --backend builtin,boringssl --ops encaps -o "$T/own.csv"
	grep -q '^x25519mlkem768,kem,hybrid,boringssl+boringssl,' "$T/own.csv" && grep -q '^x25519mlkem768,kem,hybrid,builtin,' "$T/own.csv" &&
		ok || bad "--backend builtin,boringssl times the default and BoringSSL's own composition: $(cut -d, -f1-4 "$T/own.csv")"
fi
# Real handshakes: the HTML report charts them, plan answers from them
# (measured only: the run has no primitives) and names the stack.
expect 0 '' "$CB" run --quick --no-progress tls13-x25519-ecdsa-p256 --backend openssl -o "$T/tls.json"
expect 0 '' "$CB" report --format html "$T/tls.json"
grep -q 'data-chart="tls"' "$T/out" && grep -q 'data-chart="tls-bytes"' "$T/out" && ok ||
	bad "the report has no TLS handshake charts"
expect 0 '' "$CB" report "$T/tls.json"
grep -q 'TLS handshakes: 1 negotiated what their names say' "$T/out" && ! grep -q 'none for: tls13' "$T/out" &&
	ok || bad "the gate line of a run of handshakes: $(grep 'known answers' "$T/out")"
expect 0 '' "$CB" plan "$T/tls.json" --handshakes 1000
grep -q '^model against measured' "$T/out" && grep -q '^x25519+ecdsa-p256  *openssl  ' "$T/out" && ok ||
	bad "plan --handshakes of a run of handshakes: $(cat "$T/out")"
# A stack's own steps: OpenSSL's classes time libssl's key share
# (share-cold) and CertificateVerify (sign-cold) with their handshakes,
# and plan's model of OpenSSL takes them.
expect 0 '' "$CB" run --quick --no-progress x25519 ecdsa-p256 tls13-x25519-ecdsa-p256 --backend openssl -o "$T/os.json"
grep -q '"operation": *"share-cold"' "$T/os.json" && grep -q '"operation": *"sign-cold"' "$T/os.json" && ok ||
	bad "OpenSSL's key share and signature are timed by default"
expect 0 '' "$CB" plan "$T/os.json" --handshakes 1000 --backend openssl
grep -q "^the model's server key share is openssl's own, as its handshake makes it (the TLS class's share-cold), not the key agreement class's: x25519+ecdsa-p256" "$T/out" &&
	ok || bad "plan --backend openssl takes libssl's key share: $(tail -5 "$T/out")"
# Where GmSSL is built: its TLS 1.3 classes time their CertificateVerify
# and key share with the handshakes, and plan's model of that stack makes
# them as it does.
if "$CB" run --quick --no-progress sm2-dh sm2-sign tls13-sm2-sm2 --backend gmssl --sizes 32 -o "$T/gm.json" >"$T/out" 2>&1 &&
	grep -q '^tls13-sm2-sm2 *gmssl *sign-cold ' "$T/out"; then
	ok
	expect 0 '' "$CB" plan "$T/gm.json" --handshakes 1000 --backend gmssl
	grep -q "^the model's server signature is gmssl's own, as its handshake makes it (the TLS class's sign-cold), not the signature class's: sm2-dh+sm2" "$T/out" &&
		ok || bad "plan --backend gmssl takes GmSSL's own signature: $(tail -5 "$T/out")"
	if command -v python3 >/dev/null 2>&1; then
		"$CB" plan "$T/gm.json" --handshakes 1000 --backend gmssl --format json >"$T/gm-plan.json" &&
			python3 - "$T/gm-plan.json" <<'PY' && ok || bad "the JSON plan's signature step is the stack's"
import json, sys
c = [c for c in json.load(open(sys.argv[1]))["combinations"] if c["name"] == "sm2-dh+sm2"][0]
signs = [(s["side"], s["algorithm"], s["operation"]) for s in c["steps"] if s["side"] == "server"]
assert ("server", "tls13-sm2-sm2", "sign-cold") in signs and not any(a == "sm2-sign" for _, a, _ in signs), signs
assert ("server", "tls13-sm2-sm2", "share-cold") in signs and not any(a == "sm2-dh" for _, a, _ in signs), signs
PY
	fi
fi
# Where BoringSSL is built: its key share and signature are C++ inside
# libssl; named, they are left out with that reason.
if "$CB" run --quick --no-progress tls13-x25519-ecdsa-p256 --backend boringssl --ops share-cold,sign-cold >"$T/out" 2>&1 &&
	! grep -q 'unavailable' "$T/out"; then
	grep -q 'does not time its key share alone' "$T/out" && grep -q 'does not time its CertificateVerify signature alone' "$T/out" &&
		ok || bad "sign-cold and share-cold of a stack without them are left out with the reason: $(cat "$T/out")"
fi
expect 0 '' "$CB" run --help
grep -q -- '--sizes' "$T/out" && ok || bad "run --help documents --sizes"
expect 0 '' "$CB" list
grep -q 'sha256' "$T/out" && ok || bad "list shows sha256"
grep -q '^gm' "$T/out" && ok || bad "list groups by family"
expect 0 '' "$CB" list --names
grep -qx 'aes-256-gcm' "$T/out" && ok || bad "list --names prints bare names"
expect 0 '' "$CB" list --backends
grep -Eq '^openssl +openssl +3\.' "$T/out" && grep -q '^builtin ' "$T/out" && ok || bad "list --backends names each backend with its version"
grep -q '^mlkem-native-avx2 ' "$T/out" && grep -q '^pqcrystals-ref ' "$T/out" && ok || bad "list --backends names the comparison backends, built or not"
# --backend takes a prefix ending at a dash: both mlkem-native backends (passed or not built).
expect 0 '' "$CB" verify mlkem768 --backend mlkem-native
grep -q ' mlkem-native-c ' "$T/out" && grep -q ' mlkem-native-avx2 ' "$T/out" && ! grep -q ' builtin ' "$T/out" && ok || bad "--backend mlkem-native selects mlkem-native-c and mlkem-native-avx2 only: $(cat "$T/out")"
# Without --backend, a comparison backend not built is left out of verify and run.
expect 0 '' "$CB" verify mlkem768
! grep -q 'not built' "$T/out" && ok || bad "verify without --backend leaves out backends not built: $(cat "$T/out")"

# Bad input: one clear line, documented status, nothing measured.
expect 2 'unknown algorithm' "$CB" run --quick no-such-alg
expect 2 'did you mean: sha256' "$CB" run --quick sha265
expect 2 'unknown operation' "$CB" run --quick sha256 --ops sign
expect 2 'bad message size' "$CB" run --quick sha256 --sizes 12X
expect 2 'bad message size' "$CB" run --quick sha256 --sizes ,
expect 2 'bad thread count' "$CB" run --quick sha256 --threads 0
expect 2 'bad thread count' "$CB" run --quick sha256 --threads two
expect 2 'bad value' "$CB" run --quick sha256 --time -1
expect 2 'unknown format' "$CB" run --quick sha256 --format xml
expect 2 'unknown option' "$CB" run --quick sha256 --frobnicate
expect 2 'needs a value' "$CB" run sha256 --sizes
expect 2 'bad CPU list' "$CB" run --quick sha256 --pin x
expect 2 'cannot read suite' "$CB" run --suite no-such-suite
expect 2 'cannot tell the format' "$CB" run --quick sha256 -o "$T/out.xyz"
expect 1 'cannot write' "$CB" run --quick sha256 -o "$T/no/such/dir/r.json"
[ ! -e "$T/no" ] && ok || bad "a failed output left something behind"

# A real quick run: JSON, CSV and Markdown files, table on stdout.
expect 0 '' "$CB" run --quick --no-progress --backend openssl sha256 aes-128-gcm --sizes 64,1K -o "$T/r.json" -o "$T/r.csv" -o "$T/r.md"
[ ! -s "$T/out" ] && ok || bad "-o without --format keeps stdout quiet"
ls "$T" | grep -q tmp && bad "temporary files left behind" || ok
if command -v python3 >/dev/null 2>&1; then
	python3 - "$T/r.json" <<'PY' && ok || bad "JSON output has the documented fields"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema_version"] == 2, d.get("schema_version")
ctx = d["context"]
for k in ("cpu_model", "cores_online", "counter", "kernel", "compiler", "libraries", "timestamp", "schedule", "reference"):
    assert k in ctx, k
sch = ctx["schedule"]
assert sch["interleaved"] is True and sch["rounds"] >= 6 and sch["partial"] is False, sch
ref = ctx["reference"]
assert ref["median_ns"] > 0 and len(ref["rounds"]) == sch["rounds"], ref
rs = d["results"]
assert len(rs) == 6, len(rs)   # sha256 digest x2 sizes, aes-128-gcm enc/dec x2 sizes
for r in rs:
    for k in ("algorithm", "backend", "implementation", "operation", "message_bytes", "threads", "status",
              "samples", "ops_per_sec", "ns_per_op", "bytes_per_sec", "sizes"):
        assert k in r, k
    assert r["status"] == "ok", r
    ns = r["ns_per_op"]
    assert ns["ci95_low"] <= ns["median"] <= ns["ci95_high"], ns
    e = r["estimate"]
    assert e["method"] == "rounds" and e["ci95_low"] <= e["ns_per_op"] <= e["ci95_high"], e
    assert len(r["rounds"]) == sch["rounds"] and all(v is None or v > 0 for v in r["rounds"]), r["rounds"]
    assert abs(r["ops_per_sec"] * e["ns_per_op"] / 1e9 - 1) < 1e-9
    assert r["ops_per_sec"] > 0 and r["bytes_per_sec"] > 0
    assert r["message_bytes"] in (64, 1024)
g = [r for r in rs if r["algorithm"] == "aes-128-gcm" and r["message_bytes"] == 64][0]
assert g["sizes"]["ciphertext"] == 80 and g["sizes"]["overhead"] == 16, g["sizes"]
PY
else
	echo "note: python3 missing, JSON field check skipped" >&2
fi
head -1 "$T/r.csv" | grep -q 'algorithm' && ok || bad "CSV has a header"
[ "$(wc -l <"$T/r.csv")" -eq 7 ] && ok || bad "CSV has one row per result"
grep -q '^|' "$T/r.md" && ok || bad "Markdown has a table"

expect 0 '' "$CB" run --quick --no-progress sha256 --sizes 64 --format csv
grep -q '^sha256,' "$T/out" && ok || bad "--format csv on stdout"

# SM2 user identity, per-class sizes, fixed-duration runs.
expect 0 '' "$CB" run --quick --no-progress sm2-sign --ops sign --sm2-id ALICE123@YAHOO.COM --format csv
grep -q '^sm2-sign,.*,ok,' "$T/out" && ok || bad "--sm2-id: signing with a chosen ID works"
expect 0 '' "$CB" run --quick --no-progress rsa2048-pkcs1 aes-128-ctr --ops encrypt --sizes 1K --pke-sizes 32 --format csv
grep -q '^rsa2048-pkcs1,.*,encrypt,32,1,ok,' "$T/out" && ok || bad "--pke-sizes applies to pke"
grep -q '^aes-128-ctr,.*,encrypt,1024,1,ok,' "$T/out" && ok || bad "--sizes applies to ciphers"
expect 0 '' "$CB" run --quick --no-progress rsa2048-pkcs1 --ops encrypt --sizes 4K --format csv
grep -q ',unsupported,' "$T/out" && ok || bad "an RSA message longer than the key is reported unsupported"
# ... left out of the plan: marked in the JSON, a line of its own under the table, no row (issue 24)
expect 0 '' "$CB" run --quick --no-progress rsa2048-pkcs1 --backend openssl --ops encrypt --sizes 128,4K --format table -o "$T/lo.json"
grep -q '^left out: rsa2048-pkcs1 (openssl) encrypts at most 245 bytes: the 4 KiB size was left out (encrypt)$' "$T/out" &&
	! grep -q 'unsupported' "$T/out" && ok || bad "the 4 KiB RSA case is not one line under the table: $(cat "$T/out")"
grep -q '"left_out": true' "$T/lo.json" && grep -q '"error": "encrypts at most 245 bytes"' "$T/lo.json" && ok ||
	bad "the left-out case is not marked in the JSON"
grep -q '"mode": "quick"' "$T/lo.json" && ok || bad "the JSON does not say the run was quick"
expect 0 '' "$CB" run --no-progress sha256 --sizes 16 --min-time 0.3 --time 0.3 --format json
if command -v python3 >/dev/null 2>&1; then
	python3 -c '
import json,sys
r=json.load(open(sys.argv[1]))["results"][0]
assert r["seconds"] >= 0.29, r["seconds"]
' "$T/out" && ok || bad "--min-time keeps sampling for the given time"
fi
expect 2 'bad value' "$CB" run --quick sha256 --min-time x

# Selectors: prefix groups, wildcards, families.
expect 0 '' "$CB" list --names 'aes-*-gcm'
[ "$(wc -l <"$T/out")" -eq 2 ] && ok || bad "wildcard aes-*-gcm picks two: $(cat "$T/out")"
expect 0 '' "$CB" list --names sm2
grep -q 'sm2-sign' "$T/out" && grep -q 'sm2-enc-c1c3c2' "$T/out" && ok || bad "prefix sm2 picks the SM2 family"
expect 0 '' "$CB" list --names rsa2048-pkcs1
[ "$(cat "$T/out")" = "rsa2048-pkcs1" ] && ok || bad "a full name picks only that algorithm: $(cat "$T/out")"
expect 0 '' "$CB" list --names rsa2048
[ "$(wc -l <"$T/out")" -eq 6 ] && ok || bad "prefix rsa2048 picks the six RSA-2048 schemes"

# Threads and scaling.
expect 0 '' "$CB" run --quick --no-progress --backend openssl sha256 --sizes 64 --threads 1,2 --format json
if command -v python3 >/dev/null 2>&1; then
	python3 -c '
import json,sys
d=json.load(open(sys.argv[1])); rs=d["results"]
assert [r["threads"] for r in rs]==[1,2], rs
assert rs[1]["scaling"] is not None and rs[1]["scaling"] > 0, rs[1]
' "$T/out" && ok || bad "threads 1,2 report scaling"
fi

# compare: two runs, exit statuses.
expect 0 '' "$CB" run --quick --no-progress sha256 sm3 --sizes 64 -o "$T/old.json"
expect 0 '' "$CB" compare "$T/old.json" "$T/old.json"
grep -q 'verdict' "$T/out" && grep -q '^sha256 .* ~$' "$T/out" && ok || bad "compare of a run with itself shows no change"
if command -v python3 >/dev/null 2>&1; then
	# The same run with sha256 made three times slower, CI included.  Both
	# files get a steady machine (reference spread 2%): a quick run on a
	# loaded machine (the sanitizer build beside other tests) can measure
	# a spread that makes compare call even a threefold change noise, which
	# is right for that run but not what this test is about.
	python3 - "$T/old.json" "$T/new.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["context"]["reference"]["spread"] = 0.02
json.dump(d, open(sys.argv[1], "w"))
for r in d["results"]:
    if r["algorithm"] == "sha256":
        for k in ("median", "mean", "ci95_low", "ci95_high"):
            r["ns_per_op"][k] *= 3
        for k in ("ns_per_op", "ci95_low", "ci95_high"):
            r["estimate"][k] *= 3
        r["rounds"] = [None if v is None else v * 3 for v in r["rounds"]]
        r["ops_per_sec"] /= 3
json.dump(d, open(sys.argv[2], "w"))
PY
	expect 0 '' "$CB" compare "$T/old.json" "$T/new.json"
	grep -q '^sha256 .*slower$' "$T/out" && ok || bad "compare flags a threefold slowdown: $(cat "$T/out")"
	expect 3 '' "$CB" compare --fail-on-slower "$T/old.json" "$T/new.json"
	expect 0 '' "$CB" compare --format json "$T/old.json" "$T/new.json"
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert any(c["verdict"]=="slower" for c in d["changes"])' "$T/out" && ok || bad "compare --format json"
fi
expect 2 'two run files' "$CB" compare "$T/old.json"
expect 1 'cannot read' "$CB" compare "$T/old.json" "$T/missing.json"
echo '{"hello": 1}' >"$T/other.json"
expect 1 'not a cryptobench run' "$CB" compare "$T/old.json" "$T/other.json"
expect 2 'bad value' "$CB" compare --threshold x "$T/old.json" "$T/old.json"

# report: a saved run rendered again, as HTML with charts.
expect 0 '' "$CB" report "$T/old.json" -o "$T/r.html"
grep -q '<svg' "$T/r.html" && grep -q '</html>' "$T/r.html" && ok || bad "report writes an HTML page with charts"
expect 0 '' "$CB" report "$T/old.json" --format md
grep -q '^| sha256 ' "$T/out" && ok || bad "report --format md"
expect 1 'cannot read' "$CB" report "$T/missing.json"
expect 2 'cannot tell the format' "$CB" report "$T/old.json" -o "$T/r.pdf"

# plan: cores for a target rate.
expect 0 '' "$CB" plan "$T/old.json" --rate 1e9 --headroom 0
grep -q '^sha256 ' "$T/out" && ok || bad "plan lists sha256"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$T/old.json" "$T/out" <<'PY' && ok || bad "plan computes ceil(rate / ops per core)"
import json, math, sys
r = [x for x in json.load(open(sys.argv[1]))["results"] if x["algorithm"] == "sha256"][0]
want = math.ceil(1e9 / r["ops_per_sec"])
line = [l for l in open(sys.argv[2]) if l.startswith("sha256 ")][0]
assert int(line.split()[-1]) == want, (line, want)
PY
fi
expect 2 'target rate' "$CB" plan "$T/old.json"
expect 2 'bad value' "$CB" plan "$T/old.json" --rate -5
expect 1 'cannot read' "$CB" plan "$T/missing.json" --rate 10
# Known-answer tests: verify, and the kat field of run.
expect 0 '' "$CB" verify --backend openssl sm3 aes-128-gcm
grep -q '^pass  sm3 .*2 vectors (GB/T 32905-2016 Annex A' "$T/out" && ok || bad "verify sm3 passes: $(cat "$T/out")"
grep -q '^pass  aes-128-gcm ' "$T/out" && ok || bad "verify aes-128-gcm passes: $(cat "$T/out")"
grep -q '^known answers: 2 passed, 0 FAILED' "$T/out" && ok || bad "verify prints a summary line"
expect 2 'unknown algorithm' "$CB" verify no-such
expect 2 '' "$CB" verify --no-such-option
expect 0 '' "$CB" verify --help
grep -q 'usage: cryptobench verify' "$T/out" && ok || bad "verify --help prints usage"
expect 0 '' "$CB" verify rsa2048-pkcs1
grep -q '^none  rsa2048-pkcs1 .*round-trip self-check only' "$T/out" && ok || bad "verify rsa2048-pkcs1 says none"
expect 0 '' "$CB" run --quick --no-progress sha256 --format json
grep -q '"kat": "pass"' "$T/out" && ok || bad "run results carry kat pass"
expect 0 '' "$CB" run --quick --no-progress --backend openssl sha256 sm2-dh --ops digest,derive --sizes 64
grep -q '^known answers: 1 implementation passed; none for: sm2-dh (round-trip self-check only)' "$T/out" && ok || bad "table has the known-answers line: $(cat "$T/out")"

# Rounds: the schedule options, help text, the ratio column, --verbose.
expect 0 '' "$CB" run --help
grep -q '%%' "$T/out" && bad "run --help prints a doubled percent sign" || ok
grep -q -- '--rounds N' "$T/out" && grep -q -- '--no-interleave' "$T/out" && grep -q -- '--baseline' "$T/out" && ok || bad "run --help lists the round options"
expect 0 '' "$CB" compare --help
grep -q '%%' "$T/out" && bad "compare --help prints a doubled percent sign" || ok
expect 0 '' "$CB" run --quick --no-progress sha256 sm3 --sizes 64 --rounds 7 --format json
python3 -c '
import json,sys
d=json.load(open(sys.argv[1])); s=d["context"]["schedule"]
assert s["rounds"] <= 7 and s["interleaved"] is True, s
assert all(len(r["rounds"]) == s["rounds"] for r in d["results"] if r["status"] != "unavailable")
' "$T/out" && ok || bad "--rounds sets the rounds"
expect 0 '' "$CB" run --quick --no-progress sha256 sm3 --sizes 64 --no-interleave --format json
python3 -c '
import json,sys
d=json.load(open(sys.argv[1])); assert d["context"]["schedule"]["interleaved"] is False
' "$T/out" && ok || bad "--no-interleave is recorded"
expect 2 'bad value' "$CB" run --quick sha256 --rounds 0
expect 2 'bad value' "$CB" run --quick sha256 --rounds 201
expect 2 'whole number' "$CB" run --quick sha256 --rounds 2.5
expect 0 '' "$CB" run --quick --no-progress --backend openssl,nettle sha256 sm3 --sizes 64 -o "$T/pair.json"
expect 0 '' "$CB" report "$T/pair.json"
grep -q '^sha256 *nettle .*[0-9]±[0-9.]*%$' "$T/out" && ok || bad "the second backend gets a paired ratio: $(cat "$T/out")"
grep -q '^sm3 *openssl .* 1$' "$T/out" && ok || bad "the first backend is the baseline"
grep -q 'rounds in random order' "$T/out" && ok || bad "the table says how it was measured"
grep -c '^! noisy' "$T/out" | grep -q '^0$' && ok || bad "no per-case noise lines without --verbose"
expect 0 '' "$CB" report "$T/pair.json" --baseline sm3@openssl
grep -q '^sha256 *openssl .*[0-9]±[0-9.]*%$' "$T/out" && ok || bad "--baseline: sha256 against sm3 of the same size"
expect 0 '' "$CB" report "$T/pair.json" --ratio sha256@openssl:digest:64/sm3@openssl:digest
grep -q '^sha256@openssl:digest:64/sm3@openssl:digest = [0-9.]* \[[0-9.]*, [0-9.]*\] (time ratio, 95% interval, [0-9]* rounds paired)$' "$T/out" && ok || bad "report --ratio: $(cat "$T/out")"
expect 2 'no measured case' "$CB" report "$T/pair.json" --ratio sha256:digest/nosuch:digest
expect 2 'needs A/B' "$CB" report "$T/pair.json" --ratio sha256:digest
expect 2 'needs ALG' "$CB" report "$T/pair.json" --ratio sha256/sm3

# No fixed limit on words: 600 selectors, and a suite of 3000 words.
expect 0 '' "$CB" run --quick --no-progress --backend openssl $(yes sha256 | head -600) --sizes 64 --format csv
[ "$(grep -c '^sha256,' "$T/out")" -eq 1 ] && ok || bad "600 selectors of one name measure it once"
yes 'sm3 --sizes 64' | head -1500 >"$T/big.suite"
expect 0 '' "$CB" run --quick --no-progress --backend openssl --suite "$T/big.suite" --format csv
grep -q '^sm3,' "$T/out" && ok || bad "a suite of 3000 words runs"

# An output never replaces an input, nor another output (by inode, not spelling).
cp "$T/pair.json" "$T/in.json"
ln "$T/in.json" "$T/hard.json"
expect 2 'is the input' "$CB" report "$T/in.json" -o "$T/in.json"
expect 2 'is the input' "$CB" report "$T/in.json" -o "$T/hard.json"
expect 2 'is the input' "$CB" report "$T/in.json" -o "$T/../$(basename "$T")/in.json"
ln -s in.json "$T/sym.json"
expect 2 'is the input' "$CB" report "$T/in.json" -o "$T/sym.json"
expect 2 'is the input' "$CB" report "$T/sym.json" -o "$T/hard.json"
expect 2 'is the input' "$CB" report "$T/in.json" -o "$T/rep.md" -o "$T/in.json"
[ ! -e "$T/rep.md" ] && ok || bad "a refused report wrote its other output"
cmp -s "$T/in.json" "$T/pair.json" && ok || bad "a refused report left its input changed"
[ -L "$T/sym.json" ] && ok || bad "a refused report replaced a link to its input"
# two outputs, one new file spelt two ways
mkdir "$T/sub"
expect 2 'are one file' "$CB" report "$T/in.json" -o "$T/rep.md" -o "$T/./rep.md"
expect 2 'are one file' "$CB" report "$T/in.json" -o "$T/sub/../rep.md" -o "$T/rep.md"
[ ! -e "$T/rep.md" ] && ok || bad "refused report outputs were written"
# report through a link to /dev/null, and to a FIFO
ln -s /dev/null "$T/null.md"
expect 0 '' "$CB" report "$T/in.json" -o "$T/null.md"
[ -c /dev/null ] && [ -L "$T/null.md" ] && ok || bad "report through a link to /dev/null replaced the link or the device"
mkfifo "$T/fifo.md"
cat "$T/fifo.md" >"$T/from-fifo.md" &
catpid=$!
expect 0 '' "$CB" report "$T/in.json" -o "$T/fifo.md"
wait "$catpid"
[ -p "$T/fifo.md" ] && grep -q 'sha256' "$T/from-fifo.md" && ok || bad "report to a FIFO is written through"
expect 2 'are one file' "$CB" run --quick sha256 -o "$T/same.json" -o "$T/same.json"
[ ! -e "$T/same.json" ] && ok || bad "refused outputs were written"

# Outputs: devices and FIFOs written through, symlinks honoured, folders refused up front.
ln -s /dev/null "$T/null.json"
expect 0 '' "$CB" run --quick --no-progress sha256 --sizes 64 -o "$T/null.json"
[ -c /dev/null ] && [ -L "$T/null.json" ] && ok || bad "/dev/null (through a link) is no longer a character device"
mkdir "$T/d.json"
expect 1 'Is a directory' "$CB" run --quick --no-progress sha256 --sizes 64 -o "$T/d.json"
grep -q 'known answers' "$T/out" && bad "a refused output was found only after the run" || ok
echo old >"$T/target.json"
ln -s "$T/target.json" "$T/link.json"
expect 0 '' "$CB" run --quick --no-progress sha256 --sizes 64 -o "$T/link.json"
[ -L "$T/link.json" ] && grep -q '"schema_version"' "$T/target.json" && ok || bad "a symlink's target is written, the link kept"
ln -s "$T/nowhere/x.json" "$T/dangling.json"
expect 1 'cannot write' "$CB" run --quick --no-progress sha256 --sizes 64 -o "$T/dangling.json"
mkfifo "$T/fifo.json"
cat "$T/fifo.json" >"$T/from-fifo" &
catpid=$!
expect 0 '' "$CB" run --quick --no-progress sha256 --sizes 64 -o "$T/fifo.json"
wait "$catpid"
[ -p "$T/fifo.json" ] && grep -q '"schema_version"' "$T/from-fifo" && ok || bad "a FIFO is written through and stays a FIFO"
# Wait (at most 60 s) until the run writing its progress to file $1 is measuring
# (its outputs checked, cases prepared), so that what follows happens mid-run
# however loaded the machine is.
wait_measuring() {
	n=0
	while [ $n -lt 600 ] && ! grep -q 'measuring: round [2-9]' "$1" 2>/dev/null; do
		sleep 0.1
		n=$((n + 1))
	done
}
# A late failure (the folder went away during the run): the results go to stdout.
mkdir "$T/gone"
"$CB" run --progress --backend openssl sha256 --sizes 64 --time 4 -o "$T/gone/r.json" >"$T/late.out" 2>"$T/late.err" &
pid=$!
wait_measuring "$T/late.err"
rm -rf "$T/gone"
wait "$pid"
got=$?
[ "$got" -eq 1 ] && grep -q 'standard output as JSON' "$T/late.err" && grep -q '"schema_version": 2' "$T/late.out" && ok || bad "a late write failure saves the results on stdout (exit $got): $(cat "$T/late.err")"

# Errors are one line, with the real reason.
head -c 1100000 /dev/zero | tr '\0' 'x' >"$T/huge.suite"
expect 2 'larger than 1 MiB' "$CB" run --suite "$T/huge.suite"
expect 2 'bad value' "$CB" run --quick sha256 --time x
[ "$(wc -l <"$T/err")" -eq 1 ] && ok || bad "a bad option value prints one line, not the usage: $(head -3 "$T/err")"

# Interrupted: the first SIGINT writes what was measured, marked partial, exit 130.
rm -f "$T/int.json"
"$CB" run --progress sha256 sm3 --sizes 64 --time 20 -o "$T/int.json" 2>"$T/err" &
pid=$!
wait_measuring "$T/err"
kill -INT "$pid"
wait "$pid"
got=$?
[ "$got" -eq 130 ] && ok || bad "an interrupted run exits 130, not $got"
grep -q 'interrupted' "$T/err" && ok || bad "an interrupted run says so: $(cat "$T/err")"
python3 -c '
import json,sys
d=json.load(open(sys.argv[1])); assert d["context"]["schedule"]["partial"] is True
assert any(r["status"] == "ok" for r in d["results"]), d["results"]
' "$T/int.json" && ok || bad "the interrupted run's JSON is written and marked partial"
ls "$T" | grep -q 'tmp' && bad "an interrupted run left a temporary file" || ok

# Cold operations and heap counting (Study A): verify-cold parses the public
# key and makes a fresh context per call; --memory counts allocations.
expect 0 '' "$CB" run --no-progress sm2-sign ed25519 --backend openssl --ops verify,verify-cold,sign-cold --memory --quick -o "$T/cold.json"
# sanitizer and fuzzing builds cannot count (their runtimes own malloc) and say so
counts=1
grep -q 'cannot count allocations' "$T/err" && counts=0
python3 -c '
import json,sys
counts=sys.argv[2]=="1"
d=json.load(open(sys.argv[1]))
r={(x["algorithm"],x["operation"]):x for x in d["results"]}
for a in ("sm2-sign","ed25519"):
    w,c=r[(a,"verify")],r[(a,"verify-cold")]
    assert w["status"]=="ok" and c["status"]=="ok", (w["status"],c["status"],c["error"])
    # a cold call parses a key and builds a context: it allocates more than a warm one
    if counts:
        assert c["allocs_per_op"] > w["allocs_per_op"] >= 0, (a,c["allocs_per_op"],w["allocs_per_op"])
        assert c["alloc_bytes_per_op"] > 0
    else:
        assert c["allocs_per_op"] is None
    s=r[(a,"sign-cold")]
    assert s["status"] in ("ok","unsupported"), s
    assert s["status"]=="ok" or "cannot import" in s["error"], s
' "$T/cold.json" "$counts" && ok || bad "cold verify and --memory give per-operation heap counts"
"$CB" run --no-progress sm2-sign --backend openssl --ops verify --quick -o "$T/warm.json" 2>/dev/null
python3 -c '
import json,sys
d=json.load(open(sys.argv[1]))
assert all(x["allocs_per_op"] is None for x in d["results"])
assert not any(x["operation"].endswith("-cold") for x in d["results"])
' "$T/warm.json" && ok || bad "without --memory and --ops naming them, no heap counts and no cold operations"
python3 -c '
import json,sys,os
d=json.load(open(sys.argv[1]))
linux=os.path.exists("/proc/self/clear_refs")
peak=d["context"]["peak_rss_bytes"]
assert peak is None or peak > 1<<20, peak
assert not linux or peak is not None, peak
for x in d["results"]:
    if x["status"]=="ok" and x["allocs_per_op"] is not None and linux:
        assert x["rss_growth_bytes"] is not None and 0 <= x["rss_growth_bytes"] < peak, x
w=json.load(open(sys.argv[2]))
assert all(x["rss_growth_bytes"] is None for x in w["results"])
' "$T/cold.json" "$T/warm.json" && ok || bad "--memory records the run peak resident set and each case RSS growth; without it, none"

# Threads only where --thread-ops says, pinned and unpinned side by side.
expect 2 'off, on or both' "$CB" run --quick sha256 --threads 2 --pin-workers sometimes
expect 2 'names no operation' "$CB" run --quick sha256 --threads 2 --thread-ops sign
expect 2 'names no operation' "$CB" run --quick ed25519 --threads 2 --thread-ops ed25519@nosuch:sign
expect 0 '' "$CB" run --quick --no-progress ed25519 --backend openssl,sodium --threads 1,2 \
	--thread-ops ed25519@sodium:sign --pin-workers both -o "$T/pin.json"
python3 -c '
import json,sys
rs=[(r["backend"],r["operation"],r["threads"],r["pinned"]) for r in json.load(open(sys.argv[1]))["results"]]
multi=sorted(x for x in rs if x[2]>1)
assert multi==[("sodium","sign",2,False),("sodium","sign",2,True)], rs
assert ("openssl","sign",1,False) in rs and ("sodium","verify",1,False) in rs, rs
assert len(rs)==len(set(rs)), rs
' "$T/pin.json" && ok || bad "--thread-ops and --pin-workers both plan exactly the named multi-thread cases, once pinned and once not"
"$CB" report "$T/pin.json" >"$T/pin.txt" && grep -q '^ed25519 .* sodium .* sign .* 2p ' "$T/pin.txt" &&
	grep -q 'workers pinned to CPUs against placed by the scheduler' "$T/pin.txt" && ok ||
	bad "the report shows the pinned case as 2p and the pinned / unpinned table: $(cat "$T/pin.txt")"

# --suite all: the three study suites in turn (here from CRYPTOBENCH_SUITES),
# each output FILE.EXT written per study as FILE-study-X.EXT.
mkdir "$T/suites" "$T/all"
for s in a b c; do echo "--title study-$s sha256 sm3 --sizes 64" >"$T/suites/study-$s.suite"; done
CRYPTOBENCH_SUITES="$T/suites" expect 0 'study-c (3 of 3)' "$CB" run --suite all --quick --no-progress \
	--backend openssl -o "$T/all/r.json" --output="$T/all/r.md" -o"$T/all/r.txt"
for s in a b c; do
	grep -q "\"title\": \"study-$s\"" "$T/all/r-study-$s.json" && [ -s "$T/all/r-study-$s.md" ] &&
		[ -s "$T/all/r-study-$s.txt" ] && ok || bad "--suite all wrote study-$s's outputs: $(ls "$T/all")"
done
[ ! -e "$T/all/r.json" ] && ok || bad "--suite all does not write the unsuffixed output"
rm "$T/suites/study-b.suite"
CRYPTOBENCH_SUITES="$T/suites" expect 2 'study-b.suite' "$CB" run --suite=all --quick --no-progress --backend openssl

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
