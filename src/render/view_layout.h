/*
 * view_layout.h - the layout view: a struct drawn in rows of one cache line
 * each, members as labelled blocks sized by their bytes, coloured by kind;
 * holes and padding hatched, bitfields inside their storage unit, unions as
 * stacked lanes of their alternatives; cache-line numbers and offsets on the
 * left, a header with name, size, cache lines and ABI, and a legend.
 *
 * Appends to a draw list and never calls SDL. Every member, hole and
 * padding area is a hover group with a tooltip and a key:
 *   "<obj>:struct"            the header
 *   "<obj>:field:<path>"      a member ("0:field:tp_pinfo.af_tcp")
 *   "<obj>:hole:<path>"       the hole after a member
 *   "<obj>:bithole:<path>"    unused bits after a bitfield
 *   "<obj>:pad" / "<obj>:pad:<path>"  trailing padding (of an inner struct)
 *   "<obj>:line:<n>"          the gutter of cache line n
 *   "<obj>:legend:<kind>"     a legend entry
 *   "<obj>:heat"              the heat scale (with a heat overlay)
 */
#ifndef SKLAB_RENDER_VIEW_LAYOUT_H
#define SKLAB_RENDER_VIEW_LAYOUT_H

#include "sklab/render/drawlist.h"
#include "sklab/layout.h"

struct skl_heat;

typedef struct skl_view_layout_opts {
	float x, y, w, h; /* region of the canvas; w or h 0 = the whole canvas */
	int obj;	  /* object number used in keys */
	/* Members to emphasise: dotted paths ("daddr", "tp_pinfo.af_tcp"; an
	 * expanded member covers its members) or "line:N" for cache line N.
	 * When any is given the rest is drawn dimmed. */
	const char *const *highlight;
	int nhighlight;
	int no_legend;	  /* 1 = leave the legend out */
	int no_header;	  /* 1 = leave the header out */
	float text_scale; /* 0 = automatic (from the canvas size) */
	/* 1 = draw every row even when rows are cramped; by default runs of
	 * rows that one member fills (tcp_sock's inet_conn) fold into a band */
	int no_fold;
	/* A heat overlay (one value per field, e.g. L1d misses): members are
	 * tinted cold to hot by their value, 0 = untouched, the value printed
	 * in the block when it fits, and the legend becomes the heat scale.
	 * NULL = the kind colours. */
	const struct skl_heat *heat;
} skl_view_layout_opts;

/* Appends the view of l. 0, or -1 when the list ran out of memory. */
int skl_view_layout(skl_dl *dl, const skl_layout *l, const skl_view_layout_opts *o);

/* What a member is drawn as; the legend names these. */
typedef enum skl_view_kind {
	SKL_VK_INT, /* integers, enums, floating point */
	SKL_VK_PTR,
	SKL_VK_FNPTR,
	SKL_VK_ARRAY,
	SKL_VK_STRUCT,
	SKL_VK_UNION,
	SKL_VK_BITFIELD,
	SKL_VK_SYNC, /* locks, atomics, wait queues */
	SKL_VK_HOLE,
	SKL_VK_PAD,
	SKL_VK_COUNT_
} skl_view_kind;

/* The kind a field is drawn as (from its type's printed name, since the
 * type back-pointer may outlive its database). */
skl_view_kind skl_view_field_kind(const skl_field *f);
const char *skl_view_kind_name(skl_view_kind k); /* "pointer", "hole"... */
skl_color skl_view_kind_fill(skl_view_kind k);
skl_color skl_view_kind_stroke(skl_view_kind k);

/* The tooltip text of field i of l (name, type, offset, size, cache lines,
 * config condition) into out. */
void skl_view_field_tooltip(const skl_layout *l, int i, char *out, size_t outsz);

#endif
