// The correct twin of every check: the same code with valid values reports nothing, in recover and in abort builds.
// REQUIRES: inline
// RUN: bash %S/Inputs/build.sh "%cc" "%ksan_cc" -O0 -g %S/Inputs/ub.c -o %t
// RUN: bash %S/Inputs/build.sh "%cc" "%ksan_cc" -O1 -g -fno-sanitize-recover=undefined %S/Inputs/ub.c -o %t.abort
// RUN: bash %S/Inputs/each.sh ok %run %t 2>&1 | FileCheck %s
// RUN: bash %S/Inputs/each.sh ok %run %t.abort 2>&1 | FileCheck %s
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
// Not with clang on aarch64: ub.c's 128-bit multiply check (mul128) calls __muloti4, which is in compiler-rt's builtins (Debian's clang 14 has them for x86 only) and not in libgcc, so ub.c does not link.
// UNSUPPORTED: clang && aarch64
