// --ksan=kasan,kfence: objects KFENCE samples (every allocation, kfence_sample_every=1) have no shadow and lie a page apart; their pointer pairs are judged by KFENCE's own record, and reports describe them as objects of the cache kfence-#<slot>: two sampled objects, a sampled object and a pointer into its page past its end (KFENCE's slack, no object's memory), and a sampled object with one of the heap's are invalid; inside one sampled object and one past its end, silent.
// RUN: %ksan_cc -O1 --ksan=kasan,kfence -fsanitize=pointer-compare %s -o %t
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1:kfence_sample_every=1:halt_on_error=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

volatile long sink;

__attribute__((noinline)) void lt(char *p, char *q)
{
	sink = p < q;
}

int main(void)
{
	char *x, *y;

	setvbuf(stdout, NULL, _IONBF, 0);
	x = malloc(100);
	y = malloc(100);
	puts("two");
	lt(x, y);
	puts("slack");
	lt(x, x + 200);
	puts("same");
	lt(x, x + 100);
	lt(x + 99, x + 1);
	puts("end");
	free(x);
	free(y);
	return 0;
}

// CHECK-LABEL: two
// CHECK: {{^}}KASAN: invalid-pointer-pair in lt+
// CHECK: {{^}}First pointer 0x[[X:[0-9a-f]+]]:{{$}}
// CHECK-NEXT: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CHECK: {{^}}The buggy address belongs to the object at 0x[[X]]{{$}}
// CHECK-NEXT: {{^}} which belongs to the cache kfence-#{{[0-9]+}} of size 4096{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 100-byte region [0x[[X]], 0x{{[0-9a-f]+}}){{$}}
// CHECK: {{^}}Second pointer 0x{{[0-9a-f]+}}:{{$}}
// CHECK: {{^}} which belongs to the cache kfence-#{{[0-9]+}} of size 4096{{$}}
// CHECK-LABEL: slack
// CHECK: {{^}}KASAN: invalid-pointer-pair in lt+
// CHECK-LABEL: same
// CHECK-NOT: KASAN
// CHECK-LABEL: end
// CHECK-NEXT: STATUS: exit 0{{$}}
