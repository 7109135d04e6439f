// Every frame line of kasan-layout reports follows the grammar of docs/report-format.md (checked by Inputs/check_frames.py), symbolized or not, for access, free and libc-entry reports.
// RUN: %ksan_cc -O1 %S/Inputs/bugs.c -o %t
// RUN: %ksan_cc -O1 -static %S/Inputs/bugs.c -o %t.static
// RUN: not %run %t overflow 2>&1 | python3 %S/../Inputs/check_frames.py | FileCheck %s
// RUN: not %run %t uaf 2>&1 | python3 %S/../Inputs/check_frames.py | FileCheck %s
// RUN: not %run %t double-free 2>&1 | python3 %S/../Inputs/check_frames.py | FileCheck %s
// RUN: not %run %t invalid-free 2>&1 | python3 %S/../Inputs/check_frames.py | FileCheck %s
// RUN: not %run %t null 2>&1 | python3 %S/../Inputs/check_frames.py | FileCheck %s
// RUN: env KSAN_OPTIONS=symbolize=0 not %run %t uaf 2>&1 | python3 %S/../Inputs/check_frames.py | FileCheck %s
// RUN: not %run %t.static uaf 2>&1 | python3 %S/../Inputs/check_frames.py | FileCheck %s
// RUN: env KSAN_OPTIONS=symbolize=0 not %run %t.static double-free 2>&1 | python3 %S/../Inputs/check_frames.py | FileCheck %s

// CHECK-NOT: FRAME ERROR
// CHECK: frames ok:
