/*
 * slub_geom.c - SLUB's cache geometry as the kernel computes it, pure
 * functions of the profile and the cache's arguments: calculate_alignment()
 * and create_boot_cache() (mm/slab_common.c), calculate_sizes() and
 * calculate_order() in its v6.7+ and pre-6.7 forms (mm/slub.c), the
 * merging rules, the sysfs unique id, kmalloc buckets and /proc/slabinfo
 * 2.1 text. Two eras (skl_slub_era): 6.x, and 2.6.31's kmem_cache_open()
 * and calculate_sizes(), chosen in one place, skl_slub_geometry(). The
 * runtime allocator built on them is slub.c.
 */
#include "slub_impl.h"

#include <stdio.h>
#include <string.h>

/* =========================================================================
 * Geometry
 * ========================================================================= */

void skl_slub_params_init(skl_slub_params *p, const skl_profile *prof, unsigned cpus)
{
	const skl_abi *abi = prof && prof->abi ? prof->abi : skl_abi_default();
	unsigned major = 6, minor = 18;
	memset(p, 0, sizeof(*p));
	p->page_size = prof && prof->page_size ? prof->page_size : 4096;
	p->word = abi->size[SKL_B_PTR];
	p->cache_line = prof && prof->cacheline ? prof->cacheline : 64;
	p->minalign = abi->align[SKL_B_LLONG];
	if (p->minalign < p->word)
		p->minalign = p->word;
	p->kmalloc_minalign = p->minalign;
	/* struct track { addr; handle (STACKDEPOT); cpu; pid; when; } */
	p->track_size = align_up(p->word + 4 + 4 + 4, p->word) + p->word;
	p->cpus = cpus ? cpus : (prof && prof->cpus ? prof->cpus : 1);
	p->max_order = 3;
	p->max_page_order = 10;
	p->max_objs_per_page = MAX_OBJS_PER_PAGE;
	if (prof && prof->version.major) {
		major = prof->version.major;
		minor = prof->version.minor;
	}
	p->pre67 = major < 6 || (major == 6 && minor < 7);
	/* "mm/kasan: Don't store metadata inside kmalloc object when
	 * slub_debug_orig_size is on" (Feng Tang, Sept 2024, in 6.13) */
	p->kasan_orig_size = major > 6 || (major == 6 && minor >= 13);
	p->sheaves = major > 6 || (major == 6 && minor >= 18);
	if (major < 3) {
		/* 2.6.31 mm/slub.c: struct track { addr; cpu; pid; when; } (no
		 * stack depot handle) and "MAX_OBJS_PER_PAGE 65535 since
		 * page.objects is u16"; its calculate_order() is the pre-6.7 one */
		p->era = SKL_SLUB_ERA_2_6_31;
		p->track_size = p->word + 4 + 4 + p->word;
		p->max_objs_per_page = 65535;
	}
	p->big_endian = (int)abi->big_endian;
	/* struct kmem_cache_node: list_lock, nr_partial, partial, nr_slabs,
	 * total_objects, full, and (6.18) the sheaves' barn pointer */
	p->kmem_cache_node_size = (int)(p->word * 8 + ((major > 6 || (major == 6 && minor >= 18)) ? p->word : 0));
	/* offsetof(struct kmem_cache, node) + nr_node_ids * sizeof(void *):
	 * 232 on x86_64 6.18, scaled for 32-bit */
	p->kmem_cache_size = (int)(p->word == 8 ? 232 : 116);
	if (p->era == SKL_SLUB_ERA_2_6_31) {
		/* 2.6.31 kmem_size, what kmem_cache_create() kmallocs: SMP's
		 * offsetof(struct kmem_cache, cpu_slab) + nr_cpu_ids pointers.
		 * Without CONFIG_NUMA the offset is 232 on x86_64 (local_node
		 * 64, kobject 64 under CONFIG_SLUB_DEBUG), 132 on 32-bit: 248,
		 * kmalloc-256, with two CPUs */
		p->kmem_cache_size = (int)((p->word == 8 ? 232 : 132) + p->cpus * p->word);
		p->kmem_cache_node_size = 0; /* s->local_node */
	}
}

unsigned skl_slub_calculate_alignment(const skl_slub_params *p, unsigned flags, unsigned align, unsigned size)
{
	if (flags & SKL_SLAB_HWCACHE_ALIGN) {
		unsigned ralign = p->cache_line;
		while (size <= ralign / 2)
			ralign /= 2;
		if (ralign > align)
			align = ralign;
	}
	if (align < p->minalign)
		align = p->minalign;
	return align_up(align, p->word);
}

unsigned skl_slub_kmalloc_align(const skl_slub_params *p, unsigned flags, unsigned size)
{
	unsigned align = p->kmalloc_minalign;
	if (size) {
		unsigned pow = size & (~size + 1); /* 1 << (ffs(size) - 1) */
		if (pow > align)
			align = pow;
	}
	return skl_slub_calculate_alignment(p, flags, align, size);
}

unsigned skl_slub_order_objects(const skl_slub_params *p, unsigned order, unsigned size)
{
	return size ? (unsigned)(((uint64_t)p->page_size << order) / size) : 0;
}

unsigned skl_slub_get_order(const skl_slub_params *p, uint64_t n)
{
	unsigned k = 0;
	while (((uint64_t)p->page_size << k) < n && k < 63)
		k++;
	return k;
}

unsigned skl_slub_min_objects(unsigned cpus)
{
	return 4 * (fls_u(cpus) + 1);
}

static unsigned target_min_objects(const skl_slub_params *p)
{
	unsigned n;
	if (p->min_objects)
		return p->min_objects;
	n = p->cpus ? p->cpus : 1; /* num_present_cpus(), nr_cpu_ids when <= 1 */
	return skl_slub_min_objects(n);
}

/* models calc_slab_order() of v6.7+: the first order in [min_order,
 * max_order] wasting at most 1/fract of the slab, else max_order + 1 */
static unsigned calc_slab_order(const skl_slub_params *p, unsigned size, unsigned min_order, unsigned max_order,
				unsigned fract)
{
	unsigned order;
	for (order = min_order; order <= max_order; order++) {
		uint64_t slab = (uint64_t)p->page_size << order;
		if (slab % size <= slab / fract)
			break;
	}
	return order;
}

int skl_slub_calculate_order(const skl_slub_params *p, unsigned size, unsigned *min_objects_out)
{
	unsigned min_objects = target_min_objects(p), max_objects, min_order, fraction, order;
	if (!size)
		return -1;
	max_objects = skl_slub_order_objects(p, p->max_order, size);
	if (max_objects < 1)
		max_objects = 1;
	if (min_objects > max_objects)
		min_objects = max_objects;
	if (min_objects_out)
		*min_objects_out = min_objects;
	min_order = skl_slub_get_order(p, (uint64_t)min_objects * size);
	if (min_order < p->min_order)
		min_order = p->min_order;
	if (skl_slub_order_objects(p, min_order, size) > p->max_objs_per_page)
		return (int)skl_slub_get_order(p, (uint64_t)size * p->max_objs_per_page) - 1;
	for (fraction = 16; fraction > 1; fraction /= 2) {
		order = calc_slab_order(p, size, min_order, p->max_order, fraction);
		if (order <= p->max_order)
			return (int)order;
	}
	order = skl_slub_get_order(p, size);
	if (order <= p->max_page_order)
		return (int)order;
	return -1;
}

/* models calc_slab_order() of v4.x-v6.6 */
static unsigned calc_slab_order_pre67(const skl_slub_params *p, unsigned size, unsigned min_objects, unsigned max_order,
				      unsigned fract)
{
	unsigned order, start;
	if (skl_slub_order_objects(p, p->min_order, size) > p->max_objs_per_page)
		return skl_slub_get_order(p, (uint64_t)size * p->max_objs_per_page) - 1;
	start = skl_slub_get_order(p, (uint64_t)min_objects * size);
	if (start < p->min_order)
		start = p->min_order;
	for (order = start; order <= max_order; order++) {
		uint64_t slab = (uint64_t)p->page_size << order;
		if (slab % size <= slab / fract)
			break;
	}
	return order;
}

int skl_slub_calculate_order_pre67(const skl_slub_params *p, unsigned size, unsigned *min_objects_out)
{
	unsigned min_objects = target_min_objects(p), max_objects, order;
	if (!size)
		return -1;
	max_objects = skl_slub_order_objects(p, p->max_order, size);
	if (min_objects > max_objects)
		min_objects = max_objects;
	if (min_objects_out)
		*min_objects_out = min_objects;
	while (min_objects > 1) {
		unsigned fraction = 16;
		while (fraction >= 4) {
			order = calc_slab_order_pre67(p, size, min_objects, p->max_order, fraction);
			if (order <= p->max_order)
				return (int)order;
			fraction /= 2;
		}
		min_objects--;
	}
	/* "We were unable to place multiple objects in a slab" */
	order = calc_slab_order_pre67(p, size, 1, p->max_order, 1);
	if (order <= p->max_order)
		return (int)order;
	order = calc_slab_order_pre67(p, size, 1, p->max_page_order, 1);
	if (order <= p->max_page_order)
		return (int)order;
	return -1;
}

unsigned skl_slub_debug_flags(int debug)
{
	if (!debug)
		return 0;
	if (debug == 1)
		return DEBUG_FLAGS;
	return (unsigned)debug & DEBUG_FLAGS;
}

int skl_slub_parse_debug(const char *letters, unsigned *flags, int *bad)
{
	unsigned f = 0;
	int i;
	for (i = 0; letters && letters[i]; i++) {
		switch (letters[i]) {
		case 'f':
		case 'F':
			f |= SKL_SLAB_CONSISTENCY;
			break;
		case 'z':
		case 'Z':
			f |= SKL_SLAB_RED_ZONE;
			break;
		case 'p':
		case 'P':
			f |= SKL_SLAB_POISON;
			break;
		case 'u':
		case 'U':
			f |= SKL_SLAB_STORE_USER;
			break;
		case '-':
			f = 0;
			break;
		case ',':
		case ' ':
			break;
		default:
			if (bad)
				*bad = i;
			return -1;
		}
	}
	*flags = f;
	return 0;
}

unsigned skl_slub_info_end(const skl_slub_params *p, const skl_slub_geom *g)
{
	return g->offset >= g->inuse ? g->inuse + p->word : g->inuse;
}

/* models 6.x kmem_cache_open()'s set_min_partial(s, ilog2(s->size) / 2)
 * and set_cpu_partial() with slub_set_cpu_partial(): cpu_partial objects,
 * and the slabs they make when half full, DIV_ROUND_UP(objects * 2,
 * oo_objects(s->oo)) */
static void set_partial_limits(skl_slub_geom *g, const skl_slub_params *p, int debug)
{
	unsigned mp = ilog2_u(g->size) / 2;
	if (mp < MIN_PARTIAL)
		mp = MIN_PARTIAL;
	if (mp > MAX_PARTIAL)
		mp = MAX_PARTIAL;
	g->min_partial = mp;
	if (debug)
		g->cpu_partial = 0; /* kmem_cache_has_cpu_partial() is false for debug caches */
	else if (g->size >= p->page_size)
		g->cpu_partial = 6;
	else if (g->size >= 1024)
		g->cpu_partial = 24;
	else if (g->size >= 256)
		g->cpu_partial = 52;
	else
		g->cpu_partial = 120;
	g->cpu_partial_slabs = g->objects ? (g->cpu_partial * 2 + g->objects - 1) / g->objects : 0;
}

/* The order and objects per slab for g->size (both eras): calculate_order(),
 * then s->oo and s->min = oo_make(get_order(size), size). fn names the
 * kernel function that fails. */
static int set_order(const skl_slub_params *p, skl_slub_geom *g, const char *fn, skl_error *err)
{
	int order = p->pre67 ? skl_slub_calculate_order_pre67(p, g->size, &g->min_objects)
			     : skl_slub_calculate_order(p, g->size, &g->min_objects);
	if (order < 0)
		return skl_errorf(err, "%s: no slab order fits %u-byte objects (-ENOSYS)", fn, g->size);
	g->order = (unsigned)order;
	g->objects = skl_slub_order_objects(p, g->order, g->size);
	if (g->objects > p->max_objs_per_page)
		g->objects = p->max_objs_per_page;
	g->min_order = skl_slub_get_order(p, g->size);
	g->min_objs = skl_slub_order_objects(p, g->min_order, g->size);
	if (!g->objects)
		return skl_errorf(err, "%s: %u-byte objects do not fit a slab", fn, g->size);
	return 0;
}

/* models 6.x calculate_sizes(): g->object_size, align, flags and ctor are set */
static int calculate_sizes(const skl_slub_params *p, skl_slub_geom *g, int use_freeptr_offset, unsigned freeptr_offset,
			   skl_error *err)
{
	unsigned W = p->word, flags = g->flags, size;
	size = align_up(g->object_size, W);
	/* __OBJECT_POISON: poison the body unless it must survive the free */
	g->object_poison = (flags & SKL_SLAB_POISON) && !(flags & SKL_SLAB_TYPESAFE_BY_RCU) && !g->ctor;
	/* at least one word of right red zone */
	if ((flags & SKL_SLAB_RED_ZONE) && size == g->object_size)
		size += W;
	g->inuse = size;
	g->orig_size = (flags & SKL_SLAB_STORE_USER) && (flags & SKL_SLAB_KMALLOC);
	/* 6.18 calculate_sizes(): after the object first (RCU without a
	 * freeptr_offset, poison, a constructor, or a red zone on an object
	 * smaller than a pointer or on a kmalloc cache keeping orig_size);
	 * only then the caller's freeptr_offset; otherwise the middle */
	if (((flags & SKL_SLAB_TYPESAFE_BY_RCU) && !use_freeptr_offset) || (flags & SKL_SLAB_POISON) || g->ctor ||
	    ((flags & SKL_SLAB_RED_ZONE) && (g->object_size < W || g->orig_size))) {
		/* (a) after the object: its first word must survive the free */
		g->offset = size;
		size += W;
		g->fp_rule = SKL_SLUB_FP_AFTER;
	} else if ((flags & SKL_SLAB_TYPESAFE_BY_RCU) && use_freeptr_offset) {
		/* (b) the caller's spot inside the object */
		g->offset = freeptr_offset;
		g->fp_rule = SKL_SLUB_FP_FIXED;
	} else {
		/* (c) in the middle, away from small over/underflows */
		g->offset = (g->object_size / 2) / W * W;
		g->fp_rule = SKL_SLUB_FP_MIDDLE;
	}
	if (flags & SKL_SLAB_STORE_USER) {
		size += 2 * p->track_size;
		if (flags & SKL_SLAB_KMALLOC)
			size += 4; /* unsigned int orig_size */
	}
	if (p->kasan) /* kasan_cache_create(): metadata and a red zone */
		skl_kasan_cache_create(g->object_size, (flags & SKL_SLAB_TYPESAFE_BY_RCU) != 0, g->ctor,
				       (flags & DEBUG_FLAGS) != 0, p->kasan_orig_size && g->orig_size,
				       p->page_size << p->max_page_order, &size, &g->kasan);
	g->red_left_pad = 0;
	if (flags & SKL_SLAB_RED_ZONE) {
		size += W; /* a pad so writes before the next object miss the metadata */
		g->red_left_pad = align_up(W, g->align);
		size += g->red_left_pad;
	}
	g->size = align_up(size, g->align);
	if (set_order(p, g, "__kmem_cache_create_args", err) < 0)
		return -1;
	set_partial_limits(g, p, (flags & DEBUG_FLAGS) != 0);
	return 0;
}

/*
 * models 2.6.31 kmem_cache_open() (mm/slub.c): calculate_sizes() with
 * calculate_alignment(flags, align, s->objsize) of the alignment the caller
 * passed (ARCH_KMALLOC_MINALIGN for a kmalloc cache, create_kmalloc_cache()),
 * then set_min_partial(s, ilog2(s->size)), clamped to MIN_PARTIAL 5 ..
 * MAX_PARTIAL 10. The free pointer stays at offset 0 (kmem_cache_open()'s
 * memset) unless SLAB_DESTROY_BY_RCU, SLAB_POISON or a constructor move it
 * after the object; a red zone is one word after the object, none before
 * it; there is no per-CPU partial list. g->object_size, flags and ctor are
 * set, align is the caller's.
 */
static int kmem_cache_open_2631(const skl_slub_params *p, skl_slub_geom *g, unsigned align, skl_error *err)
{
	unsigned W = p->word, flags = g->flags, size, mp;
	size = align_up(g->object_size, W);
	g->object_poison = (flags & SKL_SLAB_POISON) && !(flags & SKL_SLAB_TYPESAFE_BY_RCU) && !g->ctor;
	/* "If we are Redzoning then check if there is some space between the
	 * end of the object and the free pointer" */
	if ((flags & SKL_SLAB_RED_ZONE) && size == g->object_size)
		size += W;
	g->inuse = size;
	g->offset = 0;
	g->fp_rule = SKL_SLUB_FP_WORD0;
	g->fp_word0_era = 1;
	if ((flags & (SKL_SLAB_TYPESAFE_BY_RCU | SKL_SLAB_POISON)) || g->ctor) {
		/* "Relocate free pointer after the object if it is not permitted
		 * to overwrite the first word of the object on kmem_cache_free" */
		g->offset = size;
		size += W;
		g->fp_rule = SKL_SLUB_FP_AFTER;
	}
	if (flags & SKL_SLAB_STORE_USER)
		size += 2 * p->track_size;
	if (flags & SKL_SLAB_RED_ZONE)
		size += W; /* "some empty padding" after the metadata */
	g->align = skl_slub_calculate_alignment(p, flags, align, g->object_size);
	g->size = align_up(size, g->align);
	if (set_order(p, g, "kmem_cache_open", err) < 0)
		return -1;
	mp = ilog2_u(g->size);
	g->min_partial = mp < MIN_PARTIAL ? MIN_PARTIAL : mp > MAX_PARTIAL ? MAX_PARTIAL : mp;
	return 0;
}

int skl_slub_geometry(const skl_slub_params *p, unsigned object_size, const skl_cache_opts *o, unsigned debug_flags,
		      skl_slub_geom *g, skl_error *err)
{
	static const skl_cache_opts none;
	unsigned flags, kmalloc_max;
	if (!o)
		o = &none;
	memset(g, 0, sizeof(*g));
	flags = o->flags & ~(SKL_SLAB_NO_REAP | SKL_SLAB_MUST_HWCACHE_ALIGN);
	kmalloc_max = p->page_size << p->max_page_order; /* KMALLOC_MAX_SIZE */
	if (object_size == 0 || object_size > kmalloc_max)
		return skl_errorf(err, "kmem_cache_create: %u-byte objects: size must be 1 .. %u (-EINVAL)",
				  object_size, kmalloc_max);
	if (o->align && (o->align & (o->align - 1)))
		return skl_errorf(err, "kmem_cache_create: align %u is not a power of two (-EINVAL)", o->align);
	if (o->sheaf_capacity > 1024) /* the kernel takes any; the model keeps sheaves small */
		return skl_errorf(err, "kmem_cache_create: sheaf_capacity %u: sklab models at most 1024 (-EINVAL)",
				  o->sheaf_capacity);
	if (o->sheaf_capacity && !p->sheaves)
		return skl_errorf(err, "kmem_cache_create: sheaf_capacity came with Linux 6.18 (struct "
				       "kmem_cache_args); this kernel has no sheaves (-EINVAL)");
	if (o->use_freeptr_offset && p->era == SKL_SLUB_ERA_2_6_31)
		return skl_errorf(err, "kmem_cache_create: freeptr_offset came with Linux 6.12 "
				       "(struct kmem_cache_args); 2.6.31 has no such argument (-EINVAL)");
	if (o->use_freeptr_offset &&
	    (o->freeptr_offset >= object_size || !(flags & SKL_SLAB_TYPESAFE_BY_RCU) || (o->freeptr_offset % p->word)))
		return skl_errorf(err,
				  "__kmem_cache_create_args: freeptr_offset %u needs SLAB_TYPESAFE_BY_RCU, a %u-byte "
				  "aligned offset and less than object_size %u (-EINVAL)",
				  o->freeptr_offset, p->word, object_size);
	/* kmem_cache_flags(): slab_debug applies to every cache */
	flags |= debug_flags & DEBUG_FLAGS;
	g->flags = flags;
	g->ctor = o->ctor != 0;
	g->object_size = object_size;
	switch (p->era) {
	case SKL_SLUB_ERA_2_6_31:
		/* create_kmalloc_cache() passes ARCH_KMALLOC_MINALIGN */
		return kmem_cache_open_2631(p, g, (flags & SKL_SLAB_KMALLOC) ? p->kmalloc_minalign : o->align, err);
	case SKL_SLUB_ERA_6X:
	default:
		if (flags & SKL_SLAB_KMALLOC)
			g->align = skl_slub_kmalloc_align(p, flags, object_size);
		else
			g->align = skl_slub_calculate_alignment(p, flags, o->align, object_size);
		/* do_kmem_cache_create(): "if (args->sheaf_capacity && !(s->flags &
		 * SLAB_DEBUG_FLAGS))" the cache gets its per-CPU sheaves */
		if (!(flags & DEBUG_FLAGS))
			g->sheaf_capacity = o->sheaf_capacity;
		return calculate_sizes(p, g, o->use_freeptr_offset, o->freeptr_offset, err);
	}
}

/* ---- merging -------------------------------------------------------------- */

const char *skl_slub_merge_blocker(unsigned flags, int ctor)
{
	if (ctor)
		return "it has a constructor";
	if (flags & SKL_SLAB_TYPESAFE_BY_RCU)
		return "SLAB_TYPESAFE_BY_RCU";
	if (flags & SKL_SLAB_RED_ZONE)
		return "SLAB_RED_ZONE (slab_debug=Z)";
	if (flags & SKL_SLAB_POISON)
		return "SLAB_POISON (slab_debug=P)";
	if (flags & SKL_SLAB_STORE_USER)
		return "SLAB_STORE_USER (slab_debug=U)";
	if (flags & SKL_SLAB_NO_MERGE)
		return "SLAB_NO_MERGE";
	return NULL;
}

unsigned skl_slub_merge_same(unsigned flags)
{
	return flags & MERGE_SAME;
}

int skl_slub_merge_fits(const skl_slub_params *p, unsigned object_size, unsigned align, unsigned flags, unsigned s_size,
			unsigned s_flags)
{
	unsigned size = align_up(object_size, p->word);
	align = skl_slub_calculate_alignment(p, flags, align, size);
	size = align_up(size, align);
	if (size > s_size)
		return 0;
	if ((flags & MERGE_SAME) != (s_flags & MERGE_SAME))
		return 0;
	if (s_size & (align - 1)) /* "Check if alignment is compatible" */
		return 0;
	if (s_size - size >= p->word)
		return 0;
	return 1;
}

/* models create_unique_id(); 2.6.31's adds 't' for every cache without
 * SLAB_NOTRACK, which is 0 without CONFIG_KMEMCHECK: so every id has it */
void skl_slub_unique_id(const skl_slub_params *p, char *buf, size_t n, unsigned flags, unsigned size)
{
	char f[8];
	size_t k = 0;
	if (flags & SKL_SLAB_CACHE_DMA)
		f[k++] = 'd';
	if (flags & SKL_SLAB_RECLAIM_ACCOUNT)
		f[k++] = 'a';
	if (flags & SKL_SLAB_CONSISTENCY)
		f[k++] = 'F';
	if (p && p->era == SKL_SLUB_ERA_2_6_31)
		f[k++] = 't';
	else if (flags & SKL_SLAB_ACCOUNT)
		f[k++] = 'A';
	f[k] = '\0';
	snprintf(buf, n, ":%s%s%07u", f, k ? "-" : "", size);
}

/* ---- kmalloc ---------------------------------------------------------------- */

unsigned skl_slub_kmalloc_bucket(const skl_slub_params *p, size_t n)
{
	unsigned b;
	if (n == 0 || n > 2 * (size_t)p->page_size)
		return 0;
	if (n > 64 && n <= 96)
		return 96;
	if (n > 128 && n <= 192)
		return 192;
	for (b = 8; b < n; b <<= 1)
		;
	return b;
}

/* ---- text ---------------------------------------------------------------------- */

void skl_slub_slabinfo_header(const skl_sink *out)
{
	skl_sink_puts(out, "slabinfo - version: 2.1\n");
	skl_sink_puts(out, "# name            <active_objs> <num_objs> <objsize> <objperslab> <pagesperslab>"
			   " : tunables <limit> <batchcount> <sharedfactor>"
			   " : slabdata <active_slabs> <num_slabs> <sharedavail>\n");
}

void skl_slub_slabinfo_row(char *buf, size_t n, const char *name, unsigned long active_objs, unsigned long num_objs,
			   unsigned objsize, unsigned objperslab, unsigned pagesperslab, unsigned long active_slabs,
			   unsigned long num_slabs)
{
	snprintf(buf, n, "%-17s %6lu %6lu %6u %4u %4d : tunables %4u %4u %4u : slabdata %6lu %6lu %6lu", name,
		 active_objs, num_objs, objsize, objperslab, (int)pagesperslab, 0u, 0u, 0u, active_slabs, num_slabs,
		 0ul);
}
