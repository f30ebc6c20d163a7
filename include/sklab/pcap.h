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

/* ---- reading ----------------------------------------------------------------------------------- */

/*
 * A reader of the same classic format, as libpcap's sf-pcap.c reads it:
 * the magic 0xa1b2c3d4 (microsecond stamps) or 0xa1b23c4d (nanosecond),
 * either byte order; version 2.x; link type Ethernet only. Records are
 * checked one by one: a header cut short, incl_len above the snaplen (or
 * above 262144, libpcap's largest) or above orig_len, or frame bytes past the
 * end of the file is an error naming the record (1-based) and its byte offset.
 * Bounded: more than max_frames records or more than max_bytes of frame
 * bytes is an error, not a silent cut (0 = no cap).
 *
 * The reader parses bytes in memory and copies nothing: each record points
 * into the caller's buffer, which must outlive the result.
 */
#define SKL_PCAP_MAGIC_USEC 0xa1b2c3d4u
#define SKL_PCAP_MAGIC_NSEC 0xa1b23c4du
#define SKL_PCAP_MAX_SNAPLEN 262144u /* libpcap's MAXIMUM_SNAPLEN */

typedef struct skl_pcap_rec {
	const uint8_t *bytes; /* caplen bytes inside the caller's buffer */
	uint32_t caplen;      /* incl_len: bytes in the file */
	uint32_t len;	      /* orig_len: bytes on the wire */
	uint32_t ts_sec;
	uint32_t ts_nsec; /* the fraction in nanoseconds (microseconds * 1000) */
	size_t offset;	  /* of the record header in the file */
} skl_pcap_rec;

typedef struct skl_pcap_file {
	int swapped; /* the file's byte order is not little-endian */
	int nsec;    /* nanosecond magic */
	uint16_t version_major, version_minor;
	uint32_t snaplen, linktype;
	skl_pcap_rec *recs; /* skl_alloc'd; NULL when n is 0 */
	size_t n;
	size_t bytes; /* sum of caplen */
} skl_pcap_file;

/* Parses size bytes named name (for messages). Returns 0, or -1 with err set
 * and out empty (nothing left allocated). */
int skl_pcap_read(const void *data, size_t size, const char *name, size_t max_frames, size_t max_bytes,
		  skl_pcap_file *out, skl_error *err);
void skl_pcap_file_free(skl_pcap_file *f);

#endif
