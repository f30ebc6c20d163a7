-- skb_inline_2009.lua
-- title:   skb_put inline or out of line, Aug 2009: code size against call cost
-- goal:    Put Heiko Carstens' lat_tcp and perf stat figures beside what the
--          cache model says both variants of skb_put/skb_push touch (the
--          same data lines: the question is code, not data) and beside this
--          host's timing and code size of the two variants.
-- profile: linux-2.6.31-x86_64
-- length:  about 12 minutes (7 steps)

scenario {
  title = "skb_put inline or out of line, Aug 2009: code size against call cost",
  goal = "See that inlining skb_put changes code size and calls, not the data a packet build touches: "
      .. "the seed's perf stat, the model's data misses, and this host's timing side by side.",
  profile = "linux-2.6.31-x86_64",
  length = "about 12 minutes (7 steps)",
}

---------------------------------------------------------------------------
-- The seed: Heiko Carstens, 18 Aug 2009, Core 2 T7600 at 2.33 GHz, 32-bit
-- kernel booted with maxcpus=1, `perf stat ./lat_tcp localhost` (10 runs)

local seed = {
  without = { lat_us = { 0.2576, 0.2571, 0.2579, 0.2573, 0.2574, 0.2583, 0.2572, 0.2582, 0.2583, 0.2584 },
              cycles = 57166815217, instructions = 24994309721,
              icache_loads = 53691289530, icache_misses = 424027 },
  with = { lat_us = { 0.2588, 0.2589, 0.2581, 0.2586, 0.2584, 0.2588, 0.2586, 0.2589, 0.2582, 0.2586 },
           cycles = 56903708182, instructions = 24831456567,
           icache_loads = 53068943303, icache_misses = 418802 },
}

-- The median of ten runs is the mean of the middle two (the lower one
-- alone would make the change +0.39%).
local function median(t)
  local s = {}
  for i, v in ipairs(t) do s[i] = v end
  table.sort(s)
  local n = #s
  if n % 2 == 1 then return s[(n + 1) // 2] end
  return (s[n // 2] + s[n // 2 + 1]) / 2
end
local function mean(t)
  local sum = 0
  for _, v in ipairs(t) do sum = sum + v end
  return sum / #t
end
local function change(a, b) return (b - a) / a * 100 end

local lat_a, lat_b = median(seed.without.lat_us), median(seed.with.lat_us)
local mean_a, mean_b = mean(seed.without.lat_us), mean(seed.with.lat_us)
local rows = {
  { "lat_tcp latency", lat_a, lat_b },
  { "cycles", seed.without.cycles, seed.with.cycles },
  { "instructions", seed.without.instructions, seed.with.instructions },
  { "L1-icache-loads", seed.without.icache_loads, seed.with.icache_loads },
  { "L1-icache-load-misses", seed.without.icache_misses, seed.with.icache_misses },
}
local labels, pts = {}, {}
for i, r in ipairs(rows) do
  labels[i] = r[1]
  pts[i] = { i - 1, change(r[2], r[3]) }
  print(string.format("%-22s %16s -> %16s  %+.2f%%", r[1], tostring(r[2]), tostring(r[3]), change(r[2], r[3])))
end
scene.chart {
  title = "Seed: with skb_put/skb_push inline (BUG_ON), change against out of line",
  xlabel = "perf stat counter (lat_tcp localhost, 10 runs)", ylabel = "change in %", bars = true,
  xlabels = labels,
  series = { { name = "inline - out of line (%)", points = pts } },
}
scene.step(string.format("Seed: median latency %+.2f%% (mean %+.2f%%) while cycles %+.2f%%, instructions "
  .. "%+.2f%% and icache misses %+.2f%%: \"So latency increases while all other numbers decrease..\"",
  change(lat_a, lat_b), change(mean_a, mean_b), change(rows[2][2], rows[2][3]), change(rows[3][2], rows[3][3]),
  change(rows[5][2], rows[5][3])))
expect(string.format("%.5f", lat_a) == "0.25775" and string.format("%.4f", lat_b) == "0.2586",
  "the seed's median latencies (ten runs: the mean of the middle two)")
expect(string.format("%+.2f", change(lat_a, lat_b)) == "+0.33" and string.format("%+.2f", change(mean_a, mean_b)) == "+0.32",
  "latency: +0.33% by the medians, +0.32% by the means")

---------------------------------------------------------------------------
-- The model: the data a packet build touches, for both variants

-- Builds one TCP segment's headers on a fresh kernel of the 2.6.31 era,
-- with skb_put/skb_push out of line (the kernel as it was) or inline with
-- BUG_ON (the patch), and returns the L1d misses of the build.
local function build(bug_on)
  local k = sklab.kernel { profile = "linux-2.6.31-x86_64", skb_bug_on = bug_on }
  local cm = sklab.cache { profile = "linux-2.6.31-x86_64" }
  local skb = k:alloc_skb(2048)
  skb:reserve(128)
  k:cache_model(cm)
  skb:put(sklab.payload(100))
  skb:push(sklab.hdr.tcp { sport = 80, dport = 4242 })
  skb:push(sklab.hdr.ipv4 { src = "10.0.0.1", dst = "10.0.0.2" })
  skb:push(sklab.hdr.eth {})
  return { k = k, cm = cm, skb = skb, l1d = cm:stats().L1d }
end

local out = build(false)
local inl = build(true)
scene.show(inl.cm, { title = "skb_put + 3 skb_push on a cold 2.6.31 skb (inline variant)" })
scene.step("The model: both variants read and write the same sk_buff fields and header bytes: "
  .. out.l1d.refs .. " accesses, " .. out.l1d.misses .. " L1d misses out of line, "
  .. inl.l1d.refs .. " and " .. inl.l1d.misses .. " inline")
expect(out.l1d.refs == inl.l1d.refs and out.l1d.misses == inl.l1d.misses,
  "inline or not, the data accesses and their misses are identical")

scene.show(out.skb)
scene.step("The packet itself is the same too: 100 bytes of payload behind TCP, IPv4 and Ethernet "
  .. "headers; what inlining changes is the code around skb->tail and skb->len, not these bytes")

---------------------------------------------------------------------------
-- This host: the two variants compiled into sklab, timed natively

local b = sklab.bench("skb_put_inline", { quick = true, counters = false, time_ms = 5, samples = 11 })
local vi, vo = b.variants.inline, b.variants.out_of_line
for _, v in ipairs { vi, vo } do
  if v.timed then
    print(string.format("%s: this host, this run %.1f ns (95%% interval %.1f-%.1f%s); code %d B", v.what,
      v.median, v.ci_lo, v.ci_hi, v.noisy and ", noisy" or "", v.code_bytes))
  else
    print(string.format("%s: not timed; model %.1f ns; code %d B", v.what, v.model.ns, v.code_bytes))
  end
end
-- time only: one unit on the axis (code size is charted against call
-- sites at the end)
local series = { { name = "model (" .. b.machine .. ")", points = { { 0, vi.model.ns }, { 1, vo.model.ns } } } }
if not b.model_only then
  table.insert(series, 1, { name = "this host, this run (median, 95% interval)",
    points = { { 0, vi.median, vi.ci_lo, vi.ci_hi }, { 1, vo.median, vo.ci_lo, vo.ci_hi } } })
end
scene.chart {
  title = b.model_only and "skb_put + 3 skb_push: time per packet, the model (host timing left out)"
    or "skb_put + 3 skb_push: time per packet, this host's run against the model",
  xlabel = "variant", ylabel = "ns per packet", bars = true,
  xlabels = { "inline, BUG_ON", "out of line, skb_over_panic" },
  series = series,
}
scene.step("Inline saves the calls (code: " .. vi.code_bytes .. " B inline, " .. vo.code_bytes
  .. " B out of line). The seed's 692 KB is an x86_64 allyesconfig vmlinux file; its slower lat_tcp ran on "
  .. "a 32-bit kernel whose icache misses fell 1.23%" .. (b.model_only and "" or " (this host's bars vary from "
  .. "run to run)"))
expect(vi.model.misses.L1d == vo.model.misses.L1d, "model: the two variants miss the same data lines")

---------------------------------------------------------------------------
-- Code size against call cost: what each call site costs in bytes, and
-- what that makes of a kernel with thousands of them

-- The seed's vmlinux sizes (allyesconfig without FTRACE, x86_64, gcc 4.3.2)
local orig, inlined = 574152755, 574862000
local grown = inlined - orig
print(string.format("seed: vmlinux %d -> %d bytes: +%d bytes = %d KB (%.2f%%)", orig, inlined, grown,
  grown // 1024, grown / orig * 100))
expect(grown // 1024 == 692, "the seed's growth comes out at 692 KB")
expect(string.format("%.2f", grown / orig * 100) == "0.12", "and at 0.12% of vmlinux")

if vi.code_caller and vo.code_caller then
  local sites = vi.code_sites
  local per_inline = vi.code_caller / sites -- bytes each inlined site takes
  local per_call = vo.code_caller / sites   -- bytes each call (and its argument setup) takes
  local shared = vo.code_shared             -- skb_put + skb_push + the panics, once
  local extra = per_inline - per_call
  local pts_in, pts_out = {}, {}
  for _, n in ipairs { 1, 2, 4, 8, 16, 32, 64 } do
    pts_in[#pts_in + 1] = { n, n * per_inline }
    pts_out[#pts_out + 1] = { n, n * per_call + shared }
  end
  -- (the lines pass through the measured sizes at this build's call sites)
  local even = math.floor(shared / extra) + 1 -- the first count where inline is bigger
  if extra > 0 then
    scene.predict(string.format("In this build an inlined skb_put/skb_push site takes %.0f B; out of line, a "
      .. "call takes %.0f B and the functions with their panics %d B, once. From how many call sites on "
      .. "is the inline kernel bigger?", per_inline, per_call, shared),
      string.format("%d: at %d sites inline takes %.0f B against %.0f B out of line; at %d, %.0f B against "
        .. "%.0f B. Every site after that adds %.0f B", even, even - 1, (even - 1) * per_inline,
        (even - 1) * per_call + shared, even, even * per_inline, even * per_call + shared, extra))
  end
  print(string.format("here: %.1f B a site inline, %.1f B a call, %d B shared out of line", per_inline,
    per_call, shared))
  scene.chart {
    title = "skb_put/skb_push code against call sites, from this build's sizes",
    xlabel = "call sites in the kernel", ylabel = "code bytes",
    series = {
      { name = string.format("inline, BUG_ON: %.0f B a site", per_inline), points = pts_in },
      { name = string.format("out of line: %.0f B a call + %d B once", per_call, shared), points = pts_out },
    },
  }
  local text
  if extra > 0 then
    text = string.format("Code size: here an inlined site takes %.0f B and a call %.0f B, and out of line "
      .. "pays %d B once, so inline is smaller only below %.0f call sites. Each site past that adds %.0f B: "
      .. "the seed's +692 KB is what about %d such sites would add (the patch inlined more skb ops than "
      .. "these two, with gcc 4.3.2)", per_inline, per_call, shared, math.ceil(shared / extra), extra,
      math.floor(grown / extra + 0.5))
  else
    text = string.format("Code size: this compiler makes an inlined site (%.0f B) no larger than a call "
      .. "(%.0f B), so here inlining never grows the code; with the seed's gcc 4.3.2 the x86_64 "
      .. "allyesconfig vmlinux file grew by 692 KB", per_inline, per_call)
  end
  scene.step(text)
else
  scene.show(string.format("Code sizes are not measured on this build (%s).\n\nThe seed's allyesconfig "
    .. "grew by %d bytes (%d KB, %.2f%%) with skb_put/skb_push inline.", vi.code_how, grown, grown // 1024,
    grown / orig * 100), { title = "Code size" })
  scene.step("Code size: the seed's x86_64 allyesconfig vmlinux file grew by 692 KB (0.12%) with "
    .. "skb_put/skb_push inline; this build cannot measure its own code sizes")
end
