/*
 * fuzz_util.h - what the libFuzzer targets in tests/fuzz share: a private
 * temporary directory made once per process (removed at exit), writing an
 * input into a file under it, and a sink that drops text.
 *
 * Header-only (every function static inline) so each target stays one file; never
 * prints except to say why it has to stop.
 */
#ifndef SKLAB_FUZZ_UTIL_H
#define SKLAB_FUZZ_UTIL_H

#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700 /* mkdtemp, lstat */
#endif

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* libFuzzer's entry point, defined by each target. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Where the bundled assets/ and scenarios/ live: $SKLAB_DATA, else the
 * source tree the build came from. */
static inline const char *fz_data_dir(void)
{
	const char *d = getenv("SKLAB_DATA");
#ifdef SKLAB_FUZZ_DATA_DIR
	return d && *d ? d : SKLAB_FUZZ_DATA_DIR;
#else
	return d && *d ? d : ".";
#endif
}

static char fz_tmp[512];

/* Removes every file and directory under path (not path itself). */
static inline void fz_empty_dir(const char *path, int depth)
{
	DIR *d = opendir(path);
	struct dirent *e;
	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		char sub[2048];
		struct stat st;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || strlen(path) + strlen(e->d_name) + 2 > 1024)
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
		if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode) && depth < 8) {
			fz_empty_dir(sub, depth + 1);
			rmdir(sub);
		} else {
			unlink(sub);
		}
	}
	closedir(d);
}

static inline void fz_cleanup(void)
{
	if (fz_tmp[0]) {
		fz_empty_dir(fz_tmp, 0);
		rmdir(fz_tmp);
		fz_tmp[0] = '\0';
	}
}

/* The private directory ("$TMPDIR/sklab-fuzz-XXXXXX"), made on first use. */
static inline const char *fz_tmpdir(void)
{
	if (!fz_tmp[0]) {
		const char *t = getenv("TMPDIR");
		snprintf(fz_tmp, sizeof(fz_tmp), "%s/sklab-fuzz-XXXXXX", t && *t ? t : "/tmp");
		if (!mkdtemp(fz_tmp)) {
			perror("mkdtemp");
			abort();
		}
		atexit(fz_cleanup);
	}
	return fz_tmp;
}

/* Makes every directory of rel (a relative path of directories) under the
 * private directory. */
static inline void fz_mkdirs(const char *rel)
{
	char path[1024];
	size_t i, base;
	snprintf(path, sizeof(path), "%s/", fz_tmpdir());
	base = strlen(path);
	snprintf(path + base, sizeof(path) - base, "%s", rel);
	for (i = base; path[i]; i++)
		if (path[i] == '/') {
			path[i] = '\0';
			mkdir(path, 0700);
			path[i] = '/';
		}
	mkdir(path, 0700);
}

/* Writes data to rel under the private directory; the full path goes to
 * out. Aborts when it cannot (the target would test nothing). */
static inline void fz_write(const char *rel, const uint8_t *data, size_t size, char *out, size_t outsz)
{
	FILE *f;
	snprintf(out, outsz, "%s/%s", fz_tmpdir(), rel);
	f = fopen(out, "wb");
	if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
		perror(out);
		abort();
	}
}

static inline void fz_ignore(void *ud, const char *s, size_t n)
{
	(void)ud;
	(void)s;
	(void)n;
}

#endif
