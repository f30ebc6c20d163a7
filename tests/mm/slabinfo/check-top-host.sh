#!/bin/sh
# check-top-host.sh SKLAB - `sklab top --once` and `--json` on this host: a
# smoke test of structure only (the figures are the host's), skipped (77)
# when neither /proc/slabinfo nor /sys/kernel/slab can be read.
set -u
SKLAB=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
if [ ! -r /proc/slabinfo ] && [ ! -r /sys/kernel/slab ]; then
	echo "skip: neither /proc/slabinfo nor /sys/kernel/slab is readable here"
	exit 77
fi
"$SKLAB" top --once --count 5 >"$work/out" 2>"$work/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "cannot read" "$work/err"; then
	echo "skip: $(cat "$work/err")"
	exit 77
fi
failed=0
[ $rc -eq 0 ] || { echo "FAIL: top --once: exit $rc"; cat "$work/err"; failed=1; }
grep -q "^# this host's slab caches" "$work/out" || { echo "FAIL: no host line"; failed=1; }
grep -q "OBJS ACTIVE  USE OBJ SIZE" "$work/out" || { echo "FAIL: no column line"; failed=1; }
"$SKLAB" top --json --count 3 >"$work/json" || failed=1
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["caches"] and d["summary"]["caches"] >= len(d["caches"])' "$work/json" || { echo "FAIL: --json"; failed=1; }
[ $failed -eq 0 ] && echo "check-top-host: passed"
exit $failed
