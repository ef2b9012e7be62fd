/*
 * `cryptobench cipher encrypt|decrypt` and `cryptobench hash`: the
 * symmetric classes on files, for checks against `openssl enc` /
 * `openssl dgst` or any other implementation.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cliio.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "core/util.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/registry.h"

struct sym_args {
	const char *alg, *backend, *key_hex, *iv_hex, *aad, *in, *out;
	int hex;
};

#define SYM_FLAGS (CLI_CMD_EXACT | CLI_CMD_NO_OPERANDS)
#define CIPHER_USAGE \
	"cryptobench cipher encrypt|decrypt --alg <alg> --key-hex <k> [--iv-hex <iv>]\n" \
	"                          [--aad <file>] [-i <in>] [-o <out>] [--backend <b>] [--hex]"
#define CIPHER_DESCRIPTION \
	"Encrypt or decrypt a whole message with a cipher from 'cryptobench list cipher'\n" \
	"(aes-*-gcm, aes-*-cbc[-pkcs7], aes-*-ctr, aes-*-ecb, chacha20-poly1305, sm4-*).\n" \
	"An AEAD's ciphertext is the encrypted message followed by its tag (16 bytes);\n" \
	"decrypt checks the tag and writes nothing when it does not match (exit 4), as\n" \
	"for a bad PKCS#7 padding.  Without padding, CBC and ECB take whole blocks.\n"
#define CIPHER_NOTES \
	"exit status: 0 success, 1 unreadable or malformed input (a length the mode\n" \
	"cannot take) or unwritable output, 2 usage error (a key or IV of the wrong\n" \
	"length, an option the cipher does not take), 4 authentication failed (a tag\n" \
	"or padding that does not check)\n"

/* One help for both operations; the name is the one errors point to. */
static const struct cli_command cipher_cmds[2] = {
	{"cipher encrypt", CIPHER_USAGE, CIPHER_DESCRIPTION, CIPHER_NOTES, SYM_FLAGS},
	{"cipher decrypt", CIPHER_USAGE, CIPHER_DESCRIPTION, CIPHER_NOTES, SYM_FLAGS},
};

static const struct cli_command hash_cmd = {
	"hash", "cryptobench hash --alg <alg> [-i <in>] [--backend <b>] [--hex]",
	"The digest of the input (default: standard input) in lower-case hex and a\n"
	"newline on standard output, as 'openssl dgst -r' prints it without the name.\n"
	"Algorithms: 'cryptobench list hash' (sha256, sha3-256, sm3).\n",
	"exit status: 0 success, 1 unreadable input, 2 usage error\n", SYM_FLAGS};

static const cb_alg_info *find(const struct sym_args *a, cb_kind kind, int *status)
{
	const cb_alg_info *c;

	*status = CB_EXIT_USAGE;
	if (!a->alg) {
		cli_error("--alg <alg> is needed (see 'cryptobench %s --help')", cb_kind_name(kind));
		return NULL;
	}
	if (a->backend && !cb_backend_find(a->backend)) {
		cli_error("unknown backend '%s' (see 'cryptobench list --backends')", a->backend);
		return NULL;
	}
	c = cb_registry_find(a->alg, a->backend);
	if (!c) {
		if (cb_registry_find(a->alg, NULL))
			cli_error("backend '%s' has no %s (see 'cryptobench list %s')", a->backend, a->alg, a->alg);
		else
			cli_error("unknown algorithm '%s' (see 'cryptobench list')", a->alg);
		return NULL;
	}
	if (c->kind != kind) {
		cli_error("'%s' is a %s algorithm, not a %s", a->alg, cb_kind_name(c->kind), cb_kind_name(kind));
		return NULL;
	}
	if (cb_alg_unavailable(c)) {
		cli_error("'%s' is unavailable here: %s", a->alg, cb_alg_unavailable(c));
		*status = CB_EXIT_FAIL;
		return NULL;
	}
	*status = CB_EXIT_OK;
	return c;
}

/* Hex option value into out (cap bytes); -1 with the error printed. */
static int hex_opt(const char *opt, const char *v, uint8_t *out, size_t cap, size_t *len)
{
	if (cb_hex_decode((const uint8_t *)v, strlen(v), out, cap, len) != CB_OK) {
		cli_error("%s is not hex, or longer than %zu bytes", opt, cap);
		return -1;
	}
	return 0;
}

int cmd_cipher(int argc, char **argv)
{
	struct sym_args a = {0};
	const struct cli_option opts[] = {
		CLI_STRING_ONCE("alg", 0, "<alg>", &a.alg, "the cipher"),
		CLI_STRING_ONCE("key-hex", 0, "<k>", &a.key_hex, "the key in hex (its length is the cipher's)"),
		CLI_STRING_ONCE("iv-hex", 0, "<iv>", &a.iv_hex,
				"the IV or nonce in hex (required unless ECB; AEADs: 12 bytes)"),
		CLI_STRING_ONCE("aad", 0, "<file>", &a.aad, "AEADs: additional authenticated data"),
		CLI_STRING_ONCE("in", 'i', "<in>", &a.in, "the input (default: standard input)"),
		CLI_STRING_ONCE("out", 'o', "<out>", &a.out,
				"the output (default: standard output; decrypted output gets mode 0600)"),
		CLI_STRING_ONCE("backend", 0, "<b>", &a.backend, "the implementation (default: the first that has <alg>)"),
		CLI_FLAG("hex", 0, &a.hex, "the input and output in hex (input: white space allowed)"),
	};
	const cb_cipher_class *c;
	uint8_t key[64], iv[64], *aad = NULL, *in = NULL, *out = NULL;
	size_t kl = 0, ivl = 0, al = 0, il = 0, ol = 0;
	void *ctx = NULL;
	int enc, r, status = CB_EXIT_FAIL;

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		cli_print_help(argc < 2 ? stderr : stdout, &cipher_cmds[0], opts, CB_ARRAY_LEN(opts));
		return argc < 2 ? CB_EXIT_USAGE : CB_EXIT_OK;
	}
	if (strcmp(argv[1], "encrypt") && strcmp(argv[1], "decrypt")) {
		cli_error("unknown cipher operation '%s' (encrypt or decrypt; see 'cryptobench cipher --help')", argv[1]);
		return CB_EXIT_USAGE;
	}
	enc = !strcmp(argv[1], "encrypt");
	r = cli_parse_options(&cipher_cmds[!enc], opts, CB_ARRAY_LEN(opts), argc - 1, argv + 1, NULL);
	if (r)
		return r > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	c = cb_as_cipher(find(&a, CB_KIND_CIPHER, &status));
	if (!c)
		return status;
	status = CB_EXIT_USAGE;
	if (!a.key_hex) {
		cli_error("'cipher %s' needs --key-hex <k> (see 'cryptobench cipher --help')", argv[1]);
		goto out;
	}
	if (hex_opt("--key-hex", a.key_hex, key, sizeof(key), &kl))
		goto out;
	if (kl != c->key_bytes) {
		cli_error("--key-hex is %zu bytes; %s keys are %zu bytes", kl, c->info.name, c->key_bytes);
		goto out;
	}
	if (c->iv_bytes == 0 && a.iv_hex) {
		cli_error("%s takes no IV; drop --iv-hex", c->info.name);
		goto out;
	}
	if (c->iv_bytes && !a.iv_hex) {
		cli_error("%s needs --iv-hex <iv> (%zu bytes)", c->info.name, c->iv_bytes);
		goto out;
	}
	if (a.iv_hex && hex_opt("--iv-hex", a.iv_hex, iv, sizeof(iv), &ivl))
		goto out;
	if (a.iv_hex && ivl != c->iv_bytes) {
		cli_error("--iv-hex is %zu bytes; %s IVs are %zu bytes", ivl, c->info.name, c->iv_bytes);
		goto out;
	}
	if (a.aad && c->tag_bytes == 0) {
		cli_error("%s is not an AEAD; it takes no --aad", c->info.name);
		goto out;
	}
	{
		const char *ins[2] = {cli_path(a.in), a.aad}, *outs[1] = {cli_path(a.out)};

		if (a.aad && !strcmp(a.aad, "-") && !strcmp(cli_path(a.in), "-")) {
			cli_error("only one input can be standard input ('-' or omitted)");
			goto out;
		}
		if (cli_check_outputs(ins, a.aad ? 2 : 1, outs, 1))
			goto out;
	}
	status = CB_EXIT_FAIL;
	if ((a.aad && cli_read(a.aad, 0, CLI_MAX_MESSAGE, &aad, &al)) || cli_read(a.in, a.hex, CLI_MAX_MESSAGE, &in, &il))
		goto out;
	ol = il + c->block_bytes + c->tag_bytes;
	out = malloc(ol ? ol : 1);
	if (!out) {
		cli_error("out of memory");
		goto out;
	}
	r = cb_cipher_init(c, &ctx, key, kl);
	if (!r)
		r = enc ? cb_cipher_encrypt(c, ctx, ivl ? iv : NULL, ivl, aad, al, in, il, out, &ol)
			: cb_cipher_decrypt(c, ctx, ivl ? iv : NULL, ivl, aad, al, in, il, out, &ol);
	if (r == CB_ERR_VERIFY || (!enc && r == CB_ERR_DECRYPT)) {
		cli_error("'%s' does not decrypt under this key%s: %s", cli_in_name(a.in), c->tag_bytes ? ", IV and AAD" : " and IV",
			  r == CB_ERR_VERIFY ? "the tag does not match" : "the padding is wrong");
		status = CB_EXIT_AUTH;
		goto out;
	}
	if (r == CB_ERR_LENGTH || r == CB_ERR_ARG || r == CB_ERR_UNSUPPORTED) {
		cli_error("%s cannot %s '%s' (%zu bytes): %s", c->info.name, argv[1], cli_in_name(a.in), il,
			  c->block_bytes > 1 && !c->padded ? "not a whole number of blocks"
			  : !enc && c->tag_bytes && il < c->tag_bytes ? "shorter than the tag"
			  : cb_strerror(r));
		goto out;
	}
	if (r) {
		cli_error("%s %s failed: %s", c->info.name, argv[1], cb_strerror(r));
		goto out;
	}
	{
		const struct cli_out o[1] = {{a.out, out, ol, enc ? CLI_MODE_PUBLIC : CLI_MODE_SECRET}};
		if (!cli_write_outputs(o, 1, a.hex))
			status = CB_EXIT_OK;
	}
out:
	if (ctx)
		c->free(ctx);
	cb_wipe(key, sizeof(key));
	if (in) {
		cb_wipe(in, il);
		free(in);
	}
	if (out) {
		cb_wipe(out, il + c->block_bytes + c->tag_bytes);
		free(out);
	}
	free(aad);
	return status;
}

int cmd_hash(int argc, char **argv)
{
	struct sym_args a = {0};
	const struct cli_option opts[] = {
		CLI_STRING_ONCE("alg", 0, "<alg>", &a.alg, "the hash function"),
		CLI_STRING_ONCE("in", 'i', "<in>", &a.in, "the input (default: standard input)"),
		CLI_STRING_ONCE("backend", 0, "<b>", &a.backend, "the implementation (default: the first that has <alg>)"),
		CLI_FLAG("hex", 0, &a.hex, "the input is hex (white space allowed)"),
	};
	const cb_hash_class *h;
	uint8_t *in = NULL, dg[128];
	char hex[2 * sizeof(dg) + 1];
	size_t il = 0;
	void *ctx = NULL;
	int r, status;

	r = cli_parse_options(&hash_cmd, opts, CB_ARRAY_LEN(opts), argc, argv, NULL);
	if (r)
		return r > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	h = cb_as_hash(find(&a, CB_KIND_HASH, &status));
	if (!h)
		return status;
	if (h->digest_bytes > sizeof(dg)) {
		cli_error("%s digests are too long for this command", h->info.name);
		return CB_EXIT_FAIL;
	}
	if (cli_read(a.in, a.hex, CLI_MAX_MESSAGE, &in, &il))
		return CB_EXIT_FAIL;
	r = cb_hash_init(h, &ctx);
	if (!r)
		r = cb_hash_digest(h, ctx, in, il, dg);
	if (ctx)
		h->free(ctx);
	free(in);
	if (r) {
		cli_error("%s failed: %s", h->info.name, cb_strerror(r));
		return CB_EXIT_FAIL;
	}
	cb_hex_encode(dg, h->digest_bytes, hex);
	printf("%s\n", hex);
	return CB_EXIT_OK;
}
