-- Object handles: what a 24-byte handle and a 24-byte slot keep. A freed
-- object's handle is stale and says where it was freed (the free's event);
-- a slot reused by a new object leaves the old handle stale; a double free
-- through a stale handle stales the new object at that address; typed
-- objects keep their layouts as others of their kind are freed; kmalloc's
-- request, size class and SLUB's alias come from what the objects share.
scenario { title = "object handles", goal = "handles resolved on each call", profile = "linux-2.4.16-i386" }

local types = sklab.layouts("linux-2.4.16")
local k = sklab.kernel { profile = "linux-2.4.16-i386" }
local c = k:cache_create("plain", 64)

-- stale, with the line of the free
local x = c:alloc()
local xaddr = x.address
c:free(x)
local ok, msg = pcall(function() return x.addr end)
expect(not ok and msg:find("stale object handle: plain object 0x%x+ was freed at tests/lua/scenarios/handles%.lua:16"),
  "stale, freed at line 16: " .. tostring(msg))
expect(tostring(x):find("^object%(plain 0x%x+, freed%)$"), "tostring of a stale handle: " .. tostring(x))

-- the slot and the address reused: x stays stale, without a line (the slot moved on)
local y = c:alloc()
expect(y.address == xaddr, "2.4's LIFO gives y x's address")
ok, msg = pcall(function() return x.size end)
expect(not ok and msg:find("was freed%)$") and not msg:find("freed at"), "x after reuse: " .. tostring(msg))
expect(y.size == 64 and y.cache == "plain" and y.via == nil and y.requested == 64 and y.bucket == nil, "y's fields")

-- freeing x again frees y's object (the kernel sees an address): y goes stale too
expect(c:free(x) == true, "a double free of a reused address is a free of y")
ok, msg = pcall(function() return y.address end)
expect(not ok and msg:find("was freed at tests/lua/scenarios/handles%.lua:30"), "y stale after x's free: " .. tostring(msg))

-- a handle collected gives its slot back
for _ = 1, 1000 do c:alloc() end
collectgarbage()
local z = c:alloc()
expect(z.size == 64, "after a thousand collected handles")

-- typed objects: each keeps its layout while others are freed
local sc = k:cache_create("sock", types.sock)
local s = {}
for i = 1, 5 do s[i] = sc:alloc { zero = true } end
s[1]:set("next", s[5])
sc:free(s[2]) -- the last typed object takes the freed one's place in the list
sc:free(s[3])
for _, i in ipairs { 1, 4, 5 } do
  expect(s[i].type == types.sock, "s[" .. i .. "] keeps its layout")
end
local addr, name = s[1]:get("next")
expect(addr == s[5].address and name:find("^sock#%d+$"), "s[1]->next still names s[5]: " .. tostring(name))
local u = c:alloc()
expect(u.type == nil, "an untyped object has no layout")
ok, msg = pcall(u.get, u, "next")
expect(not ok and msg:find("the object has no type"), "an untyped object has no members: " .. tostring(msg))

-- kmalloc: the request, the size class
local m = k:kmalloc(20)
expect(m.cache == "size-32" and m.requested == 20 and m.size == 32 and m.bucket == 32, "kmalloc(20)")
local m2 = k:kmalloc(100)
expect(m2.cache == "size-128" and m2.requested == 100 and m.cache == "size-32", "two size classes, two origins")
k:kfree(m)
ok, msg = pcall(function() return m.requested end)
expect(not ok and msg:find("stale object handle: size%-32 object 0x%x+ was freed at"), "kfree'd: " .. tostring(msg))

-- SLUB: an alias's objects name the cache that holds them and the alias
local k2 = sklab.kernel { profile = "linux-6.18-x86_64" }
local a = k2:cache_create("sklab_a", 64)
local b = k2:cache_create("sklab_b", 64)
local oa, ob = a:alloc(), b:alloc()
expect(ob.via == "sklab_b" and oa.via == nil and ob.cache == oa.cache, "merged: " .. ob.cache .. " via " .. tostring(ob.via))
local big = k2:kmalloc(20000)
expect(big.cache == "kmalloc_large" and big.requested == 20000 and big.size == 32768 and big.bucket == 32768,
  "kmalloc_large: an order of whole pages (8 for 20000 bytes)")
local ok2, why = pcall(k.kfree, k, ob)
expect(not ok2 and why:find("another kernel"), "another kernel's object: " .. tostring(why))
