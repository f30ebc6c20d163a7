-- slub_cpu_partial.lua
-- title:   Where a freed slab goes: SLUB's per-CPU partial lists
-- goal:    See a free into a full slab put that slab on the freeing CPU's
--          partial list (CONFIG_SLUB_CPU_PARTIAL), not the node's; the list
--          drain at cpu_partial_slabs; an allocation taking the CPU's list
--          before the node's; /proc/slabinfo counting the free objects of
--          those slabs as active; and 6.18's sheaves in front of it all.
-- profile: linux-6.18-x86_64
-- length:  about 6 minutes (6 steps)

scenario {
  title = "Where a freed slab goes: SLUB's per-CPU partial lists",
  goal = "A free into a full slab parks it on the CPU's partial list, not the node's: the list, its "
      .. "drain, the allocation that takes it first, and the slabinfo count that calls its free "
      .. "objects active.",
  profile = "linux-6.18-x86_64",
  length = "about 6 minutes (6 steps)",
}

-- sklab_cp is this scenario's own cache: 1024-byte objects, 16 to an
-- order-2 slab. 6.18 mm/slub.c set_cpu_partial(): 24 objects for sizes of
-- 1024 or more; slub_set_cpu_partial(): DIV_ROUND_UP(24 * 2, 16) = 3 slabs.
local k = sklab.kernel {}
local c = k:cache_create("sklab_cp", 1024)
local objs = {}
for i = 1, 96 do
  objs[i] = c:alloc {}
end
local s0 = c:stats()
scene.show(k, { caches = { "sklab_cp" } })
scene.step(string.format("96 objects fill %d slabs of %d; the sixth is CPU 0's. The cache may keep "
  .. "cpu_partial = %d objects on each CPU's partial list, which 6.18 counts as %d slabs "
  .. "(half full, DIV_ROUND_UP(24 * 2, 16))", s0.num_slabs, s0.objs_per_slab, s0.cpu_partial,
  s0.cpu_partial_slabs))
expect(s0.num_slabs == 6 and s0.objs_per_slab == 16, "six full slabs of 16")
expect(s0.cpu_partial == 24 and s0.cpu_partial_slabs == 3, "cpu_partial 24, cpu_partial_slabs 3")

---------------------------------------------------------------------------
-- __slab_free(): "If we started with a full slab then put it onto the per
-- cpu partial list". The node's partial list stays empty, and slabinfo,
-- which subtracts only the node's free objects, still says 96 active.

local freed = {}
for i = 0, 2 do
  freed[i] = objs[16 * i + 1].addr
  c:free(objs[16 * i + 1])
end
local s1 = c:stats()
scene.show(k, { caches = { "sklab_cp" } })
scene.predict("Free one object in each of the first three (full) slabs. Which list do they go on, and "
  .. "what does /proc/slabinfo's <active_objs> say?",
  string.format("CPU 0's partial list (%d slabs there, %d free objects); slabinfo says %d active for "
    .. "%d in use: free objects on a CPU partial slab count as active", s1.slabs_cpu_partial,
    s1.cpu_partial_free, s1.active_objs, s1.in_use))
expect(s1.slabs_cpu_partial == 3 and s1.cpu_partial_free == 3, "three slabs on CPU 0's partial list")
expect(s1.active_objs == 96 and s1.in_use == 93, "slabinfo counts 96 active, 93 are in use")

---------------------------------------------------------------------------
-- put_cpu_partial(s, slab, 1): the list already holds cpu_partial_slabs,
-- so __put_partials() moves it whole to the node's partial list first.

freed[3] = objs[49].addr
c:free(objs[49])
local s2 = c:stats()
scene.show(k, { caches = { "sklab_cp" } })
scene.step(string.format("A fourth free finds the list at cpu_partial_slabs (3): the three go to the "
  .. "node's partial list and the fourth slab starts a new list (%d slab). Now slabinfo subtracts "
  .. "the node's 3 free objects: %d active, %d in use, the one more is the free object "
  .. "of the CPU partial slab", s2.slabs_cpu_partial, s2.active_objs, s2.in_use))
expect(s2.slabs_cpu_partial == 1, "the drain left one slab on the CPU's list")
expect(s2.active_objs == 93 and s2.in_use == 92, "slabinfo 93 active, 92 in use")

---------------------------------------------------------------------------
-- ___slab_alloc(): the CPU slab is used up, so the CPU's partial list
-- comes before get_partial(), which then refills it from the node.

local a = c:alloc {}
local b = c:alloc {}
local s3 = c:stats()
scene.show(k, { caches = { "sklab_cp" } })
scene.step(string.format("Two allocations: the first gets the CPU partial slab's free object (%s, "
  .. "the one just freed), the second takes a node slab as CPU slab and brings %d more onto the "
  .. "CPU's list (get_partial_node() stops past cpu_partial_slabs / 2)", a.addr, s3.slabs_cpu_partial))
expect(a.addr == freed[3], "the CPU's partial list is used before the node's")
expect(b.addr == freed[2] and s3.slabs_cpu_partial == 2, "the node refill moves two slabs over")

---------------------------------------------------------------------------
-- 6.18 sheaves: a cache created with sheaf_capacity (vm_area_struct and
-- maple_node have 32) keeps per-CPU arrays of free objects in front of
-- all this. alloc_from_pcs() finds the CPU's main sheaf empty and
-- refill_sheaf() takes 32 objects from the slabs at once.

local vma = k:cache_create("sklab_vma", 192,
  { hwcache_align = true, rcu = true, freeptr_offset = 16, sheaf_capacity = 32 })
local v = vma:alloc {}
local sv = vma:stats()
scene.show(k, { caches = { "sklab_vma" } })
scene.step(string.format("A cache with sheaf_capacity = %d: its first allocation fills a sheaf with 32 "
  .. "objects from %d slabs and hands out the top one. %d wait in the sheaf: allocated to their slabs, "
  .. "so slabinfo counts %d active for %d in use", sv.sheaf_capacity, sv.num_slabs, sv.sheaf_objects,
  sv.active_objs, sv.in_use))
expect(sv.sheaf_capacity == 32 and sv.sheaf_objects == 31 and sv.in_use == 1, "one object out, 31 in the sheaf")
expect(sv.num_slabs == 2 and sv.active_objs == 42, "two slabs of 21, all 42 active to slabinfo")
vma:free(v)
expect(vma:stats().sheaf_objects == 32, "the free goes back into the sheaf, not the slab")
