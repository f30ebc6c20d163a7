#!/bin/sh
# check-file.sh SKLAB DATA - `sklab slabinfo --file` as a user runs it: the
# seed thread's four /proc/slabinfo 1.1 listings (tests/mm/slabinfo/data)
# read and checked against linux-2.4.16-i386, a 2.1 file and a slabtop dump
# against linux-6.18-x86_64, JSON, the pictures, and one-line errors.
set -u
SKLAB=$1
DATA=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# run ARGS...: must exit 0, output in $work/out
run() {
	if "$SKLAB" slabinfo "$@" >"$work/out" 2>"$work/err"; then ok; else bad "sklab slabinfo $*: exit $?"; cat "$work/err"; fi
}
# has TEXT: the last output holds the line TEXT (blanks squeezed)
has() {
	if tr -s ' ' <"$work/out" | grep -qxF -- "$1"; then ok; else bad "no line '$1' in:"; cat "$work/out"; fi
}
# expect_fail STATUS PATTERN ARGS...
expect_fail() {
	want=$1; pat=$2; shift 2
	"$SKLAB" slabinfo "$@" >"$work/out" 2>"$work/err"
	got=$?
	if [ "$got" -ne "$want" ] || [ "$(wc -l <"$work/err")" -ne 1 ] || ! grep -q -- "$pat" "$work/err"; then
		bad "sklab slabinfo $*: exit $got (wanted $want), stderr:"; cat "$work/err"
	else
		ok
	fi
}

# ---- the seed: every cache of the four listings agrees with the 2.4.16 model ----
P=linux-2.4.16-i386
run --file "$DATA/seed-2001-pre1.slabinfo" --profile $P
has "# seed-2001-pre1.slabinfo: /proc/slabinfo 1.1 (statistics), 1 cache"
has "# the model: linux-2.4.16-i386 (2.4 SLAB), the geometry of each line's objsize; 1 of 1 agree"
# 76 of 84 sockets of 1056 bytes, 12 two-page slabs of 7: 96 KiB
has " 84 76 90% 1.03K 12 7 96K sock 1056 7 2 ok"
run --file "$DATA/seed-2001-rfc2.slabinfo" --profile $P
has " 10 5 50% 0.39K 1 10 4K unix_sock 396 10 1 ok"
has " 20 17 85% 0.78K 4 5 16K inet_sock 800 5 1 ok"
has " 0 0 0% 0.32K 0 0 0K sock 332 12 1 ok"
run --file "$DATA/seed-2001-rfc3.slabinfo" --profile $P
has " 10 6 60% 0.36K 1 10 4K udp_sock 372 10 1 ok"
has " 15 13 86% 0.78K 3 5 12K tcp_sock 800 5 1 ok"
run --file "$DATA/seed-2001-rfc4.slabinfo" --profile $P
has "# the model: linux-2.4.16-i386 (2.4 SLAB), the geometry of each line's objsize; 5 of 5 agree"
has " 10 0 0% 0.37K 1 10 4K raw4_sock 376 10 1 ok"
if grep -q DIFFERS "$work/out"; then bad "a seed cache differs"; cat "$work/out"; else ok; fi

# without a profile: the table only
run --file "$DATA/seed-2001-rfc4.slabinfo"
if grep -q "MODEL" "$work/out"; then bad "a model column without --profile"; else ok; fi

# JSON
run --file "$DATA/seed-2001-pre1.slabinfo" --profile $P --json
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); c=d["caches"][0]; assert d["format"]=="1.1" and d["statistics"] and c["name"]=="sock" and c["objperslab"]==7 and c["model"]["agree"] and d["summary"]["agree"]==1' "$work/out"; then ok; else bad "--json"; cat "$work/out"; fi

# ---- 2.1 and slabtop against 6.18 ----------------------------------------------
run --file "$DATA/slub-6.18.slabinfo" --profile linux-6.18-x86_64 --cpus 2
has " 26 26 100% 2.31K 2 13 64K TCP 2368 13 8 ok"
has " 100 100 100% 5.75K 20 5 640K task_struct 5888 5 8 ok"
run --file "$DATA/slabtop.txt" --profile linux-6.18-x86_64 --cpus 2
has "# slabtop.txt: a slabtop dump, 4 caches"
has " 190 190 100% 0.81K 10 19 160K sock_inode_cache 832 19 4 ok"
# a 2.4 SMP file
run --file "$DATA/smp-2.4.slabinfo" --profile $P
has " 21 21 100% 1.03K 3 7 24K sock 1056 7 2 ok"
# a format of the other allocator is said
run --file "$DATA/slub-6.18.slabinfo" --profile $P
has "# note: 2.1 is a 2.6+ kernel's format, linux-2.4.16-i386 uses the 2.4 SLAB"

# a cache that differs says both figures
printf 'slabinfo - version: 1.1\nsock 0 16 1056 0 2 2\n' >"$work/d.slabinfo"
run --file "$work/d.slabinfo" --profile $P
has "differs: sock: objperslab 8 here, model 7"

# ---- pictures ----------------------------------------------------------------------
run --file "$DATA/seed-2001-rfc4.slabinfo" --profile $P --png "$work/s.png" --svg "$work/s.svg"
if [ -s "$work/s.png" ] && head -c 8 "$work/s.png" | od -An -c | grep -q 'P   N   G'; then ok; else bad "--png not written"; fi
if grep -q "tcp_sock ok" "$work/s.svg" && grep -q "<svg" "$work/s.svg"; then ok; else bad "--svg lacks the caches"; fi

# ---- errors: one line, the file and line --------------------------------------------
printf 'slabinfo - version: 1.1\nsock 0 0\n' >"$work/bad.slabinfo"
expect_fail 1 "bad.slabinfo:2: too few numbers after the name" --file "$work/bad.slabinfo"
expect_fail 1 "cannot open" --file "$work/none.slabinfo"
expect_fail 2 "takes no --size or --live" --file "$DATA/slabtop.txt" --size 64
expect_fail 2 "draw a --file's caches" --size 64 --png "$work/x.png"
expect_fail 2 "--count takes a number" --file "$DATA/slabtop.txt" --count 0

echo "check-file: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
