/*
 * main.c - the sklab command line: parses the subcommand and its options
 * and hands off to the cmd_* modules. Prints errors as one line on stderr
 * and exits non-zero for every mistake.
 */
#include "app.h"

#include <stdio.h>
#include <string.h>

static void usage(FILE *fp)
{
	fputs("usage: sklab [COMMAND] [OPTIONS]\n"
	      "\n"
	      "A socket memory lab: struct layouts, slab caches and sk_buffs of Linux,\n"
	      "modelled, drawn and explained.\n"
	      "\n"
	      "Commands:\n"
	      "  (none)                       open the scenario picker in a window; with no\n"
	      "                               display, run the default demo headless\n"
	      "  run FILE.lua [--headless] [--frames DIR] [--format png|svg]\n"
	      "               [--size WxH] [--report FILE] [--step N] [--present] [--no-anim]\n"
	      "               [--timeout S] [--max-heap MIB] [--max-instructions N] [--max-ram MIB]\n"
	      "               [--max-events N] [--max-frames N] [--max-output MIB]\n"
	      "                               run a scenario (window, or headless frames);\n"
	      "                               --present: full screen for a class\n"
	      "  export --html FILE [--size WxH] [--title T] FILE.lua\n"
	      "                               one self-contained HTML handout: every step's\n"
	      "                               picture and caption, stepped with the arrow keys\n"
	      "  layout [--profile P | --arch i386|x86_64] [--cacheline N]\n"
	      "         [--config A,B,...] [--json] [--hex] [--conds] SET/NAME\n"
	      "                               a struct from sklab's layout data, pahole-style\n"
	      "  layout --c FILE.h [--arch A] [--cacheline N] [--config ...] NAME\n"
	      "                               a struct from a C header\n"
	      "  layout --btf [FILE] NAME     a struct from the running kernel's BTF (or FILE)\n"
	      "  slabinfo [--profile P] [--cpus N] --size N [--align N] [--hwcache] [--rcu]\n"
	      "           [--ctor] [--freeptr-offset N] [--debug F,P,Z,U] [--json]\n"
	      "                               one cache's geometry: sysfs attributes and slabinfo line\n"
	      "  slabinfo --live              the SLUB model against this machine's caches\n"
	      "  cachesim [--I1 S,A,L] [--D1 S,A,L] [--LL S,A,L] [--policy P] [--profile P] TRACE\n"
	      "                               a Valgrind Lackey or DineroIV trace through the cache\n"
	      "                               model; Cachegrind-style summary\n"
	      "  bench [--json] [--quick] [--chart FILE.png] [WORKLOAD...]\n"
	      "                               host timing of lat_connect, hash_lookup, skb_put_inline\n"
	      "                               with the cache model's estimate beside each figure\n"
	      "  whatif [--profile P] [--hwcache] [--path NAME=m1,m2]... [--diff] [--json]\n"
	      "         SET/STRUCT EDIT...    a layout patch before it is sent: size, holes, cache\n"
	      "                               lines, access paths and slab cache, before and after\n"
	      "  list                         bundled scenarios with title and learning goal\n"
	      "  profiles                     kernel profiles\n"
	      "\n"
	      "Options:\n"
	      "  -h, --help                   this help\n"
	      "  -V, --version                print the version\n"
	      "\n"
	      "Examples:\n"
	      "  sklab layout linux-2.4.16/sock\n"
	      "  sklab layout --config CONFIG_INET,CONFIG_FILTER,CONFIG_IPV6 linux-2.4.16/sock\n"
	      "  sklab layout --btf tcp_sock\n"
	      "  sklab slabinfo --profile linux-6.18-x86_64 --size 2304 --align 64 --hwcache --rcu\n"
	      "  sklab run --headless --frames out scenarios/sock_2001_layout.lua\n"
	      "  sklab export --html sock.html scenarios/sock_2001_layout.lua\n",
	      fp);
}

int main(int argc, char **argv)
{
	const char *cmd;
	if (argc < 2)
		return skl_cmd_default(argc, argv);
	cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
		printf("sklab %s\n", SKL_VERSION);
		return 0;
	}
	if (!strcmp(cmd, "layout"))
		return skl_cmd_layout(argc - 1, argv + 1);
	if (!strcmp(cmd, "run"))
		return skl_cmd_run(argc - 1, argv + 1);
	if (!strcmp(cmd, "list"))
		return skl_cmd_list(argc - 1, argv + 1);
	if (!strcmp(cmd, "profiles"))
		return skl_cmd_profiles(argc - 1, argv + 1);
	if (!strcmp(cmd, "slabinfo"))
		return skl_cmd_slabinfo(argc - 1, argv + 1);
	if (!strcmp(cmd, "cachesim"))
		return skl_cmd_cachesim(argc - 1, argv + 1);
	if (!strcmp(cmd, "bench"))
		return skl_cmd_bench(argc - 1, argv + 1);
	if (!strcmp(cmd, "whatif"))
		return skl_cmd_whatif(argc - 1, argv + 1);
	if (!strcmp(cmd, "export"))
		return skl_cmd_export(argc - 1, argv + 1);
	fprintf(stderr, "sklab: unknown command '%s' (try 'sklab --help')\n", cmd);
	return 2;
}
