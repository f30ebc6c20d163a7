-- error: assets/layouts/bad-config/x.lua:5: struct x, member 'a': config condition: unexpected end of condition (in "CONFIG_A ||")
return {
  records = {
    { "struct x", {
      { "int a", config = "CONFIG_A ||" },
    } },
  },
}
