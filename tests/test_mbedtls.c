/*
 * mbedTLS backend: every class against OpenSSL's class of the same name
 * (tests/test_nettle_common.h), plus the classes the backend must list.
 * Skipped (77) when this build has no mbedTLS backend.
 */
#include "test_nettle_common.h"

static const char *const expected[] = {
	"sha256",
	"aes-128-ecb",
	"aes-128-ecb-pkcs7",
	"aes-128-cbc",
	"aes-128-cbc-pkcs7",
	"aes-128-ctr",
	"aes-128-gcm",
	"aes-256-ecb",
	"aes-256-ecb-pkcs7",
	"aes-256-cbc",
	"aes-256-cbc-pkcs7",
	"aes-256-ctr",
	"aes-256-gcm",
	"chacha20-poly1305",
	"x25519",
	"ecdh-p256",
	"ecdsa-p256",
	"rsa2048-pkcs1",
	"rsa3072-pkcs1",
	"rsa4096-pkcs1",
	"rsa2048-oaep-sha256",
	"rsa3072-oaep-sha256",
	"rsa4096-oaep-sha256",
	"rsa2048-pkcs1-sha256",
	"rsa2048-pss-sha256",
	"rsa3072-pkcs1-sha256",
	"rsa3072-pss-sha256",
	"rsa4096-pkcs1-sha256",
	"rsa4096-pss-sha256",
	NULL,
};

int main(void)
{
	size_t n = 0;

	if (!cb_backend_find("mbedtls")) {
		tu_skip("this build has no mbedTLS backend (libmbedtls-dev 2.28 not found at configure time)");
		return tu_finish();
	}
	for (size_t i = 0; expected[i]; i++) {
		const cb_alg_info *a = cb_registry_find(expected[i], "mbedtls");
		tu_note("%s", expected[i]);
		CHECK(a != NULL);
		if (a && !cb_alg_unavailable(a))
			n++;
	}
	xl_all("mbedtls", n);
	return tu_finish();
}
