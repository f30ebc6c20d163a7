/*
 * pahole.c - layout text in pahole's format, and layout JSON.
 *
 * The text models what dwarves' pahole (1.24) prints from gcc's DWARF for
 * the same struct, so the two can be diffed byte for byte: its column
 * arithmetic (type column 26 wide, 8 less per nesting level; comments after
 * 23 more, 21 under a top-level union), its hole, bit-hole and "Force
 * alignment" bookkeeping, the bitfields it synthesises for holes, the
 * packed attribute it infers, the alignment attributes gcc records, the
 * cache-line markers and the footer. Functions named after a dwarves
 * function model that function. Never lays anything out itself.
 */
#include "sklab/pahole.h"
#include "sklab/json.h"

#include "types_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define TYPE_SPACING 26
#define NAME_SPACING 23 /* 21 for a union at the top */
#define PACKED_ATTR " __attribute__((__packed__))"

typedef struct pw {
	const skl_layout *l;
	const skl_sink *out;
	const skl_pahole_opts *o;
	int name_spacing;
	uint64_t cacheline;  /* the last cache line announced (dwarves' *cachelinep) */
	signed char *packed; /* per expanded field: -1 not inferred yet, 0, 1 */
	signed char top_packed;
	skl__ctype_map *nat; /* record -> its natural alignment, worked out once */
} pw;

/* A struct or union level: the top (parent -1) or an expanded field. */
typedef struct lvl {
	int parent; /* field index, -1 for the top */
	int depth;  /* depth of its members */
	int is_union;
	uint64_t start; /* absolute byte offset */
	uint64_t size;
	uint64_t padding;
	unsigned bit_padding;
	unsigned user_align; /* DW_AT_alignment of the type */
	int nmembers;
	int end;  /* fields of this level are before this index */
	int last; /* its last member's field index, -1 = none */
} lvl;

/* ---- strings ----------------------------------------------------------------- */

typedef struct str {
	char s[2048];
	size_t n;
} str;

static void sput(str *b, const char *s)
{
	size_t k = strlen(s);
	if (b->n + k >= sizeof(b->s))
		k = sizeof(b->s) - 1 - b->n;
	memcpy(b->s + b->n, s, k);
	b->n += k;
	b->s[b->n] = '\0';
}

static void sprintf_(str *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void sprintf_(str *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (b->n < sizeof(b->s) - 1) {
		int k = vsnprintf(b->s + b->n, sizeof(b->s) - b->n, fmt, ap);
		if (k > 0)
			b->n += (size_t)k < sizeof(b->s) - b->n ? (size_t)k : sizeof(b->s) - 1 - b->n;
	}
	va_end(ap);
}

static void sinit(str *b)
{
	b->n = 0;
	b->s[0] = '\0';
}

/* printf's "%*s" with " ": |w| characters, at least one. */
static void spaces(str *b, int w)
{
	int k = w < 0 ? -w : w;
	if (k < 1)
		k = 1;
	sprintf_(b, "%*s", k, "");
}

static void tabs(pw *w, int n)
{
	int i;
	for (i = 0; i < n; i++)
		skl_sink_puts(w->out, "\t");
}

/* ---- type names as dwarves prints them ------------------------------------------ */

static int is_record(const skl_type *t)
{
	return t && (t->kind == SKL_K_STRUCT || t->kind == SKL_K_UNION || t->kind == SKL_K_ENUM);
}

static void ftype_text(const skl_type *f, const char *name, int is_pointer, int type_spacing, str *b);

/* A print-only alias of a qualified type ("const char ", see
 * skl_type_alias()) whose qualifier is qual. */
static int is_qual_alias(const skl_type *t, const char *qual)
{
	size_t n = strlen(qual);
	return t && t->kind == SKL_K_TYPEDEF && t->tag && t->ref && !strncmp(t->tag, qual, n) && t->tag[n] == ' ';
}

/* models __tag__name() */
static void tag_name(const skl_type *t, str *b)
{
	if (!t) {
		sput(b, "void");
		return;
	}
	switch (t->kind) {
	case SKL_K_BASE:
	case SKL_K_TYPEDEF:
		sput(b, t->tag ? t->tag : "");
		return;
	case SKL_K_POINTER: /* tag__ptr_name() */
		if (t->ref && t->ref->kind == SKL_K_BASE && t->ref->base == SKL_B_VOID) {
			sput(b, "void *");
			return;
		}
		if (is_qual_alias(t->ref, "const") && t->ref->ref->kind == SKL_K_POINTER) {
			tag_name(t->ref->ref, b); /* a pointer to a const pointer */
			sput(b, " const *");
			return;
		}
		tag_name(t->ref, b);
		sput(b, " *");
		return;
	case SKL_K_ARRAY:
		tag_name(t->ref, b);
		return;
	case SKL_K_FUNC:
		ftype_text(t, NULL, 0, 0, b);
		return;
	case SKL_K_STRUCT:
		sprintf_(b, "struct %s", t->tag ? t->tag : "");
		return;
	case SKL_K_UNION:
		sprintf_(b, "union %s", t->tag ? t->tag : "");
		return;
	case SKL_K_ENUM:
		sprintf_(b, "enum %s", t->tag ? t->tag : "");
		return;
	}
}

/* models ftype__fprintf() with is_prototype set */
static void ftype_text(const skl_type *f, const char *name, int is_pointer, int type_spacing, str *b)
{
	str r;
	sinit(&r);
	tag_name(f->ref, &r);
	sprintf_(b, "%-*s (%s%s)(%s)", type_spacing, r.s, is_pointer ? "*" : "", name ? name : "",
		 f->params ? f->params : "void");
}

/* Array dimensions, outermost first, and the element type. */
static const skl_type *array_dims(const skl_type *t, uint64_t *dims, int *ndims)
{
	*ndims = 0;
	while (t && t->kind == SKL_K_ARRAY && *ndims < 16) {
		dims[(*ndims)++] = t->count;
		t = t->ref;
	}
	return t;
}

typedef struct mctx {
	int last_member;
	int first_member;
	int union_member;
} mctx;

/* models type__fprintf() for a type that is not printed inline */
static void type_text(const skl_type *t, const char *name, int ts, const mctx *mc, str *b)
{
	if (!name)
		name = "";
	if (is_qual_alias(t, "const") || is_qual_alias(t, "_Atomic")) {
		/* dwarves prints these modifiers before the type, narrowing its column */
		size_t n = strlen(t->tag) - strlen(strchr(t->tag, ' ')) + 1;
		sprintf_(b, "%.*s", (int)n, t->tag);
		type_text(t->ref, name, ts - (int)n, mc, b);
		return;
	}
	switch (t->kind) {
	case SKL_K_POINTER:
		if (t->ref && t->ref->kind == SKL_K_FUNC) {
			ftype_text(t->ref, name, 1, ts, b);
			return;
		}
		break;
	case SKL_K_FUNC:
		ftype_text(t, name, 0, ts, b);
		return;
	case SKL_K_ARRAY: { /* array_type__fprintf() */
		uint64_t dims[16];
		int n, i;
		const skl_type *e = array_dims(t, dims, &n);
		int single = mc && mc->last_member && mc->first_member;
		type_text(e, name, ts, NULL, b);
		for (i = 0; i < n; i++) {
			if (dims[i] != 0 || !mc || !mc->last_member || single || mc->union_member)
				sprintf_(b, "[%llu]", (unsigned long long)dims[i]);
			else
				sput(b, "[]");
		}
		return;
	}
	case SKL_K_STRUCT:
		if (t->tag) {
			sprintf_(b, "struct %-*s %s", ts - 7, t->tag, name);
			return;
		}
		break;
	case SKL_K_UNION:
		if (t->tag) {
			sprintf_(b, "union %-*s %s", ts - 6, t->tag, name);
			return;
		}
		break;
	case SKL_K_ENUM:
		if (t->tag) {
			sprintf_(b, "enum %-*s %s", ts - 5, t->tag, name);
			return;
		}
		break;
	default:
		break;
	}
	{
		str tn;
		sinit(&tn);
		tag_name(t, &tn);
		sprintf_(b, "%-*s %s", ts, tn.s, name);
	}
}

/* ---- natural alignment and packed inference ------------------------------------- */

static const skl_type *strip_typedefs(const skl_type *t)
{
	int guard = 0;
	while (t && t->kind == SKL_K_TYPEDEF && guard++ < 256)
		t = t->ref;
	return t;
}

/* models tag__natural_alignment(): sizes, not ABI alignments */
static unsigned natural_align(const pw *w, const skl_type *t, int depth)
{
	unsigned a = 1;
	t = strip_typedefs(t);
	if (!t || depth > 64)
		return 1;
	switch (t->kind) {
	case SKL_K_POINTER:
		a = w->l->abi->size[SKL_B_PTR];
		break;
	case SKL_K_BASE:
		a = w->l->abi->size[t->base];
		if (t->base == SKL_B_VOID)
			a = 1;
		break;
	case SKL_K_ENUM:
		a = t->enum_size ? t->enum_size : w->l->abi->enum_size;
		break;
	case SKL_K_ARRAY:
		a = natural_align(w, t->ref, depth + 1);
		break;
	case SKL_K_STRUCT:
	case SKL_K_UNION: {
		skl__ctype_ent *e = w->nat ? skl__ctype_pmap_get(w->nat, t) : NULL;
		int i;
		if (e)
			return (unsigned)e->num;
		a = 0;
		for (i = 0; i < t->nmembers; i++) {
			const skl_member *m = &t->members[i];
			unsigned ma;
			if (!m->name && m->bits >= 0)
				continue; /* unnamed bitfields are not in DWARF */
			if (skl_config_eval(m->cond, w->l->config, NULL) != 1)
				continue;
			ma = natural_align(w, m->type, depth + 1);
			if (ma > a)
				a = ma;
		}
		/* remembered: a record holding two of a record holding two of
		 * ... is walked once, not 2^depth times */
		if (w->nat && (e = skl__ctype_pmap_put(w->nat, t)))
			e->num = a ? a : 1;
		break;
	}
	default:
		break;
	}
	return a ? a : 1;
}

static int nth_child(const skl_layout *l, const lvl *v, int j)
{
	return l->fields[j].parent == v->parent && l->fields[j].depth == v->depth;
}

/* Where a level's fields end (they follow its field, deeper than it) and
 * which is its last member: found once, so that no loop over a level's
 * members runs over the whole layout. */
static void level_bounds(const skl_layout *l, lvl *v)
{
	int j;
	v->last = -1;
	for (j = v->parent + 1; j < l->nfields && (v->parent < 0 || l->fields[j].depth >= v->depth); j++)
		if (nth_child(l, v, j))
			v->last = j;
	v->end = j;
}

/* The level an expanded field opens. */
static void level_of(const pw *w, int idx, lvl *v)
{
	const skl_field *f = &w->l->fields[idx];
	v->parent = idx;
	v->depth = f->depth + 1;
	v->is_union = f->is_union;
	v->start = f->offset;
	v->size = f->size;
	v->padding = f->is_union ? 0 : f->padding;
	v->bit_padding = f->is_union ? 0 : f->bit_padding;
	v->user_align = f->rec_user_align;
	v->nmembers = f->nmembers;
	level_bounds(w->l, v);
}

static signed char *packed_slot(pw *w, const lvl *v)
{
	return v->parent < 0 ? &w->top_packed : &w->packed[v->parent];
}

static int level_nr_holes(const pw *w, const lvl *v, uint64_t *pre_hole, unsigned *pre_bit_hole);

/* models class__infer_packed_attributes() and union__infer_packed_attributes() */
static int infer_packed(pw *w, const lvl *v)
{
	const skl_layout *l = w->l;
	signed char *slot = packed_slot(w, v);
	int j, from = v->parent + 1;
	unsigned max_na = 1;
	uint64_t pre_hole;
	unsigned pre_bit_hole;
	if (*slot >= 0)
		return *slot;
	if (v->is_union) {
		for (j = from; j < v->end; j++) {
			const skl_field *f = &l->fields[j];
			if (!nth_child(l, v, j))
				continue;
			if (f->expanded && !f->is_union && v->size % natural_align(w, f->type, 0) != 0)
				w->packed[j] = 1;
		}
		*slot = 0;
		return 0;
	}
	if (v->padding || level_nr_holes(w, v, &pre_hole, &pre_bit_hole)) {
		/* type__check_structs_at_unnatural_alignments() */
		for (j = from; j < v->end; j++) {
			const skl_field *f = &l->fields[j];
			if (!nth_child(l, v, j))
				continue;
			if (f->expanded && !f->is_union && (f->offset - v->start) % natural_align(w, f->type, 0) != 0)
				w->packed[j] = 1;
		}
		*slot = 0;
		return 0;
	}
	*slot = 0;
	for (j = from; j < v->end; j++) {
		const skl_field *f = &l->fields[j];
		unsigned na;
		if (!nth_child(l, v, j))
			continue;
		na = natural_align(w, f->type, 0);
		if (na == 1)
			continue;
		if (na > max_na)
			max_na = na;
		if ((f->offset - v->start) % na != 0) {
			*slot = 1;
			return 1;
		}
	}
	if ((max_na != 1 && v->user_align == 1) || v->size % max_na != 0)
		*slot = 1;
	return *slot;
}

/* Holes among a struct level's members: the count pahole reports, and the
 * hole before the first member (class->pre_hole, pre_bit_hole). */
static int level_nr_holes(const pw *w, const lvl *v, uint64_t *pre_hole, unsigned *pre_bit_hole)
{
	const skl_layout *l = w->l;
	int j, n = 0, first = 1;
	*pre_hole = 0;
	*pre_bit_hole = 0;
	for (j = v->parent + 1; j < v->end; j++) {
		const skl_field *f = &l->fields[j];
		if (!nth_child(l, v, j))
			continue;
		if (first) {
			uint64_t rel = f->offset - v->start, bit = f->bit_pos - v->start * 8;
			if (f->bit_size) {
				if (rel > 0)
					*pre_hole = rel;
				*pre_bit_hole = (unsigned)(bit - rel * 8);
			} else {
				*pre_hole = rel;
			}
			n += *pre_hole != 0;
			first = 0;
		}
		n += f->hole_after != 0;
	}
	return n;
}

static int level_nr_bit_holes(const pw *w, const lvl *v, unsigned pre_bit_hole)
{
	const skl_layout *l = w->l;
	int j, n = pre_bit_hole != 0;
	for (j = v->parent + 1; j < v->end; j++)
		if (nth_child(l, v, j) && l->fields[j].bit_hole_after)
			n++;
	return n;
}

/* ---- members ------------------------------------------------------------------------ */

typedef struct cconf {
	int indent; /* tabs before this level's members */
	int type_spacing;
	int emit_stats;
} cconf;

static void print_level(pw *w, const lvl *v, const cconf *c, str *tail);

/* models class__fprintf_cacheline_boundary() */
static void cacheline_boundary(pw *w, uint64_t offset, int indent)
{
	uint64_t cl = w->l->cacheline, line = offset / cl;
	if (line > w->cacheline) {
		uint64_t pos = offset % cl;
		if (pos == 0)
			skl_sink_printf(w->out, "/* --- cacheline %llu boundary (%llu bytes) --- */\n",
					(unsigned long long)line, (unsigned long long)(offset - pos));
		else
			skl_sink_printf(w->out,
					"/* --- cacheline %llu boundary (%llu bytes) was %llu byte%s ago --- */\n",
					(unsigned long long)line, (unsigned long long)(offset - pos),
					(unsigned long long)pos, pos > 1 ? "s" : "");
		tabs(w, indent);
		w->cacheline = line;
	}
}

static void offset_comment(pw *w, str *b, uint64_t offset, const skl_field *f)
{
	int size_spacing = 5;
	sprintf_(b, w->o->hex ? "/* %#5llx" : "/* %5llu", (unsigned long long)offset);
	if (f->bit_size) {
		sprintf_(b, w->o->hex ? ":%#2x" : ":%2u", f->bit_offset);
		size_spacing -= 3;
	}
	sprintf_(b, w->o->hex ? " %#*llx */" : " %*llu */", size_spacing, (unsigned long long)f->size);
}

/* models enumeration__fprintf() for an enum defined inside a struct */
static void print_enum(pw *w, const skl_type *e, int indent, str *tail)
{
	int i, width = 0;
	unsigned size = e->enum_size ? e->enum_size : w->l->abi->enum_size;
	int is_signed = 0;
	for (i = 0; i < e->nenums; i++) {
		int n = (int)strlen(e->enums[i].name);
		if (n > width)
			width = n;
		if (e->enums[i].value < 0)
			is_signed = 1;
	}
	skl_sink_puts(w->out, "enum {\n");
	for (i = 0; i < e->nenums; i++) {
		tabs(w, indent);
		if (is_signed)
			skl_sink_printf(w->out, "\t%-*s = %lld,\n", width, e->enums[i].name,
					(long long)e->enums[i].value);
		else
			skl_sink_printf(w->out, "\t%-*s = %llu,\n", width, e->enums[i].name,
					(unsigned long long)e->enums[i].value);
	}
	tabs(w, indent);
	sput(tail, "}");
	if (size != 4)
		sput(tail, PACKED_ATTR);
}

/* models class_member__fprintf(): one member, tabs already written */
static void print_member(pw *w, int idx, int indent, int ts, const mctx *mc)
{
	const skl_field *f = &w->l->fields[idx];
	const char *name = f->name[0] ? f->name : NULL;
	int inline_enum = f->type && f->type->kind == SKL_K_ENUM && !f->type->tag;
	str b;
	int aligned_len = 0;
	sinit(&b);
	cacheline_boundary(w, f->offset, indent);
	if (inline_enum) {
		print_enum(w, f->type, indent, &b);
		if (name)
			sprintf_(&b, " %s", name);
	} else if (f->expanded) {
		lvl v;
		cconf c;
		str tail;
		level_of(w, idx, &v);
		c.indent = indent;
		c.type_spacing = ts - 8;
		c.emit_stats = 0;
		sinit(&tail);
		print_level(w, &v, &c, &tail); /* "struct {" ... up to "}" and attributes */
		sput(&b, tail.s);
		if (name)
			sprintf_(&b, " %s", name);
	} else if (is_record(f->type)) {
		type_text(f->type, NULL, ts, mc, &b);
		if (name)
			sput(&b, name);
	} else {
		type_text(f->type, name, ts, mc, &b);
	}
	if (f->bit_size)
		sprintf_(&b, ":%u", f->bit_size);
	if (f->user_align) {
		size_t before = b.n;
		sprintf_(&b, " __attribute__((__aligned__(%u)))", f->user_align);
		aligned_len = (int)(b.n - before);
	}
	sput(&b, ";");
	if (f->expanded || inline_enum) {
		int slen = aligned_len + (name ? (int)strlen(name) : -1);
		if (f->expanded && !f->is_union && w->packed[idx] == 1)
			slen += (int)sizeof("__attribute__((__packed__))"); /* as dwarves counts it */
		spaces(&b, ts + w->name_spacing - slen - 3);
		offset_comment(w, &b, f->offset, f);
	} else {
		int spacing = ts + w->name_spacing - (int)b.n;
		spaces(&b, spacing > 0 ? spacing : 0);
		offset_comment(w, &b, f->offset, f);
	}
	skl_sink_puts(w->out, b.s);
}

/* Trailing padding of a struct member's type (an inline one, or a named
 * struct: dwarves looks at the member's own type, so not through a typedef). */
static uint64_t member_type_padding(const pw *w, const skl_field *f)
{
	uint64_t pad = 0;
	if (f->expanded)
		return f->is_union ? 0 : f->padding;
	if (f->type && f->type->kind == SKL_K_STRUCT && f->type->tag) {
		skl_error err;
		skl_layout *sub = skl_layout_compute(f->type, w->l->abi, w->l->config, w->l->cacheline, &err);
		if (sub) {
			pad = sub->padding;
			skl_layout_free(sub);
		}
	}
	return pad;
}

/* The size dwarves' tag__size() gives a member's type. */
static uint64_t type_size(const pw *w, const skl_field *f)
{
	uint64_t size = 0;
	unsigned align;
	if (f->expanded)
		return f->size;
	if (skl_type_size_align(f->type, w->l->abi, w->l->config, &size, &align, NULL) < 0)
		return 0;
	return size;
}

static int last_child(const skl_layout *l, const lvl *v, int j)
{
	(void)l;
	return j == v->last;
}

/* models union__fprintf(): members at c->indent + 1; leaves "}" in tail */
static void print_union(pw *w, const lvl *v, const cconf *c, str *tail)
{
	const skl_layout *l = w->l;
	uint64_t saved;
	int j, first = 1;
	infer_packed(w, v);
	saved = w->cacheline;
	for (j = v->parent + 1; j < v->end; j++) {
		mctx mc;
		if (!nth_child(l, v, j))
			continue;
		mc.union_member = 1;
		mc.first_member = first;
		mc.last_member = last_child(l, v, j);
		first = 0;
		tabs(w, c->indent + 1);
		print_member(w, j, c->indent + 1, c->type_spacing, &mc);
		skl_sink_puts(w->out, "\n");
		w->cacheline = saved; /* each member starts from the union's line */
	}
	tabs(w, c->indent);
	sput(tail, "}");
}

/* An "XXX" comment on its own line after a member; fmt takes n and a plural "s". */
static void xxx_line(pw *w, int *newline, int indent, const char *fmt, unsigned long long n)
{
	if (!(*newline)++)
		skl_sink_puts(w->out, "\n");
	skl_sink_puts(w->out, "\n");
	tabs(w, indent);
	skl_sink_printf(w->out, fmt, n, n != 1 ? "s" : "");
}

/* models __class__fprintf() for a struct, and union__fprintf() */
static void print_level(pw *w, const lvl *v, const cconf *c, str *tail)
{
	const skl_layout *l = w->l;
	int ind = c->indent + 1, ts = c->type_spacing, j, last = -1, newline = 0, packed;
	uint64_t last_size = 0, pre_hole, sum_bytes = 0, sum_holes = 0, sum_paddings = 0, sum_forced_holes = 0;
	unsigned pre_bit_hole, sum_bits = 0, sum_bit_holes = 0;
	int nr_holes, nr_bit_holes, nr_paddings = 0, nr_forced = 0, nr_forced_holes = 0;

	if (v->parent < 0)
		skl_sink_printf(w->out, "%s {\n", l->name);
	else
		skl_sink_puts(w->out, v->is_union ? "union {\n" : "struct {\n");
	if (v->is_union) {
		print_union(w, v, c, tail);
		return;
	}
	packed = infer_packed(w, v);
	nr_holes = level_nr_holes(w, v, &pre_hole, &pre_bit_hole);
	nr_bit_holes = level_nr_bit_holes(w, v, pre_bit_hole);
	if (pre_bit_hole) {
		if (!newline++)
			skl_sink_puts(w->out, "\n");
		tabs(w, ind);
		skl_sink_printf(w->out, "/* XXX %u bit%s hole, try to pack */\n", pre_bit_hole,
				pre_bit_hole != 1 ? "s" : "");
		sum_bit_holes += pre_bit_hole;
	}
	if (pre_hole) {
		if (!newline++)
			skl_sink_puts(w->out, "\n");
		tabs(w, ind);
		skl_sink_printf(w->out, "/* XXX %llu byte%s hole, try to pack */\n", (unsigned long long)pre_hole,
				pre_hole != 1 ? "s" : "");
		sum_holes += pre_hole;
	}

	for (j = v->parent + 1; j < v->end; j++) {
		const skl_field *f = &l->fields[j], *p = last >= 0 ? &l->fields[last] : NULL;
		uint64_t size = f->size, pad;
		mctx mc;
		if (!nth_child(l, v, j))
			continue;
		if (f->user_align) {
			uint64_t hole = p ? p->hole_after : pre_hole;
			if (hole) {
				nr_forced_holes++;
				sum_forced_holes += hole;
			}
			nr_forced++;
		}
		if (p && last_size != 0) {
			if (p->bit_hole_after && f->bit_size) {
				/* pahole shows a bit hole before a bitfield as an unnamed bitfield */
				unsigned bits = p->bit_hole_after;
				str b;
				if (p->offset != f->offset) {
					skl_sink_puts(w->out, "\n");
					tabs(w, ind);
					skl_sink_puts(w->out, "/* Force alignment to the next boundary: */\n");
					bits = 0;
				}
				tabs(w, ind);
				sinit(&b);
				type_text(f->type, "", ts, NULL, &b);
				skl_sink_printf(w->out, "%s:%u;\n", b.s, bits);
			}
			if (f->offset < p->offset || (f->offset == p->offset && !p->bit_size && f->bit_size)) {
				if (!newline++)
					skl_sink_puts(w->out, "\n");
				tabs(w, ind);
				skl_sink_puts(w->out, "/* Bitfield combined with previous fields */\n");
			} else if (f->offset > p->offset && f->offset - p->offset < last_size) {
				if (!newline++)
					skl_sink_puts(w->out, "\n");
				tabs(w, ind);
				skl_sink_puts(w->out, "/* Bitfield combined with next fields */\n");
			}
		}
		if (newline) {
			skl_sink_puts(w->out, "\n");
			newline = 0;
		}
		mc.union_member = 0;
		mc.first_member = last < 0;
		mc.last_member = last_child(l, v, j);
		tabs(w, ind);
		print_member(w, j, ind, ts, &mc);
		if (w->o->show_conds && f->cond)
			skl_sink_printf(w->out, " /* %s */", f->cond);
		if ((f->expanded && !f->is_union) || (!f->expanded && f->type && f->type->kind == SKL_K_STRUCT)) {
			pad = member_type_padding(w, f);
			if (pad) {
				nr_paddings++;
				sum_paddings += pad;
				xxx_line(w, &newline, ind, "/* XXX last struct has %llu byte%s of padding */",
					 (unsigned long long)pad);
			}
			/* pahole 1.24 says nothing of a member type's bit padding */
		}
		if (f->bit_hole_after) {
			xxx_line(w, &newline, ind, "/* XXX %llu bit%s hole, try to pack */", f->bit_hole_after);
			sum_bit_holes += f->bit_hole_after;
		}
		if (f->hole_after) {
			xxx_line(w, &newline, ind, "/* XXX %llu byte%s hole, try to pack */",
				 (unsigned long long)f->hole_after);
			sum_holes += f->hole_after;
		}
		skl_sink_puts(w->out, "\n");
		if (f->bit_size)
			sum_bits += f->bit_size;
		else
			sum_bytes += f->size;
		if (!p || last_size == 0 || p->offset != f->offset)
			last_size = size;
		else if (!p->bit_size && f->bit_size)
			last_size = size;
		last = j;
	}

	/* gcc leaves padding a bitfield of the last member's type could fill */
	if (v->padding && !v->user_align && last >= 0) {
		const skl_field *p = &l->fields[last];
		uint64_t size = type_size(w, p), added;
		if (size && !(size & (size - 1)) && v->padding > w->l->abi->size[SKL_B_PTR]) {
			str b;
			sinit(&b);
			type_text(p->type, "", ts, NULL, &b);
			skl_sink_puts(w->out, "\n");
			tabs(w, ind);
			skl_sink_puts(w->out, "/* Force padding: */\n");
			for (added = 0; added < v->padding; added += size) {
				tabs(w, ind);
				skl_sink_printf(w->out, "%s:%llu;\n", b.s, (unsigned long long)(size * 8));
			}
		}
	}

	if (c->emit_stats) {
		uint64_t cl = l->cacheline, size_diff;
		skl_sink_puts(w->out, "\n");
		tabs(w, ind);
		skl_sink_printf(w->out, "/* size: %llu, cachelines: %llu, members: %d */\n",
				(unsigned long long)v->size, (unsigned long long)((v->size + cl - 1) / cl),
				v->nmembers);
		if (sum_holes > 0 || sum_bit_holes > 0) {
			if (sum_bytes > 0) {
				tabs(w, ind);
				skl_sink_printf(w->out, "/* sum members: %llu", (unsigned long long)sum_bytes);
				if (sum_holes > 0)
					skl_sink_printf(w->out, ", holes: %d, sum holes: %llu", nr_holes,
							(unsigned long long)sum_holes);
				skl_sink_puts(w->out, " */\n");
			}
			if (sum_bits > 0) {
				tabs(w, ind);
				skl_sink_printf(w->out, "/* sum bitfield members: %u bits", sum_bits);
				if (sum_bit_holes > 0)
					skl_sink_printf(w->out, ", bit holes: %d, sum bit holes: %u bits", nr_bit_holes,
							sum_bit_holes);
				else
					skl_sink_printf(w->out, " (%u bytes)", sum_bits / 8);
				skl_sink_puts(w->out, " */\n");
			}
		}
		if (v->padding > 0) {
			tabs(w, ind);
			skl_sink_printf(w->out, "/* padding: %llu */\n", (unsigned long long)v->padding);
		}
		if (nr_paddings > 0) {
			tabs(w, ind);
			skl_sink_printf(w->out, "/* paddings: %d, sum paddings: %llu */\n", nr_paddings,
					(unsigned long long)sum_paddings);
		}
		if (v->bit_padding > 0) {
			tabs(w, ind);
			skl_sink_printf(w->out, "/* bit_padding: %u bits */\n", v->bit_padding);
		}
		if (nr_forced) {
			tabs(w, ind);
			skl_sink_printf(w->out, "/* forced alignments: %d", nr_forced);
			if (nr_forced_holes)
				skl_sink_printf(w->out, ", forced holes: %d, sum forced holes: %llu", nr_forced_holes,
						(unsigned long long)sum_forced_holes);
			skl_sink_puts(w->out, " */\n");
		}
		if (v->size % cl) {
			tabs(w, ind);
			skl_sink_printf(w->out, "/* last cacheline: %llu bytes */\n",
					(unsigned long long)(v->size % cl));
		}
		size_diff = v->size * 8 - (sum_bytes * 8 + sum_bits + sum_holes * 8 + sum_bit_holes + v->padding * 8 +
					   v->bit_padding);
		if (size_diff && v->nmembers) {
			skl_sink_puts(w->out, "\n");
			tabs(w, ind);
			skl_sink_printf(
			    w->out,
			    "/* BRAIN FART ALERT! %llu bytes != %llu (member bytes) + %u (member bits) + %llu (byte "
			    "holes) + %u (bit holes), diff = %lld bits */\n",
			    (unsigned long long)v->size, (unsigned long long)sum_bytes, sum_bits,
			    (unsigned long long)sum_holes, sum_bit_holes, (long long)size_diff);
		}
	}
	tabs(w, c->indent);
	sput(tail, "}");
	if (packed)
		sput(tail, PACKED_ATTR);
	if (v->user_align && !packed)
		sprintf_(tail, " __attribute__((__aligned__(%u)))", v->user_align);
}

void skl_pahole_write(const skl_layout *l, const skl_sink *out, const skl_pahole_opts *o)
{
	static const skl_pahole_opts defaults;
	signed char small[256];
	pw w;
	skl__ctype_map nat = {0};
	lvl top;
	cconf c;
	str tail;
	int i;
	memset(&w, 0, sizeof(w));
	w.l = l;
	w.out = out;
	w.o = o ? o : &defaults;
	w.name_spacing = l->is_union ? NAME_SPACING - 2 : NAME_SPACING;
	w.cacheline = 0;
	w.top_packed = -1;
	w.packed = l->nfields <= (int)sizeof(small) ? small : skl_malloc((size_t)l->nfields);
	if (!w.packed) {
		skl_sink_printf(out, "%s { /* out of memory */ };\n", l->name);
		return;
	}
	for (i = 0; i < l->nfields; i++)
		w.packed[i] = -1;
	top.parent = -1;
	top.depth = 0;
	top.is_union = l->is_union;
	top.start = 0;
	top.size = l->size;
	top.padding = l->is_union ? 0 : l->padding;
	top.bit_padding = l->is_union ? 0 : l->bit_padding;
	top.user_align = l->user_align;
	top.nmembers = l->members;
	level_bounds(l, &top);
	w.nat = &nat;
	c.indent = 0;
	c.type_spacing = TYPE_SPACING;
	c.emit_stats = 1;
	sinit(&tail);
	print_level(&w, &top, &c, &tail);
	skl_sink_printf(out, "%s;\n", tail.s);
	if (w.packed != small)
		skl_free(w.packed);
	skl__ctype_map_clear(&nat);
}

/* ---- JSON ------------------------------------------------------------------ */

/* One member a line under "fields", every other key on its own line. */
static const skl_json_break field_list[] = {{"[]", "\n    ", NULL}, {"]", "\n  ", NULL}, {NULL, NULL, NULL}};
static const skl_json_break layout_breaks[] = {
    {"fields", "\n  ", field_list}, {"*", "\n  ", NULL}, {"}", "\n", NULL}, {NULL, NULL, NULL}};

const skl_json_break *skl_layout_json_breaks(void)
{
	return layout_breaks;
}

static json_t *field_json(const skl_field *f)
{
	json_t *o = json_pack(
	    "{s:o, s:o, s:o, s:o, s:o, s:I, s:I, s:I, s:i, s:i, s:o, s:o, s:o, s:I}", "name", skl_json_text(f->name),
	    "path", skl_json_text(f->path), "type", skl_json_text(f->type_name), "offset", skl_json_uint(f->offset),
	    "size", skl_json_uint(f->size), "align", (json_int_t)f->align, "bit_offset", (json_int_t)f->bit_offset,
	    "bit_size", (json_int_t)f->bit_size, "depth", f->depth, "parent", f->parent, "cacheline_first",
	    skl_json_uint(f->cl_first), "cacheline_last", skl_json_uint(f->cl_last), "hole_after",
	    skl_json_uint(f->hole_after), "bit_hole_after", (json_int_t)f->bit_hole_after);
	if (o && f->cond && skl_json_set(o, "config", skl_json_text(f->cond)) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

json_t *skl_layout_json(const skl_layout *l)
{
	json_t *fields = json_array();
	int i;
	for (i = 0; fields && i < l->nfields; i++)
		if (json_array_append_new(fields, field_json(&l->fields[i])) < 0) {
			json_decref(fields);
			fields = NULL;
		}
	return json_pack(
	    "{s:o, s:s, s:o, s:o, s:I, s:I, s:o, s:i, s:o, s:i, s:o, s:I, s:i, s:I, s:o, s:o, s:o}", "name",
	    skl_json_text(l->name), "abi", l->abi->name, "config", skl_json_text(l->config), "size",
	    skl_json_uint(l->size), "align", (json_int_t)l->align, "cacheline", (json_int_t)l->cacheline, "cachelines",
	    skl_json_uint(l->cachelines), "members", l->members, "sum_members", skl_json_uint(l->sum_members), "holes",
	    l->holes, "sum_holes", skl_json_uint(l->sum_holes), "sum_bitfield_bits", (json_int_t)l->sum_bitfield_bits,
	    "bit_holes", l->bit_holes, "sum_bit_holes", (json_int_t)l->sum_bit_holes, "padding",
	    skl_json_uint(l->padding), "last_cacheline", skl_json_uint(l->last_cacheline), "fields", fields);
}

void skl_layout_write_json(const skl_layout *l, const skl_sink *out)
{
	skl_json_write(skl_layout_json(l), layout_breaks, out);
}
