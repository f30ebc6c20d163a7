-- btf2lua.lua - drafts a layout-set file from pahole's text of a kernel's BTF.
--
--   lua5.4 tests/data/btf2lua.lua [-f BTF] NAME... > draft.lua
--
-- Runs `pahole -C NAME` on BTF (default /sys/kernel/btf/vmlinux) for each
-- NAME and for every record and typedef those reach by value, and writes
-- one Lua chunk in the format of docs/data-format.md: typedefs first (each
-- after the ones it names), then records (each after the ones it holds).
-- Members that BTF shows by pointer only leave their struct tags as
-- forward declarations. The draft has no notes and no config conditions
-- (BTF has neither): split it into files and add them by hand. A typedef
-- of an anonymous struct becomes a record with a tag of the typedef's name
-- plus a typedef, as the format asks.
--
-- pahole's spellings are normalised to C's ("long unsigned int" becomes
-- "unsigned long"); sklab prints them back as pahole does. Not used by the
-- build or by any test.

local btf = "/sys/kernel/btf/vmlinux"
local roots = {}
do
  local i = 1
  while i <= #arg do
    if arg[i] == "-f" then
      btf = arg[i + 1]
      i = i + 2
    else
      roots[#roots + 1] = arg[i]
      i = i + 1
    end
  end
end
if #roots == 0 then
  io.stderr:write("usage: lua5.4 btf2lua.lua [-f BTF] NAME...\n")
  os.exit(2)
end

local function pahole(name)
  local p = assert(io.popen("pahole -C '" .. name .. "' '" .. btf .. "' 2>/dev/null"))
  local text = p:read("a")
  p:close()
  if text == "" then
    error("pahole knows no type '" .. name .. "'")
  end
  return text
end

local keywords = {}
for w in ([[struct union enum const volatile signed unsigned char short int long
  float double void _Bool __attribute__ __aligned__ __packed__]]):gmatch("%S+") do
  keywords[w] = true
end

-- pahole's type spellings back to C's usual ones
local function normalise(decl)
  decl = decl:gsub("%s+", " ")
  local subst = {
    { "long long unsigned int", "unsigned long long" },
    { "long long int", "long long" },
    { "long unsigned int", "unsigned long" },
    { "short unsigned int", "unsigned short" },
    { "short int", "short" },
    { "long int", "long" },
  }
  for _, s in ipairs(subst) do
    decl = decl:gsub("%f[%w_]" .. s[1] .. "%f[^%w_]", s[2])
  end
  decl = decl:gsub("%s+%*", " *")
  decl = decl:gsub("%*%s+([%w_(*])", "*%1"):gsub("%*%s+([%w_(*])", "*%1")
  return (decl:gsub("^%s+", ""):gsub("%s+$", ""))
end

local typedefs, records = {}, {} -- name -> entry
local tdorder, recorder = {}, {}
local need_typedef, need_record

-- Notes what a declaration names: typedef names and, by value, records.
local function scan_decl(decl)
  local body = decl:gsub("__attribute__%b()", "")
  local fptr = body:find("%(%*")
  -- tags
  for kind, tag, rest in body:gmatch("(%a+) ([%w_]+)()") do
    if kind == "struct" or kind == "union" then
      local after = body:sub(rest)
      if not fptr and not after:match("^%s*%*") then
        need_record(kind .. " " .. tag)
      end
    end
  end
  -- typedef names: identifiers that are neither keywords, tags nor the member name
  local idents = {}
  for pos, id in body:gmatch("()([%a_][%w_]*)") do
    local before = body:sub(1, pos - 1)
    local tagged = before:match("struct%s*$") or before:match("union%s*$") or before:match("enum%s*$")
    if not keywords[id] and not tagged then
      idents[#idents + 1] = { id = id, pos = pos }
    end
  end
  -- the member name: for a function pointer the one after "(*", else the last
  local member
  if fptr then
    member = body:match("%(%*%s*([%w_]+)%)")
  elseif #idents > 0 then
    member = idents[#idents].id
    -- a lone typedef with no name (unnamed bitfield "u8 :0")
    if body:match("%s:%s*%d+$") then
      member = nil
    end
  end
  for _, x in ipairs(idents) do
    if x.id ~= member then
      local byvalue = not fptr and not body:sub(x.pos):match("^[%w_]+%s*%*")
      need_typedef(x.id, byvalue)
    end
  end
end

-- Parses members up to the closing brace; returns the list and the index after.
local function parse_body(lines, i)
  local members = {}
  while i <= #lines do
    local raw = lines[i]
    local line = raw:gsub("^%s+", ""):gsub("%s+$", "")
    if line == "" or line:match("^/%*") then
      i = i + 1
    elseif line:match("^}") then
      return members, i
    elseif line:match("^struct {$") or line:match("^union {$") then
      local kind = line:match("^(%a+)")
      local sub, j = parse_body(lines, i + 1)
      local close = lines[j]:gsub("^%s+", ""):gsub("%s*/%*.-%*/%s*$", "")
      local name = close:match("^}%s*([%w_]+)%s*;$")
      local m = { [kind] = sub, name = name }
      if close:match("__aligned__") then
        m.aligned_close = close
      end
      members[#members + 1] = m
      i = j + 1
    elseif line:match("^enum {") then
      error("inline enum not supported: " .. line)
    else
      local decl = line:gsub("%s*/%*.-%*/%s*$", ""):gsub(";$", "")
      decl = normalise(decl)
      scan_decl(decl)
      members[#members + 1] = { decl = decl }
      i = i + 1
    end
  end
  error("unterminated body")
end

local function lines_of(text)
  local t = {}
  for l in (text .. "\n"):gmatch("(.-)\n") do
    t[#t + 1] = l
  end
  return t
end

local function load_record(name, text)
  local lines = lines_of(text)
  local head = lines[1]
  local kind
  if head:match("^typedef (%a+) {") then
    kind = head:match("^typedef (%a+)")
  else
    kind = head:match("^(%a+) [%w_]+ {")
  end
  local members, j = parse_body(lines, 2)
  local close = lines[j]
  local rec = { name = name, members = members }
  local a = close:match("__aligned__%((%d+)%)")
  if a then
    rec.aligned = tonumber(a)
  end
  if close:match("__packed__") then
    rec.packed = true
  end
  return kind, rec
end

function need_record(full)
  if records[full] then
    return
  end
  records[full] = { pending = true }
  local tag = full:match("^%a+ ([%w_]+)$")
  local text = pahole(tag)
  local _, rec = load_record(full, text)
  records[full] = rec
  recorder[#recorder + 1] = full
end

function need_typedef(name, byvalue)
  local t = typedefs[name]
  if t then
    if byvalue and t.target and t.target:match("^%a+ [%w_]+$") and not t.target:match("^unsigned") then
      local k = t.target:match("^(%a+)")
      if k == "struct" or k == "union" then
        need_record(t.target)
      elseif typedefs[t.target] then
        need_typedef(t.target, true)
      end
    end
    return
  end
  local text = pahole(name)
  if text:match("^typedef %a+ {") then
    -- typedef of an anonymous record: a record tagged with the typedef's name
    local kind = text:match("^typedef (%a+)")
    typedefs[name] = { target = kind .. " " .. name }
    local full = kind .. " " .. name
    records[full] = { pending = true }
    local _, rec = load_record(full, text)
    records[full] = rec
    recorder[#recorder + 1] = full
    tdorder[#tdorder + 1] = name
    return
  end
  local target = text:match("^typedef (.-) " .. name .. ";")
  if not target then
    error("cannot read typedef " .. name .. ": " .. text)
  end
  target = normalise(target)
  typedefs[name] = { target = target }
  -- what the target names
  for id in target:gmatch("[%a_][%w_]*") do
    if not keywords[id] and not target:match("%a+ " .. id) then
      need_typedef(id, byvalue and not target:find("%*"))
    end
  end
  tdorder[#tdorder + 1] = name
  need_typedef(name, byvalue)
end

for _, r in ipairs(roots) do
  local text = pahole(r)
  if text:match("^typedef") then
    need_typedef(r, true)
  else
    need_record(text:match("^(%a+ [%w_]+)"))
  end
end

-- ---- output ------------------------------------------------------------------

local function q(s)
  return '"' .. s:gsub('\\', '\\\\'):gsub('"', '\\"') .. '"'
end

local out = {}
local function w(s)
  out[#out + 1] = s
end

-- typedefs: each after those its target names
local done = {}
local function emit_td(name)
  if done[name] then
    return
  end
  done[name] = true
  local target = typedefs[name].target
  for id in target:gmatch("[%a_][%w_]*") do
    if typedefs[id] and id ~= name then
      emit_td(id)
    end
  end
  w(string.format("    { %s, %s },", q(name), q(target)))
end

local function emit_members(members, indent)
  for _, m in ipairs(members) do
    if m.decl then
      w(indent .. "{ " .. q(m.decl) .. " },")
    else
      local kind = m.struct and "struct" or "union"
      w(indent .. "{ " .. kind .. " = {")
      emit_members(m[kind], indent .. "    ")
      w(indent .. "  }" .. (m.name and (", name = " .. q(m.name)) or "") .. " },")
    end
  end
end

-- records: each after those it holds by value
local rdone = {}
local deps = {}
local function collect(members, acc)
  for _, m in ipairs(members) do
    if m.decl then
      local body = m.decl:gsub("__attribute__%b()", "")
      if not body:find("%(%*") then
        for kind, tag, rest in body:gmatch("(%a+) ([%w_]+)()") do
          if (kind == "struct" or kind == "union") and not body:sub(rest):match("^%s*%*") then
            acc[#acc + 1] = kind .. " " .. tag
          end
        end
        local first = body:match("^([%w_]+)")
        while first and typedefs[first] and not body:find("%*") do
          local t = typedefs[first].target
          if records[t] then
            acc[#acc + 1] = t
          end
          first = typedefs[t] and t or nil
        end
      end
    else
      collect(m.struct or m.union, acc)
    end
  end
  return acc
end

w("return {")
w("  typedefs = {")
local tdnames = {}
for _, n in ipairs(tdorder) do
  tdnames[#tdnames + 1] = n
end
for _, n in ipairs(tdnames) do
  emit_td(n)
end
w("  },")
w("")
w("  records = {")
local function emit_rec(name)
  if rdone[name] then
    return
  end
  rdone[name] = true
  local r = records[name]
  for _, d in ipairs(collect(r.members, {})) do
    if records[d] then
      emit_rec(d)
    end
  end
  local attrs = ""
  if r.packed then
    attrs = attrs .. " packed = true,"
  end
  if r.aligned then
    attrs = attrs .. string.format(" aligned = %d,", r.aligned)
  end
  w(string.format("    { %s,%s {", q(name), attrs))
  emit_members(r.members, "        ")
  w("      } },")
  w("")
end
for _, n in ipairs(recorder) do
  emit_rec(n)
end
w("  },")
w("}")
io.write(table.concat(out, "\n"), "\n")
