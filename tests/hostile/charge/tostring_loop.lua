-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- tostring formats numbers in C
while true do tostring(1.5); tostring(2.25); tostring(-3.125) end
