/* Function pointers, typedefs of them and operations tables. */
#ifndef CORPUS_FUNCPTR_H
#define CORPUS_FUNCPTR_H

struct sock;
struct sk_buff;
struct msghdr;

typedef int (*fp_handler_t)(struct sk_buff *skb);
typedef void fp_cb(int);

struct fp_ops {
	int (*init)(struct sock *sk);
	void (*close)(struct sock *sk, long timeout);
	int (*sendmsg)(struct sock *sk, struct msghdr *msg, unsigned long len);
	int (*recvmsg)(struct sock *sk, struct msghdr *msg, unsigned long len, int noblock, int flags,
		       int *addr_len);
	void (*unhash)(struct sock *);
	unsigned int (*poll)(void);
	fp_handler_t handler;
	fp_cb *cb;
	void *(*alloc)(unsigned long size, int flags);
	void (*printk)(const char *fmt, ...);
	int (*cmp)(const void *, const void *);
	char name[32];
};

struct fp_mixed {
	char c;
	void (*fn)(void);
	short s;
	int (*hook)(struct sk_buff **pskb, unsigned int hooknum);
};

#endif
