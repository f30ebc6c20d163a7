/*
 * l_skb.c - the sk_buff bindings: sklab.kernel's skb options, the kernel's
 * skb allocators (k:alloc_skb & co.), skb handles and their operations,
 * header objects (sklab.hdr.*, sklab.payload), the TCP transmit and
 * receive paths as steppers (sklab.tx_tcp, sklab.rx), packet captures
 * (skb:pcap) and expect_panic.
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
 *
 * A capture named by the scenario is written inside the output directory
 * only: the name is a plain "*.pcap" (no '/', no ".."), the file is made
 * as NAME.tmp.PID with O_EXCL and O_NOFOLLOW relative to the directory
 * opened once per run, and renamed over NAME when the run ends, so a
 * symlink already standing at NAME is replaced, never followed.
 */
#define _POSIX_C_SOURCE 200809L
#include "lua_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

#define SKB_MT "sklab.skb"
#define HDR_MT "sklab.hdr"
#define PATH_MT "sklab.path"

#define LEN_MAX 0x7fffffff   /* skb_put & co. take an unsigned int; sklab keeps to INT_MAX */
#define ALLOC_MAX 0x40000000 /* larger requests are not sk_buffs */
#define SHOW_MAX 8	     /* snapshots in one SHOW */
#define BYTES_MAX (1u << 20) /* skb:bytes() returns at most this much */

typedef struct lskb {
	int kernel; /* index into skl_lua.kernels */
	uint64_t id;
	char name[32];	    /* the skb's name when last seen, for messages */
	char freed_at[128]; /* where skb:free freed it */
} lskb;

typedef struct lhdr {
	skl_hdr h;
} lhdr;

typedef struct lpath {
	skl_skb_path *p; /* NULL once collected */
	int kernel;
	int rx;
} lpath;

/* Names for metamethod errors. */
static const skl__api e_skb = {"skb", "", "", SKL__API_INDEX, NULL};
static const skl__api e_hdr = {"hdr", "", "", SKL__API_INDEX, NULL};
static const skl__api e_path = {"path", "", "", SKL__API_INDEX, NULL};

/* The registry key of the table that maps an skl_skb to its handle. */
static const char handles_key = 0;

/* ---- small helpers ------------------------------------------------------------------- */

/* A length argument: an integer from 0 to INT_MAX. */
static uint32_t len_arg(lua_State *L, int arg, const char *what)
{
	lua_Integer v = skl__check_integer(L, arg);
	if (v < 0)
		skl__argerror(L, arg, lua_pushfstring(L, "%s %I: it cannot be negative", what, v));
	if (v > LEN_MAX)
		skl__argerror(L, arg, lua_pushfstring(L, "%s %I is above INT_MAX", what, v));
	return (uint32_t)v;
}

/*
 * What an skb operation returned, after engine_end: a panic raises the
 * kernel's line, a refusal (a dead skb, a call this era lacks) raises with
 * the function's name; out of memory pushes nil and the reason (returns 2).
 * 0 when the operation succeeded.
 */
static int result(lua_State *L, int rc, const skl_error *err)
{
	skl_lua *rt = skl__rt(L);
	if (rc >= 0)
		return 0;
	if (rc == SKL_SKB_EPANIC) {
		rt->panics++;
		snprintf(rt->last_panic, sizeof(rt->last_panic), "%s", err->msg);
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
	for (i = 0; i < rt->nkernels; i++)
		if (rt->kernels[i] == k)
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
static skl_net *net_of(lua_State *L, int i)
{
	skl_lua *rt = skl__rt(L);
	if (!rt->nets[i]) {
		skl_error err;
		skl_net_opts o;
		memset(&o, 0, sizeof(o));
		o.hot_list_len = -1;
		skl_error_clear(&err);
		rt->nets[i] = net_new(rt, rt->kernels[i], &o, &err);
		if (!rt->nets[i])
			skl__error(L, "%s: %s", skl__fname(L), err.msg);
	}
	return rt->nets[i];
}

/* The kernel at arg and its net. */
static int kernel_arg(lua_State *L, int arg, skl_net **net)
{
	skl_kernel *k = skl__to_kernel(L, arg);
	int i;
	if (!k)
		skl__typeerror(L, arg, "kernel");
	i = kernel_index(skl__rt(L), k);
	if (i < 0)
		skl__error(L, "stale kernel handle (its run has ended)");
	*net = net_of(L, i);
	return i;
}

/* The temporary name of capture c while the run writes it. */
static void cap_tmp_name(const skl__capture *c, char *out, size_t outsz)
{
	snprintf(out, outsz, "%s.tmp.%ld", c->name, (long)getpid());
}

/* Ends a named capture: renamed into place, or removed when a write failed. */
static void cap_close_named(skl_lua *rt, skl__capture *c)
{
	int dfd = skl__limits_of(rt)->out_fd;
	char tmp[300];
	if (!c->fp)
		return;
	if (fclose(c->fp) != 0)
		c->failed = 1;
	c->fp = NULL;
	cap_tmp_name(c, tmp, sizeof(tmp));
	if (dfd < 0)
		return;
	if (c->failed || renameat(dfd, tmp, dfd, c->name) != 0)
		unlinkat(dfd, tmp, 0);
}

void skl__skbs_free(skl_lua *rt)
{
	int i;
	for (i = 0; i < SKL__MAX_KERNELS; i++) {
		skl_net_free(rt->nets[i]);
		rt->nets[i] = NULL;
	}
	for (i = 0; i < rt->ncaps; i++)
		cap_close_named(rt, &rt->caps[i]);
	rt->ncaps = 0;
	if (rt->all.fp && fclose(rt->all.fp) != 0)
		rt->all.failed = 1;
	rt->all.fp = NULL;
}

/* sklab.kernel{..., skb_era=, skb_bug_on=, max_tcp_header=}: the skb
 * options are taken out, the rest goes to l_kernel.c's sklab.kernel, and
 * the new machine gets its networking core. */
int skl__f_kernel_skb(lua_State *L)
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
	if (skl__f_kernel(L) != 1 || !(k = skl__to_kernel(L, -1)))
		return 2; /* nil and the reason */
	i = kernel_index(rt, k);
	skl_error_clear(&err);
	rt->nets[i] = net_new(rt, k, &o, &err);
	if (!rt->nets[i])
		return skl__argerror(L, 1, err.msg);
	return 1;
}

/* ---- skb handles ------------------------------------------------------------------------ */

/* Pushes the one handle of skb (kernel ki), making it on first use. */
static void push_skb(lua_State *L, int ki, skl_skb *skb)
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
	if (h->kernel < 0 || h->kernel >= rt->nkernels || !rt->nets[h->kernel])
		return NULL;
	return skl_net_skb(rt->nets[h->kernel], h->id);
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

int skl__is_skb(lua_State *L, int arg)
{
	return luaL_testudata(L, arg, SKB_MT) || luaL_testudata(L, arg, PATH_MT);
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
static const char *dev_arg(lua_State *L, int arg)
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
	int ki = kernel_arg(L, 1, &net), rc;
	const char *dev = NULL;
	uint32_t n;
	skl_skb *skb = NULL;
	skl_error err;
	skl__engine e;
	if (kind == A_NETDEV || kind == A_NETDEV_IP) {
		dev = dev_arg(L, 2);
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
		return result(L, rc, &err);
	}
	push_skb(L, ki, skb);
	return 1;
}

int skl__k_alloc_skb(lua_State *L)
{
	return alloc_common(L, A_ALLOC);
}

int skl__k_alloc_skb_fclone(lua_State *L)
{
	return alloc_common(L, A_FCLONE);
}

int skl__k_dev_alloc_skb(lua_State *L)
{
	return alloc_common(L, A_DEV);
}

int skl__k_netdev_alloc_skb(lua_State *L)
{
	return alloc_common(L, A_NETDEV);
}

int skl__k_netdev_alloc_skb_ip_align(lua_State *L)
{
	return alloc_common(L, A_NETDEV_IP);
}

/* ---- operations -------------------------------------------------------------------------- */

int skl__s_reserve(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	uint32_t n = len_arg(L, 2, "length");
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_reserve(skb, (int32_t)n, &err);
	skl__engine_end(&e);
	if (result(L, rc, &err))
		return 2;
	lua_pushinteger(L, skl_skb_data_off(skb));
	return 1;
}

/* What put and push add: a header object (which gives the length), or n
 * bytes (a string of exactly n bytes, or nothing: the bytes stay as they
 * were). Arguments from 2: (hdr) or (n [, bytes or hdr]). */
typedef struct addition {
	uint32_t n;
	const lhdr *hdr;
	const char *bytes;
} addition;

static void addition_args(lua_State *L, const char *verb, addition *a)
{
	memset(a, 0, sizeof(*a));
	if ((a->hdr = luaL_testudata(L, 2, HDR_MT)) != NULL) {
		if (!lua_isnone(L, 3))
			skl__argerror(L, 3, "nothing after a header: the header gives the length");
		a->n = skl_hdr_len(&a->hdr->h);
		return;
	}
	if (lua_type(L, 2) != LUA_TNUMBER)
		skl__typeerror(L, 2, "number or header");
	a->n = len_arg(L, 2, "length");
	if (lua_isnoneornil(L, 3))
		return;
	if ((a->hdr = luaL_testudata(L, 3, HDR_MT)) != NULL) {
		if (skl_hdr_len(&a->hdr->h) != a->n)
			skl__argerror(L, 3,
				      lua_pushfstring(L, "the %s is %d bytes, not %d", skl_hdr_name(a->hdr->h.kind),
						      (int)skl_hdr_len(&a->hdr->h), (int)a->n));
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
		rc = push ? skl_skb_push_hdr(skb, &a.hdr->h, unchecked, &err)
			  : skl_skb_put_hdr(skb, &a.hdr->h, unchecked, &err);
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
	if (result(L, rc, &err))
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

int skl__s_put(lua_State *L)
{
	return put_push(L, 0, 0);
}

int skl__s_put_unchecked(lua_State *L)
{
	return put_push(L, 0, 1);
}

int skl__s_push(lua_State *L)
{
	return put_push(L, 1, 0);
}

int skl__s_push_unchecked(lua_State *L)
{
	return put_push(L, 1, 1);
}

int skl__s_pull(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	uint32_t n = len_arg(L, 2, "length"), len = skl_skb_len(skb);
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_pull(skb, n, &err);
	skl__engine_end(&e);
	if (result(L, rc, &err))
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

int skl__s_trim(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	uint32_t n = len_arg(L, 2, "length");
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_trim(skb, n, &err);
	skl__engine_end(&e);
	if (result(L, rc, &err))
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
		return result(L, skl_skb_panicked(skb) ? SKL_SKB_EINVAL : SKL_SKB_ENOMEM, &err);
	push_skb(L, h->kernel, n);
	return 1;
}

int skl__s_clone(lua_State *L)
{
	return clone_common(L, C_CLONE);
}

int skl__s_copy(lua_State *L)
{
	return clone_common(L, C_COPY);
}

int skl__s_pskb_copy(lua_State *L)
{
	return clone_common(L, C_PSKB);
}

int skl__s_expand_head(lua_State *L)
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
	if (result(L, rc, &err))
		return 2;
	lua_pushboolean(L, 1);
	return 1;
}

int skl__s_cow(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	uint32_t n = len_arg(L, 2, "headroom");
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_cow(skb, n, &err);
	skl__engine_end(&e);
	if (result(L, rc, &err))
		return 2;
	lua_pushboolean(L, 1);
	return 1;
}

int skl__s_get(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	skl__engine e;
	op_begin(L, skb, &e);
	skl_skb_get(skb);
	skl__engine_end(&e);
	lua_settop(L, 1);
	return 1;
}

int skl__s_header_release(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	skl_error err;
	skl__engine e;
	int rc;
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_header_release(skb, &err);
	skl__engine_end(&e);
	if (result(L, rc, &err))
		return 2;
	return 0;
}

int skl__s_free(lua_State *L)
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
	if (result(L, rc, &err))
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

/* A payload pattern name at arg (nil = "text"). */
static skl_payload_pattern pattern_arg(lua_State *L, int arg)
{
	const char *s;
	if (lua_isnoneornil(L, arg))
		return SKL_PAYLOAD_TEXT;
	s = skl__check_string(L, arg);
	if (!strcmp(s, "text"))
		return SKL_PAYLOAD_TEXT;
	if (!strcmp(s, "zero"))
		return SKL_PAYLOAD_ZERO;
	if (!strcmp(s, "count"))
		return SKL_PAYLOAD_COUNT;
	skl__argerror(L, arg, lua_pushfstring(L, "pattern '%s': \"text\", \"zero\" or \"count\"", s));
	return SKL_PAYLOAD_TEXT;
}

int skl__s_add_frag(lua_State *L)
{
	skl_skb *skb = check_skb(L, 1, NULL);
	uint32_t n = len_arg(L, 2, "length");
	skl_payload pl;
	skl_error err;
	skl__engine e;
	int rc;
	memset(&pl, 0, sizeof(pl));
	pl.len = n;
	pl.pattern = pattern_arg(L, 3);
	if (n == 0)
		skl__argerror(L, 2, "a fragment of 0 bytes");
	op_begin(L, skb, &e);
	skl_error_clear(&err);
	rc = skl_skb_add_rx_frag(skb, n, 0, &pl, &err);
	skl__engine_end(&e);
	if (result(L, rc, &err))
		return 2;
	lua_pushinteger(L, skl_skb_nr_frags(skb));
	return 1;
}

int skl__s_set_header(lua_State *L)
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
	if (result(L, rc, &err))
		return 2;
	lua_pushinteger(L, skl_skb_header(skb, (skl_skb_mark)m));
	return 1;
}

int skl__s_bytes(lua_State *L)
{
	static const char hex[] = "0123456789abcdef";
	skl_skb *skb = check_skb(L, 1, NULL);
	uint32_t len = skl_skb_len(skb), off = 0, n;
	uint8_t *buf;
	luaL_Buffer b;
	uint32_t i;
	if (!lua_isnoneornil(L, 2))
		off = len_arg(L, 2, "offset");
	if (off > len)
		skl__argerror(L, 2, lua_pushfstring(L, "offset %d is past len %d", (int)off, (int)len));
	n = len - off;
	if (!lua_isnoneornil(L, 3)) {
		n = len_arg(L, 3, "length");
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

int skl__s_name(lua_State *L)
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

/* ---- captures ------------------------------------------------------------------------------ */

static void cap_write(void *ud, const char *s, size_t n)
{
	skl__capture *c = ud;
	if (c->fp && fwrite(s, 1, n, c->fp) != n)
		c->failed = 1;
}

/* Writes a capture's file header on its open stream. 0 or -1. */
static int cap_begin(skl__capture *c)
{
	skl_sink s;
	c->failed = 0;
	s.write = cap_write;
	s.ud = c;
	skl_pcap_begin(&c->pcap, &s, 0);
	return c->failed ? -1 : 0;
}

/* Opens (truncating) the run-wide capture the user named. 0 or -1. */
static int cap_open(skl__capture *c, const char *path)
{
	c->fp = fopen(path, "wb");
	if (!c->fp)
		return -1;
	return cap_begin(c);
}

/* Opens capture c (c->name set) as a new temporary file in the output
 * directory: never through a symlink, never over an existing file. 0 or -1. */
static int cap_open_named(skl_lua *rt, skl__capture *c)
{
	skl__limits *lim = skl__limits_of(rt);
	char tmp[300];
	int fd;
	if (lim->out_fd < 0)
		lim->out_fd = open(rt->out_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (lim->out_fd < 0)
		return -1;
	fd = skl_tmp_create(lim->out_fd, c->name, tmp, sizeof(tmp));
	if (fd < 0)
		return -1;
	c->fp = fdopen(fd, "wb");
	if (!c->fp) {
		close(fd);
		unlinkat(lim->out_fd, tmp, 0);
		return -1;
	}
	return cap_begin(c);
}

void skl__captures_finish(skl_lua *rt)
{
	if (!rt->pcap_path || rt->all.failed || rt->all.pcap.out.write) /* written to (or tried) already */
		return;
	if (cap_open(&rt->all, rt->pcap_path) < 0)
		rt->all.failed = 1;
	if (rt->all.fp && fclose(rt->all.fp) != 0)
		rt->all.failed = 1;
	rt->all.fp = NULL;
}

/* The capture file name at arg: a plain "*.pcap" name that stays inside
 * the output directory. */
static const char *capture_name(lua_State *L, int arg)
{
	const char *s = skl__check_string(L, arg);
	size_t n = strlen(s);
	const unsigned char *p;
	if (!n)
		skl__argerror(L, arg, "an empty file name");
	if (s[0] == '/' || s[0] == '\\' || (n > 1 && s[1] == ':'))
		skl__argerror(
		    L, arg, lua_pushfstring(L, "'%s' is an absolute path: name a file inside the output directory", s));
	if (strstr(s, ".."))
		skl__argerror(L, arg, lua_pushfstring(L, "'%s' leaves the output directory ('..')", s));
	if (strchr(s, '/') || strchr(s, '\\'))
		skl__argerror(L, arg, lua_pushfstring(L, "'%s': a plain file name, no directories", s));
	for (p = (const unsigned char *)s; *p; p++)
		if (*p <= ' ' || *p == 0x7f)
			skl__argerror(L, arg, "a file name without spaces or control characters");
	if (n > 200)
		skl__argerror(L, arg, "a file name of at most 200 characters");
	if (n < 6 || strcmp(s + n - 5, ".pcap") != 0)
		skl__argerror(L, arg, lua_pushfstring(L, "'%s': a capture's name ends in .pcap", s));
	return s;
}

/* The largest record a capture writes: a 16-byte header and a 65535-byte snap. */
#define RECORD_MAX (16 + 65535)

/* The skb's frame into one capture; 0, or -1 with msg set. Raises when the
 * run's output limit would be passed. */
static int frame_to(lua_State *L, skl__capture *c, skl_skb *skb, skl_error *err)
{
	skl__limits *lim = skl__limits_of(skl__rt(L));
	long before = ftell(c->fp), after;
	int rc;
	if (lim->out_bytes + RECORD_MAX > lim->out_limit) {
		lim->hit = SKL_LUA_LIMIT_OUTPUT;
		{
			char msg[160];
			snprintf(msg, sizeof(msg), "output limit of %llu MiB reached (captures wrote %llu bytes)",
				 (unsigned long long)(lim->out_limit >> 20), (unsigned long long)lim->out_bytes);
			return skl__error(L, "%s: %s", skl__fname(L), msg);
		}
	}
	rc = skl_skb_pcap(skb, &c->pcap, err);
	if (rc == SKL_SKB_EINVAL)
		skl__error(L, "%s: %s", skl__fname(L), err->msg);
	if (rc < 0)
		return -1;
	if (c->failed || fflush(c->fp) != 0) {
		c->failed = 1;
		skl_errorf(err, "writing the capture failed");
		return -1;
	}
	after = ftell(c->fp);
	if (before >= 0 && after > before)
		lim->out_bytes += (uint64_t)(after - before);
	return 0;
}

int skl__s_pcap(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	skl_skb *skb = check_skb(L, 1, NULL);
	const char *name = capture_name(L, 2);
	char path[4096];
	skl__capture *c = NULL;
	skl_error err;
	unsigned long frames = 0;
	int i, wrote = 0;

	if (!rt->out_dir && !rt->pcap_path)
		return skl__fail(L, "no output directory (use --frames or --pcap)");
	skl_error_clear(&err);
	if (rt->out_dir) {
		snprintf(path, sizeof(path), "%s/%s", rt->out_dir, name);
		if (!rt->pcap_path || strcmp(path, rt->pcap_path) != 0) {
			for (i = 0; i < rt->ncaps; i++)
				if (!strcmp(rt->caps[i].name, name))
					c = &rt->caps[i];
			if (!c) {
				if (rt->ncaps >= SKL__MAX_CAPTURES)
					return skl__error(L, "%s: more than %d capture files in one run", skl__fname(L),
							  SKL__MAX_CAPTURES);
				c = &rt->caps[rt->ncaps];
				memset(c, 0, sizeof(*c));
				snprintf(c->name, sizeof(c->name), "%s", name);
				rt->ncaps++; /* closed (renamed, or removed when it failed) when the run ends */
				if (cap_open_named(rt, c) < 0)
					c->failed = 1;
			}
			if (c->failed || !c->fp)
				return skl__fail(L,
						 lua_pushfstring(L, "cannot write '%s' in the output directory", name));
			if (frame_to(L, c, skb, &err) < 0)
				return skl__fail(L, lua_pushfstring(L, "%s: %s", name, err.msg));
			frames = c->pcap.frames;
			wrote = 1;
		}
	}
	if (rt->pcap_path) {
		if (!rt->all.fp && (rt->all.failed || cap_open(&rt->all, rt->pcap_path) < 0)) {
			rt->all.failed = 1;
			return skl__fail(L, lua_pushfstring(L, "cannot write the capture '%s'", rt->pcap_path));
		}
		if (frame_to(L, &rt->all, skb, &err) < 0)
			return skl__fail(L, lua_pushfstring(L, "%s: %s", rt->pcap_path, err.msg));
		if (!wrote)
			frames = rt->all.pcap.frames;
	}
	lua_pushinteger(L, (lua_Integer)frames);
	return 1;
}

/* ---- header objects ------------------------------------------------------------------------- */

static lhdr *new_hdr(lua_State *L, skl_hdr_kind kind)
{
	lhdr *h = lua_newuserdatauv(L, sizeof(*h), 0);
	memset(h, 0, sizeof(*h));
	h->h.kind = kind;
	luaL_setmetatable(L, HDR_MT);
	return h;
}

/* "10.0.0.1": four decimal numbers from 0 to 255, no leading zeros. */
static int parse_ipv4(const char *s, uint32_t *out)
{
	uint32_t a = 0;
	int i;
	for (i = 0; i < 4; i++) {
		int digits = 0;
		uint32_t v = 0;
		const char *start = s;
		while (*s >= '0' && *s <= '9') {
			v = v * 10 + (uint32_t)(*s++ - '0');
			if (++digits > 3)
				return -1;
		}
		if (!digits || v > 255 || (digits > 1 && *start == '0'))
			return -1;
		a = (a << 8) | v;
		if (i < 3 && *s++ != '.')
			return -1;
	}
	if (*s)
		return -1;
	*out = a;
	return 0;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* "02:00:00:00:00:01" */
static int parse_mac(const char *s, uint8_t out[6])
{
	int i;
	for (i = 0; i < 6; i++) {
		int hi = hexval((unsigned char)s[0]), lo = hi < 0 ? -1 : hexval((unsigned char)s[1]);
		if (hi < 0 || lo < 0)
			return -1;
		out[i] = (uint8_t)(hi * 16 + lo);
		s += 2;
		if (i < 5 && *s++ != ':')
			return -1;
	}
	return *s ? -1 : 0;
}

static uint32_t opt_ipv4(const skl__opts *o, const char *key, uint32_t def)
{
	lua_State *L = o->L;
	int arg = o->arg, t = lua_getfield(L, o->t, key);
	uint32_t a = def;
	if (t != LUA_TNIL) {
		if (t != LUA_TSTRING)
			skl__argerror(L, arg,
				      lua_pushfstring(L, "field '%s': IPv4 address text expected, got %s", key,
						      luaL_typename(L, -1)));
		if (parse_ipv4(lua_tostring(L, -1), &a) < 0)
			skl__argerror(
			    L, arg,
			    lua_pushfstring(L, "field '%s': '%s' is not an IPv4 address (a.b.c.d, each 0 to 255)", key,
					    lua_tostring(L, -1)));
	}
	lua_pop(L, 1);
	return a;
}

static void opt_mac(const skl__opts *o, const char *key, uint8_t out[6])
{
	lua_State *L = o->L;
	int arg = o->arg, t = lua_getfield(L, o->t, key);
	if (t != LUA_TNIL) {
		if (t != LUA_TSTRING)
			skl__argerror(L, arg,
				      lua_pushfstring(L, "field '%s': MAC address text expected, got %s", key,
						      luaL_typename(L, -1)));
		if (parse_mac(lua_tostring(L, -1), out) < 0)
			skl__argerror(L, arg,
				      lua_pushfstring(L,
						      "field '%s': '%s' is not a MAC address (six hex pairs, "
						      "02:00:00:00:00:01)",
						      key, lua_tostring(L, -1)));
	}
	lua_pop(L, 1);
}

/* TCP flags as tcpdump prints them: "S", "SA" ("S."), "PA", "F", "R", "U". */
static uint8_t opt_flags(const skl__opts *o, const char *key, uint8_t def)
{
	lua_State *L = o->L;
	int arg = o->arg, t = lua_getfield(L, o->t, key);
	uint8_t f = 0;
	const char *s;
	if (t == LUA_TNIL) {
		lua_pop(L, 1);
		return def;
	}
	if (t != LUA_TSTRING)
		skl__argerror(L, arg,
			      lua_pushfstring(L, "field '%s': string of flag letters expected, got %s", key,
					      luaL_typename(L, -1)));
	s = lua_tostring(L, -1);
	if (!*s)
		skl__argerror(L, arg,
			      lua_pushfstring(L, "field '%s' is empty (letters F S R P A U, or '.' for ACK)", key));
	for (; *s; s++) {
		switch (*s) {
		case 'F':
			f |= SKL_TCP_FIN;
			break;
		case 'S':
			f |= SKL_TCP_SYN;
			break;
		case 'R':
			f |= SKL_TCP_RST;
			break;
		case 'P':
			f |= SKL_TCP_PSH;
			break;
		case 'A':
		case '.':
			f |= SKL_TCP_ACK;
			break;
		case 'U':
			f |= SKL_TCP_URG;
			break;
		default:
			skl__argerror(L, arg,
				      lua_pushfstring(L,
						      "field '%s': unknown TCP flag '%c' (letters F S R P A U, or '.' "
						      "for ACK)",
						      key, *s));
		}
	}
	lua_pop(L, 1);
	return f;
}

/* The options table of a header builder (none = all defaults) into o: its
 * range errors say the value given. */
static void hdr_opts(lua_State *L, const char *const *keys, skl__opts *o)
{
	if (lua_isnoneornil(L, 1)) {
		lua_settop(L, 0);
		lua_newtable(L);
	} else {
		skl__check_table(L, 1);
		skl__check_keys(L, 1, keys);
	}
	*o = skl__opts_at(L, 1);
	o->flags = SKL__OPT_SAY_VALUE;
}

int skl__h_eth(lua_State *L)
{
	static const char *const keys[] = {"src", "dst", "type", NULL};
	skl__opts opts;
	skl_flow f;
	lhdr *h;
	hdr_opts(L, keys, &opts);
	skl_flow_default(&f);
	h = new_hdr(L, SKL_HDR_ETH);
	memcpy(h->h.u.eth.src, f.src_mac, 6);
	memcpy(h->h.u.eth.dst, f.dst_mac, 6);
	opt_mac(&opts, "src", h->h.u.eth.src);
	opt_mac(&opts, "dst", h->h.u.eth.dst);
	h->h.u.eth.type = (uint16_t)skl__opt_int(&opts, "type", SKL_ETH_P_IP, 0x600, 0xffff);
	return 1;
}

int skl__h_ipv4(lua_State *L)
{
	static const char *const keys[] = {"src", "dst", "proto", "ttl", "id", "tos", "df", "tot_len", NULL};
	skl__opts opts;
	skl_flow f;
	lhdr *h;
	int t;
	hdr_opts(L, keys, &opts);
	skl_flow_default(&f);
	h = new_hdr(L, SKL_HDR_IPV4);
	h->h.u.ip.saddr = opt_ipv4(&opts, "src", f.saddr);
	h->h.u.ip.daddr = opt_ipv4(&opts, "dst", f.daddr);
	t = lua_getfield(L, 1, "proto");
	if (t == LUA_TSTRING) {
		const char *s = lua_tostring(L, -1);
		if (!strcmp(s, "tcp"))
			h->h.u.ip.protocol = SKL_IPPROTO_TCP;
		else if (!strcmp(s, "udp"))
			h->h.u.ip.protocol = SKL_IPPROTO_UDP;
		else
			skl__argerror(L, 1,
				      lua_pushfstring(L, "field 'proto': '%s' (\"tcp\", \"udp\" or a number)", s));
		lua_pop(L, 1);
	} else {
		lua_pop(L, 1);
		h->h.u.ip.protocol = (uint8_t)skl__opt_int(&opts, "proto", SKL_IPPROTO_TCP, 1, 255);
	}
	h->h.u.ip.ttl = (uint8_t)skl__opt_int(&opts, "ttl", 64, 1, 255);
	h->h.u.ip.id = (uint16_t)skl__opt_int(&opts, "id", f.ip_id, 0, 65535);
	h->h.u.ip.tos = (uint8_t)skl__opt_int(&opts, "tos", 0, 0, 255);
	h->h.u.ip.frag_off = skl__opt_bool(&opts, "df", 1) ? SKL_IP_DF : 0;
	h->h.u.ip.tot_len = (uint16_t)skl__opt_int(&opts, "tot_len", 0, 0, 65535);
	return 1;
}

int skl__h_tcp(lua_State *L)
{
	static const char *const keys[] = {"sport",	  "dport",	"seq",	 "ack",	  "flags", "window",
					   "urg",	  "timestamps", "tsval", "tsecr", "mss",   "wscale",
					   "syn_options", "src",	"dst",	 NULL};
	skl__opts opts;
	skl_flow f;
	lhdr *h;
	skl_tcp_hdr *t;
	hdr_opts(L, keys, &opts);
	skl_flow_default(&f);
	h = new_hdr(L, SKL_HDR_TCP);
	t = &h->h.u.tcp;
	t->sport = (uint16_t)skl__opt_int(&opts, "sport", f.sport, 0, 65535);
	t->dport = (uint16_t)skl__opt_int(&opts, "dport", f.dport, 0, 65535);
	t->seq = (uint32_t)skl__opt_int(&opts, "seq", f.seq, 0, 0xffffffff);
	t->ack = (uint32_t)skl__opt_int(&opts, "ack", f.ack, 0, 0xffffffff);
	t->flags = opt_flags(&opts, "flags", SKL_TCP_ACK | SKL_TCP_PSH);
	t->window = (uint16_t)skl__opt_int(&opts, "window", 502, 1, 65535);
	t->urg = (uint16_t)skl__opt_int(&opts, "urg", 0, 0, 65535);
	t->timestamps = skl__opt_bool(&opts, "timestamps", 0);
	t->syn_options = skl__opt_bool(&opts, "syn_options", 0);
	t->tsval = (uint32_t)skl__opt_int(&opts, "tsval", f.tsval, 0, 0xffffffff);
	t->tsecr = (uint32_t)skl__opt_int(&opts, "tsecr", f.tsecr, 0, 0xffffffff);
	t->mss = (uint16_t)skl__opt_int(&opts, "mss", 1460, 1, 65535);
	t->wscale = (uint8_t)skl__opt_int(&opts, "wscale", 7, 0, 14);
	t->saddr = opt_ipv4(&opts, "src", f.saddr);
	t->daddr = opt_ipv4(&opts, "dst", f.daddr);
	if (t->timestamps && t->syn_options)
		skl__argerror(L, 1, "fields 'timestamps' and 'syn_options' are two header layouts: choose one");
	return 1;
}

int skl__h_udp(lua_State *L)
{
	static const char *const keys[] = {"sport", "dport", "len", "src", "dst", NULL};
	skl__opts opts;
	skl_flow f;
	lhdr *h;
	hdr_opts(L, keys, &opts);
	skl_flow_default(&f);
	h = new_hdr(L, SKL_HDR_UDP);
	h->h.u.udp.sport = (uint16_t)skl__opt_int(&opts, "sport", f.sport, 0, 65535);
	h->h.u.udp.dport = (uint16_t)skl__opt_int(&opts, "dport", 53, 0, 65535);
	h->h.u.udp.len = (uint16_t)skl__opt_int(&opts, "len", 0, 0, 65535);
	h->h.u.udp.saddr = opt_ipv4(&opts, "src", f.saddr);
	h->h.u.udp.daddr = opt_ipv4(&opts, "dst", f.daddr);
	return 1;
}

int skl__f_payload(lua_State *L)
{
	uint32_t n = len_arg(L, 1, "length");
	skl_payload_pattern pat = pattern_arg(L, 2);
	lua_Integer seed = 0;
	lhdr *h;
	if (!lua_isnoneornil(L, 3)) {
		seed = skl__check_integer(L, 3);
		if (seed < 0 || seed > 0xffffffff)
			skl__argerror(L, 3, lua_pushfstring(L, "seed %I: from 0 to 4294967295", seed));
	}
	h = new_hdr(L, SKL_HDR_PAYLOAD);
	h->h.u.payload.len = n;
	h->h.u.payload.pattern = pat;
	h->h.u.payload.seed = (uint32_t)seed;
	return 1;
}

/* ---- paths ---------------------------------------------------------------------------------- */

static lpath *check_path(lua_State *L, int arg)
{
	lpath *p = luaL_testudata(L, arg, PATH_MT);
	if (!p)
		skl__typeerror(L, arg, "path");
	if (!p->p || p->kernel >= skl__rt(L)->nkernels)
		skl__error(L, "stale path handle (its run has ended)");
	return p;
}

/* The flow and device options the two paths share. */
static void path_flow(const skl__opts *opts, skl_path_opts *o)
{
	lua_State *L = opts->L;
	skl_flow *f = &o->flow;
	opt_mac(opts, "src_mac", f->src_mac);
	opt_mac(opts, "dst_mac", f->dst_mac);
	f->saddr = opt_ipv4(opts, "src", f->saddr);
	f->daddr = opt_ipv4(opts, "dst", f->daddr);
	f->sport = (uint16_t)skl__opt_int(opts, "sport", f->sport, 0, 65535);
	f->dport = (uint16_t)skl__opt_int(opts, "dport", f->dport, 0, 65535);
	f->seq = (uint32_t)skl__opt_int(opts, "seq", f->seq, 0, 0xffffffff);
	f->ack = (uint32_t)skl__opt_int(opts, "ack", f->ack, 0, 0xffffffff);
	f->ip_id = (uint16_t)skl__opt_int(opts, "id", f->ip_id, 0, 65535);
	f->ttl = (uint8_t)skl__opt_int(opts, "ttl", f->ttl ? f->ttl : 64, 1, 255);
	f->window = (uint16_t)skl__opt_int(opts, "window", f->window ? f->window : 502, 1, 65535);
	f->tcp_flags = opt_flags(opts, "flags", f->tcp_flags ? f->tcp_flags : SKL_TCP_ACK | SKL_TCP_PSH);
	f->timestamps = skl__opt_bool(opts, "timestamps", f->timestamps);
	if (lua_getfield(L, 2, "dev") != LUA_TNIL)
		o->dev = dev_arg(L, lua_gettop(L)); /* stays on the stack: the string lives */
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
	int ki = kernel_arg(L, 1, &net);
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
		lhdr *pl;
		o.payload.len = (uint32_t)mss;
		if (lua_getfield(L, 2, "payload") != LUA_TNIL) {
			if ((pl = luaL_testudata(L, -1, HDR_MT)) != NULL) {
				if (pl->h.kind != SKL_HDR_PAYLOAD)
					skl__argerror(L, 2,
						      lua_pushfstring(L, "field 'payload': a payload, not a %s",
								      skl_hdr_name(pl->h.kind)));
				o.payload = pl->h.u.payload;
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

int skl__f_tx_tcp(lua_State *L)
{
	return path_new(L, 0);
}

int skl__f_rx(lua_State *L)
{
	return path_new(L, 1);
}

/* One step: 1 done, 0 none left; raises on a panic or a refusal; -1 with
 * nil and the reason pushed when memory ran out. */
static int path_step(lua_State *L, lpath *p)
{
	skl_net *net = net_of(L, p->kernel);
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
	result(L, rc, &err);
	return -1;
}

int skl__p_next(lua_State *L)
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

int skl__p_run(lua_State *L)
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
	else if (!strcmp(key, "panicked"))
		lua_pushboolean(L, skl_skb_panicked(skb));
	else if (!strcmp(key, "report"))
		lua_pushstring(L, skl_skb_report(skb));
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

static int hdr_index(lua_State *L)
{
	lhdr *h = luaL_checkudata(L, 1, HDR_MT);
	const char *key;
	if (lua_type(L, 2) != LUA_TSTRING)
		return skl__error(L, "header has no field [%s]", luaL_typename(L, 2));
	key = lua_tostring(L, 2);
	if (!strcmp(key, "kind"))
		lua_pushstring(L, skl_hdr_name(h->h.kind));
	else if (!strcmp(key, "len"))
		lua_pushinteger(L, skl_hdr_len(&h->h));
	else
		return skl__error(L, "header has no field '%s'", key);
	return 1;
}

static int hdr_len(lua_State *L)
{
	lhdr *h = luaL_checkudata(L, 1, HDR_MT);
	lua_pushinteger(L, skl_hdr_len(&h->h));
	return 1;
}

static int hdr_tostring(lua_State *L)
{
	lhdr *h = luaL_checkudata(L, 1, HDR_MT);
	char d[200];
	skl_hdr_describe(&h->h, NULL, d, sizeof(d));
	lua_pushfstring(L, "%s(%s)", skl_hdr_name(h->h.kind), d);
	return 1;
}

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
			push_skb(L, p->kernel, skb);
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
	const skl__api *e = lua_touserdata(L, lua_upvalueindex(1));
	return skl__error(L, "%s objects are read-only%s",
			  e == &e_skb	? "skb"
			  : e == &e_hdr ? "header"
					: "path",
			  e == &e_skb ? " (skb:name(s) renames one)" : "");
}

/* ---- scene.show(skb, ...) -------------------------------------------------------------------- */

int skl__show_skbs(lua_State *L, int n)
{
	skl_lua *rt = skl__rt(L);
	const skl_skb *skbs[SHOW_MAX];
	const skl_layout *type;
	skl_skb_snap *snaps;
	char at[SKL__WHERE_MAX];
	int m = 0, i;
	for (i = 1; i <= n; i++) {
		lpath *p = luaL_testudata(L, i, PATH_MT);
		if (p) {
			skl_skb *s, *c;
			check_path(L, i);
			s = skl_skb_path_skb(p->p);
			c = skl_skb_path_clone(p->p);
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
			skl__argerror(L, i, "skbs take no options");
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
	skl__log_check(L, skl_events_show_skbs(rt->log, snaps, m, type, at));
	return 0;
}

/* ---- expect_panic ------------------------------------------------------------------------------ */

int skl__f_expect_panic(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	const char *msg, *pattern, *got = NULL;
	int before = rt->panics, status, ok = 0;
	luaL_Buffer b;
	if (lua_type(L, 1) != LUA_TFUNCTION)
		skl__typeerror(L, 1, "function");
	msg = skl__optarg_string(L, 2, "");
	pattern = skl__optarg_string(L, 3, NULL);
	lua_settop(L, 3);
	lua_pushvalue(L, 1);
	status = lua_pcall(L, 0, 0, 0); /* 4: the error, if any */
	if (status != LUA_OK && (status == LUA_ERRMEM || rt->instr_hit || rt->mem_hit))
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
	} else if (rt->panics > before && !strcmp(lua_tostring(L, 4), rt->last_panic)) {
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
	skl__new_class(L, HDR_MT, "header", NULL, &e_hdr, hdr_index, read_only, hdr_tostring, NULL);
	luaL_getmetatable(L, HDR_MT);
	lua_pushcfunction(L, hdr_len);
	lua_setfield(L, -2, "__len");
	lua_pop(L, 1);
	skl__new_class(L, PATH_MT, "path", "path", &e_path, path_index, read_only, path_tostring, path_gc);
	/* handles by skl_skb: weak values, so an unreferenced handle can go */
	lua_newtable(L);
	lua_newtable(L);
	lua_pushliteral(L, "v");
	lua_setfield(L, -2, "__mode");
	lua_setmetatable(L, -2);
	lua_rawsetp(L, LUA_REGISTRYINDEX, &handles_key);
}
