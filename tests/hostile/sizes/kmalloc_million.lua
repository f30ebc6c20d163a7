-- expect: event log limit of 100000 events reached; raise it with --max-events
-- args: --max-events 100000
-- at-defaults: ok (a million allocations fit the default of 4,000,000 events)
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel {}
for i = 1, 1000000 do k:kmalloc(32) end
