/*
 * golden.h - what the C tests share for golden files: reading a file whole,
 * and comparing a text with DIR/NAME (or rewriting it when the environment
 * has SKLAB_UPDATE_GOLDEN=1). Header-only: each test is one file.
 */
#ifndef SKLAB_TEST_GOLDEN_H
#define SKLAB_TEST_GOLDEN_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The file's bytes, NUL-terminated (free with free()), or NULL; *len (may
 * be NULL) gets their count. */
static inline char *skl_test_read_file_len(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		return NULL;
	}
	buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	if (buf)
		buf[n] = '\0';
	if (buf && len)
		*len = (size_t)n;
	fclose(f);
	return buf;
}

/* The same without the count. */
static inline char *skl_test_read_file(const char *path)
{
	return skl_test_read_file_len(path, NULL);
}

/* 0 when got equals DIR/NAME (or the file was rewritten on request), 1 when
 * it differs or cannot be read: then it prints the first differing line of
 * each and both texts. */
static inline int skl_test_golden(const char *dir, const char *name, const char *got)
{
	char path[1024];
	char *want;
	const char *up = getenv("SKLAB_UPDATE_GOLDEN");
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (up && *up && strcmp(up, "0")) {
		FILE *f = fopen(path, "wb");
		int bad = !f || fputs(got, f) < 0;
		if (f && fclose(f) != 0)
			bad = 1;
		printf("%s %s\n", bad ? "cannot write" : "updated", path);
		return bad;
	}
	want = skl_test_read_file(path);
	if (!want) {
		printf("%s: missing golden file (run with SKLAB_UPDATE_GOLDEN=1)\n--- got ---\n%s", path, got);
		return 1;
	}
	if (strcmp(want, got)) {
		const char *a = want, *b = got;
		int line = 1;
		while (*a && *a == *b) {
			if (*a == '\n')
				line++;
			a++, b++;
		}
		printf("golden %s differs at line %d\n  want: %.*s\n  got:  %.*s\n--- want\n%s\n--- got\n%s\n", path,
		       line, (int)strcspn(a, "\n"), a, (int)strcspn(b, "\n"), b, want, got);
		free(want);
		return 1;
	}
	free(want);
	return 0;
}

#endif
