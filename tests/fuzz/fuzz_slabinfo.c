/*
 * fuzz_slabinfo.c - libFuzzer target for the saved-slabinfo reader
 * (sklab/slabinfo.h): any bytes as a /proc/slabinfo or slabtop dump. The
 * contract checked: a read succeeds with rows that keep the reader's own
 * invariants, or fails with a message, a line inside the text and nothing
 * left allocated; reading the same bytes again gives the same answer.
 */
#include "fuzz_util.h"

#include "sklab/slabinfo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	skl_slabinfo s, again;
	skl_error err, err2;
	int rc, rc2, i;
	char *copy = malloc(size ? size : 1);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	skl_error_clear(&err);
	skl_error_clear(&err2);
	rc = skl_slabinfo_parse(copy, size, "fuzz.slabinfo", &s, &err);
	rc2 = skl_slabinfo_parse(copy, size, "fuzz.slabinfo", &again, &err2);
	if (rc != rc2)
		abort();
	if (rc < 0) {
		if (!err.msg[0] || strcmp(err.msg, err2.msg) || err.line != err2.line || s.rows || s.n)
			abort();
	} else {
		if (s.n != again.n || s.n > SKL_SLABINFO_MAX_CACHES)
			abort();
		for (i = 0; i < s.n; i++) {
			const skl_slabinfo_row *r = &s.rows[i];
			if (r->active_objs > r->num_objs || r->active_slabs > r->num_slabs || !r->name[0] ||
			    strlen(r->name) >= SKL_SLABINFO_NAME_MAX || r->line < 1)
				abort();
		}
		(void)skl_slabinfo_format_name(s.format);
	}
	skl_slabinfo_free(&s);
	skl_slabinfo_free(&again);
	free(copy);
	return 0;
}
