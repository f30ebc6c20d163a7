/*
 * access.c - the cache model feed of the simulated machine: every memory
 * touch the engine makes, split into line accesses, run through the
 * attached cache model, attributed to (owner, member) and (owner, object
 * line), and logged as one SKL_EV_ACCESS event per operation; and what the
 * cache views draw from it (the cache-grid snapshot, heat overlays).
 *
 * It never reads or writes the simulated RAM's bytes (callers do that) and
 * never reads a clock; host memory comes from skl_malloc & co. With no
 * model attached every entry point returns at once.
 */
#include "mm_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE_SLOTS 16384 /* open addressing; > 2 * (SKL_ATTR_MAX + 1) */
#define MAX_LABELS 8192	  /* interned "owner.member" texts */
#define LABEL_SLOTS 16384
#define LINEMAP_MAX (1u << 20) /* lines whose last label is remembered */
#define BATCH_TEXTS 4	       /* distinct labels an event names */
#define GRID_MAX_LINES 65536   /* levels with more lines are not copied */

/* ---- state --------------------------------------------------------------- */

typedef struct row {
	skl_cachesim_attr a;
	int64_t lo, hi;	 /* object-relative bytes seen (rows without a layout member) */
	int exact;	 /* offset and size come from the layout */
	int64_t sortkey; /* offset, or the line number */
} row;

typedef struct table {
	row *rows;
	int n;	   /* rows in use; rows[SKL_ATTR_MAX] is "(other)" once made */
	int other; /* index of the "(other)" row, -1 */
	int *slot; /* TABLE_SLOTS row indexes + 1, 0 = empty */
} table;

/* One operation being fed (a touch, or a begin/end group). */
typedef struct batch {
	int depth;
	char src[16];
	char label[96]; /* the caller's text, "" = from the touches */
	skl_addr addr;
	uint64_t bytes;
	int write, any;
	uint64_t lines, cycles; /* line accesses and their latency */
	unsigned touches;	/* touch calls grouped */
	uint64_t misses[SKL_CACHESIM_MAX_LEVELS];
	skl_cachesim_result last;
	char texts[BATCH_TEXTS][160];
	int ntexts, many_texts;
	char owners[BATCH_TEXTS][48];
	int nowners, many_owners;
} batch;

struct skl__access {
	skl_cachesim_preset desc;
	int have_desc;
	unsigned nlevels;
	unsigned line, line_shift; /* the smallest line of the model */
	int dpath[SKL_CACHESIM_MAX_LEVELS];
	int ndpath;
	table members, lines;
	char **labels;
	int nlabels;
	int *label_slot;
	uint64_t *lm_key; /* line number + 1, 0 = empty */
	int *lm_label;
	size_t lm_cap, lm_n;
	uint64_t marks[SKL_CACHESIM_MAX_LEVELS];
	uint64_t accesses, cycles;
	batch b;
};

/* ---- small helpers -------------------------------------------------------- */

static uint64_t fnv(uint64_t h, const char *s)
{
	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 0x100000001b3ull;
	return (h ^ 0xff) * 0x100000001b3ull;
}

static uint64_t mix64(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdull;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ull;
	return k ^ (k >> 33);
}

/* "struct tcp_sock" -> "tcp_sock" */
static const char *short_name(const char *n)
{
	if (!strncmp(n, "struct ", 7))
		return n + 7;
	if (!strncmp(n, "union ", 6))
		return n + 6;
	return n;
}

/* The deepest member of l holding byte off (in a union, the first in
 * layout order); -1 past the layout or in a hole. */
static int field_at(const skl_layout *l, uint64_t off)
{
	int i, best = -1;
	for (i = 0; i < l->nfields; i++) {
		const skl_field *f = &l->fields[i];
		if (!f->size || off < f->offset || off - f->offset >= f->size)
			continue;
		if (best < 0 || f->depth > l->fields[best].depth)
			best = i;
	}
	return best;
}

static void label_text(char *out, size_t n, const char *owner, const char *member)
{
	if (member && *member)
		snprintf(out, n, "%s.%s", owner, member);
	else
		snprintf(out, n, "%s", owner);
}

/* ---- tables ------------------------------------------------------------------ */

static int table_init(table *t)
{
	t->rows = skl_calloc(SKL_ATTR_MAX + 1, sizeof(*t->rows));
	t->slot = skl_calloc(TABLE_SLOTS, sizeof(*t->slot));
	t->other = -1;
	t->n = 0;
	return t->rows && t->slot ? 0 : -1;
}

static void table_free(table *t)
{
	skl_free(t->rows);
	skl_free(t->slot);
	t->rows = NULL;
	t->slot = NULL;
}

static void table_clear(table *t)
{
	memset(t->slot, 0, TABLE_SLOTS * sizeof(*t->slot));
	t->n = 0;
	t->other = -1;
}

/* The row for (owner, member), made when new; *fresh says so. */
static row *table_get(table *t, const char *owner, const char *member, int *fresh)
{
	uint64_t h = fnv(fnv(0xcbf29ce484222325ull, owner), member);
	size_t i = (size_t)h & (TABLE_SLOTS - 1);
	row *r;
	*fresh = 0;
	while (t->slot[i]) {
		r = &t->rows[t->slot[i] - 1];
		if (!strcmp(r->a.owner, owner) && !strcmp(r->a.member, member))
			return r;
		i = (i + 1) & (TABLE_SLOTS - 1);
	}
	if (t->n >= SKL_ATTR_MAX) {
		if (t->other < 0) {
			t->other = SKL_ATTR_MAX;
			r = &t->rows[t->other];
			memset(r, 0, sizeof(*r));
			snprintf(r->a.owner, sizeof(r->a.owner), "(other)");
			r->sortkey = INT64_MAX;
		}
		return &t->rows[t->other];
	}
	r = &t->rows[t->n];
	memset(r, 0, sizeof(*r));
	snprintf(r->a.owner, sizeof(r->a.owner), "%s", owner);
	snprintf(r->a.member, sizeof(r->a.member), "%s", member);
	t->slot[i] = ++t->n;
	*fresh = 1;
	return r;
}

static void row_count(const struct skl__access *acc, row *r, int write, const skl_cachesim_result *res)
{
	unsigned i;
	if (write)
		r->a.writes++;
	else
		r->a.reads++;
	for (i = 0; i < acc->nlevels; i++)
		if (res->missed & (1u << i))
			r->a.misses[i]++;
	r->a.cycles += res->latency;
}

/* ---- labels and the line map ------------------------------------------------- */

/* The id of an interned label, -1 when the table is full. */
static int label_id(struct skl__access *acc, const char *text)
{
	size_t i = (size_t)fnv(0xcbf29ce484222325ull, text) & (LABEL_SLOTS - 1);
	while (acc->label_slot[i]) {
		int id = acc->label_slot[i] - 1;
		if (!strcmp(acc->labels[id], text))
			return id;
		i = (i + 1) & (LABEL_SLOTS - 1);
	}
	if (acc->nlabels >= MAX_LABELS)
		return -1;
	acc->labels[acc->nlabels] = skl_strdup(text);
	if (!acc->labels[acc->nlabels])
		return -1;
	acc->label_slot[i] = ++acc->nlabels;
	return acc->nlabels - 1;
}

static int linemap_grow(struct skl__access *acc)
{
	size_t nc = acc->lm_cap ? acc->lm_cap * 2 : 4096, i;
	uint64_t *nk = skl_calloc(nc, sizeof(*nk));
	int *nl = skl_calloc(nc, sizeof(*nl));
	if (!nk || !nl) {
		skl_free(nk);
		skl_free(nl);
		return -1;
	}
	for (i = 0; i < acc->lm_cap; i++) {
		size_t j;
		if (!acc->lm_key[i])
			continue;
		j = (size_t)mix64(acc->lm_key[i]) & (nc - 1);
		while (nk[j])
			j = (j + 1) & (nc - 1);
		nk[j] = acc->lm_key[i];
		nl[j] = acc->lm_label[i];
	}
	skl_free(acc->lm_key);
	skl_free(acc->lm_label);
	acc->lm_key = nk;
	acc->lm_label = nl;
	acc->lm_cap = nc;
	return 0;
}

static void linemap_set(struct skl__access *acc, uint64_t line, int label)
{
	uint64_t key = line + 1;
	size_t j;
	if (label < 0)
		return;
	if (acc->lm_n * 2 >= acc->lm_cap && acc->lm_n < LINEMAP_MAX && linemap_grow(acc) < 0)
		return;
	if (!acc->lm_cap)
		return;
	j = (size_t)mix64(key) & (acc->lm_cap - 1);
	while (acc->lm_key[j] && acc->lm_key[j] != key)
		j = (j + 1) & (acc->lm_cap - 1);
	if (!acc->lm_key[j]) {
		if (acc->lm_n >= LINEMAP_MAX || acc->lm_n * 2 >= acc->lm_cap)
			return; /* full: later lines go unremembered */
		acc->lm_key[j] = key;
		acc->lm_n++;
	}
	acc->lm_label[j] = label;
}

static int linemap_get(const struct skl__access *acc, uint64_t line)
{
	uint64_t key = line + 1;
	size_t j;
	if (!acc->lm_cap)
		return -1;
	j = (size_t)mix64(key) & (acc->lm_cap - 1);
	while (acc->lm_key[j]) {
		if (acc->lm_key[j] == key)
			return acc->lm_label[j];
		j = (j + 1) & (acc->lm_cap - 1);
	}
	return -1;
}

/* ---- attaching ------------------------------------------------------------------ */

void skl__access_free(skl_kernel *k)
{
	struct skl__access *acc = k->acc;
	int i;
	if (!acc)
		return;
	table_free(&acc->members);
	table_free(&acc->lines);
	for (i = 0; i < acc->nlabels; i++)
		skl_free(acc->labels[i]);
	skl_free(acc->labels);
	skl_free(acc->label_slot);
	skl_free(acc->lm_key);
	skl_free(acc->lm_label);
	skl_free(acc);
	k->acc = NULL;
	k->cachesim = NULL;
	skl__fast_gate(k);
}

/* The data path in visit order: the split "L1d" first, then every unified
 * level in configuration order (as cache.c visits them). */
static void data_path(struct skl__access *acc, skl_cachesim *h)
{
	struct skl_cachesim_stats st;
	unsigned i;
	int pass;
	acc->ndpath = 0;
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < acc->nlevels; i++) {
			int split;
			if (skl_cachesim_stats(h, i, &st) < 0)
				continue;
			split = !strcmp(st.name, "L1d") || !strcmp(st.name, "L1i");
			if (!strcmp(st.name, "L1i") || (pass == 0) != split)
				continue;
			acc->dpath[acc->ndpath++] = (int)i;
		}
	}
}

int skl_kernel_set_cachesim(skl_kernel *k, skl_cachesim *h, const skl_cachesim_preset *desc)
{
	struct skl__access *acc;
	struct skl_cachesim_stats st;
	unsigned i;
	skl__access_free(k);
	if (!h)
		return 0;
	acc = skl_calloc(1, sizeof(*acc));
	if (!acc)
		return -1;
	k->acc = acc;
	acc->labels = skl_calloc(MAX_LABELS, sizeof(*acc->labels));
	acc->label_slot = skl_calloc(LABEL_SLOTS, sizeof(*acc->label_slot));
	if (!acc->labels || !acc->label_slot || table_init(&acc->members) < 0 || table_init(&acc->lines) < 0) {
		skl__access_free(k);
		return -1;
	}
	if (desc) {
		acc->desc = *desc;
		acc->have_desc = 1;
		for (i = 0; i < acc->desc.nlevels && i < SKL_CACHESIM_MAX_LEVELS; i++)
			acc->desc.levels[i].name = acc->desc.names[i]; /* point into the copy */
	} else {
		snprintf(acc->desc.title, sizeof(acc->desc.title), "custom");
	}
	acc->nlevels = skl_cachesim_levels(h);
	acc->line = 0;
	for (i = 0; i < acc->nlevels; i++)
		if (skl_cachesim_stats(h, i, &st) == 0 && (!acc->line || st.line < acc->line))
			acc->line = st.line;
	if (!acc->line)
		acc->line = 64;
	while ((1u << acc->line_shift) < acc->line)
		acc->line_shift++;
	data_path(acc, h);
	k->cachesim = h;
	skl__fast_gate(k);
	return 0;
}

skl_cachesim *skl_kernel_cachesim(const skl_kernel *k)
{
	return k->cachesim;
}

void skl_kernel_cachesim_attr_reset(skl_kernel *k)
{
	if (!k->acc)
		return;
	table_clear(&k->acc->members);
	table_clear(&k->acc->lines);
	k->acc->accesses = k->acc->cycles = 0;
}

/* ---- operations and their events ------------------------------------------------ */

static void batch_start(batch *b, const char *src, const char *label)
{
	memset(b, 0, sizeof(*b));
	snprintf(b->src, sizeof(b->src), "%s", src ? src : "");
	snprintf(b->label, sizeof(b->label), "%s", label ? label : "");
}

static const char *level_name(const skl_kernel *k, int i, struct skl_cachesim_stats *st)
{
	if (skl_cachesim_stats(k->cachesim, (unsigned)i, st) < 0)
		snprintf(st->name, sizeof(st->name), "?");
	return st->name;
}

/* "L1d miss, L2 hit, 10 cycles" for one line access; "26 lines: 26 L1d
 * misses, 0 L2 misses, 2080 cycles" for one touch over several lines;
 * "7 accesses: ..." for a group of touches */
static void result_text(const skl_kernel *k, const batch *b, char *out, size_t n)
{
	const struct skl__access *acc = k->acc;
	struct skl_cachesim_stats st;
	size_t len = 0;
	int i;
	out[0] = '\0';
	if (b->lines == 1) {
		for (i = 0; i < acc->ndpath && len < n; i++) {
			int lv = acc->dpath[i];
			if (b->last.missed & (1u << lv)) {
				len += (size_t)snprintf(out + len, n - len, "%s miss, ", level_name(k, lv, &st));
			} else if (b->last.hit_level == lv) {
				len += (size_t)snprintf(out + len, n - len, "%s hit, ", level_name(k, lv, &st));
				break;
			}
		}
		if (b->last.hit_level < 0 && len < n)
			len += (size_t)snprintf(out + len, n - len, "memory, ");
		if (len < n)
			snprintf(out + len, n - len, "%llu cycles", (unsigned long long)b->cycles);
		return;
	}
	len +=
	    (size_t)snprintf(out, n, "%llu %s: ", (unsigned long long)b->lines, b->touches > 1 ? "accesses" : "lines");
	for (i = 0; i < acc->ndpath && len < n; i++) {
		int lv = acc->dpath[i];
		len += (size_t)snprintf(out + len, n - len, "%llu %s miss%s, ", (unsigned long long)b->misses[lv],
					level_name(k, lv, &st), b->misses[lv] == 1 ? "" : "es");
	}
	if (len < n)
		snprintf(out + len, n - len, "%llu cycles", (unsigned long long)b->cycles);
}

static void batch_emit(skl_kernel *k, const batch *b)
{
	char what[200], result[256];
	size_t len = 0;
	int i;
	if (!b->any || !k->log || k->booting)
		return;
	if (b->label[0]) {
		snprintf(what, sizeof(what), "%s", b->label);
	} else if (b->ntexts == 1 && !b->many_texts) {
		snprintf(what, sizeof(what), "%s", b->texts[0]);
	} else {
		what[0] = '\0';
		for (i = 0; i < b->nowners && len < sizeof(what); i++)
			len += (size_t)snprintf(what + len, sizeof(what) - len, "%s%s", i ? "+" : "", b->owners[i]);
		if (b->many_owners && len < sizeof(what))
			snprintf(what + len, sizeof(what) - len, "+...");
	}
	result_text(k, b, result, sizeof(result));
	skl_events_access(k->log, b->addr, b->bytes, b->write, what, b->src, result, NULL);
}

void skl_kernel_touch_begin(skl_kernel *k, const char *src, const char *label)
{
	if (!k->cachesim)
		return;
	if (k->acc->b.depth == 0)
		batch_start(&k->acc->b, src, label);
	k->acc->b.depth++;
}

void skl_kernel_touch_end(skl_kernel *k)
{
	batch *b;
	if (!k->cachesim)
		return;
	b = &k->acc->b;
	if (b->depth <= 0)
		return;
	if (--b->depth == 0)
		batch_emit(k, b);
}

static void batch_note(batch *b, const char *owner, const char *text)
{
	int i;
	for (i = 0; i < b->ntexts && strcmp(b->texts[i], text); i++)
		;
	if (i == b->ntexts) {
		if (b->ntexts < BATCH_TEXTS)
			snprintf(b->texts[b->ntexts++], sizeof(b->texts[0]), "%s", text);
		else
			b->many_texts = 1;
	}
	for (i = 0; i < b->nowners && strcmp(b->owners[i], owner); i++)
		;
	if (i == b->nowners) {
		if (b->nowners < BATCH_TEXTS)
			snprintf(b->owners[b->nowners++], sizeof(b->owners[0]), "%s", owner);
		else
			b->many_owners = 1;
	}
}

/* Who the bytes at a belong to (see skl_touch_label). */
typedef struct whose {
	const char *owner;
	char buf[48];
	const skl_layout *type;
	skl_addr base;
} whose;

static void resolve(skl_kernel *k, skl_addr a, const skl_touch_label *lab, whose *w)
{
	skl_addr start = 0;
	skl_cache *c;
	memset(w, 0, sizeof(*w));
	w->type = lab ? lab->type : NULL;
	w->base = lab && lab->base ? lab->base : a;
	if (lab && lab->owner) {
		w->owner = lab->owner;
		return;
	}
	c = skl_kernel_cache_of(k, a, NULL, &start);
	if (c) {
		if (!w->type)
			w->type = skl_cache_type(c);
		if (!(lab && lab->base))
			w->base = start;
		snprintf(w->buf, sizeof(w->buf), "%s", w->type ? short_name(w->type->name) : c->name);
	} else if (w->type) {
		snprintf(w->buf, sizeof(w->buf), "%s", short_name(w->type->name));
	} else {
		snprintf(w->buf, sizeof(w->buf), "%s", skl__page_of(k, a) ? "page" : "kernel");
	}
	w->owner = w->buf;
}

/* One line access: the model, the batch, the rows, the line map. */
static void line_access(skl_kernel *k, skl_addr a, unsigned n, int write, const whose *w, const char *member)
{
	struct skl__access *acc = k->acc;
	batch *b = &acc->b;
	skl_cachesim_result res;
	char mbuf[96], text[160], lname[32];
	const skl_field *f = NULL;
	int64_t off = (int64_t)(a - w->base), lstart;
	uint64_t lineno;
	unsigned i;
	row *r;
	int fresh;

	if (skl_cachesim_access(k->cachesim, a, n, write ? SKL_CACHESIM_WRITE : SKL_CACHESIM_READ, &res) < 0)
		return;
	/* the operation */
	if (!b->any) {
		b->addr = a;
		b->any = 1;
	}
	b->bytes += n;
	b->write |= write;
	b->lines++;
	b->cycles += res.latency;
	b->last = res;
	for (i = 0; i < acc->nlevels; i++)
		if (res.missed & (1u << i))
			b->misses[i]++;
	acc->accesses++;
	acc->cycles += res.latency;

	/* the member */
	if (member) {
		snprintf(mbuf, sizeof(mbuf), "%s", member);
		if (w->type && *member) {
			int fi = skl_layout_find(w->type, member);
			if (fi >= 0)
				f = &w->type->fields[fi];
		}
	} else if (w->type && off >= 0) {
		int fi = field_at(w->type, (uint64_t)off);
		f = fi >= 0 ? &w->type->fields[fi] : NULL;
		snprintf(mbuf, sizeof(mbuf), "%s", f ? f->path : "");
	} else {
		mbuf[0] = '\0';
	}
	r = table_get(&acc->members, w->owner, mbuf, &fresh);
	if (fresh) {
		r->lo = off;
		r->hi = off + n;
		if (f) {
			r->exact = 1;
			r->a.offset = (unsigned)f->offset;
			r->a.size = (unsigned)f->size;
		}
	}
	if (!r->exact) {
		if (off < r->lo)
			r->lo = off;
		if (off + n > r->hi)
			r->hi = off + n;
		r->a.offset = r->lo > 0 ? (unsigned)r->lo : 0;
		r->a.size = (unsigned)(r->hi - (r->lo > 0 ? r->lo : 0));
	}
	r->sortkey = r->a.offset;
	row_count(acc, r, write, &res);

	/* the object's line: hardware lines counted from the object's first */
	lineno = ((a >> acc->line_shift) - (w->base >> acc->line_shift));
	if (a < w->base)
		lineno = 0;
	snprintf(lname, sizeof(lname), "line %llu", (unsigned long long)lineno);
	r = table_get(&acc->lines, w->owner, lname, &fresh);
	if (fresh) {
		lstart = (int64_t)(lineno * acc->line) - (int64_t)(w->base & (acc->line - 1));
		r->a.offset = lstart > 0 ? (unsigned)lstart : 0;
		r->a.size = (unsigned)(lstart + acc->line - (int64_t)r->a.offset);
		r->sortkey = (int64_t)lineno;
	}
	row_count(acc, r, write, &res);

	label_text(text, sizeof(text), w->owner, mbuf);
	batch_note(b, w->owner, text);
	linemap_set(acc, a >> acc->line_shift, label_id(acc, text));
}

static void touch(skl_kernel *k, skl_addr a, uint64_t len, int write, const char *src, const skl_touch_label *lab)
{
	struct skl__access *acc = k->acc;
	whose w;
	skl_addr end;
	if (!len)
		return;
	skl_kernel_touch_begin(k, src, NULL);
	acc->b.touches++;
	resolve(k, a, lab, &w);
	end = a + len;
	if (end < a)
		end = ~(skl_addr)0;
	while (a < end) {
		skl_addr next = (a | (acc->line - 1)) + 1;
		if (next > end || next == 0)
			next = end;
		line_access(k, a, (unsigned)(next - a), write, &w, lab ? lab->member : NULL);
		if (next == 0)
			break;
		a = next;
	}
	skl_kernel_touch_end(k);
}

void skl_kernel_touch(skl_kernel *k, skl_addr a, uint64_t len, int write, const char *src)
{
	if (!k->cachesim)
		return;
	touch(k, a, len, write, src, NULL);
}

void skl_kernel_touch_ex(skl_kernel *k, skl_addr a, uint64_t len, int write, const char *src,
			 const skl_touch_label *lab)
{
	if (!k->cachesim)
		return;
	touch(k, a, len, write, src, lab);
}

void skl_kernel_touch_as(skl_kernel *k, skl_addr a, uint64_t len, int write, const char *src, const char *owner,
			 const char *member, skl_addr base)
{
	skl_touch_label lab;
	if (!k->cachesim)
		return;
	memset(&lab, 0, sizeof(lab));
	lab.owner = owner;
	lab.member = member;
	lab.base = base;
	touch(k, a, len, write, src, &lab);
}

/* ---- reading the tables ------------------------------------------------------------ */

static int row_cmp(const void *x, const void *y)
{
	const row *a = *(const row *const *)x, *b = *(const row *const *)y;
	int c = strcmp(a->a.owner, b->a.owner);
	if (c)
		return c;
	if (a->sortkey != b->sortkey)
		return a->sortkey < b->sortkey ? -1 : 1;
	return strcmp(a->a.member, b->a.member);
}

static int table_rows(const table *t, const char *owner, skl_cachesim_attr **out)
{
	const row **idx;
	int i, n = 0, total = t->n + (t->other >= 0);
	*out = NULL;
	if (!total)
		return 0;
	idx = skl_calloc((size_t)total, sizeof(*idx));
	if (!idx)
		return -1;
	for (i = 0; i < t->n; i++)
		if (!owner || !strcmp(t->rows[i].a.owner, owner))
			idx[n++] = &t->rows[i];
	if (t->other >= 0 && (!owner || !strcmp(owner, "(other)")))
		idx[n++] = &t->rows[t->other];
	if (n) {
		qsort(idx, (size_t)n, sizeof(*idx), row_cmp);
		*out = skl_calloc((size_t)n, sizeof(**out));
		if (!*out) {
			skl_free(idx);
			return -1;
		}
		for (i = 0; i < n; i++)
			(*out)[i] = idx[i]->a;
	}
	skl_free(idx);
	return n;
}

int skl_kernel_cachesim_attr(const skl_kernel *k, int lines, const char *owner, skl_cachesim_attr **rows)
{
	*rows = NULL;
	if (!k->acc)
		return 0;
	return table_rows(lines ? &k->acc->lines : &k->acc->members, owner, rows);
}

/* ---- the cache-grid snapshot --------------------------------------------------------- */

/* The label of the line at addr of size bytes: the typed member its first
 * byte lies in, else what last touched it, else the cache it is in. */
static void line_owner(skl_kernel *k, skl_addr addr, unsigned size, char *out, size_t n)
{
	const struct skl__access *acc = k->acc;
	skl_addr start = 0, a;
	skl_cache *c = skl_kernel_cache_of(k, addr, NULL, &start);
	const skl_layout *t = c ? skl_cache_type(c) : NULL;
	out[0] = '\0';
	if (t && addr >= start && addr - start < t->size) {
		int fi = field_at(t, addr - start);
		label_text(out, n, short_name(t->name), fi >= 0 ? t->fields[fi].path : "");
		return;
	}
	if (acc) {
		for (a = addr; a < addr + size; a += acc->line) {
			int id = linemap_get(acc, a >> acc->line_shift);
			if (id >= 0) {
				snprintf(out, n, "%s", acc->labels[id]);
				return;
			}
		}
	}
	if (c)
		snprintf(out, n, "%s", c->name);
}

/* Index of text in the snapshot's owners (added when new); -1 out of memory. */
static int owner_index(skl_cachesim_snap *s, int *cap, const char *text)
{
	int i;
	for (i = s->nowners - 1; i >= 0; i--)
		if (!strcmp(s->owners[i], text))
			return i;
	if (s->nowners == *cap) {
		int nc = *cap ? *cap * 2 : 32;
		char **d = skl_realloc(s->owners, (size_t)nc * sizeof(*d));
		if (!d)
			return -1;
		s->owners = d;
		*cap = nc;
	}
	s->owners[s->nowners] = skl_strdup(text);
	if (!s->owners[s->nowners])
		return -1;
	return s->nowners++;
}

/* Frees a snapshot made by skl_cachesim_snapshot(), with everything it owns. */
void skl_cachesim_snap_free(skl_cachesim_snap *s)
{
	int i;
	if (!s)
		return;
	for (i = 0; i < s->nlevels; i++)
		skl_free(s->levels[i].lines);
	skl_free(s->levels);
	for (i = 0; i < s->nowners; i++)
		skl_free(s->owners[i]);
	skl_free(s->owners);
	skl_free(s->members);
	skl_free(s->lines);
	skl_free(s);
}

skl_cachesim_snap *skl_cachesim_snapshot(skl_cachesim *h, const skl_cachesim_preset *desc, uint64_t *marks,
					 skl_kernel *k)
{
	skl_cachesim_snap *s;
	int cap = 0, ownerful = k && k->cachesim == h && k->acc;
	unsigned i;
	if (!h)
		return NULL;
	s = skl_calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	snprintf(s->title, sizeof(s->title), "%s", desc && desc->title[0] ? desc->title : "custom");
	snprintf(s->source, sizeof(s->source), "%s", desc ? desc->source : "");
	s->mem_latency = desc ? desc->mem_latency : 0;
	s->levels = skl_calloc(skl_cachesim_levels(h) ? skl_cachesim_levels(h) : 1, sizeof(*s->levels));
	if (!s->levels)
		goto fail;
	s->nlevels = (int)skl_cachesim_levels(h);
	for (i = 0; i < (unsigned)s->nlevels; i++) {
		skl_cachesim_snap_level *lv = &s->levels[i];
		uint64_t nl, j, maxuse = 0, mark = marks ? marks[i] : 0;
		skl_cachesim_stats(h, i, &lv->st);
		lv->latency = desc && i < desc->nlevels ? desc->levels[i].latency : 0;
		nl = (uint64_t)lv->st.sets * lv->st.assoc;
		if (nl > GRID_MAX_LINES)
			continue;
		lv->lines = skl_calloc((size_t)(nl ? nl : 1), sizeof(*lv->lines));
		if (!lv->lines)
			goto fail;
		for (j = 0; j < nl; j++) {
			skl_cachesim_lineinfo cl;
			skl_cachesim_snap_line *g = &lv->lines[j];
			g->owner = -1;
			if (skl_cachesim_line(h, i, (unsigned)(j / lv->st.assoc), (unsigned)(j % lv->st.assoc), &cl) <
				0 ||
			    !cl.valid)
				continue;
			g->addr = cl.addr;
			g->valid = 1;
			g->dirty = (uint8_t)cl.dirty;
			g->last_hit = (uint8_t)cl.last_hit;
			if (cl.last_use > maxuse)
				maxuse = cl.last_use;
			if (ownerful) {
				char text[160];
				line_owner(k, cl.addr, lv->st.line, text, sizeof(text));
				if (text[0] && (g->owner = owner_index(s, &cap, text)) < 0)
					goto fail;
			}
		}
		/* ticks only grow, unless the model was reset since the last look */
		if (maxuse < mark)
			mark = 0;
		for (j = 0; j < nl; j++) {
			skl_cachesim_lineinfo cl;
			if (lv->lines[j].valid && skl_cachesim_line(h, i, (unsigned)(j / lv->st.assoc),
								    (unsigned)(j % lv->st.assoc), &cl) == 0) {
				lv->lines[j].recent = cl.last_use > mark;
				lv->lines[j].missed = cl.installed > mark;
			}
		}
		if (marks)
			marks[i] = maxuse;
	}
	if (ownerful) {
		s->nmembers = table_rows(&k->acc->members, NULL, &s->members);
		s->nlines = table_rows(&k->acc->lines, NULL, &s->lines);
		if (s->nmembers < 0 || s->nlines < 0) {
			s->nmembers = s->nlines = 0;
			goto fail;
		}
		s->accesses = k->acc->accesses;
		s->cycles = k->acc->cycles;
	} else if (s->nlevels) {
		s->accesses = s->levels[0].st.refs[0] + s->levels[0].st.refs[1] + s->levels[0].st.refs[2];
	}
	return s;
fail:
	skl_cachesim_snap_free(s);
	return NULL;
}

skl_cachesim_snap *skl_kernel_cachesim_snapshot(skl_kernel *k)
{
	if (!k->cachesim)
		return NULL;
	return skl_cachesim_snapshot(k->cachesim, &k->acc->desc, k->acc->marks, k);
}

/* ---- heat -------------------------------------------------------------------------------- */

static double metric_of(const skl_cachesim_attr *a, skl_heat_metric m, int level, unsigned nlevels)
{
	double v = 0;
	unsigned i;
	switch (m) {
	case SKL_HEAT_MISSES:
		return level >= 0 && level < SKL_CACHESIM_MAX_LEVELS ? (double)a->misses[level] : 0;
	case SKL_HEAT_ALL_MISSES:
		for (i = 0; i < nlevels; i++)
			v += (double)a->misses[i];
		return v;
	case SKL_HEAT_CYCLES:
		return (double)a->cycles;
	case SKL_HEAT_ACCESSES:
		return (double)(a->reads + a->writes);
	}
	return 0;
}

skl_heat *skl_kernel_cachesim_heat(const skl_kernel *k, const skl_layout *l, const char *owner, skl_heat_metric m,
				   int level)
{
	const struct skl__access *acc = k->acc;
	struct skl_cachesim_stats st;
	skl_heat *h;
	int i, j;
	if (!l)
		return NULL;
	h = skl_calloc(1, sizeof(*h));
	if (!h)
		return NULL;
	h->nvalues = l->nfields;
	h->value = skl_calloc((size_t)(l->nfields ? l->nfields : 1), sizeof(*h->value));
	if (!h->value) {
		skl_free(h);
		return NULL;
	}
	if (m == SKL_HEAT_MISSES && level < 0)
		level = acc && acc->ndpath ? acc->dpath[0] : 0;
	switch (m) {
	case SKL_HEAT_MISSES:
		if (k->cachesim && skl_cachesim_stats(k->cachesim, (unsigned)level, &st) == 0)
			snprintf(h->label, sizeof(h->label), "%s misses", st.name);
		else
			snprintf(h->label, sizeof(h->label), "misses");
		break;
	case SKL_HEAT_ALL_MISSES:
		snprintf(h->label, sizeof(h->label), "misses (all levels)");
		break;
	case SKL_HEAT_CYCLES:
		snprintf(h->label, sizeof(h->label), "cycles");
		break;
	case SKL_HEAT_ACCESSES:
		snprintf(h->label, sizeof(h->label), "accesses");
		break;
	}
	if (!acc)
		return h;
	if (!owner)
		owner = short_name(l->name);
	for (j = 0; j < acc->members.n; j++) {
		const skl_cachesim_attr *a = &acc->members.rows[j].a;
		double v;
		if (strcmp(a->owner, owner) || !a->member[0])
			continue;
		v = metric_of(a, m, level, acc->nlevels);
		for (i = 0; i < l->nfields; i++) {
			const char *p = l->fields[i].path;
			size_t pl = strlen(p);
			if (pl && !strncmp(a->member, p, pl) && (a->member[pl] == '\0' || a->member[pl] == '.'))
				h->value[i] += v;
		}
	}
	return h;
}
