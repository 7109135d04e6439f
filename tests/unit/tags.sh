#!/usr/bin/env bash
# Tag-based KASAN under qemu-aarch64: software tags (clang, outline and
# inline) and hardware tags (MTE; clang and gcc), every bad case of
# tags_test.c and its silent twin, the layouts, kasan_mode, the rate of
# missed far out-of-bounds accesses (colliding tags), overflows into a live
# neighbour (never missed), and MTE faults' access sizes and call traces
# (an inline copy, the C library's memcpy).
# Output is matched with here-strings: `echo | grep -q` under pipefail
# fails when grep exits before echo has written everything (SIGPIPE).
# Skipped (counted) without qemu-aarch64, the cross compilers or the
# aarch64 runtime ($B/lib/aarch64/libksan-tags.a, make tags-aarch64).
set -u -o pipefail
B=${1:-build}
cd "$(dirname "$0")/../.."
B=$(cd "$B" && pwd)
out=$B/unit/tags
mkdir -p "$out"
KCC=$B/bin/ksan-cc
QEMU="qemu-aarch64 -cpu max -L /usr/aarch64-linux-gnu"

bad="right:slab-out-of-bounds left:slab-out-of-bounds far:slab-out-of-bounds
uaf:slab-use-after-free dfree:double-free ifree:invalid-free memcpy:slab-out-of-bounds
memset:slab-out-of-bounds thread:slab-out-of-bounds copy80:slab-out-of-bounds"
configs="sw-outline sw-inline hw-clang hw-gcc"
nbad=$(echo $bad | wc -w)
per=$((2 * nbad + 2 + 4 + 1 + 3 + 3))	# bad cases, twins, stack_ok, matchall, 4 dumps, collide, 3 faults,
				# copy80's size and frames, memcpy's frames, adjacent
extra=8				# asan, json, async, bad kasan_mode, handle_segv=0, build checks, MTE asan/json size
plan=$((4 * per + extra))
echo "PLAN: $plan"

skip_all() {
	for i in $(seq "$plan"); do echo "SKIP: tags: $1"; done
	exit 0
}
command -v qemu-aarch64 > /dev/null || skip_all "no qemu-aarch64 (qemu-user)"
[ -d /usr/aarch64-linux-gnu/lib ] || skip_all "no aarch64 sysroot (libc6-dev-arm64-cross)"
[ -f "$B/lib/aarch64/libksan-tags.a" ] || [ -f "$B/lib/libksan-tags.a" ] ||
	skip_all "no aarch64 runtime ($B/lib/aarch64/libksan-tags.a: make tags-aarch64)"

pass() { echo "PASS: tags: $*"; }
fail() { echo "FAIL: tags: $*"; }

build() {	# build <config> <exe>
	local cmd
	case $1 in
	sw-outline) cmd="--ksan-cc=clang --target=aarch64-linux-gnu --ksan=kasan-sw --ksan-mode=outline" ;;
	sw-inline) cmd="--ksan-cc=clang --target=aarch64-linux-gnu --ksan=kasan-sw" ;;
	hw-clang) cmd="--ksan-cc=clang --target=aarch64-linux-gnu --ksan=kasan-hw" ;;
	hw-gcc) command -v aarch64-linux-gnu-gcc > /dev/null || return 2
		cmd="--ksan-cc=aarch64-linux-gnu-gcc --ksan=kasan-hw" ;;
	esac
	"$KCC" $cmd -O1 -g tests/unit/tags_test.c -lpthread -o "$2" 2> "$2.log"
}

run() {	# run <exe> <case> [env]: output in $o, status in $rc
	o=$(env ${3:-} timeout 60 $QEMU "$1" $2 2>&1)
	rc=$?
}

# The rows of the tag dump, against the objects tags_test.c's "dump" case
# prints ("obj <start> <tag> live|freed", "bad <addr> <tag>"): five rows of
# 16 granules, 256 bytes apart, the bad address's row third and the only
# one marked ('>' and a '^' under its granule in the kernel layout; '=>'
# and the granule in [..] in HWASan's), each granule of a printed object
# with its tag (a live object's three granules its pointer's tag, the
# slot's last granule and a freed slot's four fe), at least 64 granules
# known that way, and the "Pointer tag"/"tags: pt/mt" line agreeing.
# Prints what is wrong; nothing when all is right.
dump_py='
import re, sys
layout, lines = sys.argv[1], sys.stdin.read().split("\n")
objs, errs, rows, bad = [], [], [], None
pt = mt = None
carets = []
for l in lines:
    m = re.fullmatch(r"obj 0x([0-9a-f]+) ([0-9a-f]{2}) (live|freed)", l)
    if m:
        objs.append((int(m[1], 16), m[2], m[3] == "live"))
    m = re.fullmatch(r"bad 0x([0-9a-f]+) ([0-9a-f]{2})", l)
    if m:
        bad, btag = int(m[1], 16), m[2]
    m = re.fullmatch(r"Pointer tag: \[(..)\], memory tag: \[(..)\]", l) or \
        re.search(r" tags: (..)/(..) \(ptr/mem\) in thread ", l)
    if m:
        pt, mt = m[1], m[2]
    if layout == "kasan":
        m = re.fullmatch(r"([ >])0x([0-9a-f]+): ((?:[0-9a-f?]{2} ){15}[0-9a-f?]{2})", l)
        if m:
            rows.append((int(m[2], 16), m[1] == ">", m[3].split(), None, len(l) - len(m[3])))
        elif re.fullmatch(r" +\^", l):
            carets.append((len(rows) - 1, l.index("^")))
    else:
        m = re.fullmatch(r"(  |=>)0x([0-9a-f]{12}):(.*)", l)
        if m:
            t = m[3]
            if len(t) != 64:
                errs.append("row 0x%s: %d characters of tags, want 64" % (m[2], len(t)))
            cells = [t[k:k + 4] for k in range(0, 64, 4)]
            br = [k for k, c in enumerate(cells) if c.startswith("[")]
            rows.append((int(m[2], 16), m[1] == "=>", [c[1:3] for c in cells], br, 0))
if not objs or bad is None:
    print("no obj/bad lines"); sys.exit()
g, want0 = bad & ~15, (bad & ~255) - 512
if len(rows) != 5:
    errs.append("%d dump rows, want 5" % len(rows))
elif rows[0][0] != want0 or any(r[0] != want0 + 256 * i for i, r in enumerate(rows)):
    errs.append("rows at %s, want 5 from 0x%x" % (" ".join(hex(r[0]) for r in rows), want0))
if [r[1] for r in rows] != [False, False, True, False, False]:
    errs.append("marked rows %s, want the third only" % [i for i, r in enumerate(rows) if r[1]])
col = (g & 255) >> 4
if layout == "kasan":
    if len(rows) > 2 and carets != [(2, rows[2][4] + 3 * col)]:
        errs.append("carets (row, column) %s, want [(2, %d)]" % (carets, rows[2][4] + 3 * col))
else:
    marks = [(i, k) for i, r in enumerate(rows) for k in r[3]]
    if marks != [(2, col)]:
        errs.append("[..] at (row, granule) %s, want [(2, %d)]" % (marks, col))
known, badwant = 0, None
for r in rows:
    for j, tag in enumerate(r[2]):
        a, want = r[0] + 16 * j, None
        for s, t, live in objs:
            if s <= a < s + 64:
                want = t if live and a < s + 48 else "fe"
        if want is None:
            continue
        known += 1
        if a == g:
            badwant = want
        if tag != want:
            errs.append("granule 0x%x: tag %s, want %s" % (a, tag, want))
if known < 64:
    errs.append("%d granules known, want 64 or more" % known)
if (pt, mt) != (btag, badwant) or pt == mt:
    errs.append("pointer/memory tag %s/%s, want %s/%s" % (pt, mt, btag, badwant))
print("; ".join(errs[:4]))
'
check_dump() {	# check_dump kasan|asan <<< "$o"
	python3 -c "$dump_py" "$1"
}

for cfg in $configs; do
	exe=$out/tags-$cfg
	build "$cfg" "$exe"
	brc=$?
	if [ $brc -ne 0 ]; then
		for i in $(seq $per); do
			if [ $brc -eq 2 ]; then echo "SKIP: tags: $cfg: no aarch64-linux-gnu-gcc"
			else fail "$cfg: build failed: $(head -3 "$exe.log" | tr '\n' ' ')"; fi
		done
		continue
	fi
	for bc in $bad; do
		c=${bc%%:*} type=${bc#*:}
		run "$exe" "$c"
		if [ $rc -eq 1 ] && grep -q "^BUG: KASAN: $type in " <<< "$o" &&
			{ [ "$type" = double-free ] || [ "$type" = invalid-free ] ||
			  grep -q "^Pointer tag: \[..\], memory tag: \[..\]" <<< "$o"; } &&
			grep -Eq "^Crash signature: [0-9a-f]{16} $type( Read| Write)?( \| |$)" <<< "$o" &&
			! grep -q "^done" <<< "$o"; then
			pass "$cfg: $c: $type"
		else
			fail "$cfg: $c: want $type (status 1), got status $rc: $(echo "$o" | head -4 | tr '\n' ' ')"
		fi
		run "$exe" "${c}_ok"
		if [ $rc -eq 0 ] && ! grep -q "BUG:" <<< "$o" && grep -q "^done ${c}_ok" <<< "$o"; then
			pass "$cfg: ${c}_ok silent"
		else
			fail "$cfg: ${c}_ok: want silent, got status $rc: $(echo "$o" | head -3 | tr '\n' ' ')"
		fi
	done
	for kind in oob uaf; do
		for layout in kasan asan; do
			run "$exe" "dump $kind" KSAN_OPTIONS=report_format=$layout
			e=$(check_dump $layout <<< "$o")
			if [ $rc -eq 1 ] && [ -z "$e" ]; then pass "$cfg: dump $kind: $layout layout's tag rows"
			else fail "$cfg: dump $kind, $layout layout: status $rc: $e"; fi
		done
	done
	# issue 25: a constant 80-byte memcpy into a 64-byte object.  MTE
	# faults at the inline copy's str q0, [x, #64]: the decoded store
	# (insn_a64.c) gives the size; software tags report the interceptor's
	# whole range.  Its next slot holds main's live p, whose tag is never
	# the copy's (alloc.c), so it is reported every time
	run "$exe" copy80
	case $cfg in hw-*) sz=16 ;; *) sz=80 ;; esac
	if [ $rc -eq 1 ] && grep -q "^Write of size $sz at addr [0-9a-f]" <<< "$o" &&
		grep -q "^ copy80+0x" <<< "$o" && grep -q "^ main+0x.*tags_test.c:" <<< "$o"; then
		pass "$cfg: copy80: Write of size $sz, copy80 and main in the trace"
	else fail "$cfg: copy80: status $rc: $(echo "$o" | sed -n '2,3p;6,8p' | tr '\n' ' ')"; fi
	# a copy by the C library's memcpy (MTE: no frame record of its own,
	# so the frame-pointer walk lost main; the unwind tables find it):
	# the first frame is memcpy (software tags: the interceptor; MTE:
	# glibc's variant, which has no symbol: named after what memcpy
	# resolved to), the second main, and the size is known
	run "$exe" memcpy
	if [ $rc -eq 1 ] && grep -Eq "^(Read|Write) of size [0-9]+ at addr [0-9a-f]" <<< "$o" &&
		grep -A1 "^Call Trace:" <<< "$o" | sed -n 2p | grep -Eq "^ memcpy(\+0x[0-9a-f]+ \(.*libc.so.6\+0x[0-9a-f]+\))?$" &&
		grep -A2 "^Call Trace:" <<< "$o" | sed -n 3p | grep -q "^ main+0x.*tags_test.c:"; then
		pass "$cfg: memcpy: memcpy, then main"
	else fail "$cfg: memcpy frames: status $rc: $(grep -A3 "^Call Trace:" <<< "$o" | tr '\n' ' ')"; fi
	# a one-byte overflow of a 64-byte object into its live neighbour
	# (no slot tail between them), 1000 times: never missed
	case $cfg in sw-*) run "$exe" "adjacent 1000" ;; hw-*) run "$exe" "adjacent 1000 hw" ;; esac
	if [ $rc -eq 0 ] && grep -q "^missed 0 of 1000$" <<< "$o"; then pass "$cfg: adjacent: no overflow into a neighbour missed"
	else fail "$cfg: adjacent: status $rc: $(echo "$o" | head -3 | tr '\n' ' ')"; fi
	# a null read and a wild write (untagged, unmapped: no tag check
	# fails, the access faults): the tag reporter's fault report, from
	# the instruction in rd/wr, then exit 1 (they died by SIGSEGV,
	# unreported); the twin: the program's own SIGSEGV handler gets it
	for f in "null:Read at addr 0000000000000000 :rd" "wild:Write at addr 00007e0000000030 :wr"; do
		c=${f%%:*} line=${f#*:} line=${line%:*} fn=${f##*:}
		run "$exe" $c
		if [ $rc -eq 1 ] && grep -q "^BUG: KASAN: invalid-access in $fn+0x" <<< "$o" &&
			grep -q "^$line" <<< "$o" && grep -q "^ $fn+0x.*tags_test.c:" <<< "$o" &&
			! grep -q -e "^Pointer tag: \[..\], memory tag: \[fe\]" -e "^done" <<< "$o"; then
			pass "$cfg: $c pointer fault reported"
		else fail "$cfg: $c pointer fault: status $rc: $(echo "$o" | head -4 | tr '\n' ' ')"; fi
	done
	run "$exe" null_ok
	if [ $rc -eq 0 ] && ! grep -q "BUG:" <<< "$o" && grep -q "^SIGSEGV handled" <<< "$o" &&
		grep -q "^done null_ok" <<< "$o"; then pass "$cfg: null_ok: the program's SIGSEGV handler, silent"
	else fail "$cfg: null_ok: status $rc: $(echo "$o" | head -3 | tr '\n' ' ')"; fi
	run "$exe" stack_ok
	if [ $rc -eq 0 ] && ! grep -q "BUG:" <<< "$o"; then pass "$cfg: stack_ok silent"
	else fail "$cfg: stack_ok: status $rc: $(echo "$o" | head -3 | tr '\n' ' ')"; fi
	# 0xff pointers match all memory with software tags; user-space MTE
	# has no match-all tag (docs/tags.md), so hardware tags report it.
	# The same access as "right" (one byte past the object, the slot's
	# invalid granule), through 0xff: "right" is its reported twin
	run "$exe" matchall
	case $cfg in
	sw-*) if [ $rc -eq 0 ] && ! grep -q "BUG:" <<< "$o"; then pass "$cfg: 0xff pointer silent"
	      else fail "$cfg: 0xff pointer: status $rc: $(echo "$o" | head -3 | tr '\n' ' ')"; fi ;;
	hw-*) if [ $rc -eq 1 ] && grep -q "^Pointer tag: \[ff\]" <<< "$o"; then pass "$cfg: 0xff pointer checked (MTE)"
	      else fail "$cfg: 0xff pointer under MTE: status $rc: $(echo "$o" | head -3 | tr '\n' ' ')"; fi ;;
	esac
	# 10000 far accesses from one object into another, a live one
	# between them: missed when the two random tags are equal.  Each
	# takes a tag unlike the middle one's (alloc.c's neighbours), so of
	# 252 values (software tags: 0x01..0xfd but one), expect 40 (sd 6),
	# accept [8, 100]; MTE: 12 (irg's 1..13 under the include mask
	# tags/port.c sets, not 16: 0, 14 and 15 are never given; but one),
	# expect 833 (sd 28), accept [700, 970]: about 5 sd each way
	case $cfg in
	sw-*) run "$exe" "collide 10000"; lo=8 hi=100 exp="1/252: 40" ;;
	hw-*) run "$exe" "collide 10000 hw"; lo=700 hi=970 exp="1/12: 833" ;;
	esac
	m=$(sed -n 's/^missed \([0-9]*\) of 10000$/\1/p' <<< "$o")
	if [ $rc -eq 0 ] && [ -n "$m" ] && [ "$m" -ge $lo ] && [ "$m" -le $hi ]; then
		pass "$cfg: collision rate: $m of 10000 missed (expected $exp)"
	else fail "$cfg: collision rate: status $rc, want $lo..$hi missed: $(echo "$o" | head -3 | tr '\n' ' ')"; fi
done

sw=$out/tags-sw-outline hw=$out/tags-hw-clang
if [ -x "$sw" ] && [ -x "$hw" ]; then
	pass "build checks: sw and hw binaries built"
	run "$sw" right KSAN_OPTIONS=report_format=asan
	if grep -q "ERROR: HWAddressSanitizer: tag-mismatch on address 0x" <<< "$o" &&
		grep -q "READ of size 1 at 0x.* tags: ../fe (ptr/mem) in thread T0" <<< "$o" &&
		grep -q "^SUMMARY: HWAddressSanitizer: tag-mismatch" <<< "$o" &&
		grep -Eq "^Crash signature: [0-9a-f]{16} [a-z-]+ Read \| " <<< "$(grep -A1 "^SUMMARY: " <<< "$o")"; then
		pass "asan layout"
	else fail "asan layout: $(echo "$o" | head -4 | tr '\n' ' ')"; fi
	run "$sw" uaf KSAN_OPTIONS=report_format=json
	if grep -Eq '^\{"detector":"KASAN","mode":"sw_tags","type":"slab-use-after-free".*"memory_tag":"..".*"free_stack":.*,"signature":"slab-use-after-free (Read|Write) \| [^"]+","signature_hash":"[0-9a-f]{16}"\}$' <<< "$o"; then
		pass "json layout"
	else fail "json layout: $(echo "$o" | head -2 | tr '\n' ' ')"; fi
	# an MTE fault's decoded size in the other layouts
	run "$hw" copy80 KSAN_OPTIONS=report_format=asan
	if [ $rc -eq 1 ] && grep -q "^WRITE of size 16 at 0x.* tags: ../.. (ptr/mem) in thread T0" <<< "$o" &&
		grep -q "^    #1 0x[0-9a-f]* in main " <<< "$o"; then pass "MTE, asan layout: WRITE of size 16, main frame"
	else fail "MTE, asan layout: status $rc: $(echo "$o" | sed -n 2,5p | tr '\n' ' ')"; fi
	run "$hw" copy80 KSAN_OPTIONS=report_format=json
	if [ $rc -eq 1 ] && grep -q '^{"detector":"KASAN","mode":"hw_tags","type":"slab-out-of-bounds",.*"access":"write","address":"0x[0-9a-f]*","size":16,' <<< "$o"; then
		pass "MTE, json layout: size 16"
	else fail "MTE, json layout: status $rc: $(echo "$o" | head -1 | cut -c1-200)"; fi
	run "$hw" far KSAN_OPTIONS=kasan_mode=async
	if [ $rc -eq 1 ] && grep -q "^BUG: KASAN: invalid-access$" <<< "$o" &&
		grep -q "^Asynchronous fault: no details available" <<< "$o"; then pass "kasan_mode=async"
	else fail "kasan_mode=async: status $rc: $(echo "$o" | head -4 | tr '\n' ' ')"; fi
	run "$sw" null KSAN_OPTIONS=handle_segv=0
	if [ $rc -gt 128 ] && ! grep -q "BUG:" <<< "$o"; then pass "handle_segv=0: a null read is not reported"
	else fail "handle_segv=0: status $rc: $(echo "$o" | head -3 | tr '\n' ' ')"; fi
	run "$hw" right KSAN_OPTIONS=kasan_mode=bogus
	if [ $rc -eq 1 ] && grep -q "kasan_mode (accepted: sync, async, asymm)" <<< "$o"; then pass "bad kasan_mode"
	else fail "bad kasan_mode: status $rc: $o"; fi
else
	for i in $(seq $extra); do fail "no sw or hw binary for the layout checks"; done
fi
exit 0
