-- ipv6_sock.lua
-- title:   What IPv6 costs a socket, in 2001 and today
-- goal:    See the 96-byte ipv6_pinfo that CONFIG_IPV6 put into every 2.4
--          struct sock (IPv4 ones too), the one cache all sockets shared,
--          and where IPv6 state lives in Linux 6.18: addresses in
--          sock_common, a pinet6 pointer in inet_sock, ipv6_pinfo after
--          the protocol's sock.
-- profile: linux-2.4.16-i386
-- length:  about 10 minutes (11 steps)

scenario {
  title = "What IPv6 costs a socket, in 2001 and today",
  goal = "CONFIG_IPV6 in 2.4.16 grows every struct sock by ipv6_pinfo and all sockets share one cache; "
      .. "in 6.18 IPv6 costs every socket its addresses in sock_common and a pointer.",
  profile = "linux-2.4.16-i386",
  length = "about 10 minutes (11 steps)",
}

local P24 = "linux-2.4.16-i386"
local v4 = sklab.layouts("linux-2.4.16", { profile = P24, config = { "CONFIG_INET", "CONFIG_FILTER" } })
local v6 = sklab.layouts("linux-2.4.16", { profile = P24, config = { "CONFIG_INET", "CONFIG_FILTER", "CONFIG_IPV6" } })
local pinfo = v6.sock:member("net_pinfo")

---------------------------------------------------------------------------
-- 1. 2.4.16 with CONFIG_IPV6 (or CONFIG_IPV6_MODULE).

scene.show(v6.sock, { highlight = "net_pinfo" })
scene.step(string.format("2.4.16 with IPv6 configured (even as a module): net_pinfo, a union holding "
  .. "struct ipv6_pinfo (%d bytes), sits at offset %d of every struct sock and pushes tp_pinfo from %d "
  .. "to %d: %d bytes against %d without IPv6", v6.ipv6_pinfo.size, pinfo.offset, v4.sock:offsetof("tp_pinfo"),
  v6.sock:offsetof("tp_pinfo"), v6.sock.size, v4.sock.size))
expect(v6.sock.size == 908 and v4.sock.size == 812, "struct sock: 812 without IPv6, 908 with it")
expect(pinfo.size == v6.ipv6_pinfo.size, "net_pinfo is as big as ipv6_pinfo")

-- One cache, "sock", for every socket of every family.
local k4 = sklab.kernel { profile = P24 }
local k6 = sklab.kernel { profile = P24 }
local c4 = k4:cache_create("sock", v4.sock, { hwcache_align = true })
local c6 = k6:cache_create("sock", v6.sock, { hwcache_align = true })
local s4, s6 = c4:stats(), c6:stats()
local N = 1000
for _ = 1, N do
  c4:alloc { zero = true }
  c6:alloc { zero = true }
end
local b4, b6 = c4:stats().bytes, c6:stats().bytes
scene.show(v6.sock, { highlight = "net_pinfo" })
scene.predict(string.format("A kernel built with IPv6 runs only IPv4 sockets. What does each one cost in "
  .. "the sock cache, against a kernel without IPv6? (The thread: \"IPv6 sockets use about 980 bytes\".)"),
  string.format("%d bytes in %d-byte slots, %d per %d-page slab, against %d in %d-byte slots, %d per "
    .. "%d-page slab: IPv6 is paid by every socket. The model gives %d/%d, not the thread's approximate 980",
    v6.sock.size, s6.objsize, s6.objs_per_slab, s6.pages_per_slab, v4.sock.size, s4.objsize,
    s4.objs_per_slab, s4.pages_per_slab, v6.sock.size, s6.objsize))
expect(s6.objsize == 928 and s4.objsize == 832, "slab objects: 928 with IPv6, 832 without")

scene.show(k4, k6, { titles = { "2.4.16, IPv4 only", "2.4.16 + CONFIG_IPV6" }, caches = { "sock" } })
scene.step(string.format("%d IPv4 sockets: %d KiB of sock slabs without IPv6, %d KiB with it. Every "
  .. "family, IPv4, IPv6, AF_UNIX, comes from this one cache of fat socks", N, b4 // 1024, b6 // 1024))
expect(b6 > b4, "IPv6 configured costs IPv4 sockets memory")

---------------------------------------------------------------------------
-- 2. After the cleanup: IPv4 got a cache per protocol, IPv6 not yet.

local old = sklab.layouts("linux-2.4.16", { profile = P24 })
local udp6 = old.sock_rfc4.size + old.inet_opt.size + v6.ipv6_pinfo.size
local tcp6 = udp6 + old.tcp_opt.size
scene.show(old.udp_sock, old.tcp_sock)
scene.step(string.format("RFC 4: \"TODO: do the same for IPv6, that now has only one slabcache for all "
  .. "its protocols\". Miller's layout plus ipv6_pinfo: UDPv6 about %d bytes, TCPv6 %d (a sketch from "
  .. "struct sizes: no 2001 IPv6 socks in the layout set); one cache sized for TCPv6 makes UDPv6 pay for it",
  udp6, tcp6))

---------------------------------------------------------------------------
-- 3. Linux 6.18: the IPv6 addresses in sock_common, a pointer in inet_sock.

local P6 = "linux-6.18-x86_64"
local now = sklab.layouts("linux-6.18", { profile = P6 })
local cfg = {}
for _, c in ipairs(sklab.profile(P6).config) do
  if c ~= "CONFIG_IPV6" then
    cfg[#cfg + 1] = c
  end
end
local now4 = sklab.layouts("linux-6.18", { profile = P6, config = cfg })
local d = now.sock_common:member("skc_v6_daddr")
local r = now.sock_common:member("skc_v6_rcv_saddr")
scene.show(now.sock_common, now.inet_sock, { highlight = { "skc_v6_daddr", "skc_v6_rcv_saddr", "pinet6",
  "ipv6_fl_list" } })
scene.step(string.format("Linux 6.18: sock_common, the head that timewait and request sockets share, "
  .. "holds skc_v6_daddr and skc_v6_rcv_saddr in every socket (%d bytes at %d); inet_sock adds pinet6 "
  .. "and ipv6_fl_list (%d bytes). ipv6_pinfo itself follows the protocol's sock", d.size + r.size,
  d.offset, now.inet_sock:member("pinet6").size + now.inet_sock:member("ipv6_fl_list").size))

local per_sock = now.inet_sock.size - now4.inet_sock.size
local rows = {}
for _, n in ipairs { "sock_common", "sock", "inet_sock", "udp_sock", "tcp_sock" } do
  rows[#rows + 1] = string.format("%s %d/%d", n, now4[n].size, now[n].size)
end
scene.predict("Build 6.18 without CONFIG_IPV6: how much smaller do sock_common, sock, inet_sock, "
  .. "udp_sock and tcp_sock get?",
  "without/with IPv6: " .. table.concat(rows, ", ") .. ". tcp_sock does not shrink: its cache-line "
  .. "aligned groups and 64-byte alignment absorb the " .. per_sock .. " bytes")
expect(now.sock_common.size - now4.sock_common.size == d.size + r.size, "sock_common: the two IPv6 addresses")
expect(now.tcp_sock.size == now4.tcp_sock.size, "tcp_sock is the same size either way")

-- The IPv6 sockets: the IPv4 protocol's sock with ipv6_pinfo appended, each
-- in a cache of its own (tcpv6_prot: SLAB_TYPESAFE_BY_RCU; udpv6_prot: not).
local k = sklab.kernel { profile = P6 }
local function cache(name, t, rcu)
  local c = k:cache_create(name, t, { hwcache_align = true, rcu = rcu, align = t.align })
  c:alloc { zero = true }
  return c:stats()
end
local tcp4, tcp6 = cache("TCP", now.tcp_sock, true), cache("TCPv6", now.tcp6_sock, true)
local udp4, udp6n = cache("UDP", now.udp_sock, false), cache("UDPv6", now.udp6_sock, false)
scene.show(now.tcp6_sock, now.ipv6_pinfo)
scene.predict(string.format("Today tcp6_sock is tcp_sock (%d bytes) with struct ipv6_pinfo (%d) appended, "
  .. "and udp6_sock is udp_sock (%d) with the same. TCP's slots are %d bytes, 13 to an order-3 slab. "
  .. "What are TCPv6's and UDPv6's?", now.tcp_sock.size, now.ipv6_pinfo.size, now.udp_sock.size, tcp4.size),
  string.format("TCPv6: %d bytes in %d-byte slots (RCU puts the free pointer after the object), %d per "
    .. "order-%d slab. UDPv6: %d bytes in %d-byte slots, %d per order-%d slab, against UDP's %d, %d per "
    .. "order %d. The ipv6_pinfo is paid by IPv6 sockets only", now.tcp6_sock.size, tcp6.size,
    tcp6.objs_per_slab, tcp6.order, now.udp6_sock.size, udp6n.size, udp6n.objs_per_slab, udp6n.order,
    udp4.size, udp4.objs_per_slab, udp4.order))
expect(now.ipv6_pinfo.size == 128 and now.tcp6_sock.size == 2432 and now.udp6_sock.size == 1472,
  "ipv6_pinfo 128, tcp6_sock 2432, udp6_sock 1472 bytes (pahole on a 6.18 kernel's BTF)")
expect(tcp6.size == 2496 and tcp6.objs_per_slab == 13 and tcp6.order == 3,
  "TCPv6: 2496-byte slots, 13 per order-3 slab, as /proc/slabinfo shows on 6.18")
expect(udp6n.size == 1472 and udp6n.objs_per_slab == 22 and udp6n.order == 3,
  "UDPv6: 1472-byte slots, 22 per order-3 slab, as /proc/slabinfo shows on 6.18")

scene.show(k, { caches = { "TCP", "TCPv6", "UDP", "UDPv6" } })
scene.step(string.format("Then: %d bytes of IPv6 in every socket of a 2.4 kernel built with it, and one "
  .. "cache for all. Now: %d bytes in every socket (addresses in sock_common, pointers in inet_sock), "
  .. "and the %d-byte ipv6_pinfo only in IPv6 sockets, each protocol in its own cache",
  v6.ipv6_pinfo.size, per_sock, now.ipv6_pinfo.size))
