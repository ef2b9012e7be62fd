/*
 * The SM2 KEMs (docs/HYBRID.md): curvesm2mlkem768 as
 * draft-yang-tls-hybrid-sm2-mlkem-03 defines the TLS 1.3 group
 * curveSM2MLKEM768 (4590, 0x11EE; section "Hybrid Key Exchange"), and
 * sm2mlkem768, sm2-dhkem, sm2-enc-kem, which no standard defines (their
 * layouts and combiners are this project's, documented in
 * docs/HYBRID.md).  sm2p256v1 (GB/T 32918.5) has cofactor 1, so a
 * validated point has order n.
 *
 *   curvesm2mlkem768  pk (ClientHello) = Q (65, uncompressed) || ek_M (1184)   1249
 *                     sk (ours)        = d (32) || dk_M (2400)                  2432
 *                     ct (ServerHello) = C = e*G (65) || ct_M (1088)            1153
 *                     ss = x(e*Q) (32, RFC 8446 7.4.2) || ss_M (32)             64
 *                     coins: keypair d (32) || d_M || z_M (96), encaps e (32) || m (64)
 *
 *   sm2mlkem768  pk = ek_M (1184) || Q (65)                      1249
 *                sk = dk_M (2400) || d (32) || Q (65)            2497
 *                ct = ct_M (1088) || C = e*G (65)                1153
 *                ss = SM3(ss_M || x(e*Q) || C || Q || "SM2MLKEM768-v1")   32
 *                coins: keypair d_M || z_M || d (96), encaps m || e (64)
 *   sm2-dhkem    pk = Q (65), sk = d (32) || Q (65), ct = C = e*G (65)
 *                ss = KDF_SM3(x(e*Q) || y(e*Q) || C || Q || "SM2-DHKEM-v1", 32)
 *                coins: keypair d (32), encaps e (32)
 *   sm2-enc-kem  pk = Q (65), sk = d (32) || Q (65)
 *                ct = SM2 encryption of a fresh 32-byte key K, C1 || C3 || C2
 *                (65 + 32 + 32 = 129 bytes, GM/T 0003.4-2012 section 6), ss = K
 *                coins: keypair d (32), encaps K || k (64)
 *
 * sm2-enc-kem is not implicitly rejecting: a ciphertext whose C3 does not
 * match makes decaps return CB_ERR_DECRYPT (as SM2 decryption does).
 */
#include <string.h>

#include "core/util.h"
#include "hybrid/hy_ecc.h"
#include "hybrid/hybrid.h"
#include "mlkem/mlkem.h"

#define EK CB_MLKEM768_EK_BYTES
#define DK CB_MLKEM768_DK_BYTES
#define CT CB_MLKEM768_CT_BYTES
#define P CB_HY_EC_POINT_BYTES
#define S CB_HY_EC_SCALAR_BYTES
#define SM2_MAX_MSG 256

static const char *builtin_implementation(void)
{
	return "builtin-c+openssl";
}

/* ---- SM2 encryption (GM/T 0003.4-2012 section 6, C1 || C3 || C2) -------- */

/* t = KDF(x2 || y2, mlen), C3 = SM3(x2 || M || y2); t == 0 is reported. */
static int sm2_kdf_hash(uint8_t *t, uint8_t c3[32], const uint8_t x2[32], const uint8_t y2[32],
			const uint8_t *m, size_t mlen)
{
	const uint8_t *kp[2] = {x2, y2};
	const size_t kl[2] = {32, 32};
	int r = cb_hy_sm3_kdf(t, mlen, kp, kl, 2);
	if (r)
		return r;
	if (c3) {
		const uint8_t *hp[3] = {x2, m, y2};
		const size_t hl[3] = {32, mlen, 32};
		r = cb_hy_sm3(c3, hp, hl, 3);
	}
	return r;
}

int cb_hy_sm2_encrypt_derand(uint8_t *ct, const uint8_t pub[65], const uint8_t *m, size_t mlen,
			     const uint8_t k[32])
{
	uint8_t x2[32], y2[32], t[SM2_MAX_MSG];
	int r;

	if (mlen == 0 || mlen > SM2_MAX_MSG)
		return CB_ERR_LENGTH;
	r = cb_hy_ec_dh(CB_HY_SM2, x2, y2, k, pub); /* A3, A4: checks pub, [k]P_B */
	if (!r)
		r = cb_hy_ec_public(CB_HY_SM2, ct, k); /* A2: C1 = [k]G */
	if (!r)
		r = sm2_kdf_hash(t, ct + P, x2, y2, m, mlen); /* A5 t, A7 C3 = SM3(x2 || M || y2) */
	if (!r && cb_hy_is_zero(t, mlen))
		r = CB_ERR_ARG; /* A5: t = 0, another k is needed */
	if (!r)
		for (size_t i = 0; i < mlen; i++) /* A6 */
			ct[P + 32 + i] = m[i] ^ t[i];
	if (r)
		memset(ct, 0, P + 32 + mlen);
	cb_wipe(x2, sizeof(x2));
	cb_wipe(y2, sizeof(y2));
	cb_wipe(t, sizeof(t));
	return r;
}

int cb_hy_sm2_decrypt(uint8_t *m, const uint8_t d[32], const uint8_t *ct, size_t ctlen)
{
	uint8_t x2[32], y2[32], t[SM2_MAX_MSG], u[32], mm[SM2_MAX_MSG];
	size_t mlen;
	unsigned diff = 0;
	int r;

	if (ctlen <= P + 32 || ctlen - P - 32 > SM2_MAX_MSG)
		return CB_ERR_LENGTH;
	mlen = ctlen - P - 32;
	r = cb_hy_ec_dh(CB_HY_SM2, x2, y2, d, ct); /* B1-B3: C1 checked, [d]C1 */
	if (!r)
		r = sm2_kdf_hash(t, NULL, x2, y2, NULL, mlen); /* B4 */
	if (!r) {
		for (size_t i = 0; i < mlen; i++) /* B5 */
			mm[i] = ct[P + 32 + i] ^ t[i];
		const uint8_t *hp[3] = {x2, mm, y2};
		const size_t hl[3] = {32, mlen, 32};
		r = cb_hy_sm3(u, hp, hl, 3); /* B6 */
	}
	if (!r) {
		for (size_t i = 0; i < 32; i++)
			diff |= (unsigned)(u[i] ^ ct[P + i]);
		diff |= (unsigned)cb_hy_is_zero(t, mlen);
		/* whether C3 matched is public (the caller learns it anyway) */
		if (diff)
			r = CB_ERR_DECRYPT;
		else
			memcpy(m, mm, mlen); /* B7 */
	}
	cb_wipe(x2, sizeof(x2));
	cb_wipe(y2, sizeof(y2));
	cb_wipe(t, sizeof(t));
	cb_wipe(mm, sizeof(mm));
	return r;
}

/* ---- common SM2 key pair: pk = Q, sk = d || Q --------------------------- */

static int sm2_keypair_derand(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	int r = cb_hy_ec_public(CB_HY_SM2, pk, coins);
	if (r)
		return r;
	memcpy(sk, coins, S);
	memcpy(sk + S, pk, P);
	return CB_OK;
}

/* ---- sm2-dhkem ------------------------------------------------------------ */

/* ss = KDF_SM3(x || y || C || Q || label, 32) */
static int dhkem_ss(uint8_t ss[32], const uint8_t x[32], const uint8_t y[32], const uint8_t c[65],
		    const uint8_t q[65])
{
	const uint8_t *parts[5] = {x, y, c, q, (const uint8_t *)CB_SM2DHKEM_LABEL};
	const size_t lens[5] = {32, 32, P, P, sizeof(CB_SM2DHKEM_LABEL) - 1};
	return cb_hy_sm3_kdf(ss, 32, parts, lens, 5);
}

static int dh_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *coins)
{
	uint8_t x[32], y[32];
	int r = cb_hy_ec_dh(CB_HY_SM2, x, y, coins, pk);
	if (!r)
		r = cb_hy_ec_public(CB_HY_SM2, ct, coins);
	if (!r)
		r = dhkem_ss(ss, x, y, ct, pk);
	if (r)
		memset(ct, 0, P);
	cb_wipe(x, sizeof(x));
	cb_wipe(y, sizeof(y));
	return r;
}

static int dh_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	uint8_t x[32], y[32];
	int r = cb_hy_ec_dh(CB_HY_SM2, x, y, sk, ct);
	if (!r)
		r = dhkem_ss(ss, x, y, ct, sk + S);
	cb_wipe(x, sizeof(x));
	cb_wipe(y, sizeof(y));
	return r;
}

/* keypair: d, encaps: e, SM2 scalars */
static const cb_hy_variant dh_coins = {{1, CB_HY_SM2, 0}, {1, CB_HY_SM2, 0}, 1, NULL, NULL};

const cb_kem_class cb_hybrid_sm2_dhkem = {
	.info = {CB_KIND_KEM, "sm2-dhkem", "builtin", "SM2 curve through OpenSSL EC_POINT, SM3 through EVP", cb_hy_sm_unavailable, builtin_implementation, &dh_coins},
	.public_key_bytes = P,
	.secret_key_bytes = S + P,
	.ciphertext_bytes = P,
	.shared_secret_bytes = 32,
	.keypair = cb_hy_keypair,
	.encaps = cb_hy_encaps,
	.decaps = dh_decaps,
	.keypair_coins_bytes = 32,
	.keypair_derand = sm2_keypair_derand,
	.encaps_coins_bytes = 32,
	.encaps_derand = dh_encaps_derand,
};

/* ---- sm2-enc-kem ---------------------------------------------------------- */

static int enc_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *coins)
{
	int r = cb_hy_sm2_encrypt_derand(ct, pk, coins, 32, coins + 32);
	if (!r)
		memcpy(ss, coins, 32);
	return r;
}

static int enc_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	return cb_hy_sm2_decrypt(ss, sk, ct, P + 32 + 32);
}

/* keypair: d; encaps: the 32-byte secret || k (an SM2 scalar), tried again on t = 0 (A5) */
static const cb_hy_variant enc_coins = {{1, CB_HY_SM2, 0}, {1, CB_HY_SM2, 32}, 4, NULL, NULL};

const cb_kem_class cb_hybrid_sm2_enc_kem = {
	.info = {CB_KIND_KEM, "sm2-enc-kem", "builtin", "SM2 encryption written here on OpenSSL EC_POINT and SM3", cb_hy_sm_unavailable, builtin_implementation, &enc_coins},
	.public_key_bytes = P,
	.secret_key_bytes = S + P,
	.ciphertext_bytes = P + 32 + 32,
	.shared_secret_bytes = 32,
	.keypair = cb_hy_keypair,
	.encaps = cb_hy_encaps,
	.decaps = enc_decaps,
	.keypair_coins_bytes = 32,
	.keypair_derand = sm2_keypair_derand,
	.encaps_coins_bytes = 64,
	.encaps_derand = enc_encaps_derand,
};

/* ---- curvesm2mlkem768 (draft-yang-tls-hybrid-sm2-mlkem-03) ----------------- */

static int csm_keypair_derand(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	/* ClientHello: the curveSM2 share first, then the ML-KEM-768 encapsulation key */
	int r = cb_hy_ec_public(CB_HY_SM2, pk, coins); /* CB_ERR_ARG: d 0 or >= n */
	if (!r)
		r = cb_mlkem768_keypair_derand(pk + P, sk + S, coins + 32, coins + 64);
	if (r) {
		memset(pk, 0, P + EK);
		cb_wipe(sk, S + DK);
		return r;
	}
	memcpy(sk, coins, S);
	return CB_OK;
}

static int csm_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *coins)
{
	uint8_t sse[32], ssm[32];
	/* the client's point (RFC 8446 4.2.8.2 checks), then ML-KEM (FIPS 203 7.2) */
	int r = cb_hy_ec_dh(CB_HY_SM2, sse, NULL, coins, pk);
	if (!r)
		r = cb_hy_ec_public(CB_HY_SM2, ct, coins);
	if (!r)
		r = cb_mlkem768_encaps_derand(ct + P, ssm, pk + P, coins + 32);
	if (!r) {
		/* Key Scheduling: the ECDHE secret, then ML-KEM's */
		memcpy(ss, sse, 32);
		memcpy(ss + 32, ssm, 32);
	} else {
		memset(ct, 0, P + CT);
	}
	cb_wipe(sse, sizeof(sse));
	cb_wipe(ssm, sizeof(ssm));
	return r;
}

static int csm_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	uint8_t sse[32], ssm[32];
	int r = cb_hy_ec_dh(CB_HY_SM2, sse, NULL, sk, ct);
	if (!r)
		r = cb_mlkem768_decaps(ssm, ct + P, sk + S);
	if (!r) {
		memcpy(ss, sse, 32);
		memcpy(ss + 32, ssm, 32);
	}
	cb_wipe(sse, sizeof(sse));
	cb_wipe(ssm, sizeof(ssm));
	return r;
}

/* keypair: d_S (an SM2 scalar) || d || z, encaps: e_S || m */
static const cb_hy_variant csm_coins = {{1, CB_HY_SM2, 0}, {1, CB_HY_SM2, 0}, 1, NULL, NULL};

const cb_kem_class cb_hybrid_curvesm2mlkem768 = {
	.info = {CB_KIND_KEM, "curvesm2mlkem768", "builtin",
		 "draft-yang-tls-hybrid-sm2-mlkem-03 byte for byte; SM2 curve through OpenSSL EC_POINT, ML-KEM-768 builtin",
		 cb_hy_sm_unavailable, builtin_implementation, &csm_coins},
	.public_key_bytes = P + EK,
	.secret_key_bytes = S + DK,
	.ciphertext_bytes = P + CT,
	.shared_secret_bytes = 64,
	.keypair = cb_hy_keypair,
	.encaps = cb_hy_encaps,
	.decaps = csm_decaps,
	.keypair_coins_bytes = 96,
	.keypair_derand = csm_keypair_derand,
	.encaps_coins_bytes = 64,
	.encaps_derand = csm_encaps_derand,
};

/* ---- sm2mlkem768 ---------------------------------------------------------- */

/* ss = SM3(ss_M || ss_E || C || Q || label) */
static int sm2mlkem_combiner(uint8_t ss[32], const uint8_t ssm[32], const uint8_t sse[32],
			     const uint8_t c[65], const uint8_t q[65])
{
	const uint8_t *parts[5] = {ssm, sse, c, q, (const uint8_t *)CB_SM2MLKEM768_LABEL};
	const size_t lens[5] = {32, 32, P, P, sizeof(CB_SM2MLKEM768_LABEL) - 1};
	return cb_hy_sm3(ss, parts, lens, 5);
}

static int sm_keypair_derand(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	int r = cb_hy_ec_public(CB_HY_SM2, pk + EK, coins + 64);
	if (!r)
		r = cb_mlkem768_keypair_derand(pk, sk, coins, coins + 32);
	if (r) {
		memset(pk, 0, EK + P);
		return r;
	}
	memcpy(sk + DK, coins + 64, S);
	memcpy(sk + DK + S, pk + EK, P);
	return CB_OK;
}

static int sm_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *coins)
{
	uint8_t ssm[32], sse[32];
	int r = cb_mlkem768_encaps_derand(ct, ssm, pk, coins); /* FIPS 203 7.2 check */
	if (!r)
		r = cb_hy_ec_dh(CB_HY_SM2, sse, NULL, coins + 32, pk + EK);
	if (!r)
		r = cb_hy_ec_public(CB_HY_SM2, ct + CT, coins + 32);
	if (!r)
		r = sm2mlkem_combiner(ss, ssm, sse, ct + CT, pk + EK);
	if (r)
		memset(ct, 0, CT + P);
	cb_wipe(ssm, sizeof(ssm));
	cb_wipe(sse, sizeof(sse));
	return r;
}

static int sm_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	uint8_t ssm[32], sse[32];
	int r = cb_mlkem768_decaps(ssm, ct, sk);
	if (!r)
		r = cb_hy_ec_dh(CB_HY_SM2, sse, NULL, sk + DK, ct + CT);
	if (!r)
		r = sm2mlkem_combiner(ss, ssm, sse, ct + CT, sk + DK + S);
	cb_wipe(ssm, sizeof(ssm));
	cb_wipe(sse, sizeof(sse));
	return r;
}

/* keypair: d || z || d_S (an SM2 scalar), encaps: m || e_S */
static const cb_hy_variant sm_coins = {{1, CB_HY_SM2, 64}, {1, CB_HY_SM2, 32}, 1, NULL, NULL};

const cb_kem_class cb_hybrid_sm2mlkem768 = {
	.info = {CB_KIND_KEM, "sm2mlkem768", "builtin", "SM2 curve through OpenSSL EC_POINT, SM3 through EVP", cb_hy_sm_unavailable, builtin_implementation, &sm_coins},
	.public_key_bytes = EK + P,
	.secret_key_bytes = DK + S + P,
	.ciphertext_bytes = CT + P,
	.shared_secret_bytes = 32,
	.keypair = cb_hy_keypair,
	.encaps = cb_hy_encaps,
	.decaps = sm_decaps,
	.keypair_coins_bytes = 96,
	.keypair_derand = sm_keypair_derand,
	.encaps_coins_bytes = 64,
	.encaps_derand = sm_encaps_derand,
};
