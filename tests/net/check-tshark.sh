#!/bin/sh
# check-tshark.sh TEST_SKB - Wireshark's dissectors read the frames sklab
# builds: a 6.x TCP segment (payload in a page fragment), a 2.4 TCP segment
# (all linear), a UDP datagram built with skb_push of layers and a 2.6.31
# received frame. Each must decode as Ethernet/IPv4 with the expected ports
# and lengths and with good IPv4, TCP and UDP checksums. Exits 77 (skipped)
# when tshark is not installed.
set -u
TEST_SKB=$1
if ! command -v tshark >/dev/null 2>&1; then
	echo "SKIP: tshark is not installed (apt-get install tshark)"
	exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
"$TEST_SKB" writepcap "$work/frames.pcap" || { echo "FAIL: writepcap"; exit 1; }

# tshark refuses to run as root without this hint in some builds; -n: no name lookups
tshark -n -r "$work/frames.pcap" -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE \
	-o udp.check_checksum:TRUE -T fields -E separator=' ' -e frame.len -e eth.type -e ip.src -e ip.dst \
	-e ip.len -e ip.checksum.status -e tcp.srcport -e tcp.dstport -e tcp.len -e tcp.checksum.status \
	-e udp.srcport -e udp.dstport -e udp.length -e udp.checksum.status \
	>"$work/out" 2>"$work/err"
status=$?
if [ $status -ne 0 ]; then
	echo "FAIL: tshark exited $status"
	cat "$work/err"
	exit 1
fi

# frame.len eth.type ip.src ip.dst ip.len ip.ck tcp.src tcp.dst tcp.len tcp.ck udp.src udp.dst udp.len udp.ck
# (checksum status: Wireshark's enum, 0 Bad, 1 Good, 2 Unverified; empty fields collapse)
cat >"$work/want" <<'WANT'
1514 0x0800 10.0.0.1 10.0.0.2 1500 1 43210 80 1448 1
1514 0x0800 10.0.0.1 10.0.0.2 1500 1 1024 80 1448 1
75 0x0800 10.0.0.1 10.0.0.2 61 1 5353 53 41 1
1066 0x0800 10.0.0.1 10.0.0.2 1052 1 80 43210 1000 1
WANT
# squeeze runs of separators left by empty fields
sed 's/  */ /g; s/ $//' "$work/out" >"$work/got"
if ! cmp -s "$work/want" "$work/got"; then
	echo "FAIL: tshark decoded something else"
	echo "--- want"
	cat "$work/want"
	echo "--- got"
	cat "$work/got"
	tshark -n -r "$work/frames.pcap" -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE \
		-o udp.check_checksum:TRUE -V 2>/dev/null | grep -i -E "checksum|bad" | head -20
	exit 1
fi
echo "tshark: 4 frames decoded with good checksums"
exit 0
