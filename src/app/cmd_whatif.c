/*
 * cmd_whatif.c - `sklab whatif`: a struct from sklab's layout data, a list
 * of edits (add, remove, move, resize, retype members), and what they do:
 * size, holes, cache lines, the lines named access paths touch, and the
 * slab cache's geometry, before and after; then the new layout's pahole
 * text or a diff of the two.
 */
#define _POSIX_C_SOURCE 200809L
#include "app.h"

#include "sklab/runtime.h"
#include "sklab/whatif.h"

#include <errno.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EDITS 256
#define MAX_PATHS 32

static int parse_num(const char *s, unsigned long long max, unsigned long long *out)
{
	char *end;
	unsigned long long v;
	if (!s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

enum {
	O_PROFILE = 256,
	O_CONFIG,
	O_CACHELINE,
	O_CPUS,
	O_ALIGN,
	O_OBJECTS,
	O_CACHE,
	O_PATH,
	O_HWCACHE,
	O_RCU,
	O_CTOR,
	O_DEBUG,
	O_DIFF,
	O_TABLE,
	O_JSON,
	O_REORG,
	O_C,
	O_ARCH,
	O_BTF
};

static const skl_app_opt options[] = {
    {"profile", O_PROFILE, SKL_APP_VALUE, "P", "the kernel profile (default: the first that uses SET)", NULL},
    {"config", O_CONFIG, SKL_APP_VALUE, "A,B", "replace the profile's config options;\n--config +A,B adds to them",
     NULL},
    {"cacheline", O_CACHELINE, SKL_APP_VALUE, "N", "the cache-line size, a power of two from 8 to 4096", NULL},
    {"cpus", O_CPUS, SKL_APP_VALUE, "N", "CPUs, for SLUB's objects per slab", NULL},
    {"path", O_PATH, SKL_APP_VALUE, "NAME=m1,m2", "an access path: the cache lines its members\ntouch (repeatable)",
     NULL},
    {"hwcache", O_HWCACHE, SKL_APP_NONE, NULL, "SLAB_HWCACHE_ALIGN", NULL},
    {"align", O_ALIGN, SKL_APP_VALUE, "N", "the cache's alignment", NULL},
    {"ctor", O_CTOR, SKL_APP_NONE, NULL, "a constructor", NULL},
    {"rcu", O_RCU, SKL_APP_NONE, NULL, "SLAB_TYPESAFE_BY_RCU (SLUB)", NULL},
    {"debug", O_DEBUG, SKL_APP_NONE, NULL, "CONFIG_DEBUG_SLAB (2.4) or slab_debug=FZPU (SLUB)", NULL},
    {"cache", O_CACHE, SKL_APP_VALUE, "NAME", "the cache's name (default: the struct's tag)", NULL},
    {"objects", O_OBJECTS, SKL_APP_VALUE, "N", "objects for the memory figure (default 10000)", NULL},
    {"diff", O_DIFF, SKL_APP_NONE, NULL, "end with a unified diff of the two layouts", NULL},
    {"table", O_TABLE, SKL_APP_NONE, NULL, "end with the comparison table only", NULL},
    {"json", O_JSON, SKL_APP_NONE, NULL, "one JSON object instead of the text", NULL},
    {"reorganize", O_REORG, SKL_APP_NONE, NULL,
     "pack the holes as pahole --reorganize does (never\nlarger); with --path, keep each path together", NULL},
    {"c", O_C, SKL_APP_VALUE, "FILE.h", "read STRUCT from a C header (as sklab layout --c)", NULL},
    {"arch", O_ARCH, SKL_APP_VALUE, "i386|x86_64", "lay out for this ABI (with --c or --btf)", NULL},
    {"btf", O_BTF, SKL_APP_NONE, NULL, "read STRUCT from the running kernel's BTF, or from\nFILE: --btf [FILE] STRUCT",
     NULL},
    {0},
};

static const skl_app_cmd whatif_cmd = {
    .name = "whatif",
    .about = "Lays out STRUCT before and after the edits (same ABI, cache line and config) and\n"
	     "compares size, holes, padding, cache lines, the lines each access path touches,\n"
	     "and the slab cache (object size, objects and pages per slab, memory for N objects).\n"
	     "Then prints the new layout as pahole does (--diff: a unified diff of the two;\n"
	     "--table: nothing more).\n"
	     "\n"
	     "Each EDIT is one argument (quote it):\n"
	     "  'add DECL [after M | before M | at start | at end]'   e.g. \"add struct ip_opt *opt after prot\"\n"
	     "  'remove M'\n"
	     "  'move M after A' | 'move M before A' | 'move M to start' | 'move M to end'\n"
	     "  'resize M N'      an array member's new length;  'resize M :N'  a bitfield's width\n"
	     "  'retype M TYPE'   a new type in place ('resize M TYPE' does the same)\n"
	     "M and A are member names or dotted paths (tp_pinfo.af_tcp).",
    .opts = options,
    .more = "Example:\n"
	    "  sklab whatif --hwcache --path lookup=daddr,rcv_saddr,dport,num,bound_dev_if,next \\\n"
	    "      linux-2.4.16/sock 'remove tp_pinfo' 'move next to end'\n"
	    "  sklab whatif --reorganize --path lookup=daddr,rcv_saddr,dport,num linux-2.4.16/sock\n"
	    "  sklab whatif --reorganize --c gen.h --arch i386 my_struct",
};

int skl_cmd_whatif(int argc, char **argv)
{
	const char *profile_name = NULL, *cfg_opt = NULL, *cache_name = NULL, *name = NULL;
	const char *cfile = NULL, *arch = NULL, *btf_file = NULL;
	int btf = 0;
	const char *paths[MAX_PATHS];
	const char *edit_text[MAX_EDITS];
	skl_edit *edits = NULL;
	int npaths = 0, nedits = 0, json = 0, i, key, rc = 1;
	skl_whatif_show show = SKL_WHATIF_SHOW_AFTER;
	skl_whatif_opts o;
	skl_profile prof;
	skl_error err;
	skl_typedb *db = NULL;
	skl_whatif *w = NULL;
	skl_type *t;
	char set[256], config[2048], label[320];
	const char *data = skl_app_data_dir();
	unsigned long long v;
	skl_app_args g;

	memset(&o, 0, sizeof(o));
	skl_error_clear(&err);
	skl_app_args_init(&g, &whatif_cmd, argc, argv);
	while ((key = skl_app_getopt(&g)) != SKL_APP_END) {
		const char *a = g.arg;
		switch (key) {
		case SKL_APP_BAD:
			return 2;
		case 'h':
			skl_app_usage(stdout, &whatif_cmd);
			return 0;
		case O_PROFILE:
			profile_name = a;
			break;
		case O_CONFIG:
			cfg_opt = a;
			break;
		case O_CACHELINE:
			if (parse_num(a, 4096, &v) < 0 || v < 8 || (v & (v - 1)))
				return skl_app_usage_error(
				    &whatif_cmd, "--cacheline takes a power of two from 8 to 4096, not '%s'", a);
			o.cacheline = (unsigned)v;
			break;
		case O_CPUS:
			if (parse_num(a, 256, &v) < 0 || !v)
				return skl_app_usage_error(&whatif_cmd, "--cpus takes a number from 1 to 256, not '%s'",
							   a);
			o.cpus = (unsigned)v;
			break;
		case O_ALIGN:
			if (parse_num(a, 1u << 20, &v) < 0 || (v & (v - 1)))
				return skl_app_usage_error(&whatif_cmd, "--align takes a power of two, not '%s'", a);
			o.cache.align = (unsigned)v;
			break;
		case O_OBJECTS:
			if (parse_num(a, 1000000000ull, &v) < 0 || !v)
				return skl_app_usage_error(
				    &whatif_cmd, "--objects takes a number from 1 to 1000000000, not '%s'", a);
			o.objects = v;
			break;
		case O_CACHE:
			if (!*a || strlen(a) > 31)
				return skl_app_usage_error(
				    &whatif_cmd, "--cache takes a cache name of 1 to 31 characters, not '%s'", a);
			cache_name = a;
			break;
		case O_PATH:
			if (npaths == MAX_PATHS)
				return skl_app_usage_error(&whatif_cmd, "more than %d --path options", MAX_PATHS);
			paths[npaths++] = a;
			break;
		case O_HWCACHE:
			o.cache.flags |= SKL_SLAB_HWCACHE_ALIGN;
			break;
		case O_RCU:
			o.cache.flags |= SKL_SLAB_TYPESAFE_BY_RCU;
			break;
		case O_CTOR:
			o.cache.ctor = 1;
			break;
		case O_DEBUG:
			o.debug = 1;
			break;
		case O_DIFF:
			show = SKL_WHATIF_SHOW_DIFF;
			break;
		case O_TABLE:
			show = SKL_WHATIF_SHOW_TABLE;
			break;
		case O_JSON:
			json = 1;
			break;
		case O_REORG:
			o.reorganize = 1;
			break;
		case O_C:
			cfile = a;
			break;
		case O_ARCH:
			arch = a;
			break;
		case O_BTF:
			btf = 1;
			break;
		default: /* SKL_APP_ARG: the struct, then the edits */
			if (!name)
				name = a;
			else if (nedits == MAX_EDITS)
				return skl_app_usage_error(&whatif_cmd, "more than %d edits", MAX_EDITS);
			else
				edit_text[nedits++] = a;
			break;
		}
	}
	if (!name)
		return skl_app_usage_error(&whatif_cmd,
					   "which struct? (e.g. sklab whatif linux-2.4.16/sock 'remove tp_pinfo')");
	if (btf && cfile)
		return skl_app_usage_error(&whatif_cmd, "--btf and --c cannot be used together");
	if (arch && !btf && !cfile)
		return skl_app_usage_error(&whatif_cmd,
					   "--arch goes with --c or --btf (a layout set has its profile's ABI)");
	if (arch && profile_name)
		return skl_app_usage_error(&whatif_cmd, "give --profile or --arch, not both");
	if (arch && !skl_abi_find(arch))
		return skl_app_usage_error(&whatif_cmd, "unknown arch '%s' (i386 or x86_64)", arch);
	if (btf && nedits && access(name, R_OK) == 0) {
		/* --btf FILE STRUCT [EDIT...] */
		btf_file = name;
		name = edit_text[0];
		memmove(edit_text, edit_text + 1, (size_t)(nedits - 1) * sizeof(edit_text[0]));
		nedits--;
	}
	if (o.reorganize && nedits)
		return skl_app_usage_error(&whatif_cmd, "--reorganize makes its own moves: give it no edits (got '%s')",
					   edit_text[0]);

	/* the edits first: a typo is reported before anything is loaded */
	if (nedits) {
		edits = calloc((size_t)nedits, sizeof(*edits));
		if (!edits) {
			skl_errorf(&err, "out of memory");
			goto out_err;
		}
	}
	for (i = 0; i < nedits; i++) {
		if (skl_edit_parse(edit_text[i], &edits[i], &err) < 0) {
			free(edits);
			if (!strncmp(err.msg, "edit '", 6))
				fprintf(stderr, "sklab whatif: edit %d %s\n", i + 1, err.msg + 5);
			else
				fprintf(stderr, "sklab whatif: edit %d: %s\n", i + 1, err.msg);
			return 2;
		}
	}

	/* the profile and the struct */
	if (profile_name && skl_data_load_profile(data, profile_name, &prof, &err) < 0)
		goto out_err;
	if (btf || cfile) {
		/* a C header or BTF: the profile (default: the first of the ABI) gives the slab cache */
		const skl_abi *abi = arch ? skl_abi_find(arch) : profile_name ? prof.abi : skl_abi_find("x86_64");
		if (!profile_name &&
		    skl_data_load_profile(data, !strcmp(abi->name, "i386") ? "linux-2.4.16-i386" : "linux-6.18-x86_64",
					  &prof, &err) < 0)
			goto out_err;
		prof.abi = abi;
		db = skl_typedb_new();
		if (!db) {
			skl_errorf(&err, "out of memory");
			goto out_err;
		}
		if (skl_app_load_struct(db, btf, btf ? btf_file : cfile, name, &t, &err) < 0)
			goto out_err;
		snprintf(config, sizeof(config), "%s", cfg_opt ? (cfg_opt[0] == '+' ? cfg_opt + 1 : cfg_opt) : "");
		{
			const char *src = btf ? (btf_file ? btf_file : "btf") : cfile, *base = strrchr(src, '/');
			snprintf(label, sizeof(label), "%s:%s", base ? base + 1 : src, name);
		}
		goto loaded;
	}
	{
		const char *slash = strchr(name, '/');
		if (slash) {
			snprintf(set, sizeof(set), "%.*s", (int)(slash - name), name);
			name = slash + 1;
		} else if (profile_name) {
			snprintf(set, sizeof(set), "%s", prof.layouts);
		} else {
			free(edits);
			fprintf(stderr,
				"sklab whatif: name the layout set, e.g. 'linux-2.4.16/%s', or give --profile\n", name);
			return 2;
		}
	}
	if (!profile_name && skl_app_profile_for_set(data, set, &prof, &err) < 0)
		goto out_err;
	if ((o.cache.flags & SKL_SLAB_TYPESAFE_BY_RCU) && prof.allocator != SKL_ALLOC_SLUB) {
		free(edits);
		fprintf(stderr, "sklab whatif: --rcu is a SLUB flag; %s uses the 2.4 SLAB\n", prof.name);
		return 2;
	}
	db = skl_typedb_new();
	if (!db) {
		skl_errorf(&err, "out of memory");
		goto out_err;
	}
	if (skl_data_load_layouts(data, set, db, &err) < 0)
		goto out_err;
	t = skl_typedb_find(db, name);
	if (!t) {
		skl_errorf(&err, "no struct '%s' in the layout set %s", name, set);
		goto out_err;
	}
	if (!cfg_opt)
		snprintf(config, sizeof(config), "%s", prof.config);
	else if (cfg_opt[0] == '+')
		snprintf(config, sizeof(config), "%s%s%s", prof.config, prof.config[0] ? "," : "", cfg_opt + 1);
	else
		snprintf(config, sizeof(config), "%s", cfg_opt);
	snprintf(label, sizeof(label), "the layout set %s", set);
	skl_app_config_warn("whatif", db, cfg_opt, label);
	snprintf(label, sizeof(label), "%s/%s", set, name);
loaded:

	o.profile = &prof;
	o.config = config;
	o.cache_name = cache_name;
	o.edits = edits;
	o.nedits = nedits;
	o.paths = paths;
	o.npaths = npaths;
	o.label = label;
	w = skl_whatif_run(db, t, &o, &err);
	if (!w)
		goto out_err;
	{
		skl_sink out = skl_file_sink(stdout);
		if (json)
			skl_whatif_write_json(w, &out);
		else
			skl_whatif_write_text(w, &out, show);
	}
	rc = 0;
	goto out;
out_err:
	rc = skl_app_fail("whatif", &err);
out:
	skl_whatif_free(w);
	skl_typedb_free(db);
	free(edits);
	return rc;
}
