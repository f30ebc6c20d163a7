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
	O_HIGHLIGHT
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
    {"c", O_C, SKL_APP_VALUE, "FILE.h", "read the struct from a C header (docs/c-input.md)", NULL},
    {"btf", O_BTF, SKL_APP_NONE, NULL, "read it from the running kernel's BTF, or from FILE", NULL},
    {"png", O_PNG, SKL_APP_VALUE, "FILE.png", "draw it with the layout view as a PNG (no text then)", NULL},
    {"svg", O_SVG, SKL_APP_VALUE, "FILE.svg", "draw it as an SVG", NULL},
    {"window", O_WINDOW, SKL_APP_NONE, NULL, "draw it in a window (hover a member for its details)", NULL},
    {"size", O_SIZE, SKL_APP_VALUE, "WxH", "the picture's canvas, 320x200 to 8192x8192 (1600x900)", NULL},
    {"present", O_PRESENT, SKL_APP_NONE, NULL, "draw as presentation mode does (big type)", NULL},
    {"highlight", O_HIGHLIGHT, SKL_APP_VALUE, "M1,M2", "emphasise these members (or line:N) in the picture", NULL},
    {0},
};

static const skl_app_cmd layout_cmd = {
    .name = "layout",
    .about = "A struct or union as pahole prints it: each member's offset and size, holes,\n"
	     "cache-line boundaries and the footer. SET/NAME is a struct of sklab's layout\n"
	     "data (assets/layouts/SET), laid out for the profile that uses SET unless\n"
	     "--profile, --arch, --cacheline or --config say otherwise.",
    .opts = options,
};

/* The picture: the layout view (whose header gives the size, lines,
 * holes, ABI and config) and a bar under it that says where the struct
 * came from. */
typedef struct picture {
	const char *png, *svg;
	int window, width, height, present;
	const char *highlight[32];
	int nhighlight;
	char hlbuf[1024];
	char title[512];
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

/* Writes the PNG and SVG the options name and opens the window. */
static int draw_picture(picture *pc, const skl_layout *l, skl_error *err)
{
	const skl_layout *ls[1];
	char fonts[4200];
	skl_render_opts ro;
	ls[0] = l;
	memset(&pc->sc, 0, sizeof(pc->sc));
	pc->sc.layouts = ls;
	pc->sc.nlayouts = 1;
	pc->sc.title = pc->title;
	pc->sc.highlight = pc->nhighlight ? pc->highlight : NULL;
	pc->sc.nhighlight = pc->nhighlight;
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
		if (skl_window_run_build(&wo, err) < 0)
			return -1;
	}
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

int skl_cmd_layout(int argc, char **argv)
{
	const char *profile_name = NULL, *arch = NULL, *cfg_opt = NULL, *cfile = NULL;
	const char *pos[3];
	int npos = 0, json = 0, hex = 0, conds = 0, btf = 0, key, rc = 1;
	unsigned cacheline = 0;
	skl_profile prof;
	int have_prof = 0;
	const skl_abi *abi = NULL;
	char config[2048];
	skl_error err;
	skl_typedb *db = NULL;
	skl_type *t = NULL;
	skl_layout *l = NULL;
	const char *data = skl_app_data_dir();
	const char *name;
	char source[320];
	skl_app_args g;
	static picture pc; /* the window's build callback reads it */

	memset(&pc, 0, sizeof(pc));
	skl_error_clear(&err);
	memset(&prof, 0, sizeof(prof));
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
			profile_name = v;
			break;
		case O_ARCH:
			arch = v;
			break;
		case O_CONFIG:
			cfg_opt = v;
			break;
		case O_CACHELINE: {
			char *end;
			long n = strtol(v, &end, 10);
			if (*end || n < 8 || n > 4096 || (n & (n - 1)))
				return skl_app_usage_error(
				    &layout_cmd, "--cacheline takes a power of two from 8 to 4096, not '%s'", v);
			cacheline = (unsigned)n;
			break;
		}
		case O_C:
			cfile = v;
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
		default: /* SKL_APP_ARG */
			if (npos == 3)
				return skl_app_usage_error(&layout_cmd, "too many arguments");
			pos[npos++] = v;
			break;
		}
	}
	if (npos == 0)
		return skl_app_usage_error(&layout_cmd, "which struct? (e.g. 'sklab layout linux-2.4.16/sock')");
	if (npos > (btf ? 2 : 1))
		return skl_app_usage_error(&layout_cmd, "too many arguments");
	if (btf && cfile)
		return skl_app_usage_error(&layout_cmd, "--btf and --c cannot be used together");
	if (profile_name && arch)
		return skl_app_usage_error(&layout_cmd, "give --profile or --arch, not both");
	if (json && (pc.png || pc.svg || pc.window))
		return skl_app_usage_error(&layout_cmd, "--json is text: draw with --png, --svg or --window instead");
	if ((pc.present || pc.width || pc.nhighlight) && !(pc.png || pc.svg || pc.window))
		return skl_app_usage_error(&layout_cmd,
					   "--size, --present and --highlight go with --png, --svg or --window");
	if (pc.png && strcmp(skl_render_format(pc.png, NULL), "png"))
		return skl_app_usage_error(&layout_cmd, "--png takes a .png file, not '%s'", pc.png);
	if (pc.svg && strcmp(skl_render_format(pc.svg, NULL), "svg"))
		return skl_app_usage_error(&layout_cmd, "--svg takes a .svg file, not '%s'", pc.svg);
	name = pos[npos - 1];

	if (profile_name) {
		if (skl_data_load_profile(data, profile_name, &prof, &err) < 0)
			return skl_app_fail("layout", &err);
		have_prof = 1;
	}
	if (arch) {
		abi = skl_abi_find(arch);
		if (!abi)
			return skl_app_usage_error(&layout_cmd, "unknown arch '%s' (i386 or x86_64)", arch);
	}

	db = skl_typedb_new();
	if (!db) {
		skl_errorf(&err, "out of memory");
		goto out_err;
	}
	if (btf) {
		const char *file = npos == 2 ? pos[0] : NULL;
		if (!abi)
			abi = have_prof ? prof.abi : skl_abi_find("x86_64");
		if (skl_btf_import(db, file, name, &t, &err) < 0)
			goto out_err;
		build_config(config, sizeof(config), have_prof ? prof.config : NULL, cfg_opt);
		skl_app_config_warn("layout", db, cfg_opt, "a built kernel's BTF (no member is conditional)");
		snprintf(source, sizeof(source), "BTF of %s", file ? file : "the running kernel");
	} else if (cfile) {
		char *text = read_file(cfile, &err);
		int r;
		if (!text)
			goto out_err;
		r = skl_cparse(db, text, cfile, &err);
		skl_free(text);
		if (r < 0)
			goto out_err;
		t = skl_typedb_find(db, name);
		if (!t) {
			skl_errorf(&err, "no struct, union or typedef named '%s' in %s", name, cfile);
			goto out_err;
		}
		if (!abi)
			abi = have_prof ? prof.abi : skl_abi_find("x86_64");
		build_config(config, sizeof(config), have_prof ? prof.config : NULL, cfg_opt);
		skl_app_config_warn("layout", db, cfg_opt, cfile);
		{
			const char *base = strrchr(cfile, '/');
			snprintf(source, sizeof(source), "%s", base ? base + 1 : cfile);
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
			rc = 2;
			goto out;
		}
		if (!have_prof) {
			if (skl_app_profile_for_set(data, set, &prof, &err) < 0)
				goto out_err;
			have_prof = 1;
		}
		if (skl_data_load_layouts(data, set, db, &err) < 0)
			goto out_err;
		t = skl_typedb_find(db, name);
		if (!t) {
			skl_errorf(&err, "no struct '%s' in the layout set %s", name, set);
			goto out_err;
		}
		if (!abi)
			abi = prof.abi;
		build_config(config, sizeof(config), prof.config, cfg_opt);
		{
			char src[300];
			snprintf(src, sizeof(src), "the layout set %s", set);
			skl_app_config_warn("layout", db, cfg_opt, src);
		}
		snprintf(source, sizeof(source), "%s", set);
	}
	if (!cacheline)
		cacheline = have_prof ? prof.cacheline : 64;

	l = skl_layout_compute(t, abi, config, cacheline, &err);
	if (!l)
		goto out_err;
	if (pc.png || pc.svg || pc.window) {
		picture_text(&pc, l, source);
		if (draw_picture(&pc, l, &err) < 0)
			goto out_err;
	} else {
		skl_sink out = skl_file_sink(stdout);
		if (json) {
			skl_layout_write_json(l, &out);
		} else {
			skl_pahole_opts o;
			memset(&o, 0, sizeof(o));
			o.hex = hex;
			o.show_conds = conds;
			skl_pahole_write(l, &out, &o);
		}
	}
	rc = 0;
	goto out;
out_err:
	rc = skl_app_fail("layout", &err);
out:
	skl_layout_free(l);
	skl_typedb_free(db);
	return rc;
}
