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
 * A composition (hy_compose.c): ML-KEM-768 is a KEM class, X25519 a
 * key-agreement class (import of sk_X / ek_X, export_public, derive), the
 * combiner's SHA3-256 a hash class; SHAKE256 of the expansion is the
 * project's (src/sha3: a hash class has no XOF).
 *
 * One deviation: the combiner refuses an X25519 all-zero result, so a
 * ciphertext whose ct_X is a low-order point makes decaps fail with
 * CB_ERR_INVALID_KEY, where the draft would hash ss_X = 0 into the
 * combiner.  No honest encapsulation produces such a ct_X.
 */
#include <string.h>

#include "core/util.h"
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

/* 5.2 expandDecapsulationKey, the ML-KEM half: sk_M into e->dk, pk_M into pk. */
static int expand(const cb_hy_slot *p, struct expanded *e, uint8_t pk[EK + 32], const uint8_t sk[32])
{
	cb_shake256(e->seed, 96, sk, 32);
	return p->parts.kem->keypair_derand(p->parts.kem, pk, e->dk, e->seed);
}

/* 5.3 */
static int combiner(const cb_hy_slot *p, uint8_t ss[32], const uint8_t ssm[32], const uint8_t ssx[32],
		    const uint8_t ctx[32], const uint8_t pkx[32])
{
	const uint8_t *in[5] = {ssm, ssx, ctx, pkx, (const uint8_t *)CB_XWING_LABEL};
	const size_t lens[5] = {32, 32, 32, 32, 6};
	return cb_hy_hash(p, ss, in, lens, 5);
}

static int xw_keypair_derand(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	const cb_hy_slot *p = cb_hy_parts_of(cls);
	struct expanded e;
	int r = p ? expand(p, &e, pk, coins) : CB_ERR_UNSUPPORTED;
	if (!r)
		r = cb_hy_kex_public(p, pk + EK, e.seed + 64);
	if (!r)
		memcpy(sk, coins, 32);
	else
		memset(pk, 0, EK + 32);
	cb_wipe(&e, sizeof(e));
	return r;
}

static int xw_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *eseed)
{
	const cb_hy_slot *p = cb_hy_parts_of(cls);
	uint8_t ssm[32], ssx[32];
	int r = CB_ERR_UNSUPPORTED;

	if (p) /* FIPS 203 7.2 check inside */
		r = p->parts.kem->encaps_derand(p->parts.kem, ct, ssm, pk, eseed);
	if (!r)
		r = cb_hy_kex_shared(p, ct + CT, ssx, eseed + 32, pk + EK);
	if (!r)
		r = combiner(p, ss, ssm, ssx, ct + CT, pk + EK);
	if (r)
		memset(ct, 0, CT + 32);
	cb_wipe(ssm, sizeof(ssm));
	cb_wipe(ssx, sizeof(ssx));
	return r;
}

static int xw_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	const cb_hy_slot *p = cb_hy_parts_of(cls);
	struct expanded e;
	uint8_t pk[EK + 32], ssm[32], ssx[32];
	int r = p ? expand(p, &e, pk, sk) : CB_ERR_UNSUPPORTED;
	if (!r)
		r = p->parts.kem->decaps(p->parts.kem, ssm, ct, e.dk);
	/* one handle for sk_X: pk_X (5.2) and X25519(sk_X, ct_X) */
	if (!r)
		r = cb_hy_kex_shared(p, pk + EK, ssx, e.seed + 64, ct + CT);
	if (!r)
		r = combiner(p, ss, ssm, ssx, ct + CT, pk + EK);
	cb_wipe(&e, sizeof(e));
	cb_wipe(ssm, sizeof(ssm));
	cb_wipe(ssx, sizeof(ssx));
	return r;
}

/* keypair: the 32-byte seed, encaps: eseed (64), random bytes */
static cb_hy_slot xw_slot;
static const cb_hy_variant xw_coins = {{0, 0, 0}, {0, 0, 0}, 1, "xwing", &xw_slot};

const cb_kem_class cb_hybrid_xwing = {
	.info = {CB_KIND_KEM, "xwing", "builtin",
		 "default composition: parts mlkem768@builtin, x25519@openssl, sha3-256@openssl; decaps re-expands "
		 "the seed",
		 NULL, builtin_implementation, &xw_coins},
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
