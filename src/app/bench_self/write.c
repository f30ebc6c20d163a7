/*
 * write.c - the result of `sklab bench --self`: one JSON object for scripts
 * (docs/performance.md), or the table with the baselines and notes under it.
 */
#include "bench_self.h"

#include "sklab/json.h"

#include <stdio.h>

/* A string through libjansson. The numbers are formatted here ("%.6g",
 * "%.2f"): jansson writes a real with as many digits as it needs. */
static void json_str(FILE *fp, const char *s)
{
	skl_sink out = skl_file_sink(fp);
	skl_json_write_text(&out, s);
}

static void json_stat(FILE *fp, const stat3 *s, const char *what)
{
	if (!s->ok) {
		fputs("null", fp);
		return;
	}
	fputs("{", fp);
	if (what) {
		fputs("\"what\": ", fp);
		json_str(fp, what);
		fputs(", ", fp);
	}
	fprintf(fp, "\"min\": %.6g, \"median\": %.6g, \"max\": %.6g}", s->min, s->med, s->max);
}

void skl__self_write_json(FILE *fp, const ctx *x, const host_info *h0, const host_info *h1)
{
	int i;
	fprintf(fp, "{\n  \"sklab_bench_self\": 1,\n  \"version\": \"%s\",\n  \"quick\": %s,\n", SKL_VERSION,
		x->quick ? "true" : "false");
	fprintf(fp, "  \"host\": {\"nproc\": %ld, \"cpu\": ", h0->nproc);
	json_str(fp, h0->cpu);
	fprintf(fp, ", \"virtual\": %s, \"load_start\": %.2f, \"load_end\": %.2f},\n", h0->vm ? "true" : "false",
		h0->load1, h1->load1);
	fputs("  \"comparisons\": [\n", fp);
	for (i = 0; i < x->n; i++) {
		const comparison *c = &x->c[i];
		double ratio = skl__self_ratio(c);
		int met = skl__self_met(c);
		const char *reason = c->sk_why[0] ? c->sk_why : c->base_why[0] ? c->base_why : NULL;
		fputs("    {\"name\": ", fp);
		json_str(fp, c->name);
		fputs(", \"title\": ", fp);
		json_str(fp, c->title);
		fputs(", \"unit\": ", fp);
		json_str(fp, c->unit);
		fputs(",\n     \"baseline\": ", fp);
		json_stat(fp, &c->base, c->base_what);
		fputs(", \"baseline_reason\": ", fp);
		if (c->base.ok)
			fputs("null", fp);
		else
			json_str(fp, c->base_why[0] ? c->base_why : "not measured");
		fputs(",\n     \"sklab\": ", fp);
		json_stat(fp, &c->sk, NULL);
		fputs(", \"sklab_reason\": ", fp);
		if (c->sk.ok)
			fputs("null", fp);
		else
			json_str(fp, c->sk_why[0] ? c->sk_why : "not measured");
		fputs(",\n     \"ratio\": ", fp);
		if (ratio > 0)
			fprintf(fp, "%.6g", ratio);
		else
			fputs("null", fp);
		fputs(", \"ratio_of_minima\": ", fp);
		if (skl__self_ratio_min(c) > 0)
			fprintf(fp, "%.6g", skl__self_ratio_min(c));
		else
			fputs("null", fp);
		fprintf(fp, ", \"target\": {\"on\": \"%s\", \"op\": \"%s\", \"value\": %g, \"text\": ",
			c->target_kind == TARGET_RATIO ? "ratio_of_minima" : "sklab_median",
			c->strict ? "<" : "<=", c->target);
		json_str(fp, c->target_text);
		fputs(", \"also\": ", fp);
		if (c->cond_text[0])
			json_str(fp, c->cond_text);
		else
			fputs("null", fp);
		fputs("}, \"met\": ", fp);
		fputs(met < 0 ? "null" : met ? "true" : "false", fp);
		fputs(", \"reason\": ", fp);
		if (met < 0 || ratio <= 0) {
			if (reason)
				json_str(fp, reason);
			else
				json_str(fp, "no baseline for a ratio");
		} else {
			fputs("null", fp);
		}
		fprintf(fp, ", \"reps\": %d,\n     \"note\": ", c->reps);
		json_str(fp, c->note);
		fprintf(fp, "%s}%s\n", c->extra, i + 1 < x->n ? "," : "");
	}
	fputs("  ]\n}\n", fp);
}

static void fmt_num(char *out, size_t n, double v)
{
	if (v >= 1000)
		snprintf(out, n, "%.0f", v);
	else if (v >= 100)
		snprintf(out, n, "%.1f", v);
	else
		snprintf(out, n, "%.2f", v);
}

void skl__self_write_text(FILE *fp, const ctx *x, const host_info *h0, const host_info *h1)
{
	int i;
	fprintf(fp, "sklab bench --self%s: sklab beside a baseline measured in the same run\n",
		x->quick ? " --quick" : "");
	fprintf(fp, "host: %ld CPU%s, %s%s, load average %.2f at the start, %.2f at the end\n\n", h0->nproc,
		h0->nproc == 1 ? "" : "s", h0->cpu, h0->vm ? " (virtual machine)" : "", h0->load1, h1->load1);
	fprintf(fp, "%-28s %-9s %9s  %26s %8s %8s  %-40s %s\n", "comparison", "unit", "baseline",
		"sklab min/median/max", "ratio", "of mins", "target", "met");
	for (i = 0; i < x->n; i++) {
		const comparison *c = &x->c[i];
		double ratio = skl__self_ratio(c);
		int met = skl__self_met(c);
		char b[32], s1[32], s2[32], s3[32], sk[128], rt[32], rm[32], tt[192];
		if (c->base.ok)
			fmt_num(b, sizeof(b), c->base.med);
		else
			snprintf(b, sizeof(b), "n/a");
		if (c->sk.ok) {
			fmt_num(s1, sizeof(s1), c->sk.min);
			fmt_num(s2, sizeof(s2), c->sk.med);
			fmt_num(s3, sizeof(s3), c->sk.max);
			snprintf(sk, sizeof(sk), "%s / %s / %s", s1, s2, s3);
		} else {
			snprintf(sk, sizeof(sk), "n/a");
		}
		if (ratio > 0)
			snprintf(rt, sizeof(rt), "%.2fx", ratio);
		else
			snprintf(rt, sizeof(rt), "n/a");
		if (skl__self_ratio_min(c) > 0)
			snprintf(rm, sizeof(rm), "%.2fx", skl__self_ratio_min(c));
		else
			snprintf(rm, sizeof(rm), "n/a");
		snprintf(tt, sizeof(tt), "%s%s%s", c->target_text, c->cond_text[0] ? ", " : "", c->cond_text);
		fprintf(fp, "%-28s %-9s %9s  %26s %8s %8s  %-40s %s\n", c->name, c->unit, b, sk, rt, rm, tt,
			met < 0 ? "n/a"
			: met	? "yes"
				: "NO");
	}
	fputs("\nbaselines and notes:\n", fp);
	for (i = 0; i < x->n; i++) {
		const comparison *c = &x->c[i];
		fprintf(fp, "  %s: %s.\n    baseline: %s", c->name, c->title, c->base_what);
		if (c->base.ok) {
			char a[32], m[32], z[32];
			fmt_num(a, sizeof(a), c->base.min);
			fmt_num(m, sizeof(m), c->base.med);
			fmt_num(z, sizeof(z), c->base.max);
			fprintf(fp, ": %s / %s / %s %s\n", a, m, z, c->unit);
		} else {
			fprintf(fp, ": n/a (%s)\n", c->base_why[0] ? c->base_why : "not measured");
		}
		if (!c->sk.ok)
			fprintf(fp, "    sklab: n/a (%s)\n", c->sk_why[0] ? c->sk_why : "not measured");
		if (c->note[0])
			fprintf(fp, "    %s\n", c->note);
	}
	fputs("\nratio = sklab median / baseline median; \"of mins\" = sklab min / baseline min, the least\n"
	      "disturbed samples of both sides, taken in turn: a ratio target is judged on it, an absolute\n"
	      "one on sklab's median. Host figures vary from run to run: never read one sample.\n",
	      fp);
}
