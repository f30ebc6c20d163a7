/*
 * objview.c - what is in an object: addresses resolved to cache, object
 * and member, members decoded from the object's real bytes. Reads only:
 * no allocation, no write, no cache-model touch.
 */
#include "sklab/objview.h"

#include <stdio.h>
#include <string.h>

int skl_addr_resolve(skl_kernel *k, skl_addr a, skl_type_of_fn type_of, void *ud, skl_addr_info *out)
{
	skl_cache_info in;
	skl_cache *c;
	memset(out, 0, sizeof(*out));
	if (!k || !a)
		return -1;
	c = skl_kernel_cache_of(k, a, &out->index, &out->obj);
	if (!c)
		return -1;
	skl_cache_get_info(c, &in);
	out->cache = c;
	snprintf(out->cache_name, sizeof(out->cache_name), "%s", in.name);
	out->size = in.object_size;
	out->offset = a - out->obj;
	if (out->offset >= in.object_size) /* past the object: its slot's padding or red zone */
		return -1;
	out->type = type_of ? type_of(ud, out->obj) : NULL;
	if (!out->type)
		out->type = skl_cache_type(c);
	if (out->type && skl_layout_member_at(out->type, out->offset, &out->member) == 0)
		out->has_member = 1;
	return 0;
}

static const char *short_name(const char *n)
{
	if (!strncmp(n, "struct ", 7))
		return n + 7;
	if (!strncmp(n, "union ", 6))
		return n + 6;
	return n;
}

void skl_addr_name(skl_kernel *k, skl_addr a, skl_type_of_fn type_of, void *ud, char *out, size_t outsz)
{
	skl_addr_info ai;
	if (!a) {
		snprintf(out, outsz, "NULL");
		return;
	}
	if (skl_addr_resolve(k, a, type_of, ud, &ai) < 0) {
		snprintf(out, outsz, "0x%llx", (unsigned long long)a);
		return;
	}
	if (ai.offset)
		snprintf(out, outsz, "%s#%d+0x%llx", ai.type ? short_name(ai.type->name) : ai.cache_name, ai.index,
			 (unsigned long long)ai.offset);
	else
		snprintf(out, outsz, "%s#%d", ai.type ? short_name(ai.type->name) : ai.cache_name, ai.index);
}

static uint64_t load(const skl_abi *abi, const uint8_t *p, size_t n)
{
	uint64_t v = 0;
	size_t i;
	if (abi && abi->big_endian)
		for (i = 0; i < n; i++)
			v = (v << 8) | p[i];
	else
		for (i = n; i-- > 0;)
			v = (v << 8) | p[i];
	return v;
}

/* Is a base type (typedefs followed) signed? gcc's names: "int", "long
 * int", "char" (signed on i386 and x86_64), "long unsigned int", "_Bool". */
static int base_signed(const skl_type *t)
{
	char name[64];
	skl_type_name(t, name, sizeof(name));
	return !strstr(name, "unsigned") && strcmp(name, "_Bool") != 0;
}

static int is_char_name(const char *p)
{
	return !strcmp(p, "char") || !strcmp(p, "unsigned char") || !strcmp(p, "signed char") ||
	       !strcmp(p, "const char");
}

int skl_field_value(const skl_abi *abi, const skl_field *f, const uint8_t *obj, size_t objlen, skl_value *out)
{
	const skl_type *t = f->type ? skl_type_resolve(f->type) : NULL;
	skl_kind kind = t ? skl_type_kind(t) : SKL_K_BASE;
	const uint8_t *p = obj + f->offset;
	uint64_t raw;
	memset(out, 0, sizeof(*out));
	if (f->offset > objlen || f->size > objlen - f->offset)
		return -1;
	if (f->bit_size) { /* a bitfield: its bits of the storage unit */
		uint64_t mask = f->bit_size >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << f->bit_size) - 1);
		uint64_t bits = (load(abi, p, (size_t)f->size) >> f->bit_offset) & mask;
		if (t && (kind == SKL_K_ENUM || (kind == SKL_K_BASE && base_signed(t))) && f->bit_size < 64 &&
		    (bits >> (f->bit_size - 1)) & 1) {
			out->kind = SKL_VAL_SIGNED;
			out->i = (int64_t)(bits | ~mask);
		} else {
			out->kind = SKL_VAL_UNSIGNED;
			out->u = bits;
		}
		return 0;
	}
	if (kind == SKL_K_POINTER && f->size <= 8) {
		out->kind = SKL_VAL_POINTER;
		out->u = load(abi, p, (size_t)f->size);
		return 0;
	}
	if ((kind == SKL_K_BASE || kind == SKL_K_ENUM) &&
	    (f->size == 1 || f->size == 2 || f->size == 4 || f->size == 8)) {
		char name[64];
		skl_type_name(t, name, sizeof(name));
		if (kind == SKL_K_BASE && (!strcmp(name, "float") || !strcmp(name, "double")))
			goto bytes;
		raw = load(abi, p, (size_t)f->size);
		if (kind == SKL_K_ENUM || base_signed(t)) {
			out->kind = SKL_VAL_SIGNED;
			if (f->size < 8 && (raw >> (8 * f->size - 1)) & 1)
				raw |= ~(uint64_t)0 << (8 * f->size);
			out->i = (int64_t)raw;
		} else {
			out->kind = SKL_VAL_UNSIGNED;
			out->u = raw;
		}
		return 0;
	}
	if (kind == SKL_K_ARRAY && f->decl_prefix && is_char_name(f->decl_prefix)) {
		size_t i, o = 0;
		out->kind = SKL_VAL_STRING;
		for (i = 0; i < f->size && p[i]; i++) {
			unsigned ch = p[i];
			if (o + 8 >= sizeof(out->text)) {
				memcpy(out->text + o, "...", 4);
				return 0;
			}
			if (ch == '"' || ch == '\\')
				o += (size_t)snprintf(out->text + o, sizeof(out->text) - o, "\\%c", ch);
			else if (ch >= 32 && ch < 127)
				out->text[o++] = (char)ch;
			else
				o += (size_t)snprintf(out->text + o, sizeof(out->text) - o, "\\x%02x", ch);
		}
		out->text[o] = 0;
		return 0;
	}
	if (kind == SKL_K_STRUCT || kind == SKL_K_UNION) {
		size_t i;
		int zero = 1;
		for (i = 0; i < f->size; i++)
			zero &= p[i] == 0;
		out->kind = SKL_VAL_RECORD;
		out->u = f->size;
		snprintf(out->text, sizeof(out->text), "{%s} %llu bytes%s", kind == SKL_K_UNION ? "union" : "...",
			 (unsigned long long)f->size, zero ? ", all zero" : "");
		return 0;
	}
	if (kind == SKL_K_ARRAY) {
		out->kind = SKL_VAL_ARRAY;
		out->u = f->size;
		snprintf(out->text, sizeof(out->text), "%s %llu bytes",
			 f->decl_suffix && strchr(f->decl_suffix, '[') ? strchr(f->decl_suffix, '[') : "[]",
			 (unsigned long long)f->size);
		return 0;
	}
bytes : {
	size_t i, o = 0, n = f->size < 16 ? (size_t)f->size : 16;
	out->kind = SKL_VAL_BYTES;
	for (i = 0; i < n; i++)
		o += (size_t)snprintf(out->text + o, sizeof(out->text) - o, "%s%02x", i ? " " : "", p[i]);
	if (n < f->size)
		snprintf(out->text + o, sizeof(out->text) - o, " ...");
}
	return 0;
}

void skl_value_format(const skl_value *v, skl_kernel *k, skl_type_of_fn type_of, void *ud, char *out, size_t outsz)
{
	char name[64];
	switch (v->kind) {
	case SKL_VAL_SIGNED:
		snprintf(out, outsz, "%lld", (long long)v->i);
		break;
	case SKL_VAL_UNSIGNED:
		if (v->u < 10)
			snprintf(out, outsz, "%llu", (unsigned long long)v->u);
		else
			snprintf(out, outsz, "%llu (0x%llx)", (unsigned long long)v->u, (unsigned long long)v->u);
		break;
	case SKL_VAL_POINTER:
		if (!v->u) {
			snprintf(out, outsz, "NULL");
			break;
		}
		skl_addr_name(k, v->u, type_of, ud, name, sizeof(name));
		if (name[0] == '0')
			snprintf(out, outsz, "0x%llx", (unsigned long long)v->u);
		else
			snprintf(out, outsz, "0x%llx -> %s", (unsigned long long)v->u, name);
		break;
	case SKL_VAL_STRING:
		snprintf(out, outsz, "\"%s\"", v->text);
		break;
	default:
		snprintf(out, outsz, "%s", v->text);
		break;
	}
}

/* ---- snapshots for views ------------------------------------------------- */

/* Is the object at obj (index idx of cache name) handed out in snap? */
static int snap_allocated(const skl_kernel_snap *snap, const char *cache, skl_addr obj, int idx)
{
	int i, j;
	for (i = 0; snap && i < snap->ncaches; i++) {
		const skl_cache_snap *c = &snap->caches[i];
		if (strcmp(c->info.name, cache) != 0)
			continue;
		for (j = 0; j < c->nslabs; j++) {
			const skl_slab_snap *sl = &c->slabs[j];
			if (obj >= sl->base && obj < sl->base + (uint64_t)sl->pages * snap->page_size)
				return idx >= 0 && (unsigned)idx < sl->nobjs && sl->state &&
				       sl->state[idx] == SKL_OS_ALLOC;
		}
	}
	return 0;
}

/* Where pointer value v points, when into a live object: 0 with *ai. */
static int live_target(skl_kernel *k, const skl_kernel_snap *snap, skl_addr v, skl_type_of_fn type_of, void *ud,
		       skl_addr_info *ai)
{
	if (skl_addr_resolve(k, v, type_of, ud, ai) < 0)
		return -1;
	return snap_allocated(snap, ai->cache_name, ai->obj, ai->index) ? 0 : -1;
}

static int is_pointer(const skl_field *f)
{
	const skl_type *t = f->type ? skl_type_resolve(f->type) : NULL;
	return t && skl_type_kind(t) == SKL_K_POINTER && !f->bit_size;
}

/* skl_obj_snapshot, judging which pointers point into live objects by
 * have (a snapshot of k as it is now), or by one taken here when NULL. */
static skl_obj_snap *obj_snapshot(skl_kernel *k, const skl_kernel_snap *have, skl_addr obj, const skl_layout *l,
				  skl_type_of_fn type_of, void *ud, skl_error *err)
{
	const skl_profile *p = skl_kernel_profile(k);
	skl_kernel_snap *taken = NULL;
	const skl_kernel_snap *snap = have;
	skl_addr_info ai;
	skl_obj_snap *s;
	const uint8_t *src;
	int i;
	if (skl_addr_resolve(k, obj, type_of, ud, &ai) < 0 || ai.obj != obj) {
		skl_errorf(err, "0x%llx is not the start of a slab object", (unsigned long long)obj);
		return NULL;
	}
	src = skl_kernel_bytes(k, obj, ai.size);
	s = skl_calloc(1, sizeof(*s));
	if (!s || !src)
		goto out_nomem;
	s->bytes = skl_malloc(ai.size ? ai.size : 1);
	if (!s->bytes)
		goto out_nomem;
	memcpy(s->bytes, src, ai.size);
	s->addr = obj;
	s->size = ai.size;
	s->cacheline = p->cacheline ? p->cacheline : 64;
	snprintf(s->cache, sizeof(s->cache), "%s", ai.cache_name);
	snprintf(s->abi, sizeof(s->abi), "%s", p->abi ? p->abi->name : "");
	if (!l)
		l = ai.type;
	if (l) {
		snprintf(s->type, sizeof(s->type), "%s", l->name);
		snprintf(s->name, sizeof(s->name), "%s#%d", short_name(l->name), ai.index);
		s->padding = l->padding;
	} else {
		snprintf(s->name, sizeof(s->name), "%s#%d", ai.cache_name, ai.index);
	}
	if (!l || !l->nfields)
		return s;
	s->members = skl_calloc((size_t)l->nfields, sizeof(*s->members));
	if (!snap)
		snap = taken = skl_kernel_snapshot(k);
	if (!s->members || !snap)
		goto out_nomem;
	for (i = 0; i < l->nfields; i++) {
		const skl_field *f = &l->fields[i];
		skl_obj_member *m = &s->members[s->nmembers];
		skl_value v;
		if (f->expanded || !f->size || f->offset + f->size > s->size)
			continue;
		snprintf(m->path, sizeof(m->path), "%s", f->path);
		snprintf(m->decl, sizeof(m->decl), "%s %s", f->decl_prefix ? f->decl_prefix : "",
			 f->decl_suffix ? f->decl_suffix : f->name);
		m->offset = f->offset;
		m->size = f->size;
		m->bit_size = f->bit_size;
		m->bit_offset = f->bit_offset;
		m->hole_after = f->hole_after;
		if (skl_field_value(p->abi, f, s->bytes, (size_t)s->size, &v) < 0)
			continue;
		m->kind = v.kind;
		skl_value_format(&v, k, type_of, ud, m->value, sizeof(m->value));
		if (v.kind == SKL_VAL_POINTER && v.u && live_target(k, snap, v.u, type_of, ud, &ai) == 0) {
			m->target = ai.obj;
			m->target_off = ai.offset;
			skl_addr_name(k, ai.obj, type_of, ud, m->target_name, sizeof(m->target_name));
		}
		s->nmembers++;
	}
	skl_kernel_snap_free(taken);
	return s;
out_nomem:
	skl_kernel_snap_free(taken);
	skl_obj_snap_free(s);
	skl_errorf(err, "out of memory");
	return NULL;
}

skl_obj_snap *skl_obj_snapshot(skl_kernel *k, skl_addr obj, const skl_layout *l, skl_type_of_fn type_of, void *ud,
			       skl_error *err)
{
	return obj_snapshot(k, NULL, obj, l, type_of, ud, err);
}

size_t skl_obj_snap_bytes(const skl_obj_snap *s)
{
	return s ? (size_t)s->size + (size_t)s->nmembers * sizeof(skl_obj_member) : 0;
}

void skl_obj_snap_free(skl_obj_snap *s)
{
	if (!s)
		return;
	skl_free(s->bytes);
	skl_free(s->members);
	skl_free(s);
}

/* A walk over the allocated typed objects of a snapshot, in its order. */
typedef struct live_walk {
	int ci, si;
	unsigned oi;
} live_walk;

/* The next allocated object of snap (taken from k just now) that has a
 * type, resolved in *self: 1, or 0 at the end. With type_of NULL, only
 * caches created with a type are read. */
static int next_live(skl_kernel *k, const skl_kernel_snap *snap, skl_type_of_fn type_of, void *ud, live_walk *w,
		     skl_addr_info *self)
{
	for (; snap && w->ci < snap->ncaches; w->ci++, w->si = 0, w->oi = 0) {
		const skl_cache_snap *c = &snap->caches[w->ci];
		if (!c->type && !type_of) /* no object of it can have a type */
			continue;
		for (; w->si < c->nslabs; w->si++, w->oi = 0) {
			const skl_slab_snap *sl = &c->slabs[w->si];
			while (sl->state && w->oi < sl->nobjs) {
				unsigned oi = w->oi++;
				/* a byte in the middle of the slot: inside the object
				 * whatever red zones the debug options put around it */
				skl_addr mid = sl->s_mem + (uint64_t)oi * c->info.size + c->info.size / 2;
				if (sl->state[oi] == SKL_OS_ALLOC && skl_addr_resolve(k, mid, type_of, ud, self) == 0 &&
				    self->type && self->index == (int)oi)
					return 1;
			}
		}
	}
	return 0;
}

int skl_kernel_pointers(skl_kernel *k, const skl_kernel_snap *snap, skl_type_of_fn type_of, void *ud, int max,
			skl_ptr_link **out, int *more)
{
	const skl_abi *abi = skl_kernel_profile(k)->abi;
	skl_ptr_link *links = NULL;
	live_walk w = {0, 0, 0};
	skl_addr_info self, to;
	int n = 0, cap = 0;
	*out = NULL;
	*more = 0;
	while (next_live(k, snap, type_of, ud, &w, &self)) {
		const uint8_t *bytes = skl_kernel_bytes(k, self.obj, self.size);
		int fi;
		for (fi = 0; bytes && fi < self.type->nfields; fi++) {
			const skl_field *f = &self.type->fields[fi];
			skl_value v;
			skl_ptr_link *L;
			if (!is_pointer(f) || skl_field_value(abi, f, bytes, self.size, &v) < 0 || !v.u ||
			    live_target(k, snap, v.u, type_of, ud, &to) < 0)
				continue;
			if (n >= max) {
				(*more)++;
				continue;
			}
			if (n == cap) {
				int nc = cap ? cap * 2 : 16;
				skl_ptr_link *d = skl_realloc(links, (size_t)nc * sizeof(*d));
				if (!d) {
					skl_free(links);
					return -1;
				}
				links = d;
				cap = nc;
			}
			L = &links[n++];
			memset(L, 0, sizeof(*L));
			L->from = self.obj;
			L->from_off = f->offset;
			L->to = to.obj;
			L->to_off = to.offset;
			snprintf(L->member, sizeof(L->member), "%s", f->path);
			skl_addr_name(k, self.obj, type_of, ud, L->from_name, sizeof(L->from_name));
			skl_addr_name(k, to.obj, type_of, ud, L->to_name, sizeof(L->to_name));
		}
	}
	*out = links;
	return n;
}

int skl_kernel_objects(skl_kernel *k, const skl_kernel_snap *snap, skl_type_of_fn type_of, void *ud, int max,
		       size_t budget, skl_obj_snap ***out, int *more)
{
	skl_obj_snap **objs = NULL;
	live_walk w = {0, 0, 0};
	skl_addr_info self;
	size_t used = 0;
	int n = 0, cap = 0;
	*out = NULL;
	*more = 0;
	while (next_live(k, snap, type_of, ud, &w, &self)) {
		skl_obj_snap *o;
		skl_error err;
		if (n >= max || used >= budget) {
			(*more)++;
			continue;
		}
		skl_error_clear(&err);
		o = obj_snapshot(k, snap, self.obj, self.type, type_of, ud, &err);
		if (!o)
			goto out_nomem;
		if (n == cap) {
			int nc = cap ? cap * 2 : 8;
			skl_obj_snap **d = skl_realloc(objs, (size_t)nc * sizeof(*d));
			if (!d) {
				skl_obj_snap_free(o);
				goto out_nomem;
			}
			objs = d;
			cap = nc;
		}
		objs[n++] = o;
		used += sizeof(*o) + skl_obj_snap_bytes(o);
	}
	*out = objs;
	return n;
out_nomem:
	while (n > 0)
		skl_obj_snap_free(objs[--n]);
	skl_free(objs);
	return -1;
}
