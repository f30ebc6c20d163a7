/* Arrays: multi-dimensional, of structs and pointers, flexible and
 * zero-length. */
#ifndef CORPUS_ARRAYS_H
#define CORPUS_ARRAYS_H

#define NAME_LEN 16
#define ROWS 3
#define COLS (ROWS + 1)

struct ar_elem {
	short a;
	char b;
};

struct ar_basic {
	char name[NAME_LEN];
	int matrix[ROWS][COLS];
	struct ar_elem elems[5];
	char *argv[4];
	char odd[3];
};

struct ar_flex {
	int len;
	char data[];
};

struct ar_zero_len {
	int count;
	long zero[0];
	char after;
};

struct ar_flex_struct {
	long header;
	struct ar_elem items[];
};

struct ar_3d {
	unsigned char cube[2][3][4];
	unsigned short s[1];
};

#endif
