/*
 * test_pahole.c - the pahole writer against real pahole 1.24 output kept
 * in golden/ (HEADER.ABI.KIND.NAME.pahole, for headers of the
 * pahole_compare corpus), so it is checked where gcc and pahole are not
 * installed; plus the hex and condition options and the JSON writer.
 *
 * usage: test_core_pahole CORPUS_DIR GOLDEN_DIR
 */
#include "check.h"
#include "golden.h"

#include "sklab/cparse.h"
#include "sklab/pahole.h"

#include <stdlib.h>

/* The header's "sklab-config: A B" as "A,B". */
static void header_config(const char *text, char *out, size_t outsz)
{
	const char *p = strstr(text, "sklab-config:");
	size_t n = 0;
	out[0] = '\0';
	if (!p)
		return;
	p += strlen("sklab-config:");
	while (*p && *p != '\n' && n + 2 < outsz) {
		while (*p == ' ')
			p++;
		if (!*p || *p == '\n')
			break;
		if (n)
			out[n++] = ',';
		while (*p && *p != ' ' && *p != '\n' && n + 1 < outsz)
			out[n++] = *p++;
	}
	out[n] = '\0';
}

/* sklab's pahole text for record name of header stem on abi (caller frees), or NULL. */
static char *pahole_text(const char *corpus, const char *stem, const char *abi, const char *name)
{
	char path[1024], config[512];
	char *text, *out = NULL;
	skl_typedb *db;
	skl_error err;
	skl_layout *l;
	snprintf(path, sizeof(path), "%s/%s.h", corpus, stem);
	text = skl_test_read_file(path);
	if (!text) {
		printf("cannot read %s\n", path);
		check_failures++;
		return NULL;
	}
	header_config(text, config, sizeof(config));
	db = skl_typedb_new();
	if (skl_cparse(db, text, path, &err) < 0) {
		printf("%s:%d:%d: %s\n", path, err.line, err.col, err.msg);
		check_failures++;
	} else if (!(l = skl_layout_compute(skl_typedb_find(db, name), skl_abi_find(abi), config, 64, &err))) {
		printf("%s: %s\n", name, err.msg);
		check_failures++;
	} else {
		skl_buf b;
		skl_sink s;
		skl_buf_init(&b);
		s = skl_buf_sink(&b);
		skl_pahole_write(l, &s, NULL);
		skl_layout_free(l);
		out = b.data;
	}
	skl_typedb_free(db);
	free(text);
	return out;
}

static void goldens(const char *corpus, const char *golden)
{
	static const char *const files[] = {
	    "01_scalars.i386.struct.s_int_llong",
	    "02_bitfields.i386.struct.bf_zero",
	    "02_bitfields.x86_64.struct.bf_unnamed",
	    "02_bitfields.x86_64.struct.bf_widths",
	    "03_packed.i386.struct.pk_outer",
	    "03_packed.x86_64.struct.pk_bits",
	    "04_aligned.x86_64.struct.al_cacheline",
	    "05_nested.x86_64.struct.ns_deep",
	    "10_kernel_sock.i386.struct.sock24",
	    "11_floats.x86_64.struct.fl_ldouble_pair",
	    "12_config.i386.struct.cf_sock",
	    "13_unions.x86_64.union.un_mixed",
	    "14_cachelines.x86_64.struct.cl_bits_across",
	    "15_typedefs.x86_64.struct.td_has_holey_member",
	    "16_alignment_spread.x86_64.struct.as_outer",
	    "19_edges.i386.struct.eg_packed_in_union",
	    "19_edges.x86_64.struct.eg_enum_packed_bits",
	    "19_edges.x86_64.struct.eg_leading_unnamed",
	    "19_edges.x86_64.struct.eg_qualifiers",
	};
	size_t i;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char stem[128], abi[16], kind[16], tag[128], name[160], path[1024];
		char *want, *got;
		if (sscanf(files[i], "%127[^.].%15[^.].%15[^.].%127s", stem, abi, kind, tag) != 4) {
			printf("bad golden name %s\n", files[i]);
			check_failures++;
			continue;
		}
		snprintf(name, sizeof(name), "%s %s", kind, tag);
		snprintf(path, sizeof(path), "%s/%s.pahole", golden, files[i]);
		want = skl_test_read_file(path);
		got = pahole_text(corpus, stem, abi, name);
		if (!want) {
			printf("cannot read %s\n", path);
			check_failures++;
		} else if (got && strcmp(got, want) != 0) {
			printf("%s (%s) differs from %s:\n--- pahole\n%s--- sklab\n%s", name, abi, path, want, got);
			check_failures++;
		}
		free(want);
		skl_free(got);
	}
}

static void options(void)
{
	static const char decls[] = "struct o {\n"
				    "	char c;\n"
				    "#ifdef CONFIG_A\n"
				    "	int a:3;\n"
				    "#endif\n"
				    "	long l[40];\n"
				    "};\n";
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	skl_layout *l;
	skl_buf b;
	skl_sink s;
	skl_pahole_opts o = {1, 1};
	CHECK_INT(skl_cparse(db, decls, "o.h", &err), 0);
	l = skl_layout_compute(skl_typedb_find(db, "struct o"), skl_abi_find("x86_64"), "CONFIG_A", 32, &err);
	CHECK(l != NULL);
	if (!l) {
		skl_typedb_free(db);
		return;
	}
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_pahole_write(l, &s, &o);
	/* pahole --hex -c 32 of the same struct built with -DCONFIG_A, plus the condition */
	CHECK_STR(b.data, "struct o {\n"
			  "\tchar                       c;                    /*     0   0x1 */\n"
			  "\n"
			  "\t/* Bitfield combined with previous fields */\n"
			  "\n"
			  "\tint                        a:3;                  /*     0:0x8 0x4 */ /* CONFIG_A */\n"
			  "\n"
			  "\t/* XXX 21 bits hole, try to pack */\n"
			  "\t/* XXX 4 bytes hole, try to pack */\n"
			  "\n"
			  "\tlong int                   l[40];                /*   0x8 0x140 */\n"
			  "\n"
			  "\t/* size: 328, cachelines: 11, members: 3 */\n"
			  "\t/* sum members: 321, holes: 1, sum holes: 4 */\n"
			  "\t/* sum bitfield members: 3 bits, bit holes: 1, sum bit holes: 21 bits */\n"
			  "\t/* last cacheline: 8 bytes */\n"
			  "};\n");
	skl_buf_free(&b);
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_layout_write_json(l, &s);
	CHECK(strstr(b.data, "\"size\": 328") != NULL);
	CHECK(strstr(b.data, "\"config\": \"CONFIG_A\"") != NULL);
	skl_buf_free(&b);
	skl_layout_free(l);
	skl_typedb_free(db);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		printf("usage: %s CORPUS_DIR GOLDEN_DIR\n", argv[0]);
		return 2;
	}
	goldens(argv[1], argv[2]);
	options();
	return check_done("core_pahole");
}
