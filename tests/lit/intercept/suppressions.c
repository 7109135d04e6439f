// ASan's suppressions of reports raised inside an interceptor: interceptor_via_fun:<pattern> (any function of the report's stack: the caller, main; ^ $ * as compiler-rt matches them), interceptor_via_lib:<pattern> (a frame's module: the plain shared library calling strlen), interceptor_name:<pattern> (memcpy's range and overlap checks).  A suppressed report prints nothing, does not halt (a later report still does), is not counted by ksan_report_count() and leaves the exit status alone; verbosity=1 says which line took it; the asan layout likewise.  A function or module no line names is reported.  __asan_default_suppressions() gives them too, in ASan's kinds only.  An unknown kind or a line without a pattern stops the program at start-up.
// RUN: %cc -O1 -g -fno-omit-frame-pointer -fPIC -shared -DLIB %s -o %t-lib.so
// RUN: %ksan_cc -O1 -g %s -o %t %t-lib.so -Wl,-rpath,%T
// RUN: %ksan_cc -O1 -g -DDEFAULT_SUPP='"interceptor_via_fun:app_len\n"' %s -o %t.dflt %t-lib.so -Wl,-rpath,%T
// RUN: %ksan_cc -O1 -g -DDEFAULT_SUPP='"# ASan kinds only\nleak:app_len\n"' %s -o %t.dfltbad %t-lib.so -Wl,-rpath,%T
// RUN: bash %S/../Inputs/status.sh %run %t app 2>&1 | FileCheck %s --check-prefix=APP
// RUN: printf 'interceptor_via_fun:app_len\n' > %t.fun
// RUN: env KSAN_OPTIONS=suppressions=%t.fun bash %S/../Inputs/status.sh %run %t app 2>&1 | FileCheck %s --check-prefix=QUIET-APP --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=suppressions=%t.fun:report_format=asan bash %S/../Inputs/status.sh %run %t app 2>&1 | FileCheck %s --check-prefix=QUIET-APP --implicit-check-not=ERROR
// RUN: env KSAN_OPTIONS=suppressions=%t.fun:halt_on_error=0 bash %S/../Inputs/status.sh %run %t app 2>&1 | FileCheck %s --check-prefix=QUIET-APP --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=suppressions=%t.fun:verbosity=1 bash %S/../Inputs/status.sh %run %t app 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: env KSAN_OPTIONS=suppressions=%t.fun bash %S/../Inputs/status.sh %run %t lib 2>&1 | FileCheck %s --check-prefix=LIB
// RUN: env KSAN_OPTIONS=suppressions=%t.fun bash %S/../Inputs/status.sh %run %t app copy 2>&1 | FileCheck %s --check-prefix=THEN-COPY
// RUN: printf '# anchors and wildcards\n  interceptor_via_fun:^app_l*n$  \ninterceptor_via_fun:pp_co\n' > %t.glob
// RUN: env KSAN_OPTIONS=suppressions=%t.glob bash %S/../Inputs/status.sh %run %t app copy overlap 2>&1 | FileCheck %s --check-prefix=QUIET-ALL --implicit-check-not=KASAN
// RUN: printf 'interceptor_via_fun:^pp_len\ninterceptor_via_fun:app_lens\ninterceptor_via_fun:app_le$\n' > %t.miss
// RUN: env KSAN_OPTIONS=suppressions=%t.miss bash %S/../Inputs/status.sh %run %t app 2>&1 | FileCheck %s --check-prefix=APP
// RUN: printf 'interceptor_via_fun:^main$\n' > %t.main
// RUN: env KSAN_OPTIONS=suppressions=%t.main bash %S/../Inputs/status.sh %run %t app lib copy overlap 2>&1 | FileCheck %s --check-prefix=QUIET-ALL --implicit-check-not=KASAN
// RUN: printf 'interceptor_via_lib:suppressions.c.tmp-lib.so\n' > %t.lib
// RUN: env KSAN_OPTIONS=suppressions=%t.lib bash %S/../Inputs/status.sh %run %t lib 2>&1 | FileCheck %s --check-prefix=QUIET-LIB --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=suppressions=%t.lib bash %S/../Inputs/status.sh %run %t app 2>&1 | FileCheck %s --check-prefix=APP
// RUN: printf 'interceptor_name:memcpy\n' > %t.name
// RUN: env KSAN_OPTIONS=suppressions=%t.name bash %S/../Inputs/status.sh %run %t copy overlap 2>&1 | FileCheck %s --check-prefix=QUIET-COPY --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=suppressions=%t.name bash %S/../Inputs/status.sh %run %t app 2>&1 | FileCheck %s --check-prefix=APP
// RUN: bash %S/../Inputs/status.sh %run %t.dflt app 2>&1 | FileCheck %s --check-prefix=QUIET-APP --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t.dflt lib 2>&1 | FileCheck %s --check-prefix=LIB
// RUN: bash %S/../Inputs/status.sh %run %t.dfltbad app 2>&1 | FileCheck %s --check-prefix=DFLTBAD
// RUN: printf 'interceptor_via_func:app_len\n' > %t.kind
// RUN: env KSAN_OPTIONS=suppressions=%t.kind bash %S/../Inputs/status.sh %run %t app 2>&1 | FileCheck %s --check-prefix=KIND -DF=%t.kind
// RUN: printf 'odr_violation:table\ninterceptor_via_lib:\n' > %t.empty
// RUN: env KSAN_OPTIONS=suppressions=%t.empty bash %S/../Inputs/status.sh %run %t app 2>&1 | FileCheck %s --check-prefix=EMPTY -DF=%t.empty
// UNSUPPORTED: aarch64
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef LIB
/* a library built without ksan: its strlen call is ksan's interceptor
 * (frame pointers: musl's stack traces have no DWARF unwinder) */
__attribute__((noinline)) size_t lib_len(const char *s)
{
	return strlen(s);
}
#else
#include <ksan/ksan.h>

size_t lib_len(const char *s);

#ifdef DEFAULT_SUPP
const char *__asan_default_suppressions(void)
{
	return DEFAULT_SUPP;
}
#endif

char *volatile sink;

__attribute__((noinline)) size_t app_len(const char *s)
{
	return strlen(s);
}

__attribute__((noinline)) void app_copy(char *d, const char *s, size_t n)
{
	memcpy(d, s, n);
}

int main(int argc, char **argv)
{
	char *p = sink = malloc(8), *q = malloc(8);
	int i;

	setvbuf(stdout, NULL, _IONBF, 0);
	memcpy(p, "abcdefgh", 8);	/* no NUL */
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "app"))
			printf("app %d\n", app_len(p) >= 8);
		if (!strcmp(argv[i], "lib"))
			printf("lib %d\n", lib_len(p) >= 8);
		if (!strcmp(argv[i], "copy")) {
			app_copy(q, p, 9);
			printf("copy\n");
		}
		if (!strcmp(argv[i], "overlap")) {
			app_copy(p, p + 1, 4);
			printf("overlap\n");
		}
	}
	printf("reports %lu\n", ksan_report_count());
	free(p);
	free(q);
	return 0;
}
#endif

// APP: {{^}}BUG: KASAN: slab-out-of-bounds in app_len+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// APP: {{^}} strlen{{$}}
// APP-NEXT: {{^}} app_len+0x
// APP: {{^}}STATUS: exit 1{{$}}

// QUIET-APP: {{^}}app 1{{$}}
// QUIET-APP-NEXT: {{^}}reports 0{{$}}
// QUIET-APP-NEXT: {{^}}STATUS: exit 0{{$}}

// VERBOSE: {{^}}ksan: KASAN slab-out-of-bounds report suppressed by interceptor_via_fun:app_len (1 so far){{$}}
// VERBOSE-NEXT: {{^}}app 1{{$}}
// VERBOSE-NEXT: {{^}}reports 0{{$}}

// another function, the one in the library: reported
// LIB: {{^}}BUG: KASAN: slab-out-of-bounds in lib_len+0x
// LIB: {{^}} strlen{{$}}
// LIB-NEXT: {{^}} lib_len+0x
// LIB: {{^}}STATUS: exit 1{{$}}

// the suppressed report did not halt; the next one does
// THEN-COPY: {{^}}app 1{{$}}
// THEN-COPY-NEXT: {{^}}={{=+}}{{$}}
// THEN-COPY-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in app_copy+0x
// THEN-COPY: {{^}}STATUS: exit 1{{$}}

// QUIET-ALL: {{^}}app 1{{$}}
// QUIET-ALL: {{^}}copy{{$}}
// QUIET-ALL-NEXT: {{^}}overlap{{$}}
// QUIET-ALL-NEXT: {{^}}reports 0{{$}}
// QUIET-ALL-NEXT: {{^}}STATUS: exit 0{{$}}

// QUIET-LIB: {{^}}lib 1{{$}}
// QUIET-LIB-NEXT: {{^}}reports 0{{$}}
// QUIET-LIB-NEXT: {{^}}STATUS: exit 0{{$}}

// QUIET-COPY: {{^}}copy{{$}}
// QUIET-COPY-NEXT: {{^}}overlap{{$}}
// QUIET-COPY-NEXT: {{^}}reports 0{{$}}
// QUIET-COPY-NEXT: {{^}}STATUS: exit 0{{$}}

// DFLTBAD-NOT: {{.}}
// DFLTBAD: {{^}}ksan: bad suppression at __asan_default_suppressions():2: 'leak:app_len' (unknown suppression type 'leak'; accepted: interceptor_via_fun:<pattern>, interceptor_via_lib:<pattern>, interceptor_name:<pattern>, odr_violation:<pattern>){{$}}
// DFLTBAD-NEXT: {{^}}STATUS: exit 1{{$}}

// KIND-NOT: {{.}}
// KIND: {{^}}ksan: bad suppression at [[F]]:1: 'interceptor_via_func:app_len' (unknown suppression type 'interceptor_via_func'; accepted: ubsan:<check>:<glob>, leak:<pattern>, interceptor_via_fun:<pattern>, interceptor_via_lib:<pattern>, interceptor_name:<pattern>, odr_violation:<pattern>){{$}}
// KIND-NEXT: {{^}}STATUS: exit 1{{$}}

// EMPTY-NOT: {{.}}
// EMPTY: {{^}}ksan: bad suppression at [[F]]:2: 'interceptor_via_lib:' (expected interceptor_via_lib:<pattern>: a module){{$}}
// EMPTY-NEXT: {{^}}STATUS: exit 1{{$}}
