/*
 * test_step_jump.c - jumping to step k of a run (its frame built from the
 * run's log, as the window and `sklab run --step` do) draws what a replay
 * to k draws: the scenario run again from the start, stopped once it has
 * logged k steps, its step k drawn as step k of the run's count. Every
 * step of a 12-step run is compared as draw-list text; steps whose machine
 * changed must differ from the step before (the pictures are not all one),
 * and a step without a SHOW draws what the one before showed.
 *
 *   test_step_jump DATA_DIR SCENARIO
 */
#include "check.h"

#include "sklab/events.h"
#include "sklab/runtime.h"
#include "sklab/render/drawlist.h"
#include "sklab/render/view_scene.h"

#include <stdlib.h>

#define W 1600
#define H 900

/* Frame i of frames (of nframes) as text into b (caller frees); -1 on failure. */
static int frame_text(const skl_events *log, const skl_frame *frames, int nframes, int i, skl_buf *b)
{
	skl_dl *dl = skl_dl_new(W, H);
	skl_view_frame_opts fo;
	skl_sink s;
	int rc;
	skl_buf_init(b);
	if (!dl)
		return -1;
	memset(&fo, 0, sizeof(fo));
	rc = skl_view_frame(dl, log, frames, nframes, i, &fo);
	s = skl_buf_sink(b);
	if (rc == 0)
		skl_dl_dump(dl, &s);
	skl_dl_free(dl);
	return rc;
}

/* Runs file to its end (stop 0) or until stop steps are logged. */
static skl_events *run(const char *data, const char *file, int stop, skl_lua **rtp)
{
	skl_lua_opts lo;
	skl_error err;
	skl_events_stop sa;
	skl_events *log = skl_events_new(0);
	int rc;
	memset(&lo, 0, sizeof(lo));
	memset(&sa, 0, sizeof(sa));
	sa.log = log;
	sa.stop = stop;
	lo.data_dir = data;
	if (stop) {
		lo.interrupt = skl_events_stop_interrupt;
		lo.interrupt_ud = &sa;
	}
	*rtp = skl_lua_new(&lo, &err);
	if (!log || !*rtp)
		return log;
	rc = skl_lua_run_file(*rtp, file, log, &err);
	if (!stop && rc < 0)
		printf("the run failed: %s\n", err.msg);
	/* the replay ended there (the last step's may reach the end first) */
	if (stop)
		CHECK(rc == 0 || strstr(err.msg, "stopped after step") != NULL);
	return log;
}

int main(int argc, char **argv)
{
	skl_lua *rt = NULL;
	skl_events *log;
	skl_frame *fr = NULL;
	skl_buf prev;
	int nfr, k;
	if (argc != 3) {
		fprintf(stderr, "usage: test_step_jump DATA_DIR SCENARIO\n");
		return 2;
	}
	log = run(argv[1], argv[2], 0, &rt);
	nfr = log ? skl_events_frames(log, &fr) : -1;
	CHECK_INT(nfr, 12);
	if (nfr != 12)
		goto out;
	skl_buf_init(&prev);
	for (k = 1; k <= nfr; k++) {
		skl_lua *rrt = NULL;
		skl_events *rlog = run(argv[1], argv[2], k, &rrt);
		skl_frame *rfr = NULL, *all = NULL;
		skl_buf jump, replay;
		int rn = rlog ? skl_events_frames(rlog, &rfr) : -1;
		CHECK(rn >= k);
		if (rn < k)
			goto next;
		CHECK(skl_events_kind(rlog, rfr[k - 1].last_event) == SKL_EV_STEP);
		/* a replay to k, not the whole run again */
		CHECK(k == nfr || skl_events_count(rlog) < skl_events_count(log));
		/* the replay knows the run's steps up to k; the caption counts the run's */
		all = calloc((size_t)nfr, sizeof(*all));
		if (!all)
			goto next;
		memcpy(all, rfr, (size_t)k * sizeof(*all));
		CHECK_INT(frame_text(log, fr, nfr, k - 1, &jump), 0);
		CHECK_INT(frame_text(rlog, all, nfr, k - 1, &replay), 0);
		CHECK(jump.len > 1000);
		if (jump.len != replay.len || memcmp(jump.data, replay.data, jump.len)) {
			printf("step %d: the jump draws %zu bytes of draw list, the replay %zu, and they differ\n", k,
			       jump.len, replay.len);
			check_failures++;
		}
		/* step 8 shows nothing new: what step 7 showed, with its own caption */
		if (k > 1 && k != 8 && prev.len == jump.len && !memcmp(prev.data, jump.data, jump.len)) {
			printf("step %d draws what step %d drew\n", k, k - 1);
			check_failures++;
		}
		if (k == 8)
			CHECK(fr[7].nobjs == fr[6].nobjs && fr[7].objs == fr[6].objs);
		skl_buf_free(&prev);
		prev = jump;
		skl_buf_free(&replay);
	next:
		free(all);
		skl_free(rfr);
		skl_events_free(rlog);
		skl_lua_free(rrt);
	}
	skl_buf_free(&prev);
out:
	skl_free(fr);
	skl_events_free(log);
	skl_lua_free(rt);
	return check_done("test_step_jump");
}
