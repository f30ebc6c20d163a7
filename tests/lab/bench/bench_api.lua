-- sklab.bench from a scenario
--
-- Goal: the binding returns every variant of a workload with the cache
-- model's figures (deterministic) and the host's timings (only their types
-- are checked: no timing is asserted), and refuses bad arguments clearly.
-- Profile: linux-2.4.16-i386 (lat_connect, hash_lookup), linux-2.6.31-x86_64
-- (skb_put_inline, its own era).

scenario {
  title = "sklab.bench",
  goal = "host timings beside the cache model's estimate, from Lua",
  profile = "linux-2.4.16-i386",
}

local r = sklab.bench("lat_connect", { quick = true, model_only = true })
expect(r.workload == "lat_connect", "the workload's name")
expect(r.profile == "linux-2.4.16-i386", "lat_connect runs on its thread's machine")
expect(r.machine:find("Pentium III", 1, true) ~= nil, "the era's cache model")
expect(r.mhz == 800, "the model's clock")
expect(#r.variants == 6, "six objects")
expect(r.variants[1] == r.variants.sock, "variants by position and by name")
expect(r.variants.sock.object_size == 812 and r.variants.sock.cache_size == 832, "struct sock 812 B, 832 in its cache")
expect(r.variants.tcp_sock.object_size == 788 and r.variants.tcp_sock.cache_size == 800, "tcp_sock 788 B, 800")
expect(r.variants.sock_all.model.lines > r.variants.sock.model.lines, "all protocols zero more lines")
expect(r.variants.sock.model.lines > r.variants.tcp_sock.model.lines, "the fat sock zeroes more lines than tcp_sock")
expect(r.variants.tcp_sock.model.lines > r.variants.udp_sock.model.lines, "tcp_sock more than udp_sock")
expect(r.variants.sock.timed == false and r.variants.sock.median == nil, "model only: not timed")
expect(r.variants.sock.counters.cycles == false, "model only: no counters")
expect(type(r.variants.sock.counter_reasons.cycles) == "string", "and the reason")
expect(type(r.variants.sock.model.misses.L1d) == "number", "misses by level name")

local again = sklab.bench("lat_connect", { quick = true, model_only = true })
expect(again.variants.tcp_sock.model.cycles == r.variants.tcp_sock.model.cycles, "model cycles are deterministic")
expect(again.variants.sock.model.misses.L2 == r.variants.sock.model.misses.L2, "model misses are deterministic")

local h = sklab.bench("hash_lookup", { quick = true, model_only = true })
local one, spread = h.variants["one_line/4096"], h.variants["spread/4096"]
expect(one.objects == 4096, "table size")
expect(one.model.misses.L1d < spread.model.misses.L1d, "Miller: identity in one line misses less")
expect(one.model.lines < spread.model.lines, "and touches fewer lines")

local s = sklab.bench("skb_put_inline", { quick = true, time_ms = 2, samples = 3 })
local inl, ool = s.variants.inline, s.variants.out_of_line
expect(s.profile == "linux-2.6.31-x86_64", "skb_put_inline runs on 2.6.31's machine")
expect(type(inl.median) == "number" and inl.min > 0 and inl.min <= inl.median and inl.median <= inl.max,
  "timed: positive, ordered")
expect(inl.samples == 3, "three samples")
for _, name in ipairs({ "cycles", "instructions", "L1-dcache-load-misses", "L1-icache-load-misses" }) do
  local c = inl.counters[name]
  expect(type(c) == "number" or (c == false and type(inl.counter_reasons[name]) == "string"),
    "counter " .. name .. ": a number or n/a with the reason")
end
expect(ool.model.accesses > inl.model.accesses, "out of line: more accesses (calls, fetches)")
expect(inl.code_bytes == nil or inl.code_bytes > 0, "code size measured or n/a")

local x = sklab.bench("lat_connect", { profile = "linux-6.18-x86_64", quick = true, model_only = true })
expect(x.profile == "linux-6.18-x86_64" and x.variants.sock.object_size == 812,
  "the 2.4.16 structs on another era's machine")

local ok, msg = pcall(sklab.bench, "lat_tcp")
expect(not ok and msg:find("known: lat_connect, hash_lookup, skb_put_inline", 1, true) ~= nil,
  "an unknown workload names the known ones")
ok, msg = pcall(sklab.bench, "lat_connect", { reps = 0 })
expect(not ok and msg:find("reps", 1, true) ~= nil, "reps = 0 is refused")
ok, msg = pcall(sklab.bench, "lat_connect", { quick = "yes" })
expect(not ok and msg:find("boolean expected", 1, true) ~= nil, "quick must be a boolean")
ok, msg = pcall(sklab.bench, "lat_connect", { profile = "no-such-profile", model_only = true })
expect(not ok, "an unknown profile raises")

local f = sklab.bench("false_sharing", { quick = true, model_only = true, threads = 4 })
expect(f.profile == "linux-6.18-x86_64" and f.variants.shared.model.smp.cpus == 4,
  "false_sharing: four CPUs in the model")
expect(f.variants.shared.model.smp.hitm == 1 and f.variants.split.model.smp.hitm == 0,
  "one HITM per increment when the members share a line, none when they are 128 bytes apart")
expect(f.variants.reader.model.smp.invalidations == 3, "the writer invalidates three readers' copies")
expect(f.host == nil and f.host_ratio == nil, "model only: no host line, no host ratio")
ok, msg = pcall(sklab.bench, "false_sharing", { threads = 9 })
expect(not ok and msg:find("threads", 1, true) ~= nil, "threads = 9 is refused")
