#include "cli/cli.h"
int cmd_list(int argc, char **argv)
{
	return CB_EXIT_FAIL;
}
