/*
 * export.c - scenes and frames to PNG and SVG files (see export.h). Every
 * file goes through outfile.h: a new temporary beside it, each write
 * checked, renamed into place only when all of it was written.
 */
#define _POSIX_C_SOURCE 200809L
#include "sklab/render/export.h"

#include "sklab/render/sdl.h"
#include "sklab/render/svg.h"
#include "sklab/budget.h"
#include "sklab/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEFAULT_W 1600
#define DEFAULT_H 900

const char *skl_render_format(const char *path, const char *format)
{
	const char *dot;
	if (format && *format) {
		if (!strcmp(format, "png") || !strcmp(format, "PNG"))
			return "png";
		if (!strcmp(format, "svg") || !strcmp(format, "SVG"))
			return "svg";
		return NULL;
	}
	dot = path ? strrchr(path, '.') : NULL;
	if (dot && (!strcmp(dot, ".svg") || !strcmp(dot, ".SVG")))
		return "svg";
	return "png";
}

static void sizes(const skl_render_opts *o, int *w, int *h)
{
	*w = o && o->width > 0 ? o->width : DEFAULT_W;
	*h = o && o->height > 0 ? o->height : DEFAULT_H;
}

/* A list for a w x h canvas, charged to o's budget. NULL when out of memory. */
static skl_dl *new_dl(const skl_render_opts *o, int w, int h)
{
	skl_dl *dl = skl_dl_new((float)w, (float)h);
	if (dl && o && o->budget)
		skl_dl_set_budget(dl, o->budget);
	return dl;
}

/* The error of a view that could not be drawn: the budget's refusal
 * (which names what it refused) or out of memory. -1. */
static int view_failed(const skl_render_opts *o, skl_error *err)
{
	char msg[200];
	if (o && o->budget && o->budget->hit)
		return skl_errorf(err, "%s", skl_budget_message(o->budget, msg, sizeof(msg)));
	return skl_errorf(err, "out of memory");
}

/* Polls o's stop callback (the time limit) before frame i of n: 1 with
 * err set to "WHY at frame I of N" when it says stop. */
static int stopped(const skl_render_opts *o, int i, int n, skl_error *err)
{
	char why[256] = "";
	if (!o || !o->stop || !o->stop(o->stop_ud, why, sizeof(why)))
		return 0;
	skl_errorf(err, "%s at frame %d of %d", why[0] ? why : "stopped", i + 1, n);
	return 1;
}

/* Writes dl in fmt to path (outfile.h: through its temporary, every
 * write checked), reusing sdl when given (PNG). When max_bytes is not 0
 * and the file would take *bytes past it, nothing is written and err says
 * so. *bytes (may be NULL) grows by the file's size. */
static int write_dl_limited(const skl_dl *dl, skl_sdl *sdl, const char *path, const char *fmt, const skl_render_opts *o,
			    uint64_t max_bytes, uint64_t *bytes, skl_error *err)
{
	skl_outfile f;
	skl_sink sink;
	uint64_t size = 0;
	int rc;
	skl_sdl *own = NULL;
	if (skl_outfile_open(&f, AT_FDCWD, path, err) < 0)
		return -1;
	sink = skl_outfile_sink(&f);
	if (!strcmp(fmt, "svg")) {
		skl_svg_write(dl, &sink);
		rc = 0;
	} else {
		if (!sdl)
			own = sdl = skl_sdl_new(o ? o->font_dir : NULL, err);
		rc = sdl ? skl_sdl_write_png_sink(sdl, dl, 0, 0, &sink, err) : -1;
		skl_sdl_free(own);
	}
	if (rc == 0 && max_bytes) {
		/* the size before it is put in place */
		long at;
		errno = 0;
		if (fflush(f.fp) != 0 && !f.err)
			f.err = errno; /* the commit names it */
		at = ftell(f.fp);
		if (at >= 0 && (uint64_t)at > max_bytes - (bytes ? *bytes : 0))
			rc = skl_errorf(err, "output limit of %llu MiB reached", (unsigned long long)(max_bytes >> 20));
	}
	if (rc < 0) {
		skl_outfile_abort(&f);
		return -1;
	}
	if (skl_outfile_commit(&f, &size, err) < 0)
		return -1;
	if (bytes)
		*bytes += size;
	return 0;
}

static int write_dl(const skl_dl *dl, skl_sdl *sdl, const char *path, const char *fmt, const skl_render_opts *o,
		    skl_error *err)
{
	return write_dl_limited(dl, sdl, path, fmt, o, 0, NULL, err);
}

/* The type of a w x h canvas as the window's presentation mode draws it. */
static void present_type(int w, int h, float *scale, float *floor_px)
{
	*scale = fminf((float)w / 1600, (float)h / 900) * SKL_PRESENT_SCALE;
	*floor_px = SKL_PRESENT_FLOOR;
}

int skl_render_scene_file(const skl_scene *s, const char *path, const char *format, const skl_render_opts *o,
			  skl_error *err)
{
	const char *fmt = skl_render_format(path, format);
	skl_dl *dl;
	skl_scene sc = *s;
	int w, h, rc;
	if (!fmt)
		return skl_errorf(err, "unknown image format \"%s\" (use png or svg)", format);
	sizes(o, &w, &h);
	dl = new_dl(o, w, h);
	if (!dl)
		return skl_errorf(err, "out of memory");
	if (o && o->nhighlight) {
		sc.highlight = o->highlight;
		sc.nhighlight = o->nhighlight;
	}
	if (o && o->no_legend)
		sc.no_legend = 1;
	if (o && o->present)
		present_type(w, h, &sc.text_scale, &sc.text_floor);
	if (skl_view_scene(dl, &sc) < 0) {
		skl_dl_free(dl);
		return view_failed(o, err);
	}
	rc = write_dl(dl, NULL, path, fmt, o, err);
	skl_dl_free(dl);
	return rc;
}

static void frame_opts(const skl_render_opts *o, skl_view_frame_opts *fo, int w, int h)
{
	memset(fo, 0, sizeof(*fo));
	if (o) {
		fo->highlight = o->highlight;
		fo->nhighlight = o->nhighlight;
		fo->no_legend = o->no_legend;
		if (o->present)
			present_type(w, h, &fo->text_scale, &fo->text_floor);
	}
}

int skl_render_frame_file(const skl_events *log, const skl_frame *frames, int nframes, int i, const char *path,
			  const char *format, const skl_render_opts *o, skl_error *err)
{
	const char *fmt = skl_render_format(path, format);
	skl_view_frame_opts fo;
	skl_dl *dl;
	int w, h, rc;
	if (!fmt)
		return skl_errorf(err, "unknown image format \"%s\" (use png or svg)", format);
	if (i < 0 || i >= nframes)
		return skl_errorf(err, "no frame %d (the run has %d)", i + 1, nframes);
	if (stopped(o, i, nframes, err))
		return -1;
	sizes(o, &w, &h);
	dl = new_dl(o, w, h);
	if (!dl)
		return skl_errorf(err, "out of memory");
	frame_opts(o, &fo, w, h);
	if (skl_view_frame(dl, log, frames, nframes, i, &fo) < 0) {
		skl_dl_free(dl);
		return view_failed(o, err);
	}
	rc = write_dl(dl, NULL, path, fmt, o, err);
	skl_dl_free(dl);
	return rc;
}

int skl_render_frames(const skl_events *log, const char *dir, const char *format, const skl_render_opts *o,
		      skl_error *err)
{
	skl_frame *frames = NULL;
	uint64_t bytes = 0;
	int n, written = 0, rc;
	n = skl_events_frames(log, &frames);
	if (n < 0)
		return skl_errorf(err, "out of memory");
	rc = skl_render_frames_to(log, frames, n, dir, format, o, 0, &written, &bytes, err);
	skl_free(frames);
	return rc < 0 ? -1 : n;
}

int skl_render_frames_to(const skl_events *log, const skl_frame *frames, int n, const char *dir, const char *format,
			 const skl_render_opts *o, uint64_t max_bytes, int *written, uint64_t *bytes, skl_error *err)
{
	const char *fmt = skl_render_format(NULL, format);
	skl_view_frame_opts fo;
	skl_sdl *sdl = NULL;
	skl_dl *dl;
	int i, w, h, rc = 0;
	*written = 0;
	*bytes = 0;
	if (!fmt)
		return skl_errorf(err, "unknown image format \"%s\" (use png or svg)", format);
	sizes(o, &w, &h);
	dl = new_dl(o, w, h);
	if (!dl)
		return skl_errorf(err, "out of memory");
	if (!strcmp(fmt, "png")) {
		sdl = skl_sdl_new(o ? o->font_dir : NULL, err);
		if (!sdl) {
			rc = -1;
			goto out_dl;
		}
	}
	frame_opts(o, &fo, w, h);
	for (i = 0; i < n; i++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/frame-%03d.%s", dir, i + 1, fmt);
		/* the time limit covers drawing and writing: before each frame,
		 * and between drawing it and writing it */
		if (stopped(o, i, n, err) || (skl_view_frame(dl, log, frames, n, i, &fo) < 0 && view_failed(o, err)) ||
		    stopped(o, i, n, err)) {
			rc = -1;
			break;
		}
		if (write_dl_limited(dl, sdl, path, fmt, o, max_bytes, bytes, err) < 0) {
			rc = -1;
			break;
		}
		(*written)++;
	}
	skl_sdl_free(sdl);
out_dl:
	skl_dl_free(dl);
	return rc;
}
