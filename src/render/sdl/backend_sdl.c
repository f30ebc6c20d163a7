/*
 * backend_sdl.c - the SDL2 backend (see backend_sdl.h): rectangles, hatching,
 * lines and arrows with the SDL_Renderer API, text with SDL_ttf rendered
 * once in white and tinted per item. Never initialises the video
 * subsystem itself.
 */
#define _POSIX_C_SOURCE 200809L
#include "sklab/render/sdl.h"

#include "sklab/outfile.h"

#include <SDL_image.h>
#include <SDL_ttf.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define MAX_FONTS 48
#define CACHE_SLOTS 2048 /* power of two */
#define MIN_PX 4
#define MAX_PX 160

typedef struct font_slot {
	TTF_Font *font;
	int face, px;
} font_slot;

/* A white text's coverage as runs of covered pixels, row by row: what
 * tint_runs() blends (a line of text covers a fraction of its box). */
typedef struct cov_run {
	int y, x, n; /* row, first column, pixels */
	size_t off;  /* where its coverage starts in cov */
} cov_run;

typedef struct text_slot {
	char *text; /* NULL = empty */
	int face, px;
	SDL_Texture *tex;
	SDL_Surface *glyphs; /* the same white text as tex's pixels (ARGB8888), or NULL */
	cov_run *runs;	     /* glyphs' covered pixels, NULL when not made */
	unsigned char *cov;
	int nruns;
	int w, h;
	unsigned stamp;
} text_slot;

struct skl_sdl {
	char path[2][1024];
	font_slot fonts[MAX_FONTS];
	int nfonts;
	SDL_Renderer *owner; /* renderer the cached textures belong to */
	text_slot cache[CACHE_SLOTS];
	int ncached;
	unsigned stamp;
	int theme; /* SKL_THEME_* */
	/* skl_sdl_render_surface's software renderer, kept from call to
	 * call so the text it rendered stays cached: it draws into soft_tgt,
	 * whose pixels are those of the surface being drawn (NULL between
	 * calls) */
	SDL_Surface *soft_tgt;
	SDL_Renderer *soft;
	int blend_same; /* tint_blend() gives SDL's pixels: 0 not tried yet, 1 yes, -1 no */
	/* tint_runs()'s table for the last ink: the source pixel and 255 - its
	 * alpha for each coverage */
	skl_color tab_ink;
	int tab_ok;
	Uint32 tab_px[256];
	unsigned tab_ia[256];
};

skl_sdl *skl_sdl_new(const char *font_dir, skl_error *err)
{
	static const char *const files[2] = {"DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf"};
	skl_sdl *s;
	int i;
	if (!TTF_WasInit() && TTF_Init() < 0) {
		skl_errorf(err, "SDL_ttf: %s", TTF_GetError());
		return NULL;
	}
	s = skl_calloc(1, sizeof(*s));
	if (!s) {
		skl_errorf(err, "out of memory");
		return NULL;
	}
	for (i = 0; i < 2; i++) {
		TTF_Font *probe;
		snprintf(s->path[i], sizeof(s->path[i]), "%s/%s", font_dir ? font_dir : ".", files[i]);
		probe = TTF_OpenFont(s->path[i], 12);
		if (!probe) {
			skl_errorf(err, "cannot load font %s: %s", s->path[i], TTF_GetError());
			skl_free(s);
			return NULL;
		}
		TTF_CloseFont(probe);
	}
	return s;
}

static void cache_drop(text_slot *t)
{
	if (t->tex)
		SDL_DestroyTexture(t->tex);
	SDL_FreeSurface(t->glyphs);
	skl_free(t->runs);
	skl_free(t->cov);
	skl_free(t->text);
	memset(t, 0, sizeof(*t));
}

void skl_sdl_forget(skl_sdl *s)
{
	int i;
	for (i = 0; i < CACHE_SLOTS; i++)
		if (s->cache[i].text)
			cache_drop(&s->cache[i]);
	s->ncached = 0;
	s->owner = NULL;
}

/* Drops the kept software renderer (and the text made for it). */
static void soft_drop(skl_sdl *s)
{
	if (!s->soft_tgt)
		return;
	if (s->owner == s->soft)
		skl_sdl_forget(s);
	if (s->soft)
		SDL_DestroyRenderer(s->soft);
	s->soft_tgt->pixels = NULL;
	SDL_FreeSurface(s->soft_tgt); /* its pixels were never its own */
	s->soft_tgt = NULL;
	s->soft = NULL;
}

void skl_sdl_free(skl_sdl *s)
{
	int i;
	if (!s)
		return;
	skl_sdl_forget(s);
	soft_drop(s);
	for (i = 0; i < s->nfonts; i++)
		TTF_CloseFont(s->fonts[i].font);
	skl_free(s);
}

static TTF_Font *get_font(skl_sdl *s, int face, int px)
{
	int i;
	TTF_Font *f;
	for (i = 0; i < s->nfonts; i++)
		if (s->fonts[i].face == face && s->fonts[i].px == px)
			return s->fonts[i].font;
	f = TTF_OpenFont(s->path[face], px);
	if (!f)
		return NULL;
	/* whole-pixel advances: what skl_dl_text_width() assumes */
	TTF_SetFontHinting(f, TTF_HINTING_NORMAL);
	if (s->nfonts == MAX_FONTS) {
		/* drop the oldest size; textures made with it stay valid */
		TTF_CloseFont(s->fonts[0].font);
		memmove(&s->fonts[0], &s->fonts[1], sizeof(s->fonts[0]) * (MAX_FONTS - 1));
		s->nfonts--;
	}
	s->fonts[s->nfonts].font = f;
	s->fonts[s->nfonts].face = face;
	s->fonts[s->nfonts].px = px;
	s->nfonts++;
	return f;
}

static unsigned hash_text(const char *t, int face, int px)
{
	unsigned h = 2166136261u;
	for (; *t; t++)
		h = (h ^ (unsigned char)*t) * 16777619u;
	h = (h ^ (unsigned)face) * 16777619u;
	h = (h ^ (unsigned)px) * 16777619u;
	return h;
}

/* A white texture of text, cached per renderer. NULL on failure. */
static text_slot *get_text(skl_sdl *s, SDL_Renderer *r, const char *text, int face, int px)
{
	unsigned h = hash_text(text, face, px), i, probe;
	text_slot *t = NULL;
	SDL_Surface *surf;
	TTF_Font *font;
	static const SDL_Color white = {255, 255, 255, 255};

	if (s->owner != r) {
		skl_sdl_forget(s);
		s->owner = r;
	}
	for (probe = 0; probe < CACHE_SLOTS; probe++) {
		i = (h + probe) & (CACHE_SLOTS - 1);
		if (!s->cache[i].text) {
			t = &s->cache[i];
			break;
		}
		if (s->cache[i].face == face && s->cache[i].px == px && !strcmp(s->cache[i].text, text)) {
			s->cache[i].stamp = s->stamp;
			return &s->cache[i];
		}
	}
	if (!t || s->ncached > CACHE_SLOTS * 3 / 4) {
		/* full: start over (rare; the next frame refills it) */
		skl_sdl_forget(s);
		s->owner = r;
		t = &s->cache[h & (CACHE_SLOTS - 1)];
	}
	font = get_font(s, face, px);
	if (!font)
		return NULL;
	surf = TTF_RenderUTF8_Blended(font, text, white);
	if (!surf)
		return NULL;
	t->tex = SDL_CreateTextureFromSurface(r, surf);
	t->w = surf->w;
	t->h = surf->h;
	if (t->tex && surf->format->format == SDL_PIXELFORMAT_ARGB8888 && !SDL_MUSTLOCK(surf))
		t->glyphs = surf; /* kept for tint_blend() */
	else
		SDL_FreeSurface(surf);
	if (!t->tex)
		return NULL;
	SDL_SetTextureBlendMode(t->tex, SDL_BLENDMODE_BLEND);
	SDL_SetTextureScaleMode(t->tex, SDL_ScaleModeLinear);
	t->text = skl_strdup(text);
	if (!t->text) {
		SDL_DestroyTexture(t->tex);
		t->tex = NULL;
		return NULL;
	}
	t->face = face;
	t->px = px;
	t->stamp = s->stamp;
	s->ncached++;
	return t;
}

/* ---- themes ------------------------------------------------------------------ */

static void rgb_to_hsl(float r, float g, float b, float *h, float *s, float *l)
{
	float mx = fmaxf(r, fmaxf(g, b)), mn = fminf(r, fminf(g, b)), d = mx - mn;
	*l = (mx + mn) / 2;
	*h = *s = 0;
	if (d < 1e-6f)
		return;
	*s = *l > 0.5f ? d / (2 - mx - mn) : d / (mx + mn);
	if (mx == r)
		*h = (g - b) / d + (g < b ? 6 : 0);
	else if (mx == g)
		*h = (b - r) / d + 2;
	else
		*h = (r - g) / d + 4;
	*h /= 6;
}

static float hue_to_rgb(float p, float q, float t)
{
	if (t < 0)
		t += 1;
	if (t > 1)
		t -= 1;
	if (t < 1.0f / 6)
		return p + (q - p) * 6 * t;
	if (t < 0.5f)
		return q;
	if (t < 2.0f / 3)
		return p + (q - p) * (2.0f / 3 - t) * 6;
	return p;
}

static skl_color hsl_color(float h, float s, float l, unsigned a)
{
	float r, g, b;
	if (s < 1e-6f) {
		r = g = b = l;
	} else {
		float q = l < 0.5f ? l * (1 + s) : l + s - l * s, p = 2 * l - q;
		r = hue_to_rgb(p, q, h + 1.0f / 3);
		g = hue_to_rgb(p, q, h);
		b = hue_to_rgb(p, q, h - 1.0f / 3);
	}
	return (SKL_RGB(lrintf(r * 255), lrintf(g * 255), lrintf(b * 255)) & ~0xffu) | (a & 0xffu);
}

skl_color skl_sdl_theme_color(int theme, skl_color c)
{
	float h, s, l;
	if (theme == SKL_THEME_LIGHT)
		return c;
	rgb_to_hsl((float)SKL_R(c) / 255, (float)SKL_G(c) / 255, (float)SKL_B(c) / 255, &h, &s, &l);
	if (theme == SKL_THEME_DARK_HC) {
		/* lightness inverted, hue kept; pale fills become deep ones */
		l = 1 - l;
		if (l > 0.5f && s < 0.2f)
			l = fminf(1, l + 0.06f);
		return hsl_color(h, s, l, SKL_A(c));
	}
	/* light, high contrast: mid greys (secondary ink, rules) darker */
	if (s < 0.3f && l > 0.2f && l < 0.6f)
		return hsl_color(h, s, l * 0.5f, SKL_A(c));
	return c;
}

void skl_sdl_set_theme(skl_sdl *s, int theme)
{
	s->theme = theme;
}

int skl_sdl_theme(const skl_sdl *s)
{
	return s->theme;
}

/* ---- primitives ------------------------------------------------------------ */

/* What the primitives draw with: the renderer, and the surface it draws
 * into when that may be filled directly (the software renderer of
 * skl_sdl_render_surface, no viewport): an opaque box is then one
 * SDL_FillRect, the very call the software renderer makes for it, without
 * the renderer's command in between. */
typedef struct pen {
	SDL_Renderer *r;
	SDL_Surface *direct; /* NULL = through r only */
	int theme;
	int opaque; /* the colour set is opaque ... */
	Uint32 px;  /* ... and this pixel in direct's format */
} pen;

static void set_color(pen *p, skl_color c)
{
	c = skl_sdl_theme_color(p->theme, c);
	p->opaque = SKL_A(c) == 255;
	if (p->direct && p->opaque)
		p->px = SDL_MapRGBA(p->direct->format, (Uint8)SKL_R(c), (Uint8)SKL_G(c), (Uint8)SKL_B(c), 255);
	SDL_SetRenderDrawBlendMode(p->r, p->opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
	SDL_SetRenderDrawColor(p->r, (Uint8)SKL_R(c), (Uint8)SKL_G(c), (Uint8)SKL_B(c), (Uint8)SKL_A(c));
}

typedef struct ibox {
	int x0, y0, x1, y1;
} ibox;

static ibox to_box(const skl_xform *xf, float x, float y, float w, float h)
{
	ibox b;
	b.x0 = (int)lrintf(x * xf->scale + xf->dx);
	b.y0 = (int)lrintf(y * xf->scale + xf->dy);
	b.x1 = (int)lrintf((x + w) * xf->scale + xf->dx);
	b.y1 = (int)lrintf((y + h) * xf->scale + xf->dy);
	/* never let a visible item vanish by rounding */
	if (b.x1 == b.x0 && w > 0)
		b.x1++;
	if (b.y1 == b.y0 && h > 0)
		b.y1++;
	return b;
}

enum { NARROW_FILL = 32 }; /* pixels: a box this wide or less is filled store by store */

/* Fills rc (clipped to the surface's clip rectangle) of a 32-bit surface
 * with the pixel px: the pixels SDL_FillRect writes, with plain stores.
 * SDL's own fill streams each row past the caches (non-temporal stores),
 * which for the thousands of small boxes of a big view cost a trip to
 * memory per row of every box, and a miss for whatever is drawn over it
 * next. */
static void direct_fill(SDL_Surface *surf, const SDL_Rect *rc, Uint32 px)
{
	SDL_Rect c;
	Uint32 *first;
	size_t len;
	int x, y;
	if (!SDL_IntersectRect(rc, &surf->clip_rect, &c))
		return;
	first = (Uint32 *)((Uint8 *)surf->pixels + (size_t)c.y * (size_t)surf->pitch) + c.x;
	len = (size_t)c.w * 4;
	if (c.w <= NARROW_FILL) { /* a slab view's object or border: stores, not a call per row */
		Uint32 *row = first;
		for (y = 0; y < c.h; y++, row = (Uint32 *)((Uint8 *)row + surf->pitch))
			for (x = 0; x < c.w; x++)
				row[x] = px;
		return;
	}
	if (px == (px & 0xffu) * 0x01010101u) { /* white, black: every byte the same */
		for (y = 0; y < c.h; y++)
			memset((Uint8 *)first + (size_t)y * (size_t)surf->pitch, (int)(px & 0xffu), len);
		return;
	}
	/* one row pixel by pixel, the others copies of it (vector stores) */
	for (x = 0; x < c.w; x++)
		first[x] = px;
	for (y = 1; y < c.h; y++)
		memcpy((Uint8 *)first + (size_t)y * (size_t)surf->pitch, first, len);
}

static void fill_box(pen *p, int x0, int y0, int x1, int y1)
{
	SDL_Rect rc;
	if (x1 <= x0 || y1 <= y0)
		return;
	rc.x = x0;
	rc.y = y0;
	rc.w = x1 - x0;
	rc.h = y1 - y0;
	if (p->direct && p->opaque)
		direct_fill(p->direct, &rc, p->px);
	else
		SDL_RenderFillRect(p->r, &rc);
}

/* An outline of width t inside the box. */
static void outline(pen *p, ibox b, int t)
{
	if (b.x1 - b.x0 <= 2 * t || b.y1 - b.y0 <= 2 * t) {
		fill_box(p, b.x0, b.y0, b.x1, b.y1);
		return;
	}
	fill_box(p, b.x0, b.y0, b.x1, b.y0 + t);
	fill_box(p, b.x0, b.y1 - t, b.x1, b.y1);
	fill_box(p, b.x0, b.y0 + t, b.x0 + t, b.y1 - t);
	fill_box(p, b.x1 - t, b.y0 + t, b.x1, b.y1 - t);
}

static int stroke_px(const skl_xform *xf, float w)
{
	int t = (int)lrintf(w * xf->scale);
	return t < 1 ? 1 : t;
}

static void draw_rect(pen *p, const skl_xform *xf, const skl_dl_item *it)
{
	ibox b = to_box(xf, it->x, it->y, it->w, it->h);
	if (SKL_A(it->fill)) {
		set_color(p, it->fill);
		fill_box(p, b.x0, b.y0, b.x1, b.y1);
	}
	if (it->stroke_w > 0 && SKL_A(it->stroke)) {
		set_color(p, it->stroke);
		outline(p, b, stroke_px(xf, it->stroke_w));
	}
}

/* 45-degree lines x + y = c, anchored to the canvas origin so every
 * backend puts them in the same place. */
static void draw_hatch(pen *p, const skl_xform *xf, const skl_dl_item *it)
{
	ibox b = to_box(xf, it->x, it->y, it->w, it->h);
	double step = (double)it->spacing * 1.41421356 * xf->scale;
	double origin = (double)xf->dx + (double)xf->dy;
	double c;
	int lw = stroke_px(xf, it->stroke_w);
	if (SKL_A(it->fill)) {
		set_color(p, it->fill);
		fill_box(p, b.x0, b.y0, b.x1, b.y1);
	}
	if (step < 2 || b.x1 <= b.x0 || b.y1 <= b.y0)
		return;
	set_color(p, it->stroke);
	c = origin + ceil(((double)(b.x0 + b.y0) - origin) / step) * step;
	for (; c < (double)(b.x1 + b.y1); c += step) {
		int k;
		for (k = 0; k < lw; k++) {
			int cc = (int)floor(c) + k;
			int xa = cc - (b.y1 - 1), xb = cc - b.y0;
			if (xa < b.x0)
				xa = b.x0;
			if (xb > b.x1 - 1)
				xb = b.x1 - 1;
			if (xa <= xb)
				SDL_RenderDrawLine(p->r, xa, cc - xa, xb, cc - xb);
		}
	}
}

static void draw_line(pen *p, const skl_xform *xf, const skl_dl_item *it)
{
	float x1 = it->x * xf->scale + xf->dx, y1 = it->y * xf->scale + xf->dy;
	float x2 = (it->x + it->w) * xf->scale + xf->dx, y2 = (it->y + it->h) * xf->scale + xf->dy;
	float lw = it->stroke_w * xf->scale;
	float dx = x2 - x1, dy = y2 - y1, len = sqrtf(dx * dx + dy * dy);
	SDL_Color c;
	skl_color sc = skl_sdl_theme_color(p->theme, it->stroke);
	c.r = (Uint8)SKL_R(sc);
	c.g = (Uint8)SKL_G(sc);
	c.b = (Uint8)SKL_B(sc);
	c.a = (Uint8)SKL_A(sc);
	set_color(p, it->stroke);
	if (len < 0.01f)
		return;
	if (it->kind == SKL_DL_ARROW) {
		float hl = 4 * (lw < 1 ? 1 : lw) + 6, hw = hl * 0.5f;
		float ux = dx / len, uy = dy / len;
		SDL_Vertex v[3];
		if (hl > len)
			hl = len;
		memset(v, 0, sizeof(v));
		v[0].position.x = x2;
		v[0].position.y = y2;
		v[1].position.x = x2 - ux * hl - uy * hw;
		v[1].position.y = y2 - uy * hl + ux * hw;
		v[2].position.x = x2 - ux * hl + uy * hw;
		v[2].position.y = y2 - uy * hl - ux * hw;
		v[0].color = v[1].color = v[2].color = c;
		SDL_RenderGeometry(p->r, NULL, v, 3, NULL, 0);
		x2 -= ux * hl * 0.9f;
		y2 -= uy * hl * 0.9f;
	}
	if (lw <= 1.25f) {
		SDL_RenderDrawLineF(p->r, x1, y1, x2, y2);
	} else if (dx == 0 || dy == 0) {
		float h = lw / 2;
		fill_box(p, (int)lrintf(fminf(x1, x2) - (dx == 0 ? h : 0)),
			 (int)lrintf(fminf(y1, y2) - (dy == 0 ? h : 0)), (int)lrintf(fmaxf(x1, x2) + (dx == 0 ? h : 0)),
			 (int)lrintf(fmaxf(y1, y2) + (dy == 0 ? h : 0)));
	} else {
		float nx = -dy / len * lw / 2, ny = dx / len * lw / 2;
		SDL_Vertex v[4];
		int idx[6] = {0, 1, 2, 2, 1, 3};
		memset(v, 0, sizeof(v));
		v[0].position.x = x1 + nx;
		v[0].position.y = y1 + ny;
		v[1].position.x = x1 - nx;
		v[1].position.y = y1 - ny;
		v[2].position.x = x2 + nx;
		v[2].position.y = y2 + ny;
		v[3].position.x = x2 - nx;
		v[3].position.y = y2 - ny;
		v[0].color = v[1].color = v[2].color = v[3].color = c;
		SDL_RenderGeometry(p->r, NULL, v, 4, idx, 6);
	}
}

/*
 * Text tinted and blended straight into a surface: for each pixel of the
 * white glyphs g (ARGB8888) at (x, y) of d (ARGB8888), what SDL's blitter
 * computes for a tinted texture (colour and alpha modulation, then "blend"):
 * the glyphs' coverage times the ink's alpha, the ink premultiplied by it,
 * over what is there. A pixel with no coverage leaves d as it is, so most
 * of a line of text costs a load and a compare; SDL's generic blitter does
 * the arithmetic for every pixel of the box. Only used where
 * tint_blend_same() found the very pixels SDL gives.
 */
static void tint_blend(const SDL_Surface *g, SDL_Surface *d, int x, int y, skl_color ink)
{
	const unsigned mr = SKL_R(ink), mg = SKL_G(ink), mb = SKL_B(ink), ma = SKL_A(ink);
	int x0 = x, y0 = y, x1 = x + g->w, y1 = y + g->h, i, j;
	const SDL_Rect *c = &d->clip_rect;
	if (x0 < c->x)
		x0 = c->x;
	if (y0 < c->y)
		y0 = c->y;
	if (x1 > c->x + c->w)
		x1 = c->x + c->w;
	if (y1 > c->y + c->h)
		y1 = c->y + c->h;
	for (j = y0; j < y1; j++) {
		const Uint32 *sp = (const Uint32 *)((const Uint8 *)g->pixels + (size_t)(j - y) * (size_t)g->pitch) - x;
		Uint32 *dp = (Uint32 *)((Uint8 *)d->pixels + (size_t)j * (size_t)d->pitch);
		for (i = x0; i < x1; i++) {
			Uint32 sv = sp[i], dv;
			unsigned sa = sv >> 24, sr, sg, sb, ia;
			if (!sa)
				continue;
			sr = ((sv >> 16) & 0xffu) * mr / 255;
			sg = ((sv >> 8) & 0xffu) * mg / 255;
			sb = (sv & 0xffu) * mb / 255;
			sa = sa * ma / 255;
			if (sa < 255) {
				sr = sr * sa / 255;
				sg = sg * sa / 255;
				sb = sb * sa / 255;
			}
			dv = dp[i];
			ia = 255 - sa;
			dp[i] =
			    (Uint32)((sa + ia * (dv >> 24) / 255) << 24 | (sr + ia * ((dv >> 16) & 0xffu) / 255) << 16 |
				     (sg + ia * ((dv >> 8) & 0xffu) / 255) << 8 | (sb + ia * (dv & 0xffu) / 255));
		}
	}
}

/* 1 when tint_blend() gives the pixels this SDL's blitter gives, tried
 * once on every coverage over a few inks and backgrounds; else 0 (and
 * text goes through SDL_RenderCopy, as in a window). */
static int tint_blend_same(skl_sdl *s)
{
	static const skl_color inks[] = {SKL_RGB(0x1f, 0x26, 0x30), SKL_RGB(200, 100, 50), 0xd55e0080u, 0x11111101u,
					 0xffffff7fu};
	static const Uint32 bgs[] = {0xffffffffu, 0xff3a7bd5u, 0xff000000u, 0xffe8f1f8u};
	SDL_Surface *g, *a, *b;
	size_t k, m;
	int i, same = 1;
	if (s->blend_same)
		return s->blend_same > 0;
	g = SDL_CreateRGBSurfaceWithFormat(0, 256, 1, 32, SDL_PIXELFORMAT_ARGB8888);
	a = SDL_CreateRGBSurfaceWithFormat(0, 256, 1, 32, SDL_PIXELFORMAT_ARGB8888);
	b = SDL_CreateRGBSurfaceWithFormat(0, 256, 1, 32, SDL_PIXELFORMAT_ARGB8888);
	if (!g || !a || !b)
		same = 0;
	for (i = 0; same && i < 256; i++)
		((Uint32 *)g->pixels)[i] = (Uint32)i << 24 | 0xffffffu;
	if (same)
		SDL_SetSurfaceBlendMode(g, SDL_BLENDMODE_BLEND);
	for (k = 0; same && k < sizeof(inks) / sizeof(inks[0]); k++)
		for (m = 0; same && m < sizeof(bgs) / sizeof(bgs[0]); m++) {
			for (i = 0; i < 256; i++)
				((Uint32 *)a->pixels)[i] = ((Uint32 *)b->pixels)[i] = bgs[m];
			SDL_SetSurfaceColorMod(g, (Uint8)SKL_R(inks[k]), (Uint8)SKL_G(inks[k]), (Uint8)SKL_B(inks[k]));
			SDL_SetSurfaceAlphaMod(g, (Uint8)SKL_A(inks[k]));
			if (SDL_BlitSurface(g, NULL, a, NULL) < 0)
				same = 0;
			tint_blend(g, b, 0, 0, inks[k]);
			if (memcmp(a->pixels, b->pixels, 256 * 4) != 0)
				same = 0;
		}
	SDL_FreeSurface(g);
	SDL_FreeSurface(a);
	SDL_FreeSurface(b);
	s->blend_same = same ? 1 : -1;
	return same;
}

/* The runs of t's glyphs when every pixel is white (as SDL_ttf renders
 * white text: only the alpha varies); 0, or -1 when not so or out of memory. */
static int make_runs(text_slot *t)
{
	const SDL_Surface *g = t->glyphs;
	int x, y, n = 0, cap = 0;
	size_t ncov = 0;
	if (t->runs)
		return 0;
	for (y = 0; y < g->h; y++) {
		const Uint32 *row = (const Uint32 *)((const Uint8 *)g->pixels + (size_t)y * (size_t)g->pitch);
		for (x = 0; x < g->w; x++) {
			if ((row[x] & 0xffffffu) != 0xffffffu)
				return -1;
			ncov += (row[x] >> 24) != 0;
		}
	}
	t->cov = skl_malloc(ncov ? ncov : 1);
	if (!t->cov)
		return -1;
	ncov = 0;
	for (y = 0; y < g->h; y++) {
		const Uint32 *row = (const Uint32 *)((const Uint8 *)g->pixels + (size_t)y * (size_t)g->pitch);
		for (x = 0; x < g->w;) {
			int x0;
			if (!(row[x] >> 24)) {
				x++;
				continue;
			}
			if (n == cap) {
				int nc = cap ? cap * 2 : 64;
				cov_run *nr = skl_realloc(t->runs, (size_t)nc * sizeof(*nr));
				if (!nr) {
					skl_free(t->runs);
					skl_free(t->cov);
					t->runs = NULL;
					t->cov = NULL;
					return -1;
				}
				t->runs = nr;
				cap = nc;
			}
			t->runs[n].y = y;
			t->runs[n].x = x0 = x;
			t->runs[n].off = ncov;
			for (; x < g->w && (row[x] >> 24); x++)
				t->cov[ncov++] = (unsigned char)(row[x] >> 24);
			t->runs[n++].n = x - x0;
		}
	}
	if (!t->runs) /* nothing covered: one empty run */
		t->runs = skl_calloc(1, sizeof(*t->runs));
	t->nruns = n;
	return t->runs ? 0 : -1;
}

/* tint_blend() for white glyphs, over their covered pixels only, with a
 * table per ink: the same pixels. */
static void tint_runs(skl_sdl *s, const text_slot *t, SDL_Surface *d, int x, int y, skl_color ink)
{
	const SDL_Rect *c = &d->clip_rect;
	int k;
	if (!s->tab_ok || s->tab_ink != ink) {
		const unsigned mr = SKL_R(ink), mg = SKL_G(ink), mb = SKL_B(ink), ma = SKL_A(ink);
		for (k = 0; k < 256; k++) {
			unsigned sa = (unsigned)k * ma / 255, sr = mr, sg = mg, sb = mb;
			if (sa < 255) {
				sr = sr * sa / 255;
				sg = sg * sa / 255;
				sb = sb * sa / 255;
			}
			s->tab_px[k] = (Uint32)(sa << 24 | sr << 16 | sg << 8 | sb);
			s->tab_ia[k] = 255 - sa;
		}
		s->tab_ink = ink;
		s->tab_ok = 1;
	}
	for (k = 0; k < t->nruns; k++) {
		const cov_run *r = &t->runs[k];
		int row = y + r->y, i0 = x + r->x, i1 = i0 + r->n, i;
		const unsigned char *cv;
		Uint32 *dp;
		if (row < c->y || row >= c->y + c->h)
			continue;
		cv = t->cov + r->off - i0;
		if (i0 < c->x)
			i0 = c->x;
		if (i1 > c->x + c->w)
			i1 = c->x + c->w;
		dp = (Uint32 *)((Uint8 *)d->pixels + (size_t)row * (size_t)d->pitch);
		for (i = i0; i < i1; i++) {
			unsigned a = cv[i], ia = s->tab_ia[a];
			Uint32 sv = s->tab_px[a], dv = dp[i];
			if (!ia) {
				dp[i] = sv;
				continue;
			}
			dp[i] = (Uint32)(((sv >> 24) + ia * (dv >> 24) / 255) << 24 |
					 (((sv >> 16) & 0xffu) + ia * ((dv >> 16) & 0xffu) / 255) << 16 |
					 (((sv >> 8) & 0xffu) + ia * ((dv >> 8) & 0xffu) / 255) << 8 |
					 ((sv & 0xffu) + ia * (dv & 0xffu) / 255));
		}
	}
}

static int draw_text(skl_sdl *s, SDL_Renderer *r, SDL_Surface *direct, const skl_xform *xf, const skl_dl_item *it)
{
	int px = (int)lrintf(it->size * xf->scale);
	float bx = it->x * xf->scale + xf->dx, by = it->y * xf->scale + xf->dy;
	float bw = it->w * xf->scale, bh = it->h * xf->scale;
	text_slot *t;
	SDL_Rect dst;
	if (px < MIN_PX)
		return 0; /* too small to read: leave it out */
	if (px > MAX_PX)
		px = MAX_PX;
	t = get_text(s, r, it->text, it->font == SKL_FONT_BOLD ? 1 : 0, px);
	if (!t)
		return -1;
	dst.w = t->w;
	dst.h = t->h;
	if ((float)dst.w > bw + 1 && bw > 0) {
		/* never spill out of the box: squeeze (views measure, so this is rare) */
		dst.h = (int)lrintf((float)t->h * (bw / (float)t->w));
		dst.w = (int)floorf(bw);
	}
	if (it->align == SKL_ALIGN_CENTER)
		dst.x = (int)lrintf(bx + (bw - (float)dst.w) / 2);
	else if (it->align == SKL_ALIGN_RIGHT)
		dst.x = (int)lrintf(bx + bw - (float)dst.w);
	else
		dst.x = (int)lrintf(bx);
	dst.y = (int)lrintf(by + (bh - (float)dst.h) / 2);
	{
		skl_color ink = skl_sdl_theme_color(s->theme, it->fill);
		/* white opaque ink is no modulation: SDL blends that another way */
		if (direct && t->glyphs && dst.w == t->w && dst.h == t->h && ink != 0xffffffffu && tint_blend_same(s)) {
			if (make_runs(t) == 0)
				tint_runs(s, t, direct, dst.x, dst.y, ink);
			else
				tint_blend(t->glyphs, direct, dst.x, dst.y, ink);
			return 0;
		}
		SDL_SetTextureColorMod(t->tex, (Uint8)SKL_R(ink), (Uint8)SKL_G(ink), (Uint8)SKL_B(ink));
		SDL_SetTextureAlphaMod(t->tex, (Uint8)SKL_A(ink));
	}
	SDL_RenderCopy(r, t->tex, NULL, &dst);
	return 0;
}

/* skl_sdl_draw, filling opaque boxes straight into direct when not NULL
 * (the surface r draws into, with no viewport set). */
static int draw_list(skl_sdl *s, SDL_Renderer *r, SDL_Surface *direct, const skl_dl *dl, const skl_xform *xf,
		     skl_error *err)
{
	skl_xform id = {1, 0, 0};
	const skl_dl_item *items = skl_dl_items(dl); /* drawing reads no tooltip */
	int i, n = skl_dl_count(dl), failed = 0;
	SDL_Rect vp;
	pen p;
	p.r = r;
	p.direct = direct;
	p.theme = s->theme;
	p.opaque = 0;
	p.px = 0;
	if (!xf)
		xf = &id;
	s->stamp++;
	SDL_RenderGetViewport(r, &vp);
	for (i = 0; i < n; i++) {
		const skl_dl_item *it = &items[i];
		/* skip what is off screen */
		float x0 = fminf(it->x, it->x + it->w) * xf->scale + xf->dx - 8;
		float x1 = fmaxf(it->x, it->x + it->w) * xf->scale + xf->dx + 8;
		float y0 = fminf(it->y, it->y + it->h) * xf->scale + xf->dy - 8;
		float y1 = fmaxf(it->y, it->y + it->h) * xf->scale + xf->dy + 8;
		if (vp.w > 0 && (x1 < 0 || y1 < 0 || x0 > (float)vp.w || y0 > (float)vp.h))
			continue;
		switch (it->kind) {
		case SKL_DL_RECT:
			draw_rect(&p, xf, it);
			break;
		case SKL_DL_HATCH:
			draw_hatch(&p, xf, it);
			break;
		case SKL_DL_LINE:
		case SKL_DL_ARROW:
			draw_line(&p, xf, it);
			break;
		case SKL_DL_TEXT:
			if (draw_text(s, r, direct, xf, it) < 0)
				failed = 1;
			break;
		}
	}
	/* drop text not used by this draw, so the cache tracks what is on screen */
	for (i = 0; i < CACHE_SLOTS; i++) {
		text_slot *t = &s->cache[i];
		if (t->text && s->stamp - t->stamp > 2) {
			cache_drop(t);
			s->ncached--;
		}
	}
	if (failed)
		return skl_errorf(err, "text rendering failed: %s", TTF_GetError());
	return 0;
}

int skl_sdl_draw(skl_sdl *s, SDL_Renderer *r, const skl_dl *dl, const skl_xform *xf, skl_error *err)
{
	return draw_list(s, r, NULL, dl, xf, err);
}

/* 1 when the list's first item is an opaque box over all of the w x h
 * pixels (a view's background): a clear before it would not show. */
static int covers(const skl_sdl *s, const skl_dl *dl, const skl_xform *xf, int w, int h)
{
	const skl_dl_item *it = skl_dl_count(dl) > 0 ? skl_dl_at(dl, 0) : NULL;
	ibox b;
	if (!it || it->kind != SKL_DL_RECT || SKL_A(skl_sdl_theme_color(s->theme, it->fill)) != 255)
		return 0;
	b = to_box(xf, it->x, it->y, it->w, it->h);
	return b.x0 <= 0 && b.y0 <= 0 && b.x1 >= w && b.y1 >= h;
}

/* The kept software renderer, drawing into surf's pixels; NULL with err
 * set. A new size makes a new renderer (and drops its text). */
static SDL_Renderer *soft_renderer(skl_sdl *s, SDL_Surface *surf, skl_error *err)
{
	if (s->soft_tgt &&
	    (s->soft_tgt->w != surf->w || s->soft_tgt->h != surf->h || s->soft_tgt->pitch != surf->pitch))
		soft_drop(s);
	if (!s->soft_tgt) {
		s->soft_tgt = SDL_CreateRGBSurfaceWithFormatFrom(surf->pixels, surf->w, surf->h, 32, surf->pitch,
								 SDL_PIXELFORMAT_ARGB8888);
		s->soft = s->soft_tgt ? SDL_CreateSoftwareRenderer(s->soft_tgt) : NULL;
		if (!s->soft) {
			skl_errorf(err, "SDL software renderer: %s", SDL_GetError());
			soft_drop(s);
			return NULL;
		}
	}
	s->soft_tgt->pixels = surf->pixels;
	return s->soft;
}

SDL_Surface *skl_sdl_render_surface(skl_sdl *s, const skl_dl *dl, int w, int h, const skl_xform *xf, skl_error *err)
{
	SDL_Surface *surf;
	SDL_Renderer *r;
	skl_xform fit;
	int rc;
	if (w <= 0 || h <= 0) {
		skl_errorf(err, "bad image size %dx%d", w, h);
		return NULL;
	}
	surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
	if (!surf) {
		skl_errorf(err, "SDL: %s", SDL_GetError());
		return NULL;
	}
	r = soft_renderer(s, surf, err);
	if (!r) {
		SDL_FreeSurface(surf);
		return NULL;
	}
	if (!xf) {
		float sx = (float)w / skl_dl_width(dl), sy = (float)h / skl_dl_height(dl);
		fit.scale = sx < sy ? sx : sy;
		fit.dx = ((float)w - skl_dl_width(dl) * fit.scale) / 2;
		fit.dy = ((float)h - skl_dl_height(dl) * fit.scale) / 2;
		xf = &fit;
	}
	SDL_SetClipRect(s->soft_tgt, NULL);
	if (!covers(s, dl, xf, w, h)) {
		/* the clear, as the software renderer's, in plain stores */
		skl_color bg = skl_sdl_theme_color(s->theme, SKL_HEX(0xffffff));
		SDL_Rect all = {0, 0, w, h};
		direct_fill(
		    s->soft_tgt, &all,
		    SDL_MapRGBA(s->soft_tgt->format, (Uint8)SKL_R(bg), (Uint8)SKL_G(bg), (Uint8)SKL_B(bg), 255));
	}
	rc = draw_list(s, r, s->soft_tgt, dl, xf, err);
	SDL_RenderPresent(r);
	s->soft_tgt->pixels = NULL; /* surf's own again */
	if (rc < 0) {
		SDL_FreeSurface(surf);
		return NULL;
	}
	return surf;
}

/* An SDL_RWops that writes to a sink (hidden.unknown.data1) and never
 * reads or seeks: all SDL_image's PNG writer needs. */
static size_t rw_sink_write(SDL_RWops *rw, const void *p, size_t size, size_t num)
{
	const skl_sink *out = rw->hidden.unknown.data1;
	if (size && num)
		out->write(out->ud, p, size * num);
	return num;
}

static Sint64 rw_sink_size(SDL_RWops *rw)
{
	(void)rw;
	return -1;
}

static Sint64 rw_sink_seek(SDL_RWops *rw, Sint64 off, int whence)
{
	(void)rw;
	(void)off;
	(void)whence;
	return SDL_SetError("a sink cannot seek");
}

static size_t rw_sink_read(SDL_RWops *rw, void *p, size_t size, size_t num)
{
	(void)rw;
	(void)p;
	(void)size;
	(void)num;
	SDL_SetError("a sink cannot be read");
	return 0;
}

static int rw_sink_close(SDL_RWops *rw)
{
	SDL_FreeRW(rw);
	return 0;
}

int skl_sdl_write_png_sink(skl_sdl *s, const skl_dl *dl, int w, int h, const skl_sink *out, skl_error *err)
{
	SDL_Surface *surf;
	SDL_RWops *rw;
	int rc;
	if (w <= 0)
		w = (int)lrintf(skl_dl_width(dl));
	if (h <= 0)
		h = (int)lrintf(skl_dl_height(dl));
	surf = skl_sdl_render_surface(s, dl, w, h, NULL, err);
	if (!surf)
		return -1;
	rw = SDL_AllocRW();
	if (!rw) {
		SDL_FreeSurface(surf);
		return skl_errorf(err, "out of memory");
	}
	rw->type = SDL_RWOPS_UNKNOWN;
	rw->size = rw_sink_size;
	rw->seek = rw_sink_seek;
	rw->read = rw_sink_read;
	rw->write = rw_sink_write;
	rw->close = rw_sink_close;
	rw->hidden.unknown.data1 = (void *)out;
	/* SDL_image does not check its writes; the sink's owner does */
	rc = IMG_SavePNG_RW(surf, rw, 1);
	SDL_FreeSurface(surf);
	if (rc < 0)
		return skl_errorf(err, "PNG: %s", IMG_GetError());
	return 0;
}

int skl_sdl_write_png(skl_sdl *s, const skl_dl *dl, int w, int h, const char *path, skl_error *err)
{
	skl_outfile f;
	skl_sink sink;
	if (skl_outfile_open(&f, AT_FDCWD, path, err) < 0)
		return -1;
	sink = skl_outfile_sink(&f);
	if (skl_sdl_write_png_sink(s, dl, w, h, &sink, err) < 0) {
		skl_outfile_abort(&f);
		return -1;
	}
	return skl_outfile_commit(&f, NULL, err);
}
