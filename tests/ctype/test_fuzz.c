/*
 * test_fuzz.c - a deterministic mutation test of the C reader: corpus
 * headers with bytes deleted, repeated and inserted (tokens the reader
 * finds hard: braces, directives, attributes, comments, quotes) are read,
 * laid out and printed. Anything may be rejected; nothing may crash, hang
 * or leak (run it under ASan). Fixed seed, so a failure reproduces.
 *
 * usage: test_core_fuzz CORPUS_DIR [ITERATIONS]
 */
#define _XOPEN_SOURCE 700
#include "check.h"
#include "golden.h"

#include "sklab/cparse.h"
#include "sklab/pahole.h"

#include <dirent.h>
#include <stdlib.h>

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return n ? (unsigned)(rng % n) : 0;
}

/* clang-format off */
static const char *const snippets[] = {
	"{", "}", "(", ")", "[", "]", ";", ",", ":", "*", "=", "#if X\n", "#ifdef CONFIG_A\n",
	"#else\n", "#endif\n", "#elif defined(B)\n", "#define N 3\n", "#define F(x) x\n",
	"#undef N\n", "\n#include <x.h>\n", "__attribute__((", "__attribute__((packed))",
	"aligned(", "__aligned(8)", "/*", "*/", "//", "'", "\"", "\\\n", "0x", "1e3", "N",
	"struct ", "union ", "enum ", "typedef ", "int ", "long long ", "unsigned ", ":0", ":70",
	"[0]", "[]", "[1<<40]", "(*", ")(int, ...)", "const ", "volatile ", "sizeof(int)",
	"____cacheline_aligned", "\t", "\0", "\xff", "IS_ENABLED(", "defined", "&&", "||", "!",
	"?:", "-1",
};
/* clang-format on */

static void ignore(void *ud, const char *s, size_t n)
{
	(void)ud;
	(void)s;
	(void)n;
}

/* Reads text; lays out and prints whatever it defines. */
static void exercise(const char *text)
{
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	skl_sink sink = {ignore, NULL};
	int i;
	if (skl_cparse(db, text, "fuzz.h", &err) == 0) {
		for (i = 0; i < skl_typedb_count_records(db); i++) {
			skl_type *t = skl_typedb_record_at(db, i);
			int a;
			if (skl_type_kind(t) == SKL_K_ENUM)
				continue;
			for (a = 0; a < 2; a++) {
				skl_layout *l =
				    skl_layout_compute(t, skl_abi_find(a ? "i386" : "x86_64"), "CONFIG_A,B", 64, &err);
				if (l) {
					skl_pahole_write(l, &sink, NULL);
					skl_layout_write_json(l, &sink);
					skl_layout_free(l);
				}
			}
		}
	}
	skl_typedb_free(db);
}

int main(int argc, char **argv)
{
	char *texts[64];
	size_t lens[64];
	int ntexts = 0, iters = argc > 2 ? atoi(argv[2]) : 2000, it;
	DIR *d;
	struct dirent *e;
	if (argc < 2) {
		printf("usage: %s CORPUS_DIR [ITERATIONS]\n", argv[0]);
		return 2;
	}
	d = opendir(argv[1]);
	if (!d) {
		printf("cannot open %s\n", argv[1]);
		return 1;
	}
	while ((e = readdir(d)) != NULL && ntexts < 64) {
		char path[1024];
		size_t n = strlen(e->d_name);
		if (n < 3 || strcmp(e->d_name + n - 2, ".h") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", argv[1], e->d_name);
		texts[ntexts] = skl_test_read_file_len(path, &lens[ntexts]);
		if (texts[ntexts])
			ntexts++;
	}
	closedir(d);
	CHECK(ntexts > 0);
	/* readdir's order is the file system's: sort for a fixed sequence */
	{
		int i, j;
		for (i = 0; i < ntexts; i++)
			for (j = i + 1; j < ntexts; j++)
				if (strcmp(texts[i], texts[j]) > 0) {
					char *t = texts[i];
					size_t l = lens[i];
					texts[i] = texts[j];
					lens[i] = lens[j];
					texts[j] = t;
					lens[j] = l;
				}
	}
	for (it = 0; it < iters && ntexts; it++) {
		int k = (int)rnd((unsigned)ntexts), m, nmut = 1 + (int)rnd(4);
		size_t len = lens[k], cap = len + 4096;
		char *buf = malloc(cap + 1);
		if (!buf)
			break;
		memcpy(buf, texts[k], len);
		for (m = 0; m < nmut; m++) {
			size_t at = len ? rnd((unsigned)len) : 0, span = 1 + rnd(40);
			switch (rnd(3)) {
			case 0: /* delete */
				if (at + span > len)
					span = len - at;
				memmove(buf + at, buf + at + span, len - at - span);
				len -= span;
				break;
			case 1: /* repeat a span */
				if (at + span > len)
					span = len - at;
				if (len + span < cap) {
					memmove(buf + at + span, buf + at, len - at);
					len += span;
				}
				break;
			default: { /* insert a snippet */
				const char *s = snippets[rnd(sizeof(snippets) / sizeof(snippets[0]))];
				size_t sl = strlen(s) ? strlen(s) : 1;
				if (len + sl < cap) {
					memmove(buf + at + sl, buf + at, len - at);
					memcpy(buf + at, s, sl);
					len += sl;
				}
			}
			}
		}
		buf[len] = '\0';
		exercise(buf);
		/* single members and type names from a line of it */
		{
			char line[256], name[64];
			size_t n = 0, at = len ? rnd((unsigned)len) : 0;
			skl_typedb *db = skl_typedb_new();
			skl_type *t;
			int bits;
			unsigned al;
			skl_error err;
			while (at < len && buf[at] != '\n' && n + 1 < sizeof(line))
				line[n++] = buf[at++];
			line[n] = '\0';
			skl_cparse_member(db, line, name, sizeof(name), &t, &bits, &al, &err);
			skl_cparse_typename(db, line, &err);
			skl_typedb_free(db);
		}
		free(buf);
	}
	for (it = 0; it < ntexts; it++)
		free(texts[it]);
	printf("%d mutated headers read\n", iters);
	return check_done("core_fuzz");
}
