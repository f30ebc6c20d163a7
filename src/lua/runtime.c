/*
 * runtime.c - the scenario runtime: a fresh sandboxed lua_State per run,
 * its heap cap, instruction budget and event-log limits, and the run loop
 * that turns a scenario file into events. Never prints on its own; never
 * reads the clock; allocates through the skl_ hook.
 */
#include "lua_impl.h"

#include "sklab/budget.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MEM_RESERVE ((size_t)1 << 20) /* heap left for unwinding after the cap */
#define MAX_SOURCE ((size_t)16 << 20) /* largest scenario file read */
#define ALLOC_COST_SHIFT 6	      /* an allocation of n bytes costs n / 64 units more */
#define ALLOC_COST 16		      /* and 16 units: malloc and the collector's share, 57 ns measured */
#define HEADER_INSTR 10000000u	      /* the header reader's budget */
#define HEADER_MS 250		      /* and its time, per file */
#define DEFAULT_MAX_LAYOUTS 4096
#define STOP_WHY_MAX SKL__STOP_WHY_MAX

/* The runtime: what the libraries share (lua_impl.h's struct skl_lua
 * comes first, so a skl_lua * is also a rt_full *), then what only the run
 * loop keeps: the options it alone reads, a run's budget and what the run
 * put in the event log. */
typedef struct rt_full {
	skl_lua rt;

	/* options */
	char *scenario_dir;
	size_t heap_limit;
	uint64_t instr_limit;
	int max_events;
	int (*interrupt)(void *ud, char *why, size_t whysz);
	void *interrupt_ud;
	skl__budget b; /* one run's instructions, clock and stops (budget.c) */

	/* one run */
	lua_State *L;	    /* NULL while its sandbox is being built */
	char display[1024]; /* the scenario's name in messages */
	size_t heap_used;
	size_t mem_at;			/* heap_used then: unwinding may take MEM_RESERVE more */
	char mem_where[SKL__WHERE_MAX]; /* where the script was when the heap cap or the budget refused (b.mem_hit) */
	int events_added;
	size_t log_bytes;      /* text and layouts this run put in the log */
	size_t max_log_bytes;  /* and how much of that it may */
	skl__limits lim;       /* simulated RAM and capture output */
	skl_budget own_budget; /* the budget when the app gives none */
	skl_budget *budget;    /* the run's memory budget: the app's or own_budget */
} rt_full;

static rt_full *fullrt(skl_lua *rt)
{
	return (rt_full *)rt;
}

skl_budget *skl__memory_of(skl_lua *rt)
{
	return ((rt_full *)rt)->budget;
}

static const rt_full *cfullrt(const skl_lua *rt)
{
	return (const rt_full *)rt;
}

skl__limits *skl__limits_of(skl_lua *rt)
{
	return &fullrt(rt)->lim;
}

/* The one value scenario{} raises in header-only mode. */
static const char header_done = 0;

skl_lua *skl__rt(lua_State *L)
{
	return skl__budget_of(L)->rt;
}

skl__budget *skl__run_budget(skl_lua *rt)
{
	return &fullrt(rt)->b;
}

/* ---- heap cap --------------------------------------------------------------- */

/* Marks the run out of memory (the heap cap, or the budget when budget):
 * remembers where the script was and makes the count hook fire on every
 * instruction, so the run ends even if the script catches the error. */
static void mem_stop(rt_full *f, int budget)
{
	if (!f->b.mem_hit) {
		f->mem_at = f->heap_used;
		f->b.mem_budget = budget;
		if (f->L) {
			skl__where(f->L, 0, f->mem_where, sizeof(f->mem_where));
			skl__budget_trip(f->L);
		}
	}
	f->b.mem_hit = 1;
}

/* "where: memory limit of 256 MiB exceeded", or the budget's refusal. */
static void mem_message(const rt_full *f, char *msg, size_t msgsz)
{
	char what[200];
	if (f->b.mem_budget)
		skl_budget_message(f->budget, what, sizeof(what));
	else
		snprintf(what, sizeof(what), "memory limit of %d MiB exceeded", (int)(f->heap_limit >> 20));
	snprintf(msg, msgsz, "%s%s%s", f->mem_where, f->mem_where[0] ? ": " : "", what);
}

/* Lua's allocator: counts the heap, charges it to the run's budget and
 * refuses to grow past the cap or the budget (then the run stops). */
static void *rt_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
	rt_full *f = ud;
	size_t old = ptr ? osize : 0;
	size_t limit = f->heap_limit + (f->b.mem_hit ? MEM_RESERVE : 0);
	void *p;
	if (nsize == 0) {
		skl_free(ptr);
		f->heap_used -= old;
		skl_budget_uncharge(f->budget, old);
		return NULL;
	}
	if (nsize > old && (nsize - old > limit || f->heap_used > limit - (nsize - old))) {
		mem_stop(f, 0);
		return NULL;
	}
	if (nsize > old) {
		/* past a refusal, the unwinding may take the heap's reserve; the
		 * refusal may have come from the engine (budget.c marks it) */
		if (f->b.mem_hit && f->mem_at == SIZE_MAX)
			f->mem_at = f->heap_used;
		if (f->b.mem_hit && f->heap_used + (nsize - old) <= f->mem_at + MEM_RESERVE)
			skl_budget_force(f->budget, nsize - old);
		else if (skl_budget_charge(f->budget, nsize - old, "the Lua heap") < 0) {
			mem_stop(f, 1);
			return NULL;
		}
	}
	p = skl_realloc(ptr, nsize);
	if (!p && nsize > old)
		skl_budget_uncharge(f->budget, nsize - old);
	if (p) {
		if (nsize < old)
			skl_budget_uncharge(f->budget, old - nsize);
		f->heap_used = f->heap_used - old + nsize;
		/* copying counts too: "s = s .. x" in a loop runs one instruction
		 * per copy of an ever longer string */
		f->b.instr_used += ALLOC_COST + (nsize >> ALLOC_COST_SHIFT);
	}
	return p;
}

/* ---- the heap cap's error ------------------------------------------------------- */

int skl__mem_raise(lua_State *L)
{
	rt_full *f = fullrt(skl__rt(L));
	char msg[SKL__WHERE_MAX + 200];
	mem_message(f, msg, sizeof(msg));
	lua_pushstring(L, msg);
	return lua_error(L);
}

/* ---- the event log -------------------------------------------------------------- */

int skl__log_fits(const skl_lua *rt, size_t bytes)
{
	const rt_full *f = cfullrt(rt);
	return rt->log && f->events_added < f->max_events && bytes <= f->max_log_bytes &&
	       f->log_bytes <= f->max_log_bytes - bytes;
}

void skl__log_room(lua_State *L, size_t bytes)
{
	rt_full *f = fullrt(skl__rt(L));
	if (!f->rt.log)
		skl__error(L, "no event log");
	if (f->events_added >= f->max_events)
		skl__error(L, "event log limit of %d events reached", f->max_events);
	if (bytes > f->max_log_bytes || f->log_bytes > f->max_log_bytes - bytes)
		skl__error(L, "event log limit of %d MiB of text reached (%d events)",
			   (int)((f->max_log_bytes >> 20) > INT_MAX ? INT_MAX : f->max_log_bytes >> 20),
			   f->events_added);
	f->events_added++;
	f->log_bytes += bytes;
}

void skl__log_check(lua_State *L, int rc)
{
	if (rc < 0 && skl__budget_hit(L))
		skl__budget_raise(L, 1);
	if (rc < 0)
		skl__error(L, "the event log refused the event (out of memory or full)");
}

/* ---- calls into the engine ---------------------------------------------------------- */

/* Brackets a call into the engine (see lua_impl.h). */
void skl__engine_begin(lua_State *L, skl__engine *e)
{
	skl_lua *rt = skl__rt(L);
	char at[SKL__WHERE_MAX];
	if (skl__budget_hit(L))
		skl__budget_raise(L, 1);
	if (!skl__log_fits(rt, 0))
		skl__log_room(L, 0); /* raises with the limit's message */
	skl__where(L, 1, at, sizeof(at));
	skl_events_set_where(rt->log, at);
	e->rt = rt;
	e->n0 = skl_events_count(rt->log);
	e->bytes0 = skl_events_bytes(rt->log);
}

/* The engine's events count by what the log took for them: their records
 * (16 bytes each, charged a chunk at a time) and any new text. */
void skl__engine_end(skl__engine *e)
{
	rt_full *f = fullrt(e->rt);
	int d = skl_events_count(e->rt->log) - e->n0;
	uint64_t b = skl_events_bytes(e->rt->log) - e->bytes0;
	if (d > 0)
		f->events_added += d;
	f->log_bytes += b > SIZE_MAX - f->log_bytes ? SIZE_MAX - f->log_bytes : (size_t)b;
	skl_events_set_where(e->rt->log, "");
}

/* ---- lifetime --------------------------------------------------------------------- */

skl_lua *skl_lua_new(const skl_lua_opts *o, skl_error *err)
{
	static const skl_lua_opts defaults;
	rt_full *f = skl_calloc(1, sizeof(*f));
	skl_lua *rt = f ? &f->rt : NULL;
	if (!o)
		o = &defaults;
	if (!rt)
		goto out_nomem;
	f->lim.out_fd = -1;
	rt->data_dir = skl_strdup(o->data_dir && *o->data_dir ? o->data_dir : ".");
	f->scenario_dir = o->scenario_dir ? skl_strdup(o->scenario_dir) : NULL;
	rt->out_dir = o->out_dir && *o->out_dir ? skl_strdup(o->out_dir) : NULL;
	rt->pcap_path = o->pcap_path && *o->pcap_path ? skl_strdup(o->pcap_path) : NULL;
	rt->model_only = o->model_only;
	if (!rt->data_dir || (o->scenario_dir && !f->scenario_dir) || (o->out_dir && *o->out_dir && !rt->out_dir) ||
	    (o->pcap_path && *o->pcap_path && !rt->pcap_path))
		goto out_free;
	{
		/* "/usr/share/sklab/" and "/usr/share/sklab" name the same root */
		size_t n = strlen(rt->data_dir);
		while (n > 1 && rt->data_dir[n - 1] == '/')
			rt->data_dir[--n] = '\0';
	}
	f->heap_limit = o->heap_limit ? o->heap_limit : SKL_LUA_HEAP_LIMIT;
	f->instr_limit = o->instr_limit ? o->instr_limit : SKL_LUA_INSTR_LIMIT;
	f->max_events = o->max_events > 0 ? o->max_events : SKL_LUA_MAX_EVENTS;
	{
		size_t times = ((size_t)f->max_events + SKL__LOG_PER - 1) / SKL__LOG_PER;
		f->max_log_bytes = times > SIZE_MAX / SKL__LOG_BYTES ? SIZE_MAX : times * SKL__LOG_BYTES;
	}
	rt->max_layouts = o->max_layouts > 0 ? o->max_layouts : DEFAULT_MAX_LAYOUTS;
	f->lim.ram_limit = o->ram_limit ? o->ram_limit : SKL_LUA_RAM_LIMIT;
	f->lim.out_limit = o->out_limit ? o->out_limit : SKL_LUA_OUT_LIMIT;
	f->budget = o->budget ? o->budget : &f->own_budget;
	f->interrupt = o->interrupt;
	f->interrupt_ud = o->interrupt_ud;
	f->b.rt = rt;
	rt->echo = o->echo;
	if (skl__libs_new(rt) < 0)
		goto out_free;
	return rt;
out_free:
	skl_lua_free(rt);
out_nomem:
	skl_errorf(err, "out of memory");
	return NULL;
}

void skl_lua_free(skl_lua *rt)
{
	int i;
	if (!rt)
		return;
	skl__libs_free(rt);
	for (i = 0; i < rt->nsets; i++)
		skl_typedb_free(rt->sets[i].db);
	skl_free(rt->data_dir);
	skl_free(fullrt(rt)->scenario_dir);
	skl_free(rt->out_dir);
	skl_free(rt->pcap_path);
	skl_free(rt);
}

int skl_lua_expect_failures(const skl_lua *rt)
{
	return rt->sc.expect_fails;
}

int skl_lua_expect_count(const skl_lua *rt)
{
	return rt->sc.expects;
}

const skl_profile *skl_lua_profile(const skl_lua *rt)
{
	return rt->sc.have_profile ? &rt->sc.profile : NULL;
}

skl_lua_limit skl_lua_limit_hit(const skl_lua *rt)
{
	return (skl_lua_limit)((const rt_full *)rt)->lim.hit;
}

uint64_t skl_lua_output_bytes(const skl_lua *rt)
{
	return ((const rt_full *)rt)->lim.out_bytes;
}

/* The length of the "name:12:" that msg starts with (the name is a chunk
 * name: no spaces unless it is "[string ...]" or ends in ".lua"), or 0.
 * *namelen gets the length of the name. */
static size_t location_len(const char *msg, size_t *namelen)
{
	const char *p;
	for (p = msg; *p && *p != '\n'; p++) {
		if (*p == ':' && p > msg && p[1] >= '0' && p[1] <= '9') {
			const char *q = p + 1;
			size_t n = (size_t)(p - msg);
			while (*q >= '0' && *q <= '9')
				q++;
			if (*q != ':')
				continue;
			if (msg[0] != '[' && memchr(msg, ' ', n) && (n < 4 || memcmp(p - 4, ".lua", 4) != 0))
				return 0;
			if (namelen)
				*namelen = n;
			return (size_t)(q + 1 - msg);
		}
	}
	return 0;
}

static int has_location(const char *msg)
{
	return location_len(msg, NULL) != 0;
}

/* The message handler of a run: makes every error a string that starts
 * with the scenario line it came from. */
static int rt_msgh(lua_State *L)
{
	char where[SKL__WHERE_MAX];
	const char *msg;
	if (lua_touserdata(L, 1) == &header_done)
		return 1;
	if (lua_type(L, 1) == LUA_TSTRING) {
		msg = lua_tostring(L, 1);
	} else if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
		msg = lua_tostring(L, -1);
	} else {
		msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
	}
	if (has_location(msg))
		return 1;
	skl__where(L, 1, where, sizeof(where));
	if (where[0])
		lua_pushfstring(L, "%s: %s", where, msg);
	else
		lua_pushstring(L, msg);
	return 1;
}

/* Splits "file:12: text" into where ("file:12"), the file, the line and text. */
static const char *split_location(const char *msg, char *where, size_t wsz, char *file, size_t fsz, int *line)
{
	size_t name, n = location_len(msg, &name);
	where[0] = file[0] = '\0';
	*line = 0;
	if (!n)
		return msg;
	snprintf(where, wsz, "%.*s", (int)(n - 1), msg);
	snprintf(file, fsz, "%.*s", (int)name, msg);
	*line = atoi(msg + name + 1);
	msg += n;
	while (*msg == ' ')
		msg++;
	return msg;
}

/* Reads a whole file (at most MAX_SOURCE bytes) into a skl_malloc'd buffer. */
static char *read_source(const char *path, size_t *len, skl_error *err, const char *display)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;
	struct stat st;
	if (!f) {
		skl_errorf_at(err, display, 0, 0, "cannot open the file: %s", strerror(errno));
		return NULL;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		skl_errorf_at(err, display, 0, 0, "not a file (%s): give a scenario's .lua file",
			      S_ISDIR(st.st_mode) ? "a directory" : "a device, pipe or socket");
		fclose(f);
		return NULL;
	}
	for (;;) {
		size_t got;
		if (n == cap) {
			char *d;
			cap = cap ? cap * 2 : 8192;
			if (cap > MAX_SOURCE + 1)
				cap = MAX_SOURCE + 1;
			if (n == cap) {
				skl_errorf_at(err, display, 0, 0, "file larger than %d MiB", (int)(MAX_SOURCE >> 20));
				goto out_fail;
			}
			d = skl_realloc(buf, cap);
			if (!d) {
				skl_errorf_at(err, display, 0, 0, "out of memory");
				goto out_fail;
			}
			buf = d;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		skl_errorf_at(err, display, 0, 0, "read error: %s", strerror(errno));
		goto out_fail;
	}
	fclose(f);
	*len = n;
	return buf;
out_fail:
	fclose(f);
	skl_free(buf);
	return NULL;
}

static int file_exists(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (f)
		fclose(f);
	return f != NULL;
}

/* Where to read path from, and how to name it in messages. */
static void resolve_path(const skl_lua *rt, const char *path, char *full, size_t fullsz, char *display, size_t dsz)
{
	const rt_full *f = cfullrt(rt);
	size_t dl;
	snprintf(full, fullsz, "%s", path);
	if (!file_exists(path) && f->scenario_dir && path[0] != '/') {
		char alt[1024];
		snprintf(alt, sizeof(alt), "%s/%s", f->scenario_dir, path);
		if (file_exists(alt))
			snprintf(full, fullsz, "%s", alt);
	}
	dl = strlen(rt->data_dir);
	if (strcmp(rt->data_dir, ".") && !strncmp(full, rt->data_dir, dl) && full[dl] == '/')
		snprintf(display, dsz, "%s", full + dl + 1);
	else if (!strncmp(full, "./", 2))
		snprintf(display, dsz, "%s", full + 2);
	else
		snprintf(display, dsz, "%s", full);
}

static void reset_run(skl_lua *rt)
{
	rt_full *f = fullrt(rt);
	rt->log = NULL;
	memset(&rt->sc, 0, sizeof(rt->sc));
	f->L = NULL;
	f->display[0] = '\0';
	f->heap_used = 0;
	f->mem_at = SIZE_MAX; /* set at the first refusal */
	f->mem_where[0] = '\0';
	if (rt->header_only) {
		skl__budget_fixed(&f->b, HEADER_INSTR, HEADER_MS, NULL);
	} else {
		memset(&f->b, 0, sizeof(f->b));
		f->b.instr_limit = f->instr_limit;
		f->b.poll_at = SKL__POLL_EVERY;
		f->b.interrupt = f->interrupt;
		f->b.interrupt_ud = f->interrupt_ud;
	}
	f->b.rt = rt;
	f->b.mem = f->budget;
	if (f->budget == &f->own_budget)
		skl_budget_init(&f->own_budget, SKL_BUDGET_DEFAULT);
	f->events_added = 0;
	f->log_bytes = 0;
	f->lim.ram_used = 0;
	f->lim.out_bytes = 0;
	f->lim.hit = SKL_LUA_LIMIT_NONE;
}

/* Which limit ended a run that failed (RAM and output limits mark
 * themselves when they raise). */
static void note_limit(skl_lua *rt)
{
	rt_full *f = fullrt(rt);
	skl__limits *lim = &f->lim;
	if (lim->hit != SKL_LUA_LIMIT_NONE)
		return;
	if (f->b.mem_hit)
		lim->hit = f->b.mem_budget ? SKL_LUA_LIMIT_MEMORY : SKL_LUA_LIMIT_HEAP;
	else if (f->budget->hit)
		lim->hit = SKL_LUA_LIMIT_MEMORY;
	else if (f->b.stop_hit)
		lim->hit = SKL_LUA_LIMIT_INTERRUPT;
	else if (f->b.instr_hit)
		lim->hit = SKL_LUA_LIMIT_INSTR;
	else if (f->events_added >= f->max_events || f->log_bytes > f->max_log_bytes)
		lim->hit = SKL_LUA_LIMIT_EVENTS;
}

/* Records the error that ended a run: in the log and in err. */
static void run_failed(skl_lua *rt, const char *msg, skl_error *err)
{
	rt_full *f = fullrt(rt);
	char where[SKL__WHERE_MAX], file[SKL__WHERE_MAX];
	int line;
	const char *text = split_location(msg, where, sizeof(where), file, sizeof(file), &line);
	/* coroutine.wrap puts the resume site before the error's own location:
	 * "a.lua:4: a.lua:3: msg" keeps the inner, more precise one */
	while (where[0] && text != msg) {
		char w2[SKL__WHERE_MAX], f2[SKL__WHERE_MAX];
		int l2;
		const char *t2 = split_location(text, w2, sizeof(w2), f2, sizeof(f2), &l2);
		if (!w2[0])
			break;
		memcpy(where, w2, sizeof(w2));
		memcpy(file, f2, sizeof(f2));
		line = l2;
		msg = text;
		text = t2;
	}
	if (where[0] && strcmp(file, f->display) != 0) {
		/* a chunk the scenario loaded (whatever it named itself): the
		 * message starts with the scenario file, then the chunk's place */
		text = msg;
		where[0] = '\0';
		line = 0;
	}
	if (!where[0]) {
		snprintf(where, sizeof(where), "%s", f->display);
		snprintf(file, sizeof(file), "%s", f->display);
	}
	if (rt->log)
		skl_events_error(rt->log, text, where);
	skl_errorf_at(err, file, line, 0, "%s", text);
}

/* The run itself, shared by skl_lua_run_file and skl_data_scenario_info. */
static int run(skl_lua *rt, const char *path, skl_events *log, skl_error *err)
{
	rt_full *f = fullrt(rt);
	char full[1024];
	char *src;
	size_t len, bom;
	lua_State *L;
	int status, rc = -1;

	skl_error_clear(err);
	skl__libs_begin(rt);
	reset_run(rt);
	resolve_path(rt, path, full, sizeof(full), f->display, sizeof(f->display));
	{
		/* the folder its own files are read from (files.c) */
		const char *slash = strrchr(full, '/');
		if (!slash)
			snprintf(rt->script_dir, sizeof(rt->script_dir), ".");
		else if (slash == full)
			snprintf(rt->script_dir, sizeof(rt->script_dir), "/");
		else
			snprintf(rt->script_dir, sizeof(rt->script_dir), "%.*s", (int)(slash - full), full);
	}
	rt->log = log;
	src = read_source(full, &len, err, f->display);
	if (!src) {
		if (log)
			skl_events_error(log, err->msg, f->display);
		goto out;
	}
	/* a first line starting with '#' is a shebang: blank it, keep the numbering */
	if (len && src[0] == '#') {
		size_t i;
		for (i = 0; i < len && src[i] != '\n'; i++)
			src[i] = ' ';
	}

	L = lua_newstate(rt_alloc, f);
	if (!L) {
		skl_errorf_at(err, f->display, 0, 0, "cannot create a Lua state (out of memory)");
		goto out_src;
	}
	skl__budget_attach(L, &f->b);
	lua_pushcfunction(L, skl__open_sandbox);
	if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
		skl_errorf_at(err, f->display, 0, 0, "cannot set up the sandbox: %s",
			      lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "out of memory");
		goto out_close;
	}
	f->L = L;
	lua_pushcfunction(L, rt_msgh);
	lua_pushfstring(L, "@%s", f->display);
	/* a UTF-8 byte-order mark, as some editors write one, is not Lua */
	bom = len >= 3 && !memcmp(src, "\xEF\xBB\xBF", 3) ? 3 : 0;
	status = luaL_loadbufferx(L, src + bom, len - bom, lua_tostring(L, -1), "t");
	lua_remove(L, -2);
	if (status == LUA_OK)
		status = lua_pcall(L, 0, 0, -2);
	skl__budget_hit(L); /* a refusal the scenario saw only as a NULL ends it too */

	if (rt->header_only) {
		if (status != LUA_OK && lua_touserdata(L, -1) == &header_done) {
			rc = 0;
		} else if (f->b.instr_hit || f->b.stop_hit || f->b.mem_hit || status == LUA_ERRMEM) {
			/* the header reader's own limits: say which */
			char msg[SKL__WHERE_MAX + STOP_WHY_MAX];
			if (f->b.mem_hit || status == LUA_ERRMEM)
				snprintf(msg, sizeof(msg), "%s%smemory limit of %d MiB exceeded", f->mem_where,
					 f->mem_where[0] ? ": " : "", (int)(f->heap_limit >> 20));
			else if (lua_type(L, -1) == LUA_TSTRING)
				snprintf(msg, sizeof(msg), "%s", lua_tostring(L, -1));
			else
				snprintf(msg, sizeof(msg), "%s", f->b.stop_hit ? f->b.stop_why : "instruction limit");
			run_failed(rt, msg, err);
		} else {
			skl_errorf_at(err, f->display, 0, 0, "no scenario{} call before anything else");
		}
	} else if (status == LUA_ERRMEM || (status != LUA_OK && lua_type(L, -1) != LUA_TSTRING)) {
		char msg[SKL__WHERE_MAX + 200];
		mem_message(f, msg, sizeof(msg));
		if (!f->b.mem_hit)
			snprintf(msg, sizeof(msg), "%s: out of memory", f->display);
		run_failed(rt, msg, err);
	} else if (status != LUA_OK) {
		size_t mlen;
		const char *m = lua_tolstring(L, -1, &mlen);
		char *shown = memchr(m, '\0', mlen) ? skl_malloc(mlen * 4 + 1) : NULL;
		if (shown) { /* error("a\0b"): the NUL shown as \x00, not a cut message */
			size_t i, o = 0;
			for (i = 0; i < mlen; i++) {
				if (m[i]) {
					shown[o++] = m[i];
				} else {
					memcpy(shown + o, "\\x00", 4);
					o += 4;
				}
			}
			shown[o] = '\0';
		}
		run_failed(rt, shown ? shown : m, err);
		skl_free(shown);
	} else if (f->b.instr_hit || f->b.mem_hit || f->b.stop_hit) {
		/* a limit was hit and its error caught, with nothing left to run */
		char msg[SKL__WHERE_MAX + STOP_WHY_MAX];
		if (f->b.mem_hit)
			mem_message(f, msg, sizeof(msg));
		else if (f->b.stop_hit)
			snprintf(msg, sizeof(msg), "%s", f->b.stop_why);
		else
			snprintf(msg, sizeof(msg), "instruction limit of %llu exceeded (an endless loop?)",
				 (unsigned long long)f->instr_limit);
		run_failed(rt, msg, err);
	} else if (!rt->sc.called) {
		run_failed(
		    rt,
		    "no scenario{} call: a scenario starts with scenario { title = ..., goal = ..., profile = ... }",
		    err);
	} else if (rt->sc.expect_fails) {
		char file[SKL__WHERE_MAX], where[SKL__WHERE_MAX];
		int line;
		split_location(rt->sc.first_fail_where, where, sizeof(where), file, sizeof(file), &line);
		if (rt->sc.expect_fails == 1)
			skl_errorf_at(err, file, line, 0, "expectation failed: %s", rt->sc.first_fail);
		else
			skl_errorf_at(err, file, line, 0, "expectation failed: %s (%d of %d expectations failed)",
				      rt->sc.first_fail, rt->sc.expect_fails, rt->sc.expects);
	} else {
		rc = 0;
	}
out_close:
	f->L = NULL;
	lua_close(L);
	skl__libs_clear(rt); /* after lua_close: object handles' __gc use their slots */
	/* a capture that could not be put in place fails the run */
	if (rc == 0 && skl__captures_error(rt)) {
		run_failed(rt, skl__captures_error(rt), err);
		rc = -1;
	}
out_src:
	skl_free(src);
out:
	if (!rt->header_only)
		skl__libs_finish(rt);
	if (f->lim.out_fd >= 0) {
		close(f->lim.out_fd);
		f->lim.out_fd = -1;
	}
	if (rc < 0)
		note_limit(rt);
	rt->log = NULL;
	return rc;
}

int skl_lua_run_file(skl_lua *rt, const char *path, skl_events *log, skl_error *err)
{
	skl_error tmp;
	if (!err)
		err = &tmp;
	if (!log)
		return skl_errorf(err, "no event log");
	rt->header_only = 0;
	return run(rt, path, log, err);
}

/* Called by scenario{} in header-only mode: keeps the header, stops the run. */
int skl__header_done(lua_State *L)
{
	lua_pushlightuserdata(L, (void *)&header_done);
	return lua_error(L);
}

int skl_data_scenario_info(const char *path, char *title, size_t titlesz, char *goal, size_t goalsz, char *profile,
			   size_t profilesz, skl_error *errp)
{
	skl_lua_opts o;
	skl_lua *rt;
	skl_error local, *err = errp ? errp : &local;
	int rc;
	memset(&o, 0, sizeof(o));
	o.heap_limit = (size_t)16 << 20;
	o.instr_limit = 10000000;
	rt = skl_lua_new(&o, err);
	if (!rt)
		return -1;
	rt->header_only = 1;
	rc = run(rt, path, NULL, err);
	if (rc == 0) {
		if (title && titlesz)
			snprintf(title, titlesz, "%s", rt->sc.title);
		if (goal && goalsz)
			snprintf(goal, goalsz, "%s", rt->sc.goal);
		if (profile && profilesz)
			snprintf(profile, profilesz, "%s", rt->sc.profile_name);
	}
	skl_lua_free(rt);
	return rc;
}
