/*
 * cmd_layout.c - `sklab layout`: one struct's layout as pahole text or
 * JSON, from sklab's layout data, a C header, or BTF, and drawn by the
 * layout view to PNG, SVG or a window.
 */
#define _POSIX_C_SOURCE 200809L
#include "app.h"

#include "sklab/runtime.h"
#include "sklab/btf.h"
#include "sklab/cparse.h"
#include "sklab/layoutdiff.h"
#include "sklab/pahole.h"
#include "sklab/render/export.h"
#include "window.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Reads a C header whole. A directory, a device or a FIFO is refused by
 * name, and so is a NUL byte, which C text never holds (the reader would
 * stop at it and blame what it cut off). */
static char *read_file(const char *path, skl_error *err)
{
	FILE *fp;
	struct stat st;
	char *buf;
	const char *nul;
	long n;
	/* before opening it: opening a FIFO would wait for a writer */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		skl_errorf(err, "'%s' is %s, not a C header", path,
			   S_ISDIR(st.st_mode) ? "a directory" : "not a regular file");
		return NULL;
	}
	fp = fopen(path, "rb");
	if (!fp) {
		skl_errorf(err, "cannot open '%s': %s", path, strerror(errno));
		return NULL;
	}
	if (fseek(fp, 0, SEEK_END) != 0 || (n = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET) != 0) {
		fclose(fp);
		skl_errorf(err, "cannot read '%s'", path);
		return NULL;
	}
	if (n > 64L * 1024 * 1024) {
		fclose(fp);
		skl_errorf(err, "'%s' is larger than 64 MiB", path);
		return NULL;
	}
	buf = skl_malloc((size_t)n + 1);
	if (!buf) {
		fclose(fp);
		skl_errorf(err, "out of memory reading '%s'", path);
		return NULL;
	}
	if (fread(buf, 1, (size_t)n, fp) != (size_t)n) {
		fclose(fp);
		skl_free(buf);
		skl_errorf(err, "cannot read '%s'", path);
		return NULL;
	}
	buf[n] = '\0';
	fclose(fp);
	nul = memchr(buf, '\0', (size_t)n);
	if (nul) {
		const char *p, *ls = buf;
		int line = 1;
		for (p = buf; p < nul; p++)
			if (*p == '\n') {
				line++;
				ls = p + 1;
			}
		skl_errorf_at(err, path, line, (int)(nul - ls) + 1, "a NUL byte is not C text");
		skl_free(buf);
		return NULL;
	}
	return buf;
}

int skl_app_load_struct(skl_typedb *db, int btf, const char *file, const char *name, skl_type **t, skl_error *err)
{
	char *text;
	int r;
	if (btf)
		return skl_btf_import(db, file, name, t, err);
	if (!(text = read_file(file, err)))
		return -1;
	r = skl_cparse(db, text, file, err);
	skl_free(text);
	if (r < 0)
		return -1;
	*t = skl_typedb_find(db, name);
	if (!*t)
		return skl_errorf(err, "no struct, union or typedef named '%s' in %s", name, file);
	return 0;
}

static void build_config(char *out, size_t outsz, const char *profile_cfg, const char *opt)
{
	if (!opt) {
		snprintf(out, outsz, "%s", profile_cfg ? profile_cfg : "");
	} else if (opt[0] == '+') {
		snprintf(out, outsz, "%s%s%s", profile_cfg ? profile_cfg : "", profile_cfg && *profile_cfg ? "," : "",
			 opt + 1);
	} else {
		snprintf(out, outsz, "%s", opt);
	}
}

enum {
	O_PROFILE = 256,
	O_ARCH,
	O_CONFIG,
	O_CACHELINE,
	O_C,
	O_BTF,
	O_JSON,
	O_HEX,
	O_CONDS,
	O_PNG,
	O_SVG,
	O_WINDOW,
	O_SIZE,
	O_PRESENT,
	O_HIGHLIGHT,
	O_DIFF,
	O_A_PROFILE,
	O_B_PROFILE,
	O_A_ARCH,
	O_B_ARCH,
	O_A_CONFIG,
	O_B_CONFIG,
	O_CHECK,
	O_KEEP
};

static const skl_app_opt options[] = {
    {"profile", O_PROFILE, SKL_APP_VALUE, "P", "lay out for kernel profile P (see 'sklab profiles')", NULL},
    {"arch", O_ARCH, SKL_APP_VALUE, "i386|x86_64", "lay out for this ABI instead of a profile's", NULL},
    {"cacheline", O_CACHELINE, SKL_APP_VALUE, "N", "the cache-line size, a power of two from 8 to 4096", NULL},
    {"config", O_CONFIG, SKL_APP_VALUE, "A,B", "replace the profile's config options;\n--config +A,B adds to them",
     NULL},
    {"json", O_JSON, SKL_APP_NONE, NULL, "every member as JSON instead of the text", NULL},
    {"hex", O_HEX, SKL_APP_NONE, NULL, "offsets and sizes in hexadecimal (pahole --hex)", NULL},
    {"conds", O_CONDS, SKL_APP_NONE, NULL, "append each conditional member's CONFIG_ condition", NULL},
    {"c", O_C, SKL_APP_VALUE, "FILE.h",
     "read the struct from a C header (docs/c-input.md);\nwith --diff, FILE.h:NAME is a side", NULL},
    {"btf", O_BTF, SKL_APP_NONE, NULL, "read it from the running kernel's BTF, or from FILE", NULL},
    {"png", O_PNG, SKL_APP_VALUE, "FILE.png", "draw it with the layout view as a PNG (no text then)", NULL},
    {"svg", O_SVG, SKL_APP_VALUE, "FILE.svg", "draw it as an SVG", NULL},
    {"window", O_WINDOW, SKL_APP_NONE, NULL, "draw it in a window (hover a member for its details)", NULL},
    {"size", O_SIZE, SKL_APP_VALUE, "WxH", "the picture's canvas, 320x200 to 8192x8192 (1600x900)", NULL},
    {"present", O_PRESENT, SKL_APP_NONE, NULL, "draw as presentation mode does (big type)", NULL},
    {"highlight", O_HIGHLIGHT, SKL_APP_VALUE, "M1,M2", "emphasise these members (or line:N) in the picture", NULL},
    {"diff", O_DIFF, SKL_APP_NONE, NULL,
     "compare two structs A and B, each SET/NAME, FILE.h:NAME,\nbtf:NAME or btf:FILE:NAME (docs/layout.md)", NULL},
    {"a-profile", O_A_PROFILE, SKL_APP_VALUE, "P", "", NULL},
    {"b-profile", O_B_PROFILE, SKL_APP_VALUE, "P", "--profile for side A or B alone", NULL},
    {"a-arch", O_A_ARCH, SKL_APP_VALUE, "ARCH", "", NULL},
    {"b-arch", O_B_ARCH, SKL_APP_VALUE, "ARCH", "--arch for side A or B alone", NULL},
    {"a-config", O_A_CONFIG, SKL_APP_VALUE, "A,B", "", NULL},
    {"b-config", O_B_CONFIG, SKL_APP_VALUE, "A,B", "--config for side A or B alone (+A,B adds)", NULL},
    {"check", O_CHECK, SKL_APP_NONE, NULL,
     "check the --keep groups in the struct (with --diff, in B):\nexit 1 when one fails", NULL},
    {"keep", O_KEEP, SKL_APP_VALUE, "NAME=M1,M2@LINE",
     "a group of members that must stay in cache line LINE\n(without @LINE: in one line); repeatable", NULL},
    {0},
};

static const skl_app_cmd layout_cmd = {
    .name = "layout",
    .about = "A struct or union as pahole prints it: each member's offset and size, holes,\n"
	     "cache-line boundaries and the footer. SET/NAME is a struct of sklab's layout\n"
	     "data (assets/layouts/SET), laid out for the profile that uses SET unless\n"
	     "--profile, --arch, --cacheline or --config say otherwise. --diff compares\n"
	     "two; --check exits 1 when a --keep group has left its cache line.\n"
	     "Exit status: 0 ok, 1 an error or a failed check, 2 a usage mistake.",
    .opts = options,
    .more = "Examples:\n"
	    "  sklab layout --diff linux-2.4.16/sock linux-6.18/sock\n"
	    "  sklab layout --diff --a-config CONFIG_INET --b-config CONFIG_INET,CONFIG_IPV6 \\\n"
	    "      linux-2.4.16/sock linux-2.4.16/sock\n"
	    "  sklab layout --check --keep lookup=daddr,rcv_saddr,dport,num,next@0 linux-2.4.16/sock",
};

/* The picture: the layout view (whose header gives the size, lines,
 * holes, ABI and config) and a bar under it that says where the struct
 * came from; for a diff both layouts side by side with the changed
 * members marked and the moved ones linked. */
#define MAX_LINKS 512

typedef struct picture {
	const char *png, *svg;
	int window, width, height, present;
	const char *highlight[32];
	int nhighlight;
	char hlbuf[1024];
	char title[512];
	char caption[512];
	skl_scene_link links[MAX_LINKS];
	char tips[MAX_LINKS][160];
	int nlinks;
	const skl_layout *ls[2];
	skl_scene sc;
} picture;

static void picture_text(picture *pc, const skl_layout *l, const char *source)
{
	snprintf(pc->title, sizeof(pc->title), "sklab layout: %s from %s", l->name, source);
}

static int build_picture(void *ud, int frame, skl_dl *dl)
{
	const picture *pc = ud;
	(void)frame;
	return skl_view_scene(dl, &pc->sc);
}

/* Writes the PNG and SVG the options name and opens the window, for one
 * layout or (b not NULL) a diff's two. */
static int draw_picture(picture *pc, const skl_layout *a, const skl_layout *b, skl_error *err)
{
	char fonts[4200];
	int rc;
	skl_render_opts ro;
	pc->ls[0] = a;
	pc->ls[1] = b;
	memset(&pc->sc, 0, sizeof(pc->sc));
	pc->sc.layouts = pc->ls;
	pc->sc.nlayouts = b ? 2 : 1;
	pc->sc.title = pc->title;
	pc->sc.caption = pc->caption[0] ? pc->caption : NULL;
	pc->sc.highlight = pc->nhighlight ? pc->highlight : NULL;
	pc->sc.nhighlight = pc->nhighlight;
	pc->sc.links = pc->nlinks ? pc->links : NULL;
	pc->sc.nlinks = pc->nlinks;
	snprintf(fonts, sizeof(fonts), "%s/assets/fonts", skl_app_data_dir());
	memset(&ro, 0, sizeof(ro));
	ro.font_dir = fonts;
	ro.width = pc->width;
	ro.height = pc->height;
	ro.present = pc->present;
	ro.highlight = pc->sc.highlight;
	ro.nhighlight = pc->nhighlight;
	if (pc->png) {
		if (skl_render_scene_file(&pc->sc, pc->png, "png", &ro, err) < 0)
			return -1;
		printf("sklab: wrote %s\n", pc->png);
	}
	if (pc->svg) {
		if (skl_render_scene_file(&pc->sc, pc->svg, "svg", &ro, err) < 0)
			return -1;
		printf("sklab: wrote %s\n", pc->svg);
	}
	if (pc->window) {
		skl_window_opts wo;
		memset(&wo, 0, sizeof(wo));
		wo.title = pc->title;
		wo.font_dir = fonts;
		wo.nframes = 1;
		wo.width = pc->width;
		wo.height = pc->height;
		wo.present = pc->present;
		wo.build = build_picture;
		wo.ud = pc;
		fflush(stdout);
		rc = skl_window_run_build(&wo, err);
		SDL_Quit(); /* what SDL's video drivers (X11, D-Bus) keep, freed at exit as the shell does */
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* Whether a change of member m is already shown by its enclosing named
 * member's (a moved or removed union takes its members along). */
static int shown_by_parent(const skl_ldiff *d, const int *entry_a, const int *entry_b, const skl_ldiff_member *m)
{
	const skl_layout *l = m->a >= 0 ? d->a : d->b;
	const int *entry = m->a >= 0 ? entry_a : entry_b;
	int p = l->fields[m->a >= 0 ? m->a : m->b].parent;
	unsigned keep = SKL_LDIFF_ADDED | SKL_LDIFF_REMOVED | SKL_LDIFF_MOVED;
	while (p >= 0 && !l->fields[p].name[0])
		p = l->fields[p].parent;
	if (p < 0 || entry[p] < 0)
		return 0;
	return (d->members[entry[p]].what & keep) == (m->what & keep) && (m->what & keep);
}

/* The diff's marks for the picture and the caption that reads them. */
static int diff_links(picture *pc, const skl_ldiff *d)
{
	int *ea = skl_calloc((size_t)d->a->nfields + 1, sizeof(int));
	int *eb = skl_calloc((size_t)d->b->nfields + 1, sizeof(int));
	int i, n[4] = {0, 0, 0, 0};
	if (!ea || !eb) {
		skl_free(ea);
		skl_free(eb);
		return -1;
	}
	for (i = 0; i < d->a->nfields; i++)
		ea[i] = -1;
	for (i = 0; i < d->b->nfields; i++)
		eb[i] = -1;
	for (i = 0; i < d->nmembers; i++) {
		if (d->members[i].a >= 0)
			ea[d->members[i].a] = i;
		if (d->members[i].b >= 0)
			eb[d->members[i].b] = i;
	}
	pc->nlinks = 0;
	for (i = 0; i < d->nmembers && pc->nlinks < MAX_LINKS; i++) {
		const skl_ldiff_member *m = &d->members[i];
		skl_scene_link *k = &pc->links[pc->nlinks];
		const skl_field *fa = m->a >= 0 ? &d->a->fields[m->a] : NULL,
				*fb = m->b >= 0 ? &d->b->fields[m->b] : NULL;
		if (!(m->what & ~SKL_LDIFF_LINE) || shown_by_parent(d, ea, eb, m))
			continue;
		k->a = fa ? fa->path : NULL;
		k->b = fb ? fb->path : NULL;
		if (!fa) {
			k->kind = SKL_LINK_ADDED;
			snprintf(pc->tips[pc->nlinks], sizeof(pc->tips[0]), "%s: added at %llu, %llu bytes", fb->path,
				 (unsigned long long)fb->offset, (unsigned long long)fb->size);
		} else if (!fb) {
			k->kind = SKL_LINK_REMOVED;
			snprintf(pc->tips[pc->nlinks], sizeof(pc->tips[0]), "%s: removed from %llu, %llu bytes",
				 fa->path, (unsigned long long)fa->offset, (unsigned long long)fa->size);
		} else {
			k->kind = m->what & (SKL_LDIFF_RESIZED | SKL_LDIFF_RETYPED) ? SKL_LINK_CHANGED : SKL_LINK_MOVED;
			snprintf(pc->tips[pc->nlinks], sizeof(pc->tips[0]),
				 "%s: offset %llu -> %llu, size %llu -> %llu, line %llu -> %llu", fa->path,
				 (unsigned long long)fa->offset, (unsigned long long)fb->offset,
				 (unsigned long long)fa->size, (unsigned long long)fb->size,
				 (unsigned long long)fa->cl_first, (unsigned long long)fb->cl_first);
		}
		k->tooltip = pc->tips[pc->nlinks];
		n[k->kind]++;
		pc->nlinks++;
	}
	skl_free(ea);
	skl_free(eb);
	snprintf(pc->caption, sizeof(pc->caption),
		 "%s: %llu -> %llu bytes, %llu -> %llu cache lines. %d moved (blue lines), %d resized or retyped "
		 "(amber), %d added (green, right), %d removed (red, left).",
		 d->b->name, (unsigned long long)d->a->size, (unsigned long long)d->b->size,
		 (unsigned long long)d->a->cachelines, (unsigned long long)d->b->cachelines, n[SKL_LINK_MOVED],
		 n[SKL_LINK_CHANGED], n[SKL_LINK_ADDED], n[SKL_LINK_REMOVED]);
	return 0;
}

/* --highlight A,B into pc->highlight (up to 32 names). */
static int split_highlight(picture *pc, const char *v)
{
	char *p;
	snprintf(pc->hlbuf, sizeof(pc->hlbuf), "%s", v);
	pc->nhighlight = 0;
	for (p = strtok(pc->hlbuf, ","); p; p = strtok(NULL, ",")) {
		if (pc->nhighlight == 32)
			return -1;
		pc->highlight[pc->nhighlight++] = p;
	}
	return 0;
}

/* ---- the structs: where each side comes from ------------------------------ */

enum { SPEC_SET, SPEC_C, SPEC_BTF };

typedef struct spec {
	int kind;
	const char *file; /* the C header; the BTF file, NULL = the running kernel's */
	char fbuf[1024];
	char name[256];	  /* SPEC_SET: "SET/NAME" or "NAME" (with a profile) */
	const char *text; /* as typed */
} spec;

/* A side's settings: the common options, or that side's own. */
typedef struct side_opts {
	const char *profile, *arch, *config;
	unsigned cacheline;
} side_opts;

typedef struct side {
	skl_typedb *db;
	skl_layout *l;
	char source[320];
	char label[400];
} side;

/* A --diff side: "btf:NAME", "btf:FILE:NAME", "FILE.h:NAME" or SET/NAME.
 * -1 when it cannot be read (a message printed). */
static int parse_spec(const char *text, spec *sp)
{
	const char *colon;
	memset(sp, 0, sizeof(*sp));
	sp->text = text;
	if (!strncmp(text, "btf:", 4)) {
		const char *rest = text + 4, *c = strrchr(rest, ':');
		sp->kind = SPEC_BTF;
		if (c) {
			snprintf(sp->fbuf, sizeof(sp->fbuf), "%.*s", (int)(c - rest), rest);
			sp->file = sp->fbuf;
			rest = c + 1;
		}
		snprintf(sp->name, sizeof(sp->name), "%s", rest);
	} else if ((colon = strrchr(text, ':'))) {
		sp->kind = SPEC_C;
		snprintf(sp->fbuf, sizeof(sp->fbuf), "%.*s", (int)(colon - text), text);
		sp->file = sp->fbuf;
		snprintf(sp->name, sizeof(sp->name), "%s", colon + 1);
	} else {
		sp->kind = SPEC_SET;
		snprintf(sp->name, sizeof(sp->name), "%s", text);
	}
	if (!sp->name[0] || (sp->kind == SPEC_C && !sp->file[0])) {
		skl_app_usage_error(&layout_cmd, "'%s': a side is SET/NAME, FILE.h:NAME, btf:NAME or btf:FILE:NAME",
				    text);
		return -1;
	}
	return 0;
}

/* Lays out one side. 0; 2 after a usage message; 1 after an error message. */
static int load_side(const spec *sp, const side_opts *so, side *out)
{
	const char *data = skl_app_data_dir();
	const char *name = sp->name;
	const skl_abi *abi = NULL;
	skl_profile prof;
	int have_prof = 0;
	unsigned cacheline = so->cacheline;
	char config[2048];
	skl_error err;
	skl_type *t = NULL;
	skl_error_clear(&err);
	memset(&prof, 0, sizeof(prof));
	if (so->profile && so->arch)
		return skl_app_usage_error(&layout_cmd, "give --profile or --arch, not both");
	if (so->profile) {
		if (skl_data_load_profile(data, so->profile, &prof, &err) < 0)
			return skl_app_fail("layout", &err);
		have_prof = 1;
	}
	if (so->arch) {
		abi = skl_abi_find(so->arch);
		if (!abi)
			return skl_app_usage_error(&layout_cmd, "unknown arch '%s' (i386 or x86_64)", so->arch);
	}
	out->db = skl_typedb_new();
	if (!out->db) {
		skl_errorf(&err, "out of memory");
		goto out_err;
	}
	if (sp->kind == SPEC_BTF) {
		if (!abi)
			abi = have_prof ? prof.abi : skl_abi_find("x86_64");
		if (skl_app_load_struct(out->db, 1, sp->file, name, &t, &err) < 0)
			goto out_err;
		build_config(config, sizeof(config), have_prof ? prof.config : NULL, so->config);
		skl_app_config_warn("layout", out->db, so->config, "a built kernel's BTF (no member is conditional)");
		snprintf(out->source, sizeof(out->source), "BTF of %s", sp->file ? sp->file : "the running kernel");
	} else if (sp->kind == SPEC_C) {
		if (skl_app_load_struct(out->db, 0, sp->file, name, &t, &err) < 0)
			goto out_err;
		if (!abi)
			abi = have_prof ? prof.abi : skl_abi_find("x86_64");
		build_config(config, sizeof(config), have_prof ? prof.config : NULL, so->config);
		skl_app_config_warn("layout", out->db, so->config, sp->file);
		{
			const char *base = strrchr(sp->file, '/');
			snprintf(out->source, sizeof(out->source), "%s", base ? base + 1 : sp->file);
		}
	} else {
		char set[256];
		const char *slash = strchr(name, '/');
		if (slash) {
			snprintf(set, sizeof(set), "%.*s", (int)(slash - name), name);
			name = slash + 1;
		} else if (have_prof) {
			snprintf(set, sizeof(set), "%s", prof.layouts);
		} else {
			fprintf(stderr,
				"sklab layout: name the layout set, e.g. 'linux-2.4.16/%s', or give --profile\n", name);
			return 2;
		}
		if (!have_prof) {
			if (skl_app_profile_for_set(data, set, &prof, &err) < 0)
				goto out_err;
			have_prof = 1;
		}
		if (skl_data_load_layouts(data, set, out->db, &err) < 0)
			goto out_err;
		t = skl_typedb_find(out->db, name);
		if (!t) {
			skl_errorf(&err, "no struct '%s' in the layout set %s", name, set);
			goto out_err;
		}
		if (!abi)
			abi = prof.abi;
		build_config(config, sizeof(config), prof.config, so->config);
		{
			char src[300];
			snprintf(src, sizeof(src), "the layout set %s", set);
			skl_app_config_warn("layout", out->db, so->config, src);
		}
		snprintf(out->source, sizeof(out->source), "%s", set);
	}
	if (!cacheline)
		cacheline = have_prof ? prof.cacheline : 64;
	out->l = skl_layout_compute(t, abi, config, cacheline, &err);
	if (!out->l)
		goto out_err;
	snprintf(out->label, sizeof(out->label), "%s", sp->text);
	return 0;
out_err:
	return skl_app_fail("layout", &err);
}

static void side_free(side *s)
{
	skl_layout_free(s->l);
	skl_typedb_free(s->db);
}

/* ---- the checks ------------------------------------------------------------ */

#define MAX_KEEPS 32

/* Runs every --keep against l: 0 all kept, 1 one failed, 2 a member
 * unknown (a usage mistake), each check's line on out. */
static int run_checks(const skl_layout *l, const char *const *keeps, int nkeeps, const skl_sink *out)
{
	int i, failed = 0;
	for (i = 0; i < nkeeps; i++) {
		skl_keep k;
		skl_error err;
		int r;
		skl_error_clear(&err);
		if (skl_keep_parse(keeps[i], &k, &err) < 0) {
			skl_keep_clear(&k);
			fprintf(stderr, "sklab layout: %s\n", err.msg);
			return 2;
		}
		r = skl_keep_check(l, &k, out, &err);
		skl_keep_clear(&k);
		if (r < 0) {
			fprintf(stderr, "sklab layout: %s\n", err.msg);
			return 2;
		}
		failed += r == 0;
	}
	if (failed) {
		fflush(stdout);
		fprintf(stderr, "sklab layout: check failed: %d of %d group%s left %s cache line%s\n", failed, nkeeps,
			nkeeps == 1 ? "" : "s", failed == 1 ? "its" : "their", failed == 1 ? "" : "s");
		return 1;
	}
	return 0;
}

int skl_cmd_layout(int argc, char **argv)
{
	const char *cfile = NULL;
	const char *pos[4];
	const char *keeps[MAX_KEEPS];
	int npos = 0, nkeeps = 0, json = 0, hex = 0, conds = 0, btf = 0, diff = 0, check = 0, key, rc = 1, i;
	int cpos = -1; /* with --diff, where --c FILE.h:NAME stands among the sides */
	side_opts common, so[2];
	char cfgbuf[2][2048];
	side sd[2];
	spec sp[2];
	skl_app_args g;
	static picture pc; /* the window's build callback reads it */

	memset(&pc, 0, sizeof(pc));
	memset(&common, 0, sizeof(common));
	memset(so, 0, sizeof(so));
	memset(sd, 0, sizeof(sd));
	skl_app_args_init(&g, &layout_cmd, argc, argv);
	while ((key = skl_app_getopt(&g)) != SKL_APP_END) {
		const char *v = g.arg;
		switch (key) {
		case SKL_APP_BAD:
			return 2;
		case 'h':
			skl_app_usage(stdout, &layout_cmd);
			return 0;
		case O_PROFILE:
			common.profile = v;
			break;
		case O_ARCH:
			common.arch = v;
			break;
		case O_CONFIG:
			common.config = v;
			break;
		case O_A_PROFILE:
		case O_B_PROFILE:
			so[key == O_B_PROFILE].profile = v;
			break;
		case O_A_ARCH:
		case O_B_ARCH:
			so[key == O_B_ARCH].arch = v;
			break;
		case O_A_CONFIG:
		case O_B_CONFIG:
			so[key == O_B_CONFIG].config = v;
			break;
		case O_CACHELINE: {
			char *end;
			long n = strtol(v, &end, 10);
			if (*end || n < 8 || n > 4096 || (n & (n - 1)))
				return skl_app_usage_error(
				    &layout_cmd, "--cacheline takes a power of two from 8 to 4096, not '%s'", v);
			common.cacheline = (unsigned)n;
			break;
		}
		case O_C:
			cfile = v;
			cpos = npos;
			break;
		case O_BTF:
			btf = 1;
			break;
		case O_JSON:
			json = 1;
			break;
		case O_HEX:
			hex = 1;
			break;
		case O_CONDS:
			conds = 1;
			break;
		case O_PNG:
			pc.png = v;
			break;
		case O_SVG:
			pc.svg = v;
			break;
		case O_WINDOW:
			pc.window = 1;
			break;
		case O_PRESENT:
			pc.present = 1;
			break;
		case O_SIZE:
			if (sscanf(v, "%dx%d", &pc.width, &pc.height) != 2 || pc.width < 320 || pc.height < 200 ||
			    pc.width > 8192 || pc.height > 8192)
				return skl_app_usage_error(
				    &layout_cmd, "--size takes WxH between 320x200 and 8192x8192, not '%s'", v);
			break;
		case O_HIGHLIGHT:
			if (split_highlight(&pc, v) < 0)
				return skl_app_usage_error(&layout_cmd, "--highlight takes up to 32 names");
			break;
		case O_DIFF:
			diff = 1;
			break;
		case O_CHECK:
			check = 1;
			break;
		case O_KEEP:
			if (nkeeps == MAX_KEEPS)
				return skl_app_usage_error(&layout_cmd, "--keep is given at most %d times", MAX_KEEPS);
			keeps[nkeeps++] = v;
			break;
		default: /* SKL_APP_ARG */
			if (npos == 3)
				return skl_app_usage_error(&layout_cmd, "too many arguments");
			pos[npos++] = v;
			break;
		}
	}
	if (check && !nkeeps)
		return skl_app_usage_error(&layout_cmd, "--check needs at least one --keep NAME=M1,M2@LINE");
	if (nkeeps && !check)
		return skl_app_usage_error(&layout_cmd, "--keep goes with --check");
	if (!diff && (so[0].profile || so[1].profile || so[0].arch || so[1].arch || so[0].config || so[1].config))
		return skl_app_usage_error(&layout_cmd, "--a-* and --b-* options go with --diff");
	if (json && (pc.png || pc.svg || pc.window))
		return skl_app_usage_error(&layout_cmd, "--json is text: draw with --png, --svg or --window instead");
	if ((pc.present || pc.width || pc.nhighlight) && !(pc.png || pc.svg || pc.window))
		return skl_app_usage_error(&layout_cmd,
					   "--size, --present and --highlight go with --png, --svg or --window");
	if (pc.png && strcmp(skl_render_format(pc.png, NULL), "png"))
		return skl_app_usage_error(&layout_cmd, "--png takes a .png file, not '%s'", pc.png);
	if (pc.svg && strcmp(skl_render_format(pc.svg, NULL), "svg"))
		return skl_app_usage_error(&layout_cmd, "--svg takes a .svg file, not '%s'", pc.svg);
	for (i = 0; i < 2; i++) {
		if (!so[i].profile && !so[i].arch) {
			so[i].profile = common.profile;
			so[i].arch = common.arch;
		}
		if (!so[i].config) {
			so[i].config = common.config;
		} else if (so[i].config[0] == '+' && common.config) {
			/* --b-config +A adds to --config (which may add to the profile's) */
			snprintf(cfgbuf[i], sizeof(cfgbuf[i]), "%s,%s", common.config, so[i].config + 1);
			so[i].config = cfgbuf[i];
		}
		so[i].cacheline = common.cacheline;
	}

	if (diff) {
		const char *sides[4];
		int n = 0;
		if (btf)
			return skl_app_usage_error(&layout_cmd,
						   "with --diff, name a BTF side btf:NAME or btf:FILE:NAME");
		if (hex || conds)
			return skl_app_usage_error(&layout_cmd, "--hex and --conds do not go with --diff");
		for (i = 0; i <= npos; i++) {
			if (cfile && cpos == i) {
				if (!strchr(cfile, ':'))
					return skl_app_usage_error(
					    &layout_cmd, "with --diff, --c takes FILE.h:NAME, not '%s'", cfile);
				sides[n++] = cfile;
			}
			if (i < npos)
				sides[n++] = pos[i];
		}
		if (n != 2)
			return skl_app_usage_error(&layout_cmd, "--diff compares two structs: A B, not %d", n);
		for (i = 0; i < 2; i++)
			if (parse_spec(sides[i], &sp[i]) < 0)
				return 2;
	} else {
		if (npos == 0)
			return skl_app_usage_error(&layout_cmd,
						   "which struct? (e.g. 'sklab layout linux-2.4.16/sock')");
		if (npos > (btf ? 2 : 1))
			return skl_app_usage_error(&layout_cmd, "too many arguments");
		if (btf && cfile)
			return skl_app_usage_error(&layout_cmd, "--btf and --c cannot be used together");
		if (!btf && !cfile && (strchr(pos[0], ':') || !strncmp(pos[0], "btf:", 4))) {
			/* a side as --diff takes it: FILE.h:NAME, btf:NAME, btf:FILE:NAME */
			if (parse_spec(pos[0], &sp[0]) < 0)
				return 2;
			goto load;
		}
		memset(&sp[0], 0, sizeof(sp[0]));
		sp[0].text = pos[npos - 1];
		snprintf(sp[0].name, sizeof(sp[0].name), "%s", pos[npos - 1]);
		if (btf) {
			sp[0].kind = SPEC_BTF;
			sp[0].file = npos == 2 ? pos[0] : NULL;
		} else if (cfile) {
			sp[0].kind = SPEC_C;
			sp[0].file = cfile;
		} else {
			sp[0].kind = SPEC_SET;
		}
	}

load:
	for (i = 0; i < (diff ? 2 : 1); i++)
		if ((rc = load_side(&sp[i], &so[i], &sd[i])) != 0)
			goto out;
	rc = 1;
	if (diff && !strcmp(sd[0].label, sd[1].label)) {
		/* the same struct twice (with other options): say which is which */
		for (i = 0; i < 2; i++) {
			size_t n = strlen(sd[i].label);
			snprintf(sd[i].label + n, sizeof(sd[i].label) - n, " (%c)", 'a' + i);
		}
	}

	if (diff) {
		skl_error err;
		skl_ldiff *d = skl_ldiff_new(sd[0].l, sd[1].l, &err);
		if (!d) {
			rc = skl_app_fail("layout", &err);
			goto out;
		}
		if (pc.png || pc.svg || pc.window) {
			snprintf(pc.title, sizeof(pc.title), "sklab layout --diff: %s (left) and %s (right)",
				 sd[0].label, sd[1].label);
			if (diff_links(&pc, d) < 0 || draw_picture(&pc, sd[0].l, sd[1].l, &err) < 0) {
				if (!err.msg[0])
					skl_errorf(&err, "out of memory");
				skl_ldiff_free(d);
				rc = skl_app_fail("layout", &err);
				goto out;
			}
		} else {
			skl_sink out = skl_file_sink(stdout);
			if (json)
				skl_ldiff_write_json(d, sd[0].label, sd[1].label, &out);
			else
				skl_ldiff_write_text(d, sd[0].label, sd[1].label, &out);
			if (check)
				skl_sink_puts(&out, json ? "" : "\n");
		}
		skl_ldiff_free(d);
	} else if (pc.png || pc.svg || pc.window) {
		skl_error err;
		skl_error_clear(&err);
		picture_text(&pc, sd[0].l, sd[0].source);
		if (draw_picture(&pc, sd[0].l, NULL, &err) < 0) {
			rc = skl_app_fail("layout", &err);
			goto out;
		}
	} else if (!check) {
		skl_sink out = skl_file_sink(stdout);
		if (json) {
			skl_layout_write_json(sd[0].l, &out);
		} else {
			skl_pahole_opts o;
			memset(&o, 0, sizeof(o));
			o.hex = hex;
			o.show_conds = conds;
			skl_pahole_write(sd[0].l, &out, &o);
		}
	}
	if (check) {
		/* the checks' lines on stdout, or beside JSON on stderr */
		skl_sink out = skl_file_sink(json ? stderr : stdout);
		fflush(stdout);
		rc = run_checks(sd[diff ? 1 : 0].l, keeps, nkeeps, &out);
		goto out;
	}
	rc = 0;
out:
	for (i = 0; i < 2; i++)
		side_free(&sd[i]);
	return rc;
}
