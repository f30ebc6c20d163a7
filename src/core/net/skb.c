/*
 * skb.c - the sk_buff model of Linux 2.4, 2.6.31 and 6.x on the simulated
 * machine: struct sk_buff objects from skbuff_head_cache (and the fclone and
 * small-head caches), head buffers from kmalloc, the operations with each
 * era's own checks, skb_over_panic/skb_under_panic and BUG reports as events,
 * page fragments and snapshots for views. The TCP transmit and receive
 * paths built on it are skb_path.c.
 *
 * Numbers and behaviour follow the reference notes on sk_buff geometry
 * (§2-§9 there); each function says which kernel function it models. The
 * model never crashes on a kernel bug: it reports it, leaves the skb as the
 * kernel left it just before BUG(), and refuses further work on that skb
 * (freeing and snapshots stay possible). Host memory comes from skl_malloc;
 * no clock, no printing, no globals.
 */

#include "sklab/skb.h"

#include <stdio.h>
#include <string.h>

#include "skb_impl.h"

/* ---- small utilities ------------------------------------------------------------ */

static uint32_t align_up(uint32_t v, uint32_t a)
{
	return a ? (v + a - 1) / a * a : v;
}

/* SKB_DATA_ALIGN: up to SMP_CACHE_BYTES */
static uint32_t data_align(const skl_net *net, uint32_t v)
{
	return align_up(v, net->p.smp_cache_bytes);
}

static uint32_t fnv1a(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return h;
}

/* strlcpy: truncates quietly (names and lines are cut to the field) */
void skl__net_copy_str(char *dst, size_t n, const char *src)
{
	size_t k = src ? strlen(src) : 0;
	if (!n)
		return;
	if (k >= n)
		k = n - 1;
	if (k)
		memcpy(dst, src, k);
	dst[k] = '\0';
}

static const char *era_names[] = {"auto", "2.4", "2.6.31", "6.x"};

const char *skl_skb_era_name(skl_skb_era e)
{
	return (unsigned)e < 4 ? era_names[e] : "?";
}

int skl_skb_era_parse(const char *s, skl_skb_era *out)
{
	int i;
	for (i = 0; s && i < 4; i++)
		if (!strcmp(s, era_names[i])) {
			*out = (skl_skb_era)i;
			return 0;
		}
	return -1;
}

skl_skb_era skl_skb_era_of_version(skl_kversion v)
{
	if (v.major == 2 && v.minor == 4)
		return SKL_ERA_2_4;
	if (v.major == 2 && v.minor == 6)
		return SKL_ERA_2_6_31;
	return SKL_ERA_6_X;
}

/* ---- simulated kernel text ------------------------------------------------------ */

/* A function's simulated address: the kernel text starts at 0xc0100000 on
 * i386 and 0xffffffff81000000 on x86_64; each name lands at a fixed
 * 16-byte-aligned place in its first 2.5 MiB. */
static skl_addr text_fn(const skl_net *net, const char *fn)
{
	skl_addr base = net->p.ptr_bytes == 4 ? 0xc0100000ull : 0xffffffff81000000ull;
	return base + ((fnv1a(fn) % 0x280000u) & ~0xfu);
}

/* An address inside the function: where its call to skb_put returns
 * (2.6+: __builtin_return_address(0)) or where the inlined skb_put sits
 * (2.4: current_text_addr()). */
static skl_addr text_in(const skl_net *net, const char *fn)
{
	return text_fn(net, fn) + 0x20 + (fnv1a(fn) >> 23) % 0x1c0;
}

/* printk's %p (2.4, 2.6.31) and %px (6.x): zero-padded, no 0x */
static void fmt_ptr(const skl_net *net, skl_addr a, char *out, size_t n)
{
	if (net->p.ptr_bytes == 4)
		snprintf(out, n, "%08llx", (unsigned long long)(a & 0xffffffffull));
	else
		snprintf(out, n, "%016llx", (unsigned long long)a);
}

/* printk's %#lx of an unsigned long of the target */
static void fmt_lx(const skl_net *net, uint64_t v, char *out, size_t n)
{
	if (net->p.ptr_bytes == 4)
		v &= 0xffffffffull;
	if (v)
		snprintf(out, n, "%#llx", (unsigned long long)v);
	else
		snprintf(out, n, "0");
}

/* ---- the net ---------------------------------------------------------------------- */

/* Is opt in the profile's comma-separated option list? */
static int config_has(const char *list, const char *opt)
{
	size_t n = strlen(opt);
	const char *p = list;
	while (p && *p) {
		const char *e = strchr(p, ',');
		size_t k = e ? (size_t)(e - p) : strlen(p);
		while (k && (*p == ' ' || *p == '\t'))
			p++, k--;
		while (k && (p[k - 1] == ' ' || p[k - 1] == '\t'))
			k--;
		if (k == n && !strncmp(p, opt, n))
			return 1;
		p = e ? e + 1 : NULL;
	}
	return 0;
}

/* sizeof(struct sk_buff) in 2.4.16 on i386 for the profile's options, from
 * include/linux/skbuff.h of 2.4.16: next .. destructor is 144 bytes with
 * 4-byte pointers (cb[48] at 44, len at 92, truesize at 120, head/data/
 * tail/end at 124..136, destructor at 140); then, each under its option,
 * CONFIG_NETFILTER's nfmark, nfcache and nfct (12, and nf_debug 4 more with
 * CONFIG_NETFILTER_DEBUG), CONFIG_HIPPI's private.ifield (4) and
 * CONFIG_NET_SCHED's tc_index (4). INET + FILTER: 144; NETFILTER +
 * NET_SCHED: 160. All members are 4 bytes, so no padding comes between. */
static uint32_t skb_size_24(const char *config)
{
	uint32_t n = 144;
	if (config_has(config, "CONFIG_NETFILTER")) {
		n += 12;
		if (config_has(config, "CONFIG_NETFILTER_DEBUG"))
			n += 4;
	}
	if (config_has(config, "CONFIG_HIPPI"))
		n += 4;
	if (config_has(config, "CONFIG_NET_SCHED"))
		n += 4;
	return n;
}

static void params_for(skl_net *net, const skl_profile *prof, const skl_net_opts *o, skl_skb_era era)
{
	skl_skb_params *p = &net->p;
	unsigned l1 = prof->cacheline ? prof->cacheline : 64;
	memset(p, 0, sizeof(*p));
	p->era = era;
	p->name = skl_skb_era_name(era);
	p->ptr_bytes = prof->abi ? prof->abi->size[SKL_B_PTR] : 8;
	p->smp_cache_bytes = l1;
	p->hot_list_len = 0;
	switch (era) {
	case SKL_ERA_2_4:
		p->skb_size = skb_size_24(prof->config); /* 144 for the profile's INET + FILTER */
		p->shinfo_size = 60;			 /* 6 frags of 8 bytes */
		p->max_skb_frags = 6;
		p->net_skb_pad = 16;
		p->net_ip_align = 2;
		p->max_tcp_header = 160;
		p->hot_list_len = HOT_LIST_LEN;
		break;
	case SKL_ERA_2_6_31:
		p->skb_size = 232;    /* a distribution config, x86_64 */
		p->shinfo_size = 496; /* CONFIG_HAS_DMA: dma_head and dma_maps */
		p->max_skb_frags = 18;
		p->net_skb_pad = 32;
		p->net_ip_align = 2;
		p->max_tcp_header = 304; /* 128 + 48 + 128 with tunnels and mac80211 mesh */
		p->offsets = p->ptr_bytes == 8;
		break;
	default:
		p->skb_size = 224;
		p->shinfo_size = 320;
		p->max_skb_frags = 17;
		p->net_skb_pad = l1 > 32 ? l1 : 32;
		p->net_ip_align = 0;
		p->max_tcp_header = 192; /* L1_CACHE_ALIGN(160): no WLAN mesh, no tunnels */
		p->offsets = p->ptr_bytes == 8;
		break;
	}
	if (o) {
		if (o->skb_size)
			p->skb_size = o->skb_size;
		if (o->shinfo_size)
			p->shinfo_size = o->shinfo_size;
		if (o->max_tcp_header)
			p->max_tcp_header = o->max_tcp_header;
		if (era == SKL_ERA_2_4 && o->hot_list_len >= 0)
			p->hot_list_len = o->hot_list_len;
		p->bug_on = o->bug_on != 0;
	}
	if (era != SKL_ERA_2_4)
		/* 2.6.31: 2 * sizeof(struct sk_buff) + sizeof(atomic_t); 6.x struct sk_buff_fclones */
		p->fclone_size = era == SKL_ERA_6_X ? align_up(2 * p->skb_size + 4, p->ptr_bytes) : 2 * p->skb_size + 4;
	if (era == SKL_ERA_6_X) {
		/* SKB_SMALL_HEAD_SIZE = SKB_HEAD_ALIGN(MAX_TCP_HEADER), one more line
		 * when that is a power of two (so skb_kfree_head can tell it apart) */
		uint32_t s = align_up(p->max_tcp_header, l1) + align_up(p->shinfo_size, l1);
		p->small_head_size = (s & (s - 1)) == 0 ? s + l1 : s;
	}
}

skl_net *skl_net_new(skl_kernel *k, const skl_net_opts *o, skl_error *err)
{
	const skl_profile *prof;
	skl_skb_era era;
	skl_net *net;
	if (!k)
		return skl_errorf(err, "skl_net_new: no machine"), NULL;
	prof = skl_kernel_profile(k);
	era = o && o->era != SKL_ERA_AUTO ? o->era : skl_skb_era_of_version(prof->version);
	if ((unsigned)era > SKL_ERA_6_X)
		return skl_errorf(err, "unknown sk_buff era %d", (int)era), NULL;
	if (o && o->bug_on && era != SKL_ERA_2_6_31)
		return skl_errorf(err,
				  "the BUG_ON variant of skb_put/skb_push is the Aug 2009 patch against 2.6.31; "
				  "the %s era has no such build",
				  skl_skb_era_name(era)),
		       NULL;
	if (o && (o->skb_size > 65536 || o->shinfo_size > 65536 || o->max_tcp_header > 65536))
		return skl_errorf(err, "skl_net_new: sizes above 64 KiB are not sk_buff sizes"), NULL;
	net = skl_calloc(1, sizeof(*net));
	if (!net)
		return skl_errorf(err, "out of memory"), NULL;
	net->k = k;
	params_for(net, prof, o, era);
	net->ncpu = skl_kernel_ncpus(k);
	net->rx.name = "page_frag";
	net->rx.order = 3; /* PAGE_FRAG_CACHE_MAX_ORDER: 32 KiB */
	net->tx.name = "page_frag";
	net->tx.order = era == SKL_ERA_6_X ? 3 : 0; /* sk_page_frag refills 32 KiB; 2.6.31 sk_sndmsg_page is one page */
	skl__net_copy_str(net->caller, sizeof(net->caller), "sklab_scenario");
	if (o && o->skb_type && o->skb_type->size == net->p.skb_size) {
		net->skb_type = skl_layout_clone(o->skb_type);
		if (!net->skb_type) {
			skl_net_free(net);
			return skl_errorf(err, "out of memory"), NULL;
		}
	}
	return net;
}

const skl_layout *skl_net_skb_type(const skl_net *net)
{
	return net->skb_type;
}

static void block_unlink(skl_net *net, frag_block *b)
{
	if (b->prev)
		b->prev->next = b->next;
	else
		net->blocks = b->next;
	if (b->next)
		b->next->prev = b->prev;
}

static void skb_host_free(skl_skb *skb);

void skl_net_free(skl_net *net)
{
	int i;
	unsigned c;
	if (!net)
		return;
	for (i = 0; i < net->nslots; i++)
		if (net->slots[i])
			skb_host_free(net->slots[i]);
	skl_free(net->slots);
	skl_free(net->gen);
	for (c = 0; net->hot && c < net->ncpu; c++)
		skl_free(net->hot[c]);
	skl_free(net->hot);
	skl_free(net->nhot);
	skl_layout_free(net->skb_type);
	skl__net_socks_free(net);
	while (net->blocks) {
		frag_block *b = net->blocks;
		block_unlink(net, b);
		skl_free(b);
	}
	skl_free(net);
}

skl_kernel *skl_net_kernel(const skl_net *net)
{
	return net->k;
}

void skl_net_params(const skl_net *net, skl_skb_params *out)
{
	*out = net->p;
}

void skl_net_set_caller(skl_net *net, const char *fn)
{
	skl__net_copy_str(net->caller, sizeof(net->caller), fn && *fn ? fn : "sklab_scenario");
}

const char *skl_net_last_report(const skl_net *net)
{
	return net->last_report;
}

/* ---- handles -------------------------------------------------------------------------- */

/* A free slot, growing the table; -1 when the host is out of memory. */
static int slot_reserve(skl_net *net)
{
	int i;
	for (i = 0; i < net->nslots; i++)
		if (!net->slots[i])
			return i;
	if (net->nslots == net->capslots) {
		int cap = net->capslots ? net->capslots * 2 : 16;
		skl_skb **s = skl_realloc(net->slots, (size_t)cap * sizeof(*s));
		uint32_t *g;
		if (!s)
			return -1;
		net->slots = s;
		g = skl_realloc(net->gen, (size_t)cap * sizeof(*g));
		if (!g)
			return -1;
		net->gen = g;
		net->capslots = cap;
	}
	net->slots[net->nslots] = NULL;
	net->gen[net->nslots] = 0;
	return net->nslots++;
}

static void slot_install(skl_net *net, skl_skb *skb, int slot)
{
	net->gen[slot]++;
	skb->slot = slot;
	skb->id = ((uint64_t)net->gen[slot] << 32) | (uint64_t)(slot + 1);
	net->slots[slot] = skb;
	net->nlive++;
}

uint64_t skl_skb_id(const skl_skb *skb)
{
	return skb->id;
}

skl_skb *skl_net_skb(const skl_net *net, uint64_t id)
{
	uint64_t s = (id & 0xffffffffull);
	if (!s || s > (uint64_t)net->nslots)
		return NULL;
	return net->slots[s - 1] && net->slots[s - 1]->id == id ? net->slots[s - 1] : NULL;
}

int skl_net_nskbs(const skl_net *net)
{
	return net->nlive;
}

skl_skb *skl_net_skb_at(const skl_net *net, int i)
{
	int s;
	for (s = 0; s < net->nslots; s++)
		if (net->slots[s] && i-- == 0)
			return net->slots[s];
	return NULL;
}

skl_net *skl_skb_net(const skl_skb *skb)
{
	return skb->net;
}

void skl_skb_set_name(skl_skb *skb, const char *name)
{
	skl__net_copy_str(skb->name, sizeof(skb->name), name && *name ? name : "skb");
}

const char *skl_skb_name(const skl_skb *skb)
{
	return skb->name;
}

void skl_skb_set_dev(skl_skb *skb, const char *dev)
{
	skl__net_copy_str(skb->dev, sizeof(skb->dev), dev);
}

/* ---- page fragments ------------------------------------------------------------------- */

static void block_put(skl_net *net, frag_block *b)
{
	if (!b || --b->refs > 0)
		return;
	skl_pages_free(net->k, b->addr, b->order);
	block_unlink(net, b);
	skl_free(b);
}

/* models page_frag_alloc() and skb_page_frag_refill(): carves size bytes
 * from the pool's current block, counting up from its start; a block that
 * cannot hold them is let go (freed with its last fragment) and a new one
 * taken: 2^order pages, or a single page when those are not to be had. */
static int frag_alloc(skl_net *net, frag_pool *fp, uint32_t size, frag_block **blk, uint32_t *off, skl_error *err)
{
	unsigned page = skl_kernel_profile(net->k)->page_size;
	frag_block *b = fp->cur;
	if (size == 0 || size > (page << fp->order))
		return skl_errorf(err, "a page fragment of %lu bytes does not fit a %u-byte block", (unsigned long)size,
				  page << fp->order),
		       SKL_SKB_EINVAL;
	if (!b || b->used + size > b->size) {
		unsigned order = fp->order;
		b = skl_calloc(1, sizeof(*b));
		if (!b)
			return skl_errorf(err, "out of memory"), SKL_SKB_ENOMEM;
		b->addr = skl_pages_alloc(net->k, order);
		if (!b->addr && order && size <= page) {
			order = 0;
			b->addr = skl_pages_alloc(net->k, 0);
		}
		if (!b->addr) {
			skl_free(b);
			return skl_errorf(err, "%s: no free pages for a fragment (NULL)", fp->name), SKL_SKB_ENOMEM;
		}
		b->order = order;
		b->size = page << order;
		b->refs = 1; /* the pool's */
		b->next = net->blocks;
		if (net->blocks)
			net->blocks->prev = b;
		net->blocks = b;
		if (fp->cur)
			block_put(net, fp->cur);
		fp->cur = b;
	}
	*off = b->used;
	b->used += size;
	b->refs++;
	*blk = b;
	return 0;
}

/* ---- caches --------------------------------------------------------------------------- */

/* The machine's cache of that name, created on first use (as skb_init() does
 * at boot); an existing one must have the same object size. */
static skl_cache *ensure_cache(skl_net *net, skl_cache **slot, const char *name, uint32_t size, unsigned flags,
			       int ctor, const skl_layout *type, skl_error *err)
{
	skl_cache *c;
	skl_cache_opts o;
	if (*slot)
		return *slot;
	c = skl_kernel_find_cache(net->k, name);
	if (c) {
		skl_cache_info ci;
		skl_cache_get_info(c, &ci);
		if (ci.object_size != size) {
			skl_errorf(err, "the machine already has a %s of %zu-byte objects; this era's is %lu bytes",
				   name, ci.object_size, (unsigned long)size);
			return NULL;
		}
		return *slot = c;
	}
	memset(&o, 0, sizeof(o));
	o.flags = flags;
	o.ctor = ctor;
	o.type = type;
	c = skl_cache_create(net->k, name, size, &o, err);
	return *slot = c;
}

static skl_cache *head_cache(skl_net *net, skl_error *err)
{
	/* 2.4: SLAB_HWCACHE_ALIGN with the skb_headerinit constructor; 6.x:
	 * a usercopy region (cb[]), which SLUB never merges */
	unsigned flags = SKL_SLAB_HWCACHE_ALIGN | (net->p.era == SKL_ERA_6_X ? SKL_SLAB_NO_MERGE : 0);
	return ensure_cache(net, &net->head_cache, "skbuff_head_cache", net->p.skb_size, flags,
			    net->p.era == SKL_ERA_2_4, net->skb_type, err);
}

static skl_cache *fclone_cache(skl_net *net, skl_error *err)
{
	return ensure_cache(net, &net->fclone_cache, "skbuff_fclone_cache", net->p.fclone_size, SKL_SLAB_HWCACHE_ALIGN,
			    0, NULL, err);
}

static skl_cache *small_cache(skl_net *net, skl_error *err)
{
	return ensure_cache(net, &net->small_cache, "skbuff_small_head", net->p.small_head_size,
			    SKL_SLAB_HWCACHE_ALIGN | SKL_SLAB_NO_MERGE, 0, NULL, err);
}

/* ---- head buffers ------------------------------------------------------------------------- */

static unsigned get_order(const skl_net *net, uint64_t n)
{
	uint64_t page = skl_kernel_profile(net->k)->page_size;
	unsigned o = 0;
	while ((page << o) < n && o < 20)
		o++;
	return o;
}

#define KMALLOC_LARGE_MAX_ORDER 10u /* MAX_PAGE_ORDER (6.x); 2.6.31 MAX_ORDER - 1 */

/* A head above the largest kmalloc class: kmalloc(n) itself, which SLUB
 * serves from kmalloc_large() (2.6.31 kmalloc_large(), 6.x
 * __kmalloc_large_node_noprof()), so the head is the same block, with the
 * same events and the same band in the slab view, as k:kmalloc(n); its
 * name is the one a kmalloc handle and the events give, kmalloc_large. */
static int head_kmalloc_large(skl_net *net, uint32_t n, skb_head *h, skl_error *err)
{
	uint64_t bytes;
	h->addr = skl_kmalloc(net->k, n, err);
	if (!h->addr)
		return SKL_SKB_ENOMEM;
	bytes = skl_kmalloc_large_of(net->k, h->addr, NULL, NULL);
	h->kind = HEAD_KMALLOC;
	h->obj = (uint32_t)bytes;
	skl__net_copy_str(h->cache, sizeof(h->cache), "kmalloc_large");
	return 0;
}

/* models the head allocation: 2.4/2.6.31 kmalloc(SKB_DATA_ALIGN(size) +
 * sizeof(struct skb_shared_info)) with shinfo at head + SKB_DATA_ALIGN(size);
 * 6.x kmalloc_reserve(): SKB_HEAD_ALIGN(size) from skbuff_small_head when it
 * fits, else kmalloc(kmalloc_size_roundup()) (kmalloc_large() pages above
 * the largest class), shinfo at the very end so the slack becomes tailroom. */
static int head_alloc(skl_net *net, uint32_t size, skb_head *h, uint32_t *end, skl_error *err)
{
	skl_cache_info ci;
	skl_cache *c;
	uint32_t dsize;
	if (size > 0x40000000u)
		return skl_errorf(err, "kmalloc(%lu): larger than any allocation (NULL)", (unsigned long)size),
		       SKL_SKB_ENOMEM;
	dsize = data_align(net, size);
	h->dataref = 1;
	h->hostrefs = 1;
	if (net->p.era != SKL_ERA_6_X) {
		uint32_t req = dsize + net->p.shinfo_size;
		c = skl_kmalloc_cache(net->k, req);
		if (!c && skl_kernel_is_slub(net->k)) { /* 2.6.31 SLUB: kmalloc_large() above 2 pages */
			if (head_kmalloc_large(net, req, h, err) < 0)
				return SKL_SKB_ENOMEM;
			h->req = req;
			*end = dsize;
			return 0;
		}
		h->addr = skl_kmalloc(net->k, req, err);
		if (!h->addr)
			return SKL_SKB_ENOMEM;
		skl_cache_get_info(c, &ci);
		h->kind = HEAD_KMALLOC;
		h->req = req;
		h->obj = (uint32_t)ci.object_size;
		skl__net_copy_str(h->cache, sizeof(h->cache), ci.name);
		*end = dsize;
		return 0;
	}
	{
		uint32_t sh = data_align(net, net->p.shinfo_size);
		uint32_t obj = dsize + sh;
		if (obj <= net->p.small_head_size) {
			c = small_cache(net, err);
			if (!c)
				return SKL_SKB_ENOMEM;
			h->addr = skl_cache_alloc(c, 0, err);
			if (!h->addr)
				return SKL_SKB_ENOMEM;
			h->kind = HEAD_SMALL;
			obj = net->p.small_head_size;
			skl__net_copy_str(h->cache, sizeof(h->cache), "skbuff_small_head");
		} else if ((c = skl_kmalloc_cache(net->k, obj)) != NULL) {
			skl_cache_get_info(c, &ci);
			obj = (uint32_t)ci.object_size; /* kmalloc_size_roundup() */
			h->addr = skl_kmalloc(net->k, obj, err);
			if (!h->addr)
				return SKL_SKB_ENOMEM;
			h->kind = HEAD_KMALLOC;
			skl__net_copy_str(h->cache, sizeof(h->cache), ci.name);
		} else {
			/* 6.x kmalloc_size_roundup(): above KMALLOC_MAX_CACHE_SIZE
			 * PAGE_SIZE << get_order(size) up to KMALLOC_MAX_SIZE, past
			 * it the size itself (and kmalloc() fails) */
			unsigned order = get_order(net, obj);
			if (order <= KMALLOC_LARGE_MAX_ORDER)
				obj = skl_kernel_profile(net->k)->page_size << order;
			if (head_kmalloc_large(net, obj, h, err) < 0)
				return SKL_SKB_ENOMEM;
			obj = h->obj;
		}
		h->req = h->obj = obj;
		*end = obj - sh;
		return 0;
	}
}

/* models skb_free_head(): kfree (a kmalloc_large head too: kfree() gives
 * its pages back), kmem_cache_free(skbuff_small_head) or skb_free_frag */
static void head_free_mem(skl_net *net, skb_head *h)
{
	switch (h->kind) {
	case HEAD_KMALLOC:
		skl_kfree(net->k, h->addr, NULL);
		break;
	case HEAD_SMALL:
		skl_cache_free(net->small_cache, h->addr, NULL);
		break;
	case HEAD_FRAG:
		block_put(net, h->blk);
		break;
	}
	h->addr = 0;
}

static void frags_put(skl_net *net, skb_head *h)
{
	int i;
	for (i = 0; i < h->nr_frags; i++)
		block_put(net, h->frags[i].blk);
}

static void frags_get(skb_head *h)
{
	int i;
	for (i = 0; i < h->nr_frags; i++)
		h->frags[i].blk->refs++;
}

/* A host reference on a head struct goes; the struct goes with the last. */
static void head_unref(skb_head *h)
{
	if (h && --h->hostrefs <= 0) {
		skl_free(h->frag_list);
		skl_free(h);
	}
}

/* ---- struct sk_buff objects ----------------------------------------------------------------- */

/* models kmem_cache_alloc(skbuff_head_cache) and, in 2.4, skb_head_from_pool() */
static skl_addr skbuff_alloc(skl_net *net, skl_error *err)
{
	skl_cache *c;
	if (net->p.era == SKL_ERA_2_4 && net->hot) {
		unsigned cpu = skl_kernel_cpu(net->k);
		if (cpu < net->ncpu && net->nhot[cpu] > 0)
			return net->hot[cpu][--net->nhot[cpu]];
	}
	c = head_cache(net, err);
	return c ? skl_cache_alloc(c, 1, err) : 0;
}

/* models kfree_skbmem(): 2.4 skb_head_to_pool() (up to sysctl_hot_list_len
 * heads per CPU stay allocated), 2.6+ the fclone reference count */
static void skbuff_free(skl_net *net, skl_skb *skb)
{
	if (skb->fc) {
		fclone_grp *g = skb->fc;
		if (skb->fclone == FCLONE_CLONE)
			g->companion_busy = 0; /* available for fast-cloning again */
		if (--g->ref == 0) {
			skl_cache_free(net->fclone_cache, g->addr, NULL);
			skl_free(g);
		}
		skb->fc = NULL;
		return;
	}
	if (net->p.era == SKL_ERA_2_4 && net->p.hot_list_len > 0) {
		unsigned cpu = skl_kernel_cpu(net->k);
		if (!net->hot) {
			net->hot = skl_calloc(net->ncpu, sizeof(*net->hot));
			net->nhot = skl_calloc(net->ncpu, sizeof(*net->nhot));
			if (!net->hot || !net->nhot) {
				skl_free(net->hot);
				skl_free(net->nhot);
				net->hot = NULL;
				net->nhot = NULL;
			}
		}
		if (net->hot && cpu < net->ncpu && net->nhot[cpu] < net->p.hot_list_len) {
			if (!net->hot[cpu])
				net->hot[cpu] = skl_calloc((size_t)net->p.hot_list_len, sizeof(skl_addr));
			if (net->hot[cpu]) {
				net->hot[cpu][net->nhot[cpu]++] = skb->addr;
				return;
			}
		}
	}
	skl_cache_free(net->head_cache, skb->addr, NULL);
}

/* ---- the cache model's view: sk_buff fields and head bytes ------------------------------------
 *
 * The model keeps sk_buff's fields in skl_skb, not in the simulated bytes;
 * for the cache model each operation touches the fields it reads and
 * writes at their offsets in the struct sk_buff object, per era:
 *   2.4 i386 (144/156/160 bytes): len @92, data_len @96, cloned @105,
 *     users @112, truesize @120, head @124, data @128, tail @132, end @136
 *     (netfilter and sched fields follow end, so these never move).
 *     Source: the 2.4.16 include/linux/skbuff.h, laid out for i386 by hand
 *     (4-byte pointers and longs, struct timeval 8) and checked with
 *     gcc -m32 on a field-for-field replica; cloned is the byte after
 *     __unused.
 *   2.6.31 x86_64 (232): len @104, data_len @108, cloned @124 (its flag
 *     byte: local_df:1, cloned:1), tail @200, end @204, head @208,
 *     data @216, truesize @224, users @228.
 *     Source: the 2.6.31 include/linux/skbuff.h (a vendor 2.6.31 tree,
 *     its vendor-only fields left out), laid out for x86_64 by hand and
 *     checked with gcc on a replica. len..cloned need CONFIG_XFRM (sec_path
 *     before cb[]); tail..users are the last 32 bytes. kmemcheck, new in
 *     2.6.31, defined kmemcheck_bitfield_begin/end as int name_begin[0]
 *     even without CONFIG_KMEMCHECK (read in a 2.6.32 kmemcheck.h), which
 *     4-aligns protocol: 232 bytes is then XFRM + conntrack + NET_SCHED +
 *     CLS_ACT + IPV6_NDISC_NODETYPE + SECMARK, with these same offsets.
 *     The profile's larger config (adding bridge-nf, mac80211, NET_DMA) is
 *     232 without that padding but 248 with it.
 *   6.x x86_64 (224): len @112, data_len @116, cloned @126, tail @184,
 *     end @188, head @192, data @200, truesize @208, users @212.
 *     Source: pahole -C sk_buff on a 6.18 kernel's BTF (cloned is bit 0 of
 *     the byte at __cloned_offset).
 * From 2.6 the block from tail to users is the end of the struct: another
 * skb_size moves it by the difference. A profile whose pointer size is not
 * the era's gets no field touches. Header and payload bytes are touched in
 * the head buffer (owner: the cache the head came from, member: the header),
 * copies read the source and write the destination, skb_shared_info's
 * first bytes are written by alloc and its dataref updated by clone and
 * free. Checksums over the bytes behind a header (layers_fix) are not fed. */

/* Is a cache model attached? The touch sites skip building touches when not. */
#define TOUCHING(k) (skl_kernel_has_cachesim(k))

enum { SF_LEN, SF_DATA_LEN, SF_CLONED, SF_USERS, SF_TRUESIZE, SF_HEAD, SF_DATA, SF_TAIL, SF_END, SF_N };
#define SF(f) (1u << (f))

typedef struct sf_layout {
	uint16_t off[SF_N];
	uint8_t len[SF_N];
	uint32_t size; /* the era's sizeof(struct sk_buff) */
	unsigned ptr;
	int tail_block; /* the tail..users block ends the struct */
} sf_layout;

static const char *const sf_name[SF_N] = {"len",  "data_len", "cloned", "users", "truesize",
					  "head", "data",     "tail",	"end"};
static const sf_layout sf_24 = {{92, 96, 105, 112, 120, 124, 128, 132, 136}, {4, 4, 1, 4, 4, 4, 4, 4, 4}, 144, 4, 0};
static const sf_layout sf_2631 = {
    {104, 108, 124, 228, 224, 208, 216, 200, 204}, {4, 4, 1, 4, 4, 8, 8, 4, 4}, 232, 8, 1};
static const sf_layout sf_6x = {{112, 116, 126, 212, 208, 192, 200, 184, 188}, {4, 4, 1, 4, 4, 8, 8, 4, 4}, 224, 8, 1};

/* offset and length of field f in this skb's struct sk_buff; -1 when unknown */
static int sf_where(const skl_net *net, int f, uint32_t *off, uint32_t *len)
{
	const sf_layout *l = net->p.era == SKL_ERA_2_4 ? &sf_24 : net->p.era == SKL_ERA_2_6_31 ? &sf_2631 : &sf_6x;
	int64_t o = l->off[f];
	if (net->p.ptr_bytes != l->ptr)
		return -1;
	if (l->tail_block && f >= SF_USERS)
		o += (int64_t)net->p.skb_size - (int64_t)l->size;
	if (o < 0 || o + l->len[f] > (int64_t)net->p.skb_size)
		return -1;
	*off = (uint32_t)o;
	*len = l->len[f];
	return 0;
}

/* The fields an operation reads, then those it writes. */
static void sf_touch(const skl_skb *skb, unsigned reads, unsigned writes)
{
	skl_kernel *k = skb->net->k;
	int f, w;
	if (!TOUCHING(k) || !skb->addr)
		return;
	skl_kernel_touch_begin(k, "skb", NULL);
	for (w = 0; w < 2; w++) {
		for (f = 0; f < SF_N; f++) {
			uint32_t off, len;
			if (!((w ? writes : reads) & SF(f)) || sf_where(skb->net, f, &off, &len) < 0)
				continue;
			skl_kernel_touch_as(k, skb->addr + off, len, w, "skb", "sk_buff", sf_name[f], skb->addr);
		}
	}
	skl_kernel_touch_end(k);
}

/* Bytes [off, off + n) of a head buffer (offsets from head). */
static void head_touch(skl_net *net, const skb_head *h, int64_t off, uint64_t n, int write, const char *member)
{
	if (!TOUCHING(net->k) || !h || !h->addr || off < 0 || !n)
		return;
	skl_kernel_touch_as(net->k, h->addr + (uint64_t)off, n, write, "skb", h->cache, member, h->addr);
}

/* skb_shared_info at end: its first bytes (alloc), or dataref (RMW). */
static void shinfo_touch(skl_net *net, const skb_head *h, uint32_t end, int alloc)
{
	uint32_t dataref = net->p.era == SKL_ERA_6_X ? 32 : 0;
	uint32_t init = net->p.era == SKL_ERA_2_4 ? 12 : net->p.era == SKL_ERA_2_6_31 ? 56 : 36;
	if (!TOUCHING(net->k) || !h || !h->addr)
		return;
	if (init > net->p.shinfo_size)
		init = net->p.shinfo_size;
	if (alloc) { /* atomic_set(&shinfo->dataref, 1) and the fields cleared with it */
		skl_kernel_touch_as(net->k, h->addr + end, init, 1, "skb", "skb_shared_info", NULL, h->addr + end);
		return;
	}
	skl_kernel_touch_as(net->k, h->addr + end + dataref, 4, 0, "skb", "skb_shared_info", "dataref", h->addr + end);
	skl_kernel_touch_as(net->k, h->addr + end + dataref, 4, 1, "skb", "skb_shared_info", "dataref", h->addr + end);
}

/* A linear copy: len bytes of src's head from soff to dst's head at doff. */
static void copy_touch(skl_net *net, const skb_head *src, int64_t soff, const skb_head *dst, int64_t doff, uint64_t len)
{
	head_touch(net, src, soff, len, 0, "data");
	head_touch(net, dst, doff, len, 1, "data");
}

/* ---- events and reports ---------------------------------------------------------------------- */

static void fields(const skl_skb *skb, char *d, size_t n)
{
	char dr[24];
	if (skb->h->dataref >> DATAREF_SHIFT)
		snprintf(dr, sizeof(dr), "%#lx", (unsigned long)skb->h->dataref);
	else
		snprintf(dr, sizeof(dr), "%lu", (unsigned long)skb->h->dataref);
	snprintf(d, n, "%s len:%lu data_len:%lu data:%+lld tail:%+lld end:+%lu truesize:%lu users:%lu dataref:%s%s",
		 skb->name, (unsigned long)skb->len, (unsigned long)skb->data_len, (long long)skb->data,
		 (long long)skb->tail, (unsigned long)skb->end, (unsigned long)skb->truesize, (unsigned long)skb->users,
		 dr, skb->cloned ? " cloned" : "");
}

void skl__net_set_last_op(skl_skb *skb, const char *op, int has_arg, long long arg)
{
	if (has_arg)
		snprintf(skb->last_op, sizeof(skb->last_op), "%s(%s, %lld)", op, skb->name, arg);
	else
		snprintf(skb->last_op, sizeof(skb->last_op), "%s(%s)", op, skb->name);
	skb->panic[0] = '\0';
}

void skl__net_op_event(skl_skb *skb, const char *op, uint64_t arg, const char *extra)
{
	char d[320];
	size_t k;
	fields(skb, d, sizeof(d));
	k = strlen(d);
	if (extra && *extra && k + 2 < sizeof(d))
		snprintf(d + k, sizeof(d) - k, " (%s)", extra);
	skl_kernel_event(skb->net->k, SKL_EV_SKB_OP, op, skb->addr, arg, d);
}

static int dead(const skl_skb *skb, skl_error *err)
{
	if (!skb->panicked)
		return 0;
	skl_errorf(err, "%s died in a kernel BUG() (%s); only kfree_skb and snapshots still work on it", skb->name,
		   skb->panic[0] ? skb->panic : skb->last_op);
	return 1;
}

/* The kernel's report of a BUG(): the printk line that came before it (the
 * panic text, or NULL), then what BUG() prints per era. where is "file:line"
 * when the line is known; otherwise the report names the function and the
 * condition instead ("kernel BUG in __skb_pull: ..."), so no line number is
 * made up. in_fn holds the trapping ud2 (2.4 prints its EIP). */
static int kernel_bug(skl_skb *skb, const char *evname, uint64_t arg, const char *line, const char *where,
		      const char *fn, const char *cond, const char *in_fn, skl_error *err)
{
	skl_net *net = skb->net;
	char rep[1024], bug[200];
	size_t k = 0;
	if (where)
		snprintf(bug, sizeof(bug), "kernel BUG at %s!", where);
	else
		snprintf(bug, sizeof(bug), "kernel BUG in %s: %s", fn, cond);
	net->die_counter++;
	rep[0] = '\0';
	if (net->p.era == SKL_ERA_2_4) {
		char eip[20];
		fmt_ptr(net, text_fn(net, in_fn) + 0x25, eip, sizeof(eip));
		/* 2.4's panic printk has no newline: BUG()'s line follows on the same line */
		k += (size_t)snprintf(rep + k, sizeof(rep) - k,
				      "%s%s\ninvalid operand: 0000\nCPU:    %u\n"
				      "EIP:    0010:[<%s>]    Not tainted\n",
				      line ? line : "", bug, skl_kernel_cpu(net->k), eip);
	} else {
		if (line)
			k += (size_t)snprintf(rep + k, sizeof(rep) - k, "%s\n", line);
		if (k < sizeof(rep))
			k += (size_t)snprintf(rep + k, sizeof(rep) - k, "------------[ cut here ]------------\n%s\n",
					      bug);
		if (k < sizeof(rep)) {
			if (net->p.era == SKL_ERA_2_6_31)
				snprintf(rep + k, sizeof(rep) - k, "invalid opcode: 0000 [#%d] SMP \n",
					 net->die_counter);
			else
				snprintf(rep + k, sizeof(rep) - k, "Oops: invalid opcode: 0000 [#%d] SMP NOPTI\n",
					 net->die_counter);
		}
	}
	skb->panicked = 1;
	skl_free(skb->report);
	skb->report = skl_strdup(rep);
	skl__net_copy_str(net->last_report, sizeof(net->last_report), rep);
	if (line)
		skl__net_copy_str(skb->panic, sizeof(skb->panic), line);
	else
		skl__net_copy_str(skb->panic, sizeof(skb->panic), bug);
	if (line) {
		skl_kernel_event(net->k, SKL_EV_SKB_PANIC, evname, skb->addr, arg, rep);
	} else { /* no panic line: name the function ("skb_put: BUG_ON") */
		char ev[96];
		snprintf(ev, sizeof(ev), "%s: %s", fn, evname);
		skl_kernel_event(net->k, SKL_EV_SKB_PANIC, ev, skb->addr, arg, rep);
	}
	skl_errorf(err, "%s", skb->panic);
	return SKL_SKB_EPANIC;
}

/* A WARN_ON: the kernel reports and goes on. */
static void kernel_warn(skl_skb *skb, const char *fn, const char *cond)
{
	skl_net *net = skb->net;
	char rep[512];
	if (net->p.era == SKL_ERA_2_4)
		snprintf(rep, sizeof(rep), "WARNING in %s: %s\n", fn, cond);
	else
		snprintf(rep, sizeof(rep), "------------[ cut here ]------------\nWARNING in %s: %s\n", fn, cond);
	skl_free(skb->report);
	skb->report = skl_strdup(rep);
	skl__net_copy_str(net->last_report, sizeof(net->last_report), rep);
	{
		char ev[96];
		snprintf(ev, sizeof(ev), "%s: WARN_ON", fn);
		skl_kernel_event(net->k, SKL_EV_BUG, ev, skb->addr, 0, rep);
	}
}

/* models skb_over_panic()/skb_under_panic() (and, with the Aug 2009 patch,
 * the inline BUG_ON): the fields are already updated when it runs */
static int over_under(skl_skb *skb, int under, uint32_t sz, skl_error *err)
{
	skl_net *net = skb->net;
	const char *dev = skb->dev[0] ? skb->dev : "<NULL>";
	const char *what = under ? "under" : "over";
	char line[256], here[20], head[20], data[20], tail[24], end[24];
	if (net->p.bug_on) /* include/linux/skbuff.h of the patch in the seed thread */
		return kernel_bug(skb, "BUG_ON", sz, NULL,
				  under ? "include/linux/skbuff.h:1164" : "include/linux/skbuff.h:1141",
				  under ? "skb_push" : "skb_put",
				  under ? "skb->data < skb->head" : "skb->tail > skb->end", net->caller, err);
	fmt_ptr(net, text_in(net, net->caller), here, sizeof(here));
	if (net->p.era == SKL_ERA_2_4) {
		/* net/core/skbuff.c,v 1.89 2001/08/06, the file 2.4.16 ships:
		 * printk("skput:over: %p:%d put:%d dev:%s", ...); then BUG() on
		 * line 93 (skb_over_panic) and 110 (skb_under_panic). 1.90
		 * (2001/11/07, later 2.4) has the same text with BUG() on 92
		 * and 109. */
		snprintf(line, sizeof(line), "skput:%s: %s:%d put:%d dev:%s", what, here, (int)skb->len, (int)sz, dev);
		return kernel_bug(skb, under ? "skb_under_panic" : "skb_over_panic", sz, line,
				  under ? "skbuff.c:110" : "skbuff.c:93", NULL, NULL,
				  under ? "skb_under_panic" : "skb_over_panic", err);
	}
	fmt_ptr(net, skb->h->addr, head, sizeof(head));
	fmt_ptr(net, skb->h->addr + (uint64_t)skb->data, data, sizeof(data));
	if (net->p.offsets) {
		fmt_lx(net, (uint64_t)skb->tail, tail, sizeof(tail));
		fmt_lx(net, skb->end, end, sizeof(end));
	} else {
		fmt_lx(net, skb->h->addr + (uint64_t)skb->tail, tail, sizeof(tail));
		fmt_lx(net, skb->h->addr + skb->end, end, sizeof(end));
	}
	snprintf(line, sizeof(line), "%sskb_%s_panic: text:%s len:%d put:%d head:%s data:%s tail:%s end:%s dev:%s",
		 net->p.era == SKL_ERA_6_X ? "skbuff: " : "", what, here, (int)skb->len, (int)sz, head, data, tail, end,
		 dev);
	if (net->p.era == SKL_ERA_2_6_31)
		return kernel_bug(skb, under ? "skb_under_panic" : "skb_over_panic", sz, line,
				  under ? "net/core/skbuff.c:147" : "net/core/skbuff.c:127", NULL, NULL,
				  under ? "skb_under_panic" : "skb_over_panic", err);
	return kernel_bug(skb, under ? "skb_under_panic" : "skb_over_panic", sz, line, "net/core/skbuff.c:212", NULL,
			  NULL, "skb_panic", err);
}

/* SKB_LINEAR_ASSERT in skb_put/__skb_put */
static int linear_bug(skl_skb *skb, const char *op, uint32_t n, skl_error *err)
{
	char cond[96];
	const char *where = NULL;
	snprintf(cond, sizeof(cond), "SKB_LINEAR_ASSERT: skb is nonlinear (data_len %lu)",
		 (unsigned long)skb->data_len);
	if (skb->net->p.era == SKL_ERA_2_6_31 && !skb->net->p.bug_on && !strcmp(op, "skb_put"))
		where = "net/core/skbuff.c:1014";
	/* 2.4 skb_put is inline: the trap is in the caller */
	return kernel_bug(skb, "BUG", n, NULL, where, op, cond, skb->net->p.era == SKL_ERA_2_4 ? skb->net->caller : op,
			  err);
}

/* ---- regions ------------------------------------------------------------------------------------ */

hregion *skl__net_region_add(skb_head *h, const char *name, int64_t off, uint32_t len, const char *detail)
{
	int i, j;
	hregion *r;
	if (off < 0 || len == 0)
		return NULL;
	for (i = j = 0; i < h->nregions; i++) { /* the bytes under it were overwritten */
		const skl_skb_region *o = &h->regions[i].r;
		if ((int64_t)o->off < off + len && off < (int64_t)o->off + o->len)
			continue;
		h->regions[j++] = h->regions[i];
	}
	h->nregions = j;
	if (h->nregions == MAX_REGIONS) {
		memmove(h->regions, h->regions + 1, (MAX_REGIONS - 1) * sizeof(h->regions[0]));
		h->nregions--;
	}
	r = &h->regions[h->nregions++];
	memset(r, 0, sizeof(*r));
	skl__net_copy_str(r->r.name, sizeof(r->r.name), name);
	r->r.off = (uint32_t)off;
	r->r.len = len;
	skl__net_copy_str(r->r.detail, sizeof(r->r.detail), detail);
	return r;
}

int skl_skb_mark_region(skl_skb *skb, const char *name, int64_t off, uint32_t len, const char *detail)
{
	if (!name || !*name || off < 0 || len == 0 || (uint64_t)off + len > skb->h->req)
		return SKL_SKB_EINVAL;
	return skl__net_region_add(skb->h, name, off, len, detail) ? 0 : SKL_SKB_EINVAL;
}

/* ---- bytes ---------------------------------------------------------------------------------------- */

/* Host bytes of the head buffer [off, off + n), NULL outside the allocation. */
static uint8_t *head_bytes(const skl_skb *skb, int64_t off, uint32_t n)
{
	if (off < 0 || (uint64_t)off + n > skb->h->req || !skb->h->addr)
		return NULL;
	return skl_kernel_bytes(skb->net->k, skb->h->addr + (uint64_t)off, n ? n : 1);
}

static uint8_t *frag_bytes(const skl_net *net, const skb_frag *f)
{
	return skl_kernel_bytes(net->k, f->blk->addr + f->off, f->size);
}

int skl_skb_write(skl_skb *skb, int64_t off, const void *p, uint32_t n, skl_error *err)
{
	uint8_t *b = head_bytes(skb, off, n);
	if (!b)
		return skl_errorf(err, "bytes %lld..%lld are outside %s's %lu-byte head buffer", (long long)off,
				  (long long)off + n, skb->name, (unsigned long)skb->h->req),
		       SKL_SKB_EINVAL;
	if (n)
		memcpy(b, p, n);
	head_touch(skb->net, skb->h, off, n, 1, "data"); /* the payload or frame written into the head */
	return 0;
}

int skl_skb_read(const skl_skb *skb, int64_t off, void *p, uint32_t n)
{
	const uint8_t *b = head_bytes(skb, off, n);
	if (!b)
		return -1;
	if (n)
		memcpy(p, b, n);
	return 0;
}

/* models skb_copy_bits(): offset from data, the linear part then the frags */
int skl_skb_copy_bits(const skl_skb *skb, int32_t offset, void *to, uint32_t len)
{
	uint8_t *out = to;
	int64_t start = skb->data + offset, lin_end = skb->tail;
	uint64_t pos;
	int i;
	if (offset < 0 ? -(int64_t)offset > skb->data : (uint32_t)offset > skb->len)
		return -1;
	if ((int64_t)offset + len > (int64_t)skb->len)
		return -1;
	if (skb->tail > skb->end || skb->data < 0)
		return -1;
	/* linear */
	if (start < lin_end) {
		uint32_t n = (uint32_t)((lin_end - start) < (int64_t)len ? (lin_end - start) : len);
		if (skl_skb_read(skb, start, out, n) < 0)
			return -1;
		out += n;
		len -= n;
		start += n;
	}
	pos = (uint64_t)(start - lin_end); /* offset into the paged part */
	for (i = 0; len && i < skb->h->nr_frags; i++) {
		const skb_frag *f = &skb->h->frags[i];
		const uint8_t *b;
		uint32_t n;
		if (pos >= f->size) {
			pos -= f->size;
			continue;
		}
		n = f->size - (uint32_t)pos < len ? f->size - (uint32_t)pos : len;
		b = frag_bytes(skb->net, f);
		if (!b)
			return -1;
		memcpy(out, b + pos, n);
		out += n;
		len -= n;
		pos = 0;
	}
	if (len && skb->h->nfrag_list) /* then the frag_list's skbs */
		return skl__net_fraglist_copy(skb->h, pos, out, len);
	return len ? -1 : 0;
}

/* ---- allocation --------------------------------------------------------------------------------- */

/* A new skl_skb with a slot and a head struct, and its struct sk_buff
 * (fclone: from skbuff_fclone_cache). Undone completely on failure. */
static skl_skb *skb_new(skl_net *net, int fclone, skl_error *err)
{
	skl_skb *skb;
	int slot = slot_reserve(net);
	if (slot < 0)
		return skl_errorf(err, "out of memory"), NULL;
	skb = skl_calloc(1, sizeof(*skb));
	if (!skb)
		return skl_errorf(err, "out of memory"), NULL;
	skb->h = skl_calloc(1, sizeof(*skb->h));
	if (!skb->h)
		goto out_skb;
	skb->net = net;
	skb->slot = slot;
	skl__net_copy_str(skb->name, sizeof(skb->name), "skb");
	skb->mark[0] = skb->mark[1] = skb->mark[2] = -1;
	if (fclone) {
		skl_cache *c = fclone_cache(net, err);
		skb->fc = skl_calloc(1, sizeof(*skb->fc));
		if (!skb->fc) {
			skl_errorf(err, "out of memory");
			goto out_head;
		}
		if (!c || !(skb->fc->addr = skl_cache_alloc(c, 1, err))) {
			skl_free(skb->fc);
			goto out_head;
		}
		skb->fc->ref = 1;
		skb->fclone = FCLONE_ORIG;
		skb->addr = skb->fc->addr;
	} else if (!(skb->addr = skbuff_alloc(net, err))) {
		goto out_head;
	}
	return skb;
out_head:
	skl_free(skb->h);
out_skb:
	skl_free(skb);
	if (err && !err->msg[0])
		skl_errorf(err, "out of memory");
	return NULL;
}

/* Undoes skb_new after the head could not be had (the kernel's nodata:
 * label): the sk_buff goes back, the host structs go. */
static void skb_discard(skl_skb *skb)
{
	skbuff_free(skb->net, skb);
	skl_free(skb->h);
	skl_free(skb);
}

static void skb_host_free(skl_skb *skb)
{
	skl_net *net = skb->net;
	if (net->slots[skb->slot] == skb) {
		net->slots[skb->slot] = NULL;
		net->nlive--;
	}
	if (skb->fc && --skb->fc->ref == 0)
		skl_free(skb->fc); /* host only: the net is going away */
	head_unref(skb->h);
	skl_free(skb->report);
	skl_free(skb);
}

/* models __alloc_skb() (and 2.4 alloc_skb()) */
static skl_skb *alloc_skb_core(skl_net *net, uint32_t size, int fclone, skl_error *err)
{
	skl_skb *skb = skb_new(net, fclone, err);
	uint32_t end;
	if (!skb)
		return NULL;
	if (head_alloc(net, size, skb->h, &end, err) < 0) {
		skb_discard(skb);
		return NULL;
	}
	skb->end = end;
	skb->users = 1;
	if (TOUCHING(net->k)) {
		/* __alloc_skb(): head, data, tail, end, truesize, users... then skb_shared_info */
		skl_kernel_touch_begin(net->k, "skb", NULL);
		sf_touch(skb, 0,
			 SF(SF_HEAD) | SF(SF_DATA) | SF(SF_TAIL) | SF(SF_END) | SF(SF_LEN) | SF(SF_DATA_LEN) |
			     SF(SF_TRUESIZE) | SF(SF_USERS) | SF(SF_CLONED));
		shinfo_touch(net, skb->h, end, 1);
		skl_kernel_touch_end(net->k);
	}
	if (net->p.era == SKL_ERA_6_X)
		/* SKB_TRUESIZE(end) */
		skb->truesize = end + data_align(net, net->p.skb_size) + data_align(net, net->p.shinfo_size);
	else
		skb->truesize = end + net->p.skb_size; /* "XXX: does not include slab overhead" */
	slot_install(net, skb, skb->slot);
	return skb;
}

/* The kernel returned NULL: say which call did, then why. */
static void *null_from(skl_error *err, const char *fn, uint32_t arg)
{
	char why[sizeof(err->msg)];
	if (!err)
		return NULL;
	skl__net_copy_str(why, sizeof(why), err->msg);
	skl_errorf(err, "%s(%lu) returned NULL: %s", fn, (unsigned long)arg, why[0] ? why : "out of memory");
	return NULL;
}

skl_skb *skl_alloc_skb(skl_net *net, uint32_t size, skl_error *err)
{
	skl_skb *skb = alloc_skb_core(net, size, 0, err);
	if (!skb)
		return null_from(err, "alloc_skb", size);
	if (skb) {
		skl__net_set_last_op(skb, "alloc_skb", 1, size);
		skl__net_op_event(skb, "alloc_skb", size, skb->h->cache);
	}
	return skb;
}

skl_skb *skl_alloc_skb_fclone(skl_net *net, uint32_t size, skl_error *err)
{
	skl_skb *skb;
	if (net->p.era == SKL_ERA_2_4)
		return skl_errorf(err, "alloc_skb_fclone does not exist in 2.4 (fast clones came with 2.6.13)"), NULL;
	skb = alloc_skb_core(net, size, 1, err);
	if (!skb)
		return null_from(err, "alloc_skb_fclone", size);
	{
		skl__net_set_last_op(skb, "alloc_skb_fclone", 1, size);
		skl__net_op_event(skb, "alloc_skb_fclone", size, skb->h->cache);
	}
	return skb;
}

static void reserve_core(skl_skb *skb, int32_t len)
{
	skb->data += len;
	skb->tail += len;
}

/* models __netdev_alloc_skb() of the era (dev NULL for dev_alloc_skb) */
static skl_skb *netdev_alloc_core(skl_net *net, const char *dev, uint32_t len, skl_error *err)
{
	skl_skb *skb;
	uint32_t pad = net->p.net_skb_pad;
	if (net->p.era == SKL_ERA_2_4) { /* __dev_alloc_skb: alloc_skb(length + 16) + skb_reserve(16) */
		skb = alloc_skb_core(net, len + 16, 0, err);
		if (skb)
			reserve_core(skb, 16);
		return skb;
	}
	if (net->p.era == SKL_ERA_2_6_31) {
		skb = alloc_skb_core(net, len + pad, 0, err);
	} else {
		uint32_t sh = data_align(net, net->p.shinfo_size);
		uint32_t page = skl_kernel_profile(net->k)->page_size;
		uint32_t l = len + pad;
		if (l <= 1024 - sh || l > page - sh) { /* SKB_WITH_OVERHEAD(1024), SKB_WITH_OVERHEAD(PAGE_SIZE) */
			skb = alloc_skb_core(net, l, 0, err);
		} else { /* page_frag_alloc(SKB_HEAD_ALIGN(len)) + __build_skb(): head_frag */
			frag_block *blk;
			uint32_t off, fsz = data_align(net, l) + sh;
			int rc;
			skb = skb_new(net, 0, err);
			if (!skb)
				return NULL;
			rc = frag_alloc(net, &net->rx, fsz, &blk, &off, err);
			if (rc < 0) {
				skb_discard(skb);
				return NULL;
			}
			skb->h->addr = blk->addr + off;
			skb->h->blk = blk;
			skb->h->kind = HEAD_FRAG;
			skb->h->req = skb->h->obj = fsz;
			skb->h->dataref = 1;
			skb->h->hostrefs = 1;
			skl__net_copy_str(skb->h->cache, sizeof(skb->h->cache), "page_frag");
			skb->end = fsz - sh;
			skb->users = 1;
			skb->head_frag = 1;
			skb->truesize = skb->end + data_align(net, net->p.skb_size) + sh;
			slot_install(net, skb, skb->slot);
		}
	}
	if (skb) {
		reserve_core(skb, (int32_t)pad);
		skl_skb_set_dev(skb, dev);
	}
	return skb;
}

skl_skb *skl_dev_alloc_skb(skl_net *net, uint32_t len, skl_error *err)
{
	skl_skb *skb = netdev_alloc_core(net, NULL, len, err);
	if (!skb)
		return null_from(err, "dev_alloc_skb", len);
	{
		skl__net_set_last_op(skb, "dev_alloc_skb", 1, len);
		skl__net_op_event(skb, "dev_alloc_skb", len, skb->h->cache);
	}
	return skb;
}

skl_skb *skl_netdev_alloc_skb(skl_net *net, const char *dev, uint32_t len, skl_error *err)
{
	skl_skb *skb;
	if (net->p.era == SKL_ERA_2_4)
		return skl_errorf(err, "netdev_alloc_skb does not exist in 2.4 (drivers call dev_alloc_skb)"), NULL;
	skb = netdev_alloc_core(net, dev, len, err);
	if (!skb)
		return null_from(err, "netdev_alloc_skb", len);
	{
		skl__net_set_last_op(skb, "netdev_alloc_skb", 1, len);
		skl__net_op_event(skb, "netdev_alloc_skb", len, skb->h->cache);
	}
	return skb;
}

skl_skb *skl_netdev_alloc_skb_ip_align(skl_net *net, const char *dev, uint32_t len, skl_error *err)
{
	skl_skb *skb;
	if (net->p.era == SKL_ERA_2_4)
		return skl_errorf(err, "netdev_alloc_skb_ip_align does not exist in 2.4 (drivers call dev_alloc_skb "
				       "and skb_reserve(skb, 2))"),
		       NULL;
	skb = netdev_alloc_core(net, dev, len + net->p.net_ip_align, err);
	if (!skb)
		return null_from(err, "netdev_alloc_skb_ip_align", len);
	{
		reserve_core(skb, (int32_t)net->p.net_ip_align);
		skl__net_set_last_op(skb, "netdev_alloc_skb_ip_align", 1, len);
		skl__net_op_event(skb, "netdev_alloc_skb_ip_align", len, skb->h->cache);
	}
	return skb;
}

/* ---- freeing -------------------------------------------------------------------------------------- */

/* models skb_release_data(): 2.4 drops one dataref; 2.6+ drops one more
 * (1 << 16) for a nohdr skb; the last reference frees frags and head */
static void release_data(skl_skb *skb)
{
	skb_head *h = skb->h;
	uint32_t sub = 1;
	int last;
	if (skb->net->p.era != SKL_ERA_2_4 && skb->nohdr)
		sub += 1u << DATAREF_SHIFT;
	shinfo_touch(skb->net, h, skb->end, 0); /* atomic_dec_and_test(&skb_shinfo(skb)->dataref) */
	if (!skb->cloned) {
		last = 1;
		h->dataref -= sub < h->dataref ? sub : h->dataref;
	} else {
		h->dataref -= sub < h->dataref ? sub : h->dataref;
		last = skb->net->p.era == SKL_ERA_2_4 ? h->dataref == 0 : (h->dataref & DATAREF_MASK) == 0;
	}
	if (last && h->addr) {
		frags_put(skb->net, h);
		h->nr_frags = 0;
		skl__net_fraglist_drop(h); /* skb_drop_fraglist() */
		head_free_mem(skb->net, h);
	}
}

/* models __kfree_skb(): release the data, then the sk_buff */
static void kfree_core(skl_skb *skb)
{
	skl_net *net = skb->net;
	if (skb->sk) /* skb_release_head_state(): the destructor (sock.c) */
		skl__sock_skb_destruct(skb);
	release_data(skb);
	skbuff_free(net, skb);
	net->slots[skb->slot] = NULL;
	net->nlive--;
	head_unref(skb->h);
	skb->h = NULL;
	skl_free(skb->report);
	skl_free(skb);
}

int skl_kfree_skb(skl_skb *skb, skl_error *err)
{
	char d[320], name[32];
	skl_addr a = skb->addr;
	if (skb->fl_owner)
		return skl_errorf(err, "%s is on %s's frag_list: it goes when %s's data does", skb->name,
				  skb->fl_owner->name, skb->fl_owner->name),
		       SKL_SKB_EINVAL;
	sf_touch(skb, SF(SF_USERS) | SF(SF_CLONED), SF(SF_USERS)); /* atomic_dec_and_test(&skb->users) */
	if (skb->users != 1 && --skb->users != 0) {
		skl__net_set_last_op(skb, "kfree_skb", 0, 0);
		skl__net_op_event(skb, "kfree_skb", 0, "users dropped; nothing freed");
		return 0;
	}
	skl__net_copy_str(name, sizeof(name), skb->name);
	snprintf(d, sizeof(d), "%s freed; dataref of its head now %lu", name,
		 (unsigned long)(skb->h->dataref - ((skb->net->p.era != SKL_ERA_2_4 && skb->nohdr) ? 0x10001u : 1u)));
	{
		skl_kernel *k = skb->net->k;
		int shared = skb->cloned;
		/* the dataref drop, the frees of head and sk_buff: one operation for the cache model */
		skl_kernel_touch_begin(k, "skb", NULL);
		kfree_core(skb);
		skl_kernel_touch_end(k);
		skl_kernel_event(k, SKL_EV_SKB_OP, "kfree_skb", a, 0, shared ? d : name);
	}
	return 1;
}

void skl_skb_get(skl_skb *skb)
{
	skb->users++;
	skl__net_set_last_op(skb, "skb_get", 0, 0);
	skl__net_op_event(skb, "skb_get", 0, NULL);
}

/* ---- clone and copy --------------------------------------------------------------------------------- */

static void copy_header_fields(skl_skb *n, const skl_skb *o, int64_t shift)
{
	int i;
	skl__net_copy_str(n->dev, sizeof(n->dev), o->dev);
	n->protocol = o->protocol;
	for (i = 0; i < 3; i++)
		n->mark[i] = o->mark[i] < 0 ? -1 : (int32_t)(o->mark[i] + shift);
}

/* models skb_clone(): 2.6+ takes the fclone companion when it is free */
skl_skb *skl_skb_clone(skl_skb *skb, skl_error *err)
{
	skl_net *net = skb->net;
	skl_skb *n;
	int slot;
	if (dead(skb, err))
		return NULL;
	slot = slot_reserve(net);
	if (slot < 0)
		return skl_errorf(err, "out of memory"), NULL;
	n = skl_calloc(1, sizeof(*n));
	if (!n)
		return skl_errorf(err, "out of memory"), NULL;
	n->net = net;
	n->slot = slot;
	if (skb->fclone == FCLONE_ORIG && skb->fc && !skb->fc->companion_busy) {
		n->fc = skb->fc;
		n->fc->ref++;
		n->fc->companion_busy = 1;
		n->fclone = FCLONE_CLONE;
		n->addr = skb->fc->addr + net->p.skb_size; /* skb + 1 / fclones->skb2 */
	} else {
		n->addr = skbuff_alloc(net, err);
		if (!n->addr) {
			skl_free(n);
			return null_from(err, "skb_clone", 0);
		}
	}
	skl__net_copy_str(n->name, sizeof(n->name), "clone");
	if (TOUCHING(net->k)) {
		/* 2.4 memcpy(n, skb, sizeof(*n)); 2.6+ __copy_skb_header: the struct is read and written whole;
		 * atomic_inc(&skb_shinfo(skb)->dataref); skb->cloned = 1 */
		skl_kernel_touch_begin(net->k, "copy", NULL);
		skl_kernel_touch_as(net->k, skb->addr, net->p.skb_size, 0, "copy", "sk_buff", NULL, skb->addr);
		skl_kernel_touch_as(net->k, n->addr, net->p.skb_size, 1, "copy", "sk_buff", NULL, n->addr);
		shinfo_touch(net, skb->h, skb->end, 0);
		sf_touch(skb, 0, SF(SF_CLONED));
		skl_kernel_touch_end(net->k);
	}
	copy_header_fields(n, skb, 0);
	n->h = skb->h;
	n->h->hostrefs++;
	n->data = skb->data;
	n->tail = skb->tail;
	n->end = skb->end;
	n->len = skb->len;
	n->data_len = skb->data_len;
	n->truesize = skb->truesize;
	n->head_frag = skb->head_frag;
	n->users = 1;
	n->cloned = 1;
	n->nohdr = 0;
	skb->h->dataref++;
	skb->cloned = 1;
	slot_install(net, n, slot);
	skl__net_set_last_op(n, "skb_clone", 0, 0);
	skl__net_op_event(n, "skb_clone", 0,
			  n->fclone == FCLONE_CLONE ? "fclone companion"
			  : net->head_cache	    ? "skbuff_head_cache"
						    : "");
	return n;
}

static void regions_copy(skb_head *dst, const skb_head *src, int64_t shift, int64_t limit)
{
	int i;
	for (i = 0; i < src->nregions; i++) {
		const hregion *r = &src->regions[i];
		hregion *c;
		if ((int64_t)r->r.off + r->r.len > limit)
			continue;
		c = skl__net_region_add(dst, r->r.name, r->r.off + shift, r->r.len, r->r.detail);
		if (c) {
			c->layer = r->layer;
			c->kind = r->kind;
			c->auto_len = r->auto_len;
			c->saddr = r->saddr;
			c->daddr = r->daddr;
			c->r.color = r->r.color;
		}
	}
}

/* models skb_copy(): alloc_skb(end + data_len), the same headroom, all bytes */
skl_skb *skl_skb_copy(skl_skb *skb, skl_error *err)
{
	skl_net *net = skb->net;
	skl_skb *n;
	uint32_t hl;
	uint8_t *dst;
	if (dead(skb, err))
		return NULL;
	if (skb->data < 0 || skb->tail < skb->data)
		return skl_errorf(err, "skb_copy: %s has data outside its head", skb->name), NULL;
	hl = (uint32_t)skb->data;
	n = alloc_skb_core(net, skb->end + skb->data_len, 0, err);
	if (!n)
		return null_from(err, "skb_copy", skb->end + skb->data_len);
	reserve_core(n, (int32_t)hl);
	n->tail += skb->len;
	n->len = skb->len;
	dst = head_bytes(n, 0, hl + skb->len);
	if (dst) {
		skl_skb_read(skb, 0, dst, hl); /* the headroom */
		skl_skb_copy_bits(skb, 0, dst + hl, skb->len);
		if (TOUCHING(net->k)) { /* skb_copy_bits: headroom and linear data, then the frags */
			uint64_t lin = (uint64_t)(skb->tail - skb->data);
			int fi;
			skl_kernel_touch_begin(net->k, "copy", NULL);
			copy_touch(net, skb->h, 0, n->h, 0, hl + (lin < skb->len ? lin : skb->len));
			for (fi = 0; fi < skb->h->nr_frags; fi++) {
				const skb_frag *f = &skb->h->frags[fi];
				skl_kernel_touch_as(net->k, f->blk->addr + f->off, f->size, 0, "copy", "page_frag",
						    "frag", f->blk->addr + f->off);
			}
			if (skb->len > lin)
				head_touch(net, n->h, hl + lin, skb->len - lin, 1, "data");
			skl_kernel_touch_end(net->k);
		}
	}
	copy_header_fields(n, skb, 0);
	regions_copy(n->h, skb->h, 0, skb->tail);
	skl__net_copy_str(n->name, sizeof(n->name), "copy");
	skl__net_set_last_op(n, "skb_copy", 0, 0);
	skl__net_op_event(n, "skb_copy", 0, n->h->cache);
	return n;
}

/* models pskb_copy(): a private head with the linear part, frags shared
 * (2.4/2.6.31: alloc_skb(end); 6.x: headroom + headlen, truesize += data_len) */
skl_skb *skl_pskb_copy(skl_skb *skb, skl_error *err)
{
	skl_net *net = skb->net;
	skl_skb *n;
	uint32_t hl, headlen = skl_skb_headlen(skb), size;
	uint8_t *dst;
	int i;
	if (dead(skb, err))
		return NULL;
	if (skb->data < 0 || skb->tail < skb->data)
		return skl_errorf(err, "pskb_copy: %s has data outside its head", skb->name), NULL;
	if (skb->h->nfrag_list)
		return skl_errorf(err, "pskb_copy: sklab does not share a frag_list (skb_clone_fraglist)"), NULL;
	hl = (uint32_t)skb->data;
	size = net->p.era == SKL_ERA_6_X ? hl + headlen : skb->end;
	n = alloc_skb_core(net, size, 0, err);
	if (!n)
		return null_from(err, "pskb_copy", size);
	reserve_core(n, (int32_t)hl);
	n->tail += headlen;
	dst = head_bytes(n, hl, headlen);
	if (dst) {
		skl_skb_read(skb, skb->data, dst, headlen);
		if (TOUCHING(net->k)) { /* memcpy of the linear data */
			skl_kernel_touch_begin(net->k, "copy", NULL);
			copy_touch(net, skb->h, skb->data, n->h, hl, headlen);
			skl_kernel_touch_end(net->k);
		}
	}
	n->data_len = skb->data_len;
	n->len = skb->len;
	if (net->p.era == SKL_ERA_6_X)
		n->truesize += skb->data_len;
	for (i = 0; i < skb->h->nr_frags; i++) {
		n->h->frags[i] = skb->h->frags[i];
		n->h->frags[i].blk->refs++; /* get_page */
	}
	n->h->nr_frags = skb->h->nr_frags;
	copy_header_fields(n, skb, 0);
	regions_copy(n->h, skb->h, 0, skb->tail);
	skl__net_copy_str(n->name, sizeof(n->name), "pcopy");
	skl__net_set_last_op(n, "pskb_copy", 0, 0);
	skl__net_op_event(n, "pskb_copy", 0, n->h->cache);
	return n;
}

/* ---- operations -------------------------------------------------------------------------------------- */

int skl_skb_reserve(skl_skb *skb, int32_t len, skl_error *err)
{
	if (dead(skb, err))
		return SKL_SKB_EINVAL;
	reserve_core(skb, len);
	sf_touch(skb, SF(SF_DATA) | SF(SF_TAIL), SF(SF_DATA) | SF(SF_TAIL)); /* skb->data += len; skb->tail += len */
	skl__net_set_last_op(skb, "skb_reserve", 1, len);
	skl__net_op_event(skb, "skb_reserve", (uint64_t)(int64_t)len, NULL);
	return 0;
}

/* models skb_put() (checked) and __skb_put(): the linear assert, then
 * tail and len move, then (skb_put) the check against end */
static int put_core(skl_skb *skb, uint32_t len, int checked, uint32_t *start, skl_error *err)
{
	const char *op = checked ? "skb_put" : "__skb_put";
	int64_t tmp = skb->tail;
	if (dead(skb, err))
		return SKL_SKB_EINVAL;
	skl__net_set_last_op(skb, op, 1, len);
	if (skb->data_len)
		return linear_bug(skb, op, len, err);
	skb->tail += len;
	skb->len += len;
	/* SKB_LINEAR_ASSERT reads data_len; tail and len move; skb_put compares tail with end */
	sf_touch(skb, SF(SF_DATA_LEN) | SF(SF_TAIL) | SF(SF_LEN) | (checked ? SF(SF_END) : 0),
		 SF(SF_TAIL) | SF(SF_LEN));
	if (start)
		*start = (uint32_t)tmp;
	if (checked && skb->tail > (int64_t)skb->end)
		return over_under(skb, 0, len, err);
	return 0;
}

/* models skb_push() and __skb_push() */
static int push_core(skl_skb *skb, uint32_t len, int checked, skl_error *err)
{
	const char *op = checked ? "skb_push" : "__skb_push";
	if (dead(skb, err))
		return SKL_SKB_EINVAL;
	skl__net_set_last_op(skb, op, 1, len);
	skb->data -= len;
	skb->len += len;
	/* data and len move; skb_push compares data with head */
	sf_touch(skb, SF(SF_DATA) | SF(SF_LEN) | (checked ? SF(SF_HEAD) : 0), SF(SF_DATA) | SF(SF_LEN));
	if (checked && skb->data < 0)
		return over_under(skb, 1, len, err);
	return 0;
}

/* models skb_pull() and __skb_pull() */
static int pull_core(skl_skb *skb, uint32_t len, int checked, skl_error *err)
{
	skl_net *net = skb->net;
	const char *op = checked ? "skb_pull" : "__skb_pull";
	if (dead(skb, err))
		return SKL_SKB_EINVAL;
	skl__net_set_last_op(skb, op, 1, len);
	sf_touch(skb, SF(SF_LEN) | SF(SF_DATA_LEN) | SF(SF_DATA),
		 (checked && len > skb->len) ? 0 : SF(SF_LEN) | SF(SF_DATA));
	if (checked && len > skb->len)
		return 0;
	skb->len -= len;
	if (skb->len < skb->data_len) {
		const char *where = NULL;
		if (net->p.era == SKL_ERA_2_6_31)
			where = net->p.bug_on ? "include/linux/skbuff.h:1172" : "include/linux/skbuff.h:1145";
		/* 2.4 and 6.x: if (skb->len < skb->data_len) BUG(); 2.6.31: BUG_ON. Inline
		 * everywhere, so the trap sits in the caller */
		return kernel_bug(skb, "BUG", len, NULL, where, "__skb_pull",
				  net->p.era == SKL_ERA_2_6_31 ? "BUG_ON(skb->len < skb->data_len)"
							       : "skb->len < skb->data_len",
				  net->caller, err);
	}
	skb->data += len;
	return 1;
}

int skl_skb_put(skl_skb *skb, uint32_t len, uint32_t *start, skl_error *err)
{
	int rc = put_core(skb, len, 1, start, err);
	if (rc == 0)
		skl__net_op_event(skb, "skb_put", len, NULL);
	return rc;
}

int skl_skb_put_unchecked(skl_skb *skb, uint32_t len, uint32_t *start, skl_error *err)
{
	int rc = put_core(skb, len, 0, start, err);
	if (rc == 0)
		skl__net_op_event(skb, "__skb_put", len,
				  skb->tail > (int64_t)skb->end ? "tail past end: nothing checked it" : NULL);
	return rc;
}

int skl_skb_push(skl_skb *skb, uint32_t len, skl_error *err)
{
	int rc = push_core(skb, len, 1, err);
	if (rc == 0)
		skl__net_op_event(skb, "skb_push", len, NULL);
	return rc;
}

int skl_skb_push_unchecked(skl_skb *skb, uint32_t len, skl_error *err)
{
	int rc = push_core(skb, len, 0, err);
	if (rc == 0)
		skl__net_op_event(skb, "__skb_push", len, skb->data < 0 ? "data below head: nothing checked it" : NULL);
	return rc;
}

int skl_skb_pull(skl_skb *skb, uint32_t len, skl_error *err)
{
	int rc = pull_core(skb, len, 1, err);
	if (rc >= 0)
		skl__net_op_event(skb, "skb_pull", len,
				  rc == 0 ? "len > skb->len: returned NULL, nothing changed" : NULL);
	return rc;
}

int skl_skb_pull_unchecked(skl_skb *skb, uint32_t len, skl_error *err)
{
	int rc = pull_core(skb, len, 0, err);
	if (rc >= 0)
		skl__net_op_event(skb, "__skb_pull", len, NULL);
	return rc;
}

/* models 2.4 ___pskb_trim(skb, len, realloc = 0), the nonlinear case of
 * its skb_trim: frags past len are dropped or cut; a cloned skb whose frags
 * must change is a BUG() */
static int trim24_nonlinear(skl_skb *skb, uint32_t len, skl_error *err)
{
	skb_head *h = skb->h;
	uint32_t offset = skl_skb_headlen(skb);
	int i, nfrags = h->nr_frags, keep = 0;
	for (i = 0; i < nfrags; i++) {
		uint32_t fend = offset + h->frags[i].size;
		if (fend > len && skl_skb_cloned(skb))
			return kernel_bug(skb, "BUG", len, NULL, NULL, "___pskb_trim",
					  "a cloned skb's frags would change and realloc is 0", "___pskb_trim", err);
		offset = fend;
	}
	offset = skl_skb_headlen(skb);
	for (i = 0; i < nfrags; i++) {
		uint32_t fend = offset + h->frags[i].size;
		if (fend > len) {
			if (len <= offset) {
				block_put(skb->net, h->frags[i].blk);
				continue;
			}
			h->frags[i].size = len - offset;
		}
		h->frags[keep++] = h->frags[i];
		offset = fend;
	}
	h->nr_frags = keep;
	if (offset < len) {
		skb->data_len -= skb->len - len;
		skb->len = len;
	} else if (len <= skl_skb_headlen(skb)) {
		skb->len = len;
		skb->data_len = 0;
		skb->tail = skb->data + len;
	} else {
		skb->data_len -= skb->len - len;
		skb->len = len;
	}
	return 0;
}

int skl_skb_trim(skl_skb *skb, uint32_t len, skl_error *err)
{
	int rc;
	if (dead(skb, err))
		return SKL_SKB_EINVAL;
	skl__net_set_last_op(skb, "skb_trim", 1, len);
	if (skb->len <= len) {
		skl__net_op_event(skb, "skb_trim", len, "len >= skb->len: nothing to do");
		return 0;
	}
	if (!skb->data_len) {
		skb->len = len;
		skb->tail = skb->data + len;
	} else if (skb->net->p.era == SKL_ERA_2_4) {
		rc = trim24_nonlinear(skb, len, err);
		if (rc < 0)
			return rc;
	} else {
		kernel_warn(skb, "__skb_trim",
			    "WARN_ON(skb->data_len): nonlinear skb, nothing trimmed (use pskb_trim)");
		skl__net_op_event(skb, "skb_trim", len, "WARN_ON: nonlinear, not trimmed");
		return 0;
	}
	skl__net_op_event(skb, "skb_trim", len, NULL);
	return 0;
}

/* models pskb_expand_head(): a new head of end + nhead + ntail (rounded as
 * the era allocates), head..tail copied to new + nhead, shinfo copied, the
 * old head released (dataref) or freed, offsets moved by nhead */
static int expand_core(skl_skb *skb, int32_t nhead, int32_t ntail, skl_error *err)
{
	skl_net *net = skb->net;
	skb_head *oh = skb->h, *nh;
	uint32_t end, osize = skb->end, copy;
	int64_t size;
	uint8_t *dst;
	int i;
	if (dead(skb, err))
		return SKL_SKB_EINVAL;
	if (net->p.era != SKL_ERA_2_4 && nhead < 0)
		return kernel_bug(skb, "BUG", (uint64_t)(int64_t)nhead, NULL, NULL, "pskb_expand_head",
				  "BUG_ON(nhead < 0)", "pskb_expand_head", err);
	if (nhead < 0) /* 2.4 */
		return skl_errorf(err,
				  "pskb_expand_head(%d): 2.4 does not check nhead < 0; its memcpy would write "
				  "before the new buffer, which sklab refuses",
				  nhead),
		       SKL_SKB_EINVAL;
	if (skb->users != 1)
		return kernel_bug(skb, "BUG", (uint64_t)(int64_t)nhead, NULL, NULL, "pskb_expand_head",
				  net->p.era == SKL_ERA_2_4 ? "skb_shared(skb)" : "BUG_ON(skb_shared(skb))",
				  "pskb_expand_head", err);
	if (ntail < 0)
		return skl_errorf(err,
				  "pskb_expand_head(%d, %d): a negative ntail could make the copy of head..tail "
				  "overrun the new buffer; sklab refuses it",
				  nhead, ntail),
		       SKL_SKB_EINVAL;
	size = (int64_t)osize + nhead + ntail;
	if (size <= 0 || size > 0x40000000)
		return skl_errorf(err, "pskb_expand_head(%d, %d): a %lld-byte head is not a head", nhead, ntail,
				  (long long)size),
		       SKL_SKB_EINVAL;
	if (skb->tail < 0 || skb->data < 0)
		return skl_errorf(err, "pskb_expand_head: %s has data outside its head", skb->name), SKL_SKB_EINVAL;
	if (oh->nfrag_list)
		return skl_errorf(err, "pskb_expand_head: sklab does not move a frag_list (skb_clone_fraglist)"),
		       SKL_SKB_EINVAL;
	nh = skl_calloc(1, sizeof(*nh));
	if (!nh)
		return skl_errorf(err, "out of memory"), SKL_SKB_ENOMEM;
	if (head_alloc(net, (uint32_t)size, nh, &end, err) < 0) {
		skl_free(nh);
		return SKL_SKB_ENOMEM;
	}
	/* memcpy(data + nhead, skb->head, tail) */
	copy = (uint32_t)(skb->tail < 0 ? 0 : skb->tail);
	dst = skl_kernel_bytes(net->k, nh->addr + (uint32_t)nhead, copy ? copy : 1);
	if (dst && copy) {
		skl_skb_read(skb, 0, dst, copy);
		if (TOUCHING(net->k)) {
			skl_kernel_touch_begin(net->k, "copy", NULL);
			copy_touch(net, oh, 0, nh, nhead, copy);
			skl_kernel_touch_end(net->k);
		}
	}
	for (i = 0; i < oh->nr_frags; i++)
		nh->frags[i] = oh->frags[i];
	nh->nr_frags = oh->nr_frags;
	regions_copy(nh, oh, nhead, skb->tail);
	if (net->p.era != SKL_ERA_6_X || skl_skb_cloned(skb)) {
		/* 2.4/2.6.31 always, 6.x when shared: take page refs, release the old data */
		frags_get(nh);
		release_data(skb);
	} else {
		head_free_mem(net, oh); /* 6.x: the frag refs move with shinfo */
	}
	head_unref(oh);
	skb->h = nh;
	skb->data += nhead;
	skb->tail += nhead;
	skb->end = end;
	for (i = 0; i < 3; i++)
		if (skb->mark[i] >= 0)
			skb->mark[i] += nhead;
	skb->cloned = 0;
	skb->nohdr = 0;
	skb->head_frag = 0;
	nh->dataref = 1;
	if (net->p.era == SKL_ERA_6_X && !skb->sk_owned)
		skb->truesize += end - osize;
	return 0;
}

int skl_pskb_expand_head(skl_skb *skb, int32_t nhead, int32_t ntail, skl_error *err)
{
	int rc;
	skl__net_set_last_op(skb, "pskb_expand_head", 1, nhead);
	rc = expand_core(skb, nhead, ntail, err);
	if (rc == 0)
		skl__net_op_event(skb, "pskb_expand_head", (uint64_t)(int64_t)nhead, skb->h->cache);
	return rc;
}

int skl_skb_cow(skl_skb *skb, uint32_t headroom, skl_error *err)
{
	skl_net *net = skb->net;
	int64_t delta;
	uint32_t nhead;
	int rc;
	if (dead(skb, err))
		return SKL_SKB_EINVAL;
	skl__net_set_last_op(skb, "skb_cow", 1, headroom);
	if (net->p.era == SKL_ERA_2_4) {
		delta = (int64_t)(headroom > 16 ? headroom : 16) - skb->data;
		if (delta < 0)
			delta = 0;
		nhead = ((uint32_t)delta + 15) & ~15u;
	} else {
		if (net->p.era == SKL_ERA_2_6_31 && headroom < net->p.net_skb_pad)
			headroom = net->p.net_skb_pad;
		delta = (int64_t)headroom > skb->data ? (int64_t)headroom - skb->data : 0;
		nhead = align_up((uint32_t)delta, net->p.net_skb_pad);
	}
	if (!delta && !skl_skb_cloned(skb)) {
		skl__net_op_event(skb, "skb_cow", headroom, "enough headroom, not cloned: nothing to do");
		return 0;
	}
	rc = expand_core(skb, (int32_t)nhead, 0, err);
	if (rc == 0)
		skl__net_op_event(skb, "skb_cow", headroom, "pskb_expand_head");
	return rc;
}

int skl_skb_header_release(skl_skb *skb, skl_error *err)
{
	if (dead(skb, err))
		return SKL_SKB_EINVAL;
	if (skb->net->p.era == SKL_ERA_2_4)
		return skl_errorf(err, "skb_header_release does not exist in 2.4 (dataref is not split)"),
		       SKL_SKB_EINVAL;
	skl__net_set_last_op(skb, "skb_header_release", 0, 0);
	if (skb->net->p.era == SKL_ERA_2_6_31) {
		if (skb->nohdr)
			return kernel_bug(skb, "BUG", 0, NULL, NULL, "skb_header_release", "BUG_ON(skb->nohdr)",
					  skb->net->caller, err);
		skb->nohdr = 1;
		skb->h->dataref += 1u << DATAREF_SHIFT;
	} else { /* __skb_header_release */
		skb->nohdr = 1;
		skb->h->dataref = 1 + (1u << DATAREF_SHIFT);
	}
	skl__net_op_event(skb, skb->net->p.era == SKL_ERA_6_X ? "__skb_header_release" : "skb_header_release", 0, NULL);
	return 0;
}

/* A page fragment added to the skb (skb_fill_page_desc + the length and
 * truesize updates skb_add_rx_frag and tcp_sendmsg do). */
int skl__net_frag_add(skl_skb *skb, frag_pool *fp, uint32_t size, uint32_t truesize, const skl_payload *fill,
		      uint32_t fill_off, skl_error *err)
{
	skb_head *h = skb->h;
	skb_frag *f;
	uint8_t *b;
	int rc;
	if (h->nr_frags >= (int)skb->net->p.max_skb_frags || h->nr_frags >= MAX_FRAGS)
		return skl_errorf(err,
				  "%s already has MAX_SKB_FRAGS (%lu) frags; the kernel would write past "
				  "skb_shared_info, sklab refuses",
				  skb->name, (unsigned long)skb->net->p.max_skb_frags),
		       SKL_SKB_EINVAL;
	f = &h->frags[h->nr_frags];
	rc = frag_alloc(skb->net, fp, size, &f->blk, &f->off, err);
	if (rc < 0)
		return rc;
	f->size = size;
	b = frag_bytes(skb->net, f);
	if (b) {
		if (fill)
			skl_pkt_fill_payload(b, fill, fill_off, size);
		else
			memset(b, 0, size);
		if (TOUCHING(skb->net->k)) /* the fragment's bytes written (DMA or copy from user) */
			skl_kernel_touch_as(skb->net->k, f->blk->addr + f->off, size, 1, "skb", "page_frag", "frag",
					    f->blk->addr + f->off);
	}
	h->nr_frags++;
	skb->len += size;
	skb->data_len += size;
	skb->truesize += truesize ? truesize : size;
	return 0;
}

int skl_skb_add_rx_frag(skl_skb *skb, uint32_t size, uint32_t truesize, const skl_payload *fill, skl_error *err)
{
	int rc;
	if (dead(skb, err))
		return SKL_SKB_EINVAL;
	skl__net_set_last_op(skb, "skb_add_rx_frag", 1, size);
	rc = skl__net_frag_add(skb, &skb->net->rx, size, truesize, fill, 0, err);
	if (rc == 0)
		skl__net_op_event(skb, "skb_add_rx_frag", size, NULL);
	return rc;
}

int skl_skb_set_header(skl_skb *skb, skl_skb_mark m, int32_t delta, skl_error *err)
{
	static const char *const ops[] = {"skb_reset_mac_header", "skb_reset_network_header",
					  "skb_reset_transport_header"};
	if ((unsigned)m > SKL_MARK_TRANSPORT)
		return skl_errorf(err, "unknown header mark %d", (int)m), SKL_SKB_EINVAL;
	if (dead(skb, err))
		return SKL_SKB_EINVAL;
	if (skb->data + delta < 0 || skb->data + delta > 0xffff * 16)
		return skl_errorf(err, "%s: data%+d is outside the head buffer", ops[m], delta), SKL_SKB_EINVAL;
	skb->mark[m] = (int32_t)(skb->data + delta);
	skl__net_set_last_op(skb, ops[m], 1, delta);
	skl__net_op_event(skb, ops[m], (uint64_t)(int64_t)delta, NULL);
	return 0;
}

int32_t skl_skb_header(const skl_skb *skb, skl_skb_mark m)
{
	return (unsigned)m <= SKL_MARK_TRANSPORT ? skb->mark[m] : -1;
}

/* ---- queries ------------------------------------------------------------------------------------------ */

int32_t skl_skb_headroom(const skl_skb *skb)
{
	return (int32_t)skb->data;
}

int32_t skl_skb_tailroom(const skl_skb *skb)
{
	return skb->data_len ? 0 : (int32_t)((int64_t)skb->end - skb->tail);
}

uint32_t skl_skb_headlen(const skl_skb *skb)
{
	return skb->len - skb->data_len;
}

int32_t skl_skb_data_off(const skl_skb *skb)
{
	return (int32_t)skb->data;
}

int64_t skl_skb_tail_off(const skl_skb *skb)
{
	return skb->tail;
}

uint32_t skl_skb_end_off(const skl_skb *skb)
{
	return skb->end;
}

uint32_t skl_skb_len(const skl_skb *skb)
{
	return skb->len;
}

uint32_t skl_skb_data_len(const skl_skb *skb)
{
	return skb->data_len;
}

uint32_t skl_skb_truesize(const skl_skb *skb)
{
	return skb->truesize;
}

uint32_t skl_skb_users(const skl_skb *skb)
{
	return skb->users;
}

uint32_t skl_skb_dataref(const skl_skb *skb)
{
	return skb->h->dataref;
}

int skl_skb_nr_frags(const skl_skb *skb)
{
	return skb->h->nr_frags;
}

int skl_skb_is_cloned(const skl_skb *skb)
{
	return skb->cloned;
}

/* models skb_cloned(): 2.4 compares the whole dataref, 2.6+ its low half */
int skl_skb_cloned(const skl_skb *skb)
{
	uint32_t d = skb->h->dataref;
	if (skb->net->p.era != SKL_ERA_2_4)
		d &= DATAREF_MASK;
	return skb->cloned && d != 1;
}

int skl_skb_shared(const skl_skb *skb)
{
	return skb->users != 1;
}

skl_addr skl_skb_addr(const skl_skb *skb)
{
	return skb->addr;
}

skl_addr skl_skb_head_addr(const skl_skb *skb)
{
	return skb->h->addr;
}

uint32_t skl_skb_buf_size(const skl_skb *skb)
{
	return skb->h->obj;
}

const char *skl_skb_head_cache(const skl_skb *skb)
{
	return skb->h->cache;
}

int skl_skb_panicked(const skl_skb *skb)
{
	return skb->panicked;
}

const char *skl_skb_report(const skl_skb *skb)
{
	return skb->report ? skb->report : "";
}

/* ---- layers: bytes, checksums, lengths ------------------------------------------------------------------ */

static uint32_t be32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

/* The pieces after a layer: the linear bytes from off to tail, then the
 * frags. At most 1 + MAX_FRAGS pieces; 0 when some bytes are not there. */
static int pieces_after(const skl_skb *skb, int64_t off, skl_piece *pc, int *n)
{
	int i;
	*n = 0;
	if (off < skb->tail) {
		pc[0].p = head_bytes(skb, off, (uint32_t)(skb->tail - off));
		pc[0].n = (size_t)(skb->tail - off);
		if (!pc[0].p)
			return -1;
		*n = 1;
	}
	for (i = 0; i < skb->h->nr_frags; i++) {
		pc[*n].p = frag_bytes(skb->net, &skb->h->frags[i]);
		pc[*n].n = skb->h->frags[i].size;
		if (!pc[*n].p)
			return -1;
		(*n)++;
	}
	return 0;
}

/* Brings the lengths and checksums of the layers inside [data, tail) up to
 * date, innermost first: UDP length, TCP/UDP checksums (pseudo-header from
 * the IPv4 layer right before, else the addresses given), IPv4 tot_len and
 * header checksum. What a NIC finishing CHECKSUM_PARTIAL would leave. */
static void layers_fix(skl_skb *skb)
{
	skb_head *h = skb->h;
	uint64_t total_end = (uint64_t)skb->tail + skb->data_len; /* "offset" of the packet's end */
	int i, j;
	for (i = h->nregions - 1; i >= 0; i--) {
		hregion *r = &h->regions[i];
		uint8_t *b;
		if (!r->layer || (int64_t)r->r.off < skb->data || (int64_t)r->r.off + r->r.len > skb->tail)
			continue;
		b = head_bytes(skb, r->r.off, r->r.len);
		if (!b)
			continue;
		if (r->kind == SKL_HDR_TCP || r->kind == SKL_HDR_UDP) {
			skl_piece pc[1 + MAX_FRAGS];
			int np;
			uint32_t saddr = r->saddr, daddr = r->daddr;
			uint32_t len = (uint32_t)(total_end - r->r.off);
			uint8_t proto = r->kind == SKL_HDR_TCP ? SKL_IPPROTO_TCP : SKL_IPPROTO_UDP;
			for (j = 0; j < h->nregions; j++) { /* an IPv4 layer right before it */
				const hregion *q = &h->regions[j];
				const uint8_t *qb;
				if (q->layer && q->kind == SKL_HDR_IPV4 && q->r.off + q->r.len == r->r.off &&
				    (qb = head_bytes(skb, q->r.off, q->r.len)) != NULL) {
					saddr = be32(qb + 12);
					daddr = be32(qb + 16);
				}
			}
			if (r->kind == SKL_HDR_UDP && r->auto_len) {
				b[4] = (uint8_t)(len >> 8);
				b[5] = (uint8_t)len;
			}
			if (pieces_after(skb, (int64_t)r->r.off + r->r.len, pc, &np) == 0)
				skl_pkt_l4_checksum(b, proto, saddr, daddr, len, pc, np);
		} else if (r->kind == SKL_HDR_IPV4) {
			if (r->auto_len) {
				uint32_t tot = (uint32_t)(total_end - r->r.off);
				b[2] = (uint8_t)(tot >> 8);
				b[3] = (uint8_t)tot;
			}
			b[10] = b[11] = 0;
			{
				uint16_t c = skl_ip_checksum(b, r->r.len);
				b[10] = (uint8_t)(c >> 8);
				b[11] = (uint8_t)c;
			}
		} else {
			continue;
		}
		{
			skl_hdr tmp;
			memset(&tmp, 0, sizeof(tmp));
			tmp.kind = r->kind;
			skl_hdr_describe(&tmp, b, r->r.detail, sizeof(r->r.detail));
		}
	}
}

/* Writes a layer's bytes at off (the pieces after it feed its checksum)
 * and records it as a region. */
static void layer_write(skl_skb *skb, const skl_hdr *h, int64_t off)
{
	uint32_t n = skl_hdr_len(h);
	uint8_t *b = head_bytes(skb, off, n);
	skl_piece pc[1 + MAX_FRAGS];
	int np = 0;
	hregion *r;
	char detail[160];
	if (!b)
		return;
	switch (h->kind) {
	case SKL_HDR_ETH:
		skl_pkt_write_eth(b, &h->u.eth);
		break;
	case SKL_HDR_IPV4:
		skl_pkt_write_ipv4(b, &h->u.ip, (uint32_t)((uint64_t)skb->tail + skb->data_len - (uint64_t)off - n));
		break;
	case SKL_HDR_TCP:
		if (pieces_after(skb, off + n, pc, &np) < 0)
			np = 0;
		skl_pkt_write_tcp(b, &h->u.tcp, pc, np);
		break;
	case SKL_HDR_UDP:
		if (pieces_after(skb, off + n, pc, &np) < 0)
			np = 0;
		skl_pkt_write_udp(b, &h->u.udp, pc, np);
		break;
	case SKL_HDR_PAYLOAD:
		skl_pkt_fill_payload(b, &h->u.payload, 0, n);
		break;
	}
	head_touch(skb->net, skb->h, off, n, 1, skl_hdr_name(h->kind)); /* the header's bytes written */
	skl_hdr_describe(h, b, detail, sizeof(detail));
	r = skl__net_region_add(skb->h, skl_hdr_name(h->kind), off, n, detail);
	if (r) {
		r->layer = 1;
		r->kind = h->kind;
		r->auto_len =
		    (h->kind == SKL_HDR_IPV4 && !h->u.ip.tot_len) || (h->kind == SKL_HDR_UDP && !h->u.udp.len);
		r->saddr = h->kind == SKL_HDR_TCP ? h->u.tcp.saddr : h->kind == SKL_HDR_UDP ? h->u.udp.saddr : 0;
		r->daddr = h->kind == SKL_HDR_TCP ? h->u.tcp.daddr : h->kind == SKL_HDR_UDP ? h->u.udp.daddr : 0;
	}
}

static void layer_mark(skl_skb *skb, skl_hdr_kind kind, int64_t off)
{
	if (kind == SKL_HDR_ETH)
		skb->mark[SKL_MARK_MAC] = (int32_t)off;
	else if (kind == SKL_HDR_IPV4)
		skb->mark[SKL_MARK_NETWORK] = (int32_t)off;
	else if (kind == SKL_HDR_TCP || kind == SKL_HDR_UDP)
		skb->mark[SKL_MARK_TRANSPORT] = (int32_t)off;
}

int skl_skb_push_hdr(skl_skb *skb, const skl_hdr *h, int unchecked, skl_error *err)
{
	uint32_t n = skl_hdr_len(h);
	const char *op = unchecked ? "__skb_push" : "skb_push";
	int rc;
	if (!h || (unsigned)h->kind > SKL_HDR_PAYLOAD)
		return skl_errorf(err, "skb_push: no header given"), SKL_SKB_EINVAL;
	rc = push_core(skb, n, !unchecked, err);
	if (rc < 0)
		return rc;
	layer_write(skb, h, skb->data);
	layer_mark(skb, h->kind, skb->data);
	layers_fix(skb);
	skl__net_op_event(skb, op, n, skl_hdr_name(h->kind));
	return 0;
}

int skl_skb_put_hdr(skl_skb *skb, const skl_hdr *h, int unchecked, skl_error *err)
{
	uint32_t n = skl_hdr_len(h), start;
	const char *op = unchecked ? "__skb_put" : "skb_put";
	int rc;
	if (!h || (unsigned)h->kind > SKL_HDR_PAYLOAD)
		return skl_errorf(err, "skb_put: no header given"), SKL_SKB_EINVAL;
	rc = put_core(skb, n, !unchecked, &start, err);
	if (rc < 0)
		return rc;
	layer_write(skb, h, start);
	if (h->kind != SKL_HDR_PAYLOAD)
		layer_mark(skb, h->kind, start);
	layers_fix(skb);
	skl__net_op_event(skb, op, n, skl_hdr_name(h->kind));
	return 0;
}

/* ---- snapshots ------------------------------------------------------------------------------------------- */

/* The packet's linear bytes as a capture would show them: from the mac
 * header when one is set (skb_mac_header(), where eth_type_trans left the
 * Ethernet header it pulled) or else from data, up to skb_tail_pointer();
 * never before head or past what the head buffer holds. A buffer skb_put
 * never wrote keeps the zeros it was allocated with. */
static void snap_bytes(const skl_skb *skb, skl_skb_snap *out)
{
	int64_t from = skb->data, to = skb->tail, mac = skb->mark[SKL_MARK_MAC];
	uint32_t n;
	const uint8_t *b;
	if (mac >= 0 && mac <= from)
		from = mac;
	if (from < 0)
		from = 0;
	if (to > (int64_t)skb->h->req)
		to = skb->h->req;
	if (to <= from)
		return;
	out->bytes_from = (uint32_t)from;
	out->bytes_total = (uint32_t)(to - from);
	n = out->bytes_total < SKL_SKB_SNAP_BYTES ? out->bytes_total : SKL_SKB_SNAP_BYTES;
	b = head_bytes(skb, from, n);
	if (!b) {
		out->bytes_total = 0;
		return;
	}
	memcpy(out->bytes, b, n);
	out->nbytes = n;
}

int skl_skb_snapshot(const skl_skb *skb, skl_skb_snap *out)
{
	const skb_head *h;
	int i;
	if (!out)
		return -1;
	memset(out, 0, sizeof(*out));
	h = skb->h;
	skl__net_copy_str(out->name, sizeof(out->name), skb->name);
	skl__net_copy_str(out->era, sizeof(out->era), skb->net->p.name);
	out->head_addr = h->addr;
	out->skb_addr = skb->addr;
	out->data = skb->data < 0 ? 0 : (uint32_t)skb->data;
	out->data_signed = (int32_t)skb->data;
	out->tail = skb->tail < 0 ? 0 : (uint32_t)skb->tail;
	out->end = skb->end;
	out->buf_size = h->obj;
	out->shinfo_size = skb->net->p.shinfo_size;
	out->len = skb->len;
	out->data_len = skb->data_len;
	out->truesize = skb->truesize;
	out->users = skb->users;
	out->dataref = h->dataref & (skb->net->p.era == SKL_ERA_2_4 ? 0xffffffffu : DATAREF_MASK);
	out->dataref_raw = h->dataref;
	out->cloned = skb->cloned;
	out->offsets = skb->net->p.offsets;
	skl__net_copy_str(out->head_cache, sizeof(out->head_cache), h->cache);
	out->nr_frags = h->nr_frags;
	for (i = 0; i < h->nr_frags && i < MAX_FRAGS; i++) {
		if (i < 17)
			out->frag_len[i] = h->frags[i].size;
		out->frag_size[i] = h->frags[i].size;
	}
	for (i = 0; i < h->nregions && out->nregions < 15; i++)
		out->regions[out->nregions++] = h->regions[i].r;
	{ /* skb_shared_info at end */
		skl_skb_region *r = &out->regions[out->nregions++];
		skl__net_copy_str(r->name, sizeof(r->name), "shinfo");
		r->off = skb->end;
		r->len = skb->net->p.shinfo_size;
		snprintf(r->detail, sizeof(r->detail), "skb_shared_info (%lu bytes): dataref %#lx, nr_frags %d%s",
			 (unsigned long)skb->net->p.shinfo_size, (unsigned long)h->dataref, h->nr_frags,
			 skb->nohdr ? ", header released (nohdr)" : "");
	}
	skl__net_copy_str(out->last_op, sizeof(out->last_op), skb->last_op);
	skl__net_copy_str(out->panic, sizeof(out->panic), skb->panic);
	out->shared_with = -1;
	out->mac_header = skb->mark[SKL_MARK_MAC];
	out->network_header = skb->mark[SKL_MARK_NETWORK];
	out->transport_header = skb->mark[SKL_MARK_TRANSPORT];
	out->headroom = skb->data < 0 ? 0 : (uint32_t)skb->data;
	out->tailroom = skl_skb_tailroom(skb) < 0 ? 0 : (uint32_t)skl_skb_tailroom(skb);
	out->headlen = skl_skb_headlen(skb);
	out->nohdr = skb->nohdr;
	out->head_frag = skb->head_frag;
	out->fclone = skb->fclone;
	out->panicked = skb->panicked;
	out->id = skb->id;
	skl__net_copy_str(out->dev, sizeof(out->dev), skb->dev);
	snap_bytes(skb, out);
	/* GSO and GRO */
	out->gso_size = h->gso_size;
	out->gso_segs = h->gso_segs;
	out->gso_type = h->gso_type;
	out->frag_list_n = h->nfrag_list;
	for (i = 0; i < h->nfrag_list; i++)
		out->frag_list_len += h->frag_list[i]->len;
	out->gro_count = skb->gro_count;
	for (i = 0; i < h->nr_frags && i < MAX_FRAGS; i++) {
		out->frag_page[i] = h->frags[i].blk->addr;
		out->frag_off[i] = h->frags[i].off;
	}
	return 0;
}

int skl_skb_snapshot_group(const skl_skb *const *skbs, int n, skl_skb_snap *out)
{
	int i, j;
	for (i = 0; i < n; i++)
		if (skl_skb_snapshot(skbs[i], &out[i]) < 0)
			return -1;
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			if (i != j && skbs[i]->h == skbs[j]->h) {
				out[i].shared_with = j;
				break;
			}
	return 0;
}

int skl_skb_pcap(const skl_skb *skb, skl_pcap *p, skl_error *err)
{
	uint8_t *buf;
	if (skb->panicked || skb->data < 0 || skb->tail > (int64_t)skb->end)
		return skl_errorf(err, "%s is not a frame the kernel could send", skb->name), SKL_SKB_EINVAL;
	buf = skl_malloc(skb->len ? skb->len : 1);
	if (!buf)
		return skl_errorf(err, "out of memory"), SKL_SKB_ENOMEM;
	if (skl_skb_copy_bits(skb, 0, buf, skb->len) < 0) {
		skl_free(buf);
		return skl_errorf(err, "%s: bytes are missing", skb->name), SKL_SKB_EINVAL;
	}
	skl_pcap_frame(p, buf, skb->len);
	skl_free(buf);
	return 0;
}

void skl__net_layers_fix(skl_skb *skb)
{
	layers_fix(skb);
}

/* ---- skb->sk ------------------------------------------------------------------------------- */

int skl_skb_set_sk(skl_skb *skb, skl_addr sk, skl_error *err)
{
	skl_net *net = skb->net;
	const skl_abi *abi = skl_kernel_profile(net->k)->abi;
	const skl_layout *l = net->skb_type;
	const skl_field *f;
	uint8_t *p;
	unsigned i, n;
	int fi;
	if (!l)
		return skl_errorf(err,
				  "%s's layouts have no struct sk_buff, so skb->sk has no place (linux-2.4.16's "
				  "and linux-6.18's have it)",
				  skl_kernel_profile(net->k)->name),
		       SKL_SKB_EINVAL;
	if (skb->fc)
		return skl_errorf(err, "%s is in skbuff_fclone_cache, whose objects have no type here", skb->name),
		       SKL_SKB_EINVAL;
	fi = skl_layout_find(l, "sk");
	f = fi >= 0 ? &l->fields[fi] : NULL;
	n = abi->size[SKL_B_PTR];
	if (!f || f->size != n || f->offset + n > l->size)
		return skl_errorf(err, "struct sk_buff has no pointer member sk"), SKL_SKB_EINVAL;
	p = skl_kernel_bytes(net->k, skb->addr + f->offset, n);
	if (!p)
		return skl_errorf(err, "%s's descriptor is not in the machine's memory", skb->name), SKL_SKB_EINVAL;
	for (i = 0; i < n; i++)
		p[abi->big_endian ? n - 1 - i : i] = (uint8_t)(sk >> (8 * i));
	skl_kernel_touch(net->k, skb->addr + f->offset, n, 1, "skb->sk");
	return SKL_SKB_OK;
}
