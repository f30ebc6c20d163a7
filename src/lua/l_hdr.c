/*
 * l_hdr.c - header objects: sklab.hdr.eth, .ipv4, .tcp and .udp build an
 * Ethernet, IPv4, TCP or UDP header from an options table, sklab.payload
 * the bytes after them. A header is a value (a full userdata holding a
 * skl_hdr), not a handle: it names no engine state, so it never goes stale.
 * skb:push and skb:put (l_skb.c) write them; the paths (l_path.c) read the
 * same address and flag options. Appends no events.
 */
#include "l_skb.h"

#include <string.h>

#define HDR_MT "sklab.hdr"

typedef struct lhdr {
	skl_hdr h;
} lhdr;

/* Names for metamethod errors. */
static const skl__api e_hdr = {"hdr", "", "", SKL__API_INDEX};

static lhdr *new_hdr(lua_State *L, skl_hdr_kind kind)
{
	lhdr *h = lua_newuserdatauv(L, sizeof(*h), 0);
	memset(h, 0, sizeof(*h));
	h->h.kind = kind;
	luaL_setmetatable(L, HDR_MT);
	return h;
}

const skl_hdr *skl__to_hdr(lua_State *L, int arg)
{
	lhdr *h = luaL_testudata(L, arg, HDR_MT);
	return h ? &h->h : NULL;
}

/* ---- options ------------------------------------------------------------------------------ */

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

uint32_t skl__hdr_opt_ipv4(const skl__opts *o, const char *key, uint32_t def)
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

void skl__hdr_opt_mac(const skl__opts *o, const char *key, uint8_t out[6])
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
uint8_t skl__hdr_opt_flags(const skl__opts *o, const char *key, uint8_t def)
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

skl_payload_pattern skl__payload_pattern_arg(lua_State *L, int arg)
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

/* ---- the builders ------------------------------------------------------------------------- */

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

static int h_eth(lua_State *L)
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
	skl__hdr_opt_mac(&opts, "src", h->h.u.eth.src);
	skl__hdr_opt_mac(&opts, "dst", h->h.u.eth.dst);
	h->h.u.eth.type = (uint16_t)skl__opt_int(&opts, "type", SKL_ETH_P_IP, 0x600, 0xffff);
	return 1;
}

static int h_ipv4(lua_State *L)
{
	static const char *const keys[] = {"src", "dst", "proto", "ttl", "id", "tos", "df", "tot_len", NULL};
	skl__opts opts;
	skl_flow f;
	lhdr *h;
	int t;
	hdr_opts(L, keys, &opts);
	skl_flow_default(&f);
	h = new_hdr(L, SKL_HDR_IPV4);
	h->h.u.ip.saddr = skl__hdr_opt_ipv4(&opts, "src", f.saddr);
	h->h.u.ip.daddr = skl__hdr_opt_ipv4(&opts, "dst", f.daddr);
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

static int h_tcp(lua_State *L)
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
	t->flags = skl__hdr_opt_flags(&opts, "flags", SKL_TCP_ACK | SKL_TCP_PSH);
	t->window = (uint16_t)skl__opt_int(&opts, "window", 502, 1, 65535);
	t->urg = (uint16_t)skl__opt_int(&opts, "urg", 0, 0, 65535);
	t->timestamps = skl__opt_bool(&opts, "timestamps", 0);
	t->syn_options = skl__opt_bool(&opts, "syn_options", 0);
	t->tsval = (uint32_t)skl__opt_int(&opts, "tsval", f.tsval, 0, 0xffffffff);
	t->tsecr = (uint32_t)skl__opt_int(&opts, "tsecr", f.tsecr, 0, 0xffffffff);
	t->mss = (uint16_t)skl__opt_int(&opts, "mss", 1460, 1, 65535);
	t->wscale = (uint8_t)skl__opt_int(&opts, "wscale", 7, 0, 14);
	t->saddr = skl__hdr_opt_ipv4(&opts, "src", f.saddr);
	t->daddr = skl__hdr_opt_ipv4(&opts, "dst", f.daddr);
	if (t->timestamps && t->syn_options)
		skl__argerror(L, 1, "fields 'timestamps' and 'syn_options' are two header layouts: choose one");
	return 1;
}

static int h_udp(lua_State *L)
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
	h->h.u.udp.saddr = skl__hdr_opt_ipv4(&opts, "src", f.saddr);
	h->h.u.udp.daddr = skl__hdr_opt_ipv4(&opts, "dst", f.daddr);
	return 1;
}

static int f_payload(lua_State *L)
{
	uint32_t n = skl__skb_len_arg(L, 1, "length");
	skl_payload_pattern pat = skl__payload_pattern_arg(L, 2);
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

/* ---- fields and the class ----------------------------------------------------------------- */

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

static int read_only(lua_State *L)
{
	return skl__error(L, "header objects are read-only");
}

void skl__hdr_open(lua_State *L)
{
	skl__new_class(L, HDR_MT, "header", NULL, &e_hdr, hdr_index, read_only, hdr_tostring, NULL);
	luaL_getmetatable(L, HDR_MT);
	lua_pushcfunction(L, hdr_len);
	lua_setfield(L, -2, "__len");
	lua_pop(L, 1);
}

/* ---- the API slice --------------------------------------------------------------------- */

/* The bindings of this file, named as api.c's table names them. */
const skl__reg skl__hdr_lib[] = {
    {"sklab.hdr.eth", h_eth}, {"sklab.hdr.ipv4", h_ipv4},   {"sklab.hdr.tcp", h_tcp},
    {"sklab.hdr.udp", h_udp}, {"sklab.payload", f_payload}, {NULL, NULL},
};
