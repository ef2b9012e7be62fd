/*
 * GmSSL sm2-kx: the GM/T 0003.3 SM2 key exchange through GmSSL's
 * sm2_key_exchange (src/sm2_exch.c of the anchor), with the conventions of
 * kex.h shared with the OpenSSL class: a handle holds a static SM2_KEY and
 * an ephemeral one, both made at keygen (sm2_key_generate: d in [1, n-2]);
 * public value P || R (130 bytes); secret d || r (64 bytes, imported with
 * sm2_key_set_private_key, which takes [1, n-2]); the party with the
 * smaller public value is the initiator; one ID (cb_opts, default
 * "1234567812345678") for both users; a 16-byte key, no confirmation.
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
#include <stdlib.h>
#include <string.h>

#include "backends/class_tables.h"
#include "backends/sm2kx_role.h"
#include "core/util.h"
#include "cryptobench/kex.h"

#define KX_POINT 65
#define KX_PUBLIC (2 * KX_POINT)
#define KX_SECRET 64
#define KX_KEY 16 /* CB_SM2KX_KEY_BYTES of the OpenSSL class */

struct kx_key {
	SM2_KEY stat; /* d, P */
	SM2_KEY eph;  /* r, R */
	uint8_t pub[KX_PUBLIC];
	size_t idlen;
	char id[]; /* idlen bytes (at least 1 allocated: GmSSL wants a non-NULL ID) */
};

static void kx_key_free(void *p)
{
	struct kx_key *k = p;

	if (!k)
		return;
	cb_wipe(k, sizeof(*k) + (k->idlen ? k->idlen : 1));
	free(k);
}

static struct kx_key *kx_new(const cb_opts *opts, int *err)
{
	const char *id = SM2_DEFAULT_ID;
	size_t idlen = SM2_DEFAULT_ID_LENGTH;
	struct kx_key *k;

	if (opts && opts->sm2_id) {
		id = (const char *)opts->sm2_id;
		idlen = opts->sm2_id_len;
	}
	if (idlen > CB_SM2_ID_MAX || idlen > SM2_MAX_ID_LENGTH) {
		*err = CB_ERR_UNSUPPORTED;
		return NULL;
	}
	k = calloc(1, sizeof(*k) + (idlen ? idlen : 1));
	if (!k) {
		*err = CB_ERR_NOMEM;
		return NULL;
	}
	k->idlen = idlen;
	if (idlen)
		memcpy(k->id, id, idlen);
	*err = CB_OK;
	return k;
}

static int kx_finish(struct kx_key *k, void **key)
{
	if (sm2_z256_point_to_uncompressed_octets(&k->stat.public_key, k->pub) != 1 ||
	    sm2_z256_point_to_uncompressed_octets(&k->eph.public_key, k->pub + KX_POINT) != 1) {
		kx_key_free(k);
		return CB_ERR_BACKEND;
	}
	*key = k;
	return CB_OK;
}

static int kx_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key)
{
	struct kx_key *k;
	int r;

	if (!key)
		return CB_ERR_ARG;
	*key = NULL;
	if (!(k = kx_new(opts, &r)))
		return r;
	if (sm2_key_generate(&k->stat) != 1 || sm2_key_generate(&k->eph) != 1) {
		kx_key_free(k);
		return CB_ERR_RANDOM;
	}
	return kx_finish(k, key);
}

static int kx_import_secret(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	struct kx_key *k;
	sm2_z256_t d;
	int r, ok;

	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	if (len != KX_SECRET)
		return CB_ERR_FORMAT;
	if (!(k = kx_new(opts, &r)))
		return r;
	sm2_z256_from_bytes(d, in);
	ok = sm2_key_set_private_key(&k->stat, d) == 1;
	sm2_z256_from_bytes(d, in + 32);
	ok = ok && sm2_key_set_private_key(&k->eph, d) == 1;
	cb_wipe(d, sizeof(d));
	if (!ok) {
		kx_key_free(k);
		return CB_ERR_INVALID_KEY; /* 0 or n-1 and above */
	}
	return kx_finish(k, key);
}

static int kx_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const struct kx_key *k = key;

	return k && out && outlen ? cb_bytes_out(k->pub, KX_PUBLIC, out, outlen) : CB_ERR_ARG;
}

static int kx_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const struct kx_key *k = key;

	if (!k || !out || !outlen)
		return CB_ERR_ARG;
	if (*outlen < KX_SECRET)
		return CB_ERR_LENGTH;
	sm2_z256_to_bytes(k->stat.private_key, out);
	sm2_z256_to_bytes(k->eph.private_key, out + 32);
	*outlen = KX_SECRET;
	return CB_OK;
}

/*
 * One of the peer's points: uncompressed, on the curve, not infinity.
 * sm2_z256_point_from_octets goes on to its curve check even when
 * sm2_z256_point_from_bytes has refused a coordinate of p or more, on a
 * point it left half written: zeroed first, such a point is (p, 0, 0) or
 * (x, p, 0), at infinity either way, and refused (valgrind saw the
 * uninitialised Z of a point on the stack).
 */
static int point_in(const uint8_t *in, SM2_Z256_POINT *p)
{
	memset(p, 0, sizeof(*p));
	if (in[0] != 0x04 || sm2_z256_point_from_octets(p, in, KX_POINT) != 1 || sm2_z256_point_is_at_infinity(p))
		return CB_ERR_INVALID_KEY;
	return CB_OK;
}

static int kx_derive(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	struct kx_key *k = key;
	SM2_KEY peer_static;
	SM2_Z256_POINT peer_eph;
	uint8_t out[KX_KEY];
	int initiator, r;

	if (!k || !peer || !ss || !sslen)
		return CB_ERR_ARG;
	if ((r = cb_sm2kx_role(k->pub, KX_PUBLIC, peer, peerlen, *sslen, KX_KEY, &initiator)) != 0)
		return r;
	memset(&peer_static, 0, sizeof(peer_static));
	if (point_in(peer, &peer_static.public_key) != 0 || point_in(peer + KX_POINT, &peer_eph) != 0)
		return CB_ERR_INVALID_KEY;
	/* the ID is both users' (kex.h) */
	if (sm2_key_exchange(initiator, &k->stat, k->id, k->idlen, &peer_static, k->id, k->idlen, &k->eph,
			     peer + KX_POINT, NULL, KX_KEY, out) != 1) {
		r = CB_ERR_INVALID_KEY;
	} else {
		memcpy(ss, out, KX_KEY);
		*sslen = KX_KEY;
		r = CB_OK;
	}
	cb_wipe(out, sizeof(out));
	return r;
}

static const cb_kex_class gm_sm2_kx = {
	.info = GMSSL_INFO(CB_KIND_KEX, "sm2-kx",
			   "sm2_key_exchange (GM/T 0003.3, no confirmation); the adapter checks the peer's two "
			   "points first (GmSSL takes 0x04 || 0^64 for infinity). GmSSL computes both Z values in "
			   "every call. Timing: keygen = the static and the ephemeral pair (two sm2_key_generate); "
			   "derive = one party's protocol computation, without the ephemeral [r]G of a new "
			   "exchange" GMSSL_SM2_ASM,
			   NULL),
	CB_KEX_METHODS(kx),
};

const cb_alg_info *const cb_gmssl_sm2kx_algs[] = {&gm_sm2_kx.info, NULL};

#else
typedef int cb_gmssl_sm2kx_not_built;
#endif
