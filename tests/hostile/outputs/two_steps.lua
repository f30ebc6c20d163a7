-- Two steps, a text panel each: the scenario of the file cases.
scenario { title = "two steps", goal = "two frames", profile = "linux-2.4.16-i386" }
scene.show("first")
scene.step("one")
scene.show("second")
scene.step("two")
