/*
 * The constant-time harness must catch what it is there for: this program
 * compares a secret with an early exit, as a careless memcmp would, and the
 * ct_negative test passes only when valgrind reports that branch in
 * leaky_compare (tests/cmake/ct.cmake).
 */
#include <stdio.h>
#include <string.h>

#include "ct.h"

/* Returns at the first difference: how long it takes tells where that is. */
__attribute__((noinline)) static int leaky_compare(const volatile unsigned char *a, const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return 1;
	return 0;
}

int main(void)
{
	unsigned char secret[16], guess[16];
	int r;

	memset(secret, 0x42, sizeof(secret));
	memset(guess, 0x42, sizeof(guess));
	guess[9] = 0;
	SECRET(secret, sizeof(secret));
	r = leaky_compare(secret, guess, sizeof(secret));
	PUBLIC(&r, sizeof(r));
	printf("ct_negative: compared (%d); valgrind must have reported the branch above\n", r);
	return 0;
}
