#!/bin/sh
# check-live.sh SKLAB - the SLUB model against the running kernel:
# `sklab slabinfo --live` reads /sys/kernel/slab (and /proc/slabinfo when
# it may) and reports how many caches it agrees with. Skipped (77) where
# there is no /sys/kernel/slab or its attributes are root's alone. Fails
# only when the command fails or fewer than 90% of the caches agree (a
# kernel far from 6.x may differ in places; the disagreements are printed
# with their reasons).
set -u
SKLAB=$1
if [ ! -d /sys/kernel/slab ]; then
	echo "SKIP: no /sys/kernel/slab on this machine"
	exit 77
fi
first=$(ls /sys/kernel/slab | head -n 1)
if ! cat "/sys/kernel/slab/$first/object_size" >/dev/null 2>&1; then
	echo "SKIP: the attributes under /sys/kernel/slab are readable by root only here"
	exit 77
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT INT TERM
if ! "$SKLAB" slabinfo --live >"$out" 2>&1; then
	echo "FAIL: sklab slabinfo --live exited non-zero:"; cat "$out"
	exit 1
fi
grep -E '^(sysfs|kmalloc align|cpu_partial|/proc/slabinfo|differs)' "$out"
line=$(grep '^sysfs: ' "$out")
if [ -z "$line" ]; then
	echo "FAIL: no agreement count"; cat "$out"
	exit 1
fi
agree=$(echo "$line" | sed -n 's/^sysfs: \([0-9]*\) of \([0-9]*\) caches agree.*/\1/p')
total=$(echo "$line" | sed -n 's/^sysfs: \([0-9]*\) of \([0-9]*\) caches agree.*/\2/p')
if [ -z "$agree" ] || [ -z "$total" ] || [ "$total" -eq 0 ]; then
	echo "FAIL: cannot read the count from: $line"
	exit 1
fi
if [ $((agree * 10)) -lt $((total * 9)) ]; then
	echo "FAIL: only $agree of $total caches agree"
	exit 1
fi
# set_cpu_partial() (6.x): the model's cpu_partial against the kernel's, where sysfs has one
cp=$(grep '^cpu_partial (set_cpu_partial()): ' "$out" | sed -n 's/.*: \([0-9]*\) of \([0-9]*\) agree$/\1 \2/p')
if [ -n "$cp" ]; then
	set -- $cp
	if [ $(($1 * 10)) -lt $(($2 * 9)) ]; then
		echo "FAIL: cpu_partial: only $1 of $2 caches agree"
		exit 1
	fi
fi
# the JSON form says the same
"$SKLAB" slabinfo --live --json >"$out" 2>&1 || { echo "FAIL: --live --json"; exit 1; }
grep -q "\"caches\": $total, \"agree\": $agree," "$out" || { echo "FAIL: --live --json summary differs"; exit 1; }
echo "check-live: $agree of $total caches agree"
