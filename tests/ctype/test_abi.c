/*
 * test_abi.c - sizes and alignments of C's types as gcc gives them on
 * i386 and x86_64, alone and as struct members (i386's 4-byte alignment
 * of long long and double inside structs, long double's 12 and 16 bytes).
 */
#include "check.h"

#include "sklab/cparse.h"
#include "sklab/layout.h"

typedef struct expect {
	const char *type;
	unsigned size32, align32, size64, align64;
} expect;

static void sizes(skl_typedb *db)
{
	static const expect e[] = {
	    {"_Bool", 1, 1, 1, 1},
	    {"char", 1, 1, 1, 1},
	    {"short", 2, 2, 2, 2},
	    {"int", 4, 4, 4, 4},
	    {"long", 4, 4, 8, 8},
	    {"long long", 8, 8, 8, 8},
	    {"unsigned long long int", 8, 8, 8, 8},
	    {"float", 4, 4, 4, 4},
	    {"double", 8, 8, 8, 8},
	    {"long double", 12, 4, 16, 16},
	    {"void *", 4, 4, 8, 8},
	    {"char [5]", 5, 1, 5, 1},
	    {"long [3]", 12, 4, 24, 8},
	    {"void (*)(int)", 4, 4, 8, 8},
	    {"enum abi_e", 4, 4, 4, 4},
	    {"enum abi_small", 1, 1, 1, 1},
	    {"enum abi_big", 8, 8, 8, 8},
	};
	size_t i;
	for (i = 0; i < sizeof(e) / sizeof(e[0]); i++) {
		skl_error err;
		skl_type *t = skl_cparse_typename(db, e[i].type, &err);
		uint64_t size = 0;
		unsigned align = 0;
		if (!t) {
			printf("%s: %s\n", e[i].type, err.msg);
			check_failures++;
			continue;
		}
		CHECK_INT(skl_type_size_align(t, skl_abi_find("i386"), NULL, &size, &align, &err), 0);
		if (size != e[i].size32 || align != e[i].align32) {
			printf("i386 %s: size %llu align %u, want %u %u\n", e[i].type, (unsigned long long)size, align,
			       e[i].size32, e[i].align32);
			check_failures++;
		}
		CHECK_INT(skl_type_size_align(t, skl_abi_find("x86_64"), NULL, &size, &align, &err), 0);
		if (size != e[i].size64 || align != e[i].align64) {
			printf("x86_64 %s: size %llu align %u, want %u %u\n", e[i].type, (unsigned long long)size,
			       align, e[i].size64, e[i].align64);
			check_failures++;
		}
	}
	{
		/* __int128 is x86_64's */
		skl_type *t = skl_cparse_typename(db, "unsigned __int128", NULL);
		uint64_t size = 0;
		unsigned align = 0;
		CHECK(t != NULL);
		if (t) {
			CHECK_INT(skl_type_size_align(t, skl_abi_find("x86_64"), NULL, &size, &align, NULL), 0);
			CHECK_INT(size, 16);
			CHECK_INT(align, 16);
		}
	}
}

/* offset of member name in struct tag, on abi */
static long long offset_of(skl_typedb *db, const char *tag, const char *name, const char *abi, long long *size)
{
	skl_error err;
	skl_layout *l = skl_layout_compute(skl_typedb_find(db, tag), skl_abi_find(abi), NULL, 64, &err);
	long long off = -1;
	int i;
	if (!l) {
		printf("%s: %s\n", tag, err.msg);
		return -2;
	}
	i = skl_layout_find(l, name);
	if (i >= 0)
		off = (long long)l->fields[i].offset;
	if (size)
		*size = (long long)l->size;
	skl_layout_free(l);
	return off;
}

static void members(skl_typedb *db)
{
	long long size;
	/* i386: 8-byte scalars are 4-aligned inside structs */
	CHECK_INT(offset_of(db, "struct m_ll", "x", "i386", &size), 4);
	CHECK_INT(size, 12);
	CHECK_INT(offset_of(db, "struct m_ll", "x", "x86_64", &size), 8);
	CHECK_INT(size, 16);
	CHECK_INT(offset_of(db, "struct m_dbl", "d", "i386", &size), 4);
	CHECK_INT(size, 12);
	CHECK_INT(offset_of(db, "struct m_dbl", "d", "x86_64", &size), 8);
	/* long double: 12 bytes at 4 on i386, 16 at 16 on x86_64 */
	CHECK_INT(offset_of(db, "struct m_ld", "ld", "i386", &size), 4);
	CHECK_INT(size, 20);
	CHECK_INT(offset_of(db, "struct m_ld", "after", "i386", NULL), 16);
	CHECK_INT(offset_of(db, "struct m_ld", "ld", "x86_64", &size), 16);
	CHECK_INT(size, 48);
	/* an 8-byte enum is a long long: 4-aligned in an i386 struct */
	CHECK_INT(offset_of(db, "struct m_enum", "big", "i386", &size), 4);
	CHECK_INT(size, 12);
	CHECK_INT(offset_of(db, "struct m_enum", "big", "x86_64", &size), 8);
	/* aligned(8) on the member restores 8 on i386 */
	CHECK_INT(offset_of(db, "struct m_ll_aligned", "x", "i386", &size), 8);
	CHECK_INT(size, 16);
	/* a typedef aligned(8) too */
	CHECK_INT(offset_of(db, "struct m_ll_typedef", "x", "i386", &size), 8);
	/* pointers and longs follow the model */
	CHECK_INT(offset_of(db, "struct m_ptr", "p", "i386", &size), 4);
	CHECK_INT(size, 8);
	CHECK_INT(offset_of(db, "struct m_ptr", "p", "x86_64", &size), 8);
	CHECK_INT(size, 16);
}

int main(void)
{
	static const char decls[] = "enum abi_e { ABI_A };\n"
				    "enum abi_small { ABI_S = 1 } __attribute__((packed));\n"
				    "enum abi_big { ABI_B = 0x100000000 };\n"
				    "typedef long long ll8 __attribute__((aligned(8)));\n"
				    "struct m_ll { int a; long long x; };\n"
				    "struct m_dbl { char c; double d; };\n"
				    "struct m_ld { char c; long double ld; char after; };\n"
				    "struct m_enum { char c; enum abi_big big; };\n"
				    "struct m_ll_aligned { int a; long long x __attribute__((aligned(8))); };\n"
				    "struct m_ll_typedef { int a; ll8 x; };\n"
				    "struct m_ptr { char c; void *p; };\n";
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	CHECK(skl_abi_find("i386") != NULL);
	CHECK(skl_abi_find("x86_64") != NULL);
	CHECK(skl_abi_find("vax") == NULL);
	CHECK_STR(skl_abi_default()->name, "x86_64");
	if (skl_cparse(db, decls, "abi.h", &err) < 0) {
		printf("abi.h:%d:%d: %s\n", err.line, err.col, err.msg);
		return 1;
	}
	sizes(db);
	members(db);
	skl_typedb_free(db);
	return check_done("core_abi");
}
