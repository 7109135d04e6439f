// Checks the program cannot go on after: __builtin_unreachable stops with exit 1 after its report whatever halt_on_error says; a null load and a division by zero are reported, then the fault happens (SIGSEGV is KASAN's null-ptr-deref report, SIGFPE kills the program).
// REQUIRES: inline
// RUN: bash %S/Inputs/build.sh %cc "%ksan_cc" -O0 -g %S/Inputs/ub.c -o %t
// RUN: bash %S/../Inputs/status.sh %t unreachable 2>&1 | FileCheck %s --check-prefix=UNR
// RUN: bash %S/../Inputs/status.sh %t null_load 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: bash %S/../Inputs/status.sh %t div0 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: bash %S/../Inputs/status.sh %t divmin 2>&1 | FileCheck %s --check-prefix=DIVMIN
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
// DIV-NOT: done
// DIV: STATUS: signal SIGFPE{{$}}
// DIVMIN: {{^}}UBSAN: division-overflow in {{.*}}ub.c:{{[0-9]+}}:{{[0-9]+}}{{$}}
// DIVMIN-NEXT: {{^}}division of -2147483648 by -1 cannot be represented in type 'int'{{$}}
// DIVMIN-NOT: done
// DIVMIN: STATUS: signal SIGFPE{{$}}
