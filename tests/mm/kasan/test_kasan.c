/*
 * test_kasan.c - the generic KASAN model: slot sizes, shadow, checks, bug
 * names, and three reports (a one-byte kmalloc overflow, a read after
 * free, a double free) against golden text.
 *
 * usage: test_kasan GOLDEN_DIR   (SKLAB_UPDATE_GOLDEN=1 rewrites them)
 */
#include "check.h"

#include "sklab/kasan.h"

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
	skl_kasan_cache_create(128, 0, 0, 0, max, &size, &s);
	CHECK_INT(size, 192);
	CHECK_INT(s.alloc_meta_offset, 128);
	CHECK_INT(s.free_meta_offset, 0);
	CHECK_INT(s.redzone, 64);
	CHECK_INT(s.added, 64);

	/* kmalloc-8: free meta sticks 8 bytes out, alloc meta moves after it */
	size = 8;
	skl_kasan_cache_create(8, 0, 0, 0, max, &size, &s);
	CHECK_INT(s.free_meta_offset, 0);
	CHECK_INT(s.alloc_meta_offset, 16);
	CHECK_INT(size, 32);

	/* the same under slub_debug: all of the free meta outside */
	size = 8;
	skl_kasan_cache_create(8, 0, 0, 1, max, &size, &s);
	CHECK_INT(s.alloc_meta_offset, 8);
	CHECK_INT(s.free_meta_offset, 24);
	CHECK_INT(size, 40);

	/* an RCU cache (the free pointer already after the object): both metas
	 * outside, more than the optimal red zone */
	size = 2312; /* tcp_sock-like: 2304 + the free pointer */
	skl_kasan_cache_create(2304, 1, 0, 0, max, &size, &s);
	CHECK_INT(s.alloc_meta_offset, 2312);
	CHECK_INT(s.free_meta_offset, 2328);
	CHECK_INT(size, 2304 + 128);

	/* a ctor cache whose metas outgrow the red zone */
	size = 48;
	skl_kasan_cache_create(40, 0, 1, 0, max, &size, &s);
	CHECK_INT(s.alloc_meta_offset, 48);
	CHECK_INT(s.free_meta_offset, 64);
	CHECK_INT(size, 80);

	/* near KMALLOC_MAX_SIZE nothing fits: no metas, the red zone capped */
	size = max;
	skl_kasan_cache_create(max, 0, 0, 0, max, &size, &s);
	CHECK_INT(s.alloc_meta_offset, 0);
	CHECK_INT(s.free_meta_offset, 0);
	CHECK_INT(size, max);
	size = max - 8;
	skl_kasan_cache_create(max - 8, 1, 0, 0, max, &size, &s);
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
	return check_done("test_kasan");
}
