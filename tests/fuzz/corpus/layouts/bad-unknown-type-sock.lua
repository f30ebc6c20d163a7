-- error: assets/layouts/unknown-type/sock.lua:6: struct sock, member 'foo': unknown type name 'bar_t'
return {
  records = {
    { "struct sock", {
      { "int ok" },
      { "bar_t foo" },
    } },
  },
}
