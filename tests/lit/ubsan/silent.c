// The correct twin of every check: the same code with valid values reports nothing, in recover and in abort builds.
// REQUIRES: inline
// RUN: bash %S/Inputs/build.sh %cc "%ksan_cc" -O0 -g %S/Inputs/ub.c -o %t
// RUN: bash %S/Inputs/build.sh %cc "%ksan_cc" -O1 -g -fno-sanitize-recover=undefined %S/Inputs/ub.c -o %t.abort
// RUN: bash %S/Inputs/each.sh %t ok 2>&1 | FileCheck %s
// RUN: bash %S/Inputs/each.sh %t.abort ok 2>&1 | FileCheck %s
// CHECK-NOT: {{UBSAN|runtime error|STATUS: (exit [^0]|signal)}}
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}
// CHECK-NOT: {{UBSAN|runtime error|STATUS: (exit [^0]|signal)}}
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}
// CHECK-NOT: {{UBSAN|runtime error|STATUS: (exit [^0]|signal)}}
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}
// CHECK-NOT: {{UBSAN|runtime error|STATUS: (exit [^0]|signal)}}
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}
// CHECK-NOT: {{UBSAN|runtime error|STATUS: (exit [^0]|signal)}}
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}
// CHECK-NOT: {{UBSAN|runtime error|STATUS: (exit [^0]|signal)}}
