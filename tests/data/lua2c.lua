-- lua2c.lua - writes a layout set (assets/layouts/<set>/*.lua) as C, so that
-- gcc and pahole can check it against the hand-written header.
--
--   lua5.4 tests/data/lua2c.lua DIR [OUT.c]
--
-- Reads every .lua file in DIR in name order, takes their typedefs (in
-- order) and records, and prints a C file: the typedefs, the records in an
-- order where every by-value member type comes first, config conditions as
-- #if blocks (so gcc -DCONFIG_... picks the configuration, as with the
-- kernel's headers), and one variable of each record so that gcc -g emits
-- them all. It checks the data's shape as it goes and fails on anything it
-- does not understand.

local dir, outname = arg[1], arg[2]
if not dir then
  io.stderr:write("usage: lua5.4 lua2c.lua DIR [OUT.c]\n")
  os.exit(2)
end

local function fail(fmt, ...)
  io.stderr:write("lua2c: " .. string.format(fmt, ...) .. "\n")
  os.exit(1)
end

-- ---- reading the set -------------------------------------------------------

local function list_lua_files(d)
  local p = io.popen('ls -1 "' .. d .. '"')
  if not p then fail("cannot list %s", d) end
  local files = {}
  for name in p:lines() do
    if name:match("%.lua$") then files[#files + 1] = name end
  end
  p:close()
  table.sort(files)
  if #files == 0 then fail("no .lua files in %s", d) end
  return files
end

local typedefs, records, typedef_target, record_index = {}, {}, {}, {}

for _, file in ipairs(list_lua_files(dir)) do
  local path = dir .. "/" .. file
  local chunk, err = loadfile(path, "t", {})
  if not chunk then fail("%s", err) end
  local ok, set = pcall(chunk)
  if not ok then fail("%s: %s", path, set) end
  if type(set) ~= "table" then fail("%s: does not return a table", path) end
  if set.same_as then -- { same_as = "SET/FILE.lua" }: that file of another set
    path = dir .. "/../" .. set.same_as
    chunk, err = loadfile(path, "t", {})
    if not chunk then fail("%s", err) end
    ok, set = pcall(chunk)
    if not ok then fail("%s: %s", path, set) end
    if type(set) ~= "table" or set.same_as then fail("%s: not a layout file", path) end
  end
  for k in pairs(set) do
    if k ~= "typedefs" and k ~= "records" then fail("%s: unknown key %s", path, tostring(k)) end
  end
  for i, td in ipairs(set.typedefs or {}) do
    if type(td[1]) ~= "string" or type(td[2]) ~= "string" then
      fail("%s: typedef %d is not {name, target}", path, i)
    end
    if typedef_target[td[1]] and typedef_target[td[1]] ~= td[2] then
      fail("%s: typedef %s redefined", path, td[1])
    end
    if not typedef_target[td[1]] then
      typedef_target[td[1]] = td[2]
      typedefs[#typedefs + 1] = { name = td[1], target = td[2], file = file }
    end
  end
  for i, rec in ipairs(set.records or {}) do
    local name, members = rec[1], rec[2]
    if type(name) ~= "string" or not name:match("^struct [%w_]+$") and not name:match("^union [%w_]+$") then
      fail("%s: record %d has no \"struct NAME\" or \"union NAME\"", path, i)
    end
    if type(members) ~= "table" then fail("%s: %s has no member list", path, name) end
    if record_index[name] then fail("%s: %s defined twice", path, name) end
    records[#records + 1] = { name = name, members = members, packed = rec.packed, aligned = rec.aligned,
      file = file }
    record_index[name] = records[#records]
  end
end

-- ---- dependencies: which records a record holds by value -------------------

local QUALIFIERS = { const = true, volatile = true }

-- The type part of one member declaration, "" for pointers and function
-- pointers (they hold nothing by value).
local function value_type(decl)
  if decl:find("%(") or decl:find("%*") then return "" end
  local d = decl:gsub(":%s*%d+%s*$", ""):gsub("%b[]", "")
  d = d:gsub("^%s+", ""):gsub("%s+$", "")
  local ty = d:match("^(.-)%s*[%a_][%w_]*$")
  if not ty then fail("cannot read member declaration \"%s\"", decl) end
  local words = {}
  for w in ty:gmatch("[%w_]+") do
    if not QUALIFIERS[w] then words[#words + 1] = w end
  end
  return table.concat(words, " ")
end

-- Resolves typedef chains to a "struct X" / "union X" or nothing.
local function record_of(ty)
  local seen = 0
  while typedef_target[ty] do
    ty = typedef_target[ty]
    seen = seen + 1
    if seen > 32 then fail("typedef loop at %s", ty) end
  end
  if ty:match("^struct [%w_]+$") or ty:match("^union [%w_]+$") then return ty end
  return nil
end

local function collect_deps(members, deps)
  for _, m in ipairs(members) do
    if m.union or m.struct then
      collect_deps(m.union or m.struct, deps)
    elseif type(m[1]) == "string" then
      local r = record_of(value_type(m[1]))
      if r then deps[#deps + 1] = r end
    else
      fail("member without a declaration, union or struct")
    end
  end
  return deps
end

local order, state = {}, {}
local function visit(rec)
  if state[rec.name] == "done" then return end
  if state[rec.name] == "busy" then fail("%s contains itself", rec.name) end
  state[rec.name] = "busy"
  for _, dep in ipairs(collect_deps(rec.members, {})) do
    local r = record_index[dep]
    if not r then fail("%s holds %s by value, but no file defines it", rec.name, dep) end
    visit(r)
  end
  state[rec.name] = "done"
  order[#order + 1] = rec
end
for _, rec in ipairs(records) do visit(rec) end

-- ---- config conditions as #if ---------------------------------------------

local function cpp_condition(cond)
  local out, i = {}, 1
  while i <= #cond do
    local c = cond:sub(i, i)
    if c:match("%s") then
      i = i + 1
    elseif cond:sub(i, i + 1) == "||" or cond:sub(i, i + 1) == "&&" then
      out[#out + 1] = cond:sub(i, i + 1)
      i = i + 2
    elseif c == "!" or c == "(" or c == ")" then
      out[#out + 1] = c
      i = i + 1
    else
      local id = cond:match("^[%a_][%w_]*", i)
      if not id then fail("bad config condition \"%s\"", cond) end
      i = i + #id
      if id == "defined" then
        local inner, stop = cond:match("^%s*%(%s*([%a_][%w_]*)%s*%)()", i)
        if not inner then fail("bad defined() in \"%s\"", cond) end
        out[#out + 1] = "defined(" .. inner .. ")"
        i = stop
      else
        out[#out + 1] = "defined(" .. id .. ")"
      end
    end
  end
  return table.concat(out, " ")
end

-- ---- writing ---------------------------------------------------------------

local lines = {}
local function emit(s) lines[#lines + 1] = s end

local function emit_members(members, indent)
  for _, m in ipairs(members) do
    if m.config then emit("#if " .. cpp_condition(m.config)) end
    if m.union or m.struct then
      emit(indent .. (m.union and "union" or "struct") .. " {")
      emit_members(m.union or m.struct, indent .. "\t")
      emit(indent .. "}" .. (m.name and (" " .. m.name) or "") .. ";")
    else
      emit(indent .. m[1] .. ";")
    end
    if m.config then emit("#endif") end
  end
end

emit("/* Generated by tests/data/lua2c.lua from " .. dir .. ". Do not edit. */")
emit("")
for _, td in ipairs(typedefs) do
  local r = td.target:match("^struct [%w_]+$") or td.target:match("^union [%w_]+$")
  if r then emit(r .. ";") end
  emit("typedef " .. td.target .. " " .. td.name .. ";")
end
emit("")
for _, rec in ipairs(order) do
  emit(rec.name .. " {")
  emit_members(rec.members, "\t")
  local attrs = {}
  if rec.packed then attrs[#attrs + 1] = "packed" end
  if rec.aligned then attrs[#attrs + 1] = "aligned(" .. tostring(rec.aligned) .. ")" end
  if #attrs > 0 then
    emit("} __attribute__((" .. table.concat(attrs, ", ") .. "));")
  else
    emit("};")
  end
  emit("")
end
for _, rec in ipairs(records) do
  emit(rec.name .. " sklab_v_" .. rec.name:gsub("^%a+ ", "") .. ";")
end

local text = table.concat(lines, "\n") .. "\n"
if outname then
  local f = assert(io.open(outname, "w"))
  f:write(text)
  f:close()
else
  io.write(text)
end
