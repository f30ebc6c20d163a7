/* Kernel building blocks: lists, locks, timers, queues (after
 * include/linux/types.h, list.h, timer.h, skbuff.h). */
#ifndef CORPUS_KERNEL_LISTS_H
#define CORPUS_KERNEL_LISTS_H
#include <linux/types.h>

typedef unsigned int __u32;
typedef unsigned int u32;
typedef unsigned long long u64;

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	atomic_t refs;
} refcount_t;

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_head {
	struct hlist_node *first;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

struct callback_head {
	struct callback_head *next;
	void (*func)(struct callback_head *head);
};

struct rb_node {
	unsigned long __rb_parent_color;
	struct rb_node *rb_right;
	struct rb_node *rb_left;
};

typedef struct {
	volatile unsigned int lock;
} spinlock_t;

struct kref {
	refcount_t refcount;
};

struct timer_list {
	struct hlist_node entry;
	unsigned long expires;
	void (*function)(struct timer_list *);
	u32 flags;
};

struct wait_queue_head {
	spinlock_t lock;
	struct list_head head;
};

struct sk_buff_head {
	struct sk_buff *next;
	struct sk_buff *prev;
	__u32 qlen;
	spinlock_t lock;
};

struct llist_node {
	struct llist_node *next;
};

#endif
