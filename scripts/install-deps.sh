#!/bin/sh
# Install the Debian packages cryptobench needs to build and test, when they
# are missing.  As root (or with sudo) it installs them; otherwise it prints
# the exact apt-get line and stops with status 1.
set -eu

# The tools, then each backend's packages (src/backends/backends.list).
HERE=$(dirname "$0")
PKGS="build-essential cmake pkg-config libjansson-dev valgrind clang"
PKGS="$PKGS $(awk '/^[a-z]/ { for (i = 2; i <= NF; i++) if ($i != "-") printf "%s ", $i }' "$HERE/../src/backends/backends.list")"

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

echo "cryptobench: installing missing packages:$missing" >&2
if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	SUDO="sudo"
else
	echo "error: missing packages:$missing" >&2
	echo "run: sudo apt-get install -y$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2 || true
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >&2
