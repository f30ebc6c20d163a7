-- skb_clone_copy.lua
-- title:   skb_clone against skb_copy: sharing a head or owning one
-- goal:    Build a TCP packet in an sk_buff, clone it (a second sk_buff on
--          the same head: dataref 2, nothing copied), copy it (a private
--          head with every byte), make the clone writable with skb_cow, and
--          free the original while the clone still holds the head.
-- profile: linux-6.18-x86_64
-- length:  about 8 minutes (9 steps)

scenario {
  title = "skb_clone against skb_copy: sharing a head or owning one",
  goal = "skb_clone shares the head (dataref counts the sk_buffs), skb_copy duplicates it; what each "
      .. "costs, and what a clone must do before it writes.",
  profile = "linux-6.18-x86_64",
  length = "about 8 minutes (9 steps)",
}

local k = sklab.kernel {}
local PAYLOAD = 1000
local skb = k:alloc_skb(PAYLOAD + 256)
skb:reserve(128)
skb:put(sklab.payload(PAYLOAD))
skb:push(sklab.hdr.tcp { sport = 80, dport = 43210, flags = "PA", timestamps = true })
skb:push(sklab.hdr.ipv4 { src = "10.0.0.1", dst = "10.0.0.2" })
skb:push(sklab.hdr.eth {})
skb:name("skb")

scene.show(skb)
scene.step(string.format("One TCP segment: %d bytes of payload behind TCP, IPv4 and Ethernet headers, "
  .. "len %d, in a %d-byte head from %s; the sk_buff itself is another object. dataref %d",
  PAYLOAD, skb.len, skb.buf_size, skb.head_cache, skb.dataref))

---------------------------------------------------------------------------
-- skb_clone: a new sk_buff, the same head.

local used0 = k:ram().used
local clone = skb:clone():name("clone")
local used_clone = k:ram().used - used0
scene.predict("skb_clone(skb): how many bytes of the packet are copied, and what changes in the "
  .. "original sk_buff?",
  string.format("none: the clone is a new sk_buff pointing at the same head (data at +%d in both); "
    .. "dataref goes from 1 to %d and both are marked cloned (%s, %s)", clone.data, skb.dataref,
    tostring(skb.cloned), tostring(clone.cloned)))
expect(clone.head_addr == skb.head_addr and clone.data == skb.data, "the clone shares head and data")
expect(skb.dataref == 2 and skb.cloned and clone.cloned, "dataref 2, both cloned")

scene.show(skb, clone)
scene.step(string.format("Two sk_buffs, one head: dataref %d. The clone cost one sk_buff from "
  .. "skbuff_head_cache (%d bytes of new pages here: the slab had room) and no packet bytes. "
  .. "TCP does this for every segment it sends and keeps the original for retransmission",
  skb.dataref, used_clone))

---------------------------------------------------------------------------
-- skb_copy: a private head with every byte.

local copy = skb:copy():name("copy")
scene.show(skb, clone, copy)
scene.step(string.format("skb_copy: a head of its own (%d bytes, %s), the same headroom (%d) and all %d "
  .. "bytes copied. Its dataref is %d and it is not cloned; the original's stays %d",
  copy.buf_size, copy.head_addr, copy.headroom, copy.len, copy.dataref, skb.dataref))
expect(copy.head_addr ~= skb.head_addr and copy.len == skb.len and copy.headroom == skb.headroom,
  "the copy has its own head with the same bytes and headroom")
expect(copy:bytes() == skb:bytes(), "the copy holds the same packet bytes")
expect(copy.dataref == 1 and not copy.cloned, "the copy shares nothing")

---------------------------------------------------------------------------
-- Writing through a clone: the head is shared, so unshare it first.

local before = clone.head_addr
scene.predict("A netfilter hook wants to rewrite the clone's IPv4 header (a NAT). Why can it not just "
  .. "write, and what does skb_cow(clone, headroom) do?",
  "the head is shared (skb_cloned() is true: dataref " .. skb.dataref .. "), so a write would change the "
  .. "original TCP keeps for retransmission; skb_cow gives the clone a private head first")
clone:cow(clone.headroom)
expect(clone.head_addr ~= before and not clone.shared_head, "after skb_cow the clone owns its head")
expect(skb.dataref == 1, "the original's head is its own again: dataref 1")
scene.show(skb, clone, copy)
scene.step(string.format("After skb_cow: the clone has head %s and the original's dataref is back to "
  .. "%d. Three sk_buffs, three heads -- a clone that writes ends up costing a copy",
  clone.head_addr, skb.dataref))

---------------------------------------------------------------------------
-- The last reference frees the head.

local c2 = skb:clone():name("clone2")
local shared = skb.dataref
skb:free()
scene.show(c2, clone, copy)
scene.step(string.format("A second clone, then kfree_skb(skb): the original sk_buff is freed, but "
  .. "dataref only drops from %d to %d -- the head lives on for \"clone2\" until its last user frees it",
  shared, c2.dataref))
expect(shared == 2 and c2.dataref == 1, "freeing the original leaves the head to the clone")
c2:free()
clone:free()
copy:free()
