/*
 * test_json.c - sklab/json.h: text of any bytes made a JSON string (bad
 * UTF-8 as U+FFFD, never refused), members set under any key, and
 * documents written with the breaks a table asks for, through a sink.
 */
#include "check.h"

#include "sklab/json.h"

#include <string.h>

/* doc written with breaks, into a buffer; NULL when the write fails. */
static char *written(json_t *doc, const skl_json_break *breaks, skl_buf *b)
{
	skl_sink s;
	skl_buf_init(b);
	s = skl_buf_sink(b);
	if (skl_json_write(doc, breaks, &s) < 0)
		return NULL;
	return b->data ? b->data : "";
}

static void test_text(void)
{
	json_t *v = skl_json_text("tab\there \"q\" \xe2\x82\xac");
	skl_buf b;
	CHECK_STR(written(v, NULL, &b), "\"tab\\there \\\"q\\\" \xe2\x82\xac\"\n");
	skl_buf_free(&b);
	/* a lone byte, a cut sequence, an overlong form, a surrogate: each byte U+FFFD */
	v = skl_json_text("a\xff"
			  "b\xe2\x82"
			  "c\xc0\xaf"
			  "d\xed\xa0\x80");
	CHECK_STR(json_string_value(v), "a\xef\xbf\xbd"
					"b\xef\xbf\xbd\xef\xbf\xbd"
					"c\xef\xbf\xbd\xef\xbf\xbd"
					"d\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	json_decref(v);
	v = skl_json_text(NULL);
	CHECK_STR(json_string_value(v), "");
	json_decref(v);
	v = skl_json_uint(UINT64_MAX);
	CHECK(json_integer_value(v) == INT64_MAX);
	json_decref(v);
}

static void test_set(void)
{
	json_t *o = json_object();
	skl_buf b;
	CHECK_INT(skl_json_set(o, "z", json_integer(1)), 0);
	CHECK_INT(skl_json_set(o, "a\xff", json_integer(2)), 0); /* the key made UTF-8 */
	CHECK_INT(skl_json_set(o, NULL, json_integer(3)), -1);	 /* and the value dropped */
	CHECK_INT(skl_json_set(o, "x", NULL), -1);
	CHECK_STR(written(o, NULL, &b), "{\"z\": 1, \"a\xef\xbf\xbd\": 2}\n");
	skl_buf_free(&b);
}

static void test_breaks(void)
{
	static const skl_json_break rows[] = {{"[]", "\n    ", NULL}, {"]", "\n  ", NULL}, {NULL, NULL, NULL}};
	static const skl_json_break second[] = {{"c", "\n   ", NULL}, {NULL, NULL, NULL}};
	static const skl_json_break top[] = {{"rows", "\n  ", rows},
					     {"inner", "\n ", second},
					     {"*", "\n  ", NULL},
					     {"}", "\n", NULL},
					     {NULL, NULL, NULL}};
	skl_buf b;
	json_t *doc = json_pack("{s:s, s:[{s:i}, [i, i]], s:{s:i, s:i, s:i}, s:[]}", "name", "x", "rows", "a", 1, 2, 3,
				"inner", "a", 1, "b", 2, "c", 3, "none", "");
	CHECK_STR(written(doc, top, &b), "{\n"
					 "  \"name\": \"x\",\n"
					 "  \"rows\": [\n"
					 "    {\"a\": 1},\n"
					 "    [2, 3]\n"
					 "  ],\n"
					 " \"inner\": {\"a\": 1, \"b\": 2,\n"
					 "   \"c\": 3},\n"
					 "  \"none\": []\n"
					 "}\n");
	skl_buf_free(&b);
	/* an empty array keeps its closing break; no table is jansson's one line */
	doc = json_pack("{s:[], s:[i]}", "rows", "b", 1);
	CHECK_STR(written(doc, top, &b), "{\n  \"rows\": [\n  ],\n  \"b\": [1]\n}\n");
	skl_buf_free(&b);
	doc = json_pack("{s:[i, i], s:{}}", "a", 1, 2, "b");
	CHECK_STR(written(doc, NULL, &b), "{\"a\": [1, 2], \"b\": {}}\n");
	skl_buf_free(&b);
	/* a document that could not be built writes nothing */
	CHECK(written(NULL, top, &b) == NULL);
	CHECK_INT(b.len, 0);
	skl_buf_free(&b);
}

static void test_write_text(void)
{
	skl_buf b;
	skl_sink s;
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_json_write_text(&s, "a\nb\\");
	skl_json_write_text(&s, NULL);
	CHECK_STR(b.data, "\"a\\nb\\\\\"\"\"");
	skl_buf_free(&b);
}

int main(void)
{
	test_text();
	test_set();
	test_breaks();
	test_write_text();
	return check_done("json");
}
