#!/bin/sh
# make-view-shots.sh - remakes the README's pictures of each view with the
# headless renderer (1280x720 frames of bundled scenarios, cut to 256
# colours with ImageMagick to keep them small).
#
#   sh docs/img/make-view-shots.sh [SKLAB]      (default: build/sklab)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
sklab=${1:-$root/build/sklab}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
shot() { # scenario frame name
	[ -d "$work/$1" ] || "$sklab" run --headless --quiet --size 1280x720 --frames "$work/$1" "$root/scenarios/$1.lua" >/dev/null
	convert "$work/$1/frame-$2.png" +dither -colors 256 "$root/docs/img/view-$3.png"
}
shot sock_2001_layout 002 layout
shot sock_cleanup_2001 009 compare
shot skb_tx_tcp 006 skb
shot cacheline_lookup 002 cache
shot lat_connect_2001 001 chart
shot slub_debug_report 010 report
# the c2c view: the false-sharing exercise of docs/lessons.md (a test scenario)
"$sklab" run --headless --quiet --size 1280x720 --frames "$work/c2c_lesson" "$root/tests/lua/scenarios/c2c_lesson.lua" >/dev/null
convert "$work/c2c_lesson/frame-001.png" +dither -colors 256 "$root/docs/img/view-c2c.png"
# the cache view of four CPUs (docs/views.md): a test scenario
"$sklab" run --headless --quiet --size 1280x720 --frames "$work/cache_cpus" "$root/tests/render/scenarios/cache_cpus.lua" >/dev/null
convert "$work/cache_cpus/frame-004.png" +dither -colors 256 "$root/docs/img/view-cache-cpus.png"
