/* Unions at the top level. */
#ifndef CORPUS_UNIONS_H
#define CORPUS_UNIONS_H

union un_simple {
	int i;
	char c[5];
};

union un_mixed {
	char c;
	long long ll;
	struct {
		short a;
		short b;
		int c;
	} s;
	double d;
};

union un_with_anon {
	struct {
		unsigned int lo, hi;
	};
	unsigned long long both;
	unsigned char bytes[8];
};

struct un_outer {
	char kind;
	union un_simple u;
	char after;
};

#endif
