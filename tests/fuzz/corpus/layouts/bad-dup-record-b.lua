-- the second definition
return { records = { { "struct x", { { "int b" } } } } }
