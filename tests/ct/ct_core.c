/*
 * Constant-time checks under valgrind memcheck (tests/ct/ct.h) of the code
 * beyond ML-KEM that handles secrets:
 *
 *   - cb_pkcs7_check on a secret decrypted block (padding good and bad,
 *     every pad length); only the verdict is public;
 *   - cb_hex_encode of a secret key, and cb_hex_decode of its hex text
 *     (the digits secret, the white space where it is public);
 *   - cb_sm2_ct_convert between every pair of forms, with C3 and C2 (the
 *     hash and the masked message) secret: the converter moves them without
 *     looking at them (x1, y1 and the lengths are public);
 *   - the own SHA-3 (SHA3-256, SHA3-512, SHAKE128/256) on secret input of
 *     several lengths: the lengths are public, the bytes are not.
 *
 * Run as `valgrind --error-exitcode=1 ct_core`: it passes only with no
 * error reported.  tests/ct/ct_negative.c proves that the harness does
 * report a branch on a secret.
 */
#include <stdio.h>
#include <string.h>

#include "core/util.h"
#include "cryptobench/sm2.h"
#include "ct.h"
#include "sha3/sha3.h"

static int failures;

#define EXPECT(c)                                                                                  \
	do {                                                                                       \
		if (!(c)) {                                                                        \
			fprintf(stderr, "ct_core: %s:%d: %s\n", __FILE__, __LINE__, #c);            \
			failures++;                                                                \
		}                                                                                  \
	} while (0)

static void check_pkcs7(void)
{
	uint8_t buf[32];
	size_t pad;
	int r;

	for (unsigned n = 0; n <= 17; n++) {
		for (int good = 0; good < 2; good++) {
			memset(buf, 0xa5, sizeof(buf));
			for (unsigned i = 0; i < n && i < 16; i++)
				buf[sizeof(buf) - 1 - i] = (uint8_t)n;
			if (!good && n > 1)
				buf[sizeof(buf) - n / 2 - 1] ^= 1;
			SECRET(buf, sizeof(buf));
			r = cb_pkcs7_check(buf, sizeof(buf), 16, &pad);
			PUBLIC(&r, sizeof(r));
			PUBLIC(&pad, sizeof(pad));
			EXPECT((r == CB_OK) == ((good || n == 1) && n >= 1 && n <= 16));
			if (r == CB_OK)
				EXPECT(pad == n);
		}
	}
}

static void check_hex(void)
{
	uint8_t key[64], back[64];
	char hex[2 * sizeof(key) + 1], spaced[3 * sizeof(key) + 1];
	size_t n = 0, k = 0;
	int r;

	for (size_t i = 0; i < sizeof(key); i++)
		key[i] = (uint8_t)(i * 37 + 11);
	SECRET(key, sizeof(key));
	cb_hex_encode(key, sizeof(key), hex);
	/* the text is as secret as the key; make it upper case here and there, spaced */
	for (size_t i = 0; i < 2 * sizeof(key); i++) {
		char c = hex[i];
		PUBLIC(&c, 1); /* the test itself may look: only the codec is under test */
		spaced[k++] = (i % 5 == 0 && c >= 'a') ? (char)(c - 32) : c;
		if (i % 2)
			spaced[k++] = i % 8 == 7 ? '\n' : ' ';
	}
	spaced[k] = 0;
	for (size_t i = 0; i < k; i++)
		if (spaced[i] != ' ' && spaced[i] != '\n')
			SECRET(&spaced[i], 1);
	r = cb_hex_decode((const uint8_t *)spaced, k, back, sizeof(back), &n);
	PUBLIC(&r, sizeof(r));
	PUBLIC(back, sizeof(back));
	PUBLIC(key, sizeof(key));
	EXPECT(r == CB_OK && n == sizeof(key) && memcmp(back, key, sizeof(key)) == 0);
	/* a bad digit: the verdict only is public */
	spaced[7] = 'x';
	SECRET(&spaced[7], 1);
	r = cb_hex_decode((const uint8_t *)spaced, k, back, sizeof(back), &n);
	PUBLIC(&r, sizeof(r));
	EXPECT(r == CB_ERR_FORMAT);
}

static void check_sm2(void)
{
	static const size_t lens[] = {0, 1, 31, 32, 33, 200};
	uint8_t raw[97 + 200], a[400], b[400];

	for (size_t li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
		size_t m = lens[li], rawlen = 97 + m;

		raw[0] = 0x04;
		for (size_t i = 1; i < rawlen; i++)
			raw[i] = (uint8_t)(i * 29 + m);
		raw[1] = 0; /* a short x1: a minimal DER INTEGER is shorter */
		for (int from = 0; from < 3; from++) {
			for (int to = 0; to < 3; to++) {
				size_t alen = sizeof(a), blen = sizeof(b), c3 = 0, c2 = 0, c2len = m;
				int r;

				/* the input in the `from` form, all public while it is made */
				r = cb_sm2_ct_convert(CB_SM2_C1C3C2, raw, rawlen, (cb_sm2_ct_format)from, a, &alen);
				EXPECT(r == CB_OK);
				/* where C3 and C2 are in it: after the header and coordinates */
				if (from == CB_SM2_C1C3C2) {
					c3 = 65;
					c2 = 97;
				} else if (from == CB_SM2_C1C2C3) {
					c2 = 65;
					c3 = 65 + m;
				} else {
					/* DER: ... 04 20 C3 04 len C2 (len of C2 is public) */
					size_t hl = m < 0x80 ? 2 : m < 0x100 ? 3 : 4;
					c2 = alen - m;
					c3 = c2 - hl - 32;
				}
				SECRET(a + c3, 32);
				if (c2len)
					SECRET(a + c2, c2len);
				r = cb_sm2_ct_convert((cb_sm2_ct_format)from, a, alen, (cb_sm2_ct_format)to, b, &blen);
				PUBLIC(&r, sizeof(r));
				PUBLIC(a, alen);
				PUBLIC(b, blen < sizeof(b) ? blen : sizeof(b));
				EXPECT(r == CB_OK);
				if (r == CB_OK) {
					size_t back = sizeof(a);
					uint8_t c[400];
					EXPECT(cb_sm2_ct_convert((cb_sm2_ct_format)to, b, blen, CB_SM2_C1C3C2, c, &back) == CB_OK);
					EXPECT(back == rawlen && memcmp(c, raw, rawlen) == 0);
				}
			}
		}
	}
}

static void check_sha3(void)
{
	static const size_t lens[] = {0, 1, 71, 72, 135, 136, 137, 168, 300};
	uint8_t in[300], out[64], out2[64], xof[200];

	for (size_t li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
		size_t n = lens[li];
		cb_keccak_state st;

		for (size_t i = 0; i < n; i++)
			in[i] = (uint8_t)(i ^ 0x5c);
		SECRET(in, n);
		cb_sha3_256(out, in, n);
		cb_sha3_256_init(&st);
		cb_keccak_absorb(&st, in, n / 2);
		cb_keccak_absorb(&st, in + n / 2, n - n / 2);
		cb_sha3_256_final(&st, out2);
		PUBLIC(out, 32);
		PUBLIC(out2, 32);
		EXPECT(memcmp(out, out2, 32) == 0);
		cb_sha3_512(out, in, n);
		cb_shake128(xof, sizeof(xof), in, n);
		cb_shake256(xof, sizeof(xof), in, n);
		PUBLIC(out, sizeof(out));
		PUBLIC(xof, sizeof(xof));
		PUBLIC(in, n);
	}
}

int main(void)
{
	check_pkcs7();
	check_hex();
	check_sm2();
	check_sha3();
	if (!failures)
		printf("ct_core: all checks ran (memcheck decides)\n");
	return failures != 0;
}
