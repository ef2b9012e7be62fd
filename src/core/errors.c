#include "cryptobench/common.h"

#include <stddef.h>

const char *cb_strerror(int err)
{
	switch (err) {
	case CB_OK: return "success";
	case CB_ERR_ARG: return "invalid argument";
	case CB_ERR_NOMEM: return "out of memory";
	case CB_ERR_BACKEND: return "the cryptographic library reported an error";
	case CB_ERR_VERIFY: return "verification failed";
	case CB_ERR_UNSUPPORTED: return "not supported";
	case CB_ERR_RANDOM: return "the system random generator failed";
	case CB_ERR_INVALID_KEY: return "invalid key";
	case CB_ERR_LENGTH: return "wrong length";
	case CB_ERR_DECRYPT: return "decryption failed";
	case CB_ERR_SELFCHECK: return "self-check failed";
	case CB_ERR_IO: return "input/output error";
	case CB_ERR_FORMAT: return "malformed input";
	default: return "unknown error";
	}
}

const char *cb_kind_name(cb_kind kind)
{
	static const char *const names[CB_KIND_COUNT] = {"kem", "pke", "sig", "kex", "cipher", "hash", "envelope", "tls"};
	return (unsigned)kind < CB_KIND_COUNT ? names[kind] : NULL;
}
