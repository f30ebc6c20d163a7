/*
 * whatif.c - the before/after comparison a layout patch needs: size,
 * holes, cache lines, the lines named access paths touch, and the slab
 * cache's geometry. The edits themselves are ctype's (ctype/edit.c); lays
 * out with the layout engine, sizes caches with skl_cache_geometry(); never
 * changes a record of the type database, never prints but through a sink.
 */
#include "sklab/whatif.h"

#include "sklab/pahole.h"
#include "sklab/json.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NO_LINE UINT64_MAX
#define DEFAULT_OBJECTS 10000
#define MAX_PATHS_REORG 64

void skl_whatif_path_clear(skl_whatif_path *p)
{
	int j;
	for (j = 0; j < p->nmembers; j++)
		skl_free(p->members[j]);
	skl_free(p->members);
	p->members = NULL;
	p->nmembers = 0;
}

void skl_whatif_lines_clear(skl_whatif_lines *x)
{
	skl_free(x->lines);
	skl_free(x->first);
	skl_free(x->last);
	memset(x, 0, sizeof(*x));
}

static void free_paths(skl_whatif_path *p, int n)
{
	int i;
	for (i = 0; i < n; i++)
		skl_whatif_path_clear(&p[i]);
	skl_free(p);
}

int skl_whatif_path_parse(const char *spec, skl_whatif_path *p, skl_error *err)
{
	const char *eq = strchr(spec, '='), *s;
	size_t i;
	if (!eq || eq == spec)
		return skl_errorf(err, "path '%s': expected NAME=member,member,... (e.g. lookup=daddr,next)", spec);
	if ((size_t)(eq - spec) >= sizeof(p->name))
		return skl_errorf(err, "path '%s': the name is longer than %zu characters", spec, sizeof(p->name) - 1);
	for (i = 0; spec + i < eq; i++)
		if (!isalnum((unsigned char)spec[i]) && spec[i] != '_' && spec[i] != '-')
			return skl_errorf(err, "path '%s': the name may hold letters, digits, _ and -", spec);
	snprintf(p->name, sizeof(p->name), "%.*s", (int)(eq - spec), spec);
	for (s = eq + 1;;) {
		const char *c = strchr(s, ',');
		size_t len = c ? (size_t)(c - s) : strlen(s);
		char name[128];
		char **d;
		while (len && isspace((unsigned char)*s))
			s++, len--;
		while (len && isspace((unsigned char)s[len - 1]))
			len--;
		if (!len)
			return skl_errorf(err, "path '%s': an empty member name", p->name);
		if (len >= sizeof(name))
			return skl_errorf(err, "path '%s': a member name is too long", p->name);
		snprintf(name, sizeof(name), "%.*s", (int)len, s);
		if (!skl_edit_is_member_path(name))
			return skl_errorf(err, "path '%s': '%s' is not a member name", p->name, name);
		d = skl_realloc(p->members, (size_t)(p->nmembers + 1) * sizeof(*d));
		if (!d)
			return skl_errorf(err, "out of memory");
		p->members = d;
		if (!(p->members[p->nmembers] = skl_strdup(name)))
			return skl_errorf(err, "out of memory");
		p->nmembers++;
		if (!c)
			break;
		s = c + 1;
	}
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* A layout's fields that share a plain name, for the "ambiguous" message. */
static int count_named(const skl_layout *l, const char *name)
{
	int i, n = 0;
	for (i = 0; i < l->nfields; i++)
		if (!strcmp(l->fields[i].name, name))
			n++;
	return n;
}

int skl_whatif_path_lines(const skl_layout *l, const skl_whatif_path *p, skl_whatif_lines *out, skl_error *err)
{
	int i, n = 0;
	uint64_t total = 0;
	out->first = skl_calloc((size_t)p->nmembers, sizeof(uint64_t));
	out->last = skl_calloc((size_t)p->nmembers, sizeof(uint64_t));
	if (!out->first || !out->last)
		return skl_errorf(err, "out of memory");
	for (i = 0; i < p->nmembers; i++) {
		int f = skl_layout_find(l, p->members[i]);
		if (f < 0) {
			out->first[i] = out->last[i] = NO_LINE;
			out->missing++;
			continue;
		}
		out->first[i] = l->fields[f].cl_first;
		out->last[i] = l->fields[f].cl_last;
		total += out->last[i] - out->first[i] + 1;
	}
	if (total > 1u << 20)
		return skl_errorf(err, "path '%s' spans more than %u cache lines", p->name, 1u << 20);
	out->lines = skl_calloc(total ? (size_t)total : 1, sizeof(uint64_t));
	if (!out->lines)
		return skl_errorf(err, "out of memory");
	for (i = 0; i < p->nmembers; i++) {
		uint64_t c;
		if (out->first[i] == NO_LINE)
			continue;
		for (c = out->first[i]; c <= out->last[i]; c++)
			out->lines[n++] = c;
	}
	qsort(out->lines, (size_t)n, sizeof(uint64_t), cmp_u64);
	out->nlines = 0;
	for (i = 0; i < n; i++)
		if (!out->nlines || out->lines[out->nlines - 1] != out->lines[i])
			out->lines[out->nlines++] = out->lines[i];
	return 0;
}

/* Every member of every path must be in the layout before or after. */
static int check_path(const skl_layout *a, const skl_layout *b, const skl_whatif_path *p, skl_error *err)
{
	int i, j;
	for (i = 0; i < p->nmembers; i++) {
		const char *name = p->members[i];
		skl_suggest s;
		char hint[420];
		if ((skl_layout_find(a, name) < 0 && count_named(a, name) > 1) ||
		    (skl_layout_find(b, name) < 0 && count_named(b, name) > 1))
			return skl_errorf(err, "path '%s': more than one member is called '%s': give its dotted path",
					  p->name, name);
		if (skl_layout_find(a, name) >= 0 || skl_layout_find(b, name) >= 0)
			continue;
		skl_suggest_init(&s, name);
		for (j = 0; j < a->nfields; j++)
			if (a->fields[j].name[0])
				skl_suggest_try(&s, a->fields[j].path);
		for (j = 0; j < b->nfields; j++)
			if (b->fields[j].name[0])
				skl_suggest_try(&s, b->fields[j].path);
		skl_suggest_text(&s, hint, sizeof(hint));
		return skl_errorf(err, "path '%s': no member '%s' in %s, before or after the edits%s", p->name, name,
				  a->name, hint);
	}
	return 0;
}

void skl_whatif_format_lines(const skl_whatif_lines *p, char *out, size_t outsz)
{
	int i = 0;
	size_t n = 0;
	out[0] = '\0';
	if (!p->nlines) {
		snprintf(out, outsz, "-");
		return;
	}
	while (i < p->nlines && n + 1 < outsz) {
		int j = i;
		while (j + 1 < p->nlines && p->lines[j + 1] == p->lines[j] + 1)
			j++;
		if (j == i)
			n += (size_t)snprintf(out + n, outsz - n, "%s%llu", i ? "," : "",
					      (unsigned long long)p->lines[i]);
		else
			n += (size_t)snprintf(out + n, outsz - n, "%s%llu-%llu", i ? "," : "",
					      (unsigned long long)p->lines[i], (unsigned long long)p->lines[j]);
		i = j + 1;
	}
}

/* ---- the comparison ---------------------------------------------------------- */

/* When the edited struct cannot be laid out (too large, a bitfield too
 * wide): the first edit after which it cannot, found by applying them
 * again one at a time, or -1. Only run on that failure, so edits that pass
 * through a state that cannot be laid out and out again still work. */
static int first_bad_edit(skl_typedb *db, const skl_type *t, const skl_whatif_opts *o, const skl_abi *abi,
			  const char *config, unsigned cacheline)
{
	skl_error e;
	skl_type *copy = skl_edit_copy(db, t, &e);
	int i;
	if (!copy)
		return -1;
	for (i = 0; i < o->nedits; i++) {
		skl_layout *l;
		if (skl_edit_apply(db, copy, &o->edits[i], &e) < 0)
			return -1;
		l = skl_layout_compute(copy, abi, config, cacheline, &e);
		if (!l)
			return i;
		skl_layout_free(l);
	}
	return -1;
}

static int side_slab(skl_whatif *w, const skl_whatif_opts *o, skl_whatif_side *s, const char *which, skl_error *err)
{
	skl_error ge;
	skl_cache_opts co = o->cache;
	uint64_t per;
	co.type = NULL;
	if (skl_cache_geometry(o->profile, o->cpus, o->debug, w->cache_name, (size_t)s->layout->size, &co, &s->slab,
			       &ge) < 0)
		return skl_errorf(err, "%s: a %llu-byte cache: %s", which, (unsigned long long)s->layout->size, ge.msg);
	per = s->slab.objs_per_slab ? s->slab.objs_per_slab : 1;
	s->slabs = (w->objects + per - 1) / per;
	s->bytes = s->slabs * s->slab.pages_per_slab * (uint64_t)w->page_size;
	return 0;
}

static void side_free(skl_whatif_side *s, int npaths)
{
	int i;
	skl_layout_free(s->layout);
	if (s->paths) {
		for (i = 0; i < npaths; i++)
			skl_whatif_lines_clear(&s->paths[i]);
		skl_free(s->paths);
	}
}

void skl_whatif_free(skl_whatif *w)
{
	int i;
	if (!w)
		return;
	side_free(&w->before, w->npaths);
	side_free(&w->after, w->npaths);
	free_paths(w->paths, w->npaths);
	skl_free(w->edits);
	for (i = 0; i < w->nmoves + w->ndemoted; i++)
		skl_free(w->moves[i]);
	skl_free(w->moves);
	skl_free(w);
}

skl_whatif *skl_whatif_run(skl_typedb *db, const skl_type *t, const skl_whatif_opts *o, skl_error *err)
{
	skl_whatif *w;
	const skl_profile *pr = o->profile;
	const char *config;
	unsigned cacheline;
	skl_type *copy;
	int i, j;
	if (!pr || !pr->abi) {
		skl_errorf(err, "whatif: no kernel profile");
		return NULL;
	}
	if (o->nedits < 0 || o->npaths < 0 || (o->nedits && !o->edits) || (o->npaths && !o->paths)) {
		skl_errorf(err, "whatif: bad edit or path list");
		return NULL;
	}
	w = skl_calloc(1, sizeof(*w));
	if (!w)
		goto oom;
	config = o->config ? o->config : pr->config;
	cacheline = o->cacheline ? o->cacheline : pr->cacheline;
	snprintf(w->profile, sizeof(w->profile), "%s", pr->name);
	w->allocator = pr->allocator;
	w->page_size = pr->page_size;
	w->cpus = o->cpus ? o->cpus : pr->cpus ? pr->cpus : 1;
	w->debug = o->debug;
	w->cache_flags = o->cache.flags;
	w->cache_align = o->cache.align;
	w->objects = o->objects ? o->objects : DEFAULT_OBJECTS;

	/* the paths */
	if (o->npaths) {
		w->paths = skl_calloc((size_t)o->npaths, sizeof(*w->paths));
		if (!w->paths)
			goto oom;
	}
	for (i = 0; i < o->npaths; i++) {
		w->npaths = i + 1;
		if (skl_whatif_path_parse(o->paths[i], &w->paths[i], err) < 0)
			goto fail;
		for (j = 0; j < i; j++)
			if (!strcmp(w->paths[j].name, w->paths[i].name)) {
				skl_errorf(err, "path '%s' is given twice", w->paths[i].name);
				goto fail;
			}
	}
	if (o->nedits) {
		w->edits = skl_calloc((size_t)o->nedits, sizeof(*w->edits));
		if (!w->edits)
			goto oom;
		memcpy(w->edits, o->edits, (size_t)o->nedits * sizeof(*w->edits));
		w->nedits = o->nedits;
	}

	/* before */
	w->before.layout = skl_layout_compute(t, pr->abi, config, cacheline, err);
	if (!w->before.layout)
		goto fail;
	snprintf(w->label, sizeof(w->label), "%s", o->label ? o->label : w->before.layout->name);
	{
		const char *tag = skl_type_tag(skl_type_resolve(t));
		snprintf(w->cache_name, sizeof(w->cache_name), "%s",
			 o->cache_name ? o->cache_name
			 : tag	       ? tag
				       : "sklab_whatif");
	}

	if (o->reorganize) {
		/* pahole --reorganize, with the paths kept together */
		const char **pm[MAX_PATHS_REORG];
		int npm[MAX_PATHS_REORG];
		skl_reorg_opts ro;
		skl_reorg r;
		if (o->nedits) {
			skl_errorf(err, "--reorganize makes its own moves: give it no edits");
			goto fail;
		}
		if (w->npaths > MAX_PATHS_REORG) {
			skl_errorf(err, "--reorganize takes at most %d paths", MAX_PATHS_REORG);
			goto fail;
		}
		for (i = 0; i < w->npaths; i++) {
			if (check_path(w->before.layout, w->before.layout, &w->paths[i], err) < 0)
				goto fail;
			pm[i] = (const char **)w->paths[i].members;
			npm[i] = w->paths[i].nmembers;
		}
		memset(&ro, 0, sizeof(ro));
		ro.abi = pr->abi;
		ro.config = config;
		ro.cacheline = cacheline;
		ro.paths = (const char *const *const *)pm;
		ro.npath_members = npm;
		ro.npaths = w->npaths;
		if (skl_edit_reorganize(db, t, &ro, &r, err) < 0) {
			skl_reorg_clear(&r);
			goto fail;
		}
		copy = r.type;
		w->reorganized = 1;
		w->moves = r.moves;
		w->nmoves = r.nmoves;
		w->ndemoted = r.ndemoted;
		w->candidates = r.candidates;
		snprintf(w->method, sizeof(w->method), "%s", r.method);
		r.moves = NULL;
		r.nmoves = r.ndemoted = 0;
		skl_reorg_clear(&r);
		goto laid_out;
	}

	/* the edits, on a copy */
	copy = skl_edit_copy(db, t, err);
	if (!copy)
		goto fail;
	for (i = 0; i < o->nedits; i++) {
		skl_error ee;
		if (skl_edit_apply(db, copy, &o->edits[i], &ee) < 0) {
			if (!strncmp(ee.msg, "edit '", 6))
				skl_errorf(err, "edit %d %s", i + 1, ee.msg + 5);
			else
				skl_errorf(err, "edit %d '%s': %s", i + 1, o->edits[i].text, ee.msg);
			goto fail;
		}
	}
laid_out : {
	skl_error le;
	w->after.layout = skl_layout_compute(copy, pr->abi, config, cacheline, &le);
	if (!w->after.layout) {
		int bad = first_bad_edit(db, t, o, pr->abi, config, cacheline);
		if (bad >= 0)
			skl_errorf(err, "edit %d '%s': after it, %s cannot be laid out: %s", bad + 1,
				   o->edits[bad].text, w->before.layout->name, le.msg);
		else
			skl_errorf(err, "after the edits, %s cannot be laid out: %s", w->before.layout->name, le.msg);
		goto fail;
	}
}

	/* paths on both sides */
	if (w->npaths) {
		w->before.paths = skl_calloc((size_t)w->npaths, sizeof(skl_whatif_lines));
		w->after.paths = skl_calloc((size_t)w->npaths, sizeof(skl_whatif_lines));
		if (!w->before.paths || !w->after.paths)
			goto oom;
	}
	for (i = 0; i < w->npaths; i++) {
		if (check_path(w->before.layout, w->after.layout, &w->paths[i], err) < 0 ||
		    skl_whatif_path_lines(w->before.layout, &w->paths[i], &w->before.paths[i], err) < 0 ||
		    skl_whatif_path_lines(w->after.layout, &w->paths[i], &w->after.paths[i], err) < 0)
			goto fail;
	}

	/* the slab cache */
	if (side_slab(w, o, &w->before, "before", err) < 0 || side_slab(w, o, &w->after, "after the edits", err) < 0)
		goto fail;
	return w;
oom:
	skl_errorf(err, "out of memory");
fail:
	skl_whatif_free(w);
	return NULL;
}

/* ---- text -------------------------------------------------------------------- */

#define ROW_MAX 48

typedef struct row {
	char label[64], before[96], after[96], delta[32];
} row;

typedef struct table {
	row r[ROW_MAX];
	int n;
} table;

static void delta_text(char *out, size_t outsz, long long d)
{
	if (d)
		snprintf(out, outsz, "%+lld", d);
	else
		snprintf(out, outsz, "0");
}

static void add_num(table *t, const char *label, uint64_t a, uint64_t b)
{
	row *r;
	if (t->n == ROW_MAX)
		return;
	r = &t->r[t->n++];
	snprintf(r->label, sizeof(r->label), "%s", label);
	snprintf(r->before, sizeof(r->before), "%llu", (unsigned long long)a);
	snprintf(r->after, sizeof(r->after), "%llu", (unsigned long long)b);
	delta_text(r->delta, sizeof(r->delta), (long long)b - (long long)a);
}

static void add_text(table *t, const char *label, const char *a, const char *b, const char *d)
{
	row *r;
	if (t->n == ROW_MAX)
		return;
	r = &t->r[t->n++];
	snprintf(r->label, sizeof(r->label), "%s", label);
	snprintf(r->before, sizeof(r->before), "%s", a);
	snprintf(r->after, sizeof(r->after), "%s", b);
	snprintf(r->delta, sizeof(r->delta), "%s", d);
}

static const struct {
	unsigned flag;
	const char *name;
} flag_names[] = {{SKL_SLAB_HWCACHE_ALIGN, "SLAB_HWCACHE_ALIGN"},
		  {SKL_SLAB_TYPESAFE_BY_RCU, "SLAB_TYPESAFE_BY_RCU"},
		  {SKL_SLAB_CACHE_DMA, "SLAB_CACHE_DMA"},
		  {SKL_SLAB_RECLAIM_ACCOUNT, "SLAB_RECLAIM_ACCOUNT"},
		  {SKL_SLAB_ACCOUNT, "SLAB_ACCOUNT"},
		  {SKL_SLAB_NO_REAP, "SLAB_NO_REAP"},
		  {SKL_SLAB_MUST_HWCACHE_ALIGN, "SLAB_MUST_HWCACHE_ALIGN"}};

#define NFLAG_NAMES (sizeof(flag_names) / sizeof(flag_names[0]))

static void flags_text(const skl_whatif *w, char *out, size_t outsz)
{
	size_t n = 0, i;
	out[0] = '\0';
	for (i = 0; i < NFLAG_NAMES; i++)
		if ((w->cache_flags & flag_names[i].flag) && n + 1 < outsz)
			n += (size_t)snprintf(out + n, outsz - n, "%s%s", n ? ", " : "", flag_names[i].name);
	if (w->cache_align && n + 1 < outsz)
		n += (size_t)snprintf(out + n, outsz - n, "%salign %u", n ? ", " : "", w->cache_align);
	if (!n)
		snprintf(out, outsz, "no flags");
}

static void allocator_text(const skl_whatif *w, char *out, size_t outsz)
{
	if (w->allocator == SKL_ALLOC_SLAB)
		snprintf(out, outsz, "2.4 SLAB, %s%s", w->cpus > 1 ? "SMP" : "UP",
			 w->debug ? ", CONFIG_DEBUG_SLAB" : "");
	else
		snprintf(out, outsz, "SLUB, %u CPU%s%s", w->cpus, w->cpus == 1 ? "" : "s",
			 w->debug ? ", slab_debug=FZPU" : "");
}

static void write_table(const skl_whatif *w, const skl_sink *out)
{
	table t;
	const skl_layout *a = w->before.layout, *b = w->after.layout;
	const skl_cache_info *sa = &w->before.slab, *sb = &w->after.slab;
	size_t wl = 0, wa = strlen("before"), wb = strlen("after"), wd = strlen("delta");
	char buf[96];
	int i, j;
	t.n = 0;
	add_num(&t, "size", a->size, b->size);
	add_num(&t, "alignment", a->align, b->align);
	add_num(&t, "members", (uint64_t)a->members, (uint64_t)b->members);
	add_num(&t, "holes", (uint64_t)a->holes, (uint64_t)b->holes);
	add_num(&t, "hole bytes", a->sum_holes, b->sum_holes);
	if (a->bit_holes || b->bit_holes)
		add_num(&t, "bit hole bits", a->sum_bit_holes, b->sum_bit_holes);
	add_num(&t, "padding", a->padding, b->padding);
	add_num(&t, "cache lines", a->cachelines, b->cachelines);
	for (i = 0; i < w->npaths; i++) {
		char la[96], lb[96], d[32], label[64];
		skl_whatif_format_lines(&w->before.paths[i], la, sizeof(la));
		skl_whatif_format_lines(&w->after.paths[i], lb, sizeof(lb));
		delta_text(d, sizeof(d), (long long)w->after.paths[i].nlines - (long long)w->before.paths[i].nlines);
		snprintf(label, sizeof(label), "lines of path %.40s", w->paths[i].name);
		add_text(&t, label, la, lb, d);
	}
	snprintf(buf, sizeof(buf), "cache %s", w->allocator == SKL_ALLOC_SLUB ? "slab_size" : "objsize");
	add_num(&t, buf, sa->size, sb->size);
	add_num(&t, "objects per slab", sa->objs_per_slab, sb->objs_per_slab);
	add_num(&t, "slab order", sa->order, sb->order);
	add_num(&t, "pages per slab", sa->pages_per_slab, sb->pages_per_slab);
	snprintf(buf, sizeof(buf), "slabs for %llu objects", (unsigned long long)w->objects);
	add_num(&t, buf, w->before.slabs, w->after.slabs);
	snprintf(buf, sizeof(buf), "bytes for %llu objects", (unsigned long long)w->objects);
	add_num(&t, buf, w->before.bytes, w->after.bytes);
	for (i = 0; i < t.n; i++) {
		size_t k;
		if ((k = strlen(t.r[i].label)) > wl)
			wl = k;
		if ((k = strlen(t.r[i].before)) > wa)
			wa = k;
		if ((k = strlen(t.r[i].after)) > wb)
			wb = k;
		if ((k = strlen(t.r[i].delta)) > wd)
			wd = k;
	}
	skl_sink_printf(out, "%-*s  %*s  %*s  %*s\n", (int)wl, "", (int)wa, "before", (int)wb, "after", (int)wd,
			"delta");
	for (i = 0; i < t.n; i++)
		skl_sink_printf(out, "%-*s  %*s  %*s  %*s\n", (int)wl, t.r[i].label, (int)wa, t.r[i].before, (int)wb,
				t.r[i].after, (int)wd, t.r[i].delta);

	/* what moved, path by path */
	for (i = 0; i < w->npaths; i++) {
		const skl_whatif_path *p = &w->paths[i];
		const skl_whatif_lines *pa = &w->before.paths[i], *pb = &w->after.paths[i];
		skl_sink_printf(out, "\npath %s (", p->name);
		for (j = 0; j < p->nmembers; j++)
			skl_sink_printf(out, "%s%s", j ? ", " : "", p->members[j]);
		skl_sink_printf(out, "): %d line%s before, %d after\n", pa->nlines, pa->nlines == 1 ? "" : "s",
				pb->nlines);
		for (j = 0; j < p->nmembers; j++) {
			char fa[48], fb[48];
			if (pa->first[j] == pb->first[j] && pa->last[j] == pb->last[j])
				continue;
			if (pa->first[j] == NO_LINE)
				snprintf(fa, sizeof(fa), "absent");
			else if (pa->first[j] == pa->last[j])
				snprintf(fa, sizeof(fa), "line %llu", (unsigned long long)pa->first[j]);
			else
				snprintf(fa, sizeof(fa), "lines %llu-%llu", (unsigned long long)pa->first[j],
					 (unsigned long long)pa->last[j]);
			if (pb->first[j] == NO_LINE)
				snprintf(fb, sizeof(fb), "removed");
			else if (pb->first[j] == pb->last[j])
				snprintf(fb, sizeof(fb), "line %llu", (unsigned long long)pb->first[j]);
			else
				snprintf(fb, sizeof(fb), "lines %llu-%llu", (unsigned long long)pb->first[j],
					 (unsigned long long)pb->last[j]);
			skl_sink_printf(out, "  %s: %s -> %s\n", p->members[j], fa, fb);
		}
	}
}

static void pahole_text(const skl_layout *l, skl_buf *b)
{
	skl_sink s = skl_buf_sink(b);
	skl_pahole_write(l, &s, NULL);
}

void skl_whatif_write_text(const skl_whatif *w, const skl_sink *out, skl_whatif_show show)
{
	const skl_layout *a = w->before.layout;
	char flags[256], alloc[96];
	int i;
	flags_text(w, flags, sizeof(flags));
	allocator_text(w, alloc, sizeof(alloc));
	skl_sink_printf(out, "# whatif %s on %s: %s, %u-byte cache lines, config %s\n", w->label, w->profile,
			a->abi->name, a->cacheline, a->config && *a->config ? a->config : "(none)");
	for (i = 0; i < w->nedits; i++)
		skl_sink_printf(out, "# edit %d: %s\n", i + 1, w->edits[i].text);
	if (w->reorganized)
		skl_sink_printf(out,
				"# reorganized as pahole --reorganize does: %s (the best of %d orders), %d move%s, %d "
				"bitfield%s demoted\n",
				w->method, w->candidates, w->nmoves, w->nmoves == 1 ? "" : "s", w->ndemoted,
				w->ndemoted == 1 ? "" : "s");
	else if (!w->nedits)
		skl_sink_puts(out, "# no edits\n");
	skl_sink_printf(out, "# slab cache %s: %s; %s; %u-byte pages\n", w->cache_name, alloc, flags, w->page_size);
	write_table(w, out);
	if (w->reorganized) {
		skl_sink_printf(out, "\n%s\n",
				w->nmoves + w->ndemoted ? "moves:" : "moves: none (the struct is as small as it gets)");
		for (i = 0; i < w->nmoves + w->ndemoted; i++)
			skl_sink_printf(out, "  %d. %s\n", i + 1, w->moves[i]);
	}
	if (show == SKL_WHATIF_SHOW_TABLE)
		return;
	skl_sink_puts(out, "\n");
	if (show == SKL_WHATIF_SHOW_DIFF) {
		skl_buf ta, tb;
		skl_buf_init(&ta);
		skl_buf_init(&tb);
		pahole_text(w->before.layout, &ta);
		pahole_text(w->after.layout, &tb);
		if (skl_text_diff(ta.data ? ta.data : "", tb.data ? tb.data : "", "before", "after", 3, out) == 0)
			skl_sink_puts(out, "(the pahole text is the same)\n");
		skl_buf_free(&ta);
		skl_buf_free(&tb);
		return;
	}
	skl_pahole_write(w->after.layout, out, NULL);
}

/* ---- JSON -------------------------------------------------------------------- */

/* A path's lines and each member's first and last line (null when absent). */
static json_t *json_path(const skl_whatif *w, int i, const skl_whatif_lines *p)
{
	json_t *lines = json_array(), *members = json_object();
	int j, bad = !lines || !members;
	for (j = 0; !bad && j < p->nlines; j++)
		bad = json_array_append_new(lines, skl_json_uint(p->lines[j])) < 0;
	for (j = 0; !bad && j < w->paths[i].nmembers; j++)
		bad = skl_json_set(members, w->paths[i].members[j],
				   p->first[j] == NO_LINE ? json_null()
							  : json_pack("[o, o]", skl_json_uint(p->first[j]),
								      skl_json_uint(p->last[j]))) < 0;
	if (bad) {
		json_decref(lines);
		json_decref(members);
		return NULL;
	}
	return json_pack("{s:o, s:o}", "lines", lines, "members", members);
}

static json_t *json_side(const skl_whatif *w, const skl_whatif_side *s)
{
	const skl_layout *l = s->layout;
	json_t *paths = json_object();
	int i;
	for (i = 0; paths && i < w->npaths; i++)
		if (skl_json_set(paths, w->paths[i].name, json_path(w, i, &s->paths[i])) < 0) {
			json_decref(paths);
			paths = NULL;
		}
	return json_pack("{s:o, s:I, s:i, s:i, s:o, s:i, s:I, s:o, s:o, s:o, "
			 "s:{s:o, s:o, s:I, s:I, s:I, s:I, s:o, s:o}}",
			 "size", skl_json_uint(l->size), "align", (json_int_t)l->align, "members", l->members, "holes",
			 l->holes, "hole_bytes", skl_json_uint(l->sum_holes), "bit_holes", l->bit_holes,
			 "bit_hole_bits", (json_int_t)l->sum_bit_holes, "padding", skl_json_uint(l->padding),
			 "cachelines", skl_json_uint(l->cachelines), "paths", paths, "slab", "object_size",
			 skl_json_uint(s->slab.object_size), "size", skl_json_uint(s->slab.size), "align",
			 (json_int_t)s->slab.align, "objs_per_slab", (json_int_t)s->slab.objs_per_slab, "order",
			 (json_int_t)s->slab.order, "pages_per_slab", (json_int_t)s->slab.pages_per_slab, "slabs",
			 skl_json_uint(s->slabs), "bytes", skl_json_uint(s->bytes));
}

/* What the edits changed: after minus before. */
static json_t *json_delta(const skl_whatif *w)
{
	const skl_layout *a = w->before.layout, *b = w->after.layout;
	const skl_whatif_side *sa = &w->before, *sb = &w->after;
	json_t *lines = json_object();
	int i;
	for (i = 0; lines && i < w->npaths; i++)
		if (skl_json_set(lines, w->paths[i].name, json_integer(sb->paths[i].nlines - sa->paths[i].nlines)) <
		    0) {
			json_decref(lines);
			lines = NULL;
		}
	return json_pack("{s:I, s:i, s:I, s:I, s:I, s:I, s:i, s:i, s:I, s:I, s:o}", "size",
			 (json_int_t)b->size - (json_int_t)a->size, "holes", b->holes - a->holes, "hole_bytes",
			 (json_int_t)b->sum_holes - (json_int_t)a->sum_holes, "padding",
			 (json_int_t)b->padding - (json_int_t)a->padding, "cachelines",
			 (json_int_t)b->cachelines - (json_int_t)a->cachelines, "slab_size",
			 (json_int_t)sb->slab.size - (json_int_t)sa->slab.size, "objs_per_slab",
			 (int)sb->slab.objs_per_slab - (int)sa->slab.objs_per_slab, "pages_per_slab",
			 (int)sb->slab.pages_per_slab - (int)sa->slab.pages_per_slab, "slabs",
			 (json_int_t)sb->slabs - (json_int_t)sa->slabs, "bytes",
			 (json_int_t)sb->bytes - (json_int_t)sa->bytes, "path_lines", lines);
}

void skl_whatif_write_json(const skl_whatif *w, const skl_sink *out)
{
	static const skl_json_break side_breaks[] = {
	    {"paths", "\n    ", NULL}, {"slab", "\n    ", NULL}, {NULL, NULL, NULL}};
	/* the first line the struct; then one a line, the new layout as skl_layout_write_json lays it out */
	const skl_json_break breaks[] = {{"cache", "\n ", NULL},
					 {"edits", "\n ", NULL},
					 {"reorganize", "\n ", NULL},
					 {"before", "\n ", side_breaks},
					 {"after", "\n ", side_breaks},
					 {"delta", "\n ", NULL},
					 {"layout", "\n ", skl_layout_json_breaks()},
					 {"}", "\n", NULL},
					 {NULL, NULL, NULL}};
	const skl_layout *a = w->before.layout;
	json_t *flags = json_array(), *edits = json_array();
	int i, bad = !flags || !edits;
	for (i = 0; !bad && i < (int)NFLAG_NAMES; i++)
		if (w->cache_flags & flag_names[i].flag)
			bad = json_array_append_new(flags, json_string(flag_names[i].name)) < 0;
	for (i = 0; !bad && i < w->nedits; i++)
		bad = json_array_append_new(edits, skl_json_text(w->edits[i].text)) < 0;
	if (bad) {
		json_decref(flags);
		json_decref(edits);
		return;
	}
	{
		json_t *root = json_pack(
		    "{s:o, s:o, s:o, s:s, s:I, s:o, s:{s:o, s:s, s:I, s:b, s:o, s:I, s:I, s:o}, "
		    "s:o, s:o, s:o, s:o, s:o}",
		    "struct", skl_json_text(a->name), "label", skl_json_text(w->label), "profile",
		    skl_json_text(w->profile), "abi", a->abi->name, "cacheline", (json_int_t)a->cacheline, "config",
		    skl_json_text(a->config), "cache", "name", skl_json_text(w->cache_name), "allocator",
		    skl_allocator_name(w->allocator), "cpus", (json_int_t)w->cpus, "debug", w->debug ? 1 : 0, "flags",
		    flags, "align", (json_int_t)w->cache_align, "page_size", (json_int_t)w->page_size, "objects",
		    skl_json_uint(w->objects), "edits", edits, "before", json_side(w, &w->before), "after",
		    json_side(w, &w->after), "delta", json_delta(w), "layout", skl_layout_json(w->after.layout));
		if (root && w->reorganized) {
			json_t *mv = json_array(), *dm = json_array();
			for (i = 0; mv && dm && i < w->nmoves + w->ndemoted; i++)
				json_array_append_new(i < w->nmoves ? mv : dm, skl_json_text(w->moves[i]));
			json_object_set_new(root, "reorganize",
					    json_pack("{s:s, s:i, s:o, s:o}", "method", w->method, "candidates",
						      w->candidates, "moves", mv ? mv : json_array(), "demoted",
						      dm ? dm : json_array()));
		}
		skl_json_write(root, breaks, out);
	}
}

/* ---- a unified diff ---------------------------------------------------------- */

typedef struct lines {
	const char **s;
	size_t *len;
	int n;
} lines;

static int split_lines(const char *t, lines *out)
{
	const char *p;
	int n = 0, cap = 0;
	out->s = NULL;
	out->len = NULL;
	out->n = 0;
	for (p = t; *p;) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (n == cap) {
			int nc = cap ? cap * 2 : 64;
			const char **ds = skl_realloc((void *)out->s, (size_t)nc * sizeof(*ds));
			size_t *dl;
			if (!ds)
				return -1;
			out->s = ds;
			dl = skl_realloc(out->len, (size_t)nc * sizeof(*dl));
			if (!dl)
				return -1;
			out->len = dl;
			cap = nc;
		}
		out->s[n] = p;
		out->len[n] = len;
		out->n = ++n;
		p += len + (e ? 1 : 0);
	}
	return 0;
}

static int same_line(const lines *a, int i, const lines *b, int j)
{
	return a->len[i] == b->len[j] && !memcmp(a->s[i], b->s[j], a->len[i]);
}

typedef struct dop {
	char kind;  /* ' ', '-', '+' */
	int ai, bi; /* positions in a and b before the op */
} dop;

static void emit_line(const skl_sink *out, char kind, const char *s, size_t len)
{
	out->write(out->ud, &kind, 1);
	out->write(out->ud, s, len);
	out->write(out->ud, "\n", 1);
}

int skl_text_diff(const char *ta, const char *tb, const char *name_a, const char *name_b, int context,
		  const skl_sink *out)
{
	lines a, b;
	int pre = 0, suf = 0, n, m, i, j, nops = 0, changes = 0, rc = -1;
	unsigned *dp = NULL;
	dop *ops = NULL;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	if (split_lines(ta, &a) < 0 || split_lines(tb, &b) < 0)
		goto out;
	while (pre < a.n && pre < b.n && same_line(&a, pre, &b, pre))
		pre++;
	while (suf < a.n - pre && suf < b.n - pre && same_line(&a, a.n - 1 - suf, &b, b.n - 1 - suf))
		suf++;
	n = a.n - pre - suf;
	m = b.n - pre - suf;
	ops = skl_calloc((size_t)(a.n + b.n + 1), sizeof(*ops));
	if (!ops)
		goto out;
	for (i = 0; i < pre; i++)
		ops[nops++] = (dop){' ', i, i};
	if ((uint64_t)(n + 1) * (uint64_t)(m + 1) <= 16u * 1024 * 1024) {
		/* longest common subsequence of the middle, from the end */
		size_t W = (size_t)m + 1;
		dp = skl_calloc((size_t)(n + 1) * W, sizeof(*dp));
		if (!dp)
			goto out;
		for (i = n - 1; i >= 0; i--)
			for (j = m - 1; j >= 0; j--)
				dp[(size_t)i * W + (size_t)j] =
				    same_line(&a, pre + i, &b, pre + j)
					? dp[(size_t)(i + 1) * W + (size_t)(j + 1)] + 1
					: (dp[(size_t)(i + 1) * W + (size_t)j] > dp[(size_t)i * W + (size_t)(j + 1)]
					       ? dp[(size_t)(i + 1) * W + (size_t)j]
					       : dp[(size_t)i * W + (size_t)(j + 1)]);
		i = j = 0;
		while (i < n || j < m) {
			if (i < n && j < m && same_line(&a, pre + i, &b, pre + j)) {
				ops[nops++] = (dop){' ', pre + i, pre + j};
				i++, j++;
			} else if (j == m || (i < n && dp[(size_t)(i + 1) * W + (size_t)j] >=
							   dp[(size_t)i * W + (size_t)(j + 1)])) {
				ops[nops++] = (dop){'-', pre + i, pre + j}; /* deletions first, as diff does */
				i++;
			} else {
				ops[nops++] = (dop){'+', pre + i, pre + j};
				j++;
			}
		}
	} else {
		for (i = 0; i < n; i++)
			ops[nops++] = (dop){'-', pre + i, pre};
		for (j = 0; j < m; j++)
			ops[nops++] = (dop){'+', pre + n, pre + j};
	}
	for (i = 0; i < suf; i++)
		ops[nops++] = (dop){' ', pre + n + i, pre + m + i};
	for (i = 0; i < nops; i++)
		if (ops[i].kind != ' ')
			changes++;
	if (changes) {
		skl_sink_printf(out, "--- %s\n+++ %s\n", name_a, name_b);
		for (i = 0; i < nops;) {
			int start, end, k, na = 0, nb = 0;
			while (i < nops && ops[i].kind == ' ')
				i++;
			if (i == nops)
				break;
			start = i - context < 0 ? 0 : i - context;
			end = i;
			/* extend while the next change is within 2 * context */
			for (k = i; k < nops; k++) {
				if (ops[k].kind == ' ')
					continue;
				if (k - end > 2 * context)
					break;
				end = k;
			}
			end = end + context + 1 > nops ? nops : end + context + 1;
			for (k = start; k < end; k++) {
				na += ops[k].kind != '+';
				nb += ops[k].kind != '-';
			}
			skl_sink_printf(out, "@@ -%d,%d +%d,%d @@\n", na ? ops[start].ai + 1 : ops[start].ai, na,
					nb ? ops[start].bi + 1 : ops[start].bi, nb);
			for (k = start; k < end; k++) {
				if (ops[k].kind == '+')
					emit_line(out, '+', b.s[ops[k].bi], b.len[ops[k].bi]);
				else
					emit_line(out, ops[k].kind, a.s[ops[k].ai], a.len[ops[k].ai]);
			}
			i = end;
		}
	}
	rc = changes;
out:
	skl_free(dp);
	skl_free(ops);
	skl_free((void *)a.s);
	skl_free(a.len);
	skl_free((void *)b.s);
	skl_free(b.len);
	return rc;
}
