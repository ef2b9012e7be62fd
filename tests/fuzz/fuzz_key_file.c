/*
 * libFuzzer target: the key-file normaliser of src/core/der.c (PEM,
 * PKCS#8 / PKCS#1 / SEC1 private keys, SPKI / PKCS#1 public keys).  A key
 * accepted once is canonical: normalising it again gives the same bytes
 * and type, and its PEM armour decodes back to it.
 */
#include <stdlib.h>

#include "core/der.h"
#include "fuzz_util.h"

static void check_canonical(int secret, const uint8_t *c, size_t n, cb_key_type t)
{
	uint8_t *again = NULL, *der = NULL;
	size_t alen = 0, dlen = 0, pl = 0;
	cb_key_type t2;
	char *pem = NULL, label[64];

	FUZZ_ASSERT((secret ? cb_key_private_pkcs8(c, n, &t2, &again, &alen)
			    : cb_key_public_spki(c, n, &t2, &again, &alen)) == CB_OK);
	FUZZ_ASSERT(t2 == t && alen == n && memcmp(again, c, n) == 0);
	FUZZ_ASSERT(cb_pem_encode(secret ? "PRIVATE KEY" : "PUBLIC KEY", c, n, &pem, &pl) == CB_OK);
	FUZZ_ASSERT(cb_pem_decode((const uint8_t *)pem, pl, label, sizeof(label), &der, &dlen) == CB_OK);
	FUZZ_ASSERT(dlen == n && memcmp(der, c, n) == 0);
	free(again);
	free(der);
	free(pem);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *der = NULL, *c = NULL;
	const uint8_t *in = data, *raw;
	size_t len = size, clen = 0, rl;
	cb_key_type t;
	char label[64];
	int r = cb_pem_decode(data, size, label, sizeof(label), &der, &len);

	if (r < 0)
		return 0;
	if (r == 0)
		in = der;
	else
		len = size;
	for (int secret = 0; secret < 2; secret++) {
		r = secret ? cb_key_private_pkcs8(in, len, &t, &c, &clen) : cb_key_public_spki(in, len, &t, &c, &clen);
		if (r == CB_OK) {
			check_canonical(secret, c, clen, t);
			if (t != CB_KEY_RSA)
				FUZZ_ASSERT(cb_key_raw(c, clen, secret, &raw, &rl) == CB_OK && rl >= 32);
			free(c);
			c = NULL;
		}
	}
	free(der);
	return 0;
}
