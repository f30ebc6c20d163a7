/*
 * sample_structs.c - sample structs for the render tests (see
 * sample_structs.h). struct sock follows the 2.4.16 header member by
 * member; the protocol areas it embeds are sized as the reference notes
 * give them, with only their first members spelled out.
 */
#include "sample_structs.h"

#include <stdio.h>
#include <string.h>

typedef struct bld {
	skl_typedb *db;
	skl_error *err;
	int failed;
} bld;

static skl_type *base(bld *b, const char *spelling)
{
	skl_type *t = skl_type_base(b->db, spelling);
	if (!t)
		b->failed = 1;
	return t;
}

static skl_type *ptr(bld *b, skl_type *to)
{
	return skl_type_pointer(b->db, to);
}

static skl_type *tdef(bld *b, const char *name, skl_type *to)
{
	skl_type *t = skl_type_typedef(b->db, name, to, b->err);
	if (!t)
		b->failed = 1;
	return t;
}

static skl_type *rec(bld *b, skl_kind kind, const char *tag)
{
	return skl_type_record(b->db, kind, tag);
}

static void add(bld *b, skl_type *r, const char *name, skl_type *t)
{
	if (!t || skl_record_add(r, name, t, -1, 0, NULL, b->err) < 0)
		b->failed = 1;
}

static void add_if(bld *b, skl_type *r, const char *name, skl_type *t, const char *cond)
{
	if (!t || skl_record_add(r, name, t, -1, 0, cond, b->err) < 0)
		b->failed = 1;
}

static void add_bits(bld *b, skl_type *r, const char *name, skl_type *t, int bits)
{
	if (!t || skl_record_add(r, name, t, bits, 0, NULL, b->err) < 0)
		b->failed = 1;
}

/* A named struct of `size` bytes: its first members, then a filler array. */
static skl_type *opaque(bld *b, const char *tag, uint64_t size, skl_type *u32)
{
	skl_type *r = rec(b, SKL_K_STRUCT, tag);
	add(b, r, "first", u32);
	add(b, r, "rest", skl_type_array(b->db, u32, size / 4 - 1));
	skl_record_set_complete(r);
	return r;
}

int sample_types_build(sample_types *t, skl_error *err)
{
	bld b;
	skl_type *u8, *u16, *u32, *i32, *ul, *l, *uc, *us, *ui, *c, *v;
	skl_type *spin, *rw, *atomic, *list, *wqh, *slock, *skbh, *timer, *tv, *ucred, *sock, *sockp;
	skl_type *tcp_opt, *raw_opt, *raw6_opt, *spx_opt, *unix_opt, *inet_opt, *ipv6_pinfo, *u, *s, *r;
	skl_type *fn_v, *fn_i;
	int i;

	memset(t, 0, sizeof(*t));
	memset(&b, 0, sizeof(b));
	b.db = t->db = skl_typedb_new();
	b.err = err;
	if (!b.db)
		return skl_errorf(err, "out of memory");
	c = base(&b, "char");
	uc = base(&b, "unsigned char");
	us = base(&b, "unsigned short");
	ui = base(&b, "unsigned int");
	i32 = base(&b, "int");
	l = base(&b, "long");
	ul = base(&b, "unsigned long");
	v = base(&b, "void");
	u8 = tdef(&b, "__u8", uc);
	u16 = tdef(&b, "__u16", us);
	u32 = tdef(&b, "__u32", ui);
	if (b.failed)
		return -1;

	/* locks are one int: gcc 2.9x, uniprocessor */
	r = rec(&b, SKL_K_STRUCT, NULL);
	add(&b, r, "gcc_is_buggy", i32);
	skl_record_set_complete(r);
	spin = tdef(&b, "spinlock_t", r);
	r = rec(&b, SKL_K_STRUCT, NULL);
	add(&b, r, "gcc_is_buggy", i32);
	skl_record_set_complete(r);
	rw = tdef(&b, "rwlock_t", r);
	r = rec(&b, SKL_K_STRUCT, NULL);
	add(&b, r, "counter", i32);
	skl_record_set_complete(r);
	atomic = tdef(&b, "atomic_t", r);
	list = rec(&b, SKL_K_STRUCT, "list_head");
	add(&b, list, "next", ptr(&b, list));
	add(&b, list, "prev", ptr(&b, list));
	skl_record_set_complete(list);
	r = rec(&b, SKL_K_STRUCT, "__wait_queue_head");
	add(&b, r, "lock", spin);
	add(&b, r, "task_list", list);
	skl_record_set_complete(r);
	wqh = tdef(&b, "wait_queue_head_t", r);
	r = rec(&b, SKL_K_STRUCT, NULL);
	add(&b, r, "slock", spin);
	add(&b, r, "users", ui);
	add(&b, r, "wq", wqh);
	skl_record_set_complete(r);
	slock = tdef(&b, "socket_lock_t", r);
	skbh = rec(&b, SKL_K_STRUCT, "sk_buff_head");
	{
		skl_type *skb = rec(&b, SKL_K_STRUCT, "sk_buff");
		add(&b, skbh, "next", ptr(&b, skb));
		add(&b, skbh, "prev", ptr(&b, skb));
		add(&b, skbh, "qlen", u32);
		add(&b, skbh, "lock", spin);
		skl_record_set_complete(skbh);
	}
	timer = rec(&b, SKL_K_STRUCT, "timer_list");
	add(&b, timer, "list", list);
	add(&b, timer, "expires", ul);
	add(&b, timer, "data", ul);
	add(&b, timer, "function", ptr(&b, skl_type_func(b.db, v, "long unsigned int")));
	skl_record_set_complete(timer);
	tv = rec(&b, SKL_K_STRUCT, "timeval");
	add(&b, tv, "tv_sec", l);
	add(&b, tv, "tv_usec", l);
	skl_record_set_complete(tv);
	ucred = rec(&b, SKL_K_STRUCT, "ucred");
	add(&b, ucred, "pid", u32);
	add(&b, ucred, "uid", u32);
	add(&b, ucred, "gid", u32);
	skl_record_set_complete(ucred);
	if (b.failed)
		return -1;

	/* the protocol areas, sized as in 2.4.16 on i386 */
	tcp_opt = opaque(&b, "tcp_opt", 424, u32);
	raw_opt = opaque(&b, "raw_opt", 4, u32);
	raw6_opt = opaque(&b, "raw6_opt", 40, u32);
	spx_opt = opaque(&b, "spx_opt", 156, u32);
	unix_opt = opaque(&b, "unix_opt", 64, u32);
	ipv6_pinfo = opaque(&b, "ipv6_pinfo", 96, u32);

	/* struct inet_opt, with its two bitfields in the spare byte 19 */
	inet_opt = rec(&b, SKL_K_STRUCT, "inet_opt");
	add(&b, inet_opt, "ttl", i32);
	add(&b, inet_opt, "tos", i32);
	add(&b, inet_opt, "cmsg_flags", ui);
	add(&b, inet_opt, "opt", ptr(&b, rec(&b, SKL_K_STRUCT, "ip_options")));
	add(&b, inet_opt, "hdrincl", uc);
	add(&b, inet_opt, "mc_ttl", u8);
	add(&b, inet_opt, "mc_loop", u8);
	add_bits(&b, inet_opt, "recverr", ui, 1);
	add_bits(&b, inet_opt, "freebind", ui, 1);
	add(&b, inet_opt, "id", u16);
	add(&b, inet_opt, "pmtudisc", u8);
	add(&b, inet_opt, "mc_index", i32);
	add(&b, inet_opt, "mc_addr", u32);
	add(&b, inet_opt, "mc_list", ptr(&b, rec(&b, SKL_K_STRUCT, "ip_mc_socklist")));
	skl_record_set_complete(inet_opt);
	t->inet_opt = inet_opt;

	/* struct sock */
	sock = rec(&b, SKL_K_STRUCT, "sock");
	sockp = ptr(&b, sock);
	fn_v = ptr(&b, skl_type_func(b.db, v, "struct sock *"));
	fn_i = ptr(&b, skl_type_func(b.db, i32, "struct sock *, struct sk_buff *"));
	add(&b, sock, "daddr", u32);
	add(&b, sock, "rcv_saddr", u32);
	add(&b, sock, "dport", u16);
	add(&b, sock, "num", us);
	add(&b, sock, "bound_dev_if", i32);
	add(&b, sock, "next", sockp);
	add(&b, sock, "pprev", ptr(&b, sockp));
	add(&b, sock, "bind_next", sockp);
	add(&b, sock, "bind_pprev", ptr(&b, sockp));
	add(&b, sock, "state", uc);
	add(&b, sock, "zapped", uc);
	add(&b, sock, "sport", u16);
	add(&b, sock, "family", us);
	add(&b, sock, "reuse", uc);
	add(&b, sock, "shutdown", uc);
	add(&b, sock, "refcnt", atomic);
	add(&b, sock, "lock", slock);
	add(&b, sock, "rcvbuf", i32);
	add(&b, sock, "sleep", ptr(&b, wqh));
	add(&b, sock, "dst_cache", ptr(&b, rec(&b, SKL_K_STRUCT, "dst_entry")));
	add(&b, sock, "dst_lock", rw);
	add(&b, sock, "rmem_alloc", atomic);
	add(&b, sock, "receive_queue", skbh);
	add(&b, sock, "wmem_alloc", atomic);
	add(&b, sock, "write_queue", skbh);
	add(&b, sock, "omem_alloc", atomic);
	add(&b, sock, "wmem_queued", i32);
	add(&b, sock, "forward_alloc", i32);
	add(&b, sock, "saddr", u32);
	add(&b, sock, "allocation", ui);
	add(&b, sock, "sndbuf", i32);
	add(&b, sock, "prev", sockp);
	{
		static const char *const flags[] = {"dead",    "done",	   "urginline", "keepopen", "linger",
						    "destroy", "no_check", "broadcast", "bsdism"};
		for (i = 0; i < 9; i++)
			add(&b, sock, flags[i], c);
	}
	add(&b, sock, "debug", uc);
	add(&b, sock, "rcvtstamp", uc);
	add(&b, sock, "use_write_queue", uc);
	add(&b, sock, "userlocks", uc);
	add(&b, sock, "route_caps", i32);
	add(&b, sock, "proc", i32);
	add(&b, sock, "lingertime", ul);
	add(&b, sock, "hashent", i32);
	add(&b, sock, "pair", sockp);
	s = rec(&b, SKL_K_STRUCT, NULL);
	{
		skl_type *skb = rec(&b, SKL_K_STRUCT, "sk_buff");
		add(&b, s, "head", ptr(&b, skb));
		add(&b, s, "tail", ptr(&b, skb));
	}
	skl_record_set_complete(s);
	add(&b, sock, "backlog", s);
	add(&b, sock, "callback_lock", rw);
	add(&b, sock, "error_queue", skbh);
	add(&b, sock, "prot", ptr(&b, rec(&b, SKL_K_STRUCT, "proto")));
	u = rec(&b, SKL_K_UNION, NULL);
	add(&b, u, "af_inet6", ipv6_pinfo);
	skl_record_set_complete(u);
	add_if(&b, sock, "net_pinfo", u, "CONFIG_IPV6 || CONFIG_IPV6_MODULE");
	u = rec(&b, SKL_K_UNION, NULL);
	add(&b, u, "af_tcp", tcp_opt);
	add_if(&b, u, "tp_raw4", raw_opt, "CONFIG_INET || CONFIG_INET_MODULE");
	add_if(&b, u, "tp_raw", raw6_opt, "CONFIG_IPV6 || CONFIG_IPV6_MODULE");
	add_if(&b, u, "af_spx", spx_opt, "CONFIG_SPX || CONFIG_SPX_MODULE");
	skl_record_set_complete(u);
	add(&b, sock, "tp_pinfo", u);
	add(&b, sock, "err", i32);
	add(&b, sock, "err_soft", i32);
	add(&b, sock, "ack_backlog", us);
	add(&b, sock, "max_ack_backlog", us);
	add(&b, sock, "priority", u32);
	add(&b, sock, "type", us);
	add(&b, sock, "localroute", uc);
	add(&b, sock, "protocol", uc);
	add(&b, sock, "peercred", ucred);
	add(&b, sock, "rcvlowat", i32);
	add(&b, sock, "rcvtimeo", l);
	add(&b, sock, "sndtimeo", l);
	add_if(&b, sock, "filter", ptr(&b, rec(&b, SKL_K_STRUCT, "sk_filter")), "CONFIG_FILTER");
	u = rec(&b, SKL_K_UNION, NULL);
	add(&b, u, "destruct_hook", ptr(&b, v));
	add(&b, u, "af_unix", unix_opt);
	add_if(&b, u, "af_inet", inet_opt, "CONFIG_INET || CONFIG_INET_MODULE");
	add_if(&b, u, "af_packet", ptr(&b, rec(&b, SKL_K_STRUCT, "packet_opt")), "CONFIG_PACKET");
	add_if(&b, u, "af_netlink", ptr(&b, rec(&b, SKL_K_STRUCT, "netlink_opt")), "CONFIG_NETLINK");
	skl_record_set_complete(u);
	add(&b, sock, "protinfo", u);
	add(&b, sock, "timer", timer);
	add(&b, sock, "stamp", tv);
	add(&b, sock, "socket", ptr(&b, rec(&b, SKL_K_STRUCT, "socket")));
	add(&b, sock, "user_data", ptr(&b, v));
	add(&b, sock, "state_change", fn_v);
	add(&b, sock, "data_ready", ptr(&b, skl_type_func(b.db, v, "struct sock *, int")));
	add(&b, sock, "write_space", fn_v);
	add(&b, sock, "error_report", fn_v);
	add(&b, sock, "backlog_rcv", fn_i);
	add(&b, sock, "destruct", fn_v);
	skl_record_set_complete(sock);
	skl_type_set_note(sock, "Linux 2.4.16 include/net/sock.h, UP gcc 2.9x (4-byte locks)");
	t->sock = sock;

	/* small: a hole after a char, a bitfield pair, trailing padding */
	r = rec(&b, SKL_K_STRUCT, "small");
	add(&b, r, "flag", c);
	add(&b, r, "count", i32);
	add_bits(&b, r, "mode", ui, 3);
	add_bits(&b, r, "dirty", ui, 1);
	add(&b, r, "owner", ptr(&b, v));
	add(&b, r, "tag", c);
	skl_record_set_complete(r);
	t->small = r;

	/* big: many members of every kind, for scaling (2304 bytes, 36 cache lines on x86_64) */
	r = rec(&b, SKL_K_STRUCT, "big_demo");
	for (i = 0; i < 152; i++) {
		char name[32];
		skl_type *ty;
		switch (i % 8) {
		case 0:
			ty = sockp;
			break;
		case 1:
			ty = u32;
			break;
		case 2:
			ty = u16;
			break;
		case 3:
			ty = skbh;
			break;
		case 4:
			ty = fn_v;
			break;
		case 5:
			ty = spin;
			break;
		case 6:
			ty = skl_type_array(b.db, u8, 6);
			break;
		default:
			ty = timer;
			break;
		}
		snprintf(name, sizeof(name), "m%03d", i);
		add(&b, r, name, ty);
	}
	add(&b, r, "tail", skl_type_array(b.db, u8, 328));
	skl_record_set_complete(r);
	t->big = r;

	return b.failed ? -1 : 0;
}

void sample_types_free(sample_types *t)
{
	skl_typedb_free(t->db);
	memset(t, 0, sizeof(*t));
}

skl_layout *sample_layout(sample_types *t, const char *name, const char *abi, const char *config, unsigned cacheline,
			  skl_error *err)
{
	skl_type *ty = !strcmp(name, "sock")	   ? t->sock
		       : !strcmp(name, "inet_opt") ? t->inet_opt
		       : !strcmp(name, "small")	   ? t->small
		       : !strcmp(name, "big")	   ? t->big
						   : NULL;
	if (!ty) {
		skl_errorf(err, "no sample struct %s", name);
		return NULL;
	}
	return skl_layout_compute(ty, skl_abi_find(abi), config, cacheline, err);
}
