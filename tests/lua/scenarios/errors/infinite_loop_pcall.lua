-- error: scenarios/errors/infinite_loop_pcall.lua:5: instruction limit of 5000000 exceeded (an endless loop?)
scenario { title = "t", goal = "g", profile = "test-i386" }
local function spin() while true do end end
while true do
  pcall(spin)
end
