// Every check the compiler emits prints the same "file:line:col: runtime error: message" line (values, types, location) as the compiler's own runtime (libubsan for gcc, compiler-rt's UBSan for clang).
// REQUIRES: inline
// RUN: bash %S/Inputs/compare.sh %cc "%ksan_cc" %S/Inputs/ub.c %t | FileCheck %s --check-prefixes=CHECK,%cc
// gcc: {{^}}29 messages from gcc's runtime
// clang: {{^}}35 messages from clang's runtime
// CHECK-NEXT: {{^}}SAME{{$}}
