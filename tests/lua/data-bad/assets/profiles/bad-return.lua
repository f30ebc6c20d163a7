-- error: assets/profiles/bad-return.lua: must return a table, not string
return "linux"
