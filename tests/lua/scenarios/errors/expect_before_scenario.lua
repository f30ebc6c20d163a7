-- error: scenarios/errors/expect_before_scenario.lua:2: expect: call scenario { title = ..., goal = ..., profile = ... } first
expect(true, "fine")
