-- Title:   a scenario's own header and the running kernel's BTF
-- Goal:    sklab.cheader reads a header in the scenario's folder only; its structs draw, type objects, whatif
-- Profile: test-x86_64
scenario { title = "cheader", goal = "sklab.cheader and sklab.btf", profile = "test-x86_64" }

local h = sklab.cheader("corpus/conn.h")
local conn = h.conn
expect(conn.size == 48, "conn: 1 (7) 8 2 (6) 8 4 (4) 8 = 48 on x86_64, got " .. conn.size)
expect(conn:offsetof("addr") == 32 and conn:member("next").size == 8, "member offsets")
expect(conn:pahole():find("uint64_t                   bytes_in;             /*     8     8 */", 1, true),
  "pahole text names the typedef")
local h32 = sklab.cheader("corpus/conn.h", { arch = "i386", config = { "CONFIG_STATS" } })
expect(h32.conn.size == 36 and h32.conn:offsetof("drops") == 32, "i386 with CONFIG_STATS: 36, drops at 32")
expect(sklab.cheader("corpus/inner.h").inner.size == 8, "a header in a subfolder")
scene.show(conn)
scene.step("a student's struct, drawn")

-- typed objects of it
local k = sklab.kernel {}
local c = k:cache_create("conn", conn, { hwcache_align = true })
local o = c:alloc { zero = true }
o:write("addr")
o:read("port")
expect(c:stats().object_size == 48, "a cache of conns")

-- what if the holes were closed?
local w = sklab.whatif { struct = conn, changes = { { move = "state", after = "port" } } }
expect(w.after.size == 40 and w.before.size == 48, "moving state next to port saves a word")

-- the rules of the folder
local function refused(name, why)
  local ok, err = pcall(sklab.cheader, name)
  expect(not ok and err:find(why, 1, true), name .. " refused: " .. tostring(err))
end
refused("corpus/../corpus/conn.h", "'..' is not allowed")
refused("/etc/hostname", "an absolute path is not allowed")
refused("corpus/link_out.h", "leads out of the scenario's folder")
refused("nosuch.h", "no such file in the scenario's folder")
refused("corpus", "not a regular file")
refused("", "it is empty")
local ok, err = pcall(sklab.cheader, "corpus/bad.h")
expect(not ok and err:find("corpus/bad.h:3:", 1, true), "a C error names the header's line: " .. tostring(err))
ok, err = pcall(sklab.cheader, "corpus/conn.h", { arch = "vax" })
expect(not ok and err:find("unknown arch 'vax'", 1, true), "bad options as sklab.layouts says them")

-- the running kernel's BTF, where there is one
local bok, sk = pcall(sklab.btf, "sock_common")
if bok then
  expect(sk.size > 0 and sk:offsetof("skc_daddr") == 0, "the running kernel's sock_common")
  local bw = sklab.whatif { struct = sk, changes = { { move = "skc_daddr", to = "end" } } }
  expect(bw.before.size == sk.size and bw.after.layout:offsetof("skc_daddr") > 0, "whatif on a BTF struct")
  local bc = k:cache_create("btf_sock_common", sk, {})
  local bo = bc:alloc { zero = true }
  bo:write("skc_daddr")
else
  expect(sk:find("BTF", 1, true) ~= nil, "without a kernel BTF, the error says so: " .. sk)
end
ok, err = pcall(sklab.btf, "../x")
expect(not ok and err:find("is not a struct name", 1, true), "sklab.btf takes a struct name")
