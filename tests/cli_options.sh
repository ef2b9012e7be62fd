#!/bin/sh
# One option table per command serves parsing and --help (src/cli/opts.h).
# For every command: --help goes to standard output with status 0 (1 when
# standard output cannot be written); every option of its table (from the
# hidden --list-options) is in its --help, with its short letter and its
# argument, and its parser takes it (a value option without its value is
# "needs a value", a flag goes through to --help); an unknown option is one
# line pointing to 'cryptobench CMD --help'.
# Usage: cli_options.sh PATH/TO/cryptobench
# Prints "N passed, N failed" and exits non-zero on any failure.
set -u
CB=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# Commands with an option table; kem_keygen is 'kem keygen', the table of that operation.
TABLES="list run verify interop compare ab report plan kem_keygen kem_encaps kem_decaps keygen sig_sign sig_verify
pke_encrypt pke_decrypt kex_derive cipher_encrypt cipher_decrypt hash seal open serve"
# Commands whose --help is a list of operations, not a table.
GROUPS="kem sig pke kex cipher"

for c in $GROUPS; do
	$CB $c --help >"$T/out" 2>"$T/err" && [ -s "$T/out" ] && [ ! -s "$T/err" ] && ok ||
		bad "'$c --help': status $?, $(head -c 200 "$T/err")"
done

for t in $TABLES; do
	c=$(echo "$t" | tr _ ' ')
	# shellcheck disable=SC2086 # $c is a command and its operation
	$CB $c --help >"$T/help" 2>"$T/err"
	st=$?
	if [ $st -eq 0 ] && head -n 1 "$T/help" | grep -q "^usage: cryptobench ${c%% *}" && [ ! -s "$T/err" ] &&
		grep -q '^  -h, --help  *this text$' "$T/help"; then
		ok
	else
		bad "'$c --help': status $st, $(head -n 1 "$T/help") $(head -c 200 "$T/err")"
	fi
	if [ -w /dev/full ]; then
		$CB $c --help >/dev/full 2>"$T/err"
		st=$?
		[ $st -eq 1 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && ok || bad "'$c --help' >/dev/full: status $st"
	fi
	$CB $c --list-options >"$T/list" 2>"$T/err"
	st=$?
	[ $st -eq 0 ] && [ -s "$T/list" ] && ok || bad "'$c --list-options': status $st, $(head -c 200 "$T/err")"
	while read -r first second; do
		short= long=$first
		if [ -n "$second" ]; then
			short=$first long=$second
		fi
		case $long in
		*"[=]") kind=optional name=${long%"[=]"} ;;
		*=) kind=value name=${long%=} ;;
		*) kind=flag name=$long ;;
		esac
		# its line in the options: "  -o, --output FILE", "  --vectors[=DIR]", "  --quick"
		lead="  ${short:+$short, }$name"
		case $kind in
		value) form=" [^ ]" ;;
		optional) form="\\[=" ;;
		flag) form="(  |\$)" ;;
		esac
		grep -Eq -- "^$lead$form" "$T/help" && ok || bad "'$c --help' lacks '$lead' ($kind)"
		# the parser takes it
		if [ $kind = value ]; then
			for o in $name $short; do
				$CB $c $o >"$T/out" 2>"$T/err"
				st=$?
				[ $st -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] &&
					grep -q -- "option '$o' needs a value (see 'cryptobench $c --help')" "$T/err" && ok ||
					bad "'$c $o': status $st, $(head -c 200 "$T/err")"
			done
		else
			for o in $name $short; do
				$CB $c $o --help >"$T/out" 2>"$T/err"
				st=$?
				[ $st -eq 0 ] && cmp -s "$T/out" "$T/help" && ok ||
					bad "'$c $o --help': status $st, $(head -c 200 "$T/err")"
			done
		fi
	done <"$T/list"
	$CB $c --frobnicate >"$T/out" 2>"$T/err"
	st=$?
	[ $st -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && [ ! -s "$T/out" ] &&
		grep -q -- "unknown option '--frobnicate' (see 'cryptobench $c --help')" "$T/err" && ok ||
		bad "'$c --frobnicate': status $st, $(head -c 200 "$T/err")"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
