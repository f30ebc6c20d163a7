#!/bin/sh
# check-pcap.sh SKLAB SRCDIR - `sklab run --pcap FILE` on the TX scenario:
# the capture holds its two 1514-byte frames (6.x and 2.4), byte for byte
# the same on every run and the same as the skb:pcap() capture written into
# --frames DIR; where tshark is installed, it must decode both as
# Ethernet/IPv4/TCP 10.0.0.1:43210 > 10.0.0.2:80 with 1448 bytes of payload
# and good IPv4 and TCP checksums. Exits 77 (skipped) only for the tshark
# part's absence after everything else passed.
set -u
SKLAB=$1
SRC=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
scenario=$SRC/scenarios/skb_tx_tcp.lua

# ---- the capture ------------------------------------------------------------------
if "$SKLAB" run --headless --quiet --pcap "$work/a.pcap" "$scenario" >"$work/out" 2>&1; then ok; else
	bad "sklab run --pcap failed:"; cat "$work/out"
fi
# 24-byte file header + 2 x (16-byte record header + 1514 bytes)
size=$(wc -c <"$work/a.pcap" 2>/dev/null || echo 0)
[ "$size" -eq 3084 ] && ok || bad "capture is $size bytes, wanted 3084"
magic=$(od -An -tx1 -N4 "$work/a.pcap" 2>/dev/null | tr -d ' \n')
[ "$magic" = "d4c3b2a1" ] && ok || bad "pcap magic is '$magic', wanted d4c3b2a1 (little-endian, microseconds)"
linktype=$(od -An -tu4 -j20 -N4 "$work/a.pcap" 2>/dev/null | tr -d ' \n')
[ "$linktype" = "1" ] && ok || bad "link type $linktype, wanted 1 (Ethernet)"

# ---- the same bytes on every run, and in the --frames directory ---------------------
if "$SKLAB" run --headless --quiet --frames "$work/frames" --pcap "$work/b.pcap" "$scenario" >"$work/out" 2>&1; then ok; else
	bad "sklab run --frames --pcap failed:"; cat "$work/out"
fi
cmp -s "$work/a.pcap" "$work/b.pcap" && ok || bad "two runs wrote different captures"
cmp -s "$work/b.pcap" "$work/frames/skb_tx_tcp.pcap" && ok || bad "the --frames capture differs from --pcap's"
[ -f "$work/frames/frame-001.png" ] && ok || bad "no frames next to the capture"

# ---- a scenario that captures nothing still leaves an (empty) capture -------------
"$SKLAB" run --headless --quiet --pcap "$work/empty.pcap" "$SRC/scenarios/skb_rx.lua" >"$work/out" 2>&1 && ok ||
	{ bad "sklab run --pcap on skb_rx.lua failed:"; cat "$work/out"; }
size=$(wc -c <"$work/empty.pcap" 2>/dev/null || echo 0)
[ "$size" -eq 24 ] && ok || bad "empty capture is $size bytes, wanted 24 (the file header)"

# ---- an unwritable capture is an error ------------------------------------------------
if "$SKLAB" run --headless --quiet --pcap "$work/no/such/dir/x.pcap" "$scenario" >"$work/out" 2>"$work/err"; then
	bad "an unwritable --pcap path succeeded"
elif grep -q "cannot write the capture" "$work/err"; then ok; else
	bad "unwritable --pcap: unexpected message:"; cat "$work/err"
fi

if [ "$failed" -ne 0 ]; then
	echo "$failed failed, $passed passed"
	exit 1
fi

# ---- what Wireshark makes of it ----------------------------------------------------------
if ! command -v tshark >/dev/null 2>&1; then
	echo "SKIP: tshark is not installed (apt-get install tshark); $passed capture checks passed"
	exit 77
fi
tshark -r "$work/a.pcap" -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE -T fields -E separator=' ' \
	-e frame.protocols -e frame.len -e eth.type -e ip.src -e ip.dst -e ip.len -e ip.checksum.status \
	-e tcp.srcport -e tcp.dstport -e tcp.hdr_len -e tcp.len -e tcp.checksum.status \
	>"$work/fields" 2>"$work/tshark.err"
want="eth:ethertype:ip:tcp 1514 0x0800 10.0.0.1 10.0.0.2 1500 1 43210 80 32 1448 1"
n=$(grep -c . "$work/fields")
[ "$n" -eq 2 ] && ok || { bad "tshark read $n frames, wanted 2:"; cat "$work/fields" "$work/tshark.err"; }
i=0
while read -r line; do
	i=$((i + 1))
	# a payload to port 80 may be handed on to the HTTP dissector: keep eth..tcp
	line=$(echo "$line" | sed 's/^eth:ethertype:ip:tcp[^ ]*/eth:ethertype:ip:tcp/')
	if [ "$line" = "$want" ]; then ok; else
		bad "frame $i: tshark says '$line'"
		echo "      wanted      '$want' (status 1 = good checksum)"
	fi
done <"$work/fields"

if [ "$failed" -ne 0 ]; then
	echo "$failed failed, $passed passed"
	exit 1
fi
echo "all $passed passed"
