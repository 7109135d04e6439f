// report_format=asan for a free of a pointer that was never allocated: ASan's "attempting free on address which was not malloc()-ed: 0x... in thread T0:" line and SUMMARY bad-free.
// RUN: %ksan_cc -O1 %S/Inputs/bugs.c -o %t
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t invalid-free 2>&1 | FileCheck %s --implicit-check-not=KASAN

// CHECK: {{^}}================================================================={{$}}
// CHECK-NEXT: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: attempting free on address which was not malloc()-ed: 0x{{[0-9a-f]+}} in thread T0:{{$}}
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in free
// CHECK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}bugs.c:38
// CHECK: {{^}}SUMMARY: AddressSanitizer: bad-free {{.*}}bugs.c:38{{(:[0-9]+)?}} in main{{$}}
// CHECK-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} invalid-free | main{{$}}
// CHECK-NEXT: {{^}}==[[PID]]==ABORTING{{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}
