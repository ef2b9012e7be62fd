/*
 * The embedded known-answer tests (kat.h): every registered algorithm runs
 * them without error; the algorithms that have vectors pass (the set is
 * listed here, so a lost vector is noticed); wrong implementations under a
 * real name fail with CB_ERR_SELFCHECK.
 */
#include <string.h>

#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kat.h"
#include "cryptobench/kem.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "testutil.h"

/* Every name that has embedded vectors, and how many. */
static const struct {
	const char *name;
	size_t count;
} with_vectors[] = {
	{"aes-128-ecb", 1},	  {"aes-256-ecb", 1},	    {"aes-128-cbc", 1},
	{"aes-256-cbc", 1},	  {"aes-128-ctr", 1},	    {"aes-256-ctr", 1},
	{"aes-128-ecb-pkcs7", 1}, {"aes-256-ecb-pkcs7", 1}, {"aes-128-cbc-pkcs7", 1},
	{"aes-256-cbc-pkcs7", 1}, {"aes-128-gcm", 2},	    {"aes-256-gcm", 2},
	{"chacha20-poly1305", 1}, {"sm4-ecb", 1},	    {"sm4-ecb-pkcs7", 1},
	{"sm4-cbc", 2},		  {"sm4-cbc-pkcs7", 1},	    {"sm4-ctr", 2},
	{"sha256", 2},		  {"sha512", 2},	    {"sha3-256", 2},	    {"sm3", 2},
	{"ed25519", 2},		  {"ecdsa-p256", 2},	    {"sm2-sign", 1},
	{"x25519", 1},		  {"ecdh-p256", 1},	    {"sm2-enc-c1c3c2", 1},
	{"sm2-enc-c1c2c3", 1},	  {"sm2-enc-der", 1},	    {"mlkem512", 1},
	{"mlkem768", 1},	  {"mlkem1024", 1},	    {"mldsa44", 1},
	{"mldsa65", 1},	  {"mldsa87", 1},
	{"x25519mlkem768", 1},	  {"secp256r1mlkem768", 1}, {"xwing", 1},
	{"sm2mlkem768", 1},	  {"sm2-dhkem", 1},	    {"sm2-enc-kem", 1},
	{"curvesm2mlkem768", 1},
};

#define NVEC (sizeof(with_vectors) / sizeof(with_vectors[0]))
static int name_passed[NVEC];

static size_t expected_count(const char *name)
{
	for (size_t i = 0; i < NVEC; i++)
		if (!strcmp(with_vectors[i].name, name))
			return with_vectors[i].count;
	return 0;
}

static void mark_passed(const char *name)
{
	for (size_t i = 0; i < NVEC; i++)
		if (!strcmp(with_vectors[i].name, name))
			name_passed[i] = 1;
}

static void test_registry(void)
{
	size_t passed = 0;
	char err[256];
	memset(name_passed, 0, sizeof(name_passed));
	for (size_t i = 0; i < cb_registry_count(); i++) {
		const cb_alg_info *a = cb_registry_get(i);
		size_t want = expected_count(a->name);
		int r;
		tu_note("%s (%s)", a->name, a->backend);
		CHECK_EQ_INT(cb_kat_count(a), want);
		for (size_t j = 0; j < want; j++)
			CHECK(cb_kat_source(a, j) && cb_kat_source(a, j)[0]);
		CHECK(cb_kat_source(a, want) == NULL);
		if (cb_alg_unavailable(a)) {
			CHECK_EQ_INT(cb_kat_run(a, NULL, err, sizeof(err)), CB_ERR_UNSUPPORTED);
			CHECK(strncmp(err, "unavailable: ", 13) == 0);
			continue;
		}
		r = cb_kat_run(a, NULL, err, sizeof(err));
		if (want) {
			CHECK_EQ_INT(r, 0);
			CHECK(err[0] == '\0');
			if (r == 0)
				mark_passed(a->name);
		} else {
			CHECK_EQ_INT(r, CB_ERR_UNSUPPORTED);
			CHECK(strstr(err, "no embedded vector") != NULL);
		}
	}
	/*
	 * Every listed name is registered, usable here (SM2 and SM4 included)
	 * and passes in at least one backend; every backend that has it passes.
	 */
	for (size_t i = 0; i < NVEC; i++)
		passed += name_passed[i];
	CHECK_EQ_INT(passed, NVEC);
	tu_note("%s", "");
}

/* A "cipher" that XORs the key into each block, registered as aes-128-ecb. */
static uint8_t xor_key[16];
static int xor_init(const cb_cipher_class *cls, void **ctx, const uint8_t *key)
{
	memcpy(xor_key, key, 16);
	*ctx = xor_key;
	return 0;
}
static void xor_free(void *ctx)
{
	(void)ctx;
}
static int xor_crypt(void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
		     const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	const uint8_t *k = ctx;
	if (*outlen < inlen)
		return CB_ERR_LENGTH;
	for (size_t i = 0; i < inlen; i++)
		out[i] = in[i] ^ k[i % 16];
	*outlen = inlen;
	return 0;
}
static const cb_cipher_class fake_aes = {
	.info = {CB_KIND_CIPHER, "aes-128-ecb", "test", NULL, NULL, NULL},
	.key_bytes = 16,
	.block_bytes = 16,
	.init = xor_init,
	.free = xor_free,
	.encrypt = xor_crypt,
	.decrypt = xor_crypt,
};

/* A "hash" that gives zeros, registered as sha256. */
static int zero_init(const cb_hash_class *cls, void **ctx)
{
	*ctx = NULL;
	return 0;
}
static void zero_free(void *ctx)
{
	(void)ctx;
}
static int zero_digest(void *ctx, const uint8_t *in, size_t inlen, uint8_t *out)
{
	memset(out, 0, 32);
	return 0;
}
static const cb_hash_class fake_sha256 = {
	.info = {CB_KIND_HASH, "sha256", "test", NULL, NULL, NULL},
	.digest_bytes = 32,
	.block_bytes = 64,
	.init = zero_init,
	.free = zero_free,
	.digest = zero_digest,
};

/* A hash nobody has vectors for. */
static const cb_hash_class unknown_hash = {
	.info = {CB_KIND_HASH, "no-such-hash", "test", NULL, NULL, NULL},
	.digest_bytes = 32,
	.block_bytes = 64,
	.init = zero_init,
	.free = zero_free,
	.digest = zero_digest,
};

/* Classes under real names without the import / derand functions the vectors need. */
static const cb_sig_class no_import_sig = {
	.info = {CB_KIND_SIG, "ed25519", "test", NULL, NULL, NULL},
};
static const cb_kem_class no_derand_kem = {
	.info = {CB_KIND_KEM, "mlkem768", "test", NULL, NULL, NULL},
};

static void test_wrong(void)
{
	char err[256];
	tu_note("fake aes-128-ecb");
	CHECK_EQ_INT(cb_kat_run(&fake_aes.info, NULL, err, sizeof(err)), CB_ERR_SELFCHECK);
	CHECK(strstr(err, "SP 800-38A") != NULL);
	CHECK(strstr(err, "ciphertext") != NULL);
	tu_note("fake sha256");
	CHECK_EQ_INT(cb_kat_run(&fake_sha256.info, NULL, err, sizeof(err)), CB_ERR_SELFCHECK);
	CHECK(strstr(err, "FIPS 180-4") != NULL);
	CHECK(strstr(err, "wrong digest") != NULL);
	tu_note("classes without import / derand");
	CHECK_EQ_INT(cb_kat_run(&no_import_sig.info, NULL, err, sizeof(err)), CB_ERR_UNSUPPORTED);
	CHECK(strstr(err, "import_public") != NULL);
	CHECK_EQ_INT(cb_kat_run(&no_derand_kem.info, NULL, err, sizeof(err)), CB_ERR_UNSUPPORTED);
	CHECK(strstr(err, "derand") != NULL);
	tu_note("unknown name");
	CHECK_EQ_INT(cb_kat_count(&unknown_hash.info), 0);
	CHECK_EQ_INT(cb_kat_run(&unknown_hash.info, NULL, err, sizeof(err)), CB_ERR_UNSUPPORTED);
	/* A short err buffer is still terminated; NULL/0 is allowed. */
	CHECK_EQ_INT(cb_kat_run(&fake_sha256.info, NULL, err, 4), CB_ERR_SELFCHECK);
	CHECK_EQ_INT(strlen(err), 3);
	CHECK_EQ_INT(cb_kat_run(&fake_sha256.info, NULL, NULL, 0), CB_ERR_SELFCHECK);
	CHECK_EQ_INT(cb_kat_run(NULL, NULL, err, sizeof(err)), CB_ERR_ARG);
	tu_note("%s", "");
}

int main(void)
{
	test_registry();
	test_wrong();
	return tu_finish();
}
