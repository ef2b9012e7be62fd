#!/bin/sh
# The comparison backends keep their symbols apart (issue 12): no global
# symbol is defined twice across the archives given (our library, the
# pq-crystals libraries, liboqs.a), so nothing of an anchor can take the
# place of the builtin ML-KEM, src/sha3 or another anchor at link time.
#   tests/anchors_symbols.sh ARCHIVE...
set -eu
command -v nm >/dev/null 2>&1 || { echo "SKIP: nm not found"; exit 77; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for a in "$@"; do
	# strong global definitions only (weak ones may repeat by design)
	nm --defined-only -g "$a" 2>/dev/null | awk 'NF == 3 && $2 ~ /^[TDRBGCS]$/ { print $3 }' | sort -u
done | sort | uniq -d >"$tmp"
n=$(wc -l <"$tmp")
if [ "$n" -ne 0 ]; then
	echo "symbols defined in more than one archive:"
	head -50 "$tmp"
	exit 1
fi
echo "$# archives, no global symbol defined twice"
