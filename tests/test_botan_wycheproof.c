/* Wycheproof vectors through the Botan classes (the code of tests/test_nettle_wycheproof.c). */
#define WY_BACKEND "botan"
#include "test_nettle_wycheproof.c"
