// The program's hooks and their precedence, lowest first: __asan_default_options < ASAN_OPTIONS < __ksan_default_options < KSAN_OPTIONS.  __asan_default_options alone takes effect (halt_on_error=0, exitcode=5); ASAN_OPTIONS overrides it key by key (halt_on_error=1, the hook's exitcode stays); __ksan_default_options overrides both, KSAN_OPTIONS overrides it.  __asan_default_options is lenient (an unknown key is listed at verbosity=1), __ksan_default_options strict (an unknown key or a bad value stops the program, naming the hook).  A hook returning NULL is no text.
// RUN: %ksan_cc -O1 -g -DASAN_HOOK %s -o %t.asan
// RUN: bash %S/../Inputs/status.sh %run %t.asan 2>&1 | FileCheck %s --check-prefix=GOON -DCODE=0
// RUN: env ASAN_OPTIONS=halt_on_error=1 bash %S/../Inputs/status.sh %run %t.asan 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=5
// RUN: env KSAN_OPTIONS=halt_on_error=1:verbosity=1 bash %S/../Inputs/status.sh %run %t.asan 2>&1 | FileCheck %s --check-prefixes=HALT,LISTED -DCODE=5
// RUN: %ksan_cc -O1 -g -DASAN_HOOK -DKSAN_HOOK %s -o %t.both
// RUN: bash %S/../Inputs/status.sh %run %t.both 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=6
// RUN: env ASAN_OPTIONS=halt_on_error=0:exitcode=4 bash %S/../Inputs/status.sh %run %t.both 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=6
// RUN: env KSAN_OPTIONS=exitcode=7 bash %S/../Inputs/status.sh %run %t.both 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=7
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t.both 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: %ksan_cc -O1 -g -DKSAN_HOOK_UNKNOWN %s -o %t.unknown
// RUN: bash %S/../Inputs/status.sh %run %t.unknown 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: %ksan_cc -O1 -g -DKSAN_HOOK_BAD %s -o %t.bad
// RUN: env ASAN_OPTIONS=exitcode=5x bash %S/../Inputs/status.sh %run %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %ksan_cc -O1 -g -DNULL_HOOKS %s -o %t.null
// RUN: bash %S/../Inputs/status.sh %run %t.null 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=1
#include <stdio.h>
#include <stdlib.h>
#include <ksan/ksan.h>

#ifdef ASAN_HOOK
const char *__asan_default_options(void)
{
	return "halt_on_error=0:exitcode=5:fast_unwind_on_malloc=0";
}
#endif
#ifdef KSAN_HOOK
const char *__ksan_default_options(void)
{
	return "halt_on_error=1,exitcode=6";
}
#endif
#ifdef KSAN_HOOK_UNKNOWN
const char *__ksan_default_options(void)
{
	return "verbosity=1:fast_unwind_on_malloc=0";
}
#endif
#ifdef KSAN_HOOK_BAD
const char *__ksan_default_options(void)
{
	return "halt_on_error=2";
}
#endif
#ifdef NULL_HOOKS
const char *__asan_default_options(void)
{
	return NULL;
}

const char *__ksan_default_options(void)
{
	return NULL;
}
#endif

char *volatile sink;

__attribute__((noinline)) void poke(char *p, int i)
{
	p[i] = 1;
}

__attribute__((noinline)) int peek(const char *p, int i)
{
	return p[i];
}

int main(void)
{
	char *p = sink = malloc(16);
	int sum;

	setvbuf(stdout, NULL, _IONBF, 0);
	printf("main ran\n");
	poke(p, 16);
	free(p);
	sum = peek(p, 0);
	printf("after the bugs: %lu reports (%d)\n", ksan_report_count(), sum);
	return 0;
}

// GOON: {{^}}BUG: KASAN: slab-out-of-bounds in poke
// GOON: {{^}}BUG: KASAN: slab-use-after-free in peek
// GOON: {{^}}after the bugs: 2 reports
// GOON-NEXT: {{^}}STATUS: exit 0{{$}}

// LISTED: {{^}}ksan: __asan_default_options: not implemented, ignored: fast_unwind_on_malloc{{$}}
// LISTED-NEXT: {{^}}ksan: initialised

// HALT: {{^}}main ran{{$}}
// HALT: {{^}}BUG: KASAN: slab-out-of-bounds in poke
// HALT-NOT: BUG: KASAN
// HALT-NOT: after the bugs
// HALT: {{^}}STATUS: exit [[CODE]]{{$}}

// UNKNOWN-NOT: {{.}}
// UNKNOWN: {{^}}ksan: __ksan_default_options: unknown option 'fast_unwind_on_malloc' (KSAN_OPTIONS=help=1 lists them){{$}}
// UNKNOWN-NEXT: {{^}}STATUS: exit 1{{$}}

// BAD-NOT: {{.}}
// BAD: {{^}}ksan: __ksan_default_options: bad value for option 'halt_on_error': '2' (accepted: 0, 1, true, false, yes or no){{$}}
// BAD-NEXT: {{^}}STATUS: exit 1{{$}}
