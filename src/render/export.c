/*
 * export.c - scenes and frames to PNG and SVG files (see export.h).
 */
#include "render/export.h"

#include "render/backend_sdl.h"
#include "render/svg.h"

#include <stdio.h>
#include <string.h>

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

static int write_svg(const skl_dl *dl, const char *path, skl_error *err)
{
	FILE *fp = fopen(path, "wb");
	skl_sink sink;
	int bad;
	if (!fp)
		return skl_errorf(err, "cannot write %s", path);
	sink = skl_file_sink(fp);
	skl_svg_write(dl, &sink);
	bad = ferror(fp);
	if (fclose(fp) != 0 || bad)
		return skl_errorf(err, "cannot write %s", path);
	return 0;
}

/* Writes dl in fmt, reusing sdl when given (PNG). */
static int write_dl(const skl_dl *dl, skl_sdl *sdl, const char *path, const char *fmt, const skl_render_opts *o,
		    skl_error *err)
{
	int rc;
	skl_sdl *own = NULL;
	if (!strcmp(fmt, "svg"))
		return write_svg(dl, path, err);
	if (!sdl) {
		own = sdl = skl_sdl_new(o ? o->font_dir : NULL, err);
		if (!sdl)
			return -1;
	}
	rc = skl_sdl_write_png(sdl, dl, 0, 0, path, err);
	skl_sdl_free(own);
	return rc;
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
	dl = skl_dl_new((float)w, (float)h);
	if (!dl)
		return skl_errorf(err, "out of memory");
	if (o && o->nhighlight) {
		sc.highlight = o->highlight;
		sc.nhighlight = o->nhighlight;
	}
	if (o && o->no_legend)
		sc.no_legend = 1;
	if (skl_view_scene(dl, &sc) < 0) {
		skl_dl_free(dl);
		return skl_errorf(err, "out of memory");
	}
	rc = write_dl(dl, NULL, path, fmt, o, err);
	skl_dl_free(dl);
	return rc;
}

static void frame_opts(const skl_render_opts *o, skl_view_frame_opts *fo)
{
	memset(fo, 0, sizeof(*fo));
	if (o) {
		fo->highlight = o->highlight;
		fo->nhighlight = o->nhighlight;
		fo->no_legend = o->no_legend;
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
	sizes(o, &w, &h);
	dl = skl_dl_new((float)w, (float)h);
	if (!dl)
		return skl_errorf(err, "out of memory");
	frame_opts(o, &fo);
	if (skl_view_frame(dl, log, frames, nframes, i, &fo) < 0) {
		skl_dl_free(dl);
		return skl_errorf(err, "out of memory");
	}
	rc = write_dl(dl, NULL, path, fmt, o, err);
	skl_dl_free(dl);
	return rc;
}

int skl_render_frames(const skl_events *log, const char *dir, const char *format, const skl_render_opts *o,
		      skl_error *err)
{
	const char *fmt = skl_render_format(NULL, format);
	skl_frame *frames = NULL;
	skl_view_frame_opts fo;
	skl_sdl *sdl = NULL;
	skl_dl *dl;
	int n, i, w, h, rc = 0;
	if (!fmt)
		return skl_errorf(err, "unknown image format \"%s\" (use png or svg)", format);
	n = skl_events_frames(log, &frames);
	if (n < 0)
		return skl_errorf(err, "out of memory");
	sizes(o, &w, &h);
	dl = skl_dl_new((float)w, (float)h);
	if (!dl) {
		rc = skl_errorf(err, "out of memory");
		goto out_frames;
	}
	if (!strcmp(fmt, "png")) {
		sdl = skl_sdl_new(o ? o->font_dir : NULL, err);
		if (!sdl) {
			rc = -1;
			goto out_dl;
		}
	}
	frame_opts(o, &fo);
	for (i = 0; i < n; i++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/frame-%03d.%s", dir, i + 1, fmt);
		if (skl_view_frame(dl, log, frames, n, i, &fo) < 0) {
			rc = skl_errorf(err, "out of memory");
			break;
		}
		if (write_dl(dl, sdl, path, fmt, o, err) < 0) {
			rc = -1;
			break;
		}
	}
	skl_sdl_free(sdl);
out_dl:
	skl_dl_free(dl);
out_frames:
	skl_free(frames);
	return rc < 0 ? -1 : n;
}
