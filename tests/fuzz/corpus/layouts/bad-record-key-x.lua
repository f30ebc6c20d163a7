-- error: assets/layouts/record-key/x.lua:4: struct x: unknown key 'packd'
return {
  records = {
    { "struct x", packd = true, { { "int a" } } },
  },
}
