/*
 * OpenSSL 3 classes for X25519, ECDH P-256, ECDSA P-256 and Ed25519.
 *
 *   kex  x25519      public: raw 32 bytes (RFC 7748); secret: raw 32 bytes
 *
 * import_public / import_secret take export_public / export_secret's
 * encodings (openssl_ec_import.c).
 *
 *   kex  ecdh-p256   public: uncompressed X9.62 point (65 bytes); secret:
 *                    PKCS#8 DER; shared secret: the 32-byte x-coordinate
 *   sig  ecdsa-p256  SHA-256, DER Ecdsa-Sig-Value; SPKI / PKCS#8 DER keys
 *   sig  ed25519     pure Ed25519 (RFC 8032), 64-byte signatures; SPKI /
 *                    PKCS#8 DER keys
 */
#include "backends/openssl/openssl_ec_import.h"
#include "backends/openssl/openssl_ec_internal.h"

#include "cryptobench/kex.h"
#include "cryptobench/sig.h"

static const char *unavailable_x25519(void)
{
	return cb_ossl_unavailable(CB_KIND_KEX, "X25519");
}

static const char *unavailable_ed25519(void)
{
	return cb_ossl_unavailable(CB_KIND_SIG, "ED25519");
}

static const char *unavailable_ec(void)
{
	return cb_ossl_unavailable(CB_KIND_SIG, "EC");
}

static const struct cb_ossl_ec_variant v_x25519 = {CB_OSSL_X25519, 0}, v_p256 = {CB_OSSL_P256, 0},
					 v_ed25519 = {CB_OSSL_ED25519, 0};

#define OSSL_INFO(kind_, name_, unavail_, variant_)                                                   \
	{.kind = (kind_), .name = (name_), .backend = "openssl", .unavailable = (unavail_),         \
	 .implementation = cb_openssl_implementation, .variant = (variant_)}

static const cb_kex_class x25519 = {
	.info = OSSL_INFO(CB_KIND_KEX, "x25519", unavailable_x25519, &v_x25519),
	CB_OSSL_KEX_METHODS,
	.import_secret = cb_ossl_kex_import_private,
};

static const cb_kex_class ecdh_p256 = {
	.info = OSSL_INFO(CB_KIND_KEX, "ecdh-p256", unavailable_ec, &v_p256),
	CB_OSSL_KEX_METHODS,
	.import_secret = cb_ossl_kex_import_pkcs8,
};

static const cb_sig_class ecdsa_p256 = {.info = OSSL_INFO(CB_KIND_SIG, "ecdsa-p256", unavailable_ec, &v_p256),
					CB_OSSL_SIG_METHODS};

static const cb_sig_class ed25519 = {.info = OSSL_INFO(CB_KIND_SIG, "ed25519", unavailable_ed25519, &v_ed25519),
				     CB_OSSL_SIG_METHODS};

const cb_alg_info *const cb_openssl_ec_algs[] = {
	&x25519.info,
	&ecdh_p256.info,
	&ecdsa_p256.info,
	&ed25519.info,
	NULL,
};
