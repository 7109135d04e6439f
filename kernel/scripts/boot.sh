#!/usr/bin/env bash
# Boots a test kernel under qemu-system-x86_64 (TCG: no KVM needed), its
# serial console on standard output, and exits with the kernel's own
# status (isa-debug-exit: QEMU's is status << 1 | 1): 0 = every test
# passed, 1 = a test failed or a report halted, 2 = panic; 124 when it did
# not end within KERNEL_TIMEOUT seconds (120), 125 when QEMU ended another
# way (a triple fault, with -no-reboot), 127 without QEMU.
#   usage: boot.sh IMAGE [command-line words...]
set -u
img=$1
shift
qemu=${QEMU:-qemu-system-x86_64}
command -v "$qemu" > /dev/null 2>&1 || { echo "boot.sh: $qemu not found" >&2; exit 127; }
timeout -k 5 "${KERNEL_TIMEOUT:-120}" "$qemu" -kernel "$img" -append "$*" -m 128M -smp "${KERNEL_SMP:-2}" \
	-nodefaults -display none -serial stdio -no-reboot \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04 < /dev/null
rc=$?
case $rc in
124 | 137) exit 124 ;;
esac
[ $((rc & 1)) -eq 1 ] && exit $((rc >> 1))
exit 125
