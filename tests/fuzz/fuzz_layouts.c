/*
 * fuzz_layouts.c - libFuzzer target for the layout data loader
 * (skl_data_load_layouts in include/sklab/runtime.h): the input is written as
 * assets/layouts/fz/x.lua under a private data directory and the set "fz"
 * is loaded; every record that loads is laid out for both ABIs and printed
 * as pahole does.
 */
#include "fuzz_util.h"

#include "sklab/runtime.h"
#include "sklab/layout.h"
#include "sklab/pahole.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[1024];
	skl_typedb *db;
	skl_error err;
	if (size > 65536)
		return 0;
	fz_mkdirs("assets/layouts/fz");
	fz_write("assets/layouts/fz/x.lua", data, size, path, sizeof(path));
	db = skl_typedb_new();
	if (!db)
		return 0;
	if (skl_data_load_layouts(fz_tmpdir(), "fz", db, &err) == 0) {
		skl_sink sink = {fz_ignore, NULL};
		int i, a, n = skl_typedb_count_records(db);
		for (i = 0; i < n && i < 64; i++) {
			skl_type *r = skl_typedb_record_at(db, i);
			if (skl_type_kind(r) == SKL_K_ENUM)
				continue;
			for (a = 0; a < 2; a++) {
				skl_layout *l = skl_layout_compute(r, skl_abi_find(a ? "i386" : "x86_64"),
								   a ? "CONFIG_INET" : NULL, 64, &err);
				if (l) {
					skl_pahole_write(l, &sink, NULL);
					skl_layout_write_json(l, &sink);
					skl_layout_free(l);
				}
			}
		}
	}
	skl_typedb_free(db);
	return 0;
}
