/*
 * Wycheproof vectors through the mbedTLS classes (the code of
 * tests/test_nettle_wycheproof.c); skipped (77) when this build has no
 * mbedTLS backend.
 */
#define WY_BACKEND "mbedtls"
#define main wy_main
int wy_main(void);
#include "test_nettle_wycheproof.c"
#undef main

int main(void)
{
	if (!cb_backend_find(WY_BACKEND)) {
		tu_skip("this build has no mbedTLS backend (libmbedtls-dev 2.28 not found at configure time)");
		return tu_finish();
	}
	return wy_main();
}
