/*
 * Shared by the nettle adapters: the implementation label and the class
 * instances that nettle_common.c lists in cb_nettle_algs[].
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

/* nettle_sym.c */
extern const cb_hash_class cb_nettle_sha256, cb_nettle_sha3_256, cb_nettle_sm3;
extern const cb_cipher_class cb_nettle_aes128_ecb, cb_nettle_aes128_ecb_p, cb_nettle_aes128_cbc,
	cb_nettle_aes128_cbc_p, cb_nettle_aes128_ctr, cb_nettle_aes128_gcm, cb_nettle_aes256_ecb,
	cb_nettle_aes256_ecb_p, cb_nettle_aes256_cbc, cb_nettle_aes256_cbc_p, cb_nettle_aes256_ctr,
	cb_nettle_aes256_gcm, cb_nettle_chacha20_poly1305;

/* nettle_ec.c */
extern const cb_kex_class cb_nettle_x25519, cb_nettle_ecdh_p256;
extern const cb_sig_class cb_nettle_ecdsa_p256, cb_nettle_ed25519;

/* nettle_rsa.c */
extern const cb_pke_class cb_nettle_rsa2048_pkcs1, cb_nettle_rsa3072_pkcs1, cb_nettle_rsa4096_pkcs1;
extern const cb_sig_class cb_nettle_rsa2048_pkcs1_sha256, cb_nettle_rsa2048_pss_sha256,
	cb_nettle_rsa3072_pkcs1_sha256, cb_nettle_rsa3072_pss_sha256, cb_nettle_rsa4096_pkcs1_sha256,
	cb_nettle_rsa4096_pss_sha256;

#endif
