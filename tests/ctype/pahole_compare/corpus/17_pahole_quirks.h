/* Declarations that pahole 1.24 prints in its own way (not as C would
 * write them). The numbers must still match gcc exactly.
 * sklab's pahole writer prints these the way pahole does: a pointer to an
 * array as a plain pointer ("int *  pa"), an array of function pointers as
 * "(*fa)(int)[3]", a function returning a function pointer with the return
 * type first.
 * pahole-quirk: struct pq_const_array: gcc marks an array of const elements const as well, and pahole prints "const const char"; sklab keeps the qualifier on the elements only and prints "const char"
 */
#ifndef CORPUS_PAHOLE_QUIRKS_H
#define CORPUS_PAHOLE_QUIRKS_H

struct pq_decls {
	int (*pa)[4];
	int (*fa[3])(int);
	void (*(*ff)(int))(long);
};

struct pq_const_array {
	const char label[8];
	int n;
};

struct pq_qualifiers {
	const char *name;
	const int ci;
	volatile unsigned long vl;
	char *const cp;
};

#endif
