-- Linux 4.3 kernel primitives that struct sock_common and the head of
-- struct sock embed (x86_64, SMP, no lock debugging): those of
-- linux-4.4/base.lua, read from there, as nothing here changed between the
-- two releases. Checked against gcc: tests/data/check-linux-4.3-4.4.sh.
return { same_as = "linux-4.4/base.lua" }
