#include "cli/cliio.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/select.h"
#include "core/util.h"
#include "cryptobench/fileio.h"

const char *cli_in_name(const char *p)
{
	return !p || !strcmp(p, "-") ? "standard input" : p;
}

const char *cli_out_name(const char *p)
{
	return !p || !strcmp(p, "-") ? "standard output" : p;
}

int cli_read(const char *path, int hex, size_t maxlen, uint8_t **data, size_t *len)
{
	uint8_t *buf = NULL;
	size_t n = 0;
	int err = cb_read_file(cli_path(path), &buf, &n, maxlen);

	if (err == CB_ERR_IO && !strcmp(cli_path(path), "-") && cli_std_closed(0)) {
		cli_error("cannot read standard input: it is closed");
		return -1;
	}
	if (err == CB_ERR_IO) {
		cli_error("cannot read '%s': %s", cli_in_name(path), cli_strerror(errno));
		return -1;
	}
	if (err == CB_ERR_LENGTH) {
		cli_error("'%s' is too large (more than %zu bytes)", cli_in_name(path), maxlen);
		return -1;
	}
	if (err == CB_ERR_NOMEM) {
		cli_error("cannot read '%s': out of memory", cli_in_name(path));
		return -1;
	}
	if (err) {
		cli_error("cannot read '%s': %s", cli_in_name(path), cb_strerror(err));
		return -1;
	}
	if (hex) {
		size_t dec;

		if (cb_hex_decode(buf, n, buf, n, &dec) != CB_OK) {
			cb_wipe(buf, n);
			free(buf);
			cli_error("'%s' is not valid hex (--hex was given)", cli_in_name(path));
			return -1;
		}
		cb_wipe(buf + dec, n - dec);
		n = dec;
	}
	*data = buf;
	*len = n;
	return 0;
}

int cli_read_exact(const char *path, int hex, uint8_t *out, size_t want, const char *alg, const char *what)
{
	uint8_t *buf;
	size_t len;

	if (cli_read(path, hex, CLI_MAX_SMALL, &buf, &len))
		return -1;
	if (len != want) {
		cb_wipe(buf, len);
		free(buf);
		cli_error("'%s' is %zu bytes; %s %s are %zu bytes", cli_in_name(path), len, alg, what, want);
		return -1;
	}
	memcpy(out, buf, want);
	cb_wipe(buf, len);
	free(buf);
	return 0;
}

int cli_write_outputs(const struct cli_out *it, size_t n, int hex)
{
	cb_output out[4];
	uint8_t *enc[4] = {NULL, NULL, NULL, NULL};
	size_t failed = 0;
	int rc = 0, err = CB_OK;

	if (n > CB_ARRAY_LEN(out))
		n = CB_ARRAY_LEN(out); /* a command has at most three outputs */
	for (size_t i = 0; i < n; i++) {
		out[i] = (cb_output){cli_path(it[i].path), it[i].data, it[i].len, it[i].mode};
		if (!hex)
			continue;
		enc[i] = malloc(2 * it[i].len + 1);
		if (!enc[i]) {
			err = CB_ERR_NOMEM;
			break;
		}
		cb_hex_encode(it[i].data, it[i].len, (char *)enc[i]);
		enc[i][2 * it[i].len] = '\n';
		out[i].data = enc[i];
		out[i].len = 2 * it[i].len + 1;
	}
	if (!err)
		err = cb_write_files_atomic(out, n, &failed);
	if (err == CB_ERR_IO) {
		cli_output_error(cli_out_name(it[failed].path), errno);
		rc = -1;
	} else if (err) {
		cli_error("cannot write the outputs: %s", cb_strerror(err));
		rc = -1;
	}
	for (size_t i = 0; i < n; i++)
		if (enc[i]) {
			cb_wipe(enc[i], 2 * it[i].len + 1);
			free(enc[i]);
		}
	return rc;
}
