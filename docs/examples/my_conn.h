#include <stdint.h>

/* a connection record, as a student might write it */
struct my_conn {
	uint8_t state;
	uint64_t bytes_in;
	uint16_t port;
	uint64_t bytes_out;
	uint32_t addr;
	struct my_conn *next;
	_Bool active;
};
