#!/bin/sh
# check-outputs.sh SKLAB CHECK_OUTPUT DIR - the output policy under attack
# (docs/limits.md, "Outputs"): scenario text with control characters,
# ANSI escapes, bytes that are not UTF-8 and NUL bytes; stale frames;
# captures over a directory; two outputs that are one file; a FIFO, a
# directory or /dev/full as --report or --pcap; writes that fail. Each case
# below runs the real `sklab run --headless` with the DEFAULT limits under
# `timeout` 15 s and a 1 GiB cap on address space (left out in sanitizer
# builds), in a directory of its own, and must:
#   - end by itself, with no signal; "fail" cases with a non-zero status
#     and a line of stderr holding the expected text and naming the file;
#     "ok" cases with status 0
#   - print nothing on stdout or stderr that a terminal would obey
#     (check_output text: valid UTF-8, no control character but tab, LF)
#   - leave no temporary (*.tmp.*) beside any output
#   - pass the case's own check of what it wrote (SVG well-formed, JSON
#     valid, files kept or removed).
# SKLAB_FAIL_WRITES (outfile.h) injects a full disk for one file's writes.
set -u
SKLAB=$1
CHECK=$2
DIR=$(cd "$3" && pwd)
. "$(dirname "$0")/../lib.sh"

# case NAME ok|fail SCENARIO SETUP ARGS EXPECT NAMES CHECK [ENV]
#   SETUP and CHECK are shell run in the case's directory (out/ is the
#   frames directory); EXPECT is a text stderr must hold (fail cases);
#   NAMES is the file the message must name ("" for ok cases); ENV is
#   VAR=VALUE for the run (SKLAB_FAIL_WRITES).
case_() {
	name=$1 want=$2 scen=$DIR/$3 setup=$4 args=$5 expect=$6 names=$7 check=$8 envs=${9:-SKLAB_FAIL_WRITES=}
	d="$work/$name"
	mkdir -p "$d"
	(cd "$d" && eval "$setup") || {
		bad "$name: setup failed"
		return
	}
	# shellcheck disable=SC2086 # args is a list of options
	(
		ulimit -v "$memcap" 2>/dev/null
		cd "$d" && eval "exec env \"\$envs\" timeout -k 5 15 \"\$SKLAB\" run --headless $args \"\$scen\""
	) >"$d/stdout" 2>"$d/stderr" </dev/null
	rc=$?
	ended "$name" "$rc" "$want" "$d/stderr" || return
	if [ "$want" = fail ] && ! grep -F -- "$expect" "$d/stderr" | grep -qF -- "$names"; then
		bad "$name: no line of stderr holds '$expect' and names '$names':"
		cat "$d/stderr"
	elif ! "$CHECK" text "$d/stdout" "$d/stderr"; then
		bad "$name: the terminal output holds control characters"
	elif find "$d" -name '*.tmp.*' | grep -q .; then
		bad "$name: temporary files remain: $(find "$d" -name '*.tmp.*')"
	elif ! (cd "$d" && eval "$check"); then
		bad "$name: the check of its output failed: $check"
		cat "$d/stderr"
	else
		ok
	fi
}

# ---- scenario text: every output stays valid ----------------------------------
case_ fields_svg ok all_fields.lua "" "--frames out --format svg --report r.json" "" "" \
	'"$CHECK" xml out/frame-*.svg && "$CHECK" json r.json && "$CHECK" text out/report.txt && [ $(ls out/*.svg | wc -l) -eq 5 ]'
case_ fields_png ok all_fields.lua "" "--frames out --report r.json" "" "" \
	'"$CHECK" json r.json && "$CHECK" text out/report.txt && [ $(ls out/*.png | wc -l) -eq 5 ]'
case_ invalid_utf8 ok invalid_utf8.lua "" "--frames out --format svg --report r.json" "" "" \
	'"$CHECK" xml out/frame-001.svg && "$CHECK" json r.json && "$CHECK" text out/report.txt && grep -q "\\\\xc0\\\\x80" out/report.txt'
case_ ansi_error fail ansi_error.lua "" "--frames out --format svg --report r.json" "boom" "ansi_error.lua" \
	'grep -q "\\\\x1b\\]0;owned\\\\x07" stderr && "$CHECK" xml out/frame-001.svg && "$CHECK" json r.json'
case_ ansi_expect fail ansi_expect.lua "" "--quiet --report r.json" "faked pass" "ansi_expect.lua" \
	'grep -q "^FAIL \\\\x1b\\[2J" stderr && "$CHECK" json r.json'

# ---- NUL bytes: refused, naming file:line ---------------------------------------
for n in caption print expect title panel mark series error; do
	want=$(sed -n 's/^-- expect: //p' "$DIR/nul_$n.lua")
	case_ "nul_$n" fail "nul_$n.lua" "" "--frames out" "$want" "nul_$n.lua:" 'true'
done

# ---- stale frames: this run's naming pattern only --------------------------------
case_ stale_frames ok two_steps.lua \
	'mkdir out && for f in frame-003.png frame-004.png frame-005.png frame-3.png frame-0005.png frame-006.svg notes.txt; do echo old >out/$f; done' \
	"--quiet --frames out" "" "" \
	'[ -f out/frame-001.png ] && [ -f out/frame-002.png ] && ! [ -e out/frame-003.png ] && ! [ -e out/frame-004.png ] && ! [ -e out/frame-005.png ] && [ -f out/frame-3.png ] && [ -f out/frame-0005.png ] && [ -f out/frame-006.svg ] && [ -f out/notes.txt ]'

# ---- captures: over a directory, two spellings of one file -----------------------
case_ pcap_over_dir fail pcap_named.lua 'mkdir -p out/a.pcap' "--quiet --frames out" \
	"cannot write a.pcap: it is a directory" "pcap_named.lua:6" '[ -d out/a.pcap ]'
case_ pcap_two_spellings fail pcap_x.lua 'mkdir out' "--quiet --frames out --pcap ./out/x.pcap" \
	"is the --pcap file ./out/x.pcap" "pcap_x.lua:6" 'true'
case_ pcap_over_dir_cli fail two_steps.lua 'mkdir c.pcap' "--quiet --pcap c.pcap" \
	"cannot write the capture 'c.pcap'" "c.pcap" '[ -d c.pcap ]'
case_ pcap_devfull fail pcap_x.lua '' "--quiet --pcap /dev/full" \
	"the capture: cannot write /dev/full: No space left on device" "/dev/full" 'true'

# ---- two outputs that are one file -----------------------------------------------
case_ report_is_pcap fail two_steps.lua 'mkdir o' "--quiet --report o/r.x --pcap ./o//r.x" \
	"are the same file" "o/r.x" '! [ -e o/r.x ]'
case_ report_is_report_txt fail two_steps.lua 'mkdir out' "--quiet --frames out --report ./out/report.txt" \
	"is the report.txt that --frames out writes" "./out/report.txt" 'true'
case_ report_is_frame fail two_steps.lua 'mkdir out && ln -s out same' "--quiet --frames out --report same/frame-002.png" \
	"is a frame that --frames out writes" "same/frame-002.png" 'true'

# ---- special files: written in place or refused ----------------------------------
case_ report_fifo_no_reader fail two_steps.lua 'mkfifo f' "--quiet --report f" \
	"cannot write f: a FIFO with no reader" "f" '[ -p f ]'
case_ report_fifo ok two_steps.lua 'mkfifo f && (cat f >got &) && sleep 0.3' "--quiet --report f" "" "" \
	'sleep 0.3; [ -p f ] && "$CHECK" json got'
case_ report_devnull ok two_steps.lua '' "--quiet --report /dev/null" "" "" '[ -c /dev/null ]'
case_ report_devfull fail two_steps.lua '' "--quiet --report /dev/full" \
	"cannot write /dev/full: No space left on device" "/dev/full" 'true'
case_ report_dir fail two_steps.lua 'mkdir d' "--quiet --report d" "cannot write d: it is a directory" "d" '[ -d d ]'

# ---- writes that fail: nothing truncated put in place, an error naming the file ---
case_ full_png fail two_steps.lua '' "--quiet --frames out" "cannot write out/frame-002.png: No space left on device" \
	"out/frame-002.png" '[ -f out/frame-001.png ] && ! [ -e out/frame-002.png ]' SKLAB_FAIL_WRITES=frame-002
case_ full_svg fail two_steps.lua '' "--quiet --frames out --format svg" \
	"cannot write out/frame-001.svg: No space left on device" "out/frame-001.svg" '! [ -e out/frame-001.svg ]' SKLAB_FAIL_WRITES=frame-001
case_ full_step fail two_steps.lua '' "--quiet --frames out --step 2" \
	"cannot write out/frame-002.png: No space left on device" "out/frame-002.png" '! [ -e out/frame-002.png ]' SKLAB_FAIL_WRITES=frame-002
case_ full_report_txt fail two_steps.lua 'mkdir out && echo old >out/report.txt' "--quiet --frames out" \
	"cannot write out/report.txt: No space left on device" "out/report.txt" '[ "$(cat out/report.txt)" = old ]' SKLAB_FAIL_WRITES=report.txt
case_ full_json fail two_steps.lua 'echo old >r.json' "--quiet --report r.json" \
	"cannot write r.json: No space left on device" "r.json" '[ "$(cat r.json)" = old ]' SKLAB_FAIL_WRITES=r.json
case_ full_named_pcap fail pcap_named.lua '' "--quiet --frames out" \
	"cannot write out/a.pcap: No space left on device" "out/a.pcap" '! [ -e out/a.pcap ]' SKLAB_FAIL_WRITES=a.pcap

summary "hostile outputs"
