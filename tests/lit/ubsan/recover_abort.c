// Recover builds report each bug and go on (halt_on_error defaults to 0 for UBSAN); -fno-sanitize-recover=undefined (the _abort handlers) and halt_on_error=1 stop with exit 1 after the first report; exitcode applies.
// REQUIRES: inline
// RUN: %ksan_cc -O0 -g -fsanitize=undefined %S/Inputs/ub.c -o %t
// RUN: %ksan_cc -O0 -g -fsanitize=undefined -fno-sanitize-recover=undefined %S/Inputs/ub.c -o %t.abort
// RUN: bash %S/../Inputs/status.sh %run %t all 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: bash %S/../Inputs/status.sh %run %t.abort all 2>&1 | FileCheck %s --check-prefix=STOP
// RUN: env KSAN_OPTIONS=halt_on_error=1 bash %S/../Inputs/status.sh %run %t all 2>&1 | FileCheck %s --check-prefix=STOP
// RUN: env KSAN_OPTIONS=exitcode=7 bash %S/../Inputs/status.sh %run %t.abort all 2>&1 | FileCheck %s --check-prefix=CODE
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t.abort sub 2>&1 | FileCheck %s --check-prefix=ABORT0
// GOON: UBSAN: signed-integer-overflow
// GOON: UBSAN: signed-integer-overflow
// GOON: UBSAN: shift-out-of-bounds
// GOON: {{^}}done{{$}}
// GOON-NEXT: STATUS: exit 0{{$}}
// STOP: {{^}}UBSAN: signed-integer-overflow in {{.*}}ub.c
// STOP-NEXT: signed integer overflow: {{.*}} cannot be represented in type 'int'
// STOP: {{^}}=================================================================={{$}}
// STOP-NEXT: STATUS: exit 1{{$}}
// CODE: UBSAN: signed-integer-overflow
// CODE-NOT: UBSAN
// CODE: STATUS: exit 7{{$}}
// ABORT0: UBSAN: signed-integer-overflow
// ABORT0-NOT: done
// ABORT0: STATUS: exit 1{{$}}
// Not with clang on aarch64: ub.c's 128-bit multiply check (mul128) calls __muloti4, which is in compiler-rt's builtins (Debian's clang 14 has them for x86 only) and not in libgcc, so ub.c does not link.
// UNSUPPORTED: clang && aarch64
