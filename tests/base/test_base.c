/*
 * test_base.c - the base wing's helpers: the growing array (skl_grow),
 * the closest-names suggestion (skl_suggest), kernel releases
 * (skl_kversion), the allocator names of profiles (skl_allocator) and
 * whether a picture's text needs cleaning (skl_text_needs_clean: its ASCII
 * fast path agrees with the decoding).
 */
#include "sklab/abi.h"
#include "sklab/common.h"
#include "sklab/textsafe.h"

#include "check.h"
#include "fault.h"

#include <limits.h>
#include <stdint.h>

static void test_grow(void)
{
	int *a = NULL, cap = 0, n, i;
	for (n = 0; n < 100; n++) {
		CHECK_INT(skl_grow(&a, &cap, n, 4, sizeof(*a)), 0);
		a[n] = n * 3;
	}
	CHECK_INT(cap, 128); /* 4, 8, ..., 128 */
	for (i = 0; i < 100; i++)
		if (a[i] != i * 3)
			break;
	CHECK_INT(i, 100);
	/* room already there: nothing moves */
	{
		int *before = a;
		CHECK_INT(skl_grow(&a, &cap, 100, 4, sizeof(*a)), 0);
		CHECK(a == before && cap == 128);
	}
	/* past INT_MAX elements, or bytes past SIZE_MAX: refused, unchanged */
	{
		int big = INT_MAX / 2 + 1, *before = a;
		CHECK_INT(skl_grow(&a, &big, big, 4, sizeof(*a)), -1);
		CHECK(a == before && big == INT_MAX / 2 + 1);
		big = 1 << 30;
		CHECK_INT(skl_grow(&a, &big, big, 4, SIZE_MAX / 4), -1);
		CHECK(a == before);
	}
	/* out of memory: -1, the array and its capacity as they were */
	{
		skl_fault f;
		int *before = a, oldcap = cap;
		skl_fault_arm(&f, 0, SKL_FAULT_ONCE);
		CHECK_INT(skl_grow(&a, &cap, cap, 4, sizeof(*a)), -1);
		skl_fault_disarm();
		CHECK(a == before && cap == oldcap && f.calls == 1);
		for (i = 0; i < 100; i++)
			if (a[i] != i * 3)
				break;
		CHECK_INT(i, 100);
	}
	skl_free(a);
}

static void test_suggest(void)
{
	skl_suggest s;
	char out[160];
	/* a 4-letter name allows one edit; a path counts by its last part */
	skl_suggest_init(&s, "dadr");
	skl_suggest_try(&s, "daddr");
	skl_suggest_try(&s, "saddr");
	skl_suggest_try(&s, "dport");
	skl_suggest_try(&s, "protinfo.af_inet.daddr");
	skl_suggest_try(&s, "dadr"); /* the name itself is no suggestion */
	skl_suggest_text(&s, out, sizeof(out));
	CHECK_STR(out, " (did you mean 'daddr' or 'protinfo.af_inet.daddr'?)");
	/* three at most, the closest first */
	skl_suggest_init(&s, "sk_refcount");
	skl_suggest_try(&s, "sk_recount");
	skl_suggest_try(&s, "sk_refcnt");
	skl_suggest_try(&s, "sk_refcount_");
	skl_suggest_try(&s, "sk_refcounts");
	skl_suggest_text(&s, out, sizeof(out));
	CHECK_STR(out, " (did you mean 'sk_recount', 'sk_refcount_' or 'sk_refcounts'?)");
	skl_suggest_init(&s, "xyz");
	skl_suggest_try(&s, "abcdef");
	skl_suggest_text(&s, out, sizeof(out));
	CHECK_STR(out, "");
}

static void test_versions(void)
{
	skl_kversion v;
	skl_profile p;
	skl_error e;
	skl_error_clear(&e);
	CHECK_INT(skl_kversion_parse("2.4.16", &v), 0);
	CHECK(v.major == 2 && v.minor == 4 && v.patch == 16);
	CHECK_INT(skl_kversion_parse("6.18", &v), 0);
	CHECK(v.major == 6 && v.minor == 18 && v.patch == 0);
	CHECK_INT(skl_kversion_parse("6.12.0-rc3+", &v), 0); /* a uname release */
	CHECK(v.major == 6 && v.minor == 12 && v.patch == 0);
	CHECK_INT(skl_kversion_parse("6", &v), -1);
	CHECK_INT(skl_kversion_parse("v6.1", &v), -1);
	CHECK_INT(skl_kversion_parse("", &v), -1);
	CHECK_INT(skl_kversion_parse(NULL, &v), -1);
	CHECK_INT(skl_kversion_parse("2.4.16", &v), 0);
	CHECK(skl_kversion_at_least(v, 2, 4, 16) && skl_kversion_at_least(v, 2, 4, 0) &&
	      !skl_kversion_at_least(v, 2, 4, 17) && !skl_kversion_at_least(v, 2, 6, 0) &&
	      skl_kversion_at_least(v, 2, 2, 99) && !skl_kversion_at_least(v, 3, 0, 0));
	memset(&p, 0, sizeof(p));
	CHECK_INT(skl_profile_set_kernel(&p, "2.6.31", &e), 0);
	CHECK(!strcmp(p.kernel, "2.6.31") && p.version.minor == 6 && p.version.patch == 31);
	CHECK_INT(skl_profile_set_kernel(&p, "linux", &e), -1);
	CHECK(strstr(e.msg, "kernel 'linux' is not a release") != NULL);
	CHECK(!strcmp(p.kernel, "2.6.31")); /* unchanged */
}

static void test_allocators(void)
{
	skl_allocator a = SKL_ALLOC_SLAB;
	skl_error e;
	skl_error_clear(&e);
	CHECK_INT(skl_allocator_parse("slub", &a, &e), 0);
	CHECK_INT(a, SKL_ALLOC_SLUB);
	CHECK_STR(skl_allocator_name(a), "slub");
	CHECK_STR(skl_allocator_name(SKL_ALLOC_SLAB), "slab");
	CHECK_INT(skl_allocator_parse("slob", &a, &e), -1);
	CHECK(strstr(e.msg, "'slob' is not modelled") != NULL);
	CHECK_INT(a, SKL_ALLOC_SLUB); /* unchanged */
	CHECK_INT(skl_allocator_parse("slab2", &a, &e), -1);
	CHECK(strstr(e.msg, "'slab2' is not one sklab models") != NULL);
}

static void test_needs_clean(void)
{
	char buf[8];
	int c;
	CHECK_INT(skl_text_needs_clean(""), 0);
	CHECK_INT(skl_text_needs_clean("tcp_sock: 64 B\tslab 0x1000\n"), 0);
	CHECK_INT(skl_text_needs_clean("caf\xc3\xa9 \xe2\x86\x92 ok"), 0); /* UTF-8 after ASCII */
	CHECK_INT(skl_text_needs_clean("bad \xc3("), 1);		   /* a broken sequence */
	CHECK_INT(skl_text_needs_clean("\xff"), 1);
	CHECK_INT(skl_text_needs_clean("ends in DEL\x7f"), 1);
	CHECK_INT(skl_text_needs_clean("CR\r"), 1);
	CHECK_INT(skl_text_needs_clean("\xc2\x85 NEL is C1"), 1); /* U+0085 */
	/* every single byte: the fast path and the decoding agree */
	for (c = 1; c < 256; c++) {
		int want = c < 0x20 ? c != '\t' && c != '\n' : c >= 0x7f;
		buf[0] = 'a';
		buf[1] = (char)c;
		buf[2] = 0;
		CHECK_INT(skl_text_needs_clean(buf), want);
	}
}

int main(void)
{
	test_grow();
	test_suggest();
	test_versions();
	test_allocators();
	test_needs_clean();
	return check_done("test_base");
}
