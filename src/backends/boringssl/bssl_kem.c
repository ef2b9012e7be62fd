/*
 * BoringSSL KEMs: ML-KEM-768 and ML-KEM-1024 (FIPS 203, through the
 * internal entry points of bssl_internal.cc) and X-Wing (openssl/xwing.h,
 * its public API).
 *
 * X-Wing: BoringSSL implements "MLKEM768-X25519" of
 * draft-irtf-cfrg-concrete-hybrid-kems, i.e. X-Wing: the decapsulation key
 * is the 32-byte seed (XWING_parse_private_key expands it), encapsulation
 * takes the encoded public key and, derandomised, the 64-byte eseed.
 * decaps expands the seed on every call, as the draft's Decapsulate does
 * and as the builtin class does, so the two measure the same work; a
 * BoringSSL caller that keeps its XWING_private_key parsed saves about an
 * ML-KEM key generation and an X25519 base-point multiplication per call.
 *
 * BoringSSL offers X25519MLKEM768 only inside libssl's TLS key shares
 * (no API of libcrypto): its ML-KEM-768 and X25519 classes are the parts.
 */
#include <string.h>

#include "backends/boringssl/bssl_common.h"
#include "backends/class_tables.h"
#include "cryptobench/kem.h"

#ifdef CB_BSSL_BUILT

#include <openssl/bytestring.h>
#include <openssl/mem.h>
#include <openssl/rand.h>
#include <openssl/xwing.h>

#define MLKEM_NOTES                                                                                               \
	"BoringSSL's ML-KEM (C++, portable: no vector code); its parsed decapsulation key keeps the matrix A "    \
	"expanded, and each thread keeps the last key it parsed (found again by a constant-time comparison), so " \
	"decaps skips the re-expansion of A that a byte-string decaps does; encaps parses the public key "        \
	"(expanding A) every call; keypair includes writing NIST's decapsulation-key format"

#define MLKEM_CLASS(bits)                                                                                     \
	static const cb_kem_class mlkem##bits = {.info = BSSL_INFO(CB_KIND_KEM, "mlkem" #bits, MLKEM_NOTES, NULL), \
						 CB_MLKEM_SIZES(bits), CB_KEM_METHODS(cb_bssl_mlkem##bits)}

MLKEM_CLASS(768);
MLKEM_CLASS(1024);

/* ------------------------------------------------------------------ X-Wing */

static int xwing_parse(struct XWING_private_key *k, const uint8_t *sk)
{
	CBS cbs;
	CBS_init(&cbs, sk, XWING_PRIVATE_KEY_BYTES);
	return XWING_parse_private_key(k, &cbs) ? CB_OK : cb_bssl_fail(CB_ERR_INVALID_KEY);
}

/* seed: the 32-byte decapsulation key (draft 5.2.1: GenerateKeyPairDerand). */
static int xwing_from_seed(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
	struct XWING_private_key *k = OPENSSL_malloc(sizeof(*k));
	int r;

	if (!k)
		return CB_ERR_NOMEM;
	r = xwing_parse(k, seed);
	if (!r && !XWING_public_from_private(pk, k))
		r = cb_bssl_fail(CB_ERR_BACKEND);
	OPENSSL_free(k); /* cleansed */
	if (!r)
		memmove(sk, seed, XWING_PRIVATE_KEY_BYTES);
	return r;
}

static int xwing_keypair(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk)
{
	uint8_t seed[XWING_PRIVATE_KEY_BYTES];
	int r;
	(void)cls;
	RAND_bytes(seed, sizeof(seed));
	r = xwing_from_seed(pk, sk, seed);
	OPENSSL_cleanse(seed, sizeof(seed));
	return r;
}

static int xwing_keypair_derand(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	(void)cls;
	return xwing_from_seed(pk, sk, coins);
}

static int xwing_encaps(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk)
{
	(void)cls;
	return XWING_encap(ct, ss, pk) ? CB_OK : cb_bssl_fail(CB_ERR_INVALID_KEY);
}

static int xwing_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk,
			       const uint8_t *coins)
{
	(void)cls;
	return XWING_encap_external_entropy(ct, ss, pk, coins) ? CB_OK : cb_bssl_fail(CB_ERR_INVALID_KEY);
}

static int xwing_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	struct XWING_private_key *k = OPENSSL_malloc(sizeof(*k));
	int r;

	(void)cls;
	if (!k)
		return CB_ERR_NOMEM;
	r = xwing_parse(k, sk);
	if (!r && !XWING_decap(ss, ct, k))
		r = cb_bssl_fail(CB_ERR_BACKEND);
	OPENSSL_free(k);
	return r;
}

static const cb_kem_class xwing = {
	.info = BSSL_INFO(CB_KIND_KEM, "xwing",
			  "BoringSSL's XWING_* (MLKEM768-X25519 of draft-irtf-cfrg-concrete-hybrid-kems); decaps expands "
			  "the 32-byte seed on every call, as the draft's Decapsulate does",
			  NULL),
	.public_key_bytes = XWING_PUBLIC_KEY_BYTES,
	.secret_key_bytes = XWING_PRIVATE_KEY_BYTES,
	.ciphertext_bytes = XWING_CIPHERTEXT_BYTES,
	.shared_secret_bytes = XWING_SHARED_SECRET_BYTES,
	.keypair_coins_bytes = XWING_PRIVATE_KEY_BYTES,
	.encaps_coins_bytes = 64,
	CB_KEM_METHODS(xwing),
};

const cb_alg_info *const cb_bssl_kem_algs[] = {&mlkem768.info, &mlkem1024.info, &xwing.info, NULL};

#endif
