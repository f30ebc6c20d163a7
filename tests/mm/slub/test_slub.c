/*
 * test_slub.c - the SLUB model against slub.md: every worked example, the
 * 7.1 mismatch table (with and without the constructor), the slab_debug
 * predictions of 8.1, the pre-6.7 difference range, merging, and - on a
 * simulated machine - freelists in the simulated bytes, per-CPU slabs,
 * /proc/slabinfo 2.1 and SLUB's debug reports against golden text, and
 * running out of memory.
 *
 * usage: test_slub MODE [GOLDEN_DIR]; MODE is geometry, order, merge,
 * runtime, debug, oom, allocfail (every host allocation failing in turn),
 * chaos (random operations and random writes into slab memory) or fastpath
 * (the fast paths against the full ones, and their gate when a cache model
 * comes and goes) or via (which name each object of a merged cache came
 * through, on the fast and the full paths) or era (2.6.31's own layout,
 * worked from its mm/slub.c) or cpupartial (6.18's per-CPU partial lists and sheaves). SKLAB_UPDATE_GOLDEN=1
 * rewrites the golden files.
 */
#include "check.h"
#include "fault.h"

#include "mm_impl.h"
#include "slub_impl.h"

#include "golden.h"
#include "profile.h"
#include "twin.h"
#include "sklab/kernel.h"

#include <stdlib.h>

static const char *golden_dir = ".";
static int quiet;

static skl_profile prof618(unsigned cpus, unsigned ram_mb)
{
	return skl_test_profile_618(cpus, (uint64_t)ram_mb << 20);
}

static skl_slub_params params(unsigned cpus)
{
	skl_profile p = prof618(cpus, 512);
	skl_slub_params sp;
	skl_slub_params_init(&sp, &p, 0);
	return sp;
}

/* ---- geometry --------------------------------------------------------------- */

typedef struct row {
	const char *name;
	unsigned size, align, flags;
	int ctor, ufo;
	unsigned want_size, want_order, want_objs;
} row;

static void check_row(const skl_slub_params *p, const row *r, unsigned debug)
{
	skl_cache_opts o;
	skl_slub_geom g;
	skl_error err;
	memset(&o, 0, sizeof(o));
	o.flags = r->flags;
	o.align = r->align;
	o.ctor = r->ctor;
	o.use_freeptr_offset = r->ufo;
	o.freeptr_offset = r->ufo ? 16 : 0;
	if (skl_slub_geometry(p, r->size, &o, debug, &g, &err) < 0) {
		printf("%s: geometry failed: %s\n", r->name, err.msg);
		check_failures++;
		return;
	}
	if (g.size != r->want_size || g.order != r->want_order || g.objects != r->want_objs) {
		printf("%s (%u, align %u%s%s): got %u/%u/%u, want %u/%u/%u\n", r->name, r->size, r->align,
		       r->ctor ? ", ctor" : "", (r->flags & SKL_SLAB_TYPESAFE_BY_RCU) ? ", rcu" : "", g.size, g.order,
		       g.objects, r->want_size, r->want_order, r->want_objs);
		check_failures++;
	}
}

#define HW SKL_SLAB_HWCACHE_ALIGN
#define RCU SKL_SLAB_TYPESAFE_BY_RCU
#define KM SKL_SLAB_KMALLOC

static void test_geometry(void)
{
	skl_slub_params p = params(2);
	skl_slub_geom g;
	skl_cache_opts o;
	skl_error err;
	unsigned i;
	/* slub.md 7.3 worked examples and the MUST-HOLD TCP line */
	static const row worked[] = {
	    {"kmalloc-96", 96, 0, KM, 0, 0, 96, 0, 42},
	    {"task_struct", 5840, 64, 0, 0, 0, 5888, 3, 5},
	    {"sock_inode_cache", 768, 0, HW, 1, 0, 832, 2, 19},
	    {"kvm_vcpu", 51472, 16, 0, 0, 0, 51472, 4, 1},
	    {"vm_area_struct", 192, 0, HW | RCU, 0, 1, 192, 0, 21},
	    {"TCP", 2304, 64, HW | RCU, 0, 0, 2368, 3, 13},
	    {"TCPv6", 2432, 64, HW | RCU, 0, 0, 2496, 3, 13},
	};
	/* 7.1: the rows that need the constructor (or freeptr_offset) ... */
	static const row with_ctor[] = {
	    {"btrfs_inode", 1008, 8, 0, 1, 0, 1016, 2, 16},
	    {"debugfs_inode_cache", 632, 8, 0, 1, 0, 640, 1, 12},
	    {"erofs_inode", 688, 8, 0, 1, 0, 696, 2, 23},
	    {"ext4_inode_cache", 1120, 8, 0, 1, 0, 1128, 2, 14},
	    {"hugetlbfs_inode_cache", 624, 8, 0, 1, 0, 632, 2, 25},
	    {"inode_cache", 616, 8, 0, 1, 0, 624, 1, 13},
	    {"ovl_inode", 696, 8, 0, 1, 0, 704, 2, 23},
	    {"proc_inode_cache", 688, 8, 0, 1, 0, 696, 2, 23},
	    {"radix_tree_node", 576, 8, 0, 1, 0, 584, 1, 14},
	    {"shmem_inode_cache", 744, 8, 0, 1, 0, 752, 2, 21},
	    {"sock_inode_cache", 768, 64, 0, 1, 0, 832, 2, 19},
	    {"tracefs_inode_cache", 648, 8, 0, 1, 0, 656, 1, 12},
	    {"vm_area_struct", 192, 64, RCU, 0, 1, 192, 0, 21},
	};
	/* ... and what the naive model (no ctor, "RCU => +8") gives */
	static const row naive[] = {
	    {"btrfs_inode", 1008, 8, 0, 0, 0, 1008, 2, 16},
	    {"debugfs_inode_cache", 632, 8, 0, 0, 0, 632, 2, 25},
	    {"erofs_inode", 688, 8, 0, 0, 0, 688, 2, 23},
	    {"ext4_inode_cache", 1120, 8, 0, 0, 0, 1120, 2, 14},
	    {"hugetlbfs_inode_cache", 624, 8, 0, 0, 0, 624, 1, 13},
	    {"inode_cache", 616, 8, 0, 0, 0, 616, 1, 13},
	    {"ovl_inode", 696, 8, 0, 0, 0, 696, 2, 23},
	    {"proc_inode_cache", 688, 8, 0, 0, 0, 688, 2, 23},
	    {"radix_tree_node", 576, 8, 0, 0, 0, 576, 1, 14},
	    {"shmem_inode_cache", 744, 8, 0, 0, 0, 744, 2, 22},
	    {"sock_inode_cache", 768, 64, 0, 0, 0, 768, 2, 21},
	    {"tracefs_inode_cache", 648, 8, 0, 0, 0, 648, 1, 12},
	    {"vm_area_struct", 192, 64, RCU, 0, 0, 256, 0, 16},
	};
	/* 8.1: slab_debug=FZPU predictions (STACKDEPOT tracks of 32 bytes) */
	static const row debug[] = {
	    {"kmalloc-8", 8, 0, KM, 0, 0, 112, 0, 36},		 {"kmalloc-64", 64, 0, KM, 0, 0, 256, 0, 16},
	    {"kmalloc-192", 192, 0, KM, 0, 0, 384, 1, 21},	 {"dentry", 192, 8, 0, 0, 0, 288, 0, 14},
	    {"ext4_inode_cache", 1120, 8, 0, 1, 0, 1216, 2, 13},
	};
	/* every kmalloc cache of the 6.18 machine (sysfs) */
	static const row kmalloc[] = {
	    {"kmalloc-8", 8, 0, KM, 0, 0, 8, 0, 512},	      {"kmalloc-16", 16, 0, KM, 0, 0, 16, 0, 256},
	    {"kmalloc-32", 32, 0, KM, 0, 0, 32, 0, 128},      {"kmalloc-64", 64, 0, KM, 0, 0, 64, 0, 64},
	    {"kmalloc-96", 96, 0, KM, 0, 0, 96, 0, 42},	      {"kmalloc-128", 128, 0, KM, 0, 0, 128, 0, 32},
	    {"kmalloc-192", 192, 0, KM, 0, 0, 192, 0, 21},    {"kmalloc-256", 256, 0, KM, 0, 0, 256, 0, 16},
	    {"kmalloc-512", 512, 0, KM, 0, 0, 512, 1, 16},    {"kmalloc-1k", 1024, 0, KM, 0, 0, 1024, 2, 16},
	    {"kmalloc-2k", 2048, 0, KM, 0, 0, 2048, 3, 16},   {"kmalloc-4k", 4096, 0, KM, 0, 0, 4096, 3, 8},
	    {"kmalloc-8k", 8192, 0, KM, 0, 0, 8192, 3, 4},    {"kmem_cache", 232, 0, HW, 0, 0, 256, 0, 16},
	    {"kmem_cache_node", 72, 0, HW, 0, 0, 128, 0, 32},
	};
	for (i = 0; i < sizeof(worked) / sizeof(worked[0]); i++)
		check_row(&p, &worked[i], 0);
	for (i = 0; i < sizeof(with_ctor) / sizeof(with_ctor[0]); i++)
		check_row(&p, &with_ctor[i], 0);
	for (i = 0; i < sizeof(naive) / sizeof(naive[0]); i++)
		check_row(&p, &naive[i], 0);
	for (i = 0; i < sizeof(debug) / sizeof(debug[0]); i++)
		check_row(&p, &debug[i], skl_slub_debug_flags(1));
	for (i = 0; i < sizeof(kmalloc) / sizeof(kmalloc[0]); i++)
		check_row(&p, &kmalloc[i], 0);

	/* 3: alignment rules */
	CHECK_INT(skl_slub_calculate_alignment(&p, HW, 0, 8), 8);
	CHECK_INT(skl_slub_calculate_alignment(&p, HW, 0, 9), 16);
	CHECK_INT(skl_slub_calculate_alignment(&p, HW, 0, 17), 32);
	CHECK_INT(skl_slub_calculate_alignment(&p, HW, 0, 32), 32);
	CHECK_INT(skl_slub_calculate_alignment(&p, HW, 0, 33), 64);
	CHECK_INT(skl_slub_calculate_alignment(&p, HW, 128, 40), 128); /* never lowers a larger request */
	CHECK_INT(skl_slub_calculate_alignment(&p, 0, 0, 3), 8);
	CHECK_INT(skl_slub_calculate_alignment(&p, 0, 4, 100), 8);
	CHECK_INT(skl_slub_kmalloc_align(&p, KM, 96), 32);
	CHECK_INT(skl_slub_kmalloc_align(&p, KM, 192), 64);
	CHECK_INT(skl_slub_kmalloc_align(&p, KM, 8192), 8192);
	CHECK_INT(skl_slub_kmalloc_align(&p, KM, 8), 8);

	/* 4: the details of calculate_sizes() */
	memset(&o, 0, sizeof(o));
	CHECK_INT(skl_slub_geometry(&p, 100, &o, 0, &g, &err), 0);
	CHECK_INT(g.offset, 48); /* (c) ALIGN_DOWN(100 / 2, 8) */
	CHECK_INT(g.fp_rule, SKL_SLUB_FP_MIDDLE);
	CHECK_INT(g.inuse, 104);
	CHECK_INT(g.size, 104);
	o.flags = HW | RCU;
	CHECK_INT(skl_slub_geometry(&p, 2304, &o, 0, &g, &err), 0);
	CHECK_INT(g.offset, 2304); /* (a) after the object */
	CHECK_INT(g.fp_rule, SKL_SLUB_FP_AFTER);
	CHECK_INT(g.inuse, 2304);
	CHECK_INT(g.min_objects, 12);
	CHECK_INT(g.min_partial, 5);
	CHECK_INT(g.cpu_partial, 24);
	o.use_freeptr_offset = 1;
	o.freeptr_offset = 40;
	CHECK_INT(skl_slub_geometry(&p, 192, &o, 0, &g, &err), 0);
	CHECK_INT(g.offset, 40); /* (b) the caller's spot */
	CHECK_INT(g.fp_rule, SKL_SLUB_FP_FIXED);
	/* (a) comes first: with poison the pointer goes after the object even
	 * when a freeptr_offset is given (6.18 calculate_sizes()) */
	CHECK_INT(skl_slub_geometry(&p, 192, &o, SKL_SLAB_POISON, &g, &err), 0);
	CHECK_INT(g.fp_rule, SKL_SLUB_FP_AFTER);
	CHECK_INT(g.offset, 192);
	/* create_cache()'s checks of freeptr_offset */
	o.freeptr_offset = 44;
	CHECK_INT(skl_slub_geometry(&p, 192, &o, 0, &g, &err), -1);
	CHECK(strstr(err.msg, "-EINVAL") != NULL);
	o.freeptr_offset = 192;
	CHECK_INT(skl_slub_geometry(&p, 192, &o, 0, &g, &err), -1);
	o.flags = HW;
	o.freeptr_offset = 40;
	CHECK_INT(skl_slub_geometry(&p, 192, &o, 0, &g, &err), -1);
	memset(&o, 0, sizeof(o));
	CHECK_INT(skl_slub_geometry(&p, 0, &o, 0, &g, &err), -1);
	o.align = 24;
	CHECK_INT(skl_slub_geometry(&p, 64, &o, 0, &g, &err), -1);
	/* slab_debug=U on kmalloc-128: orig_size is kept, but with no red zone
	 * the free pointer stays in the middle (it moves out for orig_size only
	 * together with SLAB_RED_ZONE) */
	memset(&o, 0, sizeof(o));
	o.flags = KM;
	CHECK_INT(skl_slub_geometry(&p, 128, &o, SKL_SLAB_STORE_USER, &g, &err), 0);
	CHECK_INT(g.orig_size, 1);
	CHECK_INT(g.fp_rule, SKL_SLUB_FP_MIDDLE);
	CHECK_INT(g.offset, 64);
	/* with Z as well it goes after the object */
	CHECK_INT(skl_slub_geometry(&p, 128, &o, SKL_SLAB_STORE_USER | SKL_SLAB_RED_ZONE, &g, &err), 0);
	CHECK_INT(g.fp_rule, SKL_SLUB_FP_AFTER);
	/* slab_debug=FZPU on kmalloc-64: red_left_pad = ALIGN(8, 64) */
	memset(&o, 0, sizeof(o));
	o.flags = KM;
	CHECK_INT(skl_slub_geometry(&p, 64, &o, skl_slub_debug_flags(1), &g, &err), 0);
	CHECK_INT(g.inuse, 72);
	CHECK_INT(g.offset, 72);
	CHECK_INT(g.red_left_pad, 64);
	CHECK_INT(g.orig_size, 1);
	CHECK_INT(g.object_poison, 1);
	CHECK_INT(skl_slub_info_end(&p, &g), 80);
	/* a tiny red-zoned object keeps its free pointer outside */
	memset(&o, 0, sizeof(o));
	CHECK_INT(skl_slub_geometry(&p, 4, &o, SKL_SLAB_RED_ZONE, &g, &err), 0);
	CHECK_INT(g.inuse, 8);
	CHECK_INT(g.offset, 8);
	/* poison with a ctor leaves the body alone */
	o.ctor = 1;
	CHECK_INT(skl_slub_geometry(&p, 64, &o, SKL_SLAB_POISON, &g, &err), 0);
	CHECK_INT(g.object_poison, 0);
	/* min_partial: ilog2(size) / 2 within 5..10 */
	memset(&o, 0, sizeof(o));
	o.flags = KM;
	CHECK_INT(skl_slub_geometry(&p, 8192, &o, 0, &g, &err), 0);
	CHECK_INT(g.min_partial, 6);
	CHECK_INT(g.cpu_partial, 6);
	CHECK_INT(g.min_order, 1);
	CHECK_INT(g.min_objs, 1);

	/* debug letters */
	{
		unsigned f = 0;
		int bad = -1;
		CHECK_INT(skl_slub_parse_debug("F,Z,P,U", &f, NULL), 0);
		CHECK_INT(f, SKL_SLAB_CONSISTENCY | SKL_SLAB_RED_ZONE | SKL_SLAB_POISON | SKL_SLAB_STORE_USER);
		CHECK_INT(skl_slub_parse_debug("zp", &f, NULL), 0);
		CHECK_INT(f, SKL_SLAB_RED_ZONE | SKL_SLAB_POISON);
		CHECK_INT(skl_slub_parse_debug("FQ", &f, &bad), -1);
		CHECK_INT(bad, 1);
	}

	/* the machine-free entry point gives the same numbers */
	{
		skl_profile pr = prof618(2, 512);
		skl_cache_info in;
		memset(&o, 0, sizeof(o));
		o.flags = HW | RCU;
		o.align = 64;
		CHECK_INT(skl__slub_ops.geometry(&pr, 2, 0, "TCP", 2304, &o, &in, &err), 0);
		CHECK_INT(in.size, 2368);
		CHECK_INT(in.order, 3);
		CHECK_INT(in.objs_per_slab, 13);
		CHECK_INT(in.pages_per_slab, 8);
		CHECK_INT(in.freeptr_offset, 2304);
		o.flags = KM;
		o.align = 0;
		CHECK_INT(skl__slub_ops.geometry(&pr, 2, 1, "kmalloc-64", 64, &o, &in, &err), 0);
		CHECK_INT(in.size, 256);
		CHECK_INT(skl__slub_ops.geometry(&pr, 2, SKL_SLAB_RED_ZONE, "kmalloc-64", 64, &o, &in, &err), 0);
		CHECK_INT(in.red_left_pad, 64);
	}

	/* kmalloc size classes */
	CHECK_INT(skl_slub_kmalloc_bucket(&p, 1), 8);
	CHECK_INT(skl_slub_kmalloc_bucket(&p, 8), 8);
	CHECK_INT(skl_slub_kmalloc_bucket(&p, 9), 16);
	CHECK_INT(skl_slub_kmalloc_bucket(&p, 65), 96);
	CHECK_INT(skl_slub_kmalloc_bucket(&p, 96), 96);
	CHECK_INT(skl_slub_kmalloc_bucket(&p, 97), 128);
	CHECK_INT(skl_slub_kmalloc_bucket(&p, 129), 192);
	CHECK_INT(skl_slub_kmalloc_bucket(&p, 193), 256);
	CHECK_INT(skl_slub_kmalloc_bucket(&p, 1344), 2048); /* skb.md 3: alloc_skb(1000) head */
	CHECK_INT(skl_slub_kmalloc_bucket(&p, 8192), 8192);
	CHECK_INT(skl_slub_kmalloc_bucket(&p, 8193), 0);
	CHECK_INT(skl_slub_kmalloc_bucket(&p, 0), 0);
}

/* ---- calculate_order(): CPUs, the fallback, pre-6.7 ------------------------------- */

static void test_order(void)
{
	skl_slub_params p = params(2), old;
	unsigned size, mo, lo = 0, hi = 0, n = 0, minobj;
	int a, b;
	CHECK_INT(skl_slub_min_objects(1), 8);
	CHECK_INT(skl_slub_min_objects(2), 12);
	CHECK_INT(skl_slub_min_objects(3), 12);
	CHECK_INT(skl_slub_min_objects(4), 16);
	CHECK_INT(skl_slub_min_objects(8), 20);
	CHECK_INT(skl_slub_min_objects(16), 24);
	CHECK_INT(skl_slub_min_objects(128), 36);
	CHECK_INT(skl_slub_get_order(&p, 1), 0);
	CHECK_INT(skl_slub_get_order(&p, 4096), 0);
	CHECK_INT(skl_slub_get_order(&p, 4097), 1);
	CHECK_INT(skl_slub_get_order(&p, 29440), 3);
	CHECK_INT(skl_slub_order_objects(&p, 3, 5888), 5);
	/* task_struct needs fraction 8; kvm_vcpu the get_order() fallback */
	CHECK_INT(skl_slub_calculate_order(&p, 5888, &mo), 3);
	CHECK_INT(mo, 5);
	CHECK_INT(skl_slub_calculate_order(&p, 51472, &mo), 4);
	CHECK_INT(mo, 1);
	/* 10 pages of order beyond MAX_PAGE_ORDER: -ENOSYS */
	CHECK_INT(skl_slub_calculate_order(&p, 8u << 20, NULL), -1);
	/* slab_min_objects= and slab_max_order= */
	CHECK_INT(skl_slub_calculate_order(&p, 1024, &mo), 2);
	CHECK_INT(mo, 12);
	p.min_objects = 4;
	CHECK_INT(skl_slub_calculate_order(&p, 1024, &mo), 0);
	CHECK_INT(mo, 4);
	p.min_objects = 0;
	p.max_order = 1;
	CHECK_INT(skl_slub_calculate_order(&p, 2368, NULL), 1);
	p.max_order = 3;
	/* one CPU: min_objects 8 */
	p.cpus = 1;
	CHECK_INT(skl_slub_calculate_order(&p, 2368, &mo), 3);
	CHECK_INT(mo, 8);
	p.cpus = 2;
	/* a tiny object with a big slab_min_order: the MAX_OBJS_PER_PAGE cap */
	p.min_order = 7;
	CHECK_INT(skl_slub_calculate_order(&p, 8, NULL), 5);
	p.min_order = 0;

	/* 5.1: the two algorithms differ only for 10928..12280, 8-aligned */
	old = p;
	old.pre67 = 1;
	for (size = 8; size <= 70000; size += 8) {
		a = skl_slub_calculate_order(&p, size, NULL);
		b = skl_slub_calculate_order_pre67(&old, size, NULL);
		if (a != b) {
			if (!lo)
				lo = size;
			hi = size;
			n++;
			if (size == 10928) {
				CHECK_INT(a, 3);
				CHECK_INT(b, 2);
				CHECK_INT(skl_slub_order_objects(&p, 3, size), 2);
				CHECK_INT(skl_slub_order_objects(&p, 2, size), 1);
			}
		}
	}
	CHECK_INT(lo, 10928);
	CHECK_INT(hi, 12280);
	CHECK_INT(n, (12280 - 10928) / 8 + 1);
	/* ... for any min_objects from 8 to 32 */
	for (minobj = 8; minobj <= 32; minobj++) {
		unsigned l2 = 0, h2 = 0;
		p.min_objects = old.min_objects = minobj;
		for (size = 8; size <= 70000; size += 8) {
			if (skl_slub_calculate_order(&p, size, NULL) !=
			    skl_slub_calculate_order_pre67(&old, size, NULL)) {
				if (!l2)
					l2 = size;
				h2 = size;
			}
		}
		if (l2 != 10928 || h2 != 12280) {
			printf("min_objects %u: the algorithms differ for %u..%u\n", minobj, l2, h2);
			check_failures++;
		}
	}
	/* the profile's kernel version picks the algorithm */
	{
		skl_profile pr = prof618(2, 512);
		skl_slub_params q;
		CHECK_INT(skl_profile_set_kernel(&pr, "6.6", NULL), 0);
		skl_slub_params_init(&q, &pr, 0);
		CHECK_INT(q.pre67, 1);
		CHECK_INT(skl_profile_set_kernel(&pr, "6.7", NULL), 0);
		skl_slub_params_init(&q, &pr, 0);
		CHECK_INT(q.pre67, 0);
	}
}

/* ---- merging ---------------------------------------------------------------------- */

static void test_merge_rules(void)
{
	skl_slub_params p = params(2);
	char id[32];
	CHECK(skl_slub_merge_fits(&p, 192, 0, 0, 192, 0));
	CHECK(skl_slub_merge_fits(&p, 190, 0, 0, 192, 0));
	CHECK(!skl_slub_merge_fits(&p, 184, 0, 0, 192, 0)); /* 8 bytes of slack is too much */
	CHECK(!skl_slub_merge_fits(&p, 200, 0, 0, 192, 0));
	CHECK(skl_slub_merge_fits(&p, 160, 0, HW, 192, 0)); /* 160 -> align 64 -> 192 */
	CHECK(!skl_slub_merge_fits(&p, 96, 64, 0, 96, 0));  /* 96 is not a multiple of 64 */
	CHECK(!skl_slub_merge_fits(&p, 192, 0, SKL_SLAB_ACCOUNT, 192, 0));
	CHECK(skl_slub_merge_fits(&p, 192, 0, SKL_SLAB_ACCOUNT, 192, SKL_SLAB_ACCOUNT));
	CHECK(!skl_slub_merge_fits(&p, 192, 0, SKL_SLAB_RECLAIM_ACCOUNT, 192, SKL_SLAB_ACCOUNT));
	CHECK(skl_slub_merge_blocker(0, 1) != NULL);
	CHECK(skl_slub_merge_blocker(RCU, 0) != NULL);
	CHECK(skl_slub_merge_blocker(SKL_SLAB_RED_ZONE, 0) != NULL);
	CHECK(skl_slub_merge_blocker(SKL_SLAB_NO_MERGE, 0) != NULL);
	CHECK(skl_slub_merge_blocker(SKL_SLAB_CONSISTENCY | HW | SKL_SLAB_ACCOUNT, 0) == NULL);
	skl_slub_unique_id(&p, id, sizeof(id), SKL_SLAB_ACCOUNT, 192);
	CHECK_STR(id, ":A-0000192");
	skl_slub_unique_id(&p, id, sizeof(id), 0, 24);
	CHECK_STR(id, ":0000024");
	skl_slub_unique_id(&p, id, sizeof(id), SKL_SLAB_RECLAIM_ACCOUNT, 4232);
	CHECK_STR(id, ":a-0004232");
	skl_slub_unique_id(&p, id, sizeof(id), SKL_SLAB_CACHE_DMA | SKL_SLAB_CONSISTENCY | SKL_SLAB_ACCOUNT, 1024);
	CHECK_STR(id, ":dFA-0001024");
}

/* ---- a machine ------------------------------------------------------------------------ */

static skl_kernel *machine_new(unsigned cpus, unsigned ram_mb, const char *debug, skl_events *log)
{
	static skl_profile pr;
	skl_kernel_opts o;
	skl_error err;
	skl_kernel *k;
	pr = prof618(cpus, ram_mb);
	memset(&o, 0, sizeof(o));
	o.profile = &pr;
	o.slub_debug = debug;
	o.log = log;
	k = skl_kernel_new(&o, &err);
	if (!k && !quiet)
		printf("skl_kernel_new: %s\n", err.msg);
	return k;
}

static void check_golden(const char *name, const char *got)
{
	check_failures += skl_test_golden(golden_dir, name, got);
}

static void slabinfo_text(skl_kernel *k, skl_buf *b)
{
	skl_sink s = skl_buf_sink(b);
	skl_slabinfo_write(k, &s);
}

static uint64_t rd64(skl_kernel *k, skl_addr a)
{
	const uint8_t *b = skl_kernel_bytes(k, a, 8);
	uint64_t v = 0;
	int i;
	for (i = 7; b && i >= 0; i--)
		v = (v << 8) | b[i];
	return v;
}

/* ---- 2.6.31's own SLUB --------------------------------------------------------------- */

/* One cache's 2.6.31 geometry as mm/slub.c of 2.6.31 computes it. */
typedef struct row2631 {
	const char *name;
	unsigned size, align, flags, debug;
	int ctor;
	unsigned want_size, want_offset, want_inuse, want_order, want_objs, want_min_partial;
} row2631;

static void test_era2631(void)
{
	skl_profile pr = skl_test_profile("2.6.31", "x86_64", "slub", 64, 2, (uint64_t)512 << 20);
	skl_slub_params p, p6 = params(2);
	skl_slub_geom g;
	skl_cache_opts o;
	skl_error err;
	char id[32];
	unsigned i;
	/*
	 * Worked by hand from Linux 2.6.31 mm/slub.c: kmem_cache_open() (line
	 * 2441) sets s->offset 0 by its memset, calculate_sizes() (line 2322)
	 * rounds to a word, adds a word of red zone when the object fills its
	 * words, moves the free pointer after the object only for
	 * SLAB_DESTROY_BY_RCU, SLAB_POISON or a ctor (line 2369), adds two
	 * 24-byte struct tracks (line 181: addr, cpu, pid, when) for
	 * STORE_USER and one word of padding for RED_ZONE, then aligns to
	 * calculate_alignment(flags, align, objsize) (line 2027);
	 * create_kmalloc_cache() (line 2670) passes ARCH_KMALLOC_MINALIGN, 8;
	 * set_min_partial(s, ilog2(s->size)) (line 2460) clamps to MIN_PARTIAL
	 * 5 .. MAX_PARTIAL 10 (lines 131, 138). calculate_order() (line 1974):
	 * min_objects 4 * (fls(2) + 1) = 12, waste <= 1/16.
	 */
	static const row2631 rows[] = {
	    /* kmalloc-64: 64 objects, the free pointer in word 0 (6.x: 32) */
	    {"kmalloc-64", 64, 0, KM, 0, 0, 64, 0, 64, 0, 64, 6},
	    /* slub_debug: 64 + 8 red zone = 72 = inuse, poison moves the free
	     * pointer to 72, + 8 = 80, + 2 * 24 tracks = 128, + 8 pad = 136,
	     * aligned to 8 (6.x: align 64, a 64-byte left red zone) */
	    {"kmalloc-64 FZPU", 64, 0, KM, 1, 0, 136, 72, 72, 0, 30, 7},
	    /* Z alone: the free pointer stays in word 0; 72 + 8 pad = 80 */
	    {"kmalloc-64 Z", 64, 0, KM, SKL_SLAB_RED_ZONE, 0, 80, 0, 72, 0, 51, 6},
	    /* U alone: 64 + 2 * 24 = 112 (6.x: two 32-byte tracks and orig_size) */
	    {"kmalloc-64 U", 64, 0, KM, SKL_SLAB_STORE_USER, 0, 112, 0, 64, 0, 36, 6},
	    /* a constructor: 100 -> 104, the free pointer after it, 112 */
	    {"ctor 100", 100, 0, 0, 0, 1, 112, 104, 104, 0, 36, 6},
	    /* SLAB_DESTROY_BY_RCU: 64, the free pointer at 64, 72 */
	    {"rcu 64", 64, 0, RCU, 0, 0, 72, 64, 64, 0, 56, 6},
	    /* RCU + HWCACHE_ALIGN: 1600 + 8 -> 1664; 12 objects need order 3,
	     * waste 1152 <= 2048; ilog2(1664) = 10 */
	    {"rcu hw 1600", 1600, 0, HW | RCU, 0, 0, 1664, 1600, 1600, 3, 19, 10},
	    /* min_partial clamped: ilog2(4104) = 12 -> MAX_PARTIAL 10 */
	    {"rcu 4096", 4096, 0, RCU, 0, 0, 4104, 4096, 4096, 3, 7, 10},
	    /* and from below: ilog2(8) = 3 -> MIN_PARTIAL 5 */
	    {"kmalloc-8", 8, 0, KM, 0, 0, 8, 0, 8, 0, 512, 5},
	};
	skl_slub_params_init(&p, &pr, 0);
	CHECK_INT(p.era, SKL_SLUB_ERA_2_6_31);
	CHECK_INT(p6.era, SKL_SLUB_ERA_6X);
	CHECK_INT(p.track_size, 24);
	CHECK_INT(p.max_objs_per_page, 65535);
	CHECK_INT(p.pre67, 1);
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const row2631 *r = &rows[i];
		memset(&o, 0, sizeof(o));
		o.flags = r->flags;
		o.align = r->align;
		o.ctor = r->ctor;
		if (skl_slub_geometry(&p, r->size, &o, skl_slub_debug_flags((int)r->debug), &g, &err) < 0) {
			printf("%s: geometry failed: %s\n", r->name, err.msg);
			check_failures++;
			continue;
		}
		if (g.size != r->want_size || g.offset != r->want_offset || g.inuse != r->want_inuse ||
		    g.order != r->want_order || g.objects != r->want_objs || g.min_partial != r->want_min_partial ||
		    g.red_left_pad != 0 || g.cpu_partial != 0 || g.cpu_partial_slabs != 0 || g.orig_size) {
			printf("2.6.31 %s: got size %u offset %u inuse %u order %u objs %u min_partial %u red_left_pad "
			       "%u cpu_partial %u; want %u %u %u %u %u %u 0 0\n",
			       r->name, g.size, g.offset, g.inuse, g.order, g.objects, g.min_partial, g.red_left_pad,
			       g.cpu_partial, r->want_size, r->want_offset, r->want_inuse, r->want_order, r->want_objs,
			       r->want_min_partial);
			check_failures++;
		}
		if (r->flags & KM)
			CHECK_INT(g.align, 8); /* ARCH_KMALLOC_MINALIGN, not the size */
		CHECK_INT(g.fp_rule, g.offset ? SKL_SLUB_FP_AFTER : SKL_SLUB_FP_WORD0);
	}
	/* the same kmalloc-64 on 6.18: the middle, ilog2(64) / 2 -> 5, 120 objects
	 * kept on a CPU's partial list, as 4 slabs of 64 half full */
	memset(&o, 0, sizeof(o));
	o.flags = KM;
	CHECK_INT(skl_slub_geometry(&p6, 64, &o, 0, &g, &err), 0);
	CHECK_INT(g.offset, 32);
	CHECK_INT(g.min_partial, 5);
	CHECK_INT(g.cpu_partial, 120);
	CHECK_INT(g.cpu_partial_slabs, 4); /* DIV_ROUND_UP(120 * 2, 64) */
	/* 2.6.31 has no freeptr_offset (6.12's struct kmem_cache_args) */
	memset(&o, 0, sizeof(o));
	o.flags = RCU;
	o.use_freeptr_offset = 1;
	o.freeptr_offset = 16;
	CHECK_INT(skl_slub_geometry(&p, 192, &o, 0, &g, &err), -1);
	CHECK(strstr(err.msg, "freeptr_offset") != NULL);
	/* create_unique_id() (line 4481): 't' while SLAB_NOTRACK is 0 */
	skl_slub_unique_id(&p, id, sizeof(id), 0, 64);
	CHECK_STR(id, ":t-0000064");
	skl_slub_unique_id(&p, id, sizeof(id), SKL_SLAB_RECLAIM_ACCOUNT, 4232);
	CHECK_STR(id, ":at-0004232");
}

/* A 2.6.31 machine runs on its own geometry: the free pointer of a free
 * kmalloc-64 object is its first word, and slub_debug's 24-byte tracks sit
 * after the free pointer. */
static void test_era2631_machine(void)
{
	static skl_profile pr;
	skl_kernel_opts ko;
	skl_error err;
	skl_kernel *k;
	skl_cache *c;
	skl_cache_info in;
	skl_addr a, b2;
	pr = skl_test_profile("2.6.31", "x86_64", "slub", 64, 2, (uint64_t)64 << 20);
	memset(&ko, 0, sizeof(ko));
	ko.profile = &pr;
	k = skl_kernel_new(&ko, &err);
	CHECK(k != NULL);
	if (!k)
		return;
	c = skl_kernel_find_cache(k, "kmalloc-64");
	CHECK(c != NULL);
	if (c) {
		skl_cache_get_info(c, &in);
		CHECK_INT(in.freeptr_offset, 0);
		CHECK_INT(in.size, 64);
		a = skl_cache_alloc(c, 0, &err);
		b2 = skl_cache_alloc(c, 0, &err);
		CHECK_INT(b2 - a, 64);
		CHECK_INT(skl_cache_free(c, a, &err), 0);
		CHECK_INT(skl_cache_free(c, b2, &err), 0);
		CHECK_INT(rd64(k, b2), a); /* word 0 of the freed object names the next free one */
	}
	skl_kernel_free(k);
	ko.slub_debug = "FZPU";
	k = skl_kernel_new(&ko, &err);
	CHECK(k != NULL);
	if (!k)
		return;
	c = skl_kernel_find_cache(k, "kmalloc-64");
	CHECK(c != NULL);
	if (c) {
		skl_cache_get_info(c, &in);
		CHECK_INT(in.size, 136);
		CHECK_INT(in.freeptr_offset, 72);
		CHECK_INT(in.red_left_pad, 0);
		a = skl_cache_alloc(c, 0, &err);
		CHECK(a != 0);
		CHECK_INT(skl_cache_free(c, a, &err), 0);
		CHECK_INT(skl_cache_free(c, a, &err), -1); /* the double free is reported */
		CHECK(strstr(err.msg, "already free") != NULL);
		/* one byte past the object: the right red zone, right after it */
		a = skl_cache_alloc(c, 0, &err);
		{
			uint8_t *rz = skl_kernel_bytes(k, a + 64, 8);
			CHECK(rz && rz[0] == 0xcc && rz[7] == 0xcc); /* SLUB_RED_ACTIVE */
			if (rz)
				rz[0] = 0x41;
		}
		CHECK_INT(skl_cache_free(c, a, &err), -1);
		CHECK(strstr(err.msg, "Redzone") != NULL);
	}
	skl_kernel_free(k);
}

/*
 * 2.6.31 mm/slub.c kmem_cache_init(): the kmalloc caches are named
 * kasprintf("kmalloc-%d", 1 << i), in bytes, and create_kmalloc_cache()
 * opens them with flags 0 and refcount 1: slab_unmergeable() lets other
 * caches merge into them. skbuff_head_cache (232, SLAB_HWCACHE_ALIGN:
 * find_mergeable() makes it 256) becomes an alias of kmalloc-256. On 6.18
 * the kmalloc caches carry SLAB_NO_MERGE (CONFIG_MEMCG) and it stays its own.
 */
static void test_era2631_caches(void)
{
	static skl_profile pr;
	skl_kernel_opts ko;
	skl_cache_opts o;
	skl_error err;
	skl_kernel *k;
	skl_cache *c, *kc;
	skl_cache_info in;
	unsigned long before = 0;
	int v;
	memset(&o, 0, sizeof(o));
	o.flags = SKL_SLAB_HWCACHE_ALIGN;
	for (v = 0; v < 2; v++) {
		pr = skl_test_profile(v ? "6.18" : "2.6.31", "x86_64", "slub", 64, 2, (uint64_t)64 << 20);
		memset(&ko, 0, sizeof(ko));
		ko.profile = &pr;
		k = skl_kernel_new(&ko, &err);
		CHECK(k != NULL);
		if (!k)
			return;
		CHECK((skl_kernel_find_cache(k, "kmalloc-2048") != NULL) == !v);
		CHECK((skl_kernel_find_cache(k, "kmalloc-8192") != NULL) == !v);
		CHECK((skl_kernel_find_cache(k, "kmalloc-2k") != NULL) == v);
		c = skl_cache_create(k, "skbuff_head_cache", 232, &o, &err);
		CHECK(c != NULL);
		if (c) {
			skl_cache_get_info(c, &in);
			CHECK_STR(in.alias_of, v ? "" : "kmalloc-256");
		}
		/* 2.6.31 without CONFIG_NUMA has no kmem_cache and no
		 * kmem_cache_node cache: kmem_cache_create() takes
		 * kmalloc(kmem_size), 232 + 2 CPUs * 8 = 248, from kmalloc-256 */
		CHECK((skl_kernel_find_cache(k, "kmem_cache") != NULL) == v);
		CHECK((skl_kernel_find_cache(k, "kmem_cache_node") != NULL) == v);
		kc = skl_kernel_find_cache(k, "kmalloc-256");
		if (!v && kc) {
			skl_cache_get_info(kc, &in);
			before = in.in_use;
		}
		/* 256 - 248 = 8 is a word of slack: find_mergeable() says no */
		c = skl_cache_create(k, "c248", 248, NULL, &err);
		CHECK(c != NULL);
		if (c) {
			skl_cache_get_info(c, &in);
			CHECK_STR(in.alias_of, "");
		}
		if (!v && kc && c) {
			skl_cache_get_info(kc, &in);
			CHECK_INT(in.in_use, before + 1);
			CHECK_INT(skl_cache_destroy(c, &err), 0); /* kmem_cache_release(): kfree(s) */
			skl_cache_get_info(kc, &in);
			CHECK_INT(in.in_use, before);
		}
		skl_kernel_free(k);
	}
	/* slub_debug=FZPU: SLUB_NEVER_MERGE on every cache, kmalloc ones too */
	pr = skl_test_profile("2.6.31", "x86_64", "slub", 64, 2, (uint64_t)64 << 20);
	memset(&ko, 0, sizeof(ko));
	ko.profile = &pr;
	ko.slub_debug = "FZPU";
	k = skl_kernel_new(&ko, &err);
	CHECK(k != NULL);
	if (!k)
		return;
	c = skl_cache_create(k, "skbuff_head_cache", 232, &o, &err);
	CHECK(c != NULL);
	if (c) {
		skl_cache_get_info(c, &in);
		CHECK_STR(in.alias_of, "");
	}
	skl_kernel_free(k);
}

/* ---- CONFIG_SLUB_CPU_PARTIAL --------------------------------------------------------- */

/* The slabs of c's snapshot on list l (1 node partial, 4 a CPU's partial). */
static int slabs_on(skl_kernel *k, const char *name, int l)
{
	skl_kernel_snap *snap = skl_kernel_snapshot(k);
	int i, j, n = 0;
	for (i = 0; snap && i < snap->ncaches; i++)
		if (!strcmp(snap->caches[i].info.name, name))
			for (j = 0; j < snap->caches[i].nslabs; j++)
				n += snap->caches[i].slabs[j].list == l;
	skl_kernel_snap_free(snap);
	return n;
}

/*
 * 6.18 mm/slub.c: a 1024-byte cache has set_cpu_partial()'s 24 objects,
 * slub_set_cpu_partial() DIV_ROUND_UP(24 * 2, 16) = 3 slabs. __slab_free()
 * puts a full slab's first free on this CPU's partial list
 * (put_cpu_partial(s, slab, 1)); the fourth finds the list at
 * cpu_partial_slabs and drains it to the node's tail (__put_partials()).
 * ___slab_alloc() takes the CPU's partial list before get_partial(), and
 * get_partial_node() brings slabs over until more than cpu_partial_slabs
 * / 2 (1) have come.
 */
static void test_cpu_partial(void)
{
	skl_events *log = skl_events_new(0);
	skl_kernel *k = machine_new(2, 64, NULL, log);
	skl_cache *c;
	skl_cache_info in;
	skl_error err;
	skl_addr obj[96], a;
	skl_buf b;
	skl_sink sk;
	int i;
	if (!k) {
		skl_events_free(log);
		check_failures++;
		return;
	}
	c = skl_cache_create(k, "cp1024", 1024, NULL, &err);
	CHECK(c != NULL);
	if (!c)
		goto out;
	skl_cache_get_info(c, &in);
	CHECK_INT(in.objs_per_slab, 16);
	CHECK_INT(in.cpu_partial, 24);
	CHECK_INT(in.cpu_partial_slabs, 3);
	for (i = 0; i < 96; i++) /* six full slabs, the sixth CPU 0's */
		obj[i] = skl_cache_alloc(c, 0, &err);
	/* one free in each of slabs 0, 1 and 2: onto CPU 0's partial list */
	for (i = 0; i < 3; i++)
		CHECK_INT(skl_cache_free(c, obj[16 * i], &err), 0);
	skl_cache_get_info(c, &in);
	CHECK_INT(in.slabs_cpu_partial, 3);
	CHECK_INT(in.cpu_partial_free, 3);
	CHECK_INT(slabs_on(k, "cp1024", 1), 0);
	CHECK_INT(in.active_objs, 96); /* slabinfo: nothing free on the node */
	CHECK_INT(in.in_use, 93);
	/* the fourth: the list is full, so 2, 1, 0 go to the node first */
	CHECK_INT(skl_cache_free(c, obj[48], &err), 0);
	skl_cache_get_info(c, &in);
	CHECK_INT(in.slabs_cpu_partial, 1);
	CHECK_INT(slabs_on(k, "cp1024", 1), 3);
	CHECK_INT(in.active_objs, 93); /* 96 less the node's 3 free */
	CHECK_INT(in.in_use, 92);
	/* the event log says where the slabs went */
	skl_buf_init(&b);
	sk = skl_buf_sink(&b);
	skl_events_dump(log, &sk);
	CHECK(b.data && strstr(b.data, "size=3 __put_partials: CPU 0's "
				       "partial list, 3 slabs, to the node") != NULL);
	CHECK(b.data && strstr(b.data, "put_cpu_partial: a free into a full slab puts it on CPU 0's") != NULL);
	skl_buf_free(&b);
	/* allocation: the CPU slab is exhausted, so the CPU's partial slab
	 * (3) comes first, before the node's */
	a = skl_cache_alloc(c, 0, &err);
	CHECK_INT(a, obj[48]);
	/* then the node: slab 2 becomes the CPU slab, 1 and 0 follow onto the
	 * CPU's partial list (2 > 3 / 2) */
	a = skl_cache_alloc(c, 0, &err);
	CHECK_INT(a, obj[32]);
	skl_cache_get_info(c, &in);
	CHECK_INT(in.slabs_cpu_partial, 2);
	CHECK_INT(slabs_on(k, "cp1024", 1), 0);
	CHECK_INT(slabs_on(k, "cp1024", 4), 2);
	a = skl_cache_alloc(c, 0, &err); /* slab 0, the partial list's newest */
	CHECK_INT(a, obj[0]);
	/* shrink flushes the CPU partial lists to the node (flush_cpu_slab()) */
	skl_cache_shrink(c);
	skl_cache_get_info(c, &in);
	CHECK_INT(in.slabs_cpu_partial, 0);
	CHECK_INT(slabs_on(k, "cp1024", 4), 0);
	/* a debug cache has none: kmem_cache_has_cpu_partial() is false */
	skl_kernel_free(k);
	skl_events_free(log);
	k = machine_new(2, 64, "F", NULL);
	if (!k) {
		check_failures++;
		return;
	}
	c = skl_cache_create(k, "cp1024", 1024, NULL, &err);
	CHECK(c != NULL);
	if (!c)
		goto out;
	for (i = 0; i < 32; i++)
		obj[i] = skl_cache_alloc(c, 0, &err);
	CHECK_INT(skl_cache_free(c, obj[0], &err), 0);
	skl_cache_get_info(c, &in);
	CHECK_INT(in.cpu_partial, 0);
	CHECK_INT(in.slabs_cpu_partial, 0);
	CHECK_INT(slabs_on(k, "cp1024", 1), 1);
out:
	skl_kernel_free(k);
}

/*
 * Frees from another CPU, one operation a row, on 6.18 with two CPUs and a
 * 1024-byte cache (16 objects a slab, cpu_partial_slabs 3). Setup: CPU 0
 * fills slab A (slots 0..15, full, on no list) and starts B (slot 16, B
 * its CPU slab); CPU 1 starts C (slot 17, C its CPU slab).
 *   do_slab_free(): only an object of this CPU's own c->slab goes on the
 *     CPU freelist (cpu_avail); any other goes to __slab_free().
 *   __slab_free(): into a frozen slab (another CPU's CPU slab, or a slab
 *     on some CPU's partial list) the object goes on slab->freelist and no
 *     list changes ("was_frozen"); into a full slab, the slab goes on the
 *     freeing CPU's partial list (put_cpu_partial(s, slab, 1)).
 *   ___slab_alloc(): an empty CPU freelist takes the CPU slab's own
 *     freelist first (get_freelist(): the remote frees come home), then
 *     the CPU's partial list (slub_percpu_partial()), then the node's.
 * slabinfo's active_objs is total less the node partial slabs' free
 * objects: the remote frees, the CPU freelists and the CPU partial slabs'
 * free objects all count as active; in_use does not.
 */
typedef struct remote_row {
	unsigned cpu;
	char op;	   /* 'a' alloc n objects into slots slot.., 'f' free slot, 's' shrink */
	int slot, n, same; /* same: the slot whose (freed) address the alloc must return, -1 none */
	unsigned avail[2]; /* cpu_avail of CPU 0 and CPU 1 after the row */
	unsigned in_use, active, cpu_partial_slabs, cpu_partial_free, node_partial;
} remote_row;

static const remote_row remote_rows[] = {
    /* remote free into CPU 1's CPU slab C: C's own freelist, nobody's cpu_avail */
    {0, 'f', 17, 0, -1, {15, 15}, 17, 48, 0, 0, 0},
    /* and into CPU 0's B from CPU 1 */
    {1, 'f', 16, 0, -1, {15, 15}, 16, 48, 0, 0, 0},
    /* a free from CPU 1 into A, full and CPU 0's before: onto CPU 1's partial list */
    {1, 'f', 1, 0, -1, {15, 15}, 15, 48, 1, 1, 0},
    /* CPU 0 frees into A, on CPU 1's partial list: slab->freelist, no list change */
    {0, 'f', 2, 0, -1, {15, 15}, 14, 48, 1, 2, 0},
    /* CPU 1 empties its CPU freelist: 15 from C */
    {1, 'a', 18, 15, -1, {15, 0}, 29, 48, 1, 2, 0},
    /* then takes C's own freelist: the object CPU 0 freed comes back to C's owner */
    {1, 'a', 33, 1, 17, {15, 0}, 30, 48, 1, 2, 0},
    /* C is exhausted: deactivated (full), and A from CPU 1's partial list
     * becomes its CPU slab, slot 2's free (the newest) first */
    {1, 'a', 34, 1, 2, {15, 1}, 31, 48, 0, 0, 0},
    /* CPU 0 frees into C, now full and nobody's: onto CPU 0's partial list */
    {0, 'f', 18, 0, -1, {15, 1}, 30, 48, 1, 1, 0},
};

static skl_addr slot_addr[64];

static void test_remote_free_on(int model)
{
	skl_cachesim_level lv[1] = {{"L1d", 32768, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 4}};
	skl_cachesim_config cfg = {lv, 1, 200, 0, NULL};
	skl_cachesim *h = NULL;
	skl_events *log = skl_events_new(0);
	skl_kernel *k = machine_new(2, 64, NULL, log);
	skl_cache *c;
	skl_cache_info in;
	skl_error err;
	size_t r;
	int i;
	skl_buf b;
	skl_sink sk;
	if (!k) {
		skl_events_free(log);
		check_failures++;
		return;
	}
	/* with a cache model every operation takes the full path
	 * (free_to_slab()), without one the fast path (skl__slub_free_fast()) */
	if (model && (!(h = skl_cachesim_new(&cfg, &err)) || skl_kernel_set_cachesim(k, h, NULL) < 0))
		check_failures++;
	c = skl_cache_create(k, "rf1024", 1024, NULL, &err);
	CHECK(c != NULL);
	if (!c)
		goto out;
	for (i = 0; i < 17; i++)
		slot_addr[i] = skl_cache_alloc(c, 0, &err);
	CHECK_INT(skl_kernel_set_cpu(k, 1), 0);
	slot_addr[17] = skl_cache_alloc(c, 0, &err);
	skl_cache_get_info(c, &in);
	CHECK_INT(in.num_slabs, 3);
	CHECK_INT(in.cpu_avail, 15);
	CHECK_INT(in.in_use, 18);
	for (r = 0; r < sizeof(remote_rows) / sizeof(remote_rows[0]); r++) {
		const remote_row *w = &remote_rows[r];
		unsigned cpu;
		CHECK_INT(skl_kernel_set_cpu(k, w->cpu), 0);
		if (w->op == 'f') {
			CHECK_INT(skl_cache_free(c, slot_addr[w->slot], &err), 0);
		} else {
			for (i = 0; i < w->n; i++) {
				skl_addr a = skl_cache_alloc(c, 0, &err);
				CHECK(a != 0);
				if (w->same >= 0 && a != slot_addr[w->same]) {
					printf("model %d row %zu: CPU %u's allocation is %#llx, not slot %d's %#llx\n",
					       model, r, w->cpu, (unsigned long long)a, w->same,
					       (unsigned long long)slot_addr[w->same]);
					check_failures++;
				}
				slot_addr[w->slot + i] = a;
			}
		}
		for (cpu = 0; cpu < 2; cpu++) {
			skl_kernel_set_cpu(k, cpu);
			skl_cache_get_info(c, &in);
			if (in.cpu_avail != w->avail[cpu]) {
				printf("model %d row %zu: CPU %u's freelist holds %lu, expected %u\n", model, r, cpu,
				       in.cpu_avail, w->avail[cpu]);
				check_failures++;
			}
		}
		if (in.in_use != w->in_use || in.active_objs != w->active ||
		    in.slabs_cpu_partial != w->cpu_partial_slabs || in.cpu_partial_free != w->cpu_partial_free ||
		    slabs_on(k, "rf1024", 1) != (int)w->node_partial) {
			printf(
			    "row %zu: in_use %lu active %lu cpu partial %lu/%lu node partial %d, expected %u %u %u/%u "
			    "%u\n",
			    r, in.in_use, in.active_objs, in.slabs_cpu_partial, in.cpu_partial_free,
			    slabs_on(k, "rf1024", 1), w->in_use, w->active, w->cpu_partial_slabs, w->cpu_partial_free,
			    w->node_partial);
			check_failures++;
		}
	}
	/* the log names the freeing CPU's partial list, and each free's CPU */
	skl_buf_init(&b);
	sk = skl_buf_sink(&b);
	skl_events_dump(log, &sk);
	CHECK(b.data && strstr(b.data, "put_cpu_partial: a free into a full slab puts it on CPU 1's") != NULL);
	CHECK(b.data && strstr(b.data, "put_cpu_partial: a free into a full slab puts it on CPU 0's") != NULL);
	CHECK(b.data && strstr(b.data, "free     rf1024 addr=") != NULL && strstr(b.data, " cpu=1") != NULL);
	skl_buf_free(&b);
	/* flush_all(): every CPU slab and CPU partial list back to the node;
	 * then every free object is on a node list and slabinfo agrees with in_use */
	skl_cache_shrink(c);
	skl_cache_get_info(c, &in);
	CHECK_INT(in.slabs_cpu_partial, 0);
	CHECK_INT(in.cpu_avail, 0);
	CHECK_INT(in.active_objs, in.in_use);
	CHECK_INT(in.in_use, 30);
out:
	skl_kernel_free(k);
	skl_cachesim_free(h);
	skl_events_free(log);
}

static void test_remote_free(void)
{
	test_remote_free_on(0);
	test_remote_free_on(1);
}

/*
 * 6.18 sheaves, for vm_area_struct as the live 6.18 kernel has it
 * (sheaf_capacity 32): alloc_from_pcs() refills an empty main sheaf from the
 * slabs (refill_sheaf()) and pops the top; free_to_pcs() pushes, moving a
 * full main to the spare (an empty barn sheaf taking its place), and with
 * main and spare full, puts the main in the barn (barn_replace_full_sheaf()).
 * Objects in sheaves are allocated to their slabs: slabinfo counts them
 * active, in_use does not.
 */
static void test_sheaves(void)
{
	skl_kernel *k = machine_new(2, 64, NULL, NULL);
	skl_cache *c;
	skl_cache_info in;
	skl_cache_opts o;
	skl_error err;
	skl_addr obj[40], a;
	int i;
	if (!k) {
		check_failures++;
		return;
	}
	memset(&o, 0, sizeof(o));
	o.flags = HW | RCU;
	o.use_freeptr_offset = 1;
	o.freeptr_offset = 16;
	o.sheaf_capacity = 32;
	c = skl_cache_create(k, "vm_area_struct", 192, &o, &err);
	CHECK(c != NULL);
	if (!c)
		goto out;
	CHECK(skl_cache_create(k, "vma_twin", 192, &o, &err) != c); /* never merged */
	skl_cache_get_info(c, &in);
	CHECK_INT(in.sheaf_capacity, 32);
	CHECK_INT(in.objs_per_slab, 21);
	/* the first allocation fills a sheaf with 32 objects (two slabs) */
	obj[0] = skl_cache_alloc(c, 0, &err);
	skl_cache_get_info(c, &in);
	CHECK_INT(in.sheaf_objects, 31);
	CHECK_INT(in.in_use, 1);
	CHECK_INT(in.num_objs, 42);
	CHECK_INT(in.barn_empty, 1); /* the empty main it replaced */
	for (i = 1; i < 33; i++)     /* the 33rd empties it and refills the barn's */
		obj[i] = skl_cache_alloc(c, 0, &err);
	skl_cache_get_info(c, &in);
	CHECK_INT(in.sheaf_objects, 31);
	CHECK_INT(in.in_use, 33);
	for (i = 0; i < 33; i++) /* main fills, becomes the spare, an empty one fills */
		CHECK_INT(skl_cache_free(c, obj[i], &err), 0);
	skl_cache_get_info(c, &in);
	CHECK_INT(in.sheaf_objects, 64);
	CHECK_INT(in.in_use, 0);
	CHECK_INT(in.active_objs, in.num_objs); /* slabinfo: all allocated to their slabs */
	CHECK_INT(in.barn_empty, 0);
	CHECK_INT(skl_cache_free(c, obj[0], &err), -1); /* a double free into a sheaf is caught */
	/* CPU 1 fills its own sheaf; CPU 0 frees that object with main and spare full */
	CHECK_INT(skl_kernel_set_cpu(k, 1), 0);
	a = skl_cache_alloc(c, 0, &err);
	CHECK_INT(skl_kernel_set_cpu(k, 0), 0);
	CHECK_INT(skl_cache_free(c, a, &err), 0);
	skl_cache_get_info(c, &in);
	CHECK_INT(in.barn_full, 1);
	CHECK_INT(in.barn_empty, 0);
	CHECK_INT(in.sheaf_objects, 32 + 32 + 1 + 31);
	/* shrink flushes every sheaf back to the slabs */
	skl_cache_shrink(c);
	skl_cache_get_info(c, &in);
	CHECK_INT(in.sheaf_objects, 0);
	CHECK_INT(in.barn_full, 0);
	CHECK_INT(in.in_use, 0);
	CHECK_INT(skl_cache_destroy(c, &err), 0);
	/* no sheaves under slab_debug (do_kmem_cache_create()) */
	skl_kernel_free(k);
	k = machine_new(2, 64, "F", NULL);
	c = k ? skl_cache_create(k, "vm_area_struct", 192, &o, &err) : NULL;
	CHECK(c != NULL);
	if (c) {
		skl_cache_get_info(c, &in);
		CHECK_INT(in.sheaf_capacity, 0);
	}
out:
	skl_kernel_free(k);
}

/* ---- runtime: freelists, CPUs, slabinfo ---------------------------------------------- */

static void test_runtime(void)
{
	skl_events *log = skl_events_new(0);
	skl_kernel *k = machine_new(2, 64, NULL, log);
	skl_cache *tcp, *c64, *alias, *rcu, *ctor;
	skl_cache_opts o;
	skl_cache_info in;
	skl_error err;
	skl_addr obj[40], a;
	skl_buf b;
	skl_kernel_snap *snap;
	int i, j;
	if (!k) {
		check_failures++;
		return;
	}
	/* the boot caches and the kmalloc caches, newest first */
	skl_buf_init(&b);
	slabinfo_text(k, &b);
	check_golden("slabinfo-boot.txt", b.data);
	skl_buf_free(&b);
	CHECK(skl_kernel_find_cache(k, "kmalloc-96") != NULL);
	CHECK(skl_kernel_find_cache(k, "kmalloc-8k") != NULL);
	CHECK(skl_kmalloc_cache(k, 100) == skl_kernel_find_cache(k, "kmalloc-128"));
	CHECK(skl_kmalloc_cache(k, 150) == skl_kernel_find_cache(k, "kmalloc-192"));
	CHECK(skl_kmalloc_cache(k, 9000) == NULL);

	/* TCP: 2304 bytes, HWCACHE_ALIGN, TYPESAFE_BY_RCU */
	memset(&o, 0, sizeof(o));
	o.flags = HW | RCU;
	o.align = 64;
	tcp = skl_cache_create(k, "TCP", 2304, &o, &err);
	CHECK(tcp != NULL);
	if (!tcp)
		goto out;
	skl_cache_get_info(tcp, &in);
	CHECK_INT(in.size, 2368);
	CHECK_INT(in.order, 3);
	CHECK_INT(in.objs_per_slab, 13);
	CHECK_INT(in.freeptr_offset, 2304);

	/* a new slab: the free pointer of object i, at s->offset, holds the
	 * address of object i + 1 */
	for (i = 0; i < 20; i++)
		obj[i] = skl_cache_alloc(tcp, 0, &err);
	CHECK_INT(obj[1] - obj[0], 2368);
	CHECK_INT(rd64(k, obj[0] + 2304), obj[1]); /* stale, but still the pointer it was */
	skl_cache_get_info(tcp, &in);
	CHECK_INT(in.num_slabs, 2);
	CHECK_INT(in.num_objs, 26);
	CHECK_INT(in.active_objs, 26); /* CPU slabs count as active */
	/* free in the second slab (the CPU slab): onto the CPU freelist, LIFO */
	CHECK_INT(skl_cache_free(tcp, obj[15], &err), 0);
	CHECK_INT(skl_cache_free(tcp, obj[16], &err), 0);
	CHECK_INT(rd64(k, obj[16] + 2304), obj[15]);
	a = skl_cache_alloc(tcp, 0, &err);
	CHECK_INT(a, obj[16]);
	obj[16] = a;
	/* free in the first slab (full, not a CPU slab): CONFIG_SLUB_CPU_PARTIAL
	 * puts it on this CPU's partial list (put_cpu_partial()), not the
	 * node's, so slabinfo still counts its free object as active */
	CHECK_INT(skl_cache_free(tcp, obj[3], &err), 0);
	skl_cache_get_info(tcp, &in);
	CHECK_INT(in.active_objs, 26);
	CHECK_INT(in.in_use, 18); /* 26 = 18 in use + 7 on the CPU freelist + 1 on the CPU partial slab */
	CHECK_INT(in.cpu_partial, 24);
	CHECK_INT(in.cpu_partial_slabs, 4); /* DIV_ROUND_UP(24 * 2, 13) */
	CHECK_INT(in.slabs_cpu_partial, 1);
	CHECK_INT(in.cpu_partial_free, 1);

	/* CPU 1 gets its own slab (CPU 0's partial list is not its); frees
	 * from CPU 0 into it go to slab->freelist */
	CHECK_INT(skl_kernel_set_cpu(k, 1), 0);
	a = skl_cache_alloc(tcp, 0, &err); /* a third slab */
	CHECK(a != obj[3]);
	obj[3] = a;
	obj[20] = skl_cache_alloc(tcp, 0, &err);
	CHECK_INT(skl_kernel_set_cpu(k, 0), 0);
	CHECK_INT(skl_cache_free(tcp, obj[20], &err), 0);
	CHECK_INT(skl_kernel_set_cpu(k, 5), -1);

	snap = skl_kernel_snapshot(k);
	CHECK(snap != NULL);
	if (snap) {
		for (i = 0; i < snap->ncaches; i++) {
			skl_cache_snap *cs = &snap->caches[i];
			int cpu_slabs = 0, alloc = 0, cpu = 0, fre = 0;
			if (strcmp(cs->info.name, "TCP"))
				continue;
			CHECK_INT(cs->nslabs, 3);
			for (j = 0; j < cs->nslabs; j++) {
				unsigned x;
				cpu_slabs += cs->slabs[j].list == 3;
				for (x = 0; x < cs->slabs[j].nobjs; x++) {
					alloc += cs->slabs[j].state[x] == SKL_OS_ALLOC;
					cpu += cs->slabs[j].state[x] == SKL_OS_CPU;
					fre += cs->slabs[j].state[x] == SKL_OS_FREE;
					CHECK_INT(cs->slabs[j].bad[x], 0);
				}
			}
			/* A on CPU 0's partial list with obj[3]'s slot free, B CPU 0's
			 * with 7 free on its CPU freelist, C CPU 1's: 11 on CPU 1's
			 * freelist and the one CPU 0 freed on the slab's own freelist */
			CHECK_INT(cpu_slabs, 2);
			CHECK_INT(alloc, 12 + 6 + 1);
			CHECK_INT(cpu, 7 + 11);
			CHECK_INT(fre, 1 + 1);
			CHECK(strncmp(cs->slabinfo, "TCP ", 4) == 0);
		}
		skl_kernel_snap_free(snap);
	}
	/* locate */
	{
		int idx = -1;
		skl_addr start = 0;
		CHECK(skl_kernel_cache_of(k, obj[1] + 100, &idx, &start) == tcp);
		CHECK_INT(idx, 1);
		CHECK_INT(start, obj[1]);
	}

	/* a small cache: the free pointer sits in the middle of the object */
	memset(&o, 0, sizeof(o));
	c64 = skl_cache_create(k, "demo64", 64, &o, &err);
	CHECK(c64 != NULL);
	if (!c64)
		goto out;
	skl_cache_get_info(c64, &in);
	CHECK_INT(in.freeptr_offset, 32);
	for (i = 0; i < 3; i++)
		obj[i] = skl_cache_alloc(c64, 0, &err);
	CHECK_INT(rd64(k, obj[2] + 32), obj[2] + 64);

	/* merging: 60 bytes fit demo64's 64-byte objects */
	alias = skl_cache_create(k, "demo60", 60, &o, &err);
	CHECK(alias != NULL);
	if (alias) {
		skl_cache_get_info(alias, &in);
		CHECK_STR(in.alias_of, "demo64");
		CHECK_INT(in.size, 64);
		a = skl_cache_alloc(alias, 0, &err);
		CHECK_INT(a, obj[2] + 64);
		CHECK_INT(skl_cache_free(alias, a, &err), 0);
	}
	/* ... but not an RCU cache, one with a ctor, or a size 8 bytes off */
	o.flags = RCU;
	rcu = skl_cache_create(k, "demo64rcu", 64, &o, &err);
	CHECK(rcu != NULL);
	if (rcu) {
		skl_cache_get_info(rcu, &in);
		CHECK_STR(in.alias_of, "");
		CHECK_INT(in.size, 72);
	}
	memset(&o, 0, sizeof(o));
	o.ctor = 1;
	ctor = skl_cache_create(k, "demo64ctor", 64, &o, &err);
	if (ctor) {
		skl_cache_get_info(ctor, &in);
		CHECK_STR(in.alias_of, "");
	}
	memset(&o, 0, sizeof(o));
	alias = skl_cache_create(k, "demo56", 56, &o, &err);
	if (alias) {
		skl_cache_get_info(alias, &in);
		CHECK_STR(in.alias_of, "");
		CHECK_INT(in.size, 56);
	}

	/* shrink gives empty partial slabs back; destroy of an empty cache */
	for (i = 0; i < 3; i++)
		CHECK_INT(skl_cache_free(c64, obj[i], &err), 0);
	CHECK_INT(skl_cache_shrink(c64), 1);
	skl_cache_get_info(c64, &in);
	CHECK_INT(in.num_slabs, 0);

	skl_buf_init(&b);
	slabinfo_text(k, &b);
	check_golden("slabinfo-run.txt", b.data);
	skl_buf_free(&b);

	/* every event is in the log: a deterministic dump */
	skl_buf_init(&b);
	{
		skl_sink s = skl_buf_sink(&b);
		skl_events_dump(log, &s);
	}
	check_golden("events-run.txt", b.data);
	skl_buf_free(&b);

	/* destroying: the machine's own caches stay; a merged cache goes once
	 * every name that shares it is gone */
	CHECK_INT(skl_cache_destroy(skl_kernel_find_cache(k, "kmalloc-64"), &err), -1);
	CHECK(strstr(err.msg, "kmalloc-64") != NULL);
	alias = skl_kernel_find_cache(k, "demo60");
	CHECK(alias != NULL);
	CHECK_INT(skl_cache_destroy(c64, &err), -1); /* demo60 still uses it */
	if (alias)
		CHECK_INT(skl_cache_destroy(alias, &err), 0);
	CHECK_INT(skl_cache_destroy(c64, &err), 0);
	CHECK(skl_kernel_find_cache(k, "demo64") == NULL);
	/* shrink counts the slabs that deactivating the CPU slabs gave back too */
	memset(&o, 0, sizeof(o));
	c64 = skl_cache_create(k, "again64", 64, &o, &err);
	if (c64) {
		a = skl_cache_alloc(c64, 0, &err);
		CHECK_INT(skl_cache_free(c64, a, &err), 0);
		CHECK_INT(skl_cache_shrink(c64), 1);
		CHECK_INT(skl_cache_destroy(c64, &err), 0);
	}
out:
	skl_kernel_free(k);
	skl_events_free(log);
}

/* ---- debug reports ---------------------------------------------------------------------- */

/* The text of the last BUG event. */
static const char *last_bug(skl_events *log)
{
	int i;
	for (i = skl_events_count(log) - 1; i >= 0; i--) {
		const skl_event *e = skl_events_at(log, i);
		if (e->kind == SKL_EV_BUG)
			return e->text2;
	}
	return "";
}

static int nbugs(skl_events *log)
{
	int i, n = 0;
	for (i = 0; i < skl_events_count(log); i++)
		n += skl_events_at(log, i)->kind == SKL_EV_BUG;
	return n;
}

static void poke(skl_kernel *k, skl_addr a, uint8_t v)
{
	uint8_t *b = skl_kernel_bytes(k, a, 1);
	if (b)
		*b = v;
}

static void test_debug(void)
{
	skl_events *log = skl_events_new(0);
	skl_kernel *k = machine_new(2, 64, "FZPU", log);
	skl_cache *c, *other;
	skl_cache_opts o;
	skl_cache_info in;
	skl_error err;
	skl_addr p, q, r2;
	skl_buf all;
	int n;
	if (!k) {
		check_failures++;
		return;
	}
	skl_buf_init(&all);
	memset(&o, 0, sizeof(o));
	c = skl_cache_create(k, "demo", 56, &o, &err);
	other = skl_cache_create(k, "other", 100, &o, &err);
	CHECK(c && other);
	if (!c || !other)
		goto out;
	skl_cache_get_info(c, &in);
	/* 56 -> +8 right red zone -> free pointer -> 2 tracks -> pad -> left pad */
	CHECK_INT(in.inuse, 64);
	CHECK_INT(in.freeptr_offset, 64);
	CHECK_INT(in.red_left_pad, 8);
	CHECK_INT(in.size, 152);

	/* a fresh object: left red zone 0xcc, body 6b..a5, right red zone cc.
	 * The log's location stands for the caller the tracks name (_RET_IP_). */
	skl_events_set_where(log, "scenarios/demo.lua:10");
	p = skl_cache_alloc(c, 0, &err);
	{
		const uint8_t *b = skl_kernel_bytes(k, p - 8, 8 + 64);
		CHECK(b && b[0] == 0xcc && b[8] == 0x6b && b[8 + 55] == 0xa5 && b[8 + 56] == 0xcc);
	}
	/* 1. one byte past the object: Right Redzone overwritten at free */
	poke(k, p + 56, 0x00);
	n = nbugs(log);
	skl_events_set_where(log, "scenarios/demo.lua:12");
	CHECK_INT(skl_cache_free(c, p, &err), -1);
	CHECK_INT(nbugs(log), n + 1);
	CHECK(strstr(err.msg, "[Right Redzone overwritten]") == err.msg);
	CHECK(strstr(err.msg, "(a write past the 56 bytes of object") != NULL);
	skl_buf_printf(&all, "==== right red zone ====\n%s", last_bug(log));
	/* the object was not freed: freeing it again now works */
	CHECK_INT(skl_cache_free(c, p, &err), 0);

	/* 2. double free */
	skl_events_set_where(log, "scenarios/demo.lua:15");
	CHECK_INT(skl_cache_free(c, p, &err), -1);
	CHECK(strstr(err.msg, "Object already free (") != NULL);
	skl_buf_printf(&all, "==== double free ====\n%s", last_bug(log));

	/* 3. a pointer into the middle of an object */
	skl_events_set_where(log, "scenarios/demo.lua:18");
	q = skl_cache_alloc(c, 0, &err);
	CHECK_INT(skl_cache_free(c, q + 8, &err), -1);
	CHECK(strstr(err.msg, "Invalid object pointer") != NULL);
	skl_buf_printf(&all, "==== invalid pointer ====\n%s", last_bug(log));

	/* 4. use after free: poison damage found when the object is handed out again */
	CHECK_INT(skl_cache_free(c, q, &err), 0);
	poke(k, q + 10, 0x41);
	r2 = skl_cache_alloc(c, 0, &err);
	CHECK(r2 != 0);
	skl_buf_printf(&all, "==== use after free ====\n%s", last_bug(log));
	CHECK(strstr(last_bug(log), "[Poison overwritten]") != NULL);
	CHECK(strstr(last_bug(log), "FIX demo: Marking all objects used") != NULL);

	/* 5. the wrong cache, with no caller known: the track names the API
	 * function and has no stack */
	skl_events_set_where(log, "");
	p = skl_cache_alloc(other, 0, &err);
	CHECK_INT(skl_cache_free(c, p, &err), -1);
	skl_buf_printf(&all, "==== wrong cache ====\n%s", last_bug(log));
	CHECK_INT(skl_cache_free(other, p, &err), 0);

	/* 6. kfree of a page that is not a slab */
	{
		skl_addr pg = skl_pages_alloc(k, 0);
		CHECK_INT(skl_kfree(k, pg + 16, &err), -1);
		skl_buf_printf(&all, "==== kfree of a page ====\n%s", last_bug(log));
		skl_pages_free(k, pg, 0);
	}

	/* 7. destroy with an object left */
	p = skl_cache_alloc(other, 0, &err);
	CHECK_INT(skl_cache_destroy(other, &err), -1);
	skl_buf_printf(&all, "==== destroy ====\n%s", last_bug(log));
	CHECK_INT(skl_cache_free(other, p, &err), 0);
	CHECK_INT(skl_cache_destroy(other, &err), 0);

	/* 8. the snapshot marks damage without reporting it */
	p = skl_cache_alloc(c, 0, &err);
	poke(k, p - 1, 0x00);
	{
		skl_kernel_snap *s = skl_kernel_snapshot(k);
		int i, j, bad = 0;
		for (i = 0; s && i < s->ncaches; i++)
			for (j = 0; !strcmp(s->caches[i].info.name, "demo") && j < s->caches[i].nslabs; j++) {
				unsigned x;
				for (x = 0; x < s->caches[i].slabs[j].nobjs; x++)
					bad += s->caches[i].slabs[j].bad[x];
			}
		CHECK_INT(bad, 1);
		skl_kernel_snap_free(s);
	}
	CHECK_INT(skl_cache_free(c, p, &err), -1);
	CHECK(strstr(err.msg, "[Left Redzone overwritten]") == err.msg);

	/* 9. kmalloc(40) from kmalloc-64 with U: bytes 40..63 are the kmalloc
	 * red zone (orig_size), so a write at byte 40 is caught */
	{
		const uint8_t *b;
		skl_events_set_where(log, "scenarios/demo.lua:40");
		p = skl_kmalloc(k, 40, &err);
		CHECK(skl_kernel_cache_of(k, p, NULL, NULL) == skl_kernel_find_cache(k, "kmalloc-64"));
		b = skl_kernel_bytes(k, p, 64);
		CHECK(b && b[38] == 0x6b && b[39] == 0xa5 && b[40] == 0xcc && b[63] == 0xcc);
		poke(k, p + 40, 0x00);
		CHECK_INT(skl_kfree(k, p, &err), -1);
		CHECK(strstr(err.msg, "[kmalloc Redzone overwritten]") == err.msg);
		CHECK(strstr(err.msg, "(a write past the 40 bytes kmalloc() was asked for") != NULL);
		skl_buf_printf(&all, "==== kmalloc red zone ====\n%s", last_bug(log));
		CHECK_INT(skl_kfree(k, p, &err), 0);
	}

	/* 10. 2.6.31's print_track(): the caller and no stack (struct track kept
	 * addrs[] only from 3.2, a stack depot handle from 5.17) */
	{
		skl_profile p26 = prof618(1, 64);
		skl_kernel_opts o26;
		skl_kernel *k26;
		skl_addr x;
		skl_buf old;
		p26.version.major = 2;
		p26.version.minor = 6;
		p26.version.patch = 31;
		memset(&o26, 0, sizeof(o26));
		o26.profile = &p26;
		o26.slub_debug = "FZPU";
		o26.log = log;
		skl_buf_init(&old);
		k26 = skl_kernel_new(&o26, &err);
		CHECK(k26 != NULL);
		if (k26) {
			skl_events_set_where(log, "scenarios/old.lua:5");
			x = skl_kmalloc(k26, 40, &err);
			skl_events_set_where(log, "scenarios/old.lua:6");
			CHECK_INT(skl_kfree(k26, x, &err), 0);
			CHECK_INT(skl_kfree(k26, x, &err), -1);
			CHECK(strstr(last_bug(log), "\nINFO: Allocated in old.lua:5 age=") != NULL);
			CHECK(strstr(last_bug(log), "\nINFO: Freed in old.lua:6 age=1 cpu=0 pid=1\nINFO: Slab ") !=
			      NULL);
			CHECK(strstr(last_bug(log), "stack trace missing") == NULL);
			skl_buf_printf(&old, "==== double free ====\n%s", last_bug(log));
			/* 2.6.31 check_bytes_and_report(): "Redzone overwritten",
			 * the INFO line, the trailer, then restore_bytes() */
			skl_events_set_where(log, "scenarios/old.lua:8");
			x = skl_kmalloc(k26, 40, &err);
			{
				uint8_t *rz = skl_kernel_bytes(k26, x + 64, 1);
				if (rz)
					rz[0] = 0x41;
			}
			skl_events_set_where(log, "scenarios/old.lua:9");
			CHECK_INT(skl_kfree(k26, x, &err), -1);
			CHECK(strstr(last_bug(log), "BUG kmalloc-64: Redzone overwritten\n") != NULL);
			skl_buf_printf(&old, "==== right red zone ====\n%s", last_bug(log));
			skl_kernel_free(k26);
		}
		skl_events_set_where(log, "");
		check_golden("reports-2.6.31.txt", old.data);
		skl_buf_free(&old);
	}

	check_golden("reports-fzpu.txt", all.data);
	skl_buf_free(&all);
	skl_buf_init(&all);
	{
		skl_buf b;
		skl_buf_init(&b);
		slabinfo_text(k, &b);
		check_golden("slabinfo-fzpu.txt", b.data);
		skl_buf_free(&b);
	}
out:
	skl_buf_free(&all);
	skl_kernel_free(k);
	skl_events_free(log);

	/* without slab_debug: double frees and bad pointers are still caught,
	 * and a free pointer overwritten after the free is noticed */
	log = skl_events_new(0);
	k = machine_new(2, 64, NULL, log);
	if (!k) {
		check_failures++;
		return;
	}
	skl_buf_init(&all);
	memset(&o, 0, sizeof(o));
	c = skl_cache_create(k, "plain", 64, &o, &err);
	if (c) {
		p = skl_cache_alloc(c, 0, &err);
		q = skl_cache_alloc(c, 0, &err);
		CHECK_INT(skl_cache_free(c, p, &err), 0);
		CHECK_INT(skl_cache_free(c, p, &err), -1);
		skl_buf_printf(&all, "==== double free ====\n%s", last_bug(log));
		CHECK_INT(skl_cache_free(c, q, &err), 0);
		/* q heads the CPU freelist; its free pointer (offset 32) is overwritten */
		poke(k, q + 32, 0x41);
		r2 = skl_cache_alloc(c, 0, &err);
		CHECK_INT(r2, q);
		CHECK(strstr(last_bug(log), "Freechain corrupt") != NULL);
		skl_buf_printf(&all, "==== free pointer overwritten ====\n%s", last_bug(log));
		/* the allocator goes on: the rest of that chain is isolated */
		for (n = 0; n < 100; n++)
			CHECK(skl_cache_alloc(c, 0, &err) != 0);
		check_golden("reports-plain.txt", all.data);
	}
	skl_buf_free(&all);
	skl_kernel_free(k);
	skl_events_free(log);
}

/* ---- running out of memory ---------------------------------------------------------------- */

static void test_oom(void)
{
	skl_events *log = skl_events_new(0);
	skl_kernel *k = machine_new(1, 1, NULL, log);
	skl_cache *c;
	skl_cache_opts o;
	skl_cache_info in;
	skl_error err;
	skl_addr objs[400];
	int n = 0, i, oom = 0;
	if (!k) {
		check_failures++;
		return;
	}
	memset(&o, 0, sizeof(o));
	o.flags = HW;
	c = skl_cache_create(k, "big", 3000, &o, &err);
	CHECK(c != NULL);
	if (!c)
		goto out;
	skl_cache_get_info(c, &in);
	CHECK_INT(in.order, 3);
	while (n < 400) {
		skl_addr a = skl_cache_alloc(c, 1, &err);
		if (!a)
			break;
		objs[n++] = a;
	}
	CHECK(n > 0 && n < 400);
	CHECK(strstr(err.msg, "SLUB: Unable to allocate memory on node -1") == err.msg);
	for (i = 0; i < skl_events_count(log); i++)
		oom += skl_events_at(log, i)->kind == SKL_EV_OOM;
	CHECK(oom >= 1);
	/* order-3 blocks ran out before single pages did: s->min (order 1) slabs */
	skl_cache_get_info(c, &in);
	CHECK(in.num_objs > 0);
	{
		skl_kernel_snap *s = skl_kernel_snapshot(k);
		int j, order3 = 0, order0 = 0;
		for (i = 0; s && i < s->ncaches; i++)
			for (j = 0; !strcmp(s->caches[i].info.name, "big") && j < s->caches[i].nslabs; j++) {
				order3 += s->caches[i].slabs[j].pages == 8 && s->caches[i].slabs[j].nobjs == 10;
				order0 += s->caches[i].slabs[j].pages == 1 && s->caches[i].slabs[j].nobjs == 1;
			}
		CHECK(order3 > 0);
		CHECK(order0 > 0); /* allocate_slab() fell back to s->min */
		CHECK_INT(in.num_objs, (unsigned long)(order3 * 10 + order0));
		CHECK_INT(n, order3 * 10 + order0);
		skl_kernel_snap_free(s);
	}
	/* the machine stays usable: free everything and allocate again */
	for (i = 0; i < n; i++)
		CHECK_INT(skl_cache_free(c, objs[i], &err), 0);
	skl_cache_shrink(c);
	skl_cache_get_info(c, &in);
	CHECK_INT(in.num_slabs, 0);
	CHECK(skl_cache_alloc(c, 0, &err) != 0);
	CHECK(skl_kmalloc(k, 100, &err) != 0);
out:
	skl_kernel_free(k);
	skl_events_free(log);
}

/* ---- kmalloc above the largest class: kmalloc_large ------------------------------------ */

static const skl_event *last_event(skl_events *log, skl_event_kind kind)
{
	int i;
	for (i = skl_events_count(log) - 1; i >= 0; i--)
		if (skl_events_at(log, i)->kind == kind)
			return skl_events_at(log, i);
	return NULL;
}

/* 6.18 mm/slub.c __do_kmalloc_node(): size > KMALLOC_MAX_CACHE_SIZE (8192)
 * -> __kmalloc_large_node_noprof(): get_order(size) pages, the folio
 * marked large_kmalloc; kfree() -> free_large_kmalloc() frees the folio
 * virt_to_folio() finds; order > MAX_PAGE_ORDER (10) fails with NULL. */
static void test_kmalloc_large(void)
{
	skl_events *log = skl_events_new(0);
	skl_kernel *k = machine_new(1, 64, NULL, log);
	skl_kernel *tiny = NULL;
	const skl_event *e;
	skl_addr a, b, start = 0;
	uint64_t used, req = 0;
	skl_error err;
	if (!k) {
		check_failures++;
		goto out;
	}
	used = skl_kernel_ram_used(k);
	a = skl_kmalloc(k, 16000, &err);
	CHECK(a != 0 && (a & 4095) == 0);
	CHECK(skl_kernel_cache_of(k, a, NULL, NULL) == NULL);
	CHECK_INT(skl_kmalloc_large_of(k, a + 5000, &start, &req), 16384);
	CHECK(start == a);
	CHECK_INT(req, 16000);
	CHECK_INT(skl_kernel_ram_used(k) - used, 16384);
	e = last_event(log, SKL_EV_KMALLOC);
	CHECK(e && e->addr == a && e->size == 16000);
	CHECK_STR(e ? e->text : "", "kmalloc_large");
	CHECK_STR(e ? e->text2 : "", "order 2: 16384 bytes from the page allocator");
	/* the page allocator does not take kmalloc's pages back */
	skl_pages_free(k, a, 2);
	CHECK_INT(skl_kernel_ram_used(k) - used, 16384);
	/* a pointer into the third page frees the whole folio */
	CHECK_INT(skl_kfree(k, a + 8192 + 16, &err), 0);
	CHECK_INT(skl_kernel_ram_used(k), used);
	e = last_event(log, SKL_EV_KFREE);
	CHECK(e && e->addr == a + 8192 + 16 && e->size == 16384);
	CHECK_STR(e ? e->text2 : "", "order 2, a pointer 8208 bytes into it: the whole block goes");
	CHECK_INT(skl_kmalloc_large_of(k, a, NULL, NULL), 0);
	/* kfree again: the page is no large kmalloc any more (6.18's WARN and dump_page) */
	CHECK_INT(skl_kfree(k, a, &err), -1);
	CHECK(strstr(last_bug(log), "page dumped because: Not a kmalloc allocation") != NULL);

	/* KMALLOC_MAX_CACHE_SIZE is the last slab size; one byte more is order 2 */
	b = skl_kmalloc(k, 8192, &err);
	CHECK(skl_kernel_cache_of(k, b, NULL, NULL) == skl_kernel_find_cache(k, "kmalloc-8k"));
	CHECK_INT(skl_kfree(k, b, &err), 0);
	used = skl_kernel_ram_used(k); /* kmalloc-8k keeps its slab */
	b = skl_kmalloc(k, 8193, &err);
	CHECK_INT(skl_kmalloc_large_of(k, b, NULL, NULL), 16384);
	CHECK_INT(skl_kfree(k, b, &err), 0);

	/* KMALLOC_MAX_SIZE: 4 MiB is order 10, one byte more is refused */
	b = skl_kmalloc(k, 4u << 20, &err);
	CHECK_INT(skl_kmalloc_large_of(k, b, NULL, NULL), 4u << 20);
	CHECK_INT(skl_kfree(k, b, &err), 0);
	CHECK(skl_kmalloc(k, (4u << 20) + 1, &err) == 0);
	CHECK_STR(err.msg, "kmalloc(4194305): above KMALLOC_MAX_SIZE (4194304 bytes): order 11 is past MAX_PAGE_ORDER "
			   "10, __alloc_frozen_pages_noprof() warns once (WARN_ON_ONCE_GFP) and returns NULL");
	e = last_event(log, SKL_EV_KMALLOC);
	CHECK(e && e->addr == 0 && e->size == (4u << 20) + 1);
	CHECK_INT(skl_kernel_ram_used(k), used);

	/* a machine with 2 MiB has no order-10 block */
	tiny = machine_new(1, 2, NULL, log);
	CHECK(tiny != NULL);
	if (tiny) {
		CHECK(skl_kmalloc(tiny, 3u << 20, &err) == 0);
		CHECK_STR(err.msg, "kmalloc(3145728): kmalloc_large() needs 1024 pages (order 10) and the page "
				   "allocator has no free block that big (NULL)");
		e = last_event(log, SKL_EV_OOM);
		CHECK(e && !strcmp(e->text, "kmalloc_large"));
	}
out:
	skl_kernel_free(tiny);
	skl_kernel_free(k);
	skl_events_free(log);
}

/* ---- scribbling: random operations and random writes into slab memory --------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static unsigned rnd(unsigned n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return n ? (unsigned)(rng_state % n) : 0;
}

/* The allocator never crashes and its books stay balanced, whatever the
 * scenario writes where (free pointers included). */
static void chaos_run(const char *debug)
{
	skl_events *log = skl_events_new(0);
	skl_kernel *k = machine_new(2, 8, debug, log);
	skl_cache *cs[4];
	static const unsigned sizes[4] = {24, 200, 700, 3000};
	skl_addr live[4][256];
	int nlive[4] = {0, 0, 0, 0};
	skl_cache_opts o;
	skl_error err;
	int i, step;
	if (!k) {
		check_failures++;
		return;
	}
	memset(&o, 0, sizeof(o));
	for (i = 0; i < 4; i++) {
		char name[16];
		snprintf(name, sizeof(name), "chaos%d", i);
		o.flags = i == 2 ? RCU : 0;
		o.ctor = i == 3;
		cs[i] = skl_cache_create(k, name, sizes[i], &o, &err);
		CHECK(cs[i] != NULL);
		if (!cs[i])
			goto out;
	}
	for (step = 0; step < 20000; step++) {
		int c = (int)rnd(4), op = (int)rnd(100);
		if (op < 40 && nlive[c] < 256) {
			skl_addr a = skl_cache_alloc(cs[c], 0, &err);
			if (a)
				live[c][nlive[c]++] = a;
		} else if (op < 70 && nlive[c] > 0) {
			int j = (int)rnd((unsigned)nlive[c]);
			if (skl_cache_free(cs[c], live[c][j], &err) == 0)
				live[c][j] = live[c][--nlive[c]];
		} else if (op < 75 && nlive[c] > 0) {
			/* wrong cache, bad pointer, double free */
			int j = (int)rnd((unsigned)nlive[c]);
			skl_addr a = live[c][j];
			skl_cache_free(cs[(c + 1) % 4], a, &err);
			skl_cache_free(cs[c], a + 1 + rnd(16), &err);
			if (skl_cache_free(cs[c], a, &err) == 0) {
				live[c][j] = live[c][--nlive[c]];
				skl_cache_free(cs[c], a, &err);
			}
		} else if (op < 90 && nlive[c] > 0) {
			/* scribble near a live object: over its end, or into its
			 * neighbour (free pointers and red zones) */
			skl_addr a = live[c][rnd((unsigned)nlive[c])];
			uint8_t *b = skl_kernel_bytes(k, a + rnd(2 * sizes[c]), 8);
			if (b)
				memset(b, (int)rnd(256), 1 + rnd(8));
		} else if (op < 93) {
			skl_cache_shrink(cs[c]);
		} else if (op < 96) {
			skl_kernel_set_cpu(k, rnd(2));
		} else if (op < 97) {
			skl_kmalloc(k, 1 + rnd(9000), &err);
		} else {
			skl_kernel_snap *s = skl_kernel_snapshot(k);
			int x, y;
			/* the books: each cache's objects are its slabs' objects */
			for (x = 0; s && x < s->ncaches; x++) {
				unsigned long objs = 0;
				for (y = 0; y < s->caches[x].nslabs; y++)
					objs += s->caches[x].slabs[y].nobjs;
				if (objs != s->caches[x].info.num_objs) {
					printf("%s: slabs hold %lu objects, num_objs %lu\n", s->caches[x].info.name,
					       objs, s->caches[x].info.num_objs);
					check_failures++;
				}
			}
			skl_kernel_snap_free(s);
		}
	}
	if (getenv("SKLAB_TEST_VERBOSE")) {
		static const char *const kinds[] = {
		    "Object already free", "Invalid object pointer", "Wrong slab cache",
		    "Freechain corrupt",   "Freepointer corrupt",    "Poison overwritten",
		    "Redzone overwritten", "padding overwritten",    "Marking all objects"};
		unsigned x;
		for (x = 0; x < sizeof(kinds) / sizeof(kinds[0]); x++) {
			int e, cnt = 0;
			for (e = 0; e < skl_events_count(log); e++)
				cnt += skl_events_at(log, e)->kind == SKL_EV_BUG &&
				       strstr(skl_events_at(log, e)->text2, kinds[x]) != NULL;
			printf("chaos %s: %-24s %d\n", debug ? debug : "-", kinds[x], cnt);
		}
	}
	/* everything the scenario still holds can be freed, or is refused with
	 * a report; the machine then tears down cleanly */
	for (i = 0; i < 4; i++)
		while (nlive[i] > 0)
			skl_cache_free(cs[i], live[i][--nlive[i]], &err);
out:
	skl_kernel_free(k);
	skl_events_free(log);
}

static void test_chaos(void)
{
	chaos_run(NULL);
	chaos_run("FZPU");
	chaos_run("F");
	chaos_run("ZP");
}

/* ---- the fast paths against the full ones (tests/common/twin.h) ---------------------------- */

static void fastpath_run(const char *debug, uint64_t seed)
{
	static skl_profile pr;
	skl_twin_setup su;
	int i, fails;
	memset(&su, 0, sizeof(su));
	pr = prof618(2, 8);
	su.ko.profile = &pr;
	su.ko.slub_debug = debug;
	su.sizes[0] = 24, su.sizes[1] = 200, su.sizes[2] = 700, su.sizes[3] = 3000;
	for (i = 0; i < 4; i++) {
		su.opts[i].flags = i == 2 ? RCU : i == 1 ? SKL_SLAB_HWCACHE_ALIGN : 0;
		su.opts[i].ctor = i == 3;
	}
	su.cpus = 2;
	su.steps = 20000;
	fails = skl_twin_run(&su, seed);
	if (fails)
		check_failures++;
	else if (!quiet)
		printf("fastpath %s: %d steps, the same\n", debug ? debug : "-", su.steps);
}

static void test_fastpath(void)
{
	skl_kernel_opts ko;
	static skl_profile pr;
	pr = prof618(1, 64);
	memset(&ko, 0, sizeof(ko));
	ko.profile = &pr;
	if (skl_twin_gate(&ko))
		check_failures++;
	fastpath_run(NULL, 0x9e3779b97f4a7c15ull);
	fastpath_run(NULL, 0x243f6a8885a308d3ull);
	fastpath_run("F", 0x13198a2e03707344ull);
}

/* ---- which name an object came through (merged caches) ----------------------------------------- */

/* The snapshot of cache name in s, NULL when it has none. */
static const skl_cache_snap *snap_cache(const skl_kernel_snap *s, const char *name)
{
	int i;
	for (i = 0; s && i < s->ncaches; i++)
		if (!strcmp(s->caches[i].info.name, name))
			return &s->caches[i];
	return NULL;
}

/* What the snapshot of cache says about the object at a: -1 when no slab
 * holds it, else its via (0: the cache's own name); *state its state. */
static int snap_via(const skl_cache_snap *cs, unsigned slot_size, skl_addr a, int *state)
{
	int i;
	for (i = 0; cs && i < cs->nslabs; i++) {
		const skl_slab_snap *sl = &cs->slabs[i];
		if (a >= sl->s_mem && a < sl->s_mem + (uint64_t)sl->nobjs * slot_size) {
			unsigned x = (unsigned)((a - sl->s_mem) / slot_size);
			if (state)
				*state = sl->state[x];
			return sl->via ? sl->via[x] : 0;
		}
	}
	return -1;
}

static int via_of(skl_kernel *k, const char *cache, skl_addr a, int *state)
{
	skl_kernel_snap *s = skl_kernel_snapshot(k);
	const skl_cache_snap *cs = snap_cache(s, cache);
	int v = cs ? snap_via(cs, (unsigned)cs->info.size, a, state) : -2;
	skl_kernel_snap_free(s);
	return v;
}

/* Every object's via in every slab of cache, as one string ("0102..."):
 * what the fast and the full paths must agree on. */
static void via_string(skl_kernel *k, const char *cache, char *out, size_t outsz)
{
	skl_kernel_snap *s = skl_kernel_snapshot(k);
	const skl_cache_snap *cs = snap_cache(s, cache);
	size_t o = 0;
	int i;
	unsigned x;
	out[0] = 0;
	for (i = 0; cs && i < cs->nslabs; i++)
		for (x = 0; x < cs->slabs[i].nobjs && o + 4 < outsz; x++)
			o += (size_t)snprintf(out + o, outsz - o, "%c%d", "afc"[cs->slabs[i].state[x] % 3],
					      cs -> slabs[i].via ? cs->slabs[i].via[x] : 0);
	skl_kernel_snap_free(s);
}

static void test_via(void)
{
	skl_kernel *k = machine_new(1, 64, NULL, NULL);
	skl_cache *a, *b, *x, *y, *v[SKL_SNAP_VIA_NAMES + 2];
	skl_cache_opts o;
	skl_kernel_snap *s;
	const skl_cache_snap *cs;
	skl_addr obj[6], t;
	skl_error err;
	char name[32];
	int i, st = -1;
	if (!k) {
		check_failures++;
		return;
	}
	memset(&o, 0, sizeof(o));
	a = skl_cache_create(k, "sklab_a", 120, &o, &err);
	b = skl_cache_create(k, "sklab_b", 116, &o, &err);
	CHECK(a && b && b->alias_of == a);
	if (!a || !b || b->alias_of != a)
		goto out;
	/* the own name keeps its inline fast paths; the alias goes the way that records */
	CHECK(a->fast != NULL);
	CHECK(b->fast == NULL && b->via_slot == 1);
	for (i = 0; i < 6; i++)
		obj[i] = skl_cache_alloc(i % 2 ? b : a, 0, &err);
	s = skl_kernel_snapshot(k);
	cs = snap_cache(s, "sklab_a");
	CHECK(cs != NULL && snap_cache(s, "sklab_b") == NULL);
	if (cs) {
		CHECK_INT(cs->naliases, 1);
		CHECK_INT(cs->nvia_names, 1);
		CHECK_STR(cs->via_names[0], "sklab_b");
		CHECK_INT(cs->nslabs, 1);
		for (i = 0; i < 6; i++) {
			CHECK_INT(snap_via(cs, (unsigned)cs->info.size, obj[i], &st), i % 2);
			CHECK_INT(st, SKL_OS_ALLOC);
		}
		CHECK(cs->nslabs < 1 || cs->slabs[0].via == cs->slabs[0].state + cs->slabs[0].nobjs);
		CHECK_INT(cs->nslabs ? cs->slabs[0].inuse : 0, 6);
	}
	skl_kernel_snap_free(s);
	/* a free through the alias, one through the own name, one by kfree: each forgets it */
	CHECK_INT(skl_cache_free(b, obj[1], &err), 0);
	CHECK_INT(via_of(k, "sklab_a", obj[1], &st), 0);
	CHECK_INT(st, SKL_OS_CPU);
	CHECK_INT(skl_cache_free(a, obj[3], &err), 0);
	CHECK_INT(via_of(k, "sklab_a", obj[3], NULL), 0);
	CHECK_INT(skl_kfree(k, obj[5], &err), 0);
	CHECK_INT(via_of(k, "sklab_a", obj[5], NULL), 0);
	/* freeing twice is still a double free; a slot reused by the own name is its own */
	CHECK_INT(skl_cache_free(b, obj[1], &err), -1);
	t = skl_cache_alloc(a, 0, &err);
	CHECK(t == obj[5]); /* LIFO: the last one freed */
	CHECK_INT(via_of(k, "sklab_a", t, NULL), 0);
	/* the full paths record it too: a zeroing allocation */
	obj[1] = skl_cache_alloc(b, 1, &err);
	CHECK_INT(via_of(k, "sklab_a", obj[1], NULL), 1);
	/* the alias goes, its object stays: the name stays with it */
	CHECK_INT(skl_cache_destroy(b, &err), 0);
	s = skl_kernel_snapshot(k);
	cs = snap_cache(s, "sklab_a");
	CHECK(cs && cs->naliases == 0 && cs->nvia_names == 1 && !strcmp(cs->via_names[0], "sklab_b"));
	CHECK_INT(cs ? snap_via(cs, (unsigned)cs->info.size, obj[1], NULL) : -2, 1);
	skl_kernel_snap_free(s);
	/* a new alias takes a new slot while the old one is carried: live aliases list first */
	x = skl_cache_create(k, "sklab_x", 118, &o, &err);
	CHECK(x && x->alias_of == a && x->via_slot == 2);
	obj[3] = x ? skl_cache_alloc(x, 0, &err) : 0;
	s = skl_kernel_snapshot(k);
	cs = snap_cache(s, "sklab_a");
	CHECK(cs && cs->naliases == 1 && cs->nvia_names == 2);
	if (cs && cs->nvia_names == 2) {
		CHECK_STR(cs->via_names[0], "sklab_x");
		CHECK_STR(cs->via_names[1], "sklab_b");
		CHECK_INT(snap_via(cs, (unsigned)cs->info.size, obj[3], NULL), 1);
		CHECK_INT(snap_via(cs, (unsigned)cs->info.size, obj[1], NULL), 2);
	}
	skl_kernel_snap_free(s);
	/* once no object carries the destroyed alias's slot, a new alias reuses it */
	CHECK_INT(skl_cache_free(a, obj[1], &err), 0);
	y = skl_cache_create(k, "sklab_y", 117, &o, &err);
	CHECK(y && y->via_slot == 1);
	s = skl_kernel_snapshot(k);
	cs = snap_cache(s, "sklab_a");
	CHECK(cs && cs->naliases == 2 && cs->nvia_names == 2);
	if (cs && cs->nvia_names == 2) {
		CHECK_STR(cs->via_names[0], "sklab_x"); /* creation order, not slot order */
		CHECK_STR(cs->via_names[1], "sklab_y");
		CHECK_INT(snap_via(cs, (unsigned)cs->info.size, obj[3], NULL), 1);
	}
	skl_kernel_snap_free(s);
	/* more aliases than the snapshot names: the rest are counted, their objects unlisted */
	for (i = 0; i < SKL_SNAP_VIA_NAMES + 2; i++) {
		snprintf(name, sizeof(name), "sklab_v%d", i);
		v[i] = skl_cache_create(k, name, 113 + (unsigned)(i % 8), &o, &err);
		CHECK(v[i] && v[i]->alias_of == a);
	}
	t = v[SKL_SNAP_VIA_NAMES + 1] ? skl_cache_alloc(v[SKL_SNAP_VIA_NAMES + 1], 0, &err) : 0;
	s = skl_kernel_snapshot(k);
	cs = snap_cache(s, "sklab_a");
	CHECK(cs && cs->naliases == SKL_SNAP_VIA_NAMES + 4 && cs->nvia_names == SKL_SNAP_VIA_NAMES);
	CHECK_INT(cs ? snap_via(cs, (unsigned)cs->info.size, t, NULL) : -2, SKL_VIA_UNLISTED);
	CHECK_INT(cs ? snap_via(cs, (unsigned)cs->info.size, obj[3], NULL) : -2, 1);
	skl_kernel_snap_free(s);
out:
	skl_kernel_free(k);
}

/* The same operations, through the fast paths (no log) and the full ones
 * (a log): the same via records. Then a cache with every via slot taken:
 * the alias past them allocates unrecorded, at full speed. */
static void test_via_paths(void)
{
	skl_events *log = skl_events_new(0);
	skl_kernel *m[2] = {machine_new(2, 64, NULL, NULL), machine_new(2, 64, NULL, log)};
	skl_addr live[2][64];
	char got[2][4096];
	skl_error err;
	skl_cache_opts o;
	uint64_t rng = 0x2545f4914f6cdd1dull;
	int j, n;
	memset(&o, 0, sizeof(o));
	memset(live, 0, sizeof(live));
	for (j = 0; j < 2; j++) {
		skl_cache *c[3];
		if (!m[j]) {
			check_failures++;
			continue;
		}
		c[0] = skl_cache_create(m[j], "obj64", 64, &o, &err);
		c[1] = skl_cache_create(m[j], "obj60", 60, &o, &err);
		c[2] = skl_cache_create(m[j], "obj58", 58, &o, &err);
		CHECK(c[0] && c[1] && c[2] && c[1]->alias_of == c[0] && c[2]->alias_of == c[0]);
		if (!c[0] || !c[1] || !c[2])
			continue;
		rng = 0x2545f4914f6cdd1dull;
		for (n = 0; n < 4000; n++) {
			int i, h;
			rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
			i = (int)(rng % 64);
			h = (int)((rng >> 8) % 3);
			skl_kernel_set_cpu(m[j], (unsigned)((rng >> 16) & 1));
			if (!live[j][i]) {
				live[j][i] = skl_cache_alloc(c[h], 0, &err);
				continue;
			}
			if (((rng >> 20) & 3) == 0)
				CHECK_INT(skl_kfree(m[j], live[j][i], &err), 0);
			else
				CHECK_INT(skl_cache_free(c[h], live[j][i], &err), 0);
			live[j][i] = 0;
		}
		via_string(m[j], "obj64", got[j], sizeof(got[j]));
	}
	if (m[0] && m[1]) {
		CHECK(memcmp(live[0], live[1], sizeof(live[0])) == 0);
		CHECK_STR(got[0], got[1]);
		CHECK(strchr(got[0], '1') && strchr(got[0], '2')); /* both aliases left objects */
	}
	skl_kernel_free(m[0]);
	skl_kernel_free(m[1]);
	skl_events_free(log);

	/* SKL__VIA_MAX aliases take every slot */
	m[0] = machine_new(1, 64, NULL, NULL);
	if (m[0]) {
		skl_cache *r = skl_cache_create(m[0], "real", 64, &o, &err), *last = NULL;
		char name[32];
		skl_addr a;
		unsigned i;
		for (i = 0; r && i <= SKL__VIA_MAX; i++) {
			snprintf(name, sizeof(name), "alias%u", i);
			last = skl_cache_create(m[0], name, 60, &o, &err);
			CHECK(last && last->alias_of == r);
			CHECK(!last || last->via_slot == (i < SKL__VIA_MAX ? i + 1 : 0));
		}
		CHECK(last && last->fast != NULL);
		a = last ? skl_cache_alloc(last, 0, &err) : 0;
		CHECK_INT(via_of(m[0], "real", a, NULL), 0);
		skl_kernel_free(m[0]);
	}
}

/* ---- host allocation failure ------------------------------------------------------------------ */

/* a little of everything, debug reports included; 0 when all of it worked */
static int failure_scenario(const char *debug)
{
	skl_events *log = skl_events_new(0);
	skl_kernel *k = machine_new(2, 1, debug, log);
	skl_cache *c, *alias;
	skl_cache_opts o;
	skl_kernel_snap *s;
	skl_addr obj[40], m;
	skl_error err;
	skl_buf b;
	int i, rc = 0;
	if (!k) {
		skl_events_free(log);
		return -1;
	}
	memset(&o, 0, sizeof(o));
	o.flags = HW;
	c = skl_cache_create(k, "sock", 700, &o, &err);
	alias = skl_cache_create(k, "sock2", 700, &o, &err);
	if (!c || !alias)
		rc = -1;
	for (i = 0; c && i < 40; i++)
		if (!(obj[i] = skl_cache_alloc(c, 1, &err)))
			rc = -1;
	for (i = 0; c && i < 40; i += 2)
		if (obj[i] && skl_cache_free(c, obj[i], &err) < 0)
			rc = -1;
	if (alias) { /* merged without debug: a via record for the snapshot */
		if (!skl_cache_alloc(alias, 0, &err))
			rc = -1;
	}
	if (c && obj[1]) {
		skl_cache_free(c, obj[0], &err);     /* a double free: a report */
		skl_cache_free(c, obj[1] + 4, &err); /* a bad pointer: a report */
	}
	m = skl_kmalloc(k, 3000, &err);
	if (!m || skl_kfree(k, m, &err) < 0)
		rc = -1;
	s = skl_kernel_snapshot(k);
	if (!s)
		rc = -1;
	skl_kernel_snap_free(s);
	skl_buf_init(&b);
	slabinfo_text(k, &b);
	if (!b.data)
		rc = -1;
	skl_buf_free(&b);
	if (c) {
		skl_cache_shrink(c);
		if (skl_cache_destroy(c, &err) == 0) /* objects are left: it must refuse */
			rc = -1;
	}
	skl_kernel_free(k);
	skl_events_free(log);
	return rc;
}

static void test_alloc_failure(void)
{
	static const char *const debug[] = {NULL, "FZPU"};
	skl_fault f;
	int d;
	quiet = 1;
	for (d = 0; d < 2; d++) {
		long n;
		for (n = 0; n < 100000; n++) {
			int rc;
			skl_fault_arm(&f, n, SKL_FAULT_FROM);
			rc = failure_scenario(debug[d]);
			skl_fault_disarm();
			if (rc == 0 && f.calls < n) /* ran to the end without reaching the failure */
				break;
		}
		CHECK(n < 100000);
		CHECK(n > 50);
		CHECK(failure_scenario(debug[d]) == 0);
	}
	quiet = 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "geometry";
	if (argc > 2)
		golden_dir = argv[2];
	if (!strcmp(mode, "geometry"))
		test_geometry();
	else if (!strcmp(mode, "order"))
		test_order();
	else if (!strcmp(mode, "merge"))
		test_merge_rules();
	else if (!strcmp(mode, "runtime"))
		test_runtime();
	else if (!strcmp(mode, "debug"))
		test_debug();
	else if (!strcmp(mode, "oom"))
		test_oom();
	else if (!strcmp(mode, "kmalloc_large"))
		test_kmalloc_large();
	else if (!strcmp(mode, "allocfail"))
		test_alloc_failure();
	else if (!strcmp(mode, "chaos"))
		test_chaos();
	else if (!strcmp(mode, "fastpath"))
		test_fastpath();
	else if (!strcmp(mode, "remotefree"))
		test_remote_free();
	else if (!strcmp(mode, "cpupartial")) {
		test_cpu_partial();
		test_sheaves();
	} else if (!strcmp(mode, "era")) {
		test_era2631();
		test_era2631_machine();
		test_era2631_caches();
	} else if (!strcmp(mode, "via")) {
		test_via();
		test_via_paths();
	} else {
		printf("unknown mode %s\n", mode);
		return 2;
	}
	return check_done(mode);
}
