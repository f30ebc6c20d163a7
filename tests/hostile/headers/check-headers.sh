#!/bin/sh
# check-headers.sh SKLAB GEN_HOSTILE DIR - runs every case of DIR/cases.list
# (hostile C headers, BTF files and whatif edits) through the real sklab
# CLI at its default limits and checks that each ends as it must: a
# non-zero status that is neither a signal nor the guard's timeout, within
# 15 s and 1 GiB of address space, with the expected message and the place
# it names (file:line for headers, the BTF type id, the edit). GEN_HOSTILE
# first writes the generated inputs (gen/...). See cases.list for its form.
set -u
SKLAB=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
GEN=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
DIR=$(cd "$3" && pwd)
# the bar of untrusted input: 15 s and 1 GiB at the default limits
secs=15
. "$(dirname "$0")/../lib.sh"

mkdir "$work/gen"
if ! "$GEN" "$work/gen"; then
	echo "FAIL: $GEN could not write the generated inputs"
	exit 1
fi

# a FIFO no one writes: opening it to read would wait for ever
mkfifo "$work/fifo" || exit 1

trim() { printf '%s' "$1" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//'; }

while IFS='|' read -r name input where want args; do
	case "$name" in '#'* | '') continue ;; esac
	name=$(trim "$name")
	input=$(trim "$input")
	where=$(trim "$where")
	want=$(trim "$want")
	args=$(trim "$args")
	case "$input" in
	-) path= ;;
	gen) path="$work/gen" ;;
	fifo) path="$work/fifo" ;;
	gen/*) path="$work/$input" ;;
	*) path="$DIR/$input" ;;
	esac
	base=$(basename "${path:-none}")
	where=$(printf '%s' "$where" | sed "s|%n|$base|g")
	args=$(printf '%s' "$args" | sed "s|%f|$path|g")
	start=$(date +%s)
	(
		ulimit -v "$memcap" 2>/dev/null
		cd "$work" && eval "exec timeout -k 5 $secs \"\$SKLAB\" $args"
	) >"$work/stdout" 2>"$work/stderr" </dev/null
	rc=$?
	took=$(($(date +%s) - start))
	ended "$name" "$rc" fail "$work/stderr" || continue
	holds "$name" "$work/stderr" "$want" || continue
	if ! grep -qE -- "$where" "$work/stderr"; then
		bad "$name: the message does not name where ('$where'):"
		cat "$work/stderr"
	else
		echo "ok $name (${took}s)"
		ok
	fi
done <"$DIR/cases.list"

summary "hostile headers"
