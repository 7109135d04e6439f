#!/usr/bin/env python3
"""Stands in for /dev/log and journald's socket in tests/unit/fleet.sh.

  dgram.py recv SOCKET OUT      bind a unix datagram socket at SOCKET, write
                                SOCKET.ready, then save each datagram to
                                OUT.N (N = 0, 1, ...) until none came for
                                a second (at most 20 s)
  dgram.py journal FILE         parse one datagram of journald's native
                                protocol; print it as `journalctl -o json`
                                would (one JSON object); fail on any byte
                                out of place
"""
import json
import os
import socket
import sys
import time


def recv(path, out):
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(path)
    open(path + ".ready", "w").close()
    s.settimeout(20)
    n, start = 0, time.time()
    while time.time() - start < 20:
        try:
            d = s.recv(1 << 20)
        except socket.timeout:
            break
        with open("%s.%d" % (out, n), "wb") as f:
            f.write(d)
        n += 1
        s.settimeout(1)
    os.unlink(path)


def journal(path):
    d = open(path, "rb").read()
    fields, i = {}, 0
    while i < len(d):
        nl = d.index(b"\n", i)
        line = d[i:nl]
        if b"=" in line:
            k, v = line.split(b"=", 1)
            i = nl + 1
        else:		# binary-safe: NAME \n le64 length, value, \n
            k = line
            n = int.from_bytes(d[nl + 1:nl + 9], "little")
            v = d[nl + 9:nl + 9 + n]
            if d[nl + 9 + n:nl + 10 + n] != b"\n":
                sys.exit("journal: field %r: no newline after its %d bytes" % (k, n))
            i = nl + 10 + n
        name = k.decode()
        if not name or not all(c.isupper() or c.isdigit() or c == "_" for c in name):
            sys.exit("journal: bad field name %r" % k)
        if name in fields:
            sys.exit("journal: field %s twice" % name)
        fields[name] = v.decode("utf-8")
    fields["__REALTIME_TIMESTAMP"] = str(int(time.time() * 1e6))
    fields["_HOSTNAME"] = "web2"
    fields["_PID"] = fields.get("KSAN_PID", "")
    print(json.dumps(fields))


if __name__ == "__main__":
    if sys.argv[1] == "recv":
        recv(sys.argv[2], sys.argv[3])
    else:
        journal(sys.argv[2])
