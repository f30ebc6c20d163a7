#!/bin/sh
# A display that cannot be reached: sklab must say so and stop, not run
# with a window nobody can see (SDL falls back to its offscreen driver when
# it cannot open the X display).
# usage: check-nodisplay.sh SKLAB SRC
SKLAB=$1
SRC=$2
n=0
d=417
while [ -e "/tmp/.X11-unix/X$d" ] || [ -e "/tmp/.X$d-lock" ]; do
	d=$((d + 1))
	n=$((n + 1))
	[ $n -lt 50 ] || { echo "SKIP: no free display number"; exit 77; }
done
out=$(mktemp)
trap 'rm -f "$out"' EXIT
unset SDL_VIDEODRIVER WAYLAND_DISPLAY
DISPLAY=":$d" timeout 60 "$SKLAB" run --no-anim "$SRC/scenarios/sock_2001_layout.lua" >"$out" 2>&1
rc=$?
failed=0
if [ $rc -eq 124 ]; then
	echo "FAIL: sklab kept running with no reachable display (a window nobody can see)"
	failed=1
elif [ $rc -eq 0 ]; then
	echo "FAIL: sklab exited 0 with no reachable display"
	failed=1
fi
# "cannot open the display :N ..." when SDL fell back to a driver that draws
# nowhere; "no display: ..." when it found no driver at all
if ! grep -Eq "cannot open the display :$d|no display" "$out"; then
	echo "FAIL: no message saying the display cannot be opened:"
	cat "$out"
	failed=1
fi
[ $failed -eq 0 ] && echo "window.nodisplay: passed"
exit $failed
