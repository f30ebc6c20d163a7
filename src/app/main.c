/*
 * main.c - the sklab command line: one table of commands, from which come
 * the dispatch, the command list of `sklab --help`, the synopsis that each
 * command's own --help begins with, and the command headings of the
 * manual page (`sklab help --man` prints them; tests/app/install fails
 * when docs/sklab.1 differs). Errors are one line on stderr, and every
 * mistake exits non-zero.
 */
#include "app.h"

#include "sklab/runtime.h"

#include <stdio.h>
#include <string.h>

/* One line of `sklab --help`: a form of a command, and what it does. */
typedef struct help_form {
	const char *usage; /* its words; further lines go under its first '[' */
	const char *what;  /* one or more lines, in the second column */
} help_form;

typedef struct command {
	const char *name; /* NULL: the program without a command */
	int (*run)(int argc, char **argv);
	/* Its forms, one a line, each after "sklab NAME ": the first is the
	 * heading of its section in sklab(1); all begin its usage. */
	const char *synopsis;
	help_form help[5]; /* its lines in sklab --help */
} command;

static const command commands[] = {
    {NULL,
     skl_cmd_default,
     NULL,
     {{"(none)", "open the scenario picker in a window; with no\ndisplay, run the default demo headless"}}},
    {"run",
     skl_cmd_run,
     "[OPTIONS] FILE.lua",
     {{"run FILE.lua [--headless] [--frames DIR] [--format png|svg]\n"
       "[--size WxH] [--report FILE] [--step N] [--present] [--no-anim]\n"
       "[--timeout S] [--max-heap MIB] [--max-instructions N] [--max-ram MIB]\n"
       "[--max-events N] [--max-frames N] [--max-output MIB] [--max-memory MIB]",
       "run a scenario (window, or headless frames);\n--present: full screen for a class"}}},
    {"export",
     skl_cmd_export,
     "--html FILE [OPTIONS] SCENARIO.lua",
     {{"export --html FILE [--size WxH] [--title T] FILE.lua",
       "one self-contained HTML handout: every step's\npicture and caption, stepped with the arrow keys"}}},
    {"layout",
     skl_cmd_layout,
     "[OPTIONS] SET/NAME\n--c FILE.h [OPTIONS] NAME\n--btf [FILE] NAME\n--diff [OPTIONS] A B\n--check --keep "
     "NAME=M1,M2@LINE... SPEC",
     {{"layout [--profile P | --arch i386|x86_64] [--cacheline N]\n"
       "[--config A,B,...] [--json] [--hex] [--conds] SET/NAME",
       "a struct from sklab's layout data, pahole-style"},
      {"layout --c FILE.h [--arch A] [--cacheline N] [--config ...] NAME", "a struct from a C header"},
      {"layout --btf [FILE] NAME", "a struct from the running kernel's BTF (or FILE)"},
      {"layout --diff [--a-config A,B] [--b-profile P] ... A B",
       "two structs compared: members added, removed, moved,\nresized; pahole text diffed (docs/layout.md)"},
      {"layout --check --keep NAME=M1,M2@LINE [--diff A] B", "exit 1 when a group of members leaves its cache line"}}},
    {"slabinfo",
     skl_cmd_slabinfo,
     "[OPTIONS] --size N\n--live [--cpus N] [--json]\n--file SAVED [--profile P] [--png F | --svg F] [--json]",
     {{"slabinfo [--profile P] [--cpus N] --size N [--align N] [--hwcache] [--rcu]\n"
       "[--ctor] [--freeptr-offset N] [--debug F,P,Z,U] [--json]",
       "one cache's geometry: sysfs attributes and slabinfo line"},
      {"slabinfo --live", "the SLUB model against this machine's caches"},
      {"slabinfo --file SAVED [--profile P] [--png F|--svg F]",
       "a saved /proc/slabinfo or slabtop dump: its caches,\nchecked against a profile's model, drawn"}}},
    {"top",
     skl_cmd_top,
     "[--once] [--json] [--interval S] [--sort KEY] [--count N] [--png F | --svg F] [--window]",
     {{"top [--once] [--json] [--interval S] [--sort memory|objects|slabs|name]\n"
       "[--count N] [--png F | --svg F] [--window]",
       "this host's slab caches over time, slabtop-like,\nwith the model's geometry and agreement"}}},
    {"cachesim",
     skl_cmd_cachesim,
     "[OPTIONS] TRACE",
     {{"cachesim [--I1 S,A,L] [--D1 S,A,L] [--LL S,A,L] [--policy P] [--profile P] TRACE",
       "a Valgrind Lackey or DineroIV trace through the cache\nmodel; Cachegrind-style summary"}}},
    {"bench",
     skl_cmd_bench,
     "[OPTIONS] [WORKLOAD...]\n--self [--json] [--quick] [NAME...]",
     {{"bench [--json] [--quick] [--chart FILE.png] [WORKLOAD...]",
       "host timing of lat_connect, hash_lookup, skb_put_inline\n"
       "with the cache model's estimate beside each figure"}}},
    {"whatif",
     skl_cmd_whatif,
     "[OPTIONS] SET/STRUCT EDIT...",
     {{"whatif [--profile P] [--hwcache] [--path NAME=m1,m2]... [--diff] [--json]\n"
       "SET/STRUCT EDIT...",
       "a layout patch before it is sent: size, holes, cache\n"
       "lines, access paths and slab cache, before and after"}}},
    {"list", skl_cmd_list, "", {{"list", "bundled scenarios with title and learning goal"}}},
    {"profiles", skl_cmd_profiles, "", {{"profiles", "kernel profiles"}}},
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

#define HELP_COLUMN 31 /* where what a command does begins */

static const command *find(const char *name)
{
	size_t i;
	for (i = 0; i < NCOMMANDS; i++)
		if (commands[i].name && !strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

const char *skl_app_synopsis(const char *name)
{
	const command *c = find(name);
	return c ? c->synopsis : NULL;
}

/* One form: its usage lines (continued under its first '['), then what it
 * does from HELP_COLUMN, beside the last usage line when that leaves room. */
static void help_line(FILE *fp, const help_form *f)
{
	const char *s = f->usage, *w = f->what;
	size_t first = strcspn(s, "\n"), bracket = strcspn(s, "[");
	int cont = 2 + (int)(bracket < first ? bracket : 0), indent = 2, col;
	for (;;) {
		size_t n = strcspn(s, "\n");
		fprintf(fp, "%*s%.*s", indent, "", (int)n, s);
		col = indent + (int)n;
		if (!s[n])
			break;
		fputc('\n', fp);
		s += n + 1;
		indent = cont;
	}
	if (col > HELP_COLUMN - 2) {
		fputc('\n', fp);
		col = 0;
	}
	for (;;) {
		size_t n = strcspn(w, "\n");
		fprintf(fp, "%*s%.*s\n", HELP_COLUMN - col, "", (int)n, w);
		if (!w[n])
			break;
		w += n + 1;
		col = 0;
	}
}

static void usage(FILE *fp)
{
	size_t i, j;
	fputs("usage: sklab [COMMAND] [OPTIONS]\n"
	      "\n"
	      "A socket memory lab: struct layouts, slab caches and sk_buffs of Linux,\n"
	      "modelled, drawn and explained.\n"
	      "\n"
	      "Commands:\n",
	      fp);
	for (i = 0; i < NCOMMANDS; i++)
		for (j = 0; j < sizeof(commands[i].help) / sizeof(commands[i].help[0]) && commands[i].help[j].usage;
		     j++)
			help_line(fp, &commands[i].help[j]);
	fputs("\n"
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

/* `sklab help --man`: the command headings of the manual page's COMMANDS
 * section, as docs/sklab.1 must have them (roff: '-' is "\-"). */
static void man_commands(FILE *fp)
{
	size_t i;
	for (i = 0; i < NCOMMANDS; i++) {
		const char *s;
		size_t n;
		if (!commands[i].name)
			continue;
		s = commands[i].synopsis;
		n = strcspn(s, "\n");
		fprintf(fp, ".SS \"sklab %s%s", commands[i].name, n ? " " : "");
		for (; n; s++, n--) {
			if (*s == '-')
				fputc('\\', fp);
			fputc(*s, fp);
		}
		fputs("\"\n", fp);
	}
}

int main(int argc, char **argv)
{
	const char *name;
	const command *c;
	/* the runtime's fixed budgets (data files, headers) time themselves with the app's clock */
	skl_lua_set_clock(skl_app_clock_ns);
	if (argc < 2)
		return commands[0].run(argc, argv);
	name = argv[1];
	if (!strcmp(name, "-h") || !strcmp(name, "--help") || !strcmp(name, "help")) {
		if (!strcmp(name, "help") && argc > 2 && !strcmp(argv[2], "--man"))
			man_commands(stdout);
		else
			usage(stdout);
		return 0;
	}
	if (!strcmp(name, "-V") || !strcmp(name, "--version") || !strcmp(name, "version")) {
		printf("sklab %s\n", SKL_VERSION);
		return 0;
	}
	c = find(name);
	if (c)
		return c->run(argc - 1, argv + 1);
	fprintf(stderr, "sklab: unknown command '%s' (try 'sklab --help')\n", name);
	return 2;
}
