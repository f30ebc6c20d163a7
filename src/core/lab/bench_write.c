/*
 * bench_write.c - what `sklab bench` shows: lmbench-style one-liners and
 * a table per workload, one JSON object for scripts (schema in
 * docs/bench.md), and bar charts of time and modelled misses.
 *
 * Writes through sinks only. Model figures are printed with a fixed
 * format so that two runs print them byte for byte alike; strings are
 * encoded by libjansson.
 */
#include "bench_impl.h"

#include "sklab/json.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- text ---------------------------------------------------------------------- */

static void cell_counter(char *out, size_t n, const skl_bench_counter *c)
{
	if (c->ok)
		snprintf(out, n, "%.1f", c->per_op);
	else
		snprintf(out, n, "n/a");
}

static void size_text(char *out, size_t n, uint64_t bytes)
{
	if (bytes >= (1u << 20) && bytes % (1u << 20) == 0)
		snprintf(out, n, "%llu MiB", (unsigned long long)(bytes >> 20));
	else if (bytes >= 1024 && bytes % 1024 == 0)
		snprintf(out, n, "%llu KiB", (unsigned long long)(bytes >> 10));
	else
		snprintf(out, n, "%llu B", (unsigned long long)bytes);
}

static void write_oneliner(const skl_bench_variant *v, const skl_sink *out)
{
	const skl_bench_model *m = &v->model;
	if (v->timed)
		skl_sink_printf(out, "%s: this host, this run %.1f ns +-%.1f%% (95%% CI %.1f-%.1f)%s", v->what,
				v->median_ns, v->ci_pct, v->ci_lo_ns, v->ci_hi_ns, v->noisy ? " NOISY" : "");
	else
		skl_sink_printf(out, "%s: not timed", v->what);
	skl_sink_printf(out, "; model %.0f cycles", m->cycles);
	if (m->cpus)
		skl_sink_printf(out, ", %.2f HITM", m->hitm);
	if (m->cpus)
		skl_sink_printf(out, " on %u CPUs of %s", m->cpus, m->machine);
	else
		skl_sink_printf(out, " on %s", m->machine);
	if (m->ns > 0)
		skl_sink_printf(out, " = %.1f ns", m->ns);
	if (v->ratio > 0)
		skl_sink_printf(out, "; measured/modelled %.3f", v->ratio);
	if (v->code_bytes >= 0)
		skl_sink_printf(out, "; code %lld B", v->code_bytes);
	skl_sink_puts(out, "\n");
}

/* The coherence figures of a replay on several CPUs, per operation. */
static void write_coherence(const skl_bench_result *r, const skl_sink *out)
{
	int i, any = 0;
	for (i = 0; i < r->nvariants; i++)
		any |= r->variants[i].model.cpus > 0;
	if (!any)
		return;
	skl_sink_printf(out, "\n  %-18s %5s %9s %9s %9s %9s %9s\n", "model", "cpus", "coher", "HITM", "transfer",
			"inval", "m.cycles");
	for (i = 0; i < r->nvariants; i++) {
		const skl_bench_model *m = &r->variants[i].model;
		if (!m->cpus)
			continue;
		skl_sink_printf(out, "  %-18s %5u %9.3f %9.3f %9.3f %9.3f %9.1f\n", r->variants[i].name, m->cpus,
				m->coherence, m->hitm, m->transfers, m->invalidations, m->cycles);
	}
	skl_sink_printf(out, "  (per %s: coherence misses, HITMs, cache-to-cache transfers, invalidations, cycles)\n",
			r->variants[0].unit);
}

void skl_bench_write_text(const skl_bench_result *r, const skl_sink *out)
{
	const skl_bench_model *m0 = r->nvariants ? &r->variants[0].model : NULL;
	unsigned l;
	int i, c;

	skl_sink_printf(out, "%s: %s\n", r->workload, r->title);
	skl_sink_printf(out, "  machine: %s; model: %s", r->profile, m0 ? m0->machine : "none");
	if (m0 && m0->nlevels) {
		skl_sink_puts(out, " (");
		for (l = 0; l < m0->nlevels; l++)
			skl_sink_printf(out, "%s%s", l ? ", " : "", m0->level[l]);
		skl_sink_printf(out, "; %u-byte lines)", m0->line);
	}
	skl_sink_puts(out, "\n");
	if (r->layouts[0])
		skl_sink_printf(out, "  layouts: %s\n", r->layouts);
	if (r->host[0])
		skl_sink_printf(out, "  %s\n", r->host);
	if (r->model_only)
		skl_sink_puts(out, "  timing: not run (model only)\n");
	else if (!r->nvariants || !r->variants[0].timed)
		skl_sink_puts(out, "  timing: not run\n");
	else
		skl_sink_printf(out,
				"  timing: CLOCK_MONOTONIC, %u samples of %llu+ ops after a warm-up, about %.0f ms a "
				"variant%s%s; the median and its distribution-free 95%% interval, NOISY when that is "
				"wider than +-%.0f%%\n",
				r->variants[0].samples, (unsigned long long)r->variants[0].reps, r->target_ms,
				r->variants[0].interleaved > 1 ? ", the variants in turn sample by sample" : "",
				r->variants[0].pinned ? ", on one CPU" : "", SKL_BENCH_NOISY_PCT);
	if (r->counters_why[0])
		skl_sink_printf(out, "  counters: n/a (%s)\n", r->counters_why);
	skl_sink_puts(out, "\n");
	for (i = 0; i < r->nvariants; i++)
		write_oneliner(&r->variants[i], out);

	/* the table */
	skl_sink_printf(out, "\n  %-18s %9s %9s %9s %7s %8s %8s %8s %8s |", "variant", "median ns", "ci lo", "ci hi",
			"+-%", "cycles", "instr", "L1d-miss", "L1i-miss");
	for (l = 0; m0 && l < m0->nlevels; l++)
		skl_sink_printf(out, " %7s", m0->level[l]);
	skl_sink_printf(out, " | %6s %9s %9s %8s\n", "lines", "m.cycles", "m.ns", "ratio");
	for (i = 0; i < r->nvariants; i++) {
		const skl_bench_variant *v = &r->variants[i];
		char cells[SKL_BENCH_NCOUNTERS][32], mn[32], md[32], mx[32], pc[32], ns[32], ratio[32];
		for (c = 0; c < SKL_BENCH_NCOUNTERS; c++)
			cell_counter(cells[c], sizeof(cells[c]), &v->counters[c]);
		if (v->timed) {
			snprintf(mn, sizeof(mn), "%.1f", v->ci_lo_ns);
			snprintf(md, sizeof(md), "%.1f", v->median_ns);
			snprintf(mx, sizeof(mx), "%.1f", v->ci_hi_ns);
			snprintf(pc, sizeof(pc), "%.1f%s", v->ci_pct, v->noisy ? "!" : "");
		} else {
			snprintf(mn, sizeof(mn), "-");
			snprintf(md, sizeof(md), "-");
			snprintf(mx, sizeof(mx), "-");
			snprintf(pc, sizeof(pc), "-");
		}
		if (v->model.ns > 0)
			snprintf(ns, sizeof(ns), "%.1f", v->model.ns);
		else
			snprintf(ns, sizeof(ns), "n/a");
		if (v->ratio > 0)
			snprintf(ratio, sizeof(ratio), "%.3f", v->ratio);
		else
			snprintf(ratio, sizeof(ratio), "n/a");
		skl_sink_printf(out, "  %-18s %9s %9s %9s %7s %8s %8s %8s %8s |", v->name, md, mn, mx, pc, cells[0],
				cells[1], cells[2], cells[3]);
		for (l = 0; l < v->model.nlevels; l++)
			skl_sink_printf(out, " %7.2f", v->model.misses[l]);
		skl_sink_printf(out, " | %6.1f %9.1f %9s %8s\n", v->model.lines, v->model.cycles, ns, ratio);
	}
	skl_sink_printf(out,
			"  (per %s; host: this run's median and its 95%% interval, ! when noisy; model misses per "
			"level and lines touched per operation)\n",
			r->nvariants ? r->variants[0].unit : "operation");
	for (i = 0; i < r->nvariants; i++) {
		const skl_bench_variant *v = &r->variants[i];
		if (v->code_bytes >= 0 || strncmp(v->code_how, "not measured", 12)) {
			skl_sink_printf(out, "  code %s: ", v->name);
			if (v->code_bytes >= 0)
				skl_sink_printf(out, "%lld B (%s)\n", v->code_bytes, v->code_how);
			else
				skl_sink_printf(out, "%s\n", v->code_how);
		}
	}
	for (i = 0; i < r->nvariants; i++) {
		const skl_bench_variant *v = &r->variants[i];
		char cs[32];
		int j, seen = 0;
		for (j = 0; j < i && !seen; j++)
			seen =
			    r->variants[j].object_size == v->object_size && !strcmp(r->variants[j].layout, v->layout);
		if (!v->cache_size || seen)
			continue;
		size_text(cs, sizeof(cs), v->cache_size);
		skl_sink_printf(out, "  %s: %llu B, %s in its slab cache\n", v->layout,
				(unsigned long long)v->object_size, cs);
	}
	write_coherence(r, out);
	if (r->ratio_name[0]) {
		if (r->ratio_value > 0)
			skl_sink_printf(out, "  %s: %.2f (this host's medians)\n", r->ratio_name, r->ratio_value);
		else
			skl_sink_printf(out, "  %s: n/a (not timed)\n", r->ratio_name);
	}
	if (r->notes[0])
		skl_sink_printf(out, "  note: %s\n", r->notes);
}

/* ---- JSON ---------------------------------------------------------------------- */

/* The numbers are formatted here ("%.3f", "%.6g"), as docs/bench.md shows
 * them: jansson writes a real with as many digits as it needs ("%.17g"),
 * never with fixed decimals. The strings go through it (sklab/json.h). */

/* A model figure: fixed format, so equal doubles print alike. */
static void jnum(const skl_sink *out, double v)
{
	skl_sink_printf(out, "%.6g", v);
}

static void write_counters(const skl_bench_variant *v, const skl_sink *out)
{
	int c;
	skl_sink_puts(out, "{");
	for (c = 0; c < SKL_BENCH_NCOUNTERS; c++) {
		const skl_bench_counter *k = &v->counters[c];
		skl_sink_printf(out, "%s", c ? ", " : "");
		skl_json_write_text(out, skl_bench_counter_name(c));
		if (k->ok) {
			skl_sink_printf(out, ": {\"value\": %.3f, \"reason\": null}", k->per_op);
		} else {
			skl_sink_puts(out, ": {\"value\": null, \"reason\": ");
			skl_json_write_text(out, k->why);
			skl_sink_puts(out, "}");
		}
	}
	skl_sink_puts(out, "}");
}

static void write_variant(const skl_bench_variant *v, const skl_sink *out)
{
	const skl_bench_model *m = &v->model;
	unsigned l;
	skl_sink_puts(out, "        {\"name\": ");
	skl_json_write_text(out, v->name);
	skl_sink_puts(out, ", \"what\": ");
	skl_json_write_text(out, v->what);
	skl_sink_puts(out, ", \"unit\": ");
	skl_json_write_text(out, v->unit);
	skl_sink_puts(out, ", \"layout\": ");
	skl_json_write_text(out, v->layout);
	skl_sink_printf(out, ",\n         \"object_size\": %llu, \"cache_size\": %llu, \"objects\": %llu,\n",
			(unsigned long long)v->object_size, (unsigned long long)v->cache_size,
			(unsigned long long)v->objects);
	if (v->timed)
		skl_sink_printf(
		    out,
		    "         \"measured\": {\"min_ns\": %.3f, \"median_ns\": %.3f, \"max_ns\": %.3f, \"reps\": %llu, "
		    "\"samples\": %u,\n          \"ci95_ns\": [%.3f, %.3f], \"ci_level\": %.4f, \"ci_pct\": %.2f, "
		    "\"noisy\": %s, \"pinned\": %s, \"interleaved\": %d},\n",
		    v->min_ns, v->median_ns, v->max_ns, (unsigned long long)v->reps, v->samples, v->ci_lo_ns,
		    v->ci_hi_ns, v->ci_level, v->ci_pct, v->noisy ? "true" : "false", v->pinned ? "true" : "false",
		    v->interleaved);
	else
		skl_sink_puts(out, "         \"measured\": null,\n");
	skl_sink_puts(out, "         \"counters\": ");
	write_counters(v, out);
	skl_sink_puts(out, ",\n         \"model\": {\"ops\": ");
	skl_sink_printf(out, "%llu", (unsigned long long)m->ops);
	skl_sink_puts(out, ", \"accesses\": ");
	jnum(out, m->accesses);
	skl_sink_puts(out, ", \"lines\": ");
	jnum(out, m->lines);
	skl_sink_puts(out, ", \"misses\": {");
	for (l = 0; l < m->nlevels; l++) {
		skl_sink_printf(out, "%s", l ? ", " : "");
		skl_json_write_text(out, m->level[l]);
		skl_sink_puts(out, ": ");
		jnum(out, m->misses[l]);
	}
	skl_sink_puts(out, "}, \"base_cycles\": ");
	jnum(out, m->base_cycles);
	skl_sink_puts(out, ", \"miss_cycles\": ");
	jnum(out, m->miss_cycles);
	skl_sink_puts(out, ", \"cycles\": ");
	jnum(out, m->cycles);
	skl_sink_puts(out, ", \"ns\": ");
	if (m->ns > 0)
		jnum(out, m->ns);
	else
		skl_sink_puts(out, "null");
	skl_sink_puts(out, ",\n                   \"smp\": ");
	if (m->cpus) {
		skl_sink_printf(out, "{\"cpus\": %u, \"coherence_misses\": ", m->cpus);
		jnum(out, m->coherence);
		skl_sink_puts(out, ", \"hitm\": ");
		jnum(out, m->hitm);
		skl_sink_puts(out, ", \"transfers\": ");
		jnum(out, m->transfers);
		skl_sink_puts(out, ", \"invalidations\": ");
		jnum(out, m->invalidations);
		skl_sink_puts(out, "}");
	} else {
		skl_sink_puts(out, "null");
	}
	skl_sink_puts(out, "},\n         \"ratio\": ");
	if (v->ratio > 0)
		skl_sink_printf(out, "%.4f", v->ratio);
	else
		skl_sink_puts(out, "null");
	skl_sink_puts(out, ", \"code_bytes\": ");
	if (v->code_bytes >= 0)
		skl_sink_printf(out, "%lld", v->code_bytes);
	else
		skl_sink_puts(out, "null");
	skl_sink_puts(out, ", \"code_how\": ");
	skl_json_write_text(out, v->code_how);
	skl_sink_puts(out, ", \"note\": ");
	skl_json_write_text(out, v->note);
	skl_sink_puts(out, "}");
}

void skl_bench_write_json(const skl_bench_result *const *r, int n, const skl_sink *out)
{
	int i, j;
	unsigned l;
	skl_sink_printf(out, "{\n  \"sklab_bench\": 1,\n  \"version\": \"%s\",\n", SKL_VERSION);
	skl_sink_printf(out, "  \"quick\": %s,\n  \"model_only\": %s,\n  \"target_ms\": %.3f,\n",
			n && r[0]->quick ? "true" : "false", n && r[0]->model_only ? "true" : "false",
			n ? r[0]->target_ms : 0.0);
	skl_sink_puts(out, "  \"workloads\": [\n");
	for (i = 0; i < n; i++) {
		const skl_bench_result *w = r[i];
		const skl_bench_model *m0 = w->nvariants ? &w->variants[0].model : NULL;
		skl_sink_puts(out, "    {\"name\": ");
		skl_json_write_text(out, w->workload);
		skl_sink_puts(out, ", \"title\": ");
		skl_json_write_text(out, w->title);
		skl_sink_puts(out, ",\n     \"profile\": ");
		skl_json_write_text(out, w->profile);
		skl_sink_puts(out, ", \"layouts\": ");
		skl_json_write_text(out, w->layouts);
		skl_sink_puts(out, ",\n     \"machine\": ");
		skl_json_write_text(out, m0 ? m0->machine : "");
		skl_sink_puts(out, ", \"mhz\": ");
		if (m0 && m0->mhz > 0)
			jnum(out, m0->mhz);
		else
			skl_sink_puts(out, "null");
		skl_sink_printf(out, ", \"host_model\": %s, \"line\": %u, \"levels\": [",
				w->host_model ? "true" : "false", m0 ? m0->line : 0);
		for (l = 0; m0 && l < m0->nlevels; l++) {
			skl_sink_printf(out, "%s", l ? ", " : "");
			skl_json_write_text(out, m0->level[l]);
		}
		skl_sink_puts(out, "],\n     \"counters_reason\": ");
		if (w->counters_why[0])
			skl_json_write_text(out, w->counters_why);
		else
			skl_sink_puts(out, "null");
		skl_sink_puts(out, ",\n     \"notes\": ");
		skl_json_write_text(out, w->notes);
		skl_sink_puts(out, ",\n     \"host\": ");
		skl_json_write_text(out, w->host);
		skl_sink_puts(out, ", \"host_ratio\": ");
		if (w->ratio_name[0]) {
			skl_sink_puts(out, "{\"name\": ");
			skl_json_write_text(out, w->ratio_name);
			skl_sink_puts(out, ", \"value\": ");
			if (w->ratio_value > 0)
				skl_sink_printf(out, "%.4f", w->ratio_value);
			else
				skl_sink_puts(out, "null");
			skl_sink_puts(out, "}");
		} else {
			skl_sink_puts(out, "null");
		}
		skl_sink_puts(out, ",\n     \"variants\": [\n");
		for (j = 0; j < w->nvariants; j++) {
			write_variant(&w->variants[j], out);
			skl_sink_puts(out, j + 1 < w->nvariants ? ",\n" : "\n");
		}
		skl_sink_printf(out, "     ]}%s\n", i + 1 < n ? "," : "");
	}
	skl_sink_puts(out, "  ]\n}\n");
}

/* ---- charts ---------------------------------------------------------------------- */

static int add_series(skl_chart *c, const char *name, int npoints)
{
	skl_chart_series *s = &c->series[c->nseries];
	int i;
	s->name = skl_strdup(name);
	s->x = skl_calloc((size_t)(npoints ? npoints : 1), sizeof(double));
	s->y = skl_calloc((size_t)(npoints ? npoints : 1), sizeof(double));
	if (!s->name || !s->x || !s->y) {
		skl_free(s->name);
		skl_free(s->x);
		skl_free(s->y);
		return -1;
	}
	s->n = npoints;
	for (i = 0; i < npoints; i++)
		s->x[i] = i;
	c->nseries++;
	return 0;
}

skl_chart *skl_bench_chart(const skl_bench_result *const *r, int n, int what)
{
	skl_chart *c = skl_calloc(1, sizeof(*c));
	char levels[SKL_CACHESIM_MAX_LEVELS * 2][16];
	int nlevels = 0, total = 0, i, j, k, any_ns = 0;

	if (!c)
		return NULL;
	for (i = 0; i < n; i++) {
		total += r[i]->nvariants;
		for (j = 0; j < r[i]->nvariants; j++) {
			const skl_bench_model *m = &r[i]->variants[j].model;
			unsigned l;
			any_ns |= m->ns > 0;
			for (l = 0; l < m->nlevels; l++) {
				for (k = 0; k < nlevels; k++)
					if (!strcmp(levels[k], m->level[l]))
						break;
				if (k == nlevels && nlevels < (int)(sizeof(levels) / sizeof(levels[0])))
					snprintf(levels[nlevels++], sizeof(levels[0]), "%s", m->level[l]);
			}
		}
	}
	c->bars = 1;
	c->title = skl_strdup(what ? "sklab bench: modelled misses per operation"
				   : "sklab bench: time per operation (this host's median in this run, with its 95% "
				     "interval; and the model)");
	c->xlabel = skl_strdup("workload / variant");
	c->ylabel = skl_strdup(what ? "misses per operation" : "ns per operation");
	c->xlabels = skl_calloc((size_t)(total ? total : 1), sizeof(char *));
	c->series = skl_calloc((size_t)(what ? (nlevels ? nlevels : 1) : 2), sizeof(skl_chart_series));
	if (!c->title || !c->xlabel || !c->ylabel || !c->xlabels || !c->series)
		goto fail;
	for (i = 0; i < n; i++) {
		for (j = 0; j < r[i]->nvariants; j++) {
			char label[128];
			snprintf(label, sizeof(label), "%s %s", r[i]->workload, r[i]->variants[j].name);
			if (!(c->xlabels[c->nxlabels] = skl_strdup(label)))
				goto fail;
			c->nxlabels++;
		}
	}
	if (what) {
		for (k = 0; k < nlevels; k++)
			if (add_series(c, levels[k], total) < 0)
				goto fail;
	} else {
		if (add_series(c, "this host, this run: median (ns)", total) < 0)
			goto fail;
		c->series[0].lo = skl_calloc((size_t)(total ? total : 1), sizeof(double));
		c->series[0].hi = skl_calloc((size_t)(total ? total : 1), sizeof(double));
		if (!c->series[0].lo || !c->series[0].hi)
			goto fail;
		if (any_ns && add_series(c, "model (ns at the model's clock)", total) < 0)
			goto fail;
	}
	for (i = 0, k = 0; i < n; i++) {
		for (j = 0; j < r[i]->nvariants; j++, k++) {
			const skl_bench_variant *v = &r[i]->variants[j];
			int s;
			if (!what) {
				c->series[0].y[k] = v->timed ? v->median_ns : 0;
				c->series[0].lo[k] = v->timed ? v->ci_lo_ns : NAN;
				c->series[0].hi[k] = v->timed ? v->ci_hi_ns : NAN;
				if (c->nseries > 1)
					c->series[1].y[k] = v->model.ns;
				continue;
			}
			for (s = 0; s < c->nseries; s++) {
				unsigned l;
				for (l = 0; l < v->model.nlevels; l++)
					if (!strcmp(v->model.level[l], c->series[s].name))
						c->series[s].y[k] = v->model.misses[l];
			}
		}
	}
	return c;
fail:
	skl_chart_free(c);
	return NULL;
}
