/* Placeholder main; the CLI is being written. */
#include <stdio.h>
int main(void)
{
	return 0;
}
