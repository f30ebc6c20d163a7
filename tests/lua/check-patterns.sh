#!/bin/sh
# check-patterns.sh SKLAB CASES - runs the pattern cases under sklab and
# under the stock lua5.4 interpreter and compares what they print. Skips
# (77) when lua5.4 is missing.
set -u
SKLAB=$1
CASES=$2
if ! command -v lua5.4 >/dev/null 2>&1; then
	echo "SKIP: lua5.4 is not installed (Debian: lua5.4)"
	exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lua5.4 "$CASES" >"$work/lua.txt" 2>&1 || { echo "lua5.4 failed:"; cat "$work/lua.txt"; exit 1; }
"$SKLAB" run --headless "$CASES" >"$work/all.txt" 2>&1 || { echo "sklab failed:"; tail -20 "$work/all.txt"; exit 1; }
# sklab prints the scenario's lines, then its report: keep as many lines as Lua printed
n=$(wc -l <"$work/lua.txt")
head -n "$n" "$work/all.txt" >"$work/sklab.txt"
if ! cmp -s "$work/lua.txt" "$work/sklab.txt"; then
	echo "sklab's patterns differ from Lua's:"
	diff "$work/lua.txt" "$work/sklab.txt" | head -40
	exit 1
fi
echo "patterns: $n results agree with lua5.4"
