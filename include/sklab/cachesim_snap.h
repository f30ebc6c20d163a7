/*
 * cache_snap.h - what the cache views draw: a copy of a cache model's
 * lines (sets x ways, each with the struct member that owns it, hit or
 * miss, dirty), its counters, and the misses attributed to struct members
 * and to cache lines of objects. Plain data, deep-copied, owned by the
 * event log once shown; no pointers into the engine.
 */
#ifndef SKLAB_CACHE_SNAP_H
#define SKLAB_CACHE_SNAP_H

#include "sklab/cachesim.h"

/* One way of one set. */
typedef struct skl_cachesim_snap_line {
	uint64_t addr; /* simulated address of the line's first byte */
	uint8_t valid, dirty;
	uint8_t last_hit; /* the latest access hit; else it installed the line (a miss) */
	uint8_t recent;	  /* touched since the previous snapshot of this model (this step) */
	uint8_t missed;	  /* recent, and a miss brought it in since that snapshot (this step's
			   * first access missed); recent and not missed: every access hit */
	int owner;	  /* index into skl_cachesim_snap.owners, -1 = nothing known */
	uint8_t mesi;	  /* a private level of a coherent model: the CPU's skl_mesi; else 0 */
} skl_cachesim_snap_line;

/* One level: its geometry, counters, and (small levels only) its lines. */
typedef struct skl_cachesim_snap_level {
	struct skl_cachesim_stats st; /* name, size, assoc, line, sets, counters */
	unsigned latency;
	skl_cachesim_snap_line *lines; /* sets * assoc, set-major; NULL when too big to copy */
} skl_cachesim_snap_level;

#define SKL_ATTR_CPUS 8 /* CPUs whose reads and writes a row counts one by one */

/* Accesses and misses attributed to one member of one kind of object, or
 * to one cache line of it (member = "line N"). */
typedef struct skl_cachesim_attr {
	char owner[48];	       /* the object's type or cache: "tcp_sock", "slab_t", "size-2048" */
	char member[96];       /* "daddr", "sk_common.skc_hash", "line 3", "" = the whole object */
	unsigned offset, size; /* within the object */
	uint64_t reads, writes;
	uint64_t misses[SKL_CACHESIM_MAX_LEVELS]; /* by level index */
	uint64_t cycles;			  /* modelled latency summed */
	/* with a coherent model (skl_kernel_set_cachesim_smp), else 0 */
	uint64_t coherence;		   /* coherence misses: the line was lost to another CPU's write */
	uint64_t hitm;			   /* lines supplied by another CPU's Modified copy */
	uint64_t cpus_read, cpus_wrote;	   /* bit c: CPU c read / wrote it (CPUs 0..63) */
	uint32_t cpu_reads[SKL_ATTR_CPUS]; /* per CPU 0..7 */
	uint32_t cpu_writes[SKL_ATTR_CPUS];
} skl_cachesim_attr;

/* One CPU's private levels in a snapshot of a coherent model. */
typedef struct skl_cachesim_snap_cpu {
	skl_cachesim_snap_level *levels; /* lines with their MESI state */
	int nlevels;
	uint64_t coherence, transfers, hitm, invalidated; /* skl_cachesim_smp_stats */
} skl_cachesim_snap_cpu;

typedef struct skl_cachesim_snap {
	char title[128];  /* the machine: "Pentium III (Coppermine), 800 MHz" */
	char source[128]; /* where the figures come from */
	unsigned mem_latency;
	skl_cachesim_snap_level *levels;
	int nlevels;
	char **owners; /* "tcp_sock.daddr", "slab_t", "size-2048": line owners */
	int nowners;
	skl_cachesim_attr *members; /* per member, sorted by owner then offset */
	int nmembers;
	skl_cachesim_attr *lines; /* per object cache line, sorted by owner then line */
	int nlines;
	uint64_t accesses, cycles; /* totals fed so far */
	/* a coherent model: levels[0..nprivate) are the current CPU's private
	 * levels (their lines with its MESI state), the rest the shared ones;
	 * cpus has every CPU's private levels. A plain model: ncpus 1, cpus NULL */
	int ncpus, cpu, nprivate;
	skl_cachesim_snap_cpu *cpus;
} skl_cachesim_snap;

/* ---- perf c2c's shared cache lines ---------------------------------------- */

/* One member of a contended line, as CPUs touched it there. */
typedef struct skl_c2c_member {
	char member[96]; /* "" = bytes of no member */
	unsigned offset, size;
	uint64_t reads, writes, coherence, hitm;
	uint64_t cpus_read, cpus_wrote;
	uint32_t cpu_reads[SKL_ATTR_CPUS], cpu_writes[SKL_ATTR_CPUS];
} skl_c2c_member;

/* One cache line of the simulated machine that CPUs contended for. */
typedef struct skl_c2c_line {
	uint64_t addr;	 /* the line's simulated address */
	char owner[48];	 /* the object's type or cache */
	unsigned lineno; /* the line's index within its object */
	/* the object offset of the line's first byte (members[].offset minus
	 * it is where a member sits in the line); negative when the object
	 * begins inside the line. With two objects of one type in the line,
	 * the first one touched's */
	int64_t line_offset;
	uint64_t reads, writes, coherence, hitm, cycles;
	uint64_t cpus_read, cpus_wrote;
	uint32_t cpu_reads[SKL_ATTR_CPUS], cpu_writes[SKL_ATTR_CPUS];
	/* false sharing: CPUs touch different members, one at least writes;
	 * true sharing: some member is touched by two CPUs, one writing */
	int false_sharing, true_sharing;
	skl_c2c_member *members; /* by offset */
	int nmembers;
} skl_c2c_line;

typedef struct skl_c2c {
	char title[128]; /* the machine: the model's title ("" = none) */
	unsigned ncpus;
	unsigned line;	     /* the coherence unit: the smallest private line, bytes */
	skl_c2c_line *lines; /* HITM first, then coherence misses, then address */
	int nlines;
	uint64_t accesses, reads, writes, coherence, hitm; /* every line fed, contended or not */
	uint64_t lines_seen;				   /* distinct lines fed (to SKL_ATTR_MAX) */
	int truncated; /* more lines than SKL_ATTR_MAX were fed: the rest are not split */
} skl_c2c;

void skl_c2c_free(skl_c2c *c);
/* perf c2c report --stdio's "Shared Data Cache Line Table" and "Shared
 * Cache Line Distribution Pareto", of the model's figures. */
void skl_c2c_write(const skl_c2c *c, const skl_sink *out);
/* What a contended line's sharing is called: the text report's column
 * ("true+false", "true", "false", "-") or, with words, the pictures'
 * ("true + false sharing", "true sharing", "false sharing", "no sharing"). */
const char *skl_c2c_sharing(int true_sharing, int false_sharing, int words);

/* Frees a snapshot and everything in it (NULL is fine). */
void skl_cachesim_snap_free(skl_cachesim_snap *s);

/* Which CPUs touched one field of a heat overlay (the c2c metrics). */
typedef struct skl_heat_cpus {
	uint64_t read, wrote;	       /* bit c: CPU c read / wrote it (CPUs 0..63) */
	uint32_t reads[SKL_ATTR_CPUS]; /* per CPU 0..7 */
	uint32_t writes[SKL_ATTR_CPUS];
} skl_heat_cpus;

/* One cache line (row) of a heat overlay's layout, as skl_c2c sees the
 * lines of the overlay's owner, summed over every object of that owner. */
typedef struct skl_heat_line {
	uint64_t coherence, hitm;
	uint64_t cpus_read, cpus_wrote;
	/* skl_c2c_line's flags (the c2c report's rule), set when any object's
	 * line has them; both 0 for a line no CPUs contended for */
	int false_sharing, true_sharing;
} skl_heat_line;

/*
 * A heat overlay for the layout view: one value per field of a layout
 * (index as in skl_layout's fields), e.g. L1d misses per member. The c2c
 * metrics (coherence misses, HITM) of a coherent model also carry which
 * CPUs touched each field and each line's contention; the other metrics
 * leave ncpus 0 and cpus, lines NULL.
 */
typedef struct skl_heat {
	char label[64]; /* "L1d misses", "cycles" */
	double *value;	/* nvalues entries, >= 0 */
	int nvalues;
	unsigned ncpus;	      /* CPUs of the coherent model; 0 = no per-CPU data */
	skl_heat_cpus *cpus;  /* nvalues entries (a field: its members' too), or NULL */
	skl_heat_line *lines; /* nlines entries: line n = bytes [n * line, (n + 1) * line) */
	int nlines;
} skl_heat;

void skl_heat_free(skl_heat *h);

#endif
