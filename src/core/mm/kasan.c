/*
 * kasan.c - generic KASAN's slot layout, shadow, bug naming and report
 * (mm/kasan/generic.c, common.c, report.c, report_generic.c of Linux 6.x).
 *
 * Works on the caller's shadow bytes through a callback; never allocates,
 * never touches simulated memory itself.
 */
#include "sklab/kasan.h"

#include <string.h>

/* ---- the slot ---------------------------------------------------------------------- */

unsigned skl_kasan_optimal_redzone(unsigned object_size)
{
	return object_size <= 64 - 16		  ? 16
	       : object_size <= 128 - 32	  ? 32
	       : object_size <= 512 - 64	  ? 64
	       : object_size <= 4096 - 128	  ? 128
	       : object_size <= (1u << 14) - 256  ? 256
	       : object_size <= (1u << 15) - 512  ? 512
	       : object_size <= (1u << 16) - 1024 ? 1024
						  : 2048;
}

void skl_kasan_cache_create(unsigned object_size, int rcu, int ctor, int debug, int orig_size, unsigned max_size,
			    unsigned *size, skl_kasan_slot *slot)
{
	unsigned start = *size, ok_size, orig_alloc, optimal;

	memset(slot, 0, sizeof(*slot));
	/* the alloc meta goes after what the slot holds so far */
	ok_size = *size;
	slot->alloc_meta_offset = *size;
	*size += SKL_KASAN_ALLOC_META;
	if (*size > max_size) {
		slot->alloc_meta_offset = 0;
		*size = ok_size;
	}
	ok_size = *size;
	orig_alloc = slot->alloc_meta_offset;

	if (rcu || ctor || orig_size || (debug && object_size < SKL_KASAN_FREE_META)) {
		/* the object keeps its bytes after a free, SLUB checks its
		 * kmalloc red zone from orig_size (6.13 on), or it is too small
		 * and slub_debug guards its end: free meta outside it */
		slot->free_meta_offset = *size;
		*size += SKL_KASAN_FREE_META;
	} else if (object_size < SKL_KASAN_FREE_META) {
		/* starts in the object, the rest sticks out; alloc meta moves after it */
		unsigned rem = SKL_KASAN_FREE_META - object_size;
		*size += rem;
		if (slot->alloc_meta_offset)
			slot->alloc_meta_offset += rem;
	} /* else: in the object, at offset 0 */
	if (*size > max_size) {
		slot->free_meta_offset = SKL_KASAN_NO_FREE_META;
		slot->alloc_meta_offset = orig_alloc;
		*size = ok_size;
	}

	slot->redzone = skl_kasan_optimal_redzone(object_size);
	optimal = object_size + slot->redzone;
	if (optimal > max_size)
		optimal = max_size;
	if (*size < optimal)
		*size = optimal;
	slot->added = *size - start;
}

/* ---- the shadow --------------------------------------------------------------------- */

void skl_kasan_poison(uint8_t *shadow, size_t off, size_t len, uint8_t value)
{
	size_t g0 = off / SKL_KASAN_GRANULE, n = (len + SKL_KASAN_GRANULE - 1) / SKL_KASAN_GRANULE;
	memset(shadow + g0, value, n);
}

void skl_kasan_unpoison(uint8_t *shadow, size_t off, size_t len)
{
	size_t g0 = off / SKL_KASAN_GRANULE, whole = len / SKL_KASAN_GRANULE;
	memset(shadow + g0, 0, whole);
	if (len % SKL_KASAN_GRANULE)
		shadow[g0 + whole] = (uint8_t)(len % SKL_KASAN_GRANULE);
}

void skl_kasan_new_slab(uint8_t *shadow, size_t bytes)
{
	skl_kasan_poison(shadow, 0, bytes, SKL_KASAN_SLAB_REDZONE);
}

void skl_kasan_alloc(uint8_t *obj, unsigned object_size, unsigned requested)
{
	size_t tail;
	if (requested > object_size)
		requested = object_size;
	skl_kasan_unpoison(obj, 0, requested);
	/* kasan_poison_kmalloc_redzone(): from the next granule to the object's end */
	tail = (requested + SKL_KASAN_GRANULE - 1) / SKL_KASAN_GRANULE * SKL_KASAN_GRANULE;
	if (tail < object_size)
		skl_kasan_poison(obj, tail, object_size - tail, SKL_KASAN_SLAB_REDZONE);
}

void skl_kasan_free(uint8_t *obj, unsigned object_size, int rcu, int has_free_meta)
{
	if (rcu)
		return; /* SLAB_TYPESAFE_BY_RCU objects may still be read */
	skl_kasan_poison(obj, 0, object_size, SKL_KASAN_SLAB_FREE);
	if (has_free_meta)
		obj[0] = SKL_KASAN_SLAB_FREE_META;
}

/* Whether byte a is accessible under shadow value s (memory_is_poisoned_1()). */
static int byte_poisoned(int s, uint64_t a)
{
	if (s < 0)
		return 0; /* no shadow: not checked */
	if (s == 0)
		return 0;
	if (s < (int)SKL_KASAN_GRANULE)
		return (int)(a % SKL_KASAN_GRANULE) >= s;
	return 1;
}

int skl_kasan_check(skl_kasan_shadow_fn shadow, void *ud, uint64_t addr, uint64_t len, uint64_t *first_bad)
{
	uint64_t a = addr, end = addr + len;
	if (len == 0)
		return 0;
	if (end < addr) {
		/* wraps around: the kernel reports the start */
		*first_bad = addr;
		return 1;
	}
	while (a < end) {
		int s = shadow(ud, a);
		uint64_t gend = (a / SKL_KASAN_GRANULE + 1) * SKL_KASAN_GRANULE;
		if (s == 0 || s < 0) {
			a = gend;
			continue;
		}
		if (byte_poisoned(s, a)) {
			*first_bad = a;
			return 1;
		}
		a++;
	}
	return 0;
}

const char *skl_kasan_bug_type(skl_kasan_shadow_fn shadow, void *ud, uint64_t first_bad)
{
	int s = shadow(ud, first_bad);
	if (s < 0)
		return "wild-memory-access";
	/* a partial granule: the next one says what lies past the object */
	if (s > 0 && s < (int)SKL_KASAN_GRANULE)
		s = shadow(ud, first_bad - first_bad % SKL_KASAN_GRANULE + SKL_KASAN_GRANULE);
	switch (s) {
	case SKL_KASAN_PAGE_REDZONE:
	case SKL_KASAN_SLAB_REDZONE:
		return "slab-out-of-bounds";
	case SKL_KASAN_GLOBAL_REDZONE:
		return "global-out-of-bounds";
	case SKL_KASAN_PAGE_FREE:
		return "use-after-free";
	case SKL_KASAN_SLAB_FREE:
	case SKL_KASAN_SLAB_FREE_META:
		return "slab-use-after-free";
	case SKL_KASAN_VMALLOC_INVALID:
		return "vmalloc-out-of-bounds";
	default:
		if (s >= 0 && s < (int)SKL_KASAN_GRANULE)
			return "out-of-bounds";
		return "unknown-crash";
	}
}

const char *skl_kasan_wild_bug_type(uint64_t addr, uint64_t page_size, uint64_t task_size)
{
	if (addr < page_size)
		return "null-ptr-deref";
	if (addr < task_size)
		return "user-memory-access";
	return "wild-memory-access";
}

int skl_kasan_non_canonical(uint64_t gp_addr, uint64_t page_size, uint64_t task_size, const skl_sink *out)
{
	uint64_t orig;
	const char *bug;
	/* every address the memory-to-shadow mapping gives is >= the offset */
	if (gp_addr < SKL_KASAN_SHADOW_OFFSET)
		return 0;
	orig = (gp_addr - SKL_KASAN_SHADOW_OFFSET) << 3; /* kasan_shadow_to_mem() */
	if (orig < page_size)
		bug = "null-ptr-deref";
	else if (orig < task_size)
		bug = "probably user-memory-access";
	else if (gp_addr >= SKL_KASAN_SHADOW_START && gp_addr < SKL_KASAN_SHADOW_END) /* addr_in_shadow() */
		bug = "probably wild-memory-access";
	else
		bug = "maybe wild-memory-access";
	skl_sink_printf(out, "KASAN: %s in range [0x%016llx-0x%016llx]\n", bug, (unsigned long long)orig,
			(unsigned long long)(orig + SKL_KASAN_GRANULE - 1));
	return 1;
}

unsigned skl_kasan_alloc_size(skl_kasan_shadow_fn shadow, void *ud, uint64_t object, unsigned object_size)
{
	unsigned size = 0;
	while (size < object_size) {
		int s = shadow(ud, object + size);
		if (s == 0)
			size += SKL_KASAN_GRANULE;
		else if (s >= 1 && s < (int)SKL_KASAN_GRANULE)
			return size + (unsigned)s;
		else
			return size;
	}
	return object_size;
}

/* ---- the report ------------------------------------------------------------------------- */

#define ROW_GRANULES 16 /* META_BYTES_PER_ROW */
#define ROWS_AROUND 2	/* META_ROWS_AROUND_ADDR */

static void px(const skl_kasan_report *r, const skl_sink *out, uint64_t a)
{
	int w = r->ptr_hex > 0 ? r->ptr_hex : 16;
	skl_sink_printf(out, "%0*llx", w, (unsigned long long)a);
}

static void stack(const skl_sink *out, const char *const *frames, int n)
{
	int i;
	if (n <= 0) {
		skl_sink_puts(out, "(stack is not available)\n");
		return;
	}
	for (i = 0; i < n; i++)
		skl_sink_printf(out, " %s\n", frames[i]);
}

const char *skl_kasan_report_bug(const skl_kasan_report *r)
{
	uint64_t bad = r->addr;
	if (r->kind == SKL_KASAN_DOUBLE_FREE)
		return "double-free";
	if (r->kind == SKL_KASAN_INVALID_FREE)
		return "invalid-free";
	if (r->addr + r->size < r->addr)
		return "out-of-bounds";
	if (r->wild) /* get_bug_type(): no metadata */
		return skl_kasan_wild_bug_type(r->addr, r->page_size, r->task_size);
	if (!skl_kasan_check(r->shadow, r->ud, r->addr, r->size ? r->size : 1, &bad))
		bad = r->addr;
	return skl_kasan_bug_type(r->shadow, r->ud, bad);
}

/* models print_memory_metadata(): five rows of 16 shadow bytes (128 bytes of
 * memory each) around the first bad byte, '>' on its row, '^' under it */
static void metadata(const skl_kasan_report *r, const skl_sink *out, uint64_t bad)
{
	uint64_t row_bytes = ROW_GRANULES * SKL_KASAN_GRANULE;
	uint64_t row = bad / row_bytes * row_bytes - ROWS_AROUND * row_bytes;
	int i, g, w = r->ptr_hex > 0 ? r->ptr_hex : 16;
	skl_sink_puts(out, "Memory state around the buggy address:\n");
	for (i = -ROWS_AROUND; i <= ROWS_AROUND; i++, row += row_bytes) {
		skl_sink_puts(out, i == 0 ? ">" : " ");
		px(r, out, row);
		skl_sink_puts(out, ": ");
		for (g = 0; g < ROW_GRANULES; g++) {
			int s = r->shadow(r->ud, row + (uint64_t)g * SKL_KASAN_GRANULE);
			skl_sink_printf(out, g ? " %02x" : "%02x", s < 0 ? 0xff : s);
		}
		skl_sink_puts(out, "\n");
		if (bad >= row && bad < row + row_bytes) {
			/* meta_pointer_offset(): the '^' in that column */
			int col = 3 + w + (int)((bad - row) / SKL_KASAN_GRANULE) * 3 + 1;
			skl_sink_printf(out, "%*c\n", col, '^');
		}
	}
}

void skl_kasan_report_write(const skl_kasan_report *r, const skl_sink *out)
{
	const char *bug = skl_kasan_report_bug(r);
	const char *comm = r->comm ? r->comm : "swapper/0";
	uint64_t bad = r->addr;
	int i;

	if (r->kind == SKL_KASAN_ACCESS && !r->wild &&
	    !skl_kasan_check(r->shadow, r->ud, r->addr, r->size ? r->size : 1, &bad))
		bad = r->addr;
	skl_sink_puts(out, "==================================================================\n");
	/* print_error_description() */
	skl_sink_printf(out, "BUG: KASAN: %s in %s\n", bug, r->ip ? r->ip : "?");
	if (r->kind != SKL_KASAN_ACCESS) {
		skl_sink_puts(out, "Free of addr ");
		px(r, out, r->addr);
		skl_sink_printf(out, " by task %s/%d\n", comm, r->pid);
	} else {
		skl_sink_printf(out, "%s of size %llu at addr ", r->write ? "Write" : "Read",
				(unsigned long long)r->size);
		px(r, out, r->addr);
		skl_sink_printf(out, " by task %s/%d\n", comm, r->pid);
	}
	skl_sink_puts(out, "\n");

	/* dump_stack_lvl() */
	skl_sink_printf(out, "CPU: %u UID: 0 PID: %d Comm: %s Not tainted %s #1 PREEMPT(voluntary) \n", r->cpu, r->pid,
			comm, r->release ? r->release : "6.18.0");
	skl_sink_printf(out, "Hardware name: %s\n", r->hardware ? r->hardware : "sklab simulated machine");
	skl_sink_puts(out, "Call Trace:\n <TASK>\n dump_stack_lvl\n print_report\n");
	skl_sink_puts(out, r->kind == SKL_KASAN_ACCESS ? " kasan_report\n" : " kasan_report_invalid_free\n");
	for (i = 0; i < r->ntrace; i++)
		skl_sink_printf(out, " %s\n", r->trace[i]);
	skl_sink_puts(out, " </TASK>\n");
	if (r->wild && r->kind == SKL_KASAN_ACCESS) {
		/* print_report(): no metadata, so no object, page or shadow */
		skl_sink_puts(out, "==================================================================\n");
		return;
	}
	skl_sink_puts(out, "\n");

	if (r->have_object) {
		uint64_t a = r->addr, o = r->object;
		unsigned size = 0;
		const char *rel, *state = "";
		uint64_t rel_bytes;
		/* describe_object_stacks() */
		if (r->alloc_pid) {
			skl_sink_printf(out, "Allocated by task %d:\n", r->alloc_pid);
			stack(out, r->alloc_stack, r->nalloc);
			skl_sink_puts(out, "\n");
		}
		if (r->free_pid) {
			skl_sink_printf(out, "Freed by task %d:\n", r->free_pid);
			stack(out, r->free_stack, r->nfree);
			skl_sink_puts(out, "\n");
		}
		/* describe_object_addr() */
		skl_sink_puts(out, "The buggy address belongs to the object at ");
		px(r, out, o);
		skl_sink_printf(out, "\n which belongs to the cache %s of size %u\n", r->cache ? r->cache : "?",
				r->object_size);
		size = skl_kasan_alloc_size(r->shadow, r->ud, o, r->object_size);
		if (!size)
			size = r->object_size;
		if (a < o) {
			rel = "to the left";
			rel_bytes = o - a;
		} else if (a >= o + size) {
			rel = "to the right";
			rel_bytes = a - (o + size);
		} else {
			rel = "inside";
			rel_bytes = a - o;
		}
		if (!strcmp(bug, "slab-out-of-bounds"))
			state = "allocated ";
		else if (!strcmp(bug, "slab-use-after-free"))
			state = "freed ";
		skl_sink_printf(out, "The buggy address is located %d bytes %s of\n %s%u-byte region [", (int)rel_bytes,
				rel, state, size);
		px(r, out, o);
		skl_sink_puts(out, ", ");
		px(r, out, o + size);
		skl_sink_puts(out, ")\n\n");
	}

	/* dump_page() -> __dump_folio() */
	skl_sink_puts(out, "The buggy address belongs to the physical page:\n");
	/* the kernel's %#lx writes 0 as 0x0 */
	skl_sink_printf(out, "page: refcount:%u mapcount:0 mapping:%0*d index:0x%llx pfn:0x%llx\n", r->page_refcount,
			r->ptr_hex > 0 ? r->ptr_hex : 16, 0, (unsigned long long)r->page_index,
			(unsigned long long)r->pfn);
	if (r->folio_order)
		skl_sink_printf(out, "head: order:%u mapcount:0 entire_mapcount:0 pincount:0\n", r->folio_order);
	skl_sink_printf(out, "flags: %s\n", r->page_flags ? r->page_flags : "0x200000000000000(node=0|zone=2)");
	/* page_type: %x(%s) with page_type_name() */
	if (r->page_type == 0xf5)
		skl_sink_puts(out, "page_type: f5(slab)\n");
	else if (r->page_type == 0xf8)
		skl_sink_puts(out, "page_type: f8(large_kmalloc)\n");
	/* print_hex_dump(KERN_WARNING, "raw: ", DUMP_PREFIX_NONE, 32,
	 * sizeof(unsigned long), page, sizeof(struct page), false) */
	{
		int w = r->ptr_hex > 0 ? r->ptr_hex : 16, per = 64 / w;
		for (i = 0; i < r->nraw; i++)
			skl_sink_printf(out, "%s%0*llx%s", i % per ? " " : "raw: ", w, (unsigned long long)r->raw[i],
					i % per == per - 1 || i == r->nraw - 1 ? "\n" : "");
	}
	skl_sink_puts(out, "page dumped because: kasan: bad access detected\n\n");

	metadata(r, out, bad);
	skl_sink_puts(out, "==================================================================\n");
}
