/*
 * GmSSL sm2-kx: the GM/T 0003.3 SM2 key exchange through GmSSL's
 * sm2_key_exchange (src/sm2_exch.c of the anchor), with kex.h's
 * conventions (the shared sm2-kx handle's, core/sm2key.h): a handle holds
 * a static SM2_KEY and an ephemeral one, both made at keygen
 * (sm2_key_generate: d in [1, n-2]) or imported with
 * sm2_key_set_private_key, which takes [1, n-2]; no confirmation.
 *
 * The adapter checks the peer's two points itself (uncompressed, on the
 * curve by sm2_z256_point_from_octets, not the point at infinity, which
 * GmSSL reads 0x04 || 0^64 as and would accept) before calling GmSSL.
 * sm2_key_exchange returns -1 both when U = O (or the P' + [x̄']R' before
 * it) and when its KDF output is all zero; with the peer checked, either
 * means the peer's value cannot be used: CB_ERR_INVALID_KEY.
 */
#include "backends/gmssl/gmssl_common.h"

#ifdef CB_GMSSL_BUILT

#include <gmssl/sm2.h>
#include <string.h>

#include "backends/class_tables.h"
#include "core/sm2key.h"
#include "core/util.h"

struct kx_key {
	cb_sm2kx_handle h; /* first: P || R, the ID */
	SM2_KEY stat;      /* d, P */
	SM2_KEY eph;       /* r, R */
};

/* Both keys from d || r (sm2_key_set_private_key: [1, n-2]) or new (sm2_key_generate), then P || R. */
static int kx_set(void *key, const uint8_t *secret)
{
	struct kx_key *k = key;
	sm2_z256_t d;
	int ok;

	if (!secret) {
		if (sm2_key_generate(&k->stat) != 1 || sm2_key_generate(&k->eph) != 1)
			return CB_ERR_RANDOM;
	} else {
		sm2_z256_from_bytes(d, secret);
		ok = sm2_key_set_private_key(&k->stat, d) == 1;
		sm2_z256_from_bytes(d, secret + 32);
		ok = ok && sm2_key_set_private_key(&k->eph, d) == 1;
		cb_wipe(d, sizeof(d));
		if (!ok)
			return CB_ERR_INVALID_KEY; /* 0 or n-1 and above */
	}
	if (sm2_z256_point_to_uncompressed_octets(&k->stat.public_key, k->h.pub) != 1 ||
	    sm2_z256_point_to_uncompressed_octets(&k->eph.public_key, k->h.pub + 65) != 1)
		return CB_ERR_BACKEND;
	return CB_OK;
}

static int kx_get(const void *key, uint8_t secret[CB_SM2KX_SECRET_BYTES])
{
	const struct kx_key *k = key;

	sm2_z256_to_bytes(k->stat.private_key, secret);
	sm2_z256_to_bytes(k->eph.private_key, secret + 32);
	return CB_OK;
}

static int kx_compute(void *key, const uint8_t *peer, int initiator, uint8_t ss[CB_SM2KX_KEY_BYTES])
{
	struct kx_key *k = key;
	SM2_KEY peer_static;
	SM2_Z256_POINT peer_eph;
	uint8_t out[CB_SM2KX_KEY_BYTES];
	const char *id = (const char *)k->h.id;
	int r;

	memset(&peer_static, 0, sizeof(peer_static));
	if (cb_gmssl_point_in(peer, &peer_static.public_key) != 0 || cb_gmssl_point_in(peer + 65, &peer_eph) != 0)
		return CB_ERR_INVALID_KEY;
	/* the ID is both users' (kex.h) */
	if (sm2_key_exchange(initiator, &k->stat, id, k->h.idlen, &peer_static, id, k->h.idlen, &k->eph, peer + 65,
			     NULL, sizeof(out), out) != 1) {
		r = CB_ERR_INVALID_KEY;
	} else {
		memcpy(ss, out, sizeof(out));
		r = CB_OK;
	}
	cb_wipe(out, sizeof(out));
	return r;
}

/* The handle is wiped when freed. */
static const cb_sm2kx_lib kx_lib = {sizeof(struct kx_key), NULL, NULL, kx_set, kx_get, kx_compute};

static const cb_kex_class gm_sm2_kx = {
	.info = GMSSL_INFO(CB_KIND_KEX, "sm2-kx",
			   "sm2_key_exchange (GM/T 0003.3, no confirmation); the adapter checks the peer's two "
			   "points first (GmSSL takes 0x04 || 0^64 for infinity). GmSSL computes both Z values in "
			   "every call. Timing: keygen = the static and the ephemeral pair (two sm2_key_generate); "
			   "derive = one party's protocol computation, without the ephemeral [r]G of a new "
			   "exchange" GMSSL_SM2_ASM,
			   &kx_lib),
	CB_KEX_METHODS(cb_sm2kx),
};

const cb_alg_info *const cb_gmssl_sm2kx_algs[] = {&gm_sm2_kx.info, NULL};

#else
typedef int cb_gmssl_sm2kx_not_built;
#endif
