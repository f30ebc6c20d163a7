#include "linux-6.7-x86_64-tcp.h"
struct tcp_sock sklab_tcp_sock;
