/*
 * textsafe.c - scenario text made safe for each output (textsafe.h): one
 * UTF-8 decoder and one function per kind of output. Never allocates but
 * for a long skl_term_printf; never keeps state.
 */
#include "sklab/textsafe.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char REPLACEMENT[] = "\xef\xbf\xbd"; /* U+FFFD */

size_t skl_utf8_len(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned c = s[0], v, i, len;
	if (c < 0x80)
		return 1;
	if (c < 0xc2 || c > 0xf4)
		return 0;
	len = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
	if (n < len)
		return 0;
	v = c & (0x7f >> len);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && v < 0x800) || (len == 4 && v < 0x10000) || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return 0;
	return len;
}

unsigned skl_utf8_code(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned v, i;
	if (len <= 1)
		return s[0];
	v = s[0] & (0x7f >> len);
	for (i = 1; i < len; i++)
		v = v << 6 | (s[i] & 0x3f);
	return v;
}

/* A control character: C0, DEL or C1 (the code point of a valid sequence). */
static int is_control(unsigned c)
{
	return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

/* ---- XML --------------------------------------------------------------------- */

void skl_text_xml(const skl_sink *out, const char *s, size_t n)
{
	size_t i = 0, run = 0, len;
	while (i < n) {
		const char *rep = NULL;
		unsigned c;
		len = skl_utf8_len(s + i, n - i);
		c = len ? skl_utf8_code(s + i, len) : 0xfffd;
		if (!len) {
			rep = REPLACEMENT;
			len = 1;
		} else if (c == '&') {
			rep = "&amp;";
		} else if (c == '<') {
			rep = "&lt;";
		} else if (c == '>') {
			rep = "&gt;";
		} else if (c == '"') {
			rep = "&quot;";
		} else if ((is_control(c) && c != '\t' && c != '\n' && c != '\r') || c == 0xfffe || c == 0xffff) {
			/* XML 1.0's Char production leaves out C0 but tab, LF and CR,
			 * and U+FFFE/U+FFFF; DEL and C1 are allowed but never meant */
			rep = REPLACEMENT;
		}
		if (rep) {
			if (i > run)
				out->write(out->ud, s + run, i - run);
			skl_sink_puts(out, rep);
			run = i + len;
		}
		i += len;
	}
	if (n > run)
		out->write(out->ud, s + run, n - run);
}

/* ---- terminal ------------------------------------------------------------------ */

void skl_text_term(const skl_sink *out, const char *s, size_t n)
{
	size_t i = 0, run = 0, len, k;
	while (i < n) {
		len = skl_utf8_len(s + i, n - i);
		if (len && !(is_control(skl_utf8_code(s + i, len)) && s[i] != '\t' && s[i] != '\n')) {
			i += len;
			continue;
		}
		if (i > run)
			out->write(out->ud, s + run, i - run);
		if (!len)
			len = 1;
		for (k = 0; k < len; k++) {
			char hex[8];
			snprintf(hex, sizeof(hex), "\\x%02x", (unsigned char)s[i + k]);
			skl_sink_puts(out, hex);
		}
		i += len;
		run = i;
	}
	if (n > run)
		out->write(out->ud, s + run, n - run);
}

static void term_write(void *ud, const char *s, size_t n)
{
	skl_text_term(ud, s, n);
}

skl_sink skl_term_sink(const skl_sink *inner)
{
	skl_sink s;
	s.write = term_write;
	s.ud = (void *)inner;
	return s;
}

void skl_term_printf(void *fp, const char *fmt, ...)
{
	skl_sink out = skl_file_sink(fp), term = skl_term_sink(&out);
	va_list ap;
	va_start(ap, fmt);
	skl_sink_vprintf(&term, fmt, ap); /* one write: no character split */
	va_end(ap);
}

/* ---- pictures ------------------------------------------------------------------- */

int skl_text_needs_clean(const char *s)
{
	size_t n, i = 0, len;
	/* printable ASCII, tab and LF are clean as they are, and most text is
	 * nothing else (a picture asks this of every label and tooltip): the
	 * decoding starts at the first other byte, a character's start */
	for (;;) {
		unsigned char c = (unsigned char)*s;
		if ((unsigned char)(c - 0x20) >= 0x5f && c != '\t' && c != '\n')
			break;
		s++;
	}
	if (!*s)
		return 0;
	n = strlen(s);
	while (i < n) {
		len = skl_utf8_len(s + i, n - i);
		if (!len || (is_control(skl_utf8_code(s + i, len)) && s[i] != '\t' && s[i] != '\n'))
			return 1;
		i += len;
	}
	return 0;
}

size_t skl_text_clean(char *out, size_t outsz, const char *s)
{
	size_t n = strlen(s), i = 0, o = 0, len;
	while (i < n) {
		const char *src = s + i;
		size_t w;
		len = skl_utf8_len(s + i, n - i);
		if (!len || (is_control(skl_utf8_code(s + i, len)) && s[i] != '\t' && s[i] != '\n')) {
			src = REPLACEMENT;
			w = 3;
			if (!len)
				len = 1;
		} else {
			w = len;
		}
		if (o + w >= outsz)
			break;
		memcpy(out + o, src, w);
		o += w;
		i += len;
	}
	out[o] = '\0';
	return o;
}
