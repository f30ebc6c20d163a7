-- kasan_large.lua: KASAN on kmalloc_large blocks and on sk_buff heads of that
-- size, from a scenario on the real 6.18 profile. Run from the source tree:
-- test_lua_run . tests/lua/scenarios/kasan_large.lua
scenario { title = "KASAN on kmalloc_large", goal = "the page red zone, use-after-free of freed pages",
  profile = "linux-6.18-x86_64" }

-- KASAN on kmalloc_large (mm/kasan/common.c, 6.x): poison_kmalloc_large_redzone()
-- poisons the block past the bytes asked for KASAN_PAGE_REDZONE ("slab-out-of-bounds"),
-- the freed pages are KASAN_PAGE_FREE ("use-after-free"); kfree() of an inner
-- pointer (check_page_allocation()'s invalid-free) is tested in tests/mm/kasan
local kz = sklab.kernel { kasan = true }
local big = kz:kmalloc(10000)
big:read(9999, 1)
expect(kz:kasan_report() == nil, "kmalloc(10000) under KASAN: byte 9999 is the buffer's")
big:read(10000, 1)
local zrep = kz:kasan_report() or ""
expect(zrep:find("BUG: KASAN: slab-out-of-bounds in", 1, true) and
  not zrep:find("belongs to the object", 1, true) and zrep:find("page_type: f8(large_kmalloc)", 1, true),
  "byte 10000: the page red zone, no object, the large_kmalloc page")
expect(kz:kfree(big) == true, "kfree of the large block")
big:read(8, 8)
zrep = kz:kasan_report() or ""
expect(zrep:find("BUG: KASAN: use-after-free in", 1, true), "a read after kfree: use-after-free (freed pages)")

-- an alloc_skb(10000) head is the same kmalloc_large block as kmalloc(16384):
-- kmalloc_reserve() asks for kmalloc_size_roundup(), the whole four pages
local skb = kz:alloc_skb(10000)
expect(skb.head_cache == "kmalloc_large" and skb.buf_size == 16384 and skb.truesize == 16384 + 256,
  "alloc_skb(10000): a kmalloc_large head of 16384 bytes, truesize SKB_TRUESIZE(16064)")
