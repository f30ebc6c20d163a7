/*
 * util.c - what the command modules share: the data directory, the
 * limits of headless runs (their options and values), files written
 * through a temporary, and error reporting.
 */
#define _POSIX_C_SOURCE 200809L
#include "app.h"

#include "sklab/runtime.h"
#include "sklab/textsafe.h"
#include "sklab/types.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int has_assets(const char *dir)
{
	char p[4200];
	snprintf(p, sizeof(p), "%s/assets/profiles", dir);
	return is_dir(p);
}

/* Copies dir into found (when it holds sklab's data) and returns found. */
static const char *take(char *found, size_t n, const char *dir)
{
	if (!has_assets(dir))
		return NULL;
	snprintf(found, n, "%s", dir);
	return found;
}

/* 1 when the directory exe_dir is the build tree this program was built in. */
static int in_build_tree(const char *exe_dir)
{
	struct stat a, b;
	if (stat(exe_dir, &a) != 0 || stat(SKLAB_BINARY_DIR, &b) != 0)
		return 0;
	return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/*
 * The data directory, in this order: $SKLAB_DATA; <prefix>/share/sklab
 * next to <prefix>/bin/sklab (an installed program, wherever its prefix was
 * moved); the source tree, for the program in its own build tree; the
 * configured install prefix; the source tree for any other copy. An
 * installed program thus never reads a source tree that happens to still
 * exist, and a build never reads an older installation.
 */
const char *skl_app_data_dir(void)
{
	static char found[4400];
	const char *env = getenv("SKLAB_DATA");
	char exe[4096];
	int build = 0;
	ssize_t n;
	if (found[0])
		return found;
	if (env && *env && take(found, sizeof(found), env))
		return found;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;
		char cand[4096 + 32];
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			/* <prefix>/bin -> <prefix>/share/sklab, a clean path for messages */
			if (slash - exe >= 4 && !strcmp(slash - 4, "/bin"))
				snprintf(cand, sizeof(cand), "%.*s/share/sklab", (int)(slash - exe - 4), exe);
			else
				snprintf(cand, sizeof(cand), "%s/../share/sklab", exe);
			if (take(found, sizeof(found), cand))
				return found;
			build = in_build_tree(exe[0] ? exe : "/");
		}
	}
	if (build && take(found, sizeof(found), SKLAB_SOURCE_DATA_DIR))
		return found;
	if (take(found, sizeof(found), SKLAB_INSTALL_DATA_DIR))
		return found;
	if (take(found, sizeof(found), SKLAB_SOURCE_DATA_DIR))
		return found;
	snprintf(found, sizeof(found), "%s", SKLAB_INSTALL_DATA_DIR);
	return found;
}

int skl_app_fail(const char *what, const skl_error *err)
{
	char msg[1024];
	skl_error_format(err, msg, sizeof(msg));
	/* a message may quote a scenario's text: the terminal policy */
	if (what && *what)
		skl_term_printf(stderr, "sklab: %s: %s\n", what, msg);
	else
		skl_term_printf(stderr, "sklab: %s\n", msg);
	return 1;
}

int skl_app_config_warn(const char *what, const skl_typedb *db, const char *opt, const char *source)
{
	const char *p = opt && *opt == '+' ? opt + 1 : opt;
	int warned = 0;
	while (p && *p) {
		char name[128];
		size_t n = strcspn(p, ",");
		while (n && *p == ' ') {
			p++;
			n--;
		}
		snprintf(name, sizeof(name), "%.*s", (int)(n < sizeof(name) ? n : sizeof(name) - 1), p);
		while (*name && name[strlen(name) - 1] == ' ')
			name[strlen(name) - 1] = 0;
		if (*name && !skl_typedb_config_used(db, name)) {
			skl_term_printf(stderr,
					"sklab: %s: warning: --config %s: no member of %s depends on it (misspelt, or "
					"another kernel's option?)\n",
					what, name, source);
			warned++;
		}
		p += n;
		if (*p == ',')
			p++;
	}
	return warned;
}

/* ---- limits ------------------------------------------------------------------ */

void skl_app_limits_default(skl_app_limits *l)
{
	memset(l, 0, sizeof(*l));
	l->heap = SKL_LUA_HEAP_LIMIT;
	l->instr = SKL_LUA_INSTR_LIMIT;
	l->ram = SKL_LUA_RAM_LIMIT;
	l->events = SKL_LUA_MAX_EVENTS;
	l->frames = SKL_APP_MAX_FRAMES;
	l->output = SKL_LUA_OUT_LIMIT;
	l->timeout = SKL_APP_TIMEOUT;
	l->memory = SKL_BUDGET_DEFAULT;
}

/* A whole number from lo to hi in v; 0 or -1. */
static int parse_count(const char *v, unsigned long long lo, unsigned long long hi, unsigned long long *out)
{
	char *end;
	unsigned long long n;
	if (!v || *v < '0' || *v > '9')
		return -1;
	errno = 0;
	n = strtoull(v, &end, 10);
	if (errno || *end || n < lo || n > hi)
		return -1;
	*out = n;
	return 0;
}

const skl_app_opt skl_app_limit_opts[] = {
    {"max-heap", SKL_APP_LIMIT_KEY + 0, SKL_APP_VALUE, "MIB", "Lua heap of the scenario (256)",
     "MiB of Lua heap from 1 to 65536"},
    {"max-instructions", SKL_APP_LIMIT_KEY + 1, SKL_APP_VALUE, "N",
     "Lua VM instructions, counted across pcall and\ncoroutines (2000000000)",
     "a number of instructions from 1000 to 1e15"},
    {"max-ram", SKL_APP_LIMIT_KEY + 2, SKL_APP_VALUE, "MIB", "simulated RAM of all the run's machines together (2048)",
     "MiB of simulated RAM from 1 to 65536"},
    {"max-events", SKL_APP_LIMIT_KEY + 3, SKL_APP_VALUE, "N", "events in the run's log (4000000)",
     "a number of events from 1 to 100000000"},
    {"max-frames", SKL_APP_LIMIT_KEY + 4, SKL_APP_VALUE, "N", "frames written (1000)",
     "a number of frames from 1 to 1000000"},
    {"max-output", SKL_APP_LIMIT_KEY + 5, SKL_APP_VALUE, "MIB", "bytes of frames, reports and captures written (1024)",
     "MiB from 1 to 1048576"},
    {"timeout", SKL_APP_LIMIT_KEY + 6, SKL_APP_VALUE, "SECONDS",
     "wall-clock time of the scenario and of drawing\nand writing its pictures (10)", "seconds from 1 to 86400"},
    {"max-memory", SKL_APP_LIMIT_KEY + 7, SKL_APP_VALUE, "MIB",
     "memory of everything the run makes: Lua heap,\nsimulated RAM in use, cache models, event log,\npictures (1024)",
     "MiB of memory from 16 to 1048576"},
    {0},
};

int skl_app_limit_opt(int key, const char *value, const char *cmd, skl_app_limits *l)
{
	/* the range of each option above, in its order */
	static const struct {
		unsigned long long lo, hi;
	} range[] = {{1, 65536},   {1000, 1000000000000000ull},
		     {1, 65536},   {1, 100000000},
		     {1, 1000000}, {1, 1048576},
		     {1, 86400},   {16, 1048576}};
	int k = key - SKL_APP_LIMIT_KEY;
	unsigned long long n;
	assert(k >= 0 && k < (int)(sizeof(range) / sizeof(range[0])));
	if (parse_count(value, range[k].lo, range[k].hi, &n) < 0) {
		fprintf(stderr, "sklab %s: --%s takes %s, not '%s'\n", cmd, skl_app_limit_opts[k].name,
			skl_app_limit_opts[k].what, value);
		return -1;
	}
	switch (k) {
	case 0:
		l->heap = (uint64_t)n << 20;
		break;
	case 1:
		l->instr = n;
		break;
	case 2:
		l->ram = (uint64_t)n << 20;
		break;
	case 3:
		l->events = (int)n;
		break;
	case 4:
		l->frames = (int)n;
		break;
	case 5:
		l->output = (uint64_t)n << 20;
		break;
	case 6:
		l->timeout = (unsigned)n;
		break;
	default:
		l->memory = (uint64_t)n << 20;
		break;
	}
	return 0;
}

uint64_t skl_app_clock_ns(void)
{
	struct timespec now;
	if (clock_gettime(CLOCK_MONOTONIC, &now) != 0)
		return 0;
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

int skl_app_deadline_poll(void *ud, char *why, size_t whysz)
{
	skl_app_deadline *d = ud;
	struct timespec now;
	if (clock_gettime(CLOCK_MONOTONIC, &now) != 0)
		return 0;
	if (now.tv_sec < d->end.tv_sec || (now.tv_sec == d->end.tv_sec && now.tv_nsec < d->end.tv_nsec))
		return 0;
	snprintf(why, whysz, "time limit of %u s exceeded", d->secs);
	return 1;
}

void skl_app_limits_apply(const skl_app_limits *l, struct skl_lua_opts *lo, skl_app_deadline *dd)
{
	lo->heap_limit = (size_t)l->heap;
	lo->instr_limit = l->instr;
	lo->ram_limit = l->ram;
	lo->max_events = l->events;
	lo->out_limit = l->output;
	lo->model_only = l->model_only;
	if (l->timeout) {
		clock_gettime(CLOCK_MONOTONIC, &dd->end);
		dd->end.tv_sec += (time_t)l->timeout;
		dd->secs = l->timeout;
		lo->interrupt = skl_app_deadline_poll;
		lo->interrupt_ud = dd;
	}
}

const char *skl_app_limit_flag(int limit)
{
	switch (limit) {
	case SKL_LUA_LIMIT_HEAP:
		return "--max-heap";
	case SKL_LUA_LIMIT_INSTR:
		return "--max-instructions";
	case SKL_LUA_LIMIT_EVENTS:
		return "--max-events";
	case SKL_LUA_LIMIT_RAM:
		return "--max-ram";
	case SKL_LUA_LIMIT_OUTPUT:
		return "--max-output";
	case SKL_LUA_LIMIT_INTERRUPT:
		return "--timeout";
	case SKL_LUA_LIMIT_MEMORY:
		return "--max-memory";
	default:
		return "";
	}
}

const char *skl_app_limit_flag_of(const char *msg)
{
	if (strstr(msg, "time limit of"))
		return "--timeout";
	if (strstr(msg, "memory budget of"))
		return "--max-memory";
	if (strstr(msg, "output limit"))
		return "--max-output";
	return NULL;
}

/* ---- files through a temporary ------------------------------------------------- */

int skl_app_profile_for_set(const char *data, const char *set, skl_profile *out, skl_error *err)
{
	char names[64][64];
	int n = skl_data_list_profiles(data, names, 64), i;
	for (i = 0; i < n; i++) {
		skl_profile p;
		if (skl_data_load_profile(data, names[i], &p, err) == 0 && !strcmp(p.layouts, set)) {
			*out = p;
			return 0;
		}
	}
	return skl_errorf(err, "no kernel profile uses the layout set '%s' (see 'sklab profiles')", set);
}
