-- Members inside named members: a struct sock reads and writes its
-- sock_common's fields by path ("__sk_common.skc_refcnt") or by a name only
-- one member has ("skc_refcnt"); the errors name the ambiguous and the
-- missing; the cache model and the c2c report name the nested member.
scenario { title = "nested members", goal = "names through named members", profile = "linux-6.18-x86_64" }
local t = sklab.layouts("linux-6.18")
local k = sklab.kernel { profile = "linux-6.18-x86_64", cpus = 2 }
local sk = k:cache_create("TCP", t.sock):alloc { zero = true }

-- the same bytes by path, by name and by offset
sk:write("__sk_common.skc_refcnt", 7)
expect(sk:read("skc_refcnt") == 7, "a unique name reaches into __sk_common")
expect(sk:read(t.sock_common:offsetof("skc_refcnt"), 4) == 7, "the same 4 bytes at sock_common's offset")
sk:write("skc_num", 80)
expect(sk:read("__sk_common.skc_num") == 80, "skc_num inside the anonymous union of __sk_common")
sk:write("skc_reuseport", 1)
expect(sk:read("skc_reuseport") == 1 and sk:read("skc_reuse") == 0, "a bitfield keeps its bits")
sk:write("skc_nulls_node.next", 1)
expect(sk:read("__sk_common.skc_nulls_node.next") == 1, "a path's tail, two records down")
-- a top-level name is the top-level member
expect(sk:read("sk_rcvbuf") == 0, "sk_rcvbuf is struct sock's own")

local function err(f)
  local ok, e = pcall(f)
  return not ok and tostring(e) or nil
end
local e = err(function() return sk:read("next") end)
expect(e and e:find("'next' names %d+ members of struct sock: use its path") ~= nil, "ambiguous: " .. tostring(e))
e = err(function() return sk:read("skc_nope") end)
expect(e and e:find("no member 'skc_nope' in struct sock", 1, true) ~= nil, "missing: " .. tostring(e))
e = err(function() return sk:read("__sk_common.skc_nope") end)
expect(e and e:find("no member '__sk_common.skc_nope' in struct sock", 1, true) ~= nil, "missing path: " .. tostring(e))
e = err(function() sk:write("skc_refcnt", 1, 4) end)
expect(e and e:find("no size with a member name", 1, true) ~= nil, "a member gives its size: " .. tostring(e))

-- attribution: CPU 0 takes and drops references, CPU 1 reads skc_rxhash
-- by name and the refcount by its offset (both in line 2 of the sock)
k:cache_model(sklab.cache {})
local refcnt = t.sock_common:offsetof("skc_refcnt")
for _ = 1, 10 do
  k:on_cpu(0, function() sk:write("skc_refcnt", 2) end)
  k:on_cpu(1, function() sk:read("skc_rxhash") end)
  k:on_cpu(1, function() sk:read(refcnt, 4) end)
end
local r = k:c2c()
local line
for _, l in ipairs(r.lines) do
  if l.owner == "sock" and l.line == 2 then line = l end
end
expect(line ~= nil and #r.lines == 1, "line 2 of the sock is the one shared line")
if line then
  local names = {}
  for _, m in ipairs(line.members) do names[#names + 1] = m.member end
  table.sort(names)
  expect(table.concat(names, " ") == "__sk_common.skc_refcnt __sk_common.skc_rxhash",
    "line 2's members by their nested paths (the read at an offset too): " .. table.concat(names, " "))
  expect(line.sharing == "true+false", "skc_refcnt is truly shared, skc_rxhash falsely: " .. line.sharing)
end
local text = k:c2c { text = true }
expect(text:find("__sk_common.skc_rxhash", 1, true) ~= nil, "the c2c text names the nested member")
