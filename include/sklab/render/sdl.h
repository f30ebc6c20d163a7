/*
 * backend_sdl.h - draws a draw list with SDL2: into any SDL_Renderer (a
 * window's), or headless into a software surface that is saved as PNG.
 * Text is anti-aliased with SDL_ttf in the bundled DejaVu Sans Mono.
 *
 * The headless path needs no video subsystem and no display, so it runs
 * under SDL_VIDEODRIVER=dummy and in CI. Output is deterministic for a
 * given list and size.
 */
#ifndef SKLAB_RENDER_BACKEND_SDL_H
#define SKLAB_RENDER_BACKEND_SDL_H

#include <SDL.h>

#include "sklab/render/drawlist.h"

/* Canvas to pixels: px = x * scale + dx, py = y * scale + dy. */
typedef struct skl_xform {
	float scale, dx, dy;
} skl_xform;

typedef struct skl_sdl skl_sdl;

/* Loads the fonts from font_dir (DejaVuSansMono.ttf and -Bold.ttf). NULL
 * with err set when a font is missing or SDL_ttf fails. */
skl_sdl *skl_sdl_new(const char *font_dir, skl_error *err);
void skl_sdl_free(skl_sdl *s);

/*
 * Draws dl with r (clearing nothing: the list paints its own background).
 * xf NULL = identity. Caches rendered text per renderer; call
 * skl_sdl_forget() before destroying a renderer it drew with.
 * 0, or -1 with err set.
 */
int skl_sdl_draw(skl_sdl *s, SDL_Renderer *r, const skl_dl *dl, const skl_xform *xf, skl_error *err);
void skl_sdl_forget(skl_sdl *s);

/* Draws dl into a new w x h ARGB8888 surface (caller frees it with
 * SDL_FreeSurface). xf NULL scales the canvas to fit w x h. s keeps one
 * software renderer for these calls (a new one when the size changes), so
 * text rendered for one frame is not rendered again for the next. */
SDL_Surface *skl_sdl_render_surface(skl_sdl *s, const skl_dl *dl, int w, int h, const skl_xform *xf, skl_error *err);

/*
 * Themes change every colour as it is drawn, so views stay theme-free:
 * LIGHT draws the list as it is; LIGHT_HC darkens greys (secondary text,
 * rules) for a projector; DARK_HC inverts lightness and keeps hue, so a
 * white canvas turns black, dark ink white and pastel blocks deep.
 */
enum { SKL_THEME_LIGHT = 0, SKL_THEME_LIGHT_HC = 1, SKL_THEME_DARK_HC = 2 };
void skl_sdl_set_theme(skl_sdl *s, int theme);
int skl_sdl_theme(const skl_sdl *s);
/* c as theme draws it. */
skl_color skl_sdl_theme_color(int theme, skl_color c);

/* Renders dl at w x h (0 = the canvas size) and saves it as PNG, through
 * outfile.h (a temporary, every write checked, renamed into place). */
int skl_sdl_write_png(skl_sdl *s, const skl_dl *dl, int w, int h, const char *path, skl_error *err);
/* The same, written to the sink out: its owner checks the writes
 * (outfile.h) and names the file. */
int skl_sdl_write_png_sink(skl_sdl *s, const skl_dl *dl, int w, int h, const skl_sink *out, skl_error *err);

#endif
