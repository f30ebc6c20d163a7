/*
 * btf.c - imports structs and unions from BTF through libbpf.
 *
 * BTF keeps every member's bit offset and every record's size, but no
 * attributes, so a type rebuilt from it and laid out by gcc's rules could
 * land elsewhere. For each record the importer asks the layout engine where
 * the members go and, where that is not where BTF puts them, adds what the
 * source must have said: aligned(N) on a member, an unnamed ':0' before a
 * bitfield, packed or aligned(N) on the record. Where pahole would print an
 * alignment it guesses from the same offsets (btf_loader.c), that guess is
 * used if it gives the same layout, so the two print alike.
 *
 * Names follow pahole's BTF output ("const struct cred  *", "struct sock *
 * *", "long unsigned int"), through aliases (types.h) where sklab's own
 * spelling would differ. Never prints and never lays out by itself.
 */
#include "sklab/btf.h"

#include "sklab/layout.h"

#include "types_impl.h"

#include <stdio.h>
#include <string.h>

#define BTF_VMLINUX "/sys/kernel/btf/vmlinux"

#ifndef SKLAB_HAVE_LIBBPF

int skl_btf_available(void)
{
	return 0;
}

int skl_btf_import(skl_typedb *db, const char *path, const char *name, skl_type **out, skl_error *err)
{
	(void)db;
	(void)path;
	(void)name;
	if (out)
		*out = NULL;
	return skl_errorf(err, "BTF support is not built in (libbpf was not found at build time)");
}

#else /* SKLAB_HAVE_LIBBPF */

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <linux/btf.h>
#include <sys/stat.h>

#define NAME_MAX_LEN 1024 /* longest type name built */
#define MAX_DEPTH 64	  /* type chains deeper than this are taken as loops */
#define CACHELINE 64	  /* pahole's cache line for its alignment guesses */
/* Work one import may do beyond what is linear in its types: members laid
 * out while fitting records to BTF's offsets (a record may take a few
 * layouts per member it holds), and steps spelling type names (a function
 * pointer's parameters are spelled out each time it is named). */
#define FIT_BUDGET (1L << 20)
#define NAME_BUDGET (1L << 20)

enum { ST_NONE, ST_BUSY, ST_DONE };

/* One record imported by this call. */
typedef struct rinfo {
	uint32_t id;
	skl_type *rec;
	int plain; /* fitted without pahole's guesses (an outer record refuted one) */
} rinfo;

typedef struct imp {
	struct btf *btf;
	struct btf *base; /* vmlinux under a module's split BTF, or NULL */
	skl_typedb *db;
	const skl_abi *abi;
	skl_error *err;
	const char *path;
	uint32_t ntypes;
	skl_type **memo;      /* by BTF id: the type built for it */
	unsigned char *state; /* by id, records only: ST_* */
	unsigned *pnat;	      /* by id: pahole's natural alignment, 0 = not yet */
	rinfo *recs;
	int nrecs, caprecs;
	skl__ctype_map recidx; /* rec -> index into recs */
	int changed;	       /* a record's alignment was lowered: verify all again */
	long fit_work;	       /* members laid out while fitting */
	long name_work;	       /* pname() calls */
} imp;

/* Unnamed bitfields the source must have had: count of 'type :bits'
 * (':0' when bits is 0). */
typedef struct padding {
	skl_type *type;
	int bits, count;
} padding;

/* One member as BTF has it, and what was inferred for it. */
typedef struct pmember {
	const char *name; /* NULL = anonymous */
	skl_type *type;
	int bits;	  /* -1 = not a bitfield */
	uint64_t want;	  /* BTF's bit offset */
	unsigned aligned; /* inferred aligned(N), 0 = none */
	unsigned guess;	  /* pahole's guess at its alignment, 0 = none */
	uint64_t bsize;	  /* its size in BTF */
	padding pad;	  /* unnamed bitfields before it */
} pmember;

static skl_type *value_type(imp *c, uint32_t id, int byval, int depth);
static int pname(imp *c, uint32_t id, char *out, size_t outsz, int depth);

/* ---- small helpers ------------------------------------------------------ */

static const struct btf_type *bt(imp *c, uint32_t id)
{
	if (id == 0 || id >= c->ntypes)
		return NULL;
	return btf__type_by_id(c->btf, id);
}

static const char *bname(imp *c, const struct btf_type *t)
{
	const char *s = btf__name_by_offset(c->btf, t->name_off);
	return s && *s ? s : NULL;
}

static int bad_id(imp *c, uint32_t id)
{
	return skl_errorf(c->err, "%s: BTF type id %u is out of range (corrupt file?)", c->path, id);
}

static int too_deep(imp *c, uint32_t id)
{
	return skl_errorf(c->err, "%s: BTF type %u is part of a loop or nested too deeply", c->path, id);
}

static int oom(imp *c)
{
	return skl_errorf(c->err, "out of memory");
}

static void cat(char *out, size_t outsz, const char *s)
{
	size_t n = strlen(out), k = strlen(s);
	if (n + 1 >= outsz)
		return;
	if (k > outsz - n - 1)
		k = outsz - n - 1; /* names longer than the buffer are cut */
	memcpy(out + n, s, k);
	out[n + k] = '\0';
}

/* out = a b c (any of them may be ""), cut to outsz. */
static void join3(char *out, size_t outsz, const char *a, const char *b, const char *c)
{
	out[0] = '\0';
	cat(out, outsz, a);
	cat(out, outsz, b);
	cat(out, outsz, c);
}

static int is_mod(int kind)
{
	return kind == BTF_KIND_CONST || kind == BTF_KIND_VOLATILE || kind == BTF_KIND_RESTRICT ||
	       kind == BTF_KIND_TYPE_TAG;
}

/* The id reached after typedefs and qualifiers (pahole's
 * tag__strip_typedefs_and_modifiers), 0 for void. */
static uint32_t strip(imp *c, uint32_t id)
{
	int n = 0;
	const struct btf_type *t;
	while ((t = bt(c, id)) && (btf_kind(t) == BTF_KIND_TYPEDEF || is_mod(btf_kind(t))) && n++ < MAX_DEPTH)
		id = t->type;
	return id;
}

static unsigned pow2_above(uint64_t v)
{
	unsigned p = 1;
	while (p <= v && p < (1u << 30))
		p <<= 1;
	return p;
}

static uint64_t round_up(uint64_t v, uint64_t a)
{
	return a ? (v + a - 1) / a * a : v;
}

/* ---- names as pahole prints them (dwarves_fprintf.c) ---------------------- */

/* ftype__fprintf_parms(): the inside of a parameter list, "void" when empty. */
static int params(imp *c, const struct btf_type *t, char *out, size_t outsz, int depth);

/* ftype__fprintf() with type_spacing 0: "ret (*name)(params)" and kin. */
static int proto_name(imp *c, const struct btf_type *fp, const char *name, int is_pointer, int inlined,
		      int is_prototype, char *out, size_t outsz, int depth)
{
	char ret[NAME_MAX_LEN], pl[NAME_MAX_LEN];
	if (pname(c, fp->type, ret, sizeof(ret), depth + 1) < 0 || params(c, fp, pl, sizeof(pl), depth + 1) < 0)
		return -1;
	join3(out, outsz, inlined ? "inline " : "", ret, " ");
	cat(out, outsz, is_prototype ? "(" : "");
	cat(out, outsz, is_pointer ? "*" : "");
	cat(out, outsz, name ? name : "");
	cat(out, outsz, is_prototype ? ")" : "");
	join3(ret, sizeof(ret), "(", pl, ")");
	cat(out, outsz, ret);
	return 0;
}

static int params(imp *c, const struct btf_type *t, char *out, size_t outsz, int depth)
{
	const struct btf_param *p = btf_params(t);
	int i, n = btf_vlen(t), first = 1, unspec = 0;
	out[0] = '\0';
	for (i = 0; i < n; i++, p++) {
		char one[NAME_MAX_LEN];
		const char *pn = btf__name_by_offset(c->btf, p->name_off);
		const struct btf_type *pt;
		if (p->type == 0) {
			unspec = 1;
			continue;
		}
		if (pn && !*pn)
			pn = NULL;
		if (!first)
			cat(out, outsz, ", ");
		first = 0;
		pt = bt(c, p->type);
		if (!pt)
			return bad_id(c, p->type);
		if (btf_kind(pt) == BTF_KIND_PTR && pt->type && bt(c, pt->type) &&
		    btf_kind(bt(c, pt->type)) == BTF_KIND_FUNC_PROTO) {
			if (proto_name(c, bt(c, pt->type), pn, 1, 0, 1, one, sizeof(one), depth + 1) < 0)
				return -1;
		} else if (btf_kind(pt) == BTF_KIND_FUNC_PROTO) {
			if (proto_name(c, pt, pn, 0, 1, 0, one, sizeof(one), depth + 1) < 0)
				return -1;
		} else {
			if (pname(c, p->type, one, sizeof(one), depth + 1) < 0)
				return -1;
			if (pn) {
				cat(one, sizeof(one), " ");
				cat(one, sizeof(one), pn);
			}
		}
		cat(out, outsz, one);
	}
	if (first)
		snprintf(out, outsz, "void");
	else if (unspec)
		cat(out, outsz, ", ...");
	return 0;
}

/* __tag__name(): the name pahole gives a type inside another one. */
static int pname(imp *c, uint32_t id, char *out, size_t outsz, int depth)
{
	const struct btf_type *t;
	char sub[NAME_MAX_LEN];
	const char *n;
	if (depth > MAX_DEPTH)
		return too_deep(c, id);
	if (++c->name_work > NAME_BUDGET + 4L * c->ntypes)
		return skl_errorf(c->err,
				  "%s: spelling the names of its types takes more than %ld steps (function pointers "
				  "whose parameters hold function pointers ...): too large",
				  c->path, (long)NAME_BUDGET + 4L * c->ntypes);
	if (id == 0) {
		snprintf(out, outsz, "void");
		return 0;
	}
	t = bt(c, id);
	if (!t)
		return bad_id(c, id);
	n = bname(c, t);
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_TYPEDEF:
		snprintf(out, outsz, "%s", n ? n : "");
		return 0;
	case BTF_KIND_STRUCT:
		snprintf(out, outsz, "struct %s", n ? n : "");
		return 0;
	case BTF_KIND_UNION:
		snprintf(out, outsz, "union %s", n ? n : "");
		return 0;
	case BTF_KIND_FWD:
		snprintf(out, outsz, "%s %s", btf_kflag(t) ? "union" : "struct", n ? n : "");
		return 0;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		snprintf(out, outsz, "enum %s", n ? n : "");
		return 0;
	case BTF_KIND_PTR: {
		/* tag__ptr_name(): "T *", and "T const *" for a const pointer */
		uint32_t to = t->type;
		const char *cptr = "";
		const struct btf_type *tt = bt(c, to);
		if (tt && btf_kind(tt) == BTF_KIND_CONST && bt(c, tt->type) &&
		    btf_kind(bt(c, tt->type)) == BTF_KIND_PTR) {
			cptr = "const ";
			to = tt->type;
		}
		if (pname(c, to, sub, sizeof(sub), depth + 1) < 0)
			return -1;
		join3(out, outsz, sub, " ", cptr);
		cat(out, outsz, "*");
		return 0;
	}
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
		if (pname(c, t->type, sub, sizeof(sub), depth + 1) < 0)
			return -1;
		join3(out, outsz,
		      btf_kind(t) == BTF_KIND_CONST	 ? "const "
		      : btf_kind(t) == BTF_KIND_VOLATILE ? "volatile "
							 : "",
		      sub, btf_kind(t) == BTF_KIND_RESTRICT ? " restrict " : " ");
		return 0;
	case BTF_KIND_TYPE_TAG:
	case BTF_KIND_ARRAY:
		return pname(c, btf_kind(t) == BTF_KIND_ARRAY ? btf_array(t)->type : t->type, out, outsz, depth + 1);
	case BTF_KIND_FUNC_PROTO:
		return proto_name(c, t, NULL, 0, 0, 1, out, outsz, depth);
	default:
		return skl_errorf(c->err, "%s: BTF type %u (kind %u) cannot be used as a type", c->path, id,
				  btf_kind(t));
	}
}

/* ---- pahole's alignment guesses (btf_loader.c) ------------------------------ */

/* tag__natural_alignment(): alignment from sizes alone, attributes unseen. */
static unsigned natural_align(imp *c, uint32_t id, int depth)
{
	const struct btf_type *t;
	unsigned a = 1;
	id = strip(c, id);
	t = bt(c, id);
	if (!t || depth > MAX_DEPTH)
		return 1;
	if (c->pnat[id])
		return c->pnat[id];
	switch (btf_kind(t)) {
	case BTF_KIND_PTR:
		a = (unsigned)btf__pointer_size(c->btf);
		break;
	case BTF_KIND_INT:
		a = btf_int_bits(t) / 8;
		break;
	case BTF_KIND_FLOAT:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		a = t->size;
		break;
	case BTF_KIND_ARRAY:
		a = natural_align(c, btf_array(t)->type, depth + 1);
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION: {
		const struct btf_member *m = btf_members(t);
		int i;
		a = 0;
		for (i = 0; i < btf_vlen(t); i++) {
			unsigned ma = natural_align(c, m[i].type, depth + 1);
			if (ma > a)
				a = ma;
		}
		break;
	}
	default:
		break;
	}
	if (!a)
		a = 1;
	c->pnat[id] = a;
	return a;
}

/* class__infer_alignment(). */
static unsigned guess_align(uint64_t byte_offset, unsigned natural, uint64_t smallest)
{
	unsigned a = 0;
	if (byte_offset < smallest)
		return 0; /* pahole's unsigned delta wraps; the guess ends as none */
	if (byte_offset - smallest && byte_offset % 2 == 0)
		a = pow2_above(byte_offset - smallest);
	if (a <= natural || a == 1)
		return 0;
	if (a < CACHELINE && CACHELINE % a == 0 && byte_offset % CACHELINE == 0)
		a = CACHELINE;
	return a;
}

/* ---- types ------------------------------------------------------------------ */

static skl_type *alias(imp *c, skl_type *target, const char *display)
{
	skl_type *t = target ? skl_type_alias(c->db, target, display) : NULL;
	if (target && !t)
		oom(c);
	return t;
}

/* A base type for a BTF INT or FLOAT, under BTF's own name. */
static skl_type *base_type(imp *c, const struct btf_type *t)
{
	const char *n = bname(c, t);
	const char *sp;
	skl_type *b;
	unsigned size = t->size;
	if (btf_kind(t) == BTF_KIND_FLOAT) {
		sp = size == 4 ? "float" : size == 8 ? "double" : "long double";
	} else {
		unsigned enc = btf_int_encoding(t);
		int sgn = (enc & BTF_INT_SIGNED) != 0;
		if (enc & BTF_INT_BOOL)
			sp = "_Bool";
		else if (size == 1 && ((n && !strcmp(n, "char")) || (enc & BTF_INT_CHAR)))
			sp = "char";
		else if (size == 1)
			sp = sgn ? "signed char" : "unsigned char";
		else if (size == 2)
			sp = sgn ? "short int" : "short unsigned int";
		else if (size == 4)
			sp = sgn ? "int" : "unsigned int";
		else if (size == 8 && c->abi->size[SKL_B_LONG] == 8 && !(n && strstr(n, "long long")))
			sp = sgn ? "long int" : "long unsigned int";
		else if (size == 8)
			sp = sgn ? "long long int" : "long long unsigned int";
		else if (size == 16)
			sp = sgn ? "__int128" : "__int128 unsigned";
		else {
			skl_errorf(c->err, "%s: integer type '%s' of %u bytes has no C equivalent", c->path,
				   n ? n : "?", size);
			return NULL;
		}
	}
	b = skl_type_base(c->db, sp);
	if (!b) {
		oom(c);
		return NULL;
	}
	if (n && strcmp(n, skl_type_tag(b)) != 0)
		return alias(c, b, n);
	return b;
}

static rinfo *find_rinfo(imp *c, const skl_type *rec)
{
	skl__ctype_ent *e = skl__ctype_pmap_get(&c->recidx, rec);
	return e ? &c->recs[e->num] : NULL;
}

static int fill_record(imp *c, uint32_t id, skl_type *rec, int depth);

/*
 * A record whose name another BTF type of this file has taken already
 * (vmlinux has a few: four 'struct workspace'): an anonymous record of its
 * own, behind an alias that prints its name.
 */
static skl_type *twin_record(imp *c, uint32_t id, int depth)
{
	const struct btf_type *t = bt(c, id);
	int is_union = btf_kind(t) == BTF_KIND_UNION;
	skl_type *anon = skl_type_record(c->db, is_union ? SKL_K_UNION : SKL_K_STRUCT, NULL);
	char name[NAME_MAX_LEN];
	if (!anon) {
		oom(c);
		return NULL;
	}
	join3(name, sizeof(name), is_union ? "union " : "struct ", bname(c, t), "");
	c->memo[id] = alias(c, anon, name); /* pointers to it print its name too */
	if (!c->memo[id] || fill_record(c, id, anon, depth) < 0)
		return NULL;
	return c->memo[id];
}

/* The record for a STRUCT, UNION or FWD; with byval, complete. */
static skl_type *record_type(imp *c, uint32_t id, int byval, int depth)
{
	const struct btf_type *t = bt(c, id);
	int kind = btf_kind(t);
	const char *n = bname(c, t);
	skl_type *rec = c->memo[id];
	if (!rec) {
		int is_union = kind == BTF_KIND_UNION || (kind == BTF_KIND_FWD && btf_kflag(t));
		rec = skl_type_record(c->db, is_union ? SKL_K_UNION : SKL_K_STRUCT, n);
		if (!rec) {
			oom(c);
			return NULL;
		}
		c->memo[id] = rec;
	}
	if (!byval || c->state[id] == ST_DONE)
		return rec;
	if (kind == BTF_KIND_FWD) {
		/* a complete one of that name may have come in already */
		if (skl_type_is_complete(rec))
			return rec;
		skl_errorf(c->err, "%s: %s %s is only declared in the BTF file, but is needed by value", c->path,
			   btf_kflag(t) ? "union" : "struct", n ? n : "(anonymous)");
		return NULL;
	}
	if (c->state[id] == ST_BUSY) {
		skl_errorf(c->err, "%s: %s %s contains itself (corrupt file?)", c->path,
			   kind == BTF_KIND_UNION ? "union" : "struct", n ? n : "(anonymous)");
		return NULL;
	}
	if (find_rinfo(c, rec))
		return twin_record(c, id, depth); /* the name is taken by another BTF type */
	if (skl_type_is_complete(rec)) {
		/* already in db from an earlier import */
		uint64_t size;
		unsigned align;
		skl_error e;
		if (skl_type_size_align(rec, c->abi, NULL, &size, &align, &e) < 0 || size != t->size) {
			skl_errorf(c->err,
				   "%s %s is already in the type database with another layout than BTF's "
				   "(%u bytes)",
				   kind == BTF_KIND_UNION ? "union" : "struct", n ? n : "(anonymous)", t->size);
			return NULL;
		}
		c->state[id] = ST_DONE;
		return rec;
	}
	if (fill_record(c, id, rec, depth) < 0)
		return NULL;
	return rec;
}

static skl_type *enum_type(imp *c, uint32_t id)
{
	const struct btf_type *t = bt(c, id);
	skl_type *e = skl_type_enum(c->db, bname(c, t));
	int i, n = btf_vlen(t);
	if (!e) {
		oom(c);
		return NULL;
	}
	if (e->nenums == 0) {
		for (i = 0; i < n; i++) {
			const char *en;
			int64_t v;
			if (btf_kind(t) == BTF_KIND_ENUM64) {
				const struct btf_enum64 *p = btf_enum64(t) + i;
				en = btf__name_by_offset(c->btf, p->name_off);
				v = (int64_t)btf_enum64_value(p);
			} else {
				const struct btf_enum *p = btf_enum(t) + i;
				en = btf__name_by_offset(c->btf, p->name_off);
				v = btf_kflag(t) ? (int64_t)p->val : (int64_t)(uint32_t)p->val;
			}
			if (skl_enum_add(e, en ? en : "", v, c->err) < 0)
				return NULL;
		}
	}
	if (t->size != 4 && t->size)
		skl_enum_set_size(e, t->size);
	return e;
}

/*
 * The type for BTF id, shaped as BTF has it so that the pahole writer can
 * spell it as pahole does: pointers and arrays as such, a qualifier as an
 * alias named the way pahole names it ("const struct cred "), a base type
 * under BTF's name. byval: records it holds by value must be complete.
 */
static skl_type *value_type(imp *c, uint32_t id, int byval, int depth)
{
	const struct btf_type *t;
	skl_type *r = NULL, *to;
	char buf[NAME_MAX_LEN];
	if (depth > MAX_DEPTH) {
		too_deep(c, id);
		return NULL;
	}
	if (id == 0) {
		r = skl_type_base(c->db, "void");
		if (!r)
			oom(c);
		return r;
	}
	t = bt(c, id);
	if (!t) {
		bad_id(c, id);
		return NULL;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_FWD:
		return record_type(c, id, byval, depth);
	default:
		break;
	}
	if (c->memo[id]) {
		/* shared; but by value, the records under it must be filled */
		if (byval &&
		    (btf_kind(t) == BTF_KIND_ARRAY || btf_kind(t) == BTF_KIND_TYPEDEF || is_mod(btf_kind(t)))) {
			uint32_t under = btf_kind(t) == BTF_KIND_ARRAY ? btf_array(t)->type : t->type;
			if (!value_type(c, under, 1, depth + 1))
				return NULL;
		}
		return c->memo[id];
	}
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
		r = base_type(c, t);
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		r = enum_type(c, id);
		break;
	case BTF_KIND_PTR:
		to = value_type(c, t->type, 0, depth + 1);
		r = to ? skl_type_pointer(c->db, to) : NULL;
		if (to && !r)
			oom(c);
		break;
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(t);
		uint32_t elem = a->type;
		/* array_type__fprintf(): a zero-length array drops its element's const */
		if (a->nelems == 0 && bt(c, elem) && btf_kind(bt(c, elem)) == BTF_KIND_CONST)
			elem = bt(c, elem)->type;
		to = value_type(c, elem, byval, depth + 1);
		r = to ? skl_type_array(c->db, to, a->nelems) : NULL;
		if (to && !r)
			oom(c);
		break;
	}
	case BTF_KIND_TYPEDEF: {
		const char *n = bname(c, t);
		skl_error e;
		to = value_type(c, t->type, byval, depth + 1);
		if (!to)
			return NULL;
		r = n ? skl_type_typedef(c->db, n, to, &e) : NULL;
		if (!r) /* clashes with a typedef already in db: keep the name for printing */
			r = alias(c, to, n ? n : "");
		break;
	}
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
		to = value_type(c, t->type, byval, depth + 1);
		if (!to || pname(c, id, buf, sizeof(buf), depth + 1) < 0)
			return NULL;
		r = alias(c, to, buf);
		break;
	case BTF_KIND_TYPE_TAG:
		r = value_type(c, t->type, byval, depth + 1);
		break;
	case BTF_KIND_FUNC_PROTO:
		if (params(c, t, buf, sizeof(buf), depth + 1) < 0)
			return NULL;
		to = value_type(c, t->type, 0, depth + 1);
		r = to ? skl_type_func(c->db, to, buf) : NULL;
		if (to && !r)
			oom(c);
		break;
	default:
		skl_errorf(c->err, "%s: BTF type %u (kind %u) cannot be used as a type", c->path, id, btf_kind(t));
		return NULL;
	}
	if (r)
		c->memo[id] = r;
	return r;
}

/* ---- fitting a record to BTF's offsets ------------------------------------- */

static int add_padding(imp *c, skl_type *rec, const padding *p)
{
	int k;
	for (k = 0; k < p->count; k++)
		if (skl_record_add(rec, NULL, p->type, p->bits, 0, NULL, c->err) < 0)
			return -1;
	return 0;
}

/* Puts the plan's members into rec again, with their attributes, and the
 * trailing padding after them. */
static int commit(imp *c, skl_type *rec, const pmember *pm, int n, const padding *tail)
{
	int i;
	for (i = 0; i < rec->nmembers; i++) {
		skl_free(rec->members[i].name);
		skl_free(rec->members[i].cond);
	}
	rec->nmembers = 0;
	for (i = 0; i < n; i++) {
		if (add_padding(c, rec, &pm[i].pad) < 0 ||
		    skl_record_add(rec, pm[i].name, pm[i].type, pm[i].bits, pm[i].aligned, NULL, c->err) < 0)
			return -1;
	}
	return tail ? add_padding(c, rec, tail) : 0;
}

/* Index of the first member the layout puts elsewhere than BTF, -1 if none;
 * *got gets where the layout put it. */
static int first_mismatch(const skl_layout *l, const pmember *pm, int n, uint64_t *got)
{
	int i, f = 0;
	for (i = 0; i < n; i++) {
		if (pm[i].bits >= 0 && !pm[i].name)
			continue; /* unnamed bitfields make no field */
		while (f < l->nfields && l->fields[f].depth != 0)
			f++;
		if (f >= l->nfields) {
			*got = UINT64_MAX;
			return i;
		}
		if (l->fields[f].bit_pos != pm[i].want) {
			*got = l->fields[f].bit_pos;
			return i;
		}
		f++;
	}
	return -1;
}

/* The bit just past the last member. */
static uint64_t end_bits(const skl_layout *l)
{
	uint64_t end = 0;
	int i;
	for (i = 0; i < l->nfields; i++) {
		const skl_field *f = &l->fields[i];
		uint64_t e = f->bit_size ? f->bit_pos + f->bit_size : f->bit_pos + f->size * 8;
		if (f->depth == 0 && e > end)
			end = e;
	}
	return end;
}

/* The smallest aligned(N), in bytes, that moves bit position got to want. */
static unsigned align_for(uint64_t got, uint64_t want)
{
	unsigned n;
	for (n = 1; n <= (1u << 20); n <<= 1)
		if (round_up(got, (uint64_t)n * 8) == want)
			return n;
	return 0;
}

/* Unnamed bitfields filling gap bits from bit at: 'int :32' while they
 * fit (the kernel's way, __kernel_timex), else 'unsigned char :8'. */
static int pad_bytes(imp *c, uint64_t at, uint64_t gap, padding *p)
{
	int wide = at % 32 == 0 && gap % 32 == 0;
	if (gap % 8 || gap == 0 || gap / (wide ? 32 : 8) > 256)
		return 0;
	p->type = skl_type_base(c->db, wide ? "int" : "unsigned char");
	if (!p->type)
		return 0;
	p->bits = wide ? 32 : 8;
	p->count = (int)(gap / (uint64_t)p->bits);
	return 1;
}

/*
 * Unnamed bitfields that move a member from bit got to BTF's place, as
 * the source had them: ':0' or ':N' of a bitfield's own type ("u32 :31;
 * u32 invalid:1;"), bytes of ':8' before an ordinary member when no
 * alignment explains the gap. 1 when pm got some.
 */
static int pad_for(imp *c, pmember *pm, uint64_t got)
{
	uint64_t gap = pm->want - got, ts;
	unsigned tal;
	skl_error e;
	if (pm->bits >= 0) {
		uint64_t ta;
		if (skl_type_size_align(pm->type, c->abi, NULL, &ts, &tal, &e) < 0)
			return 0;
		ta = (uint64_t)tal * 8;
		ts *= 8;
		pm->pad.type = pm->type;
		pm->pad.count = 1;
		if (got % ta && round_up(got, ta) == pm->want) {
			pm->pad.bits = 0;
			return 1;
		}
		if (gap < ts && got % ta + gap <= ts) {
			pm->pad.bits = (int)gap;
			return 1;
		}
		pm->pad.count = 0;
		return 0;
	}
	if (align_for(got, pm->want))
		return 0;
	return pad_bytes(c, got, gap, &pm->pad);
}

/* The record a member holds by value (through typedefs and arrays), or NULL. */
static skl_type *held_record(const skl_type *t)
{
	const skl_type *r = skl_type_resolve(t);
	while (r && r->kind == SKL_K_ARRAY)
		r = skl_type_resolve(r->ref);
	return r && (r->kind == SKL_K_STRUCT || r->kind == SKL_K_UNION) ? (skl_type *)r : NULL;
}

static int fit_record(imp *c, int idx, pmember *pm, int n, uint64_t size, unsigned rec_guess);
static int build_plan(imp *c, uint32_t id, pmember **out, int *nout, unsigned *rec_guess, int depth);

/*
 * The record a member holds was fitted with pahole's guesses, and an
 * alignment guessed there keeps the member from its place: fit it again
 * without guesses, with only what its own offsets need. 1 when it was
 * fitted again, 0 when there was nothing to take back, -1 on an error.
 */
static int give_way(imp *c, const skl_type *mt)
{
	skl_type *r = held_record(mt);
	rinfo *ri = r ? find_rinfo(c, r) : NULL;
	pmember *pm;
	int n, idx, rc;
	unsigned g;
	if (!ri || ri->plain)
		return 0;
	idx = (int)(ri - c->recs);
	if (build_plan(c, ri->id, &pm, &n, &g, 0) < 0)
		return -1;
	c->recs[idx].plain = 1;
	rc = fit_record(c, idx, pm, n, bt(c, c->recs[idx].id)->size, g);
	skl_free(pm);
	c->changed = 1;
	return rc < 0 ? -1 : 1;
}

static void clear_attrs(skl_type *rec, pmember *pm, int n)
{
	int i;
	for (i = 0; i < n; i++) {
		pm[i].aligned = 0;
		pm[i].pad.count = 0;
	}
	rec->aligned = 0;
}

/* Where pahole's guesses change nothing, take them, so that the two print
 * alike: members already on that boundary in a record at least that
 * aligned, and the record's own guess when its size is a multiple of it. */
static void take_harmless_guesses(skl_type *rec, pmember *pm, int n, const skl_layout *l, uint64_t size,
				  unsigned rec_guess)
{
	int i;
	for (i = 0; i < n; i++)
		if (pm[i].bits < 0 && pm[i].guess > pm[i].aligned && pm[i].guess <= l->align &&
		    pm[i].want % ((uint64_t)pm[i].guess * 8) == 0)
			pm[i].aligned = pm[i].guess;
	/* beyond l->align it is a guess that an outer record may refute (give_way) */
	if (!rec->packed && rec_guess > rec->aligned && rec_guess >= l->align && size % rec_guess == 0)
		rec->aligned = rec_guess;
}

/*
 * Finds attributes under which the layout engine puts every member where
 * BTF says, and gives the record BTF's size. guesses: prefer pahole's
 * guesses where they fit, and keep zero-sized members (where pahole never
 * shows an alignment) free of attributes. 1 when it fits, 0 when not, -1
 * on an error.
 */
static int fit(imp *c, skl_type *rec, pmember *pm, int n, uint64_t size, unsigned rec_guess, int guesses)
{
	int iter, limit = 4 * n + 16;
	padding tail = {NULL, 0, 0};
	rec->packed = 0;
	clear_attrs(rec, pm, n);
	for (iter = 0; iter < limit; iter++) {
		skl_error e;
		skl_layout *l;
		uint64_t got = 0;
		int k;
		if (commit(c, rec, pm, n, &tail) < 0)
			return -1;
		l = skl__ctype_layout_bare(rec, c->abi, CACHELINE, &e);
		if (!l) {
			skl_errorf(c->err, "%s: %s", c->path, e.msg);
			return -1;
		}
		c->fit_work += l->nfields + 1;
		if (c->fit_work > FIT_BUDGET) {
			skl_layout_free(l);
			return skl_errorf(c->err,
					  "%s: fitting %d members to BTF's offsets takes more than %ld member layouts: "
					  "too large",
					  c->path, n, (long)FIT_BUDGET);
		}
		k = first_mismatch(l, pm, n, &got);
		if (k >= 0) {
			skl_layout_free(l);
			if (got == UINT64_MAX)
				return 0;
			if (got < pm[k].want) {
				unsigned a = 0;
				if (!pm[k].pad.count && !pm[k].aligned) {
					if (guesses && pm[k].bits < 0 && pm[k].bsize == 0 &&
					    pad_bytes(c, got, pm[k].want - got, &pm[k].pad))
						continue;
					if (pad_for(c, &pm[k], got))
						continue;
				}
				if (guesses && pm[k].guess && round_up(got, (uint64_t)pm[k].guess * 8) == pm[k].want)
					a = pm[k].guess;
				if (!a)
					a = align_for(got, pm[k].want);
				if (guesses && a && a < CACHELINE && pm[k].want % (CACHELINE * 8) == 0)
					a = CACHELINE; /* what pahole would guess, and likely the source */
				if (!a || a <= pm[k].aligned)
					return 0;
				pm[k].aligned = a;
				continue;
			}
			/* the layout puts it later than BTF */
			switch (give_way(c, pm[k].type)) {
			case -1:
				return -1;
			case 1:
				continue;
			default:
				break;
			}
			if (rec->packed || guesses)
				return 0;
			rec->packed = 1;
			clear_attrs(rec, pm, n);
			continue;
		}
		/* every member is in place: now the size */
		if (l->size < size) {
			unsigned a = 0;
			if (guesses && rec_guess >= l->align && round_up(l->size, rec_guess) == size)
				a = rec_guess;
			if (!a)
				a = align_for(l->size * 8, size * 8);
			if (!a && !tail.count && !l->is_union) {
				/* no alignment explains it: unnamed bitfields after the last member */
				uint64_t end = end_bits(l);
				int ok = pad_bytes(c, end, size * 8 - end, &tail);
				skl_layout_free(l);
				if (!ok)
					return 0;
				continue;
			}
			skl_layout_free(l);
			if (!a || a <= rec->aligned)
				return 0;
			rec->aligned = a;
			continue;
		}
		if (l->size > size) {
			skl_layout_free(l);
			if (rec->packed || guesses)
				return 0;
			rec->packed = 1;
			clear_attrs(rec, pm, n);
			continue;
		}
		if (guesses) {
			take_harmless_guesses(rec, pm, n, l, size, rec_guess);
			if (commit(c, rec, pm, n, &tail) < 0) {
				skl_layout_free(l);
				return -1;
			}
		}
		skl_layout_free(l);
		return 1;
	}
	return 0;
}

/* fit() with pahole's guesses (unless the record gave way once), then
 * without; a note on the record when neither gives BTF's layout. */
static int fit_record(imp *c, int idx, pmember *pm, int n, uint64_t size, unsigned rec_guess)
{
	skl_type *rec = c->recs[idx].rec;
	int r = c->recs[idx].plain ? 0 : fit(c, rec, pm, n, size, rec_guess, 1);
	if (r == 0)
		r = fit(c, rec, pm, n, size, rec_guess, 0);
	if (r < 0)
		return -1;
	if (r == 0) {
		char note[256];
		snprintf(note, sizeof(note), "BTF layout not reproduced by gcc's rules (%llu bytes in BTF)",
			 (unsigned long long)size);
		skl_type_set_note(rec, note);
	}
	return 0;
}

/* A record's members as BTF has them, with the types they need (records
 * held by value come in complete) and pahole's guesses; *out is the
 * caller's to free. */
static int build_plan(imp *c, uint32_t id, pmember **out, int *nout, unsigned *rec_guess, int depth)
{
	const struct btf_type *t = bt(c, id);
	const struct btf_member *m = btf_members(t);
	int i, n = btf_vlen(t);
	uint64_t smallest = 0;
	pmember *pm = skl_calloc((size_t)(n ? n : 1), sizeof(*pm));
	if (!pm)
		return oom(c);
	for (i = 0; i < n; i++) {
		uint32_t bits = btf_member_bitfield_size(t, i);
		uint64_t off = btf_member_bit_offset(t, i);
		uint32_t st = strip(c, m[i].type);
		const struct btf_type *stt = bt(c, st);
		uint64_t bsize;
		__s64 rs;
		if (!btf_kflag(t) && bt(c, m[i].type) && btf_kind(bt(c, m[i].type)) == BTF_KIND_INT) {
			/* old encoding: the bitfield lives in the INT type */
			const struct btf_type *it = bt(c, m[i].type);
			if (btf_int_bits(it) != it->size * 8 || btf_int_offset(it)) {
				bits = btf_int_bits(it);
				off += btf_int_offset(it);
			}
		}
		pm[i].name = btf__name_by_offset(c->btf, m[i].name_off);
		if (pm[i].name && !*pm[i].name)
			pm[i].name = NULL;
		pm[i].bits = bits ? (int)bits : -1;
		pm[i].want = off;
		pm[i].type = value_type(c, m[i].type, 1, depth + 1);
		if (!pm[i].type) {
			skl_free(pm);
			return -1;
		}
		/* pahole's guess, from byte offsets and sizes (class__fixup_btf_bitfields) */
		rs = btf__resolve_size(c->btf, m[i].type);
		bsize = rs > 0 ? (uint64_t)rs : 0;
		pm[i].bsize = bsize;
		if (bsize == 0)
			continue;
		{
			uint64_t boff = off / 8;
			if (bits && stt &&
			    (btf_kind(stt) == BTF_KIND_INT || btf_kind(stt) == BTF_KIND_ENUM ||
			     btf_kind(stt) == BTF_KIND_ENUM64))
				boff = off / (bsize * 8) * bsize;
			pm[i].guess = guess_align(boff, natural_align(c, m[i].type, 0), smallest);
			smallest = boff + bsize;
		}
	}
	*rec_guess = guess_align(t->size, natural_align(c, id, 0), smallest);
	*out = pm;
	*nout = n;
	return 0;
}

/* An error met while reading record id says which BTF type it is, once
 * (the innermost record that failed): "FILE: BTF type 7 (struct x): ...". */
static int in_record(imp *c, uint32_t id)
{
	const struct btf_type *t = bt(c, id);
	size_t n = strlen(c->path);
	char msg[sizeof(c->err->msg)];
	const char *rest = c->err->msg;
	if (strstr(rest, ": BTF type "))
		return -1;
	if (!strncmp(rest, c->path, n) && !strncmp(rest + n, ": ", 2))
		rest += n + 2;
	snprintf(msg, sizeof(msg), "%s", rest);
	skl_errorf(c->err, "%s: BTF type %u (%s %s): %s", c->path, id,
		   t && btf_kind(t) == BTF_KIND_UNION ? "union" : "struct",
		   t && bname(c, t) ? bname(c, t) : "(anonymous)", msg);
	return -1;
}

/* Reads the members of BTF record id into rec and fits them. */
static int fill_record(imp *c, uint32_t id, skl_type *rec, int depth)
{
	const struct btf_type *t = bt(c, id);
	pmember *pm = NULL;
	int n = 0, r, idx;
	unsigned rec_guess = 0;
	c->state[id] = ST_BUSY;
	if (skl_grow(&c->recs, &c->caprecs, c->nrecs, 64, sizeof(*c->recs)) < 0)
		return oom(c);
	idx = c->nrecs++;
	c->recs[idx].id = id;
	c->recs[idx].rec = rec;
	c->recs[idx].plain = 0;
	{
		skl__ctype_ent *e = skl__ctype_pmap_put(&c->recidx, rec);
		if (!e)
			return oom(c);
		e->num = idx;
	}
	if (build_plan(c, id, &pm, &n, &rec_guess, depth) < 0)
		return in_record(c, id);
	skl_record_set_complete(rec);
	/* c->recs may have moved while the members came in */
	r = fit_record(c, idx, pm, n, t->size, rec_guess);
	skl_free(pm);
	c->state[id] = ST_DONE;
	return r < 0 ? in_record(c, id) : r;
}

/* Lays out every record this import filled and fits again the ones an
 * outer record's fitting changed under them. */
static int verify_all(imp *c)
{
	int round, i;
	for (round = 0; round < 8 && c->changed; round++) {
		c->changed = 0;
		for (i = 0; i < c->nrecs; i++) {
			rinfo *ri = &c->recs[i];
			const struct btf_type *t = bt(c, ri->id);
			pmember *pm = NULL;
			int n = 0, ok;
			unsigned rec_guess;
			skl_error e;
			uint64_t got;
			skl_layout *l = skl__ctype_layout_bare(ri->rec, c->abi, CACHELINE, &e);
			if (build_plan(c, ri->id, &pm, &n, &rec_guess, 0) < 0) {
				skl_layout_free(l);
				return -1;
			}
			ok = l && l->size == t->size && first_mismatch(l, pm, n, &got) < 0;
			skl_layout_free(l);
			if (!ok && fit_record(c, i, pm, n, t->size, rec_guess) < 0) {
				skl_free(pm);
				return in_record(c, ri->id);
			}
			skl_free(pm);
		}
	}
	return 0;
}

/* ---- the file ---------------------------------------------------------------- */

/* A name offset is good when it is 0 (no name) or inside the strings. */
static int check_name(imp *c, uint32_t id, uint32_t off, const char *what, int i)
{
	if (!off || btf__name_by_offset(c->btf, off))
		return 0;
	if (i >= 0)
		return skl_errorf(c->err,
				  "%s: BTF type %u: the name of its %s %d is at string offset %u, past the strings "
				  "(corrupt file?)",
				  c->path, id, what, i, off);
	return skl_errorf(c->err, "%s: BTF type %u: its name is at string offset %u, past the strings (corrupt file?)",
			  c->path, id, off);
}

static int check_ref(imp *c, uint32_t id, uint32_t ref)
{
	if (ref < c->ntypes)
		return 0;
	return skl_errorf(c->err, "%s: BTF type %u refers to type id %u, past the last one (%u) (corrupt file?)",
			  c->path, id, ref, c->ntypes - 1);
}

/*
 * Every name offset and type id of the file, checked once before anything
 * is read: whatever the importer then follows is inside the file. One pass
 * over the types, so linear in the file.
 */
static int check_file(imp *c)
{
	uint32_t id, first = c->base ? btf__type_cnt(c->base) : 1;
	for (id = first; id < c->ntypes; id++) {
		const struct btf_type *t = bt(c, id);
		int i, n;
		if (!t)
			return bad_id(c, id);
		n = btf_vlen(t);
		if (check_name(c, id, t->name_off, NULL, -1) < 0)
			return -1;
		switch (btf_kind(t)) {
		case BTF_KIND_PTR:
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_VOLATILE:
		case BTF_KIND_CONST:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_TYPE_TAG:
		case BTF_KIND_FUNC:
		case BTF_KIND_VAR:
		case BTF_KIND_DECL_TAG:
			if (check_ref(c, id, t->type) < 0)
				return -1;
			break;
		case BTF_KIND_ARRAY:
			if (check_ref(c, id, btf_array(t)->type) < 0 || check_ref(c, id, btf_array(t)->index_type) < 0)
				return -1;
			break;
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION: {
			const struct btf_member *m = btf_members(t);
			for (i = 0; i < n; i++)
				if (check_name(c, id, m[i].name_off, "member", i) < 0 ||
				    check_ref(c, id, m[i].type) < 0)
					return -1;
			break;
		}
		case BTF_KIND_ENUM: {
			const struct btf_enum *e = btf_enum(t);
			for (i = 0; i < n; i++)
				if (check_name(c, id, e[i].name_off, "enumerator", i) < 0)
					return -1;
			break;
		}
		case BTF_KIND_ENUM64: {
			const struct btf_enum64 *e = btf_enum64(t);
			for (i = 0; i < n; i++)
				if (check_name(c, id, e[i].name_off, "enumerator", i) < 0)
					return -1;
			break;
		}
		case BTF_KIND_FUNC_PROTO: {
			const struct btf_param *p = btf_params(t);
			if (check_ref(c, id, t->type) < 0)
				return -1;
			for (i = 0; i < n; i++)
				if (check_name(c, id, p[i].name_off, "parameter", i) < 0 ||
				    check_ref(c, id, p[i].type) < 0)
					return -1;
			break;
		}
		default:
			break;
		}
	}
	return 0;
}

/* Reads path; a kernel module's split BTF is read on top of vmlinux, which
 * *base then holds (NULL otherwise) and must outlive the result. */
static struct btf *open_btf(const char *path, struct btf **base, skl_error *err)
{
	libbpf_print_fn_t old;
	struct btf *b;
	struct stat st;
	int e;
	*base = NULL;
	/* a directory read as empty, and a FIFO or a device blocked or never
	 * ended: only regular files (sysfs's BTF files are) are read */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		skl_errorf(err, "'%s' is %s, not a BTF file", path,
			   S_ISDIR(st.st_mode) ? "a directory" : "not a regular file");
		return NULL;
	}
	old = libbpf_set_print(NULL); /* libbpf would print to stderr */
	b = btf__parse(path, NULL);
	e = b ? 0 : errno;
	if (!b && strcmp(path, BTF_VMLINUX) != 0 && !strncmp(path, "/sys/kernel/btf/", 16)) {
		*base = btf__parse(BTF_VMLINUX, NULL);
		if (*base) {
			b = btf__parse_split(path, *base);
			if (b) {
				e = 0;
			} else {
				btf__free(*base);
				*base = NULL;
			}
		}
	}
	libbpf_set_print(old);
	if (!b) {
		FILE *f = fopen(path, "rb");
		int empty = f && fgetc(f) == EOF;
		if (f)
			fclose(f);
		if (e == ENOENT || e == EACCES || e == EPERM || e == EISDIR)
			skl_errorf(err, "cannot read BTF from %s: %s", path, strerror(e));
		else if (empty)
			skl_errorf(err, "%s is empty, not a BTF file", path);
		else if (e == LIBBPF_ERRNO__FORMAT)
			skl_errorf(err, "%s is not a BTF file (neither raw BTF nor an ELF file with a .BTF section)",
				   path);
		else
			skl_errorf(err, "%s is not a valid BTF file (truncated or corrupt: %s)", path,
				   strerror(e ? e : EINVAL));
	}
	return b;
}

int skl_btf_available(void)
{
	return 1;
}

int skl_btf_import(skl_typedb *db, const char *path, const char *name, skl_type **out, skl_error *err)
{
	imp c;
	int kinds[3], nk = 0, i, rc = -1;
	int32_t id = -1;
	char tag[256];
	const char *s;
	size_t len;
	skl_type *t = NULL;

	if (out)
		*out = NULL;
	if (!db || !name)
		return skl_errorf(err, "skl_btf_import: db and name are required");
	if (!path)
		path = BTF_VMLINUX;
	s = name;
	while (*s == ' ' || *s == '\t')
		s++;
	if (!strncmp(s, "struct ", 7)) {
		kinds[nk++] = BTF_KIND_STRUCT;
		s += 7;
	} else if (!strncmp(s, "union ", 6)) {
		kinds[nk++] = BTF_KIND_UNION;
		s += 6;
	} else {
		kinds[nk++] = BTF_KIND_STRUCT;
		kinds[nk++] = BTF_KIND_UNION;
		kinds[nk++] = BTF_KIND_TYPEDEF;
	}
	while (*s == ' ' || *s == '\t')
		s++;
	len = strlen(s);
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	if (!len || len >= sizeof(tag))
		return skl_errorf(err, "'%s' is not a struct or union name", name);
	memcpy(tag, s, len);
	tag[len] = '\0';

	memset(&c, 0, sizeof(c));
	c.db = db;
	c.err = err;
	c.path = path;
	c.btf = open_btf(path, &c.base, err);
	if (!c.btf)
		return -1;
	c.ntypes = btf__type_cnt(c.btf);
	c.abi = skl_abi_find(btf__pointer_size(c.btf) == 4 ? "i386" : "x86_64");
	c.memo = skl_calloc(c.ntypes, sizeof(*c.memo));
	c.state = skl_calloc(c.ntypes, 1);
	c.pnat = skl_calloc(c.ntypes, sizeof(*c.pnat));
	if (!c.memo || !c.state || !c.pnat || !c.abi) {
		oom(&c);
		goto out_free;
	}
	if (check_file(&c) < 0)
		goto out_free;

	for (i = 0; i < nk && id < 0; i++) {
		id = btf__find_by_name_kind(c.btf, tag, kinds[i]);
		if (id > 0 && kinds[i] == BTF_KIND_TYPEDEF) {
			const struct btf_type *r = bt(&c, strip(&c, (uint32_t)id));
			if (!r || (btf_kind(r) != BTF_KIND_STRUCT && btf_kind(r) != BTF_KIND_UNION))
				id = -1;
		}
	}
	if (id <= 0) {
		skl_errorf(err, "no struct or union named '%s' in BTF file %s", tag, path);
		goto out_free;
	}
	t = value_type(&c, (uint32_t)id, 1, 0);
	if (!t)
		goto out_free;
	if (verify_all(&c) < 0)
		goto out_free;
	if (out)
		*out = t;
	rc = 0;
out_free:
	skl__ctype_map_clear(&c.recidx);
	skl_free(c.recs);
	skl_free(c.pnat);
	skl_free(c.state);
	skl_free(c.memo);
	btf__free(c.btf);
	btf__free(c.base);
	return rc;
}

#endif /* SKLAB_HAVE_LIBBPF */
