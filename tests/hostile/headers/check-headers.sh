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
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# the issue's bar: 15 s and 1 GiB at the default limits
secs=15
memcap=1048576
if ldd "$SKLAB" 2>/dev/null | grep -q 'libasan\|libtsan'; then
	memcap=unlimited
fi

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
	if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		bad "$name: still running after $secs s"
	elif [ "$rc" -ge 128 ]; then
		bad "$name: killed by signal $((rc - 128))"
		cat "$work/stderr"
	elif [ "$rc" -eq 0 ]; then
		bad "$name: exit status 0, wanted an error"
	elif ! grep -qF -- "$want" "$work/stderr"; then
		bad "$name: stderr lacks '$want':"
		cat "$work/stderr"
	elif ! grep -qE -- "$where" "$work/stderr"; then
		bad "$name: the message does not name where ('$where'):"
		cat "$work/stderr"
	else
		echo "ok $name (${took}s)"
		ok
	fi
done <"$DIR/cases.list"

echo "hostile headers: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
