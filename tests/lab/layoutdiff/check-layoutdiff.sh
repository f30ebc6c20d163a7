#!/bin/sh
# check-layoutdiff.sh SKLAB - `sklab layout --diff` and `--check --keep` as
# a user drives them: the text of two layout sets and two configs, a header
# against layout data, JSON (parsed when python3 is there), pictures (PNG
# and SVG, the links in the SVG), the checks' exit statuses and one-line
# errors, and the change list against dwarves' codiff on objects gcc built
# from the same headers (skipped without gcc and codiff).
set -u
SKLAB=$1
work=$(mktemp -d)
trap '[ -n "${KEEP_WORK:-}" ] || rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# expect STATUS ARGS...: exits with STATUS (stdout in out, stderr in err)
expect() {
	want=$1; shift
	"$SKLAB" "$@" >"$work/out" 2>"$work/err"
	got=$?
	[ "$got" -eq "$want" ] && ok || { bad "sklab $*: exit $got, wanted $want"; cat "$work/err"; }
}
# expect_fail STATUS PATTERN ARGS...: and one stderr line matching PATTERN
expect_fail() {
	want=$1; pat=$2; shift 2
	"$SKLAB" "$@" >"$work/out" 2>"$work/err"
	got=$?
	if [ "$got" -ne "$want" ] || [ "$(wc -l <"$work/err")" -ne 1 ] || ! grep -q -- "$pat" "$work/err"; then
		bad "sklab $*: exit $got (wanted $want), stderr:"; cat "$work/err"
	else
		ok
	fi
}
has() { grep -q -- "$1" "$work/out" && ok || { bad "output of the last run lacks '$1'"; }; }

# ---- text ---------------------------------------------------------------------
expect 0 layout --diff linux-2.4.16/sock linux-6.18/sock
has "^# layout diff: a = linux-2.4.16/sock (struct sock; i386, 32-byte lines"
has "^#              b = linux-6.18/sock (struct sock; x86_64, 64-byte lines"
has "^  struct sock |  -28$"
has "^size                812      784      -28$"
has "^cache lines          26       13      -13$"
has "^removed  *daddr  *__u32  *0  *4  *0 "
has "^added  *__sk_common "
has "^--- linux-2.4.16/sock$"

# two configs of one set: IPv6 grows tp_pinfo and moves what follows
expect 0 layout --diff --a-config CONFIG_INET --b-config CONFIG_INET,CONFIG_IPV6 linux-2.4.16/sock linux-2.4.16/sock
has "^# layout diff: a = linux-2.4.16/sock (a) (struct sock; i386, 32-byte lines, config CONFIG_INET)"
has "^#              b = linux-2.4.16/sock (b) (struct sock; i386, 32-byte lines, config CONFIG_INET,CONFIG_IPV6)"
has "^size                808      904      +96$"
has "^moved,line  *err  *int  *640  *4  *20  *int  *736  *4  *23$"
has "^added  *net_pinfo.af_inet6 "
# the same with the common --config for a and +B for b (added to it)
expect 0 layout --diff --config CONFIG_INET --b-config +CONFIG_IPV6 linux-2.4.16/sock linux-2.4.16/sock
has "^size                808      904      +96$"
# +A on its own adds to the profile's options (CONFIG_INET,CONFIG_FILTER)
expect 0 layout --diff --b-config +CONFIG_IPV6 linux-2.4.16/sock linux-2.4.16/sock
has "^size                812      908      +96$"

# a header against layout data; --c FILE.h:NAME as a side
cat >"$work/my_sock.h" <<'H'
typedef unsigned int __u32;
typedef unsigned short __u16;
struct sock { __u32 daddr; __u32 rcv_saddr; __u16 dport; unsigned short num; int bound_dev_if; struct sock *next; };
H
expect 0 layout --diff --a-arch i386 linux-2.4.16/sock --c "$work/my_sock.h:sock"
has "^#              b = $work/my_sock.h:sock (struct sock; x86_64, 64-byte lines, config (none))"
has "^resized  *next  *struct sock \*  *16  *4  *0  *struct sock \*  *16  *8  *0$"
expect 0 layout --diff --b-arch i386 "$work/my_sock.h:sock" linux-2.4.16/sock
has "^#              b = linux-2.4.16/sock (struct sock; i386"
# structs of two names are allowed, and said so
printf 'struct tcp_sock { int daddr; };\n' >"$work/t.h"
expect 0 layout --diff "$work/my_sock.h:sock" "$work/t.h:tcp_sock"
has "^# the structs have different names: struct sock and struct tcp_sock"

# the example of docs/layout.md
docs=${SKLAB_DATA:-.}/docs/examples
expect 0 layout --diff "$docs/conn_v1.h:conn" "$docs/conn_v2.h:conn"
has "^  struct conn |   +8$"
has "^4 members changed: 1 added, 0 removed, 3 moved (0 in other cache lines), 1 resized, 0 retyped$"
has "^moved,resized  flags   unsigned int    20:0  4(3)     0   unsigned int    24:0  4(5)     0$"
has "^-	char                       state;                /\*     1 \*/$"
# a side as --diff takes it, for one struct too
expect 0 layout "$docs/conn_v1.h:conn"
has "^struct conn {$"
expect 0 layout --check --keep g=fd,state@0 "$docs/conn_v2.h:conn"

# ---- JSON ---------------------------------------------------------------------
expect 0 layout --diff --json --a-config CONFIG_INET --b-config CONFIG_INET,CONFIG_IPV6 linux-2.4.16/sock \
	linux-2.4.16/sock
cp "$work/out" "$work/d.json"
grep -q '^ "counts": {"changed": [0-9]*, "added": 3, ' "$work/d.json" && ok || bad "json counts"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$work/d.json" <<'P' && ok || bad "json: parse and read"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["same_name"] is True
assert d["a"]["size"] == 808 and d["b"]["size"] == 904 and d["delta"]["size"] == 96
assert d["a"]["config"] == "CONFIG_INET" and d["b"]["label"] == "linux-2.4.16/sock (b)"
assert len(d["a"]["layout"]["fields"]) > 70
m = {x["path"]: x for x in d["members"]}
assert m["err"]["change"] == ["moved", "line"], m["err"]
assert m["err"]["a"]["offset"] == 640 and m["err"]["b"]["lines"] == [23, 23]
assert m["daddr"]["change"] == [] and m["daddr"]["a"] == m["daddr"]["b"]
assert m["net_pinfo.af_inet6"]["a"] is None
P
fi

# ---- pictures -----------------------------------------------------------------
expect 0 layout --diff --a-config CONFIG_INET --b-config CONFIG_INET,CONFIG_IPV6 linux-2.4.16/sock linux-2.4.16/sock \
	--png "$work/d.png" --svg "$work/d.svg"
[ -s "$work/d.png" ] && head -c 8 "$work/d.png" | od -c | grep -q 'P   N   G' && ok || bad "diff PNG not written"
grep -q 'data-key="link:0"' "$work/d.svg" && ok || bad "no links in the diff SVG"
grep -q 'data-key="1:field:net_pinfo.af_inet6"' "$work/d.svg" && ok || bad "the right layout is not in the SVG"
grep -q '24 moved (blue lines)' "$work/d.svg" && ok || bad "the caption does not count the moved members"
expect 0 layout --diff "$work/my_sock.h:sock" "$work/t.h:tcp_sock" --svg "$work/n.svg" --present --size 1920x1080
grep -q 'data-key="link:' "$work/n.svg" && ok || bad "no marks for the added and removed members"

# ---- --check --keep -----------------------------------------------------------
expect 0 layout --check --keep lookup=daddr,rcv_saddr,dport,num,next@0 linux-2.4.16/sock
has "^keep lookup (daddr, rcv_saddr, dport, num, next) in cache line 0 of struct sock: ok (line 0)$"
[ "$(wc -l <"$work/out")" -eq 1 ] && ok || bad "--check alone prints only its lines"
expect 0 layout --check --keep lookup=daddr,next --keep hash=pprev,bind_next@0 linux-2.4.16/sock
has "^keep hash (pprev, bind_next) in cache line 0 of struct sock: ok (line 0)$"
# state is at 32, the second 32-byte line
expect_fail 1 "check failed: 1 of 2 groups left its cache line" layout --check \
	--keep lookup=daddr,rcv_saddr,dport,num,next@0 --keep hot=daddr,state linux-2.4.16/sock
has "^keep hot (daddr, state) in one cache line of struct sock: FAILED, the group is in lines 0-1: daddr in line 0 (offset 0, size 4), state in line 1 (offset 32, size 1)$"
# with 64-byte lines it holds again
expect 0 layout --check --cacheline 64 --keep hot=daddr,state@0 linux-2.4.16/sock
# with --diff, side B is checked, after the diff
expect_fail 1 "check failed" layout --diff --check --keep 'tail=err@20' --a-config CONFIG_INET \
	--b-config CONFIG_INET,CONFIG_IPV6 linux-2.4.16/sock linux-2.4.16/sock
has "^keep tail (err) in cache line 20 of struct sock: FAILED, the group is in line 23: err in line 23 (offset 736, size 4)$"
has "^  struct sock |  +96$"
# with --json the checks go to stderr
"$SKLAB" layout --diff --json --check --keep l=err@20 linux-2.4.16/sock linux-2.4.16/sock >"$work/out" 2>"$work/err"
[ $? -eq 0 ] && grep -q "^keep l (err) in cache line 20 of struct sock: ok" "$work/err" && ok || bad "--check with --json"

# ---- usage mistakes and errors ------------------------------------------------
expect_fail 2 "no member 'nxt' in struct sock (did you mean 'next'?)" layout --check --keep lookup=daddr,nxt@0 \
	linux-2.4.16/sock
expect_fail 2 "'@' takes a cache-line number" layout --check --keep lookup=daddr@first linux-2.4.16/sock
expect_fail 2 "--check needs at least one --keep" layout --check linux-2.4.16/sock
expect_fail 2 "--keep goes with --check" layout --keep l=daddr linux-2.4.16/sock
expect_fail 2 "--diff compares two structs: A B, not 1" layout --diff linux-2.4.16/sock
expect_fail 2 "--diff compares two structs: A B, not 3" layout --diff linux-2.4.16/sock linux-2.4.16/sock linux-6.18/sock
expect_fail 2 "--a-\* and --b-\* options go with --diff" layout --a-config CONFIG_INET linux-2.4.16/sock
expect_fail 2 "with --diff, --c takes FILE.h:NAME" layout --diff --c "$work/t.h" linux-2.4.16/sock
expect_fail 2 "with --diff, name a BTF side btf:NAME" layout --diff --btf linux-2.4.16/sock linux-6.18/sock
expect_fail 2 "a side is SET/NAME, FILE.h:NAME" layout --diff linux-2.4.16/sock "$work/t.h:"
expect_fail 2 "give --profile or --arch, not both" layout --diff --a-profile linux-6.18-x86_64 --a-arch i386 \
	linux-2.4.16/sock linux-6.18/sock
expect_fail 1 "no struct 'sockk' in the layout set linux-2.4.16" layout --diff linux-2.4.16/sock linux-2.4.16/sockk
expect_fail 1 "cannot open" layout --diff linux-2.4.16/sock "$work/none.h:sock"
expect_fail 1 "no struct, union or typedef named 'nope'" layout --diff linux-2.4.16/sock "$work/t.h:nope"

# ---- against codiff -----------------------------------------------------------
# The members codiff -V names as changed are the ones the diff lists.
if command -v gcc >/dev/null 2>&1 && command -v codiff >/dev/null 2>&1; then
	pair=0
	while IFS='|' read -r a b; do
		pair=$((pair + 1))
		printf '%s\n' "$a" >"$work/p$pair-a.h"
		printf '%s\n' "$b" >"$work/p$pair-b.h"
		printf '#include "p%s-a.h"\nstruct s x;\n' $pair >"$work/p$pair-a.c"
		printf '#include "p%s-b.h"\nstruct s x;\n' $pair >"$work/p$pair-b.c"
		(cd "$work" && gcc -g -c "p$pair-a.c" -o "p$pair-a.o" && gcc -g -c "p$pair-b.c" -o "p$pair-b.o") ||
			{ bad "gcc pair $pair"; continue; }
		codiff -V "$work/p$pair-a.o" "$work/p$pair-b.o" >"$work/codiff" 2>&1
		sed -n 's/^    \([A-Za-z_][A-Za-z_0-9]*\)$/\1/p' "$work/codiff" | sort >"$work/want"
		size=$(sed -n 's/^  struct s | *\([-+][0-9]*\)$/\1/p' "$work/codiff")
		"$SKLAB" layout --diff "$work/p$pair-a.h:s" "$work/p$pair-b.h:s" >"$work/out" 2>&1 || bad "pair $pair"
		awk '/^change  /{t=1; next} t && NF==0 {t=0} t {print $2}' "$work/out" | sort >"$work/got"
		cmp -s "$work/want" "$work/got" && ok || {
			bad "pair $pair: codiff and sklab name other members"; diff "$work/want" "$work/got"
		}
		grep -q "^  struct s | *$size\$" "$work/out" && ok || bad "pair $pair: codiff says $size"
	done <<'PAIRS'
struct s { int a; char b; long c; int d; unsigned f:3; };|struct s { int a; long c; char b; short e; int d; unsigned f:5; };
struct s { int a; char b; long c; int d; unsigned f:3; char name[8]; };|struct s { long c; int a; int d; unsigned f:3; char name[16]; unsigned int b; };
struct s { void *p; int n; short k; char c; };|struct s { void *p; int n; char c; };
PAIRS
else
	echo "codiff comparison skipped: no gcc or no codiff"
fi

echo "layoutdiff cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
