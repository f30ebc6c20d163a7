/*
 * fuzz_trace.c - libFuzzer target for the trace readers of `sklab cachesim`
 * (trace.h). The first byte picks the format (low two bits: auto, Lackey,
 * din) and the batch size (the rest); the other bytes are the trace, read
 * from memory to the end or the first error, which must then repeat.
 */
#include "fuzz_util.h"

#include "sklab/trace.h"

static const skl_trace_format formats[4] = {SKL_TRACE_AUTO, SKL_TRACE_LACKEY, SKL_TRACE_DIN, SKL_TRACE_AUTO};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	skl_trace_ref refs[64];
	skl_trace_counts counts;
	skl_error err, again;
	skl_trace *t;
	size_t batch;
	long n;
	uint8_t *copy;
	if (size < 1)
		return 0;
	batch = 1 + (size_t)(data[0] >> 2) % 64;
	/* the reader keeps a pointer: give it a copy of exactly the trace */
	copy = malloc(size - 1 ? size - 1 : 1);
	if (!copy)
		return 0;
	memcpy(copy, data + 1, size - 1);
	t = skl_trace_open_mem("fuzz.trace", copy, size - 1, formats[data[0] & 3], &err);
	if (t) {
		do {
			n = skl_trace_read(t, refs, batch, &err);
		} while (n > 0);
		if (n < 0) {
			if (skl_trace_read(t, refs, batch, &again) != -1 || strcmp(err.msg, again.msg) != 0)
				abort(); /* the contract: after -1, -1 with the same error */
		}
		skl_trace_get_counts(t, &counts);
		(void)skl_trace_format_name(skl_trace_format_of(t));
		skl_trace_close(t);
	}
	free(copy);
	return 0;
}
