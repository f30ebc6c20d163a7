/*
 * cmd_cachesim.c - sklab cachesim: a Lackey or din trace through the cache
 * model, reported as Cachegrind reports a run. The geometry is Cachegrind's
 * I1, D1 and LL (the host's by default, an era's machine with --profile),
 * with --I1/--D1/--LL overrides; --all-levels keeps the middle levels too.
 *
 * It follows Cachegrind's counting so the figures can be compared with a
 * real run: a modify is one data read, an access wider than the smallest
 * line is cut to that line size, a straddling access is one reference.
 */
#include "app.h"

#include "sklab/runtime.h"
#include "sklab/cachesim.h"
#include "sklab/json.h"
#include "sklab/trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCH SKL_CACHESIM_BATCH

typedef struct geom {
	int set;
	uint64_t size;
	unsigned assoc, line;
} geom;

typedef struct opts {
	geom g[3]; /* I1, D1, LL */
	const char *profile;
	const char *trace;
	skl_trace_format format;
	int policy; /* -1 = keep */
	int write;  /* -1 = keep */
	int modify_rw;
	int all_levels;
	int classify, json, quiet;
	uint64_t seed;
	uint64_t memory; /* --max-memory, bytes */
} opts;

static const char *const geom_names[3] = {"I1", "D1", "LL"};

static int bad(const char *fmt, const char *a, const char *b)
{
	fputs("sklab cachesim: ", stderr);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	return 2;
}

/* A decimal number with an optional K or M (binary) suffix. */
static int parse_num(const char **s, uint64_t *out)
{
	const char *p = *s;
	uint64_t v = 0;
	if (*p < '0' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9') {
		if (v > (UINT64_MAX - 9) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*p++ - '0');
	}
	if (*p == 'k' || *p == 'K')
		v <<= 10, p++;
	else if (*p == 'm' || *p == 'M')
		v <<= 20, p++;
	*s = p;
	*out = v;
	return 0;
}

/* "SIZE,ASSOC,LINE" as Cachegrind's --I1/--D1/--LL take it. */
static int parse_geom(const char *a, geom *g)
{
	const char *p = a;
	uint64_t s, as, l;
	if (parse_num(&p, &s) || *p++ != ',' || parse_num(&p, &as) || *p++ != ',' || parse_num(&p, &l) || *p)
		return -1;
	if (as > 1u << 30 || l > 1u << 30)
		return -1;
	g->set = 1;
	g->size = s;
	g->assoc = (unsigned)as;
	g->line = (unsigned)l;
	return 0;
}

enum {
	O_I1 = 256, /* O_I1 + k is geom_names[k] */
	O_D1,
	O_LL,
	O_PROFILE,
	O_POLICY,
	O_FORMAT,
	O_MODIFY,
	O_SEED,
	O_HOST,
	O_WRITE_ALLOCATE,
	O_NO_WRITE_ALLOCATE,
	O_ALL_LEVELS,
	O_CLASSIFY,
	O_JSON,
	O_MAX_MEMORY
};

static const skl_app_opt options[] = {
    {"I1", O_I1, SKL_APP_VALUE, "S,A,L", "", NULL},
    {"D1", O_D1, SKL_APP_VALUE, "S,A,L", "", NULL},
    {"LL", O_LL, SKL_APP_VALUE, "S,A,L",
     "size in bytes (K and M suffixes too), ways,\n"
     "line bytes, as Cachegrind takes them: I1, D1\n"
     "the first level, LL the last",
     NULL},
    {"host", O_HOST, SKL_APP_NONE, NULL, "the host's caches (sysfs), the default", NULL},
    {"profile", O_PROFILE, SKL_APP_VALUE, "P", "the era's machine of kernel profile P", NULL},
    {"all-levels", O_ALL_LEVELS, SKL_APP_NONE, NULL,
     "keep middle levels (L2 under an L3); by default\nthe model is I1, D1 and LL, as Cachegrind's is", NULL},
    {"policy", O_POLICY, SKL_APP_VALUE, "lru|plru|random", "replacement in every level (default lru, Cachegrind's)",
     NULL},
    {"write-allocate", O_WRITE_ALLOCATE, SKL_APP_NONE, NULL, "", NULL},
    {"no-write-allocate", O_NO_WRITE_ALLOCATE, SKL_APP_NONE, NULL,
     "write misses allocate a line (the default, as\nCachegrind does) or go around", NULL},
    {"format", O_FORMAT, SKL_APP_VALUE, "auto|lackey|din", "force the trace format (default: detected)", NULL},
    {"modify", O_MODIFY, SKL_APP_VALUE, "read|rw",
     "a Lackey modify is one read (Cachegrind, the\ndefault) or a read then a write", NULL},
    {"classify", O_CLASSIFY, SKL_APP_NONE, NULL, "3C miss breakdown and modelled cycles per level", NULL},
    {"json", O_JSON, SKL_APP_NONE, NULL, "one JSON object on stdout instead of the text", NULL},
    {"seed", O_SEED, SKL_APP_VALUE, "N", "the seed of the random policy, so a run repeats", NULL},
    {"quiet", 'q', SKL_APP_NONE, NULL, "no cache description on stderr", NULL},
    {"max-memory", O_MAX_MEMORY, SKL_APP_VALUE, "MIB", "memory the model may take, in MiB (1024)",
     "MiB of memory from 16 to 1048576"},
    {0},
};

static const skl_app_cmd cachesim_cmd = {
    .name = "cachesim",
    .about = "Runs a memory trace through the cache model and prints Cachegrind's summary\n"
	     "(I refs, I1/LLi misses, D refs rd/wr, D1/LLd misses, LL refs and misses).\n"
	     "TRACE is Valgrind Lackey output (valgrind --tool=lackey --trace-mem=yes) or a\n"
	     "DineroIV din trace ('label address [size]'); '-' reads standard input.",
    .opts = options,
};

static int parse_args(int argc, char **argv, opts *o)
{
	skl_app_args g;
	int key;
	memset(o, 0, sizeof(*o));
	o->policy = o->write = -1;
	o->memory = SKL_BUDGET_DEFAULT;
	skl_app_args_init(&g, &cachesim_cmd, argc, argv);
	while ((key = skl_app_getopt(&g)) != SKL_APP_END) {
		const char *a = g.arg;
		switch (key) {
		case SKL_APP_BAD:
			return 2;
		case 'h':
			skl_app_usage(stdout, &cachesim_cmd);
			return 0;
		case O_I1:
		case O_D1:
		case O_LL:
			if (parse_geom(a, &o->g[key - O_I1]) < 0)
				return bad("--%s: expected SIZE,ASSOC,LINE in bytes (e.g. 32768,8,64), not '%s'",
					   geom_names[key - O_I1], a);
			break;
		case O_PROFILE:
			o->profile = a;
			break;
		case O_POLICY:
			if (!strcmp(a, "lru"))
				o->policy = SKL_CACHESIM_LRU;
			else if (!strcmp(a, "plru"))
				o->policy = SKL_CACHESIM_PLRU;
			else if (!strcmp(a, "random"))
				o->policy = SKL_CACHESIM_RANDOM;
			else
				return bad("--policy takes lru, plru or random, not '%s'%s", a, "");
			break;
		case O_FORMAT:
			if (skl_trace_parse_format(a, &o->format) < 0)
				return bad("--format takes auto, lackey or din, not '%s'%s", a, "");
			break;
		case O_MODIFY:
			if (strcmp(a, "read") && strcmp(a, "rw"))
				return bad("--modify takes read or rw, not '%s'%s", a, "");
			o->modify_rw = !strcmp(a, "rw");
			break;
		case O_SEED: {
			const char *p = a;
			if (parse_num(&p, &o->seed) < 0 || *p)
				return bad("--seed takes a number, not '%s'%s", a, "");
			break;
		}
		case O_HOST:
			o->profile = NULL;
			break;
		case O_WRITE_ALLOCATE:
			o->write = SKL_CACHESIM_WB_WA;
			break;
		case O_NO_WRITE_ALLOCATE:
			o->write = SKL_CACHESIM_WB_NWA;
			break;
		case O_ALL_LEVELS:
			o->all_levels = 1;
			break;
		case O_CLASSIFY:
			o->classify = 1;
			break;
		case O_JSON:
			o->json = 1;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case O_MAX_MEMORY: {
			const char *p = a;
			uint64_t n;
			if (parse_num(&p, &n) < 0 || *p || n < 16 || n > 1048576)
				return bad("--max-memory takes MiB of memory from 16 to 1048576, not '%s'%s", a, "");
			o->memory = n << 20;
			break;
		}
		default: /* SKL_APP_ARG */
			if (o->trace)
				return bad("one trace at a time: '%s' and '%s'", o->trace, a);
			o->trace = a;
			break;
		}
	}
	if (!o->trace)
		return bad("a TRACE file (or '-' for standard input) is required%s%s", " (try 'sklab cachesim --help')",
			   "");
	return -1; /* go on */
}

/* ---- the geometry ------------------------------------------------------ */

static int is_l1(const char *name)
{
	return !strcmp(name, "L1i") || !strcmp(name, "L1d");
}

/* Keeps L1i, L1d and the last unified level, as Cachegrind models a machine. */
static void keep_cachegrind_levels(skl_cachesim_preset *p, char *dropped, size_t dsz)
{
	skl_cachesim_preset q = *p;
	unsigned i, last = p->nlevels, n = 0;
	dropped[0] = 0;
	for (i = 0; i < p->nlevels; i++)
		if (!is_l1(p->names[i]))
			last = i;
	for (i = 0; i < p->nlevels; i++) {
		if (is_l1(p->names[i]) || i == last) {
			q.levels[n] = p->levels[i];
			memcpy(q.names[n], p->names[i], sizeof(q.names[n]));
			n++;
		} else {
			size_t l = strlen(dropped);
			snprintf(dropped + l, dsz - l, "%s%s", l ? ", " : "", p->names[i]);
		}
	}
	q.nlevels = n;
	for (i = 0; i < n; i++)
		q.levels[i].name = q.names[i];
	*p = q;
	for (i = 0; i < p->nlevels; i++)
		p->levels[i].name = p->names[i];
}

static int build_preset(const opts *o, skl_cachesim_preset *p)
{
	skl_error err;
	char dropped[128];
	unsigned i;
	int k, all_given = o->g[0].set && o->g[1].set && o->g[2].set;
	skl_error_clear(&err);
	if (o->profile) {
		skl_profile prof;
		if (skl_data_load_profile(skl_app_data_dir(), o->profile, &prof, &err) < 0 ||
		    skl_cachesim_preset_profile(&prof, p, &err) < 0) {
			char msg[700];
			skl_error_format(&err, msg, sizeof(msg));
			return bad("--profile %s: %s", o->profile, msg);
		}
	} else if (skl_cachesim_preset_host(NULL, p, &err) < 0) {
		if (!all_given) {
			char msg[700];
			skl_error_format(&err, msg, sizeof(msg));
			return bad("%s; give --I1, --D1 and --LL, or --profile%s", msg, "");
		}
		memset(p, 0, sizeof(*p));
		snprintf(p->title, sizeof(p->title), "command line");
		snprintf(p->source, sizeof(p->source), "--I1, --D1 and --LL; typical latencies");
	}
	if (!o->all_levels) {
		keep_cachegrind_levels(p, dropped, sizeof(dropped));
		if (dropped[0] && !o->g[2].set && !o->quiet && !o->json)
			fprintf(stderr,
				"sklab cachesim: note: %s not modelled: Cachegrind's machine is I1, D1 and LL "
				"(--all-levels keeps it)\n",
				dropped);
	}
	for (k = 0; k < 3; k++) {
		if (!o->g[k].set)
			continue;
		if (skl_cachesim_preset_set(p, geom_names[k], o->g[k].size, o->g[k].assoc, o->g[k].line, &err) < 0) {
			char msg[700];
			skl_error_format(&err, msg, sizeof(msg));
			return bad("--%s: %s", geom_names[k], msg);
		}
	}
	for (i = 0; i < p->nlevels; i++) {
		if (o->policy >= 0)
			p->levels[i].repl = (skl_cachesim_repl)o->policy;
		if (o->write >= 0)
			p->levels[i].write = (skl_cachesim_wpolicy)o->write;
	}
	return -1;
}

/* I1 is the first level of the fetch path, D1 of the data path, LL the last. */
static const char *role_name(const skl_cachesim_preset *p, unsigned i, char *buf, size_t bufsz)
{
	const char *n = p->names[i];
	if (i == p->nlevels - 1 && !is_l1(n))
		return "LL";
	if (!strcmp(n, "L1i"))
		return "I1";
	if (!strcmp(n, "L1d"))
		return "D1";
	snprintf(buf, bufsz, "%s", n);
	return buf;
}

static const char *repl_name(skl_cachesim_repl r)
{
	return r == SKL_CACHESIM_PLRU ? "plru" : r == SKL_CACHESIM_RANDOM ? "random" : "lru";
}

/* Cachegrind's desc: lines, with what Cachegrind does not vary said after. */
static void write_desc(const skl_cachesim_preset *p, FILE *f)
{
	unsigned i;
	for (i = 0; i < p->nlevels; i++) {
		const skl_cachesim_level *l = &p->levels[i];
		char rb[16], label[32];
		snprintf(label, sizeof(label), "%s cache:", role_name(p, i, rb, sizeof(rb)));
		if (l->assoc == 1)
			fprintf(f, "desc: %-18s%llu B, %u B, direct-mapped", label, (unsigned long long)l->size,
				l->line);
		else
			fprintf(f, "desc: %-18s%llu B, %u B, %u-way associative", label, (unsigned long long)l->size,
				l->line, l->assoc);
		if (l->repl != SKL_CACHESIM_LRU)
			fprintf(f, ", %s", l->repl == SKL_CACHESIM_PLRU ? "tree-PLRU" : "random replacement");
		if (l->write == SKL_CACHESIM_WB_NWA)
			fputs(", no write-allocate", f);
		fputc('\n', f);
	}
	fprintf(f, "desc: %-18s%s (%s)\n", "machine:", p->title[0] ? p->title : "(custom)", p->source);
}

/* ---- output ------------------------------------------------------------ */

static uint64_t total_refs(const struct skl_cachesim_stats *s)
{
	return s->refs[0] + s->refs[1] + s->refs[2];
}

static uint64_t total_misses(const struct skl_cachesim_stats *s)
{
	return s->misses[0] + s->misses[1] + s->misses[2];
}

typedef struct figures {
	uint64_t ir, i1m, llim, dr, dw, d1mr, d1mw, llmr, llmw, llrefs_rd, llrefs_wr;
} figures;

/* The numbers of Cachegrind's summary, from the levels' counters. */
static void get_figures(const skl_cachesim *h, const skl_cachesim_preset *p, figures *f)
{
	struct skl_cachesim_stats i1, d1, ll;
	unsigned i, ii = 0, di = 0;
	for (i = 0; i < p->nlevels; i++) {
		if (!strcmp(p->names[i], "L1i"))
			ii = i;
		if (!strcmp(p->names[i], "L1d"))
			di = i;
	}
	if (strcmp(p->names[ii], "L1i")) /* no L1i: fetches take the data path */
		ii = di;
	skl_cachesim_stats(h, ii, &i1);
	skl_cachesim_stats(h, di, &d1);
	skl_cachesim_stats(h, p->nlevels - 1, &ll);
	f->ir = i1.refs[SKL_CACHESIM_IFETCH];
	f->i1m = i1.misses[SKL_CACHESIM_IFETCH];
	f->llim = ll.misses[SKL_CACHESIM_IFETCH];
	f->dr = d1.refs[SKL_CACHESIM_READ];
	f->dw = d1.refs[SKL_CACHESIM_WRITE];
	f->d1mr = d1.misses[SKL_CACHESIM_READ];
	f->d1mw = d1.misses[SKL_CACHESIM_WRITE];
	f->llmr = ll.misses[SKL_CACHESIM_READ];
	f->llmw = ll.misses[SKL_CACHESIM_WRITE];
	f->llrefs_rd = ll.refs[SKL_CACHESIM_READ] + ll.refs[SKL_CACHESIM_IFETCH];
	f->llrefs_wr = ll.refs[SKL_CACHESIM_WRITE];
}

static void write_classify(const skl_cachesim *h, const skl_cachesim_preset *p, FILE *f)
{
	unsigned i;
	uint64_t cycles = 0, refs = 0, memacc = 0;
	fputs("\n3C misses and modelled cycles (cycles = lookups x latency; memory = last-level misses x its "
	      "latency)\n",
	      f);
	fprintf(f, "%-6s %14s %14s %14s %14s %14s %8s %16s\n", "level", "refs", "misses", "compulsory", "capacity",
		"conflict", "latency", "cycles");
	for (i = 0; i < p->nlevels; i++) {
		struct skl_cachesim_stats s;
		uint64_t c;
		skl_cachesim_stats(h, i, &s);
		c = total_refs(&s) * p->levels[i].latency;
		cycles += c;
		if (i == 0 || (i == 1 && is_l1(p->names[1])))
			refs += total_refs(&s);
		if (i == p->nlevels - 1)
			memacc = total_misses(&s);
		fprintf(f, "%-6s %14llu %14llu %14llu %14llu %14llu %8u %16llu\n", s.name,
			(unsigned long long)total_refs(&s), (unsigned long long)total_misses(&s),
			(unsigned long long)s.compulsory, (unsigned long long)s.capacity,
			(unsigned long long)s.conflict, p->levels[i].latency, (unsigned long long)c);
	}
	cycles += memacc * p->mem_latency;
	fprintf(f, "%-6s %14llu %14s %14s %14s %14s %8u %16llu\n", "memory", (unsigned long long)memacc, "", "", "", "",
		p->mem_latency, (unsigned long long)(memacc * p->mem_latency));
	fprintf(f, "total %llu cycles for %llu references: %.2f cycles per reference\n", (unsigned long long)cycles,
		(unsigned long long)refs, refs ? (double)cycles / (double)refs : 0.0);
}

#define U(v) skl_json_uint(v)

/* One level's geometry, counters and modelled cycles (added to *cycles). */
static json_t *level_json(const skl_cachesim *h, const skl_cachesim_preset *p, unsigned i, uint64_t *cycles)
{
	const skl_cachesim_level *l = &p->levels[i];
	struct skl_cachesim_stats s;
	char rb[16];
	uint64_t c;
	skl_cachesim_stats(h, i, &s);
	c = total_refs(&s) * l->latency;
	*cycles += c;
	return json_pack("{s:o, s:o, s:o, s:I, s:I, s:I, s:s, s:b, s:I, s:{s:o, s:o, s:o}, s:{s:o, s:o, s:o}, "
			 "s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
			 "name", skl_json_text(s.name), "role", skl_json_text(role_name(p, i, rb, sizeof(rb))), "size",
			 U(s.size), "assoc", (json_int_t)s.assoc, "line", (json_int_t)s.line, "sets",
			 (json_int_t)s.sets, "policy", repl_name(l->repl), "write_allocate",
			 l->write != SKL_CACHESIM_WB_NWA, "latency", (json_int_t)l->latency, "refs", "read",
			 U(s.refs[0]), "write", U(s.refs[1]), "ifetch", U(s.refs[2]), "misses", "read", U(s.misses[0]),
			 "write", U(s.misses[1]), "ifetch", U(s.misses[2]), "compulsory", U(s.compulsory), "capacity",
			 U(s.capacity), "conflict", U(s.conflict), "evictions", U(s.evictions), "dirty_evictions",
			 U(s.dirty_evictions), "writebacks", U(s.writebacks), "cycles", U(c));
}

/* The run as one JSON object: what was read, Cachegrind's summary, then
 * every level. 0, or -1 when out of memory. */
static int write_json(const skl_cachesim *h, const skl_cachesim_preset *p, const opts *o, const skl_trace_counts *tc,
		      skl_trace_format fmt, FILE *f)
{
	static const skl_json_break level_breaks[] = {
	    {"refs", "\n   ", NULL}, {"compulsory", "\n   ", NULL}, {NULL, NULL, NULL}};
	static const skl_json_break level_list[] = {{"[]", "\n  ", level_breaks}, {NULL, NULL, NULL}};
	static const skl_json_break breaks[] = {{"records", "\n ", NULL},	  {"machine", "\n ", NULL},
						{"summary", "\n ", NULL},	  {"levels", "\n ", level_list},
						{"memory_accesses", "\n ", NULL}, {NULL, NULL, NULL}};
	skl_sink out = skl_file_sink(f);
	json_t *levels = json_array(), *summary;
	figures g;
	unsigned i;
	uint64_t cycles = 0, memacc = 0;
	get_figures(h, p, &g);
	for (i = 0; levels && i < p->nlevels; i++) {
		if (json_array_append_new(levels, level_json(h, p, i, &cycles)) < 0) {
			json_decref(levels);
			levels = NULL;
		}
		if (i == p->nlevels - 1) {
			struct skl_cachesim_stats s;
			skl_cachesim_stats(h, i, &s);
			memacc = total_misses(&s);
		}
	}
	summary = json_pack(
	    "{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "I_refs",
	    U(g.ir), "I1_misses", U(g.i1m), "LLi_misses", U(g.llim), "D_refs", U(g.dr + g.dw), "D_rd", U(g.dr), "D_wr",
	    U(g.dw), "D1_misses", U(g.d1mr + g.d1mw), "D1_misses_rd", U(g.d1mr), "D1_misses_wr", U(g.d1mw),
	    "LLd_misses", U(g.llmr + g.llmw), "LLd_misses_rd", U(g.llmr), "LLd_misses_wr", U(g.llmw), "LL_refs",
	    U(g.llrefs_rd + g.llrefs_wr), "LL_refs_rd", U(g.llrefs_rd), "LL_refs_wr", U(g.llrefs_wr), "LL_misses",
	    U(g.llim + g.llmr + g.llmw), "LL_misses_rd", U(g.llim + g.llmr), "LL_misses_wr", U(g.llmw));
	return skl_json_write(
	    json_pack("{s:o, s:s, s:s, s:{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}, s:o, s:o, s:I, s:o, s:o, s:o, s:o}",
		      "trace", skl_json_text(o->trace), "format", skl_trace_format_name(fmt), "modify",
		      o->modify_rw ? "rw" : "read", "records", "lines", U(tc->lines), "ifetch",
		      U(tc->refs[SKL_TRACE_IFETCH]), "read", U(tc->refs[SKL_TRACE_READ]), "write",
		      U(tc->refs[SKL_TRACE_WRITE]), "modify", U(tc->refs[SKL_TRACE_MODIFY]), "flush",
		      U(tc->refs[SKL_TRACE_FLUSH]), "escape", U(tc->escapes), "skipped", U(tc->ignored), "machine",
		      skl_json_text(p->title), "source", skl_json_text(p->source), "mem_latency",
		      (json_int_t)p->mem_latency, "summary", summary, "levels", levels, "memory_accesses", U(memacc),
		      "cycles", U(cycles + memacc * p->mem_latency)),
	    breaks, &out);
}

/* ---- the run ----------------------------------------------------------- */

/* Feeds every record to the model in batches through skl_cachesim_run()
 * (the same changes as one skl_cachesim_access() each, without a call per
 * access); 0, or 1 after printing the trace's error. */
static int run(skl_cachesim *h, skl_trace *t, unsigned min_line, int modify_rw)
{
	static skl_trace_ref buf[BATCH];
	static skl_cachesim_ref refs[2 * BATCH]; /* a modify can be two */
	skl_error err;
	long n, i;
	size_t m, k;
	skl_error_clear(&err);
	while ((n = skl_trace_read(t, buf, BATCH, &err)) > 0) {
		m = 0;
		for (i = 0; i < n; i++) {
			const skl_trace_ref *r = &buf[i];
			uint64_t a = r->addr;
			/* Cachegrind cuts wider accesses to the smallest line (cg_main.c, min_line_size) */
			unsigned sz = r->size > min_line ? min_line : r->size;
			uint32_t kind = r->kind;
			if (sz > 1 && a > UINT64_MAX - (sz - 1))
				sz = (unsigned)(UINT64_MAX - a + 1);
			if (kind == SKL_TRACE_FLUSH)
				continue; /* counted by the reader; the model has no flush that keeps its counters */
			refs[m].addr = a;
			refs[m].size = sz;
			refs[m].kind = kind == SKL_TRACE_MODIFY ? SKL_CACHESIM_READ : kind;
			m++;
			if (kind == SKL_TRACE_MODIFY && modify_rw) {
				refs[m] = refs[m - 1];
				refs[m].kind = SKL_CACHESIM_WRITE;
				m++;
			}
		}
		for (k = 0; k < m; k++) /* a refused reference is skipped, as one access would be */
			k += skl_cachesim_run(h, refs + k, m - k);
	}
	if (n < 0)
		return skl_app_fail("cachesim", &err);
	return 0;
}

int skl_cmd_cachesim(int argc, char **argv)
{
	opts o;
	skl_cachesim_preset p;
	skl_cachesim_config cfg;
	skl_cachesim *h;
	skl_trace *t;
	skl_trace_counts tc;
	skl_error err;
	skl_budget budget;
	unsigned i, min_line = UINT32_MAX;
	int rc = parse_args(argc, argv, &o);
	if (rc >= 0)
		return rc;
	rc = build_preset(&o, &p);
	if (rc >= 0)
		return rc;
	skl_error_clear(&err);
	skl_cachesim_preset_config(&p, &cfg);
	cfg.seed = o.seed;
	/* the model's arrays are checked against the memory budget before a
	 * byte of them is allocated, as a run's models are */
	skl_budget_init(&budget, o.memory);
	skl_budget_force(&budget, SKL_APP_BASE_MEMORY);
	cfg.budget = &budget;
	h = skl_cachesim_new(&cfg, &err);
	if (!h && budget.hit) {
		fprintf(stderr, "sklab cachesim: %s: %s; raise it with --max-memory\n", o.trace ? o.trace : "-",
			err.msg);
		return 1;
	}
	if (!h) {
		char msg[700];
		skl_error_format(&err, msg, sizeof(msg));
		return bad("%s%s", msg, "");
	}
	/* Cachegrind's figures need no 3C classification, and it costs about
	 * a third of the time: only --classify and --json (which prints the
	 * 3C counters) pay for it. Every other figure is the same either way. */
	if (!o.classify && !o.json)
		skl_cachesim_set_classify(h, 0);
	for (i = 0; i < p.nlevels; i++)
		if (p.levels[i].line < min_line)
			min_line = p.levels[i].line;
	t = skl_trace_open(o.trace, o.format, &err);
	if (!t) {
		skl_cachesim_free(h);
		return skl_app_fail("cachesim", &err);
	}
	if (!o.quiet && !o.json)
		write_desc(&p, stderr);
	rc = run(h, t, min_line, o.modify_rw);
	if (rc == 0) {
		skl_trace_get_counts(t, &tc);
		if (o.json) {
			if (write_json(h, &p, &o, &tc, skl_trace_format_of(t), stdout) < 0) {
				fprintf(stderr, "sklab cachesim: out of memory\n");
				rc = 1;
			}
		} else {
			skl_sink out = skl_file_sink(stdout);
			skl_cachesim_write_summary(h, &out);
			if (o.classify)
				write_classify(h, &p, stdout);
		}
		if (!o.quiet && !o.json && tc.refs[SKL_TRACE_FLUSH])
			fprintf(stderr, "sklab cachesim: note: %llu din flush records (label 4) counted, not applied\n",
				(unsigned long long)tc.refs[SKL_TRACE_FLUSH]);
	}
	skl_trace_close(t);
	skl_cachesim_free(h);
	return rc;
}
