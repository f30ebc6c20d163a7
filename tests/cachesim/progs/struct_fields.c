/*
 * struct_fields.c - a struct-field access loop in the manner of a socket
 * table: 512 records of 192 bytes (three 64-byte lines each); the hot loop
 * reads a key in the first line and increments a counter in the third
 * (a load-modify-store: Lackey's " M", Cachegrind's one data read), and
 * unaligned 8-byte reads straddle line boundaries.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
	unsigned key; /* line 0 */
	unsigned hash;
	char name[56];
	char middle[64];       /* line 1: cold */
	char tail_pad[56];     /* line 2 */
	unsigned long counter; /* bytes 184..191 */
};

int main(void)
{
	enum { N = 512, ROUNDS = 20 };
	struct rec *t = calloc(N, sizeof(*t));
	unsigned char *raw;
	unsigned i, r;
	unsigned long hits = 0, x = 0;
	if (!t)
		return 1;
	for (i = 0; i < N; i++) {
		t[i].key = i * 2654435761u;
		t[i].hash = t[i].key >> 7;
	}
	for (r = 0; r < ROUNDS; r++)
		for (i = 0; i < N; i++)
			if ((t[i].key ^ r) & 1) {
				t[i].counter++;
				hits++;
			}
	/* straddling reads: 8 bytes at offset 60 of each 64-byte line */
	raw = (unsigned char *)t;
	for (i = 0; i + 1 < N * 3; i++) {
		unsigned long v;
		memcpy(&v, raw + (size_t)i * 64 + 60, sizeof(v));
		x ^= v;
	}
	printf("%lu %lu\n", hits, x);
	free(t);
	return 0;
}
