/*
 * lua_skb.c - `sklab bench --self lua_skb`: skb_put and skb_push called from
 * a Lua scenario against the same calls from C, on the same machine with
 * an event log.
 */
#include "bench_self.h"

#include "sklab/runtime.h"
#include "sklab/events.h"
#include "sklab/kernel.h"
#include "sklab/skb.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define SKB_PROFILE "linux-2.6.31-x86_64"
#define SKB_PER_PACKET 1000 /* 500 put + 500 push */

/* One run in C: a fresh machine with an event log (as a scenario has),
 * packets of alloc_skb(2048), reserve(1024), 500 x (put 1, push 1), free;
 * the loop's ns into *ns. -1 on failure. */
static int skb_c_run(const skl_profile *prof, long packets, double *ns, skl_error *err)
{
	skl_events *log = skl_events_new(0);
	skl_kernel_opts ko;
	skl_net_opts no;
	skl_kernel *k = NULL;
	skl_net *net = NULL;
	long p;
	int j, rc = -1;
	double t0;
	if (!log) {
		skl_errorf(err, "out of memory");
		return -1;
	}
	memset(&ko, 0, sizeof(ko));
	ko.profile = prof;
	ko.smp = -1;
	ko.log = log;
	k = skl_kernel_new(&ko, err);
	if (!k)
		goto out;
	memset(&no, 0, sizeof(no));
	no.hot_list_len = -1;
	net = skl_net_new(k, &no, err);
	if (!net)
		goto out;
	t0 = skl__self_now_ns();
	for (p = 0; p < packets; p++) {
		skl_skb *skb = skl_alloc_skb(net, 2048, err);
		if (!skb || skl_skb_reserve(skb, 1024, err) < 0)
			goto out;
		for (j = 0; j < SKB_PER_PACKET / 2; j++)
			if (skl_skb_put(skb, 1, NULL, err) < 0 || skl_skb_push(skb, 1, err) < 0)
				goto out;
		if (skl_kfree_skb(skb, err) < 0)
			goto out;
	}
	*ns = skl__self_now_ns() - t0;
	rc = 0;
out:
	skl_net_free(net);
	skl_kernel_free(k);
	skl_events_free(log);
	return rc;
}

static int skb_script(const char *path, long packets)
{
	char text[1024];
	snprintf(text, sizeof(text),
		 "-- title:   skb_put/skb_push calls from Lua (sklab bench --self)\n"
		 "scenario { title = \"skb_put/skb_push calls\", goal = \"time the binding\", profile = \"%s\" }\n"
		 "local k = sklab.kernel { profile = \"%s\" }\n"
		 "for p = 1, %ld do\n"
		 "  local skb = k:alloc_skb(2048)\n"
		 "  skb:reserve(1024)\n"
		 "  for j = 1, %d do\n"
		 "    skb:put(1)\n"
		 "    skb:push(1)\n"
		 "  end\n"
		 "  skb:free()\n"
		 "end\n",
		 SKB_PROFILE, SKB_PROFILE, packets, SKB_PER_PACKET / 2);
	return skl__self_write_file(path, text);
}

/* A run of a scenario file in rt into a fresh log; ns, or -1 with err. */
static double lua_run_ns(skl_lua *rt, const char *path, skl_error *err)
{
	skl_events *log = skl_events_new(0);
	double t0, t;
	int rc;
	if (!log) {
		skl_errorf(err, "out of memory");
		return -1;
	}
	t0 = skl__self_now_ns();
	rc = skl_lua_run_file(rt, path, log, err);
	t = skl__self_now_ns() - t0;
	skl_events_free(log);
	return rc < 0 ? -1 : t;
}

void skl__self_lua_skb(ctx *x, const char *tmpdir)
{
	long packets = x->quick ? 20 : 100; /* per run */
	int runs = x->quick ? 1 : 10, reps = x->quick ? 3 : 3, r, i;
	char full[4200], empty[4200];
	double vc[16], vl[16];
	skl_profile prof;
	skl_lua_opts lo;
	skl_lua *rt = NULL;
	skl_error err;
	comparison *c;
	long calls = packets * SKB_PER_PACKET * runs;
	skl__self_progress(x, "lua_skb");
	c = skl__self_new_cmp(x, "lua_skb", "skb_put/skb_push from a Lua scenario against the same calls from C",
			      "ns/call");
	snprintf(c->base_what, sizeof(c->base_what), "skl_skb_put/skl_skb_push from C, same machine and event log");
	skl__self_target(c, TARGET_RATIO, 15.0, 0, "<= 15x C");
	c->reps = reps;
	skl_error_clear(&err);
	snprintf(full, sizeof(full), "%s/skb_calls.lua", tmpdir);
	snprintf(empty, sizeof(empty), "%s/skb_empty.lua", tmpdir);
	if (skl_data_load_profile(x->data, SKB_PROFILE, &prof, &err) < 0) {
		snprintf(c->base_why, sizeof(c->base_why), "%.400s", err.msg);
		snprintf(c->sk_why, sizeof(c->sk_why), "%.400s", err.msg);
		return;
	}
	if (skb_script(full, packets) < 0 || skb_script(empty, 0) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "cannot write the scenario to a temporary directory");
		return;
	}
	memset(&lo, 0, sizeof(lo));
	lo.data_dir = x->data;
	lo.max_events = 4000000;
	rt = skl_lua_new(&lo, &err);
	if (!rt) {
		snprintf(c->sk_why, sizeof(c->sk_why), "%.400s", err.msg);
		goto out;
	}
	/* warm-up */
	if (lua_run_ns(rt, empty, &err) < 0 || lua_run_ns(rt, full, &err) < 0) {
		char msg[256];
		skl_error_format(&err, msg, sizeof(msg));
		snprintf(c->sk_why, sizeof(c->sk_why), "the scenario failed: %.400s", msg);
		goto out;
	}
	for (r = 0; r < reps; r++) {
		double tc = 0, tl = 0, te = 0;
		for (i = 0; i < runs; i++) {
			double ns, a, b;
			if (skb_c_run(&prof, packets, &ns, &err) < 0) {
				snprintf(c->base_why, sizeof(c->base_why), "%.400s", err.msg);
				goto out;
			}
			tc += ns;
			a = lua_run_ns(rt, full, &err);
			b = lua_run_ns(rt, empty, &err);
			if (a < 0 || b < 0) {
				snprintf(c->sk_why, sizeof(c->sk_why), "the scenario failed: %.400s", err.msg);
				goto out;
			}
			tl += a;
			te += b;
		}
		vc[r] = tc / (double)calls;
		vl[r] = (tl - te) / (double)calls;
		if (vl[r] <= 0)
			vl[r] = 1e-3;
	}
	c->base = skl__self_stats(vc, reps);
	c->sk = skl__self_stats(vl, reps);
	snprintf(c->note, sizeof(c->note),
		 "%ld calls per repetition (%d run%s of %ld packets; a packet is alloc_skb(2048), reserve(1024), "
		 "500 x (skb:put(1), skb:push(1)), free), on %s, each call logged as an event in both. Lua: the "
		 "scenario's run time minus an empty scenario's (the same set-up, no packets). Per call "
		 "includes the packet's share of alloc and free.",
		 calls, runs, runs == 1 ? "" : "s", packets, SKB_PROFILE);
	snprintf(c->extra, sizeof(c->extra), ", \"calls\": %ld", calls);
out:
	skl_lua_free(rt);
	unlink(full);
	unlink(empty);
}
