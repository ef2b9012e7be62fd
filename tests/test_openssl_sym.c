/*
 * OpenSSL cipher and hash classes: round trips over several message sizes,
 * tampering, length rules, repeated use of one context, and a few
 * hand-checked known answers (FIPS 197, SP 800-38A, FIPS 180-4, FIPS 202).
 */
#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/registry.h"
#include "testutil.h"

static const size_t sizes[] = {0, 1, 15, 16, 17, 1000, 65536};

static int is_aead(const cb_cipher_class *c)
{
	return c->tag_bytes > 0;
}

static size_t enc_len(const cb_cipher_class *c, size_t n)
{
	if (c->padded)
		return (n / c->block_bytes + 1) * c->block_bytes;
	return n + c->tag_bytes;
}

static void test_round_trips(const cb_cipher_class *c)
{
	size_t cap = 65536 + 64;
	uint8_t key[64], iv[16];
	uint8_t *m = malloc(cap), *ct = malloc(cap), *pt = malloc(cap);
	const uint8_t aad[] = "header";
	void *ctx = NULL;
	int rc;

	tu_fill(key, sizeof(key), 1);
	tu_fill(iv, sizeof(iv), 2);
	rc = c->init(c, &ctx, key);
	CHECK_EQ_INT(rc, 0);
	if (rc) {
		free(m), free(ct), free(pt);
		return;
	}
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t n = sizes[i], clen = cap, plen = cap;
		int whole = c->block_bytes == 1 || c->padded || n % c->block_bytes == 0;

		tu_note("%s, %zu bytes", c->info.name, n);
		tu_fill(m, n, 100 + n);
		rc = c->encrypt(ctx, iv, c->iv_bytes, aad, is_aead(c) ? 6 : 0, m, n, ct, &clen);
		if (!whole) {
			CHECK_EQ_INT(rc, CB_ERR_LENGTH);
			continue;
		}
		CHECK_EQ_INT(rc, 0);
		CHECK_EQ_INT(clen, enc_len(c, n));
		if (n >= 15)
			CHECK(memcmp(ct, m, n) != 0);
		rc = c->decrypt(ctx, iv, c->iv_bytes, aad, is_aead(c) ? 6 : 0, ct, clen, pt, &plen);
		CHECK_EQ_INT(rc, 0);
		CHECK_EQ_INT(plen, n);
		CHECK_MEM(pt, m, n);

		/* Output buffer one byte short. */
		{
			size_t small = enc_len(c, n) - 1;
			if (enc_len(c, n) > 0)
				CHECK_EQ_INT(c->encrypt(ctx, iv, c->iv_bytes, aad, is_aead(c) ? 6 : 0, m, n, ct,
							&small),
					     CB_ERR_LENGTH);
		}
		if (clen == 0)
			continue;
		/* Tampering with the last byte. */
		ct[clen - 1] ^= 0x01;
		plen = cap;
		rc = c->decrypt(ctx, iv, c->iv_bytes, aad, is_aead(c) ? 6 : 0, ct, clen, pt, &plen);
		if (is_aead(c))
			CHECK_EQ_INT(rc, CB_ERR_VERIFY);
		else if (c->padded)
			CHECK(rc == CB_ERR_DECRYPT || (rc == 0 && (plen != n || memcmp(pt, m, n) != 0)));
		else
			CHECK(rc == 0 && plen == n && memcmp(pt, m, n) != 0);
		if (c->block_bytes == 1 && !is_aead(c))
			CHECK(memcmp(pt, m, n - 1) == 0 && pt[n - 1] == (m[n - 1] ^ 0x01));
		ct[clen - 1] ^= 0x01;
		if (is_aead(c)) {
			/* Wrong AAD, and a ciphertext shorter than the tag. */
			plen = cap;
			CHECK_EQ_INT(c->decrypt(ctx, iv, c->iv_bytes, (const uint8_t *)"Header", 6, ct, clen, pt,
						&plen),
				     CB_ERR_VERIFY);
			plen = cap;
			CHECK(c->decrypt(ctx, iv, c->iv_bytes, aad, 6, ct, c->tag_bytes - 1, pt, &plen) != 0);
		}
		/* A context still works after a failed decryption. */
		plen = cap;
		rc = c->decrypt(ctx, iv, c->iv_bytes, aad, is_aead(c) ? 6 : 0, ct, clen, pt, &plen);
		CHECK_EQ_INT(rc, 0);
		CHECK(plen == n && memcmp(pt, m, n) == 0);
	}
	if (c->padded) {
		/* Ciphertexts that are not whole blocks or empty are bad. */
		size_t plen = cap;
		tu_note("%s, bad ciphertext length", c->info.name);
		CHECK_EQ_INT(c->decrypt(ctx, iv, c->iv_bytes, NULL, 0, ct, 17, pt, &plen), CB_ERR_DECRYPT);
		plen = cap;
		CHECK_EQ_INT(c->decrypt(ctx, iv, c->iv_bytes, NULL, 0, ct, 0, pt, &plen), CB_ERR_DECRYPT);
	}
	if (c->iv_bytes && !is_aead(c)) {
		size_t clen = cap;
		tu_note("%s, wrong IV length", c->info.name);
		CHECK_EQ_INT(c->encrypt(ctx, iv, c->iv_bytes - 1, NULL, 0, m, 16, ct, &clen), CB_ERR_LENGTH);
	}
	c->free(ctx);
	free(m), free(ct), free(pt);
}

/*
 * One context, three messages under three IVs (and the reverse order for
 * decryption), each compared with a fresh context's result: no state may
 * leak from one call into the next.
 */
static void test_repeated(const cb_cipher_class *c)
{
	enum { N = 48, CAP = N + 64 };
	uint8_t key[64], iv[3][16], m[3][N], ct[3][CAP], ref[CAP], pt[CAP];
	size_t clen[3];
	void *ctx = NULL, *fresh = NULL;

	tu_note("%s, repeated calls", c->info.name);
	tu_fill(key, sizeof(key), 7);
	if (c->init(c, &ctx, key) != 0 || c->init(c, &fresh, key) != 0) {
		CHECK(0);
		c->free(ctx);
		c->free(fresh);
		return;
	}
	for (int i = 0; i < 3; i++) {
		tu_fill(iv[i], sizeof(iv[i]), 20 + i);
		tu_fill(m[i], N, 30 + i);
		clen[i] = CAP;
		CHECK_EQ_INT(c->encrypt(ctx, iv[i], c->iv_bytes, NULL, 0, m[i], N, ct[i], &clen[i]), 0);
	}
	for (int i = 2; i >= 0; i--) {
		size_t rlen = CAP, plen = CAP;
		CHECK_EQ_INT(c->encrypt(fresh, iv[i], c->iv_bytes, NULL, 0, m[i], N, ref, &rlen), 0);
		CHECK(rlen == clen[i] && memcmp(ref, ct[i], rlen) == 0);
		CHECK_EQ_INT(c->decrypt(ctx, iv[i], c->iv_bytes, NULL, 0, ct[i], clen[i], pt, &plen), 0);
		CHECK(plen == N && memcmp(pt, m[i], N) == 0);
	}
	if (c->iv_bytes)
		CHECK(memcmp(ct[0], ct[1], N) != 0);
	c->free(ctx);
	c->free(fresh);
}

/* AEAD IV lengths: GCM takes other lengths, ChaCha20-Poly1305 only 12. */
static void test_aead_ivlen(const cb_cipher_class *c)
{
	uint8_t key[32], iv[64], m[40], ct[64], pt[64];
	void *ctx = NULL;
	const size_t lens[] = {1, 8, 12, 16, 64, 12};
	int gcm = strstr(c->info.name, "gcm") != NULL;

	tu_fill(key, sizeof(key), 9);
	tu_fill(iv, sizeof(iv), 10);
	tu_fill(m, sizeof(m), 11);
	if (c->init(c, &ctx, key) != 0) {
		CHECK(0);
		return;
	}
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		size_t clen = sizeof(ct), plen = sizeof(pt);
		int rc = c->encrypt(ctx, iv, lens[i], NULL, 0, m, sizeof(m), ct, &clen);
		tu_note("%s, %zu-byte IV", c->info.name, lens[i]);
		if (!gcm && lens[i] != 12) {
			CHECK_EQ_INT(rc, CB_ERR_LENGTH);
			continue;
		}
		CHECK_EQ_INT(rc, 0);
		CHECK_EQ_INT(c->decrypt(ctx, iv, lens[i], NULL, 0, ct, clen, pt, &plen), 0);
		CHECK(plen == sizeof(m) && memcmp(pt, m, sizeof(m)) == 0);
		/* The same message under a different IV length must not decrypt. */
		plen = sizeof(pt);
		if (gcm)
			CHECK_EQ_INT(c->decrypt(ctx, iv, lens[i] == 12 ? 16 : 12, NULL, 0, ct, clen, pt, &plen),
				     CB_ERR_VERIFY);
	}
	{
		size_t clen = sizeof(ct);
		CHECK_EQ_INT(c->encrypt(ctx, iv, 0, NULL, 0, m, sizeof(m), ct, &clen), CB_ERR_LENGTH);
	}
	c->free(ctx);
}

struct kat {
	const char *name, *key, *iv, *pt, *ct;
};

/* FIPS 197 Appendix C.1 / C.3, SP 800-38A F.2.1 and F.5.1 / F.5.5 (first block). */
static const struct kat kats[] = {
	{"aes-128-ecb", "000102030405060708090a0b0c0d0e0f", "", "00112233445566778899aabbccddeeff",
	 "69c4e0d86a7b0430d8cdb78070b4c55a"},
	{"aes-256-ecb", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "",
	 "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"},
	{"aes-128-cbc", "2b7e151628aed2a6abf7158809cf4f3c", "000102030405060708090a0b0c0d0e0f",
	 "6bc1bee22e409f96e93d7e117393172a", "7649abac8119b246cee98e9b12e9197d"},
	{"aes-128-ctr", "2b7e151628aed2a6abf7158809cf4f3c", "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
	 "6bc1bee22e409f96e93d7e117393172a", "874d6191b620e3261bef6864990db6ce"},
	{"aes-256-ctr", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
	 "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", "6bc1bee22e409f96e93d7e117393172a",
	 "601ec313775789a5b7a7f504bbf3d228"},
};

static void test_kats(void)
{
	for (size_t i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
		const cb_cipher_class *c = cb_as_cipher(cb_registry_find(kats[i].name, "openssl"));
		uint8_t key[32], iv[16], pt[16], ct[16], out[64];
		size_t olen = sizeof(out);
		void *ctx = NULL;

		tu_note("known answer %s", kats[i].name);
		CHECK(c != NULL);
		if (!c)
			continue;
		CHECK_EQ_INT(tu_unhex_buf(kats[i].key, key, sizeof(key)), (long)c->key_bytes);
		tu_unhex_buf(kats[i].iv, iv, sizeof(iv));
		tu_unhex_buf(kats[i].pt, pt, sizeof(pt));
		tu_unhex_buf(kats[i].ct, ct, sizeof(ct));
		CHECK_EQ_INT(c->init(c, &ctx, key), 0);
		CHECK_EQ_INT(c->encrypt(ctx, iv, c->iv_bytes, NULL, 0, pt, 16, out, &olen), 0);
		CHECK_EQ_INT(olen, 16);
		CHECK_MEM(out, ct, 16);
		olen = sizeof(out);
		CHECK_EQ_INT(c->decrypt(ctx, iv, c->iv_bytes, NULL, 0, ct, 16, out, &olen), 0);
		CHECK_MEM(out, pt, 16);
		c->free(ctx);
	}
}

static void test_hashes(void)
{
	static const struct {
		const char *name, *msg, *digest;
	} h[] = {
		{"sha256", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"sha256", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{"sha3-256", "abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
		{"sha3-256", "", "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
	};
	for (size_t i = 0; i < sizeof(h) / sizeof(h[0]); i++) {
		const cb_hash_class *c = cb_as_hash(cb_registry_find(h[i].name, "openssl"));
		uint8_t want[32], got[32];
		void *ctx = NULL;

		tu_note("%s(\"%s\")", h[i].name, h[i].msg);
		CHECK(c != NULL);
		if (!c || c->init(c, &ctx) != 0) {
			CHECK(0);
			continue;
		}
		CHECK_EQ_INT(c->digest_bytes, 32);
		tu_unhex_buf(h[i].digest, want, sizeof(want));
		/* Twice on the same context. */
		for (int r = 0; r < 2; r++) {
			memset(got, 0, sizeof(got));
			CHECK_EQ_INT(c->digest(ctx, (const uint8_t *)h[i].msg, strlen(h[i].msg), got), 0);
			CHECK_MEM(got, want, 32);
		}
		c->free(ctx);
	}
}

int main(void)
{
	size_t ciphers = 0, hashes = 0;
	const cb_alg_info *a;

	for (size_t i = 0; (a = cb_openssl_sym_algs[i]) != NULL; i++) {
		const char *why = cb_alg_unavailable(a);
		CHECK(strcmp(a->backend, "openssl") == 0 && cb_catalog_find(a->name) && cb_alg_catalog(a)->classical_bits > 0);
		CHECK(cb_registry_find(a->name, "openssl") == a);
		if (why) {
			/* Only SM4-GCM may be missing (OpenSSL < 3.2). */
			tu_note("%s unavailable: %s", a->name, why);
			CHECK(strcmp(a->name, "sm4-gcm") == 0);
			if (a->kind == CB_KIND_CIPHER) {
				const cb_cipher_class *c = cb_as_cipher(a);
				void *ctx = NULL;
				uint8_t key[16] = {0};
				CHECK_EQ_INT(c->init(c, &ctx, key), CB_ERR_UNSUPPORTED);
				CHECK(ctx == NULL);
			}
			continue;
		}
		if (a->kind == CB_KIND_CIPHER) {
			const cb_cipher_class *c = cb_as_cipher(a);
			ciphers++;
			test_round_trips(c);
			test_repeated(c);
			if (is_aead(c))
				test_aead_ivlen(c);
		} else if (a->kind == CB_KIND_HASH) {
			hashes++;
		} else {
			CHECK(0);
		}
	}
	CHECK(ciphers >= 18);
	CHECK_EQ_INT(hashes, 4); /* sha256, sha512, sha3-256, sm3 */
	test_kats();
	test_hashes();
	return tu_finish();
}
