/*
 * test_kasan.c - the generic KASAN model: slot sizes, shadow, checks, bug
 * names, and three reports (a one-byte kmalloc overflow, a read after
 * free, a double free) against golden text; then a simulated machine
 * with KASAN's quarantine.
 *
 * usage: test_kasan GOLDEN_DIR   (SKLAB_UPDATE_GOLDEN=1 rewrites them)
 */
#include "check.h"
#include "profile.h"

#include "sklab/events.h"
#include "sklab/kasan.h"
#include "sklab/kernel.h"

#include <stdint.h>
#include <stdlib.h>

/* one order-0 slab of kmalloc-128 slots under KASAN: 256-byte slots */
#define BASE 0xffff888100a4d000ull
#define SLAB 4096u
#define SLOT 256u

typedef struct mem {
	uint8_t shadow[SLAB / SKL_KASAN_GRANULE];
} mem;

static int shadow_of(void *ud, uint64_t a)
{
	mem *m = ud;
	if (a < BASE || a >= BASE + SLAB)
		return SKL_KASAN_PAGE_FREE; /* the pages around are free */
	return m->shadow[(a - BASE) / SKL_KASAN_GRANULE];
}

static uint8_t *obj_shadow(mem *m, unsigned i)
{
	return m->shadow + i * SLOT / SKL_KASAN_GRANULE;
}

static void test_redzone(void)
{
	CHECK_INT(skl_kasan_optimal_redzone(1), 16);
	CHECK_INT(skl_kasan_optimal_redzone(48), 16);
	CHECK_INT(skl_kasan_optimal_redzone(49), 32);
	CHECK_INT(skl_kasan_optimal_redzone(96), 32);
	CHECK_INT(skl_kasan_optimal_redzone(97), 64);
	CHECK_INT(skl_kasan_optimal_redzone(448), 64);
	CHECK_INT(skl_kasan_optimal_redzone(449), 128);
	CHECK_INT(skl_kasan_optimal_redzone(3968), 128);
	CHECK_INT(skl_kasan_optimal_redzone(3969), 256);
	CHECK_INT(skl_kasan_optimal_redzone(16128), 256);
	CHECK_INT(skl_kasan_optimal_redzone(32256), 512);
	CHECK_INT(skl_kasan_optimal_redzone(64512), 1024);
	CHECK_INT(skl_kasan_optimal_redzone(64513), 2048);
}

static void test_cache_create(void)
{
	unsigned max = 4u << 20; /* KMALLOC_MAX_SIZE of x86_64: order 10 */
	unsigned size;
	skl_kasan_slot s;

	/* kmalloc-128: alloc meta after the object, free meta in it, then the
	 * 64-byte optimal red zone decides: 128 + 64 */
	size = 128;
	skl_kasan_cache_create(128, 0, 0, 0, 0, max, &size, &s);
	CHECK_INT(size, 192);
	CHECK_INT(s.alloc_meta_offset, 128);
	CHECK_INT(s.free_meta_offset, 0);
	CHECK_INT(s.redzone, 64);
	CHECK_INT(s.added, 64);

	/* kmalloc-8: free meta sticks 8 bytes out, alloc meta moves after it */
	size = 8;
	skl_kasan_cache_create(8, 0, 0, 0, 0, max, &size, &s);
	CHECK_INT(s.free_meta_offset, 0);
	CHECK_INT(s.alloc_meta_offset, 16);
	CHECK_INT(size, 32);

	/* the same under slub_debug: all of the free meta outside */
	size = 8;
	skl_kasan_cache_create(8, 0, 0, 1, 0, max, &size, &s);
	CHECK_INT(s.alloc_meta_offset, 8);
	CHECK_INT(s.free_meta_offset, 24);
	CHECK_INT(size, 40);

	/* kmalloc-128 under slub_debug=U on 6.13 and later: SLUB keeps the
	 * orig_size it checks the kmalloc red zone from, so KASAN's free meta
	 * goes after the alloc meta instead of into the object (generic.c,
	 * "3. It is from a kmalloc cache which enables the debug option to
	 * store original size"). A slot of 180 bytes so far. */
	size = 180;
	skl_kasan_cache_create(128, 0, 0, 1, 1, max, &size, &s);
	CHECK_INT(s.alloc_meta_offset, 180);
	CHECK_INT(s.free_meta_offset, 196);
	CHECK_INT(size, 212);
	/* the same before 6.13: free meta in the object */
	size = 180;
	skl_kasan_cache_create(128, 0, 0, 1, 0, max, &size, &s);
	CHECK_INT(s.free_meta_offset, 0);
	CHECK_INT(size, 196);

	/* an RCU cache (the free pointer already after the object): both metas
	 * outside, more than the optimal red zone */
	size = 2312; /* tcp_sock-like: 2304 + the free pointer */
	skl_kasan_cache_create(2304, 1, 0, 0, 0, max, &size, &s);
	CHECK_INT(s.alloc_meta_offset, 2312);
	CHECK_INT(s.free_meta_offset, 2328);
	CHECK_INT(size, 2304 + 128);

	/* a ctor cache whose metas outgrow the red zone */
	size = 48;
	skl_kasan_cache_create(40, 0, 1, 0, 0, max, &size, &s);
	CHECK_INT(s.alloc_meta_offset, 48);
	CHECK_INT(s.free_meta_offset, 64);
	CHECK_INT(size, 80);

	/* near KMALLOC_MAX_SIZE nothing fits: no metas, the red zone capped */
	size = max;
	skl_kasan_cache_create(max, 0, 0, 0, 0, max, &size, &s);
	CHECK_INT(s.alloc_meta_offset, 0);
	CHECK_INT(s.free_meta_offset, 0);
	CHECK_INT(size, max);
	size = max - 8;
	skl_kasan_cache_create(max - 8, 1, 0, 0, 0, max, &size, &s);
	CHECK_INT(s.alloc_meta_offset, 0);
	CHECK((unsigned)s.free_meta_offset == SKL_KASAN_NO_FREE_META);
	CHECK_INT(size, max);
}

static void test_shadow(mem *m)
{
	uint64_t o = BASE + SLOT, bad = 0;
	int g;
	skl_kasan_new_slab(m->shadow, SLAB);
	for (g = 0; g < (int)(SLAB / SKL_KASAN_GRANULE); g++)
		if (m->shadow[g] != SKL_KASAN_SLAB_REDZONE)
			break;
	CHECK_INT(g, SLAB / SKL_KASAN_GRANULE);
	CHECK_INT(skl_kasan_check(shadow_of, m, o, 1, &bad), 1);
	CHECK_STR(skl_kasan_bug_type(shadow_of, m, o), "slab-out-of-bounds");

	/* kmalloc(100) from kmalloc-128: 12 whole granules, 4 bytes, red zone */
	skl_kasan_alloc(obj_shadow(m, 1), 128, 100);
	for (g = 0; g < 12; g++)
		CHECK_INT(obj_shadow(m, 1)[g], 0);
	CHECK_INT(obj_shadow(m, 1)[12], 4);
	for (g = 13; g < 32; g++)
		CHECK_INT(obj_shadow(m, 1)[g], 0xfc);
	CHECK_INT(skl_kasan_alloc_size(shadow_of, m, o, 128), 100);
	CHECK_INT(skl_kasan_check(shadow_of, m, o, 100, &bad), 0);
	CHECK_INT(skl_kasan_check(shadow_of, m, o + 96, 4, &bad), 0);
	CHECK_INT(skl_kasan_check(shadow_of, m, o + 98, 4, &bad), 1);
	CHECK_INT(bad, o + 100);
	CHECK_INT(skl_kasan_check(shadow_of, m, o + 100, 1, &bad), 1);
	CHECK_INT(bad, o + 100);
	CHECK_STR(skl_kasan_bug_type(shadow_of, m, o + 100), "slab-out-of-bounds");
	CHECK_INT(skl_kasan_check(shadow_of, m, o - 1, 2, &bad), 1);
	CHECK_INT(bad, o - 1);
	/* a range that wraps the address space is bad at its start */
	CHECK_INT(skl_kasan_check(shadow_of, m, o, UINT64_MAX, &bad), 1);
	CHECK_INT(bad, o);

	/* kmem_cache_alloc() of a whole object, then a free */
	skl_kasan_alloc(obj_shadow(m, 2), 128, 128);
	CHECK_INT(skl_kasan_alloc_size(shadow_of, m, o + SLOT, 128), 128);
	skl_kasan_free(obj_shadow(m, 2), 128, 0, 1);
	CHECK_INT(obj_shadow(m, 2)[0], 0xfa);
	CHECK_INT(obj_shadow(m, 2)[1], 0xfb);
	CHECK_INT(obj_shadow(m, 2)[15], 0xfb);
	CHECK_INT(obj_shadow(m, 2)[16], 0xfc);
	CHECK_INT(skl_kasan_alloc_size(shadow_of, m, o + SLOT, 128), 0);
	CHECK_STR(skl_kasan_bug_type(shadow_of, m, o + SLOT + 8), "slab-use-after-free");
	CHECK_STR(skl_kasan_bug_type(shadow_of, m, o + SLOT), "slab-use-after-free");
	/* an RCU cache's object is left readable */
	skl_kasan_alloc(obj_shadow(m, 3), 128, 128);
	skl_kasan_free(obj_shadow(m, 3), 128, 1, 1);
	CHECK_INT(skl_kasan_check(shadow_of, m, o + 2 * SLOT, 128, &bad), 0);
	/* past the slab: free pages */
	CHECK_STR(skl_kasan_bug_type(shadow_of, m, BASE + SLAB), "use-after-free");
}

static int golden(const char *dir, const char *name, const skl_kasan_report *r)
{
	char path[4096];
	skl_buf b;
	skl_sink s;
	FILE *fp;
	char *want;
	long n;
	int ok;
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_kasan_report_write(r, &s);
	snprintf(path, sizeof(path), "%s/%s.txt", dir, name);
	if (getenv("SKLAB_UPDATE_GOLDEN")) {
		fp = fopen(path, "w");
		CHECK(fp != NULL);
		if (fp) {
			fputs(b.data, fp);
			fclose(fp);
		}
		skl_buf_free(&b);
		return 1;
	}
	fp = fopen(path, "rb");
	CHECK(fp != NULL);
	if (!fp) {
		skl_buf_free(&b);
		return 0;
	}
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	want = calloc(1, (size_t)n + 1);
	ok = want && fread(want, 1, (size_t)n, fp) == (size_t)n && strcmp(want, b.data) == 0;
	if (!ok)
		printf("%s differs; got:\n%s", path, b.data);
	CHECK(ok);
	free(want);
	fclose(fp);
	skl_buf_free(&b);
	return ok;
}

static void test_reports(mem *m, const char *dir)
{
	static const char *const trace[] = {"kmalloc_oob_right (kasan_oob.lua:12)", "do_one_initcall", "do_init_module",
					    "load_module", "__do_sys_finit_module"};
	static const char *const alloc[] = {"kasan_save_stack", "kasan_save_track", "__kasan_kmalloc",
					    "__kmalloc_cache_noprof", "kmalloc_oob_right (kasan_oob.lua:10)"};
	static const char *const freed[] = {"kasan_save_stack",
					    "kasan_save_track",
					    "kasan_save_free_info",
					    "__kasan_slab_free",
					    "kfree",
					    "kmalloc_uaf (kasan_oob.lua:20)"};
	uint64_t o = BASE + SLOT;
	skl_kasan_report r;

	memset(&r, 0, sizeof(r));
	r.kind = SKL_KASAN_ACCESS;
	r.addr = o + 100;
	r.size = 1;
	r.write = 1;
	r.ip = "kmalloc_oob_right";
	r.comm = "insmod";
	r.pid = 1;
	r.cpu = 0;
	r.release = "6.18.0";
	r.hardware = "sklab linux-6.18-x86_64 (simulated)";
	r.trace = trace;
	r.ntrace = 5;
	r.have_object = 1;
	r.object = o;
	r.cache = "kmalloc-128";
	r.object_size = 128;
	r.alloc_pid = 1;
	r.alloc_stack = alloc;
	r.nalloc = 5;
	r.pfn = (BASE - 0xffff888000000000ull) >> 12;
	r.ptr_hex = 16;
	/* dump_page(): the CPU slab of 16 objects, all taken (frozen, inuse 16,
	 * freelist NULL), off the lists (LIST_POISON1/2), its kmem_cache at
	 * 0xffff888100041280, refcount 1 and PGTY_slab */
	r.page_refcount = 1;
	r.page_type = 0xf5;
	r.nraw = 8;
	r.raw[0] = 0x200000000000000ull;
	r.raw[1] = 0xffff888100041280ull;
	r.raw[2] = 0xdead000000000100ull;
	r.raw[3] = 0xdead000000000122ull;
	r.raw[5] = 0x80100010ull;
	r.raw[6] = 0x00000001f5000000ull;
	r.shadow = shadow_of;
	r.ud = m;
	CHECK_STR(skl_kasan_report_bug(&r), "slab-out-of-bounds");
	golden(dir, "oob-write", &r);

	/* a read of 8 bytes at offset 8 of the freed object 2 */
	r.addr = o + SLOT + 8;
	r.size = 8;
	r.write = 0;
	r.ip = "kmalloc_uaf";
	r.object = o + SLOT;
	r.free_pid = 1;
	r.free_stack = freed;
	r.nfree = 6;
	CHECK_STR(skl_kasan_report_bug(&r), "slab-use-after-free");
	golden(dir, "uaf-read", &r);

	r.kind = SKL_KASAN_DOUBLE_FREE;
	r.addr = o + SLOT;
	r.ip = "kfree";
	CHECK_STR(skl_kasan_report_bug(&r), "double-free");
	golden(dir, "double-free", &r);
}

/* ---- the quarantine on a machine ---------------------------------------------------- */

static skl_kernel *kasan_machine(unsigned cpus, unsigned ram_mb, skl_events *log)
{
	static skl_profile pr;
	skl_kernel_opts o;
	skl_error err;
	skl_kernel *k;
	pr = skl_test_profile_618(cpus, (uint64_t)ram_mb << 20);
	memset(&o, 0, sizeof(o));
	o.profile = &pr;
	o.kasan = 1;
	o.log = log;
	k = skl_kernel_new(&o, &err);
	if (!k)
		printf("skl_kernel_new: %s\n", err.msg);
	return k;
}

static int count_events(const skl_events *log, skl_event_kind kind, const char *prefix)
{
	int i, n = 0;
	for (i = 0; i < skl_events_count(log); i++) {
		const skl_event *e = skl_events_at(log, i);
		if (e->kind == kind && (!prefix || (e->text2 && !strncmp(e->text2, prefix, strlen(prefix)))))
			n++;
	}
	return n;
}

static void test_quarantine(void)
{
	skl_events *log = skl_events_new(0);
	skl_kernel *k = kasan_machine(2, 512, log);
	skl_kasan_quarantine q;
	skl_addr a, b;
	skl_error err;
	const char *rep;
	CHECK(k != NULL);
	if (!k)
		return;
	/* mm/kasan/quarantine.c on 512 MiB and 2 CPUs: RAM / QUARANTINE_FRACTION
	 * (32) is 16 MiB, less QUARANTINE_PERCPU_SIZE (1 MiB) per CPU; batches
	 * of max(1 MiB, 2 * 16 MiB / QUARANTINE_BATCHES (1024)) */
	CHECK_INT(skl_kernel_kasan_quarantine(k, &q), 0);
	CHECK_INT(q.max_size, 14u << 20);
	CHECK_INT(q.batch_size, 1u << 20);
	CHECK_INT(q.percpu_size, 1u << 20);
	CHECK_INT(q.batches, 1024);

	/* kfree() then kmalloc() of the same size: without the quarantine SLUB
	 * hands the same object back (LIFO freelist); with it, a new one */
	a = skl_kmalloc(k, 100, &err);
	CHECK(a != 0);
	CHECK_INT(skl_kfree(k, a, &err), 0);
	CHECK_INT(skl_kernel_kasan_shadow(k, a), SKL_KASAN_SLAB_FREE_META);
	b = skl_kmalloc(k, 100, &err);
	CHECK(b != 0 && b != a);
	CHECK_INT(skl_kernel_kasan_quarantine(k, &q), 0);
	CHECK_INT(q.objects, 1);
	CHECK_INT(q.bytes, 256); /* kmalloc-128's slot under KASAN */
	CHECK_INT(q.cpu_bytes, 256);
	CHECK_INT(q.global_bytes, 0);
	CHECK_INT(count_events(log, SKL_EV_QUARANTINE, "put: cpu 0 queue 256 B"), 1);

	/* so the dangling pointer is still caught */
	CHECK_INT(skl_kernel_kasan_check(k, a + 8, 8, 0, "uaf_read", &err), -1);
	CHECK_STR(err.msg, "BUG: KASAN: slab-use-after-free in uaf_read");
	rep = skl_kernel_kasan_last(k);
	CHECK(rep && strstr(rep, "Freed by task 1:"));
	CHECK(rep && strstr(rep, " freed 100-byte region") == NULL); /* freed: the whole object */
	CHECK(rep && strstr(rep, "located 8 bytes inside of\n freed 128-byte region"));
	/* dump_page() of its slab, the CPU's: 16 slots, all taken (inuse 16,
	 * frozen), freelist NULL, off the lists, refcount 1 and PGTY_slab */
	CHECK(rep && strstr(rep, "page: refcount:1 mapcount:0 mapping:0000000000000000 index:0x0 pfn:0x"));
	CHECK(rep && strstr(rep, " dead000000000100 dead000000000122\n"
				 "raw: 0000000000000000 0000000080100010 00000001f5000000 0000000000000000\n"
				 "page dumped because: kasan: bad access detected\n"));
	/* and freeing it again is a double free */
	CHECK_INT(skl_kfree(k, a, &err), -1);
	CHECK_STR(err.msg, "BUG: KASAN: double-free in kfree");
	CHECK_INT(skl_kfree(k, b, &err), 0);
	skl_kernel_free(k);
	skl_events_free(log);

	/* 32 MiB and one CPU: RAM / 32 is 1 MiB, all of it the CPU's queue,
	 * so quarantine_max_size is 0 and the first batch goes back at the
	 * next allocation. 4096 slots of 256 bytes are 1 MiB; the 4097th
	 * passes QUARANTINE_PERCPU_SIZE and the queue moves. */
	log = skl_events_new(0);
	k = kasan_machine(1, 32, log);
	CHECK(k != NULL);
	if (!k)
		return;
	{
		static skl_addr objs[4097];
		int i;
		CHECK_INT(skl_kernel_kasan_quarantine(k, &q), 0);
		CHECK_INT(q.max_size, 0);
		for (i = 0; i < 4097; i++)
			objs[i] = skl_kmalloc(k, 100, &err);
		for (i = 0; i < 4096; i++)
			skl_kfree(k, objs[i], &err);
		CHECK_INT(skl_kernel_kasan_quarantine(k, &q), 0);
		CHECK_INT(q.objects, 4096);
		CHECK_INT(q.cpu_bytes, 1u << 20);
		CHECK_INT(q.global_bytes, 0);
		skl_kfree(k, objs[4096], &err);
		CHECK_INT(skl_kernel_kasan_quarantine(k, &q), 0);
		CHECK_INT(q.cpu_bytes, 0);
		CHECK_INT(q.global_bytes, (1u << 20) + 256);
		CHECK_INT(q.batches_used, 1);
		CHECK_INT(count_events(log, SKL_EV_QUARANTINE, "cpu 0 queue (1048832 B, past 1048576) moved"), 1);
		/* the next allocation reduces: the batch goes back to the slabs,
		 * still poisoned until reallocated */
		a = skl_kmalloc(k, 100, &err);
		CHECK(a != 0);
		CHECK_INT(skl_kernel_kasan_quarantine(k, &q), 0);
		CHECK_INT(q.objects, 0);
		CHECK_INT(q.released, 4097);
		CHECK_INT(count_events(log, SKL_EV_QUARANTINE, "released: global batch 0"), 4097);
		CHECK_INT(skl_kernel_kasan_shadow(k, objs[4096]), SKL_KASAN_SLAB_FREE_META);
		CHECK_INT(skl_kfree(k, a, &err), 0);
	}
	/* a slab of several pages: the head: line, and a tail page's raw
	 * words (its flags, compound_head = the head's struct page | 1) */
	{
		skl_cache_opts co;
		skl_cache *c;
		skl_addr o1, o2, o3;
		const char *rep2;
		memset(&co, 0, sizeof(co));
		c = skl_cache_create(k, "big", 2000, &co, &err);
		CHECK(c != NULL);
		if (c) {
			o1 = skl_cache_alloc(c, 0, &err);
			o2 = skl_cache_alloc(c, 0, &err);
			o3 = skl_cache_alloc(c, 0, &err);
			CHECK_INT(skl_cache_free(c, o3, &err), 0);
			CHECK_INT(skl_kernel_kasan_check(k, o3, 1, 1, "big_uaf", &err), -1);
			rep2 = skl_kernel_kasan_last(k);
			CHECK(rep2 &&
			      strstr(rep2, "\nhead: order:3 mapcount:0 entire_mapcount:0 pincount:0\nflags: 0x"));
			CHECK(rep2 &&
			      strstr(rep2, "(head|node=0|zone=2|lastcpupid=0x1fffff)\npage_type: f5(slab)\nraw: "));
			/* o3 lies in the slab's second page, but addr_to_page()
			 * is virt_to_head_page(): the head page is dumped, its
			 * pfn and its words (flags with head, then slab_cache) */
			CHECK(o3 - o1 >= 4096);
			{
				char want[64];
				snprintf(want, sizeof(want), "pfn:0x%llx\n",
					 (unsigned long long)((o1 & ~(skl_addr)0x7fff) - 0xffff888000000000ull) / 4096);
				CHECK(rep2 && strstr(rep2, want));
			}
			CHECK(rep2 && !strstr(rep2, "1 0000000000000000 0000000000000000\nraw: 0000000000000000 "));
			skl_cache_free(c, o1, &err);
			skl_cache_free(c, o2, &err);
		}
	}
	/* kmem_cache_shrink() and kmem_cache_destroy() empty the cache's part
	 * of the quarantine first (kasan_quarantine_remove_cache()) */
	{
		skl_cache_opts co;
		skl_cache *c;
		memset(&co, 0, sizeof(co));
		c = skl_cache_create(k, "qtest", 200, &co, &err);
		CHECK(c != NULL);
		if (c) {
			uint64_t before;
			CHECK_INT(skl_kernel_kasan_quarantine(k, &q), 0);
			before = q.objects;
			a = skl_cache_alloc(c, 0, &err);
			CHECK_INT(skl_cache_free(c, a, &err), 0);
			CHECK_INT(skl_kernel_kasan_quarantine(k, &q), 0);
			CHECK_INT(q.objects, before + 1);
			CHECK_INT(skl_cache_destroy(c, &err), 0);
			CHECK_INT(skl_kernel_kasan_quarantine(k, &q), 0);
			/* qtest's object went back before its slab was freed; the
			 * cache's own kmem_cache and kmem_cache_node go in */
			CHECK_INT(q.objects, before + 2);
			CHECK_INT(count_events(log, SKL_EV_QUARANTINE, "released: the cache is shrunk or destroyed"),
				  1);
		}
	}
	skl_kernel_free(k);
	skl_events_free(log);
}

/* Addresses without shadow: get_wild_bug_type() on the machine, the
 * report (the access and the stack, nothing else: print_report() without
 * metadata), and kasan_non_canonical_hook()'s line for inline builds. */
static void test_wild(const char *dir)
{
	static skl_profile pr;
	skl_kernel_opts o;
	skl_error err;
	skl_kernel *k;
	skl_buf b;
	skl_sink out;
	pr = skl_test_profile_618(2, 512ull << 20);
	memset(&o, 0, sizeof(o));
	o.profile = &pr;
	o.kasan = 1;
	k = skl_kernel_new(&o, &err);
	CHECK(k != NULL);
	if (!k)
		return;
	CHECK_INT(skl_kernel_kasan_check(k, 0x10, 8, 0, "null_deref", &err), -1);
	CHECK_STR(err.msg, "BUG: KASAN: null-ptr-deref in null_deref");
	{
		const char *rep = skl_kernel_kasan_last(k);
		const char *want_dir = dir;
		char path[4096];
		FILE *fp;
		snprintf(path, sizeof(path), "%s/null-ptr-deref.txt", want_dir);
		if (getenv("SKLAB_UPDATE_GOLDEN") && (fp = fopen(path, "w")) != NULL) {
			fputs(rep, fp);
			fclose(fp);
		} else {
			fp = fopen(path, "rb");
			CHECK(fp != NULL);
			if (fp) {
				static char want[8192];
				size_t n = fread(want, 1, sizeof(want) - 1, fp);
				want[n] = 0;
				fclose(fp);
				CHECK_STR(rep, want);
			}
		}
	}
	CHECK_INT(skl_kernel_kasan_check(k, 0x1000, 4, 1, "user_ptr", &err), -1);
	CHECK_STR(err.msg, "BUG: KASAN: user-memory-access in user_ptr");
	CHECK_INT(skl_kernel_kasan_check(k, 0x7ffffffff000ull, 1, 0, "past_task_size", &err), -1);
	CHECK_STR(err.msg, "BUG: KASAN: wild-memory-access in past_task_size");
	CHECK_INT(skl_kernel_kasan_check(k, 0xdead000000000100ull, 8, 0, "poison_ptr", &err), -1);
	CHECK_STR(err.msg, "BUG: KASAN: wild-memory-access in poison_ptr");
	/* the upper half has shadow (outside RAM the kernel maps a zero
	 * page of it): no report */
	CHECK_INT(skl_kernel_kasan_check(k, 0xffffc90000000000ull, 8, 0, "vmalloc_area", &err), 0);
	skl_kernel_free(k);

	CHECK_STR(skl_kasan_wild_bug_type(0, 4096, SKL_KASAN_X86_64_TASK_SIZE), "null-ptr-deref");
	CHECK_STR(skl_kasan_wild_bug_type(4095, 4096, SKL_KASAN_X86_64_TASK_SIZE), "null-ptr-deref");
	CHECK_STR(skl_kasan_wild_bug_type(4096, 4096, SKL_KASAN_X86_64_TASK_SIZE), "user-memory-access");

	/* NULL + 0x18 read inline: the shadow load at 0xdffffc0000000003 faults */
	skl_buf_init(&b);
	out = skl_buf_sink(&b);
	CHECK_INT(
	    skl_kasan_non_canonical(SKL_KASAN_SHADOW_OFFSET + (0x18 >> 3), 4096, SKL_KASAN_X86_64_TASK_SIZE, &out), 1);
	CHECK_INT(skl_kasan_non_canonical(SKL_KASAN_SHADOW_OFFSET + (0x7f0000001000ull >> 3), 4096,
					  SKL_KASAN_X86_64_TASK_SIZE, &out),
		  1);
	CHECK_INT(skl_kasan_non_canonical(0x1234, 4096, SKL_KASAN_X86_64_TASK_SIZE, &out), 0);
	CHECK_STR(b.data, "KASAN: null-ptr-deref in range [0x0000000000000018-0x000000000000001f]\n"
			  "KASAN: probably user-memory-access in range [0x00007f0000001000-0x00007f0000001007]\n");
	skl_buf_free(&b);
}

/* The 6.18 machine with slab_debug=U: kmalloc-128 keeps orig_size, so
 * its free meta is outside the object (6.13's rule). The slot so far:
 * 128 bytes (the free pointer in the middle), two 32-byte tracks and the
 * 4-byte orig_size, 196; the alloc meta at 196, the free meta at 212,
 * 228 bytes (more than 128 + optimal_redzone(128) = 192), aligned to the
 * cache's 128: 256. Before 6.13 the free meta sat at offset 0. */
static void test_orig_size_machine(void)
{
	static skl_profile pr;
	skl_kernel_opts o;
	skl_cache_info in;
	skl_error err;
	skl_kernel *k;
	skl_cache *c;
	pr = skl_test_profile_618(2, 512ull << 20);
	memset(&o, 0, sizeof(o));
	o.profile = &pr;
	o.kasan = 1;
	o.slub_debug = "U";
	k = skl_kernel_new(&o, &err);
	CHECK(k != NULL);
	if (!k)
		return;
	c = skl_kernel_find_cache(k, "kmalloc-128");
	CHECK(c != NULL);
	if (c) {
		skl_cache_get_info(c, &in);
		CHECK_INT(in.kasan_alloc_meta, 196);
		CHECK_INT(in.kasan_free_meta, 212);
		CHECK_INT(in.size, 256);
	}
	skl_kernel_free(k);
}

/* A report from the machine against golden text (dir/name.txt) */
static void golden_text(const char *dir, const char *name, const char *rep)
{
	char path[4096];
	FILE *fp;
	snprintf(path, sizeof(path), "%s/%s.txt", dir, name);
	CHECK(rep != NULL);
	if (!rep)
		return;
	if (getenv("SKLAB_UPDATE_GOLDEN")) {
		fp = fopen(path, "w");
		CHECK(fp != NULL);
		if (fp) {
			fputs(rep, fp);
			fclose(fp);
		}
		return;
	}
	fp = fopen(path, "rb");
	CHECK(fp != NULL);
	if (fp) {
		static char want[16384];
		size_t n = fread(want, 1, sizeof(want) - 1, fp);
		want[n] = 0;
		fclose(fp);
		CHECK_STR(rep, want);
	}
}

/* kmalloc(10000) on 6.18 with KASAN: kmalloc_large(), four pages (order 2)
 * from the page allocator. mm/kasan/common.c (6.x):
 * poison_kmalloc_large_redzone() leaves [ptr, ptr + 10000) accessible and
 * poisons [round_up(ptr + 10000, 8), ptr + 16384) KASAN_PAGE_REDZONE
 * (0xfe), which get_shadow_bug_type() (report_generic.c) names
 * "slab-out-of-bounds"; the freed pages are KASAN_PAGE_FREE (0xff):
 * "use-after-free". No slab, so print_address_description() prints no
 * object and no stacks, only the head page (addr_to_page() is
 * virt_to_head_page()). kfree(ptr + 16): check_page_allocation() reports
 * "invalid-free" (kasan_report_invalid_free()), and free_large_kmalloc()
 * frees the folio all the same. */
static void test_large(const char *dir)
{
	skl_events *log = skl_events_new(0);
	skl_kernel *k = kasan_machine(2, 512, log);
	skl_addr a, b;
	skl_error err;
	const char *rep;
	CHECK(k != NULL);
	if (!k)
		return;
	a = skl_kmalloc(k, 10000, &err);
	CHECK(a != 0);
	CHECK_INT(skl_kernel_kasan_shadow(k, a), 0);
	CHECK_INT(skl_kernel_kasan_shadow(k, a + 9992), 0);
	CHECK_INT(skl_kernel_kasan_shadow(k, a + 10000), SKL_KASAN_PAGE_REDZONE);
	CHECK_INT(skl_kernel_kasan_shadow(k, a + 16383), SKL_KASAN_PAGE_REDZONE);
	CHECK_INT(skl_kernel_kasan_check(k, a + 9999, 1, 0, "kmalloc_large_ok", &err), 0);
	CHECK_INT(skl_kernel_kasan_check(k, a + 10000, 1, 0, "kmalloc_large_oob_right", &err), -1);
	CHECK_STR(err.msg, "BUG: KASAN: slab-out-of-bounds in kmalloc_large_oob_right");
	rep = skl_kernel_kasan_last(k);
	CHECK(rep && strstr(rep, "The buggy address belongs to the object") == NULL);
	CHECK(rep && strstr(rep, "Allocated by task") == NULL);
	CHECK(rep && strstr(rep, "page_type: f8(large_kmalloc)\n"));
	golden_text(dir, "large-oob", rep);

	/* an odd size: the last granule holds 2 bytes */
	b = skl_kmalloc(k, 10002, &err);
	CHECK(b != 0);
	CHECK_INT(skl_kernel_kasan_shadow(k, b + 10000), 2);
	CHECK_INT(skl_kernel_kasan_shadow(k, b + 10008), SKL_KASAN_PAGE_REDZONE);
	CHECK_INT(skl_kernel_kasan_check(k, b + 10001, 1, 1, "odd_end", &err), 0);
	CHECK_INT(skl_kernel_kasan_check(k, b + 10002, 1, 1, "odd_end", &err), -1);
	CHECK_STR(err.msg, "BUG: KASAN: slab-out-of-bounds in odd_end");

	/* kfree(), then a read: the pages are free */
	CHECK_INT(skl_kfree(k, a, &err), 0);
	CHECK_INT(skl_kernel_kasan_shadow(k, a), SKL_KASAN_PAGE_FREE);
	CHECK_INT(skl_kernel_kasan_check(k, a + 8, 8, 0, "kmalloc_large_uaf", &err), -1);
	CHECK_STR(err.msg, "BUG: KASAN: use-after-free in kmalloc_large_uaf");
	rep = skl_kernel_kasan_last(k);
	CHECK(rep && strstr(rep, "page: refcount:0 "));
	CHECK(rep && strstr(rep, "Freed by task") == NULL);
	golden_text(dir, "large-uaf", rep);

	/* kfree() of a pointer into the block: reported, and the block goes */
	CHECK_INT(skl_kfree(k, b + 16, &err), -1);
	CHECK_STR(err.msg, "BUG: KASAN: invalid-free in kfree");
	rep = skl_kernel_kasan_last(k);
	CHECK(rep && strstr(rep, "Free of addr "));
	golden_text(dir, "large-invalid-free", rep);
	CHECK_INT(skl_kernel_kasan_shadow(k, b), SKL_KASAN_PAGE_FREE);
	CHECK(skl_kmalloc_large_of(k, b, NULL, NULL) == 0);
	skl_kernel_free(k);
	skl_events_free(log);
}

int main(int argc, char **argv)
{
	static mem m;
	if (argc < 2) {
		fprintf(stderr, "usage: test_kasan GOLDEN_DIR\n");
		return 2;
	}
	test_redzone();
	test_cache_create();
	test_shadow(&m);
	test_reports(&m, argv[1]);
	test_quarantine();
	test_orig_size_machine();
	test_wild(argv[1]);
	test_large(argv[1]);
	return check_done("test_kasan");
}
