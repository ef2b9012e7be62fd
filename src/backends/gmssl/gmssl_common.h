/*
 * Shared by the GmSSL adapters (gmssl_sm2.c, gmssl_sm2kx.c, gmssl_sym.c, gmssl_tls.c, gmssl_common.c).
 *
 * GmSSL is built from the pinned anchor (backend.cmake).  With it, the
 * adapters are compiled with CB_GMSSL_BUILT and linked with libgmssl.a into
 * one object whose only global symbol is cb_backend_gmssl; without it,
 * gmssl_common.c lists the same class names, each "not built (make anchors)".
 */
#ifndef CB_GMSSL_COMMON_H
#define CB_GMSSL_COMMON_H

#include "cryptobench/common.h"

/* The pinned commit (scripts/anchors.list). */
#define CB_GMSSL_COMMIT "24ae482"

/* "GmSSL 3.3.0-dev.1183 (commit 24ae482)": the implementation label of every class. */
const char *cb_gmssl_implementation(void);

/* variant_: the class's parameters that the generic methods read (SM2 key use and form, SM4 mode), or NULL. */
#define GMSSL_INFO(kind_, name_, notes_, variant_) \
	{.kind = (kind_), .name = (name_), .backend = "gmssl", .notes = (notes_), \
	 .unavailable = NULL, .implementation = cb_gmssl_implementation, .variant = (variant_)}

/* The end of an SM2 class's notes: the field arithmetic GmSSL was built with (backend.cmake). */
#ifdef CB_GMSSL_SM2_ASM
#define GMSSL_SM2_ASM "; GmSSL's sm2_z256 field arithmetic in assembly"
#else
#define GMSSL_SM2_ASM "; GmSSL's portable sm2_z256 C"
#endif

#ifdef CB_GMSSL_BUILT
#include <gmssl/sm2.h>

/*
 * A peer's point (65 bytes) into p: uncompressed, on the curve
 * (sm2_z256_point_from_octets), not the point at infinity, which GmSSL
 * reads 0x04 || 0^64 as and accepts; else CB_ERR_INVALID_KEY (sm2-dh,
 * sm2-kx).
 */
int cb_gmssl_point_in(const uint8_t in[65], SM2_Z256_POINT *p);

extern const cb_alg_info *const cb_gmssl_sm2_algs[]; /* gmssl_sm2.c: sm2-sign, sm2-enc-*, sm2-dh */
extern const cb_alg_info *const cb_gmssl_sm2kx_algs[]; /* gmssl_sm2kx.c: sm2-kx (GM/T 0003.3) */
extern const cb_alg_info *const cb_gmssl_sym_algs[]; /* gmssl_sym.c: sm3, sm4-* */
extern const cb_alg_info *const cb_gmssl_tls_algs[]; /* gmssl_tls.c: TLS 1.3 handshakes through GmSSL's stack */
#endif

#endif
