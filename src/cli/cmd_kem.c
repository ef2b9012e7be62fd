/*
 * `cryptobench kem keygen|encaps|decaps`: raw KEM operations on files, for
 * interoperability tests with other implementations.  Keys, ciphertexts and
 * secrets are raw byte strings (binary, or lower-case hex with --hex).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cliio.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "core/util.h"
#include "cryptobench/fileio.h"
#include "cryptobench/kem.h"
#include "cryptobench/registry.h"


enum kem_op { OP_KEYGEN, OP_ENCAPS, OP_DECAPS };

struct kem_args {
	const char *alg, *ek, *dk, *ct, *ss;
	int hex;
};

static const char kem_notes[] =
	"An input given as '-' is read from standard input (one input at most).\n"
	"\nOutputs appear together or not at all.  A device or FIFO is written through\n"
	"and '-' is standard output; a symlink's target is replaced (the link stays);\n"
	"a folder, a dangling symlink or a socket is refused.  An output that is one of\n"
	"the inputs, or two outputs that are one file (compared by device and inode,\n"
	"and for new files by folder and name), is refused.\n"
	"\nexit status: 0 success, 1 unreadable, malformed or invalid input, or unwritable\n"
	"output, 2 usage error (unknown operation, option or algorithm; an output that\n"
	"is an input or another output)\n";

#define KEM_FLAGS (CLI_CMD_EXACT | CLI_CMD_NO_OPERANDS)

static const struct kem_opdesc {
	const char *name;
	enum kem_op op;
	const char *opts; /* its rows of kem_options() */
	struct cli_command cmd;
} ops[] = {
	{"keygen", OP_KEYGEN, "alg,ek,dk,hex",
	 {"kem keygen", "cryptobench kem keygen --alg <alg> --ek <file> --dk <file> [--hex]",
	  "Make a key pair from the system random generator; write the encapsulation\n"
	  "(public) key to --ek (mode 0644) and the decapsulation (secret) key to --dk\n"
	  "(mode 0600).\n",
	  kem_notes, KEM_FLAGS}},
	{"encaps", OP_ENCAPS, "alg,ek,ct,ss,hex",
	 {"kem encaps", "cryptobench kem encaps --alg <alg> --ek <file> --ct <file> --ss <file> [--hex]",
	  "Encapsulate to the key in --ek: write the ciphertext to --ct (mode 0644) and\n"
	  "the shared secret to --ss (mode 0600).  An ML-KEM key that fails the modulus\n"
	  "check of FIPS 203 section 7.2 is rejected, and so is a hybrid's classical\n"
	  "share that is not a valid point (off the curve, compressed, or of low order).\n"
	  "For the TLS groups --ek is the client's key share and --ct the server's.\n",
	  kem_notes, KEM_FLAGS}},
	{"decaps", OP_DECAPS, "alg,dk,ct,ss,hex",
	 {"kem decaps", "cryptobench kem decaps --alg <alg> --dk <file> --ct <file> --ss <file> [--hex]",
	  "Decapsulate --ct with the key in --dk and write the shared secret to --ss\n"
	  "(mode 0600).  A modified ciphertext is not an error: ML-KEM then returns its\n"
	  "implicit-rejection secret, which differs from the sender's (so do the hybrids\n"
	  "for their ML-KEM part).  A key that fails the hash check of FIPS 203 section\n"
	  "7.3 is rejected, as is a hybrid ciphertext whose classical share is not a\n"
	  "valid point, and an sm2-enc-kem ciphertext that does not decrypt.\n",
	  kem_notes, KEM_FLAGS}},
};

static const struct cli_command kem_group = {
	"kem", "cryptobench kem <keygen|encaps|decaps> --alg <alg> [options]",
	"Raw KEM operations on files (see 'cryptobench kem <operation> --help'):\n"
	"  keygen   --ek <file> --dk <file>\n"
	"  encaps   --ek <file> --ct <file> --ss <file>\n"
	"  decaps   --dk <file> --ct <file> --ss <file>\n",
	kem_notes, KEM_FLAGS};

/* The options of the kem operations; each takes the rows `names` lists (all of them: the group's help). */
static size_t kem_options(struct kem_args *a, const char *names, struct cli_option *out)
{
	const struct cli_option all[] = {
		CLI_STRING_ONCE("alg", 0, "<alg>", &a->alg,
				"a KEM from 'cryptobench list': mlkem512, mlkem768, mlkem1024, x25519mlkem768, "
				"secp256r1mlkem768, xwing, sm2mlkem768, sm2-dhkem, sm2-enc-kem (docs/HYBRID.md has "
				"their byte layouts)"),
		CLI_STRING_ONCE("ek", 0, "<file>", &a->ek,
				"the encapsulation (public) key: keygen writes it (mode 0644), encaps reads it"),
		CLI_STRING_ONCE("dk", 0, "<file>", &a->dk,
				"the decapsulation (secret) key: keygen writes it (mode 0600), decaps reads it"),
		CLI_STRING_ONCE("ct", 0, "<file>", &a->ct,
				"the ciphertext: encaps writes it (mode 0644), decaps reads it"),
		CLI_STRING_ONCE("ss", 0, "<file>", &a->ss, "the shared secret, written with mode 0600"),
		CLI_FLAG("hex", 0, &a->hex,
			 "files hold lower-case hex and a newline; hex inputs may contain whitespace.  Without --hex, "
			 "files are raw bytes."),
	};
	return cli_options_pick(all, CB_ARRAY_LEN(all), names, out);
}

static void kem_usage(FILE *f)
{
	struct kem_args a = {0};
	struct cli_option opts[8];
	size_t n = kem_options(&a, "alg,ek,dk,ct,ss,hex", opts);

	cli_print_help(f, &kem_group, opts, n);
}

/* argv[0] is the operation.  Returns 0, 1 (--help shown) or -1 (usage error). */
static int parse_args(int argc, char **argv, struct kem_args *a, const struct kem_opdesc *d)
{
	struct cli_option opts[8];
	size_t n = kem_options(a, d->opts, opts);

	return cli_parse_options(&d->cmd, opts, n, argc, argv, NULL);
}

static int read_input(const char *path, uint8_t *out, size_t want, const struct kem_args *a, const char *what)
{
	return cli_read_exact(path, a->hex, out, want, a->alg, what);
}

/* The display names of the hybrids (docs/HYBRID.md). */
static const struct {
	const char *name, *display;
	int ec; /* 1: a Weierstrass point share, 2: an X25519 share, 0: none */
} hybrids[] = {
	{"x25519mlkem768", "X25519MLKEM768", 2}, {"secp256r1mlkem768", "SecP256r1MLKEM768", 1},
	{"xwing", "X-Wing", 2},			  {"sm2mlkem768", "SM2MLKEM768", 1},
	{"sm2-dhkem", "SM2 DHKEM", 1},		  {"sm2-enc-kem", "SM2 encryption KEM", 1},
};

static int hybrid_index(const cb_kem_class *k)
{
	for (size_t i = 0; i < CB_ARRAY_LEN(hybrids); i++)
		if (!strcmp(k->info.name, hybrids[i].name))
			return (int)i;
	return -1;
}

/* "ML-KEM-768" for mlkem768, "X-Wing" for xwing, ..., else the class description. */
static void display_name(char *out, size_t cap, const cb_kem_class *k)
{
	int h = hybrid_index(k);
	if (!strncmp(k->info.name, "mlkem", 5))
		snprintf(out, cap, "ML-KEM-%s", k->info.name + 5);
	else if (h >= 0)
		snprintf(out, cap, "%s", hybrids[h].display);
	else
		snprintf(out, cap, "%s", cb_alg_catalog(&k->info)->description);
}

/* Why a hybrid's share can be invalid. */
static const char *share_reason(const cb_kem_class *k)
{
	int h = hybrid_index(k);
	if (h < 0)
		return "";
	if (hybrids[h].ec == 2)
		return "the X25519 share is of low order (all-zero shared secret, RFC 8446 7.4.2)";
	return "the elliptic-curve share is not an uncompressed point on the curve (RFC 8446 4.2.8.2)";
}

static int need(const char *val, const char *opt, const struct kem_opdesc *d)
{
	if (val)
		return 0;
	cli_error("'kem %s' needs %s <file> (see 'cryptobench kem %s --help')", d->name, opt, d->name);
	return -1;
}

static int do_keygen(const cb_kem_class *k, const struct kem_args *a)
{
	const char *outs[2] = {a->ek, a->dk};
	uint8_t *ek, *dk;
	int rc = CB_EXIT_FAIL, err;

	if (cli_check_outputs(NULL, 0, outs, 2) != 0)
		return CB_EXIT_USAGE;
	ek = malloc(k->public_key_bytes);
	dk = malloc(k->secret_key_bytes);
	if (!ek || !dk) {
		cli_error("out of memory");
		goto out;
	}
	err = k->keypair(k, ek, dk);
	if (err) {
		cli_error("%s key generation failed: %s", a->alg, cb_strerror(err));
		goto out;
	}
	{
		const struct cli_out out[2] = {{a->ek, ek, k->public_key_bytes, CLI_MODE_PUBLIC},
						 {a->dk, dk, k->secret_key_bytes, CLI_MODE_SECRET}};
		if (cli_write_outputs(out, 2, a->hex))
			goto out;
	}
	rc = CB_EXIT_OK;
out:
	if (dk)
		cb_wipe(dk, k->secret_key_bytes);
	free(ek);
	free(dk);
	return rc;
}

static int do_encaps(const cb_kem_class *k, const struct kem_args *a)
{
	const char *ins[1] = {a->ek}, *outs[2] = {a->ct, a->ss};
	uint8_t *ek, *ct, *ss;
	char name[64];
	int rc = CB_EXIT_FAIL, err;

	if (cli_check_outputs(ins, 1, outs, 2) != 0)
		return CB_EXIT_USAGE;
	ek = malloc(k->public_key_bytes);
	ct = malloc(k->ciphertext_bytes);
	ss = malloc(k->shared_secret_bytes);
	if (!ek || !ct || !ss) {
		cli_error("out of memory");
		goto out;
	}
	if (read_input(a->ek, ek, k->public_key_bytes, a, "encapsulation keys"))
		goto out;
	err = k->encaps(k, ct, ss, ek);
	if (err == CB_ERR_INVALID_KEY) {
		display_name(name, sizeof(name), k);
		if (!strncmp(k->info.name, "mlkem", 5))
			cli_error("'%s' is not a valid %s encapsulation key: a coefficient is not "
				  "reduced modulo q (FIPS 203 7.2)", a->ek, name);
		else if (hybrid_index(k) >= 0 && strncmp(k->info.name, "sm2-", 4) != 0)
			cli_error("'%s' is not a valid %s public key: its ML-KEM part fails the "
				  "modulus check (FIPS 203 7.2), or %s", a->ek, name, share_reason(k));
		else if (hybrid_index(k) >= 0)
			cli_error("'%s' is not a valid %s public key: %s", a->ek, name, share_reason(k));
		else
			cli_error("'%s' is not a valid %s public key", a->ek, name);
		goto out;
	}
	if (err) {
		cli_error("%s encapsulation failed: %s", a->alg, cb_strerror(err));
		goto out;
	}
	{
		const struct cli_out out[2] = {{a->ct, ct, k->ciphertext_bytes, CLI_MODE_PUBLIC},
						 {a->ss, ss, k->shared_secret_bytes, CLI_MODE_SECRET}};
		if (cli_write_outputs(out, 2, a->hex))
			goto out;
	}
	rc = CB_EXIT_OK;
out:
	if (ss)
		cb_wipe(ss, k->shared_secret_bytes);
	free(ek);
	free(ct);
	free(ss);
	return rc;
}

static int do_decaps(const cb_kem_class *k, const struct kem_args *a)
{
	const char *ins[2] = {a->dk, a->ct}, *outs[1] = {a->ss};
	uint8_t *dk, *ct, *ss;
	char name[64];
	int rc = CB_EXIT_FAIL, err;

	if (!strcmp(a->dk, "-") && !strcmp(a->ct, "-")) {
		cli_error("--dk and --ct cannot both be '-' (standard input)");
		return CB_EXIT_USAGE;
	}
	if (cli_check_outputs(ins, 2, outs, 1) != 0)
		return CB_EXIT_USAGE;
	dk = malloc(k->secret_key_bytes);
	ct = malloc(k->ciphertext_bytes);
	ss = malloc(k->shared_secret_bytes);
	if (!dk || !ct || !ss) {
		cli_error("out of memory");
		goto out;
	}
	if (read_input(a->dk, dk, k->secret_key_bytes, a, "decapsulation keys") ||
	    read_input(a->ct, ct, k->ciphertext_bytes, a, "ciphertexts"))
		goto out;
	/* a modified ciphertext gives the implicit-rejection secret and CB_OK */
	err = k->decaps(k, ss, ct, dk);
	if (err == CB_ERR_INVALID_KEY) {
		display_name(name, sizeof(name), k);
		if (!strncmp(k->info.name, "mlkem", 5))
			cli_error("'%s' is not a valid %s decapsulation key: the hash of its "
				  "encapsulation key does not match (FIPS 203 7.3)", a->dk, name);
		else if (hybrid_index(k) >= 0)
			cli_error("'%s' is not a valid %s ciphertext for '%s': %s; or the key's "
				  "ML-KEM part fails its hash check (FIPS 203 7.3)", a->ct, name, a->dk,
				  share_reason(k));
		else
			cli_error("'%s' is not a valid %s secret key", a->dk, name);
		goto out;
	}
	if (err == CB_ERR_DECRYPT) {
		display_name(name, sizeof(name), k);
		cli_error("'%s' does not decrypt with '%s': %s rejects it (C3 does not match)", a->ct,
			  a->dk, name);
		goto out;
	}
	if (err) {
		cli_error("%s decapsulation failed: %s", a->alg, cb_strerror(err));
		goto out;
	}
	{
		const struct cli_out out[1] = {{a->ss, ss, k->shared_secret_bytes, CLI_MODE_SECRET}};
		if (cli_write_outputs(out, 1, a->hex))
			goto out;
	}
	rc = CB_EXIT_OK;
out:
	if (dk)
		cb_wipe(dk, k->secret_key_bytes);
	if (ss)
		cb_wipe(ss, k->shared_secret_bytes);
	free(dk);
	free(ct);
	free(ss);
	return rc;
}

int cmd_kem(int argc, char **argv)
{
	const struct kem_opdesc *d = NULL;
	struct kem_args a = {0};
	const cb_kem_class *k;
	const char *why;
	int r;

	if (argc < 2) {
		kem_usage(stderr);
		return CB_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		kem_usage(stdout);
		return CB_EXIT_OK;
	}
	for (size_t i = 0; i < CB_ARRAY_LEN(ops); i++)
		if (!strcmp(argv[1], ops[i].name))
			d = &ops[i];
	if (!d) {
		cli_error("unknown kem operation '%s' (keygen, encaps or decaps; see 'cryptobench kem --help')", argv[1]);
		return CB_EXIT_USAGE;
	}
	r = parse_args(argc - 1, argv + 1, &a, d);
	if (r)
		return r > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	if (!a.alg) {
		cli_error("'kem %s' needs --alg <alg> (see 'cryptobench kem %s --help')", d->name, d->name);
		return CB_EXIT_USAGE;
	}
	k = cb_as_kem(cb_registry_find(a.alg, NULL));
	if (!k) {
		if (cb_registry_find(a.alg, NULL))
			cli_error("'%s' is not a KEM", a.alg);
		else
			cli_error("unknown algorithm '%s' (see 'cryptobench list')", a.alg);
		return CB_EXIT_USAGE;
	}
	why = cb_alg_unavailable(&k->info);
	if (why) {
		cli_error("'%s' is unavailable here: %s", a.alg, why);
		return CB_EXIT_FAIL;
	}
	switch (d->op) {
	case OP_KEYGEN:
		if (need(a.ek, "--ek", d) || need(a.dk, "--dk", d))
			return CB_EXIT_USAGE;
		return do_keygen(k, &a);
	case OP_ENCAPS:
		if (need(a.ek, "--ek", d) || need(a.ct, "--ct", d) || need(a.ss, "--ss", d))
			return CB_EXIT_USAGE;
		return do_encaps(k, &a);
	case OP_DECAPS:
		if (need(a.dk, "--dk", d) || need(a.ct, "--ct", d) || need(a.ss, "--ss", d))
			return CB_EXIT_USAGE;
		return do_decaps(k, &a);
	}
	return CB_EXIT_USAGE;
}
