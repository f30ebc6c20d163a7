/*
 * measure.c - what every measurement of `sklab bench --self` uses: the
 * figures of a comparison (min/median/max, ratios, whether the target is
 * met), the clock, the list of comparisons, child processes (timed, with
 * their output read line by line) and the host's description.
 */
#define _GNU_SOURCE /* wait4 */
#include "bench_self.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- figures --------------------------------------------------------------- */

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* min/median/max of v[0..n) (sorts v). */
stat3 skl__self_stats(double *v, int n)
{
	stat3 s = {0, 0, 0, 0};
	if (n <= 0)
		return s;
	qsort(v, (size_t)n, sizeof(*v), cmp_d);
	s.ok = 1;
	s.min = v[0];
	s.max = v[n - 1];
	s.med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	return s;
}

double skl__self_ratio(const comparison *c)
{
	return c->base.ok && c->sk.ok && c->base.med > 0 ? c->sk.med / c->base.med : -1;
}

/* sklab's minimum over the baseline's: the least disturbed samples. */
double skl__self_ratio_min(const comparison *c)
{
	return c->base.ok && c->sk.ok && c->base.min > 0 ? c->sk.min / c->base.min : -1;
}

/* 1 met, 0 not met, -1 unknown. A ratio target is judged on the ratio of
 * the minima (the samples of both sides interleaved, the least disturbed
 * of each: on a shared host the medians' ratio moves with the load, the
 * minima's much less); an absolute one on sklab's median. */
int skl__self_met(const comparison *c)
{
	double v = c->target_kind == TARGET_RATIO ? skl__self_ratio_min(c) : (c->sk.ok ? c->sk.med : -1);
	int ok;
	if (v < 0)
		return -1;
	ok = c->strict ? v < c->target : v <= c->target;
	if (c->cond == 0)
		return 0;
	return ok;
}

void skl__self_target(comparison *c, int kind, double value, int strict, const char *fmt, ...)
{
	va_list ap;
	c->target_kind = kind;
	c->target = value;
	c->strict = strict;
	va_start(ap, fmt);
	vsnprintf(c->target_text, sizeof(c->target_text), fmt, ap);
	va_end(ap);
}

double skl__self_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double cpu_of(const struct rusage *ru)
{
	return (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec * 1e-6 + (double)ru->ru_stime.tv_sec +
	       (double)ru->ru_stime.tv_usec * 1e-6;
}

/* Keeps the compiler from removing a malloc/free pair. */
void *volatile skl__self_sink_ptr;
volatile uint64_t skl__self_sink_u64;

/* ---- the run --------------------------------------------------------------- */

comparison *skl__self_new_cmp(ctx *x, const char *name, const char *title, const char *unit)
{
	comparison *c;
	if (x->n == x->cap) {
		int nc = x->cap ? x->cap * 2 : 32;
		comparison *nv = realloc(x->c, (size_t)nc * sizeof(*nv));
		if (!nv) {
			fprintf(stderr, "sklab bench --self: out of memory\n");
			exit(1);
		}
		x->c = nv;
		x->cap = nc;
	}
	c = &x->c[x->n++];
	memset(c, 0, sizeof(*c));
	c->cond = -1;
	snprintf(c->name, sizeof(c->name), "%s", name);
	snprintf(c->title, sizeof(c->title), "%s", title);
	snprintf(c->unit, sizeof(c->unit), "%s", unit);
	return c;
}

void skl__self_progress(const ctx *x, const char *what)
{
	if (!x->json) {
		fprintf(stderr, "sklab bench --self: %s...\n", what);
		fflush(stderr);
	}
}

int skl__self_write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/* ---- child processes ---------------------------------------------------------- */

/*
 * Runs argv[0] (a path) with argv, stdin from /dev/null. pipe_fd 1 or 2
 * sends that stream to on_line (line by line; other stream to /dev/null);
 * 0 sends both to /dev/null. env NULL = this process's environment.
 * 0 when it ran (see r->status), -1 when it could not be started.
 */
int skl__self_spawn(char *const argv[], char *const env[], int pipe_fd, line_fn on_line, void *arg, child_result *r)
{
	int fds[2] = {-1, -1};
	pid_t pid;
	struct rusage ru;
	double t0;
	r->status = -1;
	r->wall_ns = 0;
	r->cpu_s = 0;
	if (pipe_fd && pipe(fds) < 0)
		return -1;
	t0 = skl__self_now_ns();
	pid = fork();
	if (pid < 0) {
		if (pipe_fd) {
			close(fds[0]);
			close(fds[1]);
		}
		return -1;
	}
	if (pid == 0) {
		int nul = open("/dev/null", O_RDWR);
		if (nul >= 0) {
			dup2(nul, 0);
			dup2(nul, 1);
			dup2(nul, 2);
		}
		if (pipe_fd) {
			dup2(fds[1], pipe_fd);
			close(fds[0]);
			close(fds[1]);
		}
		if (env)
			execve(argv[0], argv, env);
		else
			execv(argv[0], argv);
		_exit(127);
	}
	if (pipe_fd) {
		FILE *p;
		char line[4096];
		close(fds[1]);
		p = fdopen(fds[0], "r");
		if (p) {
			while (fgets(line, sizeof(line), p))
				if (on_line)
					on_line(line, arg);
			fclose(p);
		} else {
			close(fds[0]);
		}
	}
	while (wait4(pid, &r->status, 0, &ru) < 0)
		if (errno != EINTR)
			return -1;
	r->wall_ns = skl__self_now_ns() - t0;
	r->cpu_s = cpu_of(&ru);
	return 0;
}

int skl__self_exited_ok(const child_result *r)
{
	return r->status >= 0 && WIFEXITED(r->status) && WEXITSTATUS(r->status) == 0;
}

/* valgrind on PATH, into out ("" when absent). */
void skl__self_find_valgrind(char *out, size_t outsz)
{
	const char *path = getenv("PATH");
	out[0] = '\0';
	while (path && *path) {
		const char *e = strchr(path, ':');
		size_t n = e ? (size_t)(e - path) : strlen(path);
		if (n && n + 10 < outsz) {
			snprintf(out, outsz, "%.*s/valgrind", (int)n, path);
			if (access(out, X_OK) == 0)
				return;
		}
		path = e ? e + 1 : NULL;
	}
	out[0] = '\0';
}

/* ---- host description -------------------------------------------------------- */

void skl__self_host_describe(host_info *h)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[8192];
	memset(h, 0, sizeof(*h));
	h->nproc = sysconf(_SC_NPROCESSORS_ONLN);
	snprintf(h->cpu, sizeof(h->cpu), "unknown");
	if (f) {
		int got_model = 0;
		while (fgets(line, sizeof(line), f)) {
			char *colon = strchr(line, ':');
			if (!colon)
				continue;
			if (!got_model && !strncmp(line, "model name", 10)) {
				char *v = colon + 1, *nl;
				while (*v == ' ')
					v++;
				if ((nl = strchr(v, '\n')))
					*nl = '\0';
				snprintf(h->cpu, sizeof(h->cpu), "%s", v);
				got_model = 1;
			} else if (!strncmp(line, "flags", 5) && strstr(colon, " hypervisor")) {
				h->vm = 1;
			}
		}
		fclose(f);
	}
	f = fopen("/proc/loadavg", "r");
	if (f) {
		if (fscanf(f, "%lf", &h->load1) != 1)
			h->load1 = -1;
		fclose(f);
	} else {
		h->load1 = -1;
	}
}
