/*
 * SM2 ciphertext form conversions (cryptobench/sm2.h): round trips on
 * random and crafted ciphertexts, exact DER for coordinates with leading
 * zero bytes or the high bit set, and rejection of malformed input.
 */
#include <stdlib.h>
#include <string.h>

#include "cryptobench/sm2.h"
#include "testutil.h"

struct parts {
	uint8_t x[32], y[32], c3[32];
	uint8_t c2[600];
	size_t c2len;
};

static size_t raw_c1c3c2(const struct parts *p, uint8_t *out)
{
	out[0] = 0x04;
	memcpy(out + 1, p->x, 32);
	memcpy(out + 33, p->y, 32);
	memcpy(out + 65, p->c3, 32);
	memcpy(out + 97, p->c2, p->c2len);
	return 97 + p->c2len;
}

static size_t raw_c1c2c3(const struct parts *p, uint8_t *out)
{
	out[0] = 0x04;
	memcpy(out + 1, p->x, 32);
	memcpy(out + 33, p->y, 32);
	memcpy(out + 65, p->c2, p->c2len);
	memcpy(out + 65 + p->c2len, p->c3, 32);
	return 97 + p->c2len;
}

/* An independent, test-side DER writer for one TLV (definite minimal length). */
static size_t tlv(uint8_t *out, uint8_t tag, const uint8_t *v, size_t n)
{
	size_t h = 0;
	out[h++] = tag;
	if (n < 0x80) {
		out[h++] = (uint8_t)n;
	} else if (n < 0x100) {
		out[h++] = 0x81;
		out[h++] = (uint8_t)n;
	} else {
		out[h++] = 0x82;
		out[h++] = (uint8_t)(n >> 8);
		out[h++] = (uint8_t)n;
	}
	if (n)
		memmove(out + h, v, n);
	return h + n;
}

/* Minimal INTEGER content of a 32-byte unsigned value. */
static size_t int_content(const uint8_t v[32], uint8_t out[33])
{
	size_t i = 0, n = 0;
	while (i < 31 && v[i] == 0)
		i++;
	if (v[i] & 0x80)
		out[n++] = 0;
	memcpy(out + n, v + i, 32 - i);
	return n + 32 - i;
}

static size_t der_of(const struct parts *p, uint8_t *out)
{
	uint8_t body[800], ic[33];
	size_t n = 0, k;
	k = int_content(p->x, ic);
	n += tlv(body + n, 0x02, ic, k);
	k = int_content(p->y, ic);
	n += tlv(body + n, 0x02, ic, k);
	n += tlv(body + n, 0x04, p->c3, 32);
	n += tlv(body + n, 0x04, p->c2, p->c2len);
	return tlv(out, 0x30, body, n);
}

static void round_trip(const struct parts *p, const char *what)
{
	uint8_t a[800], b[800], d[800], out[800], out2[800];
	size_t la = raw_c1c3c2(p, a), lb = raw_c1c2c3(p, b), ld = der_of(p, d), n, n2;
	tu_note("%s, c2len %zu", what, p->c2len);

	CHECK(ld <= cb_sm2_ct_size(CB_SM2_DER, p->c2len));
	CHECK_EQ_INT(cb_sm2_ct_size(CB_SM2_C1C3C2, p->c2len), la);
	CHECK_EQ_INT(cb_sm2_ct_size(CB_SM2_C1C2C3, p->c2len), lb);
	/* every ordered pair of forms */
	const struct {
		cb_sm2_ct_format f;
		const uint8_t *buf;
		size_t len;
	} forms[3] = {{CB_SM2_C1C3C2, a, la}, {CB_SM2_C1C2C3, b, lb}, {CB_SM2_DER, d, ld}};
	for (int i = 0; i < 3; i++) {
		for (int j = 0; j < 3; j++) {
			n = sizeof(out);
			CHECK_EQ_INT(cb_sm2_ct_convert(forms[i].f, forms[i].buf, forms[i].len,
						       forms[j].f, out, &n),
				     0);
			CHECK_EQ_INT(n, forms[j].len);
			if (n == forms[j].len)
				CHECK_MEM(out, forms[j].buf, n);
			/* and back */
			n2 = sizeof(out2);
			CHECK_EQ_INT(cb_sm2_ct_convert(forms[j].f, out, n, forms[i].f, out2, &n2),
				     0);
			CHECK_EQ_INT(n2, forms[i].len);
			if (n2 == forms[i].len)
				CHECK_MEM(out2, forms[i].buf, n2);
		}
	}
	/* exact capacity works, one byte less does not and leaves out untouched */
	n = ld;
	CHECK_EQ_INT(cb_sm2_ct_convert(CB_SM2_C1C3C2, a, la, CB_SM2_DER, out, &n), 0);
	memset(out, 0xee, sizeof(out));
	n = ld - 1;
	CHECK_EQ_INT(cb_sm2_ct_convert(CB_SM2_C1C3C2, a, la, CB_SM2_DER, out, &n), CB_ERR_LENGTH);
	CHECK(out[0] == 0xee && n == ld - 1);
	n = la - 1;
	CHECK_EQ_INT(cb_sm2_ct_convert(CB_SM2_DER, d, ld, CB_SM2_C1C2C3, out, &n), CB_ERR_LENGTH);
}

static void random_parts(struct parts *p, uint64_t seed, size_t c2len)
{
	tu_fill(p->x, 32, seed);
	tu_fill(p->y, 32, seed + 1000);
	tu_fill(p->c3, 32, seed + 2000);
	tu_fill(p->c2, c2len, seed + 3000);
	p->c2len = c2len;
}

/* The DER INTEGER of x as the converter writes it: tag, length, first content byte. */
static void check_int_encoding(const struct parts *p, size_t want_len, uint8_t want_first)
{
	uint8_t a[800], out[800];
	size_t la = raw_c1c3c2(p, a), n = sizeof(out), hdr;
	CHECK_EQ_INT(cb_sm2_ct_convert(CB_SM2_C1C3C2, a, la, CB_SM2_DER, out, &n), 0);
	hdr = (out[1] & 0x80) ? 2 + (out[1] & 0x7f) : 2;
	CHECK(out[hdr] == 0x02);
	CHECK_EQ_INT(out[hdr + 1], want_len);
	CHECK_EQ_INT(out[hdr + 2], want_first);
}

static void crafted(void)
{
	struct parts p;
	static const size_t lens[] = {0, 1, 19, 31, 32, 33, 60, 127, 128, 255, 256, 600};
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		random_parts(&p, 17 + i, lens[i]);
		round_trip(&p, "random");
		p.x[0] = 0x00; /* x < 2^248, next byte low */
		p.x[1] = 0x12;
		p.y[0] = 0xff; /* high bit: leading 00 */
		round_trip(&p, "x leading zero, y high bit");
		tu_note("x leading zero encoding");
		check_int_encoding(&p, 31, 0x12);
		p.x[1] = 0x80; /* x < 2^248 with next byte's high bit set */
		round_trip(&p, "x leading zero + high bit");
		check_int_encoding(&p, 32, 0x00);
		memset(p.x, 0, 5);
		p.x[5] = 0x01;
		p.y[0] = 0x00;
		p.y[1] = 0x00;
		p.y[2] = 0xc0;
		round_trip(&p, "several leading zeros");
		check_int_encoding(&p, 27, 0x01);
		p.x[0] = 0x80;
		round_trip(&p, "x high bit");
		check_int_encoding(&p, 33, 0x00);
		memset(p.x, 0, 32);
		round_trip(&p, "x zero");
		check_int_encoding(&p, 1, 0x00);
		memset(p.y, 0xff, 32);
		round_trip(&p, "y all ones");
	}
}

/* Build a DER ciphertext from explicit element encodings, for malformed cases. */
static size_t seq(uint8_t *out, const uint8_t *body, size_t n)
{
	return tlv(out, 0x30, body, n);
}

static void expect_bad(const uint8_t *der, size_t len, const char *what)
{
	uint8_t out[1000];
	size_t n = sizeof(out);
	tu_note("malformed DER: %s", what);
	CHECK_EQ_INT(cb_sm2_ct_convert(CB_SM2_DER, der, len, CB_SM2_C1C3C2, out, &n),
		     CB_ERR_FORMAT);
	n = sizeof(out);
	CHECK_EQ_INT(cb_sm2_ct_convert(CB_SM2_DER, der, len, CB_SM2_DER, out, &n), CB_ERR_FORMAT);
}

static void malformed(void)
{
	struct parts p;
	uint8_t good[800], bad[900], body[800], ic[40], out[900];
	size_t lg, n, b, k;
	random_parts(&p, 99, 10); /* short enough for a one-byte SEQUENCE length */
	p.x[0] = 0x01; /* 32-byte INTEGER, no sign byte */
	p.y[0] = 0x81; /* 33-byte INTEGER */
	lg = der_of(&p, good);
	if (lg < 2 + 69 + 34 + 2) { /* x, y, C3 and the C2 header */
		CHECK(!"base DER too short");
		return;
	}
	n = sizeof(out);
	tu_note("malformed DER: base case");
	CHECK_EQ_INT(cb_sm2_ct_convert(CB_SM2_DER, good, lg, CB_SM2_C1C3C2, out, &n), 0);

	memcpy(bad, good, lg);
	bad[0] = 0x31;
	expect_bad(bad, lg, "outer tag SET");
	memcpy(bad, good, lg);
	bad[2] = 0x03;
	expect_bad(bad, lg, "x tag BIT STRING");
	memcpy(bad, good, lg);
	bad[2 + 34] = 0x04;
	expect_bad(bad, lg, "y tag OCTET STRING");

	/* long-form, non-minimal outer length (content < 128 here: 0x81 nn) */
	CHECK(good[1] < 0x80);
	bad[0] = 0x30;
	bad[1] = 0x81;
	bad[2] = good[1];
	memcpy(bad + 3, good + 2, lg - 2);
	expect_bad(bad, lg + 1, "long form for a short length");
	bad[1] = 0x82;
	bad[2] = 0x00;
	bad[3] = good[1];
	memcpy(bad + 4, good + 2, lg - 2);
	expect_bad(bad, lg + 2, "long form with a leading zero");
	bad[1] = 0x80;
	memcpy(bad + 2, good + 2, lg - 2);
	bad[lg] = 0;
	bad[lg + 1] = 0;
	expect_bad(bad, lg + 2, "indefinite length");

	memcpy(bad, good, lg);
	bad[lg] = 0x00;
	expect_bad(bad, lg + 1, "one trailing byte");
	expect_bad(good, lg - 1, "truncated");
	expect_bad(good, 1, "tag only");
	expect_bad(good, 0, "empty");
	memcpy(bad, good, lg);
	bad[1]--;
	expect_bad(bad, lg - 1, "sequence shorter than its last element");

	/* Element-level defects, in an otherwise well-formed SEQUENCE. */
	const uint8_t *x_int = good + 2; /* 02 20 01 ... */
	const uint8_t *y_int = x_int + 34; /* 02 21 00 81 ... */
	const uint8_t *c3c2 = y_int + 35; /* 04 20 .., 04 28 .. */
	size_t c3c2len = lg - (size_t)(c3c2 - good);
	struct {
		const char *what;
		uint8_t content[40];
		size_t len;
	} ints[] = {
		{"33-byte x without sign reason", {0x00, 0x01}, 33},
		{"33-byte x with a non-zero top byte", {0x01, 0x81}, 33},
		{"negative x", {0x81}, 32},
		{"empty INTEGER", {0}, 0},
		{"x with a superfluous leading zero", {0x00, 0x00, 0x81}, 3},
		{"34-byte x", {0x00, 0x81}, 34},
	};
	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		memset(ic, 0x5a, sizeof(ic));
		memcpy(ic, ints[i].content, ints[i].content[0] == 0 && ints[i].len > 1 ? 2 : 1);
		if (ints[i].len == 3)
			memcpy(ic, ints[i].content, 3);
		b = tlv(body, 0x02, ic, ints[i].len);
		memcpy(body + b, y_int, 35);
		b += 35;
		memcpy(body + b, c3c2, c3c2len);
		b += c3c2len;
		k = seq(bad, body, b);
		expect_bad(bad, k, ints[i].what);
	}
	/* C3 of 31 and 33 bytes, and an extra element after C2. */
	for (int delta = -1; delta <= 1; delta += 2) {
		b = 0;
		memcpy(body, x_int, 34 + 35);
		b = 69;
		b += tlv(body + b, 0x04, p.c3, (size_t)(32 + delta));
		b += tlv(body + b, 0x04, p.c2, p.c2len);
		k = seq(bad, body, b);
		expect_bad(bad, k, delta < 0 ? "C3 of 31 bytes" : "C3 of 33 bytes");
	}
	memcpy(body, good + 2, lg - 2);
	b = lg - 2;
	b += tlv(body + b, 0x05, NULL, 0);
	k = seq(bad, body, b);
	expect_bad(bad, k, "extra element");
	/* C2 given as a constructed / wrong tag. */
	memcpy(body, good + 2, lg - 2);
	body[69 + 34] = 0x24;
	k = seq(bad, body, lg - 2);
	expect_bad(bad, k, "C2 tag constructed OCTET STRING");

	/* Raw forms: the 0x04 prefix and the minimum length. */
	uint8_t raw[800];
	size_t lr = raw_c1c3c2(&p, raw);
	for (int f = 0; f < 2; f++) {
		cb_sm2_ct_format fmt = f ? CB_SM2_C1C2C3 : CB_SM2_C1C3C2;
		tu_note("malformed raw form %d", f);
		raw[0] = 0x02;
		n = sizeof(out);
		CHECK_EQ_INT(cb_sm2_ct_convert(fmt, raw, lr, CB_SM2_DER, out, &n), CB_ERR_FORMAT);
		raw[0] = 0x04;
		n = sizeof(out);
		CHECK_EQ_INT(cb_sm2_ct_convert(fmt, raw, 96, CB_SM2_DER, out, &n), CB_ERR_FORMAT);
		n = sizeof(out);
		/* An empty C2 is well-formed. */
		CHECK_EQ_INT(cb_sm2_ct_convert(fmt, raw, 97, CB_SM2_DER, out, &n), 0);
	}
	/* Bad arguments. */
	n = sizeof(out);
	CHECK_EQ_INT(cb_sm2_ct_convert((cb_sm2_ct_format)7, raw, lr, CB_SM2_DER, out, &n),
		     CB_ERR_ARG);
	CHECK_EQ_INT(cb_sm2_ct_convert(CB_SM2_DER, good, lg, (cb_sm2_ct_format)7, out, &n),
		     CB_ERR_ARG);
	CHECK_EQ_INT(cb_sm2_ct_convert(CB_SM2_DER, NULL, lg, CB_SM2_C1C3C2, out, &n), CB_ERR_ARG);
	CHECK_EQ_INT(cb_sm2_ct_convert(CB_SM2_DER, good, lg, CB_SM2_C1C3C2, out, NULL), CB_ERR_ARG);
}

static void sizes(void)
{
	tu_note("sizes");
	CHECK_EQ_INT(cb_sm2_ct_size(CB_SM2_C1C3C2, 0), 97);
	CHECK_EQ_INT(cb_sm2_ct_size(CB_SM2_C1C2C3, 19), 116);
	/* 35 + 35 + 34 + (2 + 19) = 125 content bytes: 127 in all */
	CHECK_EQ_INT(cb_sm2_ct_size(CB_SM2_DER, 19), 127);
	/* 104 + (3 + 200) = 307: 0x82 length form, 311 in all */
	CHECK_EQ_INT(cb_sm2_ct_size(CB_SM2_DER, 200), 311);
	CHECK_EQ_INT(cb_sm2_ct_size(CB_SM2_C1C3C2, SIZE_MAX - 10), 0);
	CHECK_EQ_INT(cb_sm2_ct_size((cb_sm2_ct_format)9, 10), 0);
}

int main(void)
{
	sizes();
	crafted();
	malformed();
	return tu_finish();
}
