/* aligned(N) on members, records and typedefs; the kernel's cache-line
 * alignment macro. */
#ifndef CORPUS_ALIGNED_H
#define CORPUS_ALIGNED_H

#define SMP_CACHE_BYTES 64
#define ____cacheline_aligned __attribute__((__aligned__(SMP_CACHE_BYTES)))

typedef unsigned long long u64;
typedef u64 aligned_u64 __attribute__((aligned(8)));

struct al_member {
	char a;
	int b __attribute__((aligned(16)));
	char c;
};

struct al_record {
	int x;
	char y;
} __attribute__((aligned(32)));

struct al_contains_record {
	char c;
	struct al_record r;
	int tail;
};

struct al_cacheline {
	unsigned long hot;
	int count;
	unsigned long cold ____cacheline_aligned;
	int more;
};

struct al_typedef {
	int a;
	aligned_u64 b;
	char c;
};

struct al_small_record {
	short s;
} __attribute__((aligned(8)));

struct al_two {
	char a __attribute__((aligned(8)));
	char b __attribute__((aligned(4)));
	char c;
};

#endif
