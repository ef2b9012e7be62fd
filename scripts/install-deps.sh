#!/bin/sh
# Install the Debian packages cryptobench needs to build and test, when they
# are missing.  As root (or with sudo) it installs them; otherwise it prints
# the exact apt-get line and stops with status 1.  Test extras (OPTIONAL)
# never stop it: without them their tests report themselves skipped.
set -eu

# The tools, then each backend's packages (src/backends/backends.list).
HERE=$(dirname "$0")
PKGS="build-essential cmake pkg-config libjansson-dev valgrind clang"
PKGS="$PKGS $(awk '/^[a-z]/ { for (i = 2; i <= NF; i++) if ($i != "-") printf "%s ", $i }' "$HERE/../src/backends/backends.list")"

# Test-only: the report_browser test renders the HTML report in headless
# Chromium; without it that test reports itself skipped, so a failure to
# install it does not stop the build.
OPTIONAL="chromium"

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

missing=""
for p in $PKGS; do
	installed "$p" || missing="$missing $p"
done
optional=""
for p in $OPTIONAL; do
	installed "$p" || optional="$optional $p"
done

[ -z "$missing" ] && [ -z "$optional" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	SUDO="sudo"
elif [ -n "$missing" ]; then
	echo "error: missing packages:$missing" >&2
	echo "run: sudo apt-get install -y$missing$optional" >&2
	exit 1
else
	echo "cryptobench: for the browser test of the report: sudo apt-get install -y$optional" >&2
	exit 0
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2 || true
if [ -n "$missing" ]; then
	echo "cryptobench: installing missing packages:$missing" >&2
	# shellcheck disable=SC2086
	$SUDO apt-get install -y -qq --no-install-recommends $missing >&2
fi
if [ -n "$optional" ]; then
	echo "cryptobench: installing test packages:$optional" >&2
	# shellcheck disable=SC2086
	$SUDO apt-get install -y -qq --no-install-recommends $optional >&2 ||
		echo "cryptobench: could not install$optional: the report_browser test will be skipped" >&2
fi
exit 0
