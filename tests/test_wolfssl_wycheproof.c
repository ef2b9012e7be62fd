/* Wycheproof vectors through the wolfSSL classes (the code of tests/test_nettle_wycheproof.c). */
#define WY_BACKEND "wolfssl"
#include "test_nettle_wycheproof.c"
