#!/bin/sh
# check-linux-6.7.sh - checks the linux-6.7 layout set's struct tcp_sock.
#
#   sh tests/data/check-linux-6.7.sh SKLAB
#
# For each configuration below:
# 1. compiles the hand-written C of v6.7's tcp_sock (linux-6.7-x86_64-tcp.h,
#    the kernel's declarations; inet_connection_sock a stand-in of the set's
#    size) with gcc -g, and the set converted to C by lua2c.lua (every
#    struct it holds, inet_connection_sock included), and checks that
#    pahole prints tcp_sock the same for both: every member's offset and
#    size, the holes and the footer;
# 2. checks that `sklab layout linux-6.7/tcp_sock` prints exactly what
#    pahole prints for the converted set;
# 3. checks the size.
#
# The embedded inet_connection_sock, inet_sock and sock are 6.18's in this
# set (see assets/layouts/linux-6.7/tcp.lua): what is checked is tcp_sock's
# own part, and the set against itself through gcc.
#
# Needs gcc, pahole (dwarves) and lua5.4; skips (77) with a reason without.
# Ends with "N passed, N failed"; exits 1 on any failure.
set -eu

sklab=$1
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
CC=${CC:-gcc}
PAHOLE=${PAHOLE:-pahole}
LUA=${LUA:-lua5.4}

for tool in "$CC" "$PAHOLE" "$LUA"; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "SKIP: $tool is not installed (needs gcc, dwarves, lua5.4)"
		exit 77
	fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# The profile's options (assets/profiles/linux-6.18-x86_64.lua) that the
# set reads, then variants that switch tcp_sock's own conditional members.
base="CONFIG_SMP CONFIG_64BIT CONFIG_INET CONFIG_IPV6 CONFIG_NET_NS CONFIG_XFRM CONFIG_SECURITY
CONFIG_SOCK_RX_QUEUE_MAPPING CONFIG_SOCK_CGROUP_DATA CONFIG_CGROUP_NET_CLASSID CONFIG_CGROUP_NET_PRIO
CONFIG_NET_RX_BUSY_POLL CONFIG_BPF_SYSCALL"
base=$(echo $base)
# name | tcp_sock's own options | expected sizeof(struct tcp_sock)
configs="profile|CONFIG_BPF CONFIG_MPTCP CONFIG_TCP_MD5SIG|2240
bare||2216
all|CONFIG_BPF CONFIG_MPTCP CONFIG_SMC CONFIG_TCP_MD5SIG CONFIG_TCP_AO|2264
ao-only|CONFIG_TCP_AO|2232"

"$LUA" "$here/lua2c.lua" "$root/assets/layouts/linux-6.7" "$work/set.c"

echo "$configs" | while IFS='|' read -r name opts size; do
	defs=
	list=
	for o in $base $opts; do
		defs="$defs -D$o"
		list=$list${list:+,}$o
	done
	# shellcheck disable=SC2086
	"$CC" -g -c -o "$work/hand-$name.o" $defs -I"$here" "$here/linux-6.7-x86_64-tcp.c"
	# shellcheck disable=SC2086
	"$CC" -g -c -o "$work/set-$name.o" $defs "$work/set.c"
	"$PAHOLE" -C tcp_sock "$work/hand-$name.o" >"$work/hand-$name.txt"
	"$PAHOLE" -C tcp_sock "$work/set-$name.o" >"$work/set-$name.txt"
	"$sklab" layout --profile linux-6.18-x86_64 --config "$list" linux-6.7/tcp_sock >"$work/sklab-$name.txt"
	if diff -u "$work/hand-$name.txt" "$work/set-$name.txt"; then ok; else bad "$name: the set's tcp_sock is not the kernel's (gcc, pahole)"; fi
	if diff -u "$work/set-$name.txt" "$work/sklab-$name.txt"; then ok; else bad "$name: sklab's layout differs from gcc's"; fi
	got=$(sed -n 's/^[[:space:]]*\/\* size: \([0-9]*\),.*/\1/p' "$work/sklab-$name.txt" | tail -n 1)
	if [ "$got" = "$size" ]; then ok; else bad "$name: sizeof(struct tcp_sock) is $got, expected $size"; fi
	echo "$passed $failed" >"$work/count"
done

read -r passed failed <"$work/count"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
