/*
 * snapshot.c - freeing kernel snapshots (the copies of allocator state the
 * event log keeps for views). Taking them is the allocator's business.
 */
#include "sklab/kernel.h"
#include "sklab/objview.h"

void skl_kernel_snap_free(skl_kernel_snap *s)
{
	int i, j;
	if (!s)
		return;
	for (i = 0; i < s->ncaches; i++) {
		skl_cache_snap *c = &s->caches[i];
		for (j = 0; j < c->nslabs; j++) {
			skl_free(c->slabs[j].state);
			skl_free(c->slabs[j].bad);
		}
		skl_free(c->slabs);
		skl_layout_free(c->type);
	}
	skl_free(s->caches);
	skl_free(s->links);
	skl_obj_snap_free(s->obj);
	for (i = 0; i < s->nobjs; i++)
		skl_obj_snap_free(s->objs[i]);
	skl_free(s->objs);
	skl_free(s);
}
