/*
 * test_layout_overlay.c - the layout view's cache-line groups and c2c
 * overlay, from scenarios run through the Lua runtime and drawn as frames
 * at 1600x900: the draw list as text shows tcp_sock's six groups of Linux
 * 6.18 with their line spans (and no marker drawn as a member), and, for a
 * hand-made two-CPU trace on sock_common, the CPUs on each member and the
 * false and true sharing of its lines. Leaves the dumps and SVGs in OUTDIR.
 *
 *   test_layout_overlay DATA_DIR OUTDIR
 */
#include "check.h"
#include "dlist.h"
#include "sklab/events.h"
#include "sklab/render/svg.h"
#include "sklab/render/view_scene.h"
#include "sklab/runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *data_dir, *outdir;

/* Runs the scenario and returns the dump of frame i (allocated), also
 * written with its SVG to OUTDIR/NAME-I.dl.txt and .svg. */
static char *frame_dump(skl_lua *rt, const char *name, int i, skl_dl *dl)
{
	char path[1024];
	skl_events *log = skl_events_new(0);
	skl_frame *fr = NULL;
	skl_view_frame_opts fo;
	skl_error err;
	skl_buf dump, svg;
	skl_sink sink;
	int nfr;
	snprintf(path, sizeof(path), "%s/tests/render/data/%s.lua", data_dir, name);
	if (!log || skl_lua_run_file(rt, path, log, &err) < 0) {
		fprintf(stderr, "test_layout_overlay: %s: %s\n", path, log ? err.msg : "out of memory");
		skl_events_free(log);
		return NULL;
	}
	nfr = skl_events_frames(log, &fr);
	CHECK(nfr > i);
	memset(&fo, 0, sizeof(fo));
	skl_dl_clear(dl, 1600, 900);
	CHECK(nfr > i && skl_view_frame(dl, log, fr, nfr, i, &fo) == 0);
	skl_buf_init(&dump);
	sink = skl_buf_sink(&dump);
	skl_dl_dump(dl, &sink);
	snprintf(path, sizeof(path), "%s/%s-%d.dl.txt", outdir, name, i + 1);
	CHECK(skl_test_write_file(path, dump.data, dump.len) == 0);
	skl_buf_init(&svg);
	sink = skl_buf_sink(&svg);
	skl_svg_write(dl, &sink);
	snprintf(path, sizeof(path), "%s/%s-%d.svg", outdir, name, i + 1);
	CHECK(skl_test_write_file(path, svg.data, svg.len) == 0);
	skl_buf_free(&svg);
	skl_free(fr);
	skl_events_free(log);
	return dump.data;
}

/* The tooltip of key's first item holds want. */
static int tip_has(const skl_dl *dl, const char *key, const char *want)
{
	const skl_dl_item *it = skl_test_item(dl, key);
	if (!it || !it->tooltip || !strstr(it->tooltip, want)) {
		fprintf(stderr, "  %s: tooltip %s lacks \"%s\"\n", key, it && it->tooltip ? it->tooltip : "(none)",
			want);
		return 0;
	}
	return 1;
}

static void test_groups(skl_lua *rt)
{
	/* tcp_sock of 6.18 (pahole): the markers' offsets give each group's bytes */
	static const struct {
		const char *name, *span;
	} groups[] = {
	    {"tcp_sock_read_tx", "bytes 1400-1431: 32 B"},     {"tcp_sock_read_txrx", "bytes 1432-1463: 32 B"},
	    {"tcp_sock_read_rx", "bytes 1464-1527: 64 B"},     {"tcp_sock_write_tx", "bytes 1536-1640: 105 B"},
	    {"tcp_sock_write_txrx", "bytes 1641-1751: 111 B"}, {"tcp_sock_write_rx", "bytes 1752-1863: 112 B"},
	};
	static const char *const lines[] = {
	    "cache lines 21-22 (2 lines, 1 would hold it)", "cache line 22 (1 line)",
	    "cache lines 22-23 (2 lines, 1 would hold it)", "cache lines 24-25 (2 lines)",
	    "cache lines 25-27 (3 lines, 2 would hold it)", "cache lines 27-29 (3 lines, 2 would hold it)",
	};
	skl_dl *dl = skl_dl_new(1600, 900);
	char *dump = frame_dump(rt, "layout_groups", 0, dl), key[128], line[4096];
	size_t k;
	CHECK(dump != NULL);
	if (!dump)
		goto out;
	for (k = 0; k < sizeof(groups) / sizeof(groups[0]); k++) {
		snprintf(key, sizeof(key), "0:group:%s", groups[k].name);
		CHECK(tip_has(dl, key, groups[k].span));
		CHECK(tip_has(dl, key, lines[k]));
		CHECK(tip_has(dl, key, k < 3 ? "(read-mostly)" : "(read-write)"));
		/* the band (a rect in the grid), the bracket and the label */
		CHECK(skl_test_dump_line(dump, " rect ", key, line, sizeof(line)) != NULL);
		snprintf(key, sizeof(key), "0:field:__cacheline_group_begin__%s", groups[k].name);
		CHECK(!skl_test_item(dl, key));
		snprintf(key, sizeof(key), "0:field:__cacheline_group_end__%s", groups[k].name);
		CHECK(!skl_test_item(dl, key));
	}
	/* labels without the struct's name, with the lines they waste */
	CHECK(skl_test_has_text_exact(dl, "read_tx") && skl_test_has_text_exact(dl, "write_txrx"));
	CHECK(skl_test_has_text_exact(dl, "111 B") && skl_test_has_text_exact(dl, "3 lines"));
	CHECK(skl_test_has_text_exact(dl, "2 needed") && skl_test_has_text_exact(dl, "1 needed"));
	CHECK(skl_test_item(dl, "0:legend:read-mostly") && skl_test_item(dl, "0:legend:read-write"));
	/* the members inside stay members, labelled */
	CHECK(skl_test_item(dl, "0:field:snd_wnd") && skl_test_has_text_exact(dl, "snd_wnd"));
	/* no c2c marks without a c2c heat */
	CHECK(!skl_test_has_text_prefix(dl, "false sharing") && !skl_test_item(dl, "0:contention:22"));
	skl_free(dump);
	/* sock's groups too */
	dump = frame_dump(rt, "layout_groups", 1, dl);
	CHECK(dump && tip_has(dl, "0:group:sock_write_rx", "(read-write)") &&
	      tip_has(dl, "0:group:sock_read_tx", "(read-mostly)"));
	skl_free(dump);
out:
	skl_dl_free(dl);
}

static void test_c2c(skl_lua *rt)
{
	skl_dl *dl = skl_dl_new(1600, 900);
	char *dump = frame_dump(rt, "layout_c2c", 0, dl), line[4096];
	CHECK(dump != NULL);
	if (!dump)
		goto out;
	/* line 0: CPU 0 writes skc_hash, CPU 1 reads skc_daddr beside it */
	CHECK(tip_has(dl, "0:contention:0", "cache line 0: false sharing"));
	CHECK(tip_has(dl, "0:contention:0", "CPUs that read it: 1; wrote it: 0"));
	/* line 2: both CPUs write skc_refcnt */
	CHECK(tip_has(dl, "0:contention:2", "cache line 2: true sharing"));
	CHECK(tip_has(dl, "0:contention:2", "CPUs that read it: none; wrote it: 0,1"));
	CHECK(!skl_test_item(dl, "0:contention:1"));
	CHECK(skl_test_has_text_exact(dl, "false sharing") && skl_test_has_text_exact(dl, "true sharing"));
	/* the members: which CPU read and wrote each */
	CHECK(tip_has(dl, "0:field:skc_hash", "CPU 0: 0 reads, 10 writes"));
	CHECK(tip_has(dl, "0:field:skc_daddr", "CPU 1: 10 reads, 0 writes"));
	CHECK(tip_has(dl, "0:field:skc_refcnt", "CPU 0: 0 reads, 10 writes\nCPU 1: 0 reads, 10 writes"));
	CHECK(tip_has(dl, "0:field:skc_refcnt", "coherence misses: "));
	CHECK(skl_test_has_text_exact(dl, "w 0,1")); /* skc_refcnt: both CPUs wrote it */
	CHECK(skl_test_item(dl, "0:legend:cpu-read") && skl_test_item(dl, "0:legend:cpu-wrote"));
	/* the contended row's frame is in the list */
	CHECK(skl_test_dump_line(dump, " rect ", "0:contention:2", line, sizeof(line)) != NULL);
	skl_free(dump);
	dump = frame_dump(rt, "layout_c2c", 1, dl);
	CHECK(dump && tip_has(dl, "0:heat", "HITM") && tip_has(dl, "0:contention:2", "true sharing"));
	skl_free(dump);
out:
	skl_dl_free(dl);
}

int main(int argc, char **argv)
{
	skl_lua_opts lo;
	skl_lua *rt;
	skl_error err;
	if (argc != 3) {
		fprintf(stderr, "usage: test_layout_overlay DATA_DIR OUTDIR\n");
		return 2;
	}
	data_dir = argv[1];
	outdir = argv[2];
	memset(&lo, 0, sizeof(lo));
	lo.data_dir = data_dir;
	rt = skl_lua_new(&lo, &err);
	if (!rt) {
		fprintf(stderr, "test_layout_overlay: %s\n", err.msg);
		return 2;
	}
	test_groups(rt);
	test_c2c(rt);
	skl_lua_free(rt);
	if (check_failures) {
		fprintf(stderr, "test_layout_overlay: %d checks failed\n", check_failures);
		return 1;
	}
	printf("test_layout_overlay: ok\n");
	return 0;
}
