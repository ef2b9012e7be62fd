/* Small shared helpers: PKCS#7 checking, the hex codec, UTF-8 cutting, the DER signature codec. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/der.h"
#include "core/util.h"
#include "cryptobench/fileio.h"
#include "testutil.h"

static void test_pkcs7(void)
{
	uint8_t b[32];
	size_t pad = 99;

	for (size_t n = 1; n <= 16; n++) {
		tu_fill(b, sizeof(b), n);
		memset(b + 32 - n, (int)n, n);
		tu_note("pad %zu", n);
		CHECK_EQ_INT(cb_pkcs7_check(b, 32, 16, &pad), 0);
		CHECK_EQ_INT(pad, n);
		if (n > 1) {
			b[32 - n] ^= 1; /* one wrong byte inside the padding */
			CHECK_EQ_INT(cb_pkcs7_check(b, 32, 16, &pad), CB_ERR_DECRYPT);
		}
	}
	tu_note("%s", "");
	memset(b, 0, sizeof(b));
	CHECK_EQ_INT(cb_pkcs7_check(b, 32, 16, &pad), CB_ERR_DECRYPT); /* 0 */
	b[31] = 17;
	CHECK_EQ_INT(cb_pkcs7_check(b, 32, 16, &pad), CB_ERR_DECRYPT); /* longer than a block */
	b[31] = 1;
	CHECK_EQ_INT(cb_pkcs7_check(b, 31, 16, &pad), CB_ERR_DECRYPT); /* not whole blocks */
	CHECK_EQ_INT(cb_pkcs7_check(b, 0, 16, &pad), CB_ERR_DECRYPT);
}

static void test_der_sig(void)
{
	uint8_t r[32], s[32], r2[32], s2[32], der[80];
	size_t len;

	/* Values with the high bit set (a 00 sign byte) and with leading zero bytes (shorter INTEGERs). */
	for (int k = 0; k < 4; k++) {
		tu_fill(r, 32, 10 + (uint64_t)k);
		tu_fill(s, 32, 20 + (uint64_t)k);
		if (k & 1)
			r[0] |= 0x80, s[0] |= 0x80;
		if (k & 2)
			memset(r, 0, 5), s[0] = 0, s[1] = 0x7f;
		len = sizeof(der);
		CHECK_EQ_INT(cb_der_sig_encode(r, s, der, &len), 0);
		CHECK(len <= 72 && der[0] == 0x30 && der[1] == len - 2);
		CHECK_EQ_INT(cb_der_sig_decode(der, len, r2, s2), 0);
		CHECK_MEM(r2, r, 32);
		CHECK_MEM(s2, s, 32);
		/* Trailing bytes, truncation, a wrong outer tag. */
		CHECK_EQ_INT(cb_der_sig_decode(der, len - 1, r2, s2), CB_ERR_FORMAT);
		der[len] = 0;
		CHECK_EQ_INT(cb_der_sig_decode(der, len + 1, r2, s2), CB_ERR_FORMAT);
		der[0] = 0x31;
		CHECK_EQ_INT(cb_der_sig_decode(der, len, r2, s2), CB_ERR_FORMAT);
	}
	/* Non-minimal and negative INTEGERs. */
	static const uint8_t nonmin[] = {0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01};
	static const uint8_t neg[] = {0x30, 0x06, 0x02, 0x01, 0x81, 0x02, 0x01, 0x01};
	CHECK_EQ_INT(cb_der_sig_decode(nonmin, sizeof(nonmin), r2, s2), CB_ERR_FORMAT);
	CHECK_EQ_INT(cb_der_sig_decode(neg, sizeof(neg), r2, s2), CB_ERR_FORMAT);
	len = 10;
	CHECK_EQ_INT(cb_der_sig_encode(r, s, der, &len), CB_ERR_LENGTH);
}

/* The temporary files of open atomic writes are what cb_atomic_cleanup removes (a signal handler's job). */
static void test_atomic_cleanup(void)
{
	char dir[] = "/tmp/cb-test-cleanup-XXXXXX", path[4096];
	cb_atomic_file a, b;
	if (!mkdtemp(dir)) {
		CHECK(0);
		return;
	}
	snprintf(path, sizeof(path), "%s/out.json", dir);
	CHECK_EQ_INT(cb_write_file_atomic(path, "old", 3, 0644), 0);
	CHECK_EQ_INT(cb_atomic_open(&a, path, 0644), 0);
	CHECK_EQ_INT(cb_atomic_open(&b, path, 0600), 0);
	CHECK(access(a.tmp, F_OK) == 0 && access(b.tmp, F_OK) == 0);
	cb_atomic_cleanup();
	CHECK(access(a.tmp, F_OK) != 0 && access(b.tmp, F_OK) != 0);
	CHECK(access(path, F_OK) == 0); /* the target is left as it was */
	cb_atomic_abort(&a);
	cb_atomic_abort(&b);
	/* Committed and aborted files are no longer tracked: nothing else is removed. */
	CHECK_EQ_INT(cb_atomic_open(&a, path, 0644), 0);
	CHECK_EQ_INT(cb_atomic_commit(&a), 0);
	cb_atomic_cleanup();
	CHECK(access(path, F_OK) == 0);
	CHECK(unlink(path) == 0 && rmdir(dir) == 0);
}

static void test_hex(void)
{
	static const struct {
		const char *in;
		size_t cap;
		int err;
		const char *want; /* the bytes, as lower-case hex */
	} cases[] = {
		{"", 8, 0, ""},
		{"00ff7A", 8, 0, "00ff7a"},
		{" de AD\tbe\nEF\r\n\v\f", 8, 0, "deadbeef"},
		{"abc", 8, CB_ERR_FORMAT, NULL},     /* odd number of digits */
		{"a b", 8, 0, "ab"},                 /* a byte's digits split by white space */
		{"a b c", 8, CB_ERR_FORMAT, NULL},   /* odd, across white space */
		{"0g", 8, CB_ERR_FORMAT, NULL},      /* not a digit */
		{"0/", 8, CB_ERR_FORMAT, NULL},      /* just below '0' */
		{"0:", 8, CB_ERR_FORMAT, NULL},      /* just above '9' */
		{"@a", 8, CB_ERR_FORMAT, NULL},      /* just below 'A' */
		{"`a", 8, CB_ERR_FORMAT, NULL},      /* just below 'a' */
		{"0G", 8, CB_ERR_FORMAT, NULL},      /* just above 'F' */
		{"\x80\x80", 8, CB_ERR_FORMAT, NULL}, /* high bytes */
		{"001122", 2, CB_ERR_LENGTH, NULL},  /* one byte too many */
		{"0011zz", 2, CB_ERR_FORMAT, NULL},  /* a bad digit wins over the length */
		{"0011", 2, 0, "0011"},
	};
	uint8_t out[8], back[8];
	char hex[17], buf[32];
	size_t n;

	for (size_t i = 0; i < CB_ARRAY_LEN(cases); i++) {
		tu_note("hex '%s'", cases[i].in);
		memset(out, 0x55, sizeof(out));
		n = 99;
		CHECK_EQ_INT(cb_hex_decode((const uint8_t *)cases[i].in, strlen(cases[i].in), out, cases[i].cap, &n),
			     cases[i].err);
		if (cases[i].err == 0) {
			cb_hex_encode(out, n, hex);
			CHECK(strcmp(hex, cases[i].want) == 0);
		} else {
			/* nothing half-decoded is left */
			for (size_t k = 0; k < cases[i].cap; k++)
				CHECK_EQ_INT(out[k], 0);
		}
	}
	tu_note("%s", "");
	/* every byte value, both ways, and decoding in place */
	for (unsigned v = 0; v < 256; v++) {
		uint8_t b = (uint8_t)v;
		cb_hex_encode(&b, 1, hex);
		snprintf(buf, sizeof(buf), "%02x", v);
		CHECK(strcmp(hex, buf) == 0);
		CHECK_EQ_INT(cb_hex_decode((const uint8_t *)hex, 2, back, 1, &n), 0);
		CHECK(n == 1 && back[0] == b);
	}
	memcpy(buf, "0a 1B\n2c", 8);
	CHECK_EQ_INT(cb_hex_decode((uint8_t *)buf, 8, (uint8_t *)buf, 8, &n), 0);
	CHECK(n == 3 && !memcmp(buf, "\x0a\x1b\x2c", 3));
}

static void test_utf8_copy(void)
{
	char dst[6];

	/* "ab" + U+00E9 (2 bytes) + U+20AC (3 bytes): cut before the character that would be split */
	CHECK_EQ_INT(cb_utf8_copy(dst, sizeof(dst), "ab\xc3\xa9\xe2\x82\xac"), 4);
	CHECK(strcmp(dst, "ab\xc3\xa9") == 0);
	CHECK_EQ_INT(cb_utf8_copy(dst, 4, "ab\xc3\xa9"), 2);
	CHECK(strcmp(dst, "ab") == 0);
	CHECK_EQ_INT(cb_utf8_copy(dst, 3, "\xe2\x82\xac"), 0);
	CHECK(dst[0] == 0);
	CHECK_EQ_INT(cb_utf8_copy(dst, sizeof(dst), "short"), 5);
	CHECK(strcmp(dst, "short") == 0);
	CHECK_EQ_INT(cb_utf8_copy(dst, sizeof(dst), "exactly6"), 5);
	CHECK(strcmp(dst, "exact") == 0);
}

int main(void)
{
	test_hex();
	test_utf8_copy();
	test_atomic_cleanup();
	test_pkcs7();
	test_der_sig();
	return tu_finish();
}
