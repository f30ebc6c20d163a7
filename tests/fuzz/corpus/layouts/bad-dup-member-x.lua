-- error: assets/layouts/dup-member/x.lua:6: struct x, member 'a': duplicate member 'a' in struct x
return {
  records = {
    { "struct x", {
      { "int a" },
      { "long a" },
    } },
  },
}
