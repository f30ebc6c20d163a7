-- refcnt_line.lua
-- title:   sk_refcnt leaves the lookup keys' line (Linux 4.4, 2015)
-- goal:    See why Eric Dumazet moved sk_refcnt 8 bytes further
--          (8e5eb54d303b, "net: align sk_refcnt on 128 bytes boundary"):
--          eight CPUs take SYNs for eight SO_REUSEPORT listeners on one hash
--          chain; every SYN reads every listener's lookup keys and takes and
--          drops a reference on the one it picks. Before, the reference count
--          shares a line with the chain link the others read: false sharing,
--          which c2c tells apart now that it names members inside
--          __sk_common. In 4.4 the first 128 bytes are read-mostly.
-- profile: linux-6.18-x86_64
-- layouts: linux-4.3 (with SKLAB_SO_INCOMING_CPU), linux-4.4
-- length:  about 6 minutes (6 steps)

scenario {
  title = "sk_refcnt leaves the lookup keys' line (Linux 4.4, 2015)",
  goal = "A SYN flood on SO_REUSEPORT listeners before and after 8e5eb54d303b: the refcount's line, "
      .. "the lookup keys' lines, false and true sharing in the c2c report, and the commit's 4.2 to 6.0 Mpps "
      .. "beside the model's cycles.",
  profile = "linux-6.18-x86_64",
  length = "about 6 minutes (6 steps)",
}

-- The struct data: include/net/sock.h of 4.3 and of 4.4, x86_64, with IPv6
-- and network namespaces (assets/layouts/linux-4.3 and linux-4.4, checked
-- with gcc by tests/data/check-linux-4.3-4.4.sh). "Before" is the kernel
-- the commit measured, its parent in net-next: v4.3 plus 70da268b569d
-- ("net: SO_INCOMING_CPU setsockopt() support"), which put skc_incoming_cpu
-- before skc_refcnt (the set's SKLAB_SO_INCOMING_CPU): refcnt at 120, and
-- "8 bytes further" is 128. In v4.3 itself it is at 116, on the same line.
local CONFIG = { "CONFIG_SMP", "CONFIG_IPV6", "CONFIG_NET_NS", "CONFIG_RPS" }
local CONFIG43 = { "CONFIG_SMP", "CONFIG_IPV6", "CONFIG_NET_NS", "CONFIG_RPS", "SKLAB_SO_INCOMING_CPU" }
local ERA = {
  { name = "4.3", types = sklab.layouts("linux-4.3", { arch = "x86_64", config = CONFIG43 }) },
  { name = "4.4", types = sklab.layouts("linux-4.4", { arch = "x86_64", config = CONFIG }) },
}
local v43 = sklab.layouts("linux-4.3", { arch = "x86_64", config = CONFIG })
local CPUS, LISTENERS, SYNS = 8, 8, 40 -- SYNs per CPU, after one round that warms the caches
local PORT, TCP_LISTEN, AF_INET = 80, 10, 2

-- The machine: the profile's caches (a current Xeon: the 2015 test box was
-- older, the lines were as wide) for 8 CPUs kept coherent with MESI.
-- Listeners are allocated from a "TCP" cache typed as the era's struct sock
-- head (the rest of a tcp_sock is never touched here).
local function machine(era)
  local k = sklab.kernel { profile = "linux-6.18-x86_64", cpus = CPUS }
  local cache = k:cache_create("TCP", era.types.sock, { hwcache_align = true })
  local ls = {}
  -- listen() on CPU i: SO_REUSEPORT, and SO_INCOMING_CPU = i when siloed;
  -- inet_hash() links each at the head of the listening chain (the nulls
  -- list: the last one's next is the chain's nulls marker, left 0 here)
  for i = 0, LISTENERS - 1 do
    k:on_cpu(i, function()
      local sk = cache:alloc { zero = true }
      sk:write("skc_num", PORT)
      sk:write("skc_family", AF_INET)
      sk:write("skc_state", TCP_LISTEN)
      sk:write("skc_reuseport", 1)
      sk:write("skc_refcnt", 1)
      sk:write("skc_incoming_cpu", i)
      if ls[1] then
        sk:write("skc_nulls_node.next", tonumber(ls[1].addr))
      end
      table.insert(ls, 1, sk)
    end)
  end
  return k, ls
end

-- compute_score() of net/ipv4/inet_hashtables.c (v4.3, with the
-- sk_incoming_cpu == raw_smp_processor_id() match that 70da268b569d added
-- for the kernel the commit measured): net_eq(sock_net(sk), net), inet_num == hnum,
-- !ipv6_only_sock(sk), sk_family, inet_rcv_saddr (bound to any: no compare),
-- sk_bound_dev_if (none) and sk_incoming_cpu == raw_smp_processor_id().
local function score(sk, cpu)
  sk:read("skc_net")
  if sk:read("skc_num") ~= PORT or sk:read("skc_ipv6only") ~= 0 then
    return -1
  end
  local s = sk:read("skc_family") == AF_INET and 2 or 1
  if sk:read("skc_rcv_saddr") ~= 0 then
    return -1
  end
  if sk:read("skc_bound_dev_if") ~= 0 then
    return -1
  end
  if sk:read("skc_incoming_cpu") == cpu then
    s = s + 1
  end
  return s
end

-- One SYN on cpu: __inet_lookup_listener() (v4.3) walks the chain with
-- sk_nulls_for_each_rcu(), scoring every listener; among equal scores with
-- SO_REUSEPORT it keeps one by the flow hash (reciprocal_scale(phash,
-- matches), next_pseudo_random32); then atomic_inc_not_zero(&sk_refcnt)
-- and compute_score() once more on the result. tcp_v4_rcv() processes the
-- SYN (not modelled) and sock_put() drops the reference.
local function syn(ls, cpu, phash)
  local result, hiscore, matches = nil, 0, 0
  for _, sk in ipairs(ls) do
    local s = score(sk, cpu)
    if s > hiscore then
      result, hiscore, matches = sk, s, 1
      sk:read("skc_reuseport")
    elseif s == hiscore then
      matches = matches + 1
      if (phash * matches) >> 32 == 0 then
        result = sk
      end
      phash = (phash * 1664525 + 1013904223) & 0xffffffff
    end
    sk:read("skc_nulls_node.next")
  end
  local ref = result:read("skc_refcnt")
  result:write("skc_refcnt", ref + 1) -- atomic_inc_not_zero()
  score(result, cpu)
  result:write("skc_refcnt", result:read("skc_refcnt") - 1) -- sock_put()
end

-- Totals of the listeners' accesses: coherence misses, HITMs and cycles.
local function totals(k)
  local t = { coherence = 0, hitm = 0, cycles = 0, accesses = 0 }
  for _, r in ipairs(k:misses { owner = "sock" }) do
    t.coherence = t.coherence + (r.coherence or 0)
    t.hitm = t.hitm + (r.hitm or 0)
    t.cycles = t.cycles + r.cycles
    t.accesses = t.accesses + r.reads + r.writes
  end
  return t
end

-- A SYN flood: every CPU takes SYNs from its own RX queue, round by round.
-- With siloed, the listener whose sk_incoming_cpu is the CPU wins (+1);
-- without, the flow hash picks one of the eight.
local function flood(era, siloed)
  local k, ls = machine(era)
  if not siloed then
    for _, sk in ipairs(ls) do
      k:on_cpu(0, function() sk:write("skc_incoming_cpu", -1) end)
    end
  end
  k:cache_model(sklab.cache {})
  local seed = 12345
  local function round()
    for cpu = 0, CPUS - 1 do
      seed = (seed * 1103515245 + 12345) & 0xffffffff
      local phash = seed
      k:on_cpu(cpu, function() syn(ls, cpu, phash) end)
    end
  end
  round()
  local t0 = totals(k)
  for _ = 1, SYNS do
    round()
  end
  local t1, n = totals(k), SYNS * CPUS
  local r = {
    k = k,
    coherence = (t1.coherence - t0.coherence) / n,
    hitm = (t1.hitm - t0.hitm) / n,
    cycles = (t1.cycles - t0.cycles) / n,
    accesses = (t1.accesses - t0.accesses) / n,
    c2c = k:c2c(),
  }
  -- coherence misses by listener line, over the whole run
  r.line = {}
  for _, l in ipairs(r.c2c.lines) do
    if l.owner == "sock" then
      r.line[l.line] = (r.line[l.line] or 0) + l.coherence
    end
  end
  for i = 0, 3 do
    r.line[i] = r.line[i] or 0
  end
  return r
end

-- The c2c report cut to fit a panel: the shared-line table's rows and the
-- member rows of the first shared listener line, member and CPUs columns.
local function c2c_panel(r, title)
  local out = { title, "" }
  local rep = r.c2c
  out[#out + 1] = string.format("%-12s %6s %6s %6s  %s", "line", "HITM", "CohMis", "stores", "sharing")
  local first
  for _, l in ipairs(rep.lines) do
    if l.owner == "sock" then
      first = first or l
      if #out < 12 then
        out[#out + 1] = string.format("%-12s %6d %6d %6d  %s", "sock:" .. l.line, l.hitm, l.coherence, l.writes,
          l.sharing)
      end
    end
  end
  if not first then
    out[#out + 1] = "(no listener line shared: no HITM, no coherence miss)"
    return table.concat(out, "\n")
  end
  out[#out + 1] = ""
  out[#out + 1] = string.format("members of sock:%d (one listener's line %d):", first.line, first.line)
  out[#out + 1] = string.format("  %-31s %6s %6s %6s", "member", "loads", "stores", "CohMis")
  for _, m in ipairs(first.members) do
    out[#out + 1] = string.format("  %-31s %6d %6d %6d", m.member, m.reads, m.writes, m.coherence)
  end
  return table.concat(out, "\n")
end

local t43, t44 = ERA[1].types, ERA[2].types
local off43 = t43.sock_common:member("skc_refcnt").offset
local off44 = t44.sock_common:member("skc_refcnt").offset
local node43 = t43.sock_common:member("skc_nulls_node").offset
local node44 = t44.sock_common:member("skc_nulls_node").offset

---------------------------------------------------------------------------
-- 1. The two layouts, line by line.

scene.show(t43.sock_common, t44.sock_common, { highlight = { "skc_refcnt", "skc_nulls_node", "line:1" } })
scene.step(string.format("struct sock_common, x86_64 with IPv6, in the kernel the commit measured (left: v4.3 "
  .. "with SO_INCOMING_CPU's skc_incoming_cpu) and in 4.4 (right). Before, skc_refcnt at %d shares the line "
  .. "64-127 with skc_nulls_node (%d), the link the listener lookup follows, and the IPv6 keys. 4.4's 8-byte "
  .. "union (skc_flags/skc_listener/skc_tw_dr) moves it 8 bytes further: at %d it opens line 2, and the "
  .. "first 128 bytes are read-mostly", off43, node43, off44))
expect(off43 == 120 and node43 == 96 and t43.sock_common.size == 128, "before: refcnt 120, chain link 96, 128 bytes")
expect(v43.sock_common:member("skc_refcnt").offset == 116, "v4.3 itself: refcnt 116, on the same line")
expect(off44 == 128 and node44 == 104 and t44.sock_common.size == 136, "4.4: refcnt 128, chain link 104, 136 bytes")
expect(off43 // 64 == node43 // 64 and off44 // 64 ~= node44 // 64,
  "the refcount leaves the chain link's line")

---------------------------------------------------------------------------
-- 2. Before: eight siloed listeners, eight CPUs, 4.3's layout.

local b = flood(ERA[1], true)
scene.show(b.k, { view = "c2c" })
scene.step(string.format("Before: each CPU's SYN walks all 8 listeners (compute_score() reads skc_net, skc_num, "
  .. "skc_family, skc_rcv_saddr, skc_bound_dev_if, skc_incoming_cpu, then skc_nulls_node.next) and takes and "
  .. "drops a reference on its own. That write lands on line 1, which the 7 other CPUs read to walk the "
  .. "chain: false sharing, %.1f coherence misses and %.1f HITMs per SYN", b.coherence, b.hitm))
expect(b.line[1] > 0 and b.coherence > 0, "before: the listeners' line 1 (keys and chain link) takes coherence misses")
expect(b.line[0] == 0, "before: line 0 (IPv4 keys, ports, family) is only read: no coherence miss")
local fs = false
for _, l in ipairs(b.c2c.lines) do
  if l.owner == "sock" and l.line == 1 and l.sharing == "false" then fs = true end
end
expect(fs, "before: c2c calls line 1 false sharing (skc_refcnt written, skc_nulls_node read)")

---------------------------------------------------------------------------
-- 3. After: the same flood on 4.4's layout.

local a = flood(ERA[2], true)
scene.show(c2c_panel(a, "4.4: k:c2c(), 8 CPUs x 41 SYNs, siloed listeners"),
  { title = "perf c2c, shared cache lines (4.4)", mark = { "no listener line" } })
scene.step(string.format("4.4: the same SYNs read the same keys, but skc_refcnt is on line 2, which only its "
  .. "listener's CPU touches: %.1f coherence misses per SYN (before: %.1f). Lines 0 and 1 stay in every CPU's "
  .. "cache", a.coherence, b.coherence))
expect(a.line[0] == 0 and a.line[1] == 0, "4.4: no coherence miss on the keys' lines 0 and 1")
expect(a.coherence == 0 and a.hitm == 0, "4.4 siloed: no line of a listener is contended at all")

---------------------------------------------------------------------------
-- 4. The figures beside the commit's.

local ratio = b.cycles / a.cycles
local fig = table.concat({
  "per SYN (8 listeners, 8 CPUs)   before      4.4",
  string.format("accesses to listeners          %8.1f %8.1f", b.accesses, a.accesses),
  string.format("coherence misses               %8.2f %8.2f", b.coherence, a.coherence),
  string.format("HITM                           %8.2f %8.2f", b.hitm, a.hitm),
  string.format("modelled cycles (lookup + ref) %8.1f %8.1f", b.cycles, a.cycles),
  "",
  string.format("model: before/4.4 cycles of these accesses  %.2fx", ratio),
  string.format("commit: 4.2 -> 6.0 Mpps SYN              %.2fx", 6.0 / 4.2),
  "",
  "left out: SYN cookies and sha_transform, routing,",
  "the SYNACK, allocation, the 16-queue NIC, prefetch",
}, "\n")
scene.show(fig, { title = "model and measurement", mark = { "model:", "commit:" } })
scene.step(string.format("Per SYN the model charges %.0f cycles to the listeners before and %.0f after (%.2fx). "
  .. "The commit measured the whole SYN path, 4.2 to 6.0 Mpps (1.43x): its profile spends 6.5%% in "
  .. "__inet_lookup_listener and far more elsewhere, none of which the model sees, so the figures only "
  .. "agree in direction", b.cycles, a.cycles, ratio))
expect(b.cycles > a.cycles and ratio > 1.43, "the model's lookup alone gains more than the whole path did")

---------------------------------------------------------------------------
-- 5. No siloing: SO_REUSEPORT alone spreads SYNs by flow hash.

local bn, an = flood(ERA[1], false), flood(ERA[2], false)
scene.show(an.k, { view = "c2c" })
scene.step(string.format("Without SO_INCOMING_CPU the flow hash picks the listener, so every CPU writes every "
  .. "listener's refcount: true sharing the move cannot cure. 4.4 still loses line 2 (%.1f coherence misses "
  .. "per SYN), but keeps lines 0 and 1; before, the keys went with it (%.1f per SYN)", an.coherence, bn.coherence))
expect(an.line[2] > 0 and an.line[0] == 0 and an.line[1] == 0,
  "4.4 unsiloed: the refcount's line is still contended, the keys' lines are not")
expect(bn.line[1] > an.line[1] and bn.coherence > an.coherence, "before, unsiloed: line 1 bounces too")

---------------------------------------------------------------------------
-- 6. What the c2c report could not say before it named nested members.

local members = {}
for _, l in ipairs(b.c2c.lines) do
  if l.owner == "sock" and l.line == 1 then
    for _, m in ipairs(l.members) do
      members[m.member] = true
    end
    break
  end
end
scene.show(t43.sock, { highlight = { "__sk_common" } })
scene.step("The listeners are struct sock objects: the report names __sk_common.skc_refcnt and "
  .. "__sk_common.skc_nulls_node.next apart, so one written and one read member make false sharing. Named only "
  .. "by __sk_common, the same line would look truly shared, and no move would seem to help")
expect(members["__sk_common.skc_refcnt"] and members["__sk_common.skc_nulls_node.next"],
  "c2c names the nested members of line 1")
