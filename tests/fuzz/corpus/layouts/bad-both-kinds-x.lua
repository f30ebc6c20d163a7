-- error: assets/layouts/both-kinds/x.lua:5: struct x, member 'u': both union= and struct=
return {
  records = {
    { "struct x", {
      { union = { { "int a" } }, struct = { { "int b" } }, name = "u" },
    } },
  },
}
