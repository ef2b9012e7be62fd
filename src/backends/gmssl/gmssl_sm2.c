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
 * PKCS#8 DER, read by GmSSL's parsers, written as the canonical files by
 * the shared SM2 handle (core/sm2key.h: the handle, exports and sizes).
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
#include "backends/gmssl/gmssl_common.h"

#ifdef CB_GMSSL_BUILT

#include <gmssl/sm2.h>
#include <string.h>

#include "core/sm2key.h"
#include "core/util.h"

struct gm_key {
	cb_sm2_handle h; /* first: has_secret, kind, fmt */
	SM2_KEY key;
	SM3_CTX za;            /* sm2-sign: SM3 state after Z_A */
	SM2_VERIFY_CTX verify; /* sm2-sign */
	int have_peer;         /* sm2-dh: the last peer, parsed */
	uint8_t peer[65];
	SM2_KEY peer_key;
};

static int gm_generate(void *key)
{
	return sm2_key_generate(&((struct gm_key *)key)->key) == 1 ? CB_OK : CB_ERR_RANDOM;
}

/*
 * The key from DER, by GmSSL's parsers (nothing may follow): PKCS#8
 * PrivateKeyInfo, or SubjectPublicKeyInfo.
 */
static int gm_import(void *key, int secret, const uint8_t *in, size_t len)
{
	struct gm_key *k = key;
	const uint8_t *p = in, *attrs = NULL;
	size_t left = len, attrslen = 0;
	int ok;

	ok = secret ? sm2_private_key_info_from_der(&k->key, &attrs, &attrslen, &p, &left) == 1
		    : sm2_public_key_info_from_der(&k->key, &p, &left) == 1;
	if (!ok || left != 0)
		return CB_ERR_FORMAT;
	if (!secret && sm2_z256_point_is_at_infinity(&k->key.public_key))
		return CB_ERR_INVALID_KEY; /* 0x04 || 0^64, which GmSSL accepts (see dh_derive) */
	return CB_OK;
}

static int gm_get_point(const void *key, uint8_t pt[65])
{
	const struct gm_key *k = key;

	return sm2_z256_point_to_uncompressed_octets(&k->key.public_key, pt) == 1 ? CB_OK : CB_ERR_BACKEND;
}

static int gm_get_secret(const void *key, uint8_t d[32])
{
	sm2_z256_to_bytes(((const struct gm_key *)key)->key.private_key, d);
	return CB_OK;
}

/* sm2-sign's contexts, for the user ID from opts (GmSSL takes 1..8191 bytes). */
static int gm_prepare(void *key, const cb_opts *opts)
{
	struct gm_key *k = key;
	const uint8_t *id;
	size_t idlen;

	if (k->h.kind != CB_KIND_SIG)
		return CB_OK;
	cb_sm2_id(opts, &id, &idlen);
	if (idlen == 0 || idlen > CB_SM2_ID_MAX || idlen > SM2_MAX_ID_LENGTH)
		return CB_ERR_UNSUPPORTED; /* GmSSL's sm2_verify_init refuses an empty ID */
	if (k->h.has_secret) {
		uint8_t z[SM3_DIGEST_SIZE];
		if (sm2_compute_z(z, &k->key.public_key, (const char *)id, idlen) != 1)
			return CB_ERR_BACKEND;
		sm3_init(&k->za);
		sm3_update(&k->za, z, sizeof(z));
	}
	if (sm2_verify_init(&k->verify, &k->key, (const char *)id, idlen) != 1)
		return CB_ERR_BACKEND;
	return CB_OK;
}

/* The handle is wiped when freed: d, (1 + d)^-1 and the signer's nonces. */
static const cb_sm2_lib gm_lib = {sizeof(struct gm_key), SM2_MAX_PLAINTEXT_SIZE, NULL,          NULL, gm_generate,
				  gm_import,             gm_get_point,           gm_get_secret, gm_prepare};

/* ---- sm2-sign ---- */

static int sign_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct gm_key *k = key;
	uint8_t buf[SM2_MAX_SIGNATURE_SIZE], e[SM3_DIGEST_SIZE];
	SM3_CTX h;
	size_t n = 0;

	if (!k->h.has_secret)
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

	if (sm2_verify_reset(&k->verify) != 1 || sm2_verify_update(&k->verify, m, mlen) != 1)
		return CB_ERR_BACKEND;
	/* GmSSL does not tell a malformed signature from a wrong one. */
	return sm2_verify_finish(&k->verify, sig, siglen) == 1 ? CB_OK : CB_ERR_VERIFY;
}

static const cb_sm2_variant v_sign = {&gm_lib, CB_SM2_DER}, v_dh = {&gm_lib, CB_SM2_DER};

static const cb_sig_class gm_sm2_sign = {
	.info = GMSSL_INFO(CB_KIND_SIG, "sm2-sign",
			   "sm2_sign with a fresh k from getentropy per signature (not SM2_SIGN_CTX, whose "
			   "batches of 32 nonces the per-slice median would hide); verify through "
			   "SM2_VERIFY_CTX's precomputed table of the public point" GMSSL_SM2_ASM,
			   &v_sign),
	CB_SM2_SIG_METHODS,
	.sign = sign_sign,
	.verify = sign_verify,
};

/* ---- sm2-enc-* ---- */

static int enc_encrypt(void *key, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	struct gm_key *k = key;
	SM2_CIPHERTEXT ct;
	cb_sm2_ct_parts pt;
	size_t need, n = 0;
	uint8_t *p = c;

	if (mlen == 0 || mlen > SM2_MAX_PLAINTEXT_SIZE)
		return CB_ERR_UNSUPPORTED; /* GM/T 0003.4: t must not be empty; GmSSL: at most 255 bytes */
	need = cb_sm2_ct_size(k->h.fmt, mlen);
	if (*clen < need)
		return CB_ERR_LENGTH;
	if (sm2_do_encrypt(&k->key, m, mlen, &ct) != 1)
		return CB_ERR_BACKEND;
	if (k->h.fmt != CB_SM2_DER) {
		pt.x = ct.point.x;
		pt.y = ct.point.y;
		pt.c3 = ct.hash;
		pt.c2 = ct.ciphertext;
		pt.c2len = mlen;
		return cb_sm2_ct_write(&pt, k->h.fmt, c, clen);
	}
	/* need is DER's upper bound, which GmSSL's encoding stays within. */
	if (sm2_ciphertext_to_der(&ct, &p, &n) != 1 || n > need)
		return CB_ERR_BACKEND;
	*clen = n;
	return CB_OK;
}

static int enc_decrypt(void *key, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	struct gm_key *k = key;
	SM2_CIPHERTEXT ct;
	cb_sm2_ct_parts pt;
	uint8_t buf[SM2_MAX_PLAINTEXT_SIZE];
	const uint8_t *p = c;
	size_t n = 0, left = clen;
	int r;

	if (!k->h.has_secret)
		return CB_ERR_UNSUPPORTED;
	memset(&ct, 0, sizeof(ct));
	if (k->h.fmt == CB_SM2_DER) {
		/* GmSSL's parser refuses a C2 longer than 255 bytes as malformed. */
		if (sm2_ciphertext_from_der(&ct, &p, &left) != 1 || left != 0)
			return CB_ERR_DECRYPT;
	} else {
		if (cb_sm2_ct_parse(k->h.fmt, c, clen, &pt) != 0)
			return CB_ERR_DECRYPT;
		if (pt.c2len > SM2_MAX_PLAINTEXT_SIZE)
			return CB_ERR_UNSUPPORTED; /* possibly valid, but beyond GmSSL's limit */
		memcpy(ct.point.x, pt.x, 32);
		memcpy(ct.point.y, pt.y, 32);
		memcpy(ct.hash, pt.c3, 32);
		memcpy(ct.ciphertext, pt.c2, pt.c2len);
		ct.ciphertext_size = (uint8_t)pt.c2len;
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
	static const cb_sm2_variant var_##_v = {&gm_lib, fmt_};                                      \
	static const cb_pke_class var_ = {.info = GMSSL_INFO(CB_KIND_PKE, name_, notes_, &var_##_v), \
					  CB_SM2_PKE_METHODS, .encrypt = enc_encrypt, .decrypt = enc_decrypt}

GM_SM2_PKE(gm_sm2_enc_c1c3c2, "sm2-enc-c1c3c2", CB_SM2_C1C3C2,
	   "GmSSL's SM2_CIPHERTEXT struct copied into the raw form (no DER step); messages of 1 to 255 bytes");
GM_SM2_PKE(gm_sm2_enc_c1c2c3, "sm2-enc-c1c2c3", CB_SM2_C1C2C3,
	   "GmSSL's SM2_CIPHERTEXT struct copied into the raw form (no DER step); messages of 1 to 255 bytes");
GM_SM2_PKE(gm_sm2_enc_der, "sm2-enc-der", CB_SM2_DER,
	   "GmSSL's native form; messages of 1 to 255 bytes");

/* ---- sm2-dh ---- */

static int dh_derive(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	struct gm_key *k = key;
	uint8_t x[32];
	int r;

	if (!k->h.has_secret)
		return CB_ERR_UNSUPPORTED;
	if (peerlen != 65 || peer[0] != 0x04)
		return CB_ERR_FORMAT;
	if (!k->have_peer || memcmp(k->peer, peer, 65) != 0) {
		k->have_peer = 0;
		/*
		 * GmSSL reads 0x04 || 0^64 as the point at infinity and accepts
		 * it, and sm2_do_ecdh then gives an all-zero secret: refused
		 * (cb_gmssl_point_in).
		 */
		if (cb_gmssl_point_in(peer, &k->peer_key.public_key) != 0)
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
	CB_SM2_KEX_METHODS,
	.derive = dh_derive,
};

const cb_alg_info *const cb_gmssl_sm2_algs[] = {
	&gm_sm2_sign.info, &gm_sm2_enc_c1c3c2.info, &gm_sm2_enc_c1c2c3.info, &gm_sm2_enc_der.info,
	&gm_sm2_dh.info,   NULL,
};

#else
typedef int cb_gmssl_sm2_not_built;
#endif
