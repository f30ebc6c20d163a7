-- whatif_api.lua: sklab.whatif against `sklab whatif` on the real layout
-- sets. The figures in the expect lines are the command line's (the
-- commands are in comments); check-whatif-lua.sh also compares the printed
-- reports with the command line's output, byte for byte. Run from the
-- source tree: test_lua_run . tests/lua/scenarios/whatif_api.lua
scenario { title = "sklab.whatif", goal = "the what-if of sklab whatif, from a scenario",
  profile = "linux-2.4.16-i386" }

local LOOKUP = { "daddr", "rcv_saddr", "dport", "num", "bound_dev_if", "next" }

-- 1. sklab whatif --hwcache --path lookup=daddr,rcv_saddr,dport,num,bound_dev_if,next
--        linux-2.4.16/sock 'remove tp_pinfo'
local a = sklab.whatif {
  struct = "linux-2.4.16/sock",
  changes = { { remove = "tp_pinfo" } },
  paths = { lookup = LOOKUP },
  slab = { hwcache_align = true },
}
print(a:text())
expect(a.struct == "linux-2.4.16/sock" and a.profile == "linux-2.4.16-i386" and a.allocator == "slab"
  and a.cache == "sock" and a.objects == 10000, "1: the settings")
expect(a.changes[1] == "remove tp_pinfo" and #a.changes == 1, "1: the change as the command line writes it")
expect(a.before.size == 812 and a.after.size == 388 and a.delta.size == -424, "1: size 812 -> 388")
expect(a.before.members == 79 and a.after.members == 78, "1: members 79 -> 78")
expect(a.before.holes == 1 and a.before.hole_bytes == 3 and a.after.hole_bytes == 3, "1: one 3-byte hole")
expect(a.before.cachelines == 26 and a.after.cachelines == 13, "1: 26 -> 13 cache lines")
expect(a.before.slab_size == 832 and a.after.slab_size == 416, "1: objsize 832 -> 416")
expect(a.before.objs_per_slab == 9 and a.after.objs_per_slab == 9, "1: 9 per slab")
expect(a.before.order == 1 and a.after.order == 0 and a.delta.order == -1, "1: order 1 -> 0")
expect(a.before.pages_per_slab == 2 and a.after.pages_per_slab == 1, "1: 2 pages -> 1")
expect(a.before.slabs == 1112 and a.after.slabs == 1112, "1: 1112 slabs for 10000")
expect(a.before.bytes == 9109504 and a.after.bytes == 4554752 and a.delta.bytes == -4554752,
  "1: 9109504 -> 4554752 bytes for 10000 objects")
expect(a.before.lines.lookup == 1 and a.after.lines.lookup == 1 and a.delta.lines.lookup == 0,
  "1: the lookup path stays in one line")
expect(a.before.paths.lookup.text == "0" and a.after.paths.lookup.lines[1] == 0, "1: line 0")
expect(a.after.paths.lookup.members.next[1] == 0 and a.after.paths.lookup.members.next[2] == 0,
  "1: next: line 0 to line 0")

-- the changed layout is a layout object like any other
local l = a.layout
expect(l == a.after.layout, "w.layout is w.after.layout")
expect(l.name == "struct sock" and l.size == 388 and l.arch == "i386" and l.cachelines == 13,
  "the changed layout's fields")
expect(l:member("tp_pinfo") == nil and l:offsetof("daddr") == 0, "tp_pinfo is gone from it")
expect(l.note == "What if: remove tp_pinfo", "its note says what changed")
expect(a.before.layout.size == 812 and a.before.layout:member("tp_pinfo").size == 424, "the old layout")
local text = a:text()
expect(text:sub(-#l:pahole()) == l:pahole(), "w:text() ends with the new layout's pahole text")
expect(tostring(a) == text, "tostring(w) is w:text()")
expect(getmetatable(a) == "whatif", "the metatable is locked")
scene.show(a.before.layout, l, { highlight = { "line:0" } })
scene.step("struct sock without tp_pinfo: " .. a.before.size .. " -> " .. a.after.size .. " bytes")

-- 2. sklab whatif --table --debug --hwcache --config CONFIG_INET
--        --path lookup=daddr,rcv_saddr,dport,num,bound_dev_if,next
--        linux-2.4.16/sock 'remove tp_pinfo' 'retype protinfo void *'
local b = sklab.whatif {
  struct = "sock", -- the scenario's profile names the set
  config = { "CONFIG_INET" },
  changes = { "remove tp_pinfo", { retype = "protinfo", type = "void *" } },
  paths = { lookup = LOOKUP },
  slab = { hwcache_align = true, debug = true },
}
print(b:text("table"))
expect(b.changes[2] == "retype protinfo void *", "2: a retype's text")
expect(b.before.size == 808 and b.after.size == 324, "2: 808 -> 324 bytes (RFC 2)")
expect(b.after.slab_size == 332 and b.after.objs_per_slab == 12 and b.after.order == 0,
  "2: the thread's 'sock 332', twelve to a page")
expect(b.after.slabs == 834 and b.after.bytes == 3416064 and b.delta.bytes == -5693440, "2: 3416064 bytes")

-- 3. sklab whatif --table --hwcache --path lookup=daddr,rcv_saddr,dport,num,bound_dev_if,next
--        linux-2.4.16/sock 'move daddr to end' 'move rcv_saddr to end' 'move dport to end'
local types = sklab.layouts("linux-2.4.16")
local c = sklab.whatif {
  struct = types.sock,
  changes = {
    { move = "daddr", to = "end" },
    { move = "rcv_saddr", to = "end" },
    { move = "dport", to = "end" },
  },
  paths = { lookup = LOOKUP },
  slab = { hwcache_align = true },
}
print(c:text("table"))
expect(c.struct == "linux-2.4.16/sock", "3: a layout object knows its set")
expect(c.delta.size == 4 and c.after.padding == 2 and c.delta.slab_size == 0 and c.delta.bytes == 0,
  "3: moving adds 4 bytes of hole and padding, and nothing to the slab")
expect(c.before.paths.lookup.text == "0" and c.after.paths.lookup.text == "0,25"
  and c.delta.lines.lookup == 1,
  "3: the lookup path: line 0 -> lines 0,25")
expect(c.after.paths.lookup.members.daddr[1] == 25 and c.after.paths.lookup.members.next[1] == 0,
  "3: daddr goes to line 25, next stays in line 0")
expect(c.layout:member("daddr").cacheline == 25, "3: the new layout agrees")

-- 4. sklab whatif --table --hwcache --rcu --align 64 --cache TCP
--        --path txrx=rcv_nxt,snd_nxt --path write_rx=bytes_received,rcv_rtt_est,rcvq_space
--        linux-6.18/tcp_sock 'add u64 tx_stamp after tcp_mstamp' 'resize chrono_stat 4'
--        'resize nonagle :5' 'move rcv_nxt to end'
local now = sklab.layouts("linux-6.18", { profile = "linux-6.18-x86_64" })
local d = sklab.whatif {
  struct = now.tcp_sock,
  profile = "linux-6.18-x86_64",
  changes = {
    { add = "u64 tx_stamp", after = "tcp_mstamp" },
    { resize = "chrono_stat", length = 4 },
    { resize = "nonagle", bits = 5 },
    { move = "rcv_nxt", to = "end" },
  },
  paths = { write_rx = { "bytes_received", "rcv_rtt_est", "rcvq_space" }, txrx = { "rcv_nxt", "snd_nxt" } },
  slab = { hwcache_align = true, rcu = true, align = 64, name = "TCP" },
}
print(d:text("table"))
expect(d.changes[1] == "add u64 tx_stamp after tcp_mstamp" and d.changes[2] == "resize chrono_stat 4"
  and d.changes[3] == "resize nonagle :5" and d.changes[4] == "move rcv_nxt to end", "4: the changes' text")
expect(d.profile == "linux-6.18-x86_64" and d.allocator == "slub" and d.cache == "TCP", "4: SLUB, cache TCP")
expect(d.before.size == 2304 and d.after.size == 2368
  and d.before.cachelines == 36 and d.after.cachelines == 37,
  "4: 2304 -> 2368 bytes, 36 -> 37 lines")
expect(d.before.padding == 8 and d.after.padding == 60, "4: padding 8 -> 60")
expect(d.before.bit_hole_bits == 18 and d.after.bit_hole_bits == 17,
  "4: a 5-bit nonagle takes a bit of a hole")
expect(d.before.slab_size == 2368 and d.after.slab_size == 2432 and d.after.objs_per_slab == 13
  and d.after.order == 3 and d.after.bytes == 25231360, "4: TCP slabs: 2368 -> 2432, 13 per order-3 slab")
expect(d.before.paths.txrx.text == "26" and d.after.paths.txrx.text == "26,36" and d.delta.lines.txrx == 1,
  "4: rcv_nxt moves to line 36")
expect(d.after.paths.write_rx.text == "27-29", "4: write_rx stays in lines 27-29")
expect(d.layout:member("tx_stamp").offset == now.tcp_sock:offsetof("tcp_mstamp") + 8,
  "4: tx_stamp after tcp_mstamp")
expect(d.layout:member("chrono_stat").size == 16 and d.layout:member("nonagle").bit_size == 5, "4: resized")

-- 5. The same question three ways gives the same answer, and a
-- declaration whose last words read like a place is quoted.
local e1 = sklab.whatif { struct = "linux-2.4.16/sock",
  changes = { "add struct ip_opt *opt after protinfo" } }
local e2 = sklab.whatif { struct = "sock", set = "linux-2.4.16",
  changes = { { add = "struct ip_opt *opt", after = "protinfo" } } }
expect(e1:text() == e2:text(), "text and table forms agree")
expect(e2.changes[1] == "add struct ip_opt *opt after protinfo", "5: the table form's text is bare")
local e3 = sklab.whatif { struct = "sock", changes = { { add = "int after", at = "start" } } }
expect(e3.changes[1] == "add int after at start" and e3.layout:offsetof("after") == 0,
  "5: a member named 'after'")
local e4 = sklab.whatif { struct = "sock", changes = { { add = "struct after *nope" } } }
expect(e4.changes[1] == "add 'struct after *nope' at end",
  "5: quoted when the bare text would mean another place")

-- 6. With no changes, before and after are the same, and w:json() is JSON.
local f = sklab.whatif { struct = "sock" }
expect(#f.changes == 0 and f.delta.size == 0 and f.after.size == 812, "6: no changes")
expect(f:json():sub(1, 1) == "{" and f:json():find('"profile"', 1, true) ~= nil, "6: JSON")
expect(f:text("diff"):find("(the pahole text is the same)", 1, true) ~= nil, "6: the diff says so")

-- 7. reorganize = true: pahole --reorganize's packing, a path kept together.
local r = sklab.whatif { struct = "linux-2.4.16/sock", reorganize = true,
  paths = { tx = { "sport", "dst_cache", "sndbuf", "wmem_alloc", "write_space" } } }
expect(r.after.size <= r.before.size and r.after.size == 812, "7: never larger")
expect(r.before.paths.tx.text == "1-4,24" and r.after.paths.tx.text == "1", "7: tx in one line")
expect(#r.reorganize.moves == 4 and r.reorganize.moves[1] == "move dst_cache after sport"
  and #r.reorganize.demoted == 0 and r.reorganize.candidates > 1, "7: the moves")
expect(r:text():find("# reorganized as pahole --reorganize does", 1, true) ~= nil, "7: the text says so")
expect(sklab.whatif { struct = "sock" }.reorganize == nil, "7: no reorganize without it")
