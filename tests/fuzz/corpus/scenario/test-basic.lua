-- Title:   basic — the scenario API end to end
-- Goal:    every scene call leaves an event, in order, with its line
-- Profile: test-i386
scenario {
  title = "Basic scenario",
  goal = "The event log records steps, shows, expectations and prints",
  profile = "linux-2.4.16-i386",
  length = 3,
}

local types = sklab.layouts("linux-2.4.16")
local sock = types.sock

print("struct sock is " .. sock.size .. " bytes on " .. sock.arch)
scene.show(sock)
scene.step("struct sock on i386")

local x = sklab.layouts("linux-6.18", { profile = "linux-6.18-x86_64" })
scene.show(sock, x.sock)
expect(x.sock.size > sock.size, "x86_64 sock is bigger")
print("a\tb", 1, true, nil)
print("two\nlines\n")
scene.step("side by side")

scene.show()
expect(types["struct pair"].size == 8, "pair is 8 bytes")
scene.step("cleared")
print("after the last step")
