// Pages of the program's data that were never written are skipped by the leak check's scan (src/port/linux/leak/written.c reads /proc/self/pagemap), the pages that were are scanned whole: a pointer in a 16 MiB .bss array at its first byte, in one page deep inside, in its very last slot, in a .data array's page that nothing else wrote, in a page written twice over (zeroed, then the pointer), and in the last word of a shared library's data (a plain build, so its array ends its writable segment: the scan's last run of pages reaches the segment's end) keeps its object; the same pointers dropped (their pages still written) are each reported, and a checked run with /proc hidden scans everything and says the same.
// RUN: %cc -O1 -fPIC -shared -DLIB %s -o %t.so
// RUN: %ksan_cc -O1 -g %s -o %t %t.so -Wl,-rpath,%T
// RUN: bash %S/../Inputs/status.sh %run %t keep 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
// RUN: bash %S/../Inputs/status.sh %run %t drop 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh bash %S/../noproc/Inputs/noproc.sh %run %t keep 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
// RUN: bash %S/../Inputs/status.sh bash %S/../noproc/Inputs/noproc.sh %run %t drop 2>&1 | FileCheck %s
// UNSUPPORTED: aarch64
#include <stdio.h>
#include "Inputs/leak.h"

#define TAIL 8192
#ifdef LIB
/* the library's .bss, its writable segment's end; the program never names
 * it (a copy relocation would move it into the executable) */
void *lib_tail[TAIL];

void lib_set_tail(void *p)
{
	lib_tail[TAIL - 1] = p;
}
#else
void lib_set_tail(void *p);

#define SLOTS (16u << 20) / sizeof(void *)
void *big[SLOTS];		/* .bss: 4096 pages, five of them written */
void *data[4096] = { (void *)1 };	/* .data: its first page is the file's */

__attribute__((noinline)) void setup(const char *how)
{
	int drop = !strcmp(how, "drop");
	size_t mid = SLOTS / 2 + 3;

	big[0] = keep(malloc(16));
	big[mid] = keep(malloc(32));
	big[SLOTS - 1] = keep(malloc(48));
	data[2048] = keep(malloc(64));
	memset(&big[SLOTS / 4], 0, 4096);
	big[SLOTS / 4 + 1] = keep(malloc(80));
	lib_set_tail(keep(malloc(96)));
	if (drop) {
		big[0] = big[mid] = big[SLOTS - 1] = data[2048] = big[SLOTS / 4 + 1] = 0;
		lib_set_tail(0);
	}
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	deep(setup, argv[1]);
	printf("done %p\n", (void *)data[0]);
	return 0;
}
#endif

// OK: {{^}}done 0x1{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}

// CHECK: {{^}}done 0x1{{$}}
// CHECK: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 96):{{$}}
// CHECK: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 80):{{$}}
// CHECK: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 64):{{$}}
// CHECK: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 48):{{$}}
// CHECK: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 32):{{$}}
// CHECK: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 16):{{$}}
// CHECK: {{^}}kmemleak: 6 new suspected memory leaks{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 23{{$}}
