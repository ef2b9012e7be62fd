/*
 * cryptobench serve: a TLS 1.3 server real clients (a browser, openssl
 * s_client, curl) talk to, answering HTTPS GET / with a page that names
 * what the handshake negotiated (docs/TLS.md).  The library serves and
 * reports each connection (cb_tls_serve_next); this command logs one line
 * per connection on standard error.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/opts.h"
#include "core/util.h"
#include "cryptobench/fileio.h"
#include "cryptobench/registry.h"
#include "cryptobench/tls.h"

static const struct cli_command serve_cmd = {
	"serve", "cryptobench serve [--backend NAME] [--group G] [--cert C] [--port N] [--count N] [--root-out FILE]",
	"Serve HTTPS over TLS 1.3 with the handshake class tls13-G-C of a TLS\n"
	"stack (the backend), on the loopback address by default.  Each request\n"
	"for / gets a small HTML page naming the negotiated version, group,\n"
	"cipher suite and signature algorithm; one line per connection goes to\n"
	"standard error.  The certificate chain (root, intermediate, leaf for\n"
	"'localhost') is made at start; --root-out writes the root a client\n"
	"trusts (curl --cacert FILE --resolve localhost:PORT:127.0.0.1\n"
	"https://localhost:PORT/).  One connection at a time: a client that\n"
	"stalls or sends garbage costs only its own connection, which lasts\n"
	"--timeout seconds at most.  The first line on standard output is the\n"
	"address served (with the port the system chose for --port 0).\n"
	"SIGINT or SIGTERM ends it cleanly.\n",
	"exit status: 0 stopped by a signal or after --count connections; 1 the\n"
	"socket or the certificates could not be made, or --root-out could not\n"
	"be written; 2 usage error (no such group, certificate or stack).\n",
	CLI_CMD_NO_OPERANDS};

static volatile sig_atomic_t stop_flag;

static void on_stop(int sig)
{
	(void)sig;
	stop_flag = 1;
}

/* Local time is not wanted in a log another machine reads: UTC, to the second. */
static void stamp(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;
	if (!gmtime_r(&t, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, len, "-");
}

static void log_event(const cb_tls_serve_event *ev)
{
	char ts[32];
	stamp(ts, sizeof(ts));
	if (ev->handshake_done)
		fprintf(stderr, "%s %s %s %s %s %s", ts, ev->peer, ev->params.version, ev->params.group,
			ev->params.cipher, ev->params.signature);
	else
		fprintf(stderr, "%s %s no handshake", ts, ev->peer);
	if (ev->http_status)
		fprintf(stderr, " \"%s\" %d", ev->request, ev->http_status);
	if (ev->status)
		fprintf(stderr, " failed: %s", ev->error[0] ? ev->error : cb_strerror(ev->status));
	fprintf(stderr, " (%.1f ms, %ld bytes in, %ld out)\n", ev->seconds * 1e3, ev->bytes_in, ev->bytes_out);
}

/* The stack's TLS classes, "g-c, g-c, ..." for an error message. */
static void known(const char *backend, char *buf, size_t len)
{
	const cb_alg_info *a;
	size_t n = 0;
	buf[0] = 0;
	for (size_t i = 0; (a = cb_registry_get(i)) != NULL; i++) {
		const cb_tls_class *k = cb_as_tls(a);
		if (!k || strcmp(a->backend, backend) || !k->serve_conn || strncmp(a->name, "tls13-", 6))
			continue;
		int r = snprintf(buf + n, len - n, "%s%s", n ? ", " : "", a->name + 6);
		if (r < 0 || (size_t)r >= len - n)
			break;
		n += (size_t)r;
	}
}

int cmd_serve(int argc, char **argv)
{
	const char *backend = "openssl", *group = "x25519", *cert = "ecdsa-p256", *host = "127.0.0.1", *root_out = NULL;
	double port = 4433, count = 0, timeout = 5;
	int first, r;
	const struct cli_option opts[] = {
		CLI_STRING_ONCE("backend", 'b', "NAME", &backend, "the TLS stack (default openssl)"),
		CLI_STRING_ONCE("group", 'g', "GROUP", &group,
				"the key exchange group, as in the class names tls13-GROUP-CERT: x25519 (default), p256; "
				"BoringSSL also x25519mlkem768 (with ecdsa-p256 or mldsa65) and mlkem1024 (with mldsa87); "
				"GmSSL p256 and sm2 (with sm2: RFC 8998, which no browser offers)"),
		CLI_STRING_ONCE("cert", 'c', "CERT", &cert,
				"the certificate chain's algorithm: ecdsa-p256 (default), rsa2048, ed25519 (browsers "
				"do not offer ed25519); BoringSSL also mldsa65, mldsa87 (browsers do not offer ML-DSA yet); "
				"GmSSL ecdsa-p256 and sm2"),
		CLI_STRING_ONCE("host", 0, "ADDR", &host, "the address to listen on (default 127.0.0.1; ::1 for IPv6)"),
		{.type = CLI_OPT_NUMBER, .name = "port", .short_name = 'p', .arg = "N", .value = &port, .lo = 0,
		 .hi = 65535, .flags = CLI_OPT_WHOLE | CLI_OPT_ONCE,
		 .help = "the port (default 4433; 0: a free one, printed on standard output)"},
		{.type = CLI_OPT_NUMBER, .name = "count", .short_name = 'n', .arg = "N", .value = &count, .lo = 0,
		 .hi = 1e9, .flags = CLI_OPT_WHOLE | CLI_OPT_ONCE,
		 .help = "end after N connections, whatever their outcome (default 0: until a signal)"},
		{.type = CLI_OPT_NUMBER, .name = "timeout", .short_name = 0, .arg = "SECONDS", .value = &timeout,
		 .lo = 0.1, .hi = 600, .flags = CLI_OPT_ONCE,
		 .help = "the longest one connection may last, handshake to answer (default 5)"},
		CLI_STRING_ONCE("root-out", 0, "FILE", &root_out,
				"write the root certificate (PEM) a client trusts to verify the server"),
	};
	char name[96], list[512], url[128];
	const cb_alg_info *a;
	const cb_tls_class *k;
	cb_tls_server *srv = NULL;
	struct sigaction sa;
	long served = 0;

	r = cli_parse_options(&serve_cmd, opts, CB_ARRAY_LEN(opts), argc, argv, &first);
	if (r)
		return r > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	snprintf(name, sizeof(name), "tls13-%s-%s", group, cert);
	a = cb_registry_find(name, backend);
	k = cb_as_tls(a);
	if (k && cb_alg_unavailable(a) && cb_alg_not_built(a)) {
		cli_error("%s through %s cannot run here: %s", name, backend, cb_alg_unavailable(a));
		return CB_EXIT_FAIL;
	}
	if (k && cb_alg_unavailable(a)) { /* a handshake the stack does not offer */
		cli_error("backend '%s' cannot serve %s: %s", backend, name, cb_alg_unavailable(a));
		return CB_EXIT_USAGE;
	}
	if (!k || !k->serve_conn) {
		if (!cb_backend_find(backend)) {
			cli_error("no backend '%s' in this build (see 'cryptobench list --backends')", backend);
			return CB_EXIT_USAGE;
		}
		known(backend, list, sizeof(list));
		if (list[0])
			cli_error("backend '%s' cannot serve group '%s' with certificate '%s' (it serves: %s)", backend,
				  group, cert, list);
		else
			cli_error("backend '%s' has no TLS stack to serve with", backend);
		return CB_EXIT_USAGE;
	}
	if (cb_alg_unavailable(a)) {
		cli_error("%s through %s cannot run here: %s", name, backend, cb_alg_unavailable(a));
		return CB_EXIT_FAIL;
	}
	if (root_out && cb_atomic_check(root_out) != 0) {
		cli_error("cannot write '%s': %s", root_out, cli_strerror(errno));
		return CB_EXIT_FAIL;
	}

	r = cb_tls_serve_open(k, host, (int)port, timeout, &srv);
	if (r == CB_ERR_ARG) {
		cli_error("'%s' is not an IPv4 or IPv6 address", host);
		return CB_EXIT_USAGE;
	}
	if (r == CB_ERR_IO) {
		cli_error("cannot listen on %s port %d: %s", host, (int)port, cli_strerror(errno));
		return CB_EXIT_FAIL;
	}
	if (r) {
		cli_error("%s through %s: cannot make the server: %s", name, backend, cb_strerror(r));
		return CB_EXIT_FAIL;
	}
	if (root_out) {
		static char pem[16384];
		size_t n = cb_tls_serve_root_pem(srv, pem, sizeof(pem));
		if (!n || cb_write_file_atomic(root_out, pem, n, 0644) != 0) {
			cli_error("cannot write the root certificate to '%s': %s", root_out,
				  n ? cli_strerror(errno) : "the stack gave none");
			cb_tls_serve_close(srv);
			return CB_EXIT_FAIL;
		}
	}

	/* a signal ends the loop between connections, or the connection's waits */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	/* a client that closes while the answer is written must not end the server */
	signal(SIGPIPE, SIG_IGN);

	if (strchr(host, ':'))
		snprintf(url, sizeof(url), "https://[%s]:%d/", host, cb_tls_serve_port(srv));
	else
		snprintf(url, sizeof(url), "https://%s:%d/", host, cb_tls_serve_port(srv));
	printf("serving %s (%s through %s)\n", url, name, backend);
	fflush(stdout);

	while (!stop_flag && (count <= 0 || served < (long)count)) {
		cb_tls_serve_event ev;
		r = cb_tls_serve_next(srv, (volatile const int *)&stop_flag, &ev);
		if (r == 0)
			break;
		if (r < 0) {
			cli_error("accepting connections failed: %s", cli_strerror(errno));
			cb_tls_serve_close(srv);
			return CB_EXIT_FAIL;
		}
		served++;
		log_event(&ev);
	}
	cb_tls_serve_close(srv);
	fprintf(stderr, "%s after %ld connection%s\n", stop_flag ? "stopped" : "done", served, served == 1 ? "" : "s");
	return CB_EXIT_OK;
}
