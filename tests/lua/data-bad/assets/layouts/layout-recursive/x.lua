-- error: assets/layouts/layout-recursive/x.lua:6: struct r contains itself (through member 'b')
return {
  records = {
    { "struct r", {
        { "int a" },
        { "struct r b" },
      } },
  },
}
