-- linux-6.7 set: struct inet_sock and inet_connection_sock of
-- linux-6.18/inet.lua, read from there (their 6.7 forms were not rebuilt:
-- tcp_sock's own members start at 6.18's 1400 bytes; see tcp.lua's header
-- and docs/data-format.md, "The linux-6.7 set").
return { same_as = "linux-6.18/inet.lua" }
