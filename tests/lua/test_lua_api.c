/*
 * test_lua_api.c - docs/lua-api.md must hold the API reference generated
 * from the runtime's API table, between its "api:begin" and "api:end"
 * markers. Fails when the doc is stale; --write regenerates that part.
 *   test_lua_api docs/lua-api.md [--write]
 */
#include "sklab/runtime.h"

#include "golden.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BEGIN "<!-- api:begin (generated from src/lua/api.c: test_lua_api --write) -->\n"
#define END "<!-- api:end -->\n"

int main(int argc, char **argv)
{
	skl_buf gen;
	skl_sink s;
	char *doc, *b, *e;
	size_t len;
	int write = argc > 2 && !strcmp(argv[2], "--write"), rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s docs/lua-api.md [--write]\n", argv[0]);
		return 2;
	}
	skl_buf_init(&gen);
	s = skl_buf_sink(&gen);
	skl_lua_api_write_md(&s);
	doc = skl_test_read_file_len(argv[1], &len);
	if (!doc) {
		fprintf(stderr, "FAIL: cannot read %s\n", argv[1]);
		return 1;
	}
	b = strstr(doc, BEGIN);
	e = b ? strstr(b, END) : NULL;
	if (!b || !e) {
		fprintf(stderr, "FAIL: %s has no generated part (the markers are missing)\n", argv[1]);
		return 1;
	}
	b += strlen(BEGIN);
	if ((size_t)(e - b) == gen.len && !memcmp(b, gen.data, gen.len)) {
		printf("ok %s is up to date\n", argv[1]);
	} else if (write) {
		FILE *f = fopen(argv[1], "wb");
		if (!f) {
			perror(argv[1]);
			return 1;
		}
		fwrite(doc, 1, (size_t)(b - doc), f);
		fwrite(gen.data, 1, gen.len, f);
		fwrite(e, 1, len - (size_t)(e - doc), f);
		fclose(f);
		printf("rewrote the API reference in %s\n", argv[1]);
	} else {
		fprintf(stderr,
			"FAIL: %s is stale: its API reference differs from the API table in src/lua/api.c;\n"
			"run test_lua_api %s --write\n",
			argv[1], argv[1]);
		rc = 1;
	}
	skl_buf_free(&gen);
	free(doc);
	return rc;
}
