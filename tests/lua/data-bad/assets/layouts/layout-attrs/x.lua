-- error: assets/layouts/layout-attrs/x.lua:6: struct a, member 'x': requested alignment 3 is not a positive power of two
return {
  records = {
    { "struct a", {
        { "char c" },
        { "int x __attribute__((packed, aligned(3)))" },
      } },
  },
}
