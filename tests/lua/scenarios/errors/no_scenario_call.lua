-- error: scenarios/errors/no_scenario_call.lua: no scenario{} call: a scenario starts with scenario { title = ..., goal = ..., profile = ... }
local x = 1 + 1
print(x)
