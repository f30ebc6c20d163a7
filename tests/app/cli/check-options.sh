#!/bin/sh
# check-options.sh SKLAB - the rules every command's arguments follow
# (src/app/opts.c): options and arguments in any order, "--name VALUE" and
# "--name=VALUE", "--" ends the options, a long option is spelled out in
# full, a missing value and an unknown option are one line and status 2,
# and each command's --help lists every option of its table.
set -u
SKLAB=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# same OUT ARGS...: sklab ARGS prints what sklab layout linux-2.4.16/sock --cacheline 64 does
"$SKLAB" layout --cacheline 64 linux-2.4.16/sock >"$work/want" 2>&1 || bad "layout --cacheline 64"
same() {
	"$SKLAB" "$@" >"$work/got" 2>&1 && cmp -s "$work/want" "$work/got" && ok || bad "sklab $* differs"
}
same layout --cacheline=64 linux-2.4.16/sock
same layout linux-2.4.16/sock --cacheline 64
same layout --cacheline 64 -- linux-2.4.16/sock

# expect_fail PATTERN ARGS...: status 2 and one stderr line matching PATTERN
expect_fail() {
	pat=$1; shift
	"$SKLAB" "$@" >/dev/null 2>"$work/err"
	got=$?
	if [ "$got" -ne 2 ] || [ "$(wc -l <"$work/err")" -ne 1 ] || ! grep -q -- "$pat" "$work/err"; then
		bad "sklab $*: exit $got, stderr:"; cat "$work/err"
	else
		ok
	fi
}
expect_fail "unknown option '--cache'" layout --cache 64 linux-2.4.16/sock      # not --cacheline
expect_fail "unknown option '--prof'" whatif --prof linux-2.4.16-i386 sock 'remove daddr'
expect_fail "unknown option '--json=yes'" cachesim --json=yes -
expect_fail "sklab run: --timeout needs a value (seconds from 1 to 86400)" run --timeout
expect_fail "sklab export: --title needs a value" export --title
expect_fail "unknown argument '--hw'" slabinfo --size 64 --hw
expect_fail "unknown option '-x'" run -x a.lua
expect_fail "takes no arguments" list extra
expect_fail "unknown option '--bogus'" profiles --bogus

# --help of every command: status 0, its usage, and each option of its table
for cmd in layout run export slabinfo cachesim bench whatif list profiles "bench --self"; do
	# shellcheck disable=SC2086
	if "$SKLAB" $cmd --help >"$work/help" 2>&1 && grep -q "^usage: sklab $cmd" "$work/help" &&
		grep -q -- "-h, --help" "$work/help"; then
		ok
	else
		bad "sklab $cmd --help"; cat "$work/help"
	fi
done
"$SKLAB" slabinfo --help | grep -q -- "--debug\[=LETTERS\]" && ok || bad "slabinfo --help: --debug[=LETTERS]"
"$SKLAB" run --help | grep -q "^Limits" && "$SKLAB" run --help | grep -q -- "--max-output MIB" && ok ||
	bad "run --help: the limits"

echo "options: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
