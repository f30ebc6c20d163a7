/*
 * opts.c - one command's arguments through getopt_long, and its usage
 * text, both from the command's option table (app.h: skl_app_cmd).
 *
 * getopt_long runs in order ("+"), one option element at a time, so
 * options and arguments mix as the user gives them and nothing is
 * permuted; this file takes the arguments between options itself. What
 * getopt_long would accept beyond sklab's rules is refused here: a long
 * option abbreviated ("--prof") is unknown. Messages are one line on
 * stderr, "sklab NAME: ...", and getopt_long prints none of its own.
 */
#include "app.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The option of every command, listed after its own. */
static const skl_app_opt help_opts[] = {{"help", 'h', SKL_APP_NONE, NULL, "this help", NULL}, {0}};

#define MAX_COLUMN 22 /* options wider than this put their help on the next line */

/* ---- parsing ------------------------------------------------------------------- */

static void add_table(skl_app_args *g, const skl_app_opt *t, size_t *nl, size_t *ns)
{
	static const int has_arg[] = {no_argument, required_argument, optional_argument};
	for (; t && t->name; t++) {
		struct option *o;
		if (!*t->name)
			continue;
		assert(*nl + 1 < sizeof(g->longopts) / sizeof(g->longopts[0]));
		o = &g->longopts[(*nl)++];
		o->name = t->name;
		o->has_arg = has_arg[t->arg];
		o->flag = NULL;
		o->val = t->key;
		if (t->key > ' ' && t->key < 127) {
			assert(*ns + 3 < sizeof(g->shortopts));
			g->shortopts[(*ns)++] = (char)t->key;
			if (t->arg == SKL_APP_VALUE)
				g->shortopts[(*ns)++] = ':';
		}
	}
}

void skl_app_args_init(skl_app_args *g, const skl_app_cmd *cmd, int argc, char **argv)
{
	size_t nl = 0, ns = 0;
	memset(g, 0, sizeof(*g));
	g->cmd = cmd;
	g->argc = argc;
	g->argv = argv;
	g->next = 1;
	g->shortopts[ns++] = '+'; /* in order: stop at the first argument */
	g->shortopts[ns++] = ':'; /* a missing value is ':', not '?' */
	add_table(g, cmd->opts, &nl, &ns);
	add_table(g, cmd->limits, &nl, &ns);
	add_table(g, help_opts, &nl, &ns);
	memset(&g->longopts[nl], 0, sizeof(g->longopts[nl]));
	g->shortopts[ns] = '\0';
}

int skl_app_usage_error(const skl_app_cmd *cmd, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "sklab %s: ", cmd->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 2;
}

/* The option whose key is key, in the command's tables. */
static const skl_app_opt *by_key(const skl_app_cmd *cmd, int key)
{
	const skl_app_opt *tables[3], *t;
	int i;
	tables[0] = cmd->opts;
	tables[1] = cmd->limits;
	tables[2] = help_opts;
	for (i = 0; i < 3; i++)
		for (t = tables[i]; t && t->name; t++)
			if (*t->name && t->key == key)
				return t;
	return NULL;
}

/* 1 when the element given names option o in full ("--name" or
 * "--name=..."), or is a short option; getopt_long also takes any unique
 * abbreviation of a long name. */
static int spelled_out(const char *given, const skl_app_opt *o)
{
	size_t n;
	if (given[0] != '-' || given[1] != '-')
		return 1;
	n = strcspn(given + 2, "=");
	return strlen(o->name) == n && !strncmp(given + 2, o->name, n);
}

static int unknown(const skl_app_args *g)
{
	const char *what = g->cmd->unknown ? g->cmd->unknown : "option";
	skl_app_usage_error(g->cmd, "unknown %s '%s' (try 'sklab %s --help')", what, g->given, g->cmd->name);
	return SKL_APP_BAD;
}

int skl_app_getopt(skl_app_args *g)
{
	const skl_app_opt *o;
	const char *a;
	int key, at;
	g->arg = NULL;
	g->given = NULL;
	if (g->next >= g->argc)
		return SKL_APP_END;
	a = g->argv[g->next];
	if (!g->ended && !strcmp(a, "--")) {
		g->ended = 1;
		g->next++;
		return skl_app_getopt(g);
	}
	if (g->ended || a[0] != '-' || !a[1]) {
		g->arg = g->given = a;
		g->next++;
		return SKL_APP_ARG;
	}
	at = g->next;
	opterr = 0;
	optind = g->next;
	key = getopt_long(g->argc, g->argv, g->shortopts, g->longopts, NULL);
	g->next = optind;
	g->given = g->argv[at];
	if (key == '?' || key == -1)
		return unknown(g);
	o = by_key(g->cmd, key == ':' ? optopt : key);
	if (!o || !spelled_out(g->given, o))
		return unknown(g);
	if (key == ':') {
		if (o->what)
			skl_app_usage_error(g->cmd, "%s needs a value (%s)", g->given, o->what);
		else
			skl_app_usage_error(g->cmd, "%s needs a value", g->given);
		return SKL_APP_BAD;
	}
	g->arg = optarg;
	return key;
}

/* ---- the usage ----------------------------------------------------------------- */

/* "--name VALUE", "-h, --help", "--debug[=LETTERS]" into buf. */
static size_t label(char *buf, size_t n, const skl_app_opt *o)
{
	size_t len = 0;
	if (o->key > ' ' && o->key < 127)
		len += (size_t)snprintf(buf + len, n - len, "-%c, ", o->key);
	len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "--%s", o->name);
	if (o->value && o->arg == SKL_APP_MAYBE)
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "[=%s]", o->value);
	else if (o->value)
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, " %s", o->value);
	return len < n ? len : n - 1;
}

/* The label of the options that share one help: "--I1/--D1/--LL S,A,L". */
static const skl_app_opt *group_label(const skl_app_opt *o, char *buf, size_t n)
{
	size_t len = 0;
	for (; o->help && !*o->help && o[1].name; o++)
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "--%s/", o->name);
	if (len < n)
		label(buf + len, n - len, o);
	return o;
}

static int listed(const skl_app_opt *o)
{
	return o->help && *o->name;
}

/* The widest label of t's listed options up to MAX_COLUMN, at least w. */
static size_t widest(const skl_app_opt *t, size_t w)
{
	char buf[128];
	for (; t && t->name; t++) {
		size_t n;
		if (!listed(t))
			continue;
		t = group_label(t, buf, sizeof(buf));
		n = strlen(buf);
		if (n <= MAX_COLUMN && n > w)
			w = n;
	}
	return w;
}

/* Lines of text, each indented by indent (the first by first). */
static void put_lines(FILE *fp, const char *s, int first, int indent)
{
	int pad = first;
	while (*s) {
		size_t n = strcspn(s, "\n");
		fprintf(fp, "%*s%.*s\n", pad, "", (int)n, s);
		s += n;
		if (*s)
			s++;
		pad = indent;
	}
}

static void list_options(FILE *fp, const skl_app_opt *t, int col)
{
	char buf[128];
	for (; t && t->name; t++) {
		const skl_app_opt *last;
		int n;
		if (!*t->name) { /* a heading */
			fprintf(fp, "\n%s\n", t->help);
			continue;
		}
		if (!listed(t))
			continue;
		last = group_label(t, buf, sizeof(buf));
		n = fprintf(fp, "  %s", buf);
		if (n + 2 > col) {
			fputc('\n', fp);
			n = 0;
		}
		put_lines(fp, last->help, col - n, col);
		t = last;
	}
}

void skl_app_usage(FILE *fp, const skl_app_cmd *cmd)
{
	const char *forms = cmd->forms ? cmd->forms : skl_app_synopsis(cmd->name);
	int col, first = 1;
	if (!forms)
		forms = "";
	do {
		size_t n = strcspn(forms, "\n");
		fprintf(fp, "%s sklab %s%s%.*s\n", first ? "usage:" : "      ", cmd->name, n ? " " : "", (int)n, forms);
		forms += n;
		first = 0;
	} while (*forms++);
	if (cmd->about) {
		fputc('\n', fp);
		put_lines(fp, cmd->about, 0, 0);
	}
	col = 2 + (int)widest(help_opts, widest(cmd->limits, widest(cmd->opts, 0))) + 2;
	fputs("\nOptions:\n", fp);
	list_options(fp, cmd->opts, col);
	list_options(fp, help_opts, col);
	if (cmd->limits) {
		fputs("\nLimits (a scenario is untrusted input; see docs/limits.md):\n", fp);
		list_options(fp, cmd->limits, col);
	}
	if (cmd->more) {
		fputc('\n', fp);
		put_lines(fp, cmd->more, 0, 0);
	}
}
