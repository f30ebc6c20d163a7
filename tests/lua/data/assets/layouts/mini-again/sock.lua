-- mini-again: the mini set's sock.lua, read from there
return { same_as = "mini/sock.lua" }
