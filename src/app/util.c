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

/* Copies dir into found (when it holds sklab's data) and returns found. */
static const char *take(char *found, size_t n, const char *dir)
{
	if (!has_assets(dir))
		return NULL;
	snprintf(found, n, "%s", dir);
	return found;
}

/* 1 when the directory exe_dir is the build tree this program was built in. */
static int in_build_tree(const char *exe_dir)
{
	struct stat a, b;
	if (stat(exe_dir, &a) != 0 || stat(SKLAB_BINARY_DIR, &b) != 0)
		return 0;
	return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/*
 * The data directory, in this order: $SKLAB_DATA; <prefix>/share/sklab
 * next to <prefix>/bin/sklab (an installed program, wherever its prefix was
 * moved); the source tree, for the program in its own build tree; the
 * configured install prefix; the source tree for any other copy. An
 * installed program thus never reads a source tree that happens to still
 * exist, and a build never reads an older installation.
 */
const char *skl_app_data_dir(void)
{
	static char found[4400];
	const char *env = getenv("SKLAB_DATA");
	char exe[4096];
	int build = 0;
	ssize_t n;
	if (found[0])
		return found;
	if (env && *env && take(found, sizeof(found), env))
		return found;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;
		char cand[4096 + 32];
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			/* <prefix>/bin -> <prefix>/share/sklab, a clean path for messages */
			if (slash - exe >= 4 && !strcmp(slash - 4, "/bin"))
				snprintf(cand, sizeof(cand), "%.*s/share/sklab", (int)(slash - exe - 4), exe);
			else
				snprintf(cand, sizeof(cand), "%s/../share/sklab", exe);
			if (take(found, sizeof(found), cand))
				return found;
			build = in_build_tree(exe[0] ? exe : "/");
		}
	}
	if (build && take(found, sizeof(found), SKLAB_SOURCE_DATA_DIR))
		return found;
	if (take(found, sizeof(found), SKLAB_INSTALL_DATA_DIR))
		return found;
	if (take(found, sizeof(found), SKLAB_SOURCE_DATA_DIR))
		return found;
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
