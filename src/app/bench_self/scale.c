/*
 * scale.c - `sklab bench --self scale|step`: a million objects. scale/1M:
 * 10^6 allocations and 5x10^5 frees from a Lua scenario with the event
 * log on, then the slab overview frame drawn headless, in a fresh process
 * (`sklab bench --self-child scale N FILE`, which reports its own VmHWM),
 * beside a plain Lua loop doing as many table inserts and removals in the
 * same sandbox; scale/1M_rss: that process's peak memory per object.
 * step/1M: jumping to a step of a run of 10^6 events (the step's frame
 * built from the log and rasterised, as the window and --step do) beside
 * replaying the scenario from step 0 to that step; the two pictures must
 * be the same draw list.
 */
#include "bench_self.h"

#include "sklab/runtime.h"
#include "sklab/render/sdl.h"
#include "sklab/render/drawlist.h"
#include "sklab/render/view_scene.h"
#include "sklab/events.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SW 1920
#define SH 1080
#define SCALE_PROFILE "linux-6.18-x86_64"
#define OBJ_SIZE 64
#define STEPS 10 /* steps of the step/1M run */

/* ---- the scenarios ------------------------------------------------------------------ */

/* n allocations of 64-byte objects, then every other one freed: n / 2 live
 * at the end, n at the peak; one SHOW and one step. plain: the same loop
 * with table inserts and removals instead of the calls. */
static int write_scale(const char *path, long n, int plain)
{
	char text[2048];
	if (plain)
		snprintf(text, sizeof(text),
			 "-- title:   %ld table inserts, half removed (sklab bench --self)\n"
			 "scenario { title = \"a plain Lua loop\", goal = \"the baseline\", profile = \"%s\" }\n"
			 "local objs = {}\n"
			 "for i = 1, %ld do objs[i] = i end\n"
			 "for i = 1, %ld, 2 do objs[i] = nil end\n",
			 n, SCALE_PROFILE, n, n);
	else
		snprintf(text, sizeof(text),
			 "-- title:   %ld objects, half freed (sklab bench --self)\n"
			 "scenario { title = \"a million objects\", goal = \"scale\", profile = \"%s\" }\n"
			 "local k = sklab.kernel { profile = \"%s\" }\n"
			 "local c = k:cache_create(\"obj64\", %d)\n"
			 "local objs = {}\n"
			 "for i = 1, %ld do objs[i] = c:alloc() end\n"
			 "for i = 1, %ld, 2 do c:free(objs[i]); objs[i] = nil end\n"
			 "scene.show(k)\n"
			 "scene.step(\"%ld allocations, half of them freed\")\n",
			 n, SCALE_PROFILE, SCALE_PROFILE, OBJ_SIZE, n, n, n);
	return skl__self_write_file(path, text);
}

/* About n events in STEPS steps: each allocates n/(2 STEPS) objects and
 * frees a third of them (those of earlier steps too), then shows the
 * machine. */
static int write_steps(const char *path, long n)
{
	char text[2048];
	long per = n / 2 / STEPS;
	snprintf(text, sizeof(text),
		 "-- title:   %d steps of %ld events (sklab bench --self)\n"
		 "scenario { title = \"steps of a million events\", goal = \"jump\", profile = \"%s\" }\n"
		 "local k = sklab.kernel { profile = \"%s\" }\n"
		 "local c = k:cache_create(\"obj64\", %d)\n"
		 "local objs, n = {}, 0\n"
		 "for s = 1, %d do\n"
		 "  for i = 1, %ld do n = n + 1; objs[n] = c:alloc() end\n"
		 "  for i = s %% 3 + 1, n, 3 do\n"
		 "    if objs[i] then c:free(objs[i]); objs[i] = false end\n"
		 "  end\n"
		 "  scene.show(k)\n"
		 "  scene.step(\"step \" .. s .. \": \" .. n .. \" allocated\")\n"
		 "end\n",
		 STEPS, n / STEPS, SCALE_PROFILE, SCALE_PROFILE, OBJ_SIZE, STEPS, per);
	return skl__self_write_file(path, text);
}

/* ---- drawing ------------------------------------------------------------------------- */

typedef struct painter {
	skl_sdl *sdl;
	skl_dl *dl;
} painter;

static int painter_new(painter *p, const char *fonts, skl_error *err)
{
	memset(p, 0, sizeof(*p));
	SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
	if (SDL_Init(0) < 0) {
		skl_errorf(err, "SDL_Init: %s", SDL_GetError());
		return -1;
	}
	p->sdl = skl_sdl_new(fonts, err);
	p->dl = p->sdl ? skl_dl_new((float)SW, (float)SH) : NULL;
	if (!p->dl) {
		if (p->sdl && !err->msg[0])
			skl_errorf(err, "out of memory");
		return -1;
	}
	return 0;
}

static void painter_free(painter *p)
{
	skl_dl_free(p->dl);
	skl_sdl_free(p->sdl);
	SDL_Quit();
}

/* Frame i of the log built into p->dl and rasterised, as the window shows
 * a step: 0 or -1. */
static int paint(painter *p, const skl_events *log, const skl_frame *fr, int nfr, int i, skl_error *err)
{
	skl_view_frame_opts fo;
	SDL_Surface *surf;
	memset(&fo, 0, sizeof(fo));
	if (skl_view_frame(p->dl, log, fr, nfr, i, &fo) < 0) {
		skl_errorf(err, "the view of step %d failed", i + 1);
		return -1;
	}
	surf = skl_sdl_render_surface(p->sdl, p->dl, SW, SH, NULL, err);
	if (!surf)
		return -1;
	SDL_FreeSurface(surf);
	return 0;
}

/* p->dl as text (skl_dl_dump) into b, which the caller frees. */
static void dump_dl(const painter *p, skl_buf *b)
{
	skl_sink s;
	skl_buf_init(b);
	s = skl_buf_sink(b);
	skl_dl_dump(p->dl, &s);
}

/* ---- the child: one scale run --------------------------------------------------------- */

static long long vm_hwm_kib(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long long kib = -1;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "VmHWM:", 6))
			kib = atoll(line + 6);
	fclose(f);
	return kib;
}

/* `--self-child scale|scale-lua N FILE`: runs FILE (written for n objects;
 * scale: their events must be in the log), draws its frame (scale), then
 * prints "run_ns frame_ns vmhwm_kib events". */
int skl__self_child_scale(const char *data, long n, const char *file, int plain)
{
	char fonts[4200];
	skl_lua_opts lo;
	skl_lua *rt = NULL;
	skl_events *log = NULL;
	skl_frame *fr = NULL;
	skl_error err;
	painter p;
	int rc = 1, nfr, have_painter = 0;
	double t0, t1, t2;
	skl_error_clear(&err);
	snprintf(fonts, sizeof(fonts), "%s/assets/fonts", data);
	memset(&lo, 0, sizeof(lo));
	lo.data_dir = data;
	if (!plain) {
		if (painter_new(&p, fonts, &err) < 0)
			goto out;
		have_painter = 1;
	}
	rt = skl_lua_new(&lo, &err);
	log = skl_events_new(0);
	if (!rt || !log)
		goto out;
	t0 = skl__self_now_ns();
	if (skl_lua_run_file(rt, file, log, &err) < 0)
		goto out;
	t1 = skl__self_now_ns();
	if (!plain && skl_events_count(log) < n) {
		skl_errorf(&err, "%d events for %ld objects: the events must be kept", skl_events_count(log), n);
		goto out;
	}
	if (!plain) {
		nfr = skl_events_frames(log, &fr);
		if (nfr <= 0 || paint(&p, log, fr, nfr, nfr - 1, &err) < 0)
			goto out;
	}
	t2 = skl__self_now_ns();
	printf("%.0f %.0f %lld %d\n", t1 - t0, t2 - t1, vm_hwm_kib(), skl_events_count(log));
	rc = 0;
out:
	if (rc) {
		char msg[512];
		skl_error_format(&err, msg, sizeof(msg));
		fprintf(stderr, "sklab bench --self-child: %s\n", msg);
	}
	skl_free(fr);
	skl_events_free(log);
	skl_lua_free(rt);
	if (have_painter)
		painter_free(&p);
	return rc;
}

typedef struct scale_out {
	int got;
	double run_ns, frame_ns;
	long long kib;
	long events;
} scale_out;

static void read_scale(const char *line, void *arg)
{
	scale_out *o = arg;
	if (!o->got && sscanf(line, "%lf %lf %lld %ld", &o->run_ns, &o->frame_ns, &o->kib, &o->events) == 4)
		o->got = 1;
}

/* One child: its wall time and what it printed; -1 when it failed. */
static int scale_child(const ctx *x, const char *mode, long n, const char *file, child_result *cr, scale_out *o)
{
	char ns[32];
	char *argv[] = {(char *)x->exe, "bench", "--self-child", (char *)mode, ns, (char *)file, NULL};
	snprintf(ns, sizeof(ns), "%ld", n);
	memset(o, 0, sizeof(*o));
	if (skl__self_spawn(argv, NULL, 1, read_scale, o, cr) < 0 || !skl__self_exited_ok(cr) || !o->got)
		return -1;
	return 0;
}

/* ---- scale/1M and scale/1M_rss ------------------------------------------------------------ */

/* Why the rows a and b (either may be NULL: not asked for) have no
 * figure: their baseline's (base) or sklab's. */
static void say_why(comparison *a, comparison *b, int base, const char *why)
{
	comparison *c[2] = {a, b};
	int i;
	for (i = 0; i < 2; i++) {
		if (!c[i])
			continue;
		if (base)
			snprintf(c[i]->base_why, sizeof(c[i]->base_why), "%s", why);
		else
			snprintf(c[i]->sk_why, sizeof(c[i]->sk_why), "%s", why);
	}
}

void skl__self_scale(ctx *x, const char *tmpdir, int want_time, int want_rss)
{
	long n = x->quick ? 100000 : 1000000;
	int reps = x->quick ? 1 : 3, r;
	char full[4200], empty[4200], plain[4200], plain0[4200];
	double vs[8], vb[8], ms[8], mb[8], run_ms = 0, frame_ms = 0;
	long events = 0;
	comparison *ct = NULL, *cm = NULL;
	const char *fail = NULL;
	skl__self_progress(x, "scale");
	if (want_time) {
		ct = skl__self_new_cmp(x, "scale/1M",
				       "a million allocations and half as many frees from Lua, event log on, then the "
				       "slab overview frame",
				       "s total");
		snprintf(ct->base_what, sizeof(ct->base_what),
			 "a plain Lua loop: as many table inserts and removals, same sandbox, fresh process");
		skl__self_target(ct, TARGET_ABS, 2.0, 0, "<= 2 s headless in total");
		ct->reps = reps;
	}
	if (want_rss) {
		cm = skl__self_new_cmp(x, "scale/1M_rss",
				       "peak memory of that run per object allocated, beyond the object's 64 bytes",
				       "B/object");
		snprintf(cm->base_what, sizeof(cm->base_what),
			 "the plain Lua loop's peak memory per table entry (its integers in an array)");
		skl__self_target(cm, TARGET_ABS, 150.0, 0, "<= 150 B beyond the object");
		cm->reps = reps;
	}
	snprintf(full, sizeof(full), "%s/scale.lua", tmpdir);
	snprintf(empty, sizeof(empty), "%s/scale0.lua", tmpdir);
	snprintf(plain, sizeof(plain), "%s/plain.lua", tmpdir);
	snprintf(plain0, sizeof(plain0), "%s/plain0.lua", tmpdir);
	if (write_scale(full, n, 0) < 0 || write_scale(empty, 0, 0) < 0 || write_scale(plain, n, 1) < 0 ||
	    write_scale(plain0, 0, 1) < 0) {
		fail = "cannot write the scenarios to a temporary directory";
		goto out;
	}
	for (r = 0; r < reps; r++) {
		child_result c0, c1, b0, b1;
		scale_out s0, s1, p0, p1;
		if (scale_child(x, "scale", n, full, &c1, &s1) < 0 || scale_child(x, "scale", 0, empty, &c0, &s0) < 0) {
			fail = "the scenario's child process failed";
			goto out;
		}
		if (scale_child(x, "scale-lua", n, plain, &b1, &p1) < 0 ||
		    scale_child(x, "scale-lua", 0, plain0, &b0, &p0) < 0) {
			say_why(ct, cm, 1, "the plain Lua loop's child failed");
			goto out;
		}
		vs[r] = c1.wall_ns / 1e9;
		vb[r] = b1.wall_ns / 1e9;
		ms[r] = (double)(s1.kib - s0.kib) * 1024.0 / (double)n - OBJ_SIZE;
		mb[r] = (double)(p1.kib - p0.kib) * 1024.0 / (double)n;
		if (ms[r] <= 0)
			ms[r] = 0.001;
		if (mb[r] <= 0)
			mb[r] = 0.001;
		run_ms += s1.run_ns / 1e6 / reps;
		frame_ms += s1.frame_ns / 1e6 / reps;
		events = s1.events;
	}
	if (ct) {
		ct->sk = skl__self_stats(vs, reps);
		ct->base = skl__self_stats(vb, reps);
		snprintf(ct->note, sizeof(ct->note),
			 "%ld c:alloc() of 64-byte objects on %s, then every other one freed (c:free), %ld events "
			 "kept; scene.show(k) and the slab overview frame built and rasterised at %dx%d. Wall time "
			 "of a fresh `sklab bench --self-child scale` from fork to exit (start-up, fonts, the "
			 "machine's teardown included); of it, on average, the run %.0f ms and the frame %.0f ms.",
			 n, SCALE_PROFILE, events, SW, SH, run_ms, frame_ms);
		snprintf(ct->extra, sizeof(ct->extra),
			 ", \"objects\": %ld, \"events\": %ld, \"run_ms\": %.1f, \"frame_ms\": %.1f", n, events, run_ms,
			 frame_ms);
	}
	if (cm) {
		cm->sk = skl__self_stats(ms, reps);
		cm->base = skl__self_stats(mb, reps);
		snprintf(cm->note, sizeof(cm->note),
			 "(VmHWM of the scale/1M child - VmHWM of the same scenario with no objects) / %ld objects "
			 "- 64, at the peak of %ld live objects (%ld at the end: per live object at the end it is "
			 "twice as much, plus 64). Includes the Lua handles (24 B, 64 with Lua's header and "
			 "malloc's), the runtime's slots (24 B), the script's table (16 B an entry), the event "
			 "log's records (16 B an event, 1.5 an object) and the engine's slabs.",
			 n, n, n / 2);
		snprintf(cm->extra, sizeof(cm->extra), ", \"objects\": %ld, \"live_at_end\": %ld", n, n / 2);
	}
out:
	if (fail)
		say_why(ct, cm, 0, fail);
	unlink(full);
	unlink(empty);
	unlink(plain);
	unlink(plain0);
}

/* ---- step/1M ---------------------------------------------------------------------------------- */

/* Replays file from step 0 to step k (1-based) and draws step k as the
 * full run's step k of nsteps: the draw list into out (caller frees).
 * -1 with err on failure. */
static int replay_to(const char *data, const char *file, int k, int nsteps, painter *p, skl_buf *out, skl_error *err)
{
	skl_lua_opts lo;
	skl_lua *rt;
	skl_events *log = skl_events_new(0);
	skl_frame *fr = NULL, *all = NULL;
	skl_events_stop rs;
	int nfr, rc = -1;
	memset(&lo, 0, sizeof(lo));
	memset(&rs, 0, sizeof(rs));
	rs.log = log;
	rs.stop = k;
	lo.data_dir = data;
	lo.interrupt = skl_events_stop_interrupt;
	lo.interrupt_ud = &rs;
	rt = log ? skl_lua_new(&lo, err) : NULL;
	if (!rt)
		goto out;
	skl_lua_run_file(rt, file, log, err); /* ends at the interrupt */
	nfr = skl_events_frames(log, &fr);
	if (nfr < k || skl_events_kind(log, fr[k - 1].last_event) != SKL_EV_STEP) {
		skl_errorf(err, "the replay ended before step %d", k);
		goto out;
	}
	/* the steps after k are not known to a replay: its frames stand
	 * first in the full run's count, which the caption shows */
	all = skl_calloc((size_t)nsteps, sizeof(*all));
	if (!all)
		goto out;
	memcpy(all, fr, (size_t)k * sizeof(*all));
	if (paint(p, log, all, nsteps, k - 1, err) < 0)
		goto out;
	if (out)
		dump_dl(p, out);
	rc = 0;
out:
	skl_free(all);
	skl_free(fr);
	skl_events_free(log);
	skl_lua_free(rt);
	return rc;
}

void skl__self_step(ctx *x, const char *tmpdir)
{
	long n = x->quick ? 100000 : 1000000;
	int rounds = x->quick ? 2 : 5, nreplay = x->quick ? 1 : 3, r, i, nj = 0, same = 1, nfr = 0, nev = 0;
	char file[4200];
	double vj[STEPS * 8], vr[8];
	skl_lua_opts lo;
	skl_lua *rt = NULL;
	skl_events *log = NULL;
	skl_frame *fr = NULL;
	skl_error err;
	painter p;
	int have_painter = 0;
	comparison *c;
	skl__self_progress(x, "step");
	c = skl__self_new_cmp(
	    x, "step/1M", "jumping to a step of a run of a million events (its frame built and rasterised)", "ms/jump");
	snprintf(c->base_what, sizeof(c->base_what), "replaying the scenario from step 0 to that step, then its frame");
	skl__self_target(c, TARGET_ABS, 50.0, 0, "<= 50 ms median");
	snprintf(c->cond_text, sizeof(c->cond_text), "the jump draws what the replay draws");
	skl_error_clear(&err);
	snprintf(file, sizeof(file), "%s/steps.lua", tmpdir);
	if (write_steps(file, n) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "cannot write the scenario to a temporary directory");
		return;
	}
	if (painter_new(&p, x->fonts, &err) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "%.400s", err.msg);
		snprintf(c->base_why, sizeof(c->base_why), "%.400s", err.msg);
		goto out;
	}
	have_painter = 1;
	memset(&lo, 0, sizeof(lo));
	lo.data_dir = x->data;
	rt = skl_lua_new(&lo, &err);
	log = skl_events_new(0);
	if (!rt || !log || skl_lua_run_file(rt, file, log, &err) < 0) {
		char msg[512];
		skl_error_format(&err, msg, sizeof(msg));
		snprintf(c->sk_why, sizeof(c->sk_why), "the scenario failed: %.400s", msg);
		goto out;
	}
	nev = skl_events_count(log);
	nfr = skl_events_frames(log, &fr);
	if (nfr != STEPS) {
		snprintf(c->sk_why, sizeof(c->sk_why), "the run has %d steps, not %d", nfr, STEPS);
		goto out;
	}
	/* jumps in a scattered order, every step in each round (the first
	 * round warms the fonts' glyph caches) */
	for (r = 0; r <= rounds; r++)
		for (i = 0; i < STEPS; i++) {
			int k = (i * 7 + r * 3) % STEPS;
			double t0 = skl__self_now_ns();
			if (paint(&p, log, fr, nfr, k, &err) < 0) {
				snprintf(c->sk_why, sizeof(c->sk_why), "drawing failed: %.400s", err.msg);
				goto out;
			}
			if (r > 0)
				vj[nj++] = (skl__self_now_ns() - t0) / 1e6;
		}
	c->sk = skl__self_stats(vj, nj);
	/* replays to the last step and the middle one, each checked against the jump */
	for (r = 0; r < nreplay; r++) {
		int k = r % 2 ? STEPS / 2 : STEPS;
		skl_buf want, got;
		double t0 = skl__self_now_ns();
		if (replay_to(x->data, file, k, nfr, &p, &got, &err) < 0) {
			snprintf(c->base_why, sizeof(c->base_why), "the replay failed: %.400s", err.msg);
			goto out;
		}
		vr[r] = (skl__self_now_ns() - t0) / 1e6;
		if (paint(&p, log, fr, nfr, k - 1, &err) < 0) {
			skl_buf_free(&got);
			snprintf(c->sk_why, sizeof(c->sk_why), "drawing failed: %.400s", err.msg);
			goto out;
		}
		dump_dl(&p, &want);
		if (want.len != got.len || (want.len && memcmp(want.data, got.data, want.len)))
			same = 0;
		skl_buf_free(&want);
		skl_buf_free(&got);
	}
	c->base = skl__self_stats(vr, nreplay);
	c->cond = same;
	c->reps = nj;
	snprintf(c->note, sizeof(c->note),
		 "%d events in %d steps (%ld allocations of 64-byte objects on %s, a third freed, the machine "
		 "shown at each step); a jump is step k's frame built from the log (skl_view_frame) and "
		 "rasterised at %dx%d, %d rounds over every step in a scattered order. Replay: the scenario run "
		 "again from the start and stopped after step k (k = %d and %d), then that frame; its draw list "
		 "%s the jump's.",
		 nev, STEPS, n / 2, SCALE_PROFILE, SW, SH, rounds, STEPS, STEPS / 2,
		 same ? "is the same as" : "DIFFERS from");
	snprintf(c->extra, sizeof(c->extra), ", \"events\": %d, \"steps\": %d, \"same_picture\": %s", nev, STEPS,
		 same ? "true" : "false");
out:
	skl_free(fr);
	skl_events_free(log);
	skl_lua_free(rt);
	if (have_painter)
		painter_free(&p);
	unlink(file);
}
