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
 */
#include <string.h>

#include "backends/backends.h"
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
	int r = cb_mlkem768_keypair_derand(pk, sk, coins, coins + 32);
	if (r)
		return r;
	memcpy(sk + DK, coins + 64, X);
	r = cb_hy_x25519_base(pk + EK, sk + DK);
	if (r) {
		cb_wipe(sk, DK + 2 * X);
		return r;
	}
	memcpy(sk + DK + X, pk + EK, X);
	return CB_OK;
}

static int x_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *coins)
{
	uint8_t ssm[32], ssx[32];
	int r;

	/* 3.1.2: the FIPS 203 7.2 check is inside encaps (CB_ERR_INVALID_KEY) */
	r = cb_mlkem768_encaps_derand(ct, ssm, pk, coins);
	if (!r)
		r = cb_hy_x25519_base(ct + CT, coins + 32);
	if (!r)
		r = cb_hy_x25519(ssx, coins + 32, ct + CT, pk + EK);
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
	uint8_t ssm[32], ssx[32];
	int r = cb_mlkem768_decaps(ssm, ct, sk);
	if (!r)
		r = cb_hy_x25519(ssx, sk + DK, sk + DK + X, ct + CT);
	if (!r) {
		memcpy(ss, ssm, 32);
		memcpy(ss + 32, ssx, 32);
	}
	cb_wipe(ssm, sizeof(ssm));
	cb_wipe(ssx, sizeof(ssx));
	return r;
}

/* keypair: d || z || sk_X, encaps: m || e_X, all random bytes */
static const cb_hy_variant x_coins = {{0, 0, 0}, {0, 0, 0}, 1};

const cb_kem_class cb_hybrid_x25519mlkem768 = {
	.info = {CB_KIND_KEM, "x25519mlkem768", "builtin", "X25519 through OpenSSL EVP", NULL, builtin_implementation, &x_coins},
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
	int r = cb_hy_ec_public(CB_HY_P256, pk, coins);
	if (r)
		return r;
	r = cb_mlkem768_keypair_derand(pk + P, sk + S, coins + 32, coins + 64);
	if (r)
		return r;
	memcpy(sk, coins, S);
	return CB_OK;
}

static int p_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *coins)
{
	uint8_t sse[32], ssm[32];
	int r;

	/* the client's point first (RFC 8446 4.2.8.2 checks), then ML-KEM (FIPS 203 7.2) */
	r = cb_hy_ec_dh(CB_HY_P256, sse, NULL, coins, pk);
	if (!r)
		r = cb_hy_ec_public(CB_HY_P256, ct, coins);
	if (!r)
		r = cb_mlkem768_encaps_derand(ct + P, ssm, pk + P, coins + 32);
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
	uint8_t sse[32], ssm[32];
	int r = cb_hy_ec_dh(CB_HY_P256, sse, NULL, sk, ct);
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

/* keypair: d_P (a P-256 scalar) || d || z, encaps: e_P || m */
static const cb_hy_variant p_coins = {{1, CB_HY_P256, 0}, {1, CB_HY_P256, 0}, 1};

const cb_kem_class cb_hybrid_secp256r1mlkem768 = {
	.info = {CB_KIND_KEM, "secp256r1mlkem768", "builtin", "P-256 through OpenSSL EC_POINT", NULL, builtin_implementation, &p_coins},
	.public_key_bytes = P + EK,
	.secret_key_bytes = S + DK,
	.ciphertext_bytes = P + CT,
	.shared_secret_bytes = 64,
	.keypair = cb_hy_keypair,
	.encaps = cb_hy_encaps,
	.decaps = p_decaps,
	.keypair_coins_bytes = 96,
	.keypair_derand = p_keypair_derand,
	.encaps_coins_bytes = 64,
	.encaps_derand = p_encaps_derand,
};
