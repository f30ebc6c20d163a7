/* Large structs that cross cache lines, with boundaries falling inside
 * members and inside nested records. */
#ifndef CORPUS_CACHELINES_H
#define CORPUS_CACHELINES_H

struct cl_big {
	long a[7];
	int b;
	long c[3];
	char d;
	struct {
		long e[6];
		int f;
		long g;
	} inner;
	union {
		char h[70];
		long i;
	};
	int j;
};

struct cl_bits_across {
	char pad[62];
	unsigned int x:4;
	unsigned int y:20;
	unsigned int z:10;
	char tail[70];
};

struct cl_exact {
	long first[8];
	long second[8];
	int third;
};

#endif
