// JSON stacks list inlined functions as frames of their own ("inline":true, innermost first, as the text layouts' [inline] lines), and a runtime entry point (malloc, free) as its bare name with no ksan source file, as the text layouts print it.
// RUN: %ksan_cc -O2 -g %s -o %t
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t overflow 2>&1 | python3 %S/../Inputs/check_json.py --frames | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t uaf 2>&1 | python3 %S/../Inputs/check_json.py --frames | FileCheck %s --check-prefix=UAF
// RUN: bash %S/../Inputs/status.sh %run %t overflow 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t global 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=VALID
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t global 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t stack 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=VALID
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t stack 2>&1 | FileCheck %s --check-prefix=STACK
#include <stdlib.h>
#include <string.h>

char *volatile sink;
char garr[20];
volatile int idx = 20;

static inline __attribute__((always_inline)) void poke(char *p, int i)
{
	p[i] = 'x';
}

__attribute__((noinline)) void writer(char *p, int i)
{
	poke(p, i);
}

int main(int argc, char **argv)
{
	char *p = sink = malloc(10);

	if (!strcmp(argv[1], "overflow"))
		writer(p, 10);
	free(p);
	if (!strcmp(argv[1], "uaf"))
		writer(sink, 3);
	if (!strcmp(argv[1], "global"))
		writer(garr, idx);
	if (!strcmp(argv[1], "stack")) {
		char local[12];

		writer(local, idx);
		sink = local;
	}
	return 0;
}

// CHECK-NOT: JSON ERROR
// CHECK: report type=slab-out-of-bounds
// CHECK-NEXT: {{^}}frame stack[0] poke json_frames.c:19 inline{{$}}
// CHECK-NEXT: {{^}}frame stack[1] writer json_frames.c:24{{$}}
// CHECK-NEXT: {{^}}frame stack[2] main json_frames.c:32{{$}}
// CHECK: {{^}}frame alloc_stack[0] malloc :0{{$}}
// CHECK-NEXT: {{^}}frame alloc_stack[1] main json_frames.c:29{{$}}
// CHECK: STATUS: exit 1{{$}}

// UAF-NOT: JSON ERROR
// UAF: report type=slab-use-after-free
// UAF: {{^}}frame alloc_stack[0] malloc :0{{$}}
// UAF: {{^}}frame free_stack[0] free :0{{$}}
// UAF-NEXT: {{^}}frame free_stack[1] main json_frames.c:33{{$}}
// UAF: STATUS: exit 1{{$}}

// TEXT: Call Trace:
// TEXT-NEXT: {{^}} poke {{.*}}json_frames.c:19 [inline]{{$}}
// TEXT-NEXT: {{^}} writer+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}json_frames.c:24{{$}}

// VALID-NOT: JSON ERROR
// VALID: STATUS: exit 1{{$}}
// VALID-NEXT: 1 json reports

// GLOBAL: {{^}}{"detector":"KASAN","type":"global-out-of-bounds",{{.*}},"global":{"name":"garr","start":"0x{{[0-9a-f]+}}","size":20,"file":"{{.*}}json_frames.c","line":14,"column":6},"signature":"global-out-of-bounds Write | poke | writer | main","signature_hash":"{{([0-9a-f]{16})}}"}{{$}}

// STACK: {{^}}{"detector":"KASAN","type":"stack-out-of-bounds",{{.*}},"frame":{"function":"main","offset":{{[0-9]+}},"task":{{[0-9]+}},"objects":[{{.*}}{"name":"local","start":{{[0-9]+}},"end":{{[0-9]+}},"line":{{[0-9]+}}}{{.*}}]},"signature":"stack-out-of-bounds Write | {{.+}}","signature_hash":"{{([0-9a-f]{16})}}"}{{$}}
