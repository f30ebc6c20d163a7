-- error: scenarios/errors/kernel_too_many.lua:4: more than 16 kernels in one run
scenario { title = "t", goal = "g", profile = "test-i386" }
for i = 1, 17 do
  sklab.kernel {}
end
