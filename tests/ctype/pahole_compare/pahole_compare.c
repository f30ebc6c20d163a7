/*
 * pahole_compare.c - checks sklab's layouts against gcc and pahole.
 *
 * For each header: reads it with skl_cparse, then for x86_64 and i386
 * compiles it with gcc -g (one dummy variable per struct and union, so
 * DWARF has them all), runs pahole on the object and compares, struct by
 * struct:
 *   1. offsets, sizes and bitfield positions of every member and the
 *      struct size (the numbers in pahole's comments) must be identical;
 *   2. the whole text should be identical; a difference only in
 *      whitespace is reported and accepted; any other difference fails
 *      unless the header lists it as a known pahole quirk. sklab models
 *      pahole 1.24: with another version, text differences are reported
 *      but do not fail.
 *
 * Header annotations (in comments):
 *   sklab-config: CONFIG_A CONFIG_B      options for both gcc (-D) and sklab
 *   sklab-abi: x86_64                    compare on these ABIs only
 *   pahole-quirk: struct NAME: reason    a text difference that is expected
 *
 * Exit status: 0 all match, 1 a mismatch, 77 gcc or pahole unusable (skip).
 */
#define _XOPEN_SOURCE 700
#include "sklab/cparse.h"
#include "sklab/layout.h"
#include "sklab/pahole.h"

#include "golden.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SKIP 77

typedef struct opts {
	const char *gcc;
	const char *pahole;
	const char *work;
	int verbose;
	int text_strict; /* the pahole sklab models (1.24): text differences fail */
} opts;

typedef struct stats {
	int compared, identical, whitespace, quirks, failed, skipped_abi;
} stats;

/* ---- small helpers ---------------------------------------------------------- */

/* Appends s to the shell command in single quotes. */
static void shq(char *cmd, size_t sz, const char *s)
{
	size_t n = strlen(cmd);
	if (n + 1 < sz)
		cmd[n++] = '\'';
	for (; *s && n + 5 < sz; s++) {
		if (*s == '\'') {
			memcpy(cmd + n, "'\\''", 4);
			n += 4;
		} else {
			cmd[n++] = *s;
		}
	}
	if (n + 1 < sz)
		cmd[n++] = '\'';
	cmd[n] = '\0';
}

static void cat(char *cmd, size_t sz, const char *s)
{
	size_t n = strlen(cmd);
	snprintf(cmd + n, sz - n, "%s", s);
}

/* Runs cmd, returns its stdout (malloc'd) and exit status. */
static char *run(const char *cmd, int *status)
{
	FILE *p = popen(cmd, "r");
	skl_buf b;
	char chunk[4096];
	size_t n;
	if (!p) {
		*status = -1;
		return NULL;
	}
	skl_buf_init(&b);
	skl_buf_append(&b, "", 0);
	while ((n = fread(chunk, 1, sizeof(chunk), p)) > 0)
		skl_buf_append(&b, chunk, n);
	*status = pclose(p);
	return b.data;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* ---- header annotations ---------------------------------------------------------- */

static void read_config(const char *text, char *config, size_t sz, char *dflags, size_t dsz)
{
	const char *p = strstr(text, "sklab-config:");
	config[0] = dflags[0] = '\0';
	if (!p)
		return;
	p += strlen("sklab-config:");
	for (;;) {
		char word[128];
		size_t n = 0;
		while (*p == ' ' || *p == '\t')
			p++;
		while (*p && !isspace((unsigned char)*p) && n + 1 < sizeof(word) && *p != '*')
			word[n++] = *p++;
		word[n] = '\0';
		if (!n)
			break;
		if (config[0])
			cat(config, sz, ",");
		cat(config, sz, word);
		cat(dflags, dsz, " -D");
		cat(dflags, dsz, word);
	}
}

/* Is the header meant for this ABI ("sklab-abi: x86_64"; all when absent)? */
static int abi_wanted(const char *text, const char *abi)
{
	const char *p = strstr(text, "sklab-abi:");
	const char *e;
	size_t n = strlen(abi);
	if (!p)
		return 1;
	p += strlen("sklab-abi:");
	e = strchr(p, '\n');
	if (!e)
		e = p + strlen(p);
	for (; p < e; p++)
		if (!strncmp(p, abi, n) && (p[n] == ' ' || p[n] == '\n' || p[n] == '\0' || p[n] == ','))
			return 1;
	return 0;
}

/* The reason a struct's text may differ, or NULL. */
static int quirk_for(const char *text, const char *name, char *reason, size_t sz)
{
	const char *p = text;
	size_t n = strlen(name);
	while ((p = strstr(p, "pahole-quirk:")) != NULL) {
		p += strlen("pahole-quirk:");
		while (*p == ' ')
			p++;
		if (!strncmp(p, name, n) && p[n] == ':') {
			const char *e = p + n + 1;
			size_t k = 0;
			while (*e == ' ')
				e++;
			while (e[k] && e[k] != '\n' && !(e[k] == '*' && e[k + 1] == '/'))
				k++;
			snprintf(reason, sz, "%.*s", (int)k, e);
			return 1;
		}
	}
	return 0;
}

/* ---- pahole text ------------------------------------------------------------------ */

/* Finds the block "NAME {" ... "}...;" at column 0 in pahole's output. */
static char *find_block(const char *out, const char *name)
{
	char head[300] = "";
	const char *p = out;
	size_t hn;
	cat(head, sizeof(head), name);
	cat(head, sizeof(head), " {\n");
	hn = strlen(head);
	while (p && *p) {
		if (!strncmp(p, head, hn)) {
			const char *e = p + hn;
			while (*e) {
				if (*e == '}') {
					const char *nl = strchr(e, '\n');
					size_t len = (size_t)((nl ? nl + 1 : e + strlen(e)) - p);
					char *r = malloc(len + 1);
					if (r) {
						memcpy(r, p, len);
						r[len] = '\0';
					}
					return r;
				}
				e = strchr(e, '\n');
				if (!e)
					break;
				e++;
			}
			return NULL;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

/* The numbers of a block: "off size" and "off:bit size" comments, in order,
 * and the size line. Written as one line each into out. */
static void numbers(const char *text, skl_buf *out)
{
	const char *line = text;
	skl_buf_init(out);
	skl_buf_append(out, "", 0);
	while (*line) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		const char *c = NULL, *q;
		/* the last comment on the line */
		for (q = line; q + 1 < line + len; q++)
			if (q[0] == '/' && q[1] == '*')
				c = q;
		if (c) {
			unsigned long long off, size;
			unsigned bit;
			char tail[8];
			if (sscanf(c, "/* %llu:%u %llu %2s", &off, &bit, &size, tail) == 4 && !strcmp(tail, "*/"))
				skl_buf_printf(out, "%llu:%u %llu\n", off, bit, size);
			else if (sscanf(c, "/* %llu %llu %2s", &off, &size, tail) == 3 && !strcmp(tail, "*/"))
				skl_buf_printf(out, "%llu %llu\n", off, size);
			else if (sscanf(c, "/* size: %llu,", &size) == 1)
				skl_buf_printf(out, "size %llu\n", size);
		}
		if (!nl)
			break;
		line = nl + 1;
	}
}

static int same_but_whitespace(const char *a, const char *b)
{
	for (;;) {
		while (*a == ' ' || *a == '\t')
			a++;
		while (*b == ' ' || *b == '\t')
			b++;
		if (*a != *b)
			return 0;
		if (!*a)
			return 1;
		a++;
		b++;
	}
}

/* Prints the lines that differ, pahole's as "-", sklab's as "+". */
static void show_diff(const char *want, const char *got)
{
	const char *a = want, *b = got;
	int shown = 0;
	while ((*a || *b) && shown < 12) {
		const char *na = strchr(a, '\n'), *nb = strchr(b, '\n');
		size_t la = na ? (size_t)(na - a) : strlen(a), lb = nb ? (size_t)(nb - b) : strlen(b);
		if (la != lb || strncmp(a, b, la) != 0) {
			printf("      - %.*s\n      + %.*s\n", (int)la, a, (int)lb, b);
			shown++;
		}
		a = na ? na + 1 : a + la;
		b = nb ? nb + 1 : b + lb;
	}
}

/* ---- one header on one ABI ----------------------------------------------------------- */

static int tool_ok(const char *tool, const char *arg)
{
	char cmd[1024] = "";
	int st;
	char *out;
	if (!tool || !*tool || strstr(tool, "NOTFOUND"))
		return 0;
	shq(cmd, sizeof(cmd), tool);
	cat(cmd, sizeof(cmd), " ");
	cat(cmd, sizeof(cmd), arg);
	cat(cmd, sizeof(cmd), " 2>/dev/null");
	out = run(cmd, &st);
	free(out);
	return st == 0;
}

static int compile(const opts *o, const char *src, const char *obj, const char *flags, char *errout, size_t errsz)
{
	char cmd[4096] = "", errfile[1024];
	int st;
	char *out;
	snprintf(errfile, sizeof(errfile), "%s.err", obj);
	shq(cmd, sizeof(cmd), o->gcc);
	cat(cmd, sizeof(cmd), " -g -O0 -c ");
	cat(cmd, sizeof(cmd), flags);
	cat(cmd, sizeof(cmd), " -o ");
	shq(cmd, sizeof(cmd), obj);
	cat(cmd, sizeof(cmd), " ");
	shq(cmd, sizeof(cmd), src);
	cat(cmd, sizeof(cmd), " 2>");
	shq(cmd, sizeof(cmd), errfile);
	out = run(cmd, &st);
	free(out);
	if (st != 0) {
		char *e = skl_test_read_file(errfile);
		snprintf(errout, errsz, "%s", e ? e : "(no output)");
		free(e);
		return -1;
	}
	return 0;
}

static int compare_abi(const opts *o, const char *header, const char *text, skl_typedb *db, const char *abiname,
		       stats *st)
{
	const skl_abi *abi = skl_abi_find(abiname);
	char src[1024], obj[1024], flags[1024], config[1024], dflags[1024], err[2048], cmd[4096] = "";
	char *pa_out;
	FILE *f;
	int i, status, failed = 0;

	read_config(text, config, sizeof(config), dflags, sizeof(dflags));
	snprintf(src, sizeof(src), "%s/%s.%s.c", o->work, base_name(header), abiname);
	snprintf(obj, sizeof(obj), "%s/%s.%s.o", o->work, base_name(header), abiname);
	f = fopen(src, "w");
	if (!f) {
		printf("FAIL %s: cannot write %s\n", header, src);
		return 1;
	}
	{
		char *abs = realpath(header, NULL);
		fprintf(f, "#include \"%s\"\n", abs ? abs : header);
		free(abs);
	}
	for (i = 0; i < skl_typedb_count_records(db); i++) {
		skl_type *t = skl_typedb_record_at(db, i);
		skl_kind k = skl_type_kind(t);
		if (k == SKL_K_ENUM || !skl_type_is_complete(t))
			continue;
		fprintf(f, "%s %s skl_dummy_%d;\n", k == SKL_K_UNION ? "union" : "struct", skl_type_tag(t), i);
	}
	fclose(f);
	snprintf(flags, sizeof(flags), "%s%s", strcmp(abiname, "i386") == 0 ? "-m32" : "", dflags);
	if (compile(o, src, obj, flags, err, sizeof(err)) < 0) {
		printf("FAIL %s (%s): gcc failed:\n%s\n", header, abiname, err);
		st->failed++;
		return 1;
	}
	shq(cmd, sizeof(cmd), o->pahole);
	cat(cmd, sizeof(cmd), " ");
	shq(cmd, sizeof(cmd), obj);
	pa_out = run(cmd, &status);
	if (!pa_out || status != 0) {
		printf("FAIL %s (%s): pahole failed (status %d)\n", header, abiname, status);
		free(pa_out);
		st->failed++;
		return 1;
	}

	for (i = 0; i < skl_typedb_count_records(db); i++) {
		skl_type *t = skl_typedb_record_at(db, i);
		skl_kind k = skl_type_kind(t);
		char name[300], reason[300];
		char *want;
		skl_layout *l;
		skl_error e;
		skl_buf got, nw, ng;
		skl_sink sink;
		int quirk;
		if (k == SKL_K_ENUM || !skl_type_is_complete(t))
			continue;
		snprintf(name, sizeof(name), "%s %s", k == SKL_K_UNION ? "union" : "struct", skl_type_tag(t));
		st->compared++;
		want = find_block(pa_out, name);
		if (!want) {
			printf("FAIL %-40s %-6s pahole did not print it\n", name, abiname);
			st->failed++;
			failed = 1;
			continue;
		}
		l = skl_layout_compute(t, abi, config, 64, &e);
		if (!l) {
			printf("FAIL %-40s %-6s sklab: %s\n", name, abiname, e.msg);
			free(want);
			st->failed++;
			failed = 1;
			continue;
		}
		skl_buf_init(&got);
		skl_buf_append(&got, "", 0);
		sink = skl_buf_sink(&got);
		skl_pahole_write(l, &sink, NULL);
		numbers(want, &nw);
		numbers(got.data, &ng);
		quirk = quirk_for(text, name, reason, sizeof(reason));
		if (strcmp(nw.data, ng.data) != 0) {
			printf("FAIL %-40s %-6s offsets or sizes differ from gcc\n", name, abiname);
			show_diff(want, got.data);
			st->failed++;
			failed = 1;
		} else if (!strcmp(want, got.data)) {
			st->identical++;
			if (o->verbose)
				printf("ok   %-40s %-6s identical\n", name, abiname);
			if (quirk)
				printf("note %-40s %-6s identical: the quirk note is no longer needed\n", name,
				       abiname);
		} else if (same_but_whitespace(want, got.data)) {
			st->whitespace++;
			printf("ok   %-40s %-6s same numbers, whitespace differs\n", name, abiname);
			show_diff(want, got.data);
		} else if (quirk) {
			st->quirks++;
			printf("ok   %-40s %-6s same numbers, known pahole quirk: %s\n", name, abiname, reason);
			if (o->verbose)
				show_diff(want, got.data);
		} else if (!o->text_strict) {
			st->quirks++;
			printf("note %-40s %-6s same numbers, text differs (another pahole version)\n", name, abiname);
			show_diff(want, got.data);
		} else {
			printf("FAIL %-40s %-6s same numbers, text differs\n", name, abiname);
			show_diff(want, got.data);
			st->failed++;
			failed = 1;
		}
		skl_buf_free(&nw);
		skl_buf_free(&ng);
		skl_buf_free(&got);
		skl_layout_free(l);
		free(want);
	}
	free(pa_out);
	return failed;
}

int main(int argc, char **argv)
{
	opts o;
	stats st;
	int i, failed = 0, have_m32;
	char err[2048], src[1024], obj[1024];
	FILE *f;

	memset(&o, 0, sizeof(o));
	memset(&st, 0, sizeof(st));
	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--gcc") && i + 1 < argc)
			o.gcc = argv[++i];
		else if (!strcmp(argv[i], "--pahole") && i + 1 < argc)
			o.pahole = argv[++i];
		else if (!strcmp(argv[i], "--work") && i + 1 < argc)
			o.work = argv[++i];
		else if (!strcmp(argv[i], "-v"))
			o.verbose = 1;
		else {
			fprintf(stderr, "usage: %s --gcc GCC --pahole PAHOLE --work DIR [-v] HEADER...\n", argv[0]);
			return 2;
		}
	}
	if (!o.work || i >= argc) {
		fprintf(stderr, "usage: %s --gcc GCC --pahole PAHOLE --work DIR [-v] HEADER...\n", argv[0]);
		return 2;
	}
	if (!tool_ok(o.gcc, "--version")) {
		printf("SKIP: gcc not found or not working (%s)\n", o.gcc ? o.gcc : "not given");
		return SKIP;
	}
	if (!tool_ok(o.pahole, "--version")) {
		printf("SKIP: pahole not found or not working (%s); install dwarves\n",
		       o.pahole ? o.pahole : "not given");
		return SKIP;
	}
	{
		char cmd[1024] = "";
		int status;
		char *ver;
		shq(cmd, sizeof(cmd), o.pahole);
		cat(cmd, sizeof(cmd), " --version");
		ver = run(cmd, &status);
		if (ver && strchr(ver, '\n'))
			*strchr(ver, '\n') = '\0';
		o.text_strict = ver && !strncmp(ver, "v1.24", 5) && !isdigit((unsigned char)ver[5]);
		if (!o.text_strict)
			printf("NOTE: pahole %.20s is not the 1.24 that sklab's text models: text differences are "
			       "reported, only numbers must match\n",
			       ver ? ver : "?");
		free(ver);
	}
	mkdir(o.work, 0777);
	/* does gcc -m32 work here? */
	snprintf(src, sizeof(src), "%s/m32_probe.c", o.work);
	snprintf(obj, sizeof(obj), "%s/m32_probe.o", o.work);
	f = fopen(src, "w");
	if (!f) {
		printf("FAIL: cannot write in %s\n", o.work);
		return 1;
	}
	fprintf(f, "struct probe { long long x; } probe;\n");
	fclose(f);
	if (compile(&o, src, obj, "", err, sizeof(err)) < 0) {
		printf("SKIP: gcc cannot compile a probe: %s\n", err);
		return SKIP;
	}
	have_m32 = compile(&o, src, obj, "-m32", err, sizeof(err)) == 0;
	if (!have_m32) {
		char *nl = strchr(err, '\n');
		if (nl)
			*nl = '\0';
		printf("SKIP i386: gcc -m32 does not work here (%s); comparing x86_64 only\n", err);
	}

	for (; i < argc; i++) {
		const char *header = argv[i];
		char *text = skl_test_read_file(header);
		skl_typedb *db;
		skl_error e;
		if (!text) {
			printf("FAIL %s: cannot read\n", header);
			failed = 1;
			continue;
		}
		db = skl_typedb_new();
		if (skl_cparse(db, text, header, &e) < 0) {
			char msg[1024];
			skl_error_format(&e, msg, sizeof(msg));
			printf("FAIL %s\n", msg);
			failed = 1;
		} else {
			if (abi_wanted(text, "x86_64"))
				failed |= compare_abi(&o, header, text, db, "x86_64", &st);
			if (have_m32 && abi_wanted(text, "i386"))
				failed |= compare_abi(&o, header, text, db, "i386", &st);
		}
		skl_typedb_free(db);
		free(text);
	}
	printf("\n%d struct layouts compared: %d identical to pahole, %d differ in whitespace only, "
	       "%d known pahole quirks, %d failed\n",
	       st.compared, st.identical, st.whitespace, st.quirks, st.failed);
	return failed || st.failed ? 1 : 0;
}
