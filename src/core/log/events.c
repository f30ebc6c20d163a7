/*
 * events.c - the event log. Appends, never rewrites; owns its strings and
 * the objects shown. No clock, no globals.
 *
 * Storage is compact, because a run can log millions of allocations: an
 * event is a 16-byte record (address, size, kind, ok and a "context": the
 * interned tuple of its four strings) in chunks of 1024 that never move.
 * Every string is stored once, in blocks that never move; a tuple of
 * string ids is stored once too, so a million ALLOC events of one cache
 * from one line share one tuple. What does not fit (SHOW's objects and
 * highlights, a size over 32 bits, an ok other than 0 or 1) goes to an
 * extension record the event points to.
 *
 * skl_events_at() hands out the public skl_event, which is decoded from
 * the record the first time its chunk is asked for and kept with the log,
 * so its pointer stays valid as long as the log does. The dump and the
 * frames decode on the fly and add nothing.
 */
#include "sklab/events.h"
#include "sklab/budget.h"
#include "sklab/cachesim_snap.h"
#include "sklab/kernel.h"

#include <stdio.h>
#include <string.h>

#define CHUNK_BITS 10
#define CHUNK (1 << CHUNK_BITS)
#define STR_BLOCK 16384 /* bytes per string block; longer strings get their own */

/* info: kind (5 bits) | ok << 5 | EXT << 6 | context id << 7 */
#define I_KIND(i) ((skl_event_kind)((i)&31u))
#define I_OK(i) (((i) >> 5) & 1u)
#define I_EXT 0x40u
#define I_CTX(i) ((i) >> 7)
#define CTX_MAX ((1u << 25) - 1)

_Static_assert(SKL_EV_KIND_COUNT_ <= 32, "an event kind must fit in 5 bits");

typedef struct rec {
	uint64_t addr;
	uint32_t size; /* with I_EXT: the index of the extension record */
	uint32_t info;
} rec;

_Static_assert(sizeof(rec) == 16, "an event record is 16 bytes");

/* An event's strings as ids (0 = NULL) */
typedef struct tuple {
	uint32_t text, text2, text3, where;
} tuple;

typedef struct ext {
	uint64_t size;
	int ok;
	tuple t;
	int *objs; /* SHOW: owned */
	int nobjs;
	char **highlight; /* SHOW: owned, each string owned */
	int nhighlight;
} ext;

typedef struct chunk {
	rec *r;
	skl_event *view; /* decoded records for skl_events_at(), or NULL */
	int nview;	 /* how many of them are decoded */
	int step0;	 /* STEP events before the chunk's first event */
} chunk;

/* Open addressing over ids (0 = empty), load at most 1/2. */
typedef struct idset {
	uint32_t *slot;
	uint32_t cap; /* a power of two, or 0 */
} idset;

struct skl_events {
	chunk *chunks;
	int nchunks, capchunks;
	int n;
	ext *ext;
	int next, capext;
	/* strings: id -> string; id 0 is NULL */
	char **str;
	uint32_t nstr, capstr;
	idset strset;
	char *blk; /* the current block and its free bytes */
	size_t blk_left;
	char **blocks;
	int nblocks, capblocks;
	/* tuples: id -> tuple; id 0 is unused */
	tuple *tup;
	uint32_t ntup, captup;
	idset tupset;
	uint32_t last_tup;
	uint32_t memo[4]; /* the last id of each tuple position */
	skl_obj *objs;
	int nobjs, capobjs;
	int steps;
	size_t max_events;
	struct skl_budget *budget; /* charged for records and text (skl_events_set_budget) */
	uint64_t charged;
	char where[256];
	size_t where_len;
	uint32_t where_id; /* log->where interned, 0 = not yet */
	/* struct sk_buff layouts the skb objects point to: one copy per layout
	 * shown (per machine), not one per frame */
	skl_layout **types;
	int ntypes;
	const skl_layout *types_src; /* the latest one copied, and its copy */
	skl_layout *types_copy;
	/* skl_events_get's memo: the step of the event it decoded last, so a
	 * walk forward or back costs no scan (-1 = none) */
	int memo_i, memo_step;
};

/* ---- strings and tuples ------------------------------------------------------ */

static uint32_t hash_str(const char *s, size_t *len)
{
	uint32_t h = 2166136261u;
	const char *p = s;
	while (*p)
		h = (h ^ (uint8_t)*p++) * 16777619u;
	*len = (size_t)(p - s);
	return h;
}

static uint32_t hash_tuple(const tuple *t)
{
	uint64_t h = ((uint64_t)t->text * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)t->text2 * 0xc2b2ae3d27d4eb4full) ^
		     ((uint64_t)t->text3 * 0x165667b19e3779f9ull) ^ ((uint64_t)t->where * 0x27d4eb2f165667c5ull);
	return (uint32_t)(h ^ (h >> 29));
}

static void idset_free(idset *s)
{
	skl_free(s->slot);
	s->slot = NULL;
	s->cap = 0;
}

/* Room for one more id; rehashes with hash_of(id). -1 when out of memory. */
static int idset_room(skl_events *log, idset *s, uint32_t count, uint32_t (*hash_of)(const skl_events *, uint32_t))
{
	uint32_t nc, i, *d;
	if (s->cap && (count + 1) * 2 <= s->cap)
		return 0;
	nc = s->cap ? s->cap * 2 : 256;
	d = skl_calloc(nc, sizeof(*d));
	if (!d)
		return -1;
	for (i = 0; i < s->cap; i++) {
		uint32_t id = s->slot[i], h;
		if (!id)
			continue;
		h = hash_of(log, id) & (nc - 1);
		while (d[h])
			h = (h + 1) & (nc - 1);
		d[h] = id;
	}
	skl_free(s->slot);
	s->slot = d;
	s->cap = nc;
	return 0;
}

static uint32_t str_hash_of(const skl_events *log, uint32_t id)
{
	size_t len;
	return hash_str(log->str[id], &len);
}

static uint32_t tup_hash_of(const skl_events *log, uint32_t id)
{
	return hash_tuple(&log->tup[id]);
}

/* Charges the log's budget for bytes more of records or text: 0 or -1. */
static int log_charge(skl_events *log, uint64_t bytes)
{
	if (skl_budget_charge(log->budget, bytes, "the event log") < 0)
		return -1;
	log->charged += bytes;
	return 0;
}

/* A copy of s[0..len] in a block that never moves; NULL when out of memory
 * or over the budget. */
static char *str_store(skl_events *log, const char *s, size_t len)
{
	char *d;
	if (skl_grow(&log->blocks, &log->capblocks, log->nblocks, 8, sizeof(*log->blocks)) < 0)
		return NULL;
	if (len + 1 > STR_BLOCK / 4) { /* a long string: a block of its own */
		if (log_charge(log, len + 1) < 0)
			return NULL;
		d = skl_malloc(len + 1);
		if (!d)
			return NULL;
		log->blocks[log->nblocks++] = d;
	} else {
		if (len + 1 > log->blk_left) {
			char *b;
			if (log_charge(log, STR_BLOCK) < 0)
				return NULL;
			b = skl_malloc(STR_BLOCK);
			if (!b)
				return NULL;
			log->blocks[log->nblocks++] = b;
			log->blk = b;
			log->blk_left = STR_BLOCK;
		}
		d = log->blk;
		log->blk += len + 1;
		log->blk_left -= len + 1;
	}
	memcpy(d, s, len);
	d[len] = 0;
	return d;
}

/* The id of s (0 for NULL), interning it; -1 (as uint32_t) when out of memory. */
static uint32_t intern(skl_events *log, const char *s, int role)
{
	uint32_t h, id, m = log->memo[role];
	size_t len;
	char *d;
	if (!s)
		return 0;
	if (m && log->str[m][0] == s[0] && !strcmp(log->str[m], s))
		return m;
	h = hash_str(s, &len);
	if (log->strset.cap) {
		uint32_t i = h & (log->strset.cap - 1);
		while ((id = log->strset.slot[i]) != 0) {
			if (!strcmp(log->str[id], s))
				return log->memo[role] = id;
			i = (i + 1) & (log->strset.cap - 1);
		}
	}
	if (log->nstr + 1 >= log->capstr) {
		uint32_t nc = log->capstr ? log->capstr * 2 : 64;
		char **t = skl_realloc(log->str, (size_t)nc * sizeof(*t));
		if (!t)
			return (uint32_t)-1;
		if (!log->capstr)
			t[0] = NULL;
		log->str = t;
		log->capstr = nc;
	}
	if (!log->nstr)
		log->nstr = 1; /* id 0 is NULL */
	if (idset_room(log, &log->strset, log->nstr, str_hash_of) < 0)
		return (uint32_t)-1;
	d = str_store(log, s, len);
	if (!d)
		return (uint32_t)-1;
	id = log->nstr++;
	log->str[id] = d;
	{
		uint32_t i = h & (log->strset.cap - 1);
		while (log->strset.slot[i])
			i = (i + 1) & (log->strset.cap - 1);
		log->strset.slot[i] = id;
	}
	return log->memo[role] = id;
}

static int tuple_eq(const tuple *a, const tuple *b)
{
	return a->text == b->text && a->text2 == b->text2 && a->text3 == b->text3 && a->where == b->where;
}

/* The id of t, interning it; 0 when out of memory. */
static uint32_t intern_tuple(skl_events *log, const tuple *t)
{
	uint32_t h, id, i;
	if (log->last_tup && tuple_eq(&log->tup[log->last_tup], t))
		return log->last_tup;
	h = hash_tuple(t);
	if (log->tupset.cap) {
		for (i = h & (log->tupset.cap - 1); (id = log->tupset.slot[i]) != 0;
		     i = (i + 1) & (log->tupset.cap - 1))
			if (tuple_eq(&log->tup[id], t))
				return log->last_tup = id;
	}
	if (log->ntup + 1 >= log->captup) {
		uint32_t nc = log->captup ? log->captup * 2 : 64;
		tuple *d = skl_realloc(log->tup, (size_t)nc * sizeof(*d));
		if (!d)
			return 0;
		log->tup = d;
		log->captup = nc;
	}
	if (!log->ntup)
		log->ntup = 1; /* id 0 is unused */
	if (idset_room(log, &log->tupset, log->ntup, tup_hash_of) < 0)
		return 0;
	id = log->ntup++;
	log->tup[id] = *t;
	for (i = h & (log->tupset.cap - 1); log->tupset.slot[i]; i = (i + 1) & (log->tupset.cap - 1))
		;
	log->tupset.slot[i] = id;
	return log->last_tup = id;
}

/* ---- appending ------------------------------------------------------------------ */

/* One event as the appenders give it. Strings are borrowed (interned by
 * push); objs and highlight are owned by the log once push succeeds. */
typedef struct ev_in {
	skl_event_kind kind;
	int ok;
	const char *text, *text2, *text3;
	const char *where; /* NULL: the log's current location */
	int use_log_where;
	uint64_t addr, size;
	int *objs;
	int nobjs;
	char **highlight;
	int nhighlight;
} ev_in;

static void ev_in_init(ev_in *in, skl_event_kind kind, const char *where)
{
	in->kind = kind;
	in->ok = 0;
	in->text = in->text2 = in->text3 = NULL;
	in->where = where ? where : "";
	in->use_log_where = 0;
	in->addr = in->size = 0;
	in->objs = NULL;
	in->nobjs = 0;
	in->highlight = NULL;
	in->nhighlight = 0;
}

/* Appends; 0, or -1 when out of memory or over the limit (nothing is
 * appended then and objs/highlight stay the caller's). */
static int push(skl_events *log, const ev_in *in)
{
	tuple t;
	rec *r;
	uint32_t ctx = 0;
	int need_ext;
	if (log->max_events && (size_t)log->n >= log->max_events)
		return -1;
	if (log->n == INT32_MAX)
		return -1;
	if ((log->n & (CHUNK - 1)) == 0 && (log->n >> CHUNK_BITS) == log->nchunks) {
		chunk *c;
		if (skl_grow(&log->chunks, &log->capchunks, log->nchunks, 16, sizeof(*log->chunks)) < 0)
			return -1;
		c = &log->chunks[log->nchunks];
		if (log_charge(log, CHUNK * sizeof(rec)) < 0)
			return -1;
		c->r = skl_malloc(CHUNK * sizeof(rec));
		if (!c->r)
			return -1;
		c->view = NULL;
		c->nview = 0;
		c->step0 = log->steps;
		log->nchunks++;
	}
	if (in->use_log_where) {
		if (!log->where_id) {
			uint32_t w = intern(log, log->where, 3);
			if (w == (uint32_t)-1)
				return -1;
			log->where_id = w;
		}
		t.where = log->where_id;
	} else {
		t.where = intern(log, in->where, 3);
	}
	t.text = in->text ? intern(log, in->text, 0) : 0;
	t.text2 = in->text2 ? intern(log, in->text2, 1) : 0;
	t.text3 = in->text3 ? intern(log, in->text3, 2) : 0;
	if (t.where == (uint32_t)-1 || t.text == (uint32_t)-1 || t.text2 == (uint32_t)-1 || t.text3 == (uint32_t)-1)
		return -1;
	need_ext = in->objs || in->highlight || in->size > UINT32_MAX || (in->ok != 0 && in->ok != 1);
	if (!need_ext) {
		ctx = intern_tuple(log, &t);
		if (!ctx)
			return -1;
		need_ext = ctx > CTX_MAX;
	}
	r = &log->chunks[log->n >> CHUNK_BITS].r[log->n & (CHUNK - 1)];
	r->addr = in->addr;
	if (need_ext) {
		ext *x;
		if (skl_grow(&log->ext, &log->capext, log->next, 16, sizeof(*log->ext)) < 0)
			return -1;
		x = &log->ext[log->next];
		x->size = in->size;
		x->ok = in->ok;
		x->t = t;
		x->objs = in->objs;
		x->nobjs = in->nobjs;
		x->highlight = in->highlight;
		x->nhighlight = in->nhighlight;
		r->size = (uint32_t)log->next++;
		r->info = (uint32_t)in->kind | I_EXT;
	} else {
		r->size = (uint32_t)in->size;
		r->info = (uint32_t)in->kind | (uint32_t)in->ok << 5 | ctx << 7;
	}
	if (in->kind == SKL_EV_STEP)
		log->steps++;
	log->n++;
	return 0;
}

/* Decodes event i into *e (step as given: the caller counts them). */
static void decode(const skl_events *log, int i, int step, skl_event *e)
{
	const rec *r = &log->chunks[i >> CHUNK_BITS].r[i & (CHUNK - 1)];
	const tuple *t;
	memset(e, 0, sizeof(*e));
	e->kind = I_KIND(r->info);
	e->seq = i;
	e->step = step;
	e->addr = r->addr;
	if (r->info & I_EXT) {
		const ext *x = &log->ext[r->size];
		t = &x->t;
		e->ok = x->ok;
		e->size = x->size;
		e->objs = x->objs;
		e->nobjs = x->nobjs;
		e->highlight = x->highlight;
		e->nhighlight = x->nhighlight;
	} else {
		t = &log->tup[I_CTX(r->info)];
		e->ok = (int)I_OK(r->info);
		e->size = r->size;
	}
	e->text = log->str[t->text];
	e->text2 = log->str[t->text2];
	e->text3 = log->str[t->text3];
	e->where = log->str[t->where];
}

static skl_event_kind kind_at(const skl_events *log, int i)
{
	return I_KIND(log->chunks[i >> CHUNK_BITS].r[i & (CHUNK - 1)].info);
}

/* ---- the log ----------------------------------------------------------------------- */

skl_events *skl_events_new(size_t max_events)
{
	skl_events *log = skl_calloc(1, sizeof(*log));
	if (log) {
		log->max_events = max_events;
		log->memo_i = -1;
	}
	return log;
}

void skl_events_set_budget(skl_events *log, struct skl_budget *b)
{
	log->budget = b;
}

void skl_events_free(skl_events *log)
{
	int i, j;
	if (!log)
		return;
	for (i = 0; i < log->next; i++) {
		skl_free(log->ext[i].objs);
		for (j = 0; j < log->ext[i].nhighlight; j++)
			skl_free(log->ext[i].highlight[j]);
		skl_free(log->ext[i].highlight);
	}
	skl_free(log->ext);
	for (i = 0; i < log->nchunks; i++) {
		skl_free(log->chunks[i].r);
		skl_free(log->chunks[i].view);
	}
	skl_free(log->chunks);
	for (i = 0; i < log->nblocks; i++)
		skl_free(log->blocks[i]);
	skl_free(log->blocks);
	skl_free(log->str);
	idset_free(&log->strset);
	skl_free(log->tup);
	idset_free(&log->tupset);
	for (i = 0; i < log->ntypes; i++)
		skl_layout_free(log->types[i]);
	skl_free(log->types);
	for (i = 0; i < log->nobjs; i++) {
		if (log->objs[i].kind != SKL_OBJ_SKB) /* those point into log->types */
			skl_layout_free(log->objs[i].layout);
		skl_kernel_snap_free(log->objs[i].kernel);
		skl_chart_free(log->objs[i].chart);
		skl_cachesim_snap_free(log->objs[i].cgrid);
		skl_heat_free(log->objs[i].heat);
		skl_c2c_free(log->objs[i].c2c);
		skl_free(log->objs[i].title);
		skl_free(log->objs[i].skbs);
		skl_free(log->objs[i].view);
		skl_free(log->objs[i].text);
		for (j = 0; j < log->objs[i].nmarks; j++)
			skl_free(log->objs[i].marks[j]);
		skl_free(log->objs[i].marks);
	}
	skl_free(log->objs);
	skl_budget_uncharge(log->budget, log->charged);
	skl_free(log);
}

static int text_event(skl_events *log, skl_event_kind kind, const char *text, const char *where)
{
	ev_in in;
	ev_in_init(&in, kind, where);
	in.text = text ? text : "";
	return push(log, &in);
}

int skl_events_scenario(skl_events *log, const char *title, const char *goal, const char *profile, const char *where)
{
	ev_in in;
	ev_in_init(&in, SKL_EV_SCENARIO, where);
	in.text = title ? title : "";
	in.text2 = goal ? goal : "";
	in.text3 = profile ? profile : "";
	return push(log, &in);
}

int skl_events_step(skl_events *log, const char *caption, const char *where)
{
	return text_event(log, SKL_EV_STEP, caption, where);
}

static int obj_room(skl_events *log, int n)
{
	if (log->nobjs + n > log->capobjs) {
		int nc = log->capobjs ? log->capobjs : 16;
		skl_obj *d;
		while (nc < log->nobjs + n)
			nc *= 2;
		d = skl_realloc(log->objs, (size_t)nc * sizeof(*d));
		if (!d)
			return -1;
		log->objs = d;
		log->capobjs = nc;
	}
	return 0;
}

/* A SHOW of n new objects (log->objs[log->nobjs...], which the caller fills
 * after a success); with highlights copied. -1: nothing changed. */
static int show_n(skl_events *log, int n, const char *const *highlight, int nhighlight, const char *where)
{
	ev_in in;
	int i;
	if (n < 0 || obj_room(log, n) < 0)
		return -1;
	ev_in_init(&in, SKL_EV_SHOW, where);
	in.objs = skl_calloc((size_t)(n ? n : 1), sizeof(int));
	if (!in.objs)
		return -1;
	for (i = 0; i < n; i++)
		in.objs[i] = log->nobjs + i;
	in.nobjs = n;
	if (nhighlight > 0) {
		in.highlight = skl_calloc((size_t)nhighlight, sizeof(char *));
		if (!in.highlight)
			goto fail;
		for (i = 0; i < nhighlight; i++) {
			in.highlight[i] = skl_strdup(highlight[i]);
			if (!in.highlight[i])
				goto fail;
			in.nhighlight = i + 1;
		}
	}
	if (push(log, &in) < 0)
		goto fail;
	for (i = 0; i < n; i++)
		memset(&log->objs[log->nobjs + i], 0, sizeof(skl_obj));
	return 0;
fail:
	for (i = 0; i < in.nhighlight; i++)
		skl_free(in.highlight[i]);
	skl_free(in.highlight);
	skl_free(in.objs);
	return -1;
}

static int show_layouts(skl_events *log, skl_layout **layouts, int n, const char *const *highlight, int nhighlight,
			const char *where)
{
	int i;
	if (show_n(log, n, highlight, nhighlight, where) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		skl_obj *o = &log->objs[log->nobjs++];
		o->kind = SKL_OBJ_LAYOUT;
		o->layout = layouts[i];
		o->view = skl_strdup("layout");
	}
	return 0;
}

/* lines of a text (a last line without a newline counts) */
static int text_lines(const char *t)
{
	int n = 0;
	for (; t && *t; t++)
		if (*t == '\n' || !t[1])
			n++;
	return n;
}

/* fills a SHOW's object with a copy of the panel; -1 when out of memory
 * (the object then holds what was copied, freed with the log) */
static int text_obj(skl_obj *o, const skl_text_panel *t)
{
	int i;
	o->kind = SKL_OBJ_TEXT;
	o->view = skl_strdup("report");
	o->text = skl_strdup(t->text ? t->text : "");
	o->title = skl_strdup(t->title ? t->title : "kernel log");
	if (!o->view || !o->text || !o->title)
		return -1;
	if (t->nmarks > 0) {
		o->marks = skl_calloc((size_t)t->nmarks, sizeof(char *));
		if (!o->marks)
			return -1;
		for (i = 0; i < t->nmarks; i++) {
			if (!(o->marks[i] = skl_strdup(t->marks[i] ? t->marks[i] : "")))
				return -1;
			o->nmarks = i + 1;
		}
	}
	return 0;
}

static int show_kernels(skl_events *log, struct skl_kernel_snap **snaps, const char *const *titles, int n,
			const char *view, const skl_text_panel *text, const char *where)
{
	int i;
	if (n < 1 || show_n(log, n + (text != NULL), NULL, 0, where) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		skl_obj *o = &log->objs[log->nobjs++];
		o->kind = SKL_OBJ_KERNEL;
		o->kernel = snaps[i];
		o->view = skl_strdup(view ? view : "slab");
		o->title = titles && titles[i] ? skl_strdup(titles[i]) : NULL;
	}
	if (text && text_obj(&log->objs[log->nobjs++], text) < 0)
		return -1;
	return 0;
}

static int show_text(skl_events *log, const skl_text_panel *text, const char *where)
{
	if (!text || show_n(log, 1, NULL, 0, where) < 0)
		return -1;
	return text_obj(&log->objs[log->nobjs++], text);
}

void skl_chart_free(skl_chart *c)
{
	int i;
	if (!c)
		return;
	for (i = 0; i < c->nseries; i++) {
		skl_free(c->series[i].name);
		skl_free(c->series[i].x);
		skl_free(c->series[i].y);
		skl_free(c->series[i].lo);
		skl_free(c->series[i].hi);
	}
	for (i = 0; i < c->nxlabels; i++)
		skl_free(c->xlabels[i]);
	skl_free(c->xlabels);
	skl_free(c->series);
	skl_free(c->title);
	skl_free(c->xlabel);
	skl_free(c->ylabel);
	skl_free(c);
}

static int show_chart(skl_events *log, skl_chart *chart, const char *where)
{
	skl_obj *o;
	if (show_n(log, 1, NULL, 0, where) < 0)
		return -1;
	o = &log->objs[log->nobjs++];
	o->kind = SKL_OBJ_CHART;
	o->chart = chart;
	o->view = skl_strdup("chart");
	return 0;
}

static int show_skbs(skl_events *log, const skl_skb_snap *snaps, int n, const skl_layout *type, int no_bytes,
		     const char *where)
{
	skl_obj *o;
	skl_skb_snap *copy;
	if (n < 1)
		return -1;
	if (type && type != log->types_src) {
		skl_layout **d = skl_realloc(log->types, (size_t)(log->ntypes + 1) * sizeof(*d));
		skl_layout *t = d ? skl_layout_clone(type) : NULL;
		if (d)
			log->types = d;
		if (!t)
			return -1;
		log->types[log->ntypes++] = t;
		log->types_src = type;
		log->types_copy = t;
	}
	copy = skl_malloc((size_t)n * sizeof(*snaps));
	if (!copy)
		return -1;
	memcpy(copy, snaps, (size_t)n * sizeof(*snaps));
	if (show_n(log, 1, NULL, 0, where) < 0) {
		skl_free(copy);
		return -1;
	}
	o = &log->objs[log->nobjs++];
	o->kind = SKL_OBJ_SKB;
	o->skbs = copy;
	o->nskbs = n;
	o->skb_no_bytes = no_bytes;
	o->layout = type ? log->types_copy : NULL;
	o->view = skl_strdup("skb");
	return 0;
}

/* A SHOW of one new object; NULL when out of memory or over the limit. */
static skl_obj *show_one(skl_events *log, skl_obj_kind kind, const char *view, const char *where)
{
	skl_obj *o;
	if (show_n(log, 1, NULL, 0, where) < 0)
		return NULL;
	o = &log->objs[log->nobjs++];
	o->kind = kind;
	o->view = skl_strdup(view);
	if (!o->view)
		return NULL;
	return o;
}

static int show_cachesim(skl_events *log, struct skl_cachesim_snap *snap, const char *title, const char *where)
{
	skl_obj *o = show_one(log, SKL_OBJ_CACHE, "cache", where);
	if (!o) {
		skl_cachesim_snap_free(snap);
		return -1;
	}
	o->cgrid = snap;
	o->title = title ? skl_strdup(title) : NULL;
	return 0;
}

static int show_heat(skl_events *log, skl_layout *layout, struct skl_heat *heat, const char *where)
{
	skl_obj *o = show_one(log, SKL_OBJ_LAYOUT, "layout", where);
	if (!o) {
		skl_layout_free(layout);
		skl_heat_free(heat);
		return -1;
	}
	o->layout = layout;
	o->heat = heat;
	return 0;
}

static int show_c2c(skl_events *log, struct skl_c2c *c2c, const char *title, int lines, const char *where)
{
	skl_obj *o = show_one(log, SKL_OBJ_C2C, "c2c", where);
	if (!o) {
		skl_c2c_free(c2c);
		return -1;
	}
	o->c2c = c2c;
	o->c2c_lines = lines > 0 ? lines : 0;
	o->title = title ? skl_strdup(title) : NULL;
	return title && !o->title ? -1 : 0;
}

/* About the host bytes a SHOW hands the log: a machine's snapshot (its
 * caches, slabs and objects) or a chart's points. What the log keeps
 * once shown is charged to its budget. */
static uint64_t show_bytes(const skl_show *what)
{
	uint64_t b = 0;
	int i, j;
	if (what->kind == SKL_SHOW_KERNELS) {
		for (i = 0; what->kernels && i < what->n; i++) {
			const skl_kernel_snap *k = what->kernels[i];
			b += sizeof(*k) + (uint64_t)k->ncaches * sizeof(*k->caches);
			for (j = 0; j < k->ncaches; j++) {
				const skl_cache_snap *c = &k->caches[j];
				int m;
				if (c->type) /* its layout's copy */
					b += 256 + (uint64_t)c->type->nfields * (sizeof(skl_field) + 96);
				/* each slab's object arrays, and what malloc adds to each */
				for (m = 0; m < c->nslabs; m++)
					b += sizeof(c->slabs[m]) + 3 * (uint64_t)c->slabs[m].nobjs + 32;
				b += 64;
			}
		}
	} else if (what->kind == SKL_SHOW_CHART && what->chart) {
		b = sizeof(*what->chart);
		for (i = 0; i < what->chart->nseries; i++)
			b += sizeof(what->chart->series[i]) + 2 * sizeof(double) * (uint64_t)what->chart->series[i].n;
	} else if (what->kind == SKL_SHOW_C2C && what->c2c) {
		b = sizeof(*what->c2c) + (uint64_t)what->c2c->nlines * sizeof(*what->c2c->lines);
		for (i = 0; i < what->c2c->nlines; i++)
			b += (uint64_t)what->c2c->lines[i].nmembers * sizeof(*what->c2c->lines[i].members) + 32;
	}
	return b;
}

int skl_events_show(skl_events *log, const skl_show *what, const char *where)
{
	if (!what)
		return -1;
	/* a refusal leaves the snapshot or chart with the caller, as any
	 * failure of these two does */
	if ((what->kind == SKL_SHOW_KERNELS || what->kind == SKL_SHOW_CHART) && log_charge(log, show_bytes(what)) < 0)
		return -1;
	/* c2c's lines are taken either way: freed at once on a refusal */
	if (what->kind == SKL_SHOW_C2C && log_charge(log, show_bytes(what)) < 0) {
		skl_c2c_free(what->c2c);
		return -1;
	}
	switch (what->kind) {
	case SKL_SHOW_LAYOUTS:
		return show_layouts(log, what->layouts, what->n, what->highlight, what->nhighlight, where);
	case SKL_SHOW_KERNELS:
		return show_kernels(log, what->kernels, what->titles, what->n, what->view, what->text, where);
	case SKL_SHOW_TEXT:
		return show_text(log, what->text, where);
	case SKL_SHOW_SKBS:
		return show_skbs(log, what->skbs, what->n, what->skb_type, what->skb_no_bytes, where);
	case SKL_SHOW_CHART:
		return show_chart(log, what->chart, where);
	case SKL_SHOW_CACHESIM:
		return show_cachesim(log, what->cachesim, what->title, where);
	case SKL_SHOW_HEAT:
		return show_heat(log, what->layout, what->heat, where);
	case SKL_SHOW_C2C:
		return show_c2c(log, what->c2c, what->title, what->lines, where);
	}
	return -1;
}

int skl_events_access(skl_events *log, uint64_t addr, uint64_t size, int write, const char *what, const char *src,
		      const char *result, const char *where)
{
	ev_in in;
	if (!log)
		return 0;
	ev_in_init(&in, SKL_EV_ACCESS, where);
	in.use_log_where = !where;
	in.ok = write;
	in.addr = addr;
	in.size = size;
	in.text = what ? what : "";
	in.text2 = src ? src : "";
	in.text3 = result ? result : "";
	return push(log, &in);
}

void skl_heat_free(skl_heat *h)
{
	if (!h)
		return;
	skl_free(h->value);
	skl_free(h->cpus);
	skl_free(h->lines);
	skl_free(h);
}

const char *skl_events_where(const skl_events *log)
{
	return log->where;
}

void skl_events_set_where(skl_events *log, const char *where)
{
	size_t n = where ? strlen(where) : 0;
	if (n > sizeof(log->where) - 1)
		n = sizeof(log->where) - 1;
	if (n == log->where_len && !memcmp(log->where, where ? where : "", n))
		return;
	if (n)
		memcpy(log->where, where, n);
	log->where[n] = 0;
	log->where_len = n;
	log->where_id = 0;
}

int skl_events_op(skl_events *log, skl_event_kind kind, const char *cache, uint64_t addr, uint64_t size,
		  const char *detail, const char *where)
{
	ev_in in;
	if (!log)
		return 0;
	ev_in_init(&in, kind, where);
	in.use_log_where = !where;
	in.text = cache ? cache : "";
	in.text2 = detail;
	in.addr = addr;
	in.size = size;
	return push(log, &in);
}

int skl_events_expect(skl_events *log, int ok, const char *msg, const char *where)
{
	ev_in in;
	ev_in_init(&in, SKL_EV_EXPECT, where);
	in.ok = ok;
	in.text = msg ? msg : "";
	return push(log, &in);
}

int skl_events_print(skl_events *log, const char *text, const char *where)
{
	return text_event(log, SKL_EV_PRINT, text, where);
}

int skl_events_error(skl_events *log, const char *text, const char *where)
{
	return text_event(log, SKL_EV_ERROR, text, where);
}

int skl_events_count(const skl_events *log)
{
	return log->n;
}

/* The decoded event, kept with the log: the log is const to its readers,
 * but the decoded chunks are a cache of what it holds, filled on demand. */
const skl_event *skl_events_at(const skl_events *clog, int i)
{
	skl_events *log = (skl_events *)clog;
	chunk *c;
	int j;
	if (i < 0 || i >= log->n)
		return NULL;
	c = &log->chunks[i >> CHUNK_BITS];
	j = i & (CHUNK - 1);
	if (!c->view) {
		c->view = skl_malloc(CHUNK * sizeof(skl_event));
		if (!c->view)
			return NULL;
		c->nview = 0;
	}
	while (c->nview <= j) {
		int k = c->nview, step = c->step0;
		if (k > 0)
			step = c->view[k - 1].step + (c->view[k - 1].kind == SKL_EV_STEP);
		decode(log, (i & ~(CHUNK - 1)) + k, step, &c->view[k]);
		c->nview++;
	}
	return &c->view[j];
}

skl_event_kind skl_events_kind(const skl_events *log, int i)
{
	return i >= 0 && i < log->n ? kind_at(log, i) : SKL_EV_KIND_COUNT_;
}

int skl_events_stop_interrupt(void *ud, char *why, size_t whysz)
{
	skl_events_stop *st = ud;
	int n = skl_events_count(st->log);
	for (; st->seen < n; st->seen++)
		st->steps += skl_events_kind(st->log, st->seen) == SKL_EV_STEP;
	if (st->steps < st->stop)
		return 0;
	snprintf(why, whysz, "stopped after step %d", st->stop);
	return 1;
}

/* The number of STEP events before event i: from the memo when i is next
 * to the event decoded last, else counted from i's chunk. */
static int step_of(const skl_events *log, int i)
{
	int j, step;
	if (log->memo_i >= 0 && i == log->memo_i + 1)
		return log->memo_step + (kind_at(log, log->memo_i) == SKL_EV_STEP);
	if (log->memo_i >= 0 && i == log->memo_i)
		return log->memo_step;
	if (log->memo_i >= 0 && i == log->memo_i - 1)
		return log->memo_step - (kind_at(log, i) == SKL_EV_STEP);
	step = log->chunks[i >> CHUNK_BITS].step0;
	for (j = i & ~(CHUNK - 1); j < i; j++)
		step += kind_at(log, j) == SKL_EV_STEP;
	return step;
}

/* Decodes into the caller's event and keeps nothing (the memo aside: the
 * log is const to its readers, the memo a cache of what it holds). */
int skl_events_get(const skl_events *clog, int i, skl_event *out)
{
	skl_events *log = (skl_events *)clog;
	int step;
	if (i < 0 || i >= log->n) {
		memset(out, 0, sizeof(*out));
		return -1;
	}
	step = step_of(log, i);
	decode(log, i, step, out);
	log->memo_i = i;
	log->memo_step = step;
	return 0;
}

uint64_t skl_events_bytes(const skl_events *log)
{
	return log->charged;
}

const skl_obj *skl_events_obj(const skl_events *log, int i)
{
	return i >= 0 && i < log->nobjs ? &log->objs[i] : NULL;
}

static void frame_from(skl_frame *f, int n, const char *caption, const char *where, const skl_event *show, int last)
{
	f->index = n;
	f->caption = caption;
	f->where = where;
	f->objs = show ? show->objs : NULL;
	f->nobjs = show ? show->nobjs : 0;
	f->highlight = show ? (const char *const *)show->highlight : NULL;
	f->nhighlight = show ? show->nhighlight : 0;
	f->last_event = last;
}

int skl_events_frames(const skl_events *log, skl_frame **frames)
{
	int i, n = 0, cap = 8, steps = 0;
	skl_event show, e;
	int have_show = 0;
	int trailing = 0;
	skl_frame *f = skl_calloc((size_t)cap, sizeof(*f));
	if (!f)
		return -1;
	for (i = 0; i < log->n; i++) {
		skl_event_kind k = kind_at(log, i);
		if (k == SKL_EV_SHOW) {
			decode(log, i, steps, &show);
			have_show = 1;
			trailing = 1;
		} else if (k == SKL_EV_STEP) {
			if (n == cap) {
				skl_frame *d = skl_realloc(f, (size_t)cap * 2 * sizeof(*f));
				if (!d) {
					skl_free(f);
					return -1;
				}
				f = d;
				cap *= 2;
			}
			decode(log, i, steps, &e);
			frame_from(&f[n], n, e.text, e.where, have_show ? &show : NULL, i);
			n++;
			steps++;
			trailing = 0;
		}
	}
	if (trailing || n == 0) {
		if (n == cap) {
			skl_frame *d = skl_realloc(f, (size_t)(cap + 1) * sizeof(*f));
			if (!d) {
				skl_free(f);
				return -1;
			}
			f = d;
		}
		frame_from(&f[n], n, "", "", have_show ? &show : NULL, log->n - 1);
		n++;
	}
	*frames = f;
	return n;
}

const char *skl_event_kind_name(skl_event_kind k)
{
	switch (k) {
	case SKL_EV_SCENARIO:
		return "scenario";
	case SKL_EV_STEP:
		return "step";
	case SKL_EV_SHOW:
		return "show";
	case SKL_EV_EXPECT:
		return "expect";
	case SKL_EV_PRINT:
		return "print";
	case SKL_EV_ERROR:
		return "error";
	case SKL_EV_CACHE_CREATE:
		return "cache_create";
	case SKL_EV_CACHE_DESTROY:
		return "cache_destroy";
	case SKL_EV_GROW:
		return "grow";
	case SKL_EV_SLAB_FREE:
		return "slab_free";
	case SKL_EV_ALLOC:
		return "alloc";
	case SKL_EV_FREE:
		return "free";
	case SKL_EV_KMALLOC:
		return "kmalloc";
	case SKL_EV_KFREE:
		return "kfree";
	case SKL_EV_OOM:
		return "oom";
	case SKL_EV_BUG:
		return "bug";
	case SKL_EV_SKB_OP:
		return "skb";
	case SKL_EV_SKB_PANIC:
		return "panic";
	case SKL_EV_ACCESS:
		return "access";
	case SKL_EV_QUARANTINE:
		return "quarantine";
	case SKL_EV_PERCPU:
		return "percpu";
	case SKL_EV_KIND_COUNT_:
		break;
	}
	return "?";
}

void skl_events_dump(const skl_events *log, const skl_sink *out)
{
	int i, j, steps = 0;
	for (i = 0; i < log->n; i++) {
		skl_event ev;
		const skl_event *e = &ev;
		decode(log, i, steps, &ev);
		steps += ev.kind == SKL_EV_STEP;
		skl_sink_printf(out, "%4d step=%d %-8s", e->seq, e->step, skl_event_kind_name(e->kind));
		switch (e->kind) {
		case SKL_EV_SCENARIO:
			skl_sink_printf(out, " title=\"%s\" profile=%s", e->text, e->text3);
			break;
		case SKL_EV_SHOW:
			for (j = 0; j < e->nobjs; j++) {
				const skl_obj *o = &log->objs[e->objs[j]];
				if (o->kind == SKL_OBJ_LAYOUT)
					skl_sink_printf(out, " %s(%s, %llu bytes)", o->view, o->layout->name,
							(unsigned long long)o->layout->size);
				else if (o->kind == SKL_OBJ_KERNEL)
					skl_sink_printf(out, " %s(%s%s%s%s, %d caches)", o->view, o->kernel->profile,
							o->title ? " \"" : "", o->title ? o->title : "",
							o->title ? "\"" : "", o->kernel->ncaches);
				else if (o->kind == SKL_OBJ_CHART)
					skl_sink_printf(out, " %s(\"%s\", %d series)", o->view,
							o->chart->title ? o->chart->title : "", o->chart->nseries);
				else if (o->kind == SKL_OBJ_CACHE)
					skl_sink_printf(out, " %s(\"%s\", %d levels)", o->view, o->cgrid->title,
							o->cgrid->nlevels);
				else if (o->kind == SKL_OBJ_TEXT)
					skl_sink_printf(out, " %s(\"%s\", %d lines, %d marks)", o->view, o->title,
							text_lines(o->text), o->nmarks);
				else if (o->kind == SKL_OBJ_C2C)
					skl_sink_printf(out, " %s(\"%s\", %u cpus, %d lines)", o->view,
							o->title ? o->title : o->c2c->title, o->c2c->ncpus,
							o->c2c->nlines);
				else
					skl_sink_printf(out, " %s(%s, %d buffers)%s", o->view, o->skbs[0].name,
							o->nskbs, o->skb_no_bytes ? " bytes=off" : "");
				if (o->heat)
					skl_sink_printf(out, " heat(%s)", o->heat->label);
			}
			for (j = 0; j < e->nhighlight; j++)
				skl_sink_printf(out, "%s%s", j ? "," : " highlight=", e->highlight[j]);
			break;
		case SKL_EV_EXPECT:
			skl_sink_printf(out, " %s \"%s\"", e->ok ? "pass" : "FAIL", e->text);
			break;
		case SKL_EV_CACHE_CREATE:
		case SKL_EV_CACHE_DESTROY:
		case SKL_EV_GROW:
		case SKL_EV_SLAB_FREE:
		case SKL_EV_ALLOC:
		case SKL_EV_FREE:
		case SKL_EV_KMALLOC:
		case SKL_EV_KFREE:
		case SKL_EV_OOM:
		case SKL_EV_QUARANTINE:
		case SKL_EV_PERCPU:
			skl_sink_printf(out, " %s addr=%#llx size=%llu", e->text, (unsigned long long)e->addr,
					(unsigned long long)e->size);
			if (e->text2 && *e->text2)
				skl_sink_printf(out, " %s", e->text2);
			break;
		case SKL_EV_SKB_OP:
			skl_sink_printf(out, " %s(%llu) %s", e->text, (unsigned long long)e->size,
					e->text2 ? e->text2 : "");
			break;
		case SKL_EV_ACCESS:
			skl_sink_printf(out, " %s %s addr=%#llx size=%llu %s: %s", e->text2, e->ok ? "write" : "read",
					(unsigned long long)e->addr, (unsigned long long)e->size, e->text, e->text3);
			break;
		case SKL_EV_SKB_PANIC:
		case SKL_EV_BUG: {
			/* the report's first line that says something (SLUB opens with a rule) */
			const char *l = e->text2 ? e->text2 : "";
			for (;;) {
				const char *nl = strchr(l, '\n'), *c = l;
				while (*c == ' ')
					c++;
				/* rules ("=====", "------------[ cut here ]------------") and blank lines */
				if (!nl || (c < nl && *c != '=' && *c != '-'))
					break;
				l = nl + 1;
			}
			{
				const char *nl = strchr(l, '\n');
				skl_sink_printf(out, " %s: %.*s", e->text, nl ? (int)(nl - l) : (int)strlen(l), l);
			}
			break;
		}
		default:
			skl_sink_printf(out, " \"%s\"", e->text ? e->text : "");
		}
		if (e->where && *e->where)
			skl_sink_printf(out, " @%s", e->where);
		skl_sink_puts(out, "\n");
	}
}
