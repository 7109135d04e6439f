// report_format selects the layout: kasan (the default, also when given explicitly), asan or json.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=KASAN
// RUN: env KSAN_OPTIONS=report_format=kasan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=KASAN
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=ASAN --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=JSON --implicit-check-not=KASAN:
#include <stdlib.h>

char *volatile sink;

int main(void)
{
	char *p = sink = malloc(24);

	return p[24];
}

// KASAN: {{^}}=================================================================={{$}}
// KASAN-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in main
// KASAN: STATUS: exit 1{{$}}

// ASAN: {{^}}================================================================={{$}}
// ASAN-NEXT: ERROR: AddressSanitizer: heap-buffer-overflow on address
// ASAN: STATUS: exit 1{{$}}

// JSON: {{^}}{"detector":"KASAN","type":"slab-out-of-bounds","asan_type":"heap-buffer-overflow","access":"read",{{.*}}}{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}
