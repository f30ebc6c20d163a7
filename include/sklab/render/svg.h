/*
 * svg.h - writes a draw list as one standalone SVG document: rectangles,
 * hatching through <pattern>, lines, arrows (a marker), text as <text> in
 * DejaVu Sans Mono / monospace, and each hover group as a <g> with a
 * <title>, so browsers show the same tooltips as the window.
 * Deterministic: the same list gives the same bytes.
 */
#ifndef SKLAB_RENDER_SVG_H
#define SKLAB_RENDER_SVG_H

#include "sklab/render/drawlist.h"

void skl_svg_write(const skl_dl *dl, const skl_sink *out);

#endif
