// report_format=asan for a NULL dereference: ASan's SEGV layout ("SEGV on unknown address 0x... (pc ...)", the access kind, SUMMARY: AddressSanitizer: SEGV).
// Bug: ksan prints "ERROR: AddressSanitizer: SEGV on unknown address on address
// 0x8 at pc ..." (the heap-report template with the SEGV words pasted in) and
// "READ of size 0 at 0x8", which is neither ASan's text nor true.
// RUN: %ksan_cc -O1 %S/Inputs/bugs.c -o %t
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t null 2>&1 | FileCheck %s --implicit-check-not=KASAN

// CHECK: {{^}}================================================================={{$}}
// CHECK-NEXT: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: SEGV on unknown address 0x{{0*}}8 (pc 0x{{[0-9a-f]+}} bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}} T0){{$}}
// CHECK-NOT: of size 0
// CHECK: READ memory access
// CHECK: #0 0x{{[0-9a-f]+}} in get {{.*}}bugs.c:20
// CHECK: {{^}}SUMMARY: AddressSanitizer: SEGV {{.*}}bugs.c:20{{(:[0-9]+)?}} in get{{$}}
// CHECK: {{^}}==[[PID]]==ABORTING{{$}}
// CHECK-NEXT: STATUS: exit 1
