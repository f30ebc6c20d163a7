-- mini-again: the mini set's 00-base.lua, read from there
return { same_as = "mini/00-base.lua" }
