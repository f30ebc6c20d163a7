-- error: assets/layouts/record-name/x.lua:4: records[1]: 'sock' is not "struct <tag>" or "union <tag>"
return {
  records = {
    { "sock", { { "int a" } } },
  },
}
