#!/bin/sh
# check-budget.sh SKLAB DIR - the memory budget and the time limit of
# pictures at the DEFAULT limits (only --timeout 10 is given, the default
# to be): every DIR/*.lua through `sklab run --headless --frames` (or
# `sklab export` with "-- command: export"), and every line of
# DIR/cli-cases.txt (EXPECT|ARGUMENTS, a trace added last). Each must end
# with a non-zero status that is no signal, within 15 s, with its message
# naming the input file, and (when GNU time is there) with at most 1 GiB
# of resident memory. Headers as in check-hostile.sh:
#   -- expect: TEXT    -- args: OPTIONS    -- command: export
set -u
SKLAB=$1
DIR=$(cd "$2" && pwd)
. "$(dirname "$0")/../lib.sh"
maxkib=1048576
gtime=
if [ -x /usr/bin/time ] && /usr/bin/time -f %M true >/dev/null 2>&1; then
	gtime=/usr/bin/time
fi
if ldd "$SKLAB" 2>/dev/null | grep -q 'libasan\|libtsan'; then
	maxkib= # sanitizers take memory of their own
fi

# check NAME FILE WANT: the run's status in $rc, its stderr in $work/stderr
check() {
	ended "$1" "$rc" fail "$work/stderr" || return
	holds "$1" "$work/stderr" "$3" || return
	holds "$1" "$work/stderr" "$2" "the name $2" || return
	if [ -n "$gtime" ] && [ -n "$maxkib" ] && [ "$(tail -1 "$work/rss")" -gt "$maxkib" ]; then
		bad "$1: $(tail -1 "$work/rss") KiB resident, more than 1 GiB"
	else
		ok
	fi
}

# run ARGS...: the program under timeout (and GNU time), from $work
run() {
	# shellcheck disable=SC2086
	if [ -n "$gtime" ]; then
		(cd "$work" && exec $gtime -o "$work/rss" -f %M timeout -k 5 15 "$SKLAB" "$@") \
			>"$work/stdout" 2>"$work/stderr" </dev/null
	else
		(cd "$work" && exec timeout -k 5 15 "$SKLAB" "$@") >"$work/stdout" 2>"$work/stderr" </dev/null
	fi
	rc=$?
}

for f in "$DIR"/*.lua; do
	name=$(basename "$f" .lua)
	want=$(sed -n 's/^-- expect: //p' "$f" | head -1)
	args=$(sed -n 's/^-- args: //p' "$f" | head -1)
	cmd=$(sed -n 's/^-- command: //p' "$f" | head -1)
	if [ -z "$want" ]; then
		bad "$name: no '-- expect:' line"
		continue
	fi
	# shellcheck disable=SC2086 # args is a list of options
	if [ "$cmd" = export ]; then
		run export --timeout 10 --html "$work/$name.html" $args "$f"
	else
		run run --headless --quiet --frames "$work/out-$name" --timeout 10 $args "$f"
	fi
	check "$name" "$name.lua" "$want"
	if ls "$work/out-$name" 2>/dev/null | grep -q '\.tmp\.'; then
		bad "$name: temporary files remain in the output directory"
	fi
done

printf '0 1000\n1 2000\n' >"$work/trace.din"
while IFS='|' read -r want args; do
	case $want in '#'* | '') continue ;; esac
	# shellcheck disable=SC2086
	run $args "$work/trace.din"
	check "$args" trace.din "$want"
done <"$DIR/cli-cases.txt"

summary "hostile $(basename "$DIR")"
