/*
 * The hybrid and SM2 KEMs (src/hybrid, docs/HYBRID.md).
 *
 * Expected values come from published vectors where they exist and are
 * otherwise computed here from the component primitives (the project's
 * ML-KEM functions, OpenSSL's X25519 through EVP, SHA-3, SM3 through EVP,
 * and the SM2-curve Diffie-Hellman primitive, itself checked against
 * GM/T 0003.5 Annex C), never through the combiner code:
 *
 *   xwing              draft-connolly-cfrg-xwing-kem-10 Appendix C, all three
 *                      vectors (xwing_vectors.h), and vector 1 recomputed from
 *                      SHAKE256 / ML-KEM / X25519 / SHA3-256 here
 *   x25519mlkem768     X25519 parts: RFC 7748 6.1 (Alice as client, Bob as server)
 *   secp256r1mlkem768  P-256 parts: RFC 5903 8.1 (i as client, r as server)
 *   sm2-*              the GM/T 0003.5-2012 key pair and Annex C ephemeral k, C1
 *
 * each over every composition this build can make (cb_hybrid_compositions:
 * every ML-KEM-768 with OpenSSL's key agreement, builtin's ML-KEM-768 with
 * every key agreement), plus rejection of malformed shares, length checks, implicit rejection
 * of the ML-KEM part, random round trips and interoperability of
 * sm2-enc-kem with OpenSSL's SM2 decryption and encryption.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "backends/openssl/openssl_ec_import.h"
#include "core/util.h"
#include "cryptobench/catalog.h"
#include "cryptobench/kat.h"
#include "cryptobench/kem.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/report.h"
#include "cryptobench/result.h"
#include "hybrid/hy_ecc.h"
#include "hybrid/hybrid.h"
#include "mlkem/mlkem.h"
#include "sha3/sha3.h"
#include "testutil.h"
#include "xwing_vectors.h"

#define EK CB_MLKEM768_EK_BYTES
#define DK CB_MLKEM768_DK_BYTES
#define CT CB_MLKEM768_CT_BYTES
#define MAXB 4096

/* RFC 7748 6.1 */
#define A_PRIV "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
#define A_PUB "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
#define B_PRIV "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"
#define B_PUB "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"
#define AB_K "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"
/* RFC 5903 8.1 (256-bit random ECP group) */
#define P_I "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433"
#define P_GI                                                                                       \
	"04dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c3772581180"                       \
	"5271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3"
#define P_R "c6ef9c5d78ae012a011164acb397ce2088685d8f06bf9be0b283ab46476bee53"
#define P_GR                                                                                       \
	"04d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf63"                       \
	"56fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872ab"
#define P_GIR "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de"
/* GM/T 0003.5-2012 Annex C: recipient key, ephemeral k, C1, C3, C2 of "encryption standard" */
#define GM_D "3945208f7b2144b13f36e38ac6d39f95889393692860b51a42fb81ef4df7c5b8"
#define GM_PUB                                                                                     \
	"0409f9df311e5421a150dd7d161e4bc5c672179fad1833fc076bb08ff356f35020"                       \
	"ccea490ce26775a52dc6ea718cc1aa600aed05fbf35e084a6632f6072da9ad13"
#define GM_K "59276e27d506861a16680f3ad9c02dccef3cc1fa3cdbe4ce6d54b80deac1bc21"
#define GM_C1                                                                                      \
	"0404ebfc718e8d1798620432268e77feb6415e2ede0e073c0f4f640ecd2e149a73"                       \
	"e858f9d81e5430a57b36daab8f950a3c64e6ee6a63094d99283aff767e124df0"
#define GM_C3 "59983c18f809e262923c53aec295d30383b54e39d609d160afcb1908d0bd8766"
#define GM_C2 "21886ca989ca9c7d58087307ca93092d651efa"
#define GM_MSG "encryption standard"

static void hex(uint8_t *out, size_t len, const char *h)
{
	long n = tu_unhex_buf(h, out, len);
	if (n != (long)len) {
		fprintf(stderr, "bad test hex (%ld of %zu bytes): %.20s...\n", n, len, h);
		abort();
	}
}

static const cb_kem_class *kem(const char *name)
{
	const cb_kem_class *k = cb_as_kem(cb_registry_find(name, "builtin"));
	if (!k) {
		fprintf(stderr, "no builtin class %s\n", name);
		abort();
	}
	return k;
}

/* ---- component primitives, here independently of src/hybrid ----------- */

static void x25519_pub(uint8_t pub[32], const uint8_t sk[32])
{
	EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, sk, 32);
	size_t len = 32;
	CHECK(k && EVP_PKEY_get_raw_public_key(k, pub, &len) == 1 && len == 32);
	EVP_PKEY_free(k);
}

static void x25519_dh(uint8_t ss[32], const uint8_t sk[32], const uint8_t peer[32])
{
	EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, sk, 32);
	EVP_PKEY *p = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, peer, 32);
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(k, NULL);
	size_t len = 32;
	CHECK(k && p && c && EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_derive_set_peer(c, p) == 1 &&
	      EVP_PKEY_derive(c, ss, &len) == 1 && len == 32);
	EVP_PKEY_CTX_free(c);
	EVP_PKEY_free(p);
	EVP_PKEY_free(k);
}

static void sm3(uint8_t out[32], const uint8_t *m, size_t len)
{
	unsigned n = 0;
	CHECK(EVP_Digest(m, len, out, &n, EVP_sm3(), NULL) == 1 && n == 32);
}

/* ---- X-Wing ---------------------------------------------------------------- */

static void xwing_draft_vectors(const cb_kem_class *k)
{
	CHECK_EQ_INT(k->public_key_bytes, 1216);
	CHECK_EQ_INT(k->secret_key_bytes, 32);
	CHECK_EQ_INT(k->ciphertext_bytes, 1120);
	CHECK_EQ_INT(k->shared_secret_bytes, 32);
	for (size_t i = 0; i < CB_ARRAY_LEN(xwing_vectors); i++) {
		const struct xwing_vector *v = &xwing_vectors[i];
		uint8_t seed[32], eseed[64], pk[1216], ct[1120], ss[32];
		uint8_t gpk[1216], gsk[32], gct[1120], gss[32], dss[32];

		tu_note("xwing@%s draft-10 Appendix C vector %zu", k->info.backend, i + 1);
		hex(seed, 32, v->seed);
		hex(eseed, 64, v->eseed);
		hex(pk, sizeof(pk), v->pk);
		hex(ct, sizeof(ct), v->ct);
		hex(ss, 32, v->ss);
		CHECK_EQ_INT(k->keypair_derand(k, gpk, gsk, seed), CB_OK);
		CHECK_MEM(gpk, pk, sizeof(pk));
		CHECK_MEM(gsk, seed, 32);
		CHECK_EQ_INT(k->encaps_derand(k, gct, gss, pk, eseed), CB_OK);
		CHECK_MEM(gct, ct, sizeof(ct));
		CHECK_MEM(gss, ss, 32);
		CHECK_EQ_INT(k->decaps(k, dss, ct, seed), CB_OK);
		CHECK_MEM(dss, ss, 32);
	}
}

/* Vector 1 from the primitives: SHAKE256 expansion, ML-KEM-768, X25519, SHA3-256. */
static void xwing_from_primitives(void)
{
	const struct xwing_vector *v = &xwing_vectors[0];
	uint8_t seed[32], eseed[64], exp[96], pk[EK + 32], dk[DK], ct[CT + 32], ssm[32], ssx[32];
	uint8_t buf[32 * 4 + 6], ss[32], want_pk[1216], want_ct[1120], want_ss[32];

	tu_note("xwing vector 1 from the primitives");
	hex(seed, 32, v->seed);
	hex(eseed, 64, v->eseed);
	hex(want_pk, sizeof(want_pk), v->pk);
	hex(want_ct, sizeof(want_ct), v->ct);
	hex(want_ss, 32, v->ss);
	cb_shake256(exp, 96, seed, 32);
	CHECK_EQ_INT(cb_mlkem768_keypair_derand(pk, dk, exp, exp + 32), CB_OK);
	x25519_pub(pk + EK, exp + 64);
	CHECK_MEM(pk, want_pk, sizeof(pk));
	CHECK_EQ_INT(cb_mlkem768_encaps_derand(ct, ssm, pk, eseed), CB_OK);
	x25519_pub(ct + CT, eseed + 32);
	x25519_dh(ssx, eseed + 32, pk + EK);
	CHECK_MEM(ct, want_ct, sizeof(ct));
	memcpy(buf, ssm, 32);
	memcpy(buf + 32, ssx, 32);
	memcpy(buf + 64, ct + CT, 32);
	memcpy(buf + 96, pk + EK, 32);
	memcpy(buf + 128, "\x5c\x2e\x2f\x2f\x5e\x5c", 6);
	cb_sha3_256(ss, buf, sizeof(buf));
	CHECK_MEM(ss, want_ss, 32);
	CHECK(memcmp(CB_XWING_LABEL, "\x5c\x2e\x2f\x2f\x5e\x5c", 6) == 0);
}

/* ---- the TLS groups -------------------------------------------------------- */

static void fill_mlkem_coins(uint8_t d[32], uint8_t z[32], uint8_t m[32], uint64_t seed)
{
	tu_fill(d, 32, seed);
	tu_fill(z, 32, seed + 1);
	tu_fill(m, 32, seed + 2);
}

static void x25519mlkem768_known(const cb_kem_class *k)
{
	uint8_t d[32], z[32], m[32], kc[96], ec[64], a[32], b[32], apub[32], bpub[32], abk[32];
	uint8_t ekm[EK], dkm[DK], ctm[CT], ssm[32];
	uint8_t pk[1216], sk[2464], ct[1120], ss[64], ss2[64];

	tu_note("x25519mlkem768@%s (RFC 7748 6.1 X25519 keys)", k->info.backend);
	CHECK_EQ_INT(k->public_key_bytes, 1216); /* draft 3.1.1 */
	CHECK_EQ_INT(k->ciphertext_bytes, 1120); /* 3.1.2 */
	CHECK_EQ_INT(k->shared_secret_bytes, 64); /* 3.1.3 */
	fill_mlkem_coins(d, z, m, 11);
	hex(a, 32, A_PRIV);
	hex(b, 32, B_PRIV);
	hex(apub, 32, A_PUB);
	hex(bpub, 32, B_PUB);
	hex(abk, 32, AB_K);
	memcpy(kc, d, 32);
	memcpy(kc + 32, z, 32);
	memcpy(kc + 64, a, 32);
	memcpy(ec, m, 32);
	memcpy(ec + 32, b, 32);
	CHECK_EQ_INT(cb_mlkem768_keypair_derand(ekm, dkm, d, z), CB_OK);
	CHECK_EQ_INT(cb_mlkem768_encaps_derand(ctm, ssm, ekm, m), CB_OK);

	CHECK_EQ_INT(k->keypair_derand(k, pk, sk, kc), CB_OK);
	CHECK_MEM(pk, ekm, EK);        /* client share: ML-KEM encapsulation key first */
	CHECK_MEM(pk + EK, apub, 32);  /* then the X25519 share */
	CHECK_EQ_INT(k->encaps_derand(k, ct, ss, pk, ec), CB_OK);
	CHECK_MEM(ct, ctm, CT);        /* server share: ML-KEM ciphertext first */
	CHECK_MEM(ct + CT, bpub, 32);  /* then the server's X25519 share */
	CHECK_MEM(ss, ssm, 32);        /* shared secret: ML-KEM first */
	CHECK_MEM(ss + 32, abk, 32);   /* then X25519 */
	CHECK_EQ_INT(k->decaps(k, ss2, ct, sk), CB_OK);
	CHECK_MEM(ss2, ss, 64);
}

static void secp256r1mlkem768_known(const cb_kem_class *k)
{
	uint8_t d[32], z[32], m[32], kc[96], ec[64], gi[65], gr[65], gir[32];
	uint8_t ekm[EK], dkm[DK], ctm[CT], ssm[32];
	uint8_t pk[1249], sk[2432], ct[1153], ss[64], ss2[64];

	tu_note("secp256r1mlkem768@%s (RFC 5903 8.1 P-256 keys)", k->info.backend);
	CHECK_EQ_INT(k->public_key_bytes, 1249); /* draft 3.1.1 */
	CHECK_EQ_INT(k->ciphertext_bytes, 1153); /* 3.1.2 */
	CHECK_EQ_INT(k->shared_secret_bytes, 64); /* 3.1.3 */
	fill_mlkem_coins(d, z, m, 21);
	hex(kc, 32, P_I);
	memcpy(kc + 32, d, 32);
	memcpy(kc + 64, z, 32);
	hex(ec, 32, P_R);
	memcpy(ec + 32, m, 32);
	hex(gi, 65, P_GI);
	hex(gr, 65, P_GR);
	hex(gir, 32, P_GIR);
	CHECK_EQ_INT(cb_mlkem768_keypair_derand(ekm, dkm, d, z), CB_OK);
	CHECK_EQ_INT(cb_mlkem768_encaps_derand(ctm, ssm, ekm, m), CB_OK);

	CHECK_EQ_INT(k->keypair_derand(k, pk, sk, kc), CB_OK);
	CHECK_MEM(pk, gi, 65);         /* client share: the P-256 point first */
	CHECK_MEM(pk + 65, ekm, EK);   /* then the ML-KEM encapsulation key */
	CHECK_EQ_INT(k->encaps_derand(k, ct, ss, pk, ec), CB_OK);
	CHECK_MEM(ct, gr, 65);         /* server share: the P-256 point first */
	CHECK_MEM(ct + 65, ctm, CT);
	CHECK_MEM(ss, gir, 32);        /* shared secret: ECDH x-coordinate first */
	CHECK_MEM(ss + 32, ssm, 32);
	CHECK_EQ_INT(k->decaps(k, ss2, ct, sk), CB_OK);
	CHECK_MEM(ss2, ss, 64);
}

/* ---- SM2 ------------------------------------------------------------------- */

static void sm2_encryption_gm(void)
{
	uint8_t pub[65], k[32], d[32], want[65 + 32 + 19], ct[65 + 32 + 19], m[19];

	tu_note("SM2 encryption, GM/T 0003.5-2012 Annex C");
	hex(pub, 65, GM_PUB);
	hex(k, 32, GM_K);
	hex(d, 32, GM_D);
	hex(want, sizeof(want), GM_C1 GM_C3 GM_C2);
	CHECK_EQ_INT(cb_hy_sm2_encrypt_derand(ct, pub, (const uint8_t *)GM_MSG, 19, k), CB_OK);
	CHECK_MEM(ct, want, sizeof(want));
	CHECK_EQ_INT(cb_hy_sm2_decrypt(m, d, want, sizeof(want)), CB_OK);
	CHECK_MEM(m, GM_MSG, 19);
	want[65] ^= 1; /* C3 */
	CHECK_EQ_INT(cb_hy_sm2_decrypt(m, d, want, sizeof(want)), CB_ERR_DECRYPT);
	want[65] ^= 1;
	want[sizeof(want) - 1] ^= 1; /* C2 */
	CHECK_EQ_INT(cb_hy_sm2_decrypt(m, d, want, sizeof(want)), CB_ERR_DECRYPT);
	want[sizeof(want) - 1] ^= 1;
	want[64] ^= 1; /* C1 off the curve */
	CHECK_EQ_INT(cb_hy_sm2_decrypt(m, d, want, sizeof(want)), CB_ERR_INVALID_KEY);
}

static void sm2_dhkem_known(void)
{
	const cb_kem_class *k = kem("sm2-dhkem");
	uint8_t d[32], e[32], pub[65], c1[65], pk[65], sk[97], ct[65], ss[32], ss2[32], want[32];
	uint8_t x[32], y[32], z[32 + 32 + 65 + 65 + sizeof(CB_SM2DHKEM_LABEL) - 1 + 4];

	tu_note("sm2-dhkem (GM/T 0003.5 key pair and k)");
	hex(d, 32, GM_D);
	hex(e, 32, GM_K);
	hex(pub, 65, GM_PUB);
	hex(c1, 65, GM_C1);
	CHECK_EQ_INT(k->keypair_derand(k, pk, sk, d), CB_OK);
	CHECK_MEM(pk, pub, 65);
	CHECK_EQ_INT(k->encaps_derand(k, ct, ss, pk, e), CB_OK);
	CHECK_MEM(ct, c1, 65);
	/* KDF(x || y || C || Q || label) = SM3(... || 00000001) for 32 bytes */
	CHECK_EQ_INT(cb_hy_ec_dh(CB_HY_SM2, x, y, e, pub), CB_OK);
	memcpy(z, x, 32);
	memcpy(z + 32, y, 32);
	memcpy(z + 64, c1, 65);
	memcpy(z + 129, pub, 65);
	memcpy(z + 194, CB_SM2DHKEM_LABEL, sizeof(CB_SM2DHKEM_LABEL) - 1);
	memcpy(z + sizeof(z) - 4, "\0\0\0\1", 4);
	sm3(want, z, sizeof(z));
	CHECK_MEM(ss, want, 32);
	CHECK_EQ_INT(k->decaps(k, ss2, ct, sk), CB_OK);
	CHECK_MEM(ss2, ss, 32);
	CHECK(memcmp(CB_SM2DHKEM_LABEL, "SM2-DHKEM-v1", 12) == 0);
}

static void sm2mlkem768_known(void)
{
	const cb_kem_class *k = kem("sm2mlkem768");
	uint8_t dm[32], zm[32], m[32], kc[96], ec[64], pub[65], c1[65], ekm[EK], dkm[DK], ctm[CT];
	uint8_t ssm[32], sse[32], pk[1249], sk[2497], ct[1153], ss[32], ss2[32], want[32];
	uint8_t buf[32 + 32 + 65 + 65 + sizeof(CB_SM2MLKEM768_LABEL) - 1];

	tu_note("sm2mlkem768 (GM/T 0003.5 key pair and k)");
	fill_mlkem_coins(dm, zm, m, 31);
	memcpy(kc, dm, 32);
	memcpy(kc + 32, zm, 32);
	hex(kc + 64, 32, GM_D);
	memcpy(ec, m, 32);
	hex(ec + 32, 32, GM_K);
	hex(pub, 65, GM_PUB);
	hex(c1, 65, GM_C1);
	CHECK_EQ_INT(cb_mlkem768_keypair_derand(ekm, dkm, dm, zm), CB_OK);
	CHECK_EQ_INT(cb_mlkem768_encaps_derand(ctm, ssm, ekm, m), CB_OK);
	CHECK_EQ_INT(cb_hy_ec_dh(CB_HY_SM2, sse, NULL, ec + 32, pub), CB_OK);

	CHECK_EQ_INT(k->keypair_derand(k, pk, sk, kc), CB_OK);
	CHECK_MEM(pk, ekm, EK);
	CHECK_MEM(pk + EK, pub, 65);
	CHECK_EQ_INT(k->encaps_derand(k, ct, ss, pk, ec), CB_OK);
	CHECK_MEM(ct, ctm, CT);
	CHECK_MEM(ct + CT, c1, 65);
	memcpy(buf, ssm, 32);
	memcpy(buf + 32, sse, 32);
	memcpy(buf + 64, c1, 65);
	memcpy(buf + 129, pub, 65);
	memcpy(buf + 194, CB_SM2MLKEM768_LABEL, sizeof(CB_SM2MLKEM768_LABEL) - 1);
	sm3(want, buf, sizeof(buf));
	CHECK_MEM(ss, want, 32);
	CHECK_EQ_INT(k->decaps(k, ss2, ct, sk), CB_OK);
	CHECK_MEM(ss2, ss, 32);
	/* the ML-KEM part keeps its implicit rejection: a different secret, no error */
	ct[100] ^= 1;
	CHECK_EQ_INT(k->decaps(k, ss2, ct, sk), CB_OK);
	CHECK(memcmp(ss2, ss, 32) != 0);
}

/*
 * curvesm2mlkem768 (draft-yang-tls-hybrid-sm2-mlkem-03): the layout from
 * the GM/T 0003.5 key pair and Annex C k (their public points are the
 * standard's), the ML-KEM-768 halves from the builtin's derandomised
 * functions (ACVP-checked), and the ECDH half against libgcrypt's SM2
 * ECDH, another implementation of the curve.
 */
static void curvesm2mlkem768_known(const cb_kem_class *k)
{
	const cb_kex_class *g = cb_as_kex(cb_registry_find("sm2-dh", "gcrypt"));
	uint8_t dm[32], zm[32], m[32], kc[96], ec[64], pub[65], c1[65], ekm[EK], dkm[DK], ctm[CT];
	uint8_t ssm[32], sse[32], pk[1249], sk[2432], ct[1153], ss[64], ss2[64];

	tu_note("curvesm2mlkem768 (draft-yang-tls-hybrid-sm2-mlkem-03)");
	CHECK(k->public_key_bytes == 1249 && k->ciphertext_bytes == 1153 && k->shared_secret_bytes == 64);
	fill_mlkem_coins(dm, zm, m, 37);
	hex(kc, 32, GM_D);
	memcpy(kc + 32, dm, 32);
	memcpy(kc + 64, zm, 32);
	hex(ec, 32, GM_K);
	memcpy(ec + 32, m, 32);
	hex(pub, 65, GM_PUB);
	hex(c1, 65, GM_C1);
	CHECK_EQ_INT(cb_mlkem768_keypair_derand(ekm, dkm, dm, zm), CB_OK);
	CHECK_EQ_INT(cb_mlkem768_encaps_derand(ctm, ssm, ekm, m), CB_OK);
	CHECK_EQ_INT(cb_hy_ec_dh(CB_HY_SM2, sse, NULL, ec, pub), CB_OK);

	/* ClientHello: curveSM2 share || ML-KEM-768 ek; ServerHello: curveSM2 share || ct */
	CHECK_EQ_INT(k->keypair_derand(k, pk, sk, kc), CB_OK);
	CHECK_MEM(pk, pub, 65);
	CHECK_MEM(pk + 65, ekm, EK);
	CHECK_EQ_INT(k->encaps_derand(k, ct, ss, pk, ec), CB_OK);
	CHECK_MEM(ct, c1, 65);
	CHECK_MEM(ct + 65, ctm, CT);
	/* Key Scheduling: ECDHE secret (x) || ML-KEM secret */
	CHECK_MEM(ss, sse, 32);
	CHECK_MEM(ss + 32, ssm, 32);
	CHECK_EQ_INT(k->decaps(k, ss2, ct, sk), CB_OK);
	CHECK_MEM(ss2, ss, 64);
	/* the ML-KEM part keeps its implicit rejection; the ECDH half is unchanged */
	ct[100] ^= 1;
	CHECK_EQ_INT(k->decaps(k, ss2, ct, sk), CB_OK);
	CHECK(memcmp(ss2 + 32, ss + 32, 32) != 0 && memcmp(ss2, ss, 32) == 0);

	if (!g || cb_alg_unavailable(&g->info)) {
		tu_note("no libgcrypt SM2 ECDH: the ECDH half is not crossed");
		return;
	}
	{
		void *key = NULL;
		uint8_t q[65], x[32];
		size_t ql = sizeof(q), xl = sizeof(x);

		CHECK_EQ_INT(g->keygen(g, NULL, &key), CB_OK);
		if (!key)
			return;
		CHECK_EQ_INT(g->export_public(key, q, &ql), CB_OK);
		CHECK_EQ_INT(ql, 65);
		memcpy(pk, q, 65); /* libgcrypt's key as the client's curveSM2 share */
		CHECK_EQ_INT(k->encaps(k, ct, ss, pk), CB_OK);
		CHECK_EQ_INT(g->derive(key, ct, 65, x, &xl), CB_OK);
		CHECK_EQ_INT(xl, 32);
		CHECK_MEM(ss, x, 32);
		g->key_free(key);
	}
}

/* sm2-enc-kem against OpenSSL's SM2 encryption (class sm2-enc-c1c3c2), both ways. */
static void sm2_enc_kem_interop(void)
{
	const cb_kem_class *k = kem("sm2-enc-kem");
	const cb_pke_class *o = cb_as_pke(cb_registry_find("sm2-enc-c1c3c2", "openssl"));
	uint8_t pk[65], sk[97], ct[129], ss[32], ss2[32], m[64], c[256];
	size_t n;
	void *key = NULL;

	tu_note("sm2-enc-kem with OpenSSL");
	CHECK_EQ_INT(k->ciphertext_bytes, 129);
	CHECK_EQ_INT(k->keypair(k, pk, sk), CB_OK);
	CHECK_EQ_INT(k->encaps(k, ct, ss, pk), CB_OK);
	CHECK_EQ_INT(k->decaps(k, ss2, ct, sk), CB_OK);
	CHECK_MEM(ss, ss2, 32);
	if (!o || cb_alg_unavailable(&o->info)) {
		tu_note("no OpenSSL SM2 encryption: interoperability not checked");
		return;
	}
	CHECK_EQ_INT(cb_ossl_pke_import_raw(o, pk, 65, sk, 32, &key), CB_OK);
	if (!key)
		return;
	n = sizeof(m);
	CHECK_EQ_INT(o->decrypt(key, ct, sizeof(ct), m, &n), CB_OK);
	CHECK_EQ_INT(n, 32);
	CHECK_MEM(m, ss, 32);
	tu_fill(m, 32, 41);
	n = sizeof(c);
	CHECK_EQ_INT(o->encrypt(key, m, 32, c, &n), CB_OK);
	CHECK_EQ_INT(n, 129);
	CHECK_EQ_INT(k->decaps(k, ss2, c, sk), CB_OK);
	CHECK_MEM(ss2, m, 32);
	c[70] ^= 1; /* C3 */
	CHECK_EQ_INT(k->decaps(k, ss2, c, sk), CB_ERR_DECRYPT);
	o->key_free(key);
}

/* ---- rejections ------------------------------------------------------------ */

static const char *const all[] = {"x25519mlkem768", "secp256r1mlkem768", "xwing",	  "sm2mlkem768",
				  "sm2-dhkem",	    "sm2-enc-kem",	 "curvesm2mlkem768"};

static void lengths(void)
{
	for (size_t i = 0; i < CB_ARRAY_LEN(all); i++) {
		const cb_kem_class *k = kem(all[i]);
		static uint8_t pk[MAXB], sk[MAXB], ct[MAXB], ss[64], ss2[64];
		size_t pl = k->public_key_bytes, sl = k->secret_key_bytes, cl = k->ciphertext_bytes;

		tu_note("%s lengths", all[i]);
		CHECK_EQ_INT(k->keypair(k, pk, sk), CB_OK);
		CHECK_EQ_INT(cb_kem_encaps_checked(k, ct, cl, ss, 64, pk, pl - 1), CB_ERR_LENGTH);
		CHECK_EQ_INT(cb_kem_encaps_checked(k, ct, cl, ss, 64, pk, pl + 1), CB_ERR_LENGTH);
		CHECK_EQ_INT(cb_kem_encaps_checked(k, ct, cl - 1, ss, 64, pk, pl), CB_ERR_LENGTH);
		CHECK_EQ_INT(cb_kem_encaps_checked(k, ct, cl, ss, 64, pk, pl), CB_OK);
		CHECK_EQ_INT(cb_kem_decaps_checked(k, ss2, 64, ct, cl - 1, sk, sl), CB_ERR_LENGTH);
		CHECK_EQ_INT(cb_kem_decaps_checked(k, ss2, 64, ct, cl + 1, sk, sl), CB_ERR_LENGTH);
		CHECK_EQ_INT(cb_kem_decaps_checked(k, ss2, 64, ct, cl, sk, sl - 1), CB_ERR_LENGTH);
		CHECK_EQ_INT(cb_kem_decaps_checked(k, ss2, 64, ct, cl, sk, sl), CB_OK);
		CHECK_MEM(ss, ss2, k->shared_secret_bytes);
	}
}

/* Low-order X25519 u-coordinates (RFC 7748 section 7): 0 and 1. */
static void x25519_low_order(const cb_kem_class *k, size_t pk_off, size_t ct_off)
{
	uint8_t pk[1216], sk[2464], ct[1120], ss[64];

	tu_note("%s@%s low-order X25519 shares", k->info.name, k->info.backend);
	CHECK_EQ_INT(k->keypair(k, pk, sk), CB_OK);
	for (int u = 0; u < 2; u++) {
		uint8_t bad[1216];
		memcpy(bad, pk, sizeof(pk));
		memset(bad + pk_off, 0, 32);
		bad[pk_off] = (uint8_t)u;
		CHECK_EQ_INT(k->encaps(k, ct, ss, bad), CB_ERR_INVALID_KEY);
		CHECK_EQ_INT(k->encaps(k, ct, ss, pk), CB_OK);
		memset(ct + ct_off, 0, 32);
		ct[ct_off] = (uint8_t)u;
		CHECK_EQ_INT(k->decaps(k, ss, ct, sk), CB_ERR_INVALID_KEY);
	}
}

/* A point off the curve, a compressed point and the encoding of infinity. */
static void bad_points(const cb_kem_class *k, size_t pk_off, size_t ct_off)
{
	static uint8_t pk[MAXB], sk[MAXB], ct[MAXB], bad[MAXB], ss[64];
	size_t pl = k->public_key_bytes, cl = k->ciphertext_bytes;

	tu_note("%s@%s invalid points", k->info.name, k->info.backend);
	CHECK_EQ_INT(k->keypair(k, pk, sk), CB_OK);
	CHECK_EQ_INT(k->encaps(k, ct, ss, pk), CB_OK);
	for (int how = 0; how < 3; how++) {
		memcpy(bad, pk, pl);
		if (how == 0)
			bad[pk_off + 64] ^= 1; /* y + 1 or y - 1: not on the curve */
		else if (how == 1)
			bad[pk_off] = 0x02; /* compressed: RFC 8446 4.2.8.2 allows only 0x04 */
		else
			memset(bad + pk_off, 0, 65);
		CHECK_EQ_INT(k->encaps(k, ct, ss, bad), CB_ERR_INVALID_KEY);
		CHECK_EQ_INT(k->encaps(k, ct, ss, pk), CB_OK);
		memcpy(bad, ct, cl);
		if (how == 0)
			bad[ct_off + 64] ^= 1;
		else if (how == 1)
			bad[ct_off] = 0x03;
		else
			memset(bad + ct_off, 0, 65);
		CHECK_EQ_INT(k->decaps(k, ss, bad, sk), CB_ERR_INVALID_KEY);
	}
}

/* An encapsulation key with a coefficient >= q (FIPS 203 7.2). */
static void mlkem_modulus(const cb_kem_class *k, size_t ek_off)
{
	static uint8_t pk[MAXB], sk[MAXB], ct[MAXB], ss[64];

	tu_note("%s@%s ML-KEM modulus check", k->info.name, k->info.backend);
	if (k->skipped_checks & CB_KEM_SKIPS_EK_CHECK)
		return; /* the ML-KEM part says it leaves the check out */
	CHECK_EQ_INT(k->keypair(k, pk, sk), CB_OK);
	pk[ek_off] = 0xff; /* first coefficient 0xfff >= 3329 */
	pk[ek_off + 1] |= 0x0f;
	CHECK_EQ_INT(k->encaps(k, ct, ss, pk), CB_ERR_INVALID_KEY);
}

/* derand coins with an EC scalar of 0 or >= n */
static void bad_scalars(void)
{
	static uint8_t pk[MAXB], sk[MAXB], ct[MAXB], ss[64], coins[96];
	const cb_kem_class *p = kem("secp256r1mlkem768"), *s = kem("sm2-dhkem");

	memset(coins, 0, sizeof(coins));
	CHECK_EQ_INT(p->keypair_derand(p, pk, sk, coins), CB_ERR_ARG);
	memset(coins, 0xff, sizeof(coins));
	CHECK_EQ_INT(p->keypair_derand(p, pk, sk, coins), CB_ERR_ARG);
	CHECK_EQ_INT(s->keypair_derand(s, pk, sk, coins), CB_ERR_ARG);
	CHECK_EQ_INT(s->keypair(s, pk, sk), CB_OK);
	CHECK_EQ_INT(s->encaps_derand(s, ct, ss, pk, coins), CB_ERR_ARG);
}

/* ---- round trips, implicit rejection, the registry --------------------------- */

static void roundtrips(void)
{
	for (size_t i = 0; i < CB_ARRAY_LEN(all); i++) {
		const cb_kem_class *k = kem(all[i]);
		static uint8_t pk[MAXB], sk[MAXB], ct[MAXB], ss[64], ss2[64];
		tu_note("%s round trips", all[i]);
		CHECK(!strcmp(k->info.backend, "builtin"));
		CHECK(!strncmp(all[i], "sm2-", 4) ? !strcmp(cb_alg_catalog(&k->info)->family, CB_FAMILY_GM)
						   : !strcmp(cb_alg_catalog(&k->info)->family, CB_FAMILY_HYBRID));
		for (int r = 0; r < 5; r++) {
			CHECK_EQ_INT(k->keypair(k, pk, sk), CB_OK);
			CHECK_EQ_INT(k->encaps(k, ct, ss, pk), CB_OK);
			CHECK_EQ_INT(k->decaps(k, ss2, ct, sk), CB_OK);
			CHECK_MEM(ss, ss2, k->shared_secret_bytes);
		}
	}
	/* a flipped ML-KEM ciphertext bit: implicit rejection, no error */
	const char *mk[] = {"x25519mlkem768", "xwing"};
	for (size_t i = 0; i < 2; i++) {
		const cb_kem_class *k = kem(mk[i]);
		static uint8_t pk[MAXB], sk[MAXB], ct[MAXB], ss[64], ss2[64];
		CHECK_EQ_INT(k->keypair(k, pk, sk), CB_OK);
		CHECK_EQ_INT(k->encaps(k, ct, ss, pk), CB_OK);
		ct[5] ^= 0x10;
		CHECK_EQ_INT(k->decaps(k, ss2, ct, sk), CB_OK);
		CHECK(memcmp(ss, ss2, k->shared_secret_bytes) != 0);
	}
	const cb_kem_class *k = kem("secp256r1mlkem768");
	static uint8_t pk[MAXB], sk[MAXB], ct[MAXB], ss[64], ss2[64];
	CHECK_EQ_INT(k->keypair(k, pk, sk), CB_OK);
	CHECK_EQ_INT(k->encaps(k, ct, ss, pk), CB_OK);
	ct[65 + 5] ^= 0x10;
	CHECK_EQ_INT(k->decaps(k, ss2, ct, sk), CB_OK);
	CHECK_MEM(ss2, ss, 32); /* the ECDH half is unchanged */
	CHECK(memcmp(ss + 32, ss2 + 32, 32) != 0);
}

static void parts(void)
{
	const char *const *p = cb_hybrid_parts("x25519mlkem768");
	CHECK(p && !strcmp(p[0], "mlkem768") && !strcmp(p[1], "x25519") && !p[2]);
	p = cb_hybrid_parts("secp256r1mlkem768");
	CHECK(p && !strcmp(p[0], "ecdh-p256") && !strcmp(p[1], "mlkem768") && !p[2]);
	CHECK(cb_hybrid_parts("mlkem768") == NULL);
	for (size_t i = 0; (p = cb_hybrid_parts(all[i])) != NULL && i < 4; i++)
		for (size_t j = 0; p[j]; j++)
			CHECK(cb_registry_find(p[j], NULL) != NULL);
}

/* The table's breakdown: hybrid minus the sum of the parts' operations. */
static void breakdown(void)
{
	static cb_result res[7];
	static const struct {
		const char *alg, *kind, *backend, *op;
		double ns;
	} rows[7] = {
		{"x25519mlkem768", "kem", "builtin", "encaps", 200000},
		{"mlkem768", "kem", "builtin", "encaps", 40000},
		{"x25519", "kex", "openssl", "derive-cold", 130000},
		{"x25519", "kex", "openssl", "derive", 50000},
		/* a composition: the parts of its backends, not the default's; a negative combiner is noise */
		{"x25519mlkem768", "kem", "oqs+sodium", "encaps", 100000},
		{"mlkem768", "kem", "oqs", "encaps", 30000},
		{"x25519", "kex", "sodium", "derive-cold", 80000},
	};
	cb_run run;
	char out[8192] = "";
	FILE *f = tmpfile();
	size_t n;

	memset(&run, 0, sizeof(run));
	memset(res, 0, sizeof(res));
	for (int i = 0; i < 7; i++) {
		snprintf(res[i].algorithm, sizeof(res[i].algorithm), "%s", rows[i].alg);
		snprintf(res[i].kind, sizeof(res[i].kind), "%s", rows[i].kind);
		snprintf(res[i].backend, sizeof(res[i].backend), "%s", rows[i].backend);
		snprintf(res[i].operation, sizeof(res[i].operation), "%s", rows[i].op);
		res[i].threads = 1;
		res[i].estimate_ns = res[i].ns.median = rows[i].ns;
		res[i].ops_per_sec = 1e9 / rows[i].ns;
		cb_sizes_init(&res[i].sizes);
	}
	res[0].sizes.public_key = 1216;
	res[0].sizes.ciphertext = 1120;
	run.results = res;
	run.nresults = run.capacity = 7;
	CHECK(f != NULL);
	if (!f)
		return;
	CHECK_EQ_INT(cb_report_write(f, CB_FORMAT_TABLE, &run), 0);
	rewind(f);
	n = fread(out, 1, sizeof(out) - 1, f);
	out[n] = 0;
	fclose(f);
	CHECK(strstr(out, "hybrids beside their parts") != NULL);
	/* 200 - (40 + 130) = 30 µs, 15% of the hybrid */
	CHECK(strstr(out, "x25519mlkem768@builtin") != NULL);
	CHECK(strstr(out, "30.0 µs (+15%)") != NULL);
	CHECK(strstr(out, "mlkem768 encaps (builtin) + x25519 derive-cold (openssl)") != NULL);
	/* 100 - (30 + 80) = -10 µs, -10%: said to be noise */
	CHECK(strstr(out, "x25519mlkem768@oqs+sodium") != NULL);
	CHECK(strstr(out, "-10.0 µs (-10%) noise") != NULL);
	CHECK(strstr(out, "mlkem768 encaps (oqs) + x25519 derive-cold (sodium)") != NULL);
	CHECK(strstr(out, "a negative combiner is noise") != NULL);
	CHECK(strstr(out, "bytes on the wire") != NULL);
	CHECK(strstr(out, "1216          1120   2336") != NULL); /* client share, server share, total */
	if (!strstr(out, "30.0 µs (+15%)") || !strstr(out, "(-10%) noise"))
		fprintf(stderr, "%s\n", out);
}

/*
 * Compositions (hy_compose.c): named by the parts' backends, made once,
 * refused with a reason when a part is missing; every one that this build
 * can make gives the same bytes as the default (the known answers above
 * run over each), and the parts `run` times are the ones it calls.
 */
static void compositions(void)
{
	const cb_alg_info *c, *c2, *list[64];
	char why[200];
	size_t n;

	CHECK(cb_hybrid_composable("x25519mlkem768") && cb_hybrid_composable("xwing") &&
	      cb_hybrid_composable("secp256r1mlkem768") && cb_hybrid_composable("curvesm2mlkem768"));
	/* OpenSSL's sm2-dh cannot import a secret: no composition over it */
	CHECK_EQ_INT(cb_hybrid_compose("curvesm2mlkem768", "builtin+openssl", &c, why, sizeof(why)), CB_ERR_UNSUPPORTED);
	CHECK(strstr(why, "cannot import") != NULL);
	CHECK(!cb_hybrid_composable("sm2mlkem768") && !cb_hybrid_composable("mlkem768"));
	CHECK_EQ_INT(cb_hybrid_compose("mlkem768", "builtin+openssl", &c, why, sizeof(why)), CB_ERR_UNSUPPORTED);
	CHECK_EQ_INT(cb_hybrid_compose("x25519mlkem768", "openssl", &c, why, sizeof(why)), CB_ERR_ARG);
	CHECK_EQ_INT(cb_hybrid_compose("x25519mlkem768", "a+b+c", &c, why, sizeof(why)), CB_ERR_ARG);
	CHECK_EQ_INT(cb_hybrid_compose("x25519mlkem768", "no-such+openssl", &c, why, sizeof(why)), CB_ERR_UNSUPPORTED);
	CHECK(strstr(why, "no-such") != NULL);
	/* OpenSSL has no ML-KEM class: the reason names the missing part */
	CHECK_EQ_INT(cb_hybrid_compose("x25519mlkem768", "openssl+openssl", &c, why, sizeof(why)), CB_ERR_UNSUPPORTED);
	CHECK(strstr(why, "mlkem768") != NULL);
	CHECK_EQ_INT(cb_hybrid_compose("x25519mlkem768", "builtin+openssl", &c, why, sizeof(why)), CB_OK);
	CHECK_EQ_INT(cb_hybrid_compose("x25519mlkem768", "builtin+openssl", &c2, why, sizeof(why)), CB_OK);
	CHECK(c == c2); /* made once */
	CHECK(!strcmp(c->backend, "builtin+openssl") && !strcmp(c->name, "x25519mlkem768"));
	CHECK(c != &kem("x25519mlkem768")->info);
	{
		char b[32];
		CHECK(cb_hybrid_part_backend("x25519mlkem768", "oqs+sodium", "mlkem768", b, sizeof(b)) &&
		      !strcmp(b, "oqs"));
		CHECK(cb_hybrid_part_backend("x25519mlkem768", "oqs+sodium", "x25519", b, sizeof(b)) &&
		      !strcmp(b, "sodium"));
		CHECK(cb_hybrid_part_backend("secp256r1mlkem768", "builtin", "ecdh-p256", b, sizeof(b)) &&
		      !strcmp(b, "openssl"));
		CHECK(cb_hybrid_part_backend("x25519mlkem768", "oqs+sodium", "sha3-256", b, sizeof(b)) == NULL);
		CHECK(cb_hybrid_part_backend("sm2mlkem768", "builtin", "mlkem768", b, sizeof(b)) == NULL);
	}
	/* the part's cold operations are timed when (and only when) a composition of it is selected */
	{
		const cb_alg_info *sel[2] = {c, NULL};
		const cb_alg_info *ox = cb_registry_find("x25519", "openssl"), *bk = cb_registry_find("mlkem768", "builtin");
		CHECK(ox && bk);
		CHECK(cb_hybrid_needs_op(ox, "derive-cold", sel, 1, NULL));
		CHECK(cb_hybrid_needs_op(ox, "keygen-cold", sel, 1, NULL));
		CHECK(!cb_hybrid_needs_op(ox, "derive-cold", sel + 1, 0, NULL));
		CHECK(!cb_hybrid_needs_op(bk, "derive-cold", sel, 1, NULL));
		/* --ops encaps: the parts of encaps only */
		CHECK(cb_hybrid_needs_op(ox, "derive-cold", sel, 1, "encaps"));
		CHECK(!cb_hybrid_needs_op(ox, "keygen-cold", sel, 1, "encaps"));
		CHECK(cb_hybrid_needs_op(bk, "encaps", sel, 1, "encaps"));
		CHECK(!cb_hybrid_needs_op(bk, "keygen", sel, 1, "encaps"));
	}

	/* curvesm2mlkem768: the default and its compositions over libgcrypt's (and GmSSL's) sm2-dh */
	const char *names[] = {"x25519mlkem768", "secp256r1mlkem768", "xwing", "curvesm2mlkem768"};
	for (size_t i = 0; i < CB_ARRAY_LEN(names); i++) {
		n = cb_hybrid_compositions(names[i], list, CB_ARRAY_LEN(list));
		tu_note("%s: %zu compositions", names[i], n);
		CHECK(n >= 2); /* the default and at least builtin-c's ML-KEM */
		CHECK(n > 0 && list[0] == &kem(names[i])->info);
		for (size_t j = 0; j < n; j++) {
			const cb_kem_class *k = cb_as_kem(list[j]);
			char err[256] = "";
			CHECK(k && !strcmp(k->info.name, names[i]));
			if (!k)
				continue;
			if (i == 0) {
				x25519mlkem768_known(k);
				x25519_low_order(k, EK, CT);
				mlkem_modulus(k, 0);
			} else if (i == 1) {
				secp256r1mlkem768_known(k);
				bad_points(k, 0, 0);
				mlkem_modulus(k, 65);
			} else if (i == 2) {
				xwing_draft_vectors(k);
				x25519_low_order(k, EK, CT);
				mlkem_modulus(k, 0);
			} else {
				curvesm2mlkem768_known(k);
				bad_points(k, 0, 0);
				mlkem_modulus(k, 65);
			}
			tu_note("%s@%s run-time known answers", names[i], k->info.backend);
			CHECK_EQ_INT(cb_kat_run(&k->info, NULL, err, sizeof(err)), CB_OK);
		}
	}
}

static void run_time_kats(void)
{
	for (size_t i = 0; i < CB_ARRAY_LEN(all); i++) {
		char err[256];
		const cb_kem_class *k = kem(all[i]);
		tu_note("%s run-time known answers", all[i]);
		CHECK(cb_kat_count(&k->info) > 0);
		CHECK_EQ_INT(cb_kat_run(&k->info, NULL, err, sizeof(err)), CB_OK);
		if (err[0])
			fprintf(stderr, "    %s\n", err);
	}
}

int main(void)
{
	if (cb_hy_sm_unavailable()) {
		tu_skip("%s", cb_hy_sm_unavailable());
		return tu_finish();
	}
	xwing_draft_vectors(kem("xwing"));
	xwing_from_primitives();
	x25519mlkem768_known(kem("x25519mlkem768"));
	secp256r1mlkem768_known(kem("secp256r1mlkem768"));
	sm2_encryption_gm();
	sm2_dhkem_known();
	sm2mlkem768_known();
	curvesm2mlkem768_known(kem("curvesm2mlkem768"));
	sm2_enc_kem_interop();
	lengths();
	x25519_low_order(kem("x25519mlkem768"), EK, CT);
	x25519_low_order(kem("xwing"), EK, CT);
	bad_points(kem("secp256r1mlkem768"), 0, 0);
	bad_points(kem("sm2mlkem768"), EK, CT);
	bad_points(kem("curvesm2mlkem768"), 0, 0);
	bad_points(kem("sm2-dhkem"), 0, 0);
	bad_points(kem("sm2-enc-kem"), 0, 0);
	mlkem_modulus(kem("x25519mlkem768"), 0);
	mlkem_modulus(kem("secp256r1mlkem768"), 65);
	mlkem_modulus(kem("xwing"), 0);
	mlkem_modulus(kem("sm2mlkem768"), 0);
	mlkem_modulus(kem("curvesm2mlkem768"), 65);
	bad_scalars();
	roundtrips();
	parts();
	breakdown();
	compositions();
	run_time_kats();
	return tu_finish();
}
