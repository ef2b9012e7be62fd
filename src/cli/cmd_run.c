#include "cli/cli.h"
int cmd_run(int argc, char **argv)
{
	return CB_EXIT_FAIL;
}
