-- sock_cleanup_2001.lua
-- title:   From one fat struct sock to a cache per protocol (December 2001)
-- goal:    Replay the slab caches of the "cleaning up struct sock" thread on
--          the 2.4 allocator: why the fat sock costs 832 (or the thread's
--          1056) bytes a socket, how each quoted /proc/slabinfo line comes
--          about, what TCP_PINFO(sk) points at, and what a cache per
--          protocol saves for a thousand sockets of each kind.
-- profile: linux-2.4.16-i386
-- length:  about 15 minutes (11 steps)

scenario {
  title = "From one fat struct sock to a cache per protocol (December 2001)",
  goal = "Replay the thread's slab caches on the 2.4 allocator: the cost of the fat sock, "
      .. "every quoted /proc/slabinfo line, TCP_PINFO(sk) == sk + 1, and the memory a "
      .. "cache per protocol saves.",
  profile = "linux-2.4.16-i386",
  length = "about 15 minutes (11 steps)",
}

-- Layouts: pristine 2.4.16 (CONFIG_INET + CONFIG_FILTER, the profile's
-- config) and the cleanup's objects (assets/layouts/linux-2.4.16/cleanup.lua).
local types = sklab.layouts("linux-2.4.16")

-- /proc/slabinfo lines as the mail quoted them: whitespace squeezed.
local function squeeze(s)
  return (s:gsub("%s+", " "):gsub("^ ", ""):gsub(" $", ""))
end

-- `grep sock /proc/slabinfo`, squeezed, one string per line.
local function grep_sock(k)
  local out = {}
  for line in k:slabinfo():gmatch("[^\n]+") do
    if line:match("^%S*sock%S*%s") then
      out[#out + 1] = squeeze(line)
    end
  end
  return out
end

local function has_line(lines, want)
  for _, l in ipairs(lines) do
    if l == want then
      return true
    end
  end
  return false
end

-- Bytes in the slabs of the named caches.
local function slab_bytes(caches, names)
  local total = 0
  for _, n in ipairs(names) do
    total = total + caches[n]:stats().bytes
  end
  return total
end

---------------------------------------------------------------------------
-- 1. The fat struct sock and its cache.

local sock = types.sock
local pristine = sklab.kernel {}
local fat = pristine:cache_create("sock", sock, { hwcache_align = true })
local one = fat:alloc { zero = true }
local st = fat:stats()
print(string.format("sizeof(struct sock) = %d; kmem_cache_create(\"sock\", %d, 0, SLAB_HWCACHE_ALIGN):",
  sock.size, sock.size))
print(string.format("  objsize %d, %d objects per %d-page slab, %d bytes left over, colour %d x %d",
  st.objsize, st.objs_per_slab, st.pages_per_slab, st.left_over, st.colour, st.colour_off))
scene.show(pristine, { caches = { "sock" } })
scene.step("Pristine 2.4.16: struct sock is " .. sock.size .. " bytes; SLAB_HWCACHE_ALIGN on "
  .. pristine.cacheline .. "-byte lines makes each slab object " .. st.objsize .. ": "
  .. st.objs_per_slab .. " per " .. st.pages_per_slab .. "-page slab")
expect(sock.size == 812, "sizeof(struct sock) is 812 with INET and FILTER")
expect(st.objsize == 832, "the pristine sock cache's objects are 832 bytes")
expect(one.size == 812 and one.index == 0, "the first socket is object 0 of its slab")

-- The thread's unpatched box printed 1056. The same cache with that size:
local seedbox = sklab.kernel { debug_slab = true }
local fat1056 = seedbox:cache_create("sock", 1056, { hwcache_align = true, type = sock })
local sk1056 = fat1056:alloc { zero = true }
local st1056 = fat1056:stats()
print(string.format("the thread's box: objsize %d, %d per %d-page slab; pristine headers: %d -> %d",
  st1056.objsize, st1056.objs_per_slab, st1056.pages_per_slab, sock.size, st.objsize))
scene.show(pristine, seedbox, { titles = { "pristine", "seed box" }, caches = { "sock" } })
scene.step("The seed's sock is 1056 bytes, 7 per 2-page slab; pristine headers give "
  .. sock.size .. " -> " .. st.objsize .. ", 9 per slab. No in-tree config of 2.4.16 reaches "
  .. "1025-1056: that box had extra fields or patches, so 1056 is taken as given")
expect(st1056.objsize == 1056 and st1056.objs_per_slab == 7 and st1056.pages_per_slab == 2,
  "1056-byte objects: 7 per 2-page slab, as the seed shows (84 / 12)")
expect(st1056.objsize ~= st.objsize, "the seed's 1056 is not what the pristine layout gives")
expect(sk1056.size == 1056, "the seed box's sockets are 1056 bytes")

---------------------------------------------------------------------------
-- 2. The seed's /proc/slabinfo lines, replayed through the allocator.
--
-- The four machines of the thread as allocation histories: the same steps
-- as tests/mm/slab/seed_table.c (which checks them in C). Each runs on a fresh
-- 2.4.16 kernel with CONFIG_DEBUG_SLAB (the lines carry the statistics
-- columns, so the kernels had it) and creates its socket caches with
-- SLAB_HWCACHE_ALIGN in the order the lines imply (newest cache first).
-- "free a, b" frees the kept objects a..b-1 of the cache, counted in
-- allocation order; "churn n" opens and closes n short-lived sockets.

local machines = {
  {
    id = "brinquedo, unpatched 2.4.16-pre1 (RFC 2, 18 Dec 2001)",
    ops = {
      { "create", "sock", 1056, type = "sock" },
      { "alloc", "sock", 87, why = "87 sockets at once: 13 two-page slabs" },
      { "free", "sock", 0, 87, why = "all of them closed: 13 free slabs" },
      { "reap", "sock", 3, why = "kswapd reaps: 7 of the 13 free slabs go back" },
      { "alloc", "sock", 78, why = "78 sockets: 6 slabs reused, 6 grown" },
      { "free", "sock", 164, 165, why = "the newest closes: its slab is free again" },
      { "free", "sock", 87, 88, why = "one more closes: a full slab becomes partial" },
      { "churn", "sock", 4565, why = "4565 short-lived connections (lat_connect)" },
    },
    lines = { "sock 76 84 1056 11 12 2 : 87 4730 19 7 0" },
  },
  {
    id = "rama2, RFC 2 (sock.cleanup-5 on 2.4.16, 18 Dec 2001)",
    ops = {
      { "create", "sock", type = "sock_rfc2" },
      { "create", "inet_sock", type = "inet_sock_rfc2" },
      { "create", "unix_sock", type = "unix_sock_rfc2" },
      { "alloc", "inet_sock", 25, why = "25 IPv4 sockets: 5 slabs" },
      { "free", "inet_sock", 0, 25, why = "all closed: 5 free slabs" },
      { "reap", "inet_sock", 4, why = "reaping frees half of 5 = 3 slabs" },
      { "reap", "inet_sock", 3, why = "and half of the 2 left = 1 slab" },
      { "alloc", "inet_sock", 17, why = "17 IPv4 sockets: 1 slab reused, 3 grown" },
      { "churn", "inet_sock", 165, why = "165 short-lived IPv4 sockets" },
      { "alloc", "unix_sock", 17, why = "17 AF_UNIX sockets: 2 slabs" },
      { "free", "unix_sock", 5, 17, why = "12 closed: the second slab is empty" },
      { "reap", "unix_sock", 6, why = "reaping frees the empty slab" },
      { "churn", "unix_sock", 718, why = "718 short-lived AF_UNIX sockets" },
    },
    lines = {
      "unix_sock 5 10 396 1 1 1 : 17 735 2 1 0",
      "inet_sock 17 20 800 4 4 1 : 25 207 8 4 0",
      "sock 0 0 332 0 0 1 : 0 0 0 0 0",
    },
  },
  {
    id = "rama2, 2.5.1 with sk_alloc taking a cache (21 Dec 2001)",
    ops = {
      { "create", "sock", type = "sock_rfc4" },
      { "create", "tcp_sock", type = "tcp_sock" },
      { "create", "udp_sock", type = "udp_sock" },
      { "create", "unix_sock", type = "unix_sock" },
      { "alloc", "tcp_sock", 12, why = "12 TCP sockets" },
      { "churn", "tcp_sock", 33, why = "33 short-lived TCP connections" },
      { "alloc", "tcp_sock", 1, why = "one more TCP socket: 13 in 3 slabs" },
      { "alloc", "udp_sock", 7, why = "7 UDP sockets" },
      { "free", "udp_sock", 6, 7, why = "one closes" },
      { "churn", "udp_sock", 24, why = "24 short-lived UDP sockets" },
      { "alloc", "unix_sock", 17, why = "17 AF_UNIX sockets: 2 slabs" },
      { "free", "unix_sock", 0, 10, why = "the first 10 close: a free slab stays cached" },
      { "churn", "unix_sock", 555, why = "555 short-lived AF_UNIX sockets" },
    },
    lines = {
      "unix_sock 7 20 400 1 2 1 : 17 572 2 0 0",
      "udp_sock 6 10 372 1 1 1 : 7 31 1 0 0",
      "tcp_sock 13 15 800 3 3 1 : 13 46 3 0 0",
      "sock 0 0 336 0 0 1 : 0 0 0 0 0",
    },
  },
  {
    id = "rama2, RFC 4 on 2.5.2-pre1 (22 Dec 2001)",
    ops = {
      { "create", "sock", type = "sock_rfc4" },
      { "create", "tcp_sock", type = "tcp_sock" },
      { "create", "udp_sock", type = "udp_sock" },
      { "create", "raw4_sock", type = "raw4_sock" },
      { "create", "unix_sock", type = "unix_sock" },
      { "alloc", "tcp_sock", 12, why = "12 TCP sockets" },
      { "churn", "tcp_sock", 33, why = "33 short-lived TCP connections" },
      { "alloc", "tcp_sock", 1, why = "one more TCP socket: 13 in 3 slabs" },
      { "churn", "tcp_sock", 1, why = "one more short-lived connection: high 14" },
      { "alloc", "udp_sock", 7, why = "7 UDP sockets" },
      { "free", "udp_sock", 6, 7, why = "one closes" },
      { "churn", "udp_sock", 24, why = "24 short-lived UDP sockets" },
      { "alloc", "raw4_sock", 1, why = "one raw socket (ping)" },
      { "free", "raw4_sock", 0, 1, why = "closed; its slab stays cached" },
      { "churn", "raw4_sock", 2, why = "two more pings" },
      { "alloc", "unix_sock", 17, why = "17 AF_UNIX sockets: 2 slabs" },
      { "free", "unix_sock", 0, 10, why = "the first 10 close: a free slab stays cached" },
      { "churn", "unix_sock", 555, why = "555 short-lived AF_UNIX sockets" },
    },
    lines = {
      "unix_sock 7 20 400 1 2 1 : 17 572 2 0 0",
      "raw4_sock 0 10 376 0 1 1 : 1 3 1 0 0",
      "udp_sock 6 10 372 1 1 1 : 7 31 1 0 0",
      "tcp_sock 13 15 800 3 3 1 : 14 47 3 0 0",
      "sock 0 0 336 0 0 1 : 0 0 0 0 0",
    },
  },
}

-- Runs a machine's history on a fresh kernel. Returns the kernel, its
-- caches by name, the kept objects by cache, and the cache names in
-- creation order.
local function replay(m)
  local k = sklab.kernel { debug_slab = true }
  local caches, kept, names = {}, {}, {}
  print("-- " .. m.id)
  for _, op in ipairs(m.ops) do
    local kind, name = op[1], op[2]
    local c = caches[name]
    if kind == "create" then
      local t = types[op.type]
      if op[3] then -- a size of its own, objects typed by the layout
        c = k:cache_create(name, op[3], { hwcache_align = true, type = t })
      else
        c = k:cache_create(name, t, { hwcache_align = true })
      end
      caches[name], kept[name] = c, {}
      names[#names + 1] = name
      print(string.format("kmem_cache_create(\"%s\", %d): %s objects of %d bytes", name,
        op[3] or t.size, op.type, c.size))
    elseif kind == "alloc" then
      for _ = 1, op[3] do
        kept[name][#kept[name] + 1] = assert(c:alloc { zero = true })
      end
    elseif kind == "free" then
      for i = op[3] + 1, op[4] do
        assert(c:free(kept[name][i]))
        kept[name][i] = false
      end
    elseif kind == "churn" then
      for _ = 1, op[3] do
        assert(c:free(assert(c:alloc { zero = true })))
      end
    elseif kind == "reap" then
      for _ = 1, op[3] do
        k:reap()
      end
    end
    if op.why then
      print("  " .. name .. ": " .. op.why)
    end
  end
  return k, caches, kept, names
end

-- Replays a machine, prints `grep sock /proc/slabinfo` and checks every
-- line the thread quoted.
local function replay_and_check(m)
  local k, caches, kept, names = replay(m)
  local got = grep_sock(k)
  print("$ grep sock /proc/slabinfo")
  for _, l in ipairs(got) do
    print(l)
  end
  for _, want in ipairs(m.lines) do
    expect(has_line(got, want), m.id .. ": " .. want)
  end
  expect(#got == #m.lines, m.id .. ": no other sock caches")
  for _, n in ipairs(names) do
    local s = caches[n]:stats()
    expect(s.num_slabs == s.grown - s.reaped, n .. ": num_slabs == grown - reaped")
  end
  return k, caches, kept, names
end

-- brinquedo: the fat sock. /proc/slabinfo in full once, as the kernel prints it.
local bq, bq_caches = replay(machines[1])
print(bq:slabinfo())
local bq_lines = grep_sock(bq)
expect(has_line(bq_lines, machines[1].lines[1]), "brinquedo: " .. machines[1].lines[1])
local bs = bq_caches.sock:stats()
expect(bs.num_slabs == bs.grown - bs.reaped, "sock: num_slabs == grown - reaped (19 - 7 = 12)")
scene.show(bq, { caches = { "sock" } })
scene.step("brinquedo (unpatched 2.4.16-pre1): " .. machines[1].lines[1] .. " -- 87 sockets at once "
  .. "grew 13 slabs, reaping gave 7 back, 6 more grew: 76 of 84 objects in 12 two-page slabs")

-- RFC 2: one slim sock, unix_sock and one inet_sock for every IPv4 protocol.
local r2, r2_caches, r2_kept = replay_and_check(machines[2])
scene.show(r2, { caches = { "unix_sock", "inet_sock", "sock" } })
scene.step("RFC 2 on 2.4.16: sock shrinks to " .. types.sock_rfc2.size .. " bytes (332 with the red "
  .. "zone); AF_UNIX sockets get " .. types.unix_sock_rfc2.size .. "-byte objects, every IPv4 socket "
  .. types.inet_sock_rfc2.size .. " (800 in the cache)")
expect(types.sock_rfc2.size + types.unix_opt.size == types.unix_sock_rfc2.size,
  "unix_sock = sock + unix_opt (324 + 64)")

-- TCP_PINFO(sk) == (struct tcp_opt *)(sk + 1), on a live inet_sock.
local inet = types.inet_sock_rfc2
local sk = r2_kept.inet_sock[#r2_kept.inet_sock]
local tp = sk.address + types.sock_rfc2.size -- sk + 1: one struct sock further
local snd_nxt = (tp - sk.address) + types.tcp_opt:offsetof("snd_nxt")
sk:write(inet:offsetof("tcp") + types.tcp_opt:offsetof("snd_nxt"), 0x2f3a5c01, 4)
print(string.format("sk = %s, TCP_PINFO(sk) = sk + 1 = 0x%x (sizeof(struct sock) = %d)",
  sk.addr, tp, types.sock_rfc2.size))
print(string.format("tp->snd_nxt through sk + 1: 0x%08x", sk:read(snd_nxt, 4)))
scene.show(inet, { highlight = { "sk", "tcp" } })
scene.step("TCP_PINFO(sk) == (struct tcp_opt *)(sk + 1): the TCP block starts right after struct sock, "
  .. "at " .. sk.addr .. " + " .. types.sock_rfc2.size .. " -- no pointer to follow, no second allocation")
expect(tp == sk.address + inet:offsetof("tcp"), "sk + 1 is where inet_sock keeps tcp_opt")
expect(sk:read(snd_nxt, 4) == 0x2f3a5c01, "a store through the struct reads back through sk + 1")

-- 2.5.1: sk_alloc takes a kmem_cache_t; Miller's layout, one cache per protocol.
local r251 = replay_and_check(machines[3])
scene.show(r251, { caches = { "unix_sock", "udp_sock", "tcp_sock", "sock" } })
scene.step("2.5.1: Miller asked for struct sock, then struct ip_opt, then the protocol's own part, in "
  .. "one cache per protocol; UDP sockets drop to " .. types.udp_sock.size .. " bytes (372 with the red zone)")

local tcp = types.tcp_sock
scene.show(tcp, { highlight = { "inet", "tcp" } })
scene.step("Miller's layout: tcp_sock = sock (" .. tcp:offsetof("inet") .. ") + inet_opt ("
  .. types.inet_opt.size .. ") + tcp_opt (" .. types.tcp_opt.size .. ") = " .. tcp.size
  .. " bytes; the identity and hash links still fill the first 32-byte line (the slim sock's members are "
  .. "sklab's inference: the thread gives its size, the patch text is lost)")
expect(tcp:offsetof("inet") == types.sock_rfc4.size, "ip_opt follows struct sock")
expect(tcp:offsetof("tcp") == types.sock_rfc4.size + types.inet_opt.size, "tcp_opt follows ip_opt")
local first = {}
for _, m in ipairs(types.sock_rfc4.members) do
  if m.depth == 0 and m.cacheline == 0 then
    first[#first + 1] = m.name
  end
end
expect(table.concat(first, ",") == "daddr,rcv_saddr,dport,num,bound_dev_if,next,pprev,bind_next,bind_pprev",
  "the slim sock (members inferred) keeps the identity + hash links in line 0")

-- RFC 4: raw sockets too.
local r4, r4_caches, r4_kept = replay_and_check(machines[4])
local tsk = r4_kept.tcp_sock[1]
print(string.format("tcp_sock %s: IP_SK(sk) = 0x%x, TCP block = 0x%x", tsk.addr,
  tsk.address + tcp:offsetof("inet"), tsk.address + tcp:offsetof("tcp")))
scene.show(r4, { caches = { "unix_sock", "raw4_sock", "udp_sock", "tcp_sock", "sock" } })
scene.step("RFC 4 on 2.5.2-pre1: raw4_sock joins (" .. types.raw4_sock.size .. " + 8 = 376); "
  .. "all five quoted lines come out of the allocator itself")
expect(r4_caches.raw4_sock.size == 376, "raw4_sock objects are 376 bytes")

---------------------------------------------------------------------------
-- 3. A thousand sockets of each kind: one fat cache against a cache per
-- protocol, measured by the allocator (pages in slabs x 4096).

local N, STEP = 1000, 100
local before = sklab.kernel { debug_slab = true }
local after = sklab.kernel { debug_slab = true }
local fatc = { sock = before:cache_create("sock", sock, { hwcache_align = true }) }
local per = {
  tcp_sock = after:cache_create("tcp_sock", tcp, { hwcache_align = true }),
  udp_sock = after:cache_create("udp_sock", types.udp_sock, { hwcache_align = true }),
  unix_sock = after:cache_create("unix_sock", types.unix_sock, { hwcache_align = true }),
}
local kinds = { "unix_sock", "udp_sock", "tcp_sock" }
local used0 = { before:ram().used, after:ram().used }
local fat_pts, per_pts = { { 0, 0 } }, { { 0, 0 } }
local held = {}
for n = STEP, N, STEP do
  for _ = 1, STEP do
    for _, kind in ipairs(kinds) do
      held[#held + 1] = fatc.sock:alloc { zero = true }
      held[#held + 1] = per[kind]:alloc { zero = true }
    end
  end
  fat_pts[#fat_pts + 1] = { n, slab_bytes(fatc, { "sock" }) }
  per_pts[#per_pts + 1] = { n, slab_bytes(per, kinds) }
end
local fat_bytes, per_bytes = fat_pts[#fat_pts][2], per_pts[#per_pts][2]
print(string.format("%d UNIX + %d UDP + %d TCP sockets: fat sock cache %d bytes (%d pages), "
  .. "per-protocol caches %d bytes (%d pages): %d bytes saved", N, N, N, fat_bytes, fat_bytes // 4096,
  per_bytes, per_bytes // 4096, fat_bytes - per_bytes))
expect(before:ram().used - used0[1] == fat_bytes, "the fat cache's slabs are all the RAM the sockets took")
expect(after:ram().used - used0[2] == per_bytes, "so are the per-protocol caches'")
expect(fat_bytes == 334 * 8192, "3000 fat sockets: 334 two-page slabs of 9")
expect(per_bytes == (100 + 100 + 200) * 4096, "per protocol: 100 + 100 + 200 one-page slabs")
expect(fat_bytes - per_bytes > 1000000, "\"these savings can reach over one megabyte\"")

scene.show(before, after, { titles = { "2.4.16", "RFC 4" },
  caches = { "sock", "unix_sock", "udp_sock", "tcp_sock" } })
scene.step(string.format("%d sockets of each kind: %d KiB in the fat sock cache against %d KiB in three "
  .. "per-protocol caches -- %d KiB saved", N, fat_bytes // 1024, per_bytes // 1024,
  (fat_bytes - per_bytes) // 1024))

scene.chart {
  title = "Slab memory for N UNIX + N UDP + N TCP sockets (i386, DEBUG_SLAB)",
  xlabel = "N (sockets of each kind)",
  ylabel = "bytes in slabs",
  series = {
    { name = "one fat sock cache (832-byte objects)", points = fat_pts },
    { name = "a cache per protocol (400 / 372 / 800)", points = per_pts },
  },
}
scene.step("Memory grows with the socket count either way, but the fat cache pays "
  .. string.format("%.0f", fat_bytes / (3 * N)) .. " bytes a socket and the per-protocol caches "
  .. string.format("%.0f", per_bytes / (3 * N)) .. " on average")

-- Bytes per socket, slab overhead included, by protocol.
local fat_each = fat_bytes / (3 * N)
local bars = {}
for i, kind in ipairs(kinds) do
  bars[i] = { i - 1, per[kind]:stats().bytes / N }
end
scene.chart {
  title = "Bytes per socket, slab overhead included",
  ylabel = "bytes",
  bars = true,
  xlabels = { "AF_UNIX", "UDP", "TCP" },
  series = {
    { name = "fat struct sock", points = { { 0, fat_each }, { 1, fat_each }, { 2, fat_each } } },
    { name = "cache per protocol", points = bars },
  },
}
scene.step(string.format("Per socket: every protocol paid %.0f bytes in the fat cache; with a cache each, "
  .. "AF_UNIX and UDP sockets cost %.0f, less than half, and TCP %.0f", fat_each, bars[1][2], bars[3][2]))
expect(bars[1][2] < fat_each / 2 and bars[2][2] < fat_each / 2, "UNIX and UDP sockets cost less than half")
