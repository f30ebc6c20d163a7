#!/bin/sh
# Every public header compiles alone: a translation unit holding nothing
# but #include "sklab/X.h" builds with the project's warnings as errors,
# so no header leans on another being included first.
#   check-headers.sh CC INCLUDE_DIR [CFLAGS...]   (CFLAGS: SDL's, for render/sdl.h)
set -u
cc=${1:?usage: check-headers.sh CC INCLUDE_DIR [CFLAGS...]}
inc=${2:?usage: check-headers.sh CC INCLUDE_DIR [CFLAGS...]}
shift 2
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
n=0
bad=0
for h in $(cd "$inc" && find sklab -name '*.h' | sort); do
	n=$((n + 1))
	printf '#include "%s"\n' "$h" >"$work/t.c"
	if ! "$cc" -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Werror \
		-fsyntax-only -I"$inc" "$@" "$work/t.c" 2>"$work/err"; then
		echo "$h does not compile alone:"
		sed 's/^/  /' "$work/err"
		bad=$((bad + 1))
	fi
done
if [ "$bad" -gt 0 ]; then
	echo "check-headers: $bad of $n public headers need another included first"
	exit 1
fi
echo "check-headers: all $n public headers compile alone"
