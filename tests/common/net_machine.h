/*
 * net_machine.h - a simulated machine with its network side, booted for
 * one sk_buff era on the profile assets/profiles describes for it (2.4.16
 * i386 with 128 MiB, 2.6.31 and 6.18 x86_64 with two CPUs and 512 MiB),
 * with an event log. Header-only: each test is one file.
 */
#ifndef SKLAB_TEST_NET_MACHINE_H
#define SKLAB_TEST_NET_MACHINE_H

#include "profile.h"
#include "sklab/events.h"
#include "sklab/skb.h"

#include <stdio.h>
#include <string.h>

typedef struct skl_test_net {
	skl_profile prof;
	skl_events *log;
	skl_kernel *k;
	skl_net *net;
} skl_test_net;

static inline skl_profile skl_test_profile_era(skl_skb_era e)
{
	if (e == SKL_ERA_2_4)
		return skl_test_profile_2416((uint64_t)128 << 20);
	if (e == SKL_ERA_2_6_31)
		return skl_test_profile("2.6.31", "x86_64", "slub", 64, 2, (uint64_t)512 << 20);
	return skl_test_profile_618(2, (uint64_t)512 << 20);
}

/* Boots m for era e with net options no (NULL: the defaults) and ram
 * bytes (0: the profile's). 0, or -1 with the reason printed unless quiet
 * and nothing left to free. */
static inline int skl_test_net_boot(skl_test_net *m, skl_skb_era e, const skl_net_opts *no, uint64_t ram, int quiet)
{
	skl_kernel_opts o;
	skl_error err;
	memset(m, 0, sizeof(*m));
	m->prof = skl_test_profile_era(e);
	m->log = skl_events_new(0);
	if (!m->log)
		return -1;
	memset(&o, 0, sizeof(o));
	o.profile = &m->prof;
	o.smp = -1;
	o.ram_bytes = ram;
	o.log = m->log;
	m->k = skl_kernel_new(&o, &err);
	if (!m->k) {
		if (!quiet)
			printf("boot %s: %s\n", skl_skb_era_name(e), err.msg);
		skl_events_free(m->log);
		return -1;
	}
	m->net = skl_net_new(m->k, no, &err);
	if (!m->net) {
		if (!quiet)
			printf("net %s: %s\n", skl_skb_era_name(e), err.msg);
		skl_kernel_free(m->k);
		skl_events_free(m->log);
		return -1;
	}
	return 0;
}

static inline void skl_test_net_halt(skl_test_net *m)
{
	skl_net_free(m->net);
	skl_kernel_free(m->k);
	skl_events_free(m->log);
}

#endif
