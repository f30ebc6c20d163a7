/*
 * bench_render.c - how long a frame takes to draw: every frame of every
 * scenario given, and a slab view of 10,000 objects, built into a draw
 * list and rasterised by the SDL software renderer at 1920x1080 (no file
 * is written: PNG encoding is not drawing). Prints min/median/max per
 * frame against the 16 ms budget of a 60 Hz display.
 *
 *   bench_render [--reps N] [--size WxH] [--smoke] DATA_DIR FONT_DIR SCENARIO.lua...
 *
 * A benchmark: it prints figures and asserts nothing about time. --smoke
 * draws each frame once (ctest runs it that way, to keep it building and
 * running).
 */
#define _POSIX_C_SOURCE 200809L
#include "sklab/render/sdl.h"
#include "sklab/render/view_scene.h"
#include "sklab/runtime.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

typedef struct stats {
	double *v;
	int n, cap;
} stats;

static void push(stats *s, double x)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		s->v = realloc(s->v, (size_t)s->cap * sizeof(double));
		if (!s->v) {
			fprintf(stderr, "bench_render: out of memory\n");
			exit(1);
		}
	}
	s->v[s->n++] = x;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_d);
	return n ? v[n / 2] : 0;
}

/* Draws frame i reps times; returns its median in ms (build + raster). */
static double time_frame(skl_sdl *sdl, skl_dl *dl, const skl_events *log, const skl_frame *fr, int nfr, int i, int w,
			 int h, int reps, double *build_ms)
{
	double t[64], b[64];
	int r;
	skl_view_frame_opts fo;
	memset(&fo, 0, sizeof(fo));
	if (reps > 64)
		reps = 64;
	for (r = 0; r < reps; r++) {
		skl_error err;
		SDL_Surface *surf;
		double t0 = now_ms(), t1;
		skl_view_frame(dl, log, fr, nfr, i, &fo);
		t1 = now_ms();
		surf = skl_sdl_render_surface(sdl, dl, w, h, NULL, &err);
		if (!surf) {
			fprintf(stderr, "bench_render: %s\n", err.msg);
			exit(1);
		}
		SDL_FreeSurface(surf);
		t[r] = now_ms() - t0;
		b[r] = t1 - t0;
	}
	*build_ms = median(b, reps);
	return median(t, reps);
}

static int run_one(skl_lua *rt, skl_sdl *sdl, const char *path, const char *label, int w, int h, int reps, stats *all)
{
	skl_events *log = skl_events_new(0);
	skl_frame *fr = NULL;
	skl_error err;
	skl_dl *dl = skl_dl_new((float)w, (float)h);
	stats mine = {0};
	double worst = 0, worst_build = 0;
	int nfr, i, worst_i = 0;
	if (!log || !dl) {
		fprintf(stderr, "bench_render: out of memory\n");
		exit(1);
	}
	if (skl_lua_run_file(rt, path, log, &err) < 0) {
		char msg[800];
		skl_error_format(&err, msg, sizeof(msg));
		fprintf(stderr, "bench_render: %s: %s\n", path, msg);
		skl_events_free(log);
		skl_dl_free(dl);
		return -1;
	}
	nfr = skl_events_frames(log, &fr);
	for (i = 0; i < nfr; i++) {
		double bms, ms = time_frame(sdl, dl, log, fr, nfr, i, w, h, reps, &bms);
		push(&mine, ms);
		push(all, ms);
		if (ms > worst) {
			worst = ms;
			worst_build = bms;
			worst_i = i;
		}
	}
	printf("%-34s %3d frames  median %6.2f ms  slowest %6.2f ms (frame %d: %.2f build + %.2f raster)%s\n", label,
	       nfr, median(mine.v, mine.n), worst, worst_i + 1, worst_build, worst - worst_build,
	       worst > 16.0 ? "  over 16 ms" : "");
	free(mine.v);
	skl_free(fr);
	skl_dl_free(dl);
	skl_events_free(log);
	return 0;
}

int main(int argc, char **argv)
{
	int reps = 11, w = 1920, h = 1080, i, smoke = 0, bad = 0;
	const char *data, *fonts;
	char tmp[] = "/tmp/sklab-bench-XXXXXX";
	char slab10k[sizeof(tmp) + 32];
	skl_lua_opts lo;
	skl_lua *rt;
	skl_sdl *sdl;
	skl_error err;
	stats all = {0};
	FILE *f;

	while (argc > 1 && argv[1][0] == '-' && argv[1][1] == '-') {
		if (!strcmp(argv[1], "--reps") && argc > 2) {
			reps = atoi(argv[2]);
			argv += 2, argc -= 2;
		} else if (!strcmp(argv[1], "--size") && argc > 2 && sscanf(argv[2], "%dx%d", &w, &h) == 2) {
			argv += 2, argc -= 2;
		} else if (!strcmp(argv[1], "--smoke")) {
			smoke = 1;
			argv++, argc--;
		} else {
			break;
		}
	}
	if (argc < 3 || reps < 1 || w < 64 || h < 64) {
		fprintf(stderr,
			"usage: bench_render [--reps N] [--size WxH] [--smoke] DATA_DIR FONT_DIR SCENARIO.lua...\n");
		return 2;
	}
	if (smoke)
		reps = 1;
	data = argv[1];
	fonts = argv[2];
	SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
	if (SDL_Init(0) < 0) {
		fprintf(stderr, "bench_render: SDL_Init: %s\n", SDL_GetError());
		return 1;
	}
	sdl = skl_sdl_new(fonts, &err);
	if (!sdl) {
		fprintf(stderr, "bench_render: %s\n", err.msg);
		return 1;
	}
	memset(&lo, 0, sizeof(lo));
	lo.data_dir = data;
	rt = skl_lua_new(&lo, &err);
	if (!rt) {
		fprintf(stderr, "bench_render: %s\n", err.msg);
		return 1;
	}

	printf("software renderer, %dx%d, median of %d draws per frame (view + rasterise, no file)\n", w, h, reps);
	for (i = 3; i < argc; i++) {
		const char *base = strrchr(argv[i], '/');
		if (run_one(rt, sdl, argv[i], base ? base + 1 : argv[i], w, h, reps, &all) < 0)
			bad = 1;
	}

	/* a slab view of 10,000 objects */
	if (!mkdtemp(tmp)) {
		perror("bench_render: mkdtemp");
		return 1;
	}
	snprintf(slab10k, sizeof(slab10k), "%s/slab10k.lua", tmp);
	f = fopen(slab10k, "w");
	if (!f) {
		perror(slab10k);
		return 1;
	}
	fputs("scenario { title = \"10,000 objects\", goal = \"a big slab view\", profile = \"linux-2.4.16-i386\" }\n"
	      "local k = sklab.kernel { profile = \"linux-2.4.16-i386\" }\n"
	      "local c = k:cache_create(\"tcp_sock\", 788, { hwcache_align = true })\n"
	      "local objs = {}\n"
	      "for i = 1, 10000 do objs[i] = c:alloc {} end\n"
	      "for i = 1, 10000, 3 do c:free(objs[i]) end\n"
	      "scene.show(k)\n"
	      "scene.step(\"10,000 tcp_socks, a third freed\")\n",
	      f);
	fclose(f);
	if (run_one(rt, sdl, slab10k, "slab view, 10,000 objects", w, h, reps, &all) < 0)
		bad = 1;
	unlink(slab10k);
	rmdir(tmp);

	printf("all frames: %d, median %.2f ms, slowest %.2f ms (budget 16 ms)\n", all.n, median(all.v, all.n),
	       all.n ? all.v[all.n - 1] : 0.0);
	free(all.v);
	skl_lua_free(rt);
	skl_sdl_free(sdl);
	SDL_Quit();
	return bad;
}
