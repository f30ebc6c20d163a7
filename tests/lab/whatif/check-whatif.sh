#!/bin/sh
# check-whatif.sh SKLAB GOLDEN - `sklab whatif` as a user drives it: help,
# the golden table of one run, --diff, --table, --json, exit statuses and
# one-line errors.
set -u
SKLAB=$1
GOLDEN=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
LOOKUP=lookup=daddr,rcv_saddr,dport,num,bound_dev_if,next

# expect_fail STATUS PATTERN ARGS... : exits with STATUS and prints one stderr
# line matching PATTERN
expect_fail() {
	want=$1; pat=$2; shift 2
	"$SKLAB" "$@" >"$work/out" 2>"$work/err"
	got=$?
	lines=$(wc -l <"$work/err")
	if [ "$got" -ne "$want" ]; then
		bad "sklab $*: exit $got, wanted $want"; cat "$work/err"
	elif [ "$lines" -ne 1 ]; then
		bad "sklab $*: wanted one line on stderr, got $lines:"; cat "$work/err"
	elif ! grep -q -- "$pat" "$work/err"; then
		bad "sklab $*: stderr does not match '$pat':"; cat "$work/err"
	else
		ok
	fi
}

"$SKLAB" whatif --help >"$work/out" 2>&1 && grep -q "move M after A" "$work/out" && ok || bad "whatif --help"
"$SKLAB" --help | grep -q "whatif" && ok || bad "sklab --help lists whatif"

# the same run as test_whatif's golden text, through the command line
if "$SKLAB" whatif --hwcache --path $LOOKUP linux-2.4.16/sock 'remove tp_pinfo' 'move next to end' >"$work/run.txt" 2>"$work/err" &&
	diff -u "$GOLDEN/sock_remove_move.txt" "$work/run.txt" >"$work/run.diff"; then
	ok
else
	bad "whatif differs from golden/sock_remove_move.txt:"; head -30 "$work/run.diff"; cat "$work/err"
fi
if "$SKLAB" whatif --hwcache --diff --path $LOOKUP linux-2.4.16/sock 'remove tp_pinfo' >"$work/diff.txt" 2>"$work/err" &&
	diff -u "$GOLDEN/sock_remove_diff.txt" "$work/diff.txt" >"$work/d.diff"; then
	ok
else
	bad "whatif --diff differs from golden/sock_remove_diff.txt:"; head -30 "$work/d.diff"; cat "$work/err"
fi
if "$SKLAB" whatif --hwcache --json --path $LOOKUP linux-2.4.16/sock 'remove tp_pinfo' 'move next to end' >"$work/run.json" 2>"$work/err" &&
	diff -u "$GOLDEN/sock_remove_move.json" "$work/run.json" >"$work/j.diff"; then
	ok
else
	bad "whatif --json differs from golden/sock_remove_move.json:"; head -30 "$work/j.diff"; cat "$work/err"
fi

# the numbers a reader looks for
row() { sed -n "s/^$1  *//p" "$work/t.txt"; }
"$SKLAB" whatif --table --hwcache --path $LOOKUP linux-2.4.16/sock 'remove tp_pinfo' >"$work/t.txt" 2>&1 || bad "whatif --table"
[ "$(row size)" = "812      388      -424" ] && ok || bad "size row: $(row size)"
[ "$(row 'lines of path lookup')" = "0        0         0" ] && ok || bad "lookup row: $(row 'lines of path lookup')"
[ "$(row 'objects per slab')" = "9        9         0" ] && ok || bad "objects per slab row: $(row 'objects per slab')"
grep -q "^struct sock {" "$work/t.txt" && bad "--table printed a layout" || ok
# the slab figures are what `sklab slabinfo` says for the same sizes
"$SKLAB" slabinfo --profile linux-2.4.16-i386 --size 388 --hwcache --name sock >"$work/s.txt" 2>&1
[ "$(sed -n 's/^objs_per_slab *//p' "$work/s.txt")" = 9 ] && ok || bad "slabinfo 388"
[ "$(sed -n 's/^pages_per_slab *//p' "$work/s.txt")" = 1 ] && ok || bad "slabinfo 388 pages"
# RFC 2's slim sock, with the seed's CONFIG_DEBUG_SLAB: slabinfo "sock 332", 12 per page
# (808 bytes is over 512: no red zone, 32-byte aligned to 832, 9 per two pages)
"$SKLAB" whatif --table --debug --hwcache --config CONFIG_INET linux-2.4.16/sock 'remove tp_pinfo' 'retype protinfo void *' >"$work/t.txt" 2>&1
[ "$(row 'cache objsize')" = "832      332      -500" ] && ok || bad "rfc2 objsize row: $(row 'cache objsize')"
[ "$(row 'objects per slab')" = "9       12        +3" ] && ok || bad "rfc2 objects row: $(row 'objects per slab')"
# a SLUB profile
"$SKLAB" whatif --table --hwcache linux-6.18/sock_common 'add int sklab_probe at start' >"$work/t.txt" 2>&1 &&
	grep -q "^cache slab_size" "$work/t.txt" && ok || bad "whatif on linux-6.18"

# usage mistakes: exit 2, one line
expect_fail 2 "which struct" whatif
expect_fail 2 "unknown option '--frob'" whatif --frob linux-2.4.16/sock
expect_fail 2 "edit 1 'frob x': unknown verb 'frob'" whatif linux-2.4.16/sock 'frob x'
expect_fail 2 "edit 2 'move next after next': cannot move 'next' relative to itself" whatif linux-2.4.16/sock 'remove daddr' 'move next after next'
expect_fail 2 "--align takes a power of two" whatif --align 3 linux-2.4.16/sock 'remove daddr'
expect_fail 2 "--path needs a value" whatif linux-2.4.16/sock --path
expect_fail 2 "--rcu is a SLUB flag" whatif --rcu linux-2.4.16/sock 'remove daddr'
expect_fail 2 "name the layout set" whatif sock 'remove daddr'
# what the model refuses: exit 1, one line
expect_fail 1 "no member 'tp_pinf' in struct sock (did you mean 'tp_pinfo'?)" whatif linux-2.4.16/sock 'remove tp_pinf'
expect_fail 1 "already has a member named 'daddr'" whatif linux-2.4.16/sock 'add int daddr'
expect_fail 1 "cannot read the declaration 'int x y'" whatif linux-2.4.16/sock 'add int x y'
expect_fail 1 "path 'lookup': no member 'nxt'" whatif --path lookup=daddr,nxt linux-2.4.16/sock 'remove tp_pinfo'
expect_fail 1 "no struct 'nosuch' in the layout set linux-2.4.16" whatif linux-2.4.16/nosuch 'remove x'
expect_fail 1 "no kernel profile uses the layout set 'nosuch'" whatif nosuch/sock 'remove x'

# --reorganize: struct sock with a path kept together, a C header's struct
# (text and JSON), and what it refuses
TX=tx=sport,dst_cache,sndbuf,wmem_alloc,write_space
HDR=$GOLDEN/../reorg.h
for g in "sock_reorg_path.txt|--reorganize --hwcache --path $TX linux-2.4.16/sock" \
	"reorg_holes.txt|--reorganize --c $HDR --arch x86_64 holes" \
	"reorg_holes.json|--reorganize --json --c $HDR --arch i386 --path hot=c,p holes"; do
	file=${g%%|*}
	# shellcheck disable=SC2086
	if "$SKLAB" whatif ${g#*|} >"$work/r.out" 2>"$work/err" && diff -u "$GOLDEN/$file" "$work/r.out" >"$work/r.diff"; then
		ok
	else
		bad "whatif ${g#*|} differs from golden/$file:"; head -30 "$work/r.diff"; cat "$work/err"
	fi
done
# the JSON parses, and says what moved
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); r=d["reorganize"]; assert r["moves"] and d["after"]["size"] <= d["before"]["size"], r' \
		"$GOLDEN/reorg_holes.json" && ok || bad "reorg_holes.json does not parse or lacks its moves"
fi
"$SKLAB" whatif --reorganize --table --c "$HDR" --arch x86_64 holes >"$work/t.txt" 2>&1
[ "$(row size)" = "48      32      -16" ] && ok || bad "reorganized size row: $(row size)"
[ "$(row holes)" = "3       0       -3" ] && ok || bad "reorganized holes row: $(row holes)"
# BTF, where this machine has it: --btf FILE STRUCT and --btf STRUCT read the same struct
if [ -r /sys/kernel/btf/vmlinux ]; then
	"$SKLAB" whatif --reorganize --table --btf /sys/kernel/btf/vmlinux sock_common >"$work/b1.txt" 2>/dev/null &&
		"$SKLAB" whatif --reorganize --table --btf sock_common >"$work/b2.txt" 2>/dev/null &&
		grep -q "^# whatif vmlinux:sock_common" "$work/b1.txt" &&
		[ "$(sed -n 's/^size *//p' "$work/b1.txt")" = "$(sed -n 's/^size *//p' "$work/b2.txt")" ] && ok ||
		bad "whatif --reorganize --btf"
fi
expect_fail 2 "--reorganize makes its own moves: give it no edits" whatif --reorganize linux-2.4.16/sock 'remove next'
expect_fail 2 "--arch goes with --c or --btf" whatif --reorganize --arch i386 linux-2.4.16/sock
expect_fail 2 "unknown arch 'm68k'" whatif --reorganize --c "$HDR" --arch m68k holes
expect_fail 2 "--btf and --c cannot be used together" whatif --reorganize --btf --c "$HDR" holes
expect_fail 1 "path 'hot': no member 'nxt' in struct holes" whatif --reorganize --c "$HDR" --path hot=c,nxt holes
expect_fail 1 "no struct, union or typedef named 'nosuch'" whatif --reorganize --c "$HDR" nosuch

echo "whatif_cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
