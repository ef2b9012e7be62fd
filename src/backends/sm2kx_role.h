/*
 * What the SM2 key-exchange classes (GM/T 0003.3; openssl, gmssl) check
 * in derive before the protocol, the same way: the peer's value P' || R'
 * is exactly publen bytes, the caller has room for the keylen-byte key,
 * and the roles: the party with the smaller public value is the initiator
 * A (*initiator 1), and a party cannot exchange with itself (its own
 * public value own, publen bytes).  CB_OK, else CB_ERR_INVALID_KEY or
 * CB_ERR_LENGTH.
 */
#ifndef CB_BACKENDS_SM2KX_ROLE_H
#define CB_BACKENDS_SM2KX_ROLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cryptobench/common.h"

static inline int cb_sm2kx_role(const uint8_t *own, size_t publen, const uint8_t *peer, size_t peerlen, size_t sslen,
				size_t keylen, int *initiator)
{
	int cmp;

	if (peerlen != publen)
		return CB_ERR_INVALID_KEY;
	if (sslen < keylen)
		return CB_ERR_LENGTH;
	cmp = memcmp(own, peer, publen);
	if (cmp == 0)
		return CB_ERR_INVALID_KEY;
	*initiator = cmp < 0;
	return CB_OK;
}

#endif
