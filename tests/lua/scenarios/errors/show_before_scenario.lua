-- error: scenarios/errors/show_before_scenario.lua:3: scene.show: call scenario { title = ..., goal = ..., profile = ... } first
local types = sklab.layouts("mini")
scene.show(types.pair)
