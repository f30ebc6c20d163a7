#!/bin/sh
# check-linux-4.3-4.4.sh - checks the linux-4.3 and linux-4.4 layout data
# (struct sock_common before and after 8e5eb54d303b, "net: align sk_refcnt
# on 128 bytes boundary", and the head of struct sock) against gcc.
#
#   sh tests/data/check-linux-4.3-4.4.sh SKLAB
#
# For each set (and linux-4.3 with SKLAB_SO_INCOMING_CPU, the commit's
# parent): converts assets/layouts/linux-4.X/*.lua to C with lua2c.lua,
# compiles it with gcc for x86_64 with CONFIG_IPV6, CONFIG_NET_NS and
# CONFIG_RPS, and
#   1. checks with _Static_assert the offsets the scenario and the data's
#      comments state (skc_refcnt at 116 before, 128 after; the sizes);
#   2. prints offsetof and sizeof of every lookup field from the compiled C
#      and from sklab's own layout (a Lua script run by SKLAB), and diffs
#      the two.
# Needs gcc and lua5.4 (skipped, status 77, without them). Ends with
# "N passed, N failed".
set -eu

sklab=$1
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
CC=${CC:-gcc}
LUA=${LUA:-lua5.4}
for tool in "$CC" "$LUA"; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "SKIP: $tool is not installed"
		exit 77
	fi
done
if ! echo 'int x;' | "$CC" -m64 -x c -c -o /dev/null - 2>/dev/null; then
	echo "SKIP: $CC -m64 does not work here"
	exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
config="-DCONFIG_IPV6 -DCONFIG_NET_NS -DCONFIG_RPS"
luaconfig='"CONFIG_IPV6", "CONFIG_NET_NS", "CONFIG_RPS"'

# record.member pairs compared between gcc and sklab (no bitfields:
# offsetof cannot name them)
common="skc_addrpair skc_daddr skc_rcv_saddr skc_hash skc_portpair skc_dport skc_num skc_family
	skc_state skc_bound_dev_if skc_bind_node skc_prot skc_net skc_v6_daddr skc_v6_rcv_saddr
	skc_cookie skc_node skc_nulls_node skc_tx_queue_mapping skc_refcnt"
common44="skc_flags skc_listener skc_tw_dr skc_incoming_cpu skc_rcv_wnd skc_rxhash skc_window_clamp"
sock="__sk_common sk_lock sk_receive_queue sk_backlog sk_forward_alloc sk_txhash"
sock43="sk_rxhash sk_incoming_cpu"

# the offsets stated in the data's comments and the scenario
asserts43="offsetof(struct sock_common, skc_refcnt) == 116
offsetof(struct sock_common, skc_nulls_node) == 96
offsetof(struct sock_common, skc_net) == 48
sizeof(struct sock_common) == 120
offsetof(struct sock, sk_incoming_cpu) == 208
sizeof(struct sock) == 216"
# the commit's parent: v4.3 + 70da268b569d (SKLAB_SO_INCOMING_CPU)
asserts43p="offsetof(struct sock_common, skc_incoming_cpu) == 116
offsetof(struct sock_common, skc_refcnt) == 120
sizeof(struct sock_common) == 128
sizeof(struct sock) == 224"
asserts44="offsetof(struct sock_common, skc_refcnt) == 128
offsetof(struct sock_common, skc_nulls_node) == 104
offsetof(struct sock_common, skc_incoming_cpu) == 124
offsetof(struct sock_common, skc_flags) == 96
sizeof(struct sock_common) == 136
sizeof(struct sock) == 224"

# check_set SET MEMBERS_OF_SOCK_COMMON MEMBERS_OF_SOCK ASSERTS [PSEUDO-OPTION]
check_set() {
	set=$1
	members_c=$2
	members_s=$3
	asserts=$4
	extra=${5:-}
	name=$set${extra:+-$extra}
	cflags="$config${extra:+ -D$extra}"
	lcfg="$luaconfig${extra:+, \"$extra\"}"
	"$LUA" "$here/lua2c.lua" "$root/assets/layouts/$set" "$work/$set.c"
	{
		echo '#include <stddef.h>'
		echo '#include <stdio.h>'
		echo "#include \"$set.c\""
		echo "$asserts" | while read -r a; do
			[ -n "$a" ] && echo "_Static_assert($a, \"$a\");"
		done
		echo 'int main(void) {'
		for m in $members_c; do
			printf '\tprintf("sock_common.%s %%zu %%zu\\n", offsetof(struct sock_common, %s), sizeof(((struct sock_common *)0)->%s));\n' "$m" "$m" "$m"
		done
		for m in $members_s; do
			printf '\tprintf("sock.%s %%zu %%zu\\n", offsetof(struct sock, %s), sizeof(((struct sock *)0)->%s));\n' "$m" "$m" "$m"
		done
		printf '\tprintf("sock_common.size %%zu\\n", sizeof(struct sock_common));\n'
		printf '\tprintf("sock.size %%zu\\n", sizeof(struct sock));\n'
		echo '	return 0; }'
	} >"$work/$name-main.c"
	if ! "$CC" -m64 -std=gnu11 $cflags -I"$work" -o "$work/$name" "$work/$name-main.c" 2>"$work/$name.err"; then
		head -20 "$work/$name.err"
		echo "FAIL: $name: gcc rejects the data or an offset the comments state"
		failed=$((failed + 1))
		return
	fi
	passed=$((passed + 1))
	"$work/$name" >"$work/$name.gcc"
	{
		echo 'scenario { title = "check", goal = "offsets", profile = "linux-6.18-x86_64" }'
		echo "local t = sklab.layouts(\"$set\", { arch = \"x86_64\", config = { $lcfg } })"
		echo 'local function p(r, m) local f = t[r]:member(m) print(string.format("OFF %s.%s %d %d", r, m, f.offset, f.size)) end'
		for m in $members_c; do echo "p(\"sock_common\", \"$m\")"; done
		for m in $members_s; do echo "p(\"sock\", \"$m\")"; done
		echo 'print(string.format("OFF sock_common.size %d", t.sock_common.size))'
		echo 'print(string.format("OFF sock.size %d", t.sock.size))'
	} >"$work/$name.lua"
	SKLAB_DATA=$root "$sklab" run "$work/$name.lua" --headless | sed -n 's/^OFF //p' >"$work/$name.sklab"
	if [ -s "$work/$name.gcc" ] && diff -u "$work/$name.gcc" "$work/$name.sklab"; then
		echo "$name: gcc and sklab agree on $(wc -l <"$work/$name.gcc") offsets and sizes"
		passed=$((passed + 1))
	else
		echo "FAIL: $name: sklab's offsets differ from gcc's"
		failed=$((failed + 1))
	fi
}

check_set linux-4.3 "$common" "$sock $sock43" "$asserts43"
check_set linux-4.3 "$common skc_incoming_cpu" "$sock sk_rxhash" "$asserts43p" SKLAB_SO_INCOMING_CPU
check_set linux-4.4 "$common $common44" "$sock" "$asserts44"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
