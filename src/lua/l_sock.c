/*
 * l_sock.c - socket memory accounting from a scenario: k:socket{} makes a
 * socket in the kernel's networking core (sock.h), sock:queue_rcv(skb)
 * hands it a received skb the way its protocol queues one, sock:recv()
 * reads the first, sock:wmalloc(n) allocates a transmit skb charged to it,
 * and the fields read its counters (rmem_alloc, wmem_alloc, forward_alloc
 * against rcvbuf and sndbuf).
 *
 * A handle names its socket by kernel and id and is resolved on each call:
 * a closed socket, or one whose run has ended, says "stale sock handle".
 * A full receive buffer is the expected failure: nil and the kernel's
 * reason (-ENOMEM), the skb left to the scenario to free, as the kernel's
 * caller frees a dropped skb.
 */
#include "l_skb.h"
#include "sklab/sock.h"

#include <string.h>

#define SOCK_MT "sklab.sock"

typedef struct lsock {
	int kernel;
	uint64_t id;
	char name[32];
} lsock;

/* Names for metamethod errors. */
static const skl__api e_sock = {"sock", "", "", SKL__API_INDEX};

/* The socket of the handle at arg; raises on another value and a stale handle. */
static skl_sock *check_sock(lua_State *L, int arg, lsock **out)
{
	skl_lua *rt = skl__rt(L);
	lsock *h = luaL_testudata(L, arg, SOCK_MT);
	skl_sock *sk = NULL;
	if (!h)
		skl__typeerror(L, arg, "sock");
	if (h->kernel >= 0 && h->kernel < skl__kernel_count(rt))
		sk = skl_net_sock(skl__skb_net_of(L, h->kernel), h->id);
	if (!sk)
		skl__argerror(L, arg, lua_pushfstring(L, "stale sock handle: %s was closed", h->name));
	if (out)
		*out = h;
	return sk;
}

/* k:socket{proto=, rcvbuf=, sndbuf=, name=} */
static int k_socket(lua_State *L)
{
	static const char *const keys[] = {"proto", "rcvbuf", "sndbuf", "name", NULL};
	skl_net *net;
	int ki = skl__skb_kernel_arg(L, 1, &net);
	skl_sock_opts o;
	skl_error err;
	skl_sock *sk;
	lsock *h;
	const char *proto, *name;
	skl__opts opts;
	memset(&o, 0, sizeof(o));
	if (!lua_isnoneornil(L, 2)) {
		skl__check_table(L, 2);
		skl__check_keys(L, 2, keys);
	} else {
		lua_settop(L, 1);
		lua_newtable(L);
	}
	opts = skl__opts_at(L, 2);
	opts.flags = SKL__OPT_SAY_VALUE;
	proto = skl__opt_string(&opts, "proto");
	if (proto && !strcmp(proto, "raw"))
		o.proto = SKL_SOCK_RAW;
	else if (proto && strcmp(proto, "udp"))
		skl__argerror(L, 2, lua_pushfstring(L, "field 'proto': '%s' is not \"udp\" or \"raw\"", proto));
	lua_pop(L, 1);
	o.so_rcvbuf = skl__opt_int(&opts, "rcvbuf", 0, 0, 0x7fffffff);
	o.so_sndbuf = skl__opt_int(&opts, "sndbuf", 0, 0, 0x7fffffff);
	name = skl__opt_string(&opts, "name"); /* stays on the stack while used */
	o.name = name;
	skl_error_clear(&err);
	sk = skl_sock_new(net, &o, &err);
	if (!sk)
		return skl__fail(L, err.msg);
	h = lua_newuserdatauv(L, sizeof(*h), 0);
	memset(h, 0, sizeof(*h));
	h->kernel = ki;
	h->id = skl_sock_id(sk);
	snprintf(h->name, sizeof(h->name), "%s", skl_sock_name(sk));
	luaL_setmetatable(L, SOCK_MT);
	return 1;
}

/* sock:queue_rcv(skb) */
static int k_queue_rcv(lua_State *L)
{
	skl_sock *sk = check_sock(L, 1, NULL);
	skl_skb *skb = skl__check_skb(L, 2);
	skl_error err;
	skl__engine e;
	int rc;
	skl__engine_begin(L, &e);
	skl_error_clear(&err);
	rc = skl_sock_queue_rcv(sk, skb, &err);
	skl__engine_end(&e);
	if (rc == SKL_SOCK_ENOMEM || rc == SKL_SOCK_ENOBUFS || rc == SKL_SKB_ENOMEM)
		return skl__fail(L, err.msg);
	if (rc < 0)
		return skl__error(L, "%s: %s", skl__fname(L), err.msg);
	lua_pushboolean(L, 1);
	return 1;
}

/* sock:recv() */
static int k_recv(lua_State *L)
{
	skl_sock *sk = check_sock(L, 1, NULL);
	skl_error err;
	skl__engine e;
	int64_t n;
	skl__engine_begin(L, &e);
	skl_error_clear(&err);
	n = skl_sock_recv(sk, &err);
	skl__engine_end(&e);
	if (n < 0)
		return skl__fail(L, err.msg);
	lua_pushinteger(L, (lua_Integer)n);
	return 1;
}

/* sock:wmalloc(n [, force]) */
static int k_wmalloc(lua_State *L)
{
	lsock *h;
	skl_sock *sk = check_sock(L, 1, &h);
	uint32_t n = skl__skb_len_arg(L, 2, "size");
	int force = lua_toboolean(L, 3);
	skl_error err;
	skl__engine e;
	skl_skb *skb;
	int rc;
	if (n > 0x40000000u)
		skl__argerror(L, 2, lua_pushfstring(L, "size %d: larger requests are not sk_buffs", (int)n));
	skl__engine_begin(L, &e);
	skl_error_clear(&err);
	skb = skl_sock_wmalloc(sk, n, force, &rc, &err);
	skl__engine_end(&e);
	if (!skb)
		return skl__fail(L, err.msg);
	skl__push_skb(L, h->kernel, skb);
	return 1;
}

/* sock:close() */
static int k_close(lua_State *L)
{
	skl_sock *sk = check_sock(L, 1, NULL);
	skl__engine e;
	skl__engine_begin(L, &e);
	skl_sock_free(sk);
	skl__engine_end(&e);
	return 0;
}

/* ---- fields and the class ----------------------------------------------------------------- */

static int sock_index(lua_State *L)
{
	skl_sock *sk = check_sock(L, 1, NULL);
	skl_sock_stats st;
	skl_skb_params p;
	const char *key;
	if (lua_type(L, 2) != LUA_TSTRING)
		return skl__error(L, "sock has no field [%s]", luaL_typename(L, 2));
	key = lua_tostring(L, 2);
	if (lua_getfield(L, lua_upvalueindex(2), key) != LUA_TNIL)
		return 1;
	skl_sock_stats_get(sk, &st);
	skl_net_params(skl__skb_net_of(L, ((lsock *)lua_touserdata(L, 1))->kernel), &p);
	if (!strcmp(key, "rmem_alloc"))
		lua_pushinteger(L, st.rmem_alloc);
	else if (!strcmp(key, "wmem_alloc"))
		lua_pushinteger(L, st.wmem_alloc);
	else if (!strcmp(key, "forward_alloc"))
		lua_pushinteger(L, st.forward_alloc);
	else if (!strcmp(key, "forward_deficit"))
		lua_pushinteger(L, st.forward_deficit);
	else if (!strcmp(key, "rcvbuf"))
		lua_pushinteger(L, st.rcvbuf);
	else if (!strcmp(key, "sndbuf"))
		lua_pushinteger(L, st.sndbuf);
	else if (!strcmp(key, "memory_allocated"))
		lua_pushinteger(L, st.memory_allocated);
	else if (!strcmp(key, "qlen"))
		lua_pushinteger(L, st.qlen);
	else if (!strcmp(key, "drops"))
		lua_pushinteger(L, (lua_Integer)st.drops);
	else if (!strcmp(key, "queued"))
		lua_pushinteger(L, (lua_Integer)st.queued);
	else if (!strcmp(key, "received"))
		lua_pushinteger(L, (lua_Integer)st.received);
	else if (!strcmp(key, "name"))
		lua_pushstring(L, skl_sock_name(sk));
	else if (!strcmp(key, "proto"))
		lua_pushstring(L, skl_sock_protocol(sk) == SKL_SOCK_RAW ? "raw" : "udp");
	else if (!strcmp(key, "era"))
		lua_pushstring(L, p.name);
	else
		return skl__error(L, "sock has no field '%s'", key);
	return 1;
}

static int sock_tostring(lua_State *L)
{
	lsock *h = luaL_checkudata(L, 1, SOCK_MT);
	skl_lua *rt = skl__rt(L);
	skl_sock *sk = NULL;
	skl_sock_stats st;
	if (h->kernel >= 0 && h->kernel < skl__kernel_count(rt))
		sk = skl_net_sock(skl__skb_net_of(L, h->kernel), h->id);
	if (!sk) {
		lua_pushfstring(L, "sock(%s, closed)", h->name);
		return 1;
	}
	skl_sock_stats_get(sk, &st);
	lua_pushfstring(L, "sock(%s, rmem_alloc %I/%I, wmem_alloc %I/%I)", h->name, (lua_Integer)st.rmem_alloc,
			(lua_Integer)st.rcvbuf, (lua_Integer)st.wmem_alloc, (lua_Integer)st.sndbuf);
	return 1;
}

static int read_only(lua_State *L)
{
	return skl__error(L, "sock objects are read-only");
}

void skl__sock_open(lua_State *L)
{
	skl__new_class(L, SOCK_MT, "sock", "sock", &e_sock, sock_index, read_only, sock_tostring, NULL);
}

/* ---- the API slice --------------------------------------------------------------------- */

/* The bindings of this file, named as api.c's table names them. */
const skl__reg skl__sock_lib[] = {
    {"k:socket", k_socket},	 {"sock:queue_rcv", k_queue_rcv}, {"sock:recv", k_recv},
    {"sock:wmalloc", k_wmalloc}, {"sock:close", k_close},	  {NULL, NULL},
};
