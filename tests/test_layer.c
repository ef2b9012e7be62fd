/*
 * The generic layer (sig.h, kex.h, cipher.h: cb_*_verify, cb_kex_derive,
 * cb_cipher_*) over every class of this build that has the algorithm:
 * what it refuses before or after the class runs, the same for every
 * backend (issue 26, items 3 and 16; RFC 8032 5.1.7 S < L; ECDSA r, s in
 * [1, n-1]).  The key checks at import are crossed by tests/cli_keychecks.sh
 * with crafted key files.
 */
#include <string.h>

#include "cryptobench/catalog.h"
#include "cryptobench/cipher.h"
#include "cryptobench/kex.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "testutil.h"

static int usable(const cb_alg_info *a, const char *name)
{
	return !strcmp(a->name, name) && !cb_alg_unavailable(a);
}

/* Every X25519: an all-zero secret (low-order peers) is refused and nothing is left in ss. */
static void x25519_low_order(void)
{
	static const uint8_t order8[32] = {0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3,
					   0xfa, 0xf1, 0x9f, 0xc4, 0x6a, 0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32,
					   0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00};
	uint8_t peers[3][32] = {{0}, {1}, {0}}, ss[32], zero[32] = {0};

	memcpy(peers[2], order8, 32);
	for (size_t i = 0; i < cb_registry_count(); i++) {
		const cb_kex_class *x = cb_as_kex(cb_registry_get(i));
		void *key = NULL;

		if (!x || !usable(&x->info, "x25519"))
			continue;
		tu_note("x25519/%s", x->info.backend);
		CHECK_EQ_INT(cb_kex_keygen(x, NULL, &key), 0);
		for (int p = 0; p < 3; p++) {
			size_t n = sizeof(ss);
			memset(ss, 0xaa, sizeof(ss));
			CHECK(cb_kex_derive(x, key, peers[p], 32, ss, &n) < 0); /* OpenSSL: its own error first */
			CHECK_MEM(ss, zero, sizeof(ss));
		}
		{
			size_t n = sizeof(ss);
			CHECK_EQ_INT(cb_kex_derive(x, key, order8, 31, ss, &n), CB_ERR_INVALID_KEY);
		}
		cb_kex_key_free(x, key);
	}
}

/* Every AES-GCM and ChaCha20-Poly1305: the row's 12-byte IV only. */
static void aead_iv_lengths(void)
{
	static const char *const names[] = {"aes-128-gcm", "aes-256-gcm", "chacha20-poly1305", "sm4-gcm"};
	uint8_t key[32] = {1}, iv[16] = {2}, m[16] = {3}, out[64];
	static const size_t bad[] = {0, 1, 8, 11, 13, 16};

	for (size_t i = 0; i < cb_registry_count(); i++) {
		const cb_cipher_class *c = cb_as_cipher(cb_registry_get(i));
		void *ctx = NULL;
		size_t n;
		int found = 0;

		for (size_t j = 0; c && j < sizeof(names) / sizeof(names[0]); j++)
			found |= usable(&c->info, names[j]);
		if (!found)
			continue;
		tu_note("%s/%s", c->info.name, c->info.backend);
		CHECK_EQ_INT(cb_cipher_init(c, &ctx, key, 33), CB_ERR_LENGTH);
		CHECK_EQ_INT(cb_cipher_init(c, &ctx, key, cb_alg_catalog(&c->info)->key_bytes), 0);
		n = sizeof(out);
		CHECK_EQ_INT(cb_cipher_encrypt(c, ctx, iv, 12, NULL, 0, m, sizeof(m), out, &n), 0);
		n = sizeof(out); /* no handle: refused by the layer, never passed on */
		CHECK_EQ_INT(cb_cipher_encrypt(c, NULL, iv, 12, NULL, 0, m, sizeof(m), out, &n), CB_ERR_ARG);
		n = sizeof(out);
		CHECK_EQ_INT(cb_cipher_decrypt(c, NULL, iv, 12, NULL, 0, out, 32, m, &n), CB_ERR_ARG);
		for (size_t b = 0; b < sizeof(bad) / sizeof(bad[0]); b++) {
			n = sizeof(out);
			CHECK_EQ_INT(cb_cipher_encrypt(c, ctx, iv, bad[b], NULL, 0, m, sizeof(m), out, &n), CB_ERR_LENGTH);
			n = sizeof(out);
			CHECK_EQ_INT(cb_cipher_decrypt(c, ctx, iv, bad[b], NULL, 0, out, 32, m, &n), CB_ERR_LENGTH);
		}
		cb_cipher_free(c, ctx);
	}
}

/* L, little-endian (RFC 8032). */
static const uint8_t ed_l[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
				 0xa2, 0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
				 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

/* Every Ed25519: S + L (the same signature, not canonical) is refused; every ECDSA P-256: r or s = 0 or n. */
static void signature_ranges(void)
{
	static const uint8_t msg[] = "a message";
	/* SEQUENCE { INTEGER 0, INTEGER 1 } and { 1, n } */
	static const uint8_t r0[] = {0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x01};
	static const uint8_t sn[] = {0x30, 0x26, 0x02, 0x01, 0x01, 0x02, 0x21, 0x00, 0xff, 0xff, 0xff, 0xff,
				     0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				     0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2,
				     0xfc, 0x63, 0x25, 0x51};

	for (size_t i = 0; i < cb_registry_count(); i++) {
		const cb_sig_class *s = cb_as_sig(cb_registry_get(i));
		uint8_t sig[80];
		size_t n = sizeof(sig);
		void *key = NULL;

		if (!s || !(usable(&s->info, "ed25519") || usable(&s->info, "ecdsa-p256")))
			continue;
		tu_note("%s/%s", s->info.name, s->info.backend);
		CHECK_EQ_INT(cb_sig_keygen(s, NULL, &key), 0);
		CHECK_EQ_INT(cb_sig_sign(s, key, msg, sizeof(msg), sig, &n), 0);
		CHECK_EQ_INT(cb_sig_verify(s, key, msg, sizeof(msg), sig, n), 0);
		if (!strcmp(s->info.name, "ed25519")) {
			unsigned carry = 0;
			for (int j = 0; j < 32; j++) { /* S += L */
				carry += (unsigned)sig[32 + j] + ed_l[j];
				sig[32 + j] = (uint8_t)carry;
				carry >>= 8;
			}
			CHECK_EQ_INT(cb_sig_verify(s, key, msg, sizeof(msg), sig, 64), CB_ERR_VERIFY);
		} else {
			CHECK_EQ_INT(cb_sig_verify(s, key, msg, sizeof(msg), r0, sizeof(r0)), CB_ERR_VERIFY);
			CHECK_EQ_INT(cb_sig_verify(s, key, msg, sizeof(msg), sn, sizeof(sn)), CB_ERR_VERIFY);
		}
		n = 4; /* below max_signature */
		CHECK_EQ_INT(cb_sig_sign(s, key, msg, sizeof(msg), sig, &n), CB_ERR_LENGTH);
		cb_sig_key_free(s, key);
	}
}

/* cipher_check.c takes a cipher's block size as a mask: every cipher row's block is a power of two. */
static void cipher_blocks(void)
{
	for (size_t i = 0; i < cb_catalog_count(); i++) {
		const cb_catalog_entry *e = cb_catalog_get(i);

		if (e->kind != CB_KIND_CIPHER)
			continue;
		tu_note("%s", e->name);
		CHECK(e->block_bytes != 0 && (e->block_bytes & (e->block_bytes - 1)) == 0);
	}
}

int main(void)
{
	cipher_blocks();
	x25519_low_order();
	aead_iv_lengths();
	signature_ranges();
	return tu_finish();
}
