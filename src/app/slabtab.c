/*
 * slabtab.c - caches as slabtop shows them, with the model beside each
 * (slabtab.h). The table's columns and summary lines are procps-ng
 * slabtop's (procps slabtop.c main loop, rows "%6u %6u %3u%% %7.2fK %6u %8u %9uK %-23s");
 * the geometry is the SLUB model (slub.h) or the 2.4 SLAB's
 * (skl_cache_geometry()).
 */
#define _POSIX_C_SOURCE 200809L
#include "slabtab.h"

#include "sklab/events.h"
#include "sklab/kernel.h"
#include "sklab/slub.h"

#include <stdlib.h>
#include <string.h>

int slabtab_sort_key(const char *s, int *key)
{
	static const char *const names[] = {"memory", "objects", "slabs", "name"};
	int i;
	for (i = 0; i < 4; i++)
		if (!strcmp(s, names[i])) {
			*key = i;
			return 0;
		}
	return -1;
}

static int sort_by;

static int cmp_rows(const void *pa, const void *pb)
{
	const slabtab_row *a = pa, *b = pb;
	unsigned long x = 0, y = 0;
	switch (sort_by) {
	case SLABTAB_SORT_MEMORY:
		x = a->bytes, y = b->bytes;
		break;
	case SLABTAB_SORT_OBJECTS:
		x = a->si.num_objs, y = b->si.num_objs;
		break;
	case SLABTAB_SORT_SLABS:
		x = a->si.num_slabs, y = b->si.num_slabs;
		break;
	default:
		break;
	}
	if (x != y)
		return x > y ? -1 : 1;
	return strcmp(a->si.name, b->si.name);
}

void slabtab_sort(slabtab_row *rows, int n, int key)
{
	sort_by = key;
	if (n > 1)
		qsort(rows, (size_t)n, sizeof(*rows), cmp_rows);
}

void slabtab_bytes(slabtab_row *rows, int n, unsigned page_size)
{
	int i;
	for (i = 0; i < n; i++) {
		const skl_slabinfo_row *s = &rows[i].si;
		rows[i].bytes = s->has_slabs && s->pagesperslab ? s->num_slabs * s->pagesperslab * page_size
								: s->num_objs * s->objsize;
	}
}

int slabtab_kmalloc_name(const char *n)
{
	const char *p = n;
	if (!strncmp(p, "dma-", 4))
		p += 4;
	if (strncmp(p, "kmalloc-", 8))
		return 0;
	p += 8;
	if (!strncmp(p, "rcl-", 4) || !strncmp(p, "cg-", 3))
		p += p[0] == 'r' ? 4 : 3;
	else if (!strncmp(p, "rnd-", 4)) {
		p += 4;
		while (*p >= '0' && *p <= '9')
			p++;
		if (*p++ != '-')
			return 0;
	}
	if (*p < '0' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	return *p == '\0' || (p[0] == 'k' && p[1] == '\0');
}

int slabtab_freeptr_offset_cache(const char *name)
{
	static const char *const caches[] = {"vm_area_struct", "filp", "bfilp", "io_kiocb", NULL};
	const char *const *c;
	for (c = caches; *c; c++)
		if (!strcmp(*c, name))
			return 1;
	return 0;
}

int slabtab_read_small(const char *path, char *buf, size_t n)
{
	FILE *fp = fopen(path, "r");
	size_t got;
	if (!fp)
		return -1;
	got = fread(buf, 1, n - 1, fp);
	fclose(fp);
	buf[got] = '\0';
	while (got && (buf[got - 1] == '\n' || buf[got - 1] == ' '))
		buf[--got] = '\0';
	return 0;
}

int slabtab_sysfs_attr(const char *sys, const char *cache, const char *attr, long *val, char *txt, size_t txtsz)
{
	char path[2400], buf[256];
	snprintf(path, sizeof(path), "%s/%s/%s", sys, cache, attr);
	if (slabtab_read_small(path, buf, sizeof(buf)) < 0)
		return -1;
	if (txt)
		snprintf(txt, txtsz, "%.*s", (int)(txtsz - 1), buf);
	*val = strtol(buf, NULL, 10);
	return 0;
}

/* Compares what could be compared; the row's agree and why. */
static void compare(slabtab_row *r)
{
	const skl_slabinfo_row *s = &r->si;
	size_t used = 0;
	unsigned long tol = s->objsize_approx ? 6 : 0; /* slabtop's 0.01K */
	r->cmp_objsize = 1;
	/* 1.1 gives objects per slab only through num_objs / num_slabs */
	r->cmp_per = s->objperslab > 0;
	r->cmp_pages = s->pagesperslab > 0;
	r->agree = 1;
	r->why[0] = '\0';
#define DIFF(ok, fmt, a, b)                                                                                            \
	do {                                                                                                           \
		if (!(ok)) {                                                                                           \
			r->agree = 0;                                                                                  \
			if (used < sizeof(r->why))                                                                     \
				used += (size_t)snprintf(r->why + used, sizeof(r->why) - used, "%s" fmt,               \
							 used ? ", " : "", a, b);                                      \
		}                                                                                                      \
	} while (0)
	DIFF(s->objsize + tol >= r->m_objsize && r->m_objsize + tol >= s->objsize, "objsize %lu here, model %lu",
	     s->objsize, r->m_objsize);
	if (r->cmp_per)
		DIFF(s->objperslab == r->m_per, "objperslab %lu here, model %lu", s->objperslab, r->m_per);
	if (r->cmp_pages)
		DIFF(s->pagesperslab == r->m_pages, "pagesperslab %lu here, model %lu", s->pagesperslab, r->m_pages);
#undef DIFF
	if (r->agree && !r->cmp_per)
		snprintf(r->why, sizeof(r->why), "no slab to count objects per slab by");
}

int slabtab_check(slabtab_row *rows, int n, const skl_profile *prof, unsigned cpus)
{
	skl_slub_params p;
	int i, agree = 0;
	if (prof->allocator == SKL_ALLOC_SLUB)
		skl_slub_params_init(&p, prof, cpus);
	for (i = 0; i < n; i++) {
		slabtab_row *r = &rows[i];
		skl_cache_opts o;
		skl_error err;
		unsigned long size = r->object_size > 0 ? (unsigned long)r->object_size : r->si.objsize;
		memset(&o, 0, sizeof(o));
		skl_error_clear(&err);
		r->checked = 0;
		if (!size || size > 0xffffffffu) {
			snprintf(r->why, sizeof(r->why), "no object size to model");
			continue;
		}
		if (prof->allocator == SKL_ALLOC_SLUB) {
			skl_slub_geom g;
			unsigned dflags = r->debug ? skl_slub_debug_flags(1) : 0;
			if (r->object_size > 0) { /* sysfs: what the cache was created with */
				o.flags =
				    (r->hw ? SKL_SLAB_HWCACHE_ALIGN : 0) | (r->rcu ? SKL_SLAB_TYPESAFE_BY_RCU : 0);
				o.align = r->align > 0 ? (unsigned)r->align : 0;
				o.ctor = r->ctor;
				o.use_freeptr_offset = r->ufo;
			}
			if (slabtab_kmalloc_name(r->si.name))
				o.flags |= SKL_SLAB_KMALLOC;
			if (skl_slub_geometry(&p, (unsigned)size, &o, dflags, &g, &err) < 0) {
				snprintf(r->why, sizeof(r->why), "the model refused it: %.160s", err.msg);
				continue;
			}
			r->m_objsize = g.size;
			r->m_per = g.objects;
			r->m_pages = 1ul << g.order;
		} else {
			skl_cache_info in;
			/* the line's objsize already holds the red zone and
			 * alignment: the model gets it as it is, with neither */
			if (skl_cache_geometry(prof, cpus, 0, "sklab_check", size, &o, &in, &err) < 0) {
				snprintf(r->why, sizeof(r->why), "the model refused it: %.160s", err.msg);
				continue;
			}
			r->m_objsize = in.size;
			r->m_per = in.objs_per_slab;
			r->m_pages = in.pages_per_slab;
		}
		r->checked = 1;
		compare(r);
		agree += r->agree;
	}
	return agree;
}

/* ---- text ------------------------------------------------------------------------ */

static void sparkline(FILE *fp, const slabtab_row *r)
{
	static const char *const bars[] = {"\u2581", "\u2582", "\u2583", "\u2584",
					   "\u2585", "\u2586", "\u2587", "\u2588"};
	int first = r->nhist > 16 ? r->nhist - 16 : 0, i;
	double lo, hi;
	if (r->nhist < 2) {
		fputs(" -", fp);
		return;
	}
	lo = hi = r->hist[first];
	for (i = first; i < r->nhist; i++) {
		if (r->hist[i] < lo)
			lo = r->hist[i];
		if (r->hist[i] > hi)
			hi = r->hist[i];
	}
	fputc(' ', fp);
	for (i = first; i < r->nhist; i++)
		fputs(bars[hi > lo ? (int)((r->hist[i] - lo) * 7.0 / (hi - lo) + 0.5) : 0], fp);
	fprintf(fp, " %+.0fK", (r->hist[r->nhist - 1] - r->hist[0]) / 1024.0);
}

void slabtab_print(FILE *fp, const slabtab_row *rows, int n, int count, int model, int spark)
{
	unsigned long act = 0, tot = 0, aslabs = 0, slabs = 0, acaches = 0, minsz = 0, maxsz = 0;
	double asize = 0, tsize = 0;
	int i, shown = count > 0 && count < n ? count : n, agree = 0, checked = 0;
	for (i = 0; i < n; i++) {
		const skl_slabinfo_row *s = &rows[i].si;
		act += s->active_objs;
		tot += s->num_objs;
		aslabs += s->active_slabs;
		slabs += s->num_slabs;
		acaches += s->active_objs > 0;
		asize += (double)s->active_objs * (double)s->objsize;
		tsize += (double)s->num_objs * (double)s->objsize;
		if (!i || s->objsize < minsz)
			minsz = s->objsize;
		if (s->objsize > maxsz)
			maxsz = s->objsize;
		checked += rows[i].checked;
		agree += rows[i].checked && rows[i].agree;
	}
	/* slabtop's summary lines (procps slabtop.c, as it prints them) */
	fprintf(fp, " Active / Total Objects (%% used)    : %lu / %lu (%.1f%%)\n", act, tot,
		tot ? 100.0 * (double)act / (double)tot : 0.0);
	fprintf(fp, " Active / Total Slabs (%% used)      : %lu / %lu (%.1f%%)\n", aslabs, slabs,
		slabs ? 100.0 * (double)aslabs / (double)slabs : 0.0);
	fprintf(fp, " Active / Total Caches (%% used)     : %lu / %d (%.1f%%)\n", acaches, n,
		n ? 100.0 * (double)acaches / n : 0.0);
	fprintf(fp, " Active / Total Size (%% used)       : %.2fK / %.2fK (%.1f%%)\n", asize / 1024.0, tsize / 1024.0,
		tsize > 0 ? 100.0 * asize / tsize : 0.0);
	fprintf(fp, " Minimum / Average / Maximum Object : %.2fK / %.2fK / %.2fK\n", (double)minsz / 1024.0,
		tot ? tsize / (double)tot / 1024.0 : 0.0, (double)maxsz / 1024.0);
	if (model)
		fprintf(fp, " Model agrees                       : %d of %d caches checked\n", agree, checked);
	fprintf(fp, "\n  OBJS ACTIVE  USE OBJ SIZE  SLABS OBJ/SLAB CACHE SIZE NAME                   %s%s\n",
		model ? " MODEL SIZE OBJ/SLAB PAGES AGREE" : "", spark ? "  GROWTH" : "");
	for (i = 0; i < shown; i++) {
		const slabtab_row *r = &rows[i];
		const skl_slabinfo_row *s = &r->si;
		unsigned use = s->num_objs ? (unsigned)(s->active_objs * 100 / s->num_objs) : 0;
		fprintf(fp, "%6lu %6lu %3u%% %7.2fK %6lu %8lu %9luK %-23s", s->num_objs, s->active_objs, use,
			(double)s->objsize / 1024.0, s->num_slabs, s->objperslab, r->bytes / 1024, s->name);
		if (model) {
			if (r->checked)
				fprintf(fp, " %9lu %8lu %5lu %s", r->m_objsize, r->m_per, r->m_pages,
					r->agree ? "ok" : "DIFFERS");
			else
				fprintf(fp, " %9s %8s %5s %s", "-", "-", "-", "-");
		}
		if (spark)
			sparkline(fp, r);
		fputc('\n', fp);
	}
	for (i = 0; model && i < shown; i++) {
		if (rows[i].checked && !rows[i].agree)
			fprintf(fp, "differs: %s: %s\n", rows[i].si.name, rows[i].why);
		else if (!rows[i].checked && rows[i].why[0])
			fprintf(fp, "unchecked: %s: %s\n", rows[i].si.name, rows[i].why);
	}
}

json_t *slabtab_json(const slabtab_row *rows, int n, int count, int model)
{
	json_t *a = json_array();
	int i, shown = count > 0 && count < n ? count : n;
	for (i = 0; a && i < shown; i++) {
		const slabtab_row *r = &rows[i];
		const skl_slabinfo_row *s = &r->si;
		json_t *o = json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "name", skl_json_text(s->name),
				      "active_objs", skl_json_uint(s->active_objs), "num_objs",
				      skl_json_uint(s->num_objs), "objsize", skl_json_uint(s->objsize), "objperslab",
				      skl_json_uint(s->objperslab), "pagesperslab", skl_json_uint(s->pagesperslab),
				      "active_slabs", skl_json_uint(s->active_slabs), "num_slabs",
				      skl_json_uint(s->num_slabs), "bytes", skl_json_uint(r->bytes));
		if (o && s->line && skl_json_set(o, "line", skl_json_uint((unsigned long)s->line)) < 0)
			goto fail;
		if (o && r->object_size > 0 &&
		    skl_json_set(o, "object_size", skl_json_uint((unsigned long)r->object_size)) < 0)
			goto fail;
		if (o && model && r->checked &&
		    skl_json_set(o, "model",
				 json_pack("{s:o, s:o, s:o, s:b, s:o}", "objsize", skl_json_uint(r->m_objsize),
					   "objperslab", skl_json_uint(r->m_per), "pagesperslab",
					   skl_json_uint(r->m_pages), "agree", r->agree, "note",
					   skl_json_text(r->why))) < 0)
			goto fail;
		if (o && model && !r->checked && skl_json_set(o, "unchecked", skl_json_text(r->why)) < 0)
			goto fail;
		if (o && r->nhist > 1) {
			json_t *h = json_array();
			int j;
			for (j = 0; h && j < r->nhist; j++)
				if (json_array_append_new(h, skl_json_uint((unsigned long)r->hist[j])) < 0) {
					json_decref(h);
					h = NULL;
				}
			if (skl_json_set(o, "history_bytes", h) < 0)
				goto fail;
		}
		if (!o || json_array_append_new(a, o) < 0) {
			json_decref(a);
			return NULL;
		}
		continue;
	fail:
		json_decref(o);
		json_decref(a);
		return NULL;
	}
	return a;
}

/* ---- the chart ---------------------------------------------------------------------- */

static int series_init(skl_chart_series *s, const char *name, int n)
{
	s->name = skl_strdup(name);
	s->x = skl_calloc((size_t)(n ? n : 1), sizeof(double));
	s->y = skl_calloc((size_t)(n ? n : 1), sizeof(double));
	s->n = n;
	return s->name && s->x && s->y ? 0 : -1;
}

skl_chart *slabtab_chart(const slabtab_row *rows, int n, int count, const char *title, int history, double interval)
{
	skl_chart *c = skl_calloc(1, sizeof(*c));
	int shown = count > 0 && count < n ? count : n, i, j;
	if (!c)
		return NULL;
	/* rows come largest first: the empty caches at the end are left out */
	while (!history && shown > 1 && !rows[shown - 1].bytes && !rows[shown - 1].si.active_objs)
		shown--;
	c->title = skl_strdup(title);
	if (!c->title)
		goto fail;
	if (history) {
		if (shown > 8)
			shown = 8; /* a legend that reads */
		c->xlabel = skl_strdup("seconds since start");
		c->ylabel = skl_strdup("KiB of slabs more than at start");
		c->series = skl_calloc((size_t)(shown ? shown : 1), sizeof(*c->series));
		if (!c->xlabel || !c->ylabel || !c->series)
			goto fail;
		for (i = 0; i < shown; i++) {
			const slabtab_row *r = &rows[i];
			c->nseries++;
			if (series_init(&c->series[i], r->si.name, r->nhist) < 0)
				goto fail;
			for (j = 0; j < r->nhist; j++) {
				c->series[i].x[j] = j * interval;
				c->series[i].y[j] = (r->hist[j] - r->hist[0]) / 1024.0;
			}
		}
		return c;
	}
	c->bars = 1;
	c->xlabel = skl_strdup("cache");
	c->ylabel = skl_strdup("KiB");
	c->series = skl_calloc(2, sizeof(*c->series));
	c->xlabels = skl_calloc((size_t)(shown ? shown : 1), sizeof(char *));
	if (!c->xlabel || !c->ylabel || !c->series || !c->xlabels)
		goto fail;
	c->nseries = 2;
	if (series_init(&c->series[0], "memory of its slabs", shown) < 0 ||
	    series_init(&c->series[1], "active objects", shown) < 0)
		goto fail;
	for (i = 0; i < shown; i++) {
		const slabtab_row *r = &rows[i];
		char label[SKL_SLABINFO_NAME_MAX + 16];
		snprintf(label, sizeof(label), "%s%s", r->si.name, r->checked ? (r->agree ? " ok" : " DIFFERS") : "");
		c->xlabels[i] = skl_strdup(label);
		if (!c->xlabels[i])
			goto fail;
		c->nxlabels++;
		c->series[0].x[i] = c->series[1].x[i] = i;
		c->series[0].y[i] = (double)r->bytes / 1024.0;
		c->series[1].y[i] = (double)r->si.active_objs * (double)r->si.objsize / 1024.0;
	}
	return c;
fail:
	skl_chart_free(c);
	return NULL;
}

void slabtab_free(slabtab_row *rows, int n)
{
	int i;
	for (i = 0; rows && i < n; i++)
		free(rows[i].hist);
	free(rows);
}
