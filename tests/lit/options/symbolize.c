// symbolize=0: frames carry function+offset from the symbol table and module+offset, no file:line; symbolize=1 (default) adds file:line.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=symbolize=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=RAW
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=SYM
#include <stdlib.h>

char *volatile sink;

__attribute__((noinline)) int get(char *p)
{
	return p[32];
}

int main(void)
{
	return get(sink = malloc(32));
}

// RAW: BUG: KASAN: slab-out-of-bounds in get+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// RAW: Call Trace:
// RAW-NEXT: {{^}} get+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} ({{/.*}}symbolize.c.tmp+0x{{[0-9a-f]+}}){{$}}
// RAW-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} ({{/.*}}symbolize.c.tmp+0x{{[0-9a-f]+}}){{$}}
// RAW-NOT: symbolize.c:
// RAW: STATUS: exit 1{{$}}

// SYM: Call Trace:
// SYM-NEXT: {{^}} get+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}symbolize.c:11{{$}}
// SYM-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}symbolize.c:16{{$}}
