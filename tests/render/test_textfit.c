/*
 * test_textfit.c - the text-fitting service on its own: one line at the
 * preferred size, a little smaller, wrapped, at the floor and no lower,
 * abbreviated last, protected names never abbreviated, marks and their
 * budget, the key, and the rule every backend relies on: no fitted text is
 * wider than its box.
 */
#include "check.h"
#include "sklab/render/svg.h"
#include "textfit.h"

#include <stdio.h>
#include <string.h>

static skl_fit fit(float size, int flags)
{
	skl_fit f;
	memset(&f, 0, sizeof(f));
	f.size = size;
	f.font = SKL_FONT_REGULAR;
	f.align = SKL_ALIGN_LEFT;
	f.color = SKL_HEX(0);
	f.flags = flags;
	return f;
}

/* Text of item i, or "" */
static const char *text_at(const skl_dl *dl, int i)
{
	const skl_dl_item *it = skl_dl_at(dl, i);
	return it && it->kind == SKL_DL_TEXT ? it->text : "";
}

static void every_text_fits(const skl_dl *dl)
{
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind != SKL_DL_TEXT)
			continue;
		CHECK(skl_dl_text_width(it->text, it->size) <= it->w + 0.01f);
		CHECK(it->size >= skl_dl_text_floor(dl));
	}
}

int main(void)
{
	skl_dl *dl = skl_dl_new(800, 600);
	skl_fit f;
	skl_fitted m;
	int n;
	skl_dl_set_text_floor(dl, 10);

	/* fits: one line at the size asked for (16 px: 10 px a glyph) */
	f = fit(16, 0);
	n = skl_dl_fit_text(dl, 0, 0, 100, 20, "sk_daddr", &f, &m);
	CHECK(n == 1 && m.size == 16 && !m.cut && !m.marked);
	CHECK(!strcmp(text_at(dl, 0), "sk_daddr"));

	/* a little too wide: a little smaller type, one line */
	skl_dl_clear(dl, 800, 600);
	n = skl_dl_fit_text(dl, 0, 0, 100, 20, "sk_rcvlowat", &f, &m);
	CHECK(n == 1 && m.size >= 14 && m.size < 16 && !m.cut);

	/* much too wide, room for two lines: broken after the underscore */
	skl_dl_clear(dl, 800, 600);
	n = skl_dl_fit_text(dl, 0, 0, 100, 40, "skc_rcv_saddr_long", &f, &m);
	CHECK(n == 2 && !m.cut);
	CHECK(!strcmp(text_at(dl, 0), "skc_rcv_") && !strcmp(text_at(dl, 1), "saddr_long"));

	/* a small size asked for is raised to the floor */
	skl_dl_clear(dl, 800, 600);
	f = fit(6, 0);
	n = skl_dl_fit_text(dl, 0, 0, 200, 20, "tiny", &f, &m);
	CHECK(n == 1 && m.size == 10);

	/* one line, too little room at the floor: abbreviated, never squeezed */
	skl_dl_clear(dl, 800, 600);
	f = fit(16, 0);
	n = skl_dl_fit_text(dl, 0, 0, 60, 12, "sk_write_queue", &f, &m);
	CHECK(n == 1 && m.cut && m.size == 10);
	CHECK(!strcmp(text_at(dl, 0), "sk_write_\xe2\x80\xa6"));
	every_text_fits(dl);

	/* a box lower than the floor: nothing */
	skl_dl_clear(dl, 800, 600);
	n = skl_dl_fit_text(dl, 0, 0, 200, 6, "x", &f, &m);
	CHECK(n == 0 && skl_dl_count(dl) == 0);

	/* prose wraps at its size before it shrinks */
	skl_dl_clear(dl, 800, 600);
	f = fit(20, SKL_FIT_WRAP);
	n = skl_dl_fit_text(dl, 0, 0, 240, 200, "one slab cache per protocol, not one fat sock", &f, &m);
	CHECK(n >= 2 && m.size == 20 && !m.cut);
	every_text_fits(dl);

	/* a name the caption names is never abbreviated: it breaks anywhere */
	skl_dl_clear(dl, 800, 600);
	CHECK(skl_dl_protect(dl, "the chain node skc_nulls_node sits at offset 104") == 0);
	CHECK(skl_dl_is_protected(dl, "skc_nulls_node"));
	CHECK(skl_dl_is_protected(dl, "\xe2\x86\xb3 skc_nulls_node"));
	CHECK(skl_dl_is_protected(dl, "sk.skc_nulls_node"));
	CHECK(!skl_dl_is_protected(dl, "skc_node"));
	CHECK(!skl_dl_is_protected(dl, "struct in6_addr"));
	f = fit(16, 0);
	n = skl_dl_fit_text(dl, 0, 0, 60, 40, "skc_nulls_node", &f, &m);
	CHECK(n >= 2 && !m.cut);
	{
		char joined[64] = "";
		int i;
		for (i = 0; i < n; i++)
			strncat(joined, text_at(dl, i), sizeof(joined) - strlen(joined) - 1);
		CHECK(!strcmp(joined, "skc_nulls_node"));
	}
	every_text_fits(dl);
	/* ... and where it cannot break into its box, it takes a mark */
	skl_dl_clear(dl, 800, 600);
	CHECK(skl_dl_protect(dl, "skc_nulls_node") == 0);
	n = skl_dl_fit_text(dl, 0, 0, 40, 12, "skc_nulls_node", &f, &m);
	CHECK(n == 1 && m.marked && !m.cut);
	CHECK(!strcmp(text_at(dl, 0), "a"));
	CHECK(skl_dl_note_count(dl) == 1 && !strcmp(skl_dl_note_at(dl, 0)->text, "skc_nulls_node"));

	/* marks instead of stubs, the same text keeps its mark, a budget */
	skl_dl_clear(dl, 800, 600);
	skl_dl_set_note_budget(dl, 2);
	f = fit(16, SKL_FIT_MARK);
	CHECK(skl_dl_fit_text(dl, 0, 0, 24, 12, "sk_userlocks", &f, &m) == 1 && m.marked);
	CHECK(skl_dl_fit_text(dl, 30, 0, 24, 12, "sk_shutdown", &f, &m) == 1 && m.marked);
	CHECK(skl_dl_fit_text(dl, 60, 0, 24, 12, "sk_userlocks", &f, &m) == 1 && m.marked);
	CHECK(!strcmp(text_at(dl, 0), "a") && !strcmp(text_at(dl, 1), "b") && !strcmp(text_at(dl, 2), "a"));
	/* past the budget a stub is left out */
	CHECK(skl_dl_fit_text(dl, 90, 0, 24, 12, "sk_no_check", &f, &m) == 0);
	CHECK(skl_dl_note_count(dl) == 2);
	/* the key lists the notes; dry measures the same height */
	{
		int before = skl_dl_count(dl);
		float h1 = skl_dl_draw_notes(dl, 0, 0, 100, 400, 12, SKL_HEX(0), 1);
		float h2 = skl_dl_draw_notes(dl, 0, 0, 100, 400, 12, SKL_HEX(0), 0);
		CHECK(h1 > 0 && h1 == h2);
		CHECK(skl_dl_count(dl) == before + 4);
		CHECK(!strcmp(text_at(dl, before), "a") && !strcmp(text_at(dl, before + 1), "sk_userlocks"));
	}
	/* truncating drops items and notes made since */
	skl_dl_truncate(dl, 1, 1);
	CHECK(skl_dl_count(dl) == 1 && skl_dl_note_count(dl) == 1);

	/* measure and fit agree */
	skl_dl_clear(dl, 800, 600);
	f = fit(18, 0);
	skl_dl_fit_measure(dl, 90, 50, "icsk_retransmit_timer", &f, &m);
	{
		skl_fitted m2;
		n = skl_dl_fit_text(dl, 0, 0, 90, 50, "icsk_retransmit_timer", &f, &m2);
		CHECK(n == m.lines && m.size == m2.size && m.cut == m2.cut && m.width == m2.width);
	}
	every_text_fits(dl);

	/* the SVG keeps runs of spaces (slabinfo's columns) as the PNG does */
	{
		skl_buf svg;
		skl_sink sink;
		skl_dl_clear(dl, 800, 600);
		skl_dl_text(dl, 0, 0, 400, 20, "sock      3000   3006", 12, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
			    SKL_HEX(0));
		skl_dl_text(dl, 0, 30, 400, 20, "one space", 12, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, SKL_HEX(0));
		skl_buf_init(&svg);
		sink = skl_buf_sink(&svg);
		skl_svg_write(dl, &sink);
		CHECK(svg.data && strstr(svg.data, "xml:space=\"preserve\" style=\"white-space:pre\">sock      3000"));
		CHECK(svg.data && strstr(svg.data, "\">one space</text>"));
		skl_buf_free(&svg);
	}

	skl_dl_free(dl);
	if (check_failures)
		fprintf(stderr, "test_textfit: %d failed\n", check_failures);
	else
		printf("test_textfit: ok\n");
	return check_failures != 0;
}
