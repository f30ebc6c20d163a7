#!/bin/sh
# check-pcap-read.sh SKLAB TEST_SKB - frames sklab writes (test_skb
# writepcap: skb_pcap, the writer behind skb:pcap) read back by a scenario
# with sklab.pcap_read and k:skb_from_frame, against Wireshark's reading of
# the same file: frame.len, eth.type, ip.src, ip.dst, ip.proto and the ports.
# Exits 77 (skipped) when tshark is not installed.
set -u
SKLAB=$1
TEST_SKB=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
mkdir "$work/s" "$work/out"
"$TEST_SKB" writepcap "$work/s/frames.pcap" >/dev/null || { echo "FAIL: writepcap"; exit 1; }

# first the refusals, tshark or not: each names the argument
fail=0
refuse() { # CALL EXPECTED-TEXT
	printf 'scenario { title = "r", goal = "r", profile = "linux-6.18-x86_64" }\n%s\n' "$1" >"$work/s/bad.lua"
	if "$SKLAB" run "$work/s/bad.lua" --frames "$work/out" >/dev/null 2>"$work/rerr"; then
		echo "FAIL: $1 ran"
		fail=1
	elif ! grep -qF -- "$2" "$work/rerr"; then
		echo "FAIL: $1: unexpected message:"
		cat "$work/rerr"
		fail=1
	fi
}
head -c 60 "$work/s/frames.pcap" >"$work/s/short.pcap"
printf 'not a capture at all, no\n' >"$work/s/text.pcap"
ln -s /etc/hostname "$work/s/out.pcap"
refuse 'sklab.pcap_read("../frames.pcap")' "bad argument #1 to 'sklab.pcap_read' ('../frames.pcap': a capture is a plain name"
refuse 'sklab.pcap_read("/etc/x.pcap")' "bad argument #1 to 'sklab.pcap_read' ('/etc/x.pcap': a capture is a plain name"
refuse 'sklab.pcap_read("a/frames.pcap")' "bad argument #1 to 'sklab.pcap_read' ('a/frames.pcap': a capture is a plain name"
refuse 'sklab.pcap_read("read.lua")' "a capture is a plain name ending in .pcap"
refuse 'sklab.pcap_read("none.pcap")' "'none.pcap': no such file in the scenario's folder"
refuse 'sklab.pcap_read("out.pcap")' "'out.pcap': it leads out of the scenario's folder"
refuse 'sklab.pcap_read("frames.pcap", {from = "x"})' "bad argument #2 to 'sklab.pcap_read' (field 'from' is 'x'"
refuse 'sklab.pcap_read("frames.pcap", {from = "output"})' "'frames.pcap': no such file in the run's output folder"
refuse 'sklab.pcap_read("short.pcap")' "short.pcap: record 1 at offset 24: incl_len 1514 but only 20 bytes left"
refuse 'sklab.pcap_read("text.pcap")' "text.pcap: bad magic"
refuse 'sklab.kernel{}:skb_from_frame("short")' "bad argument #1 to 'k:skb_from_frame' (a frame of 5 bytes"
[ $fail -eq 0 ] || exit 1

if ! command -v tshark >/dev/null 2>&1; then
	echo "SKIP: tshark is not installed (apt-get install tshark); the refusals passed"
	exit 77
fi
cat >"$work/s/read.lua" <<'LUA'
scenario { title = "pcap read back", goal = "frames as tshark reads them", profile = "linux-6.18-x86_64" }
local k = sklab.kernel {}
for _, f in ipairs(sklab.pcap_read("frames.pcap")) do
  local skb = k:skb_from_frame(f.bytes)
  local b = f.bytes
  local ip = skb.data - skb.mac_header + 1 -- the network header in the frame's bytes
  local ihl = (b:byte(ip) & 15) * 4
  local l4 = ip + ihl
  print(string.format("%d 0x%04x %d.%d.%d.%d %d.%d.%d.%d %d %d %d", skb.len + 14, skb.protocol,
    b:byte(ip + 12), b:byte(ip + 13), b:byte(ip + 14), b:byte(ip + 15),
    b:byte(ip + 16), b:byte(ip + 17), b:byte(ip + 18), b:byte(ip + 19), b:byte(ip + 9),
    b:byte(l4) << 8 | b:byte(l4 + 1), b:byte(l4 + 2) << 8 | b:byte(l4 + 3)))
end
LUA
"$SKLAB" run "$work/s/read.lua" >"$work/run" 2>"$work/err" || { echo "FAIL: sklab run"; cat "$work/err"; exit 1; }
grep -E '^[0-9]+ 0x' "$work/run" >"$work/got"
tshark -n -r "$work/s/frames.pcap" -T fields -E separator=' ' -e frame.len -e eth.type -e ip.src -e ip.dst \
	-e ip.proto -e tcp.srcport -e udp.srcport -e tcp.dstport -e udp.dstport 2>/dev/null |
	sed 's/  */ /g; s/ $//' >"$work/want"
if [ ! -s "$work/want" ] || ! cmp -s "$work/want" "$work/got"; then
	echo "FAIL: sklab read something else than tshark"
	echo "--- tshark"
	cat "$work/want"
	echo "--- sklab"
	cat "$work/got"
	exit 1
fi
echo "pcap read back: $(wc -l <"$work/got") frames as tshark reads them"
exit 0
