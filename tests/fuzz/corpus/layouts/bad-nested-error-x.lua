-- error: assets/layouts/nested-error/x.lua:7: struct x, member 'u.b': unknown type name 'nope_t'
return {
  records = {
    { "struct x", {
      { union = {
          { "int a" },
          { "nope_t b" },
        }, name = "u" },
    } },
  },
}
