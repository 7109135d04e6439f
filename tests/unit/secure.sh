#!/usr/bin/env bash
# Secure mode and the hardening around it (issue 24; docs/security.md).
#
# Part 1: each runtime's program (tests/unit/secure_test.c: KASAN with gcc,
# clang and -static, a leak, KMSAN, KCSAN, UBSAN with gcc and clang, the
# KFENCE preload) is made set-user-ID root and run by an unprivileged user
# (uid 65534, setpriv) under each attack of the issue, one at a time: a
# planted llvm-symbolizer and addr2line first in PATH; KSAN_SYMBOLIZER_PATH
# naming a planted program; ASAN_OPTIONS=log_path into a directory the user
# may not write; KSAN_OPTIONS=log_path with a symbolic link the user planted
# at PATH.PID; suppressions files from all four variables (a bad line: read,
# it would stop the program).  Nothing may have run or been written, no
# frame may carry file:line (no symbolizer started), the report must reach
# stderr without memory contents, and the one line must say why.  The
# KFENCE preload comes from /etc/ld.so.preload (glibc honours it in
# set-user-ID programs) inside a mount namespace where /etc is an overlay:
# the real /etc is never touched.
# Part 2, outside secure mode (root, not set-user-ID): log files are not
# opened through symbolic links, nor appended to when another user owns
# them, and are created 0600; the symbolizer is not taken from a relative
# or world-writable PATH entry, nor run when world-writable itself, nor
# started while euid differs from uid.
# Needs root (CI runs as root): elsewhere one counted skip.
set -u -o pipefail
B=${1:-build}
cd "$(dirname "$0")/../.." || exit 1
B=$(cd "$B" && pwd)
KCC=$B/bin/ksan-cc
SRC=$PWD/tests/unit/secure_test.c
status=0
why=
[ "$(id -u)" = 0 ] || why="not root (a set-user-ID root program is needed)"
command -v setpriv > /dev/null || why=${why:-"no setpriv (util-linux)"}
if [ -n "$why" ]; then
	printf 'PLAN: 1\nSKIP: secure: %s\n' "$why"
	exit 0
fi

T=$(mktemp -d /tmp/ksan-secure.XXXXXX)
trap '[ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
chmod 755 "$T"
if findmnt -n -o OPTIONS --target "$T" 2> /dev/null | grep -qw nosuid; then
	printf 'PLAN: 1\nSKIP: secure: /tmp is mounted nosuid (set-user-ID bits are ignored there)\n'
	exit 0
fi
# The preload's test needs a mount namespace with an overlay of /etc.
mkdir -p "$T/probe/up" "$T/probe/work"
no_overlay=$(unshare -m sh -c "mount -t overlay overlay -o lowerdir=/etc,upperdir=$T/probe/up,workdir=$T/probe/work /etc" 2>&1 |
	head -n 1 | cut -c 1-200) || no_overlay=${no_overlay:-"unshare -m failed"}
rm -rf "$T/probe"
NOBODY=65534
AS_USER="setpriv --reuid=$NOBODY --regid=$NOBODY --clear-groups"

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; status=1; }

# ---- the attacker's files ------------------------------------------------
mkdir -p "$T/evil" "$T/marks" "$T/out" "$T/rootonly" "$T/bin"
chmod 777 "$T/marks"	# a planted program leaves its mark as any user
for p in llvm-symbolizer addr2line sym; do
	printf '#!/bin/sh\nid > %s/marks/%s.$$\nexit 1\n' "$T" "$p" > "$T/evil/$p"
	chmod 755 "$T/evil/$p"
done
chown -R $NOBODY:$NOBODY "$T/evil" "$T/out"
echo 'this line is no suppression' > "$T/supp"
echo untouched > "$T/target"

# ---- the programs ----------------------------------------------------------
# name  bug  how it is built
progs="kasan-gcc:KASAN:--ksan-cc=gcc
kasan-clang:KASAN:--ksan-cc=clang
kasan-static:KASAN:--ksan-cc=gcc -static
kasan-musl:KASAN:--ksan-cc=musl-gcc
leak-gcc:LEAK:--ksan-cc=gcc
kmsan-clang:KMSAN:--ksan-cc=clang --ksan=kmsan
kcsan-gcc:KCSAN:--ksan-cc=gcc --ksan=kcsan -pthread
ubsan-gcc:UBSAN:--ksan-cc=gcc --ksan=ubsan
ubsan-clang:UBSAN:--ksan-cc=clang --ksan=ubsan
kfence-preload:KFENCE:plain
euid-gcc:EUID:--ksan-cc=gcc"
echo "PLAN: $((($(echo "$progs" | wc -l) - 1) * 5 + 7))"	# EUID: part 2, with 6 more

build() {	# build <name> <bug> <flags>
	if [ "$3" = plain ]; then
		gcc -g -O0 -rdynamic -DBUG_$2 "$SRC" -o "$T/bin/$1"
	else
		# shellcheck disable=SC2086
		"$KCC" $3 -g -O0 -DBUG_$2 "$SRC" -o "$T/bin/$1"
	fi > "$T/bin/$1.log" 2>&1
}

# The report's first line, and what secure mode must print of it.
expect() {	# expect <bug>
	case $1 in
	KASAN|EUID) echo 'BUG: KASAN: slab-out-of-bounds in main+0x' ;;
	LEAK) echo 'BUG: memory leak' ;;
	KMSAN) echo 'BUG: KMSAN: uninit-value in main+0x' ;;
	KCSAN) echo 'BUG: KCSAN: data-race in' ;;
	UBSAN) echo 'UBSAN: signed-integer-overflow in' ;;
	KFENCE) echo 'BUG: KFENCE: memory corruption in main+0x' ;;
	esac
}

ATTACKS="path symbolizer-path log-path symlink suppressions"

# An attack's environment (one line) and the variables its "ignoring" line
# names ("" for none: then the line that no symbolizer is started).
attack_env() {	# attack_env <attack>
	case $1 in
	path) echo "PATH=$T/evil:/usr/bin:/bin" ;;
	symbolizer-path) echo "KSAN_SYMBOLIZER_PATH=$T/evil/sym" ;;
	log-path) echo "ASAN_OPTIONS=log_path=$T/rootonly/asan" ;;
	symlink) echo "KSAN_OPTIONS=log_path=$T/out/log" ;;
	suppressions) echo "KSAN_OPTIONS=suppressions=$T/supp ASAN_OPTIONS=suppressions=$T/supp" \
		"LSAN_OPTIONS=suppressions=$T/supp UBSAN_OPTIONS=suppressions=$T/supp" ;;
	esac
}
attack_ignored() {
	case $1 in
	path) echo "" ;;
	symbolizer-path) echo "KSAN_SYMBOLIZER_PATH" ;;
	log-path) echo "ASAN_OPTIONS" ;;
	symlink) echo "KSAN_OPTIONS" ;;
	suppressions) echo "KSAN_OPTIONS, ASAN_OPTIONS, LSAN_OPTIONS, UBSAN_OPTIONS" ;;
	esac
}

# Run exe as the unprivileged user under the attack.  A symbolic link to
# $T/target is planted at the PID the program will have (the shell's,
# which execs it).  The shell starts with a clean environment and exports
# the attack's just before exec (with the preload, it and ln would read it
# too).
attack() {	# attack <attack> <exe> <out prefix> [preload]
	local run

	run="ln -s $T/target $T/out/log.\$\$ && export $(attack_env "$1") && exec $2"

	if [ -n "${4:-}" ]; then	# /etc/ld.so.preload in an overlay of /etc
		mkdir -p "$T/etc-up" "$T/etc-work"
		unshare -m sh -c "mount -t overlay overlay -o lowerdir=/etc,upperdir=$T/etc-up,workdir=$T/etc-work /etc &&
			echo $4 > /etc/ld.so.preload &&
			exec $AS_USER env -i PATH=/usr/bin:/bin sh -c '$run'" > "$3.out" 2> "$3.err"
		rm -rf "$T/etc-up" "$T/etc-work"
	else
		$AS_USER env -i PATH=/usr/bin:/bin sh -c "$run" > "$3.out" 2> "$3.err"
	fi
}

# What must hold after an attack; prints the first broken rule: the attack
# failed, then the report is whole on stderr, then the one line says why.
# A frame with file:line means an external symbolizer was started.
broken() {	# broken <bug> <attack> <out prefix>
	local err=$3.err names line
	grep -q "^uid=$NOBODY euid=0" "$3.out" ||
		{ echo "did not run set-user-ID (stdout: $(head -c 200 "$3.out"); stderr: $(head -c 300 "$err"))"; return; }
	[ -z "$(ls "$T/marks")" ] || { echo "a planted program ran: $(cat "$T"/marks/*)"; return; }
	! grep -qE '\+0x[0-9a-f]+(/0x[0-9a-f]+)? [^ (]*secure_test\.c:[0-9]' "$err" ||
		{ echo "a symbolizer was started (file:line): $(grep -m1 'secure_test\.c:' "$err")"; return; }
	[ "$(cat "$T/target")" = untouched ] || { echo "the report went through the symbolic link"; return; }
	[ -z "$(ls "$T/rootonly")" ] || { echo "a file was created: $(ls "$T/rootonly")"; return; }
	[ "$(ls "$T/out" | wc -l)" = 1 ] || { echo "log_path wrote: $(ls "$T/out")"; return; }
	! grep -q 'suppression' "$err" || { echo "the suppressions file was read: $(grep suppression "$err")"; return; }
	grep -q "$(expect "$1")" "$err" || { echo "no report on stderr: $(head -c 600 "$err")"; return; }
	case $1 in
	LEAK) ! grep -q 'SECRET\|53 45 43' "$err" && grep -q '^  hex dump (first 32 bytes): (contents withheld in secure mode)$' "$err" ||
		{ echo "leak hex dump printed: $(grep -A2 'hex dump' "$err")"; return; } ;;
	KFENCE) ! grep -q '0x53' "$err" && grep -q '^Corrupted memory at 0x[0-9a-f]* \[ ! \] (in kfence-#[0-9]*):$' "$err" ||
		{ echo "corrupted byte printed: $(grep 'Corrupted memory' "$err")"; return; } ;;
	KCSAN) ! grep -q 'value changed: 0x' "$err" || { echo "the racing values printed"; return; } ;;
	esac
	names=$(attack_ignored "$2")
	line="^ksan: secure mode (set-user-ID, set-group-ID or capabilities): ignoring $names; reports go to stderr\$"
	[ -n "$names" ] || line='^ksan: secure mode: no external symbolizer is started; frames come from the in-process symbol tables (function+offset, no file:line)$'
	[ "$(grep -c "$line" "$err")" = 1 ] || { echo "not one line '$line': $(head -c 600 "$err")"; }
}

kfence_lib=$B/lib/libksan-kfence.so
echo "$progs" | while IFS=: read -r name bug flags; do
	[ "$bug" = EUID ] && continue	# part 2
	if [ "$name" = kasan-musl ] && ! { command -v musl-gcc && [ -f "$B/lib/musl/libksan.a" ]; } > /dev/null; then
		for a in $ATTACKS; do echo "SKIP: secure/$name/$a: no musl-gcc or no musl runtime"; done
		continue
	fi
	if [ "$bug" = KFENCE ] && [ -n "$no_overlay" ]; then
		for a in $ATTACKS; do echo "SKIP: secure/$name/$a: no overlay of /etc in a mount namespace ($no_overlay)"; done
		continue
	fi
	if ! build "$name" "$bug" "$flags"; then
		for a in $ATTACKS; do
			fail "secure/$name/$a" "build failed: $(head -c 600 "$T/bin/$name.log")"
		done
		continue
	fi
	chmod 4755 "$T/bin/$name"
	preload=; [ "$bug" = KFENCE ] && preload=$kfence_lib
	for a in $ATTACKS; do
		rm -f "$T/marks"/* "$T/out"/* "$T/rootonly"/*
		echo untouched > "$T/target"
		attack "$a" "$T/bin/$name" "$T/bin/$name-$a" $preload
		r=$(broken "$bug" "$a" "$T/bin/$name-$a")
		if [ -z "$r" ]; then pass "secure/$name/$a"; else fail "secure/$name/$a" "$r"; fi
	done
done | tee "$T/part1"
grep -q '^FAIL' "$T/part1" && status=1

# ---- part 2: outside secure mode -----------------------------------------
if ! build kasan KASAN --ksan-cc=gcc || ! build euid EUID --ksan-cc=gcc; then
	for t in symlink owner mode relative world-writable world-writable-file euid; do fail "hardening/$t" "build failed"; done
	exit 1
fi
title=$(expect KASAN)
mkdir -p "$T/h" && cd "$T/h" || exit 1

# a symbolic link at PATH.PID: not followed, one line, the report on stderr
KSAN_OPTIONS=log_path=$T/h/log sh -c "ln -s $T/target $T/h/log.\$\$ && exec $T/bin/kasan" > /dev/null 2> err
if [ "$(cat "$T/target")" != untouched ]; then fail hardening/symlink "followed"
elif ! grep -q "^ksan: not writing to log_path file '$T/h/log\.[0-9]*' (it is a symbolic link); reporting to stderr$" err; then
	fail hardening/symlink "no refusal line: $(head -c 300 err)"
elif ! grep -q "$title" err; then fail hardening/symlink "no report on stderr"
else pass hardening/symlink; fi
rm -f log.* err

# an existing PATH.PID another user owns: not appended to
KSAN_OPTIONS=log_path=$T/h/log sh -c "touch log.\$\$ && chown $NOBODY log.\$\$ && exec $T/bin/kasan" > /dev/null 2> err
if [ -s "$(ls log.*)" ]; then fail hardening/owner "appended to"
elif ! grep -q "(another user owns it); reporting to stderr$" err || ! grep -q "$title" err; then
	fail hardening/owner "no refusal line or no report: $(head -c 300 err)"
else pass hardening/owner; fi
rm -f log.* err

# a new log file: 0600, the report in it
KSAN_OPTIONS=log_path=$T/h/log "$T/bin/kasan" > /dev/null 2> err
f=$(ls log.* 2> /dev/null)
if [ -z "$f" ] || [ "$(stat -c %a "$f")" != 600 ]; then fail hardening/mode "log file mode $(stat -c %a "$f" 2>&1)"
elif ! grep -q "$title" "$f"; then fail hardening/mode "no report in the log file"
else pass hardening/mode; fi
rm -f log.* err

# a planted llvm-symbolizer through a relative PATH entry, then through a
# world-writable one: not run, one line, file:line from the real one
cp "$T/evil/llvm-symbolizer" "$T/h/llvm-symbolizer"
mkdir -p "$T/ww" && chmod 777 "$T/ww" && cp "$T/evil/llvm-symbolizer" "$T/ww/"
rm -f "$T/marks"/*
PATH=.:/usr/bin:/bin "$T/bin/kasan" > /dev/null 2> err
if [ -n "$(ls "$T/marks")" ]; then fail hardening/relative "the planted program ran"
elif ! grep -q "^ksan: symbolizer: not running \./llvm-symbolizer (its PATH entry is relative)$" err; then
	fail hardening/relative "no refusal line: $(head -c 300 err)"
elif ! grep -q "$title" err; then fail hardening/relative "no report"
else pass hardening/relative; fi
rm -f "$T/marks"/*
PATH=$T/ww:/usr/bin:/bin "$T/bin/kasan" > /dev/null 2> err
if [ -n "$(ls "$T/marks")" ]; then fail hardening/world-writable "the planted program ran"
elif ! grep -q "^ksan: symbolizer: not running $T/ww/llvm-symbolizer (its PATH entry is world-writable)$" err; then
	fail hardening/world-writable "no refusal line: $(head -c 300 err)"
elif ! grep -q "$title" err; then fail hardening/world-writable "no report"
else pass hardening/world-writable; fi
# ... and a world-writable program in a safe directory
mkdir -p "$T/safe" && cp "$T/evil/llvm-symbolizer" "$T/safe/" && chmod 777 "$T/safe/llvm-symbolizer"
rm -f "$T/marks"/*
PATH=$T/safe:/usr/bin:/bin "$T/bin/kasan" > /dev/null 2> err
if [ -n "$(ls "$T/marks")" ]; then fail hardening/world-writable-file "the planted program ran"
elif ! grep -q "^ksan: symbolizer: not running $T/safe/llvm-symbolizer (it is world-writable)$" err; then
	fail hardening/world-writable-file "no refusal line: $(head -c 300 err)"
elif ! grep -q "$title" err; then fail hardening/world-writable-file "no report"
else pass hardening/world-writable-file; fi

# started by root, the program sets uid 65534 and keeps euid 0: no
# symbolizer, even one from a safe directory; the report still printed
chown root:root "$T/evil" && chmod 755 "$T/evil"
rm -f "$T/marks"/*
PATH=$T/evil:/usr/bin:/bin "$T/bin/euid" > out 2> err
if ! grep -q "^uid=0 euid=0" out; then fail hardening/euid "did not run"
elif [ -n "$(ls "$T/marks")" ]; then fail hardening/euid "the planted program ran: $(cat "$T"/marks/*)"
elif ! grep -q "^ksan: not starting the symbolizer with privileges the real user lacks (uid $NOBODY euid 0, gid 0 egid 0); frames without file:line$" err; then
	fail hardening/euid "no refusal line: $(head -c 300 err)"
elif ! grep -q "$title" err; then fail hardening/euid "no report"
else pass hardening/euid; fi
exit $status
