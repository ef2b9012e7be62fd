/*
 * Botan backend: every class against OpenSSL's class of the same name
 * (tests/test_nettle_common.h), plus the classes the backend must list and
 * the SM2 user ID as Botan takes it.  Without Botan in this build the test
 * is skipped.
 */
#include "test_nettle_common.h"

/*
 * sm2-sign with a user ID from cb_opts: signs and verifies under that ID, a
 * default-ID handle of the same public key refuses the signature (and has
 * no secret to export: CB_ERR_ARG), and an ID Botan's parameter string
 * cannot carry (a comma) is refused at keygen (CB_ERR_UNSUPPORTED) and at
 * import (CB_ERR_INVALID_KEY).
 */
static void sm2_user_id(void)
{
	static const char id[] = "ALICE123@YAHOO.COM";
	const cb_sig_class *c = cb_as_sig(cb_registry_find("sm2-sign", "botan"));
	cb_opts o = {.sm2_id = (const uint8_t *)id, .sm2_id_len = sizeof(id) - 1};
	cb_opts bad = {.sm2_id = (const uint8_t *)"a,b", .sm2_id_len = 3};
	void *k = NULL, *v = NULL;
	uint8_t m[50], sg[80], pub[200];
	size_t ls = sizeof(sg), lp = sizeof(pub);

	tu_note("sm2-sign, user ID %s", id);
	if (!c || cb_alg_unavailable(&c->info))
		return;
	tu_fill(m, sizeof(m), 5);
	CHECK_EQ_INT(c->keygen(c, &o, &k), 0);
	if (!k)
		return;
	CHECK_EQ_INT(c->sign(k, m, sizeof(m), sg, &ls), 0);
	CHECK_EQ_INT(c->verify(k, m, sizeof(m), sg, ls), 0);
	CHECK_EQ_INT(c->export_public(k, pub, &lp), 0);
	CHECK_EQ_INT(c->import_public(c, pub, lp, NULL, &v), 0);
	if (v) {
		CHECK_EQ_INT(c->verify(v, m, sizeof(m), sg, ls), CB_ERR_VERIFY);
		ls = sizeof(sg);
		CHECK_EQ_INT(c->export_secret(v, sg, &ls), CB_ERR_ARG);
		c->key_free(v);
	}
	v = NULL;
	CHECK_EQ_INT(c->import_public(c, pub, lp, &bad, &v), CB_ERR_INVALID_KEY);
	CHECK(v == NULL);
	c->key_free(k);
	k = NULL;
	CHECK_EQ_INT(c->keygen(c, &bad, &k), CB_ERR_UNSUPPORTED);
	CHECK(k == NULL);
}

static const char *const expected[] = {
	"sha256", "sha3-256", "sm3", "aes-128-gcm", "aes-256-gcm", "sm4-gcm", "chacha20-poly1305",
	"aes-128-cbc", "aes-256-cbc", "sm4-cbc", "aes-128-cbc-pkcs7", "aes-256-cbc-pkcs7", "sm4-cbc-pkcs7",
	"aes-128-ctr", "aes-256-ctr", "sm4-ctr", "aes-128-ecb", "aes-256-ecb", "sm4-ecb",
	"aes-128-ecb-pkcs7", "aes-256-ecb-pkcs7", "sm4-ecb-pkcs7",
	"x25519", "ecdh-p256", "ecdsa-p256", "ed25519", "sm2-sign",
	"sm2-enc-c1c3c2", "sm2-enc-c1c2c3", "sm2-enc-der",
	"rsa2048-pkcs1-sha256", "rsa2048-pss-sha256", "rsa3072-pkcs1-sha256", "rsa3072-pss-sha256",
	"rsa4096-pkcs1-sha256", "rsa4096-pss-sha256",
	"rsa2048-pkcs1", "rsa2048-oaep-sha256", "rsa3072-pkcs1", "rsa3072-oaep-sha256",
	"rsa4096-pkcs1", "rsa4096-oaep-sha256", NULL,
};

int main(void)
{
	size_t n = 0;

	if (!cb_backend_find("botan")) {
		tu_skip("this build has no Botan backend (libbotan-2-dev not found)");
		return tu_finish();
	}
	for (size_t i = 0; expected[i]; i++) {
		const cb_alg_info *a = cb_registry_find(expected[i], "botan");
		tu_note("%s", expected[i]);
		CHECK(a != NULL);
		if (a && !cb_alg_unavailable(a))
			n++;
	}
	xl_all("botan", n);
	sm2_user_id();
	return tu_finish();
}
