-- Title:   expect_panic that fails: no panic, and another error
-- Goal:    both are failed expectations; the run goes on and fails at the end
-- Profile: test-i386
scenario { title = "expect_panic fails", goal = "failures are recorded", profile = "linux-2.4.16-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
local ok, what = expect_panic(function() skb:put(10) end, "fits")
expect(ok == false and what == nil, "no panic: false, nil")
ok, what = expect_panic(function() skb:put("x") end, "a type error")
expect(ok == false and what:match("number or header expected") ~= nil, "another error: false and its message")
ok, what = expect_panic(function() skb:put(200) end, "wrong format", "^skb_over_panic")
expect(ok == false and what:match("^skput:over:") ~= nil, "a panic that does not match the pattern")
expect_panic(function() error({}) end, "a table")
