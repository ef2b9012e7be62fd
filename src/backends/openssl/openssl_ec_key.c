/*
 * Key handles shared by the OpenSSL elliptic-curve classes (see
 * openssl_ec_internal.h for why they hold what they hold).
 */
#include "backends/openssl/openssl_ec_internal.h"

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <stdlib.h>
#include <string.h>

#include "core/sm2key.h"
#include "core/util.h"

EVP_PKEY *cb_ossl_ec_generate(int type)
{
	/* Each type's key type and, for "EC", group (the other key types take no argument). */
	static const char *const keytype[] = {"X25519", "ED25519", "EC", "SM2", "EC"};
	static const char *const group[] = {NULL, NULL, "P-256", NULL, "SM2"};
	EVP_PKEY *pk = EVP_PKEY_Q_keygen(NULL, NULL, keytype[type], group[type]);

	if (!pk)
		ERR_clear_error();
	return pk;
}

/* ------------------------------------------------------------------ kex */

struct cb_ossl_kex_key {
	int type;
	EVP_PKEY *pkey;
	EVP_PKEY_CTX *dctx; /* derive_init done */
	EVP_PKEY *params;   /* Weierstrass: domain parameters, the peers' template */
	EVP_PKEY *peer;	    /* set on dctx */
	size_t peer_len;    /* 0: no peer set */
	uint8_t peer_bytes[CB_OSSL_EC_MAX_PEER];
};

/*
 * Peers are made as a copy of a parameters-only key plus
 * EVP_PKEY_set1_encoded_public_key.  EVP_PKEY_fromdata cannot be used for
 * the SM2 curve: OpenSSL 3.0's "EC" key manager refuses to import a key on
 * the SM2 curve (and "SM2" keys cannot derive), so a peer made that way
 * fails EVP_PKEY_derive_set_peer with "operation not supported for this
 * keytype".  A parameters-only key from EVP_PKEY_paramgen works for both
 * curves.
 */
static EVP_PKEY *ec_params(int type)
{
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
	EVP_PKEY *pk = NULL;
	if (!ctx || EVP_PKEY_paramgen_init(ctx) <= 0 ||
	    EVP_PKEY_CTX_set_group_name(ctx, type == CB_OSSL_P256 ? "P-256" : "SM2") <= 0 ||
	    EVP_PKEY_paramgen(ctx, &pk) <= 0)
		pk = NULL;
	EVP_PKEY_CTX_free(ctx);
	return pk;
}

int cb_ossl_kex_from_pkey(int type, EVP_PKEY *pk, void **key)
{
	int r;
	struct cb_ossl_kex_key *k = cb_ossl_handle_new(pk, key, sizeof(*k), &r);

	if (!k)
		return r;
	k->type = type;
	k->pkey = pk;
	k->dctx = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);
	if (!k->dctx || EVP_PKEY_derive_init(k->dctx) <= 0 ||
	    (type != CB_OSSL_X25519 && !(k->params = ec_params(type)))) {
		cb_ossl_kex_free(k);
		return cb_ossl_fail();
	}
	*key = k;
	return CB_OK;
}

int cb_ossl_kex_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key)
{
	int type = cb_ossl_ec_variant_of(&cls->info)->type;
	EVP_PKEY *pk = cb_ossl_ec_generate(type);
	if (!pk)
		return CB_ERR_BACKEND;
	return cb_ossl_kex_from_pkey(type, pk, key);
}

void cb_ossl_kex_free(void *key)
{
	struct cb_ossl_kex_key *k = key;
	if (!k)
		return;
	EVP_PKEY_CTX_free(k->dctx);
	EVP_PKEY_free(k->peer);
	EVP_PKEY_free(k->params);
	EVP_PKEY_free(k->pkey);
	free(k);
}

int cb_ossl_kex_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const struct cb_ossl_kex_key *k = key;
	size_t len = 0;
	if (!k || !out || !outlen)
		return CB_ERR_ARG;
	/* X25519's encoded public key is its raw 32 bytes. */
	if (EVP_PKEY_get_octet_string_param(k->pkey, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0, &len) <= 0)
		return cb_ossl_fail();
	if (len > *outlen)
		return CB_ERR_LENGTH;
	if (EVP_PKEY_get_octet_string_param(k->pkey, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, out, *outlen, &len) <= 0)
		return cb_ossl_fail();
	*outlen = len;
	return CB_OK;
}

int cb_ossl_kex_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const struct cb_ossl_kex_key *k = key;
	size_t len;
	if (!k || !out || !outlen)
		return CB_ERR_ARG;
	if (k->type != CB_OSSL_X25519)
		return cb_ossl_export_pkcs8(k->pkey, out, outlen);
	if (*outlen < 32)
		return CB_ERR_LENGTH;
	len = *outlen;
	if (EVP_PKEY_get_raw_private_key(k->pkey, out, &len) <= 0)
		return cb_ossl_fail();
	*outlen = len;
	return CB_OK;
}

static EVP_PKEY *kex_peer_key(const struct cb_ossl_kex_key *k, const uint8_t *peer, size_t peerlen)
{
	EVP_PKEY *p;
	if (k->type != CB_OSSL_X25519) {
		/* Checks that the point is on the curve. */
		p = EVP_PKEY_dup(k->params);
		if (p && EVP_PKEY_set1_encoded_public_key(p, peer, peerlen) <= 0) {
			EVP_PKEY_free(p);
			p = NULL;
		}
	} else {
		p = peerlen == 32
			    ? EVP_PKEY_new_raw_public_key_ex(NULL, "X25519", NULL, peer, peerlen)
			    : NULL;
	}
	if (!p)
		ERR_clear_error();
	return p;
}

int cb_ossl_kex_derive(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	struct cb_ossl_kex_key *k = key;
	size_t cap;
	if (!k || !peer || !ss || !sslen)
		return CB_ERR_ARG;
	if (*sslen < 32)
		return CB_ERR_LENGTH;
	if (peerlen != k->peer_len || memcmp(peer, k->peer_bytes, peerlen) != 0) {
		EVP_PKEY *p;
		k->peer_len = 0;
		if (peerlen == 0 || peerlen > sizeof(k->peer_bytes))
			return CB_ERR_INVALID_KEY;
		p = kex_peer_key(k, peer, peerlen);
		/* set_peer also runs OpenSSL's public-key check of the peer. */
		if (!p || EVP_PKEY_derive_set_peer(k->dctx, p) <= 0) {
			EVP_PKEY_free(p);
			ERR_clear_error();
			return CB_ERR_INVALID_KEY;
		}
		EVP_PKEY_free(k->peer);
		k->peer = p;
		memcpy(k->peer_bytes, peer, peerlen);
		k->peer_len = peerlen;
	}
	cap = *sslen;
	if (EVP_PKEY_derive(k->dctx, ss, &cap) <= 0) {
		/* e.g. X25519 with a low-order peer: an all-zero secret. */
		cb_wipe(ss, 32);
		return cb_ossl_fail();
	}
	*sslen = cap;
	return CB_OK;
}

/* ------------------------------------------------------------------ sig */

/* ECDSA's prepared contexts; CB_OK or an error. */
static int ecdsa_prepare(struct cb_ossl_sig_key *k, int has_private)
{
	k->md = EVP_MD_fetch(NULL, "SHA256", NULL);
	k->hctx = EVP_MD_CTX_new();
	k->dverify = EVP_PKEY_CTX_new_from_pkey(NULL, k->pkey, NULL);
	if (!k->md || !k->hctx || !k->dverify || EVP_PKEY_verify_init(k->dverify) <= 0)
		return cb_ossl_fail();
	if (has_private) {
		k->dsign = EVP_PKEY_CTX_new_from_pkey(NULL, k->pkey, NULL);
		if (!k->dsign || EVP_PKEY_sign_init(k->dsign) <= 0)
			return cb_ossl_fail();
	}
	return CB_OK;
}

static int ecdsa_digest(struct cb_ossl_sig_key *k, const uint8_t *m, size_t mlen, uint8_t d[32])
{
	unsigned int n = 0;
	if (EVP_DigestInit_ex2(k->hctx, k->md, NULL) <= 0 || EVP_DigestUpdate(k->hctx, m, mlen) <= 0 ||
	    EVP_DigestFinal_ex(k->hctx, d, &n) <= 0 || n != 32)
		return cb_ossl_fail();
	return CB_OK;
}

/* The digest of a DigestSign / DigestVerify template; Ed25519 hashes internally. */
static const char *sig_digest(int type)
{
	return type == CB_OSSL_P256 ? "SHA256" : type == CB_OSSL_SM2 ? "SM3" : NULL;
}

static int sig_template(struct cb_ossl_sig_key *k, int sign, const cb_opts *opts, EVP_MD_CTX **tmpl,
			EVP_PKEY_CTX **pctx)
{
	EVP_MD_CTX *m = EVP_MD_CTX_new();
	int ok;
	if (!m)
		return CB_ERR_NOMEM;
	*tmpl = m;
	if (k->type == CB_OSSL_SM2) {
		const uint8_t *id;
		size_t idlen;
		cb_sm2_id(opts, &id, &idlen);
		/*
		 * OpenSSL's default SM2 ID is empty; the ID must be set on the
		 * EVP_PKEY_CTX before DigestSign/VerifyInit (SM2(7)).
		 */
		*pctx = EVP_PKEY_CTX_new_from_pkey(NULL, k->pkey, NULL);
		if (!*pctx || EVP_PKEY_CTX_set1_id(*pctx, id, idlen) <= 0)
			return cb_ossl_fail();
		EVP_MD_CTX_set_pkey_ctx(m, *pctx);
	}
	if (sign)
		ok = EVP_DigestSignInit_ex(m, NULL, sig_digest(k->type), NULL, NULL, k->pkey, NULL);
	else
		ok = EVP_DigestVerifyInit_ex(m, NULL, sig_digest(k->type), NULL, NULL, k->pkey,
					     NULL);
	return ok > 0 ? CB_OK : cb_ossl_fail();
}

/* sm2-enc-*'s prepared contexts; CB_OK or an error. */
static int sm2_enc_prepare(struct cb_ossl_sig_key *k, const cb_alg_info *info)
{
	k->fmt = (cb_sm2_ct_format)cb_ossl_ec_variant_of(info)->form;
	k->ectx = EVP_PKEY_CTX_new_from_pkey(NULL, k->pkey, NULL);
	k->dctx = EVP_PKEY_CTX_new_from_pkey(NULL, k->pkey, NULL);
	if (!k->ectx || !k->dctx || EVP_PKEY_encrypt_init(k->ectx) <= 0 || EVP_PKEY_decrypt_init(k->dctx) <= 0)
		return cb_ossl_fail();
	return CB_OK;
}

int cb_ossl_sig_from_pkey(const cb_alg_info *info, EVP_PKEY *pk, int has_private, const cb_opts *opts, void **key)
{
	int r, type = cb_ossl_ec_variant_of(info)->type;
	struct cb_ossl_sig_key *k = cb_ossl_handle_new(pk, key, sizeof(*k), &r);

	if (!k)
		return r;
	k->type = type;
	k->has_private = has_private;
	k->pkey = pk;
	if (info->kind == CB_KIND_PKE) {
		if ((r = sm2_enc_prepare(k, info)))
			goto fail;
	} else if (!(k->work = EVP_MD_CTX_new())) {
		r = CB_ERR_NOMEM;
		goto fail;
	} else if (type == CB_OSSL_P256) {
		if ((r = ecdsa_prepare(k, has_private)))
			goto fail;
	} else {
		if ((r = sig_template(k, 0, opts, &k->verify_tmpl, &k->verify_pctx)))
			goto fail;
		if (has_private && (r = sig_template(k, 1, opts, &k->sign_tmpl, &k->sign_pctx)))
			goto fail;
	}
	*key = k;
	return CB_OK;
fail:
	cb_ossl_sig_free(k);
	return r;
}

/* A new key of the class's type in a handle of the class's kind. */
static int sig_keygen(const cb_alg_info *info, const cb_opts *opts, void **key)
{
	EVP_PKEY *pk = cb_ossl_ec_generate(cb_ossl_ec_variant_of(info)->type);
	if (!pk)
		return CB_ERR_BACKEND;
	return cb_ossl_sig_from_pkey(info, pk, 1, opts, key);
}

int cb_ossl_sig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	return sig_keygen(&cls->info, opts, key);
}

int cb_ossl_pke_keygen(const cb_pke_class *cls, const cb_opts *opts, void **key)
{
	return sig_keygen(&cls->info, opts, key);
}

void cb_ossl_sig_free(void *key)
{
	struct cb_ossl_sig_key *k = key;
	if (!k)
		return;
	EVP_MD_CTX_free(k->work);
	EVP_MD_CTX_free(k->sign_tmpl);
	EVP_MD_CTX_free(k->verify_tmpl);
	EVP_PKEY_CTX_free(k->sign_pctx);
	EVP_PKEY_CTX_free(k->verify_pctx);
	EVP_PKEY_CTX_free(k->dsign);
	EVP_PKEY_CTX_free(k->dverify);
	EVP_MD_CTX_free(k->hctx);
	EVP_MD_free(k->md);
	EVP_PKEY_CTX_free(k->ectx);
	EVP_PKEY_CTX_free(k->dctx);
	EVP_PKEY_free(k->pkey);
	if (k->scratch)
		cb_wipe(k->scratch, k->scratch_cap);
	free(k->scratch);
	free(k);
}

int cb_ossl_sig_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const struct cb_ossl_sig_key *k = key;
	if (!k || !out || !outlen)
		return CB_ERR_ARG;
	return cb_ossl_export_spki(k->pkey, out, outlen);
}

int cb_ossl_sig_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const struct cb_ossl_sig_key *k = key;
	if (!k || !out || !outlen)
		return CB_ERR_ARG;
	if (!k->has_private)
		return CB_ERR_UNSUPPORTED;
	return cb_ossl_export_pkcs8(k->pkey, out, outlen);
}

size_t cb_ossl_sig_max_signature(const void *key)
{
	const struct cb_ossl_sig_key *k = key;
	int n = k ? EVP_PKEY_get_size(k->pkey) : 0;
	return n > 0 ? (size_t)n : 0;
}

int cb_ossl_sig_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct cb_ossl_sig_key *k = key;
	size_t len;
	if (!k || (!m && mlen) || !sig || !siglen)
		return CB_ERR_ARG;
	if (!k->sign_tmpl && !k->dsign)
		return CB_ERR_UNSUPPORTED;
	if (*siglen < cb_ossl_sig_max_signature(k))
		return CB_ERR_LENGTH;
	if (k->dsign) {
		uint8_t d[32];
		int r = ecdsa_digest(k, m ? m : (const uint8_t *)"", mlen, d);
		len = *siglen;
		if (r == CB_OK && EVP_PKEY_sign(k->dsign, sig, &len, d, sizeof(d)) <= 0)
			r = cb_ossl_fail();
		if (r == CB_OK)
			*siglen = len;
		return r;
	}
	if (EVP_MD_CTX_copy_ex(k->work, k->sign_tmpl) <= 0)
		return cb_ossl_fail();
	len = *siglen;
	if (EVP_DigestSign(k->work, sig, &len, m ? m : (const uint8_t *)"", mlen) <= 0)
		return cb_ossl_fail();
	*siglen = len;
	return CB_OK;
}

int cb_ossl_sig_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct cb_ossl_sig_key *k = key;
	int r;
	if (!k || (!m && mlen) || (!sig && siglen))
		return CB_ERR_ARG;
	if (k->dverify) {
		uint8_t d[32];
		if ((r = ecdsa_digest(k, m ? m : (const uint8_t *)"", mlen, d)) != CB_OK)
			return r;
		r = EVP_PKEY_verify(k->dverify, sig ? sig : (const uint8_t *)"", siglen, d, sizeof(d));
		if (r == 1)
			return CB_OK;
		ERR_clear_error();
		return CB_ERR_VERIFY;
	}
	if (EVP_MD_CTX_copy_ex(k->work, k->verify_tmpl) <= 0)
		return cb_ossl_fail();
	r = EVP_DigestVerify(k->work, sig ? sig : (const uint8_t *)"", siglen,
			     m ? m : (const uint8_t *)"", mlen);
	if (r == 1)
		return CB_OK;
	/* 0: bad signature; -1: a signature that does not even parse. */
	ERR_clear_error();
	return CB_ERR_VERIFY;
}
