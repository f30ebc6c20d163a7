/*
 * gen_hostile.c - writes the generated inputs of the hostile header and
 * BTF cases (cases.list) into a directory: headers too long to commit, and
 * raw BTF files built type by type (include/uapi/linux/btf.h's encoding:
 * a 24-byte header, the types, then the strings).
 *
 * usage: gen_hostile DIR
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- raw BTF ------------------------------------------------------------- */

enum {
	K_INT = 1,
	K_PTR,
	K_ARRAY,
	K_STRUCT,
	K_UNION,
	K_ENUM,
	K_FWD,
	K_TYPEDEF,
	K_VOLATILE,
	K_CONST,
	K_RESTRICT,
	K_FUNC,
	K_FUNC_PROTO
};

typedef struct btfw {
	uint32_t *t; /* type section, in 32-bit words */
	size_t nt, capt;
	char *s; /* string section */
	size_t ns, caps;
	uint32_t ntypes; /* ids given so far (id 0 is void) */
} btfw;

static void w32(btfw *b, uint32_t v)
{
	if (b->nt == b->capt) {
		b->capt = b->capt ? b->capt * 2 : 1024;
		b->t = realloc(b->t, b->capt * 4);
		if (!b->t)
			exit(1);
	}
	b->t[b->nt++] = v;
}

static uint32_t str(btfw *b, const char *s)
{
	size_t n = strlen(s) + 1;
	uint32_t off;
	if (!b->ns) {
		b->caps = 1024;
		b->s = calloc(1, b->caps);
		b->ns = 1; /* offset 0 is "" */
	}
	if (!*s)
		return 0;
	while (b->ns + n > b->caps) {
		b->caps *= 2;
		b->s = realloc(b->s, b->caps);
		if (!b->s)
			exit(1);
	}
	off = (uint32_t)b->ns;
	memcpy(b->s + b->ns, s, n);
	b->ns += n;
	return off;
}

static uint32_t type(btfw *b, uint32_t name_off, int kind, int vlen, uint32_t size_or_type)
{
	w32(b, name_off);
	w32(b, ((uint32_t)kind << 24) | (uint32_t)vlen);
	w32(b, size_or_type);
	return ++b->ntypes;
}

static uint32_t t_int(btfw *b, const char *name, uint32_t bytes)
{
	uint32_t id = type(b, str(b, name), K_INT, 0, bytes);
	w32(b, (1u << 24) | (bytes * 8)); /* signed, nr_bits */
	return id;
}

static uint32_t t_array(btfw *b, uint32_t elem, uint32_t index, uint32_t n)
{
	uint32_t id = type(b, 0, K_ARRAY, 0, 0);
	w32(b, elem);
	w32(b, index);
	w32(b, n);
	return id;
}

/* A struct: members follow with member(). */
static uint32_t t_struct(btfw *b, const char *name, int vlen, uint32_t size)
{
	return type(b, str(b, name), K_STRUCT, vlen, size);
}

static void member(btfw *b, const char *name, uint32_t type_id, uint32_t bit_off)
{
	w32(b, str(b, name));
	w32(b, type_id);
	w32(b, bit_off);
}

static void btf_write(btfw *b, const char *dir, const char *name, uint32_t str_len_lie)
{
	char path[4096];
	FILE *f;
	uint32_t hdr[6];
	uint16_t magic = 0xeB9F;
	uint8_t ver = 1, flags = 0;
	if (!b->ns)
		str(b, "");
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f) {
		perror(path);
		exit(1);
	}
	hdr[0] = 24;					      /* hdr_len */
	hdr[1] = 0;					      /* type_off */
	hdr[2] = (uint32_t)(b->nt * 4);			      /* type_len */
	hdr[3] = hdr[2];				      /* str_off */
	hdr[4] = str_len_lie ? str_len_lie : (uint32_t)b->ns; /* str_len */
	fwrite(&magic, 2, 1, f);
	fwrite(&ver, 1, 1, f);
	fwrite(&flags, 1, 1, f);
	fwrite(&hdr[0], 4, 5, f);
	fwrite(b->t, 4, b->nt, f);
	fwrite(b->s, 1, b->ns, f);
	fclose(f);
	free(b->t);
	free(b->s);
	memset(b, 0, sizeof(*b));
}

static void gen_btf(const char *dir)
{
	btfw b = {0};
	uint32_t i, ch, lg, a1, a2, prev, id;
	char name[32];

	/* an array of 2^32-1 arrays of 2^32-1 longs */
	lg = t_int(&b, "long int", 8);
	a1 = t_array(&b, lg, lg, 0xffffffffu);
	a2 = t_array(&b, a1, lg, 0xffffffffu);
	t_struct(&b, "huge", 1, 8);
	member(&b, "x", a2, 0);
	btf_write(&b, dir, "huge-array.btf", 0);

	/* 31 structs each holding two of the one before, then 2^20 of the last */
	ch = t_int(&b, "char", 1);
	prev = t_struct(&b, "d0", 1, 1);
	member(&b, "c", ch, 0);
	for (i = 1; i <= 29; i++) {
		snprintf(name, sizeof(name), "d%u", i);
		id = t_struct(&b, name, 2, 1u << i);
		member(&b, "a", prev, 0);
		member(&b, "b", prev, (1u << (i - 1)) * 8);
		prev = id;
	}
	a1 = t_array(&b, prev, ch, 1u << 20);
	t_struct(&b, "doubling", 1, 0xffffffffu);
	member(&b, "many", a1, 0);
	btf_write(&b, dir, "doubling.btf", 0);

	/* a pointer that points to a pointer that points to the first */
	t_struct(&b, "ploop", 1, 8); /* 1 */
	member(&b, "p", 2, 0);
	type(&b, 0, K_PTR, 0, 3); /* 2 */
	type(&b, 0, K_PTR, 0, 2); /* 3 */
	btf_write(&b, dir, "pointer-loop.btf", 0);

	/* const of volatile of const of ... */
	t_struct(&b, "mloop", 1, 8); /* 1 */
	member(&b, "m", 2, 0);
	type(&b, 0, K_CONST, 0, 3);    /* 2 */
	type(&b, 0, K_VOLATILE, 0, 2); /* 3 */
	btf_write(&b, dir, "modifier-cycle.btf", 0);

	/* a struct that holds itself */
	t_struct(&b, "selfish", 1, 8);
	member(&b, "me", 1, 0);
	btf_write(&b, dir, "self.btf", 0);

	/* 200 typedefs, each of the one before */
	prev = t_int(&b, "int", 4);
	for (i = 0; i < 200; i++) {
		snprintf(name, sizeof(name), "td%u", i);
		prev = type(&b, str(&b, name), K_TYPEDEF, 0, prev);
	}
	t_struct(&b, "deep", 1, 4);
	member(&b, "x", prev, 0);
	btf_write(&b, dir, "typedef-chain.btf", 0);

	/* a member whose type id is past the last type */
	t_struct(&b, "badid", 1, 8);
	member(&b, "x", 9999, 0);
	btf_write(&b, dir, "type-id.btf", 0);

	/* a name offset past the strings */
	lg = t_int(&b, "long int", 8);
	t_struct(&b, "badstr", 1, 8);
	w32(&b, 0x7fffff00u); /* the member's name_off */
	w32(&b, lg);
	w32(&b, 0);
	btf_write(&b, dir, "string-offset.btf", 0);

	/* the string section runs past the end of the file */
	lg = t_int(&b, "long int", 8);
	t_struct(&b, "trunc", 1, 8);
	member(&b, "x", lg, 0);
	btf_write(&b, dir, "truncated.btf", 1u << 20);

	/* 65535 members, each 16 bytes after the one before */
	ch = t_int(&b, "char", 1);
	t_struct(&b, "wide", 65535, 65535u * 16);
	for (i = 0; i < 65535; i++) {
		snprintf(name, sizeof(name), "m%u", i);
		member(&b, name, ch, i * 16 * 8);
	}
	btf_write(&b, dir, "wide.btf", 0);

	/* a struct only declared, held by value */
	type(&b, str(&b, "opaque"), K_FWD, 0, 0); /* 1 */
	t_struct(&b, "holder", 1, 8);
	member(&b, "o", 1, 0);
	btf_write(&b, dir, "forward.btf", 0);

	/* function pointers whose 8 parameters are the function pointer before */
	lg = t_int(&b, "int", 4);
	prev = type(&b, 0, K_FUNC_PROTO, 0, lg);
	prev = type(&b, 0, K_PTR, 0, prev);
	for (i = 1; i <= 20; i++) {
		int k;
		id = type(&b, 0, K_FUNC_PROTO, 8, lg);
		for (k = 0; k < 8; k++) {
			w32(&b, 0);
			w32(&b, prev);
		}
		prev = type(&b, 0, K_PTR, 0, id);
	}
	t_struct(&b, "callbacks", 1, 8);
	member(&b, "f", prev, 0);
	btf_write(&b, dir, "function-pointers.btf", 0);

	/* anonymous structs each holding two of the one before, expanded
	 * inline: 2^26 fields to list */
	ch = t_int(&b, "char", 1);
	prev = t_struct(&b, "", 1, 1);
	member(&b, "c", ch, 0);
	for (i = 1; i <= 26; i++) {
		id = t_struct(&b, "", 2, 1u << i);
		member(&b, "", prev, 0);
		member(&b, "", prev, (1u << (i - 1)) * 8);
		prev = id;
	}
	t_struct(&b, "anondag", 1, 1u << 26);
	member(&b, "", prev, 0);
	btf_write(&b, dir, "anonymous-dag.btf", 0);

	/* an enum of 200 bytes */
	type(&b, str(&b, "big_enum"), K_ENUM, 1, 200); /* 1 */
	w32(&b, str(&b, "E0"));
	w32(&b, 0);
	t_struct(&b, "enumholder", 1, 200);
	member(&b, "e", 1, 0);
	btf_write(&b, dir, "enum-size.btf", 0);
}

/* ---- long headers ----------------------------------------------------------- */

static FILE *hopen(const char *dir, const char *name)
{
	char path[4096];
	FILE *f;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	return f;
}

static void gen_headers(const char *dir)
{
	FILE *f;
	long i;

	/* 200000 typedefs, then a struct too large */
	f = hopen(dir, "many-typedefs.h");
	fprintf(f, "typedef long t0;\n");
	for (i = 1; i < 200000; i++)
		fprintf(f, "typedef t%ld t%ld;\n", i - 1, i);
	fprintf(f, "struct last { t199999 x[1L << 40]; };\n");
	fclose(f);

	/* a struct of 200000 members, the last one too large */
	f = hopen(dir, "many-members.h");
	fprintf(f, "struct wide {\n");
	for (i = 0; i < 200000; i++)
		fprintf(f, "\tint m%ld;\n", i);
	fprintf(f, "\tchar tail[1L << 41];\n};\n");
	fclose(f);

	/* 100000 macros, each the one before plus one, then an array of them */
	f = hopen(dir, "many-macros.h");
	fprintf(f, "#define M0 1\n");
	for (i = 1; i < 100000; i++)
		fprintf(f, "#define M%ld 1\n", i);
	for (i = 0; i < 100000; i++)
		fprintf(f, "struct s%ld { char c[M%ld]; };\n", i, i);
	fprintf(f, "struct z { char c[M99999 << 50]; };\n");
	fclose(f);

	/* 100000 enumerators, used at the end */
	f = hopen(dir, "many-enumerators.h");
	fprintf(f, "enum e {\n");
	for (i = 0; i < 100000; i++)
		fprintf(f, "\tE%ld = %ld,\n", i, i);
	fprintf(f, "};\nstruct en { char c[E99999]; char d[E99999 * (1L << 30)]; };\n");
	fclose(f);

	/* a declarator of 100000 pointers */
	f = hopen(dir, "long-declarator.h");
	fprintf(f, "struct ptrs { char ");
	for (i = 0; i < 100000; i++)
		fputc('*', f);
	fprintf(f, "p; char big[1L << 50]; };\n");
	fclose(f);

	/* 40 structs each holding two of the one before: 2^40 bytes of long */
	f = hopen(dir, "doubling.h");
	fprintf(f, "struct d0 { long x; };\n");
	for (i = 1; i <= 40; i++)
		fprintf(f, "struct d%ld { struct d%ld a, b; };\n", i, i - 1);
	fclose(f);

	/* 300 structs each holding the one before */
	f = hopen(dir, "deep-nesting.h");
	fprintf(f, "struct n0 { int x; };\n");
	for (i = 1; i < 300; i++)
		fprintf(f, "struct n%ld { struct n%ld in; };\n", i, i - 1);
	fclose(f);

	/* struct definitions nested 100 deep */
	f = hopen(dir, "deep-braces.h");
	fprintf(f, "struct out {\n");
	for (i = 0; i < 100; i++)
		fprintf(f, "struct in%ld {\n", i);
	for (i = 0; i < 100; i++)
		fprintf(f, "} m%ld;\n", i);
	fprintf(f, "};\n");
	fclose(f);

	/* a declarator in 1000 parentheses */
	f = hopen(dir, "deep-parens.h");
	fprintf(f, "struct par {\n\tint ");
	for (i = 0; i < 1000; i++)
		fputc('(', f);
	fputc('x', f);
	for (i = 0; i < 1000; i++)
		fputc(')', f);
	fprintf(f, ";\n};\n");
	fclose(f);

	/* a NUL byte in the middle of a struct */
	f = hopen(dir, "nul-byte.h");
	fprintf(f, "struct cut {\n\tint a;\n\tint b");
	fputc('\0', f);
	fprintf(f, ";\n};\n");
	fclose(f);

	/* 20000 anonymous structs in one union, each of one member */
	f = hopen(dir, "many-anonymous.h");
	fprintf(f, "union anon {\n");
	for (i = 0; i < 20000; i++)
		fprintf(f, "\tstruct { int a%ld; };\n", i);
	fprintf(f, "\tchar tail[1L << 45];\n};\n");
	fclose(f);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: gen_hostile DIR\n");
		return 2;
	}
	gen_btf(argv[1]);
	gen_headers(argv[1]);
	return 0;
}
