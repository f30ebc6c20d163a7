-- error: assets/layouts/same-as-missing/x.lua:2: a file that same_as names cannot be a same_as itself
return { same_as = "same-as-missing/x.lua" }
