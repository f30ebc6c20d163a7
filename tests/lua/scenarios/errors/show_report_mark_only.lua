-- error: scenarios/errors/show_report_mark_only.lua:4: bad argument #2 to 'scene.show' (field 'mark' marks lines of a report: give field 'report' too)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
scene.show(k, { mark = "BUG" })
