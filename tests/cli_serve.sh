#!/bin/sh
# cryptobench serve against real clients (issue 23): started on a free
# loopback port (--port 0), it must answer openssl s_client (negotiating
# X25519, verifying the chain from the root --root-out wrote) and curl
# --cacert with the page naming what was negotiated, and log one line per
# connection; garbage, a truncated ClientHello (closed, and stalled) and a
# client that connects and sends nothing must each cost only their own
# connection: the next client is answered.  SIGTERM ends it with status 0,
# --count N after N connections; a group it does not serve is a usage error.
# With "browser": headless Chromium loads the page and its DOM names the
# negotiated values.
# Usage: cli_serve.sh PATH/TO/cryptobench [browser]
# Exit 77 (skipped) when openssl (or, for "browser", Chromium) is missing.
set -u
CB=$1
MODE=${2:-clients}
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

if ! command -v openssl >/dev/null 2>&1; then
	echo "SKIP: no openssl command (Debian's 'openssl' package) to talk to the server"
	exit 77
fi
BROWSER=""
if [ "$MODE" = browser ]; then
	for b in chromium chromium-browser google-chrome; do
		if command -v "$b" >/dev/null 2>&1; then
			BROWSER=$b
			break
		fi
	done
	if [ -z "$BROWSER" ]; then
		echo "SKIP: no chromium installed (scripts/install-deps.sh installs Debian's 'chromium')"
		exit 77
	fi
	if ! timeout 20 "$BROWSER" --version >/dev/null 2>&1; then
		echo "SKIP: '$BROWSER --version' fails: the browser cannot start here"
		exit 77
	fi
fi

T=$(mktemp -d)
SP=
cleanup() {
	[ -n "$SP" ] && kill "$SP" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT

# start_server ARGS...: serve in the background; SP its pid, PORT its port.
start_server() {
	: >"$T/out" # not the last server's port: the background redirect may come after the first read
	"$CB" serve --port 0 --timeout 2 --root-out "$T/root.pem" "$@" >"$T/out" 2>"$T/log" &
	SP=$!
	PORT=
	i=0
	while [ $i -lt 100 ] && [ -z "$PORT" ]; do
		PORT=$(sed -n 's|^serving https://127\.0\.0\.1:\([0-9][0-9]*\)/ .*|\1|p' "$T/out")
		[ -n "$PORT" ] || sleep 0.1
		i=$((i + 1))
	done
	if [ -z "$PORT" ]; then
		bad "serve printed no port: $(cat "$T/out" "$T/log" | head -c 300)"
		exit 1
	fi
}

# logged N: wait (up to 5 s) until the log has N connection lines.
logged() {
	i=0
	while [ $i -lt 50 ] && [ "$(grep -c ' 127\.0\.0\.1:[0-9]* ' "$T/log")" -lt "$1" ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# s_client NAME [ARGS]: one request through openssl s_client; its output in $T/NAME.
s_client() {
	out=$1
	shift
	printf 'GET / HTTP/1.0\r\nHost: localhost\r\n\r\n' |
		timeout 20 openssl s_client -connect "127.0.0.1:$PORT" -servername localhost -CAfile "$T/root.pem" \
			-verify_hostname localhost -verify_return_error -ign_eof "$@" >"$T/$out" 2>&1
}

# page_ok FILE WHAT: the page names TLS 1.3, x25519, the suite and ECDSA.
page_ok() {
	for v in '"version">TLSv1.3<' '"group">x25519<' '"cipher">TLS_AES_128_GCM_SHA256<' \
		'"signature">ecdsa_secp256r1_sha256<'; do
		grep -q "$v" "$1" && ok || bad "$2: the page lacks $v: $(grep '<td' "$1" | head -4)"
	done
}

LINE='127\.0\.0\.1:[0-9]* TLSv1\.3 x25519 TLS_AES_128_GCM_SHA256 ecdsa_secp256r1_sha256'

if [ "$MODE" = browser ]; then
	start_server
	mkdir -p "$T/home"
	HOME="$T/home" timeout 60 "$BROWSER" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
		--no-first-run --disable-background-networking --disable-component-update --disable-sync \
		--disable-extensions --user-data-dir="$T/profile" --ignore-certificate-errors \
		--dump-dom "https://127.0.0.1:$PORT/" >"$T/dom.html" 2>"$T/clog"
	rc=$?
	[ $rc -eq 0 ] && grep -q '</html>' "$T/dom.html" && ok ||
		bad "chromium --dump-dom exited $rc: $(tail -c 400 "$T/clog")"
	page_ok "$T/dom.html" chromium
	logged 1
	grep -q "$LINE \"GET / HTTP/1.1\" 200 " "$T/log" && ok || bad "no log line for chromium's GET /: $(cat "$T/log")"
	kill -TERM "$SP"
	wait "$SP"
	rc=$?
	SP=
	[ $rc -eq 0 ] && ok || bad "serve after SIGTERM: status $rc"
	# BoringSSL's server (where the anchor is built): Chromium negotiates X25519MLKEM768
	if "$CB" list tls13-x25519mlkem768-ecdsa-p256 | grep ' boringssl ' | grep -vq unavailable; then
		start_server --backend boringssl --group x25519mlkem768
		HOME="$T/home" timeout 60 "$BROWSER" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
			--no-first-run --disable-background-networking --disable-component-update --disable-sync \
			--disable-extensions --user-data-dir="$T/profile2" --ignore-certificate-errors \
			--dump-dom "https://127.0.0.1:$PORT/" >"$T/dom2.html" 2>"$T/clog"
		rc=$?
		[ $rc -eq 0 ] && grep -q '</html>' "$T/dom2.html" && ok ||
			bad "chromium --dump-dom (boringssl) exited $rc: $(tail -c 400 "$T/clog")"
		grep -q '"group">X25519MLKEM768<' "$T/dom2.html" && ok ||
			bad "chromium did not negotiate X25519MLKEM768 with BoringSSL: $(grep '<td' "$T/dom2.html" | head -4)"
		logged 1
		grep -q '127\.0\.0\.1:[0-9]* TLSv1\.3 X25519MLKEM768 TLS_AES_128_GCM_SHA256 ecdsa_secp256r1_sha256 "GET / HTTP/1.1" 200 ' "$T/log" &&
			ok || bad "no X25519MLKEM768 log line for chromium's GET /: $(cat "$T/log")"
		kill -TERM "$SP"
		wait "$SP"
		SP=
	else
		echo "note: BoringSSL not built (make anchors): its X25519MLKEM768 server is not tried"
	fi
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
fi

start_server
n=0

# openssl s_client: X25519, the chain verified from the root, the page
s_client s1
grep -q '^Server Temp Key: X25519' "$T/s1" && ok || bad "s_client did not negotiate X25519: $(grep 'Temp Key' "$T/s1")"
grep -q 'Verify return code: 0 (ok)' "$T/s1" && ok || bad "s_client did not verify the chain: $(grep 'Verif' "$T/s1")"
grep -q '^HTTP/1.1 200 OK' "$T/s1" && ok || bad "s_client got no 200: $(grep HTTP "$T/s1")"
page_ok "$T/s1" "s_client"
n=$((n + 1))
logged $n
grep -q "$LINE \"GET / HTTP/1.0\" 200 " "$T/log" && ok || bad "no log line for s_client's GET: $(cat "$T/log")"

# curl, trusting the root
if command -v curl >/dev/null 2>&1; then
	curl -sS --max-time 20 --cacert "$T/root.pem" --resolve "localhost:$PORT:127.0.0.1" \
		"https://localhost:$PORT/" >"$T/curl" 2>"$T/cerr" && ok || bad "curl: $(cat "$T/cerr")"
	page_ok "$T/curl" curl
	n=$((n + 1))
	curl -sS --max-time 20 --cacert "$T/root.pem" --resolve "localhost:$PORT:127.0.0.1" -o /dev/null \
		-w '%{http_code}' "https://localhost:$PORT/missing" >"$T/code" 2>"$T/cerr"
	[ "$(cat "$T/code")" = 404 ] && ok || bad "curl /missing: $(cat "$T/code") $(cat "$T/cerr")"
	n=$((n + 1))
else
	echo "note: no curl, its part is skipped"
fi

# Hostile clients, each followed by a real one that must be answered.
if command -v python3 >/dev/null 2>&1; then
	# hostile KIND: garbage | truncated (half a ClientHello, then close) |
	# truncated-stall (half, then silence) | silent (connect, send nothing)
	hostile() {
		python3 - "$PORT" "$1" <<'PY'
import os, socket, ssl, sys, time
port, kind = int(sys.argv[1]), sys.argv[2]
s = socket.create_connection(("127.0.0.1", port), timeout=10)
if kind == "garbage":
    s.sendall(os.urandom(3000))
elif kind.startswith("truncated"):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    i, o = ssl.MemoryBIO(), ssl.MemoryBIO()
    c = ctx.wrap_bio(i, o, server_hostname="localhost")
    try:
        c.do_handshake()
    except ssl.SSLWantReadError:
        pass
    hello = o.read()
    s.sendall(hello[: len(hello) // 2])
if kind in ("truncated-stall", "silent"):
    time.sleep(3)  # longer than the server's --timeout 2
s.close()
PY
	}
	for k in garbage truncated truncated-stall silent; do
		if [ "$k" = truncated-stall ] || [ "$k" = silent ]; then
			hostile "$k" &
			HP=$!
			sleep 0.5 # connected and waiting when the next client comes
		else
			hostile "$k" || bad "the $k client could not run"
			HP=
		fi
		n=$((n + 1))
		s_client "after-$k"
		grep -q '^HTTP/1.1 200 OK' "$T/after-$k" && ok || bad "after a $k client, s_client got no page"
		n=$((n + 1))
		[ -n "$HP" ] && wait "$HP"
	done
	logged $n
	grep -q ' no handshake failed: handshake failed' "$T/log" && ok || bad "no failed handshake logged for garbage"
	[ "$(grep -c 'no handshake failed: timed out during the handshake' "$T/log")" -ge 2 ] && ok ||
		bad "the stalled clients were not timed out: $(cat "$T/log")"
	[ "$(grep -c "$LINE \"GET / HTTP/1.0\" 200 " "$T/log")" -eq 5 ] && ok ||
		bad "expected 5 answered s_client requests: $(cat "$T/log")"
else
	echo "note: no python3, the hostile clients are skipped"
fi
kill -0 "$SP" 2>/dev/null && ok || bad "the server is gone"
kill -TERM "$SP"
wait "$SP"
rc=$?
SP=
[ $rc -eq 0 ] && ok || bad "serve after SIGTERM: status $rc"
grep -q "^stopped after $n connections$" "$T/log" && ok || bad "last line: $(tail -n 1 "$T/log"), expected $n connections"
[ "$(grep -c ' 127\.0\.0\.1:[0-9]* ' "$T/log")" -eq "$n" ] && ok || bad "not one log line per connection: $(cat "$T/log")"

# --count 1: ends by itself after one connection
start_server --count 1
s_client c1
wait "$SP"
rc=$?
SP=
[ $rc -eq 0 ] && grep -q '^done after 1 connection$' "$T/log" && ok || bad "--count 1: status $rc, $(tail -n 1 "$T/log")"

# BoringSSL's server (where the anchor is built), crossed with OpenSSL's client: X25519
if "$CB" list tls13-x25519-ecdsa-p256 | grep ' boringssl ' | grep -vq unavailable; then
	# BoringSSL's server takes the client's suite order (s_client's prefers AES-256): one suite offered
	start_server --backend boringssl --count 1
	s_client b1 -ciphersuites TLS_AES_128_GCM_SHA256
	grep -q '^Server Temp Key: X25519' "$T/b1" && grep -q 'Verify return code: 0 (ok)' "$T/b1" &&
		grep -q '^HTTP/1.1 200 OK' "$T/b1" && ok || bad "s_client against BoringSSL: $(grep -E 'Temp Key|Verif|HTTP' "$T/b1")"
	page_ok "$T/b1" "s_client (boringssl)"
	wait "$SP"
	SP=
	# its all-post-quantum class serves (neither OpenSSL 3.0 nor browsers offer it: test_tls does its handshakes)
	"$CB" serve --backend boringssl --group mlkem1024 --cert mldsa87 --port 0 --count 0 --timeout 1 >"$T/o" 2>"$T/e" &
	SP=$!
	sleep 1
	grep -q '^serving https://127\.0\.0\.1:[0-9]*/ (tls13-mlkem1024-mldsa87 through boringssl)' "$T/o" && ok ||
		bad "serve --group mlkem1024 --cert mldsa87: $(cat "$T/o" "$T/e")"
	kill -TERM "$SP"
	wait "$SP"
	SP=
else
	echo "note: BoringSSL not built (make anchors): s_client against it is not tried"
fi

# GmSSL's server (where the anchor is built), crossed with OpenSSL's client and curl: P-256
# (its TLS 1.3 offers curveSM2 and secp256r1; no client here speaks curveSM2)
if "$CB" list tls13-p256-ecdsa-p256 | grep ' gmssl ' | grep -vq unavailable; then
	start_server --backend gmssl --group p256 --count 2
	s_client g1 -groups P-256
	grep -q '^Server Temp Key: ECDH, prime256v1' "$T/g1" && grep -q 'Verify return code: 0 (ok)' "$T/g1" &&
		grep -q '^HTTP/1.1 200 OK' "$T/g1" && ok || bad "s_client against GmSSL: $(grep -E 'Temp Key|Verif|HTTP' "$T/g1")"
	grep -q '"group">secp256r1<' "$T/g1" && ok || bad "GmSSL's page: $(grep '<td' "$T/g1" | head -4)"
	if command -v curl >/dev/null 2>&1; then
		curl -sS --max-time 20 --curves prime256v1 --cacert "$T/root.pem" --resolve "localhost:$PORT:127.0.0.1" \
			"https://localhost:$PORT/" >"$T/gcurl" 2>"$T/cerr" && grep -q '"group">secp256r1<' "$T/gcurl" && ok ||
			bad "curl against GmSSL: $(cat "$T/cerr")"
	else
		"$CB" serve --help >/dev/null # a second connection for --count 2
		s_client g2 -groups P-256
	fi
	logged 2
	[ "$(grep -c '127\.0\.0\.1:[0-9]* TLSv1\.3 secp256r1 TLS_AES_128_GCM_SHA256 ecdsa_secp256r1_sha256 "GET / HTTP/1\.[01]" 200 ' "$T/log")" -eq 2 ] &&
		ok || bad "GmSSL's log: $(cat "$T/log")"
	wait "$SP"
	SP=
	# curveSM2 (RFC 8998) serves too
	"$CB" serve --backend gmssl --group sm2 --cert sm2 --port 0 --count 0 --timeout 1 >"$T/o" 2>"$T/e" &
	SP=$!
	sleep 1
	grep -q '^serving https://127\.0\.0\.1:[0-9]*/ (tls13-sm2-sm2 through gmssl)' "$T/o" && ok ||
		bad "serve --backend gmssl --group sm2 --cert sm2: $(cat "$T/o" "$T/e")"
	kill -TERM "$SP"
	wait "$SP"
	SP=
else
	echo "note: GmSSL not built (make anchors): s_client against it is not tried"
fi

# a handshake a stack does not offer: one line with the reason, status 2
"$CB" serve --backend openssl --group x25519mlkem768 --port 0 >"$T/o" 2>"$T/e"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$T/e")" -eq 1 ] && grep -q "cannot serve tls13-x25519mlkem768-ecdsa-p256: OpenSSL 3.0" "$T/e" &&
	ok || bad "serve of an unoffered handshake: status $rc, $(cat "$T/e")"

# usage errors: one line, status 2
"$CB" serve --group nope --port 0 >"$T/o" 2>"$T/e"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$T/e")" -eq 1 ] && grep -q "cannot serve group 'nope'" "$T/e" && ok ||
	bad "--group nope: status $rc, $(cat "$T/e")"
"$CB" serve --host nowhere --port 0 >"$T/o" 2>"$T/e"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$T/e")" -eq 1 ] && ok || bad "--host nowhere: status $rc, $(cat "$T/e")"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
