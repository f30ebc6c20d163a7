/*
 * layout_member.c - names members inside members: "__sk_common.skc_refcnt"
 * in struct sock, or "skc_refcnt" alone when only one member has that name,
 * and the innermost member at a byte offset. A layout lists its own fields
 * (the top level and expanded anonymous records); the records its named
 * members hold are laid out here, once per layout, on the first lookup that
 * needs them, and kept with it. Never changes a layout's fields.
 */
#include "sklab/layout.h"

#include "types_impl.h"

#include <stdio.h>
#include <string.h>

/* Records entered below the outer one: sock -> sock_common -> hlist_node is 2. */
#define NEST_MAX 8
/* Entries one layout keeps (its own fields count): bounds the memory of a
 * struct that embeds many records; past it the deeper ones are not named. */
#define ENTRIES_MAX (1 << 16)

typedef struct mentry {
	char *path; /* full dotted path from the outer struct */
	const skl_field *field;
	uint64_t offset; /* absolute */
	int nested;	 /* records entered, 0 = the layout's own field */
} mentry;

struct skl_layout_members {
	mentry *e;
	int n, cap;
	skl_layout **subs; /* the nested layouts the entries' fields live in */
	int nsubs, capsubs;
};

static void members_free(struct skl_layout_members *m)
{
	int i;
	if (!m)
		return;
	for (i = 0; i < m->n; i++)
		skl_free(m->e[i].path);
	for (i = 0; i < m->nsubs; i++)
		skl_layout_free(m->subs[i]);
	skl_free(m->e);
	skl_free(m->subs);
	skl_free(m);
}

void skl__layout_members_free(struct skl_layout_members *m)
{
	members_free(m);
}

static int add_entry(struct skl_layout_members *m, const char *prefix, const skl_field *f, uint64_t base, int nested)
{
	size_t lp = strlen(prefix), lf = strlen(f->path ? f->path : "");
	mentry *e;
	if (m->n >= ENTRIES_MAX)
		return 1; /* full: the rest go unnamed */
	if (m->n == m->cap) {
		int nc = m->cap ? m->cap * 2 : 64;
		mentry *d = skl_realloc(m->e, (size_t)nc * sizeof(*d));
		if (!d)
			return -1;
		m->e = d;
		m->cap = nc;
	}
	e = &m->e[m->n];
	e->path = skl_malloc(lp + lf + 1);
	if (!e->path)
		return -1;
	memcpy(e->path, prefix, lp);
	memcpy(e->path + lp, f->path ? f->path : "", lf + 1);
	e->field = f;
	e->offset = base + f->offset;
	e->nested = nested;
	m->n++;
	return 0;
}

static int keep_sub(struct skl_layout_members *m, skl_layout *sub)
{
	if (m->nsubs == m->capsubs) {
		int nc = m->capsubs ? m->capsubs * 2 : 16;
		skl_layout **d = skl_realloc(m->subs, (size_t)nc * sizeof(*d));
		if (!d)
			return -1;
		m->subs = d;
		m->capsubs = nc;
	}
	m->subs[m->nsubs++] = sub;
	return 0;
}

/* The record a named member holds by value, to enter: declared as a
 * struct or union, not through a typedef (refcount_t, atomic_t,
 * spinlock_t, possible_net_t are the kernel's opaque scalars: their
 * insides are not what a reader names), not an array of records (their
 * elements have no names), not a bitfield, not an expanded anonymous
 * record (its fields are already listed). */
static const skl_type *enterable(const skl_field *f)
{
	const skl_type *t;
	if (!f->name || !f->name[0] || f->expanded || f->bit_size || !f->type)
		return NULL;
	if (skl_type_kind(f->type) == SKL_K_TYPEDEF)
		return NULL;
	t = skl_type_resolve(f->type);
	if (!t || t->kind == SKL_K_ARRAY)
		return NULL;
	return skl_field_record(f, 0);
}

/* Lists lay's fields under prefix (at base bytes in the outer struct), and
 * the records its named members hold. -1 when out of memory. */
static int walk(struct skl_layout_members *m, const skl_layout *lay, const char *prefix, uint64_t base, int nested)
{
	int i, rc;
	for (i = 0; i < lay->nfields; i++) {
		const skl_field *f = &lay->fields[i];
		const skl_type *rec;
		skl_layout *sub;
		skl_error err;
		char sp[512];
		rc = add_entry(m, prefix, f, base, nested);
		if (rc)
			return rc < 0 ? -1 : 0;
		if (nested >= NEST_MAX || !(rec = enterable(f)))
			continue;
		skl_error_clear(&err);
		sub = skl_layout_compute(rec, lay->abi, lay->config, lay->cacheline, &err);
		if (!sub)
			continue; /* laid out with l, so this cannot fail but for memory: leave it unnamed */
		if (keep_sub(m, sub) < 0) {
			skl_layout_free(sub);
			return -1;
		}
		if ((size_t)snprintf(sp, sizeof(sp), "%s%s.", prefix, f->path) >= sizeof(sp))
			continue; /* a path this long is not one anybody types */
		if (walk(m, sub, sp, base + f->offset, nested + 1) < 0)
			return -1;
	}
	return 0;
}

/* The layout's member table, built on first use; NULL when out of memory
 * (lookups then see the layout's own fields only). The table is a cache:
 * building it changes nothing a caller of the const layout can see. */
static const struct skl_layout_members *members_of(const skl_layout *l)
{
	struct skl_layout_members *m;
	if (l->inner)
		return l->inner;
	m = skl_calloc(1, sizeof(*m));
	if (!m)
		return NULL;
	if (walk(m, l, "", 0, 0) < 0) {
		members_free(m);
		return NULL;
	}
	((skl_layout *)l)->inner = m;
	return m;
}

static void fill(skl_member_ref *out, const char *path, const skl_field *f, uint64_t offset, int nested)
{
	snprintf(out->path, sizeof(out->path), "%s", path);
	out->offset = offset;
	out->size = f->size;
	out->bit_size = f->bit_size;
	out->bit_offset = f->bit_offset;
	out->nested = nested;
	out->field = f;
}

/* path is name, or ends with "." name */
static int tail_is(const char *path, const char *name)
{
	size_t lp = strlen(path), ln = strlen(name);
	if (lp < ln || strcmp(path + lp - ln, name))
		return 0;
	return lp == ln || path[lp - ln - 1] == '.';
}

int skl_layout_lookup(const skl_layout *l, const char *name, skl_member_ref *out, int *matches)
{
	const struct skl_layout_members *m;
	int i, n = 0, found = -1;
	*matches = 0;
	memset(out, 0, sizeof(*out));
	if (!name || !*name)
		return -1;
	i = skl_layout_find(l, name);
	if (i >= 0) {
		fill(out, l->fields[i].path, &l->fields[i], l->fields[i].offset, 0);
		*matches = 1;
		return 0;
	}
	for (i = 0; i < l->nfields; i++)
		if (!strcmp(l->fields[i].name, name))
			n++;
	if (n > 1) { /* the layout's own fields hold it twice: skl_layout_find's ambiguity */
		*matches = n;
		return -1;
	}
	m = members_of(l);
	if (!m)
		return -1;
	for (i = 0; i < m->n; i++)
		if (m->e[i].nested && !strcmp(m->e[i].path, name)) {
			fill(out, m->e[i].path, m->e[i].field, m->e[i].offset, m->e[i].nested);
			*matches = 1;
			return 0;
		}
	for (i = 0; i < m->n; i++) {
		const mentry *e = &m->e[i];
		if (e->nested && e->field->name[0] && tail_is(e->path, name)) {
			if (found < 0)
				found = i;
			n++;
		}
	}
	*matches = n;
	if (n != 1)
		return -1;
	fill(out, m->e[found].path, m->e[found].field, m->e[found].offset, m->e[found].nested);
	return 0;
}

int skl_layout_member_at(const skl_layout *l, uint64_t off, skl_member_ref *out)
{
	const struct skl_layout_members *m = members_of(l);
	int i, best = -1;
	memset(out, 0, sizeof(*out));
	if (!m) { /* out of memory: the layout's own fields, deepest first */
		for (i = 0; i < l->nfields; i++) {
			const skl_field *f = &l->fields[i];
			if (!f->size || off < f->offset || off - f->offset >= f->size)
				continue;
			if (best < 0 || f->depth > l->fields[best].depth)
				best = i;
		}
		if (best < 0)
			return -1;
		fill(out, l->fields[best].path, &l->fields[best], l->fields[best].offset, 0);
		return 0;
	}
	for (i = 0; i < m->n; i++) {
		const mentry *e = &m->e[i];
		const mentry *b = best >= 0 ? &m->e[best] : NULL;
		if (!e->field->size || off < e->offset || off - e->offset >= e->field->size)
			continue;
		if (!b || e->nested > b->nested || (e->nested == b->nested && e->field->depth > b->field->depth))
			best = i;
	}
	if (best < 0)
		return -1;
	fill(out, m->e[best].path, m->e[best].field, m->e[best].offset, m->e[best].nested);
	return 0;
}
