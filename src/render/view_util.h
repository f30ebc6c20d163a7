/*
 * view_util.h - small helpers every view shares: appending formatted text
 * to a fixed buffer and clamping. Private to src/render.
 */
#ifndef SKLAB_RENDER_VIEW_UTIL_H
#define SKLAB_RENDER_VIEW_UTIL_H

#include <stddef.h>

/* Appends printf-style text to out (capacity outsz), truncating. */
void skl__catf(char *out, size_t outsz, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

static inline float skl__clampf(float x, float lo, float hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

#endif
