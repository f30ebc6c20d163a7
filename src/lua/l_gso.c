/*
 * l_gso.c - the GSO/TSO and GRO bindings (2.6.31 and 6.x; the model is
 * src/core/net/skb_gso.c): tcp_sendmsg's copies into page frags, the gso
 * fields, skb_segment returning the segments, skb_gro_receive merging a
 * frame into the packet GRO holds, napi_gro_complete, and the frag_list.
 * On a 2.4 kernel every one of them raises, saying why. The skb handles
 * are l_skb.c's; nothing here reads a clock.
 */
#include "l_skb.h"

#include <string.h>

#define SEGS_MAX 64 /* 64 KB of payload in segments of at least 1 KB */

/* skl__engine_begin and the scenario as the caller panics name. */
static void op_begin(lua_State *L, skl_skb *skb, skl__engine *e)
{
	skl__engine_begin(L, e);
	skl_net_set_caller(skl_skb_net(skb), NULL);
}

static int s_add_tx_frag(lua_State *L)
{
	skl_skb *skb = skl__check_skb(L, 1);
	skl_payload pl = skl__frag_payload_arg(L, "a copy of 0 bytes");
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_add_tx_frag(skb, pl.len, &pl, &err);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	lua_pushinteger(L, rc);
	return 1;
}

static int s_set_gso(lua_State *L)
{
	skl_skb *skb = skl__check_skb(L, 1);
	lua_Integer mss = skl__check_integer(L, 2);
	skl_error err;
	skl__engine e;
	int rc;
	if (mss < 0 || mss > 65535)
		skl__argerror(L, 2, lua_pushfstring(L, "mss %I: gso_size is an unsigned short", mss));
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_set_gso(skb, (uint32_t)mss, 0, &err);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	lua_pushinteger(L, skl_skb_gso_segs(skb));
	return 1;
}

static int s_segment(lua_State *L)
{
	int ki, sg = 1, n, i, rc;
	skl_skb *skb = skl__check_skb_ki(L, 1, &ki), *segs[SEGS_MAX];
	skl_error err;
	skl__engine e;
	if (!lua_isnoneornil(L, 2)) {
		skl__opts o = skl__opts_at(L, 2);
		sg = skl__opt_bool(&o, "sg", 1);
	}
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = n = skl_skb_segment(skb, sg, segs, SEGS_MAX, &err);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc < 0 ? rc : 0, &err))
		return 2;
	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		skl__push_skb(L, ki, segs[i]);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int s_gro_receive(lua_State *L)
{
	int ki, ki2, rc;
	skl_skb *p = skl__check_skb_ki(L, 1, &ki), *skb = skl__check_skb_ki(L, 2, &ki2);
	skl_error err;
	skl__engine e;
	if (ki != ki2)
		skl__argerror(L, 2, "the frame is on another kernel");
	op_begin(L, p, &e);
	skl_error_clear(&err);
	rc = skl_skb_gro_receive(&p, skb, &err);
	skl__engine_end(&e);
	if (rc == SKL_SKB_E2BIG) {
		lua_pushliteral(L, "e2big");
	} else {
		if (skl__skb_result(L, rc, &err))
			return 2;
		lua_pushstring(L, rc == SKL_GRO_MERGED_FREE ? "merged_free" : "merged");
	}
	skl__push_skb(L, ki, p);
	return 2;
}

static int s_gro_complete(lua_State *L)
{
	skl_skb *skb = skl__check_skb(L, 1);
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_gro_complete(skb, &err);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	lua_pushinteger(L, rc);
	return 1;
}

static int s_frag_list(lua_State *L)
{
	int ki, i, n;
	skl_skb *skb = skl__check_skb_ki(L, 1, &ki);
	n = skl_skb_frag_list_len(skb);
	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		skl__push_skb(L, ki, skl_skb_frag_list_at(skb, i));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* ---- the API slice --------------------------------------------------------------------- */

const skl__reg skl__gso_lib[] = {
    {"skb:add_tx_frag", s_add_tx_frag},
    {"skb:set_gso", s_set_gso},
    {"skb:segment", s_segment},
    {"skb:gro_receive", s_gro_receive},
    {"skb:gro_complete", s_gro_complete},
    {"skb:frag_list", s_frag_list},
    {NULL, NULL},
};
