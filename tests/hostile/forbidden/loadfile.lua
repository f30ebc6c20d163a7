-- expect: global 'loadfile'
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
loadfile("/etc/passwd")
