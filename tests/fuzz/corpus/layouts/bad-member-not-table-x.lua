-- error: assets/layouts/member-not-table/x.lua:4: struct x, member #2 of the record: expected a table, not string
return {
  records = {
    { "struct x", { { "int a" }, "int b" } },
  },
}
