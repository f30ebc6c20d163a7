/* reorg.h - structs for `sklab whatif --reorganize --c` tests: holes to
 * close, a bitfield to demote, an unnamed union to move whole. */
struct holes {
	char c;
	long l;
	short s;
	int i;
	char d;
	void *p;
	unsigned int flag : 1;
	union {
		int u;
		char b[3];
	};
};
