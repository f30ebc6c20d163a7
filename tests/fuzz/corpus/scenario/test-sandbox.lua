-- Title:   the sandbox — what scenarios can and cannot reach
-- Goal:    no files, no OS, no bytecode; runs repeat exactly
-- Profile: test-i386
scenario { title = "Sandbox", goal = "What a scenario can reach", profile = "linux-2.4.16-i386" }

for _, name in ipairs { "os", "io", "debug", "package", "require", "dofile", "loadfile" } do
  expect(_G[name] == nil, name .. " is absent")
end
expect(string.dump == nil, "string.dump is absent")
expect(("").dump == nil, "no dump through the string metatable")
for _, name in ipairs { "table", "string", "math", "utf8", "coroutine" } do
  expect(type(_G[name]) == "table", name .. " is there")
end

-- load: text yes, bytecode no
local f = load("return 1 + 1")
expect(f and f() == 2, "load of text works")
local g, err = load("\27LuaT\0\25\147\r\n\26\n", "bin")
expect(g == nil and err:find("binary", 1, true) ~= nil, "load of a binary chunk is refused: " .. tostring(err))
local g2, err2 = load("\27Lua", "bin", "bt")
expect(g2 == nil and err2:find("binary", 1, true) ~= nil, "even with mode 'bt'")
local env = { x = 5 }
expect(load("return x", "env", "t", env)() == 5, "load with an environment")

-- pairs walks keys in sorted order
local t = { zeta = 1, alpha = 2, [3] = "c", [1] = "a", mid = 3, [2] = "b" }
local keys = {}
for k in pairs(t) do keys[#keys + 1] = tostring(k) end
expect(table.concat(keys, " ") == "1 2 3 alpha mid zeta", "sorted pairs: " .. table.concat(keys, " "))
local removed = { a = 1, b = 2, c = 3 }
local seen = 0
for k in pairs(removed) do
  seen = seen + 1
  removed.c = nil
end
expect(seen == 2, "keys removed while walking are skipped")

-- stable ids instead of addresses
local a, b = {}, {}
expect(tostring(a) == tostring(a), "same table, same id")
expect(tostring(a) ~= tostring(b), "different tables, different ids")
expect(tostring(a):match("^table: #%d+$") ~= nil, "table: #n " .. tostring(a))
expect(string.format("%s", b) == tostring(b), "string.format uses the stable id")

-- random numbers repeat
local r1 = math.random(1000000)
math.randomseed(0)
expect(math.random(1000000) == r1, "every run starts from seed 0")
math.randomseed(42)

-- collectgarbage: the harmless options
expect(type(collectgarbage("count")) == "number", "collectgarbage('count')")
collectgarbage()

-- layout objects cannot be reopened
local sock = sklab.layouts("linux-2.4.16").sock
expect(getmetatable(sock) == "layout", "layout metatable is protected")
expect(not pcall(setmetatable, sock, {}), "setmetatable on a layout fails")

-- errors from pcall name the line
local ok, e = pcall(scene.step, 5)
expect(not ok and e == "scenarios/sandbox.lua:61: bad argument #1 to 'scene.step' (string expected, got number)", e)

-- expect returns its verdict
expect(expect(true, "inner") == true, "expect returns true")

-- coroutines work
local co = coroutine.wrap(function() coroutine.yield(1) return 2 end)
expect(co() == 1 and co() == 2, "coroutines")

-- metatables without finalizers are fine
local obj = setmetatable({}, { __index = { x = 1 } })
expect(obj.x == 1, "setmetatable without __gc")
expect(getmetatable(setmetatable(obj, nil)) == nil, "setmetatable(t, nil)")
expect(not pcall(setmetatable, {}, { __gc = print }), "no __gc")
