/*
 * cmd_bench.c - sklab bench (being written).
 */
#include "app.h"

#include <stdio.h>

int skl_cmd_bench(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "sklab bench: not available yet\n");
	return 2;
}
