#!/bin/sh
# `cryptobench kem`: keygen / encaps / decaps on files, binary and hex, for
# each ML-KEM parameter set and each hybrid / SM2 KEM (docs/HYBRID.md);
# file modes; error exits and messages; the X-Wing draft's vector and the
# X25519 / P-256 halves of the TLS groups against `openssl pkeyutl`.
# usage: cli_kem.sh <path to cryptobench>
CB=$1
[ -x "$CB" ] || { echo "usage: $0 <cryptobench>" >&2; exit 2; }
case $CB in /*) ;; *) CB=$PWD/$CB ;; esac
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
# expect <status> <description> <command...>: run, keep stderr in $T/err
expect() {
	want=$1; what=$2; shift 2
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	if [ "$got" = "$want" ]; then ok; else bad "$what: exit $got, wanted $want"; cat "$T/err" >&2; fi
}
has() { # has <description> <fixed string>: $T/err contains it
	if grep -qF -- "$2" "$T/err"; then ok; else bad "$1: message lacks '$2'"; cat "$T/err" >&2; fi
}
mode() { # mode <file> <octal>
	m=$(stat -c %a "$1")
	if [ "$m" = "$2" ]; then ok; else bad "$1 has mode $m, wanted $2"; fi
}
same() { if cmp -s "$1" "$2"; then ok; else bad "$1 and $2 differ"; fi; }
differ() { if cmp -s "$1" "$2"; then bad "$1 and $2 are equal"; else ok; fi; }
flipbyte() { # flipbyte <in> <out> <offset>: copy with the low bit of one byte flipped
	b=$(od -An -v -tu1 -j "$3" -N1 "$1" | tr -d ' ')
	{ head -c "$3" "$1"; printf "\\$(printf '%03o' $((b ^ 1)))"; tail -c +$(($3 + 2)) "$1"; } >"$2"
}

for alg in mlkem512 mlkem768 mlkem1024; do
	D=$T/$alg
	mkdir "$D"
	# binary
	expect 0 "$alg keygen" "$CB" kem keygen --alg $alg --ek "$D/ek" --dk "$D/dk"
	expect 0 "$alg encaps" "$CB" kem encaps --alg $alg --ek "$D/ek" --ct "$D/ct" --ss "$D/ss1"
	expect 0 "$alg decaps" "$CB" kem decaps --alg $alg --dk "$D/dk" --ct "$D/ct" --ss "$D/ss2"
	same "$D/ss1" "$D/ss2"
	mode "$D/dk" 600; mode "$D/ss1" 600; mode "$D/ss2" 600; mode "$D/ek" 644; mode "$D/ct" 644
	# hex
	expect 0 "$alg keygen --hex" "$CB" kem keygen --alg $alg --ek "$D/ek.hex" --dk "$D/dk.hex" --hex
	expect 0 "$alg encaps --hex" "$CB" kem encaps --alg $alg --ek "$D/ek.hex" --ct "$D/ct.hex" --ss "$D/ss1.hex" --hex
	expect 0 "$alg decaps --hex" "$CB" kem decaps --hex --alg=$alg --dk="$D/dk.hex" --ct "$D/ct.hex" --ss "$D/ss2.hex"
	same "$D/ss1.hex" "$D/ss2.hex"
	mode "$D/dk.hex" 600; mode "$D/ss2.hex" 600
	if grep -qx '[0-9a-f]*' "$D/ss1.hex" && [ "$(wc -c <"$D/ss1.hex")" = 65 ]; then ok; else bad "ss1.hex is not 64 lower-case hex digits and a newline"; fi
	# hex input with whitespace gives the same secret
	fold -w 16 "$D/ct.hex" | sed 's/^/  /' >"$D/ct.spaced"
	expect 0 "$alg decaps spaced hex" "$CB" kem decaps --alg $alg --dk "$D/dk.hex" --ct "$D/ct.spaced" --ss "$D/ss3.hex" --hex
	same "$D/ss1.hex" "$D/ss3.hex"
	# flipped ciphertext bit: implicit rejection, exit 0, a different secret, no error message
	flipbyte "$D/ct" "$D/ctflip" 100
	od -An -v -tx1 "$D/ctflip" | tr -d ' \n' >"$D/ctflip.hex"
	od -An -v -tx1 "$D/dk" | tr -d ' \n' >"$D/dk.fromb"
	expect 0 "$alg decaps flipped ct" "$CB" kem decaps --alg $alg --dk "$D/dk.fromb" --ct "$D/ctflip.hex" --ss "$D/ssflip.hex" --hex
	if [ -s "$T/err" ]; then bad "$alg flipped ct printed: $(cat "$T/err")"; else ok; fi
	od -An -v -tx1 "$D/ss1" | tr -d ' \n' >"$D/ss1.fromb"; echo >>"$D/ss1.fromb"
	differ "$D/ss1.fromb" "$D/ssflip.hex"
done

D=$T/mlkem768
# wrong lengths: exit 1 with both sizes named
head -c 1087 "$D/ct" >"$T/short.ct"
expect 1 "short ciphertext" "$CB" kem decaps --alg mlkem768 --dk "$D/dk" --ct "$T/short.ct" --ss "$T/x"
has "short ciphertext" "is 1087 bytes; mlkem768 ciphertexts are 1088 bytes"
{ cat "$D/ek"; printf 'x'; } >"$T/long.ek"
expect 1 "long ek" "$CB" kem encaps --alg mlkem768 --ek "$T/long.ek" --ct "$T/x" --ss "$T/y"
has "long ek" "is 1185 bytes; mlkem768 encapsulation keys are 1184 bytes"
expect 1 "ek of another set" "$CB" kem encaps --alg mlkem512 --ek "$D/ek" --ct "$T/x" --ss "$T/y"
expect 1 "missing file" "$CB" kem encaps --alg mlkem768 --ek "$T/nonexistent" --ct "$T/x" --ss "$T/y"
has "missing file" "cannot read"
printf 'zz\n' >"$T/nothex"
expect 1 "bad hex" "$CB" kem encaps --alg mlkem768 --ek "$T/nothex" --ct "$T/x" --ss "$T/y" --hex
if [ -e "$T/x" ] || [ -e "$T/y" ]; then bad "outputs written after a failure"; else ok; fi
# an ek with a coefficient >= q (first coefficient 0xfff)
{ printf '\377\017'; tail -c +3 "$D/ek"; } >"$T/bad.ek"
expect 1 "unreduced ek" "$CB" kem encaps --alg mlkem768 --ek "$T/bad.ek" --ct "$T/x" --ss "$T/y"
has "unreduced ek" "is not a valid ML-KEM-768 encapsulation key: a coefficient is not reduced modulo q (FIPS 203 7.2)"
# a dk whose H(ek) was changed
flipbyte "$D/dk" "$T/bad.dk" 2336
differ "$D/dk" "$T/bad.dk"
expect 1 "dk hash check" "$CB" kem decaps --alg mlkem768 --dk "$T/bad.dk" --ct "$D/ct" --ss "$T/y"
has "dk hash check" "FIPS 203 7.3"
# usage errors: exit 2
expect 2 "unknown alg" "$CB" kem keygen --alg mlkem999 --ek "$T/a" --dk "$T/b"
has "unknown alg" "unknown algorithm 'mlkem999'"
expect 2 "unknown op" "$CB" kem frobnicate --alg mlkem768
expect 2 "unknown option" "$CB" kem keygen --alg mlkem768 --ek "$T/a" --dk "$T/b" --bogus
expect 2 "missing --dk" "$CB" kem keygen --alg mlkem768 --ek "$T/a"
expect 0 "help" "$CB" kem decaps --help
if grep -q "implicit-rejection" "$T/out"; then ok; else bad "decaps --help does not mention implicit rejection"; fi

# Outputs never replace what is not a regular file.  /dev/null is written
# through a link in $T (and directly only when not root: as root a
# regression would replace the real device); afterwards it is only looked at.
D=$T/mlkem768
ln -s /dev/null "$T/null"
expect 0 "decaps to a link to /dev/null" "$CB" kem decaps --alg mlkem768 --dk "$D/dk" --ct "$D/ct" --ss "$T/null"
if [ -L "$T/null" ] && [ -c /dev/null ] && [ "$(stat -c %a /dev/null)" = 666 ]; then ok; else bad "decaps through a link to /dev/null replaced the link or the device"; fi
expect 0 "encaps to links to /dev/null" "$CB" kem encaps --alg mlkem768 --ek "$D/ek.hex" --ct "$T/null" --ss - --hex
if [ "$(wc -c <"$T/out")" = 65 ] && [ -L "$T/null" ]; then ok; else bad "encaps --ss - writes the secret to stdout"; fi
if [ "$(id -u)" != 0 ]; then
	expect 0 "decaps to /dev/null" "$CB" kem decaps --alg mlkem768 --dk "$D/dk" --ct "$D/ct" --ss /dev/null
fi
[ -c /dev/null ] && ok || bad "/dev/null is no longer a character device"
mkfifo "$T/ss.fifo"
cat "$T/ss.fifo" >"$T/ss.from-fifo" &
catpid=$!
expect 0 "decaps to a FIFO" "$CB" kem decaps --alg mlkem768 --dk "$D/dk" --ct "$D/ct" --ss "$T/ss.fifo"
wait "$catpid"
if [ -p "$T/ss.fifo" ] && cmp -s "$T/ss.from-fifo" "$D/ss2"; then ok; else bad "a FIFO output is written through"; fi
# a FIFO and a file in one command: both written, the FIFO stays one
mkfifo "$T/ct.fifo"
cat "$T/ct.fifo" >"$T/ct.from-fifo" &
catpid=$!
expect 0 "encaps --ct to a FIFO" "$CB" kem encaps --alg mlkem768 --ek "$D/ek" --ct "$T/ct.fifo" --ss "$T/ss.withfifo"
wait "$catpid"
if [ -p "$T/ct.fifo" ] && [ "$(wc -c <"$T/ct.from-fifo")" = 1088 ] && [ "$(wc -c <"$T/ss.withfifo")" = 32 ]; then ok; else bad "encaps with a FIFO and a file"; fi
expect 0 "decaps of what came through the FIFO" "$CB" kem decaps --alg mlkem768 --dk "$D/dk" --ct "$T/ct.from-fifo" --ss "$T/ss.fromfifo2"
same "$T/ss.withfifo" "$T/ss.fromfifo2"
mkdir "$T/ss.dir"
expect 1 "decaps to a folder" "$CB" kem decaps --alg mlkem768 --dk "$D/dk" --ct "$D/ct" --ss "$T/ss.dir"
has "decaps to a folder" "cannot write '$T/ss.dir': is a directory"
[ -d "$T/ss.dir" ] && ok || bad "a folder output was replaced"
ln -s ss.dir "$T/ss.dirlink"
expect 1 "decaps to a link to a folder" "$CB" kem decaps --alg mlkem768 --dk "$D/dk" --ct "$D/ct" --ss "$T/ss.dirlink"
has "decaps to a link to a folder" "is a directory"
ln -s no-such-file "$T/ss.dangling"
expect 1 "decaps to a dangling link" "$CB" kem decaps --alg mlkem768 --dk "$D/dk" --ct "$D/ct" --ss "$T/ss.dangling"
has "decaps to a dangling link" "is a symbolic link to 'no-such-file', which does not exist"
if [ -L "$T/ss.dangling" ] && [ ! -e "$T/no-such-file" ]; then ok; else bad "a dangling link output was followed or replaced"; fi
# a link to a regular file: the target is replaced (mode 0600), the link stays
mkdir "$T/real"
echo old >"$T/real/ss"
chmod 644 "$T/real/ss"
ln -s real/ss "$T/ss.link"
expect 0 "decaps to a link to a file" "$CB" kem decaps --alg mlkem768 --dk "$D/dk" --ct "$D/ct" --ss "$T/ss.link"
if [ -L "$T/ss.link" ] && [ "$(readlink "$T/ss.link")" = real/ss ]; then ok; else bad "the output link was replaced"; fi
same "$T/real/ss" "$D/ss2"
mode "$T/real/ss" 600

# All outputs or none; never an output over an input or two outputs in one file.
expect 1 "keygen with the second output's folder missing" "$CB" kem keygen --alg mlkem768 --ek "$T/half.ek" --dk "$T/no/such/dk"
if [ ! -e "$T/half.ek" ]; then ok; else bad "keygen left the first output when the second failed"; fi
if [ -w /dev/full ]; then
	# the second output fails when written: the first, a file, is not there (and an old one unchanged)
	expect 1 "encaps with --ss to a full device" "$CB" kem encaps --alg mlkem768 --ek "$D/ek" --ct "$T/half.ct" --ss /dev/full
	has "encaps with --ss to a full device" "cannot write '/dev/full': no space left on device"
	if [ ! -e "$T/half.ct" ]; then ok; else bad "encaps left the ciphertext when the secret failed"; fi
	cp "$D/ek" "$T/old.ek"
	expect 1 "keygen with --dk to a full device" "$CB" kem keygen --alg mlkem768 --ek "$T/old.ek" --dk /dev/full --hex
	same "$T/old.ek" "$D/ek"
	expect 1 "encaps with --ct to a full device" "$CB" kem encaps --alg mlkem768 --ek "$D/ek" --ct /dev/full --ss "$T/half.ss"
	if [ ! -e "$T/half.ss" ]; then ok; else bad "encaps left the secret when the ciphertext failed"; fi
fi
expect 2 "keygen --ek X --dk X" "$CB" kem keygen --alg mlkem768 --ek "$T/x" --dk "$T/x"
has "keygen --ek X --dk X" "are one file"
if [ ! -e "$T/x" ]; then ok; else bad "keygen wrote a refused output"; fi
# one new file spelt two ways (by its folder's device and inode and its name)
mkdir "$T/sub"
expect 2 "keygen --ek ./X --dk X" "$CB" kem keygen --alg mlkem768 --ek "$T/./x" --dk "$T/x"
expect 2 "keygen --ek sub/../X --dk X" "$CB" kem keygen --alg mlkem768 --ek "$T/sub/../x" --dk "$T/x"
(cd "$T" && "$CB" kem keygen --alg mlkem768 --ek x --dk "$T/x" 2>"$T/err")
[ $? = 2 ] && ok || bad "keygen --ek x --dk \$T/x (relative and absolute) was accepted"
if [ ! -e "$T/x" ]; then ok; else bad "keygen wrote a refused output"; fi
expect 2 "encaps --ct and --ss, one new file spelt through another folder" "$CB" kem encaps --alg mlkem768 --ek "$D/ek" --ct "$T/sub/y" --ss "$T/real/../sub/y"
# existing outputs: by device and inode
cp "$D/ek" "$T/out1"
ln "$T/out1" "$T/out1.hard"
ln -s out1 "$T/out1.sym"
expect 2 "keygen --ek F --dk hard link of F" "$CB" kem keygen --alg mlkem768 --ek "$T/out1" --dk "$T/out1.hard"
expect 2 "keygen --ek F --dk symlink to F" "$CB" kem keygen --alg mlkem768 --ek "$T/out1.sym" --dk "$T/out1"
same "$T/out1" "$D/ek"
cp "$D/dk" "$T/dk.copy"
expect 2 "decaps --ss over the dk" "$CB" kem decaps --alg mlkem768 --dk "$T/dk.copy" --ct "$D/ct" --ss "$T/dk.copy"
has "decaps --ss over the dk" "is the input"
ln "$T/dk.copy" "$T/dk.link"
expect 2 "decaps --ss over a hard link of the dk" "$CB" kem decaps --alg mlkem768 --dk "$T/dk.copy" --ct "$D/ct" --ss "$T/dk.link"
ln -s dk.copy "$T/dk.sym"
expect 2 "decaps --ss over a symlink to the dk" "$CB" kem decaps --alg mlkem768 --dk "$T/dk.copy" --ct "$D/ct" --ss "$T/dk.sym"
expect 2 "decaps --ss over the dk, spelt another way" "$CB" kem decaps --alg mlkem768 --dk "$T/dk.copy" --ct "$D/ct" --ss "$T/sub/../dk.copy"
cp "$D/ct" "$T/ct.copy"
expect 2 "decaps --ss over the ct" "$CB" kem decaps --alg mlkem768 --dk "$T/dk.copy" --ct "$T/ct.copy" --ss "$T/ct.copy"
same "$T/ct.copy" "$D/ct"
if cmp -s "$T/dk.copy" "$D/dk"; then ok; else bad "a refused decaps changed the secret key"; fi
expect 2 "encaps --ct over the ek" "$CB" kem encaps --alg mlkem768 --ek "$D/ek" --ct "$D/ek" --ss "$T/ss.x"
if [ ! -e "$T/ss.x" ]; then ok; else bad "a refused encaps wrote its other output"; fi
# no temporary file is left anywhere
if find "$T" -name '*.tmp*' -o -name '*.old*' | grep -q .; then bad "temporary files left: $(find "$T" -name '*.tmp*' -o -name '*.old*')"; else ok; fi
[ -c /dev/null ] && ok || bad "/dev/null is no longer a character device"

# ---- hybrid and SM2 KEMs (docs/HYBRID.md): sizes are the wire sizes -------
HERE=$(cd "$(dirname "$0")" && pwd)
size() { s=$(wc -c <"$1"); if [ "$s" = "$2" ]; then ok; else bad "$1 is $s bytes, wanted $2"; fi; }
for spec in "x25519mlkem768 1216 2464 1120 64" "secp256r1mlkem768 1249 2432 1153 64" \
	"xwing 1216 32 1120 32" "sm2mlkem768 1249 2497 1153 32" "sm2-dhkem 65 97 65 32" \
	"sm2-enc-kem 65 97 129 32"; do
	set -- $spec
	alg=$1
	D=$T/$alg
	mkdir "$D"
	expect 0 "$alg keygen" "$CB" kem keygen --alg $alg --ek "$D/ek" --dk "$D/dk"
	expect 0 "$alg encaps" "$CB" kem encaps --alg $alg --ek "$D/ek" --ct "$D/ct" --ss "$D/ss1"
	expect 0 "$alg decaps" "$CB" kem decaps --alg $alg --dk "$D/dk" --ct "$D/ct" --ss "$D/ss2"
	same "$D/ss1" "$D/ss2"
	size "$D/ek" $2; size "$D/dk" $3; size "$D/ct" $4; size "$D/ss1" $5
	mode "$D/dk" 600; mode "$D/ss1" 600; mode "$D/ek" 644; mode "$D/ct" 644
	expect 0 "$alg keygen --hex" "$CB" kem keygen --alg $alg --ek "$D/ek.hex" --dk "$D/dk.hex" --hex
	expect 0 "$alg encaps --hex" "$CB" kem encaps --alg $alg --ek "$D/ek.hex" --ct "$D/ct.hex" --ss "$D/ss1.hex" --hex
	expect 0 "$alg decaps --hex" "$CB" kem decaps --alg $alg --dk "$D/dk.hex" --ct "$D/ct.hex" --ss "$D/ss2.hex" --hex
	same "$D/ss1.hex" "$D/ss2.hex"
	head -c $(($4 - 1)) "$D/ct" >"$D/short.ct"
	expect 1 "$alg short ciphertext" "$CB" kem decaps --alg $alg --dk "$D/dk" --ct "$D/short.ct" --ss "$T/x"
	has "$alg short ciphertext" "is $(($4 - 1)) bytes; $alg ciphertexts are $4 bytes"
	{ cat "$D/ek"; printf 'x'; } >"$D/long.ek"
	expect 1 "$alg long ek" "$CB" kem encaps --alg $alg --ek "$D/long.ek" --ct "$T/x" --ss "$T/y"
	has "$alg long ek" "is $(($2 + 1)) bytes; $alg encapsulation keys are $2 bytes"
done
if [ -e "$T/x" ] || [ -e "$T/y" ]; then bad "outputs written after a failure"; else ok; fi

# an X25519 share of low order (u = 0): refused in the client share and in the server share
D=$T/x25519mlkem768
{ head -c 1184 "$D/ek"; head -c 32 /dev/zero; } >"$T/low.ek"
expect 1 "x25519mlkem768 low-order client share" "$CB" kem encaps --alg x25519mlkem768 --ek "$T/low.ek" --ct "$T/x" --ss "$T/y"
has "x25519mlkem768 low-order client share" "is not a valid X25519MLKEM768 public key"
has "x25519mlkem768 low-order client share" "low order"
{ head -c 1088 "$D/ct"; head -c 32 /dev/zero; } >"$T/low.ct"
expect 1 "x25519mlkem768 low-order server share" "$CB" kem decaps --alg x25519mlkem768 --dk "$D/dk" --ct "$T/low.ct" --ss "$T/y"
has "x25519mlkem768 low-order server share" "is not a valid X25519MLKEM768 ciphertext"
{ head -c 1088 "$T/xwing/ct"; head -c 32 /dev/zero; } >"$T/low.xct"
expect 1 "xwing low-order ct_X" "$CB" kem decaps --alg xwing --dk "$T/xwing/dk" --ct "$T/low.xct" --ss "$T/y"
# the ML-KEM part with a coefficient >= q (FIPS 203 7.2)
{ printf '\377\017'; tail -c +3 "$D/ek"; } >"$T/unreduced.ek"
expect 1 "x25519mlkem768 unreduced ek" "$CB" kem encaps --alg x25519mlkem768 --ek "$T/unreduced.ek" --ct "$T/x" --ss "$T/y"
has "x25519mlkem768 unreduced ek" "modulus check (FIPS 203 7.2)"
# a P-256 point off the curve (y changed) and a compressed one
D=$T/secp256r1mlkem768
flipbyte "$D/ek" "$T/offcurve.ek" 64
expect 1 "secp256r1mlkem768 point off the curve" "$CB" kem encaps --alg secp256r1mlkem768 --ek "$T/offcurve.ek" --ct "$T/x" --ss "$T/y"
has "secp256r1mlkem768 point off the curve" "not an uncompressed point on the curve"
{ printf '\002'; tail -c +2 "$D/ct"; } >"$T/compressed.ct"
expect 1 "secp256r1mlkem768 compressed server share" "$CB" kem decaps --alg secp256r1mlkem768 --dk "$D/dk" --ct "$T/compressed.ct" --ss "$T/y"
flipbyte "$T/sm2mlkem768/ct" "$T/offcurve.sct" 1152
expect 1 "sm2mlkem768 C off the curve" "$CB" kem decaps --alg sm2mlkem768 --dk "$T/sm2mlkem768/dk" --ct "$T/offcurve.sct" --ss "$T/y"
# a flipped ML-KEM bit: implicit rejection (exit 0, another secret)
flipbyte "$T/xwing/ct" "$T/flip.xct" 10
expect 0 "xwing flipped ct_M" "$CB" kem decaps --alg xwing --dk "$T/xwing/dk" --ct "$T/flip.xct" --ss "$T/xwing/ssflip"
differ "$T/xwing/ss1" "$T/xwing/ssflip"
# sm2-enc-kem is not implicitly rejecting: a modified C3 fails
flipbyte "$T/sm2-enc-kem/ct" "$T/flip.ect" 70
expect 1 "sm2-enc-kem modified C3" "$CB" kem decaps --alg sm2-enc-kem --dk "$T/sm2-enc-kem/dk" --ct "$T/flip.ect" --ss "$T/y"
has "sm2-enc-kem modified C3" "does not decrypt"
if [ -e "$T/x" ] || [ -e "$T/y" ]; then bad "outputs written after a refused share"; else ok; fi

# X-Wing draft-10 Appendix C vector 1 (tests/xwing_vectors.h): decapsulate the draft's ct with its seed
vec() { # vec <field>: the first vector's field as hex
	awk -v f="/* $1 */" 'index($0, f) { on = 1; next } on && (/\/\*/ || /}/) { exit } on { gsub(/[\t ",]/, ""); printf "%s", $0 }' "$HERE/xwing_vectors.h"
}
if [ -r "$HERE/xwing_vectors.h" ]; then
	vec seed >"$T/xw.dk"; vec ct >"$T/xw.ct"; vec ss >"$T/xw.want"; echo >>"$T/xw.want"
	expect 0 "xwing draft vector 1 decaps" "$CB" kem decaps --alg xwing --hex --dk "$T/xw.dk" --ct "$T/xw.ct" --ss "$T/xw.ss"
	same "$T/xw.ss" "$T/xw.want"
	[ "$(wc -c <"$T/xw.want")" = 65 ] && ok || bad "the X-Wing vector was not read from xwing_vectors.h"
else
	bad "tests/xwing_vectors.h not found beside $0"
fi

# The classical halves of the TLS groups with the OpenSSL command line: the
# X25519 / P-256 secret of the client (from --dk) and the server's share
# (from --ct) give the second / first 32 bytes of the shared secret.
if command -v openssl >/dev/null && command -v xxd >/dev/null; then
	D=$T/x25519mlkem768
	{ printf '302e020100300506032b656e04220420'; tail -c +2401 "$D/dk" | head -c 32 | od -An -v -tx1 | tr -d ' \n'; } | xxd -r -p >"$T/x.key.der"
	{ printf '302a300506032b656e032100'; tail -c 32 "$D/ct" | od -An -v -tx1 | tr -d ' \n'; } | xxd -r -p >"$T/x.peer.der"
	if openssl pkeyutl -derive -inkey "$T/x.key.der" -keyform DER -peerkey "$T/x.peer.der" -peerform DER -out "$T/x.ossl" 2>"$T/err"; then
		tail -c 32 "$D/ss1" >"$T/x.half"; same "$T/x.half" "$T/x.ossl"
	else bad "openssl pkeyutl X25519: $(cat "$T/err")"; fi
	D=$T/secp256r1mlkem768
	{ printf '3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420'; head -c 32 "$D/dk" | od -An -v -tx1 | tr -d ' \n'; } | xxd -r -p >"$T/p.key.der"
	{ printf '3059301306072a8648ce3d020106082a8648ce3d030107034200'; head -c 65 "$D/ct" | od -An -v -tx1 | tr -d ' \n'; } | xxd -r -p >"$T/p.peer.der"
	if openssl pkeyutl -derive -inkey "$T/p.key.der" -keyform DER -peerkey "$T/p.peer.der" -peerform DER -out "$T/p.ossl" 2>"$T/err"; then
		head -c 32 "$D/ss1" >"$T/p.half"; same "$T/p.half" "$T/p.ossl"
	else bad "openssl pkeyutl P-256: $(cat "$T/err")"; fi
fi

# '-' as an input is standard input (issue 7, defect 8).
"$CB" kem keygen --alg mlkem768 --ek "$T/in.ek" --dk "$T/in.dk" 2>/dev/null
"$CB" kem encaps --alg mlkem768 --ek - --ct "$T/in.ct" --ss "$T/in.ss1" <"$T/in.ek" 2>"$T/err" && ok || bad "encaps --ek -: $(cat "$T/err")"
"$CB" kem decaps --alg mlkem768 --dk - --ct "$T/in.ct" --ss "$T/in.ss2" <"$T/in.dk" 2>"$T/err" && ok || bad "decaps --dk -: $(cat "$T/err")"
cmp -s "$T/in.ss1" "$T/in.ss2" && ok || bad "the shared secrets through standard input differ"
"$CB" kem decaps --alg mlkem768 --dk - --ct - --ss "$T/in.ss3" <"$T/in.dk" 2>"$T/err"
[ $? -eq 2 ] && grep -q "cannot both be '-'" "$T/err" && ok || bad "two inputs from standard input: $(cat "$T/err")"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
