"""Writes the lua_api seed corpus: byte strings that fuzz_lua_api.c decodes
into the scripts named by the file names. Reads the template and string
tables from fuzz_lua_api.c, so rerun it after changing them.

usage: python3 tests/fuzz/gen_lua_api_seeds.py
"""
import re, random, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(HERE, "fuzz_lua_api.c")).read()
def arr(name):
    body = re.search(r"static const char \*const %s\[\] = \{(.*?)\n\};" % name, src, re.S).group(1)
    # join adjacent string literals
    items = []
    for m in re.finditer(r'((?:"(?:[^"\\]|\\.)*"\s*)+),', body):
        lits = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))
        items.append("".join(lits).encode().decode("unicode_escape"))
    return items
stmts = arr("stmts"); strs = arr("strs")
def S(tmpl_prefix):
    for i, s in enumerate(stmts):
        if s.startswith(tmpl_prefix):
            return i
    raise KeyError(tmpl_prefix)
def s(x): return strs.index(x)
def n(v):
    assert -32 <= v < 96
    return v + 32
H = lambda slot: slot
V_H = lambda slot: [5, slot]
V_N = lambda v: [1, n(v)]
V_S = lambda x: [3, s(x)]
V_T = [19]  # 19 % 12 == 7 (a boolean) with bit 4 set: true
V_F = [7]
V_NIL = [0]
seqs = {
 # hdr: b%4 profile (0 2.4, 1 6.18, 2 2.6.31, 3 none); bit 4: H[0] = kernel; bit 8: H[1] = alloc_skb
 "kmalloc-kfree-stale": [1 | 4, S("H[%h] = %H:kmalloc("), 2, 0, n(64), S("H[%h] = %H:kfree("), 3, 0, 2,
    S("H[%h] = %H:kfree("), 3, 0, 2, S("local v = %H:read(%n"), 2, n(0), n(4), S("local s = %H:slabinfo"), 0],
 "cache-create-alloc-free": [0 | 4, S("H[%h] = %H:cache_create(%s, %n, %o)"), 2, 0, s("sock"), n(90), 0,
    S("H[%h] = %H:alloc{"), 3, 2] + V_T + V_NIL + [S("%H:write(%n, %n, %n)"), 3, n(4), n(7), n(4),
    S("H[%h] = %H:free("), 4, 2, 3, S("H[%h] = %H:free("), 4, 2, 3, S("%H:destroy()"), 2, S("local t = %H:stats()"), 2],
 "skb-put-push-panic": [1 | 4 | 8, S("H[%h] = %H:reserve("), 2, 1, n(64), S("H[%h] = %H:put(%n)"), 2, 1, n(90),
    S("H[%h] = %H:push(%n)"), 2, 1, n(80), S("H[%h] = %H:clone()"), 3, 1, S("%H:free()"), 1,
    S("H[%h] = %H:pull(%n)"), 2, 1, n(4), S("scene.show(%H)"), 3],
 "skb-headers": [2 | 4 | 8 | 16, S("H[%h] = sklab.payload(%n, %s)"), 5, n(40), s("count"), S("H[%h] = %H:reserve("), 2, 1, n(90),
    S("H[%h] = %H:put(%H)"), 2, 1, 5, S("H[%h] = sklab.hdr.udp{"), 6, n(53), n(53), n(0), S("H[%h] = %H:push(%H)"), 2, 1, 6,
    S("H[%h] = sklab.hdr.ipv4{"), 6, s("10.0.0.1"), s("1.2.3.999"), 3, s("udp"), n(64), n(1), n(0)] + V_T + [n(0),
    S("H[%h] = %H:push(%H)"), 2, 1, 6, S("local b = %H:bytes("), 1, n(0), n(40), S("%H:pcap(%s)"), 1, s("x.pcap")],
 "tx-path": [1 | 4, S("H[%h] = sklab.tx_tcp(%H, {"), 3, 0] + V_N(90) + [n(60)] + V_F + V_T + V_NIL + [S("local n = %H:run()"), 3,
    S("scene.show(%H)"), 3, S("scene.step("), 3, s("tx")] if "tx" in strs else None,
 "rx-path": [0 | 4, S("H[%h] = sklab.rx(%H, {"), 3, 0, n(90), n(-1)] + V_T + [S("local n = %H:next()"), 3, S("local n = %H:next()"), 3,
    S("local n = %H:run(%v)"), 3] + V_S("deliver") + [S("H[%h] = %H[%s]"), 4, 3, s("skb")] if "skb" in strs else None,
 "cache-model": [1 | 4, S("H[%h] = sklab.cache{profile"), 5, 0, S("H[%h] = %H:cache_model(%H)"), 6, 0, 5,
    S("H[%h] = %H:kmalloc("), 2, 0, n(64), S("%H:write(%n, %n, %n)"), 2, n(0), n(1), n(8),
    S("local m = %H:misses{"), 0, 0, 0, S("local s = %H:summary()"), 5, S("local r = %H:access(%n, %n, %v)"), 5, n(64), n(8)] + V_S("write"),
 "cache-levels": [3, S("H[%h] = sklab.cache{levels = {%l}, memory"), 5, 0, 130, 1, n(4), n(64), 0, 4, n(3), n(-2), n(5), n(1), 3, s("LL"),
    S("local r = %H:access(%n, %n)"), 5, 200, n(8), S("local t = %H:stats()"), 5, S("%H:reset()"), 5],
 "layouts": [0, S("H[%h] = sklab.layouts(%s, {profile"), 2, s("linux-2.4.16"), 0, S("H[%h] = %H.sock"), 3, 2,
    S("local s = %H:pahole(%o)"), 3, 2, 1, S("local m = %H:member(%s)"), 3, s("daddr"),
    S("local m = %H:offsetof(%v)"), 3] + V_S("sk") + [S("scene.show(%H, {highlight"), 3, s("line:0"), s("daddr"),
    S("H[%h] = %H[%s]"), 4, 2, s("tcp_opt"), S("local s = %H:json()"), 4],
 "layouts-618": [1, S("H[%h] = sklab.layouts(%s, {profile"), 2, s("linux-6.18"), 1, S("H[%h] = %H[%s]"), 3, 2, s("tcp_sock"),
    S("local v = %H[%s]"), 3, s("size"), S("H[%h] = sklab.kernel{profile = %p, ram_mb = 16"), 0, 1, 0, 0,
    S("H[%h] = %H:cache_create(%s, %H, {"), 4, 0, s("tcp_sock"), 3, 19, 0, 0, n(64), S("H[%h] = %H:alloc()"), 5, 4,
    S("%H:write(%s, %n)"), 5, s("skc_family"), n(2), S("scene.show(%H, {heat"), 3, 0, s("L1d"), 0],
 "kernels-compare": [0 | 4, S("H[%h] = sklab.kernel{profile = %p, ram_mb = %n"), 1, 1, n(16), 0, S("scene.show(%H, %H, {caches"), 0, 1,
    s("size-32"), s("kmalloc-64"), s("x"), s("y"), S("scene.show(%H, {view"), 0, S("expect(%v, %v)")] + V_T + V_S("x"),
 "chart": [0, S("scene.chart(%c)"), 3, 3, s("t"), 1, 3, s("x"), 2, 3, s("x"), 3, n(1), n(2), n(3), n(4), 200, 12] if "t" in strs else None,
 "sklab-misc": [3, S("local p = sklab.profile(%s)"), s("linux-2.4.16-i386"), S("local p = sklab.profiles()"), S("local p = sklab.sets()"),
    S("print(%v, %H)"), 1, n(3), 0, S("scene.step(%v)"), 3, s("x"), S("scene.predict(%v, %v)"), 3, s("q"), 3, s("x")] if "q" in strs else None,
 "slub-debug": [1, S("H[%h] = sklab.kernel{profile = %p, ram_mb = 16, debug_slab"), 0, 1, 19, 3, s("FZPU"),
    S("H[%h] = %H:cache_create(%s, %n, %o)"), 1, 0, s("x"), n(40), 0, S("H[%h] = %H:alloc()"), 2, 1,
    S("%H:write(%n, %n, %n)"), 2, n(40), n(1), n(8), S("H[%h] = %H:free("), 3, 1, 2, S("local s = %H:slabinfo"), 0],
 "debug-slab-24": [0, S("H[%h] = sklab.kernel{profile = %p, ram_mb = 16, debug_slab"), 0, 0, 19, 0,
    S("H[%h] = %H:cache_create(%s, %n, %o)"), 1, 0, s("x"), n(40), 0, S("H[%h] = %H:alloc()"), 2, 1,
    S("%H:write(%n, %n, %n)"), 2, n(40), n(1), n(8), S("H[%h] = %H:free("), 3, 1, 2, S("%H:reap()"), 0, S("local r = %H:ram()"), 0],
 "fclone-expand": [1 | 4, S("H[%h] = %H:alloc_skb_fclone("), 1, 0, n(90), S("H[%h] = %H:clone()"), 2, 1, S("H[%h] = %H:expand_head("), 3, 1, n(32), n(32),
    S("H[%h] = %H:cow("), 4, 2, n(64), S("%H:add_frag(%n, %v)"), 1, n(50), 0, S("H[%h] = %H:pskb_copy()"), 5, 1, S("H[%h] = %H:copy()"), 6, 1,
    S("%H:header_release()"), 1, S("%H:set_header(%s, %n)"), 1, s("network"), n(0), S("H[%h] = %H:get()"), 7, 1, S("%H:free()"), 1, S("%H:free()"), 1],
 "netdev": [2 | 4, S("H[%h] = %H:netdev_alloc_skb(%v, %n)"), 1, 0] + V_S("eth0") + [n(90), S("H[%h] = %H:netdev_alloc_skb_ip_align("), 2, 0, s("eth0"), n(60),
    S("H[%h] = %H:dev_alloc_skb("), 3, 0, n(90), S("local b = %H:name(%v)"), 1] + V_S("x") + [S("scene.show(%H, %H)"), 1, 2],
 "expect-panic": [1 | 4 | 8, S("expect_panic(%f"), 1, 224, 255, 255, 0] + V_S("x") + V_NIL,
 "special-numbers": [1 | 4, S("H[%h] = %H:kmalloc("), 2, 0, 128 + 44, S("H[%h] = %H:kmalloc("), 2, 0, 128 + 46,
    S("H[%h] = %H:alloc_skb("), 2, 0, 128 + 42, S("H[%h] = %H:cache_create(%s, %n, %o)"), 2, 0, s("x"), 128 + 43, 0],
}
random.seed(7)
out = os.path.join(HERE, "corpus", "lua_api") + os.sep
for k, v in seqs.items():
    if v is None:
        print("skip", k, file=sys.stderr); continue
    open(out + k, "wb").write(bytes(v))
for i in range(6):
    open(out + "random-%d" % i, "wb").write(bytes(random.randrange(256) for _ in range(random.randrange(40, 300))))
