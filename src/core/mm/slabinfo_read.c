/*
 * slabinfo_read.c - reads a saved /proc/slabinfo (1.1, 2.1) or a slabtop
 * dump back into rows (sklab/slabinfo.h). Text in, numbers out: it never
 * models a cache, and it refuses what it cannot account for rather than
 * guessing. The 1.1 columns are those of 2.4.16 mm/slab.c proc_getdata()
 * and 2.1's those of mm/slab_common.c cache_show() (v6.18); slabtop's are
 * procps slabtop.c's (its rows: "%6u %6u %3u%% %7.2fK %6u %8u %9uK %-23s").
 */
#define _POSIX_C_SOURCE 200809L
#include "sklab/slabinfo.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_TOKENS 64

const char *skl_slabinfo_format_name(skl_slabinfo_format f)
{
	switch (f) {
	case SKL_SLABINFO_V1_1:
		return "1.1";
	case SKL_SLABINFO_V2_1:
		return "2.1";
	case SKL_SLABINFO_SLABTOP:
		return "slabtop";
	}
	return "?";
}

void skl_slabinfo_free(skl_slabinfo *s)
{
	if (!s)
		return;
	skl_free(s->rows);
	s->rows = NULL;
	s->n = 0;
}

typedef struct reader {
	const char *name;
	skl_error *err;
	skl_slabinfo *out;
	int cap;
	int lineno;
} reader;

static int fail(reader *r, const char *fmt, const char *a, const char *b)
{
	char msg[400];
	snprintf(msg, sizeof(msg), fmt, a ? a : "", b ? b : "");
	return skl_errorf_at(r->err, r->name, r->lineno, 0, "%s", msg);
}

/* Splits line (modified) at blanks into tok; the count, or -1 for too many. */
static int split(char *line, char **tok)
{
	int n = 0;
	char *p = line;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return n;
		if (n == MAX_TOKENS)
			return -1;
		tok[n++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (*p)
			*p++ = '\0';
	}
}

/* A decimal count: digits only, no sign, within an unsigned long. */
static int number(const char *s, unsigned long *v)
{
	char *end;
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoul(s, &end, 10);
	return errno || *end ? -1 : 0;
}

static skl_slabinfo_row *new_row(reader *r, const char *name)
{
	skl_slabinfo_row *row;
	if (r->out->n == SKL_SLABINFO_MAX_CACHES) {
		char n[16];
		snprintf(n, sizeof(n), "%d", SKL_SLABINFO_MAX_CACHES);
		fail(r, "more than %s caches: not a slabinfo this reader takes", n, NULL);
		return NULL;
	}
	if (strlen(name) >= SKL_SLABINFO_NAME_MAX) {
		fail(r, "cache name '%.80s' is longer than 63 bytes", name, NULL);
		return NULL;
	}
	if (r->out->n == r->cap) {
		int nc = r->cap ? r->cap * 2 : 64;
		skl_slabinfo_row *m = skl_realloc(r->out->rows, (size_t)nc * sizeof(*m));
		if (!m) {
			skl_errorf(r->err, "out of memory");
			return NULL;
		}
		r->out->rows = m;
		r->cap = nc;
	}
	row = &r->out->rows[r->out->n++];
	memset(row, 0, sizeof(*row));
	snprintf(row->name, sizeof(row->name), "%s", name);
	row->line = r->lineno;
	return row;
}

/* Reads count numbers tok[0..count) into the pointers of dst; -1 after
 * saying which column of what was not a number. */
static int numbers(reader *r, char **tok, int count, unsigned long **dst, const char *const *names, const char *what)
{
	int i;
	for (i = 0; i < count; i++)
		if (number(tok[i], dst[i]) < 0) {
			char col[160];
			snprintf(col, sizeof(col), "%s> (%s", names[i], what);
			return fail(r, "'%.40s' is not a count: expected <%s)", tok[i], col);
		}
	return 0;
}

/* ---- 1.1 --------------------------------------------------------------------- */

/* models the line 2.4.16 proc_getdata() prints for one cache */
static int line_1_1(reader *r, char **tok, int n)
{
	static const char *const base_names[] = {"active_objs",	 "num_objs",  "objsize",
						 "active_slabs", "num_slabs", "pages_per_slab"};
	static const char *const stat_names[] = {"high", "allocs", "grown", "reaped", "errors"};
	static const char *const smp_names[] = {"limit", "batchcount"};
	static const char *const cpu_names[] = {"allochit", "allocmiss", "freehit", "freemiss"};
	skl_slabinfo_row *row;
	int i = 1, nb = 0;
	unsigned long *base[6];
	while (i + nb < n && strcmp(tok[i + nb], ":"))
		nb++;
	if (nb != 3 && nb != 6)
		return fail(r,
			    "%s numbers after the name: expected <active_objs> <num_objs> <objsize>, optionally "
			    "<active_slabs> <num_slabs> <pages_per_slab> (1.1)",
			    nb > 6 ? "more than six"
			    : nb   ? "too few"
				   : "no",
			    NULL);
	row = new_row(r, tok[0]);
	if (!row)
		return -1;
	base[0] = &row->active_objs;
	base[1] = &row->num_objs;
	base[2] = &row->objsize;
	base[3] = &row->active_slabs;
	base[4] = &row->num_slabs;
	base[5] = &row->pagesperslab;
	if (numbers(r, tok + 1, nb, base, base_names, "1.1") < 0)
		return -1;
	row->has_slabs = nb == 6;
	if (row->has_slabs) {
		if (row->active_slabs > row->num_slabs)
			return fail(r, "active_slabs is more than num_slabs", NULL, NULL);
		if (row->num_slabs && row->num_objs % row->num_slabs)
			return fail(r, "num_objs is not a multiple of num_slabs (each slab holds the same number)",
				    NULL, NULL);
		row->objperslab = row->num_slabs ? row->num_objs / row->num_slabs : 0;
	}
	if (row->active_objs > row->num_objs)
		return fail(r, "active_objs is more than num_objs", NULL, NULL);
	i += nb;
	if (r->out->stats) {
		unsigned long *s[5] = {&row->high, &row->allocs, &row->grown, &row->reaped, &row->errors};
		if (i + 6 > n || strcmp(tok[i], ":") || (i + 6 < n && strcmp(tok[i + 6], ":")))
			return fail(r,
				    "expected ' : <high> <allocs> <grown> <reaped> <errors>' (the header says "
				    "statistics)",
				    NULL, NULL);
		if (numbers(r, tok + i + 1, 5, s, stat_names, "1.1 statistics") < 0)
			return -1;
		row->has_stats = 1;
		i += 6;
	}
	if (r->out->smp) {
		unsigned long *s[2] = {&row->limit, &row->batchcount};
		if (i + 3 > n || strcmp(tok[i], ":") || (i + 3 < n && strcmp(tok[i + 3], ":")))
			return fail(r, "expected ' : <limit> <batchcount>' (the header says SMP)", NULL, NULL);
		if (numbers(r, tok + i + 1, 2, s, smp_names, "1.1 SMP") < 0)
			return -1;
		row->has_tunables = 1;
		i += 3;
	}
	if (r->out->stats && r->out->smp) {
		unsigned long *s[4] = {&row->allochit, &row->allocmiss, &row->freehit, &row->freemiss};
		if (i + 5 != n || strcmp(tok[i], ":"))
			return fail(r,
				    "expected ' : <allochit> <allocmiss> <freehit> <freemiss>' (the header says "
				    "statistics and SMP)",
				    NULL, NULL);
		if (numbers(r, tok + i + 1, 4, s, cpu_names, "1.1 SMP statistics") < 0)
			return -1;
		row->has_cpustats = 1;
		i += 5;
	}
	if (i != n)
		return fail(
		    r, "'%.40s' after the last column the header announces%s", tok[i],
		    !r->out->stats || !r->out->smp ? " (is ' (statistics)' or ' (SMP)' missing from the header?)" : "");
	return 0;
}

/* ---- 2.1 --------------------------------------------------------------------- */

/* models the line mm/slab_common.c cache_show() prints (SLAB's
 * slabinfo_show_stats() adds globalstat and cpustat) */
static int line_2_1(reader *r, char **tok, int n)
{
	static const char *const base_names[] = {"active_objs", "num_objs", "objsize", "objperslab", "pagesperslab"};
	static const char *const tun_names[] = {"limit", "batchcount", "sharedfactor"};
	static const char *const sd_names[] = {"active_slabs", "num_slabs", "sharedavail"};
	skl_slabinfo_row *row;
	unsigned long *b[5], *t[3], *s[3];
	int i;
	if (n < 16 || strcmp(tok[6], ":") || strcmp(tok[7], "tunables") || strcmp(tok[11], ":") ||
	    strcmp(tok[12], "slabdata"))
		return fail(r,
			    "expected <name> <active_objs> <num_objs> <objsize> <objperslab> <pagesperslab> : "
			    "tunables <limit> <batchcount> <sharedfactor> : slabdata <active_slabs> <num_slabs> "
			    "<sharedavail> (2.1)",
			    NULL, NULL);
	row = new_row(r, tok[0]);
	if (!row)
		return -1;
	b[0] = &row->active_objs;
	b[1] = &row->num_objs;
	b[2] = &row->objsize;
	b[3] = &row->objperslab;
	b[4] = &row->pagesperslab;
	t[0] = &row->limit;
	t[1] = &row->batchcount;
	t[2] = &row->sharedfactor;
	s[0] = &row->active_slabs;
	s[1] = &row->num_slabs;
	s[2] = &row->sharedavail;
	if (numbers(r, tok + 1, 5, b, base_names, "2.1") < 0 || numbers(r, tok + 8, 3, t, tun_names, "2.1") < 0 ||
	    numbers(r, tok + 13, 3, s, sd_names, "2.1") < 0)
		return -1;
	row->has_slabs = row->has_tunables = 1;
	if (row->active_objs > row->num_objs)
		return fail(r, "active_objs is more than num_objs", NULL, NULL);
	if (row->active_slabs > row->num_slabs)
		return fail(r, "active_slabs is more than num_slabs", NULL, NULL);
	for (i = 16; i < n;) {
		int j;
		if (strcmp(tok[i], ":") || i + 1 == n ||
		    (strcmp(tok[i + 1], "globalstat") && strcmp(tok[i + 1], "cpustat")))
			return fail(
			    r, "'%.40s' after slabdata: expected nothing, or ' : globalstat ...' / ' : cpustat ...'",
			    tok[i], NULL);
		for (j = i + 2; j < n && strcmp(tok[j], ":"); j++) {
			unsigned long v;
			if (number(tok[j], &v) < 0)
				return fail(r, "'%.40s' in the %s group is not a count", tok[j], tok[i + 1]);
		}
		if (j == i + 2)
			return fail(r, "an empty %s group", tok[i + 1], NULL);
		i = j;
	}
	return 0;
}

/* ---- slabtop ------------------------------------------------------------------ */

/* A slabtop size: "0.10K", "26208K", "1.5M", "104B". Bytes, rounded. */
static int kib(const char *s, unsigned long *bytes, int *approx)
{
	char *end;
	double v;
	double mult;
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s)
		return -1;
	if (!strcmp(end, "K") || !strcmp(end, "Ki"))
		mult = 1024.0;
	else if (!strcmp(end, "M") || !strcmp(end, "Mi"))
		mult = 1048576.0;
	else if (!strcmp(end, "G") || !strcmp(end, "Gi"))
		mult = 1073741824.0;
	else if (!strcmp(end, "B") || !*end)
		mult = 1.0;
	else
		return -1;
	v *= mult;
	if (v > 1e15)
		return -1;
	*bytes = (unsigned long)(v + 0.5);
	*approx = strchr(s, '.') != NULL || mult > 1.0;
	return 0;
}

/* models one row as procps slabtop.c prints it */
static int line_slabtop(reader *r, char *line)
{
	char *tok[MAX_TOKENS], *name;
	skl_slabinfo_row *row;
	unsigned long pct, cache_bytes;
	int n, approx = 0, capprox = 0, k;
	/* the name is the rest of the line after seven columns */
	char *p = line;
	for (k = 0; k < 7; k++) {
		while (*p == ' ' || *p == '\t')
			p++;
		while (*p && *p != ' ' && *p != '\t')
			p++;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	name = p;
	{
		size_t len = strlen(name);
		while (len && (name[len - 1] == ' ' || name[len - 1] == '\t'))
			name[--len] = '\0';
	}
	if (!*name) {
		return fail(r,
			    "expected <OBJS> <ACTIVE> <USE> <OBJ SIZE> <SLABS> <OBJ/SLAB> <CACHE SIZE> <NAME> (a "
			    "slabtop row)",
			    NULL, NULL);
	}
	name[-1] = '\0';
	n = split(line, tok);
	if (n != 7)
		return fail(r,
			    "expected <OBJS> <ACTIVE> <USE> <OBJ SIZE> <SLABS> <OBJ/SLAB> <CACHE SIZE> <NAME> (a "
			    "slabtop row)",
			    NULL, NULL);
	row = new_row(r, name);
	if (!row)
		return -1;
	if (number(tok[0], &row->num_objs) < 0)
		return fail(r, "'%.40s' is not a count: expected <OBJS>", tok[0], NULL);
	if (number(tok[1], &row->active_objs) < 0)
		return fail(r, "'%.40s' is not a count: expected <ACTIVE>", tok[1], NULL);
	{
		size_t l = strlen(tok[2]);
		if (l < 2 || tok[2][l - 1] != '%')
			return fail(r, "'%.40s': expected <USE> as a percentage (\"97%%\")", tok[2], NULL);
		tok[2][l - 1] = '\0';
		if (number(tok[2], &pct) < 0 || pct > 100)
			return fail(r, "'%.40s%%': expected <USE> as a percentage from 0%% to 100%%", tok[2], NULL);
	}
	if (kib(tok[3], &row->objsize, &approx) < 0)
		return fail(r, "'%.40s': expected <OBJ SIZE> as slabtop prints it (\"0.19K\")", tok[3], NULL);
	row->objsize_approx = approx;
	if (number(tok[4], &row->num_slabs) < 0)
		return fail(r, "'%.40s' is not a count: expected <SLABS>", tok[4], NULL);
	if (number(tok[5], &row->objperslab) < 0)
		return fail(r, "'%.40s' is not a count: expected <OBJ/SLAB>", tok[5], NULL);
	if (kib(tok[6], &cache_bytes, &capprox) < 0)
		return fail(r, "'%.40s': expected <CACHE SIZE> as slabtop prints it (\"26208K\")", tok[6], NULL);
	if (row->active_objs > row->num_objs)
		return fail(r, "ACTIVE is more than OBJS", NULL, NULL);
	/* CACHE SIZE = slabs * pages_per_slab * page size (procps: nr_slabs *
	 * pages_per_slab << page_shift); a 4096-byte page assumed */
	row->pagesperslab = row->num_slabs ? (cache_bytes / row->num_slabs + 2048) / 4096 : 0;
	row->active_slabs = row->num_slabs;
	row->has_slabs = 1;
	return 0;
}

/* slabtop's summary lines, before the column line */
static int slabtop_summary(const char *s)
{
	return !strncmp(s, "Active / Total ", 15) || !strncmp(s, "Minimum / Average / Maximum Object", 34);
}

static int slabtop_columns(const char *s)
{
	char buf[SKL_SLABINFO_MAX_LINE + 1], *tok[MAX_TOKENS];
	static const char *const want[] = {"OBJS",  "ACTIVE",	"USE",	 "OBJ",	 "SIZE",
					   "SLABS", "OBJ/SLAB", "CACHE", "SIZE", "NAME"};
	int n, i;
	snprintf(buf, sizeof(buf), "%s", s);
	n = split(buf, tok);
	if (n != 10)
		return 0;
	for (i = 0; i < 10; i++)
		if (strcmp(tok[i], want[i]))
			return 0;
	return 1;
}

/* ---- the file ------------------------------------------------------------------- */

/* The first line: which format, and 1.1's flags. */
static int header(reader *r, const char *line, int *slabtop_cols)
{
	const char *p = line;
	while (*p == ' ' || *p == '\t')
		p++;
	if (slabtop_summary(p) || slabtop_columns(p)) {
		r->out->format = SKL_SLABINFO_SLABTOP;
		*slabtop_cols = slabtop_columns(p);
		return 0;
	}
	if (strncmp(p, "slabinfo - version: ", 20))
		return fail(r,
			    "expected 'slabinfo - version: 1.1' or '2.1' (a /proc/slabinfo) or slabtop's 'Active / "
			    "Total Objects' or column line",
			    NULL, NULL);
	p += 20;
	if (!strncmp(p, "1.1", 3)) {
		r->out->format = SKL_SLABINFO_V1_1;
		p += 3;
		if (!strncmp(p, " (statistics)", 13)) {
			r->out->stats = 1;
			p += 13;
		}
		if (!strncmp(p, " (SMP)", 6)) {
			r->out->smp = 1;
			p += 6;
		}
	} else if (!strncmp(p, "2.1", 3)) {
		r->out->format = SKL_SLABINFO_V2_1;
		p += 3;
		if (!strncmp(p, " (statistics)", 13)) {
			r->out->stats = 1;
			p += 13;
		}
	} else {
		char v[16];
		snprintf(v, sizeof(v), "%.15s", p);
		return fail(r, "slabinfo version '%s' is not read here (1.1 and 2.1 are)", v, NULL);
	}
	while (*p == ' ' || *p == '\t' || *p == '\r')
		p++;
	if (*p)
		return fail(r, "'%.40s' after the version: expected ' (statistics)', ' (SMP)' or nothing", p, NULL);
	return 0;
}

int skl_slabinfo_parse(const char *text, size_t len, const char *name, skl_slabinfo *out, skl_error *err)
{
	reader r;
	size_t pos = 0;
	int have_header = 0, slabtop_cols = 0;
	memset(out, 0, sizeof(*out));
	memset(&r, 0, sizeof(r));
	r.name = name ? name : "slabinfo";
	r.err = err;
	r.out = out;
	if (len > SKL_SLABINFO_MAX_BYTES)
		return skl_errorf_at(err, r.name, 0, 0, "%zu bytes is more than the %zu a slabinfo may have", len,
				     SKL_SLABINFO_MAX_BYTES);
	if (memchr(text, '\0', len)) {
		r.lineno = 1;
		for (pos = 0; text[pos]; pos++)
			r.lineno += text[pos] == '\n';
		fail(&r, "a NUL byte: not a text file", NULL, NULL);
		goto out_fail;
	}
	while (pos < len) {
		char line[SKL_SLABINFO_MAX_LINE + 1], *tok[MAX_TOKENS];
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t l = nl ? (size_t)(nl - (text + pos)) : len - pos;
		int n;
		r.lineno++;
		if (l > SKL_SLABINFO_MAX_LINE) {
			char max[16];
			snprintf(max, sizeof(max), "%d", SKL_SLABINFO_MAX_LINE);
			fail(&r, "a line longer than %s bytes", max, NULL);
			goto out_fail;
		}
		memcpy(line, text + pos, l);
		line[l] = '\0';
		pos += l + (nl ? 1 : 0);
		if (l && line[l - 1] == '\r')
			line[--l] = '\0';
		if (strspn(line, " \t") == l)
			continue; /* blank: slabtop has one after its summary */
		if (!have_header) {
			if (header(&r, line, &slabtop_cols) < 0)
				goto out_fail;
			have_header = 1;
			continue;
		}
		if (out->format == SKL_SLABINFO_SLABTOP) {
			const char *p = line + strspn(line, " \t");
			if (!slabtop_cols) {
				if (slabtop_summary(p))
					continue;
				if (!slabtop_columns(p)) {
					fail(&r,
					     "expected slabtop's column line 'OBJS ACTIVE USE OBJ SIZE SLABS OBJ/SLAB "
					     "CACHE SIZE NAME'",
					     NULL, NULL);
					goto out_fail;
				}
				slabtop_cols = 1;
				continue;
			}
			if (line_slabtop(&r, line) < 0)
				goto out_fail;
			continue;
		}
		if (line[0] == '#') {
			if (out->format == SKL_SLABINFO_V2_1 && !strncmp(line, "# name", 6))
				continue; /* the column line */
			fail(&r, "a '#' line other than 2.1's '# name <active_objs> ...' column line", NULL, NULL);
			goto out_fail;
		}
		n = split(line, tok);
		if (n < 0) {
			fail(&r, "more than 64 columns", NULL, NULL);
			goto out_fail;
		}
		if (!strcmp(tok[0], ":") ||
		    (tok[0][0] >= '0' && tok[0][0] <= '9' && n > 1 && strspn(tok[0], "0123456789") == strlen(tok[0]))) {
			fail(&r, "'%.40s' where a cache name was expected", tok[0], NULL);
			goto out_fail;
		}
		if ((out->format == SKL_SLABINFO_V1_1 ? line_1_1(&r, tok, n) : line_2_1(&r, tok, n)) < 0)
			goto out_fail;
	}
	if (!have_header) {
		skl_errorf_at(err, r.name, 0, 0, "empty: expected a /proc/slabinfo or a slabtop dump");
		goto out_fail;
	}
	if (out->format == SKL_SLABINFO_SLABTOP && !slabtop_cols) {
		skl_errorf_at(err, r.name, r.lineno, 0,
			      "slabtop's summary without its column line 'OBJS ACTIVE USE OBJ SIZE SLABS ...'");
		goto out_fail;
	}
	return 0;
out_fail:
	skl_slabinfo_free(out);
	return -1;
}

int skl_slabinfo_read_file(const char *path, skl_slabinfo *out, skl_error *err)
{
	int fd;
	struct stat st;
	char *buf;
	size_t used = 0, cap = 65536;
	int rc;
	memset(out, 0, sizeof(*out));
	/* O_NONBLOCK: a FIFO without a writer must not hang the open */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return skl_errorf_at(err, path, 0, 0, "cannot open: %s", strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) { /* /proc/slabinfo is one too */
		close(fd);
		return skl_errorf_at(err, path, 0, 0, "not a regular file");
	}
	buf = skl_malloc(cap);
	if (!buf) {
		close(fd);
		return skl_errorf(err, "out of memory");
	}
	for (;;) {
		ssize_t got;
		if (used == cap) {
			char *m;
			if (cap > SKL_SLABINFO_MAX_BYTES) {
				skl_free(buf);
				close(fd);
				return skl_errorf_at(err, path, 0, 0, "more than %zu bytes: refused",
						     SKL_SLABINFO_MAX_BYTES);
			}
			m = skl_realloc(buf, cap * 2);
			if (!m) {
				skl_free(buf);
				close(fd);
				return skl_errorf(err, "out of memory");
			}
			buf = m;
			cap *= 2;
		}
		got = read(fd, buf + used, cap - used);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			int e = errno;
			skl_free(buf);
			close(fd);
			return skl_errorf_at(err, path, 0, 0, "cannot read: %s", strerror(e));
		}
		if (!got)
			break;
		used += (size_t)got;
	}
	close(fd);
	rc = skl_slabinfo_parse(buf, used, path, out, err);
	skl_free(buf);
	return rc;
}
