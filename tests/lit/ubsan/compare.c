// Every check the compiler emits prints the same "file:line:col: runtime error: message" line (values, types, location) as the compiler's own runtime (libubsan for gcc, compiler-rt's UBSan for clang).
// REQUIRES: inline
// RUN: bash %S/Inputs/compare.sh "%cc" "%ksan_cc" %S/Inputs/ub.c %t %run | FileCheck %s --check-prefixes=CHECK,%cc_family
// gcc: {{^}}29 messages from {{(aarch64-linux-gnu-)?}}gcc's runtime
// clang: {{^}}35 messages from clang's runtime
// CHECK-NEXT: {{^}}SAME{{$}}
// Not with clang on aarch64: clang's own UBSan runtime for aarch64 (libclang_rt.ubsan_standalone-aarch64.a) is not installed, and ub.c needs compiler-rt's __muloti4 (mul128).
// UNSUPPORTED: clang && aarch64
