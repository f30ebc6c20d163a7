/*
 * layoutdiff.c - two layouts compared member by member, and the check
 * that a group of members keeps to its cache line (see layoutdiff.h).
 * Lines of member groups come from whatif's path code and the pahole
 * texts are diffed by its unified diff, so both tools count the same way;
 * never lays anything out itself, never prints but through a sink.
 */
#include "sklab/layoutdiff.h"

#include "sklab/json.h"
#include "sklab/pahole.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- matching ---------------------------------------------------------------- */

/* The named field of l with this exact path, or -1. Anonymous records
 * (name "") stand for nothing by themselves: their members carry paths. */
static int find_path(const skl_layout *l, const char *path)
{
	int i;
	for (i = 0; i < l->nfields; i++)
		if (l->fields[i].name[0] && !strcmp(l->fields[i].path, path))
			return i;
	return -1;
}

/* The only field of l with this plain name, or -1 (none, or several). */
static int find_unique_name(const skl_layout *l, const char *name)
{
	int i, found = -1;
	for (i = 0; i < l->nfields; i++)
		if (l->fields[i].name[0] && !strcmp(l->fields[i].name, name)) {
			if (found >= 0)
				return -1;
			found = i;
		}
	return found;
}

static unsigned compare_fields(const skl_field *fa, const skl_field *fb)
{
	unsigned w = 0;
	if (fa->bit_pos != fb->bit_pos || fa->offset != fb->offset)
		w |= SKL_LDIFF_MOVED;
	if (fa->cl_first != fb->cl_first || fa->cl_last != fb->cl_last)
		w |= SKL_LDIFF_LINE;
	if (fa->size != fb->size || fa->bit_size != fb->bit_size)
		w |= SKL_LDIFF_RESIZED;
	if (strcmp(fa->type_name, fb->type_name))
		w |= SKL_LDIFF_RETYPED;
	return w;
}

skl_ldiff *skl_ldiff_new(const skl_layout *a, const skl_layout *b, skl_error *err)
{
	skl_ldiff *d = skl_calloc(1, sizeof(*d));
	char *used = NULL;
	int i;
	if (!d)
		goto oom;
	d->a = a;
	d->b = b;
	used = skl_calloc((size_t)b->nfields + 1, 1);
	d->members = skl_calloc((size_t)a->nfields + (size_t)b->nfields + 1, sizeof(*d->members));
	if (!used || !d->members)
		goto oom;
	for (i = 0; i < a->nfields; i++) {
		const skl_field *fa = &a->fields[i];
		skl_ldiff_member *m;
		int j;
		if (!fa->name[0])
			continue;
		j = find_path(b, fa->path);
		if (j < 0 && find_unique_name(a, fa->name) == i)
			j = find_unique_name(b, fa->name);
		if (j >= 0 && used[j])
			j = -1;
		m = &d->members[d->nmembers++];
		m->a = i;
		m->b = j;
		if (j < 0) {
			m->what = SKL_LDIFF_REMOVED;
			continue;
		}
		used[j] = 1;
		m->what = compare_fields(fa, &b->fields[j]);
	}
	for (i = 0; i < b->nfields; i++)
		if (b->fields[i].name[0] && !used[i]) {
			skl_ldiff_member *m = &d->members[d->nmembers++];
			m->a = -1;
			m->b = i;
			m->what = SKL_LDIFF_ADDED;
		}
	for (i = 0; i < d->nmembers; i++) {
		unsigned w = d->members[i].what;
		d->added += !!(w & SKL_LDIFF_ADDED);
		d->removed += !!(w & SKL_LDIFF_REMOVED);
		d->moved += !!(w & SKL_LDIFF_MOVED);
		d->moved_line += !!(w & SKL_LDIFF_LINE);
		d->resized += !!(w & SKL_LDIFF_RESIZED);
		d->retyped += !!(w & SKL_LDIFF_RETYPED);
		d->changed += w != 0;
	}
	skl_free(used);
	return d;
oom:
	skl_errorf(err, "out of memory");
	skl_free(used);
	skl_ldiff_free(d);
	return NULL;
}

void skl_ldiff_free(skl_ldiff *d)
{
	if (!d)
		return;
	skl_free(d->members);
	skl_free(d);
}

static const char *const what_names[] = {"added", "removed", "moved", "line", "resized", "retyped"};
#define NWHAT ((int)(sizeof(what_names) / sizeof(what_names[0])))

const char *skl_ldiff_what_name(unsigned bit)
{
	int i;
	for (i = 0; i < NWHAT; i++)
		if (bit == 1u << i)
			return what_names[i];
	return "?";
}

/* ---- text -------------------------------------------------------------------- */

static void side_text(const skl_layout *l, const char *label, char *out, size_t outsz)
{
	snprintf(out, outsz, "%s (%s; %s, %u-byte lines, config %s)", label ? label : l->name, l->name, l->abi->name,
		 l->cacheline, l->config && *l->config ? l->config : "(none)");
}

static void what_text(unsigned w, char *out, size_t outsz)
{
	size_t n = 0;
	int i;
	out[0] = '\0';
	for (i = 0; i < NWHAT; i++)
		if ((w & (1u << i)) && n + 1 < outsz)
			n += (size_t)snprintf(out + n, outsz - n, "%s%s", n ? "," : "", what_names[i]);
}

static void lines_text(const skl_field *f, char *out, size_t outsz)
{
	if (f->cl_first == f->cl_last)
		snprintf(out, outsz, "%llu", (unsigned long long)f->cl_first);
	else
		snprintf(out, outsz, "%llu-%llu", (unsigned long long)f->cl_first, (unsigned long long)f->cl_last);
}

#define NCOL 10

typedef struct mrow {
	char c[NCOL][96];
} mrow;

/* One side's columns of a member row: type, offset, size, line; pahole's
 * "20:0" for a bitfield's offset and codiff's "4(3)" for its size. */
static void side_cols(const skl_layout *l, int i, char (*c)[96])
{
	const skl_field *f;
	if (i < 0) {
		snprintf(c[0], 96, "-");
		snprintf(c[1], 96, "-");
		snprintf(c[2], 96, "-");
		snprintf(c[3], 96, "-");
		return;
	}
	f = &l->fields[i];
	snprintf(c[0], 96, "%.90s", f->type_name);
	if (f->bit_size) {
		snprintf(c[1], 96, "%llu:%u", (unsigned long long)f->offset, f->bit_offset);
		snprintf(c[2], 96, "%llu(%u)", (unsigned long long)f->size, f->bit_size);
	} else {
		snprintf(c[1], 96, "%llu", (unsigned long long)f->offset);
		snprintf(c[2], 96, "%llu", (unsigned long long)f->size);
	}
	lines_text(f, c[3], 96);
}

static void write_members(const skl_ldiff *d, const skl_sink *out)
{
	static const char *const head[NCOL] = {"change", "member",    "type in a", "offset", "size",
					       "line",	 "type in b", "offset",	   "size",   "line"};
	size_t wid[NCOL];
	mrow *rows = skl_calloc((size_t)d->changed + 1, sizeof(*rows));
	int i, k, n = 0;
	if (!rows)
		return;
	for (k = 0; k < NCOL; k++)
		wid[k] = strlen(head[k]);
	for (i = 0; i < d->nmembers; i++) {
		const skl_ldiff_member *m = &d->members[i];
		mrow *r;
		if (!m->what)
			continue;
		r = &rows[n++];
		what_text(m->what, r->c[0], sizeof(r->c[0]));
		snprintf(r->c[1], sizeof(r->c[1]), "%.90s",
			 m->a >= 0 ? d->a->fields[m->a].path : d->b->fields[m->b].path);
		side_cols(d->a, m->a, &r->c[2]);
		side_cols(d->b, m->b, &r->c[6]);
		for (k = 0; k < NCOL; k++)
			if (strlen(r->c[k]) > wid[k])
				wid[k] = strlen(r->c[k]);
	}
	skl_sink_printf(out, "%-*s  %-*s  %-*s  %*s  %*s  %*s   %-*s  %*s  %*s  %*s\n", (int)wid[0], head[0],
			(int)wid[1], head[1], (int)wid[2], head[2], (int)wid[3], head[3], (int)wid[4], head[4],
			(int)wid[5], head[5], (int)wid[6], head[6], (int)wid[7], head[7], (int)wid[8], head[8],
			(int)wid[9], head[9]);
	for (i = 0; i < n; i++) {
		const mrow *r = &rows[i];
		skl_sink_printf(out, "%-*s  %-*s  %-*s  %*s  %*s  %*s   %-*s  %*s  %*s  %*s\n", (int)wid[0], r->c[0],
				(int)wid[1], r->c[1], (int)wid[2], r->c[2], (int)wid[3], r->c[3], (int)wid[4], r->c[4],
				(int)wid[5], r->c[5], (int)wid[6], r->c[6], (int)wid[7], r->c[7], (int)wid[8], r->c[8],
				(int)wid[9], r->c[9]);
	}
	skl_free(rows);
}

static void write_figure(const skl_sink *out, const char *label, uint64_t a, uint64_t b)
{
	long long dl = (long long)b - (long long)a;
	char delta[32];
	if (dl)
		snprintf(delta, sizeof(delta), "%+lld", dl);
	else
		snprintf(delta, sizeof(delta), "0");
	skl_sink_printf(out, "%-14s %8llu %8llu %8s\n", label, (unsigned long long)a, (unsigned long long)b, delta);
}

/* Is s[0..n) an offset-and-size comment's inside: "    20: 0  4 ",
 * "  0x14  0x4 "? Sets *size to where the size begins. */
static int offset_comment(const char *s, size_t n, size_t *size)
{
	size_t i = 0, nums = 0, start = 0;
	while (i < n) {
		while (i < n && (s[i] == ' ' || s[i] == ':'))
			i++;
		if (i == n)
			break;
		if (!isxdigit((unsigned char)s[i]))
			return 0;
		start = i;
		while (i < n && (isxdigit((unsigned char)s[i]) || s[i] == 'x'))
			i++;
		nums++;
	}
	*size = start;
	return nums == 2 || nums == 3;
}

/* The pahole text of l with each member comment's offset left out:
 * "int a; /" "*     0     4 *" "/" becomes "int a; /" "*     4 *" "/". */
static void normalised_pahole(const skl_layout *l, skl_buf *b)
{
	skl_buf raw;
	skl_sink s = skl_buf_sink(&raw), o = skl_buf_sink(b);
	const char *p;
	skl_buf_init(&raw);
	skl_pahole_write(l, &s, NULL);
	for (p = raw.data ? raw.data : ""; *p;) {
		const char *e = strchr(p, '\n'), *c, *ce;
		size_t len = e ? (size_t)(e - p) : strlen(p), size;
		c = NULL;
		for (ce = p; ce + 1 < p + len; ce++)
			if (ce[0] == '/' && ce[1] == '*')
				c = ce;
		if (c && len >= 4 && p[len - 2] == '*' && p[len - 1] == '/' && c + 2 < p + len - 2 &&
		    offset_comment(c + 2, (size_t)(p + len - 2 - (c + 2)), &size))
			skl_sink_printf(&o, "%.*s/* %5.*s */\n", (int)(c - p), p, (int)(p + len - 3 - (c + 2 + size)),
					c + 2 + size);
		else
			skl_sink_printf(&o, "%.*s\n", (int)len, p);
		p += len + (e ? 1 : 0);
	}
	skl_buf_free(&raw);
}

void skl_ldiff_write_text(const skl_ldiff *d, const char *label_a, const char *label_b, const skl_sink *out)
{
	const skl_layout *a = d->a, *b = d->b;
	char sa[600], sb[600];
	skl_buf ta, tb;
	side_text(a, label_a, sa, sizeof(sa));
	side_text(b, label_b, sb, sizeof(sb));
	skl_sink_printf(out, "# layout diff: a = %s\n#              b = %s\n", sa, sb);
	if (strcmp(a->name, b->name))
		skl_sink_printf(out, "# the structs have different names: %s and %s (members matched by name)\n",
				a->name, b->name);
	/* codiff's line */
	skl_sink_printf(out, "  %s | %+4lld\n\n", b->name, (long long)b->size - (long long)a->size);
	skl_sink_printf(out, "%-14s %8s %8s %8s\n", "", "a", "b", "delta");
	write_figure(out, "size", a->size, b->size);
	write_figure(out, "alignment", a->align, b->align);
	write_figure(out, "members", (uint64_t)a->members, (uint64_t)b->members);
	write_figure(out, "holes", (uint64_t)a->holes, (uint64_t)b->holes);
	write_figure(out, "hole bytes", a->sum_holes, b->sum_holes);
	if (a->bit_holes || b->bit_holes)
		write_figure(out, "bit hole bits", a->sum_bit_holes, b->sum_bit_holes);
	write_figure(out, "padding", a->padding, b->padding);
	write_figure(out, "cache lines", a->cachelines, b->cachelines);
	skl_sink_printf(out,
			"\n%d member%s changed: %d added, %d removed, %d moved (%d in other cache lines), %d resized, "
			"%d retyped\n",
			d->changed, d->changed == 1 ? "" : "s", d->added, d->removed, d->moved, d->moved_line,
			d->resized, d->retyped);
	if (d->changed)
		write_members(d, out);
	skl_sink_puts(out, "\n");
	skl_buf_init(&ta);
	skl_buf_init(&tb);
	normalised_pahole(a, &ta);
	normalised_pahole(b, &tb);
	if (skl_text_diff(ta.data ? ta.data : "", tb.data ? tb.data : "", label_a ? label_a : a->name,
			  label_b ? label_b : b->name, 3, out) == 0)
		skl_sink_puts(out, "(the pahole text, offsets left out, is the same)\n");
	skl_buf_free(&ta);
	skl_buf_free(&tb);
}

/* ---- JSON -------------------------------------------------------------------- */

static json_t *json_side(const skl_layout *l, const char *label)
{
	return json_pack("{s:o, s:o, s:s, s:I, s:o, s:o, s:I, s:i, s:i, s:o, s:i, s:I, s:o, s:o, s:o}", "label",
			 skl_json_text(label ? label : l->name), "struct", skl_json_text(l->name), "abi", l->abi->name,
			 "cacheline", (json_int_t)l->cacheline, "config", skl_json_text(l->config), "size",
			 skl_json_uint(l->size), "align", (json_int_t)l->align, "members", l->members, "holes",
			 l->holes, "hole_bytes", skl_json_uint(l->sum_holes), "bit_holes", l->bit_holes,
			 "bit_hole_bits", (json_int_t)l->sum_bit_holes, "padding", skl_json_uint(l->padding),
			 "cachelines", skl_json_uint(l->cachelines), "layout", skl_layout_json(l));
}

static json_t *json_place(const skl_layout *l, int i)
{
	const skl_field *f;
	if (i < 0)
		return json_null();
	f = &l->fields[i];
	return json_pack("{s:o, s:o, s:o, s:I, s:I, s:[o, o]}", "type", skl_json_text(f->type_name), "offset",
			 skl_json_uint(f->offset), "size", skl_json_uint(f->size), "bit_offset",
			 (json_int_t)f->bit_offset, "bit_size", (json_int_t)f->bit_size, "lines",
			 skl_json_uint(f->cl_first), skl_json_uint(f->cl_last));
}

static json_t *json_member(const skl_ldiff *d, const skl_ldiff_member *m)
{
	json_t *what = json_array();
	int i, bad = !what;
	for (i = 0; !bad && i < NWHAT; i++)
		if (m->what & (1u << i))
			bad = json_array_append_new(what, json_string(what_names[i])) < 0;
	if (bad) {
		json_decref(what);
		return NULL;
	}
	return json_pack("{s:o, s:o, s:o, s:o}", "path",
			 skl_json_text(m->a >= 0 ? d->a->fields[m->a].path : d->b->fields[m->b].path), "change", what,
			 "a", json_place(d->a, m->a), "b", json_place(d->b, m->b));
}

void skl_ldiff_write_json(const skl_ldiff *d, const char *label_a, const char *label_b, const skl_sink *out)
{
	/* a side on a line, its layout's fields one a line under it, then
	 * each member of the diff on a line */
	static const skl_json_break field_list[] = {{"[]", "\n    ", NULL}, {"]", "\n   ", NULL}, {NULL, NULL, NULL}};
	static const skl_json_break layout_in[] = {{"fields", "\n   ", field_list}, {NULL, NULL, NULL}};
	static const skl_json_break side_in[] = {{"layout", "\n  ", layout_in}, {NULL, NULL, NULL}};
	static const skl_json_break member_list[] = {{"[]", "\n  ", NULL}, {"]", "\n ", NULL}, {NULL, NULL, NULL}};
	static const skl_json_break breaks[] = {
	    {"a", "\n ", side_in},	     {"b", "\n ", side_in}, {"delta", "\n ", NULL}, {"counts", "\n ", NULL},
	    {"members", "\n ", member_list}, {"}", "\n", NULL},	    {NULL, NULL, NULL}};
	const skl_layout *a = d->a, *b = d->b;
	json_t *members = json_array();
	int i, bad = !members;
	for (i = 0; !bad && i < d->nmembers; i++)
		bad = json_array_append_new(members, json_member(d, &d->members[i])) < 0;
	if (bad) {
		json_decref(members);
		return;
	}
	skl_json_write(json_pack("{s:b, s:o, s:o, s:{s:I, s:I, s:i, s:i, s:I, s:I, s:I}, "
				 "s:{s:i, s:i, s:i, s:i, s:i, s:i, s:i}, s:o}",
				 "same_name", !strcmp(a->name, b->name), "a", json_side(a, label_a), "b",
				 json_side(b, label_b), "delta", "size", (json_int_t)b->size - (json_int_t)a->size,
				 "align", (json_int_t)b->align - (json_int_t)a->align, "members",
				 b->members - a->members, "holes", b->holes - a->holes, "hole_bytes",
				 (json_int_t)b->sum_holes - (json_int_t)a->sum_holes, "padding",
				 (json_int_t)b->padding - (json_int_t)a->padding, "cachelines",
				 (json_int_t)b->cachelines - (json_int_t)a->cachelines, "counts", "changed", d->changed,
				 "added", d->added, "removed", d->removed, "moved", d->moved, "moved_line",
				 d->moved_line, "resized", d->resized, "retyped", d->retyped, "members", members),
		       breaks, out);
}

/* ---- keep groups ------------------------------------------------------------- */

int skl_keep_parse(const char *spec, skl_keep *k, skl_error *err)
{
	const char *at = strrchr(spec, '@');
	char buf[4096];
	memset(k, 0, sizeof(*k));
	k->line = -1;
	if (strlen(spec) >= sizeof(buf))
		return skl_errorf(err, "keep '%.40s...': longer than %zu characters", spec, sizeof(buf) - 1);
	snprintf(buf, sizeof(buf), "%s", spec);
	if (at) {
		const char *p = at + 1;
		char *end;
		long long n;
		if (!isdigit((unsigned char)*p))
			return skl_errorf(err, "keep '%s': '@' takes a cache-line number, as in lookup=daddr,next@0",
					  spec);
		n = strtoll(p, &end, 10);
		if (*end || n < 0 || n > (1 << 24))
			return skl_errorf(err, "keep '%s': '%s' is not a cache-line number", spec, p);
		k->line = n;
		buf[at - spec] = '\0';
	}
	if (skl_whatif_path_parse(buf, &k->group, err) < 0) {
		/* the same messages, said of a keep group */
		if (!strncmp(err->msg, "path ", 5)) {
			char m[sizeof(err->msg)];
			snprintf(m, sizeof(m), "%s", err->msg + 5);
			skl_errorf(err, "keep %s", m);
		}
		return -1;
	}
	return 0;
}

void skl_keep_clear(skl_keep *k)
{
	skl_whatif_path_clear(&k->group);
}

/* A member of l by path or unique name, or the error that names it. */
static int keep_member(const skl_layout *l, const skl_keep *k, const char *name, skl_error *err)
{
	int i = skl_layout_find(l, name), j, n = 0;
	skl_suggest s;
	char hint[420];
	if (i >= 0)
		return i;
	for (j = 0; j < l->nfields; j++)
		n += !strcmp(l->fields[j].name, name);
	if (n > 1)
		return skl_errorf(err, "keep '%s': more than one member of %s is called '%s': give its dotted path",
				  k->group.name, l->name, name);
	skl_suggest_init(&s, name);
	for (j = 0; j < l->nfields; j++)
		if (l->fields[j].name[0])
			skl_suggest_try(&s, l->fields[j].path);
	skl_suggest_text(&s, hint, sizeof(hint));
	return skl_errorf(err, "keep '%s': no member '%s' in %s%s", k->group.name, name, l->name, hint);
}

int skl_keep_check(const skl_layout *l, const skl_keep *k, const skl_sink *out, skl_error *err)
{
	const skl_whatif_path *g = &k->group;
	skl_whatif_lines ln;
	char where[64], lines[256];
	int i, ok = 1, nbad = 0;
	for (i = 0; i < g->nmembers; i++)
		if (keep_member(l, k, g->members[i], err) < 0)
			return -1;
	memset(&ln, 0, sizeof(ln));
	if (skl_whatif_path_lines(l, g, &ln, err) < 0) {
		skl_whatif_lines_clear(&ln);
		return -1;
	}
	if (k->line >= 0) {
		snprintf(where, sizeof(where), "in cache line %lld", (long long)k->line);
		for (i = 0; i < g->nmembers; i++)
			if (ln.first[i] != (uint64_t)k->line || ln.last[i] != (uint64_t)k->line)
				ok = 0;
	} else {
		snprintf(where, sizeof(where), "in one cache line");
		ok = ln.nlines == 1;
	}
	skl_sink_printf(out, "keep %s (", g->name);
	for (i = 0; i < g->nmembers; i++)
		skl_sink_printf(out, "%s%s", i ? ", " : "", g->members[i]);
	skl_whatif_format_lines(&ln, lines, sizeof(lines));
	if (ok) {
		skl_sink_printf(out, ") %s of %s: ok (line%s %s)\n", where, l->name, ln.nlines == 1 ? "" : "s", lines);
		skl_whatif_lines_clear(&ln);
		return 1;
	}
	skl_sink_printf(out, ") %s of %s: FAILED, the group is in line%s %s:", where, l->name,
			ln.nlines == 1 ? "" : "s", lines);
	for (i = 0; i < g->nmembers; i++) {
		const skl_field *f = &l->fields[skl_layout_find(l, g->members[i])];
		if (k->line >= 0 && f->cl_first == (uint64_t)k->line && f->cl_last == (uint64_t)k->line)
			continue;
		lines_text(f, lines, sizeof(lines));
		skl_sink_printf(out, "%s %s in line%s %s (offset %llu, size %llu)", nbad++ ? "," : "", g->members[i],
				f->cl_first == f->cl_last ? "" : "s", lines, (unsigned long long)f->offset,
				(unsigned long long)f->size);
	}
	skl_sink_puts(out, "\n");
	skl_whatif_lines_clear(&ln);
	return 0;
}
