#!/bin/sh
# check-linux-6.18.sh - checks the linux-6.18 layout data.
#
#   sh tests/data/check-linux-6.18.sh SKLAB
#
# 1. Diffs `sklab layout --profile linux-6.18-x86_64 linux-6.18/NAME` against
#    golden/linux-6.18/NAME.pahole: real `pahole -C NAME` output from the BTF
#    of a running Linux 6.18 x86_64 kernel (IPv6 and network namespaces on).
# 2. Where this machine runs a 6.18 kernel with BTF and pahole is installed,
#    also diffs against pahole on the live BTF (skipped with a reason otherwise).
set -eu

sklab=$1
here=$(cd "$(dirname "$0")" && pwd)
structs="sock_common"
passed=0
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

for s in $structs; do
	"$sklab" layout --profile linux-6.18-x86_64 "linux-6.18/$s" >"$work/$s.sklab"
	if diff -u "$here/golden/linux-6.18/$s.pahole" "$work/$s.sklab"; then
		passed=$((passed + 1))
	else
		echo "FAIL: linux-6.18/$s differs from golden/linux-6.18/$s.pahole"
		failed=$((failed + 1))
	fi
done

case "$(uname -r)" in
6.18.*)
	if [ -r /sys/kernel/btf/vmlinux ] && command -v pahole >/dev/null 2>&1; then
		for s in $structs; do
			pahole -C "$s" /sys/kernel/btf/vmlinux 2>/dev/null >"$work/$s.btf" || true
			if diff -u "$work/$s.btf" "$work/$s.sklab"; then
				passed=$((passed + 1))
			else
				echo "FAIL: linux-6.18/$s differs from pahole on this kernel's BTF"
				failed=$((failed + 1))
			fi
		done
	else
		echo "note: no readable BTF or no pahole: live comparison skipped"
	fi
	;;
*)
	echo "note: this kernel is not 6.18: live BTF comparison skipped"
	;;
esac

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
