/*
 * layout.c - lays out structs and unions the way gcc does for the System V
 * i386 and x86_64 ABIs (PCC_BITFIELD_TYPE_MATTERS rules for bitfields,
 * ADJUST_FIELD_ALIGN for 8-byte scalars on i386, packed and aligned
 * attributes), and records what pahole reports: holes, bit holes, padding
 * and cache lines. Never touches the type database.
 */
#include "sklab/layout.h"

#include "types_impl.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct tinfo {
	uint64_t size;
	unsigned align;	      /* as an object */
	unsigned field_align; /* as a struct member */
	int user_aligned;     /* gcc's TYPE_USER_ALIGN */
	unsigned dw_align;    /* the DW_AT_alignment gcc emits for it, 0 = none */
} tinfo;

/* What one record came to, kept so that it is laid out once per layout
 * computed (one ABI, config and cache line): a struct holding two of a
 * struct holding two of ... costs its number of records, not 2^depth. */
typedef struct memo {
	tinfo ti;
	int have_pad;
	uint64_t pad; /* its trailing padding, for pahole's "paddings" */
} memo;

typedef struct lctx {
	const skl_abi *abi;
	const char *config;
	unsigned cacheline;
	skl_error *err;
	skl_layout *out; /* NULL when only sizing */
	int capfields;
	int nest;	     /* type_info() levels open */
	int bare;	     /* positions only: no names, no paddings summary */
	skl__ctype_map seen; /* record -> index into memos */
	memo *memos;
	int nmemos, capmemos;
} lctx;

#define MAX_BYTES SKL__CTYPE_MAX_BYTES

static void lctx_free(lctx *c)
{
	skl__ctype_map_clear(&c->seen);
	skl_free(c->memos);
	c->memos = NULL;
	c->nmemos = c->capmemos = 0;
}

static memo *memo_of(lctx *c, const skl_type *rec)
{
	skl__ctype_ent *e = skl__ctype_pmap_get(&c->seen, rec);
	return e ? &c->memos[e->num] : NULL;
}

static memo *memo_add(lctx *c, const skl_type *rec)
{
	skl__ctype_ent *e;
	memo *m = memo_of(c, rec);
	if (m)
		return m;
	if (skl_grow(&c->memos, &c->capmemos, c->nmemos, 16, sizeof(*c->memos)) < 0 ||
	    !(e = skl__ctype_pmap_put(&c->seen, rec))) {
		skl_errorf(c->err, "out of memory");
		return NULL;
	}
	e->num = c->nmemos;
	m = &c->memos[c->nmemos++];
	memset(m, 0, sizeof(*m));
	return m;
}

static const char *rec_word(const skl_type *t)
{
	return t->kind == SKL_K_UNION ? "union" : "struct";
}

static int record_layout(lctx *c, const skl_type *rec, uint64_t base_bits, int depth, int parent, const char *path,
			 tinfo *ti);

/* ---- config conditions --------------------------------------------------- */

typedef struct cparse {
	const char *s;
	const char *config;
	skl_error *err;
	int failed;
} cparse;

static void cskip(cparse *p)
{
	while (*p->s && isspace((unsigned char)*p->s))
		p->s++;
}

static int option_set(const char *config, const char *name, size_t n)
{
	const char *c = config;
	if (!c)
		return 0;
	while (*c) {
		const char *e;
		while (*c == ',' || isspace((unsigned char)*c))
			c++;
		e = c;
		while (*e && *e != ',')
			e++;
		{
			const char *t = e;
			while (t > c && isspace((unsigned char)t[-1]))
				t--;
			if ((size_t)(t - c) == n && !strncmp(c, name, n))
				return 1;
			/* CONFIG_X=y counts as CONFIG_X, CONFIG_X=m as CONFIG_X_MODULE */
			if ((size_t)(t - c) == n + 2 && !strncmp(c, name, n) && c[n] == '=' && c[n + 1] == 'y')
				return 1;
			if (n > 7 && !strncmp(name + n - 7, "_MODULE", 7) && (size_t)(t - c) == n - 7 + 2 &&
			    !strncmp(c, name, n - 7) && c[n - 7] == '=' && c[n - 6] == 'm')
				return 1;
		}
		c = e;
	}
	return 0;
}

static int c_or(cparse *p);

static int c_atom(cparse *p)
{
	cskip(p);
	if (*p->s == '!') {
		p->s++;
		return !c_atom(p);
	}
	if (*p->s == '(') {
		int v;
		p->s++;
		v = c_or(p);
		cskip(p);
		if (*p->s != ')') {
			if (!p->failed)
				skl_errorf(p->err, "config condition: expected ')' at \"%s\"", p->s);
			p->failed = 1;
			return 0;
		}
		p->s++;
		return v;
	}
	if (!strncmp(p->s, "defined", 7) && !isalnum((unsigned char)p->s[7]) && p->s[7] != '_') {
		int v, paren;
		p->s += 7;
		cskip(p);
		paren = *p->s == '(';
		if (paren)
			p->s++;
		v = c_atom(p);
		cskip(p);
		if (paren) {
			if (*p->s != ')') {
				if (!p->failed)
					skl_errorf(p->err, "config condition: expected ')' after defined(");
				p->failed = 1;
				return 0;
			}
			p->s++;
		}
		return v;
	}
	if (isalpha((unsigned char)*p->s) || *p->s == '_') {
		const char *b = p->s;
		while (isalnum((unsigned char)*p->s) || *p->s == '_')
			p->s++;
		return option_set(p->config, b, (size_t)(p->s - b));
	}
	if (*p->s == '1' || *p->s == '0') {
		int v = *p->s == '1';
		p->s++;
		return v;
	}
	if (!p->failed)
		skl_errorf(p->err, "config condition: unexpected %s", *p->s ? p->s : "end of condition");
	p->failed = 1;
	return 0;
}

static int c_and(cparse *p)
{
	int v = c_atom(p);
	for (;;) {
		cskip(p);
		if (p->s[0] == '&' && p->s[1] == '&') {
			int r;
			p->s += 2;
			r = c_atom(p);
			v = v && r;
		} else {
			return v;
		}
	}
}

static int c_or(cparse *p)
{
	int v = c_and(p);
	for (;;) {
		cskip(p);
		if (p->s[0] == '|' && p->s[1] == '|') {
			int r;
			p->s += 2;
			r = c_and(p);
			v = v || r;
		} else {
			return v;
		}
	}
}

int skl_config_eval(const char *cond, const char *config, skl_error *err)
{
	cparse p;
	int v;
	if (!cond || !*cond)
		return 1;
	p.s = cond;
	p.config = config;
	p.err = err;
	p.failed = 0;
	v = c_or(&p);
	cskip(&p);
	if (!p.failed && *p.s) {
		skl_errorf(err, "config condition \"%s\": unexpected \"%s\"", cond, p.s);
		return -1;
	}
	if (p.failed) {
		char msg[512];
		if (err) {
			snprintf(msg, sizeof(msg), "%s", err->msg);
			skl_errorf(err, "%s (in \"%s\")", msg, cond);
		}
		return -1;
	}
	return v;
}

/* ---- sizes of types -------------------------------------------------------- */

static uint64_t round_up(uint64_t v, uint64_t a)
{
	return a ? (v + a - 1) / a * a : v;
}

static int type_info_in(lctx *c, const skl_type *t, tinfo *ti);

/* Counts the levels open: a chain of typedefs, arrays and records deeper
 * than SKL__CTYPE_MAX_DEPTH is refused before it runs the stack out. */
static int type_info(lctx *c, const skl_type *t, tinfo *ti)
{
	int r;
	if (c->nest >= SKL__CTYPE_MAX_DEPTH)
		return skl_errorf(c->err, "type nested more than %d deep (typedefs, arrays and records inside records)",
				  SKL__CTYPE_MAX_DEPTH);
	c->nest++;
	r = type_info_in(c, t, ti);
	c->nest--;
	return r;
}

static int type_info_in(lctx *c, const skl_type *t, tinfo *ti)
{
	if (!t)
		return skl_errorf(c->err, "missing type");
	switch (t->kind) {
	case SKL_K_BASE:
		if (t->base == SKL_B_VOID)
			return skl_errorf(c->err, "a member cannot have type void");
		ti->size = c->abi->size[t->base];
		ti->align = c->abi->align[t->base];
		ti->field_align = c->abi->field_align[t->base];
		ti->user_aligned = 0;
		ti->dw_align = 0;
		return 0;
	case SKL_K_POINTER:
		ti->size = c->abi->size[SKL_B_PTR];
		ti->align = ti->field_align = c->abi->align[SKL_B_PTR];
		ti->user_aligned = 0;
		ti->dw_align = 0;
		return 0;
	case SKL_K_ENUM: {
		/* an enum is laid out as the integer type of its size */
		skl_base b = SKL_B_INT;
		ti->size = t->enum_size ? t->enum_size : c->abi->enum_size;
		if (ti->size > 16)
			return skl_errorf(c->err, "enum %s of %llu bytes is too large (an enum is an integer type)",
					  t->tag ? t->tag : "(anonymous)", (unsigned long long)ti->size);
		if (ti->size == 1)
			b = SKL_B_CHAR;
		else if (ti->size == 2)
			b = SKL_B_SHORT;
		else if (ti->size == 8)
			b = SKL_B_LLONG;
		ti->align = c->abi->align[b];
		ti->field_align = c->abi->field_align[b];
		ti->user_aligned = 0;
		ti->dw_align = 0;
		return 0;
	}
	case SKL_K_FUNC:
		return skl_errorf(c->err, "a member cannot be a function (use a pointer to one)");
	case SKL_K_ARRAY: {
		tinfo e;
		if (type_info(c, t->ref, &e) < 0)
			return -1;
		if (t->count && e.size > MAX_BYTES / t->count)
			return skl_errorf(
			    c->err,
			    "array too large: %llu elements of %llu byte%s exceed the limit of 2^40 bytes "
			    "(1 TiB) for any object",
			    (unsigned long long)t->count, (unsigned long long)e.size, e.size == 1 ? "" : "s");
		ti->size = e.size * t->count;
		ti->align = e.align;
		ti->field_align = e.field_align;
		ti->user_aligned = e.user_aligned;
		ti->dw_align = e.dw_align;
		return 0;
	}
	case SKL_K_TYPEDEF:
		if (type_info(c, t->ref, ti) < 0)
			return -1;
		if (t->aligned) {
			/* unlike on a member, aligned() on a typedef may lower the alignment */
			ti->align = ti->field_align = t->aligned;
			ti->user_aligned = 1;
			ti->dw_align = t->aligned;
		}
		return 0;
	case SKL_K_STRUCT:
	case SKL_K_UNION: {
		skl_layout *save = c->out;
		memo *m = memo_of(c, t);
		int r;
		if (m && !t->visiting) {
			*ti = m->ti;
			return 0;
		}
		if (!t->complete)
			return skl_errorf(c->err, "%s %s is incomplete (declared but never defined)",
					  t->kind == SKL_K_UNION ? "union" : "struct", t->tag ? t->tag : "(anonymous)");
		c->out = NULL;
		r = record_layout(c, t, 0, 0, -1, "", ti);
		c->out = save;
		if (r == 0) {
			if (!(m = memo_add(c, t)))
				return -1;
			m->ti = *ti;
		}
		return r;
	}
	}
	return skl_errorf(c->err, "unknown type kind");
}

/* gcc's excess_unit_span(): would a bitfield at bit pos, of width bits,
 * span more alignment units of its type than the type itself has? */
static int excess_unit_span(uint64_t pos, unsigned bits, unsigned align_bits, uint64_t type_bits)
{
	uint64_t off = pos % align_bits;
	return (off + bits + align_bits - 1) / align_bits > type_bits / align_bits;
}

/* ---- emitting fields ------------------------------------------------------- */

static skl_field *add_field(lctx *c)
{
	skl_layout *l = c->out;
	skl_field *f;
	if (l->nfields >= SKL__CTYPE_MAX_FIELDS) {
		skl_errorf(c->err, "too large: more than %d fields to list (members of anonymous records count)",
			   SKL__CTYPE_MAX_FIELDS);
		return NULL;
	}
	if (skl_grow(&l->fields, &c->capfields, l->nfields, 32, sizeof(*l->fields)) < 0) {
		skl_errorf(c->err, "out of memory");
		return NULL;
	}
	f = &l->fields[l->nfields++];
	memset(f, 0, sizeof(*f));
	f->parent = -1;
	return f;
}

static int is_anon_record(const skl_type *t)
{
	return (t->kind == SKL_K_STRUCT || t->kind == SKL_K_UNION) && !t->tag;
}

/*
 * Holes, bit holes and padding among the direct members of one struct (at
 * depth, under parent, from field index first), as pahole's
 * class__find_holes() computes them from DWARF: each hole is charged to
 * the member before it. Positions are relative to the struct's start.
 */
static void find_holes(skl_layout *l, int first, int parent, int depth, uint64_t base_bits, uint64_t size,
		       uint64_t *padding, unsigned *bit_padding)
{
	int64_t cur_bitfield_end = (int64_t)size * 8, cur_bitfield_size = 0, last_seen_bit = 0;
	int in_bitfield = 0, j, last = -1;
	for (j = first; j < l->nfields; j++) {
		skl_field *f = &l->fields[j];
		int64_t bit_start, bit_end, bit_holes = 0, byte_holes = 0;
		int64_t rel_byte = (int64_t)(f->offset - base_bits / 8);
		if (f->parent != parent || f->depth != depth)
			continue;
		f->hole_after = 0;
		f->bit_hole_after = 0;
		f->force_align = 0;
		bit_start = (int64_t)(f->bit_pos - base_bits);
		bit_end = bit_start + (f->bit_size ? (int64_t)f->bit_size : (int64_t)f->size * 8);
		if (in_bitfield) {
			int64_t bitfield_end = bit_start < cur_bitfield_end ? bit_start : cur_bitfield_end;
			bit_holes = bitfield_end - last_seen_bit;
			last_seen_bit = bitfield_end;
		}
		if (f->bit_size) {
			int64_t aligned_start = rel_byte * 8;
			if (last_seen_bit < aligned_start && aligned_start <= bit_start) {
				byte_holes = rel_byte - last_seen_bit / 8;
				last_seen_bit = aligned_start;
			}
			bit_holes += bit_start - last_seen_bit;
		} else {
			byte_holes = bit_start / 8 - last_seen_bit / 8;
		}
		last_seen_bit = bit_end;
		if (f->bit_size) {
			int64_t ub = (int64_t)f->size * 8; /* the storage unit: the type's size */
			in_bitfield = 1;
			if (bit_end > cur_bitfield_end || ub > cur_bitfield_size) {
				cur_bitfield_size = ub;
				cur_bitfield_end = rel_byte * 8 + cur_bitfield_size;
				if (bit_end > cur_bitfield_end)
					cur_bitfield_end += cur_bitfield_size;
			}
		} else {
			in_bitfield = 0;
			cur_bitfield_size = 0;
			cur_bitfield_end = bit_end;
		}
		if (last >= 0) {
			skl_field *p = &l->fields[last];
			p->hole_after = byte_holes > 0 ? (uint64_t)byte_holes : 0;
			p->bit_hole_after = bit_holes > 0 ? (unsigned)bit_holes : 0;
			/* pahole prints "Force alignment" and a ":0" here */
			f->force_align = p->bit_hole_after && f->bit_size && p->offset != f->offset;
		}
		last = j;
	}
	if (in_bitfield) {
		int64_t bitfield_end = (int64_t)size * 8 < cur_bitfield_end ? (int64_t)size * 8 : cur_bitfield_end;
		*bit_padding = bitfield_end > last_seen_bit ? (unsigned)(bitfield_end - last_seen_bit) : 0;
		last_seen_bit = bitfield_end;
	} else {
		*bit_padding = 0;
	}
	*padding = (int64_t)size > last_seen_bit / 8 ? (uint64_t)((int64_t)size - last_seen_bit / 8) : 0;
}

/* Fills the name, path and declaration strings of a field. */
static int name_field(lctx *c, skl_field *f, const skl_member *m, const char *path)
{
	char pre[512], suf[512], full[600];
	f->name = skl_strdup(m->name ? m->name : "");
	f->cond = m->cond ? skl_strdup(m->cond) : NULL;
	snprintf(full, sizeof(full), "%s%s%s", path, *path && m->name ? "." : "", m->name ? m->name : "");
	f->path = skl_strdup(full);
	if (f->expanded) {
		f->decl_prefix = skl_strdup(f->is_union ? "union" : "struct");
		f->decl_suffix = skl_strdup(m->name ? m->name : "");
		f->type_name = skl_strdup(f->is_union ? "union {...}" : "struct {...}");
	} else {
		skl_type_declare(m->type, m->name ? m->name : "", pre, sizeof(pre), suf, sizeof(suf));
		f->decl_prefix = skl_strdup(pre);
		f->decl_suffix = skl_strdup(suf);
		skl_type_name(m->type, pre, sizeof(pre));
		f->type_name = skl_strdup(pre);
	}
	if (!f->name || !f->path || !f->decl_prefix || !f->decl_suffix || !f->type_name || (m->cond && !f->cond))
		return skl_errorf(c->err, "out of memory");
	return 0;
}

/*
 * Lays out one record whose first byte is at base_bits (absolute), emitting
 * its members as fields at depth. Fills ti with size and alignment. Follows
 * gcc's stor-layout.c: PCC_BITFIELD_TYPE_MATTERS bitfields, packed and
 * aligned attributes, and TYPE_USER_ALIGN spreading from members.
 */
static int record_layout(lctx *c, const skl_type *rec, uint64_t base_bits, int depth, int parent, const char *path,
			 tinfo *ti)
{
	uint64_t pos = 0, maxbits = 0;
	unsigned rec_align = 1;
	int user_align = rec->aligned != 0;
	int is_union = rec->kind == SKL_K_UNION;
	int i, first_field = c->out ? c->out->nfields : 0;
	const skl_member *cur_m = NULL; /* the member being laid out, for errors */

	if (rec->visiting)
		return skl_errorf(c->err, "%s %s contains itself", is_union ? "union" : "struct",
				  rec->tag ? rec->tag : "(anonymous)");
	if (!rec->complete)
		return skl_errorf(c->err, "%s %s is incomplete (declared but never defined)",
				  is_union ? "union" : "struct", rec->tag ? rec->tag : "(anonymous)");
	if (depth > 64)
		return skl_errorf(c->err, "records nested too deeply");
	((skl_type *)rec)->visiting = 1;

	for (i = 0; i < rec->nmembers; i++) {
		const skl_member *m = cur_m = &rec->members[i];
		const skl_type *mt = m->type;
		const skl_type *rt = skl_type_resolve(mt);
		int packed = rec->packed || m->packed;
		int m_user; /* gcc's DECL_USER_ALIGN */
		tinfo ti_m;
		unsigned a;
		uint64_t at; /* member bit position relative to the record */
		int v = skl_config_eval(m->cond, c->config, c->err);
		if (v < 0)
			goto fail;
		if (!v)
			continue;
		if (!rt) {
			skl_errorf(c->err, "member '%s' has an unresolved type", m->name ? m->name : "(anonymous)");
			goto fail;
		}
		if (rt->kind == SKL_K_STRUCT || rt->kind == SKL_K_UNION) {
			if (rt->visiting) {
				skl_errorf(c->err, "%s %s contains itself (through member '%s')",
					   rt->kind == SKL_K_UNION ? "union" : "struct",
					   rt->tag ? rt->tag : "(anonymous)", m->name ? m->name : "(anonymous)");
				goto fail;
			}
		}
		if (type_info(c, mt, &ti_m) < 0) {
			if (m->name && !strstr(c->err->msg, "member '")) {
				char msg[sizeof(c->err->msg)];
				snprintf(msg, sizeof(msg), "%s", c->err->msg);
				skl_errorf(c->err, "member '%s': %s", m->name, msg);
			}
			goto fail;
		}

		/* gcc's layout_decl(): the type's alignment unless aligned() asks for
		 * more; packed drops the type's; i386 lowers 8-byte scalars to 4
		 * unless the alignment was asked for */
		if (packed && m->bits != 0) {
			a = m->aligned ? m->aligned : 1;
			m_user = m->aligned != 0;
		} else if (ti_m.align > m->aligned) {
			a = ti_m.user_aligned ? ti_m.align : ti_m.field_align;
			m_user = ti_m.user_aligned;
		} else {
			a = m->aligned;
			m_user = 1;
		}

		if (m->bits >= 0) {
			/* ---- bitfield ---- */
			uint64_t type_bits = ti_m.size * 8;
			unsigned ab = (ti_m.user_aligned ? ti_m.align : ti_m.field_align) * 8;
			if ((uint64_t)m->bits > type_bits) {
				skl_errorf(c->err, "width of bitfield '%s' (%d bits) exceeds its type (%llu bits)",
					   m->name ? m->name : "(anonymous)", m->bits, (unsigned long long)type_bits);
				goto fail;
			}
			if (is_union)
				pos = 0;
			if (m->bits == 0) {
				/* a zero-width bitfield aligns the next one to its type, packed or not */
				pos = round_up(pos, ab);
				continue;
			}
			if (m->aligned) {
				pos = round_up(pos, (uint64_t)a * 8);
			} else if (!packed) {
				if (excess_unit_span(pos, (unsigned)m->bits, ab, type_bits))
					pos = round_up(pos, ab);
			}
			at = pos;
			if (m->name && (!packed || m->aligned))
				rec_align = rec_align > a ? rec_align : a;
			if (m->name && m_user)
				user_align = 1;
			pos += (uint64_t)m->bits;
			if (pos > maxbits)
				maxbits = pos;
			if (!m->name)
				continue; /* unnamed bitfields are padding, not members (nor in DWARF) */
			if (c->out) {
				skl_field *f = add_field(c);
				uint64_t abs = base_bits + at;
				if (!f)
					goto fail;
				f->bit_size = (unsigned)m->bits;
				f->bit_pos = abs;
				f->size = ti_m.size;
				f->type = mt;
				/* the storage unit as pahole shows it: the type's size, from the
				 * record's start, even where a packed bitfield straddles it */
				f->offset = (base_bits + at / type_bits * type_bits) / 8;
				f->bit_offset = (unsigned)(at % type_bits);
				f->align = a;
				f->user_align = m_user ? a : 0;
				f->depth = depth;
				f->parent = parent;
				if (!c->bare && name_field(c, f, m, path) < 0)
					goto fail;
			}
			continue;
		}

		/* ---- ordinary member ---- */
		at = is_union ? 0 : round_up(pos, (uint64_t)a * 8);
		if (ti_m.size > MAX_BYTES - at / 8) {
			skl_errorf(
			    c->err,
			    "%s %s is too large: member '%s' (%llu byte%s at offset %llu) ends past the limit of "
			    "2^40 bytes (1 TiB) for any object",
			    rec_word(rec), rec->tag ? rec->tag : "(anonymous)", m->name ? m->name : "(anonymous)",
			    (unsigned long long)ti_m.size, ti_m.size == 1 ? "" : "s", (unsigned long long)(at / 8));
			goto fail;
		}
		rec_align = rec_align > a ? rec_align : a;
		if (m_user)
			user_align = 1;
		if (c->out) {
			skl_field *f = add_field(c);
			int idx;
			if (!f)
				goto fail;
			idx = c->out->nfields - 1;
			f->offset = (base_bits + at) / 8;
			f->bit_pos = base_bits + at;
			f->size = ti_m.size;
			f->align = a;
			f->user_align = m_user ? a : 0;
			f->depth = depth;
			f->parent = parent;
			f->type = mt;
			f->expanded = is_anon_record(mt);
			f->is_union = f->expanded && mt->kind == SKL_K_UNION;
			if (!c->bare && name_field(c, f, m, path) < 0)
				goto fail;
			if (f->expanded) {
				tinfo sub;
				int r;
				char full[600];
				snprintf(full, sizeof(full), "%s", f->path ? f->path : "");
				/* children follow; their paths extend ours (anonymous: same level) */
				r = record_layout(c, mt, base_bits + at, depth + 1, idx, full, &sub);
				f = &c->out->fields[idx]; /* may have moved */
				if (r < 0)
					goto fail;
				f->rec_user_align = sub.dw_align;
			}
		}
		pos = at + ti_m.size * 8;
		if (pos > maxbits)
			maxbits = pos;
	}

	if (rec->aligned)
		rec_align = rec_align > rec->aligned ? rec_align : rec->aligned;
	if (round_up((maxbits + 7) / 8, rec_align) > MAX_BYTES) {
		/* a bitfield after the largest array; an alignment cannot take a
		 * record past it, since the limit is a multiple of any */
		skl_errorf(c->err,
			   "%s %s is too large: its members end past the limit of 2^40 bytes (1 TiB) for any object",
			   rec_word(rec), rec->tag ? rec->tag : "(anonymous)");
		goto fail;
	}
	ti->align = rec_align;
	ti->field_align = rec_align;
	ti->user_aligned = user_align;
	ti->dw_align = user_align ? rec_align : 0;
	ti->size = round_up((maxbits + 7) / 8, rec_align);
	((skl_type *)rec)->visiting = 0;

	if (c->out) {
		skl_layout *l = c->out;
		uint64_t pad = 0;
		unsigned bit_pad = 0;
		int j;
		if (!is_union)
			find_holes(l, first_field, parent, depth, base_bits, ti->size, &pad, &bit_pad);
		if (parent >= 0) {
			skl_field *pf = &l->fields[parent];
			pf->nmembers = 0;
			for (j = first_field; j < l->nfields; j++)
				if (l->fields[j].parent == parent && l->fields[j].depth == depth)
					pf->nmembers++;
			pf->padding = pad;
			pf->bit_padding = bit_pad;
		} else {
			l->padding = pad;
			l->bit_padding = bit_pad;
			l->user_align = ti->dw_align;
		}
	}
	return 0;
fail:
	((skl_type *)rec)->visiting = 0;
	/* the innermost record that knows where it is written says where */
	if (!c->err->file[0] && rec->src_file) {
		snprintf(c->err->file, sizeof(c->err->file), "%s", rec->src_file);
		c->err->line = cur_m && cur_m->src_line ? cur_m->src_line : rec->src_line;
		c->err->col = cur_m && cur_m->src_line ? cur_m->src_col : rec->src_col;
	}
	return -1;
}

/* ---- public ------------------------------------------------------------------ */

static void compute_summary(skl_layout *l)
{
	int i;
	l->members = 0;
	for (i = 0; i < l->nfields; i++) {
		skl_field *f = &l->fields[i];
		uint64_t last = f->size ? f->offset + f->size - 1 : f->offset;
		f->cl_first = f->offset / l->cacheline;
		f->cl_last = last / l->cacheline;
		if (f->depth != 0)
			continue;
		l->members++;
		if (f->bit_size) {
			l->sum_bitfield_bits += f->bit_size;
		} else {
			l->sum_members += f->size;
		}
		if (f->hole_after) {
			l->holes++;
			l->sum_holes += f->hole_after;
		}
		if (f->bit_hole_after) {
			l->bit_holes++;
			l->sum_bit_holes += f->bit_hole_after;
		}
	}
	l->cachelines = (l->size + l->cacheline - 1) / l->cacheline;
	l->last_cacheline = l->size % l->cacheline;
}

/* Trailing padding of a member's struct type, for pahole's "paddings"
 * line: pahole looks at the member's own type, so a typedef of a struct
 * does not count. */
static uint64_t struct_padding(lctx *c, const skl_type *t)
{
	skl_layout sub;
	lctx c2 = *c;
	tinfo ti;
	uint64_t pad;
	memo *mm;
	int i;
	if (!t || t->kind != SKL_K_STRUCT || !t->tag)
		return 0;
	mm = memo_of(c, t);
	if (mm && mm->have_pad)
		return mm->pad;
	memset(&sub, 0, sizeof(sub));
	c2.out = &sub;
	c2.capfields = 0;
	if (record_layout(&c2, t, 0, 0, -1, "", &ti) < 0)
		pad = 0;
	else
		pad = sub.padding;
	/* the memos c2 made are c's from now on */
	c->seen = c2.seen;
	c->memos = c2.memos;
	c->nmemos = c2.nmemos;
	c->capmemos = c2.capmemos;
	if ((mm = memo_add(c, t))) {
		mm->ti = ti;
		mm->have_pad = 1;
		mm->pad = pad;
	}
	for (i = 0; i < sub.nfields; i++) {
		skl_free(sub.fields[i].name);
		skl_free(sub.fields[i].path);
		skl_free(sub.fields[i].type_name);
		skl_free(sub.fields[i].decl_prefix);
		skl_free(sub.fields[i].decl_suffix);
		skl_free(sub.fields[i].cond);
	}
	skl_free(sub.fields);
	return pad;
}

static skl_layout *layout_compute(const skl_type *t, const skl_abi *abi, const char *config, unsigned cacheline,
				  int bare, skl_error *err);

skl_layout *skl_layout_compute(const skl_type *t, const skl_abi *abi, const char *config, unsigned cacheline,
			       skl_error *err)
{
	return layout_compute(t, abi, config, cacheline, 0, err);
}

skl_layout *skl__ctype_layout_bare(const skl_type *t, const skl_abi *abi, unsigned cacheline, skl_error *err)
{
	return layout_compute(t, abi, NULL, cacheline, 1, err);
}

static skl_layout *layout_compute(const skl_type *t, const skl_abi *abi, const char *config, unsigned cacheline,
				  int bare, skl_error *err)
{
	lctx c;
	tinfo ti;
	skl_layout *l;
	const skl_type *rec = skl_type_resolve(t);
	char name[512];
	int i;

	if (!abi)
		abi = skl_abi_default();
	if (!cacheline)
		cacheline = 64;
	if (!rec || (rec->kind != SKL_K_STRUCT && rec->kind != SKL_K_UNION)) {
		skl_errorf(err, "not a struct or union");
		return NULL;
	}
	if (cacheline & (cacheline - 1)) {
		skl_errorf(err, "cache-line size %u is not a power of two", cacheline);
		return NULL;
	}
	l = skl_calloc(1, sizeof(*l));
	if (!l) {
		skl_errorf(err, "out of memory");
		return NULL;
	}
	memset(&c, 0, sizeof(c));
	c.abi = abi;
	c.config = config;
	c.cacheline = cacheline;
	c.err = err;
	c.out = l;
	c.bare = bare;
	if (record_layout(&c, rec, 0, 0, -1, "", &ti) < 0) {
		lctx_free(&c);
		skl_layout_free(l);
		return NULL;
	}
	if (t->kind == SKL_K_TYPEDEF && !rec->tag)
		snprintf(name, sizeof(name), "%s", t->tag);
	else
		snprintf(name, sizeof(name), "%s %s", rec->kind == SKL_K_UNION ? "union" : "struct",
			 rec->tag ? rec->tag : "{...}");
	l->name = skl_strdup(name);
	l->note = rec->note ? skl_strdup(rec->note) : NULL;
	l->abi = abi;
	l->config = skl_strdup(config ? config : "");
	l->is_union = rec->kind == SKL_K_UNION;
	l->packed = rec->packed;
	l->aligned_attr = rec->aligned;
	l->size = ti.size;
	l->align = ti.align;
	l->cacheline = cacheline;
	compute_summary(l);
	for (i = 0; !bare && i < l->nfields; i++) {
		skl_field *f = &l->fields[i];
		if (f->depth == 0 && !f->bit_size) {
			uint64_t pad = f->expanded ? (f->is_union ? 0 : f->padding) : struct_padding(&c, f->type);
			if (pad) {
				l->paddings++;
				l->sum_paddings += pad;
			}
		}
	}
	lctx_free(&c);
	return l;
}

void skl_layout_free(skl_layout *l)
{
	int i;
	if (!l)
		return;
	for (i = 0; i < l->nfields; i++) {
		skl_field *f = &l->fields[i];
		skl_free(f->name);
		skl_free(f->path);
		skl_free(f->type_name);
		skl_free(f->decl_prefix);
		skl_free(f->decl_suffix);
		skl_free(f->cond);
	}
	skl_free(l->fields);
	skl_free(l->name);
	skl_free(l->note);
	skl_free(l->config);
	skl__layout_members_free(l->inner);
	skl_free(l);
}

skl_layout *skl_layout_clone(const skl_layout *l)
{
	skl_layout *c = skl_calloc(1, sizeof(*c));
	int i;
	if (!c)
		return NULL;
	*c = *l;
	c->inner = NULL; /* a cache of l's: the copy builds its own */
	c->fields = skl_calloc((size_t)(l->nfields ? l->nfields : 1), sizeof(skl_field));
	c->name = skl_strdup(l->name);
	c->note = l->note ? skl_strdup(l->note) : NULL;
	c->config = skl_strdup(l->config);
	if (!c->fields) {
		c->nfields = 0;
		skl_layout_free(c);
		return NULL;
	}
	for (i = 0; i < l->nfields; i++) {
		skl_field *d = &c->fields[i];
		const skl_field *s = &l->fields[i];
		*d = *s;
		d->name = skl_strdup(s->name);
		d->path = skl_strdup(s->path);
		d->type_name = skl_strdup(s->type_name);
		d->decl_prefix = skl_strdup(s->decl_prefix);
		d->decl_suffix = skl_strdup(s->decl_suffix);
		d->cond = s->cond ? skl_strdup(s->cond) : NULL;
	}
	return c;
}

int skl_layout_find(const skl_layout *l, const char *name)
{
	int i, found = -1;
	for (i = 0; i < l->nfields; i++)
		if (!strcmp(l->fields[i].path, name))
			return i;
	for (i = 0; i < l->nfields; i++) {
		if (l->fields[i].name[0] && !strcmp(l->fields[i].name, name)) {
			if (found >= 0)
				return -1; /* ambiguous: use the path */
			found = i;
		}
	}
	return found;
}

const skl_type *skl_field_record(const skl_field *f, int through_pointer)
{
	const skl_type *t = f->type;
	int hops = 0;
	if (!t || f->expanded || f->bit_size)
		return NULL;
	/* typedefs, arrays of arrays, one pointer: at most a short chain */
	while (t && hops++ < 64) {
		t = skl_type_resolve(t);
		if (t->kind == SKL_K_ARRAY) {
			t = t->ref;
		} else if (t->kind == SKL_K_POINTER && through_pointer) {
			t = t->ref;
			through_pointer = 0;
		} else {
			break;
		}
	}
	if (!t || (t->kind != SKL_K_STRUCT && t->kind != SKL_K_UNION) || !t->complete)
		return NULL;
	return t;
}

int skl_type_size_align(const skl_type *t, const skl_abi *abi, const char *config, uint64_t *size, unsigned *align,
			skl_error *err)
{
	lctx c;
	tinfo ti;
	skl_error local;
	int r;
	memset(&c, 0, sizeof(c));
	c.abi = abi ? abi : skl_abi_default();
	c.config = config;
	c.cacheline = 64;
	c.err = err ? err : &local;
	skl_error_clear(&local);
	r = type_info(&c, t, &ti);
	lctx_free(&c);
	if (r < 0)
		return -1;
	*size = ti.size;
	*align = ti.align;
	return 0;
}
