#!/bin/sh
# check-hostile.sh SKLAB DIR - runs every DIR/*.lua through the real
# `sklab run --headless` and checks that it ends as a hostile scenario must:
# a non-zero status that is neither a signal nor the guard's timeout, in
# bounded time and memory, with the message its header names:
#   -- expect: TEXT      a line of stderr contains TEXT (grep -F)
#   -- args: OPTIONS     added after the test's lowered limits
#   -- seconds: N        the guard's time (default 30)
#   -- defaults          run with the default limits, not the lowered ones
# The run gets lowered limits (--max-instructions 20000000 --max-heap 64
# --max-ram 256 --timeout 20) so each case ends quickly; -- args can put
# them back. A `-- defaults` case runs with the default limits instead
# (but --timeout 10) and must end within 15 s; check-defaults.sh runs every
# case so, with a bound on peak memory too. The guard is `timeout` and a cap on address space (ulimit -v,
# left out in sanitizer builds), so a regression fails instead of hanging
# or exhausting the machine.
set -u
SKLAB=$1
DIR=$(cd "$2" && pwd)
# address-space cap in KiB: 3 GiB leaves room for SDL and the default heap
memcap=3145728
. "$(dirname "$0")/lib.sh"

for f in "$DIR"/*.lua; do
	name=$(basename "$f" .lua)
	want=$(sed -n 's/^-- expect: //p' "$f" | head -1)
	args=$(sed -n 's/^-- args: //p' "$f" | head -1)
	secs=$(sed -n 's/^-- seconds: //p' "$f" | head -1)
	[ -n "$secs" ] || secs=30
	limits="--max-instructions 20000000 --max-heap 64 --max-ram 256 --timeout 20"
	if [ "$sanitized" -eq 1 ]; then
		# the same instruction limit must end the case, but AddressSanitizer's
		# fake stacks (detect_stack_use_after_return) make every longjmp
		# slow: pcall(error) loops take about 19 s to spend 2e7 units there,
		# 0.5 s without them; the clock is no limit these cases test
		limits="--max-instructions 20000000 --max-heap 64 --max-ram 256 --timeout 60"
		[ "$secs" -ge 75 ] || secs=75
	fi
	if grep -q '^-- defaults$' "$f"; then
		limits="--timeout 10"
		secs=15
	fi
	if [ -z "$want" ]; then
		bad "$name: no '-- expect:' line"
		continue
	fi
	out="$work/out-$name"
	# shellcheck disable=SC2086 # args is a list of options
	(
		ulimit -v "$memcap" 2>/dev/null
		# shellcheck disable=SC2086 # limits is a list of options
		cd "$work" && exec timeout -k 5 "$secs" "$SKLAB" run --headless --quiet --frames "$out" \
			$limits $args "$f"
	) >"$work/stdout" 2>"$work/stderr" </dev/null
	rc=$?
	ended "$name" "$rc" fail "$work/stderr" || continue
	holds "$name" "$work/stderr" "$want" || continue
	holds "$name" "$work/stderr" "$name.lua" "the scenario file's name" || continue
	if ls "$out" 2>/dev/null | grep -q '\.tmp\.'; then
		bad "$name: temporary files remain in the output directory"
	else
		ok
	fi
done

summary "hostile $(basename "$DIR")"
