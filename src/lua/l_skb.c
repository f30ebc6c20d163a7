/*
 * l_skb.c - the sk_buff bindings: sklab.kernel's skb options, the kernel's
 * skb allocators (k:alloc_skb & co.), skb handles and their operations,
 * scene.show of skbs, and expect_panic. Header objects are in l_hdr.c,
 * the transmit and receive paths in l_path.c, capture files in l_pcap.c.
 *
 * An skb lives in its kernel's networking core (one skl_net per kernel,
 * freed when the run ends); a handle names it by kernel and id and is
 * resolved on every call, so a freed skb says "stale skb handle" instead
 * of dangling. One handle exists per skb, so handles compare equal.
 * Programmer errors raise; what the kernel refuses for want of memory
 * comes back as nil and the reason. A kernel panic (skb_over_panic,
 * skb_under_panic, a BUG) raises a Lua error whose message is the
 * kernel's panic line: pcall catches it, the skb stays as the kernel left
 * it, and the panic event is in the log. Nothing here reads a clock.
 */
#include "l_skb.h"

#include <stdio.h>
#include <string.h>

#define SKB_MT "sklab.skb"

#define LEN_MAX 0x7fffffff   /* skb_put & co. take an unsigned int; sklab keeps to INT_MAX */
#define ALLOC_MAX 0x40000000 /* larger requests are not sk_buffs */
#define SHOW_MAX 8	     /* snapshots in one SHOW */
#define BYTES_MAX (1u << 20) /* skb:bytes() returns at most this much */

typedef struct lskb {
	int kernel; /* index into the run's kernels */
	uint64_t id;
	char name[32];	    /* the skb's name when last seen, for messages */
	char freed_at[128]; /* where skb:free freed it */
} lskb;

/* The skbs of a run (struct skl_lua's skbs): one networking core per
 * kernel, freed before the kernels, and the panics raised as Lua errors. */
struct skl__skbs {
	skl_net *nets[SKL__MAX_KERNELS];
	int panics;
	char last_panic[512];
};

/* Names for metamethod errors. */
static const skl__api e_skb = {"skb", "", "", SKL__API_INDEX};

/* The registry key of the table that maps an skl_skb to its handle. */
static const char handles_key = 0;

/* ---- small helpers ------------------------------------------------------------------- */

/* A length argument: an integer from 0 to INT_MAX. */
uint32_t skl__skb_len_arg(lua_State *L, int arg, const char *what)
{
	lua_Integer v = skl__check_integer(L, arg);
	if (v < 0)
		skl__argerror(L, arg, lua_pushfstring(L, "%s %I: it cannot be negative", what, v));
	if (v > LEN_MAX)
		skl__argerror(L, arg, lua_pushfstring(L, "%s %I is above INT_MAX", what, v));
	return (uint32_t)v;
}

/* What an skb operation returned (see l_skb.h). */
int skl__skb_result(lua_State *L, int rc, const skl_error *err)
{
	skl_lua *rt = skl__rt(L);
	if (rc >= 0)
		return 0;
	if (rc == SKL_SKB_EPANIC) {
		rt->skbs->panics++;
		snprintf(rt->skbs->last_panic, sizeof(rt->skbs->last_panic), "%s", err->msg);
		lua_pushstring(L, err->msg);
		return lua_error(L);
	}
	if (rc == SKL_SKB_ENOMEM)
		return skl__fail(L, err->msg[0] ? err->msg : "out of memory");
	return skl__error(L, "%s: %s", skl__fname(L), err->msg[0] ? err->msg : "refused");
}

/* ---- nets ------------------------------------------------------------------------------ */

static int kernel_index(skl_lua *rt, const skl_kernel *k)
{
	int i;
	for (i = 0; i < skl__kernel_count(rt); i++)
		if (skl__kernel_at(rt, i) == k)
			return i;
	return -1;
}

/* struct sk_buff from kernel k's layout set, laid out for its profile, or
 * NULL when the set has none (the net then gives skbuff_head_cache no
 * type). The caller frees it. */
static skl_layout *skb_layout(skl_lua *rt, skl_kernel *k)
{
	const skl_profile *p = skl_kernel_profile(k);
	const skl_type *t;
	skl__lset *s;
	skl_error err;
	skl_error_clear(&err);
	if (!p || !p->layouts[0] || !(s = skl__set_get(rt, p->layouts, &err)))
		return NULL;
	t = skl_typedb_find(s->db, "struct sk_buff");
	return t ? skl_layout_compute(t, p->abi, p->config, p->cacheline, &err) : NULL;
}

/* A new net for kernel k, its skbuff_head_cache typed when the set allows. */
static skl_net *net_new(skl_lua *rt, skl_kernel *k, skl_net_opts *o, skl_error *err)
{
	skl_layout *t = skb_layout(rt, k);
	skl_net *net;
	o->skb_type = t;
	net = skl_net_new(k, o, err);
	o->skb_type = NULL;
	skl_layout_free(t);
	return net;
}

/* The net of kernel i, created with the era's defaults if it has none yet. */
skl_net *skl__skb_net_of(lua_State *L, int i)
{
	skl_lua *rt = skl__rt(L);
	if (!rt->skbs->nets[i]) {
		skl_error err;
		skl_net_opts o;
		memset(&o, 0, sizeof(o));
		o.hot_list_len = -1;
		skl_error_clear(&err);
		rt->skbs->nets[i] = net_new(rt, skl__kernel_at(rt, i), &o, &err);
		if (!rt->skbs->nets[i])
			skl__error(L, "%s: %s", skl__fname(L), err.msg);
	}
	return rt->skbs->nets[i];
}

/* The kernel at arg and its net. */
int skl__skb_kernel_arg(lua_State *L, int arg, skl_net **net)
{
	skl_kernel *k = skl__to_kernel(L, arg);
	int i;
	if (!k)
		skl__typeerror(L, arg, "kernel");
	i = kernel_index(skl__rt(L), k);
	if (i < 0)
		skl__error(L, "stale kernel handle (its run has ended)");
	*net = skl__skb_net_of(L, i);
	return i;
}

int skl__skbs_new(skl_lua *rt)
{
	rt->skbs = skl_calloc(1, sizeof(*rt->skbs));
	return rt->skbs ? 0 : -1;
}

void skl__skbs_clear(skl_lua *rt)
{
	int i;
	for (i = 0; i < SKL__MAX_KERNELS; i++) {
		skl_net_free(rt->skbs->nets[i]);
		rt->skbs->nets[i] = NULL;
	}
	rt->skbs->panics = 0;
	rt->skbs->last_panic[0] = '\0';
}

void skl__skbs_free(skl_lua *rt)
{
	if (!rt->skbs)
		return;
	skl__skbs_clear(rt);
	skl_free(rt->skbs);
	rt->skbs = NULL;
}

/* sklab.kernel{..., skb_era=, skb_bug_on=, max_tcp_header=}: the skb
 * options are taken out, the rest goes to l_kernel.c's sklab.kernel, and
 * the new machine gets its networking core. */
static int f_kernel_skb(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	skl_net_opts o;
	skl_kernel *k;
	skl_error err;
	int i;

	memset(&o, 0, sizeof(o));
	o.hot_list_len = -1;
	if (lua_type(L, 1) == LUA_TTABLE) {
		skl__opts opts = skl__opts_at(L, 1);
		const char *era = skl__opt_string(&opts, "skb_era");
		if (era && skl_skb_era_parse(era, &o.era) < 0)
			skl__argerror(L, 1,
				      lua_pushfstring(L,
						      "field 'skb_era': '%s' is not an sk_buff era (\"2.4\", "
						      "\"2.6.31\", \"6.x\" or \"auto\")",
						      era));
		o.bug_on = skl__opt_bool(&opts, "skb_bug_on", 0);
		o.max_tcp_header = (uint32_t)skl__opt_int(&opts, "max_tcp_header", 0, 64, 4096);
		lua_pop(L, 1);
		/* a copy without the skb options for sklab.kernel proper */
		lua_newtable(L);
		lua_pushnil(L);
		while (lua_next(L, 1)) {
			if (lua_type(L, -2) == LUA_TSTRING &&
			    (!strcmp(lua_tostring(L, -2), "skb_era") || !strcmp(lua_tostring(L, -2), "skb_bug_on") ||
			     !strcmp(lua_tostring(L, -2), "max_tcp_header"))) {
				lua_pop(L, 1);
				continue;
			}
			lua_pushvalue(L, -2);
			lua_insert(L, -2);
			lua_rawset(L, -4);
		}
		lua_replace(L, 1);
	}
	lua_settop(L, 1);
	if (skl__kernel_new(L) != 1 || !(k = skl__to_kernel(L, -1)))
		return 2; /* nil and the reason */
	i = kernel_index(rt, k);
	skl_error_clear(&err);
	rt->skbs->nets[i] = net_new(rt, k, &o, &err);
	if (!rt->skbs->nets[i])
		return skl__argerror(L, 1, err.msg);
	return 1;
}

/* ---- skb handles ------------------------------------------------------------------------ */

/* Pushes the one handle of skb (kernel ki), making it on first use. */
void skl__push_skb(lua_State *L, int ki, skl_skb *skb)
{
	lskb *h;
	lua_rawgetp(L, LUA_REGISTRYINDEX, &handles_key);
	if (lua_rawgetp(L, -1, skb) == LUA_TUSERDATA) {
		h = lua_touserdata(L, -1);
		if (h->kernel == ki && h->id == skl_skb_id(skb)) {
			lua_remove(L, -2);
			return;
		}
	}
	lua_pop(L, 1);
	h = lua_newuserdatauv(L, sizeof(*h), 0);
	memset(h, 0, sizeof(*h));
	h->kernel = ki;
	h->id = skl_skb_id(skb);
	snprintf(h->name, sizeof(h->name), "%s", skl_skb_name(skb));
	luaL_setmetatable(L, SKB_MT);
	lua_pushvalue(L, -1);
	lua_rawsetp(L, -3, skb);
	lua_remove(L, -2);
}

/* The skb a handle names, or NULL when it was freed. */
static skl_skb *resolve(skl_lua *rt, const lskb *h)
{
	if (h->kernel < 0 || h->kernel >= skl__kernel_count(rt) || !rt->skbs->nets[h->kernel])
		return NULL;
	return skl_net_skb(rt->skbs->nets[h->kernel], h->id);
}

static skl_skb *check_skb(lua_State *L, int arg, lskb **out)
{
	skl_lua *rt = skl__rt(L);
	lskb *h = luaL_testudata(L, arg, SKB_MT);
	skl_skb *skb;
	if (!h)
		skl__typeerror(L, arg, "skb");
	skb = resolve(rt, h);
	if (!skb) {
		if (h->freed_at[0])
			skl__argerror(L, arg,
				      lua_pushfstring(L, "stale skb handle: %s was freed at %s", h->name, h->freed_at));
		skl__argerror(L, arg, lua_pushfstring(L, "stale skb handle: %s was freed", h->name));
	}
	snprintf(h->name, sizeof(h->name), "%s", skl_skb_name(skb));
	if (out)
		*out = h;
	return skb;
}

skl_skb *skl__check_skb(lua_State *L, int arg)
{
	return check_skb(L, arg, NULL);
}

skl_skb *skl__check_skb_ki(lua_State *L, int arg, int *ki)
{
	lskb *h;
	skl_skb *skb = check_skb(L, arg, &h);
	*ki = h->kernel;
	return skb;
}

int skl__is_skb(lua_State *L, int arg)
{
	return luaL_testudata(L, arg, SKB_MT) || skl__is_path(L, arg);
}

/* Every operation a scenario makes names its own caller in panics. */
static skl_net *op_begin(lua_State *L, skl_skb *skb, skl__engine *e)
{
	skl_net *net = skl_skb_net(skb);
	skl__engine_begin(L, e);
	skl_net_set_caller(net, NULL);
	return net;
}

/* ---- the kernel's allocators --------------------------------------------------------------- */

static uint32_t size_arg(lua_State *L, int arg)
{
	lua_Integer v = skl__check_integer(L, arg);
	if (v < 0)
		skl__argerror(L, arg, lua_pushfstring(L, "size %I: it cannot be negative", v));
	if (v > ALLOC_MAX)
		skl__argerror(L, arg, lua_pushfstring(L, "size %I: above 1 GiB, no sk_buff is that large", v));
	return (uint32_t)v;
}

/* A device name (IFNAMSIZ), or NULL for nil. */
const char *skl__skb_dev_arg(lua_State *L, int arg)
{
	const char *dev;
	if (lua_isnil(L, arg))
		return NULL;
	dev = skl__check_string(L, arg);
	if (!dev[0] || strlen(dev) > 15)
		skl__argerror(L, arg, lua_pushfstring(L, "device name '%s': from 1 to 15 characters (IFNAMSIZ)", dev));
	return dev;
}

enum { A_ALLOC, A_FCLONE, A_DEV, A_NETDEV, A_NETDEV_IP };

static int alloc_common(lua_State *L, int kind)
{
	skl_net *net;
	int ki = skl__skb_kernel_arg(L, 1, &net), rc;
	const char *dev = NULL;
	uint32_t n;
	skl_skb *skb = NULL;
	skl_error err;
	skl__engine e;
	if (kind == A_NETDEV || kind == A_NETDEV_IP) {
		dev = skl__skb_dev_arg(L, 2);
		n = size_arg(L, 3);
	} else {
		n = size_arg(L, 2);
	}
	skl__engine_begin(L, &e);
	skl_net_set_caller(net, NULL);
	skl_error_clear(&err);
	switch (kind) {
	case A_ALLOC:
		skb = skl_alloc_skb(net, n, &err);
		break;
	case A_FCLONE:
		skb = skl_alloc_skb_fclone(net, n, &err);
		break;
	case A_DEV:
		skb = skl_dev_alloc_skb(net, n, &err);
		break;
	case A_NETDEV:
		skb = skl_netdev_alloc_skb(net, dev, n, &err);
		break;
	default:
		skb = skl_netdev_alloc_skb_ip_align(net, dev, n, &err);
		break;
	}
	skl__engine_end(&e);
	if (!skb) {
		/* a call 2.4 does not have is the scenario's mistake; else the kernel's NULL */
		skl_skb_params prm;
		skl_net_params(net, &prm);
		rc = prm.era == SKL_ERA_2_4 && kind != A_ALLOC && kind != A_DEV ? SKL_SKB_EINVAL : SKL_SKB_ENOMEM;
		return skl__skb_result(L, rc, &err);
	}
	skl__push_skb(L, ki, skb);
	return 1;
}

static int k_alloc_skb(lua_State *L)
{
	return alloc_common(L, A_ALLOC);
}

static int k_alloc_skb_fclone(lua_State *L)
{
	return alloc_common(L, A_FCLONE);
}

static int k_dev_alloc_skb(lua_State *L)
{
	return alloc_common(L, A_DEV);
}

static int k_netdev_alloc_skb(lua_State *L)
{
	return alloc_common(L, A_NETDEV);
}

static int k_netdev_alloc_skb_ip_align(lua_State *L)
{
	return alloc_common(L, A_NETDEV_IP);
}

/* k:skb_from_frame(bytes [, {dev=}]): a captured frame put into a driver's
 * buffer as the era's RX path does (skl_skb_from_frame). */
static int k_skb_from_frame(lua_State *L)
{
	skl_net *net;
	int ki = skl__skb_kernel_arg(L, 1, &net);
	size_t len;
	const char *bytes = luaL_checklstring(L, 2, &len);
	const char *dev = "eth0";
	skl_skb *skb;
	skl_error err;
	skl__engine e;
	char caption[512];
	if (len < 14 || len > 65535)
		skl__argerror(
		    L, 2,
		    lua_pushfstring(L, "a frame of %I bytes: an Ethernet frame has 14 to 65535", (lua_Integer)len));
	if (!lua_isnoneornil(L, 3)) {
		skl__check_table(L, 3);
		lua_getfield(L, 3, "dev");
		if (!lua_isnil(L, -1))
			dev = skl__skb_dev_arg(L, lua_gettop(L));
	}
	skl__engine_begin(L, &e);
	skl_net_set_caller(net, NULL);
	skl_error_clear(&err);
	skb = skl_skb_from_frame(net, dev, (const uint8_t *)bytes, (uint32_t)len, caption, sizeof(caption), &err);
	skl__engine_end(&e);
	if (!skb)
		return skl__skb_result(L, SKL_SKB_ENOMEM, &err);
	skl__push_skb(L, ki, skb);
	lua_pushstring(L, caption);
	return 2;
}

/* ---- operations -------------------------------------------------------------------------- */

static int s_reserve(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	uint32_t n = skl__skb_len_arg(L, 2, "length");
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_reserve(skb, (int32_t)n, &err);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	lua_pushinteger(L, skl_skb_data_off(skb));
	return 1;
}

/* What put and push add: a header object (which gives the length), or n
 * bytes (a string of exactly n bytes, or nothing: the bytes stay as they
 * were). Arguments from 2: (hdr) or (n [, bytes or hdr]). */
typedef struct addition {
	uint32_t n;
	const skl_hdr *hdr;
	const char *bytes;
} addition;

static void addition_args(lua_State *L, const char *verb, addition *a)
{
	memset(a, 0, sizeof(*a));
	if ((a->hdr = skl__to_hdr(L, 2)) != NULL) {
		if (!lua_isnone(L, 3))
			skl__argerror(L, 3, "nothing after a header: the header gives the length");
		a->n = skl_hdr_len(a->hdr);
		return;
	}
	if (lua_type(L, 2) != LUA_TNUMBER)
		skl__typeerror(L, 2, "number or header");
	a->n = skl__skb_len_arg(L, 2, "length");
	if (lua_isnoneornil(L, 3))
		return;
	if ((a->hdr = skl__to_hdr(L, 3)) != NULL) {
		if (skl_hdr_len(a->hdr) != a->n)
			skl__argerror(L, 3,
				      lua_pushfstring(L, "the %s is %d bytes, not %d", skl_hdr_name(a->hdr->kind),
						      (int)skl_hdr_len(a->hdr), (int)a->n));
	} else if (lua_type(L, 3) == LUA_TSTRING) {
		size_t nb;
		a->bytes = lua_tolstring(L, 3, &nb);
		if (nb != a->n)
			skl__argerror(L, 3,
				      lua_pushfstring(L, "%d bytes given for a %d-byte %s", (int)nb, (int)a->n, verb));
	} else {
		skl__typeerror(L, 3, "string of bytes or header");
	}
}

static int put_push(lua_State *L, int push, int unchecked)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	addition a;
	skl_error err;
	skl__engine e;
	int64_t at;
	int rc, wrote = 0;
	addition_args(L, push ? "push" : "put", &a);
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	at = skl_skb_tail_off(skb);
	if (a.hdr) {
		rc =
		    push ? skl_skb_push_hdr(skb, a.hdr, unchecked, &err) : skl_skb_put_hdr(skb, a.hdr, unchecked, &err);
	} else if (push) {
		rc = unchecked ? skl_skb_push_unchecked(skb, a.n, &err) : skl_skb_push(skb, a.n, &err);
	} else {
		uint32_t start;
		rc = unchecked ? skl_skb_put_unchecked(skb, a.n, &start, &err) : skl_skb_put(skb, a.n, &start, &err);
		if (rc >= 0)
			at = start;
	}
	if (push)
		at = skl_skb_data_off(skb);
	if (rc >= 0 && a.bytes && a.n)
		wrote = skl_skb_write(skb, at, a.bytes, a.n, NULL);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	if (wrote < 0)
		return skl__error(
		    L,
		    "%s: the bytes would land outside the head buffer (at %+lld): the kernel would corrupt "
		    "memory here; sklab does not write them",
		    skl__fname(L), (long long)at);
	lua_pushinteger(L, (lua_Integer)at);
	return 1;
}

static int s_put(lua_State *L)
{
	return put_push(L, 0, 0);
}

static int s_put_unchecked(lua_State *L)
{
	return put_push(L, 0, 1);
}

static int s_push(lua_State *L)
{
	return put_push(L, 1, 0);
}

static int s_push_unchecked(lua_State *L)
{
	return put_push(L, 1, 1);
}

static int s_pull(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	uint32_t n = skl__skb_len_arg(L, 2, "length"), len = skl_skb_len(skb);
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_pull(skb, n, &err);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	if (rc == 0) {
		lua_pushnil(L);
		lua_pushfstring(L, "skb_pull(%s, %d) returned NULL: only %d bytes (len)", skl_skb_name(skb), (int)n,
				(int)len);
		return 2;
	}
	lua_pushinteger(L, skl_skb_data_off(skb));
	return 1;
}

static int s_trim(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	uint32_t n = skl__skb_len_arg(L, 2, "length");
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_trim(skb, n, &err);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	lua_pushinteger(L, skl_skb_len(skb));
	return 1;
}

enum { C_CLONE, C_COPY, C_PSKB };

static int clone_common(lua_State *L, int kind)
{
	lskb *h;
	skl_skb *skb = check_skb(L, 1, &h), *n;
	skl_error err;
	skl__engine e;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	n = kind == C_CLONE  ? skl_skb_clone(skb, &err)
	    : kind == C_COPY ? skl_skb_copy(skb, &err)
			     : skl_pskb_copy(skb, &err);
	skl__engine_end(&e);
	if (!n) /* a dead skb is the scenario's mistake; anything else is the kernel's NULL */
		return skl__skb_result(L, skl_skb_panicked(skb) ? SKL_SKB_EINVAL : SKL_SKB_ENOMEM, &err);
	skl__push_skb(L, h->kernel, n);
	return 1;
}

static int s_clone(lua_State *L)
{
	return clone_common(L, C_CLONE);
}

static int s_copy(lua_State *L)
{
	return clone_common(L, C_COPY);
}

static int s_pskb_copy(lua_State *L)
{
	return clone_common(L, C_PSKB);
}

static int s_expand_head(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	lua_Integer nhead = skl__check_integer(L, 2), ntail = 0;
	skl_error err;
	skl__engine e;
	int rc;
	if (!lua_isnoneornil(L, 3))
		ntail = skl__check_integer(L, 3);
	if (nhead < -ALLOC_MAX || nhead > ALLOC_MAX)
		skl__argerror(L, 2, lua_pushfstring(L, "nhead %I: beyond 1 GiB either way", nhead));
	if (ntail < -ALLOC_MAX || ntail > ALLOC_MAX)
		skl__argerror(L, 3, lua_pushfstring(L, "ntail %I: beyond 1 GiB either way", ntail));
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_pskb_expand_head(skb, (int32_t)nhead, (int32_t)ntail, &err);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	lua_pushboolean(L, 1);
	return 1;
}

static int s_cow(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	uint32_t n = skl__skb_len_arg(L, 2, "headroom");
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_cow(skb, n, &err);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	lua_pushboolean(L, 1);
	return 1;
}

static int s_get(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	skl__engine e;
	op_begin(L, skb, &e);
	skl_skb_get(skb);
	skl__engine_end(&e);
	lua_settop(L, 1);
	return 1;
}

static int s_header_release(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_header_release(skb, &err);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	return 0;
}

/* skb:set_sk(obj or nil): skb->sk = the object's address, in the sk_buff's bytes */
static int s_set_sk(lua_State *L)
{
	lskb *h;
	skl_skb *skb = check_skb(L, 1, &h);
	skl_error err;
	skl__engine e;
	skl_addr sk = 0;
	const skl_layout *type;
	int kernel, rc;
	if (!lua_isnil(L, 2)) {
		if (!skl__obj_arg(L, 2, &kernel, &sk, &type))
			return skl__typeerror(L, 2, "object or nil");
		if (kernel != h->kernel)
			return skl__argerror(L, 2, "the object is on another machine than the skb");
	}
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_set_sk(skb, sk, &err);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	return 0;
}

static int s_free(lua_State *L)
{
	lskb *h;
	skl_skb *skb = check_skb(L, 1, &h);
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_kfree_skb(skb, &err); /* skb may be gone now */
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	if (rc == 1) {
		lua_rawgetp(L, LUA_REGISTRYINDEX, &handles_key);
		lua_pushnil(L);
		lua_rawsetp(L, -2, skb);
		lua_pop(L, 1);
		skl__where(L, 1, h->freed_at, sizeof(h->freed_at));
	}
	lua_pushboolean(L, rc == 1);
	return 1;
}

skl_payload skl__frag_payload_arg(lua_State *L, const char *zero)
{
	skl_payload pl;
	memset(&pl, 0, sizeof(pl));
	pl.len = skl__skb_len_arg(L, 2, "length");
	pl.pattern = skl__payload_pattern_arg(L, 3);
	if (pl.len == 0)
		skl__argerror(L, 2, zero);
	return pl;
}

static int s_add_frag(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	skl_payload pl = skl__frag_payload_arg(L, "a fragment of 0 bytes");
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_add_rx_frag(skb, pl.len, 0, &pl, &err);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	lua_pushinteger(L, skl_skb_nr_frags(skb));
	return 1;
}

static int s_set_header(lua_State *L)
{
	static const char *const names[] = {"mac", "network", "transport", NULL};
	skl_skb *skb = check_skb(L, 1, NULL);
	const char *which = skl__check_string(L, 2);
	lua_Integer delta = 0;
	skl_error err;
	skl__engine e;
	int m, rc;
	for (m = 0; names[m] && strcmp(names[m], which); m++)
		;
	if (!names[m])
		skl__argerror(L, 2, lua_pushfstring(L, "header '%s': \"mac\", \"network\" or \"transport\"", which));
	if (!lua_isnoneornil(L, 3))
		delta = skl__check_integer(L, 3);
	if (delta < -65535 || delta > 65535)
		skl__argerror(L, 3, lua_pushfstring(L, "offset %I: the header marks are 16-bit", delta));
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_set_header(skb, (skl_skb_mark)m, (int32_t)delta, &err);
	skl__engine_end(&e);
	if (skl__skb_result(L, rc, &err))
		return 2;
	lua_pushinteger(L, skl_skb_header(skb, (skl_skb_mark)m));
	return 1;
}

static int s_bytes(lua_State *L)
{
	static const char hex[] = "0123456789abcdef";
	skl_skb *skb = check_skb(L, 1, NULL);
	uint32_t len = skl_skb_len(skb), off = 0, n;
	uint8_t *buf;
	luaL_Buffer b;
	uint32_t i;
	if (!lua_isnoneornil(L, 2))
		off = skl__skb_len_arg(L, 2, "offset");
	if (off > len)
		skl__argerror(L, 2, lua_pushfstring(L, "offset %d is past len %d", (int)off, (int)len));
	n = len - off;
	if (!lua_isnoneornil(L, 3)) {
		n = skl__skb_len_arg(L, 3, "length");
		if (n > len - off)
			skl__argerror(
			    L, 3,
			    lua_pushfstring(L, "%d bytes from offset %d: the skb has %d", (int)n, (int)off, (int)len));
	}
	if (n > BYTES_MAX)
		skl__argerror(L, 3, "more than 1 MiB of bytes at once");
	buf = lua_newuserdatauv(L, n ? n : 1, 0);
	if (skl_skb_copy_bits(skb, (int32_t)off, buf, n) < 0)
		return skl__fail(L, "the bytes are not all in the buffer (the kernel panicked on this skb)");
	luaL_buffinit(L, &b);
	for (i = 0; i < n; i++) {
		luaL_addchar(&b, hex[buf[i] >> 4]);
		luaL_addchar(&b, hex[buf[i] & 15]);
	}
	luaL_pushresult(&b);
	return 1;
}

static int s_name(lua_State *L)
{
	lskb *h;
	skl_skb *skb = check_skb(L, 1, &h);
	const char *s;
	const unsigned char *p;
	if (lua_isnone(L, 2)) {
		lua_pushstring(L, skl_skb_name(skb));
		return 1;
	}
	s = skl__check_string(L, 2);
	if (!s[0] || strlen(s) > 31)
		skl__argerror(L, 2, "a name of 1 to 31 characters");
	for (p = (const unsigned char *)s; *p; p++)
		if (*p <= ' ' || *p == 0x7f)
			skl__argerror(L, 2, "a name without spaces or control characters");
	skl_skb_set_name(skb, s);
	snprintf(h->name, sizeof(h->name), "%s", s);
	lua_settop(L, 1);
	return 1;
}

/* ---- fields --------------------------------------------------------------------------------- */

static void push_mark(lua_State *L, int32_t v)
{
	if (v < 0)
		lua_pushnil(L);
	else
		lua_pushinteger(L, v);
}

static int skb_index(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	skl_skb_params prm;
	const char *key;
	if (lua_type(L, 2) != LUA_TSTRING)
		return skl__error(L, "skb has no field [%s]", luaL_typename(L, 2));
	key = lua_tostring(L, 2);
	if (lua_getfield(L, lua_upvalueindex(2), key) != LUA_TNIL)
		return 1;
	skl_net_params(skl_skb_net(skb), &prm);
	if (!strcmp(key, "head"))
		lua_pushinteger(L, 0);
	else if (!strcmp(key, "data"))
		lua_pushinteger(L, skl_skb_data_off(skb));
	else if (!strcmp(key, "tail"))
		lua_pushinteger(L, (lua_Integer)skl_skb_tail_off(skb));
	else if (!strcmp(key, "end_") || !strcmp(key, "end"))
		lua_pushinteger(L, skl_skb_end_off(skb));
	else if (!strcmp(key, "head_addr"))
		skl__push_hex(L, skl_skb_head_addr(skb));
	else if (!strcmp(key, "data_addr"))
		skl__push_hex(L, skl_skb_head_addr(skb) + (uint64_t)(int64_t)skl_skb_data_off(skb));
	else if (!strcmp(key, "addr"))
		skl__push_hex(L, skl_skb_addr(skb));
	else if (!strcmp(key, "len"))
		lua_pushinteger(L, skl_skb_len(skb));
	else if (!strcmp(key, "data_len"))
		lua_pushinteger(L, skl_skb_data_len(skb));
	else if (!strcmp(key, "headlen"))
		lua_pushinteger(L, skl_skb_headlen(skb));
	else if (!strcmp(key, "truesize"))
		lua_pushinteger(L, skl_skb_truesize(skb));
	else if (!strcmp(key, "headroom"))
		lua_pushinteger(L, skl_skb_headroom(skb));
	else if (!strcmp(key, "tailroom"))
		lua_pushinteger(L, skl_skb_tailroom(skb));
	else if (!strcmp(key, "users"))
		lua_pushinteger(L, skl_skb_users(skb));
	else if (!strcmp(key, "dataref"))
		lua_pushinteger(L, skl_skb_dataref(skb));
	else if (!strcmp(key, "cloned"))
		lua_pushboolean(L, skl_skb_is_cloned(skb));
	else if (!strcmp(key, "shared_head"))
		lua_pushboolean(L, skl_skb_cloned(skb));
	else if (!strcmp(key, "nr_frags"))
		lua_pushinteger(L, skl_skb_nr_frags(skb));
	else if (!strcmp(key, "buf_size"))
		lua_pushinteger(L, skl_skb_buf_size(skb));
	else if (!strcmp(key, "head_cache"))
		lua_pushstring(L, skl_skb_head_cache(skb));
	else if (!strcmp(key, "mac_header"))
		push_mark(L, skl_skb_header(skb, SKL_MARK_MAC));
	else if (!strcmp(key, "network_header"))
		push_mark(L, skl_skb_header(skb, SKL_MARK_NETWORK));
	else if (!strcmp(key, "transport_header"))
		push_mark(L, skl_skb_header(skb, SKL_MARK_TRANSPORT));
	else if (!strcmp(key, "era"))
		lua_pushstring(L, prm.name);
	else if (!strcmp(key, "protocol"))
		lua_pushinteger(L, skl_skb_protocol(skb));
	else if (!strcmp(key, "panicked"))
		lua_pushboolean(L, skl_skb_panicked(skb));
	else if (!strcmp(key, "report"))
		lua_pushstring(L, skl_skb_report(skb));
	else if (!strcmp(key, "gso_size"))
		lua_pushinteger(L, skl_skb_gso_size(skb));
	else if (!strcmp(key, "gso_segs"))
		lua_pushinteger(L, skl_skb_gso_segs(skb));
	else if (!strcmp(key, "gso_type"))
		lua_pushinteger(L, skl_skb_gso_type(skb));
	else if (!strcmp(key, "frag_list_len"))
		lua_pushinteger(L, skl_skb_frag_list_len(skb));
	else if (!strcmp(key, "gro_count"))
		lua_pushinteger(L, skl_skb_gro_count(skb));
	else
		return skl__error(L, "skb has no field '%s'", key);
	return 1;
}

static int skb_tostring(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	lskb *h = luaL_checkudata(L, 1, SKB_MT);
	skl_skb *skb = resolve(rt, h);
	if (!skb) {
		lua_pushfstring(L, "skb(%s, freed)", h->name);
		return 1;
	}
	lua_pushfstring(L, "skb(%s, len %d, data +%d, tail +%I, end +%d)", skl_skb_name(skb), (int)skl_skb_len(skb),
			(int)skl_skb_data_off(skb), (lua_Integer)skl_skb_tail_off(skb), (int)skl_skb_end_off(skb));
	return 1;
}

static int read_only(lua_State *L)
{
	return skl__error(L, "skb objects are read-only (skb:name(s) renames one)");
}

/* ---- scene.show(skb, ...) -------------------------------------------------------------------- */

int skl__show_skbs(lua_State *L, int n)
{
	skl_lua *rt = skl__rt(L);
	const skl_skb *skbs[SHOW_MAX];
	const skl_layout *type;
	skl_skb_snap *snaps;
	char at[SKL__WHERE_MAX];
	int m = 0, i, no_bytes = 0;
	/* an options table may follow the skbs: { bytes = false } */
	if (n > 1 && lua_type(L, n) == LUA_TTABLE) {
		static const char *const keys[] = {"bytes", NULL};
		skl__opts fields = skl__opts_at(L, n);
		skl__check_keys(L, n, keys);
		no_bytes = !skl__opt_bool(&fields, "bytes", 1);
		n--;
	}
	for (i = 1; i <= n; i++) {
		if (skl__is_path(L, i)) {
			skl_skb *s, *c;
			skl__path_skbs(L, i, &s, &c);
			if (!s && !c)
				skl__argerror(L, i,
					      "the path has no skb now (before its first step or after its last)");
			if (s && m < SHOW_MAX)
				skbs[m++] = s;
			if (c && m < SHOW_MAX)
				skbs[m++] = c;
		} else if (luaL_testudata(L, i, SKB_MT)) {
			skl_skb *s = check_skb(L, i, NULL);
			int j;
			for (j = 0; j < m; j++)
				if (skbs[j] == s)
					skl__argerror(L, i, "this skb is shown already");
			if (m < SHOW_MAX)
				skbs[m++] = s;
		} else if (lua_type(L, i) == LUA_TTABLE) {
			skl__argerror(L, i, "the options table comes last, after the skbs");
		} else {
			skl__typeerror(L, i, "skb or path");
		}
		if (m >= SHOW_MAX && i < n)
			skl__argerror(L, i + 1, lua_pushfstring(L, "at most %d skbs in one frame", SHOW_MAX));
	}
	/* the frame points at struct sk_buff's layout (the log keeps one copy),
	 * so that a click on the skb opens it */
	type = skl_net_skb_type(skl_skb_net(skbs[0]));
	skl__where(L, 1, at, sizeof(at));
	skl__log_room(L, (size_t)m * sizeof(skl_skb_snap) + strlen(at));
	snaps = lua_newuserdatauv(L, (size_t)m * sizeof(*snaps), 0);
	if (skl_skb_snapshot_group(skbs, m, snaps) < 0)
		return skl__error(L, "%s: no snapshot", skl__fname(L));
	skl__log_check(
	    L,
	    skl_events_show(
		rt->log,
		&(skl_show){.kind = SKL_SHOW_SKBS, .skbs = snaps, .n = m, .skb_type = type, .skb_no_bytes = no_bytes},
		at));
	return 0;
}

/* ---- expect_panic ------------------------------------------------------------------------------ */

static int f_expect_panic(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	const char *msg, *pattern, *got = NULL;
	int before = rt->skbs->panics, status, ok = 0;
	luaL_Buffer b;
	if (lua_type(L, 1) != LUA_TFUNCTION)
		skl__typeerror(L, 1, "function");
	msg = skl__optarg_string(L, 2, "");
	pattern = skl__optarg_string(L, 3, NULL);
	lua_settop(L, 3);
	lua_pushvalue(L, 1);
	status = lua_pcall(L, 0, 0, 0); /* 4: the error, if any */
	if (status != LUA_OK && (status == LUA_ERRMEM || skl__budget_hit(L)))
		return lua_error(L); /* the run's limits: not ours to catch */
	if (status != LUA_OK && lua_type(L, 4) != LUA_TSTRING) {
		lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 4));
		lua_replace(L, 4);
	}
	luaL_buffinit(L, &b);
	luaL_addstring(&b, msg);
	if (msg[0])
		luaL_addstring(&b, ": ");
	if (status == LUA_OK) {
		luaL_addstring(&b, "no panic");
	} else if (rt->skbs->panics > before && !strcmp(lua_tostring(L, 4), rt->skbs->last_panic)) {
		got = lua_tostring(L, 4);
		ok = 1;
		luaL_addstring(&b, got);
		if (pattern) {
			luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE); /* the script may shadow 'string' */
			lua_getfield(L, -1, "string");
			lua_getfield(L, -1, "find");
			lua_replace(L, -3);
			lua_pop(L, 1);
			lua_pushvalue(L, 4);
			lua_pushvalue(L, 3);
			lua_call(L, 2, 1);
			if (lua_isnil(L, -1)) {
				ok = 0;
				lua_pushfstring(L, " (does not match '%s')", pattern);
				lua_remove(L, -2);
				luaL_addvalue(&b);
			} else {
				lua_pop(L, 1);
			}
		}
	} else {
		const char *e = lua_tostring(L, 4);
		luaL_addstring(&b, "not a kernel panic: ");
		luaL_addstring(&b, e);
	}
	luaL_pushresult(&b);
	skl__expect_record(L, ok, lua_tostring(L, -1));
	lua_pushboolean(L, ok);
	if (status == LUA_OK)
		lua_pushnil(L);
	else
		lua_pushvalue(L, 4);
	return 2;
}

/* ---- classes ----------------------------------------------------------------------------------- */

void skl__skb_open(lua_State *L)
{
	skl__new_class(L, SKB_MT, "skb", "skb", &e_skb, skb_index, read_only, skb_tostring, NULL);
	/* handles by skl_skb: weak values, so an unreferenced handle can go */
	lua_newtable(L);
	lua_newtable(L);
	lua_pushliteral(L, "v");
	lua_setfield(L, -2, "__mode");
	lua_setmetatable(L, -2);
	lua_rawsetp(L, LUA_REGISTRYINDEX, &handles_key);
}

/* ---- the API slice --------------------------------------------------------------------- */

/* The bindings of this file, named as api.c's table names them. */
const skl__reg skl__skb_lib[] = {
    {"expect_panic", f_expect_panic},
    {"sklab.kernel", f_kernel_skb},
    {"k:alloc_skb", k_alloc_skb},
    {"k:alloc_skb_fclone", k_alloc_skb_fclone},
    {"k:dev_alloc_skb", k_dev_alloc_skb},
    {"k:skb_from_frame", k_skb_from_frame},
    {"k:netdev_alloc_skb", k_netdev_alloc_skb},
    {"k:netdev_alloc_skb_ip_align", k_netdev_alloc_skb_ip_align},
    {"skb:reserve", s_reserve},
    {"skb:put", s_put},
    {"skb:__put", s_put_unchecked},
    {"skb:push", s_push},
    {"skb:__push", s_push_unchecked},
    {"skb:pull", s_pull},
    {"skb:trim", s_trim},
    {"skb:clone", s_clone},
    {"skb:copy", s_copy},
    {"skb:pskb_copy", s_pskb_copy},
    {"skb:expand_head", s_expand_head},
    {"skb:cow", s_cow},
    {"skb:get", s_get},
    {"skb:header_release", s_header_release},
    {"skb:set_sk", s_set_sk},
    {"skb:free", s_free},
    {"skb:add_frag", s_add_frag},
    {"skb:set_header", s_set_header},
    {"skb:bytes", s_bytes},
    {"skb:name", s_name},
    {NULL, NULL},
};
