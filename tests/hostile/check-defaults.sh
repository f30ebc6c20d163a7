#!/bin/sh
# check-defaults.sh SKLAB RUNCAP DIR... - every hostile scenario of the
# groups, now at sklab's DEFAULT limits (its -- args without their --max-*
# and --timeout options): each must end within 15 s and 1 GiB of peak
# memory (runcap), with a non-zero status that is no signal and a message
# naming the scenario file. What check-hostile.sh checks at lowered limits
# (each case's own message) holds here too, but the figures in the
# messages are the defaults', so only the file is checked. Two cases run
# at a time. A case whose header says "-- at-defaults: ok" tests a limit the
# defaults leave room for: there it must succeed, in the same bounds.
set -u
if [ "${1:-}" = "--one" ]; then
	SKLAB=$2 RUNCAP=$3 f=$4 work=$5
	name=$(basename "$f" .lua)
	args=$(sed -n 's/^-- args: //p' "$f" | head -1 |
		sed -E 's/--(max-[a-z]+|timeout) [^ ]+//g')
	mkdir -p "$work/$name"
	# shellcheck disable=SC2086 # args is a list of options
	(cd "$work/$name" && exec "$RUNCAP" 15 1024 "$SKLAB" run --headless --quiet --frames out $args "$f") \
		>"$work/$name/stdout" 2>"$work/$name/stderr" </dev/null
	rc=$?
	if grep -q '^-- at-defaults: ok' "$f"; then
		if [ "$rc" -ne 0 ]; then
			echo "FAIL: $name: status $rc at the defaults, which leave it room:"
			cat "$work/$name/stderr"
		else
			echo "ok: $name"
		fi
	elif [ "$rc" -eq 124 ] || [ "$rc" -eq 125 ] || [ "$rc" -ge 128 ]; then
		echo "FAIL: $name: $(grep runcap: "$work/$name/stderr")"
	elif [ "$rc" -eq 0 ]; then
		echo "FAIL: $name: exit status 0 at the defaults, wanted an error"
	elif ! grep -q "$name.lua" "$work/$name/stderr"; then
		echo "FAIL: $name: the message does not name the scenario file:"
		cat "$work/$name/stderr"
	else
		echo "ok: $name"
	fi
	exit 0
fi
SKLAB=$1
RUNCAP=$2
shift 2
# sanitizer builds run several times slower and take more memory: the
# bounds are the release build's (the lowered-limit checks still run there)
if ldd "$SKLAB" 2>/dev/null | grep -q 'libasan\|libtsan\|libubsan'; then
	echo "hostile at the defaults: skipped in a sanitizer build"
	exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
for d in "$@"; do
	for f in "$(cd "$d" && pwd)"/*.lua; do
		echo "$f"
	done
done | xargs -P 2 -I{} sh "$0" --one "$SKLAB" "$RUNCAP" {} "$work" >"$work/results"
passed=$(grep -c '^ok:' "$work/results")
failed=$(grep -c '^FAIL:' "$work/results")
grep -v '^ok:' "$work/results"
echo "hostile at the defaults: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
