#!/bin/sh
# The gmssl backend's symbol isolation (src/backends/gmssl/backend.cmake):
# no global symbol that libgmssl.a defines is defined, or exported, by the
# program, while GmSSL's code is in it (as local symbols); and the backend
# calls no stdio output function, exit or abort (the library never prints).
#
#   tests/gmssl_symbols.sh PROGRAM LIBGMSSL.A BACKEND.O LINKED.O
#
# BACKEND.O is the isolated object (its one global: cb_backend_gmssl);
# LINKED.O the same before objcopy, where GmSSL's names are still global:
# the check must find them there, or it proves nothing.
set -eu
prog=$1 lib=$2 obj=$3 linked=$4
tmp=${TMPDIR:-/tmp}/cb-gmssl-syms.$$
trap 'rm -f "$tmp".*' EXIT

defined_globals() { nm -g --defined-only "$@" 2>/dev/null | awk 'NF == 3 { print $3 }' | sed 's/@.*//' | sort -u; }

defined_globals "$lib" >"$tmp.gm"
n=$(wc -l <"$tmp.gm")
[ "$n" -gt 100 ] || { echo "FAIL: only $n global symbols in $lib"; exit 1; }

defined_globals "$obj" >"$tmp.obj"
if [ "$(cat "$tmp.obj")" != cb_backend_gmssl ]; then
	echo "FAIL: $obj has other global symbols than cb_backend_gmssl:"; cat "$tmp.obj"; exit 1
fi

# The library never prints: GmSSL's stdio output calls were renamed to silent ones.
printing=$(nm -u "$obj" | awk '{ print $2 }' | grep -Ex '(v?fprintf|printf|putchar|puts|fputc|fputs|fwrite|perror|exit|abort)(@.*)?' || true)
[ -z "$printing" ] || { echo "FAIL: $obj still calls: $printing"; exit 1; }

# Not vacuous: before objcopy, GmSSL's names are global in the linked object.
defined_globals "$linked" | comm -12 - "$tmp.gm" >"$tmp.before"
[ -s "$tmp.before" ] || { echo "FAIL: no GmSSL global in $linked: the check would prove nothing"; exit 1; }

# The program: its symbol table and its dynamic symbol table.
{ defined_globals "$prog"; nm -D --defined-only "$prog" 2>/dev/null | awk 'NF == 3 { print $3 }' | sed 's/@.*//'; } |
	sort -u | comm -12 - "$tmp.gm" >"$tmp.clash"
if [ -s "$tmp.clash" ]; then
	echo "FAIL: GmSSL global symbols in $prog:"; head -20 "$tmp.clash"; exit 1
fi
# GmSSL's code is there, local (unless the program was stripped).
if nm "$prog" >/dev/null 2>&1 && nm "$prog" | grep -q ' T main$'; then
	nm "$prog" | grep -Eq ' t sm2_sign_init$' || { echo "FAIL: sm2_sign_init is not a local symbol of $prog"; exit 1; }
fi
echo "ok: $n GmSSL globals ($(wc -l <"$tmp.before") of them in the backend before objcopy); none global in $(basename "$prog")"
