// Impossible allocations (calloc-overflow, allocation-size-too-big) honour report_format: the asan layout and one JSON line, like every other report.
// RUN: %ksan_cc -O1 %S/Inputs/bugs.c -o %t
// RUN: bash %S/../Inputs/status.sh %run %t calloc 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t calloc 2>&1 | FileCheck %s --check-prefix=ASAN --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t large 2>&1 | FileCheck %s --check-prefix=ASAN-BIG --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t calloc 2>&1 | FileCheck %s --check-prefix=JSON --implicit-check-not=KASAN

// DEFAULT: {{^}}KASAN: calloc-overflow in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// DEFAULT-NEXT: calloc of {{[0-9]+}} elements of 8 bytes overflows by task
// DEFAULT: {{^}} calloc{{$}}
// DEFAULT-NEXT: main+0x{{.*}}bugs.c:43
// DEFAULT: STATUS: exit 1{{$}}

// ASAN: {{^}}================================================================={{$}}
// ASAN-NEXT: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: {{.*}}calloc
// ASAN: #0 0x{{[0-9a-f]+}} in calloc
// ASAN-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}bugs.c:43
// ASAN: {{^}}SUMMARY: AddressSanitizer: calloc-overflow
// ASAN: {{^}}==[[PID]]==ABORTING{{$}}
// ASAN-NEXT: STATUS: exit 1{{$}}

// ASAN-BIG: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: {{.*}}
// ASAN-BIG: {{^}}SUMMARY: AddressSanitizer: allocation-size-too-big
// ASAN-BIG: {{^}}==[[PID]]==ABORTING{{$}}

// JSON: {{^}}{"detector":"KASAN","type":"calloc-overflow",{{.*}}}{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}
