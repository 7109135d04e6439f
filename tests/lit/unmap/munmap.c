// A stale pointer into a range the program unmapped, after a new mapping of the same size was made: without the unmap quarantine the system places the new mapping at the old address and the stale read lands in it silently (with unmap_quarantine_mb=0 it prints "reused 1" and the new owner's byte); with it the range stays reserved, the new mapping goes elsewhere and the read faults as use-after-unmap with the mmap and munmap stacks, in the three layouts.  Silent twins: MAP_FIXED over the quarantined range takes it over (the program asked for the address), an address hint gets the range back, a range unmapped twice, a partial munmap whose other half stays in use, and the quarantine off.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t stale 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t stale 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t stale 2>&1 | grep -v "^reused" | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: env KSAN_OPTIONS=unmap_quarantine_mb=0 bash %S/../Inputs/status.sh %run %t stale 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t hint 2>&1 | FileCheck %s --check-prefix=HINT --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t twice 2>&1 | FileCheck %s --check-prefix=TWICE --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t partial 2>&1 | FileCheck %s --check-prefix=PARTIAL
// A static executable (the interceptors are the system calls there too):
// RUN: %ksan_cc -static -O1 -g %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %run %t.static stale 2>&1 | FileCheck %s
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#define SIZE (16 * 4096)

__attribute__((noinline)) static char *map_buffer(void)
{
	return mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

__attribute__((noinline)) static void drop_buffer(char *p)
{
	munmap(p, SIZE);
}

__attribute__((noinline)) static int read_stale(volatile char *p)
{
	return p[100];
}

int main(int argc, char **argv)
{
	char *a = map_buffer(), *b;

	setvbuf(stdout, NULL, _IONBF, 0);
	memset(a, 'a', SIZE);
	if (!strcmp(argv[1], "partial")) {
		munmap(a + SIZE / 2, SIZE / 2);
		printf("left half %c\n", a[100]);	/* still mapped */
		return read_stale(a + SIZE / 2);	/* the right half is gone */
	}
	drop_buffer(a);
	if (!strcmp(argv[1], "fixed")) {
		b = mmap(a, SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
		memset(b, 'b', SIZE);
		printf("fixed %d %c\n", b == a, read_stale(a));
		munmap(b, SIZE);
		return 0;
	}
	if (!strcmp(argv[1], "hint")) {
		b = mmap(a, SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		memset(b, 'b', SIZE);
		printf("hint %d %c\n", b == a, read_stale(b));
		return 0;
	}
	if (!strcmp(argv[1], "twice")) {
		printf("twice %d\n", munmap(a, SIZE));
		b = map_buffer();
		memset(b, 'b', SIZE);
		printf("mapped %d\n", b != MAP_FAILED);
		return 0;
	}
	b = map_buffer();	/* the next request's buffer */
	memset(b, 'b', SIZE);
	printf("reused %d\n", b == a);
	printf("stale %c\n", read_stale(a));
	return 0;
}
// CHECK: reused 0
// CHECK: BUG: KASAN: use-after-unmap in read_stale+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// CHECK-NEXT: Read of size 1 at addr {{[0-9a-f]+}} by task
// CHECK: Call Trace:
// CHECK-NEXT: read_stale+{{.*}}munmap.c:{{[0-9]+}}
// CHECK: Mapped by task
// CHECK-NEXT: mmap
// CHECK-NEXT: map_buffer+{{.*}}munmap.c:{{[0-9]+}}
// CHECK: Unmapped by task
// CHECK-NEXT: munmap
// CHECK-NEXT: drop_buffer+{{.*}}munmap.c:{{[0-9]+}}
// CHECK: The buggy address belongs to the range [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}})
// CHECK-NEXT: which was unmapped (held in the unmap quarantine)
// CHECK-NEXT: The buggy address is located 100 bytes inside of
// CHECK-NEXT: 65536-byte range
// CHECK: Crash signature: {{[0-9a-f]+}} use-after-unmap Read | read_stale
// CHECK: STATUS: exit 1
// ASAN: ERROR: AddressSanitizer: use-after-unmap on address
// ASAN-NEXT: READ of size 1 at 0x{{[0-9a-f]+}} thread T0
// ASAN: #0 {{.*}} in read_stale
// ASAN: unmapped by thread T0 here:
// ASAN-NEXT: #0 {{.*}} in munmap
// ASAN-NEXT: #1 {{.*}} in drop_buffer
// ASAN: previously mapped by thread T0 here:
// ASAN-NEXT: #0 {{.*}} in mmap
// ASAN-NEXT: #1 {{.*}} in map_buffer
// ASAN: SUMMARY: AddressSanitizer: use-after-unmap
// JSON: report type=use-after-unmap asan_type=use-after-unmap access=read size=1 top=read_stale unmapped=65536+100 map0=mmap unmap0=munmap
// JSON: 1 json reports
// OFF: reused 1
// OFF: stale b
// OFF: STATUS: exit 0
// FIXED: fixed 1 b
// FIXED: STATUS: exit 0
// HINT: hint 1 b
// HINT: STATUS: exit 0
// TWICE: twice 0
// TWICE: mapped 1
// TWICE: STATUS: exit 0
// PARTIAL: left half a
// PARTIAL: BUG: KASAN: use-after-unmap in read_stale
// PARTIAL: Mapped by task
// PARTIAL: The buggy address is located 100 bytes inside of
// PARTIAL-NEXT: 32768-byte range
// PARTIAL: STATUS: exit 1
