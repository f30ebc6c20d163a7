/*
 * test_cache.c - the cache hierarchy model against sequences worked out by
 * hand: hits, misses, evictions, dirty write-backs, 3C classes, latencies,
 * refused geometry and the summary text.
 *
 * usage: test_cache MODE; MODE is direct, twoway, repl, writeback, nwa,
 * classify, straddle, latency, geometry, summary or flush.
 */
#include "check.h"

#include "sklab/cachesim.h"

enum { R = SKL_CACHESIM_READ, W = SKL_CACHESIM_WRITE, I = SKL_CACHESIM_IFETCH };

static skl_cachesim_level lvl(const char *name, uint64_t size, unsigned assoc, unsigned line)
{
	skl_cachesim_level l;
	memset(&l, 0, sizeof(l));
	l.name = name;
	l.size = size;
	l.assoc = assoc;
	l.line = line;
	l.repl = SKL_CACHESIM_LRU;
	l.write = SKL_CACHESIM_WB_WA;
	l.latency = 1;
	return l;
}

static skl_cachesim *make(const skl_cachesim_level *levels, unsigned n, unsigned mem)
{
	skl_cachesim_config cfg;
	skl_error err;
	skl_cachesim *h;
	memset(&cfg, 0, sizeof(cfg));
	cfg.levels = levels;
	cfg.nlevels = n;
	cfg.mem_latency = mem;
	cfg.seed = 42;
	h = skl_cachesim_new(&cfg, &err);
	if (!h)
		printf("skl_cachesim_new: %s\n", err.msg);
	return h;
}

static skl_cachesim_result acc(skl_cachesim *h, uint64_t addr, unsigned size, int kind)
{
	skl_cachesim_result r;
	memset(&r, 0, sizeof(r));
	CHECK_INT(skl_cachesim_access(h, addr, size, kind, &r), 0);
	return r;
}

static struct skl_cachesim_stats st(const skl_cachesim *h, unsigned level)
{
	struct skl_cachesim_stats s;
	memset(&s, 0, sizeof(s));
	CHECK_INT(skl_cachesim_stats(h, level, &s), 0);
	return s;
}

static uint64_t misses(const struct skl_cachesim_stats *s)
{
	return s->misses[R] + s->misses[W] + s->misses[I];
}

/* 4 lines of 16 bytes, direct mapped: lines 0 and 4 share set 0. */
static void t_direct(void)
{
	skl_cachesim_level l = lvl("L1d", 64, 1, 16);
	skl_cachesim *h = make(&l, 1, 100);
	struct skl_cachesim_stats s;
	CHECK_INT(acc(h, 0, 4, R).hit_level, -1);
	CHECK_INT(acc(h, 4, 4, R).hit_level, 0);
	CHECK_INT(acc(h, 16, 4, R).hit_level, -1);
	CHECK_INT(acc(h, 64, 4, R).hit_level, -1);
	CHECK_INT(acc(h, 0, 4, R).hit_level, -1);
	CHECK_INT(acc(h, 64, 4, R).hit_level, -1);
	s = st(h, 0);
	CHECK_INT(s.refs[R], 6);
	CHECK_INT(s.misses[R], 5);
	CHECK_INT(s.hits, 1);
	CHECK_INT(s.evictions, 3);
	CHECK_INT(s.compulsory, 3);
	CHECK_INT(s.conflict, 2);
	CHECK_INT(s.capacity, 0);
	CHECK_INT(s.sets, 4);
	skl_cachesim_reset(h);
	s = st(h, 0);
	CHECK_INT(s.refs[R] + s.hits + s.evictions + s.compulsory, 0);
	CHECK_INT(acc(h, 4, 4, R).hit_level, -1); /* empty again */
	CHECK_INT(st(h, 0).compulsory, 1);
	CHECK_INT(skl_cachesim_access(h, 0, 17, R, NULL), -1); /* more than a line */
	CHECK_INT(skl_cachesim_access(h, 0, 4, 7, NULL), -1);
	CHECK_INT(skl_cachesim_stats(h, 1, &s), -1);
	skl_cachesim_free(h);
}

/* 2 sets of 2 ways, LRU: lines 0, 2, 4 share set 0. */
static void t_twoway(void)
{
	skl_cachesim_level l = lvl("L1d", 64, 2, 16);
	skl_cachesim *h = make(&l, 1, 100);
	struct skl_cachesim_stats s;
	CHECK_INT(acc(h, 0, 1, R).hit_level, -1);
	CHECK_INT(acc(h, 32, 1, R).hit_level, -1);
	CHECK_INT(acc(h, 0, 1, R).hit_level, 0);
	CHECK_INT(acc(h, 64, 1, R).hit_level, -1); /* evicts line 2 (LRU) */
	CHECK_INT(acc(h, 0, 1, R).hit_level, 0);
	CHECK_INT(acc(h, 32, 1, R).hit_level, -1); /* evicts line 4 */
	CHECK_INT(acc(h, 0, 1, R).hit_level, 0);
	CHECK_INT(acc(h, 16, 1, R).hit_level, -1); /* set 1 untouched so far */
	s = st(h, 0);
	CHECK_INT(s.refs[R], 8);
	CHECK_INT(s.misses[R], 5);
	CHECK_INT(s.hits, 3);
	CHECK_INT(s.evictions, 2);
	CHECK_INT(s.compulsory, 4);
	CHECK_INT(s.conflict, 1);
	skl_cachesim_free(h);
}

static uint64_t run_repl(skl_cachesim_repl repl, int *last_hit)
{
	/* one set of 4 ways; lines 0,1,2,3,0,4 then 1 */
	static const uint64_t seq[] = {0, 1, 2, 3, 0, 4, 1};
	skl_cachesim_level l = lvl("L1d", 64, 4, 16);
	skl_cachesim *h;
	uint64_t m;
	size_t i;
	l.repl = repl;
	h = make(&l, 1, 100);
	for (i = 0; i < sizeof(seq) / sizeof(seq[0]); i++)
		*last_hit = acc(h, seq[i] * 16, 1, R).hit_level == 0;
	m = st(h, 0).misses[R];
	skl_cachesim_free(h);
	return m;
}

static void t_repl(void)
{
	int hit, hit2;
	uint64_t m1, m2;
	/* LRU evicts line 1, the least recent; tree-PLRU after touching way 0
	 * points at way 2 (line 2), so line 1 survives */
	CHECK_INT(run_repl(SKL_CACHESIM_LRU, &hit), 6);
	CHECK_INT(hit, 0);
	CHECK_INT(run_repl(SKL_CACHESIM_PLRU, &hit), 5);
	CHECK_INT(hit, 1);
	/* random: the same seed gives the same run */
	m1 = run_repl(SKL_CACHESIM_RANDOM, &hit);
	m2 = run_repl(SKL_CACHESIM_RANDOM, &hit2);
	CHECK_INT(m1, m2);
	CHECK_INT(hit, hit2);
	CHECK(m1 == 5 || m1 == 6);
	{
		/* a longer run: random differs from LRU on a cyclic sweep of 5
		 * lines through 4 ways (LRU misses every time) */
		skl_cachesim_level l = lvl("L1d", 64, 4, 16);
		skl_cachesim *h;
		uint64_t i, a, b;
		l.repl = SKL_CACHESIM_RANDOM;
		h = make(&l, 1, 100);
		for (i = 0; i < 100; i++)
			acc(h, (i % 5) * 16, 1, R);
		a = st(h, 0).misses[R];
		skl_cachesim_reset(h);
		for (i = 0; i < 100; i++)
			acc(h, (i % 5) * 16, 1, R);
		b = st(h, 0).misses[R];
		CHECK_INT(a, b); /* reset re-seeds */
		CHECK(a < 100);
		skl_cachesim_free(h);
		l.repl = SKL_CACHESIM_LRU;
		h = make(&l, 1, 100);
		for (i = 0; i < 100; i++)
			acc(h, (i % 5) * 16, 1, R);
		CHECK_INT(st(h, 0).misses[R], 100);
		skl_cachesim_free(h);
	}
}

static void t_writeback(void)
{
	skl_cachesim_level l = lvl("L1d", 64, 1, 16);
	skl_cachesim *h = make(&l, 1, 100);
	struct skl_cachesim_stats s;
	acc(h, 0, 4, W);  /* miss, allocate, dirty */
	acc(h, 64, 4, R); /* evicts dirty line 0 */
	acc(h, 0, 4, R);  /* evicts clean line 4 */
	acc(h, 16, 4, W); /* miss */
	acc(h, 16, 4, W); /* hit */
	acc(h, 80, 4, R); /* evicts dirty line 1 */
	s = st(h, 0);
	CHECK_INT(s.refs[W], 3);
	CHECK_INT(s.misses[W], 2);
	CHECK_INT(s.misses[R], 3);
	CHECK_INT(s.evictions, 3);
	CHECK_INT(s.dirty_evictions, 2);
	CHECK_INT(s.writebacks, 2);
	skl_cachesim_free(h);
}

static void t_nwa(void)
{
	skl_cachesim_level l[2];
	skl_cachesim *h;
	struct skl_cachesim_stats s0, s1;
	l[0] = lvl("L1d", 64, 1, 16);
	l[0].write = SKL_CACHESIM_WB_NWA;
	l[1] = lvl("LL", 256, 2, 16);
	h = make(l, 2, 100);
	CHECK_INT(acc(h, 0, 4, W).hit_level, -1); /* around L1, allocated dirty in LL */
	CHECK_INT(acc(h, 0, 4, W).hit_level, 1);  /* still not in L1 */
	CHECK_INT(acc(h, 0, 4, R).hit_level, 1);  /* the read allocates in L1 */
	CHECK_INT(acc(h, 0, 4, R).hit_level, 0);
	CHECK_INT(acc(h, 4, 4, W).hit_level, 0);   /* write hit: dirty in L1 */
	CHECK_INT(acc(h, 64, 4, R).hit_level, -1); /* evicts the dirty line */
	s0 = st(h, 0);
	s1 = st(h, 1);
	CHECK_INT(s0.misses[W], 2);
	CHECK_INT(s0.misses[R], 2);
	CHECK_INT(s0.writebacks, 3); /* two writes around + one dirty eviction */
	CHECK_INT(s0.dirty_evictions, 1);
	CHECK_INT(s0.compulsory, 4); /* line 0 was never resident before the read */
	CHECK_INT(s1.refs[W], 2);
	CHECK_INT(s1.misses[W], 1);
	CHECK_INT(s1.refs[R], 2);
	CHECK_INT(s1.misses[R], 1);
	skl_cachesim_free(h);
}

/* Two levels; L1 4 lines direct mapped, L2 4 ways of one set: write back, invalidate, keep counters. */
static void t_flush(void)
{
	skl_cachesim_level l[2];
	skl_cachesim *h;
	struct skl_cachesim_stats s0, s1;
	skl_cachesim_lineinfo cl;
	unsigned w;
	l[0] = lvl("L1d", 64, 1, 16);
	l[1] = lvl("L2", 64, 4, 16);
	h = make(l, 2, 100);
	acc(h, 0, 4, W);  /* L1 line 0 dirty; L2 clean */
	acc(h, 16, 4, R); /* L1 line 1 clean */
	acc(h, 32, 4, W); /* L1 line 2 dirty */
	acc(h, 32, 4, W);
	CHECK_INT(skl_cachesim_flush(h), 0);
	CHECK_INT(skl_cachesim_flush(NULL), -1);
	s0 = st(h, 0);
	s1 = st(h, 1);
	CHECK_INT(s0.writebacks, 2);
	CHECK_INT(s0.evictions, 0);
	CHECK_INT(s0.dirty_evictions, 0);
	CHECK_INT(s1.writebacks, 0); /* the model sends no write-back traffic down */
	CHECK_INT(s0.refs[W], 3);    /* counters kept */
	CHECK_INT(s0.hits, 1);
	for (w = 0; w < 4; w++) {
		CHECK_INT(skl_cachesim_line(h, 0, w, 0, &cl), 0);
		CHECK_INT(cl.valid, 0);
		CHECK_INT(skl_cachesim_line(h, 1, 0, w, &cl), 0);
		CHECK_INT(cl.valid, 0);
	}
	/* everything misses again; seen before, so not compulsory: the shadow
	 * emptied too, so capacity */
	CHECK_INT(acc(h, 0, 4, R).hit_level, -1);
	CHECK_INT(acc(h, 16, 4, R).hit_level, -1);
	CHECK_INT(acc(h, 0, 4, R).hit_level, 0);
	s0 = st(h, 0);
	s1 = st(h, 1);
	CHECK_INT(s0.compulsory, 3);
	CHECK_INT(s0.capacity, 2);
	CHECK_INT(s0.conflict, 0);
	CHECK_INT(s1.compulsory, 3);
	CHECK_INT(s1.capacity, 2);
	CHECK_INT(s0.writebacks, 2);
	/* a second flush: the lines back are clean */
	CHECK_INT(skl_cachesim_flush(h), 0);
	CHECK_INT(st(h, 0).writebacks, 2);
	CHECK_INT(acc(h, 0, 4, W).hit_level, -1);
	CHECK_INT(skl_cachesim_flush(h), 0);
	CHECK_INT(st(h, 0).writebacks, 3);
	skl_cachesim_free(h);
}

static void t_classify(void)
{
	skl_cachesim_level l = lvl("L1d", 64, 1, 16);
	skl_cachesim *h = make(&l, 1, 100);
	struct skl_cachesim_stats s;
	uint64_t i;
	/* compulsory only: four lines, each in its own set, read twice */
	for (i = 0; i < 8; i++)
		acc(h, (i % 4) * 16, 4, R);
	s = st(h, 0);
	CHECK_INT(misses(&s), 4);
	CHECK_INT(s.compulsory, 4);
	CHECK_INT(s.capacity + s.conflict, 0);
	/* capacity: a loop over twice the cache, two passes */
	skl_cachesim_reset(h);
	for (i = 0; i < 16; i++)
		acc(h, (i % 8) * 16, 4, R);
	s = st(h, 0);
	CHECK_INT(misses(&s), 16);
	CHECK_INT(s.compulsory, 8);
	CHECK_INT(s.capacity, 8);
	CHECK_INT(s.conflict, 0);
	/* conflict: lines 0 and 4 fight over set 0, three sets stay empty */
	skl_cachesim_reset(h);
	for (i = 0; i < 6; i++)
		acc(h, (i % 2) * 64, 4, R);
	s = st(h, 0);
	CHECK_INT(misses(&s), 6);
	CHECK_INT(s.compulsory, 2);
	CHECK_INT(s.capacity, 0);
	CHECK_INT(s.conflict, 4);
	skl_cachesim_free(h);
	{
		/* a fully associative LRU cache has no conflict misses: checks the
		 * shadow's hash map through many evictions */
		skl_cachesim_level fa = lvl("L1d", 64 * 16, 64, 16);
		uint64_t x = 88172645463325252ULL;
		h = make(&fa, 1, 100);
		for (i = 0; i < 20000; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			acc(h, (x % 200) * 16 * 4099, 4, R);
		}
		s = st(h, 0);
		CHECK_INT(s.conflict, 0);
		CHECK_INT(s.compulsory, 200);
		CHECK_INT(s.capacity, misses(&s) - 200);
		CHECK(s.capacity > 1000);
		skl_cachesim_free(h);
	}
}

static void t_straddle(void)
{
	skl_cachesim_level l[2];
	skl_cachesim *h;
	skl_cachesim_result r;
	struct skl_cachesim_stats s0, s1;
	l[0] = lvl("L1d", 256, 1, 64);
	l[1] = lvl("LL", 1024, 2, 64);
	h = make(l, 2, 100);
	r = acc(h, 60, 8, R); /* lines 0 and 1 */
	CHECK_INT(r.lines, 2);
	CHECK_INT(r.hit_level, -1);
	CHECK_INT(acc(h, 60, 8, R).hit_level, 0);
	CHECK_INT(acc(h, 0, 4, R).hit_level, 0);
	CHECK_INT(acc(h, 64, 4, R).hit_level, 0);
	r = acc(h, 120, 16, R); /* line 1 hits, line 2 misses: one miss */
	CHECK_INT(r.lines, 2);
	CHECK_INT(r.hit_level, -1);
	s0 = st(h, 0);
	s1 = st(h, 1);
	CHECK_INT(s0.refs[R], 5);
	CHECK_INT(s0.misses[R], 2);
	CHECK_INT(s0.compulsory, 2);
	CHECK_INT(s1.refs[R], 2); /* one LL reference per straddling access */
	CHECK_INT(s1.misses[R], 2);
	CHECK_INT(acc(h, 120, 16, R).hit_level, 0);
	skl_cachesim_free(h);
}

static void t_latency(void)
{
	skl_cachesim_level l[4];
	skl_cachesim *h;
	skl_cachesim_result r;
	l[0] = lvl("L1i", 128, 1, 64);
	l[0].latency = 3;
	l[1] = lvl("L1d", 128, 1, 64);
	l[1].latency = 4;
	l[2] = lvl("L2", 1024, 4, 64);
	l[2].latency = 12;
	l[3] = lvl("LL", 8192, 8, 64);
	l[3].latency = 40;
	h = make(l, 4, 200);
	r = acc(h, 0, 4, R);
	CHECK_INT(r.latency, 4 + 12 + 40 + 200);
	CHECK_INT(r.hit_level, -1);
	CHECK_INT(r.missed, 0xe); /* L1d, L2, LL */
	r = acc(h, 0, 4, R);
	CHECK_INT(r.latency, 4);
	CHECK_INT(r.hit_level, 1);
	acc(h, 128, 4, R); /* evicts line 0 from L1d only */
	r = acc(h, 0, 4, R);
	CHECK_INT(r.latency, 4 + 12);
	CHECK_INT(r.hit_level, 2);
	r = acc(h, 0, 4, I); /* separate L1i, shared L2 */
	CHECK_INT(r.latency, 3 + 12);
	CHECK_INT(r.hit_level, 2);
	r = acc(h, 0, 4, I);
	CHECK_INT(r.latency, 3);
	CHECK_INT(r.hit_level, 0);
	CHECK_INT(st(h, 0).refs[I], 2);
	CHECK_INT(st(h, 1).refs[I], 0);
	CHECK_INT(st(h, 2).refs[I], 1);
	skl_cachesim_free(h);
}

static void bad(skl_cachesim_level l, const char *want)
{
	skl_cachesim_config cfg;
	skl_error err;
	skl_cachesim *h;
	memset(&cfg, 0, sizeof(cfg));
	memset(&err, 0, sizeof(err));
	cfg.levels = &l;
	cfg.nlevels = 1;
	h = skl_cachesim_new(&cfg, &err);
	CHECK(h == NULL);
	if (!strstr(err.msg, want)) {
		printf("error \"%s\" lacks \"%s\"\n", err.msg, want);
		check_failures++;
	}
	skl_cachesim_free(h);
}

static void t_geometry(void)
{
	skl_cachesim_level l;
	bad(lvl("L1d", 100, 1, 16), "size 100 is not a multiple of assoc*line (1*16 = 16)");
	bad(lvl("L1d", 96, 1, 48), "line size 48 is not a power of two");
	bad(lvl("L1d", 192, 1, 64), "3 sets is not a power of two");
	bad(lvl("L1d", 192, 0, 64), "associativity");
	l = lvl("L1d", 192, 3, 64);
	l.repl = SKL_CACHESIM_PLRU;
	bad(l, "tree-PLRU");
	bad(lvl(NULL, 64, 1, 16), "name");
	{
		skl_cachesim_level two[2];
		skl_cachesim_config cfg;
		skl_error err;
		two[0] = lvl("L2", 256, 1, 16);
		two[1] = lvl("L1d", 64, 1, 16);
		memset(&cfg, 0, sizeof(cfg));
		cfg.levels = two;
		cfg.nlevels = 2;
		CHECK(skl_cachesim_new(&cfg, &err) == NULL);
		CHECK(strstr(err.msg, "before unified levels") != NULL);
		cfg.nlevels = 0;
		CHECK(skl_cachesim_new(&cfg, &err) == NULL);
	}
}

static void sink_write(void *ud, const char *s, size_t n)
{
	skl_buf_append(ud, s, n);
}

static void t_summary(void)
{
	skl_cachesim_level l[3];
	skl_cachesim *h;
	skl_buf b;
	skl_sink sink;
	uint64_t i;
	l[0] = lvl("L1i", 1024, 2, 64);
	l[1] = lvl("L1d", 1024, 2, 64);
	l[2] = lvl("LL", 4096, 4, 64);
	h = make(l, 3, 100);
	/* 1,200 fetches over 10 lines; 300 reads over 40 lines (twice the
	 * L1d, within LL); 100 writes to 5 lines */
	for (i = 0; i < 1200; i++)
		acc(h, 0x10000 + (i % 160) * 4, 4, I);
	for (i = 0; i < 300; i++)
		acc(h, 0x20000 + (i % 40) * 64, 8, R);
	for (i = 0; i < 100; i++)
		acc(h, 0x30000 + (i % 5) * 64, 8, W);
	skl_buf_init(&b);
	sink.write = sink_write;
	sink.ud = &b;
	skl_cachesim_write_summary(h, &sink);
	CHECK_STR(b.data, "==0== I   refs:      1,200\n"
			  "==0== I1  misses:       10\n"
			  "==0== LLi misses:       10\n"
			  "==0== I1  miss rate:  0.83%\n"
			  "==0== LLi miss rate:  0.83%\n"
			  "==0== \n"
			  "==0== D   refs:        400  (300 rd   + 100 wr)\n"
			  "==0== D1  misses:      305  (300 rd   +   5 wr)\n"
			  "==0== LLd misses:       45  ( 40 rd   +   5 wr)\n"
			  "==0== D1  miss rate:  76.2% (100.0%     + 5.0%  )\n"
			  "==0== LLd miss rate:  11.2% (13.3%     + 5.0%  )\n"
			  "==0== \n"
			  "==0== LL refs:         315  (310 rd   +   5 wr)\n"
			  "==0== LL misses:        55  ( 50 rd   +   5 wr)\n"
			  "==0== LL miss rate:    3.4% (3.3%     + 5.0%  )\n");
	skl_buf_free(&b);
	skl_cachesim_free(h);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} modes[] = {
	    {"direct", t_direct},     {"twoway", t_twoway},	{"repl", t_repl},	  {"writeback", t_writeback},
	    {"nwa", t_nwa},	      {"classify", t_classify}, {"straddle", t_straddle}, {"latency", t_latency},
	    {"geometry", t_geometry}, {"summary", t_summary},	{"flush", t_flush},
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
	return check_done(argc < 2 ? "cache" : argv[1]);
}
