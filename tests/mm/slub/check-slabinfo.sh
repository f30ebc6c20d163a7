#!/bin/sh
# check-slabinfo.sh SKLAB - `sklab slabinfo` as a user runs it: the SLUB
# geometry of slub.md's worked examples under the sysfs names, the
# /proc/slabinfo 2.1 line, slab_debug, the pre-6.7 order search, the 2.4
# SLAB path, JSON, and exit statuses with one-line errors.
set -u
SKLAB=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# attr NAME: the value of an attribute line of the last output
attr() { sed -n "s/^$1  *\([^ ]*\).*/\1/p" "$work/out" | head -1; }

# run ARGS...: must exit 0
run() {
	if "$SKLAB" slabinfo "$@" >"$work/out" 2>"$work/err"; then ok; else bad "sklab slabinfo $*: exit $?"; cat "$work/err"; fi
}

# expect ATTR VALUE
expect() {
	got=$(attr "$1")
	if [ "$got" = "$2" ]; then ok; else bad "$ARGS: $1 is '$got', want '$2'"; fi
}

# expect_fail STATUS PATTERN ARGS...: exits with STATUS, one stderr line matching PATTERN
expect_fail() {
	want=$1; pat=$2; shift 2
	"$SKLAB" slabinfo "$@" >"$work/out" 2>"$work/err"
	got=$?
	lines=$(wc -l <"$work/err")
	if [ "$got" -ne "$want" ]; then
		bad "sklab slabinfo $*: exit $got, wanted $want"; cat "$work/err"
	elif [ "$lines" -ne 1 ]; then
		bad "sklab slabinfo $*: wanted one line on stderr, got $lines"; cat "$work/err"
	elif ! grep -q -- "$pat" "$work/err"; then
		bad "sklab slabinfo $*: stderr does not match '$pat':"; cat "$work/err"
	else
		ok
	fi
}

# ---- the MUST-HOLD line: TCP, 2304 -> 2368, order 3, 13 per slab -------------
ARGS="TCP"
run --profile linux-6.18-x86_64 --cpus 2 --size 2304 --align 64 --hwcache --rcu
expect object_size 2304
expect slab_size 2368
expect order 3
expect objs_per_slab 13
expect align 64
expect destroy_by_rcu 1
expect offset 2304
expect min_objects 12
grep -q '^# /sys/kernel/slab/sklab_2304$' "$work/out" && ok || bad "TCP: sysfs directory line"
grep -q '^slabinfo - version: 2.1$' "$work/out" && ok || bad "TCP: slabinfo header"
grep -q '^# name            <active_objs> <num_objs> <objsize> <objperslab> <pagesperslab> : tunables <limit> <batchcount> <sharedfactor> : slabdata <active_slabs> <num_slabs> <sharedavail>$' "$work/out" && ok || bad "TCP: slabinfo column header"
grep -q '^sklab_2304             0      0   2368   13    8 : tunables    0    0    0 : slabdata      0      0      0$' "$work/out" && ok || bad "TCP: slabinfo row"
grep -q '^mergeable  *no: SLAB_TYPESAFE_BY_RCU' "$work/out" && ok || bad "TCP: not mergeable"

# ---- slub.md 7.3 worked examples --------------------------------------------
ARGS="kmalloc-96"
run --size 96 --name kmalloc-96
expect align 32; expect slab_size 96; expect order 0; expect objs_per_slab 42
grep -q '^kmalloc-96             0      0     96   42    1 : tunables' "$work/out" && ok || bad "kmalloc-96 row"
ARGS="task_struct"
run --size 5840 --align 64 --name task_struct
expect slab_size 5888; expect order 3; expect objs_per_slab 5
ARGS="sock_inode_cache"
run --size 768 --hwcache --ctor --name sock_inode_cache
expect slab_size 832; expect order 2; expect objs_per_slab 19; expect ctor yes
ARGS="kvm_vcpu"
run --size 51472 --align 16 --name kvm_vcpu
expect slab_size 51472; expect order 4; expect objs_per_slab 1
ARGS="vm_area_struct"
run --size 192 --hwcache --rcu --freeptr-offset 16 --name vm_area_struct
expect slab_size 192; expect order 0; expect objs_per_slab 21; expect offset 16
ARGS="vm_area_struct without freeptr_offset"
run --size 192 --hwcache --rcu
expect slab_size 256; expect objs_per_slab 16

# a mergeable cache shows under its unique id
ARGS="dentry-like"
run --size 192 --hwcache --name dentry
grep -q '^# /sys/kernel/slab/:0000192$' "$work/out" && ok || bad "dentry: unique id"

# ---- one CPU: min_objects 8 ---------------------------------------------------
ARGS="TCP on one CPU"
run --cpus 1 --size 2304 --align 64 --hwcache --rcu
expect min_objects 8

# ---- slab_debug (8.1) -----------------------------------------------------------
ARGS="kmalloc-64 FZPU"
run --size 64 --name kmalloc-64 --debug
expect slab_size 256; expect red_left_pad 64; expect red_zone 1; expect poison 1; expect store_user 1; expect sanity_checks 1
ARGS="kmalloc-8 F,Z,P,U"
run --size 8 --name kmalloc-8 --debug F,Z,P,U
expect slab_size 112; expect objs_per_slab 36
ARGS="ext4_inode_cache FZPU"
run --size 1120 --ctor --debug=FZPU --name ext4_inode_cache
expect slab_size 1216; expect order 2; expect objs_per_slab 13
ARGS="red zone only"
run --size 192 --debug Z
expect slab_size 216; expect poison 0
grep -q '^mergeable  *no: SLAB_RED_ZONE' "$work/out" && ok || bad "debug caches do not merge"

# ---- calculate_order() before 6.7 ---------------------------------------------------
ARGS="10928 new"
run --size 10928
expect order 3; expect objs_per_slab 2
ARGS="10928 pre-6.7"
run --size 10928 --pre-6.7
expect order 2; expect objs_per_slab 1

# ---- JSON -------------------------------------------------------------------------------
run --size 2304 --align 64 --hwcache --rcu --json
grep -q '"slab_size": 2368, "align": 64, "order": 3, "objs_per_slab": 13' "$work/out" && ok || bad "json sysfs block"
grep -q '"allocator": "slub"' "$work/out" && ok || bad "json allocator"
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$work/out" && ok || bad "json does not parse"
fi

# ---- the 2.4 SLAB through skl_cache_geometry() ----------------------------------------------
ARGS="2.4 sock"
run --profile linux-2.4.16-i386 --size 812 --hwcache --name sock
expect objsize 832
expect objs_per_slab 9
expect pages_per_slab 2
grep -q '^mgmt  *on-slab$' "$work/out" && ok || bad "2.4: management on-slab"
grep -q '^left_over ' "$work/out" && ok || bad "2.4: left_over line"
grep -q '^colour ' "$work/out" && ok || bad "2.4: colour line"
grep -q '^slabinfo - version: 1.1$' "$work/out" && ok || bad "2.4: slabinfo 1.1 header"
grep -q '^sock                   0      0    832    0    0    2$' "$work/out" && ok || bad "2.4: slabinfo 1.1 row"
ARGS="2.4 debug"
run --profile linux-2.4.16-i386 --size 100 --hwcache --name tcp_bucket --debug
grep -q '^slabinfo - version: 1.1 (statistics)$' "$work/out" && ok || bad "2.4 debug: statistics header"
expect red_zone 1
run --profile linux-2.4.16-i386 --cpus 2 --size 812 --hwcache --json
grep -q '"allocator": "slab"' "$work/out" && ok || bad "2.4 json"

# ---- 2.6.31's own SLUB and 6.18's sysfs extras ------------------------------------------------
# 2.6.31 mm/slub.c: free pointer in word 0, min_partial = ilog2(64), no cpu_partial attribute, ':t-' ids
run --profile linux-2.6.31-x86_64 --size 64
grep -q '^offset  *0 ' "$work/out" && ok || bad "2.6.31: free pointer in word 0"
grep -q '^min_partial  *6$' "$work/out" && ok || bad "2.6.31: min_partial ilog2(64)"
if grep -q '^cpu_partial' "$work/out"; then bad "2.6.31: no cpu_partial attribute"; else ok; fi
grep -q '^# /sys/kernel/slab/:t-0000064$' "$work/out" && ok || bad "2.6.31: unique id with t"
run --profile linux-2.6.31-x86_64 --size 64 --name kmalloc-64 --debug
grep -q '^slab_size  *136$' "$work/out" && ok || bad "2.6.31 slub_debug kmalloc-64: 136"
grep -q '^red_left_pad  *0$' "$work/out" && ok || bad "2.6.31: no left red zone"
# 6.18: vm_area_struct as the live kernel lists it, sheaf_capacity 32 and cpu_partial 120
run --size 192 --hwcache --rcu --freeptr-offset 16 --sheaf-capacity 32 --name vm_area_struct
grep -q '^sheaf_capacity  *32$' "$work/out" && ok || bad "6.18: sheaf_capacity"
grep -q '^cpu_partial  *120$' "$work/out" && ok || bad "6.18: cpu_partial"
expect_fail 1 "sheaf_capacity came with Linux 6.18" --profile linux-2.6.31-x86_64 --size 64 --sheaf-capacity 8

# ---- errors and exit statuses ------------------------------------------------------------------
"$SKLAB" slabinfo --help >"$work/out" 2>&1 && grep -q -- "--freeptr-offset" "$work/out" && ok || bad "--help"
expect_fail 2 "--size N is required" --align 64
expect_fail 2 "power of two" --size 64 --align 24
expect_fail 2 "positive number" --size 0
expect_fail 2 "positive number" --size abc
expect_fail 2 "unknown argument" --size 64 --frobnicate
expect_fail 2 "needs a value" --size
expect_fail 2 "from 1 to 256" --size 64 --cpus 0
expect_fail 2 "unknown slab_debug letter 'Q'" --size 64 --debug=FQ
expect_fail 1 "freeptr_offset" --size 192 --freeptr-offset 16
expect_fail 1 "freeptr_offset" --size 192 --rcu --freeptr-offset 12
expect_fail 1 "sklab: slabinfo:" --profile no-such-profile --size 64
expect_fail 2 "SLUB options" --profile linux-2.4.16-i386 --size 64 --rcu
expect_fail 2 "takes no --size" --live --size 64
expect_fail 1 "size must be" --size 8000000

echo "check-slabinfo: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
