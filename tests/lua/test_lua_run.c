/*
 * test_lua_run.c - runs one scenario headless and checks the outcome:
 *   test_lua_run DATA_DIR SCENARIO [--golden FILE [--update]]
 *                [--fail "file:line: message"] [--echo FILE]
 *                [--out DIR] [--pcap FILE] [--pcap-frames N]
 * Without --fail the run must succeed. With --golden the event-log dump
 * must equal FILE (--update rewrites it). The scenario's name in messages
 * is the path as given, so run it from tests/lua.
 */
#include "sklab/runtime.h"

#include "sklab/kernel.h"
#include "sklab/pahole.h"

#include "golden.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints the first differing line of two texts. */
static void show_diff(const char *want, const char *got)
{
	int line = 1;
	while (*want && *want == *got) {
		if (*want == '\n')
			line++;
		want++;
		got++;
	}
	while (line > 1 && want[-1] != '\n') {
		want--;
		got--;
	}
	fprintf(stderr, "first difference at line %d:\n  want: %.*s\n  got:  %.*s\n", line, (int)strcspn(want, "\n"),
		want, (int)strcspn(got, "\n"), got);
}

/* A kernel snapshot shown: every cache's slabinfo line and its slabs. */
static void dump_kernel(const skl_sink *s, int at, const skl_kernel_snap *k)
{
	int c, j;
	skl_sink_printf(s, "shown at %d: kernel %s (%s) ram %llu/%llu, %d caches\n", at, k->profile,
			skl_allocator_name(k->allocator), (unsigned long long)k->ram_used,
			(unsigned long long)k->ram_total, k->ncaches);
	for (c = 0; c < k->ncaches; c++) {
		const skl_cache_snap *cs = &k->caches[c];
		skl_sink_printf(s, "  %s: %s%s%s\n", cs->info.name, cs->slabinfo, cs->type ? " type=" : "",
				cs->type ? cs->type->name : "");
		for (j = 0; j < cs->nslabs; j++)
			skl_sink_printf(s, "    slab %#llx pages=%u colour=%u inuse=%u/%u list=%d\n",
					(unsigned long long)cs->slabs[j].base, cs->slabs[j].pages,
					cs->slabs[j].colour_bytes, cs->slabs[j].inuse, cs->slabs[j].nobjs,
					cs->slabs[j].list);
	}
}

/* A chart shown: its labels and points. */
static void dump_chart(const skl_sink *s, int at, const skl_chart *c)
{
	int i, j;
	skl_sink_printf(s, "shown at %d: chart \"%s\" x=\"%s\" y=\"%s\" %s\n", at, c->title ? c->title : "",
			c->xlabel ? c->xlabel : "", c->ylabel ? c->ylabel : "", c->bars ? "bars" : "lines");
	for (i = 0; i < c->nxlabels; i++)
		skl_sink_printf(s, "  xlabel %d: %s\n", i, c->xlabels[i]);
	for (i = 0; i < c->nseries; i++) {
		skl_sink_printf(s, "  series %s:", c->series[i].name);
		for (j = 0; j < c->series[i].n; j++)
			skl_sink_printf(s, " (%g, %g)", c->series[i].x[j], c->series[i].y[j]);
		skl_sink_puts(s, "\n");
	}
}

/* skbs shown: the geometry, the regions and a panic, one line each. */
static void dump_skbs(const skl_sink *s, int at, const skl_skb_snap *v, int n)
{
	int i, j;
	for (i = 0; i < n; i++) {
		const skl_skb_snap *b = &v[i];
		skl_sink_printf(s,
				"shown at %d: skb %s era=%s head=%#llx data=%+d tail=+%u end=+%u buf=%u(%s) len=%u "
				"data_len=%u truesize=%u users=%u dataref=%u cloned=%d frags=%d shared_with=%d "
				"marks=%d/%d/%d last_op=%s\n",
				at, b->name, b->era, (unsigned long long)b->head_addr, (int)b->data_signed, b->tail,
				b->end, b->buf_size, b->head_cache, b->len, b->data_len, b->truesize, b->users,
				b->dataref, b->cloned, b->nr_frags, b->shared_with, (int)b->mac_header,
				(int)b->network_header, (int)b->transport_header, b->last_op);
		for (j = 0; j < b->nregions; j++)
			skl_sink_printf(s, "  region %s +%u %u: %s\n", b->regions[j].name, b->regions[j].off,
					b->regions[j].len, b->regions[j].detail);
		if (b->panic[0])
			skl_sink_printf(s, "  panic: %s\n", b->panic);
	}
}

/* A cache model shown: each level's counters and its valid, dirty and
 * recent lines with their owners; the attribution rows. */
static void dump_cache(const skl_sink *s, int at, const skl_cachesim_snap *g, const char *title)
{
	int i, j;
	skl_sink_printf(s, "shown at %d: cache \"%s\"%s%s memory=%u levels=%d owners=%d accesses=%llu cycles=%llu\n",
			at, g->title, title ? " title=" : "", title ? title : "", g->mem_latency, g->nlevels,
			g->nowners, (unsigned long long)g->accesses, (unsigned long long)g->cycles);
	for (i = 0; i < g->nlevels; i++) {
		const skl_cachesim_snap_level *l = &g->levels[i];
		int valid = 0, dirty = 0, recent = 0, n = (int)(l->st.sets * l->st.assoc);
		skl_sink_printf(s, "  level %s %llu B %u-way %u B lines, %u sets, latency %u: refs=%llu misses=%llu\n",
				l->st.name, (unsigned long long)l->st.size, l->st.assoc, l->st.line, l->st.sets,
				l->latency, (unsigned long long)(l->st.refs[0] + l->st.refs[1] + l->st.refs[2]),
				(unsigned long long)(l->st.misses[0] + l->st.misses[1] + l->st.misses[2]));
		if (!l->lines)
			continue;
		for (j = 0; j < n; j++) {
			const skl_cachesim_snap_line *c = &l->lines[j];
			if (!c->valid)
				continue;
			valid++;
			dirty += c->dirty;
			recent += c->recent;
			if (c->recent)
				skl_sink_printf(s, "    set %d way %d %#llx%s%s %s\n", j / (int)l->st.assoc,
						j % (int)l->st.assoc, (unsigned long long)c->addr,
						c->dirty ? " dirty" : "", c->last_hit ? " hit" : " miss",
						c->owner >= 0 ? g->owners[c->owner] : "?");
		}
		skl_sink_printf(s, "    %d valid, %d dirty, %d recent\n", valid, dirty, recent);
	}
	for (i = 0; i < g->nmembers; i++)
		skl_sink_printf(s, "  member %s.%s +%u %u: r=%llu w=%llu L1=%llu cycles=%llu\n", g->members[i].owner,
				g->members[i].member, g->members[i].offset, g->members[i].size,
				(unsigned long long)g->members[i].reads, (unsigned long long)g->members[i].writes,
				(unsigned long long)g->members[i].misses[g->nlevels > 1 ? 1 : 0],
				(unsigned long long)g->members[i].cycles);
	for (i = 0; i < g->nlines; i++)
		skl_sink_printf(s, "  objline %s %s +%u %u: r=%llu w=%llu cycles=%llu\n", g->lines[i].owner,
				g->lines[i].member, g->lines[i].offset, g->lines[i].size,
				(unsigned long long)g->lines[i].reads, (unsigned long long)g->lines[i].writes,
				(unsigned long long)g->lines[i].cycles);
}

int main(int argc, char **argv)
{
	const char *golden = NULL, *fail = NULL, *echo_path = NULL, *out_dir = NULL, *pcap_path = NULL;
	long want_frames = -2;
	int update = 0, i, rc, status = 0;
	skl_lua_opts o;
	skl_lua *rt;
	skl_events *log;
	skl_error err;
	char msg[1024];
	FILE *echo = NULL;

	if (argc < 3) {
		fprintf(stderr, "usage: %s DATA_DIR SCENARIO [--golden FILE [--update]] [--fail MSG] [--echo FILE]\n",
			argv[0]);
		return 2;
	}
	for (i = 3; i < argc; i++) {
		if (!strcmp(argv[i], "--golden") && i + 1 < argc)
			golden = argv[++i];
		else if (!strcmp(argv[i], "--fail") && i + 1 < argc)
			fail = argv[++i];
		else if (!strcmp(argv[i], "--echo") && i + 1 < argc)
			echo_path = argv[++i];
		else if (!strcmp(argv[i], "--out") && i + 1 < argc)
			out_dir = argv[++i];
		else if (!strcmp(argv[i], "--pcap") && i + 1 < argc)
			pcap_path = argv[++i];
		else if (!strcmp(argv[i], "--pcap-frames") && i + 1 < argc)
			want_frames = atol(argv[++i]);
		else if (!strcmp(argv[i], "--update"))
			update = 1;
		else {
			fprintf(stderr, "unknown option %s\n", argv[i]);
			return 2;
		}
	}
	memset(&o, 0, sizeof(o));
	o.data_dir = argv[1];
	o.out_dir = out_dir;
	o.pcap_path = pcap_path;
	if (echo_path) {
		echo = fopen(echo_path, "w");
		if (!echo) {
			perror(echo_path);
			return 2;
		}
		o.echo = skl_file_sink(echo);
	}
	rt = skl_lua_new(&o, &err);
	log = skl_events_new(0);
	if (!rt || !log) {
		fprintf(stderr, "out of memory\n");
		return 1;
	}
	rc = skl_lua_run_file(rt, argv[2], log, &err);
	skl_error_format(&err, msg, sizeof(msg));
	if (fail) {
		if (rc == 0) {
			fprintf(stderr, "FAIL: %s ran without error; wanted: %s\n", argv[2], fail);
			status = 1;
		} else if (strcmp(msg, fail) != 0) {
			fprintf(stderr, "FAIL: %s\n  want: %s\n  got:  %s\n", argv[2], fail, msg);
			status = 1;
		}
	} else if (rc != 0) {
		fprintf(stderr, "FAIL: %s: %s\n", argv[2], msg);
		status = 1;
	}
	if (golden) {
		skl_buf b;
		skl_sink s;
		char *want;
		skl_buf_init(&b);
		s = skl_buf_sink(&b);
		skl_events_dump(log, &s);
		/* the layouts shown must still print while the runtime lives */
		for (i = 0; i < skl_events_count(log); i++) {
			const skl_event *e = skl_events_at(log, i);
			int j;
			for (j = 0; e->kind == SKL_EV_SHOW && j < e->nobjs; j++) {
				const skl_obj *obj = skl_events_obj(log, e->objs[j]);
				const skl_layout *l = obj->layout;
				skl_buf p;
				skl_sink ps;
				if (obj->kind == SKL_OBJ_KERNEL) {
					dump_kernel(&s, i, obj->kernel);
					continue;
				}
				if (obj->kind == SKL_OBJ_CHART) {
					dump_chart(&s, i, obj->chart);
					continue;
				}
				if (obj->kind == SKL_OBJ_SKB) {
					dump_skbs(&s, i, obj->skbs, obj->nskbs);
					continue;
				}
				if (obj->kind == SKL_OBJ_CACHE) {
					dump_cache(&s, i, obj->cgrid, obj->title);
					continue;
				}
				if (obj->kind == SKL_OBJ_TEXT) {
					int mk;
					const char *t = obj->text;
					skl_sink_printf(&s, "shown at %d: text \"%s\" marks", i, obj->title);
					for (mk = 0; mk < obj->nmarks; mk++)
						skl_sink_printf(&s, " \"%s\"", obj->marks[mk]);
					skl_sink_printf(&s, "\n");
					while (t && *t) {
						const char *nl = strchr(t, '\n');
						int len = nl ? (int)(nl - t) : (int)strlen(t);
						skl_sink_printf(&s, "  | %.*s\n", len, t);
						t += len + (nl != NULL);
					}
					continue;
				}
				skl_buf_init(&p);
				ps = skl_buf_sink(&p);
				skl_pahole_write(l, &ps, NULL);
				skl_sink_printf(&s, "shown at %d: %s arch=%s config=%s size=%llu fields=%d pahole=%s\n",
						i, l->name, l->abi->name, l->config, (unsigned long long)l->size,
						l->nfields, p.len && strstr(p.data, l->name) ? "ok" : "MISSING");
				if (obj->heat) {
					int f;
					skl_sink_printf(&s, "  heat %s:", obj->heat->label);
					for (f = 0; f < obj->heat->nvalues && f < l->nfields; f++)
						if (obj->heat->value[f] > 0)
							skl_sink_printf(&s, " %s=%g", l->fields[f].path,
									obj->heat->value[f]);
					skl_sink_puts(&s, "\n");
				}
				skl_buf_free(&p);
			}
		}
		if (update) {
			FILE *f = fopen(golden, "wb");
			if (!f || fwrite(b.data, 1, b.len, f) != b.len) {
				perror(golden);
				status = 1;
			}
			if (f)
				fclose(f);
			fprintf(stderr, "updated %s\n", golden);
		} else {
			want = skl_test_read_file(golden);
			if (!want) {
				fprintf(stderr, "FAIL: cannot read %s (run with --update to create it)\n", golden);
				status = 1;
			} else if (strcmp(want, b.data ? b.data : "") != 0) {
				fprintf(stderr, "FAIL: event log of %s differs from %s\n", argv[2], golden);
				show_diff(want, b.data ? b.data : "");
				status = 1;
			}
			free(want);
		}
		skl_buf_free(&b);
	}
	if (want_frames != -2 && skl_lua_pcap_frames(rt) != want_frames) {
		fprintf(stderr, "FAIL: %ld frames in the capture, wanted %ld\n", skl_lua_pcap_frames(rt), want_frames);
		status = 1;
	}
	skl_events_free(log);
	skl_lua_free(rt);
	if (echo)
		fclose(echo);
	if (!status)
		printf("ok %s\n", argv[2]);
	return status;
}
