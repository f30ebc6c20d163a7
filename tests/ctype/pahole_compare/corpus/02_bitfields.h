/* Bitfields: every width and base type, straddling storage units,
 * zero-width and unnamed fields, bool and enum bitfields. */
#ifndef CORPUS_BITFIELDS_H
#define CORPUS_BITFIELDS_H

enum bf_color { BF_RED, BF_GREEN, BF_BLUE };

struct bf_simple {
	unsigned int a:1;
	unsigned int b:3;
	unsigned int c:28;
};

struct bf_widths {
	unsigned char c1:1, c2:2, c3:3;
	unsigned short s5:5, s7:7, s11:11;
	unsigned int i13:13, i17:17, i19:19;
	unsigned long long l33:33, l40:40;
	unsigned char tail;
};

struct bf_cross {
	unsigned int a:20;
	unsigned int b:20; /* does not fit in the first int */
	unsigned short c:9;
	unsigned short d:9; /* new short */
	char e;
};

struct bf_zero {
	unsigned int a:3;
	unsigned int :0;
	unsigned int b:5;
	unsigned char :0;
	unsigned char c:2;
	long long :0;
	int d;
};

struct bf_unnamed {
	unsigned int a:3, :2, b:4;
	_Bool flag;
	unsigned short :5, s:3;
	char c;
};

struct bf_mixed {
	char c;
	int i:4;
	short s:7;
	long long ll:20;
	char last;
};

struct bf_bool_enum {
	_Bool a:1;
	_Bool b:1;
	enum bf_color color:2;
	unsigned int rest:4;
	int after;
};

struct bf_signed {
	signed int neg:5;
	int plain:5;
	signed char sc:3;
	long lng:30;
	unsigned long ulng:31;
};

struct bf_llong {
	unsigned long long a:10;
	unsigned long long b:30;
	unsigned long long c:30;
	unsigned int d;
};

struct bf_after_int {
	int i;
	unsigned char x:4;
	unsigned char y:4;
	unsigned char z:4;
};

struct bf_full_units {
	unsigned int a:32;
	unsigned short b:16;
	unsigned char c:8;
	unsigned char d:1;
};

#endif
