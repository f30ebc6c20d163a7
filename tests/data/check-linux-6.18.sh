#!/bin/sh
# check-linux-6.18.sh - checks the linux-6.18 layout data.
#
#   sh tests/data/check-linux-6.18.sh SKLAB [--update-golden]
#
# 1. Diffs `sklab layout --profile linux-6.18-x86_64 linux-6.18/NAME` against
#    golden/linux-6.18/NAME.pahole: real `pahole -C NAME` output from the BTF
#    of a running Linux 6.18 x86_64 kernel (IPv6 and network namespaces on).
# 2. Where this machine runs a 6.18 kernel with BTF and pahole is installed,
#    also diffs against pahole on the live BTF (skipped with a reason otherwise);
#    a struct that this kernel's build lays out unlike the golden is shown,
#    not failed (see 'another 6.18 build' below).
#
# The structs are the socket nesting (sock_common, sock, inet_sock,
# inet_connection_sock, tcp_sock, udp_sock), the IPv6 sockets (tcp6_sock,
# udp6_sock: ipv6_pinfo appended), the socket buffer (sk_buff) and every
# named struct they embed by value. Records that the kernel declares as typedefs of anonymous
# structs (atomic_t, socket_lock_t, ...) print with sklab's tag, so they
# are checked through the structs that hold them.
#
# Structs in $pending differ from pahole for a known reason in the printer
# (below); they are compared and reported but not counted as failures, and
# the script says so when one starts to match.
#
# --update-golden rewrites golden/linux-6.18/*.pahole from this machine's
# BTF (only on a 6.18 kernel).
set -eu

sklab=$1
update=0
[ "${2:-}" = "--update-golden" ] && update=1
here=$(cd "$(dirname "$0")" && pwd)
golden=$here/golden/linux-6.18
structs="sock_common sock inet_sock inet_connection_sock tcp_sock udp_sock
	refcount_struct in6_addr list_head hlist_node hlist_nulls_node rb_node rb_root
	callback_head qspinlock raw_spinlock spinlock qrwlock wait_queue_head
	sk_buff_list sk_buff_head page_frag timer_list timerqueue_node hrtimer xarray
	sock_cgroup_data inet_cork flowi_tunnel flowi_common flowi_uli flowi4 flowi6
	flowi inet_cork_full fastopen_queue request_sock_queue minmax_sample minmax
	tcp_options_received tcp_rack tcp_sack_block numa_drop_counters
	ipv6_pinfo in6_pktinfo inet6_cork tcp6_sock udp6_sock sk_buff llist_node"
# udp_sock: its reader_queue and drop_counters are aligned to a line, so gcc
# marks the struct as user-aligned and sklab prints pahole's DWARF text,
# '} __attribute__((__aligned__(64)));'. pahole reading BTF guesses a
# record's alignment only from padding after its last member
# (btf_loader.c, class__infer_alignment()); udp_sock ends flush at 1344, so
# pahole prints '};'. Every offset and size is the same.
# tcp6_sock and udp6_sock: the same, through their first member (tcp_sock
# is aligned to a line by its cacheline groups, udp_sock by reader_queue).
pending="udp_sock tcp6_sock udp6_sock"
passed=0
failed=0
known=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

is_pending() {
	case " $pending " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}

# compare NAME EXPECTED ACTUAL WHAT
compare() {
	if diff -u "$2" "$3" >"$work/diff"; then
		if is_pending "$1"; then
			echo "note: linux-6.18/$1 now matches $4: remove it from \$pending"
		fi
		passed=$((passed + 1))
	elif is_pending "$1"; then
		echo "known difference: linux-6.18/$1 vs $4 (see \$pending):"
		cat "$work/diff"
		known=$((known + 1))
	else
		cat "$work/diff"
		echo "FAIL: linux-6.18/$1 differs from $4"
		failed=$((failed + 1))
	fi
}

# pahole_all DIR: pahole's text of every struct in $structs from this
# kernel's BTF, one file DIR/NAME.pahole each (one pahole run: reading the
# BTF is what takes the time).
pahole_all() {
	list=
	for s in $structs; do
		list=$list${list:+,}$s
	done
	pahole -C "$list" /sys/kernel/btf/vmlinux 2>/dev/null |
		awk -v dir="$1" '/^(struct|union) [A-Za-z0-9_]+ \{$/ { if (f) close(f); f = dir "/" $2 ".pahole" }
			f { print > f }'
}

live=0
case "$(uname -r)" in
6.18.*)
	if [ -r /sys/kernel/btf/vmlinux ] && command -v pahole >/dev/null 2>&1; then
		live=1
	else
		echo "note: no readable BTF or no pahole: live comparison skipped"
	fi
	;;
*)
	echo "note: this kernel is not 6.18: live BTF comparison skipped"
	;;
esac

if [ "$update" -eq 1 ]; then
	if [ "$live" -ne 1 ]; then
		echo "--update-golden needs a 6.18 kernel with BTF and pahole" >&2
		exit 1
	fi
	pahole_all "$golden"
	echo "golden/linux-6.18: rewritten from this kernel's BTF"
fi

for s in $structs; do
	"$sklab" layout --profile linux-6.18-x86_64 "linux-6.18/$s" >"$work/$s.sklab"
	compare "$s" "$golden/$s.pahole" "$work/$s.sklab" "golden/linux-6.18/$s.pahole"
done

# A struct whose pahole text on this kernel differs from the golden's is
# not the layout the data follows: a 6.18 stable update or another config
# built this kernel (later 6.18.y kernels, for one, have
# inet_connection_sock.unhashed_state in the hole after icsk_pmtu_cookie).
# Those are shown and counted apart; the rest must match exactly.
builds=0
if [ "$live" -eq 1 ]; then
	mkdir "$work/btf"
	pahole_all "$work/btf"
	for s in $structs; do
		[ -f "$work/btf/$s.pahole" ] || : >"$work/btf/$s.pahole"
		if ! cmp -s "$work/btf/$s.pahole" "$golden/$s.pahole"; then
			echo "this kernel's build differs: its $s is not golden/linux-6.18/$s.pahole, which the data follows:"
			diff -u "$golden/$s.pahole" "$work/btf/$s.pahole" || :
			builds=$((builds + 1))
			continue
		fi
		compare "$s" "$work/btf/$s.pahole" "$work/$s.sklab" "pahole on this kernel's BTF"
	done
fi

echo "$passed passed, $failed failed, $known known differences, $builds structs of another 6.18 build"
[ "$failed" -eq 0 ]
