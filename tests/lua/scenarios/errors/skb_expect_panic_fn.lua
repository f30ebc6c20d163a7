-- error: scenarios/errors/skb_expect_panic_fn.lua:3: bad argument #1 to 'expect_panic' (function expected, got string)
scenario { title = "t", goal = "g", profile = "test-i386" }
expect_panic("skb:put(200)", "not a function")
