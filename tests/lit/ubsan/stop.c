// Checks the program cannot go on after: __builtin_unreachable stops with exit 1 after its report whatever halt_on_error says; a null load and a division by zero are reported, then the fault happens (SIGSEGV is KASAN's null-ptr-deref report, SIGFPE kills the program; aarch64 divides without a trap, so there the program goes on).
// REQUIRES: inline
// RUN: bash %S/Inputs/build.sh "%cc" "%ksan_cc" -O0 -g %S/Inputs/ub.c -o %t
// RUN: bash %S/../Inputs/status.sh %run %t unreachable 2>&1 | FileCheck %s --check-prefix=UNR
// RUN: bash %S/../Inputs/status.sh %run %t null_load 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: bash %S/../Inputs/status.sh %run %t div0 2>&1 | FileCheck %s --check-prefixes=DIV,DIV-%arch
// RUN: bash %S/../Inputs/status.sh %run %t divmin 2>&1 | FileCheck %s --check-prefixes=DIVMIN,DIVMIN-%arch
// UNR: {{^}}UBSAN: unreachable in {{.*}}ub.c:{{[0-9]+}}:{{[0-9]+}}{{$}}
// UNR-NEXT: {{^}}execution reached an unreachable program point{{$}}
// UNR-NEXT: {{^}}Call Trace:{{$}}
// UNR-NEXT: {{^}} unreachable+0x
// UNR-NOT: done
// UNR: STATUS: exit 1{{$}}
// NULL: {{^}}UBSAN: null-ptr-deref in {{.*}}ub.c:{{[0-9]+}}:{{[0-9]+}}{{$}}
// NULL-NEXT: {{^}}load of null pointer of type 'int'{{$}}
// NULL: BUG: KASAN: null-ptr-deref
// NULL-NOT: done
// NULL: STATUS: exit 1{{$}}
// DIV: {{^}}UBSAN: division-overflow in {{.*}}ub.c:{{[0-9]+}}:{{[0-9]+}}{{$}}
// DIV-NEXT: {{^}}division by zero{{$}}
// DIV-x86_64-NOT: done
// DIV-x86_64: STATUS: signal SIGFPE{{$}}
// aarch64's sdiv does not trap (x / 0 is 0, INT_MIN / -1 is INT_MIN): the program goes on
// DIV-aarch64: {{^}}done{{$}}
// DIV-aarch64: STATUS: exit 0{{$}}
// DIVMIN: {{^}}UBSAN: division-overflow in {{.*}}ub.c:{{[0-9]+}}:{{[0-9]+}}{{$}}
// DIVMIN-NEXT: {{^}}division of -2147483648 by -1 cannot be represented in type 'int'{{$}}
// DIVMIN-x86_64-NOT: done
// DIVMIN-x86_64: STATUS: signal SIGFPE{{$}}
// DIVMIN-aarch64: {{^}}done{{$}}
// DIVMIN-aarch64: STATUS: exit 0{{$}}
// Not with clang on aarch64: ub.c's 128-bit multiply check (mul128) calls __muloti4, which is in compiler-rt's builtins (Debian's clang 14 has them for x86 only) and not in libgcc, so ub.c does not link.
// UNSUPPORTED: clang && aarch64
