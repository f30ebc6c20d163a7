/*
 * pcap.c - classic libpcap files through a sink, with fixed timestamps.
 * No clock, no stdio: the caller's sink does the writing.
 */
#include "sklab/pcap.h"

static void le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static void le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

void skl_pcap_begin(skl_pcap *p, const skl_sink *out, uint32_t snaplen)
{
	uint8_t h[24];
	p->out = *out;
	p->snaplen = snaplen ? snaplen : 65535;
	p->ts_sec = SKL_PCAP_TS_BASE;
	p->ts_usec = 0;
	p->step_usec = 1000;
	p->frames = 0;
	le32(h, 0xa1b2c3d4u); /* microsecond timestamps */
	le16(h + 4, 2);	      /* version 2.4 */
	le16(h + 6, 4);
	le32(h + 8, 0);	 /* thiszone: UTC */
	le32(h + 12, 0); /* sigfigs */
	le32(h + 16, p->snaplen);
	le32(h + 20, SKL_PCAP_LINKTYPE_ETHERNET);
	p->out.write(p->out.ud, (const char *)h, sizeof(h));
}

void skl_pcap_frame(skl_pcap *p, const void *frame, uint32_t len)
{
	uint8_t h[16];
	uint32_t incl = len < p->snaplen ? len : p->snaplen;
	le32(h, p->ts_sec);
	le32(h + 4, p->ts_usec);
	le32(h + 8, incl);
	le32(h + 12, len);
	p->out.write(p->out.ud, (const char *)h, sizeof(h));
	if (incl)
		p->out.write(p->out.ud, (const char *)frame, incl);
	p->frames++;
	p->ts_usec += p->step_usec;
	p->ts_sec += p->ts_usec / 1000000u;
	p->ts_usec %= 1000000u;
}
