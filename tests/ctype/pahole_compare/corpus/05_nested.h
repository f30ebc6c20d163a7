/* Nested and anonymous structs and unions, named and not. */
#ifndef CORPUS_NESTED_H
#define CORPUS_NESTED_H

struct ns_point {
	int x, y;
};

struct ns_named_members {
	char tag;
	struct ns_point origin;
	struct ns_point size;
	char flags;
};

struct ns_anon_union {
	int kind;
	union {
		int i;
		long l;
		char bytes[12];
	};
	short tail;
};

struct ns_anon_struct_in_union {
	union {
		struct {
			unsigned short lo;
			unsigned short hi;
		};
		unsigned int word;
	};
	char c;
};

struct ns_named_inline {
	struct {
		char a;
		long b;
	} first;
	union {
		int x;
		char y;
	} second;
	int z;
};

struct ns_deep {
	int level0;
	struct {
		char level1;
		union {
			struct {
				char level3a;
				int level3b;
			};
			long level2;
		};
	};
	char end;
};

struct ns_struct_padding_member {
	struct ns_named_inline inner;
	char c;
};

#endif
