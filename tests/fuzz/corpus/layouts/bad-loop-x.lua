-- error: assets/layouts/loop/x.lua:2: data files ran past their budget of 50000000 instructions
while true do end
