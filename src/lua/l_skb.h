/*
 * l_skb.h - what the sk_buff bindings share: l_skb.c (skb handles and
 * their operations), l_hdr.c (header objects), l_path.c (the transmit and
 * receive paths) and l_pcap.c (capture files). Private to those files.
 */
#ifndef SKLAB_LUA_L_SKB_H
#define SKLAB_LUA_L_SKB_H

#include "lua_impl.h"

/* ---- skb handles and their kernel's net (l_skb.c) ------------------------------ */

/* The kernel handle at arg and its net (made with the era's defaults on
 * first use); returns the kernel's index. Raises on another value. */
int skl__skb_kernel_arg(lua_State *L, int arg, skl_net **net);
/* The net of kernel i, made with the era's defaults when it has none yet. */
skl_net *skl__skb_net_of(lua_State *L, int i);
/* Pushes the one handle of skb (of kernel ki), making it on first use. */
void skl__push_skb(lua_State *L, int ki, skl_skb *skb);
/* The skb of the handle at arg; raises on another value and on a freed skb. */
skl_skb *skl__check_skb(lua_State *L, int arg);
/* The same, and the index of the skb's kernel (for skl__push_skb). */
skl_skb *skl__check_skb_ki(lua_State *L, int arg, int *ki);
/*
 * What an skb operation returned, after skl__engine_end: a panic raises the
 * kernel's line, a refusal (a dead skb, a call this era lacks) raises with
 * the function's name; out of memory pushes nil and the reason (returns 2).
 * 0 when the operation succeeded.
 */
int skl__skb_result(lua_State *L, int rc, const skl_error *err);
/* A length argument: an integer from 0 to INT_MAX (what names it in errors). */
uint32_t skl__skb_len_arg(lua_State *L, int arg, const char *what);
/* A device name (IFNAMSIZ), or NULL for nil. */
const char *skl__skb_dev_arg(lua_State *L, int arg);

/* ---- header objects (l_hdr.c) ------------------------------------------------------ */

/* The header at arg (sklab.hdr.*, sklab.payload), or NULL when arg is none. */
const skl_hdr *skl__to_hdr(lua_State *L, int arg);
/* A payload pattern name at arg: "text" (also for nil), "zero" or "count". */
skl_payload_pattern skl__payload_pattern_arg(lua_State *L, int arg);
/* The bytes a frag op copies: length at arg 2 (not 0: raises "<zero>"),
 * the pattern at arg 3. */
skl_payload skl__frag_payload_arg(lua_State *L, const char *zero);
/* Fields of an options table that headers and paths share: an IPv4
 * address ("10.0.0.1"), a MAC address ("02:00:00:00:00:01") and TCP flags
 * as tcpdump prints them ("S", "SA", "PA"). */
uint32_t skl__hdr_opt_ipv4(const skl__opts *o, const char *key, uint32_t def);
void skl__hdr_opt_mac(const skl__opts *o, const char *key, uint8_t out[6]);
uint8_t skl__hdr_opt_flags(const skl__opts *o, const char *key, uint8_t def);

/* ---- paths (l_path.c) ---------------------------------------------------------------- */

/* Is the value at arg a path stepper? */
int skl__is_path(lua_State *L, int arg);
/* The skb and the clone the path at arg holds now (either may be NULL);
 * raises when the path's run has ended. */
void skl__path_skbs(lua_State *L, int arg, skl_skb **skb, skl_skb **clone);

#endif
