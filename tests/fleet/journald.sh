#!/usr/bin/env bash
# Run by tests/unit/fleet.sh inside `unshare -m` (a private mount
# namespace: nothing here is seen outside): a real systemd-journald on
# fresh tmpfs /run/systemd and /run/log, then the buggy program with
# log_path=journal (the default socket path) and log_path=syslog (through
# journald's syslog socket, log_socket=/run/systemd/journal/dev-log), and
# journalctl -o json of what it stored into OUT.
#   usage: journald.sh <program> <out> <journald>
set -u
prog=$1 out=$2 journald=$3
mount --make-rprivate / 2> /dev/null
mount -t tmpfs tmpfs /run/systemd || exit 3
mkdir -p /run/systemd/journal /run/log
mount -t tmpfs tmpfs /run/log || exit 3
# persistent storage, if the host has it, stays the host's
if [ -d /var/log/journal ]; then mount -t tmpfs tmpfs /var/log/journal || exit 3; fi
"$journald" > "$out.journald.log" 2>&1 &
jp=$!
for _ in $(seq 100); do [ -S /run/systemd/journal/socket ] && break; sleep 0.05; done
KSAN_OPTIONS=log_path=journal "$prog" > /dev/null 2> "$out.err1"
echo "status $?" > "$out.status"
KSAN_OPTIONS=log_path=syslog:log_socket=/run/systemd/journal/dev-log "$prog" > /dev/null 2> "$out.err2"
echo "status $?" >> "$out.status"
# journald takes datagrams as they come: wait until the last line is in
for _ in $(seq 100); do
	journalctl --directory=/run/log/journal -o json > "$out" 2> "$out.journalctl.err"
	grep -c '"MESSAGE":"=\{66\}"' "$out" | grep -qx 2 && break
	sleep 0.05
done
kill "$jp"
wait "$jp" 2> /dev/null
exit 0
