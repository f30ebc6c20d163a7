/*
 * shell.h - the desktop app around the window: the start screen that lists
 * the scenarios, opening one, watching its file and reloading it when it
 * is saved, and showing script errors in the window (shell.c); running a
 * scenario into an in-memory event log and reading the source line of an
 * error (reload.c). Private to src/app.
 */
#ifndef SKLAB_APP_SHELL_H
#define SKLAB_APP_SHELL_H

#include "app.h"
#include "sklab/common.h"
#include "sklab/events.h"

#include <time.h>

struct skl_lua;

typedef struct skl_shell_opts {
	const char *file; /* a scenario to open; NULL = the start screen */
	int present;	  /* presentation mode */
	int no_anim;	  /* no step animations */
	int step;	  /* 1-based step to open at; 0 = the first */
	int width, height;
	const char *pcap;	   /* skb:pcap() frames of each run go here */
	const skl_app_limits *lim; /* each run's limits (the --max-* and --timeout options); NULL = defaults */
} skl_shell_opts;

/* Opens the window and runs it until the user quits. The exit status: 0,
 * or 1 when the scenario last shown failed (or the window could not open). */
int skl_shell_run(const skl_shell_opts *o);

/* ---- one run of a scenario, kept in memory (reload.c) ---------------------- */

typedef struct skl_session {
	struct skl_lua *rt;
	skl_events *log;
	skl_frame *frames;
	int nframes;
	int ran; /* 0 = ran to the end with every expect() passing */
	int failures, expects;
	int script_error; /* 1 = a Lua error (not just failed expectations) */
	skl_error err;	  /* when ran < 0 */
	char title[256];
	struct skl_budget *budget; /* the run's memory budget (--max-memory) */
} skl_session;

/* Runs path into s (which it clears first). 0 when it produced frames to
 * show (failed expectations included), -1 on a script error or when
 * nothing could be shown; s->err says why. Free s with skl_session_free
 * either way. */
int skl_session_load(skl_session *s, const char *path, const char *pcap, const skl_app_limits *lim);
void skl_session_free(skl_session *s);

/* The text of line `line` of file (found as given or under the data
 * directory) into out, tabs as spaces, trimmed on the right. 0 or -1. */
int skl_source_line(const char *file, int line, char *out, size_t outsz);

/* A file's modification stamp (seconds and nanoseconds, and its size), so
 * a save is noticed even within one second. 0, or -1 when it is missing. */
typedef struct skl_stamp {
	time_t sec;
	long nsec;
	long long size;
} skl_stamp;
int skl_file_stamp(const char *path, skl_stamp *st);

#endif
