/*
 * json.h - JSON output through libjansson. A writer builds its document
 * as jansson values; skl_json_write() writes it through a sink. jansson
 * encodes every value (strings escaped, numbers formatted, keys in the
 * order they were set); a table of breaks says where the lines break, so
 * each of sklab's --json outputs keeps the shape it has always had.
 *
 * Text of any origin (a scenario's captions, a file name, a struct's
 * members) goes in through skl_json_text(), which never refuses bytes that
 * are not UTF-8: each becomes U+FFFD. Nothing here keeps state.
 */
#ifndef SKLAB_JSON_H
#define SKLAB_JSON_H

#include "sklab/common.h"

#include <jansson.h>
#include <stdint.h>

/*
 * Where a written document breaks its lines. Before the member or element
 * that at names, text (a newline and an indent) is written in place of the
 * one space after a comma, or of nothing after the opening bracket. at is
 * a member's key, "*" for any other member, "[]" for every element of an
 * array, "}" or "]" for the closing bracket itself. inside holds the
 * breaks within that member's or element's value; NULL writes it on one
 * line, as jansson does ({"a": 1, "b": [2, 3]}). A table ends with {NULL}.
 */
typedef struct skl_json_break {
	const char *at;
	const char *text;
	const struct skl_json_break *inside;
} skl_json_break;

/* A string of s (NULL is ""): valid UTF-8 as it is, any other byte as
 * U+FFFD. NULL only when out of memory. */
json_t *skl_json_text(const char *s);

/* An integer of v: JSON integers are 64-bit signed here, so a value past
 * INT64_MAX is written as INT64_MAX. NULL only when out of memory. */
json_t *skl_json_uint(uint64_t v);

/* Sets obj's member key (any bytes, as skl_json_text takes them) to v,
 * taking v's reference either way. 0, or -1 when any of them is NULL or
 * out of memory. */
int skl_json_set(json_t *obj, const char *key, json_t *v);

/* Writes doc to out laid out by breaks (NULL: one line), then a newline,
 * and drops doc's reference. 0; -1, with nothing written, when doc is NULL
 * (a writer's jansson calls failed: out of memory); -1 when jansson cannot
 * encode it (nothing of the kind is built here). */
int skl_json_write(json_t *doc, const skl_json_break *breaks, const skl_sink *out);

/* One string as skl_json_write writes it, quotes included, for a writer
 * that formats its numbers by hand (bench: jansson has no fixed "%.3f"). */
void skl_json_write_text(const skl_sink *out, const char *s);

#endif
