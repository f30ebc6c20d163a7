/*
 * view_util.c - helpers the views share (see view_util.h).
 */
#include "render/view_util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void skl__catf(char *out, size_t outsz, const char *fmt, ...)
{
	size_t n = strlen(out);
	va_list ap;
	if (n + 1 >= outsz)
		return;
	va_start(ap, fmt);
	vsnprintf(out + n, outsz - n, fmt, ap);
	va_end(ap);
}
