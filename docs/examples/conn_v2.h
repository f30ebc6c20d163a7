/* conn_v2.h - the same record after a patch: bytes moved up, a family
 * field added, flags widened (docs/layout.md). */
struct conn {
	int fd;
	long bytes;
	char state;
	short family;
	int port;
	unsigned int flags : 5;
};
