/*
 * GM standard examples through the OpenSSL classes: SM3 (GB/T 32905
 * Annex A, examples 1 and 2) with `sm3`, SM4 (GB/T 32907 Annex A,
 * examples 1 and 2) with `sm4-ecb`.  Example 2 of SM4 encrypts one block
 * 1,000,000 times, feeding each output back: one class call per block.
 * Also SHA-256("abc") and SHA3-256("abc") by hand (FIPS 180-4, FIPS 202).
 */
#include <stdlib.h>
#include <string.h>

#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/registry.h"
#include "testutil.h"

static void run_sm3(const json_t *v, const cb_hash_class *h)
{
	uint8_t *msg = NULL, *want = NULL, got[32];
	size_t mlen, wlen;
	void *ctx = NULL;

	if (tu_json_hex(v, "message_hex", &msg, &mlen) || tu_json_hex(v, "digest_hex", &want, &wlen) || wlen != 32 ||
	    h->init(h, &ctx) != 0) {
		CHECK(0);
		goto out;
	}
	CHECK_EQ_INT(mlen, json_integer_value(json_object_get(v, "message_length_bytes")));
	CHECK_EQ_INT(h->digest(ctx, msg, mlen, got), 0);
	CHECK_MEM(got, want, 32);
	h->free(ctx);
out:
	free(msg);
	free(want);
}

static void run_sm4(const json_t *v, const cb_cipher_class *c)
{
	uint8_t *key = NULL, *pt = NULL, *want = NULL, blk[16], out[32];
	size_t klen, plen, wlen;
	long long iters = json_integer_value(json_object_get(v, "iterations"));
	void *ctx = NULL;

	if (tu_json_hex(v, "key_hex", &key, &klen) || tu_json_hex(v, "plaintext_hex", &pt, &plen) ||
	    tu_json_hex(v, "ciphertext_hex", &want, &wlen) || klen != 16 || plen != 16 || wlen != 16 || iters < 1 ||
	    c->init(c, &ctx, key) != 0) {
		CHECK(0);
		goto out;
	}
	memcpy(blk, pt, 16);
	for (long long i = 0; i < iters; i++) {
		size_t olen = sizeof(out);
		if (c->encrypt(ctx, NULL, 0, NULL, 0, blk, 16, out, &olen) != 0 || olen != 16) {
			CHECK(0);
			break;
		}
		memcpy(blk, out, 16);
	}
	CHECK_MEM(blk, want, 16);
	if (iters == 1) {
		size_t olen = sizeof(out);
		CHECK_EQ_INT(c->decrypt(ctx, NULL, 0, NULL, 0, want, 16, out, &olen), 0);
		CHECK_MEM(out, pt, 16);
	}
	c->free(ctx);
out:
	free(key);
	free(pt);
	free(want);
}

static void hand_checked(const char *name, const char *hex)
{
	const cb_hash_class *h = cb_as_hash(cb_registry_find(name, "openssl"));
	uint8_t want[32], got[32];
	void *ctx = NULL;

	tu_note("%s(\"abc\")", name);
	if (!h || h->init(h, &ctx) != 0) {
		CHECK(0);
		return;
	}
	tu_unhex_buf(hex, want, sizeof(want));
	CHECK_EQ_INT(h->digest(ctx, (const uint8_t *)"abc", 3, got), 0);
	CHECK_MEM(got, want, 32);
	h->free(ctx);
}

int main(void)
{
	const cb_hash_class *sm3 = cb_as_hash(cb_registry_find("sm3", "openssl"));
	const cb_cipher_class *sm4 = cb_as_cipher(cb_registry_find("sm4-ecb", "openssl"));
	json_t *j, *v;
	size_t i;
	int n3 = 0, n4 = 0;

	hand_checked("sha256", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	hand_checked("sha3-256", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");

	CHECK(sm3 && !cb_alg_unavailable(&sm3->info));
	CHECK(sm4 && !cb_alg_unavailable(&sm4->info));
	if (!sm3 || !sm4)
		return tu_finish();
	j = tu_load_json("gm/gm_standard_vectors.json");
	if (!j)
		return tu_finish();
	json_array_foreach(json_object_get(j, "vectors"), i, v)
	{
		const char *alg = tu_json_str(v, "algorithm");
		tu_note("%s", tu_json_str(v, "id"));
		if (strcmp(alg, "SM3") == 0) {
			run_sm3(v, sm3);
			n3++;
		} else if (strcmp(alg, "SM4") == 0) {
			run_sm4(v, sm4);
			n4++;
		}
	}
	tu_note("vector counts");
	CHECK_EQ_INT(n3, 2);
	CHECK_EQ_INT(n4, 2);
	json_decref(j);
	return tu_finish();
}
