/*
 * check.h - the few macros every unit test shares: count failures,
 * print each with file:line, exit non-zero at the end.
 */
#ifndef SKLAB_TEST_CHECK_H
#define SKLAB_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_failures;

#define CHECK(cond)                                                                                                    \
	do {                                                                                                           \
		if (!(cond)) {                                                                                         \
			printf("%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                                \
			check_failures++;                                                                              \
		}                                                                                                      \
	} while (0)

#define CHECK_INT(got, want)                                                                                           \
	do {                                                                                                           \
		long long g_ = (long long)(got), w_ = (long long)(want);                                               \
		if (g_ != w_) {                                                                                        \
			printf("%s:%d: %s is %lld, want %lld\n", __FILE__, __LINE__, #got, g_, w_);                    \
			check_failures++;                                                                              \
		}                                                                                                      \
	} while (0)

#define CHECK_STR(got, want)                                                                                           \
	do {                                                                                                           \
		const char *g_ = (got), *w_ = (want);                                                                  \
		if (!g_ || strcmp(g_, w_) != 0) {                                                                      \
			printf("%s:%d: %s is\n  \"%s\"\nwant\n  \"%s\"\n", __FILE__, __LINE__, #got,                   \
			       g_ ? g_ : "(null)", w_);                                                                \
			check_failures++;                                                                              \
		}                                                                                                      \
	} while (0)

static inline int check_done(const char *name)
{
	if (check_failures)
		printf("%s: %d check(s) failed\n", name, check_failures);
	else
		printf("%s: all checks passed\n", name);
	return check_failures ? 1 : 0;
}

#endif
