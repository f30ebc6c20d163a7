/*
 * trace.c - the Lackey and din trace readers behind sklab/trace.h.
 *
 * One buffer of BUF_CAP bytes is filled with fread (or memcpy from a
 * memory trace). The parsers work on the whole lines in it: the window
 * always ends just after a '\n', so every scan stops at a newline without
 * a bounds check. A hand-written hex/decimal loop over a lookup table does
 * the numbers; no sscanf. A partial last line moves to the front before
 * the next fill; a last line without a newline gets one.
 */
#define _POSIX_C_SOURCE 200809L

#include "sklab/trace.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#define BUF_CAP (1u << 20)
#define BUF_SLACK 16
#define MAX_SIZE (1u << 20) /* larger sizes are surely a damaged line */

struct skl_trace {
	FILE *fp;
	int own_fp;
	const unsigned char *mem;
	size_t memlen, mempos;
	unsigned char *buf;
	size_t beg, lim, end; /* parse [beg, lim); lim is just after a '\n'; data up to end */
	int eof;
	int failed;
	long partial;	 /* records parsed before a failing line */
	skl_error error; /* the error -1 keeps returning */
	skl_trace_format fmt;
	char name[256];
	skl_trace_counts c;
};

/* A hex digit's value plus one; 0 for any other byte. Constant: the core
 * keeps no mutable globals. */
#define H(c, v) [c] = (v) + 1
static const unsigned char hexv[256] = {
    H('0', 0),	H('1', 1),  H('2', 2),	H('3', 3),  H('4', 4),	H('5', 5),  H('6', 6),	H('7', 7),
    H('8', 8),	H('9', 9),  H('a', 10), H('b', 11), H('c', 12), H('d', 13), H('e', 14), H('f', 15),
    H('A', 10), H('B', 11), H('C', 12), H('D', 13), H('E', 14), H('F', 15),
};
#undef H

const char *skl_trace_format_name(skl_trace_format f)
{
	return f == SKL_TRACE_LACKEY ? "lackey" : f == SKL_TRACE_DIN ? "din" : "auto";
}

int skl_trace_parse_format(const char *name, skl_trace_format *out)
{
	if (!strcmp(name, "lackey"))
		*out = SKL_TRACE_LACKEY;
	else if (!strcmp(name, "din"))
		*out = SKL_TRACE_DIN;
	else if (!strcmp(name, "auto"))
		*out = SKL_TRACE_AUTO;
	else
		return -1;
	return 0;
}

static skl_trace *trace_new(const char *name, skl_trace_format fmt, skl_error *err)
{
	skl_trace *t;
	if ((unsigned)fmt > SKL_TRACE_DIN) {
		skl_errorf(err, "%s: unknown trace format %d", name, (int)fmt);
		return NULL;
	}
	t = skl_calloc(1, sizeof(*t));
	if (t)
		t->buf = skl_malloc(BUF_CAP + BUF_SLACK);
	if (!t || !t->buf) {
		skl_free(t);
		skl_errorf(err, "%s: out of memory", name);
		return NULL;
	}
	snprintf(t->name, sizeof(t->name), "%s", name);
	t->fmt = fmt;
	return t;
}

skl_trace *skl_trace_open(const char *path, skl_trace_format fmt, skl_error *err)
{
	int is_stdin = !strcmp(path, "-");
	skl_trace *t = trace_new(is_stdin ? "<stdin>" : path, fmt, err);
	if (!t)
		return NULL;
	if (is_stdin) {
		t->fp = stdin;
	} else {
		struct stat st;
		t->fp = fopen(path, "rb");
		if (!t->fp) {
			skl_errorf(err, "%s: cannot open the trace: %s", path, strerror(errno));
			skl_trace_close(t);
			return NULL;
		}
		t->own_fp = 1;
		if (fstat(fileno(t->fp), &st) == 0 && S_ISDIR(st.st_mode)) {
			skl_errorf(err, "%s: a directory, not a trace file", path);
			skl_trace_close(t);
			return NULL;
		}
	}
	return t;
}

skl_trace *skl_trace_open_mem(const char *name, const void *data, size_t len, skl_trace_format fmt, skl_error *err)
{
	skl_trace *t = trace_new(name, fmt, err);
	if (!t)
		return NULL;
	t->mem = data;
	t->memlen = len;
	return t;
}

void skl_trace_close(skl_trace *t)
{
	if (!t)
		return;
	if (t->own_fp)
		fclose(t->fp);
	skl_free(t->buf);
	skl_free(t);
}

skl_trace_format skl_trace_format_of(const skl_trace *t)
{
	return t->fmt;
}

void skl_trace_get_counts(const skl_trace *t, skl_trace_counts *out)
{
	*out = t->c;
}

/* ---- buffering --------------------------------------------------------- */

static int fail(skl_trace *t, skl_error *err, unsigned long long line, unsigned col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static int fail(skl_trace *t, skl_error *err, unsigned long long line, unsigned col, const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	skl_errorf_at(&t->error, t->name, line > 0x7fffffffULL ? 0x7fffffff : (int)line, (int)col, "%s", msg);
	t->failed = 1;
	if (err)
		*err = t->error;
	return -1;
}

/*
 * Makes [beg, lim) hold at least one whole line. 0 when it does, 1 at the
 * end of the input, -1 on a read error or a line longer than the buffer.
 */
static int refill(skl_trace *t, skl_error *err)
{
	size_t tail = t->end - t->beg, got, i;
	if (t->beg < t->lim)
		return 0;
	if (tail && t->beg)
		memmove(t->buf, t->buf + t->beg, tail);
	t->beg = t->lim = 0;
	t->end = tail;
	for (;;) {
		if (!t->eof && t->end < BUF_CAP) {
			size_t room = BUF_CAP - t->end;
			if (t->fp) {
				got = fread(t->buf + t->end, 1, room, t->fp);
				if (got < room) {
					if (ferror(t->fp))
						return fail(t, err, t->c.lines + 1, 0, "read error");
					t->eof = 1;
				}
			} else {
				got = t->memlen - t->mempos < room ? t->memlen - t->mempos : room;
				memcpy(t->buf + t->end, t->mem + t->mempos, got);
				t->mempos += got;
				if (t->mempos == t->memlen)
					t->eof = 1;
			}
			t->end += got;
		}
		for (i = t->end; i > 0; i--)
			if (t->buf[i - 1] == '\n')
				break;
		if (i > 0) {
			t->lim = i;
			return 0;
		}
		if (t->eof) {
			if (!t->end)
				return 1;
			t->buf[t->end++] = '\n'; /* the slack has room */
			t->lim = t->end;
			return 0;
		}
		if (t->end >= BUF_CAP)
			return fail(t, err, t->c.lines + 1, 0, "line longer than %u bytes: not a trace", BUF_CAP);
	}
}

/* A printable excerpt of the line at p for messages. */
static const char *excerpt(const unsigned char *p, char *out, size_t outsz)
{
	size_t o = 0;
	while (*p != '\n' && o + 5 < outsz) {
		if (*p == '\r') {
			p++;
			continue;
		}
		if (*p >= 0x20 && *p < 0x7f)
			out[o++] = (char)*p;
		else
			o += (size_t)snprintf(out + o, outsz - o, "\\x%02x", *p);
		p++;
		if (o >= 40) {
			memcpy(out + o, "...", 4);
			return out;
		}
	}
	out[o] = 0;
	return out;
}

static const char *char_name(unsigned char c, char *out)
{
	if (c == '\n' || c == '\r')
		return "the end of the line";
	if (c >= 0x20 && c < 0x7f)
		snprintf(out, 8, "'%c'", c);
	else
		snprintf(out, 8, "\\x%02x", c);
	return out;
}

/* "==1234== ..." or "--1234-- ...": Valgrind's own lines. */
static int is_valgrind_line(const unsigned char *p)
{
	unsigned char c = p[0];
	if ((c != '=' && c != '-') || p[1] != c)
		return 0;
	p += 2;
	while (*p >= '0' && *p <= '9')
		p++;
	return p[0] == c && p[1] == c;
}

/* Just after the line's '\n' (the window always ends with one). */
static const unsigned char *skip_line(const unsigned char *p)
{
	while (*p != '\n')
		p++;
	return p + 1;
}

/* ---- Lackey ------------------------------------------------------------ */

/* An error in a parser: the records before the bad line still go out
 * (skl_trace_read returns them first; the next call returns -1). */
#define FAIL(...) (t->partial = n, fail(t, err, __VA_ARGS__))

/*
 * Lackey prints "I  %08lx,%lu" and " L|S|M %08lx,%lu" (hex address,
 * decimal size). Returns records parsed; stops at lim or max.
 */
static long parse_lackey(skl_trace *t, skl_trace_ref *out, size_t max, skl_error *err)
{
	const unsigned char *p = t->buf + t->beg, *lim = t->buf + t->lim;
	size_t n = 0;
	char tmp[64], cn[8];
	while (p < lim && n < max) {
		const unsigned char *ls = p, *q;
		uint32_t kind;
		uint64_t a = 0, sz = 0;
		unsigned v;
		t->c.lines++;
		if (p[0] == 'I' && p[1] == ' ' && p[2] == ' ') {
			kind = SKL_TRACE_IFETCH;
		} else if (p[0] == ' ' && (p[1] == 'L' || p[1] == 'S' || p[1] == 'M') && p[2] == ' ') {
			kind = p[1] == 'L' ? SKL_TRACE_READ : p[1] == 'S' ? SKL_TRACE_WRITE : SKL_TRACE_MODIFY;
		} else if (p[0] == '\n' || (p[0] == '\r' && p[1] == '\n') || is_valgrind_line(p)) {
			t->c.ignored++;
			p = skip_line(p);
			continue;
		} else {
			t->beg = (size_t)(p - t->buf);
			return FAIL(t->c.lines, 1,
				    "lackey: expected a record 'I  ADDR,SIZE' or ' L|S|M ADDR,SIZE', found \"%s\"",
				    excerpt(ls, tmp, sizeof(tmp)));
		}
		p += 3;
		q = p;
		while ((v = hexv[*p]) != 0) {
			a = a << 4 | (v - 1);
			p++;
		}
		if (p == q || p - q > 16) {
			t->beg = (size_t)(ls - t->buf);
			return FAIL(t->c.lines, (unsigned)(q - ls + 1),
				    p == q ? "lackey: expected a hexadecimal address, found %s"
					   : "lackey: address longer than 16 hex digits%s",
				    p == q ? char_name(*p, cn) : "");
		}
		if (*p != ',') {
			t->beg = (size_t)(ls - t->buf);
			return FAIL(t->c.lines, (unsigned)(p - ls + 1),
				    "lackey: expected ',' after the address, found %s", char_name(*p, cn));
		}
		q = ++p;
		while ((v = (unsigned)*p - '0') < 10 && sz <= MAX_SIZE) {
			sz = sz * 10 + v;
			p++;
		}
		if (p == q || sz > MAX_SIZE) {
			t->beg = (size_t)(ls - t->buf);
			return FAIL(t->c.lines, (unsigned)(q - ls + 1),
				    p == q ? "lackey: expected a decimal size after ',', found %s"
					   : "lackey: size is larger than %s bytes",
				    p == q ? char_name(*p, cn) : "1048576");
		}
		if (*p == '\r')
			p++;
		if (*p != '\n') {
			t->beg = (size_t)(ls - t->buf);
			return FAIL(t->c.lines, (unsigned)(p - ls + 1),
				    "lackey: expected the end of the line after the size, found %s", char_name(*p, cn));
		}
		p++;
		if (sz > 1 && a > UINT64_MAX - (sz - 1)) {
			t->beg = (size_t)(ls - t->buf);
			return FAIL(t->c.lines, 4,
				    "lackey: the access of %llu bytes at 0x%llx wraps past the end "
				    "of the address space",
				    (unsigned long long)sz, (unsigned long long)a);
		}
		out[n].addr = a;
		out[n].size = (uint32_t)sz;
		out[n].kind = kind;
		t->c.refs[kind]++;
		n++;
	}
	t->beg = (size_t)(p - t->buf);
	return (long)n;
}

/* ---- din --------------------------------------------------------------- */

/* A hex number with an optional 0x; *ok = digits seen (0 = none, -1 = too many). */
static const unsigned char *din_hex(const unsigned char *p, uint64_t *val, int *ok)
{
	const unsigned char *q;
	uint64_t a = 0;
	unsigned v;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && hexv[p[2]])
		p += 2;
	q = p;
	while ((v = hexv[*p]) != 0) {
		a = a << 4 | (v - 1);
		p++;
	}
	*ok = p == q ? 0 : p - q > 16 ? -1 : 1;
	*val = a;
	return p;
}

/*
 * "label address [size] [comment]": label 0 read, 1 write, 2 fetch,
 * 3 escape (skipped), 4 flush; address and size in hex.
 */
static long parse_din(skl_trace *t, skl_trace_ref *out, size_t max, skl_error *err)
{
	const unsigned char *p = t->buf + t->beg, *lim = t->buf + t->lim;
	size_t n = 0;
	char tmp[64], cn[8];
	while (p < lim && n < max) {
		const unsigned char *ls = p, *q;
		unsigned label;
		uint64_t a, sz = 4;
		int ok, has_size = 0;
		t->c.lines++;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\n' || *p == '#' || (*p == '\r' && p[1] == '\n')) {
			t->c.ignored++;
			p = skip_line(p);
			continue;
		}
		label = (unsigned)*p - '0';
		if (label > 4 || (p[1] != ' ' && p[1] != '\t')) {
			t->beg = (size_t)(ls - t->buf);
			return FAIL(t->c.lines, (unsigned)(p - ls + 1),
				    "din: expected a label 0-4 (0 read, 1 write, 2 fetch, 3 escape, 4 flush) "
				    "and a blank, found \"%s\"",
				    excerpt(p, tmp, sizeof(tmp)));
		}
		p += 2;
		while (*p == ' ' || *p == '\t')
			p++;
		q = p;
		p = din_hex(p, &a, &ok);
		if (ok <= 0 || (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')) {
			t->beg = (size_t)(ls - t->buf);
			if (ok < 0)
				return FAIL(t->c.lines, (unsigned)(q - ls + 1),
					    "din: address longer than 16 hex digits");
			return FAIL(t->c.lines, (unsigned)(p - ls + 1), "din: expected a hexadecimal address, found %s",
				    char_name(*p, cn));
		}
		while (*p == ' ' || *p == '\t')
			p++;
		if (hexv[*p]) { /* a size, when the field is all hex digits */
			uint64_t s;
			const unsigned char *e = din_hex(p, &s, &ok);
			if (ok > 0 && (*e == ' ' || *e == '\t' || *e == '\n' || *e == '\r')) {
				if (s > MAX_SIZE) {
					t->beg = (size_t)(ls - t->buf);
					return FAIL(t->c.lines, (unsigned)(p - ls + 1),
						    "din: size 0x%llx is larger than 1048576 bytes",
						    (unsigned long long)s);
				}
				sz = s;
				has_size = 1;
			}
		}
		p = skip_line(p); /* the rest is a comment */
		if (label == 3) {
			t->c.escapes++;
			continue;
		}
		if (!has_size && label != 4)
			a &= ~(uint64_t)3; /* DineroIV: a word access */
		if (sz > 1 && a > UINT64_MAX - (sz - 1)) {
			t->beg = (size_t)(ls - t->buf);
			return FAIL(t->c.lines, (unsigned)(q - ls + 1),
				    "din: the access of %llu bytes at 0x%llx wraps past the end of the address space",
				    (unsigned long long)sz, (unsigned long long)a);
		}
		out[n].addr = a;
		out[n].size = (uint32_t)sz;
		out[n].kind = label == 0   ? SKL_TRACE_READ
			      : label == 1 ? SKL_TRACE_WRITE
			      : label == 2 ? SKL_TRACE_IFETCH
					   : SKL_TRACE_FLUSH;
		t->c.refs[out[n].kind]++;
		n++;
	}
	t->beg = (size_t)(p - t->buf);
	return (long)n;
}

/* ---- detection and the loop -------------------------------------------- */

/* Decides the format from the first record line; skips Valgrind and blank lines. */
static int detect(skl_trace *t, skl_error *err)
{
	const unsigned char *p = t->buf + t->beg, *lim = t->buf + t->lim;
	char tmp[64];
	while (p < lim) {
		const unsigned char *s = p;
		if (is_valgrind_line(p)) {
			p = skip_line(p);
			t->c.lines++;
			t->c.ignored++;
			continue;
		}
		if ((p[0] == 'I' && p[1] == ' ' && p[2] == ' ') ||
		    (p[0] == ' ' && (p[1] == 'L' || p[1] == 'S' || p[1] == 'M') && p[2] == ' ')) {
			t->fmt = SKL_TRACE_LACKEY;
			break;
		}
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\n' || *s == '#' || (*s == '\r' && s[1] == '\n')) {
			p = skip_line(p);
			t->c.lines++;
			t->c.ignored++;
			continue;
		}
		if (*s >= '0' && *s <= '9' && (s[1] == ' ' || s[1] == '\t')) {
			t->fmt = SKL_TRACE_DIN;
			break;
		}
		t->beg = (size_t)(p - t->buf);
		return fail(t, err, t->c.lines + 1, 1,
			    "cannot tell the trace format: expected a Lackey record ('I  ADDR,SIZE', ' L ADDR,SIZE') "
			    "or a din record ('LABEL ADDRESS'), found \"%s\"",
			    excerpt(p, tmp, sizeof(tmp)));
	}
	t->beg = (size_t)(p - t->buf);
	return 0;
}

long skl_trace_read(skl_trace *t, skl_trace_ref *out, size_t max, skl_error *err)
{
	long n = 0;
	if (t->failed) {
		if (err)
			*err = t->error;
		return -1;
	}
	while (max > 0) {
		int r = refill(t, err);
		if (r < 0)
			return -1;
		if (r > 0)
			return 0;
		if (t->fmt == SKL_TRACE_AUTO) {
			if (detect(t, err) < 0)
				return -1;
			if (t->fmt == SKL_TRACE_AUTO)
				continue; /* only skippable lines so far */
		}
		t->partial = 0;
		n = t->fmt == SKL_TRACE_LACKEY ? parse_lackey(t, out, max, err) : parse_din(t, out, max, err);
		if (n < 0 && t->partial > 0)
			return t->partial; /* the error waits for the next call */
		if (n != 0)
			return n;
	}
	return 0;
}
