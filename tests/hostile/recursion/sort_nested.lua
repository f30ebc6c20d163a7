-- expect: stack overflow
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local function cmp(a, b) table.sort({ 2, 1 }, cmp) return a < b end
table.sort({ 2, 1 }, cmp)
