-- Only bytes that are not UTF-8: overlong forms, surrogates, a truncated
-- sequence, lone continuation bytes, 0xfe/0xff, past U+10FFFF.
local bad = "\192\128 \224\128\175 \237\191\191 \226\130 \128\129\191 \254\255 \244\144\128\128 \240\159\152"
scenario { title = bad, goal = bad, profile = "linux-2.4.16-i386" }
print(bad)
scene.show(bad, { title = bad, mark = bad })
scene.step(bad)
expect(true, bad)
