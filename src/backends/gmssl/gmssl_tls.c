/*
 * TLS 1.3 and TLCP handshakes through GmSSL's own stack
 * (include/cryptobench/tls.h, docs/TLS.md): curveSM2 with SM2 certificates
 * and TLS_SM4_GCM_SM3 (RFC 8998), secp256r1 with ECDSA P-256 certificates,
 * and TLCP's ECC_SM4_GCM_SM3 with SM2 double certificates (GB/T 38636).
 *
 * GmSSL's TLS code moves its records with the six tls_socket_* functions
 * of its socket.c.  This file defines them instead (backend.cmake links the
 * adapters before libgmssl.a, so socket.o is never pulled in): a
 * connection whose socket is MEM_CLIENT or MEM_SERVER writes to and reads
 * from the memory pipes of the pair that the calling thread is running, any
 * other descriptor is a real socket.  GmSSL's handshake is a state machine
 * that returns TLS_ERROR_RECV_AGAIN when its peer has not written yet, so
 * src/tls/driver.h steps both sides in turn in one thread over the calls
 * below, as it does the libssl classes over a BIO pair, and serves sockets
 * with them.
 *
 * The certificates (root, intermediate, leaf for "localhost", fresh keys)
 * are made in memory with GmSSL's X.509 code and put in the contexts the
 * way tls_ctx_set_certificate_and_key and tls_ctx_set_ca_certificates put
 * what they read from files.  The stack's structures depend on the ENABLE_*
 * switches it was built with: backend.cmake compiles this file with the
 * same ones.
 */
#include "backends/gmssl/gmssl_common.h"
#include "cryptobench/tls.h"
#include "backends/tls_unoffered.h"

#ifdef CB_GMSSL_BUILT

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include <gmssl/digest.h>
#include <gmssl/oid.h>
#include <gmssl/rand.h>
#include <gmssl/sm2.h>
#include <gmssl/socket.h>
#include <gmssl/tls.h>
#include <gmssl/x509_cer.h>
#include <gmssl/x509_ext.h>
#include <gmssl/x509_key.h>

#include "core/util.h"
#include "tls/driver.h"

#define HOST CB_TLS_HOST
#define PIPE_CAP 65536
#define CERT_MAX 2048
/* The two in-memory sockets; far above any descriptor the process can have. */
#define MEM_CLIENT 0x40000000
#define MEM_SERVER 0x40000001

/* ---- The transport: GmSSL's socket functions ---- */

typedef struct pipe_buf {
	uint8_t buf[PIPE_CAP];
	size_t r, w;  /* read and write offsets */
	long written; /* bytes written since reset */
} pipe_buf;

typedef struct mem_pair {
	pipe_buf c2s, s2c;
} mem_pair;

static _Thread_local mem_pair *cur;   /* the pair the calling thread is running */
static _Thread_local int last_error;  /* what tls_socket_get_error reports */
static _Thread_local long sock_in, sock_out; /* bytes through real sockets (serve_conn's counts) */

/* The definitions GmSSL's TLS code calls (its socket.h declares them). */
static pipe_buf *pipe_of(tls_socket_t sock, int sending)
{
	if (!cur || (sock != MEM_CLIENT && sock != MEM_SERVER))
		return NULL;
	/* the client writes c2s and reads s2c */
	return (sock == MEM_CLIENT) == !!sending ? &cur->c2s : &cur->s2c;
}

tls_ret_t tls_socket_send(tls_socket_t sock, const void *buf, size_t len, int flags)
{
	pipe_buf *p = pipe_of(sock, 1);
	ssize_t n;
	if (!p) {
		n = send(sock, buf, len, flags | MSG_NOSIGNAL);
		last_error = n < 0 ? errno : 0;
		sock_out += n > 0 ? (long)n : 0;
		return n;
	}
	if (p->w == PIPE_CAP && len) { /* full: the peer reads first */
		last_error = errno = EAGAIN;
		return -1;
	}
	if (len > PIPE_CAP - p->w)
		len = PIPE_CAP - p->w;
	memcpy(p->buf + p->w, buf, len);
	p->w += len;
	p->written += (long)len;
	last_error = 0;
	return (tls_ret_t)len;
}

tls_ret_t tls_socket_recv(tls_socket_t sock, void *buf, size_t len, int flags)
{
	pipe_buf *p = pipe_of(sock, 0);
	ssize_t n;
	if (!p) {
		n = recv(sock, buf, len, flags);
		last_error = n < 0 ? errno : 0;
		sock_in += n > 0 ? (long)n : 0;
		return n;
	}
	if (p->r == p->w) {
		last_error = EAGAIN;
		errno = EAGAIN;
		return -1;
	}
	if (len > p->w - p->r)
		len = p->w - p->r;
	memcpy(buf, p->buf + p->r, len);
	p->r += len;
	if (p->r == p->w)
		p->r = p->w = 0;
	last_error = 0;
	return (tls_ret_t)len;
}

int tls_socket_get_error(void)
{
	return last_error;
}

tls_socket_err_t tls_socket_get_error_type(int err, int is_read)
{
	switch (err) {
	case 0: return TLS_SOCKET_ERR_NONE;
	case EAGAIN:
#if EWOULDBLOCK != EAGAIN
	case EWOULDBLOCK:
#endif
		return is_read ? TLS_SOCKET_ERR_WANT_READ : TLS_SOCKET_ERR_WANT_WRITE;
	case EINTR: return TLS_SOCKET_ERR_INTERRUPTED;
	case EPIPE: return TLS_SOCKET_ERR_CLOSED;
	case ECONNRESET: return TLS_SOCKET_ERR_RESET;
	case ETIMEDOUT: return TLS_SOCKET_ERR_TIMEOUT;
	case EINVAL: return TLS_SOCKET_ERR_INVAL;
	default: return TLS_SOCKET_ERR_SYSTEM;
	}
}

int tls_socket_is_valid(tls_socket_t sock)
{
	return sock >= 0;
}

/* A blocking send found the peer's buffer full: over memory it never is. */
void tls_socket_wait(void)
{
}

/* ---- Certificates ---- */

typedef struct tls_variant {
	int protocol;  /* TLS_protocol_tls13 or TLS_protocol_tlcp */
	int group;     /* TLS_curve_*; 0: none (TLCP's ECC suites send an SM2-encrypted secret) */
	int curve_oid; /* the certificates' curve: OID_sm2 or OID_secp256r1 */
	int sig_oid;   /* their signature: OID_sm2sign_with_sm3 or OID_ecdsa_with_sha256 */
	int sig_alg;   /* the server's CertificateVerify: TLS_sig_* */
	int cipher;    /* TLS_cipher_* */
} tls_variant;

struct cb_tls {
	cb_tls_base base; /* the driver's: the recorded ClientHello, the root */
	const tls_variant *v;
	TLS_CTX server, client;
	mem_pair pair;
	DIGEST_CTX transcript; /* TLS 1.3: the hello's transcript hash, for the sign op */
	uint8_t share[65];     /* TLS 1.3: a client's key share, for the share op */
};

static int new_key(const tls_variant *v, X509_KEY *key)
{
	return x509_key_generate(key, OID_ec_public_key, &v->curve_oid, sizeof(v->curve_oid)) == 1 ? 0 : -1;
}

/* What a certificate is for. */
enum { CERT_CA, CERT_SIGN, CERT_ENC };

/*
 * A certificate for key, named cn, signed by issuer_key under issuer's name
 * (issuer_cn): a CA (basicConstraints, keyCertSign), or a leaf for HOST
 * (subjectAltName, serverAuth) that signs (digitalSignature) or, TLCP's
 * second certificate, receives the encrypted secret (keyEncipherment,
 * dataEncipherment, keyAgreement).  0, or -1.
 */
static int new_cert(const tls_variant *v, const X509_KEY *key, const char *cn, X509_KEY *issuer_key,
		    const char *issuer_cn, int use, uint8_t *out, size_t *outlen)
{
	uint8_t subject[256], issuer[256], exts[512], names[128], serial[16];
	size_t subject_len = 0, issuer_len = 0, exts_len = 0, names_len = 0;
	time_t not_before = time(NULL), not_after;
	const int server_auth = OID_kp_server_auth;
	uint8_t *p = out;
	const char *id = v->sig_oid == OID_sm2sign_with_sm3 ? SM2_DEFAULT_ID : NULL;
	size_t id_len = id ? SM2_DEFAULT_ID_LENGTH : 0;

	*outlen = 0;
	if (rand_bytes(serial, sizeof(serial)) != 1)
		return -1;
	serial[0] &= 0x7f; /* a positive INTEGER */
	serial[0] |= 0x01;
	if (x509_name_set(subject, &subject_len, sizeof(subject), "CN", NULL, NULL, "cryptobench", NULL, cn) != 1 ||
	    x509_name_set(issuer, &issuer_len, sizeof(issuer), "CN", NULL, NULL, "cryptobench", NULL, issuer_cn) != 1 ||
	    x509_validity_add_days(&not_after, not_before, 30) != 1)
		return -1;
	if (use == CERT_CA) {
		if (x509_exts_add_basic_constraints(exts, &exts_len, sizeof(exts), X509_critical, 1, -1) != 1 ||
		    x509_exts_add_key_usage(exts, &exts_len, sizeof(exts), X509_critical,
					    X509_KU_KEY_CERT_SIGN | X509_KU_CRL_SIGN) != 1)
			return -1;
	} else {
		if (x509_general_names_add_dns_name(names, &names_len, sizeof(names), HOST) != 1 ||
		    x509_exts_add_subject_alt_name(exts, &exts_len, sizeof(exts), -1, names, names_len) != 1 ||
		    x509_exts_add_key_usage(exts, &exts_len, sizeof(exts), X509_critical,
					    use == CERT_SIGN ? X509_KU_DIGITAL_SIGNATURE
							     : X509_KU_KEY_ENCIPHERMENT | X509_KU_DATA_ENCIPHERMENT |
								       X509_KU_KEY_AGREEMENT) != 1 ||
		    x509_exts_add_ext_key_usage(exts, &exts_len, sizeof(exts), -1, &server_auth, 1) != 1)
			return -1;
	}
	if (x509_cert_sign_to_der(X509_version_v3, serial, sizeof(serial), v->sig_oid, issuer, issuer_len, not_before,
				  not_after, subject, subject_len, key, NULL, 0, NULL, 0, exts, exts_len, issuer_key, id,
				  id_len, NULL, outlen) != 1 ||
	    *outlen > CERT_MAX)
		return -1;
	*outlen = 0;
	return x509_cert_sign_to_der(X509_version_v3, serial, sizeof(serial), v->sig_oid, issuer, issuer_len,
				     not_before, not_after, subject, subject_len, key, NULL, 0, NULL, 0, exts, exts_len,
				     issuer_key, id, id_len, &p, outlen) == 1
		       ? 0
		       : -1;
}

/*
 * The chain: a root, an intermediate signed by it, a leaf for HOST signed
 * by the intermediate (TLCP: two leaves, the signing one and the
 * encryption one, GB/T 38636's double certificate).  The server context
 * gets the leaves and the intermediate (a uint24-prefixed list, as GmSSL
 * keeps chains) and the leaves' keys; the client context trusts the root.
 */
static int load_chain(cb_tls *t)
{
	X509_KEY kr, ki, kl, ke;
	uint8_t inter[CERT_MAX], leaf[CERT_MAX], enc[CERT_MAX], *p;
	size_t inter_len, leaf_len, enc_len = 0, n;
	int tlcp = t->v->protocol == TLS_protocol_tlcp, rc = -1;

	memset(&kr, 0, sizeof(kr));
	memset(&ki, 0, sizeof(ki));
	memset(&kl, 0, sizeof(kl));
	memset(&ke, 0, sizeof(ke));
	if (new_key(t->v, &kr) || new_key(t->v, &ki) || new_key(t->v, &kl) || (tlcp && new_key(t->v, &ke)) ||
	    new_cert(t->v, &kr, "cryptobench test root", &kr, "cryptobench test root", CERT_CA, t->base.root,
		     &t->base.root_len) ||
	    new_cert(t->v, &ki, "cryptobench test intermediate", &kr, "cryptobench test root", CERT_CA, inter,
		     &inter_len) ||
	    new_cert(t->v, &kl, HOST, &ki, "cryptobench test intermediate", CERT_SIGN, leaf, &leaf_len) ||
	    (tlcp && new_cert(t->v, &ke, HOST, &ki, "cryptobench test intermediate", CERT_ENC, enc, &enc_len)))
		goto out;
	if (3 + leaf_len + enc_len + inter_len > sizeof(t->server.cert_chains))
		goto out;
	p = t->server.cert_chains;
	n = 0;
	tls_uint24_to_bytes((uint24_t)(leaf_len + enc_len + inter_len), &p, &n);
	memcpy(p, leaf, leaf_len);
	memcpy(p + leaf_len, enc, enc_len);
	memcpy(p + leaf_len + enc_len, inter, inter_len);
	t->server.cert_chains_len = 3 + leaf_len + enc_len + inter_len;
	t->server.x509_keys[0] = kl;
	t->server.enc_keys[0] = ke;
	t->server.x509_keys_cnt = 1;
	memset(&kl, 0, sizeof(kl)); /* the context owns them now */
	memset(&ke, 0, sizeof(ke));

	if (!(t->client.cacerts = malloc(t->base.root_len)))
		goto out;
	memcpy(t->client.cacerts, t->base.root, t->base.root_len);
	t->client.cacertslen = t->base.root_len;
	if (tls_authorities_from_certs(t->client.ca_names, &t->client.ca_names_len, sizeof(t->client.ca_names),
				       t->client.cacerts, t->client.cacertslen) != 1 ||
	    tls_trusted_authorities_from_ca_names(t->client.trusted_authorities, &t->client.trusted_authorities_len,
						  sizeof(t->client.trusted_authorities), t->client.ca_names,
						  t->client.ca_names_len) != 1)
		goto out;
	t->client.verify_depth = TLS_DEFAULT_VERIFY_DEPTH;
	rc = 0;
out:
	x509_key_cleanup(&kr);
	x509_key_cleanup(&ki);
	x509_key_cleanup(&kl);
	x509_key_cleanup(&ke);
	return rc;
}

/* ---- The class methods ---- */

static int set_ctx(TLS_CTX *ctx, const tls_variant *v, int client)
{
	return tls_ctx_init(ctx, v->protocol, client ? TLS_client_mode : TLS_server_mode) == 1 &&
			       tls_ctx_set_cipher_suites(ctx, &v->cipher, 1) == 1 &&
			       (!v->group || tls_ctx_set_supported_groups(ctx, &v->group, 1) == 1) &&
			       tls_ctx_set_signature_algorithms(ctx, &v->sig_alg, 1) == 1
		       ? 0
		       : -1;
}

static void tls_free(cb_tls *t)
{
	if (!t)
		return;
	tls_ctx_cleanup(&t->server); /* wipes the leaf's key, frees cacerts */
	tls_ctx_cleanup(&t->client);
	free(t);
}

/*
 * The server's CertificateVerify alone, through GmSSL's own call
 * (tls13_sign_certificate_verify, which its server makes once a handshake)
 * with the leaf's key over a transcript hash.  That call sets its signing
 * context up afresh every time (x509_sign_init: for SM2 the inverse of
 * 1 + d and a batch of 32 nonces, of which one is used), the cost
 * `plan --handshakes --backend gmssl` takes from here instead of the
 * sm2-sign class's (docs/TLS.md).  0, or CB_ERR_BACKEND.
 */
static int tls_sign(cb_tls *t)
{
	uint8_t sig[SM2_MAX_SIGNATURE_SIZE];
	size_t siglen;
	return tls13_sign_certificate_verify(TLS_server_mode, t->v->sig_alg, &t->server.x509_keys[0], &t->transcript,
					     sig, &siglen) == 1
		       ? 0
		       : CB_ERR_BACKEND;
}

/*
 * The server's key share alone, through the calls GmSSL's TLS 1.3 server
 * makes (tls13.c): a fresh key of the group (x509_key_generate), its
 * ServerHello key_share extension (tls13_key_share_server_hello_ext_to_bytes),
 * the ECDHE secret with the client's share (x509_key_exchange), without
 * the key schedule.  0, or CB_ERR_BACKEND.
 */
static int tls_share(cb_tls *t)
{
	int curve = tls_named_curve_oid(t->v->group);
	uint8_t ext[128], *p = ext, ss[32];
	size_t len = 0, sslen = sizeof(ss);
	X509_KEY k;
	int rc;
	memset(&k, 0, sizeof(k));
	rc = x509_key_generate(&k, OID_ec_public_key, &curve, sizeof(curve)) == 1 &&
			     tls13_key_share_server_hello_ext_to_bytes(&k, &p, &len) == 1 &&
			     x509_key_exchange(&k, t->share, sizeof(t->share), ss, &sslen) == 1
		     ? 0
		     : CB_ERR_BACKEND;
	cb_wipe(ss, sizeof(ss));
	x509_key_cleanup(&k);
	return rc;
}

/*
 * TLS 1.3's sign op's transcript (the recorded ClientHello), one signature
 * that GmSSL's client check accepts, and a client's key share for the
 * share op.
 */
static int parts_ready(cb_tls *t)
{
	uint8_t sig[SM2_MAX_SIGNATURE_SIZE];
	size_t siglen;
	const DIGEST *md = t->v->sig_alg == TLS_sig_sm2sig_sm3 ? DIGEST_sm3() : DIGEST_sha256();
	if (t->v->protocol != TLS_protocol_tls13) /* TLCP: no sign or share op */
		return 0;
	if (digest_init(&t->transcript, md) != 1 || digest_update(&t->transcript, t->base.hello, t->base.hello_len) != 1 ||
	    tls13_sign_certificate_verify(TLS_server_mode, t->v->sig_alg, &t->server.x509_keys[0], &t->transcript, sig,
					  &siglen) != 1)
		return -1;
	int curve = tls_named_curve_oid(t->v->group), rc;
	uint8_t *p = t->share;
	size_t len = 0;
	X509_KEY k;
	if (tls13_verify_certificate_verify(TLS_server_mode, t->v->sig_alg, &t->server.x509_keys[0], &t->transcript, sig,
					    siglen) != 1)
		return -1;
	memset(&k, 0, sizeof(k));
	rc = x509_key_generate(&k, OID_ec_public_key, &curve, sizeof(curve)) == 1 &&
			     x509_public_key_to_bytes(&k, &p, &len) == 1 && len == sizeof(t->share) && !tls_share(t)
		     ? 0
		     : -1;
	x509_key_cleanup(&k);
	return rc;
}

/*
 * HTTP/1.1 by ALPN for the clients `serve` meets (curl and browsers offer
 * it; GmSSL's server refuses an ALPN extension it has no protocols for).
 * The measured client offers none, so its handshakes do not change.
 */
static char alpn_http11[] = "http/1.1";
static char *alpn[] = {alpn_http11};

static int tls_prepare(cb_tls *t, const void *variant)
{
	t->v = variant;
	if (set_ctx(&t->server, t->v, 0) || set_ctx(&t->client, t->v, 1) ||
	    tls_ctx_set_application_layer_protocol_negotiation(&t->server, alpn, 1) != 1)
		return CB_ERR_UNSUPPORTED; /* this build of GmSSL lacks the group, the scheme or the suite */
	return load_chain(t) ? CB_ERR_BACKEND : 0;
}

/* ---- A connection's calls, for the driver (src/tls/driver.h) ---- */

static void pair_reset(mem_pair *m)
{
	m->c2s.r = m->c2s.w = m->s2c.r = m->s2c.w = 0;
	m->c2s.written = m->s2c.written = 0;
}

static void conn_release(cb_tls *t, void *conn)
{
	(void)t;
	if (conn) {
		tls_cleanup(conn); /* wipes the connection's secrets */
		free(conn);
	}
	cur = NULL;
}

/* A connection of ctx on the socket sock (MEM_CLIENT, MEM_SERVER, or a real one); NULL on failure. */
static TLS_CONNECT *new_conn(TLS_CTX *ctx, int sock)
{
	TLS_CONNECT *c = malloc(sizeof(*c));
	if (c && (tls_init(c, ctx) != 1 || tls_set_socket(c, sock) != 1 ||
		  (ctx->is_client && (tls_set_hostname(c, HOST) != 1 || tls_set_server_name(c) != 1)))) {
		tls_cleanup(c);
		free(c);
		return NULL;
	}
	return c;
}

static int conn_pair(cb_tls *t, void **client, void **server)
{
	pair_reset(&t->pair);
	cur = &t->pair;
	*client = new_conn(&t->client, MEM_CLIENT);
	*server = new_conn(&t->server, MEM_SERVER);
	return *client && *server ? 0 : -1;
}

static void *conn_replay(cb_tls *t)
{
	pair_reset(&t->pair);
	memcpy(t->pair.c2s.buf, t->base.hello, t->base.hello_len);
	t->pair.c2s.w = t->base.hello_len;
	cur = &t->pair;
	return new_conn(&t->server, MEM_SERVER);
}

static void *conn_accept(cb_tls *t, int fd)
{
	sock_in = sock_out = 0;
	return new_conn(&t->server, fd);
}

static int conn_io(void *conn, int what, void *buf, size_t len, size_t *n)
{
	TLS_CONNECT *c = conn;
	int r;
	switch (what) {
	case CB_TLS_READ: r = tls_recv(c, buf, len, n); break;
	case CB_TLS_WRITE: r = tls_send(c, buf, len, n); break;
	case CB_TLS_SHUTDOWN: r = tls_shutdown(c); break;
	default: r = tls_do_handshake(c);
	}
	if (r == 1) /* a client that did not verify the server's chain has failed */
		return what == CB_TLS_HANDSHAKE && c->is_client && c->verify_result != X509_verify_ok ? CB_TLS_FAILED
												       : CB_TLS_DONE;
	if (r == TLS_ERROR_TCP_CLOSED || (what == CB_TLS_READ && r == 0))
		return CB_TLS_CLOSED;
	if (r == TLS_ERROR_RECV_AGAIN || r == TLS_ERROR_SEND_AGAIN)
		return r == TLS_ERROR_RECV_AGAIN ? CB_TLS_WANT_READ : CB_TLS_WANT_WRITE;
	return CB_TLS_FAILED;
}

static void conn_bytes(void *conn, long *in, long *out)
{
	const pipe_buf *r = pipe_of(((TLS_CONNECT *)conn)->sock, 0), *w = pipe_of(((TLS_CONNECT *)conn)->sock, 1);
	*in = r ? r->written : sock_in;
	*out = w ? w->written : sock_out;
}

static const char *group_name(int group)
{
	switch (group) {
	case 0: return "ECC"; /* TLCP's SM2 key transport: no group */
	case TLS_curve_sm2p256v1: return "curveSM2";
	case TLS_curve_secp256r1: return "secp256r1";
	default: return "?";
	}
}

static const char *sig_name(int sig)
{
	switch (sig) {
	case TLS_sig_sm2sig_sm3: return "sm2sig_sm3";
	case TLS_sig_ecdsa_secp256r1_sha256: return "ecdsa_secp256r1_sha256";
	default: return "?";
	}
}

/* The client's view (TLCP's too), with the scheme the server signed its CertificateVerify with (the client checked it). */
static void conn_params(cb_tls *t, void *client, void *server, cb_tls_params *p)
{
	const TLS_CONNECT *c = client ? client : server, *s = server;
	(void)t;
	snprintf(p->version, sizeof(p->version), "%s",
		 c->protocol == TLS_protocol_tls13 ? "TLSv1.3" : c->protocol == TLS_protocol_tlcp ? "TLCP" : "?");
	snprintf(p->group, sizeof(p->group), "%s",
		 group_name(c->protocol == TLS_protocol_tlcp ? 0 : c->key_exchange_group));
	snprintf(p->cipher, sizeof(p->cipher), "%s", tls_cipher_suite_name(c->cipher_suite));
	snprintf(p->signature, sizeof(p->signature), "%s", sig_name(s->sig_alg));
}

static size_t conn_take(void *server, void *buf, size_t cap)
{
	pipe_buf *p = pipe_of(MEM_SERVER, 0);
	size_t n = p ? p->w - p->r : 0;
	(void)server;
	if (!n || n > cap)
		return 0;
	memcpy(buf, p->buf + p->r, n);
	p->r = p->w = 0;
	return n;
}

static const cb_tls_ops gmssl_ops = {
	.prepare = tls_prepare, .parts = parts_ready, .pair = conn_pair, .replay = conn_replay,
	.accept = conn_accept, .release = conn_release, .io = conn_io, .bytes = conn_bytes,
	.params = conn_params, .take = conn_take}; /* GmSSL keeps no error reason */

/* (GmSSL's own tls_init is a connection's.) */
static int class_init(const cb_tls_class *cls, cb_tls **out)
{
	return cb_tls_drive_init(cls, &gmssl_ops, sizeof(cb_tls), out);
}

#define TLS_CLASS(sym, nm, var, suite)                                                                   \
	static const cb_tls_class sym = {                                                                \
		GMSSL_INFO(CB_KIND_TLS, nm,                                                              \
			   "GmSSL's TLS 1.3, " suite ", over memory in one thread (its socket calls "    \
			   "answered by the adapter), no tickets; a chain of three certificates made at start", \
			   &var),                                                                         \
		class_init, cb_tls_drive_handshake, cb_tls_drive_server, tls_free, cb_tls_drive_serve, cb_tls_drive_root_pem,  \
		tls_sign, tls_share}

static const tls_variant sm2_sm2 = {TLS_protocol_tls13, TLS_curve_sm2p256v1, OID_sm2, OID_sm2sign_with_sm3,
				    TLS_sig_sm2sig_sm3, TLS_cipher_sm4_gcm_sm3};
static const tls_variant p256_ecdsa = {TLS_protocol_tls13, TLS_curve_secp256r1, OID_secp256r1,
				       OID_ecdsa_with_sha256, TLS_sig_ecdsa_secp256r1_sha256,
				       TLS_cipher_aes_128_gcm_sha256};
static const tls_variant tlcp_ecc = {TLS_protocol_tlcp, 0, OID_sm2, OID_sm2sign_with_sm3, TLS_sig_sm2sig_sm3,
				     TLS_cipher_ecc_sm4_gcm_sm3};

TLS_CLASS(tls_sm2_sm2, "tls13-sm2-sm2", sm2_sm2, "TLS_SM4_GCM_SM3 (RFC 8998)");
TLS_CLASS(tls_p256_ecdsa, "tls13-p256-ecdsa-p256", p256_ecdsa, "TLS_AES_128_GCM_SHA256");
/*
 * TLCP (GB/T 38636) with ECC_SM4_GCM_SM3: the client encrypts the
 * pre-master secret to the server's encryption certificate (SM2), the
 * server signs its key exchange with the signing one; two round trips.
 * No server op: the server's second flight needs the client's encrypted
 * secret, made for the server's random, so a recorded client cannot be
 * replayed to it.
 */
static const cb_tls_class tls_tlcp_ecc = {
	GMSSL_INFO(CB_KIND_TLS, "tlcp-ecc-sm2",
		   "GmSSL's TLCP (GB/T 38636), ECC_SM4_GCM_SM3, double certificate (signing and encryption), "
		   "over memory in one thread, no tickets; a chain made at start; handshake only (see docs/TLS.md)",
		   &tlcp_ecc),
	class_init, cb_tls_drive_handshake, NULL, tls_free, NULL, cb_tls_drive_root_pem, NULL, NULL};

#define NO_OFFER "GmSSL's TLS 1.3 offers curveSM2 and secp256r1 only, with SM2 or ECDSA P-256 certificates"
CB_TLS_UNOFFERED(no_x25519_ecdsa, "tls13-x25519-ecdsa-p256", "gmssl", cb_gmssl_implementation, NO_OFFER);
CB_TLS_UNOFFERED(no_x25519_rsa, "tls13-x25519-rsa2048", "gmssl", cb_gmssl_implementation, NO_OFFER);
CB_TLS_UNOFFERED(no_x25519_ed25519, "tls13-x25519-ed25519", "gmssl", cb_gmssl_implementation, NO_OFFER);
CB_TLS_UNOFFERED(no_hybrid_ecdsa, "tls13-x25519mlkem768-ecdsa-p256", "gmssl", cb_gmssl_implementation,
		 NO_OFFER " (its ML-KEM codepoints are named, not negotiated)");
CB_TLS_UNOFFERED(no_hybrid_mldsa65, "tls13-x25519mlkem768-mldsa65", "gmssl", cb_gmssl_implementation, NO_OFFER);
CB_TLS_UNOFFERED(no_mlkem1024_mldsa87, "tls13-mlkem1024-mldsa87", "gmssl", cb_gmssl_implementation, NO_OFFER);

const cb_alg_info *const cb_gmssl_tls_algs[] = {
	&tls_sm2_sm2.info,	   &tls_p256_ecdsa.info,     &tls_tlcp_ecc.info,     &no_x25519_ecdsa.info,      &no_x25519_rsa.info,
	&no_x25519_ed25519.info,   &no_hybrid_ecdsa.info,    &no_hybrid_mldsa65.info,    &no_mlkem1024_mldsa87.info,
	NULL,
};

#endif
