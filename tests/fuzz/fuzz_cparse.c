/*
 * fuzz_cparse.c - libFuzzer target for the C header reader (cparse.h):
 * the input is a header's text. Whatever parses is laid out for both ABIs
 * (with and without config options, and a 32-byte cache line) and printed
 * as pahole text and JSON; the input's first line is also tried as a single
 * member and as a type name. Anything may be refused; nothing may crash,
 * hang or leak.
 */
#include "fuzz_util.h"

#include "sklab/cparse.h"
#include "sklab/layout.h"
#include "sklab/pahole.h"

#define MAX_INPUT 65536

static void lay_out_all(skl_typedb *db)
{
	skl_sink sink = {fz_ignore, NULL};
	skl_pahole_opts hex = {1, 1};
	skl_error err;
	int i, a, n = skl_typedb_count_records(db);
	if (n > 64)
		n = 64;
	for (i = 0; i < n; i++) {
		skl_type *t = skl_typedb_record_at(db, i);
		if (skl_type_kind(t) == SKL_K_ENUM)
			continue;
		for (a = 0; a < 2; a++) {
			skl_layout *l = skl_layout_compute(t, skl_abi_find(a ? "i386" : "x86_64"),
							   a ? "CONFIG_A,CONFIG_SMP" : NULL, a ? 32 : 64, &err);
			if (l) {
				skl_layout *c = skl_layout_clone(l);
				skl_pahole_write(l, &sink, a ? &hex : NULL);
				skl_layout_write_json(l, &sink);
				if (c) {
					skl_layout_find(c, "a");
					skl_layout_free(c);
				}
				skl_layout_free(l);
			}
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;
	skl_typedb *db;
	skl_error err;
	size_t i;
	if (size > MAX_INPUT)
		return 0;
	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';

	db = skl_typedb_new();
	if (db) {
		/* the first byte's low bit picks the variant with defines */
		int r = size && (data[0] & 1)
			    ? skl_cparse_defines(db, text, "fuzz.h", "SMP_CACHE_BYTES=32,CONFIG_A", &err)
			    : skl_cparse(db, text, "fuzz.h", &err);
		(void)r;
		lay_out_all(db); /* what was read before an error stays: lay it out too */
		skl_typedb_free(db);
	}

	/* the first line as one member and as a type name */
	for (i = 0; i < size && text[i] != '\n'; i++)
		;
	text[i] = '\0';
	db = skl_typedb_new();
	if (db) {
		skl_cmember m;
		char name[64];
		skl_type *t;
		int bits;
		unsigned al;
		skl_cparse_member(db, text, name, sizeof(name), &t, &bits, &al, &err);
		skl_cparse_member_decl(db, text, &m, &err);
		t = skl_cparse_typename(db, text, &err);
		if (t) {
			uint64_t sz;
			unsigned alg;
			char buf[256], pre[256], suf[256];
			skl_type_size_align(t, skl_abi_find("x86_64"), NULL, &sz, &alg, &err);
			skl_type_size_align(t, skl_abi_find("i386"), "CONFIG_A", &sz, &alg, &err);
			skl_type_name(t, buf, sizeof(buf));
			skl_type_declare(t, "x", pre, sizeof(pre), suf, sizeof(suf));
		}
		skl_typedb_free(db);
	}
	free(text);
	return 0;
}
