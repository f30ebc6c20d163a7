/*
 * abi.c - the built-in target ABIs, as gcc lays out C for them.
 *
 * i386 (System V, ILP32): long long and double are 8 bytes but only 4-byte
 * aligned inside structs (gcc's ADJUST_FIELD_ALIGN); long double is 12
 * bytes, 4-aligned. x86_64 (LP64): natural alignment, long double 16/16.
 */
#include "sklab/abi.h"

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
