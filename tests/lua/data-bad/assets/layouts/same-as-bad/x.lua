-- error: assets/layouts/same-as-bad/x.lua:2: same_as '../etc/x.lua' is not "SET/FILE.lua"
return { same_as = "../etc/x.lua" }
