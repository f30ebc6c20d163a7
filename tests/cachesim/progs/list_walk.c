/*
 * list_walk.c - pointer chasing: a singly linked list of 4096 nodes laid
 * out in a shuffled order (a fixed LCG), walked 8 times. Each hop is a
 * dependent load to a line the previous hop did not touch.
 */
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *next;
	long value;
	char pad[48]; /* one node per 64-byte line */
};

int main(void)
{
	enum { N = 4096, WALKS = 8 };
	struct node *pool = malloc(N * sizeof(*pool));
	unsigned *order = malloc(N * sizeof(*order));
	unsigned i, seed = 12345;
	long sum = 0;
	int w;
	if (!pool || !order)
		return 1;
	for (i = 0; i < N; i++)
		order[i] = i;
	for (i = N - 1; i > 0; i--) { /* Fisher-Yates with a fixed LCG */
		unsigned j, t;
		seed = seed * 1103515245u + 12345u;
		j = (seed >> 8) % (i + 1);
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (i = 0; i < N; i++) {
		pool[order[i]].value = (long)i;
		pool[order[i]].next = i + 1 < N ? &pool[order[i + 1]] : NULL;
	}
	for (w = 0; w < WALKS; w++) {
		const struct node *p;
		for (p = &pool[order[0]]; p; p = p->next)
			sum += p->value;
	}
	printf("%ld\n", sum);
	free(order);
	free(pool);
	return 0;
}
