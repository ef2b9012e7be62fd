/*
 * The TLS 1.3 hybrid groups of draft-ietf-tls-ecdhe-mlkem as KEMs:
 * X25519MLKEM768 (code point 0x11EC) and SecP256r1MLKEM768 (0x11EB).
 * Section numbers are those of draft-ietf-tls-ecdhe-mlkem-00 / -01
 * ("3.1.1 Client share", "3.1.2 Server share", "3.1.3 Shared secret").
 *
 * The component order differs between the two (section 3, "Negotiated
 * Groups"): X25519MLKEM768 puts ML-KEM first everywhere, SecP256r1MLKEM768
 * puts the ECDH part first everywhere.
 *
 *   x25519mlkem768     pk (client share, 3.1.1) = ek_M (1184) || X25519 pub (32)   1216
 *                      ct (server share, 3.1.2) = ct_M (1088) || X25519 pub (32)   1120
 *                      ss (3.1.3)               = ss_M (32) || X25519 ss (32)        64
 *                      sk (ours)                = dk_M (2400) || sk_X (32) || pk_X (32)
 *   secp256r1mlkem768  pk (3.1.1) = P-256 point (65, uncompressed) || ek_M (1184)  1249
 *                      ct (3.1.2) = P-256 point (65) || ct_M (1088)                1153
 *                      ss (3.1.3) = ECDH x-coordinate (32) || ss_M (32)               64
 *                      sk (ours)  = d (32, big-endian) || dk_M (2400)
 *
 * Checks: the ML-KEM encapsulation key check of FIPS 203 7.2 on the client
 * share (3.1.2), the ECDH validity checks of RFC 8446 4.2.8.2 (uncompressed
 * point on the curve) and the X25519 all-zero check of RFC 8446 7.4.2
 * (3.1.3): a failure is CB_ERR_INVALID_KEY.
 *
 * Derand coins, in wire order: x25519mlkem768 keypair d || z || sk_X (96),
 * encaps m || e_X (64); secp256r1mlkem768 keypair d_P || d || z (96),
 * encaps e_P || m (64).
 *
 * Both are compositions (hy_compose.c): the ML-KEM-768 part is a KEM
 * class (its derandomised methods), the ECDH part a key-agreement class
 * (import of the secret from the coins, export_public, derive), both
 * found in the registry; these classes are the default one.  pk_X in
 * x25519mlkem768's sk is kept for the layout: the key-agreement class
 * computes it again when it imports sk_X.
 */
#include <string.h>

#include "core/util.h"
#include "hybrid/hy_ecc.h"
#include "hybrid/hybrid.h"
#include "mlkem/mlkem.h"

#define EK CB_MLKEM768_EK_BYTES
#define DK CB_MLKEM768_DK_BYTES
#define CT CB_MLKEM768_CT_BYTES
#define X 32
#define P CB_HY_EC_POINT_BYTES
#define S CB_HY_EC_SCALAR_BYTES

static const char *builtin_implementation(void)
{
	return "builtin-c+openssl";
}

/* ---- X25519MLKEM768 ----------------------------------------------------- */

static int x_keypair_derand(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	const cb_hy_slot *p = cb_hy_parts_of(cls);
	const cb_kem_class *m = p ? p->parts.kem : NULL;
	int r = m ? m->keypair_derand(m, pk, sk, coins) : CB_ERR_UNSUPPORTED;
	if (r)
		return r;
	memcpy(sk + DK, coins + 64, X);
	r = cb_hy_kex_public(p, pk + EK, sk + DK);
	if (r) {
		cb_wipe(sk, DK + 2 * X);
		memset(pk, 0, EK + X);
		return r;
	}
	memcpy(sk + DK + X, pk + EK, X);
	return CB_OK;
}

static int x_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *coins)
{
	const cb_hy_slot *p = cb_hy_parts_of(cls);
	uint8_t ssm[32], ssx[32];
	int r = CB_ERR_UNSUPPORTED;

	/* 3.1.2: the FIPS 203 7.2 check is inside encaps (CB_ERR_INVALID_KEY) */
	if (p)
		r = p->parts.kem->encaps_derand(p->parts.kem, ct, ssm, pk, coins);
	if (!r)
		r = cb_hy_kex_shared(p, ct + CT, ssx, coins + 32, pk + EK);
	if (!r) {
		memcpy(ss, ssm, 32); /* 3.1.3: ML-KEM first */
		memcpy(ss + 32, ssx, 32);
	} else {
		memset(ct, 0, CT + X);
	}
	cb_wipe(ssm, sizeof(ssm));
	cb_wipe(ssx, sizeof(ssx));
	return r;
}

static int x_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	const cb_hy_slot *p = cb_hy_parts_of(cls);
	uint8_t ssm[32], ssx[32];
	int r = p ? p->parts.kem->decaps(p->parts.kem, ssm, ct, sk) : CB_ERR_UNSUPPORTED;
	if (!r)
		r = cb_hy_kex_shared(p, NULL, ssx, sk + DK, ct + CT);
	if (!r) {
		memcpy(ss, ssm, 32);
		memcpy(ss + 32, ssx, 32);
	}
	cb_wipe(ssm, sizeof(ssm));
	cb_wipe(ssx, sizeof(ssx));
	return r;
}

/* keypair: d || z || sk_X, encaps: m || e_X, all random bytes */
static cb_hy_slot x_slot;
static const cb_hy_variant x_coins = {{0, 0, 0}, {0, 0, 0}, 1, "x25519mlkem768", &x_slot};

const cb_kem_class cb_hybrid_x25519mlkem768 = {
	.info = {CB_KIND_KEM, "x25519mlkem768", "builtin",
		 "default composition: parts mlkem768@builtin, x25519@openssl",
		 NULL, builtin_implementation, &x_coins},
	.public_key_bytes = EK + X,
	.secret_key_bytes = DK + 2 * X,
	.ciphertext_bytes = CT + X,
	.shared_secret_bytes = 64,
	.keypair = cb_hy_keypair,
	.encaps = cb_hy_encaps,
	.decaps = x_decaps,
	.keypair_coins_bytes = 96,
	.keypair_derand = x_keypair_derand,
	.encaps_coins_bytes = 64,
	.encaps_derand = x_encaps_derand,
};

/* ---- SecP256r1MLKEM768 -------------------------------------------------- */

static int p_keypair_derand(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	const cb_hy_slot *p = cb_hy_parts_of(cls);
	int r = p ? cb_hy_kex_public(p, pk, coins) : CB_ERR_UNSUPPORTED; /* CB_ERR_ARG: d_P 0 or >= n */
	if (r)
		return r;
	r = p->parts.kem->keypair_derand(p->parts.kem, pk + P, sk + S, coins + 32);
	if (r) {
		memset(pk, 0, P + EK);
		return r;
	}
	memcpy(sk, coins, S);
	return CB_OK;
}

static int p_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *coins)
{
	const cb_hy_slot *p = cb_hy_parts_of(cls);
	uint8_t sse[32], ssm[32];
	int r = CB_ERR_UNSUPPORTED;

	/* the client's point first (RFC 8446 4.2.8.2 checks), then ML-KEM (FIPS 203 7.2) */
	if (p)
		r = cb_hy_kex_shared(p, ct, sse, coins, pk);
	if (!r)
		r = p->parts.kem->encaps_derand(p->parts.kem, ct + P, ssm, pk + P, coins + 32);
	if (!r) {
		memcpy(ss, sse, 32); /* 3.1.3: ECDH first */
		memcpy(ss + 32, ssm, 32);
	} else {
		memset(ct, 0, P + CT);
	}
	cb_wipe(sse, sizeof(sse));
	cb_wipe(ssm, sizeof(ssm));
	return r;
}

static int p_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	const cb_hy_slot *p = cb_hy_parts_of(cls);
	uint8_t sse[32], ssm[32];
	int r = p ? cb_hy_kex_shared(p, NULL, sse, sk, ct) : CB_ERR_UNSUPPORTED;
	if (!r)
		r = p->parts.kem->decaps(p->parts.kem, ssm, ct + P, sk + S);
	if (!r) {
		memcpy(ss, sse, 32);
		memcpy(ss + 32, ssm, 32);
	}
	cb_wipe(sse, sizeof(sse));
	cb_wipe(ssm, sizeof(ssm));
	return r;
}

/* keypair: d_P (a P-256 scalar) || d || z, encaps: e_P || m */
static cb_hy_slot p_slot;
static const cb_hy_variant p_coins = {{1, CB_HY_P256, 0}, {1, CB_HY_P256, 0}, 1, "secp256r1mlkem768", &p_slot};

/* The point-first layout's class (SecP256r1MLKEM768, curveSM2MLKEM768's compositions) with its info. */
#define POINT_FIRST_CLASS(...)                                                                                  \
	{                                                                                                      \
		.info = {__VA_ARGS__}, .public_key_bytes = P + EK, .secret_key_bytes = S + DK,                \
		.ciphertext_bytes = P + CT, .shared_secret_bytes = 64, .keypair = cb_hy_keypair,               \
		.encaps = cb_hy_encaps, .decaps = p_decaps, .keypair_coins_bytes = 96,                         \
		.keypair_derand = p_keypair_derand, .encaps_coins_bytes = 64, .encaps_derand = p_encaps_derand \
	}

const cb_kem_class cb_hybrid_secp256r1mlkem768 =
	POINT_FIRST_CLASS(CB_KIND_KEM, "secp256r1mlkem768", "builtin",
			  "default composition: parts mlkem768@builtin, ecdh-p256@openssl", NULL,
			  builtin_implementation, &p_coins);

/*
 * curveSM2MLKEM768 (draft-yang-tls-hybrid-sm2-mlkem-03) has
 * SecP256r1MLKEM768's layout on the SM2 curve: its compositions
 * ("curvesm2mlkem768@oqs+gmssl") are this combiner over an sm2-dh class.
 * The registered default (hy_sm2.c) does its SM2 half outside any class.
 */
static const cb_hy_variant csm_coins = {{1, CB_HY_SM2, 0}, {1, CB_HY_SM2, 0}, 1, "curvesm2mlkem768", NULL};

const cb_kem_class cb_hy_curvesm2mlkem768_parts =
	POINT_FIRST_CLASS(CB_KIND_KEM, "curvesm2mlkem768", "builtin", NULL, NULL, NULL, &csm_coins);
