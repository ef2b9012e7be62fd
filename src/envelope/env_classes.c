/*
 * The envelope classes `run` measures (include/cryptobench/envelope.h):
 * every recipient type of issue 10 with every payload AEAD.  They belong
 * to the builtin backend (the construction is the project's); the
 * recipient is the first backend here that has it usable (builtin for the
 * KEMs, OpenSSL for RSA-OAEP and SM2) and the AEAD the envelope's default
 * cipher class (OpenSSL's, else the first backend's usable here: SM4-GCM).
 */
#include "cryptobench/envelope.h"

#include <pthread.h>
#include <string.h>

#include "cryptobench/cipher.h"
#include "cryptobench/registry.h"
#include "envelope/envelope.h"

const cb_alg_info *cb_env_recipient_class(const char *name, const char *backend)
{
	const cb_alg_info *a, *first = NULL;
	for (size_t i = 0; (a = cb_registry_get(i)) != NULL; i++) {
		if (strcmp(a->name, name) != 0 || (a->kind != CB_KIND_KEM && a->kind != CB_KIND_PKE) ||
		    (backend && strcmp(a->backend, backend) != 0) || cb_alg_unavailable(a))
			continue;
		if (backend || !strcmp(a->backend, "builtin"))
			return a;
		if (!first)
			first = a;
	}
	return first;
}

static const char *const aead_names[] = {NULL, "aes-256-gcm", "chacha20-poly1305", "sm4-gcm"};

/* A class the envelope can use for the AEAD id: usable here, 16-byte tags, its key size. */
static const cb_cipher_class *fits(const cb_alg_info *a, int aead)
{
	const cb_cipher_class *cc = cb_as_cipher(a);
	if (!cc || strcmp(a->name, aead_names[aead]) || cb_alg_unavailable(a) || cc->tag_bytes != 16 ||
	    cc->key_bytes != (aead == CB_ENV_SM4GCM ? 16u : 32u))
		return NULL;
	return cc;
}

/* The default class of each AEAD: OpenSSL's, else the first usable in registry order; found once. */
static const cb_cipher_class *defaults[4];
static pthread_once_t defaults_once = PTHREAD_ONCE_INIT;

static void find_defaults(void)
{
	const cb_alg_info *a;
	for (int id = 1; id < 4; id++) {
		defaults[id] = fits(cb_registry_find(aead_names[id], "openssl"), id);
		for (size_t i = 0; !defaults[id] && (a = cb_registry_get(i)) != NULL; i++)
			defaults[id] = fits(a, id);
	}
}

const cb_cipher_class *cb_env_backend_cipher(int aead, const char *backend)
{
	if (aead < 1 || aead > 3)
		return NULL;
	if (!backend) {
		pthread_once(&defaults_once, find_defaults);
		return defaults[aead];
	}
	return fits(cb_registry_find(aead_names[aead], backend), aead);
}

int cb_env_aead_backend_ok(int aead, const char *backend)
{
	return cb_env_backend_cipher(aead, backend) != NULL;
}

/* The AEADs by name (the envelope's header stores their number). */
int cb_env_aead_parse(const char *name)
{
	if (!name)
		return 0;
	if (!strcmp(name, "aes-256-gcm"))
		return CB_ENV_AES256GCM;
	if (!strcmp(name, "chacha20-poly1305"))
		return CB_ENV_CHACHA20POLY1305;
	if (!strcmp(name, "sm4-gcm") && cb_env_aead_name(CB_ENV_SM4GCM))
		return CB_ENV_SM4GCM;
	return 0;
}

const char *cb_env_aead_name(int aead)
{
	switch (aead) {
	case CB_ENV_AES256GCM:
	case CB_ENV_CHACHA20POLY1305:
		return aead_names[aead];
	case CB_ENV_SM4GCM: /* only where some backend has it (OpenSSL 3.0 has none) */
		return cb_env_backend_cipher(CB_ENV_SM4GCM, NULL) ? aead_names[aead] : NULL;
	default:
		return NULL;
	}
}

static const char *env_unavailable(const char *recipient, int aead)
{
	if (!cb_env_aead_name(aead))
		return "no backend here has a usable sm4-gcm cipher class (OpenSSL 3.0 has none)";
	if (!cb_env_recipient_class(recipient, NULL))
		return "no backend here provides the recipient algorithm";
	return NULL;
}

#define ENV_CLASS(id, name, recip, aead_id)                                   \
	static const char *id##_unavailable(void)                          \
	{                                                                  \
		return env_unavailable(recip, aead_id);                       \
	}                                                                  \
	static const cb_envelope_class id = {                              \
		.info = {CB_KIND_ENVELOPE, name, "builtin",                \
			 "recipient: the first backend that has it (builtin KEMs, OpenSSL RSA/SM2); AEAD: OpenSSL's cipher class, SM4-GCM the first backend's that has one", \
			 id##_unavailable, NULL},                          \
		.recipient = recip,                                        \
		.aead = aead_id,                                            \
	};

ENV_CLASS(seal_mlkem1024_aes_256_gcm, "seal-mlkem1024-aes-256-gcm", "mlkem1024", CB_ENV_AES256GCM)
ENV_CLASS(seal_mlkem1024_chacha20_poly1305, "seal-mlkem1024-chacha20-poly1305", "mlkem1024", CB_ENV_CHACHA20POLY1305)
ENV_CLASS(seal_mlkem1024_sm4_gcm, "seal-mlkem1024-sm4-gcm", "mlkem1024", CB_ENV_SM4GCM)
ENV_CLASS(seal_mlkem768_aes_256_gcm, "seal-mlkem768-aes-256-gcm", "mlkem768", CB_ENV_AES256GCM)
ENV_CLASS(seal_mlkem768_chacha20_poly1305, "seal-mlkem768-chacha20-poly1305", "mlkem768", CB_ENV_CHACHA20POLY1305)
ENV_CLASS(seal_mlkem768_sm4_gcm, "seal-mlkem768-sm4-gcm", "mlkem768", CB_ENV_SM4GCM)
ENV_CLASS(seal_rsa2048_oaep_sha256_aes_256_gcm, "seal-rsa2048-oaep-sha256-aes-256-gcm", "rsa2048-oaep-sha256", CB_ENV_AES256GCM)
ENV_CLASS(seal_rsa2048_oaep_sha256_chacha20_poly1305, "seal-rsa2048-oaep-sha256-chacha20-poly1305", "rsa2048-oaep-sha256", CB_ENV_CHACHA20POLY1305)
ENV_CLASS(seal_rsa2048_oaep_sha256_sm4_gcm, "seal-rsa2048-oaep-sha256-sm4-gcm", "rsa2048-oaep-sha256", CB_ENV_SM4GCM)
ENV_CLASS(seal_rsa3072_oaep_sha256_aes_256_gcm, "seal-rsa3072-oaep-sha256-aes-256-gcm", "rsa3072-oaep-sha256", CB_ENV_AES256GCM)
ENV_CLASS(seal_rsa3072_oaep_sha256_chacha20_poly1305, "seal-rsa3072-oaep-sha256-chacha20-poly1305", "rsa3072-oaep-sha256", CB_ENV_CHACHA20POLY1305)
ENV_CLASS(seal_rsa3072_oaep_sha256_sm4_gcm, "seal-rsa3072-oaep-sha256-sm4-gcm", "rsa3072-oaep-sha256", CB_ENV_SM4GCM)
ENV_CLASS(seal_rsa4096_oaep_sha256_aes_256_gcm, "seal-rsa4096-oaep-sha256-aes-256-gcm", "rsa4096-oaep-sha256", CB_ENV_AES256GCM)
ENV_CLASS(seal_rsa4096_oaep_sha256_chacha20_poly1305, "seal-rsa4096-oaep-sha256-chacha20-poly1305", "rsa4096-oaep-sha256", CB_ENV_CHACHA20POLY1305)
ENV_CLASS(seal_rsa4096_oaep_sha256_sm4_gcm, "seal-rsa4096-oaep-sha256-sm4-gcm", "rsa4096-oaep-sha256", CB_ENV_SM4GCM)
ENV_CLASS(seal_sm2_enc_c1c3c2_aes_256_gcm, "seal-sm2-enc-c1c3c2-aes-256-gcm", "sm2-enc-c1c3c2", CB_ENV_AES256GCM)
ENV_CLASS(seal_sm2_enc_c1c3c2_chacha20_poly1305, "seal-sm2-enc-c1c3c2-chacha20-poly1305", "sm2-enc-c1c3c2", CB_ENV_CHACHA20POLY1305)
ENV_CLASS(seal_sm2_enc_c1c3c2_sm4_gcm, "seal-sm2-enc-c1c3c2-sm4-gcm", "sm2-enc-c1c3c2", CB_ENV_SM4GCM)
ENV_CLASS(seal_sm2mlkem768_aes_256_gcm, "seal-sm2mlkem768-aes-256-gcm", "sm2mlkem768", CB_ENV_AES256GCM)
ENV_CLASS(seal_sm2mlkem768_chacha20_poly1305, "seal-sm2mlkem768-chacha20-poly1305", "sm2mlkem768", CB_ENV_CHACHA20POLY1305)
ENV_CLASS(seal_sm2mlkem768_sm4_gcm, "seal-sm2mlkem768-sm4-gcm", "sm2mlkem768", CB_ENV_SM4GCM)
ENV_CLASS(seal_x25519mlkem768_aes_256_gcm, "seal-x25519mlkem768-aes-256-gcm", "x25519mlkem768", CB_ENV_AES256GCM)
ENV_CLASS(seal_x25519mlkem768_chacha20_poly1305, "seal-x25519mlkem768-chacha20-poly1305", "x25519mlkem768", CB_ENV_CHACHA20POLY1305)
ENV_CLASS(seal_x25519mlkem768_sm4_gcm, "seal-x25519mlkem768-sm4-gcm", "x25519mlkem768", CB_ENV_SM4GCM)
ENV_CLASS(seal_xwing_aes_256_gcm, "seal-xwing-aes-256-gcm", "xwing", CB_ENV_AES256GCM)
ENV_CLASS(seal_xwing_chacha20_poly1305, "seal-xwing-chacha20-poly1305", "xwing", CB_ENV_CHACHA20POLY1305)
ENV_CLASS(seal_xwing_sm4_gcm, "seal-xwing-sm4-gcm", "xwing", CB_ENV_SM4GCM)

const cb_alg_info *const cb_envelope_algs[] = {
	&seal_mlkem1024_aes_256_gcm.info,
	&seal_mlkem1024_chacha20_poly1305.info,
	&seal_mlkem1024_sm4_gcm.info,
	&seal_mlkem768_aes_256_gcm.info,
	&seal_mlkem768_chacha20_poly1305.info,
	&seal_mlkem768_sm4_gcm.info,
	&seal_rsa2048_oaep_sha256_aes_256_gcm.info,
	&seal_rsa2048_oaep_sha256_chacha20_poly1305.info,
	&seal_rsa2048_oaep_sha256_sm4_gcm.info,
	&seal_rsa3072_oaep_sha256_aes_256_gcm.info,
	&seal_rsa3072_oaep_sha256_chacha20_poly1305.info,
	&seal_rsa3072_oaep_sha256_sm4_gcm.info,
	&seal_rsa4096_oaep_sha256_aes_256_gcm.info,
	&seal_rsa4096_oaep_sha256_chacha20_poly1305.info,
	&seal_rsa4096_oaep_sha256_sm4_gcm.info,
	&seal_sm2_enc_c1c3c2_aes_256_gcm.info,
	&seal_sm2_enc_c1c3c2_chacha20_poly1305.info,
	&seal_sm2_enc_c1c3c2_sm4_gcm.info,
	&seal_sm2mlkem768_aes_256_gcm.info,
	&seal_sm2mlkem768_chacha20_poly1305.info,
	&seal_sm2mlkem768_sm4_gcm.info,
	&seal_x25519mlkem768_aes_256_gcm.info,
	&seal_x25519mlkem768_chacha20_poly1305.info,
	&seal_x25519mlkem768_sm4_gcm.info,
	&seal_xwing_aes_256_gcm.info,
	&seal_xwing_chacha20_poly1305.info,
	&seal_xwing_sm4_gcm.info,
	NULL,
};
