/*
 * test_lua_errors.c - runs every scenarios/errors/\*.lua and checks the
 * message of the error that ends it against the file's first line,
 * "-- error: file:line: message". Runs with a 16 MiB heap and a budget of
 * 5e6 instructions, so the limit cases are quick.
 *   test_lua_errors DATA_DIR DIR
 */
#define _POSIX_C_SOURCE 200809L

#include "sklab/runtime.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the issue asks for a catalogue of at least this many bad calls */
#define MIN_CASES 60

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The expected message from the file's first line, or "" when it has none. */
static void expected(const char *path, char *out, size_t outsz)
{
	FILE *f = fopen(path, "rb");
	char line[1024] = "";
	out[0] = '\0';
	if (!f)
		return;
	if (fgets(line, sizeof(line), f) && !strncmp(line, "-- error: ", 10)) {
		line[strcspn(line, "\n")] = '\0';
		snprintf(out, outsz, "%s", line + 10);
	}
	fclose(f);
}

int main(int argc, char **argv)
{
	DIR *d;
	struct dirent *de;
	char **names = NULL;
	int n = 0, cap = 0, i, failures = 0;
	skl_lua_opts o;
	skl_lua *rt;
	skl_error err;

	if (argc != 3) {
		fprintf(stderr, "usage: %s DATA_DIR DIR\n", argv[0]);
		return 2;
	}
	d = opendir(argv[2]);
	if (!d) {
		perror(argv[2]);
		return 2;
	}
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		if (len > 4 && !strcmp(de->d_name + len - 4, ".lua")) {
			if (n == cap) {
				cap = cap ? cap * 2 : 256;
				names = realloc(names, (size_t)cap * sizeof(*names));
				if (!names)
					return 2;
			}
			names[n] = malloc(strlen(argv[2]) + len + 2);
			sprintf(names[n], "%s/%s", argv[2], de->d_name);
			n++;
		}
	}
	closedir(d);
	if (n > 0)
		qsort(names, (size_t)n, sizeof(names[0]), cmp);

	memset(&o, 0, sizeof(o));
	o.data_dir = argv[1];
	o.heap_limit = (size_t)16 << 20;
	o.instr_limit = 5000000;
	rt = skl_lua_new(&o, &err);
	if (!rt)
		return 1;
	for (i = 0; i < n; i++) {
		char want[1024], got[1024];
		skl_events *log = skl_events_new(0);
		int rc = skl_lua_run_file(rt, names[i], log, &err);
		const skl_event *last = skl_events_at(log, skl_events_count(log) - 1);
		expected(names[i], want, sizeof(want));
		skl_error_format(&err, got, sizeof(got));
		if (!want[0]) {
			printf("FAIL %s: no \"-- error: ...\" first line\n", names[i]);
			failures++;
		} else if (rc == 0) {
			printf("FAIL %s: ran without error\n  want: %s\n", names[i], want);
			failures++;
		} else if (strcmp(want, got) != 0) {
			printf("FAIL %s\n  want: %s\n  got:  %s\n", names[i], want, got);
			failures++;
		} else if (!last || last->kind != SKL_EV_ERROR) {
			printf("FAIL %s: the log does not end with an error event\n", names[i]);
			failures++;
		} else {
			printf("ok   %s\n", names[i]);
		}
		skl_events_free(log);
		free(names[i]);
	}
	skl_lua_free(rt);
	free(names);
	printf("%d cases, %d failed\n", n, failures);
	if (n < MIN_CASES)
		printf("FAIL: only %d cases; the catalogue needs at least %d\n", n, MIN_CASES);
	return failures != 0 || n < MIN_CASES;
}
