#!/bin/sh
# The packet-bytes pane in presentation mode: at 1920x1080 with presentation
# type the zoom strip gives way to it, so every receive step of pcap_rx
# shows the frame's header bytes (their bands are keyed <obj>:<g>:bytes:region:N).
# usage: check-present-bytes.sh SKLAB SRC
set -u
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if ! "$1" run --headless --present --size 1920x1080 --frames "$out" --format svg "$2/scenarios/pcap_rx.lua" >"$out/log" 2>&1; then
	echo "FAIL: pcap_rx did not run:"; cat "$out/log"; exit 1
fi
fail=0
for f in "$out"/frame-00[2-4].svg; do
	grep -q 'data-key="0:0:bytes:region:1"' "$f" || { echo "FAIL: $(basename "$f") has no packet-bytes pane"; fail=1; }
done
[ $fail -eq 0 ] && echo "presentation bytes pane: ok"
exit $fail
