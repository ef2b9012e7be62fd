/* Small shared helpers: PKCS#7 checking and the DER signature codec. */
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

int main(void)
{
	test_atomic_cleanup();
	test_pkcs7();
	test_der_sig();
	return tu_finish();
}
