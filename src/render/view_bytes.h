/*
 * view_bytes.h - what is in an object: the bytes view (one object's hex
 * dump, 16 bytes a row, each member a colour band over its bytes and its
 * decoded value beside the row it starts in; holes and padding hatched,
 * cache-line boundaries ruled) and the slab view's pointer arrows (from the
 * object holding a pointer to the object it points into). Appends to a draw
 * list; never calls SDL. Hover groups and their keys:
 *   "<obj>:bytes:header"              the title line
 *   "<obj>:bytes:member:<path>"       a member's bytes and its value
 *   "<obj>:bytes:hole:<offset>"       a hole (or the trailing padding)
 *   "<obj>:bytes:line:<n>"            cache line n's rule
 *   "<obj>:bytes:more"                the note on rows left out
 *   "<obj>:ptr:<i>"                   pointer arrow i of the slab view (vermilion,
 *                                     from a square on the holder to the target)
 * Private to src/render.
 */
#ifndef SKLAB_RENDER_VIEW_BYTES_H
#define SKLAB_RENDER_VIEW_BYTES_H

#include "sklab/objview.h"
#include "sklab/render/drawlist.h"

typedef struct skl_view_bytes_opts {
	float x, y, w, h; /* region; w or h 0 = the whole canvas */
	int obj;	  /* object number used in keys */
	float text_scale; /* 0 = from the canvas */
	uint64_t first;	  /* first byte shown (rounded down to 16) */
} skl_view_bytes_opts;

/* Appends the bytes view of s. 0, or -1 when out of memory. */
int skl_view_bytes(skl_dl *dl, const skl_obj_snap *s, const skl_view_bytes_opts *o);

/* Draws k's pointer links as arrows over a slab view of k already in dl
 * (found by its object keys, prefix obj): from the middle of the holding
 * object's cell to the target's, curving above the row when both are in
 * one strip. Links whose cells the view did not draw one by one are left
 * out. 0, or -1 when out of memory. */
int skl_view_slab_pointers(skl_dl *dl, const skl_kernel_snap *k, int obj, float u);

#endif
