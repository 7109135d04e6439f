// report_format=asan prints AddressSanitizer's layout: heap-buffer-overflow, heap-use-after-free and double-free.
// RUN: %ksan_cc -O1 %S/Inputs/bugs.c -o %t
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t overflow 2>&1 | FileCheck %s --check-prefix=OVF --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t double-free 2>&1 | FileCheck %s --check-prefix=DF --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=report_format=asan:print_legend=0 bash %S/../Inputs/status.sh %run %t overflow 2>&1 | FileCheck %s --check-prefix=NOLEGEND

// OVF: {{^}}================================================================={{$}}
// OVF-NEXT: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc 0x{{[0-9a-f]+}} bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}}{{$}}
// OVF-NEXT: {{^}}WRITE of size 1 at [[ADDR]] thread T0{{$}}
// OVF-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in overflow {{.*}}bugs.c:10{{(:[0-9]+)?$}}
// OVF-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}bugs.c:30{{(:[0-9]+)?$}}
// OVF: {{^}}[[ADDR]] is located 0 bytes to the right of 100-byte region {{\[}}0x{{[0-9a-f]+}},[[ADDR]]){{$}}
// OVF-NEXT: {{^}}allocated by thread T0 here:{{$}}
// OVF-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in malloc{{( .*)?$}}
// OVF-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}bugs.c:26{{(:[0-9]+)?$}}
// OVF: {{^}}SUMMARY: AddressSanitizer: heap-buffer-overflow {{.*}}bugs.c:10{{(:[0-9]+)?}} in overflow{{$}}
// OVF-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} slab-out-of-bounds Write | overflow | main{{$}}
// OVF-NEXT: {{^}}Shadow bytes around the buggy address:{{$}}
// OVF-COUNT-5: {{^}}  0x{{[0-9a-f]+}}:{{( [0-9a-f][0-9a-f]){16}$}}
// OVF-NEXT: {{^}}=>0x{{[0-9a-f]+}}:{{.*}}[04]{{.*}}
// OVF-COUNT-5: {{^}}  0x{{[0-9a-f]+}}:{{( [0-9a-f][0-9a-f]){16}$}}
// OVF-NEXT: {{^}}Shadow byte legend (one shadow byte represents 8 application bytes):{{$}}
// OVF: {{^}}==[[PID]]==ABORTING{{$}}
// OVF-NEXT: STATUS: exit 1{{$}}

// UAF: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
// UAF-NEXT: {{^}}READ of size 1 at [[ADDR]] thread T0{{$}}
// UAF-NEXT: #0 0x{{[0-9a-f]+}} in after_free {{.*}}bugs.c:15
// UAF: {{^}}[[ADDR]] is located 8 bytes inside of 100-byte region [0x{{[0-9a-f]+}},0x{{[0-9a-f]+}}){{$}}
// UAF-NEXT: {{^}}freed by thread T0 here:{{$}}
// UAF-NEXT: #0 0x{{[0-9a-f]+}} in free
// UAF-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}bugs.c:32
// UAF: {{^}}previously allocated by thread T0 here:{{$}}
// UAF-NEXT: #0 0x{{[0-9a-f]+}} in malloc
// UAF-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}bugs.c:26
// UAF: {{^}}SUMMARY: AddressSanitizer: heap-use-after-free {{.*}}bugs.c:15{{(:[0-9]+)?}} in after_free{{$}}
// UAF: {{^}}=>0x{{[0-9a-f]+}}:{{.*}}[fb]
// UAF: {{^}}==[[PID]]==ABORTING{{$}}
// UAF-NEXT: STATUS: exit 1{{$}}

// DF: {{^}}================================================================={{$}}
// DF-NEXT: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: attempting double-free on [[ADDR:0x[0-9a-f]+]] in thread T0:{{$}}
// DF-NEXT: #0 0x{{[0-9a-f]+}} in free
// DF-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}bugs.c:36
// DF: {{^}}[[ADDR]] is located 0 bytes inside of 100-byte region {{\[}}[[ADDR]],0x{{[0-9a-f]+}}){{$}}
// DF-NEXT: {{^}}freed by thread T0 here:{{$}}
// DF-NEXT: #0 0x{{[0-9a-f]+}} in free
// DF-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}bugs.c:35
// DF: {{^}}previously allocated by thread T0 here:{{$}}
// DF: {{^}}SUMMARY: AddressSanitizer: double-free {{.*}}bugs.c:36{{(:[0-9]+)?}} in main{{$}}
// DF-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} double-free | main{{$}}
// DF-NEXT: {{^}}==[[PID]]==ABORTING{{$}}
// DF-NEXT: STATUS: exit 1{{$}}

// NOLEGEND: Shadow bytes around the buggy address:
// NOLEGEND-NOT: Shadow byte legend
// NOLEGEND: ==ABORTING
