/*
 * test_events.c - the event log read without copies: skl_events_kind and
 * skl_events_get agree with skl_events_at on every event of a log that
 * spans several chunks (steps, text, SHOWs, allocator events whose size
 * needs more than 32 bits, expectations with ok 0 and 1), walked forward,
 * backward and in a scattered order; out of range they say so. And
 * skl_events_bytes: what the log holds, what it charges its budget.
 */
#include "check.h"

#include "sklab/budget.h"
#include "sklab/events.h"

#include <stdint.h>
#include <stdlib.h>

#define NEVENTS 5000 /* about five chunks of 1024 */

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* e (from skl_events_get) is event i as skl_events_at gives it. */
static int same_event(const skl_event *e, const skl_event *a)
{
	int j;
	if (e->kind != a->kind || e->seq != a->seq || e->step != a->step || e->ok != a->ok || e->addr != a->addr ||
	    e->size != a->size || e->nobjs != a->nobjs || e->nhighlight != a->nhighlight)
		return 0;
	if (!same_str(e->text, a->text) || !same_str(e->text2, a->text2) || !same_str(e->text3, a->text3) ||
	    !same_str(e->where, a->where))
		return 0;
	for (j = 0; j < e->nobjs; j++)
		if (e->objs[j] != a->objs[j])
			return 0;
	for (j = 0; j < e->nhighlight; j++)
		if (!same_str(e->highlight[j], a->highlight[j]))
			return 0;
	return 1;
}

/* A log of n events of every shape the records take. */
static skl_events *make_log(int n, skl_budget *b)
{
	skl_events *log = skl_events_new(0);
	char where[32], text[48];
	int i;
	if (!log)
		return NULL;
	skl_events_set_budget(log, b);
	skl_events_scenario(log, "events", "read them back", "linux-6.18-x86_64", "t.lua:1");
	for (i = 1; i < n; i++) {
		snprintf(where, sizeof(where), "t.lua:%d", 2 + i % 7);
		switch (i % 11) {
		case 0:
			snprintf(text, sizeof(text), "step %d", i);
			skl_events_step(log, text, where);
			break;
		case 1:
			skl_events_expect(log, i % 2, "an expectation", where);
			break;
		case 2:
			snprintf(text, sizeof(text), "line %d", i);
			skl_events_print(log, text, where);
			break;
		case 3: /* a size past 32 bits goes to an extension record */
			skl_events_op(log, SKL_EV_KMALLOC, "kmalloc_large", 0xffff888000000000ull + (uint64_t)i * 64,
				      ((uint64_t)1 << 33) + (uint64_t)i, "pages", where);
			break;
		case 4: {
			skl_text_panel tp;
			skl_show sh;
			memset(&tp, 0, sizeof(tp));
			memset(&sh, 0, sizeof(sh));
			tp.text = "a report\nits second line";
			tp.title = "kernel log";
			sh.kind = SKL_SHOW_TEXT;
			sh.text = &tp;
			skl_events_show(log, &sh, where);
			break;
		}
		case 5:
			skl_events_access(log, 0xffff888000001000ull + (uint64_t)i, 8, i % 3 == 0, "tcp_sock.daddr",
					  "member", "L1d hit", where);
			break;
		case 6:
			skl_events_op(log, SKL_EV_FREE, "obj64", 0xffff888000100000ull + (uint64_t)(i - 6) * 64, 64,
				      NULL, NULL);
			break;
		default:
			skl_events_set_where(log, where);
			skl_events_op(log, SKL_EV_ALLOC, "obj64", 0xffff888000100000ull + (uint64_t)i * 64, 64, NULL,
				      NULL);
			skl_events_set_where(log, "");
		}
	}
	return log;
}

static void test_read(void)
{
	skl_events *log = make_log(NEVENTS, NULL);
	skl_event e;
	int i, n, bad = 0, kinds[SKL_EV_KIND_COUNT_] = {0};
	CHECK(log != NULL);
	if (!log)
		return;
	n = skl_events_count(log);
	CHECK_INT(n, NEVENTS);
	/* forward, as the report walks */
	for (i = 0; i < n; i++) {
		const skl_event *a = skl_events_at(log, i);
		CHECK(a != NULL);
		if (!a)
			break;
		kinds[a->kind]++;
		if (skl_events_kind(log, i) != a->kind || skl_events_get(log, i, &e) != 0 || !same_event(&e, a))
			bad++;
	}
	CHECK_INT(bad, 0);
	/* every shape was made */
	CHECK(kinds[SKL_EV_STEP] > 400 && kinds[SKL_EV_SHOW] > 400 && kinds[SKL_EV_KMALLOC] > 400);
	CHECK(kinds[SKL_EV_ALLOC] > 1000 && kinds[SKL_EV_ACCESS] > 400 && kinds[SKL_EV_EXPECT] > 400);
	/* backward, as KASAN looks for an object's last allocation */
	for (i = n - 1; i >= 0; i--)
		if (skl_events_get(log, i, &e) != 0 || !same_event(&e, skl_events_at(log, i)))
			bad++;
	CHECK_INT(bad, 0);
	/* scattered: each lookup across a chunk from the one before */
	for (i = 0; i < n; i++) {
		int j = (int)(((long)i * 2749) % n);
		if (skl_events_get(log, j, &e) != 0 || !same_event(&e, skl_events_at(log, j)))
			bad++;
	}
	CHECK_INT(bad, 0);
	/* the steps counted by a fresh walk that starts mid-chunk */
	CHECK(skl_events_get(log, 3001, &e) == 0 && e.step == skl_events_at(log, 3001)->step);
	CHECK(skl_events_get(log, 1023, &e) == 0 && e.step == skl_events_at(log, 1023)->step);
	CHECK(skl_events_get(log, 1024, &e) == 0 && e.step == skl_events_at(log, 1024)->step);
	CHECK_INT(skl_events_at(log, n - 1)->step, (n - 2) / 11); /* a step at each i % 11 == 0 */
	/* out of range */
	CHECK(skl_events_kind(log, -1) == SKL_EV_KIND_COUNT_);
	CHECK(skl_events_kind(log, n) == SKL_EV_KIND_COUNT_);
	CHECK(skl_events_get(log, n, &e) == -1 && e.text == NULL && e.kind == 0);
	CHECK(skl_events_get(log, -1, &e) == -1);
	skl_events_free(log);
}

static void test_bytes(void)
{
	skl_budget b;
	skl_events *log = skl_events_new(0), *blog;
	int i;
	CHECK(log != NULL);
	if (!log)
		return;
	CHECK_INT(skl_events_bytes(log), 0);
	/* records go a chunk of 1024 at a time: 16 bytes each */
	skl_events_op(log, SKL_EV_ALLOC, "obj64", 0x1000, 64, NULL, "t.lua:1");
	CHECK(skl_events_bytes(log) >= 1024 * 16);
	for (i = 1; i < 100000; i++)
		skl_events_op(log, SKL_EV_ALLOC, "obj64", 0x1000 + (uint64_t)i * 64, 64, NULL, "t.lua:1");
	/* one string block and the records: 16 bytes an event, rounded up to chunks */
	CHECK(skl_events_bytes(log) >= (uint64_t)100000 * 16);
	CHECK(skl_events_bytes(log) <= (uint64_t)101376 * 16 + 16384);
	skl_events_free(log);
	/* with a budget: the same figure as the budget's */
	skl_budget_init(&b, 0);
	blog = make_log(NEVENTS, &b);
	CHECK(blog != NULL);
	if (!blog)
		return;
	CHECK(skl_events_bytes(blog) > 0);
	CHECK_INT(skl_events_bytes(blog), b.used);
	skl_events_free(blog);
	CHECK_INT(b.used, 0);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	if (!strcmp(mode, "read"))
		test_read();
	else if (!strcmp(mode, "bytes"))
		test_bytes();
	else {
		test_read();
		test_bytes();
	}
	return check_done("test_events");
}
