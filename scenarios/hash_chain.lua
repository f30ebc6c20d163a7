-- hash_chain.lua
-- title:   A 2.4 TCP hash chain: sk->next and sk->pprev in the objects' bytes
-- goal:    See how 2.4's established hash links sockets through pointers
--          inside struct sock (net/ipv4/tcp_ipv4.c __tcp_v4_hash and
--          tcp_unhash): next points at the next sock, pprev at the pointer
--          that points at this one, so unlinking needs no walk.
-- profile: linux-2.4.16-i386
-- length:  about 5 minutes (4 steps)

scenario {
  title = "A 2.4 TCP hash chain: sk->next and sk->pprev in the objects' bytes",
  goal = "2.4 chains the sockets of one hash bucket through next and pprev inside struct sock; unlinking "
      .. "one writes two pointers and walks nothing.",
  profile = "linux-2.4.16-i386",
  length = "about 5 minutes (4 steps)",
}

local types = sklab.layouts("linux-2.4.16")
local k = sklab.kernel {}
-- net/core/sock.c sk_init(): kmem_cache_create("sock", sizeof(struct sock), 0, SLAB_HWCACHE_ALIGN, ...)
local socks = k:cache_create("sock", types.sock, { hwcache_align = true })
-- one bucket of tcp_ehash (struct tcp_ehash_bucket { rwlock_t lock; struct sock *chain; }):
-- 8 bytes on i386 SMP, its chain pointer at offset 4. The table itself comes from
-- __get_free_pages in tcp_init(); one bucket stands in for it here.
local bucket = k:kmalloc(8)
local CHAIN = 4
local next_off = types.sock:offsetof("next")

-- __tcp_v4_hash(): the new sock goes to the head of the bucket's chain
--	if ((sk->next = *skp) != NULL) (*skp)->pprev = &sk->next;
--	*skp = sk; sk->pprev = skp;
local function hash(sk)
  local head = bucket:read(CHAIN, 4)
  sk:set("next", head)
  if head ~= 0 then
    for _, s in ipairs(all) do
      if s.address == head then
        s:set("pprev", sk.address + next_off)
      end
    end
  end
  bucket:write(CHAIN, sk.address, 4)
  sk:set("pprev", bucket.address + CHAIN)
end

all = {}
local function connect(daddr, dport, num)
  local sk = socks:alloc { zero = true }
  sk:set("daddr", daddr)
  sk:set("dport", dport)
  sk:set("num", num)
  sk:set("family", 2) -- AF_INET
  sk:set("state", 1)  -- TCP_ESTABLISHED
  all[#all + 1] = sk
  hash(sk)
  return sk
end

local a = connect(0x0100000a, 0x5000, 32768) -- 10.0.0.1:80, network order as __u32/__u16 hold them
scene.show(k)
scene.step("One established socket in bucket 0: the bucket's chain points at sock#0, and sock#0's pprev points "
  .. "back at the bucket's chain pointer (the arrow into size-32).")

local b = connect(0x0200000a, 0x5000, 32769)
local c = connect(0x0300000a, 0xbb01, 32770)
expect(c:get("next") == b.address and b:get("next") == a.address, "the chain runs c -> b -> a")
expect(select(2, b:get("pprev")) == "sock#2+0x10", "b's pprev points at c->next (offset 0x10)")
expect(a:get("next") == 0, "a ends the chain: next is NULL")
scene.show(k)
scene.step("Two more: each goes to the head. The arrows are the pointers inside the objects: next to the "
  .. "next sock, pprev to the pointer that points at this one (+0x10 is next's offset).")

scene.show(b, { view = "bytes" })
expect(b:get("daddr") == 0x0200000a and b:get("num") == 32769, "b's lookup identity decodes")
scene.step("sock#1's own bytes: the lookup identity (daddr, rcv_saddr, dport, num, bound_dev_if) and both hash "
  .. "links fill the first 32-byte line, as Miller asked; next and pprev read as the objects they point into.")

-- tcp_unhash() -> __tcp_v4_unhash: if (sk->next) sk->next->pprev = sk->pprev; *sk->pprev = sk->next;
a:set("pprev", b:get("pprev"))
c:set("next", a)
b:set("next", nil)
b:set("pprev", nil)
expect(c:get("next") == a.address and select(2, a:get("pprev")) == "sock#2+0x10", "b unlinked: c -> a")
scene.show(k)
scene.step("tcp_unhash(b): two writes, a->pprev = b->pprev and c->next = a. No walk of the chain: pprev "
  .. "already says which pointer to change.")
