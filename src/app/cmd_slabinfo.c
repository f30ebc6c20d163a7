/*
 * cmd_slabinfo.c - `sklab slabinfo`: the geometry kmem_cache_create() gives
 * one cache on a kernel profile, under the names /sys/kernel/slab uses
 * (SLUB) or the 2.4 SLAB's own, with its /proc/slabinfo line; and with
 * --live, the SLUB model run over every cache of the running kernel and
 * compared with what its sysfs and /proc/slabinfo say.
 */
#define _POSIX_C_SOURCE 200809L
#include "app.h"

#include "sklab/runtime.h"
#include "sklab/kernel.h"
#include "sklab/slub.h"
#include "sklab/json.h"
#include "sklab/render/export.h"
#include "sklab/slabinfo.h"
#include "slabtab.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#define DEFAULT_PROFILE "linux-6.18-x86_64"

/* ---- small helpers ------------------------------------------------------ */

static int parse_uint(const char *s, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;
	if (!s || !*s || *s == '-')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

/* A JSON document on stdout; 0, or 1 after saying it could not be built. */
static int write_json(json_t *doc, const skl_json_break *breaks)
{
	skl_sink out = skl_file_sink(stdout);
	if (skl_json_write(doc, breaks, &out) < 0) {
		fprintf(stderr, "sklab slabinfo: out of memory\n");
		return 1;
	}
	return 0;
}

/* ---- one cache ----------------------------------------------------------- */

typedef struct cache_req {
	const char *name;
	unsigned long size;
	skl_cache_opts o;
	const char *debug; /* NULL none, "" all, else letters */
	int pre67;
	int json;
} cache_req;

static int show_slub(const skl_profile *prof, unsigned cpus, const cache_req *q)
{
	skl_slub_params p;
	skl_slub_geom g;
	skl_error err;
	unsigned dflags = 0;
	char id[32], why[160], line[256];
	const char *blocker, *sysname;
	uint64_t slab_bytes;
	skl_buf b;
	skl_sink sink;
	skl_error_clear(&err);
	skl_slub_params_init(&p, prof, cpus);
	if (q->pre67)
		p.pre67 = 1;
	if (q->debug) {
		int bad = -1;
		if (!*q->debug)
			dflags = skl_slub_debug_flags(1);
		else if (skl_slub_parse_debug(q->debug, &dflags, &bad) < 0) {
			fprintf(stderr,
				"sklab slabinfo: --debug: unknown slab_debug letter '%c' (expected F, Z, P or U)\n",
				q->debug[bad]);
			return 2;
		}
	}
	if (skl_slub_geometry(&p, (unsigned)q->size, &q->o, dflags, &g, &err) < 0)
		return skl_app_fail("slabinfo", &err);
	blocker = g.sheaf_capacity ? "it has per-CPU sheaves (slab_unmergeable(): s->cpu_sheaves)"
				   : skl_slub_merge_blocker(g.flags, g.ctor);
	skl_slub_unique_id(&p, id, sizeof(id), g.flags, g.size);
	sysname = blocker ? q->name : id;
	slab_bytes = (uint64_t)p.page_size << g.order;
	skl_slub_order_reason(&p, &g, why, sizeof(why));
	skl_slub_slabinfo_row(line, sizeof(line), q->name, 0, 0, g.size, g.objects, 1u << g.order, 0, 0);
	if (q->json) {
		static const skl_json_break breaks[] = {
		    {"sysfs", "\n ", NULL}, {"model", "\n ", NULL}, {"slabinfo", "\n ", NULL}, {NULL, NULL, NULL}};
		char fp[2] = {(char)g.fp_rule, '\0'};
		json_t *doc = json_pack(
		    "{s:o, s:s, s:I, s:o, s:o, s:{s:I, s:I, s:I, s:I, s:I, s:i, s:i, s:i, s:i, s:i, s:i, s:i, "
		    "s:i, s:i, s:I, s:I}, s:{s:I, s:I, s:s, s:I, s:I, s:I, s:I, s:o, s:s, s:b}, s:o}",
		    "profile", skl_json_text(prof->name), "allocator", "slub", "cpus", (json_int_t)p.cpus, "name",
		    skl_json_text(q->name), "sysfs_dir", skl_json_text(sysname), "sysfs", "object_size",
		    (json_int_t)g.object_size, "slab_size", (json_int_t)g.size, "align", (json_int_t)g.align, "order",
		    (json_int_t)g.order, "objs_per_slab", (json_int_t)g.objects, "hwcache_align",
		    !!(g.flags & SKL_SLAB_HWCACHE_ALIGN), "destroy_by_rcu", !!(g.flags & SKL_SLAB_TYPESAFE_BY_RCU),
		    "ctor", g.ctor, "red_zone", !!(g.flags & SKL_SLAB_RED_ZONE), "poison",
		    !!(g.flags & SKL_SLAB_POISON), "store_user", !!(g.flags & SKL_SLAB_STORE_USER), "sanity_checks",
		    !!(g.flags & SKL_SLAB_CONSISTENCY), "reclaim_account", !!(g.flags & SKL_SLAB_RECLAIM_ACCOUNT),
		    "cache_dma", !!(g.flags & SKL_SLAB_CACHE_DMA), "min_partial", (json_int_t)g.min_partial,
		    "cpu_partial", (json_int_t)g.cpu_partial, "model", "inuse", (json_int_t)g.inuse, "offset",
		    (json_int_t)g.offset, "freeptr", fp, "red_left_pad", (json_int_t)g.red_left_pad, "min_objects",
		    (json_int_t)g.min_objects, "min_order", (json_int_t)g.min_order, "min_objs", (json_int_t)g.min_objs,
		    "waste", skl_json_uint(slab_bytes % g.size), "calculate_order", p.pre67 ? "pre-6.7" : "6.7+",
		    "mergeable", !blocker, "slabinfo", skl_json_text(line));
		/* 2.6.31's slab_attrs[] has no cpu_partial: no per-CPU partial lists */
		if (doc && p.era == SKL_SLUB_ERA_2_6_31)
			json_object_del(json_object_get(doc, "sysfs"), "cpu_partial");
		if (doc && p.sheaves) /* 6.18's slab_attrs[] */
			skl_json_set(json_object_get(doc, "sysfs"), "sheaf_capacity", skl_json_uint(g.sheaf_capacity));
		return write_json(doc, breaks);
	}
	printf("# %s on %s: SLUB%s, %u CPU%s, calculate_order() %s\n", q->name, prof->name,
	       p.era == SKL_SLUB_ERA_2_6_31 ? " as 2.6.31 lays it out" : "", p.cpus, p.cpus == 1 ? "" : "s",
	       p.pre67 ? "before 6.7" : "of 6.7+");
	printf("# /sys/kernel/slab/%s\n", sysname);
	printf("%-16s %u\n", "object_size", g.object_size);
	printf("%-16s %u\n", "slab_size", g.size);
	printf("%-16s %u\n", "align", g.align);
	printf("%-16s %u\n", "order", g.order);
	printf("%-16s %u\n", "objs_per_slab", g.objects);
	printf("%-16s %d\n", "hwcache_align", !!(g.flags & SKL_SLAB_HWCACHE_ALIGN));
	printf("%-16s %d\n", "destroy_by_rcu", !!(g.flags & SKL_SLAB_TYPESAFE_BY_RCU));
	printf("%-16s %s\n", "ctor", g.ctor ? "yes" : "none");
	printf("%-16s %d\n", "red_zone", !!(g.flags & SKL_SLAB_RED_ZONE));
	printf("%-16s %d\n", "poison", !!(g.flags & SKL_SLAB_POISON));
	printf("%-16s %d\n", "store_user", !!(g.flags & SKL_SLAB_STORE_USER));
	printf("%-16s %d\n", "sanity_checks", !!(g.flags & SKL_SLAB_CONSISTENCY));
	printf("%-16s %d\n", "reclaim_account", !!(g.flags & SKL_SLAB_RECLAIM_ACCOUNT));
	printf("%-16s %d\n", "cache_dma", !!(g.flags & SKL_SLAB_CACHE_DMA));
	printf("%-16s %u\n", "min_partial", g.min_partial);
	if (p.era != SKL_SLUB_ERA_2_6_31) /* not in 2.6.31's slab_attrs[] */
		printf("%-16s %u\n", "cpu_partial", g.cpu_partial);
	if (p.sheaves)
		printf("%-16s %u\n", "sheaf_capacity", g.sheaf_capacity);
	printf("# the model's own values (not in sysfs)\n");
	printf("%-16s %-8u end of the object and its right red zone\n", "inuse", g.inuse);
	printf("%-16s %-8u free pointer %s\n", "offset", g.offset, skl_slub_freeptr_reason(&g));
	printf("%-16s %u\n", "red_left_pad", g.red_left_pad);
	printf("%-16s %-8u 4 * (fls(%u) + 1), at most the objects of an order-%u slab\n", "min_objects", g.min_objects,
	       p.cpus, p.max_order);
	printf("%-16s %-8u %s\n", "order_reason", g.order, why);
	printf("%-16s %-8llu bytes left over in each %llu-byte slab\n", "waste",
	       (unsigned long long)(slab_bytes % g.size), (unsigned long long)slab_bytes);
	printf("%-16s %u (%u object%s): the fallback when order %u pages are short\n", "min_order", g.min_order,
	       g.min_objs, g.min_objs == 1 ? "" : "s", g.order);
	if (blocker)
		printf("%-16s no: %s\n", "mergeable", blocker);
	else
		printf("%-16s yes: sysfs shows it as %s\n", "mergeable", id);
	printf("# /proc/slabinfo\n");
	skl_buf_init(&b);
	sink = skl_buf_sink(&b);
	skl_slub_slabinfo_header(&sink);
	fputs(b.data, stdout);
	skl_buf_free(&b);
	printf("%s\n", line);
	return 0;
}

static int show_slab24(const skl_profile *prof, unsigned cpus, const cache_req *q)
{
	skl_cache_info in;
	skl_error err;
	char line[256];
	size_t n;
	int debug = q->debug != NULL, smp;
	unsigned ncpu = cpus ? cpus : (prof->cpus ? prof->cpus : 1);
	smp = ncpu > 1;
	skl_error_clear(&err);
	if (q->o.flags & SKL_SLAB_TYPESAFE_BY_RCU || q->o.use_freeptr_offset) {
		fprintf(stderr, "sklab slabinfo: --rcu and --freeptr-offset are SLUB options; %s uses the 2.4 SLAB\n",
			prof->name);
		return 2;
	}
	if (skl_cache_geometry(prof, cpus, debug, q->name, q->size, &q->o, &in, &err) < 0)
		return skl_app_fail("slabinfo", &err);
	n = (size_t)snprintf(line, sizeof(line), "%-17s %6lu %6lu %6u %4lu %4lu %4u", q->name, 0ul, 0ul,
			     (unsigned)in.size, 0ul, 0ul, in.pages_per_slab);
	if (debug && n < sizeof(line))
		n += (size_t)snprintf(line + n, sizeof(line) - n, " : %6lu %7lu %5lu %4lu %4lu", 0ul, 0ul, 0ul, 0ul,
				      0ul);
	if (smp && n < sizeof(line))
		n += (size_t)snprintf(line + n, sizeof(line) - n, " : %4u %4u", in.limit, in.batchcount);
	if (debug && smp && n < sizeof(line))
		snprintf(line + n, sizeof(line) - n, " : %6lu %6lu %6lu %6lu", 0ul, 0ul, 0ul, 0ul);
	if (q->json) {
		static const skl_json_break breaks[] = {
		    {"geometry", "\n ", NULL}, {"slabinfo", "\n ", NULL}, {NULL, NULL, NULL}};
		return write_json(
		    json_pack("{s:o, s:s, s:I, s:o, s:{s:o, s:o, s:I, s:I, s:I, s:I, s:I, s:I, s:i, s:o, s:o, "
			      "s:I, s:I, s:i}, s:o}",
			      "profile", skl_json_text(prof->name), "allocator", "slab", "cpus", (json_int_t)ncpu,
			      "name", skl_json_text(q->name), "geometry", "object_size", skl_json_uint(in.object_size),
			      "objsize", skl_json_uint(in.size), "align", (json_int_t)in.align, "num",
			      (json_int_t)in.objs_per_slab, "gfporder", (json_int_t)in.order, "pages_per_slab",
			      (json_int_t)in.pages_per_slab, "colour", (json_int_t)in.colour, "colour_off",
			      (json_int_t)in.colour_off, "offslab", in.offslab, "mgmt_size",
			      skl_json_uint(in.mgmt_size), "left_over", skl_json_uint(in.left_over), "limit",
			      (json_int_t)in.limit, "batchcount", (json_int_t)in.batchcount, "debug", debug, "slabinfo",
			      skl_json_text(line)),
		    breaks);
	}
	printf("# %s on %s: 2.4 SLAB, %s%s\n", q->name, prof->name, smp ? "SMP" : "UP",
	       debug ? ", CONFIG_DEBUG_SLAB" : "");
	printf("%-16s %zu\n", "object_size", in.object_size);
	printf("%-16s %-8zu after word rounding, red zones and alignment\n", "objsize", in.size);
	printf("%-16s %u\n", "align", in.align);
	printf("%-16s %u\n", "objs_per_slab", in.objs_per_slab);
	printf("%-16s %u\n", "gfporder", in.order);
	printf("%-16s %u\n", "pages_per_slab", in.pages_per_slab);
	printf("%-16s %d\n", "red_zone", !!(in.flags & SKL_SLAB_RED_ZONE));
	printf("%-16s %d\n", "poison", !!(in.flags & SKL_SLAB_POISON));
	printf("%-16s %s\n", "mgmt", in.offslab ? "off-slab" : "on-slab");
	printf("%-16s %zu\n", "mgmt_size", in.mgmt_size);
	printf("%-16s %zu\n", "left_over", in.left_over);
	printf("%-16s %u\n", "colour", in.colour);
	printf("%-16s %u\n", "colour_off", in.colour_off);
	if (smp) {
		printf("%-16s %u\n", "limit", in.limit);
		printf("%-16s %u\n", "batchcount", in.batchcount);
	}
	printf("# /proc/slabinfo\n");
	printf("slabinfo - version: 1.1%s%s\n", debug ? " (statistics)" : "", smp ? " (SMP)" : "");
	printf("%s\n", line);
	return 0;
}

/* ---- --live ---------------------------------------------------------------- */

#define SYS_SLAB "/sys/kernel/slab"

/* Caches that have a constructor (used when sysfs `ctor` cannot be read)
 * and caches created with kmem_cache_args.freeptr_offset: slub.md 7. */
static const char *const known_ctor[] = {"anon_vma",
					 "bdev_cache",
					 "btrfs_inode",
					 "dax_cache",
					 "debugfs_inode_cache",
					 "erofs_inode",
					 "ext4_inode_cache",
					 "fuse_inode",
					 "hugetlbfs_inode_cache",
					 "inode_cache",
					 "mqueue_inode_cache",
					 "ovl_inode",
					 "proc_inode_cache",
					 "radix_tree_node",
					 "shmem_inode_cache",
					 "sighand_cache",
					 "sock_inode_cache",
					 "squashfs_inode_cache",
					 "tracefs_inode_cache",
					 "userfaultfd_ctx_cache",
					 "xfs_inode",
					 NULL};

static int in_list(const char *const *l, const char *name)
{
	for (; *l; l++)
		if (!strcmp(*l, name))
			return 1;
	return 0;
}

static long read_attr(const char *dir, const char *attr)
{
	long v;
	return slabtab_sysfs_attr(SYS_SLAB, dir, attr, &v, NULL, 0) < 0 ? -1 : v;
}

/* CPUs in a list like "0-1,4" */
static unsigned count_cpus(const char *s)
{
	unsigned n = 0;
	while (*s) {
		char *end;
		unsigned long a = strtoul(s, &end, 10), b = a;
		if (end == s)
			break;
		if (*end == '-')
			b = strtoul(end + 1, &end, 10);
		if (b >= a)
			n += (unsigned)(b - a + 1);
		s = end;
		if (*s == ',')
			s++;
		else
			break;
	}
	return n;
}

static unsigned cmdline_param(const char *cmdline, const char *a, const char *b, unsigned dflt)
{
	const char *names[2];
	int i;
	names[0] = a;
	names[1] = b;
	for (i = 0; i < 2; i++) {
		const char *p = cmdline;
		size_t n = strlen(names[i]);
		while ((p = strstr(p, names[i])) != NULL) {
			if ((p == cmdline || p[-1] == ' ') && p[n] == '=')
				return (unsigned)strtoul(p + n + 1, NULL, 0);
			p += n;
		}
	}
	return dflt;
}

typedef struct live_cache {
	char name[128];
	char aliases[160]; /* names that link to a ':' id */
	long object_size, align, slab_size, order, objs;
	long cpu_partial, sheaf_capacity; /* -1: no such attribute */
	int hw, rcu, rz, poison, user, checks, reclaim, dma, ctor, ctor_known, ufo, kmalloc, unreadable;
	char ctor_fn[64];
	skl_slub_geom g;
	int model_ok, agree, align_checked, align_agree;
	char reason[200];
	/* /proc/slabinfo */
	int in_slabinfo, slabinfo_agree;
	char slabinfo_name[128];
	long si_objsize, si_objperslab, si_pages;
} live_cache;

static int cmp_live(const void *a, const void *b)
{
	return strcmp(((const live_cache *)a)->name, ((const live_cache *)b)->name);
}

static void diagnose(const skl_slub_params *p, live_cache *c)
{
	if (!c->model_ok) {
		char was[sizeof(c->reason)];
		memcpy(was, c->reason, sizeof(was));
		snprintf(c->reason, sizeof(c->reason), "the model refused the cache: %.150s", was);
		return;
	}
	skl_slub_explain_mismatch(p, &c->g, c->slab_size, c->order, c->reason, sizeof(c->reason));
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorts the space-separated words of s in place. */
static void sort_words(char *s)
{
	char copy[160], *w[80], *tok;
	int n = 0, i;
	size_t used = 0;
	snprintf(copy, sizeof(copy), "%s", s);
	for (tok = strtok(copy, " "); tok && n < 80; tok = strtok(NULL, " "))
		w[n++] = tok;
	qsort(w, (size_t)n, sizeof(w[0]), cmp_str);
	for (i = 0; i < n; i++) {
		size_t len = strlen(w[i]);
		if (used + len + 2 > 160)
			break;
		if (i)
			s[used++] = ' ';
		memcpy(s + used, w[i], len);
		used += len;
	}
	s[used] = '\0';
}

/* Alias names: symlinks in /sys/kernel/slab pointing at each ':' directory. */
static void collect_aliases(live_cache *cs, int n)
{
	DIR *d = opendir(SYS_SLAB);
	struct dirent *e;
	int i;
	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		char path[1024], target[512];
		const char *base;
		ssize_t len;
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", SYS_SLAB, e->d_name);
		len = readlink(path, target, sizeof(target) - 1);
		if (len <= 0)
			continue;
		target[len] = '\0';
		base = strrchr(target, '/');
		base = base ? base + 1 : target;
		for (i = 0; i < n; i++) {
			size_t used = strlen(cs[i].aliases);
			if (strcmp(cs[i].name, base))
				continue;
			if (used + strlen(e->d_name) + 2 < sizeof(cs[i].aliases)) {
				if (used)
					cs[i].aliases[used++] = ' ';
				memcpy(cs[i].aliases + used, e->d_name, strlen(e->d_name) + 1);
			}
		}
	}
	closedir(d);
	for (i = 0; i < n; i++)
		sort_words(cs[i].aliases);
}

/* The cache a /proc/slabinfo row names: itself, or the ':' id its sysfs
 * symlink points to. */
static live_cache *find_for_slabinfo(live_cache *cs, int n, const char *name)
{
	char path[1024], target[512];
	const char *base = name;
	ssize_t len;
	int i;
	snprintf(path, sizeof(path), "%s/%s", SYS_SLAB, name);
	len = readlink(path, target, sizeof(target) - 1);
	if (len > 0) {
		target[len] = '\0';
		base = strrchr(target, '/');
		base = base ? base + 1 : target;
	}
	for (i = 0; i < n; i++)
		if (!strcmp(cs[i].name, base))
			return &cs[i];
	return NULL;
}

/* One run of --live: this machine, its caches, and what agreed. */
typedef struct live_run {
	skl_profile prof; /* "this machine" */
	skl_slub_params p;
	live_cache *cs; /* n of them, sorted by name */
	int n;
	int unreadable, sysfs_errno; /* caches whose attributes cannot be read; the first one's errno */
	int ctor_unreadable;	     /* ctor files that could not be read */
	int agree, align_n, align_ok;
	int cp_n, cp_ok; /* caches with a cpu_partial attribute, and those the model agrees with */
	int slabinfo_ok, slabinfo_errno, si_rows, si_agree, si_unmatched;
} live_run;

/* The machine: page size, cache line, CPUs, kernel version, boot parameters. */
static void live_machine(live_run *r, unsigned cpus_opt)
{
	skl_profile *prof = &r->prof;
	skl_slub_params *p = &r->p;
	struct utsname un;
	char buf[4096], cmdline[4096] = "";
	long pagesz;
	unsigned cpus;

	memset(prof, 0, sizeof(*prof));
	snprintf(prof->name, sizeof(prof->name), "this machine");
	prof->allocator = SKL_ALLOC_SLUB;
	prof->abi = sizeof(void *) == 4 ? skl_abi_find("i386") : skl_abi_find("x86_64");
	pagesz = sysconf(_SC_PAGESIZE);
	prof->page_size = pagesz > 0 ? (unsigned)pagesz : 4096;
	prof->cacheline = 64;
	if (slabtab_read_small("/sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size", buf, sizeof(buf)) ==
		0 &&
	    atoi(buf) > 0)
		prof->cacheline = (unsigned)atoi(buf);
	cpus = 0;
	if (slabtab_read_small("/sys/devices/system/cpu/present", buf, sizeof(buf)) == 0)
		cpus = count_cpus(buf);
	if (cpus <= 1 && slabtab_read_small("/sys/devices/system/cpu/possible", buf, sizeof(buf)) == 0)
		cpus = count_cpus(buf); /* nr_cpu_ids when num_present_cpus() <= 1 */
	if (!cpus)
		cpus = 1;
	if (cpus_opt)
		cpus = cpus_opt;
	prof->cpus = cpus;
	if (uname(&un) == 0 && skl_profile_set_kernel(prof, un.release, NULL) < 0)
		snprintf(prof->kernel, sizeof(prof->kernel), "%.31s", un.release); /* shown; 6.18 is assumed */
	skl_slub_params_init(p, prof, cpus);
	slabtab_read_small("/proc/cmdline", cmdline, sizeof(cmdline));
	p->min_objects = cmdline_param(cmdline, "slab_min_objects", "slub_min_objects", 0);
	p->min_order = cmdline_param(cmdline, "slab_min_order", "slub_min_order", 0);
	p->max_order = cmdline_param(cmdline, "slab_max_order", "slub_max_order", p->max_order);
	if (p->min_order > p->max_order)
		p->max_order = p->min_order;
}

/* One cache's sysfs attributes into c (its name set). */
static void read_cache(live_run *r, live_cache *c)
{
	char path[1024], val[128];
	c->object_size = read_attr(c->name, "object_size");
	c->align = read_attr(c->name, "align");
	c->slab_size = read_attr(c->name, "slab_size");
	c->order = read_attr(c->name, "order");
	c->objs = read_attr(c->name, "objs_per_slab");
	if (c->object_size < 0 || c->slab_size < 0 || c->order < 0 || c->objs < 0) {
		c->unreadable = 1;
		if (!r->unreadable++) {
			snprintf(path, sizeof(path), "%s/%s/object_size", SYS_SLAB, c->name);
			r->sysfs_errno = access(path, R_OK) < 0 ? errno : EIO;
		}
	}
	c->hw = read_attr(c->name, "hwcache_align") > 0;
	c->rcu = read_attr(c->name, "destroy_by_rcu") > 0;
	c->rz = read_attr(c->name, "red_zone") > 0;
	c->poison = read_attr(c->name, "poison") > 0;
	c->user = read_attr(c->name, "store_user") > 0;
	c->checks = read_attr(c->name, "sanity_checks") > 0;
	c->reclaim = read_attr(c->name, "reclaim_account") > 0;
	c->dma = read_attr(c->name, "cache_dma") > 0;
	c->cpu_partial = read_attr(c->name, "cpu_partial");
	c->sheaf_capacity = read_attr(c->name, "sheaf_capacity");
	snprintf(path, sizeof(path), "%s/%s/ctor", SYS_SLAB, c->name);
	if (slabtab_read_small(path, val, sizeof(val)) == 0) {
		c->ctor = val[0] != '\0';
		snprintf(c->ctor_fn, sizeof(c->ctor_fn), "%.63s", val);
	} else {
		r->ctor_unreadable++;
		c->ctor = in_list(known_ctor, c->name);
		c->ctor_known = c->ctor;
	}
	c->ufo = c->rcu && slabtab_freeptr_offset_cache(c->name);
	c->kmalloc = slabtab_kmalloc_name(c->name);
}

/* Every cache directory of d (closed here), sorted, with its aliases; 0, or
 * 1 after printing why there is nothing to compare. */
static int read_caches(live_run *r, DIR *d)
{
	struct dirent *e;
	int cap = 0;
	while ((e = readdir(d)) != NULL) {
		char path[1024];
		struct stat st;
		live_cache *c;
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", SYS_SLAB, e->d_name);
		if (lstat(path, &st) < 0 || !S_ISDIR(st.st_mode))
			continue; /* symlinks are aliases of a ':' id */
		if (r->n == cap) {
			int nc = cap ? cap * 2 : 256;
			live_cache *m = realloc(r->cs, (size_t)nc * sizeof(*m));
			if (!m) {
				closedir(d);
				fprintf(stderr, "sklab: slabinfo --live: out of memory\n");
				return 1;
			}
			r->cs = m;
			cap = nc;
		}
		c = &r->cs[r->n++];
		memset(c, 0, sizeof(*c));
		snprintf(c->name, sizeof(c->name), "%.127s", e->d_name);
		read_cache(r, c);
	}
	closedir(d);
	if (!r->n) {
		fprintf(stderr, "sklab: slabinfo --live: %s lists no caches\n", SYS_SLAB);
		return 1;
	}
	if (r->unreadable == r->n) {
		fprintf(stderr, "sklab: slabinfo --live: cannot read the attributes under %s (%s)%s\n", SYS_SLAB,
			strerror(r->sysfs_errno),
			r->sysfs_errno == EACCES ? ": this kernel makes them readable by root only; run sklab as root"
						 : "");
		return 1;
	}
	qsort(r->cs, (size_t)r->n, sizeof(*r->cs), cmp_live);
	collect_aliases(r->cs, r->n);
	return 0;
}

/* The model for each cache, from what sysfs says it was created with. */
static void model_caches(live_run *r)
{
	int i;
	for (i = 0; i < r->n; i++) {
		live_cache *c = &r->cs[i];
		skl_cache_opts o;
		skl_error err;
		unsigned dflags = 0;
		memset(&o, 0, sizeof(o));
		skl_error_clear(&err);
		o.flags = (c->hw ? SKL_SLAB_HWCACHE_ALIGN : 0) | (c->rcu ? SKL_SLAB_TYPESAFE_BY_RCU : 0) |
			  (c->reclaim ? SKL_SLAB_RECLAIM_ACCOUNT : 0) | (c->dma ? SKL_SLAB_CACHE_DMA : 0) |
			  (c->kmalloc ? SKL_SLAB_KMALLOC : 0);
		o.align = c->align > 0 ? (unsigned)c->align : 0;
		o.ctor = c->ctor;
		o.use_freeptr_offset = c->ufo;
		o.freeptr_offset = 0;
		o.sheaf_capacity = r->p.sheaves && c->sheaf_capacity > 0 ? (unsigned)c->sheaf_capacity : 0;
		dflags = (c->rz ? SKL_SLAB_RED_ZONE : 0) | (c->poison ? SKL_SLAB_POISON : 0) |
			 (c->user ? SKL_SLAB_STORE_USER : 0) | (c->checks ? SKL_SLAB_CONSISTENCY : 0);
		if (c->unreadable) {
			snprintf(c->reason, sizeof(c->reason), "its sysfs attributes cannot be read");
			continue;
		}
		c->model_ok = c->object_size > 0 &&
			      skl_slub_geometry(&r->p, (unsigned)c->object_size, &o, dflags, &c->g, &err) == 0;
		if (!c->model_ok)
			snprintf(c->reason, sizeof(c->reason), "%.150s",
				 err.msg[0] ? err.msg : "no object_size in sysfs");
		c->agree = c->model_ok && (long)c->g.size == c->slab_size && (long)c->g.order == c->order &&
			   (long)c->g.objects == c->objs;
		if (c->agree)
			r->agree++;
		else
			diagnose(&r->p, c);
		if (c->model_ok && c->cpu_partial >= 0) { /* set_cpu_partial() */
			r->cp_n++;
			r->cp_ok += (long)c->g.cpu_partial == c->cpu_partial;
		}
		if (c->kmalloc && c->model_ok) {
			c->align_checked = 1;
			c->align_agree = (long)c->g.align == c->align;
			r->align_n++;
			r->align_ok += c->align_agree;
		}
	}
}

/* /proc/slabinfo's rows against the model, when it can be read (mode 0400: root). */
static void compare_slabinfo(live_run *r)
{
	FILE *fp = fopen("/proc/slabinfo", "r");
	char line[1024];
	if (!fp) {
		r->slabinfo_errno = errno;
		return;
	}
	r->slabinfo_ok = 1;
	while (fgets(line, sizeof(line), fp)) {
		char name[128];
		unsigned long act, num, objsize, per, pages;
		live_cache *c;
		if (!strncmp(line, "slabinfo", 8) || line[0] == '#')
			continue;
		if (sscanf(line, "%127s %lu %lu %lu %lu %lu", name, &act, &num, &objsize, &per, &pages) != 6)
			continue;
		r->si_rows++;
		c = find_for_slabinfo(r->cs, r->n, name);
		if (!c) {
			r->si_unmatched++;
			continue;
		}
		c->in_slabinfo = 1;
		snprintf(c->slabinfo_name, sizeof(c->slabinfo_name), "%s", name);
		c->si_objsize = (long)objsize;
		c->si_objperslab = (long)per;
		c->si_pages = (long)pages;
		c->slabinfo_agree = c->model_ok && (long)c->g.size == c->si_objsize &&
				    (long)c->g.objects == c->si_objperslab && (1L << c->g.order) == c->si_pages;
		r->si_agree += c->slabinfo_agree;
	}
	fclose(fp);
}

static json_t *live_cache_json(const live_cache *c)
{
	json_t *o = json_pack("{s:o, s:o, s:I, s:I, s:i, s:i, s:i, s:{s:I, s:I, s:I}, s:{s:I, s:I, s:I, s:I}, s:b}",
			      "name", skl_json_text(c->name), "aliases", skl_json_text(c->aliases), "object_size",
			      (json_int_t)c->object_size, "align", (json_int_t)c->align, "ctor", c->ctor, "rcu", c->rcu,
			      "freeptr_offset", c->ufo, "kernel", "slab_size", (json_int_t)c->slab_size, "order",
			      (json_int_t)c->order, "objs_per_slab", (json_int_t)c->objs, "model", "slab_size",
			      (json_int_t)c->g.size, "order", (json_int_t)c->g.order, "objs_per_slab",
			      (json_int_t)c->g.objects, "align", (json_int_t)c->g.align, "agree", c->agree);
	if (o && !c->agree && skl_json_set(o, "reason", skl_json_text(c->reason)) < 0)
		goto fail;
	if (o && c->in_slabinfo &&
	    skl_json_set(o, "slabinfo",
			 json_pack("{s:o, s:I, s:I, s:I, s:b}", "name", skl_json_text(c->slabinfo_name), "objsize",
				   (json_int_t)c->si_objsize, "objperslab", (json_int_t)c->si_objperslab,
				   "pagesperslab", (json_int_t)c->si_pages, "agree", c->slabinfo_agree)) < 0)
		goto fail;
	return o;
fail:
	json_decref(o);
	return NULL;
}

static int write_live_json(const live_run *r)
{
	static const skl_json_break cache_list[] = {{"[]", "\n  ", NULL}, {"]", "\n ", NULL}, {NULL, NULL, NULL}};
	static const skl_json_break breaks[] = {
	    {"caches", "\n ", cache_list}, {"summary", "\n ", NULL}, {NULL, NULL, NULL}};
	const skl_slub_params *p = &r->p;
	json_t *caches = json_array();
	int i;
	for (i = 0; caches && i < r->n; i++)
		if (json_array_append_new(caches, live_cache_json(&r->cs[i])) < 0) {
			json_decref(caches);
			caches = NULL;
		}
	return write_json(
	    json_pack("{s:o, s:I, s:I, s:I, s:I, s:I, s:s, s:o, s:{s:i, s:i, s:i, s:i, s:i, s:i, s:b, s:i}}", "kernel",
		      skl_json_text(r->prof.kernel), "page_size", (json_int_t)p->page_size, "cache_line",
		      (json_int_t)p->cache_line, "cpus", (json_int_t)p->cpus, "min_objects",
		      (json_int_t)(p->min_objects ? p->min_objects : skl_slub_min_objects(p->cpus)), "slab_max_order",
		      (json_int_t)p->max_order, "calculate_order", p->pre67 ? "pre-6.7" : "6.7+", "caches", caches,
		      "summary", "caches", r->n, "agree", r->agree, "kmalloc_align", r->align_n, "kmalloc_align_agree",
		      r->align_ok, "slabinfo_rows", r->si_rows, "slabinfo_agree", r->si_agree, "slabinfo_readable",
		      r->slabinfo_ok, "unreadable", r->unreadable),
	    breaks);
}

/* The table: one row per cache, then the agreement and each difference. */
static void write_live_text(const live_run *r)
{
	const skl_slub_params *p = &r->p;
	int i;
	printf("# this machine: Linux %s, %u-byte pages, %u-byte cache lines, %u CPU%s: min_objects %u%s, "
	       "slab_max_order %u, calculate_order() %s\n",
	       r->prof.kernel, p->page_size, p->cache_line, p->cpus, p->cpus == 1 ? "" : "s",
	       p->min_objects ? p->min_objects : skl_slub_min_objects(p->cpus),
	       p->min_objects ? " (slab_min_objects=)" : "", p->max_order, p->pre67 ? "before 6.7" : "of 6.7+");
	if (r->ctor_unreadable)
		printf("# %d ctor files could not be read: the model used its list of caches known to have one\n",
		       r->ctor_unreadable);
	printf("# %-26s %6s %5s %3s | %-17s | %-17s |\n", "cache", "object", "align", "", "kernel size/ord/n",
	       "model size/ord/n");
	for (i = 0; i < r->n; i++) {
		const live_cache *c = &r->cs[i];
		char kbuf[32], mbuf[32], flags[8];
		int k = 0;
		if (c->ctor)
			flags[k++] = 'c';
		if (c->rcu)
			flags[k++] = c->ufo ? 'o' : 'r';
		if (c->hw)
			flags[k++] = 'h';
		if (c->rz || c->poison || c->user || c->checks)
			flags[k++] = 'd';
		flags[k] = '\0';
		snprintf(kbuf, sizeof(kbuf), "%ld/%ld/%ld", c->slab_size, c->order, c->objs);
		if (c->model_ok)
			snprintf(mbuf, sizeof(mbuf), "%u/%u/%u", c->g.size, c->g.order, c->g.objects);
		else
			snprintf(mbuf, sizeof(mbuf), "-");
		if (c->unreadable)
			snprintf(kbuf, sizeof(kbuf), "unreadable");
		printf("%-28s %6ld %5ld %-3s | %-17s | %-17s | %s", c->name, c->object_size, c->align, flags, kbuf,
		       mbuf, c->agree ? "ok" : "DIFFERS");
		if (c->aliases[0])
			printf("  (%s)", c->aliases);
		printf("\n");
	}
	printf("# flags: c constructor, r RCU (free pointer after the object), o RCU with freeptr_offset, "
	       "h SLAB_HWCACHE_ALIGN, d slab_debug\n");
	printf("sysfs: %d of %d caches agree on slab_size, order and objs_per_slab", r->agree, r->n);
	if (r->unreadable)
		printf(" (%d could not be read: %s)", r->unreadable, strerror(r->sysfs_errno));
	printf("\n");
	if (r->align_n)
		printf("kmalloc align (create_boot_cache() rule): %d of %d agree\n", r->align_ok, r->align_n);
	if (r->cp_n)
		printf("cpu_partial (set_cpu_partial()): %d of %d agree\n", r->cp_ok, r->cp_n);
	if (r->slabinfo_ok)
		printf("/proc/slabinfo: %d of %d rows agree on objsize, objperslab and pagesperslab%s\n", r->si_agree,
		       r->si_rows, r->si_unmatched ? " (some rows have no sysfs directory)" : "");
	else
		printf("/proc/slabinfo: not compared: %s%s\n", strerror(r->slabinfo_errno),
		       r->slabinfo_errno == EACCES ? " (the file is mode 0400: run as root to compare it too)" : "");
	for (i = 0; i < r->n; i++) {
		const live_cache *c = &r->cs[i];
		if (c->unreadable)
			printf("unread: %s: %s\n", c->name, c->reason);
		else if (!c->agree)
			printf("differs: %s: kernel %ld/%ld/%ld, model %u/%u/%u: %s\n", c->name, c->slab_size, c->order,
			       c->objs, c->g.size, c->g.order, c->g.objects, c->reason);
		if (c->align_checked && !c->align_agree)
			printf("differs: %s: align %ld, model %u (kmalloc rule)\n", c->name, c->align, c->g.align);
		if (c->in_slabinfo && !c->slabinfo_agree && c->agree)
			printf(
			    "differs: /proc/slabinfo %s: objsize %ld objperslab %ld pagesperslab %ld, model %u %u %u\n",
			    c->slabinfo_name, c->si_objsize, c->si_objperslab, c->si_pages, c->g.size, c->g.objects,
			    1u << c->g.order);
	}
}

/* `sklab slabinfo --live`: the model over every cache of the running kernel,
 * against its sysfs and (for root) /proc/slabinfo. */
static int run_live(unsigned cpus_opt, int json)
{
	live_run r;
	DIR *d;
	int rc = 0;
	memset(&r, 0, sizeof(r));
	d = opendir(SYS_SLAB);
	if (!d) {
		fprintf(stderr,
			"sklab: slabinfo --live: cannot read %s (%s): it needs a Linux kernel with SLUB and sysfs\n",
			SYS_SLAB, strerror(errno));
		return 1;
	}
	live_machine(&r, cpus_opt);
	if (read_caches(&r, d) != 0) {
		free(r.cs);
		return 1;
	}
	model_caches(&r);
	compare_slabinfo(&r);
	if (json)
		rc = write_live_json(&r);
	else
		write_live_text(&r);
	free(r.cs);
	return rc;
}

/* ---- --file: a saved /proc/slabinfo or slabtop dump ---------------------------- */

/* Draws chart to png and svg (either NULL), as the chart view lays it out. */
int skl_app_draw_chart(const skl_chart *chart, const char *title, const char *png, const char *svg, skl_error *err)
{
	const skl_chart *charts[1];
	skl_scene sc;
	skl_render_opts ro;
	char fonts[4200];
	charts[0] = chart;
	memset(&sc, 0, sizeof(sc));
	sc.charts = charts;
	sc.ncharts = 1;
	sc.title = title;
	snprintf(fonts, sizeof(fonts), "%s/assets/fonts", skl_app_data_dir());
	memset(&ro, 0, sizeof(ro));
	ro.font_dir = fonts;
	if (png) {
		if (skl_render_scene_file(&sc, png, "png", &ro, err) < 0)
			return -1;
		printf("sklab: wrote %s\n", png);
	}
	if (svg) {
		if (skl_render_scene_file(&sc, svg, "svg", &ro, err) < 0)
			return -1;
		printf("sklab: wrote %s\n", svg);
	}
	return 0;
}

typedef struct file_req {
	const char *path, *profile, *png, *svg;
	unsigned cpus;
	int json, count;
} file_req;

/* `sklab slabinfo --file SAVED`: its caches as a table (in the file's
 * order), checked against a profile's model with --profile, drawn with
 * --png/--svg (the largest caches by memory). */
static int run_file(const file_req *fq)
{
	skl_slabinfo si;
	skl_profile prof;
	skl_error err;
	slabtab_row *rows;
	const char *base = strrchr(fq->path, '/');
	int i, agree = 0, checked = 0, rc = 0;
	unsigned page = 4096;
	char title[300];
	skl_error_clear(&err);
	base = base ? base + 1 : fq->path;
	if (skl_slabinfo_read_file(fq->path, &si, &err) < 0)
		return skl_app_fail("slabinfo", &err);
	if (fq->profile && skl_data_load_profile(skl_app_data_dir(), fq->profile, &prof, &err) < 0) {
		skl_slabinfo_free(&si);
		return skl_app_fail("slabinfo", &err);
	}
	if (fq->profile)
		page = prof.page_size;
	rows = calloc((size_t)(si.n ? si.n : 1), sizeof(*rows));
	if (!rows) {
		skl_slabinfo_free(&si);
		fprintf(stderr, "sklab slabinfo: out of memory\n");
		return 1;
	}
	for (i = 0; i < si.n; i++) {
		rows[i].si = si.rows[i];
		rows[i].object_size = rows[i].align = -1;
	}
	slabtab_bytes(rows, si.n, page);
	if (fq->profile) {
		agree = slabtab_check(rows, si.n, &prof, fq->cpus);
		for (i = 0; i < si.n; i++)
			checked += rows[i].checked;
	}
	snprintf(title, sizeof(title), "%.120s: %s%s%s%s, %d cache%s", base,
		 si.format == SKL_SLABINFO_SLABTOP ? "a slabtop dump" : "/proc/slabinfo ",
		 si.format == SKL_SLABINFO_SLABTOP ? "" : skl_slabinfo_format_name(si.format),
		 si.stats ? " (statistics)" : "", si.smp ? " (SMP)" : "", si.n, si.n == 1 ? "" : "s");
	if (fq->json) {
		static const skl_json_break cache_list[] = {
		    {"[]", "\n  ", NULL}, {"]", "\n ", NULL}, {NULL, NULL, NULL}};
		static const skl_json_break breaks[] = {
		    {"caches", "\n ", cache_list}, {"summary", "\n ", NULL}, {NULL, NULL, NULL}};
		json_t *doc =
		    json_pack("{s:o, s:s, s:b, s:b, s:o, s:o, s:{s:i, s:i, s:i}}", "file", skl_json_text(base),
			      "format", skl_slabinfo_format_name(si.format), "statistics", si.stats, "smp", si.smp,
			      "profile", fq->profile ? skl_json_text(prof.name) : json_null(), "caches",
			      slabtab_json(rows, si.n, 0, fq->profile != NULL), "summary", "caches", si.n, "checked",
			      checked, "agree", agree);
		rc = write_json(doc, breaks);
	} else {
		printf("# %s\n", title);
		if (fq->profile)
			printf("# the model: %s (%s), the geometry of each line's objsize; %d of %d agree\n", prof.name,
			       prof.allocator == SKL_ALLOC_SLUB ? "SLUB" : "2.4 SLAB", agree, checked);
		if (fq->profile && (si.format == SKL_SLABINFO_V1_1) != (prof.allocator != SKL_ALLOC_SLUB))
			printf("# note: %s is %s's format, %s uses %s\n", skl_slabinfo_format_name(si.format),
			       si.format == SKL_SLABINFO_V1_1 ? "the 2.4 SLAB" : "a 2.6+ kernel", prof.name,
			       prof.allocator == SKL_ALLOC_SLUB ? "SLUB" : "the 2.4 SLAB");
		if (si.format == SKL_SLABINFO_SLABTOP)
			printf("# note: slabtop gives sizes in K with two decimals: objsize is within 6 bytes, "
			       "pages per slab from CACHE SIZE / SLABS for %u-byte pages\n",
			       page);
		slabtab_print(stdout, rows, si.n, 0, fq->profile != NULL, 0);
	}
	if (!rc && (fq->png || fq->svg)) {
		skl_chart *chart;
		char ctitle[400];
		slabtab_sort(rows, si.n, SLABTAB_SORT_MEMORY);
		snprintf(ctitle, sizeof(ctitle), "%s: the largest by memory%s", title,
			 fq->profile ? "; ok or DIFFERS: the model's geometry" : "");
		chart = slabtab_chart(rows, si.n, fq->count, ctitle, 0, 0);
		if (!chart) {
			fprintf(stderr, "sklab slabinfo: out of memory\n");
			rc = 1;
		} else {
			if (skl_app_draw_chart(chart, NULL, fq->png, fq->svg, &err) < 0)
				rc = skl_app_fail("slabinfo", &err);
			skl_chart_free(chart);
		}
	}
	slabtab_free(rows, si.n);
	skl_slabinfo_free(&si);
	return rc;
}

/* ---- the command ------------------------------------------------------------ */

enum {
	O_PROFILE = 256,
	O_CPUS,
	O_SIZE,
	O_ALIGN,
	O_FREEPTR_OFFSET,
	O_SHEAF_CAPACITY,
	O_NAME,
	O_DEBUG,
	O_HWCACHE,
	O_RCU,
	O_CTOR,
	O_KMALLOC,
	O_PRE67,
	O_JSON,
	O_LIVE,
	O_FILE,
	O_PNG,
	O_SVG,
	O_COUNT
};

static const skl_app_opt options[] = {
    {"profile", O_PROFILE, SKL_APP_VALUE, "P", "the kernel profile (default " DEFAULT_PROFILE ")", NULL},
    {"size", O_SIZE, SKL_APP_VALUE, "N", "object size in bytes (required)", NULL},
    {"align", O_ALIGN, SKL_APP_VALUE, "N", "requested alignment (a power of two)", NULL},
    {"hwcache", O_HWCACHE, SKL_APP_NONE, NULL, "SLAB_HWCACHE_ALIGN", NULL},
    {"rcu", O_RCU, SKL_APP_NONE, NULL, "SLAB_TYPESAFE_BY_RCU (SLUB)", NULL},
    {"ctor", O_CTOR, SKL_APP_NONE, NULL, "the cache has a constructor", NULL},
    {"freeptr-offset", O_FREEPTR_OFFSET, SKL_APP_VALUE, "N", "RCU cache with kmem_cache_args.freeptr_offset (SLUB)",
     NULL},
    {"sheaf-capacity", O_SHEAF_CAPACITY, SKL_APP_VALUE, "N", "kmem_cache_args.sheaf_capacity (SLUB, 6.18)", NULL},
    {"kmalloc", O_KMALLOC, SKL_APP_NONE, NULL,
     "a kmalloc size class (align = the largest power of\ntwo dividing the size); implied by --name kmalloc-N", NULL},
    {"name", O_NAME, SKL_APP_VALUE, "NAME", "the cache's name (sklab_SIZE)", NULL},
    {"debug", O_DEBUG, SKL_APP_MAYBE, "LETTERS",
     "slab_debug letters F, Z, P, U (all four when none given);\non 2.4 any letter means CONFIG_DEBUG_SLAB", NULL},
    {"pre-6.7", O_PRE67, SKL_APP_NONE, NULL, "calculate_order() as it was before Linux 6.7", NULL},
    {"cpus", O_CPUS, SKL_APP_VALUE, "N", "CPUs (min_objects = 4 * (fls(N) + 1)); default\nthe profile's", NULL},
    {"live", O_LIVE, SKL_APP_NONE, NULL,
     "compare the model with this machine's /sys/kernel/slab and\n/proc/slabinfo (reading /proc/slabinfo needs root)",
     NULL},
    {"file", O_FILE, SKL_APP_VALUE, "SAVED",
     "read a saved /proc/slabinfo (1.1, 2.1) or slabtop dump;\nwith --profile, check each cache against the model",
     NULL},
    {"png", O_PNG, SKL_APP_VALUE, "FILE", "with --file: draw the largest caches as a PNG", NULL},
    {"svg", O_SVG, SKL_APP_VALUE, "FILE", "with --file: the same as an SVG", NULL},
    {"count", O_COUNT, SKL_APP_VALUE, "N", "with --file: caches drawn (default 12)", NULL},
    {"json", O_JSON, SKL_APP_NONE, NULL, "one JSON object instead of the text", NULL},
    {0},
};

static const skl_app_cmd slabinfo_cmd = {
    .name = "slabinfo",
    .about = "The geometry kmem_cache_create() computes for one cache on a kernel profile\n"
	     "(default " DEFAULT_PROFILE "): for SLUB the /sys/kernel/slab attributes\n"
	     "(object_size, slab_size, align, order, objs_per_slab, ...) and the model's\n"
	     "own values; for the 2.4 SLAB objsize, objects and pages per slab, colour,\n"
	     "off-slab management and left-over bytes. Then the /proc/slabinfo line.\n"
	     "With --file, the caches of a saved /proc/slabinfo (1.1, 2.1) or slabtop -o\n"
	     "dump, slabtop-style, each checked against the --profile's model if given.",
    .opts = options,
    .unknown = "argument",
};

/* slab_debug letters, as --debug LETTERS takes them without an '='. */
static int debug_letters(const char *s)
{
	return s[0] != '-' && strspn(s, "FZPUfzpu,") == strlen(s);
}

int skl_cmd_slabinfo(int argc, char **argv)
{
	const char *profile_name = NULL, *data = skl_app_data_dir();
	cache_req q;
	unsigned long v, cpus = 0;
	int key, live = 0, have_size = 0;
	char name_buf[64];
	skl_profile prof;
	skl_error err;
	skl_app_args g;
	file_req fq;

	memset(&q, 0, sizeof(q));
	memset(&fq, 0, sizeof(fq));
	fq.count = 12;
	skl_error_clear(&err);
	skl_app_args_init(&g, &slabinfo_cmd, argc, argv);
	while ((key = skl_app_getopt(&g)) != SKL_APP_END) {
		const char *a = g.arg;
		switch (key) {
		case SKL_APP_BAD:
			return 2;
		case 'h':
			skl_app_usage(stdout, &slabinfo_cmd);
			return 0;
		case O_PROFILE:
			profile_name = a;
			break;
		case O_CPUS:
			if (parse_uint(a, 256, &cpus) < 0 || !cpus)
				return skl_app_usage_error(&slabinfo_cmd,
							   "--cpus takes a number from 1 to 256, not '%s'", a);
			break;
		case O_SIZE:
			if (parse_uint(a, 0xffffffffu, &q.size) < 0 || !q.size)
				return skl_app_usage_error(&slabinfo_cmd,
							   "--size takes a positive number of bytes, not '%s'", a);
			have_size = 1;
			break;
		case O_ALIGN:
			if (parse_uint(a, 1u << 20, &v) < 0 || (v & (v - 1)))
				return skl_app_usage_error(&slabinfo_cmd, "--align takes a power of two, not '%s'", a);
			q.o.align = (unsigned)v;
			break;
		case O_FREEPTR_OFFSET:
			if (parse_uint(a, 0xffffffffu, &v) < 0)
				return skl_app_usage_error(&slabinfo_cmd,
							   "--freeptr-offset takes a byte offset, not '%s'", a);
			q.o.use_freeptr_offset = 1;
			q.o.freeptr_offset = (unsigned)v;
			break;
		case O_SHEAF_CAPACITY:
			if (parse_uint(a, 1024, &v) < 0)
				return skl_app_usage_error(&slabinfo_cmd,
							   "--sheaf-capacity takes a number of objects, not '%s'", a);
			q.o.sheaf_capacity = (unsigned)v;
			break;
		case O_NAME:
			q.name = a;
			break;
		case O_DEBUG:
			if (!a && g.next < g.argc && debug_letters(g.argv[g.next]))
				a = g.argv[g.next++]; /* --debug FZ */
			q.debug = a ? a : "";
			break;
		case O_HWCACHE:
			q.o.flags |= SKL_SLAB_HWCACHE_ALIGN;
			break;
		case O_RCU:
			q.o.flags |= SKL_SLAB_TYPESAFE_BY_RCU;
			break;
		case O_CTOR:
			q.o.ctor = 1;
			break;
		case O_KMALLOC:
			q.o.flags |= SKL_SLAB_KMALLOC;
			break;
		case O_PRE67:
			q.pre67 = 1;
			break;
		case O_JSON:
			q.json = 1;
			break;
		case O_LIVE:
			live = 1;
			break;
		case O_FILE:
			fq.path = a;
			break;
		case O_PNG:
			fq.png = a;
			break;
		case O_SVG:
			fq.svg = a;
			break;
		case O_COUNT:
			if (parse_uint(a, 4096, &v) < 0 || !v)
				return skl_app_usage_error(&slabinfo_cmd,
							   "--count takes a number from 1 to 4096, not '%s'", a);
			fq.count = (int)v;
			break;
		default: /* SKL_APP_ARG: slabinfo takes none */
			return skl_app_usage_error(&slabinfo_cmd, "unknown argument '%s' (try 'sklab slabinfo --help')",
						   a);
		}
	}
	if (fq.path) {
		if (have_size || live) {
			fprintf(stderr,
				"sklab slabinfo: --file reads a saved slabinfo; it takes no --size or --live\n");
			return 2;
		}
		fq.profile = profile_name;
		fq.cpus = (unsigned)cpus;
		fq.json = q.json;
		return run_file(&fq);
	}
	if (fq.png || fq.svg) {
		fprintf(stderr, "sklab slabinfo: --png and --svg draw a --file's caches\n");
		return 2;
	}
	if (live) {
		if (have_size || profile_name) {
			fprintf(stderr,
				"sklab slabinfo: --live reads the running kernel; it takes no --size or --profile\n");
			return 2;
		}
		return run_live((unsigned)cpus, q.json);
	}
	if (!have_size) {
		fprintf(stderr, "sklab slabinfo: --size N is required (or --live; try 'sklab slabinfo --help')\n");
		return 2;
	}
	if (!q.name) {
		snprintf(name_buf, sizeof(name_buf), "sklab_%lu", q.size);
		q.name = name_buf;
	}
	if (strlen(q.name) > 31) {
		fprintf(stderr, "sklab slabinfo: --name '%s' is longer than 31 characters\n", q.name);
		return 2;
	}
	if (slabtab_kmalloc_name(q.name))
		q.o.flags |= SKL_SLAB_KMALLOC;
	if (skl_data_load_profile(data, profile_name ? profile_name : DEFAULT_PROFILE, &prof, &err) < 0)
		return skl_app_fail("slabinfo", &err);
	if (prof.allocator == SKL_ALLOC_SLUB)
		return show_slub(&prof, (unsigned)cpus, &q);
	q.o.flags &= ~SKL_SLAB_KMALLOC;
	return show_slab24(&prof, (unsigned)cpus, &q);
}
