/* Enums as members: int-sized, packed, and 8-byte ones. */
#ifndef CORPUS_ENUMS_H
#define CORPUS_ENUMS_H

enum en_state { EN_CLOSED, EN_LISTEN = 10, EN_ESTABLISHED };

enum en_small { EN_A = 1, EN_B = 2 } __attribute__((packed));

enum en_big { EN_HUGE = 0x100000000ULL };

enum en_neg { EN_NEG = -5, EN_POS = 5 };

struct en_members {
	char c;
	enum en_state state;
	enum en_small small;
	char d;
	enum en_big big;
	enum en_neg neg;
	enum en_small small2;
};

#endif
