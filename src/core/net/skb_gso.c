/*
 * skb_gso.c - GSO/TSO and GRO on the sk_buff model, 2.6.31 and 6.x: one
 * sk_buff carrying up to 64 KB of TCP payload in page frags, described by
 * skb_shared_info's gso_size/gso_segs/gso_type; skb_segment() cutting it
 * into MSS-sized frames for a device that cannot (each with a copy of the
 * headers and references to the same pages); and skb_gro_receive() building
 * such an skb back from the frames a NIC delivers (frags appended to the
 * held packet, or its frag_list).
 *
 * Followed: net/core/skbuff.c skb_segment() and skb_gro_receive() of
 * 2.6.31; net/core/skbuff.c skb_segment() and net/core/gro.c
 * skb_gro_receive(), dev_gro_receive(), napi_gro_complete() of 6.18;
 * net/ipv4/tcp_offload.c / af_inet.c for the per-segment header fix-ups.
 * 2.4 has none of it: GSO came in 2.6.18, GRO in 2.6.29.
 *
 * Not modelled: flow matching (the caller gives frames of one flow),
 * checksum offload states, the socket's truesize hand-over of
 * tcp_gso_segment(), GSO_PARTIAL, segmenting a frag_list, BIG TCP.
 */
#include "skb_impl.h"

#include <stdio.h>
#include <string.h>

static uint32_t be16(const uint8_t *p)
{
	return ((uint32_t)p[0] << 8) | p[1];
}

static uint32_t rd32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void wr16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void wr32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static uint32_t align_to(uint32_t v, uint32_t a)
{
	return (v + a - 1) / a * a;
}

/* SKB_TRUESIZE(end) of 6.x: end + SKB_DATA_ALIGN(sizeof(struct sk_buff))
 * + SKB_DATA_ALIGN(sizeof(struct skb_shared_info)). */
static uint32_t truesize_of(const skl_net *net, uint32_t end)
{
	uint32_t a = net->p.smp_cache_bytes;
	return end + align_to(net->p.skb_size, a) + align_to(net->p.shinfo_size, a);
}

/* 1 (with err set) when skb's era has no GSO, or skb died in a BUG(). */
static int refused(const skl_skb *skb, const char *fn, skl_error *err)
{
	if (skb->net->p.era == SKL_ERA_2_4) {
		skl_errorf(err,
			   "%s: not in 2.4: its sk_buff has no gso_size (TSO arrived during 2.5, GSO in 2.6.18, "
			   "GRO in 2.6.29); use a 2.6.31 or 6.x kernel",
			   fn);
		return 1;
	}
	if (skb->panicked) {
		skl_errorf(err, "%s: %s died in a kernel BUG()", fn, skb->name);
		return 1;
	}
	return 0;
}

/* The IPv4 and TCP header lengths of the frame at off (from data), read
 * through the frags when need be. -1 when it is not TCP over IPv4. */
static int tcp_lens(const skl_skb *skb, int32_t off, uint32_t *ihl, uint32_t *thl)
{
	uint8_t ip[20], th[20];
	if (skl_skb_copy_bits(skb, off, ip, sizeof(ip)) < 0 || (ip[0] >> 4) != 4 || ip[9] != SKL_IPPROTO_TCP)
		return -1;
	*ihl = (ip[0] & 15u) * 4;
	if (*ihl < 20 || skl_skb_copy_bits(skb, off + (int32_t)*ihl, th, sizeof(th)) < 0)
		return -1;
	*thl = (uint32_t)(th[12] >> 4) * 4;
	return *thl < 20 ? -1 : 0;
}

/* ---- tcp_sendmsg's copy into page frags ------------------------------------------------- */

/* One piece of tcp_sendmsg's copy: at most what is left of the pool's
 * block (a fresh block when none is), onto the last frag when the bytes
 * follow it (skb_can_coalesce), else as a new frag. Bytes copied, or < 0. */
static int tx_piece(skl_skb *skb, uint32_t size, const skl_payload *fill, skl_error *err)
{
	skl_net *net = skb->net;
	frag_pool *fp = &net->tx;
	skb_head *h = skb->h;
	skb_frag *last = h->nr_frags ? &h->frags[h->nr_frags - 1] : NULL;
	frag_block *b = fp->cur;
	uint32_t block = skl_kernel_profile(net->k)->page_size << fp->order;
	uint32_t room = b ? b->size - b->used : 0, n;
	int rc;
	if (room) { /* sk_page_frag_refill(): the block still has room */
		n = size < room ? size : room;
		if (last && last->blk == b && last->off + last->size == b->used) {
			uint8_t *p = skl_kernel_bytes(net->k, b->addr + b->used, n);
			if (p) {
				if (fill)
					skl_pkt_fill_payload(p, fill, skb->data_len, n);
				else
					memset(p, 0, n);
			}
			b->used += n;
			last->size += n;
			skb->len += n;
			skb->data_len += n;
			skb->truesize += n;
			return (int)n;
		}
	} else {
		n = size < block ? size : block;
	}
	rc = skl__net_frag_add(skb, fp, n, n, fill, skb->data_len, err);
	return rc < 0 ? rc : (int)n;
}

/* models the copy loop of tcp_sendmsg() into the socket's page frag */
int skl_skb_add_tx_frag(skl_skb *skb, uint32_t size, const skl_payload *fill, skl_error *err)
{
	uint32_t done = 0;
	int frags0 = skb->h->nr_frags;
	char d[96];
	if (refused(skb, "tcp_sendmsg", err))
		return SKL_SKB_EINVAL;
	if (size == 0)
		return skl_errorf(err, "tcp_sendmsg: a copy of 0 bytes"), SKL_SKB_EINVAL;
	skl__net_set_last_op(skb, "tcp_sendmsg", 1, size);
	while (done < size) {
		int n = tx_piece(skb, size - done, fill, err);
		if (n < 0)
			return n;
		done += (uint32_t)n;
	}
	snprintf(d, sizeof(d), "%lu bytes into %s: nr_frags %d (%d new)", (unsigned long)size,
		 skb->net->p.era == SKL_ERA_6_X ? "sk_page_frag" : "sk_sndmsg_page", skb->h->nr_frags,
		 skb->h->nr_frags - frags0);
	skl__net_op_event(skb, "tcp_sendmsg", size, d);
	return skb->h->nr_frags;
}

/* ---- gso_size, gso_segs, gso_type ------------------------------------------------------- */

/* The TCP payload's bytes: len less the headers from data to the end of
 * the TCP header, when the transport header marks one in the linear part. */
static uint32_t tcp_payload(const skl_skb *skb)
{
	int32_t th = skb->mark[SKL_MARK_TRANSPORT];
	uint8_t b[13];
	int64_t end;
	if (th < 0 || th < skb->data || skl_skb_read(skb, th, b, sizeof(b)) < 0)
		return skb->len;
	end = th + (int64_t)(b[12] >> 4) * 4;
	if (end > skb->tail)
		return skb->len;
	return skb->len - (uint32_t)(end - skb->data);
}

/* models tcp_set_skb_tso_segs() (2.6.31; 6.x keeps the same numbers in
 * TCP_SKB_CB and copies them in __tcp_transmit_skb) */
int skl_skb_set_gso(skl_skb *skb, uint32_t mss, uint32_t type, skl_error *err)
{
	skb_head *h = skb->h;
	uint32_t payload;
	char d[96];
	if (refused(skb, "tcp_set_skb_tso_segs", err))
		return SKL_SKB_EINVAL;
	if (mss > 0xffff)
		return skl_errorf(err, "gso_size %lu: skb_shared_info keeps it in an unsigned short",
				  (unsigned long)mss),
		       SKL_SKB_EINVAL;
	payload = tcp_payload(skb);
	if (payload > SKL_GSO_MAX_SIZE)
		return skl_errorf(err,
				  "%lu bytes of payload: above GSO_MAX_SIZE (65536), which tcp_xmit_size_goal never "
				  "builds",
				  (unsigned long)payload),
		       SKL_SKB_EINVAL;
	skl__net_set_last_op(skb, "tcp_set_skb_tso_segs", 1, mss);
	if (mss == 0 || payload <= mss) { /* one segment: not a GSO skb */
		h->gso_size = 0;
		h->gso_segs = mss ? 1 : 0;
		h->gso_type = 0;
	} else {
		h->gso_size = mss;
		h->gso_segs = (payload + mss - 1) / mss; /* DIV_ROUND_UP(skb->len, mss_now) */
		h->gso_type = type ? type : SKL_GSO_TCPV4;
	}
	snprintf(d, sizeof(d), "gso_size %lu gso_segs %lu gso_type %#lx", (unsigned long)h->gso_size,
		 (unsigned long)h->gso_segs, (unsigned long)h->gso_type);
	skl__net_op_event(skb, "tcp_set_skb_tso_segs", mss, d);
	return 0;
}

uint32_t skl_skb_gso_size(const skl_skb *skb)
{
	return skb->h->gso_size;
}

uint32_t skl_skb_gso_segs(const skl_skb *skb)
{
	return skb->h->gso_segs;
}

uint32_t skl_skb_gso_type(const skl_skb *skb)
{
	return skb->h->gso_type;
}

/* ---- skb_segment ------------------------------------------------------------------------ */

/* The header regions of [from, from + n) of src's head, at the same
 * offsets in dst (segments keep the original's headroom). */
static void regions_take(skb_head *dst, const skb_head *src, int64_t from, uint32_t n)
{
	int i;
	for (i = 0; i < src->nregions; i++) {
		const hregion *r = &src->regions[i];
		hregion *c;
		if ((int64_t)r->r.off < from || (int64_t)r->r.off + r->r.len > from + n)
			continue;
		c = skl__net_region_add(dst, r->r.name, r->r.off, r->r.len, r->r.detail);
		if (c) {
			c->layer = r->layer;
			c->kind = r->kind;
			c->auto_len = r->auto_len;
			c->saddr = r->saddr;
			c->daddr = r->daddr;
		}
	}
}

/* Payload bytes [offset, offset + n) of skb (from data) put linear into
 * nskb at its tail, as one "payload" region. */
static int copy_linear(skl_skb *nskb, const skl_skb *skb, uint32_t offset, uint32_t n, skl_error *err)
{
	uint32_t start;
	uint8_t *buf;
	int rc;
	if (!n)
		return 0;
	rc = skl_skb_put_unchecked(nskb, n, &start, err);
	if (rc < 0)
		return rc;
	buf = skl_malloc(n);
	if (!buf)
		return skl_errorf(err, "out of memory"), SKL_SKB_ENOMEM;
	if (skl_skb_copy_bits(skb, (int32_t)offset, buf, n) == 0)
		skl_skb_write(nskb, start, buf, n, NULL);
	skl_free(buf);
	skl__net_region_add(nskb->h, "payload", start, n, "payload copied from the GSO skb's frags");
	return 0;
}

/* models skb_segment() (2.6.31 and 6.x, the path without a frag_list or
 * GSO_PARTIAL), with tcp_tso_segment()/tcp_gso_segment() and
 * inet_gso_segment() fixing each segment's headers on the way back */
int skl_skb_segment(skl_skb *skb, int sg, skl_skb **segs, int max, skl_error *err)
{
	skl_net *net = skb->net;
	skb_head *h = skb->h;
	uint32_t mss = h->gso_size, ihl, thl, doffset, headroom, offset, total, headlen, nsegs;
	uint32_t seq0, id0, pos, len;
	int32_t mac = skb->mark[SKL_MARK_MAC], nh = skb->mark[SKL_MARK_NETWORK];
	uint8_t hdr[256];
	int n = 0, i = 0, rc;
	char d[128];
	if (refused(skb, "skb_segment", err))
		return SKL_SKB_EINVAL;
	if (!mss)
		return skl_errorf(err, "skb_segment: %s has gso_size 0: not a GSO skb (set_gso first)", skb->name),
		       SKL_SKB_EINVAL;
	if (h->nfrag_list)
		return skl_errorf(err, "skb_segment: sklab segments page frags, not a frag_list"), SKL_SKB_EINVAL;
	if (mac < 0 || mac != skb->data || nh < mac)
		return skl_errorf(err,
				  "skb_segment: %s must be the frame the device gets: data at the mac header, the "
				  "network header set",
				  skb->name),
		       SKL_SKB_EINVAL;
	if (tcp_lens(skb, nh - mac, &ihl, &thl) < 0)
		return skl_errorf(err, "skb_segment: %s is not TCP over IPv4 at its network header", skb->name),
		       SKL_SKB_EINVAL;
	doffset = (uint32_t)(nh - mac) + ihl + thl; /* skb->data - skb_mac_header(skb) after the pulls */
	headlen = skl_skb_headlen(skb);
	total = skb->len;
	if (doffset > headlen || doffset > sizeof(hdr) || total <= doffset)
		return skl_errorf(err, "skb_segment: the %lu bytes of headers must be linear, with payload after them",
				  (unsigned long)doffset),
		       SKL_SKB_EINVAL;
	nsegs = (total - doffset + mss - 1) / mss;
	if ((int)nsegs > max)
		return skl_errorf(err, "skb_segment: %lu segments, room for %d", (unsigned long)nsegs, max),
		       SKL_SKB_EINVAL;
	skl_skb_read(skb, mac, hdr, doffset);
	seq0 = rd32(hdr + (nh - mac) + ihl + 4);
	id0 = be16(hdr + (nh - mac) + 4);
	headroom = (uint32_t)mac; /* skb_headroom() after __skb_push(skb, doffset) */
	offset = doffset;
	pos = headlen;
	skl__net_set_last_op(skb, "skb_segment", 1, mss);
	do {
		skl_skb *nskb;
		uint32_t hsize;
		uint8_t *ip, *th;
		char name[32];
		len = total - offset;
		if (len > mss)
			len = mss;
		hsize = headlen > offset ? headlen - offset : 0;
		if (hsize > len || !sg)
			hsize = len;
		nskb = skl_alloc_skb(net, hsize + doffset + headroom, err);
		if (!nskb) {
			rc = SKL_SKB_ENOMEM;
			goto out_free;
		}
		segs[n++] = nskb;
		snprintf(name, sizeof(name), "seg%d", n);
		skl_skb_set_name(nskb, name);
		skl_skb_set_dev(nskb, skb->dev[0] ? skb->dev : NULL);
		nskb->protocol = skb->protocol; /* __copy_skb_header() */
		skl_skb_reserve(nskb, (int32_t)headroom, NULL);
		if ((rc = skl_skb_put_unchecked(nskb, doffset, NULL, err)) < 0)
			goto out_free;
		/* skb_copy_from_linear_data(skb, nskb->data, doffset) */
		skl_skb_write(nskb, nskb->data, hdr, doffset, NULL);
		regions_take(nskb->h, h, mac, doffset);
		skl_skb_set_header(nskb, SKL_MARK_MAC, 0, NULL);
		skl_skb_set_header(nskb, SKL_MARK_NETWORK, nh - mac, NULL);
		skl_skb_set_header(nskb, SKL_MARK_TRANSPORT, (int32_t)(nh - mac + (int32_t)ihl), NULL);
		if (!sg) { /* no NETIF_F_SG: the payload copied */
			if ((rc = copy_linear(nskb, skb, offset, len, err)) < 0)
				goto out_free;
		} else {
			skb_head *nhd = nskb->h;
			if ((rc = copy_linear(nskb, skb, offset, hsize, err)) < 0)
				goto out_free;
			while (pos < offset + len && i < h->nr_frags) {
				skb_frag *f;
				uint32_t size;
				if (nhd->nr_frags >=
				    (int)net->p.max_skb_frags) { /* 6.x: "skb_segment: too many frags" */
					skl_errorf(err, "skb_segment: too many frags: %lu %lu", (unsigned long)pos,
						   (unsigned long)mss);
					rc = SKL_SKB_EINVAL;
					goto out_free;
				}
				f = &nhd->frags[nhd->nr_frags];
				*f = h->frags[i];
				f->blk->refs++; /* get_page() / __skb_frag_ref() */
				size = f->size;
				if (pos < offset) {
					f->off += offset - pos;
					f->size -= offset - pos;
				}
				nhd->nr_frags++;
				if (pos + size <= offset + len) {
					i++;
					pos += size;
				} else {
					f->size -= pos + size - (offset + len);
					break;
				}
			}
			nskb->data_len = len - hsize;
			nskb->len += nskb->data_len;
			nskb->truesize += nskb->data_len;
		}
		/* tcp_tso_segment: seq, PSH/FIN only on the last; inet_gso_segment:
		 * id++, tot_len; then the checksums (what the NIC would finish) */
		ip = hdr + (nh - mac);
		th = ip + ihl;
		{
			uint8_t b[60 + 60];
			skl_skb_read(nskb, nskb->data + (nh - mac), b, ihl + thl);
			wr16(b + 2, nskb->len - (uint32_t)(nh - mac));
			wr16(b + 4, (id0 + (uint32_t)n - 1) & 0xffff);
			wr32(b + ihl + 4, seq0 + (offset - doffset));
			if (offset + len < total)
				b[ihl + 13] = th[13] & (uint8_t)~0x09u; /* ~(TCP_FLAG_FIN | TCP_FLAG_PSH) */
			skl_skb_write(nskb, nskb->data + (nh - mac), b, ihl + thl, NULL);
		}
		skl__net_layers_fix(nskb);
		snprintf(d, sizeof(d), "segment %d of %lu: %lu bytes of payload, %d frags", n, (unsigned long)nsegs,
			 (unsigned long)len, nskb->h->nr_frags);
		skl__net_set_last_op(nskb, "skb_segment", 1, mss);
		skl__net_op_event(nskb, "skb_segment", len, d);
	} while ((offset += len) < total);
	snprintf(d, sizeof(d), "%d segments of at most %lu bytes of payload", n, (unsigned long)mss);
	skl__net_op_event(skb, "skb_segment", mss, d);
	return n;

out_free:
	while (n > 0)
		skl_kfree_skb(segs[--n], NULL);
	return rc < 0 ? rc : SKL_SKB_ENOMEM;
}

/* ---- frag_list --------------------------------------------------------------------------- */

static int fraglist_add(skl_skb *owner, skl_skb *m, skl_error *err)
{
	skb_head *h = owner->h;
	if (h->nfrag_list == h->capfrag_list) {
		int cap = h->capfrag_list ? 2 * h->capfrag_list : 8;
		skl_skb **fl = skl_realloc(h->frag_list, (size_t)cap * sizeof(*fl));
		if (!fl)
			return skl_errorf(err, "out of memory"), SKL_SKB_ENOMEM;
		h->frag_list = fl;
		h->capfrag_list = cap;
	}
	h->frag_list[h->nfrag_list++] = m;
	m->fl_owner = owner;
	return 0;
}

void skl__net_fraglist_drop(skb_head *h)
{
	int i, n = h->nfrag_list;
	h->nfrag_list = 0;
	for (i = 0; i < n; i++) {
		skl_skb *m = h->frag_list[i];
		m->fl_owner = NULL;
		skl_kfree_skb(m, NULL);
	}
}

int skl__net_fraglist_copy(const skb_head *h, uint64_t pos, uint8_t *to, uint32_t len)
{
	int i;
	for (i = 0; len && i < h->nfrag_list; i++) {
		const skl_skb *m = h->frag_list[i];
		uint32_t n;
		if (pos >= m->len) {
			pos -= m->len;
			continue;
		}
		n = m->len - (uint32_t)pos < len ? m->len - (uint32_t)pos : len;
		if (skl_skb_copy_bits(m, (int32_t)pos, to, n) < 0)
			return -1;
		to += n;
		len -= n;
		pos = 0;
	}
	return len ? -1 : 0;
}

int skl_skb_frag_list_len(const skl_skb *skb)
{
	return skb->h->nfrag_list;
}

skl_skb *skl_skb_frag_list_at(const skl_skb *skb, int i)
{
	return i >= 0 && i < skb->h->nfrag_list ? skb->h->frag_list[i] : NULL;
}

int skl_skb_gro_count(const skl_skb *skb)
{
	return skb->gro_count;
}

/* ---- skb_gro_receive --------------------------------------------------------------------- */

/* skb_gro_offset(): the IPv4 and TCP headers from data. */
static int gro_offset(const skl_skb *skb, uint32_t *off)
{
	uint32_t ihl, thl;
	if (tcp_lens(skb, 0, &ihl, &thl) < 0)
		return -1;
	*off = ihl + thl;
	return 0;
}

/* dev_gro_receive()'s GRO_HELD: the first frame of a flow is kept, its
 * payload the gso_size the rest must match. */
static int gro_hold(skl_skb *p, skl_error *err)
{
	uint32_t off;
	if (gro_offset(p, &off) < 0 || off > p->len)
		return skl_errorf(err, "napi_gro_receive: %s is not a TCP/IPv4 frame at data (after eth_type_trans)",
				  p->name),
		       SKL_SKB_EINVAL;
	p->gro_count = 1;
	p->gro_last = p;
	p->h->gso_size = p->len - off; /* skb_shinfo(skb)->gso_size = skb_gro_len(skb) */
	return 0;
}

/* The frags of skb moved to the end of dst's (the first trimmed by
 * `eat` bytes of headers that sat in it). */
static void frags_move(skb_head *dst, skb_head *src, uint32_t eat)
{
	int j, first = dst->nr_frags;
	for (j = 0; j < src->nr_frags; j++)
		dst->frags[dst->nr_frags++] = src->frags[j];
	if (src->nr_frags && eat) {
		dst->frags[first].off += eat;
		dst->frags[first].size -= eat;
	}
	src->nr_frags = 0;
}

/* __skb_pull(skb, offset) (eating into frags[0] when the headers reach
 * into it) and skb onto owner's frag_list, its header released. */
static int to_frag_list(skl_skb *owner, skl_skb *skb, uint32_t offset, skl_error *err)
{
	uint32_t headlen = skl_skb_headlen(skb);
	int rc;
	if (offset > headlen) {
		uint32_t eat = offset - headlen;
		skb->h->frags[0].off += eat;
		skb->h->frags[0].size -= eat;
		skb->data_len -= eat;
		skb->len -= eat;
		offset = headlen;
	}
	if ((rc = fraglist_add(owner, skb, err)) < 0)
		return rc;
	skb->data += offset;
	skb->len -= offset;
	skl__net_set_last_op(skb, "__skb_pull", 1, offset);
	skl__net_op_event(skb, "__skb_pull", offset, "skb_gro_receive: onto the held packet's frag_list");
	if (skb->net->p.era == SKL_ERA_6_X) { /* __skb_header_release() */
		skb->nohdr = 1;
		skb->h->dataref = 1 + (1u << DATAREF_SHIFT);
	} else {
		skl_skb_header_release(skb, NULL);
	}
	return 0;
}

/* 2.6.31: the held packet is linear, so a new skb takes its headers and
 * the old one becomes the first of its frag_list. */
static skl_skb *holder_new(skl_skb *p, skl_error *err)
{
	skl_net *net = p->net;
	uint32_t off, headroom = (uint32_t)skl_skb_headroom(p);
	int32_t mac = p->mark[SKL_MARK_MAC] >= 0 ? p->mark[SKL_MARK_MAC] : (int32_t)p->data;
	skl_skb *nskb;
	int i;
	if (gro_offset(p, &off) < 0)
		return NULL;
	nskb = skl_netdev_alloc_skb(net, p->dev[0] ? p->dev : NULL, headroom + off, err);
	if (!nskb)
		return NULL;
	skl_skb_set_name(nskb, "gro");
	nskb->protocol = p->protocol;
	skl_skb_reserve(nskb, (int32_t)headroom, NULL);
	skl_skb_put_unchecked(nskb, off, NULL, NULL);
	for (i = 0; i < 3; i++)
		if (p->mark[i] >= 0)
			skl_skb_set_header(nskb, (skl_skb_mark)i, (int32_t)(p->mark[i] - p->data), NULL);
	{ /* memcpy(skb_mac_header(nskb), skb_mac_header(p), p->data - skb_mac_header(p)) */
		uint32_t n = (uint32_t)(p->data + off - mac);
		uint8_t *b = skl_malloc(n ? n : 1);
		int64_t shift = (nskb->data - p->data);
		if (b) {
			skl_skb_read(p, mac, b, n);
			skl_skb_write(nskb, mac + shift, b, n, NULL);
			skl_free(b);
		}
		for (i = 0; i < p->h->nregions; i++) {
			const hregion *r = &p->h->regions[i];
			hregion *c;
			if ((int64_t)r->r.off < mac || (int64_t)r->r.off + r->r.len > p->data + off)
				continue;
			c = skl__net_region_add(nskb->h, r->r.name, r->r.off + shift, r->r.len, r->r.detail);
			if (c) {
				c->layer = 0; /* the merged packet's lengths are GRO's, not the writer's */
				c->kind = r->kind;
			}
		}
	}
	nskb->h->gso_size = p->h->gso_size;
	nskb->gro_count = p->gro_count;
	p->gro_count = 0;
	p->gro_last = NULL;
	if (fraglist_add(nskb, p, err) < 0) {
		skl_kfree_skb(nskb, NULL);
		return NULL;
	}
	p->data += off; /* __skb_pull(p, skb_gro_offset(p)) */
	p->len -= off;
	skl_skb_header_release(p, NULL);
	nskb->data_len += p->len;
	nskb->truesize += p->len;
	nskb->len += p->len;
	return nskb;
}

/* models skb_gro_receive(): 2.6.31 net/core/skbuff.c, 6.18 net/core/gro.c */
int skl_skb_gro_receive(skl_skb **head, skl_skb *skb, skl_error *err)
{
	skl_skb *p = head ? *head : NULL, *lp;
	skl_net *net;
	uint32_t offset, headlen, len, delta, max;
	int nfree = 0, rc;
	char d[160];
	if (!p || !skb || p == skb)
		return skl_errorf(err, "skb_gro_receive: a held packet and another frame"), SKL_SKB_EINVAL;
	net = p->net;
	if (refused(p, "skb_gro_receive", err) || refused(skb, "skb_gro_receive", err))
		return SKL_SKB_EINVAL;
	if (skb->net != net)
		return skl_errorf(err, "skb_gro_receive: the frames are on two machines"), SKL_SKB_EINVAL;
	if (skb->fl_owner || skb->gro_count || skb->h->nfrag_list || p->fl_owner)
		return skl_errorf(err, "skb_gro_receive: %s is part of a GRO packet already", skb->name),
		       SKL_SKB_EINVAL;
	if (skb->users != 1 || skb->cloned || p->users != 1 || p->cloned)
		return skl_errorf(err,
				  "skb_gro_receive: GRO takes frames fresh from the driver (not shared or cloned)"),
		       SKL_SKB_EINVAL;
	if (gro_offset(skb, &offset) < 0 || offset > skb->len)
		return skl_errorf(err, "skb_gro_receive: %s is not a TCP/IPv4 frame at data (after eth_type_trans)",
				  skb->name),
		       SKL_SKB_EINVAL;
	headlen = skl_skb_headlen(skb);
	if (offset > headlen && (!skb->h->nr_frags || skb->h->frags[0].size < offset - headlen))
		return skl_errorf(err, "skb_gro_receive: %s's headers must be in its head or its first frag",
				  skb->name),
		       SKL_SKB_EINVAL;
	if (!p->gro_count && (rc = gro_hold(p, err)) < 0)
		return rc;
	len = skb->len - offset; /* skb_gro_len() */
	max = net->p.max_skb_frags;
	skl__net_set_last_op(p, "skb_gro_receive", 1, len);
	if (p->len + len >= SKL_GRO_MAX_SIZE) { /* 6.x: gro_max_size, GRO_LEGACY_MAX_SIZE by default */
		snprintf(d, sizeof(d), "-E2BIG: len %lu + %lu would reach %d", (unsigned long)p->len,
			 (unsigned long)len, SKL_GRO_MAX_SIZE);
		skl__net_op_event(p, "skb_gro_receive", len, d);
		return skl_errorf(err, "skb_gro_receive: %s", d), SKL_SKB_E2BIG;
	}
	if (net->p.era == SKL_ERA_2_6_31) {
		if (p->h->nfrag_list)
			goto merge;
		if (headlen <= offset) {
			int nr = p->h->nr_frags + skb->h->nr_frags;
			if (nr > (int)max) {
				snprintf(d, sizeof(d), "-E2BIG: %d frags would pass MAX_SKB_FRAGS (%lu)", nr,
					 (unsigned long)max);
				skl__net_op_event(p, "skb_gro_receive", len, d);
				return skl_errorf(err, "skb_gro_receive: %s", d), SKL_SKB_E2BIG;
			}
			frags_move(p->h, skb->h, offset - headlen);
			skb->truesize -= skb->data_len;
			skb->len -= skb->data_len;
			skb->data_len = 0;
			nfree = 1;
			lp = p;
			delta = len;
			goto done;
		}
		p = holder_new(p, err);
		if (!p)
			return SKL_SKB_ENOMEM;
		*head = p;
	merge:
		if ((rc = to_frag_list(p, skb, offset, err)) < 0)
			return rc;
		p->gro_last = skb;
		lp = p;
		delta = len; /* 2.6.31: p->truesize += len */
		goto done;
	}
	/* 6.x: frags go to the last skb of the chain */
	lp = p->gro_last ? p->gro_last : p;
	if (headlen <= offset) {
		int nr = lp->h->nr_frags + skb->h->nr_frags;
		uint32_t nt;
		if (nr > (int)max)
			goto merge6;
		frags_move(lp->h, skb->h, offset - headlen);
		nt = truesize_of(net, skb->end); /* SKB_TRUESIZE(skb_end_offset(skb)) */
		delta = skb->truesize - nt;
		skb->truesize = nt;
		skb->len -= skb->data_len;
		skb->data_len = 0;
		nfree = 1; /* NAPI_GRO_FREE */
		goto done;
	} else if (skb->head_frag) {
		skb_head *lh = lp->h;
		skb_frag *f;
		if (lh->nr_frags + 1 + skb->h->nr_frags > (int)max)
			goto merge6;
		f = &lh->frags[lh->nr_frags++];
		f->blk = skb->h->blk;
		f->blk->refs++; /* the stolen head (its own reference goes with the sk_buff below) */
		f->off = (uint32_t)(skb->h->addr - f->blk->addr) + (uint32_t)skb->data + offset;
		f->size = headlen - offset;
		frags_move(lh, skb->h, 0);
		delta = skb->truesize - align_to(net->p.skb_size, net->p.smp_cache_bytes);
		skb->truesize = align_to(net->p.skb_size, net->p.smp_cache_bytes);
		nfree = 2; /* NAPI_GRO_FREE_STOLEN_HEAD */
		goto done;
	}
merge6:
	delta = skb->truesize;
	if ((rc = to_frag_list(p, skb, offset, err)) < 0)
		return rc;
	p->gro_last = skb;
	lp = p;
done:
	p->gro_count++;
	p->data_len += len;
	p->truesize += delta;
	p->len += len;
	if (lp != p) {
		lp->data_len += len;
		lp->truesize += delta;
		lp->len += len;
	}
	snprintf(d, sizeof(d), "%s: %lu bytes, count %d, len %lu, nr_frags %d, frag_list %d", skb->name,
		 (unsigned long)len, p->gro_count, (unsigned long)p->len, p->h->nr_frags, p->h->nfrag_list);
	skl__net_op_event(p, "skb_gro_receive", len, d);
	if (nfree) {
		/* napi_skb_finish(): GRO_MERGED_FREE frees what is left of skb */
		skl_kfree_skb(skb, NULL);
		return SKL_GRO_MERGED_FREE;
	}
	return SKL_GRO_MERGED;
}

/* models napi_gro_complete() with inet_gro_complete() and tcp_gro_complete() */
int skl_skb_gro_complete(skl_skb *skb, skl_error *err)
{
	skb_head *h = skb->h;
	int count = skb->gro_count;
	uint8_t ip[60];
	char d[96];
	if (refused(skb, "napi_gro_complete", err))
		return SKL_SKB_EINVAL;
	if (!count)
		return skl_errorf(err, "napi_gro_complete: %s is not held by GRO", skb->name), SKL_SKB_EINVAL;
	if (count == 1) {
		h->gso_size = 0;
	} else {
		uint32_t ihl;
		h->gso_segs = (uint32_t)count;
		h->gso_type |= SKL_GSO_TCPV4;
		/* iph->tot_len = htons(skb->len - nhoff), the checksum redone */
		if (skl_skb_read(skb, skb->data, ip, 20) == 0 && (ip[0] >> 4) == 4 && (ihl = (ip[0] & 15u) * 4) >= 20 &&
		    skl_skb_read(skb, skb->data, ip, ihl) == 0) {
			uint32_t c;
			wr16(ip + 2, skb->len & 0xffff);
			ip[10] = ip[11] = 0;
			c = skl_ip_checksum(ip, ihl);
			wr16(ip + 10, c);
			skl_skb_write(skb, skb->data, ip, ihl, NULL);
		}
	}
	skb->gro_count = 0;
	skb->gro_last = NULL;
	skl__net_set_last_op(skb, "napi_gro_complete", 0, 0);
	snprintf(d, sizeof(d), "%d frames: len %lu, gso_size %lu, gso_segs %lu", count, (unsigned long)skb->len,
		 (unsigned long)h->gso_size, (unsigned long)h->gso_segs);
	skl__net_op_event(skb, "napi_gro_complete", (uint64_t)count, d);
	return count;
}
