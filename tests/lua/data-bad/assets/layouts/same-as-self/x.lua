-- error: assets/layouts/same-as-self/x.lua:2: same_as 'same-as-self/y.lua' names a file of this set
return { same_as = "same-as-self/y.lua" }
