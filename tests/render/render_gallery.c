/*
 * render_gallery.c - writes sample pictures of the layout view as PNG and
 * SVG into a directory (default "."), so people can look at them:
 * sock-i386.png (the 2.4.16 struct sock at 32-byte lines), its first cache
 * line highlighted, inet_opt, a small struct, a large x86_64 struct; and
 * the cache view of a Pentium III's L1d after 76 tcp_socks were zeroed and
 * looked up (cache-p3.png, and at 1280x720), beside struct sock with its
 * L1d misses as heat (cache-heat.png); and the c2c view of two CPUs
 * writing neighbouring words of one line, made by the coherent model
 * (c2c-false-sharing.png, .svg, and presenting at 1920x1080).
 */
#include "sklab/render/export.h"
#include "sample_cache.h"
#include "sample_structs.h"
#include "sklab/cachesim_smp.h"
#include "sklab/cachesim_snap.h"
#include "sklab/kernel.h"
#include "profile.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static int shot(sample_types *t, const char *dir, const char *name, const char *abi, const char *config, unsigned cl,
		const char *file, const char *caption, const char *const *hl, int nhl, int w, int h)
{
	skl_error err;
	skl_layout *l = sample_layout(t, name, abi, config, cl, &err);
	skl_render_opts o;
	skl_scene s;
	const skl_layout *ls[1];
	char path[2048];
	const char *fmts[2] = {"png", "svg"};
	int i;
	if (!l) {
		fprintf(stderr, "render_gallery: %s: %s\n", name, err.msg);
		return -1;
	}
	memset(&o, 0, sizeof(o));
	memset(&s, 0, sizeof(s));
	o.width = w;
	o.height = h;
	o.font_dir = SKLAB_TEST_FONT_DIR;
	ls[0] = l;
	s.layouts = ls;
	s.nlayouts = 1;
	s.caption = caption;
	s.title = caption ? "The struct sock cleanup (LKML, Dec 2001)" : NULL;
	s.step = 2;
	s.nsteps = caption ? 7 : 0;
	s.highlight = hl;
	s.nhighlight = nhl;
	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/%s.%s", dir, file, fmts[i]);
		if (skl_render_scene_file(&s, path, fmts[i], &o, &err) < 0) {
			fprintf(stderr, "render_gallery: %s\n", err.msg);
			skl_layout_free(l);
			return -1;
		}
	}
	skl_layout_free(l);
	return 0;
}

/* Two objects side by side, as a frame that shows both. */
static int pair(sample_types *t, const char *dir)
{
	skl_error err;
	skl_layout *a = sample_layout(t, "inet_opt", "i386", NULL, 32, &err);
	skl_layout *b = sample_layout(t, "small", "x86_64", NULL, 64, &err);
	const skl_layout *ls[2];
	skl_render_opts o;
	skl_scene s;
	char path[2048];
	int rc = 0;
	if (!a || !b) {
		fprintf(stderr, "render_gallery: %s\n", err.msg);
		skl_layout_free(a);
		skl_layout_free(b);
		return -1;
	}
	memset(&o, 0, sizeof(o));
	memset(&s, 0, sizeof(s));
	o.font_dir = SKLAB_TEST_FONT_DIR;
	ls[0] = a;
	ls[1] = b;
	s.layouts = ls;
	s.nlayouts = 2;
	s.caption = "Two objects shown at one step are drawn side by side.";
	snprintf(path, sizeof(path), "%s/pair.png", dir);
	if (skl_render_scene_file(&s, path, NULL, &o, &err) < 0) {
		fprintf(stderr, "render_gallery: %s\n", err.msg);
		rc = -1;
	}
	skl_layout_free(a);
	skl_layout_free(b);
	return rc;
}

/* The cache view, alone and beside a layout with heat. */
static int cache_shots(sample_types *t, const char *dir)
{
	skl_error err;
	skl_cachesim_snap *g = sample_cache_p3(0);
	skl_layout *l = sample_layout(t, "sock", "i386", "CONFIG_INET,CONFIG_FILTER", 32, &err);
	const skl_cachesim_snap *gs[1];
	const skl_layout *ls[1];
	const skl_heat *hs[1];
	skl_heat heat;
	skl_render_opts o;
	skl_scene s;
	char path[2048];
	int rc = 0, i;
	if (!g || !l) {
		fprintf(stderr, "render_gallery: cache samples\n");
		skl_cachesim_snap_free(g);
		skl_layout_free(l);
		return -1;
	}
	memset(&o, 0, sizeof(o));
	memset(&s, 0, sizeof(s));
	o.font_dir = SKLAB_TEST_FONT_DIR;
	gs[0] = g;
	s.cgrids = gs;
	s.ncgrids = 1;
	s.title = "The struct sock cleanup (LKML, Dec 2001)";
	s.caption = "Zeroing 76 tcp_socks streams 59 KiB through a 16 KiB L1d: by the lookups, the first sockets' "
		    "identity lines are gone.";
	o.width = 1920;
	o.height = 1080;
	snprintf(path, sizeof(path), "%s/cache-p3.png", dir);
	rc |= skl_render_scene_file(&s, path, NULL, &o, &err);
	snprintf(path, sizeof(path), "%s/cache-p3.svg", dir);
	rc |= skl_render_scene_file(&s, path, NULL, &o, &err);
	o.width = 1280;
	o.height = 720;
	snprintf(path, sizeof(path), "%s/cache-p3-720.png", dir);
	rc |= skl_render_scene_file(&s, path, NULL, &o, &err);

	/* struct sock with the L1d misses of its members as heat */
	memset(&heat, 0, sizeof(heat));
	snprintf(heat.label, sizeof(heat.label), "L1d misses");
	heat.nvalues = l->nfields;
	heat.value = skl_calloc((size_t)l->nfields, sizeof(double));
	for (i = 0; heat.value && i < g->nmembers; i++) {
		int f = skl_layout_find(l, g->members[i].member);
		if (f >= 0 && g->members[i].member[0])
			heat.value[f] = (double)g->members[i].misses[0];
	}
	ls[0] = l;
	hs[0] = &heat;
	s.layouts = ls;
	s.nlayouts = 1;
	s.heats = hs;
	s.caption = "The lookups miss on daddr (line 0) and on sport (line 1): the identity spans two lines.";
	o.width = 1920;
	o.height = 1080;
	snprintf(path, sizeof(path), "%s/cache-heat.png", dir);
	rc |= skl_render_scene_file(&s, path, NULL, &o, &err);
	if (rc)
		fprintf(stderr, "render_gallery: %s\n", err.msg);
	skl_free(heat.value);
	skl_layout_free(l);
	skl_cachesim_snap_free(g);
	return rc ? -1 : 0;
}

/* Two CPUs of a 6.18 x86_64 machine: CPU 0 writes counters.rx while CPU 1
 * writes counters.tx, 8 bytes on, 20 times each (false sharing); then both
 * write stats.total (true sharing). */
static int c2c_shots(const char *dir)
{
	static const skl_cachesim_level lv[] = {
	    {"L1d", 32768, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 5},
	    {"L2", 1048576, 16, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 16},
	};
	const skl_addr X = 0xffff888000100000ull, Y = 0xffff888000100400ull;
	skl_profile prof = skl_test_profile_618(2, (uint64_t)16 << 20);
	skl_kernel_opts ko;
	skl_cachesim_smp_config mc;
	skl_cachesim_preset desc;
	skl_kernel *k;
	skl_cachesim_smp *m;
	skl_c2c *c = NULL;
	const skl_c2c *cs[1];
	skl_render_opts o;
	skl_scene s;
	skl_error err;
	char path[2048];
	int i, rc = -1;
	skl_error_clear(&err);
	memset(&ko, 0, sizeof(ko));
	ko.profile = &prof;
	ko.smp = -1;
	memset(&mc, 0, sizeof(mc));
	mc.base.levels = lv;
	mc.base.nlevels = 2;
	mc.base.mem_latency = 100;
	mc.ncpus = 2;
	memset(&desc, 0, sizeof(desc));
	snprintf(desc.title, sizeof(desc.title), "a two-way test machine (32 KiB L1d, 1 MiB L2)");
	k = skl_kernel_new(&ko, &err);
	m = skl_cachesim_smp_new(&mc, &err);
	if (!k || !m || skl_kernel_set_cachesim_smp(k, m, &desc) < 0)
		goto out;
	for (i = 0; i < 20; i++) {
		skl_kernel_set_cpu(k, 0);
		skl_kernel_touch_as(k, X, 8, 1, "member", "counters", "rx", X);
		skl_kernel_set_cpu(k, 1);
		skl_kernel_touch_as(k, X + 8, 8, 1, "member", "counters", "tx", X);
	}
	for (i = 0; i < 5; i++) {
		skl_kernel_set_cpu(k, (unsigned)i % 2);
		skl_kernel_touch_as(k, Y, 8, 1, "member", "stats", "total", Y);
	}
	c = skl_kernel_c2c(k);
	if (!c)
		goto out;
	memset(&o, 0, sizeof(o));
	memset(&s, 0, sizeof(s));
	o.font_dir = SKLAB_TEST_FONT_DIR;
	cs[0] = c;
	s.c2cs = cs;
	s.nc2cs = 1;
	s.title = "perf c2c, modelled";
	s.caption = "CPU 0 writes rx and CPU 1 writes tx, 8 bytes apart in one line: every write takes the line "
		    "from the other CPU (false sharing); both CPUs writing total is true sharing.";
	o.width = 1600;
	o.height = 900;
	rc = 0;
	snprintf(path, sizeof(path), "%s/c2c-false-sharing.png", dir);
	rc |= skl_render_scene_file(&s, path, NULL, &o, &err);
	snprintf(path, sizeof(path), "%s/c2c-false-sharing.svg", dir);
	rc |= skl_render_scene_file(&s, path, NULL, &o, &err);
	o.width = 1920;
	o.height = 1080;
	s.text_scale = 1.2f * SKL_PRESENT_SCALE;
	s.text_floor = SKL_PRESENT_FLOOR;
	snprintf(path, sizeof(path), "%s/c2c-false-sharing-present.png", dir);
	rc |= skl_render_scene_file(&s, path, NULL, &o, &err);
out:
	if (rc)
		fprintf(stderr, "render_gallery: c2c: %s\n", err.msg[0] ? err.msg : "out of memory");
	skl_c2c_free(c);
	skl_kernel_free(k);
	skl_cachesim_smp_free(m);
	return rc ? -1 : 0;
}

/* The cache view of a coherent model: each CPU's caches and MESI states. */
static int cache_cpu_shots(const char *dir)
{
	static const unsigned ncpus[] = {2, 4, 8};
	skl_render_opts o;
	skl_error err;
	int rc = 0, i;
	memset(&o, 0, sizeof(o));
	o.font_dir = SKLAB_TEST_FONT_DIR;
	for (i = 0; i < 3; i++) {
		skl_cachesim_snap *g = sample_cache_smp_sharing(ncpus[i]);
		const skl_cachesim_snap *gs[1];
		skl_scene s;
		char path[2048];
		if (!g) {
			fprintf(stderr, "render_gallery: cache samples of %u CPUs\n", ncpus[i]);
			return -1;
		}
		memset(&s, 0, sizeof(s));
		gs[0] = g;
		s.cgrids = gs;
		s.ncgrids = 1;
		s.title = "False sharing";
		s.caption = "Each CPU writes its own counter, two to a line: every write invalidates the other's copy.";
		o.width = 1600;
		o.height = 900;
		snprintf(path, sizeof(path), "%s/cache-cpus%u.png", dir, ncpus[i]);
		rc |= skl_render_scene_file(&s, path, NULL, &o, &err);
		snprintf(path, sizeof(path), "%s/cache-cpus%u.svg", dir, ncpus[i]);
		rc |= skl_render_scene_file(&s, path, NULL, &o, &err);
		if (rc)
			fprintf(stderr, "render_gallery: %s\n", err.msg);
		skl_cachesim_snap_free(g);
	}
	return rc ? -1 : 0;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : ".";
	static const char *const line0[] = {"line:0"};
	static const char *const tp[] = {"tp_pinfo"};
	sample_types t;
	skl_error err;
	int rc = 0;
	mkdir(dir, 0777);
	if (sample_types_build(&t, &err) < 0) {
		fprintf(stderr, "render_gallery: %s\n", err.msg);
		return 1;
	}
	rc |= shot(&t, dir, "sock", "i386", "CONFIG_INET,CONFIG_FILTER", 32, "sock-i386", NULL, NULL, 0, 1600, 900);
	rc |= shot(&t, dir, "sock", "i386", "CONFIG_INET,CONFIG_FILTER", 32, "sock-i386-line0",
		   "Miller: the identity and the hash links fill exactly one 32-byte cache line.", line0, 1, 1600, 900);
	rc |= shot(&t, dir, "sock", "i386", "CONFIG_INET,CONFIG_FILTER,CONFIG_IPV6", 32, "sock-i386-ipv6",
		   "Every socket carries tp_pinfo: a union as large as its largest member, struct tcp_opt (424 bytes).",
		   tp, 1, 1600, 900);
	rc |= shot(&t, dir, "inet_opt", "i386", NULL, 32, "inet_opt-i386", NULL, NULL, 0, 1600, 900);
	rc |= shot(&t, dir, "small", "x86_64", NULL, 64, "small-x86_64", NULL, NULL, 0, 1600, 900);
	rc |= shot(&t, dir, "big", "x86_64", NULL, 64, "big-x86_64", NULL, NULL, 0, 1600, 900);
	rc |= shot(&t, dir, "sock", "x86_64", "CONFIG_INET,CONFIG_FILTER", 64, "sock-x86_64-small", NULL, NULL, 0, 1024,
		   576);
	rc |= pair(&t, dir);
	rc |= cache_shots(&t, dir);
	rc |= c2c_shots(dir);
	rc |= cache_cpu_shots(dir);
	sample_types_free(&t);
	if (!rc)
		printf("render_gallery: pictures in %s\n", dir);
	return rc ? 1 : 0;
}
