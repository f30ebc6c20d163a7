-- Title:   a small kernel scenario, event by event
-- Goal:    every allocator operation lands in the log with its scenario line
-- Profile: test-i386
scenario {
  title = "Small kernel",
  goal = "Allocator events, kernel snapshots and a chart in the event log",
  profile = "test-i386",
  length = 3,
}

local sock = sklab.layouts("mini").sock
local k = sklab.kernel { debug_slab = true }
local c = k:cache_create("sock", sock, { hwcache_align = true })
local a = c:alloc { zero = true }
local b = c:alloc()
a:write("daddr", 0x0100007f)
c:free(b)
local again, report = c:free(b)
print(report)
local m = k:kmalloc(40)
k:kfree(m)
scene.show(k, { caches = { "sock", "size-64" } })
scene.step("two sockets, one freed twice; a kmalloc")

local fat = sklab.kernel {}
local f = fat:cache_create("sock", 812, { hwcache_align = true })
f:alloc()
scene.show(fat, k, { titles = { "fat", "slim" }, caches = { "sock" } })
scene.step("compare")

c:free(a)
print("shrink", c:shrink())
scene.chart {
  title = "objects", xlabel = "step", ylabel = "in use",
  series = {
    { name = "sock", points = { { 0, 0 }, { 1, 2 }, { 2, 1 }, { 3, 0 } } },
  },
}
scene.step("a chart")

-- a refused free leaves its report with the kernel; shown beside the slab
-- view, and alone, as text panels
local d = c:alloc()
c:free(d)
print("double free", c:free(d))
local rep = k:report()
expect(rep ~= nil and rep:find("kmem_cache_free", 1, true) ~= nil, "k:report() keeps the whole report")
scene.show(k, { caches = { "sock" }, report = rep, mark = { "double free" } })
scene.step("the report beside the slab view")
scene.show("line one\nline two: BUG\nline three", { title = "dmesg", mark = "BUG" })
scene.step("a text alone")
