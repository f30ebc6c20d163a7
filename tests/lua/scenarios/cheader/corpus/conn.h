/* A student's header: fixed-width types, no typedefs of its own. */
#include <stdint.h>

struct conn {
	uint8_t state;
	uint64_t bytes_in;
	uint16_t port;
	uint64_t bytes_out;
	__be32 addr;
	struct conn *next;
#ifdef CONFIG_STATS
	u32 drops;
#endif
};
