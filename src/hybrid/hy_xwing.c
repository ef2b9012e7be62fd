/*
 * X-Wing (draft-connolly-cfrg-xwing-kem-10): ML-KEM-768 and X25519 with
 * the SHA3-256 combiner.  Sections of the draft:
 *
 *   5.1  sizes: sk 32 (the seed), pk 1216, ct 1120, ss 32
 *   5.2  expandDecapsulationKey(sk): SHAKE256(sk, 96 bytes) =
 *        d (32) || z (32) for ML-KEM-768.KeyGen_internal || sk_X (32);
 *        pk = pk_M (1184) || pk_X (32), pk_X = X25519(sk_X, 9)
 *   5.3  Combiner: SHA3-256(ss_M || ss_X || ct_X || pk_X || XWingLabel),
 *        XWingLabel = "\.//^\" (5c2e2f2f5e5c)
 *   5.4  Encapsulate: ct = ct_M (1088) || ct_X (32); 5.4.1 derand with
 *        eseed (64): m = eseed[0:32], ek_X = eseed[32:64]
 *   5.5  Decapsulate: expand sk again, ML-KEM decaps, X25519(sk_X, ct_X)
 *
 * keypair_derand takes the 32-byte seed (GenerateKeyPairDerand, 5.2.1);
 * encaps_derand the 64-byte eseed (5.4.1).  The decapsulation key is the
 * seed: decaps re-expands it (5.5) and so also pays for an ML-KEM key
 * generation and an X25519 base-point multiplication; the expanded key is
 * never stored or transmitted (5.5.1).
 *
 * One deviation: OpenSSL refuses an X25519 all-zero result, so a
 * ciphertext whose ct_X is a low-order point makes decaps fail with
 * CB_ERR_INVALID_KEY, where the draft would hash ss_X = 0 into the
 * combiner.  No honest encapsulation produces such a ct_X.
 */
#include <string.h>

#include "core/util.h"
#include "hybrid/hy_ecc.h"
#include "hybrid/hybrid.h"
#include "mlkem/mlkem.h"
#include "sha3/sha3.h"

#define EK CB_MLKEM768_EK_BYTES
#define DK CB_MLKEM768_DK_BYTES
#define CT CB_MLKEM768_CT_BYTES

static const char *builtin_implementation(void)
{
	return "builtin-c+openssl";
}

struct expanded {
	uint8_t seed[96]; /* d || z || sk_X */
	uint8_t dk[DK];
};

/* 5.2 expandDecapsulationKey: sk_M into e->dk, pk_M || pk_X into pk. */
static int expand(struct expanded *e, uint8_t pk[EK + 32], const uint8_t sk[32])
{
	int r;
	cb_shake256(e->seed, 96, sk, 32);
	r = cb_mlkem768_keypair_derand(pk, e->dk, e->seed, e->seed + 32);
	if (!r)
		r = cb_hy_x25519_base(pk + EK, e->seed + 64);
	return r;
}

/* 5.3 */
static void combiner(uint8_t ss[32], const uint8_t ssm[32], const uint8_t ssx[32], const uint8_t ctx[32],
		     const uint8_t pkx[32])
{
	cb_keccak_state st;
	cb_sha3_256_init(&st);
	cb_keccak_absorb(&st, ssm, 32);
	cb_keccak_absorb(&st, ssx, 32);
	cb_keccak_absorb(&st, ctx, 32);
	cb_keccak_absorb(&st, pkx, 32);
	cb_keccak_absorb(&st, (const uint8_t *)CB_XWING_LABEL, 6);
	cb_sha3_256_final(&st, ss);
	cb_keccak_wipe(&st);
}

static int xw_keypair_derand(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	struct expanded e;
	int r = expand(&e, pk, coins);
	if (!r)
		memcpy(sk, coins, 32);
	else
		memset(pk, 0, EK + 32);
	cb_wipe(&e, sizeof(e));
	return r;
}

static int xw_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *eseed)
{
	uint8_t ssm[32], ssx[32];
	int r = cb_mlkem768_encaps_derand(ct, ssm, pk, eseed); /* FIPS 203 7.2 check inside */
	if (!r)
		r = cb_hy_x25519_base(ct + CT, eseed + 32);
	if (!r)
		r = cb_hy_x25519(ssx, eseed + 32, ct + CT, pk + EK);
	if (!r)
		combiner(ss, ssm, ssx, ct + CT, pk + EK);
	else
		memset(ct, 0, CT + 32);
	cb_wipe(ssm, sizeof(ssm));
	cb_wipe(ssx, sizeof(ssx));
	return r;
}

static int xw_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	struct expanded e;
	uint8_t pk[EK + 32], ssm[32], ssx[32];
	int r = expand(&e, pk, sk);
	if (!r)
		r = cb_mlkem768_decaps(ssm, ct, e.dk);
	if (!r)
		r = cb_hy_x25519(ssx, e.seed + 64, pk + EK, ct + CT);
	if (!r)
		combiner(ss, ssm, ssx, ct + CT, pk + EK);
	cb_wipe(&e, sizeof(e));
	cb_wipe(ssm, sizeof(ssm));
	cb_wipe(ssx, sizeof(ssx));
	return r;
}

/* keypair: the 32-byte seed, encaps: eseed (64), random bytes */
static const cb_hy_variant xw_coins = {{0, 0, 0}, {0, 0, 0}, 1};

const cb_kem_class cb_hybrid_xwing = {
	.info = {CB_KIND_KEM, "xwing", "builtin", "X25519 through OpenSSL EVP; decaps re-expands the seed", NULL, builtin_implementation, &xw_coins},
	.public_key_bytes = EK + 32,
	.secret_key_bytes = 32,
	.ciphertext_bytes = CT + 32,
	.shared_secret_bytes = 32,
	.keypair = cb_hy_keypair,
	.encaps = cb_hy_encaps,
	.decaps = xw_decaps,
	.keypair_coins_bytes = 32,
	.keypair_derand = xw_keypair_derand,
	.encaps_coins_bytes = 64,
	.encaps_derand = xw_encaps_derand,
};
