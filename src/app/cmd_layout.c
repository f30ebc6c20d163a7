/*
 * cmd_layout.c - `sklab layout`: one struct's layout as pahole text or
 * JSON, from sklab's layout data, a C header, or BTF.
 */
#define _POSIX_C_SOURCE 200809L
#include "app.h"

#include "sklab/runtime.h"
#include "sklab/btf.h"
#include "sklab/cparse.h"
#include "sklab/pahole.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_file(const char *path, skl_error *err)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;
	if (!fp) {
		skl_errorf(err, "cannot open '%s'", path);
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
	return buf;
}

/* The first profile (by name) whose layout set is set; 0 or -1. */
static int profile_for_set(const char *data, const char *set, skl_profile *out, skl_error *err)
{
	char names[64][64];
	int n = skl_data_list_profiles(data, names, 64), i;
	for (i = 0; i < n; i++) {
		skl_profile p;
		if (skl_data_load_profile(data, names[i], &p, err) == 0 && !strcmp(p.layouts, set)) {
			*out = p;
			return 0;
		}
	}
	return skl_errorf(err, "no kernel profile uses the layout set '%s' (see 'sklab profiles')", set);
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

int skl_cmd_layout(int argc, char **argv)
{
	const char *profile_name = NULL, *arch = NULL, *cfg_opt = NULL, *cfile = NULL;
	const char *pos[3];
	int npos = 0, json = 0, hex = 0, conds = 0, btf = 0, i, missing, rc = 1;
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

	skl_error_clear(&err);
	memset(&prof, 0, sizeof(prof));
	for (i = 1; i < argc; i++) {
		const char *v;
		missing = 0;
		if ((v = skl_app_optarg(argc, argv, &i, "--profile", &missing)))
			profile_name = v;
		else if ((v = skl_app_optarg(argc, argv, &i, "--arch", &missing)))
			arch = v;
		else if ((v = skl_app_optarg(argc, argv, &i, "--config", &missing)))
			cfg_opt = v;
		else if ((v = skl_app_optarg(argc, argv, &i, "--cacheline", &missing))) {
			char *end;
			long n = strtol(v, &end, 10);
			if (*end || n < 8 || n > 4096 || (n & (n - 1))) {
				fprintf(stderr, "sklab layout: --cacheline takes a power of two from 8 to 4096, not '%s'\n", v);
				return 2;
			}
			cacheline = (unsigned)n;
		} else if ((v = skl_app_optarg(argc, argv, &i, "--c", &missing)))
			cfile = v;
		else if (missing) {
			fprintf(stderr, "sklab layout: %s needs a value\n", argv[i]);
			return 2;
		} else if (!strcmp(argv[i], "--btf"))
			btf = 1;
		else if (!strcmp(argv[i], "--json"))
			json = 1;
		else if (!strcmp(argv[i], "--hex"))
			hex = 1;
		else if (!strcmp(argv[i], "--conds"))
			conds = 1;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			puts("usage: sklab layout [--profile P | --arch i386|x86_64] [--cacheline N]\n"
			     "                    [--config A,B | --config +A,B] [--json] [--hex] [--conds] SET/NAME\n"
			     "       sklab layout --c FILE.h [--arch A] [--cacheline N] [--config A,B] NAME\n"
			     "       sklab layout --btf [FILE] NAME\n"
			     "\n"
			     "--config A,B replaces the profile's options; --config +A,B adds to them.\n"
			     "--conds appends each conditional member's CONFIG_ condition.");
			return 0;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "sklab layout: unknown option '%s' (try 'sklab layout --help')\n", argv[i]);
			return 2;
		} else if (npos < 3) {
			pos[npos++] = argv[i];
		} else {
			fprintf(stderr, "sklab layout: too many arguments\n");
			return 2;
		}
	}
	if (npos == 0) {
		fprintf(stderr, "sklab layout: which struct? (e.g. 'sklab layout linux-2.4.16/sock')\n");
		return 2;
	}
	if (npos > (btf ? 2 : 1)) {
		fprintf(stderr, "sklab layout: too many arguments\n");
		return 2;
	}
	if (btf && cfile) {
		fprintf(stderr, "sklab layout: --btf and --c cannot be used together\n");
		return 2;
	}
	if (profile_name && arch) {
		fprintf(stderr, "sklab layout: give --profile or --arch, not both\n");
		return 2;
	}
	name = pos[npos - 1];

	if (profile_name) {
		if (skl_data_load_profile(data, profile_name, &prof, &err) < 0)
			return skl_app_fail("layout", &err);
		have_prof = 1;
	}
	if (arch) {
		abi = skl_abi_find(arch);
		if (!abi) {
			fprintf(stderr, "sklab layout: unknown arch '%s' (i386 or x86_64)\n", arch);
			return 2;
		}
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
	} else {
		char set[256];
		const char *slash = strchr(name, '/');
		if (slash) {
			snprintf(set, sizeof(set), "%.*s", (int)(slash - name), name);
			name = slash + 1;
		} else if (have_prof) {
			snprintf(set, sizeof(set), "%s", prof.layouts);
		} else {
			fprintf(stderr, "sklab layout: name the layout set, e.g. 'linux-2.4.16/%s', or give --profile\n",
				name);
			rc = 2;
			goto out;
		}
		if (!have_prof) {
			if (profile_for_set(data, set, &prof, &err) < 0)
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
	}
	if (!cacheline)
		cacheline = have_prof ? prof.cacheline : 64;

	l = skl_layout_compute(t, abi, config, cacheline, &err);
	if (!l)
		goto out_err;
	{
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
