/* Types that only x86_64 has: __int128 and bitfields wider than 32 bits
 * in a long.
 * sklab-abi: x86_64
 */
#ifndef CORPUS_LP64_ONLY_H
#define CORPUS_LP64_ONLY_H

struct lp_int128 {
	char c;
	__int128 big;
	unsigned __int128 ubig;
	int tail;
};

struct lp_long_bits {
	unsigned long a:34;
	unsigned long b:34;
	long c:63;
	char d;
};

#endif
