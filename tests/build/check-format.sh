#!/bin/sh
# The C sources are laid out by clang-format (.clang-format at the top):
# every file of src/, include/ and tests/ the project writes, that is
# everything but the C inputs kept as test data (tests/**/corpus, tests/data).
# Prints each file that differs and fails; `--fix` rewrites them instead.
#   check-format.sh SOURCE_DIR [--fix]
set -u
root=${1:?usage: check-format.sh SOURCE_DIR [--fix]}
cd "$root" || exit 2
if ! command -v clang-format >/dev/null 2>&1; then
	echo "check-format: clang-format is not installed"
	exit 77
fi
files=$(git ls-files 'src/*.c' 'src/*.h' 'include/*.h' 'tests/*.c' 'tests/*.h' | grep -v '/corpus/' | grep -v '^tests/data/')
if [ "${2:-}" = --fix ]; then
	printf '%s\n' $files | xargs clang-format -i
	exit 0
fi
bad=0
for f in $files; do
	if ! clang-format --dry-run -Werror "$f" >/dev/null 2>&1; then
		echo "$f: not as clang-format lays it out (sh tests/build/check-format.sh . --fix)"
		bad=$((bad + 1))
	fi
done
if [ "$bad" -gt 0 ]; then
	echo "check-format: $bad file(s) to format"
	exit 1
fi
echo "check-format: $(printf '%s\n' $files | wc -l) files as clang-format lays them out"
