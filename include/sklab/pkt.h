/*
 * pkt.h - packet headers as bytes: Ethernet II, IPv4 (with its header
 * checksum), TCP and UDP (with their checksums over the IPv4 pseudo-header),
 * payload patterns, the Internet checksum itself, and one-line descriptions
 * of each header for tooltips.
 *
 * Everything here writes into caller-provided byte buffers in network byte
 * order, whatever the host is: the sk_buff model hands it the simulated
 * machine's bytes (skl_kernel_bytes), tests hand it arrays. Nothing
 * allocates, nothing prints. Addresses and ports are given in host order.
 */
#ifndef SKLAB_PKT_H
#define SKLAB_PKT_H

#include "sklab/common.h"

/* ---- sizes and numbers -------------------------------------------------- */

enum {
	SKL_ETH_HLEN = 14,
	SKL_ETH_P_IP = 0x0800,
	SKL_IPV4_HLEN = 20,
	SKL_TCP_HLEN = 20,
	SKL_UDP_HLEN = 8,
	SKL_IPPROTO_TCP = 6,
	SKL_IPPROTO_UDP = 17,
	SKL_IP_DF = 0x4000
};

/* TCP flag bits as in the header's flags byte. */
enum {
	SKL_TCP_FIN = 0x01,
	SKL_TCP_SYN = 0x02,
	SKL_TCP_RST = 0x04,
	SKL_TCP_PSH = 0x08,
	SKL_TCP_ACK = 0x10,
	SKL_TCP_URG = 0x20
};

/* ---- the Internet checksum (RFC 1071) ----------------------------------- */

/* A running one's-complement sum that may be fed in pieces of any length
 * (an odd piece shifts the bytes that follow, as the kernel's csum_partial
 * callers handle with csum_block_add). */
typedef struct skl_csum {
	uint32_t sum;
	int odd; /* an odd number of bytes has been added so far */
} skl_csum;

void skl_csum_init(skl_csum *c);
void skl_csum_add(skl_csum *c, const void *p, size_t n);
/* Adds a 16-bit value in host order as if it were two bytes in network order. */
void skl_csum_add16(skl_csum *c, uint16_t v);
/* The folded, complemented 16-bit result in host order (write it big-endian). */
uint16_t skl_csum_fold(const skl_csum *c);
/* The IPv4 header checksum of n bytes (the checksum field included as is). */
uint16_t skl_ip_checksum(const void *hdr, size_t n);
/* Starts a TCP/UDP checksum with the IPv4 pseudo-header: saddr, daddr,
 * zero, protocol, length (the L4 header plus payload). */
void skl_csum_pseudo(skl_csum *c, uint32_t saddr, uint32_t daddr, uint8_t proto, uint16_t len);

/* ---- headers ------------------------------------------------------------ */

typedef struct skl_eth_hdr {
	uint8_t dst[6], src[6];
	uint16_t type; /* 0 = ETH_P_IP */
} skl_eth_hdr;

typedef struct skl_ipv4_hdr {
	uint8_t tos;
	uint8_t ttl;	  /* 0 = 64 */
	uint8_t protocol; /* 0 = TCP */
	uint8_t ihl;	  /* 32-bit words; 0 = 5 (no options; options are zero-filled) */
	uint16_t id;
	uint16_t frag_off; /* flags and offset as on the wire: SKL_IP_DF */
	uint16_t tot_len;  /* 0 = computed from what follows the header */
	uint32_t saddr, daddr;
} skl_ipv4_hdr;

typedef struct skl_tcp_hdr {
	uint16_t sport, dport;
	uint32_t seq, ack;
	uint8_t flags;	 /* SKL_TCP_*; 0 = ACK|PSH */
	uint16_t window; /* 0 = 502 (as a Linux receiver with window scaling advertises) */
	uint16_t urg;
	/* options: timestamps give the 32-byte header of an established
	 * connection (NOP NOP TS); syn_options the 40-byte SYN header (MSS,
	 * SACK-permitted, TS, NOP, window scale) */
	int timestamps;
	int syn_options;
	uint32_t tsval, tsecr;
	uint16_t mss;	/* 0 = 1460 */
	uint8_t wscale; /* 0 = 7 */
	/* the pseudo-header's addresses for the checksum */
	uint32_t saddr, daddr;
} skl_tcp_hdr;

typedef struct skl_udp_hdr {
	uint16_t sport, dport;
	uint16_t len; /* 0 = header plus what follows */
	uint32_t saddr, daddr;
} skl_udp_hdr;

typedef enum skl_payload_pattern {
	SKL_PAYLOAD_TEXT = 0, /* "sklab payload 0000 " repeated, with a running counter */
	SKL_PAYLOAD_ZERO,
	SKL_PAYLOAD_COUNT, /* 00 01 02 ... ff 00 ... (plus seed) */
	SKL_PAYLOAD_BYTES  /* the bytes given (repeated when shorter) */
} skl_payload_pattern;

typedef struct skl_payload {
	uint32_t len;
	skl_payload_pattern pattern;
	uint32_t seed;	      /* first counter value / first byte */
	const uint8_t *bytes; /* SKL_PAYLOAD_BYTES */
	size_t nbytes;
} skl_payload;

typedef enum skl_hdr_kind { SKL_HDR_ETH, SKL_HDR_IPV4, SKL_HDR_TCP, SKL_HDR_UDP, SKL_HDR_PAYLOAD } skl_hdr_kind;

/* One layer of a packet: what the skb model pushes or puts as a region. */
typedef struct skl_hdr {
	skl_hdr_kind kind;
	union {
		skl_eth_hdr eth;
		skl_ipv4_hdr ip;
		skl_tcp_hdr tcp;
		skl_udp_hdr udp;
		skl_payload payload;
	} u;
} skl_hdr;

/* Bytes the layer occupies: 14, 20 + options, 20/32/40, 8, the payload length. */
uint32_t skl_hdr_len(const skl_hdr *h);
/* The region name views show: "ethhdr", "iphdr", "tcphdr", "udphdr", "payload". */
const char *skl_hdr_name(skl_hdr_kind k);

/* Writers: each writes skl_hdr_len() bytes at p (which must hold them).
 * `rest` is what follows the header (for lengths and checksums): the L4
 * payload as one or more pieces; n_rest pieces, total bytes rest_len. */
typedef struct skl_piece {
	const uint8_t *p;
	size_t n;
} skl_piece;

void skl_pkt_write_eth(uint8_t *p, const skl_eth_hdr *h);
/* tot_len 0 = header + rest_len. The checksum covers the header written. */
void skl_pkt_write_ipv4(uint8_t *p, const skl_ipv4_hdr *h, uint32_t rest_len);
/* The checksum covers the header and the pieces (the payload). */
void skl_pkt_write_tcp(uint8_t *p, const skl_tcp_hdr *h, const skl_piece *rest, int n_rest);
void skl_pkt_write_udp(uint8_t *p, const skl_udp_hdr *h, const skl_piece *rest, int n_rest);
/* Payload bytes [off, off + n) of the pattern (so a payload can be written in
 * pieces, e.g. into page fragments). */
void skl_pkt_fill_payload(uint8_t *p, const skl_payload *pl, uint32_t off, uint32_t n);

/* Recomputes the L4 checksum in place: l4 points at a TCP or UDP header that
 * is followed by the pieces; len = header + payload bytes. */
void skl_pkt_l4_checksum(uint8_t *l4, uint8_t proto, uint32_t saddr, uint32_t daddr, uint32_t len,
			 const skl_piece *rest, int n_rest);

/* A one-line description for tooltips and event details, e.g.
 * "10.0.0.1 > 10.0.0.2 proto 6 ttl 64 id 1 len 1500 csum 0x1c46". For
 * header kinds that carry a checksum, the bytes (when given) supply it. */
void skl_hdr_describe(const skl_hdr *h, const uint8_t *bytes, char *out, size_t outsz);

/* ---- whole frames --------------------------------------------------------- */

/* A TCP or UDP conversation's addresses and sequence state. */
typedef struct skl_flow {
	uint8_t src_mac[6], dst_mac[6];
	uint32_t saddr, daddr;
	uint16_t sport, dport;
	uint8_t protocol; /* SKL_IPPROTO_TCP or SKL_IPPROTO_UDP */
	uint8_t ttl;
	uint16_t ip_id;
	uint32_t seq, ack;
	uint8_t tcp_flags;
	uint16_t window;
	int timestamps; /* TCP: 32-byte header with the timestamp option */
	uint32_t tsval, tsecr;
} skl_flow;

/* 02:00:00:00:00:01 10.0.0.1:43210 > 02:00:00:00:00:02 10.0.0.2:80, TCP,
 * ttl 64, id 1, seq 1, ack 1, ACK|PSH, window 502, timestamps on. */
void skl_flow_default(skl_flow *f);
/* The layers of a frame for this flow: Ethernet, IPv4, TCP or UDP, payload
 * (4 entries written to hdrs). */
void skl_flow_headers(const skl_flow *f, const skl_payload *pl, skl_hdr hdrs[4]);

/* Builds a contiguous frame from n layers (outermost first) into buf: the
 * lengths and checksums of inner layers are filled in. Returns the frame
 * length, or 0 when cap is too small (nothing is written then). */
size_t skl_pkt_build(uint8_t *buf, size_t cap, const skl_hdr *hdrs, int n);

/* Dotted quad of a host-order address into out (16 bytes). */
void skl_ipv4_str(uint32_t a, char out[16]);

#endif
