-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- sklab.bench runs reps x samples operations in C: charged before it starts
sklab.bench("skb_put_inline", { reps = 1 << 40, counters = false })
