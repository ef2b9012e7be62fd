#!/bin/sh
# The generic layer's key and IV checks (issue 26, items 1, 2, 3, 11, 15, 16, 20),
# through every backend of this build that has the class: crafted keys
# made by tests/bad_keys.py from keys of `openssl genpkey` are refused by
# `sig sign`, `pke encrypt` / `decrypt` and `kex derive` with one line and
# status 1 or 2, nothing written, and no backend aborts (libgcrypt on
# d = 0) or signs with a faulty key (wolfSSL with a flipped dP).  The
# good keys still work on every backend (the checks refuse only what is
# wrong).
# usage: cli_keychecks.sh <path to cryptobench> <tests dir>
CB=$1
TD=$2
[ -x "$CB" ] && [ -d "$TD" ] || { echo "usage: $0 <cryptobench> <tests dir>" >&2; exit 2; }
case $CB in /*) ;; *) CB=$PWD/$CB ;; esac
case $TD in /*) ;; *) TD=$PWD/$TD ;; esac
command -v openssl >/dev/null 2>&1 || { echo "SKIP: no openssl command"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
# refused <what> <key file> <command...>: status 1 or 2, one line on
# stderr naming the key file, no output file (-o out added unless verify)
refused() {
	what=$1; file=$2; shift 2
	rm -f out
	case " $* " in
	*" verify "*) "$@" >/dev/null 2>err ;;
	*) "$@" -o out >/dev/null 2>err ;;
	esac
	got=$?
	case $got in
	1 | 2) ok ;;
	*) bad "$what: exit $got, wanted a refusal (1 or 2)"; head -3 err >&2 ;;
	esac
	if [ "$(wc -l <err)" = 1 ]; then ok; else bad "$what: $(wc -l <err) lines on stderr"; head -3 err >&2; fi
	if grep -qF -- "$file" err; then ok; else bad "$what: the message does not name $file"; cat err >&2; fi
	if [ -e out ]; then bad "$what: wrote an output"; else ok; fi
}
works() {
	what=$1; shift
	if "$@" -o out >/dev/null 2>err; then ok; else bad "$what: exit $?"; head -3 err >&2; fi
}
backends() { # backends <alg>: the backends of this build with the class
	"$CB" list | awk -v a="$1" '$1 == a && !/\[unavailable/ {print $3}'
}

openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -outform DER -out rsa.der 2>/dev/null &&
	openssl pkey -inform DER -in rsa.der -pubout -outform DER -out rsa.pub.der &&
	openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -outform DER -out rsa1024.der 2>/dev/null &&
	openssl pkey -inform DER -in rsa1024.der -pubout -outform DER -out rsa1024.pub.der &&
	openssl genpkey -algorithm X25519 -outform DER -out x25519.der 2>/dev/null &&
	openssl pkey -inform DER -in x25519.der -pubout -outform DER -out x25519.pub.der &&
	openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -outform DER -out p256.der 2>/dev/null &&
	openssl pkey -inform DER -in p256.der -pubout -outform DER -out p256.pub.der &&
	python3 "$TD/bad_keys.py" rsa.der . || { echo "FAIL: cannot make the keys" >&2; exit 1; }
printf 'a message' >m

# RSA (items 1, 2, 15, 20): every signing and encrypting class of RSA-2048
for alg in rsa2048-pkcs1-sha256 rsa2048-pss-sha256; do
	for b in $(backends $alg); do
		works "$alg $b good key" "$CB" sig sign --alg $alg --backend $b --key rsa.der -i m
		for k in rsa-dp-flip rsa-dq-flip rsa-qinv-flip rsa-d-wrong rsa-e1; do
			refused "$alg $b $k" $k.der "$CB" sig sign --alg $alg --backend $b --key $k.der -i m
		done
		refused "$alg $b 1024-bit key" rsa1024.der "$CB" sig sign --alg $alg --backend $b --key rsa1024.der -i m
		grep -qF "holds an RSA key of 1024 bits" err && ok || { bad "$alg $b: no 'holds an RSA key of 1024 bits'"; cat err >&2; }
		printf 'x' >sig
		for k in e1 e0 e2 e65536 eneg3 en+2 neven; do
			refused "$alg $b public $k" rsa-pub-$k.der "$CB" sig verify --alg $alg --backend $b --pub rsa-pub-$k.der -i m --sig sig
		done
	done
done
for alg in rsa2048-oaep-sha256 rsa2048-pkcs1; do
	for b in $(backends $alg); do
		works "$alg $b good public key" "$CB" pke encrypt --alg $alg --backend $b --pub rsa.pub.der -i m
		for k in e1 e0 e2 e65536 eneg3 en+2 neven; do
			refused "$alg $b public $k" rsa-pub-$k.der "$CB" pke encrypt --alg $alg --backend $b --pub rsa-pub-$k.der -i m
		done
		refused "$alg $b 1024-bit public key" rsa1024.pub.der "$CB" pke encrypt --alg $alg --backend $b --pub rsa1024.pub.der -i m
		grep -qF "holds an RSA key of 1024 bits" err && ok || { bad "$alg $b: no 'holds an RSA key of 1024 bits'"; cat err >&2; }
		"$CB" pke encrypt --alg $alg --backend $b --pub rsa.pub.der -i m -o ct 2>/dev/null
		for k in rsa-dp-flip rsa-d-wrong rsa-e1; do
			refused "$alg $b $k" $k.der "$CB" pke decrypt --alg $alg --backend $b --key $k.der -i ct
		done
	done
done

# EC private scalars outside [1, n-1] (items 11, 15)
for c in p256:ecdsa-p256:ecdh-p256 sm2:sm2-sign:; do
	curve=${c%%:*}; rest=${c#*:}; salg=${rest%%:*}; xalg=${rest#*:}
	for d in d0 dn dn1 dmax; do
		for b in $(backends $salg); do
			refused "$salg $b $d" $curve-$d.der "$CB" sig sign --alg $salg --backend $b --key $curve-$d.der -i m
		done
		[ -n "$xalg" ] || continue
		for b in $(backends $xalg); do
			refused "$xalg $b $d" $curve-$d.der "$CB" kex derive --alg $xalg --backend $b --key $curve-$d.der --peer p256.pub.der
		done
	done
done
for alg in sm2-enc-c1c3c2; do
	for b in $(backends $alg); do
		for d in d0 dn dmax; do
			printf 'x%.0s' $(seq 120) >ct
			refused "$alg $b $d" sm2-$d.der "$CB" pke decrypt --alg $alg --backend $b --key sm2-$d.der -i ct
		done
	done
done

# X25519 low-order and non-canonical peers: an all-zero secret (item 3)
for b in $(backends x25519); do
	works "x25519 $b good peer" "$CB" kex derive --alg x25519 --backend $b --key x25519.der --peer x25519.pub.der
	for p in zero one order8a order8b p-1 p p+1; do
		refused "x25519 $b peer $p" x25519-peer-$p.bin "$CB" kex derive --alg x25519 --backend $b --key x25519.der --peer x25519-peer-$p.bin
	done
done

# IV lengths (item 16): the row's length only, a usage error naming --iv-hex
K16=00112233445566778899aabbccddeeff
for c in aes-128-gcm:$K16 chacha20-poly1305:$K16$K16; do
	alg=${c%%:*}; key=${c#*:}
	for b in $(backends $alg); do
		works "$alg $b 12-byte IV" "$CB" cipher encrypt --alg $alg --backend $b --key-hex $key --iv-hex 000102030405060708090a0b -i m
		for iv in 00 0001020304050607 000102030405060708090a0b0c0d0e0f; do
			rm -f out
			"$CB" cipher encrypt --alg $alg --backend $b --key-hex $key --iv-hex $iv -i m -o out >/dev/null 2>err
			got=$?
			if [ $got = 2 ] && grep -qF -- "--iv-hex" err && [ ! -e out ]; then ok; else
				bad "$alg $b IV $iv: exit $got, wanted 2 blaming --iv-hex"; cat err >&2; fi
		done
	done
done

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
