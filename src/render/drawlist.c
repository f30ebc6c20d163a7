/*
 * drawlist.c - the draw list: items, groups, hit-testing, text metrics and
 * the text dump. Plain C; never calls SDL and never prints on its own.
 */
#include "sklab/render/drawlist.h"
#include "sklab/budget.h"
#include "sklab/textsafe.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Strings live in chunks that never move, so items can point into them. */
typedef struct pool_chunk {
	struct pool_chunk *next;
	size_t used, cap;
	char data[];
} pool_chunk;

/* A tooltip made when first read (skl_dl_begin_lazy). */
typedef struct lazy_tip {
	skl_dl_tip_fn fn;
	const void *ctx;
	int arg[4];
	const char *text; /* NULL until made */
} lazy_tip;

struct skl_dl {
	float w, h;
	skl_dl_item *items;
	int n, cap;
	/* lazy tooltips: item i's group's is lazy[item_lazy[i] - 1] (0 = none);
	 * item_lazy is NULL until a list first has one, then as long as items */
	int *item_lazy;
	lazy_tip *lazy;
	int nlazy, lazy_cap;
	int g_lazy; /* the open group's, 0 = none */
	int failed;
	int next_id;
	/* the open group */
	int g_id;
	const char *g_key, *g_tip;
	pool_chunk *pool;
	/* the text-fitting policy (textfit.c): the floor size, the names
	 * never abbreviated, the notes that marks refer to */
	float floor_px;
	const char **protect;
	int nprotect, protect_cap;
	skl_dl_note *notes;
	int nnotes, notes_cap;
	int note_budget;	   /* 0 = no limit */
	struct skl_budget *budget; /* charged for items and text (skl_dl_set_budget) */
	uint64_t charged;
};

#define POOL_CHUNK 16384

/* ---- colours ------------------------------------------------------------- */

skl_color skl_color_mix(skl_color a, skl_color b, float t)
{
	unsigned ch[4];
	int i;
	if (t < 0)
		t = 0;
	if (t > 1)
		t = 1;
	for (i = 0; i < 4; i++) {
		int sh = 24 - 8 * i;
		float ca = (float)((a >> sh) & 0xffu), cb = (float)((b >> sh) & 0xffu);
		ch[i] = (unsigned)lrintf(ca + (cb - ca) * t);
	}
	return (skl_color)((ch[0] << 24) | (ch[1] << 16) | (ch[2] << 8) | ch[3]);
}

skl_color skl_color_alpha(skl_color c, unsigned alpha)
{
	return (c & 0xffffff00u) | (alpha & 0xffu);
}

/* ---- the list ------------------------------------------------------------- */

skl_dl *skl_dl_new(float w, float h)
{
	skl_dl *dl = skl_calloc(1, sizeof(*dl));
	if (!dl)
		return NULL;
	dl->w = w;
	dl->h = h;
	dl->next_id = 1;
	return dl;
}

/* Charges the list's budget for bytes more: 0, or -1 with the list
 * marked failed (the budget keeps what it refused). */
static int dl_charge(skl_dl *dl, uint64_t bytes)
{
	if (skl_budget_charge(dl->budget, bytes, "a picture's draw list") < 0) {
		dl->failed = 1;
		return -1;
	}
	dl->charged += bytes;
	return 0;
}

static void pool_free(skl_dl *dl, pool_chunk *c)
{
	while (c) {
		pool_chunk *n = c->next;
		skl_budget_uncharge(dl->budget, sizeof(*c) + c->cap);
		dl->charged -= sizeof(*c) + c->cap;
		skl_free(c);
		c = n;
	}
}

void skl_dl_set_budget(skl_dl *dl, struct skl_budget *b)
{
	/* what was allocated before counts from now on */
	uint64_t had = (uint64_t)dl->cap * sizeof(*dl->items);
	pool_chunk *c;
	for (c = dl->pool; c; c = c->next)
		had += sizeof(*c) + c->cap;
	skl_budget_uncharge(dl->budget, dl->charged);
	dl->budget = b;
	skl_budget_force(b, had);
	dl->charged = had;
}

void skl_dl_free(skl_dl *dl)
{
	if (!dl)
		return;
	pool_free(dl, dl->pool);
	skl_budget_uncharge(dl->budget, dl->charged);
	skl_free(dl->items);
	skl_free(dl->item_lazy);
	skl_free(dl->lazy);
	skl_free(dl->protect);
	skl_free(dl->notes);
	skl_free(dl);
}

void skl_dl_clear(skl_dl *dl, float w, float h)
{
	dl->w = w;
	dl->h = h;
	dl->n = 0;
	dl->failed = 0;
	dl->next_id = 1;
	dl->g_id = 0;
	dl->g_key = dl->g_tip = NULL;
	dl->g_lazy = 0;
	dl->nlazy = 0;
	dl->nprotect = 0;
	dl->nnotes = 0;
	dl->note_budget = 0;
	/* keep the first chunk, drop the rest */
	if (dl->pool) {
		pool_free(dl, dl->pool->next);
		dl->pool->next = NULL;
		dl->pool->used = 0;
	}
}

float skl_dl_width(const skl_dl *dl)
{
	return dl->w;
}

float skl_dl_height(const skl_dl *dl)
{
	return dl->h;
}

int skl_dl_failed(const skl_dl *dl)
{
	return dl->failed;
}

/* A copy of the n bytes of s and a NUL in the pool, or NULL (and the
 * list marked failed). */
static const char *pool_dup_n(skl_dl *dl, const char *s, size_t len)
{
	size_t n = len + 1;
	pool_chunk *c = dl->pool;
	char *d;
	if (!c || c->cap - c->used < n) {
		size_t cap = n > POOL_CHUNK ? n : POOL_CHUNK;
		pool_chunk *nc;
		if (dl_charge(dl, sizeof(*nc) + cap) < 0)
			return NULL;
		nc = skl_malloc(sizeof(*nc) + cap);
		if (!nc) {
			skl_budget_uncharge(dl->budget, sizeof(*nc) + cap);
			dl->charged -= sizeof(*nc) + cap;
			dl->failed = 1;
			return NULL;
		}
		nc->used = 0;
		nc->cap = cap;
		/* the new chunk becomes the head; a big one-off goes second */
		if (c && n > POOL_CHUNK) {
			nc->next = c->next;
			c->next = nc;
		} else {
			nc->next = c;
			dl->pool = nc;
		}
		c = nc;
	}
	d = c->data + c->used;
	memcpy(d, s, len);
	d[len] = '\0';
	c->used += n;
	return d;
}

/* A copy of s in the pool, or NULL (and the list marked failed). */
static const char *pool_dup(skl_dl *dl, const char *s)
{
	return s ? pool_dup_n(dl, s, strlen(s)) : NULL;
}

/* 1 when the n bytes at p are printable ASCII, tab and LF only: what
 * nearly every view's text is, and nothing for skl_text_clean to change.
 * Eight bytes at a time: a word with no byte below 0x20, none from 0x7f
 * on, passes whole; another is looked at byte by byte. */
static int plain_ascii(const char *p, size_t n)
{
	const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	size_t i = 0, k;
	for (; i + 8 <= n; i += 8) {
		uint64_t x, del;
		memcpy(&x, p + i, 8);
		del = x ^ (0x7f * ones);
		if (!((x | ((x - 0x20 * ones) & ~x) | ((del - ones) & ~del)) & high))
			continue;
		for (k = i; k < i + 8; k++)
			if (((unsigned char)p[k] < 0x20 || (unsigned char)p[k] >= 0x7f) && p[k] != '\t' && p[k] != '\n')
				return 0;
	}
	for (; i < n; i++)
		if (((unsigned char)p[i] < 0x20 || (unsigned char)p[i] >= 0x7f) && p[i] != '\t' && p[i] != '\n')
			return 0;
	return 1;
}

/* A copy of text that a picture draws (a scenario's, of any bytes) in the
 * pool: valid UTF-8 with no control characters but tab and LF, as
 * skl_text_clean makes it, so the PNG and SVG backends and the text
 * metrics see the same characters. NULL as pool_dup. */
static const char *pool_dup_text(skl_dl *dl, const char *s)
{
	size_t n;
	char *clean;
	const char *d;
	if (!s)
		return NULL;
	n = strlen(s);
	/* the common case first: ASCII has nothing to clean */
	if (plain_ascii(s, n) || !skl_text_needs_clean(s))
		return pool_dup_n(dl, s, n);
	clean = n < ((size_t)-1 - 4) / 3 ? skl_malloc(n * 3 + 4) : NULL; /* a byte grows to U+FFFD's three */
	if (!clean) {
		dl->failed = 1;
		return NULL;
	}
	skl_text_clean(clean, n * 3 + 4, s);
	d = pool_dup(dl, clean);
	skl_free(clean);
	return d;
}

int skl_dl_begin(skl_dl *dl, const char *key, const char *tooltip)
{
	dl->g_lazy = 0;
	dl->g_id = dl->next_id++;
	dl->g_key = pool_dup_text(dl, key);
	dl->g_tip = pool_dup_text(dl, tooltip);
	if ((key && !dl->g_key) || (tooltip && !dl->g_tip))
		return 0;
	return dl->g_id;
}

int skl_dl_rejoin(skl_dl *dl, int id, const char *key, const char *tooltip)
{
	if (id <= 0 || id >= dl->next_id)
		return skl_dl_begin(dl, key, tooltip);
	dl->g_lazy = 0;
	dl->g_id = id;
	dl->g_key = pool_dup_text(dl, key);
	dl->g_tip = pool_dup_text(dl, tooltip);
	if ((key && !dl->g_key) || (tooltip && !dl->g_tip))
		return 0;
	return id;
}

void skl_dl_end(skl_dl *dl)
{
	dl->g_id = 0;
	dl->g_key = dl->g_tip = NULL;
	dl->g_lazy = 0;
}

int skl_dl_begin_lazy(skl_dl *dl, const char *key, skl_dl_tip_fn fn, const void *ctx, const int arg[4])
{
	lazy_tip *t;
	int id = skl_dl_begin(dl, key, NULL);
	if (!id)
		return 0;
	if (!dl->item_lazy && dl->cap > 0) {
		if (dl_charge(dl, (uint64_t)dl->cap * sizeof(*dl->item_lazy)) < 0)
			return 0;
		dl->item_lazy = skl_calloc((size_t)dl->cap, sizeof(*dl->item_lazy));
		if (!dl->item_lazy) {
			dl->failed = 1;
			return 0;
		}
	}
	if (dl->nlazy == dl->lazy_cap) {
		int nc = dl->lazy_cap ? dl->lazy_cap * 2 : 256;
		lazy_tip *nl;
		if (dl->lazy_cap > INT_MAX / 2 || dl_charge(dl, (uint64_t)(nc - dl->lazy_cap) * sizeof(*nl)) < 0)
			return 0;
		nl = skl_realloc(dl->lazy, (size_t)nc * sizeof(*nl));
		if (!nl) {
			dl->failed = 1;
			return 0;
		}
		dl->lazy = nl;
		dl->lazy_cap = nc;
	}
	t = &dl->lazy[dl->nlazy++];
	t->fn = fn;
	t->ctx = ctx;
	memcpy(t->arg, arg, sizeof(t->arg));
	t->text = NULL;
	dl->g_lazy = dl->nlazy;
	return id;
}

static int push(skl_dl *dl, skl_dl_kind kind, float x, float y, float w, float h)
{
	skl_dl_item *it;
	if (dl->n == dl->cap) {
		int nc = dl->cap ? dl->cap * 2 : 256;
		skl_dl_item *ni;
		if (dl->cap > INT_MAX / 2 || dl_charge(dl, (uint64_t)(nc - dl->cap) * sizeof(*ni)) < 0)
			return -1;
		ni = skl_realloc(dl->items, (size_t)nc * sizeof(*ni));
		if (!ni) {
			dl->failed = 1;
			return -1;
		}
		dl->items = ni;
		if (dl->item_lazy || dl->g_lazy) {
			int *nl;
			if (dl_charge(dl, (uint64_t)(nc - (dl->item_lazy ? dl->cap : 0)) * sizeof(*nl)) < 0)
				return -1;
			nl = skl_realloc(dl->item_lazy, (size_t)nc * sizeof(*nl));
			if (!nl) {
				dl->failed = 1;
				return -1;
			}
			if (!dl->item_lazy)
				memset(nl, 0, (size_t)dl->cap * sizeof(*nl));
			dl->item_lazy = nl;
		}
		dl->cap = nc;
	}
	it = &dl->items[dl->n];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->x = x;
	it->y = y;
	it->w = w;
	it->h = h;
	it->id = dl->g_id;
	it->key = dl->g_key;
	it->tooltip = dl->g_tip;
	if (dl->item_lazy)
		dl->item_lazy[dl->n] = dl->g_lazy;
	return dl->n++;
}

int skl_dl_rect(skl_dl *dl, float x, float y, float w, float h, skl_color fill, skl_color stroke, float stroke_w)
{
	int i = push(dl, SKL_DL_RECT, x, y, w, h);
	if (i >= 0) {
		dl->items[i].fill = fill;
		dl->items[i].stroke = stroke;
		dl->items[i].stroke_w = stroke_w;
	}
	return i;
}

int skl_dl_hatch(skl_dl *dl, float x, float y, float w, float h, skl_color bg, skl_color line, float spacing)
{
	int i = push(dl, SKL_DL_HATCH, x, y, w, h);
	if (i >= 0) {
		dl->items[i].fill = bg;
		dl->items[i].stroke = line;
		dl->items[i].stroke_w = 1;
		dl->items[i].spacing = spacing > 2 ? spacing : 2;
	}
	return i;
}

static int line_item(skl_dl *dl, skl_dl_kind kind, float x1, float y1, float x2, float y2, skl_color c, float width)
{
	int i = push(dl, kind, x1, y1, x2 - x1, y2 - y1);
	if (i >= 0) {
		dl->items[i].stroke = c;
		dl->items[i].stroke_w = width;
	}
	return i;
}

int skl_dl_line(skl_dl *dl, float x1, float y1, float x2, float y2, skl_color color, float width)
{
	return line_item(dl, SKL_DL_LINE, x1, y1, x2, y2, color, width);
}

int skl_dl_arrow(skl_dl *dl, float x1, float y1, float x2, float y2, skl_color color, float width)
{
	return line_item(dl, SKL_DL_ARROW, x1, y1, x2, y2, color, width);
}

int skl_dl_text(skl_dl *dl, float x, float y, float w, float h, const char *text, float size, int font, int align,
		skl_color color)
{
	const char *t;
	int i;
	if (!text || !*text)
		return -1;
	t = pool_dup_text(dl, text);
	if (!t)
		return -1;
	i = push(dl, SKL_DL_TEXT, x, y, w, h);
	if (i >= 0) {
		skl_dl_item *it = &dl->items[i];
		it->text = t;
		it->size = size;
		it->font = font;
		it->align = align;
		it->fill = color;
	}
	return i;
}

void skl_dl_truncate(skl_dl *dl, int n, int nnotes)
{
	if (n >= 0 && n < dl->n)
		dl->n = n;
	if (nnotes >= 0 && nnotes < dl->nnotes)
		dl->nnotes = nnotes;
	skl_dl_end(dl);
}

/* ---- the text-fitting policy ------------------------------------------------- */

void skl_dl_set_text_floor(skl_dl *dl, float px)
{
	dl->floor_px = px > 0 ? px : 0;
}

float skl_dl_text_floor(const skl_dl *dl)
{
	return dl->floor_px;
}

static int is_word_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

int skl_dl_protect(skl_dl *dl, const char *text)
{
	const char *p = text;
	char w[128];
	while (p && *p) {
		const char *s;
		size_t n;
		if (!is_word_char((unsigned char)*p)) {
			p++;
			continue;
		}
		for (s = p; is_word_char((unsigned char)*p) || (*p == '.' && is_word_char((unsigned char)p[1])); p++)
			;
		n = (size_t)(p - s);
		if (n < 3 || n >= sizeof(w))
			continue;
		memcpy(w, s, n);
		w[n] = 0;
		if (dl->nprotect == dl->protect_cap) {
			int nc = dl->protect_cap ? dl->protect_cap * 2 : 32;
			const char **np = skl_realloc(dl->protect, (size_t)nc * sizeof(*np));
			if (!np) {
				dl->failed = 1;
				return -1;
			}
			dl->protect = np;
			dl->protect_cap = nc;
		}
		if (!(dl->protect[dl->nprotect] = pool_dup(dl, w)))
			return -1;
		dl->nprotect++;
	}
	return 0;
}

int skl_dl_is_protected(const skl_dl *dl, const char *text)
{
	char first[128];
	size_t n;
	int i;
	if (!strncmp(text, "\xe2\x86\xb3 ", 4)) /* "↳ name": a member continued */
		text += 4;
	if (!strncmp(text, "struct ", 7))
		text += 7;
	/* the name a text opens with: "tcp_sock", "skc_daddr", "sk.sk_lock" */
	for (n = 0; n + 1 < sizeof(first) && (is_word_char((unsigned char)text[n]) || text[n] == '.'); n++)
		first[n] = text[n];
	first[n] = 0;
	if (n < 3)
		return 0;
	for (i = 0; i < dl->nprotect; i++) {
		const char *w = dl->protect[i], *dot = strrchr(first, '.');
		if (!strcmp(first, w) || (dot && !strcmp(dot + 1, w)))
			return 1;
	}
	return 0;
}

/* Marks: a, b, ..., z, aa, ab, ... */
static void mark_name(int i, char *out)
{
	char t[8];
	int n = 0, k;
	do {
		t[n++] = (char)('a' + i % 26);
		i = i / 26 - 1;
	} while (i >= 0 && n < 6);
	for (k = 0; k < n; k++)
		out[k] = t[n - 1 - k];
	out[n] = 0;
}

void skl_dl_set_note_budget(skl_dl *dl, int n)
{
	dl->note_budget = n > 0 ? n : 0;
}

int skl_dl_note_room(const skl_dl *dl, const char *text)
{
	int i;
	for (i = 0; i < dl->nnotes; i++)
		if (!strcmp(dl->notes[i].text, text))
			return 1;
	return !dl->note_budget || dl->nnotes < dl->note_budget;
}

const char *skl_dl_add_note(skl_dl *dl, const char *text)
{
	char m[8];
	int i;
	/* the same text keeps its mark within a picture */
	for (i = 0; i < dl->nnotes; i++)
		if (!strcmp(dl->notes[i].text, text))
			return dl->notes[i].mark;
	if (dl->nnotes == dl->notes_cap) {
		int nc = dl->notes_cap ? dl->notes_cap * 2 : 16;
		skl_dl_note *nn = skl_realloc(dl->notes, (size_t)nc * sizeof(*nn));
		if (!nn) {
			dl->failed = 1;
			return NULL;
		}
		dl->notes = nn;
		dl->notes_cap = nc;
	}
	mark_name(dl->nnotes, m);
	dl->notes[dl->nnotes].mark = pool_dup(dl, m);
	dl->notes[dl->nnotes].text = pool_dup(dl, text);
	if (!dl->notes[dl->nnotes].mark || !dl->notes[dl->nnotes].text)
		return NULL;
	return dl->notes[dl->nnotes++].mark;
}

int skl_dl_note_count(const skl_dl *dl)
{
	return dl->nnotes;
}

const skl_dl_note *skl_dl_note_at(const skl_dl *dl, int i)
{
	return i >= 0 && i < dl->nnotes ? &dl->notes[i] : NULL;
}

/* ---- reading ---------------------------------------------------------------- */

int skl_dl_count(const skl_dl *dl)
{
	return dl->n;
}

/* Makes item i's lazy tooltip, once per group (every item of it then
 * points to the same text, as a group's items do). */
static void make_tip(skl_dl *dl, int i)
{
	lazy_tip *t = &dl->lazy[dl->item_lazy[i] - 1];
	if (!t->text) {
		char buf[4096];
		buf[0] = 0;
		t->fn(t->ctx, t->arg, buf, sizeof(buf));
		t->text = pool_dup_text(dl, buf);
	}
	dl->items[i].tooltip = t->text;
}

const skl_dl_item *skl_dl_at(const skl_dl *dl, int i)
{
	if (i < 0 || i >= dl->n)
		return NULL;
	if (dl->item_lazy && dl->item_lazy[i] && !dl->items[i].tooltip)
		make_tip((skl_dl *)dl, i); /* the list's own cache: the item stays as it is */
	return &dl->items[i];
}

const skl_dl_item *skl_dl_items(const skl_dl *dl)
{
	return dl->items;
}

int skl_dl_find(const skl_dl *dl, const char *key)
{
	int i;
	for (i = 0; i < dl->n; i++)
		if (dl->items[i].key && !strcmp(dl->items[i].key, key))
			return i;
	return -1;
}

int skl_dl_hit(const skl_dl *dl, float x, float y)
{
	int i;
	for (i = dl->n - 1; i >= 0; i--) {
		const skl_dl_item *it = &dl->items[i];
		float x0 = it->x, y0 = it->y, x1 = it->x + it->w, y1 = it->y + it->h, t;
		if (!it->id)
			continue;
		if (x0 > x1) {
			t = x0;
			x0 = x1;
			x1 = t;
		}
		if (y0 > y1) {
			t = y0;
			y0 = y1;
			y1 = t;
		}
		if (it->kind == SKL_DL_LINE || it->kind == SKL_DL_ARROW) {
			float pad = it->stroke_w / 2 + 2;
			x0 -= pad;
			y0 -= pad;
			x1 += pad;
			y1 += pad;
		}
		if (x >= x0 && x < x1 && y >= y0 && y < y1)
			return i;
	}
	return -1;
}

/* ---- text metrics -------------------------------------------------------------- */

size_t skl_dl_utf8_len(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xc0u) != 0x80u)
			n++;
	return n;
}

/* One glyph's advance in pixels as the SDL backend lays text out: FreeType
 * rounds hinted advances to whole pixels. */
static float advance(float size)
{
	float a = floorf(size * SKL_DL_ADVANCE + 0.5f);
	return a < 1 ? 1 : a;
}

size_t skl_dl_utf8_len_n(const char *s, size_t n)
{
	size_t k = 0, i;
	for (i = 0; i < n && s[i]; i++)
		if (((unsigned char)s[i] & 0xc0u) != 0x80u)
			k++;
	return k;
}

float skl_dl_text_width(const char *s, float size)
{
	return (float)skl_dl_utf8_len(s) * advance(size);
}

size_t skl_dl_fit_chars(float w, float size)
{
	if (w <= 0)
		return 0;
	return (size_t)(w / advance(size));
}

char *skl_dl_ellipsize(const char *s, size_t n, char *out, size_t outsz)
{
	size_t len = skl_dl_utf8_len(s), i, bytes;
	if (!outsz)
		return out;
	if (len <= n) {
		snprintf(out, outsz, "%s", s);
		return out;
	}
	if (n == 0) {
		out[0] = 0;
		return out;
	}
	/* keep n - 1 code points, then the ellipsis */
	for (i = 0, bytes = 0; s[bytes] && i < n - 1; i++) {
		bytes++;
		while (((unsigned char)s[bytes] & 0xc0u) == 0x80u)
			bytes++;
	}
	if (bytes + 4 > outsz)
		bytes = outsz > 4 ? outsz - 4 : 0;
	memcpy(out, s, bytes);
	memcpy(out + bytes, "\xe2\x80\xa6", 4); /* U+2026 and the NUL */
	return out;
}

/* ---- dump ------------------------------------------------------------------------- */

static const char *kind_name(skl_dl_kind k)
{
	switch (k) {
	case SKL_DL_RECT:
		return "rect";
	case SKL_DL_HATCH:
		return "hatch";
	case SKL_DL_LINE:
		return "line";
	case SKL_DL_ARROW:
		return "arrow";
	case SKL_DL_TEXT:
		return "text";
	}
	return "?";
}

/* Writes s quoted, with quotes, backslashes and newlines escaped. */
static void dump_quoted(const skl_sink *out, const char *s)
{
	const char *p;
	skl_sink_puts(out, "\"");
	for (p = s; *p; p++) {
		if (*p == '"' || *p == '\\')
			skl_sink_printf(out, "\\%c", *p);
		else if (*p == '\n')
			skl_sink_puts(out, "\\n");
		else
			out->write(out->ud, p, 1);
	}
	skl_sink_puts(out, "\"");
}

void skl_dl_dump(const skl_dl *dl, const skl_sink *out)
{
	int i;
	skl_sink_printf(out, "drawlist %.0fx%.0f items %d\n", (double)dl->w, (double)dl->h, dl->n);
	for (i = 0; i < dl->n; i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		skl_sink_printf(out, "%d %s %.1f %.1f %.1f %.1f", i, kind_name(it->kind), (double)it->x, (double)it->y,
				(double)it->w, (double)it->h);
		switch (it->kind) {
		case SKL_DL_RECT:
		case SKL_DL_HATCH:
			skl_sink_printf(out, " fill=#%08x", (unsigned)it->fill);
			if (it->stroke_w > 0 && SKL_A(it->stroke))
				skl_sink_printf(out, " stroke=#%08x/%.1f", (unsigned)it->stroke, (double)it->stroke_w);
			break;
		case SKL_DL_LINE:
		case SKL_DL_ARROW:
			skl_sink_printf(out, " stroke=#%08x/%.1f", (unsigned)it->stroke, (double)it->stroke_w);
			break;
		case SKL_DL_TEXT:
			skl_sink_printf(out, " color=#%08x size=%.0f%s %s ", (unsigned)it->fill, (double)it->size,
					it->font == SKL_FONT_BOLD ? " bold" : "",
					it->align == SKL_ALIGN_CENTER  ? "center"
					: it->align == SKL_ALIGN_RIGHT ? "right"
								       : "left");
			dump_quoted(out, it->text);
			break;
		}
		if (it->id)
			skl_sink_printf(out, " id=%d", it->id);
		if (it->key)
			skl_sink_printf(out, " key=%s", it->key);
		if (it->tooltip && (i == 0 || dl->items[i - 1].tooltip != it->tooltip)) {
			skl_sink_puts(out, " tip=");
			dump_quoted(out, it->tooltip);
		}
		skl_sink_puts(out, "\n");
	}
}
