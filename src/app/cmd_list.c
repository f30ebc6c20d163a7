/*
 * cmd_list.c - `sklab list` (scenarios with title, goal and profile) and
 * `sklab profiles` (kernel profiles).
 */
#define _POSIX_C_SOURCE 200809L
#include "app.h"

#include "sklab/runtime.h"
#include "sklab/textsafe.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int skl_app_list_scenarios(const char *dir, char ***out)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	int n = 0, cap = 0;
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".lua") != 0 || e->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **nn;
			cap = cap ? cap * 2 : 16;
			nn = realloc(names, (size_t)cap * sizeof(*names));
			if (!nn)
				break;
			names = nn;
		}
		names[n] = malloc(strlen(dir) + len + 2);
		if (!names[n])
			break;
		sprintf(names[n], "%s/%s", dir, e->d_name);
		n++;
	}
	closedir(d);
	if (n)
		qsort(names, (size_t)n, sizeof(*names), cmp_str);
	*out = names;
	return n;
}

void skl_app_free_list(char **names, int n)
{
	int i;
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static const skl_app_opt no_options[] = {{0}};

static const skl_app_cmd list_cmd = {
    .name = "list",
    .about = "The bundled scenarios, each with its title, kernel profile and learning goal.",
    .opts = no_options,
};

static const skl_app_cmd profiles_cmd = {
    .name = "profiles",
    .about = "The kernel profiles: name, ABI, allocator, page size, cache-line size, CPUs,\n"
	     "layout set and a description.",
    .opts = no_options,
};

/* The arguments of a command that takes none: 0 to go on, else its status. */
static int no_arguments(const skl_app_cmd *cmd, int argc, char **argv)
{
	skl_app_args g;
	int key;
	skl_app_args_init(&g, cmd, argc, argv);
	while ((key = skl_app_getopt(&g)) != SKL_APP_END) {
		if (key == SKL_APP_BAD)
			return 2;
		if (key == 'h') {
			skl_app_usage(stdout, cmd);
			return -1;
		}
		return skl_app_usage_error(cmd, "takes no arguments");
	}
	return 0;
}

int skl_cmd_list(int argc, char **argv)
{
	char dir[4096];
	char **names;
	int n, i, rc = no_arguments(&list_cmd, argc, argv);
	if (rc)
		return rc < 0 ? 0 : rc;
	snprintf(dir, sizeof(dir), "%s/scenarios", skl_app_data_dir());
	n = skl_app_list_scenarios(dir, &names);
	if (n < 0) {
		fprintf(stderr, "sklab list: cannot read %s\n", dir);
		return 1;
	}
	for (i = 0; i < n; i++) {
		char title[256] = "", goal[1024] = "", profile[64] = "";
		const char *base = strrchr(names[i], '/') ? strrchr(names[i], '/') + 1 : names[i];
		skl_error err;
		skl_error_clear(&err);
		/* the header reader has a small budget of its own: a file that
		 * runs past it is listed as unreadable, with the reason */
		if (skl_data_scenario_info(names[i], title, sizeof(title), goal, sizeof(goal), profile, sizeof(profile),
					   &err) < 0) {
			char why[700];
			skl_error_format(&err, why, sizeof(why));
			printf("%s\n  (unreadable: %s)\n\n", base, why);
			continue;
		}
		skl_term_printf(stdout, "%s\n  %s\n  profile: %s\n  goal: %s\n\n", base, title,
				profile[0] ? profile : "-", goal);
	}
	skl_app_free_list(names, n);
	return 0;
}

int skl_cmd_profiles(int argc, char **argv)
{
	char names[64][64];
	const char *data = skl_app_data_dir();
	int n, i, rc = no_arguments(&profiles_cmd, argc, argv);
	if (rc)
		return rc < 0 ? 0 : rc;
	n = skl_data_list_profiles(data, names, 64);
	if (n < 0) {
		fprintf(stderr, "sklab profiles: cannot read %s/assets/profiles\n", data);
		return 1;
	}
	for (i = 0; i < n && i < 64; i++) {
		skl_profile p;
		skl_error err;
		if (skl_data_load_profile(data, names[i], &p, &err) < 0) {
			skl_app_fail(names[i], &err);
			continue;
		}
		printf("%-22s %-7s %-6s page %u, %u-byte lines, %u CPU%s, layouts %s\n  %s\n", p.name, p.abi->name,
		       skl_allocator_name(p.allocator), p.page_size, p.cacheline, p.cpus, p.cpus == 1 ? "" : "s",
		       p.layouts, p.description);
	}
	return 0;
}
