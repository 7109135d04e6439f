// mremap's old range: a pointer kept across a moving mremap (the mapping grew and had to move) reads the old range, and one kept into the tail a shrinking mremap gave up reads past the new end; both fault as use-after-unmap, unmapped by mremap, mapped by mmap.  Silent twin: the pointers mremap returned.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t moved 2>&1 | FileCheck %s --check-prefix=MOVED
// RUN: bash %S/../Inputs/status.sh %run %t shrunk 2>&1 | FileCheck %s --check-prefix=SHRUNK
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t moved 2>&1 | grep -v "^moved" | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t good 2>&1 | FileCheck %s --check-prefix=GOOD --implicit-check-not=KASAN
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

__attribute__((noinline)) static int peek(volatile char *p)
{
	return p[8];
}

int main(int argc, char **argv)
{
	char *a = mmap(NULL, 4 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *blocker, *b;

	setvbuf(stdout, NULL, _IONBF, 0);
	memset(a, 'a', 4 * 4096);
	if (!strcmp(argv[1], "shrunk")) {
		b = mremap(a, 4 * 4096, 4096, 0);
		printf("shrunk %d\n", b == a);
		return peek(a + 2 * 4096);
	}
	/* something right after it (ours, or what was there already), so
	 * growing must move it */
	blocker = mmap(a + 4 * 4096, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
		       -1, 0);
	b = mremap(a, 4 * 4096, 64 * 4096, MREMAP_MAYMOVE);
	printf("moved %d\n", b != a);
	(void)blocker;
	if (!strcmp(argv[1], "good"))
		return printf("good %c\n", peek(b)) < 0;
	return peek(a);
}
// MOVED: moved 1
// MOVED: BUG: KASAN: use-after-unmap in peek
// MOVED: Mapped by task
// MOVED-NEXT: mmap
// MOVED-NEXT: main+
// MOVED: Unmapped by task
// MOVED-NEXT: mremap
// MOVED-NEXT: main+
// MOVED: The buggy address is located 8 bytes inside of
// MOVED-NEXT: 16384-byte range
// MOVED: STATUS: exit 1
// SHRUNK: shrunk 1
// SHRUNK: BUG: KASAN: use-after-unmap in peek
// SHRUNK: Unmapped by task
// SHRUNK-NEXT: mremap
// SHRUNK: The buggy address is located 4104 bytes inside of
// SHRUNK-NEXT: 12288-byte range
// SHRUNK: STATUS: exit 1
// JSON: report type=use-after-unmap asan_type=use-after-unmap access=read size=1 top=peek unmapped=16384+8 map0=mmap unmap0=mremap
// GOOD: moved 1
// GOOD: good a
// GOOD: STATUS: exit 0
