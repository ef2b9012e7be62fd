/*
 * GmSSL SM2 classes under the OpenSSL classes' names and encodings:
 *
 *   sig  sm2-sign        SM3 with Z_A (user ID from cb_opts, default
 *                        "1234567812345678"), DER signatures: sm2_sign
 *                        (a fresh k per signature) over SM3(Z_A || M);
 *                        verification through GmSSL's SM2_VERIFY_CTX
 *   pke  sm2-enc-c1c3c2  0x04||x||y||C3||C2, sm2-enc-c1c2c3 0x04||x||y||C2||C3:
 *                        GmSSL's SM2_CIPHERTEXT struct (sm2_do_encrypt /
 *                        sm2_do_decrypt) written and read here, no DER step;
 *        sm2-enc-der     GmSSL's own GM/T 0009 DER (sm2_ciphertext_to_der)
 *   kex  sm2-dh          plain ECDH on sm2p256v1 (sm2_do_ecdh), the
 *                        x-coordinate; public value an uncompressed point
 *
 * Keys: public SubjectPublicKeyInfo DER (id-ecPublicKey, sm2p256v1), secret
 * PKCS#8 DER, both by GmSSL's encoders and parsers.
 *
 * A handle holds the SM2_KEY and, for signatures, an SM3 state with Z_A
 * hashed in (sm2_compute_z, once) and the verify context made once (its
 * table of multiples of P).
 *
 * GmSSL's SM2_SIGN_CTX is not used for signing: sm2_sign_finish draws its
 * nonces 32 at a time (sm2_fast_sign_pre_compute: 32 k, 32 kG, one
 * inversion), so one call in 32 costs some 30 times the others, and the
 * harness's per-slice median leaves that call out: it reported about a
 * tenth of the real mean cost.  sm2_sign draws one k per signature (from
 * getentropy), as OpenSSL does; encryption likewise (sm2_do_encrypt).
 * GmSSL encrypts and decrypts messages of 1 to 255 bytes only
 * (SM2_MAX_PLAINTEXT_SIZE); max_plaintext says so.
 */
#include "backends/class_tables.h"
#include "backends/gmssl/gmssl_common.h"

#ifdef CB_GMSSL_BUILT

#include <gmssl/sm2.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"
#include "cryptobench/sm2.h"

enum gm_type { T_SIGN, T_ENC, T_DH };

struct gm_key {
	enum gm_type type;
	cb_sm2_ct_format fmt; /* T_ENC */
	int has_private;
	SM2_KEY key;
	SM3_CTX za;            /* T_SIGN: SM3 state after Z_A */
	SM2_VERIFY_CTX verify; /* T_SIGN */
	int have_peer;         /* T_DH: the last peer, parsed */
	uint8_t peer[65];
	SM2_KEY peer_key;
};

static void key_free(void *p)
{
	if (!p)
		return;
	cb_wipe(p, sizeof(struct gm_key)); /* d, (1 + d)^-1 and the signer's nonces */
	free(p);
}

/* A class's variant: what its keys are for and, for encryption, the ciphertext form. */
struct gm_variant {
	enum gm_type type;
	cb_sm2_ct_format fmt;
};

static struct gm_key *key_new(const struct gm_variant *v)
{
	struct gm_key *k = calloc(1, sizeof(*k));

	if (k) {
		k->type = v->type;
		k->fmt = v->fmt;
	}
	return k;
}

/* The user ID from opts: NULL selects the default.  GmSSL takes 1..8191 bytes. */
static int sm2_id(const cb_opts *opts, const char **id, size_t *len)
{
	*id = SM2_DEFAULT_ID;
	*len = SM2_DEFAULT_ID_LENGTH;
	if (opts && opts->sm2_id) {
		if (opts->sm2_id_len == 0 || opts->sm2_id_len > CB_SM2_ID_MAX || opts->sm2_id_len > SM2_MAX_ID_LENGTH)
			return CB_ERR_UNSUPPORTED; /* GmSSL's sm2_verify_init refuses an empty ID */
		*id = (const char *)opts->sm2_id;
		*len = opts->sm2_id_len;
	}
	return CB_OK;
}

/* The contexts a handle needs once k->key (and has_private) are set. */
static int key_prepare(struct gm_key *k, const cb_opts *opts)
{
	const char *id;
	size_t idlen;
	int r;

	if (k->type != T_SIGN)
		return CB_OK;
	if ((r = sm2_id(opts, &id, &idlen)) != 0)
		return r;
	if (k->has_private) {
		uint8_t z[SM3_DIGEST_SIZE];
		if (sm2_compute_z(z, &k->key.public_key, id, idlen) != 1)
			return CB_ERR_BACKEND;
		sm3_init(&k->za);
		sm3_update(&k->za, z, sizeof(z));
	}
	if (sm2_verify_init(&k->verify, &k->key, id, idlen) != 1)
		return CB_ERR_BACKEND;
	return CB_OK;
}

static int key_finish(struct gm_key *k, const cb_opts *opts, void **key)
{
	int r = key_prepare(k, opts);

	if (r != 0) {
		key_free(k);
		return r;
	}
	*key = k;
	return CB_OK;
}

static int key_keygen(const struct gm_variant *v, const cb_opts *opts, void **key)
{
	struct gm_key *k;

	if (!key)
		return CB_ERR_ARG;
	*key = NULL;
	k = key_new(v);
	if (!k)
		return CB_ERR_NOMEM;
	if (sm2_key_generate(&k->key) != 1) {
		key_free(k);
		return CB_ERR_RANDOM;
	}
	k->has_private = 1;
	return key_finish(k, opts, key);
}

/*
 * A handle from DER, by GmSSL's parsers (nothing may follow): a secret key
 * from PKCS#8 PrivateKeyInfo, or a public-key-only one from
 * SubjectPublicKeyInfo (the SM2 ID from opts).
 */
static int key_import(const struct gm_variant *v, int secret, const uint8_t *in, size_t len, const cb_opts *opts,
		      void **key)
{
	struct gm_key *k;
	const uint8_t *p = in, *attrs = NULL;
	size_t left = len, attrslen = 0;
	int ok;

	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	k = key_new(v);
	if (!k)
		return CB_ERR_NOMEM;
	ok = secret ? sm2_private_key_info_from_der(&k->key, &attrs, &attrslen, &p, &left) == 1
		    : sm2_public_key_info_from_der(&k->key, &p, &left) == 1;
	if (!ok || left != 0) {
		key_free(k);
		return CB_ERR_FORMAT;
	}
	if (!secret && sm2_z256_point_is_at_infinity(&k->key.public_key)) {
		key_free(k); /* 0x04 || 0^64, which GmSSL accepts (see dh_derive) */
		return CB_ERR_INVALID_KEY;
	}
	k->has_private = secret;
	return key_finish(k, opts, key);
}

/* SubjectPublicKeyInfo DER. */
static int export_spki(const void *key, uint8_t *out, size_t *outlen)
{
	const struct gm_key *k = key;
	uint8_t buf[128], *p = buf;
	size_t n = 0;

	if (!k)
		return CB_ERR_ARG;
	if (sm2_public_key_info_to_der(&k->key, NULL, &n) != 1 || n > sizeof(buf))
		return CB_ERR_BACKEND;
	n = 0;
	if (sm2_public_key_info_to_der(&k->key, &p, &n) != 1)
		return CB_ERR_BACKEND;
	return cb_bytes_out(buf, n, out, outlen);
}

/* PKCS#8 PrivateKeyInfo DER (GmSSL writes the curve and the public key in the ECPrivateKey). */
static int export_pkcs8(const void *key, uint8_t *out, size_t *outlen)
{
	const struct gm_key *k = key;
	uint8_t buf[SM2_PRIVATE_KEY_BUF_SIZE], *p = buf;
	size_t n = 0;
	int r = CB_ERR_BACKEND;

	if (!k)
		return CB_ERR_ARG;
	if (!k->has_private)
		return CB_ERR_UNSUPPORTED;
	if (sm2_private_key_info_to_der(&k->key, NULL, &n) == 1 && n <= sizeof(buf)) {
		n = 0;
		if (sm2_private_key_info_to_der(&k->key, &p, &n) == 1)
			r = cb_bytes_out(buf, n, out, outlen);
	}
	cb_wipe(buf, sizeof(buf));
	return r;
}

/* ---- sm2-sign ---- */

static size_t sign_max_signature(const void *key)
{
	return SM2_MAX_SIGNATURE_SIZE;
}

static int sign_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct gm_key *k = key;
	uint8_t buf[SM2_MAX_SIGNATURE_SIZE], e[SM3_DIGEST_SIZE];
	SM3_CTX h;
	size_t n = 0;

	if (!k || !sig || !siglen || (!m && mlen))
		return CB_ERR_ARG;
	if (!k->has_private)
		return CB_ERR_UNSUPPORTED;
	h = k->za;
	if (mlen)
		sm3_update(&h, m, mlen);
	sm3_finish(&h, e);
	/* sm2_sign writes up to 72 bytes without a capacity: into buf first. */
	if (sm2_sign(&k->key, e, buf, &n) != 1)
		return CB_ERR_BACKEND;
	return cb_bytes_out(buf, n, sig, siglen);
}

static int sign_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct gm_key *k = key;

	if (!k || !sig || (!m && mlen))
		return CB_ERR_ARG;
	if (sm2_verify_reset(&k->verify) != 1 || sm2_verify_update(&k->verify, m, mlen) != 1)
		return CB_ERR_BACKEND;
	/* GmSSL does not tell a malformed signature from a wrong one. */
	return sm2_verify_finish(&k->verify, sig, siglen) == 1 ? CB_OK : CB_ERR_VERIFY;
}

/* The secret and public imports over key_import, named as class_tables.h's entries call them. */
static int key_import_public(const struct gm_variant *v, const uint8_t *in, size_t len, const cb_opts *opts,
			     void **key)
{
	return key_import(v, 0, in, len, opts, key);
}

static int key_import_secret(const struct gm_variant *v, const uint8_t *in, size_t len, const cb_opts *opts,
			     void **key)
{
	return key_import(v, 1, in, len, opts, key);
}

/* The class methods: the class's variant says what the key is for; each kind has its entry over the bodies above. */
CB_KIND_ENTRIES(key, sig)
CB_KIND_ENTRIES(key, pke)
CB_KEX_ENTRIES(key)

static const struct gm_variant v_sign = {T_SIGN, CB_SM2_DER}, v_dh = {T_DH, CB_SM2_DER};

static const cb_sig_class gm_sm2_sign = {
	.info = GMSSL_INFO(CB_KIND_SIG, "sm2-sign",
			   "sm2_sign with a fresh k from getentropy per signature (not SM2_SIGN_CTX, whose "
			   "batches of 32 nonces the per-slice median would hide); verify through "
			   "SM2_VERIFY_CTX's precomputed table of the public point" GMSSL_SM2_ASM,
			   &v_sign),
	.keygen = key_sig_keygen,
	.key_free = key_free,
	.export_public = export_spki,
	.export_secret = export_pkcs8,
	.max_signature = sign_max_signature,
	.sign = sign_sign,
	.verify = sign_verify,
	.import_public = key_sig_import_public,
	.import_secret = key_sig_import_secret,
};

/* ---- sm2-enc-* ---- */

#define RAW_OVERHEAD CB_SM2_RAW_OVERHEAD /* 0x04, x, y, C3 */

static size_t enc_max_plaintext(const void *key)
{
	return SM2_MAX_PLAINTEXT_SIZE; /* 255 */
}

static size_t enc_max_ciphertext(const void *key, size_t mlen)
{
	const struct gm_key *k = key;
	return k ? cb_sm2_ct_size(k->fmt, mlen) : 0;
}

static int enc_encrypt(void *key, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	struct gm_key *k = key;
	SM2_CIPHERTEXT ct;
	size_t need, n = 0;
	uint8_t *p = c;

	if (!k || !m || !c || !clen)
		return CB_ERR_ARG;
	if (mlen == 0 || mlen > SM2_MAX_PLAINTEXT_SIZE)
		return CB_ERR_UNSUPPORTED; /* GM/T 0003.4: t must not be empty; GmSSL: at most 255 bytes */
	need = cb_sm2_ct_size(k->fmt, mlen);
	if (*clen < need)
		return CB_ERR_LENGTH;
	if (sm2_do_encrypt(&k->key, m, mlen, &ct) != 1)
		return CB_ERR_BACKEND;
	switch (k->fmt) {
	case CB_SM2_C1C3C2:
		c[0] = 0x04;
		memcpy(c + 1, ct.point.x, 32);
		memcpy(c + 33, ct.point.y, 32);
		memcpy(c + 65, ct.hash, 32);
		memcpy(c + 97, ct.ciphertext, mlen);
		n = need;
		break;
	case CB_SM2_C1C2C3:
		c[0] = 0x04;
		memcpy(c + 1, ct.point.x, 32);
		memcpy(c + 33, ct.point.y, 32);
		memcpy(c + 65, ct.ciphertext, mlen);
		memcpy(c + 65 + mlen, ct.hash, 32);
		n = need;
		break;
	case CB_SM2_DER:
		/* need is DER's upper bound, which GmSSL's encoding stays within. */
		if (sm2_ciphertext_to_der(&ct, &p, &n) != 1 || n > need)
			return CB_ERR_BACKEND;
		break;
	}
	*clen = n;
	return CB_OK;
}

static int enc_decrypt(void *key, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	struct gm_key *k = key;
	SM2_CIPHERTEXT ct;
	uint8_t buf[SM2_MAX_PLAINTEXT_SIZE];
	const uint8_t *p = c;
	size_t n = 0, left = clen, c2len;
	int r;

	if (!k || !c || !m || !mlen)
		return CB_ERR_ARG;
	if (!k->has_private)
		return CB_ERR_UNSUPPORTED;
	memset(&ct, 0, sizeof(ct));
	if (k->fmt == CB_SM2_DER) {
		/* GmSSL's parser refuses a C2 longer than 255 bytes as malformed. */
		if (sm2_ciphertext_from_der(&ct, &p, &left) != 1 || left != 0)
			return CB_ERR_DECRYPT;
	} else {
		if (clen <= RAW_OVERHEAD || c[0] != 0x04)
			return CB_ERR_DECRYPT;
		c2len = clen - RAW_OVERHEAD;
		if (c2len > SM2_MAX_PLAINTEXT_SIZE)
			return CB_ERR_UNSUPPORTED; /* possibly valid, but beyond GmSSL's limit */
		memcpy(ct.point.x, c + 1, 32);
		memcpy(ct.point.y, c + 33, 32);
		if (k->fmt == CB_SM2_C1C3C2) {
			memcpy(ct.hash, c + 65, 32);
			memcpy(ct.ciphertext, c + 97, c2len);
		} else {
			memcpy(ct.ciphertext, c + 65, c2len);
			memcpy(ct.hash, c + 65 + c2len, 32);
		}
		ct.ciphertext_size = (uint8_t)c2len;
	}
	if (ct.ciphertext_size == 0)
		return CB_ERR_DECRYPT;
	/* sm2_do_decrypt writes ciphertext_size bytes without a capacity: into buf first. */
	if (sm2_do_decrypt(&k->key, &ct, buf, &n) != 1) {
		r = CB_ERR_DECRYPT;
	} else {
		r = cb_bytes_out(buf, n, m, mlen);
	}
	cb_wipe(buf, sizeof(buf));
	return r;
}

#define GM_SM2_PKE(var_, name_, fmt_, notes_)                                                       \
	static const struct gm_variant var_##_v = {T_ENC, fmt_};                                     \
	static const cb_pke_class var_ = {                                                           \
		.info = GMSSL_INFO(CB_KIND_PKE, name_, notes_, &var_##_v),                           \
		.keygen = key_pke_keygen,                                                            \
		.key_free = key_free,                                                                \
		.export_public = export_spki,                                                        \
		.export_secret = export_pkcs8,                                                       \
		.max_plaintext = enc_max_plaintext,                                                  \
		.max_ciphertext = enc_max_ciphertext,                                                \
		.encrypt = enc_encrypt,                                                              \
		.decrypt = enc_decrypt,                                                              \
		.import_secret = key_pke_import_secret,                                              \
		.import_public = key_pke_import_public,                                              \
	}

GM_SM2_PKE(gm_sm2_enc_c1c3c2, "sm2-enc-c1c3c2", CB_SM2_C1C3C2,
	   "GmSSL's SM2_CIPHERTEXT struct copied into the raw form (no DER step); messages of 1 to 255 bytes");
GM_SM2_PKE(gm_sm2_enc_c1c2c3, "sm2-enc-c1c2c3", CB_SM2_C1C2C3,
	   "GmSSL's SM2_CIPHERTEXT struct copied into the raw form (no DER step); messages of 1 to 255 bytes");
GM_SM2_PKE(gm_sm2_enc_der, "sm2-enc-der", CB_SM2_DER,
	   "GmSSL's native form; messages of 1 to 255 bytes");

/* ---- sm2-dh ---- */

static int dh_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const struct gm_key *k = key;
	uint8_t pt[65];

	if (!k)
		return CB_ERR_ARG;
	if (sm2_z256_point_to_uncompressed_octets(&k->key.public_key, pt) != 1)
		return CB_ERR_BACKEND;
	return cb_bytes_out(pt, sizeof(pt), out, outlen);
}

static int dh_derive(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	struct gm_key *k = key;
	uint8_t x[32];
	int r;

	if (!k || !peer || !ss || !sslen)
		return CB_ERR_ARG;
	if (!k->has_private)
		return CB_ERR_UNSUPPORTED;
	if (peerlen != 65 || peer[0] != 0x04)
		return CB_ERR_FORMAT;
	if (*sslen < 32)
		return CB_ERR_LENGTH;
	if (!k->have_peer || memcmp(k->peer, peer, 65) != 0) {
		k->have_peer = 0;
		/*
		 * On the curve, or refused (sm2_z256_point_from_octets).  GmSSL
		 * reads 0x04 || 0^64 as the point at infinity and accepts it, and
		 * sm2_do_ecdh then gives an all-zero secret: refused here.  It also
		 * runs its curve check after refusing a coordinate >= p, on the
		 * point half overwritten (here: half the previous peer's), so the
		 * point is zeroed first: such input is then at infinity, refused.
		 */
		memset(&k->peer_key.public_key, 0, sizeof(k->peer_key.public_key));
		if (sm2_z256_point_from_octets(&k->peer_key.public_key, peer, 65) != 1 ||
		    sm2_z256_point_is_at_infinity(&k->peer_key.public_key))
			return CB_ERR_INVALID_KEY;
		memcpy(k->peer, peer, 65);
		k->have_peer = 1;
	}
	r = sm2_do_ecdh(&k->key, &k->peer_key, x) == 1 ? cb_bytes_out(x, 32, ss, sslen) : CB_ERR_BACKEND;
	cb_wipe(x, sizeof(x));
	return r;
}

static const cb_kex_class gm_sm2_dh = {
	.info = GMSSL_INFO(CB_KIND_KEX, "sm2-dh",
			   "sm2_do_ecdh: plain ECDH, not the GM/T 0003.3 key exchange; the adapter refuses the "
			   "all-zero peer point GmSSL accepts; the last peer kept parsed" GMSSL_SM2_ASM,
			   &v_dh),
	.keygen = key_kex_keygen,
	.key_free = key_free,
	.export_public = dh_export_public,
	.export_secret = export_pkcs8,
	.derive = dh_derive,
	.import_secret = key_kex_import_secret,
};

const cb_alg_info *const cb_gmssl_sm2_algs[] = {
	&gm_sm2_sign.info, &gm_sm2_enc_c1c3c2.info, &gm_sm2_enc_c1c2c3.info, &gm_sm2_enc_der.info,
	&gm_sm2_dh.info,   NULL,
};

#else
typedef int cb_gmssl_sm2_not_built;
#endif
