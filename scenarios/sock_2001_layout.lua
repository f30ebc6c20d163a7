-- sock_2001_layout.lua
-- title:   One fat struct sock (Linux 2.4.16, December 2001)
-- goal:    See what every 2.4 socket carries: the lookup identity in the
--          first cache line, a 424-byte TCP block in every socket, and a
--          protocol union sized by its largest member.
-- profile: linux-2.4.16-i386
-- length:  about 10 minutes (7 steps)

scenario {
  title = "One fat struct sock (Linux 2.4.16, December 2001)",
  goal = "See what every 2.4 socket carries: the lookup identity in the first "
      .. "cache line, a 424-byte TCP block in every socket, and a protocol "
      .. "union sized by its largest member.",
  profile = "linux-2.4.16-i386",
  length = "about 10 minutes (7 steps)",
}

-- The configuration of a typical IPv4-only 2.4.16 kernel.
local inet = sklab.layouts("linux-2.4.16", {
  profile = "linux-2.4.16-i386",
  config = { "CONFIG_INET", "CONFIG_FILTER" },
})
local sock = inet.sock

print(sock:pahole())

scene.show(sock)
scene.step("struct sock in Linux 2.4.16 on i386: " .. sock.size
  .. " bytes, " .. sock.cachelines .. " cache lines of " .. sock.cacheline .. " bytes")
expect(sock.size == 812, "sizeof(struct sock) is 812 with INET and FILTER")
expect(sock.cacheline == 32, "a Pentium-class L1 line is 32 bytes")

-- Miller: "the identity + the hash next pointer fit perfectly in one cache line"
local first = {}
for _, m in ipairs(sock.members) do
  if m.depth == 0 and m.cacheline == 0 then
    first[#first + 1] = m.name
  end
end
scene.show(sock, { highlight = "line:0" })
scene.step("Line 0 holds exactly the lookup identity and the hash links: "
  .. table.concat(first, ", "))
expect(table.concat(first, ",") ==
  "daddr,rcv_saddr,dport,num,bound_dev_if,next,pprev,bind_next,bind_pprev",
  "the first 32 bytes are the identity plus the hash links")
expect(sock:member("bind_pprev").offset + sock:member("bind_pprev").size == 32,
  "bind_pprev ends the first line")

-- Every socket carries a TCP control block.
local tp = sock:member("tp_pinfo")
scene.show(sock, { highlight = "tp_pinfo" })
scene.step("tp_pinfo: a " .. tp.size .. "-byte union at offset " .. tp.offset
  .. " -- every socket, even a UNIX one, carries a whole tcp_opt")
expect(tp.size == 424, "tp_pinfo is as big as tcp_opt")
expect(inet.tcp_opt.size == 424, "sizeof(struct tcp_opt) is 424")

local pi = sock:member("protinfo")
scene.show(sock, { highlight = "protinfo" })
scene.step("protinfo: " .. pi.size .. " bytes at offset " .. pi.offset
  .. ", sized by unix_opt; af_inet needs only " .. inet.inet_opt.size)
expect(pi.size == 64 and inet.unix_opt.size == 64, "protinfo is unix_opt's 64 bytes")
expect(inet.inet_opt.size == 36, "inet_opt (the thread's ip_opt) is 36 bytes")

-- The same struct with more protocols configured.
local v6 = sklab.layouts("linux-2.4.16", {
  profile = "linux-2.4.16-i386",
  config = { "CONFIG_INET", "CONFIG_FILTER", "CONFIG_IPV6" },
})
local all = sklab.layouts("linux-2.4.16", {
  profile = "linux-2.4.16-i386",
  config = { "CONFIG_INET", "CONFIG_FILTER", "CONFIG_IPV6", "CONFIG_DECNET",
             "CONFIG_SPX", "CONFIG_IPX", "CONFIG_ATALK" },
})
scene.show(v6.sock, { highlight = "net_pinfo" })
scene.step("With IPv6 configured, net_pinfo adds 96 bytes: " .. v6.sock.size .. " bytes")
expect(v6.sock.size == 908, "sizeof(struct sock) is 908 with IPv6")

scene.show(all.sock)
scene.step("All protocols: " .. all.sock.size .. " bytes, a 1280-byte slab object"
  .. " (\"1280 bytes when all the protocols are selected\")")
expect(all.sock.size == 1268, "sizeof(struct sock) is 1268 with every protocol")

-- The seed's unpatched box printed 1056 in /proc/slabinfo.
scene.show(sock)
scene.step("The thread's unpatched 2.4.16-pre1 box showed 1056-byte sock objects;"
  .. " pristine headers give " .. sock.size .. " (832 after cache-line alignment):"
  .. " that box had extra fields or another config")
