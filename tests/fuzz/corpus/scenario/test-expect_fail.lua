-- Title:   expectations that fail
-- Goal:    a failed expect() records FAIL, lets the run go on, and fails it at the end
-- Profile: test-i386
scenario {
  title = "Failing expectations",
  goal = "A false expect() fails the run, after the run",
  profile = "linux-2.4.16-i386",
}
expect(1 == 1, "one is one")
expect(1 == 2, "one is two")
print("still running")
expect(false)
scene.step("the end")
