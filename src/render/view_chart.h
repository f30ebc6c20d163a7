/*
 * view_chart.h - the chart view: an skl_chart (memory and time figures
 * from scene.chart) drawn as lines or grouped bars, with a title, axes
 * with "nice" ticks (1, 2, 2.5, 5 x 10^k) and gridlines, axis labels, a
 * legend and, for every point or bar, a tooltip with its exact value.
 *
 * Appends to a draw list and never calls SDL. The value axis always shows
 * 0, so sizes compare by length. Long series are thinned to what a pixel
 * column can show (the line keeps each column's minimum and maximum), so
 * 64 series of 10,000 points stay a few thousand items. Hover groups and
 * their keys:
 *   "<obj>:chart"               the title
 *   "<obj>:series:<s>"          the line of series s (lines)
 *   "<obj>:point:<s>:<i>"       point i of series s (a marker or a bar)
 *   "<obj>:legend:<s>"          series s in the legend
 *   "<obj>:xaxis", "<obj>:yaxis" the axes and their labels
 * Points and bars get keys only while there are at most 2000 of them on
 * the chart (markers: while they are far enough apart to be seen).
 */
#ifndef SKLAB_RENDER_VIEW_CHART_H
#define SKLAB_RENDER_VIEW_CHART_H

#include "sklab/render/drawlist.h"
#include "sklab/events.h"

typedef struct skl_view_chart_opts {
	float x, y, w, h; /* region of the canvas; w or h 0 = the whole canvas */
	int obj;	  /* object number used in keys */
	int no_legend;	  /* 1 = leave the legend out */
	int no_title;	  /* 1 = leave the title out */
	float text_scale; /* 0 = automatic (from the canvas size) */
} skl_view_chart_opts;

/* Appends the view of c. 0, or -1 when the list ran out of memory. */
int skl_view_chart(skl_dl *dl, const skl_chart *c, const skl_view_chart_opts *o);

/* The colour of series i (Okabe-Ito hues, then lighter repeats). */
skl_color skl_view_chart_color(int i);

/* Ticks: a step of 1, 2, 2.5 or 5 x 10^k giving at most max_ticks
 * intervals over [lo, hi], and [*first, *last] the span rounded out to it. */
double skl_view_chart_ticks(double lo, double hi, int max_ticks, double *first, double *last);

/* A tick label for v on an axis with this step and largest magnitude:
 * "0", "250", "12k", "1.5M", "0.25" (k from 10^4, M from 10^6, G
 * from 10^9 on). */
void skl_view_chart_label(double v, double step, double magnitude, char *out, size_t outsz);

#endif
