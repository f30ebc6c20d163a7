/*
 * cmd_run.c - `sklab run` and the default demo: runs a scenario into an
 * event log, then shows its frames in a window or writes them headless
 * (PNG or SVG frames, a text report, a JSON report), and writes the packet
 * frames the scenario captures (skb:pcap) to --pcap FILE.
 *
 * A headless run is bounded (docs/limits.md): the runtime's heap,
 * instruction, RAM, event and capture limits, a wall-clock limit read here
 * (the runtime polls it), and the frames and bytes written. Every file is
 * written as outfile.h writes files (a temporary renamed into place when
 * every write succeeded; a FIFO or a device in place); when a run fails
 * midway, the frames of the steps that completed and a report naming the
 * error are still written, and the error message says what was kept.
 */
#define _POSIX_C_SOURCE 200809L
#include "app.h"

#include "sklab/runtime.h"
#include "sklab/json.h"
#include "sklab/outfile.h"
#include "sklab/textsafe.h"
#include "sklab/render/export.h"
#include "shell.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_DEMO "scenarios/sock_2001_layout.lua"

typedef struct run_opts {
	const char *file;
	const char *frames_dir;
	const char *format;
	const char *report;
	const char *pcap; /* every frame of skb:pcap goes here */
	int headless;
	int present;
	int no_anim;
	int step; /* 1-based, 0 = first */
	int width, height;
	int quiet;
	skl_app_limits lim;
} run_opts;

static int mkdir_p(const char *dir)
{
	char tmp[4096];
	char *p;
	snprintf(tmp, sizeof(tmp), "%s", dir);
	for (p = tmp + 1; *p; p++) {
		if (*p == '/') {
			*p = '\0';
			if (mkdir(tmp, 0777) < 0 && errno != EEXIST)
				return -1;
			*p = '/';
		}
	}
	if (mkdir(tmp, 0777) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

/* Removes the frames an earlier run left in dir past this run's last:
 * regular files named exactly as this run names its frames
 * (frame-NNN.FMT, NNN as "%03d" writes it) and numbered past n. No other
 * file is touched. The number removed. */
static int remove_stale_frames(const char *dir, const char *fmt, int n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int removed = 0;
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		char canon[64], path[4200];
		const char *p = e->d_name;
		struct stat st;
		long num;
		char *end;
		if (strncmp(p, "frame-", 6) != 0 || p[6] < '0' || p[6] > '9')
			continue;
		num = strtol(p + 6, &end, 10);
		if (*end != '.' || strcmp(end + 1, fmt) != 0 || num <= n || num > 100000000)
			continue;
		snprintf(canon, sizeof(canon), "frame-%03ld.%s", num, fmt);
		if (strcmp(canon, p) != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, p);
		if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && unlink(path) == 0)
			removed++;
	}
	closedir(d);
	return removed;
}

/* Two outputs of one run that are the same file under two spellings
 * ("out/r.json" and "./out/r.json", --report over --pcap, --report at
 * DIR/report.txt or a frame): one would overwrite the other, so the run
 * is refused before it starts. 0, or -1 after printing the error. */
static int check_outputs(const run_opts *o, const char *fmt)
{
	char txt[4200] = "";
	if (o->frames_dir)
		snprintf(txt, sizeof(txt), "%s/report.txt", o->frames_dir);
	if (o->report && o->pcap && skl_same_file(o->report, o->pcap)) {
		fprintf(stderr, "sklab run: --report %s and --pcap %s are the same file\n", o->report, o->pcap);
		return -1;
	}
	if (o->frames_dir) {
		const char *which[2] = {o->report, o->pcap}, *flag[2] = {"--report", "--pcap"};
		int i;
		for (i = 0; i < 2; i++) {
			const char *base;
			char dir[4096];
			if (!which[i])
				continue;
			if (skl_same_file(which[i], txt)) {
				fprintf(stderr, "sklab run: %s %s is the report.txt that --frames %s writes\n", flag[i],
					which[i], o->frames_dir);
				return -1;
			}
			/* a frame's name in the frames directory */
			base = strrchr(which[i], '/');
			snprintf(dir, sizeof(dir), "%.*s", base ? (int)(base - which[i]) : 1, base ? which[i] : ".");
			base = base ? base + 1 : which[i];
			if (!strncmp(base, "frame-", 6) && strstr(base, fmt) && skl_same_file(dir, o->frames_dir)) {
				fprintf(stderr, "sklab run: %s %s is a frame that --frames %s writes\n", flag[i],
					which[i], o->frames_dir);
				return -1;
			}
		}
	}
	return 0;
}

/* The text report: what a reader of the run needs, deterministic. The
 * scenario's text in it goes through the terminal policy (textsafe.h),
 * since report.txt and stdout are read on a terminal. */
static void write_text_report(FILE *fp, const skl_events *log, const skl_frame *frames, int nframes, int failures,
			      int expects, const char *error)
{
	int i, n = skl_events_count(log);
	skl_event ev;
	const skl_event *e = &ev;
	/* by kind, then decoded into one event: a run of millions of
	 * allocations is walked without a copy of its log */
	for (i = 0; i < n; i++)
		if (skl_events_kind(log, i) == SKL_EV_SCENARIO && skl_events_get(log, i, &ev) == 0)
			skl_term_printf(fp, "scenario: %s\nprofile:  %s\ngoal:     %s\n\n", e->text, e->text3,
					e->text2);
	for (i = 0; i < nframes; i++)
		skl_term_printf(fp, "step %d/%d: %s\n", i + 1, nframes,
				frames[i].caption[0] ? frames[i].caption : "(end)");
	fputs("\n", fp);
	for (i = 0; i < n; i++) {
		skl_event_kind k = skl_events_kind(log, i);
		if ((k != SKL_EV_EXPECT && k != SKL_EV_ERROR) || skl_events_get(log, i, &ev) < 0)
			continue;
		if (e->kind == SKL_EV_EXPECT)
			skl_term_printf(fp, "%s %s (%s)\n", e->ok ? "pass" : "FAIL", e->text, e->where);
		else if (e->kind == SKL_EV_ERROR)
			skl_term_printf(fp, "ERROR %s%s%s\n", e->where && *e->where ? e->where : "",
					e->where && *e->where ? ": " : "", e->text);
	}
	if (error && *error) /* one the run itself did not log */
		skl_term_printf(fp, "ERROR %s\n", error);
	skl_term_printf(fp, "\n%d of %d expectations passed\n", expects - failures, expects);
}

/* One event of the JSON report. NULL when out of memory. */
static json_t *event_json(const skl_events *log, const skl_event *e)
{
	json_t *o = json_object();
	int ok = o && json_object_set_new(o, "seq", json_integer(e->seq)) == 0 &&
		 json_object_set_new(o, "step", json_integer(e->step)) == 0 &&
		 skl_json_set(o, "kind", skl_json_text(skl_event_kind_name(e->kind))) == 0 &&
		 skl_json_set(o, "where", skl_json_text(e->where)) == 0;
	if (ok && e->text)
		ok = skl_json_set(o, "text", skl_json_text(e->text)) == 0;
	if (ok && e->kind == SKL_EV_EXPECT)
		ok = json_object_set_new(o, "ok", json_boolean(e->ok)) == 0;
	if (ok && e->kind >= SKL_EV_CACHE_CREATE) {
		char addr[32];
		snprintf(addr, sizeof(addr), "%#llx", (unsigned long long)e->addr);
		ok = skl_json_set(o, "addr", skl_json_text(addr)) == 0 &&
		     skl_json_set(o, "size", skl_json_uint(e->size)) == 0;
	}
	if (ok && e->text2 && e->kind >= SKL_EV_CACHE_CREATE)
		ok = skl_json_set(o, "detail", skl_json_text(e->text2)) == 0;
	if (ok && e->kind == SKL_EV_SHOW) {
		json_t *objs = json_array();
		int j;
		ok = skl_json_set(o, "objects", objs) == 0;
		for (j = 0; ok && j < e->nobjs; j++) {
			const skl_obj *ob = skl_events_obj(log, e->objs[j]);
			json_t *x = json_object();
			if (ob->kind == SKL_OBJ_LAYOUT)
				ok = skl_json_set(x, "layout", skl_json_text(ob->layout->name)) == 0 &&
				     skl_json_set(x, "size", skl_json_uint(ob->layout->size)) == 0;
			else
				ok = skl_json_set(x, "view", skl_json_text(ob->view)) == 0;
			ok = json_array_append_new(objs, x) == 0 && ok;
		}
	}
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* The JSON report (--report): the outcome, the steps and every event, one
 * per line. -1 when out of memory (nothing written). */
static int write_json(const skl_sink *out, const skl_events *log, const skl_frame *frames, int nframes, int failures,
		      int expects, int ok, const char *error)
{
	static const skl_json_break lines[] = {{"[]", "\n    ", NULL}, {"]", "\n  ", NULL}, {NULL, NULL, NULL}};
	static const skl_json_break breaks[] = {{"*", "\n  ", lines}, {"}", "\n", NULL}, {NULL, NULL, NULL}};
	json_t *doc = json_object(), *steps = json_array(), *events = json_array();
	int i, n = skl_events_count(log), good;
	good = doc && json_object_set_new(doc, "ok", json_boolean(ok)) == 0;
	if (good && error && *error)
		good = skl_json_set(doc, "error", skl_json_text(error)) == 0;
	good = good && json_object_set_new(doc, "expectations", json_integer(expects)) == 0 &&
	       json_object_set_new(doc, "failures", json_integer(failures)) == 0;
	for (i = 0; good && steps && i < nframes; i++) {
		json_t *st = json_object();
		good = skl_json_set(st, "caption", skl_json_text(frames[i].caption)) == 0 &&
		       skl_json_set(st, "where", skl_json_text(frames[i].where)) == 0;
		good = json_array_append_new(steps, st) == 0 && good;
	}
	for (i = 0; good && events && i < n; i++) {
		skl_event ev;
		good = skl_events_get(log, i, &ev) == 0 && json_array_append_new(events, event_json(log, &ev)) == 0;
	}
	good = skl_json_set(doc, "steps", steps) == 0 && good;
	good = skl_json_set(doc, "events", events) == 0 && good;
	if (!good) {
		json_decref(doc);
		return -1;
	}
	return skl_json_write(doc, breaks, out);
}

static int have_display(void)
{
	const char *d = getenv("DISPLAY"), *w = getenv("WAYLAND_DISPLAY");
	const char *drv = getenv("SDL_VIDEODRIVER");
	if (drv && (!strcmp(drv, "dummy") || !strcmp(drv, "offscreen")))
		return 0;
	return (d && *d) || (w && *w);
}

/* ---- the wall-clock limit ------------------------------------------------------
 * The runtime polls the deadline every thousand instructions and stops the
 * scenario at its next instruction once the time is up. A scenario stuck
 * inside one library call (a pattern that backtracks for hours) runs no
 * instructions: SIGALRM, SKL_APP_TIMEOUT_GRACE seconds later, prints one
 * line and ends the program with status 1. */

static char stuck_msg[1400];
static size_t stuck_len;

static void stuck(int sig)
{
	(void)sig;
	if (write(STDERR_FILENO, stuck_msg, stuck_len) < 0)
		_exit(1);
	_exit(1);
}

/* The headless run of `sklab run` and `sklab export` (see app.h). */
int skl_app_run_scenario(skl_app_run *r, const char *file, const char *out_dir, const char *pcap, int echo,
			 const skl_app_limits *lim, skl_error *err)
{
	skl_lua_opts lo;
	skl_app_limits dl;
	const char *data = skl_app_data_dir();
	char scen_dir[4096];
	struct sigaction sa, old_sa;

	memset(r, 0, sizeof(*r));
	if (!lim) {
		skl_app_limits_default(&dl);
		lim = &dl;
	}
	snprintf(scen_dir, sizeof(scen_dir), "%s/scenarios", data);
	memset(&lo, 0, sizeof(lo));
	lo.data_dir = data;
	lo.scenario_dir = scen_dir;
	lo.pcap_path = pcap;
	lo.out_dir = out_dir;
	skl_app_limits_apply(lim, &lo, &r->deadline);
	r->timed = lim->timeout != 0;
	skl_budget_init(&r->budget, lim->memory ? lim->memory : SKL_BUDGET_DEFAULT);
	skl_budget_force(&r->budget, SKL_APP_BASE_MEMORY); /* the program itself */
	lo.budget = &r->budget;
	if (echo) {
		/* print's text reaches the terminal through the terminal policy */
		static skl_sink out;
		out = skl_file_sink(stdout);
		lo.echo = skl_term_sink(&out);
	}
	r->rt = skl_lua_new(&lo, err);
	r->log = skl_events_new(0);
	if (r->log)
		skl_events_set_budget(r->log, &r->budget);
	if (!r->rt || !r->log) {
		if (!err->msg[0])
			skl_errorf(err, "out of memory");
		skl_app_run_free(r);
		return -1;
	}
	if (lim->timeout) {
		int n = snprintf(stuck_msg, sizeof(stuck_msg),
				 "sklab: %s: time limit of %u s exceeded, stuck inside one library call for %d s more "
				 "(raise it with --timeout); stopped, nothing more written\n",
				 file, lim->timeout, SKL_APP_TIMEOUT_GRACE);
		stuck_len = n < 0 ? 0 : (size_t)n < sizeof(stuck_msg) ? (size_t)n : sizeof(stuck_msg) - 1;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = stuck;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGALRM, &sa, &old_sa);
		alarm(lim->timeout + SKL_APP_TIMEOUT_GRACE);
	}
	r->ran = skl_lua_run_file(r->rt, file, r->log, err);
	if (lim->timeout) {
		alarm(0);
		sigaction(SIGALRM, &old_sa, NULL);
	}
	r->failures = skl_lua_expect_failures(r->rt);
	r->expects = skl_lua_expect_count(r->rt);
	r->nframes = skl_events_frames(r->log, &r->frames);
	if (r->nframes < 0) {
		r->nframes = 0;
		r->frames = NULL;
	}
	return 0;
}

void skl_app_run_free(skl_app_run *r)
{
	skl_free(r->frames);
	skl_events_free(r->log);
	skl_lua_free(r->rt);
	memset(r, 0, sizeof(*r));
}

/* Frames of steps that completed: a frame that a scene.step ended (the
 * last frame of a failed run may be the step it died in). */
static int complete_frames(const skl_events *log, const skl_frame *frames, int nframes)
{
	int n = 0;
	while (n < nframes && skl_events_kind(log, frames[n].last_event) == SKL_EV_STEP)
		n++;
	return n;
}

/* Appends "; raise it with --flag" to msg when a limit ended the run. */
static void limit_hint(char *msg, size_t msgsz, int limit)
{
	const char *flag = skl_app_limit_flag(limit);
	size_t n = strlen(msg);
	if (*flag && n < msgsz)
		snprintf(msg + n, msgsz - n, "; raise it with %s", flag);
}

static int run(const run_opts *o)
{
	skl_app_run r;
	skl_events *log;
	skl_frame *frames;
	skl_error err;
	int nframes, rc = 1, ran, failures, expects, keep, wrote = -1, report_txt = 0, report_json = 0, logged = 0;
	char fonts[4096], error[1400] = "";
	const char *data = skl_app_data_dir();
	const char *fmt = o->format ? o->format : "png";
	uint64_t used = 0, bytes;

	skl_error_clear(&err);
	snprintf(fonts, sizeof(fonts), "%s/assets/fonts", data);
	if (check_outputs(o, fmt) < 0)
		return 2;
	if (o->frames_dir && o->headless) {
		/* skb:pcap writes its captures there while the scenario runs */
		if (mkdir_p(o->frames_dir) < 0) {
			fprintf(stderr, "sklab run: cannot create '%s'\n", o->frames_dir);
			return 1;
		}
	}
	if (skl_app_run_scenario(&r, o->file, o->frames_dir && o->headless ? o->frames_dir : NULL, o->pcap,
				 !o->quiet && o->headless, &o->lim, &err) < 0)
		return skl_app_fail("run", &err);
	log = r.log;
	frames = r.frames;
	nframes = r.nframes;
	ran = r.ran;
	failures = r.failures;
	expects = r.expects;
	used = skl_lua_output_bytes(r.rt);
	if (o->pcap) {
		long nf = skl_lua_pcap_frames(r.rt);
		if (nf < 0) {
			const char *why = skl_lua_pcap_error(r.rt);
			if (why) /* outfile.h's "cannot write PATH: REASON" */
				fprintf(stderr, "sklab run: the capture: %s\n", why);
			else
				fprintf(stderr, "sklab run: cannot write the capture '%s'\n", o->pcap);
			rc = 1;
			goto out;
		}
		if (!o->quiet)
			fprintf(stderr, "sklab: wrote %ld frame%s to %s\n", nf, nf == 1 ? "" : "s", o->pcap);
	}
	keep = nframes;
	if (ran < 0 && failures == 0) {
		/* a script error or a limit: the message names file:line */
		skl_error_format(&err, error, sizeof(error));
		limit_hint(error, sizeof(error), skl_lua_limit_hit(r.rt));
		keep = complete_frames(log, frames, nframes);
		logged = 1; /* the log's ERROR event has it */
	}
	if (keep > o->lim.frames) {
		if (!error[0])
			snprintf(error, sizeof(error),
				 "%s: %d steps, more than the %d frames a run may write; raise it with --max-frames",
				 o->file, keep, o->lim.frames);
		keep = o->lim.frames;
	}

	if (o->frames_dir) {
		skl_render_opts ro;
		memset(&ro, 0, sizeof(ro));
		ro.width = o->width;
		ro.height = o->height;
		ro.font_dir = fonts;
		ro.present = o->present;
		ro.stop = r.timed ? skl_app_deadline_poll : NULL; /* --timeout covers the pictures */
		ro.stop_ud = &r.deadline;
		ro.budget = &r.budget;
		if (mkdir_p(o->frames_dir) < 0) {
			fprintf(stderr, "sklab run: cannot create '%s'\n", o->frames_dir);
			rc = 1;
			goto out;
		}
		wrote = 0;
		if (o->step > 0) {
			char path[4096];
			if (o->step > keep && !error[0]) {
				fprintf(stderr, "sklab run: --step %d, but the scenario has %d step%s\n", o->step,
					nframes, nframes == 1 ? "" : "s");
				rc = 2;
				goto out;
			}
			snprintf(path, sizeof(path), "%s/frame-%03d.%s", o->frames_dir, o->step, fmt);
			if (o->step <= keep) {
				if (skl_render_frame_file(log, frames, nframes, o->step - 1, path, o->format, &ro,
							  &err) < 0) {
					if (!error[0]) {
						char m[1100];
						const char *flag;
						skl_error_format(&err, m, sizeof(m));
						flag = skl_app_limit_flag_of(m);
						snprintf(error, sizeof(error), "%s: frame %d: %s%s%s", o->file, o->step,
							 m, flag ? "; raise it with " : "", flag ? flag : "");
					}
				} else {
					struct stat st;
					wrote = 1;
					if (stat(path, &st) == 0)
						used += (uint64_t)st.st_size;
				}
			}
		} else {
			uint64_t room = used < o->lim.output ? o->lim.output - used : 0;
			if (room == 0 && keep > 0) {
				if (!error[0])
					snprintf(error, sizeof(error),
						 "%s: output limit of %llu MiB reached by the captures; raise it "
						 "with --max-output",
						 o->file, (unsigned long long)(o->lim.output >> 20));
			} else if (skl_render_frames_to(log, frames, keep, o->frames_dir, fmt, &ro, room, &wrote,
							&bytes, &err) < 0) {
				if (!error[0]) {
					char m[1100];
					const char *flag;
					skl_error_format(&err, m, sizeof(m));
					flag = skl_app_limit_flag_of(m);
					snprintf(error, sizeof(error), "%s: frames: %s after %d frame%s%s%s", o->file,
						 m, wrote, wrote == 1 ? "" : "s", flag ? "; raise it with " : "",
						 flag ? flag : "");
				}
				used += bytes;
			} else {
				used += bytes;
			}
			/* this run's frames are 1..wrote: an earlier run's past them go */
			remove_stale_frames(o->frames_dir, fmt, wrote);
		}
		{
			char path[4096];
			skl_outfile f;
			skl_error werr;
			snprintf(path, sizeof(path), "%s/report.txt", o->frames_dir);
			if (skl_outfile_open(&f, AT_FDCWD, path, &werr) == 0) {
				write_text_report(f.fp, log, frames, keep, failures, expects, logged ? NULL : error);
				if (skl_outfile_commit(&f, &bytes, &werr) == 0) {
					report_txt = 1;
					used += bytes;
				}
			}
			if (!report_txt && !error[0])
				skl_error_format(&werr, error, sizeof(error));
		}
	}
	if (o->report) {
		skl_outfile f;
		skl_error werr;
		skl_error_clear(&werr);
		if (skl_outfile_open(&f, AT_FDCWD, o->report, &werr) == 0) {
			skl_sink sink = skl_outfile_sink(&f);
			if (write_json(&sink, log, frames, keep, failures, expects, ran == 0 && !error[0], error) < 0) {
				skl_outfile_abort(&f);
				skl_errorf(&werr, "cannot write %s: out of memory", o->report);
			} else if (skl_outfile_commit(&f, &bytes, &werr) == 0) {
				report_json = 1;
				used += bytes;
			}
		}
		if (!report_json) {
			char m[1100];
			skl_error_format(&werr, m, sizeof(m));
			if (!error[0]) {
				skl_term_printf(stderr, "sklab: report: %s\n", m);
				rc = 1;
				goto out;
			}
			/* the run's own error comes first; this one after it */
			skl_term_printf(stderr, "sklab: report: %s\n", m);
		}
	}
	if (error[0]) {
		/* one line: what went wrong, then what was kept */
		char kept[1200] = "";
		size_t n = 0;
		if (wrote > 0 || report_txt)
			n +=
			    (size_t)snprintf(kept, sizeof(kept), "; kept %d frame%s%s in %s", wrote > 0 ? wrote : 0,
					     wrote == 1 ? "" : "s", report_txt ? " and report.txt" : "", o->frames_dir);
		if (report_json && n < sizeof(kept))
			snprintf(kept + n, sizeof(kept) - n, "%s the report %s", n ? " and" : "; kept", o->report);
		skl_term_printf(stderr, "sklab: %s%s\n", error, kept);
		rc = 1;
		goto out;
	}
	if (!o->quiet) {
		fputs("\n", stdout);
		write_text_report(stdout, log, frames, nframes, failures, expects, NULL);
	}
	if (wrote >= 0 && !o->quiet) {
		fflush(stdout);
		fprintf(stderr, "sklab: wrote %d frame%s (%s) and report.txt to %s/\n", wrote, wrote == 1 ? "" : "s",
			fmt, o->frames_dir);
	}
	if (ran < 0 && failures) {
		int k, nev = skl_events_count(log);
		if (o->quiet)
			for (k = 0; k < nev; k++) {
				skl_event e;
				if (skl_events_kind(log, k) == SKL_EV_EXPECT && skl_events_get(log, k, &e) == 0 &&
				    !e.ok)
					skl_term_printf(stderr, "FAIL %s (%s)\n", e.text, e.where);
			}
		fprintf(stderr, "sklab: %d expectation%s failed\n", failures, failures == 1 ? "" : "s");
	}
	rc = ran < 0 ? 1 : 0;
out:
	skl_app_run_free(&r);
	return rc;
}

enum { O_FRAMES = 256, O_FORMAT, O_REPORT, O_PCAP, O_STEP, O_SIZE, O_HEADLESS, O_PRESENT, O_NO_ANIM, O_MODEL_ONLY };

static const skl_app_opt options[] = {
    {"headless", O_HEADLESS, SKL_APP_NONE, NULL,
     "run with no display: print the report, and\nwith --frames write the pictures", NULL},
    {"present", O_PRESENT, SKL_APP_NONE, NULL,
     "full screen in presentation mode (big type, the\n"
     "caption bar); with --headless, frames drawn as\n"
     "presentation mode draws them",
     NULL},
    {"no-anim", O_NO_ANIM, SKL_APP_NONE, NULL, "turn the short step animations off", NULL},
    {"step", O_STEP, SKL_APP_VALUE, "N", "open at step N; headless with --frames, write\nonly that step's picture",
     NULL},
    {"frames", O_FRAMES, SKL_APP_VALUE, "DIR",
     "write one picture per step (frame-001.png, ...)\nand report.txt into DIR", NULL},
    {"format", O_FORMAT, SKL_APP_VALUE, "png|svg", "the pictures' format (png)", NULL},
    {"size", O_SIZE, SKL_APP_VALUE, "WxH", "the pictures' canvas, 320x200 to 8192x8192 (1600x900)", NULL},
    {"report", O_REPORT, SKL_APP_VALUE, "FILE.json", "write the run's steps and expectations as JSON", NULL},
    {"pcap", O_PCAP, SKL_APP_VALUE, "FILE",
     "write every frame the scenario captures with\n"
     "skb:pcap() into one pcap file (Ethernet, fixed\n"
     "timestamps); with --frames DIR a headless run\n"
     "also writes each skb:pcap(NAME) capture into DIR",
     NULL},
    {"model-only", O_MODEL_ONLY, SKL_APP_NONE, NULL,
     "time nothing on this host (sklab.bench gives the\nmodel's figures only): the same frames on every host", NULL},
    {"quiet", 'q', SKL_APP_NONE, NULL, "print nothing but errors and failed expectations", NULL},
    {0},
};

static const skl_app_cmd run_cmd = {
    .name = "run",
    .about = "Without --headless the scenario opens in a window (keys: Right, Space or\n"
	     "PageDown next; Left or PageUp back; Home restart; End run to the end; G and a\n"
	     "number go to a step; 1-6 views; V split; + and - zoom; P presentation; T theme;\n"
	     "B blank; S screenshot; H all keys; Q quit). Saving the file reloads it at the\n"
	     "same step. With no display, it runs headless.\n"
	     "Every file is written under a temporary name and renamed into place when\n"
	     "all of it is written (a FIFO or a device is written in place); frames an\n"
	     "earlier run left past this run's last are removed. When a\n"
	     "headless run fails midway, the frames of the steps that completed and a report\n"
	     "naming the error are kept, and the error says so.\n"
	     "The exit status is 1 when the scenario fails, hits a limit or an expectation\n"
	     "does not hold.",
    .opts = options,
    .limits = skl_app_limit_opts,
};

int skl_cmd_run(int argc, char **argv)
{
	run_opts o;
	skl_app_args g;
	int key;
	memset(&o, 0, sizeof(o));
	skl_app_limits_default(&o.lim);
	skl_app_args_init(&g, &run_cmd, argc, argv);
	while ((key = skl_app_getopt(&g)) != SKL_APP_END) {
		const char *v = g.arg;
		if (key >= SKL_APP_LIMIT_KEY) {
			if (skl_app_limit_opt(key, v, "run", &o.lim) < 0)
				return 2;
			continue;
		}
		switch (key) {
		case SKL_APP_BAD:
			return 2;
		case 'h':
			skl_app_usage(stdout, &run_cmd);
			return 0;
		case O_FRAMES:
			o.frames_dir = v;
			break;
		case O_FORMAT:
			if (strcmp(v, "png") && strcmp(v, "svg"))
				return skl_app_usage_error(&run_cmd, "--format is png or svg, not '%s'", v);
			o.format = v;
			break;
		case O_REPORT:
			o.report = v;
			break;
		case O_PCAP:
			o.pcap = v;
			break;
		case O_MODEL_ONLY:
			o.lim.model_only = 1;
			break;
		case O_STEP: {
			char *end;
			long n = strtol(v, &end, 10);
			if (*end || n < 1 || n > 1000000)
				return skl_app_usage_error(&run_cmd, "--step takes a step number from 1, not '%s'", v);
			o.step = (int)n;
			break;
		}
		case O_SIZE:
			if (sscanf(v, "%dx%d", &o.width, &o.height) != 2 || o.width < 320 || o.height < 200 ||
			    o.width > 8192 || o.height > 8192)
				return skl_app_usage_error(
				    &run_cmd, "--size takes WxH between 320x200 and 8192x8192, not '%s'", v);
			break;
		case O_HEADLESS:
			o.headless = 1;
			break;
		case O_PRESENT:
			o.present = 1;
			break;
		case O_NO_ANIM:
			o.no_anim = 1;
			break;
		case 'q':
			o.quiet = 1;
			break;
		default: /* SKL_APP_ARG */
			if (o.file)
				return skl_app_usage_error(&run_cmd, "one scenario at a time ('%s' is extra)", v);
			o.file = v;
			break;
		}
	}
	if (!o.file) {
		fprintf(stderr, "sklab run: which scenario? (e.g. 'sklab run %s'; 'sklab list' shows them)\n",
			DEFAULT_DEMO);
		return 2;
	}
	if (!o.headless && !have_display()) {
		if (!o.frames_dir && !o.report)
			fprintf(stderr, "sklab: no display; running headless (use --frames DIR for pictures)\n");
		o.headless = 1;
	}
	if (!o.headless) {
		skl_shell_opts so;
		memset(&so, 0, sizeof(so));
		so.file = o.file;
		so.present = o.present;
		so.no_anim = o.no_anim;
		so.step = o.step;
		so.width = o.width;
		so.height = o.height;
		so.pcap = o.pcap;
		so.lim = &o.lim;
		return skl_shell_run(&so);
	}
	return run(&o);
}

int skl_cmd_default(int argc, char **argv)
{
	run_opts o;
	char file[4096];
	(void)argc;
	(void)argv;
	memset(&o, 0, sizeof(o));
	skl_app_limits_default(&o.lim);
	snprintf(file, sizeof(file), "%s/%s", skl_app_data_dir(), DEFAULT_DEMO);
	o.file = file;
	if (!have_display()) {
		o.headless = 1;
		o.frames_dir = "sklab-demo";
		fprintf(stderr, "sklab: no display found; running the default demo headless into ./sklab-demo/\n");
		return run(&o);
	}
	{
		/* with a display: the start screen */
		skl_shell_opts so;
		memset(&so, 0, sizeof(so));
		return skl_shell_run(&so);
	}
}
