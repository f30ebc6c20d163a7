-- error: assets/layouts/same-as-missing/x.lua:2: same_as 'bad-config/nosuch.lua': there is no assets/layouts/bad-config/nosuch.lua
return { same_as = "bad-config/nosuch.lua" }
