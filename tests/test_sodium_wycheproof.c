/* Wycheproof vectors through the libsodium classes (the code of tests/test_nettle_wycheproof.c). */
#define WY_BACKEND "sodium"
#include "test_nettle_wycheproof.c"
