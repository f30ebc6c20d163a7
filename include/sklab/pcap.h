/*
 * pcap.h - a writer of classic libpcap capture files (the format tcpdump
 * and Wireshark read): a 24-byte file header, then one 16-byte record header
 * per frame. Link type Ethernet. Output goes through an skl_sink, so a
 * capture can land in a file, in memory or in a test.
 *
 * Timestamps are fixed, not read from a clock: the first frame is stamped
 * SKL_PCAP_TS_BASE (17 Aug 2009 21:26:29 UTC, the evening of the skb
 * inlining thread) and each following frame step_usec later, so the same
 * run always writes the same bytes. Multi-byte fields are written
 * little-endian with the 0xa1b2c3d4 magic, whatever the host.
 */
#ifndef SKLAB_PCAP_H
#define SKLAB_PCAP_H

#include "sklab/common.h"

#define SKL_PCAP_LINKTYPE_ETHERNET 1u
#define SKL_PCAP_TS_BASE 1250544389u

typedef struct skl_pcap {
	skl_sink out;
	uint32_t snaplen;
	uint32_t ts_sec, ts_usec; /* the stamp of the next frame */
	uint32_t step_usec;	  /* between frames; 1000 by default */
	unsigned long frames;
} skl_pcap;

/* Writes the file header. snaplen 0 = 65535. */
void skl_pcap_begin(skl_pcap *p, const skl_sink *out, uint32_t snaplen);
/* One frame: bytes beyond snaplen are cut (the record keeps the original length). */
void skl_pcap_frame(skl_pcap *p, const void *frame, uint32_t len);

#endif
