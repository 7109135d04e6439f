// strlen over a global whose tail was poisoned with __asan_poison_memory_region (GCC's asan/strlen-overflow-1.c idea): poisoning the last byte of a 2-byte global, whose granule already ends there, poisons it (ASan's rule), and strlen reading into it is reported by the strlen interceptor; a range that ends inside a granule whose rest is already unaddressable poisons that granule whole; a string that ends before the poison is silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bad 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t bad 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: bash %S/../Inputs/status.sh %run %t tail 2>&1 | FileCheck %s --check-prefix=TAIL
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <string.h>

void __asan_poison_memory_region(void const volatile *addr, size_t size);
int __asan_address_is_poisoned(void const volatile *addr);

char two[2] = "0";		/* shadow 02: its granule ends after two[1] */
char twelve[12] = "hello worl";	/* shadow 00 04 */
char sixteen[16] = "hello";

__attribute__((noinline)) size_t measure(const char *s)
{
	return strlen(s);
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(argv[1], "bad")) {
		__asan_poison_memory_region(&two[1], 1);
		printf("poisoned %d %d\n", __asan_address_is_poisoned(&two[0]),
		       __asan_address_is_poisoned(&two[1]));
		printf("len %zu\n", measure(two));
	} else if (!strcmp(argv[1], "tail")) {
		/* [5, 12): granule 1 is covered up to its valid end: poisoned whole */
		__asan_poison_memory_region(&twelve[5], 7);
		printf("poisoned %d %d %d\n", __asan_address_is_poisoned(&twelve[4]),
		       __asan_address_is_poisoned(&twelve[5]),
		       __asan_address_is_poisoned(&twelve[8]));
		printf("len %zu\n", measure(twelve + 8));
	} else {
		/* the string ends (at 5) before the poison (from 10) */
		__asan_poison_memory_region(&sixteen[10], 6);
		__asan_poison_memory_region(&two[1], 1);
		printf("poisoned %d %d\n", __asan_address_is_poisoned(&sixteen[9]),
		       __asan_address_is_poisoned(&sixteen[10]));
		printf("len %zu\n", measure(sixteen));
		two[0] = 0;
		printf("len %zu\n", measure(two));
	}
	return 0;
}

// CHECK: {{^}}poisoned 0 1{{$}}
// CHECK-NEXT: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: global-out-of-bounds in measure+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Read of size 2 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} strlen{{$}}
// CHECK-NEXT: {{^}} measure+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}strlen_poisoned_global.c:19{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}
// CHECK: {{^}}The buggy address belongs to the variable:{{$}}
// CHECK-NEXT: {{^}} two of size 2 defined in {{.*}}strlen_poisoned_global.c:13{{(:[0-9]+)?}}{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// CHECK: {{^}}Memory state around the buggy address:{{$}}
// CHECK: {{^}}>0x{{[0-9a-f]+}}:{{.*}} 01 f9{{.*}}
// CHECK: STATUS: exit 1{{$}}

// ASAN: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc 0x{{[0-9a-f]+}} bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}}{{$}}
// ASAN-NEXT: {{^}}READ of size 2 at [[ADDR]] thread T0{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in strlen{{( .*)?$}}
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in measure {{.*}}strlen_poisoned_global.c:19{{(:[0-9]+)?$}}
// ASAN: {{^}}[[ADDR]] is located 0 bytes inside of global variable 'two' defined in '{{.*}}strlen_poisoned_global.c:13{{(:[0-9]+)?}}' {{.*}}of size 2{{$}}

// TAIL: {{^}}poisoned 0 1 1{{$}}
// TAIL-NEXT: {{^}}=================================================================={{$}}
// TAIL-NEXT: {{^}}BUG: KASAN: use-after-poison in measure+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// TAIL-NEXT: {{^}}Read of size 3 at addr {{[0-9a-f]+}} by task
// TAIL: {{^}} strlen{{$}}
// TAIL: {{^}}>0x{{[0-9a-f]+}}:{{.*}} 05 f7 f9{{.*}}
// TAIL: STATUS: exit 1{{$}}

// OK: {{^}}poisoned 0 1{{$}}
// OK-NEXT: {{^}}len 5{{$}}
// OK-NEXT: {{^}}len 0{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
