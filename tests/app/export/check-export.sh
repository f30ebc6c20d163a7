#!/bin/sh
# check-export.sh CASE SKLAB SRCDIR - `sklab export --html` as a user runs it.
# CASE is one of:
#   handout   the file: one picture and one caption per step of the run that
#             `sklab run --headless` makes, the header and the expectation
#             results, no external URL, fonts embedded, the same bytes every
#             time; failed expectations shown and in the exit status; errors
#             as one line with no file (or temporary) left behind
#   chromium  the page in headless Chromium: #step-N opens step N; arrow keys,
#             PageUp/PageDown, Space, Home and End step it and keep the hash
#             in sync; a new hash moves it; both embedded fonts load; printing
#             gives a page per step. Exits 77 (skipped) when chromium is missing.
set -u
CASE=$1
SKLAB=$2
SRC=$3
SCEN=$SRC/scenarios/sock_2001_layout.lua

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 1' INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
finish() {
	echo "export.$CASE: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit $?
}

# the number of steps of the run, from `sklab run --headless`
"$SKLAB" run --headless --quiet --frames "$work/frames" --format svg "$SCEN" >/dev/null 2>&1 ||
	bad "sklab run --headless failed"
nsteps=$(ls "$work/frames" | grep -c '^frame-[0-9]*\.svg$')
[ "$nsteps" -ge 4 ] || bad "the run has $nsteps steps; the checks below need at least 4"

H=$work/handout.html
"$SKLAB" export --html "$H" "$SCEN" >"$work/out" 2>"$work/err"
rc=$?
[ "$rc" -eq 0 ] && ok || { bad "sklab export exited $rc:"; cat "$work/err"; }
[ -s "$H" ] || { bad "no handout written"; finish; }

case $CASE in
handout)
	# one picture, one section and one caption per step
	count() { grep -o "$1" "$H" | wc -l | tr -d ' '; }
	[ "$(count '<svg ')" = "$nsteps" ] && ok || bad "$(count '<svg ') <svg> for $nsteps steps"
	[ "$(count '</svg>')" = "$nsteps" ] && ok || bad "$(count '</svg>') </svg> for $nsteps steps"
	[ "$(count '<section class="step"')" = "$nsteps" ] && ok || bad "step sections differ from $nsteps"
	[ "$(count '<html')" = 1 ] && [ "$(count '</html>')" = 1 ] && [ "$(count '<body>')" = 1 ] &&
		[ "$(count '</body>')" = 1 ] && [ "$(count '<script>')" = 1 ] && [ "$(count '</script>')" = 1 ] &&
		ok || bad "not one html, body and script element"
	head -1 "$H" | grep -q '^<!DOCTYPE html>$' && ok || bad "no doctype"
	grep -q '<meta charset="utf-8">' "$H" && ok || bad "no charset"
	# every caption of the run's report, escaped as HTML, with its counter
	esc() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g'; }
	sed -n 's|^step \([0-9]*\)/\([0-9]*\): \(.*\)$|\1 \2 \3|p' "$work/frames/report.txt" >"$work/captions"
	[ "$(wc -l <"$work/captions" | tr -d ' ')" = "$nsteps" ] || bad "report.txt does not list $nsteps steps"
	while read -r i n cap; do
		want="<span class=\"count\">step $i of $n</span>$(printf '%s' "$cap" | esc)</p>"
		grep -qF -- "$want" "$H" && ok || bad "caption of step $i missing: $want"
	done <"$work/captions"
	# the header and the results
	grep -q '<h1>One fat struct sock (Linux 2.4.16, December 2001)</h1>' "$H" && ok || bad "no title"
	grep -q 'profile linux-2.4.16-i386' "$H" && ok || bad "no profile"
	grep -q '<p class="goal">See what every 2.4 socket carries' "$H" && ok || bad "no goal"
	nexp=$(grep -c '^pass ' "$work/frames/report.txt")
	[ "$(count '<li class="pass">pass ')" = "$nexp" ] && ok || bad "not $nexp passed expectations"
	grep -q "$nexp of $nexp expectations passed" "$H" && ok || bad "no expectation total"
	# self-contained: no URL but the SVG namespace, nothing loaded from elsewhere
	grep -o 'http[^" )]*' "$H" | grep -v '^http://www\.w3\.org/2000/svg$' >"$work/urls"
	[ -s "$work/urls" ] && bad "external URLs: $(sort -u "$work/urls" | head -3)" || ok
	grep -Eiq '<(link|img|iframe|object|embed)[ >]|<script [^>]*src|(src|href)="' "$H" &&
		bad "something is loaded from elsewhere" || ok
	grep -o 'url([^)]\{0,30\}' "$H" | grep -v '^url(data:font/ttf;base64,' | grep -v '^url(#s[0-9]*-hatch' \
		>"$work/urls"
	[ -s "$work/urls" ] && bad "url() that is neither the font nor a pattern: $(head -1 "$work/urls")" || ok
	[ "$(count '@font-face')" = 2 ] && ok || bad "not two embedded font faces"
	# pattern ids are unique in the page (every SVG has its own)
	[ -z "$(grep -o 'id="[^"]*"' "$H" | sort | uniq -d)" ] && ok || bad "duplicate ids"
	# deterministic: the same bytes again, from another directory by another path
	(cd "$SRC/scenarios" && "$SKLAB" export --html "$work/again.html" sock_2001_layout.lua 2>/dev/null)
	cmp -s "$H" "$work/again.html" && ok || bad "two exports differ"
	size=$(wc -c <"$H" | tr -d ' ')
	echo "handout: $nsteps steps, $size bytes"
	[ "$size" -lt 4000000 ] && ok || bad "the handout is $size bytes"
	grep -q "wrote $nsteps steps ($size bytes) to $H" "$work/err" && ok || bad "no summary line"

	# a failed expectation: the handout shows it, the exit status says it
	cat >"$work/fail.lua" <<'LUA'
scenario { title = "A <failing> & one", goal = "fails", profile = "linux-2.4.16-i386" }
local t = sklab.layouts("linux-2.4.16", { profile = "linux-2.4.16-i386", config = { "CONFIG_INET" } })
scene.show(t.sock)
scene.step("first")
expect(t.sock.size == 1, "the sock is one byte")
scene.step("second")
LUA
	"$SKLAB" export --html "$work/fail.html" "$work/fail.lua" >/dev/null 2>"$work/err"
	rc=$?
	[ "$rc" -eq 1 ] && ok || bad "a failed expectation exits $rc, not 1"
	grep -q '<li class="fail">FAIL the sock is one byte (fail.lua:5)</li>' "$work/fail.html" && ok ||
		bad "the failed expectation is not in the handout"
	grep -q '<h1>A &lt;failing&gt; &amp; one</h1>' "$work/fail.html" && ok || bad "the title is not escaped"
	grep -q '1 expectation failed' "$work/err" && ok || bad "no failure count on stderr"
	"$SKLAB" export --html "$work/t.html" --title 'Week 3' "$work/fail.lua" >/dev/null 2>&1
	grep -q '<title>Week 3</title>' "$work/t.html" && ok || bad "--title"

	# errors: one line, non-zero, no handout and no temporary left
	printf 'scenario { title = "x", goal = "y", profile = "linux-2.4.16-i386" }\nlocal x = nil + 1\n' \
		>"$work/err.lua"
	expect_fail() {
		want=$1; shift
		"$SKLAB" export "$@" >/dev/null 2>"$work/err"
		got=$?
		if [ "$got" -ne "$want" ]; then
			bad "sklab export $*: exit $got, wanted $want"
		elif [ "$(wc -l <"$work/err" | tr -d ' ')" -ne 1 ]; then
			bad "sklab export $*: not one line on stderr:"; cat "$work/err"
		else
			ok
		fi
	}
	expect_fail 1 --html "$work/e.html" "$work/err.lua"
	grep -q 'err.lua:2' "$work/err" && ok || bad "the script error does not say where"
	[ ! -e "$work/e.html" ] && ok || bad "a handout written for a failing script"
	expect_fail 1 --html "$work/no/such/dir.html" "$SCEN"
	expect_fail 1 --html "$work" "$SCEN"
	expect_fail 1 --html "$work/m.html" "$work/missing.lua"
	expect_fail 2 "$SCEN"
	expect_fail 2 --html "$work/x.html"
	expect_fail 2 --html "$work/x.html" --size 10x10 "$SCEN"
	expect_fail 2 --html "$work/x.html" --bogus "$SCEN"
	ls -a "$work" | grep -q '\.tmp\.' && bad "a temporary file was left" || ok
	"$SKLAB" export --help | grep -q -- '--html FILE' && ok || bad "export --help"
	"$SKLAB" --help | grep -q 'export --html' && ok || bad "sklab --help does not list export"
	;;

chromium)
	chrome=
	for c in chromium chromium-browser; do
		if command -v "$c" >/dev/null 2>&1; then
			chrome=$c
			break
		fi
	done
	if [ -z "$chrome" ]; then
		echo "SKIP: chromium is not installed (Debian: apt-get install chromium)"
		exit 77
	fi
	command -v timeout >/dev/null 2>&1 || { echo "SKIP: no timeout(1)"; exit 77; }
	# a private profile and home, no GPU, no sandbox (CI runs as root)
	mkdir -p "$work/home"
	browse() {
		HOME=$work/home timeout 120 "$chrome" --headless --disable-gpu --no-sandbox --no-first-run \
			--user-data-dir="$work/home/profile" --virtual-time-budget=5000 "$@" 2>>"$work/chrome.log"
	}

	# #step-3 opens step 3, and only step 3 is shown
	browse --dump-dom "file://$H#step-3" >"$work/dom3.html"
	if ! grep -q '<body' "$work/dom3.html"; then
		bad "chromium dumped no DOM:"; tail -5 "$work/chrome.log"; finish
	fi
	grep -q '<body data-step="3">' "$work/dom3.html" && ok || bad "#step-3 does not show step 3"
	[ "$(grep -o 'class="step current"' "$work/dom3.html" | wc -l | tr -d ' ')" = 1 ] && ok ||
		bad "not one current step"
	grep -q '<section class="step current" data-n="3">' "$work/dom3.html" && ok || bad "step 3 is not current"
	grep -q '<span id="where">step 3 of '"$nsteps"'</span>' "$work/dom3.html" && ok || bad "no step counter"

	# keys and hash, driven from a page that holds the handout in a frame
	cp "$SRC/tests/app/export/stepper.html" "$work/stepper.html"
	browse --allow-file-access-from-files --dump-dom "file://$work/stepper.html" >"$work/dom.html"
	got=$(sed -n 's|.*<pre id="out">result: \(.*\) :end</pre>.*|\1|p' "$work/dom.html")
	n=$nsteps
	want="load=2/2/#step-2 ArrowRight=3/3/#step-3 ArrowRight=4/4/#step-4 ArrowLeft=3/3/#step-3"
	want="$want End=$n/$n/#step-$n ArrowRight=$n/$n/#step-$n PageUp=$((n - 1))/$((n - 1))/#step-$((n - 1))"
	want="$want Home=1/1/#step-1 ArrowLeft=1/1/#step-1 PageDown=2/2/#step-2 Space=3/3/#step-3"
	want="$want hash=4/4/#step-4 fonts=normal:loaded,bold:loaded"
	if [ "$got" = "$want" ]; then
		ok
	else
		bad "stepping in chromium:"
		echo "  got:    $got"
		echo "  wanted: $want"
	fi

	# a picture of step 2, and printing: a page per step (and the results)
	browse --hide-scrollbars --window-size=1280,900 --screenshot="$work/step2.png" "file://$H#step-2" >/dev/null
	[ "$(wc -c <"$work/step2.png" 2>/dev/null || echo 0)" -gt 20000 ] && ok || bad "no screenshot"
	browse --no-pdf-header-footer --print-to-pdf="$work/handout.pdf" "file://$H" >/dev/null
	pages=$(grep -a -o '/Type */Pages[^>]*/Count [0-9]*' "$work/handout.pdf" | sed 's/.*Count //' | head -1)
	[ -z "$pages" ] && pages=$(grep -a -o '/Count [0-9]*' "$work/handout.pdf" | sed 's/.*Count //' | sort -n |
		tail -1)
	if [ -z "$pages" ]; then
		echo "note: the PDF's page count cannot be read; printing not checked"
	elif [ "$pages" -ge "$nsteps" ] && [ "$pages" -le $((nsteps + 2)) ]; then
		ok
	else
		bad "printing gives $pages pages for $nsteps steps"
	fi
	;;
*)
	echo "unknown case $CASE"
	exit 2
	;;
esac
finish
