// suppressions from ASAN_OPTIONS and LSAN_OPTIONS: ksan has one file for every detector, which takes ASan's kinds (interceptor_via_fun: here) and LeakSanitizer's (leak:).  From ASAN_OPTIONS an interceptor line silences the report strlen raises (the program goes on, then its leak ends it with status 23); a leak: line there silences the leak too; LSAN_OPTIONS' file alone silences the leak only.  One file: when both variables name one, LSAN_OPTIONS' (read later) is used; KSAN_OPTIONS' wins over both.  A line ksan does not know stops the program, as ASan stops on a file it cannot parse.  UBSAN_OPTIONS=suppressions is not read (asan_ubsan.c).
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: printf 'interceptor_via_fun:app_len\nodr_violation:nothing\n' > %t.fun
// RUN: printf 'interceptor_via_fun:app_len\nleak:leaks\n' > %t.both
// RUN: printf 'leak:leaks\n' > %t.leak
// RUN: printf 'interceptor_via_fun:app_len\nubsan_check:app_len\n' > %t.bad
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env ASAN_OPTIONS=suppressions=%t.fun bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=LEAK --implicit-check-not=KASAN
// RUN: env ASAN_OPTIONS=suppressions=%t.both bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=KASAN --implicit-check-not=KMEMLEAK
// RUN: env LSAN_OPTIONS=suppressions=%t.leak bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env ASAN_OPTIONS=suppressions=%t.fun LSAN_OPTIONS=suppressions=%t.leak bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env ASAN_OPTIONS=suppressions=%t.leak KSAN_OPTIONS=suppressions=%t.both bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=KASAN --implicit-check-not=KMEMLEAK
// RUN: env ASAN_OPTIONS=suppressions=%t.bad bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=BAD
// UNSUPPORTED: aarch64
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../leak/Inputs/leak.h"

__attribute__((noinline)) size_t app_len(const char *s)
{
	return strlen(s);
}

__attribute__((noinline)) void leaks(const char *how)
{
	keep(malloc(48));
}

int main(void)
{
	char *p = malloc(4);

	setvbuf(stdout, NULL, _IONBF, 0);
	memcpy(p, "abcd", 4);	/* no NUL: strlen reads past the end */
	printf("len %zu\n", app_len(p) > 0);
	free(p);
	deep(leaks, "");
	printf("main done\n");
	return 0;
}

// REPORT: {{^}}BUG: KASAN: slab-out-of-bounds in app_len
// REPORT-NOT: main done
// REPORT: {{^}}STATUS: exit 1{{$}}

// LEAK: {{^}}len 1{{$}}
// LEAK: {{^}}main done{{$}}
// LEAK: {{^}}BUG: memory leak{{$}}
// LEAK: {{^}}STATUS: exit 23{{$}}

// QUIET: {{^}}len 1{{$}}
// QUIET: {{^}}main done{{$}}
// QUIET: {{^}}STATUS: exit 0{{$}}

// BAD-NOT: {{.}}
// BAD: {{^}}ksan: bad suppression at {{.*}}.bad:2: 'ubsan_check:app_len' (unknown suppression type
// BAD-NEXT: {{^}}STATUS: exit 1{{$}}
