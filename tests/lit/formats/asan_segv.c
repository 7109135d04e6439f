// report_format=asan for a NULL dereference: ASan's SEGV layout ("SEGV on unknown address 0x... (pc ...)", the access kind, SUMMARY: AddressSanitizer: SEGV).
// RUN: %ksan_cc -O1 %S/Inputs/bugs.c -o %t
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t null 2>&1 | FileCheck %s --implicit-check-not=KASAN

// CHECK: {{^}}================================================================={{$}}
// CHECK-NEXT: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: SEGV on unknown address 0x{{0+}} (pc 0x{{[0-9a-f]+}} bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}} T0){{$}}
// CHECK-NOT: of size 0
// CHECK: READ memory access
// (aarch64 GCC gives the faulting load the line of the closing brace)
// CHECK: #0 0x{{[0-9a-f]+}} in get {{.*}}bugs.c:{{20|21}}
// CHECK: {{^}}SUMMARY: AddressSanitizer: SEGV {{.*}}bugs.c:{{20|21}}{{(:[0-9]+)?}} in get{{$}}
// CHECK: {{^}}==[[PID]]==ABORTING{{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}
