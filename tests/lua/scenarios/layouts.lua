-- Title:   layout objects — fields, members, holes and methods
-- Goal:    the values a script reads match what gcc lays out
-- Profile: test-i386
scenario {
  title = "Layout objects",
  goal = "Sizes, offsets, holes and members match gcc on i386 and x86_64",
  profile = "test-i386",
}

local types = sklab.layouts("mini")
local sock = types.sock

-- both spellings give the same (cached) object
expect(types["struct sock"].size == sock.size, "struct sock == sock")
expect(types.sock == sock, "layouts are cached per types object")

-- sizes checked against gcc -m32 and gcc (x86_64)
expect(sock.size == 84, "i386 struct sock is 84 bytes")
expect(sock.align == 4, "i386 struct sock aligns to 4 (long long is 4-aligned)")
expect(sock.arch == "i386" and sock.cacheline == 32, "the scenario profile gives i386, 32-byte lines")
expect(sock.cachelines == 3, "84 bytes span 3 lines of 32")
expect(sock.config == "CONFIG_INET,CONFIG_FILTER", "config from the profile")
expect(sock.note == "test fixture, not the real 2.4.16 struct sock", "note from the data file")
expect(sock.union == false and sock.packed == false, "a plain struct")
expect(sock.name == "struct sock", "name")

local x64 = sklab.layouts("mini", { profile = "test-x86_64" }).sock
expect(x64.size == 144, "x86_64 struct sock with IPv6 is 144 bytes")
expect(x64:offsetof("tp_pinfo") == 104, "tp_pinfo at 104 on x86_64")
expect(x64:offsetof("bind_list") == 128, "bind_list at 128 on x86_64")
expect(x64:member("af_inet6").config == "CONFIG_IPV6 || CONFIG_IPV6_MODULE", "member config condition")
expect(sock:member("af_inet6") == nil, "no IPv6 member without CONFIG_IPV6")

local none, why = sock:member("af_inet6")
expect(why == "no member 'af_inet6' in struct sock", "member() says why: " .. tostring(why))

-- arch and config override the profile
local plain = sklab.layouts("mini", { arch = "x86_64", config = "CONFIG_IPV6" }).sock
expect(plain.size == 144 and plain.cacheline == 64, "arch = x86_64 alone: 64-byte lines")
local v4 = sklab.layouts("mini", { arch = "x86_64", config = {} }).sock
expect(v4.size == 112, "x86_64 without IPv6 is 112 bytes")
local cl = sklab.layouts("mini", { cacheline = 128 }).sock
expect(cl.cacheline == 128 and cl.cachelines == 1 and cl.arch == "i386", "cacheline override keeps the profile's ABI")

-- members
local pair = types.pair
expect(#pair.members == 2, "pair has 2 members")
local c, i = pair.members[1], pair.members[2]
expect(c.name == "c" and c.type == "char" and c.offset == 0 and c.size == 1, "pair.c")
expect(i.name == "i" and i.offset == 4 and i.size == 4 and i.hole == 0, "pair.i")
expect(c.hole == 3, "3-byte hole after c")
expect(#pair.holes == 1, "one hole")
expect(pair.holes[1].offset == 1 and pair.holes[1].size == 3 and pair.holes[1].after == "c", "the hole is after c")
expect(pair.members == pair.members, "members is built once")

local bits = sock:member("bsdism")
expect(bits.bit_size == 1 and bits.bit_offset == 1, "bsdism is bit 1")
expect(sock:member("daddr").bit_size == 0, "plain members have bit_size 0")
local af_tcp = sock:member("tp_pinfo.af_tcp")
expect(af_tcp.path == "tp_pinfo.af_tcp" and af_tcp.depth == 1, "nested member by path")
expect(sock:member("ack.quick").offset == sock:offsetof("ack") + 4, "anonymous struct member")
local fn = sock:member("state_change")
expect(fn.size == 4 and fn.cacheline == fn.offset // 32, "function pointer")
expect(sock:member("data_ready").type == "sock_cb_t", "typedef'd function pointer keeps its name")

-- text
local ph = sock:pahole()
expect(ph:find("struct sock {", 1, true) == 1, "pahole starts with the struct")
expect(ph:find("recverr:1;", 1, true) ~= nil, "pahole shows bitfields")
expect(x64:pahole({ conds = true }):find("CONFIG_IPV6", 1, true) ~= nil, "pahole conds")
expect(sock:json():sub(1, 1) == "{", "json is an object")
expect(tostring(pair) == "struct pair (i386): 8 bytes, 1 cache lines of 32", "tostring: " .. tostring(pair))
expect(tostring(types):find("types(mini, i386, cache line 32", 1, true) == 1, "types tostring")

-- profiles and sets
local p = sklab.profile()
expect(p.name == "test-i386" and p.arch == "i386" and p.page_size == 4096, "the scenario's profile")
expect(p.config[1] == "CONFIG_INET" and p.config[2] == "CONFIG_FILTER" and #p.config == 2, "profile config list")
expect(sklab.profile("test-x86_64").allocator == "slub", "another profile")
local names = sklab.profiles()
expect(#names == 2 and names[1] == "test-i386" and names[2] == "test-x86_64", "profiles, sorted")
expect(#sklab.sets() == 2 and sklab.sets()[1] == "mini" and sklab.sets()[2] == "mini-again", "layout sets")
expect(type(sklab.version) == "string", "version")

-- the set of the scenario's profile is the default
expect(sklab.layouts().sock.size == 84, "set from the profile")

scene.show(sock, x64)
scene.step("done")
