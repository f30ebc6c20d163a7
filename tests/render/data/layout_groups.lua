-- The cache-line groups of tcp_sock and sock in Linux 6.18, drawn on the
-- layout view (test_layout_overlay and the visual lint read this).
scenario {
  title = "tcp_sock's cache-line groups",
  goal = "see which lines each group of hot members spans",
  profile = "linux-6.18-x86_64",
}
local t = sklab.layouts("linux-6.18")
scene.show(t.tcp_sock)
scene.step("tcp_sock: three read-mostly groups, then three read-write ones")
scene.show(t.sock)
scene.step("sock: the groups of 6.9")
