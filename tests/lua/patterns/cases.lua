-- Title:   Lua patterns: sklab's step-counting matcher against Lua's own
-- Goal:    the same results and errors for string.find, match, gmatch, gsub
-- Profile: linux-2.4.16-i386
-- Runs under sklab (a scenario) and under the stock lua5.4 interpreter;
-- tests/lua/check-patterns.sh compares the two outputs line by line.
if scenario then
  scenario { title = "patterns", goal = "the matcher agrees with Lua's", profile = "linux-2.4.16-i386" }
end

local out = {}
local function show(...)
  local n = select("#", ...)
  local t = {}
  for i = 1, n do
    local v = select(i, ...)
    -- bytes past ASCII as \xNN, as sklab's terminal policy shows a byte
    -- that is not UTF-8 (docs/limits.md): the two outputs stay comparable
    t[#t + 1] = type(v) == "string" and string.format("%q", v):gsub("[\128-\255]", function(c)
      return string.format("\\x%02x", c:byte())
    end) or tostring(v)
  end
  out[#out + 1] = table.concat(t, " ")
end

local function try(f, ...)
  local r = table.pack(pcall(f, ...))
  if r[1] then
    show("ok", table.unpack(r, 2, r.n))
  else
    show("error", (tostring(r[2]):gsub("^[^:]*:%d+: ", "")))
  end
end

local fixed = {
  { "hello world", "o w" }, { "hello world", "l+" }, { "hello world", "(h)(e)" }, { "hello", "()ll()" },
  { "  trim  ", "^%s*(.-)%s*$" }, { "key = value", "(%w+)%s*=%s*(%w+)" }, { "THE (quick) fox", "%((%a+)%)" },
  { "f(a(b)c)d", "%b()" }, { "THE (quick) fox", "%f[%a]%a+" }, { "abcabc", "(abc)%1" }, { "x", "[%a-z]" },
  { "a-b", "[a%-b]+" }, { "]]", "[]]+" }, { "^x", "[%^x]+" }, { "a.b", "%." }, { "aaa", "a-b" },
  { "aaab", "a-b" }, { "", "" }, { "abc", "" }, { "abc", "$" }, { "abc", "^" }, { "ab$", "b$" },
  { "a$b", "$b" }, { "12ab", "%d+%a?" }, { "tab\tend", "%c" }, { "x=1, y=22", "(%a)=(%d+)" },
  { "abc", "[^a]+" }, { "abc", "[b-]+" }, { "a]b", "[]a]+" }, { "hello", "h?ello" }, { "ello", "h?ello" },
  { "aXb", "%u" }, { "aXb", "%U+" }, { "0x1F", "%x+" }, { "a b", "%S+" }, { "α", "." },
  -- errors
  { "abc", "%" }, { "abc", "[a" }, { "abc", "(a" }, { "abc", "a)" }, { "abc", "%1" }, { "abc", "(a)%2" },
  { "abc", "%b" }, { "abc", "%ba" }, { "abc", "%f" }, { "abc", "%fa" }, { "abc", "[%" }, { "abc", "%0" },
  { "abc", "(()" }, { "abc", string.rep("(", 40) .. "a" .. string.rep(")", 40) },
}
for _, c in ipairs(fixed) do
  try(string.find, c[1], c[2])
  try(string.match, c[1], c[2])
  try(string.gsub, c[1], c[2], "<%0>")
  try(function() local r = {} for a, b in string.gmatch(c[1], c[2]) do r[#r + 1] = tostring(a) .. "|" .. tostring(b) if #r > 50 then break end end return table.concat(r, ",") end)
end

-- init, plain, negative positions, anchors
try(string.find, "abcabc", "b", 3)
try(string.find, "abcabc", "b", -2)
try(string.find, "abcabc", "b", -100)
try(string.find, "abcabc", "b", 100)
try(string.find, "a.b", ".", 1, true)
try(string.find, "abc", "", 10)
try(string.find, "abc", "", 4)
try(string.find, "a\0b", "\0")
try(string.find, "a\0b", "%z")
try(string.match, "abcabc", "^b", 2)
try(string.match, "hello", "()", 10)
try(string.gmatch("abc", "."), nil)

-- gsub: replacement forms and counts
try(string.gsub, "hello world", "o", "0")
try(string.gsub, "hello world", "o", "0", 1)
try(string.gsub, "hello world", "(o)", "%1%1")
try(string.gsub, "hello world", "o", "%2")
try(string.gsub, "hello world", "o", "%")
try(string.gsub, "hello world", "o", "%x")
try(string.gsub, "hello world", "%w+", { hello = "HI", world = false })
try(string.gsub, "hello world", "%w+", function(w) return #w end)
try(string.gsub, "hello world", "%w+", function() return {} end)
try(string.gsub, "hello world", "(%w+) (%w+)", "%2 %1")
try(string.gsub, "abc", "", "-")
try(string.gsub, "abc", "^", ">")
try(string.gsub, "abc", "$", "<")
try(string.gsub, "abc", ".", { a = 1, b = true })
try(string.gsub, "abc", "()", "%1")
try(string.gsub, "abc", "b*", "X")
try(string.gsub, "abc", "x", 5)
try(string.gsub, "abc", "b", 5.5)
try(string.gsub, "abc", "b", nil)
try(string.gsub, "abc", "b", "x", -1)
try(("x y"):gsub(" ", "_"))
try(function() return ("key=val"):match("(%w+)=(%w+)") end)

-- a differential sweep: random patterns over random subjects
local seed = 12345
local function rnd(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end
local atoms = { "a", "b", ".", "%a", "%d", "[ab]", "[^a]", "%b()", "%f[%a]", "(", ")", "()", "%1", "^", "$",
  "*", "+", "-", "?", "x", "%", "[", "]", "[a-c]", "%s" }
local letters = { "a", "b", "c", "(", ")", " ", "1", "x", "ab" }
for _ = 1, 2500 do
  local p, s = {}, {}
  for _ = 1, rnd(6) do p[#p + 1] = atoms[rnd(#atoms)] end
  for _ = 1, rnd(10) - 1 do s[#s + 1] = letters[rnd(#letters)] end
  local pat, subj = table.concat(p), table.concat(s)
  try(string.find, subj, pat)
  try(string.gsub, subj, pat, "[%0]")
end

for _, line in ipairs(out) do print(line) end
if expect then expect(#out > 5000, "all cases ran: " .. #out) end
