#!/bin/sh
# check-reorg-pahole.sh SKLAB [N] - `sklab whatif --reorganize` against
# `pahole --reorganize` on N (default 200) random structs (fixed seed):
# chars, shorts, ints, longs, long longs, pointers, arrays, bitfields,
# nested structs and unnamed unions. Each is compiled with gcc -g for
# x86_64 and with -m32 for i386; sklab's reorganised size must be no larger
# than pahole's for every struct on both ABIs, and gcc must give the
# reorganised struct (sklab's pahole text compiled back, without the
# packed attribute and ":0" lines pahole's printer infers) the size sklab
# reports. Exits 77 (skipped) without
# pahole or a gcc that builds -m32.
set -u
SKLAB=$1
N=${2:-200}
work=$(mktemp -d)
[ -n "${SKLAB_KEEP:-}" ] && echo "keeping $work" || trap 'rm -rf "$work"' EXIT INT TERM
command -v pahole >/dev/null 2>&1 || { echo "SKIP: no pahole (dwarves)"; exit 77; }
command -v gcc >/dev/null 2>&1 || { echo "SKIP: no gcc"; exit 77; }
echo 'int x;' >"$work/probe.c"
gcc -m32 -c "$work/probe.c" -o "$work/probe.o" 2>/dev/null || { echo "SKIP: gcc -m32 does not build (gcc-multilib)"; exit 77; }

# the structs: awk's rand() after srand(2026) is the same on every run of one awk
awk -v n="$N" 'BEGIN {
	srand(2026)
	split("char|short|int|long|long long|void *|unsigned char|unsigned short|unsigned int|unsigned long|struct n1|struct n2|double", ty, "|")
	nt = 13
	print "struct n1 { char a; int b; };"
	print "struct n2 { short x; char y; };"
	for (s = 0; s < n; s++) {
		printf "struct r%d {\n", s
		print "\tvoid *p0;"
		m = 2 + int(rand() * 12)
		for (i = 1; i <= m; i++) {
			k = rand()
			if (k < 0.15) {
				w = 1 + int(rand() * 12)
				printf "\tunsigned int b%d:%d;\n", i, w
			} else if (k < 0.2) {
				printf "\tunsigned char c%d:%d;\n", i, 1 + int(rand() * 7)
			} else if (k < 0.27) {
				printf "\tunion { int u%da; char u%db[%d]; };\n", i, i, 1 + int(rand() * 7)
			} else if (k < 0.37) {
				printf "\t%s a%d[%d];\n", ty[1 + int(rand() * nt)], i, 1 + int(rand() * 5)
			} else {
				printf "\t%s m%d;\n", ty[1 + int(rand() * nt)], i
			}
		}
		print "};"
	}
}' >"$work/gen.h"
{ echo '#include "gen.h"'; i=0; while [ $i -lt "$N" ]; do echo "struct r$i v$i;"; i=$((i + 1)); done; } >"$work/gen.c"
gcc -g -c -I"$work" "$work/gen.c" -o "$work/gen64.o" || { echo "FAIL: gcc"; exit 1; }
gcc -m32 -g -c -I"$work" "$work/gen.c" -o "$work/gen32.o" || { echo "FAIL: gcc -m32"; exit 1; }

failed=0
smaller=0
equal=0
for abi in x86_64 i386; do
	obj=$work/gen64.o
	[ $abi = i386 ] && obj=$work/gen32.o
	i=0
	while [ $i -lt "$N" ]; do
		# pahole's footer of the reorganised struct: its last "size: N"
		ps=$(pahole --reorganize -C r$i "$obj" 2>/dev/null | sed -n 's/.*\/\* size: \([0-9]*\),.*/\1/p' | tail -1)
		"$SKLAB" whatif --reorganize --c "$work/gen.h" --arch $abi r$i >"$work/out" 2>"$work/err"
		ss=$(awk '$1 == "size" && NF == 4 { print $3 }' "$work/out")
		# the reorganised struct as sklab prints it, renamed, for gcc to check its size
		sed -n "/^struct r$i {/,/^}/p" "$work/out" | sed -e "s/^struct r$i {/struct q$i {/" \
			-e '/ :0;$/d' -e 's/^} __attribute__((__packed__));/};/' >>"$work/q_$abi.h"
		[ -n "$ss" ] && echo "_Static_assert(sizeof(struct q$i) == $ss, \"q$i: sklab says $ss\");" >>"$work/q_$abi.h"
		if [ -z "$ps" ] || [ -z "$ss" ]; then
			echo "FAIL: $abi r$i: pahole '$ps', sklab '$ss'"; cat "$work/err"
			failed=$((failed + 1))
		elif [ "$ss" -gt "$ps" ]; then
			echo "FAIL: $abi r$i: sklab $ss bytes, pahole --reorganize $ps"
			sed -n "/^struct r$i {/,/^};/p" "$work/gen.h"
			failed=$((failed + 1))
		elif [ "$ss" -lt "$ps" ]; then
			smaller=$((smaller + 1))
		else
			equal=$((equal + 1))
		fi
		i=$((i + 1))
	done
done
# gcc lays out every reorganised struct at the size sklab reports
{ echo '#include "gen.h"'; cat "$work/q_x86_64.h"; } >"$work/q64.c"
{ echo '#include "gen.h"'; cat "$work/q_i386.h"; } >"$work/q32.c"
gcc -c -I"$work" "$work/q64.c" -o "$work/q64.o" 2>"$work/gcc.err" || { echo "FAIL: gcc disagrees with a reorganised size (x86_64):"; head -20 "$work/gcc.err"; failed=$((failed + 1)); }
gcc -m32 -c -I"$work" "$work/q32.c" -o "$work/q32.o" 2>"$work/gcc.err" || { echo "FAIL: gcc disagrees with a reorganised size (i386):"; head -20 "$work/gcc.err"; failed=$((failed + 1)); }
echo "reorganize: $((N * 2)) structs on x86_64 and i386: sklab smaller than pahole in $smaller, equal in $equal, larger in $failed"
[ $failed -eq 0 ]
