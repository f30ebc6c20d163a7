#!/bin/sh
# The walls between wings and layers: a file under src/ includes, with
# quotes, only public headers (include/sklab/...) and headers of its own
# folder (a sub-folder of src/app also those of src/app); a test includes public headers, tests/common, its own folder,
# and the private headers of a folder its CMakeLists.txt names explicitly
# (target_include_directories ... src/...). Prints every breach with
# file:line and fails when there is one.
#   check-walls.sh SOURCE_DIR
#   check-walls.sh --self-test     shows that a breach is caught
set -u
if [ "${1:-}" = --self-test ]; then
	t=$(mktemp -d) || exit 2
	mkdir -p "$t/src/core/a" "$t/src/core/b" "$t/include/sklab" "$t/tests/a"
	echo '#include "b_impl.h"' >"$t/src/core/a/x.c"
	: >"$t/src/core/b/b_impl.h"
	echo '#include "../b/b_impl.h"' >"$t/src/core/a/y.c"
	echo '#include "sklab/none.h"' >"$t/tests/a/t.c"
	got=$(sh "$0" "$t")
	rc=$?
	rm -rf "$t"
	printf '%s\n' "$got"
	case $got in
	*"x.c:1: includes \"b_impl.h\""*"y.c:1: includes \"../b/b_impl.h\""*) ;;
	*) echo "self-test: a breach went unseen"; exit 1 ;;
	esac
	[ $rc -ne 0 ] || { echo "self-test: breaches did not fail the check"; exit 1; }
	echo "self-test: breaches caught"
	exit 0
fi
root=${1:?usage: check-walls.sh SOURCE_DIR}
cd "$root" || exit 2
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT
breach() {
	echo "$1: includes \"$2\": $3"
}
for f in $(find src tests -name '*.[ch]' | sort); do
	dir=$(dirname "$f")
	allowed=""
	case $f in
	tests/*)
		d=$dir
		while [ "$d" != tests ] && [ "$d" != . ]; do
			if [ -f "$d/CMakeLists.txt" ]; then
				allowed=$(sed -n 's/.*target_include_directories([^)]*\${PROJECT_SOURCE_DIR}\/\(src\/[a-z_/]*\)).*/\1/p' \
					"$d/CMakeLists.txt" | sort -u)
				break
			fi
			d=$(dirname "$d")
		done
		;;
	esac
	grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" | while IFS= read -r hit; do
		line=${hit%%:*}
		name=$(printf '%s\n' "$hit" | sed 's/.*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/')
		case $name in
		sklab/*)
			[ -f "include/$name" ] || breach "$f:$line" "$name" "no such public header"
			continue ;;
		*/*) breach "$f:$line" "$name" "reaches into another folder; use a public header"; continue ;;
		esac
		[ -f "$dir/$name" ] && continue
		# src/app is one layer: its sub-folders (bench_self/) share its headers
		case $f in
		src/app/*/*) [ -f "src/app/$name" ] && continue ;;
		esac
		case $f in
		tests/*)
			[ -f "tests/common/$name" ] && continue
			ok=0
			for a in $allowed; do
				[ -f "$a/$name" ] && ok=1
			done
			[ $ok = 1 ] && continue
			breach "$f:$line" "$name" "not in its folder, tests/common, or a folder its CMakeLists.txt adds"
			;;
		*) breach "$f:$line" "$name" "a private header of another folder" ;;
		esac
	done
done >"$out" 2>&1
n=$(grep -c . "$out" || true)
cat "$out"
if [ "$n" -gt 0 ]; then
	echo "check-walls: $n include(s) through a wall"
	exit 1
fi
echo "check-walls: every include goes through a public header or stays in its folder"
