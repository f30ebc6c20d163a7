/*
 * linux-2.4.16-i386.c - one object of every struct in linux-2.4.16-i386.h,
 * so that gcc -g emits their DWARF for pahole. Compile with gcc -m32 -g -c
 * and the -D options the header describes.
 */
#include "linux-2.4.16-i386.h"

struct list_head sklab_list_head;
wait_queue_head_t sklab_wait_queue_head;
struct semaphore sklab_semaphore;
struct timer_list sklab_timer_list;
struct sk_buff_head sklab_sk_buff_head;
struct timeval sklab_timeval;
struct ucred sklab_ucred;
struct in6_addr sklab_in6_addr;
struct icmp_filter sklab_icmp_filter;
struct icmp6_filter sklab_icmp6_filter;
socket_lock_t sklab_socket_lock;
atomic_t sklab_atomic;
spinlock_t sklab_spinlock;
rwlock_t sklab_rwlock;

struct unix_opt sklab_unix_opt;
struct ipx_opt sklab_ipx_opt;
struct ipv6_pinfo sklab_ipv6_pinfo;
struct raw6_opt sklab_raw6_opt;
struct raw_opt sklab_raw_opt;
struct inet_opt sklab_inet_opt;
struct tcp_sack_block sklab_tcp_sack_block;
struct tcp_opt sklab_tcp_opt;
struct atalk_sock sklab_atalk_sock;
struct spx_opt sklab_spx_opt;
struct dn_naddr sklab_dn_naddr;
struct sockaddr_dn sklab_sockaddr_dn;
struct optdata_dn sklab_optdata_dn;
struct accessdata_dn sklab_accessdata_dn;
struct dn_scp sklab_dn_scp;

struct sock sklab_sock;

struct sock_rfc2 sklab_sock_rfc2;
struct sock_rfc4 sklab_sock_rfc4;
struct unix_sock_rfc2 sklab_unix_sock_rfc2;
struct inet_sock_rfc2 sklab_inet_sock_rfc2;
struct unix_sock sklab_unix_sock;
struct udp_sock sklab_udp_sock;
struct raw4_sock sklab_raw4_sock;
struct tcp_sock sklab_tcp_sock;

struct sk_buff sklab_sk_buff;
