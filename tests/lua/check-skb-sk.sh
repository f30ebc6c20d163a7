#!/bin/sh
# skb:set_sk as a reader sees it: the slab view of each step draws (or, with
# skb->sk = NULL, does not draw) the arrow from the sk_buff to its sock. The
# SVG frames carry each arrow's tooltip as a <title>.
# usage: check-skb-sk.sh SKLAB SRC
set -u
SKLAB=$1
SRC=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
if ! "$SKLAB" run --headless --frames "$out" --format svg "$SRC/tests/lua/scenarios/skb_sk.lua" >"$out/log" 2>&1; then
	echo "FAIL: the scenario did not run:"; cat "$out/log"; exit 1
fi
has() { grep -q -- "<title>$2" "$out/frame-00$1.svg"; }
has 1 'sk_buff#0-&gt;sk = tcp_sock#0' || { echo "FAIL: step 1 has no arrow sk_buff#0->sk = tcp_sock#0"; fail=1; }
has 2 'sk_buff#0-&gt;sk' && { echo "FAIL: step 2 (skb->sk = NULL) still draws an arrow"; fail=1; }
has 3 'sk_buff#0-&gt;sk = sock#0' || { echo "FAIL: step 3 (2.4) has no arrow sk_buff#0->sk = sock#0"; fail=1; }
grep -A1 'sk_buff#0-&gt;sk = sock#0' "$out/frame-003.svg" | grep -q '(pointer at offset 12)' || { echo "FAIL: 2.4's skb->sk is not at offset 12"; fail=1; }
grep -A1 'sk_buff#0-&gt;sk = tcp_sock#0' "$out/frame-001.svg" | grep -q '(pointer at offset 24)' || { echo "FAIL: 6.18's skb->sk is not at offset 24"; fail=1; }
[ $fail -eq 0 ] && echo "skb->sk arrows: ok"
exit $fail
