-- error: assets/profiles/bad-os.lua:2: attempt to index a nil value (global 'os')
os.execute("true")
return {}
