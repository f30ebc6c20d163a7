/*
 * fuzz_lua_api.c - libFuzzer target for the scenario API's bindings
 * (src/lua/l_*.c). The input bytes are decoded into a Lua script: a
 * scenario{} header (or none), then a sequence of statements drawn from a
 * table of API calls, each with its arguments decoded from the bytes as
 * well: numbers (small, negative, huge, NaN, infinities, fractions),
 * strings (names the API knows, odd ones, long ones), nil, booleans,
 * tables, functions and handles from eight slots that earlier calls filled
 * (kernels, caches, objects, skbs, paths, cache models, layouts), including
 * ones already freed. Each statement runs under pcall, so a refused call
 * does not end the script. The script runs as a scenario file in a fresh
 * runtime with small limits, as fuzz_scenario.c does.
 *
 * SKLAB_FUZZ_PRINT=1 in the environment prints each generated script (to
 * see what an input means when reproducing a finding).
 */
#include "fuzz_util.h"

#include "sklab/runtime.h"

#include <stdarg.h>

#define MAX_STMTS 48
#define NSLOTS 8

typedef struct rd {
	const uint8_t *p;
	size_t n, at;
} rd;

static unsigned byte(rd *r)
{
	return r->at < r->n ? r->p[r->at++] : 0;
}

typedef struct out {
	char *s;
	size_t len, cap;
} out;

static void put(out *o, const char *fmt, ...)
{
	va_list ap;
	int n;
	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(o->s + o->len, o->cap - o->len, fmt, ap);
		va_end(ap);
		if (n < 0)
			return;
		if ((size_t)n < o->cap - o->len) {
			o->len += (size_t)n;
			return;
		}
		{
			size_t cap = (o->cap + (size_t)n + 1) * 2;
			char *ns = realloc(o->s, cap);
			if (!ns)
				abort();
			o->s = ns;
			o->cap = cap;
		}
	}
}

/* clang-format off */
static const char *const strs[] = {
	"", "x", "sock", "tcp_sock", "struct sock", "sk_buff", "inet_opt", "tcp_opt", "udp_sock", "sk",
	"sk.__sk_common", "__sk_common.skc_family", "skc_family", "daddr", "sk_refcnt", "line:0", "line:99",
	"linux-2.4.16", "linux-6.18", "linux-2.4.16-i386", "linux-6.18-x86_64", "linux-2.6.31-x86_64",
	"nosuch", "../profiles", "size-32", "size-131072", "kmalloc-64", "kmalloc-8k", "skbuff_head_cache",
	"skbuff_fclone_cache", "tcp", "udp", "icmp", "2.4", "2.6.31", "6.x", "FZPU", "F", "Z", "P", "U", "lru",
	"plru", "random", "fifo", "allocate", "no-allocate", "L1d", "L1i", "L2", "LL", "L3", "cache", "slab",
	"x.pcap", "../x.pcap", "a/b.pcap", ".pcap", "text", "zero", "count", "eth", "ip", "mac", "network",
	"transport", "data", "S", "SA", "PA", "FRPAUEC", "02:00:00:00:00:01", "ff:ff:ff:ff:ff:ff", "ff:ff",
	"10.0.0.1", "255.255.255.255", "1.2.3.999", "%s%s%n", "%d", "line", "member", "misses", "cycles",
	"accesses", "alloc", "copy", "clone", "xmit", "ack", "dma", "deliver", "consume", "eth0", "i386",
	"x86_64", "arm", "CONFIG_SMP", "A,B", ",,", "read", "write", "ifetch", "modify", "r", "w", "i",
	"head", "end", "tail", "end_", "len", "users", "freeptr", "slab_t", "1e3", "0x10", "-1", "\\0",
	"\\255\\254", "\\n", "payload", "name", "size", "addr", "type", "next", "run", "free", "destroy",
	"skb", "tx", "t", "q", "y", "clone", "c2c",
};

static const char *const specials[] = {
	"0", "1", "-1", "2", "3", "4", "7", "8", "14", "16", "20", "31", "32", "33", "63", "64", "65",
	"127", "128", "255", "256", "1448", "1500", "1514", "1536", "4095", "4096", "4097", "65535",
	"65536", "131072", "131073", "1 << 20", "1 << 30", "2^31", "2^31 - 1", "2^32", "2^32 + 1",
	"2^53", "2^63", "math.maxinteger", "math.mininteger", "math.huge", "-math.huge", "0/0", "-0.0",
	"0.5", "-0.5", "1e308", "-1e308", "1e-300", "-2", "-4096", "-65536", "-2^31", "-(2^63)", "3.7",
	"0x7fffffff", "0xffffffff", "0xc1002040", "-0x777777777", "4294967296", "9007199254740993",
};

/* Keys the API's option tables know, and some it does not. */
static const char *const keys[] = {
	"profile", "ram_mb", "cpus", "smp", "debug_slab", "slub_debug", "skb_era", "skb_bug_on",
	"max_tcp_header", "hwcache_align", "red_zone", "poison", "no_reap", "dma", "rcu", "ctor", "align",
	"freeptr_offset", "type", "zero", "owner", "by", "levels", "memory", "seed", "title", "arch",
	"cacheline", "config", "hex", "conds", "highlight", "caches", "titles", "view", "heat", "metric",
	"payload", "mss", "no_sg", "src", "dst", "sport", "dport", "seq", "ack", "timestamps", "dev",
	"frame_len", "buf_len", "proto", "ttl", "id", "tos", "df", "tot_len", "flags", "window", "urg",
	"syn_options", "tsval", "tsecr", "wscale", "len", "name", "size", "assoc", "line", "policy", "write",
	"latency", "xlabel", "ylabel", "bars", "xlabels", "series", "points", "src_mac", "dst_mac", "goal",
	"nosuchkey", "1", "lines",
};

/*
 * Statement templates. Placeholders: %h a slot index to assign (a digit),
 * %H a slot's value (H[d]), %v any value, %n a number, %s a string, %p a
 * profile name, %o an option table, %l a cache level table, %c a chart
 * table, %f a function that uses a slot. The templates name what the API
 * takes, so most calls get past the argument checks.
 */
static const char *const stmts[] = {
	"H[%h] = sklab.kernel{profile = %p, ram_mb = %n, smp = %v}",
	"H[%h] = sklab.kernel{profile = %p, ram_mb = 16, debug_slab = %v, slub_debug = %v}",
	"H[%h] = sklab.kernel{profile = %p, ram_mb = 8, skb_era = %s, skb_bug_on = %v, max_tcp_header = %n}",
	"H[%h] = sklab.kernel(%o)",
	"H[%h] = %H:cache_create(%s, %n, %o)",
	"H[%h] = %H:cache_create(%s, %H, {hwcache_align = %v, red_zone = %v, poison = %v, align = %n})",
	"H[%h] = %H:cache_create(%s, %n, {ctor = %v, rcu = %v, freeptr_offset = %n, type = %H})",
	"H[%h] = %H:kmalloc(%n)",
	"H[%h] = %H:kfree(%H)",
	"%H:reap()",
	"local s = %H:slabinfo()",
	"local r = %H:ram()",
	"H[%h] = %H:alloc_skb(%n)",
	"H[%h] = %H:alloc_skb_fclone(%n)",
	"H[%h] = %H:dev_alloc_skb(%n)",
	"H[%h] = %H:netdev_alloc_skb(%v, %n)",
	"H[%h] = %H:netdev_alloc_skb_ip_align(%s, %n)",
	"H[%h] = %H:cache_model(%H)",
	"%H:cache_model(%v)",
	"local m = %H:misses{owner = %v, by = %v}",
	"H[%h] = %H:alloc{zero = %v, type = %v}",
	"H[%h] = %H:alloc()",
	"H[%h] = %H:free(%H)",
	"%H:shrink()",
	"%H:destroy()",
	"local t = %H:stats()",
	"local t = %H:info()",
	"%H:write(%v, %v, %v)",
	"%H:write(%n, %n, %n)",
	"%H:write(%s, %n)",
	"local v = %H:read(%v, %v)",
	"local v = %H:read(%n, %n)",
	"H[%h] = %H:reserve(%n)",
	"H[%h] = %H:put(%n)",
	"H[%h] = %H:put(%n, %s)",
	"H[%h] = %H:put(%H)",
	"H[%h] = %H:__put(%n, %v)",
	"H[%h] = %H:push(%n)",
	"H[%h] = %H:push(%H)",
	"H[%h] = %H:__push(%v, %v)",
	"H[%h] = %H:pull(%n)",
	"H[%h] = %H:trim(%n)",
	"H[%h] = %H:clone()",
	"H[%h] = %H:copy()",
	"H[%h] = %H:pskb_copy()",
	"H[%h] = %H:expand_head(%n, %n)",
	"H[%h] = %H:cow(%n)",
	"H[%h] = %H:get()",
	"%H:header_release()",
	"%H:free()",
	"%H:add_frag(%n, %v)",
	"%H:set_header(%s, %n)",
	"%H:set_header(%v)",
	"%H:pcap(%s)",
	"local b = %H:bytes(%n, %n)",
	"local b = %H:name(%v)",
	"H[%h] = sklab.hdr.eth{src = %v, dst = %v, type = %n}",
	"H[%h] = sklab.hdr.ipv4{src = %s, dst = %s, proto = %v, ttl = %n, id = %n, tos = %n, df = %v, tot_len = %n}",
	"H[%h] = sklab.hdr.tcp{sport = %n, seq = %n, ack = %n, flags = %s, window = %n, timestamps = %v}",
	"H[%h] = sklab.hdr.tcp{dport = %n, syn_options = %v, mss = %n, wscale = %n, tsval = %n, urg = %n}",
	"H[%h] = sklab.hdr.tcp(%o)",
	"H[%h] = sklab.hdr.udp{sport = %n, dport = %n, len = %n}",
	"H[%h] = sklab.payload(%n, %v, %v)",
	"H[%h] = sklab.payload(%n, %s)",
	"H[%h] = sklab.tx_tcp(%H, {payload = %v, mss = %n, no_sg = %v, timestamps = %v, dev = %v})",
	"H[%h] = sklab.tx_tcp(%H, %o)",
	"H[%h] = sklab.rx(%H, {frame_len = %n, buf_len = %n, timestamps = %v})",
	"H[%h] = sklab.rx(%H, %o)",
	"local n = %H:next()",
	"local n = %H:run(%v)",
	"local n = %H:run()",
	"H[%h] = sklab.cache{profile = %p}",
	"H[%h] = sklab.cache{levels = {%l}, memory = %n, seed = %n, title = %v}",
	"H[%h] = sklab.cache{levels = {%l, %l}, memory = %n}",
	"H[%h] = sklab.cache(%o)",
	"local r = %H:access(%n, %n, %v)",
	"local r = %H:access(%n, %n)",
	"local t = %H:stats()",
	"%H:reset()",
	"local s = %H:summary()",
	"H[%h] = sklab.layouts(%s, {profile = %p})",
	"H[%h] = sklab.layouts(%v, %o)",
	"H[%h] = sklab.layouts(\"linux-2.4.16\", {arch = %s, cacheline = %n, config = %v})",
	"H[%h] = %H[%s]",
	"H[%h] = %H.sock",
	"H[%h] = %H.tcp_opt",
	"local s = %H:pahole(%o)",
	"local s = %H:json()",
	"local m = %H:member(%s)",
	"local m = %H:offsetof(%v)",
	"local v = %H[%s]",
	"local v = %H[%v]",
	"%H[%s] = %v",
	"local v = #%H",
	"local v = tostring(%H)",
	"local v = %H == %H",
	"local p = sklab.profile(%s)",
	"local p = sklab.profiles()",
	"local p = sklab.sets()",
	"scene.step(%v)",
	"scene.predict(%v, %v)",
	"scene.show(%H)",
	"scene.show(%H, %H)",
	"scene.show(%H, %o)",
	"scene.show(%H, %H, {caches = {%s, %s}, titles = {%s, %s}})",
	"scene.show(%H, {view = \"cache\"})",
	"scene.show(%H, {heat = %H, metric = %s, owner = %v})",
	"scene.show(%H, {highlight = {%s, %s}})",
	"scene.show()",
	"scene.show(%s)",
	"scene.show(%v, {title = %v, mark = {%s, %v}})",
	"scene.show(%H, {report = %v, mark = %v})",
	"scene.show(%H, {caches = {%s}, report = %s, mark = {%s}})",
	"local r = %H:report()",
	"scene.chart(%c)",
	"expect(%v, %v)",
	"expect_panic(%f, %v, %v)",
	"print(%v, %H)",
	"local ok = pcall(%H, %v)",
	"local v = %H[%s](%H, %v)",
	"H[%h] = %H",
	"H[%h] = nil",
	"collectgarbage()",
	"H[%h] = setmetatable({}, {__index = %H})",
	"local s = string.format(\"%%s %%d\", %v, %n)",
	"scene.show(%H, {view = \"c2c\"})",
	"scene.show(%H, {view = \"c2c\", lines = %v})",
};
/* clang-format on */

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void value(rd *r, out *o, int depth);

static void number(rd *r, out *o)
{
	unsigned b = byte(r);
	if (b < 128)
		put(o, "%d", (int)b - 32);
	else if (b < 224)
		put(o, "(%s)", specials[(b - 128) % COUNT(specials)]);
	else
		put(o, "%u", byte(r) | byte(r) << 8 | byte(r) << 16);
}

static void string_lit(rd *r, out *o)
{
	unsigned b = byte(r);
	if (b < 200) {
		put(o, "\"%s\"", strs[b % COUNT(strs)]);
	} else if (b < 240) { /* raw bytes from the input, escaped */
		unsigned n = byte(r) % 24, i;
		put(o, "\"");
		for (i = 0; i < n; i++)
			put(o, "\\%u", byte(r));
		put(o, "\"");
	} else {
		put(o, "string.rep(\"%s\", %u)", strs[byte(r) % COUNT(strs)], byte(r) * 40);
	}
}

static void table(rd *r, out *o, int depth)
{
	unsigned n = byte(r) % 6, i;
	put(o, "{");
	for (i = 0; i < n; i++) {
		unsigned b = byte(r);
		if (b & 1)
			put(o, "%s = ", keys[(b >> 1) % COUNT(keys)]);
		value(r, o, depth + 1);
		put(o, ", ");
	}
	put(o, "}");
}

static void value(rd *r, out *o, int depth)
{
	unsigned b = byte(r);
	switch (b % 12) {
	case 0:
		put(o, "nil");
		break;
	case 1:
	case 2:
		number(r, o);
		break;
	case 3:
	case 4:
		string_lit(r, o);
		break;
	case 5:
	case 6:
		put(o, "H[%u]", byte(r) % NSLOTS);
		break;
	case 7:
		put(o, (b >> 4) & 1 ? "true" : "false");
		break;
	case 8:
	case 9:
		if (depth < 3)
			table(r, o, depth);
		else
			put(o, "{}");
		break;
	case 10:
		put(o, "function() return H[%u] end", byte(r) % NSLOTS);
		break;
	default:
		put(o, "H");
		break;
	}
}

static void level(rd *r, out *o)
{
	static const char *const names[] = {"\"L1d\"", "\"L1i\"", "\"L2\"", "\"LL\"", "\"x\""};
	static const char *const pol[] = {"\"lru\"", "\"plru\"", "\"random\"", "nil", "\"x\""};
	put(o, "{name = %s, size = ", names[byte(r) % COUNT(names)]);
	number(r, o);
	put(o, ", assoc = ");
	number(r, o);
	put(o, ", line = ");
	number(r, o);
	put(o, ", policy = %s, write = ", pol[byte(r) % COUNT(pol)]);
	value(r, o, 2);
	put(o, ", latency = ");
	number(r, o);
	put(o, "}");
}

static void chart(rd *r, out *o)
{
	unsigned ns = byte(r) % 4, i, j;
	put(o, "{title = ");
	value(r, o, 2);
	put(o, ", bars = %s, xlabels = {\"a\", ", byte(r) & 1 ? "true" : "false");
	value(r, o, 2);
	put(o, "}, series = {");
	for (i = 0; i < ns; i++) {
		unsigned np = byte(r) % 5;
		put(o, "{name = ");
		string_lit(r, o);
		put(o, ", points = {");
		for (j = 0; j < np; j++) {
			put(o, "{");
			number(r, o);
			put(o, ", ");
			number(r, o);
			put(o, "}, ");
		}
		put(o, "}}, ");
	}
	put(o, "}}");
}

static void stmt(rd *r, out *o)
{
	const char *t = stmts[byte(r) % COUNT(stmts)];
	for (; *t; t++) {
		if (*t != '%') {
			put(o, "%c", *t);
			continue;
		}
		switch (*++t) {
		case 'h':
			put(o, "%u", byte(r) % NSLOTS);
			break;
		case 'H':
			put(o, "H[%u]", byte(r) % NSLOTS);
			break;
		case 'v':
			value(r, o, 0);
			break;
		case 'n':
			number(r, o);
			break;
		case 's':
			string_lit(r, o);
			break;
		case 'p': {
			static const char *const p[] = {"\"linux-2.4.16-i386\"", "\"linux-6.18-x86_64\"",
							"\"linux-2.6.31-x86_64\"", "nil"};
			unsigned b = byte(r);
			if (b < 240)
				put(o, "%s", p[b % COUNT(p)]);
			else
				string_lit(r, o);
			break;
		}
		case 'o':
			table(r, o, 1);
			break;
		case 'l':
			level(r, o);
			break;
		case 'c':
			chart(r, o);
			break;
		case 'f':
			put(o, "function() local x = H[%u]:put(", byte(r) % NSLOTS);
			number(r, o);
			put(o, ") end");
			break;
		default:
			put(o, "%%");
			break;
		}
	}
}

/* The script the input stands for; the caller frees it. */
static char *generate(const uint8_t *data, size_t size)
{
	static const char *const profiles[] = {"linux-2.4.16-i386", "linux-6.18-x86_64", "linux-2.6.31-x86_64"};
	rd r = {data, size, 0};
	out o = {malloc(4096), 0, 4096};
	unsigned b = byte(&r), i;
	if (!o.s)
		abort();
	put(&o, "-- generated by fuzz_lua_api\n");
	if (b % 4 != 3)
		put(&o, "scenario { title = \"fuzz\", goal = \"fuzz\", profile = \"%s\" }\n", profiles[b % 4]);
	put(&o, "local H = {}\n");
	/* most scripts start with something to call methods on */
	if (b & 4)
		put(&o, "pcall(function() H[0] = sklab.kernel{ram_mb = 16} end)\n");
	if (b & 8)
		put(&o, "pcall(function() H[1] = H[0]:alloc_skb(%u) end)\n", 64u << ((b >> 4) & 3));
	for (i = 0; i < MAX_STMTS && r.at < r.n; i++) {
		put(&o, "pcall(function() ");
		stmt(&r, &o);
		put(&o, " end)\n");
	}
	return o.s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[1024];
	skl_lua_opts opts;
	skl_lua *rt;
	skl_events *log;
	skl_error err;
	char *script;
	if (size > 4096)
		return 0;
	script = generate(data, size);
	if (getenv("SKLAB_FUZZ_PRINT"))
		fputs(script, stdout);
	fz_mkdirs("out");
	fz_write("api.lua", (const uint8_t *)script, strlen(script), path, sizeof(path));
	free(script);

	memset(&opts, 0, sizeof(opts));
	opts.data_dir = fz_data_dir();
	opts.heap_limit = (size_t)32 << 20;
	opts.instr_limit = 1000000;
	opts.max_events = 2000;
	opts.max_layouts = 64;
	{
		static char outdir[1024];
		snprintf(outdir, sizeof(outdir), "%s/out", fz_tmpdir());
		opts.out_dir = outdir;
	}
	rt = skl_lua_new(&opts, &err);
	log = skl_events_new(0);
	if (rt && log && skl_lua_run_file(rt, path, log, &err) < 0 && getenv("SKLAB_FUZZ_PRINT"))
		printf("%s:%d: %s\n", err.file, err.line, err.msg);
	skl_events_free(log);
	skl_lua_free(rt);
	fz_empty_dir(fz_tmpdir(), 0);
	return 0;
}
