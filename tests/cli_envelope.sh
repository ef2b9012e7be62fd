#!/bin/sh
# `cryptobench seal` / `open`: round trips for KEM recipients and both AEADs,
# several recipients, stdin/stdout, modes; a modified, truncated or wrongly
# keyed envelope exits 4 and leaves the output as it was, with no
# temporary file behind; usage errors exit 2.
# usage: cli_envelope.sh <path to cryptobench>
CB=$1
[ -x "$CB" ] || { echo "usage: $0 <cryptobench>" >&2; exit 2; }
case $CB in /*) ;; *) CB=$PWD/$CB ;; esac
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
expect() {
	want=$1; what=$2; shift 2
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	if [ "$got" = "$want" ]; then ok; else bad "$what: exit $got, wanted $want"; cat "$T/err" >&2; fi
}
has() { if grep -qF -- "$2" "$T/err"; then ok; else bad "$1: message lacks '$2'"; cat "$T/err" >&2; fi; }
same() { if cmp -s "$1" "$2"; then ok; else bad "$1 and $2 differ"; fi; }
mode() { m=$(stat -c %a "$1"); if [ "$m" = "$2" ]; then ok; else bad "$1 has mode $m, wanted $2"; fi; }

head -c 150000 /dev/urandom >"$T/msg"
: >"$T/empty"
for alg in mlkem768 x25519mlkem768 secp256r1mlkem768 xwing sm2mlkem768 sm2-enc-kem; do
	expect 0 "$alg keygen" "$CB" kem keygen --alg $alg --ek "$T/$alg.ek" --dk "$T/$alg.dk"
	for aead in aes-256-gcm chacha20-poly1305 sm4-gcm; do
		if [ $aead = sm4-gcm ] && ! "$CB" list 2>/dev/null | grep -q "sm4-gcm .*gcrypt"; then continue; fi
		expect 0 "$alg $aead seal" "$CB" seal -r "$alg:$T/$alg.ek" --aead $aead --chunk 4K -i "$T/msg" -o "$T/$alg.env"
		mode "$T/$alg.env" 644
		expect 0 "$alg $aead open" "$CB" open -k "$alg:$T/$alg.dk" -i "$T/$alg.env" -o "$T/$alg.out"
		same "$T/msg" "$T/$alg.out"
		mode "$T/$alg.out" 600
	done
	expect 0 "$alg empty seal" "$CB" seal -r "$alg:$T/$alg.ek" -i "$T/empty" -o "$T/e.env"
	expect 0 "$alg empty open" "$CB" open -k "$alg:$T/$alg.dk" -i "$T/e.env" -o "$T/e.out"
	same "$T/empty" "$T/e.out"
done
# two recipients, standard input and output
"$CB" seal -r "xwing:$T/xwing.ek" -r "mlkem768:$T/mlkem768.ek" <"$T/msg" >"$T/two.env" 2>"$T/err" && ok || bad "seal to two recipients through stdin/stdout"
"$CB" open -k "mlkem768:$T/mlkem768.dk" <"$T/two.env" >"$T/two.out" 2>"$T/err" && ok || bad "open through stdin/stdout"
same "$T/msg" "$T/two.out"
expect 0 "open by the second recipient" "$CB" open -k "xwing:$T/xwing.dk" -i "$T/two.env" -o "$T/two.out2"
same "$T/msg" "$T/two.out2"

# two threads each way give back the input (the format does not depend on the count)
expect 0 "seal --threads 2" "$CB" seal -r "xwing:$T/xwing.ek" --chunk 1K --threads 2 -i "$T/msg" -o "$T/t2.env"
expect 0 "open --threads 2" "$CB" open -k "xwing:$T/xwing.dk" --threads 2 -i "$T/t2.env" -o "$T/t2.out"
same "$T/msg" "$T/t2.out"
expect 0 "open --threads 1 of a two-thread envelope" "$CB" open -k "xwing:$T/xwing.dk" -i "$T/t2.env" -o "$T/t1.out"
same "$T/msg" "$T/t1.out"
expect 2 "bad thread count" "$CB" open -k "xwing:$T/xwing.dk" --threads 0 -i "$T/t2.env"

# failures: exit 4, the output as it was, nothing left behind
# flip FILE OFFSET: the low bit of one byte flipped in place (setting a fixed
# byte would leave the file as it was once in 256 times)
flip() {
	fb=$(od -An -v -tu1 -j "$2" -N1 "$1" | tr -d ' ')
	printf "\\$(printf '%03o' $((fb ^ 1)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
echo "old content" >"$T/keep"
cp "$T/keep" "$T/keep.orig"
cp "$T/xwing.env" "$T/mod.env"
flip "$T/mod.env" 100000
expect 4 "modified chunk" "$CB" open -k "xwing:$T/xwing.dk" -i "$T/mod.env" -o "$T/keep"
has "modified chunk" "authentication failed"
same "$T/keep" "$T/keep.orig"
cp "$T/xwing.env" "$T/mod.env"
flip "$T/mod.env" 100
expect 4 "modified recipient block" "$CB" open -k "xwing:$T/xwing.dk" -i "$T/mod.env" -o "$T/keep"
same "$T/keep" "$T/keep.orig"
# a changed algorithm name: no block is this key's any more (exit 1), nothing written
cp "$T/xwing.env" "$T/mod.env"
flip "$T/mod.env" 20
expect 1 "modified recipient name" "$CB" open -k "xwing:$T/xwing.dk" -i "$T/mod.env" -o "$T/keep"
same "$T/keep" "$T/keep.orig"
# header: 18 fixed + name 1 + 5 + ct length 2 + 1120 + wrapped key 48 = 1194; chunks 4096 + 16
head -c $((1194 + 4112)) "$T/xwing.env" >"$T/trunc.env"
expect 4 "truncated at a chunk boundary" "$CB" open -k "xwing:$T/xwing.dk" -i "$T/trunc.env" -o "$T/keep"
same "$T/keep" "$T/keep.orig"
head -c 100000 "$T/xwing.env" >"$T/trunc.env"
expect 4 "truncated inside a chunk" "$CB" open -k "xwing:$T/xwing.dk" -i "$T/trunc.env" -o "$T/new.out"
[ ! -e "$T/new.out" ] && ok || bad "a failed open created its output"
"$CB" kem keygen --alg xwing --ek "$T/other.ek" --dk "$T/other.dk" 2>/dev/null
expect 4 "wrong key" "$CB" open -k "xwing:$T/other.dk" -i "$T/xwing.env" -o "$T/keep"
same "$T/keep" "$T/keep.orig"
expect 1 "no block for the algorithm" "$CB" open -k "mlkem768:$T/mlkem768.dk" -i "$T/xwing.env" -o "$T/keep"
has "no block for the algorithm" "no recipient block for mlkem768"
expect 1 "not an envelope" "$CB" open -k "xwing:$T/xwing.dk" -i "$T/msg" -o "$T/keep"
has "not an envelope" "is not an envelope"
same "$T/keep" "$T/keep.orig"
expect 1 "a key of the wrong size" "$CB" seal -r "xwing:$T/mlkem768.ek" -i "$T/msg" -o "$T/x.env"
has "a key of the wrong size" "xwing public keys are 1216 bytes"
if find "$T" -name '*.tmp*' | grep -q .; then bad "temporary files left"; else ok; fi

# RSA-OAEP and SM2 recipients, keys from `keygen` and from the OpenSSL command line.
expect 0 "keygen rsa-oaep" "$CB" keygen --alg rsa2048-oaep-sha256 -o "$T/rsa"
expect 0 "keygen rsa-oaep (other)" "$CB" keygen --alg rsa2048-oaep-sha256 -o "$T/eve"
if openssl genpkey -algorithm SM2 -out "$T/sm2.key" 2>/dev/null && openssl pkey -in "$T/sm2.key" -pubout -out "$T/sm2.pub" 2>/dev/null; then
	expect 0 "seal to rsa-oaep, sm2 and xwing" "$CB" seal -r "rsa2048-oaep-sha256:$T/rsa.pub" -r "sm2-enc-c1c3c2:$T/sm2.pub" \
		-r "xwing:$T/xwing.ek" -i "$T/msg" -o "$T/pke.env"
	for k in "rsa2048-oaep-sha256:$T/rsa" "sm2-enc-c1c3c2:$T/sm2.key" "xwing:$T/xwing.dk"; do
		rm -f "$T/pke.out"
		expect 0 "open by $k" "$CB" open -k "$k" -i "$T/pke.env" -o "$T/pke.out"
		cmp -s "$T/msg" "$T/pke.out" && ok || bad "open by $k gives the message back"
	done
	rm -f "$T/pke.bad"
	expect 4 "open with another RSA key" "$CB" open -k "rsa2048-oaep-sha256:$T/eve" -i "$T/pke.env" -o "$T/pke.bad"
	[ -e "$T/pke.bad" ] && bad "a failed open wrote its output" || ok
	expect 1 "open by an algorithm without a block" "$CB" open -k "sm2-enc-c1c2c3:$T/sm2.key" -i "$T/pke.env" -o "$T/pke.bad"
fi
expect 2 "PKCS#1 v1.5 refused as a recipient" "$CB" seal -r "rsa2048-pkcs1:$T/rsa.pub" -i "$T/msg" -o "$T/z.env"
expect 1 "a secret key file where a public one is expected" "$CB" seal -r "rsa2048-oaep-sha256:$T/nonexistent.pub" -i "$T/msg" -o "$T/z.env"
# usage
expect 2 "seal without recipients" "$CB" seal -i "$T/msg"
expect 2 "bad recipient spec" "$CB" seal -r "$T/xwing.ek" -i "$T/msg"
expect 2 "unknown AEAD" "$CB" seal -r "xwing:$T/xwing.ek" --aead rot13 -i "$T/msg"
expect 2 "bad chunk size" "$CB" seal -r "xwing:$T/xwing.ek" --chunk 3000 -i "$T/msg"
expect 2 "output over the input" "$CB" seal -r "xwing:$T/xwing.ek" -i "$T/msg" -o "$T/msg"
expect 2 "open without a key" "$CB" open -i "$T/xwing.env"
expect 0 "seal --help" "$CB" seal --help
expect 0 "open --help" "$CB" open --help
grep -q -- "--backend" "$T/out" && ok || bad "open --help lacks --backend"

# `keygen` for the KEMs and hybrids: KEY (0600, the raw decapsulation key)
# and KEY.pub (the raw encapsulation key), which seal -r / open -k take
for alg in mlkem768 mlkem1024 xwing x25519mlkem768 sm2mlkem768; do
	expect 0 "keygen $alg" "$CB" keygen --alg $alg -o "$T/kg-$alg.key"
	mode "$T/kg-$alg.key" 600
	mode "$T/kg-$alg.key.pub" 644
	expect 0 "kem keygen $alg (sizes)" "$CB" kem keygen --alg $alg --ek "$T/kk.ek" --dk "$T/kk.dk"
	[ "$(wc -c <"$T/kg-$alg.key.pub")" = "$(wc -c <"$T/kk.ek")" ] && ok || bad "keygen $alg: .pub is not the raw public key"
	[ "$(wc -c <"$T/kg-$alg.key")" = "$(wc -c <"$T/kk.dk")" ] && ok || bad "keygen $alg: KEY is not the raw secret key"
	expect 0 "seal to keygen's $alg key" "$CB" seal -r "$alg:$T/kg-$alg.key.pub" -i "$T/msg" -o "$T/kg.env"
	expect 0 "open with keygen's $alg key" "$CB" open -k "$alg:$T/kg-$alg.key" -i "$T/kg.env" -o "$T/kg.out"
	same "$T/msg" "$T/kg.out"
	expect 4 "$alg: another key" "$CB" open -k "$alg:$T/kk.dk" -i "$T/kg.env" -o "$T/kg.out2"
	[ -e "$T/kg.out2" ] && bad "$alg: wrong key left output" || ok
done

# --backend: the AEAD (and RSA/SM2 recipients) from a named backend; the
# envelope's bytes do not depend on it
expect 0 "seal --backend gcrypt" "$CB" seal -r "xwing:$T/kg-xwing.key.pub" --backend gcrypt --threads 2 -i "$T/msg" -o "$T/b.env"
expect 0 "open with the built-in AEAD" "$CB" open -k "xwing:$T/kg-xwing.key" -i "$T/b.env" -o "$T/b.out"
same "$T/msg" "$T/b.out"
expect 0 "open --backend openssl" "$CB" open -k "xwing:$T/kg-xwing.key" --backend openssl -i "$T/b.env" -o "$T/b.out2"
same "$T/msg" "$T/b.out2"
expect 2 "unknown backend" "$CB" seal -r "xwing:$T/kg-xwing.key.pub" --backend nope -i "$T/msg" -o "$T/z.env"
has "unknown backend" "unknown backend 'nope'"
expect 1 "a backend without the AEAD" "$CB" seal -r "xwing:$T/kg-xwing.key.pub" --backend builtin -i "$T/msg" -o "$T/z.env"
has "a backend without the AEAD" "has no usable aes-256-gcm"
[ -e "$T/z.env" ] && bad "a refused seal left output" || ok
expect 1 "open: a backend without the envelope's AEAD" "$CB" open -k "xwing:$T/kg-xwing.key" --backend builtin -i "$T/b.env" -o "$T/z.out"
has "open: a backend without the envelope's AEAD" "has no usable class of the envelope's AEAD"
[ -e "$T/z.out" ] && bad "a refused open left output" || ok

# `run` measures the envelope class: seal and open, self-checked, with
# --threads as the chunk workers of one envelope
expect 0 "run an envelope case" "$CB" run seal-xwing-aes-256-gcm --sizes 128,70000 --threads 1,2 --quick --no-progress --format json
if command -v python3 >/dev/null 2>&1; then
	python3 - "$T/out" <<'PY' && ok || bad "run: envelope results"
import json, sys
d = json.load(open(sys.argv[1]))
rs = [r for r in d["results"] if r["algorithm"] == "seal-xwing-aes-256-gcm"]
assert sorted({(r["operation"], r["message_bytes"], r["threads"]) for r in rs}) == \
    sorted({(o, m, t) for o in ("seal", "open") for m in (128, 70000) for t in (1, 2)}), rs
for r in rs:
    assert r["kind"] == "envelope" and r["status"] == "ok", r
    assert r["sizes"]["ciphertext"] > r["message_bytes"], r
    assert r["bytes_per_sec"] and r["bytes_per_sec"] > 0, r
    if r["threads"] > 1:
        assert "chunk workers" in r["notes"], r["notes"]
PY
fi
expect 0 "run --seal-sizes/--seal-threads" "$CB" run seal-mlkem768-chacha20-poly1305 aes-256-gcm --backend builtin,openssl --ops seal,encrypt --sizes 1K --seal-sizes 2K --seal-threads 2 --quick --no-progress --format csv
grep -q "seal-mlkem768-chacha20-poly1305,.*,seal,2048,2," "$T/out" && ok || bad "--seal-sizes/--seal-threads not applied"; 
grep -q "aes-256-gcm,.*,encrypt,1024,1," "$T/out" && ok || bad "--seal-sizes changed the other classes"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
