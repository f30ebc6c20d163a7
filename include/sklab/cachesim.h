/*
 * cache.h - a model of a CPU cache hierarchy: split L1 instruction and data
 * caches feeding unified lower levels, each set-associative with LRU,
 * tree-PLRU or seeded-random replacement, write-back with or without write
 * allocation, per-level counters with 3C miss classification, the latency
 * of every access, and a Cachegrind-style summary.
 *
 * It never reads a trace or touches host memory: callers feed it
 * addresses. Everything is deterministic for a given configuration.
 */
#ifndef SKLAB_CACHE_H
#define SKLAB_CACHE_H

#include "sklab/abi.h"
#include "sklab/common.h"

#include <stdint.h>

/* ---- configuration ----------------------------------------------------- */

#define SKL_CACHESIM_MAX_LEVELS 16

typedef enum skl_cachesim_repl {
	SKL_CACHESIM_LRU = 0,
	SKL_CACHESIM_PLRU,   /* tree pseudo-LRU; associativity a power of two <= 64 */
	SKL_CACHESIM_RANDOM, /* xorshift64 seeded from skl_cachesim_config.seed */
} skl_cachesim_repl;

typedef enum skl_cachesim_wpolicy {
	SKL_CACHESIM_WB_WA = 0, /* write-back + write-allocate */
	SKL_CACHESIM_WB_NWA,	/* write-back + no-write-allocate (write miss goes around) */
} skl_cachesim_wpolicy;

typedef enum skl_cachesim_kind {
	SKL_CACHESIM_READ = 0,
	SKL_CACHESIM_WRITE = 1,
	SKL_CACHESIM_IFETCH = 2,
} skl_cachesim_kind;

/*
 * One level. The name decides its place: "L1i" serves only instruction
 * fetches, "L1d" only data; any other name ("L2", "LL", ...) is unified and
 * serves both. Split levels come first; unified levels are visited in the
 * order given. Without an "L1i", fetches take the data path.
 */
typedef struct skl_cachesim_level {
	const char *name; /* < 16 characters */
	uint64_t size;	  /* bytes */
	unsigned assoc;	  /* ways; size / line for fully associative */
	unsigned line;	  /* bytes, a power of two */
	skl_cachesim_repl repl;
	skl_cachesim_wpolicy write;
	unsigned latency; /* cycles to look the level up */
} skl_cachesim_level;

typedef struct skl_cachesim_config {
	const skl_cachesim_level *levels;
	unsigned nlevels; /* 1..SKL_CACHESIM_MAX_LEVELS */
	unsigned mem_latency;
	uint64_t seed; /* for SKL_CACHESIM_RANDOM; 0 picks a fixed default */
	/* charged with skl_cachesim_footprint() before anything is allocated
	 * and given back by skl_cachesim_free(); a refusal is skl_cachesim_new's
	 * error, with the budget's message; NULL = no accounting */
	struct skl_budget *budget;
} skl_cachesim_config;

/* The host bytes a model of cfg takes at most (its arrays with 3C
 * classification on), what skl_cachesim_new charges cfg->budget: about
 * 60 bytes per line, so 1 GiB of 64-byte lines is about 1 GiB. */
uint64_t skl_cachesim_footprint(const skl_cachesim_config *cfg);

/* ---- results and counters ---------------------------------------------- */

typedef struct skl_cachesim_result {
	unsigned latency; /* sum of the levels visited, plus memory on a full miss */
	int hit_level;	  /* config index of the level that hit; -1 = memory */
	unsigned lines;	  /* lines touched at the first level: 1, or 2 when straddling */
	uint32_t missed;  /* bit i set: level i missed */
} skl_cachesim_result;

/*
 * Per-level counters. Only the struct tag is used: the name
 * skl_cachesim_stats belongs to the function that fills it.
 */
struct skl_cachesim_stats {
	char name[16];
	uint64_t size;
	unsigned assoc, line, sets;
	uint64_t refs[3];   /* by skl_cachesim_kind */
	uint64_t misses[3]; /* by skl_cachesim_kind */
	uint64_t hits;
	uint64_t compulsory, capacity, conflict; /* sum == total misses; all 0 when not classifying */
	uint64_t evictions;			 /* valid lines replaced */
	uint64_t dirty_evictions;		 /* of which dirty */
	uint64_t writebacks; /* writes sent below: dirty evictions + no-write-allocate write misses */
};

/* ---- the hierarchy ----------------------------------------------------- */

typedef struct skl_cachesim skl_cachesim;

/* NULL with err set on bad geometry or allocation failure. */
skl_cachesim *skl_cachesim_new(const skl_cachesim_config *cfg, skl_error *err);
void skl_cachesim_free(skl_cachesim *h);
/* Empties every level and zeroes every counter, as if just created. */
void skl_cachesim_reset(skl_cachesim *h);

/*
 * 3C miss classification, on (1, as created) or off (0). Off, the
 * compulsory, capacity and conflict counters stay 0 and the two shadows
 * that classify (a first-touch set and a fully associative LRU cache per
 * level) are freed and skipped: every other figure is the same and an
 * access takes about a third of the time (tests/cachesim/bench_cache). Resets
 * the hierarchy (skl_cachesim_reset), so call it before the first access.
 * 0, or -1 on allocation failure (classification stays off) or a NULL h.
 */
int skl_cachesim_set_classify(skl_cachesim *h, int on);
unsigned skl_cachesim_levels(const skl_cachesim *h);

/*
 * One access of size bytes (0 counts as 1; at most the smallest line size).
 * Straddling is modelled as Cachegrind does: one reference per level, both
 * lines looked up, a miss when either line misses; the whole access then
 * goes to the next level. Returns 0, or -1 on bad arguments (nothing
 * changes) or allocation failure of the first-touch set.
 */
int skl_cachesim_access(skl_cachesim *h, uint64_t addr, unsigned size, int kind, skl_cachesim_result *out);

/*
 * Writes back and invalidates every line of every level (x86's WBINVD; a
 * DineroIV flush record): each valid dirty line adds one to its level's
 * writebacks (not to its evictions), then every level is empty. Counters
 * are kept. The 3C shadows' fully associative caches empty too, while the
 * first-touch sets are kept: a line missed after a flush is a capacity or
 * conflict miss, never a compulsory one. Returns 0, or -1 when h is NULL.
 */
int skl_cachesim_flush(skl_cachesim *h);

/* One access for skl_cachesim_run(): the layout of skl_trace_ref. */
typedef struct skl_cachesim_ref {
	uint64_t addr;
	uint32_t size; /* as skl_cachesim_access() takes it */
	uint32_t kind; /* skl_cachesim_kind */
} skl_cachesim_ref;

/*
 * refs[0..n) in order, each as skl_cachesim_access(h, addr, size, kind,
 * NULL) would take it (the same counters and lines), without a call per
 * access; the fast path's counters are added once at the end. Returns how many were taken: n, or the
 * index of the first one refused (bad arguments or allocation failure; it
 * changed nothing, and the caller may skip it and go on).
 */
size_t skl_cachesim_run(skl_cachesim *h, const skl_cachesim_ref *refs, size_t n);

/*
 * One access in a 64-bit word, for skl_cachesim_run_words(): the address
 * in the low 56 bits, size - 1 (sizes 1 to 64) from bit 56, the kind from
 * bit 62 (3 is no kind: the run stops there). Half the bytes of a
 * skl_cachesim_ref, and read without a copy into a batch.
 */
#define SKL_CACHESIM_WORD(addr, size, kind)                                                                            \
	(((uint64_t)(addr) & ((1ULL << 56) - 1)) | (uint64_t)(((unsigned)(size)-1) & 63) << 56 |                       \
	 (uint64_t)((unsigned)(kind)&3) << 62)
#define SKL_CACHESIM_WORD_ADDR(w) ((w) & ((1ULL << 56) - 1))
#define SKL_CACHESIM_WORD_SIZE(w) ((unsigned)(((w) >> 56) & 63) + 1)
#define SKL_CACHESIM_WORD_KIND(w) ((unsigned)((w) >> 62))

/* skl_cachesim_run() over words[0..n) (SKL_CACHESIM_WORD): the same
 * counters and lines as the references they encode. */
size_t skl_cachesim_run_words(skl_cachesim *h, const uint64_t *words, size_t n);

/* A batch for skl_cachesim_run() that, with the records it is made from,
 * stays in a host's L1d (512 references are 8 KiB): the batch `sklab
 * cachesim` and the benches feed. With 4096 the copy into the batch alone
 * took twice as long. */
#define SKL_CACHESIM_BATCH 512

/* ---- lines taken away from outside: coherence (cachesim_smp.h) ------- */

/*
 * skl_cachesim_access for an access that missed the levels above it in
 * another hierarchy (a CPU's private levels), as one hierarchy's walk
 * would reach these levels: the same references, lookups and replacements,
 * but a write's data comes only with the lines whose bit is set in carried
 * (bit 0 the access's first line, bit 1 a straddled second): those the
 * levels above did not take (hold or allocate). The others are written as
 * reads are: no dirty flag, and taken in by a no-write-allocate level.
 */
int skl_cachesim_access_below(skl_cachesim *h, uint64_t addr, unsigned size, int kind, unsigned carried,
			      skl_cachesim_result *out);

/* Which levels (bit = config index) hold the line of addr, each by its own
 * line size; *dirty (may be NULL) gets which of them hold it dirty. Changes
 * nothing: no counter, no recency. 0 for a NULL h. */
uint32_t skl_cachesim_probe(const skl_cachesim *h, uint64_t addr, uint32_t *dirty);

/*
 * Drops the line of addr from every level (another CPU's write took it):
 * the way becomes invalid and its set's first victim. No counter moves (a
 * dirty copy's data went with the line; no write-back is counted); the 3C
 * shadows keep the line, so missing it again classifies as a conflict
 * miss (skl_cachesim_smp counts it as a coherence miss). Returns the levels
 * that held it.
 */
uint32_t skl_cachesim_invalidate(skl_cachesim *h, uint64_t addr);

/* Clears the dirty flag of the line of addr at every level (its data was
 * written back when another CPU read it); no counter moves. Returns the
 * levels that held it dirty. */
uint32_t skl_cachesim_clean(skl_cachesim *h, uint64_t addr);

/* Counters of level (config index); -1 when out of range. */
int skl_cachesim_stats(const skl_cachesim *h, unsigned level, struct skl_cachesim_stats *out);

/* ---- what the cache grid view draws ----------------------------------- */

typedef struct skl_cachesim_lineinfo {
	uint64_t addr; /* the line's first byte; 0 when invalid */
	int valid, dirty;
	int last_hit;	    /* the latest access to this line hit (else it was installed by a miss) */
	uint64_t last_use;  /* the level's access tick at the latest use; larger = more recent */
	uint64_t installed; /* the tick of the miss that brought the line in (<= last_use) */
} skl_cachesim_lineinfo;

/* One way of one set of level; -1 when out of range. */
int skl_cachesim_line(const skl_cachesim *h, unsigned level, unsigned set, unsigned way, skl_cachesim_lineinfo *out);

/* ---- presets: a profile's era, the host, Cachegrind's defaults ---------- */

/*
 * A configuration that owns its strings: fill with one of the functions
 * below, then skl_cachesim_preset_config() gives a config pointing into it
 * (valid while the preset lives and is not moved).
 */
typedef struct skl_cachesim_preset {
	char title[128];  /* "Pentium III (Coppermine), 2000" or "host: AMD EPYC (sysfs)" */
	char source[128]; /* where the figures come from, and what was assumed */
	char names[SKL_CACHESIM_MAX_LEVELS][16];
	skl_cachesim_level levels[SKL_CACHESIM_MAX_LEVELS];
	unsigned nlevels;
	unsigned mem_latency;
	/* a coherent model's cycles for a line from another core's cache,
	 * clean (transfer) and Modified (hitm); 0 = skl_cachesim_smp's rule */
	unsigned transfer_latency, hitm_latency;
} skl_cachesim_preset;

void skl_cachesim_preset_config(const skl_cachesim_preset *p, skl_cachesim_config *out);

/* The era's machine a profile names (its cache table); -1 with err set
 * when the profile has none. */
int skl_cachesim_preset_profile(const skl_profile *p, skl_cachesim_preset *out, skl_error *err);

/*
 * The host's caches from sysfs_dir (NULL = /sys/devices/system/cpu/cpu0/cache):
 * every indexN with level, type, size, ways_of_associativity and
 * coherency_line_size. Where sysfs has none, the C library's figures
 * (sysconf _SC_LEVEL1_DCACHE_SIZE...) when sysfs_dir is NULL. Latencies are
 * typical figures for the level, and the source says so. -1 with err set
 * when neither gives an L1 data cache.
 */
int skl_cachesim_preset_host(const char *sysfs_dir, skl_cachesim_preset *out, skl_error *err);

/* Appends or replaces the level named name (for --I1/--D1/--LL style
 * overrides): "I1" maps to L1i, "D1" to L1d, "LL" to the last unified
 * level (created when missing). -1 with err set on bad geometry text. */
int skl_cachesim_preset_set(skl_cachesim_preset *p, const char *name, uint64_t size, unsigned assoc, unsigned line,
			    skl_error *err);

/* "32768 B, 8-way, 64 B lines, LRU" per level, one line each, and the latencies. */
void skl_cachesim_preset_write(const skl_cachesim_preset *p, const skl_sink *out);

/*
 * Cachegrind's end-of-run summary, prefixed "==0== " (no process here):
 * I1 is the first level of the fetch path, D1 the first of the data path,
 * LL the last level.
 */
void skl_cachesim_write_summary(const skl_cachesim *h, const skl_sink *sink);
/* The same from the three levels' counters (a coherent model's, summed over CPUs). */
void skl_cachesim_write_summary_of(const struct skl_cachesim_stats *i1, const struct skl_cachesim_stats *d1,
				   const struct skl_cachesim_stats *ll, const skl_sink *sink);

#endif
