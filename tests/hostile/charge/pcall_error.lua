-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- error() and its unwinding cost what they do
while true do pcall(error, "x") end
