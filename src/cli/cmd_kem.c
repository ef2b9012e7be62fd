/* Placeholder: `cryptobench kem` arrives with ML-KEM (issue 3). */
#include "cli/cli.h"

int cmd_kem(int argc, char **argv)
{
	cli_error("'kem' is not built yet");
	return CB_EXIT_FAIL;
}
