-- then_and_now_tcp_sock.lua
-- title:   Then and now: tcp_sock in 2001 and in Linux 6.18
-- goal:    See Miller's "one object, one cache per protocol" survive as
--          today's nesting sock_common -> sock -> inet_sock ->
--          inet_connection_sock -> tcp_sock, how SLUB sizes the TCP cache,
--          and how the 2023 cache-line groups gather the fast-path fields.
-- profile: linux-6.18-x86_64
-- length:  about 12 minutes (10 steps)

scenario {
  title = "Then and now: tcp_sock in 2001 and in Linux 6.18",
  goal = "Today's sock_common -> sock -> inet_sock -> inet_connection_sock -> tcp_sock nesting, the "
      .. "TCP cache on SLUB, and the six tcp_sock cache-line groups of 2023.",
  profile = "linux-6.18-x86_64",
  length = "about 12 minutes (10 steps)",
}

local now = sklab.layouts() -- linux-6.18, the profile's x86_64 ABI and config
local tcp = now.tcp_sock
local LINE = tcp.cacheline

---------------------------------------------------------------------------
-- 1. The nesting: each struct starts with the one it extends.

local chain = {
  { now.tcp_sock, "inet_conn" },
  { now.inet_connection_sock, "icsk_inet" },
  { now.inet_sock, "sk" },
  { now.sock, "__sk_common" },
}
local parts = {}
for _, c in ipairs(chain) do
  local l, first = c[1], c[2]
  expect(l:offsetof(first) == 0, l.name .. " starts with " .. first)
  parts[#parts + 1] = l.name:gsub("^struct ", "") .. " " .. l.size
end
parts[#parts + 1] = "sock_common " .. now.sock_common.size
scene.show(now.sock, now.inet_sock, now.inet_connection_sock, now.tcp_sock,
  { highlight = { "__sk_common", "sk", "icsk_inet", "inet_conn" } })
scene.step("Nesting, each at offset 0 of the next: " .. table.concat(parts, " > ")
  .. " bytes. tcp_sk(sk) is a cast, (struct tcp_sock *)sk -- no sk + 1 any more")

-- Miller's first line, today: the lookup identity opens sock_common.
local id = { "skc_daddr", "skc_rcv_saddr", "skc_hash", "skc_dport", "skc_num", "skc_family" }
local last = 0
for _, name in ipairs(id) do
  local m = now.sock_common:member(name)
  expect(m.cacheline == 0, name .. " is in line 0 of sock_common")
  last = math.max(last, m.offset + m.size)
end
local node = now.sock_common:member("skc_node")
scene.show(now.sock_common, { highlight = { "skc_addrpair", "skc_portpair", "skc_hash", "skc_node" } })
scene.step("Miller's 2001 rule survives: the lookup identity (addresses, hash, ports, family) fills the first "
  .. last .. " bytes of line 0; the hash chain node moved behind the IPv6 addresses, to byte "
  .. node.offset .. " (line " .. node.cacheline .. " of " .. LINE .. " bytes)")

---------------------------------------------------------------------------
-- 2. The TCP cache on SLUB: tcp_prot's slab is SLAB_TYPESAFE_BY_RCU,
-- cache-line aligned.

local k = sklab.kernel {}
local TCP = k:cache_create("TCP", tcp, { hwcache_align = true, rcu = true, align = tcp.align })
local sk = TCP:alloc { zero = true }
local st = TCP:stats()
local PTR = now.sock_common:member("skc_prot").size -- a pointer: the free pointer's size
scene.show(tcp)
scene.predict("The TCP cache holds " .. tcp.size .. "-byte tcp_socks on " .. k.page_size
  .. "-byte pages. How many fit in one slab, and how big is the slab?",
  string.format("%d per %d-page slab (order %d). Each slot is %d bytes: %d, plus %d for the free "
    .. "pointer (RCU readers may still read a freed socket, so it cannot overwrite the object), "
    .. "rounded up to %d; %d bytes of the slab are left over",
    st.objs_per_slab, st.pages_per_slab, st.order, st.size, tcp.size, PTR,
    st.align, st.pages_per_slab * k.page_size - st.objs_per_slab * st.size))
expect(st.size == 2368 and st.order == 3 and st.objs_per_slab == 13,
  "TCP: 2368-byte slots, order 3, 13 per slab (the model matches a real 6.18 box)")
expect(st.freeptr_offset == tcp.size and st.size == (tcp.size + PTR + st.align - 1) // st.align * st.align,
  "RCU puts the free pointer after the object")
expect(TCP.alias_of == nil, "an RCU cache is never merged")

-- Then: the 2001 tcp_sock (RFC 4) on the 2.4 allocator.
local old = sklab.layouts("linux-2.4.16", { profile = "linux-2.4.16-i386" })
local k24 = sklab.kernel { profile = "linux-2.4.16-i386", debug_slab = true }
local tcp24 = k24:cache_create("tcp_sock", old.tcp_sock, { hwcache_align = true })
tcp24:alloc { zero = true }
local st24 = tcp24:stats()
scene.show(k24, k, { titles = { "2.5.2-pre1 (Dec 2001)", "6.18" }, caches = { "tcp_sock", "TCP" } })
scene.step(string.format("Then and now: %d bytes of tcp_sock in %d-byte slots, %d per %d-page slab "
  .. "(i386, %d-byte lines), against %d in %d-byte slots, %d per %d pages (x86_64, %d-byte lines): "
  .. "%.1f times the bytes, the same one-object-per-socket shape", old.tcp_sock.size, st24.size,
  st24.objs_per_slab, st24.pages_per_slab, old.tcp_sock.cacheline, tcp.size, st.size,
  st.objs_per_slab, st.pages_per_slab, LINE, tcp.size / old.tcp_sock.size))
expect(st24.size == 800, "seed: tcp_sock 800 in Dec 2001")

---------------------------------------------------------------------------
-- 3. The 2023 cache-line groups (commit d5fed5addb2b, Linux 6.8): hot
-- fields between __cacheline_group_begin/end markers.

local groups, order = {}, {}
local current
for _, m in ipairs(tcp.members) do
  if m.depth == 0 then
    local b = m.name:match("^__cacheline_group_begin__(.+)$")
    local e = m.name:match("^__cacheline_group_end__(.+)$")
    if b then
      current = { name = b, first = m.offset, members = {} }
      groups[b] = current
      order[#order + 1] = b
    elseif e then
      groups[e].last = m.offset -- one past the group's last byte
      current = nil
    elseif current and m.size > 0 then
      current.members[#current.members + 1] = m.name
    end
  end
end
expect(#order == 6, "six cache-line groups")

local lines, hot_bytes, summary = {}, 0, {}
for _, name in ipairs(order) do
  local g = groups[name]
  g.bytes = g.last - g.first
  hot_bytes = hot_bytes + g.bytes
  for l = g.first // LINE, (g.last - 1) // LINE do
    lines[l] = true
  end
  print(string.format("%-20s bytes %4d-%4d (%3d), lines %d-%d, %2d members: %s", name, g.first, g.last - 1,
    g.bytes, g.first // LINE, (g.last - 1) // LINE, #g.members, table.concat(g.members, " ")))
  summary[#summary + 1] = name:gsub("^tcp_sock_", "") .. " " .. g.bytes
end
local span, first_line, last_line = {}, nil, nil
for l = 0, tcp.cachelines - 1 do
  if lines[l] then
    span[#span + 1] = "line:" .. l
    first_line = first_line or l
    last_line = l
  end
end
local minimum = (hot_bytes + LINE - 1) // LINE

scene.show(tcp)
scene.step("Six groups after inet_conn (bytes): " .. table.concat(summary, ", ")
  .. ". Read-mostly first, then the write groups from a fresh line (" .. groups.tcp_sock_write_tx.first
  .. " = " .. groups.tcp_sock_write_tx.first // LINE .. " x " .. LINE
  .. "), so writers do not invalidate what the fast path only reads")
expect(groups.tcp_sock_write_tx.first % LINE == 0, "the first write group starts a cache line")
expect(groups.tcp_sock_read_tx.first == tcp:offsetof("inet_conn") + now.inet_connection_sock.size,
  "the hot groups start right after inet_connection_sock")

scene.predict("The patch says the fast-path fields spanned 12 cache lines before it and 8 after "
  .. "(seed figures, quoted). How many lines do they span in this 6.18 layout?",
  string.format("%d (lines %d-%d), one more than the patch's 8. The %d hot bytes need at least %d lines, "
    .. "but the read groups start at byte %d, %d bytes into line %d, because inet_connection_sock is %d "
    .. "bytes (not a multiple of %d): their %d bytes touch 3 lines where 2 would do",
    #span, first_line, last_line, hot_bytes, minimum, groups.tcp_sock_read_tx.first,
    groups.tcp_sock_read_tx.first % LINE, first_line, now.inet_connection_sock.size, LINE,
    groups.tcp_sock_read_rx.last - groups.tcp_sock_read_tx.first))
expect(#span == 9, "the model's 6.18 tcp_sock: the six groups span 9 lines")
expect(minimum == 8, "their bytes fit in 8 lines at best, the patch's figure")
expect(now.inet_connection_sock.size % LINE ~= 0, "inet_connection_sock does not end on a line boundary")

scene.show(tcp, { highlight = span })
scene.step(string.format("Lines %d-%d. Line %d holds the last %d bytes of inet_connection_sock and the "
  .. "start of tcp_sock_read_tx: the line over the patch's 8, which it counted on its own 2023 tree",
  first_line, last_line, first_line, groups.tcp_sock_read_tx.first % LINE))

---------------------------------------------------------------------------
-- 4. Before the patch: the same fields where they were. The patch's diff
-- (v7, 13 Nov 2023) shows every field it moved with the lines around it,
-- so the old order can be rebuilt from 6.18's tcp_sock with sklab.whatif:
-- no group markers, the fields in the old order.

local top = {}
for _, m in ipairs(tcp.members) do
  if m.depth == 0 then
    top[m.name] = m
  end
end
local changes = {}
for _, m in ipairs(tcp.members) do
  if m.depth == 0 and m.name:match("^__cacheline_group_") then
    changes[#changes + 1] = { remove = m.name }
  end
end
-- struct tcp_sock before the patch (net-next, Nov 2023), in the order its
-- diff removes the fields from: the patch's own '-' and context lines.
local OLD = {
  "inet_conn", "tcp_header_len", "gso_segs", "pred_flags", "bytes_received", "segs_in", "data_segs_in",
  "rcv_nxt", "copied_seq", "rcv_wup", "snd_nxt", "segs_out", "data_segs_out", "bytes_sent", "bytes_acked",
  "dsack_dups", "snd_una", "snd_sml", "rcv_tstamp", "lsndtime", "last_oow_ack_time",
  "compressed_ack_rcv_nxt", "tsoffset", "tsq_node", "tsorted_sent_queue", "snd_wl1", "snd_wnd",
  "max_window", "mss_cache", "window_clamp", "rcv_ssthresh", "scaling_ratio", "rack", "advmss",
  "compressed_ack", "dup_ack_counter", "tlp_retrans", "tcp_usec_ts", "chrono_start", "chrono_stat",
  "chrono_type", "rate_app_limited", "fastopen_connect", "fastopen_no_cookie", "is_sack_reneg",
  "fastopen_client_fail", "nonagle", "thin_lto", "recvmsg_inq", "repair", "frto", "repair_queue",
  "save_syn", "syn_data", "syn_fastopen", "syn_fastopen_exp", "syn_fastopen_ch", "syn_data_acked",
  "is_cwnd_limited", "tlp_high_seq", "tcp_tx_delay", "tcp_wstamp_ns", "tcp_clock_cache", "tcp_mstamp",
  "srtt_us", "mdev_us", "mdev_max_us", "rttvar_us", "rtt_seq", "rtt_min", "packets_out", "retrans_out",
  "max_packets_out", "cwnd_usage_seq", "urg_data", "ecn_flags", "keepalive_probes", "reordering",
  "reord_seen", "snd_up", "rx_opt", "snd_ssthresh", "snd_cwnd", "snd_cwnd_cnt", "snd_cwnd_clamp",
  "snd_cwnd_used", "snd_cwnd_stamp", "prior_cwnd", "prr_delivered", "prr_out", "delivered",
  "delivered_ce", "lost", "app_limited", "first_tx_mstamp", "delivered_mstamp", "rate_delivered",
  "rate_interval_us", "rcv_wnd", "write_seq", "notsent_lowat", "pushed_seq", "lost_out", "sacked_out",
  "pacing_timer", "compressed_ack_timer", "lost_skb_hint", "retransmit_skb_hint", "out_of_order_queue",
  "ooo_last_skb", "duplicate_sack", "selective_acks", "recv_sack_cache", "highest_sack",
  "lost_cnt_hint", "prior_ssthresh", "rcv_ooopack", "rcv_rtt_last_tsecr", "rcv_rtt_est", "rcvq_space",
  "mtu_probe",
}
-- the fields between the patch's group markers: its fast path
local FAST = {}
for _, n in ipairs {
  "max_window", "rcv_ssthresh", "reordering", "notsent_lowat", "gso_segs", "lost_skb_hint",
  "retransmit_skb_hint", "tsoffset", "snd_wnd", "mss_cache", "snd_cwnd", "prr_out", "lost_out",
  "sacked_out", "tcp_header_len", "chrono_type", "repair", "is_sack_reneg", "is_cwnd_limited",
  "copied_seq", "rcv_tstamp", "snd_wl1", "tlp_high_seq", "rttvar_us", "retrans_out", "advmss", "urg_data",
  "lost", "rtt_min", "out_of_order_queue", "snd_ssthresh", "segs_out", "data_segs_out", "bytes_sent",
  "snd_sml", "chrono_start", "chrono_stat", "write_seq", "pushed_seq", "lsndtime", "mdev_us",
  "tcp_wstamp_ns", "tcp_clock_cache", "tcp_mstamp", "rtt_seq", "tsorted_sent_queue", "highest_sack",
  "ecn_flags", "pred_flags", "rcv_nxt", "snd_nxt", "snd_una", "window_clamp", "srtt_us", "packets_out",
  "snd_up", "delivered", "delivered_ce", "app_limited", "rcv_wnd", "rx_opt", "nonagle", "rate_app_limited",
  "bytes_received", "segs_in", "data_segs_in", "rcv_wup", "max_packets_out", "cwnd_usage_seq",
  "rate_delivered", "rate_interval_us", "rcv_rtt_last_tsecr", "first_tx_mstamp", "delivered_mstamp",
  "bytes_acked", "rcv_rtt_est", "rcvq_space" } do FAST[n] = true end

-- Fields that came after the patch (AccECN, Linux 6.18) are left out.
local LATER = { "accecn_opt_tstamp", "received_ce_pending", "unused2", "accecn_minlen", "est_ecnfield",
  "accecn_opt_demand", "prev_ecnfield", "received_ce", "received_ecn_bytes", "delivered_ecn_bytes",
  "syn_ect_snt", "syn_ect_rcv", "accecn_fail_mode", "saw_accecn_opt" }
for _, n in ipairs(LATER) do
  if top[n] then changes[#changes + 1] = { remove = n } end
end
-- Then every field of OLD goes after the one before it, up to
-- prior_ssthresh; past it (an unchanged stretch) only the fast-path fields
-- move. 6.18's segs_out is line-aligned and its chrono_type a byte: both
-- are put back as they were.
local redo = { segs_out = "u32 segs_out", chrono_type = "u8 chrono_type:2" }
local prev, tail, missing = nil, false, {}
for _, n in ipairs(OLD) do
  if not top[n] then
    missing[#missing + 1] = n
  else
    if prev and (not tail or FAST[n]) then
      if redo[n] then
        changes[#changes + 1] = { remove = n }
        changes[#changes + 1] = { add = redo[n], after = prev }
      else
        changes[#changes + 1] = { move = n, after = prev }
      end
    end
    prev = n
    tail = tail or n == "prior_ssthresh"
  end
end
local w = sklab.whatif { struct = tcp, changes = changes }
local before = w.layout

-- the lines that hold a fast-path field
local function fast_lines(l)
  local seen, list = {}, {}
  for _, m in ipairs(l.members) do
    if m.depth == 0 and FAST[m.name] and m.size > 0 then
      for x = m.offset // LINE, (m.offset + m.size - 1) // LINE do
        if not seen[x] then
          seen[x] = true
          list[#list + 1] = x
        end
      end
    end
  end
  table.sort(list)
  return list
end
local old_lines, new_lines = fast_lines(before), fast_lines(tcp)
local hl = {}
for i, x in ipairs(old_lines) do
  hl[i] = "line:" .. x
end
print("before the patch, fast-path fields in lines " .. table.concat(old_lines, " ") .. " (" .. #old_lines
  .. "); missing from 6.18: " .. table.concat(missing, " "))
scene.show(before, { highlight = hl })
local gone = {}
for _, n in ipairs(missing) do
  if FAST[n] then
    gone[#gone + 1] = n
  end
end
scene.step(string.format("Before the patch: the same fields in their old order (rebuilt from its diff; "
  .. "AccECN's, added since, left out) touch %d lines between %d and %d: the patch's 12, against %d "
  .. "grouped. (%s, on the 2023 fast path, is gone from 6.18 and not counted)", #old_lines, old_lines[1],
  old_lines[#old_lines], #new_lines, table.concat(gone, ", ")))
expect(#old_lines == 12, "before the patch the fast-path fields span 12 lines, the patch's figure")
expect(#new_lines == #span, "after it, the same fields span the six groups' lines")

TCP:free(sk)
