#!/bin/sh
# check-traces.sh SKLAB RUNCAP - hostile traces through the real
# `sklab cachesim`, at its default limits: each must end within 15 s and
# 1 GiB of memory, with a non-zero status that is not a signal and the
# message its case names, which must name the trace file. The traces are
# made here (some are megabytes), never kept in the tree.
set -u
SKLAB=$1
RUNCAP=$2
. "$(dirname "$0")/../lib.sh"
cd "$work" || exit 1

# case NAME FILE EXPECT [OPTION...]: runs sklab cachesim [OPTION...] FILE
case_() {
	name=$1 file=$2 want=$3
	shift 3
	"$RUNCAP" 15 1024 "$SKLAB" cachesim "$@" "$file" >out 2>err </dev/null
	rc=$?
	ended "$name" "$rc" fail err && holds "$name" err "$want" && holds "$name" err "$file" "the trace's name" && ok
}

# a line longer than the reader's 1 MiB window, in a file and from a device
head -c 3000000 /dev/zero | tr '\0' 'a' >long.trace
case_ long_line long.trace "long.trace:1: line longer than 1048576 bytes: not a trace"
case_ dev_zero /dev/zero "/dev/zero:1: line longer than 1048576 bytes"
# bytes that are no trace at all
awk 'BEGIN { srand(7); for (i = 0; i < 200000; i++) printf "%c", int(rand() * 256) }' >binary.trace
case_ binary binary.trace "binary.trace:1:1: cannot tell the trace format"
# a NUL inside a record
printf ' L 10,8\000\n' >nul.trace
case_ nul nul.trace "nul.trace:1:8: lackey: expected the end of the line after the size, found \\x00"
# sizes and addresses out of range
printf ' L 10,1048577\n' >size.trace
case_ lackey_size size.trace "size.trace:1:7: lackey: size is larger than 1048576 bytes"
printf ' L 10,99999999999999999999999999\n' >size2.trace
case_ lackey_size_digits size2.trace "size2.trace:1:7: lackey: size is larger than 1048576 bytes"
printf ' S 1ffffffffffffffff,4\n' >addr.trace
case_ lackey_addr addr.trace "addr.trace:1:4: lackey: address longer than 16 hex digits"
printf '0 10 100001\n' >dsize.trace
case_ din_size dsize.trace "dsize.trace:1:6: din: size 0x100001 is larger than 1048576 bytes"
printf '1 0x1ffffffffffffffff\n' >daddr.trace
case_ din_addr daddr.trace "daddr.trace:1:3: din: address longer than 16 hex digits"
# accesses that wrap past the end of the address space
printf ' L ffffffffffffffff,8\n' >wrap.trace
case_ lackey_wrap wrap.trace "wrap.trace:1:4: lackey: the access of 8 bytes at 0xffffffffffffffff wraps"
printf '0 fffffffffffffff0 20\n' >dwrap.trace
case_ din_wrap dwrap.trace "dwrap.trace:1:3: din: the access of 32 bytes at 0xfffffffffffffff0 wraps"
# a damaged line after 200,000 good ones: the line number is exact
awk 'BEGIN { for (i = 0; i < 200000; i++) printf " L %x,8\n", i * 64; print " L zz,8" }' >late.trace
case_ late_damage late.trace "late.trace:200001:4: lackey: expected a hexadecimal address"
# the wrong format forced
printf 'I  400000,4\n' >lk.trace
case_ forced_din lk.trace "lk.trace:1:1: din: expected a label 0-4" --format din
# not a file
mkdir dir.trace
case_ directory dir.trace "dir.trace: a directory, not a trace file"
case_ missing missing.trace "missing.trace: cannot open the trace: No such file or directory"

summary "hostile traces"
