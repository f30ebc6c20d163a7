/*
 * fuzz_outputs.c - libFuzzer target for the output text policy
 * (include/sklab/textsafe.h): whatever bytes a scenario's text holds, the
 * SVG frames are well-formed XML, the JSON is well-formed valid UTF-8 and
 * the terminal text holds no control character but tab and LF.
 *
 * The input is split at its NUL bytes into up to ten texts (the Lua API
 * refuses a NUL inside one), given to an event log as a scenario's title
 * and goal, a print, a text panel with a title and a mark, two captions,
 * a chart's title, axis labels, series name and bar labels, an expect
 * message and an error. Every frame is built by the views and written as
 * SVG, checked by tests/common/xmlcheck.h; the texts go into a JSON
 * document (as keys too), written with skl_json_write and read back by
 * jansson, which refuses what is not UTF-8; and through skl_text_term.
 * A violation aborts, so libFuzzer reports it.
 */
#include "fuzz_util.h"

#include "sklab/events.h"
#include "sklab/json.h"
#include "sklab/render/drawlist.h"
#include "sklab/render/svg.h"
#include "sklab/render/view_scene.h"
#include "sklab/textsafe.h"
#include "xmlcheck.h"

#define MAX_INPUT 8192
#define NTEXT 10

static void die(const char *what, const char *why, const skl_buf *b)
{
	fprintf(stderr, "fuzz_outputs: %s: %s\n", what, why);
	if (b && b->data)
		fwrite(b->data, 1, b->len < 4000 ? b->len : 4000, stderr);
	abort();
}

static char *dup_text(const char *s)
{
	char *d = skl_strdup(s);
	return d;
}

/* A chart of bars whose words are the inputs' (taken by the log). */
static skl_chart *new_chart(char *const *t)
{
	skl_chart *c = skl_calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->title = dup_text(t[6]);
	c->xlabel = dup_text(t[7]);
	c->ylabel = dup_text(t[8]);
	c->bars = 1;
	c->xlabels = skl_calloc(2, sizeof(char *));
	c->series = skl_calloc(1, sizeof(*c->series));
	if (!c->title || !c->xlabel || !c->ylabel || !c->xlabels || !c->series) {
		skl_chart_free(c);
		return NULL;
	}
	c->xlabels[0] = dup_text(t[9]);
	c->xlabels[1] = dup_text(t[2]);
	c->nxlabels = 2;
	c->nseries = 1;
	c->series[0].name = dup_text(t[8]);
	c->series[0].x = skl_calloc(2, sizeof(double));
	c->series[0].y = skl_calloc(2, sizeof(double));
	if (!c->series[0].x || !c->series[0].y) {
		skl_chart_free(c);
		return NULL;
	}
	c->series[0].x[1] = 1;
	c->series[0].y[0] = 3;
	c->series[0].y[1] = 7;
	c->series[0].n = 2;
	return c;
}

static void check_svg(const skl_events *log)
{
	skl_frame *frames = NULL;
	skl_view_frame_opts fo;
	skl_dl *dl = skl_dl_new(1600, 900);
	int n = skl_events_frames(log, &frames), i;
	memset(&fo, 0, sizeof(fo));
	for (i = 0; dl && i < n; i++) {
		skl_buf b;
		skl_sink out;
		xc_state x;
		if (skl_view_frame(dl, log, frames, n, i, &fo) < 0)
			continue; /* out of memory: nothing to check */
		skl_buf_init(&b);
		out = skl_buf_sink(&b);
		skl_svg_write(dl, &out);
		if (b.data && xc_check(&x, b.data, b.len) < 0)
			die("an SVG frame is not well-formed XML", x.why, &b);
		skl_buf_free(&b);
	}
	skl_free(frames);
	skl_dl_free(dl);
}

static void check_json(char *const *t)
{
	json_t *doc = json_object(), *arr = json_array(), *back;
	json_error_t jerr;
	skl_buf b;
	skl_sink out;
	int i;
	for (i = 0; i < NTEXT; i++) {
		skl_json_set(doc, t[i], skl_json_text(t[i]));
		json_array_append_new(arr, skl_json_text(t[i]));
	}
	skl_json_set(doc, "all", arr);
	skl_buf_init(&b);
	out = skl_buf_sink(&b);
	if (skl_json_write(doc, NULL, &out) < 0) {
		skl_buf_free(&b);
		return; /* out of memory */
	}
	back = json_loadb(b.data ? b.data : "", b.len, 0, &jerr);
	if (!back)
		die("the JSON does not read back", jerr.text, &b);
	json_decref(back);
	skl_buf_free(&b);
}

static void check_term(char *const *t)
{
	int i;
	for (i = 0; i < NTEXT; i++) {
		skl_buf b;
		skl_sink out;
		size_t k = 0, len;
		skl_buf_init(&b);
		out = skl_buf_sink(&b);
		skl_text_term(&out, t[i], strlen(t[i]));
		while (b.data && k < b.len) {
			unsigned c;
			len = skl_utf8_len(b.data + k, b.len - k);
			if (!len)
				die("terminal text", "a byte that is not UTF-8", &b);
			c = skl_utf8_code(b.data + k, len);
			if ((c < 0x20 && c != '\t' && c != '\n') || (c >= 0x7f && c <= 0x9f))
				die("terminal text", "a control character", &b);
			k += len;
		}
		skl_buf_free(&b);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf, *t[NTEXT];
	const char *marks[1];
	skl_text_panel tp;
	skl_show sh;
	skl_events *log;
	size_t i;
	int k = 0;
	if (size > MAX_INPUT)
		return 0;
	buf = malloc(size + 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	t[k++] = buf;
	for (i = 0; i < size && k < NTEXT; i++)
		if (!buf[i])
			t[k++] = buf + i + 1;
	while (k < NTEXT)
		t[k++] = t[0];

	log = skl_events_new(0);
	if (log) {
		skl_events_scenario(log, t[0][0] ? t[0] : "x", t[1], "linux-2.4.16-i386", "fuzz.lua:1");
		skl_events_print(log, t[2], "fuzz.lua:2");
		memset(&tp, 0, sizeof(tp));
		tp.text = t[3][0] ? t[3] : "x";
		tp.title = t[4];
		marks[0] = t[5][0] ? t[5] : "x";
		tp.marks = marks;
		tp.nmarks = 1;
		memset(&sh, 0, sizeof(sh));
		sh.kind = SKL_SHOW_TEXT;
		sh.text = &tp;
		skl_events_show(log, &sh, "fuzz.lua:3");
		skl_events_step(log, t[5], "fuzz.lua:4");
		memset(&sh, 0, sizeof(sh));
		sh.kind = SKL_SHOW_CHART;
		sh.chart = new_chart(t);
		if (sh.chart && skl_events_show(log, &sh, "fuzz.lua:5") < 0)
			skl_chart_free(sh.chart);
		skl_events_expect(log, 0, t[9], "fuzz.lua:6");
		skl_events_step(log, t[6], "fuzz.lua:7");
		skl_events_error(log, t[7], "fuzz.lua:8");
		check_svg(log);
		skl_events_free(log);
	}
	check_json(t);
	check_term(t);
	free(buf);
	return 0;
}
