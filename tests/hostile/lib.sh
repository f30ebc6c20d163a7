# lib.sh - sourced by the hostile check scripts (after they set $SKLAB):
# their work directory, removed at exit; the counts; the guard's cap on
# address space; the verdict on how a guarded run ended; the summary line.
# A script may set memcap (KiB) before sourcing; sanitizer builds get none,
# as they reserve terabytes of address space ($sanitized says which).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

memcap=${memcap:-1048576}
sanitized=0
if ldd "$SKLAB" 2>/dev/null | grep -q 'libasan\|libtsan'; then
	memcap=unlimited
	sanitized=1
fi

# ended NAME RC WANT OUTPUT: whether a guarded run ended as WANT says
# ("fail": a non-zero status; "ok": 0). 0 when it did; else it is counted
# bad, with OUTPUT (its stderr) shown where that helps, and 1. The guard's
# timeout (124, 137 from timeout -k; runcap's own too), runcap's memory
# bound (125) and a signal are never what a hostile input may end with.
ended() {
	if [ "$2" -eq 124 ] || [ "$2" -eq 137 ]; then
		bad "$1: still running at the guard's time limit"
	elif [ "$2" -eq 125 ]; then
		bad "$1: $(grep runcap: "$4" || echo "past the guard's memory bound")"
	elif [ "$2" -ge 128 ]; then
		bad "$1: killed by signal $(($2 - 128))"
		cat "$4"
	elif [ "$3" = fail ] && [ "$2" -eq 0 ]; then
		bad "$1: exit status 0, wanted an error"
	elif [ "$3" = ok ] && [ "$2" -ne 0 ]; then
		bad "$1: exit status $2, wanted 0:"
		cat "$4"
	else
		return 0
	fi
	return 1
}

# holds NAME FILE TEXT [WHAT]: whether FILE holds TEXT (grep -F); else it
# is counted bad, saying it lacks WHAT (TEXT by default), FILE shown.
holds() {
	if grep -qF -- "$3" "$2"; then
		return 0
	fi
	bad "$1: the output lacks ${4:-'$3'}:"
	cat "$2"
	return 1
}

# summary GROUP: the counts; the script's status (some case must have run)
summary() {
	echo "$1: $passed passed, $failed failed"
	[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
}
