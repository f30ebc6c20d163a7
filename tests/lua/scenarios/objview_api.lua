-- obj:set and obj:get: values stored and read back by each member's type,
-- pointers named by the objects they point into
scenario { title = "obj:set and obj:get", goal = "typed values in objects", profile = "linux-2.4.16-i386" }

local types = sklab.layouts("linux-2.4.16")
local k = sklab.kernel { profile = "linux-2.4.16-i386" }
local c = k:cache_create("sock", types.sock)
local a, b = c:alloc { zero = true }, c:alloc { zero = true }

-- integers: signed as the type is
a:set("daddr", 0x0100007f)
expect(a:get("daddr") == 0x0100007f, "__u32 daddr back")
a:set("bound_dev_if", -2)
expect(a:get("bound_dev_if") == -2, "int bound_dev_if reads negative")
expect(a:read("bound_dev_if") == 0xfffffffe, "obj:read gives the unsigned bytes")
a:set("num", 80)
expect(a:get("num") == 80, "unsigned short num")

-- pointers: an object stores its simulated address
a:set("next", b)
local addr, name = a:get("next")
expect(addr == b.address, "a->next == b: " .. tostring(addr) .. " vs " .. b.address)
expect(name == "sock#1", "a->next names b: " .. tostring(name))
b:set("pprev", a.address + types.sock:offsetof("next"))
local _, into = b:get("pprev")
expect(into == "sock#0+0x10", "b->pprev points at a->next (offset 0x10): " .. tostring(into))
expect(b:get("pprev") == a.address + types.sock:offsetof("next"), "pprev holds &a->next")
a:set("next", nil)
local null, nname = a:get("next")
expect(null == 0 and nname == "NULL", "nil stores NULL")

-- a record member: summarised
local rq = a:get("receive_queue")
expect(type(rq) == "string" and rq:find("bytes, all zero", 1, true), "a struct member reads as its summary: " .. tostring(rq))

-- refusals
local ok, err = pcall(a.set, a, "next", "text")
expect(not ok and err:find("object, skb, address or nil", 1, true), "a string for a pointer: " .. tostring(err))
ok, err = pcall(a.set, a, "nosuch", 1)
expect(not ok and err:find("no member 'nosuch'", 1, true), "unknown member: " .. tostring(err))
ok, err = pcall(a.set, a, "num", 70000)
expect(not ok and err:find("does not fit in 2 bytes", 1, true), "too big: " .. tostring(err))
ok, err = pcall(a.get, a, 4)
expect(not ok and err:find("member name", 1, true), "get takes a member name: " .. tostring(err))
c:free(b)
ok, err = pcall(a.set, a, "next", b)
expect(not ok and err:find("stale object handle", 1, true), "a freed object as the value: " .. tostring(err))

-- the bytes view: an object's form of scene.show
local d = c:alloc { zero = true }
d:set("next", a)
scene.show(d, { view = "bytes" })
scene.show(d, { view = "bytes", from = "receive_queue" })
scene.show(d, { view = "bytes", from = 0x100 })
scene.show(k, { pointers = false })
ok, err = pcall(scene.show, d, { view = "slab" })
expect(not ok and err:find("is not \"bytes\"", 1, true), "an object shows as bytes: " .. tostring(err))
ok, err = pcall(scene.show, d, { view = "bytes", from = "nosuch" })
expect(not ok and err:find("field 'from': no member 'nosuch'", 1, true), "from names a member: " .. tostring(err))
ok, err = pcall(scene.show, d, { view = "bytes", from = 5000 })
expect(not ok and err:find("past the object", 1, true), "from past the end: " .. tostring(err))
ok, err = pcall(scene.show, d, { views = "bytes" })
expect(not ok and err:find("views", 1, true), "unknown option: " .. tostring(err))
ok, err = pcall(scene.show, k, { view = "bytes" })
expect(not ok and err:find("shows one object", 1, true), "a kernel has no bytes view: " .. tostring(err))
c:free(d)
ok, err = pcall(scene.show, d, { view = "bytes" })
expect(not ok and err:find("stale object handle", 1, true), "a freed object: " .. tostring(err))
scene.step("bytes")
