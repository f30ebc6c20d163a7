/*
 * l_scene.c - the scenario's own calls: scenario{}, scene.step,
 * scene.show (layouts, kernel snapshots or skbs), scene.chart, expect and
 * print.
 * Each appends one event (print one per line) tagged with the scenario line
 * that made it. Nothing here changes engine state.
 */
#include "lua_impl.h"
#include "sklab/objview.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void require_scenario(lua_State *L)
{
	if (!skl__rt(L)->sc.called)
		skl__error(L, "%s: call scenario { title = ..., goal = ..., profile = ... } first", skl__fname(L));
}

static void where(lua_State *L, char *out, size_t outsz)
{
	skl__where(L, 1, out, outsz);
}

/* Is name among the known profiles? Pushes "a, b, c" (the known ones). */
static int profile_known(lua_State *L, const char *name)
{
	skl_lua *rt = skl__rt(L);
	int n = skl_data_list_profiles(rt->data_dir, NULL, 0), i, found = 0;
	char(*names)[64];
	luaL_Buffer b;
	if (n <= 0) {
		lua_pushliteral(L, "none");
		return 0;
	}
	names = lua_newuserdatauv(L, (size_t)n * 64, 0);
	i = skl_data_list_profiles(rt->data_dir, names, n);
	if (i < n)
		n = i;
	luaL_buffinit(L, &b);
	for (i = 0; i < n; i++) {
		if (!strcmp(names[i], name))
			found = 1;
		if (i)
			luaL_addstring(&b, ", ");
		luaL_addstring(&b, names[i]);
	}
	luaL_pushresult(&b);
	lua_remove(L, -2);
	return found;
}

static int f_scenario(lua_State *L)
{
	static const char *const keys[] = {"title", "goal", "profile", "length", NULL};
	skl_lua *rt = skl__rt(L);
	const char *title, *goal, *profile;
	char at[SKL__WHERE_MAX];
	skl__opts opts;
	skl_error err;

	skl__check_table(L, 1);
	skl__check_keys(L, 1, keys);
	opts = skl__opts_at(L, 1);
	opts.flags = SKL__OPT_REQUIRED;
	title = skl__opt_string(&opts, "title"); /* the three stay on the stack */
	goal = skl__opt_string(&opts, "goal");
	profile = skl__opt_string(&opts, "profile");
	if (lua_getfield(L, 1, "length") != LUA_TNIL && lua_type(L, -1) != LUA_TSTRING) {
		if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1)
			skl__argerror(L, 1, "field 'length' must be a duration (\"10 minutes\") or a number of steps");
	}
	lua_pop(L, 1);
	if (!title[0])
		skl__argerror(L, 1, "field 'title' is empty");
	if (rt->sc.called)
		return skl__error(L, "scenario{} called twice (first at %s)", rt->sc.where);

	if (rt->header_only) {
		snprintf(rt->sc.title, sizeof(rt->sc.title), "%s", title);
		snprintf(rt->sc.goal, sizeof(rt->sc.goal), "%s", goal);
		snprintf(rt->sc.profile_name, sizeof(rt->sc.profile_name), "%s", profile);
		return skl__header_done(L);
	}

	if (!skl__valid_name(profile) || !profile_known(L, profile))
		return skl__argerror(
		    L, 1,
		    lua_pushfstring(L, "field 'profile': unknown profile '%s' (known: %s)", profile,
				    skl__valid_name(profile) ? lua_tostring(L, -1) : "see sklab.profiles()"));
	lua_pop(L, 1);
	if (skl__data_profile(rt->data_dir, profile, &rt->sc.profile, skl__run_budget(rt), &err) < 0) {
		char msg[700];
		skl_error_format(&err, msg, sizeof(msg));
		return skl__error(L, "scenario: %s", msg);
	}
	where(L, at, sizeof(at));
	skl__log_room(L, strlen(title) + strlen(goal) + strlen(profile) + strlen(at));
	skl__log_check(L, skl_events_scenario(rt->log, title, goal, profile, at));
	rt->sc.have_profile = 1;
	rt->sc.called = 1;
	snprintf(rt->sc.where, sizeof(rt->sc.where), "%s", at);
	return 0;
}

static int f_step(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	const char *caption = skl__check_string(L, 1);
	char at[SKL__WHERE_MAX];
	require_scenario(L);
	where(L, at, sizeof(at));
	skl__log_room(L, strlen(caption) + strlen(at));
	skl__log_check(L, skl_events_step(rt->log, caption, at));
	return 0;
}

/*
 * scene.predict(question, answer): a checkpoint in two frames on the view
 * already shown: "Predict: <question>" first, then "Answer: <answer>".
 * Both must be non-empty strings; the scenario computes the answer before
 * the call, so the question frame never depends on it. Two STEP events.
 */
static int f_predict(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	const char *question = skl__check_string(L, 1);
	const char *answer = skl__check_string(L, 2);
	const char *caption;
	char at[SKL__WHERE_MAX];
	if (!question[0])
		return skl__argerror(L, 1, "the question is empty");
	if (!answer[0])
		return skl__argerror(L, 2, "the answer is empty");
	if (!lua_isnone(L, 3))
		return skl__argerror(L, 3, "two arguments: the question and its answer");
	require_scenario(L);
	where(L, at, sizeof(at));
	caption = lua_pushfstring(L, "Predict: %s", question);
	skl__log_room(L, strlen(caption) + strlen(at));
	skl__log_check(L, skl_events_step(rt->log, caption, at));
	caption = lua_pushfstring(L, "Answer: %s", answer);
	skl__log_room(L, strlen(caption) + strlen(at));
	skl__log_check(L, skl_events_step(rt->log, caption, at));
	return 0;
}

/* ---- kernel snapshots ------------------------------------------------------------- */

#define C2C_MAX_LINES 1000 /* scene.show(k, {view = "c2c", lines = N}) */
#define MAX_SHOW_CACHES 256

static void cache_snap_clear(skl_cache_snap *c)
{
	int j;
	for (j = 0; j < c->nslabs; j++) {
		skl_free(c->slabs[j].state);
		skl_free(c->slabs[j].bad);
	}
	skl_free(c->slabs);
	skl_layout_free(c->type);
	memset(c, 0, sizeof(*c));
}

/* Keeps the caches of s named in names (in that order) and frees the rest. */
static void snap_select(skl_kernel_snap *s, const char *const *names, int n)
{
	int i, j, m = 0;
	for (i = 0; i < n; i++) {
		for (j = m; j < s->ncaches; j++) {
			if (!strcmp(s->caches[j].info.name, names[i])) {
				skl_cache_snap t = s->caches[m];
				s->caches[m] = s->caches[j];
				s->caches[j] = t;
				m++;
				break;
			}
		}
	}
	for (j = m; j < s->ncaches; j++)
		cache_snap_clear(&s->caches[j]);
	s->ncaches = m;
}

/* The cache that holds name's objects in k (SLUB merges), or NULL. */
static const char *real_cache_name(skl_kernel *k, const char *name, char *out, size_t outsz)
{
	skl_cache *c = skl_kernel_find_cache(k, name);
	skl_cache_info in;
	if (!c)
		return NULL;
	skl_cache_get_info(c, &in);
	snprintf(out, outsz, "%s", in.alias_of[0] ? in.alias_of : in.name);
	return out;
}

/*
 * One snapshot holding both sides of a compare: a's caches then b's, each
 * name prefixed with its side's title, under the header "ta vs tb". Frees
 * a and b. (The log records one kernel per SHOW event today; once it can
 * hold two, the view draws them with its compare layout instead.)
 */
static size_t snap_bytes(const skl_kernel_snap *s)
{
	size_t bytes = sizeof(*s) + (size_t)s->nlinks * sizeof(skl_ptr_link);
	int i, j;
	if (s->obj)
		bytes += sizeof(*s->obj) + skl_obj_snap_bytes(s->obj);
	for (i = 0; i < s->nobjs; i++)
		bytes += sizeof(*s->objs[i]) + sizeof(s->objs[i]) + skl_obj_snap_bytes(s->objs[i]);
	for (i = 0; i < s->ncaches; i++) {
		const skl_cache_snap *c = &s->caches[i];
		bytes += sizeof(*c);
		if (c->type)
			bytes += 256 + (size_t)c->type->nfields * (sizeof(skl_field) + 96);
		for (j = 0; j < c->nslabs; j++)
			bytes += sizeof(c->slabs[j]) + 2 * (size_t)c->slabs[j].nobjs;
	}
	return bytes;
}

#define MAX_LINKS 256 /* pointer arrows one slab view draws */
/* live typed objects whose bytes a slab view keeps for the window's bytes view */
#define MAX_OBJS 64
#define OBJS_BUDGET (512 << 10)

/* The index of machine k in the run. */
static int kernel_index(const skl_lua *rt, const skl_kernel *k)
{
	int i;
	for (i = 0; i < skl__kernel_count(rt); i++)
		if (skl__kernel_at(rt, i) == k)
			return i;
	return -1;
}

/* The pointers between live typed objects, for the slab view's arrows. */
static int add_links(skl_lua *rt, skl_kernel *k, skl_kernel_snap *snap)
{
	skl__obj_types ot = {rt, kernel_index(rt, k)};
	/* per-object types only when some handle has one: the lookup walks the handles */
	int more, n = skl_kernel_pointers(k, snap, skl__obj_typed(rt, ot.kernel) ? skl__obj_type_of : NULL, &ot,
					  MAX_LINKS, &snap->links, &more);
	if (n < 0)
		return -1;
	snap->nlinks = n;
	return 0;
}

/* The live typed objects' bytes, which the window opens in the bytes view. */
static int add_objects(skl_lua *rt, skl_kernel *k, skl_kernel_snap *snap)
{
	skl__obj_types ot = {rt, kernel_index(rt, k)};
	int n = skl_kernel_objects(k, snap, skl__obj_typed(rt, ot.kernel) ? skl__obj_type_of : NULL, &ot, MAX_OBJS,
				   OBJS_BUDGET, &snap->objs, &snap->objs_more);
	if (n < 0)
		return -1;
	snap->nobjs = n;
	return 0;
}

/* scene.show(obj, {view = "bytes" [, pointers = false]}): the bytes view of one
 * object: its hex dump with each member's decoded value beside it. */
static int show_object(lua_State *L, int n)
{
	static const char *const keys[] = {"view", "from", NULL};
	skl_lua *rt = skl__rt(L);
	const skl_layout *type;
	skl_kernel_snap *snap;
	skl_kernel *k;
	skl_addr addr;
	skl__obj_types ot;
	skl_error err;
	char at[SKL__WHERE_MAX];
	size_t bytes;
	uint64_t from = 0;
	int ki;
	skl__obj_arg(L, 1, &ki, &addr, &type);
	if (n > 2)
		return skl__argerror(L, 3, "one object, then an options table");
	if (n == 2) {
		skl__opts fields = skl__opts_at(L, 2);
		const char *view;
		skl__check_table(L, 2);
		skl__check_keys(L, 2, keys);
		view = skl__opt_string(&fields, "view");
		if (view && strcmp(view, "bytes"))
			return skl__argerror(L, 2,
					     lua_pushfstring(L,
							     "field 'view': '%s' is not \"bytes\" (an object shows "
							     "as its bytes)",
							     view));
		lua_getfield(L, 2, "from");
		if (lua_type(L, -1) == LUA_TSTRING) {
			skl_member_ref m;
			int nm;
			if (!type || skl_layout_lookup(type, lua_tostring(L, -1), &m, &nm) < 0)
				return skl__argerror(
				    L, 2,
				    lua_pushfstring(L, "field 'from': no member '%s' in the object's type",
						    lua_tostring(L, -1)));
			from = m.offset;
		} else if (!lua_isnil(L, -1)) {
			from = (uint64_t)skl__opt_int(&fields, "from", 0, 0, 1 << 30);
		}
		lua_pop(L, 1);
	}
	k = skl__kernel_at(rt, ki);
	require_scenario(L);
	where(L, at, sizeof(at));
	ot.rt = rt;
	ot.kernel = ki;
	snap = skl_kernel_snapshot(k);
	if (!snap)
		return skl__error(L, "out of memory");
	skl_error_clear(&err);
	snap->obj = skl_obj_snapshot(k, addr, type, skl__obj_type_of, &ot, &err);
	if (!snap->obj) {
		skl_kernel_snap_free(snap);
		return skl__argerror(L, 1, err.msg);
	}
	if (from >= snap->obj->size) {
		lua_Integer size = (lua_Integer)snap->obj->size;
		skl_kernel_snap_free(snap);
		return skl__argerror(L, 2,
				     lua_pushfstring(L, "field 'from': offset %I is past the object (%I bytes)",
						     (lua_Integer)from, size));
	}
	snap->obj_first = from;
	if (add_objects(rt, k, snap) < 0) { /* the window follows its pointers to them */
		skl_kernel_snap_free(snap);
		return skl__error(L, "out of memory");
	}
	bytes = strlen(at) + snap_bytes(snap);
	if (!skl__log_fits(rt, bytes)) {
		skl_kernel_snap_free(snap);
		skl__log_room(L, bytes); /* raises with the limit's message */
	}
	skl__log_room(L, bytes);
	if (skl_events_show(rt->log, &(skl_show){.kind = SKL_SHOW_KERNELS, .kernels = &snap, .n = 1, .view = "bytes"},
			    at) < 0) {
		skl_kernel_snap_free(snap);
		skl__log_check(L, -1);
	}
	return 0;
}

/* A list of strings in field key of the table at opts (count in *n). */
static void string_list(lua_State *L, int opts, const char *key, const char **out, int max, int *n)
{
	int t = lua_getfield(L, opts, key), i, len;
	*n = 0;
	if (t == LUA_TNIL) {
		lua_pop(L, 1);
		return;
	}
	if (t != LUA_TTABLE)
		skl__argerror(
		    L, opts,
		    lua_pushfstring(L, "field '%s': list of strings expected, got %s", key, luaL_typename(L, -1)));
	len = (int)luaL_len(L, -1);
	if (len > max)
		skl__argerror(L, opts, lua_pushfstring(L, "field '%s': at most %d entries", key, max));
	for (i = 1; i <= len; i++) {
		if (lua_rawgeti(L, -1, i) != LUA_TSTRING)
			skl__argerror(L, opts,
				      lua_pushfstring(L, "field '%s': entry %d is %s, not a string", key, i,
						      luaL_typename(L, -1)));
		{
			size_t sl;
			const char *e = lua_tolstring(L, -1, &sl);
			if (memchr(e, '\0', sl))
				skl__check_nul(L, opts, lua_pushfstring(L, "field '%s': entry %d", key, i), e, sl);
			out[(*n)++] = e;
		}
		lua_pop(L, 1); /* the table keeps it */
	}
	lua_pop(L, 1); /* the options table keeps the list */
}

#define MAX_TEXT_BYTES 65536
#define MAX_TEXT_MARKS 16

/* a text panel's marks: {mark = "BUG" or {"BUG", "^"}} */
static void text_marks(lua_State *L, int opts, const char **marks, int *nmarks)
{
	int t = lua_getfield(L, opts, "mark");
	*nmarks = 0;
	if (t == LUA_TSTRING) {
		size_t sl;
		marks[(*nmarks)++] = lua_tolstring(L, -1, &sl);
		skl__check_nul(L, opts, "field 'mark'", marks[0], sl);
		lua_pop(L, 1); /* the table keeps it */
		return;
	}
	lua_pop(L, 1);
	if (t != LUA_TNIL && t != LUA_TTABLE)
		skl__argerror(L, opts, "field 'mark': a string or a list of strings expected");
	string_list(L, opts, "mark", marks, MAX_TEXT_MARKS, nmarks);
}

/* what a text panel adds to the log, for its byte limit */
static size_t panel_bytes(const skl_text_panel *tp)
{
	size_t n = 64 + (tp->text ? strlen(tp->text) : 0) + (tp->title ? strlen(tp->title) : 0);
	int i;
	for (i = 0; i < tp->nmarks; i++)
		n += strlen(tp->marks[i]) + 16;
	return n;
}

static void check_text(lua_State *L, int arg, const char *what, size_t len)
{
	if (len > MAX_TEXT_BYTES)
		skl__argerror(L, arg, lua_pushfstring(L, "%s of %d bytes: at most %d", what, (int)len, MAX_TEXT_BYTES));
}

/* scene.show(text [, {title=, mark=}]): a text panel alone */
static int show_text(lua_State *L, int n)
{
	static const char *const keys[] = {"title", "mark", NULL};
	skl_lua *rt = skl__rt(L);
	skl_text_panel tp;
	const char *marks[MAX_TEXT_MARKS];
	char at[SKL__WHERE_MAX];
	size_t len;
	memset(&tp, 0, sizeof(tp));
	tp.text = lua_tolstring(L, 1, &len);
	check_text(L, 1, "a text", len);
	skl__check_nul(L, 1, "the text", tp.text, len);
	if (n > 2)
		return skl__argerror(L, 3, "a text shows alone (one text and an options table)");
	if (n == 2) {
		if (lua_type(L, 2) != LUA_TTABLE)
			return skl__typeerror(L, 2, "table");
		skl__opts opts = skl__opts_at(L, 2);
		skl__check_keys(L, 2, keys);
		tp.title = skl__opt_string(&opts, "title");
		text_marks(L, 2, marks, &tp.nmarks);
		tp.marks = marks;
	}
	require_scenario(L);
	where(L, at, sizeof(at));
	skl__log_room(L, strlen(at) + panel_bytes(&tp));
	skl__log_check(L, skl_events_show(rt->log, &(skl_show){.kind = SKL_SHOW_TEXT, .text = &tp}, at));
	return 0;
}

/* scene.show(k [, k2] [, {caches=, titles=, view=, report=, mark=}]). */
/* Host bytes the log keeps for c's lines. */
static size_t c2c_bytes(const skl_c2c *c)
{
	size_t b = sizeof(*c) + (size_t)c->nlines * sizeof(*c->lines);
	int i;
	for (i = 0; i < c->nlines; i++)
		b += (size_t)c->lines[i].nmembers * sizeof(*c->lines[i].members) + 32;
	return b;
}

/* scene.show(k, {view = "c2c" [, lines = N]}): perf c2c's contended lines
 * of the coherent model that feeds the kernel at karg (skl_kernel_c2c,
 * taken by the log). */
static int show_c2c(lua_State *L, int karg, int lines)
{
	skl_lua *rt = skl__rt(L);
	skl_kernel *k = skl__to_kernel(L, karg);
	char at[SKL__WHERE_MAX];
	skl_c2c *c;
	size_t bytes;
	if (!skl_kernel_has_cachesim(k))
		return skl__argerror(
		    L, karg, "view \"c2c\": the kernel has no cache model (k:cache_model(sklab.cache {}) first)");
	if (!skl_kernel_cachesim_smp(k))
		return skl__argerror(
		    L, karg,
		    "view \"c2c\": the kernel's cache model is a one-CPU model, with no other CPU to "
		    "contend for a line: boot the kernel with cpus = N (N > 1), or make the model with "
		    "sklab.cache { cpus = N }, then k:cache_model(cm)");
	where(L, at, sizeof(at));
	c = skl_kernel_c2c(k);
	if (!c)
		return skl__error(L, "out of memory");
	bytes = c2c_bytes(c) + strlen(at);
	if (!skl__log_fits(rt, bytes)) {
		skl_c2c_free(c);
		skl__log_room(L, bytes); /* raises with the limit's message */
	}
	skl__log_room(L, bytes);
	/* the log takes c, and frees it when it refuses */
	skl__log_check(L, skl_events_show(rt->log, &(skl_show){.kind = SKL_SHOW_C2C, .c2c = c, .lines = lines}, at));
	return 0;
}

static int show_kernels(lua_State *L, int n, int opts)
{
	static const char *const keys[] = {"caches", "titles", "view", "report", "mark", "lines", "pointers", NULL};
	skl_lua *rt = skl__rt(L);
	int pointers = 1;
	skl_kernel *k[2];
	skl_kernel_snap *snap[2] = {NULL, NULL};
	const char *caches[MAX_SHOW_CACHES], *titles[4];
	char resolved[2][MAX_SHOW_CACHES][32];
	const char *sel[2][MAX_SHOW_CACHES];
	int ncaches = 0, ntitles = 0, nsel[2] = {0, 0}, i, j;
	char at[SKL__WHERE_MAX];
	size_t bytes;
	skl_text_panel tp;
	const char *marks[MAX_TEXT_MARKS];
	int have_text = 0;
	memset(&tp, 0, sizeof(tp));

	if (n > 2)
		return skl__argerror(L, 3, "at most two kernels (a compare)");
	for (i = 0; i < n; i++) {
		k[i] = skl__to_kernel(L, i + 1);
		if (!k[i] && skl__to_layout(L, i + 1))
			skl__argerror(L, i + 1,
				      "kernel expected, got layout (show layouts and kernels at separate steps)");
		if (!k[i])
			skl__typeerror(L, i + 1, "kernel");
	}
	if (opts) {
		skl__opts fields = skl__opts_at(L, opts);
		const char *view;
		skl__check_keys(L, opts, keys);
		view = skl__opt_string(&fields, "view");
		if (view && strcmp(view, "slab") && strcmp(view, "cache") && strcmp(view, "c2c") &&
		    strcmp(view, "bytes"))
			return skl__argerror(
			    L, opts,
			    lua_pushfstring(L, "field 'view': '%s' is not \"slab\", \"cache\" or \"c2c\"", view));
		if (view && !strcmp(view, "c2c")) {
			lua_Integer lines = skl__opt_int(&fields, "lines", 0, 1, C2C_MAX_LINES);
			static const char *const others[] = {"caches", "titles", "report", "mark", NULL};
			const char *const *o;
			if (n != 1)
				return skl__argerror(L, opts, "view \"c2c\" shows one kernel");
			for (o = others; *o; o++)
				if (lua_getfield(L, opts, *o) != LUA_TNIL)
					return skl__argerror(
					    L, opts,
					    lua_pushfstring(
						L, "field '%s' does not go with view \"c2c\" (options: view, lines)",
						*o));
			require_scenario(L);
			return show_c2c(L, 1, (int)lines);
		}
		lua_getfield(L, opts, "lines");
		if (!lua_isnil(L, -1))
			return skl__argerror(L, opts,
					     "field 'lines' goes with view \"c2c\" (the contended lines drawn)");
		lua_pop(L, 1);
		if (view && !strcmp(view, "bytes"))
			return skl__argerror(L, opts,
					     "view \"bytes\" shows one object: scene.show(obj, {view = \"bytes\"})");
		pointers = skl__opt_bool(&fields, "pointers", 1);
		if (view && !strcmp(view, "cache")) {
			/* the cache view of the model that feeds the kernel */
			lua_getfield(L, opts, "caches");
			lua_getfield(L, opts, "titles");
			if (n != 1 || !lua_isnil(L, -1) || !lua_isnil(L, -2))
				return skl__argerror(L, opts,
						     "view \"cache\" shows one kernel, without caches or titles");
			lua_pop(L, 2);
			require_scenario(L);
			return skl__show_kernel_cache(L, 1, NULL);
		}
		string_list(L, opts, "caches", caches, MAX_SHOW_CACHES, &ncaches);
		string_list(L, opts, "titles", titles, 4, &ntitles);
		tp.text = skl__opt_string(&fields, "report");
		text_marks(L, opts, marks, &tp.nmarks);
		tp.marks = marks;
		if (tp.nmarks && !tp.text)
			return skl__argerror(L, opts, "field 'mark' marks lines of a report: give field 'report' too");
		if (tp.text) {
			check_text(L, opts, "field 'report'", strlen(tp.text));
			tp.title = "kernel log";
			have_text = 1;
		}
		if (ntitles && (n == 1 || ntitles != n))
			return skl__argerror(L, opts,
					     n == 1 ? "field 'titles' names the two sides of a compare (two kernels)"
						    : "field 'titles' needs two titles, one per kernel");
	}
	/* every cache named must exist (on at least one side of a compare) */
	for (j = 0; j < ncaches; j++) {
		int found = 0;
		for (i = 0; i < j; i++)
			if (!strcmp(caches[i], caches[j]))
				return skl__argerror(
				    L, opts, lua_pushfstring(L, "field 'caches': '%s' is listed twice", caches[j]));
		for (i = 0; i < n; i++) {
			if (real_cache_name(k[i], caches[j], resolved[i][nsel[i]], sizeof(resolved[i][0]))) {
				sel[i][nsel[i]] = resolved[i][nsel[i]];
				nsel[i]++;
				found = 1;
			}
		}
		if (!found)
			return skl__argerror(L, opts,
					     lua_pushfstring(L, "field 'caches': no cache '%s' in %s", caches[j],
							     n == 1 ? "this kernel" : "either kernel"));
	}
	require_scenario(L);
	where(L, at, sizeof(at));
	for (i = 0; i < n; i++) {
		snap[i] = skl_kernel_snapshot(k[i]);
		if (!snap[i]) {
			skl_kernel_snap_free(snap[0]);
			return skl__error(L, "out of memory");
		}
		if (ncaches)
			snap_select(snap[i], sel[i], nsel[i]);
	}
	if (n == 1 && ((pointers && add_links(rt, k[0], snap[0]) < 0) || add_objects(rt, k[0], snap[0]) < 0)) {
		skl_kernel_snap_free(snap[0]);
		return skl__error(L, "out of memory");
	}
	bytes = strlen(at) + (have_text ? panel_bytes(&tp) : 0);
	for (i = 0; i < n; i++)
		bytes += snap_bytes(snap[i]);
	if (!skl__log_fits(rt, bytes)) {
		for (i = 0; i < n; i++)
			skl_kernel_snap_free(snap[i]);
		skl__log_room(L, bytes); /* raises with the limit's message */
	}
	skl__log_room(L, bytes);
	if (skl_events_show(rt->log,
			    &(skl_show){.kind = SKL_SHOW_KERNELS,
					.kernels = snap,
					.n = n,
					.titles = ntitles ? titles : NULL,
					.view = n == 2 ? "compare" : "slab",
					.text = have_text ? &tp : NULL},
			    at) < 0) {
		for (i = 0; i < n; i++)
			skl_kernel_snap_free(snap[i]);
		skl__log_check(L, -1);
	}
	return 0;
}

static int f_show(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	int n = lua_gettop(L), i, nhl = 0;
	skl_layout **copies;
	size_t bytes = 0;
	char at[SKL__WHERE_MAX];
	const char *hl[64];
	skl_kernel *heat_k = NULL;
	skl_heat_metric metric = SKL_HEAT_MISSES;
	int level = -1;
	const char *owner = NULL;
	if (n > 0 && skl__is_cachemodel(L, 1)) {
		require_scenario(L);
		return skl__show_cache(L, n);
	}
	if (n > 0 && skl__obj_arg(L, 1, &(int){0}, &(skl_addr){0}, &(const skl_layout *){NULL}))
		return show_object(L, n);
	if (n > 0 && skl__to_kernel(L, 1))
		return show_kernels(L, lua_type(L, n) == LUA_TTABLE ? n - 1 : n, lua_type(L, n) == LUA_TTABLE ? n : 0);
	if (n > 0 && lua_type(L, 1) == LUA_TSTRING)
		return show_text(L, n);
	if (n > 0 && skl__is_skb(L, 1)) {
		require_scenario(L);
		return skl__show_skbs(L, n);
	}
	/* an options table may follow the layouts: { highlight = { "line:0", "daddr" } } */
	if (n > 0 && lua_type(L, n) == LUA_TTABLE) {
		int opts = n--, heat_at;
		lua_getfield(L, opts, "highlight");
		if (lua_type(L, -1) == LUA_TSTRING) {
			hl[nhl++] = lua_tostring(L, -1);
		} else if (lua_type(L, -1) == LUA_TTABLE) {
			int k, len = (int)luaL_len(L, -1);
			if (len > (int)(sizeof(hl) / sizeof(hl[0])))
				return skl__argerror(L, opts, "at most 64 highlights");
			for (k = 1; k <= len; k++) {
				lua_rawgeti(L, -1, k);
				if (lua_type(L, -1) != LUA_TSTRING)
					return skl__argerror(
					    L, opts, "highlight entries must be strings (member paths or \"line:N\")");
				hl[nhl++] = lua_tostring(L, -1);
				bytes += lua_rawlen(L, -1) + 16;
				lua_pop(L, 1); /* the string stays alive in the table */
			}
		} else if (!lua_isnil(L, -1)) {
			return skl__argerror(L, opts, "highlight must be a string or a list of strings");
		}
		lua_pushnil(L);
		while (lua_next(L, opts)) {
			const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
			lua_pop(L, 1);
			if (strcmp(key, "highlight") && strcmp(key, "heat") && strcmp(key, "metric") &&
			    strcmp(key, "owner"))
				return skl__argerror(L, opts,
						     "unknown option (options: highlight, heat, metric, owner)");
		}
		/* { heat = k, metric = "L1d" | "misses" | "cycles" | "accesses" | "coherence" | "hitm",
		 *   owner = "tcp_sock" } */
		heat_at = lua_gettop(L) + 1;
		if (lua_getfield(L, opts, "heat") != LUA_TNIL) {
			skl__opts fields = skl__opts_at(L, opts);
			const char *m;
			heat_k = skl__to_kernel(L, -1);
			if (!heat_k)
				return skl__argerror(
				    L, opts,
				    lua_pushfstring(L, "field 'heat': kernel expected, got %s", luaL_typename(L, -1)));
			if (!skl_kernel_has_cachesim(heat_k))
				return skl__argerror(
				    L, opts, "field 'heat': the kernel has no cache model (k:cache_model(cm) first)");
			m = skl__opt_string(&fields, "metric"); /* both stay on the stack */
			owner = skl__opt_string(&fields, "owner");
			if (!m) {
				metric = SKL_HEAT_MISSES;
			} else if (!strcmp(m, "misses")) {
				metric = SKL_HEAT_ALL_MISSES;
			} else if (!strcmp(m, "cycles")) {
				metric = SKL_HEAT_CYCLES;
			} else if (!strcmp(m, "accesses")) {
				metric = SKL_HEAT_ACCESSES;
			} else if (!strcmp(m, "coherence") || !strcmp(m, "hitm")) {
				/* the c2c overlay: only a coherent model of two CPUs or
				 * more has coherence misses and HITMs to show */
				metric = m[0] == 'c' ? SKL_HEAT_COHERENCE : SKL_HEAT_HITM;
				if (!skl_kernel_cachesim_smp(heat_k))
					return skl__argerror(
					    L, opts,
					    lua_pushfstring(
						L,
						"field 'metric': \"%s\" needs a coherent model of two "
						"CPUs or more; this kernel's model is a plain one-CPU model "
						"(sklab.kernel { cpus = 2 }, or sklab.cache { cpus = 2 })",
						m));
			} else {
				level = skl_kernel_cachesim_level(heat_k, m);
				if (level < 0)
					return skl__argerror(
					    L, opts,
					    lua_pushfstring(
						L,
						"field 'metric': '%s' is not a level of the model, \"misses\", "
						"\"cycles\", \"accesses\", \"coherence\" or \"hitm\"",
						m));
			}
			if (nhl)
				return skl__argerror(L, opts, "heat and highlight cannot be shown together");
		} else if (!lua_isnil(L, -1)) {
			return skl__argerror(L, opts, "unknown option (options: highlight, heat, metric, owner)");
		} else {
			lua_getfield(L, opts, "metric");
			lua_getfield(L, opts, "owner");
			if (!lua_isnil(L, -1) || !lua_isnil(L, -2))
				return skl__argerror(L, opts, "fields 'metric' and 'owner' go with 'heat'");
			lua_pop(L, 2);
		}
		lua_remove(L, heat_at);
	}
	for (i = 1; i <= n; i++) {
		skl_layout *l = skl__to_layout(L, i);
		if (!l && skl__to_kernel(L, i))
			skl__argerror(L, i, "layout expected, got kernel (show layouts and kernels at separate steps)");
		if (!l && skl__is_skb(L, i))
			skl__argerror(L, i, "layout expected, got skb (show layouts and skbs at separate steps)");
		if (!l)
			skl__typeerror(L, i, "layout");
		bytes += 256 + (size_t)l->nfields * (sizeof(skl_field) + 96);
	}
	require_scenario(L);
	where(L, at, sizeof(at));
	if (heat_k) {
		skl_layout *copy;
		skl_heat *heat;
		const skl_layout *shown;
		size_t room;
		if (n != 1)
			return skl__argerror(L, n + 1, "a heat overlay goes on one layout");
		shown = skl__to_layout(L, 1);
		room = (size_t)shown->nfields * sizeof(double);
		if (metric == SKL_HEAT_COHERENCE || metric == SKL_HEAT_HITM) /* per-CPU fields, per-line contention */
			room += (size_t)shown->nfields * sizeof(skl_heat_cpus) +
				(size_t)(shown->cachelines + 1) * sizeof(skl_heat_line);
		skl__log_room(L, bytes + strlen(at) + room);
		copy = skl_layout_clone(skl__to_layout(L, 1));
		heat = skl_kernel_cachesim_heat(heat_k, skl__to_layout(L, 1), owner, metric, level);
		if (!copy || !heat) {
			skl_layout_free(copy);
			skl_heat_free(heat);
			return skl__error(L, "out of memory");
		}
		skl__log_check(
		    L, skl_events_show(rt->log, &(skl_show){.kind = SKL_SHOW_HEAT, .layout = copy, .heat = heat}, at));
		return 0;
	}
	skl__log_room(L, bytes + strlen(at));
	copies = lua_newuserdatauv(L, (size_t)(n ? n : 1) * sizeof(*copies), 0);
	for (i = 0; i < n; i++) {
		copies[i] = skl_layout_clone(skl__to_layout(L, i + 1));
		if (!copies[i]) {
			while (i--)
				skl_layout_free(copies[i]);
			return skl__error(L, "out of memory");
		}
	}
	if (skl_events_show(
		rt->log,
		&(skl_show){.kind = SKL_SHOW_LAYOUTS, .layouts = copies, .n = n, .highlight = hl, .nhighlight = nhl},
		at) < 0) {
		for (i = 0; i < n; i++)
			skl_layout_free(copies[i]);
		skl__log_check(L, -1);
	}
	return 0;
}

void skl__expect_record(lua_State *L, int ok, const char *msg)
{
	skl_lua *rt = skl__rt(L);
	char at[SKL__WHERE_MAX];
	require_scenario(L);
	where(L, at, sizeof(at));
	skl__log_room(L, strlen(msg) + strlen(at));
	skl__log_check(L, skl_events_expect(rt->log, ok, msg, at));
	rt->sc.expects++;
	if (!ok && rt->sc.expect_fails++ == 0) {
		snprintf(rt->sc.first_fail, sizeof(rt->sc.first_fail), "%s", msg[0] ? msg : "(no message)");
		snprintf(rt->sc.first_fail_where, sizeof(rt->sc.first_fail_where), "%s: ", at);
	}
}

static int f_expect(lua_State *L)
{
	const char *msg;
	int ok;
	if (lua_isnone(L, 1))
		return skl__argerror(L, 1, "value expected");
	msg = skl__optarg_string(L, 2, "");
	ok = lua_toboolean(L, 1);
	skl__expect_record(L, ok, msg);
	lua_pushboolean(L, ok);
	return 1;
}

static int f_print(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	int n = lua_gettop(L), i;
	luaL_Buffer b;
	const char *text, *p;
	size_t len;
	char at[SKL__WHERE_MAX];
	luaL_buffinit(L, &b);
	for (i = 1; i <= n; i++) {
		if (i > 1)
			luaL_addchar(&b, '\t');
		skl__tostring(L, i);
		luaL_addvalue(&b);
	}
	luaL_pushresult(&b);
	text = lua_tolstring(L, -1, &len);
	skl__check_nul(L, 1, "the text printed", text, len);
	where(L, at, sizeof(at));
	if (rt->echo.write) {
		rt->echo.write(rt->echo.ud, text, len);
		rt->echo.write(rt->echo.ud, "\n", 1);
	}
	/* one event per line; a final newline does not make an empty line */
	p = text;
	do {
		const char *e = memchr(p, '\n', len - (size_t)(p - text));
		size_t n1 = e ? (size_t)(e - p) : len - (size_t)(p - text);
		skl__log_room(L, n1 + strlen(at));
		lua_pushlstring(L, p, n1);
		skl__log_check(L, skl_events_print(rt->log, lua_tostring(L, -1), at));
		lua_pop(L, 1);
		p = e ? e + 1 : text + len;
	} while (p < text + len);
	return 0;
}

/* ---- charts ---------------------------------------------------------------------------- */

#define CHART_MAX_SERIES 64
#define CHART_MAX_POINTS 10000

/* A finite number at index i of the table on top, or a raised error. */
static double chart_number(lua_State *L, int i, const char *what, int s, int p)
{
	double v;
	if (lua_rawgeti(L, -1, i) != LUA_TNUMBER)
		skl__argerror(L, 1,
			      lua_pushfstring(L, "field 'series': series %d, point %d: %s is %s, not a number", s, p,
					      what, luaL_typename(L, -1)));
	v = lua_tonumber(L, -1);
	if (!isfinite(v))
		skl__argerror(
		    L, 1,
		    lua_pushfstring(L, "field 'series': series %d, point %d: %s is not a finite number", s, p, what));
	lua_pop(L, 1);
	return v;
}

static char *dup_or_null(const char *s, int *oom)
{
	char *d;
	if (!s)
		return NULL;
	d = skl_strdup(s);
	if (!d)
		*oom = 1;
	return d;
}

/*
 * Walks the series list at the top of the stack: with c == NULL it checks
 * everything (raising on the first fault) and counts bytes; with c it
 * fills c's series (which are allocated). Returns the bytes, or 0 when
 * out of memory while filling.
 */
static size_t chart_series(lua_State *L, skl_chart *c, int nxlabels, int bars)
{
	static const char *const skeys[] = {"name", "points", NULL};
	int ns = (int)lua_rawlen(L, -1), s, p;
	size_t bytes = 0;
	for (s = 1; s <= ns; s++) {
		int np;
		const char *name;
		if (lua_rawgeti(L, -1, s) != LUA_TTABLE)
			skl__argerror(L, 1,
				      lua_pushfstring(L, "field 'series': series %d is %s, not a table", s,
						      luaL_typename(L, -1)));
		if (!c) {
			int top = lua_gettop(L);
			lua_pushnil(L);
			while (lua_next(L, top)) {
				const char *const *k;
				int ok = 0;
				lua_pop(L, 1);
				for (k = skeys; lua_type(L, -1) == LUA_TSTRING && *k; k++)
					if (!strcmp(*k, lua_tostring(L, -1)))
						ok = 1;
				if (!ok)
					skl__argerror(
					    L, 1,
					    lua_pushfstring(
						L, "field 'series': series %d has an unknown key (keys: name, points)",
						s));
			}
		}
		lua_pushliteral(L, "name");
		if (lua_rawget(L, -2) != LUA_TSTRING)
			skl__argerror(
			    L, 1,
			    lua_pushfstring(L, "field 'series': series %d: field 'name': string expected, got %s", s,
					    luaL_typename(L, -1)));
		{
			size_t nl;
			name = lua_tolstring(L, -1, &nl);
			if (memchr(name, '\0', nl))
				skl__check_nul(L, 1, lua_pushfstring(L, "field 'series': series %d: field 'name'", s),
					       name, nl);
		}
		lua_pop(L, 1);
		lua_pushliteral(L, "points");
		if (lua_rawget(L, -2) != LUA_TTABLE)
			skl__argerror(
			    L, 1,
			    lua_pushfstring(L, "field 'series': series %d: field 'points': table expected, got %s", s,
					    luaL_typename(L, -1)));
		np = (int)lua_rawlen(L, -1);
		if (np > CHART_MAX_POINTS)
			skl__argerror(L, 1,
				      lua_pushfstring(L, "field 'series': series %d has %d points (at most %d)", s, np,
						      CHART_MAX_POINTS));
		if (!c) /* the walk below, in C: about 4 units a point (budget.c) */
			skl__charge(L, (uint64_t)np * 4);
		if (c) {
			skl_chart_series *cs = &c->series[s - 1];
			int oom = 0;
			cs->name = dup_or_null(name, &oom);
			cs->x = skl_calloc((size_t)(np ? np : 1), sizeof(double));
			cs->y = skl_calloc((size_t)(np ? np : 1), sizeof(double));
			c->nseries = s;
			if (oom || !cs->x || !cs->y)
				return 0;
			for (p = 1; p <= np && !cs->lo; p++) { /* error bars: some point has {x, y, lo, hi} */
				if (lua_rawgeti(L, -1, p) == LUA_TTABLE && lua_rawlen(L, -1) >= 3) {
					cs->lo = skl_calloc((size_t)np, sizeof(double));
					cs->hi = skl_calloc((size_t)np, sizeof(double));
					if (!cs->lo || !cs->hi) {
						lua_pop(L, 1);
						return 0;
					}
				}
				lua_pop(L, 1);
			}
			cs->n = np;
		}
		for (p = 1; p <= np; p++) {
			double x, y, lo, hi;
			if (lua_rawgeti(L, -1, p) != LUA_TTABLE)
				skl__argerror(L, 1,
					      lua_pushfstring(L,
							      "field 'series': series %d, point %d is %s, not {x, y}",
							      s, p, luaL_typename(L, -1)));
			x = chart_number(L, 1, "x", s, p);
			y = chart_number(L, 2, "y", s, p);
			lo = hi = NAN;
			if (lua_rawlen(L, -1) >= 3) { /* {x, y, lo, hi}: an interval around y */
				lo = chart_number(L, 3, "lo", s, p);
				hi = chart_number(L, 4, "hi", s, p);
				bytes += 16;
				if (!(lo <= y && y <= hi))
					skl__argerror(L, 1,
						      lua_pushfstring(L,
								      "field 'series': series %d, point %d: the "
								      "interval must hold y (lo <= y <= hi)",
								      s, p));
			}
			if (bars && nxlabels && (x != floor(x) || x < 0 || x >= nxlabels))
				skl__argerror(
				    L, 1,
				    lua_pushfstring(L,
						    "field 'series': series %d, point %d: x must be a category "
						    "index from 0 to %d (xlabels)",
						    s, p, nxlabels - 1));
			if (c) {
				c->series[s - 1].x[p - 1] = x;
				c->series[s - 1].y[p - 1] = y;
				if (c->series[s - 1].lo) {
					c->series[s - 1].lo[p - 1] = lo;
					c->series[s - 1].hi[p - 1] = hi;
				}
			}
			lua_pop(L, 1);
		}
		bytes += strlen(name) + 64 + (size_t)np * 16;
		lua_pop(L, 2); /* points, the series */
	}
	return bytes;
}

static int f_chart(lua_State *L)
{
	static const char *const keys[] = {"title", "xlabel", "ylabel", "bars", "xlabels", "series", NULL};
	skl_lua *rt = skl__rt(L);
	const char *title, *xlabel, *ylabel;
	const char *xl[256];
	int bars = 0, nxl = 0, ns, i, oom = 0;
	size_t bytes;
	char at[SKL__WHERE_MAX];
	skl__opts opts;
	skl_chart *c;

	skl__check_table(L, 1);
	skl__check_keys(L, 1, keys);
	opts = skl__opts_at(L, 1);
	title = skl__opt_string(&opts, "title"); /* the three stay on the stack */
	xlabel = skl__opt_string(&opts, "xlabel");
	ylabel = skl__opt_string(&opts, "ylabel");
	bars = skl__opt_bool(&opts, "bars", 0);
	string_list(L, 1, "xlabels", xl, (int)(sizeof(xl) / sizeof(xl[0])), &nxl);
	if (lua_getfield(L, 1, "series") != LUA_TTABLE)
		skl__argerror(
		    L, 1, lua_pushfstring(L, "field 'series': list of series expected, got %s", luaL_typename(L, -1)));
	ns = (int)lua_rawlen(L, -1);
	if (ns < 1 || ns > CHART_MAX_SERIES)
		skl__argerror(L, 1,
			      lua_pushfstring(L, "field 'series': %d series (from 1 to %d)", ns, CHART_MAX_SERIES));
	bytes = chart_series(L, NULL, nxl, bars) + 256;
	bytes += (title ? strlen(title) : 0) + (xlabel ? strlen(xlabel) : 0) + (ylabel ? strlen(ylabel) : 0);
	for (i = 0; i < nxl; i++)
		bytes += strlen(xl[i]) + 16;

	require_scenario(L);
	where(L, at, sizeof(at));
	skl__log_room(L, bytes + strlen(at));

	/* everything is checked: build it (only memory can fail now) */
	c = skl_calloc(1, sizeof(*c));
	if (!c)
		return skl__error(L, "out of memory");
	c->bars = bars;
	c->title = dup_or_null(title, &oom);
	c->xlabel = dup_or_null(xlabel, &oom);
	c->ylabel = dup_or_null(ylabel, &oom);
	if (nxl) {
		c->xlabels = skl_calloc((size_t)nxl, sizeof(char *));
		if (!c->xlabels)
			oom = 1;
		for (i = 0; c->xlabels && i < nxl; i++) {
			c->xlabels[i] = dup_or_null(xl[i], &oom);
			c->nxlabels = i + 1;
		}
	}
	c->series = skl_calloc((size_t)ns, sizeof(*c->series));
	if (!c->series || oom || !chart_series(L, c, nxl, bars)) {
		skl_chart_free(c);
		return skl__error(L, "out of memory");
	}
	if (skl_events_show(rt->log, &(skl_show){.kind = SKL_SHOW_CHART, .chart = c}, at) < 0) {
		skl_chart_free(c);
		skl__log_check(L, -1);
	}
	return 0;
}

/* ---- the API slice --------------------------------------------------------------------- */

/* The bindings of this file, named as api.c's table names them. */
const skl__reg skl__scene_lib[] = {
    {"scenario", f_scenario}, {"scene.step", f_step}, {"scene.predict", f_predict}, {"scene.show", f_show},
    {"scene.chart", f_chart}, {"expect", f_expect},   {"print", f_print},	    {NULL, NULL},
};
