/*
 * `cryptobench keygen`, `sig sign|verify`, `pke encrypt|decrypt`, `kex
 * derive`: raw public-key operations on files, with keys in the standard
 * files (PKCS#8 / SubjectPublicKeyInfo, DER or PEM; PKCS#1 and SEC1
 * accepted; keyfile.c), so that anyone can check an implementation
 * against another one (`openssl pkeyutl`) from the shell.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cliio.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "core/util.h"
#include "cryptobench/kem.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"

enum pk_op { OP_KEYGEN, OP_SIGN, OP_VERIFY, OP_ENCRYPT, OP_DECRYPT, OP_DERIVE };

struct pk_args {
	const char *alg, *backend, *key, *pub, *peer, *in, *out, *sig, *sm2_id, *sm2_format;
	int hex, der;
};

/* One option of an operation: its row of parse()'s table, with the argument and help this operation gives it. */
struct pk_optdoc {
	const char *name, *arg, *help;
};

static const char pk_notes[] =
	"Key files: PKCS#8 private keys and SubjectPublicKeyInfo public keys, DER or\n"
	"PEM (told by the header), as 'openssl genpkey' and 'openssl pkey' write them;\n"
	"PKCS#1 RSA and SEC1 EC keys too, and raw keys: 32 bytes for X25519 and Ed25519,\n"
	"a public P-256 or SM2 key as its 65-byte uncompressed point.  Encrypted PEM is\n"
	"refused.  docs/CLI.md has the details.\n"
	"\nOutputs appear together or not at all (a temporary file renamed); a device or\n"
	"FIFO is written through and '-' is standard output.  An output that is one of\n"
	"the inputs is refused.  Nothing is written on failure.\n"
	"\nexit status: 0 success, 1 unreadable, malformed or invalid input (a bad key\n"
	"file, a key of another algorithm, a wrong size) or unwritable output, 2 usage\n"
	"error, 4 authentication failed (a signature that does not verify, a ciphertext\n"
	"that does not decrypt)\n";

#define PK_FLAGS (CLI_CMD_EXACT | CLI_CMD_NO_OPERANDS)
#define PK_ALG {"alg", "<alg>", "the algorithm ('cryptobench list')"}
#define PK_BACKEND {"backend", "<b>", "the implementation (default: the first that has <alg>)"}
#define PK_SM2_ID {"sm2-id", "<id>", "sm2-sign: the signer's ID (default 1234567812345678)"}

static const struct pk_desc {
	enum pk_op op;
	cb_kind kind;
	struct cli_command cmd; /* cmd.name: "sig sign" */
	struct pk_optdoc opts[9]; /* its options, in the order of its help */
} descs[] = {
	{OP_KEYGEN, CB_KIND_COUNT,
	 {"keygen", "cryptobench keygen --alg <alg> [--backend <b>] -o <key> [--der]",
	  "Make a key pair for a signature, encryption, key-agreement or KEM algorithm\n"
	  "(rsa*, ecdsa-p256, ed25519, sm2-sign, sm2-enc-*, x25519, ecdh-p256, sm2-dh;\n"
	  "mlkem512/768/1024, x25519mlkem768, secp256r1mlkem768, xwing, sm2mlkem768,\n"
	  "sm2-dhkem, sm2-enc-kem; 'sm2' means sm2-sign: an SM2 key serves every SM2\n"
	  "scheme).  The private key goes to <key> (mode 0600), the public key to\n"
	  "<key>.pub (mode 0644); the two appear together or not at all.  Signature,\n"
	  "encryption and agreement keys are PKCS#8 and SubjectPublicKeyInfo, PEM\n"
	  "unless --der, which 'openssl pkey' reads.  A KEM's are its raw wire bytes,\n"
	  "the same as 'cryptobench kem keygen' writes (decapsulation key to <key>,\n"
	  "encapsulation key to <key>.pub; docs/HYBRID.md), which 'seal -r ALG:<key>.pub'\n"
	  "and 'open -k ALG:<key>' take; --der changes nothing for them.\n",
	  pk_notes, PK_FLAGS},
	 {{"out", "<key>", "the private key's file (required)"},
	  {"der", NULL, "DER instead of PEM (not for KEMs: always raw bytes)"},
	  PK_ALG,
	  PK_BACKEND}},
	{OP_SIGN, CB_KIND_SIG,
	 {"sig sign", "cryptobench sig sign --alg <alg> --key <key> [-i <msg>] [-o <sig>] [--sm2-id <id>] [--hex]",
	  "Sign the message (the scheme hashes it: SHA-256 for RSA and ECDSA, SM3 with\n"
	  "Z_A for SM2, none for Ed25519).  ECDSA and SM2 signatures are DER\n"
	  "SEQUENCE { r, s }, as 'openssl pkeyutl' writes them; RSA signatures are k\n"
	  "bytes; Ed25519 64 bytes.\n",
	  pk_notes, PK_FLAGS},
	 {{"key", "<key>", "the private key"},
	  {"in", "<msg>", "the message (default: standard input)"},
	  {"out", "<sig>", "the signature (default: standard output)"},
	  PK_SM2_ID,
	  {"hex", NULL, "the signature in lower-case hex and a newline"},
	  PK_ALG,
	  PK_BACKEND}},
	{OP_VERIFY, CB_KIND_SIG,
	 {"sig verify", "cryptobench sig verify --alg <alg> --pub <pub> [-i <msg>] --sig <sig> [--sm2-id <id>] [--hex]",
	  "Verify a signature of the message.  Exit status 0 when it verifies, 4 when it\n"
	  "does not (with one line on standard error); nothing is written.\n",
	  pk_notes, PK_FLAGS},
	 {{"pub", "<pub>", "the public key"},
	  {"in", "<msg>", "the message (default: standard input)"},
	  {"sig", "<sig>", "the signature"},
	  PK_SM2_ID,
	  {"hex", NULL, "the signature is hex (white space allowed)"},
	  PK_ALG,
	  PK_BACKEND}},
	{OP_ENCRYPT, CB_KIND_PKE,
	 {"pke encrypt", "cryptobench pke encrypt --alg <alg> --pub <pub> [-i <m>] [-o <c>] [--sm2-format <f>] [--hex]",
	  "Encrypt the message to the public key: RSA PKCS#1 v1.5 or OAEP (rsa*-pkcs1,\n"
	  "rsa*-oaep-sha256 with MGF1-SHA-256, rsa*-oaep-sha1, as 'openssl pkeyutl -pkeyopt\n"
	  "rsa_padding_mode:oaep' with the same digests), or SM2 (GM/T 0003.4).\n",
	  pk_notes, PK_FLAGS},
	 {{"pub", "<pub>", "the public key"},
	  {"in", "<m>", "the message (default: standard input)"},
	  {"out", "<c>", "the ciphertext (default: standard output)"},
	  {"sm2-format", "<f>",
	   "SM2 ciphertexts: c1c3c2 (GM/T 0003.4-2012, the default), c1c2c3 (the older order) or der (GM/T 0009, "
	   "what OpenSSL writes); --alg sm2 with it picks sm2-enc-<f>"},
	  {"hex", NULL, "the ciphertext in lower-case hex and a newline"},
	  PK_ALG,
	  PK_BACKEND}},
	{OP_DECRYPT, CB_KIND_PKE,
	 {"pke decrypt", "cryptobench pke decrypt --alg <alg> --key <key> [-i <c>] [-o <m>] [--sm2-format <f>] [--hex]",
	  "Decrypt the ciphertext with the private key; the message goes to -o (mode\n"
	  "0600).  A ciphertext that does not decrypt (bad padding, C3 does not match)\n"
	  "gives exit status 4 and writes nothing.\n",
	  pk_notes, PK_FLAGS},
	 {{"key", "<key>", "the private key"},
	  {"in", "<c>", "the ciphertext (default: standard input)"},
	  {"out", "<m>", "the message (default: standard output)"},
	  {"sm2-format", "<f>", "as for 'pke encrypt'"},
	  {"hex", NULL, "the ciphertext is hex (white space allowed)"},
	  PK_ALG,
	  PK_BACKEND}},
	{OP_DERIVE, CB_KIND_KEX,
	 {"kex derive", "cryptobench kex derive --alg <alg> --key <key> --peer <pub> [-o <ss>] [--hex]",
	  "The shared secret of the private key with the peer's public key (x25519: the\n"
	  "32-byte X25519 output; ecdh-p256 and sm2-dh: the x-coordinate), as 'openssl\n"
	  "pkeyutl -derive' gives it, to -o (mode 0600).\n",
	  pk_notes, PK_FLAGS},
	 {{"key", "<key>", "the private key"},
	  {"peer", "<pub>", "the peer's public key (a key file, or the raw public value)"},
	  {"out", "<ss>", "the shared secret (default: standard output)"},
	  {"hex", NULL, "the secret in lower-case hex and a newline"},
	  PK_ALG,
	  PK_BACKEND}},
};

static void group_usage(FILE *f, const char *group)
{
	fprintf(f, "usage: cryptobench %s <operation> --alg <alg> [options]\n\noperations:\n", group);
	for (size_t i = 0; i < CB_ARRAY_LEN(descs); i++)
		if (!strncmp(descs[i].cmd.name, group, strlen(group)) && descs[i].cmd.name[strlen(group)] == ' ')
			fprintf(f, "  %s\n", descs[i].cmd.name + strlen(group) + 1);
	fprintf(f, "\n'cryptobench %s <operation> --help' describes one.\n", group);
}

/* argv[0] is the operation; its table is the rows d->opts names, with their argument and help from there. */
static int parse(int argc, char **argv, const struct pk_desc *d, struct pk_args *a)
{
	const struct cli_option all[] = {
		CLI_STRING_ONCE("alg", 0, NULL, &a->alg, NULL),
		CLI_STRING_ONCE("backend", 0, NULL, &a->backend, NULL),
		CLI_STRING_ONCE("key", 0, NULL, &a->key, NULL),
		CLI_STRING_ONCE("pub", 0, NULL, &a->pub, NULL),
		CLI_STRING_ONCE("peer", 0, NULL, &a->peer, NULL),
		CLI_STRING_ONCE("in", 'i', NULL, &a->in, NULL),
		CLI_STRING_ONCE("out", 'o', NULL, &a->out, NULL),
		CLI_STRING_ONCE("sig", 0, NULL, &a->sig, NULL),
		CLI_STRING_ONCE("sm2-id", 0, NULL, &a->sm2_id, NULL),
		CLI_STRING_ONCE("sm2-format", 0, NULL, &a->sm2_format, NULL),
		CLI_FLAG("hex", 0, &a->hex, NULL),
		CLI_FLAG("der", 0, &a->der, NULL),
	};
	struct cli_option opts[CB_ARRAY_LEN(d->opts)];
	size_t n = 0;

	for (size_t i = 0; i < CB_ARRAY_LEN(d->opts) && d->opts[i].name; i++)
		for (size_t j = 0; j < CB_ARRAY_LEN(all); j++)
			if (!strcmp(all[j].name, d->opts[i].name)) {
				opts[n] = all[j];
				opts[n].arg = d->opts[i].arg;
				opts[n++].help = d->opts[i].help;
			}
	return cli_parse_options(&d->cmd, opts, n, argc, argv, NULL);
}

/* The class --alg and --backend name, of the kind the operation needs; prints why not.  Sets *status. */
static const cb_alg_info *find_class(const struct pk_desc *d, const struct pk_args *a, int *status)
{
	char name[64];
	const char *alg = a->alg;
	const cb_alg_info *c;

	*status = CB_EXIT_USAGE;
	if (a->sm2_format && strcmp(a->sm2_format, "c1c3c2") && strcmp(a->sm2_format, "c1c2c3") &&
	    strcmp(a->sm2_format, "der")) {
		cli_error("unknown --sm2-format '%s' (c1c3c2, c1c2c3 or der)", a->sm2_format);
		return NULL;
	}
	if (!strcmp(alg, "sm2")) {
		if (d->kind == CB_KIND_PKE)
			snprintf(name, sizeof(name), "sm2-enc-%s", a->sm2_format ? a->sm2_format : "c1c3c2");
		else
			snprintf(name, sizeof(name), "%s", d->kind == CB_KIND_KEX ? "sm2-dh" : "sm2-sign");
		alg = name;
	}
	if (a->sm2_format && (strncmp(alg, "sm2-enc-", 8) || strcmp(alg + 8, a->sm2_format))) {
		cli_error(strncmp(alg, "sm2-enc-", 8) ? "--sm2-format applies to SM2 encryption, not to '%s'"
						       : "--sm2-format %s contradicts --alg %s",
			  strncmp(alg, "sm2-enc-", 8) ? alg : a->sm2_format, alg);
		return NULL;
	}
	if (a->sm2_id && strcmp(alg, "sm2-sign")) {
		cli_error("--sm2-id applies to sm2-sign, not to '%s'", alg);
		return NULL;
	}
	if (a->sm2_id && strlen(a->sm2_id) > CB_SM2_ID_MAX) {
		cli_error("--sm2-id is %zu bytes; SM2 IDs are at most %d bytes", strlen(a->sm2_id), CB_SM2_ID_MAX);
		return NULL;
	}
	if (a->backend && !cb_backend_find(a->backend)) {
		cli_error("unknown backend '%s' (see 'cryptobench list --backends')", a->backend);
		return NULL;
	}
	c = cb_registry_find(alg, a->backend);
	if (!c) {
		if (cb_registry_find(alg, NULL))
			cli_error("backend '%s' has no %s (see 'cryptobench list %s')", a->backend, alg, alg);
		else
			cli_error("unknown algorithm '%s' (see 'cryptobench list')", alg);
		return NULL;
	}
	if (d->kind == CB_KIND_COUNT ? c->kind != CB_KIND_SIG && c->kind != CB_KIND_PKE && c->kind != CB_KIND_KEX &&
					       c->kind != CB_KIND_KEM
				     : c->kind != d->kind) {
		if (d->op == OP_KEYGEN)
			cli_error("'%s' has no key pair (it is a %s)", alg, cb_kind_name(c->kind));
		else
			cli_error("'%s' is a %s algorithm; 'cryptobench %s' takes a %s one", alg, cb_kind_name(c->kind),
				  d->cmd.name, cb_kind_name(d->kind));
		return NULL;
	}
	/* sm2-kx's key is two key pairs (kex.h): no key file format holds it */
	if (!strcmp(c->name, "sm2-kx")) {
		cli_error("sm2-kx keys (a static and an ephemeral key pair) have no key file; "
			  "'cryptobench run' and 'cryptobench interop' take sm2-kx");
		*status = CB_EXIT_FAIL;
		return NULL;
	}
	if (cb_alg_unavailable(c)) {
		cli_error("'%s' is unavailable here: %s", alg, cb_alg_unavailable(c));
		*status = CB_EXIT_FAIL;
		return NULL;
	}
	*status = CB_EXIT_OK;
	return c;
}

static int need(const char *v, const char *opt, const struct pk_desc *d)
{
	if (v)
		return 0;
	cli_error("'%s' needs %s (see 'cryptobench %s --help')", d->cmd.name, opt, d->cmd.name);
	return -1;
}

/* Two inputs cannot both be standard input. */
static int one_stdin(const char *a, const char *b)
{
	if (!strcmp(cli_path(a), "-") && !strcmp(cli_path(b), "-")) {
		cli_error("only one input can be standard input ('-' or omitted)");
		return -1;
	}
	return 0;
}

static void free_buf(uint8_t *p, size_t n)
{
	if (p) {
		cb_wipe(p, n);
		free(p);
	}
}

/* A KEM's key pair as its raw wire bytes: the decapsulation key to out, the encapsulation key to pubpath. */
static int keygen_kem(const cb_kem_class *k, const char *out, const char *pubpath)
{
	uint8_t *pk = malloc(k->public_key_bytes ? k->public_key_bytes : 1);
	uint8_t *sk = malloc(k->secret_key_bytes ? k->secret_key_bytes : 1);
	int rc = CB_EXIT_FAIL, r;

	if (!pk || !sk) {
		cli_error("out of memory");
	} else if ((r = k->keypair(k, pk, sk)) != 0) {
		cli_error("%s key generation failed: %s", k->info.name, cb_strerror(r));
	} else {
		const struct cli_out o[2] = {{out, sk, k->secret_key_bytes, CLI_MODE_SECRET},
					     {pubpath, pk, k->public_key_bytes, CLI_MODE_PUBLIC}};
		if (!cli_write_outputs(o, 2, 0))
			rc = CB_EXIT_OK;
	}
	free_buf(sk, k->secret_key_bytes);
	free(pk);
	return rc;
}

static int do_keygen(const cb_alg_info *c, const struct pk_args *a)
{
	const cb_sig_class *s = cb_as_sig(c);
	const cb_pke_class *p = cb_as_pke(c);
	const cb_kex_class *x = cb_as_kex(c);
	char pubpath[4096];
	const char *outs[2];
	uint8_t *sec = NULL, *pub = NULL;
	size_t sl = 0, pl = 0;
	void *key = NULL;
	int rc = CB_EXIT_FAIL, r;

	if (!strcmp(a->out, "-")) {
		cli_error("keygen writes two files (<key> and <key>.pub): -o needs a file name");
		return CB_EXIT_USAGE;
	}
	if (snprintf(pubpath, sizeof(pubpath), "%s.pub", a->out) >= (int)sizeof(pubpath)) {
		cli_error("'%s' is too long a file name", a->out);
		return CB_EXIT_USAGE;
	}
	outs[0] = a->out;
	outs[1] = pubpath;
	if (cli_check_outputs(NULL, 0, outs, 2))
		return CB_EXIT_USAGE;
	if (cb_as_kem(c))
		return keygen_kem(cb_as_kem(c), a->out, pubpath);
	r = s ? cb_sig_keygen(s, NULL, &key) : p ? cb_pke_keygen(p, NULL, &key) : cb_kex_keygen(x, NULL, &key);
	if (r) {
		cli_error("%s key generation failed: %s", c->name, cb_strerror(r));
		return CB_EXIT_FAIL;
	}
	if (!cli_encode_keypair(c, key, a->der, &sec, &sl, &pub, &pl)) {
		const struct cli_out o[2] = {{a->out, sec, sl, CLI_MODE_SECRET}, {pubpath, pub, pl, CLI_MODE_PUBLIC}};
		if (!cli_write_outputs(o, 2, 0))
			rc = CB_EXIT_OK;
	}
	free_buf(sec, sl);
	free(pub);
	cli_key_free(c, key);
	return rc;
}

static int do_sign(const cb_sig_class *s, const struct pk_args *a, const cb_opts *opts)
{
	const char *ins[2] = {a->key, cli_path(a->in)}, *outs[1] = {cli_path(a->out)};
	uint8_t *m = NULL, *sig = NULL;
	size_t ml = 0, sl = 0;
	void *key = NULL;
	int rc = CB_EXIT_FAIL, r;

	if (one_stdin(a->key, a->in) || cli_check_outputs(ins, 2, outs, 1))
		return CB_EXIT_USAGE;
	if (cli_load_secret(&s->info, a->key, opts, &key) || cli_read(a->in, 0, CLI_MAX_MESSAGE, &m, &ml))
		goto out;
	sl = s->max_signature(key);
	sig = malloc(sl ? sl : 1);
	if (!sig) {
		cli_error("out of memory");
		goto out;
	}
	r = cb_sig_sign(s, key, m, ml, sig, &sl);
	if (r) {
		cli_error("%s signing failed: %s", s->info.name, cb_strerror(r));
		goto out;
	}
	{
		const struct cli_out o[1] = {{a->out, sig, sl, CLI_MODE_PUBLIC}};
		if (!cli_write_outputs(o, 1, a->hex))
			rc = CB_EXIT_OK;
	}
out:
	free(m);
	free(sig);
	cli_key_free(&s->info, key);
	return rc;
}

static int do_verify(const cb_sig_class *s, const struct pk_args *a, const cb_opts *opts)
{
	uint8_t *m = NULL, *sig = NULL;
	size_t ml = 0, sl = 0;
	void *key = NULL;
	int rc = CB_EXIT_FAIL, r;

	if (one_stdin(a->pub, a->in) || one_stdin(a->sig, a->in) || one_stdin(a->pub, a->sig))
		return CB_EXIT_USAGE;
	if (cli_load_public(&s->info, a->pub, opts, &key) || cli_read(a->sig, a->hex, CLI_MAX_SMALL, &sig, &sl) ||
	    cli_read(a->in, 0, CLI_MAX_MESSAGE, &m, &ml))
		goto out;
	r = cb_sig_verify(s, key, m, ml, sig, sl);
	if (r == CB_ERR_VERIFY) {
		cli_error("'%s' is not a valid %s signature of '%s' under '%s'", cli_in_name(a->sig), s->info.name,
			  cli_in_name(a->in), cli_in_name(a->pub));
		rc = CB_EXIT_AUTH;
	} else if (r) {
		cli_error("%s verification failed: %s", s->info.name, cb_strerror(r));
	} else {
		rc = CB_EXIT_OK;
	}
out:
	free(m);
	free(sig);
	cli_key_free(&s->info, key);
	return rc;
}

static int do_encrypt(const cb_pke_class *p, const struct pk_args *a)
{
	const char *ins[2] = {a->pub, cli_path(a->in)}, *outs[1] = {cli_path(a->out)};
	uint8_t *m = NULL, *c = NULL;
	size_t ml = 0, cl = 0;
	void *key = NULL;
	int rc = CB_EXIT_FAIL, r;

	if (one_stdin(a->pub, a->in) || cli_check_outputs(ins, 2, outs, 1))
		return CB_EXIT_USAGE;
	if (cli_load_public(&p->info, a->pub, NULL, &key) || cli_read(a->in, 0, CLI_MAX_MESSAGE, &m, &ml))
		goto out;
	if (ml > p->max_plaintext(key)) {
		cli_error("'%s' is %zu bytes; %s takes at most %zu with this key", cli_in_name(a->in), ml, p->info.name,
			  p->max_plaintext(key));
		goto out;
	}
	cl = p->max_ciphertext(key, ml);
	c = malloc(cl ? cl : 1);
	if (!c) {
		cli_error("out of memory");
		goto out;
	}
	r = cb_pke_encrypt(p, key, m, ml, c, &cl);
	if (r == CB_ERR_UNSUPPORTED && ml == 0) {
		cli_error("%s cannot encrypt an empty message", p->info.name);
		goto out;
	}
	if (r) {
		cli_error("%s encryption failed: %s", p->info.name, cb_strerror(r));
		goto out;
	}
	{
		const struct cli_out o[1] = {{a->out, c, cl, CLI_MODE_PUBLIC}};
		if (!cli_write_outputs(o, 1, a->hex))
			rc = CB_EXIT_OK;
	}
out:
	free_buf(m, ml);
	free(c);
	cli_key_free(&p->info, key);
	return rc;
}

static int do_decrypt(const cb_pke_class *p, const struct pk_args *a)
{
	const char *ins[2] = {a->key, cli_path(a->in)}, *outs[1] = {cli_path(a->out)};
	uint8_t *m = NULL, *c = NULL;
	size_t ml = 0, cl = 0;
	void *key = NULL;
	int rc = CB_EXIT_FAIL, r;

	if (one_stdin(a->key, a->in) || cli_check_outputs(ins, 2, outs, 1))
		return CB_EXIT_USAGE;
	if (cli_load_secret(&p->info, a->key, NULL, &key) || cli_read(a->in, a->hex, CLI_MAX_MESSAGE, &c, &cl))
		goto out;
	ml = cl + 1;
	m = malloc(ml);
	if (!m) {
		cli_error("out of memory");
		goto out;
	}
	r = cb_pke_decrypt(p, key, c, cl, m, &ml);
	if (r == CB_ERR_DECRYPT) {
		cli_error("'%s' does not decrypt with '%s' (%s)", cli_in_name(a->in), cli_in_name(a->key), p->info.name);
		rc = CB_EXIT_AUTH;
		goto out;
	}
	if (r) {
		cli_error("%s decryption failed: %s", p->info.name, cb_strerror(r));
		goto out;
	}
	{
		const struct cli_out o[1] = {{a->out, m, ml, CLI_MODE_SECRET}};
		if (!cli_write_outputs(o, 1, 0))
			rc = CB_EXIT_OK;
	}
out:
	free_buf(m, cl + 1);
	free(c);
	cli_key_free(&p->info, key);
	return rc;
}

static int do_derive(const cb_kex_class *x, const struct pk_args *a)
{
	const char *ins[2] = {a->key, a->peer}, *outs[1] = {cli_path(a->out)};
	uint8_t *peer = NULL, ss[128];
	size_t pl = 0, sl = sizeof(ss);
	void *key = NULL;
	int rc = CB_EXIT_FAIL, r;

	if (one_stdin(a->key, a->peer) || cli_check_outputs(ins, 2, outs, 1))
		return CB_EXIT_USAGE;
	if (cli_load_secret(&x->info, a->key, NULL, &key) || cli_load_peer(&x->info, a->peer, &peer, &pl))
		goto out;
	r = cb_kex_derive(x, key, peer, pl, ss, &sl);
	if (r) {
		cli_error("%s key agreement with '%s' failed: %s", x->info.name, cli_in_name(a->peer), cb_strerror(r));
		goto out;
	}
	{
		const struct cli_out o[1] = {{a->out, ss, sl, CLI_MODE_SECRET}};
		if (!cli_write_outputs(o, 1, a->hex))
			rc = CB_EXIT_OK;
	}
out:
	cb_wipe(ss, sizeof(ss));
	free(peer);
	cli_key_free(&x->info, key);
	return rc;
}

static int run(const struct pk_desc *d, int argc, char **argv)
{
	struct pk_args a = {0};
	cb_opts opts = {0};
	const cb_alg_info *c;
	int r = parse(argc, argv, d, &a), status;

	if (r)
		return r > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	if (need(a.alg, "--alg <alg>", d))
		return CB_EXIT_USAGE;
	switch (d->op) {
	case OP_KEYGEN: r = need(a.out, "-o <key>", d); break;
	case OP_SIGN: r = need(a.key, "--key <key>", d); break;
	case OP_VERIFY: r = need(a.pub, "--pub <pub>", d) || need(a.sig, "--sig <sig>", d); break;
	case OP_ENCRYPT: r = need(a.pub, "--pub <pub>", d); break;
	case OP_DECRYPT: r = need(a.key, "--key <key>", d); break;
	case OP_DERIVE: r = need(a.key, "--key <key>", d) || need(a.peer, "--peer <pub>", d); break;
	}
	if (r)
		return CB_EXIT_USAGE;
	c = find_class(d, &a, &status);
	if (!c)
		return status;
	if (a.sm2_id) {
		opts.sm2_id = (const uint8_t *)a.sm2_id;
		opts.sm2_id_len = strlen(a.sm2_id);
	}
	switch (d->op) {
	case OP_KEYGEN: return do_keygen(c, &a);
	case OP_SIGN: return do_sign(cb_as_sig(c), &a, &opts);
	case OP_VERIFY: return do_verify(cb_as_sig(c), &a, &opts);
	case OP_ENCRYPT: return do_encrypt(cb_as_pke(c), &a);
	case OP_DECRYPT: return do_decrypt(cb_as_pke(c), &a);
	case OP_DERIVE: return do_derive(cb_as_kex(c), &a);
	}
	return CB_EXIT_USAGE;
}

/* `cryptobench <group> <operation> ...` for group sig, pke, kex. */
static int group(const char *name, int argc, char **argv)
{
	char cmd[32];

	if (argc < 2) {
		group_usage(stderr, name);
		return CB_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		group_usage(stdout, name);
		return CB_EXIT_OK;
	}
	snprintf(cmd, sizeof(cmd), "%s %s", name, argv[1]);
	for (size_t i = 0; i < CB_ARRAY_LEN(descs); i++)
		if (!strcmp(descs[i].cmd.name, cmd))
			return run(&descs[i], argc - 1, argv + 1);
	cli_error("unknown %s operation '%s' (see 'cryptobench %s --help')", name, argv[1], name);
	return CB_EXIT_USAGE;
}

int cmd_keygen(int argc, char **argv)
{
	return run(&descs[0], argc, argv);
}

int cmd_sig(int argc, char **argv)
{
	return group("sig", argc, argv);
}

int cmd_pke(int argc, char **argv)
{
	return group("pke", argc, argv);
}

int cmd_kex(int argc, char **argv)
{
	return group("kex", argc, argv);
}
