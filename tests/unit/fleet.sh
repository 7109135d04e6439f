#!/usr/bin/env bash
# Fleet reporting (docs/fleet.md): log_path=syslog and log_path=journal
# checked on the wire (a unix datagram socket of tests/fleet/dgram.py
# stands in for /dev/log and journald's socket, through log_socket), the
# fallback to stderr when the socket is missing, and ksan-triage over a
# corpus of every input form: the three layouts, a syslog file, journalctl
# -o json, leak reports and older / newer report words.
#   usage: tests/unit/fleet.sh [build-dir]
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
B=${1:-$root/build}
mkdir -p "$B" && B=$(cd "$B" && pwd)
tmp=$B/unit-tests/fleet
rm -rf "$tmp" && mkdir -p "$tmp/corpus"
dgram=$root/tests/fleet/dgram.py
triage=$B/bin/ksan-triage
echo 'PLAN: 12'
pass() { echo "PASS: fleet/$1"; }
fail() { echo "FAIL: fleet/$1: $2"; }

if ! command -v python3 > /dev/null; then
	for t in build journal_fields journal_message journal_layouts journal_leaks journal_kfence syslog_wire fallback triage triage_json triage_stdin journald; do
		echo "SKIP: fleet/$t: no python3"
	done
	exit 0
fi

# receive <socket> <out>: a receiver in the background, ready when this returns
receive() {
	python3 "$dgram" recv "$1" "$2" &
	recv_pid=$!
	for _ in $(seq 100); do [ -e "$1.ready" ] && return 0; sleep 0.05; done
	return 1
}

if "$B/bin/ksan-cc" -g "$root/examples/strbuf_overflow.c" -o "$tmp/sb" > "$tmp/build.log" 2>&1 &&
   "$B/bin/ksan-cc" -g "$root/examples/leak/config_leak.c" -o "$tmp/config_leak" >> "$tmp/build.log" 2>&1 &&
   [ -x "$triage" ]; then
	pass build
else
	fail build "$(tail -5 "$tmp/build.log" | tr '\n' ' ')"
fi
# the reference: the same report on stderr
(cd "$tmp" && ./sb > /dev/null 2> "$tmp/corpus/kasan.txt")
sig=$(sed -n 's/^Crash signature: \([0-9a-f]\{16\}\) \(.*\)$/\1 \2/p' "$tmp/corpus/kasan.txt")
hash=${sig%% *}
lines=$(wc -l < "$tmp/corpus/kasan.txt")

# 1. journal: one datagram, every field, MESSAGE binary-safe
receive "$tmp/journal.sock" "$tmp/j"
(cd "$tmp" && KSAN_OPTIONS=log_path=journal:log_socket=$tmp/journal.sock ./sb > /dev/null 2> "$tmp/j.err")
rc=$?
wait "$recv_pid"
n=$(ls "$tmp"/j.* 2>/dev/null | grep -c '/j\.[0-9]*$')
if [ "$n" -ne 1 ] || ! python3 "$dgram" journal "$tmp/j.0" > "$tmp/corpus/journal.json" 2> "$tmp/j.parse"; then
	fail journal_fields "$n datagrams (want 1); $(cat "$tmp/j.parse" 2>/dev/null)"
	fail journal_message "no entry"
else
	if python3 - "$tmp/corpus/journal.json" "$hash" "${sig#* }" "$tmp/sb" <<'PY'
import json, sys, re
f = json.load(open(sys.argv[1]))
want = {"PRIORITY": "3", "SYSLOG_IDENTIFIER": "sb", "KSAN_DETECTOR": "KASAN",
        "KSAN_BUG_TYPE": "slab-out-of-bounds", "KSAN_SIGNATURE_HASH": sys.argv[2],
        "KSAN_SIGNATURE": sys.argv[3], "KSAN_EXECUTABLE": sys.argv[4],
        "MESSAGE_ID": "4b53414e8f3a4c2e9d1b6a7e0c5f2d19"}
bad = ["%s=%r (want %r)" % (k, f.get(k), v) for k, v in want.items() if f.get(k) != v]
if not re.fullmatch(r"BUG: KASAN: slab-out-of-bounds in strbuf_append\+0x[0-9a-f]+/0x[0-9a-f]+",
                    f.get("KSAN_TITLE", "")):
    bad.append("KSAN_TITLE=%r" % f.get("KSAN_TITLE"))
if not f.get("KSAN_PID", "").isdigit():
    bad.append("KSAN_PID=%r" % f.get("KSAN_PID"))
sys.exit("; ".join(bad) or None)
PY
	then pass journal_fields; else fail journal_fields "see above"; fi
	if python3 - "$tmp/corpus/journal.json" "$lines" "$sig" <<'PY' && [ "$rc" -eq 1 ] && [ ! -s "$tmp/j.err" ]
import json, sys
m = json.load(open(sys.argv[1]))["MESSAGE"].split("\n")
ok = (len(m) == int(sys.argv[2]) and m[0] == "=" * 66 and m[-1] == "=" * 66
      and m[1].startswith("BUG: KASAN: ") and "Crash signature: " + sys.argv[3] in m)
sys.exit(0 if ok else "MESSAGE: %d lines (want %s): %r" % (len(m), sys.argv[2], m[:3]))
PY
	then pass journal_message
	else fail journal_message "exit status $rc, stderr: $(head -c 200 "$tmp/j.err")"; fi
fi

# the other layouts: the asan one's title, json's none (its object is the
# MESSAGE); both in the triage corpus below
receive "$tmp/journal3.sock" "$tmp/ja"
for f in asan json; do
	(cd "$tmp" && KSAN_OPTIONS=log_path=journal:log_socket=$tmp/journal3.sock:report_format=$f ./sb > /dev/null 2>&1)
done
wait "$recv_pid"
for f in "$tmp"/ja.[0-9]*; do python3 "$dgram" journal "$f"; done > "$tmp/corpus/journal-layouts.json" 2>&1
if python3 - "$tmp/corpus/journal-layouts.json" "$hash" <<'PY'
import json, re, sys
e = [json.loads(l) for l in open(sys.argv[1])]
ok = (len(e) == 2 and all(x.get("KSAN_SIGNATURE_HASH") == sys.argv[2] for x in e)
      and re.fullmatch(r"==\d+==ERROR: AddressSanitizer: heap-buffer-overflow on address .*",
                       e[0].get("KSAN_TITLE", ""))
      and "KSAN_TITLE" not in e[1] and json.loads(e[1]["MESSAGE"])["signature_hash"] == sys.argv[2])
sys.exit(0 if ok else "entries %r" % [{k: v for k, v in x.items() if k != "MESSAGE"} for x in e])
PY
then pass journal_layouts; else fail journal_layouts "see above"; fi

# the leak check at exit: an entry per leak report (KMEMLEAK, its own
# signature), and its summary line as an entry with no detector
(cd "$tmp" && ./config_leak > /dev/null 2> "$tmp/leak-ref.err")
nleak=$(grep -c '^BUG: memory leak$' "$tmp/leak-ref.err")
receive "$tmp/journal2.sock" "$tmp/jl"
(cd "$tmp" && KSAN_OPTIONS=log_path=journal:log_socket=$tmp/journal2.sock ./config_leak > /dev/null 2> "$tmp/jl.err")
rc=$?
wait "$recv_pid"
for f in "$tmp"/jl.[0-9]*; do python3 "$dgram" journal "$f"; done > "$tmp/jl.json" 2>&1
if [ $rc -eq 23 ] && [ "$nleak" -gt 0 ] && python3 - "$tmp/jl.json" "$nleak" <<'PY'
import json, sys
e = [json.loads(l) for l in open(sys.argv[1])]
leaks = [x for x in e if x.get("KSAN_DETECTOR") == "KMEMLEAK" and x.get("KSAN_BUG_TYPE") == "memory-leak"
         and x.get("KSAN_SIGNATURE") == "memory-leak | parse_config | main"
         and x["MESSAGE"].count("Crash signature: ") == 1]
rest = [x for x in e if x not in leaks]
ok = len(leaks) == int(sys.argv[2]) and all("KSAN_DETECTOR" not in x and "KSAN_SIGNATURE" not in x
                                             for x in rest)
sys.exit(0 if ok else "%d leak entries (want %s), others %r" % (len(leaks), sys.argv[2], rest))
PY
then pass journal_leaks
else fail journal_leaks "exit status $rc, $nleak leak reports on stderr"; fi

# production's way: a program built without ksan, KFENCE preloaded
# (libksan-kfence.so), its report as a journal entry; the program goes on
gcc -g -O0 "$root/tests/lit/build/Inputs/uaf_plain.c" -o "$tmp/uaf_plain" 2>> "$tmp/build.log"
receive "$tmp/journal4.sock" "$tmp/jk"
(cd "$tmp" && LD_PRELOAD=$B/lib/libksan-kfence.so \
	KSAN_OPTIONS=kfence_sample_every=1:log_path=journal:log_socket=$tmp/journal4.sock \
	./uaf_plain > "$tmp/jk.out" 2> "$tmp/jk.err")
rc=$?
wait "$recv_pid"
for f in "$tmp"/jk.[0-9]*; do python3 "$dgram" journal "$f"; done > "$tmp/jk.json" 2>&1
if [ $rc -eq 0 ] && [ "$(cat "$tmp/jk.out")" = "went on 0" ] && [ ! -s "$tmp/jk.err" ] &&
   python3 - "$tmp/jk.json" <<'PY'
import json, sys
e = [json.loads(l) for l in open(sys.argv[1])]
ok = (len(e) == 1 and e[0].get("KSAN_DETECTOR") == "KFENCE" and e[0].get("KSAN_BUG_TYPE") == "use-after-free"
      and e[0].get("KSAN_SIGNATURE", "").startswith("use-after-free Read | main")
      and e[0].get("KSAN_TITLE", "").startswith("BUG: KFENCE: use-after-free read in main")
      and e[0].get("SYSLOG_IDENTIFIER") == "uaf_plain")
sys.exit(0 if ok else "entries %r" % [{k: v for k, v in x.items() if k != "MESSAGE"} for x in e])
PY
then pass journal_kfence
else fail journal_kfence "exit status $rc, stdout $(cat "$tmp/jk.out"), stderr $(head -c 200 "$tmp/jk.err")"; fi

# 2. syslog: a datagram per line, "<11>Mmm dd hh:mm:ss sb[pid]: line"
receive "$tmp/syslog.sock" "$tmp/s"
(cd "$tmp" && KSAN_OPTIONS=log_path=syslog:log_socket=$tmp/syslog.sock ./sb > /dev/null 2> "$tmp/s.err")
rc=$?
wait "$recv_pid"
if python3 - "$tmp" "$lines" "$sig" > "$tmp/corpus/syslog.txt" <<'PY' && [ "$rc" -eq 1 ] && [ ! -s "$tmp/s.err" ]
import glob, re, sys
tmp, want, sig = sys.argv[1], int(sys.argv[2]), sys.argv[3]
files = sorted(glob.glob(tmp + "/s.[0-9]*"), key=lambda p: int(p.rsplit(".", 1)[1]))
pids, msgs = set(), []
for p in files:
    d = open(p, "rb").read().decode()
    m = re.fullmatch(r"<11>[A-Z][a-z]{2} [ 123]\d \d\d:\d\d:\d\d sb\[(\d+)\]: ([^\n]*)", d)
    if not m:
        sys.exit("datagram %r" % d[:80])
    pids.add(m.group(1))
    msgs.append(m.group(2))
    # as rsyslog writes it to a file: time, host, tag[pid]: message
    print(d[4:19] + " web1 " + d[20:])
if len(msgs) != want or len(pids) != 1 or msgs[0] != "=" * 66 or \
   not msgs[1].startswith("BUG: KASAN: ") or "Crash signature: " + sig not in msgs:
    sys.exit("%d datagrams (want %d), pids %s" % (len(msgs), want, pids))
PY
then pass syslog_wire
else fail syslog_wire "exit status $rc, stderr: $(head -c 200 "$tmp/s.err")"; fi

# 3. no socket: the report on stderr, after one line that says why
(cd "$tmp" && KSAN_OPTIONS=log_path=journal:log_socket=$tmp/none.sock ./sb > /dev/null 2> "$tmp/f.err")
rc=$?
if [ "$rc" -eq 1 ] && head -1 "$tmp/f.err" | grep "^ksan: cannot send to $tmp/none.sock" > /dev/null &&
   [ "$(tail -n +2 "$tmp/f.err" | wc -l)" -eq "$lines" ] && grep -qF "Crash signature: $sig" "$tmp/f.err"; then
	pass fallback
else
	fail fallback "exit status $rc, stderr: $(head -c 300 "$tmp/f.err" | tr '\n' ' ')"
fi

# 4. ksan-triage over every form
(cd "$tmp" && KSAN_OPTIONS=report_format=asan ./sb > /dev/null 2> "$tmp/corpus/asan.txt")
(cd "$tmp" && KSAN_OPTIONS=report_format=json ./sb > /dev/null 2> "$tmp/corpus/json.txt")
(cd "$tmp" && ./config_leak > /dev/null 2> "$tmp/corpus/leak.txt")
cp "$root"/tests/fleet/corpus/* "$tmp/corpus/"
leaks=$(( $(grep -c '^Crash signature: 6ab7ef656f782bf9 ' "$tmp/corpus/leak.txt") + 1 ))
"$triage" "$tmp"/corpus/* > "$tmp/triage.out" 2>&1
rc=$?
# seven of strbuf_overflow (kasan, asan, json, syslog, journal in three layouts) on web1,
# web2 and plain files; the leaks; KMSAN's two by title; UBSAN's one; the
# calloc-overflow under its WARNING line, titled by the detector's words
if [ $rc -eq 0 ] && [ "$(wc -l < "$tmp/triage.out")" -eq 5 ] &&
   grep -Eq "^ +7  .*  $hash  .*web1:sb,web2:sb.*  BUG: KASAN: slab-out-of-bounds in strbuf_append$" "$tmp/triage.out" &&
   grep -Eq "^ +$leaks  .*  6ab7ef656f782bf9  .*  BUG: memory leak in parse_config$" "$tmp/triage.out" &&
   grep -Eq "^ +2  .*  -  .*  BUG: KMSAN: kernel-infoleak in send_reply$" "$tmp/triage.out" &&
   grep -Eq "^ +1  .*  0123456789abcdef  .*  UBSAN: signed-integer-overflow in calc.c:10:5$" "$tmp/triage.out" &&
   grep -Eq "^ +1  .*  5f7c6db9aaa0e2c8  .*  KASAN: calloc-overflow in parse$" "$tmp/triage.out"; then
	pass triage
else
	fail triage "status $rc, want 5 lines (7 x $hash, $leaks x leak, 2 x KMSAN, 1 x UBSAN, 1 x calloc):"
	sed 's/^/    /' "$tmp/triage.out"
fi
"$triage" --json "$tmp"/corpus/* > "$tmp/triage.json" 2>&1
if python3 - "$tmp/triage.json" "$hash" <<'PY'
import json, sys
g = [json.loads(l) for l in open(sys.argv[1])]
a = [e for e in g if e["hash"] == sys.argv[2]]
ok = (len(g) == 5 and len(a) == 1 and a[0]["count"] == 7 and a[0]["hosts"] == ["web1", "web2"]
      and "sb" in [x.rsplit("/", 1)[-1] for x in a[0]["executables"]]
      and a[0]["first_seen"] <= a[0]["last_seen"] and a[0]["signature"].startswith("slab-out-of-bounds"))
sys.exit(0 if ok else "got %r" % g)
PY
then pass triage_json; else fail triage_json "see above"; fi
# standard input, and a file that is not there: status 2, the rest still read
if "$triage" - "$tmp/no-such-file" < "$tmp/corpus/kasan.txt" > "$tmp/stdin.out" 2> "$tmp/stdin.err";
	[ $? -eq 2 ] && grep -q "no-such-file" "$tmp/stdin.err" && [ "$(wc -l < "$tmp/stdin.out")" -eq 1 ] &&
	grep -q "^    1  .*$hash" "$tmp/stdin.out"; then
	pass triage_stdin
else
	fail triage_stdin "$(cat "$tmp/stdin.out" "$tmp/stdin.err" | head -5 | tr '\n' ' ')"
fi

# 5. a real systemd-journald (in a private mount namespace): it stores the
# journal entry with its fields and the syslog lines; ksan-triage reads
# journalctl -o json and counts the two reports as one signature
journald=$(ls /lib/systemd/systemd-journald /usr/lib/systemd/systemd-journald 2> /dev/null | head -1)
if [ "$(id -u)" -ne 0 ] || ! command -v unshare > /dev/null || [ -z "$journald" ] ||
   ! command -v journalctl > /dev/null; then
	echo "SKIP: fleet/journald: needs root, unshare, systemd-journald and journalctl"
else
	unshare -m bash "$root/tests/fleet/journald.sh" "$tmp/sb" "$tmp/jd.json" "$journald"
	"$triage" --json "$tmp/jd.json" > "$tmp/jd.triage" 2>&1
	if [ "$(cat "$tmp/jd.json.status" 2>/dev/null | tr '\n' ' ')" = "status 1 status 1 " ] &&
	   [ ! -s "$tmp/jd.json.err1" ] && [ ! -s "$tmp/jd.json.err2" ] && python3 - "$tmp/jd.json" "$tmp/jd.triage" "$hash" "$lines" <<'PY'
import json, sys
e = [json.loads(l) for l in open(sys.argv[1])]
native = [x for x in e if x.get("KSAN_SIGNATURE_HASH") == sys.argv[3] and x.get("KSAN_DETECTOR") == "KASAN"
          and x.get("MESSAGE_ID") == "4b53414e8f3a4c2e9d1b6a7e0c5f2d19" and x.get("_TRANSPORT") == "journal"]
lines = [x for x in e if x.get("SYSLOG_IDENTIFIER") == "sb" and x.get("_TRANSPORT") == "syslog"]
g = [json.loads(l) for l in open(sys.argv[2])]
ok = (len(native) == 1 and len(lines) == int(sys.argv[4]) and len(g) == 1
      and g[0]["hash"] == sys.argv[3] and g[0]["count"] == 2)
sys.exit(0 if ok else "journal: %d entries, %d syslog lines (want %s); triage %r"
         % (len(native), len(lines), sys.argv[4], g))
PY
	then
		echo "PASS: fleet/journald"
	else
		echo "FAIL: fleet/journald: statuses $(cat "$tmp/jd.json.status" 2>/dev/null | tr '\n' ' ')"
		tail -3 "$tmp/jd.json.journald.log" "$tmp/jd.json.err1" 2> /dev/null | sed 's/^/    /'
	fi
fi
