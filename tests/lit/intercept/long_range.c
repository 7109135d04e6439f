// Checks of long ranges (ranges of hundreds of bytes, longer than the 64 bytes one shadow word covers) find the first poisoned byte: an 800-byte memcpy over a 64-byte stack array is a stack-out-of-bounds write pointing at the array's right red zone in the array's frame; snprintf(buf, 1000, "%s", s) into a 64-byte array reports with a 1199-byte string as with a 500-byte one; the twins that fit are silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t memcpy 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t memcpy 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: bash %S/../Inputs/status.sh %run %t snprintf 1199 2>&1 | FileCheck %s --check-prefix=SNPRINTF -DLEN=1000
// RUN: bash %S/../Inputs/status.sh %run %t snprintf 500 2>&1 | FileCheck %s --check-prefix=SNPRINTF -DLEN=501
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;
volatile size_t copy_len;

__attribute__((noinline)) void fill(const char *src)
{
	char local[64];

	memcpy(local, src, copy_len);
	sink = local;
	printf("copied %c\n", local[63]);
}

__attribute__((noinline)) void format(const char *s)
{
	char local[64];

	snprintf(local, 1000, "%s", s);
	sink = local;
	printf("formatted %zu\n", strlen(local));
}

int main(int argc, char **argv)
{
	char *src = sink = malloc(2000);

	memset(src, 'x', 2000);
	if (!strcmp(argv[1], "memcpy")) {
		copy_len = 800;
		fill(src);
	} else if (!strcmp(argv[1], "snprintf")) {
		src[atoi(argv[2])] = 0;
		format(src);
	} else {
		copy_len = 64;
		fill(src);
		src[63] = 0;
		format(src);
	}
	free(src);
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: stack-out-of-bounds in fill+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 800 at addr {{[0-9a-f]+}} by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} memcpy{{$}}
// CHECK-NEXT: {{^}} fill+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}long_range.c:19{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}
// CHECK: {{^}}The buggy address belongs to stack of task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}} and is located at offset [[OFF:[0-9]+]] in frame:{{$}}
// CHECK-NEXT: {{^}} fill{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}This frame has 1 object(s):{{$}}
// CHECK-NEXT: {{^}} {{\[}}{{[0-9]+}}, [[OFF]]) 'local' (line 17){{$}}
// CHECK: {{^}}>0x{{[0-9a-f]+}}:{{.*}} f3{{( .*)?$}}
// CHECK-NEXT: {{^ +\^$}}
// CHECK: STATUS: exit 1{{$}}

// The first poisoned byte is the first byte of the right red zone: ASan's
// layout brackets its granule, the first f3 after the array's 00s (or at
// the start of a row).
// ASAN: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: stack-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc 0x{{[0-9a-f]+}} bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}}{{$}}
// ASAN-NEXT: {{^}}WRITE of size 800 at [[ADDR]] thread T0{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in memcpy{{( .*)?$}}
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in fill {{.*}}long_range.c:19{{(:[0-9]+)?$}}
// ASAN: {{^}}Address [[ADDR]] is located in stack of thread T0 at offset [[OFF:[0-9]+]] in frame{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in fill{{( .*)?$}}
// ASAN: {{^}}    {{\[}}{{[0-9]+}}, [[OFF]]) 'local' (line 17) <== Memory access at offset [[OFF]] overflows this variable{{$}}
// ASAN: {{^}}SUMMARY: AddressSanitizer: stack-buffer-overflow {{.*}}long_range.c:19{{(:[0-9]+)?}} in fill{{$}}
// ASAN: {{^}}=>0x{{[0-9a-f]+}}:{{(.* 00)?}}{{\[}}f3]
// ASAN: STATUS: exit 1{{$}}

// SNPRINTF: {{^}}BUG: KASAN: stack-out-of-bounds in format+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// SNPRINTF-NEXT: {{^}}Write of size [[LEN]] at addr {{[0-9a-f]+}} by task
// SNPRINTF: {{^}}Call Trace:{{$}}
// SNPRINTF-NEXT: {{^}} snprintf{{$}}
// SNPRINTF-NEXT: {{^}} format+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}long_range.c:28{{$}}
// SNPRINTF: {{^}} and is located at offset [[OFF:[0-9]+]] in frame:{{$}}
// SNPRINTF-NEXT: {{^}} format{{$}}
// SNPRINTF: {{^}} {{\[}}{{[0-9]+}}, [[OFF]]) 'local' (line 26){{$}}
// SNPRINTF-NOT: formatted
// SNPRINTF: STATUS: exit 1{{$}}

// OK: {{^}}copied x{{$}}
// OK-NEXT: {{^}}formatted 63{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
