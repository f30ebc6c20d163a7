/*
 * shell.c - the desktop app (see shell.h): one window for the whole
 * session. It starts on the scenario list (or a scenario given on the
 * command line), opens the chosen one, reruns it whenever its file is
 * saved (polling the file's stamp every 250 ms, no inotify), keeps the
 * step, and shows a script error in the window with file:line and the
 * source line while the last good run stays on screen.
 */
#define _POSIX_C_SOURCE 200809L
#include "shell.h"

#include "app.h"
#include "sklab/runtime.h"
#include "sklab/textsafe.h"
#include "sklab/render/view_scene.h"
#include "window.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define POLL_MS 250
#define TYPE_MS 1500 /* digits typed on the start screen make one number within this */

typedef struct entry {
	char path[4096];
	char file[256];
	char title[256], goal[1024], profile[64];
	int ok;
} entry;

typedef struct shell {
	skl_shell_opts o;
	skl_window *w;
	entry *entries;
	skl_start_entry *se;
	int n, sel;
	skl_start_grid grid; /* the start screen's, as last drawn */
	char typed[8];	     /* digits typed there, "" = none */
	Uint32 typed_t;	     /* when the last one was */
	int on_start, has_start, opened_once;
	char path[4096];
	skl_session good; /* the run on screen */
	int have_good;
	/* the last failed run */
	int have_error;
	skl_error err;
	char where[300], src[512];
	skl_stamp stamp;
	int have_stamp;
	Uint32 last_poll;
	int status;
} shell;

/* ---- the start screen ---------------------------------------------------------------- */

static int load_entries(shell *sh)
{
	char dir[4096];
	char **names;
	int n, i;
	snprintf(dir, sizeof(dir), "%s/scenarios", skl_app_data_dir());
	n = skl_app_list_scenarios(dir, &names);
	if (n <= 0)
		return n < 0 ? -1 : 0;
	sh->entries = calloc((size_t)n, sizeof(*sh->entries));
	sh->se = calloc((size_t)n, sizeof(*sh->se));
	if (!sh->entries || !sh->se) {
		skl_app_free_list(names, n);
		return -1;
	}
	for (i = 0; i < n; i++) {
		entry *e = &sh->entries[i];
		const char *base = strrchr(names[i], '/') ? strrchr(names[i], '/') + 1 : names[i];
		snprintf(e->path, sizeof(e->path), "%s", names[i]);
		snprintf(e->file, sizeof(e->file), "%s", base);
		skl_error err;
		skl_error_clear(&err);
		e->ok = skl_data_scenario_info(names[i], e->title, sizeof(e->title), e->goal, sizeof(e->goal),
					       e->profile, sizeof(e->profile), &err) == 0;
		if (!e->ok) /* the card says why (the header reader's limits, a load error) */
			skl_error_format(&err, e->goal, sizeof(e->goal));
		sh->se[i].file = e->file;
		sh->se[i].title = e->ok ? e->title : NULL;
		sh->se[i].goal = e->ok || e->goal[0] ? e->goal : NULL;
		sh->se[i].profile = e->ok ? e->profile : NULL;
	}
	sh->n = n;
	skl_app_free_list(names, n);
	return n;
}

static int start_page(void *ud, skl_dl *dl, float u)
{
	shell *sh = ud;
	return skl_view_start(dl, sh->se, sh->n, sh->sel, sh->typed, &sh->grid, u);
}

static void show_start(shell *sh)
{
	sh->on_start = 1;
	skl_window_set_panel(sh->w, NULL, NULL);
	skl_window_set_page(sh->w, start_page, sh);
	SDL_SetWindowTitle(skl_window_sdl(sh->w), "sklab \xe2\x80\x94 scenarios");
}

/* ---- errors ----------------------------------------------------------------------------- */

static void fill_panel(const shell *sh, skl_error_panel *p, const char *note)
{
	memset(p, 0, sizeof(*p));
	p->title = "Script error";
	p->where = sh->where[0] ? sh->where : NULL;
	p->message = sh->err.msg;
	p->source = sh->src[0] ? sh->src : NULL;
	p->line = sh->err.line;
	p->col = sh->err.col;
	p->note = note;
}

static int error_panel(void *ud, skl_dl *dl, float x, float y, float w, float u)
{
	shell *sh = ud;
	skl_error_panel p;
	char note[160];
	snprintf(note, sizeof(note), "Showing the last good run. Save the file to reload it.");
	fill_panel(sh, &p, note);
	return skl_view_error(dl, x, y, w, 0, u, &p) < 0 ? -1 : 0;
}

static int error_page(void *ud, skl_dl *dl, float u)
{
	shell *sh = ud;
	skl_error_panel p;
	float W = skl_dl_width(dl), H = skl_dl_height(dl), pw = W - 80 * u;
	const char *base = strrchr(sh->path, '/') ? strrchr(sh->path, '/') + 1 : sh->path;
	if (pw > 1400 * u)
		pw = 1400 * u;
	skl_dl_rect(dl, 0, 0, W, H, SKL_HEX(0xffffff), 0, 0);
	skl_dl_text(dl, (W - pw) / 2, 30 * u, pw, 40 * u, base, 24 * u, SKL_FONT_BOLD, SKL_ALIGN_LEFT,
		    SKL_HEX(0x1f2630));
	fill_panel(sh, &p,
		   sh->has_start ? "Fix the file and save it: the window reloads it. Escape: back to the scenarios."
				 : "Fix the file and save it: the window reloads it. Q quits.");
	return skl_view_error(dl, (W - pw) / 2, 90 * u, pw, H - 120 * u, u, &p) < 0 ? -1 : 0;
}

static void record_error(shell *sh, const skl_session *s)
{
	sh->have_error = 1;
	sh->err = s->err;
	sh->where[0] = sh->src[0] = 0;
	if (s->err.file[0] && s->err.line > 0)
		snprintf(sh->where, sizeof(sh->where), "%s:%d", s->err.file, s->err.line);
	else if (s->err.file[0])
		snprintf(sh->where, sizeof(sh->where), "%s", s->err.file);
	if (s->err.file[0] && s->err.line > 0 &&
	    skl_source_line(s->err.file, s->err.line, sh->src, sizeof(sh->src)) < 0) {
		/* the error names the file relative to the data directory, or as given */
		if (skl_source_line(sh->path, s->err.line, sh->src, sizeof(sh->src)) < 0)
			sh->src[0] = 0;
	}
	skl_app_fail("", &s->err);
}

/* ---- scenarios ------------------------------------------------------------------------- */

/* What `sklab run` says of failed expectations, on standard error: each
 * with its file:line, then the count. */
static void report_expects(const skl_session *s)
{
	int k, n = s->log ? skl_events_count(s->log) : 0;
	if (!s->failures)
		return;
	for (k = 0; k < n; k++) {
		skl_event e;
		if (skl_events_kind(s->log, k) == SKL_EV_EXPECT && skl_events_get(s->log, k, &e) == 0 && !e.ok)
			skl_term_printf(stderr, "FAIL %s (%s)\n", e.text ? e.text : "", e.where ? e.where : "");
	}
	fprintf(stderr, "\n%d of %d expectations passed\nsklab: %d expectation%s failed\n", s->expects - s->failures,
		s->expects, s->failures, s->failures == 1 ? "" : "s");
}

/* Runs path (again); shows its frames or its error. */
static void load(shell *sh, const char *path, int reload)
{
	skl_session s;
	int rc;
	if (!reload)
		snprintf(sh->path, sizeof(sh->path), "%s", path);
	sh->have_stamp = skl_file_stamp(sh->path, &sh->stamp) == 0;
	sh->last_poll = SDL_GetTicks();
	rc = skl_session_load(&s, sh->path, sh->o.pcap, sh->o.lim);
	sh->on_start = 0;
	if (rc == 0) {
		if (sh->have_good)
			skl_window_set_log(sh->w, NULL, NULL, 0, NULL); /* before the old log goes */
		skl_session_free(&sh->good);
		sh->good = s;
		sh->have_good = 1;
		sh->have_error = 0;
		sh->status = s.ran < 0 ? 1 : 0;
		skl_window_set_page(sh->w, NULL, NULL);
		skl_window_set_panel(sh->w, NULL, NULL);
		skl_window_set_log(sh->w, s.log, s.frames, s.nframes, s.title[0] ? s.title : sh->path);
		skl_window_set_budget(sh->w, sh->good.budget); /* its pictures count too */
		if (!sh->opened_once && sh->o.step > 0)
			skl_window_go(sh->w, sh->o.step - 1);
		else if (!reload)
			skl_window_go(sh->w, 0);
		sh->opened_once = 1;
		if (reload)
			fprintf(stderr, "sklab: reloaded %s (%d step%s)\n", sh->path, sh->good.nframes,
				sh->good.nframes == 1 ? "" : "s");
		report_expects(&sh->good);
		return;
	}
	record_error(sh, &s);
	skl_session_free(&s);
	sh->status = 1;
	if (sh->have_good && reload) {
		skl_window_set_panel(sh->w, error_panel, sh);
		skl_window_set_page(sh->w, NULL, NULL);
	} else {
		if (sh->have_good) {
			skl_window_set_log(sh->w, NULL, NULL, 0, NULL);
			skl_session_free(&sh->good);
			sh->have_good = 0;
		}
		skl_window_set_panel(sh->w, NULL, NULL);
		skl_window_set_page(sh->w, error_page, sh);
	}
	skl_window_invalidate(sh->w);
}

static void close_scenario(shell *sh)
{
	skl_window_set_log(sh->w, NULL, NULL, 0, NULL);
	if (sh->have_good)
		skl_session_free(&sh->good);
	sh->have_good = 0;
	sh->have_error = 0;
	sh->path[0] = 0;
}

/* Reloads when the file's stamp changed since it was last run. */
static int poll_file(shell *sh)
{
	skl_stamp st;
	Uint32 now = SDL_GetTicks();
	if (sh->on_start || !sh->path[0] || now - sh->last_poll < POLL_MS)
		return 0;
	sh->last_poll = now;
	if (skl_file_stamp(sh->path, &st) < 0)
		return 0; /* an editor may save by rename: try again later */
	if (sh->have_stamp && st.sec == sh->stamp.sec && st.nsec == sh->stamp.nsec && st.size == sh->stamp.size)
		return 0;
	load(sh, NULL, 1);
	return 1;
}

/* ---- events ----------------------------------------------------------------------------- */

static void select_entry(shell *sh, int i)
{
	if (sh->n <= 0)
		return;
	if (i < 0)
		i = 0;
	if (i >= sh->n)
		i = sh->n - 1;
	if (i != sh->sel) {
		sh->sel = i;
		skl_window_invalidate(sh->w);
	}
}

static int item_index(const char *key)
{
	if (!key || strncmp(key, "start:item:", 11) != 0)
		return -1;
	return atoi(key + 11);
}

/* A digit typed on the start screen: with the ones typed just before it,
 * the number of a card (1 then 7 is card 17); a number past the last card
 * starts again from this digit. */
static void type_digit(shell *sh, int d)
{
	Uint32 now = SDL_GetTicks();
	size_t len = strlen(sh->typed);
	if (now - sh->typed_t > TYPE_MS || len + 1 >= sizeof(sh->typed))
		len = 0;
	sh->typed[len] = (char)('0' + d);
	sh->typed[len + 1] = 0;
	if (atoi(sh->typed) > sh->n || atoi(sh->typed) == 0) {
		sh->typed[0] = (char)('0' + d);
		sh->typed[1] = 0;
	}
	sh->typed_t = now ? now : 1;
	if (atoi(sh->typed) >= 1)
		select_entry(sh, atoi(sh->typed) - 1);
	skl_window_invalidate(sh->w);
}

/* Start-screen keys and mouse: the arrows move in the grid, PageUp and
 * PageDown by a screen of it, digits pick a card by its number, Enter
 * opens. 1 when the event was taken. */
static int start_event(shell *sh, const SDL_Event *ev)
{
	int cols = sh->grid.cols > 0 ? sh->grid.cols : 1, page = cols * (sh->grid.rows > 0 ? sh->grid.rows : 1);
	SDL_Keycode sym;
	if (ev->type == SDL_MOUSEMOTION) {
		int i = item_index(skl_window_page_key_at(sh->w, ev->motion.x, ev->motion.y));
		if (i >= 0)
			select_entry(sh, i);
		return 0; /* the window tracks hover too */
	}
	if (ev->type == SDL_MOUSEWHEEL) {
		int dy = ev->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -ev->wheel.y : ev->wheel.y;
		if (dy)
			select_entry(sh, sh->sel - dy * cols);
		return 1;
	}
	if (ev->type != SDL_KEYDOWN)
		return 0;
	sym = ev->key.keysym.sym;
	if (sh->typed[0] && sym != SDLK_RETURN && sym != SDLK_KP_ENTER && !(sym >= SDLK_0 && sym <= SDLK_9) &&
	    !(sym >= SDLK_KP_1 && sym <= SDLK_KP_0)) {
		sh->typed[0] = 0; /* any other key ends a number being typed */
		skl_window_invalidate(sh->w);
	}
	switch (sym) {
	case SDLK_LEFT:
		select_entry(sh, sh->sel - 1);
		return 1;
	case SDLK_RIGHT:
		select_entry(sh, sh->sel + 1);
		return 1;
	case SDLK_TAB:
		select_entry(sh, sh->sel + ((ev->key.keysym.mod & KMOD_SHIFT) ? -1 : 1));
		return 1;
	case SDLK_UP:
		if (sh->sel - cols >= 0)
			select_entry(sh, sh->sel - cols);
		return 1;
	case SDLK_DOWN:
		/* to the card below, or the last one when the row below is short */
		if (sh->sel + cols < sh->n)
			select_entry(sh, sh->sel + cols);
		else if (sh->sel / cols < (sh->n - 1) / cols)
			select_entry(sh, sh->n - 1);
		return 1;
	case SDLK_PAGEUP:
		select_entry(sh, sh->sel - page);
		return 1;
	case SDLK_PAGEDOWN:
		select_entry(sh, sh->sel + page);
		return 1;
	case SDLK_HOME:
		select_entry(sh, 0);
		return 1;
	case SDLK_END:
		select_entry(sh, sh->n - 1);
		return 1;
	case SDLK_RETURN:
	case SDLK_KP_ENTER:
	case SDLK_SPACE:
		sh->typed[0] = 0;
		if (sh->n > 0)
			load(sh, sh->entries[sh->sel].path, 0);
		return 1;
	default:
		if (sym >= SDLK_0 && sym <= SDLK_9) {
			type_digit(sh, (int)(sym - SDLK_0));
			return 1;
		}
		if (sym >= SDLK_KP_1 && sym <= SDLK_KP_9) {
			type_digit(sh, (int)(sym - SDLK_KP_1) + 1);
			return 1;
		}
		if (sym == SDLK_KP_0) {
			type_digit(sh, 0);
			return 1;
		}
		return 0;
	}
}

static int loop(shell *sh)
{
	skl_error err;
	int dirty = 1;
	skl_error_clear(&err);
	for (;;) {
		SDL_Event ev;
		int got;
		if (dirty || skl_window_animating(sh->w)) {
			if (skl_window_draw(sh->w, &err) < 0)
				return skl_app_fail("window", &err);
			dirty = 0;
		}
		got = SDL_WaitEventTimeout(&ev, skl_window_animating(sh->w) ? 10 : 100);
		if (poll_file(sh))
			dirty = 1;
		if (sh->typed[0] && SDL_GetTicks() - sh->typed_t > TYPE_MS) {
			sh->typed[0] = 0; /* the number typed is done: the hint says so */
			skl_window_invalidate(sh->w);
			dirty = 1;
		}
		if (!got)
			continue;
		do {
			int rc;
			dirty = 1;
			if (sh->on_start && start_event(sh, &ev))
				continue;
			rc = skl_window_handle(sh->w, &ev);
			if (rc == SKL_WIN_QUIT)
				return sh->status;
			if (rc == SKL_WIN_ESCAPE) {
				if (sh->on_start || !sh->has_start)
					return sh->status;
				close_scenario(sh);
				show_start(sh);
				sh->status = 0;
			} else if (rc == SKL_WIN_CLICK && sh->on_start) {
				int i = item_index(skl_window_clicked(sh->w));
				if (i >= 0 && i < sh->n) {
					select_entry(sh, i);
					load(sh, sh->entries[i].path, 0);
				}
			}
		} while (SDL_PollEvent(&ev));
	}
}

int skl_shell_run(const skl_shell_opts *o)
{
	shell sh;
	skl_window_opts wo;
	skl_error err;
	char fonts[4096];
	int rc;

	memset(&sh, 0, sizeof(sh));
	sh.o = *o;
	skl_error_clear(&err);
	snprintf(fonts, sizeof(fonts), "%s/assets/fonts", skl_app_data_dir());
	memset(&wo, 0, sizeof(wo));
	wo.title = "sklab";
	wo.font_dir = fonts;
	wo.present = o->present;
	wo.no_anim = o->no_anim;
	wo.width = o->width;
	wo.height = o->height;
	sh.w = skl_window_open(&wo, &err);
	if (!sh.w)
		return skl_app_fail("window", &err);
	if (o->file) {
		load(&sh, o->file, 0);
	} else {
		sh.has_start = 1;
		if (load_entries(&sh) < 0)
			fprintf(stderr, "sklab: cannot read the scenarios in %s/scenarios\n", skl_app_data_dir());
		show_start(&sh);
	}
	rc = loop(&sh);
	/* gone from the screen at once; freeing the run and the renderer follows */
	SDL_HideWindow(skl_window_sdl(sh.w));
	close_scenario(&sh);
	skl_window_close(sh.w);
	free(sh.entries);
	free(sh.se);
	SDL_Quit();
	return rc;
}
