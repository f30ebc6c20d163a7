-- error: assets/layouts/layout-bitfield/x.lua:6: width of bitfield 'a' (9 bits) exceeds its type (8 bits)
return {
  records = {
    { "struct w", {
        { "int x" },
        { "char a:9" },
      } },
  },
}
