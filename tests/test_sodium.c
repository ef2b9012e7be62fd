/*
 * libsodium backend: every class against OpenSSL's class of the same name
 * (tests/test_nettle_common.h), plus the classes the backend must list.
 */
#include "test_nettle_common.h"

static const char *const expected[] = {
	"sha256", "chacha20-poly1305", "aes-256-gcm", "x25519", "ed25519", NULL,
};

int main(void)
{
	size_t n = 0;

	for (size_t i = 0; expected[i]; i++) {
		const cb_alg_info *a = cb_registry_find(expected[i], "sodium");
		tu_note("%s", expected[i]);
		CHECK(a != NULL);
		if (a && !cb_alg_unavailable(a))
			n++;
	}
	xl_all("sodium", n);
	return tu_finish();
}
