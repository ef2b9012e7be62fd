/*
 * Embedded known-answer tests (kat.h).
 *
 * Every expected value below is the cited document's (typed by hand; the
 * SM2 values as restated in shared/vectors/gm/gm_standard_vectors.json, the
 * draft-ribose-cfrg-sm4 values as transcribed in CyberChef's SM4 test
 * fixtures), or (ML-KEM) the SHA3-256 digest of an official vector's value,
 * computed by scripts/gen-kat-mlkem.py from the NIST ACVP file.  None comes
 * from this project's or OpenSSL's output.  Values are hex strings, decoded
 * when run.
 *
 * Not covered (no compact published vector found, or the key cannot be
 * imported): RSA (all paddings), SM4-GCM (unavailable in OpenSSL 3.0),
 * sm2-dh, sm2-kx (GB/T 32918.3's worked example is on the standard's
 * example curve, which the classes do not take: tests/test_sm2kx.c checks
 * it through the OpenSSL implementation's entry point).
 */
#include "cryptobench/kat.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kem.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"
#include "sha3/sha3.h"

/* ML-KEM: d, z -> SHA3-256(ek), SHA3-256(dk); dk (full), m -> SHA3-256(c), K. */
struct kat_mlkem {
	const char *d, *z, *ek_sha3, *dk_sha3;
};

#include "core/kat_mlkem.inc"

static const struct kat_mlkem mlkem512_v = {KAT_ML_KEM_512};
static const struct kat_mlkem mlkem768_v = {KAT_ML_KEM_768};
static const struct kat_mlkem mlkem1024_v = {KAT_ML_KEM_1024};

/*
 * ML-DSA: seed -> SHA3-256(pk), SHA3-256(sk) (ACVP keyGen); sign_seed ->
 * SHA3-256(pk) and the deterministic signature of msg with an empty
 * context -> SHA3-256(sig) (Wycheproof sign_seed).
 */
struct kat_mldsa {
	const char *seed, *pk_sha3, *sk_sha3, *sign_seed, *sign_pk_sha3, *msg, *sig_sha3;
};

#include "core/kat_mldsa.inc"

static const struct kat_mldsa mldsa44_v = {KAT_ML_DSA_44};
static const struct kat_mldsa mldsa65_v = {KAT_ML_DSA_65};
static const struct kat_mldsa mldsa87_v = {KAT_ML_DSA_87};

/*
 * Hybrid KEMs (src/hybrid): keypair_derand and encaps_derand on coins
 * assembled from published component vectors, and the parts of pk, sk,
 * ct and ss those vectors fix.  `mlkem`: its d || z go to keypair coins
 * at kc_mlkem and the ACVP digests must match pk at pk_ek and sk at
 * sk_dk (ML-KEM-768 sizes); `kc` / `ec`: the rest of the keypair / encaps
 * coins at their offsets (other encaps bytes are 0x5a); each piece: the
 * bytes at off (len bytes) equal hex, or their SHA3-256 does (sha3).
 * decaps must then agree with encaps, and after flipping ct[flip] either
 * give another secret (implicit rejection, flip_err 0) or fail with
 * flip_err.
 */
struct kat_piece {
	size_t off, len;
	const char *hex;
	int sha3;
};

struct kat_hyb {
	const struct kat_mlkem *mlkem;
	size_t kc_mlkem, pk_ek, sk_dk;
	const char *kc, *ec;
	size_t kc_off, ec_off;
	struct kat_piece pk[2], ct[2], ss[2];
	size_t flip;
	int flip_err;
};

#define KAT_EK768 1184
#define KAT_DK768 2400
#define KAT_CT768 1088

/* RFC 7748 6.1: Alice's and Bob's X25519 keys and their shared secret. */
#define RFC7748_A_PRIV "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
#define RFC7748_A_PUB "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
#define RFC7748_B_PRIV "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"
#define RFC7748_B_PUB "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"
#define RFC7748_K "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"
/* RFC 5903 8.1: i, g^i, r, g^r, the x-coordinate of g^ir. */
#define RFC5903_I "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433"
#define RFC5903_GI                                                                                 \
	"04dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c3772581180"                       \
	"5271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3"
#define RFC5903_R "c6ef9c5d78ae012a011164acb397ce2088685d8f06bf9be0b283ab46476bee53"
#define RFC5903_GR                                                                                 \
	"04d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf63"                       \
	"56fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872ab"
#define RFC5903_GIR "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de"

/*
 * One vector.  Fields by class (hex unless noted; NULL = empty/absent):
 *   cipher  key, iv, aad, msg -> out (ciphertext || tag); out_total: when
 *           non-zero, out is only the first bytes of a ciphertext of
 *           out_total bytes (PKCS#7 variants)
 *   hash    msg (or text, ASCII), repeated `repeat` times (0 = once) -> out
 *   sig     pub (SPKI DER), msg or text; out = signature, or r and s (then
 *           the signature is DER Ecdsa-Sig-Value / SM2 signature of r, s)
 *   kex     key (import_secret encoding), pub (expected export_public),
 *           peer -> out (shared secret)
 *   pke     key (PKCS#8 DER), ct -> msg or text
 *   kem     mlkem
 *   sig     mldsa (ML-DSA through keygen_seed / export_raw / sign_ex)
 */
struct kat_vec {
	const char *alg;
	const char *source;
	const char *key, *iv, *aad, *msg, *text, *out;
	size_t out_total, repeat;
	const char *pub, *peer, *ct, *r, *s;
	const struct kat_mlkem *mlkem;
	const struct kat_hyb *hyb;
	const struct kat_mldsa *mldsa;
};

/* NIST SP 800-38A, Appendix F: keys, the common plaintext, IVs / counters. */
#define SP38A_K128 "2b7e151628aed2a6abf7158809cf4f3c"
#define SP38A_K256 "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"
#define SP38A_PT                                                                                   \
	"6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"                         \
	"30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"
#define SP38A_IV "000102030405060708090a0b0c0d0e0f"
#define SP38A_CTR "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
#define ECB128_CT                                                                                  \
	"3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"                         \
	"43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4"
#define ECB256_CT                                                                                  \
	"f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"                         \
	"b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7"
#define CBC128_CT                                                                                  \
	"7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"                         \
	"73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7"
#define CBC256_CT                                                                                  \
	"f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"                         \
	"39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b"
#define CTR128_CT                                                                                  \
	"874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"                         \
	"5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"
#define CTR256_CT                                                                                  \
	"601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"                         \
	"2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"

/* The GCM specification (McGrew, Viega, 2005), Appendix B test cases 3, 4, 15, 16. */
#define GCM_K "feffe9928665731c6d6a8f9467308308"
#define GCM_IV "cafebabefacedbaddecaf888"
#define GCM_P60                                                                                    \
	"d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"                         \
	"1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
#define GCM_AAD "feedfacedeadbeeffeedfacedeadbeefabaddad2"
#define GCM128_C60                                                                                 \
	"42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"                         \
	"21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"
#define GCM256_C60                                                                                 \
	"522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"                         \
	"8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662"

/*
 * draft-ribose-cfrg-sm4-09 (The SM4 Blockcipher Algorithm And Its Modes of
 * Operations), appendix examples 1 (key K1) and 2 (key K2) of SM4-CBC and
 * SM4-CTR.
 */
#define RIBOSE_K1 "0123456789abcdeffedcba9876543210"
#define RIBOSE_K2 "fedcba98765432100123456789abcdef"
#define RIBOSE_IV "000102030405060708090a0b0c0d0e0f"
#define RIBOSE_P2 "aaaaaaaabbbbbbbbccccccccddddddddeeeeeeeeffffffffaaaaaaaabbbbbbbb"
#define RIBOSE_P4                                                                                  \
	"aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbccccccccccccccccdddddddddddddddd"                         \
	"eeeeeeeeeeeeeeeeffffffffffffffffaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb"
#define RIBOSE_CBC1 "78ebb11cc40b0a48312aaeb2040244cb4cb7016951909226979b0d15dc6a8f6d"
#define RIBOSE_CBC2 "0d3a6ddc2d21c698857215587b7bb59a91f2c147911a4144665e1fa1d40bae38"
#define RIBOSE_CTR1                                                                                \
	"ac3236cb970cc20791364c395a1342d1a3cbc1878c6f30cd074cce385cdd70c7"                         \
	"f234bc0e24c11980fd1286310ce37b926e02fcd0faa0baf38b2933851d824514"
#define RIBOSE_CTR2                                                                                \
	"5dcccd25b95ab07417a08512ee160e2f8f661521cbbab44cc87138445bc29e5c"                         \
	"0ae0297205d62704173b21239b887f6c8cb5b800917a2488284bde9e16ea2906"

/* SPKI / PKCS#8 DER wrappers, written by hand (RFC 5480, RFC 5915, RFC 8410). */
#define SPKI_P256 "3059301306072a8648ce3d020106082a8648ce3d030107034200"
#define SPKI_SM2 "3059301306072a8648ce3d020106082a811ccf5501822d034200"
#define SPKI_ED25519 "302a300506032b6570032100"
/* PrivateKeyInfo { 0, ecPublicKey + curve, ECPrivateKey { 1, d } } (no public key). */
#define PKCS8_P256 "3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420"
#define PKCS8_SM2 "3041020100301306072a8648ce3d020106082a811ccf5501822d042730250201010420"

/* GM/T 0003.5-2012 Annex A (signature) and Annex C (encryption): one key pair. */
#define GM_SM2_D "3945208f7b2144b13f36e38ac6d39f95889393692860b51a42fb81ef4df7c5b8"
#define GM_SM2_PUB                                                                                 \
	"0409f9df311e5421a150dd7d161e4bc5c672179fad1833fc076bb08ff356f35020"                       \
	"ccea490ce26775a52dc6ea718cc1aa600aed05fbf35e084a6632f6072da9ad13"
#define GM_SM2_C1                                                                                  \
	"0404ebfc718e8d1798620432268e77feb6415e2ede0e073c0f4f640ecd2e149a73"                       \
	"e858f9d81e5430a57b36daab8f950a3c64e6ee6a63094d99283aff767e124df0"
#define GM_SM2_C3 "59983c18f809e262923c53aec295d30383b54e39d609d160afcb1908d0bd8766"
#define GM_SM2_C2 "21886ca989ca9c7d58087307ca93092d651efa"

/* RFC 6979 A.2.5: the P-256 key. */
#define RFC6979_P256_PUB                                                                           \
	"0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"                       \
	"7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"

/* GM/T 0003.5-2012 Annex C: the encryption's ephemeral k (its C1 is GM_SM2_C1). */
#define GM_SM2_K "59276e27d506861a16680f3ad9c02dccef3cc1fa3cdbe4ce6d54b80deac1bc21"

/* X25519MLKEM768: ACVP tcId 26 for ML-KEM, RFC 7748 Alice (client) and Bob (server). */
static const struct kat_hyb x25519mlkem768_v = {
	.mlkem = &mlkem768_v, .kc_mlkem = 0, .pk_ek = 0, .sk_dk = 0,
	.kc = RFC7748_A_PRIV, .kc_off = 64, .ec = RFC7748_B_PRIV, .ec_off = 32,
	.pk = {{KAT_EK768, 32, RFC7748_A_PUB, 0}}, .ct = {{KAT_CT768, 32, RFC7748_B_PUB, 0}},
	.ss = {{32, 32, RFC7748_K, 0}}, .flip = 0};
/* SecP256r1MLKEM768: RFC 5903 8.1 i (client) and r (server), ACVP tcId 26. */
static const struct kat_hyb secp256r1mlkem768_v = {
	.mlkem = &mlkem768_v, .kc_mlkem = 32, .pk_ek = 65, .sk_dk = 32,
	.kc = RFC5903_I, .kc_off = 0, .ec = RFC5903_R, .ec_off = 0,
	.pk = {{0, 65, RFC5903_GI, 0}}, .ct = {{0, 65, RFC5903_GR, 0}},
	.ss = {{0, 32, RFC5903_GIR, 0}}, .flip = 65};
/*
 * X-Wing, draft-connolly-cfrg-xwing-kem-10 Appendix C vector 1: seed,
 * eseed, ss; pk and ct as SHA3-256 of the draft's hex (hashlib).
 */
static const struct kat_hyb xwing_v = {
	.kc = "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
	.ec = "3cb1eea988004b93103cfb0aeefd2a686e01fa4a58e8a3639ca8a1e3f9ae57e2"
	      "35b8cc873c23dc62b8d260169afa2f75ab916a58d974918835d25e6a435085b2",
	.pk = {{0, 1216, "5121745904643ad9dfacca7869292c19a8a69533b53e60666b7db910b4ad6367", 1}},
	.ct = {{0, 1120, "c0abd149f83f45324ac3a7ddc7606c71f257e5ea86113522834a0ee1bcb34e3e", 1}},
	.ss = {{0, 32, "d2df0522128f09dd8e2c92b1e905c793d8f57a54c3da25861f10bf4ca613e384", 0}},
	.flip = 0};
/* sm2mlkem768: ACVP tcId 26, the GM/T 0003.5 key pair and Annex C k (C = C1). */
static const struct kat_hyb sm2mlkem768_v = {
	.mlkem = &mlkem768_v, .kc_mlkem = 0, .pk_ek = 0, .sk_dk = 0,
	.kc = GM_SM2_D, .kc_off = 64, .ec = GM_SM2_K, .ec_off = 32,
	.pk = {{KAT_EK768, 65, GM_SM2_PUB, 0}}, .ct = {{KAT_CT768, 65, GM_SM2_C1, 0}}, .flip = 0};
/* curvesm2mlkem768: the GM/T 0003.5 key pair (client) and Annex C k (server), ACVP tcId 26. */
static const struct kat_hyb curvesm2mlkem768_v = {
	.mlkem = &mlkem768_v, .kc_mlkem = 32, .pk_ek = 65, .sk_dk = 32,
	.kc = GM_SM2_D, .kc_off = 0, .ec = GM_SM2_K, .ec_off = 0,
	.pk = {{0, 65, GM_SM2_PUB, 0}}, .ct = {{0, 65, GM_SM2_C1, 0}}, .flip = 65};
/* sm2-dhkem: the GM/T 0003.5 key pair; ephemeral k of Annex C, so C = C1. */
static const struct kat_hyb sm2dhkem_v = {
	.kc = GM_SM2_D, .ec = GM_SM2_K, .pk = {{0, 65, GM_SM2_PUB, 0}}, .ct = {{0, 65, GM_SM2_C1, 0}},
	.flip = 64, .flip_err = CB_ERR_INVALID_KEY};
/* sm2-enc-kem: the same, K = 0x5a..., k of Annex C (C1); a modified C3 is refused. */
static const struct kat_hyb sm2enckem_v = {
	.kc = GM_SM2_D, .ec = GM_SM2_K, .ec_off = 32, .pk = {{0, 65, GM_SM2_PUB, 0}},
	.ct = {{0, 65, GM_SM2_C1, 0}},
	.ss = {{0, 32, "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a", 0}},
	.flip = 70, .flip_err = CB_ERR_DECRYPT};

static const struct kat_vec vectors[] = {
	/* AES, NIST SP 800-38A Appendix F. */
	{.alg = "aes-128-ecb", .source = "NIST SP 800-38A F.1.1", .key = SP38A_K128,
	 .msg = SP38A_PT, .out = ECB128_CT},
	{.alg = "aes-256-ecb", .source = "NIST SP 800-38A F.1.5", .key = SP38A_K256,
	 .msg = SP38A_PT, .out = ECB256_CT},
	{.alg = "aes-128-cbc", .source = "NIST SP 800-38A F.2.1", .key = SP38A_K128,
	 .iv = SP38A_IV, .msg = SP38A_PT, .out = CBC128_CT},
	{.alg = "aes-256-cbc", .source = "NIST SP 800-38A F.2.5", .key = SP38A_K256,
	 .iv = SP38A_IV, .msg = SP38A_PT, .out = CBC256_CT},
	{.alg = "aes-128-ctr", .source = "NIST SP 800-38A F.5.1", .key = SP38A_K128,
	 .iv = SP38A_CTR, .msg = SP38A_PT, .out = CTR128_CT},
	{.alg = "aes-256-ctr", .source = "NIST SP 800-38A F.5.5", .key = SP38A_K256,
	 .iv = SP38A_CTR, .msg = SP38A_PT, .out = CTR256_CT},
	/* PKCS#7: the 64 SP 800-38A bytes, then one block of padding (not checked). */
	{.alg = "aes-128-ecb-pkcs7", .source = "NIST SP 800-38A F.1.1 (first 64 of 80 bytes)",
	 .key = SP38A_K128, .msg = SP38A_PT, .out = ECB128_CT, .out_total = 80},
	{.alg = "aes-256-ecb-pkcs7", .source = "NIST SP 800-38A F.1.5 (first 64 of 80 bytes)",
	 .key = SP38A_K256, .msg = SP38A_PT, .out = ECB256_CT, .out_total = 80},
	{.alg = "aes-128-cbc-pkcs7", .source = "NIST SP 800-38A F.2.1 (first 64 of 80 bytes)",
	 .key = SP38A_K128, .iv = SP38A_IV, .msg = SP38A_PT, .out = CBC128_CT, .out_total = 80},
	{.alg = "aes-256-cbc-pkcs7", .source = "NIST SP 800-38A F.2.5 (first 64 of 80 bytes)",
	 .key = SP38A_K256, .iv = SP38A_IV, .msg = SP38A_PT, .out = CBC256_CT, .out_total = 80},
	/* AES-GCM, the GCM specification (McGrew-Viega), Appendix B. */
	{.alg = "aes-128-gcm", .source = "GCM spec (McGrew-Viega) test case 3", .key = GCM_K,
	 .iv = GCM_IV, .msg = GCM_P60 "1aafd255",
	 .out = GCM128_C60 "473f5985"
			   "4d5c2af327cd64a62cf35abd2ba6fab4"},
	{.alg = "aes-128-gcm", .source = "GCM spec (McGrew-Viega) test case 4", .key = GCM_K,
	 .iv = GCM_IV, .aad = GCM_AAD, .msg = GCM_P60,
	 .out = GCM128_C60 "5bc94fbc3221a5db94fae95ae7121a47"},
	{.alg = "aes-256-gcm", .source = "GCM spec (McGrew-Viega) test case 15", .key = GCM_K GCM_K,
	 .iv = GCM_IV, .msg = GCM_P60 "1aafd255",
	 .out = GCM256_C60 "898015ad"
			   "b094dac5d93471bdec1a502270e3cc6c"},
	{.alg = "aes-256-gcm", .source = "GCM spec (McGrew-Viega) test case 16", .key = GCM_K GCM_K,
	 .iv = GCM_IV, .aad = GCM_AAD, .msg = GCM_P60,
	 .out = GCM256_C60 "76fc6ece0f4e1768cddf8853bb2d551b"},
	/* RFC 8439 section 2.8.2. */
	{.alg = "chacha20-poly1305", .source = "RFC 8439 2.8.2",
	 .key = "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
	 .iv = "070000004041424344454647", .aad = "50515253c0c1c2c3c4c5c6c7",
	 .text = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip "
		 "for the future, sunscreen would be it.",
	 .out = "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
		"3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
		"92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
		"3ff4def08e4b7a9de576d26586cec64b6116"
		"1ae10b594f09e26a7e902ecbd0600691"},
	/* SM4, GB/T 32907-2016 Annex A example 1. */
	{.alg = "sm4-ecb", .source = "GB/T 32907-2016 Annex A example 1",
	 .key = "0123456789abcdeffedcba9876543210", .msg = "0123456789abcdeffedcba9876543210",
	 .out = "681edf34d206965e86b3e94f536e4246"},
	{.alg = "sm4-ecb-pkcs7", .source = "GB/T 32907-2016 Annex A example 1 (first 16 of 32 bytes)",
	 .key = "0123456789abcdeffedcba9876543210", .msg = "0123456789abcdeffedcba9876543210",
	 .out = "681edf34d206965e86b3e94f536e4246", .out_total = 32},
	{.alg = "sm4-cbc", .source = "draft-ribose-cfrg-sm4-09 SM4-CBC example 1", .key = RIBOSE_K1,
	 .iv = RIBOSE_IV, .msg = RIBOSE_P2, .out = RIBOSE_CBC1},
	{.alg = "sm4-cbc", .source = "draft-ribose-cfrg-sm4-09 SM4-CBC example 2", .key = RIBOSE_K2,
	 .iv = RIBOSE_IV, .msg = RIBOSE_P2, .out = RIBOSE_CBC2},
	{.alg = "sm4-cbc-pkcs7",
	 .source = "draft-ribose-cfrg-sm4-09 SM4-CBC example 1 (first 32 of 48 bytes)",
	 .key = RIBOSE_K1, .iv = RIBOSE_IV, .msg = RIBOSE_P2, .out = RIBOSE_CBC1, .out_total = 48},
	{.alg = "sm4-ctr", .source = "draft-ribose-cfrg-sm4-09 SM4-CTR example 1", .key = RIBOSE_K1,
	 .iv = RIBOSE_IV, .msg = RIBOSE_P4, .out = RIBOSE_CTR1},
	{.alg = "sm4-ctr", .source = "draft-ribose-cfrg-sm4-09 SM4-CTR example 2", .key = RIBOSE_K2,
	 .iv = RIBOSE_IV, .msg = RIBOSE_P4, .out = RIBOSE_CTR2},

	/* Hashes. */
	{.alg = "sha256", .source = "FIPS 180-4 / NIST examples SHA256 \"abc\"", .text = "abc",
	 .out = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
	{.alg = "sha256", .source = "FIPS 180-4 / NIST examples SHA256 448-bit message",
	 .text = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
	 .out = "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
	{.alg = "sha512", .source = "FIPS 180-4 / NIST examples SHA512 \"abc\"", .text = "abc",
	 .out = "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
		"2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
	{.alg = "sha512", .source = "FIPS 180-4 / NIST examples SHA512 896-bit message",
	 .text = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
		 "mnopqrstnopqrstu",
	 .out = "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
		"501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},
	{.alg = "sha3-256", .source = "FIPS 202 / NIST examples SHA3-256 0-bit message",
	 .text = "", .out = "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
	{.alg = "sha3-256", .source = "FIPS 202 / NIST examples SHA3-256 1600-bit message",
	 .msg = "a3", .repeat = 200,
	 .out = "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"},
	{.alg = "sm3", .source = "GB/T 32905-2016 Annex A example 1", .text = "abc",
	 .out = "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"},
	{.alg = "sm3", .source = "GB/T 32905-2016 Annex A example 2", .text = "abcd", .repeat = 16,
	 .out = "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732"},

	/* Signatures (verify). */
	{.alg = "ed25519", .source = "RFC 8032 7.1 TEST 1",
	 .pub = SPKI_ED25519 "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
	 .text = "",
	 .out = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
		"5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
	{.alg = "ed25519", .source = "RFC 8032 7.1 TEST 2",
	 .pub = SPKI_ED25519 "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
	 .msg = "72",
	 .out = "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
		"085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
	{.alg = "ecdsa-p256", .source = "RFC 6979 A.2.5 (SHA-256, \"sample\")",
	 .pub = SPKI_P256 RFC6979_P256_PUB, .text = "sample",
	 .r = "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716",
	 .s = "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"},
	{.alg = "ecdsa-p256", .source = "RFC 6979 A.2.5 (SHA-256, \"test\")",
	 .pub = SPKI_P256 RFC6979_P256_PUB, .text = "test",
	 .r = "f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367",
	 .s = "019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083"},
	{.alg = "sm2-sign", .source = "GM/T 0003.5-2012 Annex A (ID 1234567812345678)",
	 .pub = SPKI_SM2 GM_SM2_PUB, .text = "message digest",
	 .r = "f5a03b0648d2c4630eeac513e1bb81a15944da3827d5b74143ac7eaceee720b3",
	 .s = "b1b6aa29df212fd8763182bc0d421ca1bb9038fd1f7f42d4840b69c485bbc1aa"},

	/* Key agreement. */
	{.alg = "x25519", .source = "RFC 7748 6.1",
	 .key = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
	 .pub = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
	 .peer = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
	 .out = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"},
	{.alg = "ecdh-p256", .source = "RFC 5903 8.1",
	 .key = PKCS8_P256 "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433",
	 .pub = "04dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c3772581180"
		"5271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3",
	 .peer = "04d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf63"
		 "56fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872ab",
	 .out = "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de"},

	/* Public-key encryption (decrypt). */
	{.alg = "sm2-enc-c1c3c2", .source = "GM/T 0003.5-2012 Annex C",
	 .key = PKCS8_SM2 GM_SM2_D, .ct = GM_SM2_C1 GM_SM2_C3 GM_SM2_C2,
	 .text = "encryption standard"},
	{.alg = "sm2-enc-c1c2c3", .source = "GM/T 0003.5-2012 Annex C (C1||C2||C3 order)",
	 .key = PKCS8_SM2 GM_SM2_D, .ct = GM_SM2_C1 GM_SM2_C2 GM_SM2_C3,
	 .text = "encryption standard"},
	{.alg = "sm2-enc-der", .source = "GM/T 0003.5-2012 Annex C (GM/T 0009 DER form)",
	 .key = PKCS8_SM2 GM_SM2_D,
	 .ct = "307c0220"
	       "04ebfc718e8d1798620432268e77feb6415e2ede0e073c0f4f640ecd2e149a73"
	       "022100"
	       "e858f9d81e5430a57b36daab8f950a3c64e6ee6a63094d99283aff767e124df0"
	       "0420" GM_SM2_C3 "0413" GM_SM2_C2,
	 .text = "encryption standard"},

	/* ML-DSA (scripts/gen-kat-mldsa.py; tcIds in kat_mldsa.inc). */
	{.alg = "mldsa44", .source = "NIST ACVP ML-DSA-44 keyGen tcId 1; Wycheproof mldsa_44_sign_seed tcId 1",
	 .mldsa = &mldsa44_v},
	{.alg = "mldsa65", .source = "NIST ACVP ML-DSA-65 keyGen tcId 26; Wycheproof mldsa_65_sign_seed tcId 1",
	 .mldsa = &mldsa65_v},
	{.alg = "mldsa87", .source = "NIST ACVP ML-DSA-87 keyGen tcId 51; Wycheproof mldsa_87_sign_seed tcId 1",
	 .mldsa = &mldsa87_v},
	/* ML-KEM, NIST ACVP-Server (scripts/gen-kat-mlkem.py; tcIds in kat_mlkem.inc). */
	{.alg = "mlkem512", .source = "NIST ACVP ML-KEM-512 keyGen tcId 1; encaps/decaps round trip and implicit rejection",
	 .mlkem = &mlkem512_v},
	{.alg = "mlkem768", .source = "NIST ACVP ML-KEM-768 keyGen tcId 26; encaps/decaps round trip and implicit rejection",
	 .mlkem = &mlkem768_v},
	{.alg = "mlkem1024", .source = "NIST ACVP ML-KEM-1024 keyGen tcId 51; encaps/decaps round trip and implicit rejection",
	 .mlkem = &mlkem1024_v},

	/* Hybrid and SM2 KEMs (src/hybrid, docs/HYBRID.md). */
	{.alg = "x25519mlkem768",
	 .source = "NIST ACVP ML-KEM-768 keyGen tcId 26 + RFC 7748 6.1 (Alice client, Bob server)",
	 .hyb = &x25519mlkem768_v},
	{.alg = "secp256r1mlkem768",
	 .source = "RFC 5903 8.1 (i client, r server) + NIST ACVP ML-KEM-768 keyGen tcId 26",
	 .hyb = &secp256r1mlkem768_v},
	{.alg = "xwing", .source = "draft-connolly-cfrg-xwing-kem-10 Appendix C vector 1", .hyb = &xwing_v},
	{.alg = "curvesm2mlkem768",
	 .source = "GM/T 0003.5-2012 key pair (client) and Annex C k (server) + NIST ACVP ML-KEM-768 keyGen tcId 26",
	 .hyb = &curvesm2mlkem768_v},
	{.alg = "sm2mlkem768",
	 .source = "NIST ACVP ML-KEM-768 keyGen tcId 26 + GM/T 0003.5-2012 key pair and Annex C k",
	 .hyb = &sm2mlkem768_v},
	{.alg = "sm2-dhkem", .source = "GM/T 0003.5-2012 key pair and Annex C k (C = C1)", .hyb = &sm2dhkem_v},
	{.alg = "sm2-enc-kem", .source = "GM/T 0003.5-2012 key pair and Annex C k (C1); C3 check",
	 .hyb = &sm2enckem_v},
};

/* ---- decoded buffers ---------------------------------------------------- */

#define MAX_BUFS 16

/* Every buffer a vector decodes, freed (and wiped) together. */
struct bufs {
	uint8_t *p[MAX_BUFS];
	size_t len[MAX_BUFS];
	size_t n;
};

static void bufs_free(struct bufs *b)
{
	for (size_t i = 0; i < b->n; i++) {
		cb_wipe(b->p[i], b->len[i]);
		free(b->p[i]);
	}
	b->n = 0;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* A new buffer of `extra` zero bytes after hex (NULL: empty) repeated `rep` times. */
static int unhex(struct bufs *b, const char *hex, size_t rep, size_t extra, uint8_t **out,
		 size_t *outlen)
{
	size_t hl = hex ? strlen(hex) : 0, one = hl / 2, len;
	uint8_t *p;
	if (hl % 2 || b->n == MAX_BUFS)
		return CB_ERR_FORMAT;
	if (rep == 0)
		rep = 1;
	len = one * rep;
	p = calloc(1, len + extra + 1);
	if (!p)
		return CB_ERR_NOMEM;
	for (size_t i = 0; i < one; i++) {
		int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
		if (hi < 0 || lo < 0) {
			free(p);
			return CB_ERR_FORMAT;
		}
		p[i] = (uint8_t)(hi << 4 | lo);
	}
	for (size_t r = 1; r < rep; r++)
		memcpy(p + r * one, p, one);
	b->p[b->n] = p;
	b->len[b->n++] = len + extra + 1;
	*out = p;
	*outlen = len;
	return CB_OK;
}

/* The message of a vector: text (ASCII) or msg (hex), repeated. */
static int message(struct bufs *b, const struct kat_vec *v, uint8_t **out, size_t *outlen)
{
	size_t tl, rep = v->repeat ? v->repeat : 1;
	uint8_t *p;
	if (!v->text)
		return unhex(b, v->msg, v->repeat, 0, out, outlen);
	tl = strlen(v->text);
	if (b->n == MAX_BUFS)
		return CB_ERR_FORMAT;
	p = calloc(1, tl * rep + 1);
	if (!p)
		return CB_ERR_NOMEM;
	for (size_t r = 0; r < rep; r++)
		memcpy(p + r * tl, v->text, tl);
	b->p[b->n] = p;
	b->len[b->n++] = tl * rep + 1;
	*out = p;
	*outlen = tl * rep;
	return CB_OK;
}

static void say(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void say(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* A wrong answer: CB_ERR_SELFCHECK with "<source>: <what>". */
#define WRONG(...)                                                                                 \
	do {                                                                                       \
		say(err, errlen, __VA_ARGS__);                                                     \
		r = CB_ERR_SELFCHECK;                                                              \
		goto out;                                                                          \
	} while (0)
/* An operation that failed: its error, with "<source>: <op> failed: <why>". */
#define FAILED(e_, op_)                                                                            \
	do {                                                                                       \
		r = (e_);                                                                          \
		say(err, errlen, "%s: %s failed: %s", v->source, (op_), cb_strerror(r));           \
		goto out;                                                                          \
	} while (0)
#define TRY(expr)                                                                                  \
	do {                                                                                       \
		r = (expr);                                                                        \
		if (r)                                                                             \
			FAILED(r, "decoding the vector");                                          \
	} while (0)

/* ---- per class ---------------------------------------------------------- */

static int kat_cipher(const cb_cipher_class *c, const struct kat_vec *v, char *err, size_t errlen)
{
	struct bufs b = {0};
	uint8_t *key, *iv, *aad, *msg, *want, *got, *back;
	size_t keylen, ivlen, aadlen, msglen, wantlen, total, cap, gotlen, backlen;
	void *ctx = NULL;
	int r;

	TRY(unhex(&b, v->key, 0, 0, &key, &keylen));
	TRY(unhex(&b, v->iv, 0, 0, &iv, &ivlen));
	TRY(unhex(&b, v->aad, 0, 0, &aad, &aadlen));
	TRY(message(&b, v, &msg, &msglen));
	TRY(unhex(&b, v->out, 0, 0, &want, &wantlen));
	total = v->out_total ? v->out_total : wantlen;
	cap = msglen + c->block_bytes + c->tag_bytes + 16;
	TRY(unhex(&b, NULL, 0, cap, &got, &gotlen));
	TRY(unhex(&b, NULL, 0, cap, &back, &backlen));
	if (c->key_bytes != keylen)
		WRONG("%s: the class takes %zu-byte keys, the vector has %zu", v->source,
		      c->key_bytes, keylen);
	r = cb_cipher_init(c, &ctx, key, keylen);
	if (r)
		FAILED(r, "init");
	gotlen = cap;
	r = cb_cipher_encrypt(c, ctx, ivlen ? iv : NULL, ivlen, aadlen ? aad : NULL, aadlen, msg, msglen,
		       got, &gotlen);
	if (r)
		FAILED(r, "encrypt");
	if (gotlen != total)
		WRONG("%s: encrypt gave %zu bytes, expected %zu", v->source, gotlen, total);
	if (memcmp(got, want, wantlen) != 0)
		WRONG("%s: encrypt gave a different ciphertext%s", v->source,
		      c->tag_bytes && !memcmp(got, want, wantlen - c->tag_bytes) ? " (tag differs)"
										  : "");
	backlen = cap;
	r = cb_cipher_decrypt(c, ctx, ivlen ? iv : NULL, ivlen, aadlen ? aad : NULL, aadlen, got, gotlen,
		       back, &backlen);
	if (r)
		FAILED(r, "decrypt");
	if (backlen != msglen || memcmp(back, msg, msglen) != 0)
		WRONG("%s: decrypt did not give the plaintext back", v->source);
	if (c->tag_bytes) {
		got[gotlen - 1] ^= 1;
		backlen = cap;
		if (cb_cipher_decrypt(c, ctx, ivlen ? iv : NULL, ivlen, aadlen ? aad : NULL, aadlen, got,
			       gotlen, back, &backlen) == 0)
			WRONG("%s: decrypt accepted a modified tag", v->source);
	}
	r = CB_OK;
out:
	if (ctx)
		c->free(ctx);
	bufs_free(&b);
	return r;
}

static int kat_hash(const cb_hash_class *h, const struct kat_vec *v, char *err, size_t errlen)
{
	struct bufs b = {0};
	uint8_t *msg, *want, *got;
	size_t msglen, wantlen, gotlen;
	void *ctx = NULL;
	int r;

	TRY(message(&b, v, &msg, &msglen));
	TRY(unhex(&b, v->out, 0, 0, &want, &wantlen));
	TRY(unhex(&b, NULL, 0, h->digest_bytes, &got, &gotlen));
	if (h->digest_bytes != wantlen)
		WRONG("%s: the class gives %zu-byte digests, the vector has %zu", v->source,
		      h->digest_bytes, wantlen);
	r = cb_hash_init(h, &ctx);
	if (r)
		FAILED(r, "init");
	r = cb_hash_digest(h, ctx, msg, msglen, got);
	if (r)
		FAILED(r, "digest");
	if (memcmp(got, want, wantlen) != 0)
		WRONG("%s: wrong digest", v->source);
	r = CB_OK;
out:
	if (ctx)
		h->free(ctx);
	bufs_free(&b);
	return r;
}

/* DER INTEGER of a big-endian unsigned value at p (minimal, with a 0 byte if the top bit is set). */
static size_t der_int(uint8_t *p, const uint8_t *x, size_t len)
{
	size_t n = 0;
	while (len > 1 && x[0] == 0) {
		x++;
		len--;
	}
	p[n++] = 0x02;
	p[n++] = (uint8_t)(len + (x[0] & 0x80 ? 1 : 0));
	if (x[0] & 0x80)
		p[n++] = 0;
	memcpy(p + n, x, len);
	return n + len;
}

/* SEQUENCE { INTEGER r, INTEGER s } for r, s of at most 32 bytes (fits short-form lengths). */
static size_t der_sig(uint8_t *out, const uint8_t *r, size_t rlen, const uint8_t *s, size_t slen)
{
	size_t n = 2;
	n += der_int(out + n, r, rlen);
	n += der_int(out + n, s, slen);
	out[0] = 0x30;
	out[1] = (uint8_t)(n - 2);
	return n;
}

static int kat_sig(const cb_sig_class *c, const struct kat_vec *v, char *err, size_t errlen)
{
	struct bufs b = {0};
	uint8_t *pub, *msg, *sig, *rr, *ss, *bad;
	size_t publen, msglen, siglen, rlen, slen, badlen;
	void *key = NULL;
	int r;

	TRY(unhex(&b, v->pub, 0, 0, &pub, &publen));
	TRY(message(&b, v, &msg, &msglen));
	if (v->r) {
		TRY(unhex(&b, v->r, 0, 0, &rr, &rlen));
		TRY(unhex(&b, v->s, 0, 0, &ss, &slen));
		if (rlen > 32 || slen > 32)
			FAILED(CB_ERR_FORMAT, "decoding the vector");
		TRY(unhex(&b, NULL, 0, 72, &sig, &siglen));
		siglen = der_sig(sig, rr, rlen, ss, slen);
	} else {
		TRY(unhex(&b, v->out, 0, 0, &sig, &siglen));
	}
	/* The message with its last byte changed (or one byte, if it is empty). */
	TRY(unhex(&b, NULL, 0, msglen ? msglen : 1, &bad, &badlen));
	badlen = msglen ? msglen : 1;
	memcpy(bad, msg, msglen);
	bad[badlen - 1] ^= 1;

	r = cb_sig_import_public(c, pub, publen, NULL, &key);
	if (r)
		FAILED(r, "import_public");
	r = cb_sig_verify(c, key, msg, msglen, sig, siglen);
	if (r == CB_ERR_VERIFY)
		WRONG("%s: the signature does not verify", v->source);
	if (r)
		FAILED(r, "verify");
	r = cb_sig_verify(c, key, bad, badlen, sig, siglen);
	if (r == CB_OK)
		WRONG("%s: the signature verifies for a modified message", v->source);
	if (r != CB_ERR_VERIFY)
		FAILED(r, "verify (modified message)");
	r = CB_OK;
out:
	if (key)
		c->key_free(key);
	bufs_free(&b);
	return r;
}

static int kat_kex(const cb_kex_class *c, const struct kat_vec *v, const cb_opts *opts, char *err,
		   size_t errlen)
{
	struct bufs b = {0};
	uint8_t *sk, *pub, *peer, *want, *got;
	size_t sklen, publen, peerlen, wantlen, gotlen;
	void *key = NULL;
	int r;

	TRY(unhex(&b, v->key, 0, 0, &sk, &sklen));
	TRY(unhex(&b, v->pub, 0, 0, &pub, &publen));
	TRY(unhex(&b, v->peer, 0, 0, &peer, &peerlen));
	TRY(unhex(&b, v->out, 0, 0, &want, &wantlen));
	TRY(unhex(&b, NULL, 0, 160, &got, &gotlen));

	r = cb_kex_import_secret(c, sk, sklen, opts, &key);
	if (r)
		FAILED(r, "import_secret");
	if (publen) {
		gotlen = 160;
		r = c->export_public(key, got, &gotlen);
		if (r)
			FAILED(r, "export_public");
		if (gotlen != publen || memcmp(got, pub, publen) != 0)
			WRONG("%s: export_public gives a different public value", v->source);
	}
	gotlen = 160;
	r = cb_kex_derive(c, key, peer, peerlen, got, &gotlen);
	if (r)
		FAILED(r, "derive");
	if (gotlen != wantlen || memcmp(got, want, wantlen) != 0)
		WRONG("%s: derive gives a different shared secret", v->source);
	r = CB_OK;
out:
	if (key)
		c->key_free(key);
	bufs_free(&b);
	return r;
}

static int kat_pke(const cb_pke_class *c, const struct kat_vec *v, const cb_opts *opts, char *err,
		   size_t errlen)
{
	struct bufs b = {0};
	uint8_t *sk, *ct, *msg, *got;
	size_t sklen, ctlen, msglen, gotlen, cap;
	void *key = NULL;
	int r;

	TRY(unhex(&b, v->key, 0, 0, &sk, &sklen));
	TRY(unhex(&b, v->ct, 0, 0, &ct, &ctlen));
	TRY(message(&b, v, &msg, &msglen));
	cap = ctlen + 16;
	TRY(unhex(&b, NULL, 0, cap, &got, &gotlen));

	r = cb_pke_import_secret(c, sk, sklen, opts, &key);
	if (r)
		FAILED(r, "import_secret");
	gotlen = cap;
	r = cb_pke_decrypt(c, key, ct, ctlen, got, &gotlen);
	if (r == CB_ERR_DECRYPT)
		WRONG("%s: decrypt rejects the ciphertext", v->source);
	if (r)
		FAILED(r, "decrypt");
	if (gotlen != msglen || memcmp(got, msg, msglen) != 0)
		WRONG("%s: decrypt gives a different message", v->source);
	ct[ctlen - 1] ^= 1;
	gotlen = cap;
	if (cb_pke_decrypt(c, key, ct, ctlen, got, &gotlen) == CB_OK)
		WRONG("%s: decrypt accepts a modified ciphertext", v->source);
	r = CB_OK;
out:
	if (key)
		c->key_free(key);
	bufs_free(&b);
	return r;
}

static int digest_is(const uint8_t *data, size_t len, const uint8_t want[32])
{
	uint8_t h[32];
	cb_sha3_256(h, data, len);
	return memcmp(h, want, 32) == 0;
}

/* SHA3-256 of the raw key of a handle equals want. */
static int raw_digest_is(const cb_sig_class *c, const void *key, int secret, const uint8_t want[32])
{
	uint8_t buf[8192];
	size_t len = sizeof(buf);
	int ok = c->export_raw(key, secret, buf, &len) == 0 && digest_is(buf, len, want);

	cb_wipe(buf, sizeof(buf));
	return ok;
}

/*
 * ML-DSA: keygen_seed against the digests of an ACVP keyGen case; then the
 * deterministic signature of Wycheproof's sign_seed tcId 1 against its
 * digest, which must verify, and must not for a modified message.
 */
static int kat_mldsa(const cb_sig_class *c, const struct kat_vec *v, char *err, size_t errlen)
{
	const struct kat_mldsa *m = v->mldsa;
	struct bufs b = {0};
	uint8_t *seed, *pk_h, *sk_h, *seed2, *pk2_h, *msg, *sig_h, *sig;
	size_t l, msglen, siglen;
	static const uint8_t zero[32];
	cb_sig_params p = {CB_SIG_IFACE_PURE, NULL, 0, zero, 1};
	void *key = NULL;
	int r;

	TRY(unhex(&b, m->seed, 0, 0, &seed, &l));
	TRY(unhex(&b, m->pk_sha3, 0, 0, &pk_h, &l));
	TRY(unhex(&b, m->sk_sha3, 0, 0, &sk_h, &l));
	TRY(unhex(&b, m->sign_seed, 0, 0, &seed2, &l));
	TRY(unhex(&b, m->sign_pk_sha3, 0, 0, &pk2_h, &l));
	TRY(unhex(&b, m->msg, 0, 0, &msg, &msglen));
	TRY(unhex(&b, m->sig_sha3, 0, 0, &sig_h, &l));
	TRY(unhex(&b, NULL, 0, 8192, &sig, &l));

	r = c->keygen_seed(c, seed, 32, NULL, &key);
	if (r)
		FAILED(r, "keygen_seed");
	if (!raw_digest_is(c, key, 0, pk_h))
		WRONG("%s: keygen_seed gives a different public key", v->source);
	if (!raw_digest_is(c, key, 1, sk_h))
		WRONG("%s: keygen_seed gives a different secret key", v->source);
	c->key_free(key);
	key = NULL;
	r = c->keygen_seed(c, seed2, 32, NULL, &key);
	if (r)
		FAILED(r, "keygen_seed");
	if (!raw_digest_is(c, key, 0, pk2_h))
		WRONG("%s: keygen_seed gives a different public key", v->source);
	siglen = 8192;
	r = c->sign_ex(key, &p, msg, msglen, sig, &siglen);
	if (r)
		FAILED(r, "sign_ex (deterministic)");
	if (!digest_is(sig, siglen, sig_h))
		WRONG("%s: the deterministic signature differs", v->source);
	r = c->verify_ex(key, &p, msg, msglen, sig, siglen);
	if (r == CB_ERR_VERIFY)
		WRONG("%s: the signature does not verify", v->source);
	if (r)
		FAILED(r, "verify_ex");
	msg[0] ^= 1;
	r = c->verify_ex(key, &p, msg, msglen, sig, siglen);
	if (r == CB_OK)
		WRONG("%s: the signature verifies for a modified message", v->source);
	if (r != CB_ERR_VERIFY)
		FAILED(r, "verify_ex (modified message)");
	r = CB_OK;
out:
	if (key)
		c->key_free(key);
	bufs_free(&b);
	return r;
}

/*
 * ML-KEM: KeyGen_internal(d, z) against the digests of an ACVP keyGen
 * case; then, with that key, Encaps_internal and Decaps must agree and a
 * modified ciphertext must give the implicit-rejection secret instead.
 * (The encapsulation and decapsulation vectors, which come with keys of
 * their own, run in ctest in full.)
 */
static int kat_kem(const cb_kem_class *c, const struct kat_vec *v, char *err, size_t errlen)
{
	const struct kat_mlkem *m = v->mlkem;
	struct bufs b = {0};
	uint8_t *d, *z, *coins, *pk, *sk, *ek_h, *dk_h, *mm, *ct, *ss, *ss2;
	size_t dl, zl, cl, pkl, skl, l1, l2, ml, ctl, ssl, ssl2;
	(void)ml;
	(void)ssl;
	(void)ssl2;
	int r;

	TRY(unhex(&b, m->d, 0, 0, &d, &dl));
	TRY(unhex(&b, m->z, 0, 0, &z, &zl));
	TRY(unhex(&b, m->ek_sha3, 0, 0, &ek_h, &l1));
	TRY(unhex(&b, m->dk_sha3, 0, 0, &dk_h, &l2));
	TRY(unhex(&b, NULL, 0, 64, &coins, &cl));
	TRY(unhex(&b, NULL, 0, c->encaps_coins_bytes ? c->encaps_coins_bytes : 1, &mm, &ml));
	TRY(unhex(&b, NULL, 0, c->public_key_bytes, &pk, &pkl));
	TRY(unhex(&b, NULL, 0, c->secret_key_bytes, &sk, &skl));
	TRY(unhex(&b, NULL, 0, c->ciphertext_bytes, &ct, &ctl));
	TRY(unhex(&b, NULL, 0, c->shared_secret_bytes, &ss, &ssl));
	TRY(unhex(&b, NULL, 0, c->shared_secret_bytes, &ss2, &ssl2));
	if (c->keypair_coins_bytes != dl + zl)
		WRONG("%s: the class's sizes do not match the vector's", v->source);

	memcpy(coins, d, 32);
	memcpy(coins + 32, z, 32);
	r = c->keypair_derand(c, pk, sk, coins);
	if (r)
		FAILED(r, "keypair_derand");
	if (!digest_is(pk, c->public_key_bytes, ek_h))
		WRONG("%s: keypair_derand gives a different encapsulation key", v->source);
	if (!digest_is(sk, c->secret_key_bytes, dk_h))
		WRONG("%s: keypair_derand gives a different decapsulation key", v->source);

	memset(mm, 0x5a, c->encaps_coins_bytes); /* any m will do: the check is agreement */
	r = c->encaps_derand(c, ct, ss, pk, mm);
	if (r)
		FAILED(r, "encaps_derand");
	r = c->decaps(c, ss2, ct, sk);
	if (r)
		FAILED(r, "decaps");
	/* (unhex reports 0 bytes for a bare allocation: use the class's sizes) */
	if (memcmp(ss, ss2, c->shared_secret_bytes) != 0)
		WRONG("%s: decaps(encaps_derand(ek)) gives a different shared secret", v->source);
	ct[0] ^= 1;
	r = c->decaps(c, ss2, ct, sk);
	if (r)
		FAILED(r, "decaps of a modified ciphertext");
	if (memcmp(ss, ss2, c->shared_secret_bytes) == 0)
		WRONG("%s: a modified ciphertext gives the real shared secret", v->source);
	r = CB_OK;
out:
	bufs_free(&b);
	return r;
}

static int piece_is(const uint8_t *buf, const struct kat_piece *p, struct bufs *b, int *r)
{
	uint8_t *want, h[32];
	size_t wl;
	*r = unhex(b, p->hex, 0, 0, &want, &wl);
	if (*r)
		return 0;
	if (p->sha3) {
		cb_sha3_256(h, buf + p->off, p->len);
		return wl == 32 && memcmp(h, want, 32) == 0;
	}
	return wl == p->len && memcmp(buf + p->off, want, p->len) == 0;
}

static int kat_hybrid(const cb_kem_class *c, const struct kat_vec *v, char *err, size_t errlen)
{
	const struct kat_hyb *h = v->hyb;
	struct bufs b = {0};
	uint8_t *kc, *ec, *pk, *sk, *ct, *ss, *ss2, *x, *want;
	size_t n, xl, wl;
	int r;

	TRY(unhex(&b, NULL, 0, c->keypair_coins_bytes, &kc, &n));
	TRY(unhex(&b, NULL, 0, c->encaps_coins_bytes, &ec, &n));
	TRY(unhex(&b, NULL, 0, c->public_key_bytes, &pk, &n));
	TRY(unhex(&b, NULL, 0, c->secret_key_bytes, &sk, &n));
	TRY(unhex(&b, NULL, 0, c->ciphertext_bytes, &ct, &n));
	TRY(unhex(&b, NULL, 0, c->shared_secret_bytes, &ss, &n));
	TRY(unhex(&b, NULL, 0, c->shared_secret_bytes, &ss2, &n));
	memset(ec, 0x5a, c->encaps_coins_bytes);
	if (h->mlkem) {
		TRY(unhex(&b, h->mlkem->d, 0, 0, &x, &xl));
		memcpy(kc + h->kc_mlkem, x, 32);
		TRY(unhex(&b, h->mlkem->z, 0, 0, &x, &xl));
		memcpy(kc + h->kc_mlkem + 32, x, 32);
	}
	TRY(unhex(&b, h->kc, 0, 0, &x, &xl));
	if (h->kc_off + xl > c->keypair_coins_bytes)
		WRONG("%s: the class's sizes do not match the vector's", v->source);
	memcpy(kc + h->kc_off, x, xl);
	TRY(unhex(&b, h->ec, 0, 0, &x, &xl));
	if (h->ec_off + xl > c->encaps_coins_bytes)
		WRONG("%s: the class's sizes do not match the vector's", v->source);
	memcpy(ec + h->ec_off, x, xl);

	r = c->keypair_derand(c, pk, sk, kc);
	if (r)
		FAILED(r, "keypair_derand");
	if (h->mlkem) {
		TRY(unhex(&b, h->mlkem->ek_sha3, 0, 0, &want, &wl));
		if (!digest_is(pk + h->pk_ek, KAT_EK768, want))
			WRONG("%s: keypair_derand gives a different ML-KEM encapsulation key", v->source);
		TRY(unhex(&b, h->mlkem->dk_sha3, 0, 0, &want, &wl));
		if (!digest_is(sk + h->sk_dk, KAT_DK768, want))
			WRONG("%s: keypair_derand gives a different ML-KEM decapsulation key", v->source);
	}
	for (size_t i = 0; i < 2 && h->pk[i].hex; i++)
		if (!piece_is(pk, &h->pk[i], &b, &r))
			WRONG("%s: keypair_derand gives a different public key (bytes %zu..%zu)", v->source,
			      h->pk[i].off, h->pk[i].off + h->pk[i].len);
	r = c->encaps_derand(c, ct, ss, pk, ec);
	if (r)
		FAILED(r, "encaps_derand");
	for (size_t i = 0; i < 2 && h->ct[i].hex; i++)
		if (!piece_is(ct, &h->ct[i], &b, &r))
			WRONG("%s: encaps_derand gives a different ciphertext (bytes %zu..%zu)", v->source,
			      h->ct[i].off, h->ct[i].off + h->ct[i].len);
	for (size_t i = 0; i < 2 && h->ss[i].hex; i++)
		if (!piece_is(ss, &h->ss[i], &b, &r))
			WRONG("%s: encaps_derand gives a different shared secret (bytes %zu..%zu)",
			      v->source, h->ss[i].off, h->ss[i].off + h->ss[i].len);
	r = c->decaps(c, ss2, ct, sk);
	if (r)
		FAILED(r, "decaps");
	if (memcmp(ss, ss2, c->shared_secret_bytes) != 0)
		WRONG("%s: decaps(encaps_derand(pk)) gives a different shared secret", v->source);
	ct[h->flip] ^= 1;
	r = c->decaps(c, ss2, ct, sk);
	if (h->flip_err) {
		if (r != h->flip_err)
			WRONG("%s: a modified ciphertext is not refused", v->source);
	} else {
		if (r)
			FAILED(r, "decaps of a modified ciphertext");
		if (memcmp(ss, ss2, c->shared_secret_bytes) == 0)
			WRONG("%s: a modified ciphertext gives the real shared secret", v->source);
	}
	r = CB_OK;
out:
	bufs_free(&b);
	return r;
}

/* ---- entry points ------------------------------------------------------- */

static int needs_missing(const cb_alg_info *alg, const struct kat_vec *v, const char **what)
{
	switch (alg->kind) {
	case CB_KIND_SIG:
		if (v->mldsa) {
			const cb_sig_class *s = cb_as_sig(alg);
			*what = "keygen_seed / export_raw / sign_ex / verify_ex";
			return !s->keygen_seed || !s->export_raw || !s->sign_ex || !s->verify_ex;
		}
		*what = "import_public";
		return !cb_as_sig(alg)->import_public;
	case CB_KIND_KEX:
		*what = "import_secret";
		return !cb_as_kex(alg)->import_secret;
	case CB_KIND_PKE:
		*what = "import_secret";
		return !cb_as_pke(alg)->import_secret;
	case CB_KIND_KEM:
		*what = "keypair_derand / encaps_derand";
		return !cb_as_kem(alg)->keypair_derand || !cb_as_kem(alg)->encaps_derand;
	default:
		return 0;
	}
}

static int run_one(const cb_alg_info *alg, const struct kat_vec *v, const cb_opts *opts, char *err,
		   size_t errlen)
{
	switch (alg->kind) {
	case CB_KIND_CIPHER:
		return v->out ? kat_cipher(cb_as_cipher(alg), v, err, errlen) : CB_ERR_UNSUPPORTED;
	case CB_KIND_HASH:
		return v->out ? kat_hash(cb_as_hash(alg), v, err, errlen) : CB_ERR_UNSUPPORTED;
	case CB_KIND_SIG:
		if (v->mldsa)
			return kat_mldsa(cb_as_sig(alg), v, err, errlen);
		return v->pub ? kat_sig(cb_as_sig(alg), v, err, errlen) : CB_ERR_UNSUPPORTED;
	case CB_KIND_KEX:
		return v->peer ? kat_kex(cb_as_kex(alg), v, opts, err, errlen) : CB_ERR_UNSUPPORTED;
	case CB_KIND_PKE:
		return v->ct ? kat_pke(cb_as_pke(alg), v, opts, err, errlen) : CB_ERR_UNSUPPORTED;
	case CB_KIND_KEM:
		if (v->hyb)
			return kat_hybrid(cb_as_kem(alg), v, err, errlen);
		return v->mlkem ? kat_kem(cb_as_kem(alg), v, err, errlen) : CB_ERR_UNSUPPORTED;
	default:
		return CB_ERR_UNSUPPORTED;
	}
}

int cb_kat_run(const cb_alg_info *alg, const cb_opts *opts, char *err, size_t errlen)
{
	const char *what = NULL;
	size_t n = 0;
	say(err, errlen, "%s", "");
	if (!alg || !alg->name)
		return CB_ERR_ARG;
	if (alg->unavailable && alg->unavailable()) {
		say(err, errlen, "unavailable: %s", alg->unavailable());
		return CB_ERR_UNSUPPORTED;
	}
	for (size_t i = 0; i < CB_ARRAY_LEN(vectors); i++) {
		const struct kat_vec *v = &vectors[i];
		int r;
		if (strcmp(v->alg, alg->name) != 0)
			continue;
		if (needs_missing(alg, v, &what)) {
			say(err, errlen, "the %s backend provides no %s", alg->backend ? alg->backend : "",
			    what);
			return CB_ERR_UNSUPPORTED;
		}
		r = run_one(alg, v, opts, err, errlen);
		if (r == CB_ERR_UNSUPPORTED && !(err && errlen && err[0]))
			say(err, errlen, "%s: the vector does not fit a %s class", v->source,
			    cb_kind_name(alg->kind));
		if (r)
			return r;
		n++;
	}
	if (!n) {
		say(err, errlen, "no embedded vector");
		return CB_ERR_UNSUPPORTED;
	}
	return CB_OK;
}

size_t cb_kat_count(const cb_alg_info *alg)
{
	size_t n = 0;
	if (!alg || !alg->name)
		return 0;
	for (size_t i = 0; i < CB_ARRAY_LEN(vectors); i++)
		n += strcmp(vectors[i].alg, alg->name) == 0;
	return n;
}

const char *cb_kat_source(const cb_alg_info *alg, size_t i)
{
	if (!alg || !alg->name)
		return NULL;
	for (size_t j = 0; j < CB_ARRAY_LEN(vectors); j++)
		if (strcmp(vectors[j].alg, alg->name) == 0 && i-- == 0)
			return vectors[j].source;
	return NULL;
}
