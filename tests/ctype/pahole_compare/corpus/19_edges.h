/* Corner cases of pahole's bookkeeping: holes before the first member,
 * bit padding inside member types, packed records in unions, aligned
 * anonymous records, qualifiers, zero-length arrays at the end. */
#ifndef CORPUS_EDGES_H
#define CORPUS_EDGES_H

typedef unsigned int u32;

struct eg_leading_unnamed {
	unsigned int :4;
	unsigned int a:4;
	int b;
};

struct eg_leading_gap {
	int :32;
	int a;
};

struct eg_bit_padding {
	int x;
	unsigned int flags:3;
};

struct eg_has_bit_padded {
	struct eg_bit_padding inner;
	char c;
};

struct eg_packed_in_union {
	union {
		struct {
			char a;
			int b;
		} __attribute__((packed)) p;
		short s[3];
	};
	char tail;
};

struct eg_odd_union_member {
	union {
		struct {
			short x;
			short y;
			short z;
		};
		char raw[5];
	} u;
	int after;
};

struct eg_aligned_anon {
	char c;
	struct {
		int x;
	} __attribute__((aligned(16))) inner;
	char d;
};

struct eg_aligned_anon_member {
	char c;
	union {
		int i;
		char b;
	} u __attribute__((aligned(8)));
	char d;
};

struct eg_qualifiers {
	const struct eg_leading_gap *gap;
	const u32 cu;
	volatile const int vci;
	const char *const *names;
	void (*fn)(const char *, volatile int *, char *const);
};

struct eg_zero_last {
	int n;
	char zero[0];
};

struct eg_char_bits_straddle {
	char a;
	char b:7;
	char c:7;
	char d:4;
	char e:6;
};

struct eg_short_bits {
	short a:9;
	short b:9;
	short c:9;
	char d;
	short e:1;
};

struct eg_enum_packed_bits {
	enum { EG_X, EG_Y } __attribute__((packed)) kind:2;
	unsigned char more:6;
	enum { EG_BIG = 300 } wide:9;
};

struct eg_empty_struct {
	int a;
	struct {
	} nothing;
	int b;
};

#endif
