-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- caught and retried: the budget's error is sticky
local s = string.rep("x", 5000)
while true do
  pcall(string.gsub, s, "(.-)(.-)(.-)y", "%1")
  pcall(function() for _ in s:gmatch("(.-)(.-)z") do end end)
end
