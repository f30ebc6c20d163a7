-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- Lua's own matcher would backtrack here for hours in C, out of the hook's
-- reach; sklab's counts its steps against the instruction budget
string.find(string.rep("a", 60), string.rep("a-", 40) .. "b")
