#!/bin/sh
# check-window.sh CASE SKLAB SRCDIR SHOTDIR - the sklab window as a person
# uses it: the real program on a private Xvfb display, driven with xdotool
# key presses and mouse moves, checked with screenshots (import, convert)
# and with the text dump of what is on screen that sklab writes when
# SKLAB_DRAWLIST_DUMP is set. CASE is one of:
#   start    the start screen lists every scenario, its goal in full; Right moves
#            right, Down a row, digits pick a card by number (1 then 7: card 17);
#            Enter opens one, Escape returns
#   step     keys step forward, back, restart, to the end and to a typed step
#   hover    hovering a struct member shows its tooltip (name, offset, size)
#   views    1-6 switch views, a view with nothing says so, V splits at a step with
#            two views and says why not at a step with one
#   click    a click on a cache cell or a misses row opens the owner's layout;
#            on a member holding a struct, that struct (Escape goes back); on an
#            sk_buff in the skb view, struct sk_buff
#   anim     steps fade in a few frames under a second; A and --no-anim stop it
#   present  --present fills the screen; T switches theme, B blanks, and a key
#            after B (PageDown, Space, Right) only brings the picture back
#   expect   a save that fails an expect(): a red badge, the failures listed with
#            file:line, FAIL on standard error; X hides the list
#   zoom     zoom lays the step out again (a label cut at 100% reads in full),
#            the caption bar stays at the bottom; the tooltip follows the pointer
#            and goes when the step changes under it
#   quit     Q takes the window off the screen at once, in presentation too
#   reload   saving the scenario reloads it at the same step; an error is shown
#   limits   a scenario past --timeout shows its error; the window stays open
#   layout   sklab layout --window draws a struct of the data and of a header;
#            hovering a member shows its tooltip; Q quits with status 0
# Exits 77 (skipped) with the reason when a tool is missing. Every wait is
# bounded; Xvfb and sklab are always stopped.
set -u
CASE=$1
SKLAB=$2
SRC=$3
SHOTS=$4

for tool in Xvfb xdotool import convert; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "SKIP: $tool is not installed (Debian: xvfb, xdotool, imagemagick)"
		exit 77
	fi
done

work=$(mktemp -d)
mkdir -p "$SHOTS"
xpid=""
apid=""
cleanup() {
	[ -n "$apid" ] && kill "$apid" 2>/dev/null && wait "$apid" 2>/dev/null
	[ -n "$xpid" ] && kill "$xpid" 2>/dev/null && wait "$xpid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

failed=0
passed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL [$CASE]: $*"; }

# ---- a private X server -------------------------------------------------------
W=1280
H=720
start_x() {
	# -displayfd: the server picks a free display itself and writes its
	# number once it accepts clients, so tests running side by side never
	# race for the same display
	n=0
	while [ $n -lt 3 ]; do
		: >"$work/display"
		Xvfb -displayfd 3 -screen 0 ${W}x${H}x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
		xpid=$!
		t=0
		while [ $t -lt 100 ]; do
			if ! kill -0 "$xpid" 2>/dev/null; then
				break
			fi
			d=$(tr -dc 0-9 <"$work/display")
			if [ -n "$d" ] && DISPLAY=":$d" xdotool getdisplaygeometry >/dev/null 2>&1; then
				DISPLAY=":$d"
				export DISPLAY
				return 0
			fi
			sleep 0.1
			t=$((t + 1))
		done
		kill "$xpid" 2>/dev/null
		wait "$xpid" 2>/dev/null
		xpid=""
		n=$((n + 1))
	done
	return 1
}
if ! start_x; then
	echo "SKIP: Xvfb could not start a display"
	cat "$work/xvfb.log"
	exit 77
fi
unset SDL_VIDEODRIVER WAYLAND_DISPLAY

DUMP="$work/dump.txt"

# launch ARGS... : starts sklab with the dump on, waits for its window.
# When sklab could not open the display (it says so and exits), it gets
# one more try a second later: a test of the window is not a test of a
# display server under load.
launch() {
	launch_once "$@" && return 0
	grep -q "cannot open the display" "$work/app.log" 2>/dev/null || return 1
	echo "(sklab could not open $DISPLAY; trying once more)"
	sleep 1
	launch_once "$@"
}

launch_once() {
	rm -f "$DUMP"
	SKLAB_DRAWLIST_DUMP="$DUMP" "$SKLAB" "$@" >"$work/app.log" 2>&1 &
	apid=$!
	t=0
	while [ $t -lt 600 ]; do
		WID=$(xdotool search --class sklab 2>/dev/null | head -1)
		if [ -n "$WID" ] && [ -s "$DUMP" ]; then
			return 0
		fi
		if ! kill -0 "$apid" 2>/dev/null; then
			echo "sklab exited early:"; cat "$work/app.log"
			apid=""
			return 1
		fi
		sleep 0.1
		t=$((t + 1))
	done
	echo "no sklab window after 60 s on $DISPLAY:"
	echo "  sklab running: $(kill -0 "$apid" 2>/dev/null && echo yes || echo no)"
	echo "  windows of class sklab: $(xdotool search --class sklab 2>&1 | tr '\n' ' ')"
	echo "  all windows: $(xdotool search --onlyvisible --name '' 2>&1 | wc -l)"
	echo "  draw-list dump: $( [ -f "$DUMP" ] && wc -c <"$DUMP" || echo none) bytes, $(sed -n 4p "$DUMP" 2>/dev/null)"
	echo "  X servers: $(ls /tmp/.X11-unix 2>/dev/null | tr '\n' ' ')"
	echo "  this one's clients:"; xwininfo -root -tree 2>&1 | sed -n '1,12s/^/    /p'
	echo "  sklab's output:"; sed 's/^/    /' "$work/app.log"
	return 1
}

stop() {
	if [ -n "$apid" ]; then
		kill "$apid" 2>/dev/null
		wait "$apid" 2>/dev/null
		apid=""
	fi
}

# wait_dump PATTERN [SECONDS]: until the dump's first lines match (grep -E)
wait_dump() {
	t=0
	lim=$(( ${2:-20} * 10 ))
	while [ $t -lt $lim ]; do
		if [ -s "$DUMP" ] && head -3 "$DUMP" | grep -Eq -- "$1"; then
			return 0
		fi
		sleep 0.1
		t=$((t + 1))
	done
	return 1
}

# wait_dump_all PATTERN: until anywhere in the dump matches (20 s: a
# reload reruns the whole scenario, slow on a loaded machine)
wait_dump_all() {
	t=0
	while [ $t -lt 200 ]; do
		if [ -s "$DUMP" ] && grep -Eq -- "$1" "$DUMP"; then
			return 0
		fi
		sleep 0.1
		t=$((t + 1))
	done
	return 1
}

key() { xdotool key --window "$WID" "$@"; }

# wait_gone PATTERN: until nothing in the dump matches (10 s)
wait_gone() {
	t=0
	while [ $t -lt 100 ]; do
		if [ -s "$DUMP" ] && ! grep -Eq -- "$1" "$DUMP"; then
			return 0
		fi
		sleep 0.1
		t=$((t + 1))
	done
	return 1
}

shot() { import -window root "$SHOTS/$1.png" 2>/dev/null; }

# pixel NAME X Y: "R,G,B" of the screenshot's pixel
pixel() {
	convert "$SHOTS/$1.png" -format '%[fx:int(255*p{'"$2,$3"'}.r)],%[fx:int(255*p{'"$2,$3"'}.g)],%[fx:int(255*p{'"$2,$3"'}.b)]' info: 2>/dev/null
}

# near R,G,B R2,G2,B2: within 12 per channel
near() {
	echo "$1 $2" | awk '{ split($1, a, ","); split($2, b, ","); d = 0;
		for (i = 1; i <= 3; i++) { x = a[i] - b[i]; if (x < 0) x = -x; if (x > d) d = x }
		exit !(d <= 12) }'
}

# window position: sets WX WY WW WH
geometry() {
	eval "$(xdotool getwindowgeometry --shell "$WID" | sed -n 's/^X=/WX=/p; s/^Y=/WY=/p; s/^WIDTH=/WW=/p; s/^HEIGHT=/WH=/p')"
}

state() { head -1 "$DUMP"; }

# pane0: the window's place (WX WY WW WH) and pane 0's origin in it (px py)
pane0() {
	geometry
	pane=$(grep '^== pane 0' "$DUMP" | awk '{print $4, $5}')
	px=${pane% *}
	py=${pane#* }
}

# center LINE: sets cx cy to the screen point at the middle of a rect line of
# the dump (x y w h after the kind), in pane 0 (its origin px py)
center() {
	cx=$(printf '%s\n' "$1" | awk -v o="$px" -v w="$WX" '{printf "%d", w + o + $3 + $5 / 2}')
	cy=$(printf '%s\n' "$1" | awk -v o="$py" -v w="$WY" '{printf "%d", w + o + $4 + $6 / 2}')
}

scenario=$SRC/scenarios/sock_2001_layout.lua

case $CASE in
start)
	# ---- sklab with a display and no arguments: the start screen ----------
	xdotool mousemove 0 0
	launch || exit 1
	if wait_dump 'mode=page'; then ok; else bad "no start page: $(state)"; fi
	shot start
	# every scenario that `sklab list` knows is on a card, with its title:
	# the cards that fit at first, the others as the selection moves down
	# the list (the page scrolls to keep the selected card in view)
	SKLAB_DATA=$SRC "$SKLAB" list >"$work/list.txt" 2>&1
	# the pointer off the cards (hovering one selects it), the first selected
	xdotool mousemove 0 0
	key Home
	nlisted=0
	for f in $(grep -E '^[a-z0-9_]+\.lua$' "$work/list.txt"); do
		nlisted=$((nlisted + 1))
		title=$(grep -A1 -x "$f" "$work/list.txt" | sed -n '2s/^  //p')
		[ $nlisted -gt 1 ] && key Right
		wait_dump_all "fill=#e3effaff .*key=start:item:$((nlisted - 1)) " || bad "card $nlisted is not selected"
		# its title and goal in full (wrapped): the card's text, spaces
		# aside, holds every word of them
		card=$(grep -E "key=start:item:$((nlisted - 1))( |\$)" "$DUMP" | grep ' text ' | sed 's/^[^"]*"//; s/" id=.*//' | tr -d ' \n')
		goal=$(grep -A3 -x "$f" "$work/list.txt" | sed -n 's/^  goal: //p' | tr -d ' ')
		t=$(printf '%s' "$title" | tr -d ' ')
		case "$card" in *"$f"*) ok ;; *) bad "the start screen lacks $f" ;; esac
		case "$card" in *"$t"*) ok ;; *) bad "the card of $f does not hold its whole title ($title)" ;; esac
		case "$card" in *"$goal"*) ok ;; *) bad "the card of $f does not hold its whole goal" ;; esac
	done
	grep 'key=start:item:' "$DUMP" | grep ' text ' | grep -q '…" id=' && bad "a card's text is abbreviated" || ok
	key Home
	wait_dump_all 'key=start:item:0 ' || bad "Home did not return to the first card"
	[ $nlisted -ge 5 ] && ok || bad "sklab list shows only $nlisted scenarios"
	ncards=$(grep -c 'key=start:item:[0-9]* tip=' "$DUMP")
	[ "$ncards" -ge 5 ] && ok || bad "only $ncards cards drawn"
	# the grid: Right moves right along a row, Down a row down (by the
	# number of cards across), and typing 1 7 picks card 17
	sel() { grep 'rect .*fill=#e3effaff .*key=start:item:' "$DUMP" | head -1 | sed 's/.*key=start:item:\([0-9]*\).*/\1/'; }
	rowy() { grep "rect .*key=start:item:$1 " "$DUMP" | head -1 | awk '{print $4}'; }
	key Home
	wait_dump_all 'fill=#e3effaff .*key=start:item:0 ' || bad "Home: card $(sel) is selected"
	key Right
	wait_dump_all 'fill=#e3effaff .*key=start:item:1 ' && [ "$(rowy 0)" = "$(rowy 1)" ] && ok ||
		bad "Right did not move to the card on the right: card $(sel)"
	cols=$(grep 'rect .*key=start:item:[0-9]* ' "$DUMP" | awk '{print $4}' | sort | uniq -c | sort -rn | head -1 | awk '{print $1}')
	key Down
	wait_dump_all "fill=#e3effaff .*key=start:item:$((1 + cols)) " && ok || bad "Down from card 2 went to card $(($(sel) + 1)), not $((2 + cols))"
	key 1 7
	if [ $nlisted -ge 17 ]; then
		wait_dump_all 'fill=#e3effaff .*key=start:item:16 ' && ok || bad "typing 1 7 selected card $(($(sel) + 1)), not 17"
		grep -q '"card 17_' "$DUMP" && ok || bad "the hint bar does not show the number typed"
	fi
	sleep 2
	key 3
	wait_dump_all 'fill=#e3effaff .*key=start:item:2 ' && ok || bad "3 (typed later) selected card $(($(sel) + 1))"
	# the picture: the dark hint bar across the bottom, a white page above
	geometry
	p=$(pixel start $((WX + 8)) $((WY + WH - 8)))
	near "$p" 31,38,48 && ok || bad "hint bar pixel is $p"
	p=$(pixel start $((WX + WW / 2)) $((WY + 12)))
	near "$p" 255,255,255 && ok || bad "page top pixel is $p"
	# choose sock_2001_layout.lua with the arrows and open it with Enter
	idx=$(grep -E '^[a-z0-9_]+\.lua$' "$work/list.txt" | grep -n -x 'sock_2001_layout.lua' | cut -d: -f1)
	key Home
	i=1
	while [ "$i" -lt "$idx" ]; do key Right; i=$((i + 1)); done
	wait_dump_all "fill=#e3effaff .*key=start:item:$((idx - 1)) " || bad "Right did not reach card $idx"
	key Return
	if wait_dump 'mode=frames frame=1 nframes=7' && grep -q '^title One fat struct sock' "$DUMP"; then ok; else
		bad "Enter did not open sock_2001_layout.lua: $(state)"; fi
	shot start-opened
	key Escape
	if wait_dump 'mode=page'; then ok; else bad "Escape did not return to the start screen: $(state)"; fi
	# a click on a card opens it too (Home first: the page may have
	# scrolled to keep the card opened above in view)
	key Home
	wait_dump_all 'key=start:item:0 ' || bad "Home did not bring back the first card"
	geometry
	line=$(grep 'key=start:item:0 tip=' "$DUMP" | head -1)
	cx=$(printf '%s\n' "$line" | awk '{printf "%d", $3 + $5 / 2}')
	cy=$(printf '%s\n' "$line" | awk '{printf "%d", $4 + $6 / 2}')
	xdotool mousemove $((WX + cx)) $((WY + cy)) click 1
	if wait_dump 'mode=(frames|page) frame=1 nframes=[1-9]' && ! head -1 "$DUMP" | grep -q 'nframes=0'; then ok; else
		bad "a click on the first card did not open it: $(state)"; fi
	key q
	;;
step)
	launch run --no-anim "$scenario" || exit 1
	wait_dump 'frame=1 nframes=7' && ok || bad "did not open at step 1: $(state)"
	shot step-1
	key space
	wait_dump 'frame=2 ' && ok || bad "space: $(state)"
	key Right
	wait_dump 'frame=3 ' && ok || bad "Right: $(state)"
	key Page_Down
	wait_dump 'frame=4 ' && ok || bad "PageDown: $(state)"
	grep -q '"4 / 7"' "$DUMP" && ok || bad "the step counter does not say 4 / 7"
	shot step-4
	key Left
	wait_dump 'frame=3 ' && ok || bad "Left (back): $(state)"
	key Page_Up
	wait_dump 'frame=2 ' && ok || bad "PageUp (back): $(state)"
	key End
	wait_dump 'frame=7 ' && ok || bad "End (run to the end): $(state)"
	key r
	wait_dump 'frame=1 ' && ok || bad "R (restart): $(state)"
	key g 5
	wait_dump 'prompt=1 digits=5' && ok || bad "G 5 shows no prompt: $(state)"
	shot step-goto
	key Return
	wait_dump 'frame=5 .*prompt=0' && ok || bad "G 5 Enter: $(state)"
	# the picture changes with the step: step 5 differs from step 1
	shot step-5
	if ! cmp -s "$SHOTS/step-1.png" "$SHOTS/step-5.png"; then ok; else bad "step 5 looks like step 1"; fi
	key h
	wait_dump 'help=1' && grep -q 'go to a step' "$DUMP" && ok || bad "H shows no key help"
	shot step-help
	key Escape
	wait_dump 'help=0' && ok || bad "Escape did not close the help"
	# S saves the view: a PNG and the same draw list as SVG, in the
	# working directory
	rm -f sklab-step-*.png sklab-step-*.svg
	key s
	t=0
	while [ $t -lt 100 ] && ! [ -s sklab-step-005.svg ]; do sleep 0.1; t=$((t + 1)); done
	sleep 0.3
	[ -s sklab-step-005.png ] && ok || bad "S wrote no sklab-step-005.png"
	grep -q '^<svg xmlns="http://www.w3.org/2000/svg"' sklab-step-005.svg && grep -q '</svg>' sklab-step-005.svg &&
		ok || bad "S wrote no complete sklab-step-005.svg"
	rm -f sklab-step-*.png sklab-step-*.svg
	key q
	;;
hover)
	xdotool mousemove 0 0
	launch run --no-anim "$scenario" || exit 1
	wait_dump 'frame=1 ' || bad "no frame"
	pane0
	line=$(grep 'rect .*key=0:field:daddr' "$DUMP" | head -1)
	[ -n "$line" ] && ok || bad "no daddr block in the dump"
	center "$line"
	mx=$cx
	my=$cy
	xdotool mousemove "$mx" "$my"
	if wait_dump '^hover daddr.*offset 0, size 4'; then ok; else bad "hovering daddr: $(sed -n 3p "$DUMP")"; fi
	wait_dump_all '"daddr  \(struct sock\)"' && ok || bad "the tooltip box is not drawn"
	shot hover-daddr
	# the tooltip box (dark) sits below and right of the pointer
	p=$(pixel hover-daddr $((mx + 30)) $((my + 40)))
	near "$p" 31,38,48 && ok || bad "no tooltip box at the pointer (pixel $p)"
	# and hovering a hole names the hole
	line=$(grep 'key=0:hole:' "$DUMP" | head -1)
	if [ -n "$line" ]; then
		center "$line"
		xdotool mousemove "$cx" "$cy"
		wait_dump '^hover .*hole' && ok || bad "hovering a hole: $(sed -n 3p "$DUMP")"
	fi
	key q
	;;
layout)
	xdotool mousemove 0 0
	launch layout --window linux-2.4.16/sock || exit 1
	wait_dump 'frame=1 ' || bad "no frame: $(state)"
	wait_dump_all 'sklab layout: struct sock from linux-2.4.16' && ok || bad "no caption naming the source"
	pane0
	line=$(grep 'rect .*key=0:field:daddr' "$DUMP" | head -1)
	[ -n "$line" ] && ok || bad "no daddr block in the dump"
	center "$line"
	xdotool mousemove "$cx" "$cy"
	if wait_dump '^hover daddr.*offset 0, size 4'; then ok; else bad "hovering daddr: $(sed -n 3p "$DUMP")"; fi
	key q
	t=0
	while kill -0 "$apid" 2>/dev/null && [ $t -lt 100 ]; do sleep 0.1; t=$((t + 1)); done
	kill -0 "$apid" 2>/dev/null && bad "sklab layout --window still runs 10 s after Q"
	wait "$apid"
	st=$?
	# a sanitized build's LeakSanitizer turns the benign leaks of unloaded
	# drivers into exit status 1 (tests/sanitize/check-reports.sh judges
	# its reports); elsewhere Q must end it with status 0
	if [ -n "${ASAN_OPTIONS:-}" ] || [ $st -eq 0 ]; then ok; else
		bad "sklab layout --window did not end with status 0 ($st): $(cat "$work/app.log")"
	fi
	apid=""
	printf 'struct my_pair {\n\tuint8_t tag;\n\tuint64_t value;\n};\n' >"$work/pair.h"
	launch layout --window --c "$work/pair.h" my_pair || exit 1
	wait_dump 'frame=1 ' || bad "no frame for the header's struct"
	grep -q 'key=0:field:value' "$DUMP" && ok || bad "the header's struct is not drawn"
	key q
	;;
objbytes)
	# ---- O over a slab object opens its bytes; a pointer member follows ---
	xdotool mousemove 0 0
	launch run --no-anim "$SRC/scenarios/hash_chain.lua" || exit 1
	wait_dump 'frame=1 ' || bad "no frame: $(state)"
	key Right
	wait_dump 'frame=2 ' || bad "Right: $(state)"
	pane0
	# sock#2, the chain's head: its next points at sock#1
	line=$(grep 'rect .*key=[0-9]*:obj:sock:0:2 ' "$DUMP" | head -1)
	[ -n "$line" ] && ok || bad "no cell for sock#2 in the dump"
	center "$line"
	xdotool mousemove "$cx" "$cy"
	wait_dump '^hover ' || bad "no hover over sock#2"
	key o
	if wait_dump 'open=sock#2 '; then ok; else bad "O over sock#2 opened nothing: $(state)"; fi
	wait_dump_all 'key=[0-9]*:bytes:member:next' && ok || bad "the opened bytes view has no member next"
	grep -q 'sock#2: the bytes of this struct sock in cache sock' "$DUMP" && ok || bad "no caption for the opened bytes"
	shot objbytes
	# a click on the pointer member next opens the object it points into
	pane0
	line=$(grep 'rect .*key=[0-9]*:bytes:member:next ' "$DUMP" | tail -1)
	[ -n "$line" ] && ok || bad "no rect for member next"
	center "$line"
	xdotool mousemove "$cx" "$cy" click 1
	if wait_dump 'open=sock#1 '; then ok; else bad "a click on next did not open sock#1: $(state)"; fi
	wait_dump_all 'sock#2.next points to it' && ok || bad "the caption does not say how sock#1 was reached"
	key Escape
	wait_dump 'open=sock#2 ' && ok || bad "Escape did not go back to sock#2: $(state)"
	key Escape
	wait_dump 'open=- ' && ok || bad "Escape did not close the bytes: $(state)"
	# a free slot: a notice, nothing opened
	pane0
	line=$(grep 'rect .*key=[0-9]*:obj:sock:0:5 ' "$DUMP" | head -1)
	if [ -n "$line" ]; then
		center "$line"
		xdotool mousemove "$cx" "$cy" click 3
		wait_dump_all 'That slot is free' && ok || bad "a right click on a free slot gave no notice"
		state | grep -q 'open=- ' && ok || bad "a free slot opened something: $(state)"
	fi
	key q
	;;
views)
	xdotool mousemove 0 0
	launch run --no-anim "$SRC/scenarios/sock_cleanup_2001.lua" || exit 1
	wait_dump 'frame=1 ' || bad "no frame"
	grep -q 'key=tab:slab' "$DUMP" && ok || bad "no view tabs"
	key 2
	wait_dump 'view=slab' && ok || bad "2: $(state)"
	key 1
	wait_dump 'view=layout' && wait_dump_all '"No layout view at step 1"' && ok || bad "1 at a step with no layout says nothing"
	shot views-empty
	key 1
	wait_dump 'view=all' && ok || bad "1 again: $(state)"
	# step 1 has the slab view alone: no split, and a notice says why
	key v
	wait_dump_all 'chip:notice' && grep -q '"No split: step 1 has one view, slab (2)' "$DUMP" && ok ||
		bad "V at a one-view step: no notice"
	state | grep -q 'split=0' && ok || bad "V split a step with one view: $(state)"
	shot views-nosplit
	# step 2 has the compare and slab views: two panes, each its own
	key Right
	wait_dump 'frame=2 ' || bad "Right: $(state)"
	key v
	wait_dump 'split=1' && [ "$(grep -c '^== pane' "$DUMP")" -eq 2 ] && ok || bad "V: $(state)"
	shot views-split
	# a step with one view shows one pane; back at step 2 the split returns
	key Right
	wait_dump 'frame=3 .*split=0' && ok || bad "the split stayed at one-view step 3: $(state)"
	key Left
	wait_dump 'frame=2 .*split=1' && ok || bad "the split did not come back at step 2: $(state)"
	key v
	wait_dump 'split=0' && ok || bad "V again: $(state)"
	key Left
	wait_dump 'frame=1 ' || bad "Left: $(state)"
	# a click on an allocated object opens its type's layout
	pane0
	line=$(grep 'rect .*key=[0-9]*:obj:sock:0:0' "$DUMP" | head -1)
	if [ -n "$line" ]; then
		center "$line"
		xdotool mousemove "$cx" "$cy" click 1
		wait_dump 'open=struct sock' && ok || bad "a click on a sock object: $(state)"
		shot views-open
		key Escape
		wait_dump 'open=-' && ok || bad "Escape did not close the layout"
	else
		bad "no sock object in the slab view"
	fi
	key q
	;;
anim)
	# stepping fades the old picture out (at least one in-between frame), well under a
	# second; A turns it off, and so does --no-anim
	launch run "$scenario" || exit 1
	wait_dump 'frame=1 .*anim=1 .*anims=0 ' && ok || bad "animations are not on by default: $(state)"
	key space
	if wait_dump 'frame=2 .*anims=1 '; then
		fr=$(state | sed -n 's/.* anim_frames=\([0-9]*\) .*/\1/p')
		ms=$(state | sed -n 's/.* anim_ms=\([0-9]*\).*/\1/p')
		[ "${fr:-0}" -ge 1 ] && ok || bad "the step animation drew ${fr:-no} in-between frames"
		[ "${ms:-9999}" -le 1000 ] && ok || bad "the step animation took ${ms:-?} ms"
	else
		bad "space did not animate: $(state)"
	fi
	key a
	wait_dump 'anim=0 ' && ok || bad "A did not turn animations off: $(state)"
	key space
	wait_dump 'frame=3 ' && ok || bad "space: $(state)"
	sleep 0.5
	state | grep -q 'anims=1 ' && ok || bad "a step animated with animations off: $(state)"
	key a
	wait_dump 'anim=1 ' && ok || bad "A did not turn animations back on: $(state)"
	key Left
	wait_dump 'frame=2 .*anims=2 ' && ok || bad "back (Left) did not animate: $(state)"
	key q
	stop
	launch run --no-anim "$scenario" || exit 1
	wait_dump 'frame=1 .*anim=0 ' && ok || bad "--no-anim: $(state)"
	key space
	wait_dump 'frame=2 ' && ok || bad "space: $(state)"
	sleep 0.5
	state | grep -q 'anims=0 ' && ok || bad "--no-anim still animates: $(state)"
	key q
	;;
click)
	# the cache view: a click on a cell opens the layout of the object
	# whose line it holds, with the member emphasised; Escape closes it
	xdotool mousemove 0 0
	launch run --no-anim --step 2 "$SRC/scenarios/cacheline_lookup.lua" || exit 1
	wait_dump 'frame=2 ' || bad "no frame 2: $(state)"
	key 4
	wait_dump 'view=cache' && ok || bad "4: $(state)"
	pane0
	line=$(grep 'rect .*key=[0-9]*:cell:[0-9]*:.*tip="[^"]*sock\.' "$DUMP" | head -1)
	if [ -n "$line" ]; then
		center "$line"
		xdotool mousemove "$cx" "$cy" click 1
		wait_dump 'open=struct sock open_hl=[a-z_.]+' && ok || bad "a click on a cache cell: $(state)"
		wait_dump_all 'key=[0-9]*:field:' && ok || bad "no layout drawn after the click"
		shot click-cell
		key Escape
		wait_dump 'open=- ' && ok || bad "Escape did not close the layout: $(state)"
	else
		bad "no cache cell holding a sock line in the dump"
	fi
	# a row of the misses by member opens the layout at that member
	line=$(grep 'rect .*key=[0-9]*:member:' "$DUMP" | head -1)
	if [ -n "$line" ]; then
		center "$line"
		xdotool mousemove "$cx" "$cy" click 1
		wait_dump 'open=struct [a-z_]+ open_hl=[a-z_.]+' && ok || bad "a click on a member row: $(state)"
	else
		bad "no misses-by-member row in the dump"
	fi
	key q
	stop
	# the layout view: a member that holds a struct opens it, and a
	# member of that one its own; Escape goes back one at a time
	launch run --no-anim --step 3 "$scenario" || exit 1
	wait_dump 'frame=3 ' || bad "no frame 3: $(state)"
	pane0
	line=$(grep 'rect .*key=0:field:tp_pinfo\.af_tcp ' "$DUMP" | head -1)
	if [ -n "$line" ]; then
		center "$line"
		xdotool mousemove "$cx" "$cy"
		wait_dump_all 'click: open struct tcp_opt' && ok || bad "the tooltip of af_tcp does not say what a click opens"
		xdotool click 1
		wait_dump 'open=struct tcp_opt .* opened=1$' && ok || bad "a click on sock.tp_pinfo.af_tcp: $(state)"
		wait_dump_all 'caption tip="struct tcp_opt: the type of sock\.tp_pinfo\.af_tcp \(424 bytes at offset 216' &&
			ok || bad "no caption for the opened tcp_opt"
		shot click-member
		line=$(grep 'rect .*key=0:field:retransmit_timer ' "$DUMP" | head -1)
		if [ -n "$line" ]; then
			center "$line"
			xdotool mousemove "$cx" "$cy" click 1
			wait_dump 'open=struct timer_list .* opened=2$' && ok || bad "a click on tcp_opt.retransmit_timer: $(state)"
			key Escape
			wait_dump 'open=struct tcp_opt .* opened=1$' && ok || bad "Escape did not go back to tcp_opt: $(state)"
		else
			bad "no retransmit_timer in the opened tcp_opt"
		fi
		key Escape
		wait_dump 'open=- .* opened=0$' && ok || bad "Escape did not go back to struct sock: $(state)"
		# a scalar opens nothing
		line=$(grep 'rect .*key=0:field:daddr ' "$DUMP" | head -1)
		center "$line"
		xdotool mousemove "$cx" "$cy" click 1
		sleep 0.5
		wait_dump 'open=- .* opened=0$' && ok || bad "a click on daddr opened something: $(state)"
	else
		bad "no tp_pinfo.af_tcp block in the dump at step 3"
	fi
	key q
	stop
	# the skb view: a click on an sk_buff opens struct sk_buff (6.18 has it)
	launch run --no-anim --step 2 "$SRC/scenarios/skb_rx.lua" || exit 1
	wait_dump 'frame=2 ' || bad "no frame 2: $(state)"
	pane0
	id=$(grep ' key=[0-9]*:[0-9]*:skb ' "$DUMP" | head -1 | sed 's/.* id=\([0-9]*\) .*/\1/')
	line=$(grep "^[0-9]* rect .* id=$id " "$DUMP" | head -1)
	if [ -n "$id" ] && [ -n "$line" ]; then
		center "$line"
		xdotool mousemove "$cx" "$cy"
		wait_dump_all 'click: open struct sk_buff' && ok || bad "the sk_buff's tooltip does not say what a click opens"
		xdotool click 1
		wait_dump 'open=struct sk_buff .* opened=1$' && ok || bad "a click on the sk_buff: $(state)"
		wait_dump_all 'key=0:field:head ' && ok || bad "struct sk_buff's head member is not drawn"
		key Escape
		wait_dump 'open=- .* opened=0$' && ok || bad "Escape did not go back to the skb view: $(state)"
	else
		bad "no sk_buff box in the skb view's dump"
	fi
	key q
	;;
present)
	launch run --present --no-anim "$scenario" || exit 1
	wait_dump "window ${W}x${H} .*present=1" && ok || bad "presentation is not ${W}x${H}: $(state)"
	sleep 0.3
	geometry
	[ "$WX" -eq 0 ] && [ "$WY" -eq 0 ] && [ "$WW" -eq $W ] && [ "$WH" -eq $H ] && ok ||
		bad "the window is ${WW}x${WH}+${WX}+${WY}, not the whole screen"
	shot present
	# the caption bar spans the bottom, edge to edge; the canvas is white
	for x in 2 $((W / 2)) $((W - 3)); do
		p=$(pixel present $x $((H - 4)))
		near "$p" 31,38,48 && ok || bad "caption bar pixel at x=$x is $p"
	done
	p=$(pixel present 3 3)
	near "$p" 255,255,255 && ok || bad "top-left pixel is $p"
	# big type: the caption is at least 26 px at 720 lines
	size=$(grep 'key=scene:caption' "$DUMP" | grep ' text ' | sed -n 's/.*size=\([0-9]*\).*/\1/p' | sort -n | tail -1)
	[ "${size:-0}" -ge 26 ] && ok || bad "caption type is ${size:-?} px"
	grep -q 'key=tab:' "$DUMP" && bad "tabs are on screen in presentation mode" || ok
	key Next
	wait_dump 'frame=2 ' && ok || bad "PageDown in presentation: $(state)"
	key t
	wait_dump 'theme=dark' && ok || bad "T: $(state)"
	sleep 0.3
	shot present-dark
	p=$(pixel present-dark 3 3)
	near "$p" 0,0,0 && ok || bad "dark theme top-left pixel is $p"
	key b
	wait_dump 'blank=1' && ok || bad "B: $(state)"
	sleep 0.3
	shot present-blank
	p=$(pixel present-blank $((W / 2)) $((H - 4)))
	near "$p" 0,0,0 && ok || bad "blank screen pixel is $p"
	key b
	wait_dump 'blank=0' && ok || bad "B again: $(state)"
	# a remote's keys after B bring the picture back and do nothing else
	for k in Next space Right; do
		key b
		wait_dump 'blank=1' || bad "B: $(state)"
		key $k
		wait_dump 'frame=2 .*blank=0' && ok || bad "$k after B: $(state)"
	done
	sleep 0.3
	state | grep -q 'frame=2 ' && ok || bad "a key after B moved the step: $(state)"
	key 3 Return
	wait_dump 'frame=3 ' && ok || bad "3 Enter in presentation: $(state)"
	key Escape
	wait_dump 'present=0' && ok || bad "Escape did not leave presentation: $(state)"
	key q
	;;
reload)
	cp "$scenario" "$work/hot.lua"
	launch run --no-anim "$work/hot.lua" || exit 1
	wait_dump 'frame=1 nframes=7' || bad "no frame"
	key Right Right
	wait_dump 'frame=3 ' && ok || bad "Right Right: $(state)"
	# a script error: the panel names file:line and the source line; the
	# last good frames stay
	echo 'local oops = = 1' >>"$work/hot.lua"
	errline=$(wc -l <"$work/hot.lua")
	if wait_dump_all '"Script error"'; then ok; else bad "no error panel after a bad save"; fi
	grep -Fq "hot.lua:$errline\"" "$DUMP" && ok || bad "the panel does not say hot.lua:$errline"
	grep -Fq '"local oops = = 1"' "$DUMP" && ok || bad "the panel does not show the source line"
	head -1 "$DUMP" | grep -q 'mode=frames frame=3 ' && ok || bad "the last good frames are gone: $(state)"
	shot reload-error
	# fixed, with a changed caption: reloaded at the same step
	sed 's/every socket, even a UNIX one/RELOADED: every socket/' "$scenario" >"$work/hot.new"
	mv "$work/hot.new" "$work/hot.lua"
	if wait_dump_all 'RELOADED'; then ok; else bad "the fixed file was not reloaded"; fi
	head -1 "$DUMP" | grep -q 'frame=3 nframes=7' && ok || bad "reload lost the step: $(state)"
	grep -q '"Script error"' "$DUMP" && bad "the error panel stayed" || ok
	shot reload-fixed
	key q
	;;
expect)
	# a save that breaks an expect(): the badge turns red, the failures are
	# listed with file:line, and standard error says FAIL as `sklab run` does
	cp "$scenario" "$work/hot.lua"
	launch run --no-anim "$work/hot.lua" || exit 1
	wait_dump 'frame=1 nframes=7' || bad "no frame: $(state)"
	wait_dump_all '"✓ 2 expectations pass" id=[0-9]* key=badge:expect' && ok || bad "no passing badge at step 1"
	grep -q 'key=expect:panel' "$DUMP" && bad "failures listed for a run that passes" || ok
	sed 's/expect(sock.size == 812,/expect(sock.size == 813,/' "$scenario" >"$work/hot.new"
	mv "$work/hot.new" "$work/hot.lua"
	line=$(grep -n 'sock.size == 813' "$work/hot.lua" | cut -d: -f1)
	wait_dump_all '"✗ 1 of 2 expectations failed" id=[0-9]* key=badge:expect' && ok || bad "no failing badge after the save"
	grep -q 'key=expect:panel' "$DUMP" && ok || bad "the failures are not listed after the save"
	grep -Fq '"sizeof(struct sock) is 812 with INET and FILTER"' "$DUMP" && ok || bad "the list does not say what failed"
	grep -q "\"[^\"]*hot.lua:$line\" id=[0-9]* key=expect:fail:0" "$DUMP" && ok || bad "the list does not give hot.lua:$line"
	head -1 "$DUMP" | grep -q 'frame=1 nframes=7' && ok || bad "the reload lost the step: $(state)"
	grep -q "^FAIL sizeof(struct sock) is 812 with INET and FILTER (.*hot.lua:$line)" "$work/app.log" && ok ||
		bad "no FAIL line on standard error: $(cat "$work/app.log")"
	grep -q '^sklab: 1 expectation failed' "$work/app.log" && ok || bad "standard error does not count the failure"
	shot expect-failed
	key x
	wait_gone 'key=expect:panel' && ok || bad "X did not hide the list"
	grep -q 'key=badge:expect' "$DUMP" && ok || bad "the badge went with the list"
	key Right
	wait_dump_all '"✓ 2 expectations pass" id=[0-9]* key=badge:expect' && ok || bad "step 2's badge: $(state)"
	key x
	wait_dump_all 'key=expect:panel' && ok || bad "X did not list the failures again"
	key Escape
	wait_gone 'key=expect:panel' && ok || bad "Escape did not close the list"
	kill -0 "$apid" 2>/dev/null && ok || bad "Escape closed the window"
	key q
	;;
zoom)
	# zoom lays the step out again: a member name cut or marked ("a", "b":
	# the key names it) at 100% reads in full at 244%, and the caption bar
	# stays at the bottom of the pane
	xdotool mousemove 0 0
	launch run --no-anim "$SRC/scenarios/cacheline_lookup.lua" || exit 1
	wait_dump 'frame=1 ' || bad "no frame: $(state)"
	pane0
	line=$(grep -E ' text .*"([a-z]{1,2}|[^"]*…)" id=[0-9]* key=0:field:' "$DUMP" | head -1)
	name=${line##*key=0:field:}
	name=${name%% *}
	if [ -n "$line" ]; then
		ok
		rect=$(grep "rect .*key=0:field:$name " "$DUMP" | head -1)
		center "$rect"
		xdotool mousemove "$cx" "$cy"
		key plus plus plus plus
		wait_dump_all '^== pane 0 .*zoom=2.44' && wait_dump_all '^== zoomed 0 ' && ok || bad "no zoomed list: $(state)"
		sed -n '/^== zoomed 0/,/^== overlay/p' "$DUMP" | grep -Eq " text .*\"$name\" id=[0-9]+ key=0:field:$name( |\$)" && ok ||
			bad "$name (cut at 100%) is still cut at 244%"
		shot zoom
		geometry
		p=$(pixel zoom $((WX + 4)) $((WY + WH - 4)))
		near "$p" 31,38,48 && ok || bad "no caption bar at the bottom when zoomed (pixel $p)"
		for i in 1 2 3 4 5 6 7 8 9 10; do key shift+Down; done
		sleep 0.5
		shot zoom-panned
		p=$(pixel zoom-panned $((WX + 4)) $((WY + WH - 4)))
		near "$p" 31,38,48 && ok || bad "the caption bar scrolled away with the picture (pixel $p)"
		key 0
		wait_gone '^== zoomed 0 ' && ok || bad "0 did not reset the zoom"
	else
		bad "no member name cut or marked at 100% in cacheline_lookup.lua step 1"
	fi
	# the tooltip follows the pointer and goes when the step changes under it
	pane0
	rect=$(grep 'rect .*key=0:field:daddr ' "$DUMP" | head -1)
	center "$rect"
	xdotool mousemove "$cx" "$cy"
	wait_dump '^hover daddr' && ok || bad "hovering daddr: $(sed -n 3p "$DUMP")"
	tipx() { sed -n '/^== overlay/,$p' "$DUMP" | grep 'rect .*fill=#1f2630ff stroke=#4a525cff' | head -1 | awk '{print $3}'; }
	x0=$(tipx)
	xdotool mousemove $((cx + 6)) "$cy"
	t=0
	while [ $t -lt 50 ] && [ "$(tipx)" = "$x0" ]; do sleep 0.1; t=$((t + 1)); done
	x1=$(tipx)
	[ -n "$x0" ] && [ -n "$x1" ] && awk -v a="$x0" -v b="$x1" 'BEGIN { d = b - a; exit !(d > 5 && d < 7) }' && ok ||
		bad "the tooltip did not follow the pointer ($x0 -> $x1)"
	key Right
	wait_dump 'frame=2 ' || bad "Right: $(state)"
	wait_dump '^hover $' && ok || bad "the tooltip stayed after the step changed: $(sed -n 3p "$DUMP")"
	key q
	;;
quit)
	# Q takes the window off the screen at once (the rest of the teardown
	# happens unseen), windowed and presenting
	for mode in --no-anim --present; do
		launch run --no-anim $mode "$scenario" || exit 1
		wait_dump 'frame=1 ' || bad "no frame: $(state)"
		sleep 0.5
		t0=$(date +%s%N)
		key q
		gone=""
		t=0
		while [ $t -lt 250 ]; do
			if ! xwininfo -id "$WID" 2>/dev/null | grep -q 'IsViewable'; then
				gone=$((($(date +%s%N) - t0) / 1000000))
				break
			fi
			sleep 0.02
			t=$((t + 1))
		done
		t=0
		while kill -0 "$apid" 2>/dev/null && [ $t -lt 150 ]; do sleep 0.02; t=$((t + 1)); done
		ended=$((($(date +%s%N) - t0) / 1000000))
		echo "quit ($mode): window off the screen after ${gone:-?} ms, sklab ended after $ended ms"
		[ -n "$gone" ] && [ "$gone" -le 1000 ] && ok || bad "the window stayed on the screen for more than 1 s after Q ($mode)"
		stop
	done
	;;
limits)
	# the window runs scenarios with the run's limits: an endless loop ends
	# at --timeout with its error on screen, and the window stays open
	printf 'scenario { title = "t", goal = "g", profile = "linux-6.18-x86_64" }\nwhile true do end\n' \
		>"$work/forever.lua"
	launch run --no-anim --timeout 2 --max-instructions 1000000000000 "$work/forever.lua" || exit 1
	wait_dump_all 'forever.lua:2: time limit of 2 s exceeded|time limit of 2 s exceeded' && ok ||
		bad "no time-limit error in the window: $(state)"
	grep -q 'mode=page' "$DUMP" && ok || bad "the error page is not shown: $(state)"
	kill -0 "$apid" 2>/dev/null && ok || bad "the window closed"
	key q
	;;
*)
	echo "unknown case $CASE"
	exit 2
	;;
esac

t=0
# up to 15 s: a sanitized sklab checks the whole heap for leaks on its way out
while [ -n "$apid" ] && kill -0 "$apid" 2>/dev/null && [ $t -lt 150 ]; do sleep 0.1; t=$((t + 1)); done
if [ -n "$apid" ] && kill -0 "$apid" 2>/dev/null; then
	bad "Q did not quit"
fi
stop
echo "window.$CASE: $passed passed, $failed failed"
[ $failed -eq 0 ]
