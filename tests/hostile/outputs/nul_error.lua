-- expect: boom\x00hidden
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
error("boom\0hidden")
