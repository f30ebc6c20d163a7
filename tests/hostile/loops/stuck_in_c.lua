-- expect: time limit of 1 s exceeded; raise it with --timeout
-- args: --max-instructions 1000000000000000 --timeout 1
-- seconds: 40
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- a pattern that backtracks for hours: sklab's matcher polls the clock as it counts its steps
string.find(string.rep("a", 60), string.rep("a-", 40) .. "b")
