/*
 * budget.c - the one instruction budget and clock of every Lua state
 * sklab runs (a scenario, its data files, data files loaded outside a
 * run, the header reader): the count hook, skl__charge, and the charged
 * trampoline every C function of the sandbox is registered through, with
 * the cost model of each. Never reads the clock itself: a run polls the
 * app's interrupt callback, a fixed budget the clock the app gave with
 * skl_lua_set_clock.
 *
 * A unit is what a VM instruction of a plain loop costs: 3.5 ns measured
 * (`while true do end`, 2e8 instructions in 0.71 s, on an x86_64 virtual
 * machine), so the default 2e9 units are 6 to 8 s of any mix of Lua and
 * C. Each cost below is the measured time of its work on that machine
 * divided by that unit: a C call from Lua 29 ns (8 units), pcall's setjmp
 * and call 40 ns more (20), a full collection 0.3 ns a byte of heap (100
 * a KiB), string.upper 1 ns a byte (1 per 4 bytes); see docs/limits.md,
 * "What the budget counts".
 */
#include "lua_impl.h"

#include "sklab/budget.h"

#include <lualib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the app's clock ------------------------------------------------------------ */

static uint64_t (*app_clock)(void);

void skl_lua_set_clock(uint64_t (*now_ns)(void))
{
	app_clock = now_ns;
}

/* The interrupt callback of a fixed budget: the app's clock past the deadline. */
static int fixed_interrupt(void *ud, char *why, size_t whysz)
{
	skl__budget *b = ud;
	if (!app_clock || !b->deadline_ns || app_clock() < b->deadline_ns)
		return 0;
	if (b->fixed_ms % 1000)
		snprintf(why, whysz, "time limit of %u.%02u s exceeded", b->fixed_ms / 1000, b->fixed_ms % 1000 / 10);
	else
		snprintf(why, whysz, "time limit of %u s exceeded", b->fixed_ms / 1000);
	return 1;
}

void skl__budget_fixed(skl__budget *b, uint64_t instr, unsigned ms, const char *what)
{
	memset(b, 0, sizeof(*b));
	b->instr_limit = instr;
	b->poll_at = SKL__POLL_EVERY;
	b->instr_what = what;
	b->fixed_ms = ms;
	if (app_clock && ms) {
		b->deadline_ns = app_clock() + (uint64_t)ms * 1000000u;
		b->interrupt = fixed_interrupt;
		b->interrupt_ud = b;
	}
}

/* ---- the hook and the charges ------------------------------------------------------- */

static void budget_hook(lua_State *L, lua_Debug *ar);

skl__budget *skl__budget_of(lua_State *L)
{
	return *(skl__budget **)lua_getextraspace(L);
}

void skl__budget_attach(lua_State *L, skl__budget *b)
{
	*(skl__budget **)lua_getextraspace(L) = b;
	lua_sethook(L, budget_hook, LUA_MASKCOUNT, SKL__POLL_EVERY);
}

void skl__budget_trip(lua_State *L)
{
	lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1);
}

static int stopped(skl__budget *b)
{
	if (b->mem && b->mem->hit && !b->mem_hit) {
		b->mem_hit = 1;
		b->mem_budget = 1;
	}
	return b->instr_hit || b->mem_hit || b->stop_hit;
}

int skl__budget_raise(lua_State *L, int level)
{
	skl__budget *b = skl__budget_of(L);
	char where[SKL__WHERE_MAX];
	/* every instruction from now on raises again: pcall cannot keep a
	 * script going (coroutines get it at their next hook) */
	lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1);
	if (b->mem_hit && b->rt)
		return skl__mem_raise(L);
	skl__where(L, level, where, sizeof(where));
	if (b->stop_hit) {
		lua_pushfstring(L, "%s%s%s", where, where[0] ? ": " : "", b->stop_why);
		return lua_error(L);
	}
	if (b->instr_what)
		lua_pushfstring(L, "%s%s%s ran past their budget of %I instructions", where, where[0] ? ": " : "",
				b->instr_what, (lua_Integer)b->instr_limit);
	else
		lua_pushfstring(L, "%s%sinstruction limit of %I exceeded (an endless loop?)", where,
				where[0] ? ": " : "", (lua_Integer)b->instr_limit);
	return lua_error(L);
}

/* Asks the clock whether to stop; on yes the budget is stopped with its reason. */
static void poll_clock(skl__budget *b)
{
	b->poll_at = b->instr_used + SKL__POLL_EVERY;
	if (!b->interrupt || !b->interrupt(b->interrupt_ud, b->stop_why, sizeof(b->stop_why)))
		return;
	b->stop_why[sizeof(b->stop_why) - 1] = '\0';
	if (!b->stop_why[0])
		snprintf(b->stop_why, sizeof(b->stop_why), "the run was interrupted");
	b->stop_hit = 1;
}

/* The slow path of a charge: over the budget, or the clock is due. */
static void charge_slow(lua_State *L, skl__budget *b, uint64_t n, int level)
{
	if (!stopped(b)) {
		if (b->instr_used >= b->instr_limit || n > b->instr_limit - b->instr_used) {
			b->instr_used = b->instr_limit;
			b->instr_hit = 1;
		} else {
			b->instr_used += n;
			poll_clock(b);
		}
	}
	if (stopped(b)) {
		b->poll_at = 0; /* every charge comes here from now on */
		skl__budget_raise(L, level);
	}
}

static inline void charge(lua_State *L, skl__budget *b, uint64_t n, int level)
{
	if (n < SKL__POLL_EVERY && b->instr_used + n < b->poll_at)
		b->instr_used += n;
	else
		charge_slow(L, b, n, level);
}

void skl__charge(lua_State *L, uint64_t n)
{
	charge(L, skl__budget_of(L), n, 1);
}

/* Counts SKL__POLL_EVERY instructions; once a limit is reached it raises
 * on every instruction of every coroutine. */
static void budget_hook(lua_State *L, lua_Debug *ar)
{
	skl__budget *b = skl__budget_of(L);
	(void)ar;
	if (stopped(b))
		skl__budget_raise(L, 0);
	charge_slow(L, b, SKL__POLL_EVERY, 0);
}

void skl__stop_check(lua_State *L)
{
	if (stopped(skl__budget_of(L)))
		skl__budget_raise(L, 1);
}

int skl__limit_reached(lua_State *L)
{
	return stopped(skl__budget_of(L));
}

int skl__budget_hit(lua_State *L)
{
	skl__budget *b = skl__budget_of(L);
	stopped(b);
	return b->instr_hit || b->mem_hit;
}

/* ---- the cost models ------------------------------------------------------------------ */

/* What one C function costs: base units per call, then what grows with
 * the call. Every call also pays one unit per four arguments and results
 * (the stack copies around it). */
typedef struct cost {
	const char *name;
	uint16_t base;			 /* units per call */
	uint8_t per_result;		 /* units per result */
	uint8_t out_shift;		 /* 1 unit per 2^out_shift bytes of its string results (0: none) */
	uint8_t in_shift;		 /* 1 unit per 2^in_shift bytes of its string argument 1 (0: none) */
	uint64_t (*model)(lua_State *L); /* units from the arguments, before the call */
	uint8_t rewrap;			 /* its first result is a C function to charge too */
} cost;

static uint64_t nlogn(uint64_t n)
{
	uint64_t lg = 1;
	while ((n >> lg) != 0 && lg < 63)
		lg++;
	return n > UINT64_MAX / lg ? UINT64_MAX : n * lg;
}

/* The length the table function will see: rawlen, or __len's answer
 * (called here as the function will call it). */
static uint64_t table_len(lua_State *L, int arg)
{
	lua_Integer n;
	int isnum = 0;
	if (lua_type(L, arg) == LUA_TTABLE && !luaL_getmetafield(L, arg, "__len"))
		return (uint64_t)lua_rawlen(L, arg);
	if (lua_type(L, arg) == LUA_TTABLE)
		lua_pop(L, 1);
	else if (!luaL_getmetafield(L, arg, "__len"))
		return 0;
	else
		lua_pop(L, 1);
	lua_len(L, arg);
	n = lua_tointegerx(L, -1, &isnum);
	lua_pop(L, 1);
	return isnum && n > 0 ? (uint64_t)n : 0;
}

/* table.sort: n log2 n comparisons and moves, 8 units each (a sort of
 * 1e6 scattered integers took 0.55 s: 27 ns each); a proxy's __index and
 * __lt calls pay their own way on top. */
static uint64_t m_sort(lua_State *L)
{
	uint64_t n = table_len(L, 1);
	uint64_t c = nlogn(n);
	return c > UINT64_MAX / 8 ? UINT64_MAX : c * 8;
}

/* table.concat: 7 units an element (a proxy's __index table lookup and
 * the buffer: 25 ns measured; the result's bytes are charged after) */
static uint64_t m_concat(lua_State *L)
{
	uint64_t n = table_len(L, 1);
	return n > UINT64_MAX / 7 ? UINT64_MAX : n * 7;
}

/* collectgarbage("collect"): a full cycle marks and sweeps the whole heap,
 * about 0.3 ns a byte (70 ms for 3e6 empty tables, 224 MiB); "step" may
 * finish one. "count" and "isrunning" cost nothing more. */
static uint64_t m_gc(lua_State *L)
{
	const char *opt = lua_type(L, 1) == LUA_TSTRING ? lua_tostring(L, 1) : "collect";
	uint64_t kib;
	if (strcmp(opt, "collect") && strcmp(opt, "step"))
		return 0;
	kib = (uint64_t)lua_gc(L, LUA_GCCOUNT);
	return kib * 100;
}

/* rawequal of two long strings of one length compares their bytes */
static uint64_t m_rawequal(lua_State *L)
{
	size_t a, b;
	if (lua_type(L, 1) != LUA_TSTRING || lua_type(L, 2) != LUA_TSTRING)
		return 0;
	lua_tolstring(L, 1, &a);
	lua_tolstring(L, 2, &b);
	return a == b ? a >> 6 : 0;
}

/* Sorted by name (bsearch). Functions not listed cost DEFAULT_BASE. */
static const cost costs[] = {
    {"collectgarbage", 8, 0, 0, 0, m_gc, 0},
    {"coroutine.close", 10, 0, 0, 0, NULL, 0},
    {"coroutine.create", 40, 0, 0, 0, NULL, 0},
    {"coroutine.resume", 28, 1, 0, 0, NULL, 0},
    {"coroutine.wrap", 40, 0, 0, 0, NULL, 1},
    {"coroutine.wrap()", 28, 1, 0, 0, NULL, 0},
    {"coroutine.yield", 10, 1, 0, 0, NULL, 0},
    {"error", 20, 0, 0, 0, NULL, 0},
    {"load", 20, 0, 0, 0, NULL, 0},
    {"pcall", 20, 0, 0, 0, NULL, 0},
    {"rawequal", 8, 0, 0, 0, m_rawequal, 0},
    {"select", 8, 1, 0, 0, NULL, 0},
    {"string.byte", 8, 1, 0, 0, NULL, 0},
    {"string.char", 8, 0, 4, 0, NULL, 0},
    {"string.format", 40, 0, 3, 0, NULL, 0},
    {"string.lower", 8, 0, 0, 2, NULL, 0},
    {"string.pack", 8, 0, 4, 0, NULL, 0},
    {"string.rep", 8, 0, 1, 0, NULL, 0},
    {"string.reverse", 8, 0, 0, 2, NULL, 0},
    {"string.sub", 8, 0, 6, 0, NULL, 0},
    {"string.unpack", 8, 1, 0, 0, NULL, 0},
    {"string.upper", 8, 0, 0, 2, NULL, 0},
    {"table.concat", 8, 0, 4, 0, m_concat, 0},
    {"table.sort", 8, 0, 0, 0, m_sort, 0},
    {"table.unpack", 8, 1, 0, 0, NULL, 0},
    {"tonumber", 10, 0, 0, 4, NULL, 0},
    {"tostring", 60, 0, 4, 0, NULL, 0},
    {"utf8.char", 8, 0, 2, 0, NULL, 0},
    {"utf8.codepoint", 8, 1, 0, 2, NULL, 0},
    {"utf8.len", 8, 0, 0, 2, NULL, 0},
    {"utf8.offset", 8, 0, 0, 2, NULL, 0},
    {"xpcall", 24, 0, 0, 0, NULL, 0},
};
static const cost default_cost = {"", 8, 0, 0, 0, NULL, 0};

static int cost_cmp(const void *k, const void *e)
{
	return strcmp(k, ((const cost *)e)->name);
}

/* bsearch needs the table sorted: a cost out of order would silently be
 * the default */
static int costs_sorted(void)
{
	size_t i;
	for (i = 1; i < sizeof(costs) / sizeof(costs[0]); i++)
		if (strcmp(costs[i - 1].name, costs[i].name) >= 0)
			return 0;
	return 1;
}

static const cost *cost_of(const char *name)
{
	const cost *c = bsearch(name, costs, sizeof(costs) / sizeof(costs[0]), sizeof(costs[0]), cost_cmp);
	return c ? c : &default_cost;
}

/* ---- the trampoline ---------------------------------------------------------------------- */

static int charged_call(lua_State *L);

/* Pushes the closure (up1, original, fn, cost). */
static void push_tramp(lua_State *L, lua_CFunction fn, const cost *c)
{
	lua_pushcfunction(L, fn);
	lua_pushlightuserdata(L, (void *)c);
	lua_pushcclosure(L, charged_call, 4);
}

static uint64_t string_bytes(lua_State *L, int from, int to)
{
	uint64_t sum = 0;
	int i;
	for (i = from; i <= to; i++)
		if (lua_type(L, i) == LUA_TSTRING) {
			size_t l;
			lua_tolstring(L, i, &l);
			sum += l;
		}
	return sum;
}

/* Charges the call's cost, then runs the function as if it were called
 * itself: it sees its upvalues 1 and 2 and may yield or raise. */
static int charged_call(lua_State *L)
{
	const cost *c = lua_touserdata(L, lua_upvalueindex(4));
	lua_CFunction fn = lua_tocfunction(L, lua_upvalueindex(3));
	skl__budget *b = skl__budget_of(L);
	int n = lua_gettop(L), r;
	uint64_t units = c->base + ((unsigned)n >> 2);
	if (c->model)
		units += c->model(L);
	if (c->in_shift && lua_type(L, 1) == LUA_TSTRING)
		units += string_bytes(L, 1, 1) >> c->in_shift;
	charge(L, b, units, 1);
	r = fn(L);
	units = ((unsigned)r >> 2) + (uint64_t)c->per_result * (unsigned)r;
	if (c->out_shift)
		units += string_bytes(L, lua_gettop(L) - r + 1, lua_gettop(L)) >> c->out_shift;
	if (c->rewrap && r >= 1 && lua_iscfunction(L, -r)) {
		/* coroutine.wrap's function: each call resumes (upvalue 1: the thread) */
		int at = lua_gettop(L) - r + 1;
		lua_CFunction inner = lua_tocfunction(L, at);
		lua_getupvalue(L, at, 1);
		lua_pushnil(L);
		push_tramp(L, inner, cost_of("coroutine.wrap()"));
		lua_replace(L, at);
	}
	if (units)
		charge(L, b, units, 1);
	return r;
}

void skl__push_charged(lua_State *L, lua_CFunction fn, const void *up1, int original, const char *name)
{
	if (original)
		original = lua_absindex(L, original);
	if (up1)
		lua_pushlightuserdata(L, (void *)up1);
	else
		lua_pushnil(L);
	if (original)
		lua_pushvalue(L, original);
	else
		lua_pushnil(L);
	push_tramp(L, fn, cost_of(name));
}

void skl__charge_table(lua_State *L, int idx, const char *prefix)
{
	char name[96];
	int t;
	if (!idx && !costs_sorted())
		luaL_error(L, "budget.c's cost table is out of order");
	if (idx)
		lua_pushvalue(L, idx);
	else
		lua_pushglobaltable(L);
	t = lua_gettop(L);
	lua_pushnil(L);
	while (lua_next(L, t)) {
		/* only plain C functions: the closures of ours are charged already */
		int plain = lua_type(L, -2) == LUA_TSTRING && lua_iscfunction(L, -1);
		if (plain && lua_getupvalue(L, -1, 1)) {
			lua_pop(L, 1);
			plain = 0;
		}
		if (plain) {
			lua_CFunction fn = lua_tocfunction(L, -1);
			snprintf(name, sizeof(name), "%s%s%s", prefix ? prefix : "", prefix ? "." : "",
				 lua_tostring(L, -2));
			lua_pop(L, 1);
			lua_pushvalue(L, -1);
			skl__push_charged(L, fn, NULL, 0, name);
			lua_rawset(L, t);
		} else {
			lua_pop(L, 1);
		}
	}
	lua_pop(L, 1);
}
