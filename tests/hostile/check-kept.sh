#!/bin/sh
# check-kept.sh SKLAB - what a headless run writes when things go wrong:
# a scenario failing at step 4 of 6 keeps frames 1-3 (valid PNG and SVG),
# no temporary files, and a report naming the error; symlinks planted in
# the output directory are replaced, never followed.
set -u
SKLAB=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
export SDL_VIDEODRIVER=dummy

cat >"$work/fail4.lua" <<'L'
scenario { title = "fails at step 4", goal = "keeps 3 frames", profile = "linux-2.4.16-i386" }
local types = sklab.layouts("linux-2.4.16")
for i = 1, 6 do
  scene.show(types.list_head)
  if i == 4 then error("boom at step 4") end
  scene.step("step " .. i)
end
L
for fmt in png svg; do
	out="$work/out-$fmt"
	timeout 60 "$SKLAB" run --headless --quiet --format $fmt --frames "$out" --report "$work/r-$fmt.json" \
		"$work/fail4.lua" >/dev/null 2>"$work/err"
	rc=$?
	[ "$rc" -eq 1 ] && ok || bad "$fmt: exit status $rc, wanted 1"
	grep -q "fail4.lua:5: boom at step 4; kept 3 frames and report.txt in $out and the report $work/r-$fmt.json" \
		"$work/err" && ok || { bad "$fmt: the error does not say what was kept:"; cat "$work/err"; }
	for i in 1 2 3; do
		f="$out/frame-00$i.$fmt"
		if [ "$fmt" = png ]; then
			head -c 4 "$f" 2>/dev/null | od -An -c | grep -q 'P   N   G' && ok || bad "$f is not a PNG"
		else
			tail -c 20 "$f" 2>/dev/null | grep -q '</svg>' && ok || bad "$f is not a whole SVG"
		fi
	done
	[ ! -e "$out/frame-004.$fmt" ] && ok || bad "$fmt: frame 4 of a failed step was written"
	ls -A "$out" "$work" | grep -q '\.tmp\.' && bad "$fmt: temporary files remain" || ok
	grep -q '^ERROR .*fail4.lua:5: boom at step 4' "$out/report.txt" && ok || bad "$fmt: report.txt lacks the error"
	grep -q '"error": ".*boom at step 4"' "$work/r-$fmt.json" && grep -q '"ok": false' "$work/r-$fmt.json" && ok ||
		bad "$fmt: the JSON report lacks the error"
done

# symlinks standing in the output directory, pointing outside it
cat >"$work/links.lua" <<'L'
scenario { title = "links", goal = "writes inside its directory", profile = "linux-2.4.16-i386" }
local types = sklab.layouts("linux-2.4.16")
scene.show(types.list_head)
scene.step("one")
local k = sklab.kernel {}
local skb = k:alloc_skb(256)
skb:put(100)
expect(skb:pcap("cap.pcap") == 1, "one frame captured")
L
out="$work/links"
mkdir -p "$out"
for v in frame report cap; do echo precious >"$work/victim-$v"; done
ln -s "$work/victim-frame" "$out/frame-001.svg"
ln -s "$work/victim-report" "$out/report.txt"
ln -s "$work/victim-cap" "$out/cap.pcap"
timeout 60 "$SKLAB" run --headless --quiet --format svg --frames "$out" "$work/links.lua" >/dev/null 2>"$work/err"
rc=$?
[ "$rc" -eq 0 ] && ok || { bad "links: exit status $rc"; cat "$work/err"; }
for v in frame report cap; do
	[ "$(cat "$work/victim-$v")" = precious ] && ok || bad "a symlink let the run write $work/victim-$v"
done
for f in frame-001.svg report.txt cap.pcap; do
	[ -f "$out/$f" ] && [ ! -L "$out/$f" ] && ok || bad "$f is not a new regular file"
done
ls -A "$out" | grep -q '\.tmp\.' && bad "links: temporary files remain" || ok

# a capture's temporary name taken by a symlink is not followed either
out="$work/links2"
mkdir -p "$out"
echo precious >"$work/victim-tmp"
# the pid is unknown beforehand: plant links for a range of them
i=0
while [ $i -lt 50 ]; do ln -s "$work/victim-tmp" "$out/cap.pcap.tmp.$(($$ + i))"; i=$((i + 1)); done
timeout 60 "$SKLAB" run --headless --quiet --format svg --frames "$out" "$work/links.lua" >/dev/null 2>&1
[ "$(cat "$work/victim-tmp")" = precious ] && ok || bad "a symlink at the capture's temporary name was followed"

echo "hostile kept: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
