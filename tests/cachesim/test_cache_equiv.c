/*
 * test_cache_equiv.c - the cache model gives the same figures it gave
 * before it was made fast: long deterministic random traces through four
 * geometries x three replacement policies x two write policies, with 3C
 * classification on and off, reduced to checksums of every access's
 * result, every counter and every line's state, compared with golden
 * values taken from the straightforward implementation (hash-map shadow,
 * linear way scans) the fast one replaced.
 *
 * usage: test_cache_equiv MODE; MODE is split, deep, assoc, tiny (one
 * geometry each), allocfail (each allocation fails once in turn), or
 * print (writes the golden table).
 */
#include "check.h"
#include "fault.h"

#include "sklab/cachesim.h"

#include <stdint.h>
#include <stdlib.h>

#define NACCESS 200000

enum { R = SKL_CACHESIM_READ, W = SKL_CACHESIM_WRITE, I = SKL_CACHESIM_IFETCH };

typedef struct geometry {
	const char *mode;
	unsigned n;
	skl_cachesim_level lv[3];
} geometry;

/* Small caches, so that every level evicts within the trace. */
static const geometry geometries[] = {
    /* Cachegrind's shape: I1 + D1 + LL; D1 12-way */
    {"split",
     3,
     {{"L1i", 2048, 4, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 1},
      {"L1d", 3072, 12, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 2},
      {"LL", 32768, 16, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 10}}},
    /* no L1i (fetches take the data path); line sizes 32, 64, 16; 3-way */
    {"deep",
     3,
     {{"L1d", 512, 2, 32, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 1},
      {"L2", 1536, 3, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 5},
      {"L3", 4096, 1, 16, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 20}}},
    /* fully associative L1i, direct-mapped L1d, 64-way L2 */
    {"assoc",
     3,
     {{"L1i", 256, 16, 16, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 1},
      {"L1d", 1024, 1, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 1},
      {"L2", 8192, 64, 32, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 8}}},
    /* one tiny level of 8-byte lines: many straddling accesses */
    {"tiny", 1, {{"L1d", 128, 4, 8, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 1}}},
};

#define NGEOM (sizeof(geometries) / sizeof(geometries[0]))
#define NREPL 4 /* LRU, PLRU, random, a mix per level */
#define NRUNS (NGEOM * NREPL * 2)

/*
 * Golden checksums, per geometry x policy x write policy: "core" covers
 * results, counters other than the 3C ones, and line states; "c3" the 3C
 * counters. Taken from the implementation before the fast paths.
 */
static const uint64_t golden[NRUNS][2] = {
    {0x3302d6f6ff5006b8ULL, 0x069b0a8829ccbf72ULL}, /* split repl 0 wa */
    {0x4166b7dc6e4a9c18ULL, 0xa2de44be6ebf4744ULL}, /* split repl 0 nwa */
    {0xc62233b2ebfe98e5ULL, 0x538903e0562648beULL}, /* split repl 1 wa */
    {0xf05e47dcebd45b14ULL, 0xebf69fba6cd44b85ULL}, /* split repl 1 nwa */
    {0x4c0b936e30a0818eULL, 0x67969cca9ff09b5bULL}, /* split repl 2 wa */
    {0x6952f6fcec1f753bULL, 0xcf8e78e9114a0115ULL}, /* split repl 2 nwa */
    {0xa31dfc073d2190e5ULL, 0xdcc526c4036bb531ULL}, /* split repl 3 wa */
    {0xe6034900d820cbf2ULL, 0x3bfd1aed5e7b4365ULL}, /* split repl 3 nwa */
    {0x4835b4b097140ae5ULL, 0xa395cd846b98be48ULL}, /* deep repl 0 wa */
    {0xa162769fdd391b86ULL, 0xb412233c2be99027ULL}, /* deep repl 0 nwa */
    {0x67b31c8108f93b8cULL, 0xde00e445edf6e926ULL}, /* deep repl 1 wa */
    {0x2c5b7527a13b7508ULL, 0xc5de4daf83864c92ULL}, /* deep repl 1 nwa */
    {0x8f863ca37fc7a1b4ULL, 0x512680d6681fa941ULL}, /* deep repl 2 wa */
    {0xc99de8337d9a3f62ULL, 0xb1cb9c8e51cf556aULL}, /* deep repl 2 nwa */
    {0xfd3714e3eaeac7b9ULL, 0xeb93ce9bf264bd2dULL}, /* deep repl 3 wa */
    {0x9f224a9d41eaa996ULL, 0xd452e1d0722e8196ULL}, /* deep repl 3 nwa */
    {0x1b211de54c56d9feULL, 0x3f3f2e4fb35cb6f8ULL}, /* assoc repl 0 wa */
    {0xde8634633da404f8ULL, 0x48ce2e3160417ab0ULL}, /* assoc repl 0 nwa */
    {0x616392dbe4be6883ULL, 0xf2712ff1e85ed88cULL}, /* assoc repl 1 wa */
    {0xcc8a318d06af32c3ULL, 0x3ecd3ea4bf0b2394ULL}, /* assoc repl 1 nwa */
    {0xd1e06678f3bc3394ULL, 0xcf34be10f6afdf58ULL}, /* assoc repl 2 wa */
    {0x6c9fc31cad8c61eaULL, 0xa63a8bf4a3f96caaULL}, /* assoc repl 2 nwa */
    {0x4db529e6f289b616ULL, 0x2e9faf2f55d20e31ULL}, /* assoc repl 3 wa */
    {0x94988eee4e226a6dULL, 0x37fff2d80384c504ULL}, /* assoc repl 3 nwa */
    {0x41ce9b697416716fULL, 0xd7213ccb74ad84acULL}, /* tiny repl 0 wa */
    {0x275acd3c009cc92aULL, 0xc25fef385d521278ULL}, /* tiny repl 0 nwa */
    {0xc2b0ef64d0eaa485ULL, 0x714674e6eeb2d529ULL}, /* tiny repl 1 wa */
    {0xdfc0a6176d4d96c9ULL, 0x55f56029ea84a1d1ULL}, /* tiny repl 1 nwa */
    {0x674d08aa8aaa28cdULL, 0xcb5442d6b2a2052aULL}, /* tiny repl 2 wa */
    {0x7506726eeab61436ULL, 0xf454577954ea9470ULL}, /* tiny repl 2 nwa */
    {0xda9b22ec20181a67ULL, 0x33ba4102b02dc245ULL}, /* tiny repl 3 wa */
    {0x33dc1d5dcbe0ecc8ULL, 0x25cfc84b8ec31176ULL}, /* tiny repl 3 nwa */
};

static uint64_t xs(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *s = x;
}

static void mix(uint64_t *h, uint64_t v)
{
	*h ^= v + 0x9e3779b97f4a7c15ULL + (*h << 6) + (*h >> 2);
	*h *= 0x100000001b3ULL;
}

/* Into the full checksum and the one of counters and lines alone. */
static void mix2(uint64_t sum[3], uint64_t v)
{
	mix(&sum[0], v);
	mix(&sum[2], v);
}

/* Runs the batch, stepping over refused references as a reader would. */
static void flush_batch(skl_cachesim *h, const skl_cachesim_ref *buf, size_t *n)
{
	size_t k = 0;
	while (k < *n) {
		k += skl_cachesim_run(h, buf + k, *n - k);
		if (k < *n) { /* refused: a bad kind or too wide, as skl_cachesim_access() refuses */
			CHECK(buf[k].kind > SKL_CACHESIM_IFETCH || buf[k].size > 8);
			k++;
		}
	}
	*n = 0;
}

/* The batch as skl_cachesim_run_words() takes it: the references a word
 * holds (sizes 1 to 64, a kind, an address below 2^56) as words, each
 * other one (size 0, wider, a bad kind, at the top of the address space)
 * through skl_cachesim_run() on its own, between them. */
static void flush_words(skl_cachesim *h, const skl_cachesim_ref *buf, size_t *n)
{
	uint64_t w[257];
	size_t k = 0, m, j;
	while (k < *n) {
		for (m = 0; k + m < *n && buf[k + m].size >= 1 && buf[k + m].size <= 64 &&
			    buf[k + m].kind <= SKL_CACHESIM_IFETCH && buf[k + m].addr < 1ULL << 56;
		     m++)
			w[m] = SKL_CACHESIM_WORD(buf[k + m].addr, buf[k + m].size, buf[k + m].kind);
		for (j = 0; j < m;) { /* refused: too wide for the model's lines */
			j += skl_cachesim_run_words(h, w + j, m - j);
			if (j < m) {
				CHECK(buf[k + j].size > 8);
				j++;
			}
		}
		k += m;
		if (k < *n) {
			if (!skl_cachesim_run(h, buf + k, 1))
				CHECK(buf[k].kind > SKL_CACHESIM_IFETCH || buf[k].size > 8);
			k++;
		}
	}
	*n = 0;
}

/* A policy that the level accepts: tree-PLRU needs a power-of-two associativity. */
static skl_cachesim_repl level_repl(unsigned r, unsigned i, unsigned assoc)
{
	static const skl_cachesim_repl mixed[3] = {SKL_CACHESIM_PLRU, SKL_CACHESIM_RANDOM, SKL_CACHESIM_LRU};
	skl_cachesim_repl p = r < 3 ? (skl_cachesim_repl)r : mixed[i % 3];
	if (p == SKL_CACHESIM_PLRU && (assoc & (assoc - 1)))
		p = SKL_CACHESIM_LRU;
	return p;
}

/*
 * One access of a synthetic program: instruction fetches that mostly run
 * on, loop and sometimes jump; reads and writes to a hot, a warm and a cold
 * region and to addresses 4 KiB apart (conflicts); sizes 0 to the smallest
 * line at any alignment, so some straddle; now and then an address at the
 * top of the address space or a refused argument.
 */
static void next_access(uint64_t *s, uint64_t *pc, unsigned min_line, uint64_t *addr, unsigned *size, int *kind)
{
	uint64_t r = xs(s), c = r % 100, q = xs(s);
	*size = (unsigned)((q >> 8) % (min_line + 1));
	if (c < 45) {
		*kind = I;
		if ((q & 31) == 0)
			*pc = 0x400000 + (q >> 20) % 65536;
		else if ((q & 31) == 1)
			*pc -= (q >> 20) % 256;
		else
			*pc += 1 + (q >> 16) % 7;
		*addr = *pc;
		if (*size > 15)
			*size = 15;
		return;
	}
	*kind = c < 75 ? R : W;
	switch ((q >> 4) % 20) {
	case 0:
		*addr = 0x80000000ULL + ((q >> 24) % 64) * 4096 + (q >> 40) % 8;
		break;
	case 1:
	case 2:
		*addr = 0x90000000ULL + (q >> 24) % (1u << 20);
		break;
	case 3:
	case 4:
	case 5:
	case 6:
		*addr = 0x70000000ULL + (q >> 24) % 16384;
		break;
	case 7:
		if ((q >> 12) % 16 == 0) {
			*addr = UINT64_MAX - (q >> 24) % 40;
			if (*size > 1 && *addr > UINT64_MAX - (*size - 1))
				*size = (unsigned)(UINT64_MAX - *addr + 1);
			break;
		}
		if ((q >> 12) % 16 == 1) { /* refused: too wide, or a bad kind */
			*addr = 0x1000;
			if ((q >> 16) & 1)
				*size = min_line + 1;
			else
				*kind = 3;
			break;
		}
		/* fall through */
	default:
		*addr = 0x7f000000ULL + (q >> 24) % 1024;
		break;
	}
}

/*
 * The checksums of one run, with classification on or off: sum[0] of the
 * results, counters and lines, sum[1] of the 3C counters, sum[2] of the
 * counters and lines alone. With batch 1, the trace goes through
 * skl_cachesim_run() in batches (results are not seen; sum[0] is 0), with
 * 2 through skl_cachesim_run_words().
 */
static void run(const geometry *g, unsigned repl, int nwa, int classify, int batch, uint64_t sum[3], FILE *verbose)
{
	skl_cachesim_ref buf[257];
	size_t nbuf = 0;
	skl_cachesim_level lv[3];
	skl_cachesim_config cfg;
	skl_cachesim *h;
	skl_error err;
	uint64_t s = 0x1234567 + repl * 77 + (uint64_t)nwa * 1001, pc = 0x400000;
	unsigned i, j, min_line = UINT32_MAX;
	long k;
	memcpy(lv, g->lv, sizeof(lv));
	for (i = 0; i < g->n; i++) {
		lv[i].repl = level_repl(repl, i, lv[i].assoc);
		lv[i].write = nwa ? SKL_CACHESIM_WB_NWA : SKL_CACHESIM_WB_WA;
		if (lv[i].line < min_line)
			min_line = lv[i].line;
	}
	memset(&cfg, 0, sizeof(cfg));
	cfg.levels = lv;
	cfg.nlevels = g->n;
	cfg.mem_latency = 100;
	cfg.seed = repl == 2 ? 0 : 42;
	h = skl_cachesim_new(&cfg, &err);
	sum[0] = sum[1] = sum[2] = 0;
	if (!h) {
		printf("skl_cachesim_new: %s\n", err.msg);
		check_failures++;
		return;
	}
	if (!classify) { /* off, and back on, and off: as off from the start */
		CHECK_INT(skl_cachesim_set_classify(h, 0), 0);
		CHECK_INT(skl_cachesim_set_classify(h, 1), 0);
		CHECK_INT(skl_cachesim_set_classify(h, 0), 0);
	}
	for (k = 0; k < NACCESS; k++) {
		skl_cachesim_result res;
		uint64_t addr;
		unsigned size;
		int kind, rc;
		if (k == NACCESS / 2) {
			if (batch == 2)
				flush_words(h, buf, &nbuf);
			else if (batch)
				flush_batch(h, buf, &nbuf);
			skl_cachesim_reset(h);
		}
		next_access(&s, &pc, min_line, &addr, &size, &kind);
		if (batch) { /* batches of 1 to 257 references */
			buf[nbuf].addr = addr;
			buf[nbuf].size = size;
			buf[nbuf].kind = (uint32_t)kind;
			if (++nbuf == 1 + (size_t)(k * 7919 % 257)) {
				if (batch == 2)
					flush_words(h, buf, &nbuf);
				else
					flush_batch(h, buf, &nbuf);
			}
			continue;
		}
		memset(&res, 0xa5, sizeof(res));
		rc = skl_cachesim_access(h, addr, size, kind, (k & 3) ? &res : NULL);
		mix(&sum[0], (uint64_t)(rc + 1));
		if (rc == 0 && (k & 3))
			mix(&sum[0], res.latency ^ ((uint64_t)(res.hit_level + 1) << 20) ^ ((uint64_t)res.lines << 28) ^
					 ((uint64_t)res.missed << 32));
	}
	if (batch == 2)
		flush_words(h, buf, &nbuf);
	else if (batch)
		flush_batch(h, buf, &nbuf);
	for (i = 0; i < g->n; i++) {
		struct skl_cachesim_stats st;
		CHECK_INT(skl_cachesim_stats(h, i, &st), 0);
		for (j = 0; j < 3; j++) {
			mix2(sum, st.refs[j]);
			mix2(sum, st.misses[j]);
		}
		mix2(sum, st.hits);
		mix2(sum, st.evictions);
		mix2(sum, st.dirty_evictions);
		mix2(sum, st.writebacks);
		CHECK_INT(st.compulsory + st.capacity + st.conflict,
			  classify ? st.misses[0] + st.misses[1] + st.misses[2] : 0);
		mix(&sum[1], st.compulsory);
		mix(&sum[1], st.capacity);
		mix(&sum[1], st.conflict);
		if (verbose)
			fprintf(verbose,
				"  %-4s refs %7llu misses %6llu = %6llu + %6llu + %6llu, evictions %6llu dirty %6llu "
				"wb %6llu\n",
				st.name, (unsigned long long)(st.refs[0] + st.refs[1] + st.refs[2]),
				(unsigned long long)(st.misses[0] + st.misses[1] + st.misses[2]),
				(unsigned long long)st.compulsory, (unsigned long long)st.capacity,
				(unsigned long long)st.conflict, (unsigned long long)st.evictions,
				(unsigned long long)st.dirty_evictions, (unsigned long long)st.writebacks);
		for (j = 0; j < st.sets * st.assoc; j++) {
			skl_cachesim_lineinfo cl;
			CHECK_INT(skl_cachesim_line(h, i, j / st.assoc, j % st.assoc, &cl), 0);
			mix2(sum, (uint64_t)cl.valid | (uint64_t)cl.dirty << 1 | (uint64_t)cl.last_hit << 2);
			mix2(sum, cl.addr);
			mix2(sum, cl.last_use);
		}
	}
	skl_cachesim_free(h);
}

static void check_geometry(unsigned gi)
{
	unsigned r, w;
	int b;
	for (r = 0; r < NREPL; r++) {
		for (w = 0; w < 2; w++) {
			const uint64_t *want = golden[(gi * NREPL + r) * 2 + w];
			const char *mode = geometries[gi].mode, *wp = w ? "nwa" : "wa";
			uint64_t got[3], off[3], batch[3];
			run(&geometries[gi], r, (int)w, 1, 0, got, NULL);
			if (got[0] != want[0] || got[1] != want[1]) {
				printf("%s repl %u %s: checksums %016llx %016llx, want %016llx %016llx\n", mode, r, wp,
				       (unsigned long long)got[0], (unsigned long long)got[1],
				       (unsigned long long)want[0], (unsigned long long)want[1]);
				check_failures++;
			}
			/* without classification: the same figures but the 3C ones (checked 0 in run()) */
			run(&geometries[gi], r, (int)w, 0, 0, off, NULL);
			if (off[0] != want[0]) {
				printf("%s repl %u %s, unclassified: checksum %016llx, want %016llx\n", mode, r, wp,
				       (unsigned long long)off[0], (unsigned long long)want[0]);
				check_failures++;
			}
			/* in batches of references (1) and of words (2), with and without
			 * classification: the same counters and lines */
			for (b = 1; b <= 2; b++) {
				const char *fn = b == 1 ? "skl_cachesim_run" : "skl_cachesim_run_words";
				run(&geometries[gi], r, (int)w, 1, b, batch, NULL);
				if (batch[1] != want[1] || batch[2] != got[2]) {
					printf("%s repl %u %s, %s: checksums %016llx %016llx, want %016llx %016llx\n",
					       mode, r, wp, fn, (unsigned long long)batch[2],
					       (unsigned long long)batch[1], (unsigned long long)got[2],
					       (unsigned long long)want[1]);
					check_failures++;
				}
				run(&geometries[gi], r, (int)w, 0, b, batch, NULL);
				if (batch[2] != got[2]) {
					printf("%s repl %u %s, %s, unclassified: checksum %016llx, want %016llx\n",
					       mode, r, wp, fn, (unsigned long long)batch[2],
					       (unsigned long long)got[2]);
					check_failures++;
				}
			}
		}
	}
}

/* Counters of every level, for "nothing changed". */
static uint64_t stats_sum(const skl_cachesim *h, unsigned n)
{
	uint64_t sum = 0;
	unsigned i;
	for (i = 0; i < n; i++) {
		struct skl_cachesim_stats st;
		skl_cachesim_stats(h, i, &st);
		mix(&sum, st.refs[0] + st.refs[1] * 3 + st.refs[2] * 7 + st.misses[0] * 11 + st.misses[1] * 13 +
			      st.misses[2] * 17 + st.compulsory * 19 + st.capacity * 23 + st.conflict * 29 +
			      st.writebacks * 31);
	}
	return sum;
}

/*
 * Each host allocation fails once in turn: skl_cachesim_new() returns NULL,
 * or an access that must grow a first-touch set is refused and changes
 * nothing; tried again, the run ends as the run without failures does.
 */
static void t_allocfail(void)
{
	const geometry *g = &geometries[0];
	skl_cachesim_config cfg;
	uint64_t want = 0;
	long n, refused = 0;
	memset(&cfg, 0, sizeof(cfg));
	cfg.levels = g->lv;
	cfg.nlevels = g->n;
	cfg.mem_latency = 100;
	for (n = -1; n < 1000; n++) {
		skl_fault f = {0, n, SKL_FAULT_ONCE};
		uint64_t s = 99, pc = 0x400000, sum = 0;
		skl_cachesim *h;
		long k;
		if (n >= 0)
			skl_fault_arm(&f, n, SKL_FAULT_ONCE);
		h = skl_cachesim_new(&cfg, NULL);
		if (!h) {
			skl_fault_disarm();
			CHECK(n >= 0);
			continue;
		}
		skl_cachesim_set_classify(h, 0);
		if (skl_cachesim_set_classify(h, 1) < 0) { /* stays off; on when allocations succeed */
			CHECK(f.calls > n);
			CHECK_INT(skl_cachesim_set_classify(h, 1), 0);
		}
		for (k = 0; k < 20000; k++) {
			uint64_t addr, before = stats_sum(h, g->n);
			unsigned size;
			int kind, rc;
			next_access(&s, &pc, 64, &addr, &size, &kind);
			if (kind > I || size > 64)
				continue;
			rc = skl_cachesim_access(h, addr, size, kind, NULL);
			if (rc < 0) {
				CHECK(n >= 0 && f.calls > n);
				CHECK(stats_sum(h, g->n) == before);
				refused++;
				CHECK_INT(skl_cachesim_access(h, addr, size, kind, NULL), 0);
			}
		}
		skl_fault_disarm();
		sum = stats_sum(h, g->n);
		if (n < 0)
			want = sum;
		else
			CHECK(sum == want);
		skl_cachesim_free(h);
		if (n >= 0 && f.calls <= n) /* no allocation left to fail */
			break;
	}
	CHECK(n < 1000);
	CHECK(refused > 0);
}

static void print_golden(void)
{
	unsigned gi, r, w;
	for (gi = 0; gi < NGEOM; gi++)
		for (r = 0; r < NREPL; r++)
			for (w = 0; w < 2; w++) {
				uint64_t got[3];
				fprintf(stderr, "%s repl %u %s\n", geometries[gi].mode, r, w ? "nwa" : "wa");
				run(&geometries[gi], r, (int)w, 1, 0, got, stderr);
				printf("{0x%016llxULL, 0x%016llxULL}, /* %s repl %u %s */\n",
				       (unsigned long long)got[0], (unsigned long long)got[1], geometries[gi].mode, r,
				       w ? "nwa" : "wa");
			}
}

int main(int argc, char **argv)
{
	unsigned gi;
	if (argc < 2) {
		printf("usage: test_cache_equiv split|deep|assoc|tiny|allocfail|print\n");
		return 2;
	}
	if (!strcmp(argv[1], "print")) {
		print_golden();
		return 0;
	}
	if (!strcmp(argv[1], "allocfail")) {
		t_allocfail();
		return check_done(argv[1]);
	}
	for (gi = 0; gi < NGEOM; gi++)
		if (!strcmp(argv[1], geometries[gi].mode))
			break;
	if (gi == NGEOM) {
		printf("unknown mode %s\n", argv[1]);
		return 2;
	}
	check_geometry(gi);
	return check_done(argv[1]);
}
