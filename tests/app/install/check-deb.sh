#!/bin/sh
# check-deb.sh SRCDIR BUILDDIR [--no-install] - the Debian package as a user
# gets it: configures SRCDIR in BUILDDIR (Release, prefix /usr), builds the
# program, makes sklab_*.deb with `cpack -G DEB`, checks what it holds and
# declares, installs it with `apt-get install` (as root, or through sudo),
# then runs the installed program from a directory outside the source tree:
# --version, a scenario headless from /usr/share/sklab, the scenario list,
# the desktop entry (desktop-file-validate when installed) and, when Xvfb
# is there, the entry's command opening the scenario picker. With
# --no-install it stops after checking the package. .ci/run calls it.
set -u
if [ $# -lt 2 ]; then
	echo "usage: check-deb.sh SRCDIR BUILDDIR [--no-install]" >&2
	exit 2
fi
SRC=$(cd "$1" && pwd) || exit 2
BUILD=$2
INSTALL=1
[ "${3:-}" = "--no-install" ] && INSTALL=0
work=$(mktemp -d)
xpid=""
apid=""
cleanup() {
	[ -n "$apid" ] && kill "$apid" 2>/dev/null && wait "$apid" 2>/dev/null
	[ -n "$xpid" ] && kill "$xpid" 2>/dev/null && wait "$xpid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
exec 3>&1
run() { echo "+ $*" >&3; "$@"; }

# ---- the package ------------------------------------------------------------------
# Only the program is built (the tests are not part of the package), and
# installing does not build everything first.
run cmake -S "$SRC" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
	-DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON >"$work/cmake.log" 2>&1 ||
	{ cat "$work/cmake.log"; echo "FAIL: cmake"; exit 1; }
run cmake --build "$BUILD" --target sklab -j2 >"$work/build.log" 2>&1 ||
	{ cat "$work/build.log"; echo "FAIL: build"; exit 1; }
rm -f "$BUILD"/sklab_*.deb
(cd "$BUILD" && run cpack -G DEB) >"$work/cpack.log" 2>&1 ||
	{ cat "$work/cpack.log"; echo "FAIL: cpack -G DEB"; exit 1; }
deb=$(ls "$BUILD"/sklab_*.deb 2>/dev/null | head -1)
if [ -z "$deb" ]; then
	cat "$work/cpack.log"
	echo "FAIL: cpack made no sklab_*.deb"
	exit 1
fi
echo "package: $deb ($(wc -c <"$deb") bytes)"

field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = sklab ] && ok || bad "Package is '$(field Package)'"
[ "$(field Section)" = education ] && ok || bad "Section is '$(field Section)'"
[ -n "$(field Maintainer)" ] && ok || bad "no Maintainer"
field Description | head -1 | grep -q 'socket memory lab' && ok || bad "Description: $(field Description | head -1)"
deps=$(field Depends)
for lib in libsdl2-2.0-0 libsdl2-ttf-2.0-0 libsdl2-image-2.0-0 liblua5.4-0; do
	case "$deps" in *"$lib"*) ok ;; *) bad "Depends lacks $lib: $deps" ;; esac
done
dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./|/|' >"$work/files"
for f in /usr/bin/sklab /usr/share/man/man1/sklab.1 /usr/share/applications/sklab.desktop \
	/usr/share/icons/hicolor/scalable/apps/sklab.svg /usr/share/icons/hicolor/48x48/apps/sklab.png \
	/usr/share/icons/hicolor/128x128/apps/sklab.png /usr/share/icons/hicolor/256x256/apps/sklab.png \
	/usr/share/sklab/assets/profiles/linux-2.4.16-i386.lua /usr/share/sklab/assets/fonts/DejaVuSansMono.ttf \
	/usr/share/sklab/scenarios/sock_2001_layout.lua /usr/share/doc/sklab/README.md; do
	grep -qx "$f" "$work/files" && ok || bad "the package lacks $f"
done
n_src=$(ls "$SRC"/scenarios/*.lua | wc -l)
n_deb=$(grep -c '^/usr/share/sklab/scenarios/.*\.lua$' "$work/files")
[ "$n_src" -eq "$n_deb" ] && ok || bad "the package holds $n_deb scenarios of $n_src"
grep -q '^/usr/share/sklab/assets/icons' "$work/files" && bad "the icons are in share/sklab too" || ok
grep -q '^/usr/local' "$work/files" && bad "the package installs into /usr/local" || ok

if [ "$INSTALL" -eq 0 ]; then
	echo "deb: $passed passed, $failed failed (not installed: --no-install)"
	[ "$failed" -eq 0 ]
	exit
fi

# ---- installed ----------------------------------------------------------------------
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
	if ! command -v sudo >/dev/null 2>&1; then
		echo "FAIL: installing the package needs root or sudo (or pass --no-install)"
		exit 1
	fi
	SUDO=sudo
fi
case "$deb" in /*) ;; *) deb=$(pwd)/$deb ;; esac
run $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --reinstall "$deb" >"$work/apt.log" 2>&1 ||
	{ cat "$work/apt.log"; echo "FAIL: apt-get install $deb"; exit 1; }
ok

# from a directory of its own, with nothing pointing at the source tree
unset SKLAB_DATA SKLAB_DRAWLIST_DUMP
mkdir "$work/elsewhere"
cd "$work/elsewhere" || exit 1
S=$(command -v sklab)
[ "$S" = /usr/bin/sklab ] && ok || bad "sklab on PATH is '$S', not /usr/bin/sklab"
S=/usr/bin/sklab
"$S" --version >"$work/out" 2>&1 && grep -Eq '^sklab [0-9]+\.[0-9]+\.[0-9]+$' "$work/out" && ok ||
	{ bad "sklab --version:"; cat "$work/out"; }
scen=/usr/share/sklab/scenarios/sock_2001_layout.lua
if SDL_VIDEODRIVER=dummy "$S" run "$scen" --headless --frames "$work/frames" >"$work/run.txt" 2>"$work/err"; then
	ok
	n=$(ls "$work/frames"/frame-*.png 2>/dev/null | wc -l)
	[ "$n" -ge 1 ] && ok || bad "the installed sklab run wrote no frames"
	head -c 8 "$work/frames/frame-001.png" 2>/dev/null | od -An -c | grep -q 'P   N   G' && ok ||
		bad "frame-001.png is not a PNG"
	grep -q 'expectations passed$' "$work/run.txt" && ok || bad "run: no expectations line"
else
	bad "sklab run $scen --headless failed:"; cat "$work/err"
fi
"$S" list >"$work/list" 2>&1 && grep -q '^sock_2001_layout.lua$' "$work/list" && ok ||
	{ bad "sklab list does not show the installed scenarios:"; head "$work/list"; }
# (a minimal system's dpkg may be set to leave man pages out)
if [ -f /usr/share/man/man1/sklab.1 ] && command -v man >/dev/null 2>&1; then
	[ "$(man -w sklab 2>/dev/null)" = /usr/share/man/man1/sklab.1 ] && ok || bad "man -w sklab: $(man -w sklab 2>&1)"
fi

# ---- the desktop entry -------------------------------------------------------------------
desk=/usr/share/applications/sklab.desktop
if command -v desktop-file-validate >/dev/null 2>&1; then
	desktop-file-validate "$desk" >"$work/dfv" 2>&1 && ! grep -q . "$work/dfv" && ok ||
		{ bad "desktop-file-validate $desk:"; cat "$work/dfv"; }
else
	echo "note: desktop-file-validate not found (Debian: desktop-file-utils); the entry is not validated"
fi
icon=$(sed -n 's/^Icon=//p' "$desk")
[ -f "/usr/share/icons/hicolor/48x48/apps/$icon.png" ] && [ -f "/usr/share/icons/hicolor/scalable/apps/$icon.svg" ] &&
	ok || bad "Icon=$icon is not in /usr/share/icons/hicolor"
exe=$(sed -n 's/^Exec=//p' "$desk")
[ "$exe" = sklab ] && ok || bad "Exec is '$exe', not sklab"

# the menu's command opens the scenario picker (on a private X display)
if command -v Xvfb >/dev/null 2>&1; then
	: >"$work/display"
	Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
	xpid=$!
	t=0
	while [ $t -lt 100 ] && [ -z "$(tr -dc 0-9 <"$work/display")" ] && kill -0 "$xpid" 2>/dev/null; do
		sleep 0.1
		t=$((t + 1))
	done
	d=$(tr -dc 0-9 <"$work/display")
	if [ -n "$d" ]; then
		dump=$work/dump.txt
		(unset SDL_VIDEODRIVER WAYLAND_DISPLAY; DISPLAY=:$d SKLAB_DRAWLIST_DUMP=$dump SDL_AUDIODRIVER=dummy \
			exec $exe) >"$work/app.log" 2>&1 &
		apid=$!
		t=0
		while [ $t -lt 300 ] && ! { [ -s "$dump" ] && grep -q 'key=start:item:' "$dump"; } &&
			kill -0 "$apid" 2>/dev/null; do
			sleep 0.1
			t=$((t + 1))
		done
		if [ -s "$dump" ] && head -1 "$dump" | grep -q 'mode=page' && grep -q 'key=start:item:' "$dump"; then
			ok
		else
			bad "Exec=$exe opened no scenario picker:"; cat "$work/app.log"; head -3 "$dump" 2>/dev/null
		fi
		kill "$apid" 2>/dev/null
		wait "$apid" 2>/dev/null
		apid=""
	else
		echo "note: Xvfb started no display; the picker is not checked"
	fi
else
	echo "note: Xvfb not found; the menu command's picker is not checked"
fi

echo "deb: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
