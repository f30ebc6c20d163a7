/*
 * events.c - the event log. Appends, never rewrites; owns its strings and
 * the objects shown. No clock, no globals.
 */
#include "sklab/events.h"
#include "sklab/cache_snap.h"
#include "sklab/kernel.h"

#include <stdio.h>
#include <string.h>

struct skl_events {
	skl_event *ev;
	int n, cap;
	skl_obj *objs;
	int nobjs, capobjs;
	int steps;
	size_t max_events;
	char where[256];
};

skl_events *skl_events_new(size_t max_events)
{
	skl_events *log = skl_calloc(1, sizeof(*log));
	if (log)
		log->max_events = max_events;
	return log;
}

void skl_events_free(skl_events *log)
{
	int i, j;
	if (!log)
		return;
	for (i = 0; i < log->n; i++) {
		skl_free(log->ev[i].text);
		skl_free(log->ev[i].text2);
		skl_free(log->ev[i].text3);
		skl_free(log->ev[i].where);
		skl_free(log->ev[i].objs);
		for (j = 0; j < log->ev[i].nhighlight; j++)
			skl_free(log->ev[i].highlight[j]);
		skl_free(log->ev[i].highlight);
	}
	for (i = 0; i < log->nobjs; i++) {
		skl_layout_free(log->objs[i].layout);
		skl_kernel_snap_free(log->objs[i].kernel);
		skl_chart_free(log->objs[i].chart);
		skl_cgrid_snap_free(log->objs[i].cgrid);
		skl_heat_free(log->objs[i].heat);
		skl_free(log->objs[i].title);
		skl_free(log->objs[i].skbs);
		skl_free(log->objs[i].view);
	}
	skl_free(log->ev);
	skl_free(log->objs);
	skl_free(log);
}

static skl_event *append(skl_events *log, skl_event_kind kind, const char *where)
{
	skl_event *e;
	if (log->max_events && (size_t)log->n >= log->max_events)
		return NULL;
	if (log->n == log->cap) {
		int nc = log->cap ? log->cap * 2 : 64;
		skl_event *d = skl_realloc(log->ev, (size_t)nc * sizeof(*d));
		if (!d)
			return NULL;
		log->ev = d;
		log->cap = nc;
	}
	e = &log->ev[log->n];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->seq = log->n;
	e->step = log->steps;
	e->where = skl_strdup(where ? where : "");
	if (!e->where)
		return NULL;
	log->n++;
	return e;
}

int skl_events_scenario(skl_events *log, const char *title, const char *goal, const char *profile,
			const char *where)
{
	skl_event *e = append(log, SKL_EV_SCENARIO, where);
	if (!e)
		return -1;
	e->text = skl_strdup(title ? title : "");
	e->text2 = skl_strdup(goal ? goal : "");
	e->text3 = skl_strdup(profile ? profile : "");
	return 0;
}

int skl_events_step(skl_events *log, const char *caption, const char *where)
{
	skl_event *e = append(log, SKL_EV_STEP, where);
	if (!e)
		return -1;
	e->text = skl_strdup(caption ? caption : "");
	log->steps++;
	return 0;
}

int skl_events_show(skl_events *log, skl_layout **layouts, int n, const char *where)
{
	return skl_events_show_ex(log, layouts, n, NULL, 0, where);
}

int skl_events_show_ex(skl_events *log, skl_layout **layouts, int n, const char *const *highlight, int nhighlight,
		       const char *where)
{
	skl_event *e;
	int i;
	if (log->nobjs + n > log->capobjs) {
		int nc = log->capobjs ? log->capobjs : 16;
		skl_obj *d;
		while (nc < log->nobjs + n)
			nc *= 2;
		d = skl_realloc(log->objs, (size_t)nc * sizeof(*d));
		if (!d)
			return -1;
		log->objs = d;
		log->capobjs = nc;
	}
	e = append(log, SKL_EV_SHOW, where);
	if (!e)
		return -1;
	e->objs = skl_calloc((size_t)(n ? n : 1), sizeof(int));
	if (!e->objs)
		return -1;
	for (i = 0; i < n; i++) {
		skl_obj *o = &log->objs[log->nobjs];
		memset(o, 0, sizeof(*o));
		o->kind = SKL_OBJ_LAYOUT;
		o->layout = layouts[i];
		o->view = skl_strdup("layout");
		e->objs[i] = log->nobjs++;
	}
	e->nobjs = n;
	if (nhighlight > 0) {
		e->highlight = skl_calloc((size_t)nhighlight, sizeof(char *));
		if (!e->highlight)
			return -1;
		for (i = 0; i < nhighlight; i++) {
			e->highlight[i] = skl_strdup(highlight[i]);
			if (!e->highlight[i])
				return -1;
			e->nhighlight = i + 1;
		}
	}
	return 0;
}

static int obj_room(skl_events *log, int n)
{
	if (log->nobjs + n > log->capobjs) {
		int nc = log->capobjs ? log->capobjs : 16;
		skl_obj *d;
		while (nc < log->nobjs + n)
			nc *= 2;
		d = skl_realloc(log->objs, (size_t)nc * sizeof(*d));
		if (!d)
			return -1;
		log->objs = d;
		log->capobjs = nc;
	}
	return 0;
}

int skl_events_show_kernel(skl_events *log, struct skl_kernel_snap *snap, const char *view, const char *where)
{
	return skl_events_show_kernels(log, &snap, NULL, 1, view, where);
}

int skl_events_show_kernels(skl_events *log, struct skl_kernel_snap **snaps, const char *const *titles, int n,
			    const char *view, const char *where)
{
	skl_event *e;
	int i;
	if (n < 1 || obj_room(log, n) < 0)
		return -1;
	e = append(log, SKL_EV_SHOW, where);
	if (!e)
		return -1;
	e->objs = skl_calloc((size_t)n, sizeof(int));
	if (!e->objs)
		return -1;
	for (i = 0; i < n; i++) {
		skl_obj *o = &log->objs[log->nobjs];
		memset(o, 0, sizeof(*o));
		o->kind = SKL_OBJ_KERNEL;
		o->kernel = snaps[i];
		o->view = skl_strdup(view ? view : "slab");
		o->title = titles && titles[i] ? skl_strdup(titles[i]) : NULL;
		e->objs[i] = log->nobjs++;
		e->nobjs = i + 1;
	}
	return 0;
}

void skl_chart_free(skl_chart *c)
{
	int i;
	if (!c)
		return;
	for (i = 0; i < c->nseries; i++) {
		skl_free(c->series[i].name);
		skl_free(c->series[i].x);
		skl_free(c->series[i].y);
	}
	for (i = 0; i < c->nxlabels; i++)
		skl_free(c->xlabels[i]);
	skl_free(c->xlabels);
	skl_free(c->series);
	skl_free(c->title);
	skl_free(c->xlabel);
	skl_free(c->ylabel);
	skl_free(c);
}

int skl_events_show_chart(skl_events *log, skl_chart *chart, const char *where)
{
	skl_event *e;
	skl_obj *o;
	if (obj_room(log, 1) < 0)
		return -1;
	e = append(log, SKL_EV_SHOW, where);
	if (!e)
		return -1;
	e->objs = skl_calloc(1, sizeof(int));
	if (!e->objs)
		return -1;
	o = &log->objs[log->nobjs];
	memset(o, 0, sizeof(*o));
	o->kind = SKL_OBJ_CHART;
	o->chart = chart;
	o->view = skl_strdup("chart");
	e->objs[0] = log->nobjs++;
	e->nobjs = 1;
	return 0;
}

int skl_events_show_skbs(skl_events *log, const skl_skb_snap *snaps, int n, const char *where)
{
	skl_event *e;
	skl_obj *o;
	if (n < 1 || obj_room(log, 1) < 0)
		return -1;
	e = append(log, SKL_EV_SHOW, where);
	if (!e)
		return -1;
	e->objs = skl_calloc(1, sizeof(int));
	if (!e->objs)
		return -1;
	o = &log->objs[log->nobjs];
	memset(o, 0, sizeof(*o));
	o->kind = SKL_OBJ_SKB;
	o->skbs = skl_malloc((size_t)n * sizeof(*snaps));
	if (!o->skbs)
		return -1;
	memcpy(o->skbs, snaps, (size_t)n * sizeof(*snaps));
	o->nskbs = n;
	o->view = skl_strdup("skb");
	e->objs[0] = log->nobjs++;
	e->nobjs = 1;
	return 0;
}

/* A SHOW of one new object; NULL when out of memory or over the limit. */
static skl_obj *show_one(skl_events *log, skl_obj_kind kind, const char *view, const char *where)
{
	skl_event *e;
	skl_obj *o;
	if (obj_room(log, 1) < 0)
		return NULL;
	e = append(log, SKL_EV_SHOW, where);
	if (!e)
		return NULL;
	e->objs = skl_calloc(1, sizeof(int));
	if (!e->objs)
		return NULL;
	o = &log->objs[log->nobjs];
	memset(o, 0, sizeof(*o));
	o->kind = kind;
	o->view = skl_strdup(view);
	if (!o->view)
		return NULL;
	e->objs[0] = log->nobjs++;
	e->nobjs = 1;
	return o;
}

int skl_events_show_cache(skl_events *log, struct skl_cgrid_snap *snap, const char *title, const char *where)
{
	skl_obj *o = show_one(log, SKL_OBJ_CACHE, "cache", where);
	if (!o) {
		skl_cgrid_snap_free(snap);
		return -1;
	}
	o->cgrid = snap;
	o->title = title ? skl_strdup(title) : NULL;
	return 0;
}

int skl_events_show_heat(skl_events *log, skl_layout *layout, struct skl_heat *heat, const char *where)
{
	skl_obj *o = show_one(log, SKL_OBJ_LAYOUT, "layout", where);
	if (!o) {
		skl_layout_free(layout);
		skl_heat_free(heat);
		return -1;
	}
	o->layout = layout;
	o->heat = heat;
	return 0;
}

int skl_events_access(skl_events *log, uint64_t addr, uint64_t size, int write, const char *what, const char *src,
		      const char *result, const char *where)
{
	skl_event *e;
	if (!log)
		return 0;
	e = append(log, SKL_EV_ACCESS, where ? where : log->where);
	if (!e)
		return -1;
	e->ok = write;
	e->addr = addr;
	e->size = size;
	e->text = skl_strdup(what ? what : "");
	e->text2 = skl_strdup(src ? src : "");
	e->text3 = skl_strdup(result ? result : "");
	return e->text && e->text2 && e->text3 ? 0 : -1;
}

void skl_cgrid_snap_free(skl_cgrid_snap *s)
{
	int i;
	if (!s)
		return;
	for (i = 0; i < s->nlevels; i++)
		skl_free(s->levels[i].lines);
	skl_free(s->levels);
	for (i = 0; i < s->nowners; i++)
		skl_free(s->owners[i]);
	skl_free(s->owners);
	skl_free(s->members);
	skl_free(s->lines);
	skl_free(s);
}

void skl_heat_free(skl_heat *h)
{
	if (!h)
		return;
	skl_free(h->value);
	skl_free(h);
}

void skl_events_set_where(skl_events *log, const char *where)
{
	snprintf(log->where, sizeof(log->where), "%s", where ? where : "");
}

int skl_events_op(skl_events *log, skl_event_kind kind, const char *cache, uint64_t addr, uint64_t size,
		  const char *detail, const char *where)
{
	skl_event *e;
	if (!log)
		return 0;
	e = append(log, kind, where ? where : log->where);
	if (!e)
		return -1;
	e->text = skl_strdup(cache ? cache : "");
	e->text2 = detail ? skl_strdup(detail) : NULL;
	e->addr = addr;
	e->size = size;
	return 0;
}

int skl_events_expect(skl_events *log, int ok, const char *msg, const char *where)
{
	skl_event *e = append(log, SKL_EV_EXPECT, where);
	if (!e)
		return -1;
	e->ok = ok;
	e->text = skl_strdup(msg ? msg : "");
	return 0;
}

int skl_events_print(skl_events *log, const char *text, const char *where)
{
	skl_event *e = append(log, SKL_EV_PRINT, where);
	if (!e)
		return -1;
	e->text = skl_strdup(text ? text : "");
	return 0;
}

int skl_events_error(skl_events *log, const char *text, const char *where)
{
	skl_event *e = append(log, SKL_EV_ERROR, where);
	if (!e)
		return -1;
	e->text = skl_strdup(text ? text : "");
	return 0;
}

int skl_events_count(const skl_events *log)
{
	return log->n;
}

const skl_event *skl_events_at(const skl_events *log, int i)
{
	return i >= 0 && i < log->n ? &log->ev[i] : NULL;
}

const skl_obj *skl_events_obj(const skl_events *log, int i)
{
	return i >= 0 && i < log->nobjs ? &log->objs[i] : NULL;
}

int skl_events_frames(const skl_events *log, skl_frame **frames)
{
	int i, n = 0, cap = 8;
	const skl_event *show = NULL;
	int trailing = 0;
	skl_frame *f = skl_calloc((size_t)cap, sizeof(*f));
	if (!f)
		return -1;
	for (i = 0; i < log->n; i++) {
		const skl_event *e = &log->ev[i];
		if (e->kind == SKL_EV_SHOW)
			show = e;
		if (e->kind == SKL_EV_STEP) {
			if (n == cap) {
				skl_frame *d = skl_realloc(f, (size_t)cap * 2 * sizeof(*f));
				if (!d) {
					skl_free(f);
					return -1;
				}
				f = d;
				cap *= 2;
			}
			f[n].index = n;
			f[n].caption = e->text;
			f[n].where = e->where;
			f[n].objs = show ? show->objs : NULL;
			f[n].nobjs = show ? show->nobjs : 0;
			f[n].highlight = show ? (const char *const *)show->highlight : NULL;
			f[n].nhighlight = show ? show->nhighlight : 0;
			f[n].last_event = i;
			n++;
			trailing = 0;
		} else if (e->kind == SKL_EV_SHOW) {
			trailing = 1;
		}
	}
	if (trailing || n == 0) {
		if (n == cap) {
			skl_frame *d = skl_realloc(f, (size_t)(cap + 1) * sizeof(*f));
			if (!d) {
				skl_free(f);
				return -1;
			}
			f = d;
		}
		f[n].index = n;
		f[n].caption = "";
		f[n].where = "";
		f[n].objs = show ? show->objs : NULL;
		f[n].nobjs = show ? show->nobjs : 0;
		f[n].highlight = show ? (const char *const *)show->highlight : NULL;
		f[n].nhighlight = show ? show->nhighlight : 0;
		f[n].last_event = log->n - 1;
		n++;
	}
	*frames = f;
	return n;
}

const char *skl_event_kind_name(skl_event_kind k)
{
	switch (k) {
	case SKL_EV_SCENARIO: return "scenario";
	case SKL_EV_STEP: return "step";
	case SKL_EV_SHOW: return "show";
	case SKL_EV_EXPECT: return "expect";
	case SKL_EV_PRINT: return "print";
	case SKL_EV_ERROR: return "error";
	case SKL_EV_CACHE_CREATE: return "cache_create";
	case SKL_EV_CACHE_DESTROY: return "cache_destroy";
	case SKL_EV_GROW: return "grow";
	case SKL_EV_SLAB_FREE: return "slab_free";
	case SKL_EV_ALLOC: return "alloc";
	case SKL_EV_FREE: return "free";
	case SKL_EV_KMALLOC: return "kmalloc";
	case SKL_EV_KFREE: return "kfree";
	case SKL_EV_OOM: return "oom";
	case SKL_EV_BUG: return "bug";
	case SKL_EV_SKB_OP: return "skb";
	case SKL_EV_SKB_PANIC: return "panic";
	case SKL_EV_ACCESS: return "access";
	case SKL_EV_KIND_COUNT_: break;
	}
	return "?";
}

void skl_events_dump(const skl_events *log, const skl_sink *out)
{
	int i, j;
	for (i = 0; i < log->n; i++) {
		const skl_event *e = &log->ev[i];
		skl_sink_printf(out, "%4d step=%d %-8s", e->seq, e->step, skl_event_kind_name(e->kind));
		switch (e->kind) {
		case SKL_EV_SCENARIO:
			skl_sink_printf(out, " title=\"%s\" profile=%s", e->text, e->text3);
			break;
		case SKL_EV_SHOW:
			for (j = 0; j < e->nobjs; j++) {
				const skl_obj *o = &log->objs[e->objs[j]];
				if (o->kind == SKL_OBJ_LAYOUT)
					skl_sink_printf(out, " %s(%s, %llu bytes)", o->view, o->layout->name,
							(unsigned long long)o->layout->size);
				else if (o->kind == SKL_OBJ_KERNEL)
					skl_sink_printf(out, " %s(%s%s%s%s, %d caches)", o->view, o->kernel->profile,
							o->title ? " \"" : "", o->title ? o->title : "", o->title ? "\"" : "",
							o->kernel->ncaches);
				else if (o->kind == SKL_OBJ_CHART)
					skl_sink_printf(out, " %s(\"%s\", %d series)", o->view,
							o->chart->title ? o->chart->title : "", o->chart->nseries);
				else if (o->kind == SKL_OBJ_CACHE)
					skl_sink_printf(out, " %s(\"%s\", %d levels)", o->view, o->cgrid->title,
							o->cgrid->nlevels);
				else
					skl_sink_printf(out, " %s(%s, %d buffers)", o->view, o->skbs[0].name, o->nskbs);
				if (o->heat)
					skl_sink_printf(out, " heat(%s)", o->heat->label);
			}
			for (j = 0; j < e->nhighlight; j++)
				skl_sink_printf(out, "%s%s", j ? "," : " highlight=", e->highlight[j]);
			break;
		case SKL_EV_EXPECT:
			skl_sink_printf(out, " %s \"%s\"", e->ok ? "pass" : "FAIL", e->text);
			break;
		case SKL_EV_CACHE_CREATE:
		case SKL_EV_CACHE_DESTROY:
		case SKL_EV_GROW:
		case SKL_EV_SLAB_FREE:
		case SKL_EV_ALLOC:
		case SKL_EV_FREE:
		case SKL_EV_KMALLOC:
		case SKL_EV_KFREE:
		case SKL_EV_OOM:
			skl_sink_printf(out, " %s addr=%#llx size=%llu", e->text, (unsigned long long)e->addr,
					(unsigned long long)e->size);
			if (e->text2 && *e->text2)
				skl_sink_printf(out, " %s", e->text2);
			break;
		case SKL_EV_SKB_OP:
			skl_sink_printf(out, " %s(%llu) %s", e->text, (unsigned long long)e->size, e->text2 ? e->text2 : "");
			break;
		case SKL_EV_ACCESS:
			skl_sink_printf(out, " %s %s addr=%#llx size=%llu %s: %s", e->text2, e->ok ? "write" : "read",
					(unsigned long long)e->addr, (unsigned long long)e->size, e->text, e->text3);
			break;
		case SKL_EV_SKB_PANIC:
		case SKL_EV_BUG: {
			/* the report's first line that says something (SLUB opens with a rule) */
			const char *l = e->text2 ? e->text2 : "";
			for (;;) {
				const char *nl = strchr(l, '\n'), *c = l;
				while (*c == ' ')
					c++;
				/* rules ("=====", "------------[ cut here ]------------") and blank lines */
				if (!nl || (c < nl && *c != '=' && *c != '-'))
					break;
				l = nl + 1;
			}
			{
				const char *nl = strchr(l, '\n');
				skl_sink_printf(out, " %s: %.*s", e->text, nl ? (int)(nl - l) : (int)strlen(l), l);
			}
			break;
		}
		default:
			skl_sink_printf(out, " \"%s\"", e->text ? e->text : "");
		}
		if (e->where && *e->where)
			skl_sink_printf(out, " @%s", e->where);
		skl_sink_puts(out, "\n");
	}
}
