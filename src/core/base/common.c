/*
 * common.c - errors, sinks, the byte buffer and the allocation hook.
 * Never prints on its own; never aborts.
 */
#define _POSIX_C_SOURCE 200809L
#include "sklab/common.h"

#include <limits.h>
#include <stdint.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef O_NOFOLLOW
#define O_NOFOLLOW 0
#endif
#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

static void *default_realloc(void *ud, void *ptr, size_t size)
{
	(void)ud;
	if (size == 0) {
		free(ptr);
		return NULL;
	}
	return realloc(ptr, size);
}

static skl_realloc_fn g_realloc = default_realloc;
static void *g_realloc_ud;

void skl_set_allocator(skl_realloc_fn fn, void *ud)
{
	g_realloc = fn ? fn : default_realloc;
	g_realloc_ud = ud;
}

void *skl_malloc(size_t n)
{
	return g_realloc(g_realloc_ud, NULL, n ? n : 1);
}

void *skl_calloc(size_t n, size_t size)
{
	void *p;
	size_t bytes;
	if (size && n > SIZE_MAX / size)
		return NULL;
	bytes = n * size;
	p = skl_malloc(bytes);
	if (p)
		memset(p, 0, bytes ? bytes : 1);
	return p;
}

void *skl_realloc(void *p, size_t n)
{
	return g_realloc(g_realloc_ud, p, n ? n : 1);
}

void skl_free(void *p)
{
	if (p)
		g_realloc(g_realloc_ud, p, 0);
}

char *skl_strdup(const char *s)
{
	size_t n;
	char *d;
	if (!s)
		return NULL;
	n = strlen(s) + 1;
	d = skl_malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}

void skl_error_clear(skl_error *e)
{
	if (e)
		memset(e, 0, sizeof(*e));
}

static int verrorf(skl_error *e, const char *file, int line, int col, const char *fmt, va_list ap)
{
	if (!e)
		return -1;
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	if (file)
		snprintf(e->file, sizeof(e->file), "%s", file);
	else
		e->file[0] = '\0';
	e->line = line;
	e->col = col;
	return -1;
}

int skl_errorf(skl_error *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verrorf(e, NULL, 0, 0, fmt, ap);
	va_end(ap);
	return -1;
}

int skl_errorf_at(skl_error *e, const char *file, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verrorf(e, file, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

void skl_error_format(const skl_error *e, char *out, size_t outsz)
{
	if (e->file[0] && e->line && e->col)
		snprintf(out, outsz, "%s:%d:%d: %s", e->file, e->line, e->col, e->msg);
	else if (e->file[0] && e->line)
		snprintf(out, outsz, "%s:%d: %s", e->file, e->line, e->msg);
	else if (e->file[0])
		snprintf(out, outsz, "%s: %s", e->file, e->msg);
	else if (e->line && e->col)
		snprintf(out, outsz, "line %d, column %d: %s", e->line, e->col, e->msg);
	else
		snprintf(out, outsz, "%s", e->msg);
}

void skl_sink_puts(const skl_sink *s, const char *str)
{
	s->write(s->ud, str, strlen(str));
}

void skl_sink_vprintf(const skl_sink *s, const char *fmt, va_list ap)
{
	char small[512];
	va_list again;
	int n;
	va_copy(again, ap);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	if (n >= 0 && (size_t)n < sizeof(small)) {
		s->write(s->ud, small, (size_t)n);
	} else if (n >= 0) {
		char *big = skl_malloc((size_t)n + 1);
		if (big) {
			vsnprintf(big, (size_t)n + 1, fmt, again);
			s->write(s->ud, big, (size_t)n);
			skl_free(big);
		}
	}
	va_end(again);
}

void skl_sink_printf(const skl_sink *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	skl_sink_vprintf(s, fmt, ap);
	va_end(ap);
}

void skl_buf_init(skl_buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
}

void skl_buf_free(skl_buf *b)
{
	skl_free(b->data);
	skl_buf_init(b);
}

int skl_buf_append(skl_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		char *d;
		while (cap < b->len + n + 1)
			cap *= 2;
		d = skl_realloc(b->data, cap);
		if (!d)
			return -1;
		b->data = d;
		b->cap = cap;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

int skl_buf_printf(skl_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if (b->len + (size_t)n + 1 > b->cap && skl_buf_append(b, "", 0) == 0) {
		/* grow through append's policy */
		size_t want = b->len + (size_t)n + 1, cap = b->cap ? b->cap : 256;
		char *d;
		while (cap < want)
			cap *= 2;
		d = skl_realloc(b->data, cap);
		if (!d)
			return -1;
		b->data = d;
		b->cap = cap;
	}
	if (!b->data)
		return -1;
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return 0;
}

static void buf_write(void *ud, const char *s, size_t n)
{
	skl_buf_append(ud, s, n);
}

skl_sink skl_buf_sink(skl_buf *b)
{
	skl_sink s;
	s.write = buf_write;
	s.ud = b;
	return s;
}

static void file_write(void *ud, const char *s, size_t n)
{
	fwrite(s, 1, n, (FILE *)ud);
}

skl_sink skl_file_sink(void *fp)
{
	skl_sink s;
	s.write = file_write;
	s.ud = fp;
	return s;
}

int skl_grow(void *items, int *cap, int n, int first, size_t elem)
{
	void *p, *d;
	int nc;
	if (n < *cap)
		return 0;
	nc = *cap ? *cap : first;
	if (*cap) {
		if (nc > INT_MAX / 2)
			return -1;
		nc *= 2;
	}
	if (!elem || (size_t)nc > SIZE_MAX / elem)
		return -1;
	memcpy(&p, items, sizeof(p));
	d = skl_realloc(p, (size_t)nc * elem);
	if (!d)
		return -1;
	memcpy(items, &d, sizeof(d));
	*cap = nc;
	return 0;
}

/* ---- files written through a temporary ------------------------------------ */

int skl_tmp_create(int dirfd, const char *name, char *tmp, size_t tmpsz)
{
	const int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
	int fd;
	if ((size_t)snprintf(tmp, tmpsz, "%s.tmp.%ld", name, (long)getpid()) >= tmpsz) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = openat(dirfd, tmp, flags, 0666);
	if (fd < 0 && errno == EEXIST && unlinkat(dirfd, tmp, 0) == 0) /* left by a run that died */
		fd = openat(dirfd, tmp, flags, 0666);
	return fd;
}

/* ---- "did you mean" ------------------------------------------------------- */

static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, row[130];
	if (la > 128 || lb > 128)
		return 1000;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

void skl_suggest_init(skl_suggest *s, const char *want)
{
	memset(s, 0, sizeof(*s));
	s->want = want;
}

void skl_suggest_try(skl_suggest *s, const char *cand)
{
	const char *dot = strrchr(cand, '.');
	size_t d = edit_distance(s->want, cand), lw = strlen(s->want), limit, k;
	int i, j;
	if (dot && !strchr(s->want, '.')) {
		size_t d2 = edit_distance(s->want, dot + 1);
		if (d2 < d)
			d = d2;
	}
	limit = lw >= 6 ? 2 + lw / 8 : lw >= 3 ? 1 : 0;
	if (d > limit || !d)
		return;
	for (i = 0; i < s->n; i++)
		if (!strcmp(s->best[i], cand))
			return;
	for (i = 0; i < s->n && s->dist[i] <= d; i++)
		;
	if (i >= 3)
		return;
	k = s->n < 3 ? (size_t)s->n : 2;
	for (j = (int)k; j > i; j--) {
		memcpy(s->best[j], s->best[j - 1], sizeof(s->best[j]));
		s->dist[j] = s->dist[j - 1];
	}
	snprintf(s->best[i], sizeof(s->best[i]), "%s", cand);
	s->dist[i] = d;
	if (s->n < 3)
		s->n++;
}

void skl_suggest_text(const skl_suggest *s, char *out, size_t outsz)
{
	if (!s->n) {
		out[0] = '\0';
		return;
	}
	if (s->n == 1)
		snprintf(out, outsz, " (did you mean '%s'?)", s->best[0]);
	else if (s->n == 2)
		snprintf(out, outsz, " (did you mean '%s' or '%s'?)", s->best[0], s->best[1]);
	else
		snprintf(out, outsz, " (did you mean '%s', '%s' or '%s'?)", s->best[0], s->best[1], s->best[2]);
}
