/*
 * test_budget.c - the memory budget: its accounts and message, and each
 * part that charges it (a machine's frames, a cache model, the event log,
 * a draw list) charging before it allocates, refusing past the limit and
 * giving everything back when freed.
 */
#include "check.h"
#include "profile.h"

#include "sklab/budget.h"
#include "sklab/cachesim.h"
#include "sklab/events.h"
#include "sklab/kernel.h"
#include "sklab/render/drawlist.h"

#include <stdlib.h>

#define MIB ((uint64_t)1 << 20)

static void test_account(void)
{
	skl_budget b;
	char msg[200], sz[32];
	skl_budget_init(&b, 10 * MIB);
	CHECK_INT(skl_budget_charge(&b, 4 * MIB, "a cache model"), 0);
	CHECK_INT(skl_budget_charge(&b, 6 * MIB, "a cache model"), 0);
	CHECK_INT(b.used, 10 * MIB);
	CHECK_STR(skl_budget_message(&b, msg, sizeof(msg)), "");
	CHECK_INT(skl_budget_charge(&b, 1, "the Lua heap"), -1);
	CHECK_INT(b.used, 10 * MIB); /* a refusal charges nothing */
	skl_budget_uncharge(&b, 4 * MIB);
	CHECK_INT(skl_budget_charge(&b, (uint64_t)3 << 30, "a cache model"), -1);
	/* the first refusal is the one kept */
	CHECK_STR(skl_budget_message(&b, msg, sizeof(msg)),
		  "memory budget of 10 MiB exceeded by the Lua heap of 1 B (10 MiB in use)");
	CHECK_INT(skl_budget_charge(&b, UINT64_MAX, "x"), -1); /* no wrap */
	skl_budget_force(&b, 100 * MIB);
	CHECK_INT(b.used, 106 * MIB);
	CHECK_INT(b.peak, 106 * MIB);
	skl_budget_uncharge(&b, 1000 * MIB);
	CHECK_INT(b.used, 0);
	CHECK_STR(skl_budget_size((uint64_t)7 << 29, sz, sizeof(sz)), "3.5 GiB");
	CHECK_STR(skl_budget_size(1024 * MIB, sz, sizeof(sz)), "1024 MiB");
	CHECK_STR(skl_budget_size(4096 + 512, sz, sizeof(sz)), "4.5 KiB");
	skl_budget_init(&b, 0); /* no limit */
	CHECK_INT(skl_budget_charge(&b, UINT64_MAX / 2, "x"), 0);
	CHECK_INT(skl_budget_charge(NULL, UINT64_MAX, "x"), 0);
}

/* A 64 MiB machine under a budget of 16 MiB: pages are charged as the
 * page allocator first hands them out, not when the machine is made, and
 * a refusal is an allocation failure (NULL); freeing the machine gives
 * everything back. */
static void test_machine(void)
{
	skl_profile p = skl_test_profile_2416(64 * MIB);
	skl_kernel_opts o;
	skl_kernel *k;
	skl_budget b;
	skl_error e;
	int n = 0;
	skl_budget_init(&b, 16 * MIB);
	memset(&o, 0, sizeof(o));
	o.profile = &p;
	o.budget = &b;
	k = skl_kernel_new(&o, &e);
	CHECK(k != NULL);
	if (!k)
		return;
	CHECK(b.used < 2 * MIB); /* the boot's caches and the frame tree only */
	while (n < 100000 && skl_kmalloc(k, 131072, &e))
		n++;
	CHECK(b.hit);
	CHECK(b.used <= 16 * MIB);
	/* 128 KiB each, so about 16 MiB of them fit, not 64 */
	CHECK(n >= 100 && n <= 128);
	CHECK(!strncmp(b.what, "simulated RAM", 13));
	skl_kernel_free(k);
	CHECK_INT(b.used, 0);
}

/* A model is charged whole before anything is allocated: a 4 GiB level
 * against the default budget is refused at once, with the budget's text. */
static void test_cachesim(void)
{
	skl_cachesim_level lv[1] = {{"LL", (uint64_t)4 << 30, 16, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 40}};
	skl_cachesim_config cfg = {lv, 1, 200, 0, NULL};
	skl_cachesim *h;
	skl_budget b;
	skl_error e;
	uint64_t fp;
	skl_budget_init(&b, SKL_BUDGET_DEFAULT);
	cfg.budget = &b;
	fp = skl_cachesim_footprint(&cfg);
	CHECK(fp > ((uint64_t)7 << 29) && fp < ((uint64_t)9 << 29)); /* about 60 bytes per 64-byte line */
	skl_error_clear(&e);
	h = skl_cachesim_new(&cfg, &e);
	CHECK(h == NULL);
	CHECK_STR(e.msg, "memory budget of 1024 MiB exceeded by a cache model of 4.0 GiB (0 B in use)");
	CHECK_INT(b.used, 0);
	lv[0].size = 8 * MIB;
	h = skl_cachesim_new(&cfg, &e);
	CHECK(h != NULL);
	CHECK_INT(b.used, skl_cachesim_footprint(&cfg));
	skl_cachesim_free(h);
	CHECK_INT(b.used, 0);
}

/* The log's records and text: an event the budget refuses is refused. */
static void test_log(void)
{
	skl_events *log = skl_events_new(0);
	skl_budget b;
	char *big = malloc(1 << 20);
	int i, rc = 0;
	skl_budget_init(&b, 4 * MIB);
	skl_events_set_budget(log, &b);
	memset(big, 'x', (1 << 20) - 16);
	for (i = 0; i < 16 && rc == 0; i++) {
		snprintf(big + (1 << 20) - 16, 16, "%d", i);
		rc = skl_events_print(log, big, "t.lua:1");
	}
	CHECK_INT(rc, -1);
	CHECK(i <= 4);
	CHECK(b.hit && !strcmp(b.what, "the event log"));
	skl_events_free(log);
	CHECK_INT(b.used, 0);
	free(big);
}

/* A draw list's items and text. */
static void test_drawlist(void)
{
	skl_dl *dl = skl_dl_new(100, 100);
	skl_budget b;
	int i;
	skl_budget_init(&b, 1 * MIB);
	skl_dl_set_budget(dl, &b);
	for (i = 0; i < 1000000 && !skl_dl_failed(dl); i++)
		skl_dl_rect(dl, 0, 0, 1, 1, 0, 0, 0);
	CHECK(skl_dl_failed(dl));
	CHECK(i < 1000000);
	CHECK(b.hit && !strcmp(b.what, "a picture's draw list"));
	skl_dl_free(dl);
	CHECK_INT(b.used, 0);
}

int main(int argc, char **argv)
{
	const char *m = argc > 1 ? argv[1] : "";
	if (!strcmp(m, "account"))
		test_account();
	else if (!strcmp(m, "machine"))
		test_machine();
	else if (!strcmp(m, "cachesim"))
		test_cachesim();
	else if (!strcmp(m, "log"))
		test_log();
	else if (!strcmp(m, "drawlist"))
		test_drawlist();
	else
		return printf("usage: test_budget account|machine|cachesim|log|drawlist\n"), 2;
	return check_done(m);
}
