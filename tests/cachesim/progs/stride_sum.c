/*
 * stride_sum.c - a strided array sum that thrashes a small cache: 64 KiB of
 * ints summed with strides of 1, 16 (one per 64-byte line) and 1024 (the
 * same set of a small cache, over and over), then written back. On x86-64
 * a few FXSAVEs store 464 bytes each: Lackey writes the whole size,
 * Cachegrind cuts it to the smallest line size, and so must sklab.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	enum { N = 16384 };
	int *a = malloc(N * sizeof(*a));
	static const unsigned strides[] = {1, 16, 1024};
	unsigned s, i, k;
	long sum = 0;
	if (!a)
		return 1;
	for (i = 0; i < N; i++)
		a[i] = (int)(i * 7u);
	for (s = 0; s < 3; s++)
		for (k = 0; k < strides[s]; k++)
			for (i = k; i < N; i += strides[s])
				sum += a[i];
	for (i = 0; i < N; i += 16)
		a[i] = (int)sum; /* stores that miss */
#if defined(__x86_64__) && defined(__GNUC__)
	{
		static unsigned char fx[4][512] __attribute__((aligned(64)));
		for (i = 0; i < 8; i++)
			__asm__ volatile("fxsave %0" : "=m"(fx[i % 4]));
		sum += fx[1][0] & 0;
	}
#endif
	printf("%ld\n", sum);
	free(a);
	return 0;
}
