/*
 * cache.c - the cache hierarchy model behind sklab/cache.h.
 *
 * Each level keeps flat arrays indexed set * assoc + way: the line number
 * (TAG_NONE when invalid), valid/dirty/hit flags, an LRU stamp and the
 * tick the line came in at (its miss); and per
 * set a PLRU bit tree and the way touched last. Beside it run two shadows
 * used only to classify misses (skipped after skl_cachesim_set_classify(h,
 * 0)): a set of every line ever installed (compulsory) and a fully
 * associative LRU cache of the same size (capacity), a list of nodes with
 * a hash map.
 *
 * The per-access cost is kept small without changing a single result:
 * - a set's most recently used way is looked at first; an access within
 *   one line that hits it at the first level (a run of instruction
 *   fetches, a loop's lines, the stack) takes a short inline path, with
 *   no search and no PLRU change (touching that way again changes none);
 * - skl_cachesim_run() takes a batch of references in one call and adds
 *   the counters of those hits once at the end;
 * - every resident way holding a line that the shadow also holds points at
 *   its shadow node (and the node back at the way), so a hit moves the
 *   node to the front of the shadow's list without hashing; the hash map
 *   is only read on a miss;
 * - the first-touch set is only read on a miss, and grows before an access
 *   starts (so a failed growth changes nothing) only once it is half full.
 * Accesses never allocate, except that the first-touch set doubles now and
 * then.
 */
#include "sklab/cachesim.h"
#include "sklab/budget.h"

#include <stdio.h>
#include <string.h>

#define F_VALID 1u
#define F_DIRTY 2u
#define F_HIT 4u /* the line's latest access hit */
#define NIL UINT32_MAX
#define TAG_NONE UINT64_MAX /* an invalid way's tag; a valid way may hold it too (1-byte lines) */
#define IDX_NONE SIZE_MAX

#if defined(__GNUC__) || defined(__clang__)
#define NOINLINE __attribute__((noinline))
#define PREFETCH(p) __builtin_prefetch(p)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define NOINLINE
#define PREFETCH(p) ((void)(p))
#define ALWAYS_INLINE inline
#endif

enum { ROLE_UNIFIED, ROLE_INSTR, ROLE_DATA };
enum { CLS_COMPULSORY, CLS_CAPACITY, CLS_CONFLICT };

/* ---- first-touch set: open addressing, key+1 stored, 0 = empty --------- */

typedef struct line_set {
	uint64_t *slot;
	size_t cap; /* power of two */
	size_t count;
	int has_max; /* UINT64_MAX cannot be stored as key+1 */
} line_set;

static int set_init(line_set *s, size_t cap)
{
	s->slot = skl_calloc(cap, sizeof(*s->slot));
	s->cap = cap;
	s->count = 0;
	s->has_max = 0;
	return s->slot ? 0 : -1;
}

static int set_has(const line_set *s, uint64_t key)
{
	size_t i, mask = s->cap - 1;
	if (key == UINT64_MAX)
		return s->has_max;
	for (i = (size_t)skl_hash64(key) & mask; s->slot[i]; i = (i + 1) & mask)
		if (s->slot[i] == key + 1)
			return 1;
	return 0;
}

static void set_put_raw(uint64_t *slot, size_t cap, uint64_t stored)
{
	size_t i, mask = cap - 1;
	for (i = (size_t)skl_hash64(stored - 1) & mask; slot[i]; i = (i + 1) & mask)
		if (slot[i] == stored)
			return;
	slot[i] = stored;
}

/* Room for two more keys (one access's lines) at load <= 1/2. */
static int set_low(const line_set *s)
{
	return (s->count + 2) * 2 > s->cap;
}

/* Room for n more keys at load <= 1/2; the only allocation after new(). */
static int set_reserve(line_set *s, size_t n)
{
	uint64_t *ns;
	size_t i, ncap;
	if ((s->count + n) * 2 <= s->cap)
		return 0;
	ncap = s->cap * 2;
	ns = skl_calloc(ncap, sizeof(*ns));
	if (!ns)
		return -1;
	for (i = 0; i < s->cap; i++)
		if (s->slot[i])
			set_put_raw(ns, ncap, s->slot[i]);
	skl_free(s->slot);
	s->slot = ns;
	s->cap = ncap;
	return 0;
}

static void set_add(line_set *s, uint64_t key)
{
	if (key == UINT64_MAX) {
		s->has_max = 1;
		return;
	}
	if (!set_has(s, key)) {
		set_put_raw(s->slot, s->cap, key + 1);
		s->count++;
	}
}

static void set_clear(line_set *s)
{
	memset(s->slot, 0, s->cap * sizeof(*s->slot));
	s->count = 0;
	s->has_max = 0;
}

/* ---- shadow fully associative LRU cache -------------------------------- */

typedef struct fa_node {
	uint64_t key;
	uint32_t prev, next;
	uint32_t way; /* index of the level's way holding key, or NIL */
} fa_node;

typedef struct fa_lru {
	fa_node *node;
	uint32_t *map; /* node index or NIL; linear probing */
	uint32_t cap, count, head, tail;
	size_t mapcap;
} fa_lru;

static int fa_init(fa_lru *f, uint32_t cap)
{
	size_t m = 4;
	while (m < (size_t)cap * 2)
		m *= 2;
	f->node = skl_calloc(cap, sizeof(*f->node));
	f->map = skl_malloc(m * sizeof(*f->map));
	f->cap = cap;
	f->mapcap = m;
	if (!f->node || !f->map)
		return -1;
	memset(f->map, 0xff, m * sizeof(*f->map));
	f->count = 0;
	f->head = f->tail = NIL;
	return 0;
}

static void fa_clear(fa_lru *f)
{
	memset(f->map, 0xff, f->mapcap * sizeof(*f->map));
	f->count = 0;
	f->head = f->tail = NIL;
}

static size_t fa_find(const fa_lru *f, uint64_t key)
{
	size_t mask = f->mapcap - 1, i;
	for (i = (size_t)skl_hash64(key) & mask; f->map[i] != NIL; i = (i + 1) & mask)
		if (f->node[f->map[i]].key == key)
			return i;
	return i; /* an empty slot */
}

/* Backward-shift deletion keeps probe chains unbroken without tombstones. */
static void fa_map_del(fa_lru *f, size_t i)
{
	size_t mask = f->mapcap - 1, j = i, home;
	for (;;) {
		j = (j + 1) & mask;
		if (f->map[j] == NIL)
			break;
		home = (size_t)skl_hash64(f->node[f->map[j]].key) & mask;
		/* move j back to i unless its home lies cyclically in (i, j] */
		if ((j > i && (home <= i || home > j)) || (j < i && (home <= i && home > j))) {
			f->map[i] = f->map[j];
			i = j;
		}
	}
	f->map[i] = NIL;
}

static void fa_unlink(fa_lru *f, uint32_t n)
{
	fa_node *x = &f->node[n];
	if (x->prev != NIL)
		f->node[x->prev].next = x->next;
	else
		f->head = x->next;
	if (x->next != NIL)
		f->node[x->next].prev = x->prev;
	else
		f->tail = x->prev;
}

static void fa_push_front(fa_lru *f, uint32_t n)
{
	f->node[n].prev = NIL;
	f->node[n].next = f->head;
	if (f->head != NIL)
		f->node[f->head].prev = n;
	f->head = n;
	if (f->tail == NIL)
		f->tail = n;
}

/* A hit on node n: to the front of the list. */
static void fa_hit(fa_lru *f, uint32_t n)
{
	if (f->head != n) {
		fa_unlink(f, n);
		fa_push_front(f, n);
	}
}

/*
 * Installs key, absent from the shadow, whose map slot fa_find() gave as
 * slot; evicts the least recently used node when full, telling its way
 * (fanode) that its line left the shadow. Returns the node.
 */
static uint32_t fa_install(fa_lru *f, uint64_t key, size_t slot, uint32_t *fanode)
{
	uint32_t n;
	if (f->count < f->cap) {
		n = f->count++;
	} else {
		n = f->tail;
		fa_unlink(f, n);
		if (f->node[n].way != NIL)
			fanode[f->node[n].way] = NIL;
		fa_map_del(f, fa_find(f, f->node[n].key));
		slot = fa_find(f, key); /* slots may have moved */
	}
	f->node[n].key = key;
	f->node[n].way = NIL;
	f->map[slot] = n;
	fa_push_front(f, n);
	return n;
}

/* ---- levels ------------------------------------------------------------ */

typedef struct level {
	struct skl_cachesim_stats st;
	int role;
	skl_cachesim_repl repl;
	int nwa;
	unsigned latency;
	unsigned line_shift, set_mask, assoc, plru_depth;
	uint64_t *tag; /* line number, TAG_NONE when invalid */
	uint8_t *flags;
	uint64_t *stamp;  /* last use tick per way: LRU's order, and skl_cachesim_lineinfo.last_use */
	uint64_t *born;	  /* per way: the tick of the miss that installed its line */
	uint64_t *plru;	  /* one bit tree per set, node k at bit k (root 1) */
	uint32_t *fanode; /* per way: the shadow node of its line, or NIL (classification only) */
	uint32_t *mru;	  /* per set: index of the way touched last, looked at before the others */
	/* LRU with at most 255 ways: per way, its neighbours (ways of the set)
	 * in a circular list from the most recently used (mru) to the least
	 * (its prev), so the victim is found without a scan; else NULL */
	uint8_t *lnext, *lprev;
	uint64_t plru_set[64], plru_clr[64]; /* per way: the tree bits a touch sets and clears */
	uint64_t tick;
	uint64_t rng, seed;
	line_set seen;
	fa_lru fa;
} level;

struct skl_cachesim {
	level *first[3];    /* by skl_cachesim_kind: the first level of its path */
	int first_index[3]; /* its config index */
	level lv[SKL_CACHESIM_MAX_LEVELS];
	unsigned nlevels;
	unsigned mem_latency;
	unsigned min_line;
	int classify;
	int seen_low;	    /* some level's first-touch set may need to grow before an access */
	unsigned fast_size; /* accesses up to this size may take the fast path; 0: none */
	unsigned ipath[SKL_CACHESIM_MAX_LEVELS], npi;
	unsigned dpath[SKL_CACHESIM_MAX_LEVELS], npd;
	/* by path (0 data, 1 instructions): every level an LRU with recency
	 * lists that allocates on writes, all with one line size, so that
	 * access_path_lru() can take a one-line miss */
	int lru_path[2];
	/* by path: lru_path, and nothing classified, and no first-touch set
	 * to grow (kept by refresh_fast()) */
	int lru_ok[2];
	struct skl_budget *budget; /* charged for the arrays below (cfg.budget) */
	uint64_t charged;
};

static int is_pow2(uint64_t x)
{
	return x && !(x & (x - 1));
}

static unsigned log2u(uint64_t x)
{
	unsigned n = 0;
	while (x > 1) {
		x >>= 1;
		n++;
	}
	return n;
}

static uint64_t xorshift64(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *s = x;
}

/* Every way invalid, the PLRU trees and the shadow's order cleared. */
static void level_empty(level *l)
{
	size_t n = (size_t)(l->set_mask + 1) * l->assoc, j;
	memset(l->tag, 0xff, n * sizeof(*l->tag));
	memset(l->flags, 0, n);
	memset(l->stamp, 0, n * sizeof(*l->stamp));
	memset(l->born, 0, n * sizeof(*l->born));
	memset(l->plru, 0, (size_t)(l->set_mask + 1) * sizeof(*l->plru));
	for (j = 0; j <= l->set_mask; j++)
		l->mru[j] = (uint32_t)((size_t)j * l->assoc);
	if (l->lnext) {
		/* most recent first: ways assoc-1 ... 1, 0, so way 0, the first
		 * invalid way, is the first victim, then way 1... as the stamps say */
		unsigned a = l->assoc, w;
		for (j = 0; j <= l->set_mask; j++) {
			uint8_t *nx = l->lnext + j * a, *pv = l->lprev + j * a;
			for (w = 0; w < a; w++) {
				nx[w] = (uint8_t)(w ? w - 1 : a - 1);
				pv[w] = (uint8_t)(w + 1 < a ? w + 1 : 0);
			}
			l->mru[j] = (uint32_t)(j * a + a - 1);
		}
	}
	if (l->fanode) {
		memset(l->fanode, 0xff, n * sizeof(*l->fanode));
		fa_clear(&l->fa);
	}
}

static void level_clear(level *l)
{
	struct skl_cachesim_stats keep = l->st;
	level_empty(l);
	l->tick = 0;
	l->rng = l->seed;
	if (l->seen.slot)
		set_clear(&l->seen);
	memset(&l->st, 0, sizeof(l->st));
	memcpy(l->st.name, keep.name, sizeof(keep.name));
	l->st.size = keep.size;
	l->st.assoc = keep.assoc;
	l->st.line = keep.line;
	l->st.sets = keep.sets;
}

static int check_level(const skl_cachesim_level *c, unsigned i, skl_error *err)
{
	const char *nm = c->name ? c->name : "?";
	uint64_t lines;
	if (!c->name || !c->name[0] || strlen(c->name) >= 16)
		return skl_errorf(err, "cache level %u: name must be 1 to 15 characters", i);
	if (!is_pow2(c->line))
		return skl_errorf(err, "cache level %u (%s): line size %u is not a power of two", i, nm, c->line);
	if (c->assoc == 0)
		return skl_errorf(err, "cache level %u (%s): associativity must be at least 1", i, nm);
	if (c->size == 0 || c->size % ((uint64_t)c->assoc * c->line) != 0)
		return skl_errorf(err, "cache level %u (%s): size %llu is not a multiple of assoc*line (%u*%u = %llu)",
				  i, nm, (unsigned long long)c->size, c->assoc, c->line,
				  (unsigned long long)c->assoc * c->line);
	if (!is_pow2(c->size / ((uint64_t)c->assoc * c->line)))
		return skl_errorf(err, "cache level %u (%s): %llu sets is not a power of two", i, nm,
				  (unsigned long long)(c->size / ((uint64_t)c->assoc * c->line)));
	lines = c->size / c->line;
	if (lines > (1u << 30))
		return skl_errorf(err, "cache level %u (%s): more than 2^30 lines", i, nm);
	if (c->repl == SKL_CACHESIM_PLRU && (!is_pow2(c->assoc) || c->assoc > 64))
		return skl_errorf(err,
				  "cache level %u (%s): tree-PLRU needs a power-of-two associativity <= 64, not %u", i,
				  nm, c->assoc);
	if ((unsigned)c->repl > SKL_CACHESIM_RANDOM || (unsigned)c->write > SKL_CACHESIM_WB_NWA)
		return skl_errorf(err, "cache level %u (%s): unknown replacement or write policy", i, nm);
	return 0;
}

/* The host bytes a level's arrays take (skl_cachesim_new's mallocs,
 * shadows_new's with classification, the first-touch set's start). */
static uint64_t level_bytes(const skl_cachesim_level *c, int classify)
{
	uint64_t n = c->size / c->line, sets = c->size / ((uint64_t)c->assoc * c->line), m = 4, b;
	level *l = NULL;
	b = n * (sizeof(*l->tag) + 1 + sizeof(*l->stamp) + sizeof(*l->born)) +
	    sets * (sizeof(*l->plru) + sizeof(*l->mru));
	if (c->repl == SKL_CACHESIM_LRU && c->assoc > 1 && c->assoc <= 255)
		b += 2 * n;
	if (classify) {
		while (m < n * 2)
			m *= 2;
		b += n * (sizeof(*l->fanode) + sizeof(fa_node)) + m * sizeof(uint32_t) + 64 * sizeof(uint64_t);
	}
	return b;
}

uint64_t skl_cachesim_footprint(const skl_cachesim_config *cfg)
{
	uint64_t b = sizeof(skl_cachesim);
	unsigned i;
	for (i = 0; cfg && i < cfg->nlevels && i < SKL_CACHESIM_MAX_LEVELS; i++) {
		const skl_cachesim_level *c = &cfg->levels[i];
		if (c->line && c->assoc && c->size / c->line <= ((uint64_t)1 << 30))
			b += level_bytes(c, 1);
	}
	return b;
}

/* Frees a level's classification shadows. */
static void shadows_free(level *l)
{
	skl_free(l->fanode);
	skl_free(l->seen.slot);
	skl_free(l->fa.node);
	skl_free(l->fa.map);
	l->fanode = NULL;
	memset(&l->seen, 0, sizeof(l->seen));
	memset(&l->fa, 0, sizeof(l->fa));
}

/* Allocates a level's classification shadows; -1 on failure (the caller frees). */
static int shadows_new(level *l)
{
	size_t n = (size_t)(l->set_mask + 1) * l->assoc;
	l->fanode = skl_malloc(n * sizeof(*l->fanode));
	if (!l->fanode || set_init(&l->seen, 64) || fa_init(&l->fa, (uint32_t)n))
		return -1;
	return 0;
}

void skl_cachesim_free(skl_cachesim *h)
{
	unsigned i;
	if (!h)
		return;
	for (i = 0; i < h->nlevels; i++) {
		level *l = &h->lv[i];
		skl_free(l->tag);
		skl_free(l->flags);
		skl_free(l->stamp);
		skl_free(l->born);
		skl_free(l->plru);
		skl_free(l->mru);
		skl_free(l->lnext);
		skl_free(l->lprev);
		shadows_free(l);
	}
	skl_budget_uncharge(h->budget, h->charged);
	skl_free(h);
}

/* models tree-PLRU: each node on the way's path points away from it */
static void plru_masks(level *l)
{
	unsigned way, node, d;
	for (way = 0; way < l->assoc && way < 64; way++) {
		uint64_t set = 0, clr = 0;
		node = 1;
		for (d = l->plru_depth; d-- > 0;) {
			unsigned right = (way >> d) & 1;
			if (right)
				clr |= (uint64_t)1 << node; /* 0: victim on the left */
			else
				set |= (uint64_t)1 << node; /* 1: victim on the right */
			node = node * 2 + right;
		}
		l->plru_set[way] = set;
		l->plru_clr[way] = clr;
	}
}

/* The largest access the fast path may take: none while a first-touch set
 * must grow first, or with 1-byte lines (where TAG_NONE is a line). */
static unsigned fast_size(const skl_cachesim *h)
{
	return h->seen_low || h->min_line < 2 ? 0 : h->min_line;
}

/* what the quick ways depend on, after classify, seen_low or lru_path changed */
static void refresh_fast(skl_cachesim *h)
{
	int ip;
	h->fast_size = fast_size(h);
	for (ip = 0; ip < 2; ip++)
		h->lru_ok[ip] = h->lru_path[ip] && !h->classify && !h->seen_low;
}

skl_cachesim *skl_cachesim_new(const skl_cachesim_config *cfg, skl_error *err)
{
	skl_cachesim *h;
	unsigned i, ni = 0, nd = 0, seen_unified = 0;
	uint64_t seed;
	if (!cfg || !cfg->levels || cfg->nlevels == 0 || cfg->nlevels > SKL_CACHESIM_MAX_LEVELS) {
		skl_errorf(err, "cache: need 1 to %d levels", SKL_CACHESIM_MAX_LEVELS);
		return NULL;
	}
	for (i = 0; i < cfg->nlevels; i++) {
		const skl_cachesim_level *c = &cfg->levels[i];
		if (check_level(c, i, err))
			return NULL;
		if (!strcmp(c->name, "L1i") || !strcmp(c->name, "L1d")) {
			if (seen_unified || (c->name[2] == 'i' ? ni++ : nd++)) {
				skl_errorf(err,
					   "cache level %u (%s): one L1i and one L1d at most, before unified levels", i,
					   c->name);
				return NULL;
			}
		} else {
			seen_unified = 1;
		}
	}
	{
		/* the whole model is charged before any of it is allocated */
		uint64_t bytes = skl_cachesim_footprint(cfg);
		if (skl_budget_charge(cfg->budget, bytes, "a cache model") < 0) {
			char msg[200];
			skl_errorf(err, "%s", skl_budget_message(cfg->budget, msg, sizeof(msg)));
			return NULL;
		}
		h = skl_calloc(1, sizeof(*h));
		if (!h) {
			skl_budget_uncharge(cfg->budget, bytes);
			skl_errorf(err, "cache: out of memory");
			return NULL;
		}
		h->budget = cfg->budget;
		h->charged = bytes;
	}
	h->nlevels = cfg->nlevels;
	h->mem_latency = cfg->mem_latency;
	h->min_line = UINT32_MAX;
	h->classify = 1;
	seed = cfg->seed ? cfg->seed : 0x2545f4914f6cdd1dULL;
	for (i = 0; i < cfg->nlevels; i++) {
		const skl_cachesim_level *c = &cfg->levels[i];
		level *l = &h->lv[i];
		uint64_t sets = c->size / ((uint64_t)c->assoc * c->line);
		size_t n = (size_t)(c->size / c->line);
		l->role = !strcmp(c->name, "L1i") ? ROLE_INSTR : !strcmp(c->name, "L1d") ? ROLE_DATA : ROLE_UNIFIED;
		l->repl = c->repl;
		l->nwa = c->write == SKL_CACHESIM_WB_NWA;
		l->latency = c->latency;
		l->line_shift = log2u(c->line);
		l->set_mask = (unsigned)(sets - 1);
		l->assoc = c->assoc;
		l->plru_depth = log2u(c->assoc);
		l->seed = skl_hash64(seed + i) | 1; /* xorshift must not start at 0 */
		if (l->repl == SKL_CACHESIM_PLRU)
			plru_masks(l);
		snprintf(l->st.name, sizeof(l->st.name), "%s", c->name);
		l->st.size = c->size;
		l->st.assoc = c->assoc;
		l->st.line = c->line;
		l->st.sets = (unsigned)sets;
		l->tag = skl_malloc(n * sizeof(*l->tag));
		l->flags = skl_malloc(n);
		l->stamp = skl_malloc(n * sizeof(*l->stamp));
		l->born = skl_malloc(n * sizeof(*l->born));
		l->plru = skl_malloc((size_t)sets * sizeof(*l->plru));
		l->mru = skl_malloc((size_t)sets * sizeof(*l->mru));
		if (!l->tag || !l->flags || !l->stamp || !l->born || !l->plru || !l->mru)
			goto out_levels;
		if (l->repl == SKL_CACHESIM_LRU && c->assoc > 1 && c->assoc <= 255) {
			l->lnext = skl_malloc(n);
			l->lprev = skl_malloc(n);
			if (!l->lnext || !l->lprev)
				goto out_levels;
		}
		if (shadows_new(l))
			goto out_levels;
		level_clear(l);
		if (c->line < h->min_line)
			h->min_line = c->line;
		if (l->role != ROLE_DATA)
			h->ipath[h->npi++] = i;
		if (l->role != ROLE_INSTR)
			h->dpath[h->npd++] = i;
	}
	if (!ni) { /* fetches share the data path */
		memcpy(h->ipath, h->dpath, sizeof(h->dpath));
		h->npi = h->npd;
	}
	if (!h->npd || !h->npi) {
		skl_errorf(err, "cache: %s path has no level", h->npd ? "instruction" : "data");
		skl_cachesim_free(h);
		return NULL;
	}
	h->first_index[SKL_CACHESIM_READ] = h->first_index[SKL_CACHESIM_WRITE] = (int)h->dpath[0];
	h->first_index[SKL_CACHESIM_IFETCH] = (int)h->ipath[0];
	for (i = 0; i < 3; i++)
		h->first[i] = &h->lv[h->first_index[i]];
	for (i = 0; i < 2; i++) {
		const unsigned *path = i ? h->ipath : h->dpath;
		unsigned np = i ? h->npi : h->npd, p;
		h->lru_path[i] = 1;
		for (p = 0; p < np; p++) {
			const level *l = &h->lv[path[p]];
			if (!l->lnext || l->nwa || l->line_shift != h->lv[path[0]].line_shift)
				h->lru_path[i] = 0;
		}
	}
	refresh_fast(h);
	return h;
out_levels:
	h->nlevels = i + 1;
	skl_errorf(err, "cache: out of memory");
	skl_cachesim_free(h);
	return NULL;
}

void skl_cachesim_reset(skl_cachesim *h)
{
	unsigned i;
	for (i = 0; i < h->nlevels; i++)
		level_clear(&h->lv[i]);
	h->seen_low = 0;
	refresh_fast(h);
}

int skl_cachesim_set_classify(skl_cachesim *h, int on)
{
	unsigned i;
	int rc = 0;
	if (!h)
		return -1;
	on = !!on;
	if (on != h->classify) {
		for (i = 0; i < h->nlevels; i++)
			shadows_free(&h->lv[i]);
		h->classify = 0;
		for (i = 0; on && i < h->nlevels; i++)
			if (shadows_new(&h->lv[i]))
				break;
		if (on && i < h->nlevels) {
			for (i = 0; i < h->nlevels; i++)
				shadows_free(&h->lv[i]);
			rc = -1;
		} else {
			h->classify = on;
		}
	}
	skl_cachesim_reset(h);
	return rc;
}

unsigned skl_cachesim_levels(const skl_cachesim *h)
{
	return h->nlevels;
}

/* models writing back and invalidating every line (x86 WBINVD) */
int skl_cachesim_flush(skl_cachesim *h)
{
	unsigned i;
	size_t j, n;
	if (!h)
		return -1;
	for (i = 0; i < h->nlevels; i++) {
		level *l = &h->lv[i];
		n = (size_t)(l->set_mask + 1) * l->assoc;
		for (j = 0; j < n; j++)
			if ((l->flags[j] & (F_VALID | F_DIRTY)) == (F_VALID | F_DIRTY))
				l->st.writebacks++;
		level_empty(l);
	}
	return 0;
}

static unsigned plru_victim(const level *l, unsigned set)
{
	unsigned node = 1, way = 0, d;
	for (d = 0; d < l->plru_depth; d++) {
		unsigned right = (unsigned)(l->plru[set] >> node) & 1;
		way = way * 2 + right;
		node = node * 2 + right;
	}
	return way;
}

/* touch() of a level with recency lists: to the front of the set's list */
static inline void touch_list(level *l, unsigned set, size_t i)
{
	size_t m = l->mru[set];
	l->stamp[i] = ++l->tick;
	if (m != i) {
		size_t base = (size_t)set * l->assoc;
		uint8_t *nx = l->lnext + base, *pv = l->lprev + base;
		unsigned w = (unsigned)(i - base), f = (unsigned)(m - base), t = pv[f];
		if (w != t) {
			nx[pv[w]] = nx[w];
			pv[nx[w]] = pv[w];
			nx[t] = (uint8_t)w;
			pv[w] = (uint8_t)t;
			nx[w] = (uint8_t)f;
			pv[f] = (uint8_t)w;
		}
		l->mru[set] = (uint32_t)i;
	}
}

/* The way at index i (= set * assoc + way) was used: stamp, MRU way, PLRU bits. */
static void touch(level *l, unsigned set, size_t i)
{
	if (l->lnext) {
		touch_list(l, set, i);
	} else {
		l->stamp[i] = ++l->tick;
		l->mru[set] = (uint32_t)i;
	}
	if (l->repl == SKL_CACHESIM_PLRU) {
		unsigned w = (unsigned)(i - (size_t)set * l->assoc);
		l->plru[set] = (l->plru[set] & ~l->plru_clr[w]) | l->plru_set[w];
	}
}

/* An invalid way first; otherwise the policy's choice. */
static unsigned victim(level *l, unsigned set)
{
	size_t base = (size_t)set * l->assoc;
	unsigned w, best = 0;
	if (l->lnext) /* the least recently used: the front's predecessor */
		return l->lprev[base + (l->mru[set] - base)];
	if (l->repl == SKL_CACHESIM_LRU) {
		/* invalid ways have stamp 0, valid ones >= 1: the first smallest
		 * stamp is the first invalid way, else the least recently used */
		const uint64_t *s = l->stamp + base;
		uint64_t m = s[0];
		for (w = 1; w < l->assoc; w++) { /* without branches: the order is random */
			int lt = s[w] < m;
			best = lt ? w : best;
			m = lt ? s[w] : m;
		}
		return best;
	}
	for (w = 0; w < l->assoc; w++)
		if (!(l->flags[base + w] & F_VALID))
			return w;
	if (l->repl == SKL_CACHESIM_PLRU)
		return plru_victim(l, set);
	return (unsigned)(xorshift64(&l->rng) % l->assoc);
}

/* The index of the way holding line in its set, or IDX_NONE: the set's
 * most recently used way first, then all in order. */
static size_t lookup(const level *l, uint64_t line, unsigned set)
{
	size_t base = (size_t)set * l->assoc, i = l->mru[set], end = base + l->assoc;
	const uint64_t *tag = l->tag;
	if (line != TAG_NONE) { /* invalid ways hold TAG_NONE: the tag alone says it */
		if (tag[i] == line)
			return i;
		for (i = base; i < end; i++)
			if (tag[i] == line)
				return i;
		return IDX_NONE;
	}
	if (tag[i] == line && (l->flags[i] & F_VALID))
		return i;
	for (i = base; i < end; i++)
		if (tag[i] == line && (l->flags[i] & F_VALID))
			return i;
	return IDX_NONE;
}

/* Grows the first-touch sets of the path's levels for one more access. */
static int reserve_seen(skl_cachesim *h, const unsigned *path, unsigned np)
{
	unsigned p, i;
	for (p = 0; p < np; p++) {
		line_set *s = &h->lv[path[p]].seen;
		size_t cap = s->cap;
		/* the set of lines ever touched grows with the addresses fed in:
		 * each doubling is charged (a refusal fails the access) */
		uint64_t more = (uint64_t)cap * sizeof(*s->slot); /* a doubling, less the old slots */
		int grows = (s->count + 2) * 2 > cap;
		if (grows && skl_budget_charge(h->budget, more, "a cache model's first-touch set") < 0)
			return -1;
		if (set_reserve(s, 2)) {
			skl_budget_uncharge(h->budget, grows ? more : 0);
			return -1;
		}
		if (grows)
			h->charged += more;
	}
	h->seen_low = 0;
	for (i = 0; i < h->nlevels; i++)
		if (set_low(&h->lv[i].seen))
			h->seen_low = 1;
	refresh_fast(h);
	return 0;
}

/*
 * The shadow's view of one line access at a level (models the same fully
 * associative LRU cache fa_access() did: a hit moves the line to the front;
 * a miss installs it when allocate is set). i is the way holding the line
 * or IDX_NONE; returns 1 when the shadow held the line. On a miss that
 * installs, *node is the new node (the caller ties it to its way).
 */
static int shadow_access(level *l, uint64_t line, size_t i, int allocate, uint32_t *node)
{
	size_t slot;
	uint32_t n;
	*node = NIL;
	if (i != IDX_NONE && l->fanode[i] != NIL) {
		fa_hit(&l->fa, l->fanode[i]);
		return 1;
	}
	slot = fa_find(&l->fa, line);
	if (l->fa.map[slot] != NIL) { /* not resident here, but in the shadow */
		n = l->fa.map[slot];
		fa_hit(&l->fa, n);
		*node = n;
		return 1;
	}
	if (allocate)
		*node = fa_install(&l->fa, line, slot, l->fanode);
	return 0;
}

/* Way i takes line: the line it held is evicted (a dirty one is written
 * back); flags are the new line's. */
static inline void replace_line(level *l, size_t i, uint64_t line, uint8_t flags)
{
	if (l->flags[i] & F_VALID) {
		l->st.evictions++;
		if (l->flags[i] & F_DIRTY) {
			l->st.dirty_evictions++;
			l->st.writebacks++;
		}
	}
	l->tag[i] = line;
	l->flags[i] = flags;
	l->born[i] = l->tick + 1; /* every caller touches the way next: its stamp */
}

/* The general walk down the path: any level, straddling, misses.
 * first_missed: the caller looked the access up at the first level and
 * it is within one line there that no way holds (no second lookup). */
static NOINLINE int access_path(skl_cachesim *h, uint64_t addr, unsigned size, int kind, skl_cachesim_result *out,
				int first_missed, unsigned dirty)
{
	const unsigned *path = kind == SKL_CACHESIM_IFETCH ? h->ipath : h->dpath;
	unsigned np = kind == SKL_CACHESIM_IFETCH ? h->npi : h->npd, p, j;
	int pending[2];
	skl_cachesim_result r;
	if (size > h->min_line || addr + (size - 1) < addr)
		return -1;
	if (h->seen_low && reserve_seen(h, path, np))
		return -1;
	memset(&r, 0, sizeof(r));
	r.hit_level = -1;
	pending[0] = (int)(dirty & 1);
	pending[1] = (int)((dirty >> 1) & 1);
	for (p = 0; p < np; p++) {
		level *l = &h->lv[path[p]];
		uint64_t first = addr >> l->line_shift, last = (addr + size - 1) >> l->line_shift;
		unsigned nl = (unsigned)(last - first) + 1;
		int miss = 0, cls = -1;
		r.latency += l->latency;
		if (p == 0)
			r.lines = nl;
		l->st.refs[kind]++;
		for (j = 0; j < nl; j++) {
			uint64_t line = first + j;
			unsigned set = (unsigned)line & l->set_mask, w;
			size_t base = (size_t)set * l->assoc, i;
			int allocate = !(pending[j] && l->nwa), shadow_hit = 0;
			uint32_t node = NIL;
			i = p == 0 && first_missed ? IDX_NONE : lookup(l, line, set);
			if (h->classify)
				shadow_hit = shadow_access(l, line, i, allocate, &node);
			if (i != IDX_NONE) {
				if (node != NIL) { /* the shadow took the line in again */
					l->fanode[i] = node;
					l->fa.node[node].way = (uint32_t)i;
				}
				touch(l, set, i);
				l->flags[i] |= F_HIT;
				if (pending[j]) {
					l->flags[i] |= F_DIRTY;
					pending[j] = 0;
				}
				continue;
			}
			miss = 1;
			if (cls < 0 && h->classify) /* the first missing line classifies the access */
				cls = !set_has(&l->seen, line) ? CLS_COMPULSORY
				      : !shadow_hit	       ? CLS_CAPACITY
							       : CLS_CONFLICT;
			if (!allocate) { /* no-write-allocate: the write goes around */
				l->st.writebacks++;
				continue;
			}
			w = victim(l, set);
			i = base + w;
			replace_line(l, i, line, F_VALID);
			if (h->classify) {
				if (l->fanode[i] != NIL) /* the evicted line's node */
					l->fa.node[l->fanode[i]].way = NIL;
				l->fanode[i] = node;
				l->fa.node[node].way = (uint32_t)i;
				set_add(&l->seen, line);
				if (set_low(&l->seen)) {
					h->seen_low = 1;
					refresh_fast(h);
				}
			}
			touch(l, set, i);
			if (pending[j]) {
				l->flags[i] |= F_DIRTY;
				pending[j] = 0;
			}
		}
		if (!miss) {
			l->st.hits++;
			r.hit_level = (int)path[p];
			break;
		}
		l->st.misses[kind]++;
		if (cls == CLS_COMPULSORY)
			l->st.compulsory++;
		else if (cls == CLS_CAPACITY)
			l->st.capacity++;
		else if (cls == CLS_CONFLICT)
			l->st.conflict++;
		r.missed |= (uint32_t)1 << path[p];
	}
	if (r.hit_level < 0)
		r.latency += h->mem_latency;
	if (out)
		*out = r;
	return 0;
}

/*
 * access_path() for the common case, with nothing left to decide per
 * level: the path is lru_path (see skl_cachesim), the access is at most
 * min_line bytes (one line, or two when it straddles), nothing is classified
 * and no result is wanted. first_missed: one line, known to miss at the
 * first level (access_first looked). The same changes as access_path()
 * makes, in the same order: each level counts the reference; a line a level
 * holds is touched; one it does not hold takes the place of the least
 * recently used way (a dirty one counts as a write-back); a write dirties
 * the copy at the first level that has it; the walk ends at the first level
 * that held every line.
 */
static NOINLINE void access_path_lru(skl_cachesim *h, uint64_t addr, unsigned size, int kind, int first_missed)
{
	const unsigned *path = kind == SKL_CACHESIM_IFETCH ? h->ipath : h->dpath;
	unsigned np = kind == SKL_CACHESIM_IFETCH ? h->npi : h->npd, p, j;
	uint8_t dirty[2];
	dirty[0] = dirty[1] = kind == SKL_CACHESIM_WRITE ? F_DIRTY : 0;
	for (p = 0; p < np; p++) {
		level *l = &h->lv[path[p]];
		uint64_t first = addr >> l->line_shift;
		unsigned nl = (unsigned)(((addr + size - 1) >> l->line_shift) - first) + 1;
		int miss = 0;
		l->st.refs[kind]++;
		for (j = 0; j < nl; j++) {
			uint64_t line = first + j;
			unsigned set = (unsigned)line & l->set_mask;
			size_t i;
			if (!(p == 0 && first_missed) && (i = lookup(l, line, set)) != IDX_NONE) {
				touch_list(l, set, i);
				l->flags[i] |= F_HIT | dirty[j];
				dirty[j] = 0;
				continue;
			}
			miss = 1;
			i = (size_t)set * l->assoc + l->lprev[l->mru[set]]; /* victim(): the list's tail */
			replace_line(l, i, line, F_VALID | dirty[j]);
			touch_list(l, set, i);
			dirty[j] = 0;
		}
		if (!miss) {
			l->st.hits++;
			return;
		}
		l->st.misses[kind]++;
	}
}

/* One line's hit at the first level: its counters, and the result. */
static inline void first_hit(skl_cachesim *h, level *l, unsigned kind, skl_cachesim_result *out)
{
	l->st.refs[kind]++;
	l->st.hits++;
	if (out) {
		out->latency = l->latency;
		out->hit_level = h->first_index[kind];
		out->lines = 1;
		out->missed = 0;
	}
}

/*
 * access_path_lru() for an access at most min_line bytes that straddles
 * two lines, each the most recently used way of its set at the first level
 * (a run of instruction fetches across a line's end): both touched in
 * order, one reference and one hit. 1 when taken. Touching a set's most
 * recently used way changes nothing in its recency list.
 */
static int straddle_mru(skl_cachesim *h, level *l, uint64_t addr, unsigned size, int kind)
{
	uint64_t line = addr >> l->line_shift, next = line + 1;
	size_t i = l->mru[(unsigned)line & l->set_mask], j = l->mru[(unsigned)next & l->set_mask];
	uint8_t hit = kind == SKL_CACHESIM_WRITE ? F_HIT | F_DIRTY : F_HIT;
	if (((addr + size - 1) >> l->line_shift) != next || l->tag[i] != line || l->tag[j] != next)
		return 0;
	l->stamp[i] = ++l->tick;
	l->flags[i] |= hit;
	l->stamp[j] = ++l->tick;
	l->flags[j] |= hit;
	first_hit(h, l, (unsigned)kind, NULL);
	return 1;
}

/* A hit anywhere in the first level, else the general walk (which checks the arguments). */
static NOINLINE int access_first(skl_cachesim *h, uint64_t addr, unsigned size, int kind, skl_cachesim_result *out)
{
	level *l = h->first[kind];
	uint64_t line = addr >> l->line_shift;
	unsigned set = (unsigned)line & l->set_mask;
	size_t i;
	int lru = !out && h->lru_ok[kind == SKL_CACHESIM_IFETCH];
	if (size > h->fast_size || addr + (size - 1) < addr || ((addr + size - 1) >> l->line_shift) != line) {
		if (!lru || size > h->min_line || addr + (size - 1) < addr)
			return access_path(h, addr, size, kind, out, 0, kind == SKL_CACHESIM_WRITE ? 3u : 0u);
		if (straddle_mru(h, l, addr, size, kind))
			return 0;
		access_path_lru(h, addr, size, kind, 0);
		return 0;
	}
	i = lookup(l, line, set);
	if (i == IDX_NONE) {
		if (!lru)
			return access_path(h, addr, size, kind, out, 1, kind == SKL_CACHESIM_WRITE ? 3u : 0u);
		access_path_lru(h, addr, size, kind, 1);
		return 0;
	}
	if (h->classify) {
		if (l->fanode[i] == NIL) /* the shadow may take the line in */
			return access_path(h, addr, size, kind, out, 0, kind == SKL_CACHESIM_WRITE ? 3u : 0u);
		fa_hit(&l->fa, l->fanode[i]);
	}
	touch(l, set, i);
	l->flags[i] |= kind == SKL_CACHESIM_WRITE ? F_HIT | F_DIRTY : F_HIT;
	first_hit(h, l, (unsigned)kind, out);
	return 0;
}

/*
 * The fast path: an access within one line that hits the most recently
 * used way of its set at the first level (a run of instruction fetches
 * through a line, a loop's lines, the stack). Touching that way again
 * changes no PLRU bit (it was the set's last touch); with classification
 * the shadow moves its node to the front, when it has one. 1 when taken.
 * With fast_size > 0, lines are at least 2 bytes, so an invalid way's
 * TAG_NONE is never a line, and the access's end does not wrap.
 */
static inline int access_mru(skl_cachesim *h, uint64_t addr, unsigned size, unsigned kind)
{
	level *l = h->first[kind];
	uint64_t line = addr >> l->line_shift;
	unsigned set = (unsigned)line & l->set_mask;
	size_t i = l->mru[set];
	if (l->tag[i] != line || size > h->fast_size || ((addr + size - 1) >> l->line_shift) != line)
		return 0;
	if (h->classify) {
		if (l->fanode[i] == NIL) /* the shadow may take the line in */
			return 0;
		fa_hit(&l->fa, l->fanode[i]);
	}
	l->stamp[i] = ++l->tick;
	l->flags[i] |= kind == SKL_CACHESIM_WRITE ? F_HIT | F_DIRTY : F_HIT;
	return 1;
}

int skl_cachesim_access(skl_cachesim *h, uint64_t addr, unsigned size, int kind, skl_cachesim_result *out)
{
	level *l;
	if (!h || (unsigned)kind > SKL_CACHESIM_IFETCH)
		return -1;
	size += size == 0;
	if (!access_mru(h, addr, size, (unsigned)kind))
		return access_first(h, addr, size, kind, out);
	l = h->first[kind];
	first_hit(h, l, (unsigned)kind, out);
	return 0;
}

/* Asks the host to bring the state of addr's set at level l (the last
 * level, whose arrays are too large for the host's nearer caches) closer
 * while the levels before it are simulated: its tags, and the stamps,
 * flags and recency lists a hit or a replacement writes. Inline always: a
 * function of prefetches only looks free of effects to the compiler,
 * which then drops the calls to it. */
static ALWAYS_INLINE void prefetch_set(const level *l, uint64_t addr)
{
	size_t b = (size_t)((addr >> l->line_shift) & l->set_mask) * l->assoc;
	PREFETCH(&l->tag[b]);
	PREFETCH(&l->tag[b + l->assoc - 1]);
	PREFETCH(&l->stamp[b]);
	PREFETCH(&l->flags[b]);
	if (l->lnext) {
		PREFETCH(&l->lnext[b]);
		PREFETCH(&l->lprev[b]);
	}
}

/*
 * What the fast path reads of a first level, held in locals for a batch:
 * a store through a level's flags (uint8_t, which may alias anything)
 * would otherwise make the compiler load every field of h and of the level
 * again on the next access. The clocks are kept in locals too (one per
 * level: kinds that share a level share one) and written back around each
 * call to the general walk, which is the only other code that reads or
 * moves them.
 */
typedef struct fast_level {
	const uint64_t *tag;
	const uint32_t *mru;
	uint64_t *stamp;
	uint8_t *flags;
	uint64_t offmask; /* line size - 1 */
	/* the fast path takes an access whose offset in the line plus size - 1
	 * is below this: the line size, or less when the fast path's largest
	 * access (fast_size) is smaller; 0 takes none */
	uint64_t lim;
	unsigned shift, mask;
	unsigned clock; /* index of its level's clock in run_batch()'s ticks[] */
} fast_level;

static uint64_t fast_lim(const level *l, unsigned fast_size)
{
	uint64_t line = 1ULL << l->line_shift;
	return fast_size < line ? fast_size : line;
}

/* A first level for the words' kind 3, which is no kind: no way holds
 * TAG_NONE's line (a word's address is below 2^56), so the access goes to
 * the general walk, which refuses it. */
static const uint64_t no_tag[1] = {TAG_NONE};
static const uint32_t no_mru[1] = {0};

/* skl_cachesim_run()'s loop over references or over packed words (in),
 * made by input, with classification or without (the test of
 * classify on every hit is then made once per batch), and for first levels
 * of 64-byte lines (shift 6, a shift by a constant) or any (shift 0) */

static ALWAYS_INLINE size_t run_batch(skl_cachesim *h, const void *in, size_t n, const int packed, const int classify,
				      const unsigned shift)
{
	uint64_t fast[3] = {0, 0, 0}, ticks[3];
	fast_level fl[4];
	level *owner[3];
	size_t k;
	unsigned kind, fast_size = h->fast_size, c, nclocks = 0;
	/* the last level, whose state is too large for the host's nearer caches */
	const level *pf = h->nlevels > 1 ? &h->lv[h->nlevels - 1] : NULL;
	for (kind = 0; kind < 3; kind++) {
		level *l = h->first[kind];
		for (c = 0; c < nclocks && owner[c] != l; c++)
			;
		if (c == nclocks) {
			owner[nclocks] = l;
			ticks[nclocks++] = l->tick;
		}
		fl[kind] = (fast_level){
		    l->tag,	   l->mru,	l->stamp, l->flags, (1ULL << l->line_shift) - 1, fast_lim(l, fast_size),
		    l->line_shift, l->set_mask, c};
	}
	fl[3] = fl[0];
	fl[3].tag = no_tag;
	fl[3].mru = no_mru;
	fl[3].mask = 0;
	for (k = 0; k < n; k++) {
		uint64_t addr, line, last; /* last: size - 1 */
		unsigned size;
		const fast_level *f;
		size_t i;
		if (packed) {
			uint64_t x = ((const uint64_t *)in)[k];
			addr = SKL_CACHESIM_WORD_ADDR(x);
			last = (x >> 56) & 63;
			size = (unsigned)last + 1;
			kind = SKL_CACHESIM_WORD_KIND(x); /* 3: fl[3], never a hit */
		} else {
			const skl_cachesim_ref *r = (const skl_cachesim_ref *)in + k;
			addr = r->addr;
			size = r->size;
			last = (uint64_t)size - 1;
			kind = r->kind;
			if (kind > SKL_CACHESIM_IFETCH)
				break;
		}
		f = &fl[kind];
		line = addr >> (shift ? shift : f->shift);
		i = f->mru[(unsigned)line & f->mask];
		/* within the line and at most fast_size bytes (a size of 0, taken
		 * as 1, goes to the general walk at a line's first byte) */
		if (f->tag[i] == line && (addr & f->offmask) + last < f->lim &&
		    (!classify || h->first[kind]->fanode[i] != NIL)) {
			if (classify)
				fa_hit(&h->first[kind]->fa, h->first[kind]->fanode[i]);
			f->stamp[i] = ++ticks[f->clock];
			f->flags[i] |= (uint8_t)(F_HIT | (kind & SKL_CACHESIM_WRITE) * F_DIRTY); /* a write dirties */
			fast[kind]++; /* its counters, once at the end */
			continue;
		}
		if (packed && kind > SKL_CACHESIM_IFETCH)
			break;
		if (pf)
			prefetch_set(pf, addr);
		for (c = 0; c < nclocks; c++)
			owner[c]->tick = ticks[c];
		if (access_first(h, addr, size + (size == 0), (int)kind, NULL) < 0)
			break;
		for (c = 0; c < nclocks; c++)
			ticks[c] = owner[c]->tick;
		if (h->fast_size != fast_size) {
			fast_size = h->fast_size;
			for (c = 0; c < 3; c++)
				fl[c].lim = fast_lim(h->first[c], fast_size);
		}
	}
	for (c = 0; c < nclocks; c++)
		owner[c]->tick = ticks[c];
	for (kind = 0; kind < 3; kind++) {
		h->first[kind]->st.refs[kind] += fast[kind];
		h->first[kind]->st.hits += fast[kind];
	}
	return k;
}

/* every first level has 64-byte lines */
static int lines64(const skl_cachesim *h)
{
	return h->first[0]->line_shift == 6 && h->first[1]->line_shift == 6 && h->first[2]->line_shift == 6;
}

/* run_batch() as made for h's state, over references or words */
static ALWAYS_INLINE size_t run_any(skl_cachesim *h, const void *in, size_t n, const int packed)
{
	if (!h)
		return 0;
	if (h->classify)
		return run_batch(h, in, n, packed, 1, 0);
	return lines64(h) ? run_batch(h, in, n, packed, 0, 6) : run_batch(h, in, n, packed, 0, 0);
}

size_t skl_cachesim_run(skl_cachesim *h, const skl_cachesim_ref *refs, size_t n)
{
	return run_any(h, refs, n, 0);
}

size_t skl_cachesim_run_words(skl_cachesim *h, const uint64_t *words, size_t n)
{
	return run_any(h, words, n, 1);
}

/* ---- lines taken away from outside (skl_cachesim_smp) ------------------ */

int skl_cachesim_access_below(skl_cachesim *h, uint64_t addr, unsigned size, int kind, unsigned carried,
			      skl_cachesim_result *out)
{
	if (!h || (unsigned)kind > SKL_CACHESIM_IFETCH)
		return -1;
	size += size == 0;
	return access_path(h, addr, size, kind, out, 0, kind == SKL_CACHESIM_WRITE ? carried & 3u : 0u);
}

uint32_t skl_cachesim_probe(const skl_cachesim *h, uint64_t addr, uint32_t *dirty)
{
	uint32_t held = 0, d = 0;
	unsigned i;
	for (i = 0; h && i < h->nlevels; i++) {
		const level *l = &h->lv[i];
		uint64_t line = addr >> l->line_shift;
		size_t w = lookup(l, line, (unsigned)line & l->set_mask);
		if (w == IDX_NONE)
			continue;
		held |= (uint32_t)1 << i;
		if (l->flags[w] & F_DIRTY)
			d |= (uint32_t)1 << i;
	}
	if (dirty)
		*dirty = d;
	return held;
}

/* Way i of set leaves the level: invalid, and the first victim (the tail
 * of a recency list, stamp 0 for stamp LRU, an invalid way for the others). */
static void drop_way(level *l, unsigned set, size_t i)
{
	size_t base = (size_t)set * l->assoc;
	l->tag[i] = TAG_NONE;
	l->flags[i] = 0;
	l->stamp[i] = 0;
	l->born[i] = 0;
	if (l->fanode && l->fanode[i] != NIL) { /* the shadow keeps its node, untied from the way */
		l->fa.node[l->fanode[i]].way = NIL;
		l->fanode[i] = NIL;
	}
	if (l->lnext) {
		uint8_t *nx = l->lnext + base, *pv = l->lprev + base;
		unsigned w = (unsigned)(i - base), f = (unsigned)(l->mru[set] - base), t = pv[f];
		if (w == f) { /* the front: its successor leads, and it is the tail */
			l->mru[set] = (uint32_t)(base + nx[w]);
		} else if (w != t) { /* unlinked, then put between the tail and the front */
			nx[pv[w]] = nx[w];
			pv[nx[w]] = pv[w];
			nx[t] = (uint8_t)w;
			pv[w] = (uint8_t)t;
			nx[w] = (uint8_t)f;
			pv[f] = (uint8_t)w;
		}
	}
}

uint32_t skl_cachesim_invalidate(skl_cachesim *h, uint64_t addr)
{
	uint32_t held = 0;
	unsigned i;
	for (i = 0; h && i < h->nlevels; i++) {
		level *l = &h->lv[i];
		uint64_t line = addr >> l->line_shift;
		unsigned set = (unsigned)line & l->set_mask;
		size_t w = lookup(l, line, set);
		if (w == IDX_NONE)
			continue;
		held |= (uint32_t)1 << i;
		drop_way(l, set, w);
	}
	return held;
}

uint32_t skl_cachesim_clean(skl_cachesim *h, uint64_t addr)
{
	uint32_t was = 0;
	unsigned i;
	for (i = 0; h && i < h->nlevels; i++) {
		level *l = &h->lv[i];
		uint64_t line = addr >> l->line_shift;
		size_t w = lookup(l, line, (unsigned)line & l->set_mask);
		if (w != IDX_NONE && (l->flags[w] & F_DIRTY)) {
			l->flags[w] &= (uint8_t)~F_DIRTY;
			was |= (uint32_t)1 << i;
		}
	}
	return was;
}

int skl_cachesim_line(const skl_cachesim *h, unsigned lvl, unsigned set, unsigned way, skl_cachesim_lineinfo *out)
{
	const level *l;
	size_t i;
	if (!h || lvl >= h->nlevels || !out)
		return -1;
	l = &h->lv[lvl];
	if (set > l->set_mask || way >= l->assoc)
		return -1;
	i = (size_t)set * l->assoc + way;
	memset(out, 0, sizeof(*out));
	out->valid = !!(l->flags[i] & F_VALID);
	if (!out->valid)
		return 0;
	out->addr = l->tag[i] << l->line_shift;
	out->dirty = !!(l->flags[i] & F_DIRTY);
	out->last_hit = !!(l->flags[i] & F_HIT);
	out->last_use = l->stamp[i];
	out->installed = l->born[i];
	return 0;
}

int skl_cachesim_stats(const skl_cachesim *h, unsigned lvl, struct skl_cachesim_stats *out)
{
	if (!h || lvl >= h->nlevels || !out)
		return -1;
	*out = h->lv[lvl].st;
	return 0;
}

/* ---- Cachegrind-style summary ------------------------------------------ */

/* "1,234,567" as Valgrind's %,llu prints it. */
static void commas(uint64_t v, char *buf)
{
	char tmp[32];
	int n = snprintf(tmp, sizeof(tmp), "%llu", (unsigned long long)v), i, o = 0;
	for (i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = tmp[i];
	}
	buf[o] = 0;
}

static int cwidth(uint64_t v)
{
	char b[32];
	commas(v, b);
	return (int)strlen(b);
}

static double pct(uint64_t m, uint64_t a)
{
	return a ? 100.0 * (double)m / (double)a : 0.0;
}

static void line1(const skl_sink *s, const char *label, uint64_t v, int w)
{
	char b[32];
	commas(v, b);
	skl_sink_printf(s, "==0== %-14s %*s\n", label, w, b);
}

static void line3(const skl_sink *s, const char *label, uint64_t t, uint64_t rd, uint64_t wr, int w1, int w2, int w3)
{
	char a[32], b[32], c[32];
	commas(t, a);
	commas(rd, b);
	commas(wr, c);
	skl_sink_printf(s, "==0== %-14s %*s  (%*s rd   + %*s wr)\n", label, w1, a, w2, b, w3, c);
}

static void rate3(const skl_sink *s, const char *label, double t, double rd, double wr, int w1, int w2, int w3)
{
	skl_sink_printf(s, "==0== %-14s %*.1f%% (%*.1f%%     + %*.1f%%  )\n", label, w1, t, w2, rd, w3, wr);
}

/*
 * models cachegrind's cg_fini() summary as Valgrind 3.19 prints it (later
 * releases say "I refs:" and "D refs:" with the same widths): the first
 * column as wide as I refs, the rd and wr columns as wide as their refs.
 */
void skl_cachesim_write_summary(const skl_cachesim *h, const skl_sink *s)
{
	skl_cachesim_write_summary_of(&h->lv[h->ipath[0]].st, &h->lv[h->dpath[0]].st, &h->lv[h->nlevels - 1].st, s);
}

void skl_cachesim_write_summary_of(const struct skl_cachesim_stats *i1, const struct skl_cachesim_stats *d1,
				   const struct skl_cachesim_stats *ll, const skl_sink *s)
{
	const int R = SKL_CACHESIM_READ, W = SKL_CACHESIM_WRITE, I = SKL_CACHESIM_IFETCH;
	uint64_t ir = i1->refs[I], dr = d1->refs[R], dw = d1->refs[W];
	uint64_t d1r = d1->misses[R], d1w = d1->misses[W];
	uint64_t lli = ll->misses[I], llr = ll->misses[R], llw = ll->misses[W];
	uint64_t llrefs_rd = ll->refs[R] + ll->refs[I], llrefs_wr = ll->refs[W];
	/* Cachegrind sizes the first column by I refs alone (ULong_width(Ir)) */
	int w1 = cwidth(ir), w2 = cwidth(dr), w3 = cwidth(dw);

	line1(s, "I   refs:", ir, w1);
	line1(s, "I1  misses:", i1->misses[I], w1);
	line1(s, "LLi misses:", lli, w1);
	skl_sink_printf(s, "==0== %-14s %*.2f%%\n", "I1  miss rate:", w1, pct(i1->misses[I], ir));
	skl_sink_printf(s, "==0== %-14s %*.2f%%\n", "LLi miss rate:", w1, pct(lli, ir));
	skl_sink_puts(s, "==0== \n");
	line3(s, "D   refs:", dr + dw, dr, dw, w1, w2, w3);
	line3(s, "D1  misses:", d1r + d1w, d1r, d1w, w1, w2, w3);
	line3(s, "LLd misses:", llr + llw, llr, llw, w1, w2, w3);
	rate3(s, "D1  miss rate:", pct(d1r + d1w, dr + dw), pct(d1r, dr), pct(d1w, dw), w1, w2, w3);
	rate3(s, "LLd miss rate:", pct(llr + llw, dr + dw), pct(llr, dr), pct(llw, dw), w1, w2, w3);
	skl_sink_puts(s, "==0== \n");
	line3(s, "LL refs:", llrefs_rd + llrefs_wr, llrefs_rd, llrefs_wr, w1, w2, w3);
	line3(s, "LL misses:", lli + llr + llw, lli + llr, llw, w1, w2, w3);
	rate3(s, "LL miss rate:", pct(lli + llr + llw, ir + dr + dw), pct(lli + llr, ir + dr), pct(llw, dw), w1, w2,
	      w3);
}
