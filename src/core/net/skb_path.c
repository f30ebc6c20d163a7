/*
 * skb_path.c - the TCP transmit and receive paths as steps, each a client
 * of the sk_buff model (skb.c): tcp_sendmsg's allocation and copy, the
 * clone tcp_transmit_skb sends, the TCP, IP and Ethernet headers pushed,
 * the driver's xmit and the ACK that frees; on receive the driver's
 * allocation and DMA, eth_type_trans, netif_receive_skb, ip_rcv, the TCP
 * layer and the read that consumes it.
 */

#include "skb_impl.h"

#include <stdio.h>
#include <string.h>

/* ---- paths: TCP transmit and receive, one step at a time ------------------------------------------------ */

static const char *const tx_steps[] = {"alloc", "copy", "clone", "tcp", "ip", "eth", "xmit", "ack"};
static const char *const rx_steps[] = {"alloc", "dma", "eth", "netif", "ip", "deliver", "tcp", "consume"};
#define NSTEPS 8

struct skl_skb_path {
	skl_net *net;
	int rx;
	skl_path_opts o;
	char dev[16];
	uint64_t skb_id, clone_id;
	int done;
	char caption[1024];
	uint32_t payload, tcp_hlen, frame_len;
};

void skl_path_opts_default(skl_path_opts *o)
{
	memset(o, 0, sizeof(*o));
	skl_flow_default(&o->flow);
	o->payload.len = 1448;
	o->payload.pattern = SKL_PAYLOAD_TEXT;
}

static skl_skb_path *path_begin(skl_net *net, int rx, const skl_path_opts *o, skl_error *err)
{
	skl_skb_path *p;
	if (o && o->flow.protocol && o->flow.protocol != SKL_IPPROTO_TCP)
		return skl_errorf(err, "the path helpers build TCP segments (protocol %u given)", o->flow.protocol),
		       NULL;
	p = skl_calloc(1, sizeof(*p));
	if (!p)
		return skl_errorf(err, "out of memory"), NULL;
	p->net = net;
	p->rx = rx;
	if (o)
		p->o = *o;
	else
		skl_path_opts_default(&p->o);
	if (!p->o.payload.len)
		p->o.payload.len = 1448;
	p->o.flow.protocol = SKL_IPPROTO_TCP;
	skl__net_copy_str(p->dev, sizeof(p->dev), p->o.dev && *p->o.dev ? p->o.dev : "eth0");
	p->o.dev = NULL; /* not kept: the copy above is */
	p->o.payload.bytes = NULL;
	if (o && o->payload.pattern == SKL_PAYLOAD_BYTES) {
		p->o.payload.pattern = SKL_PAYLOAD_TEXT; /* the caller's bytes are not kept */
	}
	p->payload = p->o.payload.len;
	p->tcp_hlen = p->o.flow.timestamps ? 32 : 20;
	p->frame_len = SKL_ETH_HLEN + SKL_IPV4_HLEN + p->tcp_hlen + p->payload;
	return p;
}

skl_skb_path *skl_skb_tx_tcp_begin(skl_net *net, const skl_path_opts *o, skl_error *err)
{
	return path_begin(net, 0, o, err);
}

skl_skb_path *skl_skb_rx_tcp_begin(skl_net *net, const skl_path_opts *o, skl_error *err)
{
	return path_begin(net, 1, o, err);
}

void skl_skb_path_end(skl_skb_path *p)
{
	skl_free(p);
}

int skl_skb_path_nsteps(const skl_skb_path *p)
{
	(void)p;
	return NSTEPS;
}

int skl_skb_path_ndone(const skl_skb_path *p)
{
	return p->done;
}

const char *skl_skb_path_step_name(const skl_skb_path *p, int i)
{
	if (i < 0 || i >= NSTEPS)
		return NULL;
	return p->rx ? rx_steps[i] : tx_steps[i];
}

const char *skl_skb_path_caption(const skl_skb_path *p)
{
	return p->caption;
}

skl_skb *skl_skb_path_skb(const skl_skb_path *p)
{
	return skl_net_skb(p->net, p->skb_id);
}

skl_skb *skl_skb_path_clone(const skl_skb_path *p)
{
	return skl_net_skb(p->net, p->clone_id);
}

/* Every step checks that it is the next one and that its skb is alive. */
static int step_check(skl_skb_path *p, int rx, int i, skl_error *err)
{
	const char *const *names = rx ? rx_steps : tx_steps;
	if (p->rx != rx)
		return skl_errorf(err, "this is a %s path: '%s' is a %s step", p->rx ? "receive" : "transmit", names[i],
				  rx ? "receive" : "transmit"),
		       SKL_SKB_EINVAL;
	if (p->done != i)
		return skl_errorf(err, "%s step '%s': the next step is '%s'", rx ? "receive" : "transmit", names[i],
				  p->done < NSTEPS ? names[p->done] : "(none: the path is done)"),
		       SKL_SKB_EINVAL;
	if (i > 0 && !skl_skb_path_skb(p) && !(rx == 0 && i == NSTEPS - 1 && !skl_skb_path_skb(p)))
		return skl_errorf(err, "the path's skb was freed"), SKL_SKB_EINVAL;
	return 0;
}

static void tcp_layer(const skl_skb_path *p, skl_hdr *h)
{
	const skl_flow *f = &p->o.flow;
	memset(h, 0, sizeof(*h));
	h->kind = SKL_HDR_TCP;
	h->u.tcp.sport = f->sport;
	h->u.tcp.dport = f->dport;
	h->u.tcp.seq = f->seq;
	h->u.tcp.ack = f->ack;
	h->u.tcp.flags = f->tcp_flags;
	h->u.tcp.window = f->window;
	h->u.tcp.timestamps = f->timestamps;
	h->u.tcp.tsval = f->tsval;
	h->u.tcp.tsecr = f->tsecr;
	h->u.tcp.saddr = f->saddr;
	h->u.tcp.daddr = f->daddr;
}

static void ip_layer(const skl_skb_path *p, skl_hdr *h)
{
	const skl_flow *f = &p->o.flow;
	memset(h, 0, sizeof(*h));
	h->kind = SKL_HDR_IPV4;
	h->u.ip.ttl = f->ttl;
	h->u.ip.id = f->ip_id;
	h->u.ip.frag_off = SKL_IP_DF;
	h->u.ip.protocol = SKL_IPPROTO_TCP;
	h->u.ip.saddr = f->saddr;
	h->u.ip.daddr = f->daddr;
}

static void eth_layer(const skl_skb_path *p, skl_hdr *h)
{
	memset(h, 0, sizeof(*h));
	h->kind = SKL_HDR_ETH;
	memcpy(h->u.eth.src, p->o.flow.src_mac, 6);
	memcpy(h->u.eth.dst, p->o.flow.dst_mac, 6);
	h->u.eth.type = SKL_ETH_P_IP;
}

/* "headroom 160, tailroom 1472, len 0" */
static void geometry(const skl_skb *skb, char *out, size_t n)
{
	snprintf(out, n, "data at +%lld, headroom %ld, tailroom %ld, len %lu, data_len %lu, truesize %lu",
		 (long long)skb->data, (long)skl_skb_headroom(skb), (long)skl_skb_tailroom(skb),
		 (unsigned long)skb->len, (unsigned long)skb->data_len, (unsigned long)skb->truesize);
}

/* The path helpers name the kernel function that called skb_put and the
 * others, for the panics' "text:"; the scenario's caller comes back after. */
typedef struct saved_caller {
	char name[48];
} saved_caller;

static void caller_enter(skl_net *net, const char *fn, saved_caller *s)
{
	skl__net_copy_str(s->name, sizeof(s->name), net->caller);
	skl_net_set_caller(net, fn);
}

static void caller_leave(skl_net *net, const saved_caller *s)
{
	skl_net_set_caller(net, s->name);
}

int skl_skb_tx_tcp_alloc(skl_skb_path *p, skl_error *err)
{
	skl_net *net = p->net;
	skl_skb *skb;
	char g[200];
	uint32_t mth = net->p.max_tcp_header;
	int rc = step_check(p, 0, 0, err);
	if (rc < 0)
		return rc;
	{
		saved_caller saved;
		caller_enter(net, net->p.era == SKL_ERA_2_4 ? "tcp_sendmsg" : "sk_stream_alloc_skb", &saved);
		if (net->p.era == SKL_ERA_2_4) {
			/* tcp_alloc_pskb(sk, size): alloc_skb(size + MAX_TCP_HEADER), skb_reserve(MAX_TCP_HEADER) */
			skb = skl_alloc_skb(net, p->payload + mth, err);
			rc = skb ? skl_skb_reserve(skb, (int32_t)mth, err) : SKL_SKB_ENOMEM;
			if (rc == 0) {
				geometry(skb, g, sizeof(g));
				snprintf(p->caption, sizeof(p->caption),
					 "tcp_alloc_pskb: alloc_skb(%lu) from %s, skb_reserve(MAX_TCP_HEADER %lu): %s",
					 (unsigned long)(p->payload + mth), skb->h->cache, (unsigned long)mth, g);
			}
		} else {
			uint32_t linear = net->p.era == SKL_ERA_2_6_31 && p->o.no_sg ? p->payload : 0;
			skb = skl_alloc_skb_fclone(net, linear + mth, err);
			rc = skb ? 0 : SKL_SKB_ENOMEM;
			if (rc == 0) {
				int32_t res =
				    net->p.era == SKL_ERA_6_X ? (int32_t)mth : skl_skb_tailroom(skb) - (int32_t)linear;
				rc = skl_skb_reserve(skb, res, err);
				if (rc == 0)
					rc = skl_skb_header_release(skb, err); /* skb_entail / tcp_skb_entail */
				if (rc == 0) {
					geometry(skb, g, sizeof(g));
					snprintf(
					    p->caption, sizeof(p->caption),
					    "%s: alloc_skb_fclone(%lu) from %s, skb_reserve(%ld), header released: %s",
					    net->p.era == SKL_ERA_6_X ? "tcp_stream_alloc_skb" : "sk_stream_alloc_skb",
					    (unsigned long)(linear + mth), skb->h->cache, (long)res, g);
				}
			}
		}
		caller_leave(net, &saved);
	}
	if (rc < 0)
		return rc;
	skb->sk_owned = 1;
	skl_skb_set_name(skb, "skb");
	p->skb_id = skb->id;
	p->done++;
	return 1;
}

int skl_skb_tx_tcp_copy(skl_skb_path *p, skl_error *err)
{
	skl_net *net = p->net;
	skl_skb *skb;
	char g[200];
	int rc = step_check(p, 0, 1, err);
	if (rc < 0)
		return rc;
	skb = skl_skb_path_skb(p);
	{
		saved_caller saved;
		caller_enter(net, "tcp_sendmsg", &saved);
		if (net->p.era == SKL_ERA_2_4 || (net->p.era == SKL_ERA_2_6_31 && p->o.no_sg)) {
			skl_hdr h;
			memset(&h, 0, sizeof(h));
			h.kind = SKL_HDR_PAYLOAD;
			h.u.payload = p->o.payload;
			rc = skl_skb_put_hdr(skb, &h, 0, err);
			if (rc == 0) {
				geometry(skb, g, sizeof(g));
				snprintf(p->caption, sizeof(p->caption),
					 "tcp_sendmsg: skb_put(%lu) and copy the payload into "
					 "the linear area: %s",
					 (unsigned long)p->payload, g);
			}
		} else {
			skl__net_set_last_op(skb, "skb_fill_page_desc", 1, p->payload);
			rc = skl__net_frag_add(skb, &net->tx, p->payload, 0, &p->o.payload, 0, err);
			if (rc == 0) {
				skl__net_op_event(skb, "skb_fill_page_desc", p->payload,
						  "payload into a page fragment");
				geometry(skb, g, sizeof(g));
				snprintf(p->caption, sizeof(p->caption),
					 "tcp_sendmsg: %lu bytes copied into a page fragment "
					 "(%s), linear part stays empty: %s",
					 (unsigned long)p->payload,
					 net->p.era == SKL_ERA_6_X ? "sk_page_frag" : "sk_sndmsg_page", g);
			}
		}
		caller_leave(net, &saved);
	}
	if (rc < 0)
		return rc;
	p->done++;
	return 1;
}

int skl_skb_tx_tcp_clone(skl_skb_path *p, skl_error *err)
{
	skl_skb *skb, *c;
	int rc = step_check(p, 0, 2, err);
	if (rc < 0)
		return rc;
	skb = skl_skb_path_skb(p);
	{
		saved_caller saved;
		caller_enter(p->net, "tcp_transmit_skb", &saved);
		c = skl_skb_clone(skb, err);
		caller_leave(p->net, &saved);
	}
	if (!c)
		return SKL_SKB_ENOMEM;
	p->clone_id = c->id;
	snprintf(
	    p->caption, sizeof(p->caption),
	    "tcp_transmit_skb: skb_clone(skb) (%s): both share the head, dataref %#lx, the clone goes down the stack",
	    c->fclone == FCLONE_CLONE ? "the fclone companion, no allocation" : "from skbuff_head_cache",
	    (unsigned long)c->h->dataref);
	p->done++;
	return 1;
}

/* The clone of the TX path, or an error. */
static skl_skb *tx_clone(skl_skb_path *p, skl_error *err)
{
	skl_skb *c = skl_skb_path_clone(p);
	if (!c)
		skl_errorf(err, "the path's clone was freed");
	return c;
}

int skl_skb_tx_tcp_push_tcp(skl_skb_path *p, skl_error *err)
{
	skl_skb *c;
	skl_hdr h;
	char g[200];
	int rc = step_check(p, 0, 3, err);
	if (rc < 0)
		return rc;
	if (!(c = tx_clone(p, err)))
		return SKL_SKB_EINVAL;
	tcp_layer(p, &h);
	{
		saved_caller saved;
		caller_enter(p->net, "tcp_transmit_skb", &saved);
		rc = skl_skb_push_hdr(c, &h, 0, err);
		caller_leave(p->net, &saved);
	}
	if (rc < 0)
		return rc;
	geometry(c, g, sizeof(g));
	snprintf(p->caption, sizeof(p->caption), "tcp_transmit_skb: skb_push(clone, %lu), TCP header%s: %s",
		 (unsigned long)p->tcp_hlen, p->o.flow.timestamps ? " with timestamps" : "", g);
	p->done++;
	return 1;
}

int skl_skb_tx_tcp_push_ip(skl_skb_path *p, skl_error *err)
{
	skl_skb *c;
	skl_hdr h;
	char g[200];
	int rc = step_check(p, 0, 4, err);
	if (rc < 0)
		return rc;
	if (!(c = tx_clone(p, err)))
		return SKL_SKB_EINVAL;
	ip_layer(p, &h);
	{
		saved_caller saved;
		caller_enter(p->net, "ip_queue_xmit", &saved);
		rc = skl_skb_push_hdr(c, &h, 0, err);
		caller_leave(p->net, &saved);
	}
	if (rc < 0)
		return rc;
	skl_skb_set_dev(c, p->dev); /* ip_output: skb->dev = dev */
	geometry(c, g, sizeof(g));
	snprintf(p->caption, sizeof(p->caption), "ip_queue_xmit: skb_push(clone, 20), IPv4 header and checksum: %s", g);
	p->done++;
	return 1;
}

int skl_skb_tx_tcp_push_eth(skl_skb_path *p, skl_error *err)
{
	skl_net *net = p->net;
	skl_skb *c;
	skl_hdr h;
	uint8_t hh[16];
	char g[200];
	int rc = step_check(p, 0, 5, err);
	if (rc < 0)
		return rc;
	if (!(c = tx_clone(p, err)))
		return SKL_SKB_EINVAL;
	if (skl_skb_headroom(c) < 16) /* LL_RESERVED_SPACE(dev) for Ethernet */
		return skl_errorf(err,
				  "ip_finish_output2: headroom %ld is below LL_RESERVED_SPACE (16): the kernel "
				  "would reallocate the head (skb_realloc_headroom), which this path does not model",
				  (long)skl_skb_headroom(c)),
		       SKL_SKB_EINVAL;
	eth_layer(p, &h);
	/* neigh_hh_output: the cached header sits right-aligned in 16 bytes of hh_data */
	memset(hh, 0, sizeof(hh));
	skl_pkt_write_eth(hh + 2, &h.u.eth);
	skl_skb_write(c, c->data - 16, hh, 16, NULL);
	{
		saved_caller saved;
		caller_enter(net, "ip_finish_output2", &saved);
		rc = skl_skb_push_hdr(c, &h, net->p.era == SKL_ERA_6_X, err);
		caller_leave(net, &saved);
	}
	if (rc < 0)
		return rc;
	geometry(c, g, sizeof(g));
	snprintf(
	    p->caption, sizeof(p->caption),
	    "ip_finish_output2: neigh_hh_output copies 16 bytes of hh_data to data-16, %s(clone, 14): %s; the frame "
	    "is %lu bytes (headlen %lu)",
	    net->p.era == SKL_ERA_6_X ? "__skb_push" : "skb_push", g, (unsigned long)c->len,
	    (unsigned long)skl_skb_headlen(c));
	p->done++;
	return 1;
}

int skl_skb_tx_tcp_xmit(skl_skb_path *p, skl_error *err)
{
	skl_skb *c;
	uint32_t len;
	int rc = step_check(p, 0, 6, err);
	if (rc < 0)
		return rc;
	if (!(c = tx_clone(p, err)))
		return SKL_SKB_EINVAL;
	len = c->len;
	{
		saved_caller saved;
		caller_enter(p->net, "dev_kfree_skb_any", &saved);
		rc = skl_kfree_skb(c, err);
		caller_leave(p->net, &saved);
	}
	if (rc < 0)
		return rc;
	{
		skl_skb *skb = skl_skb_path_skb(p);
		snprintf(
		    p->caption, sizeof(p->caption),
		    "dev_queue_xmit: the NIC sends the %lu-byte frame; TX completion frees the clone: dataref %#lx",
		    (unsigned long)len, skb ? (unsigned long)skb->h->dataref : 0ul);
	}
	p->done++;
	return 1;
}

int skl_skb_tx_tcp_ack(skl_skb_path *p, skl_error *err)
{
	skl_skb *skb;
	int rc = step_check(p, 0, 7, err);
	if (rc < 0)
		return rc;
	skb = skl_skb_path_skb(p);
	if (!skb)
		return skl_errorf(err, "the path's skb was freed"), SKL_SKB_EINVAL;
	{
		saved_caller saved;
		caller_enter(p->net, "tcp_clean_rtx_queue", &saved);
		rc = skl_kfree_skb(skb, err);
		caller_leave(p->net, &saved);
	}
	if (rc < 0)
		return rc;
	snprintf(p->caption, sizeof(p->caption),
		 "tcp_ack: the segment is acknowledged; tcp_clean_rtx_queue frees the queued skb, its head and frags");
	p->done++;
	return 1;
}

int skl_skb_rx_tcp_alloc(skl_skb_path *p, skl_error *err)
{
	skl_net *net = p->net;
	skl_skb *skb;
	char g[200];
	uint32_t buf = p->o.rx_buf_len ? p->o.rx_buf_len : 1536;
	int rc = step_check(p, 1, 0, err);
	if (rc < 0)
		return rc;
	{
		saved_caller saved;
		caller_enter(net, "netdrv_rx", &saved);
		if (net->p.era == SKL_ERA_2_4) {
			/* dev_alloc_skb(pkt_len + 2) + skb_reserve(skb, 2), as 2.4 copy-on-receive drivers did */
			skb = skl_dev_alloc_skb(net, p->frame_len + 2, err);
			rc = skb ? skl_skb_reserve(skb, 2, err) : SKL_SKB_ENOMEM;
			if (skb)
				skl_skb_set_dev(skb, p->dev);
			if (rc == 0) {
				geometry(skb, g, sizeof(g));
				snprintf(
				    p->caption, sizeof(p->caption),
				    "driver: dev_alloc_skb(%lu) (alloc_skb(+16) from %s, reserve 16), skb_reserve(2) "
				    "to align the IP header: %s",
				    (unsigned long)(p->frame_len + 2), skb->h->cache, g);
			}
		} else if (net->p.era == SKL_ERA_2_6_31) {
			skb = skl_netdev_alloc_skb(net, p->dev, buf + net->p.net_ip_align, err);
			rc = skb ? skl_skb_reserve(skb, (int32_t)net->p.net_ip_align, err) : SKL_SKB_ENOMEM;
			if (rc == 0) {
				geometry(skb, g, sizeof(g));
				snprintf(p->caption, sizeof(p->caption),
					 "driver: netdev_alloc_skb(dev, %lu) (NET_SKB_PAD %lu, head from %s), "
					 "skb_reserve(NET_IP_ALIGN %lu): %s",
					 (unsigned long)(buf + net->p.net_ip_align), (unsigned long)net->p.net_skb_pad,
					 skb->h->cache, (unsigned long)net->p.net_ip_align, g);
			}
		} else {
			skb = skl_netdev_alloc_skb_ip_align(net, p->dev, buf, err);
			rc = skb ? 0 : SKL_SKB_ENOMEM;
			if (rc == 0) {
				geometry(skb, g, sizeof(g));
				snprintf(
				    p->caption, sizeof(p->caption),
				    "driver: netdev_alloc_skb_ip_align(dev, %lu) (NET_SKB_PAD %lu, NET_IP_ALIGN %lu, "
				    "head from %s): %s",
				    (unsigned long)buf, (unsigned long)net->p.net_skb_pad,
				    (unsigned long)net->p.net_ip_align, skb->h->cache, g);
			}
		}
		caller_leave(net, &saved);
	}
	if (rc < 0)
		return rc;
	skl_skb_set_name(skb, "rx");
	p->skb_id = skb->id;
	p->done++;
	return 1;
}

int skl_skb_rx_tcp_dma(skl_skb_path *p, skl_error *err)
{
	skl_skb *skb;
	skl_hdr hdrs[4];
	uint8_t *frame;
	uint32_t start, off;
	char g[200];
	int rc = step_check(p, 1, 1, err), i;
	if (rc < 0)
		return rc;
	skb = skl_skb_path_skb(p);
	frame = skl_malloc(p->frame_len);
	if (!frame)
		return skl_errorf(err, "out of memory"), SKL_SKB_ENOMEM;
	skl_flow_headers(&p->o.flow, &p->o.payload, hdrs);
	skl_pkt_build(frame, p->frame_len, hdrs, 4);
	{
		saved_caller saved;
		caller_enter(p->net, "netdrv_rx", &saved);
		rc = skl_skb_put(skb, p->frame_len, &start, err);
		caller_leave(p->net, &saved);
	}
	if (rc < 0) {
		skl_free(frame);
		return rc;
	}
	skl_skb_write(skb, start, frame, p->frame_len, NULL);
	for (i = 0, off = 0; i < 4; i++) {
		char d[160];
		uint32_t n = skl_hdr_len(&hdrs[i]);
		skl_hdr_describe(&hdrs[i], frame + off, d, sizeof(d));
		skl__net_region_add(skb->h, skl_hdr_name(hdrs[i].kind), start + off, n, d);
		off += n;
	}
	skl_free(frame);
	geometry(skb, g, sizeof(g));
	snprintf(p->caption, sizeof(p->caption), "driver: the NIC wrote a %lu-byte frame, skb_put(%lu): %s",
		 (unsigned long)p->frame_len, (unsigned long)p->frame_len, g);
	p->done++;
	return 1;
}

int skl_skb_rx_tcp_eth(skl_skb_path *p, skl_error *err)
{
	skl_skb *skb;
	char g[200];
	int rc = step_check(p, 1, 2, err);
	if (rc < 0)
		return rc;
	skb = skl_skb_path_skb(p);
	if ((rc = skl_skb_set_header(skb, SKL_MARK_MAC, 0, err)) < 0)
		return rc;
	{
		saved_caller saved;
		caller_enter(p->net, "eth_type_trans", &saved);
		rc = skl_skb_pull(skb, SKL_ETH_HLEN, err);
		caller_leave(p->net, &saved);
	}
	if (rc < 0)
		return rc;
	skb->protocol = SKL_ETH_P_IP;
	geometry(skb, g, sizeof(g));
	snprintf(p->caption, sizeof(p->caption),
		 "eth_type_trans: mac header = data, skb_pull(14), protocol = ETH_P_IP: %s", g);
	p->done++;
	return 1;
}

/* The headers a captured frame holds, read from its bytes as tcpdump's
 * ether/ip/tcp/udp printers would: each into a skl_hdr (for the tooltip's
 * one-line description) with its length on the wire. Stops at the first
 * layer that is not there in full or not one of these; what follows the
 * last header is the payload. The number of layers. */
static int frame_layers(const uint8_t *f, uint32_t len, skl_hdr *h, uint32_t *hl)
{
	uint32_t off = SKL_ETH_HLEN, ihl, l4;
	int n = 0;
	memset(h, 0, 4 * sizeof(*h));
	h[0].kind = SKL_HDR_ETH;
	memcpy(h[0].u.eth.dst, f, 6);
	memcpy(h[0].u.eth.src, f + 6, 6);
	h[0].u.eth.type = (uint16_t)(f[12] << 8 | f[13]);
	hl[n++] = SKL_ETH_HLEN;
	if (h[0].u.eth.type != SKL_ETH_P_IP || len - off < SKL_IPV4_HLEN || (f[off] >> 4) != 4)
		goto payload;
	ihl = (uint32_t)(f[off] & 15) * 4;
	if (ihl < SKL_IPV4_HLEN || len - off < ihl)
		goto payload;
	h[n].kind = SKL_HDR_IPV4;
	h[n].u.ip.tos = f[off + 1];
	h[n].u.ip.tot_len = (uint16_t)(f[off + 2] << 8 | f[off + 3]);
	h[n].u.ip.id = (uint16_t)(f[off + 4] << 8 | f[off + 5]);
	h[n].u.ip.frag_off = (uint16_t)(f[off + 6] << 8 | f[off + 7]);
	h[n].u.ip.ttl = f[off + 8];
	h[n].u.ip.protocol = f[off + 9];
	h[n].u.ip.ihl = (uint8_t)(ihl / 4);
	h[n].u.ip.saddr =
	    (uint32_t)f[off + 12] << 24 | (uint32_t)f[off + 13] << 16 | (uint32_t)f[off + 14] << 8 | f[off + 15];
	h[n].u.ip.daddr =
	    (uint32_t)f[off + 16] << 24 | (uint32_t)f[off + 17] << 16 | (uint32_t)f[off + 18] << 8 | f[off + 19];
	hl[n++] = ihl;
	off += ihl;
	if (h[1].u.ip.frag_off & 0x1fff) /* a later fragment: no L4 header */
		goto payload;
	if (h[1].u.ip.protocol == SKL_IPPROTO_TCP && len - off >= SKL_TCP_HLEN) {
		l4 = (uint32_t)(f[off + 12] >> 4) * 4;
		if (l4 < SKL_TCP_HLEN || len - off < l4)
			goto payload;
		h[n].kind = SKL_HDR_TCP;
		h[n].u.tcp.sport = (uint16_t)(f[off] << 8 | f[off + 1]);
		h[n].u.tcp.dport = (uint16_t)(f[off + 2] << 8 | f[off + 3]);
		h[n].u.tcp.seq =
		    (uint32_t)f[off + 4] << 24 | (uint32_t)f[off + 5] << 16 | (uint32_t)f[off + 6] << 8 | f[off + 7];
		h[n].u.tcp.ack =
		    (uint32_t)f[off + 8] << 24 | (uint32_t)f[off + 9] << 16 | (uint32_t)f[off + 10] << 8 | f[off + 11];
		h[n].u.tcp.flags = f[off + 13];
		h[n].u.tcp.window = (uint16_t)(f[off + 14] << 8 | f[off + 15]);
		h[n].u.tcp.urg = (uint16_t)(f[off + 18] << 8 | f[off + 19]);
		h[n].u.tcp.saddr = h[1].u.ip.saddr;
		h[n].u.tcp.daddr = h[1].u.ip.daddr;
		hl[n++] = l4;
	} else if (h[1].u.ip.protocol == SKL_IPPROTO_UDP && len - off >= SKL_UDP_HLEN) {
		h[n].kind = SKL_HDR_UDP;
		h[n].u.udp.sport = (uint16_t)(f[off] << 8 | f[off + 1]);
		h[n].u.udp.dport = (uint16_t)(f[off + 2] << 8 | f[off + 3]);
		h[n].u.udp.len = (uint16_t)(f[off + 4] << 8 | f[off + 5]);
		h[n].u.udp.saddr = h[1].u.ip.saddr;
		h[n].u.udp.daddr = h[1].u.ip.daddr;
		hl[n++] = SKL_UDP_HLEN;
	}
payload:
	for (off = 0, l4 = 0; (int)l4 < n; l4++)
		off += hl[l4];
	if (off < len) {
		h[n].kind = SKL_HDR_PAYLOAD;
		h[n].u.payload.len = len - off;
		hl[n++] = len - off;
	}
	return n;
}

skl_skb *skl_skb_from_frame(skl_net *net, const char *dev, const uint8_t *frame, uint32_t len, char *caption,
			    size_t capsz, skl_error *err)
{
	skl_skb *skb = NULL;
	skl_hdr h[5];
	uint32_t hl[5], start = 0, off;
	char g[200], alloc[160];
	saved_caller saved;
	int rc, n, i;
	if (len < SKL_ETH_HLEN || len > 65535)
		return skl_errorf(err, "a frame of %lu bytes: an Ethernet frame has 14 to 65535", (unsigned long)len),
		       NULL;
	caller_enter(net, "netdrv_rx", &saved);
	if (net->p.era == SKL_ERA_2_4) {
		/* 2.4 copy-on-receive drivers (tulip_rx, e100_rx_srv, ne2k's ei_receive):
		 * skb = dev_alloc_skb(pkt_len + 2); skb_reserve(skb, 2); so the IP header
		 * after the 14-byte Ethernet header lands 16-byte aligned */
		skb = skl_dev_alloc_skb(net, len + 2, err);
		rc = skb ? skl_skb_reserve(skb, 2, err) : SKL_SKB_ENOMEM;
		if (skb)
			skl_skb_set_dev(skb, dev);
		snprintf(alloc, sizeof(alloc), "dev_alloc_skb(%lu), skb_reserve(2)", (unsigned long)(len + 2));
	} else if (net->p.era == SKL_ERA_2_6_31) {
		/* 2.6.31 drivers: netdev_alloc_skb(dev, len + NET_IP_ALIGN); skb_reserve(skb, NET_IP_ALIGN) */
		skb = skl_netdev_alloc_skb(net, dev, len + net->p.net_ip_align, err);
		rc = skb ? skl_skb_reserve(skb, (int32_t)net->p.net_ip_align, err) : SKL_SKB_ENOMEM;
		snprintf(alloc, sizeof(alloc), "netdev_alloc_skb(dev, %lu), skb_reserve(NET_IP_ALIGN %lu)",
			 (unsigned long)(len + net->p.net_ip_align), (unsigned long)net->p.net_ip_align);
	} else {
		/* 6.x NAPI drivers: napi_alloc_skb(napi, len) reserves NET_SKB_PAD +
		 * NET_IP_ALIGN itself (net/core/skbuff.c __napi_alloc_skb), as
		 * netdev_alloc_skb_ip_align does */
		skb = skl_netdev_alloc_skb_ip_align(net, dev, len, err);
		rc = skb ? 0 : SKL_SKB_ENOMEM;
		snprintf(alloc, sizeof(alloc), "napi_alloc_skb(napi, %lu) (NET_SKB_PAD %lu + NET_IP_ALIGN %lu)",
			 (unsigned long)len, (unsigned long)net->p.net_skb_pad, (unsigned long)net->p.net_ip_align);
	}
	if (rc == 0)
		rc = skl_skb_put(skb, len, &start, err);
	caller_leave(net, &saved);
	if (rc < 0)
		goto out_free;
	skl_skb_set_name(skb, "rx");
	skl_skb_write(skb, start, frame, len, NULL);
	n = frame_layers(frame, len, h, hl);
	for (i = 0, off = 0; i < n; i++) {
		char d[160];
		skl_hdr_describe(&h[i], frame + off, d, sizeof(d));
		skl__net_region_add(skb->h, skl_hdr_name(h[i].kind), start + off, hl[i], d);
		off += hl[i];
	}
	/* eth_type_trans (net/ethernet/eth.c): skb_reset_mac_header,
	 * skb_pull_inline(skb, ETH_HLEN), protocol = eth->h_proto for an
	 * EtherType (>= 1536), else ETH_P_802_3 / ETH_P_802_2 */
	if ((rc = skl_skb_set_header(skb, SKL_MARK_MAC, 0, err)) < 0)
		goto out_free;
	caller_enter(net, "eth_type_trans", &saved);
	rc = skl_skb_pull(skb, SKL_ETH_HLEN, err);
	caller_leave(net, &saved);
	if (rc < 0)
		goto out_free;
	if (h[0].u.eth.type >= 1536)
		skb->protocol = h[0].u.eth.type;
	else /* 802.3: raw IPX (0xffff) is ETH_P_802_3, else 802.2 LLC */
		skb->protocol = len >= 16 && frame[14] == 0xff && frame[15] == 0xff ? 0x0001 : 0x0004;
	if (caption) {
		geometry(skb, g, sizeof(g));
		snprintf(caption, capsz,
			 "driver: %s, skb_put(%lu), the frame copied; eth_type_trans: skb_pull(14), protocol = "
			 "0x%04x: %s",
			 alloc, (unsigned long)len, (unsigned)skb->protocol, g);
	}
	return skb;
out_free:
	if (skb)
		skl_kfree_skb(skb, NULL);
	return NULL;
}

int skl_skb_rx_tcp_netif(skl_skb_path *p, skl_error *err)
{
	skl_skb *skb;
	int rc = step_check(p, 1, 3, err);
	if (rc < 0)
		return rc;
	skb = skl_skb_path_skb(p);
	if ((rc = skl_skb_set_header(skb, SKL_MARK_NETWORK, 0, err)) < 0 ||
	    (rc = skl_skb_set_header(skb, SKL_MARK_TRANSPORT, 0, err)) < 0)
		return rc;
	snprintf(p->caption, sizeof(p->caption),
		 "netif_receive_skb: network and transport headers = data (+%lld); the IPv4 handler takes it",
		 (long long)skb->data);
	p->done++;
	return 1;
}

int skl_skb_rx_tcp_ip(skl_skb_path *p, skl_error *err)
{
	skl_skb *skb;
	uint8_t iph[20];
	uint32_t tot, ihl;
	int rc = step_check(p, 1, 4, err);
	if (rc < 0)
		return rc;
	skb = skl_skb_path_skb(p);
	/* pskb_may_pull(skb, sizeof(struct iphdr)): the frame is linear here */
	if (skl_skb_headlen(skb) < 20 || skl_skb_read(skb, skb->data, iph, 20) < 0)
		return skl_errorf(err, "ip_rcv: fewer than 20 bytes: the kernel drops it"), SKL_SKB_EINVAL;
	ihl = (uint32_t)(iph[0] & 15) * 4;
	tot = ((uint32_t)iph[2] << 8) | iph[3];
	if (tot < skb->len) { /* pskb_trim_rcsum: Ethernet padding goes */
		rc = skl_skb_trim(skb, tot, err);
		if (rc < 0)
			return rc;
	}
	if (p->net->p.era != SKL_ERA_2_4 && (rc = skl_skb_set_header(skb, SKL_MARK_TRANSPORT, (int32_t)ihl, err)) < 0)
		return rc;
	snprintf(p->caption, sizeof(p->caption), "ip_rcv: pskb_may_pull(20), tot_len %lu checked, %s",
		 (unsigned long)tot,
		 p->net->p.era == SKL_ERA_2_4 ? "nothing moves yet"
					      : "transport header = network header + ihl*4; nothing moves yet");
	p->done++;
	return 1;
}

int skl_skb_rx_tcp_deliver(skl_skb_path *p, skl_error *err)
{
	skl_skb *skb;
	uint8_t v;
	char g[200];
	int rc = step_check(p, 1, 5, err);
	if (rc < 0)
		return rc;
	skb = skl_skb_path_skb(p);
	if (skl_skb_read(skb, skb->data, &v, 1) < 0)
		return skl_errorf(err, "ip_local_deliver_finish: no IPv4 header"), SKL_SKB_EINVAL;
	{
		saved_caller saved;
		caller_enter(p->net, "ip_local_deliver_finish", &saved);
		rc = skl_skb_pull_unchecked(skb, (uint32_t)(v & 15) * 4, err);
		caller_leave(p->net, &saved);
	}
	if (rc < 0)
		return rc;
	if (p->net->p.era == SKL_ERA_2_4)
		skb->mark[SKL_MARK_TRANSPORT] = (int32_t)skb->data; /* skb->h.raw = skb->data */
	geometry(skb, g, sizeof(g));
	snprintf(p->caption, sizeof(p->caption), "ip_local_deliver_finish: __skb_pull(%u): %s", (unsigned)(v & 15) * 4,
		 g);
	p->done++;
	return 1;
}

int skl_skb_rx_tcp_tcp(skl_skb_path *p, skl_error *err)
{
	skl_skb *skb;
	uint8_t th[13];
	char g[200];
	int rc = step_check(p, 1, 6, err);
	if (rc < 0)
		return rc;
	skb = skl_skb_path_skb(p);
	if (skl_skb_read(skb, skb->data, th, 13) < 0)
		return skl_errorf(err, "tcp_v4_rcv: no TCP header"), SKL_SKB_EINVAL;
	{
		saved_caller saved;
		caller_enter(p->net, "tcp_data_queue", &saved);
		rc = skl_skb_pull_unchecked(skb, (uint32_t)(th[12] >> 4) * 4, err);
		caller_leave(p->net, &saved);
	}
	if (rc < 0)
		return rc;
	geometry(skb, g, sizeof(g));
	snprintf(p->caption, sizeof(p->caption),
		 "tcp_data_queue: __skb_pull(doff*4 = %u), the payload waits on the receive queue: %s",
		 (unsigned)(th[12] >> 4) * 4, g);
	p->done++;
	return 1;
}

int skl_skb_rx_tcp_consume(skl_skb_path *p, skl_error *err)
{
	skl_skb *skb;
	uint32_t len;
	int rc = step_check(p, 1, 7, err);
	if (rc < 0)
		return rc;
	skb = skl_skb_path_skb(p);
	len = skb->len;
	{
		saved_caller saved;
		caller_enter(p->net, "tcp_recvmsg", &saved);
		rc = skl_kfree_skb(skb, err);
		caller_leave(p->net, &saved);
	}
	if (rc < 0)
		return rc;
	snprintf(p->caption, sizeof(p->caption),
		 "tcp_recvmsg: the application reads %lu bytes; __kfree_skb frees the sk_buff and its head",
		 (unsigned long)len);
	p->done++;
	return 1;
}

int skl_skb_path_step(skl_skb_path *p, skl_error *err)
{
	static int (*const tx[])(skl_skb_path *, skl_error *) = {
	    skl_skb_tx_tcp_alloc,   skl_skb_tx_tcp_copy,     skl_skb_tx_tcp_clone, skl_skb_tx_tcp_push_tcp,
	    skl_skb_tx_tcp_push_ip, skl_skb_tx_tcp_push_eth, skl_skb_tx_tcp_xmit,  skl_skb_tx_tcp_ack};
	static int (*const rx[])(skl_skb_path *, skl_error *) = {
	    skl_skb_rx_tcp_alloc, skl_skb_rx_tcp_dma,	  skl_skb_rx_tcp_eth, skl_skb_rx_tcp_netif,
	    skl_skb_rx_tcp_ip,	  skl_skb_rx_tcp_deliver, skl_skb_rx_tcp_tcp, skl_skb_rx_tcp_consume};
	if (p->done >= NSTEPS)
		return 0;
	return (p->rx ? rx : tx)[p->done](p, err);
}

uint16_t skl_skb_protocol(const skl_skb *skb)
{
	return skb->protocol;
}
