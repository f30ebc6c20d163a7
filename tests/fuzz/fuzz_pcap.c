/*
 * fuzz_pcap.c - libFuzzer target for the pcap reader (sklab/pcap.h): any
 * bytes as a capture file. The contract checked: a read succeeds with
 * records that lie inside the bytes, each within its snaplen and orig_len,
 * in file order, or fails with a message and nothing left allocated; caps
 * on frames and bytes hold; reading again gives the same answer.
 */
#include "fuzz_util.h"

#include "sklab/pcap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	skl_pcap_file f, again;
	skl_error err, err2;
	size_t i, sum = 0, end = 24;
	int rc, rc2;
	uint8_t *copy = malloc(size ? size : 1);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	skl_error_clear(&err);
	skl_error_clear(&err2);
	rc = skl_pcap_read(copy, size, "fuzz.pcap", 0, 0, &f, &err);
	rc2 = skl_pcap_read(copy, size, "fuzz.pcap", 4, 256, &again, &err2);
	if (rc < 0) {
		if (!err.msg[0] || f.recs || f.n || rc2 == 0)
			abort();
	} else {
		if (f.linktype != SKL_PCAP_LINKTYPE_ETHERNET || f.version_major != 2)
			abort();
		for (i = 0; i < f.n; i++) {
			const skl_pcap_rec *r = &f.recs[i];
			if (r->offset != end || r->bytes != copy + r->offset + 16 || r->caplen > r->len ||
			    r->caplen > SKL_PCAP_MAX_SNAPLEN || r->ts_nsec > 999999999u)
				abort();
			end = r->offset + 16 + r->caplen;
			sum += r->caplen;
		}
		if (end != size || sum != f.bytes)
			abort();
		if (rc2 == 0 && (again.n != f.n || again.n > 4 || again.bytes > 256))
			abort();
		if (rc2 < 0 && (f.n <= 4 && f.bytes <= 256))
			abort();
	}
	skl_pcap_file_free(&f);
	skl_pcap_file_free(&again);
	free(copy);
	return 0;
}
