-- expect: limit of
-- defaults
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- At the default limits an empty pcall loop ends with the instruction
-- limit in about 7 s (on a loaded machine, the 10 s clock may come first);
-- it ran 49 s when only the VM's instructions counted.
while true do pcall(function() end) end
