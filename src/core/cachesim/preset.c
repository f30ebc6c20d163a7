/*
 * cache_preset.c - cache configurations that own their strings: the era's
 * machine of a kernel profile, the host's caches as sysfs (or the C
 * library) describes them, and --I1/--D1/--LL style overrides. It reads
 * files only in skl_cachesim_preset_host(); it never runs the model.
 */
#include "sklab/cachesim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Typical load-to-use latencies for host levels, which no interface gives. */
static const unsigned host_latency[] = {4, 14, 50, 80};
#define HOST_MEM_LATENCY 250

void skl_cachesim_preset_config(const skl_cachesim_preset *p, skl_cachesim_config *out)
{
	memset(out, 0, sizeof(*out));
	out->levels = p->levels;
	out->nlevels = p->nlevels;
	out->mem_latency = p->mem_latency;
}

/* Points every level's name at the preset's own storage. */
static void relink(skl_cachesim_preset *p)
{
	unsigned i;
	for (i = 0; i < p->nlevels; i++)
		p->levels[i].name = p->names[i];
}

static int add_level(skl_cachesim_preset *p, const char *name, uint64_t size, unsigned assoc, unsigned line,
		     unsigned latency)
{
	skl_cachesim_level *l;
	if (p->nlevels >= SKL_CACHESIM_MAX_LEVELS)
		return -1;
	l = &p->levels[p->nlevels];
	memset(l, 0, sizeof(*l));
	snprintf(p->names[p->nlevels], sizeof(p->names[0]), "%s", name);
	l->size = size;
	l->assoc = assoc;
	l->line = line;
	l->latency = latency;
	l->repl = SKL_CACHESIM_LRU;
	l->write = SKL_CACHESIM_WB_WA;
	p->nlevels++;
	relink(p);
	return 0;
}

int skl_cachesim_preset_profile(const skl_profile *prof, skl_cachesim_preset *out, skl_error *err)
{
	unsigned i;
	memset(out, 0, sizeof(*out));
	if (!prof || prof->ncaches == 0)
		return skl_errorf(err, "profile '%s' describes no caches (its file has no cache table)",
				  prof ? prof->name : "(null)");
	snprintf(out->title, sizeof(out->title), "%s", prof->cpu);
	snprintf(out->source, sizeof(out->source), "profile %s (the era's machine; typical latencies)", prof->name);
	for (i = 0; i < prof->ncaches; i++)
		add_level(out, prof->caches[i].name, prof->caches[i].size, prof->caches[i].assoc, prof->caches[i].line,
			  prof->caches[i].latency);
	out->mem_latency = prof->mem_latency;
	out->transfer_latency = prof->transfer_latency;
	out->hitm_latency = prof->hitm_latency;
	return 0;
}

/* ---- the host ---------------------------------------------------------- */

/* The first line of dir/name without its newline; -1 when unreadable. */
static int read_attr(const char *dir, const char *name, char *buf, size_t bufsz)
{
	char path[1024];
	FILE *f;
	size_t n;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(buf, (int)bufsz, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	n = strlen(buf);
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

/* "32K", "1024K", "32M", "49152" -> bytes; 0 when malformed. */
static uint64_t parse_size(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);
	if (end == s)
		return 0;
	if (*end == 'K')
		v <<= 10, end++;
	else if (*end == 'M')
		v <<= 20, end++;
	else if (*end == 'G')
		v <<= 30, end++;
	return *end ? 0 : (uint64_t)v;
}

typedef struct host_cache {
	unsigned level;
	int kind; /* 0 unified, 1 instruction, 2 data */
	uint64_t size;
	unsigned assoc, line;
} host_cache;

static int by_level(const void *a, const void *b)
{
	const host_cache *x = a, *y = b;
	if (x->level != y->level)
		return x->level < y->level ? -1 : 1;
	return x->kind == y->kind ? 0 : x->kind == 1 ? -1 : y->kind == 1 ? 1 : x->kind < y->kind ? -1 : 1;
}

/* The model needs a power-of-two set count: keep the size, round the
 * ways down until the sets come out whole and a power of two (an 8 MiB
 * 16-way L3 stays as it is; a 30 MiB 15-way one too; 12-way 48 KiB too). */
static int fit_geometry(host_cache *c)
{
	unsigned a;
	if (c->line == 0 || (c->line & (c->line - 1)))
		return -1;
	if (c->assoc == 0 || c->assoc > c->size / c->line)
		c->assoc = (unsigned)(c->size / c->line); /* fully associative */
	for (a = c->assoc; a >= 1; a--) {
		uint64_t per = (uint64_t)a * c->line, sets;
		if (c->size % per)
			continue;
		sets = c->size / per;
		if (sets & (sets - 1))
			continue;
		c->assoc = a;
		return 0;
	}
	return -1;
}

static int from_sysfs(const char *dir, host_cache *out, int max)
{
	int i, n = 0;
	for (i = 0; i < 16 && n < max; i++) {
		char idx[1100], buf[64];
		host_cache c;
		snprintf(idx, sizeof(idx), "%s/index%d", dir, i);
		if (read_attr(idx, "level", buf, sizeof(buf)) < 0)
			continue;
		memset(&c, 0, sizeof(c));
		c.level = (unsigned)atoi(buf);
		if (read_attr(idx, "type", buf, sizeof(buf)) < 0)
			continue;
		c.kind = !strcmp(buf, "Instruction") ? 1 : !strcmp(buf, "Data") ? 2 : 0;
		if (read_attr(idx, "size", buf, sizeof(buf)) < 0 || !(c.size = parse_size(buf)))
			continue;
		if (read_attr(idx, "coherency_line_size", buf, sizeof(buf)) < 0)
			continue;
		c.line = (unsigned)atoi(buf);
		if (read_attr(idx, "ways_of_associativity", buf, sizeof(buf)) == 0)
			c.assoc = (unsigned)atoi(buf);
		if (c.level < 1 || c.level > 4 || fit_geometry(&c) < 0)
			continue;
		out[n++] = c;
	}
	return n;
}

static int from_libc(host_cache *out)
{
	int n = 0;
#ifdef _SC_LEVEL1_DCACHE_SIZE
	static const struct {
		int size, assoc, line, level, kind;
	} q[] = {
	    {_SC_LEVEL1_ICACHE_SIZE, _SC_LEVEL1_ICACHE_ASSOC, _SC_LEVEL1_ICACHE_LINESIZE, 1, 1},
	    {_SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL1_DCACHE_ASSOC, _SC_LEVEL1_DCACHE_LINESIZE, 1, 2},
	    {_SC_LEVEL2_CACHE_SIZE, _SC_LEVEL2_CACHE_ASSOC, _SC_LEVEL2_CACHE_LINESIZE, 2, 0},
	    {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL3_CACHE_ASSOC, _SC_LEVEL3_CACHE_LINESIZE, 3, 0},
	    {_SC_LEVEL4_CACHE_SIZE, _SC_LEVEL4_CACHE_ASSOC, _SC_LEVEL4_CACHE_LINESIZE, 4, 0},
	};
	size_t i;
	for (i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
		long size = sysconf(q[i].size), assoc = sysconf(q[i].assoc), line = sysconf(q[i].line);
		host_cache c;
		if (size <= 0 || line <= 0)
			continue;
		c.level = (unsigned)q[i].level;
		c.kind = q[i].kind;
		c.size = (uint64_t)size;
		c.assoc = assoc > 0 ? (unsigned)assoc : 0;
		c.line = (unsigned)line;
		if (fit_geometry(&c) == 0)
			out[n++] = c;
	}
#else
	(void)out;
#endif
	return n;
}

int skl_cachesim_preset_host(const char *sysfs_dir, skl_cachesim_preset *out, skl_error *err)
{
	host_cache c[16];
	const char *dir = sysfs_dir ? sysfs_dir : "/sys/devices/system/cpu/cpu0/cache";
	const char *src = "sysfs";
	int i, n, have_d1 = 0;
	memset(out, 0, sizeof(*out));
	n = from_sysfs(dir, c, 16);
	if (n == 0 && !sysfs_dir) {
		n = from_libc(c);
		src = "the C library (no cache information in sysfs)";
	}
	qsort(c, (size_t)n, sizeof(c[0]), by_level);
	for (i = 0; i < n; i++) {
		const char *name;
		char nm[16];
		unsigned lat = host_latency[c[i].level - 1];
		if (c[i].level == 1 && c[i].kind == 1)
			name = "L1i";
		else if (c[i].level == 1) {
			name = "L1d";
			have_d1 = 1;
		} else {
			if (c[i].kind == 1) /* a split level below L1 has no place in the model */
				continue;
			snprintf(nm, sizeof(nm), "L%u", c[i].level);
			name = nm;
		}
		if (add_level(out, name, c[i].size, c[i].assoc, c[i].line, lat) < 0)
			break;
	}
	if (!have_d1) {
		memset(out, 0, sizeof(*out));
		return skl_errorf(
		    err, "the host's caches are unknown: %s/index*/ has none and the C library gives none", dir);
	}
	snprintf(out->title, sizeof(out->title), "host");
	snprintf(out->source, sizeof(out->source), "host caches from %s; latencies are typical figures, not measured",
		 src);
	out->mem_latency = HOST_MEM_LATENCY;
	return 0;
}

/* ---- overrides --------------------------------------------------------- */

int skl_cachesim_preset_set(skl_cachesim_preset *p, const char *name, uint64_t size, unsigned assoc, unsigned line,
			    skl_error *err)
{
	const char *lv = name;
	unsigned i, at = p->nlevels;
	if (!strcmp(name, "I1"))
		lv = "L1i";
	else if (!strcmp(name, "D1"))
		lv = "L1d";
	if (!size || !assoc || !line || (line & (line - 1)) || size % ((uint64_t)assoc * line))
		return skl_errorf(err,
				  "%s: %llu B, %u-way, %u B lines is not a cache (size must be ways x sets x line)",
				  name, (unsigned long long)size, assoc, line);
	{
		uint64_t sets = size / ((uint64_t)assoc * line);
		if (sets & (sets - 1))
			return skl_errorf(err, "%s: %llu sets; the number of sets must be a power of two", name,
					  (unsigned long long)sets);
	}
	if (!strcmp(name, "LL")) {
		/* the last unified level, or a new one */
		for (i = p->nlevels; i-- > 0;)
			if (strcmp(p->names[i], "L1i") && strcmp(p->names[i], "L1d")) {
				at = i;
				break;
			}
		lv = at < p->nlevels ? p->names[at] : "LL";
	} else {
		for (i = 0; i < p->nlevels; i++)
			if (!strcmp(p->names[i], lv))
				at = i;
	}
	if (at == p->nlevels) {
		char keep[16];
		snprintf(keep, sizeof(keep), "%s", lv);
		if (add_level(p, keep, size, assoc, line, 10) < 0)
			return skl_errorf(err, "too many cache levels");
		/* L1i/L1d belong before the unified levels, L1i first (as the
		 * host's and Cachegrind's lists have them) */
		if (strcmp(keep, "L1i") == 0 || strcmp(keep, "L1d") == 0) {
			skl_cachesim_level l = p->levels[at];
			char nm[16];
			int is_i = keep[2] == 'i';
			memcpy(nm, p->names[at], sizeof(nm));
			for (i = at; i > 0 && ((strcmp(p->names[i - 1], "L1i") && strcmp(p->names[i - 1], "L1d")) ||
					       (is_i && !strcmp(p->names[i - 1], "L1d")));
			     i--) {
				p->levels[i] = p->levels[i - 1];
				memcpy(p->names[i], p->names[i - 1], sizeof(nm));
			}
			p->levels[i] = l;
			memcpy(p->names[i], nm, sizeof(nm));
			p->levels[i].latency = 4;
			relink(p);
		}
		if (!p->mem_latency)
			p->mem_latency = HOST_MEM_LATENCY;
		return 0;
	}
	p->levels[at].size = size;
	p->levels[at].assoc = assoc;
	p->levels[at].line = line;
	return 0;
}

static const char *repl_name(skl_cachesim_repl r)
{
	return r == SKL_CACHESIM_PLRU ? "tree-PLRU" : r == SKL_CACHESIM_RANDOM ? "random" : "LRU";
}

void skl_cachesim_preset_write(const skl_cachesim_preset *p, const skl_sink *out)
{
	unsigned i;
	char buf[256];
	snprintf(buf, sizeof(buf), "caches: %s\n", p->title[0] ? p->title : "(custom)");
	skl_sink_puts(out, buf);
	for (i = 0; i < p->nlevels; i++) {
		const skl_cachesim_level *l = &p->levels[i];
		snprintf(buf, sizeof(buf), "  %-4s %8llu B, %2u-way, %3u B lines, %s, %s, %u cycles\n", p->names[i],
			 (unsigned long long)l->size, l->assoc, l->line, repl_name(l->repl),
			 l->write == SKL_CACHESIM_WB_NWA ? "write-back no-allocate" : "write-back allocate",
			 l->latency);
		skl_sink_puts(out, buf);
	}
	snprintf(buf, sizeof(buf), "  mem  %u cycles\n  (%s)\n", p->mem_latency, p->source);
	skl_sink_puts(out, buf);
}
