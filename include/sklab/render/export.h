/*
 * export.h - pictures to files: a scene or an event-log frame as PNG
 * (headless SDL software surface) or SVG, and all frames of a log into a
 * directory. The one place where views meet backends for files.
 */
#ifndef SKLAB_RENDER_EXPORT_H
#define SKLAB_RENDER_EXPORT_H

#include "sklab/render/view_scene.h"

#include <stddef.h>
#include <stdint.h>

typedef struct skl_render_opts {
	int width, height;	      /* image size; 0 = 1600 x 900 */
	const char *font_dir;	      /* directory of DejaVuSansMono*.ttf (PNG only) */
	const char *const *highlight; /* member paths or "line:N" to emphasise */
	int nhighlight;
	int no_legend;
	int present; /* 1 = as presentation mode draws it (big type, 14 px floor) */
	/* Polled before each frame is drawn and before it is written (the
	 * app's time limit): non-zero stops, with the error "WHY at frame I of
	 * N" (why filled by the callback); the frames before stay written.
	 * NULL = never. */
	int (*stop)(void *ud, char *why, size_t whysz);
	void *stop_ud;
	struct skl_budget *budget; /* the draw lists are charged to it; NULL = none */
} skl_render_opts;

/* "png" or "svg": format when given, else from path's suffix ("png" when
 * neither says). NULL for an unknown format. */
const char *skl_render_format(const char *path, const char *format);

/* Writes the scene to path. 0, or -1 with err set. */
int skl_render_scene_file(const skl_scene *s, const char *path, const char *format, const skl_render_opts *o,
			  skl_error *err);

/* Writes frame i of frames (skl_events_frames) to path. */
int skl_render_frame_file(const skl_events *log, const skl_frame *frames, int nframes, int i, const char *path,
			  const char *format, const skl_render_opts *o, skl_error *err);

/* Writes every frame of log into dir as frame-001.png, frame-002.png...
 * (or .svg). The directory must exist. Returns the number of frames
 * written, or -1 with err set. */
int skl_render_frames(const skl_events *log, const char *dir, const char *format, const skl_render_opts *o,
		      skl_error *err);

/* Writes frames[0] to frames[n - 1] of log into dir as skl_render_frames
 * does, stopping at the first failure or before the bytes written would
 * pass max_bytes (0 = no limit). *written gets the number of frames in
 * place and *bytes their size, also on failure (the frames before it stay
 * valid). 0, or -1 with err set. */
int skl_render_frames_to(const skl_events *log, const skl_frame *frames, int n, const char *dir, const char *format,
			 const skl_render_opts *o, uint64_t max_bytes, int *written, uint64_t *bytes, skl_error *err);

/* Every file above is written as PATH.tmp.PID, created new (O_EXCL,
 * never through a symlink), and renamed over PATH when it is complete:
 * a reader never sees half a picture, a failed write leaves no file, and a
 * symlink standing at PATH is replaced, not followed. */

#endif
