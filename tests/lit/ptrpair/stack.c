// Stack objects under -fsanitize=pointer-compare,pointer-subtract: two variables of one frame (a red zone between them), a caller's variable and a callee's (far apart: the callee has a 4 KiB array), a VLA and a variable of its frame (the VLA's pointer described as stack memory outside the frame's variables); the report names each pointer's frame and its variables.  Pointers inside one array, one past its end, and far apart inside a 10000-byte array are silent.
// RUN: %ksan_cc -O1 -fsanitize=pointer-compare,pointer-subtract %s -o %t
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t frame 2>&1 | FileCheck %s --check-prefix=FRAME
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t callee 2>&1 | FileCheck %s --check-prefix=CALLEE
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t vla 2>&1 | FileCheck %s --check-prefix=VLA
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=2 bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <string.h>

volatile long sink;

__attribute__((noinline)) void gt(char *p, char *q)
{
	sink = p > q;
}

__attribute__((noinline)) void sub(char *p, char *q)
{
	sink = p - q;
}

__attribute__((noinline)) void callee(char *outer)
{
	char buf[4096];

	buf[0] = 1;
	gt(buf, outer);
}

__attribute__((noinline)) void vla(int n)
{
	char v[n];
	char local[16];

	v[0] = local[0] = 0;
	sub(v, v + n);
	sub(local + 16, local);
	if (n == 9)
		gt(v, local);
}

int main(int argc, char **argv)
{
	char one[8], two[8];
	char large[10000];
	int i;

	one[0] = two[0] = large[0] = 0;
	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(argv[1], "frame")) {
		gt(one, two);
	} else if (!strcmp(argv[1], "callee")) {
		callee(large);
	} else if (!strcmp(argv[1], "vla")) {
		vla(9);
	} else {
		for (i = 0; i <= 8; i++)
			sub(one + i, one);
		gt(large + 1000, large + 9000);
		gt(large, large + 10000);
		sub(large + 500, large + 10);
		vla(5);
		puts("no report");
	}
	return 0;
}

// FRAME: {{^}}KASAN: invalid-pointer-pair in gt+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// FRAME-NEXT: {{^}}Comparison of 0x[[A:[0-9a-f]+]] and 0x[[B:[0-9a-f]+]] by task
// FRAME: {{^}}First pointer 0x[[A]]:{{$}}
// FRAME-NEXT: {{^}}The buggy address belongs to stack of task {{[^ ]+}}/{{[0-9]+}}{{$}}
// FRAME-NEXT: {{^}} and is located at offset {{[0-9]+}} in frame:{{$}}
// FRAME-NEXT: {{^}} main{{$}}
// FRAME-EMPTY:
// FRAME-NEXT: {{^}}This frame has 3 object(s):{{$}}
// FRAME-DAG: {{^}} [{{[0-9]+}}, {{[0-9]+}}) 'one'
// FRAME-DAG: {{^}} [{{[0-9]+}}, {{[0-9]+}}) 'two'
// FRAME: {{^}}Second pointer 0x[[B]]:{{$}}
// FRAME-NEXT: {{^}}The buggy address belongs to stack of task
// FRAME-NEXT: {{^}} and is located at offset {{[0-9]+}} in frame:{{$}}
// FRAME-NEXT: {{^}} main{{$}}
// FRAME: STATUS: exit 1{{$}}

// CALLEE: {{^}}First pointer 0x{{[0-9a-f]+}}:{{$}}
// CALLEE-NEXT: {{^}}The buggy address belongs to stack of task
// CALLEE-NEXT: {{^}} and is located at offset {{[0-9]+}} in frame:{{$}}
// CALLEE-NEXT: {{^}} callee{{$}}
// CALLEE: {{^}}Second pointer 0x{{[0-9a-f]+}}:{{$}}
// CALLEE-NEXT: {{^}}The buggy address belongs to stack of task
// CALLEE-NEXT: {{^}} and is located at offset {{[0-9]+}} in frame:{{$}}
// CALLEE-NEXT: {{^}} main{{$}}
// CALLEE: STATUS: exit 1{{$}}

// VLA: {{^}}KASAN: invalid-pointer-pair in gt+
// VLA: {{^}}First pointer 0x{{[0-9a-f]+}}:{{$}}
// VLA-NEXT: {{^}}The address belongs to stack of task {{[^ ]+}}/{{[0-9]+}}{{$}}
// VLA-NEXT: {{^}} outside the variables of an instrumented frame{{$}}
// VLA: {{^}}Second pointer 0x{{[0-9a-f]+}}:{{$}}
// VLA-NEXT: {{^}}The buggy address belongs to stack of task
// VLA-NEXT: {{^}} and is located at offset {{[0-9]+}} in frame:{{$}}
// VLA-NEXT: {{^}} vla{{$}}
// VLA: STATUS: exit 1{{$}}

// OK: no report
// OK-NEXT: STATUS: exit 0{{$}}
