-- error: scenarios/errors/skb_expect_panic_budget.lua:3: instruction limit of 5000000 exceeded (an endless loop?)
scenario { title = "t", goal = "g", profile = "test-i386" }
expect_panic(function() while true do end end, "a loop is no panic")
