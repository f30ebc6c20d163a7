#!/bin/sh
# check-reports.sh - fails when any sanitized process of the run wrote a
# report (ASan, UBSan, LeakSanitizer).
#
# The "asan" test preset sends every report to files (log_path in
# ASAN_OPTIONS and UBSAN_OPTIONS, named after the program and its pid)
# instead of stderr, because many tests run sklab with stderr captured,
# compared or thrown away, and some never look at its exit status (the
# window tests stop it with a key press). This test runs after all the
# others (ctest DEPENDS), prints every report and fails when there is one.
# The reports are removed once printed, so the next run starts clean.
#
# One kind of LeakSanitizer entry is listed but not counted: a leak whose
# allocation stack has no frame past the allocator (#0) but unnamed ones in
# "<unknown module>" or, with no function name, in the sanitizer runtime
# itself (libasan/libubsan: the runtime never calls malloc from there, so
# such a frame is a stale address that LeakSanitizer pins on whatever is
# mapped near it now). Such memory was allocated by a shared library that
# was unloaded before exit (Mesa's DRI driver, dlclosed when SDL closes the
# X display), so LeakSanitizer can name neither a function nor a library,
# and no suppression can match it. sklab's own code is never unloaded and
# is built with frame pointers, so a leak that involves it always names it.
#
# Nor is a report that says only that LeakSanitizer itself failed ("Tracer
# caught signal 11 ... LeakSanitizer has encountered a fatal error"): its
# stop-the-world tracer sometimes crashes on a window process at exit
# (SDL's threads, a driver being unloaded). That process's leaks went
# unchecked; it is listed, and any other finding in the file still counts.
#
# Exits 77 (skipped) when ASAN_OPTIONS sets no log_path: reports then go to
# each test's own output and fail that test.
set -u

opt() { printf '%s\n' "$1" | tr ':' '\n' | sed -n "s/^$2=//p" | tail -1; }

prefix=$(opt "${ASAN_OPTIONS:-}" log_path)
case $prefix in
"" | stderr | stdout)
	echo "SKIP: ASAN_OPTIONS sets no log_path; sanitizer reports go to each test's own output"
	exit 77
	;;
esac
dir=$(dirname "$prefix")
base=$(basename "$prefix")
if [ ! -d "$dir" ]; then
	echo "FAIL: the report directory $dir does not exist (sanitized programs cannot write their reports)"
	exit 1
fi

counted=0
ignored=0
for f in "$dir/$base".*; do
	[ -f "$f" ] || continue
	# Anything but a leak report counts. In a leak report, count the
	# entries with a frame, past #0 (the allocator), that is not in an
	# unknown module.
	real=$(awk '
		/ERROR: AddressSanitizer:|runtime error:|ERROR: UndefinedBehaviorSanitizer|ERROR: LeakSanitizer: [^d]/ { other = 1 }
		/ERROR: LeakSanitizer: detected memory leaks/ { leaks = 1 }
		/LeakSanitizer has encountered a fatal error/ { fatal = 1 }
		/^(Direct|Indirect) leak of/ { if (named) real++; inleak = 1; named = 0; next }
		inleak && /^ *#[1-9][0-9]* / {
			if ($0 !~ /\(<unknown module>\)$/ && $0 !~ /^ *#[0-9]+ 0x[0-9a-f]+ +\(.*\/lib(asan|ubsan)\.so[.0-9]*\+0x[0-9a-f]+\)$/)
				named = 1
			next
		}
		inleak && !/^ *#/ { if (named) real++; inleak = 0; named = 0 }
		END {
			if (named) real++
			if (other || (!leaks && !fatal)) print 1; else if (!leaks) print -1; else print real + 0
		}
	' "$f")
	echo "==== $(basename "$f") ($(date -r "$f" '+%Y-%m-%d %H:%M:%S'))"
	cat "$f"
	if [ "$real" -gt 0 ]; then
		counted=$((counted + 1))
	elif [ "$real" -lt 0 ]; then
		ignored=$((ignored + 1))
		echo "(ignored: LeakSanitizer itself failed in this process; its leaks went unchecked)"
	else
		ignored=$((ignored + 1))
		echo "(ignored: every leak above was allocated in a library unloaded before exit)"
	fi
	rm -f "$f"
done

if [ $counted -gt 0 ]; then
	echo "FAIL: $counted sanitizer report(s) above ($ignored ignored)"
	exit 1
fi
echo "no sanitizer reports ($ignored ignored)"
exit 0
