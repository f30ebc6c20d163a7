/*
 * pahole.c - layout text in pahole's format, and layout JSON.
 *
 * The format follows what dwarves' pahole prints: a type column 26 wide
 * (narrowing by a tab per nesting level), the member name, and a comment
 * starting at display column 57 with the offset and size; holes and
 * cache-line boundaries as comments; the footer after a blank line.
 */
#include "sklab/pahole.h"

#include <stdio.h>
#include <string.h>

#define COMMENT_COL 56 /* display column where the offset comment starts */

typedef struct pw {
	const skl_layout *l;
	const skl_sink *out;
	const skl_pahole_opts *o;
	uint64_t cl_next; /* next cache-line boundary not yet announced */
} pw;

static void tabs(pw *w, int n)
{
	int i;
	for (i = 0; i < n; i++)
		skl_sink_puts(w->out, "\t");
}

/* Writes s after n tabs, padding with spaces up to COMMENT_COL (at least one). */
static void pad_to_comment(pw *w, int ntabs, const char *s)
{
	int col = ntabs * 8 + (int)strlen(s);
	skl_sink_puts(w->out, s);
	if (col < COMMENT_COL)
		skl_sink_printf(w->out, "%*s", COMMENT_COL - col, "");
	else
		skl_sink_puts(w->out, " ");
}

static void num_comment(pw *w, const skl_field *f, uint64_t off, uint64_t size)
{
	if (f && f->bit_size) {
		if (w->o->hex)
			skl_sink_printf(w->out, "/* %#5llx:%#2x %#4llx */", (unsigned long long)off, f->bit_offset,
					(unsigned long long)size);
		else
			skl_sink_printf(w->out, "/* %5llu:%2u %2llu */", (unsigned long long)off, f->bit_offset,
					(unsigned long long)size);
	} else if (w->o->hex) {
		skl_sink_printf(w->out, "/* %#5llx %#5llx */", (unsigned long long)off, (unsigned long long)size);
	} else {
		skl_sink_printf(w->out, "/* %5llu %5llu */", (unsigned long long)off, (unsigned long long)size);
	}
}

static void cacheline_marker(pw *w, int depth, uint64_t off)
{
	unsigned cl = w->l->cacheline;
	if (off < w->cl_next)
		return;
	{
		uint64_t line = off / cl, boundary = line * cl;
		tabs(w, depth + 1);
		if (off == boundary)
			skl_sink_printf(w->out, "/* --- cacheline %llu boundary (%llu bytes) --- */\n",
					(unsigned long long)line, (unsigned long long)boundary);
		else
			skl_sink_printf(w->out, "/* --- cacheline %llu boundary (%llu bytes) was %llu bytes ago --- */\n",
					(unsigned long long)line, (unsigned long long)boundary,
					(unsigned long long)(off - boundary));
		w->cl_next = boundary + cl;
	}
}

static int field_type_width(int depth)
{
	int w = 26 - 8 * depth;
	return w < 1 ? 1 : w;
}

static uint64_t last_struct_padding(const skl_layout *l, const skl_field *f);

static int write_fields(pw *w, int parent, int depth, int first);

/* Writes field i (and, when expanded, its members); returns the next index. */
static int write_field(pw *w, int i)
{
	const skl_layout *l = w->l;
	const skl_field *f = &l->fields[i];
	int depth = f->depth;
	char line[1024];
	int next;

	if (f->force_align) {
		tabs(w, depth + 1);
		skl_sink_puts(w->out, "/* Force alignment to the next boundary: */\n");
		tabs(w, depth + 1);
		skl_sink_printf(w->out, "%-*s :0;\n\n", field_type_width(depth), f->decl_prefix);
	}
	cacheline_marker(w, depth, f->offset);
	if (f->expanded) {
		tabs(w, depth + 1);
		skl_sink_printf(w->out, "%s {\n", f->decl_prefix);
		next = write_fields(w, i, depth + 1, i + 1);
		tabs(w, depth + 1);
		if (f->decl_suffix[0])
			snprintf(line, sizeof(line), "} %s;", f->decl_suffix);
		else
			snprintf(line, sizeof(line), "};");
		pad_to_comment(w, depth + 1, line);
		num_comment(w, NULL, f->offset, f->size);
		skl_sink_puts(w->out, "\n");
	} else {
		char attr[64] = "";
		const skl_type *t = f->type;
		(void)t;
		tabs(w, depth + 1);
		if (f->bit_size)
			snprintf(line, sizeof(line), "%-*s %s:%u;", field_type_width(depth), f->decl_prefix, f->decl_suffix,
				 f->bit_size);
		else
			snprintf(line, sizeof(line), "%-*s %s%s;", field_type_width(depth), f->decl_prefix, f->decl_suffix,
				 attr);
		pad_to_comment(w, depth + 1, line);
		num_comment(w, f, f->offset, f->size);
		if (w->o->show_conds && f->cond)
			skl_sink_printf(w->out, " /* %s */", f->cond);
		skl_sink_puts(w->out, "\n");
		next = i + 1;
	}
	if (depth == 0 && !f->expanded && !f->bit_size) {
		uint64_t pad = last_struct_padding(l, f);
		if (pad) {
			skl_sink_puts(w->out, "\n");
			tabs(w, depth + 1);
			skl_sink_printf(w->out, "/* XXX last struct has %llu byte%s of padding */\n\n",
					(unsigned long long)pad, pad == 1 ? "" : "s");
		}
	}
	if (f->bit_hole_after) {
		skl_sink_puts(w->out, "\n");
		tabs(w, depth + 1);
		skl_sink_printf(w->out, "/* XXX %u bit%s hole, try to pack */\n", f->bit_hole_after,
				f->bit_hole_after == 1 ? "" : "s");
		if (!f->hole_after)
			skl_sink_puts(w->out, "\n");
	}
	if (f->hole_after) {
		skl_sink_puts(w->out, "\n");
		tabs(w, depth + 1);
		skl_sink_printf(w->out, "/* XXX %llu byte%s hole, try to pack */\n\n", (unsigned long long)f->hole_after,
				f->hole_after == 1 ? "" : "s");
	}
	return next;
}

/* Writes the members of parent starting at index first; returns the index after them. */
static int write_fields(pw *w, int parent, int depth, int first)
{
	const skl_layout *l = w->l;
	int i = first;
	while (i < l->nfields && l->fields[i].depth >= depth) {
		if (l->fields[i].depth == depth && l->fields[i].parent == parent)
			i = write_field(w, i);
		else
			i++;
	}
	return i;
}

/* Trailing padding of a member's struct type (pahole's "last struct has"). */
static uint64_t last_struct_padding(const skl_layout *l, const skl_field *f)
{
	skl_error err;
	skl_layout *sub;
	uint64_t pad;
	const skl_type *t = skl_type_resolve(f->type);
	if (!t || skl_type_kind(t) != SKL_K_STRUCT || !skl_type_tag(t))
		return 0;
	sub = skl_layout_compute(t, l->abi, l->config, l->cacheline, &err);
	if (!sub)
		return 0;
	pad = sub->padding;
	skl_layout_free(sub);
	return pad;
}

void skl_pahole_write(const skl_layout *l, const skl_sink *out, const skl_pahole_opts *o)
{
	static const skl_pahole_opts defaults;
	pw w;
	w.l = l;
	w.out = out;
	w.o = o ? o : &defaults;
	w.cl_next = l->cacheline;

	skl_sink_printf(out, "%s {\n", l->name);
	write_fields(&w, -1, 0, 0);
	skl_sink_puts(out, "\n");
	skl_sink_printf(out, "\t/* size: %llu, cachelines: %llu, members: %d */\n", (unsigned long long)l->size,
			(unsigned long long)l->cachelines, l->members);
	if (l->holes)
		skl_sink_printf(out, "\t/* sum members: %llu, holes: %d, sum holes: %llu */\n",
				(unsigned long long)l->sum_members, l->holes, (unsigned long long)l->sum_holes);
	if (l->bit_holes)
		skl_sink_printf(out, "\t/* sum bitfield members: %u bits, bit holes: %d, sum bit holes: %u bits */\n",
				l->sum_bitfield_bits, l->bit_holes, l->sum_bit_holes);
	if (l->padding)
		skl_sink_printf(out, "\t/* padding: %llu */\n", (unsigned long long)l->padding);
	if (l->paddings)
		skl_sink_printf(out, "\t/* paddings: %d, sum paddings: %llu */\n", l->paddings,
				(unsigned long long)l->sum_paddings);
	if (l->last_cacheline)
		skl_sink_printf(out, "\t/* last cacheline: %llu bytes */\n", (unsigned long long)l->last_cacheline);
	if (l->packed)
		skl_sink_puts(out, "} __attribute__((__packed__));\n");
	else if (l->aligned_attr)
		skl_sink_printf(out, "} __attribute__((__aligned__(%u)));\n", l->aligned_attr);
	else
		skl_sink_puts(out, "};\n");
}

/* ---- JSON ------------------------------------------------------------------ */

static void json_str(const skl_sink *out, const char *s)
{
	skl_sink_puts(out, "\"");
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			skl_sink_printf(out, "\\%c", c);
		else if (c < 0x20)
			skl_sink_printf(out, "\\u%04x", c);
		else
			out->write(out->ud, (const char *)&c, 1);
	}
	skl_sink_puts(out, "\"");
}

void skl_layout_write_json(const skl_layout *l, const skl_sink *out)
{
	int i;
	skl_sink_puts(out, "{\n  \"name\": ");
	json_str(out, l->name);
	skl_sink_puts(out, ",\n  \"abi\": ");
	json_str(out, l->abi->name);
	skl_sink_puts(out, ",\n  \"config\": ");
	json_str(out, l->config);
	skl_sink_printf(out,
			",\n  \"size\": %llu,\n  \"align\": %u,\n  \"cacheline\": %u,\n  \"cachelines\": %llu,\n"
			"  \"members\": %d,\n  \"sum_members\": %llu,\n  \"holes\": %d,\n  \"sum_holes\": %llu,\n"
			"  \"sum_bitfield_bits\": %u,\n  \"bit_holes\": %d,\n  \"sum_bit_holes\": %u,\n"
			"  \"padding\": %llu,\n  \"last_cacheline\": %llu,\n  \"fields\": [",
			(unsigned long long)l->size, l->align, l->cacheline, (unsigned long long)l->cachelines, l->members,
			(unsigned long long)l->sum_members, l->holes, (unsigned long long)l->sum_holes,
			l->sum_bitfield_bits, l->bit_holes, l->sum_bit_holes, (unsigned long long)l->padding,
			(unsigned long long)l->last_cacheline);
	for (i = 0; i < l->nfields; i++) {
		const skl_field *f = &l->fields[i];
		skl_sink_puts(out, i ? ",\n    {" : "\n    {");
		skl_sink_puts(out, "\"name\": ");
		json_str(out, f->name);
		skl_sink_puts(out, ", \"path\": ");
		json_str(out, f->path);
		skl_sink_puts(out, ", \"type\": ");
		json_str(out, f->type_name);
		skl_sink_printf(out,
				", \"offset\": %llu, \"size\": %llu, \"align\": %u, \"bit_offset\": %u, \"bit_size\": %u, "
				"\"depth\": %d, \"parent\": %d, \"cacheline_first\": %llu, \"cacheline_last\": %llu, "
				"\"hole_after\": %llu, \"bit_hole_after\": %u",
				(unsigned long long)f->offset, (unsigned long long)f->size, f->align, f->bit_offset,
				f->bit_size, f->depth, f->parent, (unsigned long long)f->cl_first,
				(unsigned long long)f->cl_last, (unsigned long long)f->hole_after, f->bit_hole_after);
		if (f->cond) {
			skl_sink_puts(out, ", \"config\": ");
			json_str(out, f->cond);
		}
		skl_sink_puts(out, "}");
	}
	skl_sink_puts(out, "\n  ]\n}\n");
}
