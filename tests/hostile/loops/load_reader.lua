-- expect: load_reader.lua:6: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- a reader that never ends the chunk: the parser stays in a comment, each
-- piece charged
local function reader() return "--" end
local f = load(reader)
