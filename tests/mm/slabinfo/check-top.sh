#!/bin/sh
# check-top.sh SKLAB DATA - `sklab top` on fake roots (the hidden --root
# DIR reads DIR/proc/slabinfo and DIR/sys/kernel/slab, with a 4096-byte
# page and one CPU whatever the host): the table's structure, JSON, the
# sysfs fallback and what it says it could not read, the 2.4 model for a
# 1.1 file, pictures, the window for a few samples, and errors.
set -u
SKLAB=$1
DATA=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
run() {
	if "$SKLAB" top "$@" >"$work/out" 2>"$work/err"; then ok; else bad "sklab top $*: exit $?"; cat "$work/err"; fi
}
has() {
	if tr -s ' ' <"$work/out" | grep -qF -- "$1"; then ok; else bad "no '$1' in:"; cat "$work/out" "$work/err"; fi
}
expect_fail() {
	want=$1; pat=$2; shift 2
	"$SKLAB" top "$@" >"$work/out" 2>"$work/err"
	got=$?
	if [ "$got" -ne "$want" ] || [ "$(wc -l <"$work/err")" -ne 1 ] || ! grep -q -- "$pat" "$work/err"; then
		bad "sklab top $*: exit $got (wanted $want), stderr:"; cat "$work/err"
	else
		ok
	fi
}

# a root with /proc/slabinfo 2.1 and no sysfs
R1=$work/r1
mkdir -p "$R1/proc"
cp "$DATA/slub-6.18.slabinfo" "$R1/proc/slabinfo"
run --root "$R1" --once
has "# this host's slab caches (they change from run to run), from /proc/slabinfo; model: this host (SLUB, 1 CPU)"
has "# /sys/kernel/slab could not be read: the model used each line's objsize"
has " Active / Total Objects (% used) : 694 / 694 (100.0%)"
has " OBJS ACTIVE USE OBJ SIZE SLABS OBJ/SLAB CACHE SIZE NAME MODEL SIZE OBJ/SLAB PAGES AGREE"
# the largest by memory first
first=$(awk 'f { print $8; exit } /OBJS ACTIVE/ { f = 1 }' "$work/out")
if [ "$first" = "task_struct" ]; then ok; else bad "first row is '$first', want task_struct"; cat "$work/out"; fi
run --root "$R1" --once --sort name --count 2
n=$(grep -c ' ok$' "$work/out")
if [ "$n" -eq 2 ]; then ok; else bad "--count 2 shows $n rows"; fi
first=$(awk 'f { print $8; exit } /OBJS ACTIVE/ { f = 1 }' "$work/out")
if [ "$first" = "TCP" ]; then ok; else bad "--sort name: first row is '$first'"; fi
run --root "$R1" --json
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["source"]=="/proc/slabinfo" and d["format"]=="2.1" and len(d["caches"])==4 and d["caches"][0]["name"]=="task_struct" and "model" in d["caches"][0] and d["summary"]["caches"]==4 and d["unread"]' "$work/out"; then ok; else bad "--json"; cat "$work/out"; fi

# a root with sysfs only: /proc/slabinfo refused, some attributes missing
R2=$work/r2
mkdir -p "$R2/sys/kernel/slab/TCP" "$R2/sys/kernel/slab/kmalloc-96"
ln -s TCP "$R2/sys/kernel/slab/tcp_alias"
w() { printf '%s\n' "$3" >"$R2/sys/kernel/slab/$1/$2"; }
w TCP objects 20; w TCP total_objects 26; w TCP object_size 2304; w TCP slab_size 2368; w TCP order 3
w TCP objs_per_slab 13; w TCP slabs "2 N0=2"; w TCP align 64; w TCP hwcache_align 1; w TCP destroy_by_rcu 1
w kmalloc-96 objects 300; w kmalloc-96 object_size 96; w kmalloc-96 slab_size 96; w kmalloc-96 order 0
w kmalloc-96 objs_per_slab 42; w kmalloc-96 slabs 9; w kmalloc-96 align 32
run --root "$R2" --once
has "from /sys/kernel/slab"
has "# /proc/slabinfo could not be read"
has "# /sys/kernel/slab/*/total_objects could not be read for 1 cache"
has "# /sys/kernel/slab/*/ctor could not be read for 2 caches"
has " 26 20 76% 2.31K 2 13 64K TCP 2368 13 8 ok"
has " 378 300 79% 0.09K 9 42 36K kmalloc-96 96 42 1 ok"
if grep -q tcp_alias "$work/out"; then bad "a symlink listed as a cache"; else ok; fi

# a 1.1 /proc/slabinfo: the 2.4 SLAB's model
R3=$work/r3
mkdir -p "$R3/proc"
cp "$DATA/seed-2001-pre1.slabinfo" "$R3/proc/slabinfo"
run --root "$R3" --once
has "model: linux-2.4.16-i386 (2.4 SLAB"
has " 84 76 90% 1.03K 12 7 96K sock 1056 7 2 ok"

# pictures, and the window for three samples
run --root "$R1" --png "$work/t.png" --svg "$work/t.svg"
if [ -s "$work/t.png" ] && grep -q "task_struct ok" "$work/t.svg"; then ok; else bad "top pictures"; fi
# pictures of several samples: the table gets each cache's sparkline
run --root "$R1" --png "$work/g.png" --interval 0.1 --frames 2
has "AGREE GROWTH"
has " 640K task_struct 5888 5 8 ok"
has "+0K"
if command -v xvfb-run >/dev/null 2>&1; then
	SKLAB_DRAWLIST_DUMP=$work/dump xvfb-run -a "$SKLAB" top --root "$R1" --window --interval 0.1 --frames 3 \
		>"$work/out" 2>"$work/err"
	if [ $? -eq 0 ] && grep -q "task_struct ok" "$work/dump" && grep -q "growth since start" "$work/dump"; then ok
	else bad "top --window: $(cat "$work/err")"; fi
else
	echo "note: no xvfb-run: the window is not tried"
fi
# no display: one table and a note
env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER= "$SKLAB" top --root "$R1" >"$work/out" 2>"$work/err"
if [ $? -eq 0 ] && grep -q "no display" "$work/err" && grep -q "task_struct" "$work/out"; then ok; else bad "headless default"; cat "$work/err"; fi

DISPLAY=:99 SDL_VIDEODRIVER=dummy "$SKLAB" top --root "$R1" >"$work/out" 2>"$work/err"
if [ $? -eq 0 ] && grep -q "no display" "$work/err"; then ok; else bad "the dummy driver is no display"; cat "$work/err"; fi

# errors
expect_fail 1 "cannot read $work/none/proc/slabinfo" --root "$work/none" --once
mkdir -p "$work/r4/proc"
printf 'slabinfo - version: 2.1\nTCP 1 2\n' >"$work/r4/proc/slabinfo"
expect_fail 1 "slabinfo:2: expected <name>" --root "$work/r4" --once
expect_fail 2 "--sort takes memory, objects, slabs or name" --sort size
expect_fail 2 "--interval takes seconds" --interval 0
expect_fail 2 "--window shows the caches over time" --once --window

echo "check-top: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
