/*
 * TLS 1.3 handshakes through OpenSSL's libssl (include/cryptobench/tls.h,
 * docs/TLS.md).  Each class's variant names the group, the certificate
 * chain's key type and the signature scheme; init makes a root, an
 * intermediate and a leaf certificate of that key type, a server context
 * with the leaf, its key and the intermediate, and a client context that
 * trusts the root, checks the chain and the host name.  A handshake is two
 * fresh SSL objects over a BIO pair in the calling thread.
 */
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backends/openssl/openssl_common.h"
#include "cryptobench/tls.h"

#define HOST "localhost"
#define CIPHER "TLS_AES_128_GCM_SHA256"
/* The largest first flight the server op keeps (ClientHello) and a BIO pair's buffers. */
#define HELLO_MAX 4096
#define PAIR_BUF 65536

typedef struct tls_variant {
	const char *groups;    /* SSL_CTX_set1_groups_list */
	const char *keytype;   /* EVP_PKEY_Q_keygen's type: "EC", "RSA", "ED25519" */
	const char *sigalgs;   /* SSL_CTX_set1_sigalgs_list: the one scheme the server may use */
} tls_variant;

struct cb_tls {
	SSL_CTX *server, *client;
	X509 *root; /* what the client trusts, for serve's --root-out */
	unsigned char hello[HELLO_MAX]; /* a ClientHello of this client, for the server op */
	size_t hello_len;
};

static EVP_PKEY *new_key(const char *type)
{
	if (!strcmp(type, "EC"))
		return EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	if (!strcmp(type, "RSA"))
		return EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	return EVP_PKEY_Q_keygen(NULL, NULL, type);
}

static int add_ext(X509 *cert, X509 *issuer, int nid, const char *value)
{
	X509V3_CTX ctx;
	X509_EXTENSION *ext;
	int ok;
	X509V3_set_ctx(&ctx, issuer ? issuer : cert, cert, NULL, NULL, 0);
	ext = X509V3_EXT_conf_nid(NULL, &ctx, nid, value);
	if (!ext)
		return 0;
	ok = X509_add_ext(cert, ext, -1);
	X509_EXTENSION_free(ext);
	return ok;
}

/*
 * A certificate for key under the name cn, signed by issuer_key (itself
 * when issuer is NULL): a CA (root, intermediate) or the server's leaf
 * for HOST.  NULL on failure.
 */
static X509 *new_cert(EVP_PKEY *key, const char *cn, X509 *issuer, EVP_PKEY *issuer_key, int ca, long serial)
{
	X509 *x = X509_new();
	X509_NAME *name = X509_NAME_new();
	/* Ed25519 signs without a separate digest */
	const EVP_MD *md = EVP_PKEY_get_id(issuer_key) == EVP_PKEY_ED25519 ? NULL : EVP_sha256();
	int ok = x && name && X509_set_version(x, 2) && ASN1_INTEGER_set(X509_get_serialNumber(x), serial) &&
		 X509_gmtime_adj(X509_getm_notBefore(x), -3600) && X509_gmtime_adj(X509_getm_notAfter(x), 30L * 86400) &&
		 X509_set_pubkey(x, key) &&
		 X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)cn, -1, -1, 0) &&
		 X509_set_subject_name(x, name) && X509_set_issuer_name(x, issuer ? X509_get_subject_name(issuer) : name) &&
		 add_ext(x, issuer, NID_subject_key_identifier, "hash");
	if (ok && issuer)
		ok = add_ext(x, issuer, NID_authority_key_identifier, "keyid:always");
	if (ok && ca)
		ok = add_ext(x, issuer, NID_basic_constraints, "critical,CA:TRUE") &&
		     add_ext(x, issuer, NID_key_usage, "critical,keyCertSign,cRLSign");
	else if (ok)
		ok = add_ext(x, issuer, NID_basic_constraints, "critical,CA:FALSE") &&
		     add_ext(x, issuer, NID_key_usage, "critical,digitalSignature") &&
		     add_ext(x, issuer, NID_ext_key_usage, "serverAuth") &&
		     add_ext(x, issuer, NID_subject_alt_name, "DNS:" HOST);
	ok = ok && X509_sign(x, issuer_key, md) > 0;
	X509_NAME_free(name);
	if (!ok) {
		X509_free(x);
		return NULL;
	}
	return x;
}

static SSL_CTX *new_ctx(const tls_variant *v, int server)
{
	SSL_CTX *ctx = SSL_CTX_new(server ? TLS_server_method() : TLS_client_method());
	if (!ctx)
		return NULL;
	if (!SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION) || !SSL_CTX_set_max_proto_version(ctx, TLS1_3_VERSION) ||
	    !SSL_CTX_set_ciphersuites(ctx, CIPHER) || !SSL_CTX_set1_groups_list(ctx, v->groups) ||
	    !SSL_CTX_set1_sigalgs_list(ctx, v->sigalgs)) {
		SSL_CTX_free(ctx);
		return NULL;
	}
	/* one full handshake each time: no session cache, no tickets */
	SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);
	if (server)
		SSL_CTX_set_num_tickets(ctx, 0);
	return ctx;
}

static void tls_free(cb_tls *t)
{
	if (!t)
		return;
	SSL_CTX_free(t->server);
	SSL_CTX_free(t->client);
	X509_free(t->root);
	free(t);
}

/* A client connection ready to start, checking HOST. */
static SSL *new_client(cb_tls *t)
{
	SSL *c = SSL_new(t->client);
	if (c && (!SSL_set_tlsext_host_name(c, HOST) || !SSL_set1_host(c, HOST))) {
		SSL_free(c);
		return NULL;
	}
	if (c)
		SSL_set_connect_state(c);
	return c;
}

/* One step of a side: 1 done, 0 waiting for the peer, -1 failed. */
static int step(SSL *s)
{
	int r = SSL_do_handshake(s), e;
	if (r == 1)
		return 1;
	e = SSL_get_error(s, r);
	return e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE ? 0 : -1;
}

/* The scheme of the server's CertificateVerify, seen from the client (own 0) or the server (own 1). */
static void signature_name(SSL *c, int own, char *buf, size_t len)
{
	int type = NID_undef, md = NID_undef;
	if (own) {
		SSL_get_signature_type_nid(c, &type);
		SSL_get_signature_nid(c, &md);
	} else {
		SSL_get_peer_signature_type_nid(c, &type);
		SSL_get_peer_signature_nid(c, &md);
	}
	if (type == EVP_PKEY_ED25519)
		snprintf(buf, len, "ed25519");
	else if (type == EVP_PKEY_EC && md == NID_sha256)
		snprintf(buf, len, "ecdsa_secp256r1_sha256");
	else if (type == EVP_PKEY_RSA_PSS && md == NID_sha256)
		snprintf(buf, len, "rsa_pss_rsae_sha256");
	else
		snprintf(buf, len, "%s+%s", OBJ_nid2sn(type), OBJ_nid2sn(md));
}

static int tls_handshake(cb_tls *t, cb_tls_wire *wire, cb_tls_params *params)
{
	BIO *cb = NULL, *sb = NULL;
	SSL *c = new_client(t), *s = SSL_new(t->server);
	int cdone = 0, sdone = 0, rc = CB_ERR_BACKEND;
	long hello = 0, flight = 0;
	if (!c || !s || !BIO_new_bio_pair(&cb, PAIR_BUF, &sb, PAIR_BUF))
		goto out;
	SSL_set_bio(c, cb, cb);
	SSL_set_bio(s, sb, sb);
	SSL_set_accept_state(s);
	/* ClientHello; ServerHello .. Finished; the client's Finished: three flights at most, a few spare */
	for (int i = 0; i < 8 && !(cdone && sdone); i++) {
		int r;
		if (!cdone) {
			if ((r = step(c)) < 0)
				goto out;
			cdone = r;
			if (!hello)
				hello = (long)BIO_number_written(cb);
		}
		if (!sdone) {
			if ((r = step(s)) < 0)
				goto out;
			sdone = r;
			if (!flight)
				flight = (long)BIO_number_written(sb);
		}
	}
	if (!cdone || !sdone)
		goto out;
	if (wire) {
		wire->client_bytes = (long)BIO_number_written(cb);
		wire->server_bytes = (long)BIO_number_written(sb);
		wire->client_hello = hello;
		wire->server_flight = flight;
	}
	if (params) {
		int g = SSL_get_negotiated_group(c);
		const char *gn = SSL_group_to_name(c, g);
		snprintf(params->version, sizeof(params->version), "%s", SSL_get_version(c));
		snprintf(params->group, sizeof(params->group), "%s", gn ? gn : "?");
		snprintf(params->cipher, sizeof(params->cipher), "%s",
			 SSL_CIPHER_standard_name(SSL_get_current_cipher(c)));
		signature_name(c, 0, params->signature, sizeof(params->signature));
	}
	rc = 0;
out:
	/* SSL_free frees the BIOs set on it */
	if (c && cb && SSL_get_rbio(c) != cb)
		BIO_free(cb);
	if (s && sb && SSL_get_rbio(s) != sb)
		BIO_free(sb);
	SSL_free(c);
	SSL_free(s);
	if (rc)
		ERR_clear_error();
	return rc;
}

static int tls_server(cb_tls *t)
{
	SSL *s = SSL_new(t->server);
	BIO *in = BIO_new_mem_buf(t->hello, (int)t->hello_len), *out = BIO_new(BIO_s_mem());
	int rc = CB_ERR_BACKEND;
	if (!s || !in || !out) {
		BIO_free(in);
		BIO_free(out);
		SSL_free(s);
		return CB_ERR_NOMEM;
	}
	BIO_set_mem_eof_return(in, -1); /* no more input yet: wait, as on a socket */
	SSL_set_bio(s, in, out);
	SSL_set_accept_state(s);
	/* the whole flight written, then waiting for the client's Finished */
	if (step(s) == 0 && BIO_ctrl_pending(out) > 0)
		rc = 0;
	SSL_free(s);
	if (rc)
		ERR_clear_error();
	return rc;
}

/*
 * The certificate chain of a class: a root, an intermediate signed by it
 * and a leaf for HOST signed by the intermediate, all with fresh keys of
 * keytype.  The server context gets leaf, key and intermediate; the
 * client context (may be NULL) trusts the root and checks the chain; *root
 * (may be NULL) keeps the root.  0, or CB_ERR_BACKEND.
 */
static int load_chain(const char *keytype, SSL_CTX *server, SSL_CTX *client, X509 **root_out)
{
	EVP_PKEY *kr = new_key(keytype), *ki = new_key(keytype), *kl = new_key(keytype);
	X509 *root = NULL, *inter = NULL, *leaf = NULL;
	int rc = CB_ERR_BACKEND;
	if (!kr || !ki || !kl)
		goto out;
	root = new_cert(kr, "cryptobench test root", NULL, kr, 1, 1);
	inter = root ? new_cert(ki, "cryptobench test intermediate", root, kr, 1, 2) : NULL;
	leaf = inter ? new_cert(kl, HOST, inter, ki, 0, 3) : NULL;
	if (!leaf)
		goto out;
	if (!SSL_CTX_use_certificate(server, leaf) || !SSL_CTX_add1_chain_cert(server, inter) ||
	    !SSL_CTX_use_PrivateKey(server, kl) || !SSL_CTX_check_private_key(server))
		goto out;
	if (client) {
		if (!X509_STORE_add_cert(SSL_CTX_get_cert_store(client), root))
			goto out;
		SSL_CTX_set_verify(client, SSL_VERIFY_PEER, NULL);
	}
	if (root_out) {
		*root_out = root;
		root = NULL;
	}
	rc = 0;
out:
	EVP_PKEY_free(kr);
	EVP_PKEY_free(ki);
	EVP_PKEY_free(kl);
	X509_free(root);
	X509_free(inter);
	X509_free(leaf);
	return rc;
}

static int tls_init(const cb_tls_class *cls, cb_tls **out)
{
	const tls_variant *v = cls->info.variant;
	cb_tls *t = calloc(1, sizeof(*t));
	int rc = CB_ERR_BACKEND;
	*out = NULL;
	if (!t)
		return CB_ERR_NOMEM;
	t->server = new_ctx(v, 1);
	t->client = new_ctx(v, 0);
	if (!t->server || !t->client) {
		rc = CB_ERR_UNSUPPORTED; /* this libssl lacks the group or the scheme */
		goto out;
	}
	if ((rc = load_chain(v->keytype, t->server, t->client, &t->root)) != 0)
		goto out;
	rc = CB_ERR_BACKEND;
	/* a ClientHello of this client for the server op: the client's first flight */
	{
		SSL *c = new_client(t);
		BIO *cb = NULL, *sb = NULL;
		int r = c && BIO_new_bio_pair(&cb, PAIR_BUF, &sb, PAIR_BUF) ? 0 : -1;
		if (!r) {
			SSL_set_bio(c, cb, cb);
			r = step(c);
		}
		if (r == 0 && BIO_ctrl_pending(sb) > 0 && BIO_ctrl_pending(sb) <= sizeof(t->hello))
			t->hello_len = (size_t)BIO_read(sb, t->hello, (int)sizeof(t->hello));
		BIO_free(sb);
		SSL_free(c);
		if (!t->hello_len)
			goto out;
	}
	rc = 0;
out:
	if (rc) {
		tls_free(t);
		ERR_clear_error();
		return rc;
	}
	*out = t;
	return 0;
}

/* ---- serving real clients on a socket (cb_tls_serve, docs/TLS.md) ---- */

static double now_mono(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Wait until fd can be read (or written, for_write) without blocking,
 * in slices so that a stop is seen: 1 ready, 0 the deadline passed or a
 * stop, -1 an error.
 */
static int wait_fd(int fd, int for_write, double deadline, volatile const int *stop)
{
	for (;;) {
		struct pollfd p = {.fd = fd, .events = (short)(for_write ? POLLOUT : POLLIN)};
		double left = deadline - now_mono();
		int ms, r;
		if (left <= 0 || (stop && *stop))
			return 0;
		ms = left > 0.25 ? 250 : (int)(left * 1000) + 1;
		r = poll(&p, 1, ms);
		if (r > 0)
			return 1;
		if (r < 0 && errno != EINTR)
			return -1;
	}
}

/*
 * Run f (SSL_do_handshake, SSL_read, SSL_write, SSL_shutdown through
 * io_step) until it completes: its result > 0, 0 when the peer closed,
 * -1 failed, -2 timed out or stopped.
 */
enum { IO_HANDSHAKE, IO_READ, IO_WRITE };
static int io_step(SSL *s, int fd, int what, void *buf, int len, double deadline, volatile const int *stop)
{
	for (;;) {
		int r, e, w;
		if (what == IO_HANDSHAKE)
			r = SSL_do_handshake(s);
		else if (what == IO_READ)
			r = SSL_read(s, buf, len);
		else
			r = SSL_write(s, buf, len);
		if (r > 0)
			return r;
		e = SSL_get_error(s, r);
		if (e == SSL_ERROR_ZERO_RETURN)
			return 0;
		if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE)
			return -1;
		w = wait_fd(fd, e == SSL_ERROR_WANT_WRITE, deadline, stop);
		if (w == 0)
			return -2;
		if (w < 0)
			return -1;
	}
}

/* The reason OpenSSL gave, or what; into buf. */
static void ssl_reason(const char *what, char *buf, size_t len)
{
	unsigned long e = ERR_peek_last_error();
	const char *r = e ? ERR_reason_error_string(e) : NULL;
	if (r)
		snprintf(buf, len, "%s: %s", what, r);
	else
		snprintf(buf, len, "%s", what);
	ERR_clear_error();
}

static int tls_serve_conn(cb_tls *t, int fd, double deadline, volatile const int *stop,
			  size_t (*respond)(const char *, size_t, cb_tls_serve_event *, char *, size_t),
			  cb_tls_serve_event *ev)
{
	SSL *s = SSL_new(t->server);
	BIO *b = BIO_new_socket(fd, BIO_NOCLOSE);
	char req[CB_TLS_REQUEST_MAX + 1], *answer = NULL;
	size_t got = 0, alen;
	int r, rc = CB_ERR_BACKEND;
	if (!s || !b) {
		BIO_free(b);
		SSL_free(s);
		snprintf(ev->error, sizeof(ev->error), "out of memory");
		return CB_ERR_NOMEM;
	}
	SSL_set_bio(s, b, b);
	SSL_set_accept_state(s);
	r = io_step(s, fd, IO_HANDSHAKE, NULL, 0, deadline, stop);
	if (r <= 0) {
		if (r == -2)
			snprintf(ev->error, sizeof(ev->error), "%s during the handshake",
				 stop && *stop ? "stopped" : "timed out");
		else
			ssl_reason("handshake failed", ev->error, sizeof(ev->error));
		rc = r == -2 ? CB_ERR_IO : CB_ERR_BACKEND;
		goto out;
	}
	ev->handshake_done = 1;
	{
		int g = SSL_get_negotiated_group(s);
		const char *gn = SSL_group_to_name(s, g);
		snprintf(ev->params.version, sizeof(ev->params.version), "%s", SSL_get_version(s));
		snprintf(ev->params.group, sizeof(ev->params.group), "%s", gn ? gn : "?");
		snprintf(ev->params.cipher, sizeof(ev->params.cipher), "%s",
			 SSL_CIPHER_standard_name(SSL_get_current_cipher(s)));
		signature_name(s, 1, ev->params.signature, sizeof(ev->params.signature));
	}
	/* the request: to the end of its headers, at most CB_TLS_REQUEST_MAX bytes */
	while (got < CB_TLS_REQUEST_MAX) {
		req[got] = 0;
		if (strstr(req, "\r\n\r\n") || strstr(req, "\n\n"))
			break;
		r = io_step(s, fd, IO_READ, req + got, (int)(CB_TLS_REQUEST_MAX - got), deadline, stop);
		if (r <= 0) {
			if (r == -2)
				snprintf(ev->error, sizeof(ev->error), "%s waiting for the request",
					 stop && *stop ? "stopped" : "timed out");
			else if (r == 0)
				snprintf(ev->error, sizeof(ev->error), "the client closed before a whole request");
			else
				ssl_reason("reading the request failed", ev->error, sizeof(ev->error));
			rc = r == -1 ? CB_ERR_BACKEND : CB_ERR_IO;
			goto out;
		}
		got += (size_t)r;
	}
	req[got] = 0;
	answer = malloc(CB_TLS_RESPONSE_MAX);
	if (!answer) {
		rc = CB_ERR_NOMEM;
		goto out;
	}
	alen = respond(req, got, ev, answer, CB_TLS_RESPONSE_MAX);
	for (size_t off = 0; off < alen;) {
		r = io_step(s, fd, IO_WRITE, answer + off, (int)(alen - off), deadline, stop);
		if (r <= 0) {
			ev->http_status = 0;
			if (r == -2)
				snprintf(ev->error, sizeof(ev->error), "timed out sending the answer");
			else
				ssl_reason("sending the answer failed", ev->error, sizeof(ev->error));
			rc = r == -2 ? CB_ERR_IO : CB_ERR_BACKEND;
			goto out;
		}
		off += (size_t)r;
	}
	rc = 0;
	/* close_notify, once: the client need not answer it */
	SSL_shutdown(s);
out:
	ev->bytes_in = (long)BIO_number_read(b);
	ev->bytes_out = (long)BIO_number_written(b);
	free(answer);
	SSL_free(s);
	ERR_clear_error();
	return rc;
}

static size_t tls_root_pem(cb_tls *t, char *buf, size_t cap)
{
	BIO *m = BIO_new(BIO_s_mem());
	char *p;
	long n;
	size_t len = 0;
	if (m && t->root && PEM_write_bio_X509(m, t->root) == 1) {
		n = BIO_get_mem_data(m, &p);
		if (n > 0 && (size_t)n <= cap) {
			memcpy(buf, p, (size_t)n);
			len = (size_t)n;
		}
	}
	BIO_free(m);
	ERR_clear_error();
	return len;
}

#define TLS_CLASS(sym, nm, var)                                                                           \
	static const cb_tls_class sym = {                                                                 \
		{.kind = CB_KIND_TLS, .name = nm, .backend = "openssl",                                    \
		 .notes = "libssl, TLS_AES_128_GCM_SHA256, a BIO pair in one thread, no tickets; a chain of " \
			  "three certificates made at start",                                             \
		 .implementation = cb_openssl_implementation, .variant = &var},                            \
		tls_init, tls_handshake, tls_server, tls_free, tls_serve_conn, tls_root_pem}

static const tls_variant x25519_ecdsa = {"X25519", "EC", "ecdsa_secp256r1_sha256"};
static const tls_variant p256_ecdsa = {"P-256", "EC", "ecdsa_secp256r1_sha256"};
static const tls_variant x25519_rsa = {"X25519", "RSA", "rsa_pss_rsae_sha256"};
static const tls_variant x25519_ed25519 = {"X25519", "ED25519", "ed25519"};

TLS_CLASS(tls_x25519_ecdsa, "tls13-x25519-ecdsa-p256", x25519_ecdsa);
TLS_CLASS(tls_p256_ecdsa, "tls13-p256-ecdsa-p256", p256_ecdsa);
TLS_CLASS(tls_x25519_rsa, "tls13-x25519-rsa2048", x25519_rsa);
TLS_CLASS(tls_x25519_ed25519, "tls13-x25519-ed25519", x25519_ed25519);

const cb_alg_info *const cb_openssl_tls_algs[] = {
	&tls_x25519_ecdsa.info, &tls_p256_ecdsa.info, &tls_x25519_rsa.info, &tls_x25519_ed25519.info, NULL,
};
