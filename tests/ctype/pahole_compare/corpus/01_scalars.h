/* Scalars of every size: holes, trailing padding, i386's 4-byte
 * alignment of long long and double inside structs. */
#ifndef CORPUS_SCALARS_H
#define CORPUS_SCALARS_H

struct s_char_int {
	char c;
	int i;
};

struct s_holes {
	char a;
	long b;
	short c;
	long long d;
	char e;
	void *p;
	unsigned char f;
};

struct s_padding_only {
	long long x;
	char tail;
};

struct s_all_bases {
	_Bool b;
	signed char sc;
	unsigned char uc;
	char c;
	short s;
	unsigned short us;
	int i;
	unsigned u;
	long l;
	unsigned long ul;
	long long ll;
	unsigned long long ull;
	float f;
	double d;
	void *vp;
	char *cp;
};

struct s_int_llong {
	int a;
	long long b;
	int c;
};

struct s_empty_like {
	char only;
};

struct s_ptrs {
	char **pp;
	struct s_ptrs *next;
	struct s_ptrs **pprev;
	void **vpp;
	int ***ppp;
};

#endif
