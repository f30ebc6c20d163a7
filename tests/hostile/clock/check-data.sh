#!/bin/sh
# check-data.sh SKLAB - the Lua states that run outside a scenario run, fed
# hostile files: layout data files (`sklab layout`, `sklab whatif`, and a
# scenario's sklab.layouts) and scenario headers (`sklab list`, which reads
# them as the window's start screen does). It builds a data directory with
# a profile whose layout set loops or compares 16 MiB strings, and a
# scenarios directory whose headers do the same. Each command must end
# under `timeout` and a memory cap: the data files with their fixed budget
# (5e7 instructions, 2 s) or the run's limits, the header reader with its
# own (1e7 instructions, 0.25 s per file), `sklab list` listing each
# hostile file as unreadable with the reason and the good one as it is.
set -u
SKLAB=$1
memcap=3145728
. "$(dirname "$0")/../lib.sh"

d=$work/data
mkdir -p "$d/assets/profiles" "$d/scenarios"
# a profile per hostile layout set
for set in loop cmp; do
	mkdir -p "$d/assets/layouts/$set"
	cat >"$d/assets/profiles/$set-i386.lua" <<EOF
return {
  name = "$set-i386", kernel = "2.4.16", arch = "i386", layouts = "$set",
  page_size = 4096, cacheline = 32, cpus = 1, ram_mb = 128,
}
EOF
done
cat >"$d/assets/layouts/loop/x.lua" <<'EOF'
-- an endless loop in a layout file
while true do end
return { records = {} }
EOF
cat >"$d/assets/layouts/cmp/x.lua" <<'EOF'
-- one < between two 16 MiB strings is one instruction and a strcmp of them
local a = "x"
for i = 1, 24 do a = a .. a end
local b = a .. "y"
while a < b do end
return { records = {} }
EOF
cat >"$d/scenarios/good.lua" <<'EOF'
scenario { title = "A good header", goal = "is listed", profile = "loop-i386" }
EOF
cat >"$d/scenarios/header_loop.lua" <<'EOF'
while true do end
scenario { title = "never", goal = "never", profile = "loop-i386" }
EOF
cat >"$d/scenarios/header_cmp.lua" <<'EOF'
local a = "x"
for i = 1, 22 do a = a .. a end
local b = a .. "y"
while a < b do end
scenario { title = "never", goal = "never", profile = "loop-i386" }
EOF
cat >"$d/scenarios/uses_loop.lua" <<'EOF'
scenario { title = "loads a looping layout set", goal = "ends", profile = "linux-2.4.16-i386" }
local t = sklab.layouts("loop")
EOF
# the real profile and layouts the last scenario's header names
cp "$SKLAB_DATA/assets/profiles/linux-2.4.16-i386.lua" "$d/assets/profiles/"

# check NAME SECS WANT CMD...: CMD ends within SECS with a non-zero status
# (or 0 when WANT starts with "ok:"), no signal, and WANT in its output
check() {
	name=$1 secs=$2 want=$3
	shift 3
	status=fail
	case $want in ok:*) status=ok want=${want#ok:} ;; esac
	(
		ulimit -v "$memcap" 2>/dev/null
		cd "$work" && SKLAB_DATA=$d exec timeout -k 5 "$secs" "$@"
	) >"$work/out" 2>&1 </dev/null
	rc=$?
	ended "$name" "$rc" "$status" "$work/out" && holds "$name" "$work/out" "$want" && ok
}

# the loops end at the instruction budget, or at the clock on a machine so
# loaded (or a sanitizer build so slow) that the time runs out first
check layout_loop 15 "assets/layouts/loop/x.lua:2: " \
	"$SKLAB" layout --profile loop-i386 sock
check layout_cmp 15 "assets/layouts/cmp/x.lua:5: time limit of 2 s exceeded" \
	"$SKLAB" layout --profile cmp-i386 sock
check whatif_loop 15 "assets/layouts/loop/x.lua:2: " \
	"$SKLAB" whatif --profile loop-i386 sock 'remove x'
check run_loop 15 "instruction limit of 20000000 exceeded" \
	"$SKLAB" run --headless --quiet --frames "$work/frames" --max-instructions 20000000 "$d/scenarios/uses_loop.lua"
check run_loop_file 15 "assets/layouts/loop/x.lua:2" \
	"$SKLAB" run --headless --quiet --frames "$work/frames" --max-instructions 20000000 "$d/scenarios/uses_loop.lua"
check list_loop 15 "ok:header_loop.lua:1: " "$SKLAB" list
check list_cmp 15 "ok:header_cmp.lua:4: time limit of 0.25 s exceeded" "$SKLAB" list
check list_good 15 "ok:A good header" "$SKLAB" list

summary "hostile data and headers"
