/*
 * textsafe.h - the one policy for text a scenario hands to an output:
 * captions, titles, goals, narration, print, expect and error messages,
 * panel text, chart labels, names. Such text is any bytes but NUL (the
 * Lua API refuses a string holding a NUL byte, naming file:line); each
 * output gets it through the function for its kind here, never raw:
 *
 *   XML (SVG frames)       skl_text_xml: &<>" as entities; bytes that are
 *                          not UTF-8, control characters (C0 but tab, LF
 *                          and CR; DEL; C1) and U+FFFE/U+FFFF as U+FFFD, so
 *                          every frame is well-formed XML 1.0
 *   JSON (--report, --json) skl_json_text (json.h): not UTF-8 as U+FFFD;
 *                          jansson writes control characters as \u escapes
 *   terminal, text report  skl_text_term: C0 but tab and LF, DEL and C1 as
 *                          \xNN (ESC shows as \x1b and does nothing), bytes
 *                          that are not UTF-8 as \xNN too
 *   pictures (PNG, SVG)    skl_text_clean: what the draw list keeps, valid
 *                          UTF-8 with U+FFFD for bad bytes and controls
 *
 * Valid UTF-8 text without control characters passes every one of them
 * unchanged, so the bundled scenarios' outputs are what they were.
 * Nothing here allocates or keeps state.
 */
#ifndef SKLAB_TEXTSAFE_H
#define SKLAB_TEXTSAFE_H

#include "sklab/common.h"

#include <stddef.h>

/* The length of the UTF-8 sequence at s, of the n bytes there: 1 to 4 (no
 * overlong forms, no surrogates, nothing past U+10FFFF), or 0 when the
 * bytes there are not UTF-8. n must be at least 1. */
size_t skl_utf8_len(const char *s, size_t n);

/* The code point of the valid sequence of len bytes at s. */
unsigned skl_utf8_code(const char *s, size_t len);

/* s (n bytes) as XML character data or an attribute value between double
 * quotes, written to out. */
void skl_text_xml(const skl_sink *out, const char *s, size_t n);

/* s (n bytes) for a terminal or a text file a terminal shows, to out. */
void skl_text_term(const skl_sink *out, const char *s, size_t n);

/* A sink that writes what it is given through skl_text_term to the sink
 * *inner (which must outlive it). */
skl_sink skl_term_sink(const skl_sink *inner);

/* skl_text_term of a printf, to the stdio stream fp (a void * as in
 * skl_file_sink). The format's own tabs and newlines stay. */
void skl_term_printf(void *fp, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* s as text a picture draws, into out (outsz bytes, at least 4): valid
 * UTF-8, with U+FFFD for each byte that is not and for each control
 * character but tab and LF; cut at a whole character when it does not
 * fit. The length written (out is NUL-terminated). */
size_t skl_text_clean(char *out, size_t outsz, const char *s);

/* Whether s needs skl_text_clean (a byte that is not UTF-8, or a control
 * character other than tab and LF). */
int skl_text_needs_clean(const char *s);

#endif
