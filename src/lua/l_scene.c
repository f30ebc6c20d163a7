/*
 * l_scene.c - the scenario's own calls: scenario{}, scene.step,
 * scene.show, expect and print. Each appends one event (print one per
 * line) tagged with the scenario line that made it. Nothing here changes
 * engine state.
 */
#include "lua_impl.h"

#include <string.h>

/* A string field of the table at arg; NULL when absent and not required. */
static const char *field_string(lua_State *L, int arg, const char *key, int required)
{
	int t = lua_getfield(L, arg, key);
	const char *s;
	if (t == LUA_TNIL && !required) {
		lua_pop(L, 1);
		return NULL;
	}
	if (t != LUA_TSTRING)
		skl__argerror(L, arg,
			      lua_pushfstring(L, "field '%s': string expected, got %s", key,
					      t == LUA_TNIL ? "nil" : luaL_typename(L, -1)));
	s = lua_tostring(L, -1);
	lua_pop(L, 1); /* the table keeps it alive */
	return s;
}

static void require_scenario(lua_State *L)
{
	if (!skl__rt(L)->scenario_called)
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

int skl__f_scenario(lua_State *L)
{
	static const char *const keys[] = {"title", "goal", "profile", "length", NULL};
	skl_lua *rt = skl__rt(L);
	const char *title, *goal, *profile;
	char at[SKL__WHERE_MAX];
	skl_error err;

	skl__check_table(L, 1);
	skl__check_keys(L, 1, keys);
	title = field_string(L, 1, "title", 1);
	goal = field_string(L, 1, "goal", 1);
	profile = field_string(L, 1, "profile", 1);
	if (lua_getfield(L, 1, "length") != LUA_TNIL && lua_type(L, -1) != LUA_TSTRING) {
		if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1)
			skl__argerror(L, 1, "field 'length' must be a duration (\"10 minutes\") or a number of steps");
	}
	lua_pop(L, 1);
	if (!title[0])
		skl__argerror(L, 1, "field 'title' is empty");
	if (rt->scenario_called)
		return skl__error(L, "scenario{} called twice (first at %s)", rt->scenario_where);

	if (rt->header_only) {
		snprintf(rt->hdr_title, sizeof(rt->hdr_title), "%s", title);
		snprintf(rt->hdr_goal, sizeof(rt->hdr_goal), "%s", goal);
		snprintf(rt->hdr_profile, sizeof(rt->hdr_profile), "%s", profile);
		return skl__header_done(L);
	}

	if (!skl__valid_name(profile) || !profile_known(L, profile))
		return skl__argerror(
		    L, 1,
		    lua_pushfstring(L, "field 'profile': unknown profile '%s' (known: %s)", profile,
				    skl__valid_name(profile) ? lua_tostring(L, -1) : "see sklab.profiles()"));
	lua_pop(L, 1);
	if (skl_data_load_profile(rt->data_dir, profile, &rt->profile, &err) < 0) {
		char msg[700];
		skl_error_format(&err, msg, sizeof(msg));
		return skl__error(L, "scenario: %s", msg);
	}
	where(L, at, sizeof(at));
	skl__log_room(L, strlen(title) + strlen(goal) + strlen(profile) + strlen(at));
	skl__log_check(L, skl_events_scenario(rt->log, title, goal, profile, at));
	rt->have_profile = 1;
	rt->scenario_called = 1;
	snprintf(rt->scenario_where, sizeof(rt->scenario_where), "%s", at);
	return 0;
}

int skl__f_step(lua_State *L)
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

int skl__f_show(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	int n = lua_gettop(L), i, nhl = 0;
	skl_layout **copies;
	size_t bytes = 0;
	char at[SKL__WHERE_MAX];
	const char *hl[64];
	/* an options table may follow the layouts: { highlight = { "line:0", "daddr" } } */
	if (n > 0 && lua_type(L, n) == LUA_TTABLE) {
		int opts = n--;
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
					return skl__argerror(L, opts, "highlight entries must be strings (member paths or \"line:N\")");
				hl[nhl++] = lua_tostring(L, -1);
				bytes += lua_rawlen(L, -1) + 16;
				lua_pop(L, 1); /* the string stays alive in the table */
			}
		} else if (!lua_isnil(L, -1)) {
			return skl__argerror(L, opts, "highlight must be a string or a list of strings");
		}
		lua_pushnil(L);
		while (lua_next(L, opts)) {
			lua_pop(L, 1);
			if (lua_type(L, -1) != LUA_TSTRING || strcmp(lua_tostring(L, -1), "highlight") != 0)
				return skl__argerror(L, opts, "unknown option (options: highlight)");
		}
	}
	for (i = 1; i <= n; i++) {
		skl_layout *l = skl__to_layout(L, i);
		if (!l)
			skl__typeerror(L, i, "layout");
		bytes += 256 + (size_t)l->nfields * (sizeof(skl_field) + 96);
	}
	require_scenario(L);
	where(L, at, sizeof(at));
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
	if (skl_events_show_ex(rt->log, copies, n, hl, nhl, at) < 0) {
		for (i = 0; i < n; i++)
			skl_layout_free(copies[i]);
		skl__log_check(L, -1);
	}
	return 0;
}

int skl__f_expect(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	const char *msg;
	char at[SKL__WHERE_MAX];
	int ok;
	if (lua_isnone(L, 1))
		return skl__argerror(L, 1, "value expected");
	msg = skl__opt_string(L, 2, "");
	require_scenario(L);
	ok = lua_toboolean(L, 1);
	where(L, at, sizeof(at));
	skl__log_room(L, strlen(msg) + strlen(at));
	skl__log_check(L, skl_events_expect(rt->log, ok, msg, at));
	rt->expects++;
	if (!ok && rt->expect_fails++ == 0) {
		snprintf(rt->first_fail, sizeof(rt->first_fail), "%s", msg[0] ? msg : "(no message)");
		snprintf(rt->first_fail_where, sizeof(rt->first_fail_where), "%s: ", at);
	}
	lua_pushboolean(L, ok);
	return 1;
}

int skl__f_print(lua_State *L)
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
