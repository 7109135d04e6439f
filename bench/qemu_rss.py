#!/usr/bin/env python3
"""Peak RSS of a program run under qemu-user, split into the guest's part and qemu's own.

usage: qemu_rss.py TIMEFILE SPLITFILE [--interval S] -- qemu-aarch64 ... PROGRAM ARGS

Runs the command and, like `/usr/bin/time -o TIMEFILE -f '%U %S %M %e'`,
writes one line "user sys maxrss_kb elapsed" to TIMEFILE (preceded by
"Command terminated by signal N" when a signal ended it): maxrss is the
qemu process's ru_maxrss from wait4, what /usr/bin/time reports.  Exits with
the command's status (128 + N for a signal); SIGTERM/SIGINT are passed on.

Why a split: qemu-user 7.2 emulates the guest's /proc/self/maps but passes
/proc/self/status, statm, smaps and smaps_rollup through to the host, so a
guest that reads its own VmHWM gets the qemu process's.  With a 64-bit guest
on a 64-bit host qemu maps the guest at guest_base 0 (the program at
0x5500000000), so in the host's /proc/PID/smaps of the qemu process every
mapping below qemu's own executable is the guest's memory, at the address
the guest sees, and the rest (qemu's binary and libraries, its heap: TB
metadata, page descriptors, MTE allocation tags; the translated-code
buffer) is qemu's.  This samples that file (and smaps_rollup) every
--interval seconds (default 0.1) and writes to SPLITFILE, as key=value
words on one line:
  guest_peak   the largest guest RSS seen (KiB): smaps_rollup's total (one
               consistent walk) minus qemu's part from smaps
  shadow, anon, file: the guest's parts in the consistent sample (below)
               with the largest guest sum:
    shadow     guest mappings in [1 << 40, (1 << 40) + (1 << 44)): ksan's
               shadow (generic: 1 byte per 8; software tags: 1 per 16)
    anon       the guest's other anonymous memory (heap, stacks, runtime
               metadata: stack depot, side tables, quarantine)
    file       the guest's file-backed mappings (program, libraries)
  qemu_peak    the largest RSS of qemu's own mappings seen (KiB), and at
               that sample qemu_heap ([heap], qemu's malloc: MTE tags live
               here), qemu_anon (other anonymous: the translated-code
               buffer, thread stacks) and qemu_file (qemu's code and data)
  total_peak   the largest smaps_rollup total seen (KiB; ~ maxrss)
  samples      how many samples were taken; consistent: how many smaps
               walks were consistent (no mapping seen twice, and the parts
               add up to smaps_rollup's total within 1 MiB + 2%)
The kernel drops the mmap lock between the read() calls of one smaps walk,
so a mapping that merges with a new neighbour meanwhile (the guest's heap
and shadow grow that way) can be counted twice: such walks give no parts.
Samples come every 10 ms at first, then every --interval.  A sampled peak
can miss a spike shorter than the interval; maxrss cannot.
"""
import os, signal, subprocess, sys, time

SHADOW_LO, SHADOW_HI = 1 << 40, (1 << 40) + (1 << 44)


def parse_args(argv):
    if len(argv) < 4 or "--" not in argv:
        sys.exit(__doc__.split("\n\n")[1])
    i = argv.index("--")
    opts, cmd = argv[1:i], argv[i + 1:]
    interval = 0.1
    if "--interval" in opts:
        k = opts.index("--interval")
        interval = float(opts[k + 1])
        del opts[k:k + 2]
    if len(opts) != 2 or not cmd:
        sys.exit("qemu_rss.py: want TIMEFILE SPLITFILE -- COMMAND")
    return opts[0], opts[1], interval, cmd


def rollup(pid):
    """The process's RSS (KiB) from smaps_rollup: one consistent walk."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Rss:"):
                    return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        pass
    return None


def sample(pid, exe_lo):
    """One reading of /proc/PID/smaps: RSS in KiB by part, and whether the
    walk was consistent.  The kernel drops the mmap lock between read()
    calls, so mappings that merge or grow meanwhile (the guest's heap and
    shadow do, all the time) can be counted twice: a mapping that starts
    below the end of the one before it marks the walk inconsistent."""
    s = dict(shadow=0, anon=0, file=0, qemu_heap=0, qemu_anon=0, qemu_file=0, ok=True)
    lo = name = None
    prev_hi = 0
    try:
        with open(f"/proc/{pid}/smaps") as f:
            for line in f:
                c = line[0]
                if c in "0123456789abcdef" and "-" in line.split(" ", 1)[0]:
                    parts = line.split(None, 5)
                    lo, hi = (int(x, 16) for x in parts[0].split("-"))
                    name = parts[5].strip() if len(parts) > 5 else ""
                    if lo < prev_hi:
                        s["ok"] = False
                    prev_hi = max(prev_hi, hi)
                elif line.startswith("Rss:") and lo is not None:
                    kb = int(line.split()[1])
                    if exe_lo is not None and lo < exe_lo:
                        if SHADOW_LO <= lo < SHADOW_HI:
                            s["shadow"] += kb
                        elif name and not name.startswith("["):
                            s["file"] += kb
                        else:
                            s["anon"] += kb
                    elif name == "[heap]":
                        s["qemu_heap"] += kb
                    elif name and not name.startswith("["):
                        s["qemu_file"] += kb
                    else:
                        s["qemu_anon"] += kb
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    return s


def exe_start(pid):
    """Lowest address of a mapping of the process's own executable (qemu's)."""
    try:
        exe = os.readlink(f"/proc/{pid}/exe")
        with open(f"/proc/{pid}/maps") as f:
            for line in f:
                parts = line.split(None, 5)
                if len(parts) > 5 and parts[5].strip() == exe:
                    return int(parts[0].split("-")[0], 16)
    except (FileNotFoundError, ProcessLookupError, PermissionError, OSError):
        pass
    return None


def main():
    timefile, splitfile, interval, cmd = parse_args(sys.argv)
    t0 = time.monotonic()
    try:
        p = subprocess.Popen(cmd)
    except OSError as e:
        print(f"qemu_rss.py: {cmd[0]}: {e}", file=sys.stderr)
        return 127

    def forward(sig, _frame):
        try:
            p.send_signal(sig)
        except ProcessLookupError:
            pass
    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)

    exe_lo = None
    guest_peak = qemu_peak = total_peak = parts_peak = 0
    at_guest = at_qemu = None
    n = n_ok = 0
    status = rusage = None
    pause = min(0.01, interval)	# short programs (hello) get samples too
    while True:
        wpid, st, ru = os.wait4(p.pid, os.WNOHANG)
        if wpid == p.pid:
            status, rusage = st, ru
            break
        # Popen returns once the exec has succeeded: the exe is qemu's
        if exe_lo is None:
            exe_lo = exe_start(p.pid)
        s = sample(p.pid, exe_lo) if exe_lo is not None else None
        total = rollup(p.pid) if s else None
        if s and total is not None:
            # the guest = the consistent total - qemu's part (qemu's own
            # mappings hardly change); the guest's parts from a walk that
            # was consistent and adds up to that total
            n += 1
            g = s["shadow"] + s["anon"] + s["file"]
            q = s["qemu_heap"] + s["qemu_anon"] + s["qemu_file"]
            guest = max(total - q, 0)
            guest_peak = max(guest_peak, guest)
            total_peak = max(total_peak, total)
            if q >= qemu_peak:
                qemu_peak, at_qemu = q, s
            if s["ok"] and abs(g + q - total) <= 1024 + total // 50:
                n_ok += 1
                if g >= parts_peak:
                    parts_peak, at_guest = g, s
        time.sleep(pause)
        pause = min(pause * 1.5, interval)
    elapsed = time.monotonic() - t0
    with open(timefile, "w") as f:
        if os.WIFSIGNALED(status):
            f.write(f"Command terminated by signal {os.WTERMSIG(status)}\n")
        elif os.WEXITSTATUS(status):
            f.write(f"Command exited with non-zero status {os.WEXITSTATUS(status)}\n")
        f.write(f"{rusage.ru_utime:.2f} {rusage.ru_stime:.2f} {rusage.ru_maxrss} {elapsed:.2f}\n")
    at_guest = at_guest or {}
    at_qemu = at_qemu or {}
    with open(splitfile, "w") as f:
        f.write(" ".join([
            f"guest_peak={guest_peak}",
            f"shadow={at_guest.get('shadow', 0)}", f"anon={at_guest.get('anon', 0)}", f"file={at_guest.get('file', 0)}",
            f"qemu_peak={qemu_peak}",
            f"qemu_heap={at_qemu.get('qemu_heap', 0)}", f"qemu_anon={at_qemu.get('qemu_anon', 0)}",
            f"qemu_file={at_qemu.get('qemu_file', 0)}",
            f"total_peak={total_peak}", f"samples={n}", f"consistent={n_ok}"]) + "\n")
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


if __name__ == "__main__":
    sys.exit(main())
