-- error: scenarios/limits/events.lua:4: event log limit of 5 events reached
scenario { title = "t", goal = "g", profile = "test-i386" }
for i = 1, 10 do
  print(i)
end
