/*
 * Shared by the wolfSSL (wolfCrypt) adapters: the implementation label,
 * the one-time library initialisation and each file's list of classes.
 */
#ifndef CB_WOLFSSL_COMMON_H
#define CB_WOLFSSL_COMMON_H

#include "cryptobench/common.h"

/* "wolfssl-5.5.4" (the headers' version): every wolfSSL class's implementation. */
const char *cb_wolfssl_implementation(void);
/* wolfCrypt_Init() once; CB_OK or CB_ERR_BACKEND. */
int cb_wolfssl_ready(void);
/* NULL when wolfCrypt initialised, else the reason (every class's unavailable()). */
const char *cb_wolfssl_unavailable(void);

/* variant_: the class's parameters that the generic methods read (a mode, a hash, an RSA size), or NULL. */
#define WOLFSSL_INFO(kind_, name_, notes_, variant_)                                                       \
	{.kind = (kind_), .name = (name_), .backend = "wolfssl", .notes = (notes_),                         \
	 .unavailable = cb_wolfssl_unavailable, .implementation = cb_wolfssl_implementation,                \
	 .variant = (variant_)}

/* The classes of wolfssl_sym.c, wolfssl_ec.c and wolfssl_rsa.c, each list NULL-terminated. */
extern const cb_alg_info *const cb_wolfssl_sym_algs[], *const cb_wolfssl_ec_algs[], *const cb_wolfssl_rsa_algs[];

#endif
