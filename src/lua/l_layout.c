/*
 * l_layout.c - the layout bindings: sklab.layouts (types objects that lay
 * out a set's structs on demand), layout objects (handles to computed
 * layouts, resolved on every call), and sklab.profile(s)/sklab.sets.
 * Layouts live in the runtime's slot table, never in Lua memory, so a
 * handle whose layout is gone says so instead of dangling.
 */
#include "lua_impl.h"

#include "sklab/btf.h"
#include "sklab/cparse.h"
#include "sklab/pahole.h"

#include <string.h>

#define LAYOUT_MT "sklab.layout"
#define TYPES_MT "sklab.types"

typedef struct lhandle {
	int slot;
	unsigned gen;
} lhandle;

/* A layout a handle names: the handle's slot and generation must match. */
typedef struct lslot {
	skl_layout *l; /* NULL = free */
	unsigned gen;
} lslot;

/* The layouts of a run (struct skl_lua's layouts): a script's handles
 * name these slots, never the layouts' memory. */
struct skl__layouts {
	lslot *slots;
	int n, cap, live;
};

typedef struct ltypes {
	int set; /* index into the runtime's sets */
	const skl_abi *abi;
	unsigned cacheline;
	char config[1024];
} ltypes;

/* Names for metamethod errors. */
static const skl__api e_layout = {"layout", "", "", SKL__API_INDEX};
static const skl__api e_types = {"sklab.layouts", "", "", SKL__API_INDEX};

/* ---- slots ------------------------------------------------------------------ */

/* Stores l (owned from now on) in a free slot; raises when too many layouts
 * are alive (after a full collection) or memory runs out. */
static int slot_new(lua_State *L, skl_layout *l)
{
	skl_lua *rt = skl__rt(L);
	int i;
	if (rt->layouts->live >= rt->max_layouts)
		lua_gc(L, LUA_GCCOLLECT);
	if (rt->layouts->live >= rt->max_layouts) {
		skl_layout_free(l);
		skl__error(L, "more than %d layouts alive at once", rt->max_layouts);
	}
	for (i = 0; i < rt->layouts->n; i++)
		if (!rt->layouts->slots[i].l)
			break;
	if (i == rt->layouts->n) {
		if (rt->layouts->n == rt->layouts->cap) {
			int nc = rt->layouts->cap ? rt->layouts->cap * 2 : 64;
			lslot *d = skl_realloc(rt->layouts->slots, (size_t)nc * sizeof(*d));
			if (!d) {
				skl_layout_free(l);
				skl__error(L, "out of memory");
			}
			memset(d + rt->layouts->cap, 0, (size_t)(nc - rt->layouts->cap) * sizeof(*d));
			rt->layouts->slots = d;
			rt->layouts->cap = nc;
		}
		rt->layouts->n++;
	}
	rt->layouts->slots[i].l = l;
	rt->layouts->live++;
	return i;
}

int skl__layouts_new(skl_lua *rt)
{
	rt->layouts = skl_calloc(1, sizeof(*rt->layouts));
	return rt->layouts ? 0 : -1;
}

void skl__layouts_clear(skl_lua *rt)
{
	struct skl__layouts *ls = rt->layouts;
	int i;
	for (i = 0; i < ls->n; i++)
		skl_layout_free(ls->slots[i].l);
	skl_free(ls->slots);
	ls->slots = NULL;
	ls->n = ls->cap = ls->live = 0;
}

void skl__layouts_free(skl_lua *rt)
{
	if (!rt->layouts)
		return;
	skl__layouts_clear(rt);
	skl_free(rt->layouts);
	rt->layouts = NULL;
}

void skl__push_layout(lua_State *L, skl_layout *l)
{
	skl_lua *rt = skl__rt(L);
	int slot = slot_new(L, l);
	lhandle *h = lua_newuserdatauv(L, sizeof(*h), 1);
	h->slot = slot;
	h->gen = rt->layouts->slots[slot].gen;
	luaL_setmetatable(L, LAYOUT_MT);
}

skl_layout *skl__to_layout(lua_State *L, int arg)
{
	skl_lua *rt = skl__rt(L);
	lhandle *h = luaL_testudata(L, arg, LAYOUT_MT);
	if (!h)
		return NULL;
	if (h->slot < 0 || h->slot >= rt->layouts->n || !rt->layouts->slots[h->slot].l ||
	    rt->layouts->slots[h->slot].gen != h->gen)
		skl__argerror(L, arg, "stale layout handle: its layout was freed");
	return rt->layouts->slots[h->slot].l;
}

static skl_layout *check_layout(lua_State *L, int arg)
{
	skl_layout *l = skl__to_layout(L, arg);
	if (!l)
		skl__typeerror(L, arg, "layout");
	return l;
}

static int layout_gc(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	lhandle *h = luaL_testudata(L, 1, LAYOUT_MT);
	if (h && h->slot >= 0 && h->slot < rt->layouts->n && rt->layouts->slots[h->slot].l &&
	    rt->layouts->slots[h->slot].gen == h->gen) {
		skl_layout_free(rt->layouts->slots[h->slot].l);
		rt->layouts->slots[h->slot].l = NULL;
		rt->layouts->slots[h->slot].gen++;
		rt->layouts->live--;
	}
	return 0;
}

/* ---- layout objects ---------------------------------------------------------------- */

static void push_member(lua_State *L, const skl_layout *l, int i)
{
	const skl_field *f = &l->fields[i];
	lua_createtable(L, 0, 14);
	skl__set_str(L, "name", f->name);
	skl__set_str(L, "path", f->path);
	skl__set_str(L, "type", f->type_name);
	skl__set_int(L, "offset", (lua_Integer)f->offset);
	skl__set_int(L, "size", (lua_Integer)f->size);
	skl__set_int(L, "align", (lua_Integer)f->align);
	skl__set_int(L, "bit_offset", (lua_Integer)f->bit_offset);
	skl__set_int(L, "bit_size", (lua_Integer)f->bit_size);
	skl__set_int(L, "cacheline", (lua_Integer)f->cl_first);
	skl__set_int(L, "cacheline_last", (lua_Integer)f->cl_last);
	skl__set_int(L, "depth", f->depth);
	skl__set_int(L, "hole", (lua_Integer)f->hole_after);
	if (f->cond)
		skl__set_str(L, "config", f->cond);
}

static void push_members(lua_State *L, const skl_layout *l)
{
	int i;
	lua_createtable(L, l->nfields, 0);
	for (i = 0; i < l->nfields; i++) {
		push_member(L, l, i);
		lua_rawseti(L, -2, i + 1);
	}
}

static void push_holes(lua_State *L, const skl_layout *l)
{
	int i, j, n = 0;
	lua_newtable(L);
	for (i = 0; i < l->nfields; i++) {
		const skl_field *f = &l->fields[i];
		uint64_t at = f->offset + f->size;
		if (!f->hole_after)
			continue;
		for (j = i + 1; j < l->nfields; j++) {
			if (l->fields[j].parent == f->parent && l->fields[j].depth == f->depth) {
				at = l->fields[j].offset - f->hole_after;
				break;
			}
		}
		lua_createtable(L, 0, 3);
		skl__set_int(L, "offset", (lua_Integer)at);
		skl__set_int(L, "size", (lua_Integer)f->hole_after);
		skl__set_str(L, "after", f->path);
		lua_rawseti(L, -2, ++n);
	}
}

/* members and holes are built once per object and kept in its user value. */
static void push_cached(lua_State *L, int self, const char *key, const skl_layout *l)
{
	if (lua_getiuservalue(L, self, 1) != LUA_TTABLE) {
		lua_pop(L, 1);
		lua_newtable(L);
		lua_pushvalue(L, -1);
		lua_setiuservalue(L, self, 1);
	}
	if (lua_getfield(L, -1, key) != LUA_TNIL) {
		lua_remove(L, -2);
		return;
	}
	lua_pop(L, 1);
	if (!strcmp(key, "members"))
		push_members(L, l);
	else
		push_holes(L, l);
	lua_pushvalue(L, -1);
	lua_setfield(L, -3, key);
	lua_remove(L, -2);
}

/* __index: methods (upvalue 2), then fields. */
static int layout_index(lua_State *L)
{
	skl_layout *l = check_layout(L, 1);
	const char *k;
	if (lua_type(L, 2) != LUA_TSTRING)
		return skl__error(L, "layout has no field [%s]", luaL_typename(L, 2));
	k = lua_tostring(L, 2);
	if (lua_getfield(L, lua_upvalueindex(2), k) != LUA_TNIL)
		return 1;
	if (!strcmp(k, "name"))
		lua_pushstring(L, l->name);
	else if (!strcmp(k, "size"))
		lua_pushinteger(L, (lua_Integer)l->size);
	else if (!strcmp(k, "align"))
		lua_pushinteger(L, (lua_Integer)l->align);
	else if (!strcmp(k, "cacheline"))
		lua_pushinteger(L, (lua_Integer)l->cacheline);
	else if (!strcmp(k, "cachelines"))
		lua_pushinteger(L, (lua_Integer)l->cachelines);
	else if (!strcmp(k, "padding"))
		lua_pushinteger(L, (lua_Integer)l->padding);
	else if (!strcmp(k, "arch"))
		lua_pushstring(L, l->abi ? l->abi->name : "");
	else if (!strcmp(k, "config"))
		lua_pushstring(L, l->config ? l->config : "");
	else if (!strcmp(k, "note"))
		l->note ? (void)lua_pushstring(L, l->note) : lua_pushnil(L);
	else if (!strcmp(k, "union"))
		lua_pushboolean(L, l->is_union);
	else if (!strcmp(k, "packed"))
		lua_pushboolean(L, l->packed);
	else if (!strcmp(k, "members") || !strcmp(k, "holes"))
		push_cached(L, 1, k, l);
	else
		return skl__error(L, "layout has no field '%s'", k);
	return 1;
}

static int layout_newindex(lua_State *L)
{
	return skl__error(L, "layout objects are read-only");
}

static int layout_tostring(lua_State *L)
{
	skl_layout *l = check_layout(L, 1);
	lua_pushfstring(L, "%s (%s): %I bytes, %I cache lines of %I", l->name, l->abi ? l->abi->name : "?",
			(lua_Integer)l->size, (lua_Integer)l->cachelines, (lua_Integer)l->cacheline);
	return 1;
}

static int m_pahole(lua_State *L)
{
	static const char *const keys[] = {"hex", "conds", NULL};
	skl_layout *l = check_layout(L, 1);
	skl_pahole_opts o;
	skl_buf *b;
	skl_sink s;
	memset(&o, 0, sizeof(o));
	if (!lua_isnoneornil(L, 2)) {
		skl__check_table(L, 2);
		skl__check_keys(L, 2, keys);
		lua_getfield(L, 2, "hex");
		o.hex = lua_toboolean(L, -1);
		lua_getfield(L, 2, "conds");
		o.show_conds = lua_toboolean(L, -1);
		lua_pop(L, 2);
	}
	b = skl__push_buf(L);
	s = skl_buf_sink(b);
	skl_pahole_write(l, &s, &o);
	skl__buf_result(L, b);
	return 1;
}

static int m_json(lua_State *L)
{
	skl_layout *l = check_layout(L, 1);
	skl_buf *b = skl__push_buf(L);
	skl_sink s = skl_buf_sink(b);
	skl_layout_write_json(l, &s);
	skl__buf_result(L, b);
	return 1;
}

/* Index of the member, or -1 with a reason pushed. */
static int find_member(lua_State *L, const skl_layout *l, const char *name)
{
	int i = skl_layout_find(l, name), n = 0;
	if (i >= 0)
		return i;
	for (i = 0; i < l->nfields; i++)
		if (!strcmp(l->fields[i].name, name))
			n++;
	if (n > 1)
		lua_pushfstring(L, "'%s' names %d members of %s: use its path", name, n, l->name);
	else
		lua_pushfstring(L, "no member '%s' in %s", name, l->name);
	return -1;
}

static int m_member(lua_State *L)
{
	skl_layout *l = check_layout(L, 1);
	const char *name = skl__check_string(L, 2);
	int i = find_member(L, l, name);
	if (i < 0) {
		lua_pushnil(L);
		lua_insert(L, -2);
		return 2;
	}
	push_member(L, l, i);
	return 1;
}

static int m_offsetof(lua_State *L)
{
	skl_layout *l = check_layout(L, 1);
	const char *name = skl__check_string(L, 2);
	int i = find_member(L, l, name);
	if (i < 0)
		return skl__argerror(L, 2, lua_tostring(L, -1));
	lua_pushinteger(L, (lua_Integer)l->fields[i].offset);
	return 1;
}

/* ---- types objects ------------------------------------------------------------------- */

static ltypes *check_types(lua_State *L, int arg)
{
	ltypes *t = luaL_testudata(L, arg, TYPES_MT);
	if (!t)
		skl__typeerror(L, arg, "types");
	return t;
}

static int types_index(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	ltypes *ty = check_types(L, 1);
	const skl__lset *set;
	const char *name;
	const skl_type *t, *r;
	skl_layout *l;
	skl_error err;
	char msg[sizeof(err.msg) + 128];
	if (lua_type(L, 2) != LUA_TSTRING)
		return skl__error(L, "sklab.layouts: index with a struct name, not %s", luaL_typename(L, 2));
	name = lua_tostring(L, 2);
	lua_getiuservalue(L, 1, 1);
	if (lua_getfield(L, -1, name) != LUA_TNIL)
		return 1;
	lua_pop(L, 1);
	if (ty->set < 0 || ty->set >= rt->nsets)
		return skl__error(L, "stale types handle");
	set = &rt->sets[ty->set];
	t = skl_typedb_find(set->db, name);
	if (!t)
		return skl__error(L, "sklab.layouts: no struct '%s' in %s", name, set->name);
	r = skl_type_resolve(t);
	if (!r || (skl_type_kind(r) != SKL_K_STRUCT && skl_type_kind(r) != SKL_K_UNION))
		return skl__error(L, "sklab.layouts: '%s' in %s is not a struct or union", name, set->name);
	if (!skl_type_is_complete(r))
		return skl__error(L, "sklab.layouts: %s %s is declared in %s but never defined",
				  skl_type_kind(r) == SKL_K_UNION ? "union" : "struct", skl_type_tag(r), set->name);
	skl_error_clear(&err);
	l = skl_layout_compute(t, ty->abi, ty->config, ty->cacheline, &err);
	if (!l) {
		skl_error_format(&err, msg, sizeof(msg));
		return skl__error(L, "sklab.layouts: %s in %s: %s", name, set->name, msg);
	}
	skl__push_layout(L, l);
	lua_pushvalue(L, -1);
	lua_setfield(L, -3, name);
	return 1;
}

static int types_newindex(lua_State *L)
{
	return skl__error(L, "types objects are read-only");
}

static int types_tostring(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	ltypes *ty = check_types(L, 1);
	lua_pushfstring(L, "types(%s, %s, cache line %d%s%s)", ty->set < rt->nsets ? rt->sets[ty->set].name : "?",
			ty->abi->name, (int)ty->cacheline, ty->config[0] ? ", " : "", ty->config);
	return 1;
}

/* Joins a config option (string or list of strings) from the field on top. */
static void opt_config(lua_State *L, char *out, size_t outsz)
{
	const char *p;
	out[0] = '\0';
	if (lua_type(L, -1) == LUA_TSTRING) {
		size_t len;
		const char *s = lua_tolstring(L, -1, &len);
		if (len >= outsz)
			skl__argerror(L, 2, "field 'config' is too long");
		memcpy(out, s, len + 1);
	} else if (lua_type(L, -1) == LUA_TTABLE) {
		lua_Integer n = (lua_Integer)lua_rawlen(L, -1), i;
		for (i = 1; i <= n; i++) {
			size_t len = strlen(out);
			const char *s;
			if (lua_rawgeti(L, -1, i) != LUA_TSTRING)
				skl__argerror(L, 2,
					      lua_pushfstring(L, "field 'config': entry %I is %s, not a string", i,
							      luaL_typename(L, -1)));
			s = lua_tostring(L, -1);
			if (len + strlen(s) + 2 > outsz)
				skl__argerror(L, 2, "field 'config' is too long");
			memcpy(out + len, len ? "," : "", len ? 1 : 0);
			memcpy(out + len + (len ? 1 : 0), s, strlen(s) + 1);
			lua_pop(L, 1);
		}
	} else {
		skl__argerror(
		    L, 2, lua_pushfstring(L, "field 'config': string or table expected, got %s", luaL_typename(L, -1)));
	}
	for (p = out; *p; p++)
		if (!(*p >= 'A' && *p <= 'Z') && !(*p >= 'a' && *p <= 'z') && !(*p >= '0' && *p <= '9') && *p != '_' &&
		    *p != ',' && *p != '=' && *p != ' ')
			skl__argerror(L, 2, lua_pushfstring(L, "field 'config': '%c' cannot be in an option name", *p));
}

void skl__resolve_profile(lua_State *L, const char *pname, skl_profile *out)
{
	skl_lua *rt = skl__rt(L);
	skl_error err;
	skl_error_clear(&err);
	if (!pname) {
		if (!rt->sc.have_profile)
			skl__error(L, "%s: no profile given and no scenario{} profile yet", skl__fname(L));
		*out = rt->sc.profile;
		return;
	}
	if (!skl__valid_name(pname))
		skl__argerror(L, 1, lua_pushfstring(L, "field 'profile': '%s' is not a profile name", pname));
	if (skl__data_profile(rt->data_dir, pname, out, skl__run_budget(rt), &err) < 0) {
		char msg[700];
		skl_error_format(&err, msg, sizeof(msg));
		skl__error(L, "%s: %s", skl__fname(L), msg);
	}
}

/* Loads a profile for a binding, raising with the known names when it is unknown. */
static void load_profile(lua_State *L, const char *name, skl_profile *p)
{
	skl_lua *rt = skl__rt(L);
	skl_error err;
	char msg[700];
	if (skl__data_profile(rt->data_dir, name, p, skl__run_budget(rt), &err) == 0)
		return;
	skl_error_format(&err, msg, sizeof(msg));
	skl__error(L, "%s: %s", skl__fname(L), msg);
}

/* How a types object lays its structs out: opts = {profile=, arch=,
 * cacheline=, config=} at arg, else the scenario's profile. */
typedef struct types_how {
	skl_profile prof;
	int have_prof;
	const skl_abi *abi;
	lua_Integer cacheline;
	char config[1024];
} types_how;

static void types_opts(lua_State *L, int arg, types_how *h)
{
	static const char *const keys[] = {"profile", "arch", "cacheline", "config", NULL};
	skl_lua *rt = skl__rt(L);
	const char *pname = NULL, *arch = NULL;
	int have_config = 0;

	memset(h, 0, sizeof(*h));
	h->abi = skl_abi_default();
	if (!lua_isnoneornil(L, arg)) {
		skl__opts opts = skl__opts_at(L, arg);
		skl__check_table(L, arg);
		skl__check_keys(L, arg, keys);
		pname = skl__opt_string(&opts, "profile");
		arch = skl__opt_string(&opts, "arch");
		if (lua_getfield(L, arg, "cacheline") != LUA_TNIL) {
			if (!lua_isinteger(L, -1))
				skl__argerror(L, arg,
					      lua_pushfstring(L, "field 'cacheline': integer expected, got %s",
							      luaL_typename(L, -1)));
			h->cacheline = lua_tointeger(L, -1);
			if (h->cacheline < 8 || h->cacheline > 4096 || (h->cacheline & (h->cacheline - 1)))
				skl__argerror(L, arg, "field 'cacheline' must be a power of two from 8 to 4096");
		}
		if (lua_getfield(L, arg, "config") != LUA_TNIL) {
			opt_config(L, h->config, sizeof(h->config));
			have_config = 1;
		}
		lua_pop(L, 4); /* pname and arch: strings of the table, which stays */
	}
	if (arch && !skl_abi_find(arch))
		skl__argerror(L, arg, lua_pushfstring(L, "field 'arch': unknown arch '%s' (i386 or x86_64)", arch));
	if (pname) {
		load_profile(L, pname, &h->prof);
		h->have_prof = 1;
	} else if (!arch && rt->sc.have_profile) {
		h->prof = rt->sc.profile;
		h->have_prof = 1;
	}
	if (h->have_prof) {
		h->abi = h->prof.abi;
		if (!h->cacheline)
			h->cacheline = h->prof.cacheline;
		if (!have_config)
			snprintf(h->config, sizeof(h->config), "%s", h->prof.config);
	}
	if (arch)
		h->abi = skl_abi_find(arch);
	if (!h->cacheline)
		h->cacheline = 64;
}

static int push_types(lua_State *L, const skl__lset *s, const types_how *h)
{
	skl_lua *rt = skl__rt(L);
	ltypes *ty = lua_newuserdatauv(L, sizeof(*ty), 1);
	ty->set = (int)(s - rt->sets);
	ty->abi = h->abi;
	ty->cacheline = (unsigned)h->cacheline;
	memcpy(ty->config, h->config, sizeof(ty->config));
	lua_newtable(L);
	lua_setiuservalue(L, -2, 1);
	luaL_setmetatable(L, TYPES_MT);
	return 1;
}

static int f_layouts(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	const char *set = skl__optarg_string(L, 1, NULL);
	types_how h;
	skl__lset *s;
	skl_error err;

	types_opts(L, 2, &h);
	if (!set) {
		if (!h.have_prof)
			skl__argerror(L, 1, "string expected, got no value (and no profile names a set)");
		set = h.prof.layouts;
	}
	if (!skl__valid_name(set))
		skl__argerror(L, 1, lua_pushfstring(L, "'%s' is not a layout set name", set));

	skl_error_clear(&err);
	s = skl__set_get(rt, set, &err);
	if (!s) {
		char msg[700];
		skl_error_format(&err, msg, sizeof(msg));
		return skl__error(L, "sklab.layouts: %s", msg);
	}
	return push_types(L, s, &h);
}

/* ---- the scenario's own structs: a header, the running kernel's BTF --------------------- */

#define HEADER_MAX ((size_t)1 << 20) /* bytes of a header sklab.cheader reads */

/* Reads the set named "header:NAME" or "btf:NAME" into db: the header in
 * the scenario's folder (through files.c's rules, raising at arg), or the
 * struct NAME and what it uses from the running kernel's BTF. Raises on a
 * C error (with the header's file:line) or an unreadable BTF. */
void skl__own_set_load(lua_State *L, int arg, const char *set, skl_typedb *db)
{
	skl_error err;
	char msg[800];
	skl_error_clear(&err);
	if (!strncmp(set, "header:", 7)) {
		size_t len;
		char *text = skl__scenario_read(L, arg, set + 7, SKL__FILE_SCENARIO, HEADER_MAX, &len);
		int rc = skl_cparse(db, text, set + 7, &err);
		skl_free(text);
		if (rc < 0) {
			skl_error_format(&err, msg, sizeof(msg));
			skl__error(L, "%s: %s", skl__fname(L), msg);
		}
	} else if (!strncmp(set, "btf:", 4)) {
		skl_type *t;
		if (skl_btf_import(db, NULL, set + 4, &t, &err) < 0) {
			skl_error_format(&err, msg, sizeof(msg));
			skl__error(L, "%s: %s", skl__fname(L), msg);
		}
	} else {
		skl__error(L, "%s: '%s' is not a scenario's own set", skl__fname(L), set);
	}
}

/* The runtime's set named name, loaded by skl__own_set_load when new. */
static skl__lset *own_set(lua_State *L, int arg, const char *name)
{
	skl_lua *rt = skl__rt(L);
	skl__lset *s;
	int i;
	for (i = 0; i < rt->nsets; i++)
		if (!strcmp(rt->sets[i].name, name))
			return &rt->sets[i];
	if (rt->nsets == SKL__MAX_SETS)
		skl__error(L, "%s: more than %d layout sets in one run", skl__fname(L), SKL__MAX_SETS);
	s = &rt->sets[rt->nsets];
	s->db = skl_typedb_new();
	if (!s->db)
		skl__error(L, "out of memory");
	/* the slot is the runtime's from here: freed with it even if loading raises */
	snprintf(s->name, sizeof(s->name), "%s", name);
	rt->nsets++;
	skl__own_set_load(L, arg, name, s->db);
	return s;
}

/* sklab.cheader(name [, opts]): the structs of a header in the scenario's folder. */
static int f_cheader(lua_State *L)
{
	const char *file = skl__check_string(L, 1);
	char name[256];
	types_how h;
	skl__lset *s;
	types_opts(L, 2, &h);
	snprintf(name, sizeof(name), "header:%s", file);
	s = own_set(L, 1, name);
	return push_types(L, s, &h);
}

/* sklab.btf(name [, opts]): one struct of the running kernel's BTF, laid out. */
static int f_btf(lua_State *L)
{
	const char *tag = skl__check_string(L, 1);
	char name[256];
	types_how h;
	const skl_type *t;
	skl_layout *l;
	skl_error err;
	skl__lset *s;
	if (!skl__valid_name(tag) || strchr(tag, '.'))
		skl__argerror(L, 1, lua_pushfstring(L, "'%s' is not a struct name", tag));
	types_opts(L, 2, &h);
	if (lua_isnoneornil(L, 2) ||
	    (lua_getfield(L, 2, "arch") == LUA_TNIL && lua_getfield(L, 2, "profile") == LUA_TNIL))
		h.abi = skl_abi_find("x86_64"); /* the running kernel's, unless opts say */
	h.config[0] = '\0';			/* a built kernel: nothing is conditional */
	snprintf(name, sizeof(name), "btf:%s", tag);
	s = own_set(L, 1, name);
	t = skl_typedb_find(s->db, tag);
	if (!t)
		return skl__error(L, "sklab.btf: no struct '%s' in the kernel's BTF", tag);
	skl_error_clear(&err);
	l = skl_layout_compute(t, h.abi, "", (unsigned)h.cacheline, &err);
	if (!l) {
		char msg[700];
		skl_error_format(&err, msg, sizeof(msg));
		return skl__error(L, "sklab.btf: %s: %s", tag, msg);
	}
	skl__push_layout(L, l);
	return 1;
}

/* ---- profiles and sets ------------------------------------------------------------------- */

void skl__push_profile(lua_State *L, const skl_profile *p)
{
	const char *c = p->config;
	int n = 0;
	lua_createtable(L, 0, 11);
	skl__set_str(L, "name", p->name);
	skl__set_str(L, "kernel", p->kernel);
	skl__set_str(L, "arch", p->abi ? p->abi->name : "");
	skl__set_str(L, "layouts", p->layouts);
	skl__set_str(L, "allocator", skl_allocator_name(p->allocator));
	skl__set_int(L, "page_size", p->page_size);
	skl__set_int(L, "cacheline", p->cacheline);
	skl__set_int(L, "cpus", p->cpus);
	skl__set_int(L, "ram_mb", (lua_Integer)(p->ram_bytes >> 20));
	skl__set_str(L, "description", p->description);
	lua_newtable(L);
	while (*c) {
		const char *e = c;
		while (*e && *e != ',')
			e++;
		while (c < e && *c == ' ')
			c++;
		if (e > c) {
			lua_pushlstring(L, c, (size_t)(e - c));
			lua_rawseti(L, -2, ++n);
		}
		c = *e ? e + 1 : e;
	}
	lua_setfield(L, -2, "config");
}

static int f_profile(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	const char *name = skl__optarg_string(L, 1, NULL);
	skl_profile p;
	if (!name) {
		if (!rt->sc.have_profile)
			return skl__error(L, "sklab.profile: no name given and no scenario{} profile yet");
		skl__push_profile(L, &rt->sc.profile);
		return 1;
	}
	if (!skl__valid_name(name))
		return skl__argerror(L, 1, lua_pushfstring(L, "'%s' is not a profile name", name));
	load_profile(L, name, &p);
	skl__push_profile(L, &p);
	return 1;
}

/* Pushes a sorted list of names from a lister. */
static int push_names(lua_State *L, int (*list)(const char *, char[][64], int))
{
	skl_lua *rt = skl__rt(L);
	int n = list(rt->data_dir, NULL, 0), m, i;
	char(*names)[64];
	lua_newtable(L);
	if (n <= 0)
		return 1;
	names = lua_newuserdatauv(L, (size_t)n * 64, 0);
	m = list(rt->data_dir, names, n);
	if (m < n)
		n = m;
	for (i = 0; i < n; i++) {
		lua_pushstring(L, names[i]);
		lua_rawseti(L, -3, i + 1);
	}
	lua_pop(L, 1);
	return 1;
}

static int f_profiles(lua_State *L)
{
	return push_names(L, skl_data_list_profiles);
}

static int f_sets(lua_State *L)
{
	return push_names(L, skl_data_list_layout_sets);
}

/* ---- classes ------------------------------------------------------------------------------- */

static void push_meta(lua_State *L, lua_CFunction fn, const skl__api *e)
{
	lua_pushlightuserdata(L, (void *)e);
	lua_pushcclosure(L, fn, 1);
}

void skl__layout_open(lua_State *L)
{
	skl__new_class(L, LAYOUT_MT, "layout", "layout", &e_layout, layout_index, layout_newindex, layout_tostring,
		       layout_gc);

	luaL_newmetatable(L, TYPES_MT);
	lua_pushliteral(L, "types");
	lua_setfield(L, -2, "__name");
	push_meta(L, types_index, &e_types);
	lua_setfield(L, -2, "__index");
	push_meta(L, types_newindex, &e_types);
	lua_setfield(L, -2, "__newindex");
	push_meta(L, types_tostring, &e_types);
	lua_setfield(L, -2, "__tostring");
	lua_pushliteral(L, "types");
	lua_setfield(L, -2, "__metatable");
	lua_pop(L, 1);
}

/* ---- the API slice --------------------------------------------------------------------- */

/* The bindings of this file, named as api.c's table names them. */
const skl__reg skl__layout_lib[] = {
    {"sklab.layouts", f_layouts},
    {"sklab.cheader", f_cheader},
    {"sklab.btf", f_btf},
    {"sklab.profile", f_profile},
    {"sklab.profiles", f_profiles},
    {"sklab.sets", f_sets},
    {"layout:pahole", m_pahole},
    {"layout:json", m_json},
    {"layout:member", m_member},
    {"layout:offsetof", m_offsetof},
    {NULL, NULL},
};
