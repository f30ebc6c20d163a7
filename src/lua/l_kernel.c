/*
 * l_kernel.c - the simulated machine's bindings: sklab.kernel (a kernel
 * handle), its caches (k:cache_create) and objects (c:alloc, k:kmalloc),
 * and reads and writes of an object's real bytes.
 *
 * Kernels, caches and objects live in the runtime's tables, never in Lua
 * memory: a handle names a slot and its generation and is resolved on
 * every call, so a destroyed cache or a freed object says "stale handle"
 * instead of dangling. A run may hold a million objects, so an object
 * costs little: a 24-byte handle (with no user value unless it is typed)
 * and a 24-byte slot; what objects share (the kernel, the cache's name
 * and alias) is one "origin" they name, and where an object was freed is
 * the event that freed it. Kernels live until the run ends. Programmer errors
 * raise; what the kernel refuses (out of memory, a double free it would
 * BUG() on, a cache it will not create) comes back as nil and the reason.
 * Every engine call is tagged with the scenario line that made it.
 */
#include "lua_impl.h"

#include "sklab/budget.h"
#include "sklab/kasan.h"
#include "sklab/objview.h"
#include "l_skb.h"

#include <stdio.h>
#include <string.h>

#define KERNEL_MT "sklab.kernel"
#define CACHE_MT "sklab.cache"
#define OBJECT_MT "sklab.object"

#define MAX_CACHES 4096	      /* caches a run may create */
#define MAX_OBJECTS (1 << 20) /* object handles alive at once */

/* The pattern obj:write stores when it is given no value. */
#define WRITE_PATTERN 0xcc

typedef struct lkernel {
	int index; /* into the run's kernels */
} lkernel;

/* user value 1: the layout the cache was created with, or nil */
typedef struct lcache {
	int slot;
	unsigned gen;
	int kernel;
	char name[32];
} lcache;

/* An object handle: the slot it names and its generation, the object's
 * address and its origin (the names of messages stay when the slot is
 * reused). User value 1, only when typed: the object's layout. */
typedef struct lobj {
	skl_addr addr;
	int slot;
	unsigned gen;
	int origin; /* index into the run's origins */
} lobj;

_Static_assert(sizeof(lobj) <= 24, "an object handle is 24 bytes");

/* What objects allocated the same way share: the kernel, the cache that
 * holds them and its name, the alias they came through. */
typedef struct origin {
	skl_cache *cache; /* NULL: kmalloc_large's pages */
	size_t size;	  /* usable bytes: the cache's object size (0: kmalloc_large) */
	int kernel;	  /* index into the run's kernels */
	int kmalloc;	  /* 1: from k:kmalloc */
	char name[32];	  /* the cache that really holds them (SLUB merges) */
	char via[32];	  /* the alias they were allocated through, "" */
} origin;

/* A cache the script created: its handle resolves here on every call. */
typedef struct cslot {
	skl_cache *c; /* NULL once destroyed */
	int kernel;   /* index into the run's kernels */
	unsigned gen;
	int origin; /* of the objects c:alloc makes, -1 until the first */
} cslot;

/* An object handle's target: an allocated object of one kernel. What a
 * live slot needs and what a free one needs share their words. */
typedef struct oslot {
	skl_addr addr;
	unsigned gen; /* odd while live: bumped when taken, and when the object is freed or its handle dies */
	int origin;   /* index into the run's origins */
	union {
		uint32_t requested; /* live, kmalloc: the n asked for */
		uint32_t freed_at;  /* free: 1 + the index of the event that freed it (its where), 0 = none */
	};
	union {
		uint32_t typed; /* live: 1 + its index in the run's typed objects, 0 = untyped */
		int next_free;	/* free: the next free slot, -1 = none */
	};
} oslot;

_Static_assert(sizeof(oslot) == 24, "an object slot is 24 bytes");

/* A typed object: the layout of c:alloc{type=} (the handle's user value
 * keeps it alive while the slot is live). Few objects are typed, so they
 * are listed apart, and the lookups by address walk these alone. */
typedef struct typed_obj {
	int slot;
	const skl_layout *type;
} typed_obj;

/* An object as the methods see it: its slot, handle and origin resolved. */
typedef struct otarget {
	skl_addr addr;
	skl_cache *cache; /* the cache it came from (kmalloc: its size class) */
	size_t size;	  /* usable bytes */
	size_t requested; /* kmalloc: the n asked for; else size */
	int kernel;
	int kmalloc;
} otarget;

/* The machines of a run and the slots their handles name (struct
 * skl_lua's kernels). Kernels are freed when the run ends. */
struct skl__kernels {
	skl_kernel *k[SKL__MAX_KERNELS];
	int n;
	cslot *cslots;
	int ncslots, capcslots;
	oslot *oslots;
	int noslots, caposlots, ofree, live_objects;
	origin *origins; /* at most one per cache and kmalloc size class */
	int norigins, caporigins;
	int *kmo; /* the origins of k:kmalloc's objects, and the one it used last (-1) */
	int nkmo, capkmo, last_kmo;
	typed_obj *typed;
	int ntyped, captyped;
};

/* Names for metamethod errors. */
static const skl__api e_kernel = {"k", "", "", SKL__API_INDEX};
static const skl__api e_cache = {"c", "", "", SKL__API_INDEX};
static const skl__api e_obj = {"obj", "", "", SKL__API_INDEX};

/* ---- kernels --------------------------------------------------------------------- */

int skl__kernels_new(skl_lua *rt)
{
	rt->kernels = skl_calloc(1, sizeof(*rt->kernels));
	if (!rt->kernels)
		return -1;
	rt->kernels->ofree = -1;
	rt->kernels->last_kmo = -1;
	return 0;
}

void skl__kernels_clear(skl_lua *rt)
{
	struct skl__kernels *ks = rt->kernels;
	int i;
	for (i = 0; i < ks->n; i++)
		skl_kernel_free(ks->k[i]);
	ks->n = 0;
	skl_free(ks->cslots);
	ks->cslots = NULL;
	ks->ncslots = ks->capcslots = 0;
	skl_free(ks->oslots);
	ks->oslots = NULL;
	ks->noslots = ks->caposlots = ks->live_objects = 0;
	ks->ofree = -1;
	skl_free(ks->origins);
	ks->origins = NULL;
	ks->norigins = ks->caporigins = 0;
	skl_free(ks->kmo);
	ks->kmo = NULL;
	ks->nkmo = ks->capkmo = 0;
	ks->last_kmo = -1;
	skl_free(ks->typed);
	ks->typed = NULL;
	ks->ntyped = ks->captyped = 0;
}

void skl__kernels_free(skl_lua *rt)
{
	if (!rt->kernels)
		return;
	skl__kernels_clear(rt);
	skl_free(rt->kernels);
	rt->kernels = NULL;
}

int skl__kernel_count(const skl_lua *rt)
{
	return rt->kernels->n;
}

skl_kernel *skl__kernel_at(const skl_lua *rt, int i)
{
	return i >= 0 && i < rt->kernels->n ? rt->kernels->k[i] : NULL;
}

skl_kernel *skl__to_kernel(lua_State *L, int arg)
{
	skl_lua *rt = skl__rt(L);
	lkernel *h = luaL_testudata(L, arg, KERNEL_MT);
	if (!h)
		return NULL;
	if (h->index < 0 || h->index >= rt->kernels->n)
		skl__error(L, "stale kernel handle (its run has ended)");
	return rt->kernels->k[h->index];
}

static int check_kernel(lua_State *L, int arg, skl_kernel **k)
{
	*k = skl__to_kernel(L, arg);
	if (!*k)
		skl__typeerror(L, arg, "kernel");
	return ((lkernel *)lua_touserdata(L, arg))->index;
}

int skl__kernel_new(lua_State *L)
{
	static const char *const keys[] = {"profile",	 "cpus",       "ram_mb", "smp",
					   "debug_slab", "slub_debug", "kasan",	 NULL};
	skl_lua *rt = skl__rt(L);
	skl_profile prof;
	skl_kernel_opts o;
	skl_kernel *k;
	skl_error err;
	const char *pname = NULL, *slub_debug = NULL;
	int debug_slab = 0, smp = -1, is_slub, kasan = 0;
	lua_Integer cpus = 0, ram_mb = 0;
	lkernel *h;

	if (!lua_isnoneornil(L, 1)) {
		skl__opts opts = skl__opts_at(L, 1);
		skl__check_table(L, 1);
		skl__check_keys(L, 1, keys);
		pname = skl__opt_string(&opts, "profile");
		cpus = skl__opt_int(&opts, "cpus", 0, 1, 256);
		ram_mb = skl__opt_int(&opts, "ram_mb", 0, 1, (lua_Integer)(SKL_KERNEL_RAM_MAX >> 20));
		smp = skl__opt_bool(&opts, "smp", -1);
		debug_slab = skl__opt_bool(&opts, "debug_slab", 0);
		kasan = skl__opt_bool(&opts, "kasan", 0);
		if (lua_getfield(L, 1, "slub_debug") == LUA_TSTRING) {
			const char *s;
			slub_debug = lua_tostring(L, -1);
			for (s = slub_debug; *s; s++)
				if (!strchr("FZPUfzpu", *s))
					skl__argerror(
					    L, 1,
					    lua_pushfstring(
						L, "field 'slub_debug': unknown option '%c' (letters F, Z, P, U)", *s));
		} else if (lua_type(L, -1) == LUA_TBOOLEAN) {
			slub_debug = lua_toboolean(L, -1) ? "FZPU" : NULL;
		} else if (!lua_isnil(L, -1)) {
			skl__argerror(L, 1,
				      lua_pushfstring(L, "field 'slub_debug': string or boolean expected, got %s",
						      luaL_typename(L, -1)));
		}
		lua_pop(L, 2); /* profile, slub_debug */
	}
	skl__resolve_profile(L, pname, &prof);
	is_slub = prof.allocator == SKL_ALLOC_SLUB;
	if (debug_slab && is_slub)
		skl__argerror(
		    L, 1,
		    lua_pushfstring(L, "field 'debug_slab' is for the 2.4 SLAB allocator; %s uses SLUB (slub_debug)",
				    prof.name));
	if (slub_debug && !is_slub)
		skl__argerror(
		    L, 1,
		    lua_pushfstring(L, "field 'slub_debug' is for SLUB; %s uses the 2.4 SLAB allocator (debug_slab)",
				    prof.name));
	if (kasan && !is_slub)
		skl__argerror(L, 1,
			      lua_pushfstring(L,
					      "field 'kasan': KASAN (Linux 4.0 and later) runs on SLUB here; %s uses "
					      "the 2.4 SLAB allocator",
					      prof.name));
	if (rt->kernels->n >= SKL__MAX_KERNELS)
		return skl__error(L, "more than %d kernels in one run", SKL__MAX_KERNELS);
	{
		/* the machines of a run share one cap on simulated RAM: their
		 * pages are real host memory once touched */
		skl__limits *lim = skl__limits_of(rt);
		uint64_t want = ram_mb ? (uint64_t)ram_mb << 20 : prof.ram_bytes ? prof.ram_bytes : (uint64_t)128 << 20;
		if (want > SKL_KERNEL_RAM_MAX)
			want = SKL_KERNEL_RAM_MAX;
		if (want > lim->ram_limit - lim->ram_used) {
			lim->hit = SKL_LUA_LIMIT_RAM;
			{
				char msg[200];
				snprintf(msg, sizeof(msg),
					 "simulated RAM limit of %llu MiB reached (this machine's %llu MiB after %llu "
					 "MiB for the run's other machines)",
					 (unsigned long long)(lim->ram_limit >> 20), (unsigned long long)(want >> 20),
					 (unsigned long long)(lim->ram_used >> 20));
				return skl__error(L, "%s: %s", skl__fname(L), msg);
			}
		}
	}

	memset(&o, 0, sizeof(o));
	o.profile = &prof;
	o.cpus = (unsigned)cpus;
	o.ram_bytes = (uint64_t)ram_mb << 20;
	o.smp = smp;
	o.debug_slab = debug_slab;
	o.slub_debug = slub_debug;
	o.kasan = kasan;
	o.log = rt->log;
	o.budget = skl__memory_of(rt);		 /* its frames as they are first used */
	h = lua_newuserdatauv(L, sizeof(*h), 1); /* before the machine: may raise; user value 1: its cache model */
	h->index = -1;
	skl_error_clear(&err);
	k = skl_kernel_new(&o, &err); /* boots silently: no events */
	if (!k && skl__memory_of(rt)->hit)
		skl__stop_check(L); /* the budget's refusal ends the run */
	if (!k)
		return skl__fail(L, err.msg);
	skl__limits_of(rt)->ram_used += skl_kernel_ram_total(k);
	rt->kernels->k[rt->kernels->n] = k;
	h->index = rt->kernels->n++;
	luaL_setmetatable(L, KERNEL_MT);
	return 1;
}

/* ---- caches ------------------------------------------------------------------------ */

static skl_cache *check_cache(lua_State *L, int arg, lcache **out)
{
	skl_lua *rt = skl__rt(L);
	lcache *h = luaL_testudata(L, arg, CACHE_MT);
	if (!h)
		skl__typeerror(L, arg, "cache");
	if (h->slot < 0 || h->slot >= rt->kernels->ncslots || rt->kernels->cslots[h->slot].gen != h->gen ||
	    !rt->kernels->cslots[h->slot].c)
		skl__argerror(L, arg, lua_pushfstring(L, "stale cache handle: %s was destroyed", h->name));
	if (out)
		*out = h;
	return rt->kernels->cslots[h->slot].c;
}

static int cslot_new(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	if (rt->kernels->ncslots >= MAX_CACHES)
		skl__error(L, "more than %d caches in one run", MAX_CACHES);
	if (rt->kernels->ncslots == rt->kernels->capcslots) {
		int nc = rt->kernels->capcslots ? rt->kernels->capcslots * 2 : 32;
		cslot *d = skl_realloc(rt->kernels->cslots, (size_t)nc * sizeof(*d));
		if (!d)
			skl__error(L, "out of memory");
		rt->kernels->cslots = d;
		rt->kernels->capcslots = nc;
	}
	memset(&rt->kernels->cslots[rt->kernels->ncslots], 0, sizeof(rt->kernels->cslots[0]));
	rt->kernels->cslots[rt->kernels->ncslots].origin = -1;
	return rt->kernels->ncslots++;
}

/* Cache names end up in /proc/slabinfo columns: printable, no spaces. */
static void check_cache_name(lua_State *L, int arg, const char *name)
{
	const unsigned char *p;
	if (!name[0])
		skl__argerror(L, arg, "the cache name is empty");
	for (p = (const unsigned char *)name; *p; p++)
		if (*p <= ' ' || *p == 0x7f)
			skl__argerror(
			    L, arg,
			    "a cache name cannot hold spaces or control characters (it is a /proc/slabinfo column)");
}

static int k_cache_create(lua_State *L)
{
	static const char *const keys[] = {
	    "hwcache_align", "red_zone",       "poison", "no_reap",	   "dma", "rcu", "ctor",
	    "align",	     "freeptr_offset", "type",	 "sheaf_capacity", NULL};
	static const struct {
		const char *key;
		unsigned flag;
	} flags[] = {{"hwcache_align", SKL_SLAB_HWCACHE_ALIGN},
		     {"red_zone", SKL_SLAB_RED_ZONE},
		     {"poison", SKL_SLAB_POISON},
		     {"no_reap", SKL_SLAB_NO_REAP},
		     {"dma", SKL_SLAB_CACHE_DMA},
		     {"rcu", SKL_SLAB_TYPESAFE_BY_RCU}};
	skl_lua *rt = skl__rt(L);
	skl_kernel *k;
	int ki = check_kernel(L, 1, &k), type_idx = 0, slot;
	const char *name = skl__check_string(L, 2);
	const skl_layout *type = NULL;
	lua_Integer size = 0;
	skl_cache_opts o;
	skl_cache *c;
	skl_error err;
	lcache *h;
	skl__engine e;
	size_t i;

	check_cache_name(L, 2, name);
	if (lua_type(L, 3) == LUA_TNUMBER) {
		size = skl__check_integer(L, 3);
		if (size <= 0)
			skl__argerror(L, 3, lua_pushfstring(L, "object size %I: it must be positive", size));
	} else if ((type = skl__to_layout(L, 3)) != NULL) {
		size = (lua_Integer)type->size;
		type_idx = 3;
	} else {
		skl__typeerror(L, 3, "number or layout");
	}
	memset(&o, 0, sizeof(o));
	if (!lua_isnoneornil(L, 4)) {
		skl__opts opts = skl__opts_at(L, 4);
		skl__check_table(L, 4);
		skl__check_keys(L, 4, keys);
		for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
			if (skl__opt_bool(&opts, flags[i].key, 0))
				o.flags |= flags[i].flag;
		o.ctor = skl__opt_bool(&opts, "ctor", 0);
		o.align = (unsigned)skl__opt_int(&opts, "align", 0, 0, (lua_Integer)skl_kernel_profile(k)->page_size);
		if (o.align & (o.align - 1))
			skl__argerror(L, 4, "field 'align' must be a power of two (or 0 for none)");
		if (lua_getfield(L, 4, "freeptr_offset") != LUA_TNIL) {
			o.freeptr_offset = (unsigned)skl__opt_int(&opts, "freeptr_offset", 0, 0, size - 1);
			o.use_freeptr_offset = 1;
		}
		lua_pop(L, 1);
		o.sheaf_capacity = (unsigned)skl__opt_int(&opts, "sheaf_capacity", 0, 0, 1024);
		if (lua_getfield(L, 4, "type") != LUA_TNIL) {
			if (type_idx)
				skl__argerror(L, 4, "field 'type': the layout is argument #2 already");
			type = skl__to_layout(L, -1);
			if (!type)
				skl__argerror(
				    L, 4,
				    lua_pushfstring(L, "field 'type': layout expected, got %s", luaL_typename(L, -1)));
			type_idx = lua_gettop(L); /* stays on the stack */
		} else {
			lua_pop(L, 1);
		}
	}
	o.type = type;
	slot = cslot_new(L);
	h = lua_newuserdatauv(L, sizeof(*h), 1);
	h->slot = -1;
	snprintf(h->name, sizeof(h->name), "%s", name);

	skl__engine_begin(L, &e);
	skl_error_clear(&err);
	c = skl_cache_create(k, name, (size_t)size, &o, &err);
	skl__engine_end(&e);
	if (!c) {
		rt->kernels->ncslots--; /* the slot was the last one, still unused */
		return skl__fail(L, err.msg);
	}
	rt->kernels->cslots[slot].c = c;
	rt->kernels->cslots[slot].kernel = ki;
	h->slot = slot;
	h->gen = rt->kernels->cslots[slot].gen;
	h->kernel = ki;
	if (type_idx) {
		lua_pushvalue(L, type_idx);
		lua_setiuservalue(L, -2, 1);
	}
	luaL_setmetatable(L, CACHE_MT);
	return 1;
}

/* ---- objects --------------------------------------------------------------------- */

/* Makes room for one more object handle (and its typed entry when typed);
 * raises when too many are alive. */
static void oslot_room(lua_State *L, int typed)
{
	skl_lua *rt = skl__rt(L);
	struct skl__kernels *ks = rt->kernels;
	if (ks->live_objects >= MAX_OBJECTS)
		lua_gc(L, LUA_GCCOLLECT);
	if (ks->live_objects >= MAX_OBJECTS)
		skl__error(L, "more than %d object handles alive at once", MAX_OBJECTS);
	if (ks->ofree < 0 && ks->noslots == ks->caposlots) {
		int nc = ks->caposlots ? ks->caposlots * 2 : 256;
		oslot *d = skl_realloc(ks->oslots, (size_t)nc * sizeof(*d));
		if (!d)
			skl__error(L, "out of memory");
		ks->oslots = d;
		ks->caposlots = nc;
	}
	if (typed && skl_grow(&ks->typed, &ks->captyped, ks->ntyped, 16, sizeof(*ks->typed)) < 0)
		skl__error(L, "out of memory");
}

/* Takes a slot (oslot_room ran first, so this cannot fail). */
static int oslot_take(skl_lua *rt)
{
	struct skl__kernels *ks = rt->kernels;
	int i;
	if (ks->ofree >= 0) {
		i = ks->ofree;
		ks->ofree = ks->oslots[i].next_free;
	} else {
		i = ks->noslots++;
		memset(&ks->oslots[i], 0, sizeof(ks->oslots[i]));
	}
	ks->oslots[i].gen++; /* odd: live */
	ks->oslots[i].requested = 0;
	ks->oslots[i].typed = 0;
	ks->live_objects++;
	return i;
}

static int slot_live(const oslot *s)
{
	return (s->gen & 1) != 0;
}

/* The kernel of a slot's object. */
static int slot_kernel(const struct skl__kernels *ks, const oslot *s)
{
	return ks->origins[s->origin].kernel;
}

/* The object is gone (freed, or its last handle collected): the slot's
 * handles go stale and it is reused. freed_at: 1 + the event that freed
 * it, 0 = none (its handle was collected). */
static void oslot_release(skl_lua *rt, int i, uint32_t freed_at)
{
	struct skl__kernels *ks = rt->kernels;
	oslot *s = &ks->oslots[i];
	if (!slot_live(s))
		return;
	if (s->typed) { /* the last typed entry takes its place */
		int t = (int)s->typed - 1;
		ks->typed[t] = ks->typed[--ks->ntyped];
		if (t < ks->ntyped)
			ks->oslots[ks->typed[t].slot].typed = (uint32_t)t + 1;
		s->typed = 0;
	}
	s->gen++; /* even: free */
	s->freed_at = freed_at;
	s->next_free = ks->ofree;
	ks->ofree = i;
	ks->live_objects--;
}

/* Name of the cache that really holds objects of c (SLUB merges). */
static void real_name(const skl_cache_info *in, char *out, size_t outsz)
{
	snprintf(out, outsz, "%s", in->alias_of[0] ? in->alias_of : in->name);
}

/* A new origin; raises when out of memory. There is at most one per cache
 * handle and per kmalloc size class of each kernel, so they are few. */
static int origin_new(lua_State *L, int kernel, skl_cache *c, size_t size, int kmalloc, const char *name,
		      const char *via)
{
	struct skl__kernels *ks = skl__rt(L)->kernels;
	origin *o;
	if (skl_grow(&ks->origins, &ks->caporigins, ks->norigins, 16, sizeof(*ks->origins)) < 0)
		skl__error(L, "out of memory");
	o = &ks->origins[ks->norigins];
	memset(o, 0, sizeof(*o));
	o->cache = c;
	o->size = size;
	o->kernel = kernel;
	o->kmalloc = kmalloc;
	snprintf(o->name, sizeof(o->name), "%s", name);
	snprintf(o->via, sizeof(o->via), "%s", via ? via : "");
	return ks->norigins++;
}

/* The origin of what c:alloc makes from the cache of slot cs. */
static int cache_origin(lua_State *L, int cs)
{
	struct skl__kernels *ks = skl__rt(L)->kernels;
	if (ks->cslots[cs].origin < 0) {
		skl_cache_info in;
		char cname[32];
		int o;
		skl_cache_get_info(ks->cslots[cs].c, &in);
		real_name(&in, cname, sizeof(cname));
		o = origin_new(L, ks->cslots[cs].kernel, ks->cslots[cs].c, in.object_size, 0, cname,
			       in.alias_of[0] ? in.name : NULL);
		ks->cslots[cs].origin = o;
	}
	return ks->cslots[cs].origin;
}

/* The origin of k:kmalloc's objects from bucket (NULL: kmalloc_large). */
static int kmalloc_origin(lua_State *L, int kernel, skl_cache *bucket)
{
	struct skl__kernels *ks = skl__rt(L)->kernels;
	skl_cache_info in;
	char cname[32] = "";
	int i, o;
	if (ks->last_kmo >= 0 && ks->origins[ks->last_kmo].cache == bucket &&
	    ks->origins[ks->last_kmo].kernel == kernel)
		return ks->last_kmo;
	for (i = 0; i < ks->nkmo; i++) /* a few size classes per kernel */
		if (ks->origins[ks->kmo[i]].cache == bucket && ks->origins[ks->kmo[i]].kernel == kernel)
			return ks->last_kmo = ks->kmo[i];
	if (skl_grow(&ks->kmo, &ks->capkmo, ks->nkmo, 16, sizeof(*ks->kmo)) < 0)
		skl__error(L, "out of memory");
	if (bucket) {
		memset(&in, 0, sizeof(in));
		skl_cache_get_info(bucket, &in);
		real_name(&in, cname, sizeof(cname));
		o = origin_new(L, kernel, bucket, in.object_size, 1, cname, NULL);
	} else {
		o = origin_new(L, kernel, NULL, 0, 1, "kmalloc_large", NULL);
	}
	ks->kmo[ks->nkmo++] = o;
	return ks->last_kmo = o;
}

/* Pushes a new handle for the object at a of origin o; requested: kmalloc's
 * n (else unused); type_idx 0 = no layout. oslot_room ran first. */
static void push_object(lua_State *L, skl_addr a, int o, size_t requested, int type_idx)
{
	skl_lua *rt = skl__rt(L);
	struct skl__kernels *ks = rt->kernels;
	lobj *h;
	int i;
	if (type_idx)
		type_idx = lua_absindex(L, type_idx);
	h = lua_newuserdatauv(L, sizeof(*h), type_idx ? 1 : 0); /* may raise: before the slot is taken */
	i = oslot_take(rt);
	ks->oslots[i].addr = a;
	ks->oslots[i].origin = o;
	ks->oslots[i].requested = requested > UINT32_MAX ? UINT32_MAX : (uint32_t)requested;
	h->addr = a;
	h->slot = i;
	h->gen = ks->oslots[i].gen;
	h->origin = o;
	if (type_idx) {
		ks->typed[ks->ntyped].slot = i;
		ks->typed[ks->ntyped].type = skl__to_layout(L, type_idx);
		ks->oslots[i].typed = (uint32_t)++ks->ntyped;
		lua_pushvalue(L, type_idx);
		lua_setiuservalue(L, -2, 1);
	}
	luaL_setmetatable(L, OBJECT_MT);
}

static lobj *test_obj(lua_State *L, int arg)
{
	return luaL_testudata(L, arg, OBJECT_MT);
}

static int obj_live(const skl_lua *rt, const lobj *h)
{
	return h->slot >= 0 && h->slot < rt->kernels->noslots && slot_live(&rt->kernels->oslots[h->slot]) &&
	       rt->kernels->oslots[h->slot].gen == h->gen;
}

static const origin *obj_origin(const skl_lua *rt, const lobj *h)
{
	return &rt->kernels->origins[h->origin];
}

/* The kernel of a handle's object (index into the run's kernels). */
static int obj_kernel(const skl_lua *rt, const lobj *h)
{
	return obj_origin(rt, h)->kernel;
}

/* A freed object named again: an argument error of the call, saying
 * where it was freed (the location of the event that freed it). */
static int stale_obj(lua_State *L, int arg, const lobj *h)
{
	skl_lua *rt = skl__rt(L);
	const oslot *s = h->slot >= 0 && h->slot < rt->kernels->noslots ? &rt->kernels->oslots[h->slot] : NULL;
	char what[96];
	skl_event ev;
	snprintf(what, sizeof(what), "%s object 0x%llx", obj_origin(rt, h)->name, (unsigned long long)h->addr);
	if (s && !slot_live(s) && s->gen == h->gen + 1 && s->freed_at && rt->log &&
	    skl_events_get(rt->log, (int)s->freed_at - 1, &ev) == 0 && ev.where && ev.where[0])
		return skl__argerror(L, arg,
				     lua_pushfstring(L, "stale object handle: %s was freed at %s", what, ev.where));
	return skl__argerror(L, arg, lua_pushfstring(L, "stale object handle: %s was freed", what));
}

/* The object of a live handle: what its slot and origin say. */
static void fill_target(const skl_lua *rt, const lobj *h, otarget *t)
{
	const oslot *s = &rt->kernels->oslots[h->slot];
	const origin *o = obj_origin(rt, h);
	t->addr = h->addr;
	t->cache = o->cache;
	t->kernel = o->kernel;
	t->kmalloc = o->kmalloc;
	t->size = o->size;
	if (!o->cache) { /* kmalloc_large: whole pages, as many as it took */
		skl_kernel *k = skl__kernel_at(rt, o->kernel);
		t->size = k ? (size_t)skl_kmalloc_large_of(k, h->addr, NULL, NULL) : 0;
	}
	t->requested = o->kmalloc ? s->requested : t->size;
}

static void check_obj(lua_State *L, int arg, lobj **out, otarget *t)
{
	skl_lua *rt = skl__rt(L);
	lobj *h = test_obj(L, arg);
	if (!h)
		skl__typeerror(L, arg, "object");
	if (!obj_live(rt, h))
		stale_obj(L, arg, h);
	if (out)
		*out = h;
	if (t)
		fill_target(rt, h, t);
}

/*
 * The object of obj:read and obj:write. A freed object's handle is stale,
 * except on a KASAN kernel while the address still lies in an object of a
 * slab, or in the pages of a kmalloc_large block (freed, or a new block's
 * start): that is the dangling pointer KASAN exists to catch, so the access
 * goes on to KASAN's check, bounded by the object size of the cache the
 * address is in now, the page, or the new block (tmp holds that target;
 * *dangling is set).
 */
static void access_obj(lua_State *L, int arg, lobj **out, otarget *tmp, int *dangling)
{
	skl_lua *rt = skl__rt(L);
	lobj *h = test_obj(L, arg);
	skl_kernel *k;
	skl_cache_info in;
	skl_cache *c;
	skl_addr start = 0;
	int index;
	*dangling = 0;
	if (!h || obj_live(rt, h)) {
		check_obj(L, arg, out, tmp);
		return;
	}
	k = skl__kernel_at(rt, obj_kernel(rt, h));
	c = k && skl_kernel_kasan(k) ? skl_kernel_cache_of(k, h->addr, &index, &start) : NULL;
	memset(tmp, 0, sizeof(*tmp));
	if (!c && k && skl_kernel_kasan(k) && skl_kernel_kasan_shadow(k, h->addr) == SKL_KASAN_PAGE_FREE) {
		/* a kmalloc_large block given back: its pages are free
		 * (KASAN_PAGE_FREE), a use-after-free; bounded by the page */
		tmp->size = tmp->requested = skl_kernel_profile(k)->page_size;
	} else if (!c && k && skl_kernel_kasan(k) && skl_kmalloc_large_of(k, h->addr, &start, NULL) &&
		   start == h->addr) {
		/* the pages went to a new kmalloc_large block */
		tmp->size = tmp->requested = skl_kmalloc_large_of(k, h->addr, NULL, NULL);
	} else {
		if (!c || start != h->addr)
			stale_obj(L, arg, h);
		skl_cache_get_info(c, &in);
		tmp->size = tmp->requested = in.object_size;
	}
	tmp->addr = h->addr;
	tmp->cache = c;
	tmp->kernel = obj_kernel(rt, h);
	*dangling = 1;
	*out = h;
}

static int object_gc(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	lobj *h = test_obj(L, 1);
	if (h && rt->kernels->oslots && obj_live(rt, h))
		oslot_release(rt, h->slot, 0);
	return 0;
}

/* After the kernel freed (kernel, addr) in the engine call e: every live
 * handle of it goes stale, remembering the call's last event (which holds
 * the scenario line). The handle used is stale already when it freed an
 * object twice; the address may then belong to a newer object, which the
 * kernel just freed. */
static void freed(lua_State *L, const lobj *h, const skl__engine *e)
{
	skl_lua *rt = skl__rt(L);
	struct skl__kernels *ks = rt->kernels;
	int n = skl_events_count(rt->log), i, kernel = obj_kernel(rt, h);
	uint32_t at = n > e->n0 ? (uint32_t)n : 0;
	if (obj_live(rt, h)) {
		oslot_release(rt, h->slot, at);
		return;
	}
	for (i = 0; i < ks->noslots; i++)
		if (slot_live(&ks->oslots[i]) && slot_kernel(ks, &ks->oslots[i]) == kernel &&
		    ks->oslots[i].addr == h->addr)
			oslot_release(rt, i, at);
}

static int c_alloc(lua_State *L)
{
	static const char *const keys[] = {"zero", "type", NULL};
	lcache *ch;
	skl_cache *c = check_cache(L, 1, &ch);
	int zero = 0, type_idx = 0, o;
	skl_error err;
	skl_addr a;
	skl__engine e;

	if (!lua_isnoneornil(L, 2)) {
		skl__opts opts = skl__opts_at(L, 2);
		skl__check_table(L, 2);
		skl__check_keys(L, 2, keys);
		zero = skl__opt_bool(&opts, "zero", 0);
		if (lua_getfield(L, 2, "type") != LUA_TNIL) {
			if (!skl__to_layout(L, -1))
				skl__argerror(
				    L, 2,
				    lua_pushfstring(L, "field 'type': layout expected, got %s", luaL_typename(L, -1)));
			type_idx = lua_gettop(L);
		}
	}
	if (!type_idx && lua_getiuservalue(L, 1, 1) != LUA_TNIL)
		type_idx = lua_gettop(L);
	oslot_room(L, type_idx != 0);
	o = cache_origin(L, ch->slot);
	skl__engine_begin(L, &e);
	skl_error_clear(&err);
	a = skl_cache_alloc(c, zero, &err);
	skl__engine_end(&e);
	if (!a)
		return skl__fail(L, err.msg[0] ? err.msg : "out of memory");
	push_object(L, a, o, 0, type_idx);
	return 1;
}

/* The object argument of a free: a handle (stale ones too: freeing twice
 * is the kernel's business) of this kernel. */
static lobj *free_arg(lua_State *L, int arg, int kernel)
{
	lobj *h = test_obj(L, arg);
	if (!h)
		skl__typeerror(L, arg, "object");
	if (obj_kernel(skl__rt(L), h) != kernel)
		skl__argerror(L, arg, "the object belongs to another kernel");
	return h;
}

static int c_free(lua_State *L)
{
	lcache *ch;
	skl_cache *c = check_cache(L, 1, &ch);
	lobj *h = free_arg(L, 2, ch->kernel);
	skl_error err;
	skl__engine e;
	int rc;
	skl__engine_begin(L, &e);
	skl_error_clear(&err);
	rc = skl_cache_free(c, h->addr, &err);
	skl__engine_end(&e);
	if (rc < 0)
		return skl__fail(L, err.msg);
	freed(L, h, &e);
	lua_pushboolean(L, 1);
	return 1;
}

static int c_shrink(lua_State *L)
{
	skl_cache *c = check_cache(L, 1, NULL);
	skl__engine e;
	int n;
	skl__engine_begin(L, &e);
	n = skl_cache_shrink(c);
	skl__engine_end(&e);
	lua_pushinteger(L, n);
	return 1;
}

static int c_destroy(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	lcache *ch;
	skl_cache *c = check_cache(L, 1, &ch);
	skl_error err;
	skl__engine e;
	int rc;
	skl__engine_begin(L, &e);
	skl_error_clear(&err);
	rc = skl_cache_destroy(c, &err);
	skl__engine_end(&e);
	if (rc < 0)
		return skl__fail(L, err.msg);
	rt->kernels->cslots[ch->slot].c = NULL;
	rt->kernels->cslots[ch->slot].gen++;
	lua_pushboolean(L, 1);
	return 1;
}

static void push_info(lua_State *L, const skl_cache_info *in, unsigned page_size)
{
	unsigned long pages = in->num_slabs * (unsigned long)in->pages_per_slab;
	lua_createtable(L, 0, 52);
	skl__set_str(L, "name", in->name);
	if (in->alias_of[0])
		skl__set_str(L, "alias_of", in->alias_of);
	skl__set_int(L, "object_size", (lua_Integer)in->object_size);
	skl__set_int(L, "size", (lua_Integer)in->size);
	skl__set_int(L, "objsize", (lua_Integer)in->size);
	skl__set_int(L, "align", in->align);
	skl__set_int(L, "flags", in->flags);
	skl__set_int(L, "order", in->order);
	skl__set_int(L, "pages_per_slab", in->pages_per_slab);
	skl__set_int(L, "objs_per_slab", in->objs_per_slab);
	skl__set_bool(L, "offslab", in->offslab);
	skl__set_int(L, "mgmt_size", (lua_Integer)in->mgmt_size);
	skl__set_int(L, "left_over", (lua_Integer)in->left_over);
	skl__set_int(L, "colour", in->colour);
	skl__set_int(L, "colour_off", in->colour_off);
	skl__set_int(L, "colour_next", in->colour_next);
	skl__set_int(L, "limit", in->limit);
	skl__set_int(L, "batchcount", in->batchcount);
	skl__set_int(L, "inuse", (lua_Integer)in->inuse);
	skl__set_int(L, "freeptr_offset", (lua_Integer)in->freeptr_offset);
	skl__set_int(L, "red_left_pad", (lua_Integer)in->red_left_pad);
	skl__set_int(L, "min_objects", in->min_objects);
	skl__set_int(L, "cpu_avail", (lua_Integer)in->cpu_avail);
	skl__set_int(L, "active_objs", (lua_Integer)in->active_objs);
	skl__set_int(L, "in_use", (lua_Integer)in->in_use);
	skl__set_int(L, "num_objs", (lua_Integer)in->num_objs);
	skl__set_int(L, "active_slabs", (lua_Integer)in->active_slabs);
	skl__set_int(L, "num_slabs", (lua_Integer)in->num_slabs);
	skl__set_int(L, "high", (lua_Integer)in->high);
	skl__set_int(L, "allocs", (lua_Integer)in->allocs);
	skl__set_int(L, "grown", (lua_Integer)in->grown);
	skl__set_int(L, "reaped", (lua_Integer)in->reaped);
	skl__set_int(L, "errors", (lua_Integer)in->errors);
	skl__set_int(L, "allochit", (lua_Integer)in->allochit);
	skl__set_int(L, "allocmiss", (lua_Integer)in->allocmiss);
	skl__set_int(L, "freehit", (lua_Integer)in->freehit);
	skl__set_int(L, "freemiss", (lua_Integer)in->freemiss);
	skl__set_int(L, "cpu_partial", in->cpu_partial);
	skl__set_int(L, "cpu_partial_slabs", in->cpu_partial_slabs);
	skl__set_int(L, "slabs_cpu_partial", (lua_Integer)in->slabs_cpu_partial);
	skl__set_int(L, "cpu_partial_free", (lua_Integer)in->cpu_partial_free);
	skl__set_int(L, "sheaf_capacity", in->sheaf_capacity);
	skl__set_int(L, "sheaf_objects", (lua_Integer)in->sheaf_objects);
	skl__set_int(L, "barn_full", (lua_Integer)in->barn_full);
	skl__set_int(L, "barn_empty", (lua_Integer)in->barn_empty);
	skl__set_int(L, "pages", (lua_Integer)pages);
	skl__set_int(L, "bytes", (lua_Integer)pages * page_size);
}

static int c_stats(lua_State *L)
{
	skl_cache *c = check_cache(L, 1, NULL);
	skl_cache_info in;
	skl_cache_get_info(c, &in);
	push_info(L, &in, skl_kernel_profile(skl_cache_kernel(c))->page_size);
	return 1;
}

/* ---- the kernel's own calls --------------------------------------------------------- */

static int k_kmalloc(lua_State *L)
{
	skl_kernel *k;
	int ki = check_kernel(L, 1, &k);
	lua_Integer n = skl__check_integer(L, 2);
	skl_cache *bucket;
	skl_error err;
	skl_addr a;
	skl__engine e;
	if (n < 0)
		skl__argerror(L, 2, lua_pushfstring(L, "size %I: it cannot be negative", n));
	oslot_room(L, 0);
	skl__engine_begin(L, &e);
	skl_error_clear(&err);
	a = skl_kmalloc(k, (size_t)n, &err);
	skl__engine_end(&e);
	if (!a)
		return skl__fail(L, err.msg[0] ? err.msg : "out of memory");
	if (a == SKL_ZERO_SIZE_PTR)
		return skl__fail(L,
				 "ZERO_SIZE_PTR: kmalloc(0) returns 0x10, a pointer that must never be dereferenced");
	if (skl_kmalloc_large_of(k, a, NULL, NULL)) { /* SLUB's kmalloc_large(): whole pages, no cache */
		push_object(L, a, kmalloc_origin(L, ki, NULL), (size_t)n, 0);
		return 1;
	}
	bucket = skl_kernel_cache_of(k, a, NULL, NULL);
	if (!bucket)
		bucket = skl_kmalloc_cache(k, (size_t)n);
	push_object(L, a, kmalloc_origin(L, ki, bucket), (size_t)n, 0);
	return 1;
}

static int k_kfree(lua_State *L)
{
	skl_kernel *k;
	int ki = check_kernel(L, 1, &k);
	skl_error err;
	lobj *h;
	skl__engine e;
	int rc;
	if (lua_isnil(L, 2)) { /* kfree(NULL) does nothing */
		lua_pushboolean(L, 1);
		return 1;
	}
	h = free_arg(L, 2, ki);
	skl__engine_begin(L, &e);
	skl_error_clear(&err);
	rc = skl_kfree(k, h->addr, &err);
	skl__engine_end(&e);
	if (rc < 0)
		return skl__fail(L, err.msg);
	freed(L, h, &e);
	lua_pushboolean(L, 1);
	return 1;
}

static int k_reap(lua_State *L)
{
	skl_kernel *k;
	skl__engine e;
	int n;
	check_kernel(L, 1, &k);
	skl__engine_begin(L, &e);
	n = skl_kernel_reap(k);
	skl__engine_end(&e);
	lua_pushinteger(L, n);
	return 1;
}

/* k:on_cpu(n, fn, ...): fn(...) runs with the machine's current CPU set
 * to n, the CPU before it restored afterwards, also when fn raises (the
 * error goes on unchanged); returns what fn returns. */
static int k_on_cpu(lua_State *L)
{
	skl_kernel *k;
	lua_Integer n;
	unsigned before, ncpus;
	int status, top;
	check_kernel(L, 1, &k);
	n = skl__check_integer(L, 2);
	if (lua_type(L, 3) != LUA_TFUNCTION)
		skl__typeerror(L, 3, "function");
	ncpus = skl_kernel_ncpus(k);
	if (n < 0 || n >= (lua_Integer)ncpus)
		skl__argerror(L, 2,
			      ncpus == 1 ? lua_pushfstring(L, "CPU %I: this machine has 1 CPU (CPU 0)", n)
					 : lua_pushfstring(L, "CPU %I: this machine has %d CPUs (0 to %d)", n,
							   (int)ncpus, (int)ncpus - 1));
	before = skl_kernel_cpu(k);
	skl_kernel_set_cpu(k, (unsigned)n);
	top = lua_gettop(L);
	lua_pushvalue(L, 3);
	lua_rotate(L, 4, 1); /* fn below its arguments (4...) */
	status = lua_pcall(L, top - 3, LUA_MULTRET, 0);
	skl_kernel_set_cpu(k, before); /* the machines of a run live as long as it */
	if (status != LUA_OK)
		return lua_error(L); /* the same error object, limits' included */
	return lua_gettop(L) - 3;
}

static int k_cpu(lua_State *L)
{
	skl_kernel *k;
	check_kernel(L, 1, &k);
	lua_pushinteger(L, (lua_Integer)skl_kernel_cpu(k));
	return 1;
}

static int k_slabinfo(lua_State *L)
{
	skl_kernel *k;
	skl_buf *b;
	skl_sink s;
	check_kernel(L, 1, &k);
	b = skl__push_buf(L);
	s = skl_buf_sink(b);
	skl_slabinfo_write(k, &s);
	skl__buf_result(L, b);
	return 1;
}

static int k_ram(lua_State *L)
{
	skl_kernel *k;
	uint64_t total, used;
	check_kernel(L, 1, &k);
	total = skl_kernel_ram_total(k);
	used = skl_kernel_ram_used(k);
	lua_createtable(L, 0, 4);
	skl__set_int(L, "total", (lua_Integer)total);
	skl__set_int(L, "used", (lua_Integer)used);
	skl__set_int(L, "free", (lua_Integer)(total - used));
	skl__set_int(L, "page_size", skl_kernel_profile(k)->page_size);
	return 1;
}

/* ---- reading and writing an object's bytes --------------------------------------------- */

/* What a read or write touches. */
typedef struct target {
	size_t off, len;
	unsigned bit_off, bit_size; /* bitfields: bits within the storage unit */
	const char *what;	    /* for messages: a member's path, or NULL */
	char path[128];		    /* what points here for a member */
} target;

/* The layout an object reads its members through (its user value), or NULL. */
static const skl_layout *obj_type(lua_State *L, int self)
{
	const skl_layout *l = NULL;
	int t = lua_getiuservalue(L, self, 1); /* LUA_TNONE: an untyped handle has none */
	if (t != LUA_TNIL && t != LUA_TNONE)
		l = skl__to_layout(L, -1);
	lua_pop(L, 1);
	return l;
}

/*
 * Every read and write of an object's bytes goes through here: the one
 * place a cache model can watch them. With a model attached, the member
 * (or the bytes at an offset) is one access at its simulated address and
 * size, attributed to the object's type (its layout, else its cache) and
 * the member named (an offset: the member at each line). The caller
 * brackets it (model_begin/model_end) so its event carries the scenario
 * line. 0, or -1 when the bytes are not in the machine's RAM.
 */
static int obj_access(lua_State *L, int self, skl_kernel *k, skl_addr obj, const target *t, uint8_t *buf, int write)
{
	uint8_t *p = skl_kernel_bytes(k, obj + t->off, t->len);
	if (!p)
		return -1;
	if (write)
		memcpy(p, buf, t->len);
	else
		memcpy(buf, p, t->len);
	if (skl_kernel_has_cachesim(k)) {
		skl_touch_label lab;
		memset(&lab, 0, sizeof(lab));
		lab.type = obj_type(L, self);
		lab.member = t->what;
		lab.base = obj;
		skl_kernel_touch_ex(k, obj + t->off, t->len, write, "member", &lab);
	}
	return 0;
}

/* One read or write of an object as one cache-model operation: its event
 * gets the scenario line and counts against the log's limits. Nothing
 * between begin and end may raise. */
static void model_begin(lua_State *L, skl_kernel *k, skl__engine *e)
{
	e->rt = NULL;
	e->n0 = 0;
	if (skl_kernel_has_cachesim(k)) {
		skl__engine_begin(L, e);
		skl_kernel_touch_begin(k, "member", NULL);
	}
}

static void model_end(skl_kernel *k, skl__engine *e)
{
	if (skl_kernel_has_cachesim(k)) {
		skl_kernel_touch_end(k);
		skl__engine_end(e);
	}
}

/* Resolves the member name or byte offset at arg (and a size at size_arg
 * for offsets) to bytes inside the object. */
static void resolve(lua_State *L, int self, const otarget *s, int arg, int size_arg, target *t)
{
	memset(t, 0, sizeof(*t));
	if (lua_type(L, arg) == LUA_TSTRING) {
		const char *name = lua_tostring(L, arg);
		const skl_layout *l = obj_type(L, self);
		skl_member_ref m;
		int n;
		if (!l)
			skl__argerror(
			    L, arg, "the object has no type: name a byte offset, or allocate it with {type = layout}");
		/* members inside named members too: "__sk_common.skc_refcnt", or
		 * "skc_refcnt" when only one member has that name */
		if (skl_layout_lookup(l, name, &m, &n) < 0) {
			if (n > 1)
				skl__argerror(
				    L, arg,
				    lua_pushfstring(L, "'%s' names %d members of %s: use its path", name, n, l->name));
			skl__argerror(L, arg, lua_pushfstring(L, "no member '%s' in %s", name, l->name));
		}
		if (!m.size)
			skl__argerror(L, arg, lua_pushfstring(L, "member '%s' has no bytes", name));
		t->off = (size_t)m.offset;
		t->len = (size_t)m.size;
		t->bit_off = m.bit_size ? m.bit_offset : 0;
		t->bit_size = m.bit_size;
		snprintf(t->path, sizeof(t->path), "%s", m.path);
		t->what = t->path;
	} else if (lua_type(L, arg) == LUA_TNUMBER) {
		lua_Integer off = skl__check_integer(L, arg), len = 1;
		if (off < 0)
			skl__argerror(L, arg, lua_pushfstring(L, "offset %I: it cannot be negative", off));
		if (!lua_isnoneornil(L, size_arg)) {
			len = skl__check_integer(L, size_arg);
			if (len < 1)
				skl__argerror(L, size_arg, lua_pushfstring(L, "size %I: it must be positive", len));
		}
		if ((uint64_t)off > s->size || (uint64_t)len > s->size - (uint64_t)off) {
			char msg[128];
			snprintf(msg, sizeof(msg), "bytes %llu-%llu are outside the object (%llu bytes)",
				 (unsigned long long)off, (unsigned long long)off + (unsigned long long)len - 1,
				 (unsigned long long)s->size);
			skl__argerror(L, arg, msg);
		}
		t->off = (size_t)off;
		t->len = (size_t)len;
		return;
	} else {
		skl__typeerror(L, arg, "member name or byte offset");
	}
	if (t->off > s->size || t->len > s->size - t->off)
		skl__argerror(L, arg,
			      lua_pushfstring(L, "member '%s' (bytes %I-%I) lies outside the object (%I bytes)",
					      t->what, (lua_Integer)t->off, (lua_Integer)(t->off + t->len - 1),
					      (lua_Integer)s->size));
}

static uint64_t load_word(const skl_abi *abi, const uint8_t *p, size_t n)
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

static void store_word(const skl_abi *abi, uint8_t *p, size_t n, uint64_t v)
{
	size_t i;
	if (abi && abi->big_endian)
		for (i = n; i-- > 0; v >>= 8)
			p[i] = (uint8_t)v;
	else
		for (i = 0; i < n; i++, v >>= 8)
			p[i] = (uint8_t)v;
}

static int is_scalar(size_t n)
{
	return n == 1 || n == 2 || n == 4 || n == 8;
}

/* A buffer of n bytes that Lua owns (small ones on the C stack instead). */
static uint8_t *scratch(lua_State *L, uint8_t *small, size_t smallsz, size_t n)
{
	return n <= smallsz ? small : lua_newuserdatauv(L, n, 0);
}

/* KASAN's check before the scenario's access: a bad one is reported (a
 * BUG event; k:kasan_report() has the text; -1) and the access still
 * happens, as in the kernel, inside the object's slot; except a write
 * through a freed object's handle, which the callers leave undone so the
 * allocator's free pointers and KASAN's records stay sound. */
static int kasan_check(lua_State *L, skl_kernel *k, skl_addr a, size_t len, int write)
{
	char at[SKL__WHERE_MAX];
	skl_error err;
	skl__engine e;
	int rc;
	if (!skl_kernel_kasan(k))
		return 0;
	skl__where(L, 1, at, sizeof(at));
	skl__engine_begin(L, &e);
	skl_error_clear(&err);
	rc = skl_kernel_kasan_check(k, a, len, write, at[0] ? at : "?", &err);
	skl__engine_end(&e);
	return rc;
}

/* a kernel's kept report (get: which one), or nil */
static int push_report(lua_State *L, const char *(*get)(const skl_kernel *))
{
	skl_kernel *k;
	const char *r;
	check_kernel(L, 1, &k);
	r = get(k);
	if (r)
		lua_pushstring(L, r);
	else
		lua_pushnil(L);
	return 1;
}

static int k_kasan_report(lua_State *L)
{
	return push_report(L, skl_kernel_kasan_last);
}

/* k:kasan_quarantine(): the quarantine's figures, or nil and a reason */
static int k_kasan_quarantine(lua_State *L)
{
	skl_kernel *k;
	skl_kasan_quarantine q;
	check_kernel(L, 1, &k);
	if (skl_kernel_kasan_quarantine(k, &q) < 0)
		return skl__fail(L, "no KASAN: the quarantine comes with sklab.kernel { kasan = true }");
	lua_createtable(L, 0, 12);
	skl__set_int(L, "objects", (lua_Integer)q.objects);
	skl__set_int(L, "bytes", (lua_Integer)q.bytes);
	skl__set_int(L, "cpu_bytes", (lua_Integer)q.cpu_bytes);
	skl__set_int(L, "percpu_bytes", (lua_Integer)q.percpu_bytes);
	skl__set_int(L, "global_bytes", (lua_Integer)q.global_bytes);
	skl__set_int(L, "max_size", (lua_Integer)q.max_size);
	skl__set_int(L, "batch_size", (lua_Integer)q.batch_size);
	skl__set_int(L, "percpu_size", (lua_Integer)q.percpu_size);
	skl__set_int(L, "batches", (lua_Integer)q.batches);
	skl__set_int(L, "batches_used", (lua_Integer)q.batches_used);
	skl__set_int(L, "put", (lua_Integer)q.put);
	skl__set_int(L, "released", (lua_Integer)q.released);
	return 1;
}

static int k_report(lua_State *L)
{
	return push_report(L, skl_kernel_last_report);
}

static void access_failed(lua_State *L, const lobj *h)
{
	char what[64];
	snprintf(what, sizeof(what), "0x%llx", (unsigned long long)h->addr);
	skl__error(L, "%s: object %s is outside the machine's RAM", skl__fname(L), what);
}

static int o_write(lua_State *L)
{
	lobj *h;
	otarget tmp, *s = &tmp;
	int dangling;
	skl_lua *rt = skl__rt(L);
	skl_kernel *k;
	const skl_abi *abi;
	int is_member = lua_type(L, 2) == LUA_TSTRING;
	int value_arg = 3;
	uint8_t small[64], *buf;
	lua_Integer v = 0;
	int have_value, rc;
	target t;
	skl__engine e;

	access_obj(L, 1, &h, &tmp, &dangling);
	k = rt->kernels->k[s->kernel];
	abi = skl_kernel_profile(k)->abi;
	resolve(L, 1, s, 2, is_member ? 0 : 4, &t);
	have_value = !lua_isnoneornil(L, value_arg);
	if (have_value)
		v = skl__check_integer(L, value_arg);
	if (is_member && !lua_isnone(L, 4))
		skl__argerror(L, 4, "no size with a member name: the member gives it");

	if (t.bit_size) {
		uint64_t unit, mask = t.bit_size >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << t.bit_size) - 1);
		uint64_t bits = have_value ? (uint64_t)v : (WRITE_PATTERN & mask);
		if (have_value && t.bit_size < 64 &&
		    (v < -(lua_Integer)((mask >> 1) + 1) || (v >= 0 && (uint64_t)v > mask)))
			skl__argerror(L, value_arg,
				      lua_pushfstring(L, "value %I does not fit in the %d-bit field %s", v,
						      (int)t.bit_size, t.what));
		/* a bitfield store is a load, a mask and a store of its unit: one operation */
		if (kasan_check(L, k, h->addr + t.off, t.len, 1) < 0 && dangling)
			return 0;
		model_begin(L, k, &e);
		rc = obj_access(L, 1, k, h->addr, &t, small, 0);
		unit = load_word(abi, small, t.len);
		unit = (unit & ~(mask << t.bit_off)) | ((bits & mask) << t.bit_off);
		store_word(abi, small, t.len, unit);
		if (rc == 0)
			rc = obj_access(L, 1, k, h->addr, &t, small, 1);
		model_end(k, &e);
		if (rc < 0)
			access_failed(L, h);
		return 0;
	}
	buf = scratch(L, small, sizeof(small), t.len);
	if (!have_value) {
		memset(buf, WRITE_PATTERN, t.len);
	} else if (is_scalar(t.len)) {
		if (t.len < 8 && (v < -((lua_Integer)1 << (8 * t.len - 1)) || v >= ((lua_Integer)1 << (8 * t.len))))
			skl__argerror(L, value_arg,
				      lua_pushfstring(L, "value %I does not fit in %d bytes", v, (int)t.len));
		store_word(abi, buf, t.len, (uint64_t)v);
	} else {
		if (v < 0 || v > 255)
			skl__argerror(L, value_arg,
				      lua_pushfstring(L, "value %I: a %I-byte area takes a fill byte (0 to 255)", v,
						      (lua_Integer)t.len));
		memset(buf, (int)v, t.len);
	}
	if (kasan_check(L, k, h->addr + t.off, t.len, 1) < 0 && dangling)
		return 0;
	model_begin(L, k, &e);
	rc = obj_access(L, 1, k, h->addr, &t, buf, 1);
	model_end(k, &e);
	if (rc < 0)
		access_failed(L, h);
	return 0;
}

static int o_read(lua_State *L)
{
	lobj *h;
	otarget tmp, *s = &tmp;
	int dangling;
	skl_lua *rt = skl__rt(L);
	skl_kernel *k;
	const skl_abi *abi;
	int is_member = lua_type(L, 2) == LUA_TSTRING, rc;
	uint8_t small[64], *buf;
	target t;
	skl__engine e;

	access_obj(L, 1, &h, &tmp, &dangling);
	k = rt->kernels->k[s->kernel];
	abi = skl_kernel_profile(k)->abi;
	resolve(L, 1, s, 2, 3, &t);
	if (is_member && !lua_isnone(L, 3))
		skl__argerror(L, 3, "no size with a member name: the member gives it");
	buf = scratch(L, small, sizeof(small), t.len);
	kasan_check(L, k, h->addr + t.off, t.len, 0);
	model_begin(L, k, &e);
	rc = obj_access(L, 1, k, h->addr, &t, buf, 0);
	model_end(k, &e);
	if (rc < 0)
		access_failed(L, h);
	if (t.bit_size) {
		uint64_t mask = t.bit_size >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << t.bit_size) - 1);
		lua_pushinteger(L, (lua_Integer)((load_word(abi, buf, t.len) >> t.bit_off) & mask));
	} else if (is_scalar(t.len)) {
		lua_pushinteger(L, (lua_Integer)load_word(abi, buf, t.len));
	} else {
		static const char hex[] = "0123456789abcdef";
		luaL_Buffer b;
		size_t i;
		luaL_buffinit(L, &b);
		for (i = 0; i < t.len; i++) {
			luaL_addchar(&b, hex[buf[i] >> 4]);
			luaL_addchar(&b, hex[buf[i] & 15]);
		}
		luaL_pushresult(&b);
	}
	return 1;
}

/* ---- values: obj:set and obj:get -------------------------------------------------------- */

/* The type of the live object starting at obj on kernel *(int *)ud: the
 * layout its handle was allocated with (c:alloc{type=}), else NULL. */
const skl_layout *skl__obj_type_of(void *ud, skl_addr obj)
{
	const skl__obj_types *ot = ud;
	const struct skl__kernels *ks = ot->rt->kernels;
	int i;
	for (i = 0; ks && i < ks->ntyped; i++) {
		const oslot *s = &ks->oslots[ks->typed[i].slot];
		if (s->addr == obj && slot_kernel(ks, s) == ot->kernel)
			return ks->typed[i].type;
	}
	return NULL;
}

int skl__obj_arg(lua_State *L, int arg, int *kernel, skl_addr *addr, const skl_layout **type)
{
	lobj *h = test_obj(L, arg);
	if (!h)
		return 0;
	check_obj(L, arg, NULL, NULL);
	*kernel = obj_kernel(skl__rt(L), h);
	*addr = h->addr;
	*type = obj_type(L, arg);
	return 1;
}

int skl__obj_typed(const skl_lua *rt, int kernel)
{
	const struct skl__kernels *ks = rt->kernels;
	int i;
	for (i = 0; ks && i < ks->ntyped; i++)
		if (slot_kernel(ks, &ks->oslots[ks->typed[i].slot]) == kernel)
			return 1;
	return 0;
}

/* The member at arg of a typed object: resolve()'s target and its field. */
static const skl_field *value_member(lua_State *L, const otarget *s, target *t)
{
	const skl_layout *l = obj_type(L, 1);
	skl_member_ref m;
	int n;
	if (lua_type(L, 2) != LUA_TSTRING)
		skl__typeerror(L, 2, "member name");
	resolve(L, 1, s, 2, 0, t);
	skl_layout_lookup(l, lua_tostring(L, 2), &m, &n);
	return m.field;
}

/* The address a value names: an object or skb handle, an integer, or nil. */
static int value_address(lua_State *L, int arg, skl_addr *out)
{
	lobj *h = test_obj(L, arg);
	if (h) {
		check_obj(L, arg, NULL, NULL);
		*out = h->addr;
		return 1;
	}
	if (luaL_testudata(L, arg, "sklab.skb")) {
		*out = skl_skb_addr(skl__check_skb(L, arg));
		return 1;
	}
	if (lua_isnil(L, arg)) {
		*out = 0;
		return 1;
	}
	return 0;
}

/* obj:set(member, value): an integer (ints, bitfields, pointers), a
 * string (char arrays, NUL-padded), an object or skb (pointers: its
 * address) or nil (NULL). One write of the member, as obj:write. */
static int o_set(lua_State *L)
{
	lobj *h;
	otarget tg, *s = &tg;
	skl_lua *rt = skl__rt(L);
	skl_kernel *k;
	const skl_abi *abi;
	const skl_type *ty;
	const skl_field *f;
	skl_kind kind;
	skl_addr a;
	target t;
	skl__engine e;
	int rc;

	check_obj(L, 1, &h, &tg);
	k = rt->kernels->k[tg.kernel];
	abi = skl_kernel_profile(k)->abi;
	f = value_member(L, s, &t);
	ty = f && f->type ? skl_type_resolve(f->type) : NULL;
	kind = ty ? skl_type_kind(ty) : SKL_K_BASE;
	if (lua_isnone(L, 3))
		return skl__argerror(L, 3, "value expected");
	if (kind == SKL_K_POINTER && !t.bit_size) {
		uint8_t buf[8];
		if (!value_address(L, 3, &a)) {
			if (lua_type(L, 3) != LUA_TNUMBER)
				return skl__typeerror(L, 3, "object, skb, address or nil");
			a = (skl_addr)skl__check_integer(L, 3);
		}
		store_word(abi, buf, t.len, (uint64_t)a);
		model_begin(L, k, &e);
		rc = obj_access(L, 1, k, h->addr, &t, buf, 1);
		model_end(k, &e);
		if (rc < 0)
			access_failed(L, h);
		return 0;
	}
	if (lua_type(L, 3) == LUA_TSTRING) {
		size_t n;
		const char *str = lua_tolstring(L, 3, &n);
		uint8_t small[64], *buf;
		if (kind != SKL_K_ARRAY || !f->decl_prefix || !strstr(f->decl_prefix, "char"))
			return skl__argerror(L, 3,
					     lua_pushfstring(L, "text for '%s', which is not a char array", t.what));
		if (n >= t.len)
			return skl__argerror(
			    L, 3,
			    lua_pushfstring(L, "\"%s\" (%d bytes and its NUL) does not fit in %s (%d bytes)", str,
					    (int)n, t.what, (int)t.len));
		buf = scratch(L, small, sizeof(small), t.len);
		memset(buf, 0, t.len);
		memcpy(buf, str, n);
		model_begin(L, k, &e);
		rc = obj_access(L, 1, k, h->addr, &t, buf, 1);
		model_end(k, &e);
		if (rc < 0)
			access_failed(L, h);
		return 0;
	}
	if (lua_type(L, 3) != LUA_TNUMBER)
		return skl__typeerror(L, 3, kind == SKL_K_ARRAY ? "string" : "integer");
	if (!t.bit_size && !is_scalar(t.len))
		return skl__argerror(
		    L, 2,
		    lua_pushfstring(L, "'%s' is %d bytes, not an integer: obj:write fills it", t.what, (int)t.len));
	/* integers and bitfields: obj:write's checks and store */
	lua_settop(L, 3);
	return o_write(L);
}

/* obj:get(member): the member decoded by its type from the object's bytes
 * (one read, as obj:read): an integer (signed as its type is), a pointer's
 * address and the object it points into ("node#1"), a char array's text,
 * a record's or array's summary. */
static int o_get(lua_State *L)
{
	lobj *h;
	otarget tg, *s = &tg;
	skl_lua *rt = skl__rt(L);
	skl_kernel *k;
	const skl_field *f;
	uint8_t small[64], *buf;
	skl_field shifted;
	skl_value v;
	target t;
	skl__engine e;
	skl__obj_types ot;
	int rc;

	check_obj(L, 1, &h, &tg);
	k = rt->kernels->k[tg.kernel];
	f = value_member(L, s, &t);
	buf = scratch(L, small, sizeof(small), t.len);
	model_begin(L, k, &e);
	rc = obj_access(L, 1, k, h->addr, &t, buf, 0);
	model_end(k, &e);
	if (rc < 0)
		access_failed(L, h);
	shifted = *f; /* decode from the member's own bytes */
	shifted.offset = 0;
	shifted.size = t.len;
	shifted.bit_offset = t.bit_off;
	shifted.bit_size = t.bit_size;
	skl_field_value(skl_kernel_profile(k)->abi, &shifted, buf, t.len, &v);
	switch (v.kind) {
	case SKL_VAL_SIGNED:
		lua_pushinteger(L, (lua_Integer)v.i);
		return 1;
	case SKL_VAL_UNSIGNED:
		lua_pushinteger(L, (lua_Integer)v.u);
		return 1;
	case SKL_VAL_POINTER: {
		char name[64];
		ot.rt = rt;
		ot.kernel = tg.kernel;
		lua_pushinteger(L, (lua_Integer)v.u);
		skl_addr_name(k, v.u, skl__obj_type_of, &ot, name, sizeof(name));
		lua_pushstring(L, name);
		return 2;
	}
	default:
		lua_pushstring(L, v.text);
		return 1;
	}
}

/* ---- fields ----------------------------------------------------------------------------- */

static int kernel_index(lua_State *L)
{
	skl_kernel *k;
	const skl_profile *p;
	const char *key;
	check_kernel(L, 1, &k);
	if (lua_type(L, 2) != LUA_TSTRING)
		return skl__error(L, "kernel has no field [%s]", luaL_typename(L, 2));
	key = lua_tostring(L, 2);
	if (lua_getfield(L, lua_upvalueindex(2), key) != LUA_TNIL)
		return 1;
	p = skl_kernel_profile(k);
	if (!strcmp(key, "profile"))
		lua_pushstring(L, p->name);
	else if (!strcmp(key, "allocator"))
		lua_pushstring(L, skl_kernel_is_slub(k) ? "slub" : "slab");
	else if (!strcmp(key, "arch"))
		lua_pushstring(L, p->abi ? p->abi->name : "");
	else if (!strcmp(key, "page_size"))
		lua_pushinteger(L, p->page_size);
	else if (!strcmp(key, "cacheline"))
		lua_pushinteger(L, p->cacheline);
	else if (!strcmp(key, "cpus"))
		lua_pushinteger(L, (lua_Integer)skl_kernel_ncpus(k));
	else
		return skl__error(L, "kernel has no field '%s'", key);
	return 1;
}

static int kernel_tostring(lua_State *L)
{
	skl_kernel *k;
	check_kernel(L, 1, &k);
	lua_pushfstring(L, "kernel(%s, %s, %I MiB)", skl_kernel_profile(k)->name,
			skl_kernel_is_slub(k) ? "slub" : "slab", (lua_Integer)(skl_kernel_ram_total(k) >> 20));
	return 1;
}

static int cache_index(lua_State *L)
{
	skl_cache *c = check_cache(L, 1, NULL);
	skl_cache_info in;
	const char *key;
	if (lua_type(L, 2) != LUA_TSTRING)
		return skl__error(L, "cache has no field [%s]", luaL_typename(L, 2));
	key = lua_tostring(L, 2);
	if (lua_getfield(L, lua_upvalueindex(2), key) != LUA_TNIL)
		return 1;
	skl_cache_get_info(c, &in);
	if (!strcmp(key, "name"))
		lua_pushstring(L, in.name);
	else if (!strcmp(key, "alias_of"))
		in.alias_of[0] ? (void)lua_pushstring(L, in.alias_of) : lua_pushnil(L);
	else if (!strcmp(key, "object_size"))
		lua_pushinteger(L, (lua_Integer)in.object_size);
	else if (!strcmp(key, "size") || !strcmp(key, "objsize"))
		lua_pushinteger(L, (lua_Integer)in.size);
	else if (!strcmp(key, "type"))
		lua_getiuservalue(L, 1, 1);
	else
		return skl__error(L, "cache has no field '%s'", key);
	return 1;
}

static int cache_tostring(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	lcache *h = luaL_checkudata(L, 1, CACHE_MT);
	skl_cache_info in;
	if (h->slot < 0 || h->slot >= rt->kernels->ncslots || rt->kernels->cslots[h->slot].gen != h->gen ||
	    !rt->kernels->cslots[h->slot].c) {
		lua_pushfstring(L, "cache(%s, destroyed)", h->name);
		return 1;
	}
	skl_cache_get_info(rt->kernels->cslots[h->slot].c, &in);
	lua_pushfstring(L, "cache(%s, %I-byte objects%s%s)", in.name, (lua_Integer)in.size,
			in.alias_of[0] ? ", alias of " : "", in.alias_of);
	return 1;
}

static int obj_index(lua_State *L)
{
	lobj *h = test_obj(L, 1);
	otarget tg, *s = &tg;
	skl_kernel *k;
	const char *key;
	/* a freed object's read and write under KASAN: the methods judge the
	 * handle themselves (a dangling pointer, see access_obj()) */
	if (h && !obj_live(skl__rt(L), h) && lua_type(L, 2) == LUA_TSTRING &&
	    (!strcmp(lua_tostring(L, 2), "read") || !strcmp(lua_tostring(L, 2), "write"))) {
		k = skl__kernel_at(skl__rt(L), obj_kernel(skl__rt(L), h));
		if (k && skl_kernel_kasan(k)) {
			lua_getfield(L, lua_upvalueindex(2), lua_tostring(L, 2));
			return 1;
		}
	}
	check_obj(L, 1, &h, &tg);
	k = skl__rt(L)->kernels->k[tg.kernel];
	if (lua_type(L, 2) != LUA_TSTRING)
		return skl__error(L, "object has no field [%s]", luaL_typename(L, 2));
	key = lua_tostring(L, 2);
	if (lua_getfield(L, lua_upvalueindex(2), key) != LUA_TNIL)
		return 1;
	if (!strcmp(key, "addr")) {
		skl__push_hex(L, h->addr);
	} else if (!strcmp(key, "address")) {
		lua_pushinteger(L, (lua_Integer)h->addr);
	} else if (!strcmp(key, "cache")) {
		lua_pushstring(L, obj_origin(skl__rt(L), h)->name);
	} else if (!strcmp(key, "via")) {
		const origin *o = obj_origin(skl__rt(L), h);
		o->via[0] ? (void)lua_pushstring(L, o->via) : lua_pushnil(L);
	} else if (!strcmp(key, "size")) {
		lua_pushinteger(L, (lua_Integer)s->size);
	} else if (!strcmp(key, "requested")) {
		lua_pushinteger(L, (lua_Integer)s->requested);
	} else if (!strcmp(key, "bucket")) {
		if (s->kmalloc)
			lua_pushinteger(L, (lua_Integer)s->size);
		else
			lua_pushnil(L);
	} else if (!strcmp(key, "type")) {
		lua_getiuservalue(L, 1, 1);
	} else if (!strcmp(key, "index") || !strcmp(key, "slab")) {
		int index = -1;
		skl_cache *c = skl_kernel_cache_of(k, h->addr, &index, NULL);
		if (!c || index < 0) {
			lua_pushnil(L);
		} else if (key[0] == 'i') {
			lua_pushinteger(L, index);
		} else {
			skl_cache_info in;
			uint64_t bytes;
			skl_cache_get_info(c, &in);
			bytes =
			    (uint64_t)skl_kernel_profile(k)->page_size * (in.pages_per_slab ? in.pages_per_slab : 1);
			skl__push_hex(L, h->addr & ~(skl_addr)(bytes - 1)); /* slabs are 2^order pages, so aligned */
		}
	} else {
		return skl__error(L, "object has no field '%s'", key);
	}
	return 1;
}

static int obj_tostring(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	lobj *h = luaL_checkudata(L, 1, OBJECT_MT);
	char buf[128];
	snprintf(buf, sizeof(buf), "object(%s 0x%llx%s)", obj_origin(rt, h)->name, (unsigned long long)h->addr,
		 obj_live(rt, h) ? "" : ", freed");
	lua_pushstring(L, buf);
	return 1;
}

static int read_only(lua_State *L)
{
	const skl__api *e = lua_touserdata(L, lua_upvalueindex(1));
	return skl__error(L, "%s objects are read-only",
			  e == &e_kernel  ? "kernel"
			  : e == &e_cache ? "cache"
					  : "object");
}

/* ---- classes ------------------------------------------------------------------------------- */

void skl__kernel_open(lua_State *L)
{
	skl__new_class(L, KERNEL_MT, "kernel", "k", &e_kernel, kernel_index, read_only, kernel_tostring, NULL);
	skl__new_class(L, CACHE_MT, "cache", "c", &e_cache, cache_index, read_only, cache_tostring, NULL);
	skl__new_class(L, OBJECT_MT, "object", "obj", &e_obj, obj_index, read_only, obj_tostring, object_gc);
}

/* ---- the API slice --------------------------------------------------------------------- */

/* The bindings of this file, named as api.c's table names them. */
const skl__reg skl__kernel_lib[] = {
    {"k:cache_create", k_cache_create},
    {"k:kmalloc", k_kmalloc},
    {"k:kfree", k_kfree},
    {"k:kasan_report", k_kasan_report},
    {"k:kasan_quarantine", k_kasan_quarantine},
    {"k:report", k_report},
    {"k:reap", k_reap},
    {"k:on_cpu", k_on_cpu},
    {"k:cpu", k_cpu},
    {"k:slabinfo", k_slabinfo},
    {"k:ram", k_ram},
    {"c:alloc", c_alloc},
    {"c:free", c_free},
    {"c:shrink", c_shrink},
    {"c:destroy", c_destroy},
    {"c:stats", c_stats},
    {"c:info", c_stats},
    {"obj:write", o_write},
    {"obj:read", o_read},
    {"obj:set", o_set},
    {"obj:get", o_get},
    {NULL, NULL},
};
