-- error: scenarios/errors/step_before_scenario.lua:3: scene.step: call scenario { title = ..., goal = ..., profile = ... } first
local n = 1
scene.step("too early")
