-- error: assets/layouts/member-key/x.lua:5: struct x, member 'a': unknown key 'confg'
return {
  records = {
    { "struct x", {
      { "int a", confg = "CONFIG_A" },
    } },
  },
}
