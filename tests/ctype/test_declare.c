/*
 * test_declare.c - how types print: skl_type_declare's two columns (the
 * type, and the name with its array and function parts) and skl_type_name.
 */
#include "check.h"

#include "sklab/cparse.h"

static void decl(skl_typedb *db, const char *member, const char *prefix, const char *suffix, const char *tname)
{
	char name[64], pre[256], suf[256], full[256];
	skl_type *t;
	int bits;
	unsigned aligned;
	skl_error err;
	if (skl_cparse_member(db, member, name, sizeof(name), &t, &bits, &aligned, &err) < 0) {
		printf("\"%s\": %s\n", member, err.msg);
		check_failures++;
		return;
	}
	skl_type_declare(t, name, pre, sizeof(pre), suf, sizeof(suf));
	CHECK_STR(pre, prefix);
	CHECK_STR(suf, suffix);
	skl_type_name(t, full, sizeof(full));
	CHECK_STR(full, tname);
}

int main(void)
{
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	skl_type *t, *rec;
	char pre[256], suf[256];

	skl_type_typedef(db, "u32", skl_type_base(db, "unsigned int"), &err);
	decl(db, "int x", "int", "x", "int");
	decl(db, "u32 x", "u32", "x", "u32");
	decl(db, "struct sock *sk", "struct sock *", "sk", "struct sock *");
	decl(db, "char **argv", "char **", "argv", "char **");
	decl(db, "char name[16]", "char", "name[16]", "char[16]");
	decl(db, "int m[2][3]", "int", "m[2][3]", "int[2][3]");
	decl(db, "char *a[4]", "char *", "a[4]", "char *[4]");
	decl(db, "int (*p)[4]", "int", "(*p)[4]", "int(*)[4]");
	decl(db, "void (*fn)(int)", "void", "(*fn)(int)", "void(*)(int)");
	decl(db, "int (*fa[3])(int)", "int", "(*fa[3])(int)", "int(*[3])(int)");
	decl(db, "void (*(*ff)(int))(long)", "void", "(*(*ff)(int))(long int)", "void(*(*)(int))(long int)");
	decl(db, "struct sock *(*accept)(struct sock *, int, int *)", "struct sock *",
	     "(*accept)(struct sock *, int, int *)", "struct sock *(*)(struct sock *, int, int *)");
	decl(db, "long data[]", "long int", "data[]", "long int[]");
	decl(db, "unsigned long long ull", "long long unsigned int", "ull", "long long unsigned int");

	/* an anonymous record, built by hand */
	rec = skl_type_record(db, SKL_K_UNION, NULL);
	skl_record_add(rec, "i", skl_type_base(db, "int"), -1, 0, NULL, &err);
	skl_record_set_complete(rec);
	skl_type_declare(rec, "u", pre, sizeof(pre), suf, sizeof(suf));
	CHECK_STR(pre, "union {...}");
	CHECK_STR(suf, "u");
	/* a pointer to a function returning a pointer */
	t = skl_type_pointer(db, skl_type_func(db, skl_type_pointer(db, skl_type_base(db, "char")), "void"));
	skl_type_declare(t, "get", pre, sizeof(pre), suf, sizeof(suf));
	CHECK_STR(pre, "char *");
	CHECK_STR(suf, "(*get)(void)");
	/* base spellings come out as gcc names them */
	t = skl_type_base(db, "short unsigned");
	CHECK(t != NULL);
	if (t) {
		skl_type_declare(t, "", pre, sizeof(pre), suf, sizeof(suf));
		CHECK_STR(pre, "short unsigned int");
	}
	CHECK(skl_type_base(db, "long short") == NULL);
	CHECK(skl_type_base(db, "unsigned signed") == NULL);
	CHECK(skl_type_base(db, "u32") == NULL);
	skl_typedb_free(db);
	return check_done("core_declare");
}
