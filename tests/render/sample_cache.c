/*
 * sample_cache.c - the Pentium III cache snapshot of sample_cache.h, built
 * by feeding the cache model and copying what it holds.
 */
#include "sample_cache.h"

#include <stdio.h>
#include <string.h>

#define NSOCK 76
#define OBJ 800	     /* tcp_sock, rounded to 32-byte lines (25 of them) */
#define PER_SLAB 10  /* (8192 - 64) / 800 */
#define SLAB 0x2000u /* two pages */
#define MGMT 64u     /* slab_t (24 B) + 10 bufctl words, rounded to a line */
#define BASE 0xc1400000u
#define LINE 32u
#define NSLABS ((NSOCK + PER_SLAB - 1) / PER_SLAB)
#define NLINES_MEM ((int)(NSLABS * SLAB / LINE))

/* The members the sample charges, in offset order within each owner. */
static const struct {
	const char *owner, *member;
	unsigned offset, size;
} members[] = {
    {"slab_t", "", 0, 24},	     {"tcp_sock", "", 0, OBJ},	   {"tcp_sock", "daddr", 0, 4},
    {"tcp_sock", "rcv_saddr", 4, 4}, {"tcp_sock", "dport", 8, 2},  {"tcp_sock", "num", 10, 2},
    {"tcp_sock", "sport", 34, 2},    {"tcp_sock", "state", 32, 1},
};
#define NMEMBERS ((int)(sizeof(members) / sizeof(members[0])))
enum { M_SLAB, M_ZERO, M_DADDR, M_RCV_SADDR, M_DPORT, M_NUM, M_SPORT, M_STATE };

/* lines[]: slab_t lines 0-1, then tcp_sock lines 0-24 */
#define NOBJLINES ((int)(2 + OBJ / LINE))

typedef struct feeder {
	skl_cachesim *h;
	skl_cachesim_snap *s;
	int line_owner[NLINES_MEM]; /* owner index per memory line */
} feeder;

static int owner_of(skl_cachesim_snap *s, const char *name)
{
	int i;
	for (i = 0; i < s->nowners; i++)
		if (!strcmp(s->owners[i], name))
			return i;
	s->owners[s->nowners] = skl_strdup(name);
	return s->owners[s->nowners] ? s->nowners++ : -1;
}

static void charge(skl_cachesim_snap *s, skl_cachesim_attr *a, int write, const skl_cachesim_result *r)
{
	int l;
	if (write)
		a->writes++;
	else
		a->reads++;
	for (l = 0; l < s->nlevels; l++)
		if (r->missed & (1u << l))
			a->misses[l]++;
	a->cycles += r->latency;
}

/* One access of size bytes at addr, by member m of the object at obj. */
static void feed(feeder *f, int m, uint64_t obj, uint64_t addr, unsigned size, int write)
{
	skl_cachesim_snap *s = f->s;
	skl_cachesim_result r;
	char name[160];
	uint64_t rel = addr - obj;
	int objline;
	if (skl_cachesim_access(f->h, addr, size, write ? SKL_CACHESIM_WRITE : SKL_CACHESIM_READ, &r) < 0)
		return;
	s->accesses++;
	s->cycles += r.latency;
	charge(s, &s->members[m], write, &r);
	objline = m == M_SLAB ? (int)(rel / LINE) : 2 + (int)(rel / LINE);
	if (objline >= 0 && objline < NOBJLINES)
		charge(s, &s->lines[objline], write, &r);
	if (members[m].member[0])
		snprintf(name, sizeof(name), "%s.%s", members[m].owner, members[m].member);
	else
		snprintf(name, sizeof(name), "%s", members[m].owner);
	f->line_owner[(addr - BASE) / LINE] = owner_of(s, name);
}

static uint64_t sock_addr(int i)
{
	return BASE + (uint64_t)(i / PER_SLAB) * SLAB + MGMT + (uint64_t)(i % PER_SLAB) * OBJ;
}

static uint64_t slab_addr(int i)
{
	return BASE + (uint64_t)(i / PER_SLAB) * SLAB;
}

/* Copies level l's counters and (when copy) lines; recent = used after tick0. */
static int copy_level(feeder *f, unsigned l, int copy, uint64_t tick0)
{
	skl_cachesim_snap_level *lv = &f->s->levels[l];
	unsigned set, way;
	skl_cachesim_stats(f->h, l, &lv->st);
	if (!copy)
		return 0;
	lv->lines = skl_calloc((size_t)lv->st.sets * lv->st.assoc, sizeof(*lv->lines));
	if (!lv->lines)
		return -1;
	for (set = 0; set < lv->st.sets; set++)
		for (way = 0; way < lv->st.assoc; way++) {
			skl_cachesim_lineinfo cl;
			skl_cachesim_snap_line *o = &lv->lines[(size_t)set * lv->st.assoc + way];
			o->owner = -1;
			if (skl_cachesim_line(f->h, l, set, way, &cl) < 0 || !cl.valid)
				continue;
			o->addr = cl.addr;
			o->valid = 1;
			o->dirty = (uint8_t)cl.dirty;
			o->last_hit = (uint8_t)cl.last_hit;
			o->recent = cl.last_use > tick0;
			o->missed = cl.installed > tick0;
			if (cl.addr >= BASE && (cl.addr - BASE) / LINE < NLINES_MEM)
				o->owner = f->line_owner[(cl.addr - BASE) / LINE];
		}
	return 0;
}

static uint64_t max_tick(skl_cachesim *h, unsigned l)
{
	struct skl_cachesim_stats st;
	uint64_t t = 0;
	unsigned set, way;
	skl_cachesim_stats(h, l, &st);
	for (set = 0; set < st.sets; set++)
		for (way = 0; way < st.assoc; way++) {
			skl_cachesim_lineinfo cl;
			if (skl_cachesim_line(h, l, set, way, &cl) == 0 && cl.valid && cl.last_use > t)
				t = cl.last_use;
		}
	return t;
}

skl_cachesim_snap *sample_cache_p3(int l2_lines)
{
	static const skl_cachesim_level lv[2] = {
	    {"L1d", 16384, 4, 32, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 3},
	    {"L2", 262144, 8, 32, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 7},
	};
	skl_cachesim_config cfg;
	skl_error err;
	feeder *f;
	skl_cachesim_snap *s;
	uint64_t t0[2];
	int i, k;

	memset(&cfg, 0, sizeof(cfg));
	cfg.levels = lv;
	cfg.nlevels = 2;
	cfg.mem_latency = 80;
	f = skl_calloc(1, sizeof(*f));
	s = skl_calloc(1, sizeof(*s));
	if (!f || !s)
		goto fail;
	f->s = s;
	for (i = 0; i < NLINES_MEM; i++)
		f->line_owner[i] = -1;
	f->h = skl_cachesim_new(&cfg, &err);
	s->levels = skl_calloc(2, sizeof(*s->levels));
	s->owners = skl_calloc(NMEMBERS + 1, sizeof(char *));
	s->members = skl_calloc(NMEMBERS, sizeof(*s->members));
	s->lines = skl_calloc(NOBJLINES, sizeof(*s->lines));
	if (!f->h || !s->levels || !s->owners || !s->members || !s->lines)
		goto fail;
	snprintf(s->title, sizeof(s->title), "Pentium III (Coppermine), 800 MHz");
	snprintf(s->source, sizeof(s->source),
		 "Intel P6 family manuals: L1d 16 KiB 4-way, L2 256 KiB 8-way, 32-byte lines; latencies typical");
	s->mem_latency = 80;
	s->nlevels = 2;
	s->levels[0].latency = 3;
	s->levels[1].latency = 7;
	s->nmembers = NMEMBERS;
	for (i = 0; i < NMEMBERS; i++) {
		snprintf(s->members[i].owner, sizeof(s->members[i].owner), "%s", members[i].owner);
		snprintf(s->members[i].member, sizeof(s->members[i].member), "%s", members[i].member);
		s->members[i].offset = members[i].offset;
		s->members[i].size = members[i].size;
	}
	s->nlines = NOBJLINES;
	for (i = 0; i < NOBJLINES; i++) {
		skl_cachesim_attr *a = &s->lines[i];
		int slab = i < 2;
		snprintf(a->owner, sizeof(a->owner), "%s", slab ? "slab_t" : "tcp_sock");
		snprintf(a->member, sizeof(a->member), "line %d", slab ? i : i - 2);
		a->offset = (unsigned)(slab ? i : i - 2) * LINE;
		a->size = LINE;
	}

	/* kmem_cache_alloc + zeroing + identity, socket by socket */
	for (i = 0; i < NSOCK; i++) {
		uint64_t sb = slab_addr(i), o = sock_addr(i);
		feed(f, M_SLAB, sb, sb + 16, 4, 0);				   /* slab->free */
		feed(f, M_SLAB, sb, sb + 24 + 4 * (uint64_t)(i % PER_SLAB), 4, 0); /* bufctl */
		feed(f, M_SLAB, sb, sb + 16, 4, 1);
		feed(f, M_SLAB, sb, sb + 20, 4, 1); /* slab->inuse */
		for (k = 0; k < OBJ; k += 4)
			feed(f, M_ZERO, o, o + (uint64_t)k, 4, 1);
		feed(f, M_DADDR, o, o + 0, 4, 1);
		feed(f, M_RCV_SADDR, o, o + 4, 4, 1);
		feed(f, M_DPORT, o, o + 8, 2, 1);
		feed(f, M_NUM, o, o + 10, 2, 1);
		feed(f, M_SPORT, o, o + 34, 2, 1);
		feed(f, M_STATE, o, o + 32, 1, 1);
	}
	t0[0] = max_tick(f->h, 0);
	t0[1] = max_tick(f->h, 1);
	/* the lookups: daddr in line 0, sport in line 1 */
	for (i = 0; i < NSOCK; i++) {
		uint64_t o = sock_addr(i);
		feed(f, M_DADDR, o, o + 0, 4, 0);
		feed(f, M_SPORT, o, o + 34, 2, 0);
	}
	if (copy_level(f, 0, 1, t0[0]) < 0 || copy_level(f, 1, l2_lines, t0[1]) < 0)
		goto fail;
	skl_cachesim_free(f->h);
	skl_free(f);
	return s;
fail:
	if (f)
		skl_cachesim_free(f->h);
	skl_free(f);
	skl_cachesim_snap_free(s);
	return NULL;
}

/* ---- several CPUs, kept coherent ------------------------------------------------ */

#include "sklab/cachesim_smp.h"

#define SMP_MAX_LINES 4096 /* distinct lines a sample trace may touch */

typedef struct smp_feeder {
	skl_cachesim_snap *s;
	uint64_t line[SMP_MAX_LINES]; /* line addresses seen, with their owner */
	int owner[SMP_MAX_LINES];
	int nline;
} smp_feeder;

static void note_owner(smp_feeder *f, uint64_t addr, const char *name)
{
	uint64_t la = addr & ~(uint64_t)63;
	int i, o = name ? owner_of(f->s, name) : -1;
	for (i = 0; i < f->nline; i++)
		if (f->line[i] == la) {
			f->owner[i] = o;
			return;
		}
	if (f->nline < SMP_MAX_LINES) {
		f->line[f->nline] = la;
		f->owner[f->nline++] = o;
	}
}

static int owner_at(const smp_feeder *f, uint64_t addr)
{
	int i;
	for (i = 0; i < f->nline; i++)
		if (f->line[i] == addr)
			return f->owner[i];
	return -1;
}

/* Level l of hierarchy h into lv: counters, lines (recent = used after
 * tick0), and with smp the MESI state of cpu. */
static int smp_level(smp_feeder *f, skl_cachesim_snap_level *lv, const skl_cachesim *h, unsigned l, uint64_t tick0,
		     const skl_cachesim_smp *smp, int cpu, unsigned latency)
{
	unsigned set, way;
	skl_cachesim_stats(h, l, &lv->st);
	lv->latency = latency;
	lv->lines = skl_calloc((size_t)lv->st.sets * lv->st.assoc, sizeof(*lv->lines));
	if (!lv->lines)
		return -1;
	for (set = 0; set < lv->st.sets; set++)
		for (way = 0; way < lv->st.assoc; way++) {
			skl_cachesim_lineinfo cl;
			skl_cachesim_snap_line *o = &lv->lines[(size_t)set * lv->st.assoc + way];
			o->owner = -1;
			if (skl_cachesim_line(h, l, set, way, &cl) < 0 || !cl.valid)
				continue;
			o->addr = cl.addr;
			o->valid = 1;
			o->dirty = (uint8_t)cl.dirty;
			o->last_hit = (uint8_t)cl.last_hit;
			o->recent = cl.last_use > tick0;
			o->missed = cl.installed > tick0;
			o->owner = owner_at(f, cl.addr);
			if (cpu >= 0)
				o->mesi = (uint8_t)skl_cachesim_smp_state(smp, (unsigned)cpu, cl.addr);
		}
	return 0;
}

skl_cachesim_snap *sample_cache_smp(unsigned ncpus, unsigned cpu, const sample_access *acc, int n, int nstep)
{
	static const skl_cachesim_level lv[3] = {
	    {"L1d", 32768, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 4},
	    {"L2", 262144, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 12},
	    {"L3", 2097152, 16, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 40},
	};
	skl_cachesim_smp_config cfg;
	skl_cachesim_smp *m;
	skl_cachesim_snap *s;
	smp_feeder *f;
	skl_error err;
	uint64_t(*t0)[3];
	unsigned c, l;
	int i;

	if (ncpus < 2 || cpu >= ncpus || n < 0 || nstep > n)
		return NULL;
	memset(&cfg, 0, sizeof(cfg));
	cfg.base.levels = lv;
	cfg.base.nlevels = 3;
	cfg.base.mem_latency = 200;
	cfg.ncpus = ncpus;
	m = skl_cachesim_smp_new(&cfg, &err);
	f = skl_calloc(1, sizeof(*f));
	s = skl_calloc(1, sizeof(*s));
	t0 = skl_calloc(ncpus + 1, sizeof(*t0));
	if (!m || !f || !s || !t0)
		goto fail;
	f->s = s;
	s->owners = skl_calloc(64, sizeof(char *));
	s->cpus = skl_calloc(ncpus, sizeof(*s->cpus));
	s->levels = skl_calloc(3, sizeof(*s->levels));
	if (!s->owners || !s->cpus || !s->levels)
		goto fail;
	snprintf(s->title, sizeof(s->title), "Test SMP machine, %u CPUs", ncpus);
	snprintf(s->source, sizeof(s->source), "synthetic figures for the render test: MESI, private L1d and L2");
	s->mem_latency = 200;
	s->ncpus = (int)ncpus;
	s->cpu = (int)cpu;
	s->nprivate = (int)skl_cachesim_smp_private_levels(m);
	for (i = 0; i < n; i++) {
		skl_cachesim_smp_result r;
		if (i == n - nstep)
			for (c = 0; c <= ncpus; c++)
				for (l = 0; l < 3; l++)
					t0[c][l] = c < ncpus
						       ? (l < (unsigned)s->nprivate
							      ? max_tick((skl_cachesim *)skl_cachesim_smp_cpu(m, c), l)
							      : 0)
						       : (l >= (unsigned)s->nprivate
							      ? max_tick((skl_cachesim *)skl_cachesim_smp_shared(m),
									 l - (unsigned)s->nprivate)
							      : 0);
		if (skl_cachesim_smp_access(m, acc[i].cpu, acc[i].addr, acc[i].size,
					    acc[i].write ? SKL_CACHESIM_WRITE : SKL_CACHESIM_READ, &r) < 0)
			goto fail;
		note_owner(f, acc[i].addr, acc[i].owner);
		s->accesses++;
		s->cycles += r.r.latency;
	}
	for (c = 0; c < ncpus; c++) {
		skl_cachesim_snap_cpu *sc = &s->cpus[c];
		struct skl_cachesim_smp_stats st;
		sc->nlevels = s->nprivate;
		sc->levels = skl_calloc((size_t)s->nprivate, sizeof(*sc->levels));
		if (!sc->levels)
			goto fail;
		for (l = 0; l < (unsigned)s->nprivate; l++)
			if (smp_level(f, &sc->levels[l], skl_cachesim_smp_cpu(m, c), l, t0[c][l], m, (int)c,
				      lv[l].latency) < 0)
				goto fail;
		skl_cachesim_smp_stats(m, c, &st);
		sc->coherence = st.coherence;
		sc->transfers = st.transfers;
		sc->hitm = st.hitm;
		sc->invalidated = st.invalidated;
	}
	s->nlevels = 3;
	for (l = 0; l < 3; l++) {
		skl_cachesim_snap_level *d = &s->levels[l];
		if (l < (unsigned)s->nprivate) { /* the current CPU's, copied */
			const skl_cachesim_snap_level *from = &s->cpus[cpu].levels[l];
			size_t nl = (size_t)from->st.sets * from->st.assoc;
			*d = *from;
			d->lines = skl_calloc(nl, sizeof(*d->lines));
			if (!d->lines)
				goto fail;
			memcpy(d->lines, from->lines, nl * sizeof(*d->lines));
		} else if (smp_level(f, d, skl_cachesim_smp_shared(m), l - (unsigned)s->nprivate, t0[ncpus][l], m, -1,
				     lv[l].latency) < 0) {
			goto fail;
		}
	}
	skl_cachesim_smp_free(m);
	skl_free(f);
	skl_free(t0);
	return s;
fail:
	skl_cachesim_smp_free(m);
	skl_free(f);
	skl_free(t0);
	skl_cachesim_snap_free(s);
	return NULL;
}

skl_cachesim_snap *sample_cache_smp_sharing(unsigned ncpus)
{
	static const char *const counter[] = {"counters.cpu0", "counters.cpu1", "counters.cpu2", "counters.cpu3",
					      "counters.cpu4", "counters.cpu5", "counters.cpu6", "counters.cpu7"};
	enum { ROUNDS = 3, TABLE = 6, BUF = 24 };
	sample_access *acc;
	skl_cachesim_snap *s;
	int n = 0, cap, r, k;
	unsigned c;
	if (ncpus < 2 || ncpus > 8)
		return NULL;
	cap = (int)ncpus * ROUNDS * (2 + TABLE + BUF);
	acc = skl_calloc((size_t)cap, sizeof(*acc));
	if (!acc)
		return NULL;
	for (r = 0; r < ROUNDS; r++)
		for (c = 0; c < ncpus; c++) {
			/* its counter: 8 bytes every 32, two counters to a 64-byte line */
			acc[n++] = (sample_access){c, 0x100000 + 32 * (uint64_t)c, 8, 0, counter[c]};
			acc[n++] = (sample_access){c, 0x100000 + 32 * (uint64_t)c, 8, 1, counter[c]};
			for (k = 0; k < TABLE; k++) /* the read-mostly table */
				acc[n++] = (sample_access){c, 0x200000 + 64 * (uint64_t)k, 8, 0, "table"};
			for (k = 0; k < BUF; k++) /* its own buffer: written every other line */
				acc[n++] = (sample_access){c, 0x400000 + 0x10000 * (uint64_t)c + 64 * (uint64_t)k, 8,
							   k % 2, "buffer"};
		}
	s = sample_cache_smp(ncpus, 0, acc, n, (int)ncpus * (2 + TABLE + BUF));
	skl_free(acc);
	return s;
}
