#!/bin/sh
# check-man-commands.sh SKLAB PAGE - the command headings of the man page's
# COMMANDS section are those of the program's command table, in its order:
# `sklab help --man` prints them as the page must have them, so a command
# added, renamed or given other arguments fails here until sklab.1 follows.
set -u
SKLAB=$1
PAGE=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

sed -n '/^\.SH COMMANDS/,/^\.SH /p' "$PAGE" | grep '^\.SS "sklab' >"$work/page"
if ! "$SKLAB" help --man >"$work/table" 2>"$work/err"; then
	echo "FAIL: sklab help --man:"
	cat "$work/err"
	exit 1
fi
if [ ! -s "$work/table" ]; then
	echo "FAIL: sklab help --man printed nothing"
	exit 1
fi
if ! diff -u "$work/table" "$work/page" >"$work/diff"; then
	echo "FAIL: the COMMANDS headings of $PAGE differ from the command table (sklab help --man):"
	cat "$work/diff"
	exit 1
fi
echo "man-commands: $(wc -l <"$work/table") commands, as in the table"
