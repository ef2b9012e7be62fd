/*
 * Key files for the CLI: whatever the user has (PKCS#8, PKCS#1, SEC1,
 * SubjectPublicKeyInfo; DER or PEM; raw X25519 / Ed25519 bytes) is
 * normalised once here (with src/core/der.c) to the encoding the classes'
 * import functions take, so no backend parses PEM or PKCS#1 itself.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cliio.h"
#include "core/keycheck.h"
#include "core/util.h"
#include "cryptobench/catalog.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"

#define MAX_KEYFILE (64u * 1024)

cb_key_type cli_alg_key_type(const char *alg)
{
	return cb_alg_key_type(alg);
}

static const char *an(cb_key_type t)
{
	return t == CB_KEY_RSA || t == CB_KEY_X25519 || t == CB_KEY_EC_OTHER || t == CB_KEY_SM2 || cb_key_is_pq(t)
		       ? "an"
		       : "a";
}

/* Raw post-quantum key bytes: the public key, or a secret key (an ML-DSA seed or expanded key, SLH-DSA's 4n bytes). */
static int is_raw_pq(cb_key_type t, int secret, size_t len)
{
	size_t pk, sk;

	if (cb_key_pq_sizes(t, &pk, &sk))
		return 0;
	return secret ? len == sk || (cb_key_is_pq(t) == 1 && len == 32) : len == pk;
}

static int is_25519(cb_key_type t)
{
	return t == CB_KEY_X25519 || t == CB_KEY_ED25519;
}

/*
 * The file at path as a canonical key of the type a needs (PKCS#8 for
 * secret, SPKI for public).  Prints the error and returns -1 on failure.
 */
static int read_key(const cb_alg_info *a, const char *path, int secret, uint8_t **out, size_t *outlen)
{
	cb_key_type want = cli_alg_key_type(a->name), got = CB_KEY_UNKNOWN;
	const char *name = cli_in_name(path);
	uint8_t *buf, *der = NULL, *canon = NULL;
	size_t len, derlen = 0, canonlen = 0;
	char label[64];
	int r;

	if (cli_read(path, 0, MAX_KEYFILE, &buf, &len))
		return -1;
	r = cb_pem_decode(buf, len, label, sizeof(label), &der, &derlen);
	if (r < 0) {
		cb_wipe(buf, len);
		free(buf);
		cli_error("'%s' is not valid PEM (a bad armour or base64, or an encrypted key)", name);
		return -1;
	}
	if (r == 0) {
		cb_wipe(buf, len);
		free(buf);
		if (!strcmp(label, "ENCRYPTED PRIVATE KEY")) {
			cli_error("'%s' is an encrypted private key; decrypt it first (openssl pkey -in '%s' -out plain.pem)",
				  name, name);
			goto fail;
		}
		if (secret ? strcmp(label, "PRIVATE KEY") && strcmp(label, "RSA PRIVATE KEY") &&
				     strcmp(label, "EC PRIVATE KEY")
			   : strcmp(label, "PUBLIC KEY") && strcmp(label, "RSA PUBLIC KEY")) {
			cli_error("'%s' holds a PEM '%s'; %s", name, label,
				  secret ? "a private key is needed (PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY)"
					 : "a public key is needed (PUBLIC KEY or RSA PUBLIC KEY)");
			goto fail;
		}
	} else {
		der = buf;
		derlen = len;
	}
	/*
	 * raw bytes: 32 for X25519 / Ed25519, a 65-byte point for a public
	 * P-256 / SM2 key, a post-quantum key of its raw length (no DER form
	 * has that length)
	 */
	if (r == 1 && ((is_25519(want) && derlen == 32) || is_raw_pq(want, secret, derlen) ||
		       (!secret && (want == CB_KEY_P256 || want == CB_KEY_SM2) && derlen == 65 && der[0] == 0x04))) {
		r = cb_key_wrap_raw(want, secret, der, derlen, &canon, &canonlen);
		got = want;
	} else if (secret) {
		r = cb_key_private_pkcs8(der, derlen, &got, &canon, &canonlen);
	} else {
		r = cb_key_public_spki(der, derlen, &got, &canon, &canonlen);
	}
	if (r == CB_ERR_FORMAT && secret) {
		cb_key_type t;
		uint8_t *p = NULL;
		size_t pl;

		if (cb_key_public_spki(der, derlen, &t, &p, &pl) == CB_OK) {
			free(p);
			cli_error("'%s' holds a public key; a private key is needed", name);
			goto fail;
		}
	}
	if (r == CB_ERR_FORMAT) {
		cli_error("'%s' is not a %s key (%s, DER or PEM%s)", name, secret ? "private" : "public",
			  secret ? "PKCS#8, PKCS#1 or SEC1" : "SubjectPublicKeyInfo or PKCS#1",
			  is_25519(want) ? ", or 32 raw bytes" : cb_key_is_pq(want) ? ", or the raw key bytes" : "");
		goto fail;
	}
	if (r == CB_ERR_UNSUPPORTED) {
		cli_error("'%s' holds %s %s key; %s needs %s %s key", name, an(got), got == CB_KEY_UNKNOWN ? "unknown kind of" : cb_key_type_name(got),
			  a->name, an(want), cb_key_type_name(want));
		goto fail;
	}
	if (r) {
		cli_error("cannot read the key in '%s': %s", name, cb_strerror(r));
		goto fail;
	}
	if (got != want) {
		cli_error("'%s' holds %s %s key; %s needs %s %s key", name, an(got), cb_key_type_name(got), a->name,
			  an(want), cb_key_type_name(want));
		goto fail;
	}
	cb_wipe(der, derlen);
	free(der);
	*out = canon;
	*outlen = canonlen;
	return 0;
fail:
	if (der) {
		cb_wipe(der, derlen);
		free(der);
	}
	if (canon) {
		cb_wipe(canon, canonlen);
		free(canon);
	}
	return -1;
}

/*
 * An RSA key of another size than the class's (the catalog row's
 * key_bits), said once for every backend from the key file (the layer
 * would refuse it as an invalid key).
 */
static int rsa_size_ok(const cb_alg_info *a, const char *path, const uint8_t *der, size_t len, int secret)
{
	unsigned want = cb_alg_catalog(a)->key_bits, got;

	if (cli_alg_key_type(a->name) != CB_KEY_RSA || !want)
		return 1;
	got = cb_rsa_key_bits(der, len, secret);
	if (got && got != want) {
		cli_error("'%s' holds an RSA key of %u bits; %s needs RSA-%u", cli_in_name(path), got, a->name, want);
		return 0;
	}
	return 1;
}

static int imported(const cb_alg_info *a, const char *path, int r)
{
	if (r) {
		cli_error("'%s' is not a key backend '%s' accepts for %s: %s", cli_in_name(path), a->backend,
			  a->name, cb_strerror(r));
		return -1;
	}
	return 0;
}

int cli_load_secret(const cb_alg_info *a, const char *path, const cb_opts *opts, void **key)
{
	const cb_sig_class *s = cb_as_sig(a);
	const cb_pke_class *p = cb_as_pke(a);
	const cb_kex_class *x = cb_as_kex(a);
	uint8_t *der;
	const uint8_t *in;
	size_t len, inlen;
	int r;

	*key = NULL;
	if (s ? !s->import_secret : p ? !p->import_secret : x ? !x->import_secret : 1) {
		cli_error("backend %s cannot import secret keys for %s", a->backend, a->name);
		return -1;
	}
	if (read_key(a, path, 1, &der, &len))
		return -1;
	in = der;
	inlen = len;
	/* the kex classes take X25519 as the raw scalar (kex.h) */
	if (x && cli_alg_key_type(a->name) == CB_KEY_X25519 && cb_key_raw(der, len, 1, &in, &inlen)) {
		cb_wipe(der, len);
		free(der);
		cli_error("'%s' is not an X25519 private key", cli_in_name(path));
		return -1;
	}
	r = !rsa_size_ok(a, path, der, len, 1) ? 1
	    : s ? cb_sig_import_secret(s, in, inlen, opts, key)
	    : p ? cb_pke_import_secret(p, in, inlen, opts, key) : cb_kex_import_secret(x, in, inlen, opts, key);
	cb_wipe(der, len);
	free(der);
	return r == 1 ? -1 : imported(a, path, r);
}

int cli_load_public(const cb_alg_info *a, const char *path, const cb_opts *opts, void **key)
{
	const cb_sig_class *s = cb_as_sig(a);
	const cb_pke_class *p = cb_as_pke(a);
	uint8_t *der;
	size_t len;
	int r;

	*key = NULL;
	if (s ? !s->import_public : p ? !p->import_public : 1) {
		cli_error("backend %s cannot import public keys for %s", a->backend, a->name);
		return -1;
	}
	if (read_key(a, path, 0, &der, &len))
		return -1;
	r = !rsa_size_ok(a, path, der, len, 0) ? 1
	    : s ? cb_sig_import_public(s, der, len, opts, key) : cb_pke_import_public(p, der, len, opts, key);
	free(der);
	return r == 1 ? -1 : imported(a, path, r);
}

int cli_load_peer(const cb_alg_info *a, const char *path, uint8_t **raw, size_t *rawlen)
{
	uint8_t *der, *o;
	const uint8_t *k;
	size_t len, kl;

	if (read_key(a, path, 0, &der, &len))
		return -1;
	if (cb_key_raw(der, len, 0, &k, &kl) || !(o = malloc(kl))) {
		free(der);
		cli_error("cannot read the public value in '%s'", cli_in_name(path));
		return -1;
	}
	memcpy(o, k, kl);
	free(der);
	*raw = o;
	*rawlen = kl;
	return 0;
}

void cli_key_free(const cb_alg_info *a, void *key)
{
	const cb_sig_class *s = cb_as_sig(a);
	const cb_pke_class *p = cb_as_pke(a);
	const cb_kex_class *x = cb_as_kex(a);

	if (!key)
		return;
	if (s)
		s->key_free(key);
	else if (p)
		p->key_free(key);
	else if (x)
		x->key_free(key);
}

/* A canonical key from a class's export (DER, or raw bytes for X25519 and the kex points). */
static int canonical(cb_key_type want, int secret, const uint8_t *in, size_t len, uint8_t **out, size_t *outlen)
{
	cb_key_type got;
	int r = secret ? cb_key_private_pkcs8(in, len, &got, out, outlen) : cb_key_public_spki(in, len, &got, out, outlen);

	if (r == CB_OK && got != want) {
		cb_wipe(*out, *outlen);
		free(*out);
		return CB_ERR_FORMAT;
	}
	if (r == CB_ERR_FORMAT)
		r = cb_key_wrap_raw(want, secret, in, len, out, outlen) == CB_OK ? CB_OK : CB_ERR_FORMAT;
	return r;
}

static int as_file(int der, const char *label, uint8_t *in, size_t len, uint8_t **out, size_t *outlen)
{
	char *pem;
	size_t pl;

	if (der) {
		*out = in;
		*outlen = len;
		return CB_OK;
	}
	if (cb_pem_encode(label, in, len, &pem, &pl))
		return CB_ERR_NOMEM;
	cb_wipe(in, len);
	free(in);
	*out = (uint8_t *)pem;
	*outlen = pl;
	return CB_OK;
}

int cli_encode_keypair(const cb_alg_info *a, const void *key, int der, uint8_t **sec, size_t *seclen, uint8_t **pub,
		       size_t *publen)
{
	const cb_sig_class *s = cb_as_sig(a);
	const cb_pke_class *p = cb_as_pke(a);
	const cb_kex_class *x = cb_as_kex(a);
	int (*xs)(const void *, uint8_t *, size_t *) = s ? s->export_secret : p ? p->export_secret : x->export_secret;
	int (*xp)(const void *, uint8_t *, size_t *) = s ? s->export_public : p ? p->export_public : x->export_public;
	cb_key_type want = cli_alg_key_type(a->name);
	uint8_t buf[8192];
	size_t n = sizeof(buf);
	uint8_t *cs = NULL, *cp = NULL;
	size_t csl = 0, cpl = 0;
	int r;

	*sec = *pub = NULL;
	r = xs(key, buf, &n);
	if (!r)
		r = canonical(want, 1, buf, n, &cs, &csl);
	cb_wipe(buf, sizeof(buf));
	if (r) {
		cli_error("cannot export the %s secret key: %s", a->name, cb_strerror(r));
		return -1;
	}
	n = sizeof(buf);
	r = xp(key, buf, &n);
	if (!r)
		r = canonical(want, 0, buf, n, &cp, &cpl);
	if (!r)
		r = as_file(der, "PRIVATE KEY", cs, csl, &cs, &csl);
	if (!r)
		r = as_file(der, "PUBLIC KEY", cp, cpl, &cp, &cpl);
	if (r) {
		cb_wipe(cs, csl);
		free(cs);
		free(cp);
		cli_error("cannot export the %s key pair: %s", a->name, cb_strerror(r));
		return -1;
	}
	*sec = cs;
	*seclen = csl;
	*pub = cp;
	*publen = cpl;
	return 0;
}
