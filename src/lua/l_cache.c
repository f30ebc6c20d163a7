/*
 * l_cache.c - the cache model's bindings: sklab.cache{...} and
 * sklab.cache.host() (a cache model handle), its accesses, counters and
 * Cachegrind summary, k:cache_model() to feed it every memory touch of a
 * machine, k:misses{} for the attribution to members and object lines,
 * and the cache view (scene.show(cm), scene.show(k, {view = "cache"})).
 *
 * A model is a full userdata that owns its hierarchy; a kernel it is
 * attached to keeps it alive through the kernel handle's user value, and
 * collecting it detaches it from every machine first, so a kernel never
 * holds a dangling model. Programmer errors raise; a host without cache
 * information gives nil and the reason.
 */
#include "lua_impl.h"

#include "sklab/budget.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CM_MT "sklab.cachemodel"

typedef struct lcm {
	skl_cachesim *h; /* NULL once collected */
	/* the coherent model of several CPUs, made when cpus > 1 is asked
	 * for or the model feeds a machine of several CPUs; then it is the
	 * one every method reads and feeds (h stays, unused) */
	skl_cachesim_smp *smp;
	unsigned cpus; /* sklab.cache{cpus=}, 0 = the machine's */
	uint64_t seed;
	skl_cachesim_preset desc;
	uint64_t marks[SKL_CACHESIM_MAX_LEVELS]; /* "recent" in snapshots (with smp: its shared levels') */
	uint64_t accesses, cycles;		 /* through cm:access */
	/* the coherent model fed through cm:access: each CPU's private levels'
	 * "recent" marks, and the CPU of the latest access (the current one) */
	uint64_t cpu_marks[SKL_CACHESIM_MAX_CPUS][SKL_CACHESIM_MAX_LEVELS];
	unsigned last_cpu;
} lcm;

static const skl__api e_cm = {"cm", "", "", SKL__API_INDEX};
/* sklab.cache is a table (holding host) that is called: its errors say so */
static const skl__api e_call = {"sklab.cache", "", "", SKL__API_LIB};

/* ---- handles ------------------------------------------------------------------- */

static lcm *to_cm(lua_State *L, int arg)
{
	lcm *m = luaL_testudata(L, arg, CM_MT);
	if (m && !m->h)
		skl__argerror(L, arg, "stale cache model handle: the model was freed");
	return m;
}

static lcm *check_cm(lua_State *L, int arg)
{
	lcm *m = to_cm(L, arg);
	if (!m)
		skl__typeerror(L, arg, "cache model");
	return m;
}

int skl__is_cachemodel(lua_State *L, int arg)
{
	return luaL_testudata(L, arg, CM_MT) != NULL;
}

/* Does m feed k? */
static int feeds(const skl_kernel *k, const lcm *m)
{
	return (m->h && skl_kernel_cachesim(k) == m->h) || (m->smp && skl_kernel_cachesim_smp(k) == m->smp);
}

/* The machine m is attached to, or NULL. */
static skl_kernel *attached(lua_State *L, const lcm *m)
{
	skl_lua *rt = skl__rt(L);
	int i;
	for (i = 0; i < skl__kernel_count(rt); i++)
		if (skl__kernel_at(rt, i) && feeds(skl__kernel_at(rt, i), m))
			return skl__kernel_at(rt, i);
	return NULL;
}

static int cm_gc(lua_State *L)
{
	lcm *m = luaL_testudata(L, 1, CM_MT);
	skl_lua *rt = skl__rt(L);
	int i;
	if (!m || !m->h)
		return 0;
	for (i = 0; i < skl__kernel_count(rt); i++)
		if (skl__kernel_at(rt, i) && feeds(skl__kernel_at(rt, i), m))
			skl_kernel_set_cachesim(skl__kernel_at(rt, i), NULL, NULL);
	skl_cachesim_free(m->h);
	skl_cachesim_smp_free(m->smp);
	m->h = NULL;
	m->smp = NULL;
	return 0;
}

/* m's coherent model of ncpus CPUs (made, or remade for another count);
 * raises on a refusal or bad geometry. */
static void make_smp(lua_State *L, lcm *m, unsigned ncpus, int arg)
{
	skl_cachesim_smp_config cfg;
	skl_error err;
	if (m->smp && skl_cachesim_smp_ncpus(m->smp) == ncpus)
		return;
	skl_cachesim_smp_free(m->smp);
	m->smp = NULL;
	memset(&cfg, 0, sizeof(cfg));
	skl_cachesim_preset_config(&m->desc, &cfg.base);
	cfg.base.seed = m->seed;
	cfg.base.budget = skl__memory_of(skl__rt(L));
	cfg.ncpus = ncpus;
	cfg.transfer_latency = m->desc.transfer_latency;
	cfg.hitm_latency = m->desc.hitm_latency;
	skl_error_clear(&err);
	m->smp = skl_cachesim_smp_new(&cfg, &err);
	if (!m->smp && cfg.base.budget->hit)
		skl__error(L, "%s", err.msg);
	if (!m->smp)
		skl__argerror(L, arg, err.msg[0] ? err.msg : "out of memory");
}

/* A new model from a filled preset (the handle is on the stack first, so a
 * failure leaves nothing behind). */
static lcm *push_model(lua_State *L, const skl_cachesim_preset *p, uint64_t seed)
{
	lcm *m = lua_newuserdatauv(L, sizeof(*m), 0);
	skl_cachesim_config cfg;
	skl_error err;
	unsigned i;
	memset(m, 0, sizeof(*m));
	luaL_setmetatable(L, CM_MT);
	m->desc = *p;
	for (i = 0; i < m->desc.nlevels; i++)
		m->desc.levels[i].name = m->desc.names[i];
	skl_cachesim_preset_config(&m->desc, &cfg);
	cfg.seed = seed;
	cfg.budget = skl__memory_of(skl__rt(L)); /* before a byte of it is allocated */
	skl_error_clear(&err);
	m->seed = seed;
	m->h = skl_cachesim_new(&cfg, &err);
	if (!m->h && cfg.budget->hit)
		skl__error(L, "%s", err.msg); /* not the argument's fault */
	if (!m->h)
		skl__argerror(L, 1, err.msg[0] ? err.msg : "out of memory");
	return m;
}

/* ---- sklab.cache{...} ---------------------------------------------------------------- */

/* One of the strings in names (NULL-ended; choices says them); its index,
 * def when absent. */
static int enum_field(const skl__opts *o, const char *key, const char *const *names, const char *choices, int def)
{
	lua_State *L = o->L;
	const char *s = skl__opt_string(o, key);
	int i;
	for (i = 0; s && names[i]; i++)
		if (!strcmp(names[i], s)) {
			lua_pop(L, 1);
			return i;
		}
	if (s)
		skl__argerror(L, o->arg, lua_pushfstring(L, "%s: '%s' is not %s", skl__opt_name(o, key), s, choices));
	lua_pop(L, 1);
	return def;
}

static void level_from(lua_State *L, int t, int i, skl_cachesim_preset *p)
{
	static const char *const lkeys[] = {"name", "size", "assoc", "line", "policy", "write", "latency", NULL};
	static const char *const policies[] = {"lru", "plru", "random", NULL};
	static const char *const writes[] = {"allocate", "no-allocate", NULL};
	skl_cachesim_level *l = &p->levels[p->nlevels];
	char where[48];
	skl__opts o = skl__opts_at(L, 1);
	const char *name;
	snprintf(where, sizeof(where), "field 'levels': entry %d: ", i);
	o.t = lua_absindex(L, t);
	o.where = where;
	if (lua_type(L, t) != LUA_TTABLE)
		skl__argerror(L, 1, lua_pushfstring(L, "%stable expected, got %s", where, luaL_typename(L, t)));
	/* unknown keys, named with the entry */
	lua_pushnil(L);
	while (lua_next(L, t)) {
		const char *const *a;
		int ok = 0;
		lua_pop(L, 1);
		if (lua_type(L, -1) == LUA_TSTRING)
			for (a = lkeys; *a; a++)
				ok |= !strcmp(*a, lua_tostring(L, -1));
		if (!ok)
			skl__argerror(L, 1,
				      lua_pushfstring(L, "%sunknown field '%s'", where,
						      lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
										     : luaL_typename(L, -1)));
	}
	o.flags = SKL__OPT_REQUIRED;
	name = skl__opt_string(&o, "name");
	if (!name[0] || strlen(name) >= sizeof(p->names[0]))
		skl__argerror(L, 1, lua_pushfstring(L, "%sfield 'name' must have 1 to 15 characters", where));
	snprintf(p->names[p->nlevels], sizeof(p->names[0]), "%s", name);
	lua_pop(L, 1);
	memset(l, 0, sizeof(*l));
	l->name = p->names[p->nlevels];
	l->size = (uint64_t)skl__opt_int(&o, "size", 0, 1, (lua_Integer)1 << 40);
	l->assoc = (unsigned)skl__opt_int(&o, "assoc", 0, 1, 1 << 20);
	l->line = (unsigned)skl__opt_int(&o, "line", 0, 1, 1 << 16);
	o.flags = 0;
	l->latency = (unsigned)skl__opt_int(&o, "latency", 0, 0, 100000);
	l->repl = (skl_cachesim_repl)enum_field(&o, "policy", policies, "\"lru\", \"plru\" or \"random\"", 0);
	l->write = (skl_cachesim_wpolicy)enum_field(&o, "write", writes, "\"allocate\" or \"no-allocate\"", 0);
	p->nlevels++;
}

static int make_cache(lua_State *L)
{
	static const char *const keys[] = {"profile", "levels",	  "memory", "seed", "title",
					   "cpus",    "transfer", "hitm",   NULL};
	skl_lua *rt = skl__rt(L);
	skl_cachesim_preset p;
	skl_profile prof;
	skl_error err;
	const char *pname = NULL, *title = NULL;
	lua_Integer seed = 0, memory = 0, cpus = 0, transfer = 0, hitm = 0;
	lcm *m;
	int have_levels = 0, have_memory = 0, i, n;

	memset(&p, 0, sizeof(p));
	if (!lua_isnoneornil(L, 1)) {
		skl__opts opts = skl__opts_at(L, 1);
		skl__check_table(L, 1);
		skl__check_keys(L, 1, keys);
		pname = skl__opt_string(&opts, "profile"); /* both stay on the stack */
		title = skl__opt_string(&opts, "title");
		seed = skl__opt_int(&opts, "seed", 0, 0, LUA_MAXINTEGER);
		cpus = skl__opt_int(&opts, "cpus", 0, 1, SKL_CACHESIM_MAX_CPUS);
		transfer = skl__opt_int(&opts, "transfer", 0, 1, 100000);
		hitm = skl__opt_int(&opts, "hitm", 0, 1, 100000);
		if (lua_getfield(L, 1, "memory") != LUA_TNIL)
			have_memory = 1;
		lua_pop(L, 1);
		memory = skl__opt_int(&opts, "memory", 0, 0, 1000000);
		have_levels = lua_getfield(L, 1, "levels") != LUA_TNIL;
		if (have_levels && lua_type(L, -1) != LUA_TTABLE)
			skl__argerror(L, 1,
				      lua_pushfstring(L, "field 'levels': list of tables expected, got %s",
						      luaL_typename(L, -1)));
		if (have_levels && pname)
			skl__argerror(L, 1, "give a profile or levels, not both");
		if (have_levels) {
			n = (int)luaL_len(L, -1);
			if (n < 1 || n > SKL_CACHESIM_MAX_LEVELS)
				skl__argerror(
				    L, 1,
				    lua_pushfstring(L, "field 'levels': 1 to %d levels", SKL_CACHESIM_MAX_LEVELS));
			for (i = 1; i <= n; i++) {
				lua_rawgeti(L, -1, i);
				level_from(L, lua_gettop(L), i, &p);
				lua_pop(L, 1);
			}
		}
		lua_pop(L, 1);
	}
	if (have_levels) {
		snprintf(p.title, sizeof(p.title), "%s", title ? title : "custom");
		snprintf(p.source, sizeof(p.source), "the scenario's levels");
		p.mem_latency = (unsigned)memory;
		p.transfer_latency = (unsigned)transfer;
		p.hitm_latency = (unsigned)hitm;
		m = push_model(L, &p, (uint64_t)seed);
		m->cpus = (unsigned)cpus;
		if (cpus > 1)
			make_smp(L, m, (unsigned)cpus, 1);
		return 1;
	}
	if (!pname && !rt->sc.have_profile)
		return skl__error(L, "%s: no profile or levels given and no scenario{} profile yet", skl__fname(L));
	skl__resolve_profile(L, pname, &prof);
	if (skl_cachesim_preset_profile(&prof, &p, &err) < 0)
		return skl__error(L, "%s: %s", skl__fname(L), err.msg);
	if (title)
		snprintf(p.title, sizeof(p.title), "%s", title);
	if (have_memory)
		p.mem_latency = (unsigned)memory;
	if (transfer)
		p.transfer_latency = (unsigned)transfer;
	if (hitm)
		p.hitm_latency = (unsigned)hitm;
	m = push_model(L, &p, (uint64_t)seed);
	m->cpus = (unsigned)cpus;
	if (cpus > 1)
		make_smp(L, m, (unsigned)cpus, 1);
	return 1;
}

/* sklab.cache(...) through the table's __call: drop the table, then build. */
static int cache_call(lua_State *L)
{
	lua_remove(L, 1);
	return make_cache(L);
}

static int f_cache_host(lua_State *L)
{
	skl_cachesim_preset p;
	skl_error err;
	if (!lua_isnone(L, 1))
		skl__argerror(L, 1, "no arguments expected");
	skl_error_clear(&err);
	if (skl_cachesim_preset_host(NULL, &p, &err) < 0)
		return skl__fail(L, err.msg);
	push_model(L, &p, 0);
	return 1;
}

/* ---- methods ---------------------------------------------------------------------------- */

/* The model's levels and their counters: the coherent model's (private
 * levels summed over its CPUs) when it has one. */
static unsigned nlevels_of(const lcm *m)
{
	return m->smp ? skl_cachesim_smp_levels(m->smp) : skl_cachesim_levels(m->h);
}

static int stats_of(const lcm *m, unsigned i, struct skl_cachesim_stats *st)
{
	return m->smp ? skl_cachesim_smp_level_stats(m->smp, i, st) : skl_cachesim_stats(m->h, i, st);
}

static const char *level_name(const lcm *m, unsigned i, struct skl_cachesim_stats *st)
{
	if (stats_of(m, i, st) < 0)
		snprintf(st->name, sizeof(st->name), "?");
	return st->name;
}

static int cm_access(lua_State *L)
{
	static const char *const kinds[] = {"r", "w", "i", NULL};
	lcm *m = check_cm(L, 1);
	struct skl_cachesim_stats st;
	skl_cachesim_result r;
	lua_Integer addr, size, cpu = 0;
	unsigned i, minline = 0;
	int kind = 0, n = 0, rc;
	if (lua_type(L, 2) == LUA_TSTRING) { /* obj.addr's hex text */
		const char *s = lua_tostring(L, 2);
		char *end;
		unsigned long long v = strtoull(s, &end, 16);
		if (!(s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) || *end || end == s + 2)
			skl__argerror(L, 2, lua_pushfstring(L, "'%s' is not a hex address (\"0xc1002040\")", s));
		addr = (lua_Integer)v;
	} else if (lua_type(L, 2) == LUA_TNUMBER) {
		addr = skl__check_integer(L, 2);
	} else {
		return skl__typeerror(L, 2, "address (integer or hex text)");
	}
	size = skl__check_integer(L, 3);
	for (i = 0; i < nlevels_of(m); i++)
		if (stats_of(m, i, &st) == 0 && (!minline || st.line < minline))
			minline = st.line;
	if (size < 1 || size > (lua_Integer)minline)
		skl__argerror(
		    L, 3, lua_pushfstring(L, "size %I: from 1 to the smallest line (%d bytes)", size, (int)minline));
	if (!lua_isnoneornil(L, 4)) {
		const char *k = skl__check_string(L, 4);
		for (kind = 0; kinds[kind] && strcmp(kinds[kind], k); kind++)
			;
		if (!kinds[kind])
			skl__argerror(L, 4,
				      lua_pushfstring(L, "'%s': \"r\" (read), \"w\" (write) or \"i\" (fetch)", k));
	}
	if (!lua_isnoneornil(L, 5)) {
		cpu = skl__check_integer(L, 5);
		if (cpu < 0 || cpu >= (lua_Integer)(m->smp ? skl_cachesim_smp_ncpus(m->smp) : 1))
			skl__argerror(L, 5,
				      lua_pushfstring(L, "CPU %I: the model has %d", cpu,
						      (int)(m->smp ? skl_cachesim_smp_ncpus(m->smp) : 1)));
	}
	if (m->smp) {
		skl_cachesim_smp_result sr;
		rc = skl_cachesim_smp_access(m->smp, (unsigned)cpu, (uint64_t)addr, (unsigned)size, kind, &sr);
		r = sr.r;
		if (rc == 0) {
			lua_createtable(L, 0, 10);
			lua_pushstring(L, sr.source == SKL_SMP_PRIVATE	? "private"
					  : sr.source == SKL_SMP_PEER	? "peer"
					  : sr.source == SKL_SMP_SHARED ? "shared"
									: "memory");
			lua_setfield(L, -2, "source");
			if (sr.peer >= 0) {
				skl__set_int(L, "peer", sr.peer);
				lua_pushstring(L, skl_mesi_name(sr.peer_state));
				lua_setfield(L, -2, "peer_state");
			}
			lua_pushboolean(L, sr.source == SKL_SMP_PEER && sr.peer_state == SKL_MESI_M);
			lua_setfield(L, -2, "hitm");
			lua_pushboolean(L, sr.coherence);
			lua_setfield(L, -2, "coherence");
			skl__set_int(L, "invalidated", sr.invalidated);
			lua_pushstring(L, skl_mesi_name(sr.before));
			lua_setfield(L, -2, "before");
			lua_pushstring(L, skl_mesi_name(sr.after));
			lua_setfield(L, -2, "after");
		}
	} else {
		rc = skl_cachesim_access(m->h, (uint64_t)addr, (unsigned)size, kind, &r);
		if (rc == 0)
			lua_createtable(L, 0, 4);
	}
	if (rc < 0)
		return skl__error(L, "%s: the access at 0x%llx (%d bytes) was refused", skl__fname(L),
				  (unsigned long long)addr, (int)size);
	m->accesses++;
	m->cycles += r.latency;
	m->last_cpu = (unsigned)cpu;
	lua_pushstring(L, r.hit_level < 0 ? "memory" : level_name(m, (unsigned)r.hit_level, &st));
	lua_setfield(L, -2, "hit");
	skl__set_int(L, "latency", r.latency);
	skl__set_int(L, "lines", r.lines);
	lua_newtable(L);
	for (i = 0; i < nlevels_of(m); i++) {
		if (r.missed & (1u << i)) {
			lua_pushstring(L, level_name(m, i, &st));
			lua_rawseti(L, -2, ++n);
		}
	}
	lua_setfield(L, -2, "missed");
	return 1;
}

static int cm_stats(lua_State *L)
{
	lcm *m = check_cm(L, 1);
	skl_kernel *k = attached(L, m);
	unsigned i, n = nlevels_of(m);
	uint64_t accesses = m->accesses, cycles = m->cycles;
	lua_createtable(L, 0, 9);
	lua_createtable(L, (int)n, 0);
	for (i = 0; i < n; i++) {
		struct skl_cachesim_stats st;
		uint64_t misses;
		stats_of(m, i, &st);
		misses = st.misses[0] + st.misses[1] + st.misses[2];
		lua_createtable(L, 0, 20);
		lua_pushstring(L, st.name);
		lua_setfield(L, -2, "name");
		skl__set_int(L, "size", (lua_Integer)st.size);
		skl__set_int(L, "assoc", st.assoc);
		skl__set_int(L, "line", st.line);
		skl__set_int(L, "sets", st.sets);
		skl__set_int(L, "latency", i < m->desc.nlevels ? m->desc.levels[i].latency : 0);
		skl__set_int(L, "refs", (lua_Integer)(st.refs[0] + st.refs[1] + st.refs[2]));
		skl__set_int(L, "reads", (lua_Integer)st.refs[SKL_CACHESIM_READ]);
		skl__set_int(L, "writes", (lua_Integer)st.refs[SKL_CACHESIM_WRITE]);
		skl__set_int(L, "ifetches", (lua_Integer)st.refs[SKL_CACHESIM_IFETCH]);
		skl__set_int(L, "hits", (lua_Integer)st.hits);
		skl__set_int(L, "misses", (lua_Integer)misses);
		skl__set_int(L, "read_misses", (lua_Integer)st.misses[SKL_CACHESIM_READ]);
		skl__set_int(L, "write_misses", (lua_Integer)st.misses[SKL_CACHESIM_WRITE]);
		skl__set_int(L, "ifetch_misses", (lua_Integer)st.misses[SKL_CACHESIM_IFETCH]);
		skl__set_int(L, "compulsory", (lua_Integer)st.compulsory);
		skl__set_int(L, "capacity", (lua_Integer)st.capacity);
		skl__set_int(L, "conflict", (lua_Integer)st.conflict);
		skl__set_int(L, "evictions", (lua_Integer)st.evictions);
		skl__set_int(L, "dirty_evictions", (lua_Integer)st.dirty_evictions);
		skl__set_int(L, "writebacks", (lua_Integer)st.writebacks);
		lua_pushvalue(L, -1);
		lua_setfield(L, -4, st.name); /* stats.L1d */
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	lua_setfield(L, -2, "levels");
	if (k) { /* and what the kernel fed it: every line access is in one line row */
		skl_cachesim_attr *rows = NULL;
		int j, nr = skl_kernel_cachesim_attr(k, 1, NULL, &rows);
		for (j = 0; j < nr; j++) {
			accesses += rows[j].reads + rows[j].writes;
			cycles += rows[j].cycles;
		}
		skl_free(rows);
	}
	skl__set_int(L, "accesses", (lua_Integer)accesses);
	skl__set_int(L, "cycles", (lua_Integer)cycles);
	skl__set_int(L, "memory", m->desc.mem_latency);
	if (m->smp) { /* each CPU's coherence counters */
		unsigned c, nc = skl_cachesim_smp_ncpus(m->smp);
		lua_createtable(L, (int)nc, 0);
		for (c = 0; c < nc; c++) {
			struct skl_cachesim_smp_stats cs;
			skl_cachesim_smp_stats(m->smp, c, &cs);
			lua_createtable(L, 0, 7);
			skl__set_int(L, "coherence", (lua_Integer)cs.coherence);
			skl__set_int(L, "transfers", (lua_Integer)cs.transfers);
			skl__set_int(L, "hitm", (lua_Integer)cs.hitm);
			skl__set_int(L, "rfo", (lua_Integer)cs.rfo);
			skl__set_int(L, "upgrades", (lua_Integer)cs.upgrades);
			skl__set_int(L, "invalidated", (lua_Integer)cs.invalidated);
			skl__set_int(L, "writebacks", (lua_Integer)cs.writebacks);
			lua_rawseti(L, -2, (lua_Integer)c + 1);
		}
		lua_setfield(L, -2, "cpus");
		skl__set_int(L, "transfer", (lua_Integer)skl_cachesim_smp_transfer_latency(m->smp));
		skl__set_int(L, "hitm", (lua_Integer)skl_cachesim_smp_hitm_latency(m->smp));
	}
	return 1;
}

static int cm_reset(lua_State *L)
{
	lcm *m = check_cm(L, 1);
	skl_kernel *k = attached(L, m);
	skl_cachesim_reset(m->h);
	if (m->smp)
		skl_cachesim_smp_reset(m->smp);
	memset(m->marks, 0, sizeof(m->marks));
	memset(m->cpu_marks, 0, sizeof(m->cpu_marks));
	m->accesses = m->cycles = m->last_cpu = 0;
	if (k)
		skl_kernel_cachesim_attr_reset(k);
	lua_settop(L, 1);
	return 1;
}

static int cm_summary(lua_State *L)
{
	lcm *m = check_cm(L, 1);
	skl_buf *b = skl__push_buf(L);
	skl_sink s = skl_buf_sink(b);
	if (m->smp)
		skl_cachesim_smp_write_summary(m->smp, &s);
	else
		skl_cachesim_write_summary(m->h, &s);
	skl__buf_result(L, b);
	return 1;
}

/* ---- the kernel's side ----------------------------------------------------------------------- */

static int k_cache_model(lua_State *L)
{
	skl_kernel *k = skl__to_kernel(L, 1);
	lcm *m;
	if (!k)
		return skl__typeerror(L, 1, "kernel");
	if (lua_isnone(L, 2)) {
		lua_getiuservalue(L, 1, 1);
		if (!to_cm(L, -1) || !feeds(k, (lcm *)lua_touserdata(L, -1))) {
			lua_pop(L, 1);
			lua_pushnil(L);
		}
		return 1;
	}
	if (lua_type(L, 2) == LUA_TBOOLEAN && !lua_toboolean(L, 2)) { /* k:cache_model(false) detaches */
		skl_kernel_set_cachesim(k, NULL, NULL);
		lua_pushnil(L);
		lua_setiuservalue(L, 1, 1);
		lua_pushnil(L);
		return 1;
	}
	m = to_cm(L, 2);
	if (!m)
		return skl__typeerror(L, 2, "cache model or false");
	{
		skl_kernel *other = attached(L, m);
		if (other && other != k)
			return skl__argerror(L, 2, "the cache model feeds another kernel (detach it there with false)");
	}
	if (!feeds(k, m)) {
		/* a machine of several CPUs (or cpus = N) models every CPU; one CPU
		 * keeps the plain model */
		unsigned n = m->cpus ? m->cpus : skl_kernel_ncpus(k);
		int rc;
		if (n <= 1 && m->smp && !m->cpus) { /* back to one CPU: the plain model again */
			skl_cachesim_smp_free(m->smp);
			m->smp = NULL;
		}
		if (n > 1) {
			make_smp(L, m, n, 2);
			rc = skl_kernel_set_cachesim_smp(k, m->smp, &m->desc);
		} else {
			rc = skl_kernel_set_cachesim(k, m->h, &m->desc);
		}
		if (rc < 0)
			return skl__error(L, "%s: out of memory", skl__fname(L));
	}
	lua_pushvalue(L, 2);
	lua_setiuservalue(L, 1, 1); /* the kernel keeps it alive */
	lua_pushvalue(L, 2);
	return 1;
}

/* The model attached to the kernel at karg (its user value), or NULL. */
static lcm *model_of(lua_State *L, int karg, const skl_kernel *k)
{
	lcm *m;
	lua_getiuservalue(L, karg, 1);
	m = to_cm(L, -1);
	lua_pop(L, 1); /* the kernel's user value keeps it alive */
	return m && feeds(k, m) ? m : NULL;
}

/* {[1] = {reads=, writes=}, ...}: CPU c at index c + 1, for the CPUs that
 * touched it (counts for the first SKL_ATTR_CPUS; later ones, by mask only). */
static void push_cpus(lua_State *L, const uint32_t *rd, const uint32_t *wr, uint64_t mr, uint64_t mw, unsigned ncpus)
{
	unsigned c;
	lua_createtable(L, (int)(ncpus < SKL_ATTR_CPUS ? ncpus : SKL_ATTR_CPUS), 0);
	for (c = 0; c < ncpus && c < 64; c++) {
		if (!(((mr | mw) >> c) & 1))
			continue;
		lua_createtable(L, 0, 2);
		if (c < SKL_ATTR_CPUS) {
			skl__set_int(L, "reads", rd[c]);
			skl__set_int(L, "writes", wr[c]);
		} else {
			lua_pushboolean(L, (int)((mr >> c) & 1));
			lua_setfield(L, -2, "read");
			lua_pushboolean(L, (int)((mw >> c) & 1));
			lua_setfield(L, -2, "wrote");
		}
		lua_rawseti(L, -2, (lua_Integer)c + 1);
	}
}

static int k_misses(lua_State *L)
{
	static const char *const keys[] = {"owner", "by", NULL};
	skl_kernel *k = skl__to_kernel(L, 1);
	const char *owner = NULL, *by = "member";
	skl_cachesim_attr *rows = NULL;
	lcm *m;
	unsigned nlevels;
	int n, i;
	if (!k)
		return skl__typeerror(L, 1, "kernel");
	if (!lua_isnoneornil(L, 2)) {
		skl__opts opts = skl__opts_at(L, 2);
		skl__check_table(L, 2);
		skl__check_keys(L, 2, keys);
		owner = skl__opt_string(&opts, "owner"); /* both stay on the stack */
		if (skl__opt_string(&opts, "by"))
			by = lua_tostring(L, -1);
		if (strcmp(by, "member") && strcmp(by, "line"))
			skl__argerror(L, 2, lua_pushfstring(L, "field 'by': '%s' is not \"member\" or \"line\"", by));
	}
	m = model_of(L, 1, k);
	if (!m)
		return skl__fail(L, "no cache model attached (k:cache_model(cm) first)");
	nlevels = nlevels_of(m);
	n = skl_kernel_cachesim_attr(k, by[0] == 'l', owner, &rows);
	if (n < 0)
		return skl__error(L, "%s: out of memory", skl__fname(L));
	/* the rows move into Lua memory first, so nothing leaks if pushing raises */
	{
		skl_cachesim_attr *keep = lua_newuserdatauv(L, (size_t)(n ? n : 1) * sizeof(*keep), 0);
		if (n)
			memcpy(keep, rows, (size_t)n * sizeof(*keep));
		skl_free(rows);
		rows = keep;
		lua_createtable(L, n, 0);
		for (i = 0; i < n; i++) {
			const skl_cachesim_attr *a = &rows[i];
			unsigned j;
			lua_createtable(L, 0, 14);
			lua_pushstring(L, a->owner);
			lua_setfield(L, -2, "owner");
			lua_pushstring(L, a->member);
			lua_setfield(L, -2, "member");
			skl__set_int(L, "offset", a->offset);
			skl__set_int(L, "size", a->size);
			skl__set_int(L, "reads", (lua_Integer)a->reads);
			skl__set_int(L, "writes", (lua_Integer)a->writes);
			skl__set_int(L, "cycles", (lua_Integer)a->cycles);
			lua_createtable(L, 0, (int)nlevels);
			for (j = 0; j < nlevels; j++) {
				struct skl_cachesim_stats st;
				if (stats_of(m, j, &st) == 0) {
					lua_pushinteger(L, (lua_Integer)a->misses[j]);
					lua_setfield(L, -2, st.name);
				}
			}
			lua_setfield(L, -2, "misses");
			if (m->smp) {
				skl__set_int(L, "coherence", (lua_Integer)a->coherence);
				skl__set_int(L, "hitm", (lua_Integer)a->hitm);
				push_cpus(L, a->cpu_reads, a->cpu_writes, a->cpus_read, a->cpus_wrote,
					  skl_cachesim_smp_ncpus(m->smp));
				lua_setfield(L, -2, "cpus");
			}
			lua_rawseti(L, -2, i + 1);
		}
	}
	return 1;
}

/* __gc of the handle holding k:c2c's lines while they are pushed */
static int c2c_gc(lua_State *L)
{
	skl_c2c *c = lua_touserdata(L, 1);
	int i;
	for (i = 0; c && i < c->nlines; i++)
		skl_free(c->lines[i].members);
	if (c) {
		skl_free(c->lines);
		c->lines = NULL;
		c->nlines = 0;
	}
	return 0;
}

/* k:c2c([{text = true}]): perf c2c's shared cache lines, a table or the text */
static int k_c2c(lua_State *L)
{
	static const char *const keys[] = {"text", NULL};
	skl_kernel *k = skl__to_kernel(L, 1);
	skl_c2c *c, *keep;
	int text = 0, i, j;
	if (!k)
		return skl__typeerror(L, 1, "kernel");
	if (!lua_isnoneornil(L, 2)) {
		skl__check_table(L, 2);
		skl__check_keys(L, 2, keys);
		lua_getfield(L, 2, "text");
		if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
			skl__argerror(
			    L, 2, lua_pushfstring(L, "field 'text': boolean expected, got %s", luaL_typename(L, -1)));
		text = lua_toboolean(L, -1);
		lua_pop(L, 1);
	}
	if (!skl_kernel_cachesim(k) && !skl_kernel_cachesim_smp(k))
		return skl__fail(L, "no cache model attached (k:cache_model(cm) first)");
	c = skl_kernel_c2c(k);
	if (!c)
		return skl__error(L, "%s: out of memory", skl__fname(L));
	/* the lines move under a Lua-owned handle first: nothing leaks if pushing raises */
	keep = lua_newuserdatauv(L, sizeof(*keep), 0);
	*keep = *c;
	skl_free(c);
	lua_createtable(L, 0, 1);
	lua_pushcfunction(L, c2c_gc);
	lua_setfield(L, -2, "__gc");
	lua_setmetatable(L, -2);
	if (text) {
		skl_buf *b = skl__push_buf(L);
		skl_sink s = skl_buf_sink(b);
		skl_c2c_write(keep, &s);
		skl__buf_result(L, b);
		return 1;
	}
	lua_createtable(L, 0, 8);
	skl__set_int(L, "cpus", keep->ncpus);
	skl__set_int(L, "accesses", (lua_Integer)keep->accesses);
	skl__set_int(L, "reads", (lua_Integer)keep->reads);
	skl__set_int(L, "writes", (lua_Integer)keep->writes);
	skl__set_int(L, "coherence", (lua_Integer)keep->coherence);
	skl__set_int(L, "hitm", (lua_Integer)keep->hitm);
	skl__set_int(L, "lines_seen", (lua_Integer)keep->lines_seen);
	lua_createtable(L, keep->nlines, 0);
	for (i = 0; i < keep->nlines; i++) {
		const skl_c2c_line *l = &keep->lines[i];
		char addr[32];
		lua_createtable(L, 0, 12);
		snprintf(addr, sizeof(addr), "0x%llx", (unsigned long long)l->addr);
		lua_pushstring(L, addr);
		lua_setfield(L, -2, "addr");
		lua_pushstring(L, l->owner);
		lua_setfield(L, -2, "owner");
		skl__set_int(L, "line", l->lineno);
		skl__set_int(L, "reads", (lua_Integer)l->reads);
		skl__set_int(L, "writes", (lua_Integer)l->writes);
		skl__set_int(L, "coherence", (lua_Integer)l->coherence);
		skl__set_int(L, "hitm", (lua_Integer)l->hitm);
		skl__set_int(L, "cycles", (lua_Integer)l->cycles);
		lua_pushstring(L, l->true_sharing && l->false_sharing ? "true+false"
				  : l->true_sharing		      ? "true"
				  : l->false_sharing		      ? "false"
								      : "none");
		lua_setfield(L, -2, "sharing");
		push_cpus(L, l->cpu_reads, l->cpu_writes, l->cpus_read, l->cpus_wrote, keep->ncpus);
		lua_setfield(L, -2, "cpus");
		lua_createtable(L, l->nmembers, 0);
		for (j = 0; j < l->nmembers; j++) {
			const skl_c2c_member *mb = &l->members[j];
			lua_createtable(L, 0, 9);
			lua_pushstring(L, mb->member);
			lua_setfield(L, -2, "member");
			skl__set_int(L, "offset", mb->offset);
			skl__set_int(L, "size", mb->size);
			skl__set_int(L, "reads", (lua_Integer)mb->reads);
			skl__set_int(L, "writes", (lua_Integer)mb->writes);
			skl__set_int(L, "coherence", (lua_Integer)mb->coherence);
			skl__set_int(L, "hitm", (lua_Integer)mb->hitm);
			push_cpus(L, mb->cpu_reads, mb->cpu_writes, mb->cpus_read, mb->cpus_wrote, keep->ncpus);
			lua_setfield(L, -2, "cpus");
			lua_rawseti(L, -2, j + 1);
		}
		lua_setfield(L, -2, "members");
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "lines");
	return 1;
}

/* ---- the cache view ------------------------------------------------------------------------------ */

static size_t snap_bytes(const skl_cachesim_snap *s)
{
	size_t b = sizeof(*s) + (size_t)(s->nmembers + s->nlines) * sizeof(skl_cachesim_attr);
	int i;
	for (i = 0; i < s->nlevels; i++)
		if (s->levels[i].lines)
			b += (size_t)s->levels[i].st.sets * s->levels[i].st.assoc * sizeof(skl_cachesim_snap_line);
	for (i = 0; i < s->nowners; i++)
		b += strlen(s->owners[i]) + 16;
	for (i = 0; s->cpus && i < s->ncpus; i++) {
		int j;
		for (j = 0; j < s->cpus[i].nlevels; j++)
			if (s->cpus[i].levels[j].lines)
				b += (size_t)s->cpus[i].levels[j].st.sets * s->cpus[i].levels[j].st.assoc *
				     sizeof(skl_cachesim_snap_line);
	}
	return b;
}

/* The levels of a snapshot of h (marks as skl_cachesim_snapshot takes
 * them) into *levels, *n; 0, or -1 out of memory. */
static int snap_levels(const skl_cachesim *h, const skl_cachesim_preset *desc, uint64_t *marks,
		       skl_cachesim_snap_level **levels, int *n)
{
	/* the snapshot only reads the model */
	skl_cachesim_snap *t = skl_cachesim_snapshot((skl_cachesim *)h, desc, marks, NULL);
	if (!t)
		return -1;
	*levels = t->levels;
	*n = t->nlevels;
	t->levels = NULL;
	t->nlevels = 0;
	skl_cachesim_snap_free(t);
	return 0;
}

/*
 * A snapshot of m's coherent model fed through cm:access (no machine): as
 * a machine's (skl_kernel_cachesim_snapshot), every CPU's private levels
 * with the MESI state of each line, levels[] the current CPU's (that of
 * the latest access) then the shared ones; no owners. NULL out of memory.
 */
static skl_cachesim_snap *smp_snapshot_of(lcm *m)
{
	unsigned n = skl_cachesim_smp_ncpus(m->smp), np = skl_cachesim_smp_private_levels(m->smp);
	unsigned cur = m->last_cpu < n ? m->last_cpu : 0, c, i;
	const skl_cachesim *sh = skl_cachesim_smp_shared(m->smp);
	skl_cachesim_snap *s = skl_calloc(1, sizeof(*s));
	skl_cachesim_snap_level *shared = NULL;
	int nshared = 0, j;
	if (!s)
		return NULL;
	snprintf(s->title, sizeof(s->title), "%s", m->desc.title[0] ? m->desc.title : "custom");
	snprintf(s->source, sizeof(s->source), "%s", m->desc.source);
	s->mem_latency = m->desc.mem_latency;
	s->ncpus = (int)n;
	s->cpu = (int)cur;
	s->nprivate = (int)np;
	s->accesses = m->accesses;
	s->cycles = m->cycles;
	s->cpus = skl_calloc(n, sizeof(*s->cpus));
	if (!s->cpus)
		goto fail;
	for (c = 0; c < n; c++) {
		skl_cachesim_snap_cpu *sc = &s->cpus[c];
		struct skl_cachesim_smp_stats st;
		if (snap_levels(skl_cachesim_smp_cpu(m->smp, c), &m->desc, m->cpu_marks[c], &sc->levels, &sc->nlevels) <
		    0)
			goto fail;
		for (j = 0; j < sc->nlevels; j++) {
			skl_cachesim_snap_level *lv = &sc->levels[j];
			size_t k, nl = (size_t)lv->st.sets * lv->st.assoc;
			for (k = 0; lv->lines && k < nl; k++)
				if (lv->lines[k].valid)
					lv->lines[k].mesi =
					    (uint8_t)skl_cachesim_smp_state(m->smp, c, lv->lines[k].addr);
		}
		skl_cachesim_smp_stats(m->smp, c, &st);
		sc->coherence = st.coherence;
		sc->transfers = st.transfers;
		sc->hitm = st.hitm;
		sc->invalidated = st.invalidated;
	}
	if (sh && snap_levels(sh, &m->desc, &m->marks[np], &shared, &nshared) < 0)
		goto fail;
	s->levels = skl_calloc(np + (unsigned)nshared + 1, sizeof(*s->levels));
	if (!s->levels)
		goto fail;
	for (i = 0; i < np && (int)i < s->cpus[cur].nlevels; i++) { /* a copy of the current CPU's */
		const skl_cachesim_snap_level *from = &s->cpus[cur].levels[i];
		size_t nl = (size_t)from->st.sets * from->st.assoc;
		s->levels[i] = *from;
		s->levels[i].lines = NULL;
		s->nlevels++;
		if (from->lines) {
			s->levels[i].lines = skl_calloc(nl ? nl : 1, sizeof(*from->lines));
			if (!s->levels[i].lines)
				goto fail;
			memcpy(s->levels[i].lines, from->lines, nl * sizeof(*from->lines));
		}
	}
	for (j = 0; j < nshared; j++) {
		skl_cachesim_snap_level *lv = &s->levels[s->nlevels++];
		*lv = shared[j];
		shared[j].lines = NULL;
		/* the shared hierarchy counts its levels from 0; the preset, from the first private one */
		lv->latency = np + (unsigned)j < m->desc.nlevels ? m->desc.levels[np + (unsigned)j].latency : 0;
	}
	skl_free(shared);
	return s;
fail:
	for (j = 0; j < nshared; j++)
		skl_free(shared[j].lines);
	skl_free(shared);
	skl_cachesim_snap_free(s);
	return NULL;
}

static int show(lua_State *L, lcm *m, skl_kernel *k, const char *title)
{
	skl_lua *rt = skl__rt(L);
	char at[SKL__WHERE_MAX];
	skl_cachesim_snap *s;
	size_t bytes;
	if (!rt->sc.called)
		return skl__error(L, "%s: call scenario { title = ..., goal = ..., profile = ... } first",
				  skl__fname(L));
	skl__where(L, 1, at, sizeof(at));
	if (m->smp && k && feeds(k, m))
		s = skl_kernel_cachesim_snapshot(k);
	else if (m->smp) /* several CPUs fed through cm:access */
		s = smp_snapshot_of(m);
	else
		s = skl_cachesim_snapshot(m->h, &m->desc, m->marks, k);
	if (!s)
		return skl__error(L, "out of memory");
	bytes = snap_bytes(s) + strlen(at);
	if (!skl__log_fits(rt, bytes)) {
		skl_cachesim_snap_free(s);
		skl__log_room(L, bytes); /* raises with the limit's message */
	}
	skl__log_room(L, bytes);
	skl__log_check(
	    L, skl_events_show(rt->log, &(skl_show){.kind = SKL_SHOW_CACHESIM, .cachesim = s, .title = title}, at));
	return 0;
}

/* scene.show(cm [, {title=}]): the model, with owners when it feeds a kernel */
int skl__show_cache(lua_State *L, int n)
{
	static const char *const keys[] = {"title", NULL};
	lcm *m = check_cm(L, 1);
	const char *title = NULL;
	if (n > 2)
		return skl__argerror(L, 3, "one cache model at a time");
	if (n == 2) {
		skl__opts opts = skl__opts_at(L, 2);
		skl__check_table(L, 2);
		skl__check_keys(L, 2, keys);
		title = skl__opt_string(&opts, "title");
	}
	return show(L, m, attached(L, m), title);
}

/* scene.show(k, {view = "cache"}): the model that feeds k */
int skl__show_kernel_cache(lua_State *L, int karg, const char *title)
{
	skl_kernel *k = skl__to_kernel(L, karg);
	lcm *m;
	if (!k)
		return skl__typeerror(L, karg, "kernel");
	lua_getiuservalue(L, karg, 1);
	m = to_cm(L, -1);
	if (!m || !feeds(k, m))
		return skl__argerror(L, karg, "the kernel has no cache model (k:cache_model(cm) first)");
	return show(L, m, k, title);
}

/* ---- fields and the class --------------------------------------------------------------------------- */

static int cm_index(lua_State *L)
{
	lcm *m = check_cm(L, 1);
	const char *key;
	unsigned i;
	if (lua_type(L, 2) != LUA_TSTRING)
		return skl__error(L, "cache model has no field [%s]", luaL_typename(L, 2));
	key = lua_tostring(L, 2);
	if (lua_getfield(L, lua_upvalueindex(2), key) != LUA_TNIL)
		return 1;
	if (!strcmp(key, "title")) {
		lua_pushstring(L, m->desc.title);
	} else if (!strcmp(key, "source")) {
		lua_pushstring(L, m->desc.source);
	} else if (!strcmp(key, "memory")) {
		lua_pushinteger(L, m->desc.mem_latency);
	} else if (!strcmp(key, "cpus")) {
		lua_pushinteger(L, m->smp ? (lua_Integer)skl_cachesim_smp_ncpus(m->smp) : 1);
	} else if (!strcmp(key, "levels")) {
		struct skl_cachesim_stats st;
		lua_createtable(L, (int)nlevels_of(m), 0);
		for (i = 0; i < nlevels_of(m); i++) {
			lua_pushstring(L, level_name(m, i, &st));
			lua_rawseti(L, -2, (lua_Integer)i + 1);
		}
	} else {
		return skl__error(L, "cache model has no field '%s'", key);
	}
	return 1;
}

static int cm_tostring(lua_State *L)
{
	lcm *m = luaL_checkudata(L, 1, CM_MT);
	if (!m->h)
		lua_pushliteral(L, "cache model(collected)");
	else
		lua_pushfstring(L, "cache model(%s, %d levels)", m->desc.title, (int)nlevels_of(m));
	return 1;
}

static int cm_read_only(lua_State *L)
{
	return skl__error(L, "cache model objects are read-only");
}

void skl__cache_open(lua_State *L)
{
	skl__new_class(L, CM_MT, "cache model", "cm", &e_cm, cm_index, cm_read_only, cm_tostring, cm_gc);
	/* sklab.cache (made by the API table for sklab.cache.host) is callable */
	if (lua_getglobal(L, "sklab") == LUA_TTABLE && lua_getfield(L, -1, "cache") == LUA_TTABLE) {
		lua_createtable(L, 0, 1);
		lua_pushlightuserdata(L, (void *)&e_call);
		lua_pushnil(L);
		lua_pushcclosure(L, cache_call, 2);
		lua_setfield(L, -2, "__call");
		lua_pushliteral(L, "sklab.cache");
		lua_setfield(L, -2, "__metatable");
		lua_setmetatable(L, -2);
	}
	lua_settop(L, 0);
}

/* ---- the API slice --------------------------------------------------------------------- */

/* The bindings of this file, named as api.c's table names them. */
const skl__reg skl__cache_lib[] = {
    {"sklab.cache.host", f_cache_host},
    {"k:cache_model", k_cache_model},
    {"k:misses", k_misses},
    {"k:c2c", k_c2c},
    {"cm:access", cm_access},
    {"cm:stats", cm_stats},
    {"cm:reset", cm_reset},
    {"cm:summary", cm_summary},
    {NULL, NULL},
};
