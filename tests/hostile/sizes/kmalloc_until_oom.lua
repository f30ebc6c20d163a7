-- expect: ran out at
-- args: --max-instructions 1000000000
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel { ram_mb = 8 }
for i = 1, 100000 do
  local o, e = k:kmalloc(65536)
  if not o then error("ran out at " .. i .. ": " .. e) end
end
