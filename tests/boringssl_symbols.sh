#!/bin/sh
# The boringssl backend's symbol isolation (src/backends/boringssl/backend.cmake):
# no global symbol that BoringSSL's libcrypto.a defines is defined, or
# exported, by the program, while BoringSSL's code is in it (as local
# symbols); every one of them carries the build's prefix (cb_bssl_, C++ ones
# in bssl::cb_bssl::) in the archive; the backend object's one global is
# cb_backend_boringssl; and the backend calls no stdio output function (the
# library never prints).
#
#   tests/boringssl_symbols.sh PROGRAM LIBCRYPTO.A BACKEND.O LINKED.O
#
# LINKED.O is the backend before objcopy, where BoringSSL's names are still
# global: the check must find them there, or it proves nothing.
set -eu
prog=$1 lib=$2 obj=$3 linked=$4
tmp=${TMPDIR:-/tmp}/cb-bssl-syms.$$
trap 'rm -f "$tmp".*' EXIT

defined_globals() { nm -g --defined-only "$@" 2>/dev/null | awk 'NF == 3 && $2 != "w" && $2 != "W" && $2 != "V" && $2 != "u" { print $3 }' | sed 's/@.*//' | sort -u; }

defined_globals "$lib" >"$tmp.lib"
n=$(wc -l <"$tmp.lib")
[ "$n" -gt 1000 ] || { echo "FAIL: only $n global symbols in $lib"; exit 1; }

# Prefixed: every strong global of libcrypto.a is cb_bssl_* or inside bssl::cb_bssl (mangled
# _ZN4bssl7cb_bssl...), or the C++ runtime's (typeinfo, vtables of the std:: classes it defines).
unprefixed=$(grep -Ev '^(cb_bssl_|_ZN4bssl7cb_bssl|_ZNK4bssl7cb_bssl|_ZTVN4bssl7cb_bssl|_ZTIN4bssl7cb_bssl|_ZTSN4bssl7cb_bssl)' "$tmp.lib" || true)
if [ -n "$unprefixed" ]; then
	echo "FAIL: unprefixed globals in $lib:"; echo "$unprefixed" | head -20; exit 1
fi

defined_globals "$obj" >"$tmp.obj"
# GNU unique symbols ("u": C++ inline variables of libssl, such as
# bssl::kAllCertTypes) keep that binding through objcopy; inside the
# prefixed namespace (bssl::cb_bssl) their names cannot meet another
# library's, so they are allowed, and only those.
nm -g --defined-only "$obj" | awk 'NF == 3 && !($2 == "u" && $3 ~ /^_ZN4bssl7cb_bssl/) { print $3 }' | sort -u >"$tmp.objall"
if [ "$(cat "$tmp.objall")" != cb_backend_boringssl ]; then
	echo "FAIL: $obj has other global symbols than cb_backend_boringssl:"; grep -v '^cb_backend_boringssl$' "$tmp.objall" | head -20; exit 1
fi

# The library never prints: its stdio output calls were renamed to silent ones.
printing=$(nm -u "$obj" | awk '{ print $2 }' | grep -Ex '(v?fprintf|printf|putchar|puts|fputc|fputs|fwrite|perror|exit)(@.*)?' || true)
[ -z "$printing" ] || { echo "FAIL: $obj still calls: $printing"; exit 1; }

# Nothing it calls may be an OpenSSL API name, which Debian's libcrypto.so.3 would answer
# (its optional allocator hooks, weak references, are renamed).
api=$(nm -u "$obj" | awk '{ print $2 }' | grep -E '^(OPENSSL_|CRYPTO_|EVP_|BN_|RSA_|EC_|ERR_|RAND_|SSL_|X509_|SHA|AES_)' || true)
[ -z "$api" ] || { echo "FAIL: $obj refers to unprefixed OpenSSL names: $api"; exit 1; }

# Not vacuous: before objcopy, BoringSSL's names are global in the linked object.
defined_globals "$linked" | comm -12 - "$tmp.lib" >"$tmp.before"
[ -s "$tmp.before" ] || { echo "FAIL: no BoringSSL global in $linked: the check would prove nothing"; exit 1; }

# The program: its symbol table and its dynamic symbol table.
{ defined_globals "$prog"; nm -D --defined-only "$prog" 2>/dev/null | awk 'NF == 3 { print $3 }' | sed 's/@.*//'; } |
	sort -u | comm -12 - "$tmp.lib" >"$tmp.clash"
if [ -s "$tmp.clash" ]; then
	echo "FAIL: BoringSSL global symbols in $prog:"; head -20 "$tmp.clash"; exit 1
fi
# BoringSSL's code is there, local (unless the program was stripped); the
# program's EVP_* are Debian's OpenSSL's (undefined here, from libcrypto.so.3).
if nm "$prog" >/dev/null 2>&1 && nm "$prog" | grep -q ' T main$'; then
	nm "$prog" | grep -Eq ' t cb_bssl_EVP_AEAD_CTX_seal$' || { echo "FAIL: cb_bssl_EVP_AEAD_CTX_seal is not a local symbol of $prog"; exit 1; }
fi
echo "ok: $n BoringSSL globals, all prefixed ($(wc -l <"$tmp.before") of them in the backend before objcopy); none global in $(basename "$prog")"
