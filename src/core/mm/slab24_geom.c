/*
 * slab24_geom.c - the geometry of Linux 2.4.16's SLAB (mm/slab.c): the
 * build's parameters, sizeof(kmem_cache_t), kmem_cache_estimate(), the
 * sizing half of kmem_cache_create() (alignment, off-slab management,
 * the order search) and the per-CPU array limits. Pure functions; the
 * allocator built on them is slab24.c.
 */
#include "slab24.h"

#include <stdio.h>
#include <string.h>

/* ---- parameters ----------------------------------------------------------- */

void skl__slab24_params_init(s24_params *p, const skl_profile *prof, int debug, int smp, uint64_t ram_bytes,
			     unsigned break_order)
{
	unsigned big, o;
	memset(p, 0, sizeof(*p));
	p->page = prof->page_size;
	p->l1 = prof->cacheline;
	p->ptr = prof->abi->size[SKL_B_PTR];
	p->ulong = prof->abi->size[SKL_B_LONG];
	p->bpw = p->ptr; /* BYTES_PER_WORD = sizeof(void *) */
	big = p->ptr > p->ulong ? p->ptr : p->ulong;
	/* slab_t: list_head, unsigned long colouroff, void *s_mem, uint inuse, bufctl free */
	o = 2 * p->ptr;
	o = (unsigned)round_up(o, p->ulong);
	p->off_colouroff = o;
	o += p->ulong;
	o = (unsigned)round_up(o, p->ptr);
	p->off_s_mem = o;
	o += p->ptr;
	p->off_inuse = o;
	p->off_free = o + 4;
	p->slab_t = (unsigned)round_up(o + 8, big);
	p->debug = debug;
	p->smp = smp;
	if (break_order)
		p->break_order = break_order;
	else /* kmem_cache_sizes_init(): more than 32 MiB of RAM */
		p->break_order = ram_bytes / p->page > ((uint64_t)32 << 20) / p->page ? S24_BREAK_GFP_ORDER_HI
										      : S24_BREAK_GFP_ORDER_LO;
	p->must_align = skl_kversion_at_least(prof->version, 2, 4, 17);
}

/* sizeof(kmem_cache_t) and the offset of its name, for this build. Locks
 * are 4 bytes (gcc 2.9x UP, or SMP), as the seed's sizes require. */
size_t skl__slab24_kmem_cache_t_size(const s24_params *p, size_t *name_off)
{
	size_t o = 6 * (size_t)p->ptr; /* slabs_full, slabs_partial, slabs_free */
	size_t big = p->ptr > p->ulong ? p->ptr : p->ulong;
	o += 12; /* objsize, flags, num */
	o += 4;	 /* spinlock */
	if (p->smp)
		o += 4;				      /* batchcount */
	o += 8;					      /* gfporder, gfpflags */
	o = round_up(o, p->ptr) + p->ptr;	      /* colour (size_t) */
	o += 8;					      /* colour_off, colour_next */
	o = round_up(o, p->ptr) + p->ptr;	      /* slabp_cache */
	o += 8;					      /* growing, dflags */
	o = round_up(o, p->ptr) + 2 * (size_t)p->ptr; /* ctor, dtor */
	o = round_up(o, p->ulong) + p->ulong;	      /* failures */
	if (name_off)
		*name_off = o;
	o += S24_CACHE_NAMELEN;
	o = round_up(o, p->ptr) + 2 * (size_t)p->ptr; /* next */
	if (p->smp)
		o += S24_NR_CPUS * (size_t)p->ptr; /* cpudata[NR_CPUS] */
	if (p->debug)
		o = round_up(o, p->ulong) + 6 * (size_t)p->ulong; /* STATS */
	if (p->debug && p->smp)
		o += 16; /* allochit, allocmiss, freehit, freemiss */
	return round_up(o, big);
}

/* ---- geometry: kmem_cache_estimate() and kmem_cache_create() ------------ */

/* models kmem_cache_estimate(): objects per slab and bytes left over */
void skl__slab24_estimate(const s24_params *p, unsigned order, size_t size, int offslab, size_t *left_over,
			  unsigned *num)
{
	size_t wastage = (size_t)p->page << order, base = 0, extra = 0, i = 0;
	if (!offslab) {
		base = p->slab_t;
		extra = S24_BUFCTL_SIZE;
	}
	while (i * size + l1_align(p, base + i * extra) <= wastage)
		i++;
	if (i > 0)
		i--;
	if (i > S24_SLAB_LIMIT)
		i = S24_SLAB_LIMIT;
	*num = (unsigned)i;
	*left_over = wastage - i * size - l1_align(p, base + i * extra);
}

/* models kmem_cache_create() steps 1-13 (checks, debug flags, word
 * rounding, red zone, alignment, off-slab, gfporder, management area,
 * colouring). 0, -1 = BUG() (why says), -2 = couldn't create cache. */
int skl__slab24_calc(const s24_params *p, const char *name, size_t size, size_t offset, unsigned long flags, int ctor,
		     s24_geom *g, s24_why *why)
{
	size_t align, left_over = 0, slab_size;
	unsigned num = 0, order = 0;
	unsigned long mask;

	memset(g, 0, sizeof(*g));
	why->line = 0;
	why->text[0] = '\0';
	/* 1. sanity checks: "these are all serious usage bugs" */
	why->line = L_CREATE_SANITY;
	if (!name)
		return snprintf(why->text, sizeof(why->text), "kmem_cache_create() without a name"), -1;
	if (strlen(name) >= S24_CACHE_NAMELEN - 1)
		return snprintf(why->text, sizeof(why->text),
				"cache name \"%s\" has %zu characters; 2.4 allows at most %d (CACHE_NAMELEN %d)", name,
				strlen(name), S24_CACHE_NAMELEN - 2, S24_CACHE_NAMELEN),
		       -1;
	if (size < p->bpw)
		return snprintf(why->text, sizeof(why->text), "%s: size %zu is smaller than a word (%u bytes)", name,
				size, p->bpw),
		       -1;
	if (size > ((size_t)1 << S24_MAX_OBJ_ORDER) * p->page)
		return snprintf(why->text, sizeof(why->text), "%s: size %zu is larger than %d pages (%zu bytes)", name,
				size, 1 << S24_MAX_OBJ_ORDER, ((size_t)1 << S24_MAX_OBJ_ORDER) * p->page),
		       -1;
	if (offset > size)
		return snprintf(why->text, sizeof(why->text), "%s: offset %zu is larger than the size %zu", name,
				offset, size),
		       -1;
	why->line = 0;

	/* 2. DEBUG: poison needs no constructor; FORCED_DEBUG red zones small objects */
	if (p->debug) {
		if ((flags & K_POISON) && ctor)
			flags &= ~K_POISON; /* printk: "Poisoning requested, but con given" */
		if (size < (p->page >> 3) && !(p->must_align && (flags & K_MUST_HWCACHE_ALIGN)))
			flags |= K_RED_ZONE;
		if (!ctor)
			flags |= K_POISON;
	}
	/* 3. the CREATE_MASK */
	mask = K_HWCACHE_ALIGN | K_NO_REAP | K_CACHE_DMA;
	if (p->debug)
		mask |= K_DEBUG_INITIAL | K_RED_ZONE | K_POISON;
	if (p->must_align)
		mask |= K_MUST_HWCACHE_ALIGN;
	if (flags & ~mask) {
		unsigned long bad = flags & ~mask;
		why->line = L_CREATE_MASK;
		snprintf(why->text, sizeof(why->text), "kmem_cache_create(%s): flags outside CREATE_MASK %#lx:%s%s%s%s",
			 name, mask,
			 (bad & (K_RED_ZONE | K_POISON)) ? " SLAB_RED_ZONE/SLAB_POISON (they need CONFIG_DEBUG_SLAB)"
							 : "",
			 (bad & K_DEBUG_INITIAL) ? " SLAB_DEBUG_INITIAL" : "",
			 (bad & K_MUST_HWCACHE_ALIGN) ? " SLAB_MUST_HWCACHE_ALIGN (2.4.17 and later)" : "",
			 (bad & K_NOT_IN_24) ? " a flag 2.4 does not have" : "");
		return -1;
	}
	/* 4. word rounding */
	if (size & (p->bpw - 1))
		size = round_up(size, p->bpw); /* printk: "Forcing size word alignment" */
	/* 5. red zone: no point honouring cache alignment */
	if (p->debug && (flags & K_RED_ZONE)) {
		flags &= ~K_HWCACHE_ALIGN;
		size += 2 * (size_t)p->bpw;
	}
	/* 6.-8. alignment and the off-slab guess */
	align = p->bpw;
	if (flags & K_HWCACHE_ALIGN)
		align = p->l1;
	if (size >= (p->page >> 3))
		flags |= CFLGS_OFF_SLAB;
	if (flags & K_HWCACHE_ALIGN) {
		while (size < align / 2)
			align /= 2;
		size = round_up(size, align);
	}
	/* 9. gfporder */
	for (;;) {
		int brk = 0;
	cal_wastage:
		skl__slab24_estimate(p, order, size, (flags & CFLGS_OFF_SLAB) != 0, &left_over, &num);
		if (brk)
			break;
		if (order >= S24_MAX_GFP_ORDER)
			break;
		if (!num) {
			order++;
			continue;
		}
		if ((flags & CFLGS_OFF_SLAB) && num > p->offslab_limit) {
			if (!order) { /* the kernel would wrap gfporder; it cannot create this */
				num = 0;
				break;
			}
			order--;
			brk = 1;
			goto cal_wastage;
		}
		if (order >= p->break_order)
			break;
		if (left_over * 8 <= ((size_t)p->page << order))
			break; /* acceptable internal fragmentation */
		order++;
	}
	if (!num)
		return -2;
	/* 10.-11. the management area, moved on-slab when it fits */
	slab_size = l1_align(p, num * (size_t)S24_BUFCTL_SIZE + p->slab_t);
	if ((flags & CFLGS_OFF_SLAB) && left_over >= slab_size) {
		flags &= ~CFLGS_OFF_SLAB;
		left_over -= slab_size;
	}
	/* 12. colouring */
	offset = round_up(offset, align);
	if (!offset)
		offset = p->l1;
	/* 13. */
	if (!order && !(flags & CFLGS_OFF_SLAB))
		flags |= CFLGS_OPTIMIZE;

	g->flags = flags;
	g->objsize = size;
	g->num = num;
	g->gfporder = order;
	g->align = (unsigned)align;
	g->left_over = left_over;
	g->slab_size = slab_size;
	g->colour_off = (unsigned)offset;
	g->colour = (unsigned)(left_over / offset);
	return 0;
}

unsigned long skl__slab24_kflags_from(unsigned f)
{
	unsigned long k = 0;
	if (f & SKL_SLAB_HWCACHE_ALIGN)
		k |= K_HWCACHE_ALIGN;
	if (f & SKL_SLAB_RED_ZONE)
		k |= K_RED_ZONE;
	if (f & SKL_SLAB_POISON)
		k |= K_POISON;
	if (f & SKL_SLAB_NO_REAP)
		k |= K_NO_REAP;
	if (f & SKL_SLAB_CACHE_DMA)
		k |= K_CACHE_DMA;
	if (f & SKL_SLAB_MUST_HWCACHE_ALIGN)
		k |= K_MUST_HWCACHE_ALIGN;
	if (f & (SKL_SLAB_TYPESAFE_BY_RCU | SKL_SLAB_STORE_USER | SKL_SLAB_CONSISTENCY | SKL_SLAB_ACCOUNT |
		 SKL_SLAB_RECLAIM_ACCOUNT | SKL_SLAB_KMALLOC | SKL_SLAB_NO_MERGE))
		k |= K_NOT_IN_24;
	return k;
}

unsigned skl__slab24_sklflags_from(unsigned long k)
{
	unsigned f = 0;
	if (k & K_HWCACHE_ALIGN)
		f |= SKL_SLAB_HWCACHE_ALIGN;
	if (k & K_RED_ZONE)
		f |= SKL_SLAB_RED_ZONE;
	if (k & K_POISON)
		f |= SKL_SLAB_POISON;
	if (k & K_NO_REAP)
		f |= SKL_SLAB_NO_REAP;
	if (k & K_CACHE_DMA)
		f |= SKL_SLAB_CACHE_DMA;
	if (k & K_MUST_HWCACHE_ALIGN)
		f |= SKL_SLAB_MUST_HWCACHE_ALIGN;
	return f;
}

unsigned skl__slab24_cpucache_limit(const s24_params *p, size_t objsize)
{
	/* models enable_cpucache() */
	if (objsize > p->page)
		return 0;
	if (objsize > 1024)
		return 60;
	if (objsize > 256)
		return 124;
	return 252;
}
