#!/bin/sh
# Download the known-answer vectors cryptobench's tests use, from their
# public origins at pinned commits, and check every file against
# scripts/vectors.sha256 (the SHA-256 list of the project's vector set).
#
#   scripts/fetch-vectors.sh [DIR]     (default: $CRYPTOBENCH_VECTORS, else ../shared/vectors)
#
# Then run the tests with CRYPTOBENCH_VECTORS=DIR if DIR is not the default.
# Files already present with the right checksum are kept.  A file is
# written under a temporary name and renamed only once its checksum matches.
#
# Not fetched: gm/gm_standard_vectors.json, which the project's vector set
# assembles from the GM/T standards' appendices (see DEVELOPERS.md); the SM2
# known-answer tests skip without it, and the SM3/SM4 examples are also in
# the tests by hand.
set -eu

ACVP_REPO=usnistgov/ACVP-Server
ACVP_COMMIT=975de31eb83d87039ec88934fdc47d8c312b892d
WYCHEPROOF_REPO=C2SP/wycheproof
WYCHEPROOF_COMMIT=dac1dd4729fd1f8dd9e1e9f3dce51d783da6c166

here=$(cd "$(dirname "$0")" && pwd)
dest=${1:-${CRYPTOBENCH_VECTORS:-$here/../../shared/vectors}}
sums=$here/vectors.sha256

if command -v curl >/dev/null 2>&1; then
	get() { curl -fsSL --retry 3 -o "$2" "$1"; }
elif command -v wget >/dev/null 2>&1; then
	get() { wget -q -O "$2" "$1"; }
else
	echo "error: neither curl nor wget is installed (apt-get install curl)" >&2
	exit 1
fi

url_of() {
	case "$1" in
	acvp/*) echo "https://raw.githubusercontent.com/$ACVP_REPO/$ACVP_COMMIT/gen-val/json-files/${1#acvp/}" ;;
	wycheproof/*) echo "https://raw.githubusercontent.com/$WYCHEPROOF_REPO/$WYCHEPROOF_COMMIT/${1#wycheproof/}" ;;
	*) return 1 ;;
	esac
}

fetched=0 kept=0 failed=0
while read -r sum path; do
	[ -n "$path" ] || continue
	file=$dest/$path
	if [ -f "$file" ] && echo "$sum  $file" | sha256sum -c --status 2>/dev/null; then
		kept=$((kept + 1))
		continue
	fi
	url=$(url_of "$path") || continue
	mkdir -p "$(dirname "$file")"
	tmp="$file.part.$$"
	if get "$url" "$tmp" && echo "$sum  $tmp" | sha256sum -c --status; then
		mv "$tmp" "$file"
		fetched=$((fetched + 1))
	else
		rm -f "$tmp"
		echo "error: '$path' could not be fetched or has the wrong checksum ($url)" >&2
		failed=$((failed + 1))
	fi
done <"$sums"

echo "vectors in '$dest': $fetched fetched, $kept already present, $failed failed"
[ "$failed" -eq 0 ]
