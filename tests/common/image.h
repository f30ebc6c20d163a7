/*
 * image.h - what the render tests share for pictures: a pixel of a
 * rendered surface, colours within a tolerance, how many colours a
 * picture has, a PNG's size, and two pictures compared pixel by pixel
 * (with a difference image written for people to look at). Surfaces are
 * 32 bits a pixel, as the SDL backend renders them. Header-only: each
 * test is one file; the test links SDL2 and SDL2_image.
 */
#ifndef SKLAB_TEST_IMAGE_H
#define SKLAB_TEST_IMAGE_H

#include "sklab/render/drawlist.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdlib.h>
#include <string.h>

/* The colour at canvas point (x, y), cut to whole pixels; 0 outside. */
static inline skl_color skl_test_pixel(SDL_Surface *s, float fx, float fy)
{
	int x = (int)fx, y = (int)fy;
	Uint32 p;
	Uint8 r, g, b, a;
	if (x < 0 || y < 0 || x >= s->w || y >= s->h)
		return 0;
	p = ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x];
	SDL_GetRGBA(p, s->format, &r, &g, &b, &a);
	return SKL_RGB(r, g, b);
}

/* 1 when red, green and blue each differ by at most tol. */
static inline int skl_test_near_color(skl_color a, skl_color b, int tol)
{
	return abs((int)SKL_R(a) - (int)SKL_R(b)) <= tol && abs((int)SKL_G(a) - (int)SKL_G(b)) <= tol &&
	       abs((int)SKL_B(a) - (int)SKL_B(b)) <= tol;
}

/* How many colours every other pixel of every other row has (counting
 * stops a little past 8192): a blank or one-colour picture has few. */
static inline int skl_test_distinct_colours(SDL_Surface *s)
{
	enum { SLOTS = 1 << 14 };
	static Uint32 seen[SLOTS];
	int x, y, n = 0;
	memset(seen, 0, sizeof(seen));
	for (y = 0; y < s->h; y += 2)
		for (x = 0; x < s->w; x += 2) {
			Uint32 c = skl_test_pixel(s, (float)x, (float)y) | 1u, h = (c * 2654435761u) & (SLOTS - 1);
			while (seen[h] && seen[h] != c)
				h = (h + 1) & (SLOTS - 1);
			if (!seen[h]) {
				seen[h] = c;
				if (++n > SLOTS / 2)
					return n;
			}
		}
	return n;
}

/* 1 when path is a PNG that loads, of w x h pixels. */
static inline int skl_test_png_is(const char *path, int w, int h)
{
	SDL_Surface *s = IMG_Load(path);
	int ok = s && s->w == w && s->h == h;
	if (s)
		SDL_FreeSurface(s);
	return ok;
}

/* 1 when path is a PNG that loads, of any size above 0. */
static inline int skl_test_png_ok(const char *path)
{
	SDL_Surface *s = IMG_Load(path);
	int ok = s && s->w > 0 && s->h > 0;
	if (s)
		SDL_FreeSurface(s);
	return ok;
}

/*
 * How many pixels of got differ from want by more than tol in red, green,
 * blue or alpha; -1 when the sizes differ. When some do and diff_png is
 * not NULL, writes there the difference: want washed out, the differing
 * pixels in red.
 */
static inline long skl_test_image_diff(SDL_Surface *want, SDL_Surface *got, int tol, const char *diff_png)
{
	SDL_Surface *d = NULL;
	long n = 0;
	int x, y;
	if (want->w != got->w || want->h != got->h)
		return -1;
	if (diff_png)
		d = SDL_CreateRGBSurfaceWithFormat(0, want->w, want->h, 32, SDL_PIXELFORMAT_ARGB8888);
	for (y = 0; y < want->h; y++)
		for (x = 0; x < want->w; x++) {
			Uint32 pw = ((Uint32 *)((Uint8 *)want->pixels + y * want->pitch))[x];
			Uint32 pg = ((Uint32 *)((Uint8 *)got->pixels + y * got->pitch))[x];
			Uint8 c[2][4];
			int k, bad = 0;
			SDL_GetRGBA(pw, want->format, &c[0][0], &c[0][1], &c[0][2], &c[0][3]);
			SDL_GetRGBA(pg, got->format, &c[1][0], &c[1][1], &c[1][2], &c[1][3]);
			for (k = 0; k < 4; k++)
				bad |= abs((int)c[0][k] - (int)c[1][k]) > tol;
			n += bad;
			if (d) {
				Uint32 *out = (Uint32 *)((Uint8 *)d->pixels + y * d->pitch) + x;
				*out = bad ? SDL_MapRGB(d->format, 0xd7, 0x30, 0x1f)
					   : SDL_MapRGB(d->format, (Uint8)(191 + c[0][0] / 4),
							(Uint8)(191 + c[0][1] / 4), (Uint8)(191 + c[0][2] / 4));
			}
		}
	if (d) {
		if (n)
			IMG_SavePNG(d, diff_png);
		SDL_FreeSurface(d);
	}
	return n;
}

#endif
