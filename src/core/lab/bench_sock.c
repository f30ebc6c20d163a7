/*
 * bench_sock.c - the Dec 2001 thread's socket workloads, natively on the
 * simulated machine's host arena: lat_connect (what one connect costs the
 * socket layer: sk_alloc from the object's cache, zero_it, the identity,
 * the established-hash insert, a lookup, the unhash and the free) for the
 * fat 2.4.16 struct sock and the per-protocol objects of RFC 4, and
 * hash_lookup (chain walks over the identity, in one cache line as Miller
 * wanted it or spread over six) at table sizes from L1-resident to far
 * beyond the last-level cache.
 *
 * Member offsets come from the layout engine; links hold simulated
 * addresses, as the kernel's pointers would, translated to host bytes by
 * the arena's fixed offset. Every operation is written once and inlined
 * twice: without the model (timed) and with it (replayed).
 */
#include "bench_impl.h"

#include <stdio.h>
#include <string.h>

/* Every protocol 2.4.16's struct sock has a union member for: with these
 * it is 1268 bytes on i386, the thread's "1280 bytes when all the protocols
 * are selected" after 32-byte alignment. */
#define ALL_PROTOCOLS                                                                                                  \
	"CONFIG_IPV6,CONFIG_DECNET,CONFIG_SPX,CONFIG_IPX,CONFIG_ATALK,CONFIG_PACKET,CONFIG_X25,CONFIG_AX25,"           \
	"CONFIG_NETROM,CONFIG_ROSE,CONFIG_PPPOE,CONFIG_NETLINK,CONFIG_ECONET,CONFIG_ATM,CONFIG_IRDA,"                  \
	"CONFIG_WAN_ROUTER"

/* ---- bytes and links ------------------------------------------------------------- */

static SKL__ALWAYS_INLINE uint32_t ld32(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

static SKL__ALWAYS_INLINE uint16_t ld16(const uint8_t *p)
{
	uint16_t v;
	memcpy(&v, p, 2);
	return v;
}

static SKL__ALWAYS_INLINE void st32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

static SKL__ALWAYS_INLINE void st16(uint8_t *p, uint16_t v)
{
	memcpy(p, &v, 2);
}

/* A pointer member of the simulated ABI (4 or 8 bytes) holds a simulated address. */
static SKL__ALWAYS_INLINE uint64_t ldptr(const uint8_t *p, unsigned w)
{
	if (w == 4)
		return ld32(p);
	{
		uint64_t v;
		memcpy(&v, p, 8);
		return v;
	}
}

static SKL__ALWAYS_INLINE void stptr(uint8_t *p, unsigned w, uint64_t v)
{
	if (w == 4) {
		st32(p, (uint32_t)v);
	} else {
		memcpy(p, &v, 8);
	}
}

/* The arena is one block: host = host0 + (sim - sim0). A link member
 * holds the simulated address minus bias: bias is 0 when the member is as
 * wide as the machine's addresses, and sim0 - 2^31 when 4-byte members
 * (the i386 structs) live on a 64-bit machine, so they keep the arena
 * offset instead (NULL stays 0). */
typedef struct xlate {
	uint8_t *host0;
	skl_addr sim0;
	uint64_t bias;
} xlate;

static SKL__ALWAYS_INLINE uint8_t *host(const xlate *x, skl_addr a)
{
	return x->host0 + (int64_t)(a - x->sim0);
}

static void xlate_init(xlate *x, uint8_t *host0, skl_addr sim0, unsigned w)
{
	x->host0 = host0;
	x->sim0 = sim0;
	x->bias = w < 8 && sim0 > 0xffffffffull ? sim0 - 0x80000000ull : 0;
}

/* A link member's value as a simulated address (0 = NULL). */
static SKL__ALWAYS_INLINE skl_addr ldp(const xlate *x, const uint8_t *p, unsigned w)
{
	uint64_t v = ldptr(p, w);
	return v ? v + x->bias : 0;
}

static SKL__ALWAYS_INLINE void stp(const xlate *x, uint8_t *p, unsigned w, skl_addr a)
{
	stptr(p, w, a ? a - x->bias : 0);
}

/* A hash of the connection identity. 2.4's tcp_hashfn folds the ports and
 * addresses into too few bits for a million sockets, so tables of every
 * size get a full 32-bit mix (as jhash gives later kernels). */
static SKL__ALWAYS_INLINE uint32_t ehash(uint32_t laddr, uint16_t lport, uint32_t faddr, uint16_t fport)
{
	uint32_t h = laddr * 0x9e3779b1u ^ faddr;
	h ^= (((uint32_t)lport << 16) | fport) * 0x85ebca6bu;
	h ^= h >> 15;
	h *= 0xc2b2ae35u;
	h ^= h >> 13;
	return h;
}

#define MA(m, addr, size, kind)                                                                                        \
	do {                                                                                                           \
		if (m)                                                                                                 \
			skl__bmodel_access((m), (addr), (size), (kind));                                               \
	} while (0)
#define RD SKL_CACHESIM_READ
#define WR SKL_CACHESIM_WRITE

/* ---- the identity of a sock ------------------------------------------------------- */

typedef struct ident {
	uint32_t daddr, rcv_saddr, dport, num, sport, dev, next, pprev; /* offsets */
	unsigned ptr;							/* pointer width of the simulated ABI */
} ident;

static int member(const skl_layout *l, const char *prefix, const char *name, uint64_t want, uint32_t *off,
		  skl_error *err)
{
	char path[128];
	uint64_t o, s;
	snprintf(path, sizeof(path), "%s%s", prefix, name);
	if (skl__bench_member(l, path, &o, &s, err) < 0)
		return -1;
	if (s != want)
		return skl_errorf(err, "%s: member %s is %llu bytes, the workload needs %llu", l->name, path,
				  (unsigned long long)s, (unsigned long long)want);
	*off = (uint32_t)o;
	return 0;
}

/* The identity and hash-link members of l (under prefix, "sk." for an
 * object that starts with its struct sock); sport and pprev only when
 * full (lat_connect). */
static int find_ident(const skl_layout *l, const char *prefix, int full, ident *id, skl_error *err)
{
	unsigned w = l->abi->size[SKL_B_PTR];
	memset(id, 0, sizeof(*id));
	id->ptr = w;
	if (member(l, prefix, "daddr", 4, &id->daddr, err) < 0 ||
	    member(l, prefix, "rcv_saddr", 4, &id->rcv_saddr, err) < 0 ||
	    member(l, prefix, "dport", 2, &id->dport, err) < 0 || member(l, prefix, "num", 2, &id->num, err) < 0 ||
	    member(l, prefix, "bound_dev_if", 4, &id->dev, err) < 0 || member(l, prefix, "next", w, &id->next, err) < 0)
		return -1;
	if (full &&
	    (member(l, prefix, "sport", 2, &id->sport, err) < 0 || member(l, prefix, "pprev", w, &id->pprev, err) < 0))
		return -1;
	return 0;
}

static skl_layout *layout_of(const skl_bench_opts *o, const char *name, const char *extra, skl_error *err)
{
	const skl_profile *lp = o->layout_profile ? o->layout_profile : o->profile;
	char config[2048];
	skl_type *t = skl_typedb_find(o->types, name);
	if (!t) {
		skl_errorf(err, "the layout set has no %s", name);
		return NULL;
	}
	snprintf(config, sizeof(config), "%s%s%s", lp->config, extra && lp->config[0] ? "," : "", extra ? extra : "");
	return skl_layout_compute(t, lp->abi, config, lp->cacheline, err);
}

static void describe_layouts(const skl_bench_opts *o, skl_bench_result *r)
{
	const skl_profile *lp = o->layout_profile ? o->layout_profile : o->profile;
	snprintf(r->layouts, sizeof(r->layouts), "%.63s (%.15s, %.150s)", lp->layouts, lp->abi->name,
		 lp->config[0] ? lp->config : "no options");
}

/* ======================================================================================
 * lat_connect
 * ==================================================================================== */

typedef struct conn_st {
	skl_kernel *k;
	skl_cache *c;
	ident id;
	uint64_t size, zero;
	xlate x;
	skl_addr table;
	uint8_t *table_h;
	uint32_t mask;
	uint32_t seq;
	uint64_t sum;
	int failed;
} conn_st;

#define CONN_BUCKETS 256       /* a small established hash */
#define CONN_RESIDENT 128      /* sockets already in it */
#define CONN_DADDR 0x0100007fu /* 127.0.0.1 as the kernel stores it */
#define CONN_DPORT 0x9210      /* htons(4242) */

/* One connect's worth of socket work; m = NULL when timed. 0, or -1 when
 * the machine ran out of memory. */
static SKL__ALWAYS_INLINE int conn_op(conn_st *st, skl__bmodel *m)
{
	const ident *id = &st->id;
	const unsigned w = id->ptr;
	skl_addr a = skl_cache_alloc(st->c, 0, NULL), x, head, nx, pp, slot_a;
	uint8_t *p, *slot;
	uint16_t port;
	uint32_t b;

	if (!a)
		return -1;
	p = skl_kernel_bytes(st->k, a, st->size);
	if (!p)
		return -1;
	/* sk_alloc(..., zero_it, slab): 1 = sizeof(struct sock), > 1 = the object */
	memset(p, 0, st->zero);
	if (m) {
		uint64_t off;
		for (off = 0; off < st->zero; off += w)
			MA(m, a + off, st->zero - off < w ? st->zero - off : w, WR);
	}
	/* the identity, as connect() and the bind fill it in */
	port = (uint16_t)(1024 + (st->seq++ & 0x7fff));
	st32(p + id->daddr, CONN_DADDR);
	MA(m, a + id->daddr, 4, WR);
	st32(p + id->rcv_saddr, CONN_DADDR);
	MA(m, a + id->rcv_saddr, 4, WR);
	st16(p + id->dport, CONN_DPORT);
	MA(m, a + id->dport, 2, WR);
	st16(p + id->num, port);
	MA(m, a + id->num, 2, WR);
	st16(p + id->sport, (uint16_t)((port >> 8) | (port << 8)));
	MA(m, a + id->sport, 2, WR);
	st32(p + id->dev, 0);
	MA(m, a + id->dev, 4, WR);

	/* __tcp_v4_hash: sk->next = *skp; next->pprev = &sk->next; *skp = sk; sk->pprev = skp */
	b = ehash(CONN_DADDR, port, CONN_DADDR, CONN_DPORT) & st->mask;
	slot = st->table_h + (size_t)b * w;
	slot_a = st->table + (uint64_t)b * w;
	head = ldp(&st->x, slot, w);
	MA(m, slot_a, w, RD);
	stp(&st->x, p + id->next, w, head);
	MA(m, a + id->next, w, WR);
	if (head) {
		stp(&st->x, host(&st->x, head) + id->pprev, w, a + id->next);
		MA(m, head + id->pprev, w, WR);
	}
	stp(&st->x, slot, w, a);
	MA(m, slot_a, w, WR);
	stp(&st->x, p + id->pprev, w, slot_a);
	MA(m, a + id->pprev, w, WR);

	/* __tcp_v4_lookup_established: walk the chain, match the identity */
	x = ldp(&st->x, slot, w);
	MA(m, slot_a, w, RD);
	while (x) {
		const uint8_t *q = host(&st->x, x);
		MA(m, x + id->daddr, 4, RD);
		if (ld32(q + id->daddr) == CONN_DADDR) {
			MA(m, x + id->rcv_saddr, 4, RD);
			MA(m, x + id->dport, 2, RD);
			MA(m, x + id->num, 2, RD);
			if (ld32(q + id->rcv_saddr) == CONN_DADDR && ld16(q + id->dport) == CONN_DPORT &&
			    ld16(q + id->num) == port) {
				MA(m, x + id->dev, 4, RD);
				if (ld32(q + id->dev) == 0)
					break;
			}
		}
		MA(m, x + id->next, w, RD);
		x = ldp(&st->x, q + id->next, w);
	}
	st->sum += x;

	/* __tcp_v4_unhash: *sk->pprev = sk->next; next->pprev = sk->pprev */
	nx = ldp(&st->x, p + id->next, w);
	MA(m, a + id->next, w, RD);
	pp = ldp(&st->x, p + id->pprev, w);
	MA(m, a + id->pprev, w, RD);
	stp(&st->x, host(&st->x, pp), w, nx);
	MA(m, pp, w, WR);
	if (nx) {
		stp(&st->x, host(&st->x, nx) + id->pprev, w, pp);
		MA(m, nx + id->pprev, w, WR);
	}
	if (skl_cache_free(st->c, a, NULL) < 0)
		return -1;
	if (m)
		skl__bmodel_op_end(m);
	return 0;
}

static void conn_run(void *vst, uint64_t n)
{
	conn_st *st = vst;
	uint64_t i;
	for (i = 0; i < n && !st->failed; i++)
		if (conn_op(st, NULL) < 0)
			st->failed = 1;
}

static int conn_model(conn_st *st, skl__bmodel *m, uint64_t warm, uint64_t ops)
{
	uint64_t i;
	for (i = 0; i < warm + ops; i++) {
		if (i == warm)
			skl__bmodel_start(m);
		if (conn_op(st, m) < 0)
			return -1;
	}
	return 0;
}

/* Puts the resident sockets in the table: established connections to
 * other peers, so lookups walk real chains. */
static int conn_residents(conn_st *st)
{
	const ident *id = &st->id;
	const unsigned w = id->ptr;
	int i;
	for (i = 0; i < CONN_RESIDENT; i++) {
		skl_addr a = skl_cache_alloc(st->c, 0, NULL), head;
		uint8_t *p, *slot;
		uint32_t daddr = 0x0100000au + ((uint32_t)i << 24); /* 10.0.0.i+1 */
		uint16_t port = (uint16_t)(40000 + i);
		uint32_t b;
		if (!a || !(p = skl_kernel_bytes(st->k, a, st->size)))
			return -1;
		memset(p, 0, st->zero);
		st32(p + id->daddr, daddr);
		st32(p + id->rcv_saddr, CONN_DADDR);
		st16(p + id->dport, CONN_DPORT);
		st16(p + id->num, port);
		b = ehash(CONN_DADDR, port, daddr, CONN_DPORT) & st->mask;
		slot = st->table_h + (size_t)b * w;
		head = ldp(&st->x, slot, w);
		stp(&st->x, p + id->next, w, head);
		if (head)
			stp(&st->x, host(&st->x, head) + id->pprev, w, a + id->next);
		stp(&st->x, slot, w, a);
		stp(&st->x, p + id->pprev, w, st->table + (uint64_t)b * w);
	}
	return 0;
}

typedef struct conn_var {
	const char *name, *type, *prefix, *extra;
	int per_proto;
	const char *note;
} conn_var;

static const conn_var conn_vars[] = {
    {"sock", "struct sock", "", NULL, 0,
     "2.4.16: one struct sock for every protocol, private areas in unions (the profile's config); sk_alloc "
     "zeroes sizeof(struct sock)"},
    {"sock_all", "struct sock", "", ALL_PROTOCOLS, 0,
     "2.4.16's struct sock with every protocol configured: the thread's \"1280 bytes when all the protocols are "
     "selected\""},
    {"tcp_sock", "struct tcp_sock", "sk.", NULL, 1,
     "RFC 4: struct sock + inet_opt + tcp_opt from the tcp_sock cache; zero_it = the object's size"},
    {"udp_sock", "struct udp_sock", "sk.", NULL, 1, "RFC 4: struct sock + inet_opt from the udp_sock cache"},
    {"raw4_sock", "struct raw4_sock", "sk.", NULL, 1,
     "RFC 4: struct sock + inet_opt + raw_opt from the raw4_sock cache"},
    {"unix_sock", "struct unix_sock", "sk.", NULL, 1,
     "RFC 3/4: struct sock + unix_opt from the unix_sock cache (the same steps as the others, so they compare)"},
};

/* Sets up one variant in *st (its machine, cache, table and residents) and
 * models it; st->k stays for the timing (conn_release frees it). */
static int conn_variant(const skl_bench_opts *o, const conn_var *cv, conn_st *st, skl_bench_result *r, skl_error *err)
{
	skl_layout *l = NULL;
	skl__bmodel m;
	skl_bench_variant *v;
	skl_cache_opts co;
	skl_cache_info ci;
	int rc = -1;

	memset(st, 0, sizeof(*st));
	memset(&m, 0, sizeof(m));
	l = layout_of(o, cv->type, cv->extra, err);
	if (!l)
		return -1;
	if (find_ident(l, cv->prefix, 1, &st->id, err) < 0)
		goto out_layout;
	st->size = l->size;
	st->zero = l->size; /* zero_it: sizeof(struct sock) for the fat sock, the object's size for the others */
	st->k = skl__bench_kernel(o->profile, 0, err);
	if (!st->k)
		goto out_layout;
	memset(&co, 0, sizeof(co));
	co.flags = SKL_SLAB_HWCACHE_ALIGN;
	st->c = skl_cache_create(st->k, cv->name, l->size, &co, err);
	if (!st->c)
		goto out_kernel;
	skl_cache_get_info(st->c, &ci);
	st->mask = CONN_BUCKETS - 1;
	st->table = skl_kmalloc(st->k, (size_t)CONN_BUCKETS * st->id.ptr, err);
	if (!st->table)
		goto out_kernel;
	st->table_h = skl_kernel_bytes(st->k, st->table, (size_t)CONN_BUCKETS * st->id.ptr);
	memset(st->table_h, 0, (size_t)CONN_BUCKETS * st->id.ptr);
	xlate_init(&st->x, st->table_h, st->table, st->id.ptr);
	if (conn_residents(st) < 0) {
		skl_errorf(err, "lat_connect: the simulated machine ran out of memory");
		goto out_kernel;
	}

	v = skl__bench_add(r);
	if (!v) {
		skl_errorf(err, "out of memory");
		goto out_kernel;
	}
	snprintf(v->name, sizeof(v->name), "%s", cv->name);
	snprintf(v->layout, sizeof(v->layout), "%s", l->name);
	snprintf(v->unit, sizeof(v->unit), "connect");
	snprintf(v->what, sizeof(v->what), "sock alloc+zero+hash+lookup+unhash+free (%s, %llu B)", cv->name,
		 (unsigned long long)l->size);
	snprintf(v->note, sizeof(v->note), "%s", cv->note);
	snprintf(v->code_how, sizeof(v->code_how), "not measured for this workload");
	v->object_size = l->size;
	v->cache_size = ci.size;

	if (skl__bmodel_init(&m, o, &v->model, err) < 0)
		goto out_kernel;
	if (conn_model(st, &m, skl__bench_quick_or(o, 16, 64), skl__bench_quick_or(o, 64, 256)) < 0) {
		skl_errorf(err, "lat_connect: the simulated machine ran out of memory");
		goto out_model;
	}
	skl__bmodel_finish(&m, skl__bench_quick_or(o, 64, 256), &v->model);
	skl__bmodel_free(&m);
	skl_layout_free(l);
	return 0;
out_model:
	skl__bmodel_free(&m);
out_kernel:
	skl_kernel_free(st->k);
	st->k = NULL;
out_layout:
	skl_layout_free(l);
	return rc;
}

#define NCONN (sizeof(conn_vars) / sizeof(conn_vars[0]))

int skl__bench_lat_connect(const skl_bench_opts *o, skl_bench_result *r, skl_error *err)
{
	conn_st st[NCONN];
	size_t i;
	int rc = -1;

	memset(st, 0, sizeof(st));
	describe_layouts(o, r);
	snprintf(r->notes, sizeof(r->notes),
		 "The model sees the object's bytes and the hash table; the slab allocator's own bookkeeping is timed "
		 "but not modelled. %d resident sockets share a %d-bucket hash; the new socket is inserted at the head "
		 "of its chain and found there.",
		 CONN_RESIDENT, CONN_BUCKETS);
	for (i = 0; i < NCONN; i++)
		if (conn_variant(o, &conn_vars[i], &st[i], r, err) < 0)
			goto out;
	if (!o->model_only) { /* every variant in turn, sample by sample, each on its own machine */
		skl__bench_job jobs[NCONN];
		for (i = 0; i < NCONN; i++) {
			jobs[i].fn = conn_run;
			jobs[i].st = &st[i];
			jobs[i].v = &r->variants[i];
		}
		skl__bench_time_jobs(o, NCONN, jobs, 0, NULL);
		for (i = 0; i < NCONN; i++)
			if (st[i].failed) {
				skl_errorf(err, "lat_connect: the simulated machine ran out of memory while timing %s",
					   conn_vars[i].name);
				goto out;
			}
	}
	rc = 0;
out:
	for (i = 0; i < NCONN; i++)
		skl_kernel_free(st[i].k);
	return rc;
}

/* ======================================================================================
 * hash_lookup
 * ==================================================================================== */

typedef struct look_st {
	xlate x;
	skl_addr table;
	uint8_t *table_h;
	uint32_t mask;
	ident id;
	uint32_t *keys; /* per key: daddr, rcv_saddr, dport << 16 | num, bound_dev_if */
	uint64_t nkeys, ki;
	uint64_t sum;
	skl_kernel *k; /* its machine, kept for the timing (look_release) */
} look_st;

static void look_release(look_st *st)
{
	skl_free(st->keys);
	skl_kernel_free(st->k);
	memset(st, 0, sizeof(*st));
}

static SKL__ALWAYS_INLINE void look_op(look_st *st, skl__bmodel *m)
{
	const ident *id = &st->id;
	const unsigned w = id->ptr;
	const uint32_t *k = st->keys + 4 * st->ki;
	uint32_t b;
	skl_addr x;
	if (++st->ki == st->nkeys)
		st->ki = 0;
	b = ehash(k[1], (uint16_t)(k[2] & 0xffff), k[0], (uint16_t)(k[2] >> 16)) & st->mask;
	MA(m, st->table + (uint64_t)b * w, w, RD);
	x = ldp(&st->x, st->table_h + (size_t)b * w, w);
	/* TCP_IPV4_MATCH: daddr, rcv_saddr, the ports, then the device */
	while (x) {
		const uint8_t *q = host(&st->x, x);
		MA(m, x + id->daddr, 4, RD);
		if (ld32(q + id->daddr) == k[0]) {
			MA(m, x + id->rcv_saddr, 4, RD);
			if (ld32(q + id->rcv_saddr) == k[1]) {
				MA(m, x + id->dport, 2, RD);
				if (ld16(q + id->dport) == (uint16_t)(k[2] >> 16)) {
					MA(m, x + id->num, 2, RD);
					if (ld16(q + id->num) == (uint16_t)(k[2] & 0xffff)) {
						uint32_t d;
						MA(m, x + id->dev, 4, RD);
						d = ld32(q + id->dev);
						if (!d || d == k[3])
							break;
					}
				}
			}
		}
		MA(m, x + id->next, w, RD);
		x = ldp(&st->x, q + id->next, w);
	}
	st->sum += x;
	if (m)
		skl__bmodel_op_end(m);
}

static void look_run(void *vst, uint64_t n)
{
	look_st *st = vst;
	uint64_t i;
	for (i = 0; i < n; i++)
		look_op(st, NULL);
}

/* A struct of sock's size with the identity and the link one per line
 * (stride apart): what lookups would touch if the identity were scattered
 * through the object. Built with the layout engine like the real ones. */
static skl_layout *spread_layout(const skl_layout *one, unsigned stride, skl_error *err)
{
	skl_typedb *db = skl_typedb_new();
	skl_type *u32, *u16, *i32, *ch, *vp, *rec;
	unsigned w = one->abi->size[SKL_B_PTR];
	skl_layout *l = NULL;
	uint64_t rest;
	if (!db) {
		skl_errorf(err, "out of memory");
		return NULL;
	}
	if (one->size < 5ull * stride + 4 + 1) {
		skl_errorf(err, "%s (%llu B) is too small to spread its identity %u bytes apart", one->name,
			   (unsigned long long)one->size, stride);
		goto out;
	}
	rest = one->size - 5ull * stride - 4;
	u32 = skl_type_base(db, "unsigned int");
	u16 = skl_type_base(db, "unsigned short");
	i32 = skl_type_base(db, "int");
	ch = skl_type_base(db, "char");
	vp = skl_type_pointer(db, skl_type_base(db, "void"));
	rec = skl_type_record(db, SKL_K_STRUCT, "sock_spread");
	if (!u32 || !u16 || !i32 || !ch || !vp || !rec || skl_record_add(rec, "next", vp, -1, 0, NULL, err) < 0 ||
	    skl_record_add(rec, "pad0", skl_type_array(db, ch, stride - w), -1, 0, NULL, err) < 0 ||
	    skl_record_add(rec, "daddr", u32, -1, 0, NULL, err) < 0 ||
	    skl_record_add(rec, "pad1", skl_type_array(db, ch, stride - 4), -1, 0, NULL, err) < 0 ||
	    skl_record_add(rec, "rcv_saddr", u32, -1, 0, NULL, err) < 0 ||
	    skl_record_add(rec, "pad2", skl_type_array(db, ch, stride - 4), -1, 0, NULL, err) < 0 ||
	    skl_record_add(rec, "dport", u16, -1, 0, NULL, err) < 0 ||
	    skl_record_add(rec, "pad3", skl_type_array(db, ch, stride - 2), -1, 0, NULL, err) < 0 ||
	    skl_record_add(rec, "num", u16, -1, 0, NULL, err) < 0 ||
	    skl_record_add(rec, "pad4", skl_type_array(db, ch, stride - 2), -1, 0, NULL, err) < 0 ||
	    skl_record_add(rec, "bound_dev_if", i32, -1, 0, NULL, err) < 0 ||
	    skl_record_add(rec, "rest", skl_type_array(db, ch, rest), -1, 0, NULL, err) < 0) {
		if (!err || !err->msg[0])
			skl_errorf(err, "out of memory");
		goto out;
	}
	skl_record_set_complete(rec);
	l = skl_layout_compute(rec, one->abi, NULL, one->cacheline, err);
out:
	skl_typedb_free(db); /* the layout keeps its own strings; its type pointers are not used */
	return l;
}

/* Sets up one table in *st and models it; st keeps its machine and keys
 * for the timing (look_release frees them, also after a failure). */
static int look_variant(const skl_bench_opts *o, const skl_layout *l, const char *lname, uint64_t n, look_st *st,
			skl_bench_result *r, skl_error *err)
{
	skl__bmodel m;
	skl_bench_variant *v;
	skl_kernel *k = NULL;
	skl_cache *c;
	skl_cache_opts co;
	skl_cache_info ci;
	uint64_t nb, tbytes, ram, i, seed = 0x5eed0000u + n, warm, ops;
	unsigned order = 0;
	skl_addr *objs = NULL;
	int rc = -1;

	memset(st, 0, sizeof(*st));
	if (find_ident(l, "", 0, &st->id, err) < 0)
		return -1;
	nb = n / 2 ? n / 2 : 1;
	tbytes = nb * st->id.ptr;
	while (((uint64_t)o->profile->page_size << order) < tbytes)
		order++;
	if (skl_cache_geometry(o->profile, 0, 0, "sock", l->size, &(skl_cache_opts){.flags = SKL_SLAB_HWCACHE_ALIGN},
			       &ci, err) < 0)
		return -1;
	ram = n * ci.size + n * ci.size / 4 + ((uint64_t)o->profile->page_size << order) + ((uint64_t)16 << 20);
	if (ram < o->profile->ram_bytes)
		ram = o->profile->ram_bytes;
	k = skl__bench_kernel(o->profile, ram, err);
	if (!k)
		return -1;
	memset(&co, 0, sizeof(co));
	co.flags = SKL_SLAB_HWCACHE_ALIGN;
	c = skl_cache_create(k, "sock", l->size, &co, err);
	if (!c)
		goto out;
	st->table = skl_pages_alloc(k, order);
	objs = skl_malloc((size_t)n * sizeof(*objs));
	st->keys = skl_malloc((size_t)n * 4 * sizeof(uint32_t));
	if (!st->table || !objs || !st->keys) {
		skl_errorf(err, "hash_lookup: out of memory for %llu objects", (unsigned long long)n);
		goto out;
	}
	st->table_h = skl_kernel_bytes(k, st->table, (size_t)tbytes);
	memset(st->table_h, 0, (size_t)tbytes);
	xlate_init(&st->x, st->table_h, st->table, st->id.ptr);
	st->mask = (uint32_t)(nb - 1);
	/* the objects: unique identities (many connections from 16 clients to
	 * one server port), hashed in at the heads of their chains */
	for (i = 0; i < n; i++) {
		skl_addr a = skl_cache_alloc(c, 0, NULL);
		uint8_t *p, *slot;
		uint32_t daddr = 0x0a000001u + (uint32_t)(i >> 16), saddr = 0xc0a80001u;
		uint16_t dport = (uint16_t)(i & 0xffff), num = 80;
		uint32_t b;
		if (!a || !(p = skl_kernel_bytes(k, a, l->size))) {
			skl_errorf(err, "hash_lookup: the simulated machine ran out of memory at %llu objects",
				   (unsigned long long)i);
			goto out;
		}
		objs[i] = a;
		st32(p + st->id.daddr, daddr);
		st32(p + st->id.rcv_saddr, saddr);
		st16(p + st->id.dport, dport);
		st16(p + st->id.num, num);
		st32(p + st->id.dev, 0);
		b = ehash(saddr, num, daddr, dport) & st->mask;
		slot = st->table_h + (size_t)b * st->id.ptr;
		stp(&st->x, p + st->id.next, st->id.ptr, ldp(&st->x, slot, st->id.ptr));
		stp(&st->x, slot, st->id.ptr, a);
	}
	/* the keys: every object once, in a seeded random order */
	for (i = 0; i < n; i++)
		objs[i] = i;
	for (i = n; i > 1; i--) {
		uint64_t j = skl__bench_rand(&seed) % i, t = objs[i - 1];
		objs[i - 1] = objs[j];
		objs[j] = t;
	}
	for (i = 0; i < n; i++) {
		uint64_t e = objs[i];
		st->keys[4 * i] = 0x0a000001u + (uint32_t)(e >> 16);
		st->keys[4 * i + 1] = 0xc0a80001u;
		st->keys[4 * i + 2] = ((uint32_t)(e & 0xffff) << 16) | 80u;
		st->keys[4 * i + 3] = 0;
	}
	st->nkeys = n;

	v = skl__bench_add(r);
	if (!v) {
		skl_errorf(err, "out of memory");
		goto out;
	}
	snprintf(v->name, sizeof(v->name), "%s/%llu", lname, (unsigned long long)n);
	snprintf(v->layout, sizeof(v->layout), "%s", l->name);
	snprintf(v->unit, sizeof(v->unit), "lookup");
	snprintf(v->what, sizeof(v->what), "established lookup (%s, %llu objects of %llu B)", lname,
		 (unsigned long long)n, (unsigned long long)ci.size);
	snprintf(v->note, sizeof(v->note),
		 "identity at daddr %u, rcv_saddr %u, dport %u, num %u, bound_dev_if %u, next %u", st->id.daddr,
		 st->id.rcv_saddr, st->id.dport, st->id.num, st->id.dev, st->id.next);
	snprintf(v->code_how, sizeof(v->code_how), "not measured for this workload");
	v->object_size = l->size;
	v->cache_size = ci.size;
	v->objects = n;

	if (skl__bmodel_init(&m, o, &v->model, err) < 0)
		goto out;
	warm = n < skl__bench_quick_or(o, 4096, 65536) ? n : skl__bench_quick_or(o, 4096, 65536);
	ops = skl__bench_quick_or(o, 2048, 16384);
	for (i = 0; i < warm + ops; i++) {
		if (i == warm)
			skl__bmodel_start(&m);
		look_op(st, &m);
	}
	skl__bmodel_finish(&m, ops, &v->model);
	skl__bmodel_free(&m);
	rc = 0;
out:
	skl_free(objs);
	st->k = k;
	return rc;
}

/* The allocator model's own host memory per object (slab descriptors,
 * per-object state), measured at about 180 bytes. */
#define LOOK_HOST_PER_OBJECT 192

/* Host bytes a table of n objects takes: their slabs' pages, the bucket
 * array, the allocator model's bookkeeping, and the harness's keys and
 * object list. */
static uint64_t look_bytes(const skl_profile *p, const skl_cache_info *ci, unsigned ptr, uint64_t n)
{
	uint64_t per = ci->objs_per_slab ? ci->objs_per_slab : 1;
	uint64_t slabs = (n + per - 1) / per;
	return slabs * ci->pages_per_slab * p->page_size + (n / 2 + 1) * ptr +
	       n * (LOOK_HOST_PER_OBJECT + 4 * sizeof(uint32_t) + sizeof(skl_addr));
}

/* one_line and spread of n objects, timed in turn sample by sample (two
 * tables held at once, each within the memory limit). */
static int look_pair(const skl_bench_opts *o, const skl_layout *one, const skl_layout *spread, uint64_t n,
		     skl_bench_result *r, skl_error *err)
{
	look_st st[2];
	int rc = -1;
	memset(st, 0, sizeof(st));
	if (look_variant(o, one, "one_line", n, &st[0], r, err) < 0 ||
	    look_variant(o, spread, "spread", n, &st[1], r, err) < 0)
		goto out;
	if (!o->model_only) {
		skl__bench_job jobs[2] = {{look_run, &st[0], &r->variants[r->nvariants - 2]},
					  {look_run, &st[1], &r->variants[r->nvariants - 1]}};
		skl__bench_time_jobs(o, 2, jobs, 0, NULL);
	}
	rc = 0;
out:
	look_release(&st[0]);
	look_release(&st[1]);
	return rc;
}

int skl__bench_hash_lookup(const skl_bench_opts *o, skl_bench_result *r, skl_error *err)
{
	static const uint64_t full[] = {64, 1024, 16384, 262144, 1048576};
	static const uint64_t quick[] = {64, 4096};
	const uint64_t *sizes = o->quick ? quick : full;
	size_t nsizes = o->quick ? 2 : 5, i;
	uint64_t limit = o->mem_limit ? o->mem_limit : SKL_BENCH_MEM_LIMIT, last = 0;
	skl_layout *one = NULL, *spread = NULL;
	skl_cache_info ci;
	unsigned stride;
	int rc = -1, clamped = 0;

	describe_layouts(o, r);
	one = layout_of(o, "struct sock", NULL, err);
	if (!one)
		return -1;
	/* 4-byte links on a 64-bit machine hold arena offsets within 2 GiB */
	if (one->abi->size[SKL_B_PTR] < 8 && o->profile->abi->size[SKL_B_PTR] == 8 && limit > ((uint64_t)3 << 29))
		limit = (uint64_t)3 << 29;
	stride = o->profile->cacheline > 64 ? o->profile->cacheline : 64;
	spread = spread_layout(one, stride, err);
	if (!spread)
		goto out;
	if (skl_cache_geometry(o->profile, 0, 0, "sock", one->size, &(skl_cache_opts){.flags = SKL_SLAB_HWCACHE_ALIGN},
			       &ci, err) < 0)
		goto out;
	for (i = 0; i < nsizes; i++) {
		uint64_t n = sizes[i];
		while (n > 1 && look_bytes(o->profile, &ci, one->abi->size[SKL_B_PTR], n) > limit) {
			n /= 2;
			clamped = 1;
		}
		if (n <= last)
			continue;
		last = n;
		if (look_pair(o, one, spread, n, r, err) < 0)
			goto out;
	}
	snprintf(
	    r->notes, sizeof(r->notes),
	    "one_line: 2.4.16's struct sock, identity and hash link in bytes 0-31 (Miller's first cache line). "
	    "spread: a struct of the same size with next, daddr, rcv_saddr, dport, num and bound_dev_if %u bytes "
	    "apart (synthetic). Two objects per bucket on average; keys visit every object once in a seeded random "
	    "order; the key array is read by the harness and not modelled.%s",
	    stride,
	    clamped ? " The largest table was cut to what fits the memory limit (slab pages, buckets and keys; raise "
		      "it with --mem or mem_mb)."
		    : "");
	rc = 0;
out:
	skl_layout_free(spread);
	skl_layout_free(one);
	return rc;
}
