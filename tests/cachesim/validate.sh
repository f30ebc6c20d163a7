#!/bin/sh
# validate.sh SKLAB CC PROGDIR - sklab cachesim against Valgrind's Cachegrind.
#
# Each program in PROGDIR is compiled with CC, traced by Lackey
# (--trace-mem=yes) and run under Cachegrind with a small geometry chosen so
# that I1, D1 and LL all miss; the trace then goes through sklab cachesim
# with the same geometry. Every figure Cachegrind reports (Ir I1mr ILmr Dr
# D1mr DLmr Dw D1mw DLmw, from the summary: line of its output file) must
# agree within 1% or 3 counts, whichever is larger; and where all figures
# are equal the summary text must be Cachegrind's, line for line, bar the
# "==pid==" prefix and the miss rates (Valgrind formats floats itself).
#
# On valgrind 3.19 / amd64 every figure agrees exactly: both tools see the
# same instructions from the first one of ld.so (neither has a preload
# library of its own, so the environment and the stack addresses are the
# same), Lackey's " M" is Cachegrind's merged Dm event, which Cachegrind
# counts as one data read, and sklab follows Cachegrind's straddling rule
# and its cut of wider accesses to the smallest line. The slack only
# absorbs a tool of another version that instruments a few start-up
# instructions differently; any gap beyond it is a bug to find, not to
# tolerate.
#
# Exits 77 (skipped) when valgrind is missing or cannot run here.
set -u
SKLAB=$1
CC=$2
PROGS=$(cd "$3" && pwd) || exit 1
case $SKLAB in /*) ;; *) SKLAB=$(pwd)/$SKLAB ;; esac

if ! command -v valgrind >/dev/null 2>&1; then
	echo "SKIP: valgrind is not installed (it provides Lackey and Cachegrind)"
	exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
cd "$work" || exit 1
VALGRIND=$(command -v valgrind)
# Both tools run the program with the same, minimal environment: its size
# moves the initial stack, and with it which D1 sets the stack uses, so a
# fixed environment makes the figures below the same from run to run (for
# a given compiler and valgrind).
vg() { env -i PATH=/usr/local/bin:/usr/bin:/bin LC_ALL=C "$VALGRIND" "$@"; }

if ! vg --tool=none /bin/true >/dev/null 2>&1; then
	echo "SKIP: valgrind cannot run programs here"
	exit 77
fi

passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# close NAME CG SK: within 1% or 3 counts
close() {
	awk -v n="$1" -v a="$2" -v b="$3" 'BEGIN {
		d = a - b; if (d < 0) d = -d
		tol = a / 100; if (tol < 3) tol = 3
		if (d > tol) { printf "%s: cachegrind %d, sklab %d (|diff| %d > %d)\n", n, a, b, d, tol; exit 1 }
		exit 0 }'
}

# get KEY: a number from sklab's --json output of the current program
get() { sed -n "s/.*\"$1\": \([0-9]*\).*/\1/p" "$prog.json" | head -1; }

# validate PROG I1 D1 LL
validate() {
	prog=$1; i1=$2; d1=$3; ll=$4
	if ! "$CC" -O1 -o "$prog" "$PROGS/$prog.c" 2>"$prog.ccerr"; then
		bad "$prog: $CC failed:"; cat "$prog.ccerr"; return
	fi
	vg --tool=lackey --trace-mem=yes --log-file="$prog.trace" "./$prog" >"$prog.out1" 2>&1 ||
		{ bad "$prog: lackey failed"; return; }
	vg --tool=cachegrind --cache-sim=yes --I1="$i1" --D1="$d1" --LL="$ll" \
		--cachegrind-out-file="$prog.cg" --log-file="$prog.cglog" "./$prog" >"$prog.out2" 2>&1 ||
		{ bad "$prog: cachegrind failed"; cat "$prog.cglog"; return; }
	if ! cmp -s "$prog.out1" "$prog.out2"; then
		bad "$prog: the program printed different results under the two tools"; return
	fi
	"$SKLAB" cachesim --quiet --I1 "$i1" --D1 "$d1" --LL "$ll" --json "$prog.trace" >"$prog.json" 2>"$prog.err" ||
		{ bad "$prog: sklab cachesim failed:"; cat "$prog.err"; return; }
	"$SKLAB" cachesim --quiet --I1 "$i1" --D1 "$d1" --LL "$ll" "$prog.trace" >"$prog.sk" 2>>"$prog.err" ||
		{ bad "$prog: sklab cachesim (text) failed:"; cat "$prog.err"; return; }

	# Cachegrind: "summary: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw"
	cg=$(sed -n 's/^summary: //p' "$prog.cg")
	sk="$(get I_refs) $(get I1_misses) $(get LLi_misses) $(get D_rd) $(get D1_misses_rd)"
	sk="$sk $(get LLd_misses_rd) $(get D_wr) $(get D1_misses_wr) $(get LLd_misses_wr)"
	set -- $cg
	if [ $# -ne 9 ]; then
		bad "$prog: no summary line in Cachegrind's output"; return
	fi
	names="Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw"
	allok=1
	exact=1
	j=1
	for v in $sk; do
		eval "c=\${$j}"
		n=$(echo $names | cut -d' ' -f$j)
		if ! close "$prog $n" "$c" "$v"; then allok=0; fi
		[ "$c" = "$v" ] || exact=0
		j=$((j + 1))
	done
	# the LL totals follow from the figures above, in both tools
	if [ $allok = 1 ]; then ok; else bad "$prog: figures differ ($i1 / $d1 / $ll)"; fi
	echo "$prog  I1=$i1 D1=$d1 LL=$ll"
	echo "  cachegrind: $cg"
	echo "  sklab:      $sk"
	if [ $exact = 1 ]; then
		# valgrind 3.21 and later say "I refs:  " where 3.19 says "I   refs:"
		sed -n 's/^==[0-9]*== /==0== /p' "$prog.cglog" | sed -n '/I *refs:/,/LL miss rate:/p' |
			sed 's/ I refs:  / I   refs:/; s/ D refs:  / D   refs:/' | grep -v 'miss rate' >"$prog.cgtext"
		grep -v 'miss rate' "$prog.sk" >"$prog.sktext"
		if diff -u "$prog.cgtext" "$prog.sktext" >"$prog.diff"; then
			ok
		else
			bad "$prog: the summary text is not Cachegrind's:"; cat "$prog.diff"
		fi
	fi
}

# 64-byte lines everywhere; a 1 KiB 2-way D1 thrashes on every program
validate list_walk 1024,2,64 1024,2,64 16384,4,64
# a direct-mapped 32-byte-line I1, a 32-byte-line D1 under a 64-byte-line LL:
# accesses wider than 32 bytes are cut to 32, as Cachegrind cuts them
validate stride_sum 4096,1,32 2048,4,32 16384,8,64
# the straddling reads and the load-modify-stores
validate struct_fields 2048,2,64 4096,4,64 32768,8,64

echo "cachesim_valgrind: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
