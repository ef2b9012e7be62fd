#!/bin/sh
# Issue 26: files, descriptors, signals and limits, as a careless or hostile
# user meets them.  Each section names its item; every case failed before
# its fix.  Inputs are made here (no binary files in the repository).
# Usage: cli_defects.sh PATH/TO/cryptobench
# Prints "N passed, N failed" and exits non-zero on any failure.
set -u
CB=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
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

# same FILE COPY: FILE still has COPY's bytes
same() {
	if cmp -s "$1" "$2"; then ok; else bad "$3: '$1' changed"; cp "$2" "$1"; fi
}

no_temps() {
	if find "$T" -name '*.tmp*' | grep -q .; then
		bad "$1: temporary files left: $(find "$T" -name '*.tmp*' | head -3)"
		find "$T" -name '*.tmp*' -exec rm -f {} +
	else
		ok
	fi
}

"$CB" kem keygen --alg xwing --ek bob.pub --dk bob.key || exit 1
"$CB" keygen --alg ecdsa-p256 -o ec || exit 1
"$CB" keygen --alg rsa2048-oaep-sha256 -o rsa || exit 1
"$CB" keygen --alg sm2 -o sm2 || exit 1
"$CB" keygen --alg x25519 -o xk || exit 1
head -c 3000 /dev/urandom >msg
"$CB" seal -r xwing:bob.pub -i msg -o msg.cbs || exit 1
for f in bob.pub bob.key ec ec.pub rsa rsa.pub sm2 sm2.pub xk xk.pub msg msg.cbs; do cp "$f" "$f.orig"; done

# ---- item 4: every file a command reads is an input ----
expect 2 "output 'bob.key' is the input 'bob.key'" "$CB" open -k xwing:bob.key -i msg.cbs -o bob.key
same bob.key bob.key.orig "open -o its key"
expect 2 "output 'bob.pub' is the input 'bob.pub'" "$CB" seal -r xwing:bob.pub -i msg -o bob.pub
same bob.pub bob.pub.orig "seal -o its recipient's key"
expect 2 "output 'rsa.pub' is the input" "$CB" seal -r rsa2048-oaep-sha256:rsa.pub -i msg -o rsa.pub
same rsa.pub rsa.pub.orig "seal -o an RSA recipient's key"
"$CB" seal -r sm2-enc-c1c3c2:sm2.pub -i msg -o sm2.cbs || bad "seal to an SM2 key"
expect 2 "output 'sm2' is the input" "$CB" open -k sm2-enc-c1c3c2:sm2 -i sm2.cbs -o sm2
same sm2 sm2.orig "open -o its SM2 key"
expect 2 "output 'ec' is the input" "$CB" sig sign --alg ecdsa-p256 --key ec -i msg -o ec
expect 2 "output 'rsa.pub' is the input" "$CB" pke encrypt --alg rsa2048-oaep-sha256 --pub rsa.pub -i msg.orig -o rsa.pub
expect 2 "output 'xk.pub' is the input" "$CB" kex derive --alg x25519 --key xk --peer xk.pub -o xk.pub
for f in ec rsa.pub xk.pub; do same $f $f.orig "-o over a key file"; done

# ---- item 6: standard input is compared with the output ----
expect 2 "output 'msg' is standard input" sh -c '"$1" sig sign --alg ecdsa-p256 --key ec -o msg <msg' sh "$CB"
same msg msg.orig "sig sign -o msg < msg"
expect 2 "output 'msg' is standard input" sh -c '"$1" seal -r xwing:bob.pub -o msg <msg' sh "$CB"
same msg msg.orig "seal -o msg < msg"
expect 2 "output 'msg.cbs' is standard input" sh -c '"$1" open -k xwing:bob.key -o msg.cbs <msg.cbs' sh "$CB"
same msg.cbs msg.cbs.orig "open -o msg.cbs < msg.cbs"
expect 2 "output 'msg' is standard input" sh -c '"$1" cipher encrypt --alg aes-128-ctr --key-hex 000102030405060708090a0b0c0d0e0f --iv-hex 000102030405060708090a0b0c0d0e0f -o msg <msg' sh "$CB"
same msg msg.orig "cipher -o msg < msg"

# ---- item 10: standard input used twice ----
expect 2 "standard input is named twice" sh -c '"$1" seal -r xwing:- -o z.cbs <bob.pub' sh "$CB"
[ -e z.cbs ] && bad "seal -r xwing:- with standard input wrote z.cbs" || ok
expect 2 "standard input is named twice" sh -c '"$1" open -k xwing:- -o z <msg.cbs' sh "$CB"
expect 2 "standard input is named twice" sh -c '"$1" seal -r xwing:/dev/stdin -i - -o z.cbs <bob.pub' sh "$CB"

# ---- item 5: /dev/stdout, /dev/fd/N, /proc/self/fd/N are written through ----
for name in /dev/stdout /dev/fd/1 /proc/self/fd/1; do
	printf 'earlier line\n' >app.log
	chmod 644 app.log
	"$CB" open -k xwing:bob.key -i msg.cbs -o "$name" >>app.log || bad "open -o $name"
	{ printf 'earlier line\n'; cat msg; } >want.log
	same app.log want.log "open -o $name >> app.log kept its lines"
	[ "$(stat -c %a app.log)" = 644 ] && ok || bad "open -o $name made app.log $(stat -c %a app.log)"
done
printf 'earlier\n' >app3.log
"$CB" sig sign --alg ecdsa-p256 --key ec -i msg -o /dev/fd/3 3>>app3.log || bad "sig sign -o /dev/fd/3"
[ "$(head -n 1 app3.log)" = earlier ] && [ "$(wc -c <app3.log)" -gt 20 ] && ok || bad "-o /dev/fd/3 lost the append target"
expect 1 "cannot write '/dev/fd/9'" "$CB" sig sign --alg ecdsa-p256 --key ec -i msg -o /dev/fd/9
no_temps "-o through a descriptor"

# ---- item 21: output names of 246 to 255 bytes ----
for n in 246 250 255; do
	name=$(printf "%${n}s" | tr ' ' a)
	"$CB" seal -r xwing:bob.pub -i msg -o "$name" 2>err && [ -s "$name" ] && ok || bad "seal -o a $n-byte name: $(cat err)"
	"$CB" kem keygen --alg mlkem768 --ek "$name" --dk "${name%a}b" 2>err && ok || bad "kem keygen, $n-byte names: $(cat err)"
	rm -f "$name" "${name%a}b"
done
no_temps "long names"

# ---- item 8: the outputs of one command are committed as a unit ----
# ML-KEM's decapsulation key holds its encapsulation key at byte 1152 (FIPS 203 7.1).
mismatch=0
i=0
while [ $i -lt 50 ]; do
	"$CB" kem keygen --alg mlkem768 --ek ek --dk dk &
	p1=$!
	"$CB" kem keygen --alg mlkem768 --ek ek --dk dk &
	p2=$!
	wait $p1 $p2
	cmp -s -i 0:1152 -n 1184 ek dk || mismatch=$((mismatch + 1))
	i=$((i + 1))
done
[ $mismatch -eq 0 ] && ok || bad "two kem keygen at once left a mismatched pair $mismatch times in 50"
no_temps "concurrent keygen"
find "$T" -name '*.old' | grep -q . && bad "a kept-aside .old file was left" || ok

# ---- item 12: signals whose default action ends the process ----
if command -v mkfifo >/dev/null 2>&1; then
	dflt=
	env --default-signal true 2>/dev/null && dflt="env --default-signal"
	for sig in QUIT USR1 USR2 ALRM XCPU VTALRM PROF HUP TERM; do
		[ "$sig" = QUIT ] && [ -z "$dflt" ] && continue
		rm -f fifo sig.cbs
		mkfifo fifo
		# the writer keeps the FIFO open: seal waits for input with its temporary file made
		sleep 30 >fifo &
		w=$!
		# a background job of sh starts with SIGINT and SIGQUIT ignored (which the program keeps): reset
		$dflt "$CB" seal -r xwing:bob.pub -o sig.cbs <fifo 2>/dev/null &
		p=$!
		k=0
		while [ $k -lt 100 ] && ! ls sig.cbs.tmp* >/dev/null 2>&1; do sleep 0.05; k=$((k + 1)); done
		ls sig.cbs.tmp* >/dev/null 2>&1 || bad "SIG$sig: seal made no temporary file to remove"
		kill -s "$sig" $p
		wait $p
		st=$?
		kill $w 2>/dev/null
		wait $w 2>/dev/null
		[ $st -gt 128 ] && ok || bad "SIG$sig: seal exited $st, not by the signal"
		no_temps "SIG$sig"
		[ -e sig.cbs ] && bad "SIG$sig left sig.cbs" || ok
	done
	rm -f fifo
fi
# SIGXFSZ: over `ulimit -f`, one line that names the file and the limit
head -c 400000 /dev/zero >big
expect 1 "cannot write 'big.cbs': file too large (the file size limit, ulimit -f" sh -c 'ulimit -f 100; exec "$1" seal -r xwing:bob.pub -i big -o big.cbs' sh "$CB"
[ -e big.cbs ] && bad "ulimit -f left big.cbs" || ok
no_temps "ulimit -f"

# ---- item 18: a closed standard output or input ----
expect 1 "standard output: it is closed" sh -c '"$1" open -k xwing:bob.key -i msg.cbs >&-' sh "$CB"
expect 1 "standard output: it is closed" sh -c '"$1" seal -r xwing:bob.pub -i msg >&-' sh "$CB"
expect 1 "standard output: it is closed" sh -c '"$1" kem keygen --alg mlkem768 --ek - --dk dk2 >&-' sh "$CB"
expect 1 "standard output: it is closed" sh -c '"$1" list >&-' sh "$CB"
expect 1 "standard input: it is closed" sh -c '"$1" seal -r xwing:bob.pub -o c.cbs <&-' sh "$CB"
expect 1 "standard input: it is closed" sh -c '"$1" sig sign --alg ecdsa-p256 --key ec -o s.sig <&-' sh "$CB"
[ -e c.cbs ] || [ -e s.sig ] && bad "a closed standard input was read as empty" || ok

# ---- item 22: an input over the limit is refused before it is read ----
truncate -s 1100M huge
# ulimit -v proves the input is refused before it is read into memory;
# AddressSanitizer reserves terabytes of shadow at start and cannot run
# under it, so a sanitizer build checks the refusal alone.
vlimit='ulimit -v 600000;'
grep -q __asan_init "$CB" && vlimit=
expect 1 "'huge' is too large" sh -c "$vlimit"' exec "$1" sig sign --alg ecdsa-p256 --key ec -i huge -o h.sig' sh "$CB"
expect 1 "'huge' is too large" sh -c "$vlimit"' exec "$1" hash --alg sha256 -i huge' sh "$CB"
expect 1 "'standard input' is too large" sh -c "$vlimit"' exec "$1" cipher encrypt --alg aes-128-ctr --key-hex 000102030405060708090a0b0c0d0e0f --iv-hex 000102030405060708090a0b0c0d0e0f -o h.enc <huge' sh "$CB"
rm -f huge

# ---- items 9 and 23: a full disk (an 8 KiB tmpfs in a user and mount namespace) ----
cat >base.json <<'EOF'
{"schema_version": 2, "tool": "cryptobench", "context": {"hostname": "h", "counter": "none"},
 "results": [{"algorithm": "sha256", "kind": "hash", "backend": "openssl", "operation": "digest",
  "message_bytes": 16, "threads": 1, "status": "ok", "ops_per_sec": 1000000,
  "estimate": {"ns_per_op": 1000, "ci95_low": 990, "ci95_high": 1010, "method": "rounds"}}]}
EOF
mkdir full
if unshare -rm sh -c 'mount -t tmpfs -o size=8k tmpfs "$1"' sh "$T/full" 2>/dev/null; then
	unshare -rm sh -c '
		CB=$1 D=$2
		mount -t tmpfs -o size=8k tmpfs "$D/full" || exit 1
		cd "$D/full" || exit 1
		echo "the old report" >r.md
		"$CB" report "$D/base.json" -o r.md -o r.html 2>"$D/err9"
		echo $? >"$D/st9"
		cp r.md "$D/r9.md"
		ls -a >"$D/ls9"
		"$CB" seal -r xwing:"$D/bob.pub" -i "$D/big" -o out.cbs 2>"$D/err23"
		echo $? >"$D/st23"
		ls -a >>"$D/ls9"
	' sh "$CB" "$T"
	[ "$(cat st9)" = 1 ] && ok || bad "report on a full disk exited $(cat st9)"
	[ "$(cat r9.md)" = "the old report" ] && ok || bad "report on a full disk changed r.md: $(head -c 100 r9.md); $(cat err9)"
	grep -q "cannot write 'r.html': no space left on device" err9 && [ "$(wc -l <err9)" = 1 ] && ok ||
		bad "report on a full disk said: $(cat err9)"
	[ "$(cat st23)" = 1 ] && ok || bad "seal on a full disk exited $(cat st23)"
	grep -q "cannot write 'out.cbs': no space left on device" err23 && [ "$(wc -l <err23)" = 1 ] && ok ||
		bad "seal on a full disk said: $(cat err23)"
	grep -q 'tmp\|out.cbs\|r.html' ls9 && bad "a full disk left: $(tr '\n' ' ' <ls9)" || ok
else
	echo "SKIP: full-disk cases (no user namespace to mount a tmpfs in)"
fi

# ---- item 13: one round has no interval; compare and plan say when a run is partial or imprecise ----
"$CB" run sha256 --backend openssl --rounds 1 --quick -o r1.json >r1.txt 2>&1 || bad "run --rounds 1: $(tail -3 r1.txt)"
"$CB" report r1.json >r1.txt
grep -q 'none!' r1.txt && ok || bad "a one-round run shows an interval: $(grep sha256 r1.txt)"
grep -q '0\.0%' r1.txt && bad "a one-round run shows a 0.0% interval" || ok
grep -q '"precision": null' r1.json && ok || bad "run --rounds 1 wrote a precision"
"$CB" plan --rate 1000 r1.json | grep -q '^! r1.json: 1 of 1 cases have no interval (one round)' && ok ||
	bad "plan does not say a one-round run has no interval"
sed 's/"context": {/"context": {"precision_target": 0.01, "schedule": {"rounds": 40, "partial": true}, /' base.json >partial.json
sed 's/"status": "ok",/"status": "ok", "noisy": true, "precision": 0.2,/; s/"context": {/"context": {"precision_target": 0.01, /' base.json >noisy.json
"$CB" compare base.json partial.json >cmp.txt 2>&1
grep -q '^! partial.json is a partial run (interrupted)' cmp.txt && ok || bad "compare does not say a run is partial: $(cat cmp.txt)"
"$CB" plan --rate 1000 partial.json | grep -q '^! partial.json is a partial run' && ok || bad "plan does not say a run is partial"
"$CB" compare noisy.json base.json | grep -q '^! noisy.json: 1 of 1 cases missed the +-1.0% precision target' && ok ||
	bad "compare does not say a run missed its precision target"
"$CB" plan --rate 1000 noisy.json | grep -q '^! noisy.json: 1 of 1 cases missed the +-1.0% precision target' && ok ||
	bad "plan does not say a run missed its precision target"
"$CB" plan --rate 1000 base.json | grep -q '^!' && bad "plan warns about a complete, precise run" || ok

# ---- item 14: the results reader refuses values no run produces, naming the member ----
for bad_member in '"ops_per_sec": -1000' '"ops_per_sec": 0' '"ops_per_sec": 1e308' '"threads": 0' \
	'"estimate": {"ns_per_op": 1e80}' '"estimate": {"ns_per_op": 100, "ci95_low": 120, "ci95_high": 90}'; do
	printf '{"schema_version": 2, "tool": "cryptobench", "context": {}, "results": [{"algorithm": "a", "operation": "sign", "status": "ok", %s}]}' \
		"$bad_member" >forged.json
	m=$(printf '%s' "$bad_member" | sed 's/^"\([a-z_]*\)".*/\1/')
	expect 1 "result 1: member '$m" "$CB" report forged.json
	expect 1 "which no run produces" "$CB" compare forged.json base.json
	expect 1 "result 1: member '$m" "$CB" plan --rate 10 forged.json
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
