/*
 * json.c - JSON output through libjansson (include/sklab/json.h): text
 * made safe for jansson, and a document written with line breaks where a
 * writer's table puts them. jansson encodes every key and value; this file
 * only chooses the whitespace between them. Never prints on its own.
 */
#include "sklab/json.h"

#include "sklab/textsafe.h"

#include <stdint.h>
#include <string.h>

/* ---- text ------------------------------------------------------------------ */

json_t *skl_json_text(const char *s)
{
	const char *p, *end;
	size_t bad = 0, n;
	char *copy, *q;
	json_t *v;
	if (!s)
		s = "";
	end = s + strlen(s);
	/* the one decoder of textsafe.h: no overlong forms, no surrogates,
	 * nothing past U+10FFFF, as jansson accepts UTF-8 */
	for (p = s; *p; p += n)
		if (!(n = skl_utf8_len(p, (size_t)(end - p)))) {
			bad++;
			n = 1;
		}
	if (!bad)
		return json_string_nocheck(s);
	copy = skl_malloc(strlen(s) + 2 * bad + 1); /* each bad byte grows to three */
	if (!copy)
		return NULL;
	for (p = s, q = copy; *p; p += n) {
		n = skl_utf8_len(p, (size_t)(end - p));
		if (n) {
			memcpy(q, p, n);
			q += n;
		} else {
			memcpy(q, "\xef\xbf\xbd", 3); /* U+FFFD */
			q += 3;
			n = 1;
		}
	}
	*q = '\0';
	v = json_string_nocheck(copy);
	skl_free(copy);
	return v;
}

json_t *skl_json_uint(uint64_t v)
{
	return json_integer(v > (uint64_t)INT64_MAX ? (json_int_t)INT64_MAX : (json_int_t)v);
}

int skl_json_set(json_t *obj, const char *key, json_t *v)
{
	json_t *k;
	int rc;
	if (!obj || !key || !v) {
		json_decref(v);
		return -1;
	}
	k = skl_json_text(key); /* a key is UTF-8 to jansson too */
	if (!k) {
		json_decref(v);
		return -1;
	}
	rc = json_object_set_new_nocheck(obj, json_string_value(k), v); /* drops v when it fails */
	json_decref(k);
	return rc;
}

/* ---- writing --------------------------------------------------------------- */

static int put(const char *buf, size_t n, void *ud)
{
	const skl_sink *out = ud;
	out->write(out->ud, buf, n);
	return 0;
}

/* The break for at in b (a member also matches "*"), or NULL. */
static const skl_json_break *find(const skl_json_break *b, const char *at, int member)
{
	const skl_json_break *any = NULL;
	for (; b && b->at; b++) {
		if (!strcmp(b->at, at))
			return b;
		if (member && !any && !strcmp(b->at, "*"))
			any = b;
	}
	return any;
}

/* Before a member or element: its break's text, or a space after a comma. */
static void sep(const skl_json_break *b, int first, const skl_sink *out)
{
	if (!first)
		skl_sink_puts(out, ",");
	if (b && b->text)
		skl_sink_puts(out, b->text);
	else if (!first)
		skl_sink_puts(out, " ");
}

static int write_value(json_t *v, const skl_json_break *breaks, const skl_sink *out)
{
	const skl_json_break *close;
	int first = 1;
	if (!breaks || (!json_is_object(v) && !json_is_array(v)))
		return json_dump_callback(v, put, (void *)out, JSON_ENCODE_ANY);
	if (json_is_object(v)) {
		const char *key;
		json_t *m;
		skl_sink_puts(out, "{");
		json_object_foreach(v, key, m)
		{
			const skl_json_break *b = find(breaks, key, 1);
			json_t *k = json_string_nocheck(key);
			sep(b, first, out);
			first = 0;
			if (!k || json_dump_callback(k, put, (void *)out, JSON_ENCODE_ANY) < 0) {
				json_decref(k);
				return -1;
			}
			json_decref(k);
			skl_sink_puts(out, ": ");
			if (write_value(m, b ? b->inside : NULL, out) < 0)
				return -1;
		}
		close = find(breaks, "}", 0);
		skl_sink_puts(out, close && close->text ? close->text : "");
		skl_sink_puts(out, "}");
	} else {
		const skl_json_break *b = find(breaks, "[]", 0);
		size_t i;
		json_t *e;
		skl_sink_puts(out, "[");
		json_array_foreach(v, i, e)
		{
			sep(b, first, out);
			first = 0;
			if (write_value(e, b ? b->inside : NULL, out) < 0)
				return -1;
		}
		close = find(breaks, "]", 0);
		skl_sink_puts(out, close && close->text ? close->text : "");
		skl_sink_puts(out, "]");
	}
	return 0;
}

int skl_json_write(json_t *doc, const skl_json_break *breaks, const skl_sink *out)
{
	int rc;
	if (!doc)
		return -1;
	rc = write_value(doc, breaks, out);
	if (rc == 0)
		skl_sink_puts(out, "\n");
	json_decref(doc);
	return rc;
}

void skl_json_write_text(const skl_sink *out, const char *s)
{
	json_t *v = skl_json_text(s);
	if (!v || json_dump_callback(v, put, (void *)out, JSON_ENCODE_ANY) < 0)
		skl_sink_puts(out, "\"\""); /* out of memory: an empty string keeps the document whole */
	json_decref(v);
}
