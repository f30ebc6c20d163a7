-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- a bench of 10 minutes a variant is charged its time
sklab.bench("skb_put_inline", { time_ms = 600000, counters = false })
