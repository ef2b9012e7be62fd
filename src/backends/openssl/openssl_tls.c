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
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stdlib.h>
#include <string.h>

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

static void signature_name(SSL *c, char *buf, size_t len)
{
	int type = NID_undef, md = NID_undef;
	SSL_get_peer_signature_type_nid(c, &type);
	SSL_get_peer_signature_nid(c, &md);
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
		signature_name(c, params->signature, sizeof(params->signature));
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

static int tls_init(const cb_tls_class *cls, cb_tls **out)
{
	const tls_variant *v = cls->info.variant;
	cb_tls *t = calloc(1, sizeof(*t));
	EVP_PKEY *kr = NULL, *ki = NULL, *kl = NULL;
	X509 *root = NULL, *inter = NULL, *leaf = NULL;
	int rc = CB_ERR_BACKEND;
	*out = NULL;
	if (!t)
		return CB_ERR_NOMEM;
	kr = new_key(v->keytype);
	ki = new_key(v->keytype);
	kl = new_key(v->keytype);
	if (!kr || !ki || !kl)
		goto out;
	root = new_cert(kr, "cryptobench test root", NULL, kr, 1, 1);
	inter = root ? new_cert(ki, "cryptobench test intermediate", root, kr, 1, 2) : NULL;
	leaf = inter ? new_cert(kl, HOST, inter, ki, 0, 3) : NULL;
	if (!leaf)
		goto out;
	t->server = new_ctx(v, 1);
	t->client = new_ctx(v, 0);
	if (!t->server || !t->client) {
		rc = CB_ERR_UNSUPPORTED; /* this libssl lacks the group or the scheme */
		goto out;
	}
	if (!SSL_CTX_use_certificate(t->server, leaf) || !SSL_CTX_add1_chain_cert(t->server, inter) ||
	    !SSL_CTX_use_PrivateKey(t->server, kl) || !SSL_CTX_check_private_key(t->server) ||
	    !X509_STORE_add_cert(SSL_CTX_get_cert_store(t->client), root))
		goto out;
	SSL_CTX_set_verify(t->client, SSL_VERIFY_PEER, NULL);
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
	EVP_PKEY_free(kr);
	EVP_PKEY_free(ki);
	EVP_PKEY_free(kl);
	X509_free(root);
	X509_free(inter);
	X509_free(leaf);
	if (rc) {
		tls_free(t);
		ERR_clear_error();
		return rc;
	}
	*out = t;
	return 0;
}

#define TLS_CLASS(sym, nm, var)                                                                           \
	static const cb_tls_class sym = {                                                                 \
		{.kind = CB_KIND_TLS, .name = nm, .backend = "openssl",                                    \
		 .notes = "libssl, TLS_AES_128_GCM_SHA256, a BIO pair in one thread, no tickets; a chain of " \
			  "three certificates made at start",                                             \
		 .implementation = cb_openssl_implementation, .variant = &var},                            \
		tls_init, tls_handshake, tls_server, tls_free}

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
