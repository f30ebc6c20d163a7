/*
 * slub_explain.c - SLUB's geometry in words: why calculate_order() chose
 * an order, where calculate_sizes() put the free pointer, and what makes a
 * live cache's sysfs figures differ from the model's. What `sklab
 * slabinfo` prints beside the numbers; pure functions of the geometry.
 */
#include "slub_impl.h"

#include <stdio.h>
#include <string.h>

void skl_slub_order_reason(const skl_slub_params *p, const skl_slub_geom *g, char *buf, size_t n)
{
	unsigned max_objs = skl_slub_order_objects(p, p->max_order, g->size), min_order, fraction;
	uint64_t slab = (uint64_t)p->page_size << g->order, rem = slab % g->size;
	if (max_objs < 1)
		max_objs = 1;
	min_order = skl_slub_get_order(p, (uint64_t)g->min_objects * g->size);
	if (min_order < p->min_order)
		min_order = p->min_order;
	if (p->pre67) {
		snprintf(buf, n, "pre-6.7 search from min_objects %u down: waste %llu of %llu bytes", g->min_objects,
			 (unsigned long long)rem, (unsigned long long)slab);
		return;
	}
	if (min_order > p->max_order) {
		snprintf(buf, n, "one object needs more than order %u (slab_max_order): get_order(%u) = %u",
			 p->max_order, g->size, g->order);
		return;
	}
	for (fraction = 16; fraction > 1; fraction /= 2)
		if (rem <= slab / fraction)
			break;
	snprintf(buf, n, "%u objects need order %u; waste %llu of %llu bytes <= 1/%u", g->min_objects, min_order,
		 (unsigned long long)rem, (unsigned long long)slab, fraction > 1 ? fraction : 2);
}

const char *skl_slub_freeptr_reason(const skl_slub_geom *g)
{
	if (g->fp_rule == SKL_SLUB_FP_FIXED)
		return "at the caller's freeptr_offset";
	if (g->fp_rule == SKL_SLUB_FP_MIDDLE)
		return "inside, in the middle of the object";
	if (g->fp_rule == SKL_SLUB_FP_WORD0)
		return "inside, the object's first word (2.6.31)";
	/* poison and a constructor move it out even past a freeptr_offset */
	if (g->flags & SKL_SLAB_POISON)
		return "after the object: poisoned when free";
	if (g->ctor)
		return "after the object: the constructor's state must survive";
	if ((g->flags & SKL_SLAB_TYPESAFE_BY_RCU) && g->fp_word0_era)
		return "after the object: SLAB_DESTROY_BY_RCU"; /* 2.6.31's name for it */
	if (g->flags & SKL_SLAB_TYPESAFE_BY_RCU)
		return "after the object: SLAB_TYPESAFE_BY_RCU";
	if (g->orig_size)
		return "after the object: kmalloc orig_size with red zones";
	return "after the object: red zone on a tiny object";
}

void skl_slub_explain_mismatch(const skl_slub_params *p, const skl_slub_geom *g, long slab_size, long order, char *buf,
			       size_t n)
{
	skl_slub_params q = *p;
	unsigned mo;
	if ((long)g->size < slab_size) {
		snprintf(buf, n,
			 "slab_size %ld is %ld bytes more than the model's %u: a constructor or an RCU free pointer "
			 "the model was not told about, or debug metadata",
			 slab_size, slab_size - (long)g->size, g->size);
		return;
	}
	if ((long)g->size > slab_size) {
		snprintf(buf, n,
			 "the model's slab_size %u is %ld bytes more than the kernel's %ld: the kernel keeps the free "
			 "pointer inside (kmem_cache_args.freeptr_offset?)",
			 g->size, (long)g->size - slab_size, slab_size);
		return;
	}
	for (mo = 1; mo <= 64; mo++) {
		q.min_objects = mo;
		if (skl_slub_calculate_order(&q, g->size, NULL) == order)
			break;
	}
	if (mo <= 64)
		snprintf(buf, n,
			 "same slab_size, order %ld instead of %u: the kernel's min_objects looks like %u, not %u "
			 "(slab_min_objects=, or a different CPU count)",
			 order, g->order, mo, g->min_objects);
	else
		snprintf(buf, n,
			 "same slab_size, order %ld instead of %u: no min_objects explains it (slab_min_order= or "
			 "slab_max_order=?)",
			 order, g->order);
}
