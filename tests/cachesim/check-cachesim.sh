#!/bin/sh
# check-cachesim.sh SKLAB SRCDIR - sklab cachesim as a user drives it: the
# Cachegrind summary of a hand-made trace (straddling fetches and loads, a
# modify, an access wider than a line) against figures worked out by hand;
# the same trace from standard input and as din; --modify rw, --json,
# --classify, --profile; exit statuses and one-line errors.
set -u
SKLAB=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
G="--I1 1024,2,64 --D1 1024,2,64 --LL 4096,4,64"

# expect_fail STATUS PATTERN ARGS... : exits with STATUS and prints one stderr
# line matching PATTERN
expect_fail() {
	want=$1; pat=$2; shift 2
	"$SKLAB" cachesim "$@" >"$work/out" 2>"$work/err"
	got=$?
	lines=$(wc -l <"$work/err")
	if [ "$got" -ne "$want" ]; then
		bad "cachesim $*: exit $got, wanted $want"; cat "$work/err"
	elif [ "$lines" -ne 1 ]; then
		bad "cachesim $*: wanted one line on stderr, got $lines:"; cat "$work/err"
	elif ! grep -q -- "$pat" "$work/err"; then
		bad "cachesim $*: stderr does not match '$pat':"; cat "$work/err"
	else
		ok
	fi
}

# ---- a hand-made trace ------------------------------------------------------
# I1 and D1: 8 sets of 2 ways, 64-byte lines; LL 16 sets of 4.
#  fetch 0x1000,4    I1 miss, LL miss
#  load  0x203c,8    straddles lines 0x2000 and 0x2040: one read, one miss
#                    in D1 and one in LL (Cachegrind: both lines looked up,
#                    one miss)
#  load  0x2040,8    hit: the straddle brought the line in
#  store 0x2000,4    hit
#  modify 0x3000,4   one read (Cachegrind's Dm): D1 miss, LL miss
#  load  0x4000,512  cut to one 64-byte line, as Cachegrind cuts it: a miss
#  fetch 0x103e,4    straddles 0x1000 (hit) and 0x1040 (miss): I1 and LL miss
cat >"$work/t.lackey" <<'EOF'
==77== Lackey, an example Valgrind tool
==77== Command: ./prog
==77== 
I  00001000,4
 L 0000203c,8
 L 00002040,8
 S 00002000,4
 M 00003000,4
 L 00004000,512
I  0000103e,4
==77== 
==77== Counted 1 call to main()
EOF
cat >"$work/want" <<'EOF'
==0== I   refs:      2
==0== I1  misses:    2
==0== LLi misses:    2
==0== I1  miss rate: 100.00%
==0== LLi miss rate: 100.00%
==0== 
==0== D   refs:      5  (4 rd   + 1 wr)
==0== D1  misses:    3  (3 rd   + 0 wr)
==0== LLd misses:    3  (3 rd   + 0 wr)
==0== D1  miss rate: 60.0% (75.0%     + 0.0%  )
==0== LLd miss rate: 60.0% (75.0%     + 0.0%  )
==0== 
==0== LL refs:       5  (5 rd   + 0 wr)
==0== LL misses:     5  (5 rd   + 0 wr)
==0== LL miss rate:  71.4% (83.3%     + 0.0%  )
EOF
"$SKLAB" cachesim $G "$work/t.lackey" >"$work/out" 2>"$work/err"
if [ $? -eq 0 ] && diff -u "$work/want" "$work/out" >"$work/diff"; then ok; else bad "summary of t.lackey:"; cat "$work/diff" "$work/err"; fi
# the cache description goes to stderr, in Cachegrind's desc: form
grep -qx "desc: I1 cache:         1024 B, 64 B, 2-way associative" "$work/err" &&
	grep -qx "desc: LL cache:         4096 B, 64 B, 4-way associative" "$work/err" && ok || { bad "desc lines:"; cat "$work/err"; }
"$SKLAB" cachesim --quiet $G "$work/t.lackey" >/dev/null 2>"$work/err" && [ ! -s "$work/err" ] && ok || bad "--quiet still writes to stderr"

# standard input
"$SKLAB" cachesim --quiet $G - <"$work/t.lackey" >"$work/out" 2>&1 && diff -u "$work/want" "$work/out" >/dev/null && ok ||
	{ bad "the trace on stdin:"; cat "$work/out"; }

# the same accesses as din (a size field; the modify as a read) and forced
cat >"$work/t.din" <<'EOF'
# the hand-made trace in DineroIV's din format
2 1000 4
0 203c 8
0 2040 8
1 2000 4
0 3000 4
0 4000 200   sizes are hex: 0x200 = 512
3 0          an escape: skipped
2 103e 4
EOF
"$SKLAB" cachesim --quiet $G "$work/t.din" >"$work/out" 2>&1 && diff -u "$work/want" "$work/out" >/dev/null && ok ||
	{ bad "the din trace:"; cat "$work/out"; }
"$SKLAB" cachesim --quiet --format din $G - <"$work/t.din" >"$work/out" 2>&1 && diff -u "$work/want" "$work/out" >/dev/null && ok ||
	{ bad "--format din on stdin:"; cat "$work/out"; }
# a flush record is counted and said to be ignored
printf '0 1000\n4 0\n0 1000\n' >"$work/flush.din"
"$SKLAB" cachesim $G "$work/flush.din" >"$work/out" 2>"$work/err" && grep -q "D1  misses:    1 " "$work/out" &&
	grep -q "1 din flush records (label 4) counted, not applied" "$work/err" && ok || { bad "flush:"; cat "$work/out" "$work/err"; }

# --modify rw: the modify is a read then a write (a write hit)
"$SKLAB" cachesim --quiet --modify rw $G "$work/t.lackey" >"$work/out" 2>&1 &&
	grep -q "D   refs:      6  (4 rd   + 2 wr)" "$work/out" && ok || { bad "--modify rw:"; cat "$work/out"; }

# --json
"$SKLAB" cachesim --json $G "$work/t.lackey" >"$work/out" 2>"$work/err" && [ ! -s "$work/err" ] &&
	grep -q '"format": "lackey"' "$work/out" &&
	grep -q '"I_refs": 2, "I1_misses": 2, "LLi_misses": 2, "D_refs": 5, "D_rd": 4, "D_wr": 1,' "$work/out" &&
	grep -q '"LL_misses": 5, "LL_misses_rd": 5, "LL_misses_wr": 0' "$work/out" &&
	grep -q '"modify": 1, "flush": 0, "escape": 0, "skipped": 5' "$work/out" && ok || { bad "--json:"; cat "$work/out"; }
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["levels"]) == 3' "$work/out" && ok ||
		bad "--json is not valid JSON"
fi

# --classify: every miss here is a first touch
"$SKLAB" cachesim --quiet --classify $G "$work/t.lackey" >"$work/out" 2>&1 &&
	grep -Eq '^L1d +5 +3 +3 +0 +0 ' "$work/out" && grep -q "cycles per reference" "$work/out" && ok ||
	{ bad "--classify:"; cat "$work/out"; }

# --profile: the era's machine (Pentium III: 16 KiB 4-way L1s, 32-byte lines)
"$SKLAB" cachesim --profile linux-2.4.16-i386 "$work/t.lackey" >"$work/out" 2>"$work/err" &&
	grep -qx "desc: I1 cache:         16384 B, 32 B, 4-way associative" "$work/err" &&
	grep -q "I   refs:" "$work/out" && ok || { bad "--profile:"; cat "$work/err"; }
# an override on top of a profile replaces its last level
"$SKLAB" cachesim --profile linux-2.4.16-i386 --LL 65536,8,32 --policy plru "$work/t.lackey" >/dev/null 2>"$work/err" &&
	grep -qx "desc: LL cache:         65536 B, 32 B, 8-way associative, tree-PLRU" "$work/err" && ok ||
	{ bad "--profile with --LL:"; cat "$work/err"; }

# ---- errors -------------------------------------------------------------------
expect_fail 2 "a TRACE file" $G
expect_fail 2 "unknown option '--bogus'" --bogus "$work/t.lackey"
expect_fail 2 "--D1: expected SIZE,ASSOC,LINE" --D1 32k,8 "$work/t.lackey"
expect_fail 2 "--D1 needs a value" --D1
expect_fail 2 "D1: 3 sets; the number of sets must be a power of two" --I1 1024,2,64 --D1 192,1,64 --LL 4096,4,64 "$work/t.lackey"
expect_fail 2 "D1: 1000 B, 2-way, 64 B lines is not a cache" --I1 1024,2,64 --D1 1000,2,64 --LL 4096,4,64 "$work/t.lackey"
expect_fail 2 "tree-PLRU needs a power-of-two associativity" --policy plru --I1 1024,2,64 --D1 3072,3,64 --LL 4096,4,64 "$work/t.lackey"
expect_fail 2 "--policy takes lru, plru or random" --policy fifo "$work/t.lackey"
expect_fail 2 "--format takes auto, lackey or din" --format pin "$work/t.lackey"
expect_fail 2 "--profile no-such-profile" --profile no-such-profile "$work/t.lackey"
expect_fail 2 "one trace at a time" "$work/t.lackey" "$work/t.din"
expect_fail 1 "cannot open the trace" --quiet $G "$work/missing.trace"
printf 'I  1000,4\n L 2000,8\n S 30zz,4\n' >"$work/bad.lackey"
expect_fail 1 "bad.lackey:3:6: lackey: expected ',' after the address, found 'z'" --quiet $G "$work/bad.lackey"
expect_fail 1 "<stdin>:3:6: lackey: expected ',' after the address" --quiet $G - <"$work/bad.lackey"
expect_fail 1 "t.din:1:1: lackey: expected a record" --quiet --format lackey $G "$work/t.din"
"$SKLAB" cachesim --help >"$work/out" 2>&1 && grep -q -- "--I1/--D1/--LL S,A,L" "$work/out" && ok || bad "--help"

echo "cachesim_cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
