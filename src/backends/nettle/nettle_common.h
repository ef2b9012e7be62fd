/*
 * Shared by the nettle adapters: the implementation label, the generator
 * for hogweed's calls and each file's classes, which nettle_common.c lists.
 */
#ifndef CB_NETTLE_COMMON_H
#define CB_NETTLE_COMMON_H

#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"

/* "nettle-3.8": the implementation label of every nettle class. */
const char *cb_nettle_implementation(void);

/*
 * A nettle_random_func over the system generator (cb_random_bytes), for
 * hogweed's calls: ctx is a struct cb_nettle_rand, whose failed is set
 * (and the output zeroed) when the generator fails.
 */
struct cb_nettle_rand {
	int failed;
};
void cb_nettle_random(void *ctx, size_t len, uint8_t *dst);

/* The hash classes (nettle_sym.c), listed in nettle_common.c; the other files' lists. */
extern const cb_hash_class cb_nettle_sha256, cb_nettle_sha3_256, cb_nettle_sm3;
extern const cb_alg_info *const cb_nettle_cipher_algs[], *const cb_nettle_ec_algs[], *const cb_nettle_rsa_algs[];

#endif
