/*
 * fuzz_whatif.c - libFuzzer target for whatif edits (edit.h, whatif.h):
 * the input's first line holds flags, each further line is one edit (up to
 * eight), or an access path when it starts with "path ". The edits go to
 * a struct read from a small header below (arrays, bitfields, an anonymous
 * union, a nested record, pointers) on the profile the flags pick, and
 * whatever runs is written as text (all three forms) and JSON. Anything
 * may be refused; nothing may crash, hang, overflow or leak. With
 * SKLAB_FUZZ_PRINT=1 it says whether each input ran, or why not.
 *
 * Flags (the first line's first byte): bit 0 the 6.18 profile instead of
 * 2.4.16's, bit 1 debug, bit 2 SLAB_HWCACHE_ALIGN, bit 3 a union instead
 * of the struct, bit 4 a 32-byte cache line.
 */
#include "fuzz_util.h"

#include "sklab/cparse.h"
#include "sklab/runtime.h"
#include "sklab/whatif.h"

#define MAX_INPUT 8192
#define MAX_EDITS 8

static const char header[] = "typedef unsigned int __u32;\n"
			     "typedef unsigned short __u16;\n"
			     "struct inner { __u32 a; char b[3]; };\n"
			     "struct target {\n"
			     "\tstruct target *next;\n"
			     "\t__u32 daddr, saddr;\n"
			     "\t__u16 dport;\n"
			     "\tunsigned char state;\n"
			     "\tunsigned int flag1 : 3, flag2 : 5;\n"
			     "\tunion { long l; char c[12]; };\n"
			     "\tstruct inner in;\n"
			     "\tchar name[16];\n"
			     "\tvoid (*destruct)(struct target *);\n"
			     "\tlong tail[];\n"
			     "};\n"
			     "union either { __u32 u; struct inner in; char bytes[5]; };\n";

static skl_profile profiles[2];
static int have_profiles = -1;

static void load_profiles(void)
{
	skl_error err;
	have_profiles = skl_data_load_profile(fz_data_dir(), "linux-2.4.16-i386", &profiles[0], &err) == 0 &&
			skl_data_load_profile(fz_data_dir(), "linux-6.18-x86_64", &profiles[1], &err) == 0;
	if (!have_profiles)
		fprintf(stderr, "fuzz_whatif: cannot load the profiles: %s\n", err.msg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, *line, *next;
	skl_edit edits[MAX_EDITS];
	const char *paths[4];
	int nedits = 0, npaths = 0, flags;
	skl_typedb *db;
	skl_type *t;
	skl_error err;
	skl_whatif_opts o;
	skl_whatif *w;

	if (size > MAX_INPUT)
		return 0;
	if (have_profiles < 0)
		load_profiles();
	if (!have_profiles)
		return 0;
	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	flags = size ? data[0] : 0;

	/* the first line is flags; the rest edits and paths */
	line = memchr(text, '\n', size);
	line = line ? line + 1 : text + size;
	for (; *line && nedits < MAX_EDITS; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (!strncmp(line, "path ", 5)) {
			if (npaths < 4)
				paths[npaths++] = line + 5;
			continue;
		}
		if (skl_edit_parse(line, &edits[nedits], &err) == 0)
			nedits++;
	}

	db = skl_typedb_new();
	if (!db || skl_cparse(db, header, "fuzz_whatif.h", &err) < 0) {
		skl_typedb_free(db);
		free(text);
		return 0;
	}
	t = skl_typedb_find(db, flags & 8 ? "union either" : "struct target");
	memset(&o, 0, sizeof(o));
	o.profile = &profiles[flags & 1];
	o.debug = (flags >> 1) & 1;
	o.cache.flags = flags & 4 ? SKL_SLAB_HWCACHE_ALIGN : 0;
	o.cacheline = flags & 16 ? 32 : 0;
	o.edits = edits;
	o.nedits = nedits;
	o.paths = paths;
	o.npaths = npaths;
	w = t ? skl_whatif_run(db, t, &o, &err) : NULL;
	if (getenv("SKLAB_FUZZ_PRINT"))
		fprintf(stderr, "fuzz_whatif: %d edits, %d paths: %s\n", nedits, npaths, w ? "ran" : err.msg);
	if (w) {
		skl_sink sink = {fz_ignore, NULL};
		skl_whatif_write_text(w, &sink, SKL_WHATIF_SHOW_AFTER);
		skl_whatif_write_text(w, &sink, SKL_WHATIF_SHOW_DIFF);
		skl_whatif_write_text(w, &sink, SKL_WHATIF_SHOW_TABLE);
		skl_whatif_write_json(w, &sink);
		skl_whatif_free(w);
	}
	skl_typedb_free(db);
	free(text);
	return 0;
}
