/* conn_v1.h - a connection record, first version (docs/layout.md). */
struct conn {
	int fd;
	char state;
	long bytes;
	int port;
	unsigned int flags : 3;
};
