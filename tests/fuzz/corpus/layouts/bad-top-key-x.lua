-- error: assets/layouts/top-key/x.lua: unknown key 'typedef' (a layout file returns {typedefs = {...}, records = {...}})
return { typedef = {} }
