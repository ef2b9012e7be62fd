/*
 * The envelope's memory API and its AEAD backends (docs/ENVELOPE.md): an
 * envelope sealed from a buffer opens from a stream and the other way
 * round, for 1 to 3 chunk workers; every chunk's modification and every
 * cut is refused with nothing of the plaintext left; a backend's AEAD
 * class makes envelopes the built-in one opens; and the envelope class
 * `run` measures prepares and self-checks (open(seal(m)) == m), with its
 * sizes read from the real envelope.
 */
#include <stdlib.h>
#include <string.h>

#include "bench/cases.h"
#include "core/util.h"
#include "cryptobench/envelope.h"
#include "cryptobench/kem.h"
#include "cryptobench/registry.h"
#include "envelope/envelope.h"
#include "testutil.h"

#define LOG2 10 /* 1 KiB chunks */
#define CHUNK (1u << LOG2)

static const cb_kem_class *kem;
static uint8_t pk[4096], sk[4096];

/* Seal len bytes (0x00, 0x01, ...) into a fresh buffer: 0 or the error. */
static int seal_buf(size_t len, const cb_env_opts *o, uint8_t **msg, uint8_t **env, size_t *envlen)
{
	cb_env_recipient r = {kem, pk, NULL, NULL};
	size_t cap = cb_envelope_sealed_max(&r, 1, o->chunk_log2, len);
	*msg = malloc(len ? len : 1);
	*env = malloc(cap);
	for (size_t i = 0; i < len; i++)
		(*msg)[i] = (uint8_t)(i * 7 + 1);
	*envlen = cap;
	return cb_envelope_seal_mem(*msg, len, *env, envlen, &r, 1, o);
}

static void mem_and_streams(void)
{
	static const size_t lens[] = {0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 5 * CHUNK, 5 * CHUNK + 17};
	cb_env_key k = {kem, sk, NULL, NULL};
	for (size_t li = 0; li < CB_ARRAY_LEN(lens); li++)
		for (unsigned t = 1; t <= 3; t++) {
			cb_env_opts o = {CB_ENV_AES256GCM, LOG2, t, NULL};
			uint8_t *msg, *env, *pt = malloc(lens[li] + 1);
			size_t envlen, ptlen = lens[li], pl = 0;
			char *p = NULL;
			FILE *in, *out;
			tu_note("%zu bytes, %u workers", lens[li], t);
			CHECK_EQ_INT(seal_buf(lens[li], &o, &msg, &env, &envlen), CB_OK);
			/* the buffer's envelope opens from memory and from a stream */
			CHECK_EQ_INT(cb_envelope_open_mem(env, envlen, pt, &ptlen, &k, &o), CB_OK);
			CHECK(ptlen == lens[li]);
			CHECK_MEM(pt, msg, lens[li]);
			in = fmemopen(env, envlen, "rb");
			out = open_memstream(&p, &pl);
			CHECK_EQ_INT(cb_envelope_open_key(in, out, &k, t), CB_OK);
			fclose(in);
			fclose(out);
			CHECK(pl == lens[li]);
			CHECK_MEM(p, msg, lens[li]);
			free(p);
			/* a stream's envelope opens from memory */
			{
				cb_env_recipient r = {kem, pk, NULL, NULL};
				p = NULL;
				pl = 0;
				in = lens[li] ? fmemopen(msg, lens[li], "rb") : fopen("/dev/null", "rb");
				out = open_memstream(&p, &pl);
				CHECK_EQ_INT(cb_envelope_seal_mt(in, out, &r, 1, CB_ENV_AES256GCM, LOG2, 2), CB_OK);
				fclose(in);
				fclose(out);
				CHECK(pl == envlen);
				ptlen = lens[li];
				CHECK_EQ_INT(cb_envelope_open_mem((uint8_t *)p, pl, pt, &ptlen, &k, &o), CB_OK);
				CHECK(ptlen == lens[li]);
				CHECK_MEM(pt, msg, lens[li]);
				free(p);
			}
			free(msg);
			free(env);
			free(pt);
		}
}

/* Every chunk byte flipped (sampled: the first and last of each chunk and its tag) and every cut is refused. */
static void tamper(void)
{
	cb_env_opts o = {CB_ENV_CHACHA20POLY1305, LOG2, 2, NULL};
	cb_env_key k = {kem, sk, NULL, NULL};
	uint8_t *msg, *env, *pt = malloc(4 * CHUNK);
	size_t envlen, ptlen, len = 3 * CHUNK + 100, hlen, small;
	CHECK_EQ_INT(seal_buf(len, &o, &msg, &env, &envlen), CB_OK);
	hlen = envlen - len - 4 * 16;
	for (size_t off = 0; off < envlen; off += off < hlen ? 1 : CHUNK / 4) {
		int rc;
		tu_note("byte %zu flipped", off);
		env[off] ^= 0x10;
		memset(pt, 0xAA, 4 * CHUNK);
		ptlen = 4 * CHUNK;
		rc = cb_envelope_open_mem(env, envlen, pt, &ptlen, &k, &o);
		CHECK(rc == CB_ERR_VERIFY || rc == CB_ERR_FORMAT || rc == CB_ERR_UNSUPPORTED);
		/* nothing of the plaintext is left */
		CHECK(memmem(pt, 4 * CHUNK, msg + 200, 64) == NULL);
		env[off] ^= 0x10;
	}
	for (size_t cut = hlen; cut < envlen; cut += 7) {
		tu_note("cut at %zu", cut);
		ptlen = 4 * CHUNK;
		CHECK_EQ_INT(cb_envelope_open_mem(env, cut, pt, &ptlen, &k, &o), CB_ERR_VERIFY);
	}
	ptlen = 4 * CHUNK;
	CHECK_EQ_INT(cb_envelope_open_mem(env, envlen, pt, &ptlen, &k, &o), CB_OK);
	/* too small an output is refused before anything is written */
	small = len - 1;
	CHECK_EQ_INT(cb_envelope_open_mem(env, envlen, pt, &small, &k, &o), CB_ERR_LENGTH);
	small = envlen - 1;
	{
		cb_env_recipient r = {kem, pk, NULL, NULL};
		uint8_t *e2 = malloc(envlen);
		CHECK_EQ_INT(cb_envelope_seal_mem(msg, len, e2, &small, &r, 1, &o), CB_ERR_LENGTH);
		free(e2);
	}
	free(msg);
	free(env);
	free(pt);
}

/* A backend's AEAD class seals what the built-in AEAD opens, and back. */
static void backends(void)
{
	static const char *const names[] = {"openssl", "gcrypt", "nettle", "sodium", "mbedtls", "botan", "wolfssl"};
	static const int aeads[] = {CB_ENV_AES256GCM, CB_ENV_CHACHA20POLY1305, CB_ENV_SM4GCM};
	cb_env_key k = {kem, sk, NULL, NULL};
	int tried = 0;
	for (size_t b = 0; b < CB_ARRAY_LEN(names); b++)
		for (size_t a = 0; a < CB_ARRAY_LEN(aeads); a++) {
			cb_env_opts with = {aeads[a], LOG2, 2, names[b]}, plain = {aeads[a], LOG2, 1, NULL};
			uint8_t *msg, *env, *pt = malloc(3 * CHUNK);
			size_t envlen, ptlen = 3 * CHUNK, len = 2 * CHUNK + 5;
			if (!cb_env_aead_name(aeads[a]))
				continue;
			tu_note("%s %s", names[b], cb_env_aead_name(aeads[a]));
			if (!cb_env_aead_backend_ok(aeads[a], names[b])) {
				CHECK_EQ_INT(seal_buf(len, &with, &msg, &env, &envlen), CB_ERR_BACKEND);
			} else {
				tried++;
				CHECK_EQ_INT(seal_buf(len, &with, &msg, &env, &envlen), CB_OK);
				CHECK_EQ_INT(cb_envelope_open_mem(env, envlen, pt, &ptlen, &k, &plain), CB_OK);
				CHECK(ptlen == len);
				CHECK_MEM(pt, msg, len);
				free(msg);
				free(env);
				CHECK_EQ_INT(seal_buf(len, &plain, &msg, &env, &envlen), CB_OK);
				ptlen = 3 * CHUNK;
				CHECK_EQ_INT(cb_envelope_open_mem(env, envlen, pt, &ptlen, &k, &with), CB_OK);
				CHECK(ptlen == len);
				CHECK_MEM(pt, msg, len);
				env[envlen - 1] ^= 1;
				ptlen = 3 * CHUNK;
				CHECK_EQ_INT(cb_envelope_open_mem(env, envlen, pt, &ptlen, &k, &with), CB_ERR_VERIFY);
			}
			free(msg);
			free(env);
			free(pt);
		}
	CHECK(tried >= 2); /* at least OpenSSL's AES-256-GCM and ChaCha20-Poly1305 */
	CHECK(!cb_env_aead_backend_ok(CB_ENV_AES256GCM, "no-such-backend"));
}

/* The envelope class: every recipient type prepares, self-checks and runs. */
static void cases(void)
{
	static const char *const names[] = {"seal-xwing-aes-256-gcm", "seal-mlkem1024-chacha20-poly1305",
					    "seal-rsa2048-oaep-sha256-aes-256-gcm", "seal-sm2-enc-c1c3c2-aes-256-gcm",
					    "seal-sm2mlkem768-sm4-gcm", "seal-x25519mlkem768-aes-256-gcm"};
	static const char *const ops[] = {"seal", "open"};
	size_t n = 0;
	const cb_alg_info *a;
	for (size_t i = 0; (a = cb_registry_get(i)) != NULL; i++)
		if (a->kind == CB_KIND_ENVELOPE) {
			const cb_envelope_class *e = cb_as_envelope(a);
			n++;
			CHECK(e && cb_env_recipient_class(e->recipient, NULL) != NULL);
			CHECK(cb_catalog_find(a->name) != NULL);
		}
	CHECK(n == 27); /* 9 recipient types x 3 AEADs */
	for (size_t i = 0; i < CB_ARRAY_LEN(names); i++)
		for (size_t o = 0; o < 2; o++)
			for (unsigned t = 1; t <= 2; t++) {
				const cb_alg_info *alg = cb_registry_find(names[i], "builtin");
				size_t msg = t == 1 ? 128 : 70000;
				cb_case *c = NULL;
				cb_sizes sz;
				char err[256];
				int rc;
				tu_note("%s %s %u workers", names[i], ops[o], t);
				CHECK(alg != NULL);
				if (!alg)
					continue;
				if (cb_alg_unavailable(alg))
					continue; /* SM4-GCM without libgcrypt */
				rc = cb_case_prepare_mt(alg, ops[o], &msg, NULL, t, &c, &sz, err, sizeof(err));
				CHECK_EQ_INT(rc, 0);
				if (rc) {
					tu_note("%s", err);
					continue;
				}
				CHECK(msg == (t == 1 ? 128u : 70000u));
				CHECK(sz.ciphertext > (long)msg && sz.overhead == sz.ciphertext - (long)msg);
				CHECK(sz.public_key > 0);
				CHECK_EQ_INT(cb_case_run(c), 0);
				CHECK_EQ_INT(cb_case_run(c), 0);
				cb_case_free(c);
			}
	CHECK(cb_case_threads_inside(CB_KIND_ENVELOPE) && !cb_case_threads_inside(CB_KIND_CIPHER));
	cb_case_cache_clear();
}

int main(void)
{
	kem = cb_as_kem(cb_registry_find("mlkem768", "builtin"));
	CHECK(kem != NULL);
	if (!kem)
		return tu_finish();
	CHECK_EQ_INT(kem->keypair(kem, pk, sk), CB_OK);
	mem_and_streams();
	tamper();
	backends();
	cases();
	return tu_finish();
}
