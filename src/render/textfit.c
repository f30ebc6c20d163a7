/*
 * textfit.c - the text-fitting service (see textfit.h): size, lines,
 * abbreviation and marks for a text in a box. Plain C; never calls SDL.
 */
#include "textfit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXL 12	   /* lines of one text */
#define LINESZ 512 /* bytes of one line */
#define ELLIPSIS "\xe2\x80\xa6"

typedef struct plan {
	float size;
	int n;
	int cut, mark;
	size_t start[MAXL]; /* where each line begins in the text */
	char line[MAXL][LINESZ];
} plan;

/* Bytes of the code point at s. */
static size_t cp_len(const char *s)
{
	size_t n = 1;
	while (s[n] && ((unsigned char)s[n] & 0xc0u) == 0x80u)
		n++;
	return n;
}

/* A line may end after this character (not inside a number: "6.18",
 * "1,000"). */
static int breaks_after(const char *s)
{
	if ((*s == '.' || *s == ',') && s[1] >= '0' && s[1] <= '9')
		return 0;
	return *s == ' ' || *s == '_' || *s == '.' || *s == ',' || *s == '/' || *s == '-' || *s == ':' || *s == ';';
}

/*
 * Breaks text into lines of at most cpl code points, at most maxl of them:
 * after a break character (a space is dropped) or, with hard, anywhere.
 * With prose, between words where a line allows. Returns the lines made;
 * *rest is what did not fit (at its first character), or NULL when all of
 * it did.
 */
static int wrap(const char *text, size_t cpl, int maxl, int hard, int prose, plan *p, const char **rest)
{
	const char *s = text;
	int n = 0;
	*rest = NULL;
	while (*s == ' ')
		s++;
	while (*s && n < maxl) {
		size_t bytes = 0, cps = 0, brk = 0, brk_space = 0;
		while (s[bytes] && s[bytes] != '\n' && cps < cpl) {
			size_t k = cp_len(s + bytes);
			if (breaks_after(s + bytes))
				brk = bytes + k;
			if (s[bytes] == ' ')
				brk_space = bytes + k;
			bytes += k;
			cps++;
		}
		/* prose breaks between words; inside one only when a word is
		 * longer than the line; a name breaks at its last '_' or '.',
		 * or at a space when that keeps most of the line */
		if (brk_space > 0 && (prose || brk_space * 10 >= bytes * 6))
			brk = brk_space;
		if (s[bytes] && s[bytes] != '\n' && s[bytes] != ' ') {
			/* the line ends inside a word */
			if (brk > 0)
				bytes = brk;
			else if (!hard)
				return -1;
		}
		if (bytes >= LINESZ)
			bytes = LINESZ - 1;
		p->start[n] = (size_t)(s - text);
		memcpy(p->line[n], s, bytes);
		p->line[n][bytes] = 0;
		/* drop a trailing space */
		while (bytes > 0 && p->line[n][bytes - 1] == ' ')
			p->line[n][--bytes] = 0;
		n++;
		s += bytes;
		while (*s == ' ')
			s++;
		if (*s == '\n')
			s++;
	}
	if (*s)
		*rest = s;
	return n;
}

/* The last line, shortened so that it and "…" fit cpl code points. */
static void end_with_ellipsis(char *line, size_t cpl)
{
	size_t bytes = 0, cps = 0;
	while (line[bytes] && cps + 1 < cpl) {
		bytes += cp_len(line + bytes);
		cps++;
	}
	if (bytes + 4 > LINESZ)
		bytes = LINESZ - 4;
	/* "sk_…" reads better than "sk_ …" */
	while (bytes > 0 && line[bytes - 1] == ' ')
		bytes--;
	memcpy(line + bytes, ELLIPSIS, 4);
}

static float line_pitch(const skl_fit *f, float s)
{
	return s * (f->pitch > 0 ? f->pitch : 1.2f);
}

/* Lines of size s that a box h high holds. */
static int lines_in(const skl_fit *f, float h, float s)
{
	int n;
	if (h < s * 0.9f)
		return 0;
	n = 1 + (int)floorf((h - s) / line_pitch(f, s) + 0.001f);
	if (f->lines > 0 && n > f->lines)
		n = f->lines;
	return n > MAXL ? MAXL : n;
}

static void one_line(plan *p, const char *text, float s)
{
	size_t n = strlen(text);
	if (n >= LINESZ)
		n = LINESZ - 1;
	memcpy(p->line[0], text, n);
	p->line[0][n] = 0;
	p->n = 1;
	p->size = s;
}

/* The largest whole size <= s0 at which len code points fit in w. */
static float shrink_to(float w, size_t len, float s0)
{
	float s = floorf(s0);
	if (!len)
		return s;
	while (s >= 1 && skl_dl_fit_chars(w, s) < len)
		s -= 1;
	return s;
}

static void decide(const skl_dl *dl, float w, float h, const char *text, const skl_fit *f, plan *p)
{
	float floor_px = skl_dl_text_floor(dl), s0, s;
	size_t len = skl_dl_utf8_len(text);
	int protect = (f->flags & SKL_FIT_NO_ABBREV) || skl_dl_is_protected(dl, text);
	int prose = (f->flags & SKL_FIT_WRAP) != 0;
	int maxl;
	const char *rest;
	memset(p, 0, sizeof(*p) - sizeof(p->line));
	if (f->min > floor_px)
		floor_px = f->min;
	floor_px = floorf(floor_px);
	s0 = floorf(f->size > floor_px ? f->size : floor_px);
	/* a box lower than the type: the type comes down to it, not below the floor */
	if (h < s0 * 0.9f)
		s0 = floorf(fmaxf(floor_px, h / 0.9f));
	if (w <= 0 || h < floor_px * 0.9f || s0 < 1)
		return;
	/* 1: one line, a little smaller if need be */
	s = shrink_to(w, len, s0);
	if (s >= floor_px && s >= floorf(s0 * ((f->flags & SKL_FIT_WRAP) ? 1.0f : 0.85f)) && s >= 1) {
		one_line(p, text, s);
		return;
	}
	/* 2: a few lines at the largest size that takes them, or one line
	 * at a size between */
	for (s = s0; s >= floor_px; s -= 1) {
		size_t cpl = skl_dl_fit_chars(w, s);
		int n;
		if (cpl >= len) {
			one_line(p, text, s);
			return;
		}
		maxl = lines_in(f, h, s);
		if (maxl < 2 || cpl < 2)
			continue;
		n = wrap(text, cpl, maxl, 0, prose, p, &rest);
		if (n > 0 && !rest) {
			p->n = n;
			p->size = s;
			return;
		}
	}
	/* 3: at the floor: a protected name breaks anywhere */
	s = floor_px;
	maxl = lines_in(f, h, s);
	{
		size_t cpl = skl_dl_fit_chars(w, s);
		if (protect && maxl >= 2 && cpl >= 2) {
			int n = wrap(text, cpl, maxl, 1, prose, p, &rest);
			if (n > 0 && !rest) {
				p->n = n;
				p->size = s;
				return;
			}
		}
		/* 4: a mark, when that tells more than a stub would; past the
		 * key's room a stub is left out (the tooltip names it) */
		int stub = cpl < 5 || maxl < 1;
		if (protect || ((f->flags & SKL_FIT_MARK) && (stub || (f->flags & SKL_FIT_MARK_CUT)))) {
			if (cpl >= 1 && maxl >= 1 && (protect || skl_dl_note_room(dl, text))) {
				p->mark = 1;
				p->size = s;
				p->n = 1;
				p->line[0][0] = 0;
				return;
			}
			if (!protect && stub)
				return;
		}
		/* 5: abbreviated: whole lines broken where words allow, the last
		 * one shortened, or one shortened line */
		if (cpl < 3 || maxl < 1)
			return;
		if (maxl >= 2) {
			int n = wrap(text, cpl, maxl, 0, prose, p, &rest);
			if (n >= 2 && rest && skl_dl_utf8_len(p->line[n - 1]) >= 3) {
				/* the last line takes what is left, shortened */
				const char *last = text + p->start[n - 1];
				size_t r = strlen(last);
				if (r >= LINESZ)
					r = LINESZ - 1;
				memcpy(p->line[n - 1], last, r);
				p->line[n - 1][r] = 0;
				if (skl_dl_utf8_len(p->line[n - 1]) > cpl)
					end_with_ellipsis(p->line[n - 1], cpl);
				p->n = n;
				p->size = s;
				p->cut = 1;
				return;
			}
		}
		one_line(p, text, s);
		end_with_ellipsis(p->line[0], cpl);
		p->cut = 1;
	}
}

static void report(const plan *p, const skl_fit *f, skl_fitted *out)
{
	int i;
	if (!out)
		return;
	memset(out, 0, sizeof(*out));
	out->lines = p->n;
	out->size = p->size;
	out->cut = p->cut;
	out->marked = p->mark;
	for (i = 0; i < p->n; i++) {
		float lw = p->mark ? skl_dl_text_width("a", p->size) : skl_dl_text_width(p->line[i], p->size);
		if (lw > out->width)
			out->width = lw;
	}
	out->height = p->n <= 1 ? p->size * (p->n ? 1.0f : 0.0f) : p->size + (float)(p->n - 1) * line_pitch(f, p->size);
}

void skl_dl_fit_measure(const skl_dl *dl, float w, float h, const char *text, const skl_fit *f, skl_fitted *out)
{
	static plan p; /* views are drawn from one thread */
	decide(dl, w, h, text ? text : "", f, &p);
	report(&p, f, out);
}

int skl_dl_fit_text(skl_dl *dl, float x, float y, float w, float h, const char *text, const skl_fit *f, skl_fitted *out)
{
	static plan p;
	float pitch, top;
	int i;
	if (!text || !*text) {
		if (out)
			memset(out, 0, sizeof(*out));
		return 0;
	}
	decide(dl, w, h, text, f, &p);
	report(&p, f, out);
	if (!p.n)
		return 0;
	if (p.mark) {
		const char *m = skl_dl_add_note(dl, text);
		if (!m)
			return -1;
		snprintf(p.line[0], LINESZ, "%s", m);
		if (skl_dl_text_width(m, p.size) > w) {
			if (out)
				out->lines = 0;
			return 0;
		}
	}
	pitch = line_pitch(f, p.size);
	if (p.n == 1) {
		if (skl_dl_text(dl, x, y, w, (f->flags & SKL_FIT_TOP) ? fminf(h, pitch) : h, p.line[0], p.size, f->font,
				f->align, f->color) < 0)
			return -1;
		return 1;
	}
	top = (f->flags & SKL_FIT_TOP) ? y : y + (h - (float)p.n * pitch) / 2;
	for (i = 0; i < p.n; i++)
		if (skl_dl_text(dl, x, top + (float)i * pitch, w, pitch, p.line[i], p.size, f->font, f->align,
				f->color) < 0)
			return -1;
	return p.n;
}

float skl_dl_draw_notes(skl_dl *dl, int first, float x, float y, float w, float size, skl_color ink, int dry)
{
	int i, n = skl_dl_note_count(dl);
	float cx = x, cy = y, pitch = size * 1.3f, gap = skl_dl_text_width("  ", size);
	if (first >= n)
		return 0;
	for (i = first < 0 ? 0 : first; i < n; i++) {
		const skl_dl_note *nt = skl_dl_note_at(dl, i);
		float mw = skl_dl_text_width(nt->mark, size) + skl_dl_text_width(" ", size);
		float tw = skl_dl_text_width(nt->text, size);
		if (mw + tw > w)
			tw = w - mw;
		if (cx > x && cx + mw + tw > x + w) {
			cx = x;
			cy += pitch;
		}
		if (!dry) {
			char buf[LINESZ];
			skl_dl_text(dl, cx, cy, mw, pitch, nt->mark, size, SKL_FONT_BOLD, SKL_ALIGN_LEFT, ink);
			skl_dl_ellipsize(nt->text, skl_dl_fit_chars(tw, size), buf, sizeof(buf));
			skl_dl_text(dl, cx + mw, cy, tw, pitch, buf, size, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, ink);
		}
		cx += mw + tw + gap;
	}
	return cy + pitch - y;
}

static int cmp_float(const void *a, const void *b)
{
	float x = *(const float *)a, y = *(const float *)b;
	return x < y ? -1 : x > y;
}

int skl_dl_draw_notes_columns(skl_dl *dl, int first, float x, float y, float w, float h, float size, skl_color ink,
			      int dry)
{
	int i, n = skl_dl_note_count(dl), drawn = 0, rows, cols, row = 0, col = 0, k = 0;
	float pitch = size * 1.3f, colw, gap = skl_dl_text_width("  ", size), widths[256];
	skl_fit f = {size, size, 2, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, ink, SKL_FIT_TOP, 1.3f};
	if (first < 0)
		first = 0;
	if (first >= n || h < pitch)
		return 0;
	/* columns as wide as most entries; a longer one takes two rows */
	for (i = first; i < n && k < 256; i++) {
		const skl_dl_note *nt = skl_dl_note_at(dl, i);
		widths[k++] = skl_dl_text_width(nt->mark, size) + skl_dl_text_width(" ", size) +
			      skl_dl_text_width(nt->text, size);
	}
	qsort(widths, (size_t)k, sizeof(widths[0]), cmp_float);
	rows = (int)floorf(h / pitch);
	cols = (int)fmaxf(1, floorf((w + gap) / (widths[(k * 3) / 4 < k ? (k * 3) / 4 : k - 1] + gap)));
	colw = (w + gap) / (float)cols - gap;
	for (i = first; i < n; i++) {
		const skl_dl_note *nt = skl_dl_note_at(dl, i);
		float mw = skl_dl_text_width(nt->mark, size) + skl_dl_text_width(" ", size), cx, cy;
		skl_fitted m;
		int need;
		skl_dl_fit_measure(dl, colw - mw, pitch * 2, nt->text, &f, &m);
		need = m.lines > 1 ? 2 : 1;
		if (row + need > rows) {
			row = 0;
			col++;
		}
		if (col >= cols)
			break;
		cx = x + (float)col * (colw + gap);
		cy = y + (float)row * pitch;
		if (!dry) {
			skl_dl_text(dl, cx, cy, mw, pitch, nt->mark, size, SKL_FONT_BOLD, SKL_ALIGN_LEFT, ink);
			skl_dl_fit_text(dl, cx + mw, cy, colw - mw, pitch * (float)need, nt->text, &f, NULL);
		}
		row += need;
		drawn++;
	}
	return drawn;
}
