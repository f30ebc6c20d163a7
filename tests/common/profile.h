/*
 * profile.h - a kernel profile built in a test, without the data files:
 * the fields a simulated machine needs. Header-only: each test is one file.
 */
#ifndef SKLAB_TEST_PROFILE_H
#define SKLAB_TEST_PROFILE_H

#include "sklab/abi.h"
#include "sklab/kernel.h"

#include <stdio.h>
#include <string.h>

/* A profile named "linux-KERNEL-ABI" with 4 KiB pages: the fields a
 * simulated machine needs, and the rest zero. */
static inline skl_profile skl_test_profile(const char *kernel, const char *abi, const char *allocator,
					   unsigned cacheline, unsigned cpus, uint64_t ram_bytes)
{
	skl_profile p;
	memset(&p, 0, sizeof(p));
	snprintf(p.name, sizeof(p.name), "linux-%s-%s", kernel, abi);
	skl_profile_set_kernel(&p, kernel, NULL);
	skl_allocator_parse(allocator, &p.allocator, NULL);
	p.abi = skl_abi_find(abi);
	p.page_size = 4096;
	p.cacheline = cacheline;
	p.cpus = cpus;
	p.ram_bytes = ram_bytes;
	return p;
}

/* "linux-6.18-x86_64" with SLUB: 64-byte lines */
static inline skl_profile skl_test_profile_618(unsigned cpus, uint64_t ram_bytes)
{
	return skl_test_profile("6.18", "x86_64", "slub", 64, cpus, ram_bytes);
}

/* "linux-2.4.16-i386" with the 2.4 SLAB allocator: 32-byte lines, one CPU */
static inline skl_profile skl_test_profile_2416(uint64_t ram_bytes)
{
	return skl_test_profile("2.4.16", "i386", "slab", 32, 1, ram_bytes);
}

#endif
