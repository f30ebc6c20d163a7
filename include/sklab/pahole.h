/*
 * pahole.h - writes a layout as pahole prints it (dwarves 1.2x), so the two
 * can be diffed: the "offset size" comments, holes, bit holes, cache-line
 * boundaries and the footer.
 */
#ifndef SKLAB_PAHOLE_H
#define SKLAB_PAHOLE_H

#include "sklab/layout.h"

typedef struct skl_pahole_opts {
	int hex;	/* offsets and sizes as 0x... (pahole --hex) */
	int show_conds; /* append the CONFIG_ condition that kept a member */
} skl_pahole_opts;

/* o may be NULL for pahole's defaults. */
void skl_pahole_write(const skl_layout *l, const skl_sink *out, const skl_pahole_opts *o);

/* One JSON object describing the layout (every field, holes, footer),
 * written through libjansson; nothing when out of memory. */
void skl_layout_write_json(const skl_layout *l, const skl_sink *out);

/* The same object for a writer that embeds it (sklab/json.h), NULL when
 * out of memory, and the line breaks skl_layout_write_json gives it. */
struct json_t;
struct skl_json_break;
struct json_t *skl_layout_json(const skl_layout *l);
const struct skl_json_break *skl_layout_json_breaks(void);

#endif
