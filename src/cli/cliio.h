/*
 * What the raw-operation commands (kem, keygen, sig, pke, kex, cipher,
 * hash) share: inputs read whole (raw or hex), outputs
 * committed together (raw or hex), and key files (keyfile.c).  Every
 * function here prints its error (one line) and returns -1 on failure.
 */
#ifndef CB_CLI_CLIIO_H
#define CB_CLI_CLIIO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CLI_MODE_PUBLIC 0644
#define CLI_MODE_SECRET 0600
/* Keys, ciphertexts of a KEM: small.  Messages: up to 1 GiB, read whole. */
#define CLI_MAX_SMALL (1u << 20)
#define CLI_MAX_MESSAGE (1u << 30)

/*
 * Read a whole input (path NULL or "-": standard input) of at most maxlen
 * bytes; with hex, decode it (white space allowed).  *data malloc'd, the
 * caller wipes (if secret) and frees it.  `what` names it in errors
 * ("the message").
 */
int cli_read(const char *path, int hex, size_t maxlen, uint8_t **data, size_t *len);

/* Read exactly want bytes into out: "'F' is N bytes; ALG WHAT are WANT bytes". */
int cli_read_exact(const char *path, int hex, uint8_t *out, size_t want, const char *alg, const char *what);

/* One output of a command (path NULL or "-": standard output). */
struct cli_out {
	const char *path;
	const uint8_t *data;
	size_t len;
	unsigned mode;
};

/*
 * Write every item (raw, or lower-case hex and a newline with hex) as one
 * commit: all appear or none does (cb_write_files_atomic).  The data go
 * out with write(2), from buffers wiped here.
 */
int cli_write_outputs(const struct cli_out *it, size_t n, int hex);

/* "-" for NULL: how a missing -i / -o is passed on. */
static inline const char *cli_path(const char *p)
{
	return p ? p : "-";
}

/* How a path is named in messages: "standard input" / "standard output" for "-". */
const char *cli_in_name(const char *p);
const char *cli_out_name(const char *p);

#endif

/* ---- key files (keyfile.c) ---- */

#include "core/der.h"
#include "cryptobench/common.h"

/* The key a class takes: RSA for rsa*, P-256 for *-p256, SM2 for sm2-*, ... */
cb_key_type cli_alg_key_type(const char *alg);

/*
 * A handle for class a (sig, pke or kex) from the private key in path:
 * PKCS#8, PKCS#1 (RSA) or SEC1 (EC), DER or PEM, or 32 raw bytes for
 * X25519 / Ed25519; normalised (der.c) to the encoding a's import_secret
 * takes, then imported.  Free it with cli_key_free.
 */
int cli_load_secret(const cb_alg_info *a, const char *path, const cb_opts *opts, void **key);

/* The same for a public key (SubjectPublicKeyInfo or PKCS#1, DER or PEM, raw 32 bytes or a 65-byte point); sig and pke. */
int cli_load_public(const cb_alg_info *a, const char *path, const cb_opts *opts, void **key);

/* A kex peer's public value as derive takes it (raw 32 bytes, or the X9.62 point), from any public key file. */
int cli_load_peer(const cb_alg_info *a, const char *path, uint8_t **raw, size_t *rawlen);

void cli_key_free(const cb_alg_info *a, void *key);

/*
 * The key pair of handle key as files: PKCS#8 and SubjectPublicKeyInfo,
 * PEM (or DER with der set).  *sec and *pub malloc'd; wipe *sec.
 */
int cli_encode_keypair(const cb_alg_info *a, const void *key, int der, uint8_t **sec, size_t *seclen,
		       uint8_t **pub, size_t *publen);
