/*
 * util.c - what the command modules share: the data directory, option
 * parsing and error reporting.
 */
#define _POSIX_C_SOURCE 200809L
#include "app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int has_assets(const char *dir)
{
	char p[4200];
	snprintf(p, sizeof(p), "%s/assets/profiles", dir);
	return is_dir(p);
}

const char *skl_app_data_dir(void)
{
	static char found[4400];
	const char *env = getenv("SKLAB_DATA");
	char exe[4096];
	ssize_t n;
	if (found[0])
		return found;
	if (env && *env && has_assets(env)) {
		snprintf(found, sizeof(found), "%s", env);
		return found;
	}
	/* next to the executable: <prefix>/bin/sklab -> <prefix>/share/sklab */
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;
		char cand[4096 + 32];
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			snprintf(cand, sizeof(cand), "%s/../share/sklab", exe);
			if (has_assets(cand)) {
				snprintf(found, sizeof(found), "%s", cand);
				return found;
			}
		}
	}
	if (has_assets(SKLAB_SOURCE_DATA_DIR)) {
		snprintf(found, sizeof(found), "%s", SKLAB_SOURCE_DATA_DIR);
		return found;
	}
	snprintf(found, sizeof(found), "%s", SKLAB_INSTALL_DATA_DIR);
	return found;
}

int skl_app_fail(const char *what, const skl_error *err)
{
	char msg[1024];
	skl_error_format(err, msg, sizeof(msg));
	if (what && *what)
		fprintf(stderr, "sklab: %s: %s\n", what, msg);
	else
		fprintf(stderr, "sklab: %s\n", msg);
	return 1;
}

const char *skl_app_optarg(int argc, char **argv, int *i, const char *opt, int *missing)
{
	size_t n = strlen(opt);
	const char *a = argv[*i];
	if (strncmp(a, opt, n) != 0)
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n] != '\0')
		return NULL;
	if (*i + 1 >= argc) {
		*missing = 1;
		return NULL;
	}
	(*i)++;
	return argv[*i];
}
