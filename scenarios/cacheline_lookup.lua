-- cacheline_lookup.lua
-- title:   Miller's first cache line: a hash lookup in 2001 and today
-- goal:    Walk a hash chain of sockets through a cache model and count the
--          lines it misses: in 2.4.16 the lookup identity and the chain
--          link share struct sock's first 32-byte line (one miss per
--          socket visited); today's sock_common keeps the identity first
--          but moved the chain node to the second 64-byte line (two).
-- profile: linux-2.4.16-i386
-- length:  about 10 minutes (7 steps)

scenario {
  title = "Miller's first cache line: a hash lookup in 2001 and today",
  goal = "Count the cache lines a hash-chain walk misses when the identity and the chain link "
      .. "share a line (2.4.16's struct sock) and when they do not (today's sock_common).",
  profile = "linux-2.4.16-i386",
  length = "about 10 minutes (7 steps)",
}

-- "For hash lookups the identity + the hash next pointer fit perfectly in
-- one cache line on nearly all platforms." (David S. Miller, 18 Dec 2001)

local CHAIN = 48 -- sockets on the chain the lookup walks; the last one matches

---------------------------------------------------------------------------
-- 2001: Linux 2.4.16 on a Pentium III (16 KiB 4-way L1d, 32-byte lines)

local t24 = sklab.layouts("linux-2.4.16", { profile = "linux-2.4.16-i386" })
local k24 = sklab.kernel { profile = "linux-2.4.16-i386" }
local socks = k24:cache_create("sock", t24.sock, { hwcache_align = true })

-- sk_alloc() and the hash insert: identity filled in, linked on the chain.
local chain = {}
for i = 1, CHAIN do
  local sk = socks:alloc { zero = true }
  sk:write("daddr", 0x0a000100 + i)    -- 10.0.1.i, one peer per socket
  sk:write("rcv_saddr", 0x0a000001)
  sk:write("dport", 80)
  sk:write("num", 40000 + i)
  chain[i] = sk
end
for i = 1, CHAIN - 1 do
  chain[i]:write("next", chain[i + 1].address)
end

scene.show(t24.sock, { highlight = "line:0" })
scene.step("2.4.16: line 0 of struct sock holds daddr, rcv_saddr, dport, num, bound_dev_if and the "
  .. "hash links next/pprev: everything __tcp_v4_lookup_established reads while it walks a chain")

-- A lookup on a busy machine: the chain is cold (nothing of it in cache).
local cm24 = sklab.cache { profile = "linux-2.4.16-i386" }
k24:cache_model(cm24)

-- TCP_IPV4_MATCH compares daddr first; a mismatch goes on to sk->next.
for i = 1, CHAIN do
  local sk = chain[i]
  if sk:read("daddr") == 0x0a000100 + CHAIN then
    sk:read("rcv_saddr")
    sk:read("dport")
    sk:read("bound_dev_if")
  else
    sk:read("next")
  end
end

local st24 = cm24:stats()
local l1d24 = st24.L1d
scene.show(cm24, { title = "2.4.16 lookup: " .. CHAIN .. " sockets, cold chain" })
scene.step("The walk missed " .. l1d24.misses .. " L1d lines for " .. CHAIN .. " sockets: one per socket, "
  .. "because what the lookup reads never leaves line 0")
expect(l1d24.misses == CHAIN, "2001: one L1d miss per socket on the chain")
expect(l1d24.compulsory == CHAIN, "all of them compulsory: first touches of a cold chain")

local rows24 = k24:misses { owner = "sock" }
local lines24 = k24:misses { owner = "sock", by = "line" }
expect(#lines24 == 1 and lines24[1].member == "line 0", "every access of the walk fell in line 0")

scene.show(t24.sock, { heat = k24 })
scene.step("The heat of the walk on struct sock: daddr takes the misses (it is read first), "
  .. "next and the rest of the identity hit in the line daddr brought in")

---------------------------------------------------------------------------
-- Today: Linux 6.18 on a recent x86_64 core (48 KiB L1d, 64-byte lines)

local t618 = sklab.layouts("linux-6.18", { profile = "linux-6.18-x86_64" })
local sc = t618.sock_common
scene.show(sc, { highlight = { "skc_addrpair", "skc_hash", "skc_portpair", "skc_bound_dev_if", "skc_net",
  "skc_nulls_node" } })
scene.step("struct sock_common (6.18): the identity still opens the struct, but the chain node "
  .. "skc_nulls_node sits at offset " .. sc:offsetof("skc_nulls_node") .. ", after the IPv6 addresses: line "
  .. sc:member("skc_nulls_node").cacheline)
expect(sc.size == 136, "sizeof(struct sock_common) is 136 on x86_64 with IPv6")
expect(sc:member("skc_nulls_node").cacheline == 1, "today's chain node is in the second 64-byte line")

local k618 = sklab.kernel { profile = "linux-6.18-x86_64" }
local heads = k618:cache_create("sock_common", sc, { hwcache_align = true })
local now = {}
for i = 1, CHAIN do
  local sk = heads:alloc { zero = true }
  sk:write("skc_daddr", 0x0a000100 + i)
  sk:write("skc_hash", 0x1000 + i)
  sk:write("skc_num", 40000 + i)
  now[i] = sk
end
-- skc_nulls_node.next: the node's first pointer, 8 bytes at the node's offset
local NODE = sc:offsetof("skc_nulls_node")
for i = 1, CHAIN - 1 do
  now[i]:write(NODE, now[i + 1].address, 8)
end

local cm618 = sklab.cache { profile = "linux-6.18-x86_64" }
k618:cache_model(cm618)

-- __inet_lookup_established: sk_nulls_for_each_rcu follows the node, then
-- compares sk_hash; only a matching hash goes on to inet_match(). The read
-- names the member, so its misses are charged to skc_nulls_node and not to
-- skc_node, the first member of the union both share (one line either way).
for i = 1, CHAIN do
  local sk = now[i]
  sk:read("skc_nulls_node")
  if sk:read("skc_hash") == 0x1000 + CHAIN then
    sk:read("skc_net")
    sk:read("skc_addrpair")
    sk:read("skc_portpair")
    sk:read("skc_bound_dev_if")
  end
end

local l1d618 = cm618:stats().L1d
scene.show(cm618, { title = "6.18 lookup: " .. CHAIN .. " sockets, cold chain" })
scene.step("Today the same walk misses " .. l1d618.misses .. " L1d lines: two per socket, the node's "
  .. "line and the identity's, even with lines twice as long")
expect(l1d618.misses == 2 * CHAIN, "today: two L1d misses per socket on the chain")

local lines618 = k618:misses { owner = "sock_common", by = "line" }
expect(#lines618 == 2, "the walk touches two lines of every sock_common")

scene.show(sc, { heat = k618 })
scene.step("The heat on sock_common: skc_nulls_node (line 1) and skc_hash (line 0) each take one miss "
  .. "per socket. Hash chains are kept short today, so a lookup visits about one socket")

---------------------------------------------------------------------------
-- Side by side

local function per_socket(st)
  return st.misses // CHAIN
end
scene.chart {
  title = "L1d misses per socket visited on a cold hash chain (model)",
  xlabel = "kernel", ylabel = "L1d misses per socket", bars = true,
  xlabels = { "2.4.16 sock (32 B lines)", "6.18 sock_common (64 B lines)" },
  series = {
    { name = "L1d misses", points = { { 0, per_socket(l1d24) }, { 1, per_socket(l1d618) } } },
  },
}
scene.step("Miller's rule in numbers: " .. per_socket(l1d24) .. " line per socket in 2001, "
  .. per_socket(l1d618) .. " today. (Modelled with each era's caches: "
  .. cm24.title .. "; " .. cm618.title .. ")")

print(cm24:summary())
print(cm618:summary())
