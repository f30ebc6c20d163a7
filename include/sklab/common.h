/*
 * common.h - small things every sklab layer shares: version, errors,
 * output sinks, a growable byte buffer and a hash of 64-bit keys.
 *
 * Nothing here allocates behind the caller's back except skl_buf, whose
 * memory belongs to the buffer and is released by skl_buf_free().
 */
#ifndef SKLAB_COMMON_H
#define SKLAB_COMMON_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define SKL_VERSION "0.1.0"

/* ---- hashing ----------------------------------------------------------- */

/* MurmurHash3's 64-bit finaliser (fmix64): every bit of k moves every bit
 * of the result. For open-addressed tables and seeds; deterministic. */
static inline uint64_t skl_hash64(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ULL;
	return k ^ (k >> 33);
}

/* ---- errors ------------------------------------------------------------ */

/* An error a caller can print: what went wrong and, for input files, where. */
typedef struct skl_error {
	char msg[512];
	char file[256]; /* "" when not about a file */
	int line;	/* 1-based, 0 = unknown */
	int col;	/* 1-based, 0 = unknown */
} skl_error;

void skl_error_clear(skl_error *e);
/* Sets e (when non-NULL) and returns -1, so "return skl_errorf(...)" works. */
int skl_errorf(skl_error *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int skl_errorf_at(skl_error *e, const char *file, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* "file:line:col: msg" (only the parts that are known) into out. */
void skl_error_format(const skl_error *e, char *out, size_t outsz);

/* ---- output sinks ------------------------------------------------------ */

/* Writers emit text through a sink, so output can go to a file, memory or a test. */
typedef void (*skl_write_fn)(void *ud, const char *s, size_t n);

typedef struct skl_sink {
	skl_write_fn write;
	void *ud;
} skl_sink;

void skl_sink_printf(const skl_sink *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The same with a va_list: one write of the whole text. */
void skl_sink_vprintf(const skl_sink *s, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 0)))
#endif
    ;
void skl_sink_puts(const skl_sink *s, const char *str);

/* A growable, always NUL-terminated byte buffer. */
typedef struct skl_buf {
	char *data;
	size_t len;
	size_t cap;
} skl_buf;

void skl_buf_init(skl_buf *b);
void skl_buf_free(skl_buf *b);
int skl_buf_append(skl_buf *b, const char *s, size_t n);
int skl_buf_printf(skl_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A sink that appends to b. */
skl_sink skl_buf_sink(skl_buf *b);
/* A sink that writes to a FILE * (passed as void * to keep stdio out of here). */
skl_sink skl_file_sink(void *fp);

/* ---- allocation hook --------------------------------------------------- */

/* The engine allocates through one hook so tests can inject failure. */
typedef void *(*skl_realloc_fn)(void *ud, void *ptr, size_t size);
void skl_set_allocator(skl_realloc_fn fn, void *ud);
void *skl_malloc(size_t n);
void *skl_calloc(size_t n, size_t size);
void *skl_realloc(void *p, size_t n);
void skl_free(void *p);
char *skl_strdup(const char *s);
/* Room for one more element in a growing array: *(T **)items holds *cap
 * elements of elem bytes, n of them in use. When n == *cap the array
 * doubles (to first elements when empty). 0, or -1 when out of memory or
 * past INT_MAX elements (the array then unchanged). */
int skl_grow(void *items, int *cap, int n, int first, size_t elem);

/* ---- files written through a temporary ---------------------------------- */

/* Creates NAME.tmp.<pid>, the temporary a file is written to before it is
 * renamed over NAME: new (O_EXCL), never through a symlink (O_NOFOLLOW),
 * relative to the directory dirfd (AT_FDCWD: the working directory, or
 * NAME is absolute). One left by a run that died is removed first. tmp
 * gets the name. The open descriptor, or -1 with errno set. */
int skl_tmp_create(int dirfd, const char *name, char *tmp, size_t tmpsz);

/* ---- "did you mean" ------------------------------------------------------- */

/* The closest names to one that is not known: up to three candidates
 * within a small edit distance (Levenshtein; more for longer names), the
 * closest first. A candidate "a.b.c" also counts by its last component. */
typedef struct skl_suggest {
	const char *want;
	char best[3][128];
	size_t dist[3];
	int n;
} skl_suggest;

void skl_suggest_init(skl_suggest *s, const char *want);
void skl_suggest_try(skl_suggest *s, const char *cand);
/* " (did you mean 'a', 'b' or 'c'?)", or "" with no candidate. */
void skl_suggest_text(const skl_suggest *s, char *out, size_t outsz);

#endif
