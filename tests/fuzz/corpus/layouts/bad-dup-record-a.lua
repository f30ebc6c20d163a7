-- error: assets/layouts/dup-record/b.lua:2: struct x is defined twice (first in assets/layouts/dup-record/a.lua)
return { records = { { "struct x", { { "int a" } } } } }
