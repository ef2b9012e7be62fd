#!/bin/sh
# `cryptobench keygen / sig / pke / kex / cipher / hash` against the OpenSSL
# command line: every class on every backend of this build (from
# `cryptobench list`) round-trips through the CLI; keys made by `openssl
# genpkey` (PKCS#8 and PKCS#1 / SEC1, DER and PEM, raw X25519 / Ed25519)
# are used by every backend that has the algorithm; keys we write are read
# by `openssl pkey`; signatures, ciphertexts and shared secrets cross with
# `openssl pkeyutl` (RSA OAEP / PKCS#1 v1.5 / raw / PSS, SM2 with the
# default and a custom ID, ECDSA P-256, Ed25519, X25519, ECDH P-256),
# ciphers with `openssl enc`, digests with `openssl dgst`; bad inputs give
# one line, the documented status, and write nothing.  Prints the matrix
# of what crossed with the OpenSSL command line, with counts.
# usage: cli_keys.sh <path to cryptobench>
CB=$1
[ -x "$CB" ] || { echo "usage: $0 <cryptobench>" >&2; exit 2; }
case $CB in /*) ;; *) CB=$PWD/$CB ;; esac
command -v openssl >/dev/null 2>&1 || { echo "SKIP: no openssl command"; exit 77; }
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
# expect <status> <description> <command...>: stderr kept in err
expect() {
	want=$1; what=$2; shift 2
	"$@" >out 2>err
	got=$?
	if [ "$got" = "$want" ]; then ok; else bad "$what: exit $got, wanted $want"; head -3 err >&2; fi
}
has() { if grep -qF -- "$2" err; then ok; else bad "$1: message lacks '$2'"; cat err >&2; fi; }
oneline() { if [ "$(wc -l <err)" = 1 ]; then ok; else bad "$1: $(wc -l <err) lines on stderr"; cat err >&2; fi; }
same() { if cmp -s "$1" "$2"; then ok; else bad "$3: $1 and $2 differ"; fi; }
absent() { if [ -e "$1" ]; then bad "$2: '$1' was written"; else ok; fi; }
mode() { m=$(stat -c %a "$1"); if [ "$m" = "$2" ]; then ok; else bad "$1 has mode $m, wanted $2"; fi; }
flipbyte() { # flipbyte <in> <out> <offset>: a copy with the low bit of one byte flipped
	fb=$(od -An -v -tu1 -j "$3" -N1 "$1" | tr -d ' ')
	{ head -c "$3" "$1"; printf "\\$(printf '%03o' $((fb ^ 1)))"; tail -c +$(($3 + 2)) "$1"; } >"$2"
}
# the matrix: count <cell>
count() { eval "n_$1=\$((\${n_$1:-0} + 1))"; }
OSSL=openssl

# ---- keys from the OpenSSL command line --------------------------------
gen() { $OSSL genpkey "$@" 2>/dev/null; }
for b in 2048 3072 4096; do
	gen -algorithm RSA -pkeyopt rsa_keygen_bits:$b -out rsa$b.pem
done
gen -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out p256.pem
gen -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out p256b.pem
gen -algorithm SM2 -out sm2.pem
gen -algorithm SM2 -out sm2b.pem
gen -algorithm ED25519 -out ed25519.pem
gen -algorithm X25519 -out x25519.pem
gen -algorithm X25519 -out x25519b.pem
for k in rsa2048 rsa3072 rsa4096 p256 p256b sm2 sm2b ed25519 x25519 x25519b; do
	[ -s $k.pem ] || { echo "FAIL: openssl genpkey made no $k key" >&2; exit 1; }
	$OSSL pkey -in $k.pem -outform DER -out $k.der
	$OSSL pkey -in $k.pem -pubout -out $k.pub
	$OSSL pkey -in $k.pem -pubout -outform DER -out $k.pub.der
done
for b in 2048 3072 4096; do # PKCS#1, PEM and DER
	$OSSL rsa -in rsa$b.pem -traditional -out rsa$b.p1.pem 2>/dev/null
	$OSSL rsa -in rsa$b.pem -traditional -outform DER -out rsa$b.p1.der 2>/dev/null
	$OSSL rsa -in rsa$b.pem -RSAPublicKey_out -out rsa$b.p1pub.pem 2>/dev/null
	$OSSL rsa -in rsa$b.pem -RSAPublicKey_out -outform DER -out rsa$b.p1pub.der 2>/dev/null
done
$OSSL ec -in p256.pem -out p256.sec1.pem 2>/dev/null # SEC1 "EC PRIVATE KEY"
for k in ed25519 x25519 x25519b; do # raw 32 bytes
	tail -c 32 $k.der >$k.raw
	tail -c 32 $k.pub.der >$k.rawpub
done

# A private and a public key file of the OpenSSL keys for alg, rotating
# through the formats so that each format meets every backend.
rot=0
keyfor() { # keyfor <alg>: sets K (private) and P (public), the base name in KB
	rot=$((rot + 1))
	case $1 in
	rsa2048*) KB=rsa2048 ;; rsa3072*) KB=rsa3072 ;; rsa4096*) KB=rsa4096 ;;
	*-p256) KB=p256 ;; sm2*) KB=sm2 ;; ed25519) KB=ed25519 ;; x25519) KB=x25519 ;;
	esac
	case $KB in
	rsa*) set -- pem der p1.pem p1.der; pub="pub pub.der p1pub.pem p1pub.der" ;;
	p256) set -- pem der sec1.pem; pub="pub pub.der" ;;
	ed25519 | x25519) set -- pem der raw; pub="pub pub.der rawpub" ;;
	*) set -- pem der; pub="pub pub.der" ;;
	esac
	i=$((rot % $# + 1)); eval "K=$KB.\${$i}"
	set -- $pub; i=$((rot % $# + 1)); eval "P=$KB.\${$i}"
}

head -c 100 /dev/urandom >msg
printf 'another message' >msg2

# pkeyutl options of a signature scheme
sigopts() {
	case $1 in
	*-pss-sha256) echo "-rawin -digest sha256 -pkeyopt rsa_padding_mode:pss -pkeyopt rsa_pss_saltlen:32 -pkeyopt rsa_mgf1_md:sha256" ;;
	rsa*) echo "-rawin -digest sha256" ;;
	ecdsa-p256) echo "-rawin -digest sha256" ;;
	ed25519) echo "-rawin" ;;
	sm2-sign) echo "-rawin -digest sm3" ;;
	esac
}

# ---- the classes of this build -------------------------------------------
# (ML-DSA: OpenSSL 3.0 has no keys of it to cross with; tests/cli_mldsa.sh)
"$CB" list | awk '$2 ~ /^(sig|pke|kex|cipher|hash)$/ && $1 !~ /^mldsa/ && !/\[unavailable/ {print $1, $2, $3}' >classes
[ -s classes ] || { echo "FAIL: 'cryptobench list' shows no classes" >&2; exit 1; }

sig_case() { # <alg> <backend>
	alg=$1; b=$2; keyfor $alg; o=$(sigopts $alg)
	# a key made by openssl genpkey; a backend that cannot import secret
	# keys verifies what the OpenSSL class signed with it
	signer=$b
	if "$CB" sig sign --alg $alg --backend $b --key $K -i msg -o sig 2>err; then
		ok; count sig_genpkey_key
	elif grep -q "cannot import secret keys for $alg" err; then
		ok; count sig_noimport; signer=openssl
		expect 0 "openssl class signs $alg" "$CB" sig sign --alg $alg --backend openssl --key $K -i msg -o sig
	else
		bad "$b sign $alg with $K: $(cat err)"; return
	fi
	pub=$P; priv=$KB.pem
	expect 0 "$b verify $alg ($pub, signed by $signer)" "$CB" sig verify --alg $alg --backend $b --pub $pub -i msg --sig sig
	expect 4 "$b verify $alg, another message" "$CB" sig verify --alg $alg --backend $b --pub $pub -i msg2 --sig sig
	oneline "$b verify $alg, another message"
	# ours -> openssl pkeyutl
	if [ $signer = openssl ] && [ $b != openssl ]; then
		:
	elif $OSSL pkeyutl -verify -pubin -inkey $KB.pub $o -in msg -sigfile sig >/dev/null 2>&1 ||
		{ [ $alg = sm2-sign ] && $OSSL pkeyutl -verify -pubin -inkey $KB.pub $o -pkeyopt distid:1234567812345678 -in msg -sigfile sig >/dev/null 2>&1; }; then
		ok; count "sig_to_ossl"; count "sig_${b}_to_ossl"
	else
		bad "openssl pkeyutl does not verify the $b $alg signature"
	fi
	# openssl pkeyutl -> ours (SM2: the GM/T 0009 default ID said explicitly; OpenSSL 3.0 signs with an empty one)
	extra=; [ $alg = sm2-sign ] && extra="-pkeyopt distid:1234567812345678"
	$OSSL pkeyutl -sign -inkey $priv $o $extra -in msg -out osig 2>/dev/null &&
		expect 0 "$b verifies openssl's $alg signature" "$CB" sig verify --alg $alg --backend $b --pub $pub -i msg --sig osig &&
		count sig_from_ossl && count "sig_${b}_from_ossl"
	if [ $alg = sm2-sign ]; then
		# a custom ID, both ways; and OpenSSL's own default (empty ID) with --sm2-id ''
		$OSSL pkeyutl -sign -inkey $priv $o -pkeyopt distid:alice@example.com -in msg -out osig 2>/dev/null
		expect 0 "$b verifies openssl's SM2 signature with a custom ID" "$CB" sig verify --alg sm2 --backend $b --pub $pub -i msg --sig osig --sm2-id alice@example.com && count sm2id_from_ossl
		expect 4 "$b: a custom-ID signature under the default ID" "$CB" sig verify --alg sm2 --backend $b --pub $pub -i msg --sig osig
		if "$CB" sig sign --alg sm2-sign --backend $signer --key $priv --sm2-id bob@example.com -i msg -o sig 2>/dev/null &&
			$OSSL pkeyutl -verify -pubin -inkey $KB.pub $o -pkeyopt distid:bob@example.com -in msg -sigfile sig >/dev/null 2>&1; then
			ok; count sm2id_to_ossl
		else
			bad "$b SM2 signature with a custom ID does not verify in openssl"
		fi
		$OSSL pkeyutl -sign -inkey $priv $o -in msg -out osig 2>/dev/null
		if [ $b = gmssl ]; then
			# GmSSL refuses an empty ID (sm2_verify_init): a clear error, status 1
			expect 1 "$b refuses an empty SM2 ID" "$CB" sig verify --alg sm2 --backend $b --pub $pub -i msg --sig osig --sm2-id ''
		else
			expect 0 "$b verifies openssl's default-ID SM2 signature with --sm2-id ''" "$CB" sig verify --alg sm2 --backend $b --pub $pub -i msg --sig osig --sm2-id ''
		fi
	fi
}

# The post-quantum signatures: OpenSSL 3.0's command line makes no such
# keys, so the CLI makes them (PEM and DER), signs and verifies with each
# backend's, every other backend of the name verifies, and the key files
# have RFC 9881's seed form (ML-DSA: 54 bytes of DER) or RFC 9909's 84.
pq_sig_case() { # <alg> <backend>
	alg=$1; b=$2
	for f in "" --der; do
		rm -f pq pq.pub
		expect 0 "$b keygen $alg $f" "$CB" keygen --alg $alg --backend $b -o pq $f || return
		mode pq 600; mode pq.pub 644
		if [ -n "$f" ]; then
			want=84; case $alg in mldsa*) want=54 ;; esac
			if [ "$(wc -c <pq)" -eq $want ]; then ok; else bad "$b $alg key file: $(wc -c <pq) bytes, not $want"; fi
		fi
		expect 0 "$b sign $alg $f" "$CB" sig sign --alg $alg --backend $b --key pq -i msg -o sig || return
		for c in $(awk -v a=$alg '$1 == a {print $3}' classes); do
			expect 0 "$c verifies $b's $alg ($f)" "$CB" sig verify --alg $alg --backend $c --pub pq.pub -i msg --sig sig
			expect 4 "$c verify $alg, another message" "$CB" sig verify --alg $alg --backend $c --pub pq.pub -i msg2 --sig sig
			oneline "$c verify $alg, another message"
		done
		# the key of another parameter set: refused in one line
		case $alg in mldsa44) other=mldsa65 ;; *) other=mldsa44 ;; esac
		expect 1 "$b sign $other with a $alg key" "$CB" sig sign --alg $other --backend $b --key pq -i msg -o sig2
		oneline "$b sign $other with a $alg key"
	done
	count pq_sig
}

# pkeyutl options of an encryption scheme
pkeopts() {
	case $1 in
	*-oaep-sha256) echo "-pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256 -pkeyopt rsa_mgf1_md:sha256" ;;
	*-oaep-sha1) echo "-pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha1 -pkeyopt rsa_mgf1_md:sha1" ;;
	*-pkcs1) echo "-pkeyopt rsa_padding_mode:pkcs1" ;;
	*-raw) echo "-pkeyopt rsa_padding_mode:none" ;;
	sm2-enc-der) echo "" ;;
	*) echo none ;;
	esac
}

pke_case() { # <alg> <backend>
	alg=$1; b=$2; keyfor $alg; o=$(pkeopts $alg)
	case $alg in
	*-raw) bits=${alg#rsa}; bits=${bits%%-*}; { printf '\000'; head -c $((bits / 8 - 1)) /dev/urandom; } >pt ;;
	*) head -c 32 /dev/urandom >pt ;;
	esac
	rm -f ct dec
	if ! "$CB" pke encrypt --alg $alg --backend $b --pub $P -i pt -o ct 2>err; then
		if grep -q "cannot import public keys for $alg" err; then
			ok; count pke_nopubimport
		else
			bad "$b encrypt $alg ($P): $(cat err)"
		fi
		return
	fi
	ok
	# libgcrypt 1.10's SM2 hashes x2 or y2 without a leading zero byte into
	# C3 (docs/CLI.md): 1 in 128 ciphertexts do not cross, each way.  Such a
	# pair gets three fresh encryptions; any other must cross at once.
	tries=1
	case $b:$alg in gcrypt:sm2-enc*) tries=3 ;; esac
	if [ "$o" != none ]; then # ours -> openssl pkeyutl
		n=1; rm -f odec
		until $OSSL pkeyutl -decrypt -inkey $KB.pem $o -in ct -out odec 2>/dev/null && cmp -s pt odec; do
			[ $n -ge $tries ] && break
			n=$((n + 1))
			"$CB" pke encrypt --alg $alg --backend $b --pub $P -i pt -o ct 2>/dev/null || break
		done
		if cmp -s pt odec 2>/dev/null; then
			ok; count pke_to_ossl; count "pke_${b}_to_ossl"
		else
			bad "openssl pkeyutl does not decrypt the $b $alg ciphertext"
		fi
	else # SM2 raw forms: the OpenSSL class reads them
		n=1
		until "$CB" pke decrypt --alg $alg --backend openssl --key $KB.pem -i ct -o dec 2>/dev/null; do
			[ $n -ge $tries ] && break
			n=$((n + 1))
			"$CB" pke encrypt --alg $alg --backend $b --pub $P -i pt -o ct 2>/dev/null || break
		done
		rm -f dec
		expect 0 "openssl class decrypts $b $alg" "$CB" pke decrypt --alg $alg --backend openssl --key $KB.pem -i ct -o dec && same pt dec "$alg $b -> openssl class"
		rm -f dec
	fi
	if "$CB" pke decrypt --alg $alg --backend $b --key $K -i ct -o dec 2>err; then
		ok; same pt dec "$b $alg round trip"; count pke_genpkey_key
		if [ "$o" != none ]; then # openssl pkeyutl -> ours
			n=1
			while :; do
				$OSSL pkeyutl -encrypt -pubin -inkey $KB.pub $o -in pt -out oct 2>/dev/null
				rm -f dec
				"$CB" pke decrypt --alg $alg --backend $b --key $K -i oct -o dec 2>/dev/null && break
				[ $n -ge $tries ] && break
				n=$((n + 1))
			done
			expect 0 "$b decrypts openssl's $alg" "$CB" pke decrypt --alg $alg --backend $b --key $K -i oct -o dec &&
				same pt dec "openssl -> $b $alg" && count pke_from_ossl && count "pke_${b}_from_ossl"
		fi
		case $alg in *-raw) ;; *)
			# A modified ciphertext: status 4, nothing written.  PKCS#1 v1.5
			# has no integrity: a modified block decrypts to a well-formed
			# padding about once in 256 with libgcrypt (it drops the leading
			# zero byte and checks 02 only), so up to three modifications are
			# tried; an accepted one must at least not give the plaintext.
			refused=0
			for at in 20 40 60; do
				flipbyte ct ctbad $at
				rm -f dec
				"$CB" pke decrypt --alg $alg --backend $b --key $K -i ctbad -o dec >out 2>err
				st=$?
				if [ $st = 4 ]; then refused=1; absent dec "$b $alg modified ciphertext"; break; fi
				if [ $st != 0 ] || cmp -s pt dec; then break; fi
			done
			if [ $refused = 1 ]; then ok; else bad "$b $alg modified ciphertext: exit $st, wanted 4"; fi ;;
		esac
	elif grep -q "cannot import secret keys for $alg" err; then
		ok; count pke_noimport
	else
		bad "$b decrypt $alg with $K: $(cat err)"
	fi
}

kex_case() { # <alg> <backend>
	alg=$1; b=$2; keyfor $alg
	rm -f ss
	if "$CB" kex derive --alg $alg --backend $b --key $K --peer ${KB}b.pub -o ss 2>err; then
		ok; count kex_genpkey_key
		if $OSSL pkeyutl -derive -inkey $KB.pem -peerkey ${KB}b.pub -out oss 2>/dev/null; then
			same ss oss "$b $alg vs openssl pkeyutl -derive" && count kex_ossl && count "kex_${b}_ossl"
		fi
		[ -f ${KB}b.rawpub ] && expect 0 "$b $alg raw peer" "$CB" kex derive --alg $alg --backend $b --key $K --peer ${KB}b.rawpub -o ss2 && same ss ss2 "$b $alg raw peer"
		mode ss 600
		# the same secret from every backend (sm2-dh has no openssl pkeyutl -derive to compare with)
		if [ -f ss.$alg.first ]; then same ss.$alg.first ss "$alg: $b and $(cat ss.$alg.firstb) derive different secrets" && count kex_cross
		else cp ss ss.$alg.first; echo $b >ss.$alg.firstb; fi
	elif grep -q "cannot import secret keys" err; then
		count kex_noimport
		expect 0 "$b keygen $alg" "$CB" keygen --alg $alg --backend $b -o a.$b.$alg
		expect 0 "$b keygen $alg" "$CB" keygen --alg $alg --backend $b -o b.$b.$alg
		"$CB" kex derive --alg $alg --backend $b --key a.$b.$alg --peer b.$b.$alg.pub -o s1 &&
			"$CB" kex derive --alg $alg --backend $b --key b.$b.$alg --peer a.$b.$alg.pub -o s2 &&
			same s1 s2 "$b $alg both sides"
	else
		bad "$b derive $alg with $K: $(cat err)"
	fi
}

head -c 64 /dev/urandom >cmsg
printf 'header' >aad
cipher_case() { # <alg> <backend>
	alg=$1; b=$2
	case $alg in aes-128* | sm4*) k=000102030405060708090a0b0c0d0e0f ;; *) k=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f ;; esac
	case $alg in *-ecb*) iv= ;; *-gcm | chacha20*) iv="--iv-hex 0f0e0d0c0b0a090807060504" ;; *) iv="--iv-hex 0f0e0d0c0b0a09080706050403020100" ;; esac
	case $alg in *-gcm | chacha20*) a="--aad aad" ;; *) a= ;; esac
	if ! "$CB" cipher encrypt --alg $alg --backend $b --key-hex $k $iv $a -i cmsg -o c.$alg.$b 2>err; then
		if grep -q "is unavailable here" err; then ok; count unavailable; else bad "$b encrypt $alg: $(cat err)"; fi
		return
	fi
	ok
	rm -f d
	expect 0 "$b decrypt $alg" "$CB" cipher decrypt --alg $alg --backend $b --key-hex $k $iv $a -i c.$alg.$b -o d && same cmsg d "$b $alg round trip"
	if [ -f c.$alg.first ]; then same c.$alg.first c.$alg.$b "$alg: $b gives another ciphertext than $(cat c.$alg.firstb)"; else cp c.$alg.$b c.$alg.first; echo $b >c.$alg.firstb; fi
	case $alg in *-gcm | chacha20*)
		flipbyte c.$alg.$b cbad 10; rm -f d
		expect 4 "$b $alg modified" "$CB" cipher decrypt --alg $alg --backend $b --key-hex $k $iv $a -i cbad -o d; absent d "$b $alg modified" ;;
	*) # openssl enc
		e=${alg%-pkcs7}; np=-nopad; [ $e != $alg ] && np=
		ivo=; [ -n "$iv" ] && ivo="-iv ${iv#--iv-hex }"
		if $OSSL enc -$e -K $k $ivo $np -in cmsg -out oc 2>/dev/null; then
			same c.$alg.$b oc "$b $alg vs openssl enc" && count enc_ossl
		fi ;;
	esac
}

hash_case() {
	alg=$1; b=$2
	"$CB" hash --alg $alg --backend $b -i msg >h 2>err || { bad "$b hash $alg: $(cat err)"; return; }
	$OSSL dgst -$alg -r msg 2>/dev/null | cut -d' ' -f1 >oh && same h oh "$b $alg vs openssl dgst" && count dgst_ossl
}

while read -r alg kind b; do
	if [ $alg = sm2-kx ]; then
		# its key is a static and an ephemeral key pair (kex.h), which no key
		# file holds, and OpenSSL's command line has no SM2 key exchange: the
		# CLI refuses it in one line (run and interop take it)
		rm -f kx kx.pub
		expect 1 "$b keygen sm2-kx" "$CB" keygen --alg sm2-kx --backend $b -o kx
		oneline "$b keygen sm2-kx"; has "$b keygen sm2-kx" "sm2-kx keys"; absent kx "$b keygen sm2-kx"
		expect 1 "$b kex derive sm2-kx" "$CB" kex derive --alg sm2-kx --backend $b --key sm2.pem --peer sm2b.pub -o kx
		oneline "$b kex derive sm2-kx"; absent kx "$b kex derive sm2-kx"
		count sm2kx_refused
		continue
	fi
	case $kind:$alg in
	sig:mldsa* | sig:slh-dsa-*) pq_sig_case $alg $b ;;
	sig:*) sig_case $alg $b ;;
	pke:*) pke_case $alg $b ;;
	kex:*) kex_case $alg $b ;;
	cipher:*) cipher_case $alg $b ;;
	hash:*) hash_case $alg $b ;;
	esac
	count "cls_$kind"
done <classes

# ---- our keys in openssl pkey (every backend, each kind of key, PEM and DER) ----
for alg in ecdsa-p256 ed25519 sm2-sign x25519 ecdh-p256 rsa2048-pkcs1-sha256; do
	for b in $(awk -v a=$alg '$1 == a {print $3}' classes); do
		fmts='"" --der'; case $alg in rsa*) fmts='""' ;; esac # RSA key generation is slow: PEM only
		eval "set -- $fmts"
		for f in "$@"; do
			rm -f ours ours.pub
			expect 0 "$b keygen $alg $f" "$CB" keygen --alg $alg --backend $b -o ours $f || continue
			mode ours 600; mode ours.pub 644
			inf=PEM; [ -n "$f" ] && inf=DER
			if $OSSL pkey -inform $inf -in ours -noout 2>/dev/null && $OSSL pkey -pubin -inform $inf -in ours.pub -noout 2>/dev/null; then
				ok; count pkey_reads
			else
				bad "openssl pkey does not read the $b $alg key ($inf)"
			fi
			$OSSL pkey -inform $inf -in ours -pubout -outform DER -out ours.pub.o 2>/dev/null
			$OSSL pkey -pubin -inform $inf -in ours.pub -outform DER -out ours.pub.d 2>/dev/null
			same ours.pub.o ours.pub.d "$b $alg: the public key is the private key's"
		done
	done
done

# ---- bad inputs: one line, the documented status, nothing written -------
printf 'not a key at all' >garbage
head -c 100 rsa2048.der >truncated.der
sed '3d' p256.pem >truncated.pem
rm -f out.sig
expect 1 "garbage key" "$CB" sig sign --alg ecdsa-p256 --key garbage -i msg -o out.sig
oneline "garbage key"; has "garbage key" "is not a private key"; absent out.sig "garbage key"
expect 1 "truncated DER key" "$CB" sig sign --alg rsa2048-pss-sha256 --key truncated.der -i msg -o out.sig
oneline "truncated DER"; absent out.sig "truncated DER"
expect 1 "truncated PEM key" "$CB" sig sign --alg ecdsa-p256 --key truncated.pem -i msg -o out.sig
oneline "truncated PEM"; absent out.sig "truncated PEM"
expect 1 "wrong algorithm" "$CB" sig sign --alg rsa2048-pkcs1-sha256 --key p256.pem -i msg -o out.sig
has "wrong algorithm" "holds a P-256 key; rsa2048-pkcs1-sha256 needs an RSA key"; oneline "wrong algorithm"; absent out.sig "wrong algorithm"
expect 1 "SM2 key for ECDSA" "$CB" sig verify --alg ecdsa-p256 --pub sm2.pub -i msg --sig msg
has "SM2 key for ECDSA" "holds an SM2 key"
expect 1 "wrong RSA size" "$CB" sig sign --alg rsa3072-pss-sha256 --key rsa2048.pem -i msg -o out.sig
has "wrong RSA size" "needs RSA-3072"; absent out.sig "wrong RSA size"
expect 1 "public key as the private key" "$CB" sig sign --alg ed25519 --key ed25519.pub -i msg -o out.sig
has "public key as the private key" "holds a PEM 'PUBLIC KEY'"
expect 1 "public DER as the private key" "$CB" sig sign --alg ed25519 --key ed25519.pub.der -i msg -o out.sig
has "public DER as the private key" "holds a public key"
head -c 31 ed25519.raw >short.raw
expect 1 "31-byte raw key" "$CB" sig sign --alg ed25519 --key short.raw -i msg -o out.sig
oneline "31-byte raw key"; absent out.sig "31-byte raw key"
expect 1 "message too long for RSA" "$CB" pke encrypt --alg rsa2048-oaep-sha256 --pub rsa2048.pub -i rsa2048.der -o out.ct
has "message too long for RSA" "takes at most 190"; absent out.ct "message too long"
expect 2 "cipher key of the wrong length" "$CB" cipher encrypt --alg aes-256-gcm --key-hex 00112233 --iv-hex 000000000000000000000000 -i msg -o out.c
has "cipher key of the wrong length" "aes-256-gcm keys are 32 bytes"; oneline "cipher key"; absent out.c "cipher key"
expect 2 "cipher IV of the wrong length" "$CB" cipher encrypt --alg aes-128-cbc --key-hex 000102030405060708090a0b0c0d0e0f --iv-hex 00 -i cmsg -o out.c
absent out.c "cipher IV"
head -c 17 cmsg >odd
expect 1 "CBC without padding, not whole blocks" "$CB" cipher encrypt --alg aes-128-cbc --key-hex 000102030405060708090a0b0c0d0e0f --iv-hex 000102030405060708090a0b0c0d0e0f -i odd -o out.c
has "not whole blocks" "not a whole number of blocks"; absent out.c "not whole blocks"
expect 2 "--aad on a non-AEAD" "$CB" cipher encrypt --alg aes-128-ctr --key-hex 000102030405060708090a0b0c0d0e0f --iv-hex 000102030405060708090a0b0c0d0e0f --aad aad -i cmsg -o out.c
expect 2 "unknown algorithm" "$CB" sig sign --alg ecdsa-p999 --key p256.pem -i msg -o out.sig
has "unknown algorithm" "unknown algorithm 'ecdsa-p999'"
expect 2 "a cipher as a signature" "$CB" sig sign --alg aes-128-gcm --key p256.pem -i msg -o out.sig
expect 2 "hash keygen" "$CB" keygen --alg sha256 -o out.key
has "hash keygen" "has no key pair"; absent out.key "hash keygen"
expect 2 "--sm2-id on ECDSA" "$CB" sig sign --alg ecdsa-p256 --key p256.pem --sm2-id x -i msg -o out.sig
expect 2 "bad --sm2-format" "$CB" pke encrypt --alg sm2 --sm2-format c3c2c1 --pub sm2.pub -i msg -o out.ct
expect 2 "--sm2-format against --alg" "$CB" pke encrypt --alg sm2-enc-der --sm2-format c1c3c2 --pub sm2.pub -i msg -o out.ct
expect 2 "unknown backend" "$CB" sig sign --alg ecdsa-p256 --backend nosuch --key p256.pem -i msg -o out.sig
cp msg msgcopy
expect 2 "output over the input" "$CB" sig sign --alg ecdsa-p256 --key p256.pem -i msgcopy -o msgcopy
same msg msgcopy "output over the input left the input"
expect 2 "output over the key" "$CB" pke decrypt --alg rsa2048-pkcs1 --key rsa2048.pem -i msg -o rsa2048.pem
expect 2 "keygen -o -" "$CB" keygen --alg ed25519 -o -
expect 2 "two inputs from standard input" "$CB" sig verify --alg ed25519 --pub - --sig - -i msg
expect 2 "option twice" "$CB" sig sign --alg ed25519 --key ed25519.pem --key ed25519.pem -i msg
has "option twice" "is given twice"
expect 2 "unknown sig operation" "$CB" sig frobnicate
expect 4 "sig verify, garbage signature" "$CB" sig verify --alg ed25519 --pub ed25519.pub -i msg --sig garbage
# exit 4 when the signature does not verify (ed25519: a wrong-length signature is "does not verify" too)
"$CB" sig sign --alg ed25519 --key ed25519.pem -i msg -o good.sig
expect 4 "signature of another message" "$CB" sig verify --alg ed25519 --pub ed25519.pub -i msg2 --sig good.sig
has "signature of another message" "is not a valid ed25519 signature"
expect 1 "kex peer of another curve" "$CB" kex derive --alg ecdh-p256 --key p256.pem --peer sm2.pub -o out.ss
absent out.ss "kex peer of another curve"
expect 2 "keygen of a hash" "$CB" keygen --alg sha256 -o out.key
expect 1 "missing key file" "$CB" sig sign --alg ed25519 --key no-such-file -i msg -o out.sig
has "missing key file" "cannot read 'no-such-file'"
# stdin / stdout and --hex
expect 0 "sign stdin to stdout --hex" sh -c "'$CB' sig sign --alg ed25519 --key ed25519.pem --hex <msg >sig.hex"
expect 0 "verify --hex, message on stdin" sh -c "'$CB' sig verify --alg ed25519 --pub ed25519.pub --sig sig.hex --hex <msg"
expect 0 "hash from stdin" sh -c "'$CB' hash --alg sha256 <msg >h1"
$OSSL dgst -sha256 -r msg | cut -d' ' -f1 >h2; same h1 h2 "hash from stdin"
# --help tells every command and the statuses
for c in keygen "sig sign" "sig verify" "pke encrypt" "pke decrypt" "kex derive"; do
	expect 0 "$c --help" "$CB" $c --help
	grep -q "exit status" out && ok || bad "$c --help has no exit statuses"
done
expect 0 "cipher --help" "$CB" cipher --help
expect 0 "hash --help" "$CB" hash --help

# ---- the matrix ---------------------------------------------------------
v() { eval "echo \${n_$1:-0}"; }
echo "classes tried: sig $(v cls_sig), pke $(v cls_pke), kex $(v cls_kex), cipher $(v cls_cipher), hash $(v cls_hash)"
echo "openssl genpkey keys used: sig $(v sig_genpkey_key), pke $(v pke_genpkey_key), kex $(v kex_genpkey_key);" \
	"no secret import (public side only / own keys): sig $(v sig_noimport), pke $(v pke_noimport), kex $(v kex_noimport);" \
	"no public import: pke $(v pke_nopubimport); unavailable here: $(v unavailable);" \
	"sm2-kx refused (no key file): $(v sm2kx_refused)"
echo "signatures: ours verified by openssl pkeyutl $(v sig_to_ossl), openssl's verified by ours $(v sig_from_ossl);" \
	"SM2 custom ID: to openssl $(v sm2id_to_ossl), from openssl $(v sm2id_from_ossl)"
echo "ciphertexts: ours decrypted by openssl pkeyutl $(v pke_to_ossl), openssl's decrypted by ours $(v pke_from_ossl)"
echo "shared secrets equal to openssl pkeyutl -derive: $(v kex_ossl), to another backend's: $(v kex_cross); ciphers equal to openssl enc: $(v enc_ossl);" \
	"digests equal to openssl dgst: $(v dgst_ossl); our key pairs read by openssl pkey: $(v pkey_reads)"
for b in $(awk '{print $3}' classes | sort -u); do
	echo "  $b: sig to/from openssl $(v sig_${b}_to_ossl)/$(v sig_${b}_from_ossl), pke to/from $(v pke_${b}_to_ossl)/$(v pke_${b}_from_ossl), kex $(v kex_${b}_ossl)"
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
