/*
 * seed_table.c - the seed thread's four machines as allocation histories
 * (see seed_table.h). Why each history gives its line:
 *
 * brinquedo, unpatched 2.4.16-pre1: one fat `sock` of 1056 bytes. The seed
 * gives 1056; pristine 2.4.16 headers give a raw sizeof of 812 (INET +
 * FILTER), which the cache would round to 832, so the seed value is taken
 * as given. 1056 bytes: off-slab at first, 7 objects in an order-1 slab,
 * management moved on-slab (64 bytes), colour 23 x 32.
 *   87 sockets at once: 13 slabs grown, high 87. All closed: 13 free slabs.
 *   Three reap calls: the first clears DFLGS_GROWN, the window of the
 *   second misses sock, the third scores it (26 pages, scaled by 4/5 for
 *   order 1: 21 >= REAP_PERFECT) and frees half of 13 = 7 slabs.
 *   78 sockets: 6 free slabs, then 6 grown (19 in all). The last one and
 *   one more close: 10 full slabs, one with 6, one free = 76 of 84, 11/12.
 *   4565 short-lived sockets in the partial slab: allocs 4730, high stays 87.
 *
 * rama2, RFC 2 on 2.4.16: sock 324 (slim struct sock), inet_sock 784
 * (324 + inet_opt 36 + tcp_opt 424) and unix_sock 388 (324 + unix_opt 64).
 *   inet_sock: 25 sockets (5 slabs, high 25), all closed, reaped to 2 slabs
 *   (half of 5 = 3) and to 1 (half of 2 = 1): reaped 4. 17 sockets reuse it
 *   and grow 3 more: grown 8, 4 slabs of 5/5/5/2. 165 short-lived: 207.
 *   unix_sock: 17 sockets (2 slabs), 12 closed (the whole second slab and 5
 *   of the first), one reap frees the empty slab: 5 of 10, grown 2,
 *   reaped 1. 718 short-lived: 735.
 *
 * rama2, 2.5.1 with the RFC 3 follow-up: sock 328 (+ a slab pointer),
 * tcp_sock 788, udp_sock 364, unix_sock 392.
 *   tcp_sock: 12 sockets, 33 short-lived (active 13 at most), one more:
 *   13 of 15 in 3 slabs, high 13, allocs 46.
 *   udp_sock: 7, one closed, 24 short-lived: 6 of 10, high 7, allocs 31.
 *   unix_sock: 17 (2 slabs), the first 10 closed: one free slab stays
 *   (no reap ran), 7 active; 555 short-lived: allocs 572.
 *
 * rama2, RFC 4 on 2.5.2-pre1: the same plus raw4_sock 368 (created after
 * udp_sock, before unix_sock); tcp_sock saw one more short-lived socket
 * (high 14, allocs 47); one raw socket opened and closed, 2 short-lived.
 */
#include "seed_table.h"

static const seed_op brinquedo_ops[] = {
    {SEED_CREATE, "sock", 1056, 0, "the fat struct sock (seed value 1056; pristine 2.4.16 gives 812)"},
    {SEED_ALLOC, "sock", 87, 0, "87 sockets at once: 13 two-page slabs"},
    {SEED_FREE, "sock", 0, 87, "all of them closed: 13 free slabs"},
    {SEED_REAP, "sock", 3, 0, "kswapd reaps: 7 of the 13 free slabs go back"},
    {SEED_ALLOC, "sock", 78, 0, "78 sockets: 6 slabs reused, 6 grown"},
    {SEED_FREE, "sock", 164, 165, "the newest closes: its slab is free again"},
    {SEED_FREE, "sock", 87, 88, "one more closes: a full slab becomes partial"},
    {SEED_CHURN, "sock", 4565, 0, "4565 short-lived connections (lat_connect)"},
    {SEED_ALLOC, NULL, 0, 0, NULL},
};

static const char *const brinquedo_lines[] = {
    "sock 76 84 1056 11 12 2 : 87 4730 19 7 0",
};

static const seed_op rfc2_ops[] = {
    {SEED_CREATE, "sock", 324, 0, "the slim struct sock, no private area"},
    {SEED_CREATE, "inet_sock", 784, 0, "sock + inet_opt + tcp_opt: one cache for IPv4"},
    {SEED_CREATE, "unix_sock", 388, 0, "sock + unix_opt"},
    {SEED_ALLOC, "inet_sock", 25, 0, "25 IPv4 sockets: 5 slabs"},
    {SEED_FREE, "inet_sock", 0, 25, "all closed: 5 free slabs"},
    {SEED_REAP, "inet_sock", 4, 0, "reaping frees half of 5 = 3 slabs"},
    {SEED_REAP, "inet_sock", 3, 0, "and half of the 2 left = 1 slab"},
    {SEED_ALLOC, "inet_sock", 17, 0, "17 IPv4 sockets: 1 slab reused, 3 grown"},
    {SEED_CHURN, "inet_sock", 165, 0, "165 short-lived IPv4 sockets"},
    {SEED_ALLOC, "unix_sock", 17, 0, "17 AF_UNIX sockets: 2 slabs"},
    {SEED_FREE, "unix_sock", 5, 17, "12 closed: the second slab is empty"},
    {SEED_REAP, "unix_sock", 6, 0, "reaping frees the empty slab"},
    {SEED_CHURN, "unix_sock", 718, 0, "718 short-lived AF_UNIX sockets"},
    {SEED_ALLOC, NULL, 0, 0, NULL},
};

static const char *const rfc2_lines[] = {
    "unix_sock 5 10 396 1 1 1 : 17 735 2 1 0",
    "inet_sock 17 20 800 4 4 1 : 25 207 8 4 0",
    "sock 0 0 332 0 0 1 : 0 0 0 0 0",
};

static const seed_op s251_ops[] = {
    {SEED_CREATE, "sock", 328, 0, "struct sock, now with a slab pointer"},
    {SEED_CREATE, "tcp_sock", 788, 0, "sock + ip_opt + tcp_opt"},
    {SEED_CREATE, "udp_sock", 364, 0, "sock + ip_opt"},
    {SEED_CREATE, "unix_sock", 392, 0, "sock + unix_opt"},
    {SEED_ALLOC, "tcp_sock", 12, 0, "12 TCP sockets"},
    {SEED_CHURN, "tcp_sock", 33, 0, "33 short-lived TCP connections"},
    {SEED_ALLOC, "tcp_sock", 1, 0, "one more TCP socket: 13 in 3 slabs"},
    {SEED_ALLOC, "udp_sock", 7, 0, "7 UDP sockets"},
    {SEED_FREE, "udp_sock", 6, 7, "one closes"},
    {SEED_CHURN, "udp_sock", 24, 0, "24 short-lived UDP sockets"},
    {SEED_ALLOC, "unix_sock", 17, 0, "17 AF_UNIX sockets: 2 slabs"},
    {SEED_FREE, "unix_sock", 0, 10, "the first 10 close: a free slab stays cached"},
    {SEED_CHURN, "unix_sock", 555, 0, "555 short-lived AF_UNIX sockets"},
    {SEED_ALLOC, NULL, 0, 0, NULL},
};

static const char *const s251_lines[] = {
    "unix_sock 7 20 400 1 2 1 : 17 572 2 0 0",
    "udp_sock 6 10 372 1 1 1 : 7 31 1 0 0",
    "tcp_sock 13 15 800 3 3 1 : 13 46 3 0 0",
    "sock 0 0 336 0 0 1 : 0 0 0 0 0",
};

static const seed_op rfc4_ops[] = {
    {SEED_CREATE, "sock", 328, 0, "struct sock"},
    {SEED_CREATE, "tcp_sock", 788, 0, "sock + ip_opt + tcp_opt"},
    {SEED_CREATE, "udp_sock", 364, 0, "sock + ip_opt"},
    {SEED_CREATE, "raw4_sock", 368, 0, "sock + ip_opt + raw_opt"},
    {SEED_CREATE, "unix_sock", 392, 0, "sock + unix_opt"},
    {SEED_ALLOC, "tcp_sock", 12, 0, "12 TCP sockets"},
    {SEED_CHURN, "tcp_sock", 33, 0, "33 short-lived TCP connections"},
    {SEED_ALLOC, "tcp_sock", 1, 0, "one more TCP socket: 13 in 3 slabs"},
    {SEED_CHURN, "tcp_sock", 1, 0, "one more short-lived connection: high 14"},
    {SEED_ALLOC, "udp_sock", 7, 0, "7 UDP sockets"},
    {SEED_FREE, "udp_sock", 6, 7, "one closes"},
    {SEED_CHURN, "udp_sock", 24, 0, "24 short-lived UDP sockets"},
    {SEED_ALLOC, "raw4_sock", 1, 0, "one raw socket (ping)"},
    {SEED_FREE, "raw4_sock", 0, 1, "closed; its slab stays cached"},
    {SEED_CHURN, "raw4_sock", 2, 0, "two more pings"},
    {SEED_ALLOC, "unix_sock", 17, 0, "17 AF_UNIX sockets: 2 slabs"},
    {SEED_FREE, "unix_sock", 0, 10, "the first 10 close: a free slab stays cached"},
    {SEED_CHURN, "unix_sock", 555, 0, "555 short-lived AF_UNIX sockets"},
    {SEED_ALLOC, NULL, 0, 0, NULL},
};

static const char *const rfc4_lines[] = {
    "unix_sock 7 20 400 1 2 1 : 17 572 2 0 0", "raw4_sock 0 10 376 0 1 1 : 1 3 1 0 0",
    "udp_sock 6 10 372 1 1 1 : 7 31 1 0 0",    "tcp_sock 13 15 800 3 3 1 : 14 47 3 0 0",
    "sock 0 0 336 0 0 1 : 0 0 0 0 0",
};

const seed_machine seed_machines[] = {
    {"brinquedo-2.4.16-pre1", "[PATCH][RFC 2], 18 Dec 2001: unpatched 2.4.16-pre1", brinquedo_ops, brinquedo_lines, 1},
    {"rama2-rfc2-2.4.16", "[PATCH][RFC 2], 18 Dec 2001: sock.cleanup-5 on 2.4.16", rfc2_ops, rfc2_lines, 3},
    {"rama2-2.5.1", "Re: [PATCH][RFC 3], 21 Dec 2001: 2.5.1, sk_alloc with a slab", s251_ops, s251_lines, 4},
    {"rama2-rfc4-2.5.2-pre1", "[PATCH][RFC 4], 22 Dec 2001: 2.5.2-pre1", rfc4_ops, rfc4_lines, 5},
};

const int seed_nmachines = (int)(sizeof(seed_machines) / sizeof(seed_machines[0]));
