-- slub_merge.lua
-- title:   Merged SLUB caches: two names, one set of slabs
-- goal:    See kmem_cache_create() on SLUB hand back an existing cache when
--          a compatible one exists (c.alias_of), so objects of two
--          subsystems share slabs; which flags prevent it (a ctor, RCU,
--          debugging); and why /proc/slabinfo lists fewer caches than were
--          created.
-- profile: linux-6.18-x86_64
-- length:  about 6 minutes (6 steps)

scenario {
  title = "Merged SLUB caches: two names, one set of slabs",
  goal = "SLUB merges a new cache into a compatible existing one (alias_of): what qualifies, what "
      .. "prevents it, and what it means for slabinfo and for objects of different types.",
  profile = "linux-6.18-x86_64",
  length = "about 6 minutes (6 steps)",
}

-- sklab_* are this scenario's own caches, named by what they demonstrate.
local k = sklab.kernel {}

local a = k:cache_create("sklab_a", 120)
local b = k:cache_create("sklab_b", 116)
local objs = {}
for i = 1, 3 do
  objs[#objs + 1] = a:alloc {}
  objs[#objs + 1] = b:alloc {}
end
local sa = a:stats()
scene.show(k, { caches = { "sklab_a" } })
scene.step(string.format("kmem_cache_create(\"sklab_b\", 116) found sklab_a (120 bytes, align %d) and "
  .. "became its alias: b.alias_of = %q. Three objects from each, alternating, share one slab; an sklab_b "
  .. "object's cache is %q", sa.align, tostring(b.alias_of), objs[2].cache))
expect(b.alias_of == "sklab_a" and a.alias_of == nil, "sklab_b is merged into sklab_a")
expect(objs[2].slab == objs[1].slab and objs[2].index == objs[1].index + 1,
  "an sklab_b object sits next to an sklab_a object in the same slab")
expect(objs[2].via == "sklab_b" and objs[1].via == nil,
  "an sklab_b object came through the alias (the view tags it), an sklab_a one through its own name")

---------------------------------------------------------------------------
-- What qualifies: compatible flags, s->size >= the new size, s->size a
-- multiple of the new alignment, less than one word to spare.

local c = k:cache_create("sklab_c", 128)
local d = k:cache_create("sklab_d", 120, { ctor = true })
local e = k:cache_create("sklab_e", 120, { rcu = true })
local f = k:cache_create("sklab_f", 100, { hwcache_align = true })
local function fate(x)
  return x.name .. (x.alias_of and (" -> " .. x.alias_of) or " stays")
end
scene.predict("Four more: sklab_c (128 bytes), sklab_d (120, a constructor), sklab_e (120, "
  .. "SLAB_TYPESAFE_BY_RCU), sklab_f (100, SLAB_HWCACHE_ALIGN). Which merge, and into what?",
  string.format("%s (128 > 120), %s (a ctor), %s (RCU never merges), %s: cache-line alignment makes "
    .. "it %d bytes, and sklab_c is exactly that", fate(c), fate(d), fate(e), fate(f), f.size))
expect(not c.alias_of and not d.alias_of and not e.alias_of, "c, d and e stay caches of their own")
expect(f.alias_of == "sklab_c", "sklab_f (100, hwcache) merges into sklab_c (128)")

---------------------------------------------------------------------------
-- What /proc/slabinfo shows: one line per real cache, under the first
-- creator's name.

local lines = {}
for line in k:slabinfo():gmatch("[^\n]+") do
  if line:match("^sklab_") then
    lines[#lines + 1] = line:match("^(%S+)")
  end
end
table.sort(lines)
print(k:slabinfo())
scene.show(k, { caches = { "sklab_a", "sklab_c", "sklab_d", "sklab_e" } })
scene.step(string.format("Six kmem_cache_create() calls, %d slab caches: /proc/slabinfo lists %s. "
  .. "sklab_b and sklab_f have no line; their objects count under the first creator's name",
  #lines, table.concat(lines, ", ")))
expect(#lines == 4, "four slabinfo lines for six names")

---------------------------------------------------------------------------
-- Debugging turns merging off (SLAB_NEVER_MERGE: red zone, poison, user
-- tracking), so a report names the right cache.

local kd = sklab.kernel { slub_debug = "FZPU" }
local da = kd:cache_create("sklab_a", 120)
local db = kd:cache_create("sklab_b", 116)
local dsa, dsb = da:stats(), db:stats()
scene.show(kd, { caches = { "sklab_a", "sklab_b" } })
scene.step(string.format("With slub_debug=FZPU the same two calls make two caches (alias_of %s): "
  .. "red zones, poison and tracks grow each slot to %d and %d bytes, and SLAB_NEVER_MERGE keeps "
  .. "them apart so a corruption report names the right cache", tostring(db.alias_of), dsa.size, dsb.size))
expect(db.alias_of == nil, "no merging under slub_debug")

---------------------------------------------------------------------------
-- Why it matters: a freed sklab_b object's slot goes to the next sklab_a
-- allocation.

local freed = objs[2].addr
b:free(objs[2])
local again = a:alloc {}
scene.show(k, { caches = { "sklab_a" } })
scene.step(string.format("Free an sklab_b object (%s) and allocate from sklab_a: it gets %s -- the same "
  .. "slot. Merging saves memory, and it is also why a use-after-free in one subsystem can reach "
  .. "another's objects", freed, again.addr))
expect(again.addr == freed, "the freed sklab_b slot is reused by sklab_a")
