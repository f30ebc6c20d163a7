#!/bin/sh
# check-cli.sh SKLAB SRCDIR - the sklab program as a user drives it: help,
# version, layout text against real pahole goldens, JSON, C input, exit
# statuses and one-line errors, scenarios headless with frames and reports.
set -u
SKLAB=$1
SRC=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# expect_fail STATUS PATTERN ARGS... : exits with STATUS and prints one stderr
# line matching PATTERN
expect_fail() {
	want=$1; pat=$2; shift 2
	"$SKLAB" "$@" >"$work/out" 2>"$work/err"
	got=$?
	lines=$(wc -l <"$work/err")
	if [ "$got" -ne "$want" ]; then
		bad "sklab $*: exit $got, wanted $want"
	elif [ "$lines" -ne 1 ]; then
		bad "sklab $*: wanted one line on stderr, got $lines:"; cat "$work/err"
	elif ! grep -q -- "$pat" "$work/err"; then
		bad "sklab $*: stderr does not match '$pat':"; cat "$work/err"
	else
		ok
	fi
}

# ---- help and version -----------------------------------------------------
"$SKLAB" --help >"$work/out" 2>&1 && grep -q "sklab layout" "$work/out" && ok || bad "--help"
"$SKLAB" --version >"$work/out" 2>&1 && grep -Eq '^sklab [0-9]+\.[0-9]+\.[0-9]+$' "$work/out" && ok || bad "--version"
"$SKLAB" layout --help >"$work/out" 2>&1 && grep -q -- "--config" "$work/out" && ok || bad "layout --help"
"$SKLAB" run --help >"$work/out" 2>&1 && grep -q -- "--frames" "$work/out" && ok || bad "run --help"

# ---- pahole text against real pahole (gcc -m32, 32-byte lines) -------------
for s in sock tcp_opt inet_opt unix_opt ipv6_pinfo tcp_sock; do
	"$SKLAB" layout linux-2.4.16/$s >"$work/$s.txt" 2>"$work/err"
	if diff -u "$SRC/tests/data/golden/$s.pahole" "$work/$s.txt" >"$work/$s.diff"; then
		ok
	else
		bad "layout linux-2.4.16/$s differs from pahole's golden text:"; head -30 "$work/$s.diff"
	fi
done

# sizes of struct sock per configuration (reference 3.3)
size_of() { "$SKLAB" layout "$@" | sed -n 's/.*size: \([0-9]*\),.*/\1/p'; }
[ "$(size_of --config CONFIG_INET linux-2.4.16/sock)" = 808 ] && ok || bad "sock with INET is not 808"
[ "$(size_of linux-2.4.16/sock)" = 812 ] && ok || bad "sock with INET+FILTER is not 812"
[ "$(size_of --config +CONFIG_IPV6 linux-2.4.16/sock)" = 908 ] && ok || bad "sock +IPV6 is not 908"
[ "$(size_of --config +CONFIG_DECNET linux-2.4.16/sock)" = 1172 ] && ok || bad "sock +DECNET is not 1172"
[ "$(size_of --config +CONFIG_IPV6,CONFIG_DECNET linux-2.4.16/sock)" = 1268 ] && ok || bad "sock +IPV6+DECNET is not 1268"
[ "$(size_of linux-2.4.16/tcp_sock)" = 788 ] && ok || bad "tcp_sock is not 788"
# the same struct for another ABI and cache-line size
[ "$(size_of --arch x86_64 linux-2.4.16/list_head)" = 16 ] && ok || bad "list_head on x86_64 is not 16"
"$SKLAB" layout --cacheline 64 linux-2.4.16/sock | grep -q "cachelines: 13," && ok || bad "--cacheline 64"
"$SKLAB" layout --hex linux-2.4.16/inet_opt | grep -q "0x" && ok || bad "--hex"

# JSON: every member with offset, size, bit offset and cache line
"$SKLAB" layout --json linux-2.4.16/sock >"$work/sock.json" 2>&1 || bad "layout --json failed"
grep -q '"name": "struct sock"' "$work/sock.json" && ok || bad "json name"
grep -q '"size": 812' "$work/sock.json" && ok || bad "json size"
grep -q '"name": "bind_pprev", "path": "bind_pprev", "type": "struct sock \*\*", "offset": 28, "size": 4' \
	"$work/sock.json" && ok || bad "json member bind_pprev"
grep -q '"cacheline_first": 0, "cacheline_last": 0' "$work/sock.json" && ok || bad "json cache lines"
grep -q '"bit_offset": [0-9]*, "bit_size": 1' "$(printf %s "$work/sock.json")" || true
"$SKLAB" layout --json linux-2.4.16/inet_opt | grep -q '"name": "recverr".*"bit_size": 1' && ok || bad "json bitfield"

# C input
cat >"$work/h.h" <<'H'
/* a small header */
struct pair { char c; long long v; };
struct flags { unsigned a:3, b:7; unsigned char tail; };
H
"$SKLAB" layout --c "$work/h.h" --arch i386 pair | grep -q "size: 12," && ok || bad "--c pair on i386"
"$SKLAB" layout --c "$work/h.h" --arch x86_64 pair | grep -q "size: 16," && ok || bad "--c pair on x86_64"
# the fixed-width and kernel types need no typedef (the C reader's prelude)
cat >"$work/fw.h" <<'H'
#include <stdint.h>
struct fw { uint8_t a; uint64_t b; __be16 port; u32 n; size_t len; };
H
"$SKLAB" layout --c "$work/fw.h" --arch x86_64 fw | grep -q "size: 32," && ok || bad "--c uint64_t/__be16/u32/size_t on x86_64"
"$SKLAB" layout --c "$work/fw.h" --arch i386 fw | grep -q "size: 24," && ok || bad "--c fixed-width types on i386"
# a --config name that no member depends on is said, and changes nothing
"$SKLAB" layout --config CONFIG_IPV7,CONFIG_IPV6 linux-6.18/sock_common >"$work/out" 2>"$work/err" && ok ||
	bad "layout with an unknown --config name failed"
grep -q "warning: --config CONFIG_IPV7: no member of the layout set linux-6.18" "$work/err" && ok ||
	bad "no warning for --config CONFIG_IPV7: $(cat "$work/err")"
grep -q "CONFIG_IPV6:" "$work/err" && bad "warned of CONFIG_IPV6, which sock_common uses" || ok
"$SKLAB" whatif --config +CONFIG_NOPE linux-2.4.16/sock "remove daddr" >/dev/null 2>"$work/err"
grep -q "warning: --config CONFIG_NOPE" "$work/err" && ok || bad "whatif: no warning for CONFIG_NOPE"
# drawn: the layout view as PNG and SVG, for data, a header and presentation size
"$SKLAB" layout linux-6.18/tcp_sock --png "$work/tcp.png" --svg "$work/tcp.svg" >"$work/out" 2>&1 && ok ||
	bad "layout --png --svg failed: $(cat "$work/out")"
grep -q "wrote $work/tcp.png" "$work/out" && ! grep -q "cacheline" "$work/out" && ok || bad "layout --png printed text"
[ "$(head -c 8 "$work/tcp.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] && ok || bad "tcp.png is no PNG"
[ "$(od -An -tu1 -j16 -N8 "$work/tcp.png" | tr -s ' ' | sed 's/^ //')" = "0 0 6 64 0 0 3 132" ] && ok ||
	bad "tcp.png is not 1600x900"
grep -q '>tcp_sock<\|>struct tcp_sock<' "$work/tcp.svg" && grep -q '>snd_cwnd<' "$work/tcp.svg" && ok ||
	bad "tcp.svg lacks the struct or its members"
grep -q 'sklab layout: struct tcp_sock from linux-6.18' "$work/tcp.svg" && ok || bad "tcp.svg does not say where it came from"
"$SKLAB" layout --c "$work/fw.h" fw --svg "$work/fw.svg" --present --size 1920x1080 --highlight b,len >/dev/null &&
	grep -q 'width="1920" height="1080"' "$work/fw.svg" && grep -q '>uint64_t' "$work/fw.svg" && ok ||
	bad "layout --c --svg --present --size"
expect_fail 2 "--json is text" layout --json --png "$work/x.png" linux-2.4.16/sock
expect_fail 2 "go with --png" layout --size 800x600 linux-2.4.16/sock
expect_fail 2 "--png takes a .png" layout --png "$work/x.svg" linux-2.4.16/sock
expect_fail 1 "no struct 'nosuch'" layout --png "$work/x.png" linux-2.4.16/nosuch
[ ! -e "$work/x.png" ] && ok || bad "a failed layout --png left a file"
printf 'struct broken {\n\tint a\n\tint b;\n};\n' >"$work/bad.h"
expect_fail 1 "bad.h:3:" layout --c "$work/bad.h" broken

# ---- mistakes: non-zero exit and one line ---------------------------------
expect_fail 2 "unknown command" frobnicate
expect_fail 2 "unknown option" layout --bogus linux-2.4.16/sock
expect_fail 2 "which struct" layout
expect_fail 1 "no struct 'nosuch'" layout linux-2.4.16/nosuch
expect_fail 1 "linux-9.9" layout linux-9.9/sock
expect_fail 1 "nosuch-profile" layout --profile nosuch-profile sock
expect_fail 2 "unknown arch" layout --arch vax linux-2.4.16/sock
expect_fail 2 "power of two" layout --cacheline 48 linux-2.4.16/sock
expect_fail 2 "needs a value" layout --config
expect_fail 2 "not both" layout --profile linux-2.4.16-i386 --arch i386 sock
expect_fail 1 "cannot open" layout --c "$work/missing.h" x
expect_fail 2 "which scenario" run
expect_fail 2 "png or svg" run --format gif x.lua
expect_fail 2 "--step" run --step 0 x.lua
expect_fail 1 "nosuch.lua" run --headless nosuch.lua

# ---- scenarios headless ----------------------------------------------------
for f in "$SRC"/scenarios/*.lua; do
	name=$(basename "$f" .lua)
	if SDL_VIDEODRIVER=dummy "$SKLAB" run --headless --quiet --frames "$work/$name" \
		--report "$work/$name.json" "$f" >"$work/out" 2>&1; then
		ok
	else
		bad "scenario $name failed:"; cat "$work/out"
	fi
	n=$(ls "$work/$name" | grep -c '^frame-[0-9]*\.png$')
	[ "$n" -ge 1 ] && ok || bad "scenario $name wrote no frames"
	[ -s "$work/$name/report.txt" ] && ok || bad "scenario $name wrote no report.txt"
	grep -q '"ok": true' "$work/$name.json" && ok || bad "scenario $name: report says not ok"
	# the header a lecturer reads first: title, goal, profile and length,
	# the same in the comment and in scenario{}, and the step count true
	for k in title goal profile length; do
		grep -q "^-- $k: " "$f" && ok || bad "scenario $name: no '-- $k:' line in its header"
		grep -Eq "^  $k = " "$f" && ok || bad "scenario $name: scenario{} has no $k"
	done
	for k in title profile length; do
		c=$(sed -n "s/^-- $k: *//p" "$f" | head -1)
		v=$(sed -n "s/^  $k = \"\(.*\)\",\$/\1/p" "$f" | head -1)
		[ "$c" = "$v" ] && ok || bad "scenario $name: $k '$c' in the comment, '$v' in scenario{}"
	done
	said=$(sed -n 's/^-- length:.*(\([0-9]*\) steps).*/\1/p' "$f")
	[ "$said" = "$n" ] && ok || bad "scenario $name: its length says ${said:-no} steps, the run makes $n"
done
# SVG frames and one chosen step
SDL_VIDEODRIVER=dummy "$SKLAB" run --headless --quiet --format svg --step 2 --frames "$work/svg" \
	"$SRC/scenarios/sock_2001_layout.lua" >/dev/null 2>&1 && ok || bad "svg run"
head -c 200 "$work/svg/frame-002.svg" 2>/dev/null | grep -q "<svg" && ok || bad "frame-002.svg is not SVG"
grep -q "bind_pprev" "$work/svg/frame-002.svg" 2>/dev/null && ok || bad "SVG lacks member names"
# --headless --present draws as presentation mode does: no text under 14 px
# at 1920x1080, and bigger type than the same frame on a screen
SDL_VIDEODRIVER=dummy "$SKLAB" run --headless --quiet --present --size 1920x1080 --format svg --step 2 \
	--frames "$work/present" "$SRC/scenarios/sock_2001_layout.lua" >/dev/null 2>&1 && ok || bad "present run"
small=$(grep -o 'font-size="[0-9.]*"' "$work/present/frame-002.svg" 2>/dev/null | tr -dc '0-9.\n' |
	awk '$1 < 14 { n++ } END { print n + 0 }')
[ "$small" = 0 ] && ok || bad "--present: $small text items under 14 px"
SDL_VIDEODRIVER=dummy "$SKLAB" run --headless --quiet --size 1920x1080 --format svg --step 2 \
	--frames "$work/screen" "$SRC/scenarios/sock_2001_layout.lua" >/dev/null 2>&1
cap() { grep -A3 'data-key="scene:caption"' "$1" | grep -o 'font-size="[0-9.]*"' | head -1 | tr -dc '0-9.'; }
[ "$(cap "$work/present/frame-002.svg")" -gt "$(cap "$work/screen/frame-002.svg")" ] 2>/dev/null && ok ||
	bad "--present: the caption is no bigger than on a screen"

# skbuff_head_cache's objects have the profile's struct sk_buff as their type
# (linux-6.18 has it; the slab view names it, and a click opens it)
cat >"$work/skbtype.lua" <<'L'
scenario { title = "t", goal = "g", profile = "linux-6.18-x86_64" }
local k = sklab.kernel {}
local s = k:alloc_skb(100)
scene.show(k, { caches = { "skbuff_head_cache" } })
scene.step("an sk_buff")
L
SDL_VIDEODRIVER=dummy "$SKLAB" run --headless --quiet --format svg --frames "$work/skbtype" "$work/skbtype.lua" \
	>/dev/null 2>&1 && ok || bad "skbtype run"
grep -q 'struct sk_buff (224 B)' "$work/skbtype/frame-001.svg" 2>/dev/null && ok ||
	bad "skbuff_head_cache's objects are not typed struct sk_buff"
# its opening anonymous union is listed in each slot by its first member
grep -q '>next<' "$work/skbtype/frame-001.svg" && ! grep -q '(anonymous)' "$work/skbtype/frame-001.svg" && ok ||
	bad "the slab view lists sk_buff's anonymous union as (anonymous), not as next"

# a byte-order mark (some editors write one) is skipped; a directory is not a scenario
printf '\357\273\277scenario { title = "bom", goal = "g", profile = "linux-6.18-x86_64" }\nscene.show(sklab.layouts("linux-6.18").sock)\nscene.step("s")\n' \
	>"$work/bom.lua"
SDL_VIDEODRIVER=dummy "$SKLAB" run --headless --quiet "$work/bom.lua" >"$work/out" 2>&1 && ok || {
	bad "a scenario with a UTF-8 BOM:"
	cat "$work/out"
}
mkdir -p "$work/dir.lua"
SDL_VIDEODRIVER=dummy "$SKLAB" run --headless --quiet "$work/dir.lua" >"$work/out" 2>&1
[ $? -eq 1 ] && grep -q 'dir.lua: not a file (a directory)' "$work/out" && ok || {
	bad "a directory given as the scenario:"
	cat "$work/out"
}

# a failing expectation makes the run fail
cat >"$work/fail.lua" <<'L'
scenario { title = "t", goal = "g", profile = "linux-2.4.16-i386" }
expect(1 == 2, "one is not two")
L
SDL_VIDEODRIVER=dummy "$SKLAB" run --headless --quiet "$work/fail.lua" >"$work/out" 2>&1
[ $? -eq 1 ] && grep -q "FAIL one is not two" "$work/out" && ok || { bad "failing expect"; cat "$work/out"; }
# a script error names file:line
printf 'scenario { title = "t", goal = "g", profile = "linux-2.4.16-i386" }\nlocal x = nil\nx.y = 1\n' >"$work/err.lua"
expect_fail 1 "err.lua:3:" run --headless --quiet "$work/err.lua"

# --model-only: sklab.bench times nothing, so two runs of a scenario with host
# figures draw the same frames (the timed runs do not), and the chart says so
for i in 1 2; do
	SDL_VIDEODRIVER=dummy "$SKLAB" run --headless --quiet --model-only --format svg --frames "$work/mo$i" \
		"$SRC/scenarios/skb_inline_2009.lua" >"$work/out" 2>&1 || { bad "--model-only run $i:"; cat "$work/out"; }
done
same=1
for f in "$work"/mo1/frame-*.svg; do cmp -s "$f" "$work/mo2/$(basename "$f")" || same=0; done
[ $same -eq 1 ] && ls "$work"/mo1/frame-*.svg >/dev/null 2>&1 && ok || bad "--model-only runs differ"
grep -l 'host timing left out' "$work"/mo1/frame-*.svg >/dev/null 2>&1 && ! grep -l 'this host, this run' "$work"/mo1/frame-*.svg >/dev/null 2>&1 && ok ||
	bad "--model-only: the chart does not say the host timing is left out"
"$SKLAB" run --help 2>&1 | grep -q -- '--model-only' && "$SKLAB" export --help 2>&1 | grep -q -- '--model-only' && ok ||
	bad "--model-only is not in run's and export's help"

# list shows the scenario's title
"$SKLAB" list >"$work/out" 2>&1 && grep -q "One fat struct sock" "$work/out" && ok || bad "list"
"$SKLAB" profiles >"$work/out" 2>&1 && grep -q "linux-2.4.16-i386" "$work/out" && ok || bad "profiles"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
