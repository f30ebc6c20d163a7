/* Floating point and 128-bit types: i386 puts double at 4 and long
 * double in 12 bytes; x86_64 gives long double 16. */
#ifndef CORPUS_FLOATS_H
#define CORPUS_FLOATS_H

struct fl_mix {
	char c;
	double d;
	float f;
	long double ld;
	short s;
};

struct fl_ldouble_pair {
	long double a;
	long double b;
	char c;
};

struct fl_double_first {
	double d;
	int i;
};


struct fl_array {
	double samples[3];
	float weights[3];
};

#endif
