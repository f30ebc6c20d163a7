/*
 * l_bench.c - sklab.bench(name, opts): runs one workload of the
 * host-timing module and returns its variants as a table (measured
 * min/median/max in ns, hardware counters or false with the reason, the
 * cache model's misses and cycles).
 *
 * The structs come from the runtime's linux-2.4.16 layout set; the machine
 * is opts.profile or the workload's own era. Host figures differ from run
 * to run: a scenario that expect()s them is not deterministic, the model
 * figures are. Nothing here appends events.
 */
#include "lua_impl.h"

#include "sklab/bench.h"

#include <stdio.h>
#include <string.h>

#define LAYOUT_SET "linux-2.4.16"
#define LAYOUT_PROFILE "linux-2.4.16-i386"

static void push_variant(lua_State *L, const skl_bench_variant *v)
{
	const skl_bench_model *m = &v->model;
	unsigned l;
	int c;
	lua_createtable(L, 0, 20);
	skl__set_str(L, "name", v->name);
	skl__set_str(L, "what", v->what);
	skl__set_str(L, "unit", v->unit);
	skl__set_str(L, "layout", v->layout);
	skl__set_int(L, "object_size", (lua_Integer)v->object_size);
	skl__set_int(L, "cache_size", (lua_Integer)v->cache_size);
	skl__set_int(L, "objects", (lua_Integer)v->objects);
	lua_pushboolean(L, v->timed);
	lua_setfield(L, -2, "timed");
	if (v->timed) {
		skl__set_num(L, "min", v->min_ns);
		skl__set_num(L, "median", v->median_ns);
		skl__set_num(L, "max", v->max_ns);
		skl__set_int(L, "reps", (lua_Integer)v->reps);
		skl__set_int(L, "samples", (lua_Integer)v->samples);
		skl__set_num(L, "ci_lo", v->ci_lo_ns);
		skl__set_num(L, "ci_hi", v->ci_hi_ns);
		skl__set_num(L, "ci_pct", v->ci_pct);
		lua_pushboolean(L, v->noisy);
		lua_setfield(L, -2, "noisy");
	}
	if (v->ratio > 0)
		skl__set_num(L, "ratio", v->ratio);
	if (v->code_bytes >= 0) {
		skl__set_int(L, "code_bytes", (lua_Integer)v->code_bytes);
		if (v->code_sites > 0) {
			skl__set_int(L, "code_caller", (lua_Integer)v->code_caller);
			skl__set_int(L, "code_shared", (lua_Integer)v->code_shared);
			skl__set_int(L, "code_sites", v->code_sites);
		}
	}
	skl__set_str(L, "code_how", v->code_how);
	skl__set_str(L, "note", v->note);

	lua_createtable(L, 0, SKL_BENCH_NCOUNTERS);
	for (c = 0; c < SKL_BENCH_NCOUNTERS; c++) {
		if (v->counters[c].ok)
			lua_pushnumber(L, v->counters[c].per_op);
		else
			lua_pushboolean(L, 0);
		lua_setfield(L, -2, skl_bench_counter_name(c));
	}
	lua_setfield(L, -2, "counters");
	lua_createtable(L, 0, SKL_BENCH_NCOUNTERS);
	for (c = 0; c < SKL_BENCH_NCOUNTERS; c++) {
		if (!v->counters[c].ok) {
			lua_pushstring(L, v->counters[c].why);
			lua_setfield(L, -2, skl_bench_counter_name(c));
		}
	}
	lua_setfield(L, -2, "counter_reasons");

	lua_createtable(L, 0, 9);
	skl__set_int(L, "ops", (lua_Integer)m->ops);
	skl__set_num(L, "accesses", m->accesses);
	skl__set_num(L, "lines", m->lines);
	skl__set_num(L, "base_cycles", m->base_cycles);
	skl__set_num(L, "miss_cycles", m->miss_cycles);
	skl__set_num(L, "cycles", m->cycles);
	if (m->ns > 0)
		skl__set_num(L, "ns", m->ns);
	lua_createtable(L, 0, (int)m->nlevels);
	for (l = 0; l < m->nlevels; l++)
		skl__set_num(L, m->level[l], m->misses[l]);
	lua_setfield(L, -2, "misses");
	if (m->cpus) { /* a replay on several CPUs kept coherent */
		lua_createtable(L, 0, 5);
		skl__set_int(L, "cpus", (lua_Integer)m->cpus);
		skl__set_num(L, "coherence_misses", m->coherence);
		skl__set_num(L, "hitm", m->hitm);
		skl__set_num(L, "transfers", m->transfers);
		skl__set_num(L, "invalidations", m->invalidations);
		lua_setfield(L, -2, "smp");
	}
	lua_setfield(L, -2, "model");
}

static void push_result(lua_State *L, const skl_bench_result *r)
{
	const skl_bench_model *m0 = r->nvariants ? &r->variants[0].model : NULL;
	unsigned l;
	int i;
	lua_createtable(L, 0, 10);
	skl__set_str(L, "workload", r->workload);
	lua_pushboolean(L, r->model_only);
	lua_setfield(L, -2, "model_only");
	skl__set_str(L, "title", r->title);
	skl__set_str(L, "profile", r->profile);
	skl__set_str(L, "layouts", r->layouts);
	skl__set_str(L, "machine", m0 ? m0->machine : "");
	if (m0 && m0->mhz > 0)
		skl__set_num(L, "mhz", m0->mhz);
	skl__set_int(L, "line", m0 ? (lua_Integer)m0->line : 0);
	lua_createtable(L, m0 ? (int)m0->nlevels : 0, 0);
	for (l = 0; m0 && l < m0->nlevels; l++) {
		lua_pushstring(L, m0->level[l]);
		lua_rawseti(L, -2, (lua_Integer)l + 1);
	}
	lua_setfield(L, -2, "levels");
	if (r->counters_why[0])
		skl__set_str(L, "counters_reason", r->counters_why);
	skl__set_str(L, "notes", r->notes);
	if (r->host[0])
		skl__set_str(L, "host", r->host);
	if (r->ratio_name[0] && r->ratio_value > 0) {
		lua_createtable(L, 0, 2);
		skl__set_str(L, "name", r->ratio_name);
		skl__set_num(L, "value", r->ratio_value);
		lua_setfield(L, -2, "host_ratio");
	}
	/* variants: in order, and by name */
	lua_createtable(L, r->nvariants, r->nvariants);
	for (i = 0; i < r->nvariants; i++) {
		push_variant(L, &r->variants[i]);
		lua_pushvalue(L, -1);
		lua_setfield(L, -3, r->variants[i].name);
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	lua_setfield(L, -2, "variants");
}

static void load_profile(lua_State *L, skl_lua *rt, const char *name, skl_profile *out)
{
	skl_error err;
	skl_error_clear(&err);
	if (skl__data_profile(rt->data_dir, name, out, skl__run_budget(rt), &err) < 0) {
		char msg[700];
		skl_error_format(&err, msg, sizeof(msg));
		skl__error(L, "sklab.bench: %s", msg);
	}
}

/* What a run of the workload costs the budget, before it runs (the host
 * timing loops run in C, out of the hook's sight): the time it will take,
 * in units of 3.5 ns (budget.c). Timed runs take time_ms per variant (a
 * workload has two or more: skl_bench_workload_variants); with reps given, reps x samples operations of
 * at least 7 ns per variant (the fastest, skb_put_inline, measures 2 to
 * 3 ns an operation inline; its out-of-line variant more). */
#define BENCH_UNIT_NS 3.5
static uint64_t bench_units(const skl_bench_opts *o, int variants)
{
	double ns;
	if (o->model_only)
		return 0;
	if (o->reps) {
		int samples = o->samples > 0 ? o->samples : (o->quick ? SKL_BENCH_SAMPLES_QUICK : SKL_BENCH_SAMPLES);
		ns = (double)o->reps * samples * 7.0 * variants;
	} else {
		ns = (o->target_ms > 0 ? o->target_ms : (o->quick ? 20.0 : 1000.0)) * 1e6 * variants;
	}
	ns /= BENCH_UNIT_NS;
	return ns >= 1.8e19 ? UINT64_MAX : (uint64_t)ns;
}

static int f_bench(lua_State *L)
{
	static const char *const keys[] = {"quick",	 "reps",       "time_ms", "samples", "profile", "counters",
					   "model_only", "host_model", "mem_mb",  "threads", NULL};
	skl_lua *rt = skl__rt(L);
	const char *name = skl__check_string(L, 1), *pname = NULL;
	skl_bench_opts o;
	skl_profile prof, lprof;
	skl_bench_result *res = NULL;
	skl_error err;
	char msg[700];

	if (!skl_bench_workload_title(name)) {
		char known[256];
		size_t n = 0;
		int i;
		known[0] = '\0';
		for (i = 0; i < skl_bench_nworkloads() && n < sizeof(known); i++)
			n += (size_t)snprintf(known + n, sizeof(known) - n, "%s%s", i ? ", " : "",
					      skl_bench_workload_name(i));
		return skl__argerror(L, 1, lua_pushfstring(L, "unknown workload '%s' (known: %s)", name, known));
	}
	memset(&o, 0, sizeof(o));
	if (!lua_isnoneornil(L, 2)) {
		skl__opts opts = skl__opts_at(L, 2);
		opts.flags = SKL__OPT_TYPENAME;
		skl__check_table(L, 2);
		skl__check_keys(L, 2, keys);
		o.quick = skl__opt_bool(&opts, "quick", 0);
		o.reps = (uint64_t)skl__opt_int(&opts, "reps", 0, 1, (lua_Integer)1 << 40);
		o.target_ms = (double)skl__opt_int(&opts, "time_ms", 0, 1, 600000);
		o.samples = (int)skl__opt_int(&opts, "samples", 0, 1, 1000);
		o.no_counters = !skl__opt_bool(&opts, "counters", 1);
		o.model_only = skl__opt_bool(&opts, "model_only", 0);
		o.host_model = skl__opt_bool(&opts, "host_model", 0);
		o.mem_limit = (uint64_t)skl__opt_int(&opts, "mem_mb", 0, 1, 4096) << 20;
		o.threads = (int)skl__opt_int(&opts, "threads", 0, 2, SKL_BENCH_MAX_THREADS);
		pname = skl__opt_string(&opts, "profile");
		if (pname && !skl__valid_name(pname))
			skl__argerror(L, 2, lua_pushfstring(L, "field 'profile': '%s' is not a profile name", pname));
		/* the string stays on the stack while pname is used */
	}
	if (rt->model_only) /* sklab run --model-only: the model's figures alone */
		o.model_only = 1;
	skl__charge(L, bench_units(&o, skl_bench_workload_variants(name)));
	load_profile(L, rt, pname ? pname : skl_bench_workload_profile(name), &prof);
	o.profile = &prof;
	if (skl_bench_workload_needs_types(name)) {
		skl__lset *s;
		skl_error_clear(&err);
		s = skl__set_get(rt, LAYOUT_SET, &err);
		if (!s) {
			skl_error_format(&err, msg, sizeof(msg));
			return skl__error(L, "sklab.bench: %s", msg);
		}
		o.types = s->db;
		if (strcmp(prof.layouts, LAYOUT_SET)) {
			load_profile(L, rt, LAYOUT_PROFILE, &lprof);
			o.layout_profile = &lprof;
		}
	}
	skl_error_clear(&err);
	if (skl_bench_run(name, &o, &res, &err) < 0) {
		skl_error_format(&err, msg, sizeof(msg));
		return skl__fail(L, msg);
	}
	push_result(L, res);
	skl_bench_result_free(res);
	return 1;
}

/* ---- the API slice --------------------------------------------------------------------- */

/* The bindings of this file, named as api.c's table names them. */
const skl__reg skl__bench_lib[] = {
    {"sklab.bench", f_bench},
    {NULL, NULL},
};
