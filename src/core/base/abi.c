/*
 * abi.c - the built-in target ABIs, as gcc lays out C for them.
 *
 * i386 (System V, ILP32): long long and double are 8 bytes but only 4-byte
 * aligned inside structs (gcc's ADJUST_FIELD_ALIGN); long double is 12
 * bytes, 4-aligned. x86_64 (LP64): natural alignment, long double 16/16.
 */
#include "sklab/abi.h"

#include <stdio.h>
#include <string.h>

static const skl_abi abi_i386 = {
    .name = "i386",
    .model = "ILP32",
    /*              void bool char short int long llong i128 float double ldouble ptr */
    .size = {1, 1, 1, 2, 4, 4, 8, 16, 4, 8, 12, 4},
    .align = {1, 1, 1, 2, 4, 4, 8, 16, 4, 8, 4, 4},
    .field_align = {1, 1, 1, 2, 4, 4, 4, 16, 4, 4, 4, 4},
    .enum_size = 4,
    .big_endian = 0,
};

static const skl_abi abi_x86_64 = {
    .name = "x86_64",
    .model = "LP64",
    .size = {1, 1, 1, 2, 4, 8, 8, 16, 4, 8, 16, 8},
    .align = {1, 1, 1, 2, 4, 8, 8, 16, 4, 8, 16, 8},
    .field_align = {1, 1, 1, 2, 4, 8, 8, 16, 4, 8, 16, 8},
    .enum_size = 4,
    .big_endian = 0,
};

const skl_abi *skl_abi_find(const char *name)
{
	if (!name)
		return NULL;
	if (!strcmp(name, "i386") || !strcmp(name, "x86") || !strcmp(name, "ilp32"))
		return &abi_i386;
	if (!strcmp(name, "x86_64") || !strcmp(name, "amd64") || !strcmp(name, "lp64"))
		return &abi_x86_64;
	return NULL;
}

const skl_abi *skl_abi_default(void)
{
	return &abi_x86_64;
}

/* ---- profiles --------------------------------------------------------------- */

const char *skl_allocator_name(skl_allocator a)
{
	return a == SKL_ALLOC_SLUB ? "slub" : "slab";
}

int skl_allocator_parse(const char *name, skl_allocator *out, skl_error *err)
{
	if (name && !strcmp(name, "slab")) {
		*out = SKL_ALLOC_SLAB;
		return 0;
	}
	if (name && !strcmp(name, "slub")) {
		*out = SKL_ALLOC_SLUB;
		return 0;
	}
	if (name && !strcmp(name, "slob"))
		return skl_errorf(err, "allocator 'slob' is not modelled: sklab has the 2.4 SLAB ('slab') and "
				       "SLUB ('slub'); SLOB, for tiny machines, left Linux in 6.4");
	return skl_errorf(err, "allocator '%s' is not one sklab models (slab or slub)", name ? name : "");
}

static int digits(const char **s, unsigned *out)
{
	unsigned v = 0;
	int n = 0;
	while (**s >= '0' && **s <= '9' && n < 9) {
		v = v * 10 + (unsigned)(**s - '0');
		(*s)++;
		n++;
	}
	*out = v;
	return n;
}

int skl_kversion_parse(const char *s, skl_kversion *out)
{
	skl_kversion v = {0, 0, 0};
	if (!s || !digits(&s, &v.major) || *s++ != '.' || !digits(&s, &v.minor))
		return -1;
	if (*s == '.' && s[1] >= '0' && s[1] <= '9') {
		s++;
		digits(&s, &v.patch);
	}
	*out = v;
	return 0;
}

int skl_kversion_at_least(skl_kversion v, unsigned major, unsigned minor, unsigned patch)
{
	if (v.major != major)
		return v.major > major;
	if (v.minor != minor)
		return v.minor > minor;
	return v.patch >= patch;
}

int skl_profile_set_kernel(skl_profile *p, const char *release, skl_error *err)
{
	skl_kversion v;
	if (skl_kversion_parse(release, &v) < 0)
		return skl_errorf(err, "kernel '%s' is not a release (MAJOR.MINOR, as in 2.4.16 or 6.18)",
				  release ? release : "");
	snprintf(p->kernel, sizeof(p->kernel), "%s", release);
	p->version = v;
	return 0;
}
