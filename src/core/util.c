#include "core/util.h"

#include "core/ct.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>

static int os_random(uint8_t *p, size_t len)
{
	while (len > 0) {
		ssize_t r = getrandom(p, len, 0);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return CB_ERR_RANDOM;
		}
		p += r;
		len -= (size_t)r;
	}
	return CB_OK;
}

/*
 * Small requests are served from a per-thread pool of getrandom output.
 * A getrandom call costs about 1.4 us in a tight loop on a KPTI VM and
 * about 6 us of an ML-KEM key generation's time in context (TLB and cache
 * flushed on the way back), a quarter of the whole operation; OpenSSL's own
 * operations draw from a user-space DRBG and pay nothing of the kind.
 * Refilling 4 KiB at a time keeps the randomness the kernel's while making
 * its cost comparable.  The pool lives in its own page, marked
 * MADV_WIPEONFORK so that a forked child never reuses its parent's bytes
 * (the page reads as zero there: the pool is empty and refills) and
 * MADV_DONTDUMP so that a core dump does not hold the bytes still to come,
 * and locked in memory where the limit allows (never swapped out; a
 * failure there is not one).  Bytes are wiped as they are handed out, the
 * page when its thread ends and, for the thread that calls exit, at exit.
 * Where the kernel lacks WIPEONFORK or DONTDUMP, every request goes to
 * getrandom.
 */
#define POOL_PAGE 4096
#define POOL_MAX_REQUEST 256

struct pool {
	size_t avail; /* unread bytes at the end of data[] */
	uint8_t data[POOL_PAGE - sizeof(size_t)];
};

static pthread_key_t pool_key;
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;
static int pool_key_ok;
static _Thread_local struct pool *tl_pool;
static _Thread_local int tl_pool_failed;

static void pool_destroy(void *p)
{
	explicit_bzero(p, POOL_PAGE);
	munlock(p, POOL_PAGE);
	munmap(p, POOL_PAGE);
}

/* exit() runs no thread-specific destructor: the exiting thread's pool is wiped here. */
static void pool_at_exit(void)
{
	if (tl_pool) {
		explicit_bzero(tl_pool, POOL_PAGE);
		tl_pool->avail = 0;
	}
}

static void pool_init_key(void)
{
	pool_key_ok = pthread_key_create(&pool_key, pool_destroy) == 0 && atexit(pool_at_exit) == 0;
}

static struct pool *pool_get(void)
{
	void *p;
	if (tl_pool || tl_pool_failed)
		return tl_pool;
	pthread_once(&pool_once, pool_init_key);
	p = mmap(NULL, POOL_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		tl_pool_failed = 1;
		return NULL;
	}
#if defined(MADV_WIPEONFORK) && defined(MADV_DONTDUMP)
	if (!pool_key_ok || madvise(p, POOL_PAGE, MADV_WIPEONFORK) != 0 || madvise(p, POOL_PAGE, MADV_DONTDUMP) != 0 ||
	    pthread_setspecific(pool_key, p) != 0) {
#else
	{
#endif
		munmap(p, POOL_PAGE);
		tl_pool_failed = 1;
		return NULL;
	}
	(void)mlock(p, POOL_PAGE);
	tl_pool = p;
	return tl_pool;
}

int cb_random_bytes(void *buf, size_t len)
{
	struct pool *pl;
	uint8_t *src;

	if (len > POOL_MAX_REQUEST || (pl = pool_get()) == NULL)
		return os_random(buf, len);
	if (pl->avail < len) {
		if (os_random(pl->data, sizeof(pl->data)) != 0)
			return CB_ERR_RANDOM;
		pl->avail = sizeof(pl->data);
	}
	src = pl->data + sizeof(pl->data) - pl->avail;
	memcpy(buf, src, len);
	explicit_bzero(src, len);
	pl->avail -= len;
	return CB_OK;
}

void cb_wipe(void *p, size_t len)
{
	if (p && len)
		explicit_bzero(p, len);
}

int cb_bytes_out(const uint8_t *src, size_t n, uint8_t *out, size_t *outlen)
{
	if (*outlen < n)
		return CB_ERR_LENGTH;
	if (n)
		memcpy(out, src, n);
	*outlen = n;
	return CB_OK;
}

int cb_pkcs7_check(const uint8_t *buf, size_t len, size_t block, size_t *pad)
{
	size_t n, bad;

	if (block == 0 || len < block || len % block)
		return CB_ERR_DECRYPT;
	n = buf[len - 1];
	bad = (n == 0) | (n > block);
	for (size_t i = 1; i <= block; i++)
		bad |= (size_t)(i <= n) & (size_t)(buf[len - i] != n);
	*pad = n;
	/* the verdict is the one thing made public */
	CB_CT_DECLASSIFY(&bad, sizeof(bad));
	return bad ? CB_ERR_DECRYPT : CB_OK;
}

/* All ones when a < b (both below 2^31), else 0; without a branch. */
static unsigned ct_lt(unsigned a, unsigned b)
{
	return 0u - ((a - b) >> 31);
}

/* The lower-case hex digit of v (0..15), without a branch or a table index on it. */
static char hex_digit(unsigned v)
{
	return (char)('0' + v + (((9u - v) >> 8) & ('a' - '0' - 10)));
}

void cb_hex_encode(const uint8_t *in, size_t len, char *out)
{
	for (size_t i = 0; i < len; i++) {
		out[2 * i] = hex_digit(in[i] >> 4);
		out[2 * i + 1] = hex_digit(in[i] & 15u);
	}
	out[2 * len] = 0;
}

int cb_hex_decode(const uint8_t *in, size_t len, uint8_t *out, size_t cap, size_t *outlen)
{
	unsigned bad = 0, hi = 0, half = 0;
	size_t n = 0, over = 0;
	int r = CB_OK;

	for (size_t i = 0; i < len; i++) {
		unsigned c = in[i], lc = c | 0x20u;
		unsigned dig = ct_lt(c - '0', 10) & ~ct_lt(c, '0');
		unsigned let = ct_lt(lc - 'a', 6) & ~ct_lt(lc, 'a');
		/* ' ' and '\t' to '\r': where the white space is, is not secret */
		unsigned sp = (ct_lt(c - '\t', 5) & ~ct_lt(c, '\t')) | ct_lt(c ^ ' ', 1);
		unsigned v = ((c - '0') & dig) | ((lc - 'a' + 10) & let);
		uint8_t skip = (uint8_t)(sp & 1);

		CB_CT_DECLASSIFY(&skip, 1);
		if (skip)
			continue;
		bad |= ~(dig | let) & 1;
		if (!half) {
			hi = v & 15;
			half = 1;
			continue;
		}
		half = 0;
		if (n == cap) {
			over = 1; /* read on: a bad character is reported before the length */
			continue;
		}
		out[n++] = (uint8_t)(hi << 4 | (v & 15));
	}
	hi = 0;
	bad |= half;
	CB_CT_DECLASSIFY(&bad, sizeof(bad));
	if (bad)
		r = CB_ERR_FORMAT;
	else if (over)
		r = CB_ERR_LENGTH;
	if (r != CB_OK) {
		cb_wipe(out, cap);
		return r;
	}
	*outlen = n;
	return CB_OK;
}

size_t cb_utf8_copy(char *dst, size_t cap, const char *src)
{
	size_t n = strlen(src);

	if (n >= cap) {
		n = cap - 1;
		/* src[n] is the first byte left out: back off while it continues a character */
		while (n > 0 && ((unsigned char)src[n] & 0xc0) == 0x80)
			n--;
	}
	memcpy(dst, src, n);
	dst[n] = 0;
	return n;
}
