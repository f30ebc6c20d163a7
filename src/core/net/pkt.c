/*
 * pkt.c - packet headers as bytes: Ethernet II, IPv4, TCP, UDP, payload
 * patterns and the Internet checksum (RFC 1071, RFC 793's and RFC 768's
 * pseudo-header). Writes only into the buffers it is given, in network
 * byte order; never allocates, never prints.
 */
#include "sklab/pkt.h"

#include <stdio.h>
#include <string.h>

/* ---- byte order ------------------------------------------------------------- */

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static uint16_t get16(const uint8_t *p)
{
	return (uint16_t)((p[0] << 8) | p[1]);
}

static uint32_t get32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

/* ---- the Internet checksum ------------------------------------------------------ */

void skl_csum_init(skl_csum *c)
{
	c->sum = 0;
	c->odd = 0;
}

static uint32_t fold32(uint64_t s)
{
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint32_t)s;
}

void skl_csum_add(skl_csum *c, const void *p, size_t n)
{
	const uint8_t *b = p;
	uint64_t s = c->sum;
	size_t i = 0;
	if (!n)
		return;
	if (c->odd) { /* the first byte is the low half of a word begun earlier */
		s += b[0];
		i = 1;
	}
	for (; i + 1 < n; i += 2)
		s += (uint32_t)((b[i] << 8) | b[i + 1]);
	if (i < n)
		s += (uint32_t)b[i] << 8;
	c->odd ^= (int)(n & 1);
	c->sum = fold32(s);
}

void skl_csum_add16(skl_csum *c, uint16_t v)
{
	uint8_t b[2];
	put16(b, v);
	skl_csum_add(c, b, 2);
}

uint16_t skl_csum_fold(const skl_csum *c)
{
	return (uint16_t)~fold32(c->sum);
}

uint16_t skl_ip_checksum(const void *hdr, size_t n)
{
	skl_csum c;
	skl_csum_init(&c);
	skl_csum_add(&c, hdr, n);
	return skl_csum_fold(&c);
}

void skl_csum_pseudo(skl_csum *c, uint32_t saddr, uint32_t daddr, uint8_t proto, uint16_t len)
{
	uint8_t ph[12];
	put32(ph, saddr);
	put32(ph + 4, daddr);
	ph[8] = 0;
	ph[9] = proto;
	put16(ph + 10, len);
	skl_csum_init(c);
	skl_csum_add(c, ph, sizeof(ph));
}

/* ---- headers ------------------------------------------------------------------ */

static unsigned ip_ihl(const skl_ipv4_hdr *h)
{
	return h->ihl >= 5 && h->ihl <= 15 ? h->ihl : 5;
}

static unsigned tcp_hlen(const skl_tcp_hdr *h)
{
	if (h->syn_options)
		return 40;
	return h->timestamps ? 32 : 20;
}

uint32_t skl_hdr_len(const skl_hdr *h)
{
	switch (h->kind) {
	case SKL_HDR_ETH:
		return SKL_ETH_HLEN;
	case SKL_HDR_IPV4:
		return ip_ihl(&h->u.ip) * 4;
	case SKL_HDR_TCP:
		return tcp_hlen(&h->u.tcp);
	case SKL_HDR_UDP:
		return SKL_UDP_HLEN;
	case SKL_HDR_PAYLOAD:
		return h->u.payload.len;
	}
	return 0;
}

const char *skl_hdr_name(skl_hdr_kind k)
{
	switch (k) {
	case SKL_HDR_ETH:
		return "ethhdr";
	case SKL_HDR_IPV4:
		return "iphdr";
	case SKL_HDR_TCP:
		return "tcphdr";
	case SKL_HDR_UDP:
		return "udphdr";
	case SKL_HDR_PAYLOAD:
		return "payload";
	}
	return "?";
}

void skl_pkt_write_eth(uint8_t *p, const skl_eth_hdr *h)
{
	memcpy(p, h->dst, 6);
	memcpy(p + 6, h->src, 6);
	put16(p + 12, h->type ? h->type : SKL_ETH_P_IP);
}

void skl_pkt_write_ipv4(uint8_t *p, const skl_ipv4_hdr *h, uint32_t rest_len)
{
	unsigned ihl = ip_ihl(h);
	memset(p, 0, ihl * 4);
	p[0] = (uint8_t)(0x40 | ihl);
	p[1] = h->tos;
	put16(p + 2, h->tot_len ? h->tot_len : (uint16_t)(ihl * 4 + rest_len));
	put16(p + 4, h->id);
	put16(p + 6, h->frag_off);
	p[8] = h->ttl ? h->ttl : 64;
	p[9] = h->protocol ? h->protocol : SKL_IPPROTO_TCP;
	put32(p + 12, h->saddr);
	put32(p + 16, h->daddr);
	put16(p + 10, skl_ip_checksum(p, ihl * 4));
}

static uint32_t rest_total(const skl_piece *rest, int n_rest)
{
	uint32_t t = 0;
	int i;
	for (i = 0; i < n_rest; i++)
		t += (uint32_t)rest[i].n;
	return t;
}

void skl_pkt_l4_checksum(uint8_t *l4, uint8_t proto, uint32_t saddr, uint32_t daddr, uint32_t len,
			 const skl_piece *rest, int n_rest)
{
	skl_csum c;
	uint32_t hlen = len - rest_total(rest, n_rest);
	uint8_t *field = l4 + (proto == SKL_IPPROTO_UDP ? 6 : 16);
	uint16_t sum;
	int i;
	put16(field, 0);
	skl_csum_pseudo(&c, saddr, daddr, proto, (uint16_t)len);
	skl_csum_add(&c, l4, hlen);
	for (i = 0; i < n_rest; i++)
		skl_csum_add(&c, rest[i].p, rest[i].n);
	sum = skl_csum_fold(&c);
	if (proto == SKL_IPPROTO_UDP && sum == 0)
		sum = 0xffff; /* RFC 768: a computed zero is sent as all ones */
	put16(field, sum);
}

void skl_pkt_write_tcp(uint8_t *p, const skl_tcp_hdr *h, const skl_piece *rest, int n_rest)
{
	unsigned hlen = tcp_hlen(h);
	uint8_t *o = p + 20;
	memset(p, 0, hlen);
	put16(p, h->sport);
	put16(p + 2, h->dport);
	put32(p + 4, h->seq);
	put32(p + 8, h->ack);
	p[12] = (uint8_t)((hlen / 4) << 4);
	p[13] = h->flags ? h->flags : (SKL_TCP_ACK | SKL_TCP_PSH);
	put16(p + 14, h->window ? h->window : 502);
	put16(p + 18, h->urg);
	if (h->syn_options) { /* the order Linux's tcp_options_write uses */
		o[0] = 2, o[1] = 4;
		put16(o + 2, h->mss ? h->mss : 1460);
		o[4] = 4, o[5] = 2; /* SACK permitted */
		o[6] = 8, o[7] = 10;
		put32(o + 8, h->tsval);
		put32(o + 12, h->tsecr);
		o[16] = 1; /* NOP */
		o[17] = 3, o[18] = 3, o[19] = h->wscale ? h->wscale : 7;
	} else if (h->timestamps) {
		o[0] = 1, o[1] = 1;
		o[2] = 8, o[3] = 10;
		put32(o + 4, h->tsval);
		put32(o + 8, h->tsecr);
	}
	skl_pkt_l4_checksum(p, SKL_IPPROTO_TCP, h->saddr, h->daddr, hlen + rest_total(rest, n_rest), rest, n_rest);
}

void skl_pkt_write_udp(uint8_t *p, const skl_udp_hdr *h, const skl_piece *rest, int n_rest)
{
	uint32_t len = SKL_UDP_HLEN + rest_total(rest, n_rest);
	put16(p, h->sport);
	put16(p + 2, h->dport);
	put16(p + 4, h->len ? h->len : (uint16_t)len);
	put16(p + 6, 0);
	skl_pkt_l4_checksum(p, SKL_IPPROTO_UDP, h->saddr, h->daddr, len, rest, n_rest);
}

void skl_pkt_fill_payload(uint8_t *p, const skl_payload *pl, uint32_t off, uint32_t n)
{
	uint32_t i;
	for (i = 0; i < n; i++) {
		uint32_t o = off + i;
		switch (pl->pattern) {
		case SKL_PAYLOAD_ZERO:
			p[i] = 0;
			break;
		case SKL_PAYLOAD_COUNT:
			p[i] = (uint8_t)(pl->seed + o);
			break;
		case SKL_PAYLOAD_BYTES:
			p[i] = pl->bytes && pl->nbytes ? pl->bytes[o % pl->nbytes] : 0;
			break;
		case SKL_PAYLOAD_TEXT:
		default: {
			/* 20-byte lines "sklab payload NNNNN\n" */
			static const char head[] = "sklab payload ";
			uint32_t line = o / 20 + pl->seed, pos = o % 20;
			if (pos < 14) {
				p[i] = (uint8_t)head[pos];
			} else if (pos < 19) {
				uint32_t v = line % 100000, d = 18 - pos;
				while (d--)
					v /= 10;
				p[i] = (uint8_t)('0' + v % 10);
			} else {
				p[i] = '\n';
			}
		}
		}
	}
}

/* ---- descriptions -------------------------------------------------------------- */

void skl_ipv4_str(uint32_t a, char out[16])
{
	snprintf(out, 16, "%u.%u.%u.%u", (unsigned)(a >> 24), (unsigned)(a >> 16) & 255, (unsigned)(a >> 8) & 255,
		 (unsigned)a & 255);
}

static void mac_str(const uint8_t *m, char out[18])
{
	snprintf(out, 18, "%02x:%02x:%02x:%02x:%02x:%02x", m[0], m[1], m[2], m[3], m[4], m[5]);
}

/* tcpdump's flag letters: S F R P U and "." for ACK */
static void tcp_flag_str(uint8_t f, char out[8])
{
	int k = 0;
	if (f & SKL_TCP_SYN)
		out[k++] = 'S';
	if (f & SKL_TCP_FIN)
		out[k++] = 'F';
	if (f & SKL_TCP_RST)
		out[k++] = 'R';
	if (f & SKL_TCP_PSH)
		out[k++] = 'P';
	if (f & SKL_TCP_URG)
		out[k++] = 'U';
	if (f & SKL_TCP_ACK)
		out[k++] = '.';
	if (!k)
		out[k++] = 'n', out[k++] = 'o', out[k++] = 'n', out[k++] = 'e';
	out[k] = '\0';
}

void skl_hdr_describe(const skl_hdr *h, const uint8_t *b, char *out, size_t outsz)
{
	char s[18], d[18], fl[8];
	switch (h->kind) {
	case SKL_HDR_ETH: {
		const skl_eth_hdr *e = &h->u.eth;
		uint16_t type = b ? get16(b + 12) : (e->type ? e->type : SKL_ETH_P_IP);
		mac_str(b ? b + 6 : e->src, s);
		mac_str(b ? b : e->dst, d);
		snprintf(out, outsz, "%s > %s type 0x%04x%s", s, d, type, type == SKL_ETH_P_IP ? " (IPv4)" : "");
		break;
	}
	case SKL_HDR_IPV4: {
		const skl_ipv4_hdr *ip = &h->u.ip;
		uint8_t proto = b ? b[9] : (ip->protocol ? ip->protocol : SKL_IPPROTO_TCP);
		skl_ipv4_str(b ? get32(b + 12) : ip->saddr, s);
		skl_ipv4_str(b ? get32(b + 16) : ip->daddr, d);
		snprintf(out, outsz, "%s > %s proto %u%s ttl %u id %u len %u%s csum 0x%04x", s, d, proto,
			 proto == SKL_IPPROTO_TCP   ? " (TCP)"
			 : proto == SKL_IPPROTO_UDP ? " (UDP)"
						    : "",
			 b ? b[8] : (ip->ttl ? ip->ttl : 64), b ? get16(b + 4) : ip->id, b ? get16(b + 2) : ip->tot_len,
			 ((b ? get16(b + 6) : ip->frag_off) & SKL_IP_DF) ? " DF" : "", b ? get16(b + 10) : 0);
		break;
	}
	case SKL_HDR_TCP: {
		const skl_tcp_hdr *t = &h->u.tcp;
		size_t k;
		tcp_flag_str(b ? b[13] : (t->flags ? t->flags : SKL_TCP_ACK | SKL_TCP_PSH), fl);
		k = (size_t)snprintf(out, outsz, "%u > %u [%s] seq %lu ack %lu win %u csum 0x%04x",
				     b ? get16(b) : t->sport, b ? get16(b + 2) : t->dport, fl,
				     (unsigned long)(b ? get32(b + 4) : t->seq),
				     (unsigned long)(b ? get32(b + 8) : t->ack),
				     b ? get16(b + 14) : (t->window ? t->window : 502), b ? get16(b + 16) : 0);
		if (k < outsz && (t->timestamps || t->syn_options))
			snprintf(out + k, outsz - k, "%s TS val %lu ecr %lu", t->syn_options ? " mss,sackOK," : "",
				 (unsigned long)t->tsval, (unsigned long)t->tsecr);
		break;
	}
	case SKL_HDR_UDP: {
		const skl_udp_hdr *u = &h->u.udp;
		snprintf(out, outsz, "%u > %u len %u csum 0x%04x", b ? get16(b) : u->sport, b ? get16(b + 2) : u->dport,
			 b ? get16(b + 4) : u->len, b ? get16(b + 6) : 0);
		break;
	}
	case SKL_HDR_PAYLOAD: {
		char txt[24];
		uint8_t tmp[16];
		uint32_t n = h->u.payload.len < 16 ? h->u.payload.len : 16, i;
		if (b)
			memcpy(tmp, b, n);
		else
			skl_pkt_fill_payload(tmp, &h->u.payload, 0, n);
		for (i = 0; i < n; i++)
			txt[i] = (char)(tmp[i] >= 0x20 && tmp[i] < 0x7f ? tmp[i] : '.');
		txt[i] = '\0';
		snprintf(out, outsz, "%lu bytes \"%s%s\"", (unsigned long)h->u.payload.len, txt,
			 h->u.payload.len > 16 ? "..." : "");
		break;
	}
	default:
		snprintf(out, outsz, "?");
	}
}

/* ---- whole frames ----------------------------------------------------------------- */

void skl_flow_default(skl_flow *f)
{
	static const uint8_t a[6] = {0x02, 0, 0, 0, 0, 0x01}, b[6] = {0x02, 0, 0, 0, 0, 0x02};
	memset(f, 0, sizeof(*f));
	memcpy(f->src_mac, a, 6);
	memcpy(f->dst_mac, b, 6);
	f->saddr = 0x0a000001; /* 10.0.0.1 */
	f->daddr = 0x0a000002; /* 10.0.0.2 */
	f->sport = 43210;
	f->dport = 80;
	f->protocol = SKL_IPPROTO_TCP;
	f->ttl = 64;
	f->ip_id = 1;
	f->seq = 1;
	f->ack = 1;
	f->tcp_flags = SKL_TCP_ACK | SKL_TCP_PSH;
	f->window = 502;
	f->timestamps = 1;
	f->tsval = 1;
	f->tsecr = 1;
}

void skl_flow_headers(const skl_flow *f, const skl_payload *pl, skl_hdr hdrs[4])
{
	memset(hdrs, 0, 4 * sizeof(*hdrs));
	hdrs[0].kind = SKL_HDR_ETH;
	memcpy(hdrs[0].u.eth.src, f->src_mac, 6);
	memcpy(hdrs[0].u.eth.dst, f->dst_mac, 6);
	hdrs[0].u.eth.type = SKL_ETH_P_IP;
	hdrs[1].kind = SKL_HDR_IPV4;
	hdrs[1].u.ip.ttl = f->ttl;
	hdrs[1].u.ip.id = f->ip_id;
	hdrs[1].u.ip.frag_off = SKL_IP_DF;
	hdrs[1].u.ip.protocol = f->protocol == SKL_IPPROTO_UDP ? SKL_IPPROTO_UDP : SKL_IPPROTO_TCP;
	hdrs[1].u.ip.saddr = f->saddr;
	hdrs[1].u.ip.daddr = f->daddr;
	if (f->protocol == SKL_IPPROTO_UDP) {
		hdrs[2].kind = SKL_HDR_UDP;
		hdrs[2].u.udp.sport = f->sport;
		hdrs[2].u.udp.dport = f->dport;
		hdrs[2].u.udp.saddr = f->saddr;
		hdrs[2].u.udp.daddr = f->daddr;
	} else {
		hdrs[2].kind = SKL_HDR_TCP;
		hdrs[2].u.tcp.sport = f->sport;
		hdrs[2].u.tcp.dport = f->dport;
		hdrs[2].u.tcp.seq = f->seq;
		hdrs[2].u.tcp.ack = f->ack;
		hdrs[2].u.tcp.flags = f->tcp_flags;
		hdrs[2].u.tcp.window = f->window;
		hdrs[2].u.tcp.timestamps = f->timestamps;
		hdrs[2].u.tcp.tsval = f->tsval;
		hdrs[2].u.tcp.tsecr = f->tsecr;
		hdrs[2].u.tcp.saddr = f->saddr;
		hdrs[2].u.tcp.daddr = f->daddr;
	}
	hdrs[3].kind = SKL_HDR_PAYLOAD;
	if (pl)
		hdrs[3].u.payload = *pl;
}

size_t skl_pkt_build(uint8_t *buf, size_t cap, const skl_hdr *hdrs, int n)
{
	size_t total = 0, off;
	uint32_t saddr = 0, daddr = 0;
	int i;
	for (i = 0; i < n; i++)
		total += skl_hdr_len(&hdrs[i]);
	if (total > cap || total == 0)
		return 0;
	/* addresses for pseudo-headers come from the innermost IPv4 layer above */
	off = total;
	for (i = n - 1; i >= 0; i--) {
		const skl_hdr *h = &hdrs[i];
		uint32_t len = skl_hdr_len(h);
		skl_piece rest;
		int j;
		off -= len;
		rest.p = buf + off + len;
		rest.n = total - off - len;
		switch (h->kind) {
		case SKL_HDR_PAYLOAD:
			skl_pkt_fill_payload(buf + off, &h->u.payload, 0, len);
			break;
		case SKL_HDR_ETH:
			skl_pkt_write_eth(buf + off, &h->u.eth);
			break;
		case SKL_HDR_IPV4: {
			skl_ipv4_hdr ip = h->u.ip;
			if (!ip.protocol && i + 1 < n) /* the next layer says what it carries */
				ip.protocol = hdrs[i + 1].kind == SKL_HDR_UDP ? SKL_IPPROTO_UDP : SKL_IPPROTO_TCP;
			skl_pkt_write_ipv4(buf + off, &ip, (uint32_t)rest.n);
			break;
		}
		case SKL_HDR_TCP:
		case SKL_HDR_UDP: {
			saddr = h->kind == SKL_HDR_TCP ? h->u.tcp.saddr : h->u.udp.saddr;
			daddr = h->kind == SKL_HDR_TCP ? h->u.tcp.daddr : h->u.udp.daddr;
			for (j = i - 1; j >= 0 && !(saddr && daddr); j--)
				if (hdrs[j].kind == SKL_HDR_IPV4) {
					if (!saddr)
						saddr = hdrs[j].u.ip.saddr;
					if (!daddr)
						daddr = hdrs[j].u.ip.daddr;
				}
			if (h->kind == SKL_HDR_TCP) {
				skl_tcp_hdr t = h->u.tcp;
				t.saddr = saddr;
				t.daddr = daddr;
				skl_pkt_write_tcp(buf + off, &t, &rest, 1);
			} else {
				skl_udp_hdr u = h->u.udp;
				u.saddr = saddr;
				u.daddr = daddr;
				skl_pkt_write_udp(buf + off, &u, &rest, 1);
			}
			break;
		}
		}
	}
	return total;
}
