// LSAN_OPTIONS and the leak keys of ASAN_OPTIONS reach the leak detector.  LSAN_OPTIONS=exitcode is the leak status (ksan's leak_exitcode; 23 by default, as standalone LeakSanitizer's), ASAN_OPTIONS=exitcode is not (it is the status of a memory-error report); KSAN_OPTIONS=leak_exitcode wins over LSAN_OPTIONS, LSAN_OPTIONS over __lsan_default_options.  detect_leaks=0 from ASAN_OPTIONS or LSAN_OPTIONS (false, no: ASan's booleans), leak_check_at_exit=0, suppressions from LSAN_OPTIONS or ASAN_OPTIONS (LeakSanitizer's leak: lines; ksan has one file for both) silence the leak.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=LEAK -DCODE=23
// RUN: env LSAN_OPTIONS=exitcode=42 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=LEAK -DCODE=42
// RUN: env ASAN_OPTIONS=exitcode=42 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=LEAK -DCODE=23
// RUN: env LSAN_OPTIONS=exitcode=42 KSAN_OPTIONS=leak_exitcode=5 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=LEAK -DCODE=5
// RUN: env KSAN_OPTIONS=leak_exitcode=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=LEAK -DCODE=0
// RUN: env ASAN_OPTIONS=detect_leaks=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=leak --implicit-check-not=BUG
// RUN: env LSAN_OPTIONS=detect_leaks=false bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=leak --implicit-check-not=BUG
// RUN: env ASAN_OPTIONS=leak_check_at_exit=no bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=leak --implicit-check-not=BUG
// RUN: env ASAN_OPTIONS=detect_leaks=0 LSAN_OPTIONS=detect_leaks=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=LEAK -DCODE=23
// RUN: env ASAN_OPTIONS=detect_leaks=1 KSAN_OPTIONS=detect_leaks=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=leak --implicit-check-not=BUG
// RUN: printf 'leak:leaks\n' > %t.supp
// RUN: env LSAN_OPTIONS=suppressions=%t.supp bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=SUPP --implicit-check-not=BUG
// RUN: env ASAN_OPTIONS=suppressions=%t.supp bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=SUPP --implicit-check-not=BUG
// RUN: %ksan_cc -O1 -g -DLSAN_HOOK %s -o %t.hook
// RUN: bash %S/../Inputs/status.sh %run %t.hook 2>&1 | FileCheck %s --check-prefix=LEAK -DCODE=33
// RUN: env LSAN_OPTIONS=exitcode=34 bash %S/../Inputs/status.sh %run %t.hook 2>&1 | FileCheck %s --check-prefix=LEAK -DCODE=34
#include <stdio.h>
#include "../leak/Inputs/leak.h"

#ifdef LSAN_HOOK
const char *__lsan_default_options(void)
{
	return "exitcode=33";
}
#endif

__attribute__((noinline)) void leaks(const char *how)
{
	keep(malloc(48));
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	deep(leaks, "");
	printf("main done\n");
	return 0;
}

// LEAK: {{^}}main done{{$}}
// LEAK: {{^}}BUG: memory leak{{$}}
// LEAK: {{^}}STATUS: exit [[CODE]]{{$}}

// SUPP: {{^}}main done{{$}}
// SUPP-NEXT: {{^}}kmemleak: 1 object(s), 48 byte(s) suppressed by leak:leaks{{$}}
// SUPP-NEXT: {{^}}STATUS: exit 0{{$}}

// OFF: {{^}}main done{{$}}
// OFF-NEXT: {{^}}STATUS: exit 0{{$}}
