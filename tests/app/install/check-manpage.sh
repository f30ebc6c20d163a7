#!/bin/sh
# check-manpage.sh SKLAB PAGE - the man page describes every command that
# `sklab --help` lists, and every option each command's --help names, so the
# page cannot silently go stale when a command or an option is added.
set -u
SKLAB=$1
PAGE=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# The page's text with troff's escapes for '-' and fonts taken out.
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\&//g' "$PAGE" >"$work/page"

# long options named in a usage text (not the hyphens inside words such as
# "last-level" or "kmalloc-N")
opts() { grep -oE -- '(^|[^A-Za-z0-9-])--[A-Za-z][A-Za-z0-9.-]*' "$1" | sed -e 's/^[^-]*//' -e 's/\.*$//' | sort -u; }

"$SKLAB" --help >"$work/help" 2>&1 || { echo "FAIL: sklab --help"; exit 1; }
awk '/^Commands:/ { f = 1; next } /^$/ { f = 0 } f && /^  [a-z]/ { print $1 }' "$work/help" |
	sort -u >"$work/commands"
[ -s "$work/commands" ] && ok || bad "no commands found in sklab --help"

for cmd in $(cat "$work/commands"); do
	# the command's section: from '.SS "sklab CMD' to the next heading
	sed -n "/^\\.SS \"sklab $cmd[ \"]/,/^\\.S[SH] /p" "$work/page" >"$work/sec"
	if [ ! -s "$work/sec" ]; then
		bad "the man page has no section for 'sklab $cmd'"
		continue
	fi
	ok
	grep -q "^\\.SY sklab\$" "$work/page" && grep -A1 '^\.SY sklab$' "$work/page" | grep -q "^\\.B $cmd\\b" && ok ||
		bad "the SYNOPSIS lacks 'sklab $cmd'"
	"$SKLAB" "$cmd" --help >"$work/chelp" 2>&1
	for o in $(opts "$work/chelp"); do
		case $o in --help | --version) continue ;; esac
		# options of the tools a help text cites (valgrind --tool=lackey)
		case $o in --tool | --trace-mem) continue ;; esac
		grep -q -- "$o" "$work/sec" && ok || bad "'sklab $cmd $o' is not in the man page's section"
	done
done

# the options the top-level usage names are described somewhere
for o in $(opts "$work/help"); do
	grep -q -- "$o" "$work/page" && ok || bad "'$o' (sklab --help) is not in the man page"
done

echo "manpage: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
