-- expect: memory budget of 1024 MiB exceeded by simulated RAM
-- One machine of 2 GiB filled until kmalloc returns NULL, then the
-- scenario returns: the budget's refusal still ends the run.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.6.31-x86_64" }
local k = sklab.kernel { profile = "linux-2.6.31-x86_64", ram_mb = 2048 }
while k:kmalloc(131072) do end
