#!/bin/sh
# `cryptobench keygen / sig sign / sig verify` with ML-DSA (docs/MLDSA.md):
# for each set and each of the backends builtin and builtin-c, a key pair
# (private key 0600), a signature of the expected size, verified by both
# backends; a modified message and a flipped signature bit exit 4; a key of
# another set is refused; where liboqs is built, its ML-DSA vectors pass
# with its portable C forced (CRYPTOBENCH_OQS_MLDSA_IMPL=portable).
# usage: cli_mldsa.sh <path to cryptobench>
CB=$1
[ -x "$CB" ] || { echo "usage: $0 <cryptobench>" >&2; exit 2; }
case $CB in /*) ;; *) CB=$PWD/$CB ;; esac
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
expect() { # expect <status> <description> <command...>
	want=$1; what=$2; shift 2
	"$@" >out 2>err
	got=$?
	if [ "$got" = "$want" ]; then ok; else bad "$what: exit $got, wanted $want"; cat err >&2; fi
}
flipbyte() { # flipbyte <in> <out> <offset>
	x=$(od -An -v -tu1 -j "$3" -N1 "$1" | tr -d ' ')
	{ head -c "$3" "$1"; printf "\\$(printf '%03o' $((x ^ 1)))"; tail -c +$(($3 + 2)) "$1"; } >"$2"
}

head -c 1000 /dev/urandom >m
: >empty
cp m m2 && printf x >>m2
for set in 44:2420 65:3309 87:4627; do
	n=${set%:*}; siglen=${set#*:}; alg=mldsa$n
	for b in builtin builtin-c; do
		expect 0 "$b keygen $alg" "$CB" keygen --alg $alg --backend $b -o k$n$b
		m=$(stat -c %a k$n$b)
		if [ "$m" = 600 ]; then ok; else bad "k$n$b has mode $m"; fi
		for msg in m empty; do
			expect 0 "$b sign $alg $msg" "$CB" sig sign --alg $alg --backend $b --key k$n$b -i $msg -o s
			l=$(stat -c %s s)
			if [ "$l" = "$siglen" ]; then ok; else bad "$alg signature of $l bytes"; fi
			for v in builtin builtin-c; do
				expect 0 "$v verifies $b's $alg signature" "$CB" sig verify --alg $alg --backend $v --pub k$n$b.pub -i $msg --sig s
			done
		done
		expect 0 "$b sign $alg" "$CB" sig sign --alg $alg --backend $b --key k$n$b -i m -o s
		expect 4 "$b: another message" "$CB" sig verify --alg $alg --backend $b --pub k$n$b.pub -i m2 --sig s
		flipbyte s s.bad 100
		expect 4 "$b: a flipped signature bit" "$CB" sig verify --alg $alg --backend $b --pub k$n$b.pub -i m --sig s.bad
	done
done
expect 1 "an ML-DSA-44 key for mldsa65" "$CB" sig sign --alg mldsa65 --key k44builtin -i m -o s
# liboqs' portable ML-DSA, forced by CRYPTOBENCH_OQS_MLDSA_IMPL for timing builtin-c beside it: its vectors pass
if "$CB" list 2>/dev/null | grep -E '^ +mldsa65 +sig +oqs ' | grep -qv unavailable; then
	expect 0 "oqs portable ML-DSA vectors" env CRYPTOBENCH_OQS_MLDSA_IMPL=portable "$CB" verify --vectors --backend oqs mldsa44 mldsa65 mldsa87
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
