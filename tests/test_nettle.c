/*
 * nettle backend: every class against OpenSSL's class of the same name
 * (tests/test_nettle_common.h), plus the classes the backend must list.
 */
#include "test_nettle_common.h"

static const char *const expected[] = {
	"sha256", "sha3-256", "sm3", "aes-128-ecb", "aes-128-ecb-pkcs7", "aes-128-cbc", "aes-128-cbc-pkcs7",
	"aes-128-ctr", "aes-128-gcm", "aes-256-ecb", "aes-256-ecb-pkcs7", "aes-256-cbc", "aes-256-cbc-pkcs7",
	"aes-256-ctr", "aes-256-gcm", "chacha20-poly1305", "x25519", "ed25519", "ecdsa-p256", "ecdh-p256",
	"rsa2048-pkcs1", "rsa3072-pkcs1", "rsa4096-pkcs1", "rsa2048-pkcs1-sha256", "rsa2048-pss-sha256",
	"rsa3072-pkcs1-sha256", "rsa3072-pss-sha256", "rsa4096-pkcs1-sha256", "rsa4096-pss-sha256", NULL,
};

int main(void)
{
	size_t n = 0;

	for (size_t i = 0; expected[i]; i++, n++) {
		tu_note("%s", expected[i]);
		CHECK(cb_registry_find(expected[i], "nettle") != NULL);
	}
	xl_all("nettle", n);
	return tu_finish();
}
