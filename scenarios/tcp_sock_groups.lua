-- tcp_sock_groups.lua
-- title:   tcp_sock before and after the 6.8 cache-line groups
-- goal:    Run the TCP receive softirq on one CPU and the application's
--          send path on another over struct tcp_sock as Linux 6.7 laid it
--          out and as the 6.8 groups (commit d5fed5addb2b) lay it out: the
--          lines each path touches, the coherence misses each path takes,
--          and perf c2c's view of the lines they fight over.
-- profile: linux-6.18-x86_64
-- length:  about 12 minutes (10 steps)

scenario {
  title = "tcp_sock before and after the 6.8 cache-line groups",
  goal = "The TX and RX fast paths of tcp_sock on two CPUs, over the 6.7 layout and the 6.8 groups: "
      .. "lines touched, coherence misses and the c2c report, before and after.",
  profile = "linux-6.18-x86_64",
  length = "about 12 minutes (10 steps)",
}

-- Before: Linux 6.7's tcp_sock (assets/layouts/linux-6.7/tcp.lua, the
-- pre-image of d5fed5addb2b; what it embeds is 6.18's, see that file).
-- After: Linux 6.18's, with the six groups. Both laid out for this
-- scenario's profile (x86_64, 64-byte lines, the same options).
local BEFORE = sklab.layouts("linux-6.7").tcp_sock
local AFTER = sklab.layouts().tcp_sock
local LINE = AFTER.cacheline
local ROUNDS = 20

---------------------------------------------------------------------------
-- The access paths: Documentation/networking/net_cachelines/tcp_sock.rst
-- (Coco Li, added by commit 14006f1d8fa2 with the reorganisation): each
-- field's use on the TX fast path (tcp_sendmsg, tcp_write_xmit,
-- __tcp_transmit_skb, ...) and on the RX fast path (tcp_v4_rcv,
-- tcp_rcv_established, tcp_ack, tcp_data_queue, ...), "read_mostly" (r) or
-- "read_write" (w); rows with neither are left out. The values are those
-- of the table as posted (v1 of the series, 16 Sep 2023); the committed
-- file (blob 97d7a5c8e01c) agrees in every row it is seen in, and its
-- scaling_ratio row is blank as here (Eric Dumazet's fix of Feb 2024 made
-- it read-mostly on both paths). Not here: tcp_usec_ts, which 6.7 added
-- while the series was under review; later versions of the file mark it
-- read-mostly on both paths. A read_write field is modelled as one write
-- per round, a read_mostly one as one read.
local PATHS = {
  { "tcp_header_len", "r", "r" }, { "gso_segs", "r", nil }, { "pred_flags", "w", "r" },
  { "bytes_received", nil, "w" }, { "segs_in", nil, "w" }, { "data_segs_in", nil, "w" },
  { "rcv_nxt", "r", "w" }, { "copied_seq", nil, "r" }, { "rcv_wup", nil, "w" },
  { "snd_nxt", "w", "r" }, { "segs_out", "w", nil }, { "data_segs_out", "w", nil },
  { "bytes_sent", "w", nil }, { "bytes_acked", nil, "w" }, { "snd_una", "r", "w" },
  { "snd_sml", "w", nil }, { "rcv_tstamp", nil, "r" }, { "lsndtime", "w", nil },
  { "tsoffset", "r", "r" }, { "tsorted_sent_queue", "w", nil }, { "snd_wl1", nil, "r" },
  { "snd_wnd", "r", "r" }, { "max_window", "r", nil }, { "mss_cache", "r", "r" },
  { "window_clamp", "r", "w" }, { "rcv_ssthresh", "r", nil }, { "advmss", nil, "r" },
  { "chrono_start", "w", nil }, { "chrono_stat", "w", nil }, { "chrono_type", "w", nil },
  { "rate_app_limited", nil, "w" }, { "is_sack_reneg", nil, "r" }, { "nonagle", "w", nil },
  { "repair", "r", nil }, { "is_cwnd_limited", "r", nil }, { "tlp_high_seq", nil, "r" },
  { "tcp_wstamp_ns", "w", nil }, { "tcp_clock_cache", "w", "w" }, { "tcp_mstamp", "w", "w" },
  { "srtt_us", "r", "w" }, { "mdev_us", "w", nil }, { "rttvar_us", nil, "r" },
  { "rtt_seq", "w", nil }, { "rtt_min", nil, "r" }, { "packets_out", "w", "w" },
  { "retrans_out", nil, "r" }, { "max_packets_out", nil, "w" }, { "cwnd_usage_seq", nil, "w" },
  { "urg_data", nil, "r" }, { "ecn_flags", "w", nil }, { "reordering", "r", nil },
  { "snd_up", "w", "r" }, { "rx_opt", "r", "w" }, { "snd_ssthresh", nil, "r" },
  { "snd_cwnd", "r", "r" }, { "prr_out", "r", "r" }, { "delivered", "r", "w" },
  { "delivered_ce", "r", "w" }, { "lost", nil, "r" }, { "app_limited", "w", "r" },
  { "first_tx_mstamp", "w", nil }, { "delivered_mstamp", "w", nil }, { "rate_delivered", nil, "r" },
  { "rate_interval_us", nil, "r" }, { "rcv_wnd", "w", "r" }, { "write_seq", "w", nil },
  { "notsent_lowat", "r", nil }, { "pushed_seq", "w", nil }, { "lost_out", "r", "r" },
  { "sacked_out", "r", "r" }, { "lost_skb_hint", "r", nil }, { "retransmit_skb_hint", "r", nil },
  { "out_of_order_queue", nil, "r" }, { "highest_sack", "w", nil }, { "rcv_rtt_est", nil, "w" },
  { "rcvq_space", nil, "w" },
}
expect(#PATHS == 76, "tcp_sock.rst marks 76 fields of tcp_sock as used on a fast path")

-- The fields the patch put between its group markers (its own count of
-- "fast path variables"): its tcp_struct_check() lists them.
local PATCH = {
  "max_window", "rcv_ssthresh", "reordering", "notsent_lowat", "gso_segs", "lost_skb_hint",
  "retransmit_skb_hint", "tsoffset", "snd_wnd", "mss_cache", "snd_cwnd", "prr_out", "lost_out",
  "sacked_out", "tcp_header_len", "chrono_type", "repair", "is_sack_reneg", "is_cwnd_limited",
  "copied_seq", "rcv_tstamp", "snd_wl1", "tlp_high_seq", "rttvar_us", "retrans_out", "advmss",
  "urg_data", "lost", "rtt_min", "out_of_order_queue", "snd_ssthresh", "segs_out", "data_segs_out",
  "bytes_sent", "snd_sml", "chrono_start", "chrono_stat", "write_seq", "pushed_seq", "lsndtime",
  "mdev_us", "tcp_wstamp_ns", "tcp_clock_cache", "tcp_mstamp", "rtt_seq", "tsorted_sent_queue",
  "highest_sack", "ecn_flags", "pred_flags", "rcv_nxt", "snd_nxt", "snd_una", "window_clamp",
  "srtt_us", "packets_out", "snd_up", "delivered", "delivered_ce", "app_limited", "rcv_wnd", "rx_opt",
  "nonagle", "rate_app_limited", "bytes_received", "segs_in", "data_segs_in", "rcv_wup",
  "max_packets_out", "cwnd_usage_seq", "rate_delivered", "rate_interval_us", "rcv_rtt_last_tsecr",
  "first_tx_mstamp", "delivered_mstamp", "bytes_acked", "rcv_rtt_est", "rcvq_space",
}

-- A layout's member or nil (members missing in one version are skipped).
local function member(l, name)
  local ok, m = pcall(l.member, l, name)
  return ok and m or nil
end

-- The lines (object line numbers) that a list of members touches; with
-- `shift`, as if tcp_sock's own part started shift bytes later (a larger
-- inet_connection_sock): every member moves by shift, except that a
-- line-aligned group start (6.18's tcp_sock_write_tx) moves to the next
-- line boundary, as gcc would put it. Returns a set and its sorted list.
local function mover(l, shift)
  if not shift or shift == 0 then
    return function(off) return off end
  end
  local aligned = member(l, "__cacheline_group_begin__tcp_sock_write_tx")
  if not aligned then
    return function(off) return off + shift end
  end
  local before_end = member(l, "__cacheline_group_end__tcp_sock_read_rx").offset
  local moved = (before_end + shift + LINE - 1) // LINE * LINE - aligned.offset
  return function(off)
    return off + (off < aligned.offset and shift or moved)
  end
end

local function lines_of(l, names, shift)
  local at = mover(l, shift)
  local set, list = {}, {}
  for _, n in ipairs(names) do
    local m = member(l, n)
    if m then
      for x = at(m.offset) // LINE, (at(m.offset) + m.size - 1) // LINE do
        if not set[x] then
          set[x] = true
          list[#list + 1] = x
        end
      end
    end
  end
  table.sort(list)
  return set, list
end

-- Per layout: the members each path uses (present in that layout), and
-- the names skipped because the layout has no such member.
local function paths_for(l)
  local p = { tx = {}, rx = {}, both = {}, skipped = {} }
  for _, row in ipairs(PATHS) do
    if member(l, row[1]) then
      if row[2] then p.tx[#p.tx + 1] = row[1] end
      if row[3] then p.rx[#p.rx + 1] = row[1] end
      p.both[#p.both + 1] = row[1]
    else
      p.skipped[#p.skipped + 1] = row[1]
    end
  end
  return p
end

local pb, pa = paths_for(BEFORE), paths_for(AFTER)
expect(#pb.skipped == 0, "every documented field is in the 6.7 layout")
expect(#pa.skipped == 1 and pa.skipped[1] == "lost_skb_hint",
  "6.18 has no lost_skb_hint (removed after 6.8); it is skipped there")

local function count(set)
  local n = 0
  for _ in pairs(set) do n = n + 1 end
  return n
end

-- Lines both paths touch: where a write by one CPU costs the other a miss.
local function shared(a, b)
  local n = 0
  for x in pairs(a) do
    if b[x] then n = n + 1 end
  end
  return n
end

local function figures(l, p)
  local tx, txl = lines_of(l, p.tx)
  local rx, rxl = lines_of(l, p.rx)
  local all, alll = lines_of(l, p.both)
  local _, patchl = lines_of(l, PATCH)
  return { tx = #txl, rx = #rxl, all = #alll, shared = shared(tx, rx), patch = #patchl,
    txl = txl, rxl = rxl, alll = alll, patchl = patchl, all_set = all }
end

local fb, fa = figures(BEFORE, pb), figures(AFTER, pa)
print(string.format("before: TX %d lines, RX %d, both paths %d, shared %d, patch's fields %d",
  fb.tx, fb.rx, fb.all, fb.shared, fb.patch))
print(string.format("after:  TX %d lines, RX %d, both paths %d, shared %d, patch's fields %d",
  fa.tx, fa.rx, fa.all, fa.shared, fa.patch))

local function highlight(list)
  local h = {}
  for _, x in ipairs(list) do h[#h + 1] = "line:" .. x end
  return h
end

local function span(list)
  return list[1] .. "-" .. list[#list]
end

---------------------------------------------------------------------------
-- 1. Before: Linux 6.7's tcp_sock, the fast-path fields where history
-- left them.

local start = BEFORE:offsetof("tcp_header_len")
scene.show(BEFORE, { highlight = highlight(fb.alll) })
scene.step(string.format("Before (Linux 6.7): the %d fields that tcp_sock.rst marks for the TX or RX fast "
  .. "path lie among TCP's other fields, in the order they were added since 2.6. They touch %d of the "
  .. "struct's %d lines (highlighted, lines %s); tcp_sock's own part starts at byte %d",
  #pb.both, fb.all, BEFORE.cachelines, span(fb.alll), start))
expect(fb.all == 12, "6.7: the documented fast-path fields touch 12 lines, the patch's 'before: 12'")
expect(fb.patch == 12, "6.7: the fields the patch grouped touch the same 12 lines")

---------------------------------------------------------------------------
-- 2. After: the six groups of d5fed5addb2b as 6.18 has them.

scene.show(AFTER, { highlight = highlight(fa.alll) })
scene.step(string.format("After (the 6.8 groups, here in 6.18): read-mostly TX, TXRX, RX, then from a new "
  .. "line the read-write TX, TXRX, RX groups. The same fields touch %d lines (%s); the patch says 8. "
  .. "The groups start %d bytes into line %d, after a %d-byte inet_connection_sock, which costs one",
  fa.all, span(fa.alll), AFTER:offsetof("__cacheline_group_begin__tcp_sock_read_tx") % LINE,
  fa.alll[1], AFTER:offsetof("__cacheline_group_begin__tcp_sock_read_tx")))
expect(fa.all == 9, "6.18: the documented fields touch 9 lines")
expect(fa.patch == 9, "6.18: the patch's grouped fields touch 9 lines")

---------------------------------------------------------------------------
-- 3. Lines per path, before and after, beside the patch's figures; and
-- how the count moves with where tcp_sock's own part starts.

local function shifted(l, p, s)
  local _, list = lines_of(l, p.both, s)
  return #list
end
local sens, lo, hi = {}, math.huge, 0
for s = 0, LINE - 8, 8 do
  local n = shifted(BEFORE, pb, s)
  sens[#sens + 1] = string.format("+%d: %d", s, n)
  lo, hi = math.min(lo, n), math.max(hi, n)
end
local sens_after, alo, ahi = {}, math.huge, 0
for s = 0, LINE - 8, 8 do
  -- the groups' own alignment: the write groups start a line whatever
  -- comes before, so only the read-mostly groups move (by s from 56)
  local n = shifted(AFTER, pa, s)
  sens_after[#sens_after + 1] = string.format("+%d: %d", s, n)
  alo, ahi = math.min(alo, n), math.max(ahi, n)
end

local function row(label, a, b)
  return string.format("  %-46s %4s %6s", label, a, b)
end
local report = table.concat({
  row("lines of tcp_sock touched (64-byte lines)", "6.7", "6.18"),
  row("TX fast path (tcp_sendmsg, tcp_write_xmit)", fb.tx, fa.tx),
  row("RX fast path (tcp_v4_rcv, tcp_rcv_established)", fb.rx, fa.rx),
  row("both paths together", fb.all, fa.all),
  row("lines both paths touch", fb.shared, fa.shared),
  row("the fields inside the patch's groups", fb.patch, fa.patch),
  row("the patch's commit message", 12, 8),
  "  --",
  "  documented fields: " .. #pb.both .. " (6.7), " .. #pa.both .. " (6.18; skipped: "
    .. table.concat(pa.skipped, ", ") .. ")",
  "  the patch also groups rcv_rtt_last_tsecr, which the table leaves blank",
  "  --",
  "  both paths, 6.7, if tcp_sock's own part started s bytes later:",
  "    " .. table.concat(sens, "  "),
  "  6.18 likewise (its write groups keep starting a line):",
  "    " .. table.concat(sens_after, "  "),
}, "\n")
print(report)
scene.show(report, { title = "lines per path: the model beside the patch", mark = { "commit message" } })
scene.step(string.format("Per path: TX %d -> %d lines, RX %d -> %d, both %d -> %d; lines both paths touch "
  .. "%d -> %d. The patch's 12 is the model's 6.7 count; its 8 needs the groups to start on a line (a shift "
  .. "of 8 bytes here gives %d). inet_connection_sock is 6.18's in the 6.7 data: shifted by 0..56 bytes "
  .. "the 6.7 count stays %d..%d", fb.tx, fa.tx, fb.rx, fa.rx, fb.all, fa.all, fb.shared, fa.shared,
  shifted(AFTER, pa, 8), lo, hi))
expect(fa.tx < fb.tx and fa.rx < fb.rx, "each path touches fewer lines after the groups")
expect(shifted(AFTER, pa, 8) == 8, "groups starting on a line boundary: 8 lines, the patch's figure")
expect(lo >= 11 and hi <= 13, "the 6.7 count does not depend much on where tcp_sock's own part starts")

---------------------------------------------------------------------------
-- 4-7. Two CPUs: CPU 0 runs the RX softirq path (a segment arrives, an
-- ACK is processed), CPU 1 the application's send path, one after the
-- other for ROUNDS rounds, on one tcp_sock of each layout; a fresh machine
-- and cache model for each.

local function run(l, p)
  local k = sklab.kernel { cpus = 2 }
  local cm = sklab.cache {}
  k:cache_model(cm)
  local c = k:cache_create("TCP", l, { hwcache_align = true, rcu = true })
  local sk = k:on_cpu(0, function() return c:alloc { zero = true } end)
  cm:reset() -- the socket is set up; count the data transfer only
  local use, bitfield = {}, {}
  for _, row in ipairs(PATHS) do use[row[1]] = row end
  for _, m in ipairs(l.members) do
    if m.bit_size then bitfield[m.name] = true end
  end
  local function path(names, col)
    return function(round)
      for _, n in ipairs(names) do
        if use[n][col] == "w" then
          sk:write(n, bitfield[n] and round % 2 or round)
        else
          sk:read(n)
        end
      end
    end
  end
  local rx, tx = path(p.rx, 3), path(p.tx, 2)
  for round = 1, ROUNDS do
    k:on_cpu(0, rx, round)
    k:on_cpu(1, tx, round)
  end
  local st = cm:stats()
  local r = k:c2c()
  return { k = k, rx = st.cpus[1].coherence, tx = st.cpus[2].coherence, rx_hitm = st.cpus[1].hitm,
    tx_hitm = st.cpus[2].hitm, c2c = r }
end

local rb = run(BEFORE, pb)
local ra = run(AFTER, pa)
print(string.format("coherence misses: before RX %d TX %d (HITM %d/%d); after RX %d TX %d (HITM %d/%d)",
  rb.rx, rb.tx, rb.rx_hitm, rb.tx_hitm, ra.rx, ra.tx, ra.rx_hitm, ra.tx_hitm))
print(string.format("c2c lines: before %d, after %d", #rb.c2c.lines, #ra.c2c.lines))

-- The c2c lines by kind: "false", "true" or "true+false", and their line
-- numbers in the object.
local function kinds(r)
  local n, at = { ["false"] = 0, ["true"] = 0, ["true+false"] = 0 }, {}
  for _, l in ipairs(r.c2c.lines) do
    n[l.sharing] = n[l.sharing] + 1
    at[#at + 1] = l.line
  end
  table.sort(at)
  return n, table.concat(at, " ")
end
local kb, atb = kinds(rb)
local ka, ata = kinds(ra)
print("before: c2c lines " .. atb .. "; after: " .. ata)

scene.show(rb.k, { view = "c2c" })
scene.step(string.format("Before, %d rounds: RX on CPU 0 and TX on CPU 1 contend for %d lines of tcp_sock "
  .. "(lines %s), %d of them with false sharing (different fields, one written). The RX path takes %d "
  .. "coherence misses (%.1f a round), the TX path %d (%.1f): lines the other CPU had just written",
  ROUNDS, #rb.c2c.lines, atb, kb["false"] + kb["true+false"], rb.rx, rb.rx / ROUNDS, rb.tx, rb.tx / ROUNDS))
expect(#rb.c2c.lines == 8 and rb.rx == 152 and rb.tx == 95,
  "before: 8 contended lines; RX 152, TX 95 coherence misses in 20 rounds")

scene.show(BEFORE, { heat = rb.k, metric = "coherence" })
scene.step(string.format("Before: the coherence misses on the 6.7 layout, each member marked with the "
  .. "CPUs that read or wrote it. They are spread over lines %s, wherever history put a fast-path field",
  span(fb.alll)))

scene.show(ra.k, { view = "c2c" })
scene.step(string.format("After: %d contended lines (%s). RX takes %d coherence misses (%.1f a round), TX "
  .. "%d (%.1f). The read-mostly groups are off the report; what is left are the write groups: fields "
  .. "one path writes and the other reads (snd_una, rcv_nxt, packets_out...) and their neighbours",
  #ra.c2c.lines, ata, ra.rx, ra.rx / ROUNDS, ra.tx, ra.tx / ROUNDS))
expect(#ra.c2c.lines == 4 and ra.rx == 57 and ra.tx == 76,
  "after: 4 contended lines; RX 57, TX 76 coherence misses in 20 rounds")

scene.show(AFTER, { heat = ra.k, metric = "coherence" })
scene.step(string.format("After: the coherence misses sit in the write groups' lines; the fast path "
  .. "spans lines %s, right behind inet_connection_sock; the bands are the six groups", span(fa.alll)))

---------------------------------------------------------------------------
-- 8. The totals.

local summary = table.concat({
  row(string.format("%d rounds: CPU 0 runs RX, CPU 1 runs TX", ROUNDS), "6.7", "6.18"),
  row("lines touched, RX path", fb.rx, fa.rx),
  row("lines touched, TX path", fb.tx, fa.tx),
  row("coherence misses, RX path (CPU 0)", rb.rx, ra.rx),
  row("coherence misses, TX path (CPU 1)", rb.tx, ra.tx),
  row("HITMs taken, RX path", rb.rx_hitm, ra.rx_hitm),
  row("HITMs taken, TX path", rb.tx_hitm, ra.tx_hitm),
  row("c2c: contended lines", #rb.c2c.lines, #ra.c2c.lines),
}, "\n")
print(summary)
scene.show(report, { title = "lines per path: the model beside the patch" })
scene.predict("With the fields grouped, how many coherence misses does each path take per round, "
  .. "before and after?", string.format("RX %.1f -> %.1f, TX %.1f -> %.1f a round: the groups put each "
  .. "path's read-mostly fields on lines nobody writes, so only the lines that really are shared keep "
  .. "bouncing", rb.rx / ROUNDS, ra.rx / ROUNDS, rb.tx / ROUNDS, ra.tx / ROUNDS))
scene.show(summary, { title = "two CPUs, before and after" })
scene.step(string.format("Coherence misses a round: RX %.1f -> %.1f, TX %.1f -> %.1f. The groups cannot "
  .. "remove true sharing (a field one path writes and the other reads); they stop the false sharing "
  .. "around it. TX gains less: most of what it misses on is the write groups that RX writes too",
  rb.rx / ROUNDS, ra.rx / ROUNDS, rb.tx / ROUNDS, ra.tx / ROUNDS))
expect(ra.rx < rb.rx and ra.tx < rb.tx, "each path takes fewer coherence misses after the groups")
expect(#ra.c2c.lines < #rb.c2c.lines, "fewer contended lines after the groups")
