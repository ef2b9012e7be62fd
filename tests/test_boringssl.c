/*
 * BoringSSL backend (built from the anchor, src/backends/boringssl/): every
 * class against OpenSSL's class of the same name (tests/test_nettle_common.h:
 * the same digests and ciphertexts, signatures verified both ways, each
 * decrypts the other's RSA ciphertexts, the same shared secrets), and its
 * KEMs against the builtin classes of the same name: the same keys,
 * ciphertexts and secrets from the same coins, each decapsulates the
 * other's ciphertexts, the same implicit-rejection secret for a modified
 * ciphertext, FIPS 203's input checks, and the decapsulation key a thread
 * keeps parsed (bssl_internal.cc) never answering for another key.
 * Skipped (77) when this build has not built BoringSSL (make anchors).
 */
#include "test_nettle_common.h"

#include "cryptobench/kem.h"
#include "cryptobench/result.h"

static const char *const expected[] = {
	"rsa2048-pkcs1",      "rsa2048-oaep-sha256",  "rsa2048-oaep-sha1",    "rsa2048-raw",
	"rsa3072-pkcs1",      "rsa3072-oaep-sha256",  "rsa3072-oaep-sha1",    "rsa3072-raw",
	"rsa4096-pkcs1",      "rsa4096-oaep-sha256",  "rsa4096-oaep-sha1",    "rsa4096-raw",
	"rsa2048-pkcs1-sha256", "rsa2048-pss-sha256", "rsa3072-pkcs1-sha256", "rsa3072-pss-sha256",
	"rsa4096-pkcs1-sha256", "rsa4096-pss-sha256", "ecdsa-p256",	      "ed25519",
	"ecdh-p256",	      "x25519",		      "aes-128-ecb",	      "aes-128-ecb-pkcs7",
	"aes-128-cbc",	      "aes-128-cbc-pkcs7",    "aes-128-ctr",	      "aes-128-gcm",
	"aes-256-ecb",	      "aes-256-ecb-pkcs7",    "aes-256-cbc",	      "aes-256-cbc-pkcs7",
	"aes-256-ctr",	      "aes-256-gcm",	      "chacha20-poly1305",    "sha256",		      "sha512",
	"mlkem768",	      "mlkem1024",	      "xwing",		      "mldsa44",
	"mldsa65",	      "mldsa87",	      "slh-dsa-sha2-128s",    "tls13-x25519-ecdsa-p256",
	"tls13-p256-ecdsa-p256", "tls13-x25519-rsa2048", "tls13-x25519-ed25519", "tls13-x25519mlkem768-ecdsa-p256",
	"tls13-x25519mlkem768-mldsa65", "tls13-mlkem1024-mldsa87", NULL,
};

#define MAXK 3200

static void fill(uint8_t *p, size_t n, uint8_t seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(seed + 31 * i + (i >> 8));
}

/* a (boringssl) against b (builtin) of the same KEM. */
static void xl_kem(const cb_kem_class *a, const cb_kem_class *b)
{
	static uint8_t pka[MAXK], ska[MAXK], pkb[MAXK], skb[MAXK], cta[MAXK], ctb[MAXK], ct2[MAXK];
	uint8_t coins[64], m[64], ssa[32], ssb[32], ss2[32];

	CHECK_EQ_INT(a->public_key_bytes, b->public_key_bytes);
	CHECK_EQ_INT(a->secret_key_bytes, b->secret_key_bytes);
	CHECK_EQ_INT(a->ciphertext_bytes, b->ciphertext_bytes);
	CHECK_EQ_INT(a->keypair_coins_bytes, b->keypair_coins_bytes);
	CHECK_EQ_INT(a->encaps_coins_bytes, b->encaps_coins_bytes);
	CHECK(a->keypair_derand && a->encaps_derand && b->keypair_derand && b->encaps_derand);
	if (a->public_key_bytes != b->public_key_bytes || a->secret_key_bytes != b->secret_key_bytes ||
	    a->public_key_bytes > MAXK || a->secret_key_bytes > MAXK || a->ciphertext_bytes > MAXK ||
	    !a->keypair_derand || !b->keypair_derand || !a->encaps_derand || !b->encaps_derand)
		return;

	for (int round = 0; round < 3; round++) {
		/* The same keys and ciphertexts from the same coins. */
		fill(coins, sizeof(coins), (uint8_t)(7 + round));
		fill(m, sizeof(m), (uint8_t)(99 + round));
		CHECK_EQ_INT(a->keypair_derand(a, pka, ska, coins), 0);
		CHECK_EQ_INT(b->keypair_derand(b, pkb, skb, coins), 0);
		CHECK_MEM(pka, pkb, a->public_key_bytes);
		CHECK_MEM(ska, skb, a->secret_key_bytes);
		CHECK_EQ_INT(a->encaps_derand(a, cta, ssa, pka, m), 0);
		CHECK_EQ_INT(b->encaps_derand(b, ctb, ssb, pkb, m), 0);
		CHECK_MEM(cta, ctb, a->ciphertext_bytes);
		CHECK_MEM(ssa, ssb, 32);

		/* Random ones cross: each decapsulates the other's. */
		CHECK_EQ_INT(a->keypair(a, pka, ska), 0);
		CHECK_EQ_INT(b->encaps(b, ctb, ssb, pka), 0);
		CHECK_EQ_INT(a->decaps(a, ssa, ctb, ska), 0);
		CHECK_MEM(ssa, ssb, 32);
		CHECK_EQ_INT(b->keypair(b, pkb, skb), 0);
		CHECK_EQ_INT(a->encaps(a, cta, ssa, pkb), 0);
		CHECK_EQ_INT(b->decaps(b, ssb, cta, skb), 0);
		CHECK_MEM(ssa, ssb, 32);

		/* A modified ciphertext: both give the same rejection secret (or both fail). */
		memcpy(ss2, ssa, 32);
		memcpy(ct2, cta, a->ciphertext_bytes);
		ct2[round * 11] ^= 0x04;
		{
			int ra = a->decaps(a, ssa, ct2, skb), rb = b->decaps(b, ssb, ct2, skb);
			CHECK_EQ_INT(ra, rb);
			if (ra == 0 && rb == 0) {
				CHECK_MEM(ssa, ssb, 32);
				CHECK(memcmp(ssa, ss2, 32) != 0); /* not the encapsulated secret */
			}
		}
	}

	/* The kept parsed key answers only for its own key: alternate two keys. */
	{
		static uint8_t pk1[MAXK], sk1[MAXK], ct1[MAXK];
		uint8_t s1[32], s1b[32];
		CHECK_EQ_INT(a->keypair(a, pk1, sk1), 0);
		CHECK_EQ_INT(a->keypair(a, pka, ska), 0);
		CHECK_EQ_INT(a->encaps(a, ct1, s1, pk1), 0);
		CHECK_EQ_INT(a->encaps(a, cta, ssa, pka), 0);
		for (int i = 0; i < 3; i++) {
			CHECK_EQ_INT(a->decaps(a, s1b, ct1, sk1), 0);
			CHECK_MEM(s1b, s1, 32);
			CHECK_EQ_INT(a->decaps(a, ss2, cta, ska), 0);
			CHECK_MEM(ss2, ssa, 32);
		}
	}

	if (strncmp(a->info.name, "mlkem", 5) == 0) {
		/* FIPS 203 7.3: a decapsulation key with a wrong H(ek) is refused, and then the right one works again. */
		CHECK_EQ_INT(a->keypair(a, pka, ska), 0);
		CHECK_EQ_INT(a->encaps(a, cta, ssa, pka), 0);
		CHECK_EQ_INT(a->decaps(a, ssb, cta, ska), 0);
		ska[a->secret_key_bytes - 64] ^= 1;
		CHECK_EQ_INT(a->decaps(a, ss2, cta, ska), CB_ERR_INVALID_KEY);
		ska[a->secret_key_bytes - 64] ^= 1;
		CHECK_EQ_INT(a->decaps(a, ss2, cta, ska), 0);
		CHECK_MEM(ss2, ssa, 32);
		/* 7.2: an encapsulation key with a coefficient >= q (the first one set to 0xFFF). */
		memcpy(pkb, pka, a->public_key_bytes);
		pkb[0] = 0xFF;
		pkb[1] |= 0x0F;
		CHECK_EQ_INT(a->encaps(a, cta, ssa, pkb), CB_ERR_INVALID_KEY);
		CHECK_EQ_INT(b->encaps(b, cta, ssa, pkb), CB_ERR_INVALID_KEY);
	}
}

int main(void)
{
	size_t n = 0;
	const cb_alg_info *probe = cb_registry_find("sha256", "boringssl");

	if (!cb_backend_find("boringssl") || !probe) {
		CHECK(!"the boringssl backend is always listed");
		return tu_finish();
	}
	if (cb_alg_unavailable(probe)) {
		tu_skip("boringssl: %s", cb_alg_unavailable(probe));
		return tu_finish();
	}
	for (size_t i = 0; expected[i]; i++) {
		const cb_alg_info *a = cb_registry_find(expected[i], "boringssl");
		tu_note("%s", expected[i]);
		CHECK(a != NULL);
		if (a && !cb_alg_unavailable(a)) {
			n++;
			CHECK(strncmp(cb_alg_implementation(a), "BoringSSL ", 10) == 0);
		}
	}
	CHECK_EQ_INT(n, sizeof(expected) / sizeof(expected[0]) - 1);
	/* The AES-GCM label names the code path BoringSSL took. */
	CHECK(strstr(cb_alg_implementation(cb_registry_find("aes-256-gcm", "boringssl")), ", GCM: ") != NULL);
	/* ...and fits in the run context whole. */
	CHECK(strlen(cb_alg_implementation(cb_registry_find("aes-256-gcm", "boringssl"))) < CB_NAME_MAX);
	CHECK(strlen(cb_alg_implementation(cb_registry_find("aes-128-gcm", "boringssl"))) < CB_NAME_MAX);

	/* The shared xl_all has no KEM case: this loop adds the KEMs against the builtin. */
	(void)xl_all;
	for (size_t i = 0; i < cb_registry_count(); i++) {
		const cb_alg_info *a = cb_registry_get(i), *o;
		if (strcmp(a->backend, "boringssl") != 0)
			continue;
		tu_note("%s", a->name);
		if (a->kind == CB_KIND_KEM) {
			o = cb_registry_find(a->name, "builtin");
			CHECK(o != NULL);
			if (o)
				xl_kem(cb_as_kem(a), cb_as_kem(o));
			continue;
		}
		/* OpenSSL 3.0 has no post-quantum signature: test_pq_sig crosses those with builtin and oqs */
		if (!strncmp(a->name, "slh-dsa", 7) || !strncmp(a->name, "mldsa", 5))
			continue;
		if (a->kind == CB_KIND_TLS) /* test_tls handshakes every stack's classes */
			continue;
		o = cb_registry_find(a->name, "openssl");
		CHECK(o != NULL);
		if (!o)
			continue;
		switch (a->kind) {
		case CB_KIND_HASH: xl_hash(cb_as_hash(a), cb_as_hash(o)); break;
		case CB_KIND_CIPHER: xl_cipher(cb_as_cipher(a), cb_as_cipher(o)); break;
		case CB_KIND_KEX: xl_kex(cb_as_kex(a), cb_as_kex(o)); break;
		case CB_KIND_SIG: xl_sig(cb_as_sig(a), cb_as_sig(o)); break;
		case CB_KIND_PKE: xl_pke(cb_as_pke(a), cb_as_pke(o)); break;
		default: CHECK(!"unexpected kind"); break;
		}
	}
	return tu_finish();
}
