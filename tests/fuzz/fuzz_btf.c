/*
 * fuzz_btf.c - libFuzzer target for the BTF importer (btf.h). The first
 * byte picks the record to import from a list of names (the seed files'
 * and a few kernel ones); the rest is written to a file in a private
 * temporary directory and imported from there. What imports is laid out
 * and printed as pahole does. Without libbpf the importer always fails and
 * the target checks just that.
 */
#include "fuzz_util.h"

#include "sklab/btf.h"
#include "sklab/layout.h"
#include "sklab/pahole.h"

/* clang-format off */
static const char *const names[] = {
	"am", "pk", "al", "bf", "q2", "o2", "po", "u1", "u2", "an", "names", "fp", "cc", "vol", "nest",
	"cls", "self", "holds_loop", "small", "union u1", "struct am", "sock", "sk_buff", "tcp_sock",
	"e1", "x", "", "union bpf_attr", "struct", "union", "fnp", "arr0", "tw", "twins",
};
/* clang-format on */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[1024];
	skl_typedb *db;
	skl_type *t = NULL;
	skl_error err;
	const char *name;
	if (size < 1 || size > (1 << 20))
		return 0;
	name = names[data[0] % (sizeof(names) / sizeof(names[0]))];
	fz_write("in.btf", data + 1, size - 1, path, sizeof(path));
	db = skl_typedb_new();
	if (!db)
		return 0;
	if (skl_btf_import(db, path, name, &t, &err) == 0) {
		skl_sink sink = {fz_ignore, NULL};
		int i, n = skl_typedb_count_records(db);
		for (i = 0; i < n && i < 64; i++) {
			skl_type *r = skl_typedb_record_at(db, i);
			skl_layout *l;
			if (skl_type_kind(r) == SKL_K_ENUM)
				continue;
			l = skl_layout_compute(r, skl_abi_find("x86_64"), NULL, 64, &err);
			if (l) {
				skl_pahole_write(l, &sink, NULL);
				skl_layout_write_json(l, &sink);
				skl_layout_free(l);
			}
		}
		/* importing the same record again must find it, not duplicate it */
		skl_btf_import(db, path, name, &t, &err);
	}
	skl_typedb_free(db);
	return 0;
}
