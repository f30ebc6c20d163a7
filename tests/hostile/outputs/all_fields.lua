-- Every text field of the scenario API with control characters, ANSI
-- escapes and bytes that are not UTF-8: the run succeeds, and every
-- output it writes is valid (SVG well-formed, JSON valid UTF-8, the text
-- report and the terminal free of control characters).
local bad = "\27[31mred\27[0m \27]0;owned\7 \1\2\8\11\12\13\14\31\127 \194\155[2J \255\254 \192\175 \237\160\128 \239\191\190 <&>\"'"
scenario { title = "T" .. bad, goal = "G" .. bad, profile = "linux-2.4.16-i386" }
print("print" .. bad)
print("second\tline", bad)
local k = sklab.kernel {}
local c = k:cache_create("c" .. "x", 64)
c:alloc()
scene.show(k, { report = "report" .. bad .. "\nline two " .. bad, mark = { "\27[", bad } })
scene.step("caption one" .. bad)
scene.show("panel" .. bad .. "\n" .. bad, { title = "title" .. bad, mark = bad })
scene.step("caption two" .. bad)
scene.chart {
  title = "chart" .. bad, xlabel = "x" .. bad, ylabel = "y" .. bad, bars = true,
  xlabels = { "a" .. bad, "b" .. bad },
  series = { { name = "s" .. bad, points = { { 0, 1 }, { 1, 2 } } } },
}
scene.step("caption three" .. bad)
scene.predict("question" .. bad, "answer" .. bad)
expect(true, "expect" .. bad)
