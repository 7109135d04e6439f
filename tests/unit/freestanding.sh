#!/usr/bin/env bash
# The freestanding core contract (docs/design.md section 6): the core and the
# detectors (build/lib/libksan_core.a: core, KASAN, leak detection, KFENCE, UBSAN, KMSAN,
# KCSAN and tag-based KASAN), linked alone, leave undefined only
# the ksan_port_* functions of include/ksan/port.h plus memcpy, memset,
# memmove and memcmp; with the stub port they link into a -nostdlib static
# executable with nothing undefined.
#   usage: tests/unit/freestanding.sh [build-dir]
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
B=${1:-$root/build}
mkdir -p "$B" && B=$(cd "$B" && pwd)
CORE=$B/lib/libksan_core.a
STUB=$B/obj/port/stub/stub.o
PORT_H=$root/include/ksan/port.h
tmp=$B/unit-tests/freestanding
rm -rf "$tmp" && mkdir -p "$tmp"
CC=${CC:-gcc}
command -v "$CC" >/dev/null 2>&1 || CC=cc
failed=0

# five results (checks 1-4 below, 4 has two); a failure that stops the
# script early makes up the rest
planned=5 results=0
echo "PLAN: $planned"
pass() { echo "PASS: $1"; results=$((results + 1)); }
fail() { echo "FAIL: $1: $2"; failed=1; results=$((results + 1)); }
stop() { while [ "$results" -lt "$planned" ]; do fail "$1" "not run"; done; exit 1; }

for f in "$CORE" "$STUB" "$PORT_H"; do
	if [ ! -f "$f" ]; then
		fail freestanding "$f is missing (run make)"
		stop freestanding
	fi
done
# every detector's objects must be in the archive the checks below look at
for d in core kasan leak kfence ubsan kmsan tags; do
	for o in "$root"/src/$d/*.c; do
		m=$(basename "$o" .c).o
		if ! ar t "$CORE" | grep -qx "$m"; then
			fail freestanding "libksan_core.a lacks $d's $m"
			stop freestanding
		fi
	done
done

# The port contract: every ksan_port_* name port.h declares.
grep -oE '\bksan_port_[a-z0-9_]+\b' "$PORT_H" | sort -u > "$tmp/port-api.txt"

# 1. One relocatable object of every member: names one member defines and
# another uses are resolved; what stays undefined is what the core needs.
if ! ld -r -o "$tmp/core.o" --whole-archive "$CORE" 2> "$tmp/ld-r.log"; then
	fail freestanding_core_ld_r "ld -r failed: $(head -c 400 "$tmp/ld-r.log" | tr '\n' ' ')"
	stop freestanding_core_ld_r
fi
nm -u "$tmp/core.o" | awk '{print $NF}' | sort -u > "$tmp/undefined.txt"
{
	cat "$tmp/port-api.txt"
	printf '%s\n' memcpy memset memmove memcmp
	# defined by the linker itself (code that addresses the GOT), not a library
	echo _GLOBAL_OFFSET_TABLE_
} | sort -u > "$tmp/allowed.txt"
extra=$(comm -23 "$tmp/undefined.txt" "$tmp/allowed.txt" | tr '\n' ' ')
if [ -n "$extra" ]; then
	fail freestanding_core_undefined "libksan_core.a needs symbols outside the port contract: $extra"
else
	pass freestanding_core_undefined
fi

# 2. No thread-local storage in the core (the port supplies thread state).
tls=$(readelf -SW "$tmp/core.o" | grep -oE '\.t(data|bss)[^ ]*' | sort -u | tr '\n' ' ')
if [ -n "$tls" ]; then
	fail freestanding_core_no_tls "the core has TLS sections: $tls"
else
	pass freestanding_core_no_tls
fi

# 3. The stub port defines every function of the contract.
nm --defined-only "$STUB" | awk '$2 ~ /^[TtWw]$/ {print $3}' | grep '^ksan_port_' | sort -u \
	> "$tmp/stub-defined.txt"
missing=$(comm -23 "$tmp/port-api.txt" "$tmp/stub-defined.txt" | tr '\n' ' ')
if [ -n "$missing" ]; then
	fail freestanding_stub_port "stub.o lacks: $missing"
else
	pass freestanding_stub_port
fi

# 4. Core + stub port + a tiny _start: a -nostdlib -ffreestanding static
# executable with nothing undefined, which runs and exits 0.
cat > "$tmp/start.c" <<'EOF'
#include <stddef.h>
#include <stdint.h>

typedef uint32_t depot_handle_t;
depot_handle_t core_depot_save(const uintptr_t *pcs, size_t n);
size_t core_depot_fetch(depot_handle_t h, const uintptr_t **pcs);
unsigned long ksan_report_count(void);
void core_memmove(void *dst, const void *src, size_t n);

/* core_memmove on overlapping ranges both ways, odd sizes and offsets */
static int memmove_ok(void)
{
	unsigned char b[64];
	int i, up;

	for (up = 0; up < 2; up++) {
		for (i = 0; i < 64; i++)
			b[i] = (unsigned char)i;
		if (up)
			core_memmove(b + 3, b + 1, 45);
		else
			core_memmove(b + 1, b + 3, 45);
		for (i = 0; i < 45; i++)
			if (b[(up ? 3 : 1) + i] != (unsigned char)((up ? 1 : 3) + i))
				return 0;
	}
	return 1;
}

/* What compilers may emit on their own: the executable provides them. */
void *memcpy(void *d, const void *s, size_t n)
{
	unsigned char *a = d;
	const unsigned char *b = s;

	while (n--)
		*a++ = *b++;
	return d;
}

void *memmove(void *d, const void *s, size_t n)
{
	unsigned char *a = d;
	const unsigned char *b = s;

	if (a < b)
		while (n--)
			*a++ = *b++;
	else
		while (n--)
			a[n] = b[n];
	return d;
}

void *memset(void *d, int c, size_t n)
{
	unsigned char *a = d;

	while (n--)
		*a++ = (unsigned char)c;
	return d;
}

int memcmp(const void *x, const void *y, size_t n)
{
	const unsigned char *a = x, *b = y;

	for (; n; n--, a++, b++)
		if (*a != *b)
			return *a - *b;
	return 0;
}

static void sys_exit(long code)
{
	__asm__ volatile("syscall" : : "a"(231L), "D"(code) : "rcx", "r11", "memory");
	for (;;)
		;
}

void _start(void)
{
	uintptr_t pcs[3] = { 0x1000, 0x2000, 0x3000 };
	const uintptr_t *got;
	depot_handle_t h = core_depot_save(pcs, 3), h2 = core_depot_save(pcs, 3);
	long rc = 0;

	if (!h || h != h2)
		rc = 2;		/* the same stack must give the same handle */
	else if (core_depot_fetch(h, &got) != 3 || got[0] != 0x1000 || got[2] != 0x3000)
		rc = 3;
	else if (ksan_report_count() != 0)
		rc = 4;
	else if (!memmove_ok())
		rc = 5;
	sys_exit(rc);
}
EOF
exe=$tmp/freestanding
if ! "$CC" -nostdlib -ffreestanding -fno-builtin -static -O1 -fno-stack-protector \
	-fno-pie -no-pie -o "$exe" "$tmp/start.c" \
	-Wl,--whole-archive "$CORE" -Wl,--no-whole-archive "$STUB" > "$tmp/link.log" 2>&1; then
	fail freestanding_link "static -nostdlib link failed: $(grep -m5 -E 'undefined|error' "$tmp/link.log" | tr '\n' ' ')"
	fail freestanding_run "not run (no executable)"
else
	und=$(nm -u "$exe" | awk '{print $NF}' | tr '\n' ' ')
	interp=$(readelf -lW "$exe" | grep -c INTERP)
	if [ -n "$und" ] || [ "$interp" -ne 0 ]; then
		fail freestanding_link "executable has undefined symbols [$und] or an interpreter ($interp)"
	else
		pass freestanding_link
	fi
	"$exe"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		fail freestanding_run "the freestanding executable exited with $rc (2: depot handles differ, 3: depot fetch, 4: report count, 5: core_memmove, >128: signal)"
	else
		pass freestanding_run
	fi
fi
exit $failed
