/*
 * l_pcap.c - the capture files of a run: skb:pcap(name) appends the skb's
 * frame to a pcap file in the output directory, and every such frame also
 * goes to the run-wide --pcap capture when there is one (whose frame count
 * skl_lua_pcap_frames gives after the run). Counts what the captures write
 * against the run's output limit.
 *
 * A capture named by the scenario is written inside the output directory
 * only: the name is a plain "*.pcap" (no '/', no ".."), the file is made
 * as NAME.tmp.PID with O_EXCL and O_NOFOLLOW relative to the directory
 * opened once per run, and renamed over NAME when the run ends, so a
 * symlink already standing at NAME is replaced, never followed. Every
 * capture is written as outfile.h writes files: a directory at NAME is an
 * error raised at the skb:pcap call, a FIFO or a device is written in
 * place, a write that fails leaves NAME as it was and fails the run; a
 * named capture that is the --pcap file under another spelling is an
 * error.
 */
#define _POSIX_C_SOURCE 200809L
#include "l_skb.h"

#include "sklab/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

#define MAX_CAPTURES 16 /* pcap files one run may write */

/* A capture file a run writes (skb:pcap, --pcap): open until the run ends. */
typedef struct capture {
	char name[256];	 /* as the scenario named it; "" for the --pcap capture */
	skl_outfile out; /* out.fp NULL = not open */
	skl_pcap pcap;
	int failed; /* a write failed: the file is incomplete */
} capture;

/* The captures of a run (struct skl_lua's caps). */
struct skl__captures {
	capture named[MAX_CAPTURES];
	int n;
	capture all;	 /* the --pcap capture: after the run, its frame count */
	char error[900]; /* the first capture that could not be put in place */
};

/* Ends capture c: renamed into place (or, a FIFO or a device, closed), or
 * removed when a write failed; the first failure is kept for the run. */
static void cap_close(skl_lua *rt, capture *c)
{
	skl_error err;
	int failed = c->failed;
	if (!c->out.fp)
		return;
	skl_error_clear(&err);
	if (failed)
		skl_outfile_abort(&c->out);
	else if (skl_outfile_commit(&c->out, NULL, &err) < 0)
		failed = c->failed = 1;
	if (failed && !rt->caps->error[0]) {
		const char *why = strrchr(err.msg, ':');
		char path[600];
		if (c->name[0])
			snprintf(path, sizeof(path), "%s/%s", rt->out_dir, c->name);
		else
			snprintf(path, sizeof(path), "%s", rt->pcap_path);
		snprintf(rt->caps->error, sizeof(rt->caps->error), "cannot write %.600s: %.200s", path,
			 c->out.err ? strerror(c->out.err)
			 : why	    ? why + 2
				    : "a write failed");
	}
}

static void cap_write(void *ud, const char *s, size_t n)
{
	capture *c = ud;
	if (c->out.fp && fwrite(s, 1, n, c->out.fp) != n) {
		c->failed = 1;
		if (!c->out.err)
			c->out.err = errno;
	}
}

/* Writes a capture's file header on its open stream. 0 or -1. */
static int cap_begin(capture *c)
{
	skl_sink s;
	c->failed = 0;
	s.write = cap_write;
	s.ud = c;
	skl_pcap_begin(&c->pcap, &s, 0);
	return c->failed ? -1 : 0;
}

/* Opens the run-wide capture the user named (outfile.h: a temporary
 * renamed over it when the run ends; a FIFO or a device in place). 0, or
 * -1 with err set. */
static int cap_open(capture *c, const char *path, skl_error *err)
{
	if (skl_outfile_open(&c->out, AT_FDCWD, path, err) < 0)
		return -1;
	return cap_begin(c);
}

/* Opens capture c (c->name set) in the output directory, relative to the
 * directory opened once per run: never through a symlink, never over a
 * directory. 0, or -1 with err set. */
static int cap_open_named(skl_lua *rt, capture *c, skl_error *err)
{
	skl__limits *lim = skl__limits_of(rt);
	if (lim->out_fd < 0)
		lim->out_fd = open(rt->out_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (lim->out_fd < 0)
		return skl_errorf(err, "cannot open the output directory %s", rt->out_dir);
	if (skl_outfile_open(&c->out, lim->out_fd, c->name, err) < 0)
		return -1;
	return cap_begin(c);
}

int skl__captures_new(skl_lua *rt)
{
	rt->caps = skl_calloc(1, sizeof(*rt->caps));
	return rt->caps ? 0 : -1;
}

void skl__captures_close(skl_lua *rt)
{
	int i;
	for (i = 0; i < rt->caps->n; i++)
		cap_close(rt, &rt->caps->named[i]);
	rt->caps->n = 0;
	cap_close(rt, &rt->caps->all);
}

const char *skl__captures_error(const skl_lua *rt)
{
	return rt->caps && rt->caps->error[0] ? rt->caps->error : NULL;
}

const char *skl_lua_pcap_error(const skl_lua *rt)
{
	return skl__captures_error(rt);
}

void skl__captures_reset(skl_lua *rt)
{
	memset(&rt->caps->all, 0, sizeof(rt->caps->all));
	rt->caps->error[0] = '\0';
}

void skl__captures_free(skl_lua *rt)
{
	if (!rt->caps)
		return;
	skl__captures_close(rt);
	skl_free(rt->caps);
	rt->caps = NULL;
}

long skl_lua_pcap_frames(const skl_lua *rt)
{
	if (!rt->pcap_path || rt->caps->all.failed)
		return -1;
	return (long)rt->caps->all.pcap.frames;
}

void skl__captures_finish(skl_lua *rt)
{
	skl_error err;
	if (!rt->pcap_path || rt->caps->all.failed || rt->caps->all.pcap.out.write) /* written to (or tried) already */
		return;
	if (cap_open(&rt->caps->all, rt->pcap_path, &err) < 0)
		rt->caps->all.failed = 1;
	cap_close(rt, &rt->caps->all);
}

/* The capture file name at arg: a plain "*.pcap" name that stays inside
 * the output directory. */
static const char *capture_name(lua_State *L, int arg)
{
	const char *s = skl__check_string(L, arg);
	size_t n = strlen(s);
	const unsigned char *p;
	if (!n)
		skl__argerror(L, arg, "an empty file name");
	if (s[0] == '/' || s[0] == '\\' || (n > 1 && s[1] == ':'))
		skl__argerror(
		    L, arg, lua_pushfstring(L, "'%s' is an absolute path: name a file inside the output directory", s));
	if (strstr(s, ".."))
		skl__argerror(L, arg, lua_pushfstring(L, "'%s' leaves the output directory ('..')", s));
	if (strchr(s, '/') || strchr(s, '\\'))
		skl__argerror(L, arg, lua_pushfstring(L, "'%s': a plain file name, no directories", s));
	for (p = (const unsigned char *)s; *p; p++)
		if (*p <= ' ' || *p == 0x7f)
			skl__argerror(L, arg, "a file name without spaces or control characters");
	if (n > 200)
		skl__argerror(L, arg, "a file name of at most 200 characters");
	if (n < 6 || strcmp(s + n - 5, ".pcap") != 0)
		skl__argerror(L, arg, lua_pushfstring(L, "'%s': a capture's name ends in .pcap", s));
	return s;
}

/* The largest record a capture writes: a 16-byte header and a 65535-byte snap. */
#define RECORD_MAX (16 + 65535)

/* The skb's frame into one capture; 0, or -1 with msg set. Raises when the
 * run's output limit would be passed. */
static int frame_to(lua_State *L, capture *c, skl_skb *skb, skl_error *err)
{
	skl__limits *lim = skl__limits_of(skl__rt(L));
	long before = ftell(c->out.fp), after;
	int rc;
	if (lim->out_bytes + RECORD_MAX > lim->out_limit) {
		lim->hit = SKL_LUA_LIMIT_OUTPUT;
		{
			char msg[160];
			snprintf(msg, sizeof(msg), "output limit of %llu MiB reached (captures wrote %llu bytes)",
				 (unsigned long long)(lim->out_limit >> 20), (unsigned long long)lim->out_bytes);
			return skl__error(L, "%s: %s", skl__fname(L), msg);
		}
	}
	rc = skl_skb_pcap(skb, &c->pcap, err);
	if (rc == SKL_SKB_EINVAL)
		skl__error(L, "%s: %s", skl__fname(L), err->msg);
	if (rc < 0)
		return -1;
	if (c->failed || fflush(c->out.fp) != 0) {
		if (!c->out.err)
			c->out.err = errno;
		c->failed = 1;
		skl_errorf(err, "writing the capture failed");
		return -1;
	}
	after = ftell(c->out.fp);
	if (before >= 0 && after > before)
		lim->out_bytes += (uint64_t)(after - before);
	return 0;
}

static int s_pcap(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	skl_skb *skb = skl__check_skb(L, 1);
	const char *name = capture_name(L, 2);
	char path[4096];
	capture *c = NULL;
	skl_error err;
	unsigned long frames = 0;
	int i, wrote = 0;

	if (!rt->out_dir && !rt->pcap_path)
		return skl__fail(L, "no output directory (use --frames or --pcap)");
	skl_error_clear(&err);
	if (rt->out_dir) {
		snprintf(path, sizeof(path), "%s/%s", rt->out_dir, name);
		for (i = 0; i < rt->caps->n; i++)
			if (!strcmp(rt->caps->named[i].name, name))
				c = &rt->caps->named[i];
		if (!c) {
			/* the --pcap file under another spelling ("out/x.pcap" and
			 * "./out/x.pcap"): one would overwrite the other */
			if (rt->pcap_path && skl_same_file(path, rt->pcap_path))
				return skl__error(
				    L,
				    "%s: '%s' in the output directory is the --pcap file %s: two captures "
				    "cannot be the same file",
				    skl__fname(L), name, rt->pcap_path);
			if (rt->caps->n >= MAX_CAPTURES)
				return skl__error(L, "%s: more than %d capture files in one run", skl__fname(L),
						  MAX_CAPTURES);
			c = &rt->caps->named[rt->caps->n];
			memset(c, 0, sizeof(*c));
			snprintf(c->name, sizeof(c->name), "%s", name);
			if (cap_open_named(rt, c, &err) < 0) /* a directory there, no room, ... */
				return skl__error(L, "%s: %s", skl__fname(L), err.msg);
			rt->caps->n++; /* closed (renamed, or removed when it failed) when the run ends */
		}
		if (c->failed || !c->out.fp)
			return skl__fail(L, lua_pushfstring(L, "cannot write '%s' in the output directory", name));
		if (frame_to(L, c, skb, &err) < 0)
			return skl__fail(L, lua_pushfstring(L, "%s: %s", name, err.msg));
		frames = c->pcap.frames;
		wrote = 1;
	}
	if (rt->pcap_path) {
		if (!rt->caps->all.out.fp && rt->caps->all.failed)
			return skl__fail(L, lua_pushfstring(L, "cannot write the capture '%s' (its first frame failed)",
							    rt->pcap_path));
		if (!rt->caps->all.out.fp && cap_open(&rt->caps->all, rt->pcap_path, &err) < 0) {
			rt->caps->all.failed = 1; /* err: the path and why (outfile.h) */
			return skl__fail(L, lua_pushfstring(L, "cannot write the capture: %s", err.msg));
		}
		if (frame_to(L, &rt->caps->all, skb, &err) < 0)
			return skl__fail(L, lua_pushfstring(L, "%s: %s", rt->pcap_path, err.msg));
		if (!wrote)
			frames = rt->caps->all.pcap.frames;
	}
	lua_pushinteger(L, (lua_Integer)frames);
	return 1;
}

/* ---- reading a capture ------------------------------------------------------------------ */

#define PCAP_READ_MAX_FILE ((size_t)16 << 20) /* bytes of a file sklab.pcap_read reads */
#define PCAP_READ_MAX_FRAMES 10000	      /* records of one file */

/* sklab.pcap_read(name [, {from = "scenario" | "output"}]): the frames of a
 * classic pcap file of the scenario's folder (or the run's output folder),
 * read with skl_pcap_read; files.c resolves and refuses the name. */
static int f_pcap_read(lua_State *L)
{
	const char *name = skl__check_string(L, 1);
	const char *from = NULL;
	size_t n = strlen(name), len = 0, i;
	int where = SKL__FILE_SCENARIO;
	skl_pcap_file f;
	skl_pcap_rec *recs;
	skl_error err;
	const char *data;
	size_t nrec;
	char *buf;
	if (!lua_isnoneornil(L, 2)) {
		skl__opts o;
		skl__check_table(L, 2);
		o = skl__opts_at(L, 2);
		from = skl__opt_string(&o, "from");
		if (from && !strcmp(from, "output"))
			where = SKL__FILE_OUTPUT;
		else if (from && strcmp(from, "scenario"))
			skl__argerror(
			    L, 2,
			    lua_pushfstring(L, "field 'from' is '%s': it must be \"scenario\" or \"output\"", from));
		if (from)
			lua_pop(L, 1);
	}
	if (strchr(name, '/') || n < 6 || strcmp(name + n - 5, ".pcap"))
		skl__argerror(L, 1,
			      lua_pushfstring(L, "'%s': a capture is a plain name ending in .pcap (no '/')", name));
	buf = skl__scenario_read(L, 1, name, where, PCAP_READ_MAX_FILE, &len);
	/* from here only Lua holds memory, so an error raised while the frames
	 * are pushed leaks nothing: the file as a string, the records copied
	 * into a userdata */
	lua_pushlstring(L, buf, len);
	skl_free(buf);
	data = lua_tostring(L, -1);
	skl_error_clear(&err);
	if (skl_pcap_read(data, len, name, PCAP_READ_MAX_FRAMES, PCAP_READ_MAX_FILE, &f, &err) < 0)
		return skl__error(L, "%s: %s", skl__fname(L), err.msg);
	recs = f.n ? lua_newuserdatauv(L, f.n * sizeof(*recs), 0) : NULL;
	if (f.n)
		memcpy(recs, f.recs, f.n * sizeof(*recs));
	nrec = f.n;
	skl_pcap_file_free(&f);
	lua_createtable(L, nrec > INT_MAX ? INT_MAX : (int)nrec, 0);
	for (i = 0; i < nrec; i++) {
		const skl_pcap_rec *r = &recs[i];
		lua_createtable(L, 0, 6);
		lua_pushlstring(L, (const char *)r->bytes, r->caplen);
		lua_setfield(L, -2, "bytes");
		lua_pushinteger(L, r->len);
		lua_setfield(L, -2, "len");
		lua_pushinteger(L, r->caplen);
		lua_setfield(L, -2, "caplen");
		lua_pushinteger(L, r->ts_sec);
		lua_setfield(L, -2, "ts");
		lua_pushinteger(L, r->ts_nsec);
		lua_setfield(L, -2, "ts_ns");
		lua_pushinteger(L, (lua_Integer)r->offset);
		lua_setfield(L, -2, "offset");
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	return 1;
}

/* ---- the API slice --------------------------------------------------------------------- */

/* The bindings of this file, named as api.c's table names them. */
const skl__reg skl__pcap_lib[] = {
    {"skb:pcap", s_pcap},
    {"sklab.pcap_read", f_pcap_read},
    {NULL, NULL},
};
