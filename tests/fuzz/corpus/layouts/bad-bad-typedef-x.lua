-- error: assets/layouts/bad-typedef/x.lua:5: typedef 'flarp_t': unknown type name 'flarp'
return {
  typedefs = {
    { "u8", "unsigned char" },
    { "flarp_t", "flarp" },
  },
}
