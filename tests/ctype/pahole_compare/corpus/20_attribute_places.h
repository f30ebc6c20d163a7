/* Where an attribute is written decides what it applies to, as gcc reads
 * it: before "struct" in a bare definition it applies to nothing; after
 * the keyword or the closing brace, to the struct; on a typedef, packed is
 * ignored and aligned applies to the new name. */
#ifndef CORPUS_ATTRIBUTE_PLACES_H
#define CORPUS_ATTRIBUTE_PLACES_H

__attribute__((packed)) struct ap_before { char c; int i; };

struct __attribute__((packed)) ap_after_keyword { char c; int i; };

struct ap_after_brace { char c; int i; } __attribute__((packed)) ap_variable;

typedef struct { char c; int i; } ap_td_t __attribute__((packed));

struct ap_z { char c; int i; };
typedef struct ap_z ap_z_t __attribute__((aligned(16)));

struct ap_user {
	char c;
	ap_td_t t;
	ap_z_t z;
	__attribute__((aligned(8))) char before_type;
	int __attribute__((aligned(8))) between;
	char after __attribute__((aligned(4)));
	struct ap_before b;
};

#endif
