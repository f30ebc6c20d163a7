/*
 * window_input.c - what the user does to the window (see window_impl.h):
 * keys through one table of bindings, clicks (a tab, the expectations, an
 * object or member that opens its type's layout), the pointer's hover,
 * drag and wheel, and window events.
 */
#define _POSIX_C_SOURCE 200809L
#include "window_impl.h"

#include "sklab/objview.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- views and clicks ------------------------------------------------------------------ */

/* Sets the active pane's view; the same view again = all. */
static void set_view(skl_window *w, int view)
{
	pane *p = &w->panes[w->active];
	p->view = p->view == view && !p->nopen ? SKL_VIEW_ALL : view;
	skl__win_open_pop(p, 1);
}

static void next_view(skl_window *w, int dir)
{
	census c = skl__win_count_objs(w, w->frame);
	pane *p = &w->panes[w->active];
	int v = p->view, k;
	for (k = 0; k < SKL_VIEW_COUNT_; k++) {
		v = (v + dir + SKL_VIEW_COUNT_) % SKL_VIEW_COUNT_;
		if (skl__win_view_has(&c, v))
			break;
	}
	p->view = v;
	skl__win_open_pop(p, 1);
}

/* V: two panes, or back to one. A step with one view has nothing to
 * split: it says so instead. */
static void toggle_split(skl_window *w)
{
	census c = skl__win_count_objs(w, w->frame);
	char why[320], list[256];
	if (w->split_want) {
		w->split_want = 0;
		skl__win_apply_split(w);
		return;
	}
	if (skl__win_nviews(&c) < 2) {
		skl__win_views_list(&c, list, sizeof(list));
		if (list[0])
			snprintf(why, sizeof(why), "No split: step %d has one view, %s. Split needs two.", w->frame + 1,
				 list);
		else
			snprintf(why, sizeof(why), "No split: step %d shows nothing to split.", w->frame + 1);
		skl__win_notice(w, why);
		return;
	}
	w->split_want = 1;
	skl__win_apply_split(w);
}

/* The cache snapshot's owner named by a key of the cache view: a cell
 * ("<obj>:cell:<level>:<set>:<way>"), a row of misses by member
 * ("<obj>:member:<i>") or by object line ("<obj>:objline:<i>"). Fills
 * owner ("tcp_sock", "size-2048") and member ("daddr", "line:3", "").
 * 1 when the key names one. */
static int cache_owner(const skl_window *w, const char *key, char *owner, size_t ownersz, char *member, size_t membersz)
{
	const skl_frame *f = &w->frames[w->frame];
	const char *m;
	int k, kind;
	unsigned a = 0, b = 0, c = 0;
	if ((m = strstr(key, ":cell:")) && sscanf(m, ":cell:%u:%u:%u", &a, &b, &c) == 3)
		kind = 0;
	else if ((m = strstr(key, ":member:")) && sscanf(m, ":member:%u", &a) == 1)
		kind = 1;
	else if ((m = strstr(key, ":objline:")) && sscanf(m, ":objline:%u", &a) == 1)
		kind = 2;
	else
		return 0;
	for (k = 0; k < f->nobjs; k++) {
		const skl_obj *o = skl_events_obj(w->log, f->objs[k]);
		const skl_cachesim_snap *g = o && o->kind == SKL_OBJ_CACHE ? o->cgrid : NULL;
		const char *who = NULL, *dot;
		size_t n;
		if (!g)
			continue;
		if (kind == 0 && (int)a < g->nlevels && g->levels[a].lines && b < g->levels[a].st.sets &&
		    c < g->levels[a].st.assoc) {
			int ow = g->levels[a].lines[(size_t)b * g->levels[a].st.assoc + c].owner;
			who = ow >= 0 && ow < g->nowners ? g->owners[ow] : NULL;
		} else if (kind == 1 && (int)a < g->nmembers) {
			snprintf(owner, ownersz, "%s", g->members[a].owner);
			snprintf(member, membersz, "%s", g->members[a].member);
			return 1;
		} else if (kind == 2 && (int)a < g->nlines) {
			unsigned line;
			snprintf(owner, ownersz, "%s", g->lines[a].owner);
			if (sscanf(g->lines[a].member, "line %u", &line) == 1)
				snprintf(member, membersz, "line:%u", line);
			else
				member[0] = 0;
			return 1;
		}
		if (!who)
			continue;
		/* "tcp_sock.daddr": the type, then the member */
		dot = strchr(who, '.');
		n = dot ? (size_t)(dot - who) : strlen(who);
		if (n >= ownersz)
			n = ownersz - 1;
		memcpy(owner, who, n);
		owner[n] = 0;
		snprintf(member, membersz, "%s", dot ? dot + 1 : "");
		return 1;
	}
	return 0;
}

/* Whether layout l is the type named name ("sock" names "struct sock"). */
static int type_is(const skl_layout *l, const char *name)
{
	const char *n = l->name;
	if (!strncmp(n, "struct ", 7))
		n += 7;
	else if (!strncmp(n, "union ", 6))
		n += 6;
	return !strcmp(n, name) || !strcmp(l->name, name);
}

/* A click on an sk_buff in the skb view opens struct sk_buff. 1 when it
 * opened. */
static int open_skb(skl_window *w, pane *p, const char *key)
{
	const skl_layout *l = skl__win_skb_type_at(w, key);
	char what[256];
	if (!l)
		return 0;
	snprintf(what, sizeof(what),
		 "%s: the descriptor every skb shown here is (%llu bytes, from skbuff_head_cache; the packet's "
		 "bytes are in the head buffer). Escape goes back.",
		 l->name, (unsigned long long)l->size);
	skl__win_open_push(p, l, NULL, "", what);
	return 1;
}

/* A click on an object opens its type's layout: slab objects name their
 * cache in their key ("<obj>:obj:<cache>:<s>:<i>"); a cache cell, or a row
 * of the cache view's misses, names the type (or cache) of the object it
 * holds, and opens it with that member emphasised. 1 when one opened. */
static int open_object(skl_window *w, pane *p, const char *key)
{
	const char *m = strstr(key, ":obj:");
	char cache[128], member[96] = "", shown[112], what[256];
	const skl_frame *f;
	size_t len;
	int k, c, by_type = 0;
	if (!has_views(w))
		return 0;
	if (open_skb(w, p, key))
		return 1;
	if (!m)
		m = strstr(key, ":objs:");
	if (m) {
		m = strchr(m + 1, ':') + 1;
		len = strcspn(m, ":");
		if (len >= sizeof(cache))
			return 0;
		memcpy(cache, m, len);
		cache[len] = 0;
	} else if (cache_owner(w, key, cache, sizeof(cache), member, sizeof(member))) {
		by_type = 1;
	} else {
		return 0;
	}
	/* "line:3" reads "cache line 3" */
	snprintf(shown, sizeof(shown), "%s%s", strncmp(member, "line:", 5) ? "" : "cache line ",
		 strncmp(member, "line:", 5) ? member : member + 5);
	/* the kernels this step shows first, then any of the run's */
	f = &w->frames[w->frame];
	for (k = 0;; k++) {
		const skl_obj *o = skl_events_obj(w->log, k < f->nobjs ? f->objs[k] : k - f->nobjs);
		if (!o && k >= f->nobjs)
			break;
		if (o && o->kind == SKL_OBJ_LAYOUT && o->layout && by_type && type_is(o->layout, cache)) {
			/* no kernel shown with that cache: the layout the run showed */
			snprintf(what, sizeof(what), "%s: the type that owns the line%s%s%s. Escape goes back.",
				 o->layout->name, member[0] ? "; " : "", shown, member[0] ? " emphasised" : "");
			skl__win_open_push(p, o->layout, NULL, member, what);
			return 1;
		}
		if (!o || o->kind != SKL_OBJ_KERNEL || !o->kernel)
			continue;
		for (c = 0; c < o->kernel->ncaches; c++) {
			const skl_cache_snap *cs = &o->kernel->caches[c];
			if (!cs->type)
				continue;
			if (strcmp(cs->info.name, cache) != 0 && !(by_type && type_is(cs->type, cache)))
				continue;
			snprintf(what, sizeof(what),
				 "%s: the type of the objects in cache %s (%u-byte slots)%s%s%s. "
				 "Escape goes back.",
				 cs->type->name, cs->info.name, (unsigned)cs->info.size, member[0] ? "; " : "", shown,
				 member[0] ? " emphasised" : "");
			skl__win_open_push(p, cs->type, NULL, member, what);
			return 1;
		}
	}
	return 0;
}

/* A click on a member of a layout opens the struct or union it holds, or
 * points to: sock.tp_pinfo.af_tcp opens struct tcp_opt, a struct sock *
 * struct sock. Laid out for the same ABI, options and cache line as the
 * layout clicked. 1 when one opened. */
static int open_member(skl_window *w, pane *p, const char *key)
{
	const skl_layout *l;
	const skl_field *f;
	int ptr;
	const skl_type *rec = skl__win_member_record(w, p, key, &l, &f, &ptr);
	skl_layout *own;
	skl_error err;
	char what[256];
	const char *tag;
	if (!rec)
		return 0;
	skl_error_clear(&err);
	own = skl_layout_compute(rec, l->abi, l->config, l->cacheline, &err);
	if (!own)
		return 0;
	/* "sock.tp_pinfo.af_tcp" */
	tag = strchr(l->name, ' ') ? strchr(l->name, ' ') + 1 : l->name;
	if (ptr)
		snprintf(what, sizeof(what),
			 "%s: what %s.%s points to (a pointer at offset %llu of %s). Escape goes back.", own->name, tag,
			 f->path, (unsigned long long)f->offset, l->name);
	else
		snprintf(what, sizeof(what),
			 "%s: the %stype of %s.%s (%llu bytes at offset %llu of %s). Escape goes back.", own->name,
			 skl_type_kind(skl_type_resolve(f->type)) == SKL_K_ARRAY ? "element " : "", tag, f->path,
			 (unsigned long long)f->size, (unsigned long long)f->offset, l->name);
	skl__win_open_push(p, own, own, NULL, what);
	return 1;
}

/* The object kept by kernel snapshot k whose slot starts at slot (size
 * bytes), or NULL. */
static const skl_obj_snap *kept_at(const skl_kernel_snap *k, skl_addr slot, uint64_t size)
{
	int i;
	for (i = 0; i < k->nobjs; i++)
		if (k->objs[i]->addr >= slot && k->objs[i]->addr < slot + size)
			return k->objs[i];
	return NULL;
}

/* Opens o's bytes over the pane, kept by k, reached from what. */
static void open_kept(pane *p, const skl_kernel_snap *k, const skl_obj_snap *o, const char *from)
{
	char what[512];
	snprintf(
	    what, sizeof(what),
	    "%s: the bytes of this %s in cache %s at this step, each member's value beside them%s%s. Escape goes back.",
	    o->name, o->type[0] ? o->type : "object", o->cache, from[0] ? "; " : "", from);
	skl__win_open_obj(p, k, o, what);
}

/* Why nothing opened for object name of kernel k: not typed, or not kept. */
static void not_kept(skl_window *w, const skl_kernel_snap *k, const char *name, int typed)
{
	char text[512];
	if (!typed)
		snprintf(text, sizeof(text),
			 "No bytes view for %s: its cache has no type, so its bytes have no members to decode "
			 "(cache_create{type=} or c:alloc{type=} gives one).",
			 name);
	else
		snprintf(text, sizeof(text),
			 "No bytes kept for %s: a step keeps the bytes of its first %d live typed objects "
			 "(%d more not kept). scene.show(obj, {view = \"bytes\"}) shows any one.",
			 name, k->nobjs, k->objs_more);
	skl__win_notice(w, text);
}

/* The kernel snapshots the step shows, one by one: *i from 0; NULL at the end. */
static const skl_kernel_snap *step_kernel(const skl_window *w, int *i)
{
	const skl_frame *f = &w->frames[w->frame];
	while (*i < f->nobjs) {
		const skl_obj *o = skl_events_obj(w->log, f->objs[(*i)++]);
		if (o && o->kind == SKL_OBJ_KERNEL && o->kernel)
			return o->kernel;
	}
	return NULL;
}

/* A click or O on pointer member path of a bytes view (the opened one, or
 * the step's): the object it points into. */
static int open_target(skl_window *w, pane *p, const char *path)
{
	const skl_kernel_snap *ks = p->nopen && !open_top(p)->l ? &open_top(p)->objk : NULL;
	const skl_obj_member *om = NULL;
	const skl_obj_snap *to;
	char from[256];
	int i = 0, c;
	while (!ks && (ks = step_kernel(w, &i)) != NULL && !ks->obj)
		ks = NULL;
	for (c = 0; ks && c < ks->obj->nmembers && !om; c++)
		if (!strcmp(ks->obj->members[c].path, path))
			om = &ks->obj->members[c];
	if (!om)
		return 0;
	if (!om->target) {
		skl__win_notice(w, om->kind == SKL_VAL_POINTER
				       ? "This pointer points into no live object, so there is nothing to open."
				       : "O opens an object: a slab cell, or a pointer member that points into one.");
		return 1;
	}
	if (!(to = kept_at(ks, om->target, 1))) {
		not_kept(w, ks, om->target_name, 1);
		return 1;
	}
	snprintf(from, sizeof(from), "%s.%s points to it", ks->obj->name, om->path);
	open_kept(p, ks, to, from);
	return 1;
}

/* O on pointer arrow li of the slab view: the object holding the pointer. */
static int open_holder(skl_window *w, pane *p, int li)
{
	const skl_kernel_snap *ks;
	const skl_obj_snap *to;
	char from[256];
	int i = 0;
	while ((ks = step_kernel(w, &i)) != NULL && (li < 0 || li >= ks->nlinks))
		;
	if (!ks)
		return 0;
	if (!(to = kept_at(ks, ks->links[li].from, 1))) {
		not_kept(w, ks, ks->links[li].from_name, 1);
		return 1;
	}
	snprintf(from, sizeof(from), "its %s points to %s", ks->links[li].member, ks->links[li].to_name);
	open_kept(p, ks, to, from);
	return 1;
}

/* O on slab cell oi of slab si of cache: that object. */
static int open_cell(skl_window *w, pane *p, const char *cache, unsigned si, unsigned long long oi)
{
	const skl_kernel_snap *ks;
	int i = 0, c;
	while ((ks = step_kernel(w, &i)) != NULL)
		for (c = 0; c < ks->ncaches; c++) {
			const skl_cache_snap *cs = &ks->caches[c];
			const skl_obj_snap *to;
			char name[200];
			if (strcmp(cs->info.name, cache) != 0 || si >= (unsigned)cs->nslabs ||
			    oi >= cs->slabs[si].nobjs)
				continue;
			if ((to = kept_at(ks, cs->slabs[si].s_mem + oi * cs->info.size, cs->info.size)) != NULL) {
				open_kept(p, ks, to, "");
				return 1;
			}
			snprintf(name, sizeof(name), "object %llu of %s's slab %u", oi, cache, si);
			if (!cs->slabs[si].state || cs->slabs[si].state[oi] != SKL_OS_ALLOC)
				skl__win_notice(w, "That slot is free: it holds no object to show.");
			else
				not_kept(w, ks, name, cs->type != NULL || ks->nobjs > 0 || ks->objs_more > 0);
			return 1;
		}
	return 0;
}

/* O or a right click over an object opens its bytes: a slab cell
 * ("<obj>:obj:<cache>:<s>:<i>") of a kernel the step shows, a pointer
 * arrow ("<obj>:ptr:<i>": its holder), or a pointer member of a bytes view
 * ("<obj>:bytes:member:<path>"), which opens the object it points into. 1
 * when key is one of those (opened, or a notice says why not). */
static int open_bytes(skl_window *w, pane *p, const char *key)
{
	const char *m;
	char cache[128];
	unsigned si;
	unsigned long long oi;
	size_t len;
	if (!has_views(w) || w->frame < 0 || w->frame >= w->nframes)
		return 0;
	if ((m = strstr(key, ":bytes:member:")) != NULL)
		return open_target(w, p, m + strlen(":bytes:member:"));
	if (p->nopen)
		return 0;
	if ((m = strstr(key, ":ptr:")) != NULL)
		return open_holder(w, p, atoi(m + 5));
	if ((m = strstr(key, ":obj:")) == NULL)
		return 0;
	m += 5;
	len = strcspn(m, ":");
	if (len >= sizeof(cache) || sscanf(m + len, ":%u:%llu", &si, &oi) != 2)
		return 0;
	memcpy(cache, m, len);
	cache[len] = 0;
	return open_cell(w, p, cache, si, oi);
}

/* The item of the pane under window pixel (x, y) (*pi its pane), or NULL. */
static const skl_dl_item *pane_item_at(skl_window *w, float x, float y, int *pi)
{
	int z, i;
	pane *p;
	*pi = skl__win_pane_at(w, x, y);
	if (*pi < 0)
		return NULL;
	p = &w->panes[*pi];
	i = skl__win_pane_hit(p, x, y, &z);
	return i >= 0 ? skl_dl_at(z ? p->zdl : p->dl, i) : NULL;
}

static void click(skl_window *w, float x, float y)
{
	int pi;
	w->clicked[0] = 0;
	if (w->page)
		return;
	{
		/* the overlay's: the expectations badge and the failures listed */
		int i = skl_dl_hit(w->overlay, x, y);
		const skl_dl_item *it = i >= 0 ? skl_dl_at(w->overlay, i) : NULL;
		if (it && it->key && !strcmp(it->key, "badge:expect")) {
			w->ex_panel = !w->ex_panel;
			return;
		}
		if (it && it->key && !strncmp(it->key, "expect:fail:", 12)) {
			int k = atoi(it->key + 12), f;
			for (f = 0; f < w->nex; f++)
				if (!w->ex[f].ok && k-- == 0) {
					skl__win_go_to(w, w->ex[f].frame, 1);
					break;
				}
			return;
		}
		if (it && it->key && !strcmp(it->key, "expect:panel"))
			return;
	}
	if (y < w->tabs_h) {
		int i = skl_dl_hit(w->overlay, x, y);
		const skl_dl_item *it = i >= 0 ? skl_dl_at(w->overlay, i) : NULL;
		int v;
		if (!it || !it->key || strncmp(it->key, "tab:", 4) != 0)
			return;
		for (v = 0; v < SKL_VIEW_COUNT_; v++)
			if (!strcmp(it->key + 4, skl_window_view_name(v))) {
				pane *p = &w->panes[w->active];
				p->view = v;
				skl__win_open_pop(p, 1);
			}
		return;
	}
	{
		const skl_dl_item *it = pane_item_at(w, x, y, &pi);
		pane *p;
		if (pi < 0)
			return;
		w->active = pi;
		p = &w->panes[pi];
		if (it && it->key && strstr(it->key, ":bytes:member:") && open_bytes(w, p, it->key))
			return;
		if (it && it->key && !open_member(w, p, it->key) && !p->nopen)
			open_object(w, p, it->key);
	}
}

/* ---- keys ------------------------------------------------------------------------------------ */

static int is_digit_key(SDL_Keycode sym, int *d)
{
	if (sym >= SDLK_0 && sym <= SDLK_9) {
		*d = (int)(sym - SDLK_0);
		return 1;
	}
	if (sym >= SDLK_KP_1 && sym <= SDLK_KP_9) {
		*d = (int)(sym - SDLK_KP_1) + 1;
		return 1;
	}
	if (sym == SDLK_KP_0) {
		*d = 0;
		return 1;
	}
	return 0;
}

/* Keys while "go to step" is being typed. 1 when the key was taken. */
static int prompt_key(skl_window *w, SDL_Keycode sym)
{
	int d;
	size_t n = strlen(w->digits);
	if (is_digit_key(sym, &d)) {
		if (n + 1 < sizeof(w->digits)) {
			w->digits[n] = (char)('0' + d);
			w->digits[n + 1] = 0;
		}
		return 1;
	}
	switch (sym) {
	case SDLK_RETURN:
	case SDLK_KP_ENTER:
		if (n)
			skl__win_go_to(w, atoi(w->digits) - 1, 1);
		w->prompt = 0;
		w->digits[0] = 0;
		return 1;
	case SDLK_BACKSPACE:
		if (n)
			w->digits[n - 1] = 0;
		else
			w->prompt = 0;
		return 1;
	case SDLK_ESCAPE:
		w->prompt = 0;
		w->digits[0] = 0;
		return 1;
	default:
		return 0;
	}
}

static int is_modifier(SDL_Keycode sym)
{
	switch (sym) {
	case SDLK_LSHIFT:
	case SDLK_RSHIFT:
	case SDLK_LCTRL:
	case SDLK_RCTRL:
	case SDLK_LALT:
	case SDLK_RALT:
	case SDLK_LGUI:
	case SDLK_RGUI:
	case SDLK_MODE:
	case SDLK_CAPSLOCK:
	case SDLK_NUMLOCKCLEAR:
		return 1;
	default:
		return 0;
	}
}

/* What a bound key acts on: the window, its active pane, and whether
 * Shift is held. */
typedef struct keyctx {
	skl_window *w;
	pane *p;
	int shift;
} keyctx;

/* A key's action: SKL_WIN_* for the caller. */
typedef int (*key_action)(const keyctx *k);

static int key_next(const keyctx *k)
{
	skl__win_go_to(k->w, k->w->frame + 1, 1);
	return SKL_WIN_NONE;
}

static int key_back(const keyctx *k)
{
	skl__win_go_to(k->w, k->w->frame - 1, 1);
	return SKL_WIN_NONE;
}

static int key_restart(const keyctx *k)
{
	skl__win_go_to(k->w, 0, 1);
	return SKL_WIN_NONE;
}

static int key_end(const keyctx *k)
{
	skl__win_go_to(k->w, k->w->nframes - 1, 1);
	return SKL_WIN_NONE;
}

/* G: "go to step", digits and Enter follow */
static int key_goto(const keyctx *k)
{
	if (!k->w->page && k->w->nframes > 0) {
		k->w->prompt = 1;
		k->w->digits[0] = 0;
	}
	return SKL_WIN_NONE;
}

static int key_tab(const keyctx *k)
{
	if (has_views(k->w))
		next_view(k->w, k->shift ? -1 : 1);
	return SKL_WIN_NONE;
}

static int key_split(const keyctx *k)
{
	if (has_views(k->w) && !k->w->page)
		toggle_split(k->w);
	return SKL_WIN_NONE;
}

/* Zooms the active pane about the pointer, or its centre when the
 * pointer is elsewhere. */
static void zoom_key(const keyctx *k, float factor)
{
	const skl_window *w = k->w;
	float cx = k->p->x + k->p->w / 2, cy = k->p->y + k->p->h / 2;
	skl__win_zoom_at(k->p, factor, w->mouse_in ? w->mx : cx, w->mouse_in ? w->my : cy);
}

static int key_zoom_in(const keyctx *k)
{
	zoom_key(k, 1.25f);
	return SKL_WIN_NONE;
}

static int key_zoom_out(const keyctx *k)
{
	zoom_key(k, 1 / 1.25f);
	return SKL_WIN_NONE;
}

static int key_fullscreen(const keyctx *k)
{
	Uint32 fs = SDL_GetWindowFlags(k->w->win) & SDL_WINDOW_FULLSCREEN_DESKTOP;
	SDL_SetWindowFullscreen(k->w->win, fs ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
	k->w->started_fullscreen = !fs;
	return SKL_WIN_NONE;
}

static int key_present(const keyctx *k)
{
	skl_window_set_present(k->w, !k->w->present);
	return SKL_WIN_NONE;
}

static int key_theme(const keyctx *k)
{
	skl_window *w = k->w;
	w->theme =
	    w->theme == SKL_THEME_DARK_HC ? (w->present ? SKL_THEME_LIGHT_HC : SKL_THEME_LIGHT) : SKL_THEME_DARK_HC;
	skl_sdl_set_theme(w->sdl, w->theme);
	return SKL_WIN_NONE;
}

static int key_blank(const keyctx *k)
{
	k->w->blank = 1;
	return SKL_WIN_NONE;
}

static int key_anim(const keyctx *k)
{
	k->w->anim = !k->w->anim;
	k->w->animating = 0;
	return SKL_WIN_NONE;
}

static int key_shot(const keyctx *k)
{
	skl_error err;
	skl_error_clear(&err);
	if (skl__win_screenshot(k->w, &err) < 0)
		SDL_Log("sklab: screenshot failed: %s", err.msg);
	else
		SDL_Log("sklab: saved %s", k->w->shot);
	return SKL_WIN_NONE;
}

static int key_help(const keyctx *k)
{
	k->w->help = !k->w->help;
	return SKL_WIN_NONE;
}

static int key_expects(const keyctx *k)
{
	skl_window *w = k->w;
	if (w->nex > 0 && !w->page)
		w->ex_panel = !w->ex_panel;
	else if (!w->page)
		skl__win_notice(w, "This scenario has no expectations: expect() in it adds them.");
	return SKL_WIN_NONE;
}

/* O: the bytes of the object under the pointer */
static int key_object(const keyctx *k)
{
	skl_window *w = k->w;
	const skl_dl_item *it = NULL;
	pane *p;
	if (w->page)
		return SKL_WIN_NONE;
	p = &w->panes[w->hover >= 0 ? w->hover_pane : w->active];
	if (w->hover >= 0)
		it = skl_dl_at(w->hover_z ? p->zdl : p->dl, w->hover);
	if (!it || !it->key || !open_bytes(w, p, it->key))
		skl__win_notice(w, "O opens the bytes of the object under the pointer: point at a slab object, "
				   "or at a pointer member of a bytes view.");
	return SKL_WIN_NONE;
}

static int key_quit(const keyctx *k)
{
	(void)k;
	return SKL_WIN_QUIT;
}

/* Escape closes what is open, innermost first: the help, the failures,
 * an opened layout, presentation; then it is the caller's (back or quit). */
static int key_escape(const keyctx *k)
{
	skl_window *w = k->w;
	if (w->help)
		w->help = 0;
	else if (w->ex_panel && !w->page)
		w->ex_panel = 0;
	else if (k->p->nopen)
		skl__win_open_pop(k->p, 0);
	else if (w->present)
		skl_window_set_present(w, 0);
	else
		return SKL_WIN_ESCAPE;
	return SKL_WIN_NONE;
}

/* The key bindings (window.h lists them; the help overlay too). Digits,
 * Shift+arrows and the "go to step" prompt come before this table. */
static const struct binding {
	key_action fn;
	SDL_Keycode keys[5]; /* SDLK_UNKNOWN (0) ends the list */
} bindings[] = {
    {key_next, {SDLK_RIGHT, SDLK_SPACE, SDLK_PAGEDOWN, SDLK_DOWN, SDLK_n}},
    {key_back, {SDLK_LEFT, SDLK_PAGEUP, SDLK_BACKSPACE, SDLK_UP}},
    {key_restart, {SDLK_HOME, SDLK_r}},
    {key_end, {SDLK_END, SDLK_e}},
    {key_goto, {SDLK_g}},
    {key_tab, {SDLK_TAB}},
    {key_split, {SDLK_v}},
    {key_zoom_in, {SDLK_PLUS, SDLK_EQUALS, SDLK_KP_PLUS}},
    {key_zoom_out, {SDLK_MINUS, SDLK_KP_MINUS}},
    {key_fullscreen, {SDLK_f}},
    {key_present, {SDLK_p}},
    {key_theme, {SDLK_t}},
    {key_blank, {SDLK_b, SDLK_PERIOD}},
    {key_anim, {SDLK_a}},
    {key_shot, {SDLK_s}},
    {key_help, {SDLK_h, SDLK_F1, SDLK_QUESTION, SDLK_SLASH}},
    {key_expects, {SDLK_x}},
    {key_object, {SDLK_o}},
    {key_quit, {SDLK_q}},
    {key_escape, {SDLK_ESCAPE}},
};

/* Shift+arrows pan the active pane by a tenth of it. 1 when the key was one. */
static int pan_key(pane *p, SDL_Keycode sym)
{
	float step = 0.1f * fmaxf(p->w, p->h);
	if (sym != SDLK_LEFT && sym != SDLK_RIGHT && sym != SDLK_UP && sym != SDLK_DOWN)
		return 0;
	p->panx += sym == SDLK_LEFT ? step : sym == SDLK_RIGHT ? -step : 0;
	p->pany += sym == SDLK_UP ? step : sym == SDLK_DOWN ? -step : 0;
	skl__win_clamp_pan(p);
	return 1;
}

/* Digits: a view (1-6), 0 resets the zoom; presenting, the start of a
 * step number. */
static void digit_key(skl_window *w, pane *p, SDL_Keycode sym, int d)
{
	if (w->present) {
		/* a presenter types a step number and Enter */
		w->prompt = 1;
		w->digits[0] = 0;
		prompt_key(w, sym);
	} else if (d == 0) {
		skl__win_reset_view(p);
	} else if (d <= 6 && has_views(w)) {
		set_view(w, d);
	}
}

/* A key pressed: SKL_WIN_*. Presenting, it hides the pointer; on a blank
 * screen it only brings the picture back; then the "go to step" prompt,
 * Shift+arrows, digits and the table of bindings, in that order. */
static int on_key(skl_window *w, const SDL_KeyboardEvent *ev)
{
	SDL_Keycode sym = ev->keysym.sym;
	keyctx k = {w, &w->panes[w->active], (ev->keysym.mod & KMOD_SHIFT) != 0};
	size_t i, j;
	int d;

	if (w->present && w->mouse_in) {
		SDL_ShowCursor(SDL_DISABLE);
		w->mouse_in = 0;
		w->idle_x = (int)(w->mx / w->ptx);
		w->idle_y = (int)(w->my / w->pty);
	}
	if (w->blank && sym != SDLK_q) {
		/* any key brings the picture back and does nothing else: a
		 * remote's PageDown, Space or Right after B must not skip a step
		 * the room has not seen (a modifier alone does not count) */
		if (!is_modifier(sym))
			w->blank = 0;
		return SKL_WIN_NONE;
	}
	w->notice_t = 0; /* a key dismisses a notice */
	if (w->prompt && prompt_key(w, sym))
		return SKL_WIN_NONE;
	if (k.shift && pan_key(k.p, sym))
		return SKL_WIN_NONE;
	if (is_digit_key(sym, &d) && !w->page) {
		digit_key(w, k.p, sym, d);
		return SKL_WIN_NONE;
	}
	for (i = 0; i < sizeof(bindings) / sizeof(bindings[0]); i++)
		for (j = 0; j < sizeof(bindings[i].keys) / sizeof(bindings[i].keys[0]) && bindings[i].keys[j]; j++)
			if (bindings[i].keys[j] == sym)
				return bindings[i].fn(&k);
	return SKL_WIN_NONE;
}

/* ---- events ------------------------------------------------------------------------------ */

int skl_window_handle(skl_window *w, const SDL_Event *ev)
{
	pane *p;
	switch (ev->type) {
	case SDL_QUIT:
		return SKL_WIN_QUIT;
	case SDL_KEYDOWN:
		return on_key(w, &ev->key);
	case SDL_WINDOWEVENT:
		if (ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED || ev->window.event == SDL_WINDOWEVENT_RESIZED) {
			/* a new size is a new picture, even where the output size
			 * reads the same for a moment (going full screen) */
			skl__win_forget_picture(w);
			skl__win_update_size(w);
			skl__win_clamp_pan(&w->panes[0]);
			skl__win_clamp_pan(&w->panes[1]);
		} else if (ev->window.event == SDL_WINDOWEVENT_LEAVE) {
			w->mouse_in = 0;
			w->hover = w->hover_over = w->hover_pg = -1;
		} else if (ev->window.event == SDL_WINDOWEVENT_CLOSE) {
			return SKL_WIN_QUIT;
		}
		break;
	case SDL_RENDER_TARGETS_RESET:
	case SDL_RENDER_DEVICE_RESET:
		/* the kept picture's contents (or the texture itself) are gone */
		skl__win_forget_picture(w);
		break;
	case SDL_MOUSEMOTION:
		if (w->present && !w->mouse_in) {
			/* presenting: the pointer (and its tooltips) shows only
			 * when it really moves, not when the window appears under it */
			int moved =
			    w->idle_x >= 0 && (abs(ev->motion.x - w->idle_x) > 2 || abs(ev->motion.y - w->idle_y) > 2);
			if (!moved) {
				if (w->idle_x < 0) {
					w->idle_x = ev->motion.x;
					w->idle_y = ev->motion.y;
				}
				break;
			}
			SDL_ShowCursor(SDL_ENABLE);
		}
		w->idle_x = -1;
		w->mouse_in = 1;
		w->mx = (float)ev->motion.x * w->ptx;
		w->my = (float)ev->motion.y * w->pty;
		if (w->pressed && !w->dragging &&
		    (fabsf(w->mx - w->press_x) > DRAG_SLOP || fabsf(w->my - w->press_y) > DRAG_SLOP))
			w->dragging = w->press_pane >= 0;
		if (w->dragging) {
			p = &w->panes[w->press_pane];
			p->panx = w->press_panx + (w->mx - w->press_x);
			p->pany = w->press_pany + (w->my - w->press_y);
			skl__win_clamp_pan(p);
		}
		skl__win_update_hover(w, 1);
		w->moved = 1;
		break;
	case SDL_MOUSEBUTTONDOWN:
		if (ev->button.button == SDL_BUTTON_LEFT) {
			w->pressed = 1;
			w->press_x = (float)ev->button.x * w->ptx;
			w->press_y = (float)ev->button.y * w->pty;
			w->press_pane = w->page ? -1 : skl__win_pane_at(w, w->press_x, w->press_y);
			if (w->press_pane >= 0) {
				w->press_panx = w->panes[w->press_pane].panx;
				w->press_pany = w->panes[w->press_pane].pany;
			}
		}
		break;
	case SDL_MOUSEBUTTONUP:
		if (w->blank) {
			/* a click (some remotes send one) only brings the picture back */
			w->blank = 0;
			w->pressed = w->dragging = 0;
			break;
		}
		if (ev->button.button == SDL_BUTTON_RIGHT && !w->page) {
			int pi;
			const skl_dl_item *it =
			    pane_item_at(w, (float)ev->button.x * w->ptx, (float)ev->button.y * w->pty, &pi);
			if (pi >= 0)
				w->active = pi;
			if (it && it->key)
				open_bytes(w, &w->panes[pi], it->key);
			skl__win_update_hover(w, 0);
		}
		if (ev->button.button == SDL_BUTTON_LEFT) {
			int was_drag = w->dragging;
			float x = (float)ev->button.x * w->ptx, y = (float)ev->button.y * w->pty;
			w->pressed = 0;
			w->dragging = 0;
			if (!was_drag) {
				if (w->page) {
					int i = skl_dl_hit(w->page_dl, x, y);
					const skl_dl_item *it = i >= 0 ? skl_dl_at(w->page_dl, i) : NULL;
					snprintf(w->clicked, sizeof(w->clicked), "%s", it && it->key ? it->key : "");
					skl__win_update_hover(w, 0);
					return SKL_WIN_CLICK;
				}
				click(w, x, y);
			}
			skl__win_update_hover(w, 0);
		}
		break;
	case SDL_MOUSEWHEEL: {
		int dy = ev->wheel.y, pi;
		if (w->blank)
			break;
		if (ev->wheel.direction == SDL_MOUSEWHEEL_FLIPPED)
			dy = -dy;
		pi = w->mouse_in ? skl__win_pane_at(w, w->mx, w->my) : w->active;
		if (dy && pi >= 0 && !w->page) {
			p = &w->panes[pi];
			skl__win_zoom_at(p, powf(1.15f, (float)dy), w->mouse_in ? w->mx : p->x + p->w / 2,
					 w->mouse_in ? w->my : p->y + p->h / 2);
		}
		skl__win_update_hover(w, 0);
		break;
	}
	default:
		break;
	}
	return SKL_WIN_NONE;
}
