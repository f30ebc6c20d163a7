/*
 * api.c - the one table that lists the scenario API: every function,
 * method and field a script can use, with its arguments and a line of help.
 * Registration and docs/lua-api.md both come from it; a test fails when
 * the doc is stale. The functions are the libraries' own (static in each
 * l_*.c, which exports them in one skl__reg slice): registration finds each
 * entry's by name, and refuses a table and slices that do not name the
 * same functions. Holds no state.
 */
#include "lua_impl.h"

#include <string.h>

#define SECTION(title)                                                                                                 \
	{                                                                                                              \
		title, "", "", SKL__API_SECTION                                                                        \
	}

static const skl__api api_table[] = {
    SECTION("Scenario"),
    {"scenario", "{title=, goal=, profile=, length=}",
     "Starts the scenario: title, learning goal and kernel profile (which must exist); length, when given, says "
     "how long it takes (\"10 minutes\") or how many steps it has. Call it once, before scene.* and expect.",
     SKL__API_GLOBAL},
    {"scene.step", "(caption)", "Ends a frame with this caption (a STEP event).", SKL__API_LIB},
    {"scene.predict", "(question, answer)",
     "A checkpoint: two frames on the view already shown, the question (caption \"Predict: question\") and then "
     "the answer (\"Answer: answer\"), so a class can guess before it sees. Both are non-empty strings; compute "
     "the answer from the engine before the call.",
     SKL__API_LIB},
    {"scene.show", "(layout, ... [, {highlight=}])",
     "Puts these layouts on screen from the next frame on (a SHOW event holding copies); no argument clears it. "
     "A last table {highlight = {\"line:0\", \"daddr\"}} emphasises cache lines or members (dotted paths).",
     SKL__API_LIB},
    /* the same function, its second form (documentation only) */
    {"scene.show", "(kernel [, kernel2] [, {caches=, titles=, report=, mark=}])",
     "Puts a snapshot of a kernel's caches as they are now on screen (the slab view); two kernels make a compare "
     "frame. caches = {\"sock\", ...} keeps only those caches, in that order (a compare keeps those each side "
     "has); titles = {\"before\", \"after\"} names the two sides. report = k:report() (or any text) puts the "
     "report beside them as a console; its lines holding one of mark = {\"BUG\", ...} (up to 16 strings) "
     "stand out. Pointer members of live typed objects that hold an address inside a live object are drawn "
     "as arrows from the holder's cell to the target's (pointers = false leaves them out).",
     SKL__API_INDEX},
    {"scene.show", "(obj [, {view = \"bytes\", from=}])",
     "Puts one object's bytes on screen (the bytes view): a hex dump, 16 bytes a row with offsets and "
     "cache-line rules, each member a colour band over its bytes, holes and padding hatched, and beside each "
     "row the members that start in it decoded by type (obj:get's values; pointers into live objects as "
     "links, \"next \u2192 sock#0\"). from = a member name or byte offset starts the dump there (rows that do "
     "not fit are left out, with a note saying where the rest starts).",
     SKL__API_INDEX},
    {"scene.show", "(text [, {title=, mark=}])",
     "Puts a text on screen as a console (up to 64 KiB: a kernel report, a log): the lines in the largest type "
     "that fits them, the title on top (default \"kernel log\"), the lines holding one of mark = {...} (up to 16 "
     "strings) in amber.",
     SKL__API_INDEX},
    {"scene.show", "(skb_or_path, ... [, {bytes=}])",
     "Puts snapshots of up to 8 skbs as they are now on screen (the skb view): head to end with skb_shared_info, "
     "headroom, data and tailroom, the headers pushed, head/data/tail/end. Skbs sharing a head (an skb and its "
     "clones) are drawn as sharing it; a path stands for its skb and its clone. Under the picture, the "
     "packet-bytes pane shows the first skb's linear bytes (from the mac header, or data, to tail; the first 256) "
     "as hex and ASCII, 16 a row, each header's bytes on a band in its block's colour, linked to the block on "
     "hover; bytes = false leaves it out (it is on when the skb has header regions and there is room).",
     SKL__API_INDEX},
    {"scene.show", "(cm [, {title=}]) or (kernel, {view=\"cache\"})",
     "Puts a snapshot of a cache model on screen (the cache view): every level's sets and ways, hit or miss, "
     "dirty, touched since the last snapshot, and, when it feeds a kernel, the member owning each line and the "
     "misses by member and by object line.",
     SKL__API_INDEX},
    {"scene.show", "(kernel, {view=\"c2c\" [, lines=]})",
     "Puts perf c2c's shared cache lines of the kernel's coherent cache model on screen (the c2c view; the "
     "figures of k:c2c()): the lines ranked by HITM, then coherence misses, each with its owner, line index, "
     "address, HITM and coherence bars, its bytes as a strip of member blocks coloured by who touched them, "
     "an R/W cell per CPU under each member, and its false or true sharing. lines = N draws at most N lines "
     "(1 to 1000; default: what fits). The kernel needs a model of several CPUs (a kernel of cpus = N, or "
     "sklab.cache{cpus = N}, attached with k:cache_model).",
     SKL__API_INDEX},
    {"scene.show", "(layout, {heat = kernel, metric=, owner=})",
     "Puts a layout on screen with a heat overlay from the kernel's attribution: metric \"L1d\" (the default: "
     "misses of the first data level; any level name), \"misses\" (all levels), \"cycles\", \"accesses\", "
     "or, on a coherent model of two CPUs or more, \"coherence\" (coherence misses) or \"hitm\" (the c2c "
     "overlay: each touched member shows which CPUs read and wrote it, each line with coherence misses or "
     "HITMs is framed and labelled false or true sharing as k:c2c() reports it; on a one-CPU model these two "
     "are an error); owner defaults to the layout's name without \"struct \".",
     SKL__API_INDEX},
    {"scene.chart",
     "{title=, xlabel=, ylabel=, bars=, xlabels=, series={{name=, points={{x, y [, lo, hi]}, ...}}, ...}}",
     "Puts a chart on screen from the next frame on: lines (or grouped bars with bars = true) of up to 64 series "
     "of up to 10000 finite points each; with bars, xlabels names the categories x = 0, 1, ...; a point {x, y, lo, "
     "hi} (lo <= y <= hi) draws an error bar, as for a host median's 95% interval (v.ci_lo, v.ci_hi of sklab.bench)",
     SKL__API_LIB},
    {"expect", "(cond, msg)",
     "Records an EXPECT event with msg; a false cond makes the run fail at the end, but the script goes on. "
     "Returns cond as a boolean.",
     SKL__API_GLOBAL},
    {"print", "(...)", "Writes its arguments, tab-separated, as PRINT events (one per line) and to the echo output.",
     SKL__API_GLOBAL},
    {"expect_panic", "(fn, msg [, pattern])",
     "Calls fn and expects it to end in a kernel panic (skb_over_panic, skb_under_panic, a BUG): records an "
     "EXPECT event \"msg: <the panic line>\", which fails when fn returned, raised another error, or the panic "
     "line does not match the Lua pattern. Returns ok and the panic line (or the error). The skb stays as the "
     "kernel left it.",
     SKL__API_GLOBAL},

    SECTION("sklab"),
    {"sklab.layouts", "(set, opts)",
     "The structs of a layout set (a directory under assets/layouts) laid out for opts = {profile=, arch=, cacheline=, "
     "config={...} or \"A,B\"}. Without opts.profile and opts.arch the scenario's profile gives the ABI, cache line "
     "and config; set may be nil when a profile names one. Returns a types object.",
     SKL__API_LIB},
    {"sklab.cheader", "(name, opts)",
     "The structs of a C header in the scenario's own folder, read as sklab layout --c reads one "
     "(docs/c-input.md: the fixed-width and kernel types need no typedef) and laid out for opts = {profile=, "
     "arch=, cacheline=, config={...} or \"A,B\"} as sklab.layouts does. name is relative (\"my.h\", "
     "\"include/my.h\"): an absolute name, \"..\", a symbolic link out of the folder, a file that is not "
     "regular or is over 1 MiB is refused, naming it. A C error raises with the header's file:line. Returns a "
     "types object: its layouts work with scene.show, cache_create (typed objects) and sklab.whatif.",
     SKL__API_LIB},
    {"sklab.btf", "(name, opts)",
     "The struct name of the running kernel's BTF (/sys/kernel/btf/vmlinux) as a layout, x86_64 and the "
     "scenario profile's cache line unless opts = {profile=, arch=, cacheline=} says otherwise. Raises when the "
     "kernel has no BTF or no such struct. Works with scene.show, cache_create and sklab.whatif.",
     SKL__API_LIB},
    {"sklab.profile", "(name)",
     "A kernel profile as a table {name, kernel, arch, layouts, allocator, page_size, cacheline, cpus, ram_mb, "
     "config, description}; no name gives the scenario's.",
     SKL__API_LIB},
    {"sklab.profiles", "()", "The names of the kernel profiles, sorted.", SKL__API_LIB},
    {"sklab.sets", "()", "The names of the layout sets, sorted.", SKL__API_LIB},
    {"sklab.version", "", "sklab's version, a string.", SKL__API_FIELD},
    {"sklab.cache", "{profile=, levels=, memory=, seed=, title=, cpus=, transfer=, hitm=}",
     "A cache model (documentation entry: sklab.cache is a table you call). With profile (default: the "
     "scenario's), the era's machine from the profile's cache table; with levels = {{name=, size=, assoc=, "
     "line=, policy=\"lru\"|\"plru\"|\"random\", write=\"allocate\"|\"no-allocate\", latency=}, ...}, "
     "those levels (\"L1i\" and \"L1d\" are split, other names unified) with memory cycles for a full miss and "
     "seed for random replacement. cpus = N (1 to 64) models N CPUs kept coherent with MESI: private levels "
     "per CPU, the last unified level shared; without it, a model feeding a machine of several CPUs models "
     "that many (one CPU keeps the plain model). transfer and hitm are the cycles a coherent model charges "
     "for a line another CPU's cache supplies, clean and Modified (default: the profile's cache table, else "
     "the first shared level's latency plus the first private data level's, for both). Bad geometry is an "
     "error.",
     SKL__API_INDEX},
    {"sklab.cache.host", "()",
     "A cache model of this host's caches (sysfs, else the C library's figures), typical latencies; nil and a "
     "reason when the host says nothing. Host-dependent: keep it out of golden files.",
     SKL__API_LIB},

    {"sklab.kernel",
     "{profile=, cpus=, ram_mb=, smp=, debug_slab=, slub_debug=, kasan=, skb_era=, skb_bug_on=, max_tcp_header=}",
     "A simulated machine: the profile's RAM as real pages, its slab allocator (2.4 SLAB or SLUB) with the "
     "general or kmalloc caches of boot. profile defaults to the scenario's; debug_slab = true is 2.4's "
     "CONFIG_DEBUG_SLAB (statistics, red zones, poison); slub_debug = \"FZPU\" (or true) is SLUB's slab_debug; "
     "kasan = true is CONFIG_KASAN_GENERIC (SLUB: bigger slots, a shadow, reports; see k:kasan_report). "
     "skb_era = \"2.4\", \"2.6.31\" or \"6.x\" picks the sk_buff model (default: from the profile's kernel "
     "version); skb_bug_on = true is the Aug 2009 patch (2.6.31 only: skb_put and skb_push inline with BUG_ON); "
     "max_tcp_header (64 to 4096) replaces the era's MAX_TCP_HEADER. Every allocator and skb operation becomes "
     "an event of the run. Returns a kernel, or nil and a reason.",
     SKL__API_LIB},
    {"sklab.hdr.eth", "{src=, dst=, type=}",
     "An Ethernet header (14 bytes) to push: MAC addresses as text (\"02:00:00:00:00:01\", the default source; "
     "...:02 the destination), type from 0x600 (default 0x0800, IPv4).",
     SKL__API_LIB},
    {"sklab.hdr.ipv4", "{src=, dst=, proto=, ttl=, id=, tos=, df=, tot_len=}",
     "An IPv4 header (20 bytes): addresses as dotted quads (default 10.0.0.1 > 10.0.0.2), proto \"tcp\" "
     "(default), \"udp\" or a number, ttl 64, id 1, df true; tot_len and the header checksum follow what the "
     "skb holds behind it (tot_len = n fixes it).",
     SKL__API_LIB},
    {"sklab.hdr.tcp",
     "{sport=, dport=, seq=, ack=, flags=, window=, urg=, timestamps=, syn_options=, tsval=, tsecr=, mss=, "
     "wscale=, src=, dst=}",
     "A TCP header: 20 bytes, 32 with timestamps = true (NOP NOP TS), 40 with syn_options = true (MSS, SACK-ok, "
     "TS, wscale). flags as tcpdump prints them (\"S\", \"SA\", \"PA\"; default \"PA\"); defaults 43210 > 80, "
     "seq 1, ack 1, window 502. The checksum covers the IPv4 pseudo-header of the IPv4 header pushed in front "
     "of it (src and dst only until then) and everything behind it, frags included.",
     SKL__API_LIB},
    {"sklab.hdr.udp", "{sport=, dport=, len=, src=, dst=}",
     "A UDP header (8 bytes): default 43210 > 53; len and the checksum follow what is behind it (len = n fixes "
     "the length).",
     SKL__API_LIB},
    {"sklab.payload", "(n [, pattern [, seed]])",
     "n bytes of payload to put: pattern \"text\" (default: \"sklab payload 0000 \" with a counter), \"zero\" "
     "or \"count\" (00 01 02 ... from seed).",
     SKL__API_LIB},
    {"sklab.tx_tcp", "(k, {payload=, mss=, no_sg=, src=, dst=, sport=, dport=, seq=, ack=, timestamps=, dev=, ...})",
     "One TCP segment on the transmit path of k's era, as a path whose :next() does one kernel step: alloc "
     "(reserve MAX_TCP_HEADER), copy (the payload: linear in 2.4, page frags in 2.6.31 and 6.x; no_sg = true "
     "keeps 2.6.31 linear), clone (tcp_transmit_skb), tcp, ip, eth (push the headers), xmit (the clone is freed), "
     "ack (the skb is freed). payload is a byte count or a sklab.payload (default: mss, 1448); timestamps "
     "defaults to true (a 32-byte TCP header). Further options: src_mac, dst_mac, id, ttl, window, flags.",
     SKL__API_LIB},
    {"sklab.rx", "(k, {frame_len=, buf_len=, src=, dst=, sport=, dport=, timestamps=, dev=, ...})",
     "A received TCP frame's journey as a path: alloc (the driver's buffer with NET_SKB_PAD and NET_IP_ALIGN), "
     "dma (skb_put of the frame), eth (eth_type_trans pulls 14), netif (network header), ip (ip_rcv), deliver "
     "(pull the IPv4 header), tcp (pull the TCP header), consume (freed). frame_len defaults to 1514, buf_len "
     "(the driver's buffer, 2.6.31 and 6.x) to 1536.",
     SKL__API_LIB},
    {"sklab.bench",
     "(name [, {quick=, reps=, time_ms=, samples=, profile=, counters=, model_only=, host_model=, mem_mb=, "
     "threads=}])",
     "Runs a host-timing workload (\"lat_connect\", \"hash_lookup\", \"skb_put_inline\", \"false_sharing\") as "
     "`sklab bench` does and returns {workload, profile, machine, mhz, levels, variants = {{name, min, median, max "
     "(ns), ci_lo, ci_hi (the median's 95% interval), ci_pct, noisy (wider than +-5%), counters, model = {misses, "
     "cycles, ns, lines, smp}, ratio, code_bytes}, ...}} (variants also by name); "
     "model_only is true when nothing was timed (model_only = true, or `sklab run --model-only`: then no "
     "variant has median); false_sharing adds host (this host's CPUs), host_ratio = {name = \"shared/split\", value} "
     "when timed, and "
     "model.smp = {cpus, coherence_misses, hitm, transfers, invalidations} per increment; threads (2 to 8) is its "
     "thread and modelled CPU count. Host figures vary between "
     "runs; model figures do not. profile defaults to the workload's era; counters = false skips perf_event_open. "
     "Returns nil and a reason when the machine runs out of memory.",
     SKL__API_LIB},

    {"sklab.whatif", "{struct=, changes=, reorganize=, paths=, slab=, profile=, config=, cacheline=}",
     "The layout-change what-if of `sklab whatif`: struct is a layout (from sklab.layouts) or \"set/name\" (a bare "
     "name, or set = \"...\", takes the profile's set); changes lists up to 256 edits applied in order, each a table "
     "{add = \"u64 stamp\", after= | before= | at = \"start\"|\"end\"}, {remove = m}, {move = m, after= | before= "
     "| to = \"start\"|\"end\"}, {resize = m, length= | bits= | type=}, {retype = m, type = \"__u64\"} or the "
     "command line's text (\"remove tp_pinfo\"); paths = {name = {member, ...}} are access paths; slab = "
     "{hwcache_align=, align=, ctor=, rcu=, debug=, cpus=, name=, objects=} describes the cache. profile defaults to "
     "the scenario's (when it uses the set), config and cacheline to the layout's. reorganize = true (no changes) "
     "packs the holes as `pahole --reorganize` does, never larger, keeping each path's members together "
     "(`sklab whatif --reorganize`). Returns a whatif result; an "
     "unknown member or a change that cannot apply is an error naming changes[i].",
     SKL__API_LIB},

    SECTION("whatif results (from sklab.whatif)"),
    {"w.before", "",
     "The struct before the changes: {size, align, members, holes, hole_bytes, bit_holes, bit_hole_bits, padding, "
     "cachelines, lines = {path = lines touched}, paths = {path = {lines = {...}, text = \"0-1\", members = {m = "
     "{first, last} or false}}}, slab_size (2.4 objsize, SLUB slab_size), objs_per_slab, order, pages_per_slab, "
     "slabs and bytes (for w.objects objects), layout}.",
     SKL__API_FIELD},
    {"w.after", "", "The same after the changes; after.layout is the changed struct.", SKL__API_FIELD},
    {"w.delta", "", "after - before for each number (lines too: delta.lines.path).", SKL__API_FIELD},
    {"w.layout", "",
     "The changed struct as a layout object (scene.show, :pahole(), :member()); it carries the struct's own name.",
     SKL__API_FIELD},
    {"w.changes", "", "The changes as the command line writes them (\"add u64 stamp after tcp_mstamp\").",
     SKL__API_FIELD},
    {"w.reorganize", "",
     "With reorganize = true: {method = the order that won, candidates = orders laid out, moves = {\"move l to "
     "start\", ...}, demoted = {\"demote f from unsigned int to unsigned char\", ...}}; nil otherwise.",
     SKL__API_FIELD},
    {"w.struct", "", "\"set/name\"; also w.profile, w.allocator, w.cache (the cache's name) and w.objects.",
     SKL__API_FIELD},
    {"w:text", "([show])",
     "The report of `sklab whatif` for the same question, a string: the table, then the new layout's pahole text; "
     "show = \"table\" gives the table alone (--table), \"diff\" a unified diff of the two pahole texts (--diff), "
     "\"after\" the default. tostring(w) is w:text().",
     SKL__API_METHOD},
    {"w:json", "()", "The report as `sklab whatif --json` prints it.", SKL__API_METHOD},

    SECTION("types objects (from sklab.layouts)"),
    {"types[name]", "",
     "The layout of a struct or union: types.sock, types[\"struct sock\"], types.tcp_opt. An unknown name is an "
     "error; layouts are computed once and cached.",
     SKL__API_INDEX},

    SECTION("layout objects"),
    {"layout.name", "", "\"struct sock\".", SKL__API_FIELD},
    {"layout.size", "", "Size in bytes.", SKL__API_FIELD},
    {"layout.align", "", "Alignment in bytes.", SKL__API_FIELD},
    {"layout.cacheline", "", "The cache-line size it was laid out for.", SKL__API_FIELD},
    {"layout.cachelines", "", "Cache lines it spans.", SKL__API_FIELD},
    {"layout.padding", "", "Bytes of trailing padding.", SKL__API_FIELD},
    {"layout.arch", "", "The ABI: \"i386\" or \"x86_64\".", SKL__API_FIELD},
    {"layout.config", "", "The config options it was laid out for, \"A,B\".", SKL__API_FIELD},
    {"layout.note", "", "The data file's note, or nil.", SKL__API_FIELD},
    {"layout.union", "", "true for a union.", SKL__API_FIELD},
    {"layout.packed", "", "true when packed.", SKL__API_FIELD},
    {"layout.members", "",
     "Every member in layout order (nested ones too), as tables {name, path, type, offset, size, align, "
     "bit_offset, bit_size, cacheline, cacheline_last, config, depth, hole}; bit_size is 0 for a plain member.",
     SKL__API_FIELD},
    {"layout.holes", "", "The holes, as tables {offset, size, after}; after is the path of the member before it.",
     SKL__API_FIELD},
    {"layout:pahole", "(opts)",
     "The layout as pahole prints it, a string; opts = {hex=true, conds=true} adds --hex and CONFIG_ conditions.",
     SKL__API_METHOD},
    {"layout:json", "()", "The layout as one JSON object, a string.", SKL__API_METHOD},
    {"layout:member", "(name)", "A member's table by path or unique name, or nil and a reason.", SKL__API_METHOD},
    {"layout:offsetof", "(path)", "A member's offset in bytes; an unknown member is an error.", SKL__API_METHOD},

    SECTION("kernel objects (from sklab.kernel)"),
    {"k.profile", "", "The profile's name.", SKL__API_FIELD},
    {"k.allocator", "", "\"slab\" (Linux 2.4) or \"slub\".", SKL__API_FIELD},
    {"k.arch", "", "\"i386\" or \"x86_64\".", SKL__API_FIELD},
    {"k.page_size", "", "Bytes per page.", SKL__API_FIELD},
    {"k.cacheline", "", "Bytes per cache line (L1_CACHE_BYTES).", SKL__API_FIELD},
    {"k.cpus", "", "The machine's CPU count (sklab.kernel's cpus =, else the profile's).", SKL__API_FIELD},
    {"k:on_cpu", "(n, fn, ...)",
     "Runs fn(...) with the machine's current CPU set to n (0 to k.cpus - 1) and returns what fn returns: "
     "the allocations and frees inside it use CPU n's per-CPU array (2.4 SMP) or CPU slab, partial list and "
     "sheaves (SLUB), and their events say cpu=n. The CPU before is restored afterwards, also when fn raises "
     "(the error goes on); calls nest. fn may not yield (a coroutine would go on with CPU n current). A CPU "
     "out of range is an error naming the CPU count.",
     SKL__API_METHOD},
    {"k:cpu", "()", "The machine's current CPU: 0 at boot, n inside k:on_cpu(n, fn).", SKL__API_METHOD},
    {"k:cache_create", "(name, size_or_layout, opts)",
     "kmem_cache_create: a cache of objects of size bytes (or of a layout's size, which then types them). opts = "
     "{hwcache_align=, red_zone=, poison=, no_reap=, dma=, rcu=, ctor= (booleans), align=, freeptr_offset=, "
     "sheaf_capacity= (SLUB 6.18: per-CPU sheaves of that many objects, at most 1024, none under slub_debug), "
     "type=layout}. "
     "Returns a cache; SLUB may merge it into an existing one (c.alias_of says which). What the "
     "kernel refuses (a name too long, a duplicate, a bad size) gives nil and its report.",
     SKL__API_METHOD},
    {"k:kmalloc", "(n)",
     "kmalloc(n) from the size class that serves n bytes: an object with .requested = n and .bucket = the class "
     "size. SLUB serves n above the largest class (two pages) from the page allocator, as kmalloc_large does: "
     ".cache = \"kmalloc_large\", .size = the 2^order pages. nil and a reason above the largest class (2.4) or "
     "KMALLOC_MAX_SIZE (SLUB, 4 MiB), or when memory runs out.",
     SKL__API_METHOD},
    {"k:kfree", "(obj)",
     "kfree: true, or nil and the first line of the kernel's report when it would BUG (a double free, a pointer "
     "it does not own); the scenario goes on. kfree(nil) does nothing.",
     SKL__API_METHOD},
    {"k:kasan_report", "()",
     "The latest KASAN report of a kernel made with {kasan = true} (Linux 4.0+, SLUB), as the kernel prints it: "
     "\"BUG: KASAN: slab-out-of-bounds in ...\", the task, the alloc and free tracks, where the address lies in its "
     "object, and the shadow bytes around it. nil before the first. KASAN checks obj:read and obj:write before "
     "the access and reports a bad one (the access still happens, inside the slot); a freed object's handle may "
     "still read and write while its address lies in a slab object, or a kmalloc_large one's while its pages "
     "are free (a dangling pointer: KASAN checks it, and a write it reports is not done); kfree of a freed "
     "object is a double-free report and is not done; a kmalloc_large block's report has no object, only its "
     "page.",
     SKL__API_METHOD},
    {"k:kasan_quarantine", "()",
     "KASAN's quarantine (mm/kasan/quarantine.c) on a kernel made with {kasan = true}: {objects, bytes (their "
     "slots), cpu_bytes (the current CPU's queue), percpu_bytes, global_bytes, max_size (RAM / 32 less "
     "percpu_size per CPU), batch_size, percpu_size (1 MiB), batches, batches_used, put, released}. A freed object "
     "waits there, poisoned, so the next allocation gets another one; nil and a reason without KASAN.",
     SKL__API_METHOD},
    {"k:report", "()",
     "The latest report the kernel printed, whole, as it prints it: a SLUB debug report (the BUG line, the "
     "bytes around the damage, the tracks, the FIX line), a 2.4 \"kernel BUG at slab.c\", or KASAN's. nil "
     "before the first. Show it beside the slab view with scene.show(k, {report = k:report(), mark = {...}}).",
     SKL__API_METHOD},
    {"k:reap", "()", "kmem_cache_reap (2.4; SLUB: 0): slabs given back to the page allocator.", SKL__API_METHOD},
    {"k:slabinfo", "()", "/proc/slabinfo as this kernel prints it (version 1.1 for 2.4, 2.1 for SLUB), a string.",
     SKL__API_METHOD},
    {"k:ram", "()", "The machine's RAM in bytes: {total=, used=, free=, page_size=}.", SKL__API_METHOD},
    {"k:alloc_skb", "(n)",
     "alloc_skb(n, GFP_KERNEL) as the era did it: an sk_buff from skbuff_head_cache, a head of n bytes (rounded "
     "to SMP_CACHE_BYTES) plus skb_shared_info from kmalloc (6.x: the small-head cache, and the bucket's slack "
     "as tailroom). Returns an skb, or nil and a reason when memory runs out.",
     SKL__API_METHOD},
    {"k:alloc_skb_fclone", "(n)",
     "alloc_skb_fclone (2.6+): the sk_buff comes from skbuff_fclone_cache with a free companion, so the first "
     "clone costs no allocation. An error in 2.4.",
     SKL__API_METHOD},
    {"k:dev_alloc_skb", "(n)",
     "dev_alloc_skb(n): 2.4 alloc_skb(n + 16) and skb_reserve(16); later eras n + NET_SKB_PAD and reserve it.",
     SKL__API_METHOD},
    {"k:skb_from_frame", "(bytes, opts)",
     "A captured frame (a string, e.g. a sklab.pcap_read frame's bytes) put into a driver's buffer as the era's "
     "RX path does: 2.4 dev_alloc_skb(len + 2) and skb_reserve(2) (tulip_rx, e100); 2.6.31 netdev_alloc_skb(dev, "
     "len + NET_IP_ALIGN) and skb_reserve(NET_IP_ALIGN); 6.x napi_alloc_skb(len); then skb_put(len), the bytes "
     "copied, its Ethernet, IPv4, TCP/UDP headers and payload named as regions, and eth_type_trans: mac header "
     "set, skb_pull(14), skb.protocol from the EtherType. opts = {dev=} (\"eth0\"). Returns the skb and a "
     "caption.",
     SKL__API_METHOD},
    {"k:netdev_alloc_skb", "(dev, n)",
     "netdev_alloc_skb (2.6+): n + NET_SKB_PAD, reserve NET_SKB_PAD, skb->dev = dev (a name, or nil); 6.x takes "
     "a page-fragment head for mid-sized requests. An error in 2.4.",
     SKL__API_METHOD},
    {"k:netdev_alloc_skb_ip_align", "(dev, n)",
     "netdev_alloc_skb_ip_align (2.6+): netdev_alloc_skb(dev, n + NET_IP_ALIGN) and reserve NET_IP_ALIGN (2 in "
     "2.6.31, 0 on x86 in 6.x). An error in 2.4.",
     SKL__API_METHOD},
    {"k:socket", "({proto=, rcvbuf=, sndbuf=, name=})",
     "A socket whose memory accounting follows k's era: every skb it holds is charged its truesize to "
     "rmem_alloc (received) or wmem_alloc (sent), against rcvbuf and sndbuf. proto \"udp\" (default; accounted "
     "in SK_MEM_QUANTUM pages through forward_alloc from 2.6.25) or \"raw\" (not accounted); rcvbuf and sndbuf "
     "are setsockopt(SO_RCVBUF/SO_SNDBUF) values: doubled, clamped to rmem_max/wmem_max, at least "
     "SOCK_MIN_RCVBUF/SNDBUF; default the era's rmem_default and wmem_default (65535, 124928, 212992).",
     SKL__API_METHOD},
    {"k:cache_model", "([cm])",
     "Attaches the cache model cm: from now on every memory touch of the machine (member reads and writes, "
     "zeroing, copies, skb fields and headers, slab_t/bufctl and SLUB free pointers) is fed to it, one access "
     "per cache line touched, and attributed to members and object lines; each touch is an access event. false "
     "detaches; no argument returns the attached model or nil. A model feeds one kernel at a time.",
     SKL__API_METHOD},
    {"k:misses", "({owner=, by=})",
     "The attribution of the attached model's accesses: rows {owner, member, offset, size, reads, writes, "
     "misses = {L1d = n, ...}, cycles}, sorted by owner then offset; by = \"line\" gives one row per object "
     "cache line (member \"line N\") instead of per member. owner (\"tcp_sock\", \"slab_t\", \"freeptr\", "
     "\"sk_buff\", a cache name) keeps only its rows. With a model of several CPUs each row also has "
     "coherence (misses on a line lost to another CPU's write), hitm (lines taken from another CPU's Modified "
     "copy) and cpus = {[c + 1] = {reads=, writes=}} for the CPUs that touched it. nil and a reason without a "
     "model.",
     SKL__API_METHOD},
    {"k:c2c", "({text=})",
     "perf c2c's shared cache lines: the machine's lines that CPUs contended for (a coherence miss or a "
     "HITM), HITM first: {cpus, accesses, reads, writes, coherence, hitm, lines_seen, lines = {{addr, owner, "
     "line, reads, writes, coherence, hitm, cycles, sharing = \"false\"|\"true\"|\"true+false\", cpus, "
     "members = {{member, offset, size, reads, writes, coherence, hitm, cpus}, ...}}, ...}}. text = true "
     "gives perf c2c report --stdio's tables instead. Empty with a one-CPU model; nil and a reason without "
     "a model.",
     SKL__API_METHOD},

    SECTION("cache objects (from k:cache_create)"),
    {"c.name", "", "The cache's name.", SKL__API_FIELD},
    {"c.alias_of", "", "SLUB: the cache this one was merged into, or nil.", SKL__API_FIELD},
    {"c.object_size", "", "The object size asked for.", SKL__API_FIELD},
    {"c.size", "", "The size of a slot in a slab (2.4 objsize: with red zone and alignment).", SKL__API_FIELD},
    {"c.type", "", "The layout the cache was created with, or nil.", SKL__API_FIELD},
    {"c:alloc", "{zero=, type=}",
     "kmem_cache_alloc: an object (zeroed with zero = true; type = layout overrides the cache's), or nil and "
     "\"out of memory\" when the machine's RAM is used up.",
     SKL__API_METHOD},
    {"c:free", "(obj)",
     "kmem_cache_free: true, or nil and the first line of the kernel's report when it would BUG (a double free, "
     "the wrong cache, a red zone overwritten); the scenario goes on. A freed object's handle is stale, but can "
     "be freed again to see the kernel catch it (and, under KASAN, read or written: see k:kasan_report).",
     SKL__API_METHOD},
    {"c:shrink", "()", "kmem_cache_shrink: frees the cache's free slabs; returns how many.", SKL__API_METHOD},
    {"c:destroy", "()",
     "kmem_cache_destroy: true, or nil and the kernel's complaint while objects are allocated. The handle is "
     "stale afterwards.",
     SKL__API_METHOD},
    {"c:stats", "()",
     "The cache's numbers as a table: name, alias_of, object_size, size (= objsize), align, flags, order, "
     "pages_per_slab, objs_per_slab, offslab, mgmt_size, left_over, colour, colour_off, colour_next, limit, "
     "batchcount, cpu_avail, inuse, freeptr_offset, red_left_pad, min_objects, active_objs, num_objs, active_slabs, "
     "num_slabs, "
     "in_use, high, allocs, grown, reaped, errors, allochit, allocmiss, freehit, freemiss, cpu_partial, "
     "cpu_partial_slabs, slabs_cpu_partial, cpu_partial_free, sheaf_capacity, sheaf_objects, barn_full, "
     "barn_empty, pages (in slabs) and bytes. active_objs is "
     "/proc/slabinfo's: it counts the free objects of the CPU slabs and of the slabs on the CPUs' partial lists "
     "(SLUB) and of the per-CPU arrays (2.4 SMP) as active; in_use is the objects handed out and not freed, which "
     "the slab view draws as allocated. SLUB 6.x: cpu_partial (sysfs, objects) and cpu_partial_slabs (the slabs "
     "that makes half full) limit each CPU's partial list; slabs_cpu_partial is the slabs on those lists now and "
     "cpu_partial_free their free objects (0 on 2.6.31 and on debug caches, which have no such lists). SLUB 6.18 "
     "sheaves: sheaf_objects is the free objects held in the CPUs' sheaves and the barn's full ones (allocated "
     "to their slabs, so counted in active_objs, not in in_use), barn_full and barn_empty the barn's sheaves. "
     "limit and cpu_avail are the current CPU's (see k:on_cpu): 2.4 SMP its array's limit and the objects in it, "
     "SLUB the free objects on its CPU freelist.",
     SKL__API_METHOD},
    {"c:info", "()", "The same table as c:stats().", SKL__API_METHOD},

    SECTION("objects (from c:alloc and k:kmalloc)"),
    {"obj.addr", "", "The simulated kernel address as hex text: \"0xc1002040\".", SKL__API_FIELD},
    {"obj.address", "", "The address as an integer (for pointer arithmetic; x86_64 addresses read negative).",
     SKL__API_FIELD},
    {"obj.cache", "", "The name of the cache that holds it (\"kmalloc_large\": SLUB pages, no cache).", SKL__API_FIELD},
    {"obj.via", "",
     "SLUB merging: the alias it was allocated through (a cache whose alias_of is obj.cache), or nil when it "
     "came through the cache's own name. The slab view marks such objects.",
     SKL__API_FIELD},
    {"obj.size", "", "Usable bytes: the cache's object size (kmalloc: the size class).", SKL__API_FIELD},
    {"obj.requested", "", "kmalloc: the n asked for; otherwise the size.", SKL__API_FIELD},
    {"obj.bucket", "", "kmalloc: the size class that served it; otherwise nil.", SKL__API_FIELD},
    {"obj.index", "", "Its index in its slab (nil for kmalloc_large pages).", SKL__API_FIELD},
    {"obj.slab", "", "The address of its slab's first page, hex text (nil for kmalloc_large pages).", SKL__API_FIELD},
    {"obj.type", "", "Its layout, or nil.", SKL__API_FIELD},
    {"obj:write", "(member_or_offset, value, size)",
     "Stores into the object's real bytes: a member (through its layout) or size bytes (default 1) at a byte "
     "offset. A member is named by its path, by a name only one member has, or inside a member that holds a "
     "struct or union: '__sk_common.skc_refcnt' in a struct sock, or 'skc_refcnt' alone while no other "
     "member is called that (the layout's own members first; a name several members have is an error that "
     "asks for the path). value is an integer for 1, 2, 4 and 8 bytes and bitfields, a fill byte for other "
     "sizes; none writes the pattern 0xcc. Outside the object is an error.",
     SKL__API_METHOD},
    {"obj:read", "(member_or_offset, size)",
     "Reads a member (named as obj:write names it) or size bytes at an offset back: an unsigned integer for "
     "1, 2, 4 and 8 bytes and bitfields, hex text for other sizes. With a cache model, a read or write counts "
     "against the member's full path ('__sk_common.skc_refcnt'), and bytes at an offset against the innermost "
     "member holding them.",
     SKL__API_METHOD},

    {"obj:set", "(member, value)",
     "Stores a value into a member by its type: an integer for integers and bitfields, a string for a char "
     "array (NUL-padded; it must fit with its NUL), an object or skb for a pointer (its simulated address; an "
     "integer address or nil for NULL too). One write, counted by a cache model as obj:write's.",
     SKL__API_METHOD},
    {"obj:get", "(member)",
     "Reads a member back decoded by its type: an integer (negative for a signed type), for a pointer its "
     "address and, second, what it points to (\"node#1\", \"tcp_sock#3+0x10\", \"NULL\"), a char array's text, "
     "a struct's or array's summary. One read, as obj:read's.",
     SKL__API_METHOD},

    SECTION("skb objects (from k:alloc_skb and its kin)"),
    {"skb.head", "", "0: offsets are from head.", SKL__API_FIELD},
    {"skb.data", "", "data - head (negative after skb_under_panic).", SKL__API_FIELD},
    {"skb.tail", "", "tail - head (past end after skb_over_panic).", SKL__API_FIELD},
    {"skb.end_", "", "end - head, where skb_shared_info starts (skb[\"end\"] too).", SKL__API_FIELD},
    {"skb.head_addr", "", "head's simulated address as hex text.", SKL__API_FIELD},
    {"skb.data_addr", "", "data's simulated address as hex text.", SKL__API_FIELD},
    {"skb.addr", "", "The struct sk_buff's simulated address as hex text.", SKL__API_FIELD},
    {"skb.len", "", "Bytes of the packet: linear plus paged.", SKL__API_FIELD},
    {"skb.data_len", "", "The paged bytes (frags).", SKL__API_FIELD},
    {"skb.headlen", "", "skb_headlen: len - data_len.", SKL__API_FIELD},
    {"skb.truesize", "", "The memory the kernel charges for it.", SKL__API_FIELD},
    {"skb.headroom", "", "skb_headroom: data - head.", SKL__API_FIELD},
    {"skb.tailroom", "", "skb_tailroom: end - tail, 0 when nonlinear.", SKL__API_FIELD},
    {"skb.users", "", "References to the sk_buff.", SKL__API_FIELD},
    {"skb.dataref", "", "skb_shared_info's dataref as stored (2.6+: payload-only references << 16 | all).",
     SKL__API_FIELD},
    {"skb.cloned", "", "skb->cloned: the head is (or was) shared with a clone.", SKL__API_FIELD},
    {"skb.shared_head", "", "skb_cloned(): cloned and the head still has other references.", SKL__API_FIELD},
    {"skb.nr_frags", "", "Page fragments in skb_shared_info.", SKL__API_FIELD},
    {"skb.buf_size", "", "Bytes of the head allocation.", SKL__API_FIELD},
    {"skb.head_cache", "",
     "Where the head came from: \"size-2048\", \"kmalloc-2k\", \"skbuff_small_head\", \"page_frag\", "
     "\"kmalloc_large\" (SLUB, above the largest kmalloc class).",
     SKL__API_FIELD},
    {"skb.mac_header", "",
     "The header marks as offsets from head, nil when unset (also network_header, transport_header).", SKL__API_FIELD},
    {"skb.era", "", "\"2.4\", \"2.6.31\" or \"6.x\".", SKL__API_FIELD},
    {"skb.protocol", "", "skb->protocol in host order (0x0800 for IPv4), as eth_type_trans sets it; 0 until then.",
     SKL__API_FIELD},
    {"skb.panicked", "", "true once the kernel BUG()ed on it: only free and scene.show still work.", SKL__API_FIELD},
    {"skb.report", "", "The kernel's last report about it (the panic and BUG lines), \"\" when none.", SKL__API_FIELD},
    {"skb.gso_size", "",
     "skb_shared_info's gso_size (the MSS of a GSO skb, 0 otherwise; also gso_segs, gso_type: 1 = "
     "SKB_GSO_TCPV4). 2.6.31 and 6.x.",
     SKL__API_FIELD},
    {"skb.frag_list_len", "", "skbs on skb_shared_info's frag_list (skb:frag_list() lists them).", SKL__API_FIELD},
    {"skb.gro_count", "", "Frames GRO merged into it (NAPI_GRO_CB(skb)->count), 0 when GRO does not hold it.",
     SKL__API_FIELD},
    {"skb:reserve", "(n)", "skb_reserve: data and tail move n bytes on (unchecked, as in the kernel). Returns data.",
     SKL__API_METHOD},
    {"skb:put", "(n [, bytes]) or (hdr)",
     "skb_put: tail and len grow by n, then the era's check: past end is skb_over_panic (or the BUG_ON "
     "variant), raised as a Lua error with the kernel's line. bytes is a string of exactly n bytes or a header "
     "object (a header alone gives n). Returns the offset of the new area.",
     SKL__API_METHOD},
    {"skb:__put", "(n [, bytes]) or (hdr)",
     "__skb_put: the same without the bounds check (the tail can pass end silently; bytes past the allocation "
     "are refused).",
     SKL__API_METHOD},
    {"skb:push", "(n [, bytes]) or (hdr)",
     "skb_push: data moves n bytes back and len grows; below head is skb_under_panic. A header's bytes are "
     "written, the lengths and checksums of the headers behind it brought up to date, and its header mark set. "
     "Returns data.",
     SKL__API_METHOD},
    {"skb:__push", "(n [, bytes]) or (hdr)", "__skb_push: the same without the check.", SKL__API_METHOD},
    {"skb:pull", "(n)",
     "skb_pull: data moves n bytes on and len shrinks; returns data, or nil and a reason when n > len (the "
     "kernel's NULL: nothing changes).",
     SKL__API_METHOD},
    {"skb:trim", "(n)",
     "skb_trim: cuts len to n when shorter (nonlinear: 2.4 trims frags, later eras WARN). Returns len.",
     SKL__API_METHOD},
    {"skb:clone", "()", "skb_clone: a new sk_buff sharing the head (dataref + 1; the fclone companion when free).",
     SKL__API_METHOD},
    {"skb:copy", "()", "skb_copy: a private linear copy with the same headroom.", SKL__API_METHOD},
    {"skb:pskb_copy", "()", "pskb_copy: a private copy of the linear part; frags shared.", SKL__API_METHOD},
    {"skb:expand_head", "(nhead [, ntail])",
     "pskb_expand_head: a new head nhead bytes bigger in front and ntail behind, the old one released; BUG when "
     "shared (users > 1) or, from 2.6, nhead < 0. true, or nil and a reason when memory runs out.",
     SKL__API_METHOD},
    {"skb:cow", "(headroom)",
     "skb_cow: a private head with at least headroom bytes (the era's floor and rounding) when the headroom is "
     "short or the head cloned. true, or nil and a reason.",
     SKL__API_METHOD},
    {"skb:get", "()", "skb_get: users + 1. Returns the skb.", SKL__API_METHOD},
    {"skb:header_release", "()", "skb_header_release (2.6+): nohdr, dataref += 1 << 16.", SKL__API_METHOD},
    {"skb:set_sk", "(obj or nil)",
     "skb->sk = obj, the pointer skb_set_owner_r/w store: written into the struct sk_buff object's own bytes "
     "(a write the cache model sees), so the slab view draws an arrow from the skb to its sock. Needs a "
     "layout set with struct sk_buff (linux-6.18) and an skb from skbuff_head_cache; the accounting of an "
     "owner is k:socket's.",
     SKL__API_METHOD},
    {"skb:free", "()",
     "kfree_skb: drops a user; the last frees the sk_buff (the handle is stale afterwards) and drops a dataref, "
     "the last of which frees the head and frags. true when the sk_buff was freed.",
     SKL__API_METHOD},
    {"skb:add_frag", "(n [, pattern])",
     "skb_add_rx_frag: n bytes in a page fragment (pattern as sklab.payload); len, data_len and truesize grow. "
     "Returns nr_frags.",
     SKL__API_METHOD},
    {"skb:set_header", "(which [, offset])",
     "skb_reset_mac_header / _network_ / _transport_: which is \"mac\", \"network\" or \"transport\"; the "
     "mark goes to data + offset. Returns it.",
     SKL__API_METHOD},
    {"sklab.pcap_read", "(name, opts)",
     "The frames of a classic pcap capture (libpcap's format: either byte order, microsecond or nanosecond "
     "stamps, link type Ethernet) in the scenario's own folder, or with opts = {from=\"output\"} the run's "
     "output folder (a capture skb:pcap writes is there once its run has ended). name is a plain name ending "
     "in .pcap: \"/\", \"..\", an absolute name, a symbolic link out of the folder, a file over 16 MiB or "
     "with more than 10000 frames is refused, naming it; a corrupt file raises with the record and its byte "
     "offset. Returns a list of {bytes=, len= (orig_len), caplen= (incl_len), ts= (seconds), ts_ns= "
     "(nanoseconds of the second), offset= (of the record in the file)}.",
     SKL__API_LIB},
    {"skb:pcap", "(file)",
     "Appends the frame (len bytes from data, frags included) to the capture file in the run's output "
     "directory: a plain name ending in .pcap (no directories, no '..'). With sklab run --pcap FILE every such "
     "frame also goes to FILE (and only there when no --frames DIR was given). Returns the frames in the "
     "capture, or nil and \"no output directory (use --frames or --pcap)\".",
     SKL__API_METHOD},
    {"skb:bytes", "([offset [, n]])", "The packet's bytes from data + offset (frags included) as hex text.",
     SKL__API_METHOD},
    {"skb:name", "([name])",
     "The name views and events give it (\"skb\", \"clone\"); with a name, renames it and returns the skb.",
     SKL__API_METHOD},
    {"skb:add_tx_frag", "(n [, pattern])",
     "tcp_sendmsg's copy of n bytes into the socket's page frag (6.x 32 KiB sk_page_frag blocks, 2.6.31 "
     "one-page sk_sndmsg_page): onto the last frag when the bytes follow it (skb_can_coalesce), else new "
     "frags; len, data_len and truesize grow by n. Returns nr_frags. 2.6.31 and 6.x.",
     SKL__API_METHOD},
    {"skb:set_gso", "(mss)",
     "tcp_set_skb_tso_segs: gso_size = mss and gso_segs = DIV_ROUND_UP(payload, mss) (gso_size 0 when the "
     "payload fits one segment). Returns gso_segs. 2.6.31 and 6.x.",
     SKL__API_METHOD},
    {"skb:segment", "([{ sg = false }])",
     "skb_segment under tcp_tso_segment: the frame (data at the Ethernet header, gso_size set) cut into "
     "MSS-sized skbs seg1, seg2, ...: each a new alloc_skb with the same headroom, a copy of the headers and "
     "references to the same pages (sg = false: the payload copied); sequence numbers, IP ids, lengths and "
     "checksums per segment. Returns the list. 2.6.31 and 6.x.",
     SKL__API_METHOD},
    {"skb:gro_receive", "(frame)",
     "skb_gro_receive: merges the frame (data at its IPv4 header) into this held packet: its frags appended "
     "(6.x to the last skb of the chain), or the frame chained on frag_list. Returns \"merged\", "
     "\"merged_free\" (the frame's sk_buff freed: its handle is stale) or \"e2big\" (over 64 KB, or 2.6.31 "
     "out of frags: complete this one and hold the frame), and the held packet (2.6.31 may put a new header "
     "skb in front).",
     SKL__API_METHOD},
    {"skb:gro_complete", "()",
     "napi_gro_complete: gso_segs = the frames merged, gso_type TCPV4, IPv4 tot_len over the whole packet. "
     "Returns the frames merged.",
     SKL__API_METHOD},
    {"skb:frag_list", "()", "The skbs on skb_shared_info's frag_list, in order.", SKL__API_METHOD},

    SECTION("header objects (from sklab.hdr.* and sklab.payload)"),
    {"hdr.kind", "", "\"ethhdr\", \"iphdr\", \"tcphdr\", \"udphdr\" or \"payload\".", SKL__API_FIELD},
    {"hdr.len", "", "Its length in bytes (#hdr too).", SKL__API_FIELD},

    SECTION("path objects (from sklab.tx_tcp and sklab.rx)"),
    {"path:next", "()",
     "Does the next kernel step: returns its name and a caption with the offsets, or nil when every step is "
     "done (nil and a reason when memory ran out). A panic raises as skb operations do.",
     SKL__API_METHOD},
    {"path:run", "([step])", "Does the steps up to and including step (default: all). Returns how many ran.",
     SKL__API_METHOD},
    {"path.skb", "", "The queued (TX) or received (RX) skb, nil before it exists and after it was freed.",
     SKL__API_FIELD},
    {"path.clone", "", "TX: the clone that goes down the stack, or nil.", SKL__API_FIELD},
    {"path.step", "", "The name of the last step done, or nil.", SKL__API_FIELD},
    {"path.caption", "", "What the last step did.", SKL__API_FIELD},
    {"path.done", "", "Steps done.", SKL__API_FIELD},
    {"path.steps", "", "The step names, in order.", SKL__API_FIELD},

    SECTION("sock objects (from k:socket)"),
    {"sock:queue_rcv", "(skb)",
     "The protocol queues a received skb: sock_queue_rcv_skb (2.4 and 2.6.31: refused when rmem_alloc + "
     "truesize >= rcvbuf; 6.x raw: when rmem_alloc >= rcvbuf) or 6.x UDP's __udp_enqueue_schedule_skb (when "
     "rmem_alloc > rcvbuf). Returns true (the socket owns the skb, charged its truesize), or nil and the "
     "-ENOMEM reason: dropped, drops + 1, and the skb is still the scenario's to free.",
     SKL__API_METHOD},
    {"sock:recv", "()",
     "recvmsg of the first queued skb: it is freed and its charge released the era's way (sock_rfree; 2.6.31 "
     "then sk_mem_reclaim_partial; 6.x UDP udp_rmem_release, which waits until a quarter of rcvbuf was read). "
     "Returns its len, or nil and a reason when nothing is queued.",
     SKL__API_METHOD},
    {"sock:wmalloc", "(n [, force])",
     "sock_wmalloc: alloc_skb(n) charged to wmem_alloc (sock_wfree gives it back when the skb is freed); nil and "
     "a reason when wmem_alloc >= sndbuf and not force.",
     SKL__API_METHOD},
    {"sock:close", "()", "Purges the receive queue (frees its skbs) and closes; the handle goes stale.",
     SKL__API_METHOD},
    {"sock.rmem_alloc", "", "sk_rmem_alloc: the truesize of the skbs it holds for reading.", SKL__API_FIELD},
    {"sock.wmem_alloc", "", "sk_wmem_alloc: the truesize of its skbs in flight (6.x: plus 1, a refcount).",
     SKL__API_FIELD},
    {"sock.forward_alloc", "",
     "sk_forward_alloc: bytes scheduled ahead from the protocol's pages, not yet charged (0 when not accounted).",
     SKL__API_FIELD},
    {"sock.forward_deficit", "", "6.x UDP: bytes read but not yet released from rmem_alloc.", SKL__API_FIELD},
    {"sock.rcvbuf", "", "sk_rcvbuf.", SKL__API_FIELD},
    {"sock.sndbuf", "", "sk_sndbuf.", SKL__API_FIELD},
    {"sock.memory_allocated", "", "The protocol's pages charged by all sockets of the machine.", SKL__API_FIELD},
    {"sock.qlen", "", "skbs on the receive queue.", SKL__API_FIELD},
    {"sock.drops", "", "sk_drops: skbs refused.", SKL__API_FIELD},
    {"sock.queued", "", "skbs queued so far.", SKL__API_FIELD},
    {"sock.received", "", "skbs read so far.", SKL__API_FIELD},
    {"sock.name", "", "Its name in events.", SKL__API_FIELD},
    {"sock.proto", "", "\"udp\" or \"raw\".", SKL__API_FIELD},
    {"sock.era", "", "\"2.4\", \"2.6.31\" or \"6.x\".", SKL__API_FIELD},

    SECTION("cache models (from sklab.cache)"),
    {"cm:access", "(addr, size [, kind [, cpu]])",
     "One access of size bytes (1 to the smallest line) at addr (an integer or hex text such as obj.addr); kind "
     "\"r\" (default), \"w\" or \"i\". Returns {hit = \"L1d\" or \"memory\", latency = cycles, missed = "
     "{\"L1d\", ...}, lines = 1 or 2}. A model of several CPUs takes cpu (default 0) and adds source "
     "(\"private\", \"peer\", \"shared\", \"memory\"), peer, peer_state, hitm, coherence, invalidated, "
     "before and after (MESI states \"M\", \"E\", \"S\", \"I\").",
     SKL__API_METHOD},
    {"cm:stats", "()",
     "The counters: {levels = {{name, size, assoc, line, sets, latency, refs, reads, writes, ifetches, hits, "
     "misses, read_misses, write_misses, ifetch_misses, compulsory, capacity, conflict, evictions, "
     "dirty_evictions, writebacks}, ...}, accesses, cycles, memory}; each level also by name (stats.L1d). A "
     "model of several CPUs sums each private level over its CPUs and adds cpus = {{coherence, transfers, "
     "hitm, rfo, upgrades, invalidated, writebacks}, ...}, transfer and hitm (the cycles of a clean and of a "
     "Modified line from another CPU's cache).",
     SKL__API_METHOD},
    {"cm:reset", "()",
     "Empties every level and zeroes the counters (and the attribution of the kernel it feeds). Returns cm.",
     SKL__API_METHOD},
    {"cm:summary", "()", "Cachegrind's end-of-run summary of the counters, a string.", SKL__API_METHOD},
    {"cm.title", "", "The machine: \"Pentium III (Coppermine), 800 MHz\", \"custom\".", SKL__API_FIELD},
    {"cm.source", "", "Where the figures come from.", SKL__API_FIELD},
    {"cm.memory", "", "Cycles of a full miss.", SKL__API_FIELD},
    {"cm.levels", "", "The level names in configuration order.", SKL__API_FIELD},
    {"cm.cpus", "", "The CPUs it models (1 for the plain model).", SKL__API_FIELD},

    SECTION("Sandbox (standard Lua, changed)"),
    {"load", "(chunk, name, mode, env)", "Lua's load for text chunks only: binary chunks are refused.",
     SKL__API_GLOBAL},
    {"pairs", "(t)",
     "Lua's pairs in sorted key order (numbers, then strings, then the rest), so runs repeat exactly; "
     "__pairs is honoured.",
     SKL__API_GLOBAL},
    {"setmetatable", "(t, mt)",
     "Lua's setmetatable, but a metatable with __gc is refused: finalizers run outside the instruction budget.",
     SKL__API_GLOBAL},
    {"tostring", "(v)", "Lua's tostring with stable ids instead of addresses: \"table: #3\".", SKL__API_GLOBAL},
    {"collectgarbage", "(opt)", "Only \"collect\", \"count\", \"step\" and \"isrunning\".", SKL__API_GLOBAL},
    {"math.randomseed", "(n)", "Needs a seed; every run starts from seed 0, so math.random repeats.", SKL__API_LIB},
    {"string.format", "(fmt, ...)", "Lua's string.format without %p; tables print with stable ids.", SKL__API_LIB},
};

#define API_COUNT ((int)(sizeof(api_table) / sizeof(api_table[0])))

void skl__push_named(lua_State *L, lua_CFunction fn, const skl__api *entry)
{
	skl__push_charged(L, fn, entry, 0, entry->name);
}

/* ---- registration -------------------------------------------------------------------- */

/* Every library's bindings (each l_*.c exports its slice): the functions
 * the table's GLOBAL, LIB and METHOD entries name. */
static const skl__reg *const libs[] = {
    skl__scene_lib, skl__layout_lib, skl__cache_lib, skl__kernel_lib, skl__skb_lib,    skl__gso_lib,  skl__sock_lib,
    skl__hdr_lib,   skl__path_lib,   skl__pcap_lib,  skl__bench_lib,  skl__whatif_lib, skl__base_lib, NULL};

static int binds(const skl__api *e)
{
	return e->kind == SKL__API_GLOBAL || e->kind == SKL__API_LIB || e->kind == SKL__API_METHOD;
}

/* The function behind entry e; raises when no library binds its name. */
static lua_CFunction binding(lua_State *L, const skl__api *e)
{
	const skl__reg *const *lib;
	const skl__reg *r;
	for (lib = libs; *lib; lib++)
		for (r = *lib; r->name; r++)
			if (!strcmp(r->name, e->name))
				return r->fn;
	luaL_error(L, "the API table names '%s', which no library binds", e->name);
	return NULL;
}

/* Raises when a library binds a name the table does not list (its
 * function would never be registered, nor documented). */
static void check_bound(lua_State *L)
{
	const skl__reg *const *lib;
	const skl__reg *r;
	int i, nbound = 0, nlisted = 0;
	for (lib = libs; *lib; lib++)
		for (r = *lib; r->name; r++)
			nbound++;
	for (i = 0; i < API_COUNT; i++)
		nlisted += binds(&api_table[i]);
	if (nbound == nlisted)
		return;
	for (lib = libs; *lib; lib++)
		for (r = *lib; r->name; r++) {
			for (i = 0; i < API_COUNT && !(binds(&api_table[i]) && !strcmp(api_table[i].name, r->name));
			     i++)
				;
			if (i == API_COUNT)
				luaL_error(L, "'%s' is bound but not in the API table", r->name);
		}
	luaL_error(L, "the API table and the libraries' bindings differ (%d names, %d bindings)", nlisted, nbound);
}

const skl__api *skl__api_find(const char *name)
{
	int i;
	for (i = 0; i < API_COUNT; i++)
		if (!strcmp(api_table[i].name, name))
			return &api_table[i];
	return NULL;
}

/* Pushes e's binding with upvalues (e, the value it replaces at t[key]). */
static void push_replacing(lua_State *L, int t, const char *key, const skl__api *e)
{
	lua_CFunction fn = binding(L, e);
	t = lua_absindex(L, t);
	lua_getfield(L, t, key);
	skl__push_charged(L, fn, e, -1, e->name);
	lua_remove(L, -2);
}

void skl__api_register(lua_State *L)
{
	int i;
	check_bound(L);
	lua_pushglobaltable(L);
	for (i = 0; i < API_COUNT; i++) {
		const skl__api *e = &api_table[i];
		if (e->kind == SKL__API_GLOBAL) {
			push_replacing(L, -1, e->name, e);
			lua_setfield(L, -2, e->name);
		} else if (e->kind == SKL__API_LIB) {
			/* "a.b.c": tables a and a.b, made when missing */
			const char *name = e->name, *dot;
			int depth = 0;
			while ((dot = strchr(name, '.')) != NULL) {
				lua_pushlstring(L, name, (size_t)(dot - name));
				if (lua_rawget(L, -2) != LUA_TTABLE) {
					lua_pop(L, 1);
					lua_newtable(L);
					lua_pushlstring(L, name, (size_t)(dot - name));
					lua_pushvalue(L, -2);
					lua_rawset(L, -4);
				}
				depth++;
				name = dot + 1;
			}
			push_replacing(L, -1, name, e);
			lua_setfield(L, -2, name);
			lua_pop(L, depth);
		}
	}
	lua_getfield(L, -1, "sklab");
	lua_pushliteral(L, SKL_VERSION);
	lua_setfield(L, -2, "version");
	lua_pop(L, 2);
}

void skl__api_methods(lua_State *L, int idx, const char *cls)
{
	size_t n = strlen(cls);
	int i;
	idx = lua_absindex(L, idx);
	for (i = 0; i < API_COUNT; i++) {
		const skl__api *e = &api_table[i];
		if (e->kind == SKL__API_METHOD && !strncmp(e->name, cls, n) && e->name[n] == ':') {
			skl__push_named(L, binding(L, e), e);
			lua_setfield(L, idx, e->name + n + 1);
		}
	}
}

/* ---- classes ---------------------------------------------------------------------- */

static void push_meta(lua_State *L, lua_CFunction fn, const skl__api *e)
{
	lua_pushlightuserdata(L, (void *)e);
	lua_pushcclosure(L, fn, 1);
}

void skl__new_class(lua_State *L, const char *mt, const char *name, const char *cls, const skl__api *e,
		    lua_CFunction index, lua_CFunction newindex, lua_CFunction tostring, lua_CFunction gc)
{
	luaL_newmetatable(L, mt);
	lua_pushstring(L, name);
	lua_setfield(L, -2, "__name");
	lua_pushlightuserdata(L, (void *)e);
	lua_newtable(L);
	if (cls)
		skl__api_methods(L, -1, cls);
	lua_pushcclosure(L, index, 2);
	lua_setfield(L, -2, "__index");
	push_meta(L, newindex, e);
	lua_setfield(L, -2, "__newindex");
	push_meta(L, tostring, e);
	lua_setfield(L, -2, "__tostring");
	if (gc) {
		lua_pushcfunction(L, gc);
		lua_setfield(L, -2, "__gc");
	}
	lua_pushstring(L, name);
	lua_setfield(L, -2, "__metatable");
	lua_pop(L, 1);
}

/* Escapes '|' so a help line stays in its table cell. */
static void md_cell(const skl_sink *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			skl_sink_puts(out, "\\|");
		else
			out->write(out->ud, s, 1);
	}
}

void skl_lua_api_write_md(const skl_sink *out)
{
	int i;
	for (i = 0; i < API_COUNT; i++) {
		const skl__api *e = &api_table[i];
		if (e->kind == SKL__API_SECTION) {
			skl_sink_printf(out, "%s### %s\n\n| name | what it does |\n|---|---|\n", i ? "\n" : "",
					e->name);
			continue;
		}
		skl_sink_printf(out, "| `%s%s` | ", e->name, e->args);
		md_cell(out, e->help);
		skl_sink_puts(out, " |\n");
	}
}
