-- error: assets/layouts/same-as-extra/x.lua:2: unknown key 'records' (a same_as file holds nothing else)
return { same_as = "bad-config/x.lua", records = {} }
