-- sock_2001_rfcs.lua
-- title:   RFC 2 to RFC 4: one inet cache, Miller's layout, a cache per protocol
-- goal:    Follow the December 2001 patches step by step: RFC 2 puts every
--          IPv4 socket in one inet_sock cache, Miller asks for struct sock +
--          ip_opt + proto_opt in a cache per protocol, TCP_PINFO(sk) stops
--          being sk + 1, sk_alloc's zero_it learns to mean a byte count, and
--          RFC 4 halves what UDP and raw sockets cost.
-- profile: linux-2.4.16-i386
-- length:  about 10 minutes (11 steps)

scenario {
  title = "RFC 2 to RFC 4: one inet cache, Miller's layout, a cache per protocol",
  goal = "Follow the Dec 2001 patches: RFC 2's one inet cache, Miller's sock + ip_opt + proto_opt, "
      .. "TCP_PINFO as pointer arithmetic, zero_it overloading, and what RFC 4 saves per 1,000 sockets.",
  profile = "linux-2.4.16-i386",
  length = "about 10 minutes (11 steps)",
}

-- The cleanup's objects (assets/layouts/linux-2.4.16/cleanup.lua); the
-- kernels have CONFIG_DEBUG_SLAB, as the thread's /proc/slabinfo lines show.
local types = sklab.layouts("linux-2.4.16")
local sock2, sock4 = types.sock_rfc2, types.sock_rfc4
local inet2 = types.inet_sock_rfc2
local udp, raw4, tcp = types.udp_sock, types.raw4_sock, types.tcp_sock
local ip_opt, tcp_opt = types.inet_opt, types.tcp_opt
local PAGE = sklab.profile().page_size

---------------------------------------------------------------------------
-- 1. RFC 2 (18 Dec 2001): one cache for every IPv4 protocol.

local r2 = sklab.kernel { debug_slab = true }
local inet_cache = r2:cache_create("inet_sock", inet2, { hwcache_align = true })
local st2 = inet_cache:stats()
scene.show(inet2, { highlight = { "sk", "tcp", "inet" } })
scene.step("RFC 2: every IPv4 socket, TCP, UDP or raw, is one " .. inet2.size .. "-byte inet_sock: "
  .. "the slim sock (" .. sock2.size .. "), tcp_opt (" .. tcp_opt.size .. ") and ip_opt ("
  .. ip_opt.size .. "), in one cache of " .. st2.objsize .. "-byte objects, "
  .. st2.objs_per_slab .. " per page (sizes from the thread; the slim sock's members are inferred, "
  .. "as the patch text is lost)")
expect(inet2.size == sock2.size + tcp_opt.size + ip_opt.size, "inet_sock = sock + tcp_opt + ip_opt")
expect(st2.objsize == 800 and st2.objs_per_slab == 5, "seed: inet_sock 800, 5 per page")

local unused = inet2.size - sock2.size - ip_opt.size
scene.predict("A UDP socket lives in this cache too. How many of its " .. inet2.size
  .. " bytes does UDP never touch?",
  unused .. ": the whole tcp_opt. UDP needs the sock and ip_opt, " .. (sock2.size + ip_opt.size)
  .. " bytes -- Miller: \"RAW/UDP sockets waste a lot of space with your current layout\"")
expect(unused == tcp_opt.size, "a UDP socket in inet_sock carries an unused tcp_opt")

---------------------------------------------------------------------------
-- 2. Miller (20 Dec): struct sock, then struct ip_opt, then the protocol's
-- own part, and a kmem_cache_t per protocol passed to sk_alloc().

scene.show(udp, raw4, tcp)
scene.step("Miller's layout: struct sock, struct ip_opt, struct {tcp,raw4,...}_opt. udp_sock "
  .. udp.size .. " = " .. sock4.size .. " + " .. ip_opt.size .. "; raw4_sock " .. raw4.size
  .. " adds raw_opt; tcp_sock " .. tcp.size .. " adds tcp_opt. (The 2.5 sock is " .. sock4.size
  .. " bytes: one pointer more than RFC 2's " .. sock2.size .. ")")
expect(udp:offsetof("inet") == sock4.size and raw4:offsetof("inet") == sock4.size
  and tcp:offsetof("inet") == sock4.size, "ip_opt follows struct sock in every protocol")
expect(tcp:offsetof("tcp") == sock4.size + ip_opt.size, "tcp_opt follows ip_opt")

---------------------------------------------------------------------------
-- 3. TCP_PINFO(sk) is pointer arithmetic: ((struct tcp_opt *)((sk) + 1)).

local r4 = sklab.kernel { debug_slab = true }
local caches = {}
for _, t in ipairs { { "sock", sock4 }, { "tcp_sock", tcp }, { "udp_sock", udp },
                     { "raw4_sock", raw4 }, { "unix_sock", types.unix_sock } } do
  caches[t[1]] = r4:cache_create(t[1], t[2], { hwcache_align = true })
end
local isk2 = inet_cache:alloc { zero = true }
local tsk = caches.tcp_sock:alloc { zero = true }
-- tp->snd_nxt, stored through each struct's own layout
local SND = 0x2f3a5c01
isk2:write(inet2:offsetof("tcp") + tcp_opt:offsetof("snd_nxt"), SND, 4)
tsk:write(tcp:offsetof("tcp") + tcp_opt:offsetof("snd_nxt"), SND, 4)
-- (struct tcp_opt *)(sk + 1): one struct sock further, then tp->snd_nxt
local rfc2_plus1 = sock2.size + tcp_opt:offsetof("snd_nxt")
local rfc4_plus1 = sock4.size + tcp_opt:offsetof("snd_nxt")
-- the ip_opt member that the RFC 4 read lands on
local landed
for _, m in ipairs(ip_opt.members) do
  if m.depth == 0 and m.offset == tcp_opt:offsetof("snd_nxt") then
    landed = m.name
  end
end
print(string.format("RFC 2: sk = %s, sk + 1 = 0x%x, snd_nxt there = 0x%08x", isk2.addr,
  isk2.address + sock2.size, isk2:read(rfc2_plus1, 4)))
print(string.format("RFC 4: sk = %s, sk + 1 = 0x%x, 'snd_nxt' there = 0x%08x (ip_opt.%s)", tsk.addr,
  tsk.address + sock4.size, tsk:read(rfc4_plus1, 4), landed))
expect(isk2:read(rfc2_plus1, 4) == SND, "RFC 2: sk + 1 is the tcp_opt")
expect(tsk:read(rfc4_plus1, 4) ~= SND and landed == "opt", "RFC 4: sk + 1 is the ip_opt, not the tcp_opt")

scene.show(tcp, { highlight = { "inet", "tcp" } })
scene.predict("In RFC 2, TCP_PINFO(sk) = (struct tcp_opt *)(sk + 1) found tp->snd_nxt at sk + "
  .. rfc2_plus1 .. ". Where does sk + 1 land in Miller's tcp_sock?",
  "on the ip_opt at byte " .. sock4.size .. ": \"snd_nxt\" would read ip_opt." .. landed
  .. " at byte " .. rfc4_plus1 .. ". The TCP block now starts at sk + " .. tcp:offsetof("tcp")
  .. ", so the macro has to skip both: tcp_sk(sk) = &((struct tcp_sock *)sk)->tcp")
expect(tsk:read(tcp:offsetof("tcp") + tcp_opt:offsetof("snd_nxt"), 4) == SND,
  "the TCP block sits after sock and ip_opt")

---------------------------------------------------------------------------
-- 4. zero_it overloaded (21 Dec): sk_alloc(family, priority, zero_it, slab)
-- with 0 = leave it, 1 = zero sizeof(struct sock), > 1 = zero that many.

local usk = caches.udp_sock:alloc {} -- not zeroed: DEBUG_SLAB left its poison
local ttl_at = udp:offsetof("inet") + ip_opt:offsetof("ttl")
local poison = usk:read(ttl_at, 1)
usk:write(0, 0, sock4.size) -- zero_it == 1: memset(sk, 0, sizeof(struct sock))
local after1 = usk:read(ttl_at, 1)
usk:write(0, 0, udp.size) -- zero_it == objsize of the udp_sock cache
local after364 = usk:read(ttl_at, 1)
print(string.format("udp_sock %s: ip_opt.ttl byte 0x%02x fresh, 0x%02x after zero_it = 1, "
  .. "0x%02x after zero_it = %d", usk.addr, poison, after1, after364, udp.size))
scene.show(udp, { highlight = "inet" })
scene.step(string.format("zero_it, overloaded: 1 still zeroes sizeof(struct sock) = %d bytes, which "
  .. "leaves ip_opt as the allocator left it (poison 0x%02x under DEBUG_SLAB); a count > 1 zeroes that "
  .. "many, so UDP passes sizeof(struct udp_sock) = %d and ip_opt reads 0x%02x", sock4.size, after1, udp.size, after364))
expect(poison == 0x5a and after1 == 0x5a, "zero_it = 1 leaves the protocol part unzeroed")
expect(after364 == 0, "zero_it = sizeof(udp_sock) zeroes the IP options too")

---------------------------------------------------------------------------
-- 5. RFC 4 (22 Dec, 2.5.2-pre1): raw4_sock joins; a cache per protocol.

local function geometry(name)
  local s = caches[name]:stats()
  return string.format("%s %d/%d", name, s.objsize, s.objs_per_slab)
end
scene.show(r4, { caches = { "unix_sock", "raw4_sock", "udp_sock", "tcp_sock", "sock" } })
scene.step("RFC 4: a cache per protocol (objsize/objects per page): " .. geometry("unix_sock") .. ", "
  .. geometry("raw4_sock") .. ", " .. geometry("udp_sock") .. ", " .. geometry("tcp_sock")
  .. "; the bare sock cache stays empty. IPv6 still has one cache for all its protocols (TODO)")
expect(caches.raw4_sock:stats().objsize == 376 and caches.udp_sock:stats().objsize == 372,
  "seed: raw4_sock 376, udp_sock 372")

---------------------------------------------------------------------------
-- 6. 1,000 UDP and 1,000 raw sockets: RFC 2's inet_sock against RFC 4.

local N = 1000
inet_cache:free(isk2)
caches.tcp_sock:free(tsk)
caches.udp_sock:free(usk)
local per = caches.udp_sock:stats().objs_per_slab
scene.predict(string.format("%d UDP and %d raw sockets: how many pages does RFC 2's inet_sock cache take, "
  .. "and how many RFC 4's udp_sock and raw4_sock caches?", N, N),
  string.format("%d pages against %d + %d: %d per page against %d",
    math.ceil(2 * N / st2.objs_per_slab), math.ceil(N / per),
    math.ceil(N / caches.raw4_sock:stats().objs_per_slab), st2.objs_per_slab, per))
for _ = 1, N do
  inet_cache:alloc { zero = true } -- a UDP socket
  inet_cache:alloc { zero = true } -- a raw socket
  caches.udp_sock:alloc { zero = true }
  caches.raw4_sock:alloc { zero = true }
end
local before = inet_cache:stats().bytes
local after = caches.udp_sock:stats().bytes + caches.raw4_sock:stats().bytes
print(string.format("%d UDP + %d raw sockets: RFC 2 %d bytes, RFC 4 %d bytes, saved %d", N, N,
  before, after, before - after))
scene.show(r2, r4, { titles = { "RFC 2", "RFC 4" }, caches = { "inet_sock", "udp_sock", "raw4_sock" } })
scene.step(string.format("%d UDP + %d raw sockets: %d KiB of inet_sock slabs in RFC 2, %d KiB of "
  .. "udp_sock and raw4_sock slabs in RFC 4 -- %d KiB saved, %d bytes per socket", N, N,
  before // 1024, after // 1024, (before - after) // 1024, (before - after) // (2 * N)))
expect(before == math.ceil(2 * N / st2.objs_per_slab) * PAGE, "RFC 2: one page per 5 sockets")
expect(after * 2 == before, "RFC 4 halves the memory of UDP and raw sockets")
