-- linux-6.7 set: the primitives of linux-6.18/base.lua, read from there.
-- The set exists for struct tcp_sock as it was before the 6.8 cache-line
-- groups (tcp.lua, from the v6.7 source); the types it embeds are taken
-- from 6.18 where 6.7 is identical or where their 6.7 form was not
-- rebuilt. What that simplifies, and what it moves: see tcp.lua's header
-- and docs/data-format.md ("The linux-6.7 set").
return { same_as = "linux-6.18/base.lua" }
