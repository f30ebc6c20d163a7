/* User alignment spreads: a struct holding an aligned member is itself
 * user-aligned, and so is every member of its type. */
#ifndef CORPUS_ALIGNMENT_SPREAD_H
#define CORPUS_ALIGNMENT_SPREAD_H

struct as_inner {
	int x __attribute__((aligned(8)));
	char y;
};

struct as_outer {
	char c;
	struct as_inner in;
	char d;
};

struct as_array {
	struct as_inner arr[2];
	int tail;
};

struct as_big_member_align {
	char a;
	char b __attribute__((aligned(64)));
	char c;
};

#endif
