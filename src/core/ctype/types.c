/*
 * types.c - the type database: building types and printing their names the
 * way gcc's DWARF (and so pahole) spells them. Lays nothing out.
 */
#include "types_impl.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* ---- hash maps ------------------------------------------------------------- */

static uint64_t hash_bytes(const char *s, size_t n, unsigned kind)
{
	uint64_t h = 1469598103934665603ull ^ kind; /* FNV-1a */
	size_t i;
	for (i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ull;
	}
	return h ^ (h >> 29);
}

static int ent_is(const skl__ctype_ent *e, const char *key, size_t len, unsigned kind)
{
	return e->len == len && e->kind == kind && (e->key == key || !memcmp(e->key, key, len));
}

static skl__ctype_ent *map_slot(const skl__ctype_map *m, const char *key, size_t len, unsigned kind, int ptr)
{
	size_t i, mask = m->cap - 1;
	uint64_t h = ptr ? (uint64_t)(uintptr_t)key * 0x9e3779b97f4a7c15ull : hash_bytes(key, len, kind);
	for (i = (size_t)(h ^ (h >> 32)) & mask;; i = (i + 1) & mask) {
		skl__ctype_ent *e = &m->e[i];
		if (!e->key || (ptr ? e->key == key : ent_is(e, key, len, kind)))
			return e;
	}
}

static skl__ctype_ent *map_get(const skl__ctype_map *m, const char *key, size_t len, unsigned kind, int ptr)
{
	skl__ctype_ent *e;
	if (!m->cap)
		return NULL;
	e = map_slot(m, key, len, kind, ptr);
	return e->key ? e : NULL;
}

static skl__ctype_ent *map_put(skl__ctype_map *m, const char *key, size_t len, unsigned kind, int ptr)
{
	skl__ctype_ent *e;
	if ((m->n + 1) * 2 > m->cap) {
		skl__ctype_map bigger;
		size_t i;
		bigger.cap = m->cap ? m->cap * 2 : 16;
		bigger.n = m->n;
		bigger.e = skl_calloc(bigger.cap, sizeof(*bigger.e));
		if (!bigger.e)
			return NULL;
		for (i = 0; i < m->cap; i++)
			if (m->e[i].key)
				*map_slot(&bigger, m->e[i].key, m->e[i].len, m->e[i].kind, ptr) = m->e[i];
		skl_free(m->e);
		*m = bigger;
	}
	e = map_slot(m, key, len, kind, ptr);
	if (!e->key) {
		e->key = key;
		e->len = len;
		e->kind = kind;
		e->val = NULL;
		e->num = 0;
		m->n++;
	}
	return e;
}

skl__ctype_ent *skl__ctype_map_get(const skl__ctype_map *m, const char *key, size_t len, unsigned kind)
{
	return map_get(m, key, len, kind, 0);
}

skl__ctype_ent *skl__ctype_map_put(skl__ctype_map *m, const char *key, size_t len, unsigned kind)
{
	return map_put(m, key, len, kind, 0);
}

skl__ctype_ent *skl__ctype_pmap_get(const skl__ctype_map *m, const void *p)
{
	return map_get(m, (const char *)p, 0, 0, 1);
}

skl__ctype_ent *skl__ctype_pmap_put(skl__ctype_map *m, const void *p)
{
	return map_put(m, (const char *)p, 0, 0, 1);
}

void skl__ctype_map_clear(skl__ctype_map *m)
{
	skl_free(m->e);
	m->e = NULL;
	m->cap = m->n = 0;
}

/* ---- the database ---------------------------------------------------------- */

static skl_type *type_new(skl_typedb *db, skl_kind kind)
{
	skl_type *t = skl_calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->kind = kind;
	t->db = db;
	t->next_all = db->all;
	db->all = t;
	return t;
}

skl_typedb *skl_typedb_new(void)
{
	return skl_calloc(1, sizeof(skl_typedb));
}

void skl_typedb_free(skl_typedb *db)
{
	skl_type *t, *n;
	int i;
	if (!db)
		return;
	for (t = db->all; t; t = n) {
		n = t->next_all;
		for (i = 0; i < t->nmembers; i++) {
			skl_free(t->members[i].name);
			skl_free(t->members[i].cond);
		}
		for (i = 0; i < t->nenums; i++)
			skl_free(t->enums[i].name);
		skl_free(t->members);
		skl_free(t->enums);
		skl_free(t->tag);
		skl_free(t->note);
		skl_free(t->src_file);
		skl_free(t->params);
		if (t->mnames) {
			skl__ctype_map_clear(t->mnames);
			skl_free(t->mnames);
		}
		skl_free(t);
	}
	skl_free(db->records);
	skl_free(db->typedefs);
	skl__ctype_map_clear(&db->tags);
	skl__ctype_map_clear(&db->tdefs);
	skl__ctype_map_clear(&db->enumers);
	skl_free(db);
}

/* ---- base types -------------------------------------------------------- */

static const char *base_canonical(skl_base b, int is_signed, int plain_char)
{
	switch (b) {
	case SKL_B_VOID:
		return "void";
	case SKL_B_BOOL:
		return "_Bool";
	case SKL_B_CHAR:
		return plain_char ? "char" : is_signed ? "signed char" : "unsigned char";
	case SKL_B_SHORT:
		return is_signed ? "short int" : "short unsigned int";
	case SKL_B_INT:
		return is_signed ? "int" : "unsigned int";
	case SKL_B_LONG:
		return is_signed ? "long int" : "long unsigned int";
	case SKL_B_LLONG:
		return is_signed ? "long long int" : "long long unsigned int";
	case SKL_B_INT128:
		return is_signed ? "__int128" : "__int128 unsigned";
	case SKL_B_FLOAT:
		return "float";
	case SKL_B_DOUBLE:
		return "double";
	case SKL_B_LDOUBLE:
		return "long double";
	default:
		return "?";
	}
}

/* Parses a base-type spelling word by word, in any order C allows. */
static int parse_base(const char *s, skl_base *out, int *is_signed, int *plain_char)
{
	int n_long = 0, n_short = 0, n_int = 0, n_char = 0, n_signed = 0, n_unsigned = 0;
	int n_void = 0, n_bool = 0, n_float = 0, n_double = 0, n_int128 = 0;
	char word[32];
	while (*s) {
		size_t k = 0;
		while (*s && isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		while (*s && !isspace((unsigned char)*s) && k + 1 < sizeof(word))
			word[k++] = *s++;
		word[k] = '\0';
		if (!strcmp(word, "long"))
			n_long++;
		else if (!strcmp(word, "short"))
			n_short++;
		else if (!strcmp(word, "int"))
			n_int++;
		else if (!strcmp(word, "char"))
			n_char++;
		else if (!strcmp(word, "signed") || !strcmp(word, "__signed__"))
			n_signed++;
		else if (!strcmp(word, "unsigned"))
			n_unsigned++;
		else if (!strcmp(word, "void"))
			n_void++;
		else if (!strcmp(word, "_Bool") || !strcmp(word, "bool"))
			n_bool++;
		else if (!strcmp(word, "float"))
			n_float++;
		else if (!strcmp(word, "double"))
			n_double++;
		else if (!strcmp(word, "__int128") || !strcmp(word, "__int128_t"))
			n_int128++;
		else
			return -1;
	}
	if (n_signed + n_unsigned > 1 || n_short > 1 || n_long > 2 || n_int > 1 || n_char > 1)
		return -1;
	*is_signed = !n_unsigned;
	*plain_char = 0;
	if (n_void) {
		if (n_long + n_short + n_int + n_char + n_signed + n_unsigned + n_bool + n_float + n_double + n_int128)
			return -1;
		*out = SKL_B_VOID;
	} else if (n_bool) {
		if (n_long + n_short + n_int + n_char + n_signed + n_unsigned + n_float + n_double + n_int128)
			return -1;
		*out = SKL_B_BOOL;
		*is_signed = 0;
	} else if (n_float) {
		if (n_long + n_short + n_int + n_char + n_signed + n_unsigned + n_double + n_int128)
			return -1;
		*out = SKL_B_FLOAT;
	} else if (n_double) {
		if (n_short + n_int + n_char + n_signed + n_unsigned + n_int128 || n_long > 1)
			return -1;
		*out = n_long ? SKL_B_LDOUBLE : SKL_B_DOUBLE;
	} else if (n_int128) {
		if (n_long + n_short + n_int + n_char)
			return -1;
		*out = SKL_B_INT128;
	} else if (n_char) {
		if (n_long + n_short + n_int)
			return -1;
		*out = SKL_B_CHAR;
		*plain_char = !n_signed && !n_unsigned;
	} else if (n_short) {
		if (n_long)
			return -1;
		*out = SKL_B_SHORT;
	} else if (n_long == 2) {
		*out = SKL_B_LLONG;
	} else if (n_long == 1) {
		*out = SKL_B_LONG;
	} else if (n_int || n_signed || n_unsigned) {
		*out = SKL_B_INT;
	} else {
		return -1;
	}
	return 0;
}

skl_type *skl_type_base(skl_typedb *db, const char *spelling)
{
	skl_base b;
	int is_signed, plain_char, slot;
	skl_type *t;
	if (parse_base(spelling, &b, &is_signed, &plain_char) < 0)
		return NULL;
	/* plain char is its own type: slot 0 holds it, slot 1 signed/unsigned */
	if (b == SKL_B_CHAR && plain_char) {
		slot = 0;
		if (db->bases[b][slot])
			return db->bases[b][slot];
	} else if (b == SKL_B_CHAR) {
		/* signed char and unsigned char: kept apart from plain char */
		if (db->chars[is_signed != 0])
			return db->chars[is_signed != 0];
		slot = -1;
	} else {
		slot = is_signed ? 1 : 0;
		if (db->bases[b][slot])
			return db->bases[b][slot];
	}
	t = type_new(db, SKL_K_BASE);
	if (!t)
		return NULL;
	t->base = b;
	t->is_signed = is_signed;
	t->tag = skl_strdup(base_canonical(b, is_signed, plain_char));
	t->complete = 1;
	if (slot >= 0)
		db->bases[b][slot] = t;
	else
		db->chars[is_signed != 0] = t;
	return t;
}

/* ---- derived types ----------------------------------------------------- */

skl_type *skl_type_pointer(skl_typedb *db, skl_type *to)
{
	skl_type *t;
	if (to && to->ptr)
		return to->ptr;
	t = type_new(db, SKL_K_POINTER);
	if (t) {
		t->ref = to;
		t->complete = 1;
		if (to)
			to->ptr = t;
	}
	return t;
}

skl_type *skl_type_array(skl_typedb *db, skl_type *elem, uint64_t count)
{
	skl_type *t = type_new(db, SKL_K_ARRAY);
	if (t) {
		t->ref = elem;
		t->count = count;
		t->complete = 1;
	}
	return t;
}

skl_type *skl_type_func(skl_typedb *db, skl_type *ret, const char *params)
{
	skl_type *t = type_new(db, SKL_K_FUNC);
	if (t) {
		t->ref = ret;
		t->params = skl_strdup(params ? params : "void");
		t->complete = 1;
	}
	return t;
}

static int push_ptr(skl_type ***arr, int *n, int *cap, skl_type *t)
{
	if (*n == *cap) {
		int nc = *cap ? *cap * 2 : 16;
		skl_type **d = skl_realloc(*arr, (size_t)nc * sizeof(**arr));
		if (!d)
			return -1;
		*arr = d;
		*cap = nc;
	}
	(*arr)[(*n)++] = t;
	return 0;
}

skl_type *skl_type_typedef(skl_typedb *db, const char *name, skl_type *target, skl_error *err)
{
	skl_type *t = skl__ctype_find_typedef(db, name, strlen(name));
	skl__ctype_ent *e;
	if (t) {
		if (t->ref == target)
			return t;
		if (t->weak) { /* the prelude's: the header's own definition wins */
			t->ref = target;
			t->weak = 0;
			return t;
		}
		skl_errorf(err, "typedef '%s' redefined as a different type", name);
		return NULL;
	}
	t = type_new(db, SKL_K_TYPEDEF);
	if (!t)
		return NULL;
	t->tag = skl_strdup(name);
	t->ref = target;
	t->complete = 1;
	if (!t->tag || push_ptr(&db->typedefs, &db->ntypedefs, &db->captypedefs, t) < 0)
		return NULL;
	e = skl__ctype_map_put(&db->tdefs, t->tag, strlen(t->tag), 0);
	if (!e) {
		db->ntypedefs--;
		return NULL;
	}
	e->val = t;
	return t;
}

/* A typedef node kept out of db->typedefs: lookups never see it. */
skl_type *skl_type_alias(skl_typedb *db, skl_type *target, const char *display)
{
	skl_type *t = type_new(db, SKL_K_TYPEDEF);
	if (!t)
		return NULL;
	t->tag = skl_strdup(display);
	t->ref = target;
	t->complete = 1;
	if (!t->tag)
		return NULL;
	return t;
}

skl_type *skl_type_record(skl_typedb *db, skl_kind kind, const char *tag)
{
	skl_type *t;
	skl__ctype_ent *e;
	if (tag && (t = skl__ctype_find_tag(db, kind, tag, strlen(tag))))
		return t;
	t = type_new(db, kind);
	if (!t)
		return NULL;
	if (tag) {
		t->tag = skl_strdup(tag);
		if (!t->tag || push_ptr(&db->records, &db->nrecords, &db->caprecords, t) < 0)
			return NULL;
		e = skl__ctype_map_put(&db->tags, t->tag, strlen(t->tag), (unsigned)kind);
		if (!e) {
			db->nrecords--;
			return NULL;
		}
		e->val = t;
	}
	return t;
}

skl_type *skl_type_enum(skl_typedb *db, const char *tag)
{
	skl_type *t = skl_type_record(db, SKL_K_ENUM, tag);
	return t;
}

void skl_enum_set_size(skl_type *e, unsigned size)
{
	e->enum_size = size;
}

int skl_enum_add(skl_type *e, const char *name, int64_t value, skl_error *err)
{
	skl__ctype_ent *x;
	char *n;
	if (skl_grow(&e->enums, &e->capenums, e->nenums, 8, sizeof(*e->enums)) < 0 || !(n = skl_strdup(name)))
		return skl_errorf(err, "out of memory");
	e->enums[e->nenums].name = n;
	e->enums[e->nenums].value = value;
	e->nenums++;
	e->complete = 1;
	/* the newest enum's enumerator of a name is the one found; within one
	 * enum, the first */
	x = skl__ctype_map_put(&e->db->enumers, n, strlen(n), 0);
	if (!x)
		return skl_errorf(err, "out of memory");
	if (x->val != e) {
		x->key = n;
		x->val = e;
		x->num = value;
	}
	return 0;
}

/*
 * The index of rec's member called name, or -1. Records with many members
 * keep an index of their names, rebuilt whenever the members changed behind
 * it (the editor and the BTF importer move and replace members in place).
 */
static int member_named(skl_type *rec, const char *name)
{
	size_t len = strlen(name);
	skl__ctype_ent *x;
	int i;
	if (rec->nmembers < 16) {
		for (i = 0; i < rec->nmembers; i++)
			if (rec->members[i].name && !strcmp(rec->members[i].name, name))
				return i;
		return -1;
	}
	if (rec->mnames && rec->mnames_n == rec->nmembers) {
		x = skl__ctype_map_get(rec->mnames, name, len, 0);
		if (!x)
			return -1;
		i = (int)x->num;
		if (i < rec->nmembers && rec->members[i].name && !strcmp(rec->members[i].name, name))
			return i;
	}
	/* (re)build it */
	if (!rec->mnames && !(rec->mnames = skl_calloc(1, sizeof(*rec->mnames))))
		goto scan;
	skl__ctype_map_clear(rec->mnames);
	rec->mnames_n = -1;
	for (i = 0; i < rec->nmembers; i++) {
		const char *n = rec->members[i].name;
		if (!n)
			continue;
		x = skl__ctype_map_put(rec->mnames, n, strlen(n), 0);
		if (!x) {
			skl__ctype_map_clear(rec->mnames);
			goto scan;
		}
		if (!x->val) {
			x->val = rec;
			x->num = i;
		}
	}
	rec->mnames_n = rec->nmembers;
	x = skl__ctype_map_get(rec->mnames, name, len, 0);
	return x ? (int)x->num : -1;
scan:
	for (i = 0; i < rec->nmembers; i++)
		if (rec->members[i].name && !strcmp(rec->members[i].name, name))
			return i;
	return -1;
}

int skl_record_add(skl_type *rec, const char *name, skl_type *type, int bits, unsigned aligned, const char *cond,
		   skl_error *err)
{
	skl_member *m;
	if (rec->kind != SKL_K_STRUCT && rec->kind != SKL_K_UNION)
		return skl_errorf(err, "members can only be added to a struct or union");
	if (!type)
		return skl_errorf(err, "member '%s' has no type", name ? name : "(anonymous)");
	if (name && member_named(rec, name) >= 0)
		return skl_errorf(err, "duplicate member '%s' in %s %s", name,
				  rec->kind == SKL_K_UNION ? "union" : "struct", rec->tag ? rec->tag : "(anonymous)");
	if (bits >= 0) {
		const skl_type *r = skl_type_resolve(type);
		if (r->kind != SKL_K_BASE && r->kind != SKL_K_ENUM)
			return skl_errorf(err, "bitfield '%s' must have an integer type", name ? name : "(anonymous)");
		if (r->kind == SKL_K_BASE && (r->base == SKL_B_VOID || r->base >= SKL_B_FLOAT))
			return skl_errorf(err, "bitfield '%s' must have an integer type", name ? name : "(anonymous)");
		if (bits == 0 && name)
			return skl_errorf(err, "zero width for bitfield '%s'", name);
	}
	if (aligned & (aligned - 1))
		return skl_errorf(err, "aligned(%u) on '%s' is not a power of two", aligned,
				  name ? name : "(anonymous)");
	if (skl_grow(&rec->members, &rec->capmembers, rec->nmembers, 8, sizeof(*rec->members)) < 0)
		return skl_errorf(err, "out of memory");
	m = &rec->members[rec->nmembers++];
	m->name = name ? skl_strdup(name) : NULL;
	m->type = type;
	m->bits = bits;
	m->aligned = aligned;
	m->packed = 0;
	m->cond = cond && *cond ? skl_strdup(cond) : NULL;
	m->src_line = m->src_col = 0;
	if (rec->mnames && rec->mnames_n == rec->nmembers - 1) {
		/* keep the index of names up to date */
		skl__ctype_ent *x = m->name ? skl__ctype_map_put(rec->mnames, m->name, strlen(m->name), 0) : NULL;
		rec->mnames_n = rec->nmembers;
		if (x) {
			x->val = rec;
			x->num = rec->nmembers - 1;
		} else if (m->name) {
			rec->mnames_n = -1; /* out of memory: rebuilt when next asked */
		}
	}
	return 0;
}

void skl_type_set_source(skl_type *rec, const char *file, int line, int col)
{
	skl_free(rec->src_file);
	rec->src_file = file && *file ? skl_strdup(file) : NULL;
	rec->src_line = line;
	rec->src_col = col;
}

void skl_record_set_member_packed(skl_type *rec, int packed)
{
	if (rec->nmembers > 0)
		rec->members[rec->nmembers - 1].packed = packed;
}

void skl_record_set_member_source(skl_type *rec, int line, int col)
{
	if (rec->nmembers > 0) {
		rec->members[rec->nmembers - 1].src_line = line;
		rec->members[rec->nmembers - 1].src_col = col;
	}
}

void skl_record_set_packed(skl_type *rec, int packed)
{
	rec->packed = packed;
}

void skl_type_set_aligned(skl_type *t, unsigned aligned)
{
	t->aligned = aligned;
}

void skl_record_set_complete(skl_type *rec)
{
	rec->complete = 1;
}

void skl_type_set_note(skl_type *t, const char *note)
{
	skl_free(t->note);
	t->note = skl_strdup(note);
}

/* ---- lookup ------------------------------------------------------------ */

skl_type *skl__ctype_find_typedef(const skl_typedb *db, const char *name, size_t n)
{
	skl__ctype_ent *e = skl__ctype_map_get(&db->tdefs, name, n, 0);
	return e ? e->val : NULL;
}

skl_type *skl__ctype_find_tag(const skl_typedb *db, skl_kind kind, const char *tag, size_t n)
{
	skl__ctype_ent *e = skl__ctype_map_get(&db->tags, tag, n, (unsigned)kind);
	return e ? e->val : NULL;
}

int skl__ctype_find_enumerator(const skl_typedb *db, const char *name, size_t n, int64_t *v)
{
	skl__ctype_ent *e = skl__ctype_map_get(&db->enumers, name, n, 0);
	if (!e)
		return 0;
	*v = e->num;
	return 1;
}

skl_type *skl_typedb_find(const skl_typedb *db, const char *name)
{
	skl_kind want[3];
	int nwant = 0, k;
	const char *tag = name;
	if (!strncmp(name, "struct ", 7)) {
		want[nwant++] = SKL_K_STRUCT;
		tag = name + 7;
	} else if (!strncmp(name, "union ", 6)) {
		want[nwant++] = SKL_K_UNION;
		tag = name + 6;
	} else if (!strncmp(name, "enum ", 5)) {
		want[nwant++] = SKL_K_ENUM;
		tag = name + 5;
	} else {
		want[nwant++] = SKL_K_STRUCT;
		want[nwant++] = SKL_K_UNION;
		want[nwant++] = SKL_K_TYPEDEF;
	}
	while (*tag == ' ')
		tag++;
	for (k = 0; k < nwant; k++) {
		skl_type *t = want[k] == SKL_K_TYPEDEF ? skl__ctype_find_typedef(db, tag, strlen(tag))
						       : skl__ctype_find_tag(db, want[k], tag, strlen(tag));
		if (t)
			return t;
	}
	return NULL;
}

int skl_typedb_count_records(const skl_typedb *db)
{
	return db->nrecords;
}

skl_type *skl_typedb_record_at(const skl_typedb *db, int i)
{
	return i >= 0 && i < db->nrecords ? db->records[i] : NULL;
}

static int ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* name as a whole identifier in cond */
static int names(const char *cond, const char *name, size_t n)
{
	const char *p = cond;
	while ((p = strstr(p, name)) != NULL) {
		if ((p == cond || !ident_char(p[-1])) && !ident_char(p[n]))
			return 1;
		p++;
	}
	return 0;
}

int skl_typedb_config_used(const skl_typedb *db, const char *name)
{
	const skl_type *t;
	size_t n = name ? strlen(name) : 0;
	int i;
	if (!db || !n)
		return 0;
	for (t = db->all; t; t = t->next_all) {
		if (t->kind != SKL_K_STRUCT && t->kind != SKL_K_UNION)
			continue;
		for (i = 0; i < t->nmembers; i++)
			if (t->members[i].cond && names(t->members[i].cond, name, n))
				return 1;
	}
	return 0;
}

skl_kind skl_type_kind(const skl_type *t)
{
	return t->kind;
}

const char *skl_type_tag(const skl_type *t)
{
	return t->tag;
}

const char *skl_type_note(const skl_type *t)
{
	return t->note;
}

int skl_type_is_complete(const skl_type *t)
{
	const skl_type *r = skl_type_resolve(t);
	return r && r->complete;
}

const skl_type *skl_type_resolve(const skl_type *t)
{
	int guard = 0;
	while (t && t->kind == SKL_K_TYPEDEF && guard++ < 256)
		t = t->ref;
	return t;
}

/* ---- printing ---------------------------------------------------------- */

static void cat(char *out, size_t outsz, const char *s)
{
	size_t n = strlen(out);
	if (n < outsz)
		snprintf(out + n, outsz - n, "%s", s);
}

void skl_type_name(const skl_type *t, char *out, size_t outsz)
{
	char pre[512], suf[512];
	skl_type_declare(t, "", pre, sizeof(pre), suf, sizeof(suf));
	snprintf(out, outsz, "%s%s", pre, suf);
	/* "char[4]" reads better than "char [4]" */
}

/* Surrounds s (capacity sz) with pre and post, truncating if it must. */
static void wrap(char *s, size_t sz, const char *pre, const char *post)
{
	size_t n = strlen(s), a = strlen(pre), b = strlen(post);
	if (n + a + b + 1 > sz)
		return;
	memmove(s + a, s, n + 1);
	memcpy(s, pre, a);
	memcpy(s + a + n, post, b + 1);
}

/* The "specifier" part: what a declaration starts with. */
static void spec_name(const skl_type *t, char *out, size_t outsz)
{
	switch (t->kind) {
	case SKL_K_BASE:
	case SKL_K_TYPEDEF:
		snprintf(out, outsz, "%s", t->tag);
		break;
	case SKL_K_STRUCT:
		snprintf(out, outsz, "struct %s", t->tag ? t->tag : "{...}");
		break;
	case SKL_K_UNION:
		snprintf(out, outsz, "union %s", t->tag ? t->tag : "{...}");
		break;
	case SKL_K_ENUM:
		snprintf(out, outsz, "enum %s", t->tag ? t->tag : "{...}");
		break;
	default:
		snprintf(out, outsz, "?");
	}
}

/*
 * Builds a C declaration inside-out. pahole splits it into a type column and
 * a name column: pointers to plain types stay in the type column
 * ("struct sock *"), arrays and function pointers go to the name column.
 */
void skl_type_declare(const skl_type *t, const char *name, char *prefix, size_t prefixsz, char *suffix, size_t suffixsz)
{
	char inner[1024], tmp[1024];
	const skl_type *base = t;
	int nptr = 0;
	/* simple case: T, T *, T **: everything in the prefix */
	while (base->kind == SKL_K_POINTER) {
		nptr++;
		base = base->ref;
	}
	if (base->kind != SKL_K_ARRAY && base->kind != SKL_K_FUNC) {
		int i;
		spec_name(base, prefix, prefixsz);
		if (nptr)
			cat(prefix, prefixsz, " ");
		for (i = 0; i < nptr; i++)
			cat(prefix, prefixsz, "*");
		snprintf(suffix, suffixsz, "%s", name);
		return;
	}
	/* general case: walk the declarator chain */
	snprintf(inner, sizeof(inner), "%s", name);
	base = t;
	for (;;) {
		if (base->kind == SKL_K_POINTER) {
			wrap(inner, sizeof(inner), "*", "");
			base = base->ref;
		} else if (base->kind == SKL_K_ARRAY) {
			if (inner[0] == '*')
				wrap(inner, sizeof(inner), "(", ")");
			if (base->count)
				snprintf(tmp, sizeof(tmp), "[%llu]", (unsigned long long)base->count);
			else
				snprintf(tmp, sizeof(tmp), "[]");
			wrap(inner, sizeof(inner), "", tmp);
			base = base->ref;
		} else if (base->kind == SKL_K_FUNC) {
			if (inner[0] == '*')
				wrap(inner, sizeof(inner), "(", ")");
			wrap(inner, sizeof(inner), "", "(");
			wrap(inner, sizeof(inner), "", base->params ? base->params : "void");
			wrap(inner, sizeof(inner), "", ")");
			base = base->ref;
		} else {
			break;
		}
	}
	/* pointers right at the base go with the type: "char *name[4]" -> "char *", "name[4]" */
	{
		char *p = inner;
		int n = 0;
		while (*p == '*') {
			n++;
			p++;
		}
		spec_name(base, prefix, prefixsz);
		if (n) {
			int i;
			cat(prefix, prefixsz, " ");
			for (i = 0; i < n; i++)
				cat(prefix, prefixsz, "*");
		}
		snprintf(suffix, suffixsz, "%s", p);
	}
}
