/*
 * cachesim_smp.c - N CPUs' caches kept coherent with MESI, behind
 * sklab/cachesim_smp.h.
 *
 * Each CPU's private levels are one skl_cachesim; the shared last levels
 * are one more, fed only the accesses that missed every private level
 * (as one hierarchy's walk would reach them). Beside them, a directory
 * maps each line some private cache took to who holds it (a bit per CPU),
 * which CPU owns it Exclusive or Modified, and which CPUs lost it to
 * another's write (and to whom), for the coherence misses.
 *
 * Private evictions are silent (no CPU tells the directory, as a real
 * cache dropping a clean line does not): a holder bit may be stale, so a
 * holder is probed (skl_cachesim_probe) before it supplies a line or is
 * counted as invalidated. A Modified copy evicted from a private cache was
 * written back there (its level counted the dirty eviction): it supplies
 * nothing, so it is never a HITM.
 *
 * What it does not model: a forward state (MOESI's Owned, MESIF's
 * Forward; a line Shared by several CPUs comes from the shared level or
 * memory), a snoop filter or inclusive shared level (the shared level
 * holds what its own replacement kept: it is neither inclusive nor
 * exclusive of the private levels, like one skl_cachesim), write-backs into
 * the shared level, NUMA distances, adjacent-line prefetch, or the timing
 * of concurrent accesses (accesses are taken one at a time, in order).
 */
#include "sklab/cachesim_smp.h"
#include "sklab/budget.h"

#include <string.h>

#define DIR_EMPTY 0 /* a free slot's key; a line n is stored as n + 1 */

/* One line of the directory. */
typedef struct dir_entry {
	uint64_t key;	  /* line number + 1, DIR_EMPTY when free */
	uint64_t present; /* bit c: CPU c's private levels took it (may be stale after a silent eviction) */
	uint64_t lost;	  /* bit c: CPU c's copy was invalidated by another CPU's write since c held it */
	int8_t owner;	  /* the CPU holding it Exclusive or Modified, -1 */
	uint8_t dirty;	  /* the owner's copy is Modified */
} dir_entry;

struct skl_cachesim_smp {
	unsigned ncpus;
	unsigned nprivate;   /* levels of the configuration private to each CPU */
	unsigned line_shift; /* the coherence unit: the smallest private line */
	unsigned transfer;   /* cycles for a line from another CPU's cache */
	unsigned hitm;	     /* the same for a line it held Modified */
	unsigned mem_latency;
	int private_wa;			   /* some private data level allocates on writes */
	uint32_t data_levels;		   /* the private levels on the data path (all but L1i) */
	skl_cachesim **cpu;		   /* ncpus private hierarchies */
	skl_cachesim *shared;		   /* NULL without shared levels */
	struct skl_cachesim_smp_stats *st; /* per CPU */
	dir_entry *dir;
	uint8_t *lost_to; /* cap * ncpus: for entry e and CPU c, the CPU whose write took c's copy */
	size_t cap, count;
	struct skl_budget *budget;
	uint64_t charged; /* the directory's bytes */
};

static int is_split(const char *name)
{
	return !strcmp(name, "L1i") || !strcmp(name, "L1d");
}

const char *skl_mesi_name(skl_mesi s)
{
	static const char *const names[] = {"I", "S", "E", "M"};
	return (unsigned)s <= SKL_MESI_M ? names[s] : "?";
}

/* ---- the directory ----------------------------------------------------- */

static size_t dir_slot(const dir_entry *d, size_t cap, uint64_t key)
{
	size_t mask = cap - 1, i;
	for (i = (size_t)skl_hash64(key) & mask; d[i].key != DIR_EMPTY; i = (i + 1) & mask)
		if (d[i].key == key)
			return i;
	return i;
}

/* The entry of line, or NULL. */
static dir_entry *dir_find(const skl_cachesim_smp *m, uint64_t line)
{
	size_t i = dir_slot(m->dir, m->cap, line + 1);
	return m->dir[i].key == DIR_EMPTY ? NULL : &m->dir[i];
}

/* The CPUs whose holder bit is true: the others' bits (silent evictions)
 * are cleared, and an owner that no longer holds the line owns nothing. */
static void dir_validate(skl_cachesim_smp *m, dir_entry *e, uint64_t addr)
{
	uint64_t p = e->present;
	unsigned c;
	for (c = 0; p; c++, p >>= 1) {
		if (!(p & 1) || skl_cachesim_probe(m->cpu[c], addr, NULL))
			continue;
		e->present &= ~((uint64_t)1 << c);
		if (e->owner == (int)c) {
			e->owner = -1;
			e->dirty = 0;
		}
	}
}

/* The bytes a directory of cap entries takes. */
static uint64_t dir_bytes(const skl_cachesim_smp *m, size_t cap)
{
	return (uint64_t)cap * (sizeof(dir_entry) + m->ncpus);
}

/*
 * Room for two more lines: at half load, lines no CPU holds and none lost
 * are swept out and the rest moved to a table of the same size, or twice
 * it when still over a quarter full (charged to the budget). -1 on a
 * refusal or allocation failure, with nothing changed.
 */
static int dir_reserve(skl_cachesim_smp *m)
{
	size_t live = 0, i, ncap;
	dir_entry *nd;
	uint8_t *nl;
	if ((m->count + 2) * 2 <= m->cap)
		return 0;
	for (i = 0; i < m->cap; i++) {
		dir_entry *e = &m->dir[i];
		if (e->key == DIR_EMPTY)
			continue;
		dir_validate(m, e, (e->key - 1) << m->line_shift);
		if (e->present || e->lost)
			live++;
	}
	ncap = m->cap;
	while ((live + 2) * 4 > ncap)
		ncap *= 2;
	if (ncap > m->cap && skl_budget_charge(m->budget, dir_bytes(m, ncap) - dir_bytes(m, m->cap),
					       "a cache model's coherence directory") < 0)
		return -1;
	nd = skl_calloc(ncap, sizeof(*nd));
	nl = skl_calloc(ncap, m->ncpus);
	if (!nd || !nl) {
		skl_free(nd);
		skl_free(nl);
		if (ncap > m->cap)
			skl_budget_uncharge(m->budget, dir_bytes(m, ncap) - dir_bytes(m, m->cap));
		return -1;
	}
	for (i = 0; i < m->cap; i++) {
		dir_entry *e = &m->dir[i];
		size_t j;
		if (e->key == DIR_EMPTY || !(e->present || e->lost))
			continue;
		j = dir_slot(nd, ncap, e->key);
		nd[j] = *e;
		memcpy(nl + j * m->ncpus, m->lost_to + i * m->ncpus, m->ncpus);
	}
	if (ncap > m->cap)
		m->charged += dir_bytes(m, ncap) - dir_bytes(m, m->cap);
	skl_free(m->dir);
	skl_free(m->lost_to);
	m->dir = nd;
	m->lost_to = nl;
	m->cap = ncap;
	m->count = live;
	return 0;
}

/* The entry of line, made when missing (dir_reserve made room). */
static dir_entry *dir_get(skl_cachesim_smp *m, uint64_t line)
{
	size_t i = dir_slot(m->dir, m->cap, line + 1);
	dir_entry *e = &m->dir[i];
	if (e->key == DIR_EMPTY) {
		e->key = line + 1;
		e->present = e->lost = 0;
		e->owner = -1;
		e->dirty = 0;
		m->count++;
	}
	return e;
}

static skl_mesi state_of(const dir_entry *e, unsigned c)
{
	if (!e || !((e->present >> c) & 1))
		return SKL_MESI_I;
	if (e->owner == (int)c)
		return e->dirty ? SKL_MESI_M : SKL_MESI_E;
	return SKL_MESI_S;
}

/* ---- life -------------------------------------------------------------- */

skl_cachesim_smp *skl_cachesim_smp_new(const skl_cachesim_smp_config *cfg, skl_error *err)
{
	const skl_cachesim_config *b = cfg ? &cfg->base : NULL;
	skl_cachesim_smp *m;
	skl_cachesim_config pc, sc;
	unsigned nshared, i, c, minline = UINT32_MAX;
	uint64_t seed;
	if (!cfg || !b->levels || b->nlevels == 0 || b->nlevels > SKL_CACHESIM_MAX_LEVELS) {
		skl_errorf(err, "cache: need 1 to %d levels", SKL_CACHESIM_MAX_LEVELS);
		return NULL;
	}
	if (cfg->ncpus < 1 || cfg->ncpus > SKL_CACHESIM_MAX_CPUS) {
		skl_errorf(err, "cache: %u CPUs; 1 to %d are modelled", cfg->ncpus, SKL_CACHESIM_MAX_CPUS);
		return NULL;
	}
	for (i = 0; i < b->nlevels; i++)
		if (!b->levels[i].name) {
			skl_errorf(err, "cache level %u: name must be 1 to 15 characters", i);
			return NULL;
		}
	nshared = cfg->shared_levels;
	if (!nshared)
		nshared = b->nlevels >= 2 && !is_split(b->levels[b->nlevels - 1].name) ? 1 : 0;
	if (nshared >= b->nlevels) {
		skl_errorf(err, "cache: %u shared levels leave no private level of %u", nshared, b->nlevels);
		return NULL;
	}
	for (i = b->nlevels - nshared; i < b->nlevels; i++)
		if (is_split(b->levels[i].name)) {
			skl_errorf(err, "cache level %u (%s): a split level cannot be shared", i, b->levels[i].name);
			return NULL;
		}
	m = skl_calloc(1, sizeof(*m));
	if (!m) {
		skl_errorf(err, "cache: out of memory");
		return NULL;
	}
	m->ncpus = cfg->ncpus;
	m->nprivate = b->nlevels - nshared;
	m->budget = b->budget;
	m->mem_latency = b->mem_latency;
	for (i = 0; i < m->nprivate; i++) {
		if (b->levels[i].line && b->levels[i].line < minline)
			minline = b->levels[i].line;
		if (strcmp(b->levels[i].name, "L1i")) {
			m->data_levels |= (uint32_t)1 << i;
			if (b->levels[i].write == SKL_CACHESIM_WB_WA)
				m->private_wa = 1;
		}
	}
	for (m->line_shift = 0; minline != UINT32_MAX && (1u << m->line_shift) < minline; m->line_shift++)
		;
	m->cpu = skl_calloc(m->ncpus, sizeof(*m->cpu));
	m->st = skl_calloc(m->ncpus, sizeof(*m->st));
	if (!m->cpu || !m->st) {
		skl_errorf(err, "cache: out of memory");
		goto out_free;
	}
	/* the shared levels' own seed makes their random replacement draw
	 * what one hierarchy's levels at those indexes would */
	seed = b->seed ? b->seed : 0x2545f4914f6cdd1dULL;
	pc = *b;
	pc.nlevels = m->nprivate;
	pc.mem_latency = nshared ? 0 : b->mem_latency;
	for (c = 0; c < m->ncpus; c++) {
		pc.seed = seed + (uint64_t)c * 0x9e3779b97f4a7c15ULL;
		m->cpu[c] = skl_cachesim_new(&pc, err);
		if (!m->cpu[c])
			goto out_free;
	}
	if (nshared) {
		sc = *b;
		sc.levels = b->levels + m->nprivate;
		sc.nlevels = nshared;
		sc.seed = seed + m->nprivate;
		m->shared = skl_cachesim_new(&sc, err);
		if (!m->shared)
			goto out_free;
	}
	m->transfer = cfg->transfer_latency;
	if (!m->transfer) {
		unsigned d = strcmp(b->levels[0].name, "L1i") || m->nprivate < 2 ? 0 : 1; /* the first data level */
		m->transfer = nshared ? b->levels[m->nprivate].latency + b->levels[d].latency : b->mem_latency;
	}
	m->hitm = cfg->hitm_latency ? cfg->hitm_latency : m->transfer;
	m->cap = 1024;
	if (skl_budget_charge(m->budget, dir_bytes(m, m->cap), "a cache model's coherence directory") < 0) {
		char msg[200];
		skl_errorf(err, "%s", skl_budget_message(m->budget, msg, sizeof(msg)));
		goto out_free;
	}
	m->charged = dir_bytes(m, m->cap);
	m->dir = skl_calloc(m->cap, sizeof(*m->dir));
	m->lost_to = skl_calloc(m->cap, m->ncpus);
	if (!m->dir || !m->lost_to) {
		skl_errorf(err, "cache: out of memory");
		goto out_free;
	}
	return m;
out_free:
	skl_cachesim_smp_free(m);
	return NULL;
}

void skl_cachesim_smp_free(skl_cachesim_smp *m)
{
	unsigned c;
	if (!m)
		return;
	for (c = 0; m->cpu && c < m->ncpus; c++)
		skl_cachesim_free(m->cpu[c]);
	skl_cachesim_free(m->shared);
	skl_budget_uncharge(m->budget, m->charged);
	skl_free(m->cpu);
	skl_free(m->st);
	skl_free(m->dir);
	skl_free(m->lost_to);
	skl_free(m);
}

void skl_cachesim_smp_reset(skl_cachesim_smp *m)
{
	unsigned c;
	for (c = 0; c < m->ncpus; c++)
		skl_cachesim_reset(m->cpu[c]);
	if (m->shared)
		skl_cachesim_reset(m->shared);
	memset(m->st, 0, m->ncpus * sizeof(*m->st));
	memset(m->dir, 0, m->cap * sizeof(*m->dir));
	memset(m->lost_to, 0, m->cap * m->ncpus);
	m->count = 0;
}

unsigned skl_cachesim_smp_ncpus(const skl_cachesim_smp *m)
{
	return m->ncpus;
}

const skl_cachesim *skl_cachesim_smp_cpu(const skl_cachesim_smp *m, unsigned cpu)
{
	return m && cpu < m->ncpus ? m->cpu[cpu] : NULL;
}

const skl_cachesim *skl_cachesim_smp_shared(const skl_cachesim_smp *m)
{
	return m ? m->shared : NULL;
}

unsigned skl_cachesim_smp_private_levels(const skl_cachesim_smp *m)
{
	return m->nprivate;
}

unsigned skl_cachesim_smp_transfer_latency(const skl_cachesim_smp *m)
{
	return m->transfer;
}

unsigned skl_cachesim_smp_hitm_latency(const skl_cachesim_smp *m)
{
	return m->hitm;
}

unsigned skl_cachesim_smp_levels(const skl_cachesim_smp *m)
{
	return m->nprivate + (m->shared ? skl_cachesim_levels(m->shared) : 0);
}

int skl_cachesim_smp_level_stats(const skl_cachesim_smp *m, unsigned level, struct skl_cachesim_stats *out)
{
	struct skl_cachesim_stats t;
	unsigned c, k;
	if (!m || !out || level >= skl_cachesim_smp_levels(m))
		return -1;
	if (level >= m->nprivate)
		return skl_cachesim_stats(m->shared, level - m->nprivate, out);
	skl_cachesim_stats(m->cpu[0], level, out);
	for (c = 1; c < m->ncpus; c++) {
		skl_cachesim_stats(m->cpu[c], level, &t);
		for (k = 0; k < 3; k++) {
			out->refs[k] += t.refs[k];
			out->misses[k] += t.misses[k];
		}
		out->hits += t.hits;
		out->compulsory += t.compulsory;
		out->capacity += t.capacity;
		out->conflict += t.conflict;
		out->evictions += t.evictions;
		out->dirty_evictions += t.dirty_evictions;
		out->writebacks += t.writebacks;
	}
	return 0;
}

void skl_cachesim_smp_write_summary(const skl_cachesim_smp *m, const skl_sink *sink)
{
	struct skl_cachesim_stats st[SKL_CACHESIM_MAX_LEVELS];
	unsigned n = skl_cachesim_smp_levels(m), i, i1 = 0, d1 = 0;
	int have_i = 0, have_d = 0;
	for (i = 0; i < n; i++) {
		skl_cachesim_smp_level_stats(m, i, &st[i]);
		if (!strcmp(st[i].name, "L1i") && !have_i) {
			i1 = i;
			have_i = 1;
		} else if (strcmp(st[i].name, "L1i") && !have_d) {
			d1 = i;
			have_d = 1;
		}
	}
	skl_cachesim_write_summary_of(&st[have_i ? i1 : d1], &st[d1], &st[n - 1], sink);
}

skl_mesi skl_cachesim_smp_state(const skl_cachesim_smp *m, unsigned cpu, uint64_t addr)
{
	const dir_entry *e;
	if (!m || cpu >= m->ncpus)
		return SKL_MESI_I;
	e = dir_find(m, addr >> m->line_shift);
	/* a silently evicted copy is Invalid whatever its holder bit says */
	if (!e || !skl_cachesim_probe(m->cpu[cpu], addr, NULL))
		return SKL_MESI_I;
	return state_of(e, cpu);
}

int skl_cachesim_smp_stats(const skl_cachesim_smp *m, unsigned cpu, struct skl_cachesim_smp_stats *out)
{
	if (!m || cpu >= m->ncpus || !out)
		return -1;
	*out = m->st[cpu];
	return 0;
}

/* ---- one access -------------------------------------------------------- */

/* What the protocol did to one line, before the private levels are walked. */
typedef struct line_step {
	skl_mesi before, after;
	skl_smp_source source; /* for a private miss: PEER, else decided by the shared level */
	int peer, coherence, lost_to;
	skl_mesi peer_state;
	unsigned invalidated;
} line_step;

/* Invalidates every other holder of e's line (another CPU's write). */
static unsigned invalidate_others(skl_cachesim_smp *m, dir_entry *e, unsigned cpu, uint64_t addr)
{
	uint64_t p = e->present & ~((uint64_t)1 << cpu);
	size_t ei = (size_t)(e - m->dir);
	unsigned c, n = 0;
	for (c = 0; p; c++, p >>= 1) {
		if (!(p & 1))
			continue;
		skl_cachesim_invalidate(m->cpu[c], addr);
		e->lost |= (uint64_t)1 << c;
		m->lost_to[ei * m->ncpus + c] = (uint8_t)cpu;
		m->st[c].invalidated++;
		n++;
	}
	e->present &= (uint64_t)1 << cpu;
	return n;
}

/*
 * models MESI for one line of an access by cpu (e validated: its holder
 * bits are true); held: cpu's private levels hold the line.
 *   read hit: no change.  write hit: E -> M silently; S -> M invalidating the
 *   others (an upgrade, no data).
 *   miss: an owner elsewhere (E or M) supplies it (a transfer; from M a
 *   HITM, the owner writing it back). A read leaves both Shared (Exclusive
 *   when nobody else holds it); a write (a read-for-ownership) invalidates
 *   every other copy and leaves it Modified.
 */
static void line_protocol(skl_cachesim_smp *m, dir_entry *e, unsigned cpu, uint64_t addr, int write, int held,
			  line_step *s)
{
	uint64_t bit = (uint64_t)1 << cpu;
	memset(s, 0, sizeof(*s));
	s->peer = s->lost_to = -1;
	s->before = held ? state_of(e, cpu) : SKL_MESI_I;
	s->source = SKL_SMP_PRIVATE;
	if (held) {
		if (write) {
			if (s->before == SKL_MESI_S) {
				s->invalidated = invalidate_others(m, e, cpu, addr);
				m->st[cpu].upgrades++;
			}
			e->owner = (int8_t)cpu;
			e->dirty = 1;
		}
		s->after = state_of(e, cpu);
		return;
	}
	e->present &= ~bit; /* a copy the private levels lost silently */
	if (e->owner == (int)cpu) {
		e->owner = -1;
		e->dirty = 0;
	}
	if (e->lost & bit) { /* the fourth C */
		s->coherence = 1;
		s->lost_to = m->lost_to[(size_t)(e - m->dir) * m->ncpus + cpu];
		e->lost &= ~bit;
		m->st[cpu].coherence++;
	}
	s->source = SKL_SMP_SHARED; /* or memory: the shared level's walk says */
	if (e->owner >= 0) {
		unsigned o = (unsigned)e->owner;
		s->source = SKL_SMP_PEER;
		s->peer = (int)o;
		s->peer_state = e->dirty ? SKL_MESI_M : SKL_MESI_E;
		m->st[cpu].transfers++;
		if (e->dirty)
			m->st[cpu].hitm++;
		if (!write) { /* the owner keeps a Shared copy, written back when Modified */
			if (e->dirty) {
				skl_cachesim_clean(m->cpu[o], addr);
				m->st[o].writebacks++;
			}
			e->owner = -1;
			e->dirty = 0;
		}
	}
	if (write) {
		s->invalidated = invalidate_others(m, e, cpu, addr);
		if (s->invalidated)
			m->st[cpu].rfo++;
		e->owner = (int8_t)cpu;
		e->dirty = 1;
	} else if (!e->present) {
		e->owner = (int8_t)cpu;
		e->dirty = 0;
	}
	e->present |= bit;
	s->after = state_of(e, cpu);
}

int skl_cachesim_smp_access(skl_cachesim_smp *m, unsigned cpu, uint64_t addr, unsigned size, int kind,
			    skl_cachesim_smp_result *out)
{
	skl_cachesim_result pr, sr;
	skl_cachesim_smp_result res;
	line_step step[2];
	uint64_t first, last;
	unsigned nl, j, carried;
	dir_entry *ent[2];
	int held[2];
	int write = kind == SKL_CACHESIM_WRITE;
	if (!m || cpu >= m->ncpus || (unsigned)kind > SKL_CACHESIM_IFETCH)
		return -1;
	size += size == 0;
	if (addr + (size - 1) < addr)
		return -1;
	first = addr >> m->line_shift;
	last = (addr + size - 1) >> m->line_shift;
	if (last - first > 1)
		return -1; /* wider than a line: the private levels refuse it too */
	nl = (unsigned)(last - first) + 1;
	if (m->count + 2 > m->cap / 2 && dir_reserve(m) < 0)
		return -1;
	/* which lines of a write reach the shared level still dirty: none when
	 * a private level allocates on writes (the walk reaches the shared
	 * level only through it), else those no private data level held */
	carried = 0;
	for (j = 0; write && !m->private_wa && j < nl; j++)
		if (!(skl_cachesim_probe(m->cpu[cpu], (first + j) << m->line_shift, NULL) & m->data_levels))
			carried |= 1u << j;
	/* the directory's view of the lines before the walk: whether this CPU
	 * holds each, its holders checked against their caches */
	for (j = 0; j < nl; j++) {
		uint64_t la = (first + j) << m->line_shift;
		ent[j] = dir_get(m, first + j);
		held[j] = skl_cachesim_probe(m->cpu[cpu], la, NULL) != 0;
		dir_validate(m, ent[j], la);
		if (held[j] && !((ent[j]->present >> cpu) & 1)) {
			/* a larger private line took it in beside another one: the
			 * directory never gave it, so it goes and is asked for */
			skl_cachesim_invalidate(m->cpu[cpu], la);
			held[j] = 0;
		}
	}
	/* the walks, which may fail (a first-touch set that cannot grow) before
	 * the protocol changes any other CPU's copy */
	if (skl_cachesim_access(m->cpu[cpu], addr, size, kind, &pr) < 0)
		return -1;
	if (pr.hit_level < 0 && m->shared && skl_cachesim_access_below(m->shared, addr, size, kind, carried, &sr) < 0)
		return -1; /* the private levels' walk is done; no other CPU's state changed */
	for (j = 0; j < nl; j++)
		line_protocol(m, ent[j], cpu, (first + j) << m->line_shift, write, held[j], &step[j]);
	memset(&res, 0, sizeof(res));
	res.r = pr;
	res.source = SKL_SMP_PRIVATE;
	if (pr.hit_level < 0) {
		res.source = m->shared ? SKL_SMP_SHARED : SKL_SMP_MEMORY;
		if (m->shared) {
			res.r.latency += sr.latency;
			res.r.hit_level = sr.hit_level < 0 ? -1 : sr.hit_level + (int)m->nprivate;
			res.r.missed |= sr.missed << m->nprivate;
			if (sr.hit_level < 0)
				res.source = SKL_SMP_MEMORY;
		}
	}
	res.peer = -1;
	res.lost_to = -1;
	for (j = 0; j < nl; j++) {
		const line_step *s = &step[j];
		res.invalidated += s->invalidated;
		if (s->coherence && !res.coherence) {
			res.coherence = 1;
			res.lost_to = s->lost_to;
		}
		if (s->source == SKL_SMP_PEER && res.peer < 0) {
			res.peer = s->peer;
			res.peer_state = s->peer_state;
		}
	}
	if (res.peer >= 0 && res.source != SKL_SMP_PRIVATE) {
		/* the line came over from the peer's cache: the private lookups, then the transfer */
		res.source = SKL_SMP_PEER;
		res.r.latency = pr.latency - (m->shared ? 0 : m->mem_latency) +
				(res.peer_state == SKL_MESI_M ? m->hitm : m->transfer);
	}
	res.before = step[0].before;
	res.after = step[0].after;
	if (out)
		*out = res;
	return 0;
}
