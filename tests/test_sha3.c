/*
 * SHA-3 module: FIPS 202 example values, and SHA3-256, SHA3-512, SHAKE128
 * and SHAKE256 against OpenSSL one-shot output on pseudo-random inputs,
 * absorbed and squeezed in random-sized pieces; the two-way interleaved
 * sponge (cb_keccak_x2_*) against the one-lane one.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "sha3/sha3.h"
#include "testutil.h"

static void check_hex(const uint8_t *got, const char *hex, size_t n)
{
	uint8_t want[256];

	CHECK(tu_unhex_buf(hex, want, sizeof(want)) == (long)n);
	CHECK_MEM(got, want, n);
}

static void known_answers(void)
{
	uint8_t out[64], msg[200];
	cb_keccak_state st;

	cb_sha3_256(out, (const uint8_t *)"", 0);
	check_hex(out, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a", 32);
	cb_sha3_256(out, (const uint8_t *)"abc", 3);
	check_hex(out, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532", 32);
	cb_sha3_512(out, (const uint8_t *)"abc", 3);
	check_hex(out,
		  "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
		  "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0",
		  64);
	cb_sha3_512(out, (const uint8_t *)"", 0);
	check_hex(out,
		  "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
		  "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26",
		  64);
	cb_shake128(out, 32, (const uint8_t *)"", 0);
	check_hex(out, "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26", 32);
	cb_shake256(out, 64, (const uint8_t *)"", 0);
	check_hex(out,
		  "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
		  "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be",
		  64);
	/* FIPS 202 examples: 1600-bit message of 0xa3 bytes, absorbed in two parts */
	memset(msg, 0xa3, sizeof(msg));
	cb_sha3_256_init(&st);
	cb_keccak_absorb(&st, msg, 100);
	cb_keccak_absorb(&st, msg + 100, 100);
	cb_sha3_256_final(&st, out);
	check_hex(out, "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787", 32);
}

static void openssl_xof(const EVP_MD *md, uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	unsigned int len = (unsigned int)outlen;

	CHECK(ctx && EVP_DigestInit_ex(ctx, md, NULL) == 1 && EVP_DigestUpdate(ctx, in, inlen) == 1);
	if (EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF)
		CHECK(EVP_DigestFinalXOF(ctx, out, outlen) == 1);
	else
		CHECK(EVP_DigestFinal_ex(ctx, out, &len) == 1 && len == outlen);
	EVP_MD_CTX_free(ctx);
}

/* Absorb in and squeeze outlen bytes, both in pseudo-random piece sizes. */
static void ours(unsigned rate, uint8_t ds, uint8_t *out, size_t outlen, const uint8_t *in,
		 size_t inlen, uint64_t seed)
{
	cb_keccak_state st;
	size_t off = 0;
	uint8_t r[1];

	cb_keccak_init(&st, rate);
	while (off < inlen) {
		tu_fill(r, 1, seed++);
		size_t n = (size_t)r[0] % 300 + 1;
		if (n > inlen - off)
			n = inlen - off;
		cb_keccak_absorb(&st, in + off, n);
		off += n;
	}
	cb_keccak_finalize(&st, ds);
	off = 0;
	while (off < outlen) {
		tu_fill(r, 1, seed++);
		size_t n = (size_t)r[0] % 400 + 1;
		if (n > outlen - off)
			n = outlen - off;
		if (r[0] & 1 && n >= rate && (st.pos == st.rate || st.pos == 0)) {
			cb_keccak_squeezeblocks(&st, out + off, n / rate);
			off += n / rate * rate;
		} else {
			cb_keccak_squeeze(&st, out + off, n);
			off += n;
		}
	}
}

static void against_openssl(void)
{
	static uint8_t in[2000], a[1200], b[1200];
	struct {
		const char *name;
		unsigned rate;
		uint8_t ds;
		size_t fixed; /* digest size, 0 for XOFs */
	} algs[] = {
		{"SHA3-256", CB_SHA3_256_RATE, CB_KECCAK_DS_SHA3, 32},
		{"SHA3-512", CB_SHA3_512_RATE, CB_KECCAK_DS_SHA3, 64},
		{"SHAKE128", CB_SHAKE128_RATE, CB_KECCAK_DS_SHAKE, 0},
		{"SHAKE256", CB_SHAKE256_RATE, CB_KECCAK_DS_SHAKE, 0},
	};

	for (size_t i = 0; i < sizeof(algs) / sizeof(algs[0]); i++) {
		EVP_MD *md = EVP_MD_fetch(NULL, algs[i].name, NULL);

		CHECK(md != NULL);
		if (!md)
			continue;
		for (uint64_t t = 0; t < 200; t++) {
			uint8_t r[4];
			tu_fill(r, sizeof(r), 99 + t);
			size_t inlen = (t < 10) ? (size_t)t * algs[i].rate / 2 : (r[0] | r[1] << 8) % sizeof(in);
			size_t outlen = algs[i].fixed ? algs[i].fixed : (r[2] | r[3] << 8) % sizeof(a) + 1;

			tu_fill(in, inlen, t);
			openssl_xof(md, a, outlen, in, inlen);
			ours(algs[i].rate, algs[i].ds, b, outlen, in, inlen, t * 7919);
			tu_note("%s case %llu (in %zu, out %zu)", algs[i].name, (unsigned long long)t, inlen,
				outlen);
			CHECK_MEM(a, b, outlen);
		}
		EVP_MD_free(md);
	}
}

/*
 * Two different inputs through the x2 sponge = one at a time: same lengths,
 * and lengths that differ (in the same or in different numbers of blocks),
 * with the two domain bytes swapped.
 */
static void x2_against_single(void)
{
	static uint8_t in0[600], in1[600], a0[4 * 168], a1[4 * 168], b0[4 * 168], b1[4 * 168];
	static uint64_t w0[4 * 168 / 8], w1[4 * 168 / 8];
	const unsigned rates[] = {CB_SHAKE128_RATE, CB_SHAKE256_RATE, CB_SHA3_256_RATE, CB_SHA3_512_RATE};
	const uint8_t dss[] = {CB_KECCAK_DS_SHAKE, CB_KECCAK_DS_SHAKE, CB_KECCAK_DS_SHA3, CB_KECCAK_DS_SHA3};

	for (size_t i = 0; i < 4; i++) {
		for (size_t len = 0; len <= sizeof(in0); len += (len < 180 ? 1 : 37)) {
			size_t nblocks = 1 + len % 4, first = len % 2 ? 1 : nblocks;
			size_t len1 = len % 3 == 0 ? len : (len * 7 + 11) % (sizeof(in1) + 1);
			uint8_t ds1 = len % 5 == 1 ? (uint8_t)(dss[i] ^ CB_KECCAK_DS_SHA3 ^ CB_KECCAK_DS_SHAKE) : dss[i];
			cb_keccak_x2_state x2;
			cb_keccak_state st;

			tu_fill(in0, len, 1000 + len);
			tu_fill(in1, len1, 5000 + len);
			cb_keccak_x2_absorb_once(&x2, rates[i], in0, len, dss[i], in1, len1, ds1);
			/* squeezed in one call, or one block and then the rest */
			cb_keccak_x2_squeezeblocks(&x2, rates[i], a0, a1, first);
			if (first < nblocks)
				cb_keccak_x2_squeezeblocks(&x2, rates[i], a0 + first * rates[i],
							   a1 + first * rates[i], nblocks - first);
			cb_keccak_init(&st, rates[i]);
			cb_keccak_absorb(&st, in0, len);
			cb_keccak_finalize(&st, dss[i]);
			cb_keccak_squeeze(&st, b0, nblocks * rates[i]);
			cb_keccak_init(&st, rates[i]);
			cb_keccak_absorb(&st, in1, len1);
			cb_keccak_finalize(&st, ds1);
			cb_keccak_squeeze(&st, b1, nblocks * rates[i]);
			tu_note("x2 rate %u, in %zu / %zu, %zu blocks", rates[i], len, len1, nblocks);
			CHECK_MEM(a0, b0, nblocks * rates[i]);
			CHECK_MEM(a1, b1, nblocks * rates[i]);

			/* the word form gives the same stream */
			cb_keccak_x2_absorb_once(&x2, rates[i], in0, len, dss[i], in1, len1, ds1);
			cb_keccak_x2_squeezewords(&x2, rates[i], w0, w1, nblocks);
			for (size_t k = 0; k < nblocks * rates[i] / 8; k++)
				for (unsigned byte = 0; byte < 8; byte++) {
					a0[8 * k + byte] = (uint8_t)(w0[k] >> (8 * byte));
					a1[8 * k + byte] = (uint8_t)(w1[k] >> (8 * byte));
				}
			CHECK_MEM(a0, b0, nblocks * rates[i]);
			CHECK_MEM(a1, b1, nblocks * rates[i]);
		}
	}
}

int main(void)
{
	known_answers();
	against_openssl();
	x2_against_single();
	return tu_finish();
}
