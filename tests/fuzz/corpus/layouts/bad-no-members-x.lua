-- error: assets/layouts/no-members/x.lua:4: struct x: the second entry must be the list of members, not nil
return {
  records = {
    { "struct x", note = "forgot the members" },
  },
}
