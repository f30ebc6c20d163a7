/*
 * cmd_cachesim.c - sklab cachesim (being written).
 */
#include "app.h"

#include <stdio.h>

int skl_cmd_cachesim(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "sklab cachesim: not available yet\n");
	return 2;
}
