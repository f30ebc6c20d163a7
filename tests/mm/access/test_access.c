/*
 * test_access.c - the cache model fed from the simulated machine: every
 * touch split into line accesses, attributed to (owner, member) and
 * (owner, object line), logged as access events; the snapshot the cache
 * view draws and the heat overlay. Sequences are worked by hand on a
 * Linux 2.4.16 i386 machine with a Pentium III model (16 KiB 4-way L1d,
 * 256 KiB 8-way L2, 32-byte lines, 3 + 7 cycles, memory 80: a full miss
 * costs 90 cycles, an L1d hit 3).
 *   test_access zero|member|meta|slub|skb|snapshot|heat|heat_union|events|nomodel|allocfail
 */
#include "profile.h"
#include "check.h"
#include "fault.h"
#include "sklab/cparse.h"
#include "sklab/kernel.h"
#include "sklab/skb.h"

#include <stdlib.h>

/* four lines: the identity (daddr, dport) in line 0, hash in line 2 */
static const char *const tsock_src = "struct tsock { unsigned int daddr; unsigned int rcv_saddr; unsigned short dport;"
				     " unsigned short num; int bound_dev_if; char pad[48]; unsigned int hash;"
				     " char tail[60]; };";

enum { L1I, L1D, L2 }; /* level indexes of the Pentium III model */

typedef struct rig {
	skl_profile prof;
	skl_events *log;
	skl_kernel *k;
	skl_cachesim *h;
	skl_cachesim_preset preset;
	skl_typedb *db;
	skl_layout *type;
	skl_cache *c;
} rig;

static skl_profile prof_i386(void)
{
	skl_profile p = skl_test_profile_2416((uint64_t)16 << 20);
	snprintf(p.cpu, sizeof(p.cpu), "Pentium III (Coppermine), 800 MHz");
	p.caches[0] = (skl_profile_cache){"L1i", 16384, 4, 32, 3};
	p.caches[1] = (skl_profile_cache){"L1d", 16384, 4, 32, 3};
	p.caches[2] = (skl_profile_cache){"L2", 262144, 8, 32, 7};
	p.ncaches = 3;
	p.mem_latency = 80;
	return p;
}

static void rig_free(rig *r)
{
	skl_kernel_free(r->k);
	skl_cachesim_free(r->h);
	skl_layout_free(r->type);
	skl_typedb_free(r->db);
	skl_events_free(r->log);
	memset(r, 0, sizeof(*r));
}

/* A 2.4 machine, a model (attached when model), the tsock cache. 0 or -1. */
static int rig_up(rig *r, int model)
{
	skl_kernel_opts o;
	skl_cachesim_config cfg;
	skl_cache_opts co;
	skl_error err;
	memset(r, 0, sizeof(*r));
	r->prof = prof_i386();
	r->log = skl_events_new(0);
	r->db = skl_typedb_new();
	if (!r->log || !r->db || skl_cparse(r->db, tsock_src, "tsock.h", &err) < 0)
		goto fail;
	r->type = skl_layout_compute(skl_typedb_find(r->db, "struct tsock"), r->prof.abi, NULL, 32, &err);
	if (!r->type)
		goto fail;
	memset(&o, 0, sizeof(o));
	o.profile = &r->prof;
	o.smp = -1;
	o.log = r->log;
	r->k = skl_kernel_new(&o, &err);
	if (!r->k)
		goto fail;
	if (skl_cachesim_preset_profile(&r->prof, &r->preset, &err) < 0)
		goto fail;
	skl_cachesim_preset_config(&r->preset, &cfg);
	r->h = skl_cachesim_new(&cfg, &err);
	if (!r->h)
		goto fail;
	memset(&co, 0, sizeof(co));
	co.flags = SKL_SLAB_HWCACHE_ALIGN;
	co.type = r->type;
	r->c = skl_cache_create(r->k, "tsock", (size_t)r->type->size, &co, &err);
	if (!r->c)
		goto fail;
	if (model && skl_kernel_set_cachesim(r->k, r->h, &r->preset) < 0)
		goto fail;
	return 0;
fail:
	rig_free(r);
	return -1;
}

static const skl_event *last_access(const skl_events *log)
{
	int i;
	for (i = skl_events_count(log) - 1; i >= 0; i--)
		if (skl_events_at(log, i)->kind == SKL_EV_ACCESS)
			return skl_events_at(log, i);
	return NULL;
}

static int count_kind(const skl_events *log, skl_event_kind kind)
{
	int i, n = 0;
	for (i = 0; i < skl_events_count(log); i++)
		n += skl_events_at(log, i)->kind == kind;
	return n;
}

/* A member access through a label, as obj:read/obj:write make it. */
static void member(rig *r, skl_addr obj, const char *path, int write)
{
	skl_touch_label lab;
	int i = skl_layout_find(r->type, path);
	memset(&lab, 0, sizeof(lab));
	lab.type = r->type;
	lab.member = path;
	lab.base = obj;
	if (i < 0) {
		printf("no member %s\n", path);
		check_failures++;
		return;
	}
	skl_kernel_touch_ex(r->k, obj + r->type->fields[i].offset, r->type->fields[i].size, write, "member", &lab);
}

/* The row of owner.member (NULL when absent); rows from skl_kernel_cachesim_attr. */
static const skl_cachesim_attr *row_of(const skl_cachesim_attr *rows, int n, const char *owner, const char *m)
{
	int i;
	for (i = 0; i < n; i++)
		if (!strcmp(rows[i].owner, owner) && !strcmp(rows[i].member, m))
			return &rows[i];
	return NULL;
}

/* ---- zeroing: one write per line, each a compulsory miss ---------------------- */

static void test_zero(void)
{
	rig r;
	const skl_event *e;
	skl_addr a;
	skl_cachesim_attr *rows = NULL;
	int n;
	if (rig_up(&r, 1) < 0) {
		CHECK(0);
		return;
	}
	CHECK_INT(r.type->size, 128);
	a = skl_cache_alloc(r.c, 1, NULL);
	CHECK(a != 0);
	CHECK_INT(a & 31, 0);
	e = last_access(r.log);
	CHECK(e != NULL);
	if (e) {
		CHECK_STR(e->text, "tsock");
		CHECK_STR(e->text2, "zero");
		CHECK_INT(e->ok, 1);
		CHECK_INT(e->addr, a);
		CHECK_INT(e->size, 128);
		/* 128 bytes from a line boundary: 4 lines, cold in both levels */
		CHECK_STR(e->text3, "4 lines: 4 L1d misses, 4 L2 misses, 360 cycles");
	}
	/* by object line: line N holds bytes 32N..32N+31, one write and one miss each */
	n = skl_kernel_cachesim_attr(r.k, 1, "tsock", &rows);
	CHECK_INT(n, 4);
	if (n == 4) {
		CHECK_STR(rows[0].member, "line 0");
		CHECK_STR(rows[3].member, "line 3");
		CHECK_INT(rows[2].offset, 64);
		CHECK_INT(rows[2].size, 32);
		CHECK_INT(rows[2].writes, 1);
		CHECK_INT(rows[2].misses[L1D], 1);
		CHECK_INT(rows[2].misses[L2], 1);
		CHECK_INT(rows[2].cycles, 90);
	}
	skl_free(rows);
	/* by member: each line's write goes to the member holding its first byte */
	n = skl_kernel_cachesim_attr(r.k, 0, "tsock", &rows);
	CHECK(row_of(rows, n, "tsock", "daddr") != NULL);
	CHECK(row_of(rows, n, "tsock", "hash") != NULL);
	CHECK(row_of(rows, n, "tsock", "dport") == NULL);
	skl_free(rows);
	skl_cache_free(r.c, a, NULL);
	rig_free(&r);
}

/* ---- members: the identity in one line costs one miss, spread costs two ------------- */

static void test_member(void)
{
	rig r;
	skl_addr a;
	skl_cachesim_attr *rows = NULL;
	const skl_cachesim_attr *x;
	int n;
	if (rig_up(&r, 1) < 0) {
		CHECK(0);
		return;
	}
	a = skl_cache_alloc(r.c, 1, NULL);
	skl_cachesim_reset(r.h); /* cold caches, the object in memory */
	skl_kernel_cachesim_attr_reset(r.k);

	member(&r, a, "daddr", 0);
	CHECK_STR(last_access(r.log)->text, "tsock.daddr");
	CHECK_STR(last_access(r.log)->text3, "L1d miss, L2 miss, memory, 90 cycles");
	member(&r, a, "dport", 0); /* same line */
	CHECK_STR(last_access(r.log)->text, "tsock.dport");
	CHECK_STR(last_access(r.log)->text3, "L1d hit, 3 cycles");
	member(&r, a, "hash", 0); /* line 2: the identity spread costs another miss */
	CHECK_STR(last_access(r.log)->text3, "L1d miss, L2 miss, memory, 90 cycles");
	member(&r, a, "daddr", 1);
	CHECK_STR(last_access(r.log)->text3, "L1d hit, 3 cycles");
	CHECK_INT(last_access(r.log)->ok, 1);

	/* an offset without a member name: the member holding the byte */
	skl_kernel_touch_ex(r.k, a + 66, 2, 0, "member", &(skl_touch_label){NULL, NULL, r.type, a});
	CHECK_STR(last_access(r.log)->text, "tsock.hash");

	/* a touch over two lines: two accesses, one per line */
	skl_kernel_touch_ex(r.k, a + 28, 8, 0, "member", &(skl_touch_label){NULL, NULL, r.type, a});
	CHECK_STR(last_access(r.log)->text3, "2 lines: 1 L1d miss, 1 L2 miss, 93 cycles");

	n = skl_kernel_cachesim_attr(r.k, 0, "tsock", &rows);
	CHECK_INT(n, 4); /* daddr, dport, pad (bytes 28-31 are bound_dev_if... see below), hash */
	x = row_of(rows, n, "tsock", "daddr");
	CHECK(x && x->reads == 1 && x->writes == 1 && x->misses[L1D] == 1 && x->cycles == 93);
	x = row_of(rows, n, "tsock", "dport");
	CHECK(x && x->offset == 8 && x->size == 2 && x->reads == 1 && x->misses[L1D] == 0 && x->cycles == 3);
	x = row_of(rows, n, "tsock", "hash");
	CHECK(x && x->offset == 64 && x->size == 4 && x->reads == 2 && x->misses[L1D] == 1);
	/* sorted by offset */
	if (n == 4) {
		CHECK_STR(rows[0].member, "daddr");
		CHECK_STR(rows[1].member, "dport");
		CHECK_STR(rows[2].member, "pad");
		CHECK_STR(rows[3].member, "hash");
	}
	skl_free(rows);
	skl_cache_free(r.c, a, NULL);
	rig_free(&r);
}

/* ---- the allocator's metadata: slab_t and bufctl at their on-slab addresses ----------- */

static void test_meta(void)
{
	rig r;
	skl_addr a, b;
	skl_cachesim_attr *rows = NULL;
	const skl_cachesim_attr *x;
	const skl_event *e;
	int n;
	if (rig_up(&r, 1) < 0) {
		CHECK(0);
		return;
	}
	a = skl_cache_alloc(r.c, 0, NULL); /* grows the cache: the slab moves to partial */
	skl_kernel_cachesim_attr_reset(r.k);
	b = skl_cache_alloc(r.c, 0, NULL); /* kmem_cache_alloc_one_tail on the partial slab */
	CHECK(b == a + 128);
	e = last_access(r.log);
	CHECK(e && !strcmp(e->text, "slab_t+bufctl") && !strcmp(e->text2, "meta"));
	/* slabp->inuse++; objp = s_mem + free * objsize; free = bufctl[free] */
	n = skl_kernel_cachesim_attr(r.k, 0, "slab_t", &rows);
	CHECK_INT(n, 3);
	if (n == 3) {
		CHECK_STR(rows[0].member, "s_mem");
		CHECK_INT(rows[0].offset, 12);
		CHECK_INT(rows[0].reads, 1);
		CHECK_STR(rows[1].member, "inuse");
		CHECK_INT(rows[1].offset, 16);
		CHECK(rows[1].reads == 1 && rows[1].writes == 1);
		CHECK_STR(rows[2].member, "free");
		CHECK(rows[2].reads == 1 && rows[2].writes == 1);
		CHECK_INT(rows[0].misses[L1D] + rows[1].misses[L1D] + rows[2].misses[L1D], 0); /* still cached */
	}
	skl_free(rows);
	n = skl_kernel_cachesim_attr(r.k, 0, "bufctl", &rows);
	x = row_of(rows, n, "bufctl", "");
	CHECK(x && x->reads == 1 && x->writes == 0 && x->offset == 4 && x->size == 4); /* bufctl[1] */
	skl_free(rows);

	skl_kernel_cachesim_attr_reset(r.k);
	CHECK_INT(skl_cache_free(r.c, a, NULL), 0);
	n = skl_kernel_cachesim_attr(r.k, 0, "bufctl", &rows);
	x = row_of(rows, n, "bufctl", "");
	CHECK(x && x->writes == 1 && x->offset == 0); /* slab_bufctl(slabp)[0] = slabp->free */
	skl_free(rows);
	n = skl_kernel_cachesim_attr(r.k, 0, NULL, &rows);
	CHECK(row_of(rows, n, "tsock", "daddr") == NULL); /* a non-debug free never reads the object */
	skl_free(rows);
	skl_cache_free(r.c, b, NULL);
	rig_free(&r);
}

/* ---- SLUB: the free pointer inside the object ---------------------------------------- */

static void test_slub(void)
{
	skl_profile p;
	skl_kernel_opts o;
	skl_kernel *k;
	skl_cache *c;
	skl_cachesim *h;
	skl_cachesim_level lv[2] = {{"L1d", 32768, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 4},
				    {"L2", 1 << 20, 16, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 14}};
	skl_cachesim_config cfg = {lv, 2, 200, 0, NULL};
	skl_cachesim_attr *rows = NULL;
	const skl_cachesim_attr *x;
	skl_events *log = skl_events_new(0);
	skl_addr a;
	skl_error err;
	int n;
	p = skl_test_profile_618(1, (uint64_t)32 << 20);
	memset(&o, 0, sizeof(o));
	o.profile = &p;
	o.log = log;
	k = skl_kernel_new(&o, &err);
	h = skl_cachesim_new(&cfg, &err);
	CHECK(k && h);
	if (!k || !h)
		goto out;
	c = skl_cache_create(k, "thing", 200, NULL, &err);
	CHECK(c != NULL);
	CHECK_INT(skl_kernel_set_cachesim(k, h, NULL), 0);
	a = skl_cache_alloc(c, 0, NULL); /* allocate_slab threads the freelist, then the first is taken */
	CHECK(a != 0);
	CHECK_STR(last_access(log)->text, "freeptr");
	n = skl_kernel_cachesim_attr(k, 0, "freeptr", &rows);
	x = row_of(rows, n, "freeptr", "");
	CHECK(x && x->reads == 1 && x->writes > 1);
	skl_free(rows);
	skl_kernel_cachesim_attr_reset(k);
	CHECK_INT(skl_cache_free(c, a, NULL), 0); /* set_freepointer(s, object, c->freelist) */
	n = skl_kernel_cachesim_attr(k, 0, "freeptr", &rows);
	x = row_of(rows, n, "freeptr", "");
	CHECK(x && x->reads == 0 && x->writes == 1);
	skl_free(rows);
	skl_kernel_cachesim_attr_reset(k);
	CHECK(skl_cache_alloc(c, 0, NULL) == a); /* LIFO: get_freepointer(s, object) */
	n = skl_kernel_cachesim_attr(k, 0, "freeptr", &rows);
	x = row_of(rows, n, "freeptr", "");
	CHECK(x && x->reads == 1 && x->writes == 0 && x->misses[0] == 0);
	skl_free(rows);
out:
	skl_kernel_free(k);
	skl_cachesim_free(h);
	skl_events_free(log);
}

/* ---- sk_buff: the struct's fields and the header bytes ----------------------------------- */

static void test_skb(void)
{
	rig r;
	skl_net_opts no;
	skl_net *net;
	skl_skb *skb;
	skl_hdr tcp;
	skl_cachesim_attr *rows = NULL;
	const skl_cachesim_attr *x;
	skl_error err;
	int n;
	if (rig_up(&r, 1) < 0) {
		CHECK(0);
		return;
	}
	memset(&no, 0, sizeof(no));
	net = skl_net_new(r.k, &no, &err);
	CHECK(net != NULL);
	skb = net ? skl_alloc_skb(net, 200, &err) : NULL;
	CHECK(skb != NULL);
	if (!skb)
		goto out;
	/* alloc_skb: head, data, tail, end, len... written; skb_shared_info's first 12 bytes */
	n = skl_kernel_cachesim_attr(r.k, 0, "sk_buff", &rows);
	x = row_of(rows, n, "sk_buff", "end");
	CHECK(x && x->offset == 136 && x->size == 4 && x->writes == 1);
	skl_free(rows);
	n = skl_kernel_cachesim_attr(r.k, 0, "skb_shared_info", &rows);
	CHECK(n == 1 && rows[0].writes == 1 && rows[0].size == 12);
	skl_free(rows);

	skl_kernel_cachesim_attr_reset(r.k);
	CHECK_INT(skl_skb_reserve(skb, 64, &err), 0);
	memset(&tcp, 0, sizeof(tcp));
	tcp.kind = SKL_HDR_TCP;
	CHECK_INT(skl_skb_push_hdr(skb, &tcp, 0, &err), 0);
	CHECK_STR(last_access(r.log)->text, "size-512.tcphdr");
	CHECK_STR(last_access(r.log)->text2, "skb");
	CHECK_INT(last_access(r.log)->addr, skl_skb_head_addr(skb) + 44);
	CHECK_INT(last_access(r.log)->size, 20);
	n = skl_kernel_cachesim_attr(r.k, 0, NULL, &rows);
	x = row_of(rows, n, "size-512", "tcphdr");
	CHECK(x && x->offset == 44 && x->size == 20 && x->writes == 1 && x->reads == 0);
	x = row_of(rows, n, "sk_buff", "data"); /* skb_reserve and skb_push */
	CHECK(x && x->offset == 128 && x->reads == 2 && x->writes == 2);
	x = row_of(rows, n, "sk_buff", "len"); /* skb_push */
	CHECK(x && x->offset == 92 && x->reads == 1 && x->writes == 1);
	x = row_of(rows, n, "sk_buff", "head"); /* skb_push's check */
	CHECK(x && x->reads == 1 && x->writes == 0);
	skl_free(rows);

	skl_kernel_cachesim_attr_reset(r.k);
	CHECK_INT(skl_skb_put(skb, 10, NULL, &err), 0);
	CHECK_INT(skl_skb_write(skb, 64, "0123456789", 10, &err), 0);
	n = skl_kernel_cachesim_attr(r.k, 0, NULL, &rows);
	x = row_of(rows, n, "size-512", "data");
	CHECK(x && x->offset == 64 && x->size == 10 && x->writes == 1);
	x = row_of(rows, n, "sk_buff", "tail");
	CHECK(x && x->offset == 132 && x->reads == 1 && x->writes == 1);
	skl_free(rows);
	skl_kfree_skb(skb, &err);
out:
	skl_net_free(net);
	rig_free(&r);
}

/* ---- the snapshot: owners of lines, recent flags, rows ---------------------------------- */

static int find_line(const skl_cachesim_snap *s, int lv, skl_addr addr)
{
	const skl_cachesim_snap_level *l = &s->levels[lv];
	int i, n = (int)(l->st.sets * l->st.assoc);
	for (i = 0; l->lines && i < n; i++)
		if (l->lines[i].valid && l->lines[i].addr == addr)
			return i;
	return -1;
}

static int valid_lines(const skl_cachesim_snap *s, int lv, int *recent)
{
	const skl_cachesim_snap_level *l = &s->levels[lv];
	int i, n = (int)(l->st.sets * l->st.assoc), v = 0;
	*recent = 0;
	for (i = 0; l->lines && i < n; i++) {
		v += l->lines[i].valid;
		*recent += l->lines[i].recent;
	}
	return v;
}

static void test_snapshot(void)
{
	rig r;
	skl_addr a, slab;
	skl_cachesim_snap *s;
	int i, rec;
	if (rig_up(&r, 1) < 0) {
		CHECK(0);
		return;
	}
	s = skl_kernel_cachesim_snapshot(r.k); /* an empty model is fine */
	CHECK(s != NULL);
	skl_cachesim_snap_free(s);
	a = skl_cache_alloc(r.c, 0, NULL);
	slab = a & ~(skl_addr)4095;
	skl_cachesim_reset(r.h);
	member(&r, a, "daddr", 0);
	s = skl_kernel_cachesim_snapshot(r.k);
	CHECK(s != NULL);
	if (!s)
		goto out;
	CHECK_STR(s->title, "Pentium III (Coppermine), 800 MHz");
	CHECK_INT(s->nlevels, 3);
	CHECK_INT(s->mem_latency, 80);
	CHECK_INT(s->levels[L1D].latency, 3);
	CHECK_INT(s->levels[L2].latency, 7);
	CHECK_STR(s->levels[L1D].st.name, "L1d");
	CHECK(s->levels[L2].lines != NULL); /* 8192 lines: copied */
	CHECK_INT(valid_lines(s, L1D, &rec), 1);
	CHECK_INT(rec, 1);
	i = find_line(s, L1D, a);
	CHECK(i >= 0);
	if (i >= 0) {
		CHECK_INT(s->levels[L1D].lines[i].recent, 1);
		CHECK_INT(s->levels[L1D].lines[i].last_hit, 0);
		CHECK_INT(s->levels[L1D].lines[i].dirty, 0);
		CHECK(s->levels[L1D].lines[i].owner >= 0);
		if (s->levels[L1D].lines[i].owner >= 0)
			CHECK_STR(s->owners[s->levels[L1D].lines[i].owner], "tsock.daddr");
		/* set-major: line index = set * assoc + way, set from the address */
		CHECK_INT(i / 4, (a >> 5) & 127);
	}
	CHECK(s->nmembers > 0 && s->nlines > 0);
	skl_cachesim_snap_free(s);

	/* nothing touched since: nothing recent */
	s = skl_kernel_cachesim_snapshot(r.k);
	CHECK(s && valid_lines(s, L1D, &rec) == 1 && rec == 0);
	skl_cachesim_snap_free(s);

	/* hash: a second line, the only recent one; its first byte is hash */
	member(&r, a, "hash", 1);
	s = skl_kernel_cachesim_snapshot(r.k);
	CHECK(s && valid_lines(s, L1D, &rec) == 2 && rec == 1);
	i = s ? find_line(s, L1D, a + 64) : -1;
	CHECK(i >= 0);
	if (i >= 0) {
		CHECK_INT(s->levels[L1D].lines[i].recent, 1);
		CHECK_INT(s->levels[L1D].lines[i].missed, 1); /* a miss brought it in this step */
		CHECK_INT(s->levels[L1D].lines[i].dirty, 1);
		CHECK_STR(s->owners[s->levels[L1D].lines[i].owner], "tsock.hash");
	}
	skl_cachesim_snap_free(s);

	/* the next step: daddr's line, brought in two steps ago, hits;
	 * hash's line is not touched */
	member(&r, a, "daddr", 0);
	s = skl_kernel_cachesim_snapshot(r.k);
	i = s ? find_line(s, L1D, a) : -1;
	CHECK(i >= 0);
	if (i >= 0) {
		CHECK_INT(s->levels[L1D].lines[i].recent, 1);
		CHECK_INT(s->levels[L1D].lines[i].missed, 0);
		CHECK_INT(s->levels[L1D].lines[i].last_hit, 1);
	}
	i = s ? find_line(s, L1D, a + 64) : -1;
	CHECK(i >= 0 && s->levels[L1D].lines[i].recent == 0 && s->levels[L1D].lines[i].missed == 0);
	skl_cachesim_snap_free(s);

	/* a metadata line: what last touched it, as no object lies there */
	skl_cache_alloc(r.c, 0, NULL);
	s = skl_kernel_cachesim_snapshot(r.k);
	i = s ? find_line(s, L1D, slab) : -1;
	CHECK(i >= 0);
	if (i >= 0)
		CHECK(!strncmp(s->owners[s->levels[L1D].lines[i].owner], "slab_t.", 7));
	skl_cachesim_snap_free(s);

	/* after a reset of the model, what is touched again is recent again */
	skl_cachesim_reset(r.h);
	member(&r, a, "daddr", 0);
	s = skl_kernel_cachesim_snapshot(r.k);
	CHECK(s && valid_lines(s, L1D, &rec) == 1 && rec == 1);
	skl_cachesim_snap_free(s);

	/* a model with no machine: lines, no owners, no rows */
	{
		uint64_t marks[SKL_CACHESIM_MAX_LEVELS] = {0};
		s = skl_cachesim_snapshot(r.h, &r.preset, marks, NULL);
		CHECK(s && s->nowners == 0 && s->nmembers == 0 && valid_lines(s, L1D, &rec) == 1 && rec == 1);
		if (s)
			CHECK_INT(s->levels[L1D].lines[find_line(s, L1D, a)].owner, -1);
		skl_cachesim_snap_free(s);
	}
out:
	rig_free(&r);
}

/* ---- heat: one value per field -------------------------------------------------------------- */

static void test_heat(void)
{
	rig r;
	skl_addr a;
	skl_heat *h;
	if (rig_up(&r, 1) < 0) {
		CHECK(0);
		return;
	}
	a = skl_cache_alloc(r.c, 0, NULL);
	skl_cachesim_reset(r.h);
	skl_kernel_cachesim_attr_reset(r.k);
	member(&r, a, "daddr", 0);
	member(&r, a, "dport", 0);
	member(&r, a, "hash", 0);
	h = skl_kernel_cachesim_heat(r.k, r.type, NULL, SKL_HEAT_MISSES, -1);
	CHECK(h != NULL);
	if (h) {
		CHECK_STR(h->label, "L1d misses");
		CHECK_INT(h->nvalues, r.type->nfields);
		CHECK(h->value[skl_layout_find(r.type, "daddr")] == 1);
		CHECK(h->value[skl_layout_find(r.type, "dport")] == 0);
		CHECK(h->value[skl_layout_find(r.type, "hash")] == 1);
		CHECK(h->value[skl_layout_find(r.type, "tail")] == 0);
	}
	skl_heat_free(h);
	h = skl_kernel_cachesim_heat(r.k, r.type, NULL, SKL_HEAT_CYCLES, 0);
	CHECK(h && !strcmp(h->label, "cycles") && h->value[skl_layout_find(r.type, "dport")] == 3);
	skl_heat_free(h);
	h = skl_kernel_cachesim_heat(r.k, r.type, "nobody", SKL_HEAT_ACCESSES, 0);
	CHECK(h && h->value[skl_layout_find(r.type, "daddr")] == 0);
	skl_heat_free(h);
	rig_free(&r);
}

/* A union's members share bytes: the heat of an access that names the
 * second member (sock_common's skc_nulls_node beside skc_node) lands on
 * that member, never on the union's first. */
static void test_heat_union(void)
{
	static const char *const src =
	    "struct hn { struct hn *next; struct hn **pprev; };"
	    "struct hnn { struct hnn *next; struct hnn **pprev; };"
	    "struct usock { unsigned int daddr; char pad[28];"
	    " union { struct hn skc_node; struct hnn skc_nulls_node; }; unsigned int hash; };";
	rig r;
	skl_layout *u;
	skl_cache_opts co;
	skl_cache *c;
	skl_error err;
	skl_touch_label lab;
	skl_addr a;
	skl_heat *h;
	int node, nulls, i;
	if (rig_up(&r, 1) < 0 || skl_cparse(r.db, src, "usock.h", &err) < 0) {
		CHECK(0);
		rig_free(&r);
		return;
	}
	u = skl_layout_compute(skl_typedb_find(r.db, "struct usock"), r.prof.abi, NULL, 32, &err);
	CHECK(u != NULL);
	if (!u) {
		rig_free(&r);
		return;
	}
	memset(&co, 0, sizeof(co));
	co.flags = SKL_SLAB_HWCACHE_ALIGN;
	co.type = u;
	c = skl_cache_create(r.k, "usock", (size_t)u->size, &co, &err);
	CHECK(c != NULL);
	a = c ? skl_cache_alloc(c, 0, NULL) : 0;
	skl_cachesim_reset(r.h);
	skl_kernel_cachesim_attr_reset(r.k);
	node = skl_layout_find(u, "skc_node");
	nulls = skl_layout_find(u, "skc_nulls_node");
	CHECK(node >= 0 && nulls >= 0 && u->fields[node].offset == u->fields[nulls].offset);
	if (a && node >= 0 && nulls >= 0) {
		/* obj:read("skc_nulls_node") */
		memset(&lab, 0, sizeof(lab));
		lab.type = u;
		lab.member = "skc_nulls_node";
		lab.base = a;
		skl_kernel_touch_ex(r.k, a + u->fields[nulls].offset, u->fields[nulls].size, 0, "member", &lab);
		h = skl_kernel_cachesim_heat(r.k, u, NULL, SKL_HEAT_MISSES, -1);
		CHECK(h != NULL);
		if (h) {
			CHECK(h->value[nulls] == 1);
			CHECK(h->value[node] == 0);
			for (i = 0; i < u->nfields; i++)
				if (i != nulls && strncmp(u->fields[i].path, "skc_nulls_node.", 15))
					CHECK(h->value[i] == 0);
		}
		skl_heat_free(h);
		h = skl_kernel_cachesim_heat(r.k, u, NULL, SKL_HEAT_ACCESSES, 0);
		CHECK(h && h->value[nulls] == 1 && h->value[node] == 0);
		skl_heat_free(h);
	}
	rig_free(&r);
	skl_layout_free(u);
}

/* ---- the event dump: one line per operation --------------------------------------------------- */

static void test_events(void)
{
	rig r;
	skl_addr a;
	skl_buf b;
	skl_sink s;
	char want[512];
	int n0;
	if (rig_up(&r, 1) < 0) {
		CHECK(0);
		return;
	}
	a = skl_cache_alloc(r.c, 1, NULL);
	skl_cachesim_reset(r.h);
	n0 = skl_events_count(r.log);
	member(&r, a, "daddr", 0);
	member(&r, a, "dport", 0);
	skl_kernel_touch_begin(r.k, "member", "tsock.identity");
	member(&r, a, "daddr", 1);
	member(&r, a, "hash", 1);
	skl_kernel_touch_end(r.k);
	CHECK_INT(skl_events_count(r.log) - n0, 3);
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_events_dump(r.log, &s);
	snprintf(want, sizeof(want),
		 "%4d step=0 access   member read addr=%#llx size=4 tsock.daddr: L1d miss, L2 miss, memory, 90 cycles\n"
		 "%4d step=0 access   member read addr=%#llx size=2 tsock.dport: L1d hit, 3 cycles\n"
		 "%4d step=0 access   member write addr=%#llx size=8 tsock.identity: 2 accesses: 1 L1d miss, 1 L2 "
		 "miss, 93 cycles\n",
		 n0, (unsigned long long)a, n0 + 1, (unsigned long long)(a + 8), n0 + 2, (unsigned long long)a);
	CHECK(b.len >= strlen(want));
	if (b.len >= strlen(want))
		CHECK_STR(b.data + b.len - strlen(want), want);
	skl_buf_free(&b);
	rig_free(&r);
}

/* ---- no model: no access events, the same allocator events ------------------------------------ */

static char *run_ops(int model, int *accesses)
{
	rig r;
	skl_net_opts no;
	skl_net *net;
	skl_skb *skb;
	skl_addr a[40];
	skl_buf b, out;
	skl_sink s;
	skl_error err;
	int i;
	const char *p;
	if (rig_up(&r, model) < 0)
		return NULL;
	for (i = 0; i < 40; i++)
		a[i] = skl_cache_alloc(r.c, i & 1, NULL);
	for (i = 0; i < 40; i += 3)
		skl_cache_free(r.c, a[i], NULL);
	memset(&no, 0, sizeof(no));
	net = skl_net_new(r.k, &no, &err);
	skb = net ? skl_alloc_skb(net, 1500, &err) : NULL;
	if (skb) {
		skl_skb *c;
		skl_skb_reserve(skb, 64, &err);
		skl_skb_put(skb, 100, NULL, &err);
		skl_skb_push(skb, 20, &err);
		c = skl_skb_copy(skb, &err);
		if (c)
			skl_kfree_skb(c, &err);
		skl_kfree_skb(skb, &err);
	}
	skl_net_free(net);
	skl_cache_shrink(r.c);
	*accesses = count_kind(r.log, SKL_EV_ACCESS);
	/* the dump without its access lines, renumbered away */
	skl_buf_init(&b);
	skl_buf_init(&out);
	s = skl_buf_sink(&b);
	skl_events_dump(r.log, &s);
	for (p = b.data; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p + 1) : strlen(p);
		if (!strstr(p, " access ") || (nl && strstr(p, " access ") > nl)) {
			const char *rest = strstr(p, " step=");
			if (rest && rest < p + len)
				skl_buf_append(&out, rest, len - (size_t)(rest - p));
		}
		p += len;
	}
	skl_buf_free(&b);
	rig_free(&r);
	return out.data;
}

static void test_nomodel(void)
{
	int with = 0, without = -1;
	char *a = run_ops(1, &with), *b = run_ops(0, &without);
	CHECK(a && b);
	CHECK(with > 20);
	CHECK_INT(without, 0);
	if (a && b)
		CHECK(!strcmp(a, b)); /* the model changes nothing the allocators do */
	skl_free(a);
	skl_free(b);
}

/* ---- allocation failure: every host allocation fails once ------------------------------------- */

static int failure_scenario(void)
{
	rig r;
	skl_addr a;
	skl_cachesim_snap *s;
	skl_heat *h;
	skl_cachesim_attr *rows = NULL;
	int rc = 0, n;
	if (rig_up(&r, 1) < 0)
		return -1;
	a = skl_cache_alloc(r.c, 1, NULL);
	if (!a)
		rc = -1;
	else
		member(&r, a, "daddr", 1);
	s = skl_kernel_cachesim_snapshot(r.k);
	if (!s)
		rc = -1;
	skl_cachesim_snap_free(s);
	h = skl_kernel_cachesim_heat(r.k, r.type, NULL, SKL_HEAT_ALL_MISSES, 0);
	if (!h)
		rc = -1;
	skl_heat_free(h);
	n = skl_kernel_cachesim_attr(r.k, 1, NULL, &rows);
	if (n < 0)
		rc = -1;
	skl_free(rows);
	if (a)
		skl_cache_free(r.c, a, NULL);
	rig_free(&r);
	return rc;
}

static void test_allocfail(void)
{
	skl_fault f;
	long n;
	for (n = 0; n < 100000; n++) {
		int rc;
		skl_fault_arm(&f, n, SKL_FAULT_FROM);
		rc = failure_scenario();
		skl_fault_disarm();
		if (rc == 0 && f.calls < n)
			break;
	}
	CHECK(n < 100000);
	CHECK(failure_scenario() == 0);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {{"zero", test_zero},
		     {"member", test_member},
		     {"meta", test_meta},
		     {"slub", test_slub},
		     {"skb", test_skb},
		     {"snapshot", test_snapshot},
		     {"heat", test_heat},
		     {"heat_union", test_heat_union},
		     {"events", test_events},
		     {"nomodel", test_nomodel},
		     {"allocfail", test_allocfail}};
	size_t i;
	int ran = 0;
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		if (argc < 2 || !strcmp(argv[1], tests[i].name)) {
			tests[i].fn();
			ran++;
		}
	}
	if (!ran) {
		fprintf(stderr, "unknown test %s\n", argv[1]);
		return 2;
	}
	return check_done(argc > 1 ? argv[1] : "access");
}
