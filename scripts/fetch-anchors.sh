#!/bin/sh
# Unpack the pinned public implementations that the comparison backends
# (gmssl, boringssl, oqs, mlkem-native, pqcrystals) build from.
#
#   scripts/fetch-anchors.sh DEST [NAME...]
#
# Each tarball of scripts/anchors.list is taken from $CRYPTOBENCH_ANCHORS,
# else ../shared/anchors next to the repository, else downloaded from its
# origin at the pinned commit (not for a row whose origin is "-": a trimmed
# snapshot that no downloadable archive reproduces, skipped when it is not
# here); it is used only if its SHA-256 matches the list.  It is unpacked into DEST/NAME (the tarball's top folder stripped);
# DEST/NAME/.cb-sha256 records what was unpacked, so a second call keeps it.
# Exit status: 0 all unpacked (or skipped), 1 one or more could not be had (each named).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { echo "usage: $0 DEST [NAME...]" >&2; exit 2; }
dest=$1; shift
want=" $* "
mkdir -p "$dest"

find_local() {
	for d in ${CRYPTOBENCH_ANCHORS:-} "$here/../../shared/anchors"; do
		[ -f "$d/$1" ] && { echo "$d/$1"; return 0; }
	done
	return 1
}

download() { # url out
	if command -v curl >/dev/null 2>&1; then curl -fsSL --retry 3 -o "$2" "$1"
	elif command -v wget >/dev/null 2>&1; then wget -q -O "$2" "$1"
	else echo "error: neither curl nor wget is installed" >&2; return 1; fi
}

ok=0 failed=0 skipped=0
while read -r name tarball sum repo commit; do
	case "$name" in ''|'#'*) continue ;; esac
	[ "$want" = "  " ] || case "$want" in *" $name "*) ;; *) continue ;; esac
	out=$dest/$name
	if [ -f "$out/.cb-sha256" ] && [ "$(cat "$out/.cb-sha256")" = "$sum" ]; then
		ok=$((ok + 1)); continue
	fi
	tmp=
	if src=$(find_local "$tarball"); then :; elif [ "$repo" = - ]; then
		# A trimmed snapshot (origin "-"): no archive to download has its checksum.
		echo "note: anchor '$name': $tarball not in \$CRYPTOBENCH_ANCHORS or ../shared/anchors (a snapshot, not downloadable); skipped" >&2
		skipped=$((skipped + 1)); continue
	else
		tmp=$dest/.$tarball.part.$$
		src=$tmp
		url=https://codeload.github.com/$repo/tar.gz/$commit
		if ! download "$url" "$tmp"; then
			rm -f "$tmp"
			echo "error: anchor '$name': $tarball not in \$CRYPTOBENCH_ANCHORS or ../shared/anchors, and $url could not be downloaded" >&2
			failed=$((failed + 1)); continue
		fi
	fi
	if ! echo "$sum  $src" | sha256sum -c --status; then
		echo "error: anchor '$name': $src does not have the pinned SHA-256 $sum" >&2
		[ -z "$tmp" ] || rm -f "$tmp"
		failed=$((failed + 1)); continue
	fi
	rm -rf "$out" "$out.tmp"
	mkdir -p "$out.tmp"
	tar -xzf "$src" -C "$out.tmp" --strip-components=1
	echo "$sum" >"$out.tmp/.cb-sha256"
	mv "$out.tmp" "$out"
	[ -z "$tmp" ] || rm -f "$tmp"
	echo "anchor '$name': $tarball unpacked into $out"
	ok=$((ok + 1))
done <"$here/anchors.list"

echo "anchors in '$dest': $ok ready, $failed missing, $skipped skipped"
[ "$failed" -eq 0 ]
