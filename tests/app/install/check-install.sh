#!/bin/sh
# check-install.sh CMAKE BUILDDIR SRCDIR - installs sklab into a temporary
# prefix and runs the installed program from another working directory with
# nothing else copied: it must find its own data (not the source tree's),
# also after the prefix is moved; the installed man page must render.
set -u
CMAKE=$1
BUILD=$2
SRC=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# The installed program must not be steered by a test environment.
unset SKLAB_DATA SKLAB_DRAWLIST_DUMP
SDL_VIDEODRIVER=dummy
export SDL_VIDEODRIVER

P=$work/prefix
if ! "$CMAKE" --install "$BUILD" --prefix "$P" >"$work/install.log" 2>&1; then
	echo "FAIL: cmake --install:"; cat "$work/install.log"
	exit 1
fi

# ---- what goes where ---------------------------------------------------------
for f in bin/sklab share/sklab/assets/profiles/linux-2.4.16-i386.lua \
	share/sklab/assets/fonts/DejaVuSansMono.ttf \
	share/sklab/scenarios/sock_2001_layout.lua share/man/man1/sklab.1 \
	share/doc/sklab/README.md share/doc/sklab/lua-api.md share/applications/sklab.desktop \
	share/icons/hicolor/48x48/apps/sklab.png share/icons/hicolor/256x256/apps/sklab.png \
	share/icons/hicolor/scalable/apps/sklab.svg; do
	[ -f "$P/$f" ] && ok || bad "not installed: $f"
done
[ -e "$P/share/sklab/assets/icons" ] && bad "the icons are installed in share/sklab too" || ok
[ -x "$P/bin/sklab" ] && ok || bad "bin/sklab is not executable"
for d in assets/layouts/linux-2.4.16 assets/layouts/linux-6.18; do
	[ -d "$P/share/sklab/$d" ] && ok || bad "not installed: share/sklab/$d"
done
n_src=$(ls "$SRC"/scenarios/*.lua | wc -l)
n_inst=$(ls "$P"/share/sklab/scenarios/*.lua | wc -l)
[ "$n_src" -eq "$n_inst" ] && ok || bad "installed $n_inst scenarios of $n_src"

# ---- the installed program, from another working directory -------------------
mkdir "$work/elsewhere"
cd "$work/elsewhere" || exit 1
S=$P/bin/sklab

"$S" --version >"$work/out" 2>&1 && grep -Eq '^sklab [0-9]+\.[0-9]+\.[0-9]+$' "$work/out" && ok ||
	bad "sklab --version"

if "$S" list >"$work/list" 2>"$work/err"; then
	ok
	n=$(grep -c '\.lua$' "$work/list")
	[ "$n" -eq "$n_inst" ] && ok || bad "sklab list shows $n scenarios, $n_inst installed"
	grep -q '^sock_2001_layout.lua$' "$work/list" && ok || bad "sklab list lacks sock_2001_layout.lua"
	grep -q 'profile: linux-2.4.16-i386' "$work/list" && ok || bad "sklab list shows no profiles"
else
	bad "sklab list failed:"; cat "$work/err"
fi

if "$S" layout linux-2.4.16/sock >"$work/sock.txt" 2>"$work/err"; then
	diff -u "$SRC/tests/data/golden/sock.pahole" "$work/sock.txt" >"$work/sock.diff" && ok ||
		{ bad "installed sklab layout linux-2.4.16/sock differs from the golden text:"; head -20 "$work/sock.diff"; }
else
	bad "sklab layout linux-2.4.16/sock failed:"; cat "$work/err"
fi

"$S" profiles >"$work/out" 2>&1 && grep -q '^linux-6.18-x86_64 ' "$work/out" && ok || bad "sklab profiles"

# a scenario headless, by its installed path
scen=$P/share/sklab/scenarios/sock_2001_layout.lua
if "$S" run --headless --frames "$work/frames" "$scen" >"$work/run.txt" 2>"$work/err"; then
	ok
	nframes=$(ls "$work/frames"/frame-*.png 2>/dev/null | wc -l)
	[ "$nframes" -eq 7 ] && ok || bad "run wrote $nframes frames, wanted 7"
	[ -s "$work/frames/report.txt" ] && ok || bad "run wrote no report.txt"
	grep -q '^10 of 10 expectations passed$' "$work/run.txt" && ok || bad "run: not all expectations passed"
	grep -q '^step 1/7: struct sock in Linux 2.4.16 on i386: 812 bytes' "$work/run.txt" && ok ||
		bad "run: step 1's caption"
	# the frames are PNG files
	head -c 8 "$work/frames/frame-001.png" | od -An -c | grep -q 'P   N   G' && ok || bad "frame-001.png is not a PNG"
else
	bad "sklab run --headless failed:"; cat "$work/err"
fi

# ... and by its bare name, from the data directory's scenarios/
"$S" run --headless --quiet sock_2001_layout.lua >"$work/out.txt" 2>&1 && ok ||
	{ bad "sklab run sock_2001_layout.lua (bare name) failed:"; cat "$work/out.txt"; }

# ---- it reads the installed data, not the source tree ------------------------
cat >"$P/share/sklab/scenarios/zz_installed_only.lua" <<'LUA'
-- zz_installed_only.lua
-- title:   Only in the installed data
-- goal:    Prove the installed program reads its own data directory.
-- profile: linux-2.4.16-i386
scenario {
  title = "Only in the installed data",
  goal = "Prove the installed program reads its own data directory.",
  profile = "linux-2.4.16-i386",
}
local types = sklab.layouts("linux-2.4.16")
scene.show(types.sock)
scene.step("sock: " .. types.sock.size .. " bytes")
expect(types.sock.size == 812, "812 bytes")
LUA
"$S" list 2>&1 | grep -q '^zz_installed_only.lua$' && ok || bad "sklab list does not read the installed scenarios"
"$S" run --headless zz_installed_only.lua >"$work/out.txt" 2>&1 && grep -q '1 of 1 expectations passed' "$work/out.txt" &&
	ok || { bad "the installed-only scenario does not run:"; cat "$work/out.txt"; }
# a SKLAB_DATA that holds no data is passed over
SKLAB_DATA=$work/nothing-here "$S" list 2>&1 | grep -q '^zz_installed_only.lua$' && ok ||
	bad "a useless SKLAB_DATA hides the installed data"
# and a useful one wins
SKLAB_DATA=$SRC "$S" list 2>&1 | grep -q '^zz_installed_only.lua$' && bad "SKLAB_DATA is not used first" || ok

# ---- a moved prefix still finds its data ---------------------------------------
mv "$P" "$work/moved"
S=$work/moved/bin/sklab
"$S" layout linux-2.4.16/sock >"$work/sock2.txt" 2>"$work/err" &&
	cmp -s "$work/sock.txt" "$work/sock2.txt" && ok || { bad "a moved prefix: layout failed"; cat "$work/err"; }
"$S" list 2>&1 | grep -q '^zz_installed_only.lua$' && ok || bad "a moved prefix: list reads other data"

# ---- the man page ---------------------------------------------------------------
page=$work/moved/share/man/man1/sklab.1
if command -v man >/dev/null 2>&1; then
	if LC_ALL=C MANWIDTH=80 man --warnings -l "$page" >"$work/man.txt" 2>"$work/man.err" &&
		[ ! -s "$work/man.err" ]; then
		ok
		grep -q '^SKLAB(1)' "$work/man.txt" && ok || bad "man: no SKLAB(1) header"
		for s in NAME SYNOPSIS DESCRIPTION COMMANDS FILES ENVIRONMENT 'EXIT STATUS' EXAMPLES 'SEE ALSO'; do
			grep -q "^$s\$" "$work/man.txt" && ok || bad "man page lacks the section $s"
		done
	else
		bad "man -l sklab.1 warns or fails:"; cat "$work/man.err"
	fi
else
	echo "note: man not found; the man page's rendering is not checked"
fi
if command -v groff >/dev/null 2>&1; then
	groff -man -Tutf8 -ww "$page" >/dev/null 2>"$work/groff.err" && [ ! -s "$work/groff.err" ] && ok ||
		{ bad "groff -ww warns about sklab.1:"; cat "$work/groff.err"; }
else
	echo "note: groff not found; the man page's warnings are not checked"
fi

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
