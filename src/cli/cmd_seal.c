/*
 * `cryptobench seal` and `cryptobench open`: envelope encryption of a file
 * to KEM recipients (src/envelope, docs/ENVELOPE.md).  Keys are the raw
 * files `cryptobench kem keygen` (or `keygen`) writes, named with their
 * algorithm: -r xwing:bob.ek, -k xwing:bob.dk; RSA-OAEP and SM2 keys are
 * key files.  --backend picks the library of the AEAD and of RSA/SM2.
 *
 * The output goes to a temporary file renamed into place only when the
 * whole input was sealed, or opened and every chunk authenticated; on any
 * failure the output path is left as it was.  Standard output ('-', the
 * default) cannot be taken back: `open` then writes each chunk once it
 * authenticated and reports a later failure by its exit status.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cliio.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "core/util.h"
#include "cryptobench/fileio.h"
#include "cryptobench/kem.h"
#include "cryptobench/registry.h"
#include "envelope/envelope.h"

#define MAX_KEY (1u << 20)

static const struct cli_command seal_cmd = {
	"seal",
	"cryptobench seal -r ALG:PUBKEY [-r ALG:PUBKEY]... [--aead NAME] [--chunk SIZE]\n"
	"                        [--threads N] [--backend NAME] [-i IN] [-o OUT]",
	"Encrypt IN (default standard input) to OUT (default standard output) for every\n"
	"recipient: a fresh file key is wrapped for each with a KEM encapsulation to its\n"
	"public key, and the data sealed in chunks (docs/ENVELOPE.md).\n",
	"exit status: 0 sealed, 1 unreadable or invalid key or input, unwritable output,\n"
	"2 usage error\n",
	CLI_CMD_EXACT | CLI_CMD_NO_OPERANDS};

static const struct cli_command open_cmd = {
	"open", "cryptobench open -k ALG:KEY [--threads N] [--backend NAME] [-i IN] [-o OUT]",
	"Decrypt an envelope made by 'cryptobench seal' with a recipient's secret key\n"
	"(as 'cryptobench kem keygen --dk' writes it, or an RSA-OAEP / SM2 private\n"
	"key file from 'cryptobench keygen' or openssl).  OUT (mode 0600) appears only\n"
	"when every chunk authenticated; otherwise it is left as it was.\n",
	"exit status: 0 opened, 1 unreadable key or input, not an envelope, no block\n"
	"for this algorithm, unwritable output, 2 usage error, 4 authentication failed\n"
	"(wrong key, or the envelope was modified, truncated or reordered)\n",
	CLI_CMD_EXACT | CLI_CMD_NO_OPERANDS};

/*
 * "alg:file": a KEM's raw key (exactly its size, as 'kem keygen' writes it)
 * into *raw, or an RSA-OAEP / SM2 encryption key file (PKCS#8 or
 * SubjectPublicKeyInfo, PEM or DER, as 'keygen' or openssl genpkey write
 * it) into a handle in *pke_key.
 */
static int load_key(const char *spec, int secret, const char *backend, const cb_kem_class **kp, uint8_t **raw,
		    const cb_pke_class **pp, void **pke_key)
{
	const char *colon = strchr(spec, ':');
	char alg[64];
	uint8_t *buf = NULL;
	size_t len = 0, want;
	const cb_alg_info *a;
	const cb_kem_class *k;
	int err;

	*kp = NULL;
	*raw = NULL;
	*pp = NULL;
	*pke_key = NULL;
	if (!colon || colon == spec || (size_t)(colon - spec) >= sizeof(alg)) {
		cli_error("'%s' is not ALG:FILE (e.g. xwing:bob.%s)", spec, secret ? "dk" : "ek");
		return CB_EXIT_USAGE;
	}
	memcpy(alg, spec, (size_t)(colon - spec));
	alg[colon - spec] = '\0';
	a = cb_registry_find(alg, NULL);
	if (a && backend) {
		const cb_alg_info *b = cb_registry_find(alg, backend);
		if (b)
			a = b;
		else if (a->kind == CB_KIND_PKE) {
			cli_error("backend '%s' has no %s (see 'cryptobench list %s')", backend, alg, alg);
			return CB_EXIT_FAIL;
		}
	}
	if (a && a->kind == CB_KIND_PKE) {
		const cb_pke_class *p = cb_as_pke(a);
		if (!cb_env_pke_ok(p)) {
			cli_error("'%s' cannot protect an envelope's key (RSA-OAEP and SM2 encryption can; PKCS#1 v1.5 "
				  "and raw RSA give a padding oracle)", alg);
			return CB_EXIT_USAGE;
		}
		if (cb_alg_unavailable(a)) {
			cli_error("'%s' is unavailable here: %s", alg, cb_alg_unavailable(a));
			return CB_EXIT_FAIL;
		}
		if (secret ? cli_load_secret(a, colon + 1, NULL, pke_key) : cli_load_public(a, colon + 1, NULL, pke_key))
			return CB_EXIT_FAIL;
		*pp = p;
		return CB_EXIT_OK;
	}
	k = cb_as_kem(a);
	if (!k) {
		cli_error("'%s' is neither a KEM nor RSA-OAEP / SM2 encryption (see 'cryptobench list kem pke')", alg);
		return CB_EXIT_USAGE;
	}
	if (cb_alg_unavailable(&k->info)) {
		cli_error("'%s' is unavailable here: %s", alg, cb_alg_unavailable(&k->info));
		return CB_EXIT_FAIL;
	}
	want = secret ? k->secret_key_bytes : k->public_key_bytes;
	err = cb_read_file(colon + 1, &buf, &len, MAX_KEY);
	if (err) {
		cli_error("cannot read '%s': %s", colon + 1, err == CB_ERR_IO ? strerror(errno) : cb_strerror(err));
		return CB_EXIT_FAIL;
	}
	if (len != want) {
		cli_error("'%s' is %zu bytes; %s %s keys are %zu bytes (raw, as 'kem keygen' writes them)",
			  colon + 1, len, alg, secret ? "secret" : "public", want);
		cb_wipe(buf, len);
		free(buf);
		return CB_EXIT_FAIL;
	}
	*kp = k;
	*raw = buf;
	return CB_EXIT_OK;
}

static int parse_chunk(const char *s, unsigned *log2)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);
	if (*end == 'K' || *end == 'k')
		v <<= 10, end++;
	else if (*end == 'M' || *end == 'm')
		v <<= 20, end++;
	if (*end || v == 0 || (v & (v - 1)))
		return -1;
	for (unsigned l = CB_ENV_CHUNK_LOG2_MIN; l <= CB_ENV_CHUNK_LOG2_MAX; l++)
		if (v == 1ul << l) {
			*log2 = l;
			return 0;
		}
	return -1;
}

/*
 * Before anything is read: every file the command reads (the key files of
 * the ALG:FILE specs, the input) is an input that the output may not be,
 * and standard input serves one of them at most.
 */
static int check_io(const char *const *specs, size_t nspecs, const char *in, const char *out)
{
	const char *ins[CB_ENV_MAX_RECIPIENTS + 1], *outs[1] = {out};
	size_t n = 0;

	for (size_t i = 0; i < nspecs && n < CB_ENV_MAX_RECIPIENTS; i++) {
		const char *colon = strchr(specs[i], ':');
		if (colon)
			ins[n++] = colon + 1;
	}
	ins[n++] = cli_path(in);
	return cli_check_outputs(ins, n, outs, 1);
}

/* Shared by both: input, output and the operation. */
static int run_io(const char *inpath, const char *outpath, unsigned mode, int sealing,
		  const cb_env_recipient *r, size_t nr, const cb_env_opts *o, const cb_env_key *k)
{
	cb_atomic_file af;
	FILE *in = stdin;
	int err, werr, rerr;

	if (inpath && strcmp(inpath, "-") != 0) {
		in = fopen(inpath, "rb");
		if (!in) {
			cli_error("cannot read '%s': %s", inpath, strerror(errno));
			return CB_EXIT_FAIL;
		}
	}
	if (cb_atomic_open(&af, outpath, mode) != CB_OK) {
		cli_output_error(outpath, errno);
		if (in != stdin)
			fclose(in);
		return CB_EXIT_FAIL;
	}
	errno = 0;
	err = sealing ? cb_envelope_seal_ex(in, af.f, r, nr, o) : cb_envelope_open_ex(in, af.f, k, o);
	werr = af.f && ferror(af.f);
	rerr = ferror(in);
	if (in != stdin)
		fclose(in);
	if (err) {
		int e = errno;
		cb_atomic_abort(&af);
		switch (err) {
		case CB_ERR_VERIFY:
			cli_error("authentication failed: wrong key, or the envelope was modified, "
				  "truncated or reordered%s",
				  af.direct ? " (what reached standard output must be discarded)" : "");
			return CB_EXIT_AUTH;
		case CB_ERR_FORMAT:
			cli_error("'%s' is not an envelope of a version or kind this program reads",
				  inpath ? inpath : "-");
			return CB_EXIT_FAIL;
		case CB_ERR_UNSUPPORTED:
			cli_error("the envelope has no recipient block for %s", k->kem ? k->kem->info.name : k->pke->info.name);
			return CB_EXIT_FAIL;
		case CB_ERR_BACKEND:
			if (o->aead_backend) {
				cli_error("backend '%s' has no usable class of the envelope's AEAD", o->aead_backend);
				return CB_EXIT_FAIL;
			}
			cli_error("%s failed: %s", sealing ? "sealing" : "opening", cb_strerror(err));
			return CB_EXIT_FAIL;
		case CB_ERR_INVALID_KEY:
			cli_error("a recipient's public key is invalid (the KEM refused it)");
			return CB_EXIT_FAIL;
		case CB_ERR_IO:
			/* Which side failed, by name: a full disk is the output's, a closed descriptor the input's. */
			if (werr)
				cli_output_error(outpath, e ? e : EIO);
			else if (rerr && in == stdin && cli_std_closed(0))
				cli_error("cannot read standard input: it is closed");
			else if (rerr)
				cli_error("cannot read '%s': %s", cli_in_name(inpath), cli_strerror(e ? e : EIO));
			else
				cli_error("input/output error: %s", cli_strerror(e ? e : EIO));
			return CB_EXIT_FAIL;
		default:
			cli_error("%s failed: %s", sealing ? "sealing" : "opening", cb_strerror(err));
			return CB_EXIT_FAIL;
		}
	}
	if (cb_atomic_commit(&af) != CB_OK) {
		cli_output_error(outpath, errno);
		return CB_EXIT_FAIL;
	}
	return CB_EXIT_OK;
}

static int parse_threads(const struct cli_option *opt, const char *s, void *n)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);
	(void)opt;
	if (*end || v < 1 || v > 64) {
		cli_error("bad thread count '%s' (1 to 64)", s);
		return -1;
	}
	*(unsigned *)n = (unsigned)v;
	return 0;
}

static int parse_backend(const struct cli_option *opt, const char *s, void *backend)
{
	(void)opt;
	if (cb_backend_find(s)) {
		*(const char **)backend = s;
		return 0;
	}
	cli_error("unknown backend '%s' (see 'cryptobench list --backends')", s);
	return -1;
}

/* seal's -r, in order: their keys are loaded once --backend is known. */
struct recipients {
	const char *spec[CB_ENV_MAX_RECIPIENTS];
	size_t n;
};

static int add_recipient(const struct cli_option *opt, const char *arg, void *list)
{
	struct recipients *l = list;

	(void)opt;
	if (l->n == CB_ENV_MAX_RECIPIENTS) {
		cli_error("at most %d recipients", CB_ENV_MAX_RECIPIENTS);
		return -1;
	}
	l->spec[l->n++] = arg;
	return 0;
}

static int set_aead(const struct cli_option *opt, const char *arg, void *aead)
{
	(void)opt;
	*(int *)aead = cb_env_aead_parse(arg);
	if (!*(int *)aead) {
		cli_error("unknown or unavailable AEAD '%s' (aes-256-gcm, chacha20-poly1305, sm4-gcm with libgcrypt)", arg);
		return -1;
	}
	return 0;
}

static int set_chunk(const struct cli_option *opt, const char *arg, void *chunk_log2)
{
	(void)opt;
	if (parse_chunk(arg, chunk_log2)) {
		cli_error("bad chunk size '%s' (a power of two from 1K to 16M)", arg);
		return -1;
	}
	return 0;
}

int cmd_seal(int argc, char **argv)
{
	cb_env_recipient r[CB_ENV_MAX_RECIPIENTS] = {{0}};
	uint8_t *keys[CB_ENV_MAX_RECIPIENTS];
	const char *in = NULL, *out = "-", *backend = NULL;
	struct recipients specs = {.n = 0};
	size_t nr = 0;
	int aead = CB_ENV_AES256GCM, rc = CB_EXIT_OK;
	unsigned chunk_log2 = CB_ENV_CHUNK_LOG2_DEFAULT, threads = 1;
	const struct cli_option opts[] = {
		CLI_CALLBACK("recipient", 'r', "ALG:FILE", add_recipient, &specs,
			     "a recipient: a KEM name and its public key as 'cryptobench kem keygen' writes it (raw "
			     "bytes), e.g. xwing:bob.ek; up to 32 (mlkem768, mlkem1024, x25519mlkem768, "
			     "secp256r1mlkem768, xwing, sm2mlkem768, sm2-enc-kem, ...), or an RSA-OAEP or SM2 encryption "
			     "key file from 'cryptobench keygen' or openssl (rsa2048-oaep-sha256:bob.pub, "
			     "sm2-enc-c1c3c2:bob.pub)"),
		CLI_CALLBACK("aead", 0, "NAME", set_aead, &aead,
			     "aes-256-gcm (default), chacha20-poly1305, or sm4-gcm (from libgcrypt, when its backend is "
			     "built)"),
		CLI_CALLBACK("chunk", 0, "SIZE", set_chunk, &chunk_log2,
			     "plaintext bytes per chunk, a power of two from 1K to 16M (default 64K)"),
		CLI_CALLBACK("threads", 0, "N", parse_threads, &threads,
			     "seal the chunks with N threads (default 1; the output does not depend on it)"),
		CLI_CALLBACK("backend", 0, "NAME", parse_backend, &backend,
			     "the backend whose AEAD class seals the chunks and wraps the file key (openssl, gcrypt, "
			     "nettle, ...: its class of the --aead name) and whose RSA-OAEP or SM2 class encrypts to "
			     "those recipients; a KEM recipient comes from it when it has that KEM, else from builtin.  "
			     "Default: the built-in AEAD (OpenSSL's EVP, libgcrypt for SM4-GCM) and the first backend "
			     "that has the recipient.  The envelope's bytes do not depend on it."),
		CLI_STRING("in", 'i', "FILE", &in, "input (default: standard input)"),
		CLI_STRING("out", 'o', "FILE", &out, "output, mode 0644 (default: standard output)"),
	};

	rc = cli_parse_options(&seal_cmd, opts, CB_ARRAY_LEN(opts), argc, argv, NULL);
	if (rc)
		return rc > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	if (check_io(specs.spec, specs.n, in, out))
		return CB_EXIT_USAGE;
	for (; nr < specs.n; nr++) {
		rc = load_key(specs.spec[nr], 0, backend, &r[nr].kem, &keys[nr], &r[nr].pke, &r[nr].pke_key);
		if (rc)
			goto out;
		r[nr].pk = keys[nr];
	}
	if (!nr) {
		cli_error("'seal' needs at least one -r ALG:PUBKEY (see 'cryptobench seal --help')");
		rc = CB_EXIT_USAGE;
		goto out;
	}
	if (!cb_env_aead_backend_ok(aead, backend)) {
		cli_error("backend '%s' has no usable %s", backend, cb_env_aead_name(aead));
		rc = CB_EXIT_FAIL;
		goto out;
	}
	{
		cb_env_opts o = {aead, chunk_log2, threads, backend};
		rc = run_io(in, out, 0644, 1, r, nr, &o, NULL);
	}
out:
	for (size_t i = 0; i < nr; i++) {
		free(keys[i]);
		if (r[i].pke_key)
			cli_key_free(&r[i].pke->info, r[i].pke_key);
	}
	return rc;
}

int cmd_open(int argc, char **argv)
{
	const char *in = NULL, *out = "-", *kspec = NULL, *backend = NULL;
	cb_env_key k = {0};
	uint8_t *sk = NULL;
	unsigned threads = 1;
	const struct cli_option opts[] = {
		CLI_STRING("key", 'k', "ALG:FILE", &kspec,
			   "the KEM or PKE name and the secret key, e.g. xwing:bob.dk, rsa2048-oaep-sha256:bob.key"),
		CLI_CALLBACK("threads", 0, "N", parse_threads, &threads, "open the chunks with N threads (default 1)"),
		CLI_CALLBACK("backend", 0, "NAME", parse_backend, &backend,
			     "the backend whose class of the envelope's AEAD opens the chunks and whose RSA-OAEP or SM2 "
			     "class decrypts the key block (KEMs: its own when it has one, else builtin); default as for "
			     "seal (see 'cryptobench seal --help')"),
		CLI_STRING("in", 'i', "FILE", &in, "input (default: standard input)"),
		CLI_STRING("out", 'o', "FILE", &out,
			   "output (default: standard output, written as chunks authenticate)"),
	};
	int rc = cli_parse_options(&open_cmd, opts, CB_ARRAY_LEN(opts), argc, argv, NULL);

	if (rc)
		return rc > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	if (!kspec) {
		cli_error("'open' needs -k ALG:KEY (see 'cryptobench open --help')");
		return CB_EXIT_USAGE;
	}
	if (check_io(&kspec, 1, in, out))
		return CB_EXIT_USAGE;
	rc = load_key(kspec, 1, backend, &k.kem, &sk, &k.pke, &k.pke_key);
	if (rc)
		return rc;
	k.sk = sk;
	{
		cb_env_opts o = {0, 0, threads, backend};
		rc = run_io(in, out, 0600, 0, NULL, 0, &o, &k);
	}
	if (sk) {
		cb_wipe(sk, k.kem->secret_key_bytes);
		free(sk);
	}
	if (k.pke_key)
		cli_key_free(&k.pke->info, k.pke_key);
	return rc;
}
