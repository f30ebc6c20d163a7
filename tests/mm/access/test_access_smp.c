/*
 * test_access_smp.c - a coherent model of two CPUs fed by a machine of two
 * CPUs: touches run on the machine's current CPU; the attribution rows
 * count coherence misses, HITMs and each CPU's reads and writes (worked by
 * hand); the same touches all on CPU 0 give the rows a plain model gives;
 * the snapshot has both CPUs' private lines with their MESI states; and
 * skl_kernel_c2c ranks the contended lines, false sharing apart from true,
 * with perf c2c's text; the layout heat's c2c metrics carry each member's
 * CPUs and each line's sharing as skl_kernel_c2c has them.
 *   test_access_smp rows|plain|snapshot|c2c|c2c_text|heat
 */
#include "profile.h"
#include "check.h"
#include "sklab/cparse.h"
#include "sklab/kernel.h"

#include <stdlib.h>

/* private L1d (4 cycles), shared L2 (12), memory 100; 64-byte lines */
static const skl_cachesim_level lv[] = {
    {"L1d", 32768, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 4},
    {"L2", 262144, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 12},
};

#define X 0xffff888000100000ull /* a line-aligned object: members a (0..8) and b (8..16) */
#define Y 0xffff888000100400ull /* another: member c (0..8) */
#define Z 0xffff888000100800ull /* touched by CPU 0 alone */
#define N 5

typedef struct rig {
	skl_profile prof;
	skl_kernel *k;
	skl_cachesim_smp *m;
	skl_cachesim *h;
} rig;

static int rig_up(rig *r, unsigned cpus)
{
	skl_kernel_opts o;
	skl_cachesim_smp_config c;
	skl_error err;
	memset(r, 0, sizeof(*r));
	r->prof = skl_test_profile_618(2, (uint64_t)16 << 20);
	memset(&o, 0, sizeof(o));
	o.profile = &r->prof;
	o.smp = -1;
	r->k = skl_kernel_new(&o, &err);
	memset(&c, 0, sizeof(c));
	c.base.levels = lv;
	c.base.nlevels = 2;
	c.base.mem_latency = 100;
	c.ncpus = cpus;
	r->m = skl_cachesim_smp_new(&c, &err);
	r->h = skl_cachesim_new(&c.base, &err);
	CHECK(r->k && r->m && r->h);
	return r->k && r->m && r->h ? 0 : -1;
}

static void rig_free(rig *r)
{
	skl_kernel_free(r->k);
	skl_cachesim_smp_free(r->m);
	skl_cachesim_free(r->h);
}

static void touch(rig *r, unsigned cpu, skl_addr a, int write, const char *owner, const char *member, skl_addr base)
{
	CHECK_INT(skl_kernel_set_cpu(r->k, cpu), 0);
	skl_kernel_touch_as(r->k, a, 8, write, "member", owner, member, base);
}

/* CPU 0 writes X.a, CPU 1 writes X.b, in turn N times: false sharing.
 * Then both write Y.c three times each: true sharing. CPU 0 reads Z.a. */
static void feed(rig *r)
{
	int i;
	for (i = 0; i < N; i++) {
		touch(r, 0, X, 1, "tobj", "a", X);
		touch(r, 1, X + 8, 1, "tobj", "b", X);
	}
	for (i = 0; i < 3; i++) {
		touch(r, 0, Y, 1, "uobj", "c", Y);
		touch(r, 1, Y, 1, "uobj", "c", Y);
	}
	touch(r, 0, Z, 0, "tobj", "a", Z);
	CHECK_INT(skl_kernel_set_cpu(r->k, 0), 0);
}

static const skl_cachesim_attr *find(const skl_cachesim_attr *rows, int n, const char *owner, const char *member)
{
	int i;
	for (i = 0; i < n; i++)
		if (!strcmp(rows[i].owner, owner) && !strcmp(rows[i].member, member))
			return &rows[i];
	printf("no row %s.%s\n", owner, member);
	return NULL;
}

static void t_rows(void)
{
	rig r;
	skl_cachesim_attr *rows = NULL;
	const skl_cachesim_attr *a, *b, *c, *l0;
	int n;
	if (rig_up(&r, 2) < 0)
		goto out;
	CHECK_INT(skl_kernel_set_cachesim_smp(r.k, r.m, NULL), 0);
	CHECK(skl_kernel_cachesim_smp(r.k) == r.m && skl_kernel_cachesim(r.k) == NULL);
	feed(&r);
	n = skl_kernel_cachesim_attr(r.k, 0, NULL, &rows);
	a = find(rows, n, "tobj", "a");
	b = find(rows, n, "tobj", "b");
	c = find(rows, n, "uobj", "c");
	if (!a || !b || !c)
		goto out;
	/*
	 * X: CPU 0's first write misses to memory (Modified); each later one
	 * is a coherence miss and a HITM from CPU 1 (N - 1 of them). CPU 1's
	 * first write is a HITM from CPU 0 but no coherence miss (it never
	 * held the line); its N - 1 later ones are both. Z.a (CPU 0's read of
	 * another object) adds a read on CPU 0 and nothing else.
	 */
	CHECK_INT(a->writes, N);
	CHECK_INT(a->reads, 1);
	CHECK_INT(a->cpu_writes[0], N);
	CHECK_INT(a->cpu_writes[1], 0);
	CHECK_INT(a->cpu_reads[0], 1);
	CHECK_INT(a->cpus_wrote, 1);
	CHECK_INT(a->cpus_read, 1);
	CHECK_INT(a->coherence, N - 1);
	CHECK_INT(a->hitm, N - 1);
	CHECK_INT(b->cpu_writes[1], N);
	CHECK_INT(b->cpus_wrote, 2);
	CHECK_INT(b->coherence, N - 1);
	CHECK_INT(b->hitm, N);
	/* Y.c: the same pattern with 3 rounds: coherence 2 + 2, HITM 2 + 3 */
	CHECK_INT(c->cpus_wrote, 3);
	CHECK_INT(c->coherence, 4);
	CHECK_INT(c->hitm, 5);
	/* every private miss went on to L2: misses[1] counts L2 misses */
	CHECK_INT(a->misses[0], N + 1); /* L1d: N writes and the read of Z all missed */
	skl_free(rows);
	rows = NULL;
	n = skl_kernel_cachesim_attr(r.k, 1, "tobj", &rows);
	l0 = find(rows, n, "tobj", "line 0");
	if (l0) {
		CHECK_INT(l0->coherence, 2 * N - 2);
		CHECK_INT(l0->hitm, 2 * N - 1);
		CHECK_INT(l0->cpus_wrote, 3);
	}
	/* the CPU a touch runs on is the machine's: the model's counters agree */
	{
		struct skl_cachesim_smp_stats s1;
		skl_cachesim_smp_stats(r.m, 1, &s1);
		CHECK_INT(s1.hitm, N + 3);
	}
out:
	skl_free(rows);
	rig_free(&r);
}

/* Every touch on CPU 0: the rows of a plain model of the same levels. */
static void t_plain(void)
{
	rig r;
	skl_cachesim_attr *p = NULL, *s = NULL;
	int np = 0, ns = 0, i, j, pass;
	if (rig_up(&r, 2) < 0)
		goto out;
	for (pass = 0; pass < 2; pass++) {
		if (pass == 0)
			CHECK_INT(skl_kernel_set_cachesim(r.k, r.h, NULL), 0);
		else
			CHECK_INT(skl_kernel_set_cachesim_smp(r.k, r.m, NULL), 0);
		for (i = 0; i < 300; i++) {
			skl_addr at = X + (skl_addr)((i * 712) % 65536);
			skl_kernel_touch_as(r.k, at, 1 + (unsigned)(i % 24), i % 3 == 0, "member", "tobj", NULL,
					    at & ~(skl_addr)255);
		}
		if (pass == 0)
			np = skl_kernel_cachesim_attr(r.k, 1, NULL, &p);
		else
			ns = skl_kernel_cachesim_attr(r.k, 1, NULL, &s);
	}
	CHECK_INT(ns, np);
	for (i = 0; i < np && i < ns; i++) {
		CHECK_STR(s[i].member, p[i].member);
		CHECK_INT(s[i].reads, p[i].reads);
		CHECK_INT(s[i].writes, p[i].writes);
		CHECK_INT(s[i].cycles, p[i].cycles);
		for (j = 0; j < 2; j++)
			CHECK_INT(s[i].misses[j], p[i].misses[j]);
		CHECK_INT(s[i].coherence, 0);
		CHECK_INT(s[i].cpus_read | s[i].cpus_wrote, (s[i].reads ? 1 : 0) | (s[i].writes ? 1 : 0));
	}
out:
	skl_free(p);
	skl_free(s);
	rig_free(&r);
}

static void t_snapshot(void)
{
	rig r;
	skl_cachesim_snap *s = NULL;
	int c, l, found[2] = {0, 0};
	if (rig_up(&r, 2) < 0)
		goto out;
	CHECK_INT(skl_kernel_set_cachesim_smp(r.k, r.m, NULL), 0);
	feed(&r); /* ends on CPU 0: X Modified in CPU 1 (its write last), Y too, Z Exclusive in CPU 0 */
	s = skl_kernel_cachesim_snapshot(r.k);
	CHECK(s != NULL);
	if (!s)
		goto out;
	CHECK_INT(s->ncpus, 2);
	CHECK_INT(s->cpu, 0);
	CHECK_INT(s->nprivate, 1);
	CHECK_INT(s->nlevels, 2);
	CHECK(s->cpus != NULL);
	CHECK_STR(s->levels[1].st.name, "L2");
	for (c = 0; c < 2; c++) {
		const skl_cachesim_snap_level *pl = &s->cpus[c].levels[0];
		for (l = 0; l < (int)(pl->st.sets * pl->st.assoc); l++) {
			const skl_cachesim_snap_line *g = &pl->lines[l];
			if (!g->valid)
				continue;
			if (c == 1 && g->addr == X) {
				CHECK_INT(g->mesi, SKL_MESI_M);
				CHECK_STR(s->owners[g->owner], "tobj.b");
				found[1]++;
			}
			if (c == 0 && g->addr == Z) {
				CHECK_INT(g->mesi, SKL_MESI_E);
				found[0]++;
			}
			if (c == 0)
				CHECK(g->addr != X && g->addr != Y); /* invalidated by CPU 1's writes */
		}
	}
	CHECK_INT(found[0], 1);
	CHECK_INT(found[1], 1);
	/* the current CPU's levels come first, lines and all */
	CHECK_INT(s->levels[0].st.refs[0] + s->levels[0].st.refs[1],
		  s->cpus[0].levels[0].st.refs[0] + s->cpus[0].levels[0].st.refs[1]);
	CHECK_INT(s->cpus[1].hitm, N + 3);
	CHECK_INT(s->cpus[0].coherence, N - 1 + 2);
out:
	skl_cachesim_snap_free(s);
	rig_free(&r);
}

static void t_c2c(void)
{
	rig r;
	skl_c2c *c = NULL;
	const skl_c2c_line *l;
	if (rig_up(&r, 2) < 0)
		goto out;
	/* a plain model has no contended lines */
	CHECK_INT(skl_kernel_set_cachesim(r.k, r.h, NULL), 0);
	feed(&r);
	c = skl_kernel_c2c(r.k);
	CHECK(c && c->nlines == 0);
	skl_c2c_free(c);
	CHECK_INT(skl_kernel_set_cachesim_smp(r.k, r.m, NULL), 0);
	feed(&r);
	c = skl_kernel_c2c(r.k);
	CHECK(c != NULL);
	if (!c)
		goto out;
	CHECK_INT(c->ncpus, 2);
	CHECK_INT(c->line, 64);
	CHECK_STR(c->title, "custom"); /* no machine description given */
	CHECK_INT(c->nlines, 2);       /* Z: one CPU, not contended */
	CHECK_INT(c->lines_seen, 3);
	CHECK_INT(c->writes, 2 * N + 6);
	CHECK_INT(c->reads, 1);
	CHECK_INT(c->hitm, 2 * N - 1 + 5);
	if (c->nlines < 2)
		goto out;
	/* X first: 9 HITMs against Y's 5 */
	l = &c->lines[0];
	CHECK_INT(l->addr, X);
	CHECK_STR(l->owner, "tobj");
	CHECK_INT(l->lineno, 0);
	CHECK_INT(l->line_offset, 0);
	CHECK_INT(l->hitm, 2 * N - 1);
	CHECK_INT(l->coherence, 2 * N - 2);
	CHECK_INT(l->false_sharing, 1);
	CHECK_INT(l->true_sharing, 0);
	CHECK_INT(l->nmembers, 2);
	CHECK_STR(l->members[0].member, "a");
	CHECK_INT(l->members[0].offset, 0);
	CHECK_INT(l->members[0].cpu_writes[0], N);
	CHECK_INT(l->members[0].cpus_wrote, 1);
	CHECK_STR(l->members[1].member, "b");
	CHECK_INT(l->members[1].offset, 8);
	CHECK_INT(l->members[1].cpu_writes[1], N);
	CHECK_INT(l->members[1].hitm, N);
	CHECK_INT(l->cpu_writes[0], N);
	CHECK_INT(l->cpu_writes[1], N);
	l = &c->lines[1];
	CHECK_INT(l->addr, Y);
	CHECK_INT(l->hitm, 5);
	CHECK_INT(l->true_sharing, 1);
	CHECK_INT(l->false_sharing, 0);
	CHECK_INT(l->nmembers, 1);
out:
	skl_c2c_free(c);
	rig_free(&r);
}

/* An object that begins 32 bytes into a line: its member at offset 40
 * lies in the object's line 1, which starts at object offset 32 (the
 * object's line 0 is the line it begins in). */
static void t_c2c_offset(void)
{
	rig r;
	skl_c2c *c = NULL;
	const skl_addr base = Z + 0x20;
	int i;
	if (rig_up(&r, 2) < 0)
		goto out;
	CHECK_INT(skl_kernel_set_cachesim_smp(r.k, r.m, NULL), 0);
	for (i = 0; i < 2; i++) {
		touch(&r, 0, base + 40, 1, "vobj", "d", base);
		touch(&r, 1, base + 48, 0, "vobj", "e", base);
	}
	c = skl_kernel_c2c(r.k);
	CHECK(c && c->nlines == 1);
	if (!c || c->nlines != 1)
		goto out;
	CHECK_INT(c->lines[0].addr, Z + 0x40);
	CHECK_INT(c->lines[0].lineno, 1);
	CHECK_INT(c->lines[0].line_offset, 32);
	CHECK_INT(c->lines[0].nmembers, 2);
	CHECK_INT(c->lines[0].members[0].offset - c->lines[0].line_offset, 8);
	CHECK_INT(c->lines[0].false_sharing, 1);
out:
	skl_c2c_free(c);
	rig_free(&r);
}

static void t_c2c_text(void)
{
	rig r;
	skl_c2c *c = NULL;
	skl_buf b;
	skl_sink s;
	if (rig_up(&r, 2) < 0)
		goto out;
	CHECK_INT(skl_kernel_set_cachesim_smp(r.k, r.m, NULL), 0);
	feed(&r);
	c = skl_kernel_c2c(r.k);
	if (!c)
		goto out;
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_c2c_write(c, &s);
	printf("%s", b.data);
	CHECK(strstr(b.data, "           Shared Data Cache Line Table          \n") != NULL);
	CHECK(strstr(b.data, "      Shared Cache Line Distribution Pareto      \n") != NULL);
	CHECK(strstr(b.data, "  Total Shared Cache Lines          :        2\n") != NULL);
	CHECK(strstr(b.data, "      0  0xffff888000100000  tobj:0            64.29%        9        -       10       "
			     " 0       10        8        2  false\n") != NULL);
	CHECK(strstr(b.data, "      1  0xffff888000100400  uobj:0            35.71%        5        -        6       "
			     " 0        6        4        2  true\n") != NULL);
	CHECK(strstr(b.data, "  a                               cpu0 r0 w5\n") != NULL);
	CHECK(strstr(b.data, "  b                               cpu1 r0 w5\n") != NULL);
	CHECK(strstr(b.data, "# not modelled: Node, PA cnt, RmtHitm") != NULL);
	skl_buf_free(&b);
out:
	skl_c2c_free(c);
	rig_free(&r);
}

/* The heat of tobj (a, b in line 0; c alone in line 1) and uobj (c) */
static void t_heat(void)
{
	static const char src[] = "struct tobj { long a; long b; char pad[48]; long c; };\n";
	rig r;
	skl_typedb *db = NULL;
	skl_layout *t = NULL;
	skl_heat *h = NULL;
	skl_error err;
	int ia, ib, ic;
	if (rig_up(&r, 2) < 0)
		goto out;
	db = skl_typedb_new();
	CHECK(db && skl_cparse(db, src, "tobj.h", &err) == 0);
	t = db ? skl_layout_compute(skl_typedb_find(db, "struct tobj"), r.prof.abi, NULL, 64, &err) : NULL;
	CHECK(t != NULL);
	if (!t)
		goto out;
	ia = skl_layout_find(t, "a");
	ib = skl_layout_find(t, "b");
	ic = skl_layout_find(t, "c");
	/* a plain model: the metrics are 0 and carry no CPUs */
	CHECK_INT(skl_kernel_set_cachesim(r.k, r.h, NULL), 0);
	feed(&r);
	h = skl_kernel_cachesim_heat(r.k, t, NULL, SKL_HEAT_COHERENCE, 0);
	CHECK(h && h->ncpus == 0 && !h->cpus && !h->lines && h->value[ia] == 0);
	skl_heat_free(h);
	CHECK_INT(skl_kernel_set_cachesim_smp(r.k, r.m, NULL), 0);
	feed(&r);
	/* other metrics stay as they were: no CPUs */
	h = skl_kernel_cachesim_heat(r.k, t, NULL, SKL_HEAT_ACCESSES, 0);
	CHECK(h && h->ncpus == 0 && !h->cpus && h->value[ia] == N + 1);
	skl_heat_free(h);
	h = skl_kernel_cachesim_heat(r.k, t, NULL, SKL_HEAT_HITM, 0);
	CHECK(h && h->cpus && h->lines);
	if (!h || !h->cpus || !h->lines)
		goto out;
	CHECK_STR(h->label, "HITM");
	CHECK_INT(h->ncpus, 2);
	CHECK_INT(h->nlines, 2);
	CHECK_INT(h->value[ib], N); /* as t_c2c's member b */
	CHECK_INT(h->cpus[ia].wrote, 1);
	CHECK_INT(h->cpus[ia].read, 1); /* Z.a: CPU 0's read of another tobj */
	CHECK_INT(h->cpus[ia].writes[0], N);
	CHECK_INT(h->cpus[ib].wrote, 2);
	CHECK_INT(h->cpus[ib].writes[1], N);
	CHECK_INT(h->cpus[ic].read | h->cpus[ic].wrote, 0);
	/* line 0 of tobj: t_c2c's false sharing, summed over X and Z (Z not contended) */
	CHECK_INT(h->lines[0].false_sharing, 1);
	CHECK_INT(h->lines[0].true_sharing, 0);
	CHECK_INT(h->lines[0].hitm, 2 * N - 1);
	CHECK_INT(h->lines[0].coherence, 2 * N - 2);
	CHECK_INT(h->lines[0].cpus_wrote, 3);
	CHECK_INT(h->lines[1].coherence + h->lines[1].hitm, 0);
	skl_heat_free(h);
	/* uobj's line 0: true sharing */
	h = skl_kernel_cachesim_heat(r.k, t, "uobj", SKL_HEAT_COHERENCE, 0);
	CHECK(h && h->lines && h->lines[0].true_sharing == 1 && h->lines[0].false_sharing == 0);
	CHECK(h && h->cpus && h->cpus[ic].wrote == 3 && h->value[ic] > 0);
	CHECK(h && !strcmp(h->label, "coherence misses"));
out:
	skl_heat_free(h);
	skl_layout_free(t);
	skl_typedb_free(db);
	rig_free(&r);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {
	    {"rows", t_rows}, {"plain", t_plain},	    {"snapshot", t_snapshot},
	    {"c2c", t_c2c},   {"c2c_offset", t_c2c_offset}, {"c2c_text", t_c2c_text},
	    {"heat", t_heat},
	};
	size_t i;
	int ran = 0;
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
		if (argc < 2 || !strcmp(argv[1], tests[i].name)) {
			tests[i].fn();
			ran = 1;
		}
	if (!ran) {
		printf("unknown test %s\n", argv[1]);
		return 2;
	}
	return check_done(argc < 2 ? "access_smp" : argv[1]);
}
