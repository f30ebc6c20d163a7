-- expect: instruction limit of 2000000000 exceeded (an endless loop?); raise it with --max-instructions
-- args: --max-instructions 2000000000 --max-heap 256 --max-ram 2048 --timeout 60
-- seconds: 90
-- The default limits (given back after the test's lowered ones) end an
-- endless loop on their own, in seconds.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
while true do end
