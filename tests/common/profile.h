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

/* "linux-6.18-x86_64" with SLUB: 4 KiB pages, 64-byte lines */
static skl_profile skl_test_profile_618(unsigned cpus, uint64_t ram_bytes)
{
	skl_profile p;
	memset(&p, 0, sizeof(p));
	snprintf(p.name, sizeof(p.name), "linux-6.18-x86_64");
	snprintf(p.kernel, sizeof(p.kernel), "6.18");
	snprintf(p.allocator, sizeof(p.allocator), "slub");
	p.abi = skl_abi_find("x86_64");
	p.page_size = 4096;
	p.cacheline = 64;
	p.cpus = cpus;
	p.ram_bytes = ram_bytes;
	return p;
}

#endif
