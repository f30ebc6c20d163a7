#!/bin/sh
# check-whatif-lua.sh SKLAB TEST_LUA_RUN SRCDIR - sklab.whatif's reports are
# the command line's: runs tests/lua/scenarios/whatif_api.lua (which must
# pass), takes what it printed (four reports, each followed by the blank
# line print adds) and compares it byte for byte with `sklab whatif` run
# on the same questions.
set -u
SKLAB=$1
RUN=$2
SRC=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
LOOKUP=lookup=daddr,rcv_saddr,dport,num,bound_dev_if,next

cd "$SRC" || exit 1
if ! "$RUN" . tests/lua/scenarios/whatif_api.lua --echo "$work/lua.txt"; then
	echo "FAIL: whatif_api.lua did not pass"
	exit 1
fi
export SKLAB_DATA="$SRC"
{
	"$SKLAB" whatif --hwcache --path $LOOKUP linux-2.4.16/sock 'remove tp_pinfo' && echo &&
	"$SKLAB" whatif --table --debug --hwcache --config CONFIG_INET --path $LOOKUP \
		linux-2.4.16/sock 'remove tp_pinfo' 'retype protinfo void *' && echo &&
	"$SKLAB" whatif --table --hwcache --path $LOOKUP \
		linux-2.4.16/sock 'move daddr to end' 'move rcv_saddr to end' 'move dport to end' && echo &&
	"$SKLAB" whatif --table --hwcache --rcu --align 64 --cache TCP \
		--path txrx=rcv_nxt,snd_nxt --path write_rx=bytes_received,rcv_rtt_est,rcvq_space \
		linux-6.18/tcp_sock 'add u64 tx_stamp after tcp_mstamp' 'resize chrono_stat 4' \
		'resize nonagle :5' 'move rcv_nxt to end' && echo
} >"$work/cli.txt" || {
	echo "FAIL: sklab whatif failed"
	exit 1
}
if ! cmp -s "$work/cli.txt" "$work/lua.txt"; then
	echo "FAIL: sklab.whatif's reports differ from sklab whatif's:"
	diff -u "$work/cli.txt" "$work/lua.txt" | head -40
	exit 1
fi
echo "ok: $(grep -c '^# whatif' "$work/lua.txt") reports of sklab.whatif are the command line's"
