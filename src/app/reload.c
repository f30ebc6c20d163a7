/*
 * reload.c - one run of a scenario kept in memory for the window: the
 * runtime, its event log and frames (see shell.h). Running again after a
 * save is a fresh run into a fresh log; the caller keeps the last good one
 * until the new one succeeds. Also file stamps for noticing saves and the
 * source line an error points at.
 */
#define _POSIX_C_SOURCE 200809L
#include "shell.h"

#include "app.h"
#include "sklab/runtime.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

void skl_session_free(skl_session *s)
{
	skl_free(s->frames);
	skl_events_free(s->log); /* before the runtime: layouts point into it */
	skl_lua_free(s->rt);
	skl_free(s->budget); /* after what charges it */
	s->budget = NULL;
	s->frames = NULL;
	s->log = NULL;
	s->rt = NULL;
	s->nframes = 0;
}

/* The time limit of the run being loaded. Sessions are copied by value, so
 * the deadline the runtime polls lives here; the window runs one at a time. */
static skl_app_deadline run_deadline;

int skl_session_load(skl_session *s, const char *path, const char *pcap, const skl_app_limits *lim)
{
	skl_lua_opts lo;
	skl_app_limits dl;
	char scen_dir[4096];
	const char *data = skl_app_data_dir();
	int k;

	memset(s, 0, sizeof(*s));
	skl_error_clear(&s->err);
	snprintf(scen_dir, sizeof(scen_dir), "%s/scenarios", data);
	memset(&lo, 0, sizeof(lo));
	lo.data_dir = data;
	lo.scenario_dir = scen_dir;
	lo.pcap_path = pcap;
	if (!lim) {
		skl_app_limits_default(&dl);
		lim = &dl;
	}
	/* the window runs with the same limits as a headless run, so a
	 * scenario cannot freeze it; frames are not written here */
	skl_app_limits_apply(lim, &lo, &run_deadline);
	/* its memory budget, as a headless run's (on the heap: sessions are
	 * copied by value, and the runtime and log keep a pointer to it) */
	s->budget = skl_malloc(sizeof(*s->budget));
	if (s->budget) {
		skl_budget_init(s->budget, lim->memory ? lim->memory : SKL_BUDGET_DEFAULT);
		skl_budget_force(s->budget, SKL_APP_BASE_MEMORY);
		lo.budget = s->budget;
	}
	s->rt = s->budget ? skl_lua_new(&lo, &s->err) : NULL;
	s->log = skl_events_new(0);
	if (s->log && s->budget)
		skl_events_set_budget(s->log, s->budget);
	if (!s->rt || !s->log) {
		if (!s->err.msg[0])
			skl_errorf(&s->err, "out of memory");
		s->ran = -1;
		s->script_error = 1;
		return -1;
	}
	s->ran = skl_lua_run_file(s->rt, path, s->log, &s->err);
	s->failures = skl_lua_expect_failures(s->rt);
	s->expects = skl_lua_expect_count(s->rt);
	s->script_error = s->ran < 0 && s->failures == 0;
	for (k = 0; k < skl_events_count(s->log); k++) {
		skl_event e;
		if (skl_events_kind(s->log, k) == SKL_EV_SCENARIO && skl_events_get(s->log, k, &e) == 0) {
			snprintf(s->title, sizeof(s->title), "%s", e.text ? e.text : "");
			break;
		}
	}
	s->nframes = skl_events_frames(s->log, &s->frames);
	if (s->nframes < 0) {
		s->nframes = 0;
		s->frames = NULL;
	}
	if (s->script_error)
		return -1;
	if (s->nframes == 0) {
		skl_errorf(&s->err, "the scenario shows nothing (no scene.show or scene.step)");
		s->script_error = 1;
		return -1;
	}
	return 0;
}

int skl_source_line(const char *file, int line, char *out, size_t outsz)
{
	char alt[4400];
	FILE *fp;
	int n = 1, c;
	size_t len = 0;
	if (!file || !*file || line < 1 || outsz < 2)
		return -1;
	fp = fopen(file, "r");
	if (!fp) {
		snprintf(alt, sizeof(alt), "%s/%s", skl_app_data_dir(), file);
		fp = fopen(alt, "r");
	}
	if (!fp)
		return -1;
	while (n < line && (c = fgetc(fp)) != EOF)
		if (c == '\n')
			n++;
	if (n != line) {
		fclose(fp);
		return -1;
	}
	while ((c = fgetc(fp)) != EOF && c != '\n' && len + 1 < outsz) {
		if (c == '\t') {
			if (len + 2 < outsz) {
				out[len++] = ' ';
				out[len++] = ' ';
			}
		} else if (c != '\r') {
			out[len++] = (char)c;
		}
	}
	out[len] = 0;
	while (len > 0 && out[len - 1] == ' ')
		out[--len] = 0;
	fclose(fp);
	return 0;
}

int skl_file_stamp(const char *path, skl_stamp *st)
{
	struct stat sb;
	if (stat(path, &sb) < 0)
		return -1;
	st->sec = sb.st_mtim.tv_sec;
	st->nsec = sb.st_mtim.tv_nsec;
	st->size = (long long)sb.st_size;
	return 0;
}
