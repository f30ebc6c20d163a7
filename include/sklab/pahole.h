/*
 * pahole.h - writes a layout as pahole prints it (dwarves 1.2x), so the two
 * can be diffed: the "offset size" comments, holes, bit holes, cache-line
 * boundaries and the footer.
 */
#ifndef SKLAB_PAHOLE_H
#define SKLAB_PAHOLE_H

#include "sklab/layout.h"

typedef struct skl_pahole_opts {
	int hex;        /* offsets and sizes as 0x... (pahole --hex) */
	int show_conds; /* append the CONFIG_ condition that kept a member */
} skl_pahole_opts;

/* o may be NULL for pahole's defaults. */
void skl_pahole_write(const skl_layout *l, const skl_sink *out, const skl_pahole_opts *o);

/* One JSON object describing the layout (every field, holes, footer). */
void skl_layout_write_json(const skl_layout *l, const skl_sink *out);

#endif
