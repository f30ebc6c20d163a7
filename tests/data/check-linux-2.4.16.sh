#!/bin/sh
# check-linux-2.4.16.sh - checks the linux-2.4.16 layout data against gcc.
#
#   sh tests/data/check-linux-2.4.16.sh [--update-golden]
#
# 1. Compiles the hand-written C header (linux-2.4.16-i386.h) with gcc -m32
#    for each configuration below and checks, with pahole, every struct size
#    listed for it and the member offsets of the research tables (struct sock
#    with and without IPv6, unix_opt, inet_opt, ipv6_pinfo, tcp_opt), and that
#    bytes 0-31 of struct sock hold exactly the identity and the hash links.
# 2. Converts assets/layouts/linux-2.4.16/*.lua to C with lua2c.lua, compiles
#    that for the same configurations, and checks that pahole prints every
#    record, and struct sock, tcp_sock and unix_sock fully expanded, the same
#    for both (same members, types, offsets, sizes, holes).
# 3. Diffs pahole's text for the golden structs (CONFIG_INET, CONFIG_FILTER,
#    32-byte cache lines) against golden/*.pahole, or rewrites them with
#    --update-golden.
#
# Needs gcc with -m32 support (gcc-multilib), pahole (dwarves) and lua5.4.
# Ends with "N passed, N failed"; exits 1 on any failure.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
CC=${CC:-gcc}
PAHOLE=${PAHOLE:-pahole}
LUA=${LUA:-lua5.4}
update=0
[ "${1:-}" = "--update-golden" ] && update=1

for tool in "$CC" "$PAHOLE" "$LUA"; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "SKIP: $tool is not installed (needs gcc-multilib, dwarves, lua5.4)"
		exit 77
	fi
done
if ! echo 'int x;' | "$CC" -m32 -x c -c -o /dev/null - 2>/dev/null; then
	echo "SKIP: $CC -m32 does not work here (install gcc-multilib)"
	exit 77
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# ---- configurations ---------------------------------------------------------
# name | -D options | expected sizes (pahole name=bytes)

common="tcp_opt=424 unix_opt=64 inet_opt=36 ipv6_pinfo=96 raw_opt=4 raw6_opt=40 spx_opt=156
dn_scp=424 ipx_opt=24 atalk_sock=8 tcp_sack_block=8 ipx_address=12 sockaddr_dn=26 optdata_dn=20
accessdata_dn=123 dn_naddr=4 spinlock_t=4 rwlock_t=4 atomic_t=4 socket_lock_t=20
__wait_queue_head=12 semaphore=20 timer_list=20 sk_buff_head=16 list_head=8 timeval=8 ucred=12
in6_addr=16 icmp_filter=4 icmp6_filter=32
sock_rfc2=324 sock_rfc4=328 unix_sock_rfc2=388 inet_sock_rfc2=784 unix_sock=392 udp_sock=364
raw4_sock=368 tcp_sock=788 sk_buff=144"
all="-DCONFIG_INET -DCONFIG_FILTER -DCONFIG_IPV6 -DCONFIG_DECNET -DCONFIG_SPX -DCONFIG_IPX
-DCONFIG_ATALK -DCONFIG_PACKET -DCONFIG_X25 -DCONFIG_AX25 -DCONFIG_NETROM -DCONFIG_ROSE
-DCONFIG_PPPOE -DCONFIG_NETLINK -DCONFIG_ECONET -DCONFIG_ATM -DCONFIG_IRDA -DCONFIG_WAN_ROUTER"
all_modules="-DCONFIG_INET -DCONFIG_FILTER -DCONFIG_IPV6_MODULE -DCONFIG_DECNET_MODULE
-DCONFIG_SPX_MODULE -DCONFIG_IPX_MODULE -DCONFIG_ATALK_MODULE -DCONFIG_PACKET_MODULE
-DCONFIG_X25_MODULE -DCONFIG_AX25_MODULE -DCONFIG_NETROM_MODULE -DCONFIG_ROSE_MODULE
-DCONFIG_PPPOE_MODULE -DCONFIG_NETLINK -DCONFIG_ECONET_MODULE -DCONFIG_ATM_MODULE
-DCONFIG_IRDA_MODULE -DCONFIG_WAN_ROUTER_MODULE"
gcc3="tcp_opt=412 unix_opt=52 spinlock_t=0 rwlock_t=0 socket_lock_t=12 __wait_queue_head=8
semaphore=16 sk_buff_head=12"
# one line each, for the table below
common=$(echo $common)
all=$(echo $all)
all_modules=$(echo $all_modules)
gcc3=$(echo $gcc3)

configs="inet|-DCONFIG_INET|sock=808 $common
inet-filter|-DCONFIG_INET -DCONFIG_FILTER|sock=812 $common
inet-ipv6|-DCONFIG_INET -DCONFIG_IPV6|sock=904 $common
inet-filter-ipv6|-DCONFIG_INET -DCONFIG_FILTER -DCONFIG_IPV6|sock=908 $common
inet-filter-decnet|-DCONFIG_INET -DCONFIG_FILTER -DCONFIG_DECNET|sock=1172 $common
all|$all|sock=1268 $common
all-modules|$all_modules|sock=1268 $common
all-ipx-intern|$all -DCONFIG_IPX_INTERN|sock=1268 ipx_opt=28
smp|-DCONFIG_SMP -DCONFIG_INET -DCONFIG_FILTER|sock=812 $common
smp-debug|-DCONFIG_SMP -DCONFIG_DEBUG_SPINLOCK -DCONFIG_INET -DCONFIG_FILTER|spinlock_t=8 rwlock_t=8
gcc3-inet|-DSKLAB_GCC3_UP -DCONFIG_INET|sock=756 $gcc3
gcc3-inet-filter|-DSKLAB_GCC3_UP -DCONFIG_INET -DCONFIG_FILTER|sock=760 $gcc3
gcc3-inet-filter-ipv6|-DSKLAB_GCC3_UP -DCONFIG_INET -DCONFIG_FILTER -DCONFIG_IPV6|sock=856
gcc3-inet-filter-decnet|-DSKLAB_GCC3_UP -DCONFIG_INET -DCONFIG_FILTER -DCONFIG_DECNET|sock=1120
gcc3-all|-DSKLAB_GCC3_UP $all|sock=1216
netfilter-sched|-DCONFIG_INET -DCONFIG_FILTER -DCONFIG_NETFILTER -DCONFIG_NET_SCHED|sock=812 sk_buff=160
netfilter-debug-hippi|-DCONFIG_INET -DCONFIG_NETFILTER -DCONFIG_NETFILTER_DEBUG -DCONFIG_HIPPI|sk_buff=164"

# ---- offsets from the research tables (CONFIG_INET + CONFIG_FILTER) ---------

sock_offsets="daddr=0 rcv_saddr=4 dport=8 num=10 bound_dev_if=12 next=16 pprev=20 bind_next=24
bind_pprev=28 state=32 zapped=33 sport=34 family=36 reuse=38 shutdown=39 refcnt=40 lock=44
rcvbuf=64 sleep=68 dst_cache=72 dst_lock=76 rmem_alloc=80 receive_queue=84 wmem_alloc=100
write_queue=104 omem_alloc=120 wmem_queued=124 forward_alloc=128 saddr=132 allocation=136
sndbuf=140 prev=144 dead=148 done=149 urginline=150 keepopen=151 linger=152 destroy=153
no_check=154 broadcast=155 bsdism=156 debug=157 rcvtstamp=158 use_write_queue=159 userlocks=160
route_caps=164 proc=168 lingertime=172 hashent=176 pair=180 backlog=184 callback_lock=192
error_queue=196 prot=212 tp_pinfo=216 err=640 err_soft=644 ack_backlog=648 max_ack_backlog=650
priority=652 type=656 localroute=658 protocol=659 peercred=660 rcvlowat=672 rcvtimeo=676
sndtimeo=680 filter=684 protinfo=688 timer=752 stamp=772 socket=780 user_data=784
state_change=788 data_ready=792 write_space=796 error_report=800 backlog_rcv=804 destruct=808"
# with CONFIG_IPV6 too: the same up to prot, then net_pinfo, then everything 96 later
sock_ipv6_offsets="prot=212 net_pinfo=216 tp_pinfo=312 err=736 err_soft=740 ack_backlog=744
max_ack_backlog=746 priority=748 type=752 localroute=754 protocol=755 peercred=756 rcvlowat=768
rcvtimeo=772 sndtimeo=776 filter=780 protinfo=784 timer=848 stamp=868 socket=876 user_data=880
state_change=884 data_ready=888 write_space=892 error_report=896 backlog_rcv=900 destruct=904"
unix_opt_offsets="addr=0 dentry=4 mnt=8 readsem=12 other=32 list=36 gc_tree=40 inflight=44
lock=48 peer_wait=52"
inet_opt_offsets="ttl=0 tos=4 cmsg_flags=8 opt=12 hdrincl=16 mc_ttl=17 mc_loop=18 recverr=19
freebind=19 id=20 pmtudisc=22 mc_index=24 mc_addr=28 mc_list=32"
ipv6_pinfo_offsets="saddr=0 rcv_saddr=16 daddr=32 daddr_cache=48 flow_label=52 frag_size=56
hop_limit=60 mcast_hops=64 mcast_oif=68 rxopt=72 mc_loop=73 recverr=73 sndflow=73 pmtudisc=73
ipv6_mc_list=76 ipv6_fl_list=80 dst_cookie=84 opt=88 pktoptions=92"
tcp_opt_offsets="tcp_header_len=0 pred_flags=4 rcv_nxt=8 snd_nxt=12 snd_una=16 snd_sml=20
rcv_tstamp=24 lsndtime=28 ack=32 ucopy=52 snd_wl1=84 snd_wnd=88 max_window=92 pmtu_cookie=96
mss_cache=100 mss_clamp=102 ext_header_len=104 ca_state=106 retransmits=107 reordering=108
queue_shrunk=109 defer_accept=110 backoff=111 srtt=112 mdev=116 mdev_max=120 rttvar=124
rtt_seq=128 rto=132 packets_out=136 left_out=140 retrans_out=144 snd_ssthresh=148 snd_cwnd=152
snd_cwnd_cnt=156 snd_cwnd_clamp=158 snd_cwnd_used=160 snd_cwnd_stamp=164 timeout=168
retransmit_timer=172 delack_timer=192 out_of_order_queue=212 af_specific=228 send_head=232
sndmsg_page=236 sndmsg_off=240 rcv_wnd=244 rcv_wup=248 write_seq=252 pushed_seq=256
copied_seq=260 tstamp_ok=264 wscale_ok=265 sack_ok=266 saw_tstamp=267 snd_wscale=268
rcv_wscale=269 nonagle=270 keepalive_probes=271 rcv_tsval=272 rcv_tsecr=276 ts_recent=280
ts_recent_stamp=284 user_mss=288 dsack=290 eff_sacks=291 duplicate_sack=292 selective_acks=300
window_clamp=332 rcv_ssthresh=336 probes_out=340 num_sacks=341 advmss=342 syn_retries=344
ecn_flags=345 prior_ssthresh=346 lost_out=348 sacked_out=352 fackets_out=356 high_seq=360
retrans_stamp=364 undo_marker=368 undo_retrans=372 urg_seq=376 urg_data=380 pending=382
urg_mode=383 snd_up=384 syn_wait_lock=388 listen_opt=392 accept_queue=396 accept_queue_tail=400
write_pending=404 keepalive_time=408 keepalive_intvl=412 linger2=416 last_synq_overflow=420"
line0="daddr rcv_saddr dport num bound_dev_if next pprev bind_next bind_pprev"
golden="sock tcp_opt inet_opt unix_opt ipv6_pinfo tcp_sock"

# ---- reading pahole -----------------------------------------------------------

# pahole's text for one struct or typedef name
pahole_of() { "$PAHOLE" -C "$2" "$1" 2>/dev/null || true; }

size_of() {
	pahole_of "$1" "$2" | sed -n 's/^[[:space:]]*\/\* size: \([0-9]*\),.*/\1/p' | tail -n 1
}

# "name offset" for each top-level member of a struct's pahole text; a
# bitfield's offset is the byte holding its first bit (pahole prints the
# storage unit's offset and the bit within it: "16:24", "72: 2")
members_of() {
	awk '
	/^\t[^\t]/ && /;/ && /\/\*/ {
		line = $0
		c = line; sub(/^.*\/\*[ \t]*/, "", c); gsub(/: +/, ":", c); split(c, f, /[ ]+/); off = f[1]
		if (off ~ /:/) { split(off, b, ":"); off = b[1] + int(b[2] / 8) }
		d = line; sub(/;.*$/, "", d); sub(/^\t/, "", d)
		if (d ~ /^}/) { sub(/^}[ \t]*/, "", d); name = d }
		else if (d ~ /\(\*/) { name = d; sub(/^[^(]*\(\*/, "", name); sub(/\).*$/, "", name) }
		else { gsub(/\[[^]]*\]/, "", d); sub(/:[ \t]*[0-9]+[ \t]*$/, "", d); n = split(d, w, /[ \t*]+/); name = w[n] }
		print name, off
	}'
}

check_offsets() { # obj struct "name=off ..." label
	members_of <<EOF >"$work/members"
$(pahole_of "$1" "$2")
EOF
	for pair in $3; do
		field=${pair%%=*}
		want=${pair#*=}
		got=$(awk -v n="$field" '$1 == n { print $2; exit }' "$work/members")
		if [ "$got" = "$want" ]; then ok; else bad "$4: offsetof($2, $field) = ${got:-missing}, want $want"; fi
	done
}

# The body of a record's pahole text: its lines without the first and last.
# A record named like a typedef (sklab's "struct atomic_t") is taken from the
# full dump, since pahole -C finds the typedef; the C header's anonymous
# struct behind the typedef comes from pahole -C.
body_of() {
	[ -f "$1.txt" ] || "$PAHOLE" "$1" >"$1.txt"
	awk -v n="$2" '
		$0 ~ "^(struct|union) " n " \\{$" { on = 1; next }
		on && /^}/ { exit }
		on { print }' "$1.txt" >"$work/body"
	if [ -s "$work/body" ]; then cat "$work/body"; else pahole_of "$1" "$2" | sed '1d;$d'; fi
}

# pahole -E text with the whitespace that aligns columns squeezed (column
# widths follow the longest type name) and sklab's tags for anonymous
# typedef structs removed
expanded_of() {
	"$PAHOLE" -E -C "$2" "$1" |
		sed -E 's/struct (atomic_t|spinlock_t|rwlock_t|socket_lock_t|ipx_address) \{/struct {/; s/[[:space:]]+/ /g'
}

# ---- 1 and 2: every configuration --------------------------------------------

"$LUA" "$here/lua2c.lua" "$root/assets/layouts/linux-2.4.16" "$work/conv.c" || {
	bad "lua2c.lua failed"
	echo "$passed passed, $failed failed"
	exit 1
}
records=$(sed -n 's/^\(struct\|union\) \([A-Za-z0-9_]*\) sklab_v_.*/\2/p' "$work/conv.c")

echo "$configs" >"$work/configs"

while IFS='|' read -r name flags sizes; do
	hand="$work/hand-$name.o"
	conv="$work/conv-$name.o"
	# shellcheck disable=SC2086
	if ! "$CC" -m32 -g -c -std=c11 -Wall -Wextra -Werror $flags "$here/linux-2.4.16-i386.c" -o "$hand"; then
		bad "$name: the C header does not compile"
		continue
	fi
	# shellcheck disable=SC2086
	if ! "$CC" -m32 -g -c -std=c11 -Wall -Wextra -Werror $flags "$work/conv.c" -o "$conv"; then
		bad "$name: the converted Lua data does not compile"
		continue
	fi
	for pair in $sizes; do
		s=${pair%%=*}
		want=${pair#*=}
		got=$(size_of "$hand" "$s")
		if [ "$got" = "$want" ]; then ok; else bad "$name: sizeof($s) = ${got:-missing}, want $want"; fi
		printf '%s %s %s\n' "$name" "$s" "$got" >>"$work/sizes"
	done
	for r in $records; do
		body_of "$hand" "$r" >"$work/a"
		body_of "$conv" "$r" >"$work/b"
		if [ -s "$work/a" ] && cmp -s "$work/a" "$work/b"; then ok; else
			bad "$name: pahole differs for $r (C header vs Lua data)"
			diff "$work/a" "$work/b" | head -20
		fi
	done
	for r in sock tcp_sock unix_sock; do
		# expanded: every nested member at its absolute offset
		expanded_of "$hand" "$r" >"$work/a"
		expanded_of "$conv" "$r" >"$work/b"
		if cmp -s "$work/a" "$work/b"; then ok; else
			bad "$name: pahole -E differs for $r"
			diff "$work/a" "$work/b" | head -20
		fi
	done
	case $name in
	inet-filter)
		check_offsets "$hand" sock "$sock_offsets" "$name"
		check_offsets "$conv" sock "$sock_offsets" "$name (Lua)"
		check_offsets "$hand" unix_opt "$unix_opt_offsets" "$name"
		check_offsets "$hand" inet_opt "$inet_opt_offsets" "$name"
		check_offsets "$hand" ipv6_pinfo "$ipv6_pinfo_offsets" "$name"
		check_offsets "$hand" tcp_opt "$tcp_opt_offsets" "$name"
		for r in sock sock_rfc2 sock_rfc4; do
			first=$(pahole_of "$conv" "$r" | members_of | awk '$2 < 32 { printf "%s ", $1 }')
			if [ "$first" = "$line0 " ]; then ok; else bad "$name: bytes 0-31 of $r hold: $first"; fi
		done
		for g in $golden; do
			"$PAHOLE" -c 32 -C "$g" "$hand" >"$work/golden-$g"
			if [ $update = 1 ]; then
				mkdir -p "$here/golden"
				cp "$work/golden-$g" "$here/golden/$g.pahole"
				ok
			elif cmp -s "$work/golden-$g" "$here/golden/$g.pahole"; then
				ok
			else
				bad "golden/$g.pahole differs from pahole's output"
				diff "$here/golden/$g.pahole" "$work/golden-$g" | head -20
			fi
		done
		;;
	inet-filter-ipv6)
		check_offsets "$hand" sock "$sock_ipv6_offsets" "$name"
		check_offsets "$conv" sock "$sock_ipv6_offsets" "$name (Lua)"
		;;
	esac
done <"$work/configs"

if [ "${SKLAB_CHECK_VERBOSE:-0}" = 1 ] && [ -f "$work/sizes" ]; then
	awk '$2 == "sock" { printf "%-26s sizeof(struct sock) = %s\n", $1, $3 }' "$work/sizes"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
