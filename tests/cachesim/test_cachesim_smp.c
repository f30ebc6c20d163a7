/*
 * test_cachesim_smp.c - the coherent N-CPU cache model: MESI's transitions
 * row by row against a hand-worked trace, a silently evicted Modified copy
 * (no HITM), false sharing (two CPUs writing different words of one line,
 * then a line apart), true sharing (the same word), one writer and one
 * reader, the line operations it needs from the one-CPU model (probe,
 * invalidate, clean), and one CPU giving every figure of one skl_cachesim of
 * the same configuration fed the same random trace; bad arguments and the
 * budget.
 *
 * usage: test_cachesim_smp MODE; MODE is protocol, evicted, false_sharing,
 * true_sharing, writer_reader, lineops, equiv, args, budget or allocfail.
 */
#include "check.h"
#include "fault.h"

#include "sklab/budget.h"
#include "sklab/cachesim_smp.h"

#include <stdint.h>
#include <stdlib.h>

enum { R = SKL_CACHESIM_READ, W = SKL_CACHESIM_WRITE, I = SKL_CACHESIM_IFETCH };
#define MI SKL_MESI_I
#define MS SKL_MESI_S
#define ME SKL_MESI_E
#define MM SKL_MESI_M
#define PRIV SKL_SMP_PRIVATE
#define PEER SKL_SMP_PEER
#define SHRD SKL_SMP_SHARED
#define MEM SKL_SMP_MEMORY

/* A private L1d (latency 4) and a shared L2 (latency 12), memory 100: a
 * transfer from another CPU costs 12 + 4 cycles by default. */
static const skl_cachesim_level two_levels[] = {
    {"L1d", 32768, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 4},
    {"L2", 262144, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 12},
};

static skl_cachesim_smp *make(const skl_cachesim_level *lv, unsigned n, unsigned ncpus, skl_budget *b)
{
	skl_cachesim_smp_config c;
	skl_error err;
	skl_cachesim_smp *m;
	memset(&c, 0, sizeof(c));
	c.base.levels = lv;
	c.base.nlevels = n;
	c.base.mem_latency = 100;
	c.base.budget = b;
	c.ncpus = ncpus;
	m = skl_cachesim_smp_new(&c, &err);
	if (!m) {
		char msg[400];
		skl_error_format(&err, msg, sizeof(msg));
		printf("smp_new: %s\n", msg);
	}
	return m;
}

static struct skl_cachesim_smp_stats stats_of(const skl_cachesim_smp *m, unsigned cpu)
{
	struct skl_cachesim_smp_stats s;
	memset(&s, 0, sizeof(s));
	CHECK_INT(skl_cachesim_smp_stats(m, cpu, &s), 0);
	return s;
}

/* ---- the protocol, row by row ----------------------------------------- */

#define A 0x10000u
#define B 0x20000u

typedef struct row {
	unsigned cpu;
	int op;
	uint64_t addr;
	int source, peer, peer_state, before, after;
	unsigned invalidated;
	int coherence, lost_to;
	unsigned latency;
} row;

/*
 * Worked by hand with two CPUs, lines A and B (L1d 4, L2 12, memory 100,
 * transfer 16):
 */
static const row protocol_rows[] = {
    /* cpu0 reads A: nobody has it, L2 misses: from memory, Exclusive (4 + 12 + 100) */
    {0, R, A, MEM, -1, MI, MI, ME, 0, 0, -1, 116},
    /* cpu1 reads A: cpu0 owns it Exclusive and supplies it; both Shared (4 + 16) */
    {1, R, A, PEER, 0, ME, MI, MS, 0, 0, -1, 20},
    /* cpu0 writes A, holding it Shared: an upgrade invalidates cpu1's copy */
    {0, W, A, PRIV, -1, MI, MS, MM, 1, 0, -1, 4},
    /* cpu1 reads A: a coherence miss (lost to cpu0); cpu0's Modified copy
     * supplies it (HITM), is written back, both Shared */
    {1, R, A + 8, PEER, 0, MM, MI, MS, 0, 1, 0, 20},
    /* cpu1 writes A: an upgrade, cpu0's copy goes */
    {1, W, A + 8, PRIV, -1, MI, MS, MM, 1, 0, -1, 4},
    /* cpu0 writes A: a coherence miss (lost to cpu1), a HITM, and the
     * read-for-ownership invalidates cpu1's copy */
    {0, W, A, PEER, 1, MM, MI, MM, 1, 1, 1, 20},
    /* cpu0 reads A: a hit, still Modified */
    {0, R, A + 16, PRIV, -1, MI, MM, MM, 0, 0, -1, 4},
    /* cpu1 reads B: from memory, Exclusive */
    {1, R, B, MEM, -1, MI, MI, ME, 0, 0, -1, 116},
    /* cpu1 writes B: Exclusive to Modified, silently */
    {1, W, B, PRIV, -1, MI, ME, MM, 0, 0, -1, 4},
    /* cpu0 reads B: a HITM from cpu1, both Shared */
    {0, R, B + 40, PEER, 1, MM, MI, MS, 0, 0, -1, 20},
    /* cpu1 reads A: a coherence miss (lost to cpu0 at the row 6 write), HITM */
    {1, R, A, PEER, 0, MM, MI, MS, 0, 1, 0, 20},
    /* cpu0 and cpu1 read A: hits, Shared */
    {0, R, A, PRIV, -1, MI, MS, MS, 0, 0, -1, 4},
    {1, R, A, PRIV, -1, MI, MS, MS, 0, 0, -1, 4},
    /* cpu0 writes B, Shared with cpu1: an upgrade */
    {0, W, B, PRIV, -1, MI, MS, MM, 1, 0, -1, 4},
    /* cpu1 writes B: a coherence miss, HITM, RFO */
    {1, W, B, PEER, 0, MM, MI, MM, 1, 1, 0, 20},
};

static void t_protocol(void)
{
	skl_cachesim_smp *m = make(two_levels, 2, 2, NULL);
	struct skl_cachesim_smp_stats s0, s1;
	size_t i;
	if (!m)
		return;
	CHECK_INT(skl_cachesim_smp_ncpus(m), 2);
	CHECK_INT(skl_cachesim_smp_private_levels(m), 1);
	CHECK_INT(skl_cachesim_smp_transfer_latency(m), 16);
	for (i = 0; i < sizeof(protocol_rows) / sizeof(protocol_rows[0]); i++) {
		const row *w = &protocol_rows[i];
		skl_cachesim_smp_result r;
		memset(&r, 0x5a, sizeof(r));
		CHECK_INT(skl_cachesim_smp_access(m, w->cpu, w->addr, 4, w->op, &r), 0);
		printf("row %zu: cpu%u %s %#llx\n", i + 1, w->cpu, w->op == W ? "W" : "R", (unsigned long long)w->addr);
		CHECK_INT(r.source, w->source);
		CHECK_INT(r.peer, w->peer);
		if (w->peer >= 0)
			CHECK_INT(r.peer_state, w->peer_state);
		CHECK_INT(r.before, w->before);
		CHECK_INT(r.after, w->after);
		CHECK_INT(r.invalidated, w->invalidated);
		CHECK_INT(r.coherence, w->coherence);
		CHECK_INT(r.lost_to, w->lost_to);
		CHECK_INT(r.r.latency, w->latency);
		CHECK_INT(skl_cachesim_smp_state(m, w->cpu, w->addr), w->after);
	}
	/* where the trace ends: cpu1 owns B Modified, A Shared by both */
	CHECK_INT(skl_cachesim_smp_state(m, 0, B), MI);
	CHECK_INT(skl_cachesim_smp_state(m, 1, B), MM);
	CHECK_INT(skl_cachesim_smp_state(m, 0, A), MS);
	CHECK_INT(skl_cachesim_smp_state(m, 1, A), MS);
	CHECK_STR(skl_mesi_name(SKL_MESI_M), "M");
	CHECK_STR(skl_mesi_name(SKL_MESI_I), "I");
	s0 = stats_of(m, 0);
	s1 = stats_of(m, 1);
	/* cpu0: coherence at row 6; transfers at rows 6 and 10, both HITM;
	 * RFO at row 6; upgrades at rows 3 and 14; invalidated at rows 5 and
	 * 15; written back at rows 4 and 11 */
	CHECK_INT(s0.coherence, 1);
	CHECK_INT(s0.transfers, 2);
	CHECK_INT(s0.hitm, 2);
	CHECK_INT(s0.rfo, 1);
	CHECK_INT(s0.upgrades, 2);
	CHECK_INT(s0.invalidated, 2);
	CHECK_INT(s0.writebacks, 2);
	/* cpu1: coherence at rows 4, 11, 15; transfers at 2 (clean), 4, 11, 15;
	 * RFO at 15; upgrade at 5; invalidated at 3, 6, 14; written back at 10 */
	CHECK_INT(s1.coherence, 3);
	CHECK_INT(s1.transfers, 4);
	CHECK_INT(s1.hitm, 3);
	CHECK_INT(s1.rfo, 1);
	CHECK_INT(s1.upgrades, 1);
	CHECK_INT(s1.invalidated, 3);
	CHECK_INT(s1.writebacks, 1);
	/* the private levels' own counters: cpu0 missed at rows 1, 6, 10 */
	{
		struct skl_cachesim_stats l1;
		CHECK_INT(skl_cachesim_stats(skl_cachesim_smp_cpu(m, 0), 0, &l1), 0);
		CHECK_INT(l1.misses[R] + l1.misses[W], 3);
		CHECK_INT(l1.refs[R] + l1.refs[W], 7);
		/* the shared L2 saw every private miss: 3 of cpu0, 5 of cpu1 */
		CHECK_INT(skl_cachesim_stats(skl_cachesim_smp_shared(m), 0, &l1), 0);
		CHECK_INT(l1.refs[R] + l1.refs[W], 8);
	}
	skl_cachesim_smp_reset(m);
	CHECK_INT(skl_cachesim_smp_state(m, 1, B), MI);
	s1 = stats_of(m, 1);
	CHECK_INT(s1.hitm, 0);
	skl_cachesim_smp_free(m);
}

/* ---- a Modified copy evicted privately is no HITM ---------------------- */

static void t_evicted(void)
{
	/* a direct-mapped 2-line L1d: A, A + 128 and A + 256 share set 0 */
	static const skl_cachesim_level lv[] = {
	    {"L1d", 128, 1, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 4},
	    {"L2", 65536, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 12},
	};
	skl_cachesim_smp *m = make(lv, 2, 2, NULL);
	skl_cachesim_smp_result r;
	struct skl_cachesim_stats l1;
	if (!m)
		return;
	skl_cachesim_smp_access(m, 0, A, 8, W, &r);
	CHECK_INT(r.after, MM);
	skl_cachesim_smp_access(m, 0, A + 128, 8, R, &r); /* evicts A, dirty, silently */
	CHECK_INT(skl_cachesim_smp_state(m, 0, A), MI);
	CHECK_INT(skl_cachesim_stats(skl_cachesim_smp_cpu(m, 0), 0, &l1), 0);
	CHECK_INT(l1.dirty_evictions, 1);
	/* cpu1 reads A: not from cpu0 (nothing there), from the shared L2 */
	skl_cachesim_smp_access(m, 1, A, 8, R, &r);
	CHECK_INT(r.source, SHRD);
	CHECK_INT(r.peer, -1);
	CHECK_INT(r.after, ME);
	CHECK_INT(stats_of(m, 1).hitm, 0);
	CHECK_INT(stats_of(m, 1).transfers, 0);
	/* cpu0 reads A again: cpu1 owns it Exclusive, supplies it; no coherence miss */
	skl_cachesim_smp_access(m, 0, A, 8, R, &r);
	CHECK_INT(r.source, PEER);
	CHECK_INT(r.peer_state, ME);
	CHECK_INT(r.coherence, 0);
	/* a stale Shared copy is not counted as invalidated: cpu0 loses A to
	 * a conflict, then cpu1's write (an upgrade) invalidates nobody */
	skl_cachesim_smp_access(m, 0, A + 256, 8, R, &r);
	skl_cachesim_smp_access(m, 1, A, 8, W, &r);
	CHECK_INT(r.before, MS);
	CHECK_INT(r.invalidated, 0);
	CHECK_INT(stats_of(m, 0).invalidated, 0);
	CHECK_INT(stats_of(m, 1).upgrades, 1);
	skl_cachesim_smp_free(m);
}

/* ---- sharing patterns -------------------------------------------------- */

typedef struct totals {
	uint64_t coherence, hitm, invalidated, transfers;
} totals;

static totals alternate(skl_cachesim_smp *m, uint64_t a0, int op0, uint64_t a1, int op1, unsigned n)
{
	totals t = {0, 0, 0, 0};
	unsigned i;
	for (i = 0; i < 2 * n; i++) {
		skl_cachesim_smp_result r;
		unsigned cpu = i & 1;
		CHECK_INT(skl_cachesim_smp_access(m, cpu, cpu ? a1 : a0, 8, cpu ? op1 : op0, &r), 0);
		t.coherence += (uint64_t)r.coherence;
		t.hitm += r.source == PEER && r.peer_state == MM;
		t.transfers += r.source == PEER;
		t.invalidated += r.invalidated;
	}
	return t;
}

#define NROUND 10

static void t_false_sharing(void)
{
	skl_cachesim_smp *m = make(two_levels, 2, 2, NULL);
	totals t;
	if (!m)
		return;
	/*
	 * cpu0 writes A+0, cpu1 writes A+8, in turn, NROUND times each (2N
	 * accesses). 1st (cpu0): a miss from memory, Modified. 2nd (cpu1): a
	 * miss, HITM from cpu0, the RFO invalidates cpu0 (cpu1 never held it:
	 * no coherence miss). Each of the 2N - 2 after: a coherence miss (the
	 * line was lost to the other's write), a HITM, one invalidation.
	 * Coherence 2N - 2 = 18, HITM 2N - 1 = 19, invalidations 2N - 1 = 19.
	 */
	t = alternate(m, A, W, A + 8, W, NROUND);
	CHECK_INT(t.coherence, 2 * NROUND - 2);
	CHECK_INT(t.hitm, 2 * NROUND - 1);
	CHECK_INT(t.transfers, 2 * NROUND - 1);
	CHECK_INT(t.invalidated, 2 * NROUND - 1);
	/* per CPU: cpu0 lost its copy to each of cpu1's N writes, cpu1 to
	 * N - 1 of cpu0's; cpu1 took N HITMs (its first too), cpu0 N - 1 */
	CHECK_INT(stats_of(m, 0).invalidated, NROUND);
	CHECK_INT(stats_of(m, 1).invalidated, NROUND - 1);
	CHECK_INT(stats_of(m, 0).hitm, NROUND - 1);
	CHECK_INT(stats_of(m, 1).hitm, NROUND);
	CHECK_INT(stats_of(m, 0).coherence, NROUND - 1);
	CHECK_INT(stats_of(m, 1).coherence, NROUND - 1);
	CHECK_INT(stats_of(m, 1).rfo, NROUND);
	/* the same writes a line apart (B and B + 64): two misses from memory,
	 * then hits: nothing to count */
	t = alternate(m, B, W, B + 64, W, NROUND);
	CHECK_INT(t.coherence, 0);
	CHECK_INT(t.hitm, 0);
	CHECK_INT(t.invalidated, 0);
	skl_cachesim_smp_free(m);
}

static void t_true_sharing(void)
{
	skl_cachesim_smp *m = make(two_levels, 2, 2, NULL);
	totals t;
	if (!m)
		return;
	/* both CPUs write the same word: the protocol sees lines, not words,
	 * so the figures are false sharing's (c2c tells them apart by member) */
	t = alternate(m, A + 24, W, A + 24, W, NROUND);
	CHECK_INT(t.coherence, 2 * NROUND - 2);
	CHECK_INT(t.hitm, 2 * NROUND - 1);
	CHECK_INT(t.invalidated, 2 * NROUND - 1);
	skl_cachesim_smp_free(m);
}

static void t_writer_reader(void)
{
	skl_cachesim_smp *m = make(two_levels, 2, 2, NULL);
	totals t;
	if (!m)
		return;
	/*
	 * cpu0 writes A, cpu1 reads it, N times. Round 1: cpu0 misses
	 * (memory, Modified); cpu1 misses, HITM, cpu0 writes back, both
	 * Shared. Each later round: cpu0 hits Shared and upgrades,
	 * invalidating cpu1; cpu1 takes a coherence miss and a HITM.
	 * HITM N, coherence N - 1, invalidations N - 1, upgrades N - 1,
	 * write-backs N.
	 */
	t = alternate(m, A, W, A, R, NROUND);
	CHECK_INT(t.hitm, NROUND);
	CHECK_INT(t.coherence, NROUND - 1);
	CHECK_INT(t.invalidated, NROUND - 1);
	CHECK_INT(stats_of(m, 0).upgrades, NROUND - 1);
	CHECK_INT(stats_of(m, 0).rfo, 0);
	CHECK_INT(stats_of(m, 0).writebacks, NROUND);
	CHECK_INT(stats_of(m, 1).coherence, NROUND - 1);
	CHECK_INT(stats_of(m, 0).coherence, 0);
	skl_cachesim_smp_free(m);
}

/* ---- the one-CPU model's line operations ------------------------------- */

static void t_lineops(void)
{
	static const skl_cachesim_level lv[] = {
	    {"L1d", 256, 2, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 4},
	    {"L2", 1024, 4, 64, SKL_CACHESIM_PLRU, SKL_CACHESIM_WB_WA, 12},
	};
	skl_cachesim_config c = {lv, 2, 100, 0, NULL};
	skl_error err;
	skl_cachesim *h = skl_cachesim_new(&c, &err);
	struct skl_cachesim_stats before, after;
	skl_cachesim_result r;
	uint32_t d = 99;
	if (!h)
		return;
	CHECK_INT(skl_cachesim_probe(h, 0x1000, &d), 0);
	CHECK_INT(d, 0);
	skl_cachesim_access(h, 0x1000, 4, W, NULL);
	skl_cachesim_access(h, 0x1080, 4, R, NULL); /* the same L1d set (2 sets) */
	skl_cachesim_stats(h, 0, &before);
	CHECK_INT(skl_cachesim_probe(h, 0x1010, &d), 3);
	CHECK_INT(d, 1); /* dirty in L1d only: the write stopped there */
	skl_cachesim_stats(h, 0, &after);
	CHECK(!memcmp(&before, &after, sizeof(before))); /* a probe counts nothing */
	CHECK_INT(skl_cachesim_clean(h, 0x1000), 1);
	CHECK_INT(skl_cachesim_probe(h, 0x1000, &d), 3);
	CHECK_INT(d, 0);
	skl_cachesim_access(h, 0x1000, 4, W, NULL);
	CHECK_INT(skl_cachesim_invalidate(h, 0x1000), 3);
	CHECK_INT(skl_cachesim_probe(h, 0x1000, NULL), 0);
	skl_cachesim_stats(h, 0, &after);
	CHECK_INT(after.evictions, 0);
	CHECK_INT(after.writebacks, 0);
	/* the invalidated way is the set's next victim: 0x1080 stays */
	skl_cachesim_access(h, 0x1100, 4, R, NULL);
	CHECK_INT(skl_cachesim_probe(h, 0x1080, NULL) & 1, 1);
	skl_cachesim_stats(h, 0, &after);
	CHECK_INT(after.evictions, 0);
	/* a write whose data the levels above took counts a write and
	 * dirties nothing; one that carries it dirties its line */
	CHECK_INT(skl_cachesim_access_below(h, 0x2000, 4, W, 0, &r), 0);
	CHECK_INT(skl_cachesim_probe(h, 0x2000, &d), 3);
	CHECK_INT(d, 0);
	skl_cachesim_stats(h, 0, &after);
	CHECK_INT(after.refs[W], 3);
	CHECK_INT(skl_cachesim_access_below(h, 0x203e, 4, W, 2, &r), 0); /* straddles 0x2000 and 0x2040 */
	CHECK_INT(skl_cachesim_probe(h, 0x2000, &d), 3);
	CHECK_INT(d, 0);
	CHECK_INT(skl_cachesim_probe(h, 0x2040, &d), 3);
	CHECK_INT(d, 1);
	skl_cachesim_free(h);
}

/* ---- one CPU is one skl_cachesim --------------------------------------- */

static uint64_t rng_state;

static uint64_t rnd(void)
{
	uint64_t x = rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}

static void compare_levels(const skl_cachesim *one, unsigned li, const skl_cachesim *part, unsigned pi)
{
	struct skl_cachesim_stats a, b;
	unsigned set, way;
	CHECK_INT(skl_cachesim_stats(one, li, &a), 0);
	CHECK_INT(skl_cachesim_stats(part, pi, &b), 0);
	if (memcmp(&a, &b, sizeof(a))) {
		printf("level %u (%s) differs: refs %llu/%llu misses %llu/%llu wb %llu/%llu conflict %llu/%llu\n", li,
		       a.name, (unsigned long long)(a.refs[0] + a.refs[1] + a.refs[2]),
		       (unsigned long long)(b.refs[0] + b.refs[1] + b.refs[2]),
		       (unsigned long long)(a.misses[0] + a.misses[1] + a.misses[2]),
		       (unsigned long long)(b.misses[0] + b.misses[1] + b.misses[2]), (unsigned long long)a.writebacks,
		       (unsigned long long)b.writebacks, (unsigned long long)a.conflict,
		       (unsigned long long)b.conflict);
		check_failures++;
	}
	for (set = 0; set < a.sets; set++)
		for (way = 0; way < a.assoc; way++) {
			skl_cachesim_lineinfo x, y;
			skl_cachesim_line(one, li, set, way, &x);
			skl_cachesim_line(part, pi, set, way, &y);
			if (x.valid != y.valid || x.addr != y.addr || x.dirty != y.dirty) {
				printf("level %u set %u way %u differs\n", li, set, way);
				check_failures++;
				return;
			}
		}
}

static void equiv_one(const skl_cachesim_level *lv, unsigned n, unsigned shared, uint64_t seed, unsigned naccess)
{
	skl_cachesim_config c = {lv, n, 100, 7, NULL};
	skl_cachesim_smp_config sc;
	skl_error err;
	skl_cachesim *one = skl_cachesim_new(&c, &err);
	skl_cachesim_smp *m;
	unsigned k, i, np, bad = 0;
	memset(&sc, 0, sizeof(sc));
	sc.base = c;
	sc.ncpus = 1;
	sc.shared_levels = shared;
	m = skl_cachesim_smp_new(&sc, &err);
	CHECK(one && m);
	if (!one || !m)
		goto out;
	np = skl_cachesim_smp_private_levels(m);
	rng_state = seed;
	for (k = 0; k < naccess; k++) {
		uint64_t x = rnd();
		/* a working set a few times the caches' size, some hot lines */
		uint64_t addr = (x >> 8) % 5 == 0 ? (x >> 20) % 512 : (x >> 16) % 65536;
		unsigned size = 1u << ((x >> 4) & 3), kind = (unsigned)(x & 3) == 3 ? I : (unsigned)(x & 1);
		skl_cachesim_result a;
		skl_cachesim_smp_result b;
		CHECK_INT(skl_cachesim_access(one, addr, size, (int)kind, &a), 0);
		CHECK_INT(skl_cachesim_smp_access(m, 0, addr, size, (int)kind, &b), 0);
		if (a.latency != b.r.latency || a.hit_level != b.r.hit_level || a.missed != b.r.missed ||
		    a.lines != b.r.lines) {
			if (bad++ < 5)
				printf("access %u (%#llx, %u, %u): latency %u/%u hit %d/%d missed %#x/%#x\n", k,
				       (unsigned long long)addr, size, kind, a.latency, b.r.latency, a.hit_level,
				       b.r.hit_level, a.missed, b.r.missed);
		}
		CHECK(b.source != PEER && !b.coherence && !b.invalidated);
	}
	CHECK_INT(bad, 0);
	for (i = 0; i < n; i++)
		compare_levels(one, i, i < np ? skl_cachesim_smp_cpu(m, 0) : skl_cachesim_smp_shared(m),
			       i < np ? i : i - np);
out:
	skl_cachesim_free(one);
	skl_cachesim_smp_free(m);
}

static void t_equiv(void)
{
	/* Cachegrind's shape, every policy; a split hierarchy's lines straddle */
	static const skl_cachesim_level split[] = {
	    {"L1i", 2048, 4, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 1},
	    {"L1d", 2048, 4, 64, SKL_CACHESIM_PLRU, SKL_CACHESIM_WB_WA, 2},
	    {"L2", 8192, 4, 64, SKL_CACHESIM_RANDOM, SKL_CACHESIM_WB_WA, 6},
	    {"LL", 32768, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 20},
	};
	/* no-write-allocate private levels: writes reach the shared level dirty */
	static const skl_cachesim_level nwa[] = {
	    {"L1d", 1024, 2, 32, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_NWA, 2},
	    {"LL", 16384, 4, 32, SKL_CACHESIM_RANDOM, SKL_CACHESIM_WB_NWA, 20},
	};
	equiv_one(split, 4, 0, 0x1234567, 200000);
	equiv_one(split, 4, 2, 0x7654321, 200000); /* L2 and LL shared */
	equiv_one(nwa, 2, 0, 0xabcdef1, 200000);
	equiv_one(nwa, 1, 0, 0x1111111, 50000); /* no shared level at all */
}

/* ---- bad arguments and the budget -------------------------------------- */

static void t_args(void)
{
	skl_cachesim_smp_config c;
	skl_error err;
	skl_cachesim_smp *m;
	skl_cachesim_smp_result r;
	memset(&c, 0, sizeof(c));
	c.base.levels = two_levels;
	c.base.nlevels = 2;
	c.ncpus = 0;
	CHECK(!skl_cachesim_smp_new(&c, &err));
	c.ncpus = SKL_CACHESIM_MAX_CPUS + 1;
	CHECK(!skl_cachesim_smp_new(&c, &err));
	c.ncpus = 2;
	c.shared_levels = 2;
	CHECK(!skl_cachesim_smp_new(&c, &err));
	c.shared_levels = 0;
	CHECK(!skl_cachesim_smp_new(NULL, &err));
	m = skl_cachesim_smp_new(&c, &err);
	CHECK(m != NULL);
	if (!m)
		return;
	CHECK_INT(skl_cachesim_smp_access(m, 2, A, 4, R, &r), -1);
	CHECK_INT(skl_cachesim_smp_access(m, 0, A, 4, 3, &r), -1);
	CHECK_INT(skl_cachesim_smp_access(m, 0, A, 65, R, &r), -1);
	CHECK_INT(skl_cachesim_smp_access(m, 0, UINT64_MAX, 4, R, &r), -1);
	CHECK_INT(skl_cachesim_smp_stats(m, 2, NULL), -1);
	CHECK(skl_cachesim_smp_cpu(m, 2) == NULL);
	CHECK_INT(skl_cachesim_smp_state(m, 5, A), MI);
	/* nothing changed */
	CHECK_INT(skl_cachesim_smp_state(m, 0, A), MI);
	/* many lines: the directory grows (and sweeps), states stay right */
	{
		unsigned i;
		for (i = 0; i < 20000; i++)
			skl_cachesim_smp_access(m, i & 1, (uint64_t)i * 64, 4, W, NULL);
		CHECK_INT(skl_cachesim_smp_state(m, 1, (uint64_t)19999 * 64), MM);
		CHECK_INT(skl_cachesim_smp_state(m, 0, (uint64_t)19999 * 64), MI);
	}
	skl_cachesim_smp_free(m);
}

static void t_budget(void)
{
	skl_budget b;
	skl_cachesim_config one = {two_levels, 2, 100, 0, NULL};
	skl_cachesim_config priv = {two_levels, 1, 0, 0, NULL};
	uint64_t need;
	skl_cachesim_smp *m;
	/* four CPUs' private levels, the shared one and the directory */
	skl_budget_init(&b, 0);
	m = make(two_levels, 2, 4, &b);
	CHECK(m != NULL);
	need = 4 * skl_cachesim_footprint(&priv);
	CHECK(b.used >= need + skl_cachesim_footprint(&one) - skl_cachesim_footprint(&priv));
	skl_cachesim_smp_free(m);
	CHECK_INT(b.used, 0);
	/* room for the shared level and three CPUs' private ones (and the
	 * directory) takes two CPUs and refuses four, giving back all */
	skl_budget_init(&b, skl_cachesim_footprint(&one) + 2 * skl_cachesim_footprint(&priv) + 30000);
	m = make(two_levels, 2, 2, &b);
	CHECK(m != NULL);
	skl_cachesim_smp_free(m);
	CHECK_INT(b.used, 0);
	m = make(two_levels, 2, 4, &b);
	CHECK(m == NULL);
	CHECK_INT(b.used, 0);
}

/* Each host allocation fails once in turn: the model is refused or works,
 * an access refused changes no CPU's state, and every byte goes back. */
static void t_allocfail(void)
{
	skl_fault f;
	long n;
	for (n = 0; n < 400; n++) {
		skl_budget b;
		skl_cachesim_smp *m;
		unsigned i, refused = 0;
		skl_budget_init(&b, 0);
		skl_fault_arm(&f, n, SKL_FAULT_ONCE);
		m = make(two_levels, 2, 2, &b);
		for (i = 0; m && i < 3000; i++) {
			uint64_t a = (uint64_t)(i % 1500) * 64;
			skl_cachesim_smp_result r;
			skl_mesi before = skl_cachesim_smp_state(m, (i + 1) & 1, a);
			if (skl_cachesim_smp_access(m, i & 1, a, 8, W, &r) < 0) {
				refused++;
				CHECK_INT(skl_cachesim_smp_state(m, (i + 1) & 1, a), before);
			} else {
				CHECK_INT(skl_cachesim_smp_state(m, i & 1, a), MM);
				CHECK_INT(skl_cachesim_smp_state(m, (i + 1) & 1, a), MI);
			}
		}
		skl_cachesim_smp_free(m);
		skl_fault_disarm();
		CHECK_INT(b.used, 0);
		if (m && !refused && f.calls <= n)
			break;
	}
	CHECK(n < 400);
}

/* The protocol's trace again with a clean transfer of 30 cycles and a
 * HITM of 75 (the Core i7 guide's figure): a line from a peer costs the
 * private lookup (4) plus the one that matches the peer's state; every
 * other row is as the default model gives it. */
static void t_latency(void)
{
	skl_cachesim_smp_config c;
	skl_error err;
	skl_cachesim_smp *m;
	size_t i;
	memset(&c, 0, sizeof(c));
	c.base.levels = two_levels;
	c.base.nlevels = 2;
	c.base.mem_latency = 100;
	c.ncpus = 2;
	c.transfer_latency = 30;
	c.hitm_latency = 75;
	m = skl_cachesim_smp_new(&c, &err);
	CHECK(m != NULL);
	if (!m)
		return;
	CHECK_INT(skl_cachesim_smp_transfer_latency(m), 30);
	CHECK_INT(skl_cachesim_smp_hitm_latency(m), 75);
	for (i = 0; i < sizeof(protocol_rows) / sizeof(protocol_rows[0]); i++) {
		const row *w = &protocol_rows[i];
		skl_cachesim_smp_result r;
		unsigned want = w->source != PEER ? w->latency : 4 + (w->peer_state == MM ? 75u : 30u);
		CHECK_INT(skl_cachesim_smp_access(m, w->cpu, w->addr, 4, w->op, &r), 0);
		CHECK_INT(r.source, w->source);
		CHECK_INT(r.r.latency, want);
	}
	skl_cachesim_smp_free(m);
	/* hitm alone: a clean transfer keeps the rule's 16 */
	c.transfer_latency = 0;
	m = skl_cachesim_smp_new(&c, &err);
	CHECK(m != NULL);
	if (m) {
		CHECK_INT(skl_cachesim_smp_transfer_latency(m), 16);
		CHECK_INT(skl_cachesim_smp_hitm_latency(m), 75);
		skl_cachesim_smp_free(m);
	}
	/* neither: a HITM costs what a clean transfer does */
	m = make(two_levels, 2, 2, NULL);
	if (m) {
		CHECK_INT(skl_cachesim_smp_hitm_latency(m), 16);
		skl_cachesim_smp_free(m);
	}
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} modes[] = {
	    {"protocol", t_protocol},
	    {"latency", t_latency},
	    {"evicted", t_evicted},
	    {"false_sharing", t_false_sharing},
	    {"true_sharing", t_true_sharing},
	    {"writer_reader", t_writer_reader},
	    {"lineops", t_lineops},
	    {"equiv", t_equiv},
	    {"args", t_args},
	    {"budget", t_budget},
	    {"allocfail", t_allocfail},
	};
	size_t i;
	int ran = 0;
	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (argc < 2 || !strcmp(argv[1], modes[i].name)) {
			modes[i].fn();
			ran = 1;
		}
	}
	if (!ran) {
		printf("unknown mode %s\n", argv[1]);
		return 2;
	}
	return check_done(argc < 2 ? "cachesim_smp" : argv[1]);
}
