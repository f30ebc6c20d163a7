-- expect: time limit of 1 s exceeded; raise it with --timeout
-- args: --max-instructions 1000000000000000 --timeout 1
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
while true do end
