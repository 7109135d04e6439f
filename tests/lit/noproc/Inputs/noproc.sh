#!/bin/bash
# Runs a command with /proc hidden, as in a chroot or a container without
# /proc: in a private mount namespace (unshare -m, so the host's /proc is
# untouched) an empty tmpfs is mounted over /proc.  Fails loudly if that
# cannot be done, so a test never passes with /proc still visible.
exec unshare -m --propagation private -- /bin/sh -c '
	mount -t tmpfs -o ro,size=4k noproc /proc || exit 125
	if [ -e /proc/self ]; then echo "noproc.sh: /proc is still visible" >&2; exit 125; fi
	exec "$@"' noproc "$@"
