#!/bin/sh
# check-memcheck.sh SKLAB SCENARIO OUTPUT WORKDIR SANITIZED SUPP
#   - one bundled scenario, `sklab run --headless`, under Valgrind's memcheck.
#
# OUTPUT is "text" (the report on stdout only), "png" or "svg" (every frame
# written with --frames, so the renderer and its writers run too). Fails on
# any memcheck error (invalid read or write, uninitialised value used,
# bad free, fd misuse) and on any definitely or indirectly lost block;
# "still reachable" memory (SDL's and fontconfig's caches) and "possibly
# lost" are not counted. SUPP is the suppressions file for system
# libraries. The scenario itself must pass (exit 0), as it does outside
# valgrind.
#
# Exits 77 (skipped) with the reason when valgrind is missing or cannot run
# here, or when sklab is a sanitized build (SANITIZED is ON): AddressSanitizer
# reserves the shadow memory valgrind needs, so the two cannot run together.
set -u
SKLAB=$1
SCENARIO=$2
OUTPUT=$3
WORK=$4
SANITIZED=$5
SUPP=$6

case $SANITIZED in
ON | on | TRUE | true | 1 | YES | yes)
	echo "SKIP: sklab is built with SKLAB_SANITIZE; AddressSanitizer and valgrind cannot run one program together (the asan preset checks memory instead)"
	exit 77
	;;
esac
if ! command -v valgrind >/dev/null 2>&1; then
	echo "SKIP: valgrind is not installed (Debian: valgrind)"
	exit 77
fi
if ! valgrind --tool=none /bin/true >/dev/null 2>&1; then
	echo "SKIP: valgrind cannot run programs here"
	exit 77
fi

name=$(basename "$SCENARIO" .lua)
rm -rf "$WORK"
mkdir -p "$WORK" || exit 1
log="$WORK/memcheck.log"
set -- run --headless --timeout 3600 # valgrind runs 20 to 50 times slower: the default 10 s is the release build's
case $OUTPUT in
text) ;;
png | svg) set -- "$@" --frames "$WORK/frames" --format "$OUTPUT" ;;
*)
	echo "unknown output '$OUTPUT' (text, png or svg)"
	exit 2
	;;
esac

# 99 is memcheck's own status for errors and counted leaks; any other
# non-zero status is sklab's.
valgrind --tool=memcheck --error-exitcode=99 --leak-check=full \
	--show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \
	--track-fds=no --num-callers=40 --suppressions="$SUPP" --log-file="$log" \
	"$SKLAB" "$@" "$SCENARIO" >"$WORK/stdout.txt" 2>"$WORK/stderr.txt"
rc=$?

failed=0
n=""
if [ $rc -eq 99 ]; then
	echo "FAIL: memcheck found errors or leaks in $name:"
	cat "$log"
	failed=1
elif [ $rc -ne 0 ]; then
	echo "FAIL: sklab run --headless $name exited $rc under valgrind:"
	cat "$WORK/stderr.txt"
	tail -n 30 "$log"
	failed=1
fi
# the figures themselves, in case the status was lost
errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$log" | tail -1)
definite=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tail -1 | tr -d ,)
indirect=$(sed -n 's/.*indirectly lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tail -1 | tr -d ,)
if [ -z "$errors" ]; then
	echo "FAIL: no ERROR SUMMARY in the memcheck log"
	failed=1
elif [ $failed -eq 0 ] && { [ "$errors" != 0 ] || [ "${definite:-0}" != 0 ] || [ "${indirect:-0}" != 0 ]; }; then
	echo "FAIL: $errors errors, $definite bytes definitely and $indirect bytes indirectly lost"
	cat "$log"
	failed=1
fi
if [ ! -s "$WORK/stdout.txt" ]; then
	echo "FAIL: no report on stdout"
	failed=1
fi
if [ "$OUTPUT" != text ]; then
	n=$(ls "$WORK/frames"/frame-*."$OUTPUT" 2>/dev/null | wc -l)
	if [ "$n" -eq 0 ]; then
		echo "FAIL: no $OUTPUT frames in $WORK/frames"
		failed=1
	fi
	[ -s "$WORK/frames/report.txt" ] || {
		echo "FAIL: no report.txt beside the frames"
		failed=1
	}
fi
[ $failed -eq 0 ] || exit 1
echo "memcheck $name ($OUTPUT): 0 errors, no definite or indirect leaks${n:+, $n frames}"
exit 0
