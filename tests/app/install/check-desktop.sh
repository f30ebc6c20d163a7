#!/bin/sh
# check-desktop.sh SRCDIR - the desktop entry and its icon as the menu reads
# them: the entry passes desktop-file-validate (skipped, 77, when
# desktop-file-utils is not installed), runs `sklab` with no arguments (the
# scenario picker), and names an icon drawn at 48, 128 and 256 pixels
# (PNG, of those sizes) and as SVG.
set -u
SRC=$1
desk=$SRC/assets/sklab.desktop
icons=$SRC/assets/icons/hicolor
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

[ "$(sed -n 's/^Exec=//p' "$desk")" = sklab ] && ok || bad "Exec is not 'sklab' (no arguments: the picker)"
grep -qx 'Type=Application' "$desk" && ok || bad "Type is not Application"
grep -qx 'Terminal=false' "$desk" && ok || bad "Terminal is not false"
icon=$(sed -n 's/^Icon=//p' "$desk")
[ "$icon" = sklab ] && ok || bad "Icon is '$icon'"
for n in 48 128 256; do
	png=$icons/${n}x${n}/apps/$icon.png
	if [ -f "$png" ]; then
		# the PNG signature, then IHDR's width and height (big-endian)
		sig=$(od -An -tx1 -N8 "$png" | tr -d ' \n')
		size=$(od -An -tu1 -j16 -N8 "$png" | awk '{print $3 * 256 + $4 "x" $7 * 256 + $8}')
		[ "$sig" = 89504e470d0a1a0a ] && ok || bad "$png is not a PNG"
		[ "$size" = "${n}x${n}" ] && ok || bad "$png is $size, not ${n}x${n}"
	else
		bad "no $png"
	fi
done
svg=$icons/scalable/apps/$icon.svg
grep -q '<svg ' "$svg" 2>/dev/null && ok || bad "no SVG icon $svg"

if command -v desktop-file-validate >/dev/null 2>&1; then
	# silent when valid: any hint or warning counts
	if out=$(desktop-file-validate "$desk" 2>&1) && [ -z "$out" ]; then
		ok
	else
		bad "desktop-file-validate $desk:"; echo "$out"
	fi
	echo "desktop: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
fi
echo "desktop: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || exit 1
echo "SKIP: desktop-file-validate is not installed (Debian: desktop-file-utils)"
exit 77
