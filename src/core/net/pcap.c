/*
 * pcap.c - classic libpcap files through a sink, with fixed timestamps.
 * No clock, no stdio: the caller's sink does the writing.
 */
#include "sklab/pcap.h"

#include <string.h>

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

/* ---- reading: follows libpcap's sf-pcap.c (pcap_check_header, pcap_next_packet) ---------------- */

static uint32_t rd32(const uint8_t *p, int swapped)
{
	if (swapped)
		return (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 | (uint32_t)p[0] << 24;
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t rd16(const uint8_t *p, int swapped)
{
	return swapped ? (uint16_t)(p[1] | p[0] << 8) : (uint16_t)(p[0] | p[1] << 8);
}

void skl_pcap_file_free(skl_pcap_file *f)
{
	skl_free(f->recs);
	f->recs = NULL;
	f->n = 0;
	f->bytes = 0;
}

int skl_pcap_read(const void *data, size_t size, const char *name, size_t max_frames, size_t max_bytes,
		  skl_pcap_file *out, skl_error *err)
{
	const uint8_t *d = data;
	size_t off = 24, cap = 0;
	uint32_t magic;
	int sw;
	memset(out, 0, sizeof(*out));
	if (!name)
		name = "capture";
	if (size < 24)
		return skl_errorf(err, "%s: %zu bytes, shorter than a pcap file header (24 bytes)", name, size);
	magic = rd32(d, 0);
	if (magic == SKL_PCAP_MAGIC_USEC || magic == SKL_PCAP_MAGIC_NSEC)
		sw = 0;
	else if (rd32(d, 1) == SKL_PCAP_MAGIC_USEC || rd32(d, 1) == SKL_PCAP_MAGIC_NSEC)
		sw = 1;
	else if (magic == 0x0a0d0d0au)
		return skl_errorf(err, "%s: a pcapng file (section header block 0x0a0d0d0a); only classic pcap is read",
				  name);
	else
		return skl_errorf(err,
				  "%s: bad magic 0x%08x at offset 0 (a pcap file starts with 0xa1b2c3d4 or "
				  "0xa1b23c4d, in either byte order)",
				  name, (unsigned)magic);
	out->swapped = sw;
	out->nsec = rd32(d, sw) == SKL_PCAP_MAGIC_NSEC;
	out->version_major = rd16(d + 4, sw);
	out->version_minor = rd16(d + 6, sw);
	out->snaplen = rd32(d + 16, sw);
	/* libpcap keeps the link type in the low 16 bits; the rest are FCS and reserved bits */
	out->linktype = rd32(d + 20, sw) & 0xffffu;
	if (out->version_major != 2)
		return skl_errorf(err, "%s: pcap version %u.%u at offset 4; only version 2.x is read", name,
				  out->version_major, out->version_minor);
	if (out->linktype != SKL_PCAP_LINKTYPE_ETHERNET)
		return skl_errorf(err,
				  "%s: link type %u at offset 20; only Ethernet (LINKTYPE_ETHERNET, 1) frames are "
				  "read",
				  name, (unsigned)out->linktype);
	while (off < size) {
		skl_pcap_rec *r;
		size_t recno = out->n + 1;
		uint32_t incl, orig, lim;
		if (size - off < 16) {
			skl_errorf(err,
				   "%s: record %zu at offset %zu: header cut short (%zu of 16 bytes before the end "
				   "of the file)",
				   name, recno, off, size - off);
			goto out_fail;
		}
		if (max_frames && out->n >= max_frames) {
			skl_errorf(err, "%s: record %zu at offset %zu: more than %zu frames (the run's limit)", name,
				   recno, off, max_frames);
			goto out_fail;
		}
		incl = rd32(d + off + 8, sw);
		orig = rd32(d + off + 12, sw);
		lim = out->snaplen && out->snaplen < SKL_PCAP_MAX_SNAPLEN ? out->snaplen : SKL_PCAP_MAX_SNAPLEN;
		if (incl > lim) {
			skl_errorf(err, "%s: record %zu at offset %zu: incl_len %u above the snaplen %u", name, recno,
				   off, (unsigned)incl, (unsigned)lim);
			goto out_fail;
		}
		if (incl > orig) {
			skl_errorf(err, "%s: record %zu at offset %zu: incl_len %u above orig_len %u", name, recno, off,
				   (unsigned)incl, (unsigned)orig);
			goto out_fail;
		}
		if (incl > size - off - 16) {
			skl_errorf(err,
				   "%s: record %zu at offset %zu: incl_len %u but only %zu bytes left in the file "
				   "(truncated capture)",
				   name, recno, off, (unsigned)incl, size - off - 16);
			goto out_fail;
		}
		if (max_bytes && incl > max_bytes - out->bytes) {
			skl_errorf(err, "%s: record %zu at offset %zu: frames past %zu bytes (the run's limit)", name,
				   recno, off, max_bytes);
			goto out_fail;
		}
		if (out->n == cap) {
			size_t nc = cap ? cap * 2 : 16;
			skl_pcap_rec *m = skl_realloc(out->recs, nc * sizeof(*m));
			if (!m) {
				skl_errorf(err, "%s: record %zu: out of memory", name, recno);
				goto out_fail;
			}
			out->recs = m;
			cap = nc;
		}
		r = &out->recs[out->n++];
		r->offset = off;
		r->ts_sec = rd32(d + off, sw);
		r->ts_nsec = rd32(d + off + 4, sw);
		if (r->ts_nsec > (out->nsec ? 999999999u : 999999u)) {
			skl_errorf(err, "%s: record %zu at offset %zu: ts_%ssec %u out of range", name, recno, off,
				   out->nsec ? "n" : "u", (unsigned)r->ts_nsec);
			goto out_fail;
		}
		if (!out->nsec)
			r->ts_nsec *= 1000u;
		r->caplen = incl;
		r->len = orig;
		r->bytes = d + off + 16;
		out->bytes += incl;
		off += 16 + (size_t)incl;
	}
	return 0;
out_fail:
	skl_pcap_file_free(out);
	return -1;
}
