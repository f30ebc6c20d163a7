/* Members that exist only under a config option. The comparison
 * defines the options below for gcc and passes them to sklab.
 * sklab-config: CONFIG_INET CONFIG_IPV6_MODULE CONFIG_SMP
 */
#ifndef CORPUS_CONFIG_H
#define CORPUS_CONFIG_H

struct cf_sock {
	int family;
#ifdef CONFIG_INET
	unsigned int inet_addr;
#endif
#if defined(CONFIG_IPV6) || defined(CONFIG_IPV6_MODULE)
	unsigned char v6_addr[16];
#else
	int no_v6;
#endif
#ifndef CONFIG_SMP
	int up_only;
#elif defined(CONFIG_NUMA)
	int numa_node;
#else
	int smp_cpu;
	char smp_pad;
#endif
#if 0
	int never;
#endif
	long tail;
#ifdef CONFIG_INET
#ifdef CONFIG_XFRM
	void *policy;
#endif
	short inet_only;
#endif
};

#endif
