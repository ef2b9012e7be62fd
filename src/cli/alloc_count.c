/*
 * Heap counting for `run --memory`: the program's own malloc, calloc,
 * realloc and aligned allocators, which count the calling thread's calls
 * and requested bytes while counting is on and otherwise forward to
 * glibc's allocator (__libc_malloc and friends).  Defined in the
 * executable, they interpose every library's allocations (OpenSSL,
 * libgcrypt, GMP, Botan's operator new, ...), so one counter serves every
 * backend without each library's own hooks.
 *
 * Left out of sanitizer and fuzzing builds (their runtimes interpose
 * malloc themselves); there alloc_count_available() is 0 and --memory
 * says so.
 */
#include "cli/alloc_count.h"

#if defined(CB_NO_ALLOC_HOOKS) || !defined(__GLIBC__)

int alloc_count_available(void)
{
	return 0;
}

void alloc_count_begin(void)
{
}

void alloc_count_end(uint64_t *calls, uint64_t *bytes)
{
	*calls = *bytes = 0;
}

#else

#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void __libc_free(void *p);
extern void *__libc_memalign(size_t align, size_t n);

/* Initial-exec TLS in the executable: reading it never allocates. */
static __thread int counting;
static __thread uint64_t ncalls, nbytes;

static inline void tally(size_t n)
{
	if (counting) {
		ncalls++;
		nbytes += n;
	}
}

void *malloc(size_t n)
{
	tally(n);
	return __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
	tally(n * size);
	return __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
	tally(n);
	return __libc_realloc(p, n);
}

void free(void *p)
{
	__libc_free(p);
}

void *memalign(size_t align, size_t n)
{
	tally(n);
	return __libc_memalign(align, n);
}

void *aligned_alloc(size_t align, size_t n)
{
	tally(n);
	return __libc_memalign(align, n);
}

int posix_memalign(void **out, size_t align, size_t n)
{
	void *p;
	if (align < sizeof(void *) || (align & (align - 1)))
		return EINVAL;
	tally(n);
	p = __libc_memalign(align, n);
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

int alloc_count_available(void)
{
	return 1;
}

void alloc_count_begin(void)
{
	ncalls = nbytes = 0;
	counting = 1;
}

void alloc_count_end(uint64_t *calls, uint64_t *bytes)
{
	counting = 0;
	*calls = ncalls;
	*bytes = nbytes;
}

#endif
