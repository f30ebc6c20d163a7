/*
 * l_path.c - the TCP transmit and receive paths as steppers: sklab.tx_tcp
 * (one segment from its allocation to the ACK that frees it) and sklab.rx
 * (a received frame from the driver's buffer to the socket), one kernel
 * step per p:next(), or up to a named step with p:run(until). A path owns
 * the engine's stepper (ended when the path is collected) and shows its
 * skb and clone through the skb handles of l_skb.c. A kernel panic in a
 * step raises as an skb operation's does.
 */
#include "l_skb.h"

#include <string.h>

#define PATH_MT "sklab.path"

typedef struct lpath {
	skl_skb_path *p; /* NULL once collected */
	int kernel;
	int rx;
} lpath;

/* Names for metamethod errors. */
static const skl__api e_path = {"path", "", "", SKL__API_INDEX};

static lpath *check_path(lua_State *L, int arg)
{
	lpath *p = luaL_testudata(L, arg, PATH_MT);
	if (!p)
		skl__typeerror(L, arg, "path");
	if (!p->p || p->kernel >= skl__kernel_count(skl__rt(L)))
		skl__error(L, "stale path handle (its run has ended)");
	return p;
}

/* The flow and device options the two paths share. */
static void path_flow(const skl__opts *opts, skl_path_opts *o)
{
	lua_State *L = opts->L;
	skl_flow *f = &o->flow;
	skl__hdr_opt_mac(opts, "src_mac", f->src_mac);
	skl__hdr_opt_mac(opts, "dst_mac", f->dst_mac);
	f->saddr = skl__hdr_opt_ipv4(opts, "src", f->saddr);
	f->daddr = skl__hdr_opt_ipv4(opts, "dst", f->daddr);
	f->sport = (uint16_t)skl__opt_int(opts, "sport", f->sport, 0, 65535);
	f->dport = (uint16_t)skl__opt_int(opts, "dport", f->dport, 0, 65535);
	f->seq = (uint32_t)skl__opt_int(opts, "seq", f->seq, 0, 0xffffffff);
	f->ack = (uint32_t)skl__opt_int(opts, "ack", f->ack, 0, 0xffffffff);
	f->ip_id = (uint16_t)skl__opt_int(opts, "id", f->ip_id, 0, 65535);
	f->ttl = (uint8_t)skl__opt_int(opts, "ttl", f->ttl ? f->ttl : 64, 1, 255);
	f->window = (uint16_t)skl__opt_int(opts, "window", f->window ? f->window : 502, 1, 65535);
	f->tcp_flags = skl__hdr_opt_flags(opts, "flags", f->tcp_flags ? f->tcp_flags : SKL_TCP_ACK | SKL_TCP_PSH);
	f->timestamps = skl__opt_bool(opts, "timestamps", f->timestamps);
	if (lua_getfield(L, 2, "dev") != LUA_TNIL)
		o->dev = skl__skb_dev_arg(L, lua_gettop(L)); /* stays on the stack: the string lives */
	else
		lua_pop(L, 1);
}

static int path_new(lua_State *L, int rx)
{
	static const char *const tx_keys[] = {"payload", "mss",	   "no_sg", "src",	  "dst", "src_mac",
					      "dst_mac", "sport",  "dport", "seq",	  "ack", "id",
					      "ttl",	 "window", "flags", "timestamps", "dev", NULL};
	static const char *const rx_keys[] = {"frame_len", "buf_len", "src",	    "dst", "src_mac", "dst_mac",
					      "sport",	   "dport",   "seq",	    "ack", "id",      "ttl",
					      "window",	   "flags",   "timestamps", "dev", NULL};
	skl_net *net;
	int ki = skl__skb_kernel_arg(L, 1, &net);
	skl_path_opts o;
	skl_error err;
	lpath *p;
	skl__opts opts;
	skl_path_opts_default(&o);
	if (!lua_isnoneornil(L, 2)) {
		skl__check_table(L, 2);
		skl__check_keys(L, 2, rx ? rx_keys : tx_keys);
	} else {
		lua_settop(L, 1);
		lua_newtable(L);
	}
	opts = skl__opts_at(L, 2);
	opts.flags = SKL__OPT_SAY_VALUE;
	path_flow(&opts, &o);
	if (!rx) {
		lua_Integer mss = skl__opt_int(&opts, "mss", 1448, 1, 65495);
		const skl_hdr *pl;
		o.payload.len = (uint32_t)mss;
		if (lua_getfield(L, 2, "payload") != LUA_TNIL) {
			if ((pl = skl__to_hdr(L, -1)) != NULL) {
				if (pl->kind != SKL_HDR_PAYLOAD)
					skl__argerror(L, 2,
						      lua_pushfstring(L, "field 'payload': a payload, not a %s",
								      skl_hdr_name(pl->kind)));
				o.payload = pl->u.payload;
			} else if (lua_type(L, -1) == LUA_TNUMBER) {
				o.payload.len = (uint32_t)skl__opt_int(&opts, "payload", 0, 1, 65495);
				lua_pushnil(L); /* balances the pop below */
			} else {
				skl__argerror(L, 2,
					      lua_pushfstring(L, "field 'payload': number or payload expected, got %s",
							      luaL_typename(L, -1)));
			}
			if (o.payload.len == 0 || o.payload.len > (uint32_t)mss)
				skl__argerror(
				    L, 2,
				    lua_pushfstring(L, "field 'payload': %d bytes do not fit one %d-byte segment (mss)",
						    (int)o.payload.len, (int)mss));
		}
		lua_pop(L, 1);
		o.no_sg = skl__opt_bool(&opts, "no_sg", 0);
	} else {
		uint32_t hl = SKL_ETH_HLEN + SKL_IPV4_HLEN + (o.flow.timestamps ? 32 : 20);
		lua_Integer fl = skl__opt_int(&opts, "frame_len", 1514, hl + 1, 9014);
		o.payload.len = (uint32_t)fl - hl;
		o.rx_buf_len = (uint32_t)skl__opt_int(&opts, "buf_len", 0, 0, 16384);
		if (o.rx_buf_len && o.rx_buf_len < (uint32_t)fl)
			skl__argerror(L, 2,
				      lua_pushfstring(L,
						      "field 'buf_len': a %d-byte buffer cannot take a %d-byte frame",
						      (int)o.rx_buf_len, (int)fl));
	}
	p = lua_newuserdatauv(L, sizeof(*p), 0);
	memset(p, 0, sizeof(*p));
	luaL_setmetatable(L, PATH_MT);
	skl_error_clear(&err);
	p->p = rx ? skl_skb_rx_tcp_begin(net, &o, &err) : skl_skb_tx_tcp_begin(net, &o, &err);
	if (!p->p)
		return skl__error(L, "%s: %s", skl__fname(L), err.msg);
	p->kernel = ki;
	p->rx = rx;
	return 1;
}

static int f_tx_tcp(lua_State *L)
{
	return path_new(L, 0);
}

static int f_rx(lua_State *L)
{
	return path_new(L, 1);
}

/* One step: 1 done, 0 none left; raises on a panic or a refusal; -1 with
 * nil and the reason pushed when memory ran out. */
static int path_step(lua_State *L, lpath *p)
{
	skl_net *net = skl__skb_net_of(L, p->kernel);
	skl_error err;
	skl__engine e;
	int rc;
	skl__engine_begin(L, &e);
	skl_net_set_caller(net, NULL);
	skl_error_clear(&err);
	rc = skl_skb_path_step(p->p, &err);
	skl_net_set_caller(net, NULL);
	skl__engine_end(&e);
	if (rc >= 0)
		return rc;
	skl__skb_result(L, rc, &err);
	return -1;
}

static int p_next(lua_State *L)
{
	lpath *p = check_path(L, 1);
	int rc = path_step(L, p);
	if (rc < 0)
		return 2;
	if (rc == 0) {
		lua_pushnil(L);
		return 1;
	}
	lua_pushstring(L, skl_skb_path_step_name(p->p, skl_skb_path_ndone(p->p) - 1));
	lua_pushstring(L, skl_skb_path_caption(p->p));
	return 2;
}

static int p_run(lua_State *L)
{
	lpath *p = check_path(L, 1);
	const char *until = skl__optarg_string(L, 2, NULL);
	int n = 0, i, found = !until;
	for (i = 0; until && skl_skb_path_step_name(p->p, i); i++)
		if (!strcmp(skl_skb_path_step_name(p->p, i), until)) {
			found = 1;
			if (i < skl_skb_path_ndone(p->p))
				skl__argerror(L, 2, lua_pushfstring(L, "step '%s' is done already", until));
		}
	if (!found) {
		luaL_Buffer b;
		luaL_buffinit(L, &b);
		for (i = 0; skl_skb_path_step_name(p->p, i); i++) {
			if (i)
				luaL_addstring(&b, ", ");
			luaL_addstring(&b, skl_skb_path_step_name(p->p, i));
		}
		luaL_pushresult(&b);
		skl__argerror(L, 2, lua_pushfstring(L, "no step '%s' (steps: %s)", until, lua_tostring(L, -1)));
	}
	for (;;) {
		int done = skl_skb_path_ndone(p->p), rc;
		if (until && done > 0 && !strcmp(skl_skb_path_step_name(p->p, done - 1), until))
			break;
		rc = path_step(L, p);
		if (rc < 0)
			return 2;
		if (rc == 0)
			break;
		n++;
	}
	lua_pushinteger(L, n);
	return 1;
}

static int path_gc(lua_State *L)
{
	lpath *p = luaL_testudata(L, 1, PATH_MT);
	if (p && p->p) {
		skl_skb_path_end(p->p);
		p->p = NULL;
	}
	return 0;
}

/* ---- fields and the class ----------------------------------------------------------------- */

static int path_index(lua_State *L)
{
	lpath *p = check_path(L, 1);
	const char *key;
	int done = skl_skb_path_ndone(p->p), i;
	if (lua_type(L, 2) != LUA_TSTRING)
		return skl__error(L, "path has no field [%s]", luaL_typename(L, 2));
	key = lua_tostring(L, 2);
	if (lua_getfield(L, lua_upvalueindex(2), key) != LUA_TNIL)
		return 1;
	if (!strcmp(key, "skb") || !strcmp(key, "clone")) {
		skl_skb *skb = key[0] == 's' ? skl_skb_path_skb(p->p) : skl_skb_path_clone(p->p);
		if (skb)
			skl__push_skb(L, p->kernel, skb);
		else
			lua_pushnil(L);
	} else if (!strcmp(key, "step")) {
		if (done)
			lua_pushstring(L, skl_skb_path_step_name(p->p, done - 1));
		else
			lua_pushnil(L);
	} else if (!strcmp(key, "caption")) {
		lua_pushstring(L, skl_skb_path_caption(p->p));
	} else if (!strcmp(key, "done")) {
		lua_pushinteger(L, done);
	} else if (!strcmp(key, "steps")) {
		lua_newtable(L);
		for (i = 0; skl_skb_path_step_name(p->p, i); i++) {
			lua_pushstring(L, skl_skb_path_step_name(p->p, i));
			lua_rawseti(L, -2, i + 1);
		}
	} else if (!strcmp(key, "kind")) {
		lua_pushstring(L, p->rx ? "rx" : "tx_tcp");
	} else {
		return skl__error(L, "path has no field '%s'", key);
	}
	return 1;
}

static int path_tostring(lua_State *L)
{
	lpath *p = luaL_checkudata(L, 1, PATH_MT);
	if (!p->p) {
		lua_pushliteral(L, "path(ended)");
		return 1;
	}
	lua_pushfstring(L, "path(%s, %d of %d steps done)", p->rx ? "rx" : "tx_tcp", skl_skb_path_ndone(p->p),
			skl_skb_path_nsteps(p->p));
	return 1;
}

static int read_only(lua_State *L)
{
	return skl__error(L, "path objects are read-only");
}

int skl__is_path(lua_State *L, int arg)
{
	return luaL_testudata(L, arg, PATH_MT) != NULL;
}

void skl__path_skbs(lua_State *L, int arg, skl_skb **skb, skl_skb **clone)
{
	lpath *p = check_path(L, arg);
	*skb = skl_skb_path_skb(p->p);
	*clone = skl_skb_path_clone(p->p);
}

void skl__path_open(lua_State *L)
{
	skl__new_class(L, PATH_MT, "path", "path", &e_path, path_index, read_only, path_tostring, path_gc);
}

/* ---- the API slice --------------------------------------------------------------------- */

/* The bindings of this file, named as api.c's table names them. */
const skl__reg skl__path_lib[] = {
    {"sklab.tx_tcp", f_tx_tcp}, {"sklab.rx", f_rx}, {"path:next", p_next}, {"path:run", p_run}, {NULL, NULL},
};
