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
	int64_t lo, hi;	   /* object-relative bytes seen (rows without a layout member) */
	int exact;	   /* offset and size come from the layout */
	int64_t sortkey;   /* offset, or the line number */
	uint64_t lineaddr; /* c2c rows: the machine's line */
	unsigned lineno;   /* c2c rows: the line's index within its object */
	int64_t lstart;	   /* c2c rows: the object offset of the line's first byte */
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
	table c2c; /* coherent models: (owner, "line address|member") rows */
	skl_cachesim_smp *smp;
	unsigned nprivate;
	uint64_t (*cpu_marks)[SKL_CACHESIM_MAX_LEVELS]; /* per CPU: "recent" of its private levels */
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

/* "struct tcp_sock" -> "tcp_sock" */
static const char *short_name(const char *n)
{
	if (!strncmp(n, "struct ", 7))
		return n + 7;
	if (!strncmp(n, "union ", 6))
		return n + 6;
	return n;
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

/* What a coherent model adds to one line access's counts. */
typedef struct coh {
	int on;
	unsigned cpu;
	int coherence, hitm;
} coh;

static void row_count(const struct skl__access *acc, row *r, int write, const skl_cachesim_result *res, const coh *c)
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
	if (c && c->on) {
		uint64_t bit = c->cpu < 64 ? (uint64_t)1 << c->cpu : 0;
		r->a.coherence += (uint64_t)c->coherence;
		r->a.hitm += (uint64_t)c->hitm;
		if (write) {
			r->a.cpus_wrote |= bit;
			if (c->cpu < SKL_ATTR_CPUS)
				r->a.cpu_writes[c->cpu]++;
		} else {
			r->a.cpus_read |= bit;
			if (c->cpu < SKL_ATTR_CPUS)
				r->a.cpu_reads[c->cpu]++;
		}
	}
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
		j = (size_t)skl_hash64(acc->lm_key[i]) & (nc - 1);
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
	j = (size_t)skl_hash64(key) & (acc->lm_cap - 1);
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
	j = (size_t)skl_hash64(key) & (acc->lm_cap - 1);
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
	table_free(&acc->c2c);
	skl_free(acc->cpu_marks);
	for (i = 0; i < acc->nlabels; i++)
		skl_free(acc->labels[i]);
	skl_free(acc->labels);
	skl_free(acc->label_slot);
	skl_free(acc->lm_key);
	skl_free(acc->lm_label);
	skl_free(acc);
	k->acc = NULL;
	k->cachesim = NULL;
	k->cachesim_smp = NULL;
	skl__fast_gate(k);
}

/* Level i's counters: a coherent model's summed over its CPUs. */
static int level_stats(const skl_kernel *k, unsigned i, struct skl_cachesim_stats *st)
{
	if (k->cachesim_smp)
		return skl_cachesim_smp_level_stats(k->cachesim_smp, i, st);
	return skl_cachesim_stats(k->cachesim, i, st);
}

/* The data path in visit order: the split "L1d" first, then every unified
 * level in configuration order (as cache.c visits them). */
static void data_path(struct skl__access *acc, const skl_kernel *k)
{
	struct skl_cachesim_stats st;
	unsigned i;
	int pass;
	acc->ndpath = 0;
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < acc->nlevels; i++) {
			int split;
			if (level_stats(k, i, &st) < 0)
				continue;
			split = !strcmp(st.name, "L1d") || !strcmp(st.name, "L1i");
			if (!strcmp(st.name, "L1i") || (pass == 0) != split)
				continue;
			acc->dpath[acc->ndpath++] = (int)i;
		}
	}
}

/* Attaches h or m (one of them): the tables, the levels, the gate. */
static int attach(skl_kernel *k, skl_cachesim *h, skl_cachesim_smp *m, const skl_cachesim_preset *desc)
{
	struct skl__access *acc;
	struct skl_cachesim_stats st;
	unsigned i;
	skl__access_free(k);
	if (!h && !m)
		return 0;
	acc = skl_calloc(1, sizeof(*acc));
	if (!acc)
		return -1;
	k->acc = acc;
	acc->labels = skl_calloc(MAX_LABELS, sizeof(*acc->labels));
	acc->label_slot = skl_calloc(LABEL_SLOTS, sizeof(*acc->label_slot));
	if (!acc->labels || !acc->label_slot || table_init(&acc->members) < 0 || table_init(&acc->lines) < 0 ||
	    (m && table_init(&acc->c2c) < 0) ||
	    (m && !(acc->cpu_marks = skl_calloc(skl_cachesim_smp_ncpus(m), sizeof(*acc->cpu_marks))))) {
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
	k->cachesim = h;
	k->cachesim_smp = m;
	acc->smp = m;
	acc->nlevels = m ? skl_cachesim_smp_levels(m) : skl_cachesim_levels(h);
	acc->nprivate = m ? skl_cachesim_smp_private_levels(m) : acc->nlevels;
	acc->line = 0;
	for (i = 0; i < acc->nlevels; i++)
		if (level_stats(k, i, &st) == 0 && (!acc->line || st.line < acc->line))
			acc->line = st.line;
	if (!acc->line)
		acc->line = 64;
	while ((1u << acc->line_shift) < acc->line)
		acc->line_shift++;
	data_path(acc, k);
	skl__fast_gate(k);
	return 0;
}

int skl_kernel_set_cachesim(skl_kernel *k, skl_cachesim *h, const skl_cachesim_preset *desc)
{
	return attach(k, h, NULL, desc);
}

int skl_kernel_set_cachesim_smp(skl_kernel *k, skl_cachesim_smp *m, const skl_cachesim_preset *desc)
{
	return attach(k, NULL, m, desc);
}

skl_cachesim_smp *skl_kernel_cachesim_smp(const skl_kernel *k)
{
	return k->cachesim_smp;
}

int skl_kernel_has_cachesim(const skl_kernel *k)
{
	return SKL__TOUCHING(k);
}

int skl_kernel_cachesim_level(const skl_kernel *k, const char *name)
{
	struct skl_cachesim_stats st;
	unsigned i;
	for (i = 0; k->acc && i < k->acc->nlevels; i++)
		if (level_stats(k, i, &st) == 0 && !strcmp(st.name, name))
			return (int)i;
	return -1;
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
	if (k->acc->smp)
		table_clear(&k->acc->c2c);
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
	if (level_stats(k, (unsigned)i, st) < 0)
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
	if (!SKL__TOUCHING(k))
		return;
	if (k->acc->b.depth == 0)
		batch_start(&k->acc->b, src, label);
	k->acc->b.depth++;
}

void skl_kernel_touch_end(skl_kernel *k)
{
	batch *b;
	if (!SKL__TOUCHING(k))
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
	skl_member_ref mref;
	const skl_member_ref *f = NULL;
	int64_t off = (int64_t)(a - w->base), lstart;
	uint64_t lineno;
	unsigned i;
	row *r;
	int fresh;
	coh c;

	memset(&c, 0, sizeof(c));
	if (k->cachesim_smp) {
		skl_cachesim_smp_result sr;
		unsigned n_cpu = skl_cachesim_smp_ncpus(k->cachesim_smp);
		c.on = 1;
		c.cpu = k->cpu < n_cpu ? k->cpu : n_cpu - 1;
		if (skl_cachesim_smp_access(k->cachesim_smp, c.cpu, a, n,
					    write ? SKL_CACHESIM_WRITE : SKL_CACHESIM_READ, &sr) < 0)
			return;
		res = sr.r;
		c.coherence = sr.coherence;
		c.hitm = sr.source == SKL_SMP_PEER && sr.peer_state == SKL_MESI_M;
	} else if (skl_cachesim_access(k->cachesim, a, n, write ? SKL_CACHESIM_WRITE : SKL_CACHESIM_READ, &res) < 0) {
		return;
	}
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

	/* the member: named (a path, nested ones too), or the innermost at the offset */
	if (member) {
		snprintf(mbuf, sizeof(mbuf), "%s", member);
		if (w->type && *member) {
			int nm;
			if (skl_layout_lookup(w->type, member, &mref, &nm) == 0)
				f = &mref;
		}
	} else if (w->type && off >= 0) {
		f = skl_layout_member_at(w->type, (uint64_t)off, &mref) == 0 ? &mref : NULL;
		snprintf(mbuf, sizeof(mbuf), "%.95s", f ? f->path : "");
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
	row_count(acc, r, write, &res, &c);

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
	row_count(acc, r, write, &res, &c);
	if (c.on) { /* the machine's line, member by member, for c2c */
		char key[96 + 24];
		uint64_t la = a & ~(uint64_t)(acc->line - 1);
		snprintf(key, sizeof(key), "%llx|%s", (unsigned long long)la, mbuf);
		r = table_get(&acc->c2c, w->owner, key, &fresh);
		if (fresh) {
			r->lineaddr = la;
			r->lineno = (unsigned)lineno;
			r->lstart = (int64_t)(la - w->base);
			r->a.offset = f ? (unsigned)f->offset : off > 0 ? (unsigned)off : 0;
			r->a.size = f ? (unsigned)f->size : n;
			r->exact = f != NULL;
			r->sortkey = (int64_t)r->a.offset;
		} else if (!r->exact && off >= 0 && (unsigned)off < r->a.offset) {
			r->a.size += r->a.offset - (unsigned)off;
			r->a.offset = (unsigned)off;
		} else if (!r->exact && off >= 0 && (unsigned)off + n > r->a.offset + r->a.size) {
			r->a.size = (unsigned)off + n - r->a.offset;
		}
		row_count(acc, r, write, &res, &c);
	}

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
	if (!SKL__TOUCHING(k))
		return;
	touch(k, a, len, write, src, NULL);
}

void skl_kernel_touch_ex(skl_kernel *k, skl_addr a, uint64_t len, int write, const char *src,
			 const skl_touch_label *lab)
{
	if (!SKL__TOUCHING(k))
		return;
	touch(k, a, len, write, src, lab);
}

void skl_kernel_touch_as(skl_kernel *k, skl_addr a, uint64_t len, int write, const char *src, const char *owner,
			 const char *member, skl_addr base)
{
	skl_touch_label lab;
	if (!SKL__TOUCHING(k))
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
		skl_member_ref m;
		int found = skl_layout_member_at(t, addr - start, &m) == 0;
		label_text(out, n, short_name(t->name), found ? m.path : "");
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
	for (i = 0; s->cpus && i < s->ncpus; i++) {
		int j;
		for (j = 0; j < s->cpus[i].nlevels; j++)
			skl_free(s->cpus[i].levels[j].lines);
		skl_free(s->cpus[i].levels);
	}
	skl_free(s->cpus);
	for (i = 0; i < s->nowners; i++)
		skl_free(s->owners[i]);
	skl_free(s->owners);
	skl_free(s->members);
	skl_free(s->lines);
	skl_free(s);
}

/*
 * The lines of level i of h into lv (its st already filled): owners from k
 * when given, "recent" against *mark (updated when mark is not NULL), and
 * with smp the MESI state of cpu. -1 out of memory.
 */
static int snap_lines(skl_cachesim_snap *s, int *cap, skl_cachesim_snap_level *lv, const skl_cachesim *h, unsigned i,
		      uint64_t *mark, skl_kernel *k, const skl_cachesim_smp *smp, unsigned cpu)
{
	uint64_t nl, j, maxuse = 0, m = mark ? *mark : 0;
	nl = (uint64_t)lv->st.sets * lv->st.assoc;
	if (nl > GRID_MAX_LINES)
		return 0;
	lv->lines = skl_calloc((size_t)(nl ? nl : 1), sizeof(*lv->lines));
	if (!lv->lines)
		return -1;
	for (j = 0; j < nl; j++) {
		skl_cachesim_lineinfo cl;
		skl_cachesim_snap_line *g = &lv->lines[j];
		g->owner = -1;
		if (skl_cachesim_line(h, i, (unsigned)(j / lv->st.assoc), (unsigned)(j % lv->st.assoc), &cl) < 0 ||
		    !cl.valid)
			continue;
		g->addr = cl.addr;
		g->valid = 1;
		g->dirty = (uint8_t)cl.dirty;
		g->last_hit = (uint8_t)cl.last_hit;
		if (smp)
			g->mesi = (uint8_t)skl_cachesim_smp_state(smp, cpu, cl.addr);
		if (cl.last_use > maxuse)
			maxuse = cl.last_use;
		if (k) {
			char text[160];
			line_owner(k, cl.addr, lv->st.line, text, sizeof(text));
			if (text[0] && (g->owner = owner_index(s, cap, text)) < 0)
				return -1;
		}
	}
	/* ticks only grow, unless the model was reset since the last look */
	if (maxuse < m)
		m = 0;
	for (j = 0; j < nl; j++) {
		skl_cachesim_lineinfo cl;
		if (lv->lines[j].valid &&
		    skl_cachesim_line(h, i, (unsigned)(j / lv->st.assoc), (unsigned)(j % lv->st.assoc), &cl) == 0) {
			lv->lines[j].recent = cl.last_use > m;
			lv->lines[j].missed = cl.installed > m;
		}
	}
	if (mark)
		*mark = maxuse;
	return 0;
}

static int snap_rows(skl_cachesim_snap *s, skl_kernel *k)
{
	s->nmembers = table_rows(&k->acc->members, NULL, &s->members);
	s->nlines = table_rows(&k->acc->lines, NULL, &s->lines);
	if (s->nmembers < 0 || s->nlines < 0) {
		s->nmembers = s->nlines = 0;
		return -1;
	}
	s->accesses = k->acc->accesses;
	s->cycles = k->acc->cycles;
	return 0;
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
	s->ncpus = 1;
	snprintf(s->title, sizeof(s->title), "%s", desc && desc->title[0] ? desc->title : "custom");
	snprintf(s->source, sizeof(s->source), "%s", desc ? desc->source : "");
	s->mem_latency = desc ? desc->mem_latency : 0;
	s->levels = skl_calloc(skl_cachesim_levels(h) ? skl_cachesim_levels(h) : 1, sizeof(*s->levels));
	if (!s->levels)
		goto fail;
	s->nlevels = (int)skl_cachesim_levels(h);
	s->nprivate = s->nlevels;
	for (i = 0; i < (unsigned)s->nlevels; i++) {
		skl_cachesim_snap_level *lv = &s->levels[i];
		skl_cachesim_stats(h, i, &lv->st);
		lv->latency = desc && i < desc->nlevels ? desc->levels[i].latency : 0;
		if (snap_lines(s, &cap, lv, h, i, marks ? &marks[i] : NULL, ownerful ? k : NULL, NULL, 0) < 0)
			goto fail;
	}
	if (ownerful) {
		if (snap_rows(s, k) < 0)
			goto fail;
	} else if (s->nlevels) {
		s->accesses = s->levels[0].st.refs[0] + s->levels[0].st.refs[1] + s->levels[0].st.refs[2];
	}
	return s;
fail:
	skl_cachesim_snap_free(s);
	return NULL;
}

/* A coherent model's snapshot: every CPU's private levels with MESI
 * states, the current CPU's first among levels, then the shared ones. */
static skl_cachesim_snap *smp_snapshot(skl_kernel *k)
{
	struct skl__access *acc = k->acc;
	const skl_cachesim_smp *m = k->cachesim_smp;
	const skl_cachesim_preset *desc = &acc->desc;
	const skl_cachesim *sh = skl_cachesim_smp_shared(m);
	skl_cachesim_snap *s;
	unsigned ncpus = skl_cachesim_smp_ncpus(m), np = acc->nprivate, c, i;
	int cap = 0;
	s = skl_calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	snprintf(s->title, sizeof(s->title), "%s", desc->title[0] ? desc->title : "custom");
	snprintf(s->source, sizeof(s->source), "%s", desc->source);
	s->mem_latency = desc->mem_latency;
	s->ncpus = (int)ncpus;
	s->cpu = (int)(k->cpu < ncpus ? k->cpu : ncpus - 1);
	s->nprivate = (int)np;
	s->cpus = skl_calloc(ncpus, sizeof(*s->cpus));
	s->levels = skl_calloc(acc->nlevels, sizeof(*s->levels));
	if (!s->cpus || !s->levels)
		goto fail;
	for (c = 0; c < ncpus; c++) {
		skl_cachesim_snap_cpu *sc = &s->cpus[c];
		const skl_cachesim *h = skl_cachesim_smp_cpu(m, c);
		struct skl_cachesim_smp_stats st;
		sc->levels = skl_calloc(np, sizeof(*sc->levels));
		if (!sc->levels)
			goto fail;
		sc->nlevels = (int)np;
		skl_cachesim_smp_stats(m, c, &st);
		sc->coherence = st.coherence;
		sc->transfers = st.transfers;
		sc->hitm = st.hitm;
		sc->invalidated = st.invalidated;
		for (i = 0; i < np; i++) {
			skl_cachesim_snap_level *lv = &sc->levels[i];
			skl_cachesim_stats(h, i, &lv->st);
			lv->latency = i < desc->nlevels ? desc->levels[i].latency : 0;
			if (snap_lines(s, &cap, lv, h, i, &acc->cpu_marks[c][i], k, m, c) < 0)
				goto fail;
		}
	}
	s->nlevels = (int)acc->nlevels;
	for (i = 0; i < acc->nlevels; i++) {
		skl_cachesim_snap_level *lv = &s->levels[i];
		if (i < np) { /* a copy of the current CPU's */
			const skl_cachesim_snap_level *from = &s->cpus[s->cpu].levels[i];
			size_t nl = (size_t)from->st.sets * from->st.assoc;
			*lv = *from;
			if (from->lines) {
				lv->lines = skl_calloc(nl ? nl : 1, sizeof(*lv->lines));
				if (!lv->lines)
					goto fail;
				memcpy(lv->lines, from->lines, nl * sizeof(*lv->lines));
			}
			continue;
		}
		skl_cachesim_stats(sh, i - np, &lv->st);
		lv->latency = i < desc->nlevels ? desc->levels[i].latency : 0;
		if (snap_lines(s, &cap, lv, sh, i - np, &acc->marks[i], k, NULL, 0) < 0)
			goto fail;
	}
	if (snap_rows(s, k) < 0)
		goto fail;
	return s;
fail:
	skl_cachesim_snap_free(s);
	return NULL;
}

skl_cachesim_snap *skl_kernel_cachesim_snapshot(skl_kernel *k)
{
	if (k->cachesim_smp)
		return smp_snapshot(k);
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
	case SKL_HEAT_COHERENCE:
		return (double)a->coherence;
	case SKL_HEAT_HITM:
		return (double)a->hitm;
	}
	return 0;
}

/* The c2c metrics' extra data: each field's CPUs (from the member rows, as
 * the values are summed) and each line's contention, from the very lines
 * skl_kernel_c2c reports, so the picture and the report agree. The c2c
 * lines are counted from the object's first hardware line: for an object
 * aligned to the line (hwcache_align, kmalloc) these are the layout's rows. */
static int heat_c2c(const skl_kernel *k, const skl_layout *l, const char *owner, skl_heat *h)
{
	const struct skl__access *acc = k->acc;
	unsigned cl = l->cacheline ? l->cacheline : 64;
	skl_c2c *c;
	int i, j, cpu;
	h->ncpus = skl_cachesim_smp_ncpus(acc->smp);
	h->nlines = (int)(l->size ? (l->size + cl - 1) / cl : 1);
	h->cpus = skl_calloc((size_t)(l->nfields ? l->nfields : 1), sizeof(*h->cpus));
	h->lines = skl_calloc((size_t)h->nlines, sizeof(*h->lines));
	if (!h->cpus || !h->lines)
		return -1;
	for (j = 0; j < acc->members.n; j++) {
		const skl_cachesim_attr *a = &acc->members.rows[j].a;
		if (strcmp(a->owner, owner) || !a->member[0])
			continue;
		for (i = 0; i < l->nfields; i++) {
			const char *p = l->fields[i].path;
			size_t pl = strlen(p);
			skl_heat_cpus *hc = &h->cpus[i];
			if (!pl || strncmp(a->member, p, pl) || (a->member[pl] != '\0' && a->member[pl] != '.'))
				continue;
			hc->read |= a->cpus_read;
			hc->wrote |= a->cpus_wrote;
			for (cpu = 0; cpu < SKL_ATTR_CPUS; cpu++) {
				hc->reads[cpu] += a->cpu_reads[cpu];
				hc->writes[cpu] += a->cpu_writes[cpu];
			}
		}
	}
	c = skl_kernel_c2c(k);
	if (!c)
		return -1;
	for (j = 0; j < c->nlines; j++) {
		const skl_c2c_line *cl2 = &c->lines[j];
		uint64_t rowi = (uint64_t)cl2->lineno * acc->line / cl;
		skl_heat_line *hl;
		if (strcmp(cl2->owner, owner) || rowi >= (uint64_t)h->nlines)
			continue;
		hl = &h->lines[rowi];
		hl->coherence += cl2->coherence;
		hl->hitm += cl2->hitm;
		hl->cpus_read |= cl2->cpus_read;
		hl->cpus_wrote |= cl2->cpus_wrote;
		hl->false_sharing |= cl2->false_sharing;
		hl->true_sharing |= cl2->true_sharing;
	}
	skl_c2c_free(c);
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
		if (SKL__TOUCHING(k) && level_stats(k, (unsigned)level, &st) == 0)
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
	case SKL_HEAT_COHERENCE:
		snprintf(h->label, sizeof(h->label), "coherence misses");
		break;
	case SKL_HEAT_HITM:
		snprintf(h->label, sizeof(h->label), "HITM");
		break;
	}
	if (!acc)
		return h;
	if (!owner)
		owner = short_name(l->name);
	if ((m == SKL_HEAT_COHERENCE || m == SKL_HEAT_HITM) && acc->smp && heat_c2c(k, l, owner, h) < 0) {
		skl_heat_free(h);
		return NULL;
	}
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

/* ---- perf c2c: the contended lines ------------------------------------------------------- */

static void add_cpus(uint32_t *to, const uint32_t *from)
{
	int i;
	for (i = 0; i < SKL_ATTR_CPUS; i++)
		to[i] += from[i];
}

static int popcount64(uint64_t x)
{
	int n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

static int c2c_row_cmp(const void *x, const void *y)
{
	const row *a = *(const row *const *)x, *b = *(const row *const *)y;
	if (a->lineaddr != b->lineaddr)
		return a->lineaddr < b->lineaddr ? -1 : 1;
	if (a->a.offset != b->a.offset)
		return a->a.offset < b->a.offset ? -1 : 1;
	return strcmp(a->a.member, b->a.member);
}

/* perf c2c sorts by HITM (its default display, "tot"); then coherence misses, then address */
static int c2c_line_cmp(const void *x, const void *y)
{
	const skl_c2c_line *a = x, *b = y;
	if (a->hitm != b->hitm)
		return a->hitm > b->hitm ? -1 : 1;
	if (a->coherence != b->coherence)
		return a->coherence > b->coherence ? -1 : 1;
	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

void skl_c2c_free(skl_c2c *c)
{
	int i;
	if (!c)
		return;
	for (i = 0; i < c->nlines; i++)
		skl_free(c->lines[i].members);
	skl_free(c->lines);
	skl_free(c);
}

/* Fills line l from the rows [r0, r1) of one machine line; 0 when nobody contended for it. */
static int c2c_line(skl_c2c_line *l, const row *const *rows, int r0, int r1)
{
	int i, j, n = r1 - r0;
	memset(l, 0, sizeof(*l));
	l->addr = rows[r0]->lineaddr;
	l->lineno = rows[r0]->lineno;
	l->line_offset = rows[r0]->lstart;
	snprintf(l->owner, sizeof(l->owner), "%s", rows[r0]->a.owner);
	for (i = r0; i < r1; i++) {
		const skl_cachesim_attr *a = &rows[i]->a;
		l->reads += a->reads;
		l->writes += a->writes;
		l->coherence += a->coherence;
		l->hitm += a->hitm;
		l->cycles += a->cycles;
		l->cpus_read |= a->cpus_read;
		l->cpus_wrote |= a->cpus_wrote;
		add_cpus(l->cpu_reads, a->cpu_reads);
		add_cpus(l->cpu_writes, a->cpu_writes);
	}
	if (!l->coherence && !l->hitm)
		return 0;
	l->members = skl_calloc((size_t)n, sizeof(*l->members));
	if (!l->members)
		return -1;
	l->nmembers = n;
	for (i = 0; i < n; i++) {
		const skl_cachesim_attr *a = &rows[r0 + i]->a;
		skl_c2c_member *m = &l->members[i];
		uint64_t cpus = a->cpus_read | a->cpus_wrote;
		snprintf(m->member, sizeof(m->member), "%s", strchr(a->member, '|') + 1);
		m->offset = a->offset;
		m->size = a->size;
		m->reads = a->reads;
		m->writes = a->writes;
		m->coherence = a->coherence;
		m->hitm = a->hitm;
		m->cpus_read = a->cpus_read;
		m->cpus_wrote = a->cpus_wrote;
		memcpy(m->cpu_reads, a->cpu_reads, sizeof(m->cpu_reads));
		memcpy(m->cpu_writes, a->cpu_writes, sizeof(m->cpu_writes));
		/* true sharing: two CPUs on this member, one writing */
		if (popcount64(cpus) > 1 && a->cpus_wrote)
			l->true_sharing = 1;
	}
	/* false sharing: another CPU's member beside a written one */
	for (i = 0; i < n && !l->false_sharing; i++)
		for (j = 0; j < n; j++) {
			const skl_c2c_member *x = &l->members[i], *y = &l->members[j];
			if (i != j && x->cpus_wrote && ((y->cpus_read | y->cpus_wrote) & ~x->cpus_wrote))
				l->false_sharing = 1;
		}
	return 1;
}

skl_c2c *skl_kernel_c2c(const skl_kernel *k)
{
	const struct skl__access *acc = k->acc;
	skl_c2c *c = skl_calloc(1, sizeof(*c));
	const row **idx = NULL;
	int i, n = 0, start;
	if (!c)
		return NULL;
	if (!acc || !acc->smp)
		return c;
	c->ncpus = skl_cachesim_smp_ncpus(acc->smp);
	c->line = acc->line;
	snprintf(c->title, sizeof(c->title), "%s", acc->desc.title);
	c->truncated = acc->c2c.other >= 0;
	if (!acc->c2c.n)
		return c;
	idx = skl_calloc((size_t)acc->c2c.n, sizeof(*idx));
	c->lines = skl_calloc((size_t)acc->c2c.n, sizeof(*c->lines));
	if (!idx || !c->lines)
		goto fail;
	for (i = 0; i < acc->c2c.n; i++) {
		const skl_cachesim_attr *a = &acc->c2c.rows[i].a;
		if (!strchr(a->member, '|'))
			continue; /* past SKL_ATTR_MAX rows: "(other)" */
		idx[n++] = &acc->c2c.rows[i];
		c->reads += a->reads;
		c->writes += a->writes;
		c->coherence += a->coherence;
		c->hitm += a->hitm;
	}
	c->accesses = c->reads + c->writes;
	qsort(idx, (size_t)n, sizeof(*idx), c2c_row_cmp);
	for (start = 0, i = 1; n && i <= n; i++) {
		int rc;
		if (i < n && idx[i]->lineaddr == idx[start]->lineaddr)
			continue;
		c->lines_seen++;
		rc = c2c_line(&c->lines[c->nlines], idx, start, i);
		if (rc < 0)
			goto fail;
		c->nlines += rc;
		start = i;
	}
	qsort(c->lines, (size_t)c->nlines, sizeof(*c->lines), c2c_line_cmp);
	skl_free(idx);
	return c;
fail:
	skl_free(idx);
	skl_c2c_free(c);
	return NULL;
}
