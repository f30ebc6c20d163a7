/*
 * events.h - the event log: the one record of what happened in a run.
 * Every scenario step, show, expectation and printed line (and, as the
 * engine grows, every allocation, free, skb operation and memory access)
 * appends an event. Views draw the state at a step from it; golden tests
 * diff its text dump.
 *
 * The log owns everything it holds, including copies of the layouts that
 * were shown, so it outlives the scenario that wrote it.
 */
#ifndef SKLAB_EVENTS_H
#define SKLAB_EVENTS_H

#include "sklab/layout.h"
#include "sklab/skb_snap.h"

typedef enum skl_event_kind {
	SKL_EV_SCENARIO, /* text = title, text2 = goal, text3 = profile */
	SKL_EV_STEP,	 /* text = caption; closes a frame */
	SKL_EV_SHOW,	 /* objs = what is on screen from now on (replaces) */
	SKL_EV_EXPECT,	 /* ok = passed; text = message */
	SKL_EV_PRINT,	 /* text = a line the scenario printed */
	SKL_EV_ERROR,	 /* text = an error that ended the run */
	/* allocator events: text = cache name, addr, size; text2 = detail */
	SKL_EV_CACHE_CREATE, /* size = object size; text2 = geometry summary */
	SKL_EV_CACHE_DESTROY,
	SKL_EV_GROW,	  /* addr = slab's first page, size = bytes */
	SKL_EV_SLAB_FREE, /* a slab given back (shrink, reap, destroy) */
	SKL_EV_ALLOC,	  /* addr = object, size = object size */
	SKL_EV_FREE,
	SKL_EV_KMALLOC, /* size = requested; text = bucket cache */
	SKL_EV_KFREE,
	SKL_EV_OOM, /* an allocation that failed for want of RAM */
	SKL_EV_BUG, /* the kernel's report: text2 = the full report text */
	/* sk_buff events: text = operation ("skb_put"), addr = skb, size = argument,
	 * text2 = the fields after it ("len:120 data:+64 tail:+184") */
	SKL_EV_SKB_OP,
	SKL_EV_SKB_PANIC, /* text2 = the kernel's panic line(s) */
	/* memory accesses fed to a cache model */
	SKL_EV_ACCESS, /* addr, size; ok = 1 write; text = "tcp_sock.daddr";
			* text2 = source ("member", "zero", "copy", "skb", "meta");
			* text3 = the result ("L1d miss, L2 hit, 10 cycles") */
	/* KASAN's quarantine: text = cache, addr = object, size = its slot
	 * bytes; text2 = what happened ("put cpu 0: ...", "released: ...") */
	SKL_EV_QUARANTINE,
	/* SLUB's per-CPU caches moved slabs or objects: text = cache name,
	 * addr = the slab (or 0), size = slabs or objects moved, text2 = the
	 * kernel function and what it did ("put_cpu_partial: ...") */
	SKL_EV_PERCPU,
	SKL_EV_KIND_COUNT_
} skl_event_kind;

/* Something a view can draw. */
typedef enum skl_obj_kind {
	SKL_OBJ_LAYOUT,
	SKL_OBJ_KERNEL,
	SKL_OBJ_CHART,
	SKL_OBJ_SKB,
	SKL_OBJ_CACHE,
	SKL_OBJ_TEXT,
	SKL_OBJ_C2C
} skl_obj_kind;

struct skl_kernel_snap;
struct skl_cachesim_snap;
struct skl_heat;
struct skl_c2c;

/* A chart: lines or bars of (x, y) points, for memory and time figures. */
typedef struct skl_chart_series {
	char *name;
	double *x, *y;
	/* an interval around each y drawn as an error bar (a host median's
	 * 95% interval), lo[i] <= y[i] <= hi[i]; NULL = none, NAN at a point
	 * = none there */
	double *lo, *hi;
	int n;
} skl_chart_series;

typedef struct skl_chart {
	char *title, *xlabel, *ylabel;
	int bars;	/* 0 = lines, 1 = grouped bars */
	char **xlabels; /* bars: one label per x index (x = 0, 1, ...), or NULL */
	int nxlabels;
	skl_chart_series *series;
	int nseries;
} skl_chart;

void skl_chart_free(skl_chart *c);

typedef struct skl_obj {
	skl_obj_kind kind;
	skl_layout *layout;		/* SKL_OBJ_LAYOUT: owned by the log */
	struct skl_kernel_snap *kernel; /* SKL_OBJ_KERNEL: owned by the log */
	skl_chart *chart;		/* SKL_OBJ_CHART: owned by the log */
	skl_skb_snap *skbs;		/* SKL_OBJ_SKB: nskbs snapshots drawn together (layout:
					 * struct sk_buff's, shared, or NULL) */
	int nskbs;
	int skb_no_bytes;		 /* SKL_OBJ_SKB: 1 = leave the skb view's packet-bytes pane out */
	struct skl_cachesim_snap *cgrid; /* SKL_OBJ_CACHE: owned by the log */
	struct skl_heat *heat;		 /* SKL_OBJ_LAYOUT: a heat overlay, or NULL */
	char *view;			 /* preferred view: "layout", "slab" */
	char *title;			 /* a caption for this object, or NULL */
	char *text;			 /* SKL_OBJ_TEXT: the lines (a kernel report) */
	char **marks;			 /* SKL_OBJ_TEXT: lines holding one of these are emphasised */
	int nmarks;
	struct skl_c2c *c2c; /* SKL_OBJ_C2C: perf c2c's contended lines, owned by the log */
	int c2c_lines;	     /* SKL_OBJ_C2C: lines to draw at most, 0 = what fits */
} skl_obj;

/* A text panel: a kernel log or report, drawn as a console beside what
 * its SHOW holds; lines containing one of the marks are emphasised. */
typedef struct skl_text_panel {
	const char *text;
	const char *title; /* NULL: "kernel log" */
	const char *const *marks;
	int nmarks;
} skl_text_panel;

typedef struct skl_event {
	skl_event_kind kind;
	int seq;  /* position in the log */
	int step; /* number of STEP events before this one */
	int ok;
	char *text, *text2, *text3;
	char *where; /* "file.lua:12", "" when unknown */
	int *objs;   /* indexes into the log's objects */
	int nobjs;
	char **highlight; /* SHOW: member paths or "line:N" to emphasise */
	int nhighlight;
	uint64_t addr; /* allocator events: simulated address */
	uint64_t size;
} skl_event;

typedef struct skl_events skl_events;

skl_events *skl_events_new(size_t max_events); /* 0 = no limit */
void skl_events_free(skl_events *log);
/* Charges the log's records and text to b from now on (sklab/budget.h);
 * an event the budget refuses is refused (-1), as when out of memory. The
 * charges are given back when the log is freed. NULL = no accounting. */
struct skl_budget;
void skl_events_set_budget(skl_events *log, struct skl_budget *b);

/* Appending. Strings are copied. -1 when out of memory or over the limit. */
int skl_events_scenario(skl_events *log, const char *title, const char *goal, const char *profile, const char *where);
int skl_events_step(skl_events *log, const char *caption, const char *where);
int skl_events_expect(skl_events *log, int ok, const char *msg, const char *where);

/* What one SHOW puts on the scene, one kind at a time. Fields a kind does
 * not name are ignored. */
typedef enum skl_show_kind {
	SKL_SHOW_LAYOUTS,  /* n layouts side by side (taken: freed with the log), the
			    * highlight member paths (or "line:N") emphasised (copied) */
	SKL_SHOW_KERNELS,  /* n kernel snapshots (taken): one is the slab view, two its
			    * compare; titles (NULL, or NULL entries: none); view (NULL:
			    * "slab"); a text panel beside them (NULL: none; copied) */
	SKL_SHOW_TEXT,	   /* a text panel alone (copied) */
	SKL_SHOW_SKBS,	   /* n sk_buff snapshots together, an skb and its clones (copied);
			    * skb_type (NULL: none) is struct sk_buff's layout, copied once
			    * per log so every frame showing it points at that copy */
	SKL_SHOW_CHART,	   /* a chart (taken) */
	SKL_SHOW_CACHESIM, /* a cache model's snapshot (taken; freed at once when the
			    * show fails), with a title (copied) */
	SKL_SHOW_HEAT,	   /* a layout with a heat overlay, one value per field (both
			    * taken; freed at once when the show fails) */
	SKL_SHOW_C2C,	   /* a coherent model's contended lines (skl_kernel_c2c; taken,
			    * freed at once when the show fails), a title (copied; NULL:
			    * the machine's) and lines, the most to draw (0: what fits) */
} skl_show_kind;

typedef struct skl_show {
	skl_show_kind kind;
	int n; /* LAYOUTS, KERNELS, SKBS */
	skl_layout **layouts;
	const char *const *highlight;
	int nhighlight;
	struct skl_kernel_snap **kernels;
	const char *const *titles;
	const char *view;
	const skl_text_panel *text; /* TEXT, KERNELS */
	const skl_skb_snap *skbs;
	const skl_layout *skb_type;
	int skb_no_bytes; /* SKBS: 1 = no packet-bytes pane (scene.show(skb, {bytes = false})) */
	skl_chart *chart;
	struct skl_cachesim_snap *cachesim;
	const char *title;  /* CACHESIM */
	skl_layout *layout; /* HEAT */
	struct skl_heat *heat;
	struct skl_c2c *c2c; /* C2C, with title */
	int lines;
} skl_show;

/* Appends a SHOW of what. -1 when out of memory or over the limit. */
int skl_events_show(skl_events *log, const skl_show *what, const char *where);
/* One access fed to a cache model (see SKL_EV_ACCESS); where NULL = the
 * log's current location. */
int skl_events_access(skl_events *log, uint64_t addr, uint64_t size, int write, const char *what, const char *src,
		      const char *result, const char *where);
/* An allocator event; where NULL = the log's current location. */
int skl_events_op(skl_events *log, skl_event_kind kind, const char *cache, uint64_t addr, uint64_t size,
		  const char *detail, const char *where);
/* The location engine events get when they give none (the scenario's
 * current file:line, set by the runtime before each call into the engine). */
void skl_events_set_where(skl_events *log, const char *where);
/* That location ("" when none is set). */
const char *skl_events_where(const skl_events *log);
int skl_events_print(skl_events *log, const char *text, const char *where);
int skl_events_error(skl_events *log, const char *text, const char *where);

int skl_events_count(const skl_events *log);
/* Event i, decoded the first time its chunk of 1024 is asked for and kept
 * with the log (about 88 bytes an event, never charged to its budget): for
 * a few events looked up again and again. NULL when out of range. */
const skl_event *skl_events_at(const skl_events *log, int i);
/* The kind of event i without decoding it; SKL_EV_KIND_COUNT_ when out of
 * range. */
skl_event_kind skl_events_kind(const skl_events *log, int i);

/* A run's interrupt (skl_lua_opts.interrupt, its ud one of these) that
 * ends it once log holds `stop` SKL_EV_STEP events, with why "stopped
 * after step N": a replay to step N, as a jump to that step is checked
 * against. Zero steps and seen before the run. */
typedef struct skl_events_stop {
	const skl_events *log;
	int stop;
	int steps, seen; /* STEP events counted, events looked at */
} skl_events_stop;
int skl_events_stop_interrupt(void *ud, char *why, size_t whysz);
/* Event i decoded into *out, the same as skl_events_at's; its strings and
 * arrays stay the log's. Keeps nothing, so a walk over every event of a
 * run adds no memory; a walk forward or back costs no more than the
 * decoding. 0, or -1 when out of range (*out zeroed). */
int skl_events_get(const skl_events *log, int i, skl_event *out);
/* The host bytes the log holds for its records and text: what it charges
 * its budget (skl_events_set_budget), whether or not it has one. Grows by
 * whole chunks of records and blocks of text. */
uint64_t skl_events_bytes(const skl_events *log);
const skl_obj *skl_events_obj(const skl_events *log, int i);

/* Frames: one per STEP, plus a final one if events follow the last step (or
 * there is no step at all). Frame i shows the objects of the latest SHOW
 * before its end, with its caption. */
typedef struct skl_frame {
	int index;	     /* 0-based */
	const char *caption; /* "" when none */
	const char *where;
	const int *objs; /* object indexes, owned by the log */
	int nobjs;
	const char *const *highlight; /* from the SHOW, owned by the log */
	int nhighlight;
	int last_event; /* index of the event that ends the frame */
} skl_frame;

int skl_events_frames(const skl_events *log, skl_frame **frames); /* caller frees *frames with skl_free */

/* "step", "show", "alloc"... */
const char *skl_event_kind_name(skl_event_kind k);

/* A deterministic text dump: one line per event, no host addresses. */
void skl_events_dump(const skl_events *log, const skl_sink *out);

#endif
