-- expect: global 'package'
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
package.loadlib("libc.so.6", "system")
